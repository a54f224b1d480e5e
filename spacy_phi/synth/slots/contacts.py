"""Slots that write contact values: phone, pager and fax numbers with
extensions and menu options, e-mail addresses, web addresses and IP
addresses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict

from .. import values
from ..values import weighted
from .handler import SlotHandler

if TYPE_CHECKING:
    from ..context import NoteContext


def _phone(ctx: NoteContext, arg: str) -> None:
    value = ctx.memo_value(f"phone:{arg}", lambda: values.phone_number(ctx.rng)) if arg else values.phone_number(ctx.rng)
    ctx.phi(value, "PHONE")


def _phone_ext(ctx: NoteContext, arg: str) -> None:
    number = values.phone_number(ctx.rng, ctx.rng.choice(("dash", "paren", "dot", "dash")))
    ctx.phi(number + values.extension(ctx.rng), "PHONE")


def _pager(ctx: NoteContext, arg: str) -> None:
    rng = ctx.rng
    value = weighted(rng, ((str(rng.randint(10000, 99999)), 40), (f"{rng.randint(2, 9)}-{rng.randint(1000, 9999)}", 25),
                          (f"#{rng.randint(1000, 99999)}", 0), (str(rng.randint(1000, 9999)), 15), (values.phone_number(rng), 20)))
    ctx.phi(value, "PHONE")


def _phone_opt(ctx: NoteContext, arg: str) -> None:
    """A number with a menu option, the option inside the span like an extension: "800-555-0199 option 3"."""
    number = values.phone_number(ctx.rng, ctx.rng.choice(("dash", "paren", "one_dash", "dash")))
    option = ctx.rng.choice((" option ", " opt ", ", option ", " press ", " option #")) + str(ctx.rng.randint(1, 9))
    ctx.phi(number + option, "PHONE")


def _ext(ctx: NoteContext, arg: str) -> None:
    """A bare extension: "x557", "ext. 5-8112" (the digits are the PHONE)."""
    rng = ctx.rng
    digits = str(rng.randint(1000, 99999))
    form = rng.randint(0, 3)
    if form == 0:
        ctx.pieces([("x", None), (digits, "PHONE")])
    elif form == 1:
        ctx.pieces([("ext. ", None), (f"{digits[0]}-{digits[1:]}", "PHONE")])
    elif form == 2:
        ctx.pieces([("x ", None), (digits, "PHONE")])
    else:
        ctx.pieces([("ext ", None), (digits, "PHONE")])


def _fax(ctx: NoteContext, arg: str) -> None:
    value = ctx.memo_value(f"fax:{arg}", lambda: values.phone_number(ctx.rng, ctx.rng.choice(("dash", "paren", "dot", "dash", "one_dash"))))
    ctx.phi(value, "FAX")


def _email(ctx: NoteContext, arg: str) -> None:
    role = arg or "patient"
    person = ctx.patient if role == "patient" else ctx.person(role)
    abbr = ctx.hospital_abbr() if role != "patient" else ""
    value = ctx.memo_value(f"email:{role}", lambda: values.email_address(ctx.rng, person, abbr))
    if ctx.rng.random() < 0.05:
        ctx.pieces([("mailto:", None), (value, "EMAIL")])
    else:
        ctx.phi(value, "EMAIL")


def _url(ctx: NoteContext, arg: str) -> None:
    if arg == "org":
        base = ctx.memo_value("org:", lambda: ctx.pools.organization(ctx.rng))
    else:
        base = ctx.hospital(arg or "main")
    ctx.phi(ctx.memo_value(f"url:{arg}", lambda: values.url_text(ctx.rng, base)), "URL")


def _ip(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.memo_value(f"ip:{arg}", lambda: values.ip_address(ctx.rng)) if arg else values.ip_address(ctx.rng), "IPADDR")


#: The slots of this module, by name.
SLOTS: Dict[str, SlotHandler] = {
    "phone": _phone,
    "phone.ext": _phone_ext,
    "phone.opt": _phone_opt,
    "pager": _pager,
    "ext": _ext,
    "fax": _fax,
    "email": _email,
    "url": _url,
    "ip": _ip,
}
