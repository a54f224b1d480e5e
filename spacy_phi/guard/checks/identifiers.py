"""Identifier, contact and number-shape checks.

An identifier or contact (PHONE, FAX, ZIP, SSN, record and account numbers,
DEVICE, VEHICLE, BIOID) needs digits, and is not a nursing shift nor a range of
readings; a bare ROOM number needs a room word before it; an EMAIL an "@"; a
URL a host; a USERNAME is not an ordinary or job word. Every number label
(dates, ages, rooms, streets, identifiers) is also checked for the shape of a
measurement, obstetric notation or a diagnosis code (`number_shape_reason`).
"""

from __future__ import annotations

import re
from typing import Optional

from spacy.tokens import Span

from ..reasons import (
    REASON_CLOCK_TIME,
    REASON_DIAGNOSIS_CODE,
    REASON_MEASUREMENT,
    REASON_NO_DIGIT,
    REASON_NOT_EMAIL,
    REASON_NOT_URL,
    REASON_NOT_USERNAME,
    REASON_OBSTETRIC,
    REASON_RANGE,
    REASON_ROOM_WITHOUT_CUE,
    sub_reason,
)
from .age import MOVED_FROM_BEFORE
from .base import CheckWords
from .date import FOUR_DIGIT_RANGE, shift_times
from .place import roles_only

#: A nursing shift of two 24-hour times: "micu b npn 0700-1900".
SHIFT_RANGE = sub_reason(REASON_CLOCK_TIME, "shift_range")
#: A unit or degree sign after a number: "88°", "Wt 52 kg", "max 3 g/day".
UNIT = sub_reason(REASON_MEASUREMENT, "unit")
#: Feet and inches: "Ht 5'7\"".
FEET_AND_INCHES = sub_reason(REASON_MEASUREMENT, "feet_and_inches")
#: A ROOM number after a reading that moved: "weight 121 pounds , down from 133".
MOVED_READING = sub_reason(REASON_MEASUREMENT, "moved_reading")
#: Gravida and para: "22 yo G2P1001".
GRAVIDA_PARA = sub_reason(REASON_OBSTETRIC, "gravida_para")
#: A cervical exam's signed station: "SVE 1/50/-3", "Complete/100/+2".
CERVICAL_EXAM = sub_reason(REASON_OBSTETRIC, "cervical_exam")

#: Least digits an identifier or contact span must hold.
MIN_DIGITS = {
    "PHONE": 3, "FAX": 3, "ZIP": 3, "SSN": 4, "MEDICALRECORD": 1, "HEALTHPLAN": 1, "ACCOUNT": 1,
    "LICENSE": 1, "IDNUM": 1, "DEVICE": 1, "BIOID": 1, "VEHICLE": 1,
}
#: A range of readings or counts ("80s-90s", "12-14"), never a phone or an ID.
_NUMBER_RANGE = re.compile(r"^\d{1,3}['’]?s?\s*[-–]\s*\d{1,3}['’]?s?$")
#: The words that introduce an identifier before it ("MRN 500-600", "#468", "badge 3317").
IDENTIFIER_CUE_BEFORE = re.compile(
    r"(?:#|\b(?:id|no|nos|num|number|mrn|mr|acct|account|policy|member|serial|s/n|sn|model|lot|plate|tag|"
    r"vin|licen[cs]e|lic|dea|npi|device|order|accession|acc|specimen|case|ref|reference|claim|badge|ticket|"
    r"confirmation|unit|key)\b)[\s:#.-]*$",
    re.IGNORECASE,
)
#: Before a room number: the word that makes it one ("Rm 714", "room: 12", "bed 3", "OR 7").
_ROOM_CUE_BEFORE = re.compile(
    r"(?:\b(?:rm|room|rooms|bed|beds|bay|unit|suite|ste|cubicle|pod|chair|or|ed|er|pacu|icu|ccu|nicu|picu|triage)\.?|#)"
    r"\s*[:#-]?\s*(?:[A-Za-z]{1,5}\s+)?$",  # "OR 7", "Rm ED 31"
    re.IGNORECASE,
)

#: Labels whose spans are numbers (dates, ages, identifiers, addresses).
NUMBER_LABELS = frozenset(
    "DATE AGE ROOM STREET ZIP MEDICALRECORD HEALTHPLAN ACCOUNT LICENSE VEHICLE DEVICE BIOID IDNUM".split()
)
#: Number spans that are measurements: a unit or degree sign right after the
#: number, inside the span or after it ("88°", "Wt 52 kg", "max 3 g/day"), or
#: feet and inches ("5'7\"").
_UNIT = r"(?:°|º|kgs?|gm?|grams?|lbs?|oz|cm|mm|km|ft|m[lL]|cc|d[lL]|mg|mcg|ug|µg|mEq|mmol|mmHg|bpm|mph|%|k?Hz|dB|atm|pp[bm]|kPa|secs?|Fr)"
_NUMBER_THEN_UNIT = re.compile(rf"(?<![\w.-])\d+(?:[.,]\d+)?[ \t]?{_UNIT}(?![\w-])")
_UNIT_AFTER = re.compile(rf"[ \t]?{_UNIT}(?![\w-])")
_FEET_AND_INCHES = re.compile(r"^\d['’][ \t]?\d{1,2}(?:[\"”]|'')?$")
#: Obstetric history ("G2P1001", "G1 P0") and a cervical exam ("1/50/-3",
#: "Complete/100/+2": dilation, effacement, station): never a date or an ID.
_GRAVIDA_PARA = re.compile(r"^G\d{1,2}[ \t]?P\d{1,4}(?:[ -]?\d){0,3}$", re.IGNORECASE)
_CERVICAL_STATION = re.compile(r"/[ \t]*[-+][ \t]?\d\b")
#: An ICD-10 code ("S93.401A", "I50.23", "E11.65"): a diagnosis, not an identifier.
_ICD10 = re.compile(r"^[A-TV-Z]\d{2}\.[0-9A-Z]{1,4}$")


def number_shape_reason(span: Span, text: str, cased: Optional[bool], check_words: CheckWords) -> Optional[str]:
    """Why a number span (`NUMBER_LABELS`) is a measurement, obstetric notation
    or a diagnosis code rather than a date, age or identifier (or None)."""
    if span.label_ not in NUMBER_LABELS:
        return None
    value = span.text.strip()
    unit_after = _UNIT_AFTER.match(text, span.end_char) is not None
    if _NUMBER_THEN_UNIT.search(value) or (value[-1:].isdigit() and unit_after):
        if span.label_ != "AGE" or "°" in value or unit_after:
            return UNIT  # "88°", "Wt 52 kg", "WT: 58 kg", "max 3 g/day"
    if _FEET_AND_INCHES.match(value):
        return FEET_AND_INCHES  # "Ht 5'7\""
    if _GRAVIDA_PARA.match(value):
        return GRAVIDA_PARA  # "22 yo G2P1001"
    if span.label_ == "DATE" and _CERVICAL_STATION.search(value):
        return CERVICAL_EXAM  # "SVE 1/50/-3", "Complete/100/+2"
    if span.label_ != "DATE" and span.label_ != "AGE" and _ICD10.match(value):
        return REASON_DIAGNOSIS_CODE  # "(S93.401A)"
    return None


def digits_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why an identifier or contact span is none: too few digits, a nursing
    shift, a range of readings (or None)."""
    if sum(c.isdigit() for c in span.text) < MIN_DIGITS[span.label_]:
        return REASON_NO_DIGIT
    shift = FOUR_DIGIT_RANGE.match(span.text.strip())
    if shift and shift_times(*shift.groups()) and all(t[2:] in ("00", "15", "30", "45") for t in shift.groups()):
        return SHIFT_RANGE  # "micu b npn 0700-1900": a shift, no record number
    if _NUMBER_RANGE.match(span.text.strip()) and not IDENTIFIER_CUE_BEFORE.search(
        text, max(0, span.start_char - 24), span.start_char
    ):
        return REASON_RANGE  # "nsr 80s-90s", "like 12-14 days a month"
    return None


def _known_words_only(value: str, check_words: CheckWords) -> bool:
    """No digit and only known words ("XRAY", "GOAL RATE", "DC NG"): a place
    of care or a phrase; an unknown word ("GH ER") may be a place's name."""
    found = re.findall(r"[A-Za-z]+", value)
    if not found or any(c.isdigit() for c in value):
        return False
    vocabulary = check_words.vocabulary
    return all(check_words.known_word(w.lower()) or vocabulary.is_abbreviation(w) for w in found)


def _reading_range(value: str) -> bool:
    """A range of readings: two numbers of as many digits, or rising ("53-55",
    "5-35"); a room and bed ("514-2") is neither."""
    match = re.fullmatch(r"(\d{1,3})\s*[-–]\s*(\d{1,3})", value)
    return match is not None and (
        len(match.group(1)) == len(match.group(2)) or int(match.group(2)) > int(match.group(1))
    )


def room_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """A bare one- or two-digit ROOM, a range or a ROOM without a digit needs a
    room word before it ("Rm 4", "bed 3", "Rm 12-14"); otherwise it is a count,
    a reading or a phrase ("(from 16)", "faxed 3", "RANGES FROM 14-24",
    "TO GOAL RATE")."""
    value = span.text.strip()
    # a bare short number, a range of readings ("14-24") or words without a digit ("XRAY")
    bare = (value.isdigit() and len(value) <= 2) or _reading_range(value) or _known_words_only(value, check_words)
    if bare and not _ROOM_CUE_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char]):
        return REASON_ROOM_WITHOUT_CUE
    if value.isdigit() and MOVED_FROM_BEFORE.search(text, max(0, span.start_char - 24), span.start_char):
        return MOVED_READING  # "weight 121 pounds , down from 133", "bnp 1,240 , up from 480"
    return None


def email_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """An EMAIL needs an "@"."""
    return None if "@" in span.text else REASON_NOT_EMAIL


def url_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """A URL needs a dot, a slash, "www" or "localhost"."""
    value = span.text.lower()
    if "." in value or "/" in value or value.startswith("www") or "localhost" in value:
        return None
    return REASON_NOT_URL


def username_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """A one-word USERNAME without digits or "_.@" must not be an ordinary,
    medical or job word ("(hospitalist)", "seen by anesthesia")."""
    value = span.text.strip()
    if any(c.isdigit() or c in "_.@" for c in value) or " " in value:
        return None
    known = check_words.known_word(value.lower()) or roles_only([value.lower()], check_words)
    return REASON_NOT_USERNAME if known else None


__all__ = [
    "IDENTIFIER_CUE_BEFORE", "MIN_DIGITS", "NUMBER_LABELS", "digits_reason", "email_reason", "number_shape_reason", "room_reason", "url_reason",
    "username_reason",
]
