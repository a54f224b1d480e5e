"""What a long command-line run needs from its process: the package's
warnings shown on stderr, and SIGTERM turned into an orderly stop.

Library code never does either (a library leaves logging and signals to the
application); the `spacy-phi` commands do, for the length of a run.
"""

from __future__ import annotations

import logging
import signal
import threading
from contextlib import contextmanager
from typing import IO, Any, Iterator

from .._logging import logger

#: Shell convention: a run ended by signal N exits with 128 + N.
EXIT_SIGINT = 128 + int(signal.SIGINT)  # 130
EXIT_SIGTERM = 128 + int(signal.SIGTERM)  # 143
# Erases a progress line being redrawn on a terminal, so a warning starts on a clean line.
_ERASE_LINE = "\r\x1b[K"


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread: the run stops as on Ctrl-C (its
    outputs closed, the partial output kept for --resume)."""


class _WarningHandler(logging.Handler):
    """Writes warnings on a text stream, one line each. Our messages name
    components, exception types and counts, never note text."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(logging.WARNING)
        self.stream = stream
        self.setFormatter(logging.Formatter("warning: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
            if getattr(self.stream, "isatty", lambda: False)():
                line = _ERASE_LINE + line
            self.stream.write(line + "\n")
            self.stream.flush()
        except Exception:  # as logging.StreamHandler does: a failing handler must not stop the run
            self.handleError(record)


@contextmanager
def warnings_on(stream: IO[str]) -> Iterator[None]:
    """Show the package's warnings (not its info or debug messages) on `stream`
    while the context lasts.

    stream (IO[str]): where to write them (stderr).
    """
    handler = _WarningHandler(stream)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)


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
