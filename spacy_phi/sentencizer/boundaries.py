"""Where sentences start: the rules of the `phi_sentencizer` component.

How it works. The text is cut into *chunks*: maximal runs of non-whitespace
characters (what a human calls a "word" with its punctuation glued to it).
Sentence boundaries are only placed at the first token of a chunk, so the
result depends very little on how the tokenizer splits a chunk ("p.o." or
"p.o" + "."), and our clinical tokenizer and spaCy's default one give the same
sentences. Chunks are grouped into lines; the gap before each chunk is either
on the same line, a single line break, or a blank line (2+ line breaks).

Whitespace tokens never start a sentence (except the first token of the doc):
a whitespace token, blank lines included, belongs to the END of the sentence
before it, and whitespace at the very start of a doc belongs to the first
sentence. So a doc "A.\\n\\nB." has the sentences "A.\\n\\n" and "B.", and a
whitespace-only doc is one sentence.

The rules, in the order they are tried at each chunk (first match wins):

1. The first chunk of the doc starts a sentence.
2. A blank line (a gap with 2+ line breaks, or a form feed) starts a sentence
   (all strategies).
3. A single line break: `split_on_newline="always"` splits; "never" treats it
   like a space (rule 4); "auto" decides with the line rules below.
4. On the same line:
   a. header colon: if the sentence so far is a known section header followed
      by ":" ("HPI:", "Assessment and Plan:"), the next chunk starts a new
      sentence (`split_after_header_colon`). Key: value pairs that are not
      section headers ("MRN: 0937884") stay one sentence, so the key stays next
      to its value.
   b. inline numbered list: "1. Aspirin 2. Tylenol" splits before "2."
   c. a "Key:" after a column gap (tab or 3+ spaces) starts a sentence:
      "Name: KYLE CHANEY        MRN: 6746781" is two.
   d. punctuation: after a chunk ending in "?", "!", "..." or a sentence-final
      ".", a chunk that starts (after opening quotes/brackets) with an
      uppercase letter or a digit starts a sentence. A chunk ending in "." is
      not sentence-final when it is a title or prefix abbreviation ("Dr.",
      "e.g.", "vs.", "approx."), an initial ("J."; but "vitamin D." and
      "101.2 F." can end a sentence), or a number that starts its sentence
      (list marker "1."). Abbreviations that can end a sentence ("p.o.",
      "q.d.", "M.D.", "etc.", "Sept.", "No.") only split before a capitalised
      word that is not itself such an abbreviation, so "Sept. 14", "No. 5",
      "p.o. q.d." and "M.D. saw her" stay whole; in an ALL CAPS note they
      never split on the same line. Lowercase next words never split on the
      same line ("a.m. today").
5. Line break rules (`split_on_newline="auto"`), between line L and line M:
   a. M starts with a list marker ("-", "*", "1.", "2)", "(a)") -> split.
   b. L is a header or ends with ":" -> split.
   c. L ends with a continuation cue (",", "-", "/", "and", "by", "the", ...),
      or, in an ALL CAPS note, M starts with "AND", "WITH", "TO", ... -> join
      (wrapped sentence).
   d. M is a header (known name, ALL CAPS in a mixed-case note, short line
      ending in ":") or starts with "Key:" -> split.
   e. L is a "Key: value" line and M does not start lowercase -> split.
   f. L ends with sentence-final punctuation -> split, unless the "." is a
      title/initial ("seen by Dr.\\nSmith") or an abbreviation followed by a
      lowercase word, as in rule 4d.
   g. M starts lowercase (or with ")" "," ...) -> join, unless L is a short
      lowercase list item that starts its own sentence ("aspirin 81 mg\\n
      lisinopril 10 mg" after a header).
   h. L or M is a table row (a tab or wide space gap between columns) -> split.
   i. L is a list item -> split.
   j. L looks wrapped (the note is wrapped at a width >= 40 and the first word
      of M would not have fitted on L) -> join.
   k. otherwise (a short line without final punctuation followed by a
      capitalised line: letterheads, addresses) -> split.
6. `max_sentence_tokens`: a sentence longer than this many tokens (whitespace
   included) is cut, preferably after a line break or ";", ",", ":".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterable, List, Mapping, Optional

from spacy.attrs import IDX
from spacy.tokens import Doc

from .layout import BULLETS, CLOSERS, MAX_HEADER_CHUNKS, DocLayout, normalize_header
from .wordlists import (
    CONTINUATION_STARTS,
    CONTINUATION_WORDS,
    FINAL_ABBREVIATIONS,
    LETTER_NOUNS,
    PREFIX_ABBREVIATIONS,
    SECTION_HEADERS,
)

#: The values of the `split_on_newline` setting.
NEWLINE_STRATEGIES = ("auto", "always", "never")

_OPENERS = "\"'([{<“‘«¿¡"
# Glued punctuation at the end of a line that means the sentence goes on.
_CONTINUATION_END = (",", "-", "–", "/", "&", "+", "(", "=")
_NUMBER_MARKER_RE = re.compile(r"^\(?(\d{1,2})[.)]$")
_LETTER_DOTS_RE = re.compile(r"^(?:[^\W\d_]\.)+[^\W\d_]$")  # "M.D", "U.S"
_MIN_WRAP_WIDTH = 40  # notes wrapped narrower than this are not "wrapped"

# Kinds of chunk-final period.
_NOT_FINAL = 0  # does not end with . ? !
_FINAL = 1  # ends a sentence before an uppercase word or digit
_PREFIX = 2  # never ends a sentence on the same line ("Dr.")
_ABBREV = 3  # ends a sentence only before a capitalised word ("p.o.")


def normalize_abbreviation(text: str) -> str:
    """The lookup key of an abbreviation: lowercase, no periods, no space.

    text (str): e.g. "B.I.D." or "Dr".
    RETURNS (str): e.g. "bid" or "dr".
    """
    return text.strip().lower().replace(".", "").replace(" ", "")


def known_abbreviations(prefix_extra: Iterable[str], final_extra: Iterable[str]) -> Dict[str, int]:
    """The kind of every known abbreviation, by its normalised key.

    A prefix abbreviation wins over a final one, and an extra one over a
    shipped one, so settings can move a shipped abbreviation to the other kind.

    prefix_extra (Iterable[str]): extra abbreviations that never end a sentence
        on the same line (the `abbreviations` setting).
    final_extra (Iterable[str]): extra abbreviations that end one only before
        a capitalised word (the `final_abbreviations` setting).
    RETURNS (Dict[str, int]): normalised abbreviation -> kind. A plain dict,
        so the component pickles for nlp.pipe(n_process=...).
    """
    kinds: Dict[str, int] = {}
    for abbr in FINAL_ABBREVIATIONS:
        kinds[abbr] = _ABBREV
    for abbr in PREFIX_ABBREVIATIONS:
        kinds[abbr] = _PREFIX
    for abbr in final_extra:
        kinds[normalize_abbreviation(abbr)] = _ABBREV
    for abbr in prefix_extra:
        kinds[normalize_abbreviation(abbr)] = _PREFIX
    kinds.pop("", None)
    return kinds


def known_headers(extra: Iterable[str]) -> FrozenSet[str]:
    """The section header names that split after their colon: the shipped
    ones and `extra` (the `headers` setting), normalised."""
    return SECTION_HEADERS | frozenset(normalize_header(h) for h in extra)


def _strip_openers(text: str) -> str:
    return text.lstrip(_OPENERS)


def _starts_upper_or_digit(text: str) -> bool:
    core = _strip_openers(text)
    return bool(core) and (core[0].isupper() or core[0].isdigit())


def _starts_upper(text: str) -> bool:
    core = _strip_openers(text)
    return bool(core) and core[0].isupper()


def _starts_lower(text: str) -> bool:
    core = _strip_openers(text)
    return bool(core) and core[0].islower()


@dataclass(frozen=True, slots=True)
class BoundaryRules:
    """Rules 1-6 above with one component's settings.

    abbreviation_kinds (Mapping[str, int]): from `known_abbreviations`.
    headers (FrozenSet[str]): from `known_headers`.
    split_on_newline (str): "auto", "always" or "never".
    split_after_header_colon (bool): rule 4a on or off.
    max_sentence_tokens (Optional[int]): rule 6; None or 0 turns it off.
    """

    abbreviation_kinds: Mapping[str, int]
    headers: FrozenSet[str]
    split_on_newline: str
    split_after_header_colon: bool
    max_sentence_tokens: Optional[int]

    def sentence_starts(self, doc: Doc) -> List[bool]:
        """Decide the sentence starts of a Doc, without modifying it.

        doc (Doc): The document.
        RETURNS (List[bool]): One value per token; the first is True if the
            doc is not empty.
        """
        n_tokens = len(doc)
        if n_tokens == 0:
            return []
        flags = [False] * n_tokens
        flags[0] = True
        layout = DocLayout(doc.text)
        if not layout.chunks:
            return flags  # whitespace only: one sentence
        offsets = doc.to_array(IDX).tolist()
        token_at = dict(zip(offsets, range(len(offsets))))
        chunk_starts = self._chunk_starts(layout)
        for c, is_start in enumerate(chunk_starts):
            # c == 0: token 0 is already a start; whitespace before the first
            # chunk belongs to the first sentence.
            if is_start and c:
                # A chunk that does not begin at a token boundary (a tokenizer
                # that keeps whitespace inside a token) cannot start a sentence.
                i = token_at.get(layout.starts[c])
                if i is not None:
                    flags[i] = True
        if self.max_sentence_tokens:
            self._cut_long_sentences(doc, layout, token_at, flags)
        return flags

    def _chunk_starts(self, layout: DocLayout) -> List[bool]:
        """Rules 1-5 of the module docstring, chunk by chunk."""
        chunks = layout.chunks
        gaps = layout.gaps
        line_of = layout.line_of
        n = len(chunks)
        starts = [False] * n
        starts[0] = True
        strategy = self.split_on_newline
        sent_first = 0  # first chunk of the current sentence
        list_num = -1  # number of the inline list marker that began the sentence
        list_line = -1
        for j in range(1, n):
            gap = gaps[j]
            if gap >= 2:
                split = True
            elif gap == 1 and strategy == "always":
                split = True
            elif gap == 1 and strategy == "auto":
                split = self._line_break(layout, j, sent_first, starts)
            else:
                split = self._same_line(layout, j, sent_first, list_num, list_line)
            if split:
                starts[j] = True
                sent_first = j
                marker = _NUMBER_MARKER_RE.match(chunks[j])
                if marker is not None:
                    list_num = int(marker.group(1))
                    list_line = line_of[j]
                else:
                    list_num = -1
        return starts

    def _same_line(self, layout: DocLayout, j: int, sent_first: int, list_num: int, list_line: int) -> bool:
        """Rule 4: chunk j follows chunk j-1 on the same line (or across a line
        break treated as a space)."""
        chunks = layout.chunks
        prev = chunks[j - 1]
        # 4a: header colon. Cheap test first: only chunks ending in ":".
        if (
            self.split_after_header_colon
            and prev.endswith(":")
            and j - sent_first <= MAX_HEADER_CHUNKS
            and self._is_section_header(layout, sent_first, j - 1)
        ):
            return True
        # 4b: "1. Aspirin 2. Tylenol": split before the next number.
        if list_num >= 0 and layout.line_of[j] == list_line:
            marker = _NUMBER_MARKER_RE.match(chunks[j])
            if marker is not None and int(marker.group(1)) == list_num + 1 and j + 1 < len(chunks):
                return True
        # 4c: "Name: KYLE CHANEY        MRN: 6746781": a key after a column gap.
        if layout.wide_gap[j] and layout.is_column_gap(j) and layout.key_end_from(j) >= 0:
            return True
        # 4d: punctuation.
        kind = self._final_kind(layout, j - 1, sent_first)
        if kind == _NOT_FINAL or kind == _PREFIX:
            return False
        nxt = chunks[j]
        if kind == _FINAL:
            return _starts_upper_or_digit(nxt) or nxt in BULLETS
        return self._abbrev_splits_before(layout, nxt)

    def _abbrev_splits_before(self, layout: DocLayout, nxt: str) -> bool:
        if not _starts_upper(nxt) or not layout.mixed_case:
            # In an ALL CAPS note a capital is no sign of a new sentence.
            return False
        # "p.o. Q.D.": the next abbreviation continues the sentence.
        word = _strip_openers(nxt).rstrip(CLOSERS + ".,;:")
        return self.abbreviation_kinds.get(normalize_abbreviation(word)) != _ABBREV

    def _final_kind(self, layout: DocLayout, c: int, sent_first: int) -> int:
        """How the chunk c ends: not with sentence punctuation, with a final
        one, with a prefix abbreviation/initial, or with an abbreviation that
        can end a sentence."""
        core = layout.chunks[c].rstrip(CLOSERS)
        if not core:
            return _NOT_FINAL
        last = core[-1]
        if last in "?!…":
            return _FINAL
        if last != ".":
            return _NOT_FINAL
        if core.endswith(".."):
            return _FINAL  # ellipsis
        word = _strip_openers(core[:-1])
        if not word:
            return _FINAL
        if word.isdigit():
            # "1." that begins its sentence is a list marker.
            if c == sent_first and len(word) <= 3:
                return _PREFIX
            return _FINAL
        letters = word.replace(".", "")
        if not letters.isalpha():
            return _FINAL
        if len(word) == 1:
            # An initial ("J. Smith", "Ada R. Kruger"), unless the word before
            # names things by letter ("hepatitis C.") or it is a unit after a
            # number ("Temp 101.2 F.").
            if c > 0 and layout.line_of[c - 1] == layout.line_of[c]:
                before = layout.chunks[c - 1]
                if before.lower() in LETTER_NOUNS or before[-1:].isdigit():
                    return _ABBREV
            return _PREFIX
        key = letters.lower()
        kind = self.abbreviation_kinds.get(key)
        if key == "sr" and kind == _ABBREV:
            # "John Smith Sr." (suffix) vs "Sr. López", "al Sr. López" (title).
            if c == sent_first or not layout.chunks[c - 1][:1].isupper():
                return _PREFIX
        if key == "st" and kind is None:
            # "St. Mary's" (saint) vs "123 Main St. He" (street).
            for i in range(max(0, c - 3), c):
                if layout.line_of[i] == layout.line_of[c] and layout.chunks[i].rstrip(",").isdigit():
                    return _ABBREV
            return _PREFIX
        if kind is not None:
            return kind
        if _LETTER_DOTS_RE.match(word):
            return _ABBREV  # unknown dotted abbreviation ("U.S.", "w.r.t.")
        return _FINAL

    def _is_section_header(self, layout: DocLayout, first: int, last: int) -> bool:
        """Whether chunks first..last (the last ending in ":") are a section
        header name."""
        text = layout.text[layout.starts[first] : layout.ends[last]]
        return normalize_header(text) in self.headers

    def _line_break(self, layout: DocLayout, j: int, sent_first: int, starts: List[bool]) -> bool:
        """Rule 5: chunk j starts a line after a single line break."""
        chunks = layout.chunks
        m_line = layout.line_of[j]
        l_line = m_line - 1
        prev = chunks[j - 1]
        nxt = chunks[j]
        # a. next line is a list item
        if layout.is_list_item(m_line):
            return True
        # b. previous line is a header or ends with ":"
        if prev.endswith(":") or layout.is_header(l_line):
            return True
        # c. previous line ends with a continuation cue
        if prev.endswith(_CONTINUATION_END) or self._is_continuation_word(layout, prev):
            return False
        # ... or, in an ALL CAPS note, the next line starts with one
        if nxt.isupper() and nxt.lower() in CONTINUATION_STARTS and not layout.mixed_case:
            return False
        # d. next line is a header or starts with "Key:"
        if layout.is_header(m_line) or layout.key_end(m_line) >= 0:
            return True
        # e. previous line is "Key: value"
        if layout.key_end(l_line) >= 0 and not _starts_lower(nxt):
            return True
        # f. previous line ends with sentence punctuation
        kind = self._final_kind(layout, j - 1, sent_first)
        if kind == _FINAL:
            return True
        if kind == _PREFIX:
            return False
        if kind == _ABBREV:
            return self._abbrev_splits_before(layout, nxt)
        # g. next line starts lowercase or with closing punctuation
        first_char = nxt[0]
        if first_char.islower() or first_char in CLOSERS or first_char in ",;:.%":
            if (
                first_char.islower()
                and starts[layout.line_first[l_line]]
                and _starts_lower(chunks[layout.line_first[l_line]])
                and layout.line_chunks(l_line) <= MAX_HEADER_CHUNKS
                and not self._looks_wrapped(layout, l_line, j)
            ):
                return True  # a short lowercase list item after a header
            return False
        # h. table rows
        if layout.is_table_row(l_line) or layout.is_table_row(m_line):
            return True
        # i. previous line is a list item
        if layout.is_list_item(l_line):
            return True
        # j. wrapped text
        if self._looks_wrapped(layout, l_line, j):
            return False
        # k. short line followed by a capitalised (or digit, or symbol) line
        return True

    @staticmethod
    def _is_continuation_word(layout: DocLayout, word: str) -> bool:
        # Case matters in a mixed-case note: "Plan A" and "to the OR" end
        # their line, "seen by" does not. In an ALL CAPS note "BY" is "by".
        if word in CONTINUATION_WORDS:
            return True
        lower = word.lower()
        return lower != word and lower in CONTINUATION_WORDS and word.isupper() and not layout.mixed_case

    @staticmethod
    def _looks_wrapped(layout: DocLayout, l_line: int, j: int) -> bool:
        # Soft wrap: the next line's first word would not have fitted on the
        # previous line at the note's wrap width.
        width = layout.width
        if width < _MIN_WRAP_WIDTH:
            return False
        first_len = layout.ends[j] - layout.starts[j]
        return layout.line_end_col(l_line) + 1 + first_len > width

    def _cut_long_sentences(self, doc: Doc, layout: DocLayout, token_at: Dict[int, int], flags: List[bool]) -> None:
        """Rule 6: cut sentences longer than max_sentence_tokens, preferring a
        chunk after a line break or after ";", ",", ":"."""
        max_len = self.max_sentence_tokens
        assert max_len
        # Token index of each chunk start that can start a sentence, and how
        # good a cut there is (2: line break, 1: after ; , :, 0: other).
        candidates: List[int] = []
        quality: List[int] = []
        for c in range(1, len(layout.chunks)):
            i = token_at.get(layout.starts[c])
            if i is None:
                continue
            candidates.append(i)
            if layout.gaps[c]:
                quality.append(2)
            elif layout.chunks[c - 1][-1:] in ";,:":
                quality.append(1)
            else:
                quality.append(0)
        n_tokens = len(flags)
        sent_start = 0
        k = 0  # first candidate after sent_start
        i = 1
        while i < n_tokens:
            if flags[i]:
                sent_start = i
            elif i - sent_start >= max_len:
                low = i - max(1, max_len // 4)
                while k < len(candidates) and candidates[k] <= sent_start:
                    k += 1
                # The best cut in the last quarter of the window, else the
                # latest chunk start, else (one huge chunk) token i itself.
                best, best_q, latest = -1, -1, -1
                m = k
                while m < len(candidates) and candidates[m] <= i:
                    latest = candidates[m]
                    if latest > low and quality[m] >= best_q:
                        best, best_q = latest, quality[m]
                    m += 1
                if best < 0:
                    best = latest
                if best < 0:
                    # Inside the chunk: the last non-space token of the window.
                    best = i
                    while best > sent_start + 1 and doc[best].is_space:
                        best -= 1
                    while best < n_tokens and doc[best].is_space:
                        best += 1
                    if best >= n_tokens:
                        break
                flags[best] = True
                sent_start = best
                i = best
            i += 1
