"""Places of a synthetic note: international cities, nationalities, landmarks,
clinics and departments, the cleaning of the surrogate hospital list, and
places as notes write them (hospital abbreviations and short names, street
addresses with units, ZIP+4)."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from ...surrogates import locations as surrogate_locations
from ...surrogates.locations import sample_country
from .common import random_digits, shape_id

#: Cities abroad that notes name (birthplaces, travel, family).
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


_HOSPITAL_JUNK = re.compile(
    r"(?:,?\s+(?:Inc|Llc|Cah|Corp|Corporation|Ltd|Lp|Pllc|Pc)\.?|\s*[-,]?\s*\d+|\*|-|,)+$", re.I
)


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


@lru_cache(maxsize=None)
def countries() -> Tuple[str, ...]:
    """Country names as a note writes them (plain ASCII, short), sorted."""
    # The surrogate sampler is the one source of country names; collect its
    # values once with a fixed seed (deterministic) and keep the plain ones.
    rng = random.Random(0)
    seen = {sample_country(rng) for _ in range(5000)}
    return tuple(sorted(c for c in seen if c.isascii() and "(" not in c and "," not in c and len(c) <= 24))


@lru_cache(maxsize=None)
def world_cities() -> Tuple[str, ...]:
    """WORLD_CITIES plus the plain city names of a few Faker locales, sorted."""
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
    return f"{value}-{random_digits(rng, 4)}" if rng.random() < 0.15 else value


def all_hospital_names() -> List[str]:
    """Every cleaned hospital name of the shipped list (for tests)."""
    return [n for n in (clean_hospital(h.name) for h in surrogate_locations.hospitals()) if n]
