"""The per-run summary of `spacy-phi deid`: records, failures by reason, PHI
per label and per action. Counts only; it is printed on stderr and written
as JSON, and saved in resume checkpoints so a resumed run reports the whole
input.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List, Optional

from .records import RecordResult

_FAIL_CLOSED_STATS = ("unparseable_dates_masked", "failures_masked")


class RunSummary:
    """Counters of a run."""

    def __init__(self) -> None:
        self.records = 0
        self.records_ok = 0
        self.records_failed = 0
        self.chars = 0
        self.phi_spans = 0
        self.errors_by_reason: Counter = Counter()
        self.phi_per_label: Counter = Counter()
        self.actions: Counter = Counter()
        #: label -> Counter of actions ("DATE": {"keep": 12}): what the policy did to each label.
        self.actions_per_label: Dict[str, Counter] = {}
        self.detectors: Counter = Counter()
        self.fail_closed: Counter = Counter()
        self.info: Dict[str, Any] = {}

    def add(self, result: RecordResult) -> None:
        """Count one result.

        result (RecordResult): the result.
        """
        self.records += 1
        if not result.ok:
            self.records_failed += 1
            self.errors_by_reason[result.error.reason if result.error else "unknown"] += 1
            return
        self.records_ok += 1
        self.chars += len(result.record.text or "")
        self.phi_spans += len(result.spans)
        for span in result.spans:
            self.phi_per_label[span["label"]] += 1
            self.actions[span["action"]] += 1
            self.actions_per_label.setdefault(span["label"], Counter())[span["action"]] += 1
            self.detectors[span.get("detector", "unknown")] += 1
        for key in _FAIL_CLOSED_STATS:
            value = result.stats.get(key)
            if isinstance(value, int) and value:
                self.fail_closed[key] += value

    _COUNTERS = ("errors_by_reason", "phi_per_label", "actions", "detectors", "fail_closed")
    _NUMBERS = ("records", "records_ok", "records_failed", "chars", "phi_spans")

    def to_state(self) -> Dict[str, Any]:
        """The counters as a JSON-friendly dict (for resume checkpoints)."""
        state: Dict[str, Any] = {name: getattr(self, name) for name in self._NUMBERS}
        state.update({name: dict(getattr(self, name)) for name in self._COUNTERS})
        state["actions_per_label"] = {label: dict(c) for label, c in self.actions_per_label.items()}
        return state

    @classmethod
    def from_state(cls, state: Optional[Dict[str, Any]]) -> "RunSummary":
        """Counters restored from `to_state()`.

        state (Optional[Dict[str, Any]]): the saved counters.
        RETURNS (RunSummary): the summary.
        """
        summary = cls()
        for name in cls._NUMBERS:
            setattr(summary, name, int((state or {}).get(name, 0)))
        for name in cls._COUNTERS:
            setattr(summary, name, Counter((state or {}).get(name, {})))
        summary.actions_per_label = {
            label: Counter(counts) for label, counts in ((state or {}).get("actions_per_label") or {}).items()
        }
        return summary

    def to_dict(self) -> Dict[str, Any]:
        """Everything, for the JSON summary: run info then counts."""
        data = dict(self.info)
        data.update(
            {
                "records": self.records,
                "records_ok": self.records_ok,
                "records_failed": self.records_failed,
                "errors_by_reason": dict(sorted(self.errors_by_reason.items())),
                "phi_spans": self.phi_spans,
                "phi_per_label": dict(self.phi_per_label.most_common()),
                "actions": dict(self.actions.most_common()),
                "actions_per_label": {
                    label: dict(self.actions_per_label[label].most_common()) for label in sorted(self.actions_per_label)
                },
                "detectors": dict(self.detectors.most_common()),
                "masked_fail_closed": {k: self.fail_closed.get(k, 0) for k in _FAIL_CLOSED_STATS},
                "chars": self.chars,
            }
        )
        return data

    def format(self) -> str:
        """A few human-readable lines (counts, labels, reasons; never text)."""
        lines: List[str] = [
            f"deid: {self.records:,} records: {self.records_ok:,} de-identified, {self.records_failed:,} failed"
        ]
        if self.errors_by_reason:
            reasons = ", ".join(f"{reason} {n:,}" for reason, n in sorted(self.errors_by_reason.items()))
            lines.append(f"  failed by reason: {reasons}")
        lines.append(f"  PHI spans: {self.phi_spans:,}")
        if self.phi_per_label:
            labels = ", ".join(f"{label} {n:,}" for label, n in self.phi_per_label.most_common())
            lines.append(f"  per label: {labels}")
        if self.actions:
            lines.append("  actions: " + ", ".join(f"{a} {n:,}" for a, n in self.actions.most_common()))
        masked = sum(self.fail_closed.values())
        if masked:
            lines.append(
                f"  masked to fail closed: {self.fail_closed.get('unparseable_dates_masked', 0):,} unparseable "
                f"dates, {self.fail_closed.get('failures_masked', 0):,} surrogate failures"
            )
        retried = self.info.get("retried_alone")
        if retried:
            # A component failed on a batch, or a worker process died: see the warnings above.
            lines.append(f"  re-run alone to isolate a failure: {retried:,} records")
        seconds = self.info.get("seconds")
        rate = self.info.get("records_per_second")
        if seconds is not None:
            lines.append(f"  time: {seconds:.1f}s ({rate or 0:.1f} records/s in this run)")
        return "\n".join(lines)
