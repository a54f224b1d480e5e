"""Long notes: is every component linear in note length? Seconds per component
for one note of 50k, 100k, 200k, 400k and 1,000,000 characters (the default
`--max-chars` of `spacy-phi deid`), end to end and per doubling of the size.

Run: python benchmarks/long_note.py [--sizes 50000 100000 ...] [--pipeline rules model]
        [--model en_phi_deid] [--repeat 1]

A long note is synthetic notes of every family (`spacy_phi.synth`, test split:
invented names, dates, IDs, addresses) joined with blank lines, so it is as
dense with PHI as a normal note and every rule-layer component has work; the
PATIENT and MEDICALRECORD values of its first notes are also passed as known
PHI (`doc.user_data["phi_known"]`) so that `phi_known` matches too.

Pipelines: "rules" (`spacy_phi.pipelines.rules_pipeline()`) and "model": the
installed `en_phi_deid` (or `--model PATH`) if there is one, otherwise
configs/cnn.cfg initialized on a few synthetic notes and NOT trained (random
weights, as the tests build it): the tok2vec and ner cost what a trained
model of that config costs, but the NER finds nothing, so phi_guard's
validators get no tagger spans here (tests/test_long_notes.py gives them
some and checks their work stays linear). The rule layer and surrogates are added
with `add_phi_components`.

Each component is timed on its own (the tokenizer, then every pipe in
`nlp.pipeline` on the same Doc). Both CPU seconds of this process
(`time.process_time`, what the code costs, robust to a busy machine) and wall
seconds are printed; "x2" is the growth of the total CPU time per doubling of
the note length (2.0 = linear; a quadratic component shows 4.0). No note text
is printed.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from speed_models import random_model  # noqa: E402

import spacy  # noqa: E402
from spacy.language import Language  # noqa: E402

import spacy_phi  # noqa: E402
from spacy_phi.known.component import KNOWN_PHI_KEY  # noqa: E402
from spacy_phi.pipelines import add_phi_components, rules_pipeline  # noqa: E402
from spacy_phi.synth import generate_notes  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SIZES = (50_000, 100_000, 200_000, 400_000, 1_000_000)
#: Synthetic notes cycled to build a long note (varied families and values).
POOL_SIZE = 600
#: Labels whose values (from the first notes) are passed as known PHI.
KNOWN_LABELS = ("PATIENT", "MEDICALRECORD")
KNOWN_VALUES = 12


def long_note(size: int, pool: Sequence[Tuple[str, List[Tuple[str, str]]]]) -> Tuple[str, Dict[str, List[str]]]:
    """A note of exactly `size` characters made of synthetic notes, and the
    known PHI of its first notes ({label: [values]})."""
    parts: List[str] = []
    known: Dict[str, List[str]] = {}
    length = 0
    i = 0
    while length < size:
        text, values = pool[i % len(pool)]
        parts.append(text)
        length += len(text) + 2
        for value, label in values:
            if label in KNOWN_LABELS and len(known.get(label, [])) < KNOWN_VALUES:
                known.setdefault(label, []).append(value)
        i += 1
    # Cut at the last line break before `size`, then pad with spaces to `size`,
    # so no PHI value is cut in two.
    text = "\n\n".join(parts)[:size]
    text = text[: text.rfind("\n") + 1]
    return text + " " * (size - len(text)), known


def note_pool(n: int = POOL_SIZE) -> List[Tuple[str, List[Tuple[str, str]]]]:
    """(text, [(value, label)]) of `n` synthetic test-split notes."""
    return [
        (note.text, [(note.text[s.start : s.end], s.label) for s in note.spans])
        for note in generate_notes(n, "test", seed=15)
    ]


def untrained_cnn() -> Language:
    """configs/cnn.cfg initialized on a few synthetic notes (its labels), not trained."""
    return random_model(phi=False, upper_scale=0.0)


def model_pipeline(model: Optional[str]) -> Tuple[Language, str]:
    """The model pipeline and how it was obtained (named in the output)."""
    name = model or "en_phi_deid"
    try:
        nlp = spacy.load(name)
        described = f"{name} (trained)"
    except (OSError, ImportError):
        if model:
            raise
        nlp = untrained_cnn()
        described = "configs/cnn.cfg UNTRAINED (random weights; en_phi_deid is not installed)"
    return add_phi_components(nlp), described


def time_components(
    nlp: Language, text: str, known: Dict[str, List[str]], counts: Optional[Dict[str, int]] = None
) -> Dict[str, Tuple[float, float]]:
    """{component: (CPU seconds, wall seconds)} for one note; "tokenizer" first.
    `counts` receives the number of spans per span group and of entities."""
    times: Dict[str, Tuple[float, float]] = {}
    cpu, wall = time.process_time(), time.perf_counter()
    doc = nlp.make_doc(text)
    times["tokenizer"] = (time.process_time() - cpu, time.perf_counter() - wall)
    doc.user_data[KNOWN_PHI_KEY] = known
    for name, pipe in nlp.pipeline:
        cpu, wall = time.process_time(), time.perf_counter()
        doc = pipe(doc)
        times[name] = (time.process_time() - cpu, time.perf_counter() - wall)
    assert doc._.deidentified is not None or "phi_surrogates" not in nlp.pipe_names
    if counts is not None:
        counts.update({group: len(spans) for group, spans in doc.spans.items()}, ents=len(doc.ents))
    return times


def report(label: str, nlp: Language, sizes: Sequence[int], pool, repeat: int) -> None:
    names = ["tokenizer", *nlp.pipe_names]
    print(f"\n{label}: CPU seconds per component (wall seconds of the whole note in the last columns)")
    print(f"{'chars':>10s} " + " ".join(f"{n[:12]:>12s}" for n in names)
          + f" {'total cpu':>10s} {'chars/s':>10s} {'x2':>5s} {'total wall':>10s}")
    previous: Optional[Tuple[int, float]] = None
    for size in sizes:
        text, known = long_note(size, pool)
        counts: Dict[str, int] = {}
        runs = [time_components(nlp, text, known, counts) for _ in range(repeat)]
        # The fastest run of each component: the least disturbed by other jobs.
        best = {n: min(r[n][0] for r in runs) for n in names}
        wall = min(sum(w for _, w in r.values()) for r in runs)
        total = sum(best.values())
        growth = ""
        if previous is not None:
            growth = f"{(total / previous[1]) ** (1 / math.log2(size / previous[0])):.2f}"
        previous = (size, total)
        print(f"{size:>10,d} " + " ".join(f"{best[n]:>12.2f}" for n in names)
              + f" {total:>10.2f} {size / total:>10,.0f} {growth:>5s} {wall:>10.2f}", flush=True)
        print(f"{'':>10s} spans: " + ", ".join(f"{group} {n:,}" for group, n in sorted(counts.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="note lengths (characters)")
    parser.add_argument("--pipeline", nargs="+", default=["rules", "model"], choices=("rules", "model"))
    parser.add_argument("--model", default=None, help="a trained pipeline (default: en_phi_deid if installed)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size (the fastest is kept)")
    args = parser.parse_args()
    os.environ.setdefault("SPACY_PHI_SECRET", "benchmark-secret-not-for-real-use")
    pool = note_pool()
    print(describe_line())
    print(f"spacy {spacy.__version__}, spacy_phi {spacy_phi.__version__}; notes: {POOL_SIZE} synthetic notes "
          f"({sum(len(t) for t, _ in pool) // POOL_SIZE:,} characters each on average) joined to each size")
    for which in args.pipeline:
        if which == "rules":
            nlp, label = rules_pipeline(), "rules-only pipeline"
        else:
            nlp, label = model_pipeline(args.model)
            label = f"model pipeline: {label}"
        time_components(nlp, *long_note(100_000, pool))  # warm-up: lazy surrogate data, tokenizer cache
        report(label, nlp, args.sizes, pool, args.repeat)


if __name__ == "__main__":
    main()
