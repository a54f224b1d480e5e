"""Slots that write dates: the note's date styles ({date}, {date.num},
{date.text}), short and partial dates, years, weekdays, ranges, holidays,
seasons and mistyped dates."""

from __future__ import annotations

import datetime as dt

from typing import TYPE_CHECKING, Dict

from .. import lookalikes, values
from ..values import weighted
from .handler import SlotHandler

if TYPE_CHECKING:
    from ..context import NoteContext


def _date_value(ctx: NoteContext, arg: str, style: str) -> str:
    date = ctx.date(arg)
    return values.date_text(date, style)


def _date(ctx: NoteContext, arg: str) -> None:
    roll = ctx.rng.random()
    if roll < 0.72:
        style = ctx.date_style
    elif roll < 0.85:
        style = ctx.written_style
    else:
        style = weighted(ctx.rng, values.NUMERIC_STYLES + values.WRITTEN_STYLES)
    ctx.phi(_date_value(ctx, arg, style), "DATE")


def _date_num(ctx: NoteContext, arg: str) -> None:
    style = ctx.date_style if ctx.rng.random() < 0.7 else weighted(ctx.rng, values.NUMERIC_STYLES)
    ctx.phi(_date_value(ctx, arg, style), "DATE")


def _date_text(ctx: NoteContext, arg: str) -> None:
    style = ctx.written_style if ctx.rng.random() < 0.6 else weighted(ctx.rng, values.WRITTEN_STYLES)
    value = _date_value(ctx, arg, style)
    if style == "the Dth of Month":
        ctx.pieces([("the ", None), (value, "DATE")])
    else:
        ctx.phi(value, "DATE")


def _date_short(ctx: NoteContext, arg: str) -> None:
    style = weighted(ctx.rng, values.SHORT_STYLES)
    value = _date_value(ctx, arg, style)
    if style == "Dth" and ctx.rng.random() < 0.6:
        ctx.pieces([("the ", None), (value, "DATE")])
    else:
        ctx.phi(value, "DATE")


def _date_my(ctx: NoteContext, arg: str) -> None:
    ctx.phi(_date_value(ctx, arg, weighted(ctx.rng, values.MONTH_YEAR_STYLES)), "DATE")


def _date_year(ctx: NoteContext, arg: str) -> None:
    ctx.phi(str(ctx.date(arg or "past").year), "DATE")


def _date_yy(ctx: NoteContext, arg: str) -> None:
    year = ctx.date(arg or "past").year % 100
    ctx.phi(ctx.rng.choice((f"'{year:02d}", f"{year:02d}", f"'{year:02d}")), "DATE")


def _date_wd(ctx: NoteContext, arg: str) -> None:
    style = ctx.rng.choice(("Weekday", "Weekday", "Weekday", "Wkd"))
    ctx.phi(values.date_text(ctx.date(arg or "near"), style), "DATE")


def _date_month(ctx: NoteContext, arg: str) -> None:
    ctx.phi(values.date_text(ctx.date(arg or "past"), "Month"), "DATE")


def _date_rec(ctx: NoteContext, arg: str) -> None:
    """A record-date header value: mostly ISO, as in i2b2 2014 ("2067-09-14")."""
    style = weighted(ctx.rng, (("YYYY-MM-DD", 60), ("MM/DD/YYYY", 25), ("M/D/YYYY", 10), ("Month D, YYYY", 5)))
    ctx.phi(_date_value(ctx, arg, style), "DATE")


def _date_dt(ctx: NoteContext, arg: str) -> None:
    """A date with a time (the time is not PHI): "09/14/2067 14:32"."""
    _date_num(ctx, arg)
    ctx.b.add(" " + lookalikes.clock_time(ctx.rng))


def _holiday(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.rng.choice(values.HOLIDAYS), "DATE")


def _date_range(ctx: NoteContext, arg: str) -> None:
    """A year range, two DATE spans: "1966-1968", "2001 - 2004", "1990-95"."""
    start = ctx.date(arg or "past").year - ctx.rng.randint(0, 30)
    end = start + ctx.rng.randint(1, 8)
    form = ctx.rng.randint(0, 3)
    if form == 0:
        ctx.pieces([(str(start), "DATE"), ("-", None), (str(end), "DATE")])
    elif form == 1:
        ctx.pieces([(str(start), "DATE"), (" - ", None), (str(end), "DATE")])
    elif form == 2:
        ctx.pieces([(str(start), "DATE"), (" to ", None), (str(end), "DATE")])
    else:
        ctx.pieces([("from ", None), (str(start), "DATE"), (" to ", None), (str(end), "DATE")])


def _date_md(ctx: NoteContext, arg: str) -> None:
    """A bare month/day ("1/18")."""
    date = ctx.date(arg or "recent")
    ctx.phi(f"{date.month}/{date.day}", "DATE")


def _date_mdrange(ctx: NoteContext, arg: str) -> None:
    """A range of days, two DATE spans: "1/5-1/9", "1/5 - 1/9"."""
    start = ctx.date(arg or "recent")
    end = start + dt.timedelta(days=ctx.rng.randint(1, 9))
    ctx.pieces([(f"{start.month}/{start.day}", "DATE"), (ctx.rng.choice(("-", "-", " - ", " to ")), None), (f"{end.month}/{end.day}", "DATE")])


def _date_wdmd(ctx: NoteContext, arg: str) -> None:
    """A weekday and a month/day as one DATE: "Thurs 1/18", "Mon 3/4", "Tues. 11/2"."""
    date = ctx.date(arg or "near")
    day = values.date_text(date, "Weekday")
    short = ctx.rng.choice((day[:3], day[:3], {"Tuesday": "Tues", "Thursday": "Thurs", "Wednesday": "Weds"}.get(day, day[:3]), day))
    ctx.phi(f"{short} {date.month}/{date.day}", "DATE")


def _date_proc_year(ctx: NoteContext, arg: str) -> None:
    """A year after a procedure or a result: "Appendectomy 2010", "(FEV1 38% 2021)"."""
    ctx.phi(str(ctx.date(arg or "past").year), "DATE")


def _season(ctx: NoteContext, arg: str) -> None:
    season = ctx.rng.choice(values.SEASONS)
    year = ctx.date("past").year
    form = ctx.rng.randint(0, 4)
    if form == 0:
        ctx.phi(f"{season} of {year}", "DATE")
    elif form == 1:
        ctx.phi(f"{season.capitalize()} of {year % 100:02d}", "DATE")
    elif form == 2:
        ctx.phi(f"{season} {year}", "DATE")
    elif form == 3:
        ctx.pieces([("last ", None), (season.lower(), "DATE")])
    else:
        ctx.pieces([("this past ", None), (season.lower(), "DATE")])


def _date_typo(ctx: NoteContext, arg: str) -> None:
    """A mistyped date, still a DATE: "01/19/:0", "9/14//67", "09/14/20667"."""
    date = ctx.date(arg or "past")
    m, d, y = date.month, date.day, date.year
    form = ctx.rng.randint(0, 2)
    if form == 0:
        value = f"{m:02d}/{d:02d}/:{y % 10}"
    elif form == 1:
        value = f"{m}/{d}//{y % 100:02d}"
    else:
        value = f"{m:02d}/{d:02d}/{y}{y % 10}"
    ctx.phi(value, "DATE")


#: The slots of this module, by name.
SLOTS: Dict[str, SlotHandler] = {
    "date": _date,
    "date.num": _date_num,
    "date.text": _date_text,
    "date.short": _date_short,
    "date.my": _date_my,
    "date.year": _date_year,
    "date.yy": _date_yy,
    "date.wd": _date_wd,
    "date.month": _date_month,
    "date.rec": _date_rec,
    "date.dt": _date_dt,
    "date.typo": _date_typo,
    "date.range": _date_range,
    "date.md": _date_md,
    "date.mdrange": _date_mdrange,
    "date.wdmd": _date_wdmd,
    "date.pyear": _date_proc_year,
    "holiday": _holiday,
    "season": _season,
}
