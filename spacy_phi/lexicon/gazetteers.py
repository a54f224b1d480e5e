"""Word lists behind the lower-case place, profession and chain-store rules.

Transcribed dialogues and some nursing notes are written in lower case, so the
tagger's strongest cue for a name (a capital) is gone: "went up to vermont",
"i lived in detroit", "i'm an x-ray tech", "i go to cvs pharmacy". These rules
match such values only after a cue word and only when the value is in a list:

- US cities (`data/label_lexicons/us_cities_lower.txt`: the CMS hospital cities
  minus those that are English words) and US state names;
- occupation head nouns (the `phi_guard` occupation lexicon) and work fields;
- national chains a patient works at or visits (pharmacies, stores,
  restaurants, insurers, gyms: ORGANIZATION in i2b2), written here.

The same lists, and the checks built on them, also serve capitalised rules whose
context already says what follows: hospital and unit names (CMS names, unit
heads, wards named before their floor and wing), a practice's branch town after
a dash ("Providence Medical Group - Bethany"), employers and long job phrases.

Each list is read once per process.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Dict, FrozenSet, List

from .common_words import FUNCTION_WORDS
from .label_lexicons import default_lexicons
from .vocabulary import default_vocabulary

#: US states and territories, lower case.
US_STATES_LOWER = (
    "alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|"
    "illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|"
    "mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|"
    "north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|"
    "south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|puerto rico"
)
#: Fields of work after "works in" ("works in sales", "employed in healthcare").
WORK_FIELDS = (
    "sales|construction|landscaping|healthcare|health care|retail|finance|banking|accounting|marketing|"
    "advertising|real estate|insurance|education|teaching|hospitality|manufacturing|tech|technology|"
    "software|engineering|law enforcement|the military|food service|customer service|transportation|"
    "logistics|trucking|agriculture|farming|nursing|childcare|daycare|child care|journalism|publishing|"
    "politics|government|social work|human resources|hr|payroll|security|maintenance|plumbing|roofing|"
    "carpentry|welding|mining|oil and gas|the oil fields|fishing|forestry|warehousing|warehouse|"
    "factory|restaurant|bakery|kitchen|salon|hospital|nursing home|school|"
    "bank|store|office|auto shop|auto repair shop|auto repair"
)
#: National chains (pharmacies, stores, restaurants, insurers, gyms), lower case;
#: not those that are common words ("target", "subway", "enterprise").
CHAIN_NAMES = (
    "cvs|walgreens|rite aid|rite-aid|walmart|wal-mart|costco|sam's club|kroger|safeway|publix|albertsons|"
    "meijer|wegmans|h-e-b|trader joe's|whole foods|aldi|piggly wiggly|food lion|stop & shop|giant eagle|"
    "hy-vee|winn-dixie|home depot|lowe's|best buy|macy's|kohl's|walgreen's|mcdonald's|mcdonalds|burger king|"
    "wendy's|starbucks|dunkin|dunkin' donuts|dunkin donuts|chick-fil-a|taco bell|kfc|pizza hut|domino's|"
    "chipotle|panera|applebee's|olive garden|ihop|denny's|cracker barrel|red lobster|five guys|"
    "kaiser permanente|kaiser|aetna|cigna|humana|blue cross|blue shield|bcbs|united healthcare|unitedhealthcare|"
    "anthem|weight watchers|planet fitness|la fitness|ymca|ywca|gold's gym|"
    "amazon|fedex|usps|lyft|doordash|quest diagnostics|labcorp"
)
#: Jobs written as abbreviations ("employed as an RN"), lower case.
JOB_ABBREVIATIONS = frozenset("rn lpn cna np emt cpa hha pca cma lvn paralegal".split())
#: Heads of the occupation lexicon that say what someone is, not their job (the
#: words outside it that follow "is a" without naming a job are the guard's
#: `non_occupations.txt`, also read by `is_occupation_phrase`).
_NOT_JOBS = frozenset("veteran veterans member members lady ladies".split())
#: Words before an occupation that are no part of the job ("a very good cook").
_NOT_JOB_MODIFIERS = frozenset(
    "very good great big little bit full part new old former retired professional real huge young bad "
    "single married proud busy hard licensed certified regular".split()
)


@lru_cache(maxsize=1)
def us_cities_lower() -> FrozenSet[str]:
    """The lower-case city names of the city rules: US cities with a hospital
    (CMS) and the GeoNames cities of 5,000+ people in the US or 100,000+
    elsewhere that are no English word or given name ("sedona", "osaka")."""
    folder = resources.files("spacy_phi").joinpath("data", "label_lexicons")
    names = set()
    for file_name in ("us_cities_lower.txt", "world_cities_lower.txt"):
        text = folder.joinpath(file_name).read_text(encoding="utf-8")
        names.update(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))
    return frozenset(names)


def is_us_city_lower(value: str) -> bool:
    """A lower-case city of the lists ("detroit", "san antonio", "osaka"; not "mobile").
    (The name stays for the check name that saved pipelines carry.)"""
    return value.islower() and " ".join(value.split()) in us_cities_lower()


@lru_cache(maxsize=1)
def _cms_hospital_rows() -> List[Dict[str, str]]:
    """The rows of the CMS hospital list (`spacy_phi/data/cms_hospitals.csv`, US
    public domain): name, city, state, zip."""
    import csv  # only here: the list is read once

    text = resources.files("spacy_phi").joinpath("data", "cms_hospitals.csv").read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


@lru_cache(maxsize=1)
def cms_hospital_names() -> FrozenSet[str]:
    """The names of the CMS hospital list, lower case, of two words or more and
    with a word that is no common, medical or hospital word (`is_hospital_name`):
    "national jewish health", "cleveland clinic"; not "fairbanks" (a surname
    too), "memorial hospital"."""
    names = set()
    for row in _cms_hospital_rows():
        name = " ".join(row["name"].lower().split())
        if len(name.split()) >= 2 and is_hospital_name(name):
            names.add(name)
    return frozenset(names)


#: Towns of the lists that are words of a page header after a dash ("ST ROSE HOSPITAL - Page 1 of 2").
_HEADER_WORDS_THAT_ARE_TOWNS = frozenset({"page"})


@lru_cache(maxsize=1)
def us_town_names() -> FrozenSet[str]:
    """Lower-case US towns of every list we ship: the city rules' lists
    (`us_cities_lower`) and every city of the CMS hospital list, English words
    included ("temple", "aurora", "wheeling"): for capitalised text, where the
    context already says a place follows."""
    towns = {" ".join(row["city"].lower().split()) for row in _cms_hospital_rows() if row["city"].strip()}
    return frozenset(towns | us_cities_lower())


def is_branch_town(value: str) -> bool:
    """A US town as the branch of a practice ("Manchester", "Rio Rancho", "RED
    WING"); not a header word ("Page")."""
    town = " ".join(value.lower().split())
    return town in us_town_names() and town not in _HEADER_WORDS_THAT_ARE_TOWNS


def trie_pattern(phrases: FrozenSet[str]) -> str:
    """A regex that matches exactly the given phrases, as a character trie
    ("ab|ac" -> "a(?:b|c)"): with thousands of phrases it is much faster than
    their plain alternation. Spaces match any run of blanks."""
    trie: dict = {}
    for phrase in phrases:
        node = trie
        for char in phrase:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict) -> str:
        ends = "" in node
        branches = [(r"[ \t]+" if char == " " else re.escape(char)) + build(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body

    return build(trie)


@lru_cache(maxsize=1)
def cms_hospital_pattern() -> str:
    """`trie_pattern` of `cms_hospital_names`."""
    return trie_pattern(cms_hospital_names())


#: Words that end a hospital's listed name and say only what it is ("SACRED HEART
#: MEDICAL CENTER", "HOLY CROSS HOSPITAL"): notes name it without them.
_LISTED_NAME_ENDING = re.compile(
    r"[ \t]+(?:regional[ \t]+)?(?:medical[ \t]+cent(?:er|re)|hospitals?|infirmary|health[ \t]+(?:system|center|care)|"
    r"healthcare|medical|health|center|inc|llc|campus)$"
)


@lru_cache(maxsize=1)
def cms_hospital_short_names() -> FrozenSet[str]:
    """The names of the CMS hospital list without the words that end them
    ("sacred heart", "holy cross", "good samaritan" of "GOOD SAMARITAN
    HOSPITAL"), of two words or more: how notes name a hospital after a move
    ("transfer back to holy cross"). Common words are kept: only the move's
    context may read them (`hospital_short_name_after_movement`)."""
    names = set()
    for row in _cms_hospital_rows():
        name, shorter = " ".join(row["name"].lower().split()), ""
        while shorter != name:
            shorter, name = name, _LISTED_NAME_ENDING.sub("", name)
        name = name.removeprefix("the ")
        if len(name.split()) >= 2 and not all(word in _NAME_CONNECTORS for word in name.split()):
            names.add(name)
    return frozenset(names)


@lru_cache(maxsize=1)
def cms_hospital_short_pattern() -> str:
    """`trie_pattern` of `cms_hospital_short_names`."""
    return trie_pattern(cms_hospital_short_names())


#: Countries that are also English words or other places, never matched in lower case.
_COUNTRIES_THAT_ARE_WORDS = frozenset(
    "turkey chad china jordan guinea chile niger georgia jersey panama iceland man guernsey america "
    "dominica grenada japan reunion".split()
)


@lru_cache(maxsize=1)
def countries_lower_pattern() -> str:
    """A regex alternation of the lower-case countries of the `phi_guard`
    gazetteer ("zambia", "new zealand"), longest first; not those that are
    English words ("turkey", "china") or shorter than four letters."""
    names = {
        " ".join(name.split())
        for name in default_lexicons().countries_lower
        if len(name) >= 4 and re.fullmatch(r"[a-z][a-z' -]*[a-z]", name) and name not in _COUNTRIES_THAT_ARE_WORDS
    }
    return "|".join(re.escape(name).replace(r"\ ", r"\s+") for name in sorted(names, key=lambda n: (-len(n), n)))


#: Heads of a named unit of a hospital ("Rheumatology Clinic", "Headache Center").
UNIT_HEADS = "Clinic|Clinics|Center|Centre|Institute|Program|Unit"
#: Topic words of a unit's name that are no clinical-service words ("Thyroid
#: Biopsy Clinic", "Assessment and Treatment Center", "Sleep Disorders Center").
_UNIT_TOPIC_WORDS = frozenset(
    "thyroid biopsy disorders disorder headache headaches treatment assessment infusion memory wound pain "
    "cancer breast heart vascular bone joint voice hearing vision balance fertility weight bariatric "
    "lipid hypertension asthma copd anticoagulation coumadin diabetes endocrine kidney stone stones "
    "epilepsy seizure movement concussion falls fracture osteoporosis travel vaccine wellness preventive "
    "hf chf afib ibd hiv hepatitis tb transgender gender continence pelvic floor colorectal".split()
)
#: Words that make a "… Center" a hospital, not a unit ("Boston Medical Center").
_HOSPITAL_NAME_WORDS = frozenset("medical health hospital community regional memorial university general county".split())


def is_service_unit_name(value: str) -> bool:
    """A named unit made of clinical-service and topic words before a unit head
    ("Rheumatology Clinic", "Diabetes & Endocrine Clinic", "Assessment and
    Treatment Center"); not a hospital ("Boston Medical Center", "Lakeshore
    Community Health Center") nor a proper name ("Mayo Clinic")."""
    words = [w.lower() for w in value.replace("&", " ").split()]
    modifiers = [w for w in words[:-1] if w not in ("and", "of")]
    if not modifiers:
        return False
    services = default_lexicons().clinical_services
    return all(
        w not in _HOSPITAL_NAME_WORDS and (w in services or w in _UNIT_TOPIC_WORDS or w.rstrip("s") in services)
        for w in modifiers
    )


#: Words of a ward's name before its floor and wing ("Neuro Stepdown 7 North",
#: "Mother-Baby 3 West", "Critical Care Unit 2") besides clinical services and unit topics.
_WARD_NAME_WORDS = frozenset(
    "mother-baby mother baby critical care stepdown step-down neuro medical surgical cardiac telemetry acute "
    "intermediate progressive transplant burn trauma rehab icu women's children's".split()
)
#: Verbs of contact and transfer before a ward, which the common-word list leaves out
#: because they are family names too ("Call 5 West", "Page 4 North").
_NOT_WARD_WORDS = frozenset(
    "call called page paged notify notified contact contacted transfer transferred admit admitted send sent "
    "ask asked per via see".split()
)
#: A ward's floor and wing ("7 North", "14 West", "Tower 3", "Wing 8", "Unit 2").
WARD_FLOOR_AND_WING = (
    r"\d{1,2}[A-Z]?[ ]?(?:North|South|East|West|NORTH|SOUTH|EAST|WEST)"
    r"|(?:North|South|East|West|Tower|Wing|Suite|Unit|TOWER|WING|UNIT)[ ]\d{1,2}[A-Z]?"
)
#: Intensive and progressive care units closing a ward's name ("Tower 4 ICU").
WARD_ACRONYMS = "ICU|CCU|PCU|NICU|PICU|MICU|SICU|CVICU|CPCU"
_WARD_TAIL = re.compile(rf"(?:{WARD_FLOOR_AND_WING})(?:[ ](?:{WARD_ACRONYMS}))?$")
_WARD_ACRONYM_AT_END = re.compile(rf"[ ](?:{WARD_ACRONYMS})$")


def is_named_ward(value: str) -> bool:
    """A ward named by words before its floor and wing: a proper name or ward
    words ("Feinberg 14 West", "Heart Tower 3", "Medical 6 North", "Critical
    Care Unit 2"), or a floor and wing before a care unit ("Tower 4 ICU"); not
    an ordinary word ("Call 5 West", "Page 4 North") nor a hospital word
    ("Hospital 4 North": the hospital's own span)."""
    tail = _WARD_TAIL.search(value)
    if tail is None:
        return False
    lead = value[: tail.start()].lower().split()
    if not lead:
        # "Tower 4 ICU": the floor and wing alone are department_compass_unit's; with a care unit after them, ours.
        return bool(_WARD_ACRONYM_AT_END.search(value))
    services = default_lexicons().clinical_services
    vocabulary = default_vocabulary()
    for word in lead:
        if word in _WARD_NAME_WORDS:
            continue
        if word in _NOT_WARD_WORDS or word in _HEAD_WORDS or word in _HOSPITAL_NAME_WORDS:
            return False
        if word in _UNIT_TOPIC_WORDS or word in services or word.rstrip("s") in services:
            continue
        if vocabulary.is_ordinary_word(word):
            return False
    return True


#: Last words of a hospital's or practice's name ("Touro Infirmary", "Roswell
#: Park Comprehensive Cancer Center", "Amherst Primary Care").
_HOSPITAL_HEAD_WORDS = (
    "Hospital", "Medical Center", "Medical Centre", "Infirmary", "Health System", "Health Center", "Healthcare",
    "Health Care", "Cancer Center", "Cancer Institute", "Clinic", "Primary Care", "Medical Group",
    "Rehabilitation Center", "Rehab Center", "Nursing Home", "Nursing Center", "Hospice", "Sanatorium",
)
#: The heads as written in a name ("Touro Infirmary") and in capitals ("TOURO INFIRMARY"):
#: a lower-case "clinic" after a capitalised word is no name ("Call clinic").
HOSPITAL_HEADS = "|".join(head.replace(" ", r"\s+") for head in _HOSPITAL_HEAD_WORDS)
HOSPITAL_HEADS_CAPS = "|".join(head.upper().replace(" ", r"\s+") for head in _HOSPITAL_HEAD_WORDS)
#: The words of the heads, never evidence of a proper name.
_HEAD_WORDS = frozenset(word.lower() for head in _HOSPITAL_HEAD_WORDS for word in head.split())
#: Connectors inside a hospital's name, never its evidence ("Children's Hospital of Philadelphia").
_NAME_CONNECTORS = frozenset("of the and & st st. saint".split())


def is_hospital_name(value: str) -> bool:
    """A proper name around a hospital head: at least one word that is no
    common, medical, service or hospital-name word ("Touro Infirmary",
    "UNIVERSITY MEDICAL CENTER OF EL PASO", "St. Olaf Hospital"); not "General
    Hospital", "the Cancer Center", "Rheumatology Clinic", "Memorial Hospital"."""
    vocabulary = default_vocabulary()
    services = default_lexicons().clinical_services
    for written in value.replace("-", " ").split():
        word = written.lower().strip(".,'’").removesuffix("'s").removesuffix("’s")
        if not word or word in _NAME_CONNECTORS or word in _HOSPITAL_NAME_WORDS or word in _HEAD_WORDS or word in services:
            continue
        if vocabulary.is_always_medical(word) or vocabulary.is_drug(word) or vocabulary.is_common_word(word):
            continue
        return True
    return False


#: Last words of an employer's or company's name ("M&T Bank", "Lincoln Towing").
ORGANIZATION_SUFFIXES = (
    r"Bank|Corporation|Corp\.?|Company|Co\.|Inc\.?|LLC|Ltd\.?|Towing|Trucking|Freight|Construction|"
    r"Insurance|Painting|Plumbing|Roofing|Logistics|Motors|Foods|Industries|Manufacturing|Railway|Railroad|"
    r"Airlines|Contractors|Landscaping|Electric|Builders|Brewing|Bakery|Restaurant|Diner|Cafe|Salon"
)
_LEGAL_ENTITY_SUFFIXES = frozenset("corporation corp corp. company co. inc inc. llc ltd ltd.".split())


def _has_clinical_word(words: List[str]) -> bool:
    """Whether a lower-case word is an always-medical word or a drug ("Lasix",
    "Cardiology"): no company's or employer's name."""
    vocabulary = default_vocabulary()
    return any(vocabulary.is_always_medical(w) or vocabulary.is_drug(w) for w in words)


def is_organization_name(value: str) -> bool:
    """An employer's name: a word that is no common or medical word before the
    suffix ("M&T Bank", "Lincoln Towing", "Nigerian Railway Corporation"), or
    any words before a legal-entity suffix ("Acme Foods Inc."); not "Blood Bank",
    "Food Bank", "the Construction"."""
    words = value.split()
    modifiers = [w for w in words[:-1] if w.lower() not in ("&", "and", "of", "the")]
    if not modifiers:
        return False
    vocabulary = default_vocabulary()
    lowered = [w.lower().strip(".,'’") for w in modifiers]
    if _has_clinical_word(lowered):
        return False
    if words[-1].lower() in _LEGAL_ENTITY_SUFFIXES:
        return True
    return any(not vocabulary.is_common_word(w) for w in lowered)


def is_employer_name(value: str) -> bool:
    """A name after a work cue ("works at Target", "employed by M&T Bank") that
    is no clinical word: not a drug, an always-medical word, or a clinical
    abbreviation ("worked for PT", "job at ICU")."""
    words = [w.strip(".,'’").lower() for w in value.split() if w not in ("&", "of")]
    if _has_clinical_word(words):
        return False
    return not (len(words) == 1 and default_vocabulary().is_abbreviation(value.strip(".,")))


#: Words that open no long job phrase besides function words: adverbs and participles
#: ("later forklift operator", "starting point guard").
_NOT_LONG_JOB_WORDS = FUNCTION_WORDS | frozenset("later currently still starting".split())


def is_long_occupation_phrase(value: str) -> bool:
    """A job of three or four words, the last an occupation head noun ("high
    school chemistry teacher", "long-haul truck driver", "retired UPS driver",
    "88M motor transport operator"); no ordinary-word modifier the job does
    not own ("a very good bus driver"), no age ("41-year-old rail operator":
    the age is its own span)."""
    words = value.lower().split()
    if not 3 <= len(words) <= 4:
        return False
    modifiers = words[:-1]
    if any(
        word in _NOT_LONG_JOB_WORDS or (word in _NOT_JOB_MODIFIERS and word not in ("retired", "former")) or "old" in word.split("-")
        for word in modifiers
    ):
        return False
    return is_occupation_phrase(words[-1])


def is_occupation_phrase(value: str) -> bool:
    """An occupation head noun, optionally after one modifier that belongs to
    the job ("farmer", "x-ray tech", "dairy farmer"; not "very good cook")."""
    words = value.lower().split()
    if not words or len(words) > 2 or (len(words) == 2 and words[0] in _NOT_JOB_MODIFIERS):
        return False
    head = words[-1]
    if head in _NOT_JOBS or head in default_lexicons().non_occupations:
        return False
    if len(words) == 1 and head in JOB_ABBREVIATIONS:
        return True
    occupations = default_lexicons().occupations
    return head in occupations or (head.endswith("s") and head[:-1] in occupations)


__all__ = ["CHAIN_NAMES", "cms_hospital_names", "cms_hospital_pattern", "trie_pattern", "HOSPITAL_HEADS", "HOSPITAL_HEADS_CAPS", "countries_lower_pattern", "is_employer_name", "is_hospital_name", "JOB_ABBREVIATIONS", "ORGANIZATION_SUFFIXES", "UNIT_HEADS", "is_organization_name", "is_service_unit_name", "US_STATES_LOWER", "WORK_FIELDS", "is_occupation_phrase", "is_long_occupation_phrase", "is_us_city_lower", "us_cities_lower", "us_town_names", "is_branch_town", "is_named_ward", "WARD_ACRONYMS", "WARD_FLOOR_AND_WING"]
