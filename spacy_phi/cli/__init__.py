"""The `spacy-phi` command line.

Each sub-command lives in its own module of this package and exposes
`add_parser(subparsers)`, which registers its arguments and sets `func`.
`-v/--verbose` and `-q/--quiet` are accepted before or after the sub-command:
they set how much of the package's log reaches stderr (`console.log_to`).
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from ..about import __version__
from . import assemble, augment, convert, deid, evaluate, finetune, mix, resume, review, serve, synth
from .console import log_to, verbosity_level

SUBCOMMAND_MODULES = (convert, evaluate, assemble, deid, review, finetune, serve, synth, mix, augment, resume)


def build_parser() -> argparse.ArgumentParser:
    """The top-level argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="spacy-phi",
        description="De-identify clinical notes with spaCy: detect PHI and replace it.",
    )
    parser.add_argument("--version", action="version", version=f"spacy-phi {__version__}")
    add_verbosity(parser, top_level=True)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMAND_MODULES:
        add_verbosity(module.add_parser(subparsers), top_level=False)
    return parser


def add_verbosity(parser: argparse.ArgumentParser, *, top_level: bool) -> None:
    """Add -v/--verbose and -q/--quiet. On a sub-command they have no default,
    so they do not undo the same options given before the sub-command.

    parser (argparse.ArgumentParser): the top-level parser or a sub-command's.
    top_level (bool): whether it is the top-level parser (which sets the defaults).
    """
    group = parser.add_argument_group("messages")
    group.add_argument("-v", "--verbose", action="count", default=0 if top_level else argparse.SUPPRESS,
                       help="show more of the package's messages on stderr: -v informational ones, -vv debugging ones too")
    group.add_argument("-q", "--quiet", action="store_true", default=False if top_level else argparse.SUPPRESS,
                       help="show only errors on stderr (no warnings)")


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
    with log_to(sys.stderr, verbosity_level(args.verbose, args.quiet)):
        return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
