"""DATE rules: dates, years, months, weekdays, seasons and holidays.

Numeric dates ("9/14/2067", "14.09.2067", "2067-09-14"), written dates ("Sept 14,
2067", "14-Sep-2067", "january 13th , 1982"), m/d after a date word or with a day
of 6 or more, years after a time or life-event word ("in 2067", "dx 2008"), spans
and lists of years, decades, weekdays and holidays in any case, spoken years
("twenty eighteen"). Look-alikes the rules must leave alone (fractions, grades
and pain scores "2/6 murmur", "pain 7/10", vitals "BP 120/80", clock times "from
1900 to 2100", amounts "2000 mg", lab values "BNP 2010", the verbs "may" and
"march") are in tests/rules/test_date.py.
"""

from __future__ import annotations

from typing import List, Tuple

from ...lexicon.clinical_numbers import COMMON_FRACTION, MEASURE_WORDS
from ...lexicon.scores import SCORE_WORDS
from ..fragments import (
    DAY,
    FRACTION_AFTER,
    FRACTION_BEFORE,
    MONTH,
    MONTH_ALONE,
    MONTH_LOWER,
    MONTH_LOWER_NAMES,
    MONTH_LOWER_UNAMBIGUOUS,
    MONTH_NUM,
    ORD,
    TEENS_WORD,
    TENS_WORD,
    UNITS_WORD,
    WEEKDAY_ABBR,
    YEAR,
    YEAR4,
)
from ..regex_rules import RegexRule

#: Before a numeric date: no digit, nor a separator that follows a number ("1/03-14-2089",
#: "v2.03.14"); a slash right after a letter separates a word from a glued date
#: ("Dr.Visser/03-14-2089", "w/03/14/2089").
_NOT_AFTER_NUMBER = r"(?:(?<![\d/.-])|(?<=[^\W\d_]/))"
#: A spoken year: "nineteen eighty two", "twenty twenty", "twenty oh five", "two thousand and nine".
_SPOKEN_YEAR = (
    rf"(?:(?:nineteen|twenty)[\s-]+(?:oh[\s-]+(?:{UNITS_WORD})|{TEENS_WORD}|(?:{TENS_WORD})(?:[\s-]+(?:{UNITS_WORD}))?)"
    rf"|two\s+thousand(?:\s+and)?(?:\s+(?:{TEENS_WORD}|{UNITS_WORD}|twenty(?:[\s-]+(?:{UNITS_WORD}))?))?)"
)
#: A spoken year that no count reads like: "twenty eighteen", "nineteen eighty two", "twenty oh five".
_SPOKEN_CENTURY_YEAR = (
    rf"(?:nineteen|twenty)[\s-]+(?:oh[\s-]+(?:{UNITS_WORD})|{TEENS_WORD}|(?:{TENS_WORD})(?:[\s-]+(?:{UNITS_WORD}))?)"
)
#: After a spoken number: a measure or a count, not a year ("twenty twenty vision").
_SPOKEN_YEAR_NOT_AFTER = (
    r"\s*(?:vision|percent|%|mg|milligrams?|units?|pounds?|minutes?|hours?|days?|weeks?|months?|years?|times|over|to)\b"
)
#: Units and heads after a number that make it a measurement, not a year/date.
_UNIT_AFTER = (
    r"\s*(?:mg|mcg|µg|ug|g|gm|kg|lbs?|ml|mL|cc|l|units?|u|iu|meq|mmol|kcal|cal|calories|"
    r"mm|cm|m|ft|feet|steps|%|x\b|times|hrs?|hours|min|minutes|sec|cells|copies)\b"
)
#: After a year candidate: a measure, alone or as the end of a range ("from 1800 to 2000 mL").
#: A second 4-digit number after "from 1900 to" makes both clock times ("slept from
#: 1900 to 2100"); "after", "before" and "until" are left out of the cues for
#: the same reason ("hold until 2100").
_YEAR_THEN_UNIT_AFTER = rf"(?:\s*(?:-|–|to)\s*\d+(?:\.\d+)?)?{_UNIT_AFTER}|\s*(?:-|–|to|until|till)\s*\d{{4}}\b"
#: Before a number that reads as a year but is a lab value, a count or an amount.
_NOT_A_YEAR_BEFORE = (
    r"(?i:\b(?:bnp|nt-?probnp|ferritin|ck|cpk|lipase|amylase|wbc|plt|platelets?|ldh|ast|alt|alk\s+phos|tsh|"
    r"d-?dimer|trop\w*|crp|esr|ige|cd4|vl|viral\s+load|hr|bp|rr|count|steps|kcal|calories|cal|output|intake|uop|"
    r"ins|outs|bolus|dose|fluids|epo|heparin|units?|level|total|net|balance|weight|wt|score|room|rm|bed|ext|x|"
    r"cpt|icd|code|mrn|acct|id|no|number|model|series|lot|version|v|batch|case|job|order|claim|"
    # a time ("at 2040", "extubated at aprox 2030", "present till approx 2030"), a model
    # year ("a 2014 Ford"), a limit ("under 2000"), a classification
    r"at|a|an|under|over|than|about|around|approximately|approx|aprox|till|until|banff)\b[^A-Za-z\n]{0,3}|[#$~])$"
)
#: A past-history list before a number, on its line or after its header: "PMH MI 92", "PMHX:\nRLL pneumonia, prostate CA 88".
_HISTORY_LIST_BEFORE = {
    r"\b(?:pmh|pmhx|psh|pshx|past\s+(?:medical|surgical)\s+(?:history|hx)|h/o|hx|s/p|status\s+post|history\s+of)\b"
    # on the cue's line, or on the line after a header ("PMHX:\n...")
    r"(?:[^\n]*|[ \t]*:[ \t]*\n[^\n]*)$": "DATE"
}
#: The word before a number of a history list that makes it a lab value, a
#: score, a stage or a count rather than a year ("K 4.2", "INR 7", "EF 20",
#: "CKD 3", "GOLD 2").
_NOT_HISTORY_YEAR_BEFORE = (
    rf"\b(?:{MEASURE_WORDS}|ef|lvef|bmi|a1c|hba1c|gfr|egfr|hgb|hb|plt|ldl|hdl|tsh|psa|ldh|ast|alt|stage|grade|class|"
    r"type|gleason|nyha|gold|ckd|age|aged|wt|ht|weight|height|room|rm|bed|level|score|dm|t|n|x|gcs|fev1|fvc|cd4|"
    r"times|pvcs?|beats|yr|yrs|years?|old|of|for|to|at|in|and|with|than|over|under|"
    # a place of care and its number ("arrived bay 12", "OR 6")
    r"bay|bed|chair|suite|or|ed|icu|unit|pod|floor|room|s/p|peak|ciwa|cows|braden|morse|rass|"
    # a target or a fingerstick glucose ("map goal 60", "FS 54")
    r"goal|goals|target|fs|"
    rf"{'|'.join(SCORE_WORDS)})['’]?"
    # a brand or model written in camel case ("AirSense 11")
    r"|(?-i:\b[A-Za-z]*[a-z][A-Z][A-Za-z]*)"
    # a section of medicines, labs or vitals after the history ("Meds: lisinopril 20")
    r"|\b(?:meds|medications|rx|allergies|labs?|vitals?|vs)\s*:[^\n]*"
)
#: After a number of a history list: a unit, a duration or a count ("HTN 10 yrs", "EF 20%", "40 pk").
_NOT_HISTORY_YEAR_AFTER = (
    r"[ \t]*(?:%|x\b|y\b|yo\b|yrs?\b|years?\b|mos?\b|months?\b|wks?\b|weeks?\b|days?\b|hrs?\b|hours?\b|"
    r"mg|mcg|mmhg|bpm|cc|ml|l\b|units?|u\b|pk|pack|ppd|lbs?|kg|cm|mm|/|\.\d|-\d|[ \t]*(?:to|-)[ \t]*\d)"
)
#: "n/5" and "n/10" with n up to 5 or 10: dates, but pain and strength scores too.
_SCORE_SHAPED = r"(?:[1-5]/5|0?[1-9]/10|10/10)"
#: Words before a bare "m/d" that make it a date.
_DATE_CUE = (
    r"(?i:\b(?:on|since|from|until|till|thru|through|to|dated?|seen|admitted|admission|discharged?|"
    r"d/c'?d?|surgery|f/u|follow-?up|appt|appointment|visit|last|next|by|starting|started|stopped|"
    r"due|returns?|effective|scheduled|planned|as\s+of|before|after|between|and|dos|doa|dod|"
    # a last bowel movement is charted with its date ("LBM 11/5", "Last BM 7/19")
    r"lbm|bm|"
    # an event's past participle: "intubated 3/4", "PICC placed 2/27", "flew back 2/10"
    r"intubated|extubated|placed|removed|inserted|drawn|collected|transferred|arrived|delivered|diagnosed|"
    r"dx'?d|vaccinated|swabbed|biopsied|resected|repaired|returned|flew\s+back|came\s+back)\b\.?:?\s+)"
)
#: The m/d that opens a line of a course charted day by day (no digit or slash glued after it).
_CHRONOLOGY_DATE = rf"{MONTH_NUM}/{DAY}(?![\d/])"
#: What joins the years of a list ("2085 and 2088", "2079, 2083 or 2090").
_YEAR_LIST_SEP = r"(?:\s*,\s*|,?\s+(?:and|or|&)\s+|\s*/\s*)"


def _year_list_rules() -> List[RegexRule]:
    """The 2nd, 3rd and 4th years of a list after a time word ("quit attempts
    in 2085 and 2088"): `date_year_cue` finds the first, these the rest (one
    rule per position, since a regex match gives one value)."""
    rules = []
    for k in range(3):
        rules.append(
            RegexRule(
                f"date_year_list_{k + 2}", "DATE",
                rf"(?i:\b(?:in|since|during|between|circa|years?)\s+){YEAR4}(?:{_YEAR_LIST_SEP}{YEAR4}){{{k}}}"
                rf"{_YEAR_LIST_SEP}(?P<value>{YEAR4})(?![\w/:-]|\.\d)",
                exclude_after=_UNIT_AFTER,
                priority=2,
                description=f"year {k + 2} of a list after a time word ('in 2085 and 2088')",
            )
        )
    return rules


#: How the history-list rules read their context: kept only with a history cue before them
#: (the match is dropped without one), never after a lab, score or count word.
_IN_HISTORY_LIST = dict(
    label_if_context=_HISTORY_LIST_BEFORE,
    context_chars=160,
    confirm=("context_required",),
    unconfirmed="drop",
    exclude_before=_NOT_HISTORY_YEAR_BEFORE,
    exclude_after=_NOT_HISTORY_YEAR_AFTER,
    priority=2,
)


def rules() -> List[RegexRule]:
    """The date rules, in a fixed order (see `builtin_rules` for what order decides).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
        RegexRule(
            "date_numeric", "DATE",
            rf"{_NOT_AFTER_NUMBER}(?P<value>\d{{1,2}}([/-])\d{{1,2}}\2(?:\d{{4}}|\d{{2}}))(?![\w/]|-\d)",
            checks=("numeric_date",),
            # Ventilator settings, not dates: a group closed by a percentage ("PS 10/5/40%")
            # or after a volume times a rate ("AC 600x16/5/40").
            exclude_before=r"\d\s*[xX×]",
            exclude_after=r"\s*%",
            description="numeric date m/d/yy(yy) or m-d-yy(yy), either day-month order",
        ),
        RegexRule(
            "date_numeric_dots", "DATE",
            rf"{_NOT_AFTER_NUMBER}(?P<value>{DAY}\.{MONTH_NUM}\.{YEAR4}|{MONTH_NUM}\.{DAY}\.{YEAR4})(?![\w/]|\.\d|-\d)",
            description="numeric date with dots and a 4-digit year",
        ),
        RegexRule(
            "date_iso", "DATE",
            rf"{_NOT_AFTER_NUMBER}(?P<value>{YEAR4}([-/.]){MONTH_NUM}\2{DAY})(?![\w/]|-\d)",
            description="ISO date 2067-09-14",
        ),
        RegexRule(
            "date_ocr_letter_o", "DATE",
            # Faxes read by OCR write a zero as the letter O ("O7/2O24", "flu 1O/6/26",
            # "PPSV23 2O19"): a date shape with at least one O and one digit.
            r"(?<![\w/.-])(?=[\dO/]*O)(?=[\dO/]*\d)(?P<value>"
            r"(?:[0O]?[1-9]|1[0-2O]|[1-9]O?)/(?:[0-3O]?\d|[0-3]?O)/(?:(?:19|2[0O])[\dO]{2}|[\dO]{2})"
            r"|(?:[0O]?[1-9]|1[0-2O])/(?:19|2[0O])[\dO]{2}"
            r"|(?:19|2[0O])[\dO]{2})(?![\w/])",
            prefilter=r"\dO|O\d",
            description="a date or year in which OCR read a zero as the letter O ('O7/2O24', '2O19')",
        ),
        RegexRule(
            "date_month_year_numeric", "DATE",
            rf"{_NOT_AFTER_NUMBER}(?P<value>{MONTH_NUM}/{YEAR4})(?![\w/]|-\d)",
            description="month/year 09/2067",
        ),
        RegexRule(
            "date_written", "DATE",
            rf"(?<![\w.:/-])(?P<value>"
            rf"{MONTH}\s*{DAY}{ORD}(?:\s*,?\s*{YEAR})?"  # Sept 14, 2067 / Sept 14 / Sept 14 , 2067
            rf"|{DAY}{ORD}(?:\s+of)?\s*[-\s]?{MONTH}(?:,?[-\s]*{YEAR}|(?!\s*\d))"  # 14 Sept 2067 / 14-Sep-2067
            rf"|{MONTH}(?:,?\s+|-|\s+of\s+){YEAR}"  # Sept 2067 / Mar-89 / May of 2067
            rf"|{MONTH}-\d\d"  # Mar-89
            rf")(?![\w]|\d)",
            description="written dates: 'Sept 14, 2067', '14-Sep-2067', 'Sept 2067', 'Mar-89'",
        ),
        RegexRule(
            "date_month_alone", "DATE",
            rf"(?<![\w])(?P<value>{MONTH_ALONE})(?![\w])",
            priority=2,
            description="a month name on its own (not 'March'/'May', which are also words)",
        ),
        # Lower-case dates, as speech transcripts and some nursing notes write them.
        RegexRule(
            "date_written_lower", "DATE",
            rf"(?<![\w.:/-])(?P<value>"
            rf"(?:{MONTH_LOWER})\s+{DAY}(?:st|nd|rd|th)(?:\s*,?\s*{YEAR})?"  # january 13th , 1982 / may 5th
            rf"|(?:{MONTH_LOWER})\s+{DAY}\s*,?\s*{YEAR}"  # march 5 2020
            rf"|(?:{MONTH_LOWER})(?:\s*,\s*|\s+|\s+of\s+){YEAR4}"  # march of 2020 / may 2019
            rf"|(?:{MONTH_LOWER_UNAMBIGUOUS}|{MONTH_LOWER_NAMES})\s+{DAY}(?![\d,.]?\d)"  # july 8
            rf")(?![\w])",
            exclude_after=_UNIT_AFTER,
            prefilter=r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b",
            description="lower-case written dates: 'january 13th , 1982', 'march of 2020', 'july 8'",
        ),
        RegexRule(
            "date_month_alone_lower", "DATE",
            rf"(?<![\w'’-])(?P<value>{MONTH_LOWER_UNAMBIGUOUS})(?![\w'’-])(?!\s+\d)",  # "july 8": date_written_lower
            priority=2,
            description="a lower-case month that is no other word ('in january', 'back in october')",
        ),
        RegexRule(
            "date_month_abbreviation_lower", "DATE",
            # "dec" (decrease) and "mar"/"may" are left out: nursing notes use them as words
            r"(?<![\w])(?:in|since|during|until|till|through|early|late|mid|last|next)[ \t]+"
            r"(?P<value>(?:jan|feb|apr|jun|jul|aug|sept?|oct|nov)\.?)(?![\w])",
            prefilter=r"\b(?:jan|feb|apr|jun|jul|aug|sep|oct|nov)",
            priority=2,
            description="a lower-case month's abbreviation after a word of time ('in sept.', 'since oct'); not 'dec', 'mar'",
        ),
        RegexRule(
            "date_month_name_lower", "DATE",
            rf"(?<![\w'’-])(?P<value>{MONTH_LOWER_NAMES})(?![\w'’-])(?!\s+\d)",
            priority=1,
            description="'april', 'june', 'august' in lower case: a month unless the NER says it is a name",
        ),
        RegexRule(
            "date_month_cue", "DATE",
            r"(?i:\b(?:in|since|until|till|by|last|next|this\s+past|early|late|mid|end\s+of|beginning\s+of|middle\s+of|"
            r"start\s+of|first\s+of|through|from|during)\s+(?:about\s+|around\s+|approximately\s+)?(?:early\s+|late\s+|mid-?)?)(?P<value>(?i:march|may))(?![\w'’-])",
            exclude_after=r"\s+(?:be|been|have|not|need|want|get|take|help|cause|also|see|affect|come|go|do|feel|happen|make|try|work|show)\b",
            priority=2,
            prefilter=r"(?i:march|may)",
            description="'march' or 'may' after a time word ('in march', 'since about may', 'end of march')",
        ),
        RegexRule(
            "date_year_spoken", "DATE",
            rf"(?<![\w-])(?P<value>(?i:{_SPOKEN_CENTURY_YEAR}))(?![\w-])",
            exclude_after=_SPOKEN_YEAR_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:nineteen|twenty)",
            description="a spoken year that reads like no count: 'twenty eighteen', 'nineteen eighty two', 'twenty oh five'",
        ),
        RegexRule(
            "date_year_spoken_cue", "DATE",
            rf"(?i:\b(?:in|since|of|from|until|till|by|year|back\s+in|{MONTH_LOWER})\s+)(?P<value>(?i:{_SPOKEN_YEAR}))(?![\w-])",
            exclude_after=_SPOKEN_YEAR_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:nineteen|twenty|thousand)",
            description="any spoken year after a time word or a month ('in two thousand nine', 'january twenty twenty')",
        ),
        RegexRule(
            "date_month_day_cue", "DATE",
            # Out of 5 or 10 ("to 8/10", "and 5/5"): date_month_day_cue_score_shaped.
            rf"{_DATE_CUE}(?P<value>(?!{_SCORE_SHAPED}(?![\w/]))(?:{MONTH_NUM}/{DAY}))(?![\w/]|\.\d|-\d)",
            exclude_after=FRACTION_AFTER,
            description="m/d after a date word ('on 9/14', 'since 3/12', 'f/u 10/2')",
        ),
        RegexRule(
            "date_month_day_cue_score_shaped", "DATE",
            rf"{_DATE_CUE}(?P<value>{_SCORE_SHAPED})(?![\w/]|\.\d|-\d)",
            exclude_after=FRACTION_AFTER,
            # a pain or strength score earlier in the clause: "rated at 2/10 and increases to 8/10",
            # "strength 4/5 on the right and 5/5 on the left", "3/10 at rest and 6/10"
            exclude_before=(
                r"(?:\b(?:rated?|rates|strength|motor|power|score|scale|grade|graded|relief|pain\s+(?:is|was|of|at))\b"
                r"|\d\s*/\s*(?:5|10)\b)[^.;\n]*"
            ),
            context_chars=60,
            description="m/d out of 5 or 10 after a date word ('on 1/5', 'since 5/10'), unless a pain or strength score comes before it in the clause",
        ),
        RegexRule(
            "date_month_day", "DATE",
            rf"(?<![\w/.:-])(?P<value>{MONTH_NUM}/(?:[6-9]|0[6-9]|1[1-9]|2\d|3[01]))(?![\w/]|\.\d|-\d)",
            exclude_before=FRACTION_BEFORE,
            exclude_after=FRACTION_AFTER,
            priority=2,
            description="bare m/d with a day of 6 or more, except 10 (fractions, grades and pain scores excluded)",
        ),
        RegexRule(
            "date_year_cue", "DATE",
            rf"(?i:\b(?:in|since|of|year|during|circa|c\.|early|late|mid|spring|summer|fall|autumn|winter|"
            rf"christmas|thanksgiving|dated?|class\s+of|dx|dx'd|diagnosed|born|married|widowed|divorced|retired|"
            rf"quit|graduated|from|it\s+is|it\s+was|it['’]s)\s+)(?P<value>{YEAR4})(?![\w/:-]|\.\d)",
            exclude_after=_YEAR_THEN_UNIT_AFTER,
            priority=2,
            description=(
                "a year after a time or life-event word ('in 2067', 'since 1998', 'dx 2008', 'retired 2015', "
                "'from 2016 until', 'thinks it is 1998'; not 'from 1800 to 2000 mL' or 'from 1900 to 2100')"
            ),
        ),
        RegexRule(
            # Weak (priority 1): the tagger's label wins; lab values and counts that
            # could read as a year are left out by the words before them.
            "date_year_after_event", "DATE",
            # "2000+" is an amount ("DUMPED 2000+"), not a year
            r"(?<=[A-Za-z)])[ \t]+(?P<value>(?:19[5-9]\d|20[0-4]\d))(?![\w/:%+-]|\.\d|,\d)",
            exclude_before=_NOT_A_YEAR_BEFORE,
            exclude_after=_YEAR_THEN_UNIT_AFTER,
            context_chars=20,
            priority=1,
            description=(
                "a year right after a word of an event ('MRI 2016 w/ sclerosis', 'C-section 1998 uncomplicated'; "
                "not 'BNP 2010', 'bolus 2000 mL', 'around 2000' (a time), 'DUMPED 2000+' (an amount))"
            ),
        ),
        RegexRule(
            "date_year_closes_parentheses", "DATE",
            rf"\([A-Za-z][^()\n\d=<>:]{{0,40}}\s(?P<value>{YEAR4})\)",
            prefilter=r"\d{4}\)",
            priority=2,
            description="a year after words in parentheses ('lisinopril (angioedema 2014)'; a year alone: date_year_parenthesized)",
        ),
        RegexRule(
            "date_year_span_first", "DATE",
            rf"(?<![\w/.,-])(?P<value>{YEAR4})\s*[-–]\s*{YEAR4}(?![\w/:.-]|\.\d)",
            exclude_after=rf"\s*[-–]\s*{YEAR4}{_UNIT_AFTER}",
            prefilter=r"\d{4}\s*[-–]\s*\d{4}",
            priority=2,
            description="the first year of a span of years ('Army 1966-1968'); not a range with a unit ('1800-2000 mL')",
        ),
        RegexRule(
            "date_year_span_second", "DATE",
            rf"(?<![\w/.,-]){YEAR4}\s*[-–]\s*(?P<value>{YEAR4})(?![\w/:.-]|\.\d)",
            exclude_after=_UNIT_AFTER,
            prefilter=r"\d{4}\s*[-–]\s*\d{4}",
            priority=2,
            description="the second year of a span of years ('Army 1966-1968')",
        ),
        RegexRule(
            "date_decade", "DATE",
            r"(?i:\b(?:the|in|late|early|mid|during|since|by|until)[ -])(?P<value>(?:1[89]|20)\d0['’]?s)(?![\w'’-])",
            prefilter=r"\d0['’]?s\b",
            priority=2,
            description="a decade after 'the', 'in', 'early'… ('in the 1990s', 'late 1980's'; not '2000s' of units)",
        ),
        RegexRule(
            "date_year_list_item", "DATE",
            rf"(?m:[A-Za-z)][ \t]*,[ \t]*)(?P<value>{YEAR4})(?=[ \t]*(?:[.;)]|$))",
            prefilter=r",[ \t]*\d{4}",
            priority=2,
            description="a year closing a list item of a history ('Hysterectomy, 1996.', 'CABG x3, 2019')",
        ),
        *_year_list_rules(),
        RegexRule(
            "date_year_parenthesized", "DATE",
            rf"(?<![\w(])\((?:c\.\s*|ca\.\s*|circa\s+)?(?P<value>{YEAR4})\)",
            exclude_before=r"\d\s*\(",  # "1800 (1800)": a number restated, not a year
            priority=3,
            # A year alone in brackets ("s/p stent (2087)") is never a phone or an
            # ID: four digits are too short for either, so its shape settles it.
            shape_label=True,
            description="a year alone in parentheses ('s/p stent (2087)', '(c. 1998)')",
        ),
        RegexRule(
            "date_year_range_cue", "DATE",
            rf"(?i:\b(?:from|to|until|till|through|thru|by|before|after|around)\s+)(?P<value>{YEAR4})(?![\w/:-]|\.\d)",
            checks=("not_military_time",),
            exclude_after=_UNIT_AFTER,
            priority=2,
            description="a year after 'from'/'to'/'by' unless it reads as a 24-hour time ('from 1900 to 2100')",
        ),
        RegexRule(
            # A history list dates its diagnoses and procedures with bare years: "PMH MI 92",
            # "S/P CABG 1957, 1971", "prostate CA'88", "CABG 81, Redo CABG 84". Only after a
            # history cue (the match is dropped without one), never after a lab, score or count word.
            "date_year_in_history", "DATE",
            # (not glued to the word: "CA'88" is one token, and the value would take the diagnosis with it)
            r"(?<=[A-Za-z])[ \t]+['’]?(?:(?:19|20)\d\d[ \t]*,[ \t]*)?(?P<value>\d\d|(?:19|20)\d\d)['’]?(?![\w/%:'’-]|\.\d|,\d)",
            **_IN_HISTORY_LIST,
            description="a two- or four-digit year after a diagnosis or procedure in a history list ('PMH MI 92', 'S/P CABG 1957, 1971'; not 'EF 20%', 'CKD 3')",
        ),
        RegexRule(
            # A history list dates a procedure by month and two-digit year ("AVR 8/88"); a year
            # of 32 or more is no day, and the history cue rules out a ratio or a reading.
            "date_month_year_in_history", "DATE",
            rf"(?<=[A-Za-z])[ \t]+(?P<value>{MONTH_NUM}/(?:3[2-9]|[4-9]\d))(?![\w/%:'’-]|\.\d)",
            **_IN_HISTORY_LIST,
            description="a month and two-digit year after a diagnosis or procedure in a history list ('PMH: CAD, AVR 8/88'; not 'BP 8/40')",
        ),
        RegexRule(
            "date_range_first", "DATE",
            rf"(?<![\w/.:-])(?!(?:{_SCORE_SHAPED}|{COMMON_FRACTION})(?![\w/]))(?P<value>{MONTH_NUM}/{DAY})[ \t]*[-–][ \t]*"
            rf"(?!{COMMON_FRACTION}(?![\w/])){MONTH_NUM}/{DAY}(?![\w/]|\.\d|-\d)",
            exclude_before=FRACTION_BEFORE,
            priority=2,
            description="the first m/d of a range of two ('ceftaz rec'd 8/2 - 8/10'); not a range of scores or fractions",
        ),
        RegexRule(
            "date_range_second", "DATE",
            rf"(?<![\w/.:-])(?!{_SCORE_SHAPED}(?![\w/])){MONTH_NUM}/{DAY}[ \t]*[-–][ \t]*"
            rf"(?P<value>{MONTH_NUM}/{DAY})(?![\w/]|\.\d|-\d)",
            exclude_before=FRACTION_BEFORE,
            exclude_after=FRACTION_AFTER,
            priority=2,
            description=(
                "the second m/d of a range whose first is no score ('ceftaz rec'd 8/2 - 8/10'); not a range of "
                "scores or fractions ('strength 4/5 - 5/5', '1/2-3/4 tab')"
            ),
        ),
        RegexRule(
            "date_after_clock_time", "DATE",
            rf"\b\d{{1,2}}(?::\d\d)?[ \t]?(?i:am|pm)[ \t]+(?P<value>(?!{_SCORE_SHAPED}(?![\w/])){MONTH_NUM}/{DAY})"
            r"(?![\w/]|\.\d|-\d)",
            exclude_after=FRACTION_AFTER,
            priority=2,
            description="m/d after a clock time ('to the CCU at 12am 9/3'); not a score out of 5 or 10 ('at 2pm 8/10')",
        ),
        RegexRule(
            # A course charted day by day opens each line with its date ("9/9 ABX DCED", "9/10 PROCAN
            # DCED"): a line that opens with m/d next to another such line is a date, whatever the
            # fraction it looks like; a lone line opening with "2/2" or "3/3" may be a count.
            "date_chronology_line", "DATE",
            rf"(?m)^[ \t]*(?P<value>{_CHRONOLOGY_DATE})[ \t]*[-:]?[ \t]+[A-Za-z][^\n]*"
            rf"(?=\n(?:[ \t]*\n)*[ \t]*{_CHRONOLOGY_DATE}[ \t]*[-:]?[ \t]+[A-Za-z])",
            priority=2,
            description="a line that opens with m/d before another such line ('9/9 ABX DCED ⏎ 9/10 PROCAN DCED')",
        ),
        RegexRule(
            "date_chronology_line_last", "DATE",
            rf"(?m)^[ \t]*{_CHRONOLOGY_DATE}[ \t]*[-:]?[ \t]+[A-Za-z][^\n]*\n(?:[ \t]*\n)*"
            rf"[ \t]*(?P<value>{_CHRONOLOGY_DATE})[ \t]*[-:]?[ \t]+[A-Za-z]"
            # the last only (the lines before it are `date_chronology_line`'s)
            rf"(?![^\n]*\n(?:[ \t]*\n)*[ \t]*{_CHRONOLOGY_DATE}[ \t]*[-:]?[ \t]+[A-Za-z])",
            priority=2,
            description="a line that opens with m/d after another such line (the last of a course charted by day)",
        ),
        RegexRule(
            "date_year_after_quitting", "DATE",
            # a habit stopped is dated with a bare year, often of two digits ("STOPPED SMOKING 62'",
            # "quit drinking in 88"); a count of years or packs after the number is a duration
            r"(?i:\b(?:quit|stopped|gave[ \t]+up)[ \t]+(?:smoking|drinking|etoh|alcohol|tobacco|cigarettes|cigs|drugs)"
            r"[ \t]+(?:in[ \t]+)?)['’]?(?P<value>\d\d|(?:19|20)\d\d)['’]?(?![\w/%:'’-]|\.\d|,\d)",
            exclude_after=r"[ \t]*(?i:years?|yrs?|y\b|months?|mos?\b|weeks?|wks?|days?|ago|pack|ppd|cig)",
            prefilter=r"(?i:quit|stopped|gave)",
            priority=2,
            description="a year after a habit stopped ('STOPPED SMOKING 62\'', 'quit drinking in 88'); not 'quit smoking 20 years ago'",
        ),
        RegexRule(
            "date_year_apostrophe", "DATE",
            # also glued to the event it dates ("prostate CA'88", "MI'99")
            r"(?:(?<![\w'])|(?<=[A-Za-z]))(?P<value>'\d\d)(?![\w']|\d|\.\d)",
            priority=2,
            description="two-digit year with apostrophe ('67; glued to its event: CA'88)",
        ),
        RegexRule(
            "date_season_year", "DATE",
            r"(?P<value>(?i:spring|summer|fall|autumn|winter)\s+(?:of\s+)?(?:'?\d\d|(?:1[89]|2[01])\d\d))(?![\w])",
            description="season with a year ('winter of 2091', 'fall of 77')",
        ),
        RegexRule(
            "date_weekday", "DATE",
            r"(?:(?<=\bq)|(?<![A-Za-z]))(?P<value>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|(?:MON|TUES|WEDNES|THURS|FRI|SATUR|SUN)DAYS?|"
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)(?![A-Za-z])",
            description="weekday in any of three cases ('Wednesday', 'saturday morning'; 'qWednesday' gives 'Wednesday')",
        ),
        RegexRule(
            "date_weekday_abbr_before_date", "DATE",
            rf"(?<![A-Za-z])(?P<value>(?i:{WEEKDAY_ABBR})\.?[ \t]+\d{{1,2}}/\d{{1,2}}(?:/(?:\d{{4}}|\d{{2}}))?)(?![\w/])",
            description="an abbreviated weekday and the numeric date after it, one span ('Tues 11/25', 'sun 6/8/25')",
        ),
        RegexRule(
            "date_weekday_abbr_alone", "DATE",
            # Only the abbreviations that are no English word ("sat", "sun", "mon" are).
            r"(?<![A-Za-z])(?P<value>Tues|Thurs|TUES|THURS|tues|thurs|Wed)(?![A-Za-z])",
            # Excluded before a date (exclude_after ignores case, so "(?-i:...)" for the month)
            # and for the verb ("wed to her partner").
            # A sentence may start after it ("return Wed. Recheck INR"): only a month is excluded.
            exclude_after=r"\.?[ \t]*,?[ \t]*(?:\d|(?-i:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b))|[ \t]+to\b",
            description="a weekday abbreviation alone ('repeat TG Thurs', 'on her return Wed'); with a date after it: date_weekday_abbr_before_date",
        ),
        RegexRule(
            "date_weekday_abbr_list_start", "DATE",
            rf"(?<![A-Za-z])(?P<value>{WEEKDAY_ABBR})(?![A-Za-z])(?=\s?[,/]\s?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun))",
            description="abbreviated weekday before another in a list ('Mon,Wed', 'Tue/Thu')",
        ),
        RegexRule(
            "date_weekday_abbr_list_next", "DATE",
            rf"(?:(?<=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[,/])|(?<=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[,/] ))(?P<value>{WEEKDAY_ABBR})(?![A-Za-z])",
            description="abbreviated weekday after another in a list ('Wed,Fri' gives 'Fri')",
        ),
        RegexRule(
            "date_holiday", "DATE",
            r"(?<![A-Za-z])(?P<value>(?i:Christmas(?:\s+(?:Eve|Day))?|New\s+Year'?s(?:\s+(?:Eve|Day))?|Thanksgiving(?:\s+Day)?|"
            r"Easter(?:\s+Sunday)?|Halloween|Independence\s+Day|Fourth\s+of\s+July|Memorial\s+Day|Labor\s+Day|"
            r"Veterans'?\s+Day|Hanukkah|Chanukah|Passover|Ramadan|Valentine'?s\s+Day|"
            r"Martin\s+Luther\s+King(?:\s+Jr\.?)?\s+Day|MLK\s+Day|Presidents'?\s+Day|Yom\s+Kippur|Rosh\s+Hashanah|Diwali|Kwanzaa|"
            r"Good\s+Friday|Eid(?:\s+al-(?:Fitr|Adha))?|Lunar\s+New\s+Year)"
            r"|Mother'?s\s+Day|Father'?s\s+Day)(?![A-Za-z])",
            description="holiday in any case ('Christmas', 'New Year's Eve', 'labor day'; \"Mother's Day\" capitalised only)",
        ),
        RegexRule(
            "date_ordinal_day", "DATE",
            r"(?i:\b(?:on|since|until|till|by|from|before|after)\s+the\s+)(?P<value>(?:[12]?\d|3[01])(?:st|nd|rd|th))(?![\w])",
            exclude_after=r"\s*(?:percentile|grade|rib|degree|trimester|intercostal|ics|cranial|nerve|toe|finger|digit|time|dose|cycle|floor|line|day\s+of\s+(?:life|admission|illness))",
            priority=2,
            description="'on the 14th'",
        ),
    ]


#: (text, label, value, rule id): in each invented text the rule fires and gives
#: this value with this label (the span `phi_rules` writes, snapped to tokens);
#: tests/rules/ runs every line and the reference in docs/rules.md shows the first of each rule.
EXAMPLES: List[Tuple[str, str, str, str]] = [
    ("seen 9/14/2067 in clinic", "DATE", "9/14/2067", "date_numeric"),
    ("seen 9/14/67 in clinic", "DATE", "9/14/67", "date_numeric"),
    ("Results02/20/2087", "DATE", "02/20/2087", "date_numeric"),
    ("fecha 25/04/2010", "DATE", "25/04/2010", "date_numeric"),
    ("DD:2-03-68", "DATE", "2-03-68", "date_numeric"),
    ("Dr.Visser/03-14-2089 follow up", "DATE", "03-14-2089", "date_numeric"),
    ("seen 14.09.2067.", "DATE", "14.09.2067", "date_numeric_dots"),
    ("on 2067-09-14.", "DATE", "2067-09-14", "date_iso"),
    ("Advance directive signed O4/2O23 (copy on chart)", "DATE", "O4/2O23", "date_ocr_letter_o"),
    ("Pneumovax 2O18, shingles vaccine 11/O3/25", "DATE", "2O18", "date_ocr_letter_o"),
    ("Pneumovax 2O18, shingles vaccine 11/O3/25", "DATE", "11/O3/25", "date_ocr_letter_o"),
    ("since 09/2067", "DATE", "09/2067", "date_month_year_numeric"),
    ("Sept 14, 2067", "DATE", "Sept 14, 2067", "date_written"),
    ("September 14th", "DATE", "September 14th", "date_written"),
    ("14-Sep-2067", "DATE", "14-Sep-2067", "date_written"),
    ("14 September 2067", "DATE", "14 September 2067", "date_written"),
    ("in Sept 2067", "DATE", "Sept 2067", "date_written"),
    ("Mar-89", "DATE", "Mar-89", "date_written"),
    ("Date of birth: January 13th , 1982", "DATE", "January 13th , 1982", "date_written"),
    ("moved in August", "DATE", "August", "date_month_alone"),
    ("admitted from home in sept. and discharged to rehab", "DATE", "sept.", "date_month_abbreviation_lower"),
    ("date of birth is january 13th , 1982 .", "DATE", "january 13th , 1982", "date_written_lower"),
    ("i'll be on vacation after july 8th .", "DATE", "july 8th", "date_written_lower"),
    ("last seen on november 24th 2020 .", "DATE", "november 24th 2020", "date_written_lower"),
    ("accident in march of 2020", "DATE", "march of 2020", "date_written_lower"),
    ("on may 5th we", "DATE", "may 5th", "date_written_lower"),
    ("back in october was 254", "DATE", "october", "date_month_alone_lower"),
    ("it dropped in january", "DATE", "january", "date_month_alone_lower"),
    ("a knee replacement end of june", "DATE", "june", "date_month_name_lower"),
    ("hurting since about march .", "DATE", "march", "date_month_cue"),
    ("seen in may", "DATE", "may", "date_month_cue"),
    ("what was that , twenty eighteen ?", "DATE", "twenty eighteen", "date_year_spoken"),
    ("back in nineteen eighty two", "DATE", "nineteen eighty two", "date_year_spoken"),
    ("moved here in two thousand nine", "DATE", "two thousand nine", "date_year_spoken_cue"),
    ("seen on 3/12 for", "DATE", "3/12", "date_month_day_cue"),
    ("f/u 10/2.", "DATE", "10/2", "date_month_day_cue"),
    ("admitted 9/14", "DATE", "9/14", "date_month_day_cue"),
    ("Reason: extubated 11/3 after 4 days on the vent", "DATE", "11/3", "date_month_day_cue"),
    ("PICC removed on 1/5, tip culture grew staph", "DATE", "1/5", "date_month_day_cue_score_shaped"),
    ("GI appetite good, LBM 11/5 \nGU voiding", "DATE", "11/5", "date_month_day_cue"),
    ("labs 9/18 stable", "DATE", "9/18", "date_month_day"),
    ("last seen in 2067.", "DATE", "2067", "date_year_cue"),
    ("Ms. Nguyen is a 62 yo F w/ DM2 (dx 2008), HTN.", "DATE", "2008", "date_year_cue"),
    ("quit attempts in 2085 and 2088.", "DATE", "2085", "date_year_cue"),
    ("At Target from 2016 until layoff, then", "DATE", "2016", "date_year_cue"),
    ("intermittently confused, thinks it is 1998.", "DATE", "1998", "date_year_cue"),
    ("Focal epilepsy (onset age 19; MRI 2016 w/ L mesial temporal sclerosis).", "DATE", "2016", "date_year_after_event"),
    ("General anesthesia for C-section 1998 uncomplicated.", "DATE", "1998", "date_year_after_event"),
    ("sulfa (rash), lisinopril (angioedema 2014)", "DATE", "2014", "date_year_closes_parentheses"),
    ("Army 1966-1968, served in Vietnam.", "DATE", "1966", "date_year_span_first"),
    ("Army 1966-1968, served in Vietnam.", "DATE", "1968", "date_year_span_second"),
    ("uncle had a breakdown in the 1990s, unclear dx.", "DATE", "1990s", "date_decade"),
    ("PAST SURGICAL HISTORY\nSurgical Hysterectomy, 1996.\nCholecystectomy", "DATE", "1996", "date_year_list_item"),
    ("quit attempts in 2085 and 2088.", "DATE", "2088", "date_year_list_2"),
    ("admitted in 2079, 2083 or 2090", "DATE", "2083", "date_year_list_2"),
    ("admitted in 2079, 2083 or 2090", "DATE", "2090", "date_year_list_3"),
    ("between 2070, 2075, 2079 and 2081", "DATE", "2081", "date_year_list_4"),
    ("CAD s/p stent\n(2087) who presented", "DATE", "2087", "date_year_parenthesized"),
    ("from 2067 to 2069", "DATE", "2069", "date_year_range_cue"),
    ("PMH MI 92, 3 VCABG C MVR, ON COUMADIN", "DATE", "92", "date_year_in_history"),
    ("PMH: CABG 81, Redo CABG 84, MVR,MI 81,HTN", "DATE", "84", "date_year_in_history"),
    ("S/P CABG 1957, 1971  ENDOCARDITIS", "DATE", "1971", "date_year_in_history"),
    ("PMHX:\nRLL pneumonia, HTN, prostate CA 88, GERD", "DATE", "88", "date_year_in_history"),
    ("PMH:L LUNG CA-S/P L LUNG RESECTION 62'.   HYPOTHYROIDISM", "DATE", "62", "date_year_in_history"),
    ("PMH: CAD, AVR 8/88, DDD PMR, REFLUX", "DATE", "8/88", "date_month_year_in_history"),
    ("vanc rec'd 8/2 - 8/10. now on levo", "DATE", "8/10", "date_range_second"),
    ("vanc rec'd 8/2 - 8/10. now on levo", "DATE", "8/2", "date_range_first"),
    ("Transferred to the CCU at 12am 9/3.    PMH: +CRF", "DATE", "9/3", "date_after_clock_time"),
    ("COURSE:\n9/1 IABP OUT. \n9/2 ABX DCED-NEG CULTURES.\n9/3 TO FLOOR", "DATE", "9/1", "date_chronology_line"),
    ("COURSE:\n9/1 IABP OUT. \n9/2 ABX DCED-NEG CULTURES.\n9/3 TO FLOOR", "DATE", "9/3", "date_chronology_line_last"),
    ("RETIRED IRON WORKER. STOPPED SMOKING 71'. SOCIAL DRINKER.", "DATE", "71", "date_year_after_quitting"),
    ("SOCIAL: QUIT DRINKING 88, NO WITHDRAWAL", "DATE", "88", "date_year_after_quitting"),
    ("quit in '67", "DATE", "'67", "date_year_apostrophe"),
    ("HTN, prostate CA'88, GERD", "DATE", "'88", "date_year_apostrophe"),
    ("winter of 2091", "DATE", "winter of 2091", "date_season_year"),
    ("The Fall of 77", "DATE", "Fall of 77", "date_season_year"),
    ("40,000 units q Wednesday", "DATE", "Wednesday", "date_weekday"),
    ("40,000 units qWednesday", "DATE", "Wednesday", "date_weekday"),
    ("saturday night it kept me up", "DATE", "saturday", "date_weekday"),
    ("5000 units on sundays", "DATE", "sundays", "date_weekday"),
    ("Confirmed - Thurs 3/12 at 9:40 in the lipid clinic", "DATE", "Thurs 3/12", "date_weekday_abbr_before_date"),
    ("poison line call logged sat 2/7/26 21:10", "DATE", "sat 2/7/26", "date_weekday_abbr_before_date"),
    ("Recheck BMP Wed, then weekly.", "DATE", "Wed", "date_weekday_abbr_alone"),
    ("Wife to refill the pill box on her return Wed. Recheck INR Mon.", "DATE", "Wed.", "date_weekday_abbr_alone"),
    ("dialysis Mon,Wed,Fri", "DATE", "Mon", "date_weekday_abbr_list_start"),
    ("dialysis Mon,Wed,Fri", "DATE", "Fri", "date_weekday_abbr_list_next"),
    ("over Christmas", "DATE", "Christmas", "date_holiday"),
    ("on New Year's Eve", "DATE", "New Year's Eve", "date_holiday"),
    ("over labor day weekend", "DATE", "labor day", "date_holiday"),
    ("at christmas", "DATE", "christmas", "date_holiday"),
    ("6w0d s/p NSVD on Good Friday (4/3/26) at Mercy Hospital", "DATE", "Good Friday", "date_holiday"),
    ("Last visited home over Eid al-Fitr (Lagos and Enugu).", "DATE", "Eid al-Fitr", "date_holiday"),
    ("on the 29th of this month", "DATE", "29th", "date_ordinal_day"),
]
