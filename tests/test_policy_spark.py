"""The same site policy gives the same output through the local engine and
Spark `local[1]` (`spacy-phi deid --engine spark --policy FILE`), and the Spark
run's summary and manifest record the policy."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
import subprocess
import sys
from typing import List

import pytest

from spacy_phi.cli import main
from spacy_phi.policy import load_policy

pytest.importorskip("pyspark", reason='pyspark is not installed (pip install "spacy_phi[spark]")')
pytest.importorskip("pyarrow", reason='pyarrow is not installed (pip install "spacy_phi[spark]")')
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("no Java runtime (java not on PATH, JAVA_HOME unset): Spark cannot start", allow_module_level=True)

from test_policy import POLICY_TEXT, ROOT, SECRET, write_notes  # noqa: E402


@pytest.fixture(autouse=True)
def _secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


def spark_cli(args: List[str]) -> int:
    """`spacy-phi deid --engine spark` in its own process (as it is run): no JVM is
    left in this one to be reused, with other settings, by the next test module."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "spacy_phi", "deid", *args], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False).returncode


def test_spark_and_local_give_the_same_output_under_a_policy(tmp_path: Path) -> None:
    write_notes(tmp_path / "notes.jsonl")
    (tmp_path / "site.yaml").write_text(POLICY_TEXT)
    common = ["--model", "rules", "--policy", str(tmp_path / "site.yaml"), "--no-progress"]
    assert main(["deid", str(tmp_path / "notes.jsonl"), "-o", str(tmp_path / "local.jsonl"), "--n-process", "1",
                 *common]) == 0
    assert spark_cli([str(tmp_path / "notes.jsonl"), "-o", str(tmp_path / "spark"), "--engine", "spark",
                      "--master", "local[1]", *common]) == 0
    local = {r["id"]: r["text"] for r in map(json.loads, (tmp_path / "local.jsonl").read_text().splitlines())}
    spark = {r["id"]: r["text"] for part in sorted((tmp_path / "spark").glob("part-*.jsonl"))
             for r in map(json.loads, part.read_text().splitlines())}
    assert spark == local
    policy_hash = load_policy(tmp_path / "site.yaml").content_hash
    summary = json.loads((tmp_path / "spark" / "_summary.json").read_text())
    assert summary["policy"]["content_hash"] == policy_hash
    assert summary["actions_per_label"]["DATE"] == {"keep": summary["phi_per_label"]["DATE"]}
    manifests = [json.loads(l) for p in sorted((tmp_path / "spark" / "_manifest").glob("part-*.jsonl"))
                 for l in p.read_text().splitlines()]
    assert manifests and {m["policy"] for m in manifests} == {policy_hash}


def test_spark_refuses_a_bad_policy_with_exit_2_and_no_output(tmp_path: Path) -> None:
    write_notes(tmp_path / "notes.jsonl")
    (tmp_path / "site.yaml").write_text("preset: nope\n")
    assert spark_cli([str(tmp_path / "notes.jsonl"), "-o", str(tmp_path / "spark"), "--engine", "spark",
                      "--master", "local[1]", "--model", "rules", "--policy", str(tmp_path / "site.yaml"),
                      "--no-progress"]) == 2
    assert not (tmp_path / "spark").exists()
