"""`spacy-phi synth`: generate the synthetic annotated corpus.

    spacy-phi synth OUTPUT_DIR [--n-train 3000] [--n-dev 500] [--n-test 1000] [--seed 0]
        [--format spacy,jsonl] [--lang en] [--families discharge,clinic,...]

Writes `train`, `dev`, `test`, `test_seen` and `test_unseen` as `.spacy`
and/or `.jsonl`, plus `stats.json`, and prints a per-split, per-label count
table. Output is byte-identical for the same seed and options. Prints counts
and file names only, never note text.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, List

from ..errors import SpacyPhiError


def _csv(value: str) -> List[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `synth` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    from ..synth import DEFAULT_FAMILIES, DEFAULT_SIZES, FAMILIES

    parser = subparsers.add_parser(
        "synth",
        help="generate a synthetic annotated clinical-note corpus (train/dev/test)",
        description=(
            "Generate synthetic clinical notes with exact PHI annotations. Test notes use "
            "value pools and (for half of them) templates that train never saw; test_seen / "
            "test_unseen hold the two halves. Prints counts only, never note text."
        ),
    )
    parser.add_argument("output_dir", type=Path, help="folder for the corpus files (created)")
    parser.add_argument("--n-train", type=int, default=DEFAULT_SIZES["train"], help="train notes (default: %(default)s)")
    parser.add_argument("--n-dev", type=int, default=DEFAULT_SIZES["dev"], help="dev notes (default: %(default)s)")
    parser.add_argument("--n-test", type=int, default=DEFAULT_SIZES["test"], help="test notes (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="corpus seed (default: 0)")
    parser.add_argument("--format", default="spacy,jsonl", type=_csv,
                        help="comma-separated output formats: spacy, jsonl (default: spacy,jsonl)")
    parser.add_argument("--lang", default="en", help="spaCy language of the tokenizer (default: en)")
    parser.add_argument("--families", type=_csv, default=None,
                        help=f"comma-separated note families (default: {', '.join(DEFAULT_FAMILIES)}; "
                             f"also: {', '.join(n for n in FAMILIES if n not in DEFAULT_FAMILIES)})")
    parser.set_defaults(func=run_synth)
    return parser


def run_synth(args: argparse.Namespace) -> int:
    """Generate and write the corpus, then print what was written.

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): 0 on success, 1 on an error while writing, 2 on bad arguments.
    """
    from ..synth import FORMATS, write_corpus

    sizes = {"train": args.n_train, "dev": args.n_dev, "test": args.n_test}
    if any(n < 0 for n in sizes.values()) or not any(sizes.values()):
        print("spacy-phi synth: error: the split sizes must be >= 0 and not all 0", file=sys.stderr)
        return 2
    unknown = [f for f in args.format if f not in FORMATS]
    if unknown or not args.format:
        print(f"spacy-phi synth: error: --format must be among {', '.join(FORMATS)}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    try:
        result = write_corpus(args.output_dir, sizes, seed=args.seed, formats=args.format, lang=args.lang,
                              families=args.families)
    except (SpacyPhiError, OSError, ValueError, RuntimeError) as err:
        # Our messages name splits, families, labels and paths only.
        print(f"spacy-phi synth: error: {err}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    total = sum(sizes.values())
    print(f"Wrote {total:,} synthetic notes (seed {args.seed}) to {args.output_dir} in {seconds:.1f}s "
          f"({total / max(seconds, 1e-9):,.0f} notes/s)")
    for path in result.files:
        print(f"  {path}")
    if result.stats is not None:
        print()
        print(result.stats.table())
    return 0
