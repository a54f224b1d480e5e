"""Speed of the batch de-identifier `spacy-phi deid`, end to end: JSONL in,
JSONL + errors + audit manifest + summary out, against `nlp.pipe` alone on
the same texts in memory, with 1 and 2 processes.

Run: python benchmarks/deid_speed.py [--notes 2000] [--pipeline standin rules] [--batch-size 64]

Pipelines: "standin" (clinical tokenizer, phi_sentencizer, an entity_ruler
with name/date/MRN/phone patterns, phi_surrogates) and "rules" (the built-in
rules-only pipeline, `spacy_phi.pipelines.rules_pipeline()`). Notes are
synthetic (invented names and numbers, varied per note). Prints notes/s and
words/s with the hardware; model loading is not timed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

import spacy_phi  # noqa: E402
from spacy_phi.deid import DeidOptions, deidentify_file  # noqa: E402

FIRST = ["Desmond", "Mariela", "Kyle", "Ada", "Tomas", "Ingrid", "Ravi", "Lucia", "Hector", "Yuki"]
LAST = ["Achterberg", "Chaney", "Whalen", "Kruger", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Brandt", "Silva"]
TEMPLATE = (
    "Clinic visit {date1} -- Northgate Family Practice\n\n"
    "Patient: {first} {last}   MRN: {mrn}   DOB: {dob}\n"
    "S: {first} {last} returns for f/u of COPD. Reports less dyspnea since starting tiotropium. "
    "Still smokes about 5 cigarettes per day; quit attempts in 2085 and 2088. Works as a truck driver.\n"
    "O: BP 138/84, HR 76, SpO2 94% RA. Scattered expiratory wheeze bilaterally. No edema.\n"
    "A/P: COPD, GOLD 2, stable. Continue tiotropium; add albuterol p.r.n. Spirometry on {date2}. "
    "Smoking cessation counselling given. Call {phone} with questions.\n"
    "Seen by Dr. {doc_first} {doc_last}.\n"
)
STANDIN_PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": {"IN": FIRST}}, {"TEXT": {"IN": LAST}}]},
    {"label": "DOCTOR", "pattern": [{"TEXT": "Dr."}, {"TEXT": {"IN": FIRST}}, {"TEXT": {"IN": LAST}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
    {"label": "MEDICALRECORD", "pattern": [{"TEXT": {"REGEX": r"^\d{7}$"}}]},
    {"label": "PHONE", "pattern": [{"TEXT": {"REGEX": r"^\d{3}-\d{3}-\d{4}$"}}]},
]


def synthetic_notes(n: int, seed: int = 0) -> List[str]:
    rng = random.Random(seed)

    def date() -> str:
        return f"{rng.randint(1, 12)}/{rng.randint(1, 28)}/{rng.randint(2050, 2099)}"

    return [
        TEMPLATE.format(
            date1=date(), date2=date(), dob=date(), first=rng.choice(FIRST), last=rng.choice(LAST),
            mrn=rng.randint(1_000_000, 9_999_999), phone=f"617-555-{rng.randint(0, 9999):04d}",
            doc_first=rng.choice(FIRST), doc_last=rng.choice(LAST),
        )
        for _ in range(n)
    ]


def standin_pipeline():
    nlp = spacy_phi.blank_pipeline("en")
    nlp.add_pipe("phi_sentencizer")
    nlp.add_pipe("entity_ruler").add_patterns(STANDIN_PATTERNS)
    nlp.add_pipe("phi_surrogates")
    return nlp


def rules_pipeline():
    from spacy_phi.pipelines import rules_pipeline as build

    return build("en")


PIPELINES: Dict[str, Callable] = {"standin": standin_pipeline, "rules": rules_pipeline}


def time_nlp_pipe(nlp, texts: List[str], batch_size: int) -> float:
    start = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=batch_size):
        pass
    return time.perf_counter() - start


def time_deid(nlp, src: Path, out: Path, n_process: int, batch_size: int) -> float:
    options = DeidOptions(n_process=n_process, batch_size=batch_size, progress=False, overwrite=True)
    start = time.perf_counter()
    summary = deidentify_file(src, out, options, nlp=nlp, stderr=io.StringIO())
    seconds = time.perf_counter() - start
    assert summary.records_failed == 0, summary.to_dict()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=2000)
    parser.add_argument("--pipeline", nargs="+", default=["standin", "rules"], choices=tuple(PIPELINES))
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()
    os.environ.setdefault("SPACY_PHI_SECRET", "benchmark-secret-not-for-real-use")
    texts = synthetic_notes(args.notes)
    words = sum(len(t.split()) for t in texts)
    print(describe_line())
    print(f"input: {args.notes:,} synthetic notes, {words / args.notes:.0f} words each, JSONL; "
          f"batch size {args.batch_size}")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "notes.jsonl"
        with open(src, "w", encoding="utf8") as f:
            for i, text in enumerate(texts):
                f.write(json.dumps({"id": f"n{i}", "patient_id": f"p{i % 100}", "text": text}) + "\n")
        print(f"{'pipeline':10s} {'run':34s} {'notes/s':>10s} {'words/s':>12s}")
        for name in args.pipeline:
            try:
                nlp = PIPELINES[name]()
            except ImportError as err:
                print(f"{name:10s} unavailable ({err})")
                continue
            time_nlp_pipe(nlp, texts[:100], args.batch_size)  # warm-up (lazy loading of surrogate data)
            runs = [("nlp.pipe only, in memory", lambda: time_nlp_pipe(nlp, texts, args.batch_size))]
            for n_process in (1, 2):
                runs.append((f"deid end to end, n_process={n_process}",
                             lambda n=n_process: time_deid(nlp, src, Path(tmp) / "out.jsonl", n, args.batch_size)))
            for label, run in runs:
                seconds = run()
                print(f"{name:10s} {label:34s} {args.notes / seconds:>10,.0f} {words / seconds:>12,.0f}")


if __name__ == "__main__":
    main()
