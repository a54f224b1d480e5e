"""Tests of spacy_phi.evaluation: every metric on small hand-computed cases.
All text is invented."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from spacy_phi.evaluation import (
    Counts, EvalDocument, LeakDocument, PhiSpan, Replacement, analyse_errors, approximate_randomization,
    classify_pair, evaluate_docs, evaluate_records, leak_report, overlap_scores, render_html, score,
)
from spacy_phi.evaluation.leaks import gold_region, map_is_consistent, map_position
from spacy_phi.evaluation.metrics import METRICS, breakdown, macro, relaxed_counts, score_metric

TEXT = "Pt John Smith, seen 01/02/2020 by Dr Ann Lee."


def _main_doc() -> EvalDocument:
    assert TEXT[3:13] == "John Smith" and TEXT[20:30] == "01/02/2020" and TEXT[37:44] == "Ann Lee"
    gold = [(3, 13, "PATIENT"), (20, 30, "DATE"), (37, 44, "DOCTOR")]
    # "John Smith," (comma included, end +1), exact DATE, DOCTOR typed as PATIENT.
    pred = [(3, 14, "PATIENT"), (20, 30, "DATE"), (37, 44, "PATIENT")]
    return EvalDocument("d1", TEXT, gold, pred)


def _c(counts: Counts):
    return counts.tp, counts.fp, counts.fn


# --- entity and token metrics ----------------------------------------------------


def test_strict_relaxed_token_counts():
    doc = _main_doc()
    assert _c(METRICS["strict"](doc)) == (1, 2, 2)
    assert _c(METRICS["relaxed"](doc)) == (2, 1, 1)
    # alnum tokens: John, Smith (comma never counts), 01, 02, 2020, Ann, Lee.
    assert _c(METRICS["token"](doc)) == (5, 2, 2)
    # whitespace tokens: "Smith," and "Lee." are whole tokens.
    assert _c(METRICS["token_whitespace"](doc)) == (3, 2, 2)
    assert _c(METRICS["binary_token"](doc)) == (7, 0, 0)
    # HIPAA: gold DOCTOR dropped (gold label), predicted PATIENT on "Ann Lee" kept (pred label).
    assert _c(METRICS["binary_token_hipaa"](doc)) == (5, 2, 0)
    assert _c(METRICS["binary_token_safe_harbor"](doc)) == (7, 0, 0)


def test_precision_recall_f1_values():
    counts = METRICS["strict"](_main_doc())
    assert counts.precision == pytest.approx(1 / 3)
    assert counts.recall == pytest.approx(1 / 3)
    assert counts.f1 == pytest.approx(1 / 3)
    assert Counts().precision is None and Counts().f1 is None


def test_punctuation_at_edges_token_vs_strict():
    text = "Smith, here"
    doc = EvalDocument("p", text, [(0, 5, "PATIENT")], [(0, 6, "PATIENT")])
    assert _c(METRICS["strict"](doc)) == (0, 1, 1)
    assert _c(METRICS["token"](doc)) == (1, 0, 0)
    assert _c(METRICS["token_whitespace"](doc)) == (1, 0, 0)


def test_relaxed_end_two_vs_three():
    text = "x" * 20
    assert _c(relaxed_counts(EvalDocument("r", text, [(0, 10, "DATE")], [(0, 12, "DATE")]))) == (1, 0, 0)
    assert _c(relaxed_counts(EvalDocument("r", text, [(0, 10, "DATE")], [(0, 8, "DATE")]))) == (1, 0, 0)
    assert _c(relaxed_counts(EvalDocument("r", text, [(0, 10, "DATE")], [(0, 13, "DATE")]))) == (0, 1, 1)
    # start must be equal; label must be equal
    assert _c(relaxed_counts(EvalDocument("r", text, [(0, 10, "DATE")], [(1, 10, "DATE")]))) == (0, 1, 1)
    assert _c(relaxed_counts(EvalDocument("r", text, [(0, 10, "DATE")], [(0, 10, "AGE")]))) == (0, 1, 1)
    # one-to-one: two predictions cannot both match one gold span
    doc = EvalDocument("r", text, [(0, 10, "DATE")], [(0, 10, "DATE"), (0, 11, "DATE")])
    assert _c(relaxed_counts(doc)) == (1, 1, 0)


def test_adjacent_and_multi_token_spans():
    text = "Boston-MA clinic"
    doc = EvalDocument("a", text, [(0, 6, "CITY"), (7, 9, "STATE")], [(0, 9, "CITY")])
    assert _c(METRICS["strict"](doc)) == (0, 1, 2)
    assert _c(METRICS["token"](doc)) == (1, 1, 1)  # (CITY Boston) right, (CITY MA) vs (STATE MA)
    assert _c(METRICS["binary_token"](doc)) == (2, 0, 0)
    # one whitespace token "Boston-MA" overlapping both gold spans: one unit per label
    assert _c(METRICS["token_whitespace"](doc)) == (1, 0, 1)


def test_tokenizer_token_variant():
    text = "Dr Ann Lee."
    tokens = [(0, 2), (3, 6), (7, 10), (10, 11)]
    doc = EvalDocument("t", text, [(3, 10, "DOCTOR")], [(3, 11, "DOCTOR")], tokens=tokens)
    assert _c(METRICS["token_tokenizer"](doc)) == (2, 1, 0)  # "." is a token of ours
    with pytest.raises(ValueError):
        METRICS["token_tokenizer"](EvalDocument("t", text, [(3, 10, "DOCTOR")], []))


def test_micro_vs_macro_and_empty_documents():
    docs = [
        EvalDocument("perfect", "Ann", [(0, 3, "PATIENT")], [(0, 3, "PATIENT")]),
        EvalDocument("missed", "Ann", [(0, 3, "PATIENT")], []),
        EvalDocument("empty", "", [], []),
        EvalDocument("no-phi", "no PHI here", [], []),
        EvalDocument("spurious", "Ann", [], [(0, 3, "PATIENT")]),
    ]
    scores = score_metric(docs, METRICS["strict"])
    assert _c(scores.micro) == (1, 1, 1)
    assert scores.micro.f1 == pytest.approx(0.5)
    m = scores.macro
    # perfect (1,1,1), missed (P=1 vacuous, R=0, F=0), spurious (P=0, R=1 vacuous, F=0); 2 excluded
    assert (m.documents, m.excluded) == (3, 2)
    assert m.precision == pytest.approx(2 / 3)
    assert m.recall == pytest.approx(2 / 3)
    assert m.f1 == pytest.approx(1 / 3)
    assert m.f1_sd == pytest.approx((1 / 3) ** 0.5)
    empty = score_metric([EvalDocument("e", "", [], [])], METRICS["strict"])
    assert empty.micro.precision is None and empty.macro.f1 is None and empty.macro.excluded == 1
    assert macro([Counts(1, 0, 0)]).f1_sd == 0.0


def test_binary_hipaa_and_safe_harbor_ages():
    text = "Age 45, and 92. Dr Lee"
    gold = [(4, 6, "AGE"), (12, 14, "AGE"), (19, 22, "DOCTOR")]
    assert [text[s:e] for s, e, _ in gold] == ["45", "92", "Lee"]
    doc = EvalDocument("h", text, gold, [])
    assert _c(METRICS["binary_token"](doc)) == (0, 0, 3)
    assert _c(METRICS["binary_token_hipaa"](doc)) == (0, 0, 2)  # both ages, not DOCTOR
    assert _c(METRICS["binary_token_safe_harbor"](doc)) == (0, 0, 2)  # 92 and DOCTOR, not 45
    pred_doc = EvalDocument("h", text, [], [(4, 6, "AGE")])
    assert _c(METRICS["binary_token_safe_harbor"](pred_doc)) == (0, 0, 0)  # predicted 45 not SH either
    assert _c(METRICS["binary_token_hipaa"](pred_doc)) == (0, 1, 0)


def test_per_label_and_per_category():
    docs = [_main_doc()]
    cats = breakdown(docs, "category", "strict")
    assert list(cats) == ["NAME", "PROFESSION", "LOCATION", "AGE", "DATE", "CONTACT", "ID"]
    assert _c(cats["NAME"]) == (0, 2, 2) and _c(cats["DATE"]) == (1, 0, 0) and _c(cats["AGE"]) == (0, 0, 0)
    labels = breakdown(docs, "label", "strict")
    assert list(labels) == ["PATIENT", "DOCTOR", "DATE"]
    assert _c(labels["PATIENT"]) == (0, 2, 1) and _c(labels["DOCTOR"]) == (0, 0, 1)
    tok = breakdown(docs, "category", "token")
    assert _c(tok["NAME"]) == (2, 2, 2) and _c(tok["DATE"]) == (3, 0, 0)


# --- overlap ---------------------------------------------------------------------


def test_overlap_closed_intervals():
    text = "Paris,Texas"
    touching = EvalDocument("o", text, [(0, 5, "CITY")], [(5, 9, "CITY")])
    o = overlap_scores([touching])
    assert (o.gold_found, o.gold_total, o.pred_matching, o.pred_total) == (0, 1, 0, 1)
    sharing = EvalDocument("o", text, [(0, 5, "CITY")], [(4, 9, "STATE"), (10, 11, "ZIP")])
    o = overlap_scores([sharing, _main_doc()])
    assert (o.gold_found, o.gold_total, o.pred_matching, o.pred_total) == (4, 4, 4, 5)
    assert o.recall == 1.0 and o.ppv == pytest.approx(0.8)


# --- error analysis --------------------------------------------------------------


def test_classify_pair_kinds():
    g = PhiSpan(10, 20, "HOSPITAL")
    assert classify_pair(g, PhiSpan(10, 20, "HOSPITAL")) == "correct"
    assert classify_pair(g, PhiSpan(10, 20, "CITY")) == "type"
    assert classify_pair(g, PhiSpan(12, 18, "HOSPITAL")) == "short"
    assert classify_pair(g, PhiSpan(10, 18, "HOSPITAL")) == "short"
    assert classify_pair(g, PhiSpan(8, 22, "HOSPITAL")) == "long"
    assert classify_pair(g, PhiSpan(15, 25, "HOSPITAL")) == "short&long"
    assert classify_pair(g, PhiSpan(15, 25, "CITY")) == "type&extent"


def test_error_analysis_counts_confusion_and_examples():
    spurious_missing = EvalDocument("d2", "Ann went to Oslo", [(0, 3, "PATIENT")], [(12, 16, "CITY")])
    result = analyse_errors([_main_doc(), spurious_missing])
    counts = result.to_dict()["counts"]
    assert counts == {"correct": 1, "type": 1, "short": 0, "long": 1, "short&long": 0, "type&extent": 0,
                      "spurious": 1, "missing": 1}
    assert result.confusion["PATIENT"] == {"PATIENT": 1, "O": 1}
    assert result.confusion["DOCTOR"] == {"PATIENT": 1}
    assert result.confusion["O"] == {"CITY": 1}
    assert result.labels()[-1] == "O"
    example = result.examples["type"][0]
    assert example == {"record_id": "d1", "gold": {"start": 37, "end": 44, "label": "DOCTOR"},
                       "pred": {"start": 37, "end": 44, "label": "PATIENT"}}
    assert "Ann Lee" not in json.dumps(result.to_dict())
    with_text = analyse_errors([_main_doc()], include_text=True)
    assert with_text.examples["type"][0]["gold_text"] == "Ann Lee"


# --- significance ----------------------------------------------------------------


def test_approximate_randomization():
    a = [Counts(5, 1, 1) for _ in range(20)]
    same = approximate_randomization(a, list(a), shuffles=999, seed=1)
    assert same.p_values == {"precision": 1.0, "recall": 1.0, "f1": 1.0}
    b = [Counts(0, 5, 6) for _ in range(20)]
    diff = approximate_randomization(a, b, shuffles=999, seed=1)
    assert all(p < 0.01 for p in diff.p_values.values())
    assert diff.observed["f1"] > 0.5
    mixed = [Counts(5, 1, 1) if i % 3 else Counts(3, 2, 3) for i in range(20)]
    r1 = approximate_randomization(a, mixed, shuffles=499, seed=7)
    r2 = approximate_randomization(a, mixed, shuffles=499, seed=7)
    assert r1.p_values == r2.p_values and 0 < r1.p_values["f1"] <= 1
    with pytest.raises(ValueError):
        approximate_randomization(a, a[:3])


# --- leaks -----------------------------------------------------------------------


def _leak_doc() -> LeakDocument:
    original = "Pt John Smith went to Boston. Smith called Jones. K"
    deid = "Pt Paul Jones went to Boston. [PATIENT] called Lee. K"
    john, boston = original.index("John Smith"), original.index("Boston")
    smith2, jones = original.index("Smith called"), original.index("Jones")
    gold = [(john, john + 10, "PATIENT"), (boston, boston + 6, "CITY"), (smith2, smith2 + 5, "PATIENT"),
            (jones, jones + 5, "PATIENT"), (len(original) - 1, len(original), "IDNUM")]
    offset_map = [
        {"start": john, "end": john + 10, "new_start": 3, "new_end": 13, "label": "PATIENT", "action": "surrogate"},
        {"start": smith2, "end": smith2 + 5, "new_start": 30, "new_end": 39, "label": "PATIENT", "action": "mask"},
        {"start": jones, "end": jones + 5, "new_start": 47, "new_end": 50, "label": "PATIENT", "action": "surrogate"},
    ]
    return LeakDocument("l1", original, deid, offset_map, gold)


def test_leak_offset_mapping():
    doc = _leak_doc()
    assert map_is_consistent(doc)
    assert doc.deid_text[30:39] == "[PATIENT]" and doc.deid_text[47:50] == "Lee"
    called = doc.original_text.index("called")
    assert map_position(called, doc.offset_map) == called + 4
    assert map_position(32, doc.offset_map, "start") == 30 and map_position(32, doc.offset_map, "end") == 39
    assert gold_region(PhiSpan(31, 33, "PATIENT"), doc.offset_map) == (30, 39)
    bad = LeakDocument("bad", "abc", "xbc", [], [])
    assert not map_is_consistent(bad)


def test_leak_report_in_place_and_anywhere():
    report = leak_report([_leak_doc()])
    data = report.to_dict()
    patient, city, idnum = (data["per_label"][k] for k in ("PATIENT", "CITY", "IDNUM"))
    # "Jones" was replaced in place but the surrogate "Paul Jones" repeats it elsewhere.
    assert (patient["gold"], patient["checked"], patient["leaked_in_place"], patient["leaked_anywhere"]) == (3, 3, 0, 1)
    assert (city["leaked_in_place"], city["leaked_anywhere"], city["rate_in_place"]) == (1, 1, 1.0)
    assert (idnum["gold"], idnum["checked"], idnum["skipped_short"], idnum["rate"]) == (1, 0, 1, None)
    overall = data["overall"]
    assert (overall["gold"], overall["checked"], overall["leaked_in_place"], overall["leaked_anywhere"],
            overall["leaked"]) == (5, 4, 1, 2, 2)
    assert overall["rate_anywhere"] == pytest.approx(0.5)
    assert "Boston" not in json.dumps(data)
    assert data["inconsistent_maps"] == []


def test_leak_case_insensitive_whole_word():
    doc = LeakDocument("c", "Seen by OSLO team", "Seen by oslo team", [], [(8, 12, "CITY")])
    assert leak_report([doc]).total()["leaked_anywhere"] == 1
    doc = LeakDocument("c", "Oslo", "X", [Replacement(0, 4, 0, 1, "CITY", "mask")], [(0, 4, "CITY")])
    inside_word = LeakDocument("w", "Oslo", "Osloville", [Replacement(0, 4, 0, 9)], [(0, 4, "CITY")])
    assert leak_report([doc]).total()["leaked"] == 0
    row = leak_report([inside_word]).total()
    assert (row["leaked_in_place"], row["leaked_anywhere"]) == (1, 0)


# --- adapters, files, reports, CLI ------------------------------------------------


def _write_jsonl(path: Path, rows) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


GOLD_ROWS = [
    {"id": "n1", "text": TEXT, "spans": [{"start": 3, "end": 13, "label": "PATIENT"},
                                         {"start": 20, "end": 30, "label": "DATE"},
                                         {"start": 37, "end": 44, "label": "DOCTOR"}]},
    {"id": "n2", "text": "Zebulon Quaxley visited.", "spans": [{"start": 0, "end": 15, "label": "PATIENT"}]},
]
PRED_ROWS = [
    {"id": "n1", "text": TEXT, "spans": [{"start": 3, "end": 14, "label": "PATIENT"},
                                         {"start": 20, "end": 30, "label": "DATE"},
                                         {"start": 37, "end": 44, "label": "PATIENT"}]},
    {"id": "extra", "text": "nothing", "spans": []},
]


def test_external_jsonl_and_brat_predictions(tmp_path):
    from spacy_phi.converters import read_brat, read_jsonl
    from spacy_phi.evaluation.loading import load_documents

    gold = read_jsonl(_write_jsonl(tmp_path / "gold.jsonl", GOLD_ROWS))
    pred = read_jsonl(_write_jsonl(tmp_path / "pred.jsonl", PRED_ROWS))
    result = evaluate_records(gold, pred)
    assert _c(result.overall["strict"].micro) == (1, 2, 3)  # n2's PATIENT missed
    assert result.matching.gold_without_predictions == ["n2"]
    assert result.matching.predictions_without_gold == ["extra"]
    brat = tmp_path / "brat"
    brat.mkdir()
    (brat / "n1.txt").write_text(TEXT, encoding="utf-8")
    (brat / "n1.ann").write_text("T1\tPATIENT 3 14\tJohn Smith,\nT2\tDATE 20 30\t01/02/2020\n"
                                 "T3\tPATIENT 37 44\tAnn Lee\nT4\tNOT_A_LABEL 0 2\tPt\n", encoding="utf-8")
    result = evaluate_records(gold, read_brat(brat))
    assert _c(result.overall["strict"].micro) == (1, 2, 3)
    assert result.matching.unmapped_spans == {"pred:NOT_A_LABEL": 1}
    loaded = load_documents(brat, "brat", side="pred")
    assert [d.id for d in loaded] == ["n1"] and len(loaded[0].spans) == 3


def test_evaluate_docs_with_spacy_docs():
    from spacy_phi.converters import Record, SourceSpan, records_to_docs

    gold_records = [Record("a", TEXT, [SourceSpan(3, 13, "PATIENT"), SourceSpan(20, 30, "DATE")])]
    pred_records = [Record("a", TEXT, [SourceSpan(20, 30, "DATE")])]
    gold_docs, _ = records_to_docs(gold_records)
    pred_docs, _ = records_to_docs(pred_records)
    result = evaluate_docs(gold_docs, pred_docs)
    assert _c(result.overall["strict"].micro) == (1, 0, 1)
    assert "token_tokenizer" in result.overall
    # the clinical tokenizer keeps "01/02/2020" as one token; John and Smith are missed
    assert _c(result.overall["token_tokenizer"].micro) == (1, 0, 2)


def test_html_escapes_and_hides_text_by_default():
    doc = EvalDocument("<id>", "Zebulon <b>Quaxley</b>", [(0, 7, "PATIENT")], [(8, 11, "PATIENT")])
    result = score([doc])
    page = render_html(result)
    assert "Zebulon" not in page and "<svg" in page and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert "&lt;id&gt;" not in page  # ids only appear in the viewer
    with_text = render_html(result, include_text=True)
    assert "Zebulon" in with_text and "&lt;b&gt;" in with_text and "<b>" not in with_text
    assert "&lt;id&gt;" in with_text


def _run_cli(argv):
    from spacy_phi.cli import evaluate as evaluate_cli

    parser = argparse.ArgumentParser()
    evaluate_cli.add_parser(parser.add_subparsers())
    args = parser.parse_args(["evaluate", *argv])
    return args.func(args)


def test_cli_end_to_end(tmp_path, capsys):
    gold = _write_jsonl(tmp_path / "gold.jsonl", GOLD_ROWS)
    pred = _write_jsonl(tmp_path / "pred.jsonl", PRED_ROWS)
    out, page = tmp_path / "m.json", tmp_path / "r.html"
    assert _run_cli([str(gold), "--predictions", str(pred), "--output", str(out), "--html", str(page)]) == 0
    printed = capsys.readouterr().out
    assert "Quaxley" not in printed and "John" not in printed
    data = json.loads(out.read_text())
    assert data["overall"]["strict"]["micro"]["fn"] == 3
    assert data["documents"]["gold_without_predictions_ids"] == ["n2"]
    assert data["documents"]["predictions_without_gold"] == 1
    assert "Quaxley" not in page.read_text() and "Quaxley" not in out.read_text()
    assert _run_cli([str(gold), "--predictions", str(pred), "--html", str(page), "--include-text",
                     "--compare", str(gold), "--shuffles", "99", "--output", str(out)]) == 0
    assert "Quaxley" in page.read_text()
    sig = json.loads(out.read_text())["significance"][str(gold)]
    assert sig["observed"]["f1"] < 0 and sig["shuffles"] == 99
    assert _run_cli([str(tmp_path / "missing.jsonl"), "--predictions", str(pred)]) == 1


def test_cli_spacy_gold_and_model(tmp_path):
    from spacy.tokens import DocBin

    from spacy_phi.converters import read_jsonl, records_to_docs
    from spacy_phi.util import blank_pipeline

    docs, _ = records_to_docs(read_jsonl(_write_jsonl(tmp_path / "g.jsonl", GOLD_ROWS)))
    DocBin(store_user_data=True, docs=docs).to_disk(tmp_path / "gold.spacy")
    nlp = blank_pipeline()
    ruler = nlp.add_pipe("entity_ruler")
    ruler.add_patterns([{"label": "PATIENT", "pattern": "Zebulon Quaxley"}])
    nlp.to_disk(tmp_path / "model")
    out = tmp_path / "m.json"
    assert _run_cli([str(tmp_path / "gold.spacy"), "--model", str(tmp_path / "model"), "--output", str(out)]) == 0
    strict = json.loads(out.read_text())["overall"]["strict"]["micro"]
    assert (strict["tp"], strict["fp"], strict["fn"]) == (1, 0, 3)
