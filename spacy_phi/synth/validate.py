"""Checks of synthetic annotations: every span's text equals the value that
was written, spans are in bounds, do not overlap, carry valid labels, have
no outer whitespace, and align with the clinical tokenizer's tokens.

Problems are short strings naming the record id, the span index, its
offsets and label, and the reason; never note text or a PHI value.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence

from spacy.language import Language
from spacy.tokens import Doc

from ..labels import LABELS
from .builder import SynthNote, SynthSpan

REASON_LABEL = "unknown label"
REASON_BOUNDS = "out of bounds"
REASON_EMPTY = "empty"
REASON_VALUE = "text differs from the value written"
REASON_WHITESPACE = "outer whitespace"
REASON_OVERLAP = "overlaps the previous span"
REASON_ORDER = "not in document order"
REASON_ALIGNMENT = "not aligned with tokens"


def _problem(record_id: str, index: int, span: SynthSpan, reason: str) -> str:
    return f"{record_id}: span {index} ({span.start}-{span.end} {span.label}): {reason}"


def check_spans(
    record_id: str,
    text: str,
    spans: Sequence[SynthSpan],
    values: Optional[Sequence[str]] = None,
    doc: Optional[Doc] = None,
) -> List[str]:
    """Check the spans of one note.

    record_id (str): the note's id (used in messages).
    text (str): the note text.
    spans (Sequence[SynthSpan]): its spans.
    values (Optional[Sequence[str]]): the value written for each span, if known.
    doc (Optional[Doc]): the note tokenized by the clinical tokenizer, to check alignment.
    RETURNS (List[str]): the problems (empty when the note is valid).
    """
    problems: List[str] = []
    if doc is not None and doc.text != text:
        return [f"{record_id}: the tokenizer changed the text"]
    previous_end = -1
    previous_start = -1
    for index, span in enumerate(spans):
        if span.label not in LABELS:
            problems.append(_problem(record_id, index, span, REASON_LABEL))
        if not (0 <= span.start <= span.end <= len(text)):
            problems.append(_problem(record_id, index, span, REASON_BOUNDS))
            continue
        if span.start == span.end:
            problems.append(_problem(record_id, index, span, REASON_EMPTY))
            continue
        piece = text[span.start : span.end]
        if values is not None and (index >= len(values) or piece != values[index]):
            problems.append(_problem(record_id, index, span, REASON_VALUE))
        if piece != piece.strip():
            problems.append(_problem(record_id, index, span, REASON_WHITESPACE))
        if span.start < previous_start:
            problems.append(_problem(record_id, index, span, REASON_ORDER))
        elif span.start < previous_end:
            problems.append(_problem(record_id, index, span, REASON_OVERLAP))
        previous_start, previous_end = span.start, max(previous_end, span.end)
        if doc is not None and doc.char_span(span.start, span.end) is None:
            problems.append(_problem(record_id, index, span, REASON_ALIGNMENT))
    return problems


def validate_note(note: SynthNote, nlp: Optional[Language] = None, doc: Optional[Doc] = None) -> List[str]:
    """Check one synthetic note (see `check_spans`).

    note (SynthNote): the note.
    nlp (Optional[Language]): a pipeline with the clinical tokenizer, used when
        `doc` is not given; without either, alignment is not checked.
    doc (Optional[Doc]): the note already tokenized.
    RETURNS (List[str]): the problems.
    """
    if doc is None and nlp is not None:
        doc = nlp.make_doc(note.text)
    return check_spans(note.id, note.text, note.spans, note.values or None, doc)


def validate_record(record: Dict[str, Any], nlp: Optional[Language] = None) -> List[str]:
    """Check one JSONL object ({"id", "text", "spans", "meta"}).

    record (Dict[str, Any]): the parsed line.
    nlp (Optional[Language]): a pipeline with the clinical tokenizer (alignment check).
    RETURNS (List[str]): the problems.
    """
    record_id = str(record.get("id", "?"))
    text = record.get("text")
    if not isinstance(text, str):
        return [f"{record_id}: no text"]
    spans = []
    for index, raw in enumerate(record.get("spans") or []):
        try:
            spans.append(SynthSpan(int(raw["start"]), int(raw["end"]), str(raw["label"])))
        except (KeyError, TypeError, ValueError):
            return [f"{record_id}: span {index}: malformed"]
    doc = nlp.make_doc(text) if nlp is not None else None
    return check_spans(record_id, text, spans, None, doc)


def validate_notes(notes: Iterable[SynthNote], nlp: Optional[Language] = None) -> List[str]:
    """All problems of many notes."""
    problems: List[str] = []
    for note in notes:
        problems.extend(validate_note(note, nlp))
    return problems
