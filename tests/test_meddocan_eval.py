"""`spacy-phi evaluate --scheme meddocan`: the MEDDOCAN shared task's measures, checked
on a hand-made case against numbers worked out by hand from the definitions of the
official evaluation script (subtrack 1: sets of (type, start, end); subtrack 2
strict: sets of (start, end); subtrack 2 merged: spans joined across
non-alphanumeric gaps, TP = strict hits ∪ merged hits, and FP/FN left out when
contained in a hit).
"""

import json

import pytest

from spacy_phi.cli import main
from spacy_phi.evaluation.meddocan import MeddocanDocument, meddocan_scores, merge_spans

DOC1 = "Nombre: Ana Ruiz Pérez. Calle Mayor 5, 28001 Madrid."
DOC2 = "Edad: 70 años. Fecha: 03/03/2016 y 04/04/2016."
DOC3 = "Dr. Luis Gil."


def at(text, value, label, occurrence=0):
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(value, start + 1)
    return (label, start, start + len(value))


def hand_made():
    doc1 = MeddocanDocument(
        "doc1", DOC1,
        gold=[at(DOC1, "Ana Ruiz Pérez", "NOMBRE_SUJETO_ASISTENCIA"), at(DOC1, "Calle Mayor 5", "CALLE"),
              at(DOC1, "28001", "TERRITORIO"), at(DOC1, "Madrid", "TERRITORIO")],
        # a short name, its last word as a doctor, the street right, postcode and city as one span
        pred=[at(DOC1, "Ana Ruiz", "NOMBRE_SUJETO_ASISTENCIA"), at(DOC1, "Pérez", "NOMBRE_PERSONAL_SANITARIO"),
              at(DOC1, "Calle Mayor 5", "CALLE"), at(DOC1, "28001 Madrid", "TERRITORIO")],
    )
    doc2 = MeddocanDocument(
        "doc2", DOC2,
        gold=[at(DOC2, "70 años", "EDAD_SUJETO_ASISTENCIA"), at(DOC2, "03/03/2016", "FECHAS"),
              at(DOC2, "04/04/2016", "FECHAS")],
        # a short age, a spurious "Fecha" glued to the first date by ": ", both dates right
        pred=[at(DOC2, "70", "EDAD_SUJETO_ASISTENCIA"), at(DOC2, "Fecha", "FECHAS"),
              at(DOC2, "03/03/2016", "FECHAS"), at(DOC2, "04/04/2016", "FECHAS")],
    )
    doc3 = MeddocanDocument(
        "doc3", DOC3,
        gold=[at(DOC3, "Luis Gil", "NOMBRE_PERSONAL_SANITARIO")],
        pred=[at(DOC3, "Luis Gil", "NOMBRE_SUJETO_ASISTENCIA")],  # extent right, type wrong
    )
    return [doc1, doc2, doc3]


def test_merge_joins_spans_separated_by_non_alphanumerics_only():
    spans = [(s, e) for _, s, e in hand_made()[0].gold]
    # ". " and ", " and " " separate the four gold spans of doc1: one merged span
    assert merge_spans(spans, DOC1) == [(8, len(DOC1) - 1)]
    # " y " holds a letter: not merged
    dates = [(s, e) for _, s, e in hand_made()[1].gold[1:]]
    assert merge_spans(dates, DOC2) == sorted(dates)


def test_hand_made_case_matches_the_official_definitions():
    scores = meddocan_scores(hand_made())
    # Worked out by hand:
    # subtrack 1: doc1 TP 1 (street) FP 3 FN 3; doc2 TP 2 FP 2 FN 1; doc3 TP 0 FP 1 FN 1
    assert (scores.subtrack1.tp, scores.subtrack1.fp, scores.subtrack1.fn) == (3, 6, 5)
    assert scores.subtrack1.precision == pytest.approx(3 / 9)
    assert scores.subtrack1.recall == pytest.approx(3 / 8)
    assert scores.subtrack1.f1 == pytest.approx(6 / 17)
    # subtrack 2 strict: doc3's extent now counts: TP 4 FP 5 FN 4
    assert (scores.subtrack2_strict.tp, scores.subtrack2_strict.fp, scores.subtrack2_strict.fn) == (4, 5, 4)
    assert scores.subtrack2_strict.f1 == pytest.approx(8 / 17)
    # subtrack 2 merged: doc1 both sides merge to one span (hits: street + merged span = 2,
    # every other span contained: FP 0 FN 0); doc2 hits the two dates ("Fecha"+date merged
    # matches no gold merged span), FP "70" and "Fecha", FN "70 años"; doc3 TP 1
    assert (scores.subtrack2_merged.tp, scores.subtrack2_merged.fp, scores.subtrack2_merged.fn) == (5, 2, 1)
    assert scores.subtrack2_merged.precision == pytest.approx(5 / 7)
    assert scores.subtrack2_merged.recall == pytest.approx(5 / 6)
    assert scores.subtrack2_merged.f1 == pytest.approx(10 / 13)
    territory = scores.per_label["TERRITORIO"]
    assert (territory.tp, territory.fp, territory.fn) == (0, 1, 2)
    fechas = scores.per_label["FECHAS"]
    assert (fechas.tp, fechas.fp, fechas.fn) == (2, 1, 0)


def test_duplicate_annotations_count_once():
    text = "Madrid"
    doc = MeddocanDocument("d", text, gold=[("TERRITORIO", 0, 6), ("TERRITORIO", 0, 6)], pred=[("TERRITORIO", 0, 6)])
    scores = meddocan_scores([doc])
    assert (scores.subtrack1.tp, scores.subtrack1.fp, scores.subtrack1.fn) == (1, 0, 0)


def _write_brat(folder, name, text, spans):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    lines = [f"T{i}\t{label} {s} {e}\t{text[s:e]}" for i, (label, s, e) in enumerate(spans, 1)]
    (folder / f"{name}.ann").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_cli_scheme_meddocan_reports_the_three_measures(tmp_path, capsys):
    for doc in hand_made():
        _write_brat(tmp_path / "gold", doc.id, doc.text, doc.gold)
        _write_brat(tmp_path / "pred", doc.id, doc.text, doc.pred)
    out = tmp_path / "metrics.json"
    code = main(["evaluate", str(tmp_path / "gold"), "--gold-format", "brat", "--scheme", "meddocan", "--lang", "es",
                 "--predictions", str(tmp_path / "pred"), "--pred-format", "brat", "--pred-scheme", "meddocan",
                 "--output", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Subtrack 2 [merged]" in printed
    assert "Ana Ruiz" not in printed and "Madrid" not in printed  # numbers and labels only
    data = json.loads(out.read_text(encoding="utf-8"))["meddocan"]
    assert data["documents"] == 3
    assert data["subtrack1"]["f1"] == pytest.approx(6 / 17)
    assert data["subtrack2_strict"]["f1"] == pytest.approx(8 / 17)
    assert data["subtrack2_merged"]["f1"] == pytest.approx(10 / 13)
    assert data["subtrack1_per_label"]["TERRITORIO"]["fn"] == 2
