"""Regex pieces shared by the built-in rule families (`families/`).

Each piece is a string to put inside a rule's pattern (most are non-capturing
groups; `ID_VALUE` and `PERSON` hold the named group `value`, so a rule uses at
most one of them). A piece that one family alone uses lives in that family's
module; word lists (given names, gazetteers, vocabulary) are in
`spacy_phi/lexicon/`.
"""

from __future__ import annotations

from typing import Tuple

# -- identifiers after a context word --------------------------------------------

#: What may sit between a context word and its value: "MRN: ", "MR# ", "Acct #: ",
#: "Account number is ".
KEY_TAIL = r"\.?\s*(?:(?i:number|num|nbr|no)\b\.?\s*)?(?:[:#=]\s*)*(?:(?i:is)\s+)?"

#: An identifier value (group `value`): optional short letter prefix, then digits/capitals with
#: inner separators ("0937884", "38:Z8912708G", "9-2784353", "AB-123-456").
#: Upper case only, so a glued word ("0937884Date") is not swallowed.
ID_VALUE = r"(?P<value>(?:[A-Z]{1,4}[-:]?)?\d[0-9A-Z]*(?:[-/.:][0-9A-Z]+)*)(?:(?![0-9A-Za-z])|(?=[A-Z][a-z]))"

# -- months, weekdays and numbers of a date ----------------------------------------

_MONTHS_FULL = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
_MONTHS_ABBR = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")


def _title_and_upper(words: Tuple[str, ...]) -> str:
    """The words in Title and UPPER case as one alternation, longest first."""
    variants = sorted({w for word in words for w in (word, word.upper())}, key=len, reverse=True)
    return "|".join(variants)


#: A month name in Title or UPPER case, full or abbreviated ("September", "SEPT", "Sep.");
#: "may" and "march" in lower case are verbs.
MONTH = rf"(?:(?:{_title_and_upper(_MONTHS_FULL)})|(?:{_title_and_upper(_MONTHS_ABBR)})\.?)"
#: Full month names that are not also common words, usable on their own ("August"; not "May").
MONTH_ALONE = _title_and_upper(tuple(m for m in _MONTHS_FULL if m not in ("March", "May")))
#: An abbreviated weekday ("Tues", "Thurs", "Sat").
WEEKDAY_ABBR = r"(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)"
#: Lower-case month names, as transcribed speech and nursing notes write them ("january").
#: "march" and "may" are verbs too: alone they need a cue word (see the date rules).
MONTH_LOWER = "january|february|march|april|may|june|july|august|september|october|november|december"
#: Lower-case months that are no other word ("october"; not "may", "june").
MONTH_LOWER_UNAMBIGUOUS = "january|february|july|september|october|november|december"
#: Lower-case months that are also given names ("april", "june", "august"):
#: matched alone with priority 1 so that an NER PATIENT label wins the merge.
MONTH_LOWER_NAMES = "april|june|august"
#: A digit of a spoken number ("seven").
UNITS_WORD = "one|two|three|four|five|six|seven|eight|nine"
#: Ten to nineteen in words ("fifteen").
TEENS_WORD = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
#: The tens in words ("forty").
TENS_WORD = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
#: A spoken number up to 199: "fifty eight", "forty-four", "nineteen", "one hundred and two".
NUMBER_WORDS = (
    rf"(?:(?:{TENS_WORD})(?:[\s-]+(?:{UNITS_WORD}))?|{TEENS_WORD}|{UNITS_WORD}|(?:one\s+)?hundred(?:\s+and)?(?:\s+(?:{UNITS_WORD}|{TEENS_WORD}))?)"
)
#: A day of the month, with or without its zero ("7", "07", "31").
DAY = r"(?:0?[1-9]|[12]\d|3[01])"
#: A month number, with or without its zero ("9", "09", "12").
MONTH_NUM = r"(?:0?[1-9]|1[0-2])"
#: An optional ordinal ending ("14th", "1st").
ORD = r"(?:st|nd|rd|th)?"
#: A four-digit year of a life, 1880-2199, shifted years included ("1952", "2067").
YEAR4 = r"(?:18[89]\d|19\d\d|2[01]\d\d)"
#: A four-digit year or an apostrophe and two digits ("2067", "'67").
YEAR = rf"(?:{YEAR4}|'\d\d)"

# -- fractions and scores that are no dates ---------------------------------------

#: Heads after "n/m" that make it a grade, score or fraction ("2/6 murmur", "5/5 strength", "1/2 tab").
FRACTION_AFTER = (
    r"\s*(?:murmur|holosystolic|systolic|diastolic|ejection|strength|motor|power|reflex|dtr|pain|"
    r"tabs?|tablets?|caps?|capsules?|cups?|inch|inches|in\b|of\b|vision|scale|score|ns\b|"
    r"dose|strength|bilat|throughout|b/l|x\b)"
)
#: Context before "n/m" that makes it a score or ratio ("pain 7/10", "BP 120/80", "GCS: 14/15").
#: A short subset of `spacy_phi.lexicon.scores.SCORE_WORDS`, matched inside words ("painful"):
#: built from the whole list the same way it would also drop real dates after a name or word
#: that holds a test's name ("Dr. Goldberg on 12/19", "extremity dopplers on 05/08"), so it
#: stays this list until the bare m/d rule asks for whole words.
FRACTION_BEFORE = r"(?:pain|score|scale|rated|rates|strength|motor|grade|murmur|gcs|apgars?|ratio|power|bp|b/p)(?:\s+\w+){0,2}\s*[:=]?"

# -- person names --------------------------------------------------------------------

#: Capitalised words that never end a name after a title ("Dr. Smith Monday", "Dr. Lee Clinic").
NOT_NAME_WORDS = (
    r"(?:Today|Yesterday|Tomorrow|Tonight|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
    r"Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Jan|Feb|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|"  # not Sun, Sat, Mar: surnames
    r"January|February|March|April|May|June|July|August|September|October|November|December|"
    r"And|Or|The|On|In|At|For|From|With|To|Of|Is|Was|Will|Has|Had|Note|Notes|Clinic|Service|Team|"
    r"Office|Hospital|Center|Department|Attending|Resident|Fellow|Nurse|Please|Called|Said|Saw|"
    r"Recommended|Agrees|Aware|Notified|Paged|Here|There|Also|Who|Which|Regarding|Re|Cc|Per|"
    r"Discussed|Reviewed|Spoke|Feels|Thinks|Recommends|Signed|Dictated|Performed)\b"
)
#: One capitalised name word: "Smith", "O'Neil", "McLean", "Smith-Jones".
NAME_WORD = r"[A-Z](?:'[A-Z])?[a-z]+(?:[A-Z][a-z]+)?(?:-[A-Z]?[a-z]+)*"
#: A person's name after a title (group `value`): "Smith", "John Smith", "John R. Smith".
#: Words of one name are on one line, and an initial is a letter alone ("Yusuf\n\nHISTORY" is no name).
PERSON = rf"(?P<value>{NAME_WORD}(?:[ \t]+[A-Z]\.?(?![A-Za-z]))?(?:[ \t]+(?!{NOT_NAME_WORDS}){NAME_WORD})?)"
#: A name word in capitals: "JONES", "SMITH-JONES".
CAPS_NAME = r"[A-Z]{2,}(?:[-'][A-Z]{2,})?"
