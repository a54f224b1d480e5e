"""The package logger. A NullHandler so library users decide where logs go.

Never log note text or PHI: log ids, counts, labels and offsets only.
`printable_message` is what an application that shows the package's log
(the `spacy-phi` command) prints of a record: the package's own messages as
written, another library's warnings without their message, which may quote
the text it was given.
"""

import logging
import os
import re

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
