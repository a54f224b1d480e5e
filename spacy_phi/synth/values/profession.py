"""Professions of a synthetic note: everyday jobs (the shipped
`spacy_phi/data/synth_professions.txt` and a written list) and Faker's job
titles as a note writes them."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, Tuple


PROFESSIONS_COMMON: Tuple[str, ...] = (
    "construction worker", "truck driver", "teacher", "nurse", "nurse's aide", "CNA", "cashier",
    "electrician", "plumber", "carpenter", "line cook", "waitress", "waiter", "bartender",
    "home health aide", "daycare worker", "bus driver", "mail carrier", "police officer",
    "firefighter", "lawyer", "attorney", "accountant", "software engineer", "programmer",
    "housekeeper", "landscaper", "security guard", "factory worker", "machinist", "welder",
    "mechanic", "auto mechanic", "hairdresser", "barber", "cosmetologist", "secretary",
    "administrative assistant", "receptionist", "bank teller", "real estate agent", "pharmacist",
    "physician", "dentist", "social worker", "paralegal", "janitor", "custodian", "painter",
    "roofer", "fisherman", "farmer", "dairy farmer", "chef", "baker", "butcher", "cab driver",
    "Uber driver", "delivery driver", "warehouse worker", "forklift operator", "longshoreman",
    "postal worker", "letter carrier", "librarian", "professor", "graduate student", "engineer",
    "civil engineer", "architect", "musician", "artist", "photographer", "journalist", "editor",
    "pastor", "minister", "priest", "rabbi", "soldier", "Marine", "veteran", "corrections officer",
    "EMT", "paramedic", "medical assistant", "phlebotomist", "lab technician", "x-ray technician",
    "dental hygienist", "physical therapist", "store manager", "sales associate", "salesman",
    "insurance agent", "stockbroker", "financial analyst", "consultant", "contractor",
    "Motor Vehicle Body Repairer", "Telecommunications Installation and Repair Worker",
    "Bob Evans buildings construction worker", "tailor", "seamstress", "dry cleaner", "nanny",
    "babysitter", "dog groomer", "veterinary technician", "stay-at-home mother", "homemaker",
)


PROFESSIONS_FILE = Path(__file__).resolve().parents[2] / "data" / "synth_professions.txt"


@lru_cache(maxsize=None)
def everyday_professions() -> Tuple[str, ...]:
    """The written list of everyday jobs (`spacy_phi/data/synth_professions.txt`)
    plus PROFESSIONS_COMMON, without duplicates, in file order."""
    seen: Dict[str, None] = {}
    with PROFESSIONS_FILE.open(encoding="utf8") as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#"):
                seen.setdefault(line, None)
    for job in PROFESSIONS_COMMON:
        seen.setdefault(job, None)
    return tuple(seen)


_JOB_PARENS = re.compile(r"\s*\([^)]*\)")


@lru_cache(maxsize=2_000)
def clean_job(job: str) -> str:
    """Faker's "Engineer, civil (contracting)" as a note writes it: "civil engineer"."""
    job = _JOB_PARENS.sub("", job).strip()
    if ", " in job:
        head, _, tail = job.partition(", ")
        job = f"{tail} {head}" if len(tail.split()) <= 2 else head
    words = job.split()
    return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in words)
