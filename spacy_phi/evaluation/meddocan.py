"""The MEDDOCAN shared task's evaluation (Marimon et al. 2019), on MEDDOCAN's own labels.

Definitions, as the official evaluation script (PlanTL-GOB-ES/MEDDOCAN-Evaluation-Script,
`classes.py`) computes them; written here from those definitions:

- **Subtrack 1 (NER)**: per document the *set* of (label, start, end) of each
  side; TP = gold ∩ predicted, FP = predicted − gold, FN = gold − predicted.
- **Subtrack 2 strict (spans)**: the same with (start, end) only: the type is
  ignored, and two annotations of one extent count once.
- **Subtrack 2 merged**: each side's spans, sorted by (start, end), are merged
  left to right: a span joins the previous (merged) one when the text between
  the previous one's end and its start holds no alphanumeric character (an
  overlapping span joins too; the merged span runs from the previous start to
  this span's end). TP = (gold strict ∩ predicted strict) ∪ (gold merged ∩
  predicted merged), counted as a set of extents; FP = predicted strict spans
  not in gold strict and not contained in any TP extent; FN = gold strict
  spans not in predicted strict and not contained in any TP extent.
- Micro P = ΣTP / (ΣTP + ΣFP), R = ΣTP / (ΣTP + ΣFN) over the documents,
  F1 = 2PR / (P + R); the script writes 0 for an undefined ratio, we write None.

One difference, in the documents counted: the script scores only documents
present on both sides; here a gold document without predictions counts as all
missed (its spans are FN) and predictions without gold are counted as FP, as
in the rest of `spacy_phi.evaluation`. A pipeline's output has every document,
so the two agree on it.

The leak score of subtrack 1 (FN per sentence) needs the organisers' sentence
splits, which are not part of the corpus here; it is not computed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Sequence, Set, Tuple

from .metrics import Counts

Extent = Tuple[int, int]
Tagged = Tuple[str, int, int]


@dataclass
class MeddocanDocument:
    """One document, both sides, in MEDDOCAN labels.

    id (str): record id. text (str): the text.
    gold (Sequence[Tagged]): (label, start, end) of the gold spans.
    pred (Sequence[Tagged]): (label, start, end) of the predicted spans.
    """

    id: str
    text: str
    gold: Sequence[Tagged]
    pred: Sequence[Tagged]


@dataclass
class MeddocanScores:
    """Micro counts of the three MEDDOCAN measures, and subtrack 1 per label."""

    subtrack1: Counts = field(default_factory=Counts)
    subtrack2_strict: Counts = field(default_factory=Counts)
    subtrack2_merged: Counts = field(default_factory=Counts)
    per_label: Dict[str, Counts] = field(default_factory=dict)
    documents: int = 0

    def to_dict(self) -> Dict[str, Any]:
        return {
            "documents": self.documents,
            "subtrack1": self.subtrack1.to_dict(),
            "subtrack2_strict": self.subtrack2_strict.to_dict(),
            "subtrack2_merged": self.subtrack2_merged.to_dict(),
            "subtrack1_per_label": {label: c.to_dict() for label, c in sorted(self.per_label.items())},
        }


def _no_alphanumeric(text: str) -> bool:
    return not any(char.isalnum() for char in text)


def merge_spans(extents: Iterable[Extent], text: str) -> List[Extent]:
    """Merge sorted extents separated only by non-alphanumeric characters.

    extents (Iterable[Extent]): (start, end) pairs (any order; sorted here).
    text (str): the document text.
    RETURNS (List[Extent]): the merged extents, in order.
    """
    merged: List[Extent] = []
    for start, end in sorted(extents):
        if merged and _no_alphanumeric(text[merged[-1][1]:start]):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _contained(extent: Extent, containers: Set[Extent]) -> bool:
    return any(c[0] <= extent[0] and extent[1] <= c[1] for c in containers)


def merged_counts(gold: Set[Extent], pred: Set[Extent], text: str) -> Counts:
    """Subtrack 2 "merged" counts of one document (see the module doc)."""
    gold_merged, pred_merged = set(merge_spans(gold, text)), set(merge_spans(pred, text))
    hits = (gold & pred) | (gold_merged & pred_merged)
    fp = {e for e in pred - gold if not _contained(e, hits)}
    fn = {e for e in gold - pred if not _contained(e, hits)}
    return Counts(len(hits), len(fp), len(fn))


def _set_counts(gold: Set[Any], pred: Set[Any]) -> Counts:
    return Counts(len(gold & pred), len(pred - gold), len(gold - pred))


def meddocan_scores(documents: Iterable[MeddocanDocument]) -> MeddocanScores:
    """The three MEDDOCAN measures over a corpus (micro), and subtrack 1 per label.

    documents (Iterable[MeddocanDocument]): the documents.
    RETURNS (MeddocanScores): the counts.
    """
    scores = MeddocanScores()
    for doc in documents:
        scores.documents += 1
        gold_tags, pred_tags = set(doc.gold), set(doc.pred)
        scores.subtrack1 = scores.subtrack1 + _set_counts(gold_tags, pred_tags)
        for label in {t[0] for t in gold_tags | pred_tags}:
            counts = _set_counts({t for t in gold_tags if t[0] == label}, {t for t in pred_tags if t[0] == label})
            scores.per_label[label] = scores.per_label.get(label, Counts()) + counts
        gold_spans, pred_spans = {t[1:] for t in gold_tags}, {t[1:] for t in pred_tags}
        scores.subtrack2_strict = scores.subtrack2_strict + _set_counts(gold_spans, pred_spans)
        scores.subtrack2_merged = scores.subtrack2_merged + merged_counts(gold_spans, pred_spans, doc.text)
    return scores


def pair_documents(gold: Sequence[Any], pred: Sequence[Any]) -> List[MeddocanDocument]:
    """Pair gold and predicted `SourceDocument`s (MEDDOCAN labels) by id.

    gold (Sequence[SourceDocument]): the gold side.
    pred (Sequence[SourceDocument]): the predicted side.
    RETURNS (List[MeddocanDocument]): one per gold document (no predictions: none
        predicted), then one per predicted document without gold (no gold spans).
    """
    by_id: Dict[str, Any] = {}
    for doc in pred:
        by_id.setdefault(doc.id, doc)
    out: List[MeddocanDocument] = []
    seen: Set[str] = set()
    for doc in gold:
        other = by_id.get(doc.id)
        seen.add(doc.id)
        out.append(MeddocanDocument(
            doc.id, doc.text, [(s.label, s.start, s.end) for s in doc.spans],
            [(s.label, s.start, s.end) for s in other.spans] if other is not None else [],
        ))
    for doc in pred:
        if doc.id not in seen:
            seen.add(doc.id)
            out.append(MeddocanDocument(doc.id, doc.text, [], [(s.label, s.start, s.end) for s in doc.spans]))
    return out


def format_meddocan(scores: MeddocanScores) -> str:
    """The console table: the three measures, then subtrack 1 per label (numbers only)."""

    def pct(value: Any) -> str:
        return "   -  " if value is None else f"{100 * value:6.2f}"

    width = max([len("Subtrack 2 [merged]")] + [len(label) for label in scores.per_label])
    lines = [f"MEDDOCAN evaluation (MEDDOCAN labels, {scores.documents} documents, micro)",
             f"{'':<{width}}  {'P':>6}  {'R':>6}  {'F1':>6}  {'TP':>6}  {'FP':>6}  {'FN':>6}"]

    def row(name: str, c: Counts) -> str:
        return f"{name:<{width}}  {pct(c.precision)}  {pct(c.recall)}  {pct(c.f1)}  {c.tp:>6}  {c.fp:>6}  {c.fn:>6}"

    lines.append(row("Subtrack 1 [NER]", scores.subtrack1))
    lines.append(row("Subtrack 2 [strict]", scores.subtrack2_strict))
    lines.append(row("Subtrack 2 [merged]", scores.subtrack2_merged))
    lines.append("")
    lines.append("Subtrack 1 per label")
    for label, c in sorted(scores.per_label.items(), key=lambda item: -(item[1].tp + item[1].fn)):
        lines.append(row(label, c))
    return "\n".join(lines)
