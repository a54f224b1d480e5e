"""Hostile input against the files `spacy-phi deid` writes: strings UTF-8
cannot encode (a `"\\ud800"` JSON escape, a file name or id that is not
UTF-8), two runs on the same output, and `--overwrite` pointed at a FIFO, a
device or a folder.

Every run must end with each record in the output or in the errors file,
every file written must be valid UTF-8 JSON, a second run must be refused
before it writes anything, and nothing but a regular file is ever replaced.
The pipeline is the small stand-in of `standin.py`; every note is invented.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Tuple

import pytest
from spacy.language import Language
from spacy.tokens import Doc

import spacy_phi
from spacy_phi.cli import main

from standin import standin_pipeline

SECRET = "hostile-outputs-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": "Desmond"}, {"TEXT": "Achterberg"}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
#: PHI of the notes: must never be in an output.
NAME = "Desmond Achterberg"
INTERRUPT_ENV = "HOSTILE_OUTPUTS_TEST_INTERRUPT"
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="POSIX file names, FIFOs and process ids")


@Language.component("hostile_outputs_test_interrupt")
def interrupt_component(doc: Doc) -> Doc:
    # Ctrl-C on a marked note while the variable is set: the same saved
    # pipeline is interrupted once, then resumed.
    if os.environ.get(INTERRUPT_ENV) and "INTERRUPT" in doc.text:
        raise KeyboardInterrupt
    return doc


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)
    monkeypatch.delenv(INTERRUPT_ENV, raising=False)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "standin"
    standin_pipeline(PATTERNS).to_disk(path)
    return path


@pytest.fixture(scope="module")
def interrupting_model_dir(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "interrupting"
    standin_pipeline(PATTERNS, "hostile_outputs_test_interrupt").to_disk(path)
    return path


def run_cli(*args: str) -> int:
    return main(["deid", *args, "--no-progress", "--n-process", "1"])


def note(i: int) -> str:
    return f"Mr. {NAME} seen 03/14/2089, visit {i}."


def write_jsonl(path: Path, lines: List[str]) -> Path:
    # Lines as text: some hold JSON escapes that json.dumps would never write.
    path.write_bytes("".join(line + "\n" for line in lines).encode("ascii"))
    return path


def strict_json_lines(path: Path) -> List[dict]:
    """The lines of a JSONL file, which must be valid UTF-8 (strict decoding)."""
    text = path.read_bytes().decode("utf8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def assert_all_valid_utf8_json(out: Path) -> None:
    for suffix in (".errors.jsonl", ".manifest.jsonl"):
        strict_json_lines(Path(f"{out}{suffix}"))
    json.loads(Path(f"{out}.summary.json").read_bytes().decode("utf8"))


# -- 1. a string UTF-8 cannot encode never stops the run -------------------------------------


def test_lone_surrogate_in_a_pass_through_field_does_not_stop_the_run(tmp_path, model_dir):
    # Before: UnicodeEncodeError writing record b, exit 1, record c nowhere.
    src = write_jsonl(tmp_path / "in.jsonl", [
        json.dumps({"id": "a", "text": note(1)}),
        '{"id": "b", "text": "Dr. Hess again.", "note": "x\\ud800y"}',
        json.dumps({"id": "c", "text": note(3)}),
    ])
    out = tmp_path / "out.jsonl"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 0
    records = strict_json_lines(out)
    assert [r["id"] for r in records] == ["a", "b", "c"]
    # Pass-through is literal: the same JSON escape, the same value read back.
    assert records[1]["note"] == "x\ud800y"
    assert b'"x\\ud800y"' in out.read_bytes()
    assert NAME not in out.read_text(encoding="utf8")
    assert strict_json_lines(Path(f"{out}.errors.jsonl")) == []
    assert_all_valid_utf8_json(out)


@pytest.mark.parametrize("extra", [["--hash-field", "note"], ["--html", "review"]])
def test_lone_surrogates_reach_no_writer_raw(tmp_path, model_dir, extra):
    # A hashed field and the review pages meet the same strings; ids of a
    # failed and of a good record hold lone surrogates too.
    src = write_jsonl(tmp_path / "in.jsonl", [
        '{"id": "a\\ud800", "text": "", "note": "1"}',
        '{"id": "b\\udcff", "text": "' + note(2) + '", "note": "x\\ud800y"}',
        json.dumps({"id": "c", "text": note(3), "note": "plain"}),
    ])
    out = tmp_path / "out.jsonl"
    extra = [str(tmp_path / e) if e == "review" else e for e in extra]
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), *extra) == 1
    assert [r["id"] for r in strict_json_lines(out)] == ["b\udcff", "c"]
    errors = strict_json_lines(Path(f"{out}.errors.jsonl"))
    assert [(e["id"], e["reason"], e["escaped"]) for e in errors] == [("a\\ud800", "empty_text", ["id"])]
    assert_all_valid_utf8_json(out)
    if "--html" in extra:
        index = (tmp_path / "review" / "index.html").read_bytes().decode("utf8")
        assert "a\\ud800" in index and "b\\xff" in index


def test_resume_after_a_line_with_a_lone_surrogate(tmp_path, interrupting_model_dir, monkeypatch):
    # Before: the first run ended on record 1 (exit 1) and --resume crashed there again.
    lines = [json.dumps({"id": f"r{i}", "text": note(i)}) for i in range(8)]
    lines[1] = '{"id": "r1", "text": "' + note(1) + '", "note": "\\ud800"}'
    lines[2] = '{"id": "r2\\udcff", "text": ""}'
    lines[5] = json.dumps({"id": "r5", "text": "INTERRUPT " + note(5)})
    src = write_jsonl(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out.jsonl"
    args = [str(src), "-o", str(out), "--model", str(interrupting_model_dir), "--batch-size", "1",
            "--checkpoint-seconds", "0"]
    monkeypatch.setenv(INTERRUPT_ENV, "1")
    assert run_cli(*args) == 130
    monkeypatch.delenv(INTERRUPT_ENV)
    assert run_cli(*args, "--resume") == 1
    assert [r["id"] for r in strict_json_lines(out)] == ["r0", "r1", "r3", "r4", "r5", "r6", "r7"]
    errors = strict_json_lines(Path(f"{out}.errors.jsonl"))
    assert [(e["id"], e["escaped"]) for e in errors] == [("r2\\xff", ["id"])]
    assert_all_valid_utf8_json(out)


# -- 9. names and ids that are not UTF-8 ------------------------------------------------------


@POSIX_ONLY
@pytest.mark.parametrize("layout", ["folder", "file"])
def test_note_with_a_non_utf8_file_name_is_deidentified(tmp_path, model_dir, layout):
    # Before: component_failure in phi_surrogates (the id keys the surrogates),
    # then a crash writing the resume state; ids written raw into the errors file.
    name = b"caf\xe9.txt"
    if layout == "folder":
        folder = tmp_path / "in"
        (folder / os.fsdecode(b"p\xff")).mkdir(parents=True)
        note_path = folder / os.fsdecode(b"p\xff") / os.fsdecode(name)
        (folder / "ok.txt").write_text(note(2), encoding="utf8")
        src, out, extra = folder, tmp_path / os.fsdecode(b"out\xfe"), ["--patient-key-from-folder"]
        written = out / os.fsdecode(b"p\xff") / os.fsdecode(name)
        record_id = "p\\xff/caf\\xe9.txt"
    else:
        note_path = tmp_path / os.fsdecode(name)
        src, out, extra = note_path, tmp_path / os.fsdecode(b"out\xfe.txt"), []
        written = out
        record_id = "caf\\xe9.txt"
    note_path.write_text(note(1), encoding="utf8")
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), *extra) == 0
    text = written.read_text(encoding="utf8")
    assert NAME not in text and text.startswith("Mr. ")
    assert strict_json_lines(Path(f"{out}.errors.jsonl")) == []
    manifest = strict_json_lines(Path(f"{out}.manifest.jsonl"))
    ours = [line for line in manifest if line["record_id"] == record_id]
    assert ours and all(line["escaped"] == ["record_id"] for line in ours)
    summary = json.loads(Path(f"{out}.summary.json").read_bytes().decode("utf8"))
    assert "output" in summary["escaped"] and summary["records_ok"] == summary["records"]
    # Reversible: the escaped id gives the file name's bytes back.
    from spacy_phi.deid.safe_text import unescape_text
    relative = note_path.relative_to(src) if layout == "folder" else Path(note_path.name)
    assert os.fsencode(unescape_text(record_id)) == os.fsencode(relative.as_posix())


def test_jsonl_ids_that_are_not_utf8_are_escaped_everywhere(tmp_path, model_dir):
    src = write_jsonl(tmp_path / "in.jsonl", [
        '{"id": "\\udcff", "text": "   "}',
        '{"id": "n\\udcfe\\\\x", "patient_id": "P\\udcfd", "text": "' + note(1) + '"}',
    ])
    out = tmp_path / "out.jsonl"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 1
    errors = strict_json_lines(Path(f"{out}.errors.jsonl"))
    assert [(e["id"], e["escaped"]) for e in errors] == [("\\xff", ["id"])]
    # The output mirrors the input: JSON escapes, the same values read back.
    records = strict_json_lines(out)
    assert [(r["id"], r["patient_id"]) for r in records] == [("n\udcfe\\x", "P\udcfd")]
    assert NAME not in records[0]["text"]
    from spacy_phi.deid.safe_text import unescape_text
    manifest = strict_json_lines(Path(f"{out}.manifest.jsonl"))
    assert {unescape_text(line["record_id"]) for line in manifest} == {"n\udcfe\\x"}


def test_api_record_whose_id_is_not_utf8_is_deidentified():
    results = list(spacy_phi.deidentify(
        [{"id": "caf\udce9.txt", "text": note(1)}, {"id": "x\ud800", "text": note(2)}],
        standin_pipeline(PATTERNS), n_process=1,
    ))
    assert [r.ok for r in results] == [True, True]
    assert all(NAME not in (r.text or "") for r in results)


# -- 2. two runs on the same output ------------------------------------------------------------


def _snapshot(folder: Path) -> Dict[str, Tuple[int, int, int]]:
    return {p.name: (p.stat().st_ino, p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _wait_for(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@POSIX_ONLY
def test_second_run_on_the_same_output_is_refused_before_it_writes(tmp_path, model_dir):
    # Before: no lock; the second run (--overwrite) removed and truncated the
    # first one's partial files, and both exited 0 over one torn output.
    work = tmp_path / "work"
    work.mkdir()
    out = work / "same.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "SPACY_PHI_SECRET": SECRET}
    command = [sys.executable, "-m", "spacy_phi", "deid", "--model", str(model_dir), "--n-process", "1",
               "--no-progress", "--checkpoint-seconds", "0", "-o", str(out)]
    first_lines = [json.dumps({"id": f"first-{i}", "text": note(i)}) for i in range(20)]
    first = subprocess.Popen(command + ["-", "--input-format", "jsonl", "--mode", "tag"], env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        # The first run holds its lock and waits for the rest of its input.
        assert first.stdin is not None
        first.stdin.write(("\n".join(first_lines[:10]) + "\n").encode("utf8"))
        first.stdin.flush()
        # --checkpoint-seconds 0: a checkpoint after each record; after the tenth the first run waits.
        state = Path(f"{out}.deid-state")
        assert _wait_for(lambda: _lines(state) == 11 or first.poll() is not None, timeout=180)
        assert first.poll() is None, "the first run ended early"

        second_src = write_jsonl(tmp_path / "second.jsonl",
                                 [json.dumps({"id": f"second-{i}", "text": note(i)}) for i in range(20)])
        before = _snapshot(work)
        second = subprocess.run(command + [str(second_src), "--mode", "mask", "--overwrite"], env=env,
                                capture_output=True, cwd=tmp_path, timeout=300)
        assert second.returncode == 2
        message = second.stderr.decode("utf8", errors="replace")
        assert "being written by another run" in message and f"pid {first.pid}" in message
        assert _snapshot(work) == before  # nothing created, removed, truncated or appended
        lock = json.loads(Path(f"{out}.lock").read_text())
        assert lock["pid"] == first.pid and lock["host"] == socket.gethostname() and lock["started"]

        first.stdin.write(("\n".join(first_lines[10:]) + "\n").encode("utf8"))
        first.stdin.close()
        assert first.wait(timeout=300) == 0
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    records = strict_json_lines(out)
    assert [r["id"] for r in records] == [f"first-{i}" for i in range(20)]
    assert all("[**PATIENT**]" in r["text"] for r in records)  # one mode, no torn line
    assert len(strict_json_lines(Path(f"{out}.manifest.jsonl"))) == 40
    assert not list(work.glob("*.lock"))


def _write_lock(path: Path, owner: dict) -> None:
    path.write_text(json.dumps(owner) + "\n", encoding="utf8")


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@POSIX_ONLY
@pytest.mark.parametrize("how", ["process gone", "pid reused"])
def test_stale_lock_is_taken_over_with_a_note(tmp_path, model_dir, capsys, how):
    src = write_jsonl(tmp_path / "in.jsonl", [json.dumps({"id": "a", "text": note(1)})])
    out = tmp_path / "out.jsonl"
    if how == "pid reused" and not sys.platform.startswith("linux"):
        pytest.skip("process start times are read from /proc (Linux)")
    if how == "process gone":
        owner = {"pid": _dead_pid(), "host": socket.gethostname(), "started": "2089-03-14T00:00:00+00:00"}
    else:  # a live process (this one) that started after the lock was written
        owner = {"pid": os.getpid(), "host": socket.gethostname(), "started": "2089-03-14T00:00:00+00:00",
                 "process_start": "1"}
    _write_lock(Path(f"{out}.lock"), owner)
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 0
    assert "took over the stale lock" in capsys.readouterr().err
    assert [r["id"] for r in strict_json_lines(out)] == ["a"]
    assert not list(tmp_path.glob("*.lock"))


def test_lock_of_a_live_run_or_another_host_is_kept(tmp_path, model_dir, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [json.dumps({"id": "a", "text": note(1)})])
    out = tmp_path / "out.jsonl"
    for owner in ({"pid": os.getpid(), "host": socket.gethostname(), "started": "now"},
                  {"pid": 1, "host": "another-host.example", "started": "now"}):
        lock = Path(f"{out}.errors.jsonl.lock")
        _write_lock(lock, owner)
        before = _snapshot(tmp_path)
        assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), "--overwrite") == 2
        assert "being written by another run" in capsys.readouterr().err
        assert _snapshot(tmp_path) == before and json.loads(lock.read_text()) == owner


# -- 3. --overwrite never replaces what is not a regular file ------------------------------------


@POSIX_ONLY
@pytest.mark.parametrize("option, kind", [
    ("--errors", "fifo"), ("--manifest", "fifo"), ("--summary", "fifo"),
    ("--errors", "link to /dev/null"), ("--manifest", "folder"), ("-o", "folder"),
    ("--errors", "fifo .partial"),
])
def test_overwrite_never_replaces_a_fifo_device_or_folder(tmp_path, model_dir, capsys, option, kind):
    # Before: a regular file took the FIFO's (or, as root, /dev/null's) place.
    src = write_jsonl(tmp_path / "in.jsonl", [json.dumps({"id": "a", "text": note(1)})])
    out = tmp_path / "out.jsonl"
    target = out if option == "-o" else tmp_path / "side"
    special = Path(f"{target}.partial") if kind == "fifo .partial" else target
    if kind.startswith("fifo"):
        os.mkfifo(special)
    elif kind == "folder":
        special.mkdir()
    else:
        special.symlink_to("/dev/null")  # never /dev/null itself: the unfixed code would replace it
    args = [str(src), "-o", str(out), "--model", str(model_dir), "--overwrite"]
    if option != "-o":
        args += [option, str(target)]
    assert run_cli(*args) == 2
    err = capsys.readouterr().err
    assert "not a regular file" in err and "even with --overwrite" in err
    mode = os.stat(special).st_mode
    assert {"fifo": stat.S_ISFIFO, "fifo .partial": stat.S_ISFIFO, "folder": stat.S_ISDIR,
            "link to /dev/null": stat.S_ISCHR}[kind](mode)
    if kind == "link to /dev/null":
        assert special.is_symlink() and os.readlink(special) == "/dev/null"
    assert not any(p.name.startswith("out.jsonl") and p != special for p in tmp_path.iterdir())


def test_overwrite_still_replaces_regular_files(tmp_path, model_dir):
    src = write_jsonl(tmp_path / "in.jsonl", [json.dumps({"id": "a", "text": note(1)})])
    out = tmp_path / "out.jsonl"
    errors = tmp_path / "errors.jsonl"
    out.write_text("old\n")
    errors.write_text("old\n")
    assert run_cli(str(src), "-o", str(out), "--errors", str(errors), "--model", str(model_dir),
                   "--overwrite") == 0
    assert [r["id"] for r in strict_json_lines(out)] == ["a"] and errors.read_text() == ""
