"""Pipelines, notes and the per-component timer shared by the speed benchmarks
(`deid_speed.py`, `detection_identity.py`, `candidate_models.py`, `deid_memory.py`,
`component_times.py`, `long_note.py`).

A pipeline of the production architecture (configs/cnn.cfg: clinical
tokenizer, hash-embedding CNN tok2vec, transition-based NER, phi_sentencizer,
then the rule layer and phi_surrogates) initialized with random weights costs
what a trained pipeline of the same config costs: the same matrices are
multiplied. An *untrained* NER predicts nothing, though (its output layer
starts at zero), so phi_guard, phi_merge and phi_surrogates would see no NER
spans. `random_model()` therefore fills the NER's output layer with small
random weights (seeded): it then predicts a few entities per note, at
arbitrary places, which exercises every later component. Its predictions
mean nothing; they are deterministic, which is what the identity check and
the timings need.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

from spacy.language import Language

ROOT = Path(__file__).resolve().parent.parent
CNN_CONFIG = ROOT / "configs" / "cnn.cfg"
REALISTIC = ROOT / "assets" / "realistic_eval"
_MARKUP = re.compile(r"\[\[([A-Z_]+)\|([^\]\|]+)\]\]")
#: Notes that initialize the random model (its labels).
INIT_NOTES = 20
#: Standard deviation of the random NER output weights.
UPPER_SCALE = 0.15
#: Bias of the NER's "O" move: about 14 entities per synthetic note of 210 words,
#: the density of PHI in those notes (without it: over 150 per note).
OUT_BIAS = 11.5


def component_seconds(nlp: Language, texts: List[str], batch_size: int = 64) -> Dict[str, float]:
    """CPU seconds (`time.process_time`) of each component over `texts`, the
    tokenizer first: the Docs are made, then every component runs over all of
    them in turn (`pipe` where it has one)."""
    import time

    times: Dict[str, float] = {}
    start = time.process_time()
    docs = [nlp.make_doc(text) for text in texts]
    times["tokenizer"] = time.process_time() - start
    for name, proc in nlp.pipeline:
        start = time.process_time()
        docs = list(proc.pipe(docs, batch_size=batch_size)) if hasattr(proc, "pipe") else [proc(d) for d in docs]
        times[name] = time.process_time() - start
    return times


def random_model(overrides: Optional[Dict[str, Any]] = None, *, seed: int = 0, phi: bool = True,
                 upper_scale: float = UPPER_SCALE) -> Language:
    """configs/cnn.cfg (with config `overrides`) initialized on a few synthetic
    notes, NOT trained; the NER output layer gets random weights (see the module
    docstring); with `phi`, the rule layer and phi_surrogates are added.

    overrides (Optional[Dict[str, Any]]): config overrides ("components.tok2vec.model.encode.width": 64).
    seed (int): the random seed of the weights.
    phi (bool): add the rule layer and phi_surrogates.
    upper_scale (float): the standard deviation of the NER output weights (0: untrained, predicts nothing).
    RETURNS (Language): the pipeline.
    """
    import numpy
    from spacy.training import Example
    from spacy.util import fix_random_seed, load_config, load_model_from_config

    from spacy_phi.pipelines import add_phi_components
    from spacy_phi.synth import generate_notes, make_doc

    fix_random_seed(seed)
    config = load_config(CNN_CONFIG, overrides=dict(overrides or {}), interpolate=True)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    examples = []
    for note in generate_notes(INIT_NOTES, "train", seed=15):
        doc, problems, _, _ = make_doc(note, nlp)
        if not problems:
            examples.append(Example(nlp.make_doc(doc.text), doc))
    nlp.initialize(lambda: examples)
    if upper_scale:
        rng = numpy.random.RandomState(seed)
        ner = nlp.get_pipe("ner")
        upper = ner.model.get_ref("upper")
        weights = upper.get_param("W")
        upper.set_param("W", rng.normal(0, upper_scale, weights.shape).astype(weights.dtype))
        bias = numpy.zeros_like(upper.get_param("b"))
        bias[[ner.moves.get_class_name(i) for i in range(ner.moves.n_moves)].index("O")] = OUT_BIAS
        upper.set_param("b", bias)
    return add_phi_components(nlp) if phi else nlp


def realistic_notes() -> List[str]:
    """The 40 hand-written notes of assets/realistic_eval, markup removed."""
    paths = sorted(REALISTIC.glob("dev/*.txt")) + sorted(REALISTIC.glob("test/*.txt"))  # not dev_b (added later)
    return [_MARKUP.sub(lambda m: m.group(2), path.read_text(encoding="utf8")) for path in paths]


def synthetic_notes(n: int, seed: int = 16) -> List[str]:
    """`n` synthetic notes of every family (spacy_phi.synth, test split)."""
    from spacy_phi.synth import generate_notes

    return [note.text for note in generate_notes(n, "test", seed=seed)]


def jsonl_records(texts: List[str], n: int, seed: int = 0) -> Iterator[str]:
    """`n` JSONL lines cycling over `texts`, with ids and 200 patient keys."""
    rng = random.Random(seed)
    for i in range(n):
        text = texts[i % len(texts)] if i < len(texts) else texts[rng.randrange(len(texts))]
        yield json.dumps({"id": f"n{i}", "patient_id": f"p{i % 200}", "text": text}) + "\n"


def words(texts: List[str]) -> int:
    """Whitespace-separated words (the unit of every words/s figure here)."""
    return sum(len(text.split()) for text in texts)
