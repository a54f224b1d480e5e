"""Hostile CSV input to `spacy-phi deid`: a row swallowed after a stray quote
is never de-identified under another row's id, and an unterminated quote
never makes the reader hold the rest of the file.

The swallowed-row tests rebuild the reported case exactly (`--model rules`);
the others read through `CsvSource` or run the stand-in pipeline. Every note
and name is invented. Each test checks the counts: every record in the input
ends up once in the output or once in the errors file.
"""

from __future__ import annotations

import csv
import json
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import List

import pytest

from spacy_phi.cli import main
from spacy_phi.deid.csv_rows import CsvRegionLine, CsvRow
from spacy_phi.deid.inputs import CsvSource
from spacy_phi.deid.records import REASON_BAD_RECORD, REASON_TOO_LONG

from standin import standin_pipeline

SECRET = "hostile-csv-test-secret-0123456789"
#: Only in note text: must never reach the errors file or stderr.
NOTE_WORDS = ("Zzyzxqwe", "Pilkingtonova", "Desmond", "Achterberg")
PATTERNS = [{"label": "PATIENT", "pattern": [{"TEXT": "John"}, {"TEXT": "Smith"}]}]


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("models") / "standin"
    standin_pipeline(PATTERNS).to_disk(path)
    return path


def run_cli(*args: str) -> int:
    return main(["deid", *args, "--no-progress"])


def read_jsonl(path: Path) -> List[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf8").splitlines() if line.strip()]


def csv_rows(path: Path) -> List[List[str]]:
    with open(path, newline="", encoding="utf8") as f:
        return list(csv.reader(f))[1:]


# -- a row swallowed after a stray quote ----------------------------------------------------


@pytest.mark.parametrize("swallowed_id", ["r2b", ""], ids=["id-of-another-shape", "empty-id"])
def test_row_swallowed_after_a_stray_quote_is_not_merged(tmp_path, capsys, swallowed_id):
    # The reported case: r1 opens a quote, the swallowed row (its id shaped unlike
    # r1's, or empty) closes it. Before: exit 0, no error, the swallowed note
    # de-identified under r1's id and patient key.
    src = tmp_path / "in.csv"
    src.write_text(
        "id,patient_id,text\n"
        'r1,P1,"Mr. Zzyzxqwe Pilkingtonova said hi\n'
        f'{swallowed_id},P2,Mr. Desmond Achterberg seen 03/14/2089."\n'
        "r3,P3,Dr. Visser called.\n",
        encoding="utf8",
    )
    out = tmp_path / "out.csv"
    assert run_cli(str(src), "-o", str(out), "--model", "rules", "--n-process", "1") == 1
    assert [row[0] for row in csv_rows(out)] == ["r3"]
    errors = read_jsonl(Path(f"{out}.errors.jsonl"))
    assert [(e["id"], e["source"], e["reason"]) for e in errors] == [
        ("r1", "line 2", REASON_BAD_RECORD),
        ("line-3", "line 3", REASON_BAD_RECORD),  # its id is not trusted: the line may be note text
    ]
    assert all("lines 2-3" in e["message"] for e in errors)
    summary = json.loads(Path(f"{out}.summary.json").read_text(encoding="utf8"))
    assert summary["records"] == 3 and summary["records_ok"] == 1 and summary["records_failed"] == 2
    written = out.read_text(encoding="utf8") + Path(f"{out}.errors.jsonl").read_text(encoding="utf8")
    assert not any(word in written + capsys.readouterr().err for word in NOTE_WORDS)


@pytest.mark.parametrize("swallowed", ["r2b,P2,seen today.", ",P2,seen today.", "R22,P2,seen today.",
                                       "r2,,seen today."])
def test_reader_fails_every_line_of_a_row_that_swallowed_another(tmp_path, swallowed):
    src = tmp_path / "in.csv"
    src.write_text(
        "id,patient_id,text\nr1,P1,first note.\n"
        f'r2,P2,"opened here\n{swallowed}"\nr4,P4,last note.\n',
        encoding="utf8",
    )
    items = list(CsvSource(src).row_items())
    assert [type(item).__name__ for item in items] == ["CsvRow", "CsvRegionLine", "CsvRegionLine", "CsvRow"]
    assert [item.line_no for item in items if isinstance(item, CsvRegionLine)] == [3, 4]


def test_legitimate_multiline_notes_are_kept(tmp_path, model_dir):
    # Notes have newlines, commas and short tokens; none of these lines starts
    # like a row of this file (ids r<N>, patient keys P<N>).
    notes = {
        "r1": "John Smith seen today.\nBP 120/80, HR 72\nPlan, rest, fluids",
        "r2": "Assessment:\nDx,HTN,stable\nFollow-up,2 weeks,clinic\n\nSigned",
        "r3": "Meds:\n- aspirin 81 mg, daily\n- metoprolol 25 mg, twice daily\nA/P: 1, 2, and 3",
        "r4": "one line",
        "r5": "Labs\r\nNa,140,mmol/L\r\nK,4.1,mmol/L\r\n",
        "r6": 'He said "fine, thanks"\nok,,\n,,',
    }
    src = tmp_path / "in.csv"
    with open(src, "w", newline="", encoding="utf8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["id", "patient_id", "text"])
        for i, (record_id, text) in enumerate(notes.items(), 1):
            writer.writerow([record_id, f"P{i}", text])
    items = list(CsvSource(src).row_items())
    assert all(isinstance(item, CsvRow) for item in items)
    assert {item.fields[0]: item.fields[2] for item in items} == notes
    out = tmp_path / "out.csv"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), "--n-process", "1") == 0
    rows = csv_rows(out)
    assert [row[0] for row in rows] == list(notes)
    assert rows[0][2].endswith("\nBP 120/80, HR 72\nPlan, rest, fluids") and "John Smith" not in rows[0][2]
    assert read_jsonl(Path(f"{out}.errors.jsonl")) == []


# -- an unterminated quote: bounded memory, resynchronised reading --------------------------


def write_rows(path: Path, n: int, quote_row: int, filler: int = 800) -> None:
    """`n` rows r1..rN (one line each, about `filler` + 60 characters); row
    `quote_row` opens a quote that is never closed (0: none)."""
    with open(path, "w", encoding="utf8") as f:
        f.write("id,patient_id,text\n")
        for i in range(1, n + 1):
            quote = '"' if i == quote_row else ""
            f.write(f"r{i},P{i % 97},{quote}John Smith seen for follow up {i}. {'x' * filler}\n")


def read_counted(path: Path, max_chars: int):
    """(reason counts, ids in order, traced peak bytes) of reading every record."""
    reasons: Counter = Counter()
    ids: List[str] = []
    tracemalloc.start()
    try:
        for record in CsvSource(path, max_chars=max_chars).records():
            reasons[record.error.reason if record.error else "ok"] += 1
            ids.append(record.id)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return reasons, ids, peak


def test_unterminated_quote_does_not_make_the_reader_hold_the_rest_of_the_file(tmp_path):
    # 17 MB after the quote. Before: the rest of the file was held as one field
    # (about 4 bytes a character, plus its lines): a peak of several times the file.
    src = tmp_path / "in.csv"
    n = 20_000
    write_rows(src, n, quote_row=2)
    assert src.stat().st_size > 16 * 2**20
    reasons, ids, peak = read_counted(src, max_chars=1000)
    assert peak < 16 * 2**20  # bounded by the row bound (--max-chars + 1 MiB), not by the file
    assert sum(reasons.values()) == len(ids) == n  # every record in, one item out
    assert reasons[REASON_TOO_LONG] == 1 and ids[1] == "r2"  # the row that opened the quote
    # Reading resumed at the first line that starts like a row after the bound:
    # the rows after it are read as they are, ids in order.
    assert reasons["ok"] > n * 0.9 and ids[-1] == f"r{n}"
    assert ids == [f"r{i}" for i in range(1, n + 1)]  # every region line looked exactly like a row


def test_unterminated_quote_through_the_cli_fails_a_bounded_region(tmp_path, model_dir, capsys):
    src = tmp_path / "in.csv"
    n = 2_500
    write_rows(src, n, quote_row=2, filler=600)  # 1.6 MB after the quote; the bound is 1 MiB + 1000
    out = tmp_path / "out.csv"
    assert run_cli(str(src), "-o", str(out), "--model", str(model_dir), "--max-chars", "1000",
                   "--n-process", "1") == 1
    written = [row[0] for row in csv_rows(out)]
    errors = read_jsonl(Path(f"{out}.errors.jsonl"))
    error_ids = [e["id"] for e in errors]
    assert sorted(written + error_ids) == sorted(f"r{i}" for i in range(1, n + 1))  # each once
    assert errors[0]["id"] == "r2" and errors[0]["reason"] == REASON_TOO_LONG
    assert "unclosed quote" in errors[0]["message"] and "line 3" in errors[0]["message"]
    assert all(e["reason"] == REASON_BAD_RECORD for e in errors[1:])
    assert 1500 < len(errors) < 2000 and written[-1] == f"r{n}"
    assert "John Smith" not in out.read_text(encoding="utf8")
    assert "John" not in Path(f"{out}.errors.jsonl").read_text(encoding="utf8") + capsys.readouterr().err


def test_unterminated_quote_in_a_text_only_csv_fails_the_rest_with_bounded_memory(tmp_path):
    # No other column to compare: no line can be told to start a row, so every
    # later line is an error, read one at a time.
    src = tmp_path / "in.csv"
    n = 3_000
    with open(src, "w", encoding="utf8") as f:
        f.write("text\n")
        for i in range(1, n + 1):
            f.write(('"' if i == 2 else "") + f"note {i} {'y' * 2000}\n")
    reasons, ids, peak = read_counted(src, max_chars=1000)
    assert len(ids) == n and reasons["ok"] == 1 and reasons[REASON_TOO_LONG] == 1
    assert reasons[REASON_BAD_RECORD] == n - 2 and ids[2:4] == ["line-4", "line-5"]
    assert peak < 16 * 2**20


def test_a_single_line_longer_than_the_bound_fails_alone(tmp_path):
    # No quote problem: one over-long physical line, read in bounded pieces;
    # the next line is a row again.
    src = tmp_path / "in.csv"
    with open(src, "w", encoding="utf8", newline="") as f:
        f.write("id,patient_id,text\r\nr1,P1,short.\r\n")
        f.write("r2,P2," + "z" * (8 * 2**20) + "\r\n")
        f.write("r3,P3,short again.\r\n")
    reasons, ids, peak = read_counted(src, max_chars=1000)
    assert ids == ["r1", "r2", "r3"] and reasons == Counter({"ok": 2, REASON_TOO_LONG: 1})
    assert peak < 8 * 2**20  # less than the line itself
