"""Label validators of `phi_guard`: is a tagger's span plausible for its label?

A tagger trained on synthetic notes proposes spans whose label cannot be right
whatever the context: DATE on "we obtain", AGE on "dime-sized", PROFESSION on
"lipid panel", CITY on the exam header "Nose", ORGANIZATION on "Gatorade".
Each validator looks at the span's own words (and a few characters around it)
and returns a reason when the span is implausible for its label; the guard then
moves the span to `doc.spans["phi_vetoed"]` with that reason.

Validators run on the tagger's spans only: a rule matched its value in context,
and known PHI is given by the user. Recall first: a span that fails its check
is vetoed only when no word of it could be a person's name (a word of Faker's
en_US name lists that is not a frequent English word, or an unknown capitalised
word in mid-sentence); a span holding one is PHI with the wrong label and stays
("brittany edwards" tagged PROFESSION). Two checks veto whatever the words: a
span longer than its label allows (`MAX_TOKENS`) and a bare state abbreviation
without an address around it. Validators never look beyond ~40 characters
around a span, so the cost is linear in the note length.

The word lists are the label lexicons of `spacy_phi.lexicon.label_lexicons`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Dict, FrozenSet, List, Optional, Tuple

from spacy.tokens import Span

from ..lexicon.person_words import NOT_NAME_AFTER_RELATIVE
from ..lexicon.common_words import name_like_words, person_names
from ..labels import DEFAULT_MAX_TOKENS, MAX_TOKENS
from ..lexicon.label_lexicons import LEXICON_FILES, LabelLexicons, default_lexicons
from ..lexicon.vocabulary import MedicalVocabulary, normalize_term

#: Veto reasons (kb_id_ of vetoed spans).
REASON_DATE_NO_DATE_WORD = "validator:date_without_date_word"
REASON_DATE_NUMBER_SHAPE = "validator:date_not_date_shaped"
REASON_AGE_NO_NUMBER = "validator:age_without_number"
REASON_AGE_OUT_OF_RANGE = "validator:age_out_of_range"
REASON_NO_DIGIT = "validator:identifier_without_digits"
REASON_NOT_EMAIL = "validator:email_without_at"
REASON_NOT_URL = "validator:url_without_host"
REASON_NOT_STATE = "validator:state_not_in_gazetteer"
REASON_STATE_ABBREVIATION = "validator:state_abbreviation_without_address"
REASON_NOT_COUNTRY = "validator:country_not_in_gazetteer"
REASON_BODY_PART = "validator:body_part_or_header"
REASON_NO_OCCUPATION = "validator:profession_without_occupation"
REASON_NOT_A_JOB = "validator:profession_is_a_habit_person_or_thing"
REASON_MEDICAL_OR_BRAND = "validator:medical_or_brand_words"
REASON_NATIONALITY = "validator:nationality_or_language"
REASON_TOO_LONG = "validator:span_too_long"
REASON_NOT_STREET = "validator:street_without_number_or_street_word"
REASON_NOT_USERNAME = "validator:username_is_a_word"
REASON_AGE_MEASURE = "validator:age_is_a_measure_or_threshold"
REASON_LOWER_CASE_IN_CASED_NOTE = "validator:lower_case_name_in_cased_note"
REASON_POSSESSIVE = "validator:starts_with_possessive"
REASON_GENERIC_SERVICE = "validator:generic_clinical_service"
REASON_ARTICLE_BEFORE_NAME = "validator:article_before_lower_case_name"
REASON_ULTRASOUND = "validator:us_is_ultrasound"
REASON_DATE_ORDINAL_COUNT = "validator:ordinal_of_a_count"
REASON_NAME_STARTS_WITH_NUMBER = "validator:name_starts_with_number"
REASON_TITLE_ONLY = "validator:title_without_name"
REASON_RANGE = "validator:identifier_is_a_range"
REASON_ROOM_WITHOUT_CUE = "validator:room_number_without_room_word"
REASON_STREET_NUMBER_UNIT = "validator:street_number_then_unit"
REASON_ONE_LETTER = "validator:one_letter_name"
REASON_CLOCK_TIME = "validator:clock_time"
REASON_PUBLIC_PROGRAM = "validator:public_program"
REASON_PRONOUN = "validator:pronoun"
REASON_MEASUREMENT = "validator:measurement"
REASON_OBSTETRIC = "validator:obstetric_notation"
REASON_DIAGNOSIS_CODE = "validator:diagnosis_code"
REASON_ROLE_AS_PLACE = "validator:role_or_service_as_place"
REASON_DAY_COUNTER = "validator:day_counter_or_signed_number"
REASON_SPORTS_TEAM = "validator:sports_team"
REASON_IDIOM = "validator:idiom_or_brand"
REASON_CLINICIAN_OWN_JOB = "validator:clinician_own_job"
REASON_DOSE = "validator:dose_after_a_drug"
REASON_GENETIC_CARRIER = "validator:genetic_carrier"
REASON_COUNT = "validator:spoken_count"
#: Vetoes that stand even when a word of the span could be a name: the evidence
#: is the span's form or context, not its vocabulary.
_FORM_REASONS = frozenset(
    {
        REASON_STATE_ABBREVIATION, REASON_LOWER_CASE_IN_CASED_NOTE, REASON_POSSESSIVE, REASON_GENERIC_SERVICE,
        REASON_ARTICLE_BEFORE_NAME, REASON_ULTRASOUND, REASON_NAME_STARTS_WITH_NUMBER, REASON_TITLE_ONLY,
        REASON_STREET_NUMBER_UNIT, REASON_ONE_LETTER, REASON_PUBLIC_PROGRAM, REASON_PRONOUN,
        REASON_MEASUREMENT, REASON_OBSTETRIC, REASON_DIAGNOSIS_CODE, REASON_ROLE_AS_PLACE,
        REASON_DAY_COUNTER,
    }
)

#: Labels with a validator (the default of the guard's `validated_labels`).
VALIDATED_LABELS = (
    "ACCOUNT", "AGE", "BIOID", "CITY", "COUNTRY", "DATE", "DEPARTMENT", "DEVICE", "DOCTOR", "EMAIL",
    "FAX", "HEALTHPLAN", "HOSPITAL", "IDNUM", "LICENSE", "LOCATION_OTHER", "MEDICALRECORD",
    "ORGANIZATION", "PATIENT", "PHONE", "PROFESSION", "ROOM", "SSN", "STATE", "STREET", "URL", "USERNAME",
    "VEHICLE", "ZIP",
)

#: Least digits an identifier or contact span must hold.
_MIN_DIGITS = {
    "PHONE": 3, "FAX": 3, "ZIP": 3, "SSN": 4, "MEDICALRECORD": 1, "HEALTHPLAN": 1, "ACCOUNT": 1,
    "LICENSE": 1, "IDNUM": 1, "DEVICE": 1, "BIOID": 1, "VEHICLE": 1,
}
#: Number words that make an AGE ("fifty eight", "in her fifties", "teens").
_AGE_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred "
    "teens teen twenties thirties forties fifties sixties seventies eighties nineties "
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


#: Oldest plausible age.
MAX_AGE = 125
#: Words that number what follows them ("image 62", "series 4", "bed 3"): the
#: number is an index, neither an age nor a date.
_INDEX_WORDS = r"image|images|series|slice|level|page|version|bed|step|cycle|dose|pod|hd"
#: Before an AGE number: a threshold or a measure's index ("age <80", "image 62").
#: Words before "from" that make the number after it a reading that moved ("down from 133").
_MOVED_VERBS = "up|down|increased|decreased|improved|dropped|went|came|fell|rose"
_AGE_NOT_BEFORE = re.compile(
    rf"(?:[<>≤≥]=?\s*|#\s*|\b(?:{_INDEX_WORDS}|score|grade|day|map|peak)\s*#?\s*|"
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
#: A reading that moved from a number: "down from 133" (no room, no age).
_MOVED_FROM_BEFORE = re.compile(rf"\b(?:{_MOVED_VERBS})\s+from\s*$", re.IGNORECASE)
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
#: Right before a lower-case person span: an article or a possessive. Names in
#: speech are not preceded by one ("the journey", "their kidneys", "a regade
#: person"); "that" is left out: it also introduces a clause ("that katherine is").
#: "apt a carrington": a unit letter, not an article.
_ARTICLE_BEFORE = re.compile(
    r"(?<!apt )(?<!unit )(?<!suite )(?<!ste )(?<!bldg )(?<!room )\b(?:the|a|an|their|his|its|our|your|my|this|these|those|some|any|every|each)\s+$",
    re.IGNORECASE,
)
#: Labels that name a person, place or institution: capitalised in a note that
#: uses capitals (LOCATION_OTHER and PROFESSION are not: "west coast", "barber").
CASED_LABELS = frozenset({"PATIENT", "DOCTOR", "CITY", "STATE", "COUNTRY", "HOSPITAL", "ORGANIZATION"})
#: A note is "cased" when at least this share of its words (2+ letters) holds a
#: capital: visit notes and letters are at 0.10 or more, transcribed dialogues
#: and lower-case nursing notes below 0.05.
MIN_CASED_RATIO = 0.08
_CASED_WORD = re.compile(r"[A-Za-z]{2,}")
#: Personal and possessive pronouns: "He" and "She" are also surnames in the
#: name lists, but one followed by a lower-case word is the pronoun ("He attends").
_PRONOUNS = frozenset("he she him his her hers they them their we us our you your it its".split())
#: What follows a pronoun: a lower-case word ("He is", "She denies").
_LOWER_WORD_AFTER = re.compile(r"[ \t]+[a-z]")
#: A signature or user cue before a span: "by mcsonka", "user dkonopka", "cc: jlee".
_SIGNATURE_BEFORE = re.compile(r"\b(?:by|user|signed|cc|per|attn)\s*:?\s*$", re.IGNORECASE)
#: Words and "&" of a line, for the proper-name check before a department.
_LINE_WORD = re.compile(r"[A-Za-z][A-Za-z'’.]*|&|[^\sA-Za-z]")
#: Words that make a department a named unit rather than a clinical service:
#: "Rheumatology Clinic", "Heart and Vascular Institute", "4 West".
_UNIT_WORDS = frozenset(
    "clinic clinics center centre centers institute unit ward wing floor pavilion station program "
    "north south east west tower building suite".split()
)
#: Number shapes that are never dates: ratios ("1:1:1"), spinal levels ("L5",
#: "C5-6"), doses and measures ("40 mg", "10%").
_NOT_DATE_NUMBER = re.compile(
    r"^(?:\d{1,2}-\d{1,2}|\d+(?::\d+){2,}|[CTLS]\d{1,2}(?:-[CTLS]?\d{1,2})?|\d+(?:\.\d+)?\s*(?:mg|mcg|g|kg|ml|mL|cc|units?|%|mmhg|bpm|cm|mm|lbs?|oz)\.?)$",
    re.IGNORECASE,
)
#: Day counters and signed numbers, never calendar dates: "Day +12", "D+28",
#: "now Day +12" (days from a transplant), "+14" (a % change in a table).
_DAY_COUNTER = re.compile(r"^(?:(?i:now)\s+)?(?:(?i:day|d|pod|hd)\s*)?[+-]\s*\d{1,3}(?:\.\d+)?$")
#: "86/50" (a blood pressure), "120/80": two numbers no reading of which is a
#: date (month/day, day/month or month/2-digit year).
_SLASH_PAIR = re.compile(r"^(\d{1,3})\s*/\s*(\d{1,3})$")
#: Three numbers of up to three digits ("29/52/48").
_SLASH_TRIPLE = re.compile(r"^(\d{1,3})\s*/\s*(\d{1,3})\s*/\s*(\d{1,3})$")
#: A gestational age in weeks and days ("GA 35 2/7 wk"): never a date.
_WEEKS_AND_DAYS = re.compile(r"^\d{1,2}\s+[0-6]/7$")
_WEEKS_AFTER = re.compile(r"\s*(?:wk|wks|weeks?|w)\b", re.IGNORECASE)
#: A bare number, possibly approximate ("~10", "62").
_BARE_NUMBER = re.compile(r"^[~≈]?\d{1,3}$")
#: After a bare number: a duration, so no date ("~10 days progressive DOE").
_DURATION_AFTER = re.compile(r"\s*-?\s*(?:days?|weeks?|wks?|months?|mos?|years?|yrs?|hours?|hrs?|minutes?|mins?)\b", re.IGNORECASE)
#: Before a bare number: what it numbers, so no date ("series 4, image 62").
_NUMBERED_BEFORE = re.compile(
    rf"\b(?:{_INDEX_WORDS}|room|rm|item|line|no|number|mean|map|avg|average|median)\s*[#:]?\s*$",
    re.IGNORECASE,
)
#: A range of readings or counts ("80s-90s", "12-14"), never a phone or an ID.
_NUMBER_RANGE = re.compile(r"^\d{1,3}['’]?s?\s*[-–]\s*\d{1,3}['’]?s?$")
#: Before a room number: the word that makes it one ("Rm 714", "room: 12", "bed 3", "OR 7").
_ROOM_CUE_BEFORE = re.compile(
    r"(?:\b(?:rm|room|rooms|bed|beds|bay|unit|suite|ste|cubicle|pod|or|ed|er|pacu|icu|ccu|nicu|picu|triage)\.?|#)"
    r"\s*[:#-]?\s*(?:[A-Za-z]{1,5}\s+)?$",  # "OR 7", "Rm ED 31"
    re.IGNORECASE,
)
#: Short names of cities in capitals: places all the same when tagged STATE.
_CITY_ABBREVIATIONS = frozenset("NYC SF LA DC ATL BOS CHI PHL PHX SLC KC STL OKC LV SD SJ DFW NOLA".split())
#: Labels never given to a single letter or digit (a person's initial may be one).
_ONE_LETTER_NEVER = frozenset(
    {"HOSPITAL", "ORGANIZATION", "DEPARTMENT", "CITY", "STATE", "COUNTRY", "LOCATION_OTHER", "STREET", "PROFESSION"}
)
#: Titles that make no name alone ("Dr." tagged DOCTOR).
_TITLES = frozenset("dr dr. drs mr mr. mrs mrs. ms ms. miss prof prof. rev rev. sir dame".split())
#: After a house number: a unit or a time, so no street ("9 MONTH", "26 u. Seen").
_NOT_STREET_AFTER_NUMBER = frozenset(
    "u units unit mg mcg ml cc g kg lb lbs x times day days week weeks month months mo mos year years yr yrs "
    "hour hours hr hrs min mins minute minutes sec secs am pm french fr gauge ga hz khz db atm".split()
)
#: An ordinal alone ("1st", "5th").
_ORDINAL = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$", re.IGNORECASE)
#: After an ordinal (and any further ordinals of a list: "1st, 2nd, and 3rd"):
#: what it counts, so it is no day of a month ("5th MTP joint", "3rd digit",
#: "2nd trimester", "1st degree", "4th ventricle").
_ORDINAL_COUNT_AFTER = re.compile(
    r"(?:\s*,?\s*(?:and|or|&|to|through|-|–)?\s*\d{1,2}(?:st|nd|rd|th)\b)*\s*,?\s*"
    r"(?:digits?|fingers?|toes?|ribs?|metatarsals?|metacarpals?|mtps?|mcps?|pips?|dips?|ip|intercostal|ics|"
    r"cranial|nerves?|ventricles?|trimesters?|degree|grade|percentile|line|generation|times?|opinion|party|"
    r"floor|doses?|cycles?|rounds?|attempts?|episodes?|pregnanc(?:y|ies)|child|baby|cousins?|space|web|"
    r"rays?|compartments?|lumbar|cervical|thoracic|sacral|vertebra[el]?|dis[ck]s?|toenails?|fingernails?|"
    r"interspace|branchial|heart\s+sounds?|sound|branch|order|year|week|month|day|shift|place|visit|"
    r"period|mt|mc|mtp|mcp|toe|percentile)\b",
    re.IGNORECASE,
)
#: A number that is a date by its shape alone: a year, "3/14", "03-14-2019", "'98".
_DATE_SHAPED = re.compile(r"^(?:\d{4}|\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?|['’]\d\d)$")
#: Date words that make no date alone (annotated only with a year: "summer 2020").
_WEAK_DATE_WORDS = frozenset({"spring", "summer", "fall", "autumn", "winter", "weekend", "weekday"})
#: Cardinal number words below a hundred: one of them alone makes no date.
_CARDINAL_WORDS = frozenset(
    """one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
    seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety""".split()
)
#: "7/10" after a pain or score word is a score, not July 10.
_SCORE_OUT_OF_TEN = re.compile(r"^\d{1,2}\s*/\s*10$")
#: "4/5", "12/16", "6-8/12" after a strength, test or scale word: a score, not a date.
_SCORE_OUT_OF = re.compile(r"^\d{1,2}(?:-\d{1,2})?\s*/\s*(?:3|4|5|6|10|12|15|16|20|24|28|30)$")
_SCORE_WORD_BEFORE = re.compile(
    r"\b(?:strength|strengths|motor|power|reflex(?:es)?|grade|graded|score|scored|scale|mmse|moca|gcs|gait|balance|"
    r"murmur|rated|rates|tinetti|berg|phq|gad|bims|oxford|mmt|teach-?back|"
    # muscle groups and limbs of a strength exam ("Left lower extremity 5/5", "hip flexors 4/5")
    r"extremity|extremities|flexors?|extensors?|flexion|extension|abduction|adduction|dorsiflexion|plantarflexion|grip|"
    # ventilator pressures ("BiPAP 12/5", "CPAP 10/5")
    r"bi-?pap|cpap|ipap|epap|peep|nippv|"
    # cognitive and forensic test items ("recalls 3/3", "MacCAT-CA: Understanding 10/16")
    r"recalls?|recalled|registration|understanding|reasoning|appreciation|attention|orientation)\b[^.;\n]*$",
    re.IGNORECASE,
)
#: After a score: what it scores ("3/5 strength in the left hip flexors").
_SCORE_WORD_AFTER = re.compile(r"\s*(?:strength|power|reflex(?:es)?|motor|grip|bilat|bilaterally|throughout)\b", re.IGNORECASE)
#: Muscle strength out of 5 with its side after it ("Hip abd 4/5 R, 5/5 L").
_STRENGTH_OUT_OF_FIVE = re.compile(r"^[0-5][+-]?\s*/\s*5$")
_SIDE_AFTER = re.compile(r"[ \t]*(?:R|L|b/l|bil)\b")
_OTHERWISE_BEFORE = re.compile(r"\botherwise[ \t]*,?[ \t]*$", re.IGNORECASE)
_SCORE_CONTEXT_BEFORE = re.compile(
    r"\b(?:pain|scale|rated?|rates|score|level|intensity|severity|hurts?|worst|best|about|around|like|faces|flacc|nrs|vas|cpot|"
    r"fatigue|anxiety|nausea|mood|energy|dyspnea|itch|itching|cravings?|depression)\b[^.\n]*$",
    re.IGNORECASE,
)
#: After a number: a clock time ("at 7 am", "(3-4 am)", "10 p.m."), which the
#: annotation conventions leave out: neither an age nor a date.
_CLOCK_AFTER = re.compile(r"\s*(?:[-–]\s*\d{1,2}(?::[0-5]\d)?\s*)?(?:[ap]\.?m\b\.?|o['’]?clock\b)", re.IGNORECASE)
#: A span that is a clock time itself ("7 am", "10:30pm").
_CLOCK_SPAN = re.compile(r"^\d{1,2}(?::[0-5]\d)?\s*(?:[ap]\.?m\.?|o['’]?clock)$", re.IGNORECASE)
#: Four digits, alone or in a range ("until 2300", "1900-0700", "0700-1900"):
#: a 24-hour time or a nursing shift when one of them can be no year.
_FOUR_DIGITS = re.compile(r"^\d{4}$")
_FOUR_DIGIT_RANGE = re.compile(r"^(\d{4})\s*[-–]\s*(\d{4})$")
_FOUR_DIGITS_AFTER = re.compile(r"\s*[-–]\s*(\d{4})\b")
_FOUR_DIGITS_BEFORE = re.compile(r"\b(\d{4})\s*[-–]\s*$")
#: Years from here on are no year in a note, even date-shifted ones (i2b2 shifts into 2060-2110).
_FIRST_IMPOSSIBLE_YEAR = 2200
#: Years before this are no date of a living person or their care (the oldest birth years are 1890s).
_FIRST_YEAR_OF_A_LIFE = 1880
#: A two-number range a bare number belongs to ("(goal 88-92)", "8-10"): readings, no dates.
_RANGE_PARTNER_AFTER = re.compile(r"\s*[-–]\s*\d{1,3}(?![\d/.:])")
_RANGE_PARTNER_BEFORE = re.compile(r"(?<![\d/.:])\d{1,3}\s*[-–]\s*$")
#: Apgar scores ("Apgars 8/9", "Apgar 7 and 9"): no dates.
_APGAR_BEFORE = re.compile(r"\bapgars?\b(?:\s*(?:scores?|of|were|was|:))*\s*$", re.IGNORECASE)
_SCORE_LIST = re.compile(r"\d{1,2}(?:\s*(?:/|,|and|&)\s*\d{1,2})*")
#: Number spans that are measurements: a unit or degree sign right after the
#: number, inside the span or after it ("88°", "Wt 52 kg", "max 3 g/day"), or
#: feet and inches ("5'7\"").
_UNIT = r"(?:°|º|kgs?|gm?|grams?|lbs?|oz|cm|mm|km|ft|m[lL]|cc|d[lL]|mg|mcg|ug|µg|mEq|mmol|mmHg|bpm|mph|%|k?Hz|dB|atm|pp[bm]|kPa|secs?|Fr)"
_NUMBER_THEN_UNIT = re.compile(rf"(?<![\w.-])\d+(?:[.,]\d+)?[ \t]?{_UNIT}(?![\w-])")
_UNIT_AFTER = re.compile(rf"[ \t]?{_UNIT}(?![\w-])")
_FEET_AND_INCHES = re.compile(r"^\d['’][ \t]?\d{1,2}(?:[\"”]|'')?$")
#: Labels whose spans are numbers (dates, ages, identifiers, addresses).
_NUMBER_LABELS = frozenset(
    "DATE AGE ROOM STREET ZIP MEDICALRECORD HEALTHPLAN ACCOUNT LICENSE VEHICLE DEVICE BIOID IDNUM".split()
)
#: Obstetric history ("G2P1001", "G1 P0") and a cervical exam ("1/50/-3",
#: "Complete/100/+2": dilation, effacement, station): never a date or an ID.
_GRAVIDA_PARA = re.compile(r"^G\d{1,2}[ \t]?P\d{1,4}(?:[ -]?\d){0,3}$", re.IGNORECASE)
_CERVICAL_STATION = re.compile(r"/[ \t]*[-+][ \t]?\d\b")
#: An ICD-10 code ("S93.401A", "I50.23", "E11.65"): a diagnosis, not an identifier.
_ICD10 = re.compile(r"^[A-TV-Z]\d{2}\.[0-9A-Z]{1,4}$")
#: A duration ("12 mo.", "3 wks", "10 days"): never a date.
_DURATION_SPAN = re.compile(
    r"^\d{1,3}(?:\.\d)?[ \t]*(?:h|d|days?|wks?|weeks?|mos?|months?|yrs?|years?|hrs?|hours?|mins?|minutes?)\.?$",
    re.IGNORECASE,
)
#: A colon time ("21:10", "07:20"): never a date.
_COLON_TIME = re.compile(r"^(?:[01]?\d|2[0-3]):[0-5]\d$")
#: "24/7" ("the 24/7 line") is round-the-clock, unless a date cue comes before it.
_DATE_CUE_BEFORE = re.compile(r"\b(?:on|dated?|since|from|until|by)\s*:?\s*$", re.IGNORECASE)

#: An hour, with minutes or not ("7", "10:30"), before "am"/"pm".
_HOUR = re.compile(r"\d{1,2}(?::[0-5]\d)?")


def _clock_time(value: str) -> bool:
    """A 24-hour clock time (hours 00-23, minutes 00-59) of four digits."""
    return bool(_FOUR_DIGITS.match(value)) and int(value[:2]) <= 23 and int(value[2:]) <= 59


def _never_a_year(value: str) -> bool:
    """Four digits that no note writes as a year of a person's life: "0700",
    "2300", "1412" ("departed 1412"), "1800" ("Time: 1800-2100")."""
    return value.startswith("0") or not _FIRST_YEAR_OF_A_LIFE <= int(value) < _FIRST_IMPOSSIBLE_YEAR


def _shift_times(first: str, second: str) -> bool:
    """Two clock times of which one is no year: a shift or an interval ("1900-0700")."""
    return _clock_time(first) and _clock_time(second) and (_never_a_year(first) or _never_a_year(second))


#: Address context around a state abbreviation: "Boston, MA" or "MA 02115".
_CITY_COMMA_BEFORE = re.compile(r"[A-Za-z][A-Za-z .'-]*,\s*$")
_ZIP_AFTER = re.compile(r"^\s*,?\s*\d{5}(?:-\d{4})?\b")
#: The word after a span, past a comma or slash ("MS, CGC" -> "CGC").
_NEXT_WORD = re.compile(r"[ \t]*[,/]?[ \t]*([A-Za-z][A-Za-z/-]*[A-Za-z])")
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
#: Words of an organisation or institution's name that keep a common-word span.
INSTITUTION_WORDS = frozenset(
    "hospital hospitals clinic clinics center centre centers institute university college school academy "
    "church temple mosque synagogue parish inc inc. llc ltd co corp corporation company bank pharmacy "
    "foundation association society agency department dept unit ward wing floor pavilion program "
    "services health healthcare medical group partners laboratory laboratories labs lab market store "
    "restaurant cafe diner bakery shop club gym ymca county city state".split()
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


#: Labels a "US" (ultrasound) can be mistaken for.
_PLACE_LABELS = frozenset({"COUNTRY", "CITY", "STATE", "LOCATION_OTHER"})
#: Labels a sports team's home or nickname is mistaken for (no ORGANIZATION, "Xcel Energy bills";
#: no LOCATION_OTHER, whose names end in such words: "Monon Trail", "Appalachian Trail").
_TEAM_NAME_LABELS = frozenset({"CITY", "STATE", "COUNTRY", "PATIENT", "DOCTOR", "PROFESSION"})
#: The word after a span, on the same line.
_WORD_AFTER = re.compile(r"[ \t]+([A-Za-z0-9][A-Za-z0-9'-]*)")
_NINERS_AFTER = re.compile(r"[ \t-]+nine(?:rs|s)?\b", re.IGNORECASE)
#: A word that starts a place name right before a given name ("san francisco", "fort collins",
#: "lake charles"; no gold person span of any corpus follows one).
_PLACE_PREFIX_BEFORE = re.compile(
    r"\b(?:san|santa|los|las|el|fort|ft\.?|port|mount|mt\.?|lake|saint|st\.?|palm|grand)[ \t]+$", re.IGNORECASE
)
#: Idioms, courtesy phrases and brands a tagger reads as a name or a date in a
#: transcript ("to be frank", "de nada", "a diet dr pepper", "march madness", "a nurse
#: line twenty four seven"): the span's words (lower case) and a regex for the text
#: right before it (None: anywhere) and right after it. No gold span of any
#: corpus we may read is one of these.
_IDIOMS: Tuple[Tuple[FrozenSet[str], Optional[re.Pattern[str]], Optional[re.Pattern[str]]], ...] = (
    (frozenset({"frank"}), re.compile(r"\bbe\s+$", re.IGNORECASE), None),
    (frozenset({"de nada", "por favor", "gracias", "mucho gusto", "buenos dias", "buenas tardes", "hasta luego"}), None, None),
    # the soda, not Dr. Pepper the surgeon: a drink word before it
    (
        frozenset({"pepper", "dr pepper", "dr. pepper"}),
        re.compile(r"\b(?:diet|a|some|of|and|or|drink|drinks|drank|coke|soda)\s+(?:dr\.?\s+)?$", re.IGNORECASE),
        None,
    ),
    (frozenset({"march"}), None, re.compile(r"\s+madness\b", re.IGNORECASE)),
    (frozenset({"twenty four seven", "twenty-four seven"}), None, None),  # "24/7" is left to the DATE check
)
#: A dose: a bare number of up to four digits ("100", "2000").
_DOSE_NUMBER = re.compile(r"^\d{1,4}$")
#: Up to two words right before a number: a drug's name if the number is its dose.
_DRUG_BEFORE = re.compile(r"((?:[A-Za-z][A-Za-z0-9-]*[ \t]+){1,2})$")
#: Genetics around "carrier": a carrier of a variant, not a mail carrier.
_GENETIC_CONTEXT = re.compile(
    r"\b(?:genetic|genes?|screening|tested|testing|cystic|fibrosis|cf|sickle|trait|mutation|variant|recessive|"
    r"tay-sachs|sma|fragile|thalassemia|brca)\b",
    re.IGNORECASE,
)
#: A spoken count with "thousand" that no year reads like ("six thousand a day"; a year is
#: "two thousand nine").
_SPOKEN_COUNT = re.compile(
    r"\b(?:three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a)\s+thousand\b|"
    r"\bthousand\s+a\s+(?:day|week|month)\b",
    re.IGNORECASE,
)
#: "i'm a", "i am also a" right before a span: the speaker's own job.
_I_AM_A_BEFORE = re.compile(r"\bi\s*(?:['’]m|am|was)\s+(?:also\s+|actually\s+)?(?:a|an)\s+$", re.IGNORECASE)
#: After a place: it is a team's ("a texas fan", "the georgia game").
_SPORTS_WORDS = frozenset({"fan", "fans", "game", "games", "team"})
#: Right after "US": the study's use or result ("US-guided", "US showed").
_ULTRASOUND_AFTER = re.compile(
    r"\s*(?:-\s*)?(?:guided|guidance|showed|shows|revealed|reveals|demonstrated|demonstrates|w/|"
    r"findings|impression|report|was\s+(?:negative|normal|unremarkable))\b",
    re.IGNORECASE,
)
#: The word before "US" that makes it the study: quadrants, organs, study types.
_ULTRASOUND_BEFORE = frozenset(
    "ruq luq rlq llq abd abdominal pelvic renal carotid thyroid breast scrotal testicular transvaginal tv "
    "bedside doppler duplex venous arterial le ue obstetric ob fetal liver kidney bladder neck tips "
    "repeat prior limited formal complete diagnostic point-of-care pocus endoscopic rectal".split()
)
_LAST_WORD = re.compile(r"([A-Za-z][A-Za-z/-]*)[\s,:]*$")


def _words(text: str) -> List[str]:
    return [w.lower().strip("'’-") for w in _WORD.findall(text)]


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _place_phrase(text: str) -> str:
    """"the Philippines," -> "Philippines" (article and outer punctuation dropped)."""
    text = re.sub(r"\s+", " ", text.strip(" ,;:()[]\"'"))
    return re.sub(r"^(?i:the)\s+", "", text)


class LabelValidators:
    """Plausibility checks per label; `reason(span, text)` returns why a
    span is implausible for its label, or None.

    lexicons (LabelLexicons): the word lists.
    vocabulary (MedicalVocabulary): the guard's medical vocabulary (drugs,
        always-medical words, abbreviations) for the name/organisation check.
    """

    def __init__(self, lexicons: LabelLexicons, vocabulary: MedicalVocabulary) -> None:
        self.lexicons = lexicons
        self.vocabulary = vocabulary
        # Built once: a DATE span is checked against it on every call.
        self._strong_date_words = lexicons.date_words - _WEAK_DATE_WORDS
        self._role_words = lexicons.occupations | lexicons.clinical_services
        self._checks: Dict[str, Callable[[Span, str], Optional[str]]] = {
            "DATE": self._date,
            "AGE": self._age,
            "EMAIL": self._email,
            "URL": self._url,
            "STATE": self._state,
            "COUNTRY": self._country,
            "CITY": self._place,
            "LOCATION_OTHER": self._place,
            "PROFESSION": self._profession,
            "PATIENT": self._name_or_organisation,
            "DOCTOR": self._name_or_organisation,
            "HOSPITAL": self._name_or_organisation,
            "ORGANIZATION": self._name_or_organisation,
            "DEPARTMENT": self._department,
            "STREET": self._street,
            "USERNAME": self._username,
            "ROOM": self._room,
        }
        for label in _MIN_DIGITS:
            self._checks[label] = self._digits

    def reason(self, span: Span, text: str, cased: Optional[bool] = None) -> Optional[str]:
        """Why `span` is implausible for its label (a REASON_* constant) or None.

        span (Span): the span.
        text (str): the doc's text (passed in so it is built once per doc).
        cased (Optional[bool]): whether the note uses capitals (`is_cased_text`,
            computed once per doc by the caller); None skips the case check.
        """
        if len(span) > MAX_TOKENS.get(span.label_, DEFAULT_MAX_TOKENS):
            # A transition-based tagger can fail to close an entity and tag
            # hundreds of words of a long unpunctuated dialogue line as one AGE.
            return REASON_TOO_LONG
        if span[0].text in _POSSESSIVE_CLITICS and span.label_ in _NATIONALITY_LABELS:
            return REASON_POSSESSIVE  # "wife's" gives "'s" or "'s sister", never a name
        if cased and span.label_ in CASED_LABELS and self._lower_case_name(span, text):
            return REASON_LOWER_CASE_IN_CASED_NOTE
        if span.label_ in _PLACE_LABELS and self._ultrasound(span, text):
            return REASON_ULTRASOUND
        if span.label_ in ("PATIENT", "DOCTOR") and span.text.islower() and _ARTICLE_BEFORE.search(
            text[max(0, span.start_char - 8) : span.start_char]
        ):
            return REASON_ARTICLE_BEFORE_NAME
        if span.label_ in _NUMBER_LABELS:
            number_reason = self._number_shape(span, text)
            if number_reason is not None:
                return number_reason
        if span.label_ in ("PATIENT", "DOCTOR") and self._pronoun(span, text):
            return REASON_PRONOUN  # "He is a pleasant gentleman" (Dr. He keeps his title: the guard's person cue)
        if span.label_ in ("PATIENT", "DOCTOR") and self._number_then_words(span):
            return REASON_NAME_STARTS_WITH_NUMBER  # "12 mo." tagged DOCTOR
        if span.label_ in _ONE_LETTER_NEVER and sum(c.isalnum() for c in span.text) <= 1:
            return REASON_ONE_LETTER  # "T" of "T12" tagged HOSPITAL
        if span.label_ in ("PATIENT", "DOCTOR") and all(t.is_punct or t.text.lower() in _TITLES for t in span):
            return REASON_TITLE_ONLY  # "Dr." alone; the name after it is its own span
        check = self._checks.get(span.label_)
        reason = check(span, text) if check is not None else None
        if reason is None and span.label_ in _NATIONALITY_LABELS and self._nationality_words_only(span):
            reason = REASON_NATIONALITY
            words = _words(span.text)
            if span.label_ in _PLACE_LABELS and len(words) == 1 and words[0].endswith(_LANGUAGE_ENDINGS):
                return reason  # "discussed in English": a language is no place, whatever surname it also is
        if reason is None or reason in _FORM_REASONS:
            return reason
        # Recall first: a span with a word that could be a name or a place is
        # PHI with the wrong label ("brittany edwards" tagged PROFESSION, "Hope"
        # tagged DEVICE); only spans made of ordinary words are vetoed.
        return reason if self._ordinary_words_only(span, text) else None

    def context_reason(self, span: Span, text: str) -> Optional[str]:
        """Why the words around a span make it no PHI, whoever found it (tagger,
        rule or name list) and whatever its label: an idiom or brand ("to be
        frank", "a diet dr pepper"), the clinician's own job in a transcript, a
        genetic carrier, a dose after a drug ("allopurinol 100"), a spoken count,
        a lone possessive, or a place or person that names a sports team ("dallas
        cowboys", "a texas fan", "san francisco forty niners", where "francisco"
        was read as a given name). None otherwise."""
        label = span.label_
        if self._idiom(span, text):
            return REASON_IDIOM
        if label == "PROFESSION" and self._clinician_own_job(span, text):
            return REASON_CLINICIAN_OWN_JOB
        if label == "PROFESSION" and _words(span.text)[-1:] == ["carrier"] and _GENETIC_CONTEXT.search(
            text, max(0, span.start_char - 80), min(len(text), span.end_char + 80)
        ):
            return REASON_GENETIC_CARRIER  # "a partner who's a carrier , expanded carrier screening"
        if span.text.strip() in _POSSESSIVE_CLITICS:
            return REASON_POSSESSIVE  # "tyler's old room": the "'s" tagged ROOM
        if label in ("AGE", "DATE") and _DOSE_NUMBER.match(span.text.strip()) and self._dose_after_drug(span, text):
            number = int(span.text.strip())
            # A year after a drug is when it was taken ("tolerated cephalexin 2019"); a dose is round.
            if label == "AGE" or not 1900 <= number <= 2099 or number % 1000 == 0:
                return REASON_DOSE  # "on allopurinol 100", "the vitamin d 2000"
        if label == "DATE" and _SPOKEN_COUNT.search(span.text):
            return REASON_COUNT  # "about six thousand a day" (steps), not "two thousand nine"
        if label not in _TEAM_NAME_LABELS:
            return None
        # A given name after "san", "st.", "lake" is part of a place's name ("san francisco fan").
        in_place_name = label in ("PATIENT", "DOCTOR") and bool(
            _PLACE_PREFIX_BEFORE.search(text, max(0, span.start_char - 12), span.start_char)
        )
        if self._sports_team(span, text, as_place=in_place_name or label in _PLACE_LABELS):
            return REASON_SPORTS_TEAM
        return None

    def _dose_after_drug(self, span: Span, text: str) -> bool:
        """A number right after a drug's name is its dose ("allopurinol 100",
        "vitamin d 2000", "calcium 600"), not an age or a year."""
        before = _DRUG_BEFORE.search(text, max(0, span.start_char - 40), span.start_char)
        if before is None:
            return False
        words = before.group(1).lower().split()
        if self.vocabulary.is_drug(words[-1]):
            return True  # "allopurinol 100"
        # "vitamin d 2000", "vitamin b12 1000": a drug and its letter
        return len(words) >= 2 and len(words[-1]) <= 3 and self.vocabulary.is_drug(words[-2])

    @staticmethod
    def _clinician_own_job(span: Span, text: str) -> bool:
        """The clinician speaking of their own job or tastes in a transcript
        ("[doctor] even though i'm a physician"), or a favourite person ("a
        favorite instructor"): the conventions mark the jobs of the patient and
        relatives only (no gold PROFESSION of any corpus follows "i'm a" in a
        doctor's turn)."""
        if span.text.lower().startswith(("favorite ", "favourite ")):
            return True
        line_start = text.rfind("\n", 0, span.start_char) + 1
        if not text.startswith("[doctor]", line_start):
            return False
        return _I_AM_A_BEFORE.search(text, max(line_start, span.start_char - 30), span.start_char) is not None

    @staticmethod
    def _idiom(span: Span, text: str) -> bool:
        """An idiom, courtesy phrase or brand of `_IDIOMS` ("to be frank", "de nada")."""
        words = " ".join(span.text.lower().split())
        for phrases, before, after in _IDIOMS:
            if words not in phrases:
                continue
            if before is not None and not before.search(text, max(0, span.start_char - 12), span.start_char):
                continue
            if after is not None and not after.match(text, span.end_char):
                continue
            return True
        return False

    def _sports_team(self, span: Span, text: str, as_place: bool) -> bool:
        """A place or person span that names a team: a team nickname right after
        it or as its last word ("dallas cowboys", "the georgia bulldogs"), or,
        for a place, "fan", "game" or "team" after it ("a texas fan")."""
        teams = self.lexicons.sports_teams
        words = _words(span.text)
        if len(words) > 1 and words[-1] in teams and span.label_ != "PATIENT":
            return True
        after = _WORD_AFTER.match(text, span.end_char)
        if after is None:
            return False
        word = after.group(1).lower()
        if word == "forty" and _NINERS_AFTER.match(text, after.end()):
            return True  # "forty niners", "forty nine" as said
        return word in teams or (as_place and word in _SPORTS_WORDS)

    @staticmethod
    def _number_shape(span: Span, text: str) -> Optional[str]:
        """Why a number span is a measurement, obstetric notation or a
        diagnosis code rather than a date, age or identifier (or None)."""
        value = span.text.strip()
        unit_after = _UNIT_AFTER.match(text, span.end_char) is not None
        if _NUMBER_THEN_UNIT.search(value) or (value[-1:].isdigit() and unit_after):
            if span.label_ != "AGE" or "°" in value or unit_after:
                return REASON_MEASUREMENT  # "88°", "Wt 52 kg", "WT: 58 kg", "max 3 g/day"
        if _FEET_AND_INCHES.match(value):
            return REASON_MEASUREMENT  # "Ht 5'7\""
        if _GRAVIDA_PARA.match(value):
            return REASON_OBSTETRIC  # "22 yo G2P1001"
        if span.label_ == "DATE" and _CERVICAL_STATION.search(value):
            return REASON_OBSTETRIC  # "SVE 1/50/-3", "Complete/100/+2"
        if span.label_ != "DATE" and span.label_ != "AGE" and _ICD10.match(value):
            return REASON_DIAGNOSIS_CODE  # "(S93.401A)"
        return None

    @staticmethod
    def _pronoun(span: Span, text: str) -> bool:
        """A one-word person span that is a pronoun followed by a lower-case
        word ("He attends school"); "HE, KOUROSH" and "Li He" are names."""
        return (
            len(span) == 1
            and span.text.lower() in _PRONOUNS
            and _LOWER_WORD_AFTER.match(text, span.end_char) is not None
        )

    def _number_then_words(self, span: Span) -> bool:
        """A person span that starts with a number and has no capitalised word
        that could be a name after it ("12 mo.", "26 u"): a count or a dose,
        since a name never starts with a number. "2 Okonkwo" keeps its name."""
        if len(span) < 2 or not span[0].text.isdigit():
            return False
        for token in span[1:]:
            word = token.text.strip(".'’")
            if len(word) > 1 and word[:1].isupper() and not self._known_word(word.lower()):
                return False
        return True

    def _ultrasound(self, span: Span, text: str) -> bool:
        """"US" as the imaging study, not the country: after a body part, a
        quadrant or a study word ("carotid US", "RUQ US", "Post-TIPS US"), or
        before "guided" or a finding verb ("US-guided", "US showed")."""
        if span.text.strip() not in ("US", "U/S"):
            return False
        if _ULTRASOUND_AFTER.match(text, span.end_char):
            return True
        before = _LAST_WORD.search(text[max(0, span.start_char - 30) : span.start_char])
        if before is None:
            return False
        word = before.group(1).lower()
        return (
            word in _ULTRASOUND_BEFORE
            or word.rsplit("-", 1)[-1] in _ULTRASOUND_BEFORE
            or word in self.lexicons.body_parts_and_headers
            or self.vocabulary.is_always_medical(word)
        )

    def _ordinary_words_only(self, span: Span, text: str) -> bool:
        """Whether no word of the span could be a person's name: a word of the
        name lists that is not also a frequent English word ("little",
        "long"), as written or lower case. Tokens with digits never are."""
        names = name_words()
        for token in span:
            if token.is_punct or token.is_space or any(c.isdigit() for c in token.text):
                continue
            for part in token.text.lower().replace("’", "'").split("-"):
                part = part.strip("'").removesuffix("'s")
                if part in names and part not in _FREQUENT_NAME_WORDS and not self.vocabulary.is_always_medical(part):
                    return False
            if len(token.text) > 2 and token.is_title and not self._known_word(token.text.lower()) and not _line_start(token.idx, text):
                return False  # an unknown capitalised word mid-sentence: "Okonkwo"
        return True

    def _known_word(self, word: str) -> bool:
        """An ordinary, medical, drug, brand, date, body-part or occupation word."""
        lex = self.lexicons
        return (
            self.vocabulary.is_ordinary_word(word)
            or self.vocabulary.is_always_medical(word)
            or word in lex.brands
            or word in lex.body_parts_and_headers
            or word in lex.date_words
            or word in lex.occupations
            or word in lex.nationalities
        )

    def _lower_case_name(self, span: Span, text: str) -> bool:
        """A span with no capital in a note that uses capitals ("kielbasa",
        "hook", "cont abx" tagged as names): in such notes, names, places and
        institutions are written with capitals. Kept (recall first): staff
        initials ("-kpm", one token of at most three letters), a user name (a
        digit or "_"), a span with an occupation word (PHI with the wrong
        label: "die maker"), a span with a given or family name of any locale
        ("wife dolores", "jisoo (2)"), and a word after a signature or user cue
        ("by mcsonka")."""
        value = span.text
        if not any(c.isalpha() for c in value) or any(c.isupper() for c in value):
            # A capital anywhere: a name whose span took in a neighbouring word
            # ("attends Church of St. Olaf") must not lose the name.
            return False
        if span.label_ in ("PATIENT", "DOCTOR") and len(span) == 1 and len(value) <= 3:
            return False
        if any(c.isdigit() or c == "_" for c in value):
            return False  # a user name ("nemecek_tsion", "jdoe42")
        words = _words(value)
        occupations = self.lexicons.occupations
        if any(w in occupations or _singular(w) in occupations for w in words):
            return False
        # Recall first: a given or family name of any locale may be a name typed
        # in lower case ("jisoo (2)"), as may a word after a signature cue ("by mcsonka").
        # A name that is also a dictionary word ("hook", "short", "visa") is, in
        # lower case among capitals, the word.
        names = person_names()
        name_like = name_like_words()
        if any(w in names and w not in name_like and w not in NOT_NAME_AFTER_RELATIVE for w in words):
            return False
        return not _SIGNATURE_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char])

    # -- dates, ages, identifiers ------------------------------------------------

    def _date(self, span: Span, text: str) -> Optional[str]:
        value = span.text
        if any(c.isdigit() for c in value):
            numbers = [t.text for t in span if any(c.isdigit() for c in t.text)]
            joined = re.sub(r"\s+", " ", value.strip())
            if self._clock_time_span(span, joined, text) or _COLON_TIME.match(joined):
                return REASON_CLOCK_TIME  # also "Foley bulb placed 21:10"
            if _DURATION_SPAN.match(joined):
                return REASON_DATE_NUMBER_SHAPE  # "no rx in past 12 mo."
            if (
                _BARE_NUMBER.match(joined)
                and (
                    _RANGE_PARTNER_AFTER.match(text, span.end_char)
                    or _RANGE_PARTNER_BEFORE.search(text[max(0, span.start_char - 8) : span.start_char])
                )
                and not any(w in self._strong_date_words for w in _words(text[max(0, span.start_char - 20) : span.start_char]))
            ):
                return REASON_DATE_NUMBER_SHAPE  # "(goal 88-92)" tagged as two dates; not "March 5-7"
            if _APGAR_BEFORE.search(text[max(0, span.start_char - 24) : span.start_char]) and _SCORE_LIST.fullmatch(joined):
                return REASON_DATE_NUMBER_SHAPE  # "Apgars 8/9"
            if _NOT_DATE_NUMBER.match(joined) or all(_NOT_DATE_NUMBER.match(n) for n in numbers):
                return REASON_DATE_NUMBER_SHAPE
            if _DAY_COUNTER.match(joined):
                return REASON_DAY_COUNTER  # "Day +12" ("Day" is a surname too), "D+5", "+43"
            if _SCORE_OUT_OF_TEN.match(joined) and _SCORE_CONTEXT_BEFORE.search(text[max(0, span.start_char - 40) : span.start_char]):
                return REASON_DATE_NUMBER_SHAPE  # "pain 7/10"
            if _SCORE_OUT_OF.match(joined) and (
                _SCORE_WORD_BEFORE.search(text[max(0, span.start_char - 60) : span.start_char])
                or _SCORE_WORD_AFTER.match(text, span.end_char)
            ):
                return REASON_DATE_NUMBER_SHAPE  # "Strength is 4/5 on the right and 5/5", "balance score of 12/16"
            if _STRENGTH_OUT_OF_FIVE.match(joined) and (
                _SIDE_AFTER.match(text, span.end_char) or _OTHERWISE_BEFORE.search(text, max(0, span.start_char - 12), span.start_char)
            ):
                return REASON_DATE_NUMBER_SHAPE  # "Hip abd 4/5 R, 5/5 L", "limited by pain; otherwise 5/5"
            if joined == "24/7" and not _DATE_CUE_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char]):
                return REASON_DATE_NUMBER_SHAPE  # "the 24/7 line"
            if self._has_medical_word(span) and not any(_DATE_SHAPED.match(n) for n in numbers):
                return REASON_DATE_NUMBER_SHAPE  # "Jardiance 10", "Nexium 40" (but "Easter 2019")
            if _BARE_NUMBER.match(joined) and (
                _DURATION_AFTER.match(text, span.end_char) or _NUMBERED_BEFORE.search(text[max(0, span.start_char - 16) : span.start_char])
            ):
                return REASON_DATE_NUMBER_SHAPE  # "~10 days progressive DOE", "image 62"
            if _impossible_date_pair(joined) or _impossible_date_triple(joined):
                return REASON_DATE_NUMBER_SHAPE  # "hypotension (86/50)", blood gas "29/52/48"
            if _WEEKS_AND_DAYS.match(joined) and _WEEKS_AFTER.match(text, span.end_char):
                return REASON_OBSTETRIC  # "GA 35 2/7 wk"
            if all(_ORDINAL.match(n) for n in numbers) and _ORDINAL_COUNT_AFTER.match(text, span.end_char):
                if not any(w in self._strong_date_words for w in _words(value)):
                    return REASON_DATE_ORDINAL_COUNT  # "the 1st, 2nd, and 3rd digits"
            return None
        words = _words(value)
        date_words = self._strong_date_words
        found = [w for w in words if w in date_words or _singular(w) in date_words]
        if len(found) == 1 and found[0] in _CARDINAL_WORDS:
            # One cardinal alone is a count or a dose, not a spoken date ("twenty on
            # twenty off", "on twenty of lisinopril"); a spoken year has two
            # ("twenty twenty"), a day an ordinal ("the fifteenth").
            return REASON_DATE_NO_DATE_WORD
        if found:
            return None
        return REASON_DATE_NO_DATE_WORD  # also a bare season: "summer", "the weekend"

    def _age(self, span: Span, text: str) -> Optional[str]:
        value = span.text
        numbers = [int(n) for n in re.findall(r"\d+", value)]
        if self._clock_time_span(span, value.strip(), text):
            return REASON_CLOCK_TIME  # "called at 7 am"
        newborn_age = _NEWBORN_AGE_AFTER.match(text, span.end_char) is not None or (
            _AGE_FIELD_BEFORE.search(text, max(0, span.start_char - 24), span.start_char) is not None
        )
        if _AGE_NOT_BEFORE.search(text[max(0, span.start_char - 32) : span.start_char]) or (
            _AGE_NOT_AFTER.match(text[span.end_char : span.end_char + 16]) and not newborn_age
        ):
            return REASON_AGE_MEASURE  # "age <80", "image 62", "150 pounds" (not "39 min old")
        if _DAYS_NOT_AGE_AFTER.match(text, span.end_char) and not _AGE_WORD_BEFORE.search(
            text[max(0, span.start_char - 12) : span.start_char]
        ):
            return REASON_AGE_MEASURE  # "(30 days)", "45-day trial", "at 28 wk"
        if _DURATION_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char]) and _DURATION_UNIT_AFTER.match(
            text, span.end_char
        ):
            return REASON_AGE_MEASURE  # "in the past 2 yr", "dm2 x 20 yr": how long, not how old
        if _AGE_MEASURE_BEFORE.search(text[max(0, span.start_char - 60) : span.start_char]):
            return REASON_AGE_MEASURE  # "your a1c here is 8"
        if numbers:
            return REASON_AGE_OUT_OF_RANGE if min(numbers) > MAX_AGE else None
        words = [w.strip(".,'’") for w in re.split(r"[\s-]+", value.lower())]
        if any(w not in _AGE_INNER_WORDS and is_age_word(w) for w in words if w):
            return None  # "fifty eight", "40's", "her fifteenth" (birthday)
        return REASON_AGE_NO_NUMBER

    def _digits(self, span: Span, text: str) -> Optional[str]:
        if sum(c.isdigit() for c in span.text) < _MIN_DIGITS[span.label_]:
            return REASON_NO_DIGIT
        shift = _FOUR_DIGIT_RANGE.match(span.text.strip())
        if shift and _shift_times(*shift.groups()) and all(t[2:] in ("00", "15", "30", "45") for t in shift.groups()):
            return REASON_CLOCK_TIME  # "micu b npn 0700-1900": a shift, no record number
        if _NUMBER_RANGE.match(span.text.strip()):
            return REASON_RANGE  # "nsr 80s-90s", "like 12-14 days a month"
        return None

    def _room(self, span: Span, text: str) -> Optional[str]:
        """A bare one- or two-digit ROOM needs a room word before it ("Rm 4",
        "bed 3"); otherwise it is a count or a reading ("(from 16)", "faxed 3")."""
        value = span.text.strip()
        if value.isdigit() and len(value) <= 2 and not _ROOM_CUE_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char]):
            return REASON_ROOM_WITHOUT_CUE
        if value.isdigit() and _MOVED_FROM_BEFORE.search(text, max(0, span.start_char - 24), span.start_char):
            return REASON_MEASUREMENT  # "weight 121 pounds , down from 133", "bnp 1,240 , up from 480"
        return None

    @staticmethod
    def _clock_time_span(span: Span, value: str, text: str) -> bool:
        """A time of day, not a date or an age: "7" of "at 7 am", "3" of
        "(3-4 am)", "2300" of "until 2300", "1900" of "1900-0700"."""
        if _CLOCK_SPAN.match(value):
            return True
        if _HOUR.fullmatch(value) and _CLOCK_AFTER.match(text, span.end_char):
            return True
        shift = _FOUR_DIGIT_RANGE.match(value)
        if shift:
            return _shift_times(*shift.groups())
        if not _clock_time(value):
            return False
        if _never_a_year(value):
            return True
        after = _FOUR_DIGITS_AFTER.match(text, span.end_char)
        before = _FOUR_DIGITS_BEFORE.search(text[max(0, span.start_char - 8) : span.start_char])
        partner = after or before
        return partner is not None and _shift_times(value, partner.group(1))

    def _email(self, span: Span, text: str) -> Optional[str]:
        return None if "@" in span.text else REASON_NOT_EMAIL

    def _url(self, span: Span, text: str) -> Optional[str]:
        value = span.text.lower()
        if "." in value or "/" in value or value.startswith("www") or "localhost" in value:
            return None
        return REASON_NOT_URL

    # -- places --------------------------------------------------------------------

    def _state(self, span: Span, text: str) -> Optional[str]:
        phrase = _place_phrase(span.text)
        if phrase in self.lexicons.states:
            if len(phrase.replace(".", "")) <= 3 and phrase.replace(".", "").isupper():
                if self._credential_follows(span, text):
                    return REASON_STATE_ABBREVIATION  # "Rosalind Meyerhoff, MS, CGC": a degree in a signature
                return None if self._address_context(span, text) else REASON_STATE_ABBREVIATION
            return None
        if self._in_gazetteer(phrase, self.lexicons.countries, self.lexicons.countries_lower):
            return None  # a place all the same; the label is the tagger's call
        if len(phrase) > 3 and phrase.lower() in self.lexicons.states_lower:
            return None  # "georgia", "new york" in a lower-case dialogue
        if len(phrase) <= 3 and phrase.isupper() and phrase not in _CITY_ABBREVIATIONS:
            return REASON_NOT_STATE  # "RM 4117-B": a code that is no state's
        return self._not_a_place(span) or None

    def _country(self, span: Span, text: str) -> Optional[str]:
        phrase = _place_phrase(span.text)
        if self._in_gazetteer(phrase, self.lexicons.countries, self.lexicons.countries_lower):
            return None
        if len(phrase) > 3 and phrase.lower() in self.lexicons.states_lower:
            return None
        return self._not_a_place(span) or None

    @staticmethod
    def _in_gazetteer(phrase: str, written: FrozenSet[str], lowered: FrozenSet[str]) -> bool:
        """As written ("US", "Mexico"), or in any case when longer than three
        letters ("mexico"; never "us" or "in")."""
        return phrase in written or (len(phrase) > 3 and phrase.lower() in lowered)

    def _place(self, span: Span, text: str) -> Optional[str]:
        words = [w for w in _words(span.text) if w not in _FILLER]
        if words and all(w in self.lexicons.body_parts_and_headers for w in words):
            return REASON_BODY_PART
        if words and all(w in self.lexicons.brands or self.vocabulary.is_drug(w) for w in words):
            return REASON_MEDICAL_OR_BRAND  # "Apple Watch", "Neosporin"
        if words and span.label_ in ("CITY", "LOCATION_OTHER") and self._roles_only(words):
            return REASON_ROLE_AS_PLACE  # "Sam Hospitalist, pager", "(Gyn Onc)"
        return None

    def _roles_only(self, words: List[str]) -> bool:
        """Only job or clinical-service words, none a name ("hospitalist",
        "gyn onc"; never "Mason" or "Gardner", places and names too)."""
        names = name_words()
        return all(w in self._role_words and w not in names for w in words)

    def _street(self, span: Span, text: str) -> Optional[str]:
        words = _words(span.text)
        if any(w in STREET_WORDS for w in words):
            return None
        if any(c.isdigit() for c in span.text):
            # A number, then a unit or a time: "9 MONTH", "26 u. Seen" (a house
            # number is followed by the street's name).
            first = span[0].text
            if len(span) > 1 and first.isdigit() and span[1].text.lower().rstrip(".") in _NOT_STREET_AFTER_NUMBER:
                return REASON_STREET_NUMBER_UNIT  # whatever follows: "14 French Foley"
            return None
        return REASON_NOT_STREET

    def _username(self, span: Span, text: str) -> Optional[str]:
        value = span.text.strip()
        if any(c.isdigit() or c in "_.@" for c in value) or " " in value:
            return None
        known = self._known_word(value.lower()) or self._roles_only([value.lower()])
        return REASON_NOT_USERNAME if known else None

    def _nationality_words_only(self, span: Span) -> bool:
        """"Arabic", "Haitian Creole interpreter": a nationality or language
        with ordinary words, never a name or place (i2b2 convention)."""
        words = [w for w in _words(span.text) if w not in _FILLER]
        nationalities = self.lexicons.nationalities
        return any(w in nationalities for w in words) and all(
            w in nationalities or self._known_word(w) for w in words
        )

    def _not_a_place(self, span: Span) -> Optional[str]:
        """Reason to veto a STATE/COUNTRY outside the gazetteer: body parts,
        headers, medical or common words only (a real but unlisted place keeps
        its span: recall first)."""
        body = self._place(span, "")
        if body:
            return body
        words = _words(span.text)
        if any(c.isdigit() for c in span.text) and not any(len(w) >= 3 for w in words):
            return REASON_NOT_COUNTRY if span.label_ == "COUNTRY" else REASON_NOT_STATE  # "D+5", "T4"
        if not words or any(c.isdigit() for c in span.text):
            return None
        if all(self._known_word(w) or w in _FILLER for w in words):
            return REASON_NOT_COUNTRY if span.label_ == "COUNTRY" else REASON_NOT_STATE
        return None

    def _credential_follows(self, span: Span, text: str) -> bool:
        """Whether a credential comes next ("MS, CCC-SLP", "MA, LMHC"): the
        abbreviation is then a degree in a signature, not a state."""
        match = _NEXT_WORD.match(text, span.end_char)
        return match is not None and self.vocabulary.is_credential(match.group(1))

    @staticmethod
    def _address_context(span: Span, text: str) -> bool:
        before = text[max(0, span.start_char - 40) : span.start_char]
        after = text[span.end_char : span.end_char + 12]
        return bool(_CITY_COMMA_BEFORE.search(before) or _ZIP_AFTER.match(after))

    # -- professions, names, organisations -------------------------------------------

    def _profession(self, span: Span, text: str) -> Optional[str]:
        words = _words(span.text)
        occupations = self.lexicons.occupations
        if any(w in occupations or _singular(w) in occupations for w in words):
            return None
        if span.text.strip().isupper() and 2 <= len(span.text.strip()) <= 5:
            return None  # "CNA", "LPN", "CPA": abbreviations of jobs
        before = text[max(0, span.start_char - 40) : span.start_char]
        head = _singular(words[-1]) if words else ""
        if head in self.lexicons.non_occupations:
            # "Former smoker", "as a kid", "is a big runner": a habit, a person or
            # a hobby, whatever "former" or "is a" before it suggests.
            return None if _WORK_CUE_BEFORE.search(before) else REASON_NOT_A_JOB
        context = _JOB_CONTEXT_BEFORE.search(before)
        if context and not _WORK_CUE_BEFORE.search(before) and _THING_NOUN_ENDING.search(head):
            return REASON_NOT_A_JOB  # "as an antibiotic", "as a preventative"
        if (
            context
            and _IS_A_BEFORE.search(before)
            and not _JOB_CUE_ANYWHERE.search(before)
            and not _PERSON_NOUN_ENDING.search(head)
            and not any(w in _PERSON_NOUNS for w in words)
        ):
            return REASON_NOT_A_JOB  # "described as a throbbing pain", "is a secondary cause"
        if context:
            return None  # "works in construction", "Occupation: sales", "is a welder"
        return REASON_NO_OCCUPATION

    def _department(self, span: Span, text: str) -> Optional[str]:
        """A clinical service or specialty ("Orthopaedic Surgery", "Inpatient
        Psychiatry", "IMAGING SERVICES") is no PHI; a named unit is ("Rheumatology
        Clinic", "Heart and Vascular Institute", "Farr 7")."""
        words = [w for w in _words(span.text) if w not in _FILLER and w not in _CONSULT_CUES]
        services = self.lexicons.clinical_services
        if (
            words
            and not any(c.isdigit() for c in span.text)
            and not any(w in _UNIT_WORDS for w in words)
            and all(w in services or _singular(w) in services for w in words)
            and not self._ends_a_proper_name(span, text)
        ):
            return REASON_GENERIC_SERVICE
        return self._name_or_organisation(span, text)

    def _service_not_person(self, span: Span) -> bool:
        """A name or institution span made only of clinical-service words that
        are no one's name ("Ortho", "Heme/Onc", "Transplant", "Telemetry"):
        clinicians call a consulting service or a ward by its generic name.
        "Endo", "Burns" and "Hand" are surnames too: kept."""
        services = self.lexicons.clinical_services
        names = person_names()
        words = [w for w in _words(span.text) if w not in _FILLER]
        return (
            bool(words)
            and not any(c.isdigit() for c in span.text)
            and all((w in services or _singular(w) in services) and w not in names for w in words)
        )

    def _ends_a_proper_name(self, span: Span, text: str) -> bool:
        """Whether a capitalised word that is no service word comes right before
        the span on its line ("PIEDMONT VALLEY ORTHOPAEDICS & SPORTS MEDICINE"),
        skipping connectors ("&", "and", "of")."""
        line = text[max(0, span.start_char - 60) : span.start_char].rsplit("\n", 1)[-1]
        for word in reversed(_LINE_WORD.findall(line)):
            lower = word.lower()
            if lower in _FILLER or word == "&" or lower in self.lexicons.clinical_services:
                continue  # "ORTHOPAEDICS & " before "SPORTS MEDICINE": look further back
            if lower in _CONSULT_CUES:
                return False  # "Per Hepatology": a consult cue, not a name
            return word[:1].isupper()  # punctuation ("Touro Infirmary - ") ends the name
        return False

    def _name_or_organisation(self, span: Span, text: str) -> Optional[str]:
        words = _words(span.text)
        if not words:
            return None
        if span.label_ != "DEPARTMENT" and self._service_not_person(span):
            return REASON_GENERIC_SERVICE  # "Seen by Ortho", "per Rheum", "Admit to Medicine, Telemetry"
        programs = self.lexicons.public_programs_lower
        if span.label_ in ("HOSPITAL", "ORGANIZATION") and _place_phrase(span.text).lower() in programs:
            return REASON_PUBLIC_PROGRAM  # "Medicaid", "Apple Health", "KanCare": no PHI
        vocab = self.vocabulary
        lex = self.lexicons
        medical_or_brand = 0
        for written in _WORD.findall(span.text):
            word = written.lower().strip("'’-")
            if word in _FILLER or (
                word in SIDE_LETTERS and span.label_ in ("PATIENT", "DOCTOR") and f"{written}." not in span.text
            ):
                continue  # "R SDH", "cafe au lait L thigh": a side when the rest is medical ("R. Alzheimer": an initial)
            if word in INSTITUTION_WORDS and span.label_ in ("HOSPITAL", "ORGANIZATION", "DEPARTMENT"):
                return None  # "Memorial Hospital", "Heart Center"
            if (
                word in lex.brands
                or word in lex.body_parts_and_headers
                or vocab.is_always_medical(word)
                or vocab.is_drug(word)
                or vocab.is_abbreviation(written)
                or vocab.is_head(word)
                # A job is no name, unless it is a surname too ("Pathologist", not "Baker").
                or (word in lex.occupations and word not in person_names())
            ):
                medical_or_brand += 1
            elif written[:1].isupper() and word in person_names() and word not in _FREQUENT_NAME_WORDS:
                return None  # a capitalised name beside a medical surname: "PARKINSON, DESMOND A"
            elif vocab.is_common_word(word, function_words=word not in person_names()):
                # With a drug or medical word, an ordinary word is its context
                # ("Benadryl safe", "CONTINUE LASIX"); without one, see below.
                continue
            else:
                return None
        if medical_or_brand == 0:
            return None
        phrase = normalize_term(span.text)
        if span.label_ in ("PATIENT", "DOCTOR") and len(words) == 1 and not vocab.is_drug(phrase) and phrase not in lex.brands:
            # A lone body-part or head word as a name ("Heart"): only when
            # lower case or at the start of a line; "Mr. Head" is handled by the
            # guard's title check before this.
            if span.text[:1].isupper() and not _line_start(span.start_char, text):
                return None
        return REASON_MEDICAL_OR_BRAND

    def _has_medical_word(self, span: Span) -> bool:
        vocab = self.vocabulary
        if any(vocab.is_abbreviation(w) for w in _WORD.findall(span.text)):
            return True  # "GFR 58", "BMI 31"
        return any(
            vocab.is_drug(w) or vocab.is_always_medical(w) or w in self.lexicons.brands for w in _words(span.text) if len(w) > 2
        )


#: Frequent English words that are also names in the name lists: never taken
#: as evidence of a name ("little bit", "long time", "new issue").
_FREQUENT_NAME_WORDS = frozenset(
    "little long young new good best rich small short brown white black green gray grey hill wood stone "
    "bell rose love hope will may june april august bill grant frank mark pat sue rob don art ray gene "
    "major price page street king lane hall may far early late more most much many way day days week "
    "weeks night morning care case cross field ford foster fox free friend gay gold hart house hunt "
    "jack job joy keen lamb land law lee light long low man mann mason mills moon moore north oak park "
    "parks person pierce power rice rivers rock rose ross rush sharp shore silver snow spring spencer "
    "summer sweet swift today tom walker wall ward water waters west wise wolf woods small pope cook "
    "baker miller carter porter fisher hunter turner taylor cole well wells bush knight head".split()
) - frozenset({"hope", "joy", "june", "april", "grant", "frank", "taylor", "miller", "carter", "fisher"})


@lru_cache(maxsize=1)
def name_words() -> FrozenSet[str]:
    """Lower-case given and family names of Faker's en_US person provider (MIT):
    a word among them in a mislabelled span is taken as a name."""
    from ..surrogates.names import locale_name_lists

    first, last = locale_name_lists("en_US", gendered=True)
    return frozenset(n.lower() for n in first + last + list(_VIRTUE_NAMES) if n.isalpha())


#: Given names that are also words, missing from Faker's en_US lists.
_VIRTUE_NAMES = ("hope", "joy", "faith", "grace", "charity", "patience", "mercy", "destiny", "harmony", "honor")


#: Endings of language and nationality words ("English", "Chinese", "Arabic", "French",
#: "Somali"): the lexicon also holds parts of longer names ("sierra" of "Sierra Leonean").
_LANGUAGE_ENDINGS = ("ish", "ese", "an", "ic", "ch", "li", "di")
#: Labels vetoed when made of nationality or language words and ordinary words.
_NATIONALITY_LABELS = frozenset(
    {"CITY", "COUNTRY", "STATE", "LOCATION_OTHER", "PATIENT", "DOCTOR", "HOSPITAL", "ORGANIZATION", "DEPARTMENT"}
)
#: Words of a street line.
STREET_WORDS = frozenset(
    "street st avenue ave road rd boulevard blvd lane ln drive dr court ct way place pl circle cir terrace "
    "parkway pkwy highway hwy route rte trail trl square sq plaza alley row apt apartment suite ste unit box "
    "po pike turnpike crescent close hill ridge loop run path walk".split()
)
#: Words that never decide a span's plausibility.
_FILLER = frozenset("and of the a an in on at to for & or".split())
#: A consult cue a tagger takes into a service's span ("Per Surgery").
_CONSULT_CUES = frozenset("per via".split())
#: A side written as one letter ("R SDH", "L thigh").
#: Side letters ("R SDH", "HOLDING R HAND"): no name (also read by the guard component).
SIDE_LETTERS = frozenset({"l", "r"})


#: Tokens of a possessive ("wife's" is "wife" + "'s").
_POSSESSIVE_CLITICS = frozenset({"'s", "’s", "'", "’"})


def _count_words(text: str, test: Callable[[str], bool]) -> Tuple[int, int]:
    """(words passing `test`, all words) over a note's words of 2+ letters. Linear in the text."""
    total = passing = 0
    for match in _CASED_WORD.finditer(text):
        total += 1
        if test(match.group()):
            passing += 1
    return passing, total


def is_mostly_lower_case(text: str) -> bool:
    """Whether at least half of a note's words (2+ letters) are all lower case:
    a word in capitals there is a header, an order or an abbreviation, while a
    note typed in capitals has names in capitals too."""
    lower, total = _count_words(text, str.islower)
    return total > 0 and lower * 2 >= total


def is_mostly_upper_case(text: str) -> bool:
    """Whether at least 60 % of a note's words (2+ letters) are in capitals:
    a note typed in capitals (EMS run sheets, old systems), where a word in
    capitals is no sign of a name or an abbreviation."""
    upper, total = _count_words(text, str.isupper)
    return total > 0 and upper >= 0.6 * total


def is_cased_text(text: str) -> bool:
    """Whether a note uses capitals (at least MIN_CASED_RATIO of its words hold
    one): a lower-case name is then implausible."""
    lower, total = _count_words(text, str.islower)
    return total > 0 and (total - lower) / total >= MIN_CASED_RATIO


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


def _line_start(start_char: int, text: str) -> bool:
    """Whether the text before `start_char` ends a line, sentence or list bullet."""
    before = text[max(0, start_char - 8) : start_char]
    return bool(re.search(r"(?:^|\n|[:.;]\s)\s*(?:[-*•]\s*)?$", before)) or start_char == 0


__all__ = [
    "CASED_LABELS", "INSTITUTION_WORDS", "LEXICON_FILES", "LabelLexicons", "LabelValidators", "MAX_AGE", "VALIDATED_LABELS",
    "SIDE_LETTERS", "default_lexicons", "is_cased_text", "is_mostly_upper_case", "name_words",
]
