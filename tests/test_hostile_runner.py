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


def _default_sigint() -> None:
    """In the child before exec: SIGINT back to its default action."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


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


# -- a record that kills its worker --------------------------------------------------------------


@pytest.fixture
def results_delivered_late(monkeypatch):
    """Worker processes deliver their results only when no task is waiting for
    them: a worker that dies on its next task loses the results it finished.
    This is what happens when a worker dies before a queue's feeder thread
    has written them (the race of a real os._exit / SIGKILL), made certain,
    whether a worker sends on a queue or on a pipe."""
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the patched queue reaches the workers by fork")
    held: List[Any] = []
    real_put, real_get = multiprocessing.queues.Queue.put, multiprocessing.queues.Queue.get
    real_send = multiprocessing.connection.Connection.send

    def holding(real):
        def send(self, obj, *args, **kwargs):
            if os.getpid() == _MAIN_PID:
                return real(self, obj, *args, **kwargs)
            held.append((real, self, obj))  # a worker's results

        return send

    def get(self, *args, **kwargs):
        if os.getpid() != _MAIN_PID and held and not self._poll(0.3):
            for real, channel, obj in held:  # idle: what it finished goes out
                real(channel, obj)
            held.clear()
        return real_get(self, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.queues.Queue, "put", holding(real_put))
    monkeypatch.setattr(multiprocessing.connection.Connection, "send", holding(real_send))
    monkeypatch.setattr(multiprocessing.queues.Queue, "get", get)


def _run_with_a_killer(killer: int) -> list:
    texts = [note(i) for i in range(8)]  # two batches of 4, one per worker
    texts[killer] = "KILLWORKER " + texts[killer]
    nlp = standin_pipeline(PATTERNS, "hostile_test_kill_worker")
    return list(deidentify(texts, nlp, batch_size=4, n_process=2))


def _assert_only_the_killer_failed(results: list, killer: int) -> None:
    assert [r.id for r in results] == [str(i) for i in range(8)]
    assert [i for i, r in enumerate(results) if not r.ok] == [killer]
    failed = results[killer]
    assert failed.text is None and failed.error.reason == REASON_COMPONENT
    assert failed.error.component == parallel.WORKER_COMPONENT
    for result in results:
        if result.ok:
            assert_no_phi(result.text)


@pytest.mark.parametrize("attempt", range(3))
def test_a_worker_killing_record_fails_alone_when_finished_results_are_lost(
    attempt, results_delivered_late, monkeypatch, caplog
):
    monkeypatch.setattr(parallel, "POLL_SECONDS", 0.2)
    # Record 6 kills its worker; retried one by one, record 4 finishes first
    # on the same worker, and its result dies with it: record 4 is innocent.
    results = _run_with_a_killer(6)
    _assert_only_the_killer_failed(results, 6)
    assert_no_note_text(caplog.text)


@pytest.mark.parametrize("killer", [4, 6, 7])
def test_a_worker_killing_record_fails_alone(killer, monkeypatch):
    monkeypatch.setattr(parallel, "POLL_SECONDS", 0.2)
    _assert_only_the_killer_failed(_run_with_a_killer(killer), killer)


EXIT_AFTER_A_DEATH = textwrap.dedent(
    """
    import os, sys
    from spacy.language import Language
    from spacy_phi.deid import deidentify
    from standin import standin_pipeline

    MAIN = os.getpid()

    @Language.component("exit_test_kill_worker")
    def kill(doc):
        if "KILLWORKER" in doc.text and os.getpid() != MAIN:
            os._exit(9)
        return doc

    nlp = standin_pipeline([{"label": "PATIENT", "pattern": [{"TEXT": "John"}, {"TEXT": "Smith"}]}],
                           "exit_test_kill_worker")
    # Batches of 4 notes of 30 kB: more than a pipe holds, so the batch queued
    # for the worker that dies is still being written to it.
    texts = ["John Smith was seen. " * 1500 + str(i) for i in range(16)]
    texts[1] = "KILLWORKER " + texts[1]
    results = list(deidentify(texts, nlp, batch_size=4, n_process=2))
    print("results", sum(r.ok for r in results), len(results), flush=True)
    """
)


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the kill component reaches workers by fork")
def test_a_dead_workers_unread_batches_do_not_hold_up_the_exit(tmp_path):
    script = tmp_path / "run.py"
    script.write_text(EXIT_AFTER_A_DEATH, encoding="utf8")
    env = {**_env(), "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "tests")])}
    with open(tmp_path / "stdout.txt", "wb") as stdout:
        run = subprocess.Popen([sys.executable, str(script)], env=env, stdout=stdout, stderr=subprocess.DEVNULL)
    try:
        out = tmp_path / "stdout.txt"
        assert _wait_for(lambda: "results" in out.read_text() or run.poll() is not None, 300)
        assert out.read_text().split() == ["results", "15", "16"]
        # The process must end once its work is done, not wait forever on a dead worker's queue.
        assert _wait_for(lambda: run.poll() is not None, 30), "the process did not exit after its run"
        assert run.returncode == 0
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()


DEATH_WHILE_SENDING = textwrap.dedent(
    """
    import os, sys
    import multiprocessing.queues
    from spacy.language import Language
    from spacy_phi.deid import deidentify
    from standin import standin_pipeline

    MAIN = os.getpid()

    @Language.component("lock_test_kill_worker")
    def kill(doc):
        if "KILLWORKER" in doc.text and os.getpid() != MAIN:
            # Die as if in the middle of sending results: holding the lock of
            # the channel the worker sends them on, when that channel has one.
            frame = sys._getframe()
            while frame is not None and frame.f_code.co_name != "_worker_main":
                frame = frame.f_back
            channel = frame.f_locals["results"]
            if isinstance(channel, multiprocessing.queues.Queue):
                channel._wlock.acquire()
            os._exit(9)
        return doc

    nlp = standin_pipeline([{"label": "PATIENT", "pattern": [{"TEXT": "John"}, {"TEXT": "Smith"}]}],
                           "lock_test_kill_worker")
    texts = ["John Smith was seen for visit %d." % i for i in range(12)]
    texts[6] = "KILLWORKER " + texts[6]
    results = list(deidentify(texts, nlp, batch_size=4, n_process=2))
    print("failed", *[i for i, r in enumerate(results) if not r.ok], flush=True)
    """
)


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the kill component reaches workers by fork")
def test_a_worker_killed_while_sending_does_not_block_the_others(tmp_path):
    script = tmp_path / "run.py"
    script.write_text(DEATH_WHILE_SENDING, encoding="utf8")
    env = {**_env(), "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "tests")])}
    try:
        done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, timeout=120, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("the run never ended: the other workers could not send their results")
    assert done.stdout.decode().split() == ["failed", "6"], done.stderr.decode()[-2000:]


# -- what the command's user sees after worker deaths ------------------------------------------


@pytest.fixture(scope="module")
def killing_model(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "killing"
    standin_pipeline(PATTERNS, "hostile_test_kill_worker").to_disk(path)
    return path


def test_worker_deaths_are_counted_and_shown_to_the_cli_user(tmp_path, killing_model, monkeypatch, capsys):
    monkeypatch.setattr(parallel, "POLL_SECONDS", 0.2)
    source = tmp_path / "in.jsonl"
    lines = [{"id": f"n{i}", "text": note(i)} for i in range(8)]
    lines[6]["text"] = "KILLWORKER " + lines[6]["text"]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf8")
    out = tmp_path / "out.jsonl"
    code = main(["deid", str(source), "-o", str(out), "--model", str(killing_model), "--n-process", "2",
                 "--batch-size", "4", "--no-progress"])
    err = capsys.readouterr().err
    assert code == deid_cli.EXIT_FAILED_RECORDS
    summary = json.loads(Path(f"{out}.summary.json").read_text(encoding="utf8"))
    # The batch of 4 the worker died on was re-run one record at a time.
    assert summary["retried_alone"] == 4 and summary["records_failed"] == 1
    assert "warning: deid: a worker process exited" in err
    assert "re-run alone to isolate a failure: 4 records" in err
    assert "n6" not in err.replace(str(tmp_path), "")  # no id in the warnings either
    assert_no_note_text(err)
    errors = [json.loads(line) for line in Path(f"{out}.errors.jsonl").read_text(encoding="utf8").splitlines()]
    assert [e["id"] for e in errors] == ["n6"]


# -- SIGTERM and SIGINT -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def standin_model(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "standin"
    standin_pipeline(PATTERNS).to_disk(path)
    return path


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig, code, said, n_process, resume", [
    (signal.SIGTERM, 143, "terminated (SIGTERM)", "1", True),
    (signal.SIGTERM, 143, "terminated (SIGTERM)", "2", False),
    (signal.SIGINT, 130, "interrupted (SIGINT)", "1", False),
])
def test_a_signal_ends_the_run_with_its_code_a_message_and_a_resumable_output(
    tmp_path, standin_model, sig, code, said, n_process, resume
):
    source = tmp_path / "in.jsonl"
    n_records = 5_000
    with open(source, "w", encoding="utf8") as handle:
        handle.writelines(json.dumps({"id": f"n{i}", "text": note(i) * 3}) + "\n" for i in range(n_records))
    out = tmp_path / "out.jsonl"
    args = [str(source), "-o", str(out), "--model", str(standin_model), "--n-process", n_process,
            "--batch-size", "16", "--no-progress", "--checkpoint-seconds", "0.5"]
    partial = Path(f"{out}.partial")
    with open(tmp_path / "stderr.txt", "wb") as stderr:
        # As from a terminal: SIGINT handled by default in the run even where this test
        # runs as a background job of a non-interactive shell (which ignores SIGINT, and
        # an ignored signal stays ignored across exec).
        run = subprocess.Popen(_cli(*args), env=_env(), stdout=subprocess.DEVNULL, stderr=stderr, cwd=tmp_path,
                               start_new_session=True, preexec_fn=_default_sigint)
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and run.poll() is None:
            if partial.exists() and partial.stat().st_size > 0:
                break
            time.sleep(0.1)
        assert run.poll() is None, "the run ended before it could be stopped"
        # To the whole process group, workers included, as a terminal (Ctrl-C) or a job scheduler does.
        os.killpg(run.pid, sig)
        assert run.wait(timeout=60) == code
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    err = (tmp_path / "stderr.txt").read_text(encoding="utf8")
    message = [line for line in err.splitlines() if said in line]
    assert len(message) == 1 and "--resume" in message[0] and f"{out}.partial" in message[0], err[-2000:]
    assert "Traceback" not in err
    assert_no_note_text(err)
    assert partial.exists() and not out.exists()
    if not resume:  # (once is enough: a resumed run takes a while)
        return
    resumed = subprocess.run(_cli(*args, "--resume"), env=_env(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, cwd=tmp_path, timeout=600, check=False)
    assert resumed.returncode == 0, resumed.stderr.decode()[-2000:]
    ids = [json.loads(line)["id"] for line in out.read_text(encoding="utf8").splitlines()]
    assert ids == [f"n{i}" for i in range(n_records)]


# -- an empty secret ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["", "  \n"])
def test_an_empty_secret_variable_is_refused_before_anything_is_written(
    tmp_path, standin_model, monkeypatch, capsys, value
):
    monkeypatch.setenv("SPACY_PHI_SECRET", value)
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "a", "text": note(0)}) + "\n", encoding="utf8")
    out = tmp_path / "out" / "out.jsonl"
    code = main(["deid", str(source), "-o", str(out), "--model", str(standin_model), "--n-process", "1",
                 "--no-progress"])
    err = capsys.readouterr().err
    assert code == deid_cli.EXIT_USAGE
    assert "SPACY_PHI_SECRET" in err and "empty" in err
    assert not out.parent.exists() or list(out.parent.iterdir()) == []
    with pytest.raises(SecretError, match="empty"):
        list(deidentify([note(0)], standin_pipeline(PATTERNS)))


def test_a_secret_file_still_wins_over_an_empty_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", "")
    secret_file = tmp_path / "secret"
    secret_file.write_text(SECRET, encoding="utf8")
    [result] = deidentify([note(0)], standin_pipeline(PATTERNS), secret_file=str(secret_file))
    assert result.ok


# -- ids of the API -----------------------------------------------------------------------------


class NoteLike:
    """An object whose str() is note text."""

    def __str__(self) -> str:
        return f"John Smith {NOTE_WORD}"


def test_the_api_refuses_ids_and_patient_keys_that_are_not_scalars():
    items = [
        {"id": "ok-1", "text": note(0), "patient_key": 7},
        {"id": {"name": f"John Smith {NOTE_WORD}"}, "text": note(1)},
        {"id": [f"John Smith {NOTE_WORD}"], "text": note(2)},
        {"id": NoteLike(), "text": note(3)},
        {"id": True, "text": note(4)},
        {"id": 3.5, "text": note(5)},
        {"id": "ok-6", "text": note(6), "patient_key": {"mrn": f"John Smith {NOTE_WORD}"}},
        InputRecord(id=NoteLike(), text=note(7)),  # type: ignore[arg-type]
        InputRecord(id="ok-8", text=note(8), patient_key=[NOTE_WORD]),  # type: ignore[arg-type]
        {"id": 9, "text": note(9)},
        InputRecord(id="ok-10", text=note(10), patient_key="P10"),
    ]
    results = list(deidentify(items, standin_pipeline(PATTERNS), n_process=1))
    assert [r.id for r in results] == ["ok-1", "1", "2", "3", "4", "5", "ok-6", "7", "ok-8", "9", "ok-10"]
    assert [r.ok for r in results] == [True] + [False] * 8 + [True, True]
    for result in results[1:9]:
        assert result.error.reason == REASON_BAD_FIELD and result.text is None
        assert_no_note_text(json.dumps(result.error_dict()))
    assert "patient_key" in results[6].error.message and "id" in results[1].error.message
    assert results[0].record.patient_key == "7" and results[10].record.patient_key == "P10"


# -- the exit-code table ------------------------------------------------------------------------


def test_docs_list_every_exit_code_in_one_table():
    text = (REPO / "docs" / "deid.md").read_text(encoding="utf8")
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    table_codes = set(re.findall(r"^\| \*\*(\d+)\*\* \|", section, flags=re.MULTILINE))
    codes = {str(value) for name, value in vars(deid_cli).items() if name.startswith("EXIT_")} | {"0"}
    assert {"0", "1", "2", "130", "143"} <= codes
    assert codes <= table_codes, f"missing from the table: {sorted(codes - table_codes)}"
    assert "137" in table_codes  # kill -9 / the OOM killer: the one stop that cannot print anything
