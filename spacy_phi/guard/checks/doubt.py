"""A tagger's doubtful span in a note typed in capitals: it stays only when
something in it or around it shows its label.

In a note typed in capitals the tagger cannot read a name by its capital, and
its doubt is informative: on real ICU nursing notes four in five of its
person, place and organisation spans below a confidence of 0.95 are clinical
words ("FFP", "ENDO", "BASELIN", "DUODERM"), while its confident spans are
nearly all names. A doubtful span is kept when one of its words is a name
English writes capitalised ("SUSAN", "BALTIMORE"), a given or family name no
dictionary holds ("BEA", "KIMBROUGH"), a city, state or country, an
institution's head word ("HOLY CROSS REHAB"), a hospital's initials ("GBMC"),
or a word no list knows that is neither a slip of a common word, the start of
a drug's name ("DILT", "CEFTAZ") nor two words joined ("BREATHSOUNDS"); or
when the words around it name it (a name field, a relative, a move into a
place: `shorthand.named_in_context`). A doubtful DATE stays when it is
written like a date: a month or weekday word, a year, or a month and day
("9/10"); not "15SEC", "4LN/C", "60'S". Confident spans and notes in mixed
case are never judged here: there a capital is evidence and the doubt is not,
and a low-confidence date of prose is as often a true one (recall first).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from typing import Callable, FrozenSet, Tuple

from spacy.tokens import Span

from ...lexicon.common_words import name_like_words, person_names
from ...lexicon.gazetteers import us_cities_lower
from ...lexicon.word_usage import written_as_name, written_in_lower_case
from ..reasons import REASON_UNSURE_IN_CAPITALS, sub_reason
from .base import CheckWords
from .shorthand import named_in_context

#: The tagger's confidence below which a span of a note in capitals must show a
#: name (the NER's lowest action probability over the span; 1.0 = no doubt).
DEFAULT_DOUBT_BELOW = 0.95
#: A doubtful name, place or organisation that names no one and nowhere: "FFP", "BASELIN".
NAMES_NO_ONE = sub_reason(REASON_UNSURE_IN_CAPITALS, "names_no_one")
#: A doubtful date written like no date: "15SEC", "4LN/C", "WEN 9".
NOT_WRITTEN_AS_DATE = sub_reason(REASON_UNSURE_IN_CAPITALS, "not_written_as_date")
#: Words that head an institution's name and say little else ("HOLY CROSS REHAB").
INSTITUTION_HEADS = frozenset(
    "hospital hosp infirmary clinic hospice sanatorium rehab rehabilitation memorial university college institute "
    "church pharmacy agency school".split()
)
#: A hospital's initials: two to five capitals ending in H, HC or MC ("GBMC", "UMMC").
_HOSPITAL_INITIALS = re.compile(r"[A-Z]{1,4}(?:H|HC|MC)")
#: A number written as a date: a year ("1940S"), a month and day with or without
#: a year ("9/10", "11-21-93"), a year cut short ("'62").
_DATE_NUMBER = re.compile(
    r"(?<![\w.])(?:(?P<year>(?:19|20)\d\d)s?|(?P<month>\d{1,2})[/.-](?P<day>\d{1,2})(?:[/.-]\d{2,4})?|['’]\d\d)(?![\w])",
    re.IGNORECASE,
)
#: The word right after a span.
_WORD_AFTER = re.compile(r"[ \t]*([A-Za-z]+)")
#: Acronyms of up to this many capitals say nothing in a note typed in capitals:
#: as often a clinical abbreviation no list holds as someone's initials.
_MAX_ACRONYM = 4
#: A truncated drug name has at least this many letters ("DILT", "CEFTAZ").
_MIN_DRUG_PREFIX = 4
#: The shortest part of two words joined without a space ("BREATH|SOUNDS").
_MIN_JOINED_PART = 3


def names_someone_or_somewhere(
    span: Span, text: str, words: CheckWords, ordinary_word: Callable[[str], bool]
) -> bool:
    """Whether a span of a note typed in capitals shows a name or a place.

    span (Span): the tagger's span.
    text (str): the doc's text.
    words (CheckWords): the guard's word lists.
    ordinary_word (Callable[[str], bool]): the guard's judgement of one word
        in capitals (a common word, an abbreviation, a drug or a slip of one).
    RETURNS (bool): True when the span stays.
    """
    found = re.findall(r"[A-Za-z]+", span.text)
    if any(_names_by_itself(word, words) for word in found):
        return True
    after = _WORD_AFTER.match(text, span.end_char)
    if after and after.group(1).lower() in INSTITUTION_HEADS:
        return True  # "HOLY CROSS REHAB"
    if named_in_context(span, text, words.vocabulary, words.lexicons.occupations):
        return True  # "WIFE BEA", "TRANSFERRED TO HOLY CROSS"
    return any(_unknown_word(word, words, ordinary_word) for word in found)


def _names_by_itself(word: str, words: CheckWords) -> bool:
    lower = word.lower()
    if written_as_name(lower):
        return True  # "SUSAN", "BALTIMORE", "SMITH"
    vocabulary = words.vocabulary
    if (
        lower in person_names()
        and lower not in name_like_words()
        and not written_in_lower_case(lower)
        and not vocabulary.is_clinical_abbreviation(word.upper())
        and not vocabulary.is_lower_case_shorthand(lower)
    ):
        return True  # "BEA", "KIMBROUGH": a name no dictionary holds as a word
    if len(lower) > 3 and (lower in words.lexicons.states_lower or lower in words.lexicons.countries_lower):
        return True  # a state or country written out (its two-letter code is as often shorthand: "OR", "OK")
    if lower in us_cities_lower() and not vocabulary.is_common_word(lower):
        return True  # "PIKESVILLE"; not "HOME" nor "WARD"
    if lower in INSTITUTION_HEADS:
        return True
    return word.isupper() and _HOSPITAL_INITIALS.fullmatch(word) is not None and not vocabulary.is_clinical_abbreviation(word)


def _unknown_word(word: str, words: CheckWords, ordinary_word: Callable[[str], bool]) -> bool:
    """A word no list knows, as a rare surname or a place is ("CARDARELLI"): not a
    short acronym, not ordinary, not a truncated drug name, not two words joined."""
    if len(word) < 3 or (word.isupper() and len(word) <= _MAX_ACRONYM):
        return False
    lower = word.lower()
    if ordinary_word(word) or words.known_word(lower):
        return False
    vocabulary = words.vocabulary
    if len(lower) >= _MIN_DRUG_PREFIX and (_begins_one(lower, vocabulary.drugs) or _begins_one(lower, vocabulary.drug_names)):
        return False  # "DILT", "CEFTAZ", "FENTANY": a drug's name cut short
    return not _two_words_joined(lower, words)


def _two_words_joined(lower: str, words: CheckWords) -> bool:
    """"breathsounds", "thruout": two known words without the space between them."""
    known = words.known_word
    return any(
        known(lower[:cut]) and known(lower[cut:]) for cut in range(_MIN_JOINED_PART, len(lower) - _MIN_JOINED_PART + 1)
    )


def _begins_one(lower: str, names: FrozenSet[str]) -> bool:
    """Whether some name of the list begins with `lower`."""
    ordered = _in_order(names)
    at = bisect_left(ordered, lower)
    return at < len(ordered) and ordered[at].startswith(lower)


@lru_cache(maxsize=8)
def _in_order(names: FrozenSet[str]) -> Tuple[str, ...]:
    """A list's entries sorted, once per list (a frozenset's hash is kept)."""
    return tuple(sorted(names))


def written_as_date(value: str, date_words: FrozenSet[str]) -> bool:
    """Whether a text holds a month or weekday word or a number written as a date
    ("9/10", "1940S", "'62"; not "15SEC", "21@LIP", "60'S", "13/10")."""
    if any(word.lower() in date_words for word in re.findall(r"[A-Za-z]+", value)):
        return True
    for number in _DATE_NUMBER.finditer(value):
        if number.group("month") is None:
            return True
        if 1 <= int(number.group("month")) <= 12 and 1 <= int(number.group("day")) <= 31:
            return True
    return False


def unsure_in_capitals_reason(
    span: Span, text: str, words: CheckWords, ordinary_word: Callable[[str], bool]
) -> str | None:
    """The veto of a doubtful tagger span of a note in capitals that shows
    nothing of its label (the caller checks the doubt and the note's case), else
    None: a DATE must be written as a date, a name or place must name someone or
    somewhere."""
    if span.label_ == "DATE":
        return None if written_as_date(span.text, words.lexicons.date_words) else NOT_WRITTEN_AS_DATE
    if names_someone_or_somewhere(span, text, words, ordinary_word):
        return None
    return NAMES_NO_ONE


__all__ = [
    "DEFAULT_DOUBT_BELOW", "INSTITUTION_HEADS", "NAMES_NO_ONE", "NOT_WRITTEN_AS_DATE", "names_someone_or_somewhere",
    "unsure_in_capitals_reason", "written_as_date",
]
