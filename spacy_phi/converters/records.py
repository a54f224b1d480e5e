"""The format-neutral form of an annotated note that every reader produces.

A reader turns its source format into `Record`s and does nothing else: it does
not map labels, tokenize or resolve overlaps (that is `docs.records_to_docs`).
Offsets are always character (code point) offsets into `Record.text`, which is
the note exactly as in the source: no newline translation, no stripping.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

# Reasons a span cannot be used. Short, fixed strings so reports can count them.
REASON_MALFORMED = "malformed annotation"
REASON_DISCONTINUOUS = "discontinuous"
REASON_NO_RECORD = "no such record"
REASON_OUT_OF_RANGE = "out of range"
REASON_EMPTY = "empty"
REASON_WHITESPACE = "whitespace only"
REASON_TEXT_MISMATCH = "text mismatch"
REASON_UNKNOWN_LABEL = "unknown label"
REASON_NOT_PHI = "label not PHI"
REASON_UNALIGNABLE = "cannot align to tokens"
REASON_DUPLICATE = "duplicate"
REASON_SAME_TOKENS = "snapped onto the same tokens"
REASON_OVERLAP_LONGER = "overlaps a longer span"
REASON_OVERLAP_EQUAL = "overlaps an earlier span of equal length"


@dataclass(frozen=True)
class SourceSpan:
    """An annotation as the source wrote it, before label mapping and alignment.

    start (int): offset of the first character in the record text.
    end (int): offset after the last character (end-exclusive).
    label (str): the source label, e.g. "PTName" or "NOMBRE_SUJETO_ASISTENCIA".
    source_text (Optional[str]): the text the source says the span covers, if
        the format repeats it (i2b2 2014 `text`, BRAT third column, PhysioNet
        phrase). Checked against the record text, whitespace-insensitively.
    """

    start: int
    end: int
    label: str
    source_text: Optional[str] = None


@dataclass(frozen=True)
class UnusableSpan:
    """A span that could not be used, for the report. Never holds note text.

    record_id (str): the record it belongs to.
    start (Optional[int]): source start offset, None if it could not be read.
    end (Optional[int]): source end offset, None if it could not be read.
    label (Optional[str]): the source label, None if it could not be read.
    reason (str): one of the REASON_* strings.
    """

    record_id: str
    start: Optional[int]
    end: Optional[int]
    label: Optional[str]
    reason: str


@dataclass
class Record:
    """One annotated note.

    id (str): the record id (file stem, RECORD ID, "pid_note", JSONL "id").
    text (str): the note text, exactly as in the source.
    spans (List[SourceSpan]): the annotations still to be mapped and aligned.
    meta (Dict[str, Any]): JSON-serializable metadata (source file, ids).
    rejected (List[UnusableSpan]): annotations the reader already found
        unusable (malformed, discontinuous); reported by `records_to_docs`.
    """

    id: str
    text: str
    spans: List[SourceSpan] = field(default_factory=list)
    meta: Dict[str, Any] = field(default_factory=dict)
    rejected: List[UnusableSpan] = field(default_factory=list)
