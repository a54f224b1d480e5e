"""`SurrogateGenerator`: the surrogate of one PHI value, keyed and consistent.

One generator serves one document (one patient/record key): it holds the
within-document name links. Every choice comes from a local `random.Random`
seeded with HMAC-SHA256(secret, key, label, normalized value), so a new
generator with the same secret and key gives the same surrogates.

    gen = SurrogateGenerator(secret=b"...", key="patient-17")
    gen.surrogate("DATE", "03/14/2089")    # '05/02/2089' (say)
    gen.surrogate("PATIENT", "SMITH, JOHN")

`prepare_document(text, spans)` reads the whole note first: the sex and role
of every name word, the address each STREET/CITY/STATE/ZIP belongs to, and
the note's reference date for partial dates. `surrogate(label, text,
context)` then uses the span's `SpanContext` (the text around it) for the
choices that depend on it: the article before a profession, the type word
after an organization, the address of a city.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from . import spanish
from .ages import surrogate_age
from ..date_text import UnparseableDateError, parse_date
from ..errors import SurrogateError
from ..labels import PERSON_LABELS
from .dates import date_offset, is_weekday_list, shift_date_text
from .geography import ADDRESS_LABELS, Geography
from .identifiers import (
    format_preserving,
    is_card_shape,
    is_mac,
    surrogate_card,
    surrogate_mac,
    surrogate_phone,
    surrogate_ssn,
)
from .keys import keyed_rng, load_secret, normalize_value, random_doc_key
from .locations import EXAMPLE_DOMAINS, sample_country, surrogate_email, surrogate_from_pool, surrogate_ip, surrogate_url
from .names import NameLinker, sex_hint, surrogate_username, titled_before
from .organizations import is_generic_service, surrogate_named_place, surrogate_profession

#: Labels with generic format-preserving surrogates (person names, `PERSON_LABELS`, are linked within a document).
ID_LABELS = frozenset(
    {"MEDICALRECORD", "HEALTHPLAN", "ACCOUNT", "LICENSE", "VEHICLE", "DEVICE", "BIOID", "IDNUM", "ROOM"}
)

def _plain_country(rng: random.Random) -> str:
    """A country written plainly: Faker's "Holy See (Vatican City State)" or
    "Korea, Republic of" would bring brackets and commas into the sentence."""
    value = sample_country(rng)
    while "(" in value or "," in value:
        value = sample_country(rng)
    return value


_POOL_SAMPLERS: Dict[str, Callable[[random.Random], str]] = {
    "COUNTRY": _plain_country,
}
#: "exact": year-only and month-year dates move as the note's reference date
#: does (a year may stay as it is); "rounded": by the offset rounded to whole
#: months/years, never 0 (never equal to the original; intervals to full
#: dates may be off by one month/year). Month-day dates take the reference
#: year in both.
PARTIAL_DATE_MODES = ("exact", "rounded")
#: Languages of the surrogates: "es" draws Spanish names, places, jobs and
#: date words (`spanish.py`); dates are then read day first.
SURROGATE_LANGS = ("en", "es")
#: Labels whose surrogate keeps the type and service words of the name.
NAMED_PLACE_LABELS = frozenset({"HOSPITAL", "ORGANIZATION", "DEPARTMENT", "LOCATION_OTHER"})
#: A date right after these words is a birth date, never the note's reference date.
_BIRTH_CUE = re.compile(r"(?i)(?:\bdob|\bd\.o\.b|\bbirth\w*|\bborn)\W{0,4}(?:\w+\W{1,3}){0,1}$")
#: The same in Spanish notes ("Fecha de nacimiento:", "nacido el", "F. nac.").
_BIRTH_CUE_ES = re.compile(r"(?i)(?:\bnacimiento|\bnacid[oa]|\bf\.\s?nac\.?)\W{0,4}(?:\w+\W{1,3}){0,1}$")


@dataclass(frozen=True)
class SpanContext:
    """The note text around one span (for context-dependent choices).

    before (str): up to ~80 characters before the span.
    after (str): up to ~80 characters after it.
    start (Optional[int]): the span's start offset in the note.
    """

    before: str = ""
    after: str = ""
    start: Optional[int] = None


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
        reference_date: Optional[dt.date] = None,
        zip3_mode: str = "surrogate",
        partial_dates: str = "exact",
        lang: str = "en",
    ) -> None:
        if partial_dates not in PARTIAL_DATE_MODES:
            raise ValueError(f"partial_dates must be one of {PARTIAL_DATE_MODES}")
        if lang not in SURROGATE_LANGS:
            raise ValueError(f"lang must be one of {SURROGATE_LANGS}")
        self.lang = lang
        self.secret = secret if secret is not None else load_secret()
        self.key = key if key is not None else random_doc_key()
        self.date_offset = date_offset(self.secret, self.key, date_shift_min, date_shift_max)
        self.age_mode = age_mode
        self.age_cap = age_cap
        self.age_cap_text = age_cap_text
        self.id_prefixes = tuple(id_prefixes)
        self.names = NameLinker(self.secret, self.key, lang=lang)
        self.geography = Geography(self.secret, self.key, zip3_mode)
        #: The note's (or record's) date: partial dates move exactly as it does.
        self.reference_date = reference_date
        self._reference_given = reference_date is not None
        self.partial_dates = partial_dates
        self._cache: Dict[Tuple[str, str, str], str] = {}

    def __repr__(self) -> str:
        # Never show the secret or the key.
        return f"<SurrogateGenerator date_shift={'set'} age_mode={self.age_mode!r}>"

    def rng(self, label: str, text: str) -> random.Random:
        """The keyed generator for one value of one label."""
        return keyed_rng(self.secret, self.key, label, normalize_value(text))

    def prepare(self, spans: Iterable[Tuple[str, str]]) -> None:
        """Learn the person names of the whole document first, so that a lone
        "Smith" is read as the surname of "John Smith" wherever it occurs
        (without the note's text; `prepare_document` reads more).

        spans (Iterable[Tuple[str, str]]): (label, text) of every span.
        """
        self.names.learn([text for label, text in spans if label in PERSON_LABELS])

    def prepare_document(self, text: str, spans: Sequence[Tuple[int, int, str]]) -> None:
        """Read the whole note before rewriting it: name roles and sexes (from
        titles, relation words and pronouns around each name), the address of
        every STREET/CITY/STATE/ZIP span and the note's reference date.

        text (str): the note.
        spans (Sequence[Tuple[int, int, str]]): sorted (start, end, label) of
            the spans to replace with surrogates.
        """
        names = [(s, e) for s, e, l in spans if l in PERSON_LABELS]
        self.names.learn(
            [text[s:e] for s, e in names],
            hints=[sex_hint(text[max(0, s - 40) : s], text[s:e], text[e : e + 80]) for s, e in names],
            titled=[titled_before(text[max(0, s - 12) : s]) for s, e in names],
        )
        self.geography.plan(text, spans)
        if not self._reference_given:
            self.reference_date = note_reference_date(text, spans, self.lang)

    def keep_reason(self, label: str, text: str) -> str:
        """Why a surrogate equal to its original may stand ("" if it may not):
        a generic clinical service ("generic_service"), or a partial date
        that the exact shift of the note's date leaves as it was
        ("date_unchanged_by_shift")."""
        if label == "DEPARTMENT" and is_generic_service(text):
            return "generic_service"
        if label == "DATE":
            if is_weekday_list(text):
                return "date_unchanged_by_shift"  # an offset of whole weeks keeps weekdays
            try:
                parsed = parse_date(text, self.lang)
            except UnparseableDateError:
                return ""
            if parsed.year is None and parsed.month is None:
                return "date_unchanged_by_shift"
            if parsed.day is None and self.reference_date is not None and self.partial_dates == "exact":
                return "date_unchanged_by_shift"
        return ""

    def surrogate(self, label: str, text: str, context: Optional[SpanContext] = None) -> str:
        """The surrogate of one value.

        label (str): its PHI label.
        text (str): the original text.
        context (Optional[SpanContext]): the note text around the span.
        RETURNS (str): the surrogate (for AGE in "hipaa" mode, ages up to the
            cap come back unchanged).
        RAISES (SurrogateError): no surrogate can be made (the caller masks);
            UnparseableDateError for dates that cannot be read.
        """
        context = context or SpanContext()
        if label in PERSON_LABELS:
            return self.names.rewrite(text)
        if label in ADDRESS_LABELS and self.lang == "en":
            # Not cached by value: the same "OH" in two addresses may differ.
            return self.geography.surrogate(label, text, context.start)
        cache_key = (label, text, self._context_key(label, context))
        if cache_key in self._cache:
            return self._cache[cache_key]
        value = self._make(label, text, context)
        self._cache[cache_key] = value
        return value

    @staticmethod
    def _context_key(label: str, context: SpanContext) -> str:
        # Only the parts of the context that change the choice.
        if label == "PROFESSION":
            return context.before[-4:].lower()
        if label == "ORGANIZATION":
            return context.after[:20].lower()
        return ""

    def _make(self, label: str, text: str, context: SpanContext) -> str:
        if label == "DATE":
            if self.partial_dates == "rounded":
                return shift_date_text(text, self.date_offset, self.reference_date, partial_reference=False, lang=self.lang)
            return shift_date_text(text, self.date_offset, self.reference_date, lang=self.lang)
        rng = self.rng(label, text)
        if self.lang == "es" and label in _SPANISH_MAKERS:
            return _SPANISH_MAKERS[label](rng, text)
        if label == "AGE":
            return surrogate_age(rng, text, self.age_mode, self.age_cap, self.age_cap_text)[0]
        if label in ("PHONE", "FAX"):
            return surrogate_phone(rng, text, self.id_prefixes)
        if label == "SSN":
            return surrogate_ssn(rng, text)
        if label in ID_LABELS:
            # Shapes with a structure of their own keep it (see identifiers.py).
            if label in ("DEVICE", "IDNUM") and is_mac(text):
                return surrogate_mac(rng, text)
            if label in ("ACCOUNT", "IDNUM", "MEDICALRECORD") and is_card_shape(text):
                return surrogate_card(rng, text)
            return format_preserving(rng, text, self.id_prefixes)
        if label == "EMAIL":
            return self._email(rng, text)
        if label == "URL":
            return surrogate_url(rng, text)
        if label == "IPADDR":
            return surrogate_ip(rng, text)
        if label == "USERNAME":
            return surrogate_username(rng, text)
        if label == "PROFESSION":
            return surrogate_profession(rng, text, context.before)
        if label in NAMED_PLACE_LABELS:
            return surrogate_named_place(rng, label, text, context.after)
        if label in _POOL_SAMPLERS:
            return surrogate_from_pool(rng, text, _POOL_SAMPLERS[label])
        raise SurrogateError("no surrogate strategy for this label")

    def _email(self, rng: random.Random, text: str) -> str:
        """An e-mail built from the surrogate name when the original holds a
        name of the note ("v.ostrowski@..." for Valeria Ostrowski becomes
        "r.bali@example.org" for her surrogate Rosa Bali), else a random one."""
        prefix = "mailto:" if text.lower().startswith("mailto:") else ""
        local = text[len(prefix) :].split("@", 1)[0]
        parts = re.split(r"([._\-+]|\d+)", local)
        mapped = other_word = False
        out: List[str] = []
        for part in parts:
            low = part.lower()
            if low in self.names.mapping:
                out.append(self.names.mapping[low].lower())
                mapped = True
            elif len(low) == 1 and low.isalpha() and low in self.names.initials:
                out.append(self.names.initials[low][0].lower())
            elif part.isdigit():
                out.append("".join(str(rng.randrange(10)) for _ in part))
            elif any(c.isalnum() for c in part):
                other_word = True  # a word that is no name of the note: could identify
            else:
                out.append(part)
        if not mapped or other_word:
            return surrogate_email(rng, text)
        value = prefix + "".join(out) + "@" + rng.choice(EXAMPLE_DOMAINS)
        return value.upper() if text.isupper() else value


_SPANISH_MAKERS: Dict[str, Callable[[random.Random, str], str]] = {
    "STREET": spanish.surrogate_street,
    "CITY": spanish.surrogate_city,
    "STATE": spanish.surrogate_city,
    "ZIP": spanish.surrogate_postcode,
    "COUNTRY": spanish.surrogate_country,
    "HOSPITAL": spanish.surrogate_institution,
    "ORGANIZATION": spanish.surrogate_institution,
    "DEPARTMENT": spanish.surrogate_institution,
    "LOCATION_OTHER": spanish.surrogate_institution,
    "PROFESSION": spanish.surrogate_profession,
}


def note_reference_date(
    text: str, spans: Sequence[Tuple[int, int, str]], lang: str = "en"
) -> Optional[dt.date]:
    """The note's own date: its first full DATE (year, month and day) that is
    not a birth date ("DOB 07/22/1958" is skipped); None without one.

    text (str): the note.
    spans (Sequence[Tuple[int, int, str]]): its spans, sorted.
    RETURNS (Optional[datetime.date]): the reference date.
    """
    for start, end, label in spans:
        birth_cue = _BIRTH_CUE_ES if lang == "es" else _BIRTH_CUE
        if label != "DATE" or birth_cue.search(text[max(0, start - 20) : start]):
            continue
        try:
            date = parse_date(text[start:end], lang).date
        except (UnparseableDateError, ValueError):
            continue
        if date is not None:
            return date
    return None
