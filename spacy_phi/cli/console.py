"""What a command-line run needs from its process: the package's log
(warnings by default, more with -v, errors only with -q) shown on stderr, and
SIGTERM turned into an orderly stop.

Library code never does either (a library leaves logging and signals to the
application); the `spacy-phi` commands do, for the length of a run.
"""

from __future__ import annotations

import logging
import signal
import threading
import warnings
from contextlib import contextmanager
from typing import IO, Any, Iterator

from .._logging import WARNINGS_LOGGER, logger, printable_message

#: Shell convention: a run ended by signal N exits with 128 + N.
EXIT_SIGINT = 128 + int(signal.SIGINT)  # 130
EXIT_SIGTERM = 128 + int(signal.SIGTERM)  # 143
# Erases a progress line being redrawn on a terminal, so a warning starts on a clean line.
_ERASE_LINE = "\r\x1b[K"


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread: the run stops as on Ctrl-C (its
    outputs closed, the partial output kept for --resume)."""


class _ConsoleHandler(logging.Handler):
    """Writes log records on a text stream, one line each ("warning: ...").
    The message is `printable_message`'s: the package's messages name
    components, exception types and counts, never note text; another
    library's warnings are shown without their message."""

    def __init__(self, stream: IO[str], level: int) -> None:
        super().__init__(level)
        self.stream = stream

    def format(self, record: logging.LogRecord) -> str:
        return f"{record.levelname.lower()}: {printable_message(record)}"

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
            if getattr(self.stream, "isatty", lambda: False)():
                line = _ERASE_LINE + line
            self.stream.write(line + "\n")
            self.stream.flush()
        except Exception:  # as logging.StreamHandler does: a failing handler must not stop the run
            self.handleError(record)


def verbosity_level(verbose: int = 0, quiet: bool = False) -> int:
    """The log level of -v/-q: WARNING by default, INFO with -v, DEBUG with
    -vv, ERROR with -q (which wins over -v).

    verbose (int): how many times -v was given.
    quiet (bool): whether -q was given.
    RETURNS (int): the `logging` level.
    """
    if quiet:
        return logging.ERROR
    return {0: logging.WARNING, 1: logging.INFO}.get(verbose, logging.DEBUG)


@contextmanager
def log_to(stream: IO[str], level: int = logging.WARNING) -> Iterator[None]:
    """Show the package's log records of `level` and above on `stream` while
    the context lasts, `warnings.warn` calls included (`logging.captureWarnings`).
    The package logger's level, handlers and the warnings hook are put back
    afterwards.

    stream (IO[str]): where to write them (stderr).
    level (int): the least level shown (`verbosity_level`).
    """
    handler = _ConsoleHandler(stream, level)
    warnings_logger = logging.getLogger(WARNINGS_LOGGER)
    previous_level = logger.level
    already_captured = getattr(warnings.showwarning, "__module__", "") == "logging"
    logger.setLevel(level)
    logger.addHandler(handler)
    warnings_logger.addHandler(handler)
    logging.captureWarnings(True)
    try:
        yield
    finally:
        if not already_captured:
            logging.captureWarnings(False)
        warnings_logger.removeHandler(handler)
        logger.removeHandler(handler)
        logger.setLevel(previous_level)


@contextmanager
def sigterm_stops_the_run() -> Iterator[None]:
    """While the context lasts, SIGTERM raises `Terminated` in the main thread
    (a second SIGTERM ends the process at once). Without it the process
    would die at once: no message, no closed outputs. Outside the main
    thread (no signal handlers there) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
