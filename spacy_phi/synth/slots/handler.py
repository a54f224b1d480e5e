"""The type of a slot handler: it takes the note context and the slot's
argument (`{date:dob}` -> "dob") and writes through the context."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from ..context import NoteContext

SlotHandler = Callable[["NoteContext", str], None]
