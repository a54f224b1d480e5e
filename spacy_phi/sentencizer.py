"""A rule-based sentence segmenter for clinical notes: the `phi_sentencizer`
pipeline component.

Punctuation-only splitting (spaCy's `Sentencizer`) breaks "Dr. Vincent" into two
sentences and so separates a name from its title cue, and it ignores the layout
that carries most of the structure of a clinical note: short lines, section
headers, key: value lines, lists, tables and letterheads. This component uses
both punctuation and layout.

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

import re
from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

import numpy
import srsly
from spacy import util
from spacy.attrs import IDX, SENT_START
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.scorer import Scorer
from spacy.tokens import Doc
from spacy.training import Example, validate_examples
from spacy.util import SimpleFrozenList, ensure_path

from ._logging import logger

# ---------------------------------------------------------------------------
# Abbreviations. Keys are normalised: lowercase, internal periods removed, so
# "b.i.d.", "B.I.D." and "bid." all match "bid".

# Never end a sentence when followed by text on the same line: titles come
# before a name ("Dr. Vincent"), the others introduce what follows.
PREFIX_ABBREVIATIONS = frozenset(
    """
    dr drs mr mrs ms mss mx messrs mmes prof profs rev hon fr capt cpt lt col
    gen maj sgt cmdr adm gov sen rep pres supt insp det dra sra srta sres dña
    eg ie vs v cf viz approx appr apprx aprox ca esp incl univ mt
    """.split()
)

# Can end a sentence, but usually do not: only split before a capitalised
# word ("p.o. q.d.", "Sept. 14", "No. 5", "M.D. saw her" stay whole).
FINAL_ABBREVIATIONS = frozenset(
    """
    po pr sl im sq sc npo qd bid tid qid qhs hs prn ac pc qod qam qpm qh qn qw
    qwk od os ou gtt gtts tab tabs cap caps sig disp
    pt pts appt hx dx tx rx sx fx yr yrs wk wks mo mos min mins hr hrs
    no nos nr num núm tel ext apt ste rm fig figs vol pp ch sec
    etc al jr sr inc ltd co corp llc hosp dept ave blvd rd ln ct hwy ft
    jan feb mar apr jun jul aug sep sept oct nov dec
    mon tue tues wed thu thur thurs fri sat sun
    am pm
    md do rn np pa phd dds dmd facp facs mph mba msn bsn lpn cnm crna pharmd
    lcsw dpm
    """.split()
)

# Words after which a single capital letter is a name ("hepatitis C."), not
# an initial, so "Check vitamin D. Follow up" can split.
LETTER_NOUNS = frozenset(
    """
    vitamin hepatitis hep type stage grade class group factor plan level phase
    lead room bed unit wing ward pod zone part section option step protein
    """.split()
)

# Section headers (normalised: lowercase, single spaces, no trailing colon).
# Only these split after their colon on the same line; any short line ending
# in ":" or written in ALL CAPS is still treated as a header at line breaks.
SECTION_HEADERS = frozenset(
    [
        "history of present illness",
        "history of the present illness",
        "hpi",
        "history",
        "interval history",
        "chief complaint",
        "cc",
        "reason for visit",
        "reason for admission",
        "reason for consultation",
        "reason for consult",
        "past medical history",
        "pmh",
        "pmhx",
        "past surgical history",
        "psh",
        "pshx",
        "past medical and surgical history",
        "medications",
        "meds",
        "current medications",
        "medications on admission",
        "admission medications",
        "discharge medications",
        "home medications",
        "outpatient medications",
        "allergies",
        "adverse reactions",
        "social history",
        "shx",
        "family history",
        "fhx",
        "review of systems",
        "ros",
        "physical exam",
        "physical examination",
        "exam",
        "pe",
        "vital signs",
        "vitals",
        "laboratory data",
        "laboratory",
        "labs",
        "pertinent results",
        "results",
        "studies",
        "imaging",
        "radiology",
        "assessment",
        "plan",
        "assessment and plan",
        "assessment & plan",
        "assessment/plan",
        "a/p",
        "a&p",
        "impression",
        "impression and plan",
        "diagnosis",
        "diagnoses",
        "admission diagnosis",
        "discharge diagnosis",
        "discharge diagnoses",
        "principal diagnosis",
        "secondary diagnoses",
        "problem list",
        "hospital course",
        "brief hospital course",
        "procedures",
        "operations",
        "major surgical or invasive procedure",
        "discharge instructions",
        "discharge disposition",
        "disposition",
        "discharge condition",
        "condition on discharge",
        "follow up",
        "follow-up",
        "followup",
        "followup instructions",
        "recommendations",
        "findings",
        "indication",
        "indications",
        "technique",
        "comparison",
        "conclusion",
        "conclusions",
        "summary",
        "subjective",
        "objective",
    ]
)

# Words that cannot end a sentence: a line ending in one of them is wrapped.
CONTINUATION_WORDS = frozenset(
    """
    a an the of to in on at by for with from and or but nor as than that which
    who whom whose is are was were be been being has have had his her their its
    our your my this these those into onto upon via per about after before
    during without within including over under between not very also if
    because while when where since although s/p w/ w/o
    de del la el los las y en con por para que al un una
    """.split()
)

# Words that cannot start a sentence of an ALL CAPS note ("...IMPROVED ON IV
# STEROIDS\nAND WAS ..."): the line before it was wrapped. In mixed case,
# lowercase does the job.
CONTINUATION_STARTS = frozenset(
    """
    and or but nor of to in on at by for with from as than that which who into
    onto via per without within including over under between because while
    since although is are was were has had have
    """.split()
)

_OPENERS = "\"'([{<“‘«¿¡"
_CLOSERS = "\"')]}>”’»"
# Glued punctuation at the end of a line that means the sentence goes on.
_CONTINUATION_END = (",", "-", "–", "/", "&", "+", "(", "=")
_BULLETS = frozenset(["-", "--", "*", "**", "•", "·", "–", "—", "+", ">", "o", "▪", "■", "◦", "‣", "●"])
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
_NUMBER_MARKER_RE = re.compile(r"^\(?(\d{1,2})[.)]$")
_KEY_RE = re.compile(r"^[A-Z#][\w#/&()'.\-]*(?::\S)")  # "MR:6746781" glued
_LETTER_DOTS_RE = re.compile(r"^(?:[^\W\d_]\.)+[^\W\d_]$")  # "M.D", "U.S"
_CHUNK_RE = re.compile(r"\S+")
_WS_RE = re.compile(r"\s+")
# Line breaks: "\n", "\r\n", a lone "\r", and the Unicode line separator.
_LINE_BREAK_RE = re.compile(r"\r\n|[\n\r\u2028\x85]")
# Page and paragraph breaks count as a blank line.
_PARAGRAPH_CHARS = ("\x0c", "\x0b", "\u2029")

# Kinds of chunk-final period.
_NOT_FINAL = 0  # does not end with . ? !
_FINAL = 1  # ends a sentence before an uppercase word or digit
_PREFIX = 2  # never ends a sentence on the same line ("Dr.")
_ABBREV = 3  # ends a sentence only before a capitalised word ("p.o.")

_NEWLINE_STRATEGIES = ("auto", "always", "never")
_MIN_WRAP_WIDTH = 40  # notes wrapped narrower than this are not "wrapped"
_MAX_HEADER_CHUNKS = 6
_MAX_KEY_CHUNKS = 5


def _normalize_abbreviation(text: str) -> str:
    """The lookup key of an abbreviation: lowercase, no periods, no space.

    text (str): e.g. "B.I.D." or "Dr".
    RETURNS (str): e.g. "bid" or "dr".
    """
    return text.strip().lower().replace(".", "").replace(" ", "")


def _normalize_header(text: str) -> str:
    """The lookup key of a section header: lowercase, single spaces, no colon.

    text (str): e.g. "HISTORY OF  PRESENT ILLNESS:".
    RETURNS (str): e.g. "history of present illness".
    """
    return _WS_RE.sub(" ", text.strip().rstrip(":").strip().lower())


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


def _is_all_caps(text: str) -> bool:
    # At least two letters, so "A" or "1." alone are not ALL CAPS lines.
    if text.upper() != text or text.lower() == text:
        return False
    return sum(1 for ch in text if ch.isalpha()) >= 2


class _DocState:
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
        if first in _BULLETS:
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
        if n_chunks <= _MAX_HEADER_CHUNKS:
            last_chunk = self.chunks[self.line_last[line]]
            if last_chunk.endswith(":") and not self._has_inner_final_punct(line):
                result = True
            else:
                result = _normalize_header(self.line_text(line)) in SECTION_HEADERS
        if not result:
            text = self.line_text(line)
            if len(text) <= 80 and _is_all_caps(text) and self.mixed_case:
                result = True
        self._cache[key] = result
        return result

    def _has_inner_final_punct(self, line: int) -> bool:
        for i in range(self.line_first[line], self.line_last[line]):
            if self.chunks[i].rstrip(_CLOSERS)[-1:] in ".?!":
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
                if self.chunks[i - 1].rstrip(_CLOSERS)[-1:] not in ".?!:":
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


class PhiSentencizer(Pipe):
    """Rule-based sentence segmentation for clinical notes.

    Sets `Token.is_sent_start` to True or False on every token. See the module
    docstring for the rules.
    """

    def __init__(
        self,
        name: str = "phi_sentencizer",
        *,
        abbreviations: Iterable[str] = SimpleFrozenList(),
        final_abbreviations: Iterable[str] = SimpleFrozenList(),
        headers: Iterable[str] = SimpleFrozenList(),
        split_on_newline: str = "auto",
        split_after_header_colon: bool = True,
        max_sentence_tokens: Optional[int] = 200,
        overwrite: bool = True,
        scorer: Optional[Callable] = None,
    ) -> None:
        """Initialize the sentencizer.

        name (str): The component name.
        abbreviations (Iterable[str]): Extra abbreviations that never end a
            sentence when text follows on the same line, like titles ("Hosp",
            "Mass."). Matched case-insensitively, with or without periods.
        final_abbreviations (Iterable[str]): Extra abbreviations that end a
            sentence only before a capitalised word, like "q.d." or "etc.".
        headers (Iterable[str]): Extra section header names ("Course on
            floor"). Matched case-insensitively, without the colon.
        split_on_newline (str): "auto" (layout rules), "always" (every line
            break starts a sentence) or "never" (a single line break is like a
            space). Blank lines split in all three.
        split_after_header_colon (bool): Whether the text after a section
            header's colon on the same line starts a new sentence.
        max_sentence_tokens (Optional[int]): Cut sentences longer than this
            many tokens; None or 0 to disable.
        overwrite (bool): Whether to overwrite sentence starts set by an
            earlier component. If False, tokens whose `is_sent_start` is already
            True or False keep it.
        scorer (Optional[Callable]): The scoring method. Defaults to
            Scorer.score_spans for the attribute "sents".
        """
        self.name = name
        self.scorer = scorer
        self._set_settings(
            {
                "abbreviations": list(abbreviations),
                "final_abbreviations": list(final_abbreviations),
                "headers": list(headers),
                "split_on_newline": split_on_newline,
                "split_after_header_colon": split_after_header_colon,
                "max_sentence_tokens": max_sentence_tokens,
                "overwrite": overwrite,
            }
        )

    # -- settings -----------------------------------------------------------

    def _set_settings(self, settings: Dict) -> None:
        strategy = settings.get("split_on_newline", "auto")
        if strategy not in _NEWLINE_STRATEGIES:
            raise ValueError(
                f"phi_sentencizer: split_on_newline must be one of {_NEWLINE_STRATEGIES}, got {strategy!r}"
            )
        max_tokens = settings.get("max_sentence_tokens", 200)
        if max_tokens is not None and (not isinstance(max_tokens, int) or max_tokens < 0):
            raise ValueError("phi_sentencizer: max_sentence_tokens must be None or an int >= 0")
        self.abbreviations: List[str] = _unique(settings.get("abbreviations", []))
        self.final_abbreviations: List[str] = _unique(settings.get("final_abbreviations", []))
        self.headers: List[str] = _unique(settings.get("headers", []))
        self.split_on_newline: str = strategy
        self.split_after_header_colon: bool = bool(settings.get("split_after_header_colon", True))
        self.max_sentence_tokens: Optional[int] = max_tokens or None
        self.overwrite: bool = bool(settings.get("overwrite", True))
        self._rebuild_lookups()

    def _rebuild_lookups(self) -> None:
        # Plain dicts and frozensets only, so the component pickles for
        # nlp.pipe(n_process=...).
        kinds: Dict[str, int] = {}
        for abbr in FINAL_ABBREVIATIONS:
            kinds[abbr] = _ABBREV
        for abbr in PREFIX_ABBREVIATIONS:
            kinds[abbr] = _PREFIX
        for abbr in self.final_abbreviations:
            kinds[_normalize_abbreviation(abbr)] = _ABBREV
        for abbr in self.abbreviations:
            kinds[_normalize_abbreviation(abbr)] = _PREFIX
        kinds.pop("", None)
        self._abbr_kinds = kinds
        self._headers = SECTION_HEADERS | frozenset(_normalize_header(h) for h in self.headers)

    @property
    def settings(self) -> Dict:
        """The settings, as saved by `to_bytes` and `to_disk`.

        RETURNS (Dict): JSON-serializable settings.
        """
        return {
            "abbreviations": list(self.abbreviations),
            "final_abbreviations": list(self.final_abbreviations),
            "headers": list(self.headers),
            "split_on_newline": self.split_on_newline,
            "split_after_header_colon": self.split_after_header_colon,
            "max_sentence_tokens": self.max_sentence_tokens,
            "overwrite": self.overwrite,
        }

    def add_abbreviations(self, abbreviations: Iterable[str], *, final: bool = False) -> None:
        """Add abbreviations after construction. They are saved with the
        component.

        abbreviations (Iterable[str]): e.g. ["Hosp.", "Mass"].
        final (bool): False: they never end a sentence on the same line (like
            titles); True: they end one only before a capitalised word.
        """
        if final:
            self.final_abbreviations = _unique(self.final_abbreviations + list(abbreviations))
        else:
            self.abbreviations = _unique(self.abbreviations + list(abbreviations))
        self._rebuild_lookups()

    def add_headers(self, headers: Iterable[str]) -> None:
        """Add section header names after construction. They are saved with
        the component.

        headers (Iterable[str]): e.g. ["Course on floor"].
        """
        self.headers = _unique(self.headers + list(headers))
        self._rebuild_lookups()

    # -- processing ---------------------------------------------------------

    def __call__(self, doc: Doc) -> Doc:
        """Set `Token.is_sent_start` on every token of a Doc.

        doc (Doc): The document to process.
        RETURNS (Doc): The processed Doc.
        """
        error_handler = self.get_error_handler()
        try:
            starts = self.predict(doc)
            self.set_annotations(doc, starts)
            return doc
        except Exception as e:
            return error_handler(self.name, self, [doc], e)

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:
        """Apply the component to a stream of documents.

        stream (Iterable[Doc]): A stream of documents.
        batch_size (int): Unused: docs are independent.
        YIELDS (Doc): Processed documents in order.
        """
        error_handler = self.get_error_handler()
        for doc in stream:
            try:
                starts = self.predict(doc)
                self.set_annotations(doc, starts)
                yield doc
            except Exception as e:
                # Like spaCy's Pipe.pipe: a doc whose error is handled is dropped.
                error_handler(self.name, self, [doc], e)

    def predict(self, doc: Doc) -> List[bool]:
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
        state = _DocState(doc.text)
        if not state.chunks:
            return flags  # whitespace only: one sentence
        offsets = doc.to_array(IDX).tolist()
        token_at = dict(zip(offsets, range(len(offsets))))
        chunk_starts = self._chunk_starts(state)
        for c, is_start in enumerate(chunk_starts):
            # c == 0: token 0 is already a start; whitespace before the first
            # chunk belongs to the first sentence.
            if is_start and c:
                # A chunk that does not begin at a token boundary (a tokenizer
                # that keeps whitespace inside a token) cannot start a sentence.
                i = token_at.get(state.starts[c])
                if i is not None:
                    flags[i] = True
        if self.max_sentence_tokens:
            self._cut_long_sentences(doc, state, token_at, flags)
        return flags

    def set_annotations(self, doc: Doc, starts: Sequence[bool]) -> None:
        """Write the sentence starts to the Doc.

        doc (Doc): The document to modify.
        starts (Sequence[bool]): The output of `predict`.
        """
        if not len(doc):
            return
        values = numpy.where(numpy.asarray(starts, dtype=bool), 1, -1).astype(numpy.int64)
        if not self.overwrite:
            existing = doc.to_array(SENT_START).astype(numpy.int64)
            values = numpy.where(existing != 0, existing, values)
        # from_array sets all tokens in one call; Token.is_sent_start would
        # refuse to write on a parsed doc and is slow token by token.
        doc.from_array([SENT_START], values.view(numpy.uint64).reshape((-1, 1)))

    def _chunk_starts(self, state: _DocState) -> List[bool]:
        """Rules 1-5 of the module docstring, chunk by chunk."""
        chunks = state.chunks
        gaps = state.gaps
        line_of = state.line_of
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
                split = self._line_break(state, j, sent_first, starts)
            else:
                split = self._same_line(state, j, sent_first, list_num, list_line)
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

    def _same_line(self, state: _DocState, j: int, sent_first: int, list_num: int, list_line: int) -> bool:
        """Rule 4: chunk j follows chunk j-1 on the same line (or across a line
        break treated as a space)."""
        chunks = state.chunks
        prev = chunks[j - 1]
        # 4a: header colon. Cheap test first: only chunks ending in ":".
        if (
            self.split_after_header_colon
            and prev.endswith(":")
            and j - sent_first <= _MAX_HEADER_CHUNKS
            and self._is_section_header(state, sent_first, j - 1)
        ):
            return True
        # 4b: "1. Aspirin 2. Tylenol": split before the next number.
        if list_num >= 0 and state.line_of[j] == list_line:
            marker = _NUMBER_MARKER_RE.match(chunks[j])
            if marker is not None and int(marker.group(1)) == list_num + 1 and j + 1 < len(chunks):
                return True
        # 4c: "Name: KYLE CHANEY        MRN: 6746781": a key after a column gap.
        if state.wide_gap[j] and state.is_column_gap(j) and state.key_end_from(j) >= 0:
            return True
        # 4d: punctuation.
        kind = self._final_kind(state, j - 1, sent_first)
        if kind == _NOT_FINAL or kind == _PREFIX:
            return False
        nxt = chunks[j]
        if kind == _FINAL:
            return _starts_upper_or_digit(nxt) or nxt in _BULLETS
        return self._abbrev_splits_before(state, nxt)

    def _abbrev_splits_before(self, state: _DocState, nxt: str) -> bool:
        if not _starts_upper(nxt) or not state.mixed_case:
            # In an ALL CAPS note a capital is no sign of a new sentence.
            return False
        # "p.o. Q.D.": the next abbreviation continues the sentence.
        word = _strip_openers(nxt).rstrip(_CLOSERS + ".,;:")
        return self._abbr_kinds.get(_normalize_abbreviation(word)) != _ABBREV

    def _final_kind(self, state: _DocState, c: int, sent_first: int) -> int:
        """How the chunk c ends: not with sentence punctuation, with a final
        one, with a prefix abbreviation/initial, or with an abbreviation that
        can end a sentence."""
        core = state.chunks[c].rstrip(_CLOSERS)
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
            if c > 0 and state.line_of[c - 1] == state.line_of[c]:
                before = state.chunks[c - 1]
                if before.lower() in LETTER_NOUNS or before[-1:].isdigit():
                    return _ABBREV
            return _PREFIX
        key = letters.lower()
        kind = self._abbr_kinds.get(key)
        if key == "sr" and kind == _ABBREV:
            # "John Smith Sr." (suffix) vs "Sr. López", "al Sr. López" (title).
            if c == sent_first or not state.chunks[c - 1][:1].isupper():
                return _PREFIX
        if key == "st" and kind is None:
            # "St. Mary's" (saint) vs "123 Main St. He" (street).
            for i in range(max(0, c - 3), c):
                if state.line_of[i] == state.line_of[c] and state.chunks[i].rstrip(",").isdigit():
                    return _ABBREV
            return _PREFIX
        if kind is not None:
            return kind
        if _LETTER_DOTS_RE.match(word):
            return _ABBREV  # unknown dotted abbreviation ("U.S.", "w.r.t.")
        return _FINAL

    def _is_section_header(self, state: _DocState, first: int, last: int) -> bool:
        """Whether chunks first..last (the last ending in ":") are a section
        header name."""
        text = state.text[state.starts[first] : state.ends[last]]
        return _normalize_header(text) in self._headers

    def _line_break(self, state: _DocState, j: int, sent_first: int, starts: List[bool]) -> bool:
        """Rule 5: chunk j starts a line after a single line break."""
        chunks = state.chunks
        m_line = state.line_of[j]
        l_line = m_line - 1
        prev = chunks[j - 1]
        nxt = chunks[j]
        # a. next line is a list item
        if state.is_list_item(m_line):
            return True
        # b. previous line is a header or ends with ":"
        if prev.endswith(":") or state.is_header(l_line):
            return True
        # c. previous line ends with a continuation cue
        if prev.endswith(_CONTINUATION_END) or self._is_continuation_word(state, prev):
            return False
        # ... or, in an ALL CAPS note, the next line starts with one
        if nxt.isupper() and nxt.lower() in CONTINUATION_STARTS and not state.mixed_case:
            return False
        # d. next line is a header or starts with "Key:"
        if state.is_header(m_line) or state.key_end(m_line) >= 0:
            return True
        # e. previous line is "Key: value"
        if state.key_end(l_line) >= 0 and not _starts_lower(nxt):
            return True
        # f. previous line ends with sentence punctuation
        kind = self._final_kind(state, j - 1, sent_first)
        if kind == _FINAL:
            return True
        if kind == _PREFIX:
            return False
        if kind == _ABBREV:
            return self._abbrev_splits_before(state, nxt)
        # g. next line starts lowercase or with closing punctuation
        first_char = nxt[0]
        if first_char.islower() or first_char in _CLOSERS or first_char in ",;:.%":
            if (
                first_char.islower()
                and starts[state.line_first[l_line]]
                and _starts_lower(chunks[state.line_first[l_line]])
                and state.line_chunks(l_line) <= _MAX_HEADER_CHUNKS
                and not self._looks_wrapped(state, l_line, j)
            ):
                return True  # a short lowercase list item after a header
            return False
        # h. table rows
        if state.is_table_row(l_line) or state.is_table_row(m_line):
            return True
        # i. previous line is a list item
        if state.is_list_item(l_line):
            return True
        # j. wrapped text
        if self._looks_wrapped(state, l_line, j):
            return False
        # k. short line followed by a capitalised (or digit, or symbol) line
        return True

    @staticmethod
    def _is_continuation_word(state: _DocState, word: str) -> bool:
        # Case matters in a mixed-case note: "Plan A" and "to the OR" end
        # their line, "seen by" does not. In an ALL CAPS note "BY" is "by".
        if word in CONTINUATION_WORDS:
            return True
        lower = word.lower()
        return lower != word and lower in CONTINUATION_WORDS and word.isupper() and not state.mixed_case

    @staticmethod
    def _looks_wrapped(state: _DocState, l_line: int, j: int) -> bool:
        # Soft wrap: the next line's first word would not have fitted on the
        # previous line at the note's wrap width.
        width = state.width
        if width < _MIN_WRAP_WIDTH:
            return False
        first_len = state.ends[j] - state.starts[j]
        return state.line_end_col(l_line) + 1 + first_len > width

    def _cut_long_sentences(self, doc: Doc, state: _DocState, token_at: Dict[int, int], flags: List[bool]) -> None:
        """Rule 6: cut sentences longer than max_sentence_tokens, preferring a
        chunk after a line break or after ";", ",", ":"."""
        max_len = self.max_sentence_tokens
        assert max_len
        # Token index of each chunk start that can start a sentence, and how
        # good a cut there is (2: line break, 1: after ; , :, 0: other).
        candidates: List[int] = []
        quality: List[int] = []
        for c in range(1, len(state.chunks)):
            i = token_at.get(state.starts[c])
            if i is None:
                continue
            candidates.append(i)
            if state.gaps[c]:
                quality.append(2)
            elif state.chunks[c - 1][-1:] in ";,:":
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

    # -- scoring ------------------------------------------------------------

    def score(self, examples: Iterable[Example], **kwargs) -> Dict[str, Union[float, Dict[str, float]]]:
        """Score a batch of examples on sentence boundaries.

        examples (Iterable[Example]): The examples to score.
        RETURNS (Dict[str, Any]): "sents_p", "sents_r" and "sents_f".
        """
        validate_examples(examples, "PhiSentencizer.score")
        if self.scorer is not None:
            return self.scorer(examples, **kwargs)
        return phi_sentencizer_score(examples, **kwargs)

    # -- serialization ------------------------------------------------------

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Serialize the settings to a bytestring.

        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (bytes): The serialized component.
        """
        serializers = {"cfg": lambda: srsly.json_dumps(self.settings)}
        return util.to_bytes(serializers, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiSentencizer":
        """Load the settings from a bytestring.

        bytes_data (bytes): The data to load.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (PhiSentencizer): The loaded component.
        """
        deserializers = {"cfg": lambda b: self._load_cfg(srsly.json_loads(b))}
        util.from_bytes(bytes_data, deserializers, exclude)
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """Save the settings to a directory.

        path (Union[str, Path]): A path to a directory, created if needed.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        """
        path = ensure_path(path)
        serializers = {"cfg": lambda p: srsly.write_json(p, self.settings)}
        util.to_disk(path, serializers, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiSentencizer":
        """Load the settings from a directory.

        path (Union[str, Path]): A path to a directory.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (PhiSentencizer): The loaded component.
        """
        path = ensure_path(path)
        deserializers = {"cfg": lambda p: self._load_cfg(srsly.read_json(p))}
        util.from_disk(path, deserializers, exclude)
        return self

    def _load_cfg(self, cfg: Dict) -> None:
        # Saved settings win over the config the component was created from:
        # they include abbreviations added with add_abbreviations().
        settings = self.settings
        settings.update(cfg)
        self._set_settings(settings)
        logger.debug(
            "phi_sentencizer %s: loaded %d extra abbreviations, %d extra headers",
            self.name,
            len(self.abbreviations) + len(self.final_abbreviations),
            len(self.headers),
        )


def _unique(items: Iterable[str]) -> List[str]:
    """The items in order, without duplicates; checks they are strings."""
    seen: Dict[str, None] = {}
    for item in items:
        if not isinstance(item, str):
            raise ValueError("phi_sentencizer: abbreviations and headers must be strings")
        seen.setdefault(item, None)
    return list(seen)


def phi_sentencizer_score(examples: Iterable[Example], **kwargs) -> Dict[str, Union[float, Dict[str, float]]]:
    """Score sentence boundaries like spaCy's Sentencizer.

    examples (Iterable[Example]): The examples to score.
    RETURNS (Dict[str, Any]): "sents_p", "sents_r" and "sents_f".
    """

    def has_sents(doc: Doc) -> bool:
        return doc.has_annotation("SENT_START")

    results = Scorer.score_spans(examples, "sents", has_annotation=has_sents, **kwargs)
    results.pop("sents_per_type", None)
    return results


@Language.factory(
    "phi_sentencizer",
    assigns=["token.is_sent_start", "doc.sents"],
    default_config={
        "abbreviations": [],
        "final_abbreviations": [],
        "headers": [],
        "split_on_newline": "auto",
        "split_after_header_colon": True,
        "max_sentence_tokens": 200,
        "overwrite": True,
        "scorer": {"@scorers": "spacy.senter_scorer.v1"},
    },
    default_score_weights={"sents_f": 1.0, "sents_p": 0.0, "sents_r": 0.0},
)
def make_phi_sentencizer(
    nlp: Language,
    name: str,
    abbreviations: List[str],
    final_abbreviations: List[str],
    headers: List[str],
    split_on_newline: str,
    split_after_header_colon: bool,
    max_sentence_tokens: Optional[int],
    overwrite: bool,
    scorer: Optional[Callable],
) -> PhiSentencizer:
    """Create a PhiSentencizer (the "phi_sentencizer" factory).

    nlp (Language): The pipeline.
    name (str): The component name.
    abbreviations (List[str]): Extra abbreviations that never end a sentence
        on the same line (like titles).
    final_abbreviations (List[str]): Extra abbreviations that end a sentence
        only before a capitalised word.
    headers (List[str]): Extra section header names.
    split_on_newline (str): "auto", "always" or "never".
    split_after_header_colon (bool): Whether text after a section header's
        colon starts a new sentence.
    max_sentence_tokens (Optional[int]): Cut longer sentences; None or 0 to
        disable.
    overwrite (bool): Whether to overwrite existing sentence starts.
    scorer (Optional[Callable]): The scoring method.
    RETURNS (PhiSentencizer): The component.
    """
    return PhiSentencizer(
        name,
        abbreviations=abbreviations,
        final_abbreviations=final_abbreviations,
        headers=headers,
        split_on_newline=split_on_newline,
        split_after_header_colon=split_after_header_colon,
        max_sentence_tokens=max_sentence_tokens,
        overwrite=overwrite,
        scorer=scorer,
    )
