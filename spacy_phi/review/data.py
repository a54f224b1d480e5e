"""What the review page shows: each note with the spans the pipeline found,
their detector and NER confidence, ordered so that the least certain come first.

Offsets are character (code point) offsets into the original text, as in the
converter's `jsonl` format; the page converts them to and from the browser's
UTF-16 indices itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence

from spacy.tokens import Doc

from ..converters.records import Record
from ..labels import LABEL_NAMES

#: Sort key of a span without an NER confidence (rules and known PHI are certain
#: by construction; a note without spans has nothing to doubt).
CERTAIN = 1.0

#: Span states the page knows: "pending" (not yet looked at), "accepted",
#: "rejected"; a span added by the reviewer is "added".
SPAN_STATES = ("pending", "accepted", "rejected", "added")


@dataclass
class ReviewSpan:
    """One span offered for review."""

    start: int
    end: int
    label: str
    detector: str = "ner"
    score: Optional[float] = None
    state: str = "pending"

    def to_json(self) -> Dict[str, Any]:
        return {"start": self.start, "end": self.end, "label": self.label, "detector": self.detector,
                "score": self.score, "state": self.state}


@dataclass
class ReviewNote:
    """One note: its id, original text, meta and spans."""

    id: str
    text: str
    spans: List[ReviewSpan] = field(default_factory=list)
    meta: Dict[str, Any] = field(default_factory=dict)
    done: bool = False

    @property
    def least_certainty(self) -> float:
        """The lowest NER confidence of its spans (CERTAIN when none has one)."""
        scores = [s.score for s in self.spans if s.score is not None]
        return min(scores) if scores else CERTAIN

    def to_json(self) -> Dict[str, Any]:
        return {"id": self.id, "text": self.text, "meta": self.meta, "done": self.done,
                "least_certainty": self.least_certainty, "spans": [s.to_json() for s in self.spans]}


def notes_from_docs(records: Sequence[Record], docs: Iterable[Doc]) -> List[ReviewNote]:
    """Review notes from the records and the pipeline's Docs of their texts.

    records (Sequence[Record]): the input records (ids, texts, meta).
    docs (Iterable[Doc]): the processed Docs, in record order; their
        `doc._.phi_provenance` (written by `phi_merge`) gives detector and score,
        `doc.ents` is used when a pipeline has no provenance.
    RETURNS (List[ReviewNote]): the notes, in record order.
    """
    notes: List[ReviewNote] = []
    for record, doc in zip(records, docs):
        provenance = doc._.phi_provenance if Doc.has_extension("phi_provenance") else None
        if provenance:
            spans = [ReviewSpan(p["start"], p["end"], p["label"], p.get("detector") or "unknown", p.get("score"))
                     for p in provenance]
        else:
            spans = [ReviewSpan(e.start_char, e.end_char, e.label_) for e in doc.ents]
        notes.append(ReviewNote(record.id, record.text, spans, dict(record.meta)))
    return notes


def resume_from(notes: List[ReviewNote], corrected: Sequence[Record]) -> int:
    """Replace the spans of notes already corrected (a saved corrections file)
    with the corrected spans, accepted, and mark those notes done.

    notes (List[ReviewNote]): the notes (changed in place).
    corrected (Sequence[Record]): the records of a saved corrections file.
    RETURNS (int): how many notes were taken from it (same id and same text).
    """
    by_id = {record.id: record for record in corrected}
    taken = 0
    for note in notes:
        record = by_id.get(note.id)
        if record is None or record.text != note.text:
            continue
        note.spans = [ReviewSpan(s.start, s.end, s.label, "reviewer", None, "accepted") for s in record.spans]
        note.done = True
        taken += 1
    return taken


def order_least_certain(notes: Sequence[ReviewNote]) -> List[ReviewNote]:
    """Notes to review first: not done, then by their least certain span,
    lowest first (ties keep the input order); in each note the spans stay in
    text order (the page lists them least certain first)."""
    return sorted(notes, key=lambda note: (note.done, note.least_certainty))


def page_data(notes: Sequence[ReviewNote], *, labels: Sequence[str] = LABEL_NAMES,
              download_name: str = "corrections.jsonl") -> Dict[str, Any]:
    """The JSON object embedded in the page.

    notes (Sequence[ReviewNote]): the notes, in review order.
    labels (Sequence[str]): the labels a reviewer may choose.
    download_name (str): the file name the page saves to.
    RETURNS (Dict[str, Any]): {"labels", "colors" (by label, as in the read-only
        review pages), "download_name", "notes"}.
    """
    for note in notes:
        for span in note.spans:
            if span.state not in SPAN_STATES:
                raise ValueError(f"unknown span state {span.state!r}")
    from ..deid.review_html import label_color

    return {"labels": list(labels), "colors": {label: label_color(label) for label in labels},
            "download_name": download_name, "notes": [n.to_json() for n in notes]}
