"""Age surrogates: HIPAA Safe Harbor top-coding and strict replacement.

- Ages above `cap` (default 89) become `cap_text` (default "90+"): the number
  in the span is replaced, the unit words kept ("92 yo" -> "90+ yo").
- Ages up to `cap`: kept in "hipaa" mode (Safe Harbor allows them); in
  "strict" mode the number is replaced by a keyed value within +-3 years
  (never above `cap`), so the clinical picture stays about the same.
- A span without a readable number raises `SurrogateError` (masked).
"""

from __future__ import annotations

import random
import re
from typing import Optional, Tuple

from ..labels import parse_age_years
from ..errors import SurrogateError

AGE_MODES = ("hipaa", "strict")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def surrogate_age(
    rng: random.Random, text: str, mode: str = "hipaa", cap: int = 89, cap_text: str = "90+"
) -> Tuple[str, bool]:
    """The surrogate of an AGE span.

    rng (random.Random): the keyed generator.
    text (str): the original span.
    mode (str): "hipaa" or "strict".
    cap (int): the largest age that may be shown.
    cap_text (str): what replaces ages above `cap`.
    RETURNS (Tuple[str, bool]): the new text and whether it was changed.
    RAISES (SurrogateError): no age can be read.
    """
    if mode not in AGE_MODES:
        raise ValueError(f"Unknown age mode {mode!r}; expected one of {', '.join(AGE_MODES)}")
    years: Optional[float] = parse_age_years(text)
    match = _NUMBER.search(text)
    if years is None or match is None:
        raise SurrogateError("no number in AGE span")
    if years > cap:
        return text[: match.start()] + cap_text + text[match.end() :], True
    if mode == "hipaa":
        return text, False
    value = float(match.group())
    low, high = max(0, int(value) - 3), min(cap if years == value else int(value) + 3, int(value) + 3)
    choices = [v for v in range(low, high + 1) if v != int(value)] or [int(value)]
    new = rng.choice(choices)
    if new == value:  # only possible for 0-year edge cases: still hide it
        raise SurrogateError("cannot replace AGE")
    return text[: match.start()] + str(new) + text[match.end() :], True
