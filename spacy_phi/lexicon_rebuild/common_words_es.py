"""Rebuild the Spanish common-word list of `spacy_phi.lexicon.common_words_es`
from the MEDDOCAN training split (never dev):

    python -m spacy_phi.lexicon_rebuild.common_words_es spacy_phi/data/medical_vocabulary/common_words_es.txt.gz [MEDDOCAN_TRAIN_DIR]

It leaves out every Spanish name and place the surrogate generators know
(build time only).
"""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path
from typing import List, Optional, Set

from .common_words import write_word_list

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


def main(argv: Optional[List[str]] = None) -> int:
    """Write the gzipped list to the path given on the command line."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) not in (1, 2):
        print("usage: python -m spacy_phi.lexicon_rebuild.common_words_es OUTPUT.txt.gz [MEDDOCAN_TRAIN_DIR]", file=sys.stderr)
        return 2
    corpus = Path(argv[1]) if len(argv) == 2 else Path("assets/meddocan/train")
    words = build_spanish_common_words(corpus)
    output = Path(argv[0])
    write_word_list(
        output,
        "Common Spanish words that are not names or places (MEDDOCAN train, CC BY 4.0, and spaCy's "
        "Spanish stop words, MIT); see spacy_phi/lexicon_rebuild/common_words_es.py",
        words,
    )
    print(f"{len(words)} words -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
