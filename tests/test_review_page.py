"""The correcting review page: its embedded data, ordering, resume and the
`spacy-phi review` command (the page's script is driven in a browser by
test_review_browser.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import spacy_phi
from spacy_phi.cli import main
from spacy_phi.converters import read_jsonl, records_to_docs
from spacy_phi.converters.records import Record, SourceSpan
from spacy_phi.review import ReviewNote, ReviewSpan, notes_from_docs, order_least_certain, page_data, render_page
from spacy_phi.review.data import resume_from
from spacy_phi.review.page import CONTENT_SECURITY_POLICY, embedded_json
from spacy_phi.spangroups import install_extensions

HOSTILE = "Seen by Dr. Ann Lee </script><script>alert(1)</script> & <b>x</b> \U0001f600 on 3/4/2021."


def _embedded(page: str) -> dict:
    match = re.search(r'<script id="phi-review-data" type="application/json">(.*?)</script>', page, re.S)
    assert match, "no data element"
    return json.loads(match.group(1))


def test_embedded_json_cannot_close_the_script_element() -> None:
    note = ReviewNote("n1", HOSTILE, [ReviewSpan(12, 19, "DOCTOR", "ner", 0.4)])
    page = render_page(page_data([note]))
    data_element = page.split('type="application/json">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data_element and ">" not in data_element and "&" not in data_element
    assert _embedded(page)["notes"][0]["text"] == HOSTILE  # same text after the browser's JSON.parse
    assert embedded_json({"t": "\u2028"}).isascii()


def test_page_is_self_contained_and_warns_of_phi() -> None:
    page = render_page(page_data([ReviewNote("n1", "text", [])]))
    assert "Contains PHI." in page
    assert CONTENT_SECURITY_POLICY in page and "connect-src 'none'" in CONTENT_SECURITY_POLICY
    assert not re.search(r"(src|href)=[\"']?(https?:)?//", page), "no external resource"
    assert "http://" not in page and "https://" not in page


def test_notes_from_docs_carry_detector_and_confidence() -> None:
    install_extensions()
    nlp = spacy_phi.blank_pipeline("en")
    text = "Dr. Ann Lee called 555-123-4567."
    doc = nlp.make_doc(text)
    doc._.phi_provenance = [
        {"start": 4, "end": 11, "label": "DOCTOR", "detector": "ner", "sources": ["phi_ner"], "rule_id": None,
         "score": 0.37},
        {"start": 19, "end": 31, "label": "PHONE", "detector": "rules", "sources": ["phi_rules"], "rule_id": "x",
         "score": None},
    ]
    notes = notes_from_docs([Record("a", text)], [doc])
    assert [(s.start, s.end, s.label, s.detector, s.score) for s in notes[0].spans] == [
        (4, 11, "DOCTOR", "ner", 0.37), (19, 31, "PHONE", "rules", None)]
    assert notes[0].least_certainty == pytest.approx(0.37)


def test_least_certain_notes_first_and_done_notes_last() -> None:
    sure = ReviewNote("sure", "a", [ReviewSpan(0, 1, "AGE", "rules", None)])
    doubtful = ReviewNote("doubtful", "b", [ReviewSpan(0, 1, "CITY", "ner", 0.2), ReviewSpan(0, 1, "CITY", "ner", 0.9)])
    middling = ReviewNote("middling", "c", [ReviewSpan(0, 1, "CITY", "ner", 0.6)])
    done = ReviewNote("done", "d", [ReviewSpan(0, 1, "CITY", "ner", 0.1)], done=True)
    empty = ReviewNote("empty", "e", [])
    ordered = [n.id for n in order_least_certain([sure, done, middling, empty, doubtful])]
    assert ordered == ["doubtful", "middling", "sure", "empty", "done"]


def test_resume_takes_corrected_notes_with_the_same_text_only() -> None:
    notes = [ReviewNote("a", "Ann came.", [ReviewSpan(0, 3, "DOCTOR")]), ReviewNote("b", "Bo came.", [])]
    corrected = [Record("a", "Ann came.", spans=[SourceSpan(0, 3, "PATIENT")]), Record("b", "Other text.")]
    assert resume_from(notes, corrected) == 1
    assert notes[0].done and [(s.label, s.state) for s in notes[0].spans] == [("PATIENT", "accepted")]
    assert not notes[1].done


def test_unknown_span_state_is_refused() -> None:
    with pytest.raises(ValueError):
        page_data([ReviewNote("a", "x", [ReviewSpan(0, 1, "AGE", state="maybe")])])


def test_review_command_writes_the_page_with_the_pipelines_spans(tmp_path: Path, capsys) -> None:
    model = tmp_path / "rules"
    spacy_phi.rules_pipeline("en").to_disk(model)
    notes = tmp_path / "notes.jsonl"
    lines = [{"id": "n1", "text": "Call 555-123-4567 on 03/04/2021."}, {"id": "n2", "text": "No PHI here."}]
    notes.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    corrections = tmp_path / "corrections.jsonl"
    corrections.write_text(json.dumps({"id": "n2", "text": "No PHI here.", "spans": []}) + "\n", encoding="utf-8")
    page = tmp_path / "out" / "review.html"
    code = main(["review", str(notes), "--model", str(model), "-o", str(page), "--corrections", str(corrections)])
    assert code == 0
    out = capsys.readouterr().out
    assert "555" not in out and "PHI here" not in out  # counts and paths only
    data = _embedded(page.read_text(encoding="utf-8"))
    assert [n["id"] for n in data["notes"]] == ["n1", "n2"]  # the done note last
    first = data["notes"][0]
    found = {(first["text"][s["start"]:s["end"]], s["label"], s["detector"]) for s in first["spans"]}
    assert ("555-123-4567", "PHONE", "rules") in found
    assert data["notes"][1]["done"] is True
    assert data["download_name"] == "corrections.jsonl" and "PATIENT" in data["labels"]


def test_saved_format_is_read_by_the_jsonl_converter(tmp_path: Path) -> None:
    # The line the page writes for a note (see review.js `jsonl`), read back with every span aligned.
    text = "Pt \U0001f600 Ann Lee seen at Mercy."
    chars = list(text)
    line = {"id": "n1", "text": text, "meta": {"review": {"done": True}},
            "spans": [{"start": 5, "end": 12, "label": "PATIENT", "text": "".join(chars[5:12])},
                      {"start": 21, "end": 26, "label": "HOSPITAL", "text": "".join(chars[21:26])}]}
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    records = read_jsonl(path)
    docs, report = records_to_docs(records)
    assert report.total_unusable == 0
    assert [(e.text, e.label_) for e in docs[0].ents] == [("Ann Lee", "PATIENT"), ("Mercy", "HOSPITAL")]
