"""Slots that write places and organizations: hospitals and their short forms,
clinics, departments, units, rooms, addresses (street, city, state, ZIP),
countries, nationalities, employers, schools, professions and landmarks."""

from __future__ import annotations

import random

from typing import TYPE_CHECKING, Dict

from .. import pools, values
from ..values import weighted
from .handler import SlotHandler

if TYPE_CHECKING:
    from ..context import NoteContext


def _hosp(ctx: NoteContext, arg: str) -> None:
    key = arg or "main"
    name = ctx.hospital(key)
    form = weighted(ctx.rng, (("full", 60), ("short", 15), ("abbr", 12), ("upper", 8), ("the", 5)))
    if form == "short":
        short = values.hospital_short(name)
        # A short form can equal another split's name ("Kingston"): keep it to its split.
        value = short if _hospital_split(short) == ctx.pools.split else name
    elif form == "abbr":
        abbr = values.hospital_abbreviation(name)
        value = abbr if 2 <= len(abbr) <= 6 and ctx.pools.split == _hospital_split(abbr) else name
    elif form == "upper":
        value = name.upper()
    else:
        value = name
    if form == "the" and not value.lower().startswith("the "):
        ctx.pieces([("the ", None), (value, "HOSPITAL")])
    else:
        ctx.phi(value, "HOSPITAL")


def _hospital_split(text: str) -> str:
    """The split of a hospital string (full names, short forms and abbreviations
    share one pool, so a string is only ever used in one split)."""
    from ..pools import value_split

    return value_split("hospital", text)


def _hosp_full(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.hospital(arg or "main"), "HOSPITAL")


def _hosp_upper(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.hospital(arg or "main").upper(), "HOSPITAL")


def _hosp_acronym(ctx: NoteContext, arg: str) -> None:
    """A hospital as transfer notes write it: by its acronym ("TRANSFER TO GH") or
    its short name ("FROM ST AGNES"); the full name when neither stays in the split."""
    name = ctx.hospital(arg or "xfer")
    abbr = values.hospital_abbreviation(name)
    short = values.hospital_short(name)
    if 2 <= len(abbr) <= 5 and _hospital_split(abbr) == ctx.pools.split and ctx.rng.random() < 0.6:
        value = abbr
    elif short != name and _hospital_split(short) == ctx.pools.split:
        value = short.replace(".", "") if ctx.rng.random() < 0.5 else short
    else:
        value = name
    ctx.phi(value, "HOSPITAL")


def _clinic(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"clinic:{arg}", lambda: ctx.pools.clinic(ctx.rng, arg)), "HOSPITAL")


def _dept(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"dept:{arg}", lambda: ctx.pools.department(ctx.rng, arg)), "DEPARTMENT")


def _unit(ctx: NoteContext, arg: str) -> None:
    """A named hospital unit (DEPARTMENT): "4 West Cardiac Telemetry", "Station 22", "Farr 7", "Geriatrics Clinic"."""
    rng = ctx.rng

    def make() -> str:
        form = rng.randint(0, 6)
        side = rng.choice(("West", "East", "North", "South"))
        if form == 0:
            return f"{rng.randint(2, 14)} {side} {rng.choice(('Cardiac Telemetry', 'Med/Surg', 'Oncology', 'Step-Down', 'Orthopedics', 'Neuro'))}"
        if form == 1:
            return f"{rng.randint(2, 14)} {side}"
        if form == 2:
            return f"Station {rng.randint(2, 80)}"
        if form == 3:
            return f"{ctx.pools.last(rng, plain=True)} {rng.randint(2, 12)}"
        if form == 4:
            return f"{rng.choice(values.DEPARTMENTS_EXTRA)} Clinic"
        if form == 5:
            return f"{rng.choice(('Blake', 'Ellison', 'White', 'Bigelow', 'Phillips', 'Lunder', 'Yawkey'))} {rng.randint(2, 20)}"
        return f"{rng.choice(('Cardiac', 'Surgical', 'Medical', 'Neuro', 'Pediatric', 'Burn'))} ICU"
    ctx.phi(ctx.memo_value(f"unit:{arg}", make), "DEPARTMENT")


def _room(ctx: NoteContext, arg: str) -> None:
    rng = ctx.rng
    value = ctx.memo_value(f"room:{arg}", lambda: weighted(rng, (
        (str(rng.randint(100, 1299)), 35), (f"{rng.randint(1, 40)}{rng.choice('ABCD')}", 20),
        (f"{rng.choice('ABCDEFGHJ')}-{rng.randint(1, 40)}", 10), (f"{rng.randint(1, 12)}{rng.choice('ABCDEFGHJKLNPRSW')}-{rng.randint(100, 399)}", 10),
        (str(rng.randint(1, 40)), 15), (f"{rng.randint(1, 20)}-{rng.randint(1, 4)}", 10))))
    ctx.phi(value, "ROOM")


def _city(ctx: NoteContext, arg: str) -> None:
    key = arg or "home"
    value = ctx.memo_value(f"city:{key}", lambda: ctx.pools.city(ctx.rng))
    ctx.phi(value.upper() if ctx.rng.random() < 0.05 else value, "CITY")


def _wcity(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"wcity:{arg}", lambda: ctx.pools.world_city(ctx.rng)), "CITY")


def _state(ctx: NoteContext, arg: str) -> None:
    abbreviated = arg == "abbr" or (arg != "full" and ctx.rng.random() < 0.6)
    key = f"state:{arg}:{abbreviated}"
    ctx.phi(ctx.memo_value(key, lambda: ctx.pools.state(ctx.rng, abbreviated)), "STATE")


def _zip(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"zip:{arg}", lambda: values.zip_text(ctx.rng, ctx.pools.zip(ctx.rng))), "ZIP")


def _street_value(ctx: NoteContext) -> str:
    value = values.street_text(ctx.rng, ctx.pools.street(ctx.rng))
    if value.startswith("P.O. Box"):
        # A box number carries no split-checked street: keep the box itself to the split.
        value = pools.draw(ctx.rng, lambda r: f"P.O. Box {r.randint(10, 9999)}", "street", ctx.split)
    return value


def _street(ctx: NoteContext, arg: str) -> None:
    value = ctx.memo_value(f"street:{arg}", lambda: _street_value(ctx))
    ctx.phi(value, "STREET")


def _addr(ctx: NoteContext, arg: str) -> None:
    """A full address: street, city, state ZIP, on one line or two."""
    _street(ctx, arg)
    ctx.b.add(ctx.rng.choice((", ", "\n", "\n", " ", ", ")))
    _city(ctx, arg or "home")
    ctx.b.add(ctx.rng.choice((", ", " ", ", ")))
    _state(ctx, "abbr" if ctx.rng.random() < 0.8 else "full")
    ctx.b.add(ctx.rng.choice((" ", "  ", " ")))
    _zip(ctx, arg)


def _country(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"country:{arg}", lambda: ctx.pools.country(ctx.rng)), "COUNTRY")


def _nation(ctx: NoteContext, arg: str) -> None:
    # A nationality as an adjective ("Nigerian", "Haitian-born") is not PHI (i2b2 2014
    # annotates country names only); written as text so the model learns to leave it.
    ctx.b.add(ctx.memo_value(f"nation:{arg}", lambda: ctx.pools.nationality(ctx.rng)))


def _us(ctx: NoteContext, arg: str) -> None:
    """The United States as a country name: always COUNTRY ("the US", "USA", "the U.S.")."""
    value = ctx.rng.choice(("US", "US", "USA", "United States", "U.S."))
    ctx.phi(value, "COUNTRY")


def _org(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"org:{arg}", lambda: ctx.pools.organization(ctx.rng, arg)), "ORGANIZATION")


def _school(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"school:{arg}", lambda: ctx.pools.school(ctx.rng, arg)), "ORGANIZATION")


def _prof(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"prof:{arg}", lambda: ctx.pools.profession(ctx.rng)), "PROFESSION")


def _loc(ctx: NoteContext, arg: str) -> None:
    value = ctx.memo_value(f"loc:{arg}", lambda: ctx.pools.landmark(ctx.rng))
    if value.startswith("the ") and ctx.rng.random() < 0.7:
        ctx.pieces([("the ", None), (value[4:], "LOCATION_OTHER")])
    else:
        ctx.phi(value, "LOCATION_OTHER")


def _pharm_loc(ctx: NoteContext, arg: str) -> None:
    """A pharmacy and where it is: "CVS on Church Ave" (ORGANIZATION + STREET)."""
    rng = ctx.rng
    org = ctx.memo_value("org:pharm", lambda: ctx.pools.organization(rng, "pharm"))
    # The street as written is split-checked as a whole ("Church Ave" and "Church Avenue" are separate values).
    def make() -> str:
        def sampler(r: random.Random) -> str:
            parts = ctx.pools.street_name(r).split()
            if r.random() < 0.5 and parts[-1] in ("Street", "Avenue", "Road", "Boulevard"):
                parts[-1] = {"Street": "St", "Avenue": "Ave", "Road": "Rd", "Boulevard": "Blvd"}[parts[-1]]
            return " ".join(parts)

        return pools.draw(rng, sampler, "street", ctx.split)

    street = ctx.memo_value("pharmstreet", make)
    ctx.pieces([(org, "ORGANIZATION"), (rng.choice((" on ", " on ", " at ", " - ")), None), (street, "STREET")])


#: The slots of this module, by name.
SLOTS: Dict[str, SlotHandler] = {
    "hosp": _hosp,
    "hosp.full": _hosp_full,
    "hosp.upper": _hosp_upper,
    "hosp.acr": _hosp_acronym,
    "clinic": _clinic,
    "dept": _dept,
    "unit": _unit,
    "room": _room,
    "city": _city,
    "wcity": _wcity,
    "state": _state,
    "zip": _zip,
    "street": _street,
    "addr": _addr,
    "country": _country,
    "nation": _nation,
    "us": _us,
    "org": _org,
    "school": _school,
    "prof": _prof,
    "loc": _loc,
    "pharm.loc": _pharm_loc,
}
