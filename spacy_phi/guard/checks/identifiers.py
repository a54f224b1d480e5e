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

from ...checksums import is_international_phone, is_ip
from ..reasons import (
    REASON_CLOCK_TIME,
    REASON_DIAGNOSIS_CODE,
    REASON_MEASUREMENT,
    REASON_NO_DIGIT,
    REASON_NOT_EMAIL,
    REASON_NOT_IP_ADDRESS,
    REASON_NOT_PHONE,
    REASON_NOT_URL,
    REASON_NOT_USERNAME,
    REASON_URL_NO_DOMAIN,
    REASON_USERNAME_OF_WORDS,
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
#: A ROOM number a reading moved to: "coming down to 205", "then down to 70s".
READING_MOVED_TO = sub_reason(REASON_MEASUREMENT, "reading_moved_to")
#: Gravida and para: "22 yo G2P1001".
GRAVIDA_PARA = sub_reason(REASON_OBSTETRIC, "gravida_para")
#: A cervical exam's signed station: "SVE 1/50/-3", "Complete/100/+2".
CERVICAL_EXAM = sub_reason(REASON_OBSTETRIC, "cervical_exam")

#: A phone or fax number whose digits are not laid out as one: a reading joined
#: by "/" or "%", a decimal ("5.5/ 3.09/ 611", "70/38 PWP 40"), a clock time
#: or short number with no phone word before it ("at 1605").
PHONE_LAYOUT = sub_reason(REASON_NOT_PHONE, "no_phone_run")
#: Two round amounts in a rising range with no phone word before them ("IS 750-1000").
ROUND_AMOUNT_RANGE = sub_reason(REASON_NOT_PHONE, "round_amounts")
#: A USERNAME with a space ("HR 44", "RECEIVING CEFTRAXONE").
USERNAME_WITH_SPACE = sub_reason(REASON_USERNAME_OF_WORDS, "words_and_spaces")
#: Ordinary words joined by a full stop with its space missing ("vent.support").
USERNAME_JOINED_WORDS = sub_reason(REASON_USERNAME_OF_WORDS, "joined_words")
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
#: A span that starts with a word of letters and then a space: no identifier an
#: identifier's cue would introduce ("ID: T-max 99.6", "ID: temp 100" is the
#: infections section of a nursing note; "MRN: 12345", "ID# AB123" start with it).
_WORD_FIRST = re.compile(r"[A-Za-z][A-Za-z'’-]*\s")


def identifier_cue_before(span: Span, text: str) -> bool:
    """Whether a word that introduces an identifier stands right before the span
    ("#468", "badge 3317", "MRN 500-600") and the span starts with the identifier."""
    if _WORD_FIRST.match(span.text):
        return False
    return IDENTIFIER_CUE_BEFORE.search(text, max(0, span.start_char - 24), span.start_char) is not None


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
    if _NUMBER_RANGE.match(span.text.strip()) and not identifier_cue_before(span, text):
        return REASON_RANGE  # "nsr 80s-90s", "like 12-14 days a month"
    return None


#: A run of a phone number's characters: digits joined by hyphens, dots, spaces and brackets.
_PHONE_RUN = re.compile(r"\+?\(?\d[\d().\- ]*\d")
#: An extension written first ("x557", "ext. 2045").
_EXTENSION_FIRST = re.compile(r"^(?:x|ext\.?|extension)[ \t]*\d{2,6}$", re.IGNORECASE)
#: A short number of an extension or a pager: digits, one hyphen at most ("1234", "4-5678").
_SHORT_NUMBER = re.compile(r"^\d{1,6}(?:-\d{1,6})?$")
#: A hospital's internal extension: one digit, a hyphen, four digits ("2-9239").
_EXTENSION_SHAPE = re.compile(r"^\d-\d{4}$")
#: Four digits that read as a 24-hour time ("1850").
_CLOCK_DIGITS = re.compile(r"^(?:[01]\d|2[0-3])[0-5]\d$")
#: A phone word right before a short number that makes it an extension or a pager ("x4-5678", "pager 1234").
_PHONE_CUE_BEFORE = re.compile(
    r"(?:\b(?:x|ext|extension|pag\w*|pgr|beeper|phone|tel|telephone|call|called|callback|cell|mobile|fax|number|no|t|p|c)"
    r"(?:[ \t]+(?:me|him|her|us|them|back|at|on|to))*|#|@)[\s.:#-]*$",
    re.IGNORECASE,
)
#: Two amounts in a rising range ("750-1000"): volumes or doses, no local number.
_ROUND_RANGE = re.compile(r"^(\d{3})\s*-\s*(\d{4})$")


def phone_layout_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a PHONE or FAX span's digits are not laid out as a phone number, or None.

    A phone number is a run of 7 to 15 digits joined by hyphens, dots, spaces
    or brackets, none of them a decimal ("7.36"); the span may hold words
    around it (the trimming of edges handles them). A shorter number is an
    extension or a pager number: after its phone word ("pager 1234", "page me
    at 7904"), written first ("x557"), in the hospital's "2-9239" shape, or in
    brackets when it is no 24-hour time ("Dr. Halabi (90234)")."""
    value = span.text.strip()
    if _EXTENSION_FIRST.match(value):
        return None  # "x557", "ext. 2045"
    for run in _PHONE_RUN.findall(value):
        if "." in run.strip(".") and any(len(g) < 3 for g in re.findall(r"\d+", run)):
            continue  # a decimal reading ("7.36", "2.2.")
        if is_international_phone(run):  # 7 to 15 digits: a US local number up to E.164's longest
            rising = _ROUND_RANGE.match(run.strip())
            if rising and _round_rising(int(rising.group(1)), int(rising.group(2))) and not _phone_cue(span, text):
                return ROUND_AMOUNT_RANGE  # "IS 750-1000": a range of amounts
            return None
    if _EXTENSION_SHAPE.match(value):
        return None  # "2-9239": a hospital's internal extension
    if _SHORT_NUMBER.match(value):
        if _phone_cue(span, text):
            return None  # "pager 1234", "page me at 7904", "Callback: 2-2194"
        if text[max(0, span.start_char - 1) : span.start_char] == "(" and not _CLOCK_DIGITS.match(value):
            return None  # "Dr. Halabi (90234)": a number in brackets after a name; "(1850)" is a time
    return PHONE_LAYOUT  # "at 1605" (a time), "5.5/ 3.09/ 611", "50%/AC 500X12"


def _phone_cue(span: Span, text: str) -> bool:
    return _PHONE_CUE_BEFORE.search(text, max(0, span.start_char - 16), span.start_char) is not None


def _round_rising(low: int, high: int) -> bool:
    """Two round amounts, the second larger ("750-1000", "500-1500")."""
    return low % 50 == 0 and high % 50 == 0 and high > low


#: Endings of a web address's host: the generic domains and the country codes a US note meets.
_DOMAIN_ENDINGS = frozenset(
    "com org net edu gov mil int info biz io co us uk ca au de fr it es nl ie in jp cn ru br mx ch se no dk fi be at nz za "
    "health care clinic hospital app dev ai me tv ly gl".split()
)


def ip_address_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """An IPADDR is an IPv4 or IPv6 address (`checksums.is_ip`, as the IP rule checks it)."""
    return None if is_ip(span.text.strip()) else REASON_NOT_IP_ADDRESS


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


#: A reading that moved to a number: "coming down to 205", "was down to 263", "then up to 70s"
#: (a verb of being or coming first: "sent down to 205" may be a room). An AGE has its own
#: list of moves before it (`age._AGE_NOT_BEFORE`).
_MOVED_TO_BEFORE = re.compile(
    r"\b(?:came|coming|comes|come|was|were|is|are|then|trended|trending|drifted|drifting)\s+(?:back\s+)?(?:up|down)\s+to\s*$",
    re.IGNORECASE,
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
    if re.fullmatch(r"\d{2,3}['’]?s?", value) and _MOVED_TO_BEFORE.search(text, max(0, span.start_char - 32), span.start_char):
        return READING_MOVED_TO  # "coming down to 205 at 10PM", "then down to 70s with maps high 40s"
    return None


def email_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """An EMAIL needs an "@"."""
    return None if "@" in span.text else REASON_NOT_EMAIL


def url_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """A URL needs a slash, "www" or "localhost", or a dot before a domain
    ending ("example.org"; "enterococcus.the" is two words whose space is missing)."""
    value = span.text.lower().strip()
    if "/" in value or value.startswith("www") or "localhost" in value or "@" in value:
        return None
    if "." not in value:
        return REASON_NOT_URL
    ending = re.sub(r"[^a-z]", "", value.rstrip(".").rsplit(".", 1)[-1])
    return None if ending in _DOMAIN_ENDINGS else REASON_URL_NO_DOMAIN


def username_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """A USERNAME has no space ("HR 44") and is no ordinary words run together
    ("vent.support"); one without digits or "_.@" must not be an ordinary,
    medical or job word ("(hospitalist)", "seen by anesthesia", "home")."""
    value = span.text.strip()
    if any(c.isspace() for c in value):
        return USERNAME_WITH_SPACE  # a user name has no space: "HR 44", "RECEIVING CEFTRAXONE"
    parts = re.split(r"[._]", value)
    if len(parts) > 1 and all(p.isalpha() and p.islower() and check_words.known_word(p) for p in parts):
        return USERNAME_JOINED_WORDS  # a missing space after a full stop: "vent.support"
    if any(c.isdigit() or c in "_.@" for c in value):
        return None
    lower = value.lower()
    known = check_words.known_word(lower) or roles_only([lower], check_words)
    return REASON_NOT_USERNAME if known else None


__all__ = [
    "IDENTIFIER_CUE_BEFORE", "MIN_DIGITS", "NUMBER_LABELS", "digits_reason", "email_reason", "identifier_cue_before",
    "ip_address_reason", "number_shape_reason", "phone_layout_reason", "room_reason", "url_reason", "username_reason",
]
