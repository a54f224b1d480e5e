"""DATE checks: a tagger's DATE must be written like a date.

With a digit, the span must not be a time of day ("at 6 am", "until 2330",
"1900-0700"), nor a number no date is written with: a duration, one end of a
range of readings, Apgar scores, a ratio or spinal level or dose, a day
counter, a score ("pain 7/10", "Strength 4/5"), a drug and its dose, a count
or an index, two or three numbers no calendar reads, a gestational age, or
ordinals that count ("the 1st, 2nd, and 3rd digits"). Without a digit, it
needs a date word (a month, weekday, holiday, or more than one number word),
and a short month or weekday before a reading ("SAT 98") or, in a note typed
in capitals, before a word with no date cue ("DEC UOP", "MAY NEED") is charting.

The clock-time helpers here are also read by the AGE and identifier checks.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, Optional

from spacy.tokens import Span

from ...lexicon.scores import score_words_before
from ...note_case import is_mostly_upper_case
from ..reasons import (
    REASON_CLOCK_TIME,
    REASON_DATE_NO_DATE_WORD,
    REASON_DATE_NUMBER_SHAPE,
    REASON_DATE_ORDINAL_COUNT,
    REASON_DAY_COUNTER,
    REASON_OBSTETRIC,
    sub_reason,
)
from .base import WORD, CheckWords, singular, words

#: A time of day: "at 6 am", "10:30pm", "until 2330", "1900-0700" (clock_time_span).
DATE_TIME_OF_DAY = sub_reason(REASON_CLOCK_TIME, "date_time_of_day")
#: A colon time: "Foley bulb placed 21:10".
DATE_COLON_TIME = sub_reason(REASON_CLOCK_TIME, "date_colon_time")
#: A duration: "no rx in past 12 mo.".
DURATION = sub_reason(REASON_DATE_NUMBER_SHAPE, "duration")
#: One end of a range of two bare numbers: "(goal 88-92)" (not "March 5-7").
RANGE_END = sub_reason(REASON_DATE_NUMBER_SHAPE, "range_end")
#: Apgar scores: "Apgars 8/9".
APGAR = sub_reason(REASON_DATE_NUMBER_SHAPE, "apgar")
#: A ratio, a spinal level or a dose: "1:1:1", "L5", "C5-6", "40 mg", "3-4".
RATIO_LEVEL_OR_DOSE = sub_reason(REASON_DATE_NUMBER_SHAPE, "ratio_level_or_dose")
#: A 0-10 rating: "pain 7/10", "fatigue 4/10", "about a 7/10".
RATING_OUT_OF_TEN = sub_reason(REASON_DATE_NUMBER_SHAPE, "rating_out_of_ten")
#: A score after a score word or before what it scores: "balance score of 12/16", "3/5 strength".
SCORE = sub_reason(REASON_DATE_NUMBER_SHAPE, "score")
#: A strength grade with its side after it or "otherwise" before it: "Hip abd 4/5 R".
STRENGTH_WITH_SIDE = sub_reason(REASON_DATE_NUMBER_SHAPE, "strength_with_side")
#: Round the clock: "the 24/7 line" (not "on 24/7").
ROUND_THE_CLOCK = sub_reason(REASON_DATE_NUMBER_SHAPE, "round_the_clock")
#: A drug or medical word with a number that is not date-shaped: "Jardiance 10", "GFR 58".
MEDICAL_WORD_AND_NUMBER = sub_reason(REASON_DATE_NUMBER_SHAPE, "medical_word_and_number")
#: A bare number before a duration or after an index word: "~10 days", "image 62".
COUNT_OR_INDEX = sub_reason(REASON_DATE_NUMBER_SHAPE, "count_or_index")
#: Two numbers no calendar reads: "hypotension (86/50)".
BLOOD_PRESSURE = sub_reason(REASON_DATE_NUMBER_SHAPE, "blood_pressure")
#: Three numbers no calendar reads: the blood gas "7.29/52/48".
BLOOD_GAS = sub_reason(REASON_DATE_NUMBER_SHAPE, "blood_gas")
#: A gestational age in weeks and days: "GA 35 2/7 wk".
GESTATIONAL_AGE = sub_reason(REASON_OBSTETRIC, "gestational_age")
#: Words without a digit and only one cardinal among them: "twenty off".
LONE_CARDINAL = sub_reason(REASON_DATE_NO_DATE_WORD, "lone_cardinal")
#: Words without a digit and no date word: "we obtain", "summer", "the weekend".
NO_DATE_WORD = sub_reason(REASON_DATE_NO_DATE_WORD, "no_date_word")
#: A short month or weekday that is a charting word: before a reading ("SAT 98"),
#: or in a note typed in capitals with no day, year or date cue and a word after
#: it ("DEC UOP"; "MAY NEED" is `MODAL_MAY`); "Dec 5", "in May",
#: "RETURN MON." stay dates.
SHORT_MONTH_OR_DAY_ALONE = sub_reason(REASON_DATE_NO_DATE_WORD, "short_month_or_day_alone")
#: The same charting word with the words it charts taken into the span, no digit
#: and no other date word among them: "DEC GLU LEVELS DEC", "DEC OR CRACKLES".
SHORT_MONTH_WITH_CHARTED_WORDS = sub_reason(REASON_DATE_NO_DATE_WORD, "short_month_with_charted_words")
#: "May" the verb: a verb follows it ("THIS MAY BE R/T LEVO", "MAY DC", "may need"); the month
#: is followed by a day, a year or a preposition ("May 5", "May 2019", "in May for").
MODAL_MAY = sub_reason(REASON_DATE_NO_DATE_WORD, "modal_may")
_VERB_AFTER_MAY = re.compile(
    r"[ \t]+(?:be|not|have|need|needs|go|get|take|require|benefit|cause|dc|d/c|discontinue|start|resume|return|"
    r"try|want|come|call|help|use|consider|wean|extubate|receive|stay|remain|develop|show|indicate)\b",
    re.IGNORECASE,
)
#: A short weekday and a reading in one span: "SAT 98", "sat 94%" (no day of a month is above 31).
SHORT_DAY_AND_READING = sub_reason(REASON_DATE_NO_DATE_WORD, "short_day_and_reading")
#: "Sat" the oxygen saturation: after "O2", or written as a plural or with a
#: comparison after it ("O2 Sat ~ 95%", "Sat's in the 90's", "SAT'S 97-100%").
OXYGEN_SATURATION = sub_reason(REASON_DATE_NO_DATE_WORD, "oxygen_saturation")
#: What makes "Sat" the saturation: "O2"/"02" before it, or "'s", "s", "~", "<", ">", "=" after it.
_OXYGEN_BEFORE = re.compile(r"\b(?:o2|02|spo2|pulse[ \t]?ox)[ \t-]*\Z", re.IGNORECASE)
_SATURATION_AFTER = re.compile(r"(?:['’]?s\b|[ \t]*[~<>=])", re.IGNORECASE)
#: "Sat" the saturation among the respiratory readings of its line: a percentage or an
#: oxygen or breathing word within reach on the same line ("97% sat", "placed on nrb with inc
#: in sat", "SATS 93-100% ... GOOD WAVE FORM ON SAT"); a weekday has none ("rehab tomorrow or sat").
SATURATION_AMONG_READINGS = sub_reason(REASON_DATE_NO_DATE_WORD, "saturation_among_readings")
_RESPIRATORY_READING = re.compile(
    r"%|\b(?:o2|02|spo2|sats?|fio2|nrb|nc|np|n/c|face[ \t]?tent|venti?[ \t]?mask|vent|abg|pulse[ \t]?ox|pleth|"
    r"wave[ \t]?form|rr|resp|breath\w*|desat\w*)\b",
    re.IGNORECASE,
)
#: How far on its line a respiratory reading may be from "sat".
_READING_REACH = 60

# -- clock times (also read by the AGE and identifier checks) ----------------------------

#: After a number: a clock time ("at 7 am", "(3-4 am)", "10 p.m."), which the
#: annotation conventions leave out: neither an age nor a date.
_CLOCK_AFTER = re.compile(r"\s*(?:[-–]\s*\d{1,2}(?::[0-5]\d)?\s*)?(?:[ap]\.?m\b\.?|o['’]?clock\b)", re.IGNORECASE)
#: A span that is a clock time itself ("7 am", "10:30pm").
_CLOCK_SPAN = re.compile(r"^\d{1,2}(?::[0-5]\d)?\s*(?:[ap]\.?m\.?|o['’]?clock)$", re.IGNORECASE)
#: An hour, with minutes or not ("7", "10:30"), before "am"/"pm".
_HOUR = re.compile(r"\d{1,2}(?::[0-5]\d)?")
#: Four digits, alone or in a range ("until 2300", "1900-0700", "0700-1900"):
#: a 24-hour time or a nursing shift when one of them can be no year.
_FOUR_DIGITS = re.compile(r"^\d{4}$")
FOUR_DIGIT_RANGE = re.compile(r"^(\d{4})\s*[-–]\s*(\d{4})$")
_FOUR_DIGITS_AFTER = re.compile(r"\s*(?:[-–]|to)\s*(\d{4})\b", re.IGNORECASE)
_FOUR_DIGITS_BEFORE = re.compile(r"\b(\d{4})\s*(?:[-–]|to)\s*$", re.IGNORECASE)
#: Years from here on are no year in a note, even date-shifted ones (i2b2 shifts into 2060-2110).
_FIRST_IMPOSSIBLE_YEAR = 2200
#: Years before this are no date of a living person or their care (the oldest birth years are 1890s).
_FIRST_YEAR_OF_A_LIFE = 1880


def _clock_time(value: str) -> bool:
    """A 24-hour clock time (hours 00-23, minutes 00-59) of four digits, or "2400" (midnight)."""
    return value == "2400" or (bool(_FOUR_DIGITS.match(value)) and int(value[:2]) <= 23 and int(value[2:]) <= 59)


def _never_a_year(value: str) -> bool:
    """Four digits that no note writes as a year of a person's life: "0700",
    "2300", "1412" ("departed 1412"), "1800" ("Time: 1800-2100")."""
    return value.startswith("0") or not _FIRST_YEAR_OF_A_LIFE <= int(value) < _FIRST_IMPOSSIBLE_YEAR


def shift_times(first: str, second: str) -> bool:
    """Two clock times of which one is no year: a shift or an interval ("1900-0700")."""
    return _clock_time(first) and _clock_time(second) and (_never_a_year(first) or _never_a_year(second))


def clock_time_span(span: Span, value: str, text: str) -> bool:
    """A time of day, not a date or an age: "7" of "at 7 am", "3" of
    "(3-4 am)", "2300" of "until 2300", "1900" of "1900-0700"."""
    if _CLOCK_SPAN.match(value):
        return True
    if _HOUR.fullmatch(value) and _CLOCK_AFTER.match(text, span.end_char):
        return True
    shift = FOUR_DIGIT_RANGE.match(value)
    if shift:
        return shift_times(*shift.groups())
    if not _clock_time(value):
        return False
    if _never_a_year(value):
        return True
    after = _FOUR_DIGITS_AFTER.match(text, span.end_char)
    before = _FOUR_DIGITS_BEFORE.search(text[max(0, span.start_char - 8) : span.start_char])
    partner = after or before
    return partner is not None and shift_times(value, partner.group(1))


# -- numbers that are no dates -------------------------------------------------------------

#: Words that number what follows them ("image 62", "series 4", "bed 3"): the
#: number is an index, neither an age nor a date (also read by the AGE check).
INDEX_WORDS = r"image|images|series|slice|level|page|version|bed|step|cycle|dose|pod|hd"
#: A colon time ("21:10", "07:20"): never a date.
_COLON_TIME = re.compile(r"^(?:[01]?\d|2[0-3]):[0-5]\d$")
#: A duration ("12 mo.", "3 wks", "10 days"): never a date.
_DURATION_SPAN = re.compile(
    r"^\d{1,3}(?:\.\d)?[ \t]*(?:h|d|days?|wks?|weeks?|mos?|months?|yrs?|years?|hrs?|hours?|mins?|minutes?)\.?$",
    re.IGNORECASE,
)
#: A bare number, possibly approximate ("~10", "62").
_BARE_NUMBER = re.compile(r"^[~≈]?\d{1,3}$")
#: A two-number range a bare number belongs to ("(goal 88-92)", "8-10"): readings, no dates.
_RANGE_PARTNER_AFTER = re.compile(r"\s*[-–]\s*\d{1,3}(?![\d/.:])")
_RANGE_PARTNER_BEFORE = re.compile(r"(?<![\d/.:])\d{1,3}\s*[-–]\s*$")
#: Apgar scores ("Apgars 8/9", "Apgar 7 and 9"): no dates.
_APGAR_BEFORE = re.compile(r"\bapgars?\b(?:\s*(?:scores?|of|were|was|:))*\s*$", re.IGNORECASE)
_SCORE_LIST = re.compile(r"\d{1,2}(?:\s*(?:/|,|and|&)\s*\d{1,2})*")
#: Number shapes that are never dates: ratios ("1:1:1"), spinal levels ("L5",
#: "C5-6"), doses and measures ("40 mg", "10%").
_NOT_DATE_NUMBER = re.compile(
    r"^(?:\d{1,2}-\d{1,2}|\d+(?::\d+){2,}|[CTLS]\d{1,2}(?:-[CTLS]?\d{1,2})?|\d+(?:\.\d+)?\s*(?:mg|mcg|g|kg|ml|mL|cc|units?|%|mmhg|bpm|cm|mm|lbs?|oz)\.?)$",
    re.IGNORECASE,
)
#: Day counters and signed numbers, never calendar dates: "Day +12", "D+28",
#: "now Day +12" (days from a transplant), "+14" (a % change in a table).
_DAY_COUNTER = re.compile(r"^(?:(?i:now)\s+)?(?:(?i:day|d|pod|hd)\s*)?[+-]\s*\d{1,3}(?:\.\d+)?$")

# Scores. The score words are one list (`lexicon.scores.SCORE_WORDS`); the two
# questions differ in their context, written here as the builder's parameters.
#: "7/10" is a 0-10 rating after a rating context in the 40 characters before
#: it, up to the sentence's end ("pain is about a 7/10").
_SCORE_OUT_OF_TEN = re.compile(r"^\d{1,2}\s*/\s*10$")
_RATING_CONTEXT_CHARS = 40
#: The context a 0-10 rating has beyond the score words: the symptom rated, a
#: named pain scale, a hedge ("about", "like") or a superlative ("worst").
#: Before another denominator these say nothing ("around 6/12" is a date).
_RATING_WORDS = (
    "pain", "rate", "level", "intensity", "severity", "hurts?", "worst", "best", "about", "around", "like",
    "faces", "flacc", "nrs", "vas", "cpot",
    "fatigue", "anxiety", "nausea", "mood", "energy", "dyspnea", "itch", "itching", "cravings?", "depression",
)
_RATING_BEFORE = re.compile(score_words_before(_RATING_WORDS, then=r"[^.\n]*$"), re.IGNORECASE)
#: The symptom rated, right after its 0-10 rating: "severe 10/10 angina", "8/10 chest pain".
_RATED_SYMPTOM_AFTER = re.compile(
    r"[ \t]*(?:(?:sharp|dull|sub-?sternal|chest|abd(?:ominal)?|back|head|incisional|left|right|l|r)[ \t]+)?"
    r"(?:pain|angina|ache|aches|headache|ha|h/a|cp|discomfort|nausea|sob|dyspnea|pressure|tenderness)\b",
    re.IGNORECASE,
)
#: "4/5", "12/16", "6-8/12" after a score word in the 60 characters before it,
#: up to the clause's end (";" ends it: "Strength is 4/5 on the right and 5/5").
_SCORE_OUT_OF = re.compile(r"^\d{1,2}(?:-\d{1,2})?\s*/\s*(?:3|4|5|6|10|12|15|16|20|24|28|30)$")
_SCORE_CONTEXT_CHARS = 60
_SCORE_BEFORE = re.compile(score_words_before(then=r"[^.;\n]*$"), re.IGNORECASE)
#: After a score: what it scores ("3/5 strength in the left hip flexors").
_SCORE_WORD_AFTER = re.compile(r"\s*(?:strength|power|reflex(?:es)?|motor|grip|bilat|bilaterally|throughout)\b", re.IGNORECASE)
#: Muscle strength out of 5 with its side after it ("Hip abd 4/5 R, 5/5 L").
_STRENGTH_OUT_OF_FIVE = re.compile(r"^[0-5][+-]?\s*/\s*5$")
_SIDE_AFTER = re.compile(r"[ \t]*(?:R|L|b/l|bil)\b")
_OTHERWISE_BEFORE = re.compile(r"\botherwise[ \t]*,?[ \t]*$", re.IGNORECASE)

#: "24/7" ("the 24/7 line") is round-the-clock, unless a date cue comes before it.
_DATE_CUE_BEFORE = re.compile(r"\b(?:on|dated?|since|from|until|by)\s*:?\s*$", re.IGNORECASE)
#: A number that is a date by its shape alone: a year, "3/14", "03-14-2019", "'98".
_DATE_SHAPED = re.compile(r"^(?:\d{4}|\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?|['’]\d\d)$")
#: After a bare number: a duration, so no date ("~10 days progressive DOE").
_DURATION_AFTER = re.compile(r"\s*-?\s*(?:days?|weeks?|wks?|months?|mos?|years?|yrs?|hours?|hrs?|minutes?|mins?)\b", re.IGNORECASE)
#: Before a bare number: what it numbers, so no date ("series 4, image 62").
_NUMBERED_BEFORE = re.compile(
    rf"\b(?:{INDEX_WORDS}|room|rm|item|line|no|number|mean|map|avg|average|median)\s*[#:]?\s*$",
    re.IGNORECASE,
)
#: "86/50" (a blood pressure), "120/80": two numbers no reading of which is a
#: date (month/day, day/month or month/2-digit year).
_SLASH_PAIR = re.compile(r"^(\d{1,3})\s*/\s*(\d{1,3})$")
#: Three numbers of up to three digits ("29/52/48").
_SLASH_TRIPLE = re.compile(r"^(\d{1,3})\s*/\s*(\d{1,3})\s*/\s*(\d{1,3})$")
#: A gestational age in weeks and days ("GA 35 2/7 wk"): never a date.
_WEEKS_AND_DAYS = re.compile(r"^\d{1,2}\s+[0-6]/7$")
_WEEKS_AFTER = re.compile(r"\s*(?:wk|wks|weeks?|w)\b", re.IGNORECASE)
#: An ordinal alone ("1st", "5th").
_ORDINAL = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$", re.IGNORECASE)
#: After an ordinal (and any further ordinals of a list: "1st, 2nd, and 3rd", "3rd/4th"):
#: what it counts, so it is no day of a month ("5th MTP joint", "3rd digit",
#: "2nd trimester", "1st degree", "4th ventricle", "4th and final dose", "3RD SET",
#: "2nd unit", "every 3rd/4th breath").
_ORDINAL_COUNT_AFTER = re.compile(
    r"(?:\s*,?\s*(?:and|or|&|to|through|-|–|/)?\s*\d{1,2}(?:st|nd|rd|th)\b)*\s*,?\s*"
    r"(?:(?:and\s+)?(?:final|last|next|further|additional|repeat|more)\s+)?[\"“']?"
    r"(?:units?|bags?|sets?|specs?|specimens?|samples?|cultures?|bottles?|breaths?|boluses|bolus|liters?|"
    r"tries|try|ones?|shots?|transfusions?|"
    r"digits?|fingers?|toes?|ribs?|metatarsals?|metacarpals?|mtps?|mcps?|pips?|dips?|ip|intercostal|ics|"
    r"cranial|nerves?|ventricles?|trimesters?|degree|grade|percentile|line|generation|times?|opinion|party|"
    r"floor|doses?|cycles?|rounds?|attempts?|episodes?|pregnanc(?:y|ies)|child|baby|cousins?|space|web|"
    r"rays?|compartments?|lumbar|cervical|thoracic|sacral|vertebra[el]?|dis[ck]s?|toenails?|fingernails?|"
    r"interspace|branchial|heart\s+sounds?|sound|branch|order|year|week|month|day|shift|place|visit|"
    r"period|mt|mc|mtp|mcp|toe|percentile)\b",
    re.IGNORECASE,
)

# -- date words --------------------------------------------------------------------------

#: Months and weekdays as a note abbreviates them (and "May", "June", "July");
#: each is also a word or a charting abbreviation ("DEC" decreased, "SAT"
#: saturation, "MAR" the medication record, "MAY" the verb).
_SHORT_DAYS = frozenset("mon tue tues wed thu thur thurs fri sat sun".split())
#: Months cut short ("DEC", "SEPT"); "may", "june", "july" are whole names.
MONTH_ABBREVIATIONS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_SHORT_MONTHS_AND_DAYS = MONTH_ABBREVIATIONS | {"may", "june", "july"} | _SHORT_DAYS
#: A date cue before a month or weekday: "in May", "on Sat", "since Dec", "last Sun", "early Mar".
_DATE_WORD_CUE_BEFORE = re.compile(
    r"\b(?:on|in|since|from|until|till|thru|by|of|for|last|next|this|early|late|mid|each|every|through|to|"
    r"before|after)[ \t]*[-,]?[ \t]*$",
    re.IGNORECASE,
)
#: A day or a year beside a month or weekday: "Dec 5", "Mar 2019", "Sat 3/4", "Dec '19", "May-12".
_DAY_OR_YEAR_AFTER = re.compile(
    r"[ \t]*[.,-]?[ \t]*(?:(?:[12]\d{3}|[0-3]?\d(?:st|nd|rd|th)?|['’]\d\d)(?![\d.%:/]|\s*%)|\d{1,2}/\d{1,2})",
    re.IGNORECASE,
)
#: A day or a year before it: "5 Dec", "2019, Mar" (not "O2 SAT").
_DAY_OR_YEAR_BEFORE = re.compile(r"(?<![\w.])(?:[0-3]?\d(?:st|nd|rd|th)?|[12]\d{3})[ \t]*[-,]?[ \t]*$", re.IGNORECASE)
#: A reading after it that no day or year is: "SAT 98", "Sat 94%", "DEC 20.5".
_READING_AFTER = re.compile(r"[ \t]*:?[ \t]*(?:\d{1,3}(?:\.\d+)?[ \t]*%|\d+\.\d+|(?:3[2-9]|[4-9]\d|\d{3})(?!\d))")
#: A word after it on the same line: "DEC UOP", "MAY NEED" (not "RETURN MON." at a sentence end).
_WORD_AFTER = re.compile(r"[ \t]+[A-Za-z]")


#: Date words that make no date alone (annotated only with a year: "summer 2020").
_WEAK_DATE_WORDS = frozenset({"spring", "summer", "fall", "autumn", "winter", "weekend", "weekday"})
#: Cardinal number words below a hundred: one of them alone makes no date (also read by the AGE check).
CARDINAL_WORDS = frozenset(
    """one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
    seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety""".split()
)


@lru_cache(maxsize=8)
def _strong_date_words(date_words: FrozenSet[str]) -> FrozenSet[str]:
    """The date words but the weak ones (computed once per lexicon)."""
    return date_words - _WEAK_DATE_WORDS


def _impossible_date_pair(value: str) -> bool:
    """"86/50", "120/80", "4/0": no month/day, day/month or month/year reading."""
    match = _SLASH_PAIR.match(value)
    if match is None:
        return False
    first, second = int(match.group(1)), int(match.group(2))
    # "3/14", "12/86" (a 2-digit year), "3/00"; not "4/0" (skin-test wheal/flare)
    month_first = 1 <= first <= 12 and (1 <= second <= 31 or len(match.group(2)) == 2)
    day_first = 1 <= second <= 12 and 1 <= first <= 31  # "14/3"
    return not (month_first or day_first)


def _impossible_date_triple(value: str) -> bool:
    """"29/52/48" (of a blood gas 7.29/52/48): no month/day/year, day/month/year
    or year/month/day reading."""
    match = _SLASH_TRIPLE.match(value)
    if match is None:
        return False
    a, b, c = (int(group) for group in match.groups())
    month_day = 1 <= a <= 12 and 1 <= b <= 31
    day_month = 1 <= a <= 31 and 1 <= b <= 12
    year_month_day = 1 <= b <= 12 and 1 <= c <= 31
    return not (month_day or day_month or year_month_day)


def _has_medical_word(text: str, check_words: CheckWords) -> bool:
    """An exact abbreviation ("GFR 58", "BMI 31"), or a drug, always-medical or
    brand word of 3+ letters ("Jardiance 10")."""
    vocab = check_words.vocabulary
    if any(vocab.is_abbreviation(w) for w in WORD.findall(text)):
        return True
    brands = check_words.lexicons.brands
    return any(vocab.is_drug(w) or vocab.is_always_medical(w) or w in brands for w in words(text) if len(w) > 2)


def date_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a DATE span is written like no date (a reason of this module), or None."""
    value = span.text
    if _short_day_and_reading(value):
        return SHORT_DAY_AND_READING
    if any(c.isdigit() for c in value):
        return _number_reason(span, value, text, check_words)
    strong = _strong_date_words(check_words.lexicons.date_words)
    found = [w for w in words(value) if w in strong or singular(w) in strong]
    if value.strip().rstrip(".").lower() == "sat" and (
        _OXYGEN_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char]) or _SATURATION_AFTER.match(text, span.end_char)
    ):
        return OXYGEN_SATURATION
    if value.strip().rstrip(".").lower() == "sat" and _respiratory_reading_near(span, text):
        return SATURATION_AMONG_READINGS
    if value.strip().lower() == "may" and _VERB_AFTER_MAY.match(text, span.end_char):
        return MODAL_MAY
    if len(span) == 1 and value.lower() in _SHORT_MONTHS_AND_DAYS and _charting_word(span, text):
        return SHORT_MONTH_OR_DAY_ALONE
    if (
        len(span) > 1
        and span[0].lower_ in _SHORT_MONTHS_AND_DAYS
        and all(w in _SHORT_MONTHS_AND_DAYS for w in found)
        and _charting_word(span[0:1], text)
    ):
        return SHORT_MONTH_WITH_CHARTED_WORDS  # "DEC GLU LEVELS DEC", "DEC OR CRACKLES"
    if len(found) == 1 and found[0] in CARDINAL_WORDS:
        # One cardinal alone is a count or a dose, not a spoken date ("twenty on
        # twenty off", "on twenty of lisinopril"); a spoken year has two
        # ("twenty twenty"), a day an ordinal ("the fifteenth").
        return LONE_CARDINAL
    if found:
        return None
    return NO_DATE_WORD  # also a bare season: "summer", "the weekend"


def _respiratory_reading_near(span: Span, text: str) -> bool:
    """Whether a percentage or an oxygen or breathing word stands on the span's
    line within `_READING_REACH` characters of it (the span itself left out)."""
    line_start = text.rfind("\n", 0, span.start_char) + 1
    line_end = text.find("\n", span.end_char)
    line_end = len(text) if line_end < 0 else line_end
    before = text[max(line_start, span.start_char - _READING_REACH) : span.start_char]
    after = text[span.end_char : min(line_end, span.end_char + _READING_REACH)]
    return bool(_RESPIRATORY_READING.search(before) or _RESPIRATORY_READING.search(after))


def _short_day_and_reading(value: str) -> bool:
    """A short weekday and a reading no day of the month is, in one span: "SAT 98",
    "sat 94%" (saturation); a weekday names no year, so "Sat 12" stays a date."""
    first, _, rest = value.partition(" ")
    if first.rstrip(".").lower() not in _SHORT_DAYS or not rest:
        return False
    reading = _READING_AFTER.match(" " + rest)
    return reading is not None and reading.end() == len(rest) + 1


def _charting_word(span: Span, text: str) -> bool:
    """A short month or weekday that is a charting word: a reading no day is
    follows it ("SAT 98", "Sat 94%"), or, in a note typed in capitals, it has no
    day, year or date cue beside it and a word follows it on its line ("DEC UOP",
    "MAY NEED"). In mixed case a weekday alone is a date ("to see pt Sat")."""
    start, end = span.start_char, span.end_char
    if _READING_AFTER.match(text, end):
        return True
    if not is_mostly_upper_case(text):
        return False
    before = text[max(0, start - 16) : start]
    if _DAY_OR_YEAR_AFTER.match(text, end) or _DAY_OR_YEAR_BEFORE.search(before) or _DATE_WORD_CUE_BEFORE.search(before):
        return False
    return bool(_WORD_AFTER.match(text, end))


def _number_reason(span: Span, value: str, text: str, check_words: CheckWords) -> Optional[str]:
    """Why a DATE span with a digit is no date, or None."""
    start, end = span.start_char, span.end_char
    numbers = [t.text for t in span if any(c.isdigit() for c in t.text)]
    joined = re.sub(r"\s+", " ", value.strip())
    if clock_time_span(span, joined, text):
        return DATE_TIME_OF_DAY
    if _COLON_TIME.match(joined):
        return DATE_COLON_TIME  # "Foley bulb placed 21:10"
    if _DURATION_SPAN.match(joined):
        return DURATION  # "no rx in past 12 mo."
    strong = _strong_date_words(check_words.lexicons.date_words)
    if (
        _BARE_NUMBER.match(joined)
        and (_RANGE_PARTNER_AFTER.match(text, end) or _RANGE_PARTNER_BEFORE.search(text[max(0, start - 8) : start]))
        and not any(w in strong for w in words(text[max(0, start - 20) : start]))
    ):
        return RANGE_END  # "(goal 88-92)" tagged as two dates; not "March 5-7"
    if _APGAR_BEFORE.search(text[max(0, start - 24) : start]) and _SCORE_LIST.fullmatch(joined):
        return APGAR  # "Apgars 8/9"
    if _NOT_DATE_NUMBER.match(joined) or all(_NOT_DATE_NUMBER.match(n) for n in numbers):
        return RATIO_LEVEL_OR_DOSE
    if _DAY_COUNTER.match(joined):
        return REASON_DAY_COUNTER  # "Day +12" ("Day" is a surname too), "D+5", "+43"
    if _SCORE_OUT_OF_TEN.match(joined) and (
        _RATING_BEFORE.search(text[max(0, start - _RATING_CONTEXT_CHARS) : start]) or _RATED_SYMPTOM_AFTER.match(text, end)
    ):
        return RATING_OUT_OF_TEN  # "pain 7/10", "severe 10/10 angina"
    if _SCORE_OUT_OF.match(joined) and (
        _SCORE_BEFORE.search(text[max(0, start - _SCORE_CONTEXT_CHARS) : start]) or _SCORE_WORD_AFTER.match(text, end)
    ):
        return SCORE  # "Strength is 4/5 on the right and 5/5", "balance score of 12/16"
    if _STRENGTH_OUT_OF_FIVE.match(joined) and (
        _SIDE_AFTER.match(text, end) or _OTHERWISE_BEFORE.search(text, max(0, start - 12), start)
    ):
        return STRENGTH_WITH_SIDE  # "Hip abd 4/5 R, 5/5 L", "limited by pain; otherwise 5/5"
    if joined == "24/7" and not _DATE_CUE_BEFORE.search(text[max(0, start - 12) : start]):
        return ROUND_THE_CLOCK  # "the 24/7 line"
    if _has_medical_word(value, check_words) and not any(_DATE_SHAPED.match(n) for n in numbers):
        return MEDICAL_WORD_AND_NUMBER  # "Jardiance 10", "Nexium 40" (but "Easter 2019")
    if _BARE_NUMBER.match(joined) and (
        _DURATION_AFTER.match(text, end) or _NUMBERED_BEFORE.search(text[max(0, start - 16) : start])
    ):
        return COUNT_OR_INDEX  # "~10 days progressive DOE", "image 62"
    if _impossible_date_pair(joined):
        return BLOOD_PRESSURE  # "hypotension (86/50)"
    if _impossible_date_triple(joined):
        return BLOOD_GAS  # blood gas "29/52/48"
    if _WEEKS_AND_DAYS.match(joined) and _WEEKS_AFTER.match(text, end):
        return GESTATIONAL_AGE  # "GA 35 2/7 wk"
    if all(_ORDINAL.match(n) for n in numbers) and _ORDINAL_COUNT_AFTER.match(text, end):
        if not any(w in strong for w in words(value)):
            return REASON_DATE_ORDINAL_COUNT  # "the 1st, 2nd, and 3rd digits"
    return None


__all__ = [
    "CARDINAL_WORDS", "FOUR_DIGIT_RANGE", "INDEX_WORDS", "MONTH_ABBREVIATIONS", "clock_time_span", "date_reason", "shift_times",
]
