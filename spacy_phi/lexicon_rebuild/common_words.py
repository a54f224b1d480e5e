"""Rebuild the common-word list and the person-name lists of
`spacy_phi.lexicon.common_words` (needs `pip install english-words`; the results
ship gzipped in `spacy_phi/data/medical_vocabulary/`):

    python -m spacy_phi.lexicon_rebuild.common_words spacy_phi/data/medical_vocabulary/common_words.txt.gz
    python -m spacy_phi.lexicon_rebuild.common_words --names spacy_phi/data/medical_vocabulary/person_names.txt.gz
    python -m spacy_phi.lexicon_rebuild.common_words --name-like spacy_phi/data/medical_vocabulary/name_like_words.txt.gz

The name lists leave out every name the surrogate generators can produce, so
this builder reads their name pools (build time only).
"""

from __future__ import annotations

import gzip
import pkgutil
import sys
from pathlib import Path
from typing import Callable, Iterable, List, Optional, Set


def _faker_names() -> Set[str]:
    """Every given and family name of every Faker person locale (romanized where
    Faker has them), folded to lower-case ASCII words."""
    import faker.providers.person as person

    from ..lexicon.faker_lists import fold_ascii, locale_name_lists

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


def write_word_list(path: Path, header: str, words: Iterable[str]) -> None:
    """Write a gzipped word list: a "#" header line, then one word per line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8", newline="\n") as file:
        file.write(f"# {header}\n")
        file.write("\n".join(words) + "\n")


def build_person_names() -> List[str]:
    """Every given and family name word we know of, lower case, sorted."""
    from ..surrogates.names import fold_ascii, name_pools

    words = _faker_names()
    for first, last in name_pools():
        for value in list(first) + list(last):
            words.update(part.strip(".,'()") for part in fold_ascii(value).lower().replace("-", " ").split())
    return sorted(w for w in words if w.isalpha() and len(w) >= 2)


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
            Path(argv[1]), "Person-name words of every Faker locale and spacy_phi's name pools; see spacy_phi/lexicon_rebuild/common_words.py", names
        )
        print(f"{len(names)} name words -> {argv[1]}")
        return 0
    if len(argv) not in (1, 2) or (len(argv) == 2 and argv[0] != "--name-like"):
        print("usage: python -m spacy_phi.lexicon_rebuild.common_words [--names | --name-like] OUTPUT.txt.gz", file=sys.stderr)
        return 2
    if load_web2 is None:
        from english_words import get_english_words_set

        def load_web2() -> Set[str]:
            return set(get_english_words_set(["web2"], lower=False, alpha=True))

    if argv[0] == "--name-like":
        lower_words = set(build_common_words(load_web2(), set()))
        name_like = sorted(lower_words & set(build_person_names()))
        write_word_list(Path(argv[1]), "Person-name words web2 also lists in lower case; see spacy_phi/lexicon_rebuild/common_words.py", name_like)
        print(f"{len(name_like)} name-like words -> {argv[1]}")
        return 0

    excluded = _faker_names() | _project_names_and_places()
    words = build_common_words(load_web2(), excluded)
    output = Path(argv[0])
    write_word_list(output, "Common English words that are not names or places; see spacy_phi/lexicon_rebuild/common_words.py", words)
    print(f"{len(words)} words ({len(excluded)} names and places left out) -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
