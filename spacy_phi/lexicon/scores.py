"""The words that make a fraction a score, not a date: "strength 4/5", "MMSE
28/30", "BiPAP 12/5", "recalls 3/3" read as a score or a setting, never as
April 5 or December 5.

One list (`SCORE_WORDS`) and one builder (`score_words_before`) for every
detector that asks "is this n/m a score?". What differs between the questions
is the context, and it is a parameter of the builder: the words that only some
fractions take (a 0-10 rating is "pain 7/10" or "about a 7/10"; "around 6/12"
is a date), what may stand between the word and the fraction, and (the
caller's slice of text) how far back to look.
"""

from __future__ import annotations

from typing import Iterable, Tuple

#: Words that name a score, a scale, a graded exam, a test or a ventilator
#: setting, as regex alternatives (matched ignoring case).
SCORE_WORDS: Tuple[str, ...] = (
    # a score, a scale, a grade
    "score", "scored", "scale", "grade", "graded", "rated", "rates", "gcs", "apgars?",
    # a strength or reflex exam, and the muscle groups and limbs it grades
    # ("Left lower extremity 5/5", "hip flexors 4/5")
    "strength", "strengths", "motor", "power", r"reflex(?:es)?", "grip", "gait", "balance", "murmur", "mmt",
    "extremity", "extremities", "flexors?", "extensors?", "flexion", "extension", "abduction", "adduction",
    "dorsiflexion", "plantarflexion",
    # scored tests and screens
    "mmse", "moca", "tinetti", "berg", "phq", "gad", "bims", "oxford", "teach-?back",
    # cognitive and forensic test items ("recalls 3/3", "MacCAT-CA: Understanding 10/16")
    "recalls?", "recalled", "registration", "understanding", "reasoning", "appreciation", "attention", "orientation",
    # ventilator pressures ("BiPAP 12/5", "CPAP 10/5")
    "bi-?pap", "cpap", "ipap", "epap", "peep", "nippv",
)


def score_words_before(extra_words: Iterable[str] = (), *, then: str, whole_words: bool = True) -> str:
    """A regex for the text before a fraction that makes it a score: one of
    `SCORE_WORDS` or `extra_words`, then `then`.

    extra_words (Iterable[str]): words that make this caller's fraction a score
        too (regex alternatives), e.g. the symptoms and hedges of a 0-10 rating
        ("pain", "about").
    then (str): what follows the word, up to the fraction: r"[^.;\\n]*$" (the
        rest of the clause) or r"(?:\\s+\\w+){0,2}\\s*[:=]?" (up to two words
        and a colon).
    whole_words (bool): the word is a whole word (\\b on both sides).
    RETURNS (str): the regex (no flags; compile it ignoring case).
    """
    alternatives = "|".join(dict.fromkeys((*SCORE_WORDS, *extra_words)))
    boundary = r"\b" if whole_words else ""
    return f"{boundary}(?:{alternatives}){boundary}{then}"


__all__ = ["SCORE_WORDS", "score_words_before"]
