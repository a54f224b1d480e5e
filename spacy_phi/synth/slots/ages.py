"""Slots that write ages: the patient's age in its many phrasings ({age},
{age.pred}, {age.sex}, {agesex}), infants' months and weeks, other people's
ages, decades and ages at earlier events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict

from .. import lookalikes, values
from ..values import weighted
from .handler import SlotHandler

if TYPE_CHECKING:
    from ..context import NoteContext


def _age(ctx: NoteContext, arg: str) -> None:
    if ctx.peds and ctx.age < 3 and ctx.rng.random() < 0.7:
        _age_months(ctx, arg)
        return
    if ctx.rng.random() < 0.015:
        ctx.phi(values.age_in_words(ctx.age), "AGE")
        ctx.b.add(ctx.rng.choice((" year old", "-year-old", " years old")))
        return
    ctx.pieces(values.age_pieces(ctx.rng, ctx.age, arg))


def _age_pred(ctx: NoteContext, arg: str) -> None:
    """An age after a verb: "54 years old", "54", "age 54", "54 years of age"."""
    style = ctx.rng.choice(("year old", "years_old", "bare", "bare", "age"))
    if style == "year old":
        ctx.pieces([(str(ctx.age), "AGE"), (ctx.rng.choice((" years old", " yrs old", " y/o")), None)])
    else:
        ctx.pieces(values.age_pieces(ctx.rng, ctx.age, style))


def _age_n(ctx: NoteContext, arg: str) -> None:
    ctx.phi(str(ctx.age), "AGE")


def _age_sex(ctx: NoteContext, arg: str) -> None:
    """An age with the sex letter, often glued: "54F", "54 F", "54yo M", "54yM"."""
    letter = ctx.pronoun("mf") or "F"
    joiner = weighted(ctx.rng, (("", 4), (" ", 3), ("yo ", 1), (" yo ", 1), ("y", 1), ("yo", 1)))
    ctx.pieces([(str(ctx.age), "AGE"), (joiner + letter, None)])


def _age_months(ctx: NoteContext, arg: str) -> None:
    months = ctx.memo_value("age_months", lambda: str(max(1, ctx.age * 12 + ctx.rng.randint(0, 11))))
    unit = ctx.rng.choice((" mo", " month old", "-month-old", " months", "mo", " m/o", " mos"))
    ctx.pieces([(months, "AGE"), (unit, None)])


def _age_weeks(ctx: NoteContext, arg: str) -> None:
    ctx.pieces([(str(ctx.rng.randint(1, 8)), "AGE"), (ctx.rng.choice((" wk old", "-week-old", " weeks old", " days old")), None)])


def _age_other(ctx: NoteContext, arg: str) -> None:
    """Another person's age: "kid" 1-17, "child" a child of the patient, else an adult."""
    if arg == "kid":
        low, high = 1, 17
    elif arg == "child":
        low, high = 1, max(2, ctx.age - 16)
    else:
        low, high = 18, 97
    ctx.phi(str(ctx.rng.randint(low, high)), "AGE")


def _age_decade(ctx: NoteContext, arg: str) -> None:
    decade = max(20, min(90, (ctx.age // 10) * 10 if arg != "other" else ctx.rng.choice((20, 30, 40, 50, 60, 70, 80, 90))))
    ctx.phi(f"{decade}s", "AGE")


def _age_event(ctx: NoteContext, arg: str) -> None:
    """An age at an earlier event ("diagnosed at 45", "stroke at 80")."""
    ctx.phi(str(ctx.rng.randint(max(1, ctx.age - 40), max(2, ctx.age - 1))), "AGE")


def _agesex(ctx: NoteContext, arg: str) -> None:
    """ "Age/Sex: 53/F" (the age is AGE, the sex letter is not)."""
    ctx.pieces([(ctx.rng.choice(lookalikes.AGE_SEX_FIELDS), None), (str(ctx.age), "AGE"), ("/" + (ctx.pronoun("mf") or "F"), None)])


#: The slots of this module, by name.
SLOTS: Dict[str, SlotHandler] = {
    "age": _age,
    "age.n": _age_n,
    "age.sex": _age_sex,
    "age.pred": _age_pred,
    "age.mo": _age_months,
    "age.wk": _age_weeks,
    "age.other": _age_other,
    "age.decade": _age_decade,
    "age.event": _age_event,
    "agesex": _agesex,
}
