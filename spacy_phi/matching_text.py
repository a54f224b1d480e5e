"""The text the rules match on: a normalised view of a note, with a map back to
the note's own offsets.

Characters that look like ordinary letters to a reader but not to a regex hide a
name from the rules: a zero-width space inside a word ("J\\u200bohn"), a Cyrillic
or Greek look-alike inside a Latin word ("\\u0412isser"), fullwidth or other
compatibility letters ("\\uff28\\uff45\\uff53\\uff53"). `matching_text` gives a view
in which
- invisible characters (Unicode's default-ignorable code points: zero-width
  space, joiners, soft hyphen, byte-order mark, direction marks, …) are removed;
- compatibility characters are replaced by their NFKC form ("\\uff28" -> "H",
  "\\ufb01" -> "fi", no-break space -> space), except superscripts, subscripts and
  fractions ("10\\u2079/L", "m\\u00b2", "\\u00bd", the Spanish "n\\u00ba"), which would
  glue digits or letters into words that were never written, spacing accents
  ("\\u00b4"), whose NFKC form starts with a space, and forms in another script than
  Latin (the micro sign of "25 \\u00b5g" would become Greek mu);
- a Cyrillic or Greek letter that looks like a Latin one is replaced by it, but
  only inside a word that also has Latin letters: a Greek or Cyrillic word
  stays as it is ("\\u03bcg" too: mu has no Latin look-alike).

The view is only matched on. Every span found in it is mapped back with
`original_span` and indexes the original text, whose characters are never
changed. Each character is replaced on its own, so the view is built in linear
time; a text with none of these characters (every ASCII note, and most others)
is its own view and costs one scan.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

#: Unicode's Default_Ignorable_Code_Point characters (DerivedCoreProperties.txt):
#: drawn as nothing, so a reader sees "John" where the text has "J\u200bohn".
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
#: NFKC forms left alone: they would turn "10\u2079" into "109" or "n\u00ba" into "no".
_KEPT_COMPATIBILITY_TAGS = frozenset({"<super>", "<sub>", "<fraction>"})

#: Cyrillic and Greek letters drawn like a Latin letter (the single-letter entries of
#: Unicode's confusables.txt for these scripts), and that letter.
_LATIN_LOOKALIKES: Dict[str, str] = {
    # Cyrillic capitals and small letters
    "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H",
    "\u041e": "O", "\u0420": "P", "\u0421": "C", "\u0422": "T", "\u0425": "X", "\u0405": "S",
    "\u0406": "I", "\u0408": "J", "\u04ae": "Y", "\u04c0": "I", "\u051a": "Q", "\u051c": "W",
    "\u0430": "a", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y",
    "\u0445": "x", "\u0455": "s", "\u0456": "i", "\u0458": "j", "\u04bb": "h", "\u0501": "d",
    "\u051b": "q", "\u051d": "w", "\u04cf": "l",
    # Greek capitals and small letters
    "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "I",
    "\u039a": "K", "\u039c": "M", "\u039d": "N", "\u039f": "O", "\u03a1": "P", "\u03a4": "T",
    "\u03a5": "Y", "\u03a7": "X", "\u03bf": "o", "\u03bd": "v", "\u03b1": "a", "\u03b9": "i",
    "\u03c1": "p", "\u03c5": "u", "\u03b3": "y", "\u03f2": "c", "\u03f3": "j",
}
_LOOKALIKE_TABLE = str.maketrans(_LATIN_LOOKALIKES)
_LOOKALIKE = re.compile("[" + "".join(_LATIN_LOOKALIKES) + "]")
#: Latin letters (Basic Latin, Latin-1, Latin Extended-A/B and Additional).
_LATIN_LETTER = re.compile("[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]")


class MatchingText:
    """A text to match on and the map from its offsets to the original's.

    text (str): the normalised text (the original itself when nothing changed).
    """

    __slots__ = ("text", "_view_starts", "_view_ends", "_original_starts", "_original_ends")

    def __init__(self, text: str, edits: Sequence[Tuple[int, int, int, int]] = ()) -> None:
        # edits: (view start, view end, original start, original end) of each original
        # character whose replacement has another length (removed, or expanded), in
        # order. Replacements of the same length move no offset and need no entry.
        self.text = text
        self._view_starts = [edit[0] for edit in edits]
        self._view_ends = [edit[1] for edit in edits]
        self._original_starts = [edit[2] for edit in edits]
        self._original_ends = [edit[3] for edit in edits]

    @property
    def shifts_offsets(self) -> bool:
        """Whether a view offset can differ from the original's."""
        return bool(self._view_starts)

    def original_start(self, position: int) -> int:
        """The original offset of the view character at `position`."""
        edit = bisect_right(self._view_starts, position) - 1
        if edit < 0:
            return position
        if position < self._view_ends[edit]:
            return self._original_starts[edit]  # inside an expansion: its original character
        return self._original_ends[edit] + position - self._view_ends[edit]

    def original_end(self, end: int) -> int:
        """The original offset just after the view character before `end`."""
        if end <= 0:
            return 0
        last = end - 1
        edit = bisect_right(self._view_starts, last) - 1
        if edit < 0:
            return end
        if last < self._view_ends[edit]:
            return self._original_ends[edit]
        return self._original_ends[edit] + last - self._view_ends[edit] + 1

    def original_span(self, start: int, end: int) -> Tuple[int, int]:
        """The original offsets of the view's characters `start:end`: every
        original character that any of them comes from, and no more."""
        if not self._view_starts:
            return start, end
        original_start = self.original_start(start)
        if end <= start:
            return original_start, original_start
        return original_start, self.original_end(end)


@lru_cache(maxsize=4096)
def _replacement(char: str) -> Optional[str]:
    """What a character becomes in the view, or None when it stays."""
    if _INVISIBLE.match(char):
        return ""
    folded = unicodedata.normalize("NFKC", char)
    if folded == char:
        return None
    tag = unicodedata.decomposition(char).split(" ", 1)[0]
    if tag in _KEPT_COMPATIBILITY_TAGS or (len(folded) > 1 and folded[0] == " "):
        return None
    if any(letter.isalpha() and _LATIN_LETTER.match(letter) is None for letter in folded):
        # The rules are written in Latin letters: a form in another script helps none,
        # and the micro sign of "25 \u00b5g", which the rules know, would become Greek mu.
        return None
    return folded


def _replaced_characters(text: str) -> Tuple[str, List[Tuple[int, int, int, int]]]:
    """The text with invisible characters removed and compatibility characters
    folded, and the edits of the characters whose replacement has another length."""
    if unicodedata.is_normalized("NFKC", text) and _INVISIBLE.search(text) is None:
        return text, []  # most non-ASCII notes: accents, degree signs, bullets
    same_length: Dict[str, str] = {}
    other_length: Dict[str, str] = {}
    for char in set(text):
        if char.isascii():
            continue
        replacement = _replacement(char)
        if replacement is not None:
            (same_length if len(replacement) == 1 else other_length)[char] = replacement
    edits: List[Tuple[int, int, int, int]] = []
    if other_length:
        pieces: List[str] = []
        view_length = previous = 0
        pattern = re.compile("[" + "".join(re.escape(char) for char in other_length) + "]")
        for match in pattern.finditer(text):
            kept = text[previous : match.start()]
            replacement = other_length[match.group()]
            pieces.append(kept)
            pieces.append(replacement)
            view_length += len(kept)
            edits.append((view_length, view_length + len(replacement), match.start(), match.end()))
            view_length += len(replacement)
            previous = match.end()
        pieces.append(text[previous:])
        text = "".join(pieces)
    if same_length:
        text = text.translate(str.maketrans(same_length))
    return text, edits


def _latin_lookalikes_replaced(text: str) -> str:
    """The text with each Cyrillic or Greek look-alike that sits in a word with
    Latin letters replaced by its Latin letter (same length: no offset moves)."""
    if _LOOKALIKE.search(text) is None:
        return text
    pieces: List[str] = []
    previous = word_end = 0
    for match in _LOOKALIKE.finditer(text):
        if match.start() < word_end:
            continue  # a word already looked at
        word_start, word_end = match.start(), match.end()
        while word_start > previous and text[word_start - 1].isalpha():
            word_start -= 1
        while word_end < len(text) and text[word_end].isalpha():
            word_end += 1
        word = text[word_start:word_end]
        if _LATIN_LETTER.search(word) is not None:
            pieces.append(text[previous:word_start])
            pieces.append(word.translate(_LOOKALIKE_TABLE))
            previous = word_end
    if not pieces:
        return text
    pieces.append(text[previous:])
    return "".join(pieces)


def matching_text(text: str) -> MatchingText:
    """The normalised view of a text that the rules match on (see the module).

    text (str): the original text.
    RETURNS (MatchingText): the view and its map back to `text`'s offsets.
    """
    if text.isascii():
        return MatchingText(text)  # the fast path: nothing to normalise
    view, edits = _replaced_characters(text)
    return MatchingText(_latin_lookalikes_replaced(view), edits)


__all__ = ["MatchingText", "matching_text"]
