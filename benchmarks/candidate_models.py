"""Inference speed of smaller variants of configs/cnn.cfg, to decide whether
one is worth training (this script trains nothing; configs/cnn.cfg is not changed).

Run: python benchmarks/candidate_models.py [--notes 300] [--repeat 2]

Each candidate is configs/cnn.cfg with overrides (tok2vec width and depth,
hash-embedding rows, NER hidden width), initialized with RANDOM weights
(`speed_models.random_model`; the cost of a network does not depend on its
weights) and followed by the rule layer and phi_surrogates. Every candidate
runs the same synthetic notes in this process, with the CPU settings of a deid
run (`spacy_phi.models.cpu_ops.fast_cpu`), one after another, `--repeat` times
interleaved; the fastest CPU time of each component is kept (the least
disturbed by other jobs). Printed: words per CPU second of the whole pipeline
(tokenizer included), CPU ms per note of tok2vec and ner, their share of the
total, and the speed relative to configs/cnn.cfg. Accuracy is NOT measured: a
candidate must be trained and evaluated before it replaces the default.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from speed_models import component_seconds, random_model, synthetic_notes, words  # noqa: E402

from spacy_phi.models.cpu_ops import fast_cpu  # noqa: E402

WIDTH = "components.tok2vec.model.encode.width"
DEPTH = "components.tok2vec.model.encode.depth"
ROWS = "components.tok2vec.model.embed.rows"
HIDDEN = "components.ner.model.hidden_width"
CANDIDATES: List[Tuple[str, Dict[str, Any]]] = [
    ("cnn.cfg (width 96, depth 4, rows 5000/1000/2500/2500, hidden 64)", {}),
    ("width 64", {WIDTH: 64}),
    ("depth 3", {DEPTH: 3}),
    ("width 64, depth 3", {WIDTH: 64, DEPTH: 3}),
    ("rows halved (2500/500/1250/1250)", {ROWS: [2500, 500, 1250, 1250]}),
    ("ner hidden 48", {HIDDEN: 48}),
    ("ner hidden 32", {HIDDEN: 32}),
    ("width 64, depth 3, hidden 32", {WIDTH: 64, DEPTH: 3, HIDDEN: 32}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--notes", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    os.environ.setdefault("SPACY_PHI_SECRET", "benchmark-secret-not-for-real-use")
    texts = synthetic_notes(args.notes)
    n_words = words(texts)
    print(describe_line())
    print(f"notes: {len(texts)} synthetic notes, {n_words:,} words; random weights; CPU time, in-process; "
          f"load {os.getloadavg()[0]:.2f}")
    pipelines = [(label, random_model(overrides)) for label, overrides in CANDIDATES]
    best: Dict[str, Dict[str, float]] = {}
    for _ in range(args.repeat):
        for label, nlp in pipelines:
            with fast_cpu(nlp):
                list(nlp.pipe(texts[:16]))  # warm-up
                times = component_seconds(nlp, texts)
            kept = best.setdefault(label, times)
            for name, seconds in times.items():
                kept[name] = min(kept[name], seconds)
    reference = sum(best[CANDIDATES[0][0]].values())
    print(f"\n{'candidate':64s} {'words/cpu-s':>11s} {'tok2vec ms':>10s} {'ner ms':>7s} {'t2v+ner %':>9s} "
          f"{'vs cnn.cfg':>10s}")
    for label, _ in pipelines:
        times = best[label]
        total = sum(times.values())
        model = times.get("tok2vec", 0.0) + times.get("ner", 0.0)
        print(f"{label:64s} {n_words / total:>11,.0f} {1000 * times.get('tok2vec', 0) / len(texts):>10.1f} "
              f"{1000 * times.get('ner', 0) / len(texts):>7.1f} {100 * model / total:>9.1f} "
              f"{reference / total:>9.2f}x")
    print(f"(load average at the end: {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
