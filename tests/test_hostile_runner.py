"""Hostile input to the runner, its worker processes and the `spacy-phi deid`
command: nothing lost, nobody blamed for another record, every stop explained.

- A component that returns None (or another object) for one doc fails that
  record; the stream goes on (4 records in, 4 results out).
- A record that kills its worker process fails alone: its batch-mates are
  de-identified, even when the dying worker takes with it results it had
  finished but not yet delivered, or while it was sending results. The
  process still exits at the end (the batch queued for the dead worker does
  not hold it up).
- After worker deaths the summary counts the records re-run alone, and the
  command shows a warning on stderr (never note text).
- SIGTERM and SIGINT end a run with 143 / 130 and one line saying what is
  kept and how to resume; the resumed run completes the output.
- An empty SPACY_PHI_SECRET is refused (exit 2), not replaced by a random secret.
- The API refuses an id or patient key that is not a string or an integer.
- docs/deid.md lists every exit code in one table.

Every note is invented.
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.connection
import multiprocessing.queues
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Callable, List

import pytest
from spacy.language import Language
from spacy.tokens import Doc

import spacy_phi
from spacy_phi.cli import deid as deid_cli
from spacy_phi.cli import main
from spacy_phi.deid import InputRecord, deidentify
from spacy_phi.deid import parallel
from spacy_phi.deid.records import REASON_BAD_FIELD, REASON_COMPONENT
from spacy_phi.surrogates.keys import SecretError

from standin import standin_pipeline

SECRET = "hostile-runner-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": "John"}, {"TEXT": "Smith"}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
#: Only in note text: must never reach an error, a warning or a message.
NOTE_WORD = "Quaxley"
REPO = Path(spacy_phi.__file__).resolve().parents[1]
# The pid of the test process: the kill component only kills worker processes.
_MAIN_PID = os.getpid()


@Language.component("hostile_test_returns_none")
def returns_none(doc: Doc) -> Any:
    if "RETURN-NONE" in doc.text:
        return None
    if "RETURN-TEXT" in doc.text:
        return doc.text  # not a Doc either
    return doc


@Language.component("hostile_test_kill_worker")
def kill_worker(doc: Doc) -> Doc:
    if "KILLWORKER" in doc.text and os.getpid() != _MAIN_PID:
        os._exit(9)  # like the OOM killer: no exception, no cleanup, undelivered results lost
    return doc


def note(i: int) -> str:
    return f"John Smith seen 03/14/2089 for {NOTE_WORD} visit {i}.\nPlan: rest."


def assert_no_phi(text: str) -> None:
    for value in ("John Smith", "03/14/2089"):
        assert value not in text


def assert_no_note_text(text: str) -> None:
    assert NOTE_WORD not in text
    assert_no_phi(text)


def _wait_for(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def _cli(*args: str) -> List[str]:
    return [sys.executable, "-m", "spacy_phi", "deid", *args]


def _env() -> dict:
    return {**os.environ, "SPACY_PHI_SECRET": SECRET, "PYTHONPATH": str(REPO)}


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


# -- a component that returns None --------------------------------------------------------------


@pytest.mark.parametrize("n_process", [1, 2])
@pytest.mark.parametrize("marker", ["RETURN-NONE", "RETURN-TEXT"])
def test_a_component_returning_no_doc_fails_only_that_record(n_process, marker, caplog):
    texts = [note(0), f"{marker} " + note(1), note(2), note(3)]
    nlp = standin_pipeline(PATTERNS, "hostile_test_returns_none")
    results = list(deidentify(texts, nlp, batch_size=2, n_process=n_process))
    assert [r.id for r in results] == ["0", "1", "2", "3"]  # 4 in, 4 out, in order
    assert [r.ok for r in results] == [True, False, True, True]
    failed = results[1]
    assert failed.text is None and failed.error.reason == REASON_COMPONENT
    assert failed.error.component == "hostile_test_returns_none"
    for result in results:
        if result.ok:
            assert_no_phi(result.text)  # de-identified, not passed through
    assert_no_note_text(json.dumps(failed.error_dict()))
    assert_no_note_text(caplog.text)
