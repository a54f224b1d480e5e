"""Note families: one module per kind of clinical note.

Each module defines `FAMILY`, a `NoteFamily` with its layout variants. A
variant is one note skeleton (its own header, section order and wording);
variants marked `held_out` are used only by test notes, so the test split
can be scored on templates train never saw (`meta["template_seen"]`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Tuple

from ..context import NoteContext

WriteNote = Callable[[NoteContext], None]


@dataclass(frozen=True)
class Variant:
    """One layout of a note family.

    id (str): the template id, "<family>.<name>".
    write (WriteNote): writes the note into the context.
    held_out (bool): used only for unseen-template test notes.
    """

    id: str
    write: WriteNote
    held_out: bool = False


@dataclass(frozen=True)
class NoteFamily:
    """A kind of clinical note.

    name (str): the note type, e.g. "discharge".
    weight (float): relative frequency in the corpus.
    variants (Tuple[Variant, ...]): its layouts (at least one seen, one held out).
    wrap (float): how often its notes are hard-wrapped.
    cases (Tuple[Tuple[str, float], ...]): whole-note case modes and weights.
    default (bool): drawn when no families are named (the default corpus); a family
        that is not is generated only when named, as its own corpus.
    """

    name: str
    weight: float
    variants: Tuple[Variant, ...]
    wrap: float = 0.3
    cases: Tuple[Tuple[str, float], ...] = (("as_is", 1.0),)
    default: bool = True

    @property
    def seen_variants(self) -> Tuple[Variant, ...]:
        return tuple(v for v in self.variants if not v.held_out)

    @property
    def held_out_variants(self) -> Tuple[Variant, ...]:
        return tuple(v for v in self.variants if v.held_out)


def _load() -> Dict[str, NoteFamily]:
    from . import (
        brief,
        clinic,
        discharge,
        ed,
        home_health,
        icu_nursing,
        letter,
        message,
        nursing,
        operative,
        pathology,
        pediatric,
        psych,
        radiology,
        social_work,
    )

    modules = (discharge, clinic, nursing, psych, ed, letter, radiology, pathology, message, operative,
               pediatric, social_work, home_health, brief, icu_nursing)
    return {m.FAMILY.name: m.FAMILY for m in modules}


#: Every note family by name.
FAMILIES: Dict[str, NoteFamily] = _load()

#: The families of the default corpus (drawn when no families are named).
DEFAULT_FAMILIES: Tuple[str, ...] = tuple(name for name, family in FAMILIES.items() if family.default)
