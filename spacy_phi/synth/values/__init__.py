"""PHI values for synthetic notes, in the many surface forms real notes use.

Values come from the shared surrogate library (`spacy_phi.surrogates`: names,
dates, hospitals, cities, ZIPs, states, countries, professions, organizations,
streets) through the split-disjoint pools of `synth/pools.py`. This package adds
what a *synthetic* note needs beyond what a surrogate needs: realistic
(not reserved-range) phones, e-mails, URLs and IPs, ID shapes per label,
international cities, nationalities, landmarks, employers and schools, and
the writing of each value in many shapes ("Sept 14 2067", "KRUGER, ADA R",
"617-555-1212 x557").

One module per label family, like the rules: `person`, `date`, `age`,
`contact`, `identifiers`, `location`, `organization`, `profession`; `common`
holds what they share (`Pieces`, `weighted`, `random_digits`, `shape_id`) and
`value_pools` the per-split samplers (`ValuePools`). The names the rest of
`synth` uses are importable from here.

Rendering functions return `Pieces`: a list of (text, label) pairs where
label is None for text that is not PHI ("Dr. ", ", M.D."), so a title or a
field name is never inside a span (i2b2 2014 convention).
"""

from .age import (
    NUMBER_WORDS,
    TENS_WORDS,
    age_in_words,
    age_pieces,
)
from .common import (
    Piece,
    Pieces,
    shape_id,
    weighted,
)
from .contact import (
    EMAIL_DOMAINS,
    email_address,
    extension,
    ip_address,
    phone_number,
    url_text,
    username,
)
from .date import (
    HOLIDAYS,
    MONTH_YEAR_STYLES,
    NUMERIC_STYLES,
    SEASONS,
    SHORT_STYLES,
    WRITTEN_STYLES,
    date_text,
)
from .identifiers import (
    DEVICE_BRANDS,
    ID_KIND_SHAPES,
    ID_SHAPES,
    device_model_value,
    id_value,
)
from .location import (
    CLINIC_KINDS,
    CLINIC_PATTERNS,
    DEPARTMENTS_EXTRA,
    LANDMARKS_FIXED,
    LANDMARK_PATTERNS,
    NATIONALITIES,
    NATURAL_PATTERNS,
    WORLD_CITIES,
    all_hospital_names,
    clean_hospital,
    hospital_abbreviation,
    hospital_short,
    street_text,
    zip_text,
)
from .organization import (
    BANK_WORDS,
    BRAND_EMPLOYERS,
    CIVIC_ORGS,
    ORG_KINDS,
    ORG_TYPES,
    PHARMACY_CHAINS,
    SCHOOL_KINDS,
    SCHOOL_TYPES,
    typed_fixed,
)
from .person import (
    DOCTOR_FORMS,
    DOCTOR_SUFFIXES,
    DOUBLE_SURNAME_ORIGINS,
    EPONYM_SURNAMES,
    NURSE_FORMS,
    NURSE_SUFFIXES,
    PATIENT_FORMS,
    PATIENT_TITLES,
    SURNAME_PARTICLES,
    Person,
    doctor_pieces,
    name_sex,
    name_value,
    nurse_pieces,
    patient_pieces,
)
from .profession import (
    PROFESSIONS_COMMON,
    PROFESSIONS_FILE,
    clean_job,
    everyday_professions,
)
from .value_pools import (
    ValuePools,
)

__all__ = [
    "BANK_WORDS",
    "BRAND_EMPLOYERS",
    "CIVIC_ORGS",
    "CLINIC_KINDS",
    "CLINIC_PATTERNS",
    "DEPARTMENTS_EXTRA",
    "DEVICE_BRANDS",
    "DOCTOR_FORMS",
    "DOCTOR_SUFFIXES",
    "DOUBLE_SURNAME_ORIGINS",
    "EMAIL_DOMAINS",
    "EPONYM_SURNAMES",
    "HOLIDAYS",
    "ID_KIND_SHAPES",
    "ID_SHAPES",
    "LANDMARKS_FIXED",
    "LANDMARK_PATTERNS",
    "MONTH_YEAR_STYLES",
    "NATIONALITIES",
    "NATURAL_PATTERNS",
    "NUMBER_WORDS",
    "NUMERIC_STYLES",
    "NURSE_FORMS",
    "NURSE_SUFFIXES",
    "ORG_KINDS",
    "ORG_TYPES",
    "PATIENT_FORMS",
    "PATIENT_TITLES",
    "PHARMACY_CHAINS",
    "PROFESSIONS_COMMON",
    "PROFESSIONS_FILE",
    "Person",
    "Piece",
    "Pieces",
    "SCHOOL_KINDS",
    "SCHOOL_TYPES",
    "SEASONS",
    "SHORT_STYLES",
    "SURNAME_PARTICLES",
    "TENS_WORDS",
    "ValuePools",
    "WORLD_CITIES",
    "WRITTEN_STYLES",
    "age_in_words",
    "age_pieces",
    "all_hospital_names",
    "clean_hospital",
    "clean_job",
    "date_text",
    "device_model_value",
    "doctor_pieces",
    "email_address",
    "everyday_professions",
    "extension",
    "hospital_abbreviation",
    "hospital_short",
    "id_value",
    "ip_address",
    "name_sex",
    "name_value",
    "nurse_pieces",
    "patient_pieces",
    "phone_number",
    "shape_id",
    "street_text",
    "typed_fixed",
    "url_text",
    "username",
    "weighted",
    "zip_text",
]
