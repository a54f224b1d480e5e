"""`ValuePools`: the samplers of PHI values of one split (train, dev or test).

Each value is drawn from the split's part of its pool (`synth/pools.py`), so
no value of a test note was seen in training.
"""

from __future__ import annotations

import random
import string
from typing import Dict, Tuple

from ...surrogates import sample_first_name, sample_last_name
from ...surrogates.locations import (
    sample_city,
    sample_department,
    sample_hospital,
    sample_organization,
    sample_profession,
    sample_state,
    sample_street,
    sample_zip,
)
from ...surrogates.names import apostrophe_surnames, hyphenated_names, origin_surnames
from .. import pools
from .location import (
    CLINIC_KINDS,
    CLINIC_PATTERNS,
    DEPARTMENTS_EXTRA,
    LANDMARK_PATTERNS,
    LANDMARKS_FIXED,
    NATIONALITIES,
    NATURAL_PATTERNS,
    clean_hospital,
    countries,
    world_cities,
)
from .organization import BANK_WORDS, BRAND_EMPLOYERS, CIVIC_ORGS, ORG_KINDS, ORG_TYPES, SCHOOL_KINDS, SCHOOL_TYPES, typed_fixed
from .person import DOUBLE_SURNAME_ORIGINS, EPONYM_SURNAMES, SURNAME_PARTICLES, Person, name_sex
from .profession import clean_job, everyday_professions

#: Per split, the name lists filtered to it (hyphenated given names 0, surnames 1,
#: apostrophe surnames 2), computed once per process.
_HYPHENATED: Dict[Tuple[int, str], Tuple[str, ...]] = {}


class ValuePools:
    """Samplers of PHI values restricted to one split's part of every pool.

    split (str): "train", "dev" or "test".
    """

    def __init__(self, split: str) -> None:
        if split not in pools.SPLITS:
            raise ValueError(f"Unknown split {split!r}")
        self.split = split

    # names
    def first(self, rng: random.Random, sex: str = "") -> str:
        """A given name of the split; of the given sex ("M"/"F") where Faker knows it."""
        if not sex:
            return pools.draw(rng, sample_first_name, "name", self.split)
        for _ in range(50):
            name = pools.draw(rng, sample_first_name, "name", self.split)
            if name_sex(name) in (sex, ""):
                return name
        return name

    def last(self, rng: random.Random, plain: bool = False) -> str:
        """A surname of the split; unless `plain`, sometimes with a particle
        ("van der Berg", "O'Kelley", "McKenna", "Al-Rashid") or double-barrelled
        ("Garcia-Lopez")."""
        if rng.random() < 0.03:
            return pools.choose(rng, EPONYM_SURNAMES, "name", self.split)
        last = pools.draw(rng, sample_last_name, "name", self.split)
        if plain:
            return last
        roll = rng.random()
        if roll < 0.035:
            if rng.random() < 0.7:
                origin = rng.choice(DOUBLE_SURNAME_ORIGINS)
                first_part = self._origin_last(rng, origin) or last
                return f"{first_part}-{self._origin_last(rng, origin) or last}"
            return f"{last}-{pools.draw(rng, sample_last_name, 'name', self.split)}"
        if roll < 0.045:
            hyphenated = self._hyphenated(1)
            if hyphenated:
                return rng.choice(hyphenated)
        if roll < 0.075:
            particle, origin = rng.choice(SURNAME_PARTICLES)
            if particle == "O'":
                irish = self._apostrophe()
                return rng.choice(irish) if irish else last
            base = self._origin_last(rng, origin) or last
            if particle.endswith("-"):
                return particle + base[0].upper() + base[1:]
            return f"{particle} {base}"
        return last

    def _hyphenated(self, which: int) -> Tuple[str, ...]:
        """Hyphenated given names (0) or surnames (1) whose every part is of this split."""
        key = (which, self.split)
        cached = _HYPHENATED.get(key)
        if cached is None:
            names = hyphenated_names()[which]
            cached = tuple(n for n in names if all(pools.value_split("name", p) == self.split for p in n.split("-")))
            _HYPHENATED[key] = cached
        return cached

    def _origin_last(self, rng: random.Random, origin: str) -> str:
        """A surname of one origin in this split ("" if it has none)."""
        part = pools.split_part(origin_surnames(origin), "name", self.split)
        return rng.choice(part) if part else ""

    def _apostrophe(self) -> Tuple[str, ...]:
        """Surnames such as "O'Brien" whose part after the apostrophe is of this split."""
        key = (2, self.split)
        cached = _HYPHENATED.get(key)
        if cached is None:
            cached = tuple(n for n in apostrophe_surnames() if pools.value_split("name", n[2:]) == self.split)
            _HYPHENATED[key] = cached
        return cached

    def first_variant(self, rng: random.Random, sex: str = "") -> str:
        """A given name, sometimes hyphenated ("Marie-Claude", "Ji-sung")."""
        if rng.random() < 0.03:
            hyphenated = self._hyphenated(0)
            if hyphenated:
                name = rng.choice(hyphenated)
                return name if rng.random() < 0.5 else name[: name.index("-") + 1] + name[name.index("-") + 1 :].lower()
        return self.first(rng, sex)

    def nickname(self, rng: random.Random, sex: str = "") -> str:
        """A short given name of the split used as a nickname ("Sal", "Bea")."""
        for _ in range(20):
            name = self.first(rng, sex)
            if len(name) <= 5:
                return name
        return name

    def person(self, rng: random.Random, sex: str = "") -> Person:
        sex = sex or rng.choice("MF")
        middle = rng.choice(string.ascii_uppercase) if rng.random() < 0.45 else ""
        return Person(self.first_variant(rng, sex), self.last(rng), middle, sex)

    # places
    def city(self, rng: random.Random) -> str:
        return pools.draw(rng, sample_city, "city", self.split)

    def world_city(self, rng: random.Random) -> str:
        return pools.choose(rng, world_cities(), "city", self.split)

    def hospital(self, rng: random.Random) -> str:
        def sampler(r: random.Random) -> str:
            for _ in range(50):
                name = clean_hospital(sample_hospital(r))
                if name:
                    return name
            return "Community Hospital"

        return pools.draw(rng, sampler, "hospital", self.split)

    def clinic(self, rng: random.Random, kind: str = "") -> str:
        """A clinic or care facility (HOSPITAL label); `kind` "shelter", "rehab"
        or "detox" picks a fitting one. Built from this split's surnames and
        cities, so already split-disjoint."""
        patterns = CLINIC_KINDS.get(kind.rstrip("0123456789"), CLINIC_PATTERNS)
        return rng.choice(patterns).format(last=self.last(rng, plain=True), city=self.city(rng))

    def street(self, rng: random.Random) -> str:
        return pools.draw(rng, sample_street, "street", self.split)

    def street_name(self, rng: random.Random) -> str:
        """A street without a house number ("Church Avenue"), split as a value of its own."""
        return pools.draw(rng, lambda r: sample_street(r).split(" ", 1)[-1], "street", self.split)

    def landmark(self, rng: random.Random) -> str:
        if rng.random() < 0.3:
            return pools.choose(rng, LANDMARKS_FIXED, "landmark", self.split)
        if rng.random() < 0.25:
            return rng.choice(NATURAL_PATTERNS).format(last=self.last(rng, plain=True))

        return rng.choice(LANDMARK_PATTERNS).format(last=self.last(rng, plain=True), city=self.city(rng))

    def country(self, rng: random.Random) -> str:
        # Closed class: not split (see pools.py).
        if rng.random() < 0.6:
            return rng.choice(NATIONALITIES)[0]
        return rng.choice(countries())

    def nationality(self, rng: random.Random) -> str:
        return rng.choice(NATIONALITIES)[1]

    def state(self, rng: random.Random, abbreviated: bool = False) -> str:
        return sample_state(rng, abbreviated)

    def zip(self, rng: random.Random) -> str:
        return sample_zip(rng)

    def department(self, rng: random.Random, kind: str = "") -> str:
        """A department; `kind` "psych" or "peds" narrows it."""
        if kind.startswith("psych"):
            return rng.choice(("Psychiatry", "Behavioral Health", "Addiction Medicine", "Neuropsychology", "Psychiatry Outpatient", "Child Psychiatry"))
        if kind.startswith("peds"):
            return rng.choice(("Pediatrics", "Adolescent Medicine", "Neonatology", "Pediatric Cardiology", "Pediatric Neurology"))
        if rng.random() < 0.5:
            return sample_department(rng)
        return rng.choice(DEPARTMENTS_EXTRA)

    # organizations and work
    def organization(self, rng: random.Random, kind: str = "") -> str:
        """An organization; `kind` picks a typed one (church, pharm, ins, agency,
        housing, elder, ride, dme, gym, bar, police, ems, jail, wic, ei,
        league, volunteer), anything else an employer."""
        kind = kind.rstrip("0123456789")
        typed = ORG_TYPES.get(kind)
        if typed is not None and rng.random() < 0.9:
            pattern = rng.choice(typed)
            if "{" not in pattern:
                fixed = pools.split_part(typed_fixed(kind), "organization", self.split)
                if fixed:
                    return rng.choice(fixed)
                pattern = rng.choice([p for p in typed if "{" in p])
            if "{num}" in pattern or "{state}" in pattern:
                # Built from closed classes only: keep the whole name to its split.
                return pools.draw(rng, lambda r: pattern.format(num=r.randint(2, 1199), state=self.state(r, False),
                                                                city=self.city(r), last=self.last(r, plain=True)),
                                  "organization", self.split)
            return pattern.format(last=self.last(rng, plain=True), city=self.city(rng), first=self.first(rng))
        roll = rng.random()
        if roll < 0.25:
            return pools.draw(rng, sample_organization, "organization", self.split)
        if roll < 0.5:
            return f"{self.last(rng, plain=True)} {rng.choice(ORG_KINDS)}"
        if roll < 0.7:
            return pools.choose(rng, BRAND_EMPLOYERS, "organization", self.split)
        if roll < 0.8:
            return f"{self.city(rng)} {rng.choice(CIVIC_ORGS)}"
        if roll < 0.9:
            return f"{rng.choice(BANK_WORDS)} {self.last(rng, plain=True)} {rng.choice(('Bank', 'Credit Union', 'Insurance', 'Savings Bank'))}"
        return f"{self.last(rng, plain=True)} & {self.last(rng, plain=True)}"

    def school(self, rng: random.Random, kind: str = "") -> str:
        """A school; `kind` is elem, ms, hs, college, daycare, voc, med or any."""
        kind = kind.rstrip("0123456789")
        kinds = SCHOOL_TYPES.get(kind, SCHOOL_KINDS)
        roll = rng.random()
        if kind in ("college", "med"):
            if roll < 0.35:
                return f"University of {self.city(rng)}"
            if roll < 0.55:
                return f"{self.city(rng)} State University"
            if roll < 0.7:
                return f"{self.city(rng)} Community College"
            if kind == "med":
                return f"{self.last(rng, plain=True)} School of Medicine"
            return f"{self.last(rng, plain=True)} College"
        if roll < 0.45:
            return f"{self.city(rng)} {rng.choice(kinds)}"
        if roll < 0.85:
            return f"{self.last(rng, plain=True)} {rng.choice(kinds)}"
        return f"St. {self.first(rng)}'s {rng.choice(('School', 'Academy', 'Parish School'))}"

    def profession(self, rng: random.Random) -> str:
        if rng.random() < 0.6:
            return pools.choose(rng, everyday_professions(), "profession", self.split)
        return pools.draw(rng, lambda r: clean_job(sample_profession(r)), "profession", self.split)
