"""AGE checks: a tagger's AGE must be a person's age.

It needs a number of at most `MAX_AGE` or number words ("fifty eight",
"fifties", "teens"), and must not be a time of day, a threshold or an index
("age <80", "image 62"), a reading that moved ("down from 133"), a measure or a
dose ("150 pounds", "a 6 out of 10"), a span of days or weeks that is no
infant's age ("(30 days)", "at 28 wk"), a duration ("in the past 2 yr") or a
lab value read out ("your a1c here is 8").
"""

from __future__ import annotations

import re
from typing import Optional

from spacy.tokens import Span

from ..reasons import REASON_AGE_MEASURE, REASON_AGE_NO_NUMBER, REASON_AGE_OUT_OF_RANGE, REASON_CLOCK_TIME, sub_reason
from .base import CheckWords
from .date import CARDINAL_WORDS, INDEX_WORDS, clock_time_span

#: A time of day: "called at 7 am".
AGE_TIME_OF_DAY = sub_reason(REASON_CLOCK_TIME, "age_time_of_day")
#: After a comparison, an index word, a reading that moved or a guideline's limit: "age <80", "image 62".
THRESHOLD_OR_INDEX = sub_reason(REASON_AGE_MEASURE, "threshold_or_index")
#: Before a unit, a score, a duration or a spoken decimal: "150 pounds", "a 6 out of 10".
UNIT_AFTER = sub_reason(REASON_AGE_MEASURE, "unit_after")
#: Days or weeks that are no infant's age: "(30 days)", "45-day trial", "at 28 wk".
DAYS_OR_WEEKS = sub_reason(REASON_AGE_MEASURE, "days_or_weeks")
#: How long, not how old: "in the past 2 yr", "dm2 x 20 yr".
DURATION = sub_reason(REASON_AGE_MEASURE, "duration")
#: A lab value or vital sign read out: "your a1c here is 8".
LAB_OR_VITAL = sub_reason(REASON_AGE_MEASURE, "lab_or_vital")

#: Oldest plausible age.
MAX_AGE = 125
#: Number words that make an AGE ("fifty eight", "in her fifties", "teens").
_AGE_WORDS = CARDINAL_WORDS | frozenset(
    "hundred teens teen twenties thirties forties fifties sixties seventies eighties nineties "
    "dozen half newborn infant".split()
)
#: Words inside an age that are no number but belong to it ("three and a half").
_AGE_INNER_WORDS = frozenset({"and", "a", "half"})
#: Ordinals not spelt number + "th" ("twenty eighth"); not "first", "second", "third", which count more than age.
_SMALL_ORDINALS = frozenset("fifth eighth ninth twelfth".split())


def is_age_word(word: str) -> bool:
    """A word an age is written with: digits, a number word, a decade ("40s",
    "teens", "nineties"), an ordinal ("fifteenth", "eightieth"; not "month")
    or a word inside one ("and", "a", "half")."""
    lower = word.lower().strip(".,'’")
    if any(c.isdigit() for c in lower) or lower in _AGE_INNER_WORDS or lower in _AGE_WORDS:
        return True
    if re.sub(r"['’]?s$", "", lower) in _AGE_WORDS:
        return True
    if lower in _SMALL_ORDINALS:
        return True
    if lower.endswith("ieth"):
        return lower[:-4] + "y" in _AGE_WORDS
    return lower.endswith("th") and lower[:-2] in _AGE_WORDS


#: Words before "from" that make the number after it a reading that moved ("down from 133").
_MOVED_VERBS = "up|down|increased|decreased|improved|dropped|went|came|fell|rose"
#: A reading that moved from a number: "down from 133" (no room, no age; also read by the ROOM check).
MOVED_FROM_BEFORE = re.compile(rf"\b(?:{_MOVED_VERBS})\s+from\s*$", re.IGNORECASE)
#: Before an AGE number: a threshold or a measure's index ("age <80", "image 62").
_AGE_NOT_BEFORE = re.compile(
    rf"(?:[<>≤≥]=?\s*|#\s*|\b(?:{INDEX_WORDS}|score|grade|day|map|peak)\s*#?\s*|"
    # A reading that moved: "one spike to 24", "came down to 12".
    r"\b(?:spikes?|spiked|up|down|increased|decreased|rose|fell|dropped|trended|titrated)\s+to\s*|"
    # ... and where it moved from: "down from 133", "up from 480".
    rf"\b(?:{_MOVED_VERBS})\s+from\s*|"
    # A thing's reading, not a person's age: "they were 110 last time", "it was 78 last year".
    r"\b(?:it|they|that|those|these|which)\s*(?:was|were|is|are|['’]s|['’]re)\s+(?:about\s+|around\s+|like\s+|only\s+|just\s+)?|"
    # A guideline's age limit: "under the age of 50", "starting at age 30".
    r"\b(?:under|over|above|below|until|starting\s+at|beginning\s+at|after)\s+(?:the\s+)?age\s+(?:of\s+)?|"
    # A guideline's age range: "between the ages of 9 to 11", "and again between 17 to 20 years old".
    # Not "two daughters, ages 14 and 11": there the ages are people's.
    r"\bbetween\s+(?:the\s+)?(?:ages?\s+(?:of\s+)?)?(?:\d{1,3}\s*(?:to|and|through|-)\s*)?)$",
    re.IGNORECASE,
)
#: A lab value or vital sign read out before the number: "your a1c here is 8",
#: "the hdl should be over 50 , and it was 44", "temperature of 98".
_AGE_MEASURE_BEFORE = re.compile(
    r"\b(?:a1c|hemoglobin|cholesterol|ldl|hdl|triglycerides?|glucose|sugars?|pressure|levels?|count|score|weight|"
    r"temperature|temp|rate|pulse|oxygen|saturation|bmi|psa|tsh|creatinine|potassium|sodium|inr|ejection\s+fraction|"
    # No person between the measure and the number: "his weight is ok and he is 45" is an age.
    r"reading|readings|number|numbers)\b(?:(?!\b(?:he|she|i|you|they|we|patient|pt|who)\b)[^.\n\[]){0,40}?"
    r"\b(?:is|was|were|are|of|at|to|around|about|over|under)\s+"
    r"(?:(?:is|was|like|about|around|only|just|still)\s+)*$",
    re.IGNORECASE,
)
#: After an AGE number: a unit of a measure or dose ("50 mg", "150 pounds", "10 minutes").
_AGE_NOT_AFTER = re.compile(
    r"^\s*(?:mg|mcg|g|gm|grams?|kg|kilos?|lbs?|pounds?|%|percent|mmhg|bpm|ml|cc|units?|iu|cm|mm|inch(?:es)?|feet|ft|"
    r"minutes?|mins?|hours?|hrs?|seconds?|secs?|times|x|points?|degrees?|milligrams?|cigarettes?|packs?|drinks?|beers?|"
    r"steps?|miles?|beats|calories|ounces|oz|liters?|cups?|pills?|tablets?|puffs?|doses?|"
    # A score: "a 6 out of 10", "a five out of five".
    r"out\s+of\b|"
    # Smoking history: "40 pk-yr", "30 pack years", "20 py".
    r"p(?:ac)?ks?[\s-]*(?:y(?:ea)?rs?|y)\b|"
    # A duration ("31 yrs at Libbey Glass", "20 years in the army"; "years of age" stays).
    r"(?:years?|yrs?)\.?\s+(?:at|in|ago|later|prior|since|for|with|working|on|after|before)|"
    # A decimal read aloud or written with spaces: a temperature or a lab value ("ninety seven . eight").
    r"\.\s*(?:\d|zero|one|two|three|four|five|six|seven|eight|nine)\b|"
    # Seconds ("shaking ~90 s", "PPV x45 s").
    r"[ \t]s(?![\w/'’-]))",
    re.IGNORECASE,
)
#: A span of days or weeks that is no infant's age ("(30 days)", "45-day trial",
#: gestations and schedules: "Rhogam at 28 wk", "STG (4 wk)"); "10 days old",
#: "14 days of life" and "aged 14 days" (see _AGE_WORD_BEFORE) stay.
_DAYS_NOT_AGE_AFTER = re.compile(
    r"\s*-?\s*(?:days?|wks?|weeks?)\b(?!\s*-?\s*(?:old|of\s+(?:life|age)|o\b|male|female|infant|baby|boy|girl|neonate|newborn|[mf]\b))",
    re.IGNORECASE,
)
#: A span of time, not an age: a duration word before the number and a unit after it.
_DURATION_BEFORE = re.compile(r"(?:\b(?:past|last|previous|for|over|within|in)|(?<![\w])[x×])\s*$", re.IGNORECASE)
_DURATION_UNIT_AFTER = re.compile(r"\s*-?\s*(?:yrs?|years?|wks?|weeks?|mos?|months?|hrs?|hours?|h)\b", re.IGNORECASE)
_AGE_WORD_BEFORE = re.compile(r"\b(?:age|aged|ages)\s*:?\s*(?:of\s+)?$", re.IGNORECASE)
#: A newborn's age in minutes or hours: "39 min old", "36 hours of life".
_NEWBORN_AGE_AFTER = re.compile(
    r"\s*-?\s*(?:minutes?|mins?|hours?|hrs?|h)\s*-?\s*(?:old|of\s+life)\b", re.IGNORECASE
)
#: An age field: "Age at admission: 39 minutes", "Age: 36 hours".
_AGE_FIELD_BEFORE = re.compile(r"\bage(?:[ \t]+at[ \t]+[a-z]+)?[ \t]*:[ \t]*$", re.IGNORECASE)


def age_reason(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """Why an AGE span is no person's age (a reason of this module), or None."""
    value = span.text
    start, end = span.start_char, span.end_char
    numbers = [int(n) for n in re.findall(r"\d+", value)]
    if clock_time_span(span, value.strip(), text):
        return AGE_TIME_OF_DAY  # "called at 7 am"
    newborn_age = _NEWBORN_AGE_AFTER.match(text, end) is not None or (
        _AGE_FIELD_BEFORE.search(text, max(0, start - 24), start) is not None
    )
    if _AGE_NOT_BEFORE.search(text[max(0, start - 32) : start]):
        return THRESHOLD_OR_INDEX  # "age <80", "image 62"
    if _AGE_NOT_AFTER.match(text[end : end + 16]) and not newborn_age:
        return UNIT_AFTER  # "150 pounds" (not "39 min old")
    if _DAYS_NOT_AGE_AFTER.match(text, end) and not _AGE_WORD_BEFORE.search(text[max(0, start - 12) : start]):
        return DAYS_OR_WEEKS  # "(30 days)", "45-day trial", "at 28 wk"
    if _DURATION_BEFORE.search(text[max(0, start - 12) : start]) and _DURATION_UNIT_AFTER.match(text, end):
        return DURATION  # "in the past 2 yr", "dm2 x 20 yr": how long, not how old
    if _AGE_MEASURE_BEFORE.search(text[max(0, start - 60) : start]):
        return LAB_OR_VITAL  # "your a1c here is 8"
    if numbers:
        return REASON_AGE_OUT_OF_RANGE if min(numbers) > MAX_AGE else None
    age_words = [w.strip(".,'’") for w in re.split(r"[\s-]+", value.lower())]
    if any(w not in _AGE_INNER_WORDS and is_age_word(w) for w in age_words if w):
        return None  # "fifty eight", "40's", "her fifteenth" (birthday)
    return REASON_AGE_NO_NUMBER


__all__ = ["MAX_AGE", "MOVED_FROM_BEFORE", "age_reason", "is_age_word"]
