"""Token units for the token-level metrics.

A token unit is a key (label or None, start, end); gold and predicted units of
a document are compared as sets, so two spans covering the same token with the
same label count once.

- "alnum" (the official i2b2 2014 script): every run of `[a-zA-Z0-9]+` inside
  the span's own text; punctuation and whitespace never count. A prediction
  "Smith," and a gold "Smith" give the same unit.
- "whitespace" ("space-delimited tokens as i2b2 did"): every whitespace-delimited
  token of the document that overlaps the span, with the token's full offsets
  (so "Smith," is one token whichever of the two spans marks it).
- "tokenizer": every token of our tokenizer (given as offsets) that overlaps the
  span, whitespace-only tokens excluded.
"""

from __future__ import annotations

import bisect
import re
from typing import Callable, Iterable, List, Optional, Sequence, Set, Tuple

from .documents import PhiSpan

TokenKey = Tuple[Optional[str], int, int]

_ALNUM = re.compile(r"[a-zA-Z0-9]+")
_NON_SPACE = re.compile(r"\S+")


def alnum_tokens(text: str, start: int, end: int) -> List[Tuple[int, int]]:
    """The i2b2 tokens of a span: runs of [a-zA-Z0-9]+ inside text[start:end].

    text (str): the document text.
    start (int): span start.
    end (int): span end (exclusive).
    RETURNS (List[Tuple[int, int]]): token offsets in document coordinates.
    """
    # pos/endpos clip the search to the span, as the script tokenizes the span text.
    return [(m.start(), m.end()) for m in _ALNUM.finditer(text, start, end)]


def whitespace_token_offsets(text: str) -> List[Tuple[int, int]]:
    """All whitespace-delimited tokens of a text.

    text (str): the text.
    RETURNS (List[Tuple[int, int]]): their offsets, in order.
    """
    return [(m.start(), m.end()) for m in _NON_SPACE.finditer(text)]


def overlapping_tokens(tokens: Sequence[Tuple[int, int]], start: int, end: int) -> List[Tuple[int, int]]:
    """The tokens (sorted, non-overlapping) that share a character with [start, end).

    tokens (Sequence[Tuple[int, int]]): token offsets in document order.
    start (int): span start.
    end (int): span end (exclusive).
    RETURNS (List[Tuple[int, int]]): the overlapping tokens.
    """
    ends = [t[1] for t in tokens]
    i = bisect.bisect_right(ends, start)
    result = []
    while i < len(tokens) and tokens[i][0] < end:
        if tokens[i][1] > start and tokens[i][1] > tokens[i][0]:
            result.append(tokens[i])
        i += 1
    return result


def token_units(
    text: str,
    spans: Iterable[PhiSpan],
    kind: str = "alnum",
    *,
    keep_label: bool = True,
    tokens: Optional[Sequence[Tuple[int, int]]] = None,
) -> Set[TokenKey]:
    """The set of token units of some spans.

    text (str): the document text.
    spans (Iterable[PhiSpan]): the spans.
    kind (str): "alnum", "whitespace" or "tokenizer" (see the module docstring).
    keep_label (bool): key by label (typed); False for the binary metrics.
    tokens (Optional[Sequence[Tuple[int, int]]]): token offsets for "tokenizer".
    RETURNS (Set[TokenKey]): the units.
    """
    finder: Callable[[int, int], List[Tuple[int, int]]]
    if kind == "alnum":
        finder = lambda s, e: alnum_tokens(text, s, e)  # noqa: E731
    elif kind == "whitespace":
        ws = whitespace_token_offsets(text)
        finder = lambda s, e: overlapping_tokens(ws, s, e)  # noqa: E731
    elif kind == "tokenizer":
        if tokens is None:
            raise ValueError("The tokenizer token metric needs the token offsets")
        kept = [t for t in tokens if text[t[0]:t[1]].strip()]
        finder = lambda s, e: overlapping_tokens(kept, s, e)  # noqa: E731
    else:
        raise ValueError(f"Unknown token kind {kind!r}; expected alnum, whitespace or tokenizer")
    units: Set[TokenKey] = set()
    for span in spans:
        label = span.label if keep_label else None
        for start, end in finder(span.start, span.end):
            units.add((label, start, end))
    return units
