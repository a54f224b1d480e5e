"""Identifiers of a synthetic note in each label's usual shapes (MRN
"0937884", DEA "AB1234567", plate "4ZTR821", VIN) and named device models."""

from __future__ import annotations

import random
from typing import Tuple

from .common import shape_id, weighted


ID_SHAPES = {
    "MEDICALRECORD": (
        ("9999999", 30), ("99999999", 15), ("999-99-99", 10), ("0999999", 8), ("999 99 99", 3),
        ("A9999999", 4), ("999999", 6), ("99999999-9", 3), ("AA99999999", 3), ("9999-999-9", 3),
        ("E99999999", 3), ("999-99-99-9", 2), ("99-999-999", 3), ("999999999", 4),
    ),
    "ACCOUNT": (
        ("9999999999", 25), ("99999999", 15), ("A99999999", 10), ("9999-999999", 8),
        ("99999999999", 8), ("AA-999999", 5), ("9999999", 8), ("V99999999", 6), ("999-999-9999", 5),
    ),
    "HEALTHPLAN": (
        ("AAA999999999", 18), ("A99999999", 12), ("9AA9-AA9-AA99", 6), ("AA9999999", 10),
        ("W999999999", 8), ("999999999A", 8), ("XXX999999999", 8), ("99999999", 8), ("ZAA99999999", 5),
        ("999-99-9999-A", 4), ("A999999999", 6), ("AAA99999999-01", 4),
    ),
    "SSN": (("999-99-9999", 70), ("999999999", 18), ("999 99 9999", 10), ("999-99 9999", 2)),
    "LICENSE": (
        ("AA9999999", 25), ("9999999999", 15), ("99999", 8), ("A99999", 8), ("AA99999", 6),
        ("S99999999", 6), ("A999-9999-9999", 4), ("999-99-9999", 2), ("MD99999", 4), ("RN999999", 4),
        ("9999999", 6), ("AAA-99999", 4),
    ),
    "VEHICLE": (
        ("9AAA999", 18), ("AAA-9999", 12), ("AAA 999", 10), ("999-AAA", 8), ("99AA99", 6), ("AA-9999", 6),
        ("9AA-999", 6), ("AAA9999", 8), ("9XXXX99X9XX999999", 10), ("AA 99999", 4), ("9AAA99", 6),
    ),
    "DEVICE": (
        ("AAA999999A", 18), ("999999999", 10), ("AA-99999-9", 8), ("AAA999999", 12), ("A999999999", 8),
        ("99AA99999", 6), ("AA9999999AA", 5), ("XXXXXXXXXX", 6), ("9999-99999", 5), ("AAA 999999 A", 4),
    ),
    "BIOID": (
        ("FP-9999999", 15), ("BIO-999-9999", 12), ("AA9999999999", 10), ("99999-AAA", 8), ("RS-999999", 6),
        ("DNA-99-99999", 8), ("IR9999999", 6), ("XXXX-XXXX-XXXX", 8), ("V9999999", 6), ("AAA-AA-99999", 6),
    ),
    "IDNUM": (
        ("99-99999", 8), ("A99-99999", 8), ("AA99-9999", 8), ("9999999", 10), ("99999999", 8),
        ("9-9999999", 6), ("99AAA", 5), ("99:A9999999A", 4), ("A9999999", 6), ("999999", 8), ("AAA99999", 5),
        ("99999", 6), ("AA-9999-99999", 4), ("9999AAA", 3), ("99-AA-9999", 4),
    ),
}


#: Shapes of identifiers of a known kind (the slot argument, e.g. `{lic:npi}`).
ID_KIND_SHAPES = {
    ("LICENSE", "npi"): (("9999999999", 1),),
    ("LICENSE", "dea"): (("AA9999999", 1),),
    ("LICENSE", "dl"): (("S99999999", 3), ("A999-9999-9999", 2), ("999999999", 2), ("A9999999", 2)),
    ("LICENSE", "state"): (("99999", 2), ("A99999", 2), ("MD99999", 1), ("999999", 1)),
    ("VEHICLE", "vin"): (("9XXXX99X9XX999999", 1),),
    ("IDNUM", "acc"): (("A99-99999", 3), ("99-99999", 2), ("AA99-99999", 2), ("9999999", 2), ("A9999999", 1)),
    ("IDNUM", "spec"): (("A99-99999-A9", 1), ("9999999-9", 1), ("AA9999999", 1)),
    ("IDNUM", "lot"): (("A9999A", 1), ("99999A", 1), ("AAA9999", 1)),
}


def id_value(rng: random.Random, label: str, kind: str = "") -> str:
    """An identifier of a label's usual shapes (MRN "0937884", DEA "AB1234567",
    plate "4ZTR821"); `kind` selects a specific one ("npi", "dea", "vin", "acc")."""
    shapes = ID_KIND_SHAPES.get((label, kind.rstrip("0123456789")), ID_SHAPES[label])
    return shape_id(rng, weighted(rng, shapes))


DEVICE_BRANDS: Tuple[Tuple[str, str], ...] = (
    ("Medtronic", "pacemaker"), ("Medtronic Kappa", "pacemaker"), ("Boston Scientific", "ICD"),
    ("St. Jude", "ICD"), ("Guidant", "pacemaker"), ("Biotronik", "pacemaker"), ("Medtronic", "insulin pump"),
    ("Omnipod", "insulin pump"), ("Dexcom", "CGM"), ("Abbott", "LVAD"), ("HeartMate", "LVAD"),
    ("Cochlear Nucleus", "cochlear implant"), ("Medtronic", "DBS stimulator"), ("Baxter", "infusion pump"),
    ("ResMed", "CPAP machine"), ("Philips Respironics", "BiPAP"), ("Invacare", "oxygen concentrator"),
)


def device_model_value(rng: random.Random, kind: str = "") -> Tuple[str, str]:
    """A named device model (the whole name is the DEVICE span, as "Medtronic
    Kappa QQ 626" in i2b2) and the noun that follows it."""
    choices = [b for b in DEVICE_BRANDS if not kind or b[1] == kind] or list(DEVICE_BRANDS)
    brand, noun = rng.choice(choices)
    model = shape_id(rng, rng.choice(("AA 999", "AAA999", "AA999AA", "999", "A9999", "AAA 999A")))
    return f"{brand} {model}", noun
