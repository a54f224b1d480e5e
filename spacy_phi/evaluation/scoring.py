"""`score`: every metric over a list of `EvalDocument`s, in one result object."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from .documents import EvalDocument, MatchReport
from .errors_analysis import ErrorAnalysis, analyse_errors
from .leaks import LeakReport
from .metrics import METRICS, Counts, MetricScores, OverlapScores, breakdown, overlap_scores, score_metric

#: Metrics in the order reports show them ("token_tokenizer" only when every
#: document has token offsets).
OVERALL_METRICS = (
    "strict", "relaxed", "token", "token_whitespace", "token_tokenizer",
    "binary_token", "binary_token_hipaa", "binary_token_safe_harbor",
)


@dataclass
class EvaluationResult:
    """All numbers of one evaluation.

    documents (List[EvalDocument]): the scored documents (hold note text; never serialized).
    overall (Dict[str, MetricScores]): per metric name.
    overlap (OverlapScores): PhysioNet-style recall / PPV.
    per_category (Dict[str, Dict[str, Counts]]): "strict" and "token" -> category -> counts.
    per_label (Dict[str, Dict[str, Counts]]): "strict" and "token" -> label -> counts.
    errors (ErrorAnalysis): the error taxonomy.
    matching (MatchReport): how gold and predictions were paired.
    significance (Optional[Dict[str, Any]]): a comparison, if one was run.
    leaks (Optional[LeakReport]): a leak report, if one was run.
    """

    documents: List[EvalDocument]
    overall: Dict[str, MetricScores]
    overlap: OverlapScores
    per_category: Dict[str, Dict[str, Counts]]
    per_label: Dict[str, Dict[str, Counts]]
    errors: ErrorAnalysis
    matching: MatchReport = field(default_factory=MatchReport)
    significance: Optional[Dict[str, Any]] = None
    leaks: Optional[LeakReport] = None

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): every number, JSON-serializable. Error
        examples carry text only if `score` was asked to include it."""
        data: Dict[str, Any] = {
            "documents": self.matching.to_dict(),
            "overall": {name: scores.to_dict() for name, scores in self.overall.items()},
            "overlap": self.overlap.to_dict(),
            "per_category": {m: {k: c.to_dict() for k, c in rows.items()} for m, rows in self.per_category.items()},
            "per_label": {m: {k: c.to_dict() for k, c in rows.items()} for m, rows in self.per_label.items()},
            "errors": self.errors.to_dict(),
        }
        if self.significance is not None:
            data["significance"] = self.significance
        if self.leaks is not None:
            data["leaks"] = self.leaks.to_dict()
        return data


def score(
    documents: Sequence[EvalDocument],
    matching: Optional[MatchReport] = None,
    *,
    include_text: bool = False,
) -> EvaluationResult:
    """Score documents with every metric.

    documents (Sequence[EvalDocument]): the documents.
    matching (Optional[MatchReport]): the matching report, if the documents were matched.
    include_text (bool): put covered text (PHI) in the error examples.
    RETURNS (EvaluationResult): the result.
    """
    documents = list(documents)
    if matching is None:
        matching = MatchReport(scored=len(documents))
    names = [n for n in OVERALL_METRICS
             if n != "token_tokenizer" or (documents and all(d.tokens is not None for d in documents))]
    return EvaluationResult(
        documents=documents,
        overall={name: score_metric(documents, METRICS[name]) for name in names},
        overlap=overlap_scores(documents),
        per_category={m: breakdown(documents, "category", m) for m in ("strict", "token")},
        per_label={m: breakdown(documents, "label", m) for m in ("strict", "token")},
        errors=analyse_errors(documents, include_text=include_text),
        matching=matching,
    )
