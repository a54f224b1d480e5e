"""People of a synthetic note: the `Person`, surname particles, the sex of a
given name, and the many ways notes write a patient's, a relative's, a
clinician's or a nurse's name ("Mr. Kruger", "KRUGER, ADA R", "Ada Kruger, MD",
"RN JONES")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, Tuple

from ...surrogates.names import fold_ascii
from .common import Pieces, weighted

#: Surnames that are also eponyms of diseases, signs and devices ("Parkinson",
#: "Foley"): a few patients carry them, so the model learns the context decides.
EPONYM_SURNAMES: Tuple[str, ...] = (
    "Parkinson", "Foley", "Apgar", "Gram", "Graves", "Bell", "Down", "Crohn", "Hodgkin", "Wilson",
    "Addison", "Cushing", "Alzheimer", "Babinski", "Murphy", "Kernig", "Whipple", "Nissen", "Hartmann",
    "Hickman", "Jackson", "Pratt", "Barrett", "Hashimoto", "Kaposi", "Paget", "Raynaud", "Tourette",
    "Wernicke", "Korsakoff", "Swan", "Ganz", "Baker", "Colles", "Bankart", "Lyme", "Meniere", "Homan",
    "Romberg", "Glasgow", "Ewing", "Wilms", "Burkitt", "Reiter", "Sjogren", "Guillain", "Barre",
)


@lru_cache(maxsize=None)
def _name_sexes() -> Dict[str, str]:
    """Given names Faker lists as male or female in the surrogate name locales
    ("" for names listed as both)."""
    import importlib

    from ...surrogates.names import NAME_LOCALES

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
