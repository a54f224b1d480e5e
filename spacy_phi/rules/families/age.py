"""AGE rules: a person's age, in digits or words.

Ages above 89 are found without a cue ("92 yo", "age 95", "in her 90s"); every
other age needs an age cue, as i2b2 marks them all (priority 2; the surrogates
keep ages up to 89 in "hipaa" mode): "a 61-year-old", "fifty eight year old", "at
the age of 14", "i'm almost 40", "my oldest is thirteen", "in her fifties", "2 kids
(6 and 3)", "58m etoh cirrhosis". Look-alikes the rules must leave alone (guideline
limits "under 18 years of age", readings "in the 110s to 130s", measures "i'm 150
pounds", times "at 10 am") are in tests/rules/test_age.py.
"""

from __future__ import annotations

from typing import List, Tuple

from ...lexicon.person_words import RELATIVE_WORDS
from ..fragments import NAME_WORD, NUMBER_WORDS, TEENS_WORD, TENS_WORD, UNITS_WORD
from ..regex_rules import RegexRule

#: An age in words as speech transcripts write it ("sixty one", "eighty-one", "nine", "fifteen").
_SPOKEN_AGE = rf"(?:(?:{TENS_WORD})(?:[\s-](?:{UNITS_WORD}))?|{UNITS_WORD}|{TEENS_WORD})"
#: An age limit of a guideline, not a person's age: "under 18 years of age", "> 65 yo".
_AGE_LIMIT_BEFORE = r"(?:(?i:\b(?:under|over|above|below|than|younger|older|to|between|aged?\s+(?:over|under)))\s*|[<>≤≥]\s*)$"
#: After a number that a pronoun and "be" introduce: a measure, count or time, not an age.
_SPOKEN_AGE_NOT_AFTER = (
    # A range before a unit counts as the unit's ("i'm 45 or 50 pounds heavier").
    rf"(?:\s+(?i:or|to)\s+(?:\d{{1,3}}|(?i:{NUMBER_WORDS})))?(?:"
    rf"\s*(?:,\s*\d|and\s+a\s+half|(?i:hundred|thousand|{TENS_WORD}|{TEENS_WORD})\b)|"
    r"\s*(?:%|(?i:percent|pounds?|lbs?|kilos?|kg|kilograms?|grams?|mg|milligrams?|units?|minutes?|mins?|hours?|hrs?|days?|"
    r"weeks?|months?|times?|x\b|of\b|out\b|for\b|over\b|feet|foot|ft|inch(?:es)?|miles?|steps?|points?|degrees?|"
    r"cigarettes?|packs?|drinks?|beers?|glasses|cups?|bottles?|pills?|tablets?|shots?|doses?|puffs?|am\b|pm\b|o['’]?clock|"
    r"calories|ounces|oz|liters?|ml|cc|beats|bpm|centimeters?|cm|millimeters?|mm|dollars?|bucks|people|kids|children|sessions?|"
    r"visits?|rounds?|reps?|sets?|laps?|holes?|years?\s+(?:ago|since|now|of\s+(?:my|his|her|school|college|service))|years?\b(?!\s*old))))"
)
#: A pronoun and "be" before a spoken age: "i'm", "she was", "he turned".
#: No "they": "they were 110 last time" is a reading (the one match of every gold corpus).
_SPOKEN_AGE_SUBJECT = (
    r"\b(?:i|he|she|you|we)\s*(?:['’]m|['’]s|['’]re|am|is|are|was|were|turned|turns|turn|turning|will\s+be|['’]ll\s+be)\s+"
)
#: Hedges before a spoken age: "almost", "only like".
_SPOKEN_AGE_HEDGE = r"(?:(?:almost|about|around|like|nearly|only|just|now|already)\s+){0,2}"
#: Before "his 30s", "her forties": a person's decade of life, an age.
_DECADE_PREPOSITIONS = r"in|into|through|throughout|during|until|till|since"
#: After a decade: a range of readings, not an age ("in the 110s to 130s", "sixties range").
_DECADE_RANGE_AFTER = r"\s*(?:to\b|-|–|range|bpm|mm)"
#: "-year-old", " year old", "yo", "y/o", "years of age": the number before it is an age.
_AGE_UNIT_AFTER = (
    r"(?=\s*-?\s*(?i:y/o\b|y\.o\.|yo\b|yo[mf]\b|y(?=[mf]\b)|(?:years?|yrs?)[\s-]*old\b|years?\s+of\s+age\b))"
)
#: Children and siblings in the plural: "2 kids (6 and 3)" lists their ages
#: (RELATIVE_WORDS takes "sons", "daughters", "sisters"... with its plural "s").
_KIN_PLURAL = rf"(?:kids|children|boys|girls|twins|grandkids|grandchildren|stepkids|stepchildren|{RELATIVE_WORDS})"


def rules() -> List[RegexRule]:
    """The age rules, in a fixed order (see `builtin_rules` for what order decides).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
        RegexRule(
            "age_over_89_unit", "AGE",
            r"(?<![\w.])(?P<value>\d{2,3})(?=\s*-?\s*(?i:y/o|y\.o\.|yo|yrs?\b|years?\b|year-old|yr-old|y(?=[mf\s]|$)))",
            checks=("age_over_89",),
            description="age above 89 before 'yo', 'year-old', 'y/o' (lower ages are not Safe Harbor PHI)",
        ),
        RegexRule(
            "age_over_89_context", "AGE",
            r"(?i:\b(?:age|aged|age\s*:|ages)\s*)(?P<value>\d{2,3})(?![\w.]|/)",
            checks=("age_over_89",),
            description="age above 89 after 'age'/'aged'",
        ),
        RegexRule(
            "age_nineties_decade", "AGE",
            rf"(?i:\b(?:{_DECADE_PREPOSITIONS})\s+(?:his|her|their)\s+(?:early\s+|mid\s+|late\s+|mid-)?)"
            r"(?P<value>(?:9|1[01])0'?s)\b",
            exclude_after=_DECADE_RANGE_AFTER,
            # "in the 90's" without a person is how a note charts readings ("SATs in the mid 90s", "SR IN THE 90'S")
            description="'in her 90s' (not a range of readings: 'in the 110s to 130s'; not 'HR in the 90's')",
        ),
        # Ages of every value (i2b2 marks them all; the surrogates keep ages up to
        # 89 in "hipaa" mode, so finding them costs the note nothing).
        RegexRule(
            "age_unit", "AGE",
            rf"(?<![\w.,/-])(?P<value>\d{{1,3}}){_AGE_UNIT_AFTER}",
            exclude_before=_AGE_LIMIT_BEFORE,
            priority=2,
            description="any age before 'year-old', 'year old', 'yo', 'y/o', 'years of age' ('a 50-year-old', '59 year old')",
        ),
        RegexRule(
            "age_opening_history", "AGE",
            # a terse note opens with the age and the history: "98 s/p left hip fx", "92 w/ CHF"
            r"(?:\A|\n)[ \t]*(?P<value>\d{2,3})[ \t]+(?=(?i:s/p|h/o|w/|with|admitted|adm|presents?|presented|transferred)(?!\w))",
            checks=("age_over_89",),
            priority=2,
            description="an age of 90 or more that opens a line before the history ('98 s/p left hip fx'); not a count",
        ),
        RegexRule(
            "age_words_unit", "AGE",
            rf"(?<![\w-])(?P<value>(?i:{NUMBER_WORDS})){_AGE_UNIT_AFTER}",
            exclude_before=_AGE_LIMIT_BEFORE,
            priority=2,
            prefilter=r"(?i:year|y/o|yo\b|y\.o)",
            description="an age in words before 'year old' ('fifty eight year old', 'forty-four-year-old')",
        ),
        RegexRule(
            "age_context", "AGE",
            r"(?i:\b(?:(?:at|around|about|by)\s+(?:the\s+)?age\s+(?:of\s+)?|age\s+of\s+|(?:deceased|died|passed\s+away|diagnosed)\s*,?\s+(?:at\s+)?(?:age\s+)?|aged\s+))"
            rf"(?P<value>\d{{1,3}}|(?i:{NUMBER_WORDS}))(?![\w]|\.\d|/|['’]?s\b)",
            exclude_before=(
                r"(?i:\b(?:start|starting|starts|begin|beginning|begins|screen|screening|recommend\w*|until|after|before|over|under|since|till)"
                r"\s+(?:at\s+)?(?:the\s+)?(?:age\s+)?(?:of\s+)?)$"
            ),
            exclude_after=r"\s*(?:-|to\b|and\s+(?:up|over|older)|or\s+(?:older|younger|over|above)|\+)",
            priority=2,
            prefilter=r"(?i:\bage|deceased|died|passed|diagnosed)",
            # "passed" alone is what a nursing note charts of stool and urine ("PASSED 380 CC", "passed 1 lg stool")
            description="an age after 'at the age of', 'at age', 'aged', 'deceased age', 'passed away at' (not a screening age: 'starting at age 45')",
        ),
        RegexRule(
            "age_when_i_was_lower", "AGE",
            rf"\bwhen\s+(?:i|he|she|you|we|they)\s+(?:was|were)\s+(?:,\s*)?"
            rf"(?:(?:oh|like|about|around|maybe|only|just|um|uh)\s*,?\s+)*(?P<value>{_SPOKEN_AGE}|\d{{1,2}})(?![\w-])"
            r"(?!\s*(?:o['’]clock|pounds|lbs|percent|minutes|hours|am|pm|weeks|days|in\s+the))",
            prefilter=r"\bwhen\s+(?:i|he|she|you|we|they)\s+(?:was|were)\b",
            description="an age told as 'when i was , oh , sixty', 'when she was like nine' (not 'nine pounds', 'in the hospital')",
        ),
        RegexRule(
            "age_of_named_person_lower", "AGE",
            rf"\b(?P<name>[a-z]{{3,}})\s+is\s+(?P<value>{_SPOKEN_AGE})(?=\s*(?:now|years?\s+old|months?\s+old|[.,?!]|and\b|$))",
            flags="m",
            group_checks={"name": ("appositive_given_name",)},
            prefilter=rf"\bis\s+(?:{UNITS_WORD}|{TEENS_WORD}|{TENS_WORD})\b",
            description=(
                "a person's age in speech: a lower-case given name, 'is' and a number in words ('so eli is seven now', "
                "'kevin is nine .'); not a lab value ('ast is 62')"
            ),
        ),
        RegexRule(
            "age_he_she_is_lower", "AGE",
            rf"\b(?:he|she)['’]s\s+(?:only\s+|just\s+|about\s+|turning\s+)?(?P<value>{_SPOKEN_AGE}(?:\s+and\s+a\s+half)?)"
            r"(?=\s*(?:now|years?\s+old|[.,?!]|and\b|$))",
            flags="m",
            prefilter=r"\b(?:he|she)['’]s\s",
            description="an age in words after \"he's\", \"she's\" in speech ('he's twelve , so', 'she's three and a half'); not 'she's ten months pregnant'",
        ),
        RegexRule(
            "age_of_relative_lower", "AGE",
            rf"\b(?:my|his|her|our|the|their)\s+(?:{RELATIVE_WORDS}|oldest|youngest|eldest|middle\s+one|other\s+one|little\s+one)"
            rf"\s+is\s+(?:only\s+|just\s+|about\s+)?(?P<value>{_SPOKEN_AGE}(?:\s+and\s+a\s+half)?)(?![\w-])"
            # transcripts run sentences on ("the other one is ten i was playing"): only a unit after it excludes it
            r"(?!\s*(?:mg|milligrams?|percent|pounds?|lbs?|minutes?|hours?|days?|weeks?|months?|o['’]clock|times|units?|"
            r"dollars|bucks|feet|foot|inches|miles|blocks|out\s+of|of\s+(?:them|us|ten)|points?))",
            flags="m",
            prefilter=rf"\bis\s+(?:only\s+|just\s+|about\s+)?(?:{UNITS_WORD}|{TEENS_WORD}|{TENS_WORD})\b",
            description="an age in words after a relative or child in speech ('my oldest is thirteen and the other one is ten')",
        ),
        RegexRule(
            "age_at_life_event", "AGE",
            # A life or history event earlier in the clause, then "at"/"by"/"since" and a bare number
            # that ends there ("melanoma in situ at 52.", "heroin by 19, IV by 20", "1 ppd since 15").
            r"\b(?i:diagnosed|dx|dx'd|onset|first|started|began|begun|exposure|had|died|passed|deceased|history|hx|mi|cva|"
            r"stroke|cancer|melanoma|smoking|smoker|tobacco|ppd|cigarettes|drinking|etoh|alcohol|cannabis|marijuana|infection|disease|"
            r"use|using|heroin|iv|menarche|married|widowed|adopted|"
            r"emigrated|immigrated|moved|arrived|retired|quit|sober|since)\b[^.;\n]{0,40}?\b(?:at|by|since)\s+(?:age\s+)?"
            r"(?P<value>\d{1,2})(?![\d:/%-]|\.\d)(?=\s*(?:[,;)]|\.(?:\s|$)|[ \t]*$|[ \t]+-[ \t]|\s+(?:with|and|w/|after|when|then|\()))",
            flags="m",
            prefilter=r"\b(?:at|by|since)\s+(?:age\s+)?\d{1,2}\b",
            description=(
                "an age at a life or history event told as a bare number ('Mother had melanoma in situ at 52.', "
                "'intranasal heroin by 19, IV by 20', 'Tobacco: 1 ppd since 15'); not a time or a reading ('at 17:00', 'at 15%')"
            ),
        ),
        RegexRule(
            "age_onset_bare", "AGE",
            r"(?i:\b(?:onset|dx|diagnosis|diagnosed|first[ \t]+[a-z]+(?:[ \t]+[a-z]+)?)[ \t]+(?:at[ \t]+)?age[ \t]+)"
            r"(?P<value>\d{1,2})(?![\w%/]|\.\d)",
            prefilter=r"(?i:\bage[ \t]+\d)",
            description="an age after 'onset age', 'dx age', 'first drink age' (no 'at' or 'of': 'onset age 19', 'First drink age 18.')",
        ),
        RegexRule(
            "age_sex_glued", "AGE",
            # At a line's or field's start only: "(3M)" is a company, "(88M motor transport" a military job code.
            r"(?:^|(?<=[:\n,])|(?<=\S[ \t]{3}))[ \t]*(?P<value>\d{1,3})(?-i:[MF]|[mf])(?![\w/])"
            r"(?![ \t]*(?i:fr\b|french|foley|catheter|cath\b|sheath|tube|introducer|drain|ett|ngt?\b|x\b))",
            flags="m",
            prefilter=r"\d[MFmf](?![\w/])",
            description="an age written together with the sex at a line's start ('58m etoh cirrhosis', '72F with CHF'); not a French size ('16F foley')",
        ),
        RegexRule(
            "age_after_relative_initials", "AGE",
            rf"(?i:\b{RELATIVE_WORDS})[ \t]+(?-i:[A-Z]{{2,3}}|[A-Z]\.[A-Z]\.)[ \t]*\([ \t]*(?P<value>\d{{1,2}})[ \t]*\)",
            prefilter=r"\([ \t]*\d{1,2}[ \t]*\)",
            description="a child's age in brackets after a name written as initials ('care of son DJ (2)')",
        ),
        RegexRule(
            "age_after_relative_name", "AGE",
            rf"(?i:\b(?:half-)?{RELATIVE_WORDS})(?!['’])[ \t]+{NAME_WORD}(?:[ \t]+{NAME_WORD})?"
            rf"(?:[ \t]*\([ \t]*|[ \t]*,[ \t]*)(?P<value>\d{{1,3}})(?=[ \t]*[,;)])",
            prefilter=r"[(,][ \t]*\d{1,3}[ \t]*[,;)]",
            priority=2,
            description="a relative's age after the name ('wife Carmela (79)', 'brother Jaylen (4, pre-K', 'mother Ngozi, 61, teacher')",
        ),
        RegexRule(
            "age_spoken", "AGE",
            rf"(?i:{_SPOKEN_AGE_SUBJECT}{_SPOKEN_AGE_HEDGE})"
            rf"(?P<value>\d{{1,3}}|(?i:{NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
            exclude_after=_SPOKEN_AGE_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:\b(?:i|he|she|you|we)\s*['’]?(?:m|s|re|am|is|are|was|were|turn\w*|will|ll)\b)",
            description="a spoken age after 'i'm', 'she's', 'when i was' ('i'm almost 40', 'i was fourteen'; not 'i'm 150 pounds')",
        ),
        RegexRule(
            "age_spoken_second", "AGE",
            rf"(?i:{_SPOKEN_AGE_SUBJECT}{_SPOKEN_AGE_HEDGE}(?:\d{{1,3}}|{NUMBER_WORDS})\s+(?:or|to)\s+(?:maybe\s+)?)"
            rf"(?P<value>\d{{1,3}}|(?i:{NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
            exclude_after=_SPOKEN_AGE_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:\s(?:or|to)\s)",
            description="the second age of a spoken guess ('he was only like forty four or forty five')",
        ),
        RegexRule(
            "age_of_relative", "AGE",
            rf"(?i:\b(?:my|his|her|our|their|your)\s+(?:oldest|youngest|eldest|middle\s+one|{RELATIVE_WORDS})\s*"
            rf"(?:['’]s|is|was|turned|turns|just\s+turned|will\s+be)\s+{_SPOKEN_AGE_HEDGE})"
            rf"(?P<value>\d{{1,3}}|(?i:{NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
            exclude_after=_SPOKEN_AGE_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:\b(?:my|his|her|our|their|your)\s)",
            description="a relative's spoken age ('my oldest is thirteen', 'her son just turned 16')",
        ),
        RegexRule(
            # Without a possessive only after "who is" or a parent's "was": "son is 2 weeks
            # post-op" and "sister is 5 feet" stay out, and the scan stays cheap.
            "age_of_relative_bare", "AGE",
            rf"(?i:\b(?:(?:(?:a|an)\s+)?{RELATIVE_WORDS}(?:\s+also)?\s+who\s+(?:is|was|turned|turns|will\s+be)"
            rf"|(?:mom|dad|mother|father|mum)\s+(?:was|is))\s+{_SPOKEN_AGE_HEDGE})"
            rf"(?P<value>\d{{1,3}}|(?i:{NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
            exclude_after=_SPOKEN_AGE_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:\bwho\s+(?:is|was|turn|will)|\b(?:mom|dad|mother|father|mum)\s+(?:was|is)\b)",
            description="a relative's age without a possessive ('a son also who is nine', 'mom was 40')",
        ),
        RegexRule(
            "age_header", "AGE",
            r"(?<![\w])(?:Age|AGE)[ \t]*:?[ \t]*(?P<value>\d{1,3})(?![\w.,:/]|[ \t]*(?:-|–|to\b|\+|and\b|or\b))",
            priority=2,
            prefilter=r"(?:Age|AGE)",
            description="an age after a capitalised 'Age' field, colon or not ('Arrival 02:14 Age 22', 'AGE: 84'; not 'Age 18-65')",
        ),
        RegexRule(
            "age_infant_unit", "AGE",
            r"(?<![\w.,/-])(?P<value>\d{1,2})[ \t]*-?[ \t]*(?:(?:mo|mos|months?|wks?|weeks?|days?)[ \t]*-?[ \t]*"
            r"(?=old\b|o\b|ex-|(?i:male|female|boy|girl|infant|baby|twin)\b|[mfMF](?![\w/]))"
            r"|(?:hours?|hrs?)[ \t]*-?[ \t]*(?=old\b))",
            exclude_before=_AGE_LIMIT_BEFORE,
            priority=2,
            prefilter=r"(?i:\d[ \t]*-?[ \t]*(?:mo|wk|week|day|hour|hr))",
            description=(
                "an infant's age in months, weeks, days or hours ('7 mo ex-30 wk preterm female', '10 days old', "
                "'3 mo M', 'Now 35 hours old')"
            ),
        ),
        RegexRule(
            "age_corrected", "AGE",
            r"(?i:\bcorrected(?:\s+(?:gestational\s+)?age)?[ \t]*:?[ \t]*)(?P<value>\d{1,2})(?=[ \t]*(?i:mo|mos|months?|wks?|weeks?)\b)",
            priority=2,
            prefilter=r"(?i:corrected)",
            description="an infant's corrected age ('Age: 7 mo (corrected 5 mo)')",
        ),
        RegexRule(
            "age_now", "AGE",
            rf"(?:(?i:\b{RELATIVE_WORDS})|\b[A-Z][a-z]{{2,}})[^.;\n()]{{0,24}}?[,(][ \t]*(?i:now|currently|presently)[ \t]+"
            r"(?P<value>\d{1,2})(?=[ \t]*(?:[),;.]|and\b|y(?:ears?|rs?|/o|o)\b))",
            exclude_before=r"(?i:\b(?:hr|bp|rr|sats?|spo2|o2|temp|glucose|bg|weight|wt|pain|score|level|dose|rate|pulse|cr|hgb|inr|ef)\b[^,(]*)$",
            priority=2,
            prefilter=r"(?i:[,(][ \t]*(?:now|currently|presently)[ \t]+\d)",
            description="a person's present age after a name or relative ('daughter Aoife (now 3)', 'Your father, now 71 and living')",
        ),
        RegexRule(
            "age_list", "AGE",
            r"(?i:\bages[ \t]+)(?P<value>\d{1,2})(?=[ \t]*(?:,|and|&)[ \t]*\d{1,2}\b)",
            exclude_before=r"(?i:\b(?:between|from)\s+ages[ \t]+)$",
            priority=2,
            prefilter=r"(?i:\bages\s+\d)",
            description="the first of several ages after 'ages' ('two daughters, ages 14 and 11'; not 'between ages 35 and 40')",
        ),
        RegexRule(
            "age_list_next", "AGE",
            r"(?i:\bages[ \t]+\d{1,2}(?:[ \t]*,[ \t]*\d{1,2})*[ \t]*(?:,|and|&)[ \t]*(?:and[ \t]+)?)(?P<value>\d{1,2})(?![\w-])",
            exclude_before=r"(?i:\b(?:between|from)\s+ages[ \t]+\d{1,2}[ \t]*(?:and|,|&)[ \t]*)$",
            context_chars=40,
            priority=2,
            prefilter=r"(?i:\bages\s+\d)",
            description="the next ages after 'ages' ('ages 14 and 11')",
        ),
        RegexRule(
            "age_kin_list", "AGE",
            rf"(?i:\b{_KIN_PLURAL}[ \t]*\([ \t]*(?:ages?[ \t]*)?)(?P<value>\d{{1,2}})"
            r"(?=[ \t]*(?:,|and|&)[ \t]*\d{1,2}[ \t]*(?:,|and|&|\)))",
            priority=2,
            prefilter=r"\(",
            description="the first age in brackets after children or siblings ('2 kids (6 and 3)', 'sons (12, 9 and 4)')",
        ),
        RegexRule(
            "age_kin_list_next", "AGE",
            rf"(?i:\b{_KIN_PLURAL}[ \t]*\([ \t]*(?:ages?[ \t]*)?\d{{1,2}}(?:[ \t]*,[ \t]*\d{{1,2}})*[ \t]*(?:,|and|&)[ \t]*(?:and[ \t]+)?)"
            r"(?P<value>\d{1,2})(?=[ \t]*\))",
            context_chars=40,
            priority=2,
            prefilter=r"\(",
            description="the last age in brackets after children or siblings ('kids (12 and 9)')",
        ),
        RegexRule(
            # Weak (priority 1): "at 15" is an age only after a life-event word in the
            # same clause and before a clause end or "after"/"when" (not "at 10 am").
            "age_at_event", "AGE",
            r"(?i:\b(?:dx|dx'd|diagnosed|onset|started|began|begun|first|menarche|attempts?|si|quit|"
            r"hospitalized|arrested|adopted|immigrated|moved|married|divorced|widowed)\b[^.;:\n]{0,30}?\bat[ \t]+"
            r"(?:about[ \t]+|around[ \t]+|approximately[ \t]+|~[ \t]*)?)"
            r"(?P<value>\d{1,2})(?=[ \t]*(?:[,;.)]|$|(?:after|when|while|and|following|y/?o|yo|years?[ \t]+old)\b))",
            flags="m",
            prefilter=r"(?i:\bat\s+(?:about\s+|around\s+|approximately\s+|~\s*)?\d)",
            priority=1,
            description="an age after a life event ('MDD dx at 16', 'passive SI at 15 after', 'started hearing things at about 20'; not 'at 10 am')",
        ),
        RegexRule(
            "age_decade", "AGE",
            rf"(?i:\b(?:{_DECADE_PREPOSITIONS})\s+(?:my|his|her|their|your)\s+(?:early\s+|mid\s+|late\s+|mid-)?)"
            r"(?P<value>(?i:teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|[1-8]0['’]?s))(?![\w])",
            priority=2,
            exclude_after=_DECADE_RANGE_AFTER,
            prefilter=rf"(?i:\b(?:{_DECADE_PREPOSITIONS})\s+(?:my|his|her|their|your)\s)",
            description="'in my teens', 'in her fifties', 'through his 30s', 'into her forties' (the nineties: age_nineties_decade)",
        ),
    ]


#: (text, label, value, rule id): in each invented text the rule fires and gives
#: this value with this label (the span `phi_rules` writes, snapped to tokens);
#: tests/rules/ runs every line and the reference in docs/rules.md shows the first of each rule.
EXAMPLES: List[Tuple[str, str, str, str]] = [
    ("92 yo F", "AGE", "92", "age_over_89_unit"),
    ("a 101-year-old man", "AGE", "101", "age_over_89_unit"),
    ("54 and 91yM", "AGE", "91", "age_over_89_unit"),
    ("age 95", "AGE", "95", "age_over_89_context"),
    ("she is in her 90s", "AGE", "90s", "age_nineties_decade"),
    ("so john is a 61-year-old male", "AGE", "61", "age_unit"),
    ("roger is a 62 year old male here", "AGE", "62", "age_unit"),
    ("a 54 yo man", "AGE", "54", "age_unit"),
    ("CCU NPN: see flowsheet for data\n\n96 s/p left hip fx, intubated", "AGE", "96", "age_opening_history"),
    ("he is a fifty eight year old", "AGE", "fifty eight", "age_words_unit"),
    ("a forty-four-year-old woman", "AGE", "forty-four", "age_words_unit"),
    ("reconstruction at the age of 14.", "AGE", "14", "age_context"),
    ("Mother, deceased age 45, from breast cancer", "AGE", "45", "age_context"),
    ("Father passed away at 67 of a stroke", "AGE", "67", "age_context"),
    ("when i was fourteen i was a gymnast", "AGE", "fourteen", "age_when_i_was_lower"),
    ("[patient] i broke my wrist when i was , oh , sixty . slipped on ice", "AGE", "sixty", "age_when_i_was_lower"),
    ("[patient_guest] so eli is seven now and they fight like cats", "AGE", "seven", "age_of_named_person_lower"),
    ("[patient_guest] and then there's marcus , he's twelve , so he helps", "AGE", "twelve", "age_he_she_is_lower"),
    ("[patient] she's three and a half , and she talks all day", "AGE", "three and a half", "age_he_she_is_lower"),
    ("my oldest is thirteen and the other one is ten", "AGE", "thirteen", "age_of_relative_lower"),
    ("[patient] my oldest is thirteen and the other one is ten i was playing with them", "AGE", "ten", "age_of_relative_lower"),
    ("Psych hx: MDD dx at 16, ADHD dx at 9. Sertraline 100 mg", "AGE", "9", "age_at_life_event"),
    ("FH: Mother had melanoma in situ at 52. Father with HTN.", "AGE", "52", "age_at_life_event"),
    ("Smoking: 1 ppd since 15, quit 2019", "AGE", "15", "age_at_life_event"),
    ("- Tobacco: 1 ppd since 15\n- Cannabis: daily", "AGE", "15", "age_at_life_event"),
    ("| Varicella | hx disease at 8 - IgG positive 10/13/26 |", "AGE", "8", "age_at_life_event"),
    ("Migraine without aura, onset age 14, worse with menses", "AGE", "14", "age_onset_bare"),
    ("EtOH: first drink age 16, none since 2019", "AGE", "16", "age_onset_bare"),
    ("SH: EtOH, 2-3 drinks/wk. First drink age 18. No withdrawal sx.", "AGE", "18", "age_onset_bare"),
    ("micu attg note 2/14   bed 11\n58m etoh cirrhosis (meld 31)", "AGE", "58", "age_sex_glued"),
    ("associates of tulsa - 6/23/26\npt: young, bill r   68m   acct ft-2290418", "AGE", "68", "age_sex_glued"),
    ("be called re: care of son DJ (2).", "AGE", "2", "age_after_relative_initials"),
    ("lives w/ mom, grandma and half-brother Jaylen (4, pre-K at Brookridge)", "AGE", "4", "age_after_relative_name"),
    ("father Chukwuemeka Nwosu, 66, retired civil engineer", "AGE", "66", "age_after_relative_name"),
    ("i'm almost 40 and worried", "AGE", "40", "age_spoken"),
    ("he was only like forty four or", "AGE", "forty four", "age_spoken"),
    ("he was only like forty four or forty five when he died", "AGE", "forty five", "age_spoken_second"),
    ("she's like 40 to 45", "AGE", "45", "age_spoken_second"),
    ("her son just turned 16 last week", "AGE", "16", "age_of_relative"),
    ("no , i have a son also who is nine . he also has autism", "AGE", "nine", "age_of_relative_bare"),
    ("[patient] mom was 40 . and they recommended me", "AGE", "40", "age_of_relative_bare"),
    ("Arrival 03/06/2023 02:14 Age 22   G2P1001", "AGE", "22", "age_header"),
    ("HISTORY: 7 mo ex-30 wk preterm female with spasms.", "AGE", "7", "age_infant_unit"),
    ("Now 35 hours old.\nBirth wt 3,480 g", "AGE", "35", "age_infant_unit"),
    ("Age: 7 mo (corrected 5 mo)", "AGE", "5", "age_corrected"),
    ("pregnant w/ daughter Aoife (now 3).", "AGE", "3", "age_now"),
    ("two daughters, ages 14 and 11.", "AGE", "14", "age_list"),
    ("two daughters, ages 14 and 11.", "AGE", "11", "age_list_next"),
    ("Lives in North Liberty w/ wife and 2 kids (6 and 3). 2-3 beers", "AGE", "6", "age_kin_list"),
    ("Lives in North Liberty w/ wife and 2 kids (6 and 3). 2-3 beers", "AGE", "3", "age_kin_list_next"),
    ("Lifetime: passive SI at 15 after his father's death.", "AGE", "15", "age_at_event"),
    ("Worked on crab boats through his 30s, later a forklift operator.", "AGE", "30s", "age_decade"),
    ("Drank heavily into her forties.", "AGE", "forties", "age_decade"),
    ("started smoking in my teens", "AGE", "teens", "age_decade"),
    ("diagnosed in her fifties", "AGE", "fifties", "age_decade"),
    ("in his 40's", "AGE", "40's", "age_decade"),
]
