"""Train/dev/test-disjoint value pools.

Every open-class value (a name word, a city, a hospital, an organization, a
profession, a street, a landmark) belongs to exactly one split, decided by a
stable hash of its normalized text (BLAKE2b, never Python's randomized
`hash`): 70% train, 10% dev, 20% test. A split draws values with the
samplers of `spacy_phi.surrogates` and keeps only those of its own part
(rejection sampling), so the test split only holds values train never saw,
and its score measures generalization, not memorization.

Person names are split word by word with one shared kind ("name") for first
and last names, so a word is never a train surname and a test given name.
Closed classes are not split (states, months, weekdays, holidays, generic
departments, countries): a deployed model must know all of them, and there
are too few to hold some out.
"""

from __future__ import annotations

import hashlib
import random
from functools import lru_cache
from typing import Callable, Dict, Sequence, Tuple

SPLITS: Tuple[str, ...] = ("train", "dev", "test")
#: Cumulative share (per mille) of each split: train < 700 <= dev < 800 <= test.
SPLIT_BOUNDS: Dict[str, Tuple[int, int]] = {"train": (0, 700), "dev": (700, 800), "test": (800, 1000)}
_MAX_DRAWS = 400


def normalize(value: str) -> str:
    """The form of a value that decides its split: lower case, single spaces."""
    return " ".join(value.lower().split())


@lru_cache(maxsize=200_000)
def value_split(kind: str, value: str) -> str:
    """The split a value belongs to.

    kind (str): the pool ("name", "city", "hospital", "organization", ...).
    value (str): the value (any case).
    RETURNS (str): "train", "dev" or "test".
    """
    digest = hashlib.blake2b(f"{kind}\x00{normalize(value)}".encode("utf8"), digest_size=8).digest()
    bucket = int.from_bytes(digest, "big") % 1000
    for split, (low, high) in SPLIT_BOUNDS.items():
        if low <= bucket < high:
            return split
    raise AssertionError("unreachable")


def in_split(kind: str, value: str, split: str) -> bool:
    """Whether a value belongs to a split."""
    return value_split(kind, value) == split


def draw(rng: random.Random, sampler: Callable[[random.Random], str], kind: str, split: str) -> str:
    """Draw with `sampler(rng)` until the value belongs to `split`.

    rng (random.Random): the note's generator.
    sampler (Callable): a value sampler, e.g. `locations.sample_city`.
    kind (str): the pool the value's split is computed in.
    split (str): the split wanted.
    RETURNS (str): the value.
    RAISES (RuntimeError): no value of the split after many draws (a pool too small).
    """
    if split not in SPLIT_BOUNDS:
        raise ValueError(f"Unknown split {split!r}; expected one of {', '.join(SPLITS)}")
    for _ in range(_MAX_DRAWS):
        value = sampler(rng)
        if value_split(kind, value) == split:
            return value
    raise RuntimeError(f"No {kind} value of split {split!r} after {_MAX_DRAWS} draws")


_FILTERED: Dict[Tuple[int, str, str], Tuple[Sequence[str], Tuple[str, ...]]] = {}


def split_part(values: Sequence[str], kind: str, split: str) -> Tuple[str, ...]:
    """The values of a fixed list that belong to a split (cached per list).

    values (Sequence[str]): a module-level list or tuple of values.
    kind (str): the pool.
    split (str): the split.
    RETURNS (Tuple[str, ...]): the part, in list order.
    """
    key = (id(values), kind, split)
    cached = _FILTERED.get(key)
    if cached is not None and cached[0] is values:
        return cached[1]
    part = tuple(v for v in values if value_split(kind, v) == split)
    _FILTERED[key] = (values, part)
    return part


def choose(rng: random.Random, values: Sequence[str], kind: str, split: str) -> str:
    """A random value of a fixed list that belongs to `split`.

    rng (random.Random): the note's generator.
    values (Sequence[str]): a module-level list (kept alive: cached by id).
    kind (str): the pool.
    split (str): the split.
    RETURNS (str): the value.
    RAISES (RuntimeError): the list has no value of that split.
    """
    part = split_part(values, kind, split)
    if not part:
        raise RuntimeError(f"The {kind} list has no value of split {split!r}")
    return rng.choice(part)
