"""Reproducible training: the data-building steps (synth, mix) and a short
training give byte-identical files for one seed in one environment, whatever
the calling shell's hash seed, thread count or working directory
(`spacy_phi.reproducible`, docs/models.md "Reproducing a training").

Every step runs in its own process, as the project runs it: a hash seed or a
thread count only matters when the libraries load.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pytest

from spacy_phi.reproducible import PINNED_ENV, pinned_environment, spacy_command

ROOT = Path(__file__).resolve().parent.parent
CNN_CONFIG = ROOT / "configs" / "cnn.cfg"
#: A small CNN and a short run, so one training takes seconds.
SMALL_TRAINING = [
    "--components.tok2vec.model.encode.width", "32",
    "--components.tok2vec.model.encode.depth", "1",
    "--components.tok2vec.model.embed.rows", "[500,100,100,100]",
    "--training.max_steps", "16",
    "--training.eval_frequency", "8",
]
#: Two shells that differ in what used to leak into a run.
SHELLS = ({"PYTHONHASHSEED": "1", "OMP_NUM_THREADS": "1"}, {"PYTHONHASHSEED": "2", "OMP_NUM_THREADS": "2"})


def _run(args: List[str], cwd: Path, shell: Dict[str, str]) -> None:
    env = dict(os.environ, **shell)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    cwd.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]


def _files(folder: Path) -> Dict[str, bytes]:
    """Every file under `folder` by its relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _differing(first: Dict[str, bytes], second: Dict[str, bytes]) -> List[str]:
    """Names of the files that differ or exist on one side only (never their content)."""
    return sorted(name for name in set(first) | set(second) if first.get(name) != second.get(name))


def _build_data(folder: Path, shell: Dict[str, str], seed: int = 0) -> None:
    """The synth and mix steps of the project, small, run from `folder`."""
    phi = [sys.executable, "-m", "spacy_phi"]
    _run([*phi, "synth", "synth", "--n-train", "12", "--n-dev", "4", "--n-test", "2", "--seed", str(seed)], folder, shell)
    _run([*phi, "mix", "train_mix.spacy", "synth/train.spacy:1", "synth/dev.spacy:1.5", "--seed", str(seed)], folder, shell)
    _run([*phi, "mix", "pretrain.jsonl", "synth/train.spacy:1", "--seed", str(seed)], folder, shell)


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("data")
    _build_data(folder, SHELLS[0])
    return folder


def test_pinned_environment_overrides_the_shell():
    env = pinned_environment({"OMP_NUM_THREADS": "16", "PYTHONHASHSEED": "random", "HOME": "/home/x"})
    assert env["OMP_NUM_THREADS"] == "1" and env["PYTHONHASHSEED"] == "0"
    assert all(env[name] == value for name, value in PINNED_ENV.items())
    assert env["HOME"] == "/home/x"  # everything else passes through
    assert spacy_command(["train", "x.cfg"]) == [sys.executable, "-m", "spacy", "train", "x.cfg"]


def test_project_trains_and_pretrains_in_the_pinned_environment():
    from weasel.util import load_project_config

    lines = [line for command in load_project_config(ROOT)["commands"] for line in command["script"]]
    spacy_runs = [line for line in lines if " spacy train " in f" {line} " or " spacy pretrain " in f" {line} "]
    assert not spacy_runs, "spacy train/pretrain run outside spacy_phi.reproducible"
    pinned = [line for line in lines if line.startswith("python -m spacy_phi.reproducible ")]
    assert {line.split()[3] for line in pinned} == {"train", "pretrain"}


@pytest.mark.slow
def test_data_steps_are_byte_identical_for_a_seed(data, tmp_path):
    # Another hash seed, thread count and working directory: the same bytes.
    _build_data(tmp_path / "elsewhere" / "data", SHELLS[1])
    assert _differing(_files(tmp_path / "elsewhere" / "data"), _files(data)) == []
    # The comparison can fail: another seed gives other notes and another order.
    _build_data(tmp_path / "seed1", SHELLS[0], seed=1)
    corpus_files = [name for name in _files(data) if name.endswith((".spacy", ".jsonl"))]
    assert set(corpus_files) <= set(_differing(_files(tmp_path / "seed1"), _files(data)))


@pytest.mark.slow
def test_two_trainings_with_one_seed_give_identical_pipelines(data, tmp_path):
    def train(output: Path, shell: Dict[str, str], seed: int) -> Dict[str, bytes]:
        args = [
            "train", str(CNN_CONFIG), "--output", str(output),
            "--paths.train", str(data / "train_mix.spacy"), "--paths.dev", str(data / "synth" / "dev.spacy"),
            "--system.seed", str(seed), *SMALL_TRAINING,
        ]
        _run([sys.executable, "-m", "spacy_phi.reproducible", *args], output.parent, shell)
        return _files(output)

    first = train(tmp_path / "a" / "out", SHELLS[0], seed=0)
    second = train(tmp_path / "b" / "c" / "out", SHELLS[1], seed=0)
    assert {"model-last/ner/model", "model-last/tok2vec/model", "model-best/meta.json"} <= set(first)
    # Every file of both pipelines, weights and meta.json (scores per label) alike.
    assert _differing(first, second) == []
    # The comparison can fail: another training seed gives other weights.
    third = train(tmp_path / "d" / "out", SHELLS[0], seed=1)
    assert third["model-last/ner/model"] != first["model-last/ner/model"]
