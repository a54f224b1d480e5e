"""Numbers of ICU charting: ventilator settings, vital signs and their ranges,
hemodynamic groups, volumes and rates, fractions, clock times and counts.

Nursing notes write their readings with few words ("AC 600X12", "PS 10/5",
"CO/CI/SVR 5.5/2.5/450", "HR 58-60's", "U/O 30-40CC/HR", "crackles 1/3 up",
"at 2130"); out of context these look like dates, ages, rooms or identifiers.
Each question here reads the number's own shape and the words right before or
after it, never its value alone, and answers with a short name of the shape it
found (or None). The guard (for the tagger's spans) and the rules (which must
not fire on these numbers) share them, so both read a measurement the same way.
"""

from __future__ import annotations

import re
from typing import Optional

#: Ventilator modes and settings: the number after one is a setting ("PS 10/5", "AC 12").
VENT_WORDS = (
    r"a/?c|simv|imv|psv?|ips|cpap|bi-?pap|ipap|epap|peep|prvc|aprv|nippv|niv|fio2|flow-?by|vent|settings?"
)
#: Vital signs, hemodynamics, rhythms, gases and outputs: the number after one is a reading.
_READING_WORDS = (
    r"hr|bp|b/p|sbp|dbp|nbp|abp|maps?|cvp|pa|pap|paps|pad|pads|pas|pcwp?|wedge|co|ci|svr|svo2|mv|rr|resps?|"
    r"respirations|rate|temp|t-?max|sats|sat['’]s|spo2|sao2|o2|tv|tvs|vt|vts|vols?|volumes|pco2|po2|pao2|paco2|abgs?|icp|"
    r"cpp|pulse|sr|sb|st|nsr|afib|af|svt|paced|junctional|sinus|systolic|sys|diastolic|u/o|uo|i/o|i&o|output|"
    r"residuals?|drainage|k|na|mg|hct|wbc|ptt|inr|bun|creat|cr|cks?|cpk|glucose|bs|fsbs|lactate|ph"
)
#: Every word a reading or a setting follows, with its plural or possessive ("PAD'S", "TV's").
MEASURE_WORDS = rf"(?:{VENT_WORDS}|{_READING_WORDS})(?:['’]?s)?"
#: What may stand between a measure word and its number: another reading of the
#: same clause ("100-120/"), an article, a level word or a verb of change.
_BETWEEN = (
    r"(?:[\s:=~@#/+<>-]|\d+(?:\.\d+)?(?:['’]?s)?|"
    r"\b(?:in|the|at|of|upper|lower|low|high|mid|remains?|remained|running|ranges?|ranging|between|was|is|were|are|now|"
    r"initially|still|around|approx|about|maintained|maintaining|that|which|greater|less|than|then|above|below|over|under|"
    r"(?:down|up|dropped|decreased|increased|weaned|titrated|trended|trending|drifted|improved|changed|back|went)(?:\s+to)?)\b)"
)
#: A measure word, then only what may stand between it and the number, up to the number.
#: A span that starts with a measure word and its reading ("HR 60-90", "WBC 41", "HCT- 32-31", "TM 98R").
_MEASURE_THEN_NUMBER = re.compile(rf"^(?:{MEASURE_WORDS}|tm)[\s:=-]*\d", re.IGNORECASE)
_MEASURE_BEFORE = re.compile(rf"\b{MEASURE_WORDS}(?![\w'’]){_BETWEEN}*$", re.IGNORECASE)
#: A ventilator word right before a setting ("PS 10/5", "psv10/5", "cpap+ps 15/7.5").
#: Not "AC" nor "vent" here: "PICC placed in R AC 11/17" is a date after the antecubital fossa.
_PRESSURE_MODES = r"psv?|ips|cpap|bi-?pap|ipap|epap|peep|simv|imv|prvc|aprv|nippv|niv|flow-?by|settings?"
_VENT_BEFORE = re.compile(rf"\b(?:{_PRESSURE_MODES})(?:\s*\+\s*(?:{_PRESSURE_MODES}))?[\s:=@]*(?:on\s+)?$", re.IGNORECASE)
#: Two numbers of up to two digits over a slash: a pair of pressures (support over
#: end-expiratory pressure: "10/5", "12/+10"), a fraction of an hour ("1/2hr") or a date.
_SMALL_PAIR = re.compile(r"\d{1,2}\s*/\s*\+?\d{1,2}")
#: Hours or minutes glued to a fraction: a duration ("1/2hr", "11/2HR" for one and a half hours).
_HOURS_GLUED_AFTER = re.compile(r"(?:hrs?|hours?|mins?)\b", re.IGNORECASE)
#: The setting a list of settings goes on with: after a volume times a rate or a
#: percentage ("500X10, 40%, & 5/8", "IMV 700x10, 50% 8/5", "CPAP .4%, 5/18").
_SETTINGS_LIST_BEFORE = re.compile(r"(?:\d{3}\s*[x*]\s*\d{1,2}|\d\s*%)[\s,;&]*(?:(?:and|&)\s*)?$", re.IGNORECASE)
#: A fraction of oxygen right after a pair of pressures ("simv 900 10/25 50%").
_PERCENT_AFTER_PAIR = re.compile(r"[\s,]+\d{2,3}\s*%")
#: How a note says a patient was put on, or weaned to, a pair of pressures
#: ("trialed on 5/5", "Tolerated 18/5", "initially on 13/10", "wean down to 10/5").
_SETTING_VERB_BEFORE = re.compile(
    r"\b(?:(?:trial(?:l?ed|ing)?|tried|initially|remains?|remained|back)\s+on|tolerat(?:ed|es|ing)|"
    r"wean(?:ed|ing)?(?:\s+(?:down|back))?\s+to)\s*$",
    re.IGNORECASE,
)
#: A ventilator word or unit right after a setting ("10/5 peep", "6/5PS/8PEEP", "5/5 psv", "10/5 BIPAP").
_VENT_AFTER = re.compile(rf"\s*(?:of\s+)?(?:{VENT_WORDS}|bpm)\b|(?:ps|peep)", re.IGNORECASE)

#: Units after a number (or a range of numbers), written apart or glued to it.
_UNIT = (
    r"(?:cc['’]?s?|ml|l(?:iters?|itres?)?|lpm|mg|mcgs?|mics?|mcq|meq|u|units?|gms?|g|kg|mmhg|bpm|breaths|fr|"
    r"l?(?:nc|np|nrb)|ns)"
)
#: A number or a range of numbers (up to four digits each) with its unit: "30-40CC", "700U", "1-2 LITERS", "5LNC".
_NUMBER_WITH_UNIT = re.compile(
    rf"(?<![\w./])\d{{1,4}}(?:\.\d+)?(?:[ \t]*[-–][ \t]*\d{{1,4}}(?:\.\d+)?)?[ \t]?(?:%|{_UNIT}(?![a-z]))", re.IGNORECASE
)
_UNIT_AFTER = re.compile(rf"[ \t]?(?:%|{_UNIT}(?![a-z])|/\s*(?:hr|h|hour|min|kg)\b)", re.IGNORECASE)
#: A tidal volume times a rate ("600X12", "AC 500 X 10", "12X450X40"): a ventilator setting.
_VENT_PRODUCT = re.compile(r"(?<![A-Za-z0-9-])\d{1,4}\s*[xX×*]\s*\d{1,4}(?!\d)")
#: A group of settings closed by a percentage ("12/10/40%", "10/5/65%"): pressures and oxygen.
_SETTINGS_PERCENT = re.compile(r"\d{1,3}(?:\s*/\s*\.?\d{1,3}){1,3}\s*%")
#: Numbers joined by "/", "," or "-": a group of readings.
_NUMBER_GROUP = re.compile(r"\.?\d+(?:\.\d+)?(?:\s*[/,-]\s*-?\.?\d+(?:\.\d+)?)+")
#: A decimal with one digit or none before the point ("5.5", ".30", "7.38"): a
#: reading; a date's parts never are ("11/21.93" has two).
_SMALL_DECIMAL = re.compile(r"^-?\d?\.\d+$")
#: A reading's decade: "70's", "90S", "teens", "120's".
_DECADE = re.compile(r"(?:\d{2,3}['’]?s|\bteens)\b", re.IGNORECASE)
_THREE_DIGIT_DECADE = re.compile(r"(?<!\d)\d{3}['’]?s\b", re.IGNORECASE)
#: A systolic pressure without its diastolic, or one end of a range of them
#: ("130/", "70'S/", "150-160/", "110/-", "170" of "170-190/60").
_OPEN_PRESSURE = re.compile(r"^\d{1,3}(?:\.\d+)?(?:['’]?s)?(?:\s*[-–]\s*\d{2,3}(?:['’]?s)?)?\s*/\s*[-.]?$", re.IGNORECASE)
#: Three numbers whose last has three digits, or four that no year of a life has ("8/4/460", "3/2/1500").
_READING_TRIPLE = re.compile(r"^\d{1,2}\s*/\s*\d{1,2}\s*/\s*(\d{3,4})\s*-?$")
#: Numbers chained by dashes around a pair ("5-[6/3]-4/0-80"): ranges of readings.
_DASH_CHAIN_BEFORE = re.compile(r"\d\s*-\s*$")
_DASH_CHAIN_AFTER = re.compile(r"\s*-\s*\d")
#: A range of pressures over a value or a range ("63-70/27", "46-60/18-30",
#: "50-60/19-23s"): its first two numbers are no month and no day (over 31).
_RANGE_OVER_RANGE = re.compile(r"^(?:['’]s\s+)?(\d{2,3})\s*-\s*(\d{2,3})\s*/\s*\d{1,3}(?:\s*-\s*\d{1,3})?(?:['’]?s)?$", re.IGNORECASE)
#: A rate or a range of rates glued to its rhythm or vital sign ("83-85NSR", "110ST", "60-70HR");
#: not an ordinal ("21st", "101st": "st" after a 1 that is no 11).
_RHYTHM_READING = re.compile(
    r"^\d{2,3}(?:\s*-\s*\d{2,3})?(?:n?sr|sb|(?<![02-9]1)st|afib|af|svt|hr|bp|rr)$", re.IGNORECASE
)
_PRESSURE_RANGE_AFTER = re.compile(r"\s*[-–]\s*\d{2,3}(?:['’]?s)?\s*/", re.IGNORECASE)
#: A common fraction ("1/2", "2/3", "3/4"), and what makes it one: a position
#: ("crackles 1/3 up", "lt 1/2"), an amount ("~3/4 of time"), a saline
#: strength ("1/2 NS", "d5 1/2ns") or a range of fractions ("1/3-1/2").
#: A common fraction, as a pattern for the rules too (the date rules leave it).
COMMON_FRACTION = r"(?:1/[234]|2/3|3/4)"
_FRACTION = re.compile(rf"^{COMMON_FRACTION}$")
#: A lung sound before a fraction charts how far up the lung fields it is heard ("rales 2/3").
_FRACTION_BEFORE = re.compile(
    rf"(?:\b(?:up|lt|rt|left|right|bases?|approx|about|d5|d5w|rales|crackles|crx|wheezes|rhonchi)|~|{COMMON_FRACTION}\s*[-–])\s*$",
    re.IGNORECASE,
)
_FRACTION_AFTER = re.compile(
    rf"\s*(?:up\b|of\b|ns\b|normal\s+saline|way\b|hours?\b|hrs?\b|[-–]\s*{COMMON_FRACTION}\b)|ns\b", re.IGNORECASE
)
#: A 24-hour time after a word of time ("at 2000", "approx 2130", "AS OF 0200", "post 2400").
_CLOCK = re.compile(r"^(?:[01]\d|2[0-3])[0-5]\d$|^2400$")
_CLOCK_CUE_BEFORE = re.compile(r"(?:\b(?:at|as\s+of|post)\.?|@)\s*$", re.IGNORECASE)
#: "approx", "around", "~" make a time only of four digits no recent year has ("approx 2130"; "~2021" is a year).
_APPROXIMATE_BEFORE = re.compile(r"(?:\b(?:approx|aprox|approximately|around)\.?|~)\s*$", re.IGNORECASE)
#: Numbers joined by slashes ("5/3", "5.5/2.5/450") right after measure words joined
#: the same way ("CO/CI ", "CO/CI/SVR: "): each number is its word's reading.
_SLASHED_NUMBERS = re.compile(r"^\d{1,4}(?:\.\d+)?(?:/\d{1,4}(?:\.\d+)?)+$")
_MEASURE_GROUP_BEFORE = re.compile(rf"\b(?:{MEASURE_WORDS})(?:/(?:{MEASURE_WORDS}))+[ \t]*[:=-]?[ \t]*$", re.IGNORECASE)
#: A count: "X 2", "x3" ("OOB to chair X 2").
_COUNT = re.compile(r"^(?:[xX×]\s?\d{1,2}(?:\s*-\s*\d{1,2})?|[dD]?\d{1,3}\s+(?i:of)\s+\d{1,3}\s*(?i:weeks|days)?)$")


#: A number with its unit, not after "#" (a house or unit number: "#8G").
_DOSE_OR_FLOW = re.compile(rf"(?<!#){_NUMBER_WITH_UNIT.pattern}", re.IGNORECASE)


def has_dose_or_flow(value: str) -> bool:
    """A dose, a volume, an infusion rate or an oxygen flow with its unit anywhere
    in `value` ("60 MCGS", "850U/HR", "4LNC", "5L NC", "1GM"); a house or unit
    number after "#" is none ("#8G")."""
    return _DOSE_OR_FLOW.search(value) is not None


def measure_before(text: str, start: int) -> bool:
    """A measure word (vital sign, setting, lab, output) before `start` in the
    same clause, with only readings or level and change words between ("HR
    58-", "SBP IN THE", "BP DOWN TO", "PA pressures", "RR DROPPED TO")."""
    window = text[max(0, start - 40) : start]
    return _MEASURE_BEFORE.search(window) is not None


def vent_setting(value: str, text: str, start: int, end: int) -> Optional[str]:
    """A ventilator setting: a volume times a rate, a group closed by a
    percentage, or numbers right after or before a ventilator word."""
    if _VENT_PRODUCT.search(value):
        return "vent_volume_times_rate"  # "600X12", "SIMV 700x16"
    if _SETTINGS_PERCENT.search(value) or (re.search(r"\d$", value) and re.match(r"\s*%", text[end : end + 3])):
        return "settings_with_percent"  # "12/10/40%"
    if re.search(rf"(?:\b|(?<=\d))(?:{VENT_WORDS})\b", value, re.IGNORECASE) and re.search(r"\d", value) and not re.search(r"\d{5}", value):
        return "vent_mode_and_number"  # "AC 12", "SIMV 18", "20PS"
    if re.match(r"^[\d./\s+-]+$", value):
        if _VENT_BEFORE.search(text[max(0, start - 16) : start]):
            return "vent_mode_and_number"  # "PS 10/5"
        if _VENT_AFTER.match(text, end):
            # a pair of pressures named by its mode after it is a setting even after "on" ("ON 10/5 BIPAP")
            return "vent_settings_in_context" if _SMALL_PAIR.fullmatch(value.strip()) else "vent_mode_and_number"
    if _SMALL_PAIR.fullmatch(value.strip()) and (
        _SETTINGS_LIST_BEFORE.search(text[max(0, start - 24) : start])
        or _PERCENT_AFTER_PAIR.match(text, end)
        or _SETTING_VERB_BEFORE.search(text[max(0, start - 24) : start])
    ):
        return "vent_settings_in_context"  # "500X10, 40%, & 5/8", "10/25 50%", "trialed on 5/5"
    return None


def reading_shape(value: str, text: str, start: int, end: int) -> Optional[str]:
    """A number that is a measurement by its own shape or its unit (whatever
    the words before it): a number with a unit, a group of readings with a
    small decimal, an open blood pressure."""
    if _NUMBER_WITH_UNIT.search(value) or (re.search(r"\d$", value) and _UNIT_AFTER.match(text, end)):
        return "number_with_unit"  # "30-40CC", "700U" (of "700U/HR"), "2-4L"
    if _SMALL_PAIR.fullmatch(value.strip()) and _HOURS_GLUED_AFTER.match(text, end):
        return "number_with_unit"  # "1/2hr", "11/2HR" (one and a half hours): a date is not glued to its hours
    for group in _NUMBER_GROUP.finditer(value):
        parts = re.split(r"\s*[/,]\s*|\s*-\s*(?=[\d.])", group.group().strip())
        if len(parts) > 1 and any(_SMALL_DECIMAL.match(p) for p in parts):
            return "decimal_reading_group"  # "5.5/2.5/450", "88/3.4", "10/.30/5"
    triple = _READING_TRIPLE.match(value.strip())
    if triple and not 1880 <= int(triple.group(1)) < 2200:
        return "reading_triple"  # CO/CI/SVR "8/4/460-", "3/2/1500": no year has three digits or is so early
    if _DASH_CHAIN_BEFORE.search(text, max(0, start - 4), start) and _DASH_CHAIN_AFTER.match(text, end):
        return "reading_triple"  # "5-6/3-4/0-80": a chain of ranges, no date
    for part in (value.strip(), *value.split()):
        pressures = _RANGE_OVER_RANGE.match(part.strip(" ,;:"))
        if pressures and min(int(pressures.group(1)), int(pressures.group(2))) > 31:
            return "pressure_range"  # "PA 63-70/27", "PAP'S 68-76/30-37", "B/L 150-160/70's": no date runs from 63 to 70
    if _RHYTHM_READING.match(value.strip()):
        return "reading_glued_to_its_word"  # "83-85NSR", "110ST": a rate and its rhythm in one word
    if _OPEN_PRESSURE.match(value.strip()):
        return "open_blood_pressure"  # "130/", "150-160/"
    if re.fullmatch(r"\d{2,3}", value.strip()) and _PRESSURE_RANGE_AFTER.match(text, end):
        return "open_blood_pressure"  # "170" of "170-190/60-70'S"
    if _THREE_DIGIT_DECADE.search(value):
        return "reading_decade"  # "120's", "100-120/50'S": no age or year is written so
    return None


def reading_in_context(value: str, text: str, start: int, end: int) -> Optional[str]:
    """A number that is a measurement by the words around it: a reading or
    decade after a measure word, a fraction of a position or an amount, a
    24-hour time after a word of time, a count."""
    stripped = value.strip()
    if _FRACTION.match(stripped) and (
        _FRACTION_BEFORE.search(text[max(0, start - 12) : start]) or _FRACTION_AFTER.match(text, end)
    ):
        return "fraction"  # "crackles 1/3 up", "1/2 NS", "~3/4 of time"
    before = text[max(0, start - 12) : start]
    if _CLOCK.match(stripped) and (
        _CLOCK_CUE_BEFORE.search(before) or (int(stripped) >= 2100 and _APPROXIMATE_BEFORE.search(before))
    ):
        return "clock_time"  # "at 2000", "approx 2130", "AS OF 0200"
    if _COUNT.match(stripped):
        return "count"  # "OOB to chair X 2"
    if _SLASHED_NUMBERS.match(stripped) and _MEASURE_GROUP_BEFORE.search(text[max(0, start - 24) : start]):
        return "reading_after_measure_word"  # "CO/CI 5/3": a group of readings after the group of their names
    calendar = re.fullmatch(r"(?:[A-Za-z]{3}\s+)?(\d{1,2})[/-](\d{1,2}|\d{4})(?:[/-]\d{2,4})?", stripped)
    if calendar and 1 <= int(calendar.group(1)) <= 12 and (1 <= int(calendar.group(2)) <= 31 or len(calendar.group(2)) == 4):
        return None  # a date after a measure word is left to the ventilator check ("R AC 11/17", "VT 12/31/25")
    if (measure_before(text, start) or _MEASURE_THEN_NUMBER.match(stripped)) and re.search(r"\d|teens", stripped, re.IGNORECASE):
        return "reading_after_measure_word"  # "HR 58-60's", "SBP 90'S", "PAD- 20-24/"
    if _DECADE.search(stripped) and re.search(r"\s*(?:/|systolic|sys\b|s?b?p\b|sr\b|nsr\b|st\b)", text[end : end + 10], re.IGNORECASE):
        return "reading_after_measure_word"  # "90's systolic", "60's/30's"
    return None


#: A code of letters and numbers that is a reading: a word, a number or a range
#: (or product) of numbers, a word or unit ("HR60-70", "RR-18-20", "30-40CC",
#: "61-64SR", "@15-20MCG", "1145AM").
_WORD_AND_READING = re.compile(
    r"^[@~-]*(?:(?P<pre>[A-Za-z'’]+)[\s-]*)?\d{1,4}(?:\.\d+)?(?:\s*[-–/xX]+\s*\d{1,4}(?:\.\d+)?%?)*"
    r"(?:[\s-]*(?P<post>[A-Za-z%'’]+))?[/.]?$"
)
_MEASURE_WORD = re.compile(rf"^{MEASURE_WORDS}$", re.IGNORECASE)
_UNIT_WORD = re.compile(rf"^(?:%|{_UNIT}|am|pm|hrs?)$", re.IGNORECASE)
#: A nursing shift: "7A-12P", "11A-7P".
_SHIFT = re.compile(r"^\d{1,2}[AP]M?\s*-\s*\d{1,2}[AP]M?$", re.IGNORECASE)
#: A number of up to four digits joined by a hyphen to a word of five letters or more ("DOWNWARD-0400", "0000-CAPTO").
_NUMBER_AND_WORD = re.compile(r"^(?:[A-Za-z]{5,}-+\d{1,4}|\d{1,4}-+[A-Za-z]{5,})$")


def alphanumeric_reading(value: str) -> bool:
    """Whether a code of capitals and digits is a reading or a setting, not an
    identifier: a volume times a rate, a measure word and its number, a number
    and its unit, a shift, a time and a word."""
    if _VENT_PRODUCT.search(value) or _SHIFT.match(value) or _NUMBER_AND_WORD.match(value):
        return True
    match = _WORD_AND_READING.match(value)
    if match is None:
        return False
    pre, post = match.group("pre"), match.group("post")
    if post is not None:
        # a unit after it ("FEED--30-40CC"); a rhythm or lab word only after a bare number or range
        # ("61-64SR"): letters on both sides are a code's ("ZG864NA")
        return _UNIT_WORD.match(post) is not None or (pre is None and _MEASURE_WORD.match(post) is not None)
    return pre is not None and _MEASURE_WORD.match(pre) is not None


def fraction_after(text: str, end: int) -> bool:
    """What follows a common fraction and makes it one: "up", "of", "NS", another fraction."""
    return _FRACTION_AFTER.match(text, end) is not None


def is_clock_text(value: str) -> bool:
    """Four digits of a 24-hour time, midnight as "2400" included."""
    return _CLOCK.match(value.strip()) is not None


__all__ = [
    "COMMON_FRACTION", "MEASURE_WORDS", "VENT_WORDS", "alphanumeric_reading", "fraction_after", "has_dose_or_flow", "is_clock_text", "measure_before", "reading_in_context", "reading_shape",
    "vent_setting",
]
