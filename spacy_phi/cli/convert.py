"""`spacy-phi convert`: annotated corpus → DocBin (or JSONL, or BRAT).

    spacy-phi convert INPUT OUTPUT --format {i2b2-2014,i2b2-2006,physionet,brat,jsonl}
        [--phrases FILE] [--scheme SCHEME] [--lang en] [--examples N]

OUTPUT ending in .spacy is a DocBin, in .jsonl a JSONL file; a folder (an
existing one, or a path without a suffix) receives BRAT .txt/.ann pairs.
The report printed names counts, labels, reasons and, with --examples, record
ids and offsets; never note text.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..converters import DEFAULT_SCHEMES, FORMATS, convert
from ..errors import SpacyPhiError
from ..labels import SCHEMES


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `convert` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    defaults = ", ".join(f"{fmt}: {scheme}" for fmt, scheme in DEFAULT_SCHEMES.items())
    parser = subparsers.add_parser(
        "convert",
        help="convert an annotated corpus to a .spacy DocBin, JSONL or BRAT",
        description=(
            "Convert an annotated de-identification corpus. OUTPUT ending in .spacy is "
            "written as a DocBin, in .jsonl as JSONL; a folder (or a path without a "
            "suffix) receives BRAT .txt/.ann files. Prints counts only, never note text."
        ),
    )
    parser.add_argument("input", type=Path, help="corpus file or folder")
    parser.add_argument("output", type=Path, help="output .spacy, .jsonl or BRAT folder")
    parser.add_argument("--format", "-f", required=True, choices=FORMATS, help="input format")
    parser.add_argument("--phrases", type=Path, help="phrase file (physionet only)")
    parser.add_argument(
        "--scheme", choices=tuple(SCHEMES), help=f"label scheme of the input (default by format: {defaults})"
    )
    parser.add_argument("--lang", default="en", help="spaCy language code (default: en; es for MEDDOCAN)")
    parser.add_argument(
        "--examples", type=int, default=0, metavar="N",
        help="list up to N unusable spans and skipped lines (ids and offsets, no text)",
    )
    parser.set_defaults(func=run_convert)
    return parser


def run_convert(args: argparse.Namespace) -> int:
    """Run the conversion and print its report.

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): 0 on success, 1 if the input is missing or malformed.
    """
    if args.phrases is not None and args.format != "physionet":
        print("spacy-phi convert: error: --phrases is only used with --format physionet", file=sys.stderr)
        return 2
    started = time.perf_counter()
    try:
        report = convert(
            args.input, args.output, args.format, args.scheme, args.lang, phrases=args.phrases
        )
    except (SpacyPhiError, OSError) as err:
        # Our messages name files, lines and ids only; OSError names the path.
        print(f"spacy-phi convert: error: {err}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    scheme = args.scheme or DEFAULT_SCHEMES[args.format]
    print(f"Converted {args.input} ({args.format}, scheme {scheme}) to {args.output} in {seconds:.1f}s")
    print(report.format(examples=max(args.examples, 0)))
    return 0
