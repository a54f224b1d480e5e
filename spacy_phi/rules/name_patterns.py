"""Built-in token patterns of `phi_rules`: given names written in lower case,
alone or with a family name; and the name lists behind the capitalised
full-name regex rule (`capitalised_full_name`, `is_given_and_family_name`).

Dictated and transcribed text (doctor–patient dialogues, terse nursing notes)
writes names in lower case: "hi , gregory", "my daughter julie". A tagger
trained on clinical notes misses many of them. In the ACI-BENCH training part
and the realistic dev notes, a lower-case word that is a given name of Faker's
en_US lists (4+ letters) was PHI 223 times and an ordinary word 27 times
("summer", "drew", "frank", "dawn"); the names that are also English words are
left out here. The pattern has priority 1, so a label the tagger or a context
rule gives the same words wins in `phi_merge` ("doctor gregory" stays DOCTOR).

Right after a greeting ("nice to see you jack i know") the English words among
the names count too: `greeted_given_names` is the list the `given_name_greeted`
regex rule checks its word against.

Both lists also take the 1990 US Census given names that are no English or
Spanish word, place, or word the training notes use as no name
(`census_given_names`, shipped in `spacy_phi/data`): "bernadette", "tamika".
The checks of the speech rules that name a person from context ("my wife ,
may ,", "efrain chavez is a forty four year old") are here too.
"""

from __future__ import annotations

import pkgutil
import re
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, Iterable, List

from ..lexicon.common_words import FUNCTION_WORDS, SPOKEN_WORDS, name_like_words, person_names
from ..lexicon.faker_lists import fold_ascii, locale_name_lists
from ..lexicon.person_words import NOT_NAME_AFTER_RELATIVE
from ..lexicon.vocabulary import default_vocabulary
from ..lexicon.word_usage import written_as_name, written_in_lower_case

PATTERN_ID = "lowercase_given_name"
FULL_NAME_PATTERN_ID = "lowercase_given_and_family_name"
#: Shortest given name matched: "ana", "lou", "eve" read as words too often.
MIN_LENGTH = 4
#: Given names of the lists that are also English words (or months, drugs,
#: places) and so never matched in lower case.
NAME_WORDS = frozenset(
    """
    will may june april august summer autumn winter spring dawn drew frank diamond grace faith hope joy
    mark bill grant rose ruby pearl amber crystal ivy holly lily daisy violet iris sandy rusty chase hunter
    mason carter cooper tanner miles lane dale glen glenn wade guy max art ray sky storm rich young king
    skye brook brooke river forest reed heath jade misty star angel bunny candy cherry ginger honey penny
    sugar sunny melody harmony destiny journey justice noble major royal prince earl duke sterling price
    bishop cash christian norman french german english jordan carol carl gene jean jack jackie pat patty
    rob robin bobby buddy sonny lucky chance gray grey brown black white green golden silver rocky
    stormy autumn precious cliff clay dusty marsh page paige terry teddy tony trace tracy wendy willow
    stone rocky charity patience mercy honor hazel olive basil sage rosemary jasmine poppy fern heather
    laurel myrtle clementine marina coral ocean rain raven dove wren hawk eagle colt buck fox wolf bear
    deacon pastor parson judge jury abbey bliss blaze cloud dell dean dean drake ellis frost haven
    haley hollis lake land lincoln ford dodge mercedes porsche kia
    """.split()
)


def _matchable(names: Iterable[str], also_excluded: Callable[[str], bool]) -> FrozenSet[str]:
    """The names, lower case, that the patterns may match: letters only, at
    least MIN_LENGTH long, no English word of NAME_WORDS, no medical word or
    drug, and not `also_excluded`."""
    vocabulary = default_vocabulary()
    matchable = set()
    for name in names:
        word = name.lower()
        if (
            word.isalpha()
            and len(word) >= MIN_LENGTH
            and word not in NAME_WORDS
            and not vocabulary.is_always_medical(word)
            and not vocabulary.is_drug(word)
            and not also_excluded(word)
        ):
            matchable.add(word)
    return frozenset(matchable)


@lru_cache(maxsize=1)
def census_given_names() -> FrozenSet[str]:
    """Given names of the 1990 US Census name files (lower case, shipped in
    `spacy_phi/data`) that are no ordinary English word, name-like word,
    function word or word of speech: "bernadette", "tamika", "marcy" (Faker's
    en_US list has 690 names and lacks them), not "sunday", "love", "pat"."""
    data = pkgutil.get_data("spacy_phi", "data/census_1990_given_names.txt")
    if data is None:  # pragma: no cover - the file ships with the package
        return frozenset()
    vocabulary = default_vocabulary()
    name_like = name_like_words()
    return frozenset(
        word
        for word in data.decode("utf-8").split()
        if word.isalpha()
        and word not in name_like
        and word not in FUNCTION_WORDS
        and word not in SPOKEN_WORDS
        and not vocabulary.is_common_word(word)
    )


@lru_cache(maxsize=1)
def _en_us_given_names() -> FrozenSet[str]:
    """Faker's en_US given names and the census names that are no English word."""
    first, _ = locale_name_lists("en_US", gendered=True)
    return _matchable(list(first) + sorted(census_given_names()), lambda word: False)


@lru_cache(maxsize=1)
def _en_us_family_names() -> FrozenSet[str]:
    """Faker's en_US family names, English words among them ("smith", "baker")."""
    _, last = locale_name_lists("en_US", gendered=True)
    return _matchable(last, lambda word: False)


@lru_cache(maxsize=1)
def lowercase_given_names() -> FrozenSet[str]:
    """The given names the pattern matches (lower case): `_en_us_given_names` but
    the lower-case shorthand of nursing notes ("sinus brady"; capitalised, "Brady
    Kuehl" is still a name)."""
    vocabulary = default_vocabulary()
    return frozenset(word for word in _en_us_given_names() if not vocabulary.is_lower_case_shorthand(word))


@lru_cache(maxsize=1)
def lowercase_family_names() -> FrozenSet[str]:
    """Family names of Faker's en_US list that are no English, medical or drug
    word ("gutierrez", "sanchez"; not "baker", "hill", "rice"): after a given
    name in lower case, the person's surname."""
    vocabulary = default_vocabulary()
    name_like = name_like_words()
    _, last = locale_name_lists("en_US", gendered=True)
    return _matchable(last, lambda word: word in name_like or vocabulary.is_common_word(word))


@lru_cache(maxsize=1)
def capitalised_given_names() -> FrozenSet[str]:
    """Given names of every Faker person locale (folded to lower-case ASCII)
    that the capitalised full-name rule takes as a first word: "beatrice",
    "abdullahi", "aoife" as well as the en_US names; no English word (but the
    en_US names that are one and not in NAME_WORDS), no medical or drug word."""
    import faker.providers.person as person

    vocabulary = default_vocabulary()
    en_us = _en_us_given_names()
    given: set = set()
    for module in pkgutil.iter_modules(person.__path__):
        first, _ = locale_name_lists(module.name, gendered=True)
        given.update(fold_ascii(str(name)).lower() for name in first)
    return _matchable(given, lambda word: _english_word(word) and word not in en_us) | en_us


def _english_word(word: str) -> bool:
    """An English or clinical word, also when it is a name too ("doctor",
    "friend", "west", "room" are given names somewhere)."""
    return default_vocabulary().is_ordinary_word(word) or word in name_like_words()


def is_given_and_family_name(value: str) -> bool:
    """A capitalised given name and a family name ("Eugene Tolliver",
    "Marjorie Tolliver-Banks", "Jolene R. Fairweather"): the first word is a
    given name of the lists (no English word: `capitalised_given_names`), the
    last is no English, medical or drug word ("Eugene Rice", "Gang Room" stay
    out: the tagger decides those), one part of a double name excepted, and
    no part is an always-medical word ("Lou Gehrig" is left to the eponym lists)."""
    words = value.split()
    if len(words) < 2:
        return False
    given, family = fold_ascii(words[0]).lower(), fold_ascii(words[-1]).lower()
    if given not in capitalised_given_names():
        return False
    vocabulary = default_vocabulary()
    parts = [part.split("'")[-1] for part in family.replace("’", "'").split("-") if part]  # "O'Neil" -> "neil"
    if any(vocabulary.is_always_medical(part) or vocabulary.is_drug(part) or vocabulary.is_abbreviation(part.upper()) for part in parts):
        return False
    # One part that is no ordinary word is enough in a double name ("Tolliver-Banks").
    return any(not _english_word(part) or part in lowercase_family_names() for part in parts)


def is_family_comma_given_name(value: str) -> bool:
    """A person written family name first ("GUY, TREMAINE", "NYGAARD, APRIL",
    "FLANAGAN, FAITH M.", "Brown, Earl"): a given name of the lists after the comma
    (word names like "April" or "Bill" included: the field or table cell the rules
    ask for settles it), and no part of either name is a medical, drug or
    abbreviation word ("CHF, COPD")."""
    family, _, rest = value.partition(",")
    words = rest.split()
    if not words or not family.strip():
        return False
    given = fold_ascii(words[0]).lower()
    if given not in capitalised_given_names() and given not in greeted_given_names() and given not in _SPEAKER_ONLY_NAMES:
        return False
    vocabulary = default_vocabulary()
    parts = [fold_ascii(part).lower() for part in re.split(r"[-'’ ]", family.strip()) if part]
    return not any(
        vocabulary.is_always_medical(part) or vocabulary.is_drug(part) or vocabulary.is_abbreviation(part.upper())
        for part in parts + [given]
    )


#: Given names that a greeting is followed by as words: months, seasons,
#: endearments and virtues ("hi honey", "thank you sweetie", "hello june").
_NOT_GREETED_NAMES = frozenset(
    """
    will may june april august summer autumn winter spring honey sugar angel buddy sonny baby dear darling
    sweetie sweetheart love doll hun hon star sunny lucky guy sir man dude champ chief boss king major
    hope joy faith grace chance young rich art max miles frank earl early doc doctor nurse everyone everybody
    guys folks all there again today
    """.split()
)


@lru_cache(maxsize=1)
def greeted_given_names() -> FrozenSet[str]:
    """Given names (lower case) that count as a name right after a greeting
    ("hi mark", "nice to see you jack"): every en_US given name of three
    letters or more, the English words among them included (the greeting
    settles it), but no function word, word of speech, month, season or
    endearment; and the census names that are no English word ("bernadette")."""
    first, _ = locale_name_lists("en_US", gendered=True)
    faker_names = frozenset(
        word
        for word in (name.lower() for name in first)
        if word.isalpha()
        and len(word) >= 3
        and word not in _NOT_GREETED_NAMES
        and word not in FUNCTION_WORDS
        and word not in SPOKEN_WORDS
    )
    return faker_names | frozenset(w for w in census_given_names() if len(w) >= 3 and w not in _NOT_GREETED_NAMES)


def is_greeted_given_name(value: str) -> bool:
    """Whether a lower-case word after a greeting is a given name (see `greeted_given_names`)."""
    return value.islower() and value in greeted_given_names()


#: Words among the given names that a verb of speech after them makes names
#: ("Will said", "Hope asked"), though a greeting does not.
_SPEAKER_ONLY_NAMES = frozenset("will hope faith grace joy may june april summer autumn chance frank art max miles".split())


def is_speaking_given_name(value: str) -> bool:
    """Whether a capitalised word before a verb of speech ("Hope said") is a
    given name: an en_US given name (the greeted list) or a word name."""
    word = value.lower()
    return value[:1].isupper() and value[1:].islower() and (word in greeted_given_names() or word in _SPEAKER_ONLY_NAMES)


def is_person_name_word(word: str) -> bool:
    """A name word of the shipped lists (Faker's locales, the project's pools) or the census."""
    return word in person_names() or word in census_given_names()


#: An initial before a name ("K." of "K. ABERNATHY", "d" of "d kovac").
_INITIAL = re.compile(r"^[A-Za-z]\.?$")


def _name_not_word(word: str, word_too: bool) -> bool:
    """A name-list word, or a word English writes mostly capitalised, that is no
    abbreviation, credential, drug or ordinary word and that English does not
    write mostly in lower case; a word web2 also lists ("carol", "jones") only
    when English writes it mostly capitalised ("jones") or, with `word_too`, before
    another name ("carol" of "carol quintero")."""
    vocabulary = default_vocabulary()
    lower = word.lower()
    as_name = written_as_name(lower)
    if not (lower in person_names() or as_name) or lower in FUNCTION_WORDS or written_in_lower_case(lower):
        return False
    if (
        vocabulary.is_ordinary_word(lower)
        or vocabulary.is_lower_case_shorthand(lower)  # "aline" (arterial line), "endo"
        or vocabulary.is_clinical_abbreviation(word.upper())
        or vocabulary.is_credential(word.upper())
    ):
        return False
    return word_too or as_name or lower not in name_like_words()


def is_attributed_person(value: str) -> bool:
    """Whether the words after "per" name the person an order or a report comes
    from ("per HOLLOWAY", "per marisol quintero", "PER K. ABERNATHY", "per d jones"): an
    optional initial, then one or two name-list words that are no ordinary word
    or abbreviation ("per protocol", "per MD", "per neuro", "per pt", "per pat"
    are not); the last is no word of the dictionary unless English writes it
    mostly as a name ("per d jones")."""
    words = value.split()
    if words and _INITIAL.match(words[0]):
        words = words[1:]
    if not words or len(words) > 2:
        return False
    last_ok = _name_not_word(words[-1], word_too=False)
    return last_ok and all(_name_not_word(w, word_too=True) for w in words[:-1])


def is_appositive_given_name(value: str) -> bool:
    """Whether a lower-case word set off by commas after "my wife" is her name
    ("my wife , may , and i"): a person-name word, word names included (the
    commas settle it), but no function word, word of speech or verb that
    follows a relative ("my son , said"); the word names ("will", "may",
    "hope") always."""
    if not value.islower():
        return False
    if value in _SPEAKER_ONLY_NAMES:  # "will", "may", "hope": modal or month elsewhere
        return True
    return (
        is_person_name_word(value)
        and value not in FUNCTION_WORDS
        and value not in SPOKEN_WORDS
        and value not in NOT_NAME_AFTER_RELATIVE
    )


def is_lower_case_person_name(value: str) -> bool:
    """Whether lower-case words are a person's name where the context says a
    person is named ("bernadette mulcahy is a seventy four year old", "my name
    is lucia"): every word a person-name word and no ordinary English word, but
    for a surname English writes mostly capitalised ("lorrie morales")."""
    vocabulary = default_vocabulary()
    words = value.split()
    return (
        value.islower()
        and bool(words)
        and all(
            is_person_name_word(word) and (not vocabulary.is_common_word(word) or (place > 0 and written_as_name(word)))
            for place, word in enumerate(words)
        )
    )


def is_given_and_unlisted_family_name_lower(value: str) -> bool:
    """Whether two lower-case words are a given name of the lists and a surname
    that no list holds as a word ("nina pakulski", "leslie vardoulakis", "mary
    ferriera"): the second is no English, clinical, drug or shorthand word and no
    word English writes mostly in lower case ("mary aware", "bob visited",
    "pat given"). The context after it (a staff role, "aware") says a person is
    named; the name lists cannot hold every surname."""
    words = value.split()
    if len(words) != 2 or not value.islower():
        return False
    given, family = words
    if given not in lowercase_given_names():
        return False
    vocabulary = default_vocabulary()
    parts = [part for part in re.split(r"['’-]", family) if part]
    if not parts or any(vocabulary.is_drug(part) or vocabulary.is_always_medical(part) for part in parts):
        return False
    return not (
        _english_word(family)
        or written_in_lower_case(family)
        or vocabulary.is_lower_case_shorthand(family)
        or vocabulary.is_clinical_abbreviation(family.upper())
    )


def is_initial_and_surname(value: str) -> bool:
    """An initial and a word that is a listed family name or no ordinary word
    ("J SMITH", "B KOWALCZYK"; not "A FIB", "I THEN"): "A" and "I" are words."""
    words = value.split()
    if len(words) != 2 or len(words[0]) != 1 or words[0] in ("A", "I"):
        return False
    family = words[1].lower()
    return family in _en_us_family_names() or not default_vocabulary().is_ordinary_word(family)


def is_given_name_alone(value: str) -> bool:
    """One given name of the census or Faker lists that is no ordinary word
    ("ROSALIND", "Nicola"; not "PLAN", "Will"): a nurse signing a note with a first name."""
    lower = value.lower()
    return (
        (lower in census_given_names() or lower in capitalised_given_names())
        and not default_vocabulary().is_ordinary_word(lower)
    )


def is_given_and_unlisted_family_name_caps(value: str) -> bool:
    """The same two words written in capitals ("MARISOL PAKULSKI"): a note typed in
    capitals has no case to tell a name, so only the lists and the context can."""
    return value.isupper() and is_given_and_unlisted_family_name_lower(value.lower())


def builtin_patterns() -> List[Dict[str, Any]]:
    """The built-in SpanRuler patterns of `phi_rules` (with their priority)."""
    given = sorted(lowercase_given_names())
    return [
        {
            "label": "PATIENT",
            "id": PATTERN_ID,
            "priority": 1,
            "pattern": [{"LOWER": {"IN": given}, "IS_LOWER": True}],
        },
        {
            # "this is philip gutierrez , date of birth": the surname with the name.
            "label": "PATIENT",
            "id": FULL_NAME_PATTERN_ID,
            "priority": 1,
            "pattern": [
                {"LOWER": {"IN": given}, "IS_LOWER": True},
                {"LOWER": {"IN": sorted(lowercase_family_names())}, "IS_LOWER": True},
            ],
        },
    ]


__all__ = [
    "FULL_NAME_PATTERN_ID", "capitalised_given_names", "census_given_names", "is_appositive_given_name", "is_lower_case_person_name", "greeted_given_names", "is_speaking_given_name", "is_given_and_family_name", "is_greeted_given_name", "MIN_LENGTH", "NAME_WORDS", "PATTERN_ID", "builtin_patterns", "lowercase_family_names",
    "lowercase_given_names", "is_given_and_unlisted_family_name_lower", "is_given_and_unlisted_family_name_caps", "is_given_name_alone", "is_initial_and_surname",
]
