"""`score`: every metric over a list of `EvalDocument`s, in one result object."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from .conventions import ScoringConvention, SetAside, apply_convention, get_convention
from .documents import EvalDocument, MatchReport
from .errors_analysis import ErrorAnalysis, analyse_errors
from .leaks import LeakReport
from .metrics import METRICS, Counts, MetricScores, OverlapScores, breakdown, overlap_scores, score_metric
from .overlap import GoldTypes, OverlapBreakdown, overlap_breakdown

#: Metrics in the order reports show them ("token_tokenizer" only when every
#: document has token offsets).
OVERALL_METRICS = (
    "strict", "relaxed", "token", "token_whitespace", "token_tokenizer",
    "binary_token", "binary_token_hipaa", "binary_token_safe_harbor",
)


@dataclass
class ConventionResult:
    """What a scoring convention did, and the overlap measure broken down under it.

    name (str): the convention. description (List[str]): its rules, in words.
    set_aside (SetAside): the predicted spans it left out.
    overlap_without_convention (OverlapScores): the overlap measure on every prediction.
    overlap (OverlapBreakdown): the overlap measure on the kept predictions,
        per gold type and predicted label, with the false alarms.
    """

    name: str
    description: List[str]
    set_aside: SetAside
    overlap_without_convention: OverlapScores
    overlap: OverlapBreakdown

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): JSON-serializable; false-alarm texts only if they were kept."""
        return {
            "name": self.name,
            "rules": list(self.description),
            "set_aside": self.set_aside.to_dict(),
            "overlap_without_convention": self.overlap_without_convention.to_dict(),
            "overlap": self.overlap.to_dict(),
        }


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
    convention (Optional[ConventionResult]): the scoring convention, if one was
        applied (every other number is then on the predictions it kept).
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
    convention: Optional[ConventionResult] = None

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
        if self.convention is not None:
            data["convention"] = self.convention.to_dict()
        return data


def score(
    documents: Sequence[EvalDocument],
    matching: Optional[MatchReport] = None,
    *,
    include_text: bool = False,
    convention: "Optional[str | ScoringConvention]" = None,
    gold_types: Optional[GoldTypes] = None,
) -> EvaluationResult:
    """Score documents with every metric.

    documents (Sequence[EvalDocument]): the documents.
    matching (Optional[MatchReport]): the matching report, if the documents were matched.
    include_text (bool): put covered text (PHI) in the error examples and, with a
        convention, group its false alarms by their text.
    convention (Optional[str | ScoringConvention]): a scoring convention (e.g.
        "physionet", see conventions.py): the predictions it leaves out are removed
        before every metric, and its report is added.
    gold_types (Optional[GoldTypes]): the gold spans' source types, for the
        convention's overlap recall per type (our labels if None).
    RETURNS (EvaluationResult): the result.
    """
    documents = list(documents)
    convention_result = None
    if convention is not None:
        convention = get_convention(convention)
        without_convention = overlap_scores(documents)
        documents, set_aside = apply_convention(documents, convention)
        convention_result = ConventionResult(
            convention.name, list(convention.description), set_aside, without_convention,
            overlap_breakdown(documents, gold_types=gold_types, include_text=include_text),
        )
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
        convention=convention_result,
    )
