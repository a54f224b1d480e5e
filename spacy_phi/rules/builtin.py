"""The built-in PHI rules of `phi_rules`.

Rules follow the i2b2 2014 annotation conventions: the span is the value only
("MRN: 0937884" gives "0937884", "Dr. Smith" gives "Smith"). Each rule has an
id (reported in provenance and the audit manifest) and a priority used by
`phi_merge` when detectors disagree on a label: 3 for rules anchored by a
format or a context word, 2 for weaker cues, 1 for shape-only guesses.

Precision matters as much as recall here: every rule is tested against
look-alikes (vitals "BP 120/80", labs "Na 138", doses "40,000 units", ICD and
CPT codes, times, fractions, murmur grades, pain scores) in
tests/test_rules.py. Add a negative case there with every new rule.
"""

from __future__ import annotations

import re
from typing import List, Tuple

from ..lexicon.vocabulary import default_vocabulary
from ..lexicon.person_words import RELATIVE_WORDS, STAFF_ROLE_ABBREVIATIONS
from ..lexicon.gazetteers import CHAIN_NAMES, cms_hospital_pattern, countries_lower_pattern, HOSPITAL_HEADS, HOSPITAL_HEADS_CAPS, ORGANIZATION_SUFFIXES, UNIT_HEADS, US_STATES_LOWER, WARD_ACRONYMS, WARD_FLOOR_AND_WING, WORK_FIELDS
from .identifier_shapes import identifier_shape_rules
from .regex_rules import RegexRule

# -- shared pieces -------------------------------------------------------------

#: What may sit between a context word and its value: "MRN: ", "MR# ", "Acct #: ",
#: "Account number is ".
_KEY_TAIL = r"\.?\s*(?:(?i:number|num|nbr|no)\b\.?\s*)?(?:[:#=]\s*)*(?:(?i:is)\s+)?"

#: An identifier value: optional short letter prefix, then digits/capitals with
#: inner separators ("0937884", "38:Z8912708G", "9-2784353", "AB-123-456").
#: Upper case only, so a glued word ("0937884Date") is not swallowed.
_ID_VALUE = r"(?P<value>(?:[A-Z]{1,4}[-:]?)?\d[0-9A-Z]*(?:[-/.:][0-9A-Z]+)*)(?:(?![0-9A-Za-z])|(?=[A-Z][a-z]))"

_MONTHS_FULL = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
_MONTHS_ABBR = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")


def _title_and_upper(words: Tuple[str, ...]) -> str:
    variants = sorted({w for word in words for w in (word, word.upper())}, key=len, reverse=True)
    return "|".join(variants)


#: A month name in Title or UPPER case ("may" and "march" in lower case are verbs).
_MONTH = rf"(?:(?:{_title_and_upper(_MONTHS_FULL)})|(?:{_title_and_upper(_MONTHS_ABBR)})\.?)"
#: Full month names that are not also common words, usable on their own.
_MONTH_ALONE = _title_and_upper(tuple(m for m in _MONTHS_FULL if m not in ("March", "May")))
_WEEKDAY_ABBR = r"(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)"
#: Lower-case month names, as transcribed speech and nursing notes write them.
#: "march" and "may" are verbs too: alone they need a cue word (see the rules).
_MONTH_LOWER = "january|february|march|april|may|june|july|august|september|october|november|december"
_MONTH_LOWER_UNAMBIGUOUS = "january|february|july|september|october|november|december"
#: Lower-case months that are also given names ("april", "june", "august"):
#: matched alone with priority 1 so that an NER PATIENT label wins the merge.
_MONTH_LOWER_NAMES = "april|june|august"
#: Spoken numbers: "fifty eight", "forty-four", "nineteen".
_UNITS_WORD = "one|two|three|four|five|six|seven|eight|nine"
_TEENS_WORD = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS_WORD = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_NUMBER_WORDS = (
    rf"(?:(?:{_TENS_WORD})(?:[\s-]+(?:{_UNITS_WORD}))?|{_TEENS_WORD}|{_UNITS_WORD}|(?:one\s+)?hundred(?:\s+and)?(?:\s+(?:{_UNITS_WORD}|{_TEENS_WORD}))?)"
)
#: An age in words as speech transcripts write it ("sixty one", "eighty-one", "nine", "fifteen").
_SPOKEN_AGE = rf"(?:(?:{_TENS_WORD})(?:[\s-](?:{_UNITS_WORD}))?|{_UNITS_WORD}|{_TEENS_WORD})"
#: Heads of a street said in lower case ("spencer highway") and company words ("alamo roofing").
_STREET_HEADS_LOWER = "road|avenue|boulevard|highway|pike|drive|street|lane|parkway|blvd|trail|circle|court|expressway|freeway|turnpike"
_COMPANY_WORDS_LOWER = (
    r"roofing|plumbing|landscaping|trucking|construction|insurance|towing|electric|logistics|fire\s+department|"
    r"police\s+department|airlines|motors|foods|industries|manufacturing|bank"
)
#: A spoken year: "nineteen eighty two", "twenty twenty", "twenty oh five", "two thousand and nine".
_SPOKEN_YEAR = (
    rf"(?:(?:nineteen|twenty)[\s-]+(?:oh[\s-]+(?:{_UNITS_WORD})|{_TEENS_WORD}|(?:{_TENS_WORD})(?:[\s-]+(?:{_UNITS_WORD}))?)"
    rf"|two\s+thousand(?:\s+and)?(?:\s+(?:{_TEENS_WORD}|{_UNITS_WORD}|twenty(?:[\s-]+(?:{_UNITS_WORD}))?))?)"
)
#: An age limit of a guideline, not a person's age: "under 18 years of age", "> 65 yo".
_AGE_LIMIT_BEFORE = r"(?:(?i:\b(?:under|over|above|below|than|younger|older|to|between|aged?\s+(?:over|under)))\s*|[<>≤≥]\s*)$"
#: After a number that a pronoun and "be" introduce: a measure, count or time, not an age.
_SPOKEN_AGE_NOT_AFTER = (
    # A range before a unit counts as the unit's ("i'm 45 or 50 pounds heavier").
    rf"(?:\s+(?i:or|to)\s+(?:\d{{1,3}}|(?i:{_NUMBER_WORDS})))?(?:"
    rf"\s*(?:,\s*\d|and\s+a\s+half|(?i:hundred|thousand|{_TENS_WORD}|{_TEENS_WORD})\b)|"
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
#: Staff roles after "RN" that are no name ("RN CM Teresa Pham").
_STAFF_ROLES = "|".join(sorted((re.escape(r) for r in STAFF_ROLE_ABBREVIATIONS), key=len, reverse=True))
#: Before "his 30s", "her forties": a person's decade of life, an age.
_DECADE_PREPOSITIONS = r"in|into|through|throughout|during|until|till|since"
#: After a decade: a range of readings, not an age ("in the 110s to 130s", "sixties range").
_DECADE_RANGE_AFTER = r"\s*(?:to\b|-|–|range|bpm|mm)"
#: A spoken year that no count reads like: "twenty eighteen", "nineteen eighty two", "twenty oh five".
_SPOKEN_CENTURY_YEAR = (
    rf"(?:nineteen|twenty)[\s-]+(?:oh[\s-]+(?:{_UNITS_WORD})|{_TEENS_WORD}|(?:{_TENS_WORD})(?:[\s-]+(?:{_UNITS_WORD}))?)"
)
#: After a spoken number: a measure or a count, not a year ("twenty twenty vision").
_SPOKEN_YEAR_NOT_AFTER = (
    r"\s*(?:vision|percent|%|mg|milligrams?|units?|pounds?|minutes?|hours?|days?|weeks?|months?|years?|times|over|to)\b"
)
#: "-year-old", " year old", "yo", "y/o", "years of age": the number before it is an age.
_AGE_UNIT_AFTER = (
    r"(?=\s*-?\s*(?i:y/o\b|y\.o\.|yo\b|yo[mf]\b|y(?=[mf]\b)|(?:years?|yrs?)[\s-]*old\b|years?\s+of\s+age\b))"
)
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_MONTH_NUM = r"(?:0?[1-9]|1[0-2])"
_ORD = r"(?:st|nd|rd|th)?"
_YEAR4 = r"(?:18[89]\d|19\d\d|2[01]\d\d)"  # 1880-2199: a year of a life, shifted ones included
_YEAR = rf"(?:{_YEAR4}|'\d\d)"

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
    # a time ("at 2040"), a model year ("a 2014 Ford"), a limit ("under 2000"), a classification
    r"at|a|an|under|over|than|about|approximately|banff)\b[^A-Za-z\n]{0,3}|[#$~])$"
)
#: Heads after "n/m" that make it a grade, score or fraction.
_FRACTION_AFTER = (
    r"\s*(?:murmur|holosystolic|systolic|diastolic|ejection|strength|motor|power|reflex|dtr|pain|"
    r"tabs?|tablets?|caps?|capsules?|cups?|inch|inches|in\b|of\b|vision|scale|score|ns\b|"
    r"dose|strength|bilat|throughout|b/l|x\b)"
)
#: Context before "n/m" that makes it a score or ratio.
_FRACTION_BEFORE = r"(?:pain|score|scale|rated|rates|strength|motor|grade|murmur|gcs|apgars?|ratio|power|bp|b/p)(?:\s+\w+){0,2}\s*[:=]?"
#: "n/5" and "n/10" with n up to 5 or 10: dates, but pain and strength scores too.
_SCORE_SHAPED = r"(?:[1-5]/5|0?[1-9]/10|10/10)"
#: Words before a bare "m/d" that make it a date.
_DATE_CUE = (
    r"(?i:\b(?:on|since|from|until|till|thru|through|to|dated?|seen|admitted|admission|discharged?|"
    r"d/c'?d?|surgery|f/u|follow-?up|appt|appointment|visit|last|next|by|starting|started|stopped|"
    r"due|returns?|effective|scheduled|planned|as\s+of|before|after|between|and|dos|doa|dod|"
    # an event's past participle: "intubated 3/4", "PICC placed 2/27", "flew back 2/10"
    r"intubated|extubated|placed|removed|inserted|drawn|collected|transferred|arrived|delivered|diagnosed|"
    r"dx'?d|vaccinated|swabbed|biopsied|resected|repaired|returned|flew\s+back|came\s+back)\b\.?:?\s+)"
)

_US_STATES_ABBR = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|"
    "NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR"
)
_US_STATES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|"
    "Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|"
    "Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New\\s+Hampshire|New\\s+Jersey|"
    "New\\s+Mexico|New\\s+York|North\\s+Carolina|North\\s+Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|"
    "Rhode\\s+Island|South\\s+Carolina|South\\s+Dakota|Tennessee|Texas|Utah|Vermont|Virginia|"
    "Washington|West\\s+Virginia|Wisconsin|Wyoming|Puerto\\s+Rico"
)

#: Phone number core: optional +1, area code, exchange, line; optional extension.
_PHONE_CORE = (
    r"(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}"
    r"(?:\s*(?:x|ext\.?|extension)\s*\d{1,5}(?:-\d{1,5})?)?"
)
_PHONE_CONTEXT = {
    r"\b(?:fax(?:ed|ing|es)?|facsimile|f)\b\s*(?:#|no\.?|number)?\s*[:.]?": "FAX",
    r"\b(?:phone|ph|tel|telephone|call|cell|mobile|pager|beeper|pgr|p|contact|home|work|office|callback|number)\b": "PHONE",
}

#: A person's name after a title: "Smith", "John Smith", "John R. Smith", "O'Neil", "Smith-Jones".
_NOT_NAME_WORDS = (
    r"(?:Today|Yesterday|Tomorrow|Tonight|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
    r"Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Jan|Feb|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|"  # not Sun, Sat, Mar: surnames
    r"January|February|March|April|May|June|July|August|September|October|November|December|"
    r"And|Or|The|On|In|At|For|From|With|To|Of|Is|Was|Will|Has|Had|Note|Notes|Clinic|Service|Team|"
    r"Office|Hospital|Center|Department|Attending|Resident|Fellow|Nurse|Please|Called|Said|Saw|"
    r"Recommended|Agrees|Aware|Notified|Paged|Here|There|Also|Who|Which|Regarding|Re|Cc|Per|"
    r"Discussed|Reviewed|Spoke|Feels|Thinks|Recommends|Signed|Dictated|Performed)\b"
)
#: Title-case words after "Nurse", "NP", "PA-C" that are not names ("Nurse Manager", "NP Note").
_NOT_CLINICIAN_WORDS = (
    r"Manager|Practitioner|Call|Station|Note|Notes|Assessment|Triage|Navigator|Educator|Specialist|Visit|"
    r"Coordinator|Supervisor|Anesthetist|Midwife|Clinic|Team|Staff|Report|Aware|Notified|Present|Here|She|He|They|It|We|The"
)
#: Care staff's roles written before their name ("RD Collette", "Chaplain Beatrice
#: Ngwenya"). No "Interpreter": the language comes first ("Interpreter: Spanish, ...").
_STAFF_ROLES_FIRST = (
    "RD|SW|CM|SLP|RT|OT|MSW|PCP|CRC|Chaplain|Dietitian|Pharmacist|Counselor|counselor|Therapist|Doula|Scribe|Tech|"
    "[Cc]o-facilitator|[Ff]acilitator"
)
#: Heads of a practice's or institution's name after a role word ("PCP: Sanford Children's Clinic").
_PRACTICE_AFTER = (
    r"['’]?s?[ \t]+(?:Clinic|Hospital|Center|Centre|Health|Medical|Family|Associates|Group|Pediatrics|Practice|"
    r"Physicians|Care|Medicine|Partners)\b"
)
#: Titles of office before a lay person's name ("Coach Delgado", "Officer Duncan").
_LAY_TITLES = (
    r"Coach|Officer|Deputy|Sgt\.?|Sergeant|Detective|Det\.|Trooper|Pastor|Rabbi|Imam|Judge|Principal|Teacher|"
    r"Caseworker|Landlord"
)
_LAY_TITLES_CAPS = "OFFICER|DEPUTY|SGT|SERGEANT|DETECTIVE|TROOPER|COACH|PASTOR"
_NAME_WORD = r"[A-Z](?:'[A-Z])?[a-z]+(?:[A-Z][a-z]+)?(?:-[A-Z]?[a-z]+)*"
# Words of one name are on one line, and an initial is a letter alone ("Yusuf\n\nHISTORY" is no name).
_PERSON = rf"(?P<value>{_NAME_WORD}(?:[ \t]+[A-Z]\.?(?![A-Za-z]))?(?:[ \t]+(?!{_NOT_NAME_WORDS}){_NAME_WORD})?)"
_CAPS_NAME = r"[A-Z]{2,}(?:[-'][A-Z]{2,})?"
#: A family name's particle written before it ("DELA CRUZ-SANTOS, MARIA FE", "Van Buren, Ann").
_FAMILY_PARTICLE = (
    r"(?:(?:DE|DELA|DEL|DE[ \t]+LA|VAN|VON|DA|DI|LA|LE|DOS|DAS|De|Dela|Del|Van|Von|Da|Di|La|Le|Dos|Das)[ \t])?"
)
#: Name fields of forms for people who are patients by another name.
_PERSON_FIELDS = (
    "Client|CLIENT|Applicant|APPLICANT|Inmate|INMATE|Resident(?:\\s+Name)?|RESIDENT(?:\\s+NAME)?|"
    "Participant|PARTICIPANT|Member\\s+Name|MEMBER\\s+NAME|Employee\\s+Name|EMPLOYEE\\s+NAME"
)
#: Capitalised words after a relative word that are not names ("Mother Alive", "Son Lives").
_NOT_RELATIVE_NAME = (
    r"(?:Alive|Deceased|Died|Dies|Living|Lives|Healthy|Unknown|Adopted|History|Hx|Denies|Reports|States|"
    r"Passed|Age|Aged|Side|Smoker|Present|Here|At|In|Is|Has|Had|Was|With|And|Or|The|Of|Also|Who|"
    r"Called|Visited|Notified|Aware|Bedside|Health|Status|Cancer|Diabetes|Hospital|Clinic|Center|Services?)\b"
)
#: Lower-case words that may be a name in a lower-case note ("wife agnieszka"); the
#: rules that use it also require the `not_common_word` check.
_LOWER_NAME_WORD = r"[a-z][a-z'-]{2,}"
#: Care roles and lay roles before a name written without a title ("therapist B. Okafor",
#: "sponsor Dale Whitcomb"): over every gold corpus, 29 and 68 exact matches, no false alarm.
_CARE_ROLES = (
    r"therapist|counselor|counsellor|psychologist|psychiatrist|social[ \t]+worker|case[ \t]+manager|caseworker|"
    r"dietitian|dietician|pharmacist|chaplain|physiatrist|audiologist|midwife|doula|hospitalist|intensivist|surgeon|"
    r"oncologist|cardiologist|neurologist|nephrologist|pcp"
)
_LAY_ROLES = (
    r"teacher|coach|sponsor|attorney|lawyer|landlord|roommate|neighbor|neighbour|friend|boss|supervisor|coworker|"
    r"co-worker|caregiver|guardian"
)
#: Titles after a role: the title rules take the name ("PCP Dr. Lim", "Neighbor Mrs. Pruitt").
_TITLE_WORDS = r"(?:Dr|Drs|Mr|Mrs|Ms|Miss|Mx|Doctor|Lic|Prof|Rev)"
#: Public services and courts named after their place ("Boston EMS", "Cook County Circuit Court").
_PUBLIC_SERVICE_HEADS = (
    r"PD|EMS|Police(?:[ \t]+Department)?|Fire[ \t]+(?:Department|Rescue)|Sheriff['’]?s[ \t]+(?:Office|Department)|"
    r"(?:District|Circuit|Superior|Municipal|Probate|Juvenile|Family|County)[ \t]+Court"
)
#: "dr" or "doctor" before a lower-case clinician's name, not twice ("doctor doctor cooper").
_LOWER_DOCTOR_TITLE = r"\b(?:dr\.?|doctor)\s+(?!(?:dr|doctor)\b)"
_STREET_SUFFIX = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Terrace|Ter|"
    r"Parkway|Pkwy|Highway|Hwy|Circle|Cir|Square|Sq|Trail|Trl|Turnpike|Tpke|Pike|Row|Alley|Plaza)"
)
#: Capitalised words that start a sentence before an employer's name ("Called Lincoln Towing").
_NOT_ORGANIZATION_START = (
    r"(?:Called|Contacted|Spoke|Seen|Per|Discussed|Works|Worked|Working|Employed|Retired|Former|Left|Faxed|Sent|"
    r"At|For|With|From|Via|By|To|The|Pt|Patient|He|She|They|Wife|Husband|Son|Daughter|Mother|Father|Insurance|Employer)"
)
#: An employer's name after a work cue: up to four capitalised words, not a
#: title or a word of time or place standing alone ("Dr.", "Home", "Night";
#: "Home Depot" is kept).
_EMPLOYER_NAME = (
    r"(?!(?:Dr|Mr|Mrs|Ms|Miss|Home|Night|Nights|Times|Least|Work|First|This|That|His|Her|Their|Our|My|"
    r"Present|Baseline|Rest|Risk|All|Age|Bedtime|Discharge|Admission|Noon|Midnight|School|Church|Onset|Birth)\b"
    r"(?![ \t]+[A-Z]))"
    r"[A-Z][A-Za-z'’&-]*(?:[ \t]+(?:&|of|[A-Z][A-Za-z'’&-]*)){0,3}"
)
#: Function words and clinical verbs that start a sentence before a name, never part of it.
#: A street after a floor-and-wing look-alike ("5 West Main St" is an address).
_STREET_AFTER_WING = (
    r"[ \t]+[A-Z][a-z]+\.?[ \t]+(?i:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pkwy|ct|pl|hwy)\b"
)
#: A name of two to eight capitalised words (connectors between), the owner of a
#: branch town ("Providence Medical Group - Bethany").
_BRANCH_OWNER = r"[A-Z][\w'’&./-]*(?:[ \t]+(?:&|and|of|the|at|[A-Z][\w'’&./-]*)){1,7}"
#: A town of one to three words, in title case or capitals ("Rio Rancho", "RED WING").
_BRANCH_TOWN = r"[A-Z][a-z]+(?:[ \t-][A-Z][a-z]+){0,2}|[A-Z]{3,}(?:[ \t][A-Z]{3,}){0,2}"
_NOT_HOSPITAL_WORD = (
    r"(?!(?i:is|are|does|do|did|can|should|what|which|how|why|would|could|will|the|a|an|at|to|in|on|from|by|"
    r"for|with|and|of|per|via|seen|admitted|transferred|discharged|presented|followed|called|sent|"
    # imperatives of instructions ("Call Clinic with concerns", "Return to ...")
    r"call|contact|return|schedule|page|notify|refer|phone|ask|attend|visit|go|see|check)\b)"
)
#: A capitalised word ("St.", "Joseph's", "McLean") and a word in capitals ("BETH").
_TITLE_WORD = rf"(?:St\.|{_NOT_HOSPITAL_WORD}[A-Z][a-z'’]+(?:[A-Z][a-z]+)?)"
_CAPS_WORD = rf"(?:ST\.|{_NOT_HOSPITAL_WORD}[A-Z][A-Z'’]+)"


def _hospital_name(word: str, heads: str) -> str:
    """Up to six words of one case before a hospital head, then "of <place>" or
    "-<place>" ("Medical Center-Little Rock"); one case, so that a header in
    capitals before a capitalised name stays out ("OPERATIVE REPORT Baptist ...")."""
    return (
        rf"{word}(?:[ \t]+(?:(?:of|the|and|&|OF|THE|AND)[ \t]+)?{word}){{0,5}}[ \t]+(?:{heads})"
        rf"(?:[ \t]+(?i:of)[ \t]+{word}(?:[ \t]+{word}){{0,2}}|-{word}(?:[ \t]+{word})?)?"
    )


#: Words that end a profession after "works as a" ("works as a cook at ...").
_PROFESSION_STOP = r"(?:at|for|in|with|and|but|since|until|on|of|from|to|who|when|while|now|part|full|per|x)\b"


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
                rf"(?i:\b(?:in|since|during|between|circa|years?)\s+){_YEAR4}(?:{_YEAR_LIST_SEP}{_YEAR4}){{{k}}}"
                rf"{_YEAR_LIST_SEP}(?P<value>{_YEAR4})(?![\w/:-]|\.\d)",
                exclude_after=_UNIT_AFTER,
                priority=2,
                description=f"year {k + 2} of a list after a time word ('in 2085 and 2088')",
            )
        )
    return rules


#: Words before a place of residence, origin or travel.
_PLACE_CUE = r"in|from|to|near|visiting|visited|outside\s+of|outside|around"
#: After a place: a team or an institution named after it, not where someone is.
_TEAM_OR_INSTITUTION_AFTER = (
    r"\s+(?:state|university|college|fan|fans|team|forty|49ers|niners|giants|jets|bulls|bears|cowboys|"
    r"yankees|mets|red\s+sox|lakers|heat|dolphins|marathon|general|memorial|medical|hospital|clinic)\b"
)


def _lower_place_rules() -> List[RegexRule]:
    """A lower-case US city of one, two or three words after a place cue ("i
    lived in detroit", "moved here from san antonio"): one rule per length, as a
    check cannot shorten a match."""
    rules = []
    for n in (1, 2, 3):
        rules.append(
            RegexRule(
                f"city_lower_{n}", "CITY",
                rf"\b(?:{_PLACE_CUE})\s+(?P<value>[a-z][a-z'.-]+(?:\s+[a-z][a-z'.-]+){{{n - 1}}})(?![\w'’-])",
                checks=("us_city_lower",),
                exclude_after=_TEAM_OR_INSTITUTION_AFTER,
                priority=2,
                description=f"a lower-case US city of {n} word(s) after 'in', 'from', 'to' ('lived in detroit')",
            )
        )
    return rules


#: Children and siblings in the plural: "2 kids (6 and 3)" lists their ages
#: (RELATIVE_WORDS takes "sons", "daughters", "sisters"... with its plural "s").
_KIN_PLURAL = rf"(?:kids|children|boys|girls|twins|grandkids|grandchildren|stepkids|stepchildren|{RELATIVE_WORDS})"
#: "i'm a", "she is an", "employed as a": a job follows.
_JOB_CUE = (
    r"(?i:\b(?:i['’]m|i\s+am|he\s+is|she\s+is|he['’]s|she['’]s|you['’]re|you\s+are|who\s+is|patient\s+is|"
    r"employed\s+as|job\s+as|career\s+as)\s+(?:a|an)\s+)"  # "works as a": profession_works_as
)


def _role_then_name_rule(rule_id: str, label: str, roles: str, description: str) -> RegexRule:
    """A name after a role word written without a title ("Therapist Okafor", "sponsor
    Dale Whitcomb"), an initial allowed; weak (priority 1): a full name the tagger found
    around it keeps its extent."""
    return RegexRule(
        rule_id, label,
        rf"\b(?i:{roles})[ \t]+(?!{_TITLE_WORDS}\b)(?P<value>(?:[A-Z]\.[ \t]*)?{_NAME_WORD}"
        rf"(?:[ \t]+(?!{_NOT_NAME_WORDS}\b){_NAME_WORD})?)(?![\w'’-])",
        checks=("not_common_word",),
        prefilter=rf"(?i:\b(?:{roles})[ \t]+[A-Z])",
        priority=1,
        description=description,
    )


def _profession_is_a_rules() -> List[RegexRule]:
    """A job of one word or a modifier and a job after a cue ("he is a farmer",
    "i'm an x-ray tech", "employed as an RN", "retired barber", "a 43-year-old
    HVAC technician"): the last word must be an occupation."""
    return [
        *_job_after_cue_rules(
            "profession_is_a",
            _JOB_CUE,
            "a job after 'i'm a', 'she is an', 'employed as an' ('he is a farmer', 'employed as an RN'; "
            "not 'a very good cook')",
            prefilter="",
        ),
        *_job_after_cue_rules(
            "profession_retired",
            r"(?i:\b(?:retired|former|formerly\s+an?|ex-|self-employed))[ \t]*",
            "a job after 'retired', 'former', 'self-employed' ('retired barber', 'former forklift operator', "
            "'Self-employed roofer')",
            prefilter=r"(?i:retired|former|ex-|self-employed)",
        ),
        *_job_after_cue_rules(
            "profession_after_age",
            r"(?i:\b\d{1,3}[- ]?(?:(?:year|yr)s?[- ]old|y/o|yo|y\.o\.)[ \t]+(?:(?:male|female|man|woman|m|f)[ \t]+)?)",
            "a job right after an age ('a 43-year-old HVAC technician', '34 y/o registered nurse'); 'male', "
            "'patient' never match",
            prefilter=r"(?i:old|y/?\.?o)",
        ),
        *_job_after_cue_rules(
            "profession_social_field",
            rf"(?i:\b(?:social|sh|social\s+history|soc\s+hx)[ \t]*:[ \t]*(?:(?:a|an)[ \t]+)?)(?!(?i:{RELATIVE_WORDS})\b)",
            "a job opening the social-history field ('Social: graduate student (MS Data Science)'; not 'social: mom inga')",
            prefilter=r"(?i:social|sh|soc)",
        ),
        # A job of one or two words after ", a" is as often a role in the visit ("Dr. Lee, a
        # neurologist") or no job ("his brother, a smoker"); three or more words name a job.
        _long_job_rule(
            "profession_appositive_long",
            r",[ \t]+(?:a|an)[ \t]+",
            "a job of three or four words after a name and ', a' ('Husband Mateusz, a high school chemistry teacher')",
            prefilter=r",[ \t]+an?[ \t]",
        ),
    ]


#: One job word, or a modifier and a job word ("barber", "HVAC technician", "school teacher").
_JOB_ONE_WORD = r"[a-z][a-z-]*|[A-Z]{2,5}"
_JOB_TWO_WORDS = r"(?:[a-z][a-z-]*|[A-Z]{2,5})[ \t]+[a-z][a-z-]*"
#: Two or three modifiers and a job word ("high school chemistry teacher", "88M motor transport operator").
_JOB_LONG = r"(?:[a-z0-9][a-z0-9-]*|[A-Z]{2,5})(?:[ \t]+(?:[a-z0-9][a-z0-9-]*|[A-Z]{2,5})){1,2}[ \t]+[a-z][a-z-]*"
#: Where a long job phrase ends: punctuation or a preposition or conjunction, so that
#: the modifiers give back the job word ("a long-haul truck driver with chest pain").
_JOB_LONG_END = r"(?=[ \t]*(?:[,.;:()\n]|$|[ \t](?:at|for|with|and|or|who|since|in|on|from|to|until|by|x)\b))"


def _job_after_cue_rules(rule_id: str, cue: str, description: str, prefilter: str) -> List[RegexRule]:
    """Three rules for a job after `cue`: one word, two words, and three or four
    (the check runs on the whole value, so each length is its own rule); the
    last word must be an occupation of the lexicon."""
    return [
        RegexRule(
            rule_id, "PROFESSION",
            rf"{cue}(?P<value>{_JOB_ONE_WORD})(?![\w'’-])",
            checks=("occupation_phrase",),
            prefilter=prefilter,
            priority=2,
            description=description,
        ),
        RegexRule(
            f"{rule_id}_compound", "PROFESSION",
            rf"{cue}(?P<value>{_JOB_TWO_WORDS})(?![\w'’-])",
            checks=("occupation_phrase",),
            prefilter=prefilter,
            priority=2,
            description=f"{description}; with one modifier",
        ),
        _long_job_rule(
            f"{rule_id}_long", cue, f"{description}; with two or three modifiers ('a high school chemistry teacher')", prefilter
        ),
    ]


def _long_job_rule(rule_id: str, cue: str, description: str, prefilter: str) -> RegexRule:
    """A job of three or four words after `cue`, ending where the phrase ends; the
    last word must be an occupation (`is_long_occupation_phrase`)."""
    return RegexRule(
        rule_id, "PROFESSION",
        rf"{cue}(?P<value>{_JOB_LONG})(?![\w'’-]){_JOB_LONG_END}",
        checks=("long_occupation_phrase",),
        prefilter=prefilter,
        priority=2,
        description=description,
    )


#: Words that make a job word a clinician being contacted or a role, not someone's
#: job: never the word before it ("spoke to nurse at Mercy", "the pharmacist at CVS")
#: nor the first word of a two-word job ("to nurse", "a teacher").
_CONTACT_OR_ROLE_WORDS = (
    r"with|the|a|an|our|your|their|his|her|by|per|to|from|called|paged|notified|d/w|w/|"
    r"charge|primary|covering|attending|bedside|staff|triage"
)
#: Before a job, also a setting ("home nurse at", "school nurse at", "case manager at").
_NOT_A_JOB_HOLDER_BEFORE = rf"(?i:\b(?:{_CONTACT_OR_ROLE_WORDS}|on-call|case|home|school)[ \t]+)$"
#: As a two-word job's first word, also verbs and function words ("is nurse", "of teacher").
_NOT_A_JOB_MODIFIER = rf"(?i:{_CONTACT_OR_ROLE_WORDS}|is|was|as|and|or|of|for|my|see|call|page|spoke|discussed|seen)"


def _job_before_employer_rules() -> List[RegexRule]:
    """A job right before "at", "for" or "with" and a capitalised employer
    ("ICU nurse at IU Health Methodist", "HVAC installer for Modern Piping",
    "nursing student at Trident Technical College"): the last word must be an
    occupation; not after an article, a possessive or a verb of contact."""
    employer_after = r"(?=[ \t]+(?:at|for|with)[ \t]+(?:the[ \t]+)?[A-Z])"
    return [
        RegexRule(
            rule_id, "PROFESSION",
            rf"(?<![\w'’/-])(?P<value>{value})(?![\w'’-]){employer_after}",
            checks=(check,),
            exclude_before=exclude_before,
            prefilter=r"\s(?:at|for|with)\s+(?:the\s+)?[A-Z]",
            priority=2,
            description=description,
        )
        for rule_id, value, check, exclude_before, description in (
            # After a name and a comma it can be a clinician's own role ("Victoria Ha, NP at"),
            # but more often a relative's job ("Dale, teacher at"): kept, recall first.
            ("profession_at_employer", _JOB_ONE_WORD, "occupation_phrase", _NOT_A_JOB_HOLDER_BEFORE,
             "a job before its employer ('teacher at Lincoln Elementary')"),
            ("profession_at_employer_compound", rf"(?!{_NOT_A_JOB_MODIFIER}[ \t]){_JOB_TWO_WORDS}", "occupation_phrase",
             _NOT_A_JOB_HOLDER_BEFORE,
             "a job of two words before its employer ('ICU nurse at IU Health', 'HVAC installer for Modern Piping')"),
            ("profession_at_employer_long", rf"(?!{_NOT_A_JOB_MODIFIER}[ \t]){_JOB_LONG}", "long_occupation_phrase",
             _NOT_A_JOB_HOLDER_BEFORE,
             "a job of three or four words before its employer ('2nd grade teacher at Harding Elementary', "
             "'long-haul truck driver for J.B. Hunt')"),
        )
    ]


def builtin_rules() -> List[RegexRule]:
    """The built-in rules, in a fixed order (ids are unique).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    # Medical head words ("disease", "sign", "pupil"): after them a name is an eponym.
    medical_heads = "|".join(sorted((re.escape(h) for h in default_vocabulary().heads if " " not in h), key=lambda h: (-len(h), h)))
    return [
        # ---- CONTACT ------------------------------------------------------------
        RegexRule(
            "email", "EMAIL",
            r"(?<![\w.+-])(?P<value>[^\W_][\w.%+-]*@[^\W_](?:[\w-]*[^\W_])?(?:\.[^\W_](?:[\w-]*[^\W_])?)*"
            r"\.(?:xn--[a-z0-9-]{2,59}|[a-z]{2,24}|[A-Z]{2,24}|[^\W\d_a-zA-Z]{2,24}))(?![a-z0-9-])",
            shape_label=True,
            prefilter="@",
            description="e-mail address, Unicode and punycode (xn--) domains too; a glued next word in Title case is left out ('x@y.comOther')",
        ),
        RegexRule(
            "url_scheme", "URL",
            r"(?P<value>(?i:https?://|ftp://|www\.)[^\s<>\"'|]*[^\s<>\"'|.,;:!?)\]])",
            shape_label=True,
            description="web address with a scheme or www.",
        ),
        RegexRule(
            "url_domain", "URL",
            r"(?<![@\w.-])(?P<value>[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|us|info|biz|health|care|co\.uk)(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)\]])?)(?![\w@-])",
            flags="i",
            shape_label=True,
            description="bare domain with a common TLD ('mychart.partners.org/login')",
        ),
        RegexRule(
            "ipv4", "IPADDR",
            r"(?<![\d.])(?P<value>\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2}(?!\d))?)(?!\d|\.\d)",
            checks=("ipv4",),
            shape_label=True,
            description="IPv4 address (each octet 0-255), optional prefix length '/24'",
        ),
        RegexRule(
            "phone_us", "PHONE",
            rf"(?<![\d/.-])(?<![A-Za-z]-)(?P<value>{_PHONE_CORE})(?:(?![\w/]|-\d)|(?=[A-Z][a-z]))",
            label_if_context=_PHONE_CONTEXT,
            priority_without_context=1,
            shape_label=True,
            description="US phone number with area code, optional extension, glued to a word before or not; FAX after 'fax'",
        ),
        RegexRule(
            "phone_local_context", "PHONE",
            r"(?i:\b(?:phone|ph|tel|telephone|call|cell|mobile|callback|fax|beeper|pager)\b\.?\s*(?:#|no\.?|number)?\s*(?:at\s+)?[:.]?\s*)"
            r"(?P<value>\d{3}[-.]\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,5})?)(?![\w/]|-\d)",
            label_if_context=_PHONE_CONTEXT,
            description="7-digit local number after a phone/fax word",
        ),
        RegexRule(
            "phone_any_format_context", "PHONE",
            r"(?i:\b(?:phone|ph|tel|telephone|tfno|cell|mobile|fax|pager)\b\.?\s*(?:#|no\.?|number)?\s*[:.]?\s*)"
            r"(?P<value>\+?\s?\(?\d[\d\s.()-]{5,18}\d)(?![\w/]|-\d)",
            checks=("phone_digits",),
            label_if_context=_PHONE_CONTEXT,
            # After a phone word the type is settled: an NER DATE over "Tel.8025550127"
            # must not relabel it (a DATE surrogate cannot parse it and masks it).
            shape_label=True,
            description="number of 7-15 digits in any grouping after 'Tel'/'Phone'/'Fax' ('Tel.: 913 368 000')",
        ),
        RegexRule(
            "pager", "PHONE",
            r"(?i:\b(?:pager|beeper|pgr|paged)\b\.?\s*(?:#|no\.?|number)?\s*[:.]?\s*)(?P<value>\d-\d{4}|\d{4,5})(?![\w/]|\.\d|-\d)",
            exclude_after=r"\s*(?:mmhg|/)",
            description="pager number after 'pager'/'beeper'/'p' ('beeper #4-1234', 'pager 12345')",
        ),
        RegexRule(
            "phone_extension", "PHONE",
            r"(?<![\w.])(?:(?i:ext\.?|extension)\s*#?\s*|x\s?(?=\d{4}|\d-\d{4}))(?P<value>\d{2,5}|\d-\d{4})(?![\w/]|\.\d|-\d)",
            exclude_after=r"\s*(?:°|º|deg\b|degrees\b)",  # knee "extension 10°"
            label_if_context=_PHONE_CONTEXT,
            priority_without_context=1,
            description="extension on its own: 'ext. 5-8112', 'x5571'",
        ),
        # ---- identifier shapes (cards, MAC, ISO timestamps, phones, IPv6, NPI, ...)
        *identifier_shape_rules(),
        # ---- ID -------------------------------------------------------------------
        RegexRule(
            "ssn", "SSN",
            r"(?<![\w-])(?P<value>\d{3}-\d{2}-\d{4}|\d{3} \d{2} \d{4})(?![\w]|-\d)",
            shape_label=True,
            description="social security number 123-45-6789",
        ),
        RegexRule(
            "ssn_context", "SSN",
            rf"(?i:\b(?:SSN|SS#|SS\s+no|social\s+security(?:\s+number)?|soc\.?\s*sec\.?))\b{_KEY_TAIL}(?P<value>\d{{9}}|\d{{3}}[- .]\d{{2}}[- .]\d{{4}})(?!\d)",
            description="9-digit number after 'SSN'",
        ),
        RegexRule(
            "ssn_last_four", "SSN",
            r"(?i:\b(?:SSN|SS#|social\s+security(?:\s+(?:number|no|#))?))[ \t]*[(,]?[ \t]*"
            r"(?i:last|last[ \t]+(?:4|four)(?:[ \t]+digits)?|ending(?:[ \t]+in)?)[ \t]*\)?[ \t]*[:#]?[ \t]*(?P<value>\d{4})(?!\d)",
            description="the last four digits of a social security number ('SSN (last 4): 6602', 'SSN ending in 4417')",
        ),
        RegexRule(
            "mrn_context", "MEDICALRECORD",
            rf"(?i:\b(?:MRN|MR\s*#|MR(?=\s*[:#])|medical\s+record(?:\s+(?:number|no|#))?|med\.?\s*rec(?:ord)?\.?|"
            rf"unit\s+(?:no|number|#)|EMPI|hosp(?:ital)?\.?\s+(?:no|number|#)|chart\s+(?:no|number|#)|"
            rf"patient\s+(?:id|#)|pt\.?\s+(?:id|#)|MC\s*#|record\s+(?:no|number|#)))(?![A-Za-z]){_KEY_TAIL}{_ID_VALUE}",
            checks=("has_3_digits",),
            description="medical record number after 'MRN', 'MR#', 'Unit No', 'Medical record number'",
        ),
        RegexRule(
            "account_context", "ACCOUNT",
            rf"(?i:\b(?:acct|account|invoice|FIN|HAR|CSN|(?:billing|claim|encounter|visit)\s+(?:no|number|#|id))(?:\s+(?:no|number|#|id))?)(?![A-Za-z]){_KEY_TAIL}{_ID_VALUE}",
            checks=("has_3_digits",),
            description="account or billing number after 'Acct', 'Account #', 'Claim', 'Encounter'",
        ),
        RegexRule(
            "healthplan_context", "HEALTHPLAN",
            rf"(?i:\b(?:member\s*(?:id|#|no|number)|policy(?:\s+(?:id|#|no|number))?|subscriber\s*(?:id|#|no|number)|"
            rf"insurance\s*(?:id|#|no|number)|medicaid(?:\s+(?:id|#|no|number))?|medicare(?:\s+(?:id|#|no|number))?|"
            rf"group\s+(?:id|#|no|number)|plan\s+(?:id|#|no|number)|HICN|MBI|beneficiary\s*(?:id|#|no|number)|"
            rf"health\s*plan(?:\s+(?:id|#|no|number))?))(?![A-Za-z]){_KEY_TAIL}{_ID_VALUE}",
            checks=("has_3_digits",),
            description="insurance member/policy/group number",
        ),
        RegexRule(
            "license_context", "LICENSE",
            rf"(?i:\b(?:DEA|NPI|licen[cs]e(?!\s+plate)(?:\s+(?:no|number|#))?|lic\.?\s*#|certificate(?:\s+(?:no|number|#))?|"
            rf"board\s+cert(?:ification)?(?:\s+(?:no|number|#))?|driver'?s\s+licen[cs]e))(?![A-Za-z]){_KEY_TAIL}{_ID_VALUE}",
            checks=("has_3_digits",),
            description="licence/certificate number after 'DEA', 'NPI', 'License #'",
        ),
        RegexRule(
            "vehicle_context", "VEHICLE",
            rf"(?i:\b(?:licen[cs]e\s+plate|plate|tag|VIN|vehicle\s+(?:id|#|no|number))(?:\s+(?:no|number|#))?)\b{_KEY_TAIL}"
            r"(?P<value>(?=[A-Z0-9-]*\d)[A-Z0-9]{1,8}(?:[- ][A-Z0-9]{2,8})?)(?![0-9A-Za-z])",
            description="licence plate or VIN after 'plate', 'tag', 'VIN'",
        ),
        RegexRule(
            "vin_shape", "VEHICLE",
            r"(?<![A-Za-z0-9])(?P<value>[A-HJ-NPR-Z0-9]{17})(?![A-Za-z0-9])",
            checks=("id_shape",),
            priority=2,
            description="17-character vehicle identification number",
        ),
        RegexRule(
            "device_context", "DEVICE",
            rf"(?i:\b(?:serial(?:\s+(?:no|number|#))?|S/N|SN(?=\s*[:#])|model\s+(?:no|number|#)|lot(?:\s+(?:no|number|#))?|"
            rf"device\s+(?:id|#|no|number)|UDI|implant\s+(?:id|#)))(?![A-Za-z]){_KEY_TAIL}{_ID_VALUE}",
            checks=("has_3_digits",),
            description="device serial/model/lot number",
        ),
        RegexRule(
            "idnum_context", "IDNUM",
            rf"(?i:\b(?:ID|I\.D\.|identifier|accession(?:\s+(?:no|number|#))?|acc\s*#|specimen(?:\s+(?:no|number|#))?|"
            rf"order(?:\s+(?:no|number|#))|requisition(?:\s+(?:no|number|#))?|document|job(?:\s+(?:no|number|#))?|"
            rf"case(?:\s+(?:no|number|#))|ref(?:erence)?(?:\s+(?:no|number|#))|control\s+(?:no|number|#)|"
            rf"study\s+(?:id|#)|report\s+(?:id|#|no|number)|tracking\s+(?:id|#|no|number)))(?![A-Za-z]){_KEY_TAIL}{_ID_VALUE}",
            checks=("has_3_digits",),
            description="other identifying number after 'ID', 'Accession #', 'Specimen #', 'Document'",
        ),
        RegexRule(
            "id_alphanumeric_shape", "IDNUM",
            # Not obstetric history ("G2P1001": gravida 2, para 1001).
            r"(?<![\w.-])(?P<value>(?!G\d{1,2}P\d)(?=[A-Z0-9-]*\d)(?=[0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{4,}[A-Z0-9])(?![\w-])",
            checks=("id_shape",),
            priority=1,
            description="code of capitals and digits with at least 4 digits ('Z8912708G', '53RHM4471')",
        ),
        RegexRule(
            "id_long_number", "IDNUM",
            r"(?<![\w.,/-])(?P<value>\d{7,})(?![\w]|[.,]\d|/\d)",
            priority=1,
            description="bare number of 7+ digits (measurements this long carry units or commas)",
        ),
        # ---- LOCATION ---------------------------------------------------------------
        RegexRule(
            "zip_after_state", "ZIP",
            rf"(?:\b(?:{_US_STATES_ABBR})\.?|\b(?:{_US_STATES})),?\s+(?P<value>\d{{5}}(?:-\d{{4}})?)(?![\w-])",
            description="ZIP code after a state ('Boston, MA 02114', 'Ohio 43210-1234')",
        ),
        RegexRule(
            "zip_context", "ZIP",
            r"(?i:\b(?:zip|zip\s*code|postal\s+code)\b\s*[:#]?\s*)(?P<value>\d{5}(?:-\d{4})?)(?![\w-])",
            description="ZIP code after 'ZIP'",
        ),
        RegexRule(
            "room_context", "ROOM",
            r"(?i:\b(?:room|rm\.?)\s*#?\s*)(?P<value>\d{1,4}[A-Z]?(?:-?\d{1,3}[A-Z]?)?)(?![\w/])",
            priority=2,
            description="room number after 'Room'/'Rm'",
        ),
        RegexRule(
            "room_chair_or", "ROOM",
            r"(?:(?i:\b(?:chair|courtroom|ldr|resus|triage[ \t]+rm))|\bOR)[ \t]*#?[ \t]*"
            r"(?P<value>\d{1,4}[A-Z]?|[A-Z]\d{1,3})(?![\w/.-])",
            priority=2,
            description="an infusion or dialysis chair, operating room, LDR, resuscitation bay or courtroom number ('chair 14', 'OR 12', 'resus R2')",
        ),
        RegexRule(
            "city_named_city", "CITY",
            r"(?<![\w-])(?P<value>[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?[ \t]City)(?![\w-])",
            checks=("named_city",),
            prefilter=r"[a-z][ \t]City\b",
            priority=2,
            description="a city named '... City' ('Philippines (Iloilo City)', 'Quezon City'; not 'Inner City')",
        ),
        RegexRule(
            "department_ward", "DEPARTMENT",
            r"(?<![\w-])(?P<value>(?:Ward|WARD|Wing|WING)\s+\d{1,2}[A-Z]?)(?![\w-])",
            priority=2,
            # Not "Pod": "POD 1" is post-operative day 1.
            description="a named ward or wing ('Ward 6B', 'Wing 3'): a unit, not a generic service",
        ),
        RegexRule(
            "room_code_context", "ROOM",
            r"(?i:\b(?:room|rm\.?|bed|cell|bay|isolette|exam\s+room)[ \t]*#?[ \t]*)"
            r"(?P<value>(?-i:[A-Z]{1,4}\d{0,2})-\d{1,4}[A-Z]?)(?![\w/-])",
            priority=2,
            description="a room, bed or cell written with a unit code ('bed CCU2-08', 'room E-512', 'cell INF-04')",
        ),
        RegexRule(
            "department_compass_unit", "DEPARTMENT",
            r"(?<![\w/#-])(?P<value>\d{1,2}[ \t]?(?:North|South|East|West|NORTH|SOUTH|EAST|WEST)"
            r"|(?:North|South|East|West|Tower)[ \t]\d{1,2}[A-Z]?)(?![\w-])",
            exclude_after=_STREET_AFTER_WING,
            priority=2,
            description=(
                "a unit named by floor and wing ('5 West', 'moved to 6 North', 'Tower 4'); not a street "
                "('5 West Main St')"
            ),
        ),
        RegexRule(
            "department_named_ward", "DEPARTMENT",
            rf"(?<![\w'’&.-])(?P<value>(?:[A-Z][A-Za-z'’]*(?:-[A-Z][A-Za-z]+)?[ ]){{0,3}}(?:{WARD_FLOOR_AND_WING})"
            rf"(?:[ ](?:{WARD_ACRONYMS}))?)(?![\w-])",
            checks=("named_ward",),
            exclude_before=r"\d+[A-Za-z]?",  # a house number: "79 Pine Shore Unit 5" is a street
            exclude_after=_STREET_AFTER_WING,
            priority=2,
            description=(
                "a ward named by a proper name or ward words before its floor and wing ('Feinberg 14 West', 'Heart "
                "Tower 3', 'Neuro Stepdown 7 North') or a floor and wing before a care unit ('Tower 4 ICU'; alone they "
                "are department_compass_unit's); not after an ordinary word ('Call 5 West') nor in a street address"
            ),
        ),
        # Lower-case places, jobs and chains of speech transcripts, after a cue word.
        *_lower_place_rules(),
        RegexRule(
            "state_lower", "STATE",
            rf"\b(?:{_PLACE_CUE})\s+(?P<value>{US_STATES_LOWER})(?![\w'’-])",
            exclude_after=_TEAM_OR_INSTITUTION_AFTER,
            priority=2,
            description="a lower-case US state after 'in', 'from', 'to' ('went up to vermont', 'not from georgia')",
        ),
        RegexRule(
            "country_lower", "COUNTRY",
            rf"\b(?:{_PLACE_CUE}|born\s+in|trip\s+to|back\s+from)\s+(?P<value>{countries_lower_pattern()})(?![\w'’-])",
            exclude_after=_TEAM_OR_INSTITUTION_AFTER,
            priority=2,
            description="a lower-case country after 'in', 'from', 'to', 'born in' ('i was in zambia'; not 'in turkey')",
        ),
        *_profession_is_a_rules(),
        *_job_before_employer_rules(),
        RegexRule(
            "profession_work_field", "PROFESSION",
            # The article stays out of the value ("working in a bakery" -> "bakery"), as the conventions say.
            rf"(?:\b(?i:work|works|worked|working|employed|job)\s+(?:in|at)\s+)(?:(?:a|an)\s+)?(?P<value>{WORK_FIELDS})(?![\w'’-])",
            priority=2,
            description="a field of work after 'works in' ('works in sales', 'employed in healthcare', 'working in a bakery')",
        ),
        RegexRule(
            "organization_chain", "ORGANIZATION",
            rf"(?<![\w'’-])(?P<value>(?i:{CHAIN_NAMES})(?:\s+(?i:pharmacy|store|supermarket|restaurant|market))?)(?![\w'’-])",
            priority=2,
            description="a national chain (pharmacy, store, restaurant, insurer, gym: 'cvs pharmacy', 'walmart', 'weight watchers')",
        ),
        RegexRule(
            "state_law", "STATE",
            rf"(?i:\b(?:per|under|by|of|with)\s+)(?P<value>{_US_STATES})"
            r"(?=\s+(?:(?i:state)\s+)?(?i:laws?|statutes?|code|regulations?|rules|minor\s+consent)\b)",
            priority=2,
            prefilter=r"(?i:law|statute|code|regulation|rules|consent)",
            description="a state named as a jurisdiction ('per Iowa law', 'under Indiana law', 'per Oregon minor consent law')",
        ),
        RegexRule(
            "city_before_state_zip", "CITY",
            rf"(?<![\w-])(?P<value>[A-Z][a-z]+(?:[ -](?:[A-Z][a-z]+|de|la|du)){{0,2}}),\s+(?:{_US_STATES_ABBR}|{_US_STATES})\.?,?\s+\d{{5}}(?:-\d{{4}})?(?![\w-])",
            priority=2,
            description="city before a state and ZIP ('Toledo, OH 43608')",
        ),
        RegexRule(
            "city_branch_of_practice", "CITY",
            rf"(?<![\w'’-]){_BRANCH_OWNER}(?:[ \t]+[-–—][ \t]+|,[ \t]+)(?P<value>{_BRANCH_TOWN})"
            r"(?=[ \t]*(?:$|[,(;|.]|[ \t]{2}|\d))",
            flags="m",
            checks=("branch_town",),
            priority=1,  # weak: a hospital span the tagger drew over the branch keeps its extent
            description=(
                "a town closing a practice's or hospital's name after a dash or comma ('Esse Health Pediatrics - "
                "Manchester', 'Mercy Family Medicine - North Liberty', 'MedExpress Urgent Care - Morgantown'): a US "
                "town of the shipped lists, at the end of the field"
            ),
        ),
        RegexRule(
            "state_before_zip", "STATE",
            rf"(?<=[A-Za-z]),?\s+(?P<value>{_US_STATES_ABBR}|{_US_STATES})\.?,?\s+\d{{5}}(?:-\d{{4}})?(?![\w-])",
            description="state between a city and a ZIP ('Toledo, OH 43608')",
        ),
        RegexRule(
            "street_number_suffix", "STREET",
            rf"(?<![\w/.,-])(?P<value>\d{{1,6}}[A-Z]?\s+(?:[NSEW]\.?\s+)?(?:[A-Z][a-z]+|\d{{1,3}}(?:st|nd|rd|th))"
            rf"(?:\s+[A-Z][a-z]+){{0,3}}\s+{_STREET_SUFFIX}\.?(?:\s+[NSEW]{{1,2}}\b)?"
            rf"(?:,?\s+(?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|#)\.?\s*#?\s*[A-Z0-9]{{1,5}}(?:-[A-Z0-9]{{1,4}})?\b)?)(?![\w])",
            priority=2,
            description="street line with a house number and a street suffix ('2213 Cherry St', '4417 Fremont Ave N, #2')",
        ),
        # ---- NAME -------------------------------------------------------------------
        RegexRule(
            "patient_last_first_lower", "PATIENT",
            r"(?i:\b(?:pt|patient|name)\b[ \t]*:?[ \t]*)(?P<value>[a-z][a-z'-]{1,20},[ \t]*[a-z][a-z'-]{1,20})"
            r"(?=[ \t]*,?[ \t]*\d{1,3}[ \t]*-?[ \t]*(?:y/?o\b|yo\b|y\b|[mf]\b|mo\b))",
            priority=2,
            prefilter=r"(?i:\b(?:pt|patient|name)\b)",
            description="a lower-case 'last, first' name after 'pt' and before an age ('pt: lusk, wren, 2 y/o f', 'pt dimarco, rosalind 61f')",
        ),
        RegexRule(
            "doctor_title", "DOCTOR",
            rf"\b(?:Dr|DR|Doctor|Drs)\.?\s+{_PERSON}",
            priority=2,
            description="clinician after 'Dr.' ('Dr. Smith', 'Dr. John R. Smith')",
        ),
        RegexRule(
            "clinician_credential_before", "DOCTOR",
            rf"\b(?:PA-C|NP|CNP|APRN|CRNA|CNM|Nurse\s+Practitioner|Nurse|Prof|Professor)\.?[ \t]+"
            rf"(?!(?:{_NOT_CLINICIAN_WORDS}|Dr|Mr|Mrs|Ms)\b){_PERSON}",
            exclude_after=r"[ \t]*:",  # a field label of the next line part ("PA-C   Supervising: Dr. Abdi")
            priority=2,
            description="clinician after a credential or role written first ('PA-C Tobias Ferrante', 'Nurse Jones')",
        ),
        RegexRule(
            "staff_role_before", "DOCTOR",
            rf"(?<![\w/-])(?:{_STAFF_ROLES_FIRST}):?[ \t]+(?!(?:{_NOT_CLINICIAN_WORDS}|Dr|Mr|Mrs|Ms|Doctor)\b){_PERSON}",
            checks=("no_long_common_word",),
            exclude_after=rf"[ \t]*:|{_PRACTICE_AFTER}",
            priority=2,
            prefilter=rf"\b(?:{_STAFF_ROLES_FIRST})\b",
            description=(
                "care staff after a role written first ('RD Collette to see', 'Chaplain Beatrice Ngwenya', "
                "'letter to PCP Benally', 'primary counselor Hensley'; not 'SW Consult', not a practice)"
            ),
        ),
        RegexRule(
            "lay_title_before", "PATIENT",
            rf"(?<![\w/-])(?:{_LAY_TITLES})[ \t]+(?!(?:{_NOT_CLINICIAN_WORDS}|Dr|Mr|Mrs|Ms)\b){_PERSON}",
            checks=("no_long_common_word",),
            exclude_after=r"[ \t]*:",
            priority=2,
            prefilter=rf"\b(?:{_LAY_TITLES})",
            description="a lay person after a title of office ('Coach Delgado', 'Officer Duncan', 'Pastor Otis Granberry')",
        ),
        RegexRule(
            "lay_title_caps", "PATIENT",
            rf"\b(?:{_LAY_TITLES_CAPS})\.?[ \t]+(?P<value>{_CAPS_NAME})(?![\w])",
            checks=("no_long_common_word",),
            priority=2,
            prefilter=rf"\b(?:{_LAY_TITLES_CAPS})\b",
            description="a lay person in capitals after a title of office ('OFFICER DUNCAN #4471')",
        ),
        RegexRule(
            "doctor_caps_title", "DOCTOR",
            rf"\b(?:DR|RN)\.?\s+(?!(?:AND|OR|TO|THE|NOTIFIED|AWARE|PRESENT|AT|IN|WITH|FOR|ON|CALLED|PAGED|{_STAFF_ROLES})\b)(?P<value>{_CAPS_NAME}(?:\s+(?!(?:AND|OR|TO|THE|AT|IN|WITH|FOR|ON)\b){_CAPS_NAME})?)(?![\w])",
            checks=("no_long_common_word",),  # "INITIAL RN ASSESSMENT & PLAN"
            exclude_after=r"\s*:",
            priority=2,
            description="clinician in capitals after a title ('RN JONES', 'DR SMITH'; not 'RN ASSESSMENT')",
        ),
        RegexRule(
            "doctor_degree", "DOCTOR",
            rf"(?<![A-Za-z])(?P<value>{_NAME_WORD}(?:\s+[A-Z]\.)?\s+{_NAME_WORD}),?\s+(?:M\.D\.|MD|D\.O\.|DO|R\.N\.|RN|NP|PA-C|PhD|MBBS|DDS|CNM|LCSW|LICSW)(?![A-Za-z])",
            priority=2,
            description="clinician before a degree ('Ada R. Kruger, M.D.')",
        ),
        RegexRule(
            "patient_title", "PATIENT",
            rf"\b(?:Mr|Mrs|Ms|Miss|Mister|MRS)\.?\s+{_PERSON}",
            priority=2,
            description="person after 'Mr.', 'Mrs.', 'Ms.' (patients and relatives)",
        ),
        RegexRule(
            "relative_name", "PATIENT",
            rf"(?i:\b{RELATIVE_WORDS})(?!['’])\s*\(?\s*(?:named\s+|is\s+)?(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(?!{_NOT_RELATIVE_NAME}){_PERSON}",
            priority=2,
            description="relative or other lay person named after the relation ('wife Yesenia', 'dtr Renata Kowalczyk-Dunn')",
        ),
        RegexRule(
            "relative_name_listed", "PATIENT",
            rf"(?i:\b{RELATIVE_WORDS})(?!['’])\s*:\s*(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(?!{_NOT_RELATIVE_NAME}){_PERSON}",
            checks=("not_common_word",),
            priority=2,
            description=(
                "person after a relation used as a list label ('Wife: Yesenia'); not an ordinary word: "
                "family histories list diseases there ('Father: Prostate cancer')"
            ),
        ),
        RegexRule(
            "relative_name_appositive_lower", "PATIENT",
            rf"\b(?:my|her|his|our|your|their)\s+{RELATIVE_WORDS}\s*,\s+(?P<value>[a-z]{{3,}})(?=\s*[,.?!])",
            checks=("appositive_given_name",),
            prefilter=r"\b(?:my|her|his|our|your|their)\s+[a-z-]+\s*,\s+[a-z]{3,}\s*[,.?!]",
            priority=2,
            description=(
                "a lower-case name set off by commas after 'my wife', 'her husband' in speech "
                "('my wife , may , and i', 'i'm her husband , will .'); word names too, no verb ('my son , said')"
            ),
        ),
        RegexRule(
            "name_is_age_year_old_lower", "PATIENT",
            r"(?:^|(?<=[.?!,\]])\s+|\b(?:so|okay|is|and)\s+)(?P<value>[a-z]{3,}(?:\s+[a-z]{3,})?)"
            r"\s+is\s+an?\s+(?:[a-z]+[\s-]+){1,3}(?:year|month)[\s-]+old",
            flags="m",
            checks=("lower_case_person_name",),
            prefilter=r"\b(?:year|month)[\s-]+old\b",
            priority=2,
            description=(
                "a lower-case name dictated before the age ('hey dax , efrain chavez is a forty four year old', "
                "'so bernadette is a fifty nine year old'); name words only, no ordinary word ('the patient is a')"
            ),
        ),
        RegexRule(
            "my_name_is_lower", "PATIENT",
            r"\bmy\s+name\s+is\s+(?P<value>[a-z]{3,}(?:\s+[a-z]{3,})?)(?=\s*[,.?!])",
            checks=("lower_case_person_name",),
            prefilter=r"\bmy\s+name\s+is\b",
            priority=2,
            description="a lower-case name after 'my name is' in speech ('my name is lucia , spanish interpreter')",
        ),
        RegexRule(
            "staff_role_then_name_lower", "DOCTOR",
            r"\b(?:nurse|midwife|therapist|dietitian|nutritionist|counselor|pharmacist|social\s+worker|scheduler|receptionist|"
            r"interpreter|chaplain|navigator|case\s+manager|physical\s+therapist|np)\s*,?\s+(?P<value>[a-z]{3,})"
            r"(?=\s*[,.?!]|\s+(?:who|will|can|is|in|at|here|there|from|and|she|he)\b)",
            checks=("greeted_given_name",),
            prefilter=r"\b(?:nurse|midwife|therapist|dietitian|nutritionist|counselor|pharmacist|worker|scheduler|receptionist|"
            r"interpreter|chaplain|navigator|manager|np)\s*,?\s+[a-z]",
            priority=1,  # weak: a full name the tagger found around it keeps its extent
            description=(
                "a lower-case given name after a care-staff role in speech ('the nurse patty can give it', 'the midwife , "
                "tamsin .', 'our sports dietitian , noor ,'); a given name of the lists only ('the nurse come in' is no name)"
            ),
        ),
        _role_then_name_rule(
            "staff_role_then_name", "DOCTOR", _CARE_ROLES,
            "a clinician's name after a care role written without a title ('Therapist Okafor reached at 08:10', "
            "'therapist B. Okafor', 'psychiatrist Rupa Iyer'); not 'psychiatrist Dr. Iyer' (the title rules take it)",
        ),
        _role_then_name_rule(
            "lay_role_then_name", "PATIENT", _LAY_ROLES,
            "a lay person's name after their role ('Neighbor Joan Pruitt', 'teacher April Chee', 'sponsor Dale'); "
            "lay people are PATIENT in the conventions; not 'Neighbor Mrs. Pruitt' (the title rules take it)",
        ),
        RegexRule(
            "relative_name_lower", "PATIENT",
            rf"\b{RELATIVE_WORDS}(?!['’])\s+(?P<value>{_LOWER_NAME_WORD})(?![\w])",
            checks=("not_common_word",),
            priority=2,
            description="lower-case name after a relation in a lower-case note ('wife agnieszka'); common words never match",
        ),
        RegexRule(
            "patient_label_last_first", "PATIENT",
            rf"\b(?:Pt|PT|Patient|PATIENT|Name|NAME|Pt\s+Name|Patient\s+Name)\.?[ \t]*:?[ \t]+"
            rf"(?P<value>(?:{_NAME_WORD}|{_CAPS_NAME}),[ \t]*(?:{_NAME_WORD}|{_CAPS_NAME})(?:[ \t]+[A-Z]\.?(?![A-Za-z]))?)",
            checks=("not_common_word",),
            priority=2,
            description=(
                "a patient written last name first after 'Pt', 'Patient', 'Name' ('Pt Hernandez, Osvaldo', "
                "'Pt: LOMBARDI, SAVERIO'); not ordinary words ('Pt Alert, Oriented')"
            ),
        ),
        RegexRule(
            "person_field_last_first", "PATIENT",
            rf"\b(?:Pt|PT|Patient|PATIENT|Name|NAME|{_PERSON_FIELDS})\.?[ \t]*:[ \t]*"
            rf"(?P<value>{_FAMILY_PARTICLE}(?:{_NAME_WORD}|{_CAPS_NAME}),[ \t]*(?:{_NAME_WORD}|{_CAPS_NAME})"
            # middle names, a quoted nickname and an initial, one space apart (a wider gap is the next field)
            rf"(?:[ ](?:{_NAME_WORD}|{_CAPS_NAME}|[A-Z]\.?(?![A-Za-z]))){{0,2}}(?:[ \t]+[\"“](?:{_NAME_WORD}|{_CAPS_NAME})[\"”])?"
            rf"(?:[ ][A-Z]\.)?)",
            checks=("family_comma_given_name",),
            priority=2,
            description=(
                "a person written family name first in a name field, also of a client, applicant, inmate, resident "
                "or member, when a given name of the lists follows the comma: a family name that is a word "
                "too ('Client: FLORES-WARD, XIMENA', 'Pt: Brown, Earl'), with middle names, nickname and particle "
                "('INMATE: ROSE, TERRANCE DEWAYNE', 'Pt: Graves, Harold \"Hal\"', 'Applicant: DELA CRUZ-SANTOS, MARIA FE')"
            ),
        ),
        RegexRule(
            "person_field_first_last", "PATIENT",
            rf"\b(?:{_PERSON_FIELDS})\.?[ \t]*:[ \t]*"
            rf"(?P<value>{_NAME_WORD}(?:[ \t]+[\"“]{_NAME_WORD}[\"”])?(?:[ \t]+[A-Z]\.?)?[ \t]+{_NAME_WORD})(?![\w'’-])",
            checks=("not_common_word",),
            priority=2,
            description=(
                "a client, applicant, inmate, resident, participant or member named given name first in its field "
                "('Participant: William \"Bill\" Ashworth'); no ordinary word"
            ),
        ),
        RegexRule(
            "patient_cell_last_first", "PATIENT",
            rf"(?<=\|)[ \t]*(?P<value>{_CAPS_NAME},[ \t]*{_CAPS_NAME}(?:[ \t]+[A-Z]\.?)?)[ \t]*(?=\|)",
            checks=("family_comma_given_name",),
            prefilter=r"\|[ \t]*[A-Z]{2,}[-'A-Z]*,",
            priority=2,
            description=(
                "a person in capitals, family name first, alone in a table cell of a handoff or census list "
                "('| GUY, TREMAINE |', '| NYGAARD, APRIL |'): a given name of the lists after the comma, no "
                "medical word ('| CHF, COPD |' stays)"
            ),
        ),
        RegexRule(
            "staff_initials_signoff", "DOCTOR",
            r"(?<=[.;)][ \t])[-–—][ \t]?(?P<value>[A-Z]{2,4})(?=[ \t]*(?:$|,[ \t]*[A-Z]|\d{1,2}:?\d{2}\b))",
            flags="m",
            checks=("not_common_word",),
            prefilter=r"[.;)][ \t][-–—][ \t]?[A-Z]{2,4}",
            priority=2,
            description=(
                "staff initials signing a log entry at the end of its line ('Conf. line opened. - KLB', "
                "'read back done. - TLW, PharmD', 'sitter in 514. - DL 18:58'); no abbreviation or credential"
            ),
        ),
        RegexRule(
            "staff_initials_signoff_lower", "DOCTOR",
            r"(?:^|(?<=[.;)!][ \t]))[ \t]*[-–—][ \t]?(?P<value>[a-z]{2,4})(?=[ \t]*(?:$|,[ \t]*[A-Z]))",
            flags="m",
            checks=("not_common_word",),
            prefilter=r"[-–—][ \t]?[a-z]{2,4}[ \t]*(?:$|\n|,)",
            priority=2,
            description=(
                "staff initials in lower case signing a message or log line at its end ('Letter mailed. -kpm', "
                "'stable.\\n-jtk', '-lmt, MLS(ASCP)'); no ordinary word ('- see')"
            ),
        ),
        RegexRule(
            "staff_initials_legend", "DOCTOR",
            r"(?<![\w/])(?P<value>[A-Z]{2,4})[ \t]*=[ \t]*(?=[A-Z][a-z]+[ \t]+(?:[A-Z]\.[ \t]+)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?,[ \t]*[A-Z])",
            prefilter=r"[A-Z]{2,4}[ \t]*=[ \t]*[A-Z][a-z]",
            priority=2,
            description=(
                "initials defined in a legend as a signed-off name ('KLB = Kimberly L. Bynum, RN'; "
                "not 'EF = Ejection fraction': a name and a credential follow)"
            ),
        ),
        RegexRule(
            "patient_title_lower", "PATIENT",
            r"\b(?:(?:mr|mrs|ms)\s?\.|mister|missus)\s+(?P<value>[a-z][a-z'-]+)(?![\w])",
            checks=("not_function_word",),
            priority=2,
            description=(
                "lower-case person after 'mr', 'mrs', 'mister' as speech transcripts write them "
                "('mr . ward', 'mister edwards'): after a title even an ordinary word is the name; "
                "'mr' needs its dot ('mr arthrogram' is an MR study) and the verb 'miss' is no title"
            ),
        ),
        RegexRule(
            "nickname_after_name", "PATIENT",
            # Weak: inside the NER's full-name span the name's own label wins.
            r"(?<![\w'’-])[A-Z][A-Za-z'’-]+(?:,?[ \t]+\(|[ \t]+)[\"“](?P<value>[A-Z][a-z]{1,11})[\"”](?=\)|[ \t]+[A-Z])",
            prefilter=r"[\"“][A-Z][a-z]{1,11}[\"”]",
            priority=1,
            description="a quoted nickname after a name ('SAVERIO (\"Sal\")', 'William \"Bill\" Ashworth')",
        ),
        RegexRule(
            "doctor_one_name_role", "DOCTOR",
            rf"(?<![A-Za-z.])(?P<value>{_NAME_WORD})[ \t]+(?:RN|LPN|NP|CNA|PA-C|LCSW|LICSW)\b",
            checks=("not_common_word",),
            prefilter=r"\b(?:RN|LPN|NP|CNA|PA-C|LCSW|LICSW)\b",
            priority=2,
            description="a clinician named once before a role ('spoke w/ Carmen RN'; not 'Charge RN', 'Triage RN')",
        ),
        RegexRule(
            "capitalised_full_name", "PATIENT",
            # A lookahead, so that "Chaplain Beatrice Ngwenya" is tried at "Beatrice" too.
            r"(?<![\w.'’-])(?=(?P<value>[A-ZÀ-Þ][a-zß-ÿ]{3,}[ \t]+(?:[A-Z]\.[ \t]+)?"
            r"(?:(?:O|D)['’])?[A-ZÀ-Þ][a-zß-ÿ]+(?:-[A-ZÀ-Þ][a-zß-ÿ]+)?)(?![\w'’-]))",
            checks=("given_and_family_name",),
            exclude_after=rf"(?:['’]s)?[ ](?i:{medical_heads})\b",  # one space: "Marcus Gunn pupil" (not "Mateo Price    Grade 7")
            prefilter=r"[A-Z][a-z]{3,}[ \t]+[A-Z]",
            priority=1,
            description=(
                "a capitalised given name of the lists and a family name that is no ordinary or medical word "
                "('to evaluate pt Eugene Tolliver, 91 yo'); the tagger's label wins on the same words"
            ),
        ),
        RegexRule(
            "staff_initials_after_role", "DOCTOR",
            r"(?i:\b(?:scribe|tech|technician|technologist|transcriptionist|(?:typed|transcribed|entered|dictated)\s+by)"
            r"[ \t]*:[ \t]*)(?!(?i:rn|lpn|md|do|np|pa|cna|rt|pt|ot|ma|na|n/a|none|same)\b)"
            r"(?P<value>[A-Za-z]{2,4})(?=[ \t]*(?:$|\n|[,;.]|[ \t]{2,})|[ \t]+[A-Z][A-Z ]*:)",
            flags="m",
            checks=("not_common_word",),
            prefilter=r"(?i:scribe|tech|transcri|typed|entered|dictated)",
            priority=2,
            description="a staff member's initials after their role and a colon ('scribe: klt', 'TECH: DRS'); not 'Tech: none'",
        ),
        RegexRule(
            "given_name_speaking", "PATIENT",
            r"(?<![\w.'’-])(?P<value>[A-Z][a-z]{2,})(?=[ \t]+(?:said|says|asked|asks|shared|shares|stated|states|"
            r"explained|agreed|added|noted|wondered|wanted\s+to\s+know|expressed|replied|answered|nodded|"
            r"cried|laughed|declined|requested|confirmed|was\s+quiet)\b)",
            checks=("speaking_given_name",),
            prefilter=r"\b(?:said|says|asked|asks|shared|shares|stated|states|explained|agreed|added|noted|wondered|wanted|"
            r"expressed|replied|answered|nodded|cried|laughed|declined|requested|confirmed|was)\b",
            priority=1,
            description="a given name before a verb of speech, word names included ('Hope said', 'Will wanted to know', 'Grace asked')",
        ),
        RegexRule(
            "given_name_greeted", "PATIENT",
            r"\b(?:hi|hey|hello|(?:hey|hi)\s+there|good\s+(?:morning|afternoon|evening)|morning|afternoon|"
            r"(?:nice\s+to\s+)?(?:see|meet)\s+you(?:\s+again)?|thank\s+you|thanks|bye|goodbye|welcome(?:\s+back)?|"
            r"how\s+are\s+you(?:\s+doing)?|how['’]re\s+you(?:\s+doing)?)\s*,?\s+"
            r"(?P<value>[a-z]{3,})(?=\s*(?:[,.!?\[]|$)|\s+(?:i|i['’]m|how|it['’]s|nice|good|so|what|we|you|thanks|it|are|"
            r"is|can|do|did|have|hi|welcome|listen|please|come|let['’]s|again)\b)",
            flags="m",
            checks=("greeted_given_name",),
            prefilter=r"(?i:\b(?:hi|hey|hello|morning|afternoon|evening|you|thanks|bye)\b)",
            priority=1,
            description=(
                "a given name in lower case right after a greeting, the English words among names included "
                "('nice to see you jack i know', 'hey there mark ,'; not 'hi honey', 'bye sweetie')"
            ),
        ),
        RegexRule(
            "doctor_title_lower", "DOCTOR",
            rf"{_LOWER_DOCTOR_TITLE}(?P<value>{_LOWER_NAME_WORD})(?![\w])",
            checks=("not_common_word",),
            priority=2,
            description="lower-case clinician after 'dr' or 'doctor' ('per dr lindqvist', 'doctor cruz'); common words never match",
        ),
        RegexRule(
            "doctor_title_lower_full", "DOCTOR",
            rf"{_LOWER_DOCTOR_TITLE}(?P<value>{_LOWER_NAME_WORD}\s+{_LOWER_NAME_WORD})(?![\w])",
            checks=("not_common_word",),
            priority=2,
            description=(
                "a lower-case clinician's given and family name after 'dr' ('dr. vincent sanchez would'); "
                "when the second word is common ('dr smith said'), doctor_title_lower takes the first"
            ),
        ),
        RegexRule(
            "department_service_unit", "DEPARTMENT",
            rf"(?P<value>(?:[A-Z][a-z]+|[A-Z]{{2,5}})(?:[ \t]+(?:&|and|of|[A-Z][a-z]+|[A-Z]{{2,5}})){{0,4}}[ \t]+(?:{UNIT_HEADS}))\b",
            checks=("service_unit_name",),
            exclude_before=r"(?-i:[A-Z][A-Za-z'’.-]*)[ \t]+",  # rules compile it ignoring case
            prefilter=rf"\b(?:{UNIT_HEADS})\b",
            priority=2,
            description=(
                "a named unit: clinical-service and topic words before 'Clinic', 'Center', 'Institute', 'Unit' "
                "('Rheumatology Clinic', 'Diabetes & Endocrine Clinic'); not after a capitalised word "
                "(part of a longer name), not a hospital ('Boston Medical Center')"
            ),
        ),
        RegexRule(
            "organization_suffix", "ORGANIZATION",
            rf"(?!{_NOT_ORGANIZATION_START}[ \t])"
            rf"(?P<value>(?:[A-Z][A-Za-z'’]+|[A-Z]{{1,4}}&[A-Z]{{1,4}}|[A-Z]{{2,5}})(?:[ \t]+(?:&|and|of|[A-Z][A-Za-z'’]+|[A-Z]{{2,5}})){{0,3}}"
            rf"[ \t]+(?:{ORGANIZATION_SUFFIXES}))(?![\w])",
            checks=("organization_name",),
            prefilter=rf"\b(?:{ORGANIZATION_SUFFIXES})(?!\w)",
            priority=2,
            description=(
                "an employer or company before a company word ('M&T Bank', 'Lincoln Towing', "
                "'Nigerian Railway Corporation'); not 'Blood Bank' or 'Food Bank'"
            ),
        ),
        RegexRule(
            "hospital_cms_name", "HOSPITAL",
            rf"(?<![\w&'’-])(?P<value>(?i:{cms_hospital_pattern()}))(?![\w'’-])",
            # Not in a written general question ("Is the Mayo Clinic the best place for this?").
            exclude_before=r"(?:^|\n|[.!?][ \t]+)(?-i:Is|Are|Does|Do|Can|Could|Should|What|Which|How|Why|Where|Who|Would|Will)\b[^.!?\n]*$",
            context_chars=120,
            priority=1,  # weak: a longer name the tagger or the head rules found keeps its extent
            description=(
                "a US hospital of the CMS list named as listed, in any case ('NATIONAL JEWISH HEALTH', 'the cleveland "
                "clinic', 'Mammoth Hospital'): two words or more, one no common or medical word"
            ),
        ),
        RegexRule(
            "person_before_email", "DOCTOR",
            r"(?<![\w'’.-])(?P<value>[A-Z][A-Za-z'’-]+(?:,?[ ](?:[A-Z]\.|[A-Z][A-Za-z'’-]+)){1,3})[ ]?<[^<>\s@]+@[^<>\s]+>",
            prefilter=r"<[^<>\s@]+@",
            priority=1,  # weak: the tagger's label wins (a patient writing in)
            description="a name before its e-mail address in a message header ('To: Ann-Marie Thibodeau <athibodeau@mmc.org>', 'Mbeki, Samuel <…>')",
        ),
        RegexRule(
            "doctor_initials_degree", "DOCTOR",
            r"(?<![\w.])(?P<value>[A-Z]\.[A-Z]\.[ \t]?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?=,?[ \t]+(?:MD|M\.D\.|DO|RN|NP|PA-C|PhD)\b)",
            prefilter=r"[A-Z]\.[A-Z]\.",
            priority=2,
            description="a clinician with two initials before the degree ('Dictated by M.A. Herrera, MD')",
        ),
        RegexRule(
            "organization_public_service", "ORGANIZATION",
            rf"(?!{_NOT_ORGANIZATION_START}[ \t])"
            rf"(?P<value>(?:[A-Z][A-Za-z'’-]+|[A-Z]{{2,5}})(?:[ \t]+(?:&|and|of|[A-Z][A-Za-z'’-]+|[A-Z]{{2,5}})){{0,3}}"
            rf"[ \t]+(?:{_PUBLIC_SERVICE_HEADS}))(?![\w])",
            checks=("organization_name",),
            prefilter=rf"\b(?:{_PUBLIC_SERVICE_HEADS})(?![\w])",
            priority=2,
            description=(
                "a police, fire or EMS service or a court named after its place ('Boston EMS', 'RIVERSIDE PD', "
                "'Chicago Police Department', 'Dorchester District Court'); not 'called EMS'"
            ),
        ),
        RegexRule(
            "organization_us_military", "ORGANIZATION",
            r"\b(?P<value>(?:U\.S\.|US|United[ \t]+States)[ \t]+(?:Army(?:[ \t]+Reserve)?|Navy(?:[ \t]+Reserve)?|Air[ \t]+Force|"
            r"Marine[ \t]+Corps|Marines|Coast[ \t]+Guard|Space[ \t]+Force))\b",
            prefilter=r"\b(?:U\.S\.|US|United[ \t]+States)[ \t]+[ACMNS]",
            priority=2,
            description=(
                "a branch of the US armed forces named as such ('served in the US Navy 1959-1965'); a bare 'Army' "
                "or 'Air Force' is left out, as the conventions do"
            ),
        ),
        RegexRule(
            "employer_after_work_cue", "ORGANIZATION",
            rf"(?:\b(?i:works?|worked|working|employed|employment|jobs?)\s+(?i:at|for|by)\s+"
            rf"|\b(?i:retired|laid\s+off|resigned)\s+(?i:from)\s+)(?:(?i:the)\s+)?"
            rf"(?P<value>{_EMPLOYER_NAME})",
            checks=("employer_name",),
            prefilter=r"(?i:work|employ|job|retired|laid|resigned)",
            priority=1,
            description=(
                "an employer's name in capitals after 'works at', 'worked for', 'employed by', 'retired from' "
                "('works at Target', 'retired from Ford Motor'); not a title, a time or a clinical abbreviation "
                "('worked for Dr. Lee', 'works at night', 'works at PT')"
            ),
        ),
        RegexRule(
            "employer_at_from_year", "ORGANIZATION",
            rf"(?:^|(?<=[.;:\n]))[ \t]*At\s+(?:the\s+)?(?P<value>{_EMPLOYER_NAME})(?=,?\s+(?:from|since)\s+(?:19|20)\d\d\b)",
            flags="m",
            checks=("employer_name",),
            prefilter=r"\bAt\s",
            priority=1,
            description="an employer in a work history: 'At Target from 2016 until layoff'",
        ),
        RegexRule(
            "hospital_name_head", "HOSPITAL",
            # A capital at a word start first: the lookaheads below are costly at every character.
            rf"(?<![\w'’.])(?=[A-Z])(?!{_NOT_ORGANIZATION_START}[ \t])"
            rf"(?P<value>{_hospital_name(_TITLE_WORD, HOSPITAL_HEADS)}|{_hospital_name(_CAPS_WORD, HOSPITAL_HEADS_CAPS)})(?![\w'’])",
            checks=("hospital_name",),
            # A general question names a famous hospital, not where a patient was
            # ("Is the Mayo Clinic the best place for this?").
            exclude_before=r"(?:^|[.?!\n]\s*)(?:is|are|does|do|did|can|should|what|which|how|why|would|could|will)\b[^.?!\n]*$",
            context_chars=60,
            exclude_after=r"\s+(?i:diet|criteria|protocol|scale|score|classification|method|approach|study|trial)\b",
            prefilter=rf"(?i:\b(?:{HOSPITAL_HEADS})\b)",
            priority=2,
            description=(
                "a hospital or practice: a proper name before a hospital word ('Touro Infirmary', "
                "'Roswell Park Comprehensive Cancer Center', 'Amherst Primary Care', 'UNIVERSITY MEDICAL CENTER "
                "OF EL PASO'); not 'General Hospital' or 'the Cancer Center', nor a named diet ('Mayo Clinic diet')"
            ),
        ),
        RegexRule(
            "profession_works_as", "PROFESSION",
            rf"(?i:\b(?:works?|worked|working|employed|job)\s+as\s+an?\s+)"
            rf"(?P<value>(?!{_PROFESSION_STOP})[a-z][a-z-]+(?:\s+(?!{_PROFESSION_STOP})[a-z][a-z-]+){{0,2}})",
            priority=2,
            description="profession after 'works as a' ('works as a nail technician at ...')",
        ),
        RegexRule(
            "profession_field", "PROFESSION",
            r"(?i:\b(?:occupation|profession|employment|job(?:\s+title)?)\s*:[ \t]*(?!(?:none|n/?a|unemployed|retired|disabled|unknown|denies)\b))(?P<value>[A-Za-z][A-Za-z/ -]{2,40}?)(?=[ \t]*(?:$|\n|[,;.(])|[ \t]{2,})",
            flags="m",
            priority=2,
            description="profession after 'Occupation:' in a social history",
        ),
        RegexRule(
            "username_context", "USERNAME",
            r"(?i:\b(?:user\s*name|user\s*id|login|user)\s*[:=]\s*)(?P<value>[A-Za-z][A-Za-z0-9._-]{2,}[A-Za-z0-9])",
            description="user name after 'username:'",
        ),
        # ---- AGE --------------------------------------------------------------------
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
            rf"(?i:\b(?:(?:{_DECADE_PREPOSITIONS})\s+(?:his|her|their)|in\s+the)\s+(?:early\s+|mid\s+|late\s+|mid-)?)"
            r"(?P<value>(?:9|1[01])0'?s)\b",
            exclude_after=_DECADE_RANGE_AFTER,
            description="'in her 90s' (not a range of readings: 'in the 110s to 130s')",
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
            "age_words_unit", "AGE",
            rf"(?<![\w-])(?P<value>(?i:{_NUMBER_WORDS})){_AGE_UNIT_AFTER}",
            exclude_before=_AGE_LIMIT_BEFORE,
            priority=2,
            prefilter=r"(?i:year|y/o|yo\b|y\.o)",
            description="an age in words before 'year old' ('fifty eight year old', 'forty-four-year-old')",
        ),
        RegexRule(
            "age_context", "AGE",
            r"(?i:\b(?:(?:at|around|about|by)\s+(?:the\s+)?age\s+(?:of\s+)?|age\s+of\s+|(?:deceased|died|passed|diagnosed)\s*,?\s+(?:at\s+)?(?:age\s+)?|aged\s+))"
            rf"(?P<value>\d{{1,3}}|(?i:{_NUMBER_WORDS}))(?![\w]|\.\d|/|['’]?s\b)",
            exclude_before=(
                r"(?i:\b(?:start|starting|starts|begin|beginning|begins|screen|screening|recommend\w*|until|after|before|over|under|since|till)"
                r"\s+(?:at\s+)?(?:the\s+)?(?:age\s+)?(?:of\s+)?)$"
            ),
            exclude_after=r"\s*(?:-|to\b|and\s+(?:up|over|older)|or\s+(?:older|younger|over|above)|\+)",
            priority=2,
            prefilter=r"(?i:\bage|deceased|died|passed|diagnosed)",
            description="an age after 'at the age of', 'at age', 'aged', 'deceased age' (not a screening age: 'starting at age 45')",
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
            prefilter=rf"\bis\s+(?:{_UNITS_WORD}|{_TEENS_WORD}|{_TENS_WORD})\b",
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
            prefilter=rf"\bis\s+(?:only\s+|just\s+|about\s+)?(?:{_UNITS_WORD}|{_TEENS_WORD}|{_TENS_WORD})\b",
            description="an age in words after a relative or child in speech ('my oldest is thirteen and the other one is ten')",
        ),
        RegexRule(
            "street_spoken_lower", "STREET",
            r"\b(?:on|off\s+of|off|near|by|at|to|down|up)\s+(?:,\s*(?:on|off)\s+)?"
            r"(?P<value>(?!(?:busy|main|dirt|gravel|back|side|country|long|same|other|next|wrong|right|left|open|private|"
            r"rural|local|quiet|narrow|icy|wet|new|old)\s)(?P<first>[a-z][a-z'-]+)(?:\s+[a-z][a-z'-]+)?\s+"
            rf"(?:{_STREET_HEADS_LOWER}))\b",
            group_checks={"first": ("not_function_word",)},
            prefilter=rf"[a-z]\s+(?:{_STREET_HEADS_LOWER})\b",
            priority=2,
            description=(
                "a street said in lower case after 'on', 'off of', 'near' ('the h-e-b on spencer highway', 'off of laraway road', "
                "'on lake shore drive'); not 'on the road', 'down a busy street', 'off the main road'"
            ),
        ),
        RegexRule(
            "church_or_saint_lower", "ORGANIZATION",
            r"\b(?:at|to|from|attends?|attend|with|by)\s+(?:the\s+)?(?P<value>"
            r"(?:first|second|grace|calvary|bethel|mount|new\s+hope)\s+(?:baptist|methodist|presbyterian|lutheran|church|"
            r"pentecostal|ame|episcopal|assembly)(?:\s+church)?"
            # a parish, school or hospital named for a saint; not a city named so
            r"|st\.?\s+(?!louis\b|paul\b|petersburg\b|george\b|augustine\b|cloud\b|joseph\b(?!\s*['’]s))[a-z][a-z'.&-]*(?:['’]s)?"
            r")(?![\w'’])",
            prefilter=r"\b(?:st\.?\s+[a-z]|(?:first|second|grace|calvary|bethel|mount|new\s+hope)\s+[a-z])",
            priority=2,
            description=(
                "a church, parish or school named in lower case in speech ('mass at st. pius', 'i go to first baptist', "
                "'by st. mark's'); not a city ('from st. louis', 'to st. paul')"
            ),
        ),
        RegexRule(
            "company_suffix_lower", "ORGANIZATION",
            r"\b(?:at|for|with|from|by)\s+(?:the\s+)?(?P<value>(?P<name>[a-z][a-z'.&-]*(?:\s+[a-z][a-z'.&-]*)?)\s+"
            rf"(?:{_COMPANY_WORDS_LOWER}))\b",
            # the words before the company word hold a proper name (the company word itself is no evidence)
            group_checks={"name": ("hospital_name",)},
            prefilter=rf"[a-z]\s+(?:{_COMPANY_WORDS_LOWER})\b",
            priority=2,
            description=(
                "an employer in lower case before a company word, with a proper-name word in it ('works for alamo roofing', "
                "'thirty one years , saint paul fire department'); not 'the food bank'"
            ),
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
            rf"(?i:\b(?:half-)?{RELATIVE_WORDS})(?!['’])[ \t]+{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?"
            rf"(?:[ \t]*\([ \t]*|[ \t]*,[ \t]*)(?P<value>\d{{1,3}})(?=[ \t]*[,;)])",
            prefilter=r"[(,][ \t]*\d{1,3}[ \t]*[,;)]",
            priority=2,
            description="a relative's age after the name ('wife Carmela (79)', 'brother Jaylen (4, pre-K', 'mother Ngozi, 61, teacher')",
        ),
        RegexRule(
            "age_spoken", "AGE",
            rf"(?i:{_SPOKEN_AGE_SUBJECT}{_SPOKEN_AGE_HEDGE})"
            rf"(?P<value>\d{{1,3}}|(?i:{_NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
            exclude_after=_SPOKEN_AGE_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:\b(?:i|he|she|you|we)\s*['’]?(?:m|s|re|am|is|are|was|were|turn\w*|will|ll)\b)",
            description="a spoken age after 'i'm', 'she's', 'when i was' ('i'm almost 40', 'i was fourteen'; not 'i'm 150 pounds')",
        ),
        RegexRule(
            "age_spoken_second", "AGE",
            rf"(?i:{_SPOKEN_AGE_SUBJECT}{_SPOKEN_AGE_HEDGE}(?:\d{{1,3}}|{_NUMBER_WORDS})\s+(?:or|to)\s+(?:maybe\s+)?)"
            rf"(?P<value>\d{{1,3}}|(?i:{_NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
            exclude_after=_SPOKEN_AGE_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:\s(?:or|to)\s)",
            description="the second age of a spoken guess ('he was only like forty four or forty five')",
        ),
        RegexRule(
            "age_of_relative", "AGE",
            rf"(?i:\b(?:my|his|her|our|their|your)\s+(?:oldest|youngest|eldest|middle\s+one|{RELATIVE_WORDS})\s*"
            rf"(?:['’]s|is|was|turned|turns|just\s+turned|will\s+be)\s+{_SPOKEN_AGE_HEDGE})"
            rf"(?P<value>\d{{1,3}}|(?i:{_NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
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
            rf"(?P<value>\d{{1,3}}|(?i:{_NUMBER_WORDS}))(?![\w.:/'’]|,\d|\s*-\s*\d)",
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
        # ---- DATE -------------------------------------------------------------------
        RegexRule(
            "date_numeric", "DATE",
            r"(?<![\d/.-])(?P<value>\d{1,2}([/-])\d{1,2}\2(?:\d{4}|\d{2}))(?![\w/]|-\d)",
            checks=("numeric_date",),
            description="numeric date m/d/yy(yy) or m-d-yy(yy), either day-month order",
        ),
        RegexRule(
            "date_numeric_dots", "DATE",
            rf"(?<![\d/.-])(?P<value>{_DAY}\.{_MONTH_NUM}\.{_YEAR4}|{_MONTH_NUM}\.{_DAY}\.{_YEAR4})(?![\w/]|\.\d|-\d)",
            description="numeric date with dots and a 4-digit year",
        ),
        RegexRule(
            "date_iso", "DATE",
            rf"(?<![\d/.-])(?P<value>{_YEAR4}([-/.]){_MONTH_NUM}\2{_DAY})(?![\w/]|-\d)",
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
            rf"(?<![\d/.-])(?P<value>{_MONTH_NUM}/{_YEAR4})(?![\w/]|-\d)",
            description="month/year 09/2067",
        ),
        RegexRule(
            "date_written", "DATE",
            rf"(?<![\w.:/-])(?P<value>"
            rf"{_MONTH}\s*{_DAY}{_ORD}(?:\s*,?\s*{_YEAR})?"  # Sept 14, 2067 / Sept 14 / Sept 14 , 2067
            rf"|{_DAY}{_ORD}(?:\s+of)?\s*[-\s]?{_MONTH}(?:,?[-\s]*{_YEAR}|(?!\s*\d))"  # 14 Sept 2067 / 14-Sep-2067
            rf"|{_MONTH}(?:,?\s+|-|\s+of\s+){_YEAR}"  # Sept 2067 / Mar-89 / May of 2067
            rf"|{_MONTH}-\d\d"  # Mar-89
            rf")(?![\w]|\d)",
            description="written dates: 'Sept 14, 2067', '14-Sep-2067', 'Sept 2067', 'Mar-89'",
        ),
        RegexRule(
            "date_month_alone", "DATE",
            rf"(?<![\w])(?P<value>{_MONTH_ALONE})(?![\w])",
            priority=2,
            description="a month name on its own (not 'March'/'May', which are also words)",
        ),
        # Lower-case dates, as speech transcripts and some nursing notes write them.
        RegexRule(
            "date_written_lower", "DATE",
            rf"(?<![\w.:/-])(?P<value>"
            rf"(?:{_MONTH_LOWER})\s+{_DAY}(?:st|nd|rd|th)(?:\s*,?\s*{_YEAR})?"  # january 13th , 1982 / may 5th
            rf"|(?:{_MONTH_LOWER})\s+{_DAY}\s*,?\s*{_YEAR}"  # march 5 2020
            rf"|(?:{_MONTH_LOWER})(?:\s*,\s*|\s+|\s+of\s+){_YEAR4}"  # march of 2020 / may 2019
            rf"|(?:{_MONTH_LOWER_UNAMBIGUOUS}|{_MONTH_LOWER_NAMES})\s+{_DAY}(?![\d,.]?\d)"  # july 8
            rf")(?![\w])",
            exclude_after=_UNIT_AFTER,
            prefilter=r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b",
            description="lower-case written dates: 'january 13th , 1982', 'march of 2020', 'july 8'",
        ),
        RegexRule(
            "date_month_alone_lower", "DATE",
            rf"(?<![\w'’-])(?P<value>{_MONTH_LOWER_UNAMBIGUOUS})(?![\w'’-])(?!\s+\d)",  # "july 8": date_written_lower
            priority=2,
            description="a lower-case month that is no other word ('in january', 'back in october')",
        ),
        RegexRule(
            "date_month_name_lower", "DATE",
            rf"(?<![\w'’-])(?P<value>{_MONTH_LOWER_NAMES})(?![\w'’-])(?!\s+\d)",
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
            rf"(?i:\b(?:in|since|of|from|until|till|by|year|back\s+in|{_MONTH_LOWER})\s+)(?P<value>(?i:{_SPOKEN_YEAR}))(?![\w-])",
            exclude_after=_SPOKEN_YEAR_NOT_AFTER,
            priority=2,
            prefilter=r"(?i:nineteen|twenty|thousand)",
            description="any spoken year after a time word or a month ('in two thousand nine', 'january twenty twenty')",
        ),
        RegexRule(
            "date_month_day_cue", "DATE",
            # Out of 5 or 10 ("to 8/10", "and 5/5"): date_month_day_cue_score_shaped.
            rf"{_DATE_CUE}(?P<value>(?!{_SCORE_SHAPED}(?![\w/]))(?:{_MONTH_NUM}/{_DAY}))(?![\w/]|\.\d|-\d)",
            exclude_after=_FRACTION_AFTER,
            description="m/d after a date word ('on 9/14', 'since 3/12', 'f/u 10/2')",
        ),
        RegexRule(
            "date_month_day_cue_score_shaped", "DATE",
            rf"{_DATE_CUE}(?P<value>{_SCORE_SHAPED})(?![\w/]|\.\d|-\d)",
            exclude_after=_FRACTION_AFTER,
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
            rf"(?<![\w/.:-])(?P<value>{_MONTH_NUM}/(?:[6-9]|0[6-9]|1[1-9]|2\d|3[01]))(?![\w/]|\.\d|-\d)",
            exclude_before=_FRACTION_BEFORE,
            exclude_after=_FRACTION_AFTER,
            priority=2,
            description="bare m/d with a day of 6 or more, except 10 (fractions, grades and pain scores excluded)",
        ),
        RegexRule(
            "date_year_cue", "DATE",
            rf"(?i:\b(?:in|since|of|year|during|circa|c\.|early|late|mid|spring|summer|fall|autumn|winter|"
            rf"christmas|thanksgiving|dated?|class\s+of|dx|dx'd|diagnosed|born|married|widowed|divorced|retired|"
            rf"quit|graduated|from|it\s+is|it\s+was|it['’]s)\s+)(?P<value>{_YEAR4})(?![\w/:-]|\.\d)",
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
            r"(?<=[A-Za-z)])[ \t]+(?P<value>(?:19[5-9]\d|20[0-4]\d))(?![\w/:%-]|\.\d|,\d)",
            exclude_before=_NOT_A_YEAR_BEFORE,
            exclude_after=_YEAR_THEN_UNIT_AFTER,
            context_chars=20,
            priority=1,
            description="a year right after a word of an event ('MRI 2016 w/ sclerosis', 'C-section 1998 uncomplicated'; not 'BNP 2010', 'bolus 2000 mL')",
        ),
        RegexRule(
            "date_year_closes_parentheses", "DATE",
            rf"\([A-Za-z][^()\n\d=<>:]{{0,40}}\s(?P<value>{_YEAR4})\)",
            prefilter=r"\d{4}\)",
            priority=2,
            description="a year after words in parentheses ('lisinopril (angioedema 2014)'; a year alone: date_year_parenthesized)",
        ),
        RegexRule(
            "date_year_span_first", "DATE",
            rf"(?<![\w/.,-])(?P<value>{_YEAR4})\s*[-–]\s*{_YEAR4}(?![\w/:.-]|\.\d)",
            exclude_after=rf"\s*[-–]\s*{_YEAR4}{_UNIT_AFTER}",
            prefilter=r"\d{4}\s*[-–]\s*\d{4}",
            priority=2,
            description="the first year of a span of years ('Army 1966-1968'); not a range with a unit ('1800-2000 mL')",
        ),
        RegexRule(
            "date_year_span_second", "DATE",
            rf"(?<![\w/.,-]){_YEAR4}\s*[-–]\s*(?P<value>{_YEAR4})(?![\w/:.-]|\.\d)",
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
            rf"(?m:[A-Za-z)][ \t]*,[ \t]*)(?P<value>{_YEAR4})(?=[ \t]*(?:[.;)]|$))",
            prefilter=r",[ \t]*\d{4}",
            priority=2,
            description="a year closing a list item of a history ('Hysterectomy, 1996.', 'CABG x3, 2019')",
        ),
        *_year_list_rules(),
        RegexRule(
            "date_year_parenthesized", "DATE",
            rf"(?<![\w(])\((?:c\.\s*|ca\.\s*|circa\s+)?(?P<value>{_YEAR4})\)",
            exclude_before=r"\d\s*\(",  # "1800 (1800)": a number restated, not a year
            priority=3,
            # A year alone in brackets ("s/p stent (2087)") is never a phone or an
            # ID: four digits are too short for either, so its shape settles it.
            shape_label=True,
            description="a year alone in parentheses ('s/p stent (2087)', '(c. 1998)')",
        ),
        RegexRule(
            "date_year_range_cue", "DATE",
            rf"(?i:\b(?:from|to|until|till|through|thru|by|before|after|around)\s+)(?P<value>{_YEAR4})(?![\w/:-]|\.\d)",
            checks=("not_military_time",),
            exclude_after=_UNIT_AFTER,
            priority=2,
            description="a year after 'from'/'to'/'by' unless it reads as a 24-hour time ('from 1900 to 2100')",
        ),
        RegexRule(
            "date_year_apostrophe", "DATE",
            r"(?<![\w'])(?P<value>'\d\d)(?![\w']|\d)",
            priority=2,
            description="two-digit year with apostrophe ('67)",
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
            rf"(?<![A-Za-z])(?P<value>(?i:{_WEEKDAY_ABBR})\.?[ \t]+\d{{1,2}}/\d{{1,2}}(?:/(?:\d{{4}}|\d{{2}}))?)(?![\w/])",
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
            rf"(?<![A-Za-z])(?P<value>{_WEEKDAY_ABBR})(?![A-Za-z])(?=\s?[,/]\s?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun))",
            description="abbreviated weekday before another in a list ('Mon,Wed', 'Tue/Thu')",
        ),
        RegexRule(
            "date_weekday_abbr_list_next", "DATE",
            rf"(?:(?<=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[,/])|(?<=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[,/] ))(?P<value>{_WEEKDAY_ABBR})(?![A-Za-z])",
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
