"""Place checks (STATE, COUNTRY, CITY, LOCATION_OTHER, STREET).

A STATE or COUNTRY is in the gazetteer, or at least not made of ordinary,
medical or body-part words; a bare state abbreviation needs an address around
it. A CITY or LOCATION_OTHER is not a body part or exam header ("Nose"), a
brand or drug, or a job or clinical service ("Sam Hospitalist"). A STREET has a
street word or a house number that no unit follows. "US" after a study word is
the ultrasound; a nationality or language ("Arabic interpreter") is no place
or name. The sports-team check (`sports_team`) is read by the context checks:
it holds for every detector's spans.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, List, Optional

from spacy.tokens import Span

from ...lexicon.clinical_numbers import has_dose_or_flow
from ..reasons import (
    REASON_BODY_PART,
    REASON_MEDICAL_OR_BRAND,
    REASON_NATIONALITY,
    REASON_NOT_COUNTRY,
    REASON_NOT_STATE,
    REASON_NOT_STREET,
    REASON_ROLE_AS_PLACE,
    REASON_STATE_ABBREVIATION,
    REASON_STREET_DOSE,
    REASON_STREET_READING,
    REASON_STREET_NUMBER_UNIT,
    REASON_ULTRASOUND,
    sub_reason,
)
from .base import FILLER, NAME_LABELS, PLACE_LABELS, CheckWords, place_phrase, words
from .person import name_words

#: A state abbreviation before a credential: "Rosalind Meyerhoff, MS, CGC" (a degree in a signature).
CREDENTIAL_AFTER = sub_reason(REASON_STATE_ABBREVIATION, "credential_after")
#: A bare state abbreviation with no city before it nor ZIP after it: "MA level was high".
NO_ADDRESS = sub_reason(REASON_STATE_ABBREVIATION, "no_address")
#: A code of up to three capitals that no state or country has: "RM 4117-B".
STATE_UNKNOWN_CODE = sub_reason(REASON_NOT_STATE, "unknown_code")
#: A digit with no word of three letters: "D+5", "T4".
STATE_NUMBER = sub_reason(REASON_NOT_STATE, "number")
COUNTRY_NUMBER = sub_reason(REASON_NOT_COUNTRY, "number")
#: Outside the gazetteer and made of ordinary or medical words only: "Denies Fever", "us".
STATE_ORDINARY_WORDS = sub_reason(REASON_NOT_STATE, "ordinary_words")
COUNTRY_ORDINARY_WORDS = sub_reason(REASON_NOT_COUNTRY, "ordinary_words")
#: A place of brand or drug words: "Apple Watch", "Neosporin".
PLACE_OF_BRANDS = sub_reason(REASON_MEDICAL_OR_BRAND, "place")
#: "US" before "guided" or a finding: "US-guided", "US showed".
ULTRASOUND_WORD_AFTER = sub_reason(REASON_ULTRASOUND, "study_word_after")
#: "US" after a quadrant, an organ or a study word: "RUQ US", "carotid US".
ULTRASOUND_WORD_BEFORE = sub_reason(REASON_ULTRASOUND, "study_word_before")
#: A language tagged as a place: "discussed in English".
LANGUAGE_AS_PLACE = sub_reason(REASON_NATIONALITY, "language_as_place")
#: Nationality or language words with ordinary words: "Haitian Creole interpreter".
NATIONALITY_WORDS = sub_reason(REASON_NATIONALITY, "nationality_words")

# -- states and countries ------------------------------------------------------------------

#: Short names of cities in capitals: places all the same when tagged STATE.
_CITY_ABBREVIATIONS = frozenset("NYC SF LA DC ATL BOS CHI PHL PHX SLC KC STL OKC LV SD SJ DFW NOLA".split())
#: Address context around a state abbreviation: "Boston, MA" or "MA 02115".
_CITY_COMMA_BEFORE = re.compile(r"[A-Za-z][A-Za-z .'-]*,\s*$")
_ZIP_AFTER = re.compile(r"^\s*,?\s*\d{5}(?:-\d{4})?\b")
#: The word after a span, past a comma or slash ("MS, CGC" -> "CGC").
_NEXT_WORD = re.compile(r"[ \t]*[,/]?[ \t]*([A-Za-z][A-Za-z/-]*[A-Za-z])")


def _in_gazetteer(phrase: str, written: FrozenSet[str], lowered: FrozenSet[str]) -> bool:
    """As written ("US", "Mexico"), or in any case when longer than three
    letters ("mexico"; never "us" or "in")."""
    return phrase in written or (len(phrase) > 3 and phrase.lower() in lowered)


def _credential_follows(span: Span, text: str, check_words: CheckWords) -> bool:
    """Whether a credential comes next ("MS, CCC-SLP", "MA, LMHC"): the
    abbreviation is then a degree in a signature, not a state."""
    match = _NEXT_WORD.match(text, span.end_char)
    return match is not None and check_words.vocabulary.is_credential(match.group(1))


#: A word of residence right before a state's code: "who lives in DC", "moved to NJ".
_RESIDENCE_BEFORE = re.compile(
    r"\b(?:lives?|living|lived|resides?|residing|resided|moved|moving|relocated)[ \t]+(?:in|to|back[ \t]+to)[ \t]+\Z",
    re.IGNORECASE,
)


def _address_context(span: Span, text: str) -> bool:
    """A town and comma before a state's code, a ZIP after it, or a word of residence before it."""
    before = text[max(0, span.start_char - 40) : span.start_char]
    after = text[span.end_char : span.end_char + 12]
    return bool(_CITY_COMMA_BEFORE.search(before) or _ZIP_AFTER.match(after) or _RESIDENCE_BEFORE.search(before))


def _not_a_place(span: Span, check_words: CheckWords) -> Optional[str]:
    """Reason to veto a STATE/COUNTRY outside the gazetteer: body parts,
    headers, medical or common words only (a real but unlisted place keeps
    its span: recall first)."""
    body = place_reason(span, "", check_words)
    if body:
        return body
    span_words = words(span.text)
    country = span.label_ == "COUNTRY"
    if any(c.isdigit() for c in span.text) and not any(len(w) >= 3 for w in span_words):
        return COUNTRY_NUMBER if country else STATE_NUMBER  # "D+5", "T4"
    if not span_words or any(c.isdigit() for c in span.text):
        return None
    if all(check_words.known_word(w) or w in FILLER for w in span_words):
        return COUNTRY_ORDINARY_WORDS if country else STATE_ORDINARY_WORDS
    return None


def state_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a STATE span is no state (or None)."""
    lex = check_words.lexicons
    phrase = place_phrase(span.text)
    if phrase in lex.states:
        if len(phrase.replace(".", "")) <= 3 and phrase.replace(".", "").isupper():
            if _credential_follows(span, text, check_words):
                return CREDENTIAL_AFTER  # "Rosalind Meyerhoff, MS, CGC": a degree in a signature
            return None if _address_context(span, text) else NO_ADDRESS
        return None
    if _in_gazetteer(phrase, lex.countries, lex.countries_lower):
        return None  # a place all the same; the label is the tagger's call
    if len(phrase) > 3 and phrase.lower() in lex.states_lower:
        return None  # "georgia", "new york" in a lower-case dialogue
    if len(phrase) <= 3 and phrase.isupper() and phrase not in _CITY_ABBREVIATIONS:
        return STATE_UNKNOWN_CODE  # "RM 4117-B": a code that is no state's
    return _not_a_place(span, check_words) or None


def country_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a COUNTRY span is no country (or None)."""
    lex = check_words.lexicons
    phrase = place_phrase(span.text)
    if _in_gazetteer(phrase, lex.countries, lex.countries_lower):
        return None
    if len(phrase) > 3 and phrase.lower() in lex.states_lower:
        return None
    return _not_a_place(span, check_words) or None


# -- cities, other locations, streets --------------------------------------------------------


@lru_cache(maxsize=8)
def _role_words(occupations: FrozenSet[str], services: FrozenSet[str]) -> FrozenSet[str]:
    """Job and clinical-service words (computed once per lexicon)."""
    return occupations | services


def roles_only(span_words: List[str], check_words: CheckWords) -> bool:
    """Only job or clinical-service words, none a name ("hospitalist",
    "gyn onc"; never "Mason" or "Gardner", places and names too)."""
    names = name_words()
    lex = check_words.lexicons
    roles = _role_words(lex.occupations, lex.clinical_services)
    return all(w in roles and w not in names for w in span_words)


def place_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a CITY or LOCATION_OTHER span (and, first, a STATE or COUNTRY outside
    the gazetteer) is no place: body parts or headers, brands or drugs, jobs or
    clinical services (or None)."""
    span_words = [w for w in words(span.text) if w not in FILLER]
    lex = check_words.lexicons
    if span_words and all(w in lex.body_parts_and_headers for w in span_words):
        return REASON_BODY_PART
    if span_words and all(w in lex.brands or check_words.vocabulary.is_drug(w) for w in span_words):
        return PLACE_OF_BRANDS  # "Apple Watch", "Neosporin"
    if span_words and span.label_ in ("CITY", "LOCATION_OTHER") and roles_only(span_words, check_words):
        return REASON_ROLE_AS_PLACE  # "Sam Hospitalist, pager", "(Gyn Onc)"
    return None


#: Words of a street line (also read by the edge trimming: an address tagged as an ID).
STREET_WORDS = frozenset(
    "street st avenue ave road rd boulevard blvd lane ln drive dr court ct way place pl circle cir terrace "
    "parkway pkwy highway hwy route rte trail trl square sq plaza alley row apt apartment suite ste unit box "
    "po pike turnpike crescent close hill ridge loop run path walk".split()
)
#: After a house number: a unit or a time, so no street ("9 MONTH", "26 u. Seen").
_NOT_STREET_AFTER_NUMBER = frozenset(
    "u units unit mg mcg ml cc g kg lb lbs x times day days week weeks month months mo mos year years yr yrs "
    "hour hours hr hrs min mins minute minutes sec secs am pm french fr gauge ga hz khz db atm".split()
)


def street_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a STREET span is no street line (or None)."""
    if any(w in STREET_WORDS for w in words(span.text)):
        return None
    if any(c.isdigit() for c in span.text):
        # A number, then a unit or a time: "9 MONTH", "26 u. Seen" (a house
        # number is followed by the street's name).
        first = span[0].text
        if len(span) > 1 and first.isdigit() and span[1].text.lower().rstrip(".") in _NOT_STREET_AFTER_NUMBER:
            return REASON_STREET_NUMBER_UNIT  # whatever follows: "14 French Foley"
        if has_dose_or_flow(span.text):
            return REASON_STREET_DOSE  # "60 MCGS", "850U/HR. HCT 35", "4LNC": a dose, a rate or an oxygen flow
        if _reading_words(span, check_words):
            return REASON_STREET_READING  # "50s SB", "21 CM MARK", "10PS, CPAP"
        return None
    return REASON_NOT_STREET


#: Units and scale words of a reading beside its number.
#: "mark": a tube's depth; "syst", "diast": which pressure ("170S SYST").
_READING_UNIT = re.compile(r"^(?:cm|mm|deg|degrees?|mg|mcg|mcq|ml|cc|kg|hrs?|mins?|lpm|meq|units?|mark|syst|systolic|diast|diastolic)$")


def _reading_words(span: Span, check_words: CheckWords) -> bool:
    """Whether the words beside a STREET span's numbers are those of a reading:
    single letters only ("90'S W"), or each a known word (common, clinical, a
    unit) or a letter, one at least a clinical abbreviation, a drug or a medical
    word ("50s SB", "10PS, CPAP", "21 CM MARK"); a street name has a word of its
    own ("100 Main": common words alone are kept), and a capitalised word names
    ("6 Tower SICU")."""
    written = re.findall(r"[A-Za-z]+", span.text)
    if not written or not re.search(r"\s", span.text.strip()):
        return False  # one code ("24CPM" of a batch): an identifier's shape, not a reading beside its words
    if all(len(word) == 1 for word in written):
        return True  # a number with letters only ("90'S W", "84 W"): no street's name
    vocab = check_words.vocabulary
    clinical = False
    for word in written:
        lower = word.lower()
        if len(word) == 1:
            continue  # a side or a plural's "s" ("90's ST.", "84 W IMMED")
        if len(word) > 2 and word[0].isupper() and word[1:].islower() and not vocab.is_abbreviation(word):
            return False  # a capitalised word names a ward or a street ("6 Tower SICU")
        abbreviation = vocab.is_abbreviation(word) or vocab.is_clinical_abbreviation(word.upper())
        medical = abbreviation or vocab.is_drug(lower) or vocab.is_always_medical(lower) or _READING_UNIT.match(lower)
        if medical:
            clinical = True
        elif not check_words.known_word(lower):
            return False
    return clinical


# -- "US" the ultrasound ----------------------------------------------------------------------

#: Right after "US": the study's use or result ("US-guided", "US showed").
_ULTRASOUND_AFTER = re.compile(
    r"\s*(?:-\s*)?(?:guided|guidance|showed|shows|revealed|reveals|demonstrated|demonstrates|w/|"
    r"findings|impression|report|was\s+(?:negative|normal|unremarkable))\b",
    re.IGNORECASE,
)
#: The word before "US" that makes it the study: quadrants, organs, study types.
_ULTRASOUND_BEFORE = frozenset(
    "ruq luq rlq llq abd abdominal pelvic renal carotid thyroid breast scrotal testicular transvaginal tv "
    "bedside doppler duplex venous arterial le ue obstetric ob fetal liver kidney bladder neck tips "
    "repeat prior limited formal complete diagnostic point-of-care pocus endoscopic rectal".split()
)
_LAST_WORD = re.compile(r"([A-Za-z][A-Za-z/-]*)[\s,:]*$")


def ultrasound_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """"US" tagged as a place but the imaging study: after a body part, a
    quadrant or a study word ("carotid US", "RUQ US", "Post-TIPS US"), or
    before "guided" or a finding verb ("US-guided", "US showed")."""
    if span.label_ not in PLACE_LABELS or span.text.strip() not in ("US", "U/S"):
        return None
    if _ULTRASOUND_AFTER.match(text, span.end_char):
        return ULTRASOUND_WORD_AFTER
    before = _LAST_WORD.search(text[max(0, span.start_char - 30) : span.start_char])
    if before is None:
        return None
    word = before.group(1).lower()
    if (
        word in _ULTRASOUND_BEFORE
        or word.rsplit("-", 1)[-1] in _ULTRASOUND_BEFORE
        or word in check_words.lexicons.body_parts_and_headers
        or check_words.vocabulary.is_always_medical(word)
    ):
        return ULTRASOUND_WORD_BEFORE
    return None


# -- nationalities and languages ---------------------------------------------------------------

#: Endings of language and nationality words ("English", "Chinese", "Arabic", "French",
#: "Somali"): the lexicon also holds parts of longer names ("sierra" of "Sierra Leonean").
_LANGUAGE_ENDINGS = ("ish", "ese", "an", "ic", "ch", "li", "di")


def nationality_reason(span: Span, check_words: CheckWords) -> Optional[str]:
    """"Arabic", "Haitian Creole interpreter": a nationality or language with
    ordinary words, never a name or place (i2b2 convention). A single language
    word tagged as a place is `LANGUAGE_AS_PLACE`, which stands whatever other
    name the word is ("discussed in English")."""
    if span.label_ not in NAME_LABELS:
        return None
    span_words = [w for w in words(span.text) if w not in FILLER]
    nationalities = check_words.lexicons.nationalities
    if not any(w in nationalities for w in span_words) or not all(
        w in nationalities or check_words.known_word(w) for w in span_words
    ):
        return None
    all_words = words(span.text)
    if span.label_ in PLACE_LABELS and len(all_words) == 1 and all_words[0].endswith(_LANGUAGE_ENDINGS):
        return LANGUAGE_AS_PLACE
    return NATIONALITY_WORDS


# -- sports teams (read by the context checks) ---------------------------------------------------

#: The word after a span, on the same line.
_WORD_AFTER = re.compile(r"[ \t]+([A-Za-z0-9][A-Za-z0-9'-]*)")
_NINERS_AFTER = re.compile(r"[ \t-]+nine(?:rs|s)?\b", re.IGNORECASE)
#: After a place: it is a team's ("a texas fan", "the georgia game").
_SPORTS_WORDS = frozenset({"fan", "fans", "game", "games", "team"})


def sports_team(span: Span, text: str, as_place: bool, check_words: CheckWords) -> bool:
    """A place or person span that names a team: a team nickname right after
    it or as its last word ("dallas cowboys", "the georgia bulldogs"), or,
    for a place, "fan", "game" or "team" after it ("a texas fan")."""
    teams = check_words.lexicons.sports_teams
    span_words = words(span.text)
    if len(span_words) > 1 and span_words[-1] in teams and span.label_ != "PATIENT":
        return True
    after = _WORD_AFTER.match(text, span.end_char)
    if after is None:
        return False
    word = after.group(1).lower()
    if word == "forty" and _NINERS_AFTER.match(text, after.end()):
        return True  # "forty niners", "forty nine" as said
    return word in teams or (as_place and word in _SPORTS_WORDS)


__all__ = [
    "STREET_WORDS", "country_reason", "nationality_reason", "place_reason", "roles_only", "sports_team",
    "state_reason", "street_reason", "ultrasound_reason",
]
