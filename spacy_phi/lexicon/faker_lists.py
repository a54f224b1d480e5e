"""Name and place lists read from Faker's providers (MIT): what the detectors
need to recognise names and places and the surrogate generators need to draw
them, so both read them from here.

- `locale_name_lists`: given names and surnames of a Faker person locale,
  romanized where Faker has them; `fold_ascii` writes a name without its
  diacritics;
- `spanish_provinces`, `spanish_countries`: Spain's provinces and countries
  written in Spanish (Faker es_ES).
"""

from __future__ import annotations

import importlib
import unicodedata
from functools import lru_cache
from typing import List, Tuple

# Letters NFKD does not decompose to ASCII.
_FOLD = str.maketrans({"ı": "i", "İ": "I", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
                       "ß": "ss", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ð": "d", "þ": "th"})


def fold_ascii(name: str) -> str:
    """A name with its diacritics removed ("Kovács" -> "Kovacs", "Yılmaz" -> "Yilmaz")."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).encode("ascii", "ignore").decode("ascii")


def locale_name_lists(locale: str, gendered: bool = False) -> Tuple[List[str], List[str]]:
    """(first, last) raw name lists of a Faker locale (romanized where Faker has them).

    locale (str): a Faker person-provider locale ("pl_PL").
    gendered (bool): also the male/female given-name lists, which some locales
        fill beyond their `first_names` (for exhaustive name sets, not the pools).
    RETURNS (Tuple[List[str], List[str]]): given names and surnames, as Faker
        writes them (not folded); empty for a locale Faker lacks.
    """
    try:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    except ImportError:  # a locale dropped by a future Faker release
        return [], []

    def names(*attributes: str) -> List[str]:
        out: List[str] = []
        for attribute in attributes:
            value = getattr(provider, attribute, None) or ()
            if isinstance(value, dict):
                out.extend(value.keys())
            elif isinstance(value, (list, tuple)):  # some locales define these as properties
                out.extend(value)
        return out

    first = names("first_romanized_names") or names("first_names")
    if gendered:
        first += names("first_names_male", "first_names_female",
                       "first_romanized_names_male", "first_romanized_names_female")
    last = names("last_romanized_names") or names("last_names")
    if len(set(last)) < 20:  # pl_PL keeps its surnames in gendered lists
        last = last + names("unisex_last_names", "male_last_names", "last_names_male", "last_names_female")
    return first, last


def _spanish_provider(kind: str):
    return importlib.import_module(f"faker.providers.{kind}.es_ES").Provider


@lru_cache(maxsize=None)
def spanish_provinces() -> Tuple[str, ...]:
    """The 52 provinces (Faker es_ES `states`), sorted."""
    return tuple(sorted(_spanish_provider("address").states))


@lru_cache(maxsize=None)
def spanish_countries() -> Tuple[str, ...]:
    """Countries written in Spanish (Faker es_ES), without commas or brackets."""
    return tuple(sorted(c for c in _spanish_provider("address").countries if "," not in c and "(" not in c))
