"""Copying the letter case of an original onto its surrogate."""

from __future__ import annotations


def case_style(text: str) -> str:
    """The case style of a text: "upper", "lower", "title" or "mixed".

    text (str): the original.
    RETURNS (str): the style; texts without letters are "mixed".
    """
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "mixed"
    if all(c.isupper() for c in letters):
        # A single capital ("J") is an initial: title and upper agree.
        return "upper"
    if all(c.islower() for c in letters):
        return "lower"
    if letters[0].isupper():
        return "title"
    return "mixed"


def match_case(original: str, value: str) -> str:
    """Give `value` the case style of `original` ("HESS" -> all caps,
    "hess" -> lower case, "Hess" -> value as written).

    original (str): the original text.
    value (str): the surrogate, in its natural case.
    RETURNS (str): the surrogate in the original's case.
    """
    style = case_style(original)
    if style == "upper" and len([c for c in original if c.isalpha()]) > 1:
        return value.upper()
    if style == "upper":
        return value[:1].upper() + value[1:]
    if style == "lower":
        return value.lower()
    return value
