"""Slots that write people: the patient ({pt}, {pt.header}, {nick}), relatives
({rel}, {relw}, {rel.any}), clinicians and staff ({dr}, {dr.sig}, {rn}) and
login names ({user})."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Tuple

from .. import values
from ..values import weighted
from .handler import SlotHandler

if TYPE_CHECKING:
    from ..context import NoteContext


def _glue(ctx: NoteContext, arg: str) -> None:
    """Glue the next PHI value to the text before it when the tokenizer splits the
    glued token ("Results02/20/2087", "qWednesday"); otherwise keep the space."""
    ctx.force_glue = True


def _pt(ctx: NoteContext, arg: str) -> None:
    ctx.pieces(values.patient_pieces(ctx.rng, ctx.patient, "PATIENT", arg))


def _pt_first(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.patient.first.upper() if arg == "upper" else ctx.patient.first, "PATIENT")


def _pt_last(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.patient.last.upper() if arg == "upper" else ctx.patient.last, "PATIENT")


def _pt_full(ctx: NoteContext, arg: str) -> None:
    form = arg or weighted(ctx.rng, (("first_last", 5), ("first_mid_last", 2), ("upper_first_last", 1)))
    ctx.phi(values.name_value(ctx.patient, form), "PATIENT")


def _pt_header(ctx: NoteContext, arg: str) -> None:
    """A name as a header field writes it: "KRUGER, ADA R", "Kruger, Ada", "KRUGER , ADA R"."""
    form = weighted(ctx.rng, (("upper_last_first", 40), ("last_first", 25), ("last_first_mid", 10),
                              ("upper_first_last", 10), ("first_last", 10), ("spaced", 5)))
    p = ctx.patient
    if form == "spaced":
        value = f"{p.last.upper()} , {p.first.upper()}" + (f" {p.middle}" if p.middle else "")
    else:
        value = values.name_value(p, form)
    ctx.phi(value, "PATIENT")


def _rel(ctx: NoteContext, arg: str) -> None:
    role = arg or "wife"
    person = ctx.person(role)
    form = weighted(ctx.rng, (("first", 45), ("first_last", 25), ("title_last", 12), ("title_first_last", 6),
                              ("upper_first_last", 3), ("lower_first_last", 2), ("first_mid_last", 4), ("last", 3)))
    ctx.pieces(ctx.lower_pieces(values.patient_pieces(ctx.rng, person, "PATIENT", form)))


RELATION_WORDS: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {
    # role -> (words for a man, words for a woman)
    "spouse": (("husband",), ("wife",)),
    "partner": (("boyfriend", "partner", "husband"), ("girlfriend", "partner", "wife")),
    "hcp": (("husband", "son", "brother", "nephew"), ("wife", "daughter", "sister", "niece")),
    "child": (("son",), ("daughter",)),
    "sibling": (("brother",), ("sister",)),
    "parent": (("father",), ("mother",)),
    "ex": (("ex-husband", "ex-boyfriend"), ("ex-wife", "ex-girlfriend")),
    "deceased": (("father", "brother", "uncle"), ("mother", "sister", "aunt")),
    "raised": (("grandfather", "uncle"), ("grandmother", "mother", "aunt")),
    "niece": (("nephew", "grandson"), ("niece", "granddaughter")),
}


def _relw(ctx: NoteContext, arg: str) -> None:
    """The word for a relative that fits the person's sex ("wife"/"husband"), fixed per role."""
    role = arg or "hcp"
    person = ctx.person(role)
    words = RELATION_WORDS.get(role.rstrip("0123456789"), (("relative",), ("relative",)))
    ctx.b.add(ctx.memo_value(f"relw:{role}", lambda: ctx.rng.choice(words[0 if person.sex == "M" else 1])))


def _rel_first(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.person(arg or "wife").first, "PATIENT")


def _rel_lc(ctx: NoteContext, arg: str) -> None:
    """A relative's given name in lower case, as lower-case nursing notes write it ("wife agnieszka")."""
    person = ctx.person(arg or "wife")
    value = person.first if ctx.rng.random() < 0.85 else f"{person.first} {person.last}"
    ctx.phi(value.lower(), "PATIENT")


def _rel_any(ctx: NoteContext, arg: str) -> None:
    """A relative or lay person as real notes write them: mostly the given name alone."""
    person = ctx.person(arg or "friend")
    form = weighted(ctx.rng, (("first", 62), ("first_last", 20), ("lower_first", 8), ("title_last", 5), ("upper_first", 5)))
    if form == "lower_first":
        ctx.phi(person.first.lower(), "PATIENT")
    elif form == "upper_first":
        ctx.phi(person.first.upper(), "PATIENT")
    else:
        ctx.pieces(ctx.lower_pieces(values.patient_pieces(ctx.rng, person, "PATIENT", form)))


def _nick(ctx: NoteContext, arg: str) -> None:
    """The patient's legal name then a nickname in quotes, each its own span:
    'SAVERIO ("Sal") CARUSO', 'Margaret "Peggy" Dunn', 'Nguyen, Thi (goes by "Lily")'."""
    p = ctx.patient
    nick = ctx.memo_value("nick", lambda: ctx.pools.nickname(ctx.rng, p.sex))
    form = ctx.rng.randint(0, 4)
    if form == 0:
        ctx.pieces([(p.first.upper(), "PATIENT"), (' ("', None), (nick, "PATIENT"), ('") ', None), (p.last.upper(), "PATIENT")])
    elif form == 1:
        ctx.pieces([(p.first, "PATIENT"), (' "', None), (nick, "PATIENT"), ('" ', None), (p.last, "PATIENT")])
    elif form == 2:
        ctx.pieces([(f"{p.last}, {p.first}", "PATIENT"), (' (goes by "', None), (nick, "PATIENT"), ('")', None)])
    elif form == 3:
        ctx.pieces([(f"{p.first} {p.last}", "PATIENT"), (" (prefers ", None), (nick, "PATIENT"), (")", None)])
    else:
        ctx.pieces([(f"{p.last}, {p.first}".upper(), "PATIENT"), (' ("', None), (nick, "PATIENT"), ('")', None)])


def _nick_only(ctx: NoteContext, arg: str) -> None:
    """The patient's nickname alone (after _nick set it up, or a fresh one)."""
    p = ctx.patient
    ctx.phi(ctx.memo_value("nick", lambda: ctx.pools.nickname(ctx.rng, p.sex)), "PATIENT")


def _rel_full(ctx: NoteContext, arg: str) -> None:
    person = ctx.person(arg or "wife")
    ctx.phi(values.name_value(person, ctx.rng.choice(("first_last", "first_last", "first_mid_last"))), "PATIENT")


def _dr(ctx: NoteContext, arg: str) -> None:
    ctx.pieces(ctx.lower_pieces(values.doctor_pieces(ctx.rng, ctx.person(arg or "attending"))))


def _dr_lc(ctx: NoteContext, arg: str) -> None:
    """ "dr. castellano", "per dr lindqvist": a lower-case clinician mention."""
    person = ctx.person(arg or "attending")
    ctx.pieces([(ctx.rng.choice(("dr. ", "dr ", "dr ")), None), (person.last.lower(), "DOCTOR")])


def _dr_last(ctx: NoteContext, arg: str) -> None:
    person = ctx.person(arg or "attending")
    title = ctx.rng.choice(("Dr. ", "Dr. ", "Dr. ", "Dr ", "dr. ", "DR. "))
    last = person.last.upper() if title == "DR. " else person.last.lower() if title == "dr. " else person.last
    ctx.pieces([(title, None), (last, "DOCTOR")])


def _dr_bare(ctx: NoteContext, arg: str) -> None:
    """The name alone (after a field name such as "Attending:")."""
    person = ctx.person(arg or "attending")
    form = weighted(ctx.rng, (("first_last", 30), ("last_first", 20), ("upper_last_first", 15), ("first_mid_last", 15),
                              ("initial_last", 5), ("last", 5), ("spaced", 5), ("last_first_mid", 5)))
    if form == "spaced":
        value = f"{person.last.upper()} , {person.first.upper()}" + (f" {person.middle}" if person.middle else "")
    else:
        value = values.name_value(person, form)
    ctx.phi(value, "DOCTOR")


def _dr_sig(ctx: NoteContext, arg: str) -> None:
    """A signature: "Ada R. Kruger, M.D.", "Ada Kruger, MD", "KRUGER, ADA R., M.D."."""
    person = ctx.person(arg or "attending")
    form = weighted(ctx.rng, (("first_mid_last", 35), ("first_last", 30), ("upper_first_last", 10), ("initial_last", 8),
                              ("upper_last_first", 7), ("last_first", 5)))
    value = values.name_value(person, form)
    suffix = ctx.rng.choice(values.DOCTOR_SUFFIXES + ("", "", ", MD", ", M.D."))
    ctx.pieces([(value, "DOCTOR"), (suffix, None)])


def _dr_init(ctx: NoteContext, arg: str) -> None:
    person = ctx.person(arg or "transcriptionist")
    form = ctx.rng.choice(("initials", "lower_initials", "lower_initials"))
    ctx.phi(values.name_value(person, form), "DOCTOR")


def _rn(ctx: NoteContext, arg: str) -> None:
    ctx.pieces(ctx.lower_pieces(values.nurse_pieces(ctx.rng, ctx.person(arg or "nurse"))))


def _staff_first(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.person(arg or "nurse").first, "DOCTOR")


#: Credentials after a bedside sign-off ("J. SMITH RN", "q. lander rrt").
SIGN_CREDENTIALS = (" RN", " RN", " RN", ", RN", " RN BSN", " RRT", " RRT", " SN", " PCT", " NP", " RN/BSN", "RN")


def _staff_sign(ctx: NoteContext, arg: str) -> None:
    """A bedside sign-off with a credential: "J. SMITH RN", "q. lander rrt", "Mary K RN", "JONES, RN"."""
    person = ctx.person(arg or "nurse")
    form = weighted(ctx.rng, (("initial_last", 40), ("first_last", 20), ("first_initial", 15), ("last", 15), ("first", 10)))
    if form == "initial_last":
        value = f"{person.first[0]}{ctx.rng.choice(('. ', '.', ' '))}{person.last}"
    elif form == "first_initial":
        value = f"{person.first} {person.last[0]}"
    elif form == "first_last":
        value = f"{person.first} {person.last}"
    else:
        value = getattr(person, form)
    credential = ctx.rng.choice(SIGN_CREDENTIALS)
    if credential == "RN" or not value[-1].isalpha():
        credential = " RN"
    ctx.pieces([(value, "DOCTOR"), (credential, None)])


def _user(ctx: NoteContext, arg: str) -> None:
    role = arg or "patient"
    person = ctx.patient if role == "patient" else ctx.person(role)
    value = ctx.memo_value(f"user:{role}", lambda: values.username(ctx.rng, person))
    ctx.phi(value, "USERNAME")


#: The slots of this module, by name.
SLOTS: Dict[str, SlotHandler] = {
    "glue": _glue,
    "pt": _pt,
    "pt.first": _pt_first,
    "pt.last": _pt_last,
    "pt.full": _pt_full,
    "pt.header": _pt_header,
    "rel": _rel,
    "rel.first": _rel_first,
    "rel.full": _rel_full,
    "relw": _relw,
    "rel.lc": _rel_lc,
    "rel.any": _rel_any,
    "nick": _nick,
    "nick.only": _nick_only,
    "dr": _dr,
    "dr.lc": _dr_lc,
    "dr.last": _dr_last,
    "dr.bare": _dr_bare,
    "dr.sig": _dr_sig,
    "dr.init": _dr_init,
    "rn": _rn,
    "staff.first": _staff_first,
    "staff.sign": _staff_sign,
    "user": _user,
}
