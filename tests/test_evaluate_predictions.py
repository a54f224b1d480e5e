"""`spacy-phi evaluate --predictions` with JSONL predictions that carry only an id
and spans (no text): the spans are scored against the gold text of that id."""

import json
from pathlib import Path
from typing import Any, Dict, List

from spacy_phi.cli import main

TEXT = "Pt John Smith seen 01/02/2020 with Ann Lee."
GOLD = [
    {"id": "n1", "text": TEXT, "spans": [{"start": 3, "end": 13, "label": "PATIENT"},
                                         {"start": 19, "end": 29, "label": "DATE"},
                                         {"start": 35, "end": 42, "label": "PATIENT"}]},
    {"id": "n2", "text": "Zebulon Quaxley visited.", "spans": [{"start": 0, "end": 15, "label": "PATIENT"}]},
]


def _jsonl(path: Path, rows: List[Dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _evaluate(tmp_path: Path, pred_rows: List[Dict[str, Any]], capsys: Any) -> Dict[str, Any]:
    gold, pred = _jsonl(tmp_path / "gold.jsonl", GOLD), _jsonl(tmp_path / "pred.jsonl", pred_rows)
    out = tmp_path / "m.json"
    assert main(["evaluate", str(gold), "--predictions", str(pred), "--output", str(out)]) == 0
    console = capsys.readouterr()
    # Numbers and ids only on the console: no note text.
    assert "John" not in console.out + console.err and "Zebulon" not in console.out + console.err
    return json.loads(out.read_text())


def _strict(metrics: Dict[str, Any]) -> Any:
    micro = metrics["overall"]["strict"]["micro"]
    return micro["tp"], micro["fp"], micro["fn"]


def test_predictions_without_text_are_scored_against_the_gold_text(tmp_path, capsys):
    pred = [
        {"id": "n1", "spans": [{"start": 3, "end": 13, "label": "PATIENT", "text": "John Smith"},
                               {"start": 19, "end": 29, "label": "DATE"},
                               {"start": 0, "end": 2, "label": "PATIENT"}]},
        {"id": "n2", "spans": [{"start": 0, "end": 15, "label": "PATIENT"}]},
        {"id": "not-in-gold", "spans": [{"start": 0, "end": 3, "label": "DATE"}]},
    ]
    metrics = _evaluate(tmp_path, pred, capsys)
    assert _strict(metrics) == (3, 1, 1)  # Ann Lee missed, "Pt" a false positive
    matching = metrics["documents"]
    assert matching["gold_without_predictions"] == 0
    assert matching["predictions_without_gold_ids"] == ["not-in-gold"]
    assert matching["text_mismatch"] == 0 and matching["unmapped_spans"] == {}


def test_predictions_without_text_whose_offsets_do_not_fit_the_gold_are_reported(tmp_path, capsys):
    pred = [
        # Offsets one character off: the repeated text disagrees with the gold text.
        {"id": "n1", "spans": [{"start": 4, "end": 14, "label": "PATIENT", "text": "John Smith"}]},
        # Past the end of the gold text, and a span without a label.
        {"id": "n2", "spans": [{"start": 10, "end": 99, "label": "PATIENT"}, {"start": 0, "end": 3}]},
    ]
    metrics = _evaluate(tmp_path, pred, capsys)
    assert _strict(metrics) == (0, 1, 4)
    matching = metrics["documents"]
    assert matching["text_mismatch_ids"] == ["n1"]
    assert matching["unmapped_spans"] == {"pred:PATIENT": 1, "pred:?": 1}


def test_predictions_with_text_still_work_and_a_different_text_is_reported(tmp_path, capsys):
    pred = [dict(GOLD[0]), {"id": "n2", "text": "Another text entirely.", "spans": []}]
    metrics = _evaluate(tmp_path, pred, capsys)
    assert _strict(metrics) == (3, 0, 1)
    assert metrics["documents"]["text_mismatch_ids"] == ["n2"]
