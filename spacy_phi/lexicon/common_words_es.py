"""The Spanish common-word list of `phi_guard` (pipelines with `nlp.lang == "es"`).

A Spanish pipeline's guard judges its tagger-only name and place spans against
ordinary *Spanish* words: the English list would call "Chile", "Real" or "Mar"
common words, and knows no "familia" or "hermana". The list is built from the
MEDDOCAN training split (Plan TL, CC BY 4.0; `assets/meddocan/train`, never dev):
lower-case alphabetic words outside every annotated span, seen at least twice,
plus spaCy's Spanish stop words, minus every word that occurs inside an annotated
PHI span of the training split and every given name, surname, province and country
of Faker's es_ES locale (MIT). `spacy_phi.lexicon_rebuild.common_words_es`
rebuilds it.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import FrozenSet

from .common_words import read_word_list
from .vocabulary import MedicalVocabulary, default_vocabulary

SPANISH_COMMON_WORDS_FILE = "common_words_es.txt.gz"


@lru_cache(maxsize=1)
def spanish_common_words() -> FrozenSet[str]:
    """The shipped Spanish common words (read once)."""
    return read_word_list(SPANISH_COMMON_WORDS_FILE)


@lru_cache(maxsize=1)
def spanish_vocabulary() -> MedicalVocabulary:
    """The guard vocabulary of a Spanish pipeline: the shipped medical lists
    (drugs, eponyms, abbreviations are mostly international) with the Spanish
    common words instead of the English ones."""
    return dataclasses.replace(default_vocabulary(), common_words=spanish_common_words())


