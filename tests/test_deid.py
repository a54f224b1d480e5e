"""Tests of `spacy-phi deid` and `spacy_phi.deid` (formats, consistency,
resume, error paths, failure isolation, privacy, manifest, review pages).

The pipeline is a stand-in built here (clinical tokenizer, phi_sentencizer,
an entity_ruler with a few patterns, phi_surrogates): the runner works with
any pipeline that sets doc.ents. Every note is invented.
"""

from __future__ import annotations

import csv
import io
import json
import logging
from pathlib import Path
from typing import Iterator, List

import pytest
import spacy
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc
from spacy.util import filter_spans, minibatch

import spacy_phi
from spacy_phi.cli import main
from spacy_phi.deid import DeidOptions, FieldConfig, deidentify, deidentify_file
from spacy_phi.deid.manifest import keyed_hash
from spacy_phi.deid.records import (
    REASON_BAD_FIELD,
    REASON_BAD_RECORD,
    REASON_BINARY,
    REASON_BROKEN_LINE,
    REASON_COMPONENT,
    REASON_EMPTY,
    REASON_MISSING_FIELD,
    REASON_TOO_LONG,
    REASON_UNDECODABLE,
    REASON_WHITESPACE,
)

from standin import standin_pipeline

SECRET = "deid-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": {"IN": ["John", "Jane"]}}, {"TEXT": {"IN": ["Smith", "Roe"]}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
    {"label": "MEDICALRECORD", "pattern": [{"TEXT": {"REGEX": r"^\d{7}$"}}]},
]
PHI_VALUES = ("John Smith", "Jane Roe", "03/14/2089", "1234567", "7654321")
# Words that only occur in note text: they must never show up in logs or errors.
FAIL_WORD = "Quibbleworth"


def note(i: int, extra: str = "") -> str:
    return f"John Smith seen 03/14/2089 for Zorblax visit {i}. MRN 1234567.{extra}\nPlan: rest."


# -- test components ------------------------------------------------------------


@Language.component("deid_test_fail")
def fail_component(doc: Doc) -> Doc:
    if "FAILME" in doc.text:
        # The message quotes the note, as real exceptions sometimes do.
        raise ValueError(f"cannot handle {doc.text}")
    return doc


@Language.component("deid_test_interrupt")
def interrupt_component(doc: Doc) -> Doc:
    if "INTERRUPT" in doc.text:
        raise KeyboardInterrupt
    return doc


class BatchFailer(Pipe):
    """Fails like a TrainablePipe: one bad doc loses its whole batch."""

    def __init__(self, name: str = "deid_test_batch_fail") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        if "FAILME" in doc.text:
            raise ValueError("batch component failed")
        return doc

    def pipe(self, stream, *, batch_size: int = 128) -> Iterator[Doc]:
        error_handler = self.get_error_handler()
        for docs in minibatch(stream, size=batch_size):
            try:
                yield from [self(doc) for doc in docs]
            except Exception as e:
                error_handler(self.name, self, docs, e)


@Language.factory("deid_test_batch_fail")
def make_batch_failer(nlp: Language, name: str) -> BatchFailer:
    return BatchFailer(name)


class StreamBreaker(Pipe):
    """A component whose own `pipe` raises (bypassing the error handler)."""

    def __init__(self, name: str = "deid_test_stream_break") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        if "FAILME" in doc.text:
            raise RuntimeError("stream broken")
        return doc

    def pipe(self, stream, *, batch_size: int = 128) -> Iterator[Doc]:
        for doc in stream:
            yield self(doc)


@Language.factory("deid_test_stream_break")
def make_stream_breaker(nlp: Language, name: str) -> StreamBreaker:
    return StreamBreaker(name)


@Language.component("deid_test_known")
def known_component(doc: Doc) -> Doc:
    """Stand-in for phi_known: marks doc.user_data["phi_known"] values as entities."""
    spans = list(doc.ents)
    for label, values in (doc.user_data.get("phi_known") or {}).items():
        for value in values:
            start = doc.text.find(value)
            while start != -1:
                span = doc.char_span(start, start + len(value), label)
                if span is not None:
                    spans.append(span)
                start = doc.text.find(value, start + 1)
    doc.ents = filter_spans(spans)
    return doc


def _install_provenance() -> None:
    try:
        from spacy_phi.spangroups import install_extensions
    except ImportError:  # pragma: no cover
        if not Doc.has_extension("phi_provenance"):
            Doc.set_extension("phi_provenance", default=None)
    else:
        install_extensions()


_install_provenance()


@Language.component("deid_test_provenance")
def provenance_component(doc: Doc) -> Doc:
    doc._.phi_provenance = [
        {"start": e.start_char, "end": e.end_char, "label": e.label_, "detector": "rules",
         "sources": ["phi_rules"], "rule_id": f"test_{e.label_.lower()}", "score": 0.5}
        for e in doc.ents
    ]
    return doc


def standin(*extra: str) -> Language:
    return standin_pipeline(PATTERNS, *extra, sentencizer=True)


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "standin"
    standin().to_disk(path)
    return path


@pytest.fixture(scope="module")
def failing_model_dir(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "failing"
    standin("deid_test_fail").to_disk(path)
    return path


def run_cli(args: List[str]) -> int:
    return main(["deid", *args, "--no-progress"])


def read_jsonl(path: Path) -> List[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf8").splitlines() if line.strip()]


def assert_no_phi(text: str) -> None:
    for value in PHI_VALUES:
        assert value not in text


# -- formats --------------------------------------------------------------------


def test_text_file_round_trip(tmp_path, model_dir, capsys):
    src = tmp_path / "note.txt"
    src.write_bytes(note(1).replace("\n", "\r\n").encode("utf8"))
    out = tmp_path / "out.txt"
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir)]) == 0
    text = out.read_bytes().decode("utf8")
    assert_no_phi(text)
    assert "Zorblax visit 1." in text and "\r\nPlan: rest." in text  # layout and CRLF kept
    assert (tmp_path / "out.txt.errors.jsonl").read_text() == ""
    summary = json.loads((tmp_path / "out.txt.summary.json").read_text())
    assert summary["records"] == 1 and summary["records_failed"] == 0
    assert summary["phi_per_label"] == {"PATIENT": 1, "DATE": 1, "MEDICALRECORD": 1}
    assert len(read_jsonl(tmp_path / "out.txt.manifest.jsonl")) == 3
    assert not list(tmp_path.glob("*.partial")) and not list(tmp_path.glob("*.deid-state"))
    err = capsys.readouterr().err
    assert "3" in err and "PATIENT 1" in err  # summary on stderr


def test_folder_round_trip_keeps_relative_paths(tmp_path, model_dir):
    src = tmp_path / "notes"
    (src / "a" / "b").mkdir(parents=True)
    (src / "c").mkdir()
    (src / "top.txt").write_text(note(1))
    (src / "a" / "b" / "deep.txt").write_text(note(2))
    (src / "c" / "other.txt").write_text(note(3))
    (src / "c" / "empty.txt").write_text("")
    (src / "c" / "skip.csv").write_text("not,a,note\n")
    out = tmp_path / "deid"
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir)]) == 1  # the empty note failed
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == ["a/b/deep.txt", "c/other.txt", "top.txt"]
    for path in out.rglob("*.txt"):
        assert_no_phi(path.read_text())
    assert "visit 2." in (out / "a" / "b" / "deep.txt").read_text()
    errors = read_jsonl(tmp_path / "deid.errors.jsonl")
    assert [(e["id"], e["reason"]) for e in errors] == [("c/empty.txt", REASON_EMPTY)]


def test_jsonl_round_trip_passes_fields_through(tmp_path, model_dir):
    src = tmp_path / "in.jsonl"
    lines = [
        {"id": "r1", "text": note(1), "patient_id": "p1", "meta": {"ward": 3, "tags": ["a"]}, "score": 0.25},
        {"text": note(2), "meta": None},
        {"id": "r3", "meta": 1},
    ]
    src.write_text("\n".join(json.dumps(line) for line in lines) + "\n\n{broken json\n", encoding="utf8")
    out = tmp_path / "out.jsonl"
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir)]) == 1
    rows = read_jsonl(out)
    assert [r.get("id") for r in rows] == ["r1", None]
    assert list(rows[0]) == ["id", "text", "patient_id", "meta", "score"]  # field order kept
    assert rows[0]["meta"] == {"ward": 3, "tags": ["a"]} and rows[0]["score"] == 0.25
    assert rows[1]["meta"] is None
    for row in rows:
        assert_no_phi(row["text"])
    errors = {e["id"]: e for e in read_jsonl(tmp_path / "out.jsonl.errors.jsonl")}
    assert errors["r3"]["reason"] == REASON_MISSING_FIELD
    assert errors["line-5"]["reason"] == REASON_BROKEN_LINE  # blank line 4 is not a record
    manifest = read_jsonl(tmp_path / "out.jsonl.manifest.jsonl")
    assert {m["record_id"] for m in manifest} == {"r1", "line-2"}


def test_csv_round_trip_with_embedded_newlines_and_quotes(tmp_path, model_dir):
    src = tmp_path / "in.csv"
    rows = [
        ["id", "note", "comment", "ward"],
        ["a", note(1, ' He said "fine",\nthen left.'), 'multi\nline, "quoted"', "3"],
        ["b", note(2), "", "4"],
    ]
    with open(src, "w", newline="", encoding="utf8") as f:
        csv.writer(f).writerows(rows)
    out = tmp_path / "out.csv"
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir), "--text-field", "note"]) == 0
    with open(out, newline="", encoding="utf8") as f:
        got = list(csv.reader(f))
    assert got[0] == rows[0]
    assert [r[0] for r in got[1:]] == ["a", "b"]
    assert [r[2:] for r in got[1:]] == [r[2:] for r in rows[1:]]  # other columns unchanged
    assert ' He said "fine",\nthen left.' in got[1][1]
    for row in got[1:]:
        assert_no_phi(row[1])


def test_tsv_input_is_written_back_as_tsv(tmp_path, model_dir):
    src = tmp_path / "in.tsv"
    rows = [["id", "note", "ward"], ["a", note(1, " Seen, then left."), "3"], ["b", note(2), "4"]]
    with open(src, "w", newline="", encoding="utf8") as f:
        csv.writer(f, delimiter="\t").writerows(rows)
    out = tmp_path / "out.tsv"
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir), "--text-field", "note"]) == 0
    with open(out, newline="", encoding="utf8") as f:
        got = list(csv.reader(f, delimiter="\t"))
    assert got[0] == rows[0]
    assert [(r[0], r[2]) for r in got[1:]] == [("a", "3"), ("b", "4")]
    for row in got[1:]:
        assert_no_phi(row[1])


def test_csv_missing_text_column_is_a_usage_error(tmp_path, model_dir, capsys):
    src = tmp_path / "in.csv"
    src.write_text("id,body\n1,hello\n")
    assert run_cli([str(src), "-o", str(tmp_path / "o.csv"), "--model", str(model_dir)]) == 2
    assert "no column 'text'" in capsys.readouterr().err
    assert not (tmp_path / "o.csv").exists()


def test_csv_bad_rows_and_bytes(tmp_path, model_dir):
    src = tmp_path / "in.csv"
    body = b"id,text,extra\r\n"
    body += b'ok,"' + note(1).encode() + b'",caf\xe9\r\n'  # invalid UTF-8 in a passed-through column
    body += b"bad,John Smith caf\xe9,x\r\n"  # invalid UTF-8 in the text
    body += b"short,only two\r\n"
    body += b"nul,a\x00b,x\r\n"
    body += b'huge,"' + b"word " * 1_000_000 + b'",x\r\n'  # a 5 MB note
    src.write_bytes(body)
    out = tmp_path / "out.csv"
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir)]) == 1
    data = out.read_bytes()
    assert b",caf\xe9\r\n" in data  # passed through byte for byte
    assert data.count(b"\r\n") == 2 and b"John Smith" not in data
    reasons = {e["id"]: e["reason"] for e in read_jsonl(tmp_path / "out.csv.errors.jsonl")}
    assert reasons == {"bad": REASON_UNDECODABLE, "short": REASON_BAD_RECORD, "nul": REASON_BINARY,
                       "huge": REASON_TOO_LONG}


def test_stdin_to_stdout_text_and_jsonl(tmp_path):
    nlp = standin()
    stdout, stderr = io.BytesIO(), io.StringIO()
    summary = deidentify_file("-", None, DeidOptions(progress=False), nlp=nlp,
                              stdin=io.BytesIO(note(1).encode()), stdout=stdout, stderr=stderr)
    assert summary.records == 1 and summary.records_failed == 0
    text = stdout.getvalue().decode()
    assert_no_phi(text) and "Zorblax" in text
    stdout = io.BytesIO()
    data = (json.dumps({"id": "x", "text": note(2)}) + "\n" + json.dumps({"id": "y", "text": ""}) + "\n").encode()
    summary = deidentify_file("-", "-", DeidOptions(input_format="jsonl", progress=False), nlp=nlp,
                              stdin=io.BytesIO(data), stdout=stdout, stderr=stderr)
    rows = [json.loads(line) for line in stdout.getvalue().decode().splitlines()]
    assert [r["id"] for r in rows] == ["x"] and summary.records_failed == 1
    err = stderr.getvalue()
    assert '"reason": "empty_text"' in err and '"records_failed": 1' in err  # errors + JSON summary on stderr


# -- consistency ------------------------------------------------------------------


def test_patient_key_and_secret_give_consistent_surrogates(tmp_path, model_dir, monkeypatch):
    src = tmp_path / "in.jsonl"
    records = [
        {"id": "1", "patient_id": "P1", "text": "Seen John Smith today."},
        {"id": "2", "patient_id": "P1", "text": "Called John Smith back."},
        {"id": "3", "patient_id": "P2", "text": "Seen John Smith today."},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in records))

    def surrogates(out: Path) -> List[str]:
        rows = read_jsonl(out)
        manifest = read_jsonl(Path(str(out) + ".manifest.jsonl"))
        return [row["text"][m["new_start"]:m["new_end"]] for row, m in zip(rows, manifest)]

    assert run_cli([str(src), "-o", str(tmp_path / "a.jsonl"), "--model", str(model_dir)]) == 0
    first = surrogates(tmp_path / "a.jsonl")
    assert first[0] == first[1] and first[0] != "John Smith"
    assert first[2] != first[0]  # another patient, another surrogate
    # The same secret from a file gives the same surrogates in another run.
    monkeypatch.delenv("SPACY_PHI_SECRET")
    secret_file = tmp_path / "secret"
    secret_file.write_text(SECRET + "\n")
    assert run_cli([str(src), "-o", str(tmp_path / "b.jsonl"), "--model", str(model_dir),
                    "--secret-file", str(secret_file)]) == 0
    assert surrogates(tmp_path / "b.jsonl") == first


def test_known_phi_reaches_the_pipeline_and_never_the_output(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "k", "text": "Visit by Hortensia Vlk today.",
                               "known_phi": {"PATIENT": ["Hortensia Vlk"]}}) + "\n")
    out = tmp_path / "out.jsonl"
    options = DeidOptions(fields=FieldConfig(known_field="known_phi"), progress=False)
    summary = deidentify_file(src, out, options, nlp=standin("deid_test_known"), stderr=io.StringIO())
    assert summary.phi_per_label == {"PATIENT": 1}
    data = out.read_text()
    assert "Hortensia" not in data and "known_phi" not in data


def test_drop_and_hash_fields(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "1", "text": note(1), "patient_id": "MRN-42", "name": "Jane Roe"}) + "\n")
    out = tmp_path / "out.jsonl"
    options = DeidOptions(drop_fields=("name",), hash_fields=("patient_id",), progress=False)
    deidentify_file(src, out, options, nlp=standin(), stderr=io.StringIO())
    row = read_jsonl(out)[0]
    assert "name" not in row and row["patient_id"].startswith("hmac-sha256:") and "MRN-42" not in out.read_text()


# -- resume ---------------------------------------------------------------------


def test_resume_after_interruption_has_no_duplicates(tmp_path):
    src = tmp_path / "in.jsonl"
    texts = [note(i) for i in range(12)]
    texts[7] = "INTERRUPT " + texts[7]
    texts[3] = ""  # a failure before the interruption stays reported once
    src.write_text("".join(json.dumps({"id": f"r{i}", "text": t}) + "\n" for i, t in enumerate(texts)))
    out = tmp_path / "out.jsonl"
    # n_process=1: the Ctrl-C stand-in is raised by a component, which reaches the
    # main process only when that runs the pipeline itself (test_deid_parallel.py
    # interrupts a run with workers).
    options = DeidOptions(batch_size=2, checkpoint_seconds=0, progress=False, n_process=1)
    with pytest.raises(KeyboardInterrupt):
        deidentify_file(src, out, options, nlp=standin("deid_test_interrupt"), stderr=io.StringIO())
    partial = tmp_path / "out.jsonl.partial"
    assert partial.exists() and not out.exists() and (tmp_path / "out.jsonl.deid-state").exists()
    done_before = len(read_jsonl(partial))
    assert 0 < done_before < 11
    with open(partial, "a") as f:  # written after the last checkpoint by a crash: must go
        f.write('{"id": "junk", "text": "x"}\n{"id": "to')
    # Without --resume an interrupted run is not silently discarded.
    with pytest.raises(spacy_phi.deid.DeidUsageError):
        deidentify_file(src, out, DeidOptions(progress=False), nlp=standin(), stderr=io.StringIO())
    resumed = DeidOptions(batch_size=2, checkpoint_seconds=0, progress=False, resume=True)
    stderr = io.StringIO()
    summary = deidentify_file(src, out, resumed, nlp=standin(), stderr=stderr)
    assert "resuming after" in stderr.getvalue()
    ids = [r["id"] for r in read_jsonl(out)]
    assert ids == [f"r{i}" for i in range(12) if i != 3]
    assert [e["id"] for e in read_jsonl(tmp_path / "out.jsonl.errors.jsonl")] == ["r3"]
    assert summary.records == 12 and summary.records_failed == 1
    manifest_ids = [m["record_id"] for m in read_jsonl(tmp_path / "out.jsonl.manifest.jsonl")]
    assert len(manifest_ids) == 3 * 11 and len(set(manifest_ids)) == 11
    assert not partial.exists() and not (tmp_path / "out.jsonl.deid-state").exists()


def test_resume_of_a_folder_run(tmp_path):
    src = tmp_path / "notes"
    src.mkdir()
    for i in range(6):
        (src / f"n{i}.txt").write_text(("INTERRUPT " if i == 4 else "") + note(i))
    out = tmp_path / "out"
    options = DeidOptions(checkpoint_seconds=0, progress=False)
    with pytest.raises(KeyboardInterrupt):
        deidentify_file(src, out, options, nlp=standin("deid_test_interrupt"), stderr=io.StringIO())
    resumed = DeidOptions(checkpoint_seconds=0, progress=False, resume=True)
    summary = deidentify_file(src, out, resumed, nlp=standin(), stderr=io.StringIO())
    assert sorted(p.name for p in out.iterdir()) == [f"n{i}.txt" for i in range(6)]
    assert summary.records == 6 and summary.records_ok == 6


def test_existing_output_needs_overwrite(tmp_path, model_dir, capsys):
    src = tmp_path / "n.txt"
    src.write_text(note(1))
    out = tmp_path / "o.txt"
    out.write_text("old")
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir)]) == 2
    assert "--overwrite" in capsys.readouterr().err and out.read_text() == "old"
    assert run_cli([str(src), "-o", str(out), "--model", str(model_dir), "--overwrite"]) == 0
    assert out.read_text() != "old"


# -- error paths ------------------------------------------------------------------


def test_bad_notes_in_a_folder(tmp_path):
    src = tmp_path / "notes"
    src.mkdir()
    (src / "empty.txt").write_bytes(b"")
    (src / "spaces.txt").write_bytes(b"  \n\t \r\n")
    (src / "binary.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (src / "latin1.txt").write_bytes("Café John Smith".encode("latin-1"))
    (src / "huge.txt").write_bytes(("word " * 1_000_000).encode())  # 5 MB
    (src / "good.txt").write_text(note(1))
    out = tmp_path / "out"
    summary = deidentify_file(src, out, DeidOptions(progress=False), nlp=standin(), stderr=io.StringIO())
    reasons = {e["id"]: e["reason"] for e in read_jsonl(tmp_path / "out.errors.jsonl")}
    assert reasons == {
        "empty.txt": REASON_EMPTY, "spaces.txt": REASON_WHITESPACE, "binary.txt": REASON_BINARY,
        "latin1.txt": REASON_UNDECODABLE, "huge.txt": REASON_TOO_LONG,
    }
    assert [p.name for p in out.iterdir()] == ["good.txt"]
    assert summary.records == 6 and summary.records_failed == 5


def test_bad_jsonl_records(tmp_path):
    src = tmp_path / "in.jsonl"
    huge = json.dumps({"id": "huge", "text": "word " * 1_000_000})
    lines = [
        json.dumps({"id": "ok", "text": note(1)}).encode(),
        json.dumps({"id": "int-text", "text": 5}).encode(),
        b'{"id": "latin", "text": "caf\xe9"}',
        b"[1, 2]",
        huge.encode(),
        json.dumps({"id": "bad-known", "text": note(2), "known": {"NOTALABEL": ["x"]}}).encode(),
        json.dumps({"id": "ws", "text": " \n "}).encode(),
    ]
    src.write_bytes(b"\n".join(lines) + b"\n")
    out = tmp_path / "out.jsonl"
    options = DeidOptions(fields=FieldConfig(known_field="known"), max_chars=100_000, progress=False)
    summary = deidentify_file(src, out, options, nlp=standin(), stderr=io.StringIO())
    reasons = {e["id"]: e["reason"] for e in read_jsonl(tmp_path / "out.jsonl.errors.jsonl")}
    assert reasons == {
        "int-text": REASON_BAD_FIELD, "latin": REASON_UNDECODABLE, "line-4": REASON_BAD_RECORD,
        "line-5": REASON_TOO_LONG, "bad-known": REASON_BAD_FIELD, "ws": REASON_WHITESPACE,
    }
    assert [r["id"] for r in read_jsonl(out)] == ["ok"] and summary.records == 7


def test_model_path_that_does_not_exist(tmp_path, capsys):
    src = tmp_path / "n.txt"
    src.write_text(note(1))
    code = run_cli([str(src), "-o", str(tmp_path / "o.txt"), "--model", str(tmp_path / "no_such_model")])
    err = capsys.readouterr().err
    assert code == 2 and "no_such_model" in err and "Traceback" not in err
    assert not (tmp_path / "o.txt").exists()


def test_missing_input_and_default_pipeline_unavailable(tmp_path, monkeypatch, capsys):
    assert run_cli([str(tmp_path / "missing.jsonl"), "-o", str(tmp_path / "o.jsonl")]) == 2
    assert "not found" in capsys.readouterr().err
    import sys

    monkeypatch.setattr(spacy.util, "is_package", lambda name: False)
    monkeypatch.setitem(sys.modules, "spacy_phi.pipelines", None)
    src = tmp_path / "n.txt"
    src.write_text(note(1))
    assert run_cli([str(src), "-o", str(tmp_path / "o.txt")]) == 2
    assert "--model" in capsys.readouterr().err


# -- failure isolation and privacy ------------------------------------------------------


def _failure_input(tmp_path: Path, n: int = 8, bad: int = 5) -> Path:
    src = tmp_path / "in.jsonl"
    rows = [{"id": f"r{i}", "text": (f"FAILME {FAIL_WORD} " if i == bad else "") + note(i)} for i in range(n)]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return src


def _all_outputs(tmp_path: Path) -> str:
    return "".join(p.read_text(errors="replace") for p in tmp_path.rglob("*") if p.is_file() and p.suffix != ".cfg"
                   and "models" not in p.parts and p.name != "in.jsonl")


def test_failing_component_isolates_the_record(tmp_path, failing_model_dir, capsys, caplog):
    src = _failure_input(tmp_path)
    out = tmp_path / "out.jsonl"
    caplog.set_level(logging.DEBUG)
    code = main(["deid", str(src), "-o", str(out), "--model", str(failing_model_dir), "--batch-size", "4",
                 "--html", str(tmp_path / "review")])
    assert code == 1
    assert [r["id"] for r in read_jsonl(out)] == [f"r{i}" for i in range(8) if i != 5]
    errors = read_jsonl(tmp_path / "out.jsonl.errors.jsonl")
    assert errors == [{"id": "r5", "position": 5, "reason": REASON_COMPONENT, "source": "line 6",
                       "message": "component 'deid_test_fail' raised ValueError",
                       "component": "deid_test_fail", "error_type": "ValueError"}]
    # Privacy: the failing note's text is nowhere: outputs, stderr, logs.
    captured = capsys.readouterr()
    for sink in (_all_outputs(tmp_path), captured.err, captured.out, caplog.text):
        assert FAIL_WORD not in sink and "FAILME" not in sink
    for sink in (captured.err, caplog.text):
        assert "Zorblax" not in sink and "John" not in sink
    assert "deid_test_fail" in caplog.text  # the component is named, not the text
    summary = json.loads((tmp_path / "out.jsonl.summary.json").read_text())
    assert summary["records_failed"] == 1 and summary["errors_by_reason"] == {REASON_COMPONENT: 1}


@pytest.mark.parametrize("component", ["deid_test_batch_fail", "deid_test_stream_break"])
def test_batch_dropping_and_stream_breaking_components(component):
    texts = [("FAILME " if i == 5 else "") + note(i) for i in range(10)]
    results = list(deidentify(texts, standin(component), batch_size=4))
    assert [r.id for r in results] == [str(i) for i in range(10)]
    assert [r.ok for r in results] == [i != 5 for i in range(10)]
    assert results[5].error.reason == REASON_COMPONENT and results[5].error.component == component
    assert results[5].text is None and results[5].record.text is None


def test_pipeline_with_a_statistical_ner_runs():
    """spaCy's Cython components (ner) refuse `set_error_handler`: the run must still work."""
    nlp = spacy_phi.blank_pipeline("en")
    ner = nlp.add_pipe("ner")
    ner.add_label("PATIENT")
    # After the (random-weight) ner, overwriting its guesses: deterministic entities.
    ruler = nlp.add_pipe("entity_ruler", config={"overwrite_ents": True})
    nlp.add_pipe("phi_surrogates")
    nlp.initialize()
    ruler.add_patterns(PATTERNS)  # after initialize(), which clears them
    results = list(deidentify([note(i) for i in range(5)], nlp, batch_size=2))
    assert [r.ok for r in results] == [True] * 5
    for result in results:
        assert_no_phi(result.text)
    assert nlp.default_error_handler is not None
    assert nlp.get_pipe("phi_surrogates").get_error_handler().__name__ != "mark_failure"


def test_missing_deidentified_text_fails_closed():
    @Language.component("deid_test_undo")
    def undo(doc: Doc) -> Doc:
        if "FAILME" in doc.text:
            doc._.deidentified = None
        return doc

    nlp = standin()
    nlp.add_pipe("deid_test_undo", last=True)
    results = list(deidentify(["FAILME " + note(1), note(2)], nlp))
    assert results[0].error.reason == "no_deidentified_text" and results[0].text is None
    assert results[1].ok


# -- manifest and review pages -------------------------------------------------------------


def test_manifest_has_keyed_hashes_and_no_raw_phi(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "m1", "text": note(1)}) + "\n")
    out = tmp_path / "out.jsonl"
    deidentify_file(src, out, DeidOptions(progress=False), nlp=standin("deid_test_provenance"),
                    stderr=io.StringIO())
    manifest = read_jsonl(tmp_path / "out.jsonl.manifest.jsonl")
    text = note(1)
    deid_text = read_jsonl(out)[0]["text"]
    assert [m["label"] for m in manifest] == ["PATIENT", "DATE", "MEDICALRECORD"]
    for m in manifest:
        value = text[m["start"]:m["end"]]
        assert value in PHI_VALUES
        assert m["value_hash"] == keyed_hash(SECRET.encode(), value)
        assert m["detector"] == "rules" and m["score"] == 0.5 and m["rule_id"].startswith("test_")
        assert m["action"] == "surrogate" and deid_text[m["new_start"]:m["new_end"]] != value
        assert "text" not in m
    assert_no_phi((tmp_path / "out.jsonl.manifest.jsonl").read_text())
    # Without provenance the detector is "unknown"; with the flag the value is written.
    out2 = tmp_path / "out2.jsonl"
    deidentify_file(src, out2, DeidOptions(manifest_include_text=True, progress=False), nlp=standin(),
                    stderr=io.StringIO())
    manifest2 = read_jsonl(tmp_path / "out2.jsonl.manifest.jsonl")
    assert [m["text"] for m in manifest2] == ["John Smith", "03/14/2089", "1234567"]
    assert {m["detector"] for m in manifest2} == {"unknown"} and {m["score"] for m in manifest2} == {None}


def test_html_review_pages_escape_html(tmp_path):
    src = tmp_path / "in.jsonl"
    rows = [{"id": "<b>x</b>", "text": "<script>alert(1)</script> John Smith & co"}, {"id": "e", "text": ""}]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    review = tmp_path / "review"
    deidentify_file(src, tmp_path / "out.jsonl", DeidOptions(html=review, progress=False), nlp=standin(),
                    stderr=io.StringIO())
    index = (review / "index.html").read_text()
    page = (review / "records" / "0000000.html").read_text()
    assert "&lt;b&gt;x&lt;/b&gt;" in index and "<b>x</b>" not in index and "empty_text" in index
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "John Smith</mark>" not in page and ">John Smith<span" in page  # the PHI span is marked
    assert "&amp; co" in page and "Contains PHI" in page
    assert not (review / "records" / "0000001.html").exists()


# -- API and processes --------------------------------------------------------------------------


def test_api_accepts_texts_dicts_and_modes():
    nlp = standin()
    results = list(deidentify(
        [note(1), {"id": "d", "text": note(2), "patient_key": "P"}, {"id": "no-text"}], nlp, mode="tag"
    ))
    assert [r.id for r in results] == ["0", "d", "no-text"]
    assert "[**PATIENT**]" in results[0].text and results[0].spans[0]["action"] == "tag"
    assert results[2].error.reason == REASON_MISSING_FIELD
    assert nlp.get_pipe("phi_surrogates").cfg["default_mode"] == "surrogate"  # restored
    [single] = deidentify("John Smith", nlp, mode="redact")
    assert single.text == "**** *****"  # same length, whitespace kept


def test_two_processes_match_one():
    texts = [note(i) for i in range(6)] + ["", "FAILME " + note(7)]
    one = list(deidentify(texts, standin("deid_test_batch_fail"), batch_size=2))
    two = list(deidentify(texts, standin("deid_test_batch_fail"), batch_size=2, n_process=2))
    assert [(r.id, r.text, r.ok) for r in two] == [(r.id, r.text, r.ok) for r in one]
    assert [r.ok for r in two] == [True] * 6 + [False, False]
    assert two[7].error.component == "deid_test_batch_fail"


def test_jsonl_bom_reversed_known_mapping_and_paths(tmp_path):
    src = tmp_path / "in.jsonl"
    lines = [json.dumps({"id": "bom", "text": note(1)}),
             json.dumps({"id": "rev", "text": note(2), "known": {"Hortensia Vlk": "PATIENT"}})]
    src.write_bytes(b"\xef\xbb\xbf" + "\n".join(lines).encode() + b"\n")
    out = tmp_path / "out.jsonl"
    options = DeidOptions(fields=FieldConfig(known_field="known"), progress=False)
    deidentify_file(src, out, options, nlp=standin(), stderr=io.StringIO())
    assert [r["id"] for r in read_jsonl(out)] == ["bom"]
    errors = (tmp_path / "out.jsonl.errors.jsonl").read_text()
    assert REASON_BAD_FIELD in errors and "Hortensia" not in errors
    # A finished run is not resumed over; an output inside the input folder is refused.
    with pytest.raises(spacy_phi.deid.DeidUsageError):
        deidentify_file(src, out, DeidOptions(resume=True, progress=False), nlp=standin(), stderr=io.StringIO())
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text(note(1))
    with pytest.raises(spacy_phi.deid.DeidUsageError):
        deidentify_file(tmp_path / "notes", tmp_path / "notes" / "out", DeidOptions(progress=False),
                        nlp=standin(), stderr=io.StringIO())
