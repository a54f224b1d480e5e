"""BRAT standoff: a folder of `name.txt` (the note) and `name.ann` (annotations).

Only text-bound lines are converted::

    T1<TAB>LABEL 10 20<TAB>annotated text

A discontinuous span ("LABEL 10 15;17 20") is reported unusable
("discontinuous"); attribute, relation, event, note and comment lines
(A, M, R, E, N, #, *) are ignored and counted. Offsets are code points into the
.txt read without newline translation. The record id is the file stem. Labels
are mapped with the scheme the caller chooses ("spacy_phi" for our own output,
"meddocan" for MEDDOCAN).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, List, Optional, Set

from spacy.tokens import Doc

from ..errors import ConversionError
from ._files import PathLike, read_text
from .docs import doc_to_record
from .records import REASON_DISCONTINUOUS, REASON_MALFORMED, Record, SourceSpan, UnusableSpan
from .report import ConversionReport

IGNORED_LINE_KINDS = frozenset("AMREN#*")
_UNSAFE_NAME_CHARS = re.compile(r"[^A-Za-z0-9._-]")
_LABEL = re.compile(r"^[^\s;]+$")


def read_brat(
    path: PathLike, *, report: Optional[ConversionReport] = None, encoding: str = "utf-8"
) -> List[Record]:
    """Read a BRAT folder (not recursive), or one document given by its .txt or .ann.

    path (PathLike): the folder or file.
    report (Optional[ConversionReport]): receives documents missing their .txt
        or .ann (skipped) and ignored annotation lines.
    encoding (str): the files' encoding.
    RETURNS (List[Record]): one record per .txt/.ann pair, in name order.
    RAISES (ConversionError): the path does not exist or holds no BRAT files.
    """
    if report is None:
        report = ConversionReport()
    path = Path(path)
    if path.is_file() and path.suffix in (".txt", ".ann"):
        folder, stems = path.parent, {path.stem}
    elif path.is_dir():
        folder = path
        stems = {p.stem for p in path.iterdir() if p.is_file() and p.suffix in (".txt", ".ann")}
        if not stems:
            raise ConversionError(f"No .txt or .ann files in {path}")
    else:
        raise ConversionError(f"Input not found: {path}")
    records: List[Record] = []
    for stem in sorted(stems):
        txt, ann = folder / f"{stem}.txt", folder / f"{stem}.ann"
        if not ann.is_file():
            # Without annotations we cannot tell "no PHI" from "not annotated".
            report.add_skipped(txt.name, "no .ann file")
        elif not txt.is_file():
            report.add_skipped(ann.name, "no .txt file")
        else:
            record = Record(id=stem, text=read_text(txt, encoding), meta={"source": txt.name})
            _read_ann(read_text(ann, encoding), record, report)
            records.append(record)
    return records


def _read_ann(content: str, record: Record, report: ConversionReport) -> None:
    """Add the text-bound annotations of an .ann file to the record."""
    for line in content.lstrip("\ufeff").split("\n"):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        kind = line[0]
        if kind != "T":
            key = f"BRAT {kind} lines" if kind in IGNORED_LINE_KINDS else "BRAT lines of unknown kind"
            report.add_ignored(key)
            continue
        _read_text_bound(line, record)


def _read_text_bound(line: str, record: Record) -> None:
    """Add one T line to the record as a span or a rejected span."""
    fields = line.split("\t")
    label_and_offsets = fields[1].split(" ", 1) if len(fields) > 1 else [""]
    label = label_and_offsets[0] if _LABEL.match(label_and_offsets[0]) else None
    try:
        fragments = [
            (int(start), int(end))
            for start, end in (fragment.split() for fragment in label_and_offsets[1].split(";"))
        ]
    except (IndexError, ValueError):
        fragments = []
    if label is None or not fragments:
        record.rejected.append(UnusableSpan(record.id, None, None, label, REASON_MALFORMED))
        return
    start, end = min(s for s, _ in fragments), max(e for _, e in fragments)
    if len(fragments) > 1:
        record.rejected.append(UnusableSpan(record.id, start, end, label, REASON_DISCONTINUOUS))
        return
    source_text = fields[2] if len(fields) > 2 else None
    record.spans.append(SourceSpan(start, end, label, source_text=source_text))


def docs_to_brat(docs: Iterable[Doc], folder: PathLike) -> int:
    """Write Docs as BRAT: `<record id>.txt` (exact text) and `.ann` (`doc.ents`).

    File names are the record ids with characters other than letters, digits,
    ".", "_" and "-" replaced by "_", made unique with "-2", "-3", ... An entity
    is one T line; line breaks inside it are written as spaces in the text
    column (the offsets stay exact). Meta is not written: BRAT has no place for it.

    docs (Iterable[Doc]): the Docs.
    folder (PathLike): the output folder, created if needed.
    RETURNS (int): the number of documents written.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    used: Set[str] = set()
    count = 0
    for index, doc in enumerate(docs):
        record = doc_to_record(doc, index)
        name = _unique_name(_UNSAFE_NAME_CHARS.sub("_", record.id) or f"doc{index}", used)
        # newline="" writes the text as is: CRLF stays CRLF.
        with (folder / f"{name}.txt").open("w", encoding="utf-8", newline="") as file:
            file.write(record.text)
        with (folder / f"{name}.ann").open("w", encoding="utf-8", newline="") as file:
            for number, span in enumerate(record.spans, 1):
                shown = _one_line(record.text[span.start:span.end])
                file.write(f"T{number}\t{span.label} {span.start} {span.end}\t{shown}\n")
        count += 1
    return count


def _unique_name(name: str, used: Set[str]) -> str:
    """`name`, or `name-2`, `name-3`, ... if already used (case-insensitively)."""
    candidate, number = name, 1
    while candidate.lower() in used:
        number += 1
        candidate = f"{name}-{number}"
    used.add(candidate.lower())
    return candidate


def _one_line(value: str) -> str:
    """The text with every character that would break an .ann line as a space."""
    return "".join(" " if char in "\r\n\t\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029" else char for char in value)
