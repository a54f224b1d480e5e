"""The Spanish common-word list of `phi_guard` (pipelines with `nlp.lang == "es"`).

A Spanish pipeline's guard judges its tagger-only name and place spans against
ordinary *Spanish* words: the English list would call "Chile", "Real" or "Mar"
common words, and knows no "familia" or "hermana". The list is built from the
MEDDOCAN training split (Plan TL, CC BY 4.0; `assets/meddocan/train`, never dev):
lower-case alphabetic words outside every annotated span, seen at least twice,
plus spaCy's Spanish stop words, minus every word that occurs inside an annotated
PHI span of the training split and every given name, surname, province and country
of Faker's es_ES locale (MIT). Rebuild it with

    python -m spacy_phi.lexicon.common_words_es spacy_phi/data/medical_vocabulary/common_words_es.txt.gz
"""

from __future__ import annotations

import collections
import dataclasses
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import FrozenSet, List, Optional, Set

from .common_words import read_word_list, write_word_list
from .vocabulary import MedicalVocabulary, default_vocabulary

SPANISH_COMMON_WORDS_FILE = "common_words_es.txt.gz"
_WORD = re.compile(r"[^\W\d_]+")
#: Annotations that are no PHI: their words may stay common ("varón", "mujer").
_NOT_PHI = frozenset({"SEXO_SUJETO_ASISTENCIA"})


def _excluded_names() -> Set[str]:
    from ..surrogates import spanish

    words: Set[str] = set()
    names = spanish.given_names()
    for value in (*names["M"], *names["F"], *spanish.surnames(), *spanish.provinces(), *spanish.countries()):
        words.update(w.lower() for w in _WORD.findall(value))
    return words


def build_spanish_common_words(corpus: Path, min_count: int = 2) -> List[str]:
    """The list, from a BRAT folder of annotated Spanish notes (MEDDOCAN train).

    corpus (Path): the folder.
    min_count (int): how often a word must occur outside the annotations.
    RETURNS (List[str]): the sorted words.
    """
    from spacy.lang.es.stop_words import STOP_WORDS

    from ..converters.brat import read_brat

    counts: collections.Counter = collections.Counter()
    in_phi: Set[str] = set()
    for record in read_brat(corpus):
        covered = [False] * len(record.text)
        for span in record.spans:
            if span.label in _NOT_PHI:
                continue
            covered[span.start:span.end] = [True] * (span.end - span.start)
            in_phi.update(w.lower() for w in _WORD.findall(record.text[span.start:span.end]))
        for match in _WORD.finditer(record.text):
            word = match.group()
            if word.islower() and len(word) >= 2 and not any(covered[match.start():match.end()]):
                counts[word] += 1
    words = {w for w, n in counts.items() if n >= min_count} | {w for w in STOP_WORDS if w.isalpha()}
    return sorted(words - in_phi - _excluded_names())


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


def main(argv: Optional[List[str]] = None) -> int:
    """Write the gzipped list to the path given on the command line."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) not in (1, 2):
        print("usage: python -m spacy_phi.lexicon.common_words_es OUTPUT.txt.gz [MEDDOCAN_TRAIN_DIR]", file=sys.stderr)
        return 2
    corpus = Path(argv[1]) if len(argv) == 2 else Path("assets/meddocan/train")
    words = build_spanish_common_words(corpus)
    output = Path(argv[0])
    write_word_list(
        output,
        "Common Spanish words that are not names or places (MEDDOCAN train, CC BY 4.0, and spaCy's "
        "Spanish stop words, MIT); see spacy_phi/lexicon/common_words_es.py",
        words,
    )
    print(f"{len(words)} words -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
