"""The note context: the cast of one note (patient, relatives, clinicians,
places, dates, IDs, consistent across the note) and the slots of the
template language that write them.

A note family calls `ctx.write(template)` / `ctx.say(bank)`; each `{slot}` of
the template writes its value through the `NoteBuilder`, which records the
PHI spans as it writes. See `template.py` for the syntax and `slots/` for the
slots.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from ..surrogates import sample_date
from . import lookalikes, values
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

class NoteContext:
    """Everything one note needs while it is written.

    rng (random.Random): the note's generator (all choices come from it).
    split (str): "train", "dev" or "test": which value pools are used.
    unseen (bool): the note uses a held-out template (prefer held-out phrasings).
    noise (NoiseProfile): typos, spacing, glue, wrapping.
    case (str): "as_is", "upper" or "lower" for the whole note.
    slots (Mapping[str, SlotHandler]): the handler of each slot name
        (`spacy_phi.synth.slots.SLOT_TABLE`); given by the caller, as the
        handlers write through this context.
    """

    def __init__(
        self,
        rng: random.Random,
        split: str,
        unseen: bool,
        noise: NoiseProfile,
        case: str = "as_is",
        *,
        slots: Mapping[str, Callable[["NoteContext", str], None]],
    ) -> None:
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
        self._slots = slots

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
            pronoun = self.pronoun(key)
            if pronoun is None:
                raise KeyError(f"Unknown slot {{{name}}}")
            self.b.add(pronoun)
            return
        handler = self._slots.get(name)
        if handler is None:
            raise KeyError(f"Unknown slot {{{name}}}")
        handler(self, arg)

    def pronoun(self, key: str) -> Optional[str]:
        """The word of a `{~key}` pronoun slot for the patient ("he", "His", "mf" -> "M"), or None."""
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
