"""Records to spaCy Docs (label mapping, alignment, overlaps) and back.

How a source span becomes an entity, in order; the first failing step names
the reason it is reported unusable (REASON_* in records.py):

1. 0 <= start < end <= len(text), else "out of range" / "empty".
2. If the source repeats the span text, it must equal the text at start:end
   (whitespace runs compared as one space: XML attributes and PhysioNet phrase
   files do not keep them), else "text mismatch".
3. Leading and trailing whitespace is trimmed ("whitespace only" if nothing is
   left). Counted as `trimmed`, not as snapped: whitespace is never PHI.
4. The label is mapped with `labels.map_label` (given the trimmed text):
   "unknown label" if the scheme does not know it, "label not PHI" if it maps to None.
5. The span is aligned to tokens; a span that cuts a token is widened outward
   (`alignment_mode="expand"`, counted as `snapped`), so no PHI character is
   ever left outside an entity.
6. Entities must not overlap: the longest aligned span wins (ties: the longer
   source span, then the one that starts first, then the one listed first); the others are reported as
   "duplicate" (same offsets and label), "snapped onto the same tokens" (two
   spans inside one token, e.g. "08005-Barcelona" annotated as ZIP + CITY),
   "overlaps a longer span" or "overlaps an earlier span of equal length"
   (including the same offsets with another label)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Tuple

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..doc_keys import META_KEY, RECORD_ID_KEY
from ..errors import ConversionError
from ..labels import UnknownLabelError, map_label
from ..util import blank_pipeline
from .records import (
    REASON_DUPLICATE,
    REASON_EMPTY,
    REASON_NOT_PHI,
    REASON_OUT_OF_RANGE,
    REASON_OVERLAP_EQUAL,
    REASON_OVERLAP_LONGER,
    REASON_SAME_TOKENS,
    REASON_TEXT_MISMATCH,
    REASON_UNALIGNABLE,
    REASON_UNKNOWN_LABEL,
    REASON_WHITESPACE,
    Record,
    SourceSpan,
    UnusableSpan,
)
from .report import ConversionReport


@dataclass
class _Candidate:
    """A source span aligned to tokens, waiting for overlap resolution."""

    source: SourceSpan
    span: Span
    position: int
    snapped: bool
    trimmed: bool


def records_to_docs(
    records: Iterable[Record],
    nlp: Optional[Language] = None,
    scheme: str = "spacy_phi",
    *,
    lang: str = "en",
    report: Optional[ConversionReport] = None,
) -> Tuple[List[Doc], ConversionReport]:
    """Build Docs with entities from records.

    records (Iterable[Record]): the records, e.g. from a reader.
    nlp (Optional[Language]): the pipeline whose tokenizer is used; a
        `blank_pipeline(lang)` if None.
    scheme (str): the label scheme of the source labels (see `labels.SCHEMES`).
    lang (str): language of the blank pipeline when `nlp` is None.
    report (Optional[ConversionReport]): a report to add to; a new one if None.
    RETURNS (Tuple[List[Doc], ConversionReport]): the Docs and the report.
    """
    if nlp is None:
        nlp = blank_pipeline(lang)
    if report is None:
        report = ConversionReport()
    docs = [record_to_doc(record, nlp, scheme, report) for record in records]
    return docs, report


def record_to_doc(record: Record, nlp: Language, scheme: str, report: ConversionReport) -> Doc:
    """Build one Doc; see the module docstring for how spans are treated.

    record (Record): the record.
    nlp (Language): the pipeline whose tokenizer is used.
    scheme (str): the label scheme of the source labels.
    report (ConversionReport): receives the counts.
    RETURNS (Doc): the Doc with `doc.ents` set (tokens outside them are "O") and
        the record id and meta in `doc.user_data`.
    """
    doc = nlp.make_doc(record.text)
    if doc.text != record.text:
        # Every offset would be wrong; this is a tokenizer bug, not a data problem.
        raise ConversionError(f"The tokenizer changed the text of record {record.id!r}")
    for rejected in record.rejected:
        report.add_unusable(rejected)
    candidates: List[_Candidate] = []
    for position, source in enumerate(record.spans):
        candidate, reason = _align(doc, record.text, source, position, scheme)
        if candidate is None:
            report.add_unusable(UnusableSpan(record.id, source.start, source.end, source.label, reason))
        else:
            candidates.append(candidate)
    kept = _resolve_overlaps(candidates, record.id, report)
    doc.set_ents([candidate.span for candidate in kept], default="outside")
    for candidate in kept:
        report.add_span(candidate.span.label_, snapped=candidate.snapped, trimmed=candidate.trimmed)
    doc.user_data[RECORD_ID_KEY] = record.id
    doc.user_data[META_KEY] = dict(record.meta)
    report.documents += 1
    return doc


def _align(
    doc: Doc, text: str, source: SourceSpan, position: int, scheme: str
) -> Tuple[Optional[_Candidate], str]:
    """Check, map and align one span (`text` is `doc.text`, which spaCy rebuilds on every access).

    RETURNS (Tuple[Optional[_Candidate], str]): the candidate and "", or None
        and the reason the span is unusable.
    """
    start, end = source.start, source.end
    if start < 0 or end > len(text) or start > end:
        return None, REASON_OUT_OF_RANGE
    if start == end:
        return None, REASON_EMPTY
    if source.source_text is not None and _squash(text[start:end]) != _squash(source.source_text):
        return None, REASON_TEXT_MISMATCH
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start == end:
        return None, REASON_WHITESPACE
    try:
        label = map_label(source.label, scheme, text[start:end])
    except UnknownLabelError:
        return None, REASON_UNKNOWN_LABEL
    if label is None:
        return None, REASON_NOT_PHI
    trimmed = (start, end) != (source.start, source.end)
    span = doc.char_span(start, end, label=label)
    snapped = span is None
    if span is None:
        span = doc.char_span(start, end, label=label, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None, REASON_UNALIGNABLE
    return _Candidate(source, span, position, snapped, trimmed), ""


def _squash(value: str) -> str:
    """The text with every whitespace run as one space and no outer whitespace."""
    return " ".join(value.split())


def _overlap_priority(candidate: _Candidate) -> Tuple[int, int, int, int]:
    """Sort key: longest aligned span first, then longest source span, then
    earliest start, then source order."""
    span, source = candidate.span, candidate.source
    return (span.start_char - span.end_char, source.start - source.end, span.start_char, candidate.position)


def _resolve_overlaps(
    candidates: List[_Candidate], record_id: str, report: ConversionReport
) -> List[_Candidate]:
    """Keep a set of non-overlapping candidates; report the others.

    RETURNS (List[_Candidate]): the kept candidates, in document order.
    """
    owner: Dict[int, _Candidate] = {}  # token index -> the kept candidate covering it
    kept: List[_Candidate] = []
    for candidate in sorted(candidates, key=_overlap_priority):
        span = candidate.span
        rival = next((owner[i] for i in range(span.start, span.end) if i in owner), None)
        if rival is None:
            kept.append(candidate)
            owner.update((i, candidate) for i in range(span.start, span.end))
            continue
        source = candidate.source
        reason = _overlap_reason(candidate, rival)
        report.add_unusable(UnusableSpan(record_id, source.start, source.end, source.label, reason))
    kept.sort(key=_document_order)
    return kept


def _overlap_reason(loser: _Candidate, winner: _Candidate) -> str:
    """Why `loser` gave way to `winner`."""
    a, b = loser.span, winner.span
    if (loser.source.start, loser.source.end, a.label) == (winner.source.start, winner.source.end, b.label):
        return REASON_DUPLICATE
    if (a.start_char, a.end_char) == (b.start_char, b.end_char) and (loser.snapped or winner.snapped):
        return REASON_SAME_TOKENS
    if (b.end_char - b.start_char) > (a.end_char - a.start_char):
        return REASON_OVERLAP_LONGER
    return REASON_OVERLAP_EQUAL


def _document_order(candidate: _Candidate) -> int:
    """Sort key: token position in the Doc."""
    return candidate.span.start


def doc_record_id(doc: Doc, index: int) -> str:
    """The record id of a Doc: `user_data`, else meta "id", else "doc{index}".

    doc (Doc): the Doc.
    index (int): its position, for the fallback id.
    RETURNS (str): the record id.
    """
    record_id = doc.user_data.get(RECORD_ID_KEY)
    if record_id is None:
        record_id = doc_meta(doc).get("id")
    return str(record_id) if record_id is not None else f"doc{index}"


def doc_meta(doc: Doc) -> Dict[str, Any]:
    """The record meta stored in a Doc (an empty dict if there is none).

    doc (Doc): the Doc.
    RETURNS (Dict[str, Any]): a copy of the meta.
    """
    meta = doc.user_data.get(META_KEY)
    return dict(meta) if isinstance(meta, dict) else {}


def doc_to_record(doc: Doc, index: int = 0) -> Record:
    """A Record of a Doc's entities (our labels, scheme "spacy_phi").

    doc (Doc): the Doc, e.g. with predicted `doc.ents`.
    index (int): its position, for the fallback id.
    RETURNS (Record): the record.
    """
    spans = [SourceSpan(ent.start_char, ent.end_char, ent.label_) for ent in doc.ents]
    return Record(id=doc_record_id(doc, index), text=doc.text, spans=spans, meta=doc_meta(doc))
