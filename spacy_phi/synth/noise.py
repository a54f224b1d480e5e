"""Realistic noise for synthetic notes: typos, odd spacing, line breaks inside
sentences and glued tokens.

Noise never moves a recorded offset: literal text is made noisy *before* it
is written, PHI values are never altered here, and the only change made
after writing (hard wrapping, `NoteBuilder.wrap`) swaps a space outside PHI
for a newline. Glue (a PHI value written with no space before it, as in
"Results02/20/2087" or "MR:6746781") is only used where the clinical
tokenizer splits the glued token again (`builder.can_glue`), so the span
stays token-aligned.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

_KEYBOARD_NEIGHBOURS = {
    "a": "sqz", "b": "vn", "c": "xv", "d": "sf", "e": "wr", "f": "dg", "g": "fh", "h": "gj", "i": "uo",
    "j": "hk", "k": "jl", "l": "k", "m": "n", "n": "bm", "o": "ip", "p": "o", "q": "w", "r": "et",
    "s": "ad", "t": "ry", "u": "yi", "v": "cb", "w": "qe", "x": "zc", "y": "tu", "z": "x",
}


@dataclass(frozen=True)
class NoiseProfile:
    """How noisy one note is.

    typo (float): chance that a literal chunk gets one typo.
    spacing (float): chance that a literal chunk gets a doubled space or tab.
    inline_break (float): chance that a literal chunk gets a line break in place of a space.
    glue (float): chance that a PHI value is glued to the text before it (where safe).
    wrap (int): hard-wrap width, 0 for none.
    """

    typo: float = 0.0
    spacing: float = 0.0
    inline_break: float = 0.0
    glue: float = 0.0
    wrap: int = 0


def sample_profile(rng: random.Random, family_wrap: float = 0.3) -> NoiseProfile:
    """A noise profile: most notes are mildly noisy, some clean, some very noisy.

    rng (random.Random): the note's generator.
    family_wrap (float): how often this note family is hard-wrapped.
    RETURNS (NoiseProfile): the profile.
    """
    level = rng.choice((0.0, 0.5, 1.0, 1.0, 1.5, 2.5))
    wrap = rng.choice((60, 66, 72, 78, 80, 90)) if rng.random() < family_wrap else 0
    return NoiseProfile(
        typo=0.01 * level,
        spacing=0.02 * level,
        inline_break=0.012 * level,
        glue=0.03 * level,
        wrap=wrap,
    )


def typo(rng: random.Random, word: str) -> str:
    """One keyboard typo in a word: swap, drop, double or replace a letter."""
    if len(word) < 4:
        return word
    i = rng.randint(1, len(word) - 2)
    kind = rng.randint(0, 3)
    if kind == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    if kind == 2:
        return word[:i] + word[i] + word[i:]
    near = _KEYBOARD_NEIGHBOURS.get(word[i].lower(), "")
    return word[:i] + (rng.choice(near) if near else word[i]) + word[i + 1 :]


def noisy_literal(rng: random.Random, text: str, profile: NoiseProfile) -> str:
    """Literal (non-PHI) text with the profile's typos and spacing noise.

    rng (random.Random): the note's generator.
    text (str): the literal text.
    profile (NoiseProfile): the note's noise profile.
    RETURNS (str): the text, usually unchanged.
    """
    if len(text) < 12 or " " not in text:
        return text
    if profile.typo and rng.random() < profile.typo * 3:
        words = text.split(" ")
        candidates = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha() and w.islower()]
        if candidates:
            i = rng.choice(candidates)
            words[i] = typo(rng, words[i])
            text = " ".join(words)
    if profile.spacing and rng.random() < profile.spacing * 3:
        i = _inner_space(rng, text)
        if i >= 0:
            text = text[:i] + rng.choice(("  ", "   ", " \t", "  ")) + text[i + 1 :]
    if profile.inline_break and rng.random() < profile.inline_break * 3:
        i = _inner_space(rng, text)
        if i >= 0:
            text = text[:i] + rng.choice(("\n", "\n", " \n", "\n ")) + text[i + 1 :]
    return text


def _inner_space(rng: random.Random, text: str) -> int:
    """A random space that is not at either end of the text (-1 if none)."""
    positions = [i for i in range(1, len(text) - 1) if text[i] == " " and text[i - 1] != " " and text[i + 1] != " "]
    return rng.choice(positions) if positions else -1
