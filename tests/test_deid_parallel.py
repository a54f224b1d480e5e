"""Worker processes of `spacy-phi deid` / `deidentify()` (spacy_phi/deid/parallel.py):
every core by default, the same results as one process, in order, and fail
closed when a worker dies. Every note is invented.
"""

from __future__ import annotations

import io
import json
import os
from typing import List

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from spacy_phi.deid import DeidOptions, deidentify, deidentify_file
from spacy_phi.deid import parallel
from spacy_phi.deid.parallel import ParallelRun, available_cores, resolve_processes
from spacy_phi.deid.settings import DEFAULT_PROCESSES
from spacy_phi.deid.records import REASON_COMPONENT, REASON_EMPTY

from standin import standin_pipeline

SECRET = "deid-parallel-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": {"IN": ["John", "Jane"]}}, {"TEXT": {"IN": ["Smith", "Roe"]}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
# The pid of the test process: the kill component only kills worker processes.
_MAIN_PID = os.getpid()


@Language.component("deid_test_kill_worker")
def kill_worker(doc: Doc) -> Doc:
    if "KILLWORKER" in doc.text and os.getpid() != _MAIN_PID:
        os._exit(9)  # like the OOM killer: no exception, no cleanup
    return doc


def note(i: int) -> str:
    return f"John Smith seen 03/14/2089 for visit {i}.\nPlan: rest."


def pipeline(*extra: str) -> Language:
    return standin_pipeline(PATTERNS, *extra)


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


@pytest.fixture
def started(monkeypatch) -> List[int]:
    """The workers each run starts (a list that grows with each start)."""
    starts: List[int] = []
    original = ParallelRun._start_worker

    def counting(self):
        starts.append(1)
        return original(self)

    monkeypatch.setattr(ParallelRun, "_start_worker", counting)
    return starts


def test_default_is_every_available_core():
    assert DEFAULT_PROCESSES == -1
    assert DeidOptions().n_process == DEFAULT_PROCESSES
    assert resolve_processes(DEFAULT_PROCESSES) == available_cores() >= 1
    assert resolve_processes(3) == 3


def test_default_run_uses_workers_and_matches_one_process(monkeypatch, started):
    monkeypatch.setattr(parallel, "available_cores", lambda: 2)
    texts = [note(i) for i in range(40)] + [""] + [note(41)]
    one = list(deidentify(texts, pipeline(), batch_size=4, n_process=1))
    assert started == []
    default = list(deidentify(texts, pipeline(), batch_size=4))
    assert len(started) == 2
    assert [(r.id, r.text, r.spans) for r in default] == [(r.id, r.text, r.spans) for r in one]
    assert default[40].error.reason == REASON_EMPTY and all(r.ok for r in default if r.id != "40")


def test_an_input_of_one_batch_starts_no_worker(started):
    results = list(deidentify([note(1), note(2)], pipeline(), batch_size=4, n_process=2))
    assert [r.ok for r in results] == [True, True] and started == []


def test_a_dying_worker_fails_only_its_record_closed(started, caplog):
    texts = [note(i) for i in range(12)]
    texts[5] = "KILLWORKER " + texts[5]
    results = list(deidentify(texts, pipeline("deid_test_kill_worker"), batch_size=4, n_process=2))
    assert [r.id for r in results] == [str(i) for i in range(12)]
    assert [r.ok for r in results] == [i != 5 for i in range(12)]
    failed = results[5]
    assert failed.text is None and failed.error.reason == REASON_COMPONENT
    assert failed.error.component == parallel.WORKER_COMPONENT
    # The chunk mates of the record were re-run alone, and workers replaced each death.
    assert results[4].ok and results[6].ok and len(started) >= 4
    assert "KILLWORKER" not in caplog.text and "John" not in caplog.text


def test_deid_file_default_processes_keeps_order_and_summary(tmp_path, monkeypatch, started):
    monkeypatch.setattr(parallel, "available_cores", lambda: 2)
    src = tmp_path / "in.jsonl"
    lines = [json.dumps({"id": f"n{i}", "text": note(i), "keep": i}) for i in range(30)]
    lines.insert(7, "{broken")
    src.write_text("\n".join(lines) + "\n", encoding="utf8")
    out = tmp_path / "out.jsonl"
    summary = deidentify_file(src, out, DeidOptions(batch_size=4, progress=False), nlp=pipeline(),
                              stderr=io.StringIO())
    assert len(started) == 2 and summary.info["n_process"] == 2
    written = [json.loads(line) for line in out.read_text(encoding="utf8").splitlines()]
    assert [r["id"] for r in written] == [f"n{i}" for i in range(30)]
    assert [r["keep"] for r in written] == list(range(30))  # pass-through fields stay in the main process
    assert all("John Smith" not in r["text"] for r in written)
    assert summary.records_failed == 1


def test_an_interrupted_run_stops_its_workers(started):
    import multiprocessing

    def items():
        for i in range(40):
            if i == 30:
                raise KeyboardInterrupt  # Ctrl-C in the main process while workers run
            yield note(i)

    results = []
    with pytest.raises(KeyboardInterrupt):
        for result in deidentify(items(), pipeline(), batch_size=4, n_process=2):
            results.append(result)
    assert len(started) == 2 and all(r.ok for r in results)
    assert [r.id for r in results] == [str(i) for i in range(len(results))]
    assert multiprocessing.active_children() == []


def test_workers_that_keep_dying_stop_the_run():
    texts = ["KILLWORKER " + note(i) for i in range(40)]
    with pytest.raises(parallel.WorkerError):
        list(deidentify(texts, pipeline("deid_test_kill_worker"), batch_size=4, n_process=2))
