"""Evaluation of PHI detection and de-identification against gold annotations.

The metrics work on plain `EvalDocument`s (text, gold and predicted
(start, end, label) spans) and never need spaCy; adapters build them from Docs,
converter Records or files. See metrics.py for every definition and convention.

    from spacy_phi.evaluation import evaluate_docs
    result = evaluate_docs(gold_docs, pred_docs)
    print(format_console(result)); json.dumps(result.to_dict())
"""

from __future__ import annotations

from typing import Any, Iterable

from .conventions import (
    CONVENTIONS, PHYSIONET, ScoringConvention, SetAside, apply_convention, get_convention,
)
from .documents import (
    EvalDocument, MatchReport, PhiSpan, SourceDocument, documents_from_docs, documents_from_records,
    match_documents, source_from_doc, source_from_record,
)
from .errors_analysis import ErrorAnalysis, analyse_errors, classify_pair
from .leaks import LeakDocument, LeakReport, Replacement, leak_report
from .metrics import METRICS, Counts, MacroScores, MetricScores, OverlapScores, breakdown, overlap_scores, score_metric
from .overlap import FalseAlarmText, OverlapBreakdown, overlap_breakdown
from .report_console import format_console
from .report_html import write_html, render_html
from .scoring import ConventionResult, EvaluationResult, score
from .significance import SignificanceResult, approximate_randomization


def evaluate_docs(gold_docs: Iterable[Any], pred_docs: Iterable[Any], *, include_text: bool = False) -> EvaluationResult:
    """Score predicted Docs against gold Docs, matched by record id.

    gold_docs (Iterable[Doc]): Docs with gold `doc.ents`.
    pred_docs (Iterable[Doc]): Docs with predicted `doc.ents`.
    include_text (bool): put covered text (PHI) in the error examples.
    RETURNS (EvaluationResult): the result.
    """
    documents, matching = documents_from_docs(gold_docs, pred_docs)
    return score(documents, matching, include_text=include_text)


def evaluate_records(
    gold_records: Iterable[Any],
    pred_records: Iterable[Any],
    gold_scheme: str = "spacy_phi",
    pred_scheme: str = "spacy_phi",
    *,
    include_text: bool = False,
) -> EvaluationResult:
    """Score predicted Records (any tool's output) against gold Records, matched by id.

    gold_records (Iterable[Record]): gold records.
    pred_records (Iterable[Record]): predicted records.
    gold_scheme (str): label scheme of the gold labels.
    pred_scheme (str): label scheme of the predicted labels.
    include_text (bool): put covered text (PHI) in the error examples.
    RETURNS (EvaluationResult): the result.
    """
    documents, matching = documents_from_records(gold_records, pred_records, gold_scheme, pred_scheme)
    return score(documents, matching, include_text=include_text)


def compare(result_a: EvaluationResult, result_b: EvaluationResult, metric: str = "strict",
            *, shuffles: int = 9999, seed: int = 0) -> SignificanceResult:
    """Approximate randomization between two results on the same gold documents.

    result_a (EvaluationResult): system A. result_b (EvaluationResult): system B.
    metric (str): a name of METRICS ("strict" by default).
    shuffles (int): shuffles. seed (int): seed of the numpy Generator.
    RETURNS (SignificanceResult): the test.
    RAISES (ValueError): the results are not on the same documents.
    """
    if [d.id for d in result_a.documents] != [d.id for d in result_b.documents]:
        raise ValueError("The two results are not on the same documents in the same order")
    return approximate_randomization(result_a.overall[metric].per_document, result_b.overall[metric].per_document,
                                     shuffles=shuffles, seed=seed, metric=metric)


__all__ = [
    "EvalDocument", "PhiSpan", "SourceDocument", "MatchReport", "match_documents", "source_from_doc",
    "source_from_record", "documents_from_docs", "documents_from_records", "Counts", "MacroScores",
    "MetricScores", "OverlapScores", "METRICS", "score_metric", "overlap_scores", "breakdown",
    "ErrorAnalysis", "analyse_errors", "classify_pair", "LeakDocument", "LeakReport", "Replacement",
    "leak_report", "SignificanceResult", "approximate_randomization", "EvaluationResult", "score",
    "evaluate_docs", "evaluate_records", "compare", "format_console", "render_html", "write_html",
    "CONVENTIONS", "PHYSIONET", "ScoringConvention", "SetAside", "apply_convention", "get_convention",
    "FalseAlarmText", "OverlapBreakdown", "overlap_breakdown", "ConventionResult",
]
