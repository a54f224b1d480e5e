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

The lists ship gzipped in `spacy_phi/data/medical_vocabulary/`: the common
words, the person-name words it leaves out (`person_names.txt.gz`, every Faker
locale and the project's name pools), which the guard reads to tell "wife
dolores" (a name) from "grandma watches", and the name words that web2 also
lists in lower case (`name_like_words.txt.gz`: "hook", "short", "visa", "rock").
`spacy_phi.lexicon_rebuild.common_words` rebuilds them.
"""

from __future__ import annotations

import gzip
import pkgutil
import re
from functools import lru_cache
from typing import FrozenSet, Set

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


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def one_edit_variants(word: str) -> Set[str]:
    """Every word one edit away from a lower-case word: a letter deleted, inserted,
    replaced, or two neighbours swapped ("sputm" -> "sputum", "statred" -> "started")."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    variants = {a + b[1:] for a, b in splits if b}
    variants |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    variants |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    variants |= {a + c + b for a, b in splits for c in _LETTERS}
    variants.discard(word)
    return variants


def is_misspelt_common_word(word: str, words: Set[str]) -> bool:
    """Whether a lower-case word is one edit away from a common word, itself
    included in `words` with its inflections ("presnt" -> "present",
    "severel" -> "several"). Terse notes misspell often; short words are left
    out (one edit turns most short words into others)."""
    return any(is_common_word(variant, words, function_words=False) for variant in one_edit_variants(word))


def read_word_list(file_name: str) -> FrozenSet[str]:
    """A gzipped word list of `data/medical_vocabulary/`: one word per line, "#" comments."""
    data = pkgutil.get_data("spacy_phi", f"data/medical_vocabulary/{file_name}")
    if data is None:  # pragma: no cover - the files ship with the package
        return frozenset()
    lines = gzip.decompress(data).decode("utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


#: The shipped list of person-name words (every Faker locale and the project's
#: name pools, lower-case ASCII): rebuilt with `--names`.
PERSON_NAMES_FILE = "person_names.txt.gz"


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


