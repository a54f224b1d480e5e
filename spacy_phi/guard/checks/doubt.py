"""A tagger's unsure span in a note typed in capitals: it stays only when
something in it or around it shows its label.

In a note typed in capitals the tagger cannot read a name by its capital, and
its doubt says much: on real ICU nursing notes more than four in five of its
person, place and organisation spans with a confidence below 0.95 are clinical
words ("VTS", "ENDO", "BASELIN", "DUODERM"), while its confident spans are
nearly all names. So an unsure span of those labels stays only when

- a word of it names someone or somewhere: a name English writes capitalised
  ("MARGARET", "DENVER"), a given or family name no dictionary holds
  ("ODETTE"), a state or country written out, a US city that is no common
  word, an institution's head word ("REHAB", "CENTER"), a hospital's initials
  ("TLMC"), or a word no list knows ("VANDERHOEK", "HA-EUN") that is neither
  an acronym of up to four capitals, a slip of a common word ("BASELIN"), the
  start of a drug's name ("DILT", "CEFTAZ"), two words joined
  ("BREATHSOUNDS"), a word built as medical words are ("COAGULOPATHY",
  "NASOTRACHEALY") nor letters glued to an abbreviation ("UPRBC");
- its shape is a name's: an initial before a word ("A. DE LA ..."), a name
  that goes on after it ("SAINT" of "SAINT CLOUD"), a ward ("3 WEST"), a
  city of several words ("PALM BAY");
- or its context names it: an institution's head after it ("GOOD SHEPHERD
  REHAB") or right before it ("COMMUNITY HOSPITAL 10 WEST"), an address
  ("LINDEN, MO 78582", "UNIT B"), a name field, a relative (also joined by
  dashes: "DAUGHTER-TIA"), an occupation ("INTERPRETER SOKHA", "PLANT
  WORKER (CADET FOODS)"), or a move into a place ("WENT TO GOOD SHEPHERD");
  "at", "to", "from" alone only before a word that is not ordinary ("AT
  BEST", "FROM PENIS" show nothing).

A town, state or country must show itself so whatever the tagger's confidence
(the guard asks): in capitals the tagger reads "TO X", "FROM X", "IN X" as a
place and is as sure of "FOLEY TO GD" as of "FROM DENVER".

In a note typed in lower case a capital says nothing either, but dictated and
spoken notes write names and ordinary words there alike ("faith", "delta"): an
unsure span there is vetoed only when every word of it is clinical shorthand
and it holds no digit ("tlc", "ptt", "ho" the house officer). So is one in a
note in mixed case, unless its context names it ("Received 1 unit FFP"; not
"referral to BMC"), and there an unsure person span of one ordinary word that
no name list holds goes too, unless capitalised mid-sentence ("Crit sent at
1800", "Transfers independently"; not "Faith", nor "employer, Subway").
In any note, an unsure span that is one item of a list of clinical shorthand
goes ("COPD,CAD,PVD,Angina,PPM").

An unsure DATE stays when it is written as a date (a month or weekday word, a
year, a month and day, a day's ordinal: "9/10", "1962", "THE 14TH"), holds a
phone's or identifier's digits or a code, or follows an identifier's cue or an
institution; not "15SEC", "4LN/C", "60'S". Confident spans are never judged
here, and in mixed case only the two checks above run: there a capital is
evidence and the doubt is not, and an unsure span of prose is as often true
(recall first: organisations are often ordinary words, "Quest", "Mammoth").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from typing import Callable, FrozenSet, List, Optional, Tuple

from spacy.tokens import Span

from ...lexicon.common_words import name_like_words, person_names
from ...lexicon.gazetteers import is_us_city_lower, us_cities_lower
from ...lexicon.person_words import RELATIVE_WORDS
from ...lexicon.vocabulary import MedicalVocabulary, built_as_medical_word, derived_from_known_word
from ...lexicon.word_usage import one_edit_from_lower_case_word, written_as_name, written_in_lower_case
from ..reasons import (
    REASON_UNSURE_IN_CAPITALS,
    REASON_UNSURE_IN_CLINICAL_LIST,
    REASON_UNSURE_LOWER_CASE_WORDS,
    REASON_UNSURE_ORDINARY_WORD,
    REASON_UNSURE_SHORTHAND,
    REASON_UNSURE_SHORTHAND_HEADER,
    sub_reason,
)
from .base import INSTITUTION_LABELS, PERSON_LABELS, STARTS_SENTENCE_BEFORE, CheckWords, singular
from .date import MONTH_ABBREVIATIONS
from .identifiers import identifier_cue_before
from .shorthand import ROLE_ABBREVIATIONS, after_a_move, named_in_context

#: The tagger's confidence below which a span of a note in capitals must show its
#: label (the NER's lowest action probability over the span; 1.0 = no doubt).
DEFAULT_DOUBT_BELOW = 0.95
#: An unsure name, place or organisation that names no one and nowhere: "VTS", "BASELIN".
NAMES_NO_ONE = sub_reason(REASON_UNSURE_IN_CAPITALS, "names_no_one")
#: An unsure date written as no date: "15SEC", "4LN/C", "WEN 9".
NOT_WRITTEN_AS_DATE = sub_reason(REASON_UNSURE_IN_CAPITALS, "not_written_as_date")

#: Words that head an institution's name and say little else ("GOOD SHEPHERD REHAB").
INSTITUTION_HEADS = frozenset(
    "hospital hosp infirmary clinic hospice sanatorium rehab rehabilitation memorial university college institute "
    "church pharmacy agency school ems ambulance".split()
)
#: Heads that count in the span or a few words after it, not before it ("... MENTAL HEALTH CENTER").
_HEADS_IN_NAME = INSTITUTION_HEADS | {"center", "centre"}
#: Words that end a department's name ("OBSTETRICS FLOOR").
_DEPARTMENT_HEADS = frozenset("floor unit ward wing service department dept".split())
#: How many words after the span an institution's name may run to its head, within how many characters.
_WORDS_AHEAD = 3
_AHEAD_CHARS = 60
#: Words that begin a place's or saint's name and never end it ("SAINT CLOUD", "FORT WAYNE").
_NAME_OPENERS = frozenset("saint st ste san santa fort ft mount mt port".split())
#: Acronyms of up to this many capitals say nothing in a note typed in capitals:
#: as often a clinical abbreviation no list holds as someone's initials.
_MAX_ACRONYM = 4
#: A truncated drug name has at least this many letters ("DILT", "CEFTAZ").
_MIN_DRUG_PREFIX = 4
#: A word one edit from a common word is read as its slip from this many letters on.
_MIN_SLIP_LETTERS = 5
#: The shortest part of two words joined without a space ("DEAD|SPACE"; not "SOP|HEAP").
_MIN_JOINED_PART = 4
#: A listed abbreviation this short is no name because prose writes it capitalised
#: ("SR" the sinus rhythm, written "Sr." in prose); only the name lists make it one.
_MAX_SHORTHAND_LETTERS = 3
#: Letters before a listed abbreviation glued to it: a count's unit or a second
#: abbreviation ("UPRBC" one unit of PRBC, "NSICU" the neuro-surgical ICU).
_GLUED_PREFIX_LETTERS = 2
#: Digits of a phone or an identifier, PHI whatever its label ("ACCESSION: 2396533", "343-2822").
_IDENTIFIER_DIGITS = 6

#: A word, hyphenated ones whole ("HA-EUN").
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
#: A hospital's initials: two to five capitals ending in H, HC or MC ("TLMC", "NWMC").
_HOSPITAL_INITIALS = re.compile(r"[A-Z]{1,4}(?:H|HC|MC)")
#: An initial and its period before a word: "A. DE", "Q. SMITH".
_INITIAL_THEN_WORD = re.compile(r"[A-Za-z]\.[ \t]*[A-Za-z]")
#: A ward named by its floor and wing: "3 WEST", "10 W", "NORTH 4".
_WARD = re.compile(r"\d{1,2}[ \t]*(?:north|south|east|west|[nsew])|(?:north|south|east|west)[ \t]*\d{1,2}", re.IGNORECASE)
#: The word right before a span.
_WORD_BEFORE = re.compile(r"([A-Za-z]+)[ \t]+$")
#: A ZIP code after a place, with or without its state code ("LINDEN, MO 78582", "AZ 68651-1115", "MA70065").
_ZIP_AFTER = re.compile(r",?[ \t]*(?:[A-Z]{2},?[ \t]*)?\d{5}(?:-\d{4})?(?!\d)")
#: A town and its comma before a state code ("STIGLER, GA").
_TOWN_COMMA_BEFORE = re.compile(r"[A-Za-z]{3,},[ \t]*$")
#: A unit's word before its letter or number ("UNIT B", "APT 4").
_UNIT_BEFORE = re.compile(r"\b(?:apt|apartment|unit|suite|ste|bldg|building|lot)\.?[ \t]*#?[ \t]*$", re.IGNORECASE)
#: A relative's word right before the span, after a space or joined by dashes ("BROTHER HA-EUN", "DAUGHTER-TIA").
_RELATIVE_BEFORE = re.compile(rf"\b{RELATIVE_WORDS}(?:[ \t]+|[ \t]*[-–]+[ \t]*)$", re.IGNORECASE)
#: A word before the span, or before the bracket the span opens ("INTERPRETER ", "WORKER (").
_JOB_BEFORE = re.compile(r"([A-Za-z]+)[ \t]*(?:\([ \t]*)?$")
#: A number written as a date: a year ("1940S"), a month and day with or without
#: a year ("9/10", "11-21-93"), a day's ordinal ("THE 14TH"), a compact date
#: ("20950612"), a year cut short ("'62", "62'").
_DATE_NUMBER = re.compile(
    r"(?<![\w.])(?:(?:19|20)\d\d(?:s|(?P<compact_month>\d\d)(?P<compact_day>\d\d))?"
    r"|(?P<month>\d{1,2})[/.-](?P<day>\d{1,2})(?:[/.-]\d{2,4})?|(?P<ordinal>\d{1,2})(?:st|nd|rd|th)"
    r"|['’]\d\d|\d\d['’](?!s))(?![\w])",
    re.IGNORECASE,
)
#: A model's or lot's code: letters and three digits or more in one word ("108D", "V3839S").
_CODE = re.compile(r"(?<![\w.])(?=[A-Za-z]*\d{3})[A-Za-z\d]*(?:[A-Za-z]\d|\d[A-Za-z])[A-Za-z\d]*(?![\w.])")


def unsure_in_capitals_reason(
    span: Span, text: str, words: CheckWords, ordinary_word: Callable[[str], bool]
) -> Optional[str]:
    """The veto of an unsure tagger span of a note in capitals that shows nothing
    of its label (the caller checks the doubt and the note's case), else None.

    span (Span): the tagger's span.
    text (str): the doc's text.
    words (CheckWords): the guard's word lists.
    ordinary_word (Callable[[str], bool]): the guard's judgement of one word in
        capitals (a common word, an abbreviation, a drug or a slip of one).
    RETURNS (Optional[str]): NAMES_NO_ONE, NOT_WRITTEN_AS_DATE or None.
    """
    if span.label_ == "DATE":
        stays = (
            written_as_date(span.text, words.lexicons.date_words)
            or identifier_cue_before(span, text)
            or _institution_around(span, text)
        )
        return None if stays else NOT_WRITTEN_AS_DATE
    return None if names_someone_or_somewhere(span, text, words, ordinary_word) else NAMES_NO_ONE


#: Digits right after a span, or after its hyphen or "#": the span is the letters of a code.
_DIGITS_GLUED_AFTER = re.compile(r"[-#]?\d")


def _letters_of_a_code(span: Span, text: str) -> bool:
    """A span glued to an identifier's digits: it ends with "-" or "#", or digits
    follow it, also after a hyphen ("ft-" of "ft-2290418", "ald-bu" of "ald-bu-09373")."""
    return span.text.endswith(("-", "#")) or _DIGITS_GLUED_AFTER.match(text, span.end_char) is not None


def unsure_shorthand_reason(span: Span, text: str, words: CheckWords, in_cased_note: bool = False) -> Optional[str]:
    """The veto of an unsure tagger span of a note not typed in capitals whose
    every word is clinical shorthand, or its plural, and that holds no digit and
    is glued to none ("tlc", "ptt", "ho", "FFP", "SIMV", "Hcts", "PRBC's"; not
    "ft-" of "ft-2290418"; the caller checks the doubt and that the note is not
    typed in capitals), else None. In
    a note in mixed case the words around it may still name it: a name field, a
    name beside it, "at" or "to" before an organisation ("referral to BMC")."""
    found = re.findall(r"[A-Za-z]+(?:['’][sS]\b)?", span.text)  # "PRBC's" is one word
    if not found or _letters_of_a_code(span, text) or any(c.isdigit() for c in span.text):
        return None
    vocabulary = words.vocabulary
    if in_cased_note and named_in_context(span, text, vocabulary, words.lexicons.occupations):
        return None
    if in_cased_note and any(len(word) <= 2 and word.islower() and word.upper() not in ROLE_ABBREVIATIONS for word in found):
        return None  # a mixed-case note writes initials in lower case ("thanks. hc"); "ho" the house officer goes
    if _in_an_address(span, text, words):
        return None  # "Lives in Olla, PA"
    shorthand = [_shorthand_word(word, vocabulary) or word.upper() in ROLE_ABBREVIATIONS for word in found]
    if all(shorthand):
        return REASON_UNSURE_SHORTHAND
    if (
        any(len(word) > 2 or word.isupper() for word, is_shorthand in zip(found, shorthand) if is_shorthand)
        and _opens_its_line(span, text)
        and not _TITLE_CASE_ABBREVIATION.search(span.text)
        and not any(word.lower() in _HEADER_KEEPING_WORDS for word in found)
        and all(is_shorthand or words.known_word(word.lower()) for word, is_shorthand in zip(found, shorthand))
    ):
        return REASON_UNSURE_SHORTHAND_HEADER  # "Micu Progress Nursing Note:", "Activity-OOB in room"
    return None


#: An unsure span opening its line, of clinical shorthand and ordinary words, is a
#: header or the system a line charts ("Micu Progress Nursing Note:", "Activity-OOB").
#: An institution's head word keeps it ("Ha Behavioral Health", "St Cloud Regional
#: Medical Center"), and so does a shorthand word of two letters in title case ("Ha", "St").
_HEADER_KEEPING_WORDS = _HEADS_IN_NAME | {"health"}
#: A short word in title case with its period: "St." of "St. Teresa's School", "Mt.", "Ft." open a name.
_TITLE_CASE_ABBREVIATION = re.compile(r"\b[A-Z][a-z]{0,3}\.")
_LINE_OPENING = re.compile(r"(?:^|\n)[ \t]*(?:[-*•][ \t]*)?\Z")


def _opens_its_line(span: Span, text: str) -> bool:
    """Whether only spaces or a bullet stand between the line's start and the span."""
    return _LINE_OPENING.search(text, max(0, span.start_char - 12), span.start_char) is not None


def _shorthand_word(word: str, vocabulary: MedicalVocabulary) -> bool:
    """An abbreviation of either list in capitals, nursing shorthand, or the
    plural of either ("FFP", "tlc", "Hcts", "PRBC's")."""
    return (
        vocabulary.is_clinical_abbreviation(word.upper())
        or vocabulary.is_abbreviation(word.upper())
        or vocabulary.is_lower_case_shorthand(word)
        or vocabulary.is_abbreviation_plural(word)
    )


def _drug_cut_short(lower: str, vocabulary: MedicalVocabulary, brands: bool = True) -> bool:
    """A drug's name cut short, four letters or more ("dilt", "ceftaz", "clinda");
    without `brands`, of the hand list only: the open list's brand names begin as
    given names do ("Sora" of "Sorafenib")."""
    if len(lower) < _MIN_DRUG_PREFIX:
        return False
    return _begins_one(lower, vocabulary.drugs) or (brands and _begins_one(lower, vocabulary.drug_names))


def _relative_or_job_before(span: Span, text: str, words: CheckWords) -> bool:
    """A relative's word ("BROTHER HA-EUN", "DAUGHTER-TIA") or an occupation right before the span."""
    return bool(_RELATIVE_BEFORE.search(text, max(0, span.start_char - 20), span.start_char)) or _job_before(span, text, words)


def _named_around(span: Span, text: str, words: CheckWords) -> bool:
    """The words around a person span name it: a name field, a name beside it, a relative or an occupation."""
    return named_in_context(span, text, words.vocabulary, words.lexicons.occupations) or _relative_or_job_before(
        span, text, words
    )


def unsure_ordinary_word_reason(span: Span, text: str, words: CheckWords) -> Optional[str]:
    """The veto of an unsure tagger person span of a note in mixed case that is
    one ordinary or clinical word no name, town or date list holds, written in
    capitals or opening a sentence or line, with nothing around it that names
    it ("Transfers independently", "Crit sent at 1800", "monitor FICK"; not
    "Faith" nor "Hope": names too), else None (the caller checks the doubt and
    the note's case). A capitalised word in mid-sentence stays: there the
    capital is evidence ("employer, Subway")."""
    found = _WORD.findall(span.text)
    if span.label_ not in PERSON_LABELS or len(found) != 1 or any(c.isdigit() for c in span.text):
        return None
    word = found[0]
    if len(word) <= 2:
        return None  # initials ("MD PhD / hb")
    lower = word.lower()
    if lower in person_names() or lower in us_cities_lower() or lower in words.lexicons.date_words:
        return None  # a name, a town, or a holiday ("Juneteenth")
    if not (words.known_word(lower) or words.vocabulary.is_lower_case_shorthand(lower)):
        return None
    if word[:1].isupper() and not word.isupper() and not STARTS_SENTENCE_BEFORE.search(
        text[max(0, span.start_char - 12) : span.start_char]
    ):
        return None  # "employer, Subway", "conductor for Fidelity": a capital mid-sentence names
    if _named_around(span, text, words):
        return None
    return REASON_UNSURE_ORDINARY_WORD


#: The shortest word a lower-case person span needs besides letters ("a+o", "a.m." are no name either).
_MIN_LOWER_CASE_WORD = 3


def unsure_lower_case_words_reason(span: Span, text: str, words: CheckWords) -> Optional[str]:
    """The veto of an unsure tagger person span of a note typed in lower case
    whose every word is an ordinary, medical or shorthand word, a slip of one
    letter of a word English writes in lower case, or a known word with a prefix
    or an ending, none of them on a given-name, family-name or US-city list, with
    nothing around it that names it ("occ junky cough", "cont tachypneic",
    "folley draining", "bs with expir wheezing"; not "faith", "frank": names
    too), else None (the caller checks the doubt and that the note is typed in
    lower case). There a capital cannot tell a name, and the tagger's doubt
    over words a dictionary holds is a clinical phrase."""
    found = re.findall(r"[A-Za-z]+", span.text)
    if span.label_ not in PERSON_LABELS or not found or any(c.isdigit() for c in span.text):
        return None
    if _letters_of_a_code(span, text):
        return None  # "ald-bu" of "ald-bu-09373"
    if not any(len(word) >= _MIN_LOWER_CASE_WORD for word in found):
        return None  # letters alone may be initials
    vocabulary = words.vocabulary
    for word in found:
        lower = word.lower()
        if lower in person_names() or lower in us_cities_lower():
            return None
        if len(lower) == 1 or words.known_word(lower) or _shorthand_word(word, vocabulary):
            continue
        if len(lower) >= _MIN_SLIP_LETTERS and one_edit_from_lower_case_word(lower):
            continue  # "folley", "expir"
        if not derived_from_known_word(lower, words.known_word):
            return None  # "tachypneic" of "tachypnea"; any other word may be a name
    if _named_around(span, text, words):
        return None
    return REASON_UNSURE_LOWER_CASE_WORDS


#: One item of a list of clinical shorthand: "Angina" of "COPD,CAD,PVD,Angina,PPM".
ITEM_OF_A_CLINICAL_LIST = sub_reason(REASON_UNSURE_IN_CLINICAL_LIST, "item")
#: A span that is a list of clinical items itself: "Oxacillin, clinda".
LIST_OF_CLINICAL_ITEMS = sub_reason(REASON_UNSURE_IN_CLINICAL_LIST, "whole_list")
#: What separates the items of a list on a line: "COPD,CAD,PVD,Angina,PPM".
_LIST_SEPARATOR = re.compile(r"[,;]")
#: The clinical items a list needs around an unsure item (two within two places of it).
_CLINICAL_NEIGHBOURS = 2


def unsure_in_clinical_list_reason(span: Span, text: str, words: CheckWords) -> Optional[str]:
    """The veto of an unsure tagger span that is one whole item of a list of
    clinical shorthand on its line: the items right before and after it (those
    there are) are clinical words, and two of the items within two places of it
    are ("COPD,CAD,PVD,Angina,PPM", "HTN; Cath; DM"; not "Family: Ann, Bea,
    Cy": names; not "PMH: HTN, seen by Ross"), else None (the caller checks the
    doubt; a list of names or places stays whatever its neighbours). A span
    that is a list itself goes when every item of it is clinical ("IVDA, Hep B",
    "Oxacillin, clinda")."""
    own_items = _LIST_SEPARATOR.split(span.text)
    if len(own_items) > 1:
        # the span is a list itself: "IVDA, Hep B", "Oxacillin, clinda"
        words_only = [item for item in own_items if item.strip()]
        if len(words_only) > 1 and all(_clinical_item(item, words) for item in words_only):
            return LIST_OF_CLINICAL_ITEMS
        return None
    line_start = text.rfind("\n", 0, span.start_char) + 1
    line_end = text.find("\n", span.end_char)
    line_end = len(text) if line_end < 0 else line_end
    before = _LIST_SEPARATOR.split(text[line_start : span.start_char])
    after = _LIST_SEPARATOR.split(text[span.end_char : line_end])
    if len(before) < 2 and len(after) < 2 or before[-1].strip() or after[0].strip():
        return None  # not a whole item of a list
    previous = before[-3:-1][::-1]  # nearest first
    following = after[1:3]
    nearest = [items[0] for items in (previous, following) if items]
    if not all(_clinical_item(item, words) for item in nearest):
        return None
    clinical = sum(_clinical_item(item, words) for item in previous + following)
    return ITEM_OF_A_CLINICAL_LIST if clinical >= _CLINICAL_NEIGHBOURS else None


def _clinical_item(item: str, words: CheckWords) -> bool:
    """A list item of clinical words only: abbreviations of the lists or their
    plurals, nursing shorthand, drugs or their names cut short, medical terms or
    words built as they are, single letters ("PVD", "Hep C", "CHF", "clinda"; not
    "DM-diet controlled")."""
    found = re.findall(r"[A-Za-z]+", item)
    vocabulary = words.vocabulary
    return bool(found) and all(
        len(word) == 1
        or vocabulary.is_clinical_abbreviation(word)  # as the list writes it: "Hct"
        or _shorthand_word(word, vocabulary)
        or vocabulary.is_drug(word.lower())
        or vocabulary.is_always_medical(word.lower())
        or built_as_medical_word(word.lower())
        or _drug_cut_short(word.lower(), vocabulary, brands=False)
        for word in found
    )


def names_someone_or_somewhere(
    span: Span, text: str, words: CheckWords, ordinary_word: Callable[[str], bool]
) -> bool:
    """Whether a span shows a name or a place by its words, its shape or its
    context (arguments as `unsure_in_capitals_reason`)."""
    found = _WORD.findall(span.text)
    parts = [part for word in found for part in word.split("-")]
    if any(_names_by_itself(part, words) for part in parts) or _name_shape(span.text, parts):
        return True
    if _institution_around(span, text) or _in_an_address(span, text, words):
        return True
    # "at", "to", "from" before ordinary words open a time or a setting as often as a place ("AT BEST", "AT PEACE");
    # a department is named by ordinary words ("FROM LABOR AND DELIVERY")
    weak_cues = span.label_ == "DEPARTMENT" or not all(ordinary_word(word) for word in parts)
    if named_in_context(span, text, words.vocabulary, words.lexicons.occupations, weak_cues) or after_a_move(span, text):
        return True  # "WIFE ODETTE", "TRANSFERRED TO GOOD SHEPHERD", whatever the tagger's label
    if _relative_or_job_before(span, text, words):
        return True
    return any(_unknown_word(word, words, ordinary_word) for word in found)


def _names_by_itself(word: str, words: CheckWords) -> bool:
    """A word that names someone or somewhere wherever it stands."""
    lower = word.lower()
    vocabulary = words.vocabulary
    short_shorthand = len(lower) <= _MAX_SHORTHAND_LETTERS and (
        vocabulary.is_clinical_abbreviation(word.upper()) or vocabulary.is_lower_case_shorthand(lower)
    )
    # A month's abbreviation is written capitalised as a date and names no one by itself
    # ("DEC" is "decreased" in ICU shorthand); one that is a given name ("JAN") is asked below.
    if written_as_name(lower) and not short_shorthand and lower not in MONTH_ABBREVIATIONS:
        return True  # "MARGARET", "DENVER", "SMITH", "LEE"; not "SR" (sinus rhythm; "Sr." is written capitalised), not "DEC"
    if (
        lower in person_names()
        and lower not in name_like_words()
        and not written_in_lower_case(lower)
        and not vocabulary.is_clinical_abbreviation(word.upper())
        and not vocabulary.is_lower_case_shorthand(lower)
    ):
        return True  # "ODETTE": a name no dictionary holds as a word
    if len(lower) > 3 and (lower in words.lexicons.states_lower or lower in words.lexicons.countries_lower):
        return True  # a state or country written out (its two-letter code is as often shorthand: "OR", "OK")
    if lower in us_cities_lower() and not vocabulary.is_common_word(lower):
        return True  # "TOPEKA"; not "HOME" nor "WARD"
    if lower in _HEADS_IN_NAME:
        return True  # "... MENTAL HEALTH CENTER"
    return word.isupper() and _HOSPITAL_INITIALS.fullmatch(word) is not None and not vocabulary.is_clinical_abbreviation(word)


def _name_shape(value: str, found: List[str]) -> bool:
    """An initial before a word ("A. DE"), a name going on after the span ("SAINT"
    of "SAINT CLOUD"), a ward ("3 WEST") or a city of several words ("PALM BAY")."""
    if _INITIAL_THEN_WORD.match(value) or _WARD.fullmatch(value.strip(" .,")):
        return True
    if found and found[-1].lower() in _NAME_OPENERS:
        return True
    return len(found) > 1 and is_us_city_lower(" ".join(found).lower())


def _institution_around(span: Span, text: str) -> bool:
    """An institution's head word a few words after the span on its line ("GOOD
    SHEPHERD REHAB", "SOLDIERS AND SAILORS MEMORIAL HOSPITAL", "COLLETON MEDICAL
    CENTER"; a department's: "OBSTETRICS FLOOR") or right before it ("COMMUNITY
    HOSPITAL 10 WEST": its ward)."""
    window_end = min(len(text), span.end_char + _AHEAD_CHARS)
    line_end = text.find("\n", span.end_char, window_end)
    ahead = text[span.end_char : line_end if line_end >= 0 else window_end]
    heads = _HEADS_IN_NAME | _DEPARTMENT_HEADS if span.label_ == "DEPARTMENT" else _HEADS_IN_NAME
    if any(word.lower() in heads for word in _WORD.findall(ahead)[:_WORDS_AHEAD]):
        return True
    before = _WORD_BEFORE.search(text, max(0, span.start_char - 24), span.start_char)
    return bool(before and before.group(1).lower() in INSTITUTION_HEADS)


def _in_an_address(span: Span, text: str, words: CheckWords) -> bool:
    """A place in an address: a ZIP code after it ("LINDEN, MO 78582", "AZ
    68651"), a state code after a town and its comma ("STIGLER, GA"), or a unit's
    letter or number after its unit word ("UNIT B")."""
    if _ZIP_AFTER.match(text, span.end_char):
        return True
    value = span.text.strip()
    if value in words.lexicons.states and _TOWN_COMMA_BEFORE.search(text, max(0, span.start_char - 30), span.start_char):
        return True
    return len(value.strip(".")) <= 2 and _UNIT_BEFORE.search(text, max(0, span.start_char - 12), span.start_char) is not None


def _job_before(span: Span, text: str, words: CheckWords) -> bool:
    """An occupation right before the span ("INTERPRETER SOKHA") or, for an
    institution, before the bracket it opens ("PLANT WORKER (CADET FOODS)")."""
    job = _JOB_BEFORE.search(text, max(0, span.start_char - 30), span.start_char)
    if job is None or ("(" in job.group() and span.label_ not in INSTITUTION_LABELS):
        return False
    return singular(job.group(1).lower()) in words.lexicons.occupations


def _unknown_word(word: str, words: CheckWords, ordinary_word: Callable[[str], bool]) -> bool:
    """A word no list knows, as a rare surname or a place is ("VANDERHOEK"): not a
    short acronym, not ordinary, not a slip of a common word, not a truncated drug
    name, not two words joined. (The name lists were asked before: a slip that is
    a listed name stays a name.) A hyphenated word is unknown when a part is."""
    if "-" in word:
        return any(
            _unknown_word(part, words, ordinary_word)
            or (len(part) <= 3 and not (words.known_word(part.lower()) or ordinary_word(part)))
            for part in word.split("-")
        )
    if len(word) < 3 or (word.isupper() and len(word) <= _MAX_ACRONYM):
        return False
    lower = word.lower()
    if ordinary_word(word) or words.known_word(lower):
        return False
    if built_as_medical_word(lower):
        return False  # "COAGULOPATHY", "NASOTRACHEALY": built as medical words are
    if derived_from_known_word(lower, words.known_word):
        return False  # "REINTUBATED", "DIURESING", "TACHYPNEIC": a known word with a prefix or an ending
    if _listed_abbreviation_glued(word, words):
        return False  # "UPRBC", "NSICU"
    if len(lower) >= _MIN_SLIP_LETTERS and one_edit_from_lower_case_word(lower):
        return False  # "BASELIN": one letter from a word English writes in lower case
    if _drug_cut_short(lower, words.vocabulary):
        return False  # "DILT", "CEFTAZ", "FENTANY": a drug's name cut short
    return not _two_words_joined(lower, words)


def _listed_abbreviation_glued(word: str, words: CheckWords) -> bool:
    """A listed clinical abbreviation of three letters or more after one or two
    letters glued to it ("UPRBC", "NSICU"), in capitals."""
    vocabulary = words.vocabulary
    return word.isupper() and any(
        vocabulary.is_clinical_abbreviation(word[cut:]) for cut in range(1, _GLUED_PREFIX_LETTERS + 1) if len(word) - cut >= 3
    )


def _two_words_joined(lower: str, words: CheckWords) -> bool:
    """"breathsounds", "deadspace": two known words without the space between them."""
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
    """A list's entries sorted, once per list (a frozenset keeps its hash)."""
    return tuple(sorted(names))


def written_as_date(value: str, date_words: FrozenSet[str]) -> bool:
    """Whether a text holds a month or weekday word or a number written as a date
    ("9/10", "1940S", "THE 14TH", "'62"; not "15SEC", "21@LIP", "60'S", "13/10"),
    or a phone's or identifier's digits or a code (PHI whatever its label)."""
    if any(word.lower() in date_words for word in re.findall(r"[A-Za-z]+", value)):
        return True
    if sum(c.isdigit() for c in value) >= _IDENTIFIER_DIGITS or _CODE.search(value):
        return True  # "343-2822", "GUF 108D": left to the identifier checks
    for number in _DATE_NUMBER.finditer(value):
        month = number.group("month") or number.group("compact_month")
        day = number.group("day") or number.group("compact_day")
        if number.group("ordinal") is not None:
            month, day = "1", number.group("ordinal")
        if month is None or (1 <= int(month) <= 12 and 1 <= int(day) <= 31):
            return True
    return False


__all__ = [
    "DEFAULT_DOUBT_BELOW", "INSTITUTION_HEADS", "ITEM_OF_A_CLINICAL_LIST", "LIST_OF_CLINICAL_ITEMS", "NAMES_NO_ONE",
    "NOT_WRITTEN_AS_DATE", "names_someone_or_somewhere",
    "unsure_in_capitals_reason", "unsure_in_clinical_list_reason", "unsure_ordinary_word_reason", "unsure_shorthand_reason",
    "written_as_date",
]
