"""`spacy-phi augment`: PHI-swapped copies of an annotated DocBin.

    spacy-phi augment INPUT.spacy OUTPUT.spacy [--copies 2] [--seed 0] [--lang es --labels meddocan]

Prints counts only, never note text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import SpacyPhiError


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `augment` sub-command."""
    parser = subparsers.add_parser(
        "augment",
        help="write PHI-swapped copies of annotated documents (same text, other PHI values)",
        description=(
            "Write COPIES copies of every document of INPUT with each gold PHI span replaced by a "
            "keyed surrogate of its label (in the original's case); the rest of the text is kept. "
            "Reproducible for a seed."
        ),
    )
    parser.add_argument("input", type=Path, help="the gold .spacy file")
    parser.add_argument("output", type=Path, help="the .spacy file of copies")
    parser.add_argument("--copies", type=int, default=2, help="copies per document (default: 2)")
    parser.add_argument("--seed", type=int, default=0, help="fixes the surrogate values (default: 0)")
    parser.add_argument("--lang", default="en", help="language of the tokenizer and the surrogates (default: en)")
    parser.add_argument(
        "--labels",
        default="spacy_phi",
        choices=["spacy_phi", "meddocan"],
        help="the input's labels: ours (default) or MEDDOCAN's own (kept on the copies)",
    )
    parser.set_defaults(func=run_augment)
    return parser


def run_augment(args: argparse.Namespace) -> int:
    """Write the copies and print the counts; 1 on an unreadable input."""
    from ..converters.augment import write_augmented

    try:
        counts = write_augmented(
            args.input, args.output, copies=args.copies, seed=args.seed, lang=args.lang, labels=args.labels
        )
    except (SpacyPhiError, OSError) as err:
        print(f"spacy-phi augment: error: {err}", file=sys.stderr)
        return 1
    print(
        f"Wrote {counts.copies_written:,} copies of {counts.documents_in:,} docs (seed {args.seed}) to {args.output}: "
        f"{counts.spans_swapped:,} spans swapped, {counts.spans_kept:,} kept (no surrogate), "
        f"{counts.copies_misaligned:,} copies left out (spans off token boundaries)"
    )
    return 0
