"""The note context: the cast of one note (patient, relatives, clinicians,
places, dates, IDs, consistent across the note) and the slots of the
template language that write them.

A note family calls `ctx.write(template)` / `ctx.say(bank)`; each `{slot}` of
the template writes its value through the `NoteBuilder`, which records the
PHI spans as it writes. See `template.py` for the syntax and `SLOT_DOCS`
below for the slots.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ..surrogates import sample_date
from . import lookalikes, pools, values
from .builder import NoteBuilder
from .noise import NoiseProfile, noisy_literal
from .template import Choice, Slot, parse
from .values import Person, Pieces, ValuePools, weighted

#: Share of a phrase bank that is held out for unseen-template test notes:
#: every HOLDOUT_EVERY-th entry of a bank with at least HOLDOUT_MIN_BANK entries.
HOLDOUT_EVERY = 5
HOLDOUT_MIN_BANK = 4
#: How often an unseen-template note uses a held-out phrasing when its bank has one.
UNSEEN_PHRASING_RATE = 0.7

_BANK_SPLITS: Dict[int, Tuple[Sequence[str], Tuple[Tuple[str, ...], Tuple[str, ...]]]] = {}


def bank_parts(bank: Sequence[str]) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(seen, held-out) phrasings of a bank (cached by identity: banks are module constants)."""
    key = id(bank)
    cached = _BANK_SPLITS.get(key)
    parts = cached[1] if cached is not None and cached[0] is bank else None
    if parts is None:
        if len(bank) >= HOLDOUT_MIN_BANK:
            held = tuple(t for i, t in enumerate(bank) if i % HOLDOUT_EVERY == HOLDOUT_EVERY - 1)
            seen = tuple(t for i, t in enumerate(bank) if i % HOLDOUT_EVERY != HOLDOUT_EVERY - 1)
        else:
            held, seen = (), tuple(bank)
        parts = (seen, held)
        _BANK_SPLITS[key] = (bank, parts)
    return parts


RELATIVE_ROLES = {
    "wife": "F", "husband": "M", "mother": "F", "father": "M", "daughter": "F", "son": "M", "sister": "F",
    "brother": "M", "partner": "", "friend": "", "boyfriend": "M", "girlfriend": "F", "landlord": "",
    "neighbor": "", "aunt": "F", "uncle": "M", "grandmother": "F", "grandfather": "M", "niece": "F",
    "nephew": "M", "guardian": "", "caregiver": "", "roommate": "", "hcp": "", "child": "", "sibling": "",
    "spouse": "", "parent": "", "stepfather": "M", "stepmother": "F", "cousin": "", "exwife": "F",
    "exhusband": "M", "pastor": "", "employer": "", "coworker": "", "ex": "", "deceased": "", "raised": "",
    "teacher": "", "boss": "", "po": "", "lawyer": "", "caseworker": "", "chaplain": "",
    "hha": "", "pca": "", "mom": "F", "dad": "M", "grandma": "F", "grandpa": "M", "broinlaw": "M", "sisinlaw": "F",
    "stepson": "M", "stepdaughter": "F", "fiance": "", "godmother": "F", "foster": "", "sponsor": "", "grandson": "M",
    "granddaughter": "F", "dil": "F", "sil": "M",
}

ID_PREFIXES = {
    "MEDICALRECORD": ("MRN: ", "MRN ", "MRN#: ", "MR#: ", "MR# ", "MR:", "Med Rec #: ", "Medical Record Number: ",
                      "Unit No: ", "Unit #: ", "MC # ", "Hospital #: ", "BH# ", "MRN:", "Record #", "(MRN ", "PT ID: "),
    "ACCOUNT": ("Acct #: ", "Account #: ", "Account No. ", "ACCT: ", "Billing account ", "Acct: ", "Visit acct # ",
                "Guarantor acct ", "Account number: ", "FIN: ", "HAR: "),
    "HEALTHPLAN": ("Member ID: ", "Insurance ID: ", "Policy #: ", "Subscriber ID: ", "MassHealth ID ", "Medicaid # ",
                   "Medicare #: ", "BCBS ID ", "Group #: ", "Plan ID: ", "Health plan no. ", "Member #"),
    "SSN": ("SSN: ", "SS#: ", "SSN ", "Social Security #: ", "social security number ", "SS # ", "SSN#"),
    "LICENSE": ("DEA# ", "DEA: ", "NPI: ", "NPI ", "Lic. # ", "License #: ", "MA Lic ", "Driver's license # ",
                "DL# ", "Board cert. # ", "State license no. ", "DEA #"),
    "VEHICLE": ("plate ", "license plate ", "plate #", "VIN ", "VIN: ", "tag # ", "MA plate ", "reg. "),
    "DEVICE": ("serial # ", "SN: ", "S/N ", "serial number ", "Serial: ", "device ID ", "SN ", "ser. no. "),
    "BIOID": ("fingerprint ID ", "Biometric ID: ", "retinal scan ID ", "palm-vein ID ", "voiceprint ID ",
              "iris template # ", "DNA profile ID ", "biometric enrollment # "),
    "IDNUM": ("Accession #: ", "Accession No: ", "Order #", "Job #: ", "Specimen ID: ", "Claim #: ", "Case # ",
              "Document ID: ", "Requisition #: ", "Ref #: ", "Encounter ID: ", "Batch: ", "Index No. ",
              "Control #: ", "Study ID: ", "Auth # ", "Prior auth #: ", "Confirmation # ", "Ticket #", "Rx #"),
}


class NoteContext:
    """Everything one note needs while it is written.

    rng (random.Random): the note's generator (all choices come from it).
    split (str): "train", "dev" or "test": which value pools are used.
    unseen (bool): the note uses a held-out template (prefer held-out phrasings).
    noise (NoiseProfile): typos, spacing, glue, wrapping.
    case (str): "as_is", "upper" or "lower" for the whole note.
    """

    def __init__(self, rng: random.Random, split: str, unseen: bool, noise: NoiseProfile, case: str = "as_is") -> None:
        self.rng = rng
        self.split = split
        self.unseen = unseen
        self.noise = noise
        self.b = NoteBuilder(case)
        self.pools = ValuePools(split)
        self.patient: Person = self.pools.person(rng)
        self.peds = False
        self.age = self._adult_age()
        self.ref = sample_date(rng)
        self.date_style = weighted(rng, values.NUMERIC_STYLES)
        self.written_style = weighted(rng, values.WRITTEN_STYLES)
        self.dates: Dict[str, dt.date] = {}
        self.people: Dict[str, Person] = {}
        self.memo: Dict[str, str] = {}
        self.force_glue = False
        #: Names written in lower case although the note is not (nursing styles: "wife agnieszka", "per dr lindqvist").
        self.lower_names = False
        self._slots = _SLOT_TABLE

    # --- setup --------------------------------------------------------------------

    def _adult_age(self) -> int:
        roll = self.rng.random()
        if roll < 0.06:
            return self.rng.randint(90, 104)  # Safe Harbor ages: must be found
        if roll < 0.12:
            return self.rng.randint(18, 29)
        return self.rng.randint(30, 89)

    def make_pediatric(self) -> None:
        """Make the patient a child (age in years or months)."""
        self.peds = True
        self.age = self.rng.randint(0, 17)

    def set_age(self, low: int, high: int) -> None:
        self.age = self.rng.randint(low, high)

    @property
    def he(self) -> str:
        return "he" if self.patient.sex == "M" else "she"

    @property
    def his(self) -> str:
        return "his" if self.patient.sex == "M" else "her"

    # --- writing --------------------------------------------------------------------

    def pick(self, bank: Sequence[str]) -> str:
        """A phrasing from a bank; held-out phrasings only in unseen-template notes."""
        seen, held = bank_parts(bank)
        if self.unseen and held and self.rng.random() < UNSEEN_PHRASING_RATE:
            return self.rng.choice(held)
        return self.rng.choice(seen)

    def phrasings(self, bank: Sequence[str], count: int) -> List[str]:
        """Up to `count` different phrasings of a bank, in random order (held-out
        phrasings only in unseen-template notes, and preferred there)."""
        seen, held = bank_parts(bank)
        if self.unseen and held:
            pool = [t for t in held if self.rng.random() < 0.9] + [t for t in seen if self.rng.random() < 0.4]
            pool = pool or list(seen)
        else:
            pool = list(seen)
        return self.rng.sample(pool, min(count, len(pool)))

    def say_some(self, bank: Sequence[str], low: int, high: int, sep: str = " ", end: str = "\n") -> None:
        """Write `low`..`high` different phrasings of a bank, separated by `sep`."""
        for i, template in enumerate(self.phrasings(bank, self.rng.randint(low, high))):
            if i:
                self.b.add(sep)
            self.write(template)
        self.b.add(end)

    def say(self, bank: Sequence[str], end: str = "") -> None:
        """Write one phrasing of a bank, then `end`."""
        self.write(self.pick(bank))
        if end:
            self.text(end)

    def write(self, template: str) -> None:
        """Render a template (see template.py) into the note."""
        self._render(parse(template))

    def line(self, template: str = "") -> None:
        """Render a template and end the line."""
        if template:
            self._render(parse(template))
        self.b.add("\n")

    def text(self, literal: str) -> None:
        """Write literal text (noise applied)."""
        if literal:
            self.b.add(noisy_literal(self.rng, literal, self.noise) if len(literal) >= 12 else literal)

    def raw(self, literal: str) -> None:
        """Write literal text exactly (layout, tables)."""
        self.b.add(literal)

    def _render(self, nodes) -> None:
        for node in nodes:
            if isinstance(node, str):
                self.text(node)
            elif isinstance(node, Slot):
                self.slot(node.name, node.arg)
            elif isinstance(node, Choice):
                self._render(self.rng.choice(node.options))

    def slot(self, name: str, arg: str = "") -> None:
        """Fill one slot."""
        if name.startswith("~"):
            key = name[1:]
            if key == "n":
                self.b.add(lookalikes.number_range(self.rng, arg))
                return
            fn = lookalikes.LOOKALIKE_SLOTS.get(key)
            if fn is not None:
                self.text(fn(self.rng))
                return
            pronoun = self._pronoun(key)
            if pronoun is None:
                raise KeyError(f"Unknown slot {{{name}}}")
            self.b.add(pronoun)
            return
        handler = self._slots.get(name)
        if handler is None:
            raise KeyError(f"Unknown slot {{{name}}}")
        handler(self, arg)

    def _pronoun(self, key: str) -> Optional[str]:
        male = self.patient.sex == "M"
        table = {
            "he": "he" if male else "she", "He": "He" if male else "She", "his": "his" if male else "her",
            "His": "His" if male else "Her", "him": "him" if male else "her",
            "sex": ("man" if male else "woman") if not self.peds else ("boy" if male else "girl"),
            "male": "male" if male else "female", "mf": "M" if male else "F",
            "title": "Mr." if male else "Ms.", "gent": "gentleman" if male else "lady",
        }
        return table.get(key)

    def lower_pieces(self, pieces: Pieces) -> Pieces:
        """Pieces with titles lower-cased too when names are ("dr. castellano")."""
        if not self.lower_names:
            return pieces
        return [(t.lower() if label is None else t, label) for t, label in pieces]

    def pieces(self, pieces: Pieces) -> None:
        """Write (text, label) pieces; the first PHI piece may be glued to the text
        before it (by noise, or always after a `{glue}` slot, where the tokenizer splits)."""
        first_phi = True
        for text, label in pieces:
            if label is None:
                self.b.add(text)
                continue
            if first_phi and (self.force_glue or (self.noise.glue and self.rng.random() < self.noise.glue)):
                self.b.unspace(text)
            first_phi = False
            self.force_glue = False
            if self.lower_names and label in ("PATIENT", "DOCTOR"):
                text = text.lower()
            self.b.phi(text, label)

    def phi(self, value: str, label: str) -> None:
        self.pieces([(value, label)])

    def finish(self) -> None:
        """Wrap long lines if the profile says so."""
        if self.noise.wrap:
            self.b.wrap(self.noise.wrap)

    # --- cast ------------------------------------------------------------------------

    def person(self, role: str) -> Person:
        """The clinician or relative with a role (created once per note)."""
        person = self.people.get(role)
        if person is None:
            sex = RELATIVE_ROLES.get(role.rstrip("0123456789"), "")
            person = self.pools.person(self.rng, sex)
            if role.rstrip("0123456789") in RELATIVE_ROLES and self.rng.random() < 0.55:
                # Relatives often share the surname.
                person = Person(person.first, self.patient.last, person.middle, person.sex)
            self.people[role] = person
        return person

    def date(self, kind: str) -> dt.date:
        """The date of a kind: named kinds are fixed per note, "past", "recent",
        "future", "any" are new each time."""
        rng, ref = self.rng, self.ref
        fresh = {
            "past": lambda: ref - dt.timedelta(days=rng.randint(30, 3650)),
            "recent": lambda: ref - dt.timedelta(days=rng.randint(1, 60)),
            "future": lambda: ref + dt.timedelta(days=rng.randint(1, 120)),
            "near": lambda: ref + dt.timedelta(days=rng.randint(-5, 5)),
            "any": lambda: sample_date(rng),
        }
        if kind in fresh:
            return fresh[kind]()
        if kind not in self.dates:
            if kind in ("", "ref", "admit", "visit"):
                value = ref
            elif kind == "dc":
                value = ref + dt.timedelta(days=rng.choice((1, 2, 3, 3, 4, 5, 6, 8, 12, 19)))
            elif kind == "dob":
                years = self.age
                value = ref - dt.timedelta(days=int(years * 365.25) + rng.randint(1, 360))
                if value.year < 1:
                    value = dt.date(1900, 1, 1)
            else:  # named extra dates, placed where their name says
                value = ref + dt.timedelta(days=_named_offset(rng, kind, (self.date("dc") - ref).days))
            self.dates[kind] = value
        return self.dates[kind]

    def memo_value(self, key: str, make: Callable[[], str]) -> str:
        """A value fixed per note under a key (the patient's MRN, home phone...)."""
        value = self.memo.get(key)
        if value is None:
            value = make()
            self.memo[key] = value
        return value

    def hospital(self, key: str = "main") -> str:
        return self.memo_value(f"hospital:{key}", lambda: self.pools.hospital(self.rng))

    def hospital_abbr(self, key: str = "main") -> str:
        return values.hospital_abbreviation(self.hospital(key))


def _named_offset(rng: random.Random, kind: str, stay: int) -> int:
    """Days from the reference date of a named date kind: hospital days ("hd2")
    fall inside the stay, follow-ups ("fu1") after it, lab columns and
    receipt/report dates just around it, everything else ("prior", "surg",
    "quit", "onset") in the past."""
    if kind.startswith("hd"):
        return rng.randint(1, max(1, stay))
    if kind.startswith("fu"):
        return stay + rng.randint(3, 120)
    if kind.startswith("lab"):
        return -rng.randint(0, 4)
    if kind in ("recv", "report"):
        return rng.randint(1, 6)
    if kind in ("consent", "surg_day"):
        return rng.randint(1, 30) * (-1 if kind == "consent" else 1)
    return -rng.randint(30, 3650)


# --- Slot handlers -------------------------------------------------------------------
# Each takes (ctx, arg) and writes through ctx. Kept as functions in a table so the
# dispatch is one dict lookup.


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


def _user(ctx: NoteContext, arg: str) -> None:
    role = arg or "patient"
    person = ctx.patient if role == "patient" else ctx.person(role)
    value = ctx.memo_value(f"user:{role}", lambda: values.username(ctx.rng, person))
    ctx.phi(value, "USERNAME")


# dates


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


# ages


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
    letter = ctx._pronoun("mf") or "F"
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


# places


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
    from .pools import value_split

    return value_split("hospital", text)


def _hosp_full(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.hospital(arg or "main"), "HOSPITAL")


def _hosp_upper(ctx: NoteContext, arg: str) -> None:
    ctx.phi(ctx.hospital(arg or "main").upper(), "HOSPITAL")


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


# contacts


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


def _agesex(ctx: NoteContext, arg: str) -> None:
    """ "Age/Sex: 53/F" (the age is AGE, the sex letter is not)."""
    ctx.pieces([(ctx.rng.choice(lookalikes.AGE_SEX_FIELDS), None), (str(ctx.age), "AGE"), ("/" + (ctx._pronoun("mf") or "F"), None)])


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


# identifiers

_ID_SLOTS = {
    "mrn": "MEDICALRECORD", "acct": "ACCOUNT", "hplan": "HEALTHPLAN", "ssn": "SSN", "lic": "LICENSE",
    "vehicle": "VEHICLE", "device": "DEVICE", "bioid": "BIOID", "idnum": "IDNUM",
}


def _make_id_handler(label: str, labelled: bool) -> Callable[[NoteContext, str], None]:
    def handler(ctx: NoteContext, arg: str) -> None:
        memo = label in ("MEDICALRECORD", "ACCOUNT", "HEALTHPLAN", "SSN") or arg
        make = lambda: values.id_value(ctx.rng, label, arg)  # noqa: E731
        value = ctx.memo_value(f"id:{label}:{arg}", make) if memo else make()
        if labelled:
            prefix = ctx.rng.choice(ID_PREFIXES[label])
            pieces: Pieces = [(prefix, None), (value, label)]
            if prefix.startswith("(") and not prefix.endswith(")"):
                pieces.append((")", None))
            ctx.pieces(pieces)
        else:
            ctx.phi(value, label)

    return handler


def _device_model(ctx: NoteContext, arg: str) -> None:
    model, noun = values.device_model_value(ctx.rng, arg.replace("_", " "))
    ctx.pieces([(model, "DEVICE"), (" " + noun, None)])


def _escription(ctx: NoteContext, arg: str) -> None:
    """ "eScription document:9-2784353 KUQlhv" (the document id is IDNUM)."""
    rng = ctx.rng
    code = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(rng.randint(2, 3))) + "".join(
        rng.choice("abcdefghijkmnopqrstuvwxyz") for _ in range(rng.randint(3, 4)))
    number = f"{rng.randint(1, 9)}-{rng.randint(1000000, 9999999)}"
    ctx.pieces([(rng.choice(("eScription document:", "eScription document: ", "Document: ")), None),
                (f"{number} {code}", "IDNUM")])


def _hl7(ctx: NoteContext, arg: str) -> None:
    """An HL7-like header: "KYLE^02/14/90^CHANEY", "EDVISIT^56040785^OROZCO"."""
    p = ctx.patient
    rng = ctx.rng
    form = rng.randint(0, 2)
    if form == 0:
        ctx.pieces([(p.first.upper(), "PATIENT"), ("^", None), (values.date_text(ctx.date("dob"), "MM/DD/YY"), "DATE"),
                    ("^", None), (p.last.upper(), "PATIENT")])
    elif form == 1:
        ctx.pieces([("EDVISIT^", None), (str(rng.randint(10000000, 99999999)), "IDNUM"), ("^", None),
                    (p.last.upper(), "PATIENT"), ("^", None), (p.first.upper(), "PATIENT"), ("^", None),
                    (values.date_text(ctx.date("ref"), "MM/DD/YY"), "DATE")])
    else:
        ctx.pieces([(f"{p.last}^{p.first}".upper(), "PATIENT"), ("|", None), (ctx.memo_value("id:MEDICALRECORD:", lambda: values.id_value(rng, "MEDICALRECORD")), "MEDICALRECORD"),
                    ("|", None), (values.date_text(ctx.date("dob"), "YYYYMMDD"), "DATE"), ("|", None), (p.sex, None)])


_SLOT_TABLE: Dict[str, Callable[[NoteContext, str], None]] = {
    "glue": _glue,
    "pt": _pt, "pt.first": _pt_first, "pt.last": _pt_last, "pt.full": _pt_full, "pt.header": _pt_header,
    "rel": _rel, "rel.first": _rel_first, "rel.full": _rel_full, "relw": _relw, "rel.lc": _rel_lc, "rel.any": _rel_any,
    "nick": _nick, "nick.only": _nick_only, "dr.lc": _dr_lc, "us": _us, "unit": _unit, "phone.opt": _phone_opt,
    "pharm.loc": _pharm_loc, "agesex": _agesex, "date.range": _date_range, "date.md": _date_md,
    "date.mdrange": _date_mdrange, "date.wdmd": _date_wdmd, "date.pyear": _date_proc_year,
    "dr": _dr, "dr.last": _dr_last, "dr.bare": _dr_bare, "dr.sig": _dr_sig, "dr.init": _dr_init,
    "rn": _rn, "staff.first": _staff_first, "user": _user,
    "date": _date, "date.num": _date_num, "date.text": _date_text, "date.short": _date_short,
    "date.my": _date_my, "date.year": _date_year, "date.yy": _date_yy, "date.wd": _date_wd,
    "date.month": _date_month, "date.rec": _date_rec, "date.dt": _date_dt, "date.typo": _date_typo,
    "holiday": _holiday, "season": _season,
    "age": _age, "age.n": _age_n, "age.sex": _age_sex, "age.pred": _age_pred, "age.mo": _age_months, "age.wk": _age_weeks, "age.other": _age_other,
    "age.decade": _age_decade, "age.event": _age_event,
    "hosp": _hosp, "hosp.full": _hosp_full, "hosp.upper": _hosp_upper, "clinic": _clinic, "dept": _dept,
    "room": _room, "city": _city, "wcity": _wcity, "state": _state, "zip": _zip, "street": _street,
    "addr": _addr, "country": _country, "nation": _nation, "org": _org, "school": _school, "prof": _prof,
    "loc": _loc,
    "phone": _phone, "phone.ext": _phone_ext, "pager": _pager, "ext": _ext, "fax": _fax, "email": _email,
    "url": _url, "ip": _ip,
    "device.model": _device_model, "escription": _escription, "hl7": _hl7,
}
for _slot, _label in _ID_SLOTS.items():
    _SLOT_TABLE[_slot] = _make_id_handler(_label, False)
    _SLOT_TABLE[f"{_slot}.lab"] = _make_id_handler(_label, True)

#: The slot names (for tests and for authors of note families).
SLOT_NAMES: Tuple[str, ...] = tuple(sorted(_SLOT_TABLE))


def known_slot(name: str) -> bool:
    """Whether a slot name exists (PHI slots and `~` look-alike/pronoun slots)."""
    if name.startswith("~"):
        key = name[1:]
        return key in lookalikes.LOOKALIKE_SLOTS or key == "n" or key in (
            "he", "He", "his", "His", "him", "sex", "male", "mf", "title", "gent")
    return name in _SLOT_TABLE


def all_slot_names() -> List[str]:
    return list(SLOT_NAMES)
