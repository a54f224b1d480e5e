"""How often English writes a word in lower case and capitalised, for the case view and `phi_guard`.

In a note typed in capitals the case of a word says nothing, and the name lists
(every Faker locale) hold ordinary words ("said", "hung", "tiny"), while the
dictionary word list misses modern and irregular forms ("home", "feet", "began",
"lifestyle"). What a writer of mixed-case English does with the word settles
it: "home" is written in lower case 22 times as often as "Home", "Nancy" is
written capitalised far more often than "nancy".

This module extracts those two frequencies from the English lexeme
probability table of the MIT-licensed PyPI package `spacy-lookups-data`
(1.0.5, `en_lexeme_prob.json.gz`: natural-log probabilities of one million
word forms, as written, estimated by the spaCy authors from a large web
corpus). Kept: ASCII words of two letters or more whose lower-case or
capitalised form has a log probability of at least `MIN_LOG_PROB`, with both
log probabilities (`MISSING_LOG_PROB` for a form the table does not list),
rounded to one decimal: one "word<TAB>lower<TAB>capitalised" line each.

Rebuild (needs `pip install --no-deps spacy-lookups-data==1.0.5`; the result ships gzipped):

    python -m spacy_phi.lexicon_rebuild.word_usage spacy_phi/data/medical_vocabulary/word_usage.txt.gz
"""

from __future__ import annotations

import gzip
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

#: Rarer lower-case forms are left out: their ratio of cases is noise.
MIN_LOG_PROB = -16.0
#: The log probability written for a capitalised form the table does not list
#: (below the table's rarest entry, about -19.5).
MISSING_LOG_PROB = -20.0


def select_word_usage(probabilities: Dict[str, float]) -> List[Tuple[str, float, float]]:
    """The (word, lower-case log prob, capitalised log prob) rows kept, sorted by word.

    probabilities (Dict[str, float]): log probability of each form, as written.
    RETURNS (List[Tuple[str, float, float]]): ASCII words of two letters or
        more whose lower-case or capitalised form is at least `MIN_LOG_PROB`
        ("home"; "tanaka", a name rare in lower case), by their lower-case form.
    """
    rows = {}
    for form in probabilities:
        word = form.lower()
        if len(word) < 2 or not (word.isascii() and word.isalpha()) or word in rows or form not in (word, word.capitalize()):
            continue
        lower = max(probabilities.get(word, MISSING_LOG_PROB), MISSING_LOG_PROB)
        capitalised = max(probabilities.get(word.capitalize(), MISSING_LOG_PROB), MISSING_LOG_PROB)
        if max(lower, capitalised) >= MIN_LOG_PROB:
            rows[word] = (word, round(lower, 1), round(capitalised, 1))
    return sorted(rows.values())


def write_word_usage(path: Path, header: str, rows: Iterable[Tuple[str, float, float]]) -> None:
    """Write the rows gzipped, "#" header first (deterministic bytes: no file time)."""
    lines = [f"# {header}"] + [f"{word}\t{lower:.1f}\t{capitalised:.1f}" for word, lower, capitalised in rows]
    with path.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as file:
        file.write(("\n".join(lines) + "\n").encode("utf-8"))


def _source_probabilities() -> Dict[str, float]:
    """The English lexeme probabilities of the installed spacy-lookups-data package."""
    import spacy_lookups_data  # build time only

    path = resources.files(spacy_lookups_data).joinpath("data", "en_lexeme_prob.json.gz")
    with gzip.open(path.open("rb")) as file:
        return json.load(file)


def main(argv: Optional[List[str]] = None) -> int:
    """Write the gzipped table to the path given on the command line."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m spacy_phi.lexicon_rebuild.word_usage OUTPUT.txt.gz", file=sys.stderr)
        return 2
    rows = select_word_usage(_source_probabilities())
    output = Path(argv[0])
    write_word_usage(output, "English word usage from spacy-lookups-data 1.0.5 (MIT); see spacy_phi/lexicon_rebuild/word_usage.py", rows)
    print(f"{len(rows)} words -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
