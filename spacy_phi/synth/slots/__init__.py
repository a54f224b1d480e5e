"""The slots of the template language: `{name}` and `{name:arg}` in a template
(see `template.py`) call the handler of `name` with the note context and `arg`.

One module per kind of value: `people`, `dates`, `ages`, `places`, `contacts`,
`identifiers`. Each handler writes through the context, which records the PHI
spans as it writes. Handlers are plain functions in one table, so filling a
slot is one dict lookup. `{~name}` slots (look-alikes and pronouns) are not
here: the context fills them itself.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from .. import lookalikes
from . import ages, contacts, dates, identifiers, people, places
from .handler import SlotHandler

#: Every slot handler, by slot name.
SLOT_TABLE: Dict[str, SlotHandler] = {}
for _module in (people, dates, ages, places, contacts, identifiers):
    _clash = SLOT_TABLE.keys() & _module.SLOTS.keys()
    if _clash:
        raise ValueError(f"Slot names defined twice: {sorted(_clash)}")
    SLOT_TABLE.update(_module.SLOTS)

#: The slot names (for tests and for authors of note families).
SLOT_NAMES: Tuple[str, ...] = tuple(sorted(SLOT_TABLE))

#: The `{~name}` pronoun slots, filled from the patient's sex.
PRONOUN_SLOTS: Tuple[str, ...] = ("he", "He", "his", "His", "him", "sex", "male", "mf", "title", "gent")


def known_slot(name: str) -> bool:
    """Whether a slot name exists (PHI slots and `~` look-alike/pronoun slots)."""
    if name.startswith("~"):
        key = name[1:]
        return key in lookalikes.LOOKALIKE_SLOTS or key == "n" or key in PRONOUN_SLOTS
    return name in SLOT_TABLE


def all_slot_names() -> List[str]:
    return list(SLOT_NAMES)
