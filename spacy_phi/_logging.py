"""The package logger. A NullHandler so library users decide where logs go.

Never log note text or PHI: log ids, counts, labels and offsets only.
`printable_message` is what an application that shows the package's log
(the `spacy-phi` command) prints of a record: the package's own messages as
written, another library's warnings without their message, which may quote
the text it was given. `log_to` shows them on a stream for the length of a
run (the commands and the HTTP service; library code never calls it).
"""

import logging
import os
import re
import warnings
from contextlib import contextmanager
from typing import IO, Iterator

from . import errors

logger = logging.getLogger("spacy_phi")
logger.addHandler(logging.NullHandler())

#: The logger `logging.captureWarnings` sends `warnings.warn` calls to.
WARNINGS_LOGGER = "py.warnings"
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
# What `warnings.formatwarning` writes first: "FILE:LINE: Category: message".
_WARNING_HEAD = re.compile(r"(?P<file>.*?):(?P<line>\d+): (?P<category>\w+): ")
# spaCy warnings that name a pipeline and versions only (W095: trained with
# another spaCy version; W094: an open version range): shown as they are.
_SAFE_FOREIGN_PREFIXES = ("[W094]", "[W095]")
#: The package's warning categories: shown wherever the warning points (stacklevel).
_OWN_CATEGORIES = frozenset(
    name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, Warning)
)


def printable_message(record: logging.LogRecord) -> str:
    """The message of a record as it may be shown: a record of the package's
    loggers, or a warning issued by the package's code, as it is; a warning
    of another library as its category and place only.

    record (logging.LogRecord): a record of the package's logger or of "py.warnings".
    RETURNS (str): one line (a warning's source line is left out).
    """
    text = record.getMessage()
    if record.name != WARNINGS_LOGGER:
        return text
    head = _WARNING_HEAD.match(text)
    if head is None:
        return "a warning (message withheld: it may quote note text)"
    message = text[head.end():].split("\n", 1)[0]
    path = os.path.abspath(head["file"])
    own = path.startswith(_PACKAGE_DIR) or head["category"] in _OWN_CATEGORIES
    if own or message.startswith(_SAFE_FOREIGN_PREFIXES):
        return message
    return (f"{head['category']} from {os.path.basename(path)}:{head['line']} "
            "(message withheld: another library's warning may quote note text)")


# Erases a progress line being redrawn on a terminal, so a warning starts on a clean line.
_ERASE_LINE = "\r\x1b[K"


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
