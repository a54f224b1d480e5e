"""LOCATION rules: streets, cities, states, ZIP codes, countries, rooms, wards
and units (DEPARTMENT), hospitals and organizations (employers, chains, public
services, churches).

Places of an address come before the person rules and institutions after them
(see `builtin_rules`: a tie between a name and an institution read on the same
words goes to the name). Look-alikes the rules must leave alone ("Blood Bank",
"General Hospital", "room air", "in turkey fat") are in tests/rules/test_location.py.
"""

from __future__ import annotations

from typing import List, Tuple

from ...lexicon.gazetteers import (
    CHAIN_NAMES,
    HOSPITAL_HEADS,
    HOSPITAL_HEADS_CAPS,
    ORGANIZATION_SUFFIXES,
    UNIT_HEADS,
    US_STATES_LOWER,
    WARD_ACRONYMS,
    WARD_FLOOR_AND_WING,
    cms_hospital_pattern,
    cms_hospital_short_pattern,
    countries_lower_pattern,
)
from ..fragments import MONTH
from ..regex_rules import RegexRule

# -- addresses -------------------------------------------------------------------------

#: A US state's postal abbreviation ("OH", "PR").
_US_STATES_ABBR = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|"
    "NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR"
)
#: A US state's name in title case ("Ohio", "New Hampshire").
_US_STATES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|"
    "Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|"
    "Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New\\s+Hampshire|New\\s+Jersey|"
    "New\\s+Mexico|New\\s+York|North\\s+Carolina|North\\s+Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|"
    "Rhode\\s+Island|South\\s+Carolina|South\\s+Dakota|Tennessee|Texas|Utah|Vermont|Virginia|"
    "Washington|West\\s+Virginia|Wisconsin|Wyoming|Puerto\\s+Rico"
)
#: The suffix of a street's name ("St", "Avenue", "Blvd").
_STREET_SUFFIX = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Terrace|Ter|"
    r"Parkway|Pkwy|Highway|Hwy|Circle|Cir|Square|Sq|Trail|Trl|Turnpike|Tpke|Pike|Row|Alley|Plaza)"
)
#: A street after a floor-and-wing look-alike ("5 West Main St" is an address).
_STREET_AFTER_WING = (
    r"[ \t]+[A-Z][a-z]+\.?[ \t]+(?i:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pkwy|ct|pl|hwy)\b"
)
#: Heads of a street said in lower case ("spencer highway").
_STREET_HEADS_LOWER = "road|avenue|boulevard|highway|pike|drive|street|lane|parkway|blvd|trail|circle|court|expressway|freeway|turnpike"

# -- places ----------------------------------------------------------------------------

#: Words before a place of residence, origin or travel ("lived in", "moved here from").
_PLACE_CUE = r"in|from|to|near|visiting|visited|outside\s+of|outside|around"
#: After a place: a team or an institution named after it, not where someone is ("boston marathon").
_TEAM_OR_INSTITUTION_AFTER = (
    r"\s+(?:state|university|college|fan|fans|team|forty|49ers|niners|giants|jets|bulls|bears|cowboys|"
    r"yankees|mets|red\s+sox|lakers|heat|dolphins|marathon|general|memorial|medical|hospital|clinic)\b"
)
#: The first word of a branch town's owner: a capital, then word characters and
#: "'’&./-" up to the next space. It finds what `[A-Z][\w'’&./-]*` finds, but only
#: the last capital after "&", "." or "/" of a run can start it: the others stop at
#: the next such capital at once instead of each scanning the rest of the run, which
#: took time quadratic in a run without spaces ("Dr.Dr.Dr...", "A/B/C/...").
_BRANCH_OWNER_FIRST_WORD = r"[A-Z](?:[\w'’-]|[&./](?![A-Z]))*"
#: A name of two to eight capitalised words (connectors between), the owner of a
#: branch town ("Providence Medical Group - Bethany").
_BRANCH_OWNER = _BRANCH_OWNER_FIRST_WORD + r"(?:[ \t]+(?:&|and|of|the|at|[A-Z][\w'’&./-]*)){1,7}"
#: A town of one to three words, in title case or capitals ("Rio Rancho", "RED WING").
_BRANCH_TOWN = r"[A-Z][a-z]+(?:[ \t-][A-Z][a-z]+){0,2}|[A-Z]{3,}(?:[ \t][A-Z]{3,}){0,2}"

# -- institutions ----------------------------------------------------------------------

#: Capitalised words that start a sentence before an employer's name ("Called Lincoln Towing").
_NOT_ORGANIZATION_START = (
    r"(?:Called|Contacted|Spoke|Seen|Per|Discussed|Works|Worked|Working|Employed|Retired|Former|Left|Faxed|Sent|"
    r"At|For|With|From|Via|By|To|The|Pt|Patient|He|She|They|Wife|Husband|Son|Daughter|Mother|Father|Insurance|Employer)"
)
#: Public services and courts named after their place ("Boston EMS", "Cook County Circuit Court").
_PUBLIC_SERVICE_HEADS = (
    r"PD|EMS|Police(?:[ \t]+Department)?|Fire[ \t]+(?:Department|Rescue)|Sheriff['’]?s[ \t]+(?:Office|Department)|"
    r"(?:District|Circuit|Superior|Municipal|Probate|Juvenile|Family|County)[ \t]+Court"
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
#: Company words after an employer said in lower case ("alamo roofing").
_COMPANY_WORDS_LOWER = (
    r"roofing|plumbing|landscaping|trucking|construction|insurance|towing|electric|logistics|fire\s+department|"
    r"police\s+department|airlines|motors|foods|industries|manufacturing|bank"
)
#: Not a verb, question word or function word at a sentence start ("Call Clinic with concerns").
_NOT_HOSPITAL_WORD = (
    r"(?!(?i:is|are|does|do|did|can|should|what|which|how|why|would|could|will|the|a|an|at|to|in|on|from|by|"
    r"for|with|and|of|per|via|seen|admitted|transferred|discharged|presented|followed|called|sent|"
    # imperatives of instructions ("Call Clinic with concerns", "Return to ...")
    r"call|contact|return|schedule|page|notify|refer|phone|ask|attend|visit|go|see|check)\b)"
)
#: Verbs that move a patient to, from or through a place of care ("TRANS TO GH",
#: "d/c'd to", "taken to", "followed at"); "c/o" is a call-out from the unit. Not
#: "sent" nor "returned": specimens are sent ("sent to BB") and patients return to a
#: ventilator mode or a rhythm ("returned to SIMV", "returned to SR").
_MOVEMENT_VERBS = (
    r"transfer(?:red|ed|ring|s)?|transfered|trans|tx(?:['’]?d)?|xfer(?:red|ed)?|referred|taken|went|go|going|"
    r"brought|admitted|arrived|came|d/?c['’]?d|discharged|followed|seen|treated|transported|moved|c/o|"
    r"en[ \t]?route"
)
#: Words between a movement verb and its preposition ("transfer pt to", "go back to").
_MOVEMENT_FILLER = r"(?:(?:pt|patient|her|him|back|over|out|up)[ \t]+){0,2}"
#: A word of an institution's name in lower case, title case or capitals before its
#: head ("sacred", "LAUREL"), not the head itself: "Memorial" and "Regional" end the
#: name and are part of it, "hospital" and "campus" follow it.
#: A word of an institution's name in any case: no head word and no preposition
#: ("(performed at LDS Hospital)" names "LDS", not "performed at LDS").
_LOOSE_NAME_WORD = (
    r"(?!(?i:memorial|regional|hospital|hosp|campus|rehab|rehabilitation|at|to|from|in|into|on|by|of|for|with|and|or|"
    # the kinds of rehabilitation and the words before them ("either physical rehab", "prev rehab site")
    r"either|neither|both|prev|previous|physical|occupational|speech|cardiac|pulmonary|vestibular|pelvic|inpatient|"
    r"outpatient|acute|subacute|stroke|drug|alcohol)\b)"
    r"(?:[A-Za-z][a-z'’]+|[A-Z][A-Z'’]+)"
)
#: Places of care inside a hospital written after its name ("GH CATH LAB", "GH EW").
_CARE_PLACE_AFTER_INSTITUTION = r"cath[ \t]?lab|ew|er|ed|emergency[ \t]+(?:room|dep(?:artmen)?t)"
#: Words of residence or travel before the place ("lives", "living", "arrive", "return").
_RESIDENCE_OR_TRAVEL_CUE = (
    r"lives?|lived|living|resides?|resided|residing|moved|moving|arriv(?:e|es|ed|ing)|return(?:s|ed|ing)?|"
    r"fl(?:y|ies|ew|own|ying)|travel(?:s|ed|led|ing|ling)?|drove|driving|visiting|vacation(?:ing)?|home"
)
#: A number with a unit after a word: a dose or a setting, not a ward ("on levo 2 mcg").
_DOSE_AFTER = (
    r"[ \t]?\d+(?:\.\d+)?[ \t]*(?:mcg|mg|g|l|lpm|cc|ml|u|units?|mm|cm|hrs?|h|min|mics?|liters?|x|am|pm|%|"
    # a count of what is given ("to recieve 1 bag")
    r"bags?|tabs?|doses?|amps?|vials?|times)\b"
)
#: A capitalised word of a hospital's name ("St.", "Joseph's", "McLean").
_TITLE_WORD = rf"(?:St\.|{_NOT_HOSPITAL_WORD}[A-Z][a-z'’]+(?:[A-Z][a-z]+)?)"
#: A word in capitals of a hospital's name ("ST.", "BETH").
_CAPS_WORD = rf"(?:ST\.|{_NOT_HOSPITAL_WORD}[A-Z][A-Z'’]+)"


def _hospital_name(word: str, heads: str) -> str:
    """Up to six words of one case before a hospital head, then "of <place>" or
    "-<place>" ("Medical Center-Little Rock"); one case, so that a header in
    capitals before a capitalised name stays out ("OPERATIVE REPORT Baptist ...")."""
    return (
        rf"{word}(?:[ \t]+(?:(?:of|the|and|&|OF|THE|AND)[ \t]+)?{word}){{0,5}}[ \t]+(?:{heads})"
        rf"(?:[ \t]+(?i:of)[ \t]+{word}(?:[ \t]+{word}){{0,2}}|-{word}(?:[ \t]+{word})?)?"
    )


def _lower_place_rules() -> List[RegexRule]:
    """A lower-case US city of one, two or three words after a place cue ("i
    lived in detroit", "moved here from san antonio"): one rule per length, as a
    check cannot shorten a match. The last word ends in a letter: a full stop
    after the city closes the sentence ("who lives in rome.")."""
    rules = []
    for n in (1, 2, 3):
        rules.append(
            RegexRule(
                f"city_lower_{n}", "CITY",
                rf"\b(?:{_PLACE_CUE})\s+(?P<value>(?:[a-z][a-z'.-]+\s+){{{n - 1}}}[a-z][a-z'-]*[a-z])(?![\w'’-])",
                checks=("us_city_lower",),
                exclude_after=_TEAM_OR_INSTITUTION_AFTER,
                priority=2,
                description=f"a lower-case US city of {n} word(s) after 'in', 'from', 'to' ('lived in detroit')",
            )
        )
    return rules


def rules() -> List[RegexRule]:
    """The location rules, in a fixed order (see `builtin_rules` for what order decides).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
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
            # four digits after "OR" are the time of a move ("RECEIVED FROM OR 1245"), not a room
            r"(?P<value>\d{1,3}[A-Z]?|[A-Z]\d{1,3})(?![\w/.-])",
            priority=2,
            description=(
                "an infusion or dialysis chair, operating room, LDR, resuscitation bay or courtroom number "
                "('chair 14', 'OR 12', 'resus R2'; not 'FROM OR 1245')"
            ),
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
        # Lower-case places and chains of speech transcripts, after a cue word.
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
        RegexRule(
            "organization_chain", "ORGANIZATION",
            rf"(?<![\w'’-])(?P<value>(?i:{CHAIN_NAMES})(?:\s+(?i:pharmacy|store|supermarket|restaurant|market))?)(?![\w'’-])",
            # A section header of a system-by-system note ("CVS: HR 80", "CVS-- stable", "CVS; T 99"):
            # the cardiovascular system, no pharmacy.
            exclude_after=r"[ \t]*(?::|;|--)",
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
        # From here to hospital_name_head: institutions that `builtin_rules` places after the
        # person rules (INSTITUTIONS_AFTER_NAMES: a name read on the same words wins the tie).
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
            "institution_after_movement", "HOSPITAL",
            rf"\b(?i:{_MOVEMENT_VERBS})[ \t]+(?i:{_MOVEMENT_FILLER})(?i:to|from|at|into|@)[ \t]+(?:(?i:the)[ \t]+)?"
            r"(?P<value>[A-Za-z]+\d{0,2})(?![\w'’/-])",
            checks=("institution_word",),
            exclude_after=r"[ \t]+(?:site|line|port|sheath|cath)\b",  # a line removed from a site ("dc'd from fem site")
            prefilter=r"(?i:\b(?:trans|tx|xfer|referred|taken|went|go|brought|admitted|arrived|came|d/?c|"
            r"discharged|followed|seen|treated|moved|c/o|en[ \t]?route))",
            priority=1,  # weak: a city, country or hospital label of the tagger or the place rules on the same words wins
            description=(
                "an institution or named ward in one word after a verb that moves the patient ('TRANS TO GH', "
                "'transfer to quartermain 2', 'taken to kernan hosp', 'followed at gh'); not a place of care, an "
                "ordinary word or a clinical abbreviation ('transfer to MICU', 'sent to IR', 'd/c'd to rehab')"
            ),
        ),
        RegexRule(
            "hospital_short_name_after_movement", "HOSPITAL",
            # A listed hospital named without its head after a move: common words too ("sacred heart").
            rf"\b(?i:{_MOVEMENT_VERBS})[ \t]+(?i:{_MOVEMENT_FILLER})(?i:to|from|at|into|@)[ \t]+(?:(?i:the)[ \t]+)?"
            rf"(?P<value>(?i:{cms_hospital_short_pattern()}))(?![\w'’-])",
            prefilter=r"(?i:\b(?:trans|tx|xfer|referred|taken|went|go|brought|admitted|arrived|came|d/?c|"
            r"discharged|followed|seen|treated|moved|c/o|en[ \t]?route))",
            priority=1,  # weak: a name on the same words and the tagger's label win
            description=(
                "a hospital of the CMS list named without its head word after a verb that moves the patient "
                "('transfer back to holy cross', 'prepared to go to Sacred Heart')"
            ),
        ),
        RegexRule(
            "ward_name_number", "DEPARTMENT",
            rf"\b(?i:on|per|to|at|or)[ \t]+(?!(?i:{MONTH})\b)(?P<value>[A-Z][A-Za-z]{{4,}}(?=[ \t]?\d)|[a-z]{{5,}}(?=[ \t]\d))(?=[ \t]?\d{{1,2}}(?:/\d{{1,2}})?(?![\w%'’-]|\.\d))",
            checks=("institution_word",),
            # right after a movement verb the movement rule names the place ("Transfer to Westerbrook 2")
            exclude_before=rf"\b(?i:{_MOVEMENT_VERBS})[ \t]+(?i:{_MOVEMENT_FILLER})(?i:to|from|at|into|@)[ \t]+$",
            exclude_after=_DOSE_AFTER,
            priority=2,
            description=(
                "a ward named by a proper name before its number after 'on', 'per', 'to', 'at' or 'or' ('ON QUARTERMAIN 6.', "
                "'per Quartermain 3 RN', 'TRANSFER TODAY TO QUARTERMAIN 2', 'Quartermain 2 or Quartermain 3'); not a drug, "
                "a setting, a month or an ordinary word before a number ('on levo 2', 'on peep 5', 'on December 3', "
                "'LOW TO UPPER 80'S', 'on levo 2.5'); right after a movement verb the movement rule finds it"
            ),
        ),
        RegexRule(
            "hospital_initialism_at", "HOSPITAL",
            # initials of "... Hospital" end in H; after "at", "to", "from", "leave" they name the place
            r"\b(?i:at|to|from|leave|leaving|arrival[ \t]+to|back[ \t]+to)[ \t]+(?:(?i:the)[ \t]+)?"
            rf"(?P<value>[A-Z]{{1,4}}H)(?![\w'’/-])(?![ \t]*[\d.]*\d)(?![ \t]+(?i:{_CARE_PLACE_AFTER_INSTITUTION})\b)",
            checks=("hospital_initialism",),
            priority=1,  # weak: a label of the tagger on the same word wins
            description=(
                "a hospital's initials, ending in H, after 'at', 'to', 'from' or 'leave' ('MANAGED BY THE CHF TEAM AT QH,', "
                "'WOULD NEED TO LEAVE QH, HAVE SURGERY'); not a place of care or a listed abbreviation ('transferred from OSH', "
                "'d/c to NH', 'bleed at ICH'), not before a number ('PH 7.31')"
            ),
        ),
        RegexRule(
            "university_of_state", "ORGANIZATION",
            rf"\b(?P<value>(?:U|Univ\.?|UNIV\.?|univ\.?)[ \t]+(?:(?i:of)[ \t]+)?(?i:{US_STATES_LOWER}))(?![\w'’-])",
            priority=2,
            description=(
                "a state university's medical center in its short form ('per U Vermont scale', 'Univ. of Iowa consult'); "
                "the university written out is left to the tagger ('the university of washington')"
            ),
        ),
        RegexRule(
            "institution_acronym_before_care_place", "HOSPITAL",
            rf"(?:\b(?i:to|at|from|in|into)|->|@)[ \t]+(?P<value>[A-Z]{{2,5}}|[a-z]{{2,5}})"
            rf"(?=[ \t]+(?i:{_CARE_PLACE_AFTER_INSTITUTION})\b)",
            checks=("institution_word",),
            priority=1,  # weak: a label of the tagger on the same word wins
            description=(
                "an institution's acronym before one of its places of care, after 'to', 'at', 'from' or an arrow "
                "('BROUGHT TO GH CATH LAB', 'found unresponsive-> GH EW', 'to gh cath lab'); not a place of care or a "
                "clinical abbreviation ('to MICU cath lab', 'in CT ER')"
            ),
        ),
        RegexRule(
            "institution_acronym_at_clause_end", "HOSPITAL",
            r"\b(?i:at|from)[ \t]+(?i:the)[ \t]+(?P<value>[A-Z]{2,5})(?=[ \t]*(?:[.,;)]|$))",
            flags="m",
            checks=("institution_acronym",),
            priority=1,
            description=(
                "an institution's acronym after 'at the' or 'from the', closing its clause ('A CONSULT FROM THE "
                "WCMC.'); no abbreviation of the vocabulary's lists, credential or staff title ('PAGE FROM THE MD.'); "
                "not after 'to the' ('talking to the TV.'); the article is required, as a bare acronym after 'at' is "
                "as often a time ('PTT DUE AT MN.')"
            ),
        ),
        RegexRule(
            "hospital_medical_center_initials", "HOSPITAL",
            # initials of "... Medical Center" end in MC; a clinical list's abbreviations ("BMC" bone
            # mineral content, "MMC" mitomycin) are left out by the check, the thumb joint by the words after it
            r"(?<![\w'’/-])(?P<value>[A-Z]{1,4}MC)(?![\w'’/-])",
            checks=("institution_acronym",),
            exclude_after=r"[ \t]+(?i:joints?|arthritis|arthroplasty|oa|jt)\b",
            prefilter=r"MC\b",
            priority=1,  # weak: a label of the tagger on the same word wins
            description=(
                "a medical center's initials in capitals, anywhere ('PT MAY BE W/U BY WCMC FOR TRANSPLANT', "
                "'records from SRMC'); no abbreviation of the clinical lists ('Cdiff + per BMC'), not the thumb's "
                "'CMC joint'"
            ),
        ),
        RegexRule(
            "city_after_residence_cue", "CITY",
            rf"\b(?i:{_RESIDENCE_OR_TRAVEL_CUE})\b[^.;:\n]{{0,40}}?\b(?i:in|to|from)[ \t]+"
            rf"(?P<value>[A-Za-z][a-z]+(?:[ \t][A-Za-z][a-z]+)?|[A-Z]+(?:[ \t][A-Z]+)?)(?![\w'’-])",
            checks=("listed_city",),
            exclude_after=_TEAM_OR_INSTITUTION_AFTER,
            priority=2,
            description=(
                "a city of the shipped lists in any case after a word of residence or travel and 'in', 'to', 'from' "
                "('who lives in rome', 'SISTER IS LIVING IN ROME', 'DAUGHTER WILL RETURN TO Baltimore'); not a "
                "team or an institution named after it ('lives in Boston Medical')"
            ),
        ),
        RegexRule(
            "institution_before_loose_head", "HOSPITAL",
            # "@" and an opening parenthesis need no space ("ICU @ORCHARD MEMORIAL", "rehab(saint brendan Memorial)")
            # "or" joins a second place to the first ("AT ORCHARD REHAB OR WINDERMERE REHAB")
            r"(?:\b(?i:to|at|from|into|in|on|or)[ \t]+|@[ \t]*|\([ \t]*)(?:(?i:the)[ \t]+)?"
            rf"(?P<value>(?P<name>{_LOOSE_NAME_WORD}(?:[ \t]+{_LOOSE_NAME_WORD}){{0,2}})"
            r"(?:[ \t]+(?i:memorial|regional)\b|(?=[ \t]+(?i:hospital|hosp|campus|rehab|rehabilitation)\b)))",
            group_checks={"name": ("named_institution_before_head",)},
            priority=2,
            description=(
                "an institution in lower case or capitals before 'hospital', 'campus', 'rehab', 'memorial' or 'regional' after "
                "'to', 'at', 'from', 'in', 'on', 'or', '@' or in parentheses ('to sacred heart hospital', 'TAKEN TO LAUREL REGIONAL', "
                "'the Zagaria campus', 'AIDE IN ICU @ ORCHARD MEMORIAL', 'rehab(saint brendan Memorial)'); "
                "not a generic word ('to outside hospital', 'at the main campus')"
            ),
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
            checks=("saint_name",),  # "nsr to st in the 100's": sinus tachycardia
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
    ]


#: (text, label, value, rule id): in each invented text the rule fires and gives
#: this value with this label (the span `phi_rules` writes, snapped to tokens);
#: tests/rules/ runs every line and the reference in docs/rules.md shows the first of each rule.
EXAMPLES: List[Tuple[str, str, str, str]] = [
    ("Boston, MA 02114", "ZIP", "02114", "zip_after_state"),
    ("Columbus, Ohio 43210-1234.", "ZIP", "43210-1234", "zip_after_state"),
    ("ZIP: 90210", "ZIP", "90210", "zip_context"),
    ("Room 412B", "ROOM", "412B", "room_context"),
    ("Infusion center, chair 9, port accessed x1", "ROOM", "9", "room_chair_or"),
    ("Consent signed; OR 7 booked as second case", "ROOM", "7", "room_chair_or"),
    ("to resus R4 on arrival, STEMI page out", "ROOM", "R4", "room_chair_or"),
    ("Country of birth: Philippines (Iloilo City)     Passport", "CITY", "Iloilo City", "city_named_city"),
    ("Hospital: Saint Aldhelm Memorial Hospital, Ward 6B, Room 612", "DEPARTMENT", "Ward 6B", "department_ward"),
    ("Transferred to Critical Care Unit 2, bed CCU2-08; handoff to ICU RN", "ROOM", "CCU2-08", "room_code_context"),
    ("Admit to medical observation, infirmary cell INF-04, vitals q4h", "ROOM", "INF-04", "room_code_context"),
    ("Private exam room ED-19. Pt's friend drove her", "ROOM", "ED-19", "room_code_context"),
    ("1) 514-2 5 West | GUY, TREMAINE | 58M", "DEPARTMENT", "5 West", "department_compass_unit"),
    ("then moved to 6 North. Your blood sugar is now controlled", "DEPARTMENT", "6 North", "department_compass_unit"),
    ("Loc: Tower 4 ICU bed 4412", "DEPARTMENT", "Tower 4", "department_compass_unit"),
    ("Transferred on BiPAP to Cardiac Stepdown 6 North, bed 14.", "DEPARTMENT", "Cardiac Stepdown 6 North", "department_named_ward"),
    ("Family met in Rm 4410, Garrison Tower 4. Pt sedated.", "DEPARTMENT", "Garrison Tower 4", "department_named_ward"),
    ("used to when i lived in detroit", "CITY", "detroit", "city_lower_1"),
    ("pt has a son, who lives in osaka.  a: stable", "CITY", "osaka", "city_lower_1"),
    ("[patient] we flew back from osaka last week , long flight", "CITY", "osaka", "city_lower_1"),
    ("[patient] my sister's wedding is in sedona in april", "CITY", "sedona", "city_lower_1"),
    ("moved here from san antonio last year", "CITY", "san antonio", "city_lower_2"),
    ("we drove up from salt lake city", "CITY", "salt lake city", "city_lower_3"),
    ("i went up to vermont , um , to explore", "STATE", "vermont", "state_lower"),
    ("[patient] i was in zambia for two weeks", "COUNTRY", "zambia", "country_lower"),
    ("we went to new zealand last year", "COUNTRY", "new zealand", "country_lower"),
    ("i go to cvs pharmacy . they have", "ORGANIZATION", "cvs pharmacy", "organization_chain"),
    ("tried filling both prescriptions at Walmart.", "ORGANIZATION", "Walmart", "organization_chain"),
    ("He works at Home Depot.", "ORGANIZATION", "Home Depot", "organization_chain"),
    ("No driving until seizure-free for 6 months per Iowa law.", "STATE", "Iowa", "state_law"),
    ("Hidden from the proxy portal per Oregon minor consent law.", "STATE", "Oregon", "state_law"),
    ("2213 Cherry St, Toledo, OH 43608", "CITY", "Toledo", "city_before_state_zip"),
    ("PCP: Dr. Lena Moss, Lakeside Family Medicine - Rio Rancho\nAllergies: none", "CITY", "Rio Rancho", "city_branch_of_practice"),
    ("Referred by Ortiz Pediatrics, Temple (fax 254-555-0101).", "CITY", "Temple", "city_branch_of_practice"),
    ("2213 Cherry St, Toledo, OH 43608", "STATE", "OH", "state_before_zip"),
    ("Suwanee, Georgia 30024", "STATE", "Georgia", "state_before_zip"),
    ("2213 Cherry St, Toledo", "STREET", "2213 Cherry St", "street_number_suffix"),
    ("evicted from 4417 Fremont Ave N, #2, Seattle", "STREET", "4417 Fremont Ave N, #2", "street_number_suffix"),
    ("1450 Peachtree Industrial Blvd, Suite 210", "STREET", "1450 Peachtree Industrial Blvd, Suite 210", "street_number_suffix"),
    ("Folasade Adeyemi-Hart, MD\nRheumatology Clinic\nEmory Healthcare", "DEPARTMENT", "Rheumatology Clinic", "department_service_unit"),
    ("to be done by Dr. Abramowitz in Thyroid Biopsy Clinic. 3. Albuminuria", "DEPARTMENT", "Thyroid Biopsy Clinic", "department_service_unit"),
    ("Health Center - Diabetes & Endocrine Clinic\nPatient:", "DEPARTMENT", "Diabetes & Endocrine Clinic", "department_service_unit"),
    ("Mr. Park is a 47 y.o. M, CPA at M&T Bank, dx'd w/ AML", "ORGANIZATION", "M&T Bank", "organization_suffix"),
    ("3. Called Lincoln Towing - impound fees $398", "ORGANIZATION", "Lincoln Towing", "organization_suffix"),
    ("retired civil engineer w/ the Nigerian Railway Corporation; mother", "ORGANIZATION", "Nigerian Railway Corporation", "organization_suffix"),
    ("Retired from Ford Motor Company in 2010.", "ORGANIZATION", "Ford Motor Company", "organization_suffix"),
    ("employed by M&T Bank since 2001", "ORGANIZATION", "M&T Bank", "organization_suffix"),
    ("NATIONAL JEWISH HEALTH - PULMONARY PHYSIOLOGY LABORATORY", "HOSPITAL", "NATIONAL JEWISH HEALTH", "hospital_cms_name"),
    ("[patient] she works as a unit clerk at the cleveland clinic", "HOSPITAL", "cleveland clinic", "hospital_cms_name"),
    ("Nonfatal overdose 1/29 (naloxone x2 by Boston EMS)", "ORGANIZATION", "Boston EMS", "organization_public_service"),
    ("HOLDING R HAND IN A BUCKET OF WATER. RIVERSIDE PD ON SCENE", "ORGANIZATION", "RIVERSIDE PD", "organization_public_service"),
    ("Legal: on probation through Dorchester District Court, PO Mr. Leary", "ORGANIZATION", "Dorchester District Court", "organization_public_service"),
    ("Professor at the US Naval Academy; served in the US Navy 1959-1965.", "ORGANIZATION", "US Navy", "organization_us_military"),
    ("He works at Target as a cashier.", "ORGANIZATION", "Target", "employer_after_work_cue"),
    ("She works at the Boston Globe.", "ORGANIZATION", "Boston Globe", "employer_after_work_cue"),
    ("MS at the University of Minnesota. At Target from 2016 until layoff", "ORGANIZATION", "Target", "employer_at_from_year"),
    ("transferred from Boston Medical Center today", "HOSPITAL", "Boston Medical Center", "hospital_name_head"),
    ("Lakeshore Community Health Center - Diabetes", "HOSPITAL", "Lakeshore Community Health Center", "hospital_name_head"),
    ("DISCHARGE SUMMARY\nRoswell Park Comprehensive Cancer Center\n665 Elm St", "HOSPITAL", "Roswell Park Comprehensive Cancer Center", "hospital_name_head"),
    ("SURGICAL PATHOLOGY REPORT\nTouro Infirmary - Department of Pathology", "HOSPITAL", "Touro Infirmary", "hospital_name_head"),
    ("PCP: Stephen Carrozza, MD - Amherst Primary Care\n", "HOSPITAL", "Amherst Primary Care", "hospital_name_head"),
    ("UNIVERSITY MEDICAL CENTER OF EL PASO - EMERGENCY DEPARTMENT", "HOSPITAL", "UNIVERSITY MEDICAL CENTER OF EL PASO", "hospital_name_head"),
    ("OPERATIVE REPORT Baptist Health Medical Center-Little Rock", "HOSPITAL", "Baptist Health Medical Center-Little Rock", "hospital_name_head"),
    ("SEEN AT ST. JOSEPH'S HOSPITAL", "HOSPITAL", "ST. JOSEPH'S HOSPITAL", "hospital_name_head"),
    ("REFERRED TO QH.   ARRIVED IN TRANSFER APPROX. 2130", "HOSPITAL", "QH", "institution_after_movement"),
    ("pt is followed at qh by dr kim. arrived via amb", "HOSPITAL", "qh", "institution_after_movement"),
    ("911 was called and pt taken to varnum ew for eval", "HOSPITAL", "varnum", "institution_after_movement"),
    ("Plan: Transfer to Westerbrook 2, increase mobility.", "HOSPITAL", "Westerbrook", "institution_after_movement"),
    ("IN RESP DISTRESS ON WESTERBROOK 6; CODE CALLED", "DEPARTMENT", "WESTERBROOK", "ward_name_number"),
    ("ON ARRIVAL TO WESTERBROOK 4. FAMILY IN", "DEPARTMENT", "WESTERBROOK", "ward_name_number"),
    ("will go to Westerbrook 2 or Westerbrook 3.", "DEPARTMENT", "Westerbrook", "ward_name_number"),
    ("Resp. care note:\n Cardiac arrest called To westerbrook 6 At 0455.", "DEPARTMENT", "westerbrook", "ward_name_number"),
    ("please see page 2 for transfer back to holy cross \nfor hpi", "HOSPITAL", "holy cross", "hospital_short_name_after_movement"),
    ("Pt is prepared to go to Good Samaritan. Vital signs stable.", "HOSPITAL", "Good Samaritan", "hospital_short_name_after_movement"),
    ("79 YO MALE BROUGHT TO QH CATH LAB FROM OSH", "HOSPITAL", "QH", "institution_acronym_before_care_place"),
    ("HAS BEEN MANAGED BY THE CHF TEAM AT QH, BUT", "HOSPITAL", "QH", "hospital_initialism_at"),
    ("PT MAY BE W/U BY WCMC FOR POSSIBLE HEART TRANSPLANT.", "HOSPITAL", "WCMC", "hospital_medical_center_initials"),
    ("Outside records from SRMC were obtained.", "HOSPITAL", "SRMC", "hospital_medical_center_initials"),
    ("SURGEON WOULD NEED TO LEAVE QH, HAVE SURGERY AND RETURN", "HOSPITAL", "QH", "hospital_initialism_at"),
    ("insulin drip per U Vermont scale. FS 114", "ORGANIZATION", "U Vermont", "university_of_state"),
    ("found down at home-> qh ew for eval", "HOSPITAL", "qh", "institution_acronym_before_care_place"),
    ("SON CALLED ABOUT A CONSULT FROM THE WCMC. NO CHANGE", "HOSPITAL", "WCMC", "institution_acronym_at_clause_end"),
    ("HIS BROTHER IS LIVING IN DETROIT. PLAN: CONT", "CITY", "DETROIT", "city_after_residence_cue"),
    ("DAUGHTER WILL RETURN TO Sedona TOMORROW.", "CITY", "Sedona", "city_after_residence_cue"),
    ("pt to go this afternoon, to sacred heart hospital.", "HOSPITAL", "sacred heart", "institution_before_loose_head"),
    ("TAKEN TO ORCHARD REGIONAL WHERE CK'S POS.", "HOSPITAL", "ORCHARD REGIONAL", "institution_before_loose_head"),
    ("WORKS AS AIDE IN ICU @ ORCHARD MEMORIAL. DAUGHTER HERE", "HOSPITAL", "ORCHARD MEMORIAL", "institution_before_loose_head"),
    ("Pt slated to go to rehab(saint brendan Memorial) today", "HOSPITAL", "saint brendan Memorial", "institution_before_loose_head"),
    ("called out to tele surgical bed on brackett campus. remains in micu", "HOSPITAL", "brackett", "institution_before_loose_head"),
    ("AWAITING PLACEMENT AT ORCHARD REHAB OR WINDERMERE REHAB. VSS.", "HOSPITAL", "WINDERMERE", "institution_before_loose_head"),
    ("[patient_guest] the h-e-b on spencer highway , he says .", "STREET", "spencer highway", "street_spoken_lower"),
    ("[patient] i work at the warehouse off of laraway road in joliet", "STREET", "laraway road", "street_spoken_lower"),
    ("[patient_guest] he says yes , on sundays after mass at st. pius , they walk", "ORGANIZATION", "st. pius", "church_or_saint_lower"),
    ("[patient] no . i go to first baptist every sunday and see my friends", "ORGANIZATION", "first baptist", "church_or_saint_lower"),
    ("[patient_guest] he works with a company , rogelio works for alamo roofing now", "ORGANIZATION", "alamo roofing", "company_suffix_lower"),
]
