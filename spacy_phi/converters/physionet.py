"""Reader of the PhysioNet deid corpus format (Neamatullah et al. 2008).

The text file is a sequence of records::

    START_OF_RECORD=<pid>||||<note>||||<newline>
    <body>||||END_OF_RECORD<newline>

The record *body* is every character after the newline that ends the header
line up to, not including, the `||||END_OF_RECORD` marker. In the usual layout
the marker is on a line of its own, so the body ends with the newline before it.
The phrase file has one annotation per line::

    <pid> <note> <start> <end> <type> <phrase>

separated by whitespace (the phrase may contain spaces), with 0-based,
end-exclusive offsets into the body. Types (PTName, HCPName, Date, ...) are
mapped with scheme "physionet". The record id is "<pid>_<note>".
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import DefaultDict, List, Optional, Set, Tuple

from ..errors import ConversionError
from ._files import PathLike, line_number, read_text, require_file
from .records import REASON_NO_RECORD, Record, SourceSpan, UnusableSpan
from .report import ConversionReport

START_MARKER = "START_OF_RECORD="
END_MARKER = "||||END_OF_RECORD"
_HEADER = re.compile(r"START_OF_RECORD=([^|\r\n]*)\|\|\|\|([^|\r\n]*)\|\|\|\|[^\r\n]*(?:\r\n|\n|\r)")

_Key = Tuple[str, str]


def physionet_record_id(pid: str, note: str) -> str:
    """The record id of a PhysioNet note.

    pid (str): patient id.
    note (str): note number.
    RETURNS (str): "<pid>_<note>".
    """
    return f"{pid}_{note}"


def read_physionet(
    text_path: PathLike,
    phrase_path: PathLike,
    *,
    report: Optional[ConversionReport] = None,
    encoding: str = "utf-8",
) -> List[Record]:
    """Read a PhysioNet text file and its phrase file.

    text_path (PathLike): the records file (e.g. id.text).
    phrase_path (PathLike): the annotations (e.g. id.phrase).
    report (Optional[ConversionReport]): receives unreadable phrase lines,
        phrases of unknown records and duplicate records.
    encoding (str): the files' encoding.
    RETURNS (List[Record]): the records, in file order.
    RAISES (ConversionError): a file is missing, or a header or end marker is broken.
    """
    if report is None:
        report = ConversionReport()
    text_path, phrase_path = require_file(text_path), require_file(phrase_path)
    phrases = _read_phrases(phrase_path, encoding, report)
    records: List[Record] = []
    seen: Set[_Key] = set()
    for key, body in _read_bodies(text_path, encoding):
        record_id = physionet_record_id(*key)
        if key in seen:
            # Its phrases cannot be told apart from the first record's.
            report.add_skipped(f"{text_path.name} record {record_id}", "duplicate record")
            continue
        seen.add(key)
        meta = {"source": text_path.name, "patient_id": key[0], "note_id": key[1]}
        records.append(Record(id=record_id, text=body, spans=phrases.pop(key, []), meta=meta))
    for key, spans in phrases.items():
        for span in spans:
            unusable = UnusableSpan(physionet_record_id(*key), span.start, span.end, span.label, REASON_NO_RECORD)
            report.add_unusable(unusable)
    return records


def _read_bodies(path: Path, encoding: str) -> List[Tuple[_Key, str]]:
    """The (pid, note) and body of every record, in file order."""
    raw = read_text(path, encoding)
    if raw.startswith("\ufeff"):
        raw = raw[1:]
    bodies: List[Tuple[_Key, str]] = []
    position = 0
    while True:
        start = raw.find(START_MARKER, position)
        if start == -1:
            _require_blank(raw, position, len(raw), path)
            return bodies
        _require_blank(raw, position, start, path)
        header = _HEADER.match(raw, start)
        if header is None:
            raise ConversionError(f"{path} line {line_number(raw, start)}: malformed START_OF_RECORD header")
        end = raw.find(END_MARKER, header.end())
        following = raw.find(START_MARKER, header.end())
        if end == -1 or -1 < following < end:
            raise ConversionError(f"{path} line {line_number(raw, start)}: record has no {END_MARKER}")
        bodies.append(((header.group(1), header.group(2)), raw[header.end():end]))
        position = end + len(END_MARKER)


def _require_blank(raw: str, start: int, end: int, path: Path) -> None:
    """Fail if there is anything but whitespace between records."""
    if raw[start:end].strip():
        offset = start + (len(raw[start:end]) - len(raw[start:end].lstrip()))
        raise ConversionError(f"{path} line {line_number(raw, offset)}: text outside a record")


def _read_phrases(path: Path, encoding: str, report: ConversionReport) -> DefaultDict[_Key, List[SourceSpan]]:
    """The spans of the phrase file per (pid, note); bad lines are reported."""
    spans: DefaultDict[_Key, List[SourceSpan]] = defaultdict(list)
    for number, line in enumerate(read_text(path, encoding).lstrip("\ufeff").split("\n"), 1):
        fields = line.split(None, 5)
        if not fields:
            continue
        try:
            pid, note, start, end, label = fields[0], fields[1], int(fields[2]), int(fields[3]), fields[4]
        except (IndexError, ValueError):
            report.add_skipped(f"{path.name} line {number}", "malformed phrase line")
            continue
        phrase = fields[5] if len(fields) > 5 else None
        spans[(pid, note)].append(SourceSpan(start, end, label, source_text=phrase))
    return spans
