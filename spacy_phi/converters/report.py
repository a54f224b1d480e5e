"""What a conversion did: counts per label and reason, and examples of what
could not be used. Holds ids, offsets, labels and counts only, never note text.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .._logging import logger
from .records import UnusableSpan

#: Examples kept per reason (the counts are always complete).
MAX_EXAMPLES_PER_REASON = 100


@dataclass
class ConversionReport:
    """Counts of a conversion.

    documents (int): Docs produced.
    spans (Counter): usable spans (those in `doc.ents`) per our label.
    snapped (int): usable spans widened outward to token boundaries.
    trimmed (int): usable spans whose leading/trailing whitespace was removed.
        Trimming is not counted as snapping: it only drops whitespace, which is
        never PHI, while snapping adds characters nobody annotated.
    unusable (Counter): spans not used, per reason (REASON_* in records.py).
    unusable_examples (List[UnusableSpan]): up to MAX_EXAMPLES_PER_REASON per reason.
    skipped (Counter): records or lines that could not be read at all, per reason.
    skipped_examples (List[Tuple[str, str]]): (location, reason), where location
        names a file and line or record, up to MAX_EXAMPLES_PER_REASON per reason.
    ignored (Counter): source lines deliberately not converted, per kind
        (e.g. BRAT attribute and relation lines).
    """

    documents: int = 0
    spans: Counter = field(default_factory=Counter)
    snapped: int = 0
    trimmed: int = 0
    unusable: Counter = field(default_factory=Counter)
    unusable_examples: List[UnusableSpan] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)
    skipped_examples: List[Tuple[str, str]] = field(default_factory=list)
    ignored: Counter = field(default_factory=Counter)

    @property
    def total_spans(self) -> int:
        """RETURNS (int): the number of usable spans."""
        return sum(self.spans.values())

    @property
    def total_unusable(self) -> int:
        """RETURNS (int): the number of unusable spans."""
        return sum(self.unusable.values())

    def add_span(self, label: str, *, snapped: bool = False, trimmed: bool = False) -> None:
        """Count a span that made it into `doc.ents`.

        label (str): our label.
        snapped (bool): whether it was widened to token boundaries.
        trimmed (bool): whether surrounding whitespace was removed.
        """
        self.spans[label] += 1
        self.snapped += int(snapped)
        self.trimmed += int(trimmed)

    def add_unusable(self, span: UnusableSpan) -> None:
        """Count a span that could not be used and keep it as an example.

        span (UnusableSpan): the span, with its reason.
        """
        self.unusable[span.reason] += 1
        if self.unusable[span.reason] <= MAX_EXAMPLES_PER_REASON:
            self.unusable_examples.append(span)
        logger.debug(
            "Unusable span in record %s at %s-%s (%s): %s",
            span.record_id, span.start, span.end, span.label, span.reason,
        )

    def add_skipped(self, location: str, reason: str) -> None:
        """Count a record or line that could not be read; also logged as a warning.

        location (str): file and line or record id, never text.
        reason (str): why it was skipped.
        """
        self.skipped[reason] += 1
        if self.skipped[reason] <= MAX_EXAMPLES_PER_REASON:
            self.skipped_examples.append((location, reason))
        logger.warning("Skipped %s: %s", location, reason)

    def add_ignored(self, kind: str, count: int = 1) -> None:
        """Count source lines that are deliberately not converted.

        kind (str): what was ignored, e.g. "BRAT A lines".
        count (int): how many.
        """
        self.ignored[kind] += count

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): the report as JSON-serializable data."""
        return {
            "documents": self.documents,
            "spans": dict(self.spans),
            "snapped": self.snapped,
            "trimmed": self.trimmed,
            "unusable": dict(self.unusable),
            "unusable_examples": [
                {"record_id": s.record_id, "start": s.start, "end": s.end, "label": s.label, "reason": s.reason}
                for s in self.unusable_examples
            ],
            "skipped": dict(self.skipped),
            "skipped_examples": [{"location": loc, "reason": why} for loc, why in self.skipped_examples],
            "ignored": dict(self.ignored),
        }

    def format(self, examples: int = 0) -> str:
        """Human-readable summary (counts, ids and offsets only).

        examples (int): how many unusable spans and skipped items to list.
        RETURNS (str): the summary, several lines.
        """
        lines = [f"Documents: {self.documents}", f"Usable spans: {self.total_spans}"]
        lines += _counter_lines(self.spans)
        lines.append(f"Snapped outward to token boundaries: {self.snapped}")
        lines.append(f"Trimmed of surrounding whitespace: {self.trimmed}")
        lines.append(f"Unusable spans: {self.total_unusable}")
        lines += _counter_lines(self.unusable)
        for span in self.unusable_examples[:examples]:
            lines.append(f"    {span.record_id} {_offset(span.start)}-{_offset(span.end)} {span.label or '?'}: {span.reason}")
        if self.skipped:
            lines.append(f"Skipped records/lines: {sum(self.skipped.values())}")
            lines += _counter_lines(self.skipped)
            for location, reason in self.skipped_examples[:examples]:
                lines.append(f"    {location}: {reason}")
        if self.ignored:
            lines.append(f"Ignored source lines: {sum(self.ignored.values())}")
            lines += _counter_lines(self.ignored)
        return "\n".join(lines)


def _counter_lines(counter: Counter) -> List[str]:
    """Indented "name  count" lines, most common first."""
    if not counter:
        return []
    width = max(len(str(key)) for key in counter)
    return [f"  {str(key):<{width}}  {count}" for key, count in counter.most_common()]


def _offset(value: Optional[int]) -> str:
    """An offset for display; "?" when it could not be read."""
    return "?" if value is None else str(value)
