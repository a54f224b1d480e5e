"""Error taxonomy of seed 001 §8.2, for every overlapping gold/predicted pair.

Each pair of a gold span and a predicted span that share a character is one of:
- "correct": same offsets, same label;
- "type": same offsets, other label;
- "short": same label, prediction strictly inside the gold span;
- "long": same label, prediction strictly covers the gold span;
- "short&long": same label, the two cross (each has characters the other lacks);
- "type&extent": other label and other offsets (neither a pure type nor a pure
  extent error; kept apart so the two pure kinds stay as the seed defines them).
A predicted span overlapping no gold span is "spurious"; a gold span
overlapping no prediction is "missing".

The confusion matrix counts every pair (gold label x predicted label), plus the
"O" column for missing gold spans and the "O" row for spurious predictions.
Examples hold record ids, offsets and labels; the covered text only when the
caller asks (`include_text=True`), since it is PHI.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from .documents import EvalDocument, PhiSpan
from .metrics import spans_overlap

KINDS = ("correct", "type", "short", "long", "short&long", "type&extent", "spurious", "missing")
OUTSIDE = "O"
#: Examples kept per kind by default.
MAX_EXAMPLES = 50


def classify_pair(gold: PhiSpan, pred: PhiSpan) -> str:
    """The kind of an overlapping pair (see the module docstring).

    gold (PhiSpan): the gold span. pred (PhiSpan): an overlapping predicted span.
    RETURNS (str): one of KINDS except "spurious" and "missing".
    """
    same_offsets = gold.start == pred.start and gold.end == pred.end
    if same_offsets:
        return "correct" if gold.label == pred.label else "type"
    if gold.label != pred.label:
        return "type&extent"
    if pred.start >= gold.start and pred.end <= gold.end:
        return "short"
    if pred.start <= gold.start and pred.end >= gold.end:
        return "long"
    return "short&long"


@dataclass
class ErrorAnalysis:
    """Error counts, confusion matrix and examples.

    counts (Counter): pairs / spans per kind.
    confusion (Dict[str, Counter]): gold label -> predicted label -> pairs.
    examples (Dict[str, List[Dict[str, Any]]]): per kind, up to max_examples
        dicts with record_id, gold and pred (start, end, label) and, only if
        asked, gold_text / pred_text.
    """

    counts: Counter = field(default_factory=Counter)
    confusion: Dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    examples: Dict[str, List[Dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))

    def labels(self) -> List[str]:
        """RETURNS (List[str]): the labels of the matrix, sorted, "O" last."""
        found = set(self.confusion) | {p for row in self.confusion.values() for p in row}
        return sorted(found - {OUTSIDE}) + [OUTSIDE]

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): JSON-serializable counts, matrix and examples."""
        return {
            "counts": {kind: self.counts.get(kind, 0) for kind in KINDS},
            "confusion": {g: dict(row) for g, row in sorted(self.confusion.items())},
            "examples": {kind: list(items) for kind, items in self.examples.items()},
        }


def _span_dict(span: Optional[PhiSpan]) -> Optional[Dict[str, Any]]:
    return None if span is None else {"start": span.start, "end": span.end, "label": span.label}


def analyse_errors(
    documents: Sequence[EvalDocument], *, include_text: bool = False, max_examples: int = MAX_EXAMPLES
) -> ErrorAnalysis:
    """Classify every overlapping pair, spurious prediction and missing gold span.

    documents (Sequence[EvalDocument]): the documents.
    include_text (bool): put the covered text (PHI!) in the examples.
    max_examples (int): examples kept per kind.
    RETURNS (ErrorAnalysis): the analysis.
    """
    result = ErrorAnalysis()

    def add(kind: str, doc: EvalDocument, gold: Optional[PhiSpan], pred: Optional[PhiSpan]) -> None:
        result.counts[kind] += 1
        result.confusion[gold.label if gold else OUTSIDE][pred.label if pred else OUTSIDE] += 1
        if kind != "correct" and len(result.examples[kind]) < max_examples:
            example: Dict[str, Any] = {"record_id": doc.id, "gold": _span_dict(gold), "pred": _span_dict(pred)}
            if include_text:
                example["gold_text"] = doc.text[gold.start:gold.end] if gold else None
                example["pred_text"] = doc.text[pred.start:pred.end] if pred else None
            result.examples[kind].append(example)

    for doc in documents:
        pred_matched = [False] * len(doc.pred)
        for gold in doc.gold:
            hit = False
            for index, pred in enumerate(doc.pred):
                if spans_overlap(gold, pred):
                    hit = True
                    pred_matched[index] = True
                    add(classify_pair(gold, pred), doc, gold, pred)
            if not hit:
                add("missing", doc, gold, None)
        for index, pred in enumerate(doc.pred):
            if not pred_matched[index]:
                add("spurious", doc, None, pred)
    return result
