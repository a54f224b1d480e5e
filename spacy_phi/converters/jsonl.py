"""JSONL: one note per line, our exchange format for training data and predictions.

    {"id": "note-1", "text": "...", "spans": [{"start": 0, "end": 4, "label": "PATIENT"}], "meta": {}}

"id" and "meta" are optional; a span may repeat its "text", which is then
checked. The record id is "id", else "<file name>:<line number>". A line that
is not a JSON object with a string "text" is reported and skipped; the other
lines are still read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional

from spacy.tokens import Doc

from ._files import PathLike, read_text, require_file
from .docs import doc_to_record
from .records import REASON_MALFORMED, Record, SourceSpan, UnusableSpan
from .report import ConversionReport


def read_jsonl(
    path: PathLike, *, report: Optional[ConversionReport] = None, encoding: str = "utf-8"
) -> List[Record]:
    """Read a JSONL file of annotated notes.

    path (PathLike): the file.
    report (Optional[ConversionReport]): receives broken lines (skipped, with
        their line number).
    encoding (str): the file's encoding.
    RETURNS (List[Record]): the records of the readable lines, in file order.
    RAISES (ConversionError): the file is missing or cannot be decoded.
    """
    if report is None:
        report = ConversionReport()
    path = require_file(path)
    records: List[Record] = []
    # Split on "\n" only: raw CRs and U+2028 cannot be line breaks inside JSON values.
    for number, line in enumerate(read_text(path, encoding).lstrip("\ufeff").split("\n"), 1):
        if not line.strip():
            continue
        location = f"{path.name} line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            report.add_skipped(location, "invalid JSON")
            continue
        record = _record_from_json(data, f"{path.name}:{number}")
        if record is None:
            report.add_skipped(location, "not an object with a string 'text'")
        else:
            records.append(record)
    return records


def _record_from_json(data: Any, fallback_id: str) -> Optional[Record]:
    """A record from one parsed line, or None if it has no usable text."""
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        return None
    record_id = data.get("id")
    meta = data.get("meta")
    record = Record(
        id=str(record_id) if record_id is not None else fallback_id,
        text=data["text"],
        meta=dict(meta) if isinstance(meta, dict) else {},
    )
    spans = data.get("spans") or []
    for span in spans if isinstance(spans, list) else [None]:
        _add_span(span, record)
    return record


def _add_span(span: Any, record: Record) -> None:
    """Add one JSON span to the record as a span or a rejected span."""
    fields = span if isinstance(span, dict) else {}
    start, end, label = fields.get("start"), fields.get("end"), fields.get("label")
    start = start if _is_int(start) else None
    end = end if _is_int(end) else None
    label = label if isinstance(label, str) else None
    source_text = fields.get("text") if isinstance(fields.get("text"), str) else None
    if start is None or end is None or label is None:
        record.rejected.append(UnusableSpan(record.id, start, end, label, REASON_MALFORMED))
    else:
        record.spans.append(SourceSpan(start, end, label, source_text=source_text))


def _is_int(value: Any) -> bool:
    """Whether a JSON value is an integer (true/false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def doc_to_json(doc: Doc, index: int = 0) -> Dict[str, Any]:
    """The JSONL object of a Doc and its `doc.ents`.

    doc (Doc): the Doc.
    index (int): its position, for the fallback id "doc{index}".
    RETURNS (Dict[str, Any]): {"id", "text", "spans", "meta"}.
    """
    record = doc_to_record(doc, index)
    spans = [{"start": s.start, "end": s.end, "label": s.label} for s in record.spans]
    return {"id": record.id, "text": record.text, "spans": spans, "meta": record.meta}


def record_to_json(record: Record) -> Dict[str, Any]:
    """The JSONL object of a record as read (offsets and labels as in the source).

    record (Record): the record.
    RETURNS (Dict[str, Any]): {"id", "text", "spans", "meta"}.
    """
    spans = [{"start": s.start, "end": s.end, "label": s.label} for s in record.spans]
    return {"id": record.id, "text": record.text, "spans": spans, "meta": record.meta}


def docs_to_jsonl(docs: Iterable[Doc], path: PathLike) -> int:
    """Write Docs as JSONL, one object per line (see `doc_to_json`).

    docs (Iterable[Doc]): the Docs.
    path (PathLike): the output file; its folder is created if needed.
    RETURNS (int): the number of documents written.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with path.open("w", encoding="utf-8", newline="\n") as file:
        for index, doc in enumerate(docs):
            file.write(json.dumps(doc_to_json(doc, index), ensure_ascii=False) + "\n")
            count += 1
    return count
