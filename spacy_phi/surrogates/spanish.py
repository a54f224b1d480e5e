"""Spanish surrogates (`SurrogateGenerator(lang="es")`, the `es_phi_deid` pipeline).

Pools come from Faker's es_ES locale (MIT; Faker is already a dependency of
spacy_phi): given names by sex (1,000 or so), surnames (1,085), the 52
provinces (also the city pool: Faker's es_ES city format is the province name,
and each is the name of its capital but for a few), the street types, the
countries written in Spanish and the job titles. Accents are kept ("Pérez").

- names: as in English (`NameLinker`), drawn from these pools; the sex of a
  given name comes from Faker's es_ES gendered lists (a name in both lists, or
  in neither, is of unknown sex and gets a name of any sex);
- STREET: the street type written first is kept ("Calle", "C/", "Avda.",
  "Paseo de la"), the name words become a Spanish given name and surname, every
  digit is redrawn (house number, floor, "2º B" stays "7º B");
- CITY and STATE: a province (capital) other than the original;
- ZIP: a Spanish postcode (province 01-52, then three digits);
- COUNTRY: a country written in Spanish;
- HOSPITAL, ORGANIZATION, DEPARTMENT, LOCATION_OTHER: the type words are kept
  ("Hospital Universitario", "Centro de Salud", "Servicio de"), every other
  capitalised word becomes a surname or a province;
- PROFESSION: a Faker es_ES job title in the case of the original.
"""

from __future__ import annotations

import importlib
import random
import re
import unicodedata
from functools import lru_cache
from typing import Dict, List, Tuple

from ..lexicon.faker_lists import spanish_countries as countries
from ..lexicon.faker_lists import spanish_provinces as provinces
from .casing import match_case

#: Street types kept as written (lower case, with their abbreviations).
STREET_TYPES = (
    "calle", "c/", "c.", "cl", "cl.", "avenida", "avda.", "avda", "av.", "av", "paseo", "pº", "pº.",
    "plaza", "pza.", "pza", "pl.", "carretera", "ctra.", "ctra", "travesía", "travesia", "camino",
    "ronda", "rambla", "glorieta", "urbanización", "urb.", "vía", "via", "callejón", "calleja",
    "cuesta", "costanilla", "bulevar", "pasaje", "barrio", "polígono", "carrer", "rúa", "rua",
)
#: Words of an institution name that are no proper name (kept as written).
INSTITUTION_WORDS = frozenset(
    """hospital hospitalario hospitalaria universitario universitaria clínico clínica clinico clinica
    general centro salud complejo fundación fundacion instituto servicio servicios unidad área area
    sanitario sanitaria consorcio residencia comarcal provincial regional nacional infantil materno
    materno-infantil de del la las los el y e en centro médico medico policlínica sección seccion
    departamento laboratorio laboratorios facultad medicina universidad escuela mutua sociedad
    española español asociación asociacion ambulatorio consultorio atención atencion primaria
    especialidades quirúrgico quirurgico grupo red""".split()
)
_PARTICLES = frozenset({"de", "del", "la", "las", "los", "el", "y", "e"})
_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")


def _provider(kind: str):
    return importlib.import_module(f"faker.providers.{kind}.es_ES").Provider


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")


@lru_cache(maxsize=None)
def given_names() -> Dict[str, Tuple[str, ...]]:
    """{"M": male names, "F": female names}, es_ES, sorted, single words only."""
    person = _provider("person")
    return {
        "M": tuple(sorted({n for n in person.first_names_male if " " not in n})),
        "F": tuple(sorted({n for n in person.first_names_female if " " not in n})),
    }


@lru_cache(maxsize=None)
def surnames() -> Tuple[str, ...]:
    """es_ES surnames, sorted."""
    return tuple(sorted({n for n in _provider("person").last_names if " " not in n}))


@lru_cache(maxsize=None)
def _sex_lexicon() -> Dict[str, str]:
    names = given_names()
    male, female = {_fold(n) for n in names["M"]}, {_fold(n) for n in names["F"]}
    lexicon = {n: "M" for n in male - female}
    lexicon.update({n: "F" for n in female - male})
    return lexicon


def spanish_name_sex(name: str) -> str:
    """"M" or "F" for a given name of only one sex in the es_ES lists, else "U"."""
    return _sex_lexicon().get(_fold(name), "U")


def sample_given_name(rng: random.Random, sex: str = "U") -> str:
    """A Spanish given name of the sex ("M", "F"; "U": either)."""
    names = given_names()
    pool = names[sex] if sex in ("M", "F") else names[rng.choice("MF")]
    return rng.choice(pool)


def sample_surname(rng: random.Random) -> str:
    """A Spanish surname."""
    return rng.choice(surnames())


@lru_cache(maxsize=None)
def regions() -> Tuple[str, ...]:
    """The autonomous communities (Faker es_ES `regions`), sorted."""
    return tuple(sorted(_provider("address").regions))


@lru_cache(maxsize=None)
def jobs() -> Tuple[str, ...]:
    """Job titles in Spanish (Faker es_ES)."""
    return tuple(sorted(_provider("job").jobs))


def _other(rng: random.Random, pool: Tuple[str, ...], original: str) -> str:
    folded = _fold(original.strip())
    for _ in range(50):
        value = rng.choice(pool)
        if _fold(value) != folded:
            return value
    return value


def _redraw_digits(rng: random.Random, text: str) -> str:
    """Every digit redrawn; a number keeps its length and never starts with 0
    unless the original did."""
    out: List[str] = []
    for i, char in enumerate(text):
        if char.isdigit():
            first = i == 0 or not text[i - 1].isdigit()
            low = 1 if first and char != "0" else 0
            out.append(str(rng.randint(low, 9)))
        else:
            out.append(char)
    return "".join(out)


def surrogate_city(rng: random.Random, text: str) -> str:
    """A province capital other than the original, in its case."""
    return match_case(text, _other(rng, provinces(), text))


def surrogate_country(rng: random.Random, text: str) -> str:
    """A country written in Spanish, other than the original."""
    return match_case(text, _other(rng, countries(), text))


def surrogate_postcode(rng: random.Random, text: str) -> str:
    """A Spanish postcode for a five-digit original, else every digit redrawn."""
    digits = re.sub(r"\D", "", text)
    if len(digits) != 5:
        return _redraw_digits(rng, text)
    for _ in range(50):
        value = f"{rng.randint(1, 52):02d}{rng.randint(0, 999):03d}"
        if value != digits:
            break
    it = iter(value)
    return "".join(next(it) if c.isdigit() else c for c in text)


def surrogate_street(rng: random.Random, text: str) -> str:
    """A street: its type words kept, its name words a Spanish name, digits redrawn."""
    words = list(_WORD.finditer(text))
    first_digit = next((i for i, c in enumerate(text) if c.isdigit()), len(text))
    # the type: the first word (or "C/") when it is a street type, then particles
    pos = 0
    lead = re.match(r"\s*(\S+)\s*", text)
    if lead and lead.group(1).lower() in STREET_TYPES:
        pos = lead.end()
    name_words = [w for w in words if pos <= w.start() < first_digit and w.group().lower() not in _PARTICLES]
    if not name_words:
        return _redraw_digits(rng, text)
    start, end = name_words[0].start(), name_words[-1].end()
    if len(name_words) == 1:
        new_name = sample_surname(rng)
    else:
        new_name = f"{sample_given_name(rng)} {sample_surname(rng)}"
    new_name = match_case(text[start:end], new_name)
    return text[:start] + new_name + _redraw_digits(rng, text[end:])


def surrogate_institution(rng: random.Random, text: str) -> str:
    """An institution: type words kept, other capitalised words replaced by a
    surname or (after "de"/"del") a province; digits redrawn."""
    out: List[str] = []
    last = 0
    replaced = False
    for match in _WORD.finditer(text):
        word = match.group()
        out.append(_redraw_digits(rng, text[last:match.start()]))
        if _fold(word) in {_fold(w) for w in INSTITUTION_WORDS} or not word[:1].isupper():
            out.append(word)
        else:
            before = text[:match.start()].rstrip().lower()
            pool = provinces() if before.endswith((" de", " del")) else surnames()
            out.append(match_case(word, _other(rng, pool, word)))
            replaced = True
        last = match.end()
    out.append(_redraw_digits(rng, text[last:]))
    value = "".join(out)
    if not replaced:
        # only type words ("Hospital General"): add a place, never keep it as is
        value = f"{value} de {rng.choice(provinces())}"
    return value


def surrogate_profession(rng: random.Random, text: str) -> str:
    """A Spanish job title in the case of the original."""
    value = _other(rng, jobs(), text)
    return match_case(text, value if text[:1].isupper() else value.lower())
