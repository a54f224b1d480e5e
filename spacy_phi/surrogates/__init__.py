"""Surrogate generation and PHI replacement.

The value generators work on their own (for the synthetic-corpus generator);
`component` registers the `phi_surrogates` spaCy factory on import.
"""

from ..date_text import DATE_STYLES, UnparseableDateError, format_date, parse_date
from ..errors import SurrogateError
from .dates import date_offset, sample_date, shift_date_text
from .generator import SurrogateGenerator
from .keys import PATIENT_KEY_FIELD, RECORD_ID_FIELD, SECRET_ENV_VAR, derive_seed, keyed_rng, load_secret
from .names import sample_first_name, sample_last_name, sample_name
from .replacer import DeidResult, OffsetEntry, deidentify_text
from .component import PhiSurrogates, install_extensions, make_phi_surrogates  # noqa: E402  (registers)

__all__ = [
    "DATE_STYLES",
    "DeidResult",
    "OffsetEntry",
    "PATIENT_KEY_FIELD",
    "PhiSurrogates",
    "RECORD_ID_FIELD",
    "SECRET_ENV_VAR",
    "SurrogateError",
    "SurrogateGenerator",
    "UnparseableDateError",
    "date_offset",
    "deidentify_text",
    "derive_seed",
    "format_date",
    "install_extensions",
    "keyed_rng",
    "load_secret",
    "make_phi_surrogates",
    "parse_date",
    "sample_date",
    "sample_first_name",
    "sample_last_name",
    "sample_name",
    "shift_date_text",
]
