"""Ages of a synthetic note: "54 yo", "54-year-old", "age 54" (only the number
is PHI), and ages written out ("fifty-four")."""

from __future__ import annotations

import random

from .common import Pieces, weighted


def age_pieces(rng: random.Random, years: int, style: str = "") -> Pieces:
    """An age phrase; only the number is PHI ("54" in "54 yo")."""
    n = str(years)
    # Default: forms that read before a noun ("a 54 yo man", "a 54-year-old woman").
    style = style or weighted(
        rng,
        (("yo", 24), ("y/o", 12), ("year-old", 24), ("year old", 10), ("glued_yo", 6), ("yr_old", 4), ("y.o.", 5)),
    )
    if style == "yo":
        return [(n, "AGE"), (" yo", None)]
    if style == "y/o":
        return [(n, "AGE"), (rng.choice((" y/o", " Y/O", " y.o")), None)]
    if style == "year-old":
        return [(n, "AGE"), (rng.choice(("-year-old", "-yr-old", "-year old", "-yo")), None)]
    if style == "year old":
        return [(n, "AGE"), (rng.choice((" year old", " yr old", " year-old")), None)]
    if style == "glued_yo":
        return [(n, "AGE"), (rng.choice(("yo", "yr", "yrs")), None)]
    if style == "yo_sex":
        return [(n, "AGE"), (rng.choice(("yo M", "yo F", " yo M", " yo F")), None)]
    if style == "yoM":
        return [(n, "AGE"), (rng.choice(("yM", "yF")), None)]
    if style == "age":
        return [(rng.choice(("age ", "Age ", "Age: ", "age: ", "AGE: ")), None), (n, "AGE")]
    if style == "aged":
        return [("aged ", None), (n, "AGE")]
    if style == "years_old":
        return [(n, "AGE"), (" years of age", None)]
    if style == "yr_old":
        return [(n, "AGE"), (" yr old", None)]
    if style == "y.o.":
        return [(n, "AGE"), (rng.choice((" y.o.", " Y.O.")), None)]
    return [(n, "AGE")]


NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
TENS_WORDS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def age_in_words(years: int) -> str:
    """ "fifty-four" (ages are sometimes written out)."""
    if years < 20:
        return NUMBER_WORDS[years]
    tens, ones = divmod(years, 10)
    if tens >= 10:
        return str(years)
    return TENS_WORDS[tens] + (f"-{NUMBER_WORDS[ones]}" if ones else "")
