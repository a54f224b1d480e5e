"""PROFESSION and DEPARTMENT checks.

A PROFESSION needs an occupation word, a short all-caps job ("CNA") or a job
context before it ("works as", "Occupation:", "is a"); a head that names a
habit, a person in general or a thing ("Former smoker", "as a kid", "as an
antibiotic") is no job, whatever "is a" suggests. A DEPARTMENT made only of
clinical-service words ("Orthopaedic Surgery", "Inpatient Psychiatry") is a
service every hospital has, no PHI; a named unit ("Rheumatology Clinic", "Farr
7") stays. A DEPARTMENT is then checked as an institution's name
(`person.name_or_organisation_reason`).
"""

from __future__ import annotations

import re
from typing import Optional

from spacy.tokens import Span

from ..reasons import REASON_GENERIC_SERVICE, REASON_NO_OCCUPATION, REASON_NOT_A_JOB, sub_reason
from .base import FILLER, CheckWords, singular, words
from .person import CONSULT_CUES, name_or_organisation_reason

#: A head of the non-occupations (habits, people in general, hobbies): "Former smoker", "as a kid".
HABIT_OR_PERSON = sub_reason(REASON_NOT_A_JOB, "habit_or_person")
#: After a job context, a head with the ending of a thing or an abstract noun: "as an antibiotic".
THING_NOUN = sub_reason(REASON_NOT_A_JOB, "thing_noun")
#: After "is a" alone, a head that is no noun for a person: "described as a throbbing pain".
NO_PERSON_NOUN = sub_reason(REASON_NOT_A_JOB, "no_person_noun")
#: A DEPARTMENT of clinical-service words only: "Department of Pathology".
DEPARTMENT_SERVICE = sub_reason(REASON_GENERIC_SERVICE, "department")

#: Explicit work cues: only these keep a profession span whose head names no job
#: ("works as a hunter"; not "former smoker", "as a kid").
_WORK_CUES = r"works?|worked|working|employed|job|career|occupation|profession|employment|self-employed"
_WORK_CUE_BEFORE = re.compile(rf"\b(?:{_WORK_CUES})\b[^.\n]{{0,20}}$", re.IGNORECASE)
#: Work cues, a training or a past job ("studying", "retired", "former").
_JOB_CUES = rf"\b(?:{_WORK_CUES}|trained|training|studying|studies|studied|retired|former|formerly)\b"
#: "is a" / "as an" right before the span: the weakest job context.
_IS_A = r"\b(?:is|was|am|as)\s+(?:a|an)\s+"
#: A job context before a profession span: a job cue, or "is a" ("works as a",
#: "Occupation:", "is a welder").
_JOB_CONTEXT_BEFORE = re.compile(rf"(?:{_JOB_CUES}[^.\n]{{0,20}}|{_IS_A})$", re.IGNORECASE)
#: "is a" / "as an" alone say nothing of a job for a head with the ending of a
#: thing or an abstract noun: "as an antibiotic", "as a preventative", "as a precaution".
_THING_NOUN_ENDING = re.compile(r"(?:tion|sion|ment|ness|ity|ive|ics?|ance|ence|ism|ure)$")
#: The endings of nouns for people ("welder", "contractor", "florist", "electrician",
#: "attendant", "fisherman", "trainee"): after "is a" / "as a" alone, a head that no
#: occupation of the lexicon names needs one ("described as a throbbing pain", "this
#: is a secondary cause" are no jobs; a place or name in the span is still kept, recall
#: first: "is a San Francisco 49ers fan").
_PERSON_NOUN_ENDING = re.compile(
    r"(?:er|or|ist|ian|ant|ent|man|men|woman|women|person|people|ee|eer|ier|yer|smith|wright|hand|staff|crew)$"
)
#: People's nouns without such an ending ("a sophomore", "a college senior in nursing",
#: "an IT sales professional").
_PERSON_NOUNS = frozenset(
    "freshman sophomore junior senior student professional intern resident apprentice trainee".split()
)
#: "is a" right before the span with no job cue anywhere before it: the context alone.
_IS_A_BEFORE = re.compile(rf"{_IS_A}$", re.IGNORECASE)
_JOB_CUE_ANYWHERE = re.compile(_JOB_CUES, re.IGNORECASE)


def profession_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a PROFESSION span names no job (or None)."""
    span_words = words(span.text)
    occupations = check_words.lexicons.occupations
    if any(w in occupations or singular(w) in occupations for w in span_words):
        return None
    if span.text.strip().isupper() and 2 <= len(span.text.strip()) <= 5:
        return None  # "CNA", "LPN", "CPA": abbreviations of jobs
    before = text[max(0, span.start_char - 40) : span.start_char]
    head = singular(span_words[-1]) if span_words else ""
    if head in check_words.lexicons.non_occupations:
        # "Former smoker", "as a kid", "is a big runner": a habit, a person or
        # a hobby, whatever "former" or "is a" before it suggests.
        return None if _WORK_CUE_BEFORE.search(before) else HABIT_OR_PERSON
    context = _JOB_CONTEXT_BEFORE.search(before)
    if context and not _WORK_CUE_BEFORE.search(before) and _THING_NOUN_ENDING.search(head):
        return THING_NOUN  # "as an antibiotic", "as a preventative"
    if (
        context
        and _IS_A_BEFORE.search(before)
        and not _JOB_CUE_ANYWHERE.search(before)
        and not _PERSON_NOUN_ENDING.search(head)
        and not any(w in _PERSON_NOUNS for w in span_words)
    ):
        return NO_PERSON_NOUN  # "described as a throbbing pain", "is a secondary cause"
    if context:
        return None  # "works in construction", "Occupation: sales", "is a welder"
    return REASON_NO_OCCUPATION


#: Words that make a department a named unit rather than a clinical service:
#: "Rheumatology Clinic", "Heart and Vascular Institute", "4 West".
_UNIT_WORDS = frozenset(
    "clinic clinics center centre centers institute unit ward wing floor pavilion station program "
    "north south east west tower building suite".split()
)
#: Words and "&" of a line, for the proper-name check before a department.
_LINE_WORD = re.compile(r"[A-Za-z][A-Za-z'’.]*|&|[^\sA-Za-z]")


def _ends_a_proper_name(span: Span, text: str, check_words: CheckWords) -> bool:
    """Whether a capitalised word that is no service word comes right before
    the span on its line ("PIEDMONT VALLEY ORTHOPAEDICS & SPORTS MEDICINE"),
    skipping connectors ("&", "and", "of")."""
    services = check_words.lexicons.clinical_services
    line = text[max(0, span.start_char - 60) : span.start_char].rsplit("\n", 1)[-1]
    for word in reversed(_LINE_WORD.findall(line)):
        lower = word.lower()
        if lower in FILLER or word == "&" or lower in services:
            continue  # "ORTHOPAEDICS & " before "SPORTS MEDICINE": look further back
        if lower in CONSULT_CUES:
            return False  # "Per Hepatology": a consult cue, not a name
        return word[:1].isupper()  # punctuation ("Touro Infirmary - ") ends the name
    return False


def department_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """A clinical service or specialty ("Orthopaedic Surgery", "Inpatient
    Psychiatry", "IMAGING SERVICES") is no PHI; a named unit is ("Rheumatology
    Clinic", "Heart and Vascular Institute", "Farr 7"). Then the name check."""
    span_words = [w for w in words(span.text) if w not in FILLER and w not in CONSULT_CUES]
    services = check_words.lexicons.clinical_services
    if (
        span_words
        and not any(c.isdigit() for c in span.text)
        and not any(w in _UNIT_WORDS for w in span_words)
        and all(w in services or singular(w) in services for w in span_words)
        and not _ends_a_proper_name(span, text, check_words)
    ):
        return DEPARTMENT_SERVICE
    return name_or_organisation_reason(span, text, check_words)


__all__ = ["department_reason", "profession_reason"]
