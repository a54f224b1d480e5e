"""PHI values for synthetic notes, in the many surface forms real notes use.

Values come from the shared surrogate library (`spacy_phi.surrogates`: names,
dates, hospitals, cities, ZIPs, states, countries, professions, organizations,
streets) through the split-disjoint pools of `pools.py`. This module adds
what a *synthetic* note needs beyond what a surrogate needs: realistic
(not reserved-range) phones, e-mails, URLs and IPs, ID shapes per label,
international cities, nationalities, landmarks, employers and schools, and
the writing of each value in many shapes ("Sept 14 2067", "KRUGER, ADA R",
"617-555-1212 x557").

Rendering functions return `Pieces`: a list of (text, label) pairs where
label is None for text that is not PHI ("Dr. ", ", M.D."), so a title or a
field name is never inside a span (i2b2 2014 convention).
"""

from __future__ import annotations

import calendar
import datetime as dt
import random
import re
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from ..surrogates import format_date, sample_first_name, sample_last_name
from ..surrogates import locations as surrogate_locations
from ..surrogates.names import apostrophe_surnames, fold_ascii, hyphenated_names, origin_surnames
from ..surrogates.locations import (
    sample_city,
    sample_country,
    sample_department,
    sample_hospital,
    sample_ip,
    sample_organization,
    sample_profession,
    sample_state,
    sample_street,
    sample_zip,
)
from . import pools

Piece = Tuple[str, Optional[str]]
Pieces = List[Piece]


def weighted(rng: random.Random, table: Sequence[Tuple[str, float]]) -> str:
    """One key of a (key, weight) table, drawn by weight."""
    total = sum(w for _, w in table)
    point = rng.random() * total
    for key, weight in table:
        point -= weight
        if point < 0:
            return key
    return table[-1][0]


# --- Curated lists (open classes are split by pools; see pools.py) -------------------

EPONYM_SURNAMES: Tuple[str, ...] = (
    "Parkinson", "Foley", "Apgar", "Gram", "Graves", "Bell", "Down", "Crohn", "Hodgkin", "Wilson",
    "Addison", "Cushing", "Alzheimer", "Babinski", "Murphy", "Kernig", "Whipple", "Nissen", "Hartmann",
    "Hickman", "Jackson", "Pratt", "Barrett", "Hashimoto", "Kaposi", "Paget", "Raynaud", "Tourette",
    "Wernicke", "Korsakoff", "Swan", "Ganz", "Baker", "Colles", "Bankart", "Lyme", "Meniere", "Homan",
    "Romberg", "Glasgow", "Ewing", "Wilms", "Burkitt", "Reiter", "Sjogren", "Guillain", "Barre",
)

WORLD_CITIES: Tuple[str, ...] = (
    "Lagos", "Accra", "Nairobi", "Kingston", "Port-au-Prince", "Santo Domingo", "San Juan", "Manila",
    "Hanoi", "Saigon", "Karachi", "Lahore", "Dhaka", "Kabul", "Tehran", "Baghdad", "Cairo",
    "Addis Ababa", "Mogadishu", "Kinshasa", "Bogota", "Medellin", "Lima", "Quito", "Caracas", "Havana",
    "Guatemala City", "San Salvador", "Tegucigalpa", "Managua", "Mexico City", "Guadalajara", "Puebla",
    "Sao Paulo", "Rio de Janeiro", "Lisbon", "Porto", "Madrid", "Barcelona", "Naples", "Palermo",
    "Athens", "Istanbul", "Kiev", "Warsaw", "Krakow", "Moscow", "Minsk", "Dublin", "Cork", "Glasgow",
    "Belfast", "London", "Manchester", "Paris", "Lyon", "Berlin", "Hamburg", "Shanghai", "Beijing",
    "Guangzhou", "Taipei", "Seoul", "Busan", "Tokyo", "Osaka", "Bangkok", "Phnom Penh", "Vientiane",
    "Kathmandu", "Colombo", "Tbilisi", "Yerevan", "Almaty", "Tashkent", "Montreal", "Toronto",
    "Halifax", "Vancouver", "Port of Spain", "Bridgetown", "Praia", "Luanda", "Freetown", "Monrovia",
    "Dakar", "Bamako", "Khartoum", "Asmara", "Kampala", "Kigali", "Lusaka", "Harare", "Durban",
    "Cape Town", "Johannesburg", "Casablanca", "Tunis", "Algiers", "Beirut", "Amman", "Damascus",
    "Aleppo", "Mosul", "Erbil", "Karbala", "Mumbai", "Delhi", "Chennai", "Kolkata", "Hyderabad",
    "Bangalore", "Pune", "Kerala", "Punjab", "Ponce", "Mayaguez", "Cap-Haitien", "Santiago", "Cali",
    "Recife", "Fortaleza", "Salvador", "Belo Horizonte", "Azores", "Fall River", "Bangdung",
)

NATIONALITIES: Tuple[Tuple[str, str], ...] = (
    ("Nigeria", "Nigerian"), ("Ghana", "Ghanaian"), ("Kenya", "Kenyan"), ("Jamaica", "Jamaican"),
    ("Haiti", "Haitian"), ("Dominican Republic", "Dominican"), ("Puerto Rico", "Puerto Rican"),
    ("Philippines", "Filipino"), ("Vietnam", "Vietnamese"), ("Pakistan", "Pakistani"),
    ("Bangladesh", "Bangladeshi"), ("Afghanistan", "Afghan"), ("Iran", "Iranian"), ("Iraq", "Iraqi"),
    ("Egypt", "Egyptian"), ("Ethiopia", "Ethiopian"), ("Somalia", "Somali"), ("Colombia", "Colombian"),
    ("Peru", "Peruvian"), ("Ecuador", "Ecuadorian"), ("Venezuela", "Venezuelan"), ("Cuba", "Cuban"),
    ("Guatemala", "Guatemalan"), ("El Salvador", "Salvadoran"), ("Honduras", "Honduran"),
    ("Mexico", "Mexican"), ("Brazil", "Brazilian"), ("Portugal", "Portuguese"), ("Spain", "Spanish"),
    ("Italy", "Italian"), ("Greece", "Greek"), ("Turkey", "Turkish"), ("Ukraine", "Ukrainian"),
    ("Poland", "Polish"), ("Russia", "Russian"), ("Ireland", "Irish"), ("Scotland", "Scottish"),
    ("England", "English"), ("France", "French"), ("Germany", "German"), ("China", "Chinese"),
    ("Taiwan", "Taiwanese"), ("Korea", "Korean"), ("Japan", "Japanese"), ("Thailand", "Thai"),
    ("Cambodia", "Cambodian"), ("Laos", "Laotian"), ("Nepal", "Nepali"), ("Sri Lanka", "Sri Lankan"),
    ("Georgia", "Georgian"), ("Armenia", "Armenian"), ("Kazakhstan", "Kazakhstani"),
    ("Uzbekistan", "Uzbek"), ("Canada", "Canadian"), ("Trinidad", "Trinidadian"),
    ("Barbados", "Barbadian"), ("Cape Verde", "Cape Verdean"), ("Angola", "Angolan"),
    ("Sierra Leone", "Sierra Leonean"), ("Liberia", "Liberian"), ("Senegal", "Senegalese"),
    ("Sudan", "Sudanese"), ("Eritrea", "Eritrean"), ("Uganda", "Ugandan"), ("Rwanda", "Rwandan"),
    ("Zambia", "Zambian"), ("Zimbabwe", "Zimbabwean"), ("South Africa", "South African"),
    ("Morocco", "Moroccan"), ("Lebanon", "Lebanese"), ("Jordan", "Jordanian"), ("Syria", "Syrian"),
    ("India", "Indian"), ("Israel", "Israeli"), ("Albania", "Albanian"), ("Bosnia", "Bosnian"),
    ("USA", "American"), ("US", "American"),
)

BRAND_EMPLOYERS: Tuple[str, ...] = (
    "Walmart", "Home Depot", "Stop & Shop", "Dunkin Donuts", "Market Basket", "Target", "Costco",
    "IBM", "Verizon", "FedEx", "UPS", "Staples", "CVS", "Walgreens", "McDonald's", "Burger King",
    "Wendy's", "Starbucks", "Amazon", "Raytheon", "General Electric", "Fidelity", "State Street",
    "Boeing", "Ford", "Lowe's", "Kroger", "Safeway", "Shaw's", "Bob Evans", "Dollar General",
    "Best Buy", "Macy's", "Sears", "Kmart", "Pizza Hut", "Domino's", "Subway", "Marriott", "Hilton",
    "Comcast", "AT&T", "Sprint", "Microsoft", "Google", "Apple", "Dell", "Intel", "Motorola",
    "Pfizer", "Merck", "Liberty Mutual", "Bank of America", "Wells Fargo", "Citibank", "Chase",
    "US Postal Service", "Amtrak", "Greyhound", "Sodexo", "Aramark", "Goodwill", "Salvation Army",
    "YMCA", "Red Cross", "Habitat for Humanity", "Teamsters", "Local 103", "Army National Guard",
    "Coast Guard", "Marriott Courtyard", "Price Chopper", "Whole Foods", "Trader Joe's", "TJ Maxx",
)

ORG_KINDS: Tuple[str, ...] = (
    "Construction", "Trucking", "Landscaping", "Plumbing", "Electric", "Roofing", "Manufacturing",
    "Foods", "Bakery", "Auto Body", "Motors", "Realty", "Insurance", "Financial", "Associates",
    "Cleaning Services", "Logistics", "Printing", "Security", "Technologies", "Systems", "Textiles",
    "Dairy", "Farms", "Packaging", "Staffing", "Moving", "Catering", "Marine", "Tool and Die",
)

CIVIC_ORGS: Tuple[str, ...] = (
    "Police Department", "Fire Department", "Public Schools", "Public Library", "Housing Authority",
    "Water Department", "Department of Public Works", "Council on Aging", "Senior Center", "Food Pantry",
)
BANK_WORDS: Tuple[str, ...] = ("First", "Eastern", "Citizens", "Peoples", "Atlantic", "Pioneer", "Liberty", "Harbor")

ORG_TYPES: Dict[str, Tuple[str, ...]] = {
    "church": ("St. {first}'s Church", "First Baptist Church of {city}", "{city} Islamic Center", "Temple Beth {last}",
               "{city} Church of the Nazarene", "Our Lady of {city} Parish", "{city} Kingdom Hall", "{last} Memorial AME Church",
               "Iglesia {last}", "{city} Unitarian Church"),
    "pharm": ("{last} Pharmacy", "{city} Apothecary", "{last} Drug", "{city} Community Pharmacy", "*"),
    "ins": ("Blue Cross Blue Shield", "Tufts Health Plan", "Harvard Pilgrim", "Aetna", "UnitedHealthcare", "Cigna",
            "Humana", "Neighborhood Health Plan", "Fallon Health", "{last} Health Plan", "Anthem BCBS", "Medical Mutual",
            "Kaiser Permanente", "Molina Healthcare", "CareSource", "AmeriHealth Caritas", "Medi-Cal", "MassHealth", "TennCare",
            "Health First", "Fidelis Care", "WellCare", "Highmark BCBS", "Empire BlueCross", "Oscar Health", "Tricare",
            "Ambetter", "Priority Health", "Buckeye Health Plan", "Sunshine Health", "{state} Medicaid", "{city} Health Plan"),
    "law": ("{city} Legal Aid", "{last} Law Center", "{city} Law Center", "{last} & {last}, LLP", "{last} Legal Services",
            "{city} Immigrant Legal Center", "{city} Public Defender's Office"),
    "union": ("SEIU Local {num}", "Teamsters Local {num}", "IBEW Local {num}", "{city} Carpenters Union", "UAW Local {num}",
              "Laborers Local {num}", "{city} Teachers Union", "AFSCME Council {num}"),
    "agency": ("{city} Council on Aging", "{city} Elder Services", "{city} Community Action", "{last} Family Services",
               "{city} Area Agency on Aging", "{city} Legal Aid"),
    "elder": ("{city} Elder Services", "{city} Senior Care", "{last} Home Care"),
    "housing": ("{city} Housing Authority", "{last} Housing Partnership", "{city} Rental Assistance"),
    "ride": ("{city} Ride", "{last} Medical Transport", "{city} Regional Transit", "{last} Cab"),
    "dme": ("{last} Medical Supply", "{city} Home Medical", "{last} Respiratory"),
    "gym": ("{city} YMCA", "{last} Fitness", "{city} Boys and Girls Club", "Planet {last}"),
    "bar": ("{last}'s Pub", "the {last} Tavern", "{city} Legion Hall", "{last} Sports Bar"),
    "police": ("{city} Police Department", "{city} PD", "State Police Troop {last}"),
    "ems": ("{city} Fire Rescue", "{last} Ambulance", "{city} EMS"),
    "jail": ("{city} County Jail", "{city} House of Correction", "{last} Correctional Center"),
    "wic": ("{city} WIC", "{last} Community WIC Program"),
    "ei": ("{city} Early Intervention", "{last} Early Intervention Program"),
    "league": ("{city} Youth Soccer", "{city} Little League", "{last} Athletic Club"),
    "volunteer": ("{city} Food Bank", "{city} Animal Shelter", "{last} Soup Kitchen", "Habitat for Humanity"),
}
PHARMACY_CHAINS: Tuple[str, ...] = ("CVS", "Walgreens", "Rite Aid", "Stop & Shop Pharmacy", "Walmart Pharmacy", "Costco Pharmacy", "Brooks Pharmacy", "Osco")


_TYPED_FIXED: Dict[str, Tuple[str, ...]] = {
    kind: (PHARMACY_CHAINS if kind == "pharm" else tuple(p for p in patterns if "{" not in p))
    for kind, patterns in ORG_TYPES.items()
}


def typed_fixed(kind: str) -> Tuple[str, ...]:
    """The fixed names of a typed organization kind (its entries without slots; one tuple per kind)."""
    return _TYPED_FIXED.get(kind, ())


SCHOOL_TYPES: Dict[str, Tuple[str, ...]] = {
    "elem": ("Elementary School", "Elementary", "Primary School", "Grammar School"),
    "ms": ("Middle School", "Junior High", "Junior High School"),
    "hs": ("High School", "Regional High School", "Vocational High School", "Academy", "Charter School"),
    "daycare": ("Daycare", "Preschool", "Montessori School", "Learning Center", "Head Start", "Child Care Center"),
    "voc": ("Vocational School", "Technical Institute", "Career Academy", "Beauty Academy"),
    "school": ("Elementary School", "Middle School", "High School", "Academy", "Charter School"),
}

SCHOOL_KINDS: Tuple[str, ...] = (
    "High School", "Middle School", "Elementary School", "Elementary", "Academy", "Community College",
    "Regional High School", "Vocational School", "Technical Institute", "Day School", "Preschool",
    "Charter School", "Junior High", "Christian Academy", "Montessori School",
)

PROFESSIONS_COMMON: Tuple[str, ...] = (
    "construction worker", "truck driver", "teacher", "nurse", "nurse's aide", "CNA", "cashier",
    "electrician", "plumber", "carpenter", "line cook", "waitress", "waiter", "bartender",
    "home health aide", "daycare worker", "bus driver", "mail carrier", "police officer",
    "firefighter", "lawyer", "attorney", "accountant", "software engineer", "programmer",
    "housekeeper", "landscaper", "security guard", "factory worker", "machinist", "welder",
    "mechanic", "auto mechanic", "hairdresser", "barber", "cosmetologist", "secretary",
    "administrative assistant", "receptionist", "bank teller", "real estate agent", "pharmacist",
    "physician", "dentist", "social worker", "paralegal", "janitor", "custodian", "painter",
    "roofer", "fisherman", "farmer", "dairy farmer", "chef", "baker", "butcher", "cab driver",
    "Uber driver", "delivery driver", "warehouse worker", "forklift operator", "longshoreman",
    "postal worker", "letter carrier", "librarian", "professor", "graduate student", "engineer",
    "civil engineer", "architect", "musician", "artist", "photographer", "journalist", "editor",
    "pastor", "minister", "priest", "rabbi", "soldier", "Marine", "veteran", "corrections officer",
    "EMT", "paramedic", "medical assistant", "phlebotomist", "lab technician", "x-ray technician",
    "dental hygienist", "physical therapist", "store manager", "sales associate", "salesman",
    "insurance agent", "stockbroker", "financial analyst", "consultant", "contractor",
    "Motor Vehicle Body Repairer", "Telecommunications Installation and Repair Worker",
    "Bob Evans buildings construction worker", "tailor", "seamstress", "dry cleaner", "nanny",
    "babysitter", "dog groomer", "veterinary technician", "stay-at-home mother", "homemaker",
)

PROFESSIONS_FILE = Path(__file__).resolve().parent.parent / "data" / "synth_professions.txt"


@lru_cache(maxsize=None)
def everyday_professions() -> Tuple[str, ...]:
    """The written list of everyday jobs (`spacy_phi/data/synth_professions.txt`)
    plus PROFESSIONS_COMMON, without duplicates, in file order."""
    seen: Dict[str, None] = {}
    with PROFESSIONS_FILE.open(encoding="utf8") as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#"):
                seen.setdefault(line, None)
    for job in PROFESSIONS_COMMON:
        seen.setdefault(job, None)
    return tuple(seen)


LANDMARK_PATTERNS: Tuple[str, ...] = (
    "{last} Park", "Lake {last}", "{city} Common", "{last} Shelter", "{last} Beach", "the {last} Mall",
    "Mount {last}", "{last} Island", "{city} Bus Terminal", "{last} Square", "Cape {last}",
    "{last} Pond", "{city} Reservoir", "{last} Homeless Shelter", "{last} House", "{last} Bridge",
    "{city} Greyhound station", "{last} Street Station", "{last} Woods", "{last} State Park",
    "{last} Trail", "{last} Field", "{city} Fairgrounds", "{last} Plaza", "{last} Marina",
)

LANDMARKS_FIXED: Tuple[str, ...] = (
    "Fenway Park", "Boston Common", "the Cape", "Cape Cod", "Walden Pond", "Central Park",
    "Grand Canyon", "Niagara Falls", "Yellowstone", "Disney World", "Times Square", "Faneuil Hall",
    "Martha's Vineyard", "Nantucket", "the Berkshires", "the North Shore", "the South Shore",
    "Yosemite", "Mount Washington", "Lake Winnipesaukee", "Jamaica Plain", "Dorchester", "Roxbury",
    "Mattapan", "the Bronx", "Brooklyn", "Queens", "Harlem", "South Boston", "Chinatown", "Back Bay",
    "Pine Street Inn", "Long Island", "Rikers Island", "Logan Airport", "JFK Airport", "South Station",
    "the Bering Sea", "Stone Arch Bridge", "Lake Michigan", "the Mississippi River", "Golden Gate Bridge", "Mount Rainier",
    "the Rocky Mountains", "Lake Tahoe", "the Gulf of Mexico", "Chesapeake Bay", "Puget Sound", "the Appalachian Trail",
    "Brooklyn Bridge", "Zakim Bridge", "Tobin Bridge", "the Charles River", "the Cuyahoga River", "the Everglades", "Pikes Peak",
    "Lake Erie", "the Outer Banks", "the Columbia River Gorge", "Lake Superior", "the Ohio River", "the Hudson River",
    "the Mojave Desert", "Lake Okeechobee", "the Great Smoky Mountains", "Mount Hood", "the Blue Ridge Parkway",
    "Tappan Zee Bridge", "Verrazzano Bridge", "the George Washington Bridge", "the Gulf of Alaska", "Cape Hatteras",
    "the Boundary Waters", "Lake Champlain", "the White Mountains", "the Green Mountains", "the Finger Lakes", "Death Valley",
)
NATURAL_PATTERNS: Tuple[str, ...] = (
    "the {last} River", "{last} Creek", "{last} Lake", "{last} Falls", "the {last} Bridge", "{last} Canyon", "{last} Bay",
    "{last} Ridge", "{last} Gorge", "the {last} Dam", "{last} Point", "{last} Quarry",
)

CLINIC_PATTERNS: Tuple[str, ...] = (
    "{last} Family Health Center", "{city} Community Health Center", "{last} Rehabilitation Hospital",
    "{last} Nursing Home", "{last} Manor", "{city} Nursing and Rehabilitation Center",
    "{last} House", "{city} Health Center", "{last} Clinic", "{city} Urgent Care",
    "{last} Rehab", "{city} VNA", "{last} Hospice", "{city} Dialysis Center", "{last} Cancer Center",
    "{last} Medical Associates", "{city} Pediatrics", "{last} Internal Medicine", "{city} Family Practice",
    "{last} Skilled Nursing Facility", "{last} Assisted Living", "{city} Mental Health Center",
    "{last} Behavioral Health", "{city} Detox", "{last} Recovery Center", "{city} Surgical Center",
)

CLINIC_KINDS: Dict[str, Tuple[str, ...]] = {
    "shelter": ("{city} Emergency Shelter", "{last} House", "{city} Family Shelter", "{last} Street Inn", "{city} Rescue Mission"),
    "rehab": ("{last} Rehabilitation Hospital", "{city} Nursing and Rehabilitation Center", "{last} Skilled Nursing Facility",
              "{last} Rehab", "{city} Rehabilitation Center", "{last} Manor"),
    "detox": ("{city} Detox", "{last} Recovery Center", "{city} Addiction Treatment Center", "{last} House"),
    "php": ("{city} Partial Hospital Program", "{last} Behavioral Health", "{city} Mental Health Center"),
    "therapy": ("{last} Counseling Associates", "{city} Mental Health Center", "{last} Behavioral Health"),
}

DEPARTMENTS_EXTRA: Tuple[str, ...] = (
    "Cardiac Surgery", "Thoracic Surgery", "Neurosurgery", "Plastic Surgery", "Surgical Oncology",
    "Radiation Oncology", "Interventional Radiology", "Nuclear Medicine", "Pathology",
    "Anesthesiology", "Pain Management", "Palliative Care", "Geriatrics", "Allergy and Immunology",
    "Otolaryngology", "Ophthalmology", "Podiatry", "Occupational Therapy", "Speech Pathology",
    "Social Work", "Case Management", "Nutrition Services", "Behavioral Health", "Addiction Medicine",
    "Sleep Medicine", "Wound Care", "Transplant Surgery", "Hepatology", "Neonatology",
    "Maternal Fetal Medicine", "Labor and Delivery", "Adolescent Medicine", "Sports Medicine",
    "Electrophysiology", "Heart Failure", "Interventional Cardiology", "Vascular Medicine",
    "Child Psychiatry", "Neuropsychology", "Medical Genetics", "Travel Medicine", "Urgent Care",
)

EMAIL_DOMAINS: Tuple[str, ...] = (
    "gmail.com", "yahoo.com", "hotmail.com", "aol.com", "comcast.net", "verizon.net", "outlook.com",
    "icloud.com", "msn.com", "att.net", "earthlink.net", "live.com", "charter.net", "cox.net",
    "partners.org", "mgh.harvard.edu", "bu.edu", "umassmed.edu", "lahey.org", "bidmc.harvard.edu",
    "example.com", "example.org",
)


# --- Cleaning of the surrogate lists for use as note text ----------------------------

_HOSPITAL_JUNK = re.compile(
    r"(?:,?\s+(?:Inc|Llc|Cah|Corp|Corporation|Ltd|Lp|Pllc|Pc)\.?|\s*[-,]?\s*\d+|\*|-|,)+$", re.I
)
_JOB_PARENS = re.compile(r"\s*\([^)]*\)")


@lru_cache(maxsize=20_000)
def clean_hospital(name: str) -> Optional[str]:
    """A CMS hospital name as a note writes it, or None if it is too odd
    (legal suffixes, numbers, parentheses removed)."""
    name = _HOSPITAL_JUNK.sub("", name).strip()
    if not name or "(" in name or "#" in name or "/" in name or len(name) > 48 or len(name.split()) < 2:
        return None
    if name.lower().endswith((" the", " of", " and", " at", " for")):
        return None
    return name.replace("Upmc", "UPMC").replace("Ssm", "SSM").replace("Hca", "HCA")


@lru_cache(maxsize=2_000)
def clean_job(job: str) -> str:
    """Faker's "Engineer, civil (contracting)" as a note writes it: "civil engineer"."""
    job = _JOB_PARENS.sub("", job).strip()
    if ", " in job:
        head, _, tail = job.partition(", ")
        job = f"{tail} {head}" if len(tail.split()) <= 2 else head
    words = job.split()
    return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in words)


@lru_cache(maxsize=None)
def _countries() -> Tuple[str, ...]:
    # The surrogate sampler is the one source of country names; collect its
    # values once with a fixed seed (deterministic) and keep the plain ones.
    rng = random.Random(0)
    seen = {sample_country(rng) for _ in range(5000)}
    return tuple(sorted(c for c in seen if c.isascii() and "(" not in c and "," not in c and len(c) <= 24))


@lru_cache(maxsize=None)
def _world_cities() -> Tuple[str, ...]:
    import importlib

    cities = set(WORLD_CITIES)
    for locale in ("en_IN", "de_DE", "pl_PL", "nl_NL"):
        try:
            provider = importlib.import_module(f"faker.providers.address.{locale}").Provider
        except ImportError:
            continue
        for city in getattr(provider, "cities", ()) or ():
            if city.isascii() and re.fullmatch(r"[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?", city):
                cities.add(city)
    return tuple(sorted(cities))


# --- People ----------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _name_sexes() -> Dict[str, str]:
    """Given names Faker lists as male or female in the surrogate name locales
    ("" for names listed as both)."""
    import importlib

    from ..surrogates.names import NAME_LOCALES

    sexes: Dict[str, str] = {}
    for locale in NAME_LOCALES:
        try:
            provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except ImportError:
            continue
        for sex, attribute in (("M", "first_names_male"), ("F", "first_names_female")):
            for name in getattr(provider, attribute, ()) or ():
                name = fold_ascii(name)
                previous = sexes.get(name)
                sexes[name] = sex if previous in (None, sex) else ""
    return sexes


def name_sex(name: str) -> str:
    """ "M", "F", or "" (unknown or both) for a given name."""
    return _name_sexes().get(name, "")



@dataclass(frozen=True)
class Person:
    """A person of a note: name parts and, for the patient, sex.

    first (str): given name.
    last (str): surname.
    middle (str): middle initial ("" if none).
    sex (str): "M" or "F".
    """

    first: str
    last: str
    middle: str = ""
    sex: str = "F"


#: Surname particles written before a surname ("van der Berg", "De La Cruz", "O'Kelley", "Al-Haddad"),
#: with the origin whose surnames they go with.
SURNAME_PARTICLES: Tuple[Tuple[str, str], ...] = (
    ("van", "nl_NL"), ("Van", "nl_NL"), ("van der", "nl_NL"), ("Van der", "nl_NL"), ("van den", "nl_NL"),
    ("de", "es_MX"), ("De", "it_IT"), ("De La", "es_MX"), ("de la", "es_CO"), ("Del", "es_MX"), ("da", "pt_BR"),
    ("Da", "it_IT"), ("Di", "it_IT"), ("dos", "pt_BR"), ("von", "de_DE"), ("O'", ""), ("O'", ""), ("O'", ""),
    ("Al-", "arabic"), ("El-", "arabic"), ("al-", "arabic"),
)
#: Origins whose double surnames are common ("Garcia-Lopez").
DOUBLE_SURNAME_ORIGINS: Tuple[str, ...] = ("es_MX", "es_CO", "pt_BR", "es_MX")
_HYPHENATED: Dict[Tuple[int, str], Tuple[str, ...]] = {}


class ValuePools:
    """Samplers of PHI values restricted to one split's part of every pool.

    split (str): "train", "dev" or "test".
    """

    def __init__(self, split: str) -> None:
        if split not in pools.SPLITS:
            raise ValueError(f"Unknown split {split!r}")
        self.split = split

    # names
    def first(self, rng: random.Random, sex: str = "") -> str:
        """A given name of the split; of the given sex ("M"/"F") where Faker knows it."""
        if not sex:
            return pools.draw(rng, sample_first_name, "name", self.split)
        for _ in range(50):
            name = pools.draw(rng, sample_first_name, "name", self.split)
            if name_sex(name) in (sex, ""):
                return name
        return name

    def last(self, rng: random.Random, plain: bool = False) -> str:
        """A surname of the split; unless `plain`, sometimes with a particle
        ("van der Berg", "O'Kelley", "McKenna", "Al-Rashid") or double-barrelled
        ("Garcia-Lopez")."""
        if rng.random() < 0.03:
            return pools.choose(rng, EPONYM_SURNAMES, "name", self.split)
        last = pools.draw(rng, sample_last_name, "name", self.split)
        if plain:
            return last
        roll = rng.random()
        if roll < 0.035:
            if rng.random() < 0.7:
                origin = rng.choice(DOUBLE_SURNAME_ORIGINS)
                first_part = self._origin_last(rng, origin) or last
                return f"{first_part}-{self._origin_last(rng, origin) or last}"
            return f"{last}-{pools.draw(rng, sample_last_name, 'name', self.split)}"
        if roll < 0.045:
            hyphenated = self._hyphenated(1)
            if hyphenated:
                return rng.choice(hyphenated)
        if roll < 0.075:
            particle, origin = rng.choice(SURNAME_PARTICLES)
            if particle == "O'":
                irish = self._apostrophe()
                return rng.choice(irish) if irish else last
            base = self._origin_last(rng, origin) or last
            if particle.endswith("-"):
                return particle + base[0].upper() + base[1:]
            return f"{particle} {base}"
        return last

    def _hyphenated(self, which: int) -> Tuple[str, ...]:
        """Hyphenated given names (0) or surnames (1) whose every part is of this split."""
        key = (which, self.split)
        cached = _HYPHENATED.get(key)
        if cached is None:
            names = hyphenated_names()[which]
            cached = tuple(n for n in names if all(pools.value_split("name", p) == self.split for p in n.split("-")))
            _HYPHENATED[key] = cached
        return cached

    def _origin_last(self, rng: random.Random, origin: str) -> str:
        """A surname of one origin in this split ("" if it has none)."""
        part = pools.split_part(origin_surnames(origin), "name", self.split)
        return rng.choice(part) if part else ""

    def _apostrophe(self) -> Tuple[str, ...]:
        """Surnames such as "O'Brien" whose part after the apostrophe is of this split."""
        key = (2, self.split)
        cached = _HYPHENATED.get(key)
        if cached is None:
            cached = tuple(n for n in apostrophe_surnames() if pools.value_split("name", n[2:]) == self.split)
            _HYPHENATED[key] = cached
        return cached

    def first_variant(self, rng: random.Random, sex: str = "") -> str:
        """A given name, sometimes hyphenated ("Marie-Claude", "Ji-sung")."""
        if rng.random() < 0.03:
            hyphenated = self._hyphenated(0)
            if hyphenated:
                name = rng.choice(hyphenated)
                return name if rng.random() < 0.5 else name[: name.index("-") + 1] + name[name.index("-") + 1 :].lower()
        return self.first(rng, sex)

    def nickname(self, rng: random.Random, sex: str = "") -> str:
        """A short given name of the split used as a nickname ("Sal", "Bea")."""
        for _ in range(20):
            name = self.first(rng, sex)
            if len(name) <= 5:
                return name
        return name

    def person(self, rng: random.Random, sex: str = "") -> Person:
        sex = sex or rng.choice("MF")
        middle = rng.choice(string.ascii_uppercase) if rng.random() < 0.45 else ""
        return Person(self.first_variant(rng, sex), self.last(rng), middle, sex)

    # places
    def city(self, rng: random.Random) -> str:
        return pools.draw(rng, sample_city, "city", self.split)

    def world_city(self, rng: random.Random) -> str:
        return pools.choose(rng, _world_cities(), "city", self.split)

    def hospital(self, rng: random.Random) -> str:
        def sampler(r: random.Random) -> str:
            for _ in range(50):
                name = clean_hospital(sample_hospital(r))
                if name:
                    return name
            return "Community Hospital"

        return pools.draw(rng, sampler, "hospital", self.split)

    def clinic(self, rng: random.Random, kind: str = "") -> str:
        """A clinic or care facility (HOSPITAL label); `kind` "shelter", "rehab"
        or "detox" picks a fitting one. Built from this split's surnames and
        cities, so already split-disjoint."""
        patterns = CLINIC_KINDS.get(kind.rstrip("0123456789"), CLINIC_PATTERNS)
        return rng.choice(patterns).format(last=self.last(rng, plain=True), city=self.city(rng))

    def street(self, rng: random.Random) -> str:
        return pools.draw(rng, sample_street, "street", self.split)

    def street_name(self, rng: random.Random) -> str:
        """A street without a house number ("Church Avenue"), split as a value of its own."""
        return pools.draw(rng, lambda r: sample_street(r).split(" ", 1)[-1], "street", self.split)

    def landmark(self, rng: random.Random) -> str:
        if rng.random() < 0.3:
            return pools.choose(rng, LANDMARKS_FIXED, "landmark", self.split)
        if rng.random() < 0.25:
            return rng.choice(NATURAL_PATTERNS).format(last=self.last(rng, plain=True))

        return rng.choice(LANDMARK_PATTERNS).format(last=self.last(rng, plain=True), city=self.city(rng))

    def country(self, rng: random.Random) -> str:
        # Closed class: not split (see pools.py).
        if rng.random() < 0.6:
            return rng.choice(NATIONALITIES)[0]
        return rng.choice(_countries())

    def nationality(self, rng: random.Random) -> str:
        return rng.choice(NATIONALITIES)[1]

    def state(self, rng: random.Random, abbreviated: bool = False) -> str:
        return sample_state(rng, abbreviated)

    def zip(self, rng: random.Random) -> str:
        return sample_zip(rng)

    def department(self, rng: random.Random, kind: str = "") -> str:
        """A department; `kind` "psych" or "peds" narrows it."""
        if kind.startswith("psych"):
            return rng.choice(("Psychiatry", "Behavioral Health", "Addiction Medicine", "Neuropsychology", "Psychiatry Outpatient", "Child Psychiatry"))
        if kind.startswith("peds"):
            return rng.choice(("Pediatrics", "Adolescent Medicine", "Neonatology", "Pediatric Cardiology", "Pediatric Neurology"))
        if rng.random() < 0.5:
            return sample_department(rng)
        return rng.choice(DEPARTMENTS_EXTRA)

    # organizations and work
    def organization(self, rng: random.Random, kind: str = "") -> str:
        """An organization; `kind` picks a typed one (church, pharm, ins, agency,
        housing, elder, ride, dme, gym, bar, police, ems, jail, wic, ei,
        league, volunteer), anything else an employer."""
        kind = kind.rstrip("0123456789")
        typed = ORG_TYPES.get(kind)
        if typed is not None and rng.random() < 0.9:
            pattern = rng.choice(typed)
            if "{" not in pattern:
                fixed = pools.split_part(typed_fixed(kind), "organization", self.split)
                if fixed:
                    return rng.choice(fixed)
                pattern = rng.choice([p for p in typed if "{" in p])
            if "{num}" in pattern or "{state}" in pattern:
                # Built from closed classes only: keep the whole name to its split.
                return pools.draw(rng, lambda r: pattern.format(num=r.randint(2, 1199), state=self.state(r, False),
                                                                city=self.city(r), last=self.last(r, plain=True)),
                                  "organization", self.split)
            return pattern.format(last=self.last(rng, plain=True), city=self.city(rng), first=self.first(rng))
        roll = rng.random()
        if roll < 0.25:
            return pools.draw(rng, sample_organization, "organization", self.split)
        if roll < 0.5:
            return f"{self.last(rng, plain=True)} {rng.choice(ORG_KINDS)}"
        if roll < 0.7:
            return pools.choose(rng, BRAND_EMPLOYERS, "organization", self.split)
        if roll < 0.8:
            return f"{self.city(rng)} {rng.choice(CIVIC_ORGS)}"
        if roll < 0.9:
            return f"{rng.choice(BANK_WORDS)} {self.last(rng, plain=True)} {rng.choice(('Bank', 'Credit Union', 'Insurance', 'Savings Bank'))}"
        return f"{self.last(rng, plain=True)} & {self.last(rng, plain=True)}"

    def school(self, rng: random.Random, kind: str = "") -> str:
        """A school; `kind` is elem, ms, hs, college, daycare, voc, med or any."""
        kind = kind.rstrip("0123456789")
        kinds = SCHOOL_TYPES.get(kind, SCHOOL_KINDS)
        roll = rng.random()
        if kind in ("college", "med"):
            if roll < 0.35:
                return f"University of {self.city(rng)}"
            if roll < 0.55:
                return f"{self.city(rng)} State University"
            if roll < 0.7:
                return f"{self.city(rng)} Community College"
            if kind == "med":
                return f"{self.last(rng, plain=True)} School of Medicine"
            return f"{self.last(rng, plain=True)} College"
        if roll < 0.45:
            return f"{self.city(rng)} {rng.choice(kinds)}"
        if roll < 0.85:
            return f"{self.last(rng, plain=True)} {rng.choice(kinds)}"
        return f"St. {self.first(rng)}'s {rng.choice(('School', 'Academy', 'Parish School'))}"

    def profession(self, rng: random.Random) -> str:
        if rng.random() < 0.6:
            return pools.choose(rng, everyday_professions(), "profession", self.split)
        return pools.draw(rng, lambda r: clean_job(sample_profession(r)), "profession", self.split)


# --- Names -------------------------------------------------------------------------

PATIENT_TITLES = {"M": ("Mr.", "Mr", "MR."), "F": ("Ms.", "Mrs.", "Miss", "Ms", "MRS.")}
DOCTOR_SUFFIXES = (", MD", ", M.D.", " MD", ", M.D", " M.D.", ", MD, PhD", ", DO", ", NP", ", PA-C", ", MD MPH", " MD PhD")
NURSE_SUFFIXES = (", RN", " RN", ", R.N.", ", LPN", ", RN, BSN", " RN BSN", ", CNA", ", NP")


def name_value(person: Person, form: str) -> str:
    """The PHI text of a person's name in a form.

    person (Person): the person.
    form (str): "first_last", "first_mid_last", "last_first", "last_first_mid",
        "upper_last_first", "upper_first_last", "last", "first", "upper_last",
        "initial_last", "initials", "lower_first_last", "lower_last", "hl7",
        "last_first_nocomma".
    RETURNS (str): the name text.
    """
    f, last, m = person.first, person.last, person.middle
    mid = f" {m}." if m else ""
    if form == "first_last":
        return f"{f} {last}"
    if form == "first_mid_last":
        return f"{f}{mid} {last}"
    if form == "last_first":
        return f"{last}, {f}"
    if form == "last_first_mid":
        return f"{last}, {f}{mid}"
    if form == "upper_last_first":
        return f"{last}, {f}{(' ' + m) if m else ''}".upper()
    if form == "upper_first_last":
        return f"{f} {last}".upper()
    if form == "last":
        return last
    if form == "first":
        return f
    if form == "upper_last":
        return last.upper()
    if form == "initial_last":
        return f"{f[0]}. {last}"
    if form == "initials":
        return f"{f[0]}{m}{last[0]}"
    if form == "lower_initials":
        return f"{f[0]}{m}{last[0]}".lower()
    if form == "lower_first_last":
        return f"{f} {last}".lower()
    if form == "lower_last":
        return last.lower()
    if form == "hl7":
        return f"{last}^{f}".upper()
    if form == "last_first_nocomma":
        return f"{last} {f}"
    raise ValueError(f"Unknown name form {form!r}")


PATIENT_FORMS: Tuple[Tuple[str, float], ...] = (
    ("title_last", 26), ("first_last", 14), ("first_mid_last", 5), ("last_first", 7),
    ("upper_last_first", 7), ("upper_first_last", 3), ("first", 9), ("title_first_last", 6),
    ("last", 2), ("initial_last", 2), ("lower_first_last", 1.5), ("lower_title_last", 1.5),
    ("upper_title_last", 2), ("last_first_mid", 2),
)

DOCTOR_FORMS: Tuple[Tuple[str, float], ...] = (
    ("dr_last", 30), ("dr_first_last", 11), ("first_last_md", 12), ("first_mid_last_md", 7),
    ("dr_last_nodot", 4), ("last", 4), ("first_last", 7), ("upper_last_first", 3),
    ("initial_last", 3), ("lower_dr_last", 3), ("upper_dr_last", 3), ("last_first_md", 3),
    ("dr_initial_last", 2), ("first", 1.5), ("upper_first_last_md", 2),
)

NURSE_FORMS: Tuple[Tuple[str, float], ...] = (
    ("rn_upper_last", 14), ("first_rn", 14), ("first_last_rn", 14), ("first", 14), ("initial_last_rn", 6),
    ("lower_first", 6), ("lower_last_rn", 4), ("last", 6), ("first_initial", 5),
)


def patient_pieces(rng: random.Random, person: Person, label: str = "PATIENT", form: str = "") -> Pieces:
    """A mention of a patient or relative: a title is never in the span."""
    form = form or weighted(rng, PATIENT_FORMS)
    titles = PATIENT_TITLES[person.sex]
    if form == "title_last":
        return [(rng.choice(titles) + " ", None), (person.last, label)]
    if form == "title_first_last":
        return [(rng.choice(titles) + " ", None), (f"{person.first} {person.last}", label)]
    if form == "lower_title_last":
        return [(rng.choice(titles).lower() + " ", None), (person.last.lower(), label)]
    if form == "upper_title_last":
        return [(rng.choice(titles).upper() + " ", None), (person.last.upper(), label)]
    return [(name_value(person, form), label)]


def doctor_pieces(rng: random.Random, person: Person, form: str = "") -> Pieces:
    """A mention of a clinician: "Dr. Last", "First Last, MD", "KRUGER, ADA", ..."""
    form = form or weighted(rng, DOCTOR_FORMS)
    dr = rng.choice(("Dr. ", "Dr. ", "Dr. ", "Dr ", "Doctor "))
    suffix = rng.choice(DOCTOR_SUFFIXES)
    p = person
    if form == "dr_last":
        return [(dr, None), (p.last, "DOCTOR")]
    if form == "dr_first_last":
        return [(dr, None), (f"{p.first} {p.last}", "DOCTOR")]
    if form == "first_last_md":
        return [(f"{p.first} {p.last}", "DOCTOR"), (suffix, None)]
    if form == "first_mid_last_md":
        return [(name_value(p, "first_mid_last"), "DOCTOR"), (suffix, None)]
    if form == "dr_last_nodot":
        return [("Dr ", None), (p.last, "DOCTOR")]
    if form == "lower_dr_last":
        return [(rng.choice(("dr. ", "dr ")), None), (p.last.lower(), "DOCTOR")]
    if form == "upper_dr_last":
        return [(rng.choice(("DR. ", "DR ")), None), (p.last.upper(), "DOCTOR")]
    if form == "last_first_md":
        return [(f"{p.last}, {p.first}", "DOCTOR"), (rng.choice((" MD", " M.D.", ", MD")), None)]
    if form == "dr_initial_last":
        return [(dr, None), (f"{p.first[0]}. {p.last}", "DOCTOR")]
    if form == "upper_first_last_md":
        return [(f"{p.first} {p.last}".upper(), "DOCTOR"), (rng.choice((" MD", ", MD", " M.D.")), None)]
    return [(name_value(p, form), "DOCTOR")]


def nurse_pieces(rng: random.Random, person: Person, form: str = "") -> Pieces:
    """A mention of a nurse or other staff (DOCTOR label, as in i2b2 2014): "RN JONES"."""
    form = form or weighted(rng, NURSE_FORMS)
    p = person
    if form == "rn_upper_last":
        return [(rng.choice(("RN ", "rn ", "R.N. ")), None), (p.last.upper(), "DOCTOR")]
    if form == "first_rn":
        return [(p.first, "DOCTOR"), (rng.choice((" RN", ", RN", " rn")), None)]
    if form == "first_last_rn":
        return [(f"{p.first} {p.last}", "DOCTOR"), (rng.choice(NURSE_SUFFIXES), None)]
    if form == "initial_last_rn":
        return [(f"{p.first[0]}. {p.last}", "DOCTOR"), (rng.choice((" RN", ", RN")), None)]
    if form == "lower_first":
        return [(p.first.lower(), "DOCTOR")]
    if form == "lower_last_rn":
        return [(p.last.lower(), "DOCTOR"), (" rn", None)]
    if form == "first_initial":
        return [(f"{p.first} {p.last[0]}", "DOCTOR")]
    return [(name_value(p, form), "DOCTOR")]


# --- Dates -------------------------------------------------------------------------

NUMERIC_STYLES: Tuple[Tuple[str, float], ...] = (
    ("MM/DD/YYYY", 34), ("M/D/YY", 14), ("M/D/YYYY", 14), ("YYYY-MM-DD", 16), ("MM/DD/YY", 7),
    ("D-Mon-YYYY", 4), ("DD-MON-YYYY", 3), ("M-D-YY", 3), ("MM-DD-YYYY", 3), ("YYYYMMDD", 1),
    ("M.D.YY", 1),
)
WRITTEN_STYLES: Tuple[Tuple[str, float], ...] = (
    ("Month D, YYYY", 30), ("Mon D, YYYY", 12), ("Month Dth, YYYY", 6), ("D Month YYYY", 6),
    ("Sept D YYYY", 8), ("Mon. D, YYYY", 6), ("Weekday, Month D, YYYY", 4), ("Mon D YYYY", 8),
    ("MONTH D, YYYY", 3), ("the Dth of Month", 3),
)
SHORT_STYLES: Tuple[Tuple[str, float], ...] = (
    ("M/D", 40), ("MM/DD", 10), ("Month D", 20), ("Mon D", 10), ("Month Dth", 6), ("Dth", 6),
    ("D Mon", 4), ("Mon. D", 4),
)
MONTH_YEAR_STYLES: Tuple[Tuple[str, float], ...] = (
    ("Month YYYY", 35), ("Mon YYYY", 15), ("MM/YYYY", 12), ("M/YY", 10), ("Mon-YY", 8),
    ("Month of YYYY", 8), ("Mon-YYYY", 5), ("MONTH YYYY", 3), ("Mon. YYYY", 4),
)
_MONTHS = [calendar.month_name[i] for i in range(1, 13)]
_MON = [calendar.month_abbr[i] for i in range(1, 13)]
_WEEKDAYS = [calendar.day_name[i] for i in range(7)]


def _ordinal(day: int) -> str:
    if 11 <= day % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def date_text(date: dt.date, style: str) -> str:
    """Write a date in a style: the `surrogates.dates.DATE_STYLES` plus the
    extra shapes of real notes ("Sept 14 2067", "9-14-67", "14th", "Mon. 14")."""
    y, m, d = date.year, date.month, date.day
    mon = "Sept" if m == 9 else _MON[m - 1]
    extra = {
        "M-D-YY": f"{m}-{d}-{y % 100:02d}",
        "MM-DD-YYYY": f"{m:02d}-{d:02d}-{y}",
        "M.D.YY": f"{m}.{d}.{y % 100:02d}",
        "Sept D YYYY": f"{mon} {d} {y}",
        "Mon D YYYY": f"{_MON[m - 1]} {d} {y}",
        "Mon. D, YYYY": f"{_MON[m - 1]}. {d}, {y}" if m != 5 else f"May {d}, {y}",
        "MONTH D, YYYY": f"{_MONTHS[m - 1].upper()} {d}, {y}",
        "the Dth of Month": f"{d}{_ordinal(d)} of {_MONTHS[m - 1]}",
        "MM/DD": f"{m:02d}/{d:02d}",
        "Mon D": f"{_MON[m - 1]} {d}",
        "Month Dth": f"{_MONTHS[m - 1]} {d}{_ordinal(d)}",
        "Dth": f"{d}{_ordinal(d)}",
        "D Mon": f"{d} {_MON[m - 1]}",
        "Mon. D": f"{_MON[m - 1]}. {d}" if m != 5 else f"May {d}",
        "Mon YYYY": f"{_MON[m - 1]} {y}",
        "M/YY": f"{m}/{y % 100:02d}",
        "Month of YYYY": f"{_MONTHS[m - 1]} of {y}",
        "Mon-YYYY": f"{_MON[m - 1]}-{y}",
        "MONTH YYYY": f"{_MONTHS[m - 1].upper()} {y}",
        "Mon. YYYY": f"{_MON[m - 1]}. {y}" if m != 5 else f"May {y}",
        "Month": _MONTHS[m - 1],
        "Weekday": _WEEKDAYS[date.weekday()],
        "Wkd": _WEEKDAYS[date.weekday()][:3],
        "YY": f"{y % 100:02d}",
    }
    if style in extra:
        return extra[style]
    return format_date(date, style)


HOLIDAYS: Tuple[str, ...] = (
    "Christmas", "Christmas Eve", "Thanksgiving", "New Year's Eve", "New Year's Day", "New Year's",
    "Easter", "Easter Sunday", "July 4th", "the 4th of July", "Fourth of July", "Labor Day",
    "Memorial Day", "Halloween", "Valentine's Day", "Mother's Day", "Father's Day", "Passover",
    "Rosh Hashanah", "Yom Kippur", "Hanukkah", "Ramadan", "Eid", "Veterans Day", "Columbus Day",
    "Presidents Day", "MLK Day", "Good Friday", "Christmas day", "Thanksgiving weekend",
    "Tet", "Lunar New Year", "Chinese New Year", "Eid al-Fitr", "Eid al-Adha", "Diwali", "Holi", "Navratri",
    "Passover Seder", "Purim", "Sukkot", "Kwanzaa", "Orthodox Easter", "Orthodox Christmas", "Nowruz", "Ramadan",
    "Chuseok", "Mid-Autumn Festival", "Vesak", "Juneteenth", "Cinco de Mayo", "Dia de los Muertos", "Three Kings Day",
)
SEASONS: Tuple[str, ...] = ("winter", "spring", "summer", "fall", "autumn", "Winter", "Spring", "Summer", "Fall")


# --- Ages --------------------------------------------------------------------------


def age_pieces(rng: random.Random, years: int, style: str = "") -> Pieces:
    """An age phrase; only the number is PHI ("54" in "54 yo")."""
    n = str(years)
    # Default: forms that read before a noun ("a 54 yo man", "a 54-year-old woman").
    style = style or weighted(
        rng,
        (("yo", 24), ("y/o", 12), ("year-old", 24), ("year old", 10), ("glued_yo", 6), ("yr_old", 4), ("y.o.", 5)),
    )
    if style == "yo":
        return [(n, "AGE"), (" yo", None)]
    if style == "y/o":
        return [(n, "AGE"), (rng.choice((" y/o", " Y/O", " y.o")), None)]
    if style == "year-old":
        return [(n, "AGE"), (rng.choice(("-year-old", "-yr-old", "-year old", "-yo")), None)]
    if style == "year old":
        return [(n, "AGE"), (rng.choice((" year old", " yr old", " year-old")), None)]
    if style == "glued_yo":
        return [(n, "AGE"), (rng.choice(("yo", "yr", "yrs")), None)]
    if style == "yo_sex":
        return [(n, "AGE"), (rng.choice(("yo M", "yo F", " yo M", " yo F")), None)]
    if style == "yoM":
        return [(n, "AGE"), (rng.choice(("yM", "yF")), None)]
    if style == "age":
        return [(rng.choice(("age ", "Age ", "Age: ", "age: ", "AGE: ")), None), (n, "AGE")]
    if style == "aged":
        return [("aged ", None), (n, "AGE")]
    if style == "years_old":
        return [(n, "AGE"), (" years of age", None)]
    if style == "yr_old":
        return [(n, "AGE"), (" yr old", None)]
    if style == "y.o.":
        return [(n, "AGE"), (rng.choice((" y.o.", " Y.O.")), None)]
    return [(n, "AGE")]


NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
TENS_WORDS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def age_in_words(years: int) -> str:
    """ "fifty-four" (ages are sometimes written out)."""
    if years < 20:
        return NUMBER_WORDS[years]
    tens, ones = divmod(years, 10)
    if tens >= 10:
        return str(years)
    return TENS_WORDS[tens] + (f"-{NUMBER_WORDS[ones]}" if ones else "")


# --- Contacts ------------------------------------------------------------------------


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def phone_number(rng: random.Random, style: str = "") -> str:
    """A phone or fax number in one of the shapes of notes (random digits,
    realistic area codes; these are synthetic training values, not surrogates)."""
    area = f"{rng.randint(2, 9)}{_digits(rng, 2)}"
    exch = f"{rng.randint(2, 9)}{_digits(rng, 2)}"
    line = _digits(rng, 4)
    style = style or weighted(
        rng,
        (("dash", 40), ("paren", 18), ("paren_nospace", 5), ("dot", 7), ("space", 4), ("plain", 4),
         ("one_dash", 3), ("plus1", 2), ("seven", 8), ("ext_short", 5), ("slash", 2)),
    )
    if style == "dash":
        return f"{area}-{exch}-{line}"
    if style == "paren":
        return f"({area}) {exch}-{line}"
    if style == "paren_nospace":
        return f"({area}){exch}-{line}"
    if style == "dot":
        return f"{area}.{exch}.{line}"
    if style == "space":
        return f"{area} {exch} {line}"
    if style == "plain":
        return f"{area}{exch}{line}"
    if style == "one_dash":
        return f"1-{area}-{exch}-{line}"
    if style == "plus1":
        return f"+1 {area} {exch} {line}"
    if style == "seven":
        return f"{exch}-{line}"
    if style == "ext_short":
        return f"{rng.randint(2, 9)}-{line}"
    return f"{area}/{exch}-{line}"


def extension(rng: random.Random) -> str:
    """A phone extension as written after a number: " x557", "x4-5678", " ext. 5-8112"."""
    digits = _digits(rng, rng.choice((3, 4, 4, 5)))
    return weighted(
        rng,
        ((f" x{digits}", 35), (f"x{digits}", 15), (f" ext. {digits}", 15), (f" ext {digits}", 10),
         (f" x {digits}", 8), (f" ext. {digits[0]}-{digits[1:]}", 7), (f" X{digits}", 5),
         (f", ext {digits}", 5)),
    )


def _letters(name: str) -> str:
    """A name as a login or e-mail part: lower-case letters only ("van der Berg" -> "vanderberg")."""
    return "".join(c for c in name.lower() if c.isalpha()) or "x"


def email_address(rng: random.Random, person: Person, hospital_abbr: str = "") -> str:
    """An e-mail address from a person's name on a realistic domain."""
    f, last = _letters(person.first), _letters(person.last)
    local = weighted(
        rng,
        ((f"{f}.{last}", 25), (f"{f[0]}{last}", 25), (f"{f}{last[0]}", 6), (f"{last}.{f}", 6),
         (f"{f}{rng.randint(1, 99)}", 10), (f"{f[0]}{last}{rng.randint(1, 9)}", 8), (f"{f}_{last}", 6),
         (f"{last}{f[0]}", 6), (f"{f[0]}{person.middle.lower()}{last}", 4), (f"{f}.{last}{rng.randint(60, 99)}", 4)),
    )
    if hospital_abbr and rng.random() < 0.35:
        domain = f"{hospital_abbr.lower()}.{rng.choice(('org', 'org', 'edu', 'com', 'harvard.edu'))}"
    else:
        domain = rng.choice(EMAIL_DOMAINS)
    address = f"{local}@{domain}"
    if rng.random() < 0.06:
        address = f"{_letters(person.first).capitalize()}.{_letters(person.last).capitalize()}@{domain[0].upper()}{domain[1:]}"
    return address


def url_text(rng: random.Random, name: str) -> str:
    """A web address built from an organization or hospital name."""
    words = re.findall(r"[A-Za-z]+", name)
    stem = "".join(w.lower() for w in words[:3]) or "clinic"
    if rng.random() < 0.35:
        stem = "".join(w[0].lower() for w in words) or stem
    tld = rng.choice((".org", ".org", ".com", ".edu", ".net", ".org"))
    path = rng.choice(("", "", "/patients", "/portal", "/cardiology", "/careers", "/locations", "/billing",
                       "/mychart", "/forms/release", "/patient-portal/login", "/records"))
    scheme = weighted(rng, (("http://www.", 25), ("https://www.", 25), ("www.", 30), ("https://", 10), ("https://portal.", 5), ("http://mychart.", 5)))
    return f"{scheme}{stem}{tld}{path}"


def ip_address(rng: random.Random) -> str:
    """An IPv4 (private, public-looking or documentation range) or an IPv6 address."""
    kind = rng.random()
    if kind < 0.25:
        return f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.45:
        return f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.55:
        return f"172.{rng.randint(16, 31)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.8:
        return f"{rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.9:
        return sample_ip(rng, 4)
    if kind < 0.95:
        return sample_ip(rng, 6)
    groups = ":".join(f"{rng.randint(0, 0xFFFF):x}" for _ in range(4))
    return f"fe80::{groups}"


def username(rng: random.Random, person: Person) -> str:
    """A login name from a person's name ("akruger2", "KRUGERA", "ada.kruger")."""
    f, last = _letters(person.first), _letters(person.last)
    value = weighted(
        rng,
        ((f"{f[0]}{last}", 25), (f"{f[0]}{last}{rng.randint(1, 99)}", 18), (f"{last}{f[0]}".upper(), 8),
         (f"{f}.{last}", 10), (f"{f[0]}{person.middle.lower()}{last[:6]}", 8), (f"{f[:2]}{last[:4]}{rng.randint(1, 9)}", 6),
         (f"{f}{rng.randint(10, 999)}", 8), (f"{f[0]}{last[0]}{_digits(rng, 3)}", 8), (f"{last}_{f}", 5),
         (f"{f}{last[0]}", 4)),
    )
    return value


# --- Identifiers ------------------------------------------------------------------------

_ID_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"


def shape_id(rng: random.Random, shape: str) -> str:
    """An identifier from a shape: 9 = digit, A = capital, a = small letter,
    X = capital or digit, anything else kept ("AA9999999" -> "KQ0937884")."""
    out = []
    for c in shape:
        if c == "9":
            out.append(rng.choice(string.digits))
        elif c == "A":
            out.append(rng.choice(_ID_LETTERS))
        elif c == "a":
            out.append(rng.choice(string.ascii_lowercase))
        elif c == "X":
            out.append(rng.choice(_ID_LETTERS + string.digits))
        else:
            out.append(c)
    return "".join(out)


ID_SHAPES = {
    "MEDICALRECORD": (
        ("9999999", 30), ("99999999", 15), ("999-99-99", 10), ("0999999", 8), ("999 99 99", 3),
        ("A9999999", 4), ("999999", 6), ("99999999-9", 3), ("AA99999999", 3), ("9999-999-9", 3),
        ("E99999999", 3), ("999-99-99-9", 2), ("99-999-999", 3), ("999999999", 4),
    ),
    "ACCOUNT": (
        ("9999999999", 25), ("99999999", 15), ("A99999999", 10), ("9999-999999", 8),
        ("99999999999", 8), ("AA-999999", 5), ("9999999", 8), ("V99999999", 6), ("999-999-9999", 5),
    ),
    "HEALTHPLAN": (
        ("AAA999999999", 18), ("A99999999", 12), ("9AA9-AA9-AA99", 6), ("AA9999999", 10),
        ("W999999999", 8), ("999999999A", 8), ("XXX999999999", 8), ("99999999", 8), ("ZAA99999999", 5),
        ("999-99-9999-A", 4), ("A999999999", 6), ("AAA99999999-01", 4),
    ),
    "SSN": (("999-99-9999", 70), ("999999999", 18), ("999 99 9999", 10), ("999-99 9999", 2)),
    "LICENSE": (
        ("AA9999999", 25), ("9999999999", 15), ("99999", 8), ("A99999", 8), ("AA99999", 6),
        ("S99999999", 6), ("A999-9999-9999", 4), ("999-99-9999", 2), ("MD99999", 4), ("RN999999", 4),
        ("9999999", 6), ("AAA-99999", 4),
    ),
    "VEHICLE": (
        ("9AAA999", 18), ("AAA-9999", 12), ("AAA 999", 10), ("999-AAA", 8), ("99AA99", 6), ("AA-9999", 6),
        ("9AA-999", 6), ("AAA9999", 8), ("9XXXX99X9XX999999", 10), ("AA 99999", 4), ("9AAA99", 6),
    ),
    "DEVICE": (
        ("AAA999999A", 18), ("999999999", 10), ("AA-99999-9", 8), ("AAA999999", 12), ("A999999999", 8),
        ("99AA99999", 6), ("AA9999999AA", 5), ("XXXXXXXXXX", 6), ("9999-99999", 5), ("AAA 999999 A", 4),
    ),
    "BIOID": (
        ("FP-9999999", 15), ("BIO-999-9999", 12), ("AA9999999999", 10), ("99999-AAA", 8), ("RS-999999", 6),
        ("DNA-99-99999", 8), ("IR9999999", 6), ("XXXX-XXXX-XXXX", 8), ("V9999999", 6), ("AAA-AA-99999", 6),
    ),
    "IDNUM": (
        ("99-99999", 8), ("A99-99999", 8), ("AA99-9999", 8), ("9999999", 10), ("99999999", 8),
        ("9-9999999", 6), ("99AAA", 5), ("99:A9999999A", 4), ("A9999999", 6), ("999999", 8), ("AAA99999", 5),
        ("99999", 6), ("AA-9999-99999", 4), ("9999AAA", 3), ("99-AA-9999", 4),
    ),
}


#: Shapes of identifiers of a known kind (the slot argument, e.g. `{lic:npi}`).
ID_KIND_SHAPES = {
    ("LICENSE", "npi"): (("9999999999", 1),),
    ("LICENSE", "dea"): (("AA9999999", 1),),
    ("LICENSE", "dl"): (("S99999999", 3), ("A999-9999-9999", 2), ("999999999", 2), ("A9999999", 2)),
    ("LICENSE", "state"): (("99999", 2), ("A99999", 2), ("MD99999", 1), ("999999", 1)),
    ("VEHICLE", "vin"): (("9XXXX99X9XX999999", 1),),
    ("IDNUM", "acc"): (("A99-99999", 3), ("99-99999", 2), ("AA99-99999", 2), ("9999999", 2), ("A9999999", 1)),
    ("IDNUM", "spec"): (("A99-99999-A9", 1), ("9999999-9", 1), ("AA9999999", 1)),
    ("IDNUM", "lot"): (("A9999A", 1), ("99999A", 1), ("AAA9999", 1)),
}


def id_value(rng: random.Random, label: str, kind: str = "") -> str:
    """An identifier of a label's usual shapes (MRN "0937884", DEA "AB1234567",
    plate "4ZTR821"); `kind` selects a specific one ("npi", "dea", "vin", "acc")."""
    shapes = ID_KIND_SHAPES.get((label, kind.rstrip("0123456789")), ID_SHAPES[label])
    return shape_id(rng, weighted(rng, shapes))


DEVICE_BRANDS: Tuple[Tuple[str, str], ...] = (
    ("Medtronic", "pacemaker"), ("Medtronic Kappa", "pacemaker"), ("Boston Scientific", "ICD"),
    ("St. Jude", "ICD"), ("Guidant", "pacemaker"), ("Biotronik", "pacemaker"), ("Medtronic", "insulin pump"),
    ("Omnipod", "insulin pump"), ("Dexcom", "CGM"), ("Abbott", "LVAD"), ("HeartMate", "LVAD"),
    ("Cochlear Nucleus", "cochlear implant"), ("Medtronic", "DBS stimulator"), ("Baxter", "infusion pump"),
    ("ResMed", "CPAP machine"), ("Philips Respironics", "BiPAP"), ("Invacare", "oxygen concentrator"),
)


def device_model_value(rng: random.Random, kind: str = "") -> Tuple[str, str]:
    """A named device model (the whole name is the DEVICE span, as "Medtronic
    Kappa QQ 626" in i2b2) and the noun that follows it."""
    choices = [b for b in DEVICE_BRANDS if not kind or b[1] == kind] or list(DEVICE_BRANDS)
    brand, noun = rng.choice(choices)
    model = shape_id(rng, rng.choice(("AA 999", "AAA999", "AA999AA", "999", "A9999", "AAA 999A")))
    return f"{brand} {model}", noun


# --- Places as text --------------------------------------------------------------------

_SMALL = frozenset("of the and at for in on de la".split())
_HOSPITAL_TAIL = re.compile(
    r"\s+(?:Regional Medical Center|Medical Center|Memorial Hospital|Community Hospital|Hospital|"
    r"Health Center|Health System|Healthcare|Medical Ctr|Regional Hospital)$"
)


def hospital_abbreviation(name: str) -> str:
    """ "Southeast Alabama Medical Center" -> "SAMC"."""
    return "".join(w[0].upper() for w in re.findall(r"[A-Za-z]+", name) if w.lower() not in _SMALL)


def hospital_short(name: str) -> str:
    """The name without its generic tail ("Kingston Memorial Hospital" -> "Kingston")."""
    short = _HOSPITAL_TAIL.sub("", name)
    return short if short and short != name else name


def street_text(rng: random.Random, street: str) -> str:
    """A street address in a note's shape: suffix abbreviated, unit numbers."""
    parts = street.split()
    abbreviations = {"Street": "St.", "Avenue": "Ave.", "Road": "Rd.", "Drive": "Dr.", "Lane": "Ln.",
                     "Boulevard": "Blvd.", "Court": "Ct.", "Place": "Pl.", "Terrace": "Ter.", "Circle": "Cir."}
    if parts and parts[-1] in abbreviations and rng.random() < 0.5:
        parts[-1] = abbreviations[parts[-1]]
        if rng.random() < 0.3:
            parts[-1] = parts[-1].rstrip(".")
    value = " ".join(parts)
    roll = rng.random()
    if roll < 0.12:
        value += rng.choice((", Apt ", " Apt. ", " Apt ", " #", ", Unit ", " Unit ", ", #", ", Apt. ")) + shape_id(rng, rng.choice(("9", "99", "9A", "999", "A")))
    elif roll < 0.2 and value[:1].isdigit():
        value += rng.choice((", Suite ", " Suite ", ", Ste ", " Ste. ", ", Floor ", ", Bldg ")) + shape_id(rng, rng.choice(("999", "99", "9A", "9", "A")))
    elif roll < 0.24:
        value = f"P.O. Box {rng.randint(10, 9999)}"
    elif roll < 0.28:
        value = f"{parts[0]} {rng.choice(('North', 'South', 'East', 'West', 'N.', 'S.', 'W.', 'E.'))} {' '.join(parts[1:])}"
    elif roll < 0.34:
        # "4417 Fremont Ave N, #2", "1450 Peachtree Industrial Blvd, Suite 210"
        if rng.random() < 0.5:
            value = f"{value} {rng.choice(('N', 'S', 'NE', 'NW', 'SE', 'SW', 'E', 'W'))}"
        else:
            value = f"{parts[0]} {' '.join(parts[1:-1])} {rng.choice(('Industrial', 'Commerce', 'Park', 'Valley', 'Ridge', 'Creek'))} {parts[-1]}"
        if rng.random() < 0.5:
            value += rng.choice((", #", ", Suite ", " Apt ", ", Ste ")) + shape_id(rng, rng.choice(("9", "99", "999", "9A")))
    return value


def zip_text(rng: random.Random, value: str) -> str:
    """A ZIP, sometimes as ZIP+4."""
    return f"{value}-{_digits(rng, 4)}" if rng.random() < 0.15 else value


def all_hospital_names() -> List[str]:
    """Every cleaned hospital name of the shipped list (for tests)."""
    return [n for n in (clean_hospital(h.name) for h in surrogate_locations.hospitals()) if n]
