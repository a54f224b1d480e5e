"""Leak check of de-identified output against gold PHI.

Input per document: the original text, the de-identified text, and the offset
map: one entry per replaced span, {"start", "end", "new_start", "new_end",
"label", "action"} (original and new offsets). Outside replaced spans the two
texts are identical, so a position maps by the cumulative length change of the
replacements before it.

For each gold span, its original string is stripped; strings shorter than
MIN_LEAK_LENGTH (2) characters are skipped and counted ("skipped_short"): a
single letter or digit occurs everywhere and would only add noise. Then:
- "leaked in place": the string occurs (case-insensitively) in the
  de-identified text inside the region that corresponds to the gold span: its
  mapped offsets, widened to every replacement that overlaps the gold span;
- "leaked anywhere": the string occurs anywhere in the de-identified text as a
  whole word (case-insensitive, not preceded or followed by a letter or digit).
Rates are over the checked (not skipped) spans. A partial leak ("John Smith"
replaced by "Peter Smith") is not a leak of the whole string and is not caught.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Sequence, Tuple

from .documents import PhiSpan, _as_spans

MIN_LEAK_LENGTH = 2
MAX_EXAMPLES = 50


@dataclass(frozen=True, order=True)
class Replacement:
    """One entry of the offset map.

    start, end (int): offsets in the original text. new_start, new_end (int):
    offsets in the de-identified text. label (str), action (str): as written.
    """

    start: int
    end: int
    new_start: int
    new_end: int
    label: str = ""
    action: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Replacement":
        """An entry from its JSON form."""
        return cls(int(data["start"]), int(data["end"]), int(data["new_start"]), int(data["new_end"]),
                   str(data.get("label", "")), str(data.get("action", "")))


@dataclass
class LeakDocument:
    """One de-identified document with its gold PHI.

    id (str): record id. original_text (str), deid_text (str): the two texts.
    offset_map (List[Replacement]): the replacements (dicts are accepted).
    gold (List[PhiSpan]): gold spans in original offsets.
    """

    id: str
    original_text: str
    deid_text: str
    offset_map: List[Any] = field(default_factory=list)
    gold: List[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.offset_map = sorted(
            r if isinstance(r, Replacement) else Replacement.from_dict(r) for r in self.offset_map
        )
        self.gold = sorted(_as_spans(self.gold))


def map_position(position: int, offset_map: Sequence[Replacement], side: str = "start") -> int:
    """Map an original position into the de-identified text.

    position (int): an offset in the original text.
    offset_map (Sequence[Replacement]): the replacements, sorted by start.
    side (str): for a position strictly inside a replacement: "start" gives
        the replacement's new start, "end" its new end.
    RETURNS (int): the offset in the de-identified text.
    """
    shift = 0
    for r in offset_map:
        if r.end <= position:
            shift += (r.new_end - r.new_start) - (r.end - r.start)
        elif r.start < position:
            return r.new_start if side == "start" else r.new_end
    return position + shift


def gold_region(span: PhiSpan, offset_map: Sequence[Replacement]) -> Tuple[int, int]:
    """The de-identified region that corresponds to a gold span.

    span (PhiSpan): the gold span. offset_map (Sequence[Replacement]): sorted replacements.
    RETURNS (Tuple[int, int]): start and end in the de-identified text.
    """
    start, end = map_position(span.start, offset_map, "start"), map_position(span.end, offset_map, "end")
    for r in offset_map:
        if r.start < span.end and span.start < r.end:
            start, end = min(start, r.new_start), max(end, r.new_end)
    return start, end


def map_is_consistent(doc: LeakDocument) -> bool:
    """Whether the original text with the replacements applied is the de-identified text.

    doc (LeakDocument): the document.
    RETURNS (bool): True if the map describes the texts.
    """
    parts, position = [], 0
    for r in doc.offset_map:
        if r.start < position:
            return False
        parts.append(doc.original_text[position:r.start])
        parts.append(doc.deid_text[r.new_start:r.new_end])
        position = r.end
    parts.append(doc.original_text[position:])
    return "".join(parts) == doc.deid_text


@dataclass
class LeakReport:
    """Leak counts per label and overall.

    per_label (Dict[str, Dict[str, int]]): gold, checked, skipped_short,
        leaked_in_place, leaked_anywhere, leaked (either) per label.
    examples (List[Dict[str, Any]]): leaks as record id, offsets, label and
        which check found them; never the text.
    inconsistent_maps (List[str]): ids whose offset map does not turn the
        original into the de-identified text (their "in place" results are unreliable).
    """

    per_label: Dict[str, Dict[str, int]] = field(default_factory=lambda: defaultdict(_empty_row))
    examples: List[Dict[str, Any]] = field(default_factory=list)
    inconsistent_maps: List[str] = field(default_factory=list)

    def total(self) -> Dict[str, int]:
        """RETURNS (Dict[str, int]): the per-label rows summed."""
        row = _empty_row()
        for counts in self.per_label.values():
            for key in row:
                row[key] += counts[key]
        return row

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): counts and rates per label and overall."""
        return {
            "min_length": MIN_LEAK_LENGTH,
            "overall": _with_rates(self.total()),
            "per_label": {label: _with_rates(row) for label, row in sorted(self.per_label.items())},
            "examples": list(self.examples),
            "inconsistent_maps": list(self.inconsistent_maps),
        }


def _empty_row() -> Dict[str, int]:
    return {"gold": 0, "checked": 0, "skipped_short": 0, "leaked_in_place": 0, "leaked_anywhere": 0, "leaked": 0}


def _with_rates(row: Dict[str, int]) -> Dict[str, Any]:
    checked = row["checked"]
    return {
        **row,
        "rate_in_place": row["leaked_in_place"] / checked if checked else None,
        "rate_anywhere": row["leaked_anywhere"] / checked if checked else None,
        "rate": row["leaked"] / checked if checked else None,
    }


def _whole_word(needle: str) -> "re.Pattern[str]":
    return re.compile(r"(?<![A-Za-z0-9])" + re.escape(needle) + r"(?![A-Za-z0-9])", re.IGNORECASE)


def leak_report(documents: Iterable[LeakDocument], *, max_examples: int = MAX_EXAMPLES) -> LeakReport:
    """Check de-identified documents for gold PHI that survived.

    documents (Iterable[LeakDocument]): the documents.
    max_examples (int): leak examples kept (ids and offsets only).
    RETURNS (LeakReport): the counts.
    """
    report = LeakReport()
    for doc in documents:
        if not map_is_consistent(doc):
            report.inconsistent_maps.append(doc.id)
        lowered = doc.deid_text.lower()
        for span in doc.gold:
            row = report.per_label[span.label]
            row["gold"] += 1
            needle = doc.original_text[span.start:span.end].strip()
            if len(needle) < MIN_LEAK_LENGTH:
                row["skipped_short"] += 1
                continue
            row["checked"] += 1
            start, end = gold_region(span, doc.offset_map)
            in_place = needle.lower() in lowered[start:end]
            anywhere = _whole_word(needle).search(doc.deid_text) is not None
            row["leaked_in_place"] += in_place
            row["leaked_anywhere"] += anywhere
            row["leaked"] += in_place or anywhere
            if (in_place or anywhere) and len(report.examples) < max_examples:
                report.examples.append({"record_id": doc.id, "start": span.start, "end": span.end,
                                        "label": span.label, "in_place": in_place, "anywhere": anywhere})
    return report
