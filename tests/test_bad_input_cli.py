"""Bad input to `spacy-phi deid` (issue 15): nothing lost, nothing overwritten.

Each test rebuilds one situation of the issue exactly: a CSV with an
unterminated quote or ragged rows, a folder with looping and dangling
symlinks, side files pointing at the input, `--resume` under another secret,
an id field that is the text field, an output location that cannot be
written, and `--model rules`. The pipeline is a small stand-in built here
(entity_ruler + phi_surrogates) except for the `--model rules` test. Every
note is invented.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Dict, List, Set

import pytest
import spacy
from spacy.language import Language
from spacy.tokens import Doc

from spacy_phi.cli import main
from spacy_phi.deid import DeidOptions, deidentify_file
from spacy_phi.deid.records import REASON_BAD_RECORD, REASON_READ_ERROR

from standin import standin_pipeline

SECRET = "bad-input-test-secret-0123456789"
OTHER_SECRET = "bad-input-test-other-secret-9876543210"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": "John"}, {"TEXT": "Smith"}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
#: Only in note text: must never reach the errors file or stderr.
NOTE_WORD = "Zorblax"
INTERRUPT_ENV = "BAD_INPUT_TEST_INTERRUPT"


@Language.component("bad_input_test_interrupt")
def interrupt_component(doc: Doc) -> Doc:
    # Interrupts only while the variable is set, so the same saved pipeline
    # can be interrupted once and then resumed.
    if os.environ.get(INTERRUPT_ENV) and "INTERRUPT" in doc.text:
        raise KeyboardInterrupt
    return doc


def standin(*extra: str) -> Language:
    return standin_pipeline(PATTERNS, *extra)


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)
    monkeypatch.delenv(INTERRUPT_ENV, raising=False)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "standin"
    standin().to_disk(path)
    return path


@pytest.fixture(scope="module")
def interrupting_model_dir(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "interrupting"
    standin("bad_input_test_interrupt").to_disk(path)
    return path


def run_cli(*args: str) -> int:
    return main(["deid", *args, "--no-progress"])


def read_jsonl(path: Path) -> List[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf8").splitlines() if line.strip()]


def csv_ids(path: Path) -> List[str]:
    with open(path, newline="", encoding="utf8") as f:
        return [row[0] for row in list(csv.reader(f))[1:]]


def visit(i: int) -> str:
    return f"John Smith seen 03/14/2089 for {NOTE_WORD} visit {i}."


def assert_every_record_accounted_for(out: Path, expected_ids: Set[str]) -> Dict[str, dict]:
    """Each input id is in the output or in the errors file, never both, never neither."""
    written = csv_ids(out)
    errors = {e["id"]: e for e in read_jsonl(Path(f"{out}.errors.jsonl"))}
    assert len(written) == len(set(written))
    assert set(written) | set(errors) == expected_ids
    assert not set(written) & set(errors)
    return errors


# -- 1. a CSV record is never lost nor merged into another ---------------------------------


def test_csv_unterminated_quote_in_row_2_loses_no_record(tmp_path, model_dir, capsys):
    # The exact case: 100 data rows, every text quoted, row 2's closing quote missing.
    # Before: rc 0, "99 records: 99 de-identified"; row 3 merged into row 2, id 3 nowhere.
    src = tmp_path / "notes.csv"
    lines = ["id,patient_id,text"]
    for i in range(1, 101):
        lines.append(f'{i},P{i},"{visit(i)}' + ("" if i == 2 else '"'))
    src.write_text("\n".join(lines) + "\n", encoding="utf8")
    out = tmp_path / "out.csv"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 1
    errors = assert_every_record_accounted_for(out, {str(i) for i in range(1, 101)})
    assert set(errors) == {"2", "3"}
    assert all(e["reason"] == REASON_BAD_RECORD for e in errors.values())
    data = out.read_text(encoding="utf8")
    assert f"{NOTE_WORD} visit 2." not in data and f"{NOTE_WORD} visit 3." not in data  # nothing merged
    summary = json.loads(Path(f"{out}.summary.json").read_text())
    assert summary["records"] == 100 and summary["records_failed"] == 2
    assert NOTE_WORD not in Path(f"{out}.errors.jsonl").read_text() + capsys.readouterr().err


@pytest.mark.parametrize("row_3_end, row_3_id", [('"', "3"), ('",x', "line-4")])
def test_csv_quote_that_swallows_a_row_without_a_syntax_error(tmp_path, model_dir, row_3_end, row_3_id):
    # Row 2 opens a quote, row 3 happens to close it: valid CSV syntax, one merged
    # "row" with row 2's id. Either the line inside the quoted field looks exactly
    # like a row of the file (id 3 is trusted), or the merged row is ragged (the
    # line is not row-shaped: listed as line-4). Both records are errors, neither
    # is de-identified, nothing is merged.
    src = tmp_path / "notes.csv"
    lines = ["id,patient_id,text"]
    for i in range(1, 11):
        text = visit(i)
        lines.append(f"{i},P{i}," + {2: '"' + text, 3: text + row_3_end}.get(i, text))
    src.write_text("\n".join(lines) + "\n", encoding="utf8")
    out = tmp_path / "out.csv"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 1
    expected = ({str(i) for i in range(1, 11)} - {"3"}) | {row_3_id}
    errors = assert_every_record_accounted_for(out, expected)
    assert set(errors) == {"2", row_3_id} and errors[row_3_id]["source"] == "line 4"
    assert f"{NOTE_WORD} visit 3." not in out.read_text(encoding="utf8")


def test_csv_unterminated_quote_reaching_the_end_of_the_file(tmp_path, model_dir):
    # No quote anywhere after row 2: the quoted field would swallow every later row.
    src = tmp_path / "notes.csv"
    lines = ["id,patient_id,text"] + [f"{i},P{i}," + ('"' if i == 2 else "") + visit(i) for i in range(1, 21)]
    src.write_text("\n".join(lines) + "\n", encoding="utf8")
    out = tmp_path / "out.csv"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 1
    errors = assert_every_record_accounted_for(out, {str(i) for i in range(1, 21)})
    assert set(errors) == {str(i) for i in range(2, 21)}


def test_csv_ragged_rows_are_errors_and_real_multiline_notes_are_kept(tmp_path, model_dir):
    # Rows with more and fewer fields than the header are errors under their own
    # id; a ragged row whose extra field opens a quote must not swallow the rows
    # after it (before: ids 11 and 12 were in neither file); a genuine multi-line
    # note (continuation lines with commas, not shaped like rows) is kept.
    src = tmp_path / "notes.csv"
    rows = ["id,patient_id,text"]
    special = {
        3: f"3,P3,{visit(3)}, extra field,another",
        6: "6,P6",
        8: f'8,P8,"{visit(8)}\nBP 120/80, HR 72\nPlan, rest, fluids"',
        10: f'10,P10,{visit(10)},"extra',
        12: f'12,P12,"{visit(12)}"',
    }
    for i in range(1, 15):
        rows.append(special.get(i, f"{i},P{i},{visit(i)}"))
    src.write_text("\n".join(rows) + "\n", encoding="utf8")
    out = tmp_path / "out.csv"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 1
    errors = assert_every_record_accounted_for(out, {str(i) for i in range(1, 15)})
    assert set(errors) == {"3", "6", "10", "11", "12"}
    assert all(e["reason"] == REASON_BAD_RECORD for e in errors.values())
    assert csv_ids(out) == ["1", "2", "4", "5", "7", "8", "9", "13", "14"]
    with open(out, newline="", encoding="utf8") as f:
        note_8 = [row for row in csv.reader(f) if row[0] == "8"][0][2]
    assert "BP 120/80, HR 72\nPlan, rest, fluids" in note_8 and "John Smith" not in note_8


# -- 2. one bad file never aborts a folder -------------------------------------------------


def test_folder_with_looping_and_dangling_symlinks(tmp_path, model_dir, capsys):
    src = tmp_path / "notes"
    src.mkdir()
    (src / "a.txt").write_text(visit(1), encoding="utf8")
    (src / "z.txt").write_text(visit(2), encoding="utf8")
    (src / "loop1.txt").symlink_to("loop2.txt")
    (src / "loop2.txt").symlink_to("loop1.txt")
    (src / "dangling.txt").symlink_to("missing.txt")
    out = tmp_path / "out"
    # Before: rc 1 "Too many levels of symbolic links", nothing written; the
    # dangling link in neither the output nor the errors file.
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir)) == 1
    assert sorted(p.name for p in out.iterdir()) == ["a.txt", "z.txt"]
    assert NOTE_WORD in (out / "a.txt").read_text() and "John Smith" not in (out / "a.txt").read_text()
    errors = {e["id"]: e for e in read_jsonl(tmp_path / "out.errors.jsonl")}
    assert set(errors) == {"dangling.txt", "loop1.txt", "loop2.txt"}
    assert all(e["reason"] == REASON_READ_ERROR for e in errors.values())
    assert NOTE_WORD not in json.dumps(errors) + capsys.readouterr().err


# -- 3. outputs never replace the input (nor each other) ----------------------------------


@pytest.mark.parametrize("option", ["--errors", "--manifest", "--summary"])
@pytest.mark.parametrize("how", ["same path", "symlink", "hard link"])
def test_side_file_pointing_at_the_input_is_refused(tmp_path, model_dir, capsys, option, how):
    src = tmp_path / "notes.jsonl"
    original = json.dumps({"id": "r1", "text": visit(1)}) + "\n"
    src.write_text(original, encoding="utf8")
    target = tmp_path / "side.jsonl"
    if how == "same path":
        target = src
    elif how == "symlink":
        target.symlink_to(src)
    else:
        os.link(src, target)
    out = tmp_path / "out.jsonl"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), option, str(target), "--overwrite") == 2
    assert src.read_text(encoding="utf8") == original
    assert "input" in capsys.readouterr().err
    assert not out.exists() and not list(tmp_path.glob("*.partial"))


@pytest.mark.parametrize("first, second", [("--errors", None), ("--manifest", "--summary"),
                                           ("--errors", "--manifest")])
def test_side_files_pointing_at_the_output_or_each_other_are_refused(tmp_path, model_dir, first, second):
    src = tmp_path / "notes.jsonl"
    src.write_text(json.dumps({"id": "r1", "text": visit(1)}) + "\n", encoding="utf8")
    out = tmp_path / "out.jsonl"
    shared = out if second is None else tmp_path / "shared.jsonl"
    args = [first, str(shared)] + ([second, str(shared)] if second else [])
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), *args, "--overwrite") == 2
    assert not out.exists() and not shared.exists()


# -- 4. --resume under another secret is refused -------------------------------------------


def test_resume_with_a_different_secret_is_refused(tmp_path, interrupting_model_dir, monkeypatch, capsys):
    src = tmp_path / "notes.jsonl"
    texts = [visit(i) for i in range(12)]
    texts[7] = "INTERRUPT " + texts[7]
    # One patient: under one secret, every note gets the same surrogate name.
    src.write_text("".join(json.dumps({"id": f"r{i}", "patient_id": "P1", "text": t}) + "\n"
                           for i, t in enumerate(texts)))
    out = tmp_path / "out.jsonl"
    # --n-process 1: the Ctrl-C stand-in is raised by a component, which reaches the
    # main process only when that runs the pipeline itself.
    args = [str(src), "-o", str(out), "--model", str(interrupting_model_dir), "--batch-size", "2",
            "--checkpoint-seconds", "0", "--n-process", "1"]
    monkeypatch.setenv(INTERRUPT_ENV, "1")
    assert run_cli(*args) == 130
    monkeypatch.delenv(INTERRUPT_ENV)
    partial = tmp_path / "out.jsonl.partial"
    state = tmp_path / "out.jsonl.deid-state"
    before = partial.read_bytes()
    assert before and state.exists()
    state_text = state.read_text()
    assert SECRET not in state_text and SECRET.encode().hex() not in state_text  # only a keyed fingerprint

    monkeypatch.setenv("SPACY_PHI_SECRET", OTHER_SECRET)
    capsys.readouterr()
    assert run_cli(*args, "--resume") == 2
    assert "different secret" in capsys.readouterr().err
    assert partial.read_bytes() == before and not out.exists()  # nothing appended under the other secret

    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)
    assert run_cli(*args, "--resume") == 0
    assert [r["id"] for r in read_jsonl(out)] == [f"r{i}" for i in range(12)]
    # The same note under one secret everywhere: one surrogate for John Smith.
    names = {r["text"].split(" seen ")[0].replace("INTERRUPT ", "") for r in read_jsonl(out)}
    assert len(names) == 1 and "John Smith" not in names


# -- 8. the id field cannot be the text field ---------------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
@pytest.mark.parametrize("option", ["--id-field", "--patient-key-field"])
def test_id_field_equal_to_the_text_field_is_refused(tmp_path, model_dir, capsys, fmt, option):
    src = tmp_path / f"notes.{fmt}"
    if fmt == "jsonl":
        src.write_text(json.dumps({"id": "r1", "text": visit(1)}) + "\n", encoding="utf8")
    else:
        src.write_text(f"id,text\nr1,{visit(1)}\n", encoding="utf8")
    out = tmp_path / f"out.{fmt}"
    # Before: rc 0 and the whole note as record_id in the manifest.
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), option, "text") == 2
    err = capsys.readouterr().err
    assert option in err and "text" in err and NOTE_WORD not in err
    assert not out.exists() and not Path(f"{out}.manifest.jsonl").exists()


# -- 9. an output location that cannot be written: could not start (2) -----------------------


def test_output_location_that_cannot_be_written_exits_2(tmp_path, model_dir, capsys):
    src = tmp_path / "notes.jsonl"
    src.write_text(json.dumps({"id": "r1", "text": visit(1)}) + "\n", encoding="utf8")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    # Before: rc 1 (the README's 1 means "records failed"; none was read).
    assert run_cli(str(src), "-o", str(blocker / "out.jsonl"), "--model", str(model_dir)) == 2
    assert "cannot start" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root ignores permissions")
def test_read_only_output_folder_exits_2(tmp_path, model_dir):
    src = tmp_path / "notes.jsonl"
    src.write_text(json.dumps({"id": "r1", "text": visit(1)}) + "\n", encoding="utf8")
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(0o555)
    try:
        assert run_cli(str(src), "-o", str(read_only / "out.jsonl"), "--model", str(model_dir)) == 2
    finally:
        read_only.chmod(0o755)


# -- 10. --model rules ---------------------------------------------------------------------


def test_model_rules_runs_the_rules_only_pipeline(tmp_path, monkeypatch):
    # Even where en_phi_deid is installed, --model rules must not load it.
    def no_load(*args, **kwargs):
        raise AssertionError("--model rules must not call spacy.load")

    monkeypatch.setattr(spacy.util, "is_package", lambda name: True)
    monkeypatch.setattr(spacy, "load", no_load)
    src = tmp_path / "note.txt"
    src.write_text("Seen by Dr. Hess on 03/14/2089.", encoding="utf8")
    out = tmp_path / "out.txt"
    assert run_cli(str(src), "-o", str(out), "--model", "rules", "--mode", "tag") == 0
    summary = json.loads((tmp_path / "out.txt.summary.json").read_text())
    assert summary["model"].startswith("rules-only pipeline")
    assert "03/14/2089" not in out.read_text() and "[**DATE**]" in out.read_text()


def test_model_rules_from_python(tmp_path):
    src = tmp_path / "note.txt"
    src.write_text("Seen on 03/14/2089.", encoding="utf8")
    summary = deidentify_file(src, tmp_path / "out.txt", DeidOptions(model="rules", progress=False),
                              stderr=io.StringIO())
    assert summary.records_ok == 1 and "03/14/2089" not in (tmp_path / "out.txt").read_text()
