"""Keeping the clinical tokenizer linear in the length of a whitespace-free run.

spaCy's tokenizer handles each whitespace-free run of a text (a "chunk") on its
own: it strips prefixes and suffixes one at a time, testing the rest of the chunk
again after each, then tries its URL pattern on what is left. In ordinary notes
chunks are short (the longest in every corpus of assets/ has 165 characters). In a
note without spaces (a pasted HL7 message, a long run of punctuation, a hostile
input) one chunk is the whole note, and three parts of that loop cost time in
proportion to the chunk, which makes the whole quadratic in the chunk's length:

- the URL pattern's optional "user:password@" part backtracks from every ":" to
  the end of the chunk, in a single call;
- the suffix search tries every suffix rule at every position of the chunk, once
  per stripped affix;
- each stripped affix copies and hashes the rest of the chunk.

The first two are replaced by equivalent forms that find the same matches
(`linear_url_pattern`, `EndAnchoredSearch`); the third needs shorter chunks:
`chunk_cuts` says where to cut a run longer than `MAX_CHUNK` characters into pieces
that the tokenizer sees one by one. A note without such a run is not cut, so its
tokens are exactly those of spaCy's loop.
"""

from __future__ import annotations

import re
from typing import List, Optional, Sequence

from spacy.util import compile_suffix_regex

#: Longest whitespace-free run tokenized in one piece. Runs of ordinary notes are
#: far shorter; longer ones are cut (`chunk_cuts`), which bounds the time per
#: character of the affix loop.
MAX_CHUNK = 1000

#: spaCy's URL pattern allows "user:password@" before the host as
#: `(?:\S+(?::\S*)?@)?`. As ":" is itself a non-space character this matches
#: exactly the strings `(?:\S+@)?` matches, but a backtracking engine re-scans the
#: rest of the string from every ":" (quadratic in one call).
_URL_USERINFO = r"(?:\S+(?::\S*)?@)?"
_URL_USERINFO_LINEAR = r"(?:\S+@)?"

#: A whitespace-free run longer than MAX_CHUNK, found from its first character
#: only (the look-behind), so finding all of them is linear in the text.
_OVERLONG_RUN = re.compile(rf"(?<!\S)\S{{{MAX_CHUNK + 1},}}")
#: The last character that is not a word character, within a window: a piece ends
#: after punctuation where it can, so a word or number is not cut in two.
_LAST_BREAK = re.compile(r".*\W", re.DOTALL)

try:  # the regex parser of the standard library, to bound the width of a rule
    from re import _parser as _regex_parser
except ImportError:  # pragma: no cover - a Python without it: plain search
    _regex_parser = None  # type: ignore[assignment]


def linear_url_pattern(pattern: str) -> str:
    """A URL pattern that matches the same strings as `pattern` without its
    quadratic "user:password@" part (see `_URL_USERINFO`); `pattern` unchanged
    when it has no such part.

    pattern (str): a `url_match` pattern (spaCy's URL_PATTERN or a variant).
    RETURNS (str): the equivalent pattern.
    """
    return pattern.replace(_URL_USERINFO, _URL_USERINFO_LINEAR)


def _max_width(piece: str) -> Optional[int]:
    """The most characters the suffix rule `piece` can match; None when
    unbounded or not known (the rule is then searched over the whole string)."""
    if _regex_parser is None:
        return None
    try:
        anchored = _regex_parser.parse(piece + "$")
        # "a|b" joined as "a|b$" leaves "a" unanchored: not a rule of bounded reach.
        if str(anchored.data) != str(_regex_parser.parse(f"(?:{piece})$").data):
            return None
        width = anchored.getwidth()[1]
    except Exception:  # an exotic pattern: searched in full
        return None
    return None if width >= _regex_parser.MAXREPEAT else int(width)


class EndAnchoredSearch:
    """The tokenizer's `suffix_search`: the same match as `regex.search` of the
    suffix rules, found without trying every position of a long string.

    Suffix rules are alternatives anchored with `$` (spaCy's `compile_suffix_regex`).
    A plain search tries each of them at every position, once per stripped affix.
    A rule that matches at most `w` characters can only start in the last `w + 1`
    positions (`$` also matches before a final newline). Rules without a bound
    (spaCy's "\\.\\.+") are searched on their own over the whole string, which is
    fast. The search of all rules then starts at the first position where any rule
    can match, so it returns the match a plain search returns.

    spaCy saves a search function as `function.__self__.pattern`; `pattern` is the
    pattern of the suffix regex, so a saved pipeline stores the same rules.
    """

    def __init__(self, pieces: Sequence[str]):
        """pieces (Sequence[str]): the suffix rules, compiled as spaCy's
        `compile_suffix_regex` compiles them ("piece$|piece$|...").
        """
        self.regex = compile_suffix_regex(pieces)
        self.pattern = self.regex.pattern
        widths = {piece: _max_width(piece) for piece in pieces if piece.strip()}
        unbounded = [piece + "$" for piece, width in widths.items() if width is None]
        bounded = [width for width in widths.values() if width is not None]
        #: How far from the end a bounded rule can start (any position when "$"
        #: may match before every newline).
        self.reach = max(bounded, default=0) + 1 if not self.regex.flags & re.MULTILINE else None
        self.unbounded = re.compile("|".join(unbounded)) if unbounded else None

    #: Strings this short are searched plainly: as fast as finding where to start.
    PLAIN_UP_TO = 64

    def search(self, string: str) -> Optional["re.Match[str]"]:
        """The leftmost suffix match in `string`, as `regex.search(string)`."""
        if self.reach is None or len(string) <= self.PLAIN_UP_TO:
            return self.regex.search(string)
        start = len(string) - self.reach
        if self.unbounded is not None and start > 0:
            match = self.unbounded.search(string)
            if match is not None:
                start = min(start, match.start())
        if start <= 0:
            return self.regex.search(string)
        # Searching from `start` (not a slice): look-behinds and "^" see the whole string.
        return self.regex.search(string, start)


def chunk_cuts(text: str) -> List[int]:
    """Where to cut `text` so that no whitespace-free run longer than MAX_CHUNK
    reaches the tokenizer whole: the offsets of the cuts, ascending; none for a
    text without such a run.

    A cut goes at the start of each overlong run (its text before is left alone)
    and inside it every MAX_CHUNK characters at most, after the last non-word
    character of the second half of the piece where there is one.

    text (str): the text.
    RETURNS (List[int]): cut offsets (0 < offset < len(text)).
    """
    cuts: List[int] = []
    for run in _OVERLONG_RUN.finditer(text):
        start, end = run.span()
        if start > 0:
            cuts.append(start)
        while end - start > MAX_CHUNK:
            limit = start + MAX_CHUNK
            last_break = _LAST_BREAK.match(text, start + MAX_CHUNK // 2, limit)
            start = last_break.end() if last_break is not None else limit
            cuts.append(start)
    return cuts
