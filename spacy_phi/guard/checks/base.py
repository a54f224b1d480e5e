"""What every check family reads: the word lists (`CheckWords`), the label
groups, and the helpers that split a span's text into words."""

from __future__ import annotations

import re
from typing import FrozenSet, List

from ...labels import PERSON_LABELS
from ...lexicon.label_lexicons import LabelLexicons
from ...lexicon.vocabulary import MedicalVocabulary
from ...lexicon.word_usage import written_in_lower_case

#: Labels that name a person.
#: Labels that name an institution.
INSTITUTION_LABELS: FrozenSet[str] = frozenset({"HOSPITAL", "ORGANIZATION", "DEPARTMENT"})
#: Labels of places ("US" the study and a team's home are mistaken for them).
PLACE_LABELS: FrozenSet[str] = frozenset({"COUNTRY", "CITY", "STATE", "LOCATION_OTHER"})
#: Labels of names of people, places and institutions (a possessive never starts
#: one; a nationality or language is none of them).
NAME_LABELS: FrozenSet[str] = PERSON_LABELS | INSTITUTION_LABELS | PLACE_LABELS

#: Tokens of a possessive ("wife's" is "wife" + "'s").
POSSESSIVE_CLITICS: FrozenSet[str] = frozenset({"'s", "’s", "'", "’"})
#: Words that never decide a span's plausibility.
FILLER: FrozenSet[str] = frozenset("and of the a an in on at to for & or".split())

#: Text before a span that starts a sentence, line or list item ("5. Gout", "No effusion. Mediastinum").
STARTS_SENTENCE_BEFORE = re.compile(r"""(?:^|\n|[.!?:;]["'”’)\]]*\s|\n\s*(?:\d{1,2}[.)]|[-*•#>])\s*)\s*$""")
#: A word as the checks read it: letters, inner apostrophes and hyphens.
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def words(text: str) -> List[str]:
    """The lower-case words of a text, without edge apostrophes and hyphens."""
    return [w.lower().strip("'’-") for w in WORD.findall(text)]


def singular(word: str) -> str:
    """A plural's singular by its ending ("ladies" -> "lady", "welders" -> "welder")."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def place_phrase(text: str) -> str:
    """"the Philippines," -> "Philippines" (article and outer punctuation dropped)."""
    text = re.sub(r"\s+", " ", text.strip(" ,;:()[]\"'"))
    return re.sub(r"^(?i:the)\s+", "", text)


def line_start(start_char: int, text: str) -> bool:
    """Whether the text before `start_char` ends a line, sentence or list bullet."""
    before = text[max(0, start_char - 8) : start_char]
    return bool(re.search(r"(?:^|\n|[:.;]\s)\s*(?:[-*•]\s*)?$", before)) or start_char == 0


class CheckWords:
    """The word lists the checks read.

    lexicons (LabelLexicons): the label lexicons (occupations, states, ...).
    vocabulary (MedicalVocabulary): the guard's medical vocabulary (drugs,
        always-medical words, abbreviations, common words).
    """

    def __init__(self, lexicons: LabelLexicons, vocabulary: MedicalVocabulary) -> None:
        self.lexicons = lexicons
        self.vocabulary = vocabulary

    def known_word(self, word: str) -> bool:
        """An ordinary, medical, drug, brand, date, body-part, occupation or
        nationality word (lower case), or a word English writes mostly in lower
        case ("home", "feet": `lexicon.word_usage`)."""
        lex = self.lexicons
        return (
            self.vocabulary.is_ordinary_word(word)
            or self.vocabulary.is_always_medical(word)
            or word in lex.brands
            or word in lex.body_parts_and_headers
            or word in lex.date_words
            or word in lex.occupations
            or word in lex.nationalities
            or written_in_lower_case(word)
        )


__all__ = [
    "FILLER", "INSTITUTION_LABELS", "NAME_LABELS", "PERSON_LABELS", "PLACE_LABELS", "POSSESSIVE_CLITICS", "STARTS_SENTENCE_BEFORE", "WORD",
    "CheckWords", "line_start", "place_phrase", "singular", "words",
]
