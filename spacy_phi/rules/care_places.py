"""Checks for the names of institutions and staff that terse notes write without
a capital or a head word: "TRANS TO GH", "transfer to quartermain 2", "taken to
sacred heart hospital", "q. lander rrt".

A note moves a patient to places of care far more often than to a named
institution ("transfer to MICU", "sent to IR", "d/c'd to rehab", "went to
floor"). The word after a movement verb is a name only when it is none of those
places, no ordinary word and no clinical abbreviation of the shipped vocabulary;
a larger vocabulary only makes these checks stricter.
"""

from __future__ import annotations

import re
from typing import FrozenSet

from ..lexicon.common_words import name_like_words
from ..lexicon.gazetteers import is_us_city_lower
from ..lexicon.label_lexicons import default_lexicons
from ..lexicon.vocabulary import default_vocabulary
from ..lexicon.word_usage import written_in_lower_case

#: Places of care inside or around a hospital that a patient is moved to, and
#: their abbreviations, many of which the vocabulary leaves out because they are
#: family names or words of other senses ("floor", "home", "IR", "EW", "OSH").
CARE_PLACE_WORDS: FrozenSet[str] = frozenset(
    """
    home house floor floors unit units ward wards bed beds chair ch room rooms bay bays hall hallway pod
    rehab rehabilitation hospice nursing facility facilities snf ltac ltach ltc nh hh alf vna tcu acute
    icu ccu micu sicu cvicu ctu ticu nicu picu pcu cicu csru csicu nsicu neuroicu pacu pacu's
    stepdown step-down tele telemetry med medicine surg surgery surgical medical cardiac cardiology
    or ors ir ep hd cath cathlab lab labs bb radiology xray x-ray ct cta mri mra us echo tee ekg ecg eeg
    emg pft nuc nuclear endo endoscopy gi pulm renal dialysis hemodialysis cvvh crrt pt ot slp
    ed er ew triage eu osh ohs ofh outside transfer transfers morgue pharmacy clinic clinics
    office hosp hospital hospitals campus center centre shelter jail prison work school church daycare
    mom's dad's sister's daughter's son's
    family wife husband daughter son friend friends bathroom bathrooms commode shower bedside
    baseline goal noc hs am pm prn q ivf ngt ogt ett picc
    simv imv ps psv cpap bipap prvc ac vc pc aprv cmv trach rounds
    """.split()
)

#: Generic words before "hospital" or "memorial" that name no institution
#: ("to outside hospital", "at local hospital", "to VA hospital" is kept: VA names one).
GENERIC_INSTITUTION_WORDS: FrozenSet[str] = frozenset(
    """
    local outside nearby nearest closest other another different same previous prior referring receiving
    outlying community general regional memorial state county city university teaching private public
    psychiatric psych mental rehab rehabilitation children's childrens women's veterans' veterans military
    acute chronic longterm long term care home nursing new old main north south east west upper lower big small their his her our your my its
    this that these those the an a one any which whose every each first second third last next
    """.split()
)

#: Staff a note speaks to or of in capitals, which no vocabulary list holds as
#: an abbreviation ("spoke to the MD.", "per the DO.").
_STAFF_TITLES: FrozenSet[str] = frozenset("md mds do dr drs pa np rn rns ho hos pcp".split())

_WORD = re.compile(r"[^\W\d_][^\W\d_'’.-]*(?:['’.-][^\W\d_]+)*")


def _is_care_word(word: str) -> bool:
    """A place of care, an ordinary word, a clinical abbreviation, a credential or a
    clinical service: no institution's name."""
    lower = word.lower().strip(".'’")
    if not lower or lower in CARE_PLACE_WORDS:
        return True
    vocabulary = default_vocabulary()
    if vocabulary.is_ordinary_word(lower) or vocabulary.is_credential(word.upper()) or vocabulary.is_credential(word):
        return True
    if vocabulary.is_always_medical(lower):
        return True
    services = default_lexicons().clinical_services
    return lower in services or lower.rstrip("s") in services


def is_institution_word(value: str) -> bool:
    """One word after a movement verb that names an institution or a named ward:
    an acronym or a word, no place of care, an ordinary word or a clinical abbreviation ("GH",
    "GBMC", "kernan", "quartermain2"; not "MICU", "IR", "rehab", "floor")."""
    word = value.rstrip("0123456789")
    if not word.isalpha():
        return False
    if len(word) < 2 or (len(word) <= 3 and not word.isupper() and not word.islower()):
        return False  # "Gh", "Ir": a short word in mixed case is no acronym
    if word.islower() and word in name_like_words():
        return False  # a word in lower case that is also a name is the word ("going to die")
    return not _is_care_word(word)


def is_hospital_initialism(value: str) -> bool:
    """Capitals ending in H after "at" or "to" that are a hospital's initials ("GH",
    "MGH"): an institution word (see `is_institution_word`) that is no English word
    written in capitals ("TO HIGH RESIDUAL")."""
    return is_institution_word(value) and not written_in_lower_case(value.lower())


def is_institution_acronym(value: str) -> bool:
    """An acronym of two to five capitals that no list of the shipped vocabulary
    holds ("GBMC", "WCMC"): an institution word (see `is_institution_word`) in
    capitals, no abbreviation of either clinical list ("GH" is growth hormone
    there), no credential and no staff title ("MD", "NP" are whom a note speaks to)."""
    if not (2 <= len(value) <= 5 and value.isalpha() and value.isupper()):
        return False
    vocabulary = default_vocabulary()
    if vocabulary.is_clinical_abbreviation(value) or value.lower() in _STAFF_TITLES:
        return False
    return is_institution_word(value)


def is_listed_city(value: str) -> bool:
    """A city of the shipped lists written in one case, lower, title or capitals
    ("rome", "ROME", "Baltimore", "SAN ANTONIO"; not "rOME")."""
    words = value.split()
    if not words:
        return False
    one_case = value.islower() or value.isupper() or all(w[:1].isupper() and w[1:].islower() for w in words)
    return one_case and is_us_city_lower(" ".join(words).lower())


def is_named_institution_before_head(value: str) -> bool:
    """The words before an institution head ("sacred heart", "reisterstown",
    "LAUREL REGIONAL", "Union Memorial") name one: none is a function word, a
    generic word of hospitals ("outside", "local", "community"), a clinical
    abbreviation or a drug. Common words are allowed ("sacred heart": names of
    saints and virtues), but one common word alone only before "Memorial" or
    "Regional", which no sentence puts after a verb ("wanted to leave hospital")."""
    words = _WORD.findall(value)
    if words and words[-1].lower() in ("memorial", "regional"):
        words = words[:-1]
    elif len(words) == 1 and default_vocabulary().is_common_word(words[0].lower()):
        return False
    if not words:
        return False
    vocabulary = default_vocabulary()
    for word in words:
        lower = word.lower()
        if lower in GENERIC_INSTITUTION_WORDS or lower in CARE_PLACE_WORDS:
            return False
        if vocabulary.is_common_word(lower) and not vocabulary.is_common_word(lower, function_words=False):
            return False  # a function word ("the", "an", "his")
        if vocabulary.is_abbreviation(word) or vocabulary.is_drug(lower):
            return False
    return True


def is_signature_name(value: str) -> bool:
    """A name closing a note before its credential ("q. lander", "JON DEVAUX",
    "barbara j. parrilli"): one or more words of two letters or more besides the
    initials, none an ordinary word or a clinical abbreviation ("NO CHANGES RN"
    and "will cont rn" are no names)."""
    words = [w for w in _WORD.findall(value) if len(w.strip(".")) >= 2]
    if not words:
        return False
    vocabulary = default_vocabulary()
    return not any(vocabulary.is_ordinary_word(w.strip(".")) or w.lower() in CARE_PLACE_WORDS for w in words)


__all__ = [
    "CARE_PLACE_WORDS",
    "GENERIC_INSTITUTION_WORDS",
    "is_institution_acronym",
    "is_institution_word",
    "is_listed_city",
    "is_named_institution_before_head",
    "is_signature_name",
]
