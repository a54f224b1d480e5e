"""How often English writes a word in lower case rather than capitalised.

In a note typed in capitals a word's case says nothing, so the case view and
the guard need another witness of whether "FEET", "HUNG" or "NANCY" is an
ordinary word or a name. The dictionary list (`common_words`) misses modern
and irregular forms ("home", "feet", "began", "lifestyle") and leaves out every
word of the name lists ("said", "hung", "tiny" are surnames somewhere). Usage
decides: a word that writers of mixed-case English type in lower case much more
often than capitalised is an ordinary word ("home" 22 times as often as
"Home"); a name is mostly capitalised ("Nancy" rather than "nancy").

The table ships gzipped in `spacy_phi/data/medical_vocabulary/word_usage.txt.gz`
(built by `spacy_phi.lexicon_rebuild.word_usage` from the MIT-licensed
`spacy-lookups-data`); this module reads it once and answers one question.
"""

from __future__ import annotations

import gzip
import pkgutil
from functools import lru_cache
from typing import Dict, Tuple

from .common_words import one_edit_variants, person_names

#: The shipped table, in `spacy_phi/data/medical_vocabulary/`.
WORD_USAGE_FILE = "word_usage.txt.gz"
#: A word rarer than this in lower case is judged by the word lists alone (its
#: ratio of cases is noise): about one word in 3.3 million.
MIN_LOG_PROB = -15.0
#: Shorter words are judged by the word lists alone: web text types acronyms in
#: lower case ("nyc", "rn", "tf").
MIN_LETTERS = 4
#: How much more often (natural log) the lower-case form must be written than
#: the capitalised one, for a word no name list holds ("feet", "home"; e^0.5 ≈ 1.6 times)
#: and for a word of the name lists ("hung", "said"; e^2.5 ≈ 12 times: "Hope",
#: "Joy", "Young", "White", "Brown" stay possible names).
WORD_MARGIN = 0.5
NAME_WORD_MARGIN = 2.5
#: How much more often (natural log) a name is written capitalised than in lower
#: case (e^1 ≈ 2.7 times: "jones", "smith", "tanaka").
NAME_MARGIN = 1.0
#: Two letters swapped are read as a slip from this many letters on ("neice").
MIN_SWAPPED_LETTERS = 5


@lru_cache(maxsize=1)
def word_usage() -> Dict[str, Tuple[float, float]]:
    """Lower-case word -> (log probability in lower case, capitalised), read once."""
    data = pkgutil.get_data("spacy_phi", f"data/medical_vocabulary/{WORD_USAGE_FILE}")
    if data is None:  # pragma: no cover - the file ships with the package
        return {}
    table: Dict[str, Tuple[float, float]] = {}
    for line in gzip.decompress(data).decode("utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        word, lower, capitalised = line.split("\t")
        table[word] = (float(lower), float(capitalised))
    return table


def written_in_lower_case(lower: str) -> bool:
    """Whether mixed-case English writes this lower-case word mostly in lower case:
    a frequent word used far more often as a word than as a name ("feet", "home",
    "hung", "said"; not "hope", "brown", "nancy", nor a rare word)."""
    if len(lower) < MIN_LETTERS:
        return False  # web text types short acronyms in lower case ("nyc", "rn")
    usage = word_usage().get(lower)
    if usage is None or usage[0] < MIN_LOG_PROB:
        return False  # rare in lower case (or a name only: "tanaka")
    margin = NAME_WORD_MARGIN if lower in person_names() else WORD_MARGIN
    return usage[0] - usage[1] >= margin


def written_as_name(lower: str) -> bool:
    """Whether mixed-case English writes this word mostly capitalised, as a name
    is ("Jones", "Smith", "Tanaka"; not "pat", "hall", "brown", nor a word rare
    either way)."""
    usage = word_usage().get(lower)
    return usage is not None and usage[1] >= MIN_LOG_PROB and usage[1] - usage[0] >= NAME_MARGIN


def misspelt_lower_case_word(lower: str) -> bool:
    """Whether a word of five letters or more that no name list holds is a word
    English writes mostly in lower case with two neighbouring letters swapped
    ("neice" for "niece", "recieved"): the commonest slip of a hurried typist.
    Other slips (a letter left out or replaced) make surnames too ("lavely" is
    one letter from "lovely") and are left to the dictionary list
    (`common_words.is_misspelt_common_word`)."""
    if not lower.isalpha() or len(lower) < MIN_SWAPPED_LETTERS or lower in person_names() or written_in_lower_case(lower):
        return False
    swapped = {lower[:i] + lower[i + 1] + lower[i] + lower[i + 2 :] for i in range(len(lower) - 1)} - {lower}
    return any(written_in_lower_case(variant) for variant in swapped)


def one_edit_from_lower_case_word(lower: str) -> bool:
    """Whether a word is one edit (a letter left out, added, replaced, or two
    swapped) from a word English writes mostly in lower case ("baselin" for
    "baseline"). Names are made this way too ("lavely"): callers ask the name
    lists first."""
    return any(written_in_lower_case(variant) for variant in one_edit_variants(lower))


__all__ = [
    "MIN_LETTERS", "MIN_LOG_PROB", "MIN_SWAPPED_LETTERS", "NAME_MARGIN", "NAME_WORD_MARGIN", "WORD_MARGIN",
    "WORD_USAGE_FILE", "misspelt_lower_case_word", "one_edit_from_lower_case_word", "word_usage", "written_as_name",
    "written_in_lower_case",
]
