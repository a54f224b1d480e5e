"""Drug names (generic and brand) for `phi_guard`, built from an open drug dictionary.

A tagger trained on synthetic notes takes unfamiliar drug brands for people,
places or organisations ("Entresto held", "switched to Alvesco", "Proair HFA").
The guard's hand-written drug list (`drugs.txt`, a few hundred entries, also
matched one edit away) cannot know them all, so this module extracts the
one-word drug names of the dictionary shipped in the MIT-licensed PyPI package
`drug-named-entity-recognition` (2.0.9; its data come from the DrugBank open
vocabulary, MeSH, MedlinePlus, the NHS and Wikipedia). They are matched exactly
(no edit distance: 28,000 names one edit away from a surname would cost recall).

Left out: names shorter than 5 letters, names with characters other than
letters and inner hyphens, common English words (the guard's common-word list
covers those), and every word of the guard's person-name list or the US city
list ("allegra", "camila", "kendrick" are drug brands too, but they are names first).

Rebuild (needs `pip install --no-deps drug-named-entity-recognition==2.0.9`; the
result ships gzipped):

    python -m spacy_phi.lexicon_rebuild.drug_names spacy_phi/data/medical_vocabulary/drug_names.txt.gz
"""

from __future__ import annotations

import bz2
import pickle
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Callable, Iterable, List, Optional, Set

#: One word of letters with inner hyphens, at least 5 characters ("entresto", "persa-gel").
_DRUG_WORD = re.compile(r"[a-z][a-z-]{3,}[a-z]")


def select_drug_names(variants: Iterable[str], excluded: Set[str], is_common: Callable[[str], bool]) -> List[str]:
    """The drug names kept: one lower-case word, not a name, place or common word.

    variants (Iterable[str]): drug names and synonyms as the dictionary writes them.
    excluded (Set[str]): lower-case person names and places to leave out.
    is_common (Callable[[str], bool]): whether a lower-case word is a common English word.
    RETURNS (List[str]): the sorted, de-duplicated names.
    """
    kept = set()
    for variant in variants:
        word = variant.strip().lower()
        if _DRUG_WORD.fullmatch(word) and word not in excluded and not is_common(word):
            kept.add(word)
    return sorted(kept)



def _dictionary_variants() -> List[str]:
    """Every drug name and synonym of the installed drug-named-entity-recognition package."""
    import drug_named_entity_recognition as package  # build time only

    path = resources.files(package).joinpath("drug_ner_dictionary.pkl.bz2")
    with bz2.open(path.open("rb")) as file:
        data = pickle.load(file)  # the package's own data file, not user input
    return list(data["drug_variant_to_canonical"])


def _excluded_words() -> Set[str]:
    from ..lexicon.common_words import person_names

    cities = resources.files("spacy_phi").joinpath("data", "label_lexicons", "us_cities_lower.txt")
    places = {line.strip() for line in cities.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")}
    return set(person_names()) | places


def main(argv: Optional[List[str]] = None) -> int:
    """Write the gzipped list to the path given on the command line."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m spacy_phi.lexicon_rebuild.drug_names OUTPUT.txt.gz", file=sys.stderr)
        return 2
    from ..lexicon.common_words import is_common_word, read_word_list
    from ..lexicon.vocabulary import VOCABULARY_FILES
    from .common_words import write_word_list

    common = set(read_word_list(VOCABULARY_FILES["common_words"]))
    names = select_drug_names(_dictionary_variants(), _excluded_words(), lambda word: is_common_word(word, common))
    output = Path(argv[0])
    write_word_list(output, "Drug names from drug-named-entity-recognition 2.0.9 (MIT); see spacy_phi/lexicon_rebuild/drug_names.py", names)
    print(f"{len(names)} drug names -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
