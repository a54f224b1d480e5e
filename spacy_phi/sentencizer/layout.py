"""The layout of one note as the sentence detector sees it: chunks and lines.

The text is cut into *chunks*: maximal runs of non-whitespace characters (what
a human calls a "word" with its punctuation glued to it). Chunks are grouped
into lines; the gap before each chunk is either on the same line, a single
line break, or a blank line (2+ line breaks, or a page/paragraph break).
`DocLayout` holds them with the line features the rules ask about (header,
list item, "Key:" line, table row, the width the note was wrapped at),
computed lazily and cached for the one call it lives for.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional

from .wordlists import SECTION_HEADERS

#: Closing quotes and brackets, looked through at the end of a chunk.
CLOSERS = "\"')]}>”’»"
#: Chunks that are list bullets on their own.
BULLETS = frozenset(["-", "--", "*", "**", "•", "·", "–", "—", "+", ">", "o", "▪", "■", "◦", "‣", "●"])
#: Longest section header, in chunks.
MAX_HEADER_CHUNKS = 6
_MAX_KEY_CHUNKS = 5

_LIST_MARKER_RE = re.compile(
    r"^(?:"
    r"\(?\d{1,3}[.)](?:$|(?=[^\W\d_]))"  # 1.  2)  (3)  1.Aspirin
    r"|#\d+[.):]?$"  # #1
    r"|\(?[a-z][.)]$"  # a.  b)
    r"|\([A-Za-z]\)$|[A-Z]\)$"  # (A)  B)
    r"|(?:ii|iii|iv|vi|vii|viii|ix|xi|xii|II|III|IV|VI|VII|VIII|IX|XI|XII)[.)]$"
    r"|[*•·▪●◦](?=\w)"  # *Aspirin
    r"|-(?=[^\W\d_])"  # -Aspirin
    r")"
)
_KEY_RE = re.compile(r"^[A-Z#][\w#/&()'.\-]*(?::\S)")  # "MR:6746781" glued
_CHUNK_RE = re.compile(r"\S+")
_WS_RE = re.compile(r"\s+")
# Line breaks: "\n", "\r\n", a lone "\r", and the Unicode line separator.
_LINE_BREAK_RE = re.compile(r"\r\n|[\n\r\u2028\x85]")
# Page and paragraph breaks count as a blank line.
_PARAGRAPH_CHARS = ("\x0c", "\x0b", "\u2029")


def normalize_header(text: str) -> str:
    """The lookup key of a section header: lowercase, single spaces, no colon.

    text (str): e.g. "HISTORY OF  PRESENT ILLNESS:".
    RETURNS (str): e.g. "history of present illness".
    """
    return _WS_RE.sub(" ", text.strip().rstrip(":").strip().lower())


def _is_all_caps(text: str) -> bool:
    # At least two letters, so "A" or "1." alone are not ALL CAPS lines.
    if text.upper() != text or text.lower() == text:
        return False
    return sum(1 for ch in text if ch.isalpha()) >= 2


class DocLayout:
    """The chunks and lines of one doc, and lazily computed line features.

    Lives only for one call; holds note text, so it is never logged or kept.
    """

    __slots__ = (
        "text",
        "starts",
        "ends",
        "chunks",
        "gaps",
        "wide_gap",
        "line_of",
        "line_first",
        "line_last",
        "line_start_char",
        "_cache",
        "_width",
        "_mixed_case",
    )

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: List[int] = []
        self.ends: List[int] = []
        self.chunks: List[str] = []
        # Line breaks before each chunk: 0 same line, 1 line break, 2 blank line.
        self.gaps: List[int] = []
        # Whether the same-line gap before a chunk is a tab or 2+ spaces.
        self.wide_gap: List[bool] = []
        self.line_of: List[int] = []
        self.line_first: List[int] = []
        self.line_last: List[int] = []
        self.line_start_char: List[int] = []
        self._cache: Dict[tuple, object] = {}
        self._width: Optional[int] = None
        self._mixed_case: Optional[bool] = None
        prev_end = 0
        line = -1
        for match in _CHUNK_RE.finditer(text):
            start, end = match.span()
            gap_text = text[prev_end:start]
            if not self.chunks:
                n_breaks = 1  # the first chunk starts the first line
                line_start = prev_end + _line_start_offset(gap_text)
            elif not gap_text or gap_text == " ":
                n_breaks = 0  # fast path: the usual single space
            else:
                n_breaks = len(_LINE_BREAK_RE.findall(gap_text))
                if any(ch in gap_text for ch in _PARAGRAPH_CHARS):
                    n_breaks = max(n_breaks, 2)
                line_start = prev_end + _line_start_offset(gap_text)
            wide = False
            if n_breaks:
                line += 1
                if self.chunks:
                    self.line_last.append(len(self.chunks) - 1)
                self.line_first.append(len(self.chunks))
                self.line_start_char.append(line_start)
            elif gap_text != " ":
                wide = "\t" in gap_text or len(gap_text) >= 2
            self.starts.append(start)
            self.ends.append(end)
            self.chunks.append(match.group())
            self.gaps.append(min(n_breaks, 2))
            self.wide_gap.append(wide)
            self.line_of.append(line)
            prev_end = end
        if self.chunks:
            self.line_last.append(len(self.chunks) - 1)

    # -- doc-level features -------------------------------------------------

    @property
    def width(self) -> int:
        """The longest line, in characters from the line start (the width the
        note was wrapped at, if it was)."""
        if self._width is None:
            self._width = max(
                (self.ends[last] - start for last, start in zip(self.line_last, self.line_start_char)),
                default=0,
            )
        return self._width

    @property
    def mixed_case(self) -> bool:
        """Whether the note uses lowercase: in an ALL CAPS note, ALL CAPS lines
        are not headers."""
        if self._mixed_case is None:
            lower = sum(map(str.islower, self.text))
            upper = sum(map(str.isupper, self.text))
            self._mixed_case = lower >= 0.2 * (lower + upper)
        return self._mixed_case

    # -- line features ------------------------------------------------------

    def line_text(self, line: int) -> str:
        return self.text[self.starts[self.line_first[line]] : self.ends[self.line_last[line]]]

    def line_chunks(self, line: int) -> int:
        return self.line_last[line] - self.line_first[line] + 1

    def line_end_col(self, line: int) -> int:
        return self.ends[self.line_last[line]] - self.line_start_char[line]

    def is_list_item(self, line: int) -> bool:
        first = self.chunks[self.line_first[line]]
        if first in BULLETS:
            # "o" is a bullet only when something follows it on the line.
            return first != "o" or self.line_chunks(line) > 1
        return _LIST_MARKER_RE.match(first) is not None

    def key_end(self, line: int) -> int:
        """The chunk that ends a "Key:" starting this line, or -1."""
        return self.key_end_from(self.line_first[line])

    def key_end_from(self, first: int) -> int:
        """The chunk that ends a "Key:" starting at chunk `first`, or -1.

        A key is 1-5 chunks on one line, starting with an uppercase letter or
        "#", without commas or sentence punctuation, followed by a colon
        ("MRN:", "Date of birth:", "Attending Physician :", "MR:6746781").
        """
        key = ("key", first)
        cached = self._cache.get(key)
        if cached is not None:
            return cached  # type: ignore[return-value]
        result = -1
        chunk = self.chunks[first]
        if chunk[:1].isupper() or chunk[:1] == "#":
            if _KEY_RE.match(chunk):
                result = first
            else:
                line = self.line_of[first]
                last = min(self.line_last[line], first + _MAX_KEY_CHUNKS - 1)
                for i in range(first, last + 1):
                    chunk = self.chunks[i]
                    if chunk.endswith(":"):
                        if i > first or len(chunk) > 1:
                            result = i
                        break
                    if any(ch in chunk for ch in ",;?!"):
                        break
        self._cache[key] = result
        return result

    def is_column_gap(self, j: int) -> bool:
        """Whether the same-line gap before chunk j separates columns: a tab
        or 3+ spaces."""
        if not self.wide_gap[j]:
            return False
        gap_text = self.text[self.ends[j - 1] : self.starts[j]]
        return "\t" in gap_text or len(gap_text) >= 3

    def is_header(self, line: int) -> bool:
        """A section header line: a known header name (with or without colon),
        a short line ending in ":", or an ALL CAPS line in a mixed-case note."""
        key = ("header", line)
        cached = self._cache.get(key)
        if cached is not None:
            return cached  # type: ignore[return-value]
        result = False
        n_chunks = self.line_chunks(line)
        if n_chunks <= MAX_HEADER_CHUNKS:
            last_chunk = self.chunks[self.line_last[line]]
            if last_chunk.endswith(":") and not self._has_inner_final_punct(line):
                result = True
            else:
                result = normalize_header(self.line_text(line)) in SECTION_HEADERS
        if not result:
            text = self.line_text(line)
            if len(text) <= 80 and _is_all_caps(text) and self.mixed_case:
                result = True
        self._cache[key] = result
        return result

    def _has_inner_final_punct(self, line: int) -> bool:
        for i in range(self.line_first[line], self.line_last[line]):
            if self.chunks[i].rstrip(CLOSERS)[-1:] in ".?!":
                return True
        return False

    def is_table_row(self, line: int) -> bool:
        """Columns separated by a tab, a gap of 3+ spaces, or two gaps of 2+
        spaces (one gap after a sentence end is just typing style)."""
        key = ("table", line)
        cached = self._cache.get(key)
        if cached is not None:
            return cached  # type: ignore[return-value]
        wide = 0
        result = False
        for i in range(self.line_first[line] + 1, self.line_last[line] + 1):
            if self.wide_gap[i]:
                if self.is_column_gap(i):
                    result = True
                    break
                if self.chunks[i - 1].rstrip(CLOSERS)[-1:] not in ".?!:":
                    wide += 1
                    if wide >= 2:
                        result = True
                        break
            elif self.chunks[i] == "|":
                result = True
                break
        self._cache[key] = result
        return result


def _line_start_offset(gap_text: str) -> int:
    """Offset in a whitespace gap just after its last line break (the column
    origin of the next line); 0 when the gap has no line break."""
    last = max(gap_text.rfind("\n"), gap_text.rfind("\r"), gap_text.rfind("\x0c"))
    return last + 1

