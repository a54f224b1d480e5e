"""The case a note is written in, from the share of its words in capitals or lower case.

Several parts of the pipeline read capitals differently in a note typed in
capitals (old systems, EMS run sheets, ICU nursing notes) than in one written in
mixed case: the guard (a word in capitals says nothing there), the propagation
of names, and the NER's case view (`models/case_view.py`). They share these tests.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Tuple

#: A note is "cased" when at least this share of its words (2+ letters) holds a
#: capital: visit notes and letters are at 0.10 or more, transcribed dialogues
#: and lower-case nursing notes below 0.05.
MIN_CASED_RATIO = 0.08
_CASED_WORD = re.compile(r"[A-Za-z]{2,}")


def _count_words(text: str, test: Callable[[str], bool]) -> Tuple[int, int]:
    """(words passing `test`, all words) over a note's words of 2+ letters. Linear in the text."""
    total = passing = 0
    for match in _CASED_WORD.finditer(text):
        total += 1
        if test(match.group()):
            passing += 1
    return passing, total


def is_mostly_lower_case(text: str) -> bool:
    """Whether at least half of a note's words (2+ letters) are all lower case:
    a word in capitals there is a header, an order or an abbreviation, while a
    note typed in capitals has names in capitals too."""
    lower, total = _count_words(text, str.islower)
    return total > 0 and lower * 2 >= total


@lru_cache(maxsize=16)  # asked per span by the guard: a note's answer is computed once
def is_mostly_upper_case(text: str) -> bool:
    """Whether at least 60 % of a note's words (2+ letters) are in capitals:
    a note typed in capitals (EMS run sheets, old systems), where a word in
    capitals is no sign of a name or an abbreviation."""
    upper, total = _count_words(text, str.isupper)
    return total > 0 and upper >= 0.6 * total


@lru_cache(maxsize=16)  # asked per word by the name check of a lower-case note: computed once per note
def is_cased_text(text: str) -> bool:
    """Whether a note uses capitals (at least MIN_CASED_RATIO of its words hold
    one): a lower-case name is then implausible."""
    lower, total = _count_words(text, str.islower)
    return total > 0 and (total - lower) / total >= MIN_CASED_RATIO
