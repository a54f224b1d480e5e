"""Precision, recall and F1 over sets of units, micro and macro.

Every metric reduces a document to gold units and predicted units and counts
TP (in both), FP (predicted only) and FN (gold only):

- "strict": units (start, end, label): same label, exact offsets.
- "relaxed": same label and start, end off by at most RELAXED_END_SLACK (2)
  characters; a one-to-one matching (each prediction matches one gold span at
  most, closest end first), so TP + FN = gold spans and TP + FP = predictions.
- "token" / "token_whitespace" / "token_tokenizer": token units (see tokens.py).
- "binary_token*": alnum token units without the label (PHI vs not). The
  "_hipaa" view keeps gold spans whose gold label and predicted spans whose
  predicted label is in I2B2_HIPAA_LABELS (all ages), as the i2b2 script filters
  each side by its own tags; "_safe_harbor" does the same with
  `is_safe_harbor_phi` (AGE only above 89, judged on each span's own text).

Conventions (where the definitions leave room):
- micro: counts pooled over documents; a ratio with a zero denominator is None
  (JSON null), never a made-up 0 or 1. F1 = 2TP / (2TP + FP + FN), which is the
  harmonic mean of P and R whenever both exist and 0 when TP = 0 but something
  was predicted or missed.
- macro: mean (and sample SD, ddof=1; 0 for one document) of the per-document
  values. A document with no gold and no predicted units has nothing to score
  and is left out (counted as `excluded`). A document with gold but no
  predictions has P = 1 (nothing claimed wrongly), R = 0, F1 = 0; one with
  predictions but no gold has P = 0, R = 1, F1 = 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Set, Tuple

from ..labels import I2B2_HIPAA_LABELS, LABELS, Category, is_safe_harbor_phi
from .documents import EvalDocument, PhiSpan
from .tokens import token_units

RELAXED_END_SLACK = 2


def _ratio(numerator: int, denominator: int) -> Optional[float]:
    return numerator / denominator if denominator else None


@dataclass
class Counts:
    """TP/FP/FN of one metric, with the derived P/R/F1.

    tp (int): true positives. fp (int): false positives. fn (int): false negatives.
    """

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: "Counts") -> "Counts":
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> Optional[float]:
        """RETURNS (Optional[float]): TP / (TP + FP), None if nothing was predicted."""
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> Optional[float]:
        """RETURNS (Optional[float]): TP / (TP + FN), None if there is no gold."""
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> Optional[float]:
        """RETURNS (Optional[float]): 2TP / (2TP + FP + FN), None if all counts are 0."""
        return _ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    @property
    def empty(self) -> bool:
        """RETURNS (bool): no gold and no predicted units."""
        return self.tp + self.fp + self.fn == 0

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): counts and ratios (None where undefined)."""
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn, "precision": self.precision,
                "recall": self.recall, "f1": self.f1}


def count_sets(gold: Set[Hashable], pred: Set[Hashable]) -> Counts:
    """Counts of two unit sets.

    gold (Set[Hashable]): gold units. pred (Set[Hashable]): predicted units.
    RETURNS (Counts): the counts.
    """
    tp = len(gold & pred)
    return Counts(tp, len(pred) - tp, len(gold) - tp)


@dataclass
class MacroScores:
    """Per-document averages.

    precision, recall, f1 (Optional[float]): means over the scored documents.
    precision_sd, recall_sd, f1_sd (Optional[float]): sample SDs.
    documents (int): documents averaged. excluded (int): documents left out
        because they have no gold and no predicted units.
    """

    precision: Optional[float] = None
    recall: Optional[float] = None
    f1: Optional[float] = None
    precision_sd: Optional[float] = None
    recall_sd: Optional[float] = None
    f1_sd: Optional[float] = None
    documents: int = 0
    excluded: int = 0

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): the fields."""
        return dict(self.__dict__)


def _mean_sd(values: Sequence[float]) -> Tuple[Optional[float], Optional[float]]:
    if not values:
        return None, None
    mean = sum(values) / len(values)
    if len(values) == 1:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, variance ** 0.5


def macro(per_document: Iterable[Counts]) -> MacroScores:
    """Macro averages under the conventions of the module docstring.

    per_document (Iterable[Counts]): one Counts per document.
    RETURNS (MacroScores): the averages.
    """
    ps, rs, fs = [], [], []
    excluded = 0
    for counts in per_document:
        if counts.empty:
            excluded += 1
            continue
        ps.append(counts.precision if counts.precision is not None else 1.0)
        rs.append(counts.recall if counts.recall is not None else 1.0)
        fs.append(counts.f1 or 0.0)
    p, p_sd = _mean_sd(ps)
    r, r_sd = _mean_sd(rs)
    f, f_sd = _mean_sd(fs)
    return MacroScores(p, r, f, p_sd, r_sd, f_sd, len(ps), excluded)


@dataclass
class MetricScores:
    """One metric over a corpus.

    micro (Counts): pooled counts.
    macro (MacroScores): per-document averages.
    per_document (List[Counts]): the counts of each document, in order (for
        significance tests; not written to JSON).
    """

    micro: Counts
    macro: MacroScores
    per_document: List[Counts] = field(default_factory=list)

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): micro and macro."""
        return {"micro": self.micro.to_dict(), "macro": self.macro.to_dict()}


# --- Per-document unit counting ---------------------------------------------------

SpanFilter = Callable[[PhiSpan, str], bool]


def filtered(doc: EvalDocument, gold_keep: SpanFilter, pred_keep: Optional[SpanFilter] = None) -> EvalDocument:
    """A copy of a document keeping only some spans (each side by its own labels).

    doc (EvalDocument): the document.
    gold_keep (SpanFilter): keeps a gold span, given the span and the text.
    pred_keep (Optional[SpanFilter]): keeps a predicted span; gold_keep if None.
    RETURNS (EvalDocument): the filtered copy (text and tokens shared).
    """
    pred_keep = pred_keep or gold_keep
    return EvalDocument(
        doc.id, doc.text,
        [s for s in doc.gold if gold_keep(s, doc.text)],
        [s for s in doc.pred if pred_keep(s, doc.text)],
        doc.tokens,
    )


def strict_counts(doc: EvalDocument) -> Counts:
    """Strict entity counts: same label, start and end."""
    return count_sets(set(doc.gold), set(doc.pred))


def relaxed_counts(doc: EvalDocument, slack: int = RELAXED_END_SLACK) -> Counts:
    """Relaxed entity counts: same label and start, |end difference| <= slack, one-to-one."""
    gold = sorted(set(doc.gold))
    unmatched = set(doc.pred)
    tp = 0
    for g in gold:
        candidates = [p for p in unmatched if p.label == g.label and p.start == g.start
                      and abs(p.end - g.end) <= slack]
        if candidates:
            best = min(candidates, key=lambda p: (abs(p.end - g.end), p.end))
            unmatched.discard(best)
            tp += 1
    return Counts(tp, len(unmatched), len(gold) - tp)


def token_counts(doc: EvalDocument, kind: str = "alnum", keep_label: bool = True) -> Counts:
    """Token counts of one kind (see tokens.py)."""
    return count_sets(
        token_units(doc.text, doc.gold, kind, keep_label=keep_label, tokens=doc.tokens),
        token_units(doc.text, doc.pred, kind, keep_label=keep_label, tokens=doc.tokens),
    )


def _in_hipaa(span: PhiSpan, text: str) -> bool:
    return span.label in I2B2_HIPAA_LABELS


def _in_safe_harbor(span: PhiSpan, text: str) -> bool:
    return is_safe_harbor_phi(span.label, text[span.start:span.end])


def binary_counts(doc: EvalDocument, view: str = "all") -> Counts:
    """Binary (label-blind) alnum token counts in a view: "all", "hipaa" or "safe_harbor"."""
    if view == "hipaa":
        doc = filtered(doc, _in_hipaa)
    elif view == "safe_harbor":
        doc = filtered(doc, _in_safe_harbor)
    elif view != "all":
        raise ValueError(f"Unknown binary view {view!r}")
    return token_counts(doc, "alnum", keep_label=False)


#: The corpus-level metrics by name: document -> Counts.
METRICS: Dict[str, Callable[[EvalDocument], Counts]] = {
    "strict": strict_counts,
    "relaxed": relaxed_counts,
    "token": lambda d: token_counts(d, "alnum"),
    "token_whitespace": lambda d: token_counts(d, "whitespace"),
    "token_tokenizer": lambda d: token_counts(d, "tokenizer"),
    "binary_token": lambda d: binary_counts(d, "all"),
    "binary_token_hipaa": lambda d: binary_counts(d, "hipaa"),
    "binary_token_safe_harbor": lambda d: binary_counts(d, "safe_harbor"),
}


def score_metric(documents: Sequence[EvalDocument], metric: Callable[[EvalDocument], Counts]) -> MetricScores:
    """One metric over documents.

    documents (Sequence[EvalDocument]): the documents.
    metric (Callable[[EvalDocument], Counts]): e.g. METRICS["strict"].
    RETURNS (MetricScores): micro, macro and per-document counts.
    """
    per_document = [metric(doc) for doc in documents]
    micro = sum(per_document, Counts())
    return MetricScores(micro, macro(per_document), per_document)


# --- PhysioNet deid-scorer style overlap ------------------------------------------


@dataclass
class OverlapScores:
    """Category-blind overlap scoring as the PhysioNet deid scorer does it.

    Spans are closed intervals [start, end - 1]; two overlap if they share a
    character, so touching spans [0, 5) and [5, 9) do NOT overlap.

    gold_found (int): gold spans overlapped by any prediction.
    gold_total (int): gold spans.
    pred_matching (int): predictions overlapping any gold span.
    pred_total (int): predictions.
    """

    gold_found: int = 0
    gold_total: int = 0
    pred_matching: int = 0
    pred_total: int = 0

    @property
    def recall(self) -> Optional[float]:
        """RETURNS (Optional[float]): gold_found / gold_total."""
        return _ratio(self.gold_found, self.gold_total)

    @property
    def ppv(self) -> Optional[float]:
        """RETURNS (Optional[float]): pred_matching / pred_total."""
        return _ratio(self.pred_matching, self.pred_total)

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): counts, recall and PPV."""
        return {**self.__dict__, "recall": self.recall, "ppv": self.ppv}


def spans_overlap(a: PhiSpan, b: PhiSpan) -> bool:
    """Closed-interval overlap of [a.start, a.end-1] and [b.start, b.end-1].

    RETURNS (bool): True if they share at least one character.
    """
    return a.start <= b.end - 1 and b.start <= a.end - 1


def overlap_scores(documents: Sequence[EvalDocument]) -> OverlapScores:
    """PhysioNet-style recall and PPV over documents (pooled).

    documents (Sequence[EvalDocument]): the documents.
    RETURNS (OverlapScores): the counts.
    """
    result = OverlapScores()
    for doc in documents:
        result.gold_total += len(doc.gold)
        result.pred_total += len(doc.pred)
        result.gold_found += sum(any(spans_overlap(g, p) for p in doc.pred) for g in doc.gold)
        result.pred_matching += sum(any(spans_overlap(p, g) for g in doc.gold) for p in doc.pred)
    return result


# --- Breakdowns --------------------------------------------------------------------


def _category(label: str) -> Optional[str]:
    info = LABELS.get(label)
    return info.category.value if info is not None else None


def breakdown(
    documents: Sequence[EvalDocument], key: str = "label", metric: str = "strict"
) -> Dict[str, Counts]:
    """Micro counts per label or per category; each group keeps the gold and
    predicted spans of its own labels (a PATIENT predicted as DOCTOR is a FN of
    PATIENT and a FP of DOCTOR, and both within NAME, as in the i2b2 script).

    documents (Sequence[EvalDocument]): the documents.
    key (str): "label" or "category".
    metric (str): "strict" or "token" (any name of METRICS).
    RETURNS (Dict[str, Counts]): counts per group; categories in canonical order,
        labels in canonical order then unknown labels sorted.
    """
    group_of = (lambda label: label) if key == "label" else _category
    if key == "category":
        groups: List[str] = [c.value for c in Category]
    else:
        seen = {s.label for d in documents for s in (*d.gold, *d.pred)}
        groups = [l for l in LABELS if l in seen] + sorted(seen - set(LABELS))
    fn = METRICS[metric]
    result = {}
    for group in groups:
        keep = lambda span, text, g=group: group_of(span.label) == g  # noqa: E731
        result[group] = sum((fn(filtered(d, keep)) for d in documents), Counts())
    return result
