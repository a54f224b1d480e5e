"""A rule-based sentence segmenter for clinical notes: the `phi_sentencizer`
pipeline component.

Punctuation-only splitting (spaCy's `Sentencizer`) breaks "Dr. Vincent" into two
sentences and so separates a name from its title cue, and it ignores the layout
that carries most of the structure of a clinical note: short lines, section
headers, key: value lines, lists, tables and letterheads. This component uses
both punctuation and layout.

- `component`: `PhiSentencizer`, its factory `phi_sentencizer` and its scorer;
- `boundaries`: the rules that decide where sentences start (listed there);
- `layout`: the chunks and lines of a note and their features;
- `wordlists`: the abbreviations, section headers and continuation words,
  read from `spacy_phi/data/sentencizer/`.
"""

from .component import PhiSentencizer, make_phi_sentencizer, phi_sentencizer_score
from .wordlists import (
    CONTINUATION_STARTS,
    CONTINUATION_WORDS,
    FINAL_ABBREVIATIONS,
    LETTER_NOUNS,
    PREFIX_ABBREVIATIONS,
    SECTION_HEADERS,
)

__all__ = [
    "CONTINUATION_STARTS",
    "CONTINUATION_WORDS",
    "FINAL_ABBREVIATIONS",
    "LETTER_NOUNS",
    "PREFIX_ABBREVIATIONS",
    "SECTION_HEADERS",
    "PhiSentencizer",
    "make_phi_sentencizer",
    "phi_sentencizer_score",
]
