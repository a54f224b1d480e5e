"""The PHI label scheme: our labels, their categories, HIPAA status, and the
mappings from the label sets of other de-identification corpora.

Our labels are the i2b2 2014 types (Stubbs & Uzuner 2015), written with
underscores so they are valid spaCy labels. Everything else in the package
(rules, surrogates, evaluation, converters) imports them from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Dict, FrozenSet, Iterable, Mapping, Optional, Tuple


class Category(str, Enum):
    """The seven i2b2 2014 PHI categories."""

    NAME = "NAME"
    PROFESSION = "PROFESSION"
    LOCATION = "LOCATION"
    AGE = "AGE"
    DATE = "DATE"
    CONTACT = "CONTACT"
    ID = "ID"


@dataclass(frozen=True)
class PHILabel:
    """One of our PHI labels.

    name (str): the spaCy label, e.g. "MEDICALRECORD".
    category (Category): its i2b2 2014 category.
    safe_harbor (bool): whether HIPAA Safe Harbor lists it as an identifier
        (AGE only counts when the age is above 89; see `is_safe_harbor_phi`).
    i2b2_hipaa (bool): whether it belongs to the "HIPAA" subset of the official
        i2b2 2014 evaluation script, which the seed papers report (all AGEs in,
        DOCTOR/URL/IPADDR/... out). Kept separate so our numbers are comparable.
    description (str): a short human description.
    """

    name: str
    category: Category
    safe_harbor: bool
    i2b2_hipaa: bool
    description: str


_C = Category
_LABEL_TABLE: Tuple[PHILabel, ...] = (
    PHILabel("PATIENT", _C.NAME, True, True, "name of the patient or a relative"),
    PHILabel("DOCTOR", _C.NAME, True, False, "name of any clinician or staff member"),
    PHILabel("USERNAME", _C.NAME, True, False, "user name or login, e.g. 'jsmith2'"),
    PHILabel("PROFESSION", _C.PROFESSION, False, False, "occupation of the patient or family"),
    PHILabel("ROOM", _C.LOCATION, True, False, "room, bed or ward number"),
    PHILabel("DEPARTMENT", _C.LOCATION, True, False, "named unit or department"),
    PHILabel("HOSPITAL", _C.LOCATION, True, False, "hospital, clinic or care facility"),
    PHILabel("ORGANIZATION", _C.LOCATION, True, True, "employer, school or other organization"),
    PHILabel("STREET", _C.LOCATION, True, True, "street address"),
    PHILabel("CITY", _C.LOCATION, True, True, "city, town or county"),
    PHILabel("STATE", _C.LOCATION, False, False, "state or province"),
    PHILabel("COUNTRY", _C.LOCATION, False, False, "country or nationality"),
    PHILabel("ZIP", _C.LOCATION, True, True, "postal code"),
    PHILabel("LOCATION_OTHER", _C.LOCATION, True, False, "other geographic location or landmark"),
    PHILabel("AGE", _C.AGE, True, True, "age (Safe Harbor PHI only above 89)"),
    PHILabel("DATE", _C.DATE, True, True, "date or part of one, weekday, holiday, season"),
    PHILabel("PHONE", _C.CONTACT, True, True, "telephone or pager number"),
    PHILabel("FAX", _C.CONTACT, True, True, "fax number"),
    PHILabel("EMAIL", _C.CONTACT, True, True, "e-mail address"),
    PHILabel("URL", _C.CONTACT, True, False, "web address"),
    PHILabel("IPADDR", _C.CONTACT, True, False, "IP address (v4 or v6)"),
    PHILabel("SSN", _C.ID, True, True, "social security number"),
    PHILabel("MEDICALRECORD", _C.ID, True, True, "medical record number"),
    PHILabel("HEALTHPLAN", _C.ID, True, True, "health plan / insurance member number"),
    PHILabel("ACCOUNT", _C.ID, True, True, "account or billing number"),
    PHILabel("LICENSE", _C.ID, True, True, "certificate or licence number (DEA, NPI, ...)"),
    PHILabel("VEHICLE", _C.ID, True, True, "vehicle identifier or plate"),
    PHILabel("DEVICE", _C.ID, True, True, "device identifier or serial number"),
    PHILabel("BIOID", _C.ID, True, True, "biometric identifier"),
    PHILabel("IDNUM", _C.ID, True, True, "any other identifying number or code"),
)

#: Every label by name, in the canonical order above.
LABELS: Dict[str, PHILabel] = {label.name: label for label in _LABEL_TABLE}
#: The label names, in canonical order (what the NER is trained on).
LABEL_NAMES: Tuple[str, ...] = tuple(LABELS)
#: Label names per category.
CATEGORY_LABELS: Dict[Category, Tuple[str, ...]] = {
    category: tuple(l.name for l in _LABEL_TABLE if l.category is category)
    for category in Category
}
#: The i2b2 2014 evaluation script's HIPAA subset (all ages count).
I2B2_HIPAA_LABELS: FrozenSet[str] = frozenset(l.name for l in _LABEL_TABLE if l.i2b2_hipaa)
#: Labels that are HIPAA Safe Harbor identifiers (AGE subject to the >89 rule).
SAFE_HARBOR_LABELS: FrozenSet[str] = frozenset(l.name for l in _LABEL_TABLE if l.safe_harbor)
#: Direct identifiers: formulaic, never vetoed by the medical-vocabulary guard.
DIRECT_IDENTIFIER_LABELS: FrozenSet[str] = frozenset(
    CATEGORY_LABELS[Category.CONTACT] + CATEGORY_LABELS[Category.ID] + ("DATE", "ZIP")
)

#: The labels of a person's name (the NAME category but USERNAME).
PERSON_LABELS = frozenset({"PATIENT", "DOCTOR"})
SAFE_HARBOR_AGE_LIMIT = 89
_LEADING_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def category_of(label: str) -> Category:
    """Return the category of one of our labels.

    label (str): a label name from LABEL_NAMES.
    RETURNS (Category): its category.
    """
    try:
        return LABELS[label].category
    except KeyError:
        raise ValueError(f"Unknown PHI label {label!r}; expected one of {', '.join(LABEL_NAMES)}") from None


def parse_age_years(age_text: str) -> Optional[float]:
    """Read the number of years from an AGE span ("92", "92yo", "90s").

    Ages given in months, weeks or days ("18 mo", "3 wks") are converted to years.
    RETURNS (Optional[float]): the age in years, or None if no number is found.
    """
    match = _LEADING_NUMBER.search(age_text)
    if match is None:
        return None
    value = float(match.group())
    unit_text = age_text[match.end():].strip().lower()
    if unit_text.startswith(("mo", "m/o")):
        value /= 12
    elif unit_text.startswith(("w", "wk")):
        value /= 52
    elif unit_text.startswith(("d", "day")):
        value /= 365
    return value


def is_safe_harbor_phi(label: str, text: str) -> bool:
    """Whether a span is HIPAA Safe Harbor PHI: its label is an identifier and,
    for AGE, the age is above 89 (an age we cannot read counts as PHI, recall first).

    label (str): one of our labels.
    text (str): the span's text.
    RETURNS (bool): True if Safe Harbor requires removing it.
    """
    if label not in SAFE_HARBOR_LABELS:
        return False
    if label == "AGE":
        years = parse_age_years(text)
        return years is None or years > SAFE_HARBOR_AGE_LIMIT
    return True


# --- Mappings from other corpora -------------------------------------------------
# A value of None means "annotated in that corpus but not PHI in our scheme"; such
# spans are reported by the converters as unusable with that reason, never silently
# dropped. Keys are matched case-insensitively.

I2B2_2014_MAPPING: Dict[str, Optional[str]] = {
    **{name: name for name in LABEL_NAMES},
    # The i2b2 2014 XML writes these two with a hyphen and an odd spelling.
    "LOCATION-OTHER": "LOCATION_OTHER",
    "LOCATION_OTHER": "LOCATION_OTHER",
    "OTHER": "LOCATION_OTHER",
    "BIOID": "BIOID",
    "HEALTHPLAN": "HEALTHPLAN",
    "MEDICALRECORD": "MEDICALRECORD",
    "IDNUM": "IDNUM",
    "DEVICE": "DEVICE",
    "URL": "URL",
    "IPADDRESS": "IPADDR",
}

#: i2b2 2006 uses 8 coarse types; we map each to the most common fine type.
#: ID → IDNUM and LOCATION → LOCATION_OTHER lose detail but keep the category.
I2B2_2006_MAPPING: Dict[str, Optional[str]] = {
    "PATIENT": "PATIENT",
    "DOCTOR": "DOCTOR",
    "HOSPITAL": "HOSPITAL",
    "ID": "IDNUM",
    "DATE": "DATE",
    "LOCATION": "LOCATION_OTHER",
    "PHONE": "PHONE",
    "AGE": "AGE",
}

PHYSIONET_MAPPING: Dict[str, Optional[str]] = {
    "PTNAME": "PATIENT",
    "PTNAMEINITIAL": "PATIENT",
    "RELATIVEPROXYNAME": "PATIENT",  # i2b2 2014 files relatives' names under PATIENT
    "HCPNAME": "DOCTOR",
    "LOCATION": "LOCATION_OTHER",
    "DATE": "DATE",
    "DATEYEAR": "DATE",
    "PHONE": "PHONE",
    "AGE": "AGE",
    "OTHER": "IDNUM",  # "Other" in the PhysioNet corpus is mostly identifying numbers
}

MEDDOCAN_MAPPING: Dict[str, Optional[str]] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PATIENT",
    "FAMILIARES_SUJETO_ASISTENCIA": "PATIENT",
    "NOMBRE_PERSONAL_SANITARIO": "DOCTOR",
    "EDAD_SUJETO_ASISTENCIA": "AGE",
    "SEXO_SUJETO_ASISTENCIA": None,  # sex is not PHI in i2b2 or HIPAA
    "FECHAS": "DATE",
    "CALLE": "STREET",
    "TERRITORIO": "CITY",  # digits-only TERRITORIO spans are postcodes → ZIP (see refine)
    "PAIS": "COUNTRY",
    "CORREO_ELECTRONICO": "EMAIL",
    "NUMERO_TELEFONO": "PHONE",
    "NUMERO_FAX": "FAX",
    "ID_SUJETO_ASISTENCIA": "MEDICALRECORD",
    "ID_CONTACTO_ASISTENCIAL": "ACCOUNT",
    "ID_ASEGURAMIENTO": "HEALTHPLAN",
    "NUMERO_BENEF_PLAN_SALUD": "HEALTHPLAN",
    "ID_TITULACION_PERSONAL_SANITARIO": "LICENSE",
    "ID_EMPLEO_PERSONAL_SANITARIO": "IDNUM",
    "INSTITUCION": "ORGANIZATION",
    "HOSPITAL": "HOSPITAL",
    "CENTRO_SALUD": "HOSPITAL",
    "PROFESION": "PROFESSION",
    "OTROS_SUJETO_ASISTENCIA": "IDNUM",
    "URL_WEB": "URL",
    "DIREC_PROT_INTERNET": "IPADDR",
    "IDENTIF_VEHICULOS_NRSERIE": "VEHICLE",
    "IDENTIF_DISPOSITIVOS_NRSERIE": "DEVICE",
    "IDENTIF_BIOMETRICOS": "BIOID",
}

#: MEDDOCAN's own labels, kept as they are (every type, SEXO_SUJETO_ASISTENCIA
#: included): the labels the Spanish NER is trained on and the MEDDOCAN shared
#: task scores (subtrack 1). `meddocan_to_i2b2` maps them to ours.
MEDDOCAN_LABELS: Tuple[str, ...] = tuple(MEDDOCAN_MAPPING)

SCHEMES: Dict[str, Mapping[str, Optional[str]]] = {
    "spacy_phi": {name: name for name in LABEL_NAMES},
    "i2b2_2014": I2B2_2014_MAPPING,
    "i2b2_2006": I2B2_2006_MAPPING,
    "physionet": PHYSIONET_MAPPING,
    "meddocan": MEDDOCAN_MAPPING,
    "meddocan_native": {name: name for name in MEDDOCAN_LABELS},
}

_DIGITS_ONLY = re.compile(r"^[\d\s-]+$")


class UnknownLabelError(KeyError):
    """A source label that the chosen scheme does not know."""


def map_label(source_label: str, scheme: str, span_text: str = "") -> Optional[str]:
    """Map a label of another corpus to ours.

    source_label (str): the label as written in the source (any case).
    scheme (str): one of SCHEMES ("i2b2_2014", "i2b2_2006", "physionet", "meddocan",
        or "spacy_phi" for our own labels).
    span_text (str): the annotated text, used to refine coarse labels
        (a digits-only MEDDOCAN TERRITORIO is a ZIP).
    RETURNS (Optional[str]): our label, or None if the source type is not PHI for us.
    RAISES (UnknownLabelError): the label is not in the scheme.
    """
    if scheme not in SCHEMES:
        raise ValueError(f"Unknown label scheme {scheme!r}; expected one of {', '.join(SCHEMES)}")
    mapping = SCHEMES[scheme]
    key = source_label.strip().upper().replace(" ", "_")
    if key not in mapping and key.replace("-", "_") in mapping:
        key = key.replace("-", "_")
    if key not in mapping:
        raise UnknownLabelError(f"Label {source_label!r} is not part of the {scheme!r} scheme")
    label = mapping[key]
    if scheme == "meddocan" and label == "CITY" and span_text and _DIGITS_ONLY.match(span_text):
        return "ZIP"
    return label


def meddocan_to_i2b2(native_label: str, span_text: str = "") -> Optional[str]:
    """Our label for a MEDDOCAN label (`map_label(..., "meddocan")`), or None for
    a type that is not PHI for us (SEXO_SUJETO_ASISTENCIA) or an unknown label.

    native_label (str): the MEDDOCAN label.
    span_text (str): the span's text (a digits-only TERRITORIO is a ZIP).
    RETURNS (Optional[str]): our label or None.
    """
    try:
        return map_label(native_label, "meddocan", span_text)
    except UnknownLabelError:
        return None


def labels_in(categories: Iterable[Category]) -> Tuple[str, ...]:
    """All label names of the given categories, in canonical order."""
    wanted = set(categories)
    return tuple(l.name for l in _LABEL_TABLE if l.category in wanted)


#: Longest plausible span per label, in tokens (clinical tokenizer); longer tagger
#: spans are vetoed whatever their words.
DEFAULT_MAX_TOKENS = 16
MAX_TOKENS = {
    "AGE": 8, "DATE": 16, "PATIENT": 10, "DOCTOR": 10, "PROFESSION": 10, "CITY": 8, "STATE": 6,
    "COUNTRY": 8, "ZIP": 5, "SSN": 8, "PHONE": 16, "FAX": 16, "ORGANIZATION": 24, "HOSPITAL": 24,
    "DEPARTMENT": 16, "STREET": 20, "LOCATION_OTHER": 16, "EMAIL": 12, "URL": 24,
}
