"""Clinical measurements taken for dates, ages, rooms, phones or identifiers.

ICU notes chart settings and readings in few words: "AC 600X12", "PS 10/5",
"CO/CI 5.5/2.5/450", "HR 58-60's", "U/O 30-40CC/HR", "rales 1/3 up", "at
2130". The questions live in `spacy_phi.lexicon.clinical_numbers` (the rules
ask them too); this module turns their answers into veto reasons:

- `clinical_number_reason`, asked after the label's own check of the
  tagger's number spans (`then_clinical_numbers`, `identifier_reason`): a
  ventilator setting, a measurement by its shape or unit, or one by the words
  around it. A date keeps its date cue ("seen on 10/5" stays), and an AGE
  after "his"/"her" stays ("in her 90's");
- `identifier_shape_reason`, the label check of the identifier labels the
  tagger gives to readings ("SR 50-60s" as a DEVICE, "7A-12P" as an IDNUM): an
  identifier has the shape of one (five digits, or a code of letters and three
  digits) or a word before it that introduces one ("#", "MRN", "badge");
- `clinical_context_reason`, asked for every detector's spans (rules too): a
  setting or a reading that a rule's own context cannot see ("X 2" after
  "chair", "10/5" between two settings).
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from spacy.tokens import Span

from ...lexicon.clinical_numbers import alphanumeric_reading, fraction_after, reading_in_context, reading_shape, vent_setting
from ..reasons import REASON_CLOCK_TIME, REASON_MEASUREMENT, REASON_NO_IDENTIFIER_SHAPE, sub_reason
from .base import CheckWords
from .identifiers import digits_reason, identifier_cue_before

#: A ventilator setting: "AC 600X12", "PS 10/5", "12/10/40%".
VENT_VOLUME_TIMES_RATE = sub_reason(REASON_MEASUREMENT, "vent_volume_times_rate")
SETTINGS_WITH_PERCENT = sub_reason(REASON_MEASUREMENT, "settings_with_percent")
VENT_MODE_AND_NUMBER = sub_reason(REASON_MEASUREMENT, "vent_mode_and_number")
#: A pair of pressures in a list of settings, before an oxygen fraction or after a
#: word of weaning: "500X10, 40%, & 5/8", "10/25 50%", "trialed on 5/5".
VENT_SETTINGS_IN_CONTEXT = sub_reason(REASON_MEASUREMENT, "vent_settings_in_context")
#: A measurement by its own shape: "30-40CC", "5.5/2.5/450", "130/", "120's", "83-85NSR".
NUMBER_WITH_UNIT = sub_reason(REASON_MEASUREMENT, "number_with_unit")
DECIMAL_READING_GROUP = sub_reason(REASON_MEASUREMENT, "decimal_reading_group")
OPEN_BLOOD_PRESSURE = sub_reason(REASON_MEASUREMENT, "open_blood_pressure")
PRESSURE_RANGE = sub_reason(REASON_MEASUREMENT, "pressure_range")
READING_DECADE = sub_reason(REASON_MEASUREMENT, "reading_decade")
READING_TRIPLE = sub_reason(REASON_MEASUREMENT, "reading_triple")
READING_GLUED_TO_ITS_WORD = sub_reason(REASON_MEASUREMENT, "reading_glued_to_its_word")
#: A measurement by the words around it: "rales 1/3 up", "X 2", "HR 58-60's".
FRACTION = sub_reason(REASON_MEASUREMENT, "fraction")
COUNT = sub_reason(REASON_MEASUREMENT, "count")
READING_AFTER_MEASURE_WORD = sub_reason(REASON_MEASUREMENT, "reading_after_measure_word")
#: A 24-hour time after a word of time: "at 2000", "AS OF 0200".
CLOCK_AFTER_TIME_WORD = sub_reason(REASON_CLOCK_TIME, "clock_after_time_word")



def _reason_of(shape: str) -> str:
    """The veto reason of a shape name of `lexicon.clinical_numbers` (each returned here alone)."""
    if shape == "vent_volume_times_rate":
        return VENT_VOLUME_TIMES_RATE
    if shape == "settings_with_percent":
        return SETTINGS_WITH_PERCENT
    if shape == "vent_mode_and_number":
        return VENT_MODE_AND_NUMBER
    if shape == "vent_settings_in_context":
        return VENT_SETTINGS_IN_CONTEXT
    if shape == "number_with_unit":
        return NUMBER_WITH_UNIT
    if shape == "decimal_reading_group":
        return DECIMAL_READING_GROUP
    if shape == "open_blood_pressure":
        return OPEN_BLOOD_PRESSURE
    if shape == "pressure_range":
        return PRESSURE_RANGE
    if shape == "reading_decade":
        return READING_DECADE
    if shape == "reading_triple":
        return READING_TRIPLE
    if shape == "reading_glued_to_its_word":
        return READING_GLUED_TO_ITS_WORD
    if shape == "fraction":
        return FRACTION
    if shape == "count":
        return COUNT
    if shape == "clock_time":
        return CLOCK_AFTER_TIME_WORD
    return READING_AFTER_MEASURE_WORD

#: Labels whose spans are numbers a reading can be taken for.
_NUMBER_LABELS = frozenset(
    "DATE AGE ROOM MEDICALRECORD HEALTHPLAN ACCOUNT LICENSE VEHICLE DEVICE BIOID IDNUM PHONE FAX".split()
)
#: Phones and faxes are long digit strings: only a unit, a setting or a
#: decimal reading says a span of them is a measurement ("500CC", "194/ 37/ 7.30/").
_CONTACT_LABELS = frozenset({"PHONE", "FAX"})
_SHAPES_FOR_CONTACTS = frozenset(
    {
        "vent_volume_times_rate", "settings_with_percent", "number_with_unit", "decimal_reading_group",
        "open_blood_pressure", "reading_triple", "pressure_range",
    }
)
#: What a number after an identifier's cue can still be: "#16 FR FOLEY", "D#7 OF 14".
#: "pa #'s 46-60/18-30": "#" counts the readings there.
_SHAPES_AFTER_IDENTIFIER_CUE = frozenset(
    {"number_with_unit", "vent_volume_times_rate", "settings_with_percent", "pressure_range"}
)
_COURSE_DAY = re.compile(r"^\d{1,3}\s+(?i:of)\s+\d{1,3}\s*(?i:weeks|days)?$")
#: A date cue before a date-shaped number: the date stays ("seen on 10/5", "since 1/2").
_DATE_CUE_BEFORE = re.compile(
    r"\b(?:on|since|from|until|till|thru|through|dated?|seen|admitted|admission|discharged?|f/u|by|next|last|"
    r"due|scheduled|as\s+of|before|after|of)\s*:?\s*$",
    re.IGNORECASE,
)
_DATE_SHAPED = re.compile(r"^\d{1,2}[/-]\d{1,2}(?:[/-]\d{2}(?:\d{2})?)?$")
#: A person's decade of life: "in her 90's", "a man in his 90s".
_PERSON_BEFORE = re.compile(r"\b(?:his|her|their|my|your|aged?)\s+(?:early\s+|mid\s+|late\s+|mid-)?$", re.IGNORECASE)
_CLOCK_RANGE = re.compile(r"\b(?:[01]\d|2[0-4])[0-5]\d\s*-\s*(?:[01]\d|2[0-4])[0-5]\d\b")
#: A word of a span: letters, digits, inner hyphens and apostrophes.
_TOKEN = re.compile(r"[\w'’-]+")
#: A reading's decade or range ("60-70s", "90's"): no identifier's digits.
_DECADE_TOKEN = re.compile(r"^(?=.*s$)\d{2,3}(?:['’]?s)?(?:-\d{2,3}(?:['’]?s)?)?$", re.IGNORECASE)
_CLOCK_TOKEN = re.compile(r"^(?:[01]\d|2[0-3])[0-5]\d$|^2400$")
#: "Rm", "Room" right before a span: what follows is a room's number, whatever its shape ("Rm 6L-140").
_ROOM_WORD_BEFORE = re.compile(r"\b(?:rm|room)\.?[ \t]*[:#]?[ \t]*$", re.IGNORECASE)


def _identifier_token(token: str) -> bool:
    """A word that can be an identifier or a code: letters and digits mixed
    ("37BFS", "TG0A-9XWW", "J-5"), or three digits or more that are no 24-hour
    time; not a reading ("HR60-70", "7A-12P", "60-70s")."""
    token = token.strip("'’-")
    if not any(c.isdigit() for c in token) or alphanumeric_reading(token) or _DECADE_TOKEN.match(token):
        return False
    if any(c.isalpha() for c in token):
        return len(token) >= 3
    digits = token.replace("-", "")
    return len(digits) >= 3 and not _CLOCK_TOKEN.match(digits)


def _measurement(span: Span, text: str) -> Optional[str]:
    """The shape name of a measurement (`lexicon.clinical_numbers`) or None."""
    value = span.text
    start, end = span.start_char, span.end_char
    if re.search(r"\d{5}", value) or (span.label_ in _CONTACT_LABELS and sum(c.isdigit() for c in value) >= 7):
        return None  # five digits in a row or a phone's seven: an identifier or a contact, not a reading
    if span.label_ == "ROOM" and _ROOM_WORD_BEFORE.search(text[max(0, start - 8) : start]):
        return None  # "Rm 6L-140": after its room word a room's number is no volume
    identifier_cue = span.label_ not in ("DATE", "AGE") and identifier_cue_before(span, text)
    found = vent_setting(value, text, start, end) or reading_shape(value, text, start, end)
    if identifier_cue:
        # after "ID", "#", "MRN" only a unit, a course's day or a setting says it is no identifier ("#16 FR")
        if _COURSE_DAY.match(value.strip()):
            return "count"
        return found if found in _SHAPES_AFTER_IDENTIFIER_CUE else None
    if span.label_ in _CONTACT_LABELS:
        return found if found in _SHAPES_FOR_CONTACTS else None
    if found is None:
        found = reading_in_context(value, text, start, end)
    if found is None:
        return None
    if _DATE_SHAPED.match(value.strip()) and _DATE_CUE_BEFORE.search(text[max(0, start - 16) : start]):
        # a unit or what follows a fraction outweighs a date cue before it ("on 1/4 NS")
        strong = ("settings_with_percent", "vent_volume_times_rate", "number_with_unit", "vent_settings_in_context")
        if found not in strong and not (found == "fraction" and fraction_after(text, end)):
            return None  # "seen on 10/5", "since 1/2": a date after its cue
    if span.label_ == "AGE" and _PERSON_BEFORE.search(text[max(0, start - 16) : start]):
        return None  # "in her 90's": a person's decade of life
    return found


def clinical_number_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """Why a tagger's number span is a clinical measurement, or None (asked
    after the label's own check, `then_clinical_numbers`)."""
    if span.label_ not in _NUMBER_LABELS or not any(c.isdigit() for c in span.text) and "teens" not in span.text.lower():
        return None
    found = _measurement(span, text)
    return _reason_of(found) if found is not None else None


#: Identifier labels the tagger gives to readings and settings; PHONE, FAX,
#: ZIP, SSN and BIOID keep the digit checks alone.
IDENTIFIER_LABELS = frozenset("DEVICE IDNUM VEHICLE LICENSE ACCOUNT MEDICALRECORD HEALTHPLAN".split())


#: A label check: (span, doc text, word lists) -> reason or None.
LabelCheck = Callable[[Span, str, CheckWords], Optional[str]]


def then_clinical_numbers(check: LabelCheck) -> LabelCheck:
    """A label's own check, then `clinical_number_reason`: the label's own
    reasons ("Apgars 8/9", "nsr 80s-90s") keep their names, the readings
    they leave are vetoed as measurements."""

    def checked(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
        return check(span, text, check_words) or clinical_number_reason(span, text, None, check_words)

    checked.__doc__ = f"{check.__name__}, then the clinical numbers."
    return checked


def identifier_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """The label check of `IDENTIFIER_LABELS`: the digit checks of every
    identifier (`identifiers.digits_reason`), the clinical numbers, then the
    shape or cue check."""
    return (
        digits_reason(span, text, check_words)
        or clinical_number_reason(span, text, None, check_words)
        or identifier_shape_reason(span, text, check_words)
    )


def identifier_shape_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why an identifier span (DEVICE, IDNUM, VEHICLE, LICENSE, ACCOUNT,
    MEDICALRECORD, HEALTHPLAN) has no word an identifier could be and no word
    before it that introduces one ("12 MN", "DB Q 1-2", "D 1800", "7A-12P"),
    or None."""
    # two clock times ("PRBC 0330-0630") are a time span, not an identifier's digits
    if any(_identifier_token(token) for token in _TOKEN.findall(_CLOCK_RANGE.sub(" ", span.text))):
        return None
    if identifier_cue_before(span, text):
        return None  # "badge 3317", "#468"
    return REASON_NO_IDENTIFIER_SHAPE


def clinical_context_reason(span: Span, text: str) -> Optional[str]:
    """Why a span of any detector is a setting or a reading by its context: a
    ventilator setting ("10/5 BIPAP", "AC 12"), a decade after a measure word
    ("Sat's in the 90's") or a count ("chair X3"), or None. Asked for DATE,
    AGE and ROOM spans, whose rules read a date, age or room word and not the
    reading around it."""
    if span.label_ not in ("DATE", "AGE", "ROOM"):
        return None
    if span.label_ == "AGE" and not re.search(r"\d\s*['’]?s$", span.text.strip(), re.IGNORECASE):
        return None  # an age rule's number with its unit ("92 yo") is an age
    found = _measurement(span, text)
    if found in ("clock_time", "reading_after_measure_word") and span.label_ == "DATE":
        return None  # the date rules read the cues of their dates and years themselves
    return _reason_of(found) if found is not None else None


__all__ = ["IDENTIFIER_LABELS", "then_clinical_numbers", "clinical_context_reason", "clinical_number_reason", "identifier_reason", "identifier_shape_reason"]
