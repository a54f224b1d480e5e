"""Checks of names of people and institutions (PATIENT, DOCTOR, HOSPITAL,
ORGANIZATION; DEPARTMENT after its own check in `profession.py`).

A name is not only drug, brand, medical or job words ("Gatorade", "Demerol",
"Pathologist" as a HOSPITAL), nor a clinical service ("Seen by Ortho") or a
public program ("Medicaid"). Form checks, which stand whatever the words: no
name starts with a possessive ("'s sister"), is written in lower case in a note
that uses capitals ("kielbasa"), follows an article in lower case ("the
reason"), is a pronoun ("He attends"), starts with a number ("12 mo."), is one
letter ("T" of "T12") or a title alone ("Dr.").

`ordinary_words_only` is the validators' recall rule: a span vetoed for its
vocabulary stays when a word of it could be a person's name.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, Optional

from spacy.tokens import Span

from ...lexicon.common_words import name_like_words, person_names
from ...lexicon.person_words import NOT_NAME_AFTER_RELATIVE
from ...lexicon.vocabulary import normalize_term
from ...lexicon.word_usage import written_in_lower_case
from ...note_case import MIN_CASED_RATIO, is_cased_text, is_mostly_lower_case, is_mostly_upper_case  # noqa: F401  (re-exported)
from ..reasons import (
    REASON_ARTICLE_BEFORE_NAME,
    REASON_GENERIC_SERVICE,
    REASON_LOWER_CASE_IN_CASED_NOTE,
    REASON_MEDICAL_OR_BRAND,
    REASON_NAME_STARTS_WITH_NUMBER,
    REASON_ONE_LETTER,
    REASON_POSSESSIVE,
    REASON_PRONOUN,
    REASON_PUBLIC_PROGRAM,
    REASON_RATE_UNIT,
    REASON_TITLE_ONLY,
    sub_reason,
)
from .base import (
    FILLER,
    INSTITUTION_LABELS,
    NAME_LABELS,
    PERSON_LABELS,
    POSSESSIVE_CLITICS,
    WORD,
    CheckWords,
    line_start,
    place_phrase,
    singular,
    words,
)

#: A name span that starts with a possessive clitic: "'s", "'s sister" (of "wife's sister").
POSSESSIVE_START = sub_reason(REASON_POSSESSIVE, "span_start")
#: A person or institution span of clinical-service words only: "Seen by Ortho", "per Rheum".
SERVICE_AS_NAME = sub_reason(REASON_GENERIC_SERVICE, "service_as_name")
#: A name or institution span of drug, brand, medical or job words: "Gatorade", "Demerol".
NAME_OF_MEDICAL_WORDS = sub_reason(REASON_MEDICAL_OR_BRAND, "name")

# -- the case of a note: `spacy_phi.note_case` ------------------------------------------

#: Labels that name a person, place or institution: capitalised in a note that
#: uses capitals (LOCATION_OTHER and PROFESSION are not: "west coast", "barber").
CASED_LABELS = frozenset({"PATIENT", "DOCTOR", "CITY", "STATE", "COUNTRY", "HOSPITAL", "ORGANIZATION"})


# -- words that are or are not names ------------------------------------------------------

#: Frequent English words that are also names in the name lists: never taken
#: as evidence of a name ("little bit", "long time", "new issue").
FREQUENT_NAME_WORDS = frozenset(
    "little long young new good best rich small short brown white black green gray grey hill wood stone "
    "bell rose love hope will may june april august bill grant frank mark pat sue rob don art ray gene "
    "major price page street king lane hall may far early late more most much many way day days week "
    "weeks night morning care case cross field ford foster fox free friend gay gold hart house hunt "
    "jack job joy keen lamb land law lee light long low man mann mason mills moon moore north oak park "
    "parks person pierce power rice rivers rock rose ross rush sharp shore silver snow spring spencer "
    "summer sweet swift today tom walker wall ward water waters west wise wolf woods small pope cook "
    "baker miller carter porter fisher hunter turner taylor cole well wells bush knight head".split()
) - frozenset({"hope", "joy", "june", "april", "grant", "frank", "taylor", "miller", "carter", "fisher"})
#: Given names that are also words, missing from Faker's en_US lists.
_VIRTUE_NAMES = ("hope", "joy", "faith", "grace", "charity", "patience", "mercy", "destiny", "harmony", "honor")


@lru_cache(maxsize=1)
def name_words() -> FrozenSet[str]:
    """Lower-case given and family names of Faker's en_US person provider (MIT):
    a word among them in a mislabelled span is taken as a name."""
    from ...lexicon.faker_lists import locale_name_lists

    first, last = locale_name_lists("en_US", gendered=True)
    return frozenset(n.lower() for n in first + last + list(_VIRTUE_NAMES) if n.isalpha())


#: Words of an organisation or institution's name that keep a common-word span.
INSTITUTION_WORDS = frozenset(
    "hospital hospitals clinic clinics center centre centers institute university college school academy "
    "church temple mosque synagogue parish inc inc. llc ltd co corp corporation company bank pharmacy "
    "foundation association society agency department dept unit ward wing floor pavilion program "
    "services health healthcare medical group partners laboratory laboratories labs lab market store "
    "restaurant cafe diner bakery shop club gym ymca county city state".split()
)
#: Side letters ("R SDH", "HOLDING R HAND"): no name (also read by the guard component).
SIDE_LETTERS = frozenset({"l", "r"})
#: A consult cue a tagger takes into a service's span ("Per Surgery").
CONSULT_CUES = frozenset("per via".split())

# -- form checks ---------------------------------------------------------------------------

#: Right before a lower-case person span: an article or a possessive. Names in
#: speech are not preceded by one ("the journey", "their kidneys", "a regade
#: person"); "that" is left out: it also introduces a clause ("that katherine is").
#: "apt a carrington": a unit letter, not an article.
_ARTICLE_BEFORE = re.compile(
    r"(?<!apt )(?<!unit )(?<!suite )(?<!ste )(?<!bldg )(?<!room )\b(?:the|a|an|their|his|its|our|your|my|this|these|those|some|any|every|each)\s+$",
    re.IGNORECASE,
)
#: Personal and possessive pronouns: "He" and "She" are also surnames in the
#: name lists, but one followed by a lower-case word is the pronoun ("He attends").
_PRONOUNS = frozenset("he she him his her hers they them their we us our you your it its".split())
#: What follows a pronoun: a lower-case word ("He is", "She denies").
_LOWER_WORD_AFTER = re.compile(r"[ \t]+[a-z]")
#: A signature or user cue before a span: "by mcsonka", "user dkonopka", "cc: jlee".
_SIGNATURE_BEFORE = re.compile(r"\b(?:by|user|signed|cc|per|attn)\s*:?\s*$", re.IGNORECASE)
#: Labels never given to a single letter or digit (a person's initial may be one).
_ONE_LETTER_NEVER = (NAME_LABELS - PERSON_LABELS) | frozenset({"STREET", "PROFESSION"})
#: Titles that make no name alone ("Dr." tagged DOCTOR).
_TITLES = frozenset("dr dr. drs mr mr. mrs mrs. ms ms. miss prof prof. rev rev. sir dame".split())


def possessive_start_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A name, place or institution span starting with a possessive clitic:
    "wife's" gives "'s" or "'s sister", never a name."""
    if span.label_ in NAME_LABELS and span[0].text in POSSESSIVE_CLITICS:
        return POSSESSIVE_START
    return None


def lower_case_name_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A name, place or institution with no capital in a note that uses
    capitals ("kielbasa", "hook", "cont abx" tagged as names). Kept (recall
    first): staff initials ("-kpm", one token of at most three letters), a user
    name (a digit or "_"), a span with an occupation word (PHI with the wrong
    label: "die maker"), a span with a given or family name of any locale
    ("wife dolores", "jisoo (2)"), and a word after a signature or user cue
    ("by mcsonka")."""
    if not cased or span.label_ not in CASED_LABELS:
        return None
    value = span.text
    if not any(c.isalpha() for c in value) or any(c.isupper() for c in value):
        # A capital anywhere: a name whose span took in a neighbouring word
        # ("attends Church of St. Olaf") must not lose the name.
        return None
    if span.label_ in PERSON_LABELS and len(span) == 1 and len(value) <= 3:
        return None
    if any(c.isdigit() or c == "_" for c in value):
        return None  # a user name ("nemecek_tsion", "jdoe42")
    span_words = words(value)
    occupations = check_words.lexicons.occupations
    if any(w in occupations or singular(w) in occupations for w in span_words):
        return None
    # Recall first: a given or family name of any locale may be a name typed
    # in lower case ("jisoo (2)"), as may a word after a signature cue ("by mcsonka").
    # A name that is also a dictionary word ("hook", "short", "visa") is, in
    # lower case among capitals, the word.
    names = person_names()
    name_like = name_like_words()
    if any(w in names and w not in name_like and w not in NOT_NAME_AFTER_RELATIVE for w in span_words):
        return None
    if _SIGNATURE_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char]):
        return None
    return REASON_LOWER_CASE_IN_CASED_NOTE


def article_before_name_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A lower-case person span after an article or a possessive ("the reason",
    "their kidneys"): names in speech have none."""
    if (
        span.label_ in PERSON_LABELS
        and span.text.islower()
        and _ARTICLE_BEFORE.search(text[max(0, span.start_char - 8) : span.start_char])
    ):
        return REASON_ARTICLE_BEFORE_NAME
    return None


def pronoun_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A one-word person span that is a pronoun followed by a lower-case word
    ("He attends school"); "HE, KOUROSH" and "Li He" are names, and "Dr. He"
    keeps his title (the guard's person cue)."""
    if (
        span.label_ in PERSON_LABELS
        and len(span) == 1
        and span.text.lower() in _PRONOUNS
        and _LOWER_WORD_AFTER.match(text, span.end_char) is not None
    ):
        return REASON_PRONOUN
    return None


def number_then_words_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A person span that starts with a number and has no capitalised word
    that could be a name after it ("12 mo.", "26 u"): a count or a dose,
    since a name never starts with a number. "2 Okonkwo" keeps its name."""
    if span.label_ not in PERSON_LABELS or len(span) < 2 or not span[0].text.isdigit():
        return None
    for token in span[1:]:
        word = token.text.strip(".'’")
        if len(word) > 1 and word[:1].isupper() and not check_words.known_word(word.lower()):
            return None
    return REASON_NAME_STARTS_WITH_NUMBER


def one_letter_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A place, institution, street or job of one letter or digit ("T" of "T12" tagged HOSPITAL)."""
    if span.label_ in _ONE_LETTER_NEVER and sum(c.isalnum() for c in span.text) <= 1:
        return REASON_ONE_LETTER
    return None


#: A quantity and a slash right before a span: the span is the time or weight of a rate
#: ("50cc/h.", "250cc/o." of "cc/hour", "1.5mg/min.", "2 mcg/kg"), never a name.
_RATE_BEFORE = re.compile(r"\d[ \t]*(?:cc|ml|mls|l|mg|mcg|g|gm|meq|u|units?|iu|gtts?)/\Z", re.IGNORECASE)


def rate_unit_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A span of one word glued after a quantity and a slash: the unit of a rate."""
    if len(WORD.findall(span.text)) == 1 and _RATE_BEFORE.search(text, max(0, span.start_char - 16), span.start_char):
        return REASON_RATE_UNIT
    return None


def title_only_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """A person span that is a title alone ("Dr."; the name after it is its own span)."""
    if span.label_ in PERSON_LABELS and all(t.is_punct or t.text.lower() in _TITLES for t in span):
        return REASON_TITLE_ONLY
    return None


# -- names made of medical, brand or service words ------------------------------------------


def _service_not_person(span: Span, check_words: CheckWords) -> bool:
    """A name or institution span made only of clinical-service words that
    are no one's name ("Ortho", "Heme/Onc", "Transplant", "Telemetry"):
    clinicians call a consulting service or a ward by its generic name.
    "Endo", "Burns" and "Hand" are surnames too: kept."""
    services = check_words.lexicons.clinical_services
    names = person_names()
    span_words = [w for w in words(span.text) if w not in FILLER]
    return (
        bool(span_words)
        and not any(c.isdigit() for c in span.text)
        and all((w in services or singular(w) in services) and w not in names for w in span_words)
    )


def _abbreviation_of_a_lower_case_note(written: str, text: str, check_words: CheckWords) -> bool:
    """A clinical abbreviation of the capitals list written in lower case in a
    note typed all in lower case ("ptt in am", "assessed by rrt, rn and md"):
    such a note writes its abbreviations as it writes everything else."""
    return (
        len(written) >= 2
        and written.islower()
        and check_words.vocabulary.is_clinical_abbreviation(written.upper())
        and not is_cased_text(text)
    )


def name_or_organisation_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a person or institution span names no one: a clinical service, a
    public program, or only drug, brand, medical or job words (or None)."""
    if not words(span.text):
        return None
    if span.label_ != "DEPARTMENT" and _service_not_person(span, check_words):
        return SERVICE_AS_NAME  # "Seen by Ortho", "per Rheum", "Admit to Medicine, Telemetry"
    programs = check_words.lexicons.public_programs_lower
    if span.label_ in ("HOSPITAL", "ORGANIZATION") and place_phrase(span.text).lower() in programs:
        return REASON_PUBLIC_PROGRAM  # "Medicaid", "Apple Health", "KanCare": no PHI
    vocab = check_words.vocabulary
    lex = check_words.lexicons
    medical_or_brand = 0
    for written in WORD.findall(span.text):
        word = written.lower().strip("'’-")
        if word in FILLER or (
            word in SIDE_LETTERS and span.label_ in PERSON_LABELS and f"{written}." not in span.text
        ):
            continue  # "R SDH", "cafe au lait L thigh": a side when the rest is medical ("R. Alzheimer": an initial)
        if word in INSTITUTION_WORDS and span.label_ in INSTITUTION_LABELS:
            return None  # "Memorial Hospital", "Heart Center"
        if (
            word in lex.brands
            or word in lex.body_parts_and_headers
            or vocab.is_always_medical(word)
            or vocab.is_drug(word)
            or vocab.is_abbreviation(written)
            or _abbreviation_of_a_lower_case_note(written, text, check_words)
            or vocab.is_head(word)
            # A job is no name, unless it is a surname too ("Pathologist", not "Baker").
            or (word in lex.occupations and word not in person_names())
        ):
            medical_or_brand += 1
        elif written[:1].isupper() and word in person_names() and word not in FREQUENT_NAME_WORDS:
            return None  # a capitalised name beside a medical surname: "PARKINSON, DESMOND A"
        elif vocab.is_common_word(word, function_words=word not in person_names()):
            # With a drug or medical word, an ordinary word is its context
            # ("Benadryl safe", "CONTINUE LASIX"); without one, see below.
            continue
        else:
            return None
    if medical_or_brand == 0:
        return None
    phrase = normalize_term(span.text)
    if span.label_ in PERSON_LABELS and len(words(span.text)) == 1 and not vocab.is_drug(phrase) and phrase not in lex.brands:
        # A lone body-part or head word as a name ("Heart"): only when
        # lower case or at the start of a line; "Mr. Head" is handled by the
        # guard's title check before this.
        if span.text[:1].isupper() and not line_start(span.start_char, text):
            return None
    return NAME_OF_MEDICAL_WORDS


# -- the recall rule ------------------------------------------------------------------------


def ordinary_words_only(span: Span, text: str, check_words: CheckWords) -> bool:
    """Whether no word of the span could be a person's name: a word of the
    name lists that is not also a frequent English word ("little", "long"),
    as written or lower case, or an unknown capitalised word mid-sentence
    ("Okonkwo"). Tokens with digits never are. A span that is a listed brand as
    a whole is ordinary, however the tokenizer cut it ("BariAir")."""
    names = name_words()
    vocab = check_words.vocabulary
    phrase = normalize_term(span.text)
    if phrase in check_words.lexicons.brands and phrase not in names:
        return True
    for token in span:
        if token.is_punct or token.is_space or any(c.isdigit() for c in token.text):
            continue
        # A word not written as a name ("max" of "T-max", "HUNG") that English writes
        # mostly in lower case is no evidence of one.
        as_written_no_name = not token.is_title
        for part in token.text.lower().replace("’", "'").split("-"):
            part = part.strip("'").removesuffix("'s")
            if part in names and part not in FREQUENT_NAME_WORDS and not vocab.is_always_medical(part):
                if not (as_written_no_name and written_in_lower_case(part)):
                    return False
        if len(token.text) > 2 and token.is_title and not check_words.known_word(token.text.lower()) and not line_start(token.idx, text):
            return False  # an unknown capitalised word mid-sentence: "Okonkwo"
    return True


__all__ = [
    "CASED_LABELS", "CONSULT_CUES", "FREQUENT_NAME_WORDS", "INSTITUTION_WORDS", "MIN_CASED_RATIO", "SIDE_LETTERS",
    "article_before_name_reason", "is_cased_text", "is_mostly_lower_case", "is_mostly_upper_case",
    "lower_case_name_reason", "name_or_organisation_reason", "name_words", "number_then_words_reason",
    "one_letter_reason", "ordinary_words_only", "possessive_start_reason", "pronoun_reason", "title_only_reason",
]
