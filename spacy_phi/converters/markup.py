"""Inline markup: a note with its PHI written in place, for quick hand annotation.

    Seen by Dr. [[DOCTOR|Okonkwo]] on [[DATE|3/14/19]], MRN [[MEDICALRECORD|0937884]].

Each `[[LABEL|value]]` becomes `value` in the note text and a span over it; the
offsets are computed while the markup is removed, never by searching. A value
may not contain "[[", "]]" or "|"; markup cannot nest. An input is a `.txt` file
or a folder of them (recursive, sorted); the record id is the path relative to
the folder, without the suffix. A file whose markup is broken (an unclosed
"[[", a "[[" without "|") is reported and skipped; the other files are read.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Optional, Tuple

from ..errors import ConversionError
from ._files import PathLike, read_text
from .records import Record, SourceSpan
from .report import ConversionReport

_MARKUP = re.compile(r"\[\[([A-Za-z_][A-Za-z0-9_-]*)\|([^\[\]|]+)\]\]")


def parse_markup(marked: str) -> Tuple[str, List[SourceSpan]]:
    """The plain text of a marked-up note and its spans.

    marked (str): the note with `[[LABEL|value]]` markup.
    RETURNS (Tuple[str, List[SourceSpan]]): the text and its spans, in order.
    RAISES (ValueError): markup is left over ("[[" or "]]" outside a valid
        `[[LABEL|value]]`); the message gives the character offset only.
    """
    pieces: List[str] = []
    spans: List[SourceSpan] = []
    length = 0
    cursor = 0
    for match in _MARKUP.finditer(marked):
        before = marked[cursor : match.start()]
        _check_plain(before, cursor)
        pieces.append(before)
        length += len(before)
        label, value = match.group(1), match.group(2)
        spans.append(SourceSpan(length, length + len(value), label, source_text=value))
        pieces.append(value)
        length += len(value)
        cursor = match.end()
    _check_plain(marked[cursor:], cursor)
    pieces.append(marked[cursor:])
    return "".join(pieces), spans


def _check_plain(text: str, offset: int) -> None:
    """Raise if text between two markups still holds markup brackets."""
    for token in ("[[", "]]"):
        position = text.find(token)
        if position >= 0:
            raise ValueError(f"broken markup at character {offset + position}")


def read_markup(
    path: PathLike, *, report: Optional[ConversionReport] = None, encoding: str = "utf-8"
) -> List[Record]:
    """Read a marked-up `.txt` file or a folder of them.

    path (PathLike): the file or folder.
    report (Optional[ConversionReport]): receives files with broken markup (skipped).
    encoding (str): the files' encoding.
    RETURNS (List[Record]): one record per readable file, in path order.
    RAISES (ConversionError): the path does not exist or holds no .txt file.
    """
    if report is None:
        report = ConversionReport()
    path = Path(path)
    if path.is_file():
        root, files = path.parent, [path]
    elif path.is_dir():
        root, files = path, sorted(p for p in path.rglob("*.txt") if p.is_file())
        if not files:
            raise ConversionError(f"No .txt files in {path}")
    else:
        raise ConversionError(f"Input not found: {path}")
    records: List[Record] = []
    for file in files:
        record_id = file.relative_to(root).with_suffix("").as_posix()
        try:
            text, spans = parse_markup(read_text(file, encoding))
        except ValueError as err:
            report.add_skipped(record_id, str(err))
            continue
        records.append(Record(id=record_id, text=text, spans=spans, meta={"source": "markup"}))
    return records
