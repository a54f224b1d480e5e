"""Detection identity check for speed work: the predicted PHI spans (label,
start, end), their detector and the de-identified text of a fixed set of notes
must not change when code is made faster.

Run:  python benchmarks/detection_identity.py --save before.json      (old code)
      python benchmarks/detection_identity.py --compare before.json   (new code)

Notes: `--synthetic` synthetic notes of every family (default 300) and the 40
hand-written notes of assets/realistic_eval. Pipelines: the rules-only pipeline
and the production architecture with random weights (`speed_models.random_model`,
whose NER predicts a few arbitrary entities per note so that phi_guard,
phi_merge and phi_surrogates all get NER spans), or `--model PATH` (e.g. a
trained pipeline). Each runs through `spacy_phi.deidentify()` with every
`--n-process` value given (default 1 and 2): all runs must give the same
result. Prints counts and the first differences (record index, label and
offsets only, never note text).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed_models import random_model, realistic_notes, synthetic_notes  # noqa: E402

import spacy  # noqa: E402

import spacy_phi  # noqa: E402
from spacy_phi.pipelines import rules_pipeline  # noqa: E402

SECRET = "identity-check-secret-not-for-real-use"


def run(nlp: Any, texts: List[str], n_process: int) -> List[Dict[str, Any]]:
    """One entry per note: spans (label, start, end, detector) and the output's hash."""
    entries = []
    for result in spacy_phi.deidentify(texts, nlp, batch_size=32, n_process=n_process):
        if not result.ok:
            entries.append({"error": result.error.reason})
            continue
        entries.append({
            "spans": [[s["label"], s["start"], s["end"], s["detector"]] for s in result.spans],
            "text_sha1": hashlib.sha1(result.text.encode("utf8")).hexdigest(),
        })
    return entries


def differences(a: List[Dict[str, Any]], b: List[Dict[str, Any]], limit: int = 5) -> List[str]:
    out = []
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            only_a = [s for s in x.get("spans", []) if s not in y.get("spans", [])]
            only_b = [s for s in y.get("spans", []) if s not in x.get("spans", [])]
            out.append(f"note {i}: only before {only_a[:4]}, only after {only_b[:4]}"
                       + (" (same spans, other text)" if not only_a and not only_b else ""))
    if len(a) != len(b):
        out.append(f"{len(a)} vs {len(b)} notes")
    return out[:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--save", type=Path, help="write the results here (the reference)")
    parser.add_argument("--compare", type=Path, help="compare with a saved reference")
    parser.add_argument("--synthetic", type=int, default=300)
    parser.add_argument("--model", default=None, help="a pipeline path (default: the random-weight model)")
    parser.add_argument("--n-process", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    os.environ["SPACY_PHI_SECRET"] = SECRET
    texts = synthetic_notes(args.synthetic) + realistic_notes()
    pipelines = {
        "rules": rules_pipeline(),
        "model": spacy.load(args.model) if args.model else random_model(),
    }
    results: Dict[str, List[Dict[str, Any]]] = {}
    failed = False
    for name, nlp in pipelines.items():
        runs = {n: run(nlp, texts, n) for n in args.n_process}
        first = runs[args.n_process[0]]
        for n, entries in runs.items():
            diff = differences(first, entries)
            if diff:
                failed = True
                print(f"{name}: n_process={n} differs from n_process={args.n_process[0]}: " + "; ".join(diff))
        results[name] = first
        spans = sum(len(e.get("spans", [])) for e in first)
        errors = sum(1 for e in first if "error" in e)
        print(f"{name}: {len(texts)} notes, {spans:,} spans, {errors} errors")
    if args.save:
        args.save.write_text(json.dumps(results), encoding="utf8")
        print(f"saved to {args.save}")
    if args.compare:
        reference = json.loads(args.compare.read_text(encoding="utf8"))
        for name, entries in results.items():
            diff = differences(reference.get(name, []), entries)
            if diff:
                failed = True
                print(f"{name}: DIFFERS from {args.compare}: " + "; ".join(diff))
            else:
                print(f"{name}: identical to {args.compare} (spans, detectors and de-identified text)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
