"""What a command-line run needs from its process: the package's log
(warnings by default, more with -v, errors only with -q) shown on stderr, and
SIGTERM turned into an orderly stop.

Library code never does either (a library leaves logging and signals to the
application); the `spacy-phi` commands do, for the length of a run.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator

from .._logging import log_to, verbosity_level  # noqa: F401  (the commands' log, re-exported)

#: Shell convention: a run ended by signal N exits with 128 + N.
EXIT_SIGINT = 128 + int(signal.SIGINT)  # 130
EXIT_SIGTERM = 128 + int(signal.SIGTERM)  # 143


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread: the run stops as on Ctrl-C (its
    outputs closed, the partial output kept for --resume)."""


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
