"""Clinical shorthand that a tagger reads as a name, place or organisation.

Terse notes are written in abbreviations ("SIMV", "LCX", "HO aware"), in
SOAP sections ("S: \"I want to go home\"", "O. afebrile") and in slash pairs
("I/O", "C/S", "SB/SR"); a tagger trained on mixed-case prose takes their
capitals for names. None of these is a name unless something around it says so:
a title before it or a degree after it (the guard's person cue, asked first),
a field label ("Attending:", "Name:") or a capitalised given or family name
beside it ("Al Ross", "ROSS, AL").
"""

from __future__ import annotations

import re
from typing import Callable, FrozenSet, Optional

from spacy.tokens import Span

from ...lexicon.common_words import FUNCTION_WORDS, name_like_words, person_names
from ...lexicon.gazetteers import CHAIN_NAMES
from ...lexicon.person_words import NURSING_ROLE_ABBREVIATIONS, RELATIVE_BEFORE
from ...lexicon.vocabulary import MedicalVocabulary
from ..reasons import REASON_ABBREVIATION, sub_reason
from .base import INSTITUTION_LABELS, PERSON_LABELS, PLACE_LABELS

#: A clinical abbreviation of either list, alone, with nothing around it that makes it a name: "SIMV", "LCX".
LISTED_ABBREVIATION = sub_reason(REASON_ABBREVIATION, "listed_alone")
#: A staff role alone, as a person, or as a place or organisation that is no state or country code: "HO aware", "paged RT".
STAFF_ROLE_ALONE = sub_reason(REASON_ABBREVIATION, "staff_role")
#: A word of the nursing shorthand list written with a capital, that is no one's name: "Carevue", "Trach".
CAPITALISED_SHORTHAND = sub_reason(REASON_ABBREVIATION, "capitalised_shorthand")
#: A SOAP section letter at the start of a line, with speech or ordinary words after it: "S.", "S-\"I hope".
SOAP_HEADER = sub_reason(REASON_ABBREVIATION, "soap_header")
#: A letter joined by a slash to another: "S" of "S/S", "O" of "I/O".
SLASH_PAIR = sub_reason(REASON_ABBREVIATION, "slash_pair")

#: Labels of people, places and organisations: what shorthand is mistaken for.
SHORTHAND_LABELS = PERSON_LABELS | PLACE_LABELS | INSTITUTION_LABELS
#: Staff roles a nursing note writes for a clinician ("HO" the house officer, "RN", "RRT").
ROLE_ABBREVIATIONS = NURSING_ROLE_ABBREVIATIONS
#: The letters of SOAP(IE) notes: subjective, objective, assessment, plan, intervention, evaluation.
_SOAP_LETTERS = frozenset("SOAPIE")
#: A SOAP letter and its mark at the start of a span ("S:", "O.", "S-", "P)").
_SOAP_START = re.compile(r"([A-Za-z])[ \t]*[:.)-]")
#: Only indentation or a bullet between the line's start and the span.
_LINE_START_BEFORE = re.compile(r"(?:\A|\n)[ \t>*#•-]*\Z")
#: A field that holds a person's name, right before the span ("Attending: ", "Name -").
_NAME_FIELD_BEFORE = re.compile(
    r"\b(?:name|patient|attending|resident|fellow|intern|pcp|physician|doctor|provider|surgeon|nurse|"
    r"contact|signed|signature|author|cosigner|proxy|hcp|employer|operators?|referring|ordering|"
    r"tr|(?:transcribed|dictated)\s+by)\s*[:#-]\s*\Z",
    re.IGNORECASE,
)
#: A one-word field label right before the span ("Cytotechnologist: ").
_FIELD_BEFORE = re.compile(r"([A-Za-z]+)[ \t]*:[ \t]*\Z")
#: How a job's name ends ("Cytotechnologist", "Dietician", "Rad tech").
_JOB_ENDING = re.compile(r"(?:ist|ician|tech|nurse)\Z", re.IGNORECASE)
#: The word right before a span on its line, with an optional comma ("ROSS, " of "ROSS, AL").
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z'-]+),?[ \t]+\Z")
#: The word right after a span on its line ("Ross" of "Al Ross").
_WORD_AFTER = re.compile(r",?[ \t]+([A-Za-z][A-Za-z'-]+)")
#: A workplace or shop before an organisation's abbreviation ("works at IBM", "shops at CVS").
_EMPLOYER_BEFORE = re.compile(
    r"\b(?:works?|worked|working|employed|employer|job|retired|shops?|shopped|pharmacy|store)\b[^.\n]{0,12}\Z", re.IGNORECASE
)
#: A move into or out of a place right before a span ("transferred to ", "TX TO ", "admitted to the ", "leave "):
#: a hospital's or a place's short name follows ("transferred to GH").
_MOVED_TO_BEFORE = re.compile(
    r"\b(?:transferred|transfer|transfered|tx|txd|xfer|xferred|sent|admitted|admit|readmitted|discharged|dc'?d|"
    r"taken|brought|flown|moved|returned|return|arrived|came|went|leave|left|referred)"
    r"(?:[ \t]+(?:back|here|over))?(?:[ \t]+(?:to|from|at|in|into))?(?:[ \t]+the)?[ \t]+\Z",
    re.IGNORECASE,
)
#: "at", "to" or "from" right before an organisation: where someone goes or is sent ("referral to BMC").
_AT_OR_TO_BEFORE = re.compile(r"\b(?:at|to|from)[ \t]+(?:the[ \t]+)?\Z", re.IGNORECASE)
#: A change of treatment or setting before "to": what follows is a setting or a drug,
#: not a place ("changed to SIMV", "NTG GTT CHANGED TO NITROPASTE", "weaned to CPAP").
_CHANGED_TO_BEFORE = re.compile(
    r"\b(?:chang(?:ed|es|ing)|switch(?:ed|es|ing)?|convert(?:ed|s|ing)?|wean(?:ed|s|ing)?|titrat(?:ed|es|ing)|"
    r"increas(?:ed|es|ing)|decreas(?:ed|es|ing)|advanc(?:ed|es|ing)|inc|dec|down|up)(?:[ \t]+back)?[ \t]+to[ \t]+(?:the[ \t]+)?\Z",
    re.IGNORECASE,
)
#: A place's cue right before a place ("lives in ", "moved to ", "from ", "near ").
_PLACE_CUE_BEFORE = re.compile(
    r"\b(?:(?P<strong>(?:lives?|living|lived|born|raised|grew[ \t]+up|resides?|moved|relocated|vacation(?:ing)?)[ \t]+(?:in|to|near)|"
    r"visiting)|from|near)[ \t]+\Z",
    re.IGNORECASE,
)
#: National chains (lower case): an organisation that is one keeps its name ("CVS" the pharmacy).
_CHAINS = frozenset(CHAIN_NAMES.split("|"))
#: Slash pairs: a short word right before or after the span's slash ("I/", "/S").
_SHORT_BEFORE_SLASH = re.compile(r"(?:\A|[^A-Za-z])[A-Za-z]/\Z")
_SLASH_SHORT_AFTER = re.compile(r"/[A-Za-z](?![A-Za-z])")
#: A slash pair is one letter a side ("I/O", "C/S"; "VSM/crd", "MJY/kt" are a dictation's initials).
_MAX_PAIR_LETTERS = 1


def _is_name_word(word: str, vocabulary: MedicalVocabulary) -> bool:
    """A capitalised given or family name that is no ordinary word or abbreviation ("Ross"; not "Will", "SR")."""
    if not word[:1].isupper() or len(word) < 2:
        return False
    lower = word.lower()
    return (
        lower in person_names()
        and lower not in name_like_words()
        and not vocabulary.is_common_word(lower, function_words=False)
        and not vocabulary.is_clinical_abbreviation(word)
        and word not in ROLE_ABBREVIATIONS
    )


def _name_words_only(span: Span) -> bool:
    """Every word of the span is a person-name word and no function word ("brady";
    not "MD", "WILL CALL")."""
    words = [t.text.lower() for t in span if t.is_alpha]
    return bool(words) and all(w in person_names() and w not in FUNCTION_WORDS for w in words)


def named_in_context(
    span: Span, text: str, vocabulary: MedicalVocabulary, occupations: FrozenSet[str], weak_cues: bool = True
) -> bool:
    """Whether the words around a span make it a name: a name field before it
    ("Attending: HO", "Cytotechnologist: CM": a job's field holds initials), a capitalised given or family name beside it on its line
    ("Al Ross", "ROSS, AL"), a relative word before a person ("my son brady"), or, for an organisation, a workplace or shop before
    it ("works at IBM"), "at", "to" or "from" before it ("referral to BMC"; not
    after a change of setting: "changed to SIMV") or a
    job after it ("CBP officer"); for a place or an institution, a move into or
    out of it ("transferred to GH"); for a place, a place's cue ("lives in").

    weak_cues (bool): whether "at", "to", "from" and "near" alone count (they
        also open a time, a state or a setting: "AT BEST", "AT PEACE", "FROM
        PENIS"); the doubt check leaves them out for spans of ordinary words.
    """
    before = text[max(0, span.start_char - 30) : span.start_char]
    if _NAME_FIELD_BEFORE.search(before):
        return True
    field = _FIELD_BEFORE.search(before)
    if field and (field.group(1).lower() in occupations or _JOB_ENDING.search(field.group(1))):
        return True
    if span.label_ in PERSON_LABELS and RELATIVE_BEFORE.search(before) and _name_words_only(span):
        return True  # "my son brady": a relative's name, whatever else the word is ("husband MD" is a job)
    if span.label_ in INSTITUTION_LABELS and _EMPLOYER_BEFORE.search(before):
        return True
    if span.label_ in INSTITUTION_LABELS | PLACE_LABELS and _MOVED_TO_BEFORE.search(before):
        return True
    if weak_cues and span.label_ in INSTITUTION_LABELS and _AT_OR_TO_BEFORE.search(before) and not _CHANGED_TO_BEFORE.search(before):
        return True  # "referral to BMC", "It's at BMC"
    place_cue = _PLACE_CUE_BEFORE.search(before)
    if span.label_ in PLACE_LABELS and place_cue and (weak_cues or place_cue.group("strong") is not None):
        return True  # "lives in", "from"; not "in" alone ("in SR" is a rhythm)
    if span.label_ in INSTITUTION_LABELS:
        job_after = _WORD_AFTER.match(text, span.end_char, min(len(text), span.end_char + 30))
        if job_after and (job_after.group(1).lower() in occupations or _JOB_ENDING.search(job_after.group(1))):
            return True  # "CBP officer": an employer before its job
    word_before = _WORD_BEFORE.search(before)
    if word_before and _is_name_word(word_before.group(1), vocabulary):
        return True
    word_after = _WORD_AFTER.match(text, span.end_char, min(len(text), span.end_char + 30))
    return bool(word_after and _is_name_word(word_after.group(1), vocabulary))


def after_a_move(span: Span, text: str) -> bool:
    """Whether a move into or out of a place comes right before the span
    ("WENT TO", "transferred from"), whatever the span's label."""
    return _MOVED_TO_BEFORE.search(text[max(0, span.start_char - 30) : span.start_char]) is not None


def _at_line_start(span: Span, text: str) -> bool:
    return _LINE_START_BEFORE.search(text, max(0, span.start_char - 12), span.start_char) is not None


def soap_header(span: Span, text: str, rest_is_ordinary) -> bool:
    """A SOAP letter opening a line ("S:", "O.", "S-\"I hope") with nothing after
    it in the span, or only the patient's quoted words or ordinary words; "P. Smith"
    keeps its initial (a name follows it)."""
    start = _SOAP_START.match(span.text)
    if start is None or start.group(1).upper() not in _SOAP_LETTERS or not _at_line_start(span, text):
        return False
    rest = span.text[start.end() :].strip()
    return not rest or rest[:1] in "\"'“‘" or rest_is_ordinary(rest)


def slash_pair(span: Span, text: str) -> bool:
    """A letter joined by a slash to another letter ("S" of "S/S", "O" of "I/O"):
    shorthand, never a name (initials joined by a slash, "MJY/kt", stay)."""
    value = span.text.rstrip(".")
    if not value.isalpha() or len(value) > _MAX_PAIR_LETTERS:
        return False
    if _SHORT_BEFORE_SLASH.search(text, max(0, span.start_char - 5), span.start_char):
        return True
    return _SLASH_SHORT_AFTER.match(text, span.start_char + len(value)) is not None


def _listed(value: str, vocabulary: MedicalVocabulary, open_list: bool = True) -> bool:
    """An abbreviation of the hand-written list, or (with `open_list`) of three
    letters or more of the open list: two capitals of the open list are as often
    initials ("RW", "SM")."""
    return vocabulary.is_abbreviation(value) or (
        open_list and sum(c.isalpha() for c in value) >= 3 and vocabulary.is_clinical_abbreviation(value)
    )


def is_chain_name(span: Span, text: str) -> bool:
    """A national chain's name ("CVS", "Walgreens"): an organisation, whatever else
    it abbreviates, unless a colon makes it a section's header ("CVS: HR 80")."""
    return span.text.strip(" .").lower() in _CHAINS and not text.startswith(":", span.end_char)


def shorthand_reason(
    span: Span,
    text: str,
    vocabulary: MedicalVocabulary,
    rest_is_ordinary: Callable[[str], bool],
    place_codes: FrozenSet[str],
    occupations: FrozenSet[str],
    capitals_note: bool = True,
) -> Optional[str]:
    """Why a person, place or organisation span is clinical shorthand (a reason
    of this module), or None. The guard asks it after the person cue (a title
    or degree keeps the span) and only for spans no rule matched in context.

    rest_is_ordinary (Callable[[str], bool]): whether the words after a SOAP
        letter are ordinary words (the guard's common-word test).
    place_codes (FrozenSet[str]): state and country codes as written ("PA" is
        a physician assistant as a person, Pennsylvania as a place).
    occupations (FrozenSet[str]): lower-case occupation words (a job's field label holds a name).
    capitals_note (bool): whether the note is typed in capitals. In a mixed-case note
        three capitals tagged as a person are as often a person's initials ("JMS"):
        the open list vetoes them only in a note typed in capitals; four letters
        or more are no one's initials ("PRBC", "SIMV") and are vetoed in any note.
    """
    label = span.label_
    if label not in SHORTHAND_LABELS:
        return None
    if label in PERSON_LABELS and soap_header(span, text, rest_is_ordinary):
        return SOAP_HEADER
    value = span.text.strip().rstrip(".")
    if label != "STATE" and slash_pair(span, text):
        return SLASH_PAIR
    if not value or named_in_context(span, text, vocabulary, occupations):
        return None
    if value in ROLE_ABBREVIATIONS and (label in PERSON_LABELS or value not in place_codes):
        return STAFF_ROLE_ALONE
    # A person's initials are two or three letters: four letters of the open list are the abbreviation ("PRBC", "SIMV").
    open_list = capitals_note or label not in PERSON_LABELS or sum(c.isalpha() for c in value) >= 4
    if _listed(value, vocabulary, open_list) and not is_chain_name(span, text):
        return LISTED_ABBREVIATION
    if _capitalised_shorthand(value, vocabulary):
        return CAPITALISED_SHORTHAND
    return None


def _capitalised_shorthand(value: str, vocabulary: MedicalVocabulary) -> bool:
    """One word of the lower-case nursing shorthand list written with a first
    capital ("Carevue" the charting system, "Trach"), that no name list holds
    ("Endo", "Po" stay: a surname as often)."""
    return (
        value.isalpha()
        and value[:1].isupper()
        and value[1:].islower()
        and vocabulary.is_lower_case_shorthand(value)
        and value.lower() not in person_names()
    )


__all__ = [
    "CAPITALISED_SHORTHAND", "LISTED_ABBREVIATION", "ROLE_ABBREVIATIONS", "SHORTHAND_LABELS", "SLASH_PAIR", "SOAP_HEADER",
    "STAFF_ROLE_ALONE", "after_a_move", "is_chain_name", "named_in_context", "shorthand_reason",
]
