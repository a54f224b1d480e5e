"""A label or mode that a component does not know stops the pipeline from
being built or loaded, with a message naming the bad value and the valid
ones, instead of being ignored (a typo in `modes` left the phone surrogated).
The default English and Spanish pipelines stay valid."""

from __future__ import annotations

from pathlib import Path

import pytest
import spacy

from spacy_phi.deid.model import load_pipeline
from spacy_phi.errors import ConfigError


def test_unknown_label_in_surrogate_modes_is_an_error() -> None:
    nlp = spacy.blank("en")
    with pytest.raises(ConfigError, match=r"phi_surrogates: unknown label 'PHONENUMBER' in modes.*valid labels: .*PHONE"):
        nlp.add_pipe("phi_surrogates", config={"modes": {"PHONENUMBER": "tag"}})
    nlp.add_pipe("phi_surrogates", config={"modes": {"PHONE": "tag"}})


def test_unknown_label_in_a_loaded_pipelines_config_is_an_error(tmp_path: Path) -> None:
    nlp, _ = load_pipeline("rules")
    nlp.to_disk(tmp_path / "rules")
    with pytest.raises(ValueError, match="unknown label 'PHONENUMBER' in modes"):
        spacy.load(tmp_path / "rules", config={"components": {"phi_surrogates": {"modes": {"PHONENUMBER": "tag"}}}})


def test_a_meddocan_label_in_modes_points_to_ours() -> None:
    with pytest.raises(ConfigError, match="FECHAS is a MEDDOCAN label.*DATE"):
        spacy.blank("es").add_pipe("phi_surrogates", config={"modes": {"FECHAS": "tag"}})


@pytest.mark.parametrize(
    "factory, config, setting",
    [
        ("phi_guard", {"common_word_labels": ["CITY", "HOSPTIAL"]}, "common_word_labels"),
        ("phi_guard", {"guarded_labels": ["PATIENT", "patient"]}, "guarded_labels"),
        ("phi_guard", {"validated_labels": ["NOT_A_LABEL"]}, "validated_labels"),
        ("phi_propagate", {"labels": ["PATIENT", "DOCTER"]}, "labels"),
    ],
)
def test_unknown_labels_in_label_lists_are_errors(factory: str, config: dict, setting: str) -> None:
    with pytest.raises(ConfigError, match=rf"{factory}: unknown label.* in {setting}.*valid label"):
        spacy.blank("en").add_pipe(factory, config=config)


def test_lower_case_label_gets_a_hint() -> None:
    with pytest.raises(ConfigError, match=r"labels are upper case: PATIENT"):
        spacy.blank("en").add_pipe("phi_guard", config={"guarded_labels": ["patient"]})


def test_rule_pattern_and_known_entry_with_unknown_label_are_errors() -> None:
    nlp = spacy.blank("en")
    rules = nlp.add_pipe("phi_rules", config={"use_builtin": False})
    with pytest.raises(ConfigError, match=r"phi_rules: unknown label 'PHONENUMBER' in patterns"):
        rules.add_patterns([{"label": "PHONENUMBER", "pattern": "555"}])
    known = nlp.add_pipe("phi_known")
    with pytest.raises(ConfigError, match=r"phi_known: unknown label 'DOCTER' in entries.*valid labels"):
        known.add_entries({"DOCTER": ["Smith"]})


@pytest.mark.parametrize("lang", ["en", "es"])
def test_default_pipelines_stay_valid(lang: str, tmp_path: Path) -> None:
    nlp, _ = load_pipeline("rules", lang=lang)
    nlp.to_disk(tmp_path / lang)
    assert spacy.load(tmp_path / lang).pipe_names == nlp.pipe_names
