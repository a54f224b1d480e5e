"""Common English words that are not names or places, for `phi_guard`.

A tagger trained on synthetic notes tags ordinary capitalised words as people
or places ("Gout", "Paroxysmal AF", "Denies LOC", "Mediastinum/hila"). The guard
vetoes a tagger-only name or place span whose every word is in this list.

The list is the lower-case (common-noun) entries of Webster's Second
International word list ("web2", public domain, as shipped by the MIT-licensed
PyPI package `english-words`), minus every word that is also a person name or a
place name we know of: the given and family names of every Faker locale with
Latin or romanized names, the project's own name list, US cities of the CMS
hospital list, US states and countries. So "hope", "rose", "hunter", "young",
"mobile" are never in it, and "gout", "joint", "denies" are.

Rebuild (needs `pip install english-words`; the result ships gzipped):

    python -m spacy_phi.lexicon.common_words spacy_phi/data/medical_vocabulary/common_words.txt.gz

The same module builds the list of person-name words it leaves out
(`person_names.txt.gz`, every Faker locale and the project's name pools), which
the guard reads to tell "wife dolores" (a name) from "grandma watches":

    python -m spacy_phi.lexicon.common_words --names spacy_phi/data/medical_vocabulary/person_names.txt.gz

and the name words that web2 also lists as lower-case words (`name_like_words.txt.gz`:
"hook", "short", "visa", "rock"): written in lower case in a note that uses
capitals, such a word is the ordinary word, not the name (needs `english-words`):

    python -m spacy_phi.lexicon.common_words --name-like spacy_phi/data/medical_vocabulary/name_like_words.txt.gz
"""

from __future__ import annotations

import gzip
import pkgutil
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Callable, FrozenSet, Iterable, List, Optional, Set

#: Suffix rewrites tried when a word is not listed as written: web2 lists base
#: forms only ("deny" for "denies", "effusion" for "effusions").
_INFLECTIONS = (
    ("ies", "y"), ("ied", "y"), ("ier", "y"), ("iest", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""),
    ("ing", ""), ("ing", "e"), ("ly", ""), ("er", ""), ("est", ""),
)


#: Function words, always common: some are also names in the name lists ("An",
#: "He", "Will", "May") and so left out of the built list, but after "son" or
#: "dr" in a lower-case note they are never the name.
FUNCTION_WORDS = frozenset(
    "a an the and or but nor so yet of to in on at by for with from into onto upon per via as than then "
    "is are was were be been being am has have had having do does did done doing will would shall should "
    "can could may might must he she it they we you i me him her them us my his its our your their this "
    "that these those who whom whose which what when where why how not no yes all any some each both "
    # Particles and adverbs web2 does not list as entries ("dropped her off").
    "off over out up down away back around about through after before under again also just only "
    "very too there here now then ever never".split()
)


#: Words of speech and chat that no dictionary lists and no one is named: a
#: transcribed dialogue is full of them ("so kinda does your foot hurt").
SPOKEN_WORDS = frozenset(
    "kinda sorta gonna wanna gotta lemme gimme dunno outta lotta coulda shoulda woulda musta "
    "yeah yep yup nope nah okay ok alright uh um umm uhm hmm mm mhm mm-hmm uh-huh huh oops "
    "y'all ya cuz 'cause ain't tho thru gotcha lotsa".split()
)


#: Interjections spelt as heard, with any number of letters ("hmmm", "uhh", "mmm").
_INTERJECTION = re.compile(r"^(?:h+m+|m+h*m+|u+h+|u+m+|a+h+|o+h+|e+h+|h+u+h+|e+r+m+)$")


def is_common_word(word: str, words: Set[str], function_words: bool = True) -> bool:
    """Whether a lower-case alphabetic word, or its base form, is in `words`.

    word (str): the word, lower case.
    words (Set[str]): the common-word list.
    function_words (bool): whether FUNCTION_WORDS count as common.
    RETURNS (bool): True for "gout", "denies" (deny), "effusions" (effusion).
    """
    if word in words or word in SPOKEN_WORDS or (function_words and word in FUNCTION_WORDS):
        return True
    if _INTERJECTION.match(word):
        return True
    for suffix, replacement in _INFLECTIONS:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: len(word) - len(suffix)] + replacement
            if base in words:
                return True
            # Doubled final consonant: "enrolled" -> "enroll" handled above; "stopped" -> "stop".
            if len(base) > 3 and base[-1] == base[-2] and base[:-1] in words:
                return True
    return False


def _faker_names() -> Set[str]:
    """Every given and family name of every Faker person locale (romanized where
    Faker has them), folded to lower-case ASCII words."""
    import faker.providers.person as person

    from ..surrogates.names import fold_ascii, locale_name_lists

    names: Set[str] = set()
    for module in pkgutil.iter_modules(person.__path__):
        for values in locale_name_lists(module.name, gendered=True):
            for value in values:
                names.update(fold_ascii(str(value)).lower().replace("-", " ").split())
    return names


def _project_names_and_places() -> Set[str]:
    """Names and places the project's own samplers know (name pools, CMS
    cities, states, countries), as lower-case words."""
    from ..surrogates import locations
    from ..surrogates.names import fold_ascii, name_pools

    words: Set[str] = set()

    def add(values: Iterable[str]) -> None:
        for value in values:
            for part in fold_ascii(value).lower().replace("-", " ").split():
                words.add(part.strip(".,'()"))

    for first, last in name_pools():
        add(first)
        add(last)
    add(h.city for h in locations.hospitals())
    states, abbreviations, countries = locations._faker_lists()[:3]
    add(states)
    add(countries)
    return words


def read_word_list(file_name: str) -> FrozenSet[str]:
    """A gzipped word list of `data/medical_vocabulary/`: one word per line, "#" comments."""
    data = pkgutil.get_data("spacy_phi", f"data/medical_vocabulary/{file_name}")
    if data is None:  # pragma: no cover - the files ship with the package
        return frozenset()
    lines = gzip.decompress(data).decode("utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def write_word_list(path: Path, header: str, words: Iterable[str]) -> None:
    """Write a gzipped word list: a "#" header line, then one word per line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8", newline="\n") as file:
        file.write(f"# {header}\n")
        file.write("\n".join(words) + "\n")


#: The shipped list of person-name words (every Faker locale and the project's
#: name pools, lower-case ASCII): rebuilt with `--names`.
PERSON_NAMES_FILE = "person_names.txt.gz"


def build_person_names() -> List[str]:
    """Every given and family name word we know of, lower case, sorted."""
    from ..surrogates.names import fold_ascii, name_pools

    words = _faker_names()
    for first, last in name_pools():
        for value in list(first) + list(last):
            words.update(part.strip(".,'()") for part in fold_ascii(value).lower().replace("-", " ").split())
    return sorted(w for w in words if w.isalpha() and len(w) >= 2)


@lru_cache(maxsize=1)
def person_names() -> FrozenSet[str]:
    """The shipped person-name words (read once): "dolores" is one, "watches" is
    not. A lower-case word after "wife" that is in this list may be her name."""
    return read_word_list(PERSON_NAMES_FILE)


#: The shipped list of name words that are also lower-case dictionary words:
#: rebuilt with `--name-like`.
NAME_LIKE_WORDS_FILE = "name_like_words.txt.gz"


@lru_cache(maxsize=1)
def name_like_words() -> FrozenSet[str]:
    """Person-name words that web2 also lists as ordinary lower-case words
    ("hook", "short", "visa"; not "dolores", "jisoo"), read once."""
    return read_word_list(NAME_LIKE_WORDS_FILE)


def build_common_words(web2_words: Iterable[str], excluded: Set[str]) -> List[str]:
    """The common-word list: lower-case alphabetic entries not excluded.

    web2_words (Iterable[str]): the dictionary entries, proper nouns capitalised.
    excluded (Set[str]): lower-case names and places to leave out.
    RETURNS (List[str]): the sorted list.
    """
    return sorted({w for w in web2_words if w.isascii() and w.isalpha() and w.islower() and len(w) >= 2} - excluded)


def main(argv: Optional[List[str]] = None, load_web2: Optional[Callable[[], Set[str]]] = None) -> int:
    """Write the gzipped list to the path given on the command line."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) == 2 and argv[0] == "--names":
        names = build_person_names()
        write_word_list(
            Path(argv[1]), "Person-name words of every Faker locale and spacy_phi's name pools; see spacy_phi/lexicon/common_words.py", names
        )
        print(f"{len(names)} name words -> {argv[1]}")
        return 0
    if len(argv) not in (1, 2) or (len(argv) == 2 and argv[0] != "--name-like"):
        print("usage: python -m spacy_phi.lexicon.common_words [--names | --name-like] OUTPUT.txt.gz", file=sys.stderr)
        return 2
    if load_web2 is None:
        from english_words import get_english_words_set

        def load_web2() -> Set[str]:
            return set(get_english_words_set(["web2"], lower=False, alpha=True))

    if argv[0] == "--name-like":
        lower_words = set(build_common_words(load_web2(), set()))
        name_like = sorted(lower_words & set(build_person_names()))
        write_word_list(Path(argv[1]), "Person-name words web2 also lists in lower case; see spacy_phi/lexicon/common_words.py", name_like)
        print(f"{len(name_like)} name-like words -> {argv[1]}")
        return 0

    excluded = _faker_names() | _project_names_and_places()
    words = build_common_words(load_web2(), excluded)
    output = Path(argv[0])
    write_word_list(output, "Common English words that are not names or places; see spacy_phi/lexicon/common_words.py", words)
    print(f"{len(words)} words ({len(excluded)} names and places left out) -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
