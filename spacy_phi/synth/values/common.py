"""What every value family shares: the `Pieces` a rendering returns, weighted
draws, random digits and identifier shapes.

Rendering functions return `Pieces`: a list of (text, label) pairs where
label is None for text that is not PHI ("Dr. ", ", M.D."), so a title or a
field name is never inside a span (i2b2 2014 convention).
"""

from __future__ import annotations

import random
import string
from typing import List, Optional, Sequence, Tuple

Piece = Tuple[str, Optional[str]]
Pieces = List[Piece]


def weighted(rng: random.Random, table: Sequence[Tuple[str, float]]) -> str:
    """One key of a (key, weight) table, drawn by weight."""
    total = sum(w for _, w in table)
    point = rng.random() * total
    for key, weight in table:
        point -= weight
        if point < 0:
            return key
    return table[-1][0]


def random_digits(rng: random.Random, n: int) -> str:
    """`n` random digits."""
    return "".join(rng.choice(string.digits) for _ in range(n))


_ID_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"


def shape_id(rng: random.Random, shape: str) -> str:
    """An identifier from a shape: 9 = digit, A = capital, a = small letter,
    X = capital or digit, anything else kept ("AA9999999" -> "KQ0937884")."""
    out = []
    for c in shape:
        if c == "9":
            out.append(rng.choice(string.digits))
        elif c == "A":
            out.append(rng.choice(_ID_LETTERS))
        elif c == "a":
            out.append(rng.choice(string.ascii_lowercase))
        elif c == "X":
            out.append(rng.choice(_ID_LETTERS + string.digits))
        else:
            out.append(c)
    return "".join(out)
