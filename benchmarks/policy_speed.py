"""What a site policy costs: words per second of the same pipeline with no
policy and with a large one (10,000 `always_phi` roster names and 50
`patterns`, 25 regex and 25 token patterns, plus never_phi terms and per-label
actions). Target: the policy costs less than 15 % of the words per second.

Run: python benchmarks/policy_speed.py [--notes 400] [--repeats 3] [--model rules|cnn|PATH]

Notes: synthetic notes of every family (`spacy_phi.synth`, test split).
Roster: invented "First Last" names drawn from the surrogate name lists
(`spacy_phi.surrogates.names.name_pools`, Faker's lists), never from a corpus.
Pipeline: `rules` (default: the rules-only pipeline, where the policy's share
is largest), `cnn` (configs/cnn.cfg with random weights, the production
architecture's cost; `speed_models.random_model`) or a pipeline folder.
Each configuration runs `--repeats` times over the notes in this process
(`nlp.pipe`, one process), alternating, and the best run is reported (the
least disturbed by other work on the machine). Policy loading (its checks)
is timed apart: it happens once per run, before any note.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from speed_models import synthetic_notes, words  # noqa: E402

import spacy  # noqa: E402

import spacy_phi  # noqa: E402
from spacy_phi.policy import apply_policy, load_policy, restore_policy  # noqa: E402

ROSTER_SIZE = 10_000
PATTERNS = 50


def roster_names(n: int, seed: int = 7) -> List[str]:
    """`n` distinct invented full names from the surrogate name lists."""
    from spacy_phi.surrogates.names import name_pools

    rng = random.Random(seed)
    pools = name_pools()
    names: Dict[str, None] = {}
    while len(names) < n:
        first, last = pools[rng.randrange(len(pools))]
        names[f"{rng.choice(first)} {rng.choice(last)}"] = None
    return list(names)


def big_policy() -> Dict[str, Any]:
    """The benchmark's policy: a 10,000-name roster and 50 site patterns."""
    patterns: List[Dict[str, Any]] = []
    for i in range(PATTERNS // 2):
        prefix = "".join(chr(65 + (i * 7 + k) % 26) for k in range(3))
        patterns.append({"id": f"re{i}", "label": "IDNUM", "regex": rf"\b{prefix}-\d{{6,8}}\b",
                         "context": ["id", "no"] if i % 3 == 0 else [], "validator": "luhn" if i % 5 == 0 else None})
        patterns.append({"id": f"tok{i}", "label": "ACCOUNT",
                         "tokens": [{"LOWER": f"{prefix.lower()}x"}, {"TEXT": {"REGEX": r"^\d{5,9}$"}}]})
    for p in patterns:
        if p.get("validator") is None:
            p.pop("validator", None)
        if not p.get("context"):
            p.pop("context", None)
    return {
        "name": "benchmark policy",
        "preset": "safe_harbor",
        "actions": {"PROFESSION": "keep", "MEDICALRECORD": "hash"},
        "never_phi": [{"terms": ["HO", "Epic", "Careview"]}, {"regex": "ward [0-9][A-Z]", "labels": ["ROOM"]}],
        "always_phi": [{"label": "DOCTOR", "terms": roster_names(ROSTER_SIZE)}],
        "patterns": patterns,
    }


def load_model(name: str) -> spacy.language.Language:
    if name == "rules":
        return spacy_phi.rules_pipeline()
    if name == "cnn":
        from speed_models import random_model

        return random_model()
    return spacy.load(name)


def timed(nlp: spacy.language.Language, texts: List[str]) -> float:
    start = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=64):
        pass
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--model", default="rules")
    args = parser.parse_args()

    print(describe_line())
    texts = synthetic_notes(args.notes)
    n_words = words(texts)
    print(f"input: {len(texts):,} synthetic notes, {n_words:,} words; pipeline: {args.model}")
    nlp = load_model(args.model)
    start = time.perf_counter()
    policy = load_policy(big_policy())
    checked = time.perf_counter() - start
    start = time.perf_counter()
    apply_policy(nlp, policy)
    applied = time.perf_counter() - start
    restore_policy(nlp, None)
    print(f"policy: {len(policy.always_phi):,} always_phi names, {len(policy.patterns)} patterns; "
          f"load and check {checked:.2f}s, apply {applied:.2f}s (once per run)")
    timed(nlp, texts[:20])  # warm-up: lazy lexicons and caches
    best = {"no policy": float("inf"), "policy": float("inf")}
    for _ in range(args.repeats):
        best["no policy"] = min(best["no policy"], timed(nlp, texts))
        apply_policy(nlp, policy)
        best["policy"] = min(best["policy"], timed(nlp, texts))
        restore_policy(nlp, None)
    base, with_policy = n_words / best["no policy"], n_words / best["policy"]
    for label, seconds in best.items():
        print(f"{label:>10}: {n_words / seconds:,.0f} words/s (best of {args.repeats}: {seconds:.2f}s)")
    cost = 100 * (1 - with_policy / base)
    print(f"cost of the policy: {cost:.1f} % of words/s (target < 15 %): {'PASS' if cost < 15 else 'FAIL'}")


if __name__ == "__main__":
    main()
