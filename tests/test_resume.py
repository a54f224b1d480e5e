"""Continuing an interrupted `spacy train` run from its model-last (`spacy-phi resume-config`)."""

from __future__ import annotations

import random
from itertools import islice
from pathlib import Path

import pytest
import spacy
from spacy.tokens import DocBin
from spacy.training.initialize import init_nlp
from spacy.util import load_config
from thinc.api import registry

from spacy_phi.cli import main
from spacy_phi.errors import SpacyPhiError
from spacy_phi.models.resume import continued_schedule, resume_config

CONFIGS = Path(__file__).resolve().parent.parent / "configs"
NAMES = ["Smith", "Jones", "Garcia", "Okafor", "Novak"]
FILLER = ["the", "patient", "was", "seen", "today", "for", "pain", "and", "fever"]


def test_the_continued_schedule_gives_the_rates_the_run_would_have_had():
    block = {"@schedules": "warmup_linear.v1", "warmup_steps": 100, "total_steps": 1200, "initial_rate": 5e-5}
    original = list(islice(registry.resolve({"s": block})["s"], 1200))  # the rate of each step
    new_block, left = continued_schedule(block, 300)
    assert left == 900
    continued = list(islice(registry.resolve({"s": new_block})["s"], 900))
    for k in (0, 1, 450, 899):
        assert continued[k] == pytest.approx(original[300 + k], rel=1e-9)
    # Lengthened to 2,000 steps: the rate of a run planned for 2,000 from the start.
    planned = list(islice(registry.resolve({"s": dict(block, total_steps=2000)})["s"], 2000))
    longer_block, longer_left = continued_schedule(block, 1200, total_steps=2000)
    longer = list(islice(registry.resolve({"s": longer_block})["s"], 800))
    assert longer_left == 800 and longer[0] == pytest.approx(planned[1200]) and longer[799] == pytest.approx(planned[1999])
    with pytest.raises(SpacyPhiError, match="warm-up"):
        continued_schedule(block, 50)
    with pytest.raises(SpacyPhiError, match="no steps left"):
        continued_schedule(block, 1200)
    with pytest.raises(SpacyPhiError, match="only"):
        continued_schedule({"@schedules": "cyclic_triangular.v1"}, 10)


def _corpus(path: Path, n: int, seed: int) -> None:
    nlp = spacy.blank("en")
    rng = random.Random(seed)
    docs = DocBin()
    for _ in range(n):
        words = [rng.choice(FILLER) for _ in range(12)] + [rng.choice(NAMES)] + [rng.choice(FILLER) for _ in range(5)]
        doc = spacy.tokens.Doc(nlp.vocab, words=words)
        doc.ents = [doc.char_span(doc[12].idx, doc[12].idx + len(doc[12]), label="PATIENT")]
        docs.add(doc)
    docs.to_disk(path)


@pytest.mark.slow
def test_a_resumed_run_starts_from_the_checkpoint_weights(tmp_path):
    from spacy.cli.train import train

    _corpus(tmp_path / "train.spacy", 24, 0)
    _corpus(tmp_path / "dev.spacy", 6, 1)
    overrides = {
        "paths.train": str(tmp_path / "train.spacy"), "paths.dev": str(tmp_path / "dev.spacy"),
        "paths.init_tok2vec": None, "training.max_steps": 6, "training.eval_frequency": 3,
    }
    train(CONFIGS / "cnn.cfg", tmp_path / "run", overrides=overrides)
    checkpoint = tmp_path / "run" / "model-last"
    config = resume_config(checkpoint, steps_done=6 - 2)
    assert config["training"]["max_steps"] == 2
    assert config["initialize"]["init_tok2vec"] is None
    assert all(block == {"source": str(checkpoint.resolve())} for block in config["components"].values())
    # The resumed pipeline starts with the checkpoint's weights, not fresh ones.
    resumed = init_nlp(config)
    saved = spacy.load(checkpoint)
    for name in ("tok2vec", "ner"):
        assert resumed.get_pipe(name).model.to_bytes() == saved.get_pipe(name).model.to_bytes()
    # ... and trains on: the CLI writes the config, spacy train runs it.
    assert main(["resume-config", str(checkpoint), str(tmp_path / "resume.cfg"), "--steps-done", "4"]) == 0
    train(tmp_path / "resume.cfg", tmp_path / "resumed")
    assert (tmp_path / "resumed" / "model-last" / "ner").is_dir()


def test_a_resumed_run_shuffles_the_corpus_with_a_new_seed(tmp_path):
    # With the first run's seed, spacy train would shuffle the corpus into the
    # same order again and replay the examples the interrupted run began with.
    checkpoint = tmp_path / "model-last"
    checkpoint.mkdir()
    (checkpoint / "config.cfg").write_text((CONFIGS / "transformer.cfg").read_text())
    first = resume_config(checkpoint, steps_done=1200)
    assert first["system"]["seed"] == 0 + 1200
    assert first["training"]["seed"] == "${system.seed}"  # the shuffle follows it
    again = resume_config(checkpoint, steps_done=1200)
    assert again["system"]["seed"] == first["system"]["seed"]  # deterministic
    assert resume_config(checkpoint, steps_done=1500)["system"]["seed"] != first["system"]["seed"]


def test_a_folder_without_a_config_is_refused(tmp_path, capsys):
    assert main(["resume-config", str(tmp_path), str(tmp_path / "x.cfg"), "--steps-done", "3"]) == 1
    assert "no config.cfg" in capsys.readouterr().err
    assert not (tmp_path / "x.cfg").exists()
