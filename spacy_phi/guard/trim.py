"""Edges of a tagger's span that are no PHI, trimmed before the guard's checks.

A statistical tagger often runs an entity a token or two too far ("2213 Cherry
St,", "531-84-2967 verified w/ pt", "Amazon warehouse", an ID that takes in the
next line's "Date") or starts it too early ("Girlfriend Hannah", "landlord Mr.
Gary Olafsen", "ph 216-444-8180"). The annotation conventions (i2b2 2014 and
`assets/realistic_eval/README.md`) leave punctuation, titles, role words and the
words around a value out, and a de-identified note is more useful when those
words stay. Trimming only drops edge tokens that hide nothing:

- what comes after a blank line in it: the next paragraph, opened by its
  heading (`cut_at_blank_line`, before any check);
- punctuation and line breaks at either end (a bracket is kept when its partner
  is inside the span: "(419) 882-6130");
- for a number-shaped label (phones, IDs, ZIP, SSN, IP address, or any name
  label on a span that starts with a number of 5+ digits), ordinary words
  without digits at either end, but for the words that belong to a phone or an
  address box ("ext", "option", "box", street words: "136-20 38th Ave" tagged
  as an ID) and words written together with the number ("TG" of "TG0A-9XWW");
- for a person, a leading title or relative's word ("Mr.", "Girlfriend"), or a
  staff role in capitals before a capitalised name ("CM Teresa Pham"); a
  trailing number ("Dr. Raman 2" wk ago) and the next field's ordinary words
  after a gap of several spaces ("Bishop    Clinic #");
- for a hospital, organisation or department written with capitals, trailing
  lower-case ordinary words ("Amazon warehouse", "Quest draw"); the clause after
  its head word ("ORCHARD HOSPITAL W SEVERE CARDIOMYOPATHY") is cut before any
  check (`cut_institution_clause`);
- for an age, words that are no number at either end ("sixty six year" old,
  "fifty one year old right"): the conventions mark the number alone;
- a leading lower-case article ("the philippines"; "The Christ Hospital" stays);
- for every other name label, a trailing lower-case function word, conjunction
  or adverb in -ly ("accountant and", "driver since", "louisiana originally"),
  and after a lower-case person's name a verb ("priya goes").

A rule's span keeps its extent but for a leading article, a trailing function
word after a name and a person's possessive "'s" (`trim_rule_edges`).

The guard checks the trimmed span; an eponym veto of the whole span stands
("Rocky Mountain spotted" before "fever"); a span with nothing left is left
whole, for the checks to judge (recall first).
"""

from __future__ import annotations

import re
from typing import Callable, FrozenSet, Optional

from spacy.tokens import Doc, Span, Token

from ..lexicon.person_words import NOT_NAME_AFTER_RELATIVE, RELATIVE_WORDS, STAFF_ROLE_ABBREVIATIONS
from ..lexicon.common_words import FUNCTION_WORDS
from .checks.age import is_age_word
from .checks.base import INSTITUTION_LABELS, PERSON_LABELS, POSSESSIVE_CLITICS
from .checks.place import STREET_WORDS

#: Labels whose value is a number with little text around it (not DEVICE or
#: VEHICLE: "Cochlear Nucleus VVT052", "silver Honda Civic" may be annotated whole).
NUMBER_LABELS: FrozenSet[str] = frozenset(
    {"PHONE", "FAX", "SSN", "MEDICALRECORD", "HEALTHPLAN", "ACCOUNT", "LICENSE", "BIOID", "IDNUM", "ZIP", "IPADDR"}
)
#: Labels whose value may start with a number of many digits ("1280 Grand Ave", "2019").
_NUMBERED_NAME_LABELS = frozenset({"STREET", "DATE", "AGE", "DEVICE", "VEHICLE", "ROOM", "DEPARTMENT"})
#: Digits in a span's first word that make it an identifier whatever its label.
_ID_MIN_DIGITS = 5
#: Words that belong to a number: a phone's extension or menu option, a box or unit.
_NUMBER_WORDS = frozenset("ext ext. extension x option opt opt. press box po p.o. apt unit suite ste pin".split())
#: Field names around a number that the name lists keep out of the common words ("Date", "Fax").
_FIELD_WORDS = frozenset("date dob email e-mail fax phone tel cell pager mrn ssn acct".split())
#: Edge tokens that are punctuation though spaCy does not flag them so.
_EDGE_SYMBOLS = frozenset("- – — / ~ ≈ # * • · , . ; : | = + _".split())
_OPENING = {"(": ")", "[": "]", "{": "}"}
_CLOSING = {v: k for k, v in _OPENING.items()}
#: A title, a title of office or role ("Officer D. Pruitt", "Examiner: Deborah Kincaid") or a
#: relative's (or other lay person's) word before a name.
_TITLE_OR_ROLE = re.compile(
    rf"^(?:(?:mr|mrs|ms|miss|mx|dr|drs|prof|rev|fr|sr|nurse|officer|ofc|det|detective|deputy|sgt|sergeant|trooper|"
    rf"examiner|interpreter|adon)\.?|{RELATIVE_WORDS})$",
    re.IGNORECASE,
)
#: Degrees after a name that the credentials list leaves out (it vetoes a lone credential, so
#: it keeps out the short degrees that are also initials or words: "MD", "DO", "PA", "RD").
_DEGREES_NOT_LISTED = re.compile(r"M\.?D\.?|D\.?O\.?|R\.?N\.?|N\.?P\.?|PA|Ph\.?D\.?|Au\.?D\.?|DDS|DMD|MBBS|RD|LD|CRNP|FNP-C")
#: Tokens with digits that are no part of a number after it ("call 716-845-2300 24/7").
_NOT_NUMBER_PARTS = frozenset({"24/7", "24x7"})
#: Conjunctions and adverbs that end no name ("driver since the collision", "teller without").
_TRAILING_CONNECTIVES = frozenset(
    "since without still while until though although because unless whether whereas anymore either".split()
)
#: Function words that are names or months too ("son will", "in may"): never trimmed.
_NAME_FUNCTION_WORDS = frozenset({"will", "may"})
#: Labels whose trailing lower-case function words are trimmed (no DATE: "early may"; no AGE: own rule).
_NAME_LABELS_TRIMMED_AT_END = frozenset(
    {"PATIENT", "DOCTOR", "PROFESSION", "HOSPITAL", "ORGANIZATION", "DEPARTMENT", "CITY", "STATE", "COUNTRY",
     "LOCATION_OTHER", "STREET"}
)


def _ends_no_name(token: Token, label: str, is_ordinary_word: Callable[[str], bool]) -> bool:
    """A lower-case last word that ends no name of `label` ("accountant and", "priya goes")."""
    word = token.text
    if label not in _NAME_LABELS_TRIMMED_AT_END or not word.isalpha() or not word.islower() or word in _NAME_FUNCTION_WORDS:
        return False
    if token.i > 0 and not token.doc[token.i - 1].whitespace_:
        return False  # part of a compound written together ("enterprise rent-a-car")
    if word in FUNCTION_WORDS or word in _TRAILING_CONNECTIVES:
        return True
    if word.endswith("ly") and len(word) > 4 and is_ordinary_word(word):
        return True  # "katy actually", "louisiana originally"
    return label in PERSON_LABELS and word in NOT_NAME_AFTER_RELATIVE


def _is_edge_punctuation(token: Token, start: int, end: int) -> bool:
    """Punctuation at an edge of doc[start:end] that belongs to no value there."""
    text = token.text
    if token.is_space:
        return True
    if text in POSSESSIVE_CLITICS:
        return False  # "brothers' school fees": the validators veto a span that starts with one
    doc = token.doc
    if text in _OPENING:
        return not any(_OPENING[text] in t.text for t in doc[token.i + 1 : end])
    if text in _CLOSING:
        return not any(_CLOSING[text] in t.text for t in doc[start : token.i])
    return token.is_punct or text in _EDGE_SYMBOLS


def _cut_at_field_gap(doc: Doc, start: int, end: int, is_ordinary_word: Callable[[str], bool]) -> int:
    """The end of a person's span that ran over a gap of several spaces into the
    next field's ordinary words ('Teodoro "Teddy" Bishop    Clinic # 12-883',
    "Dr. Hans Vermeulen    Device RN:"): the gap ends the name."""
    for i in range(start + 1, end - 1):
        if doc[i].is_space and "\n" not in doc[i].text and (len(doc[i].text) >= 2 or "\t" in doc[i].text):
            after = [t.text for t in doc[i + 1 : end] if t.is_alpha]
            if after and all(is_ordinary_word(word) for word in after) and any(t.is_alpha for t in doc[start:i]):
                return i
            break
    return end


def _cut_trailing_degrees(doc: Doc, start: int, end: int, is_credential: Callable[[str], bool]) -> int:
    """The end of a person's span before the degrees after a comma ("Dr. Lum, AuD",
    "Ana Ruiz, MSN, RN"): the conventions leave degrees out of a name. A degree is
    a credential of the guard's list or a degree it leaves out (`_DEGREES_NOT_LISTED`)."""
    for i in range(start + 1, end - 1):
        if doc[i].text != ",":
            continue
        # The tokenizer may split a degree ("AuD" -> "Au", "D"): judge the text.
        degrees = [part.strip() for part in doc[i + 1 : end].text.split(",")]
        if all(part and (is_credential(part) or _DEGREES_NOT_LISTED.fullmatch(part)) for part in degrees):
            return i  # the first comma after which only degrees follow
    return end


#: The head word that closes an institution's name, and what opens the clause after it
#: ("FROM ORCHARD HOSPITAL W SEVERE ISCHEMIC CARDIOMYOPATHY": the tagger ran on past the name).
_INSTITUTION_HEAD_WORDS = frozenset({"hospital", "hosp", "center", "centre", "clinic", "infirmary"})
#: ("for" is left out: "Hospital for Special Surgery" names one.)
_CLAUSE_AFTER_INSTITUTION = frozenset({"w", "w/", "with", "s/p", "after", "due"})


#: A paragraph break: a line that holds nothing but spaces between two lines of text.
_BLANK_LINE = re.compile(r"\n[ \t\r]*\n")


def cut_at_blank_line(span: Span) -> Span:
    """A tagger's span up to the first blank line in it ("NEUTROPHOS TID. \\n \\nSKIN"
    -> "NEUTROPHOS TID."): no value runs on into the next paragraph, whose opening
    word is a heading or a new sentence. The span itself when it has no blank line,
    or nothing before the break but spaces and punctuation."""
    doc = span.doc
    for i in range(span.start, span.end):
        if _BLANK_LINE.search(doc[i].text + doc[i].whitespace_) and i + 1 < span.end:
            if any(not (t.is_space or t.is_punct) for t in doc[span.start : i + 1]):
                return Span(doc, span.start, i + 1, label=span.label_, kb_id=span.kb_id, span_id=span.id)
            return span
    return span


def cut_institution_clause(span: Span) -> Span:
    """An institution's span without the clause the tagger ran into after its
    head word ("ORCHARD HOSPITAL W SEVERE CARDIOMYOPATHY" -> "ORCHARD HOSPITAL");
    the span itself when there is none. The cut is made before the guard judges
    the span at all: what follows the head is no part of it, not an edge to weigh."""
    if span.label_ not in INSTITUTION_LABELS:
        return span
    doc = span.doc
    for i in range(span.start + 1, span.end - 1):
        if doc[i].text.lower() in _INSTITUTION_HEAD_WORDS and doc[i + 1].text.lower() in _CLAUSE_AFTER_INSTITUTION:
            return Span(doc, span.start, i + 1, label=span.label_, kb_id=span.kb_id, span_id=span.id)
    return span


def trim_edges(
    span: Span, is_ordinary_word: Callable[[str], bool], cased: bool, is_credential: Callable[[str], bool] = lambda _: False
) -> Optional[Span]:
    """The span without the edge tokens that are no part of its value.

    span (Span): a tagger's span, with its label.
    is_ordinary_word (Callable[[str], bool]): whether a word is a common word,
        a drug or a clinical abbreviation (`MedicalVocabulary.is_ordinary_word`).
    cased (bool): whether the note uses capitals (lower-case words after an
        institution's name are only dropped in one that does).
    is_credential (Callable[[str], bool]): whether a word is a clinician's
        credential (`MedicalVocabulary.is_credential`), cut after a person's name.
    RETURNS (Optional[Span]): the trimmed span (the same span when nothing was
        trimmed), or None when nothing would be left.
    """
    label = span.label_
    start, end = span.start, span.end
    doc = span.doc
    # An identifier the tagger gave a name's label ("531-84-2967 verified w/ pt" as
    # ORGANIZATION; a rule labels the number) is trimmed like a number.
    numeric = label in NUMBER_LABELS or (
        label not in _NUMBERED_NAME_LABELS and sum(c.isdigit() for c in (span.text.split() or [""])[0]) >= _ID_MIN_DIGITS
    )

    def droppable(token: Token, at_start: bool) -> bool:
        if _is_edge_punctuation(token, start, end):
            return True
        word = token.text
        if end - start < 2:
            return False  # the last token left is the value or for the checks to judge
        # A word written together with the rest ("TG" of "TG0A-9XWW") is part of the value.
        neighbour = doc[token.i + 1] if at_start else doc[token.i - 1]
        glued = not (token if at_start else neighbour).whitespace_
        if glued and (neighbour.text[:1] if at_start else neighbour.text[-1:]).isalnum():
            return False
        if at_start and word in ("a", "an", "the"):
            return True  # "the philippines", "a salon": the conventions never start a span with an article
        if numeric:
            if word in _NOT_NUMBER_PARTS:
                return True
            # In a note with capitals a lower-case word is no name ("verified w/ pt").
            return (
                not any(c.isdigit() for c in word)
                and word.lower() not in _NUMBER_WORDS
                and word.lower().rstrip(".") not in STREET_WORDS  # an address tagged as an ID: "136-20 38th Ave"
                and (is_ordinary_word(word) or word.lower() in _FIELD_WORDS or (cased and word.islower()))
            )
        if label in PERSON_LABELS and at_start:
            next_word = doc[start + 1].text
            return bool(_TITLE_OR_ROLE.match(word) or (word in STAFF_ROLE_ABBREVIATIONS and next_word[:1].isupper())) and (
                next_word[:1].isalpha() or (next_word == ":" and start + 2 < end)  # "Examiner: Deborah Kincaid"
            )
        if label == "AGE":
            # "and", "a" belong inside an age ("three and a half"), never at its edge
            return word.isalpha() and (word.lower() in ("and", "a") or not is_age_word(word))
        if not at_start and _ends_no_name(token, label, is_ordinary_word):
            return True
        if label in INSTITUTION_LABELS and not at_start:
            return cased and word.islower() and doc[start].text[:1].isupper() and is_ordinary_word(word)
        return False

    while start < end and droppable(doc[start], True):
        start += 1
    while end > start and droppable(doc[end - 1], False):
        end -= 1
    if label in PERSON_LABELS and start < end:
        end = _cut_at_field_gap(doc, start, end, is_ordinary_word)
        end = _cut_trailing_degrees(doc, start, end, is_credential)
        while end - start > 1 and doc[end - 1].text.isdigit():
            end -= 1  # "Dr. Raman 2 wk ago": a name never ends in a number
    if start >= end:
        return None
    if (start, end) == (span.start, span.end):
        return span
    return Span(doc, start, end, label=label, kb_id=span.kb_id, span_id=span.id)


def trim_rule_edges(span: Span, is_ordinary_word: Callable[[str], bool]) -> Span:
    """A rule's span without the words at its edges that no convention keeps.

    A rule's pattern sets its extent, so only words no gold span of any corpus
    has at that edge are dropped: a leading lower-case article ("the philippines"),
    a trailing function word or connective after a name ("bank teller without"),
    and a person's possessive "'s" ("doctor feldman's notes"; 38 gold names are
    followed by one, none includes it).
    """
    label = span.label_
    start, end = span.start, span.end
    doc = span.doc
    if end - start >= 2 and doc[start].text in ("a", "an", "the"):
        start += 1
    if end - start >= 2 and label in PERSON_LABELS and doc[end - 1].text in POSSESSIVE_CLITICS:
        end -= 1
    if end - start >= 2 and _ends_no_name(doc[end - 1], label, is_ordinary_word):
        end -= 1
    if (start, end) == (span.start, span.end):
        return span
    return Span(doc, start, end, label=label, kb_id=span.kb_id, span_id=span.id)


__all__ = ["INSTITUTION_LABELS", "NUMBER_LABELS", "PERSON_LABELS", "trim_edges", "trim_rule_edges"]
