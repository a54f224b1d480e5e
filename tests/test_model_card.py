"""The packaged model describes itself truly: training data with licences, the
held-out evaluation with its spread over seeds, intended use and limits, no empty
author link and no score for the (unevaluated) sentence detector."""

import json
from pathlib import Path

import spacy
from spacy.training import Example

from spacy_phi.cli import main
from spacy_phi.models.model_card import EVALUATION_EN, english_card_meta


def _tiny_trained(path: Path) -> None:
    """A blank English NER initialized on one note, with the scores spaCy's training
    writes (the sentence detector's among them)."""
    nlp = spacy.blank("en")
    nlp.add_pipe("ner")
    text = "Seen by Dr. Vincent on 03/14/2089."
    example = Example.from_dict(nlp.make_doc(text), {"entities": [(12, 19, "DOCTOR"), (23, 33, "DATE")]})
    nlp.initialize(lambda: [example])
    nlp.meta["performance"] = {"ents_f": 0.91, "ents_p": 0.92, "ents_r": 0.9,
                               "sents_f": 0.0, "sents_p": 0.0, "sents_r": 0.0}
    nlp.to_disk(path)


def test_assembled_pipeline_carries_a_true_model_card(tmp_path):
    trained, assembled = tmp_path / "trained", tmp_path / "assembled"
    _tiny_trained(trained)
    assert main(["assemble", str(trained), str(assembled)]) == 0
    meta = json.loads((assembled / "meta.json").read_text(encoding="utf-8"))

    assert "ACI-BENCH" in meta["description"] and "hand-written" in meta["description"]
    assert "Trained on the synthetic spacy_phi corpus." not in meta["description"]
    licences = {source["name"]: source["license"] for source in meta["sources"]}
    assert any("ACI-BENCH" in name and licence == "CC BY 4.0" for name, licence in licences.items())
    assert any("synthetic" in name for name in licences) and any("hand-written" in name for name in licences)
    assert not any("PhysioNet" in name for name in licences)  # evaluated on, never trained on
    notes = meta["notes"]
    assert "never for training" in notes
    for name, precision, recall, f1 in EVALUATION_EN:
        assert f"| {name} | {precision} | {recall} | {f1} |" in notes
    assert "### Intended use" in notes and "### Limits" in notes
    assert set(meta["performance"]) == {"ents_f", "ents_p", "ents_r"}

    card = (assembled / "README.md").read_text(encoding="utf-8")
    assert "SENTS_F" not in card and "ENTS_F" in card
    assert "]()" not in card  # no author link to an empty URL
    assert "real ICU nursing notes" in card and "CC BY 4.0" in card


def test_card_of_another_recipe_does_not_claim_the_default_figures():
    notes = english_card_meta(default_recipe=False)["notes"]
    assert all(precision not in notes for _, precision, _, _ in EVALUATION_EN)
    assert "spacy-phi evaluate" in notes
