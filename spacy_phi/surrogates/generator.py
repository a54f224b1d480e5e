"""`SurrogateGenerator`: the surrogate of one PHI value, keyed and consistent.

One generator serves one document (one patient/record key): it holds the
within-document name links. Every choice comes from a local `random.Random`
seeded with HMAC-SHA256(secret, key, label, normalized value), so a new
generator with the same secret and key gives the same surrogates.

    gen = SurrogateGenerator(secret=b"...", key="patient-17")
    gen.surrogate("DATE", "03/14/2089")    # '05/02/2089' (say)
    gen.surrogate("PATIENT", "SMITH, JOHN")
"""

from __future__ import annotations

import random
from typing import Callable, Dict, Iterable, Optional, Sequence, Tuple

from .ages import surrogate_age
from .dates import SurrogateError, date_offset, shift_date_text
from .identifiers import (
    format_preserving,
    is_card_shape,
    is_mac,
    surrogate_card,
    surrogate_mac,
    surrogate_phone,
    surrogate_ssn,
    surrogate_zip,
)
from .keys import keyed_rng, load_secret, normalize_value, random_doc_key
from .locations import (
    sample_city,
    sample_country,
    sample_department,
    sample_hospital,
    sample_organization,
    sample_profession,
    surrogate_email,
    surrogate_from_pool,
    surrogate_ip,
    surrogate_state,
    surrogate_street,
    surrogate_url,
)
from .names import NameLinker, surrogate_username

#: Labels whose surrogates are person names (linked within a document).
PERSON_LABELS = frozenset({"PATIENT", "DOCTOR"})
#: Labels with generic format-preserving surrogates.
ID_LABELS = frozenset(
    {"MEDICALRECORD", "HEALTHPLAN", "ACCOUNT", "LICENSE", "VEHICLE", "DEVICE", "BIOID", "IDNUM", "ROOM"}
)

_POOL_SAMPLERS: Dict[str, Callable[[random.Random], str]] = {
    "HOSPITAL": sample_hospital,
    "CITY": sample_city,
    "COUNTRY": sample_country,
    "DEPARTMENT": sample_department,
    "ORGANIZATION": sample_organization,
    "PROFESSION": sample_profession,
    "LOCATION_OTHER": sample_city,
}


class SurrogateGenerator:
    """Keyed surrogates for the PHI values of one document / patient.

    secret (Optional[bytes]): the HMAC secret; None loads it with
        `load_secret()` (environment, else a random per-run secret).
    key (Optional[str]): the patient/record key; None makes a random one
        (no consistency across documents).
    date_shift_min (int): smallest date shift in days (>= 1).
    date_shift_max (int): largest date shift in days.
    age_mode (str): "hipaa" (keep ages <= age_cap) or "strict".
    age_cap (int): the largest age shown.
    age_cap_text (str): what ages above age_cap become.
    id_prefixes (Sequence[str]): fixed ID prefixes kept as written.
    """

    def __init__(
        self,
        secret: Optional[bytes] = None,
        key: Optional[str] = None,
        *,
        date_shift_min: int = 30,
        date_shift_max: int = 365,
        age_mode: str = "hipaa",
        age_cap: int = 89,
        age_cap_text: str = "90+",
        id_prefixes: Sequence[str] = (),
    ) -> None:
        self.secret = secret if secret is not None else load_secret()
        self.key = key if key is not None else random_doc_key()
        self.date_offset = date_offset(self.secret, self.key, date_shift_min, date_shift_max)
        self.age_mode = age_mode
        self.age_cap = age_cap
        self.age_cap_text = age_cap_text
        self.id_prefixes = tuple(id_prefixes)
        self.names = NameLinker(self.secret, self.key)
        self._cache: Dict[Tuple[str, str], str] = {}

    def __repr__(self) -> str:
        # Never show the secret or the key.
        return f"<SurrogateGenerator date_shift={'set'} age_mode={self.age_mode!r}>"

    def rng(self, label: str, text: str) -> random.Random:
        """The keyed generator for one value of one label."""
        return keyed_rng(self.secret, self.key, label, normalize_value(text))

    def prepare(self, spans: Iterable[Tuple[str, str]]) -> None:
        """Learn the person names of the whole document first, so that a lone
        "Smith" is read as the surname of "John Smith" wherever it occurs.

        spans (Iterable[Tuple[str, str]]): (label, text) of every span.
        """
        self.names.learn([text for label, text in spans if label in PERSON_LABELS])

    def surrogate(self, label: str, text: str) -> str:
        """The surrogate of one value.

        label (str): its PHI label.
        text (str): the original text.
        RETURNS (str): the surrogate (for AGE in "hipaa" mode, ages up to the
            cap come back unchanged).
        RAISES (SurrogateError): no surrogate can be made (the caller masks);
            UnparseableDateError for dates that cannot be read.
        """
        if label in PERSON_LABELS:
            return self.names.rewrite(text)
        cache_key = (label, text)
        if cache_key in self._cache:
            return self._cache[cache_key]
        value = self._make(label, text)
        self._cache[cache_key] = value
        return value

    def _make(self, label: str, text: str) -> str:
        if label == "DATE":
            return shift_date_text(text, self.date_offset)
        rng = self.rng(label, text)
        if label == "AGE":
            return surrogate_age(rng, text, self.age_mode, self.age_cap, self.age_cap_text)[0]
        if label in ("PHONE", "FAX"):
            return surrogate_phone(rng, text, self.id_prefixes)
        if label == "SSN":
            return surrogate_ssn(rng, text)
        if label == "ZIP":
            return surrogate_zip(rng, text)
        if label in ID_LABELS:
            # Shapes with a structure of their own keep it (see identifiers.py).
            if label in ("DEVICE", "IDNUM") and is_mac(text):
                return surrogate_mac(rng, text)
            if label in ("ACCOUNT", "IDNUM", "MEDICALRECORD") and is_card_shape(text):
                return surrogate_card(rng, text)
            return format_preserving(rng, text, self.id_prefixes)
        if label == "EMAIL":
            return surrogate_email(rng, text)
        if label == "URL":
            return surrogate_url(rng, text)
        if label == "IPADDR":
            return surrogate_ip(rng, text)
        if label == "USERNAME":
            return surrogate_username(rng, text)
        if label == "STREET":
            return surrogate_street(rng, text)
        if label == "STATE":
            return surrogate_state(rng, text)
        if label in _POOL_SAMPLERS:
            return surrogate_from_pool(rng, text, _POOL_SAMPLERS[label])
        raise SurrogateError("no surrogate strategy for this label")
