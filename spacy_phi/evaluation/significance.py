"""Approximate randomization between two systems (seeds: 9,999 shuffles, alpha 0.1).

Both systems are scored on the same documents; each document contributes its
TP/FP/FN counts of one metric. A shuffle swaps each document's counts between
the systems with probability 0.5 and recomputes the pooled (micro) P, R and
F1 of both; p = (shuffles with |diff| >= |observed diff| + 1) / (shuffles + 1).
Randomness comes from a seeded `numpy.random.Generator`, never the global seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence

import numpy

from .metrics import Counts

DEFAULT_SHUFFLES = 9999
_CHUNK = 1000  # shuffles per batch: bounds memory at CHUNK x documents booleans


@dataclass
class SignificanceResult:
    """Result of one approximate randomization test.

    metric (str): the metric tested. shuffles (int): shuffles run. seed (int): the seed.
    observed (Dict[str, Optional[float]]): system A minus system B, per statistic.
    p_values (Dict[str, float]): per statistic ("precision", "recall", "f1").
    system_a (Dict[str, Optional[float]]), system_b (...): the pooled statistics.
    """

    metric: str
    shuffles: int
    seed: int
    observed: Dict[str, Optional[float]]
    p_values: Dict[str, float]
    system_a: Dict[str, Optional[float]]
    system_b: Dict[str, Optional[float]]

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): the fields."""
        return dict(self.__dict__)


def _stats(tp: numpy.ndarray, fp: numpy.ndarray, fn: numpy.ndarray) -> Dict[str, numpy.ndarray]:
    """P, R, F1 of pooled counts (arrays); 0/0 gives 0 so differences stay defined."""
    with numpy.errstate(divide="ignore", invalid="ignore"):
        p = numpy.where(tp + fp > 0, tp / numpy.maximum(tp + fp, 1), 0.0)
        r = numpy.where(tp + fn > 0, tp / numpy.maximum(tp + fn, 1), 0.0)
        f = numpy.where(2 * tp + fp + fn > 0, 2 * tp / numpy.maximum(2 * tp + fp + fn, 1), 0.0)
    return {"precision": p, "recall": r, "f1": f}


def approximate_randomization(
    counts_a: Sequence[Counts],
    counts_b: Sequence[Counts],
    *,
    shuffles: int = DEFAULT_SHUFFLES,
    seed: int = 0,
    metric: str = "strict",
) -> SignificanceResult:
    """Test whether two systems' P, R and F1 differ.

    counts_a (Sequence[Counts]): per-document counts of system A.
    counts_b (Sequence[Counts]): per-document counts of system B, same documents, same order.
    shuffles (int): number of shuffles (9,999 as in the seeds).
    seed (int): seed of the numpy Generator.
    metric (str): the metric's name, for the report.
    RETURNS (SignificanceResult): observed differences and p-values.
    RAISES (ValueError): the two lists differ in length.
    """
    if len(counts_a) != len(counts_b):
        raise ValueError(f"Both systems need the same documents ({len(counts_a)} vs {len(counts_b)})")
    a = numpy.array([[c.tp, c.fp, c.fn] for c in counts_a], dtype=numpy.int64).reshape(-1, 3)
    b = numpy.array([[c.tp, c.fp, c.fn] for c in counts_b], dtype=numpy.int64).reshape(-1, 3)
    total_a, total_b = a.sum(axis=0), b.sum(axis=0)
    stats_a, stats_b = _stats(*total_a), _stats(*total_b)
    observed = {k: float(stats_a[k] - stats_b[k]) for k in stats_a}
    delta = b - a  # what system A gains when a document is swapped
    rng = numpy.random.default_rng(seed)
    at_least = {k: 0 for k in observed}
    done = 0
    while done < shuffles:
        n = min(_CHUNK, shuffles - done)
        swap = rng.random((n, len(a))) < 0.5
        moved = swap.astype(numpy.int64) @ delta  # (n, 3)
        shuffled_a = total_a + moved
        shuffled_b = total_b - moved
        sa = _stats(shuffled_a[:, 0], shuffled_a[:, 1], shuffled_a[:, 2])
        sb = _stats(shuffled_b[:, 0], shuffled_b[:, 1], shuffled_b[:, 2])
        for k in at_least:
            # A tiny tolerance so float noise on equal differences counts as "as large".
            at_least[k] += int(numpy.sum(numpy.abs(sa[k] - sb[k]) >= abs(observed[k]) - 1e-12))
        done += n
    p_values = {k: (at_least[k] + 1) / (shuffles + 1) for k in at_least}

    def pooled(total: numpy.ndarray) -> Dict[str, Optional[float]]:
        c = Counts(*(int(x) for x in total))
        return {"precision": c.precision, "recall": c.recall, "f1": c.f1}

    return SignificanceResult(metric, shuffles, seed, observed, p_values, pooled(total_a), pooled(total_b))
