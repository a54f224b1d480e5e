"""Surrogates for places, organizations, professions and contact values.

- HOSPITAL, CITY, ZIP: from the CMS Hospital Compare list shipped in
  `spacy_phi/data/cms_hospitals.csv` (US public domain; see data/SOURCE.txt).
- STATE, COUNTRY, STREET suffixes, ORGANIZATION suffixes, PROFESSION: Faker's
  en_US address, company and job lists.
- EMAIL / URL: built from random names on the reserved example domains
  (example.com, example.org, example.net; RFC 2606).
- IPADDR: documentation ranges (192.0.2.0/24, 198.51.100.0/24,
  203.0.113.0/24; 2001:db8::/32).
- DEPARTMENT: a short list of generic clinical unit names.

All samplers take a `random.Random`; the caller seeds it (keyed for
surrogates, free for synthetic notes).
"""

from __future__ import annotations

import csv
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import List, NamedTuple, Tuple

from .casing import case_style, match_case
from .names import sample_first_name, sample_last_name

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
HOSPITALS_CSV = DATA_DIR / "cms_hospitals.csv"
EXAMPLE_DOMAINS = ("example.com", "example.org", "example.net")
IPV4_DOC_NETS = ("192.0.2", "198.51.100", "203.0.113")

DEPARTMENTS = (
    "Cardiology", "Oncology", "Neurology", "Nephrology", "Radiology", "Pulmonology",
    "Gastroenterology", "Endocrinology", "Orthopedics", "Dermatology", "Urology",
    "Hematology", "Rheumatology", "Infectious Disease", "Internal Medicine",
    "Family Medicine", "Pediatrics", "Obstetrics", "Psychiatry", "General Surgery",
    "Vascular Surgery", "Emergency Medicine", "Intensive Care Unit", "Physical Therapy",
)
_SMALL_WORDS = frozenset("of and the at for in on de la".split())


class Hospital(NamedTuple):
    name: str
    city: str
    state: str
    zip: str


def _title(text: str) -> str:
    # CMS names are all caps; write them the way a note would.
    words = text.lower().split()
    out = []
    for i, w in enumerate(words):
        if i and w in _SMALL_WORDS:
            out.append(w)
        elif len(w) <= 2 and w.isalpha() and w not in ("st", "mt"):
            out.append(w.upper())
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))
    return " ".join(out)


@lru_cache(maxsize=None)
def hospitals() -> Tuple[Hospital, ...]:
    """The shipped hospital list, names and cities in title case.

    RETURNS (Tuple[Hospital, ...]): the hospitals.
    """
    with HOSPITALS_CSV.open(encoding="utf8", newline="") as f:
        rows = [
            Hospital(_title(r["name"]), _title(r["city"]), r["state"], r["zip"])
            for r in csv.DictReader(f)
            if r["name"] and r["city"]
        ]
    return tuple(rows)


@lru_cache(maxsize=None)
def _cities() -> Tuple[str, ...]:
    return tuple(sorted({h.city for h in hospitals()}))


@lru_cache(maxsize=None)
def _zips() -> Tuple[str, ...]:
    return tuple(sorted({h.zip for h in hospitals() if len(h.zip) == 5 and h.zip.isdigit()}))


@lru_cache(maxsize=None)
def _faker_lists() -> Tuple[Tuple[str, ...], ...]:
    from faker.providers.address.en_US import Provider as Address
    from faker.providers.company.en_US import Provider as Company
    from faker.providers.job.en_US import Provider as Job

    return (
        tuple(Address.states),
        tuple(Address.states_abbr),
        tuple(sorted(set(Address.countries))),
        tuple(Address.street_suffixes),
        tuple(Company.company_suffixes),
        tuple(Job.jobs),
    )


def sample_hospital(rng: random.Random) -> str:
    """A real US hospital name (CMS list)."""
    return rng.choice(hospitals()).name


def sample_city(rng: random.Random) -> str:
    """A real US city name (cities of the CMS list)."""
    return rng.choice(_cities())


def sample_zip(rng: random.Random) -> str:
    """A real 5-digit US ZIP code (ZIPs of the CMS list)."""
    return rng.choice(_zips())


def sample_state(rng: random.Random, abbreviated: bool = False) -> str:
    """A US state name or two-letter abbreviation."""
    states, abbrs = _faker_lists()[:2]
    return rng.choice(abbrs if abbreviated else states)


def sample_country(rng: random.Random) -> str:
    """A country name."""
    return rng.choice(_faker_lists()[2])


def sample_profession(rng: random.Random) -> str:
    """A profession (Faker's job list)."""
    return rng.choice(_faker_lists()[5])


def sample_organization(rng: random.Random) -> str:
    """An organization name: "<Surname> <suffix>" or "<Surname>-<Surname>"."""
    if rng.random() < 0.3:
        return f"{sample_last_name(rng)}-{sample_last_name(rng)}"
    return f"{sample_last_name(rng)} {rng.choice(_faker_lists()[4])}"


def sample_department(rng: random.Random) -> str:
    """A clinical department name."""
    return rng.choice(DEPARTMENTS)


_STREET_NUMBER = re.compile(r"^\s*(\d+)")


def sample_street(rng: random.Random, number_digits: int = 0) -> str:
    """A street address: "<number> <Surname> <Suffix>".

    rng (random.Random): the generator.
    number_digits (int): digits of the house number (0: random 2-4).
    RETURNS (str): the address.
    """
    digits = number_digits or rng.randint(2, 4)
    number = str(rng.randint(10 ** (digits - 1) if digits > 1 else 1, 10**digits - 1))
    return f"{number} {sample_last_name(rng)} {rng.choice(_faker_lists()[3])}"


def surrogate_street(rng: random.Random, text: str) -> str:
    """A street surrogate with the original's house-number length and case."""
    m = _STREET_NUMBER.match(text)
    if m:
        value = sample_street(rng, len(m.group(1)))
    else:
        value = sample_street(rng).split(" ", 1)[1]
    return match_case(text, value)


def surrogate_state(rng: random.Random, text: str) -> str:
    """A state, abbreviated if the original is a 2-letter abbreviation."""
    stripped = text.strip(". ")
    abbreviated = len(stripped) <= 2 or (case_style(stripped) == "upper" and len(stripped) <= 3)
    for _ in range(20):
        value = sample_state(rng, abbreviated)
        if value.lower() != stripped.lower():
            break
    return value if abbreviated else match_case(text, value)


def sample_email(rng: random.Random) -> str:
    """An e-mail address on a reserved example domain, from a random name."""
    first, last = sample_first_name(rng).lower(), sample_last_name(rng).lower()
    local = rng.choice((f"{first}.{last}", f"{first[0]}{last}", f"{first}{rng.randint(1, 99)}"))
    return f"{local}@{rng.choice(EXAMPLE_DOMAINS)}"


def surrogate_email(rng: random.Random, text: str) -> str:
    """An e-mail surrogate (keeps a "mailto:" prefix and all-caps)."""
    prefix = "mailto:" if text.lower().startswith("mailto:") else ""
    return match_case(text, prefix + sample_email(rng))


def surrogate_url(rng: random.Random, text: str) -> str:
    """A URL on a reserved example domain keeping the original's scheme and
    "www." parts; the path is one surrogate word."""
    low = text.lower()
    scheme = ""
    for s in ("https://", "http://", "ftp://"):
        if low.startswith(s):
            scheme = text[: len(s)]
    rest = low[len(scheme) :]
    www = "www." if rest.startswith("www.") else ""
    domain = rng.choice(EXAMPLE_DOMAINS)
    has_path = "/" in rest.rstrip("/")
    path = "/" + sample_last_name(rng).lower() if has_path else ""
    return f"{scheme}{www}{domain}{path}"


def sample_ip(rng: random.Random, version: int = 4) -> str:
    """An address in a documentation range (RFC 5737 / RFC 3849)."""
    if version == 6:
        groups = ":".join(f"{rng.randint(0, 0xFFFF):x}" for _ in range(2))
        return f"2001:db8::{groups}"
    return f"{rng.choice(IPV4_DOC_NETS)}.{rng.randint(1, 254)}"


_IP_SUFFIX = re.compile(r"(%[^/]*)?(/\d{1,3})?$")


def surrogate_ip(rng: random.Random, text: str) -> str:
    """A documentation-range IP of the original's version; an IPv6 zone id
    ("%eth0") and a prefix length ("/64") are kept, and upper-case hex."""
    suffix = _IP_SUFFIX.search(text)
    tail = suffix.group() if suffix else ""
    value = sample_ip(rng, 6 if ":" in text else 4) + tail
    return value.upper() if text.isupper() and ":" in text else value


def surrogate_from_pool(rng: random.Random, text: str, sampler) -> str:
    """Draw with `sampler(rng)` until the value differs from the original,
    then copy the original's case."""
    norm = text.strip().lower()
    value = sampler(rng)
    for _ in range(20):
        if value.lower() != norm and norm not in value.lower():
            break
        value = sampler(rng)
    return match_case(text, value)


def all_cities() -> List[str]:
    """All city names the city sampler can return (for tests and rules)."""
    return list(_cities())
