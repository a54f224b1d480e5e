"""`spacy-phi mix`: one training DocBin from several, each with a weight.

    spacy-phi mix OUTPUT INPUT[:WEIGHT] [INPUT[:WEIGHT] ...] [--seed 0]

Prints document counts only, never note text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import SpacyPhiError


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `mix` sub-command."""
    parser = subparsers.add_parser(
        "mix",
        help="mix annotated DocBins into one training corpus (weights oversample a part)",
        description=(
            "Write one DocBin with the documents of each INPUT repeated WEIGHT times "
            "(a fraction adds a seeded sample), shuffled with --seed."
        ),
    )
    parser.add_argument("output", type=Path, help="the mixed .spacy file")
    parser.add_argument("inputs", nargs="+", help="INPUT.spacy[:WEIGHT] (default weight 1)")
    parser.add_argument("--seed", type=int, default=0, help="sampling and shuffling seed (default: 0)")
    parser.set_defaults(func=run_mix)
    return parser


def run_mix(args: argparse.Namespace) -> int:
    """Write the mix and print the counts; 1 on an unreadable input."""
    from ..converters.mix import MixPart, write_mix

    try:
        parts = [MixPart.parse(value) for value in args.inputs]
        counts = write_mix(args.output, parts, seed=args.seed)
    except (SpacyPhiError, OSError) as err:
        print(f"spacy-phi mix: error: {err}", file=sys.stderr)
        return 1
    for part in parts:
        print(f"  {part.path} x{part.weight:g}: {counts[str(part.path)]:,} docs")
    print(f"Wrote {counts['total']:,} docs (seed {args.seed}) to {args.output}")
    return 0
