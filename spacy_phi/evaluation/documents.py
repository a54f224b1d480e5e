"""The plain data the metrics work on: per document, the text, the gold spans
and the predicted spans as (start, end, label) character offsets.

The metrics never import spaCy; the adapters at the bottom build `EvalDocument`s
from Docs or converter `Record`s and match gold and predictions by record id.
A gold document without predictions is kept (all its PHI counts as missed); a
predicted document without gold cannot be scored and is counted in the
`MatchReport`. Nothing here logs or raises with note text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from ..labels import LABELS, SCHEMES, UnknownLabelError, map_label


class PhiSpan(NamedTuple):
    """A labelled character span, end-exclusive.

    start (int): offset of the first character.
    end (int): offset after the last character.
    label (str): the PHI label.
    """

    start: int
    end: int
    label: str


@dataclass
class EvalDocument:
    """One scored document.

    id (str): the record id.
    text (str): the note text (needed for token metrics and Safe Harbor ages).
    gold (List[PhiSpan]): the gold spans.
    pred (List[PhiSpan]): the predicted spans.
    tokens (Optional[List[Tuple[int, int]]]): our tokenizer's token offsets,
        for the optional tokenizer-token metric; None if unknown.
    """

    id: str
    text: str
    gold: List[PhiSpan] = field(default_factory=list)
    pred: List[PhiSpan] = field(default_factory=list)
    tokens: Optional[List[Tuple[int, int]]] = None

    def __post_init__(self) -> None:
        self.gold = sorted(_as_spans(self.gold))
        self.pred = sorted(_as_spans(self.pred))


def _as_spans(spans: Iterable[Any]) -> List[PhiSpan]:
    """Spans given as PhiSpan, tuples or dicts with start/end/label."""
    result = []
    for span in spans:
        if isinstance(span, Mapping):
            result.append(PhiSpan(int(span["start"]), int(span["end"]), str(span["label"])))
        else:
            start, end, label = span
            result.append(PhiSpan(int(start), int(end), str(label)))
    return result


@dataclass
class MatchReport:
    """How gold and predicted documents were matched. Ids and counts only.

    scored (int): documents scored (every gold document).
    gold_without_predictions (List[str]): gold ids with no predicted document;
        scored with no predictions, so all their PHI counts as missed.
    predictions_without_gold (List[str]): predicted ids with no gold; not scored.
    text_mismatch (List[str]): ids whose predicted text differs from the gold
        text; scored with the gold text, but the offsets may be meaningless.
    unmapped_spans (Dict[str, int]): spans dropped because their label is not
        PHI in our scheme or unknown, per "gold:LABEL" / "pred:LABEL".
    duplicate_ids (List[str]): ids seen twice on one side (the later one is dropped).
    """

    scored: int = 0
    gold_without_predictions: List[str] = field(default_factory=list)
    predictions_without_gold: List[str] = field(default_factory=list)
    text_mismatch: List[str] = field(default_factory=list)
    unmapped_spans: Dict[str, int] = field(default_factory=dict)
    duplicate_ids: List[str] = field(default_factory=list)

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): JSON-serializable counts and ids."""
        return {
            "scored": self.scored,
            "gold_without_predictions": len(self.gold_without_predictions),
            "gold_without_predictions_ids": list(self.gold_without_predictions),
            "predictions_without_gold": len(self.predictions_without_gold),
            "predictions_without_gold_ids": list(self.predictions_without_gold),
            "text_mismatch": len(self.text_mismatch),
            "text_mismatch_ids": list(self.text_mismatch),
            "unmapped_spans": dict(self.unmapped_spans),
            "duplicate_ids": list(self.duplicate_ids),
        }


class SourceDocument(NamedTuple):
    """One side (gold or predicted) of a document before matching.

    id (str): record id.
    text (str): the text.
    spans (List[PhiSpan]): the spans, in our labels.
    tokens (Optional[List[Tuple[int, int]]]): token offsets, if known.
    """

    id: str
    text: str
    spans: List[PhiSpan]
    tokens: Optional[List[Tuple[int, int]]] = None


def match_documents(
    gold: Sequence[SourceDocument], pred: Sequence[SourceDocument], report: Optional[MatchReport] = None
) -> Tuple[List[EvalDocument], MatchReport]:
    """Pair gold and predicted documents by record id.

    gold (Sequence[SourceDocument]): the gold side, in the order to report.
    pred (Sequence[SourceDocument]): the predicted side.
    report (Optional[MatchReport]): a report to add to (e.g. with unmapped spans).
    RETURNS (Tuple[List[EvalDocument], MatchReport]): one EvalDocument per gold
        document, and the report.
    """
    report = report if report is not None else MatchReport()
    pred_by_id: Dict[str, SourceDocument] = {}
    for doc in pred:
        if doc.id in pred_by_id:
            report.duplicate_ids.append(doc.id)
            continue
        pred_by_id[doc.id] = doc
    seen = set()
    documents = []
    for doc in gold:
        if doc.id in seen:
            report.duplicate_ids.append(doc.id)
            continue
        seen.add(doc.id)
        predicted = pred_by_id.get(doc.id)
        if predicted is None:
            report.gold_without_predictions.append(doc.id)
            spans: List[PhiSpan] = []
        else:
            spans = list(predicted.spans)
            if predicted.text != doc.text:
                report.text_mismatch.append(doc.id)
        tokens = doc.tokens if doc.tokens is not None else (predicted.tokens if predicted else None)
        documents.append(EvalDocument(doc.id, doc.text, list(doc.spans), spans, tokens))
    report.predictions_without_gold.extend(doc_id for doc_id in pred_by_id if doc_id not in seen)
    report.scored = len(documents)
    return documents, report


# --- Adapters (spaCy objects are only touched here) ------------------------------


def source_from_doc(doc: Any, index: int = 0) -> SourceDocument:
    """One side of a document from a spaCy Doc (`doc.ents` are the spans).

    doc (Doc): the Doc; its record id comes from `doc.user_data`.
    index (int): its position, for the fallback id "doc{index}".
    RETURNS (SourceDocument): id, text, entity spans and token offsets.
    """
    from ..converters.docs import doc_record_id

    spans = [PhiSpan(ent.start_char, ent.end_char, ent.label_) for ent in doc.ents]
    tokens = [(token.idx, token.idx + len(token.text)) for token in doc]
    return SourceDocument(doc_record_id(doc, index), doc.text, spans, tokens)


def source_from_record(
    record: Any, scheme: str = "spacy_phi", report: Optional[MatchReport] = None, side: str = "gold"
) -> SourceDocument:
    """One side of a document from a converter `Record`, labels mapped to ours.

    The offsets are kept exactly as the source wrote them (no snapping to
    tokens), as the i2b2 script scores them. Spans whose label is not PHI in the
    scheme, or unknown, or whose offsets are out of range are dropped and
    counted in `report.unmapped_spans`.

    record (Record): the record.
    scheme (str): the label scheme of its labels.
    report (Optional[MatchReport]): receives the dropped spans.
    side (str): "gold" or "pred", to name the counts.
    RETURNS (SourceDocument): the record as a SourceDocument.
    """
    spans = []
    for span in record.spans:
        try:
            label = map_label(span.label, scheme, record.text[span.start:span.end])
        except UnknownLabelError:
            label = None
        # A scheme that keeps its own labels ("meddocan_native") is checked against its own list.
        known = label in LABELS or (label is not None and label in SCHEMES[scheme].values())
        if label is None or not known or not 0 <= span.start < span.end <= len(record.text):
            if report is not None:
                key = f"{side}:{span.label}"
                report.unmapped_spans[key] = report.unmapped_spans.get(key, 0) + 1
            continue
        spans.append(PhiSpan(span.start, span.end, label))
    return SourceDocument(record.id, record.text, spans)


def documents_from_docs(gold_docs: Iterable[Any], pred_docs: Iterable[Any]) -> Tuple[List[EvalDocument], MatchReport]:
    """Match gold and predicted Docs by record id.

    gold_docs (Iterable[Doc]): Docs with gold `doc.ents`.
    pred_docs (Iterable[Doc]): Docs with predicted `doc.ents`.
    RETURNS (Tuple[List[EvalDocument], MatchReport]): the documents and the report.
    """
    gold = [source_from_doc(doc, i) for i, doc in enumerate(gold_docs)]
    pred = [source_from_doc(doc, i) for i, doc in enumerate(pred_docs)]
    return match_documents(gold, pred)


def documents_from_records(
    gold_records: Iterable[Any],
    pred_records: Iterable[Any],
    gold_scheme: str = "spacy_phi",
    pred_scheme: str = "spacy_phi",
) -> Tuple[List[EvalDocument], MatchReport]:
    """Match gold and predicted converter Records by id, mapping labels to ours.

    gold_records (Iterable[Record]): gold records.
    pred_records (Iterable[Record]): predicted records (e.g. another tool's JSONL or BRAT).
    gold_scheme (str): the label scheme of the gold labels.
    pred_scheme (str): the label scheme of the predicted labels.
    RETURNS (Tuple[List[EvalDocument], MatchReport]): the documents and the report.
    """
    report = MatchReport()
    gold = [source_from_record(r, gold_scheme, report, "gold") for r in gold_records]
    pred = [source_from_record(r, pred_scheme, report, "pred") for r in pred_records]
    return match_documents(gold, pred, report)
