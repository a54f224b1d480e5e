"""Person-name surrogates: name pools from Faker, shape-keeping rewriting and
within-document linking.

Pools are the first/last name lists of many Faker locales (varied origins:
romanized lists where Faker has them, e.g. zh_CN, ja_JP; Latin-script lists
folded to ASCII, "Kovács" -> "Kovacs"), plus the romanized lists of
`spacy_phi/data/romanized_names.json` for origins Faker lacks in Latin script
(Vietnamese, Korean, Arabic, Russian/Ukrainian, Haitian, Somali, Ethiopian,
South Asian, Persian, Hebrew). Pool entries are single ASCII words so the
output stays plain text; hyphenated entries ("Marie-Claude", "Ji-sung",
"Ben-David") are kept apart (`hyphenated_names`). An origin is drawn first,
then a name, so large locales do not dominate.

Sex: a given name keeps the sex of the original. `name_sex_lexicon` reads
the sex of every given name from the gendered lists of the same Faker
locales (plus the nickname list): "M", "F", or "U" (unknown: listed for both,
or in no gendered list). For a "U" name, a title ("Mr.", "Mrs."), a relation
word in front ("wife", "daughter") or the first pronoun after the name in its
sentence ("her", "his") decides; else any name is drawn. Surrogates of known
sex are drawn from names of that sex only (never an ambiguous one). A
nickname ("Bob", "Liz") becomes a nickname of the same sex.

Shape: titles, suffixes and particles ("van der", "de la") are kept as
written; each part of a hyphenated surname is replaced ("Farquharson-Obi" ->
"Ndiaye-Kowal"), a hyphenated given name as one name of one sex ("Eun-ji");
initials stay initials; case and word order are kept ("HESS, CLARENCE" stays
"SURNAME, GIVEN" in capitals).

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
import json
import random
import re
import string
from functools import lru_cache, partial
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from ..lexicon.faker_lists import fold_ascii, locale_name_lists
from . import spanish
from .casing import match_case
from .keys import keyed_rng, normalize_value

#: Faker locales whose names are used (romanized or Latin script, folded to ASCII).
NAME_LOCALES: Tuple[str, ...] = (
    "en_US", "es_MX", "fr_FR", "de_DE", "it_IT", "en_IN", "pt_BR", "yo_NG", "tr_TR", "nl_NL", "ga_IE",
    "zh_CN", "zh_TW", "ja_JP", "pl_PL", "cs_CZ", "hu_HU", "ro_RO", "hr_HR", "en_KE", "en_PK", "tw_GH",
    "ig_NG", "ha_NG", "id_ID", "sw", "en_IE", "es_CO", "en_GB", "pt_PT", "sk_SK", "lt_LT", "zu_ZA",
)
#: The data file of romanized names for origins Faker lacks in Latin script.
ROMANIZED_NAMES_FILE = Path(__file__).resolve().parent.parent / "data" / "romanized_names.json"
#: Given names and their short forms (sex, formal name -> nicknames).
NICKNAMES_FILE = Path(__file__).resolve().parent.parent / "data" / "nicknames.json"
#: Sex classes of a given name.
SEXES = ("M", "F", "U")
#: Surname particles: never pool words (the synthetic-note generator writes them, "van der Berg").
NAME_PARTICLES = frozenset("van der den de la le del della da di dos du von al el bin abu ibn".split())

TITLES = frozenset("mr mrs ms miss mx dr drs prof sr sra srta dra rev".split())
SUFFIXES = frozenset("jr sr ii iii iv md do rn np pa phd dds dmd facp facs mph pharmd".split())
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_ASCII_NAME = re.compile(r"^[A-Za-z]+$")


def _title(name: str) -> str:
    # Romanized lists in capitals ("CHIA-HAO") are written as names are ("Chia-Hao").
    return "-".join(p.capitalize() for p in name.split("-")) if name.isupper() and len(name) > 1 else name


def _clean_pool(names: Iterable[str], min_len: int) -> Tuple[str, ...]:
    folded = (_title(fold_ascii(n)) for n in names)
    return tuple(sorted({n for n in folded if _ASCII_NAME.match(n) and len(n) >= min_len
                         and n.lower() not in NAME_PARTICLES}))


@lru_cache(maxsize=None)
def romanized_names() -> Dict[str, Dict[str, Tuple[str, ...]]]:
    """The romanized name lists of the data file: {origin: {"first": ..., "last": ...}}."""
    with ROMANIZED_NAMES_FILE.open(encoding="utf8") as handle:
        data = json.load(handle)
    return {origin: {k: tuple(v) for k, v in lists.items()} for origin, lists in sorted(data["origins"].items())}


def _raw_lists() -> List[Tuple[List[str], List[str]]]:
    lists = [locale_name_lists(locale) for locale in NAME_LOCALES]
    lists.extend((list(v.get("first", ())), list(v.get("last", ()))) for v in romanized_names().values())
    return lists


@lru_cache(maxsize=None)
def name_pools() -> Tuple[Tuple[Tuple[str, ...], Tuple[str, ...]], ...]:
    """Per locale, (first names, last names), cleaned and sorted (sorted so a
    seed gives the same name whatever the dict order of the Faker version).

    RETURNS (tuple): one (first, last) pair per usable locale.
    """
    pools = []
    for raw_first, raw_last in _raw_lists():
        first = _clean_pool(raw_first, 2)
        last = _clean_pool(raw_last, 2)
        if len(first) >= 20 and len(last) >= 20:
            pools.append((first, last))
    if not pools:
        raise RuntimeError("No Faker name lists found; is faker installed?")
    return tuple(pools)


@lru_cache(maxsize=None)
def hyphenated_names() -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """Hyphenated given names and surnames of the same sources ("Marie-Claude",
    "Ji-Sung", "Jean-Baptiste", "Ben-David"), ASCII-folded and sorted; not in the
    pools (surrogates stay single words), used by the synthetic-note generator.

    RETURNS (Tuple[Tuple[str, ...], Tuple[str, ...]]): (given names, surnames).
    """
    hyphen = re.compile(r"^[A-Za-z]{2,}(?:-[A-Za-z]{2,})+$")
    first: Set[str] = set()
    last: Set[str] = set()
    for raw_first, raw_last in _raw_lists():
        first.update(n for n in (_title(fold_ascii(x)) for x in raw_first) if hyphen.match(n))
        last.update(n for n in (_title(fold_ascii(x)) for x in raw_last) if hyphen.match(n))
    return tuple(sorted(first)), tuple(sorted(last))


@lru_cache(maxsize=None)
def origin_surnames(origin: str) -> Tuple[str, ...]:
    """The cleaned surname list of one Faker locale ("nl_NL") or data-file origin
    ("arabic"), for names that need a fitting origin ("van der Berg", "Al-Haddad");
    empty if unknown.

    origin (str): a locale of NAME_LOCALES or an origin of the data file.
    RETURNS (Tuple[str, ...]): the surnames, sorted.
    """
    data = romanized_names()
    if origin in data:
        return _clean_pool(data[origin].get("last", ()), 2)
    return _clean_pool(locale_name_lists(origin)[1], 2)


@lru_cache(maxsize=None)
def apostrophe_surnames() -> Tuple[str, ...]:
    """Surnames with an apostrophe of the same sources ("O'Brien", "D'Arcy"),
    ASCII-folded and sorted; not in the pools, used by the synthetic-note generator."""
    shape = re.compile(r"^[A-Z]'[A-Z][a-z]{2,}$")
    found: Set[str] = set()
    for _, raw_last in _raw_lists():
        found.update(n for n in (fold_ascii(x).replace("’", "'") for x in raw_last) if shape.match(n))
    return tuple(sorted(found))


def _gendered_lists(locale: str) -> Tuple[List[str], List[str]]:
    """(male, female) raw given-name lists of a Faker locale (romanized where it has them)."""
    try:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    except ImportError:
        return [], []
    out: List[List[str]] = []
    for sex in ("male", "female"):
        value = getattr(provider, f"first_romanized_names_{sex}", None) or getattr(provider, f"first_names_{sex}", None)
        out.append(list(value.keys()) if isinstance(value, dict) else list(value or ()))
    return out[0], out[1]


@lru_cache(maxsize=None)
def nicknames() -> Dict[str, Dict[str, Tuple[str, ...]]]:
    """The shipped nickname list: {"M"/"F": {formal name: (nicknames, ...)}}."""
    with NICKNAMES_FILE.open(encoding="utf8") as handle:
        data = json.load(handle)
    return {sex: {formal: tuple(short) for formal, short in data[sex].items()} for sex in ("M", "F")}


@lru_cache(maxsize=None)
def name_sex_lexicon() -> Dict[str, str]:
    """The sex class of every given name of the pools' sources (keys lower
    case and ASCII-folded): "M" or "F" when listed for one sex only, "U" for both.

    RETURNS (Dict[str, str]): name -> "M", "F" or "U"; names in no gendered
        list are absent (unknown, like "U").
    """
    seen: Dict[str, Set[str]] = {}
    for locale in NAME_LOCALES:
        for sex, names in zip("MF", _gendered_lists(locale)):
            for name in names:
                seen.setdefault(fold_ascii(name).lower(), set()).add(sex)
    for sex, table in nicknames().items():
        for formal, short in table.items():
            for name in (formal, *short):
                seen.setdefault(name.lower(), set()).add(sex)
    return {name: (next(iter(sexes)) if len(sexes) == 1 else "U") for name, sexes in seen.items() if name}


def name_sex(name: str) -> str:
    """The sex class of a given name: "M", "F" or "U" (unknown or both).

    name (str): a given name, any case.
    RETURNS (str): the class.
    """
    lexicon = name_sex_lexicon()
    key = fold_ascii(name).lower()
    if key in lexicon or "-" not in key:
        return lexicon.get(key, "U")
    # "Jean-Paul", "Ji-hoon": the parts whose sex is known, when they agree.
    known = {lexicon.get(part, "U") for part in key.split("-")} - {"U"}
    return known.pop() if len(known) == 1 else "U"


@lru_cache(maxsize=None)
def gendered_pools() -> Dict[str, Tuple[Tuple[str, ...], ...]]:
    """Per sex, one pool of given names per locale, holding only names of that
    sex alone in the lexicon (never an ambiguous "Andrea"), so a surrogate's
    sex reads as the original's.

    RETURNS (Dict[str, Tuple[Tuple[str, ...], ...]]): {"M": pools, "F": pools}.
    """
    lexicon = name_sex_lexicon()
    out: Dict[str, List[Tuple[str, ...]]] = {"M": [], "F": []}
    for locale in NAME_LOCALES:
        for sex, names in zip("MF", _gendered_lists(locale)):
            pool = tuple(n for n in _clean_pool(names, 3) if lexicon.get(n.lower()) == sex)
            if len(pool) >= 10:
                out[sex].append(pool)
    return {sex: tuple(pools) for sex, pools in out.items()}


def sample_first_name(rng: random.Random, sex: str = "U") -> str:
    """A random given name of a random origin.

    rng (random.Random): the generator.
    sex (str): "M" or "F" for a name of that sex; "U": any name.
    RETURNS (str): the name, title case.
    """
    if sex in ("M", "F"):
        return rng.choice(rng.choice(gendered_pools()[sex]))
    return rng.choice(rng.choice(name_pools())[0])


def nickname_sex(name: str) -> Optional[str]:
    """"M"/"F" when the name is a nickname of the shipped list, else None."""
    low = name.lower()
    for sex, table in nicknames().items():
        if any(low in (n.lower() for n in short) for short in table.values()):
            return sex
    return None


def sample_nickname(rng: random.Random, sex: str, formal: Optional[str] = None) -> str:
    """A nickname: one of `formal`'s when the list has it, else any of that sex.

    rng (random.Random): the generator.
    sex (str): "M" or "F".
    formal (Optional[str]): the surrogate's formal given name, if known.
    RETURNS (str): the nickname.
    """
    table = nicknames()[sex if sex in ("M", "F") else rng.choice("MF")]
    if formal and formal in table:
        return rng.choice(table[formal])
    return rng.choice(rng.choice(sorted(table.values())))


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


_SEX_TITLES = {"mr": "M", "mister": "M", "sr": "M", "mrs": "F", "ms": "F", "miss": "F", "sra": "F", "srta": "F"}
_TITLE_BEFORE = re.compile(r"(?i)\b(mr|mister|mrs|ms|miss|sra|srta)\.?\s*$")
_RELATION_BEFORE = re.compile(
    r"(?i)\b(wife|husband|daughter|dtr|son|mother|mom|mum|father|dad|sister|brother|girlfriend|boyfriend|"
    r"aunt|uncle|niece|nephew|grandmother|grandfather|grandson|granddaughter|widow|widower|"
    r"stepmother|stepfather|stepson|stepdaughter)s?['’]?s?\b[\s,:(]*(?:name\s+is\s+|named\s+)?$"
)
_RELATION_SEX = {
    "wife": "F", "daughter": "F", "dtr": "F", "mother": "F", "mom": "F", "mum": "F", "sister": "F",
    "girlfriend": "F", "aunt": "F", "niece": "F", "grandmother": "F", "granddaughter": "F", "widow": "F",
    "stepmother": "F", "stepdaughter": "F",
    "husband": "M", "son": "M", "father": "M", "dad": "M", "brother": "M", "boyfriend": "M", "uncle": "M",
    "nephew": "M", "grandfather": "M", "grandson": "M", "widower": "M", "stepfather": "M", "stepson": "M",
}
_PRONOUN = re.compile(r"(?i)\b(he|him|his|himself|she|her|hers|herself)\b")
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)|\n\s*\n")


def sex_hint(before: str, text: str, after: str) -> Optional[str]:
    """The sex that a name's context gives: a title in or before the span
    ("Mr.", "Mrs."), else a relation word right before it ("wife", "her
    daughter, "), else the first pronoun after it in its sentence.

    before (str): text before the span. text (str): the span. after (str): text after it.
    RETURNS (Optional[str]): "M", "F" or None.
    """
    for m in _WORD.finditer(text):
        sex = _SEX_TITLES.get(m.group().lower())
        if sex:
            return sex
    title = _TITLE_BEFORE.search(before[-12:])
    if title:
        return _SEX_TITLES[title.group(1).lower()]
    relation = _RELATION_BEFORE.search(before[-40:])
    if relation:
        return _RELATION_SEX[relation.group(1).lower()]
    end = _SENTENCE_END.search(after)
    window = after[: end.start() if end else 60][:60]
    pronoun = _PRONOUN.search(window)
    if pronoun:
        return "M" if pronoun.group(1).lower() in ("he", "him", "his", "himself") else "F"
    return None


def titled_before(before: str) -> bool:
    """A title right before a span ("Dr. ", "Mrs "): a lone name after it is a surname."""
    return bool(re.search(r"(?i)\b(?:mr|mrs|ms|miss|mx|dr|drs|prof|rev|sr|sra|srta|dra)\.?\s*$", before[-12:]))


def _name_words(text: str, spanish: bool = False) -> List[Tuple[int, int, str]]:
    """The words of a name span with their roles: "title", "suffix",
    "particle", "initial", "first", "last" (lone words get "lone", resolved
    by the linker). The parts of a hyphenated name share one role. Spanish
    names (`spanish`) of three or more words end in two surnames ("Ernesto
    Rivera Bueno")."""
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    comma = text.find(",")
    norms = [normalize_value(text[s:e]) for s, e in words]
    core = [i for i, n in enumerate(norms) if n not in TITLES | SUFFIXES or words[i][1] - words[i][0] == 1]
    # A particle needs a name after it ("van der Berg"); a lone "Van" is a name.
    particles = {i for i in core if norms[i] in NAME_PARTICLES and any(j > i and norms[j] not in NAME_PARTICLES for j in core)}
    full = [i for i in core if i not in particles and words[i][1] - words[i][0] > 1]
    # Hyphen groups: "Farquharson-Obi" is one unit of two words.
    unit: Dict[int, int] = {}
    for k, i in enumerate(full):
        prev = full[k - 1] if k else None
        joined = prev is not None and text[words[prev][1] : words[i][0]] == "-"
        unit[i] = unit[prev] if joined and prev is not None else i
    units = sorted(set(unit.values()))
    first_particle = min(particles) if particles else None
    out: List[Tuple[int, int, str]] = []
    for i, (s, e) in enumerate(words):
        if i not in core:
            role = "title" if norms[i] in TITLES else "suffix"
        elif i in particles:
            role = "particle"
        elif e - s == 1:
            role = "initial"
        elif comma >= 0 and any(words[c][0] < comma for c in core):
            role = "last" if s < comma else "first"
        elif len(units) == 1:
            role = "lone"
        elif first_particle is not None and i > first_particle:
            role = "last"
        else:
            surnames = units[-2:] if spanish and len(units) >= 3 else units[-1:]
            role = "last" if unit[i] in surnames else "first"
        out.append((s, e, role))
    return _join_hyphenated_given(text, out)


def _join_hyphenated_given(text: str, words: List[Tuple[int, int, str]]) -> List[Tuple[int, int, str]]:
    """A hyphenated given name ("Eun-ji", "Jean-Paul") is one word: it is one
    person's name and has one sex, while its parts are shared by other people
    ("Ji-hoon", "Eun-ji"). Hyphenated surnames stay in parts, so "Park" alone
    still links to "Park-Thompson"."""
    out: List[Tuple[int, int, str]] = []
    for s, e, role in words:
        if out and role in ("first", "lone") and out[-1][2] == role and text[out[-1][1] : s] == "-":
            out[-1] = (out[-1][0], e, role)
        else:
            out.append((s, e, role))
    return out


class NameLinker:
    """Within-document state for person names (PATIENT and DOCTOR share it, so
    a patient and a doctor never get the same surrogate).

    secret (bytes): the HMAC secret.
    key (str): the patient/record key of the document.
    lang (str): "en" (names of many origins, ASCII) or "es" (Spanish names
        with their accents, `spanish.py`).
    """

    def __init__(self, secret: bytes, key: str, lang: str = "en") -> None:
        self.secret = secret
        self.key = key
        self.lang = lang
        self.roles: Dict[str, str] = {}  # normalized word -> "first" / "last"
        self.mapping: Dict[str, str] = {}  # normalized word -> surrogate word
        self.used: Set[str] = set()  # lower-cased surrogate words in use
        self.initials: Dict[str, str] = {}  # original initial -> surrogate first name
        self.sex: Dict[str, str] = {}  # normalized given name -> "M" / "F" / "U"

    def learn(
        self,
        texts: Sequence[str],
        hints: Optional[Sequence[Optional[str]]] = None,
        titled: Optional[Sequence[bool]] = None,
    ) -> None:
        """Pre-pass over all name spans of the document: learn the role of
        each word from multi-word spans, so lone words are read the same way,
        and the sex of each given name.

        texts (Sequence[str]): the name span texts.
        hints (Optional[Sequence[Optional[str]]]): per span, the sex its
            context gives (`sex_hint`), or None.
        titled (Optional[Sequence[bool]]): per span, whether a title stands
            right before it (a lone name after "Dr." is a surname).
        """
        texts = list(texts)
        hints = list(hints) if hints is not None else [None] * len(texts)
        titled = list(titled) if titled is not None else [False] * len(texts)
        word_hints: Dict[str, List[str]] = {}
        partners: Dict[str, Set[str]] = {}  # given name -> surnames it was written with
        for text, hint, after_title in zip(texts, hints, titled):
            words = _name_words(text, self.lang == "es")
            given = [normalize_value(text[s:e]) for s, e, r in words if r == "first"]
            for s, e, role in words:
                norm = normalize_value(text[s:e])
                if role in ("first", "last"):
                    self.roles.setdefault(norm, role)
                if role == "last":
                    for g in given:
                        partners.setdefault(g, set()).add(norm)
                if hint and role in ("first", "last", "lone"):
                    word_hints.setdefault(norm, []).append(hint)
        for text, after_title in zip(texts, titled):
            for s, e, role in _name_words(text, self.lang == "es"):
                norm = normalize_value(text[s:e])
                # A lone given name ("Wife Mariela", "referring Leontyne") is a
                # given name unless a title makes it a surname ("Mrs. Kowalczyk").
                if role == "lone" and norm not in self.roles and not after_title and name_sex(norm) in ("M", "F"):
                    self.roles[norm] = "first"
        for norm, role in list(self.roles.items()):
            if role == "first":
                self.sex[norm] = self._resolve_sex(norm, word_hints, partners)
        for text in texts:
            for s, e, role in _name_words(text, self.lang == "es"):
                if role in ("first", "last", "lone"):
                    self._word(text[s:e], role)

    def _resolve_sex(self, norm: str, word_hints: Dict[str, List[str]], partners: Dict[str, Set[str]]) -> str:
        known = name_sex(norm)
        if known != "U":
            return known
        # The name's own contexts first; the contexts of its surname only when
        # it has none (a family shares a surname, not a sex).
        hints = list(word_hints.get(norm, ()))
        if not hints:
            for surname in sorted(partners.get(norm, ())):
                hints.extend(word_hints.get(surname, ()))
        male, female = hints.count("M"), hints.count("F")
        return "M" if male > female else "F" if female > male else "U"

    def _word(self, word: str, role: str) -> str:
        norm = normalize_value(word)
        if norm in self.mapping:
            return self.mapping[norm]
        if "-" in word:
            return self._hyphenated(word, role)
        if role == "lone":
            role = self.roles.get(norm, "last")
        self.roles.setdefault(norm, role)
        rng = keyed_rng(self.secret, self.key, "NAME", role, norm)
        if role == "first" and self.lang == "es":
            sex = self.sex.get(norm, "U")
            sex = sex if sex in ("M", "F") else spanish.spanish_name_sex(word)
            sampler = partial(spanish.sample_given_name, sex=sex)
        elif role == "first":
            sex = self.sex.get(norm) or name_sex(norm)
            short = nickname_sex(norm)
            if short is not None:
                # A nickname becomes a nickname ("Bob" -> "Bill"), of the same sex.
                sex = short if sex == "U" else sex
                sampler = partial(sample_nickname, sex=sex)
            else:
                sampler = partial(sample_first_name, sex=sex)
        else:
            sampler = spanish.sample_surname if self.lang == "es" else sample_last_name
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

    def _hyphenated(self, word: str, role: str) -> str:
        """A hyphenated name word: a given name gets parts of its one sex;
        a lone one made of known surnames gets their surrogates."""
        norm = normalize_value(word)
        parts = word.split("-")
        if role == "lone":
            role = self.roles.get(norm) or ("last" if all(normalize_value(p) in self.mapping for p in parts) else "first")
        if role == "last":
            value = "-".join(match_case(p, self._word(p, "last")) for p in parts)
        else:
            sex = self.sex.get(norm) or name_sex(norm)
            rng = keyed_rng(self.secret, self.key, "NAME", "first-hyphenated", norm)
            drawn: List[str] = []
            first = partial(spanish.sample_given_name, sex=sex) if self.lang == "es" else partial(sample_first_name, sex=sex)
            for part in parts:
                name = first(rng)
                while name.lower() in self.used or name.lower() == normalize_value(part):
                    name = first(rng)
                drawn.append(match_case(part, name))
            value = "-".join(drawn)
            self.initials.setdefault(norm[0], value)
        self.roles.setdefault(norm, role)
        self.mapping[norm] = value
        self.used.add(value.lower())
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
        for s, e, role in _name_words(text, self.lang == "es"):
            parts.append(_scrub_digits(text[pos:s], self, text))
            word = text[s:e]
            if role in ("title", "suffix", "particle"):
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
