"""The `spacy-phi` command line.

Each sub-command lives in its own module of this package and exposes
`add_parser(subparsers)`, which registers its arguments and sets `func`.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from ..about import __version__
from . import assemble, augment, convert, deid, evaluate, mix, resume, synth

SUBCOMMAND_MODULES = (convert, evaluate, assemble, deid, synth, mix, augment, resume)


def build_parser() -> argparse.ArgumentParser:
    """The top-level argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="spacy-phi",
        description="De-identify clinical notes with spaCy: detect PHI and replace it.",
    )
    parser.add_argument("--version", action="version", version=f"spacy-phi {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMAND_MODULES:
        module.add_parser(subparsers)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the `spacy-phi` console script.

    argv (Optional[List[str]]): arguments without the program name; sys.argv if None.
    RETURNS (int): the process exit code.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
