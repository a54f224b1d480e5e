"""Corpus statistics: notes, words, spans per label, note types and templates
per split, and the table the CLI prints (counts only, never text)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, List

from ..labels import LABEL_NAMES
from .builder import SynthNote


@dataclass
class SplitStats:
    """Counts for one split (or test subset)."""

    notes: int = 0
    words: int = 0
    characters: int = 0
    spans: int = 0
    retries: int = 0
    snapped: int = 0
    labels: Counter = field(default_factory=Counter)
    note_types: Counter = field(default_factory=Counter)
    templates: Counter = field(default_factory=Counter)
    template_seen: Counter = field(default_factory=Counter)
    length_buckets: Counter = field(default_factory=Counter)

    def add(self, note: SynthNote, retries: int = 0, snapped: int = 0) -> None:
        words = len(note.text.split())
        self.snapped += snapped
        self.notes += 1
        self.words += words
        self.characters += len(note.text)
        self.spans += len(note.spans)
        self.retries += retries
        self.labels.update(s.label for s in note.spans)
        self.note_types[note.meta.get("note_type", "?")] += 1
        self.templates[note.meta.get("template", "?")] += 1
        self.template_seen["seen" if note.meta.get("template_seen", True) else "unseen"] += 1
        self.length_buckets[_bucket(words)] += 1

    def to_dict(self) -> Dict[str, Any]:
        return {
            "notes": self.notes,
            "words": self.words,
            "characters": self.characters,
            "spans": self.spans,
            "regenerated_notes": self.retries,
            "spans_snapped_to_period": self.snapped,
            "labels": {label: self.labels.get(label, 0) for label in LABEL_NAMES},
            "note_types": dict(sorted(self.note_types.items())),
            "templates": dict(sorted(self.templates.items())),
            "template_seen": dict(sorted(self.template_seen.items())),
            "words_per_note": dict(sorted(self.length_buckets.items(), key=lambda kv: _BUCKET_ORDER.index(kv[0]))),
        }


_BUCKET_ORDER = ["1-19", "20-99", "100-299", "300-999", "1000-2999", "3000+"]


def _bucket(words: int) -> str:
    for bound, name in ((20, "1-19"), (100, "20-99"), (300, "100-299"), (1000, "300-999"), (3000, "1000-2999")):
        if words < bound:
            return name
    return "3000+"


@dataclass
class CorpusStats:
    """Statistics of a whole corpus, per split."""

    seed: int = 0
    splits: Dict[str, SplitStats] = field(default_factory=dict)

    def add(self, split: str, note: SynthNote, retries: int = 0, snapped: int = 0) -> None:
        self.splits.setdefault(split, SplitStats()).add(note, retries, snapped)

    def to_dict(self) -> Dict[str, Any]:
        return {"seed": self.seed, "splits": {name: s.to_dict() for name, s in self.splits.items()}}

    def table(self) -> str:
        """A plain-text table: one row per label, one column per split (counts only)."""
        names = list(self.splits)
        width = max(14, *(len(n) + 2 for n in names)) if names else 14
        lines: List[str] = []
        header = f"{'':<16}" + "".join(f"{n:>{width}}" for n in names)
        lines.append(header)
        lines.append("-" * len(header))
        for row, getter in (("notes", lambda s: s.notes), ("words", lambda s: s.words), ("spans", lambda s: s.spans),
                            ("regenerated", lambda s: s.retries)):
            lines.append(f"{row:<16}" + "".join(f"{getter(self.splits[n]):>{width},}" for n in names))
        lines.append("-" * len(header))
        for label in LABEL_NAMES:
            lines.append(f"{label:<16}" + "".join(f"{self.splits[n].labels.get(label, 0):>{width},}" for n in names))
        return "\n".join(lines)
