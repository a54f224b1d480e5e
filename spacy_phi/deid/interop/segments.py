"""Several pieces of text de-identified as one note, then put back apart.

A FHIR resource or an HL7 message holds its text in several places (the
attachments, the narrative's text nodes, one OBX per line). The pieces are
joined with separators into one note, so names and dates that the pipeline
reads in context stay in context, and the de-identified note is cut back into
pieces with the span map: every boundary moves by the length change of the
spans before it. A span that crosses a boundary (a name split across two
text nodes) puts its whole replacement in the earlier piece; the later piece
starts after it. Each piece of output is a slice of the de-identified note,
so nothing of the original text can come back through this cut.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Sequence, Tuple

#: Between pieces that are separate paragraphs (two fields, two attachments).
BLOCK = "\n\n"
#: Between lines of one text (OBX lines, block elements of a narrative).
LINE = "\n"
#: Between inline pieces of one sentence (<b>Jane</b> Roe).
INLINE = ""


class SegmentError(ValueError):
    """The de-identified text and the span map disagree (names no text)."""


@dataclass
class SegmentedText:
    """The pieces of one record's text and where each lies in the joined note.

    pieces (List[str]): the texts, in order.
    bounds (List[Tuple[int, int]]): each piece's [start, end) in `text`.
    """

    pieces: List[str] = field(default_factory=list)
    bounds: List[Tuple[int, int]] = field(default_factory=list)
    _parts: List[str] = field(default_factory=list)
    _length: int = 0

    def add(self, piece: str, separator: str = BLOCK) -> int:
        """Append a piece; the separator goes before it (not before the first).

        piece (str): the text.
        separator (str): BLOCK, LINE or INLINE.
        RETURNS (int): the piece's index.
        """
        if self.pieces:
            self._parts.append(separator)
            self._length += len(separator)
        self._parts.append(piece)
        self.bounds.append((self._length, self._length + len(piece)))
        self._length += len(piece)
        self.pieces.append(piece)
        return len(self.pieces) - 1

    @property
    def text(self) -> str:
        """The joined note."""
        return "".join(self._parts)

    def split(self, new_text: str, spans: Sequence[Dict[str, Any]]) -> List[str]:
        """The de-identified pieces.

        new_text (str): the de-identified joined note.
        spans (Sequence[Dict[str, Any]]): the span map (`start`, `end`,
            `new_start`, `new_end`), as `RecordResult.spans`.
        RETURNS (List[str]): one de-identified text per piece.
        RAISES (SegmentError): the span map does not fit the texts.
        """
        ordered = sorted(spans, key=lambda s: (s["start"], s["end"]))
        expected = self._length + sum((s["new_end"] - s["new_start"]) - (s["end"] - s["start"]) for s in ordered)
        if expected != len(new_text):
            raise SegmentError("the span map does not account for the de-identified text's length")
        out = []
        for start, end in self.bounds:
            new_start, new_end = _moved(start, ordered), _moved(end, ordered)
            out.append(new_text[new_start:new_end] if new_start < new_end else "")
        return out


def _moved(offset: int, spans: Sequence[Dict[str, Any]]) -> int:
    """Where an offset of the original note lies in the de-identified one."""
    delta = 0
    for span in spans:
        if span["end"] <= offset:
            delta = span["new_end"] - span["end"]
        elif span["start"] < offset:
            return int(span["new_end"])  # inside a replaced span: after its replacement
        else:
            break
    return offset + delta
