"""Whitespace-free notes: does the time stay linear in the note's length when the
note has no space at all? CPU seconds of the whole pipeline (tokenizer and every
component) for one note of 50k, 100k and 200k characters, the growth from 50k to
200k (linear: 4x; the bound: 5x) and per doubling (linear: 2.0, quadratic: 4.0).

Run: python benchmarks/whitespace_free.py [--sizes 50000 100000 200000]
        [--pipeline rules model] [--model PATH] [--shapes note parens dr base64] [--repeat 3]

Notes (no note text is printed):
- note: the report's note, "Dr.Visser/03-14-2089;MRN:12345678;617-555-0142;tiotropium;"
  repeated (spaCy's URL pattern was quadratic on it);
- parens: "(" repeated (spaCy's affix loop strips one prefix per step and hands the
  rest of the run to every rule each time);
- dr: "Dr." repeated (a location rule read the rest of the run from every capital);
- base64: random letters, digits, "+", "/" and "=" (a pasted attachment).

Pipelines: "rules" (`spacy_phi.pipelines.rules_pipeline()`) and "model": `--model PATH`
(a trained pipeline) or the production architecture, configs/cnn.cfg with random
weights and the rule layer (`speed_models.random_model()`: it costs what a trained
pipeline of that config costs and predicts some entities, so every later component
has work). Each size runs `--repeat` times and the fastest run is kept (the least
disturbed by other jobs and by Python's garbage collector); the slowest component
of the largest note is named.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import string
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from long_note import time_components  # noqa: E402

import spacy  # noqa: E402
from spacy.language import Language  # noqa: E402

import spacy_phi  # noqa: E402
from spacy_phi.pipelines import add_phi_components, rules_pipeline  # noqa: E402

DEFAULT_SIZES = (50_000, 100_000, 200_000)
#: 200k characters may take at most this many times the time of 50k (other
#: sizes: the same growth per doubling, sqrt(5)).
BOUND = 5.0
NOTE_UNIT = "Dr.Visser/03-14-2089;MRN:12345678;617-555-0142;tiotropium;"


def _repeated(unit: str) -> Callable[[int], str]:
    return lambda size: (unit * (size // len(unit) + 1))[:size]


def _base64(size: int) -> str:
    rng = random.Random(size)
    return "".join(rng.choice(string.ascii_letters + string.digits + "+/=") for _ in range(size))


SHAPES: Dict[str, Callable[[int], str]] = {
    "note": _repeated(NOTE_UNIT),
    "parens": _repeated("("),
    "dr": _repeated("Dr."),
    "base64": _base64,
}


def pipeline(which: str, model: str | None) -> Tuple[Language, str]:
    """The pipeline and how it was obtained (named in the output)."""
    if which == "rules":
        return rules_pipeline(), "rules-only pipeline"
    if model:
        return add_phi_components(spacy.load(model)), f"model pipeline: {model} (trained)"
    from speed_models import random_model

    return random_model(), "model pipeline: configs/cnn.cfg with random weights + rule layer (speed_models.random_model)"


def note_seconds(nlp: Language, text: str, repeat: int) -> Tuple[float, str]:
    """The fastest CPU seconds of the whole pipeline over `repeat` runs, and its slowest component."""
    runs = [time_components(nlp, text, {}) for _ in range(repeat)]
    best = min(runs, key=lambda times: sum(cpu for cpu, _ in times.values()))
    slowest = max(best, key=lambda name: best[name][0])
    return sum(cpu for cpu, _ in best.values()), f"{slowest} {best[slowest][0]:.2f}"


def report(label: str, nlp: Language, sizes: Sequence[int], shapes: Sequence[str], repeat: int) -> List[str]:
    """Print the times of every note; RETURNS the notes over the bound."""
    print(f"\n{label}: CPU seconds of the whole pipeline (fastest of {repeat})")
    print(f"{'note':>8s} " + " ".join(f"{size:>10,d}" for size in sizes)
          + f" {'ratio':>7s} {'x2':>5s}  slowest component (largest note)")
    over = []
    for shape in shapes:
        seconds, slowest = [], ""
        for size in sizes:
            cpu, slowest = note_seconds(nlp, SHAPES[shape](size), repeat)
            seconds.append(cpu)
        ratio = seconds[-1] / seconds[0]
        growth = ratio ** (1 / math.log2(sizes[-1] / sizes[0]))
        # 5x for 4x the length is a growth of sqrt(5) per doubling.
        bounded = growth <= math.sqrt(BOUND)
        if not bounded:
            over.append(shape)
        print(f"{shape:>8s} " + " ".join(f"{s:>10.2f}" for s in seconds)
              + f" {ratio:>6.2f}x {growth:>5.2f}  {slowest}" + ("" if bounded else f"  OVER {BOUND:g}x"), flush=True)
    return over


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="note lengths (characters)")
    parser.add_argument("--pipeline", nargs="+", default=["rules", "model"], choices=("rules", "model"))
    parser.add_argument("--model", default=None, help="a trained pipeline (default: random weights)")
    parser.add_argument("--shapes", nargs="+", default=list(SHAPES), choices=list(SHAPES))
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (the fastest is kept)")
    args = parser.parse_args()
    os.environ.setdefault("SPACY_PHI_SECRET", "benchmark-secret-not-for-real-use")
    print(describe_line())
    print(f"spacy {spacy.__version__}, spacy_phi {spacy_phi.__version__}; notes without any whitespace; "
          f"ratio = time of {args.sizes[-1]:,} / time of {args.sizes[0]:,} characters (linear: "
          f"{args.sizes[-1] / args.sizes[0]:g}x, bound {BOUND:g}x for 200k/50k); x2 = growth per doubling")
    over: List[str] = []
    for which in args.pipeline:
        nlp, label = pipeline(which, args.model)
        start = time.process_time()
        time_components(nlp, SHAPES["note"](20_000), {})  # warm-up: lazy data, tokenizer cache
        label += f" (warm-up {time.process_time() - start:.1f} s)"
        over += [f"{which}/{shape}" for shape in report(label, nlp, args.sizes, args.shapes, args.repeat)]
    print("\nover the bound: " + ", ".join(over) if over else "\nevery note within the bound")


if __name__ == "__main__":
    main()
