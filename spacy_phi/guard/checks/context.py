"""Context checks: the words around a span make it no PHI, whoever found it
(tagger, rule or name list) and whatever its label.

An idiom, courtesy phrase or brand ("to be frank", "de nada", "a diet dr
pepper"), the clinician's own job in a transcript ("i'm a physician"), a
genetic carrier, a lone possessive clitic, a dose after a drug ("allopurinol
100"), a spoken count ("six thousand a day"), or a place or person that names a
sports team ("dallas cowboys", "a texas fan").
"""

from __future__ import annotations

import re
from typing import FrozenSet, Optional, Pattern, Tuple

from spacy.tokens import Span

from ..reasons import (
    REASON_CLINICIAN_OWN_JOB,
    REASON_COUNT,
    REASON_DOSE,
    REASON_GENETIC_CARRIER,
    REASON_IDIOM,
    REASON_POSSESSIVE,
    REASON_SPORTS_TEAM,
    sub_reason,
)
from .base import PERSON_LABELS, PLACE_LABELS, POSSESSIVE_CLITICS, CheckWords, words
from .place import sports_team

#: A span that is only a possessive clitic: "tyler's old room" with "'s" tagged ROOM.
CLITIC_ONLY = sub_reason(REASON_POSSESSIVE, "clitic_only")

#: Idioms, courtesy phrases and brands a tagger reads as a name or a date in a
#: transcript ("to be frank", "de nada", "a diet dr pepper", "march madness", "a nurse
#: line twenty four seven"): the span's words (lower case) and a regex for the text
#: right before it (None: anywhere) and right after it. No gold span of any
#: corpus we may read is one of these.
_IDIOMS: Tuple[Tuple[FrozenSet[str], Optional[Pattern[str]], Optional[Pattern[str]]], ...] = (
    (frozenset({"frank"}), re.compile(r"\bbe\s+$", re.IGNORECASE), None),
    (frozenset({"de nada", "por favor", "gracias", "mucho gusto", "buenos dias", "buenas tardes", "hasta luego"}), None, None),
    # the soda, not Dr. Pepper the surgeon: a drink word before it
    (
        frozenset({"pepper", "dr pepper", "dr. pepper"}),
        re.compile(r"\b(?:diet|a|some|of|and|or|drink|drinks|drank|coke|soda)\s+(?:dr\.?\s+)?$", re.IGNORECASE),
        None,
    ),
    (frozenset({"march"}), None, re.compile(r"\s+madness\b", re.IGNORECASE)),
    (frozenset({"twenty four seven", "twenty-four seven"}), None, None),  # "24/7" is left to the DATE check
)
#: A dose: a bare number of up to four digits ("100", "2000").
_DOSE_NUMBER = re.compile(r"^\d{1,4}$")
#: Up to two words right before a number: a drug's name if the number is its dose.
_DRUG_BEFORE = re.compile(r"((?:[A-Za-z][A-Za-z0-9-]*[ \t]+){1,2})$")
#: Genetics around "carrier": a carrier of a variant, not a mail carrier.
_GENETIC_CONTEXT = re.compile(
    r"\b(?:genetic|genes?|screening|tested|testing|cystic|fibrosis|cf|sickle|trait|mutation|variant|recessive|"
    r"tay-sachs|sma|fragile|thalassemia|brca)\b",
    re.IGNORECASE,
)
#: A spoken count with "thousand" that no year reads like ("six thousand a day"; a year is
#: "two thousand nine").
_SPOKEN_COUNT = re.compile(
    r"\b(?:three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a)\s+thousand\b|"
    r"\bthousand\s+a\s+(?:day|week|month)\b",
    re.IGNORECASE,
)
#: "i'm a", "i am also a" right before a span: the speaker's own job.
_I_AM_A_BEFORE = re.compile(r"\bi\s*(?:['’]m|am|was)\s+(?:also\s+|actually\s+)?(?:a|an)\s+$", re.IGNORECASE)
#: Labels a sports team's home or nickname is mistaken for (no ORGANIZATION, "Xcel Energy bills";
#: no LOCATION_OTHER, whose names end in such words: "Monon Trail", "Appalachian Trail").
_TEAM_NAME_LABELS = frozenset({"CITY", "STATE", "COUNTRY", "PATIENT", "DOCTOR", "PROFESSION"})
#: A word that starts a place name right before a given name ("san francisco", "fort collins",
#: "lake charles"; no gold person span of any corpus follows one).
_PLACE_PREFIX_BEFORE = re.compile(
    r"\b(?:san|santa|los|las|el|fort|ft\.?|port|mount|mt\.?|lake|saint|st\.?|palm|grand)[ \t]+$", re.IGNORECASE
)


def _idiom(span: Span, text: str) -> bool:
    """An idiom, courtesy phrase or brand of `_IDIOMS` ("to be frank", "de nada")."""
    phrase = " ".join(span.text.lower().split())
    for phrases, before, after in _IDIOMS:
        if phrase not in phrases:
            continue
        if before is not None and not before.search(text, max(0, span.start_char - 12), span.start_char):
            continue
        if after is not None and not after.match(text, span.end_char):
            continue
        return True
    return False


def _clinician_own_job(span: Span, text: str) -> bool:
    """The clinician speaking of their own job or tastes in a transcript
    ("[doctor] even though i'm a physician"), or a favourite person ("a
    favorite instructor"): the conventions mark the jobs of the patient and
    relatives only (no gold PROFESSION of any corpus follows "i'm a" in a
    doctor's turn)."""
    if span.text.lower().startswith(("favorite ", "favourite ")):
        return True
    line_start = text.rfind("\n", 0, span.start_char) + 1
    if not text.startswith("[doctor]", line_start):
        return False
    return _I_AM_A_BEFORE.search(text, max(line_start, span.start_char - 30), span.start_char) is not None


def _dose_after_drug(span: Span, text: str, check_words: CheckWords) -> bool:
    """A number right after a drug's name is its dose ("allopurinol 100",
    "vitamin d 2000", "calcium 600"), not an age or a year."""
    before = _DRUG_BEFORE.search(text, max(0, span.start_char - 40), span.start_char)
    if before is None:
        return False
    drug_words = before.group(1).lower().split()
    vocab = check_words.vocabulary
    if vocab.is_drug(drug_words[-1]):
        return True  # "allopurinol 100"
    # "vitamin d 2000", "vitamin b12 1000": a drug and its letter
    return len(drug_words) >= 2 and len(drug_words[-1]) <= 3 and vocab.is_drug(drug_words[-2])


def context_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why the words around a span make it no PHI, whoever found it and whatever
    its label (a reason of this module), or None."""
    label = span.label_
    if _idiom(span, text):
        return REASON_IDIOM
    if label == "PROFESSION" and _clinician_own_job(span, text):
        return REASON_CLINICIAN_OWN_JOB
    if label == "PROFESSION" and words(span.text)[-1:] == ["carrier"] and _GENETIC_CONTEXT.search(
        text, max(0, span.start_char - 80), min(len(text), span.end_char + 80)
    ):
        return REASON_GENETIC_CARRIER  # "a partner who's a carrier , expanded carrier screening"
    if span.text.strip() in POSSESSIVE_CLITICS:
        return CLITIC_ONLY  # "tyler's old room": the "'s" tagged ROOM
    if label in ("AGE", "DATE") and _DOSE_NUMBER.match(span.text.strip()) and _dose_after_drug(span, text, check_words):
        number = int(span.text.strip())
        # A year after a drug is when it was taken ("tolerated cephalexin 2019"); a dose is round.
        if label == "AGE" or not 1900 <= number <= 2099 or number % 1000 == 0:
            return REASON_DOSE  # "on allopurinol 100", "the vitamin d 2000"
    if label == "DATE" and _SPOKEN_COUNT.search(span.text):
        return REASON_COUNT  # "about six thousand a day" (steps), not "two thousand nine"
    if label not in _TEAM_NAME_LABELS:
        return None
    # A given name after "san", "st.", "lake" is part of a place's name ("san francisco fan").
    in_place_name = label in PERSON_LABELS and bool(
        _PLACE_PREFIX_BEFORE.search(text, max(0, span.start_char - 12), span.start_char)
    )
    if sports_team(span, text, in_place_name or label in PLACE_LABELS, check_words):
        return REASON_SPORTS_TEAM
    return None


__all__ = ["context_reason"]
