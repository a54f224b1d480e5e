"""The PhysioNet deid scorer's overlap measure, broken down: recall per gold type,
PPV per predicted label, and the false alarms grouped by their text.

The measure itself (`metrics.overlap_scores`): a gold phrase is found when any
predicted span overlaps it (closed intervals, category-blind); a predicted span
is a false alarm when it overlaps no gold phrase. One prediction over two gold
phrases finds both and counts once among the predictions.

Gold types are the corpus's own (PTName, HCPName, ...) when the caller gives
them (`gold_types`: record id -> (start, end) -> type, e.g. from
`loading.source_labels`), else our labels. The false alarms' text is note text:
it is kept only when asked (`include_text=True`) and only ever written to a
file, never printed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .documents import EvalDocument, PhiSpan
from .metrics import OverlapScores, overlap_scores, spans_overlap

#: Record id -> (start, end) -> the gold span's type in the source corpus.
GoldTypes = Mapping[str, Mapping[Tuple[int, int], str]]


@dataclass
class FalseAlarmText:
    """Every false alarm of one text (whitespace runs compared as one space).

    text (str): the predicted text (note text!).
    count (int): false alarms with that text.
    labels (Counter): predicted label -> false alarms.
    """

    text: str
    count: int = 0
    labels: Counter = field(default_factory=Counter)

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): text, count and labels (most frequent first)."""
        return {"text": self.text, "count": self.count, "labels": dict(self.labels.most_common())}


@dataclass
class OverlapBreakdown:
    """The overlap measure, overall and per type.

    overall (OverlapScores): pooled over the documents.
    by_gold_type (Dict[str, OverlapScores]): per gold type; only the gold fields are filled.
    by_pred_label (Dict[str, OverlapScores]): per predicted label; only the prediction fields.
    false_alarms (Counter): predicted label -> predictions overlapping no gold.
    false_alarm_texts (Optional[List[FalseAlarmText]]): most frequent first; None
        unless the text was asked for.
    """

    overall: OverlapScores = field(default_factory=OverlapScores)
    by_gold_type: Dict[str, OverlapScores] = field(default_factory=dict)
    by_pred_label: Dict[str, OverlapScores] = field(default_factory=dict)
    false_alarms: Counter = field(default_factory=Counter)
    false_alarm_texts: Optional[List[FalseAlarmText]] = None

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): JSON-serializable numbers (and texts, if kept)."""
        data: Dict[str, Any] = {
            "overall": self.overall.to_dict(),
            "recall_by_gold_type": {
                name: {"found": s.gold_found, "total": s.gold_total, "missed": s.gold_total - s.gold_found,
                       "recall": s.recall}
                for name, s in self.by_gold_type.items()
            },
            "ppv_by_pred_label": {
                name: {"matching": s.pred_matching, "total": s.pred_total,
                       "false_alarms": s.pred_total - s.pred_matching, "ppv": s.ppv}
                for name, s in self.by_pred_label.items()
            },
            "false_alarms_by_label": dict(self.false_alarms.most_common()),
        }
        if self.false_alarm_texts is not None:
            data["false_alarms_by_text"] = [entry.to_dict() for entry in self.false_alarm_texts]
        return data


def _gold_type(doc: EvalDocument, span: PhiSpan, gold_types: Optional[GoldTypes]) -> str:
    if gold_types is not None:
        found = gold_types.get(doc.id, {}).get((span.start, span.end))
        if found is not None:
            return found
    return span.label


def _by_count(scores: Dict[str, OverlapScores], total: str) -> Dict[str, OverlapScores]:
    """Most frequent first, then by name."""
    return dict(sorted(scores.items(), key=lambda item: (-getattr(item[1], total), item[0])))


def overlap_breakdown(
    documents: Sequence[EvalDocument],
    *,
    gold_types: Optional[GoldTypes] = None,
    include_text: bool = False,
) -> OverlapBreakdown:
    """The overlap measure overall, per gold type and per predicted label.

    documents (Sequence[EvalDocument]): the documents.
    gold_types (Optional[GoldTypes]): the gold spans' source types; our labels if None
        (and for any span it does not name).
    include_text (bool): group the false alarms by their text (note text!).
    RETURNS (OverlapBreakdown): the breakdown.
    """
    result = OverlapBreakdown(overall=overlap_scores(documents))
    texts: Dict[str, FalseAlarmText] = {}
    for doc in documents:
        for gold in doc.gold:
            scores = result.by_gold_type.setdefault(_gold_type(doc, gold, gold_types), OverlapScores())
            scores.gold_total += 1
            scores.gold_found += any(spans_overlap(gold, pred) for pred in doc.pred)
        for pred in doc.pred:
            scores = result.by_pred_label.setdefault(pred.label, OverlapScores())
            scores.pred_total += 1
            if any(spans_overlap(pred, gold) for gold in doc.gold):
                scores.pred_matching += 1
                continue
            result.false_alarms[pred.label] += 1
            if include_text:
                key = " ".join(doc.text[pred.start:pred.end].split())
                entry = texts.setdefault(key, FalseAlarmText(key))
                entry.count += 1
                entry.labels[pred.label] += 1
    result.by_gold_type = _by_count(result.by_gold_type, "gold_total")
    result.by_pred_label = _by_count(result.by_pred_label, "pred_total")
    if include_text:
        result.false_alarm_texts = sorted(texts.values(), key=lambda e: (-e.count, e.text))
    return result
