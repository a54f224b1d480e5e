"""Tests of the PhysioNet evaluation: the shipped development half of the deid corpus
(assets/physionet_dev), the "physionet" scoring convention, the overlap breakdown and
`spacy-phi evaluate --convention physionet` / `spacy project run evaluate-physionet`.

The hand-made cases use invented text; the corpus tests read the shipped half (real
notes with surrogate PHI) and assert counts and offsets only, printing no note text.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import List

import pytest

from spacy_phi.cli import main
from spacy_phi.converters import ConversionReport, Record, read_physionet
from spacy_phi.evaluation import EvalDocument, PhiSpan, apply_convention, overlap_breakdown, score
from spacy_phi.evaluation.conventions import PHYSIONET, is_weekday_name
from spacy_phi.evaluation.documents import source_from_record

ROOT = Path(__file__).resolve().parent.parent
HALF = ROOT / "assets" / "physionet_dev"
TEXT_FILE, PHRASE_FILE = HALF / "id.text", HALF / "id-phi.phrase"


@pytest.fixture(scope="module")
def records() -> List[Record]:
    return read_physionet(TEXT_FILE, PHRASE_FILE)


# --- the shipped half -----------------------------------------------------------


def test_the_half_ships_with_its_licence_and_readme():
    assert "GNU GENERAL PUBLIC LICENSE" in (HALF / "COPYING").read_text(encoding="utf-8")
    assert "Version 2, June 1991" in (HALF / "COPYING").read_text(encoding="utf-8")
    readme = (HALF / "README.md").read_text(encoding="utf-8")
    assert "Evaluation and error analysis only" in readme and "GPL" in readme


def test_converter_reads_every_note_and_phrase_of_the_half(records):
    report = ConversionReport()
    records = read_physionet(TEXT_FILE, PHRASE_FILE, report=report)
    assert len(records) == 1221
    assert len({r.meta["patient_id"] for r in records}) == 75
    assert sum(len(r.spans) for r in records) == 917
    assert not report.skipped and not report.unusable
    types = Counter(span.label for r in records for span in r.spans)
    assert types == {"HCPName": 324, "Date": 241, "Location": 197, "RelativeProxyName": 66, "PTName": 29,
                     "DateYear": 27, "Phone": 27, "Age": 4, "Other": 2}


def test_every_phrase_is_aligned_with_the_text(records):
    for record in records:
        for span in record.spans:
            assert 0 <= span.start < span.end <= len(record.text), record.id
            assert record.text[span.start:span.end] == span.source_text, (record.id, span.start, span.end)


def test_every_phrase_maps_to_one_of_our_labels(records):
    documents = [source_from_record(r, "physionet") for r in records]
    labels = Counter(span.label for doc in documents for span in doc.spans)
    assert sum(labels.values()) == 917
    assert labels == {"DOCTOR": 324, "DATE": 268, "LOCATION_OTHER": 197, "PATIENT": 95, "PHONE": 27,
                      "AGE": 4, "IDNUM": 2}


# --- the convention ---------------------------------------------------------------


def _doc(text: str, pred, gold=()) -> EvalDocument:
    return EvalDocument("c", text, list(gold), list(pred))


def _kept(text: str, *pred) -> List[PhiSpan]:
    (doc,), _ = apply_convention([_doc(text, pred)], "physionet")
    return doc.pred


def test_ages_of_89_or_under_are_dropped_over_89_kept():
    text = "45 YO M, mother 90, aunt 89 yrs, age ??"
    assert text[0:2] == "45" and text[16:18] == "90" and text[25:31] == "89 yrs" and text[37:39] == "??"
    assert _kept(text, (0, 2, "AGE")) == []
    assert _kept(text, (16, 18, "AGE")) == [PhiSpan(16, 18, "AGE")]
    assert _kept(text, (25, 31, "AGE")) == []  # "all ages over 89": 89 itself is no PHI
    # An age that cannot be read is kept (recall first); another label's "45" too.
    assert _kept(text, (37, 39, "AGE")) == [PhiSpan(37, 39, "AGE")]
    assert _kept(text, (0, 2, "IDNUM")) == [PhiSpan(0, 2, "IDNUM")]


def test_professions_are_dropped():
    text = "SEEN BY SOCIAL WORKER TODAY"
    assert _kept(text, (8, 21, "PROFESSION")) == []
    assert _kept(text, (8, 21, "DOCTOR")) == [PhiSpan(8, 21, "DOCTOR")]


def test_weekday_names_alone_are_set_aside_whatever_their_label():
    text = "Monday: CXR. MONDAY 7/22 TUES. (fri) O2 SAT 98 Mondayx"
    assert _kept(text, (0, 6, "DATE")) == []
    assert _kept(text, (0, 7, "DOCTOR")) == []  # "Monday:" with its colon
    assert _kept(text, (25, 30, "DATE")) == [] and _kept(text, (31, 36, "DATE")) == []
    # A weekday with a date, "SAT" (saturation) and a longer word are scored.
    assert _kept(text, (13, 24, "DATE")) == [PhiSpan(13, 24, "DATE")]
    assert _kept(text, (40, 43, "DATE")) == [PhiSpan(40, 43, "DATE")]
    assert _kept(text, (47, 54, "PATIENT")) == [PhiSpan(47, 54, "PATIENT")]
    assert is_weekday_name("Thursdays") and is_weekday_name(" WED ") and not is_weekday_name("SUN")


def test_places_that_are_only_a_state_are_set_aside():
    text = "SISTER (FROM CALIF) CALLED; retire to florida; from Conneticut; MD aware; VIRGINIA paged"
    for value in ("CALIF", "florida", "Conneticut"):
        start = text.index(value)
        assert _kept(text, (start, start + len(value), "CITY")) == []
    assert _kept(text, (text.index("florida"), text.index("florida") + 7, "STATE")) == []
    # A two-letter code is scored, and so is a person's span of a state's name.
    md, virginia = text.index("MD"), text.index("VIRGINIA")
    assert _kept(text, (md, md + 2, "STATE")) == [PhiSpan(md, md + 2, "STATE")]
    assert _kept(text, (virginia, virginia + 8, "DOCTOR")) == [PhiSpan(virginia, virginia + 8, "DOCTOR")]


def test_set_aside_counts_by_reason_and_label_and_gold_is_untouched():
    text = "45 YO RN, Monday"
    doc = _doc(text, [(0, 2, "AGE"), (6, 8, "PROFESSION"), (10, 16, "DATE")], gold=[(0, 2, "AGE")])
    (kept,), aside = apply_convention([doc], PHYSIONET)
    assert kept.pred == [] and kept.gold == [PhiSpan(0, 2, "AGE")]
    assert doc.pred == [PhiSpan(0, 2, "AGE"), PhiSpan(6, 8, "PROFESSION"), PhiSpan(10, 16, "DATE")]
    assert aside.total == 3
    assert aside.to_dict()["by_reason"] == {
        "age_89_or_under": {"spans": 1, "by_label": {"AGE": 1}},
        "profession": {"spans": 1, "by_label": {"PROFESSION": 1}},
        "weekday": {"spans": 1, "by_label": {"DATE": 1}},
    }


def test_places_are_scored_by_their_distinctive_part():
    text = "TO WESTBROOK HOSPITAL. Pellham Medical Center. transfer to Ashgrove 2. TLH MICU. the Lindell Clinic. HOSPITAL"
    def at(value: str, label: str = "HOSPITAL") -> tuple:
        start = text.index(value)
        return (start, start + len(value), label)
    def span(value: str, label: str = "HOSPITAL") -> PhiSpan:
        return PhiSpan(*at(value, label))
    assert _kept(text, at("WESTBROOK HOSPITAL")) == [span("WESTBROOK")]
    assert _kept(text, at("Pellham Medical Center")) == [span("Pellham")]
    assert _kept(text, at("Ashgrove 2", "DEPARTMENT")) == [span("Ashgrove", "DEPARTMENT")]
    assert _kept(text, at("TLH MICU")) == [span("TLH")]
    # an article goes, a word the corpus keeps stays ("Clinic" may be the name's)
    assert _kept(text, at("the Lindell Clinic", "ORGANIZATION")) == [span("Lindell Clinic", "ORGANIZATION")]
    # a span of generic words only, and names of people, are scored whole
    assert _kept(text, (len(text) - 8, len(text), "HOSPITAL")) == [PhiSpan(len(text) - 8, len(text), "HOSPITAL")]
    assert _kept(text, at("Pellham Medical Center", "PATIENT")) == [span("Pellham Medical Center", "PATIENT")]
    doc = _doc(text, [at("WESTBROOK HOSPITAL"), at("TLH MICU")], gold=[at("WESTBROOK", "HOSPITAL")])
    (kept,), aside = apply_convention([doc], PHYSIONET)
    assert aside.total == 0 and aside.to_dict()["trimmed"] == {"HOSPITAL": 2}
    assert kept.pred == [span("WESTBROOK"), span("TLH")] and doc.pred[0] == PhiSpan(*at("WESTBROOK HOSPITAL"))


def test_unknown_convention_is_an_error():
    with pytest.raises(ValueError, match="Unknown scoring convention"):
        apply_convention([], "i2b2")


# --- the overlap measure ------------------------------------------------------------

OVERLAP_TEXT = "PT SEEN BY DR SMITH AT CALVERT HOSPITAL ON 7/22 WITH JONES. LASIX GIVEN."


def _span(word: str, label: str) -> PhiSpan:
    start = OVERLAP_TEXT.index(word)
    return PhiSpan(start, start + len(word), label)


def test_overlap_found_missed_category_blind_and_false_alarm():
    gold = [_span("SMITH", "DOCTOR"), _span("CALVERT", "LOCATION_OTHER"), _span("7/22", "DATE"),
            _span("JONES", "PATIENT")]
    pred = [
        _span("DR SMITH", "DOCTOR"),  # overlaps: found
        _span("CALVERT HOSPITAL", "HOSPITAL"),  # another label: found all the same
        _span("LASIX", "PATIENT"),  # overlaps nothing: a false alarm
    ]  # 7/22 and JONES: missed
    result = overlap_breakdown([EvalDocument("o", OVERLAP_TEXT, gold, pred)], include_text=True)
    o = result.overall
    assert (o.gold_found, o.gold_total, o.pred_matching, o.pred_total) == (2, 4, 2, 3)
    assert o.recall == 0.5 and o.ppv == pytest.approx(2 / 3)
    assert {k: (s.gold_found, s.gold_total) for k, s in result.by_gold_type.items()} == {
        "DATE": (0, 1), "DOCTOR": (1, 1), "LOCATION_OTHER": (1, 1), "PATIENT": (0, 1)}
    assert {k: (s.pred_matching, s.pred_total) for k, s in result.by_pred_label.items()} == {
        "PATIENT": (0, 1), "DOCTOR": (1, 1), "HOSPITAL": (1, 1)}
    assert result.false_alarms == {"PATIENT": 1}
    assert [e.to_dict() for e in result.false_alarm_texts] == [{"text": "LASIX", "count": 1, "labels": {"PATIENT": 1}}]


def test_one_prediction_over_two_gold_phrases_finds_both_and_counts_once():
    gold = [_span("CALVERT", "LOCATION_OTHER"), _span("7/22", "DATE")]
    start, end = OVERLAP_TEXT.index("CALVERT"), OVERLAP_TEXT.index("7/22") + 2
    pred = [PhiSpan(start, end, "HOSPITAL")]
    o = overlap_breakdown([EvalDocument("o", OVERLAP_TEXT, gold, pred)]).overall
    assert (o.gold_found, o.gold_total, o.pred_matching, o.pred_total) == (2, 2, 1, 1)


def test_touching_spans_do_not_overlap_and_gold_types_come_from_the_source():
    smith = _span("SMITH", "DOCTOR")
    pred = [PhiSpan(smith.end, smith.end + 3, "HOSPITAL")]  # " AT": touches SMITH's end only
    doc = EvalDocument("o", OVERLAP_TEXT, [smith], pred)
    result = overlap_breakdown([doc], gold_types={"o": {(smith.start, smith.end): "HCPName"}})
    assert result.overall.gold_found == 0 and result.overall.pred_matching == 0
    assert list(result.by_gold_type) == ["HCPName"]
    # Without include_text, no text is kept.
    assert result.false_alarm_texts is None and "false_alarms_by_text" not in result.to_dict()


def test_score_applies_the_convention_before_every_measure():
    text = "58 YO F. DR SMITH. MONDAY. RN AT BEDSIDE."
    gold = [(12, 17, "DOCTOR")]
    pred = [(0, 2, "AGE"), (9, 17, "DOCTOR"), (19, 25, "DATE"), (27, 29, "PROFESSION")]
    plain = score([EvalDocument("s", text, gold, pred)])
    assert plain.convention is None and plain.overlap.pred_total == 4
    assert plain.overall["binary_token"].micro.fp == 4
    result = score([EvalDocument("s", text, gold, pred)], convention="physionet", include_text=True)
    assert result.overlap.pred_total == 1 and result.overlap.ppv == 1.0 and result.overlap.recall == 1.0
    binary = result.overall["binary_token"].micro
    assert (binary.tp, binary.fp, binary.fn) == (1, 1, 0)  # "DR" is still a false token
    data = result.to_dict()["convention"]
    assert data["name"] == "physionet" and data["set_aside"]["total"] == 3
    assert data["overlap_without_convention"]["pred_total"] == 4
    assert data["overlap_without_convention"]["ppv"] == 0.25
    assert data["overlap"]["false_alarms_by_text"] == []
    assert json.loads(json.dumps(result.to_dict()))["convention"]["overlap"]["overall"]["ppv"] == 1.0


# --- the command ----------------------------------------------------------------------


def _first_notes(tmp_path: Path, count: int) -> Path:
    """The first notes of the half, and their phrases, as a small corpus in tmp_path."""
    raw = TEXT_FILE.read_text(encoding="utf-8")
    marker = "||||END_OF_RECORD\n"
    notes = raw.split(marker)[:count]
    (tmp_path / "id.text").write_text("".join(note + marker for note in notes), encoding="utf-8")
    keys = {tuple(note.split("START_OF_RECORD=", 1)[1].split("||||")[:2]) for note in notes}
    lines = [line for line in PHRASE_FILE.read_text(encoding="utf-8").splitlines(keepends=True)
             if tuple(line.split()[:2]) in keys]
    (tmp_path / "id-phi.phrase").write_text("".join(lines), encoding="utf-8")
    return tmp_path


def _numbers(cells: List[str]) -> bool:
    return all(cell == "-" or cell.replace(".", "", 1).isdigit() for cell in cells)


def test_evaluate_cli_with_the_convention_and_the_rules_pipeline(tmp_path, capsys):
    corpus = _first_notes(tmp_path, 12)
    gold = read_physionet(corpus / "id.text", corpus / "id-phi.phrase")
    assert len(gold) == 12 and sum(len(r.spans) for r in gold) > 0
    output = tmp_path / "physionet.json"
    code = main(["evaluate", str(corpus / "id.text"), "--gold-format", "physionet", "--phrases",
                 str(corpus / "id-phi.phrase"), "--scheme", "physionet", "--model", "rules",
                 "--convention", "physionet", "--include-text", "--output", str(output)])
    console = capsys.readouterr().out
    assert code == 0
    data = json.loads(output.read_text(encoding="utf-8"))
    assert data["documents"]["scored"] == 12
    convention = data["convention"]
    assert convention["name"] == "physionet"
    overlap = convention["overlap"]
    assert overlap["overall"]["gold_total"] == sum(len(r.spans) for r in gold)
    assert set(overlap["recall_by_gold_type"]) <= {"HCPName", "Date", "Location", "RelativeProxyName", "PTName",
                                                  "DateYear", "Phone", "Age", "Other"}
    false_alarms = overlap["overall"]["pred_total"] - overlap["overall"]["pred_matching"]
    assert sum(entry["count"] for entry in overlap["false_alarms_by_text"]) == false_alarms
    assert sum(overlap["false_alarms_by_label"].values()) == false_alarms
    assert "binary_token" in data["overall"] and data["per_label"]["token"]
    # The console has the tables but no note text: no gold phrase, no false alarm.
    assert "Overlap recall per gold type" in console and "in the JSON output only" in console
    for record in gold:
        for span in record.spans:
            assert f" {span.source_text} " not in console
    # The convention's section: fixed sentences and rows of a type or label and numbers.
    names = set(overlap["recall_by_gold_type"]) | set(overlap["ppv_by_pred_label"])
    section = console.split("Convention physionet", 1)[1].split("\nErrors:", 1)[0]
    rules = tuple(f"  - {rule}" for rule in PHYSIONET.description)
    fixed = rules + ("Predictions set aside", "Predictions trimmed", "Overlap ", "False alarms by text:")
    for row in filter(None, section.splitlines()[1:]):
        assert row.startswith(fixed) or (row.split()[0] in names and _numbers(row.split()[1:])), row


def test_evaluate_physionet_command_is_wired_and_nothing_else_reads_the_half():
    from weasel.util import load_project_config

    project = load_project_config(ROOT)
    commands = {command["name"]: command for command in project["commands"]}
    command = commands["evaluate-physionet"]
    (line,) = command["script"]
    assert line.startswith("spacy-phi evaluate assets/physionet_dev/id.text --gold-format physionet")
    assert "--model training/phi_deid" in line and "--convention physionet" in line
    assert "--output metrics/physionet_dev.json" in line and command["outputs"] == ["metrics/physionet_dev.json"]
    workflow = project["workflows"]["all"]
    assert workflow.index("evaluate-physionet") == workflow.index("evaluate") + 1
    assert any(asset["dest"] == "assets/physionet_dev" for asset in project["assets"])
    # Evaluation only: no other command (mix, pretrain, train, convert-*) names the half.
    for name, other in commands.items():
        if name != "evaluate-physionet":
            text = json.dumps(other)
            assert "physionet_dev" not in text, name
