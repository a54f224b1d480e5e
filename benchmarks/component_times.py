"""CPU seconds per pipeline component, for comparing two versions of the rule
layer on the same trained model.

Run: python benchmarks/component_times.py PIPELINE [PIPELINE ...] [--notes corpus/synth/test.spacy]
        [--limit 300] [--rounds 2]

Each round makes the Docs with the tokenizer, then runs every component over
all of them in turn (`pipe` with batch size 32), timing each with
`time.process_time` (CPU time of this process: steadier than wall time on a
shared machine). Prints the mean per component and the total, with the hardware.
To time an older version of spacy_phi, run this script with that version first
on `sys.path` (a checkout of the older commit).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from speed_models import component_seconds  # noqa: E402

import spacy  # noqa: E402
from spacy.tokens import DocBin  # noqa: E402

import spacy_phi  # noqa: E402,F401  (registers the components)


def mean_component_seconds(model: str, texts: List[str], rounds: int) -> Dict[str, float]:
    """Mean CPU seconds per component (and the tokenizer) over `rounds` runs."""
    nlp = spacy.load(model)
    totals: Dict[str, float] = {}
    for _ in range(rounds):
        for name, seconds in component_seconds(nlp, texts, batch_size=32).items():
            totals[name] = totals.get(name, 0.0) + seconds
    return {name: seconds / rounds for name, seconds in totals.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="+", help="pipeline folders or package names")
    parser.add_argument("--notes", default="corpus/synth/test.spacy", help="DocBin of notes")
    parser.add_argument("--limit", type=int, default=300, help="notes to process")
    parser.add_argument("--rounds", type=int, default=2, help="runs to average")
    args = parser.parse_args()
    print(describe_line())
    vocab = spacy.blank("en").vocab
    texts = [doc.text for doc in DocBin().from_disk(args.notes).get_docs(vocab)][: args.limit]
    print(f"notes: {len(texts)} from {args.notes} ({sum(len(t.split()) for t in texts):,} words); rounds: {args.rounds}")
    for model in args.models:
        seconds = mean_component_seconds(model, texts, args.rounds)
        parts = " ".join(f"{name}={value:.2f}s" for name, value in seconds.items())
        print(f"{model}: {parts} total={sum(seconds.values()):.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
