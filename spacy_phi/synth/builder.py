"""NoteBuilder: writes a note piece by piece and records each PHI span as it
is written, so every offset is exact by construction (never found by
searching the finished text).

The builder also owns the two layout changes that must know where PHI is:
gluing a PHI value to the text before it (only where the clinical tokenizer
splits the glued token again, see `can_glue`) and hard-wrapping long lines at
spaces outside PHI (a space becomes a newline: offsets do not move).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Dict, FrozenSet, List, Optional, Tuple

from ..labels import LABELS

#: Characters the clinical tokenizer always splits around (its field separators).
SEPARATOR_CHARS = frozenset("^|\\#;~*=()[]{}<>")
_ORDINAL_START = re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])", re.I)


@dataclass(frozen=True)
class SynthSpan:
    """One PHI annotation: character offsets into the note text and a label.

    start (int): offset of the first character.
    end (int): offset after the last character.
    label (str): one of `spacy_phi.labels.LABEL_NAMES`.
    """

    start: int
    end: int
    label: str


@dataclass
class SynthNote:
    """A synthetic annotated note.

    id (str): the record id.
    text (str): the note.
    spans (List[SynthSpan]): the PHI spans, in document order.
    meta (Dict[str, Any]): note_type, template, split, template_seen, ...
    values (List[str]): the value written for each span (same order), kept
        so the validator can check the text at each span; not written out.
    """

    id: str
    text: str
    spans: List[SynthSpan]
    meta: Dict[str, Any] = field(default_factory=dict)
    values: List[str] = field(default_factory=list, repr=False)

    def to_json(self) -> Dict[str, Any]:
        """The JSONL exchange object: {"id", "text", "spans", "meta"}."""
        return {
            "id": self.id,
            "text": self.text,
            "spans": [{"start": s.start, "end": s.end, "label": s.label} for s in self.spans],
            "meta": dict(self.meta),
        }

    def to_record(self):
        """A `spacy_phi.converters.Record` of the note (labels of our scheme)."""
        from ..converters.records import Record, SourceSpan

        spans = [SourceSpan(s.start, s.end, s.label) for s in self.spans]
        return Record(id=self.id, text=self.text, spans=spans, meta=dict(self.meta))


def _is_letter(char: str) -> bool:
    return char.isalpha()


@lru_cache(maxsize=None)
def _colon_exceptions() -> FrozenSet[str]:
    """The clinical tokenizer's English special cases that start with a colon:
    the tokenizer would re-join them after its colon split, so a span could not
    start right after the colon. (It drops spaCy's emoticons such as ":P", so
    today this is empty; kept so a future exception cannot misalign spans.)"""
    from spacy.lang.en import English

    from ..tokenizer import language_exceptions

    return frozenset(k for k in language_exceptions(English.Defaults.tokenizer_exceptions) if k.startswith(":"))


def can_glue(left: str, right: str) -> bool:
    """Whether `left` and `right` may be written with no space between them
    and still be separate tokens for the clinical tokenizer (its split rules,
    `tokenizer.SPLIT_RULES`), so a PHI span on either side stays aligned.

    left (str): the text before the join (at least its last two characters).
    right (str): the text after the join (at least its first three characters).
    RETURNS (bool): True if the tokenizer splits at the join.
    """
    if not left or not right:
        return False
    a, b = left[-1], right[0]
    if a.isspace() or b.isspace():
        return True
    if a == ":":
        # "MR:6746781", "DOB:09/14/2067"; not where ":" + the value starts a
        # tokenizer special case.
        exceptions = _colon_exceptions()
        if any((":" + right[:n]) in exceptions for n in (1, 2, 3)):
            return False
        return len(left) >= 2 and _is_letter(left[-2])
    if a in SEPARATOR_CHARS or b in SEPARATOR_CHARS:
        return True
    if _is_letter(a) and b.isdigit():
        return a.isascii()  # "Results02/20/2087", "x557"
    if a.isdigit() and len(right) >= 2 and _is_letter(b) and _is_letter(right[1]):
        return not _ORDINAL_START.match(right)  # "0937884Date", but "14th" stays whole
    if a.islower() and a.isascii() and b.isupper() and b.isascii():
        return True  # camel case: "WhalenChief", "qWednesday"
    return False


class NoteBuilder:
    """Writes a note and its PHI spans.

    case (str): "as_is", "upper" or "lower": applied to everything written
        (text and PHI), as in all-caps reports or lower-case nursing notes.
    """

    def __init__(self, case: str = "as_is") -> None:
        if case not in ("as_is", "upper", "lower"):
            raise ValueError(f"Unknown case mode {case!r}")
        self.case = case
        self._parts: List[str] = []
        self._length = 0
        self._tail = ""  # the last few characters written (for glue decisions)
        self.spans: List[SynthSpan] = []
        self.values: List[str] = []

    def __len__(self) -> int:
        return self._length

    def _cased(self, text: str) -> str:
        if self.case == "upper":
            return text.upper()
        if self.case == "lower":
            return text.lower()
        return text

    def _append(self, text: str) -> None:
        self._parts.append(text)
        self._length += len(text)
        self._tail = (self._tail + text)[-4:]

    @property
    def tail(self) -> str:
        """The last (up to four) characters written."""
        return self._tail

    def add(self, text: str) -> None:
        """Write text that is not PHI.

        text (str): the text.
        """
        if text:
            self._append(self._cased(text))

    def phi(self, value: str, label: str) -> Optional[SynthSpan]:
        """Write a PHI value and record its span.

        value (str): the value, without surrounding whitespace.
        label (str): its label (one of LABEL_NAMES).
        RETURNS (Optional[SynthSpan]): the span, None for an empty value.
        """
        if label not in LABELS:
            raise ValueError(f"Unknown PHI label {label!r}")
        value = self._cased(value.strip())
        if not value:
            return None
        start = self._length
        self._append(value)
        span = SynthSpan(start, self._length, label)
        self.spans.append(span)
        self.values.append(value)
        return span

    def unspace(self, following: str) -> bool:
        """Remove one trailing space so `following` is glued to the text
        before it, when the clinical tokenizer splits the glued token again.

        following (str): the text about to be written.
        RETURNS (bool): whether the space was removed.
        """
        if not self._parts or not self._parts[-1].endswith(" ") or len(self._tail) < 2:
            return False
        before = self._tail[:-1]
        if before.endswith(" ") or not can_glue(before, self._cased(following)):
            return False
        if self.spans and self.spans[-1].end == self._length:
            return False  # never glue two PHI values together
        last = self._parts[-1][:-1]
        if last:
            self._parts[-1] = last
        else:
            self._parts.pop()
        self._length -= 1
        self._tail = before
        return True

    def text(self) -> str:
        """The note written so far."""
        return "".join(self._parts)

    def wrap(self, width: int) -> None:
        """Hard-wrap lines longer than `width` by turning spaces outside PHI
        into newlines (same length: no offset moves).

        width (int): the longest line wanted (lines without a usable space stay long).
        """
        text = self.text()
        if width <= 0 or len(text) <= width:
            return
        inside = bytearray(len(text))
        for span in self.spans:
            inside[span.start : span.end] = b"\x01" * (span.end - span.start)
        chars = list(text)
        line_start = 0
        last_space = -1
        for i, char in enumerate(chars):
            if char == "\n":
                line_start, last_space = i + 1, -1
                continue
            if char == " " and not inside[i]:
                last_space = i
            if i - line_start >= width and last_space > line_start:
                chars[last_space] = "\n"
                line_start, last_space = last_space + 1, -1
        self._parts = ["".join(chars)]
        self._tail = text[-4:]

    def result(self) -> Tuple[str, List[SynthSpan], List[str]]:
        """The text, its spans and their values."""
        return self.text(), list(self.spans), list(self.values)
