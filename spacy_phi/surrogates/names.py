"""Person-name surrogates: name pools from Faker, shape-keeping rewriting and
within-document linking.

Pools are the first/last name lists of several Faker locales (varied origins),
kept to ASCII letters so the output stays plain text. A locale is drawn first,
then a name, so large locales do not dominate.

Linking: every name word ("Smith", "John") is mapped to one surrogate word per
document, whatever span it occurs in, so "John Smith", "Mr. Smith" and
"SMITH, JOHN" all become the same person. Different original words always get
different surrogate words within a document, so two different people never get
the same surrogate. Roles: in "LAST, FIRST" the words before the comma are the
last name; otherwise the last word is the last name and the others are given
names; a lone word takes the role it has elsewhere in the document, else
"last" (a lone name after a title is usually a surname).
"""

from __future__ import annotations

import importlib
import random
import re
import string
from functools import lru_cache
from typing import Dict, Iterable, List, Set, Tuple

from .casing import match_case
from .keys import keyed_rng, normalize_value

#: Faker locales whose names are used (Latin script).
NAME_LOCALES: Tuple[str, ...] = (
    "en_US", "es_MX", "fr_FR", "de_DE", "it_IT", "en_IN", "pt_BR", "yo_NG", "tr_TR", "nl_NL", "ga_IE",
)

TITLES = frozenset("mr mrs ms miss mx dr drs prof sr sra srta dra rev".split())
SUFFIXES = frozenset("jr sr ii iii iv md do rn np pa phd dds dmd facp facs mph pharmd".split())
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_ASCII_NAME = re.compile(r"^[A-Za-z]+$")


def _clean_pool(names: Iterable[str], min_len: int) -> Tuple[str, ...]:
    return tuple(sorted({n for n in names if _ASCII_NAME.match(n) and len(n) >= min_len}))


@lru_cache(maxsize=None)
def name_pools() -> Tuple[Tuple[Tuple[str, ...], Tuple[str, ...]], ...]:
    """Per locale, (first names, last names), cleaned and sorted (sorted so a
    seed gives the same name whatever the dict order of the Faker version).

    RETURNS (tuple): one (first, last) pair per usable locale.
    """
    pools = []
    for locale in NAME_LOCALES:
        try:
            provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except ImportError:  # a locale dropped by a future Faker release
            continue
        first = _clean_pool(getattr(provider, "first_names", ()) or (), 2)
        last = _clean_pool(getattr(provider, "last_names", ()) or (), 3)
        if len(first) >= 20 and len(last) >= 20:
            pools.append((first, last))
    if not pools:
        raise RuntimeError("No Faker name lists found; is faker installed?")
    return tuple(pools)


def sample_first_name(rng: random.Random) -> str:
    """A random given name of a random origin.

    rng (random.Random): the generator.
    RETURNS (str): the name, title case.
    """
    return rng.choice(rng.choice(name_pools())[0])


def sample_last_name(rng: random.Random) -> str:
    """A random surname of a random origin.

    rng (random.Random): the generator.
    RETURNS (str): the name, title case.
    """
    return rng.choice(rng.choice(name_pools())[1])


def sample_name(rng: random.Random, style: str = "first_last") -> str:
    """A random full name in a given style (for synthetic notes).

    rng (random.Random): the generator.
    style (str): "first_last" ("John Smith"), "last_first" ("Smith, John"),
        "initial_last" ("J. Smith"), "last" ("Smith"), "upper_last_first"
        ("SMITH, JOHN").
    RETURNS (str): the name.
    """
    pools = name_pools()
    first_pool, last_pool = rng.choice(pools)
    first, last = rng.choice(first_pool), rng.choice(last_pool)
    if style == "first_last":
        return f"{first} {last}"
    if style == "last_first":
        return f"{last}, {first}"
    if style == "initial_last":
        return f"{first[0]}. {last}"
    if style == "last":
        return last
    if style == "upper_last_first":
        return f"{last}, {first}".upper()
    raise ValueError(f"Unknown name style {style!r}")


def _name_words(text: str) -> List[Tuple[int, int, str]]:
    """The words of a name span with their roles: "title", "suffix", "initial",
    "first", "last" (lone words get "lone", resolved by the linker)."""
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    comma = text.find(",")
    core = [(s, e) for s, e in words if normalize_value(text[s:e]) not in TITLES | SUFFIXES or e - s == 1]
    out: List[Tuple[int, int, str]] = []
    for s, e in words:
        norm = normalize_value(text[s:e])
        if (s, e) not in core:
            out.append((s, e, "title" if norm in TITLES else "suffix"))
        elif e - s == 1:
            out.append((s, e, "initial"))
        elif comma >= 0 and any(cs < comma for cs, _ in core):
            out.append((s, e, "last" if s < comma else "first"))
        else:
            full = [(cs, ce) for cs, ce in core if ce - cs > 1]
            if len(full) == 1:
                out.append((s, e, "lone"))
            else:
                out.append((s, e, "last" if (s, e) == full[-1] else "first"))
    return out


class NameLinker:
    """Within-document state for person names (PATIENT and DOCTOR share it, so
    a patient and a doctor never get the same surrogate).

    secret (bytes): the HMAC secret.
    key (str): the patient/record key of the document.
    """

    def __init__(self, secret: bytes, key: str) -> None:
        self.secret = secret
        self.key = key
        self.roles: Dict[str, str] = {}  # normalized word -> "first" / "last"
        self.mapping: Dict[str, str] = {}  # normalized word -> surrogate word
        self.used: Set[str] = set()  # lower-cased surrogate words in use
        self.initials: Dict[str, str] = {}  # original initial -> surrogate first name

    def learn(self, texts: Iterable[str]) -> None:
        """Pre-pass over all name spans of the document: learn the role of
        each word from multi-word spans, so lone words are read the same way.

        texts (Iterable[str]): the name span texts.
        """
        for text in texts:
            for s, e, role in _name_words(text):
                if role in ("first", "last"):
                    self.roles.setdefault(normalize_value(text[s:e]), role)
        for text in texts:
            for s, e, role in _name_words(text):
                if role in ("first", "last", "lone"):
                    self._word(text[s:e], role)

    def _word(self, word: str, role: str) -> str:
        norm = normalize_value(word)
        if norm in self.mapping:
            return self.mapping[norm]
        if role == "lone":
            role = self.roles.get(norm, "last")
        self.roles.setdefault(norm, role)
        rng = keyed_rng(self.secret, self.key, "NAME", role, norm)
        sampler = sample_first_name if role == "first" else sample_last_name
        value = sampler(rng)
        # Redraw on a clash with another person's word or with the original
        # itself; the draw sequence is still keyed, so it is deterministic.
        for _ in range(200):
            low = value.lower()
            if low not in self.used and low != norm and norm not in low:
                break
            value = sampler(rng)
        else:
            value = value + "".join(rng.choice(string.ascii_lowercase) for _ in range(3))
        self.mapping[norm] = value
        self.used.add(value.lower())
        if role == "first":
            self.initials.setdefault(norm[0], value)
        return value

    def _initial(self, letter: str) -> str:
        low = letter.lower()
        if low in self.initials:
            return self.initials[low][0]
        rng = keyed_rng(self.secret, self.key, "NAME", "initial", low)
        choices = [c for c in string.ascii_uppercase if c.lower() != low]
        return rng.choice(choices)

    def rewrite(self, text: str) -> str:
        """The surrogate of one name span, keeping its shape: word order,
        punctuation, initials, titles and case.

        text (str): the original name span.
        RETURNS (str): the surrogate.
        """
        parts: List[str] = []
        pos = 0
        for s, e, role in _name_words(text):
            parts.append(_scrub_digits(text[pos:s], self, text))
            word = text[s:e]
            if role in ("title", "suffix"):
                parts.append(word)
            elif role == "initial":
                parts.append(match_case(word, self._initial(word)))
            else:
                parts.append(match_case(word, self._word(word, role)))
            pos = e
        parts.append(_scrub_digits(text[pos:], self, text))
        return "".join(parts)


def _scrub_digits(chunk: str, linker: NameLinker, text: str) -> str:
    # Digits inside a name span are identifying too: never pass them through.
    if not any(c.isdigit() for c in chunk):
        return chunk
    rng = keyed_rng(linker.secret, linker.key, "NAME", "digits", normalize_value(text))
    return "".join(str(rng.randrange(10)) if c.isdigit() else c for c in chunk)


def surrogate_username(rng: random.Random, original: str) -> str:
    """A username built from a random name, keeping the original's separator,
    trailing digit count and case style ("jsmith2" -> "kgarcia7").

    rng (random.Random): the keyed generator.
    original (str): the original username.
    RETURNS (str): the surrogate.
    """
    digits = sum(c.isdigit() for c in original)
    sep = next((c for c in original if c in "._-"), "")
    first, last = sample_first_name(rng).lower(), sample_last_name(rng).lower()
    letters = sum(c.isalpha() for c in original)
    base = f"{first}{sep}{last}" if sep else f"{first[0]}{last}"
    if letters and letters <= 3:
        base = first[0] + last[:2]
    value = base + "".join(str(rng.randrange(10)) for _ in range(digits))
    return match_case(original, value)
