"""Bad input to the Python API and to worker processes (issue 15, cases 6 and 7).

6. `spacy_phi.deidentify([..., None, ...])` raised TypeError mid-stream: the
   items after the bad one were never processed. A bad item must become a
   failed result (like a bad JSONL line), with no note text in its error,
   and every later item must still be processed, in order, with one or two
   processes.
7. After `kill -9` of a `spacy-phi deid --n-process 2` run, its two worker
   processes lived on. They must exit when their parent dies.

Every note is invented.
"""

from __future__ import annotations

import json
import logging
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional

import pytest
from spacy.language import Language

import spacy_phi
from spacy_phi.deid import InputRecord, deidentify
from spacy_phi.deid.records import REASON_BAD_FIELD, REASON_BAD_RECORD, REASON_MISSING_FIELD

SECRET = "bad-input-api-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": "John"}, {"TEXT": "Smith"}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
PHI_VALUES = ("John Smith", "03/14/2089")
# Only in the bad items: it must never reach a result, an error or a log.
BAD_WORD = "Zwieback"


def note(i: int) -> str:
    return f"John Smith seen 03/14/2089 for visit {i}.\nPlan: rest."


def tiny_pipeline() -> Language:
    nlp = spacy_phi.blank_pipeline("en")
    nlp.add_pipe("entity_ruler").add_patterns(PATTERNS)
    nlp.add_pipe("phi_surrogates")
    return nlp


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


class ExplodingMapping(Mapping[str, Any]):
    """A record whose fields cannot be read; the exception quotes the note."""

    def __getitem__(self, key: str) -> Any:
        raise RuntimeError(f"cannot read {BAD_WORD} John Smith")

    def __iter__(self):
        return iter(["text"])

    def __len__(self) -> int:
        return 1


def bad_items() -> List[Any]:
    """Items deidentify() cannot use, several holding note text."""
    return [
        None,
        42,
        3.5,
        [f"John Smith {BAD_WORD}"],
        f"John Smith {BAD_WORD}".encode(),
        {"id": "no-text", "body": f"John Smith {BAD_WORD}"},
        {"id": "text-is-bytes", "text": f"John Smith {BAD_WORD}".encode()},
        InputRecord(id="text-is-a-list", text=[f"John Smith {BAD_WORD}"]),  # type: ignore[arg-type]
        ExplodingMapping(),
    ]


def assert_no_note_text(text: str) -> None:
    assert BAD_WORD not in text
    for value in PHI_VALUES:
        assert value not in text


# -- 6. bad items in deidentify() ------------------------------------------------------------


@pytest.mark.parametrize("n_process", [1, 2])
def test_a_bad_item_is_a_failed_result_and_later_items_are_processed(n_process, caplog):
    # The exact report: [good, None, good]; then every kind of bad item between good notes.
    bad = bad_items()
    items: List[Any] = [note(0), None, note(1)]
    for i, item in enumerate(bad):
        items += [item, note(10 + i)]
    caplog.set_level(logging.DEBUG)
    results = list(deidentify(iter(items), tiny_pipeline(), batch_size=2, n_process=n_process))

    assert len(results) == len(items)
    assert [r.record.position for r in results] == list(range(len(items)))  # order kept
    good = [i for i, item in enumerate(items) if isinstance(item, str)]
    assert [i for i, r in enumerate(results) if r.ok] == good
    for i in good:
        assert results[i].text is not None and "[" not in results[i].text
        assert_no_note_text(results[i].text)  # de-identified, not passed through
        assert results[i].id == str(i)
    expected_reasons = {
        "1": REASON_BAD_RECORD,  # the reported case: None
        "3": REASON_BAD_RECORD,  # None
        "5": REASON_BAD_RECORD,  # 42
        "7": REASON_BAD_RECORD,  # 3.5
        "9": REASON_BAD_RECORD,  # a list
        "11": REASON_BAD_RECORD,  # bytes
        "no-text": REASON_MISSING_FIELD,
        "text-is-bytes": REASON_BAD_FIELD,
        "text-is-a-list": REASON_BAD_FIELD,
        "19": REASON_BAD_RECORD,  # a mapping that raises
    }
    failures = {r.id: r for r in results if not r.ok}
    assert {rid: r.error.reason for rid, r in failures.items()} == expected_reasons
    for r in failures.values():
        assert r.text is None
        assert_no_note_text(json.dumps(r.error_dict()))
    assert "NoneType" in failures["1"].error.message and "bytes" in failures["11"].error.message
    assert failures["19"].error.error_type == "RuntimeError"
    assert_no_note_text(caplog.text)


def test_a_lone_item_is_one_record():
    [from_bytes] = deidentify(b"John Smith", tiny_pipeline())
    assert from_bytes.error.reason == REASON_BAD_RECORD and from_bytes.text is None
    [from_dict] = deidentify({"id": "d1", "text": note(1)}, tiny_pipeline(), mode="tag")
    assert from_dict.id == "d1" and from_dict.text.startswith("[**PATIENT**] seen [**DATE**]")
    [from_record] = deidentify(InputRecord(id="r1", text=note(2)), tiny_pipeline(), mode="tag")
    assert from_record.id == "r1" and from_record.ok


@pytest.mark.parametrize("argument", [None, 42])
def test_a_call_without_items_is_a_type_error(argument):
    # Not an item but the call itself: a programming error, raised with the type only.
    with pytest.raises(TypeError, match="not (NoneType|int)"):
        list(deidentify(argument, tiny_pipeline()))


def test_phi_surrogates_pickles_for_spawned_workers():
    # spawn / forkserver workers (macOS, Windows, Python 3.14) get the pipeline
    # pickled: that failed for phi_surrogates, and must not carry the secret.
    nlp = tiny_pipeline()
    assert nlp.get_pipe("phi_surrogates").secret
    data = pickle.dumps(nlp)
    assert SECRET.encode() not in data
    clone = pickle.loads(data)
    text = "John Smith seen 03/14/2089."

    def deidentified(pipeline: Language) -> str:
        doc = pipeline.make_doc(text)
        doc.user_data[pipeline.get_pipe("phi_surrogates").cfg["patient_key_field"]] = "P1"
        return pipeline(doc)._.deidentified

    assert deidentified(clone) == deidentified(nlp) != text  # same secret, same surrogates


# -- 7. worker processes die with their parent ------------------------------------------------


def _proc_stat(pid: int) -> Optional[List[str]]:
    """The fields of /proc/PID/stat after the command name, or None if gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return raw[raw.rindex(")") + 2:].split()


def _descendants(pid: int) -> Dict[int, str]:
    """pid -> start time of the live descendants of `pid`."""
    parents: Dict[int, List[int]] = {}
    start_times: Dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _proc_stat(int(entry))
        if fields and fields[0] != "Z":
            parents.setdefault(int(fields[1]), []).append(int(entry))
            start_times[int(entry)] = fields[19]
    found: Dict[int, str] = {}
    todo = list(parents.get(pid, []))
    while todo:
        child = todo.pop()
        found[child] = start_times[child]
        todo.extend(parents.get(child, []))
    return found


def _alive(pid: int, start_time: str) -> bool:
    fields = _proc_stat(pid)
    # A zombie has exited; another start time is a reused pid.
    return fields is not None and fields[0] != "Z" and fields[19] == start_time


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:  # renamed or removed meanwhile
        return 0


def _wait_for(condition, timeout: float, interval: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return condition()


def _kill_parent_and_collect_survivors(
    args: List[str], tmp_path: Path, env: Dict[str, str], min_descendants: int, ready: Callable[[], bool]
) -> List[int]:
    """Start `args`, wait until its worker processes are up and `ready()`,
    SIGKILL it, and return the processes it started still alive 20 s later."""
    stderr_path = tmp_path / "stderr.txt"
    with open(stderr_path, "wb") as stderr:
        parent = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=stderr, cwd=tmp_path)
    children: Dict[int, str] = {}
    try:
        # Workers (and multiprocessing's resource tracker) appear once the
        # pipeline is loaded and the first batches are sent.
        # Generous: on a loaded 2-core machine importing spaCy takes a while.
        started = _wait_for(
            lambda: (len(_descendants(parent.pid)) >= min_descendants and ready()) or parent.poll() is not None,
            timeout=180,
        )
        children = _descendants(parent.pid)
        assert started and parent.poll() is None and len(children) >= min_descendants, (
            f"the run ended or started no workers: rc {parent.poll()}, {stderr_path.read_text()[-2000:]}"
        )
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=30)
        _wait_for(lambda: not any(_alive(pid, start) for pid, start in children.items()), timeout=20)
        return [pid for pid, start in children.items() if _alive(pid, start)]
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for pid, start in children.items():  # never leave strays behind
            if _alive(pid, start):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes through /proc (Linux)")
def test_workers_exit_when_the_parent_is_killed(tmp_path):
    model = tmp_path / "model"
    tiny_pipeline().to_disk(model)
    # Enough notes (20 MB) that the run is still busy when it is killed.
    source = tmp_path / "notes.jsonl"
    with open(source, "w", encoding="utf8") as handle:
        for i in range(40_000):
            handle.write(json.dumps({"id": f"n{i}", "text": note(i) * 10}) + "\n")
    args = [sys.executable, "-m", "spacy_phi", "deid", str(source), "-o", str(tmp_path / "out.jsonl"),
            "--model", str(model), "--n-process", "2", "--batch-size", "8", "--no-progress"]
    env = {**os.environ, "SPACY_PHI_SECRET": SECRET}

    def results_written() -> bool:  # the workers have sent results back
        return any(path.name.startswith("out.jsonl") and _size(path) > 0 for path in tmp_path.iterdir())

    survivors = _kill_parent_and_collect_survivors(args, tmp_path, env, min_descendants=2, ready=results_written)
    assert survivors == [], f"worker processes {survivors} outlived their killed parent"


SPAWN_PARENT = textwrap.dedent(
    """
    import multiprocessing, os, sys, time
    from pathlib import Path
    from spacy.tokens.underscore import Underscore
    from spacy_phi.deid.workers import guard_worker_processes

    def idle(state, ready_dir):
        # Like spaCy's workers: gets the Doc extension registry, then waits.
        Path(ready_dir, str(os.getpid())).touch()
        time.sleep(600)

    if __name__ == "__main__":
        context = multiprocessing.get_context(sys.argv[1])
        with guard_worker_processes():
            workers = [context.Process(target=idle, args=(Underscore.get_state(), sys.argv[2])) for _ in range(2)]
            for worker in workers:
                worker.start()
            time.sleep(600)
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes through /proc (Linux)")
@pytest.mark.parametrize("start_method", ["spawn", "forkserver"])
def test_spawned_workers_exit_when_the_parent_is_killed(tmp_path, start_method):
    # macOS and Windows spawn workers, Python 3.14 on Linux uses forkserver:
    # the guard travels with the extension registry spaCy sends to each worker.
    script = tmp_path / "parent.py"
    script.write_text(SPAWN_PARENT, encoding="utf8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    # spawn: two workers and the resource tracker; forkserver: also the server.
    minimum = {"spawn": 3, "forkserver": 4}[start_method]
    ready_dir = tmp_path / "ready"
    ready_dir.mkdir()
    args = [sys.executable, str(script), start_method, str(ready_dir)]
    survivors = _kill_parent_and_collect_survivors(
        args, tmp_path, env, min_descendants=minimum, ready=lambda: len(list(ready_dir.iterdir())) >= 2
    )
    assert survivors == [], f"{start_method} workers {survivors} outlived their killed parent"
