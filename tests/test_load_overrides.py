"""A component setting given at `spacy.load` wins over the pipeline's saved files.

A saved pipeline's settings live in its `config.cfg`; the component folders
hold only state the config cannot express (rules, lexicons, known entries,
added abbreviations). So `spacy.load(path, config={"components": {...}})`
builds every component with the overridden setting, and a save -> load without
overrides gives the same output. Pipelines saved with the settings in the
component files too (the older layout) load the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest
import spacy
import srsly
from spacy.language import Language

from spacy_phi.pipelines import rules_pipeline
from spacy_phi.rules.builtin import builtin_rules
from spacy_phi.util import blank_pipeline

SECRET = "load-override-test-secret-0123456789"
NOTES = [
    "Patient: SMITH, JOHN   MRN: 0937884   DOB: 03/14/2019\n"
    "Seen by Dr. Emily Hess at Massachusetts General Hospital. Hosp course fine.\n"
    "Call (617) 432-2398 or john.smith@gmail.com. Lives at 12 Elm Street, Boston, MA 02114.",
    "Course on floor: stable. 92 yo male, seen 14-Mar-2089 by Dr. Hess. Nurse Alvarez present.",
    "No identifiers here.\n\nJust text.",
]
PHONE = "(617) 432-2398"

Getter = Callable[[Language], Any]


def _surrogates(setting: str) -> Getter:
    return lambda nlp: nlp.get_pipe("phi_surrogates").settings[setting]


def _sentencizer(setting: str) -> Getter:
    return lambda nlp: nlp.get_pipe("phi_sentencizer").settings[setting]


def _attribute(component: str, attribute: str, kind: Callable[[Any], Any] = lambda v: v) -> Getter:
    return lambda nlp: kind(getattr(nlp.get_pipe(component), attribute))


#: (component, setting, value given at load, how the loaded pipeline shows it, what it must show).
OVERRIDES: List[Tuple[str, str, Any, Getter, Any]] = [
    ("phi_surrogates", "default_mode", "tag", _surrogates("default_mode"), "tag"),
    ("phi_surrogates", "modes", {"PHONE": "tag"}, _surrogates("modes"), {"PHONE": "tag"}),
    ("phi_surrogates", "secret_env", "OTHER_SECRET_ENV", _surrogates("secret_env"), "OTHER_SECRET_ENV"),
    ("phi_surrogates", "secret_file", "/nonexistent/secret", _surrogates("secret_file"), "/nonexistent/secret"),
    ("phi_surrogates", "patient_key_field", "pid", _surrogates("patient_key_field"), "pid"),
    ("phi_surrogates", "record_id_field", "rid", _surrogates("record_id_field"), "rid"),
    ("phi_surrogates", "date_shift_min", 5, _surrogates("date_shift_min"), 5),
    ("phi_surrogates", "date_shift_max", 40, _surrogates("date_shift_max"), 40),
    ("phi_surrogates", "age_mode", "strict", _surrogates("age_mode"), "strict"),
    ("phi_surrogates", "age_cap", 80, _surrogates("age_cap"), 80),
    ("phi_surrogates", "age_cap_text", "80+", _surrogates("age_cap_text"), "80+"),
    ("phi_surrogates", "id_prefixes", ["ID"], _surrogates("id_prefixes"), ["ID"]),
    ("phi_surrogates", "redact_char", "#", _surrogates("redact_char"), "#"),
    ("phi_surrogates", "reference_date_field", "", _surrogates("reference_date_field"), ""),
    ("phi_surrogates", "zip3_mode", "safe_harbor", _surrogates("zip3_mode"), "safe_harbor"),
    ("phi_surrogates", "partial_dates", "rounded", _surrogates("partial_dates"), "rounded"),
    ("phi_surrogates", "lang", "es", _surrogates("lang"), "es"),
    ("phi_guard", "span_groups", ["phi_rules"], _attribute("phi_guard", "span_groups"), ["phi_rules"]),
    ("phi_guard", "guarded_labels", ["CITY"], _attribute("phi_guard", "guarded_labels"), frozenset({"CITY"})),
    ("phi_guard", "common_word_labels", ["CITY"], _attribute("phi_guard", "common_word_labels"), frozenset({"CITY"})),
    ("phi_guard", "validated_labels", ["AGE"], _attribute("phi_guard", "validated_labels"), frozenset({"AGE"})),
    ("phi_guard", "validator_groups", ["phi_rules"], _attribute("phi_guard", "validator_groups"), frozenset({"phi_rules"})),
    ("phi_guard", "trim_ner_edges", False, _attribute("phi_guard", "trim_ner_edges"), False),
    ("phi_known", "spans_key", "my_known", _attribute("phi_known", "spans_key"), "my_known"),
    ("phi_rules", "spans_key", "my_rules", _attribute("phi_rules", "spans_key"), "my_rules"),
    ("phi_rules", "disabled_rules", ["phone_us"], _attribute("phi_rules", "disabled_rules"), {"phone_us"}),
    ("phi_rules", "use_builtin", False, _attribute("phi_rules", "use_builtin"), False),
    ("phi_sentencizer", "abbreviations", ["Pt"], _sentencizer("abbreviations"), ["Pt", "Hosp"]),
    ("phi_sentencizer", "final_abbreviations", ["etc"], _sentencizer("final_abbreviations"), ["etc"]),
    ("phi_sentencizer", "headers", ["Plan B"], _sentencizer("headers"), ["Plan B", "Course on floor"]),
    ("phi_sentencizer", "split_on_newline", "never", _sentencizer("split_on_newline"), "never"),
    ("phi_sentencizer", "split_after_header_colon", False, _sentencizer("split_after_header_colon"), False),
    ("phi_sentencizer", "max_sentence_tokens", 7, _sentencizer("max_sentence_tokens"), 7),
    ("phi_sentencizer", "overwrite", False, _sentencizer("overwrite"), False),
    ("phi_merge", "span_groups", ["phi_rules"], _attribute("phi_merge", "span_groups", list), ["phi_rules"]),
    ("phi_propagate", "transcripts_only", False, _attribute("phi_propagate", "transcripts_only"), False),
]


def _pipeline() -> Language:
    """The rules pipeline with state beyond its config: an added abbreviation and
    header, a known clinician, an extra never-PHI word."""
    nlp = rules_pipeline("en")
    sentencizer = nlp.get_pipe("phi_sentencizer")
    sentencizer.add_abbreviations(["Hosp"])
    sentencizer.add_headers(["Course on floor"])
    nlp.get_pipe("phi_known").add_entries({"DOCTOR": ["Alvarez"]})
    nlp.get_pipe("phi_guard").initialize(nlp=nlp, extra_terms={"always_medical": ["Hess"]})
    return nlp


@pytest.fixture(scope="module")
def built() -> Language:
    return _pipeline()


@pytest.fixture(scope="module")
def saved(built: Language, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("override") / "pipeline"
    built.to_disk(path)
    return path


@pytest.fixture(scope="module")
def saved_older_layout(built: Language, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pipeline saved as before: each component's settings in its own files too."""
    path = tmp_path_factory.mktemp("older") / "pipeline"
    built.to_disk(path)
    _write_settings_into_component_files(built, path)
    return path


def _write_settings_into_component_files(nlp: Language, path: Path) -> None:
    """The files as the older layout wrote them: full settings beside the state."""
    surrogates = nlp.get_pipe("phi_surrogates")
    (path / "phi_surrogates").mkdir(exist_ok=True)
    srsly.write_json(path / "phi_surrogates" / "cfg", {**surrogates.settings, "lang": "en"})
    sentencizer = nlp.get_pipe("phi_sentencizer")
    srsly.write_json(path / "phi_sentencizer" / "cfg", sentencizer.settings)
    guard = nlp.get_pipe("phi_guard")
    data = srsly.read_json(path / "phi_guard" / "data.json")
    data.update(
        span_groups=guard.span_groups,
        guarded_labels=sorted(guard.guarded_labels),
        common_word_labels=sorted(guard.common_word_labels),
        validated_labels=sorted(guard.validated_labels),
        validator_groups=sorted(guard.validator_groups),
        trim_ner_edges=guard.trim_ner_edges,
    )
    srsly.write_json(path / "phi_guard" / "data.json", data)
    known = srsly.read_json(path / "phi_known" / "data.json")
    srsly.write_json(path / "phi_known" / "data.json", {**known, "spans_key": "phi_known"})
    rules = nlp.get_pipe("phi_rules")
    srsly.write_json(
        path / "phi_rules" / "cfg.json",
        {
            "spans_key": rules.spans_key,
            "use_builtin": rules.use_builtin,
            "disabled_rules": sorted(rules.disabled_rules),
            "pattern_priorities": rules.pattern_priorities,
        },
    )


def _outputs(nlp: Language) -> List[Dict[str, Any]]:
    """Everything a user reads off the processed notes."""
    results = []
    for index, text in enumerate(NOTES):
        doc = nlp.make_doc(text)
        doc.user_data["phi_patient_key"] = f"patient-{index}"
        doc = nlp(doc)
        results.append(
            {
                "deidentified": doc._.deidentified,
                "offset_map": doc._.phi_offset_map,
                "ents": [(e.start_char, e.end_char, e.label_) for e in doc.ents],
                "sents": [(s.start_char, s.end_char) for s in doc.sents],
                "spans": {key: [(s.start_char, s.end_char, s.label_) for s in group] for key, group in doc.spans.items()},
            }
        )
    return results


@pytest.fixture(autouse=True)
def _secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


COMPONENTS = sorted({component for component, *_ in OVERRIDES})


def _check_overrides(path: Path, component: str) -> None:
    """Load once with every setting of the component overridden; each must show."""
    overrides = [(setting, value, shown, expected) for c, setting, value, shown, expected in OVERRIDES if c == component]
    nlp = spacy.load(path, config={"components": {component: {setting: value for setting, value, *_ in overrides}}})
    wrong = {setting: shown(nlp) for setting, _, shown, expected in overrides if shown(nlp) != expected}
    assert wrong == {}


@pytest.mark.parametrize("component", COMPONENTS)
def test_settings_given_at_load_win(saved: Path, component: str) -> None:
    _check_overrides(saved, component)


@pytest.mark.parametrize("component", COMPONENTS)
def test_settings_given_at_load_win_over_the_older_layout(saved_older_layout: Path, component: str) -> None:
    _check_overrides(saved_older_layout, component)


def test_a_mode_given_at_load_changes_the_output(saved: Path) -> None:
    nlp = spacy.load(saved, config={"components": {"phi_surrogates": {"modes": {"PHONE": "tag"}}}})
    text = nlp(NOTES[0])._.deidentified
    assert PHONE not in text and "[**PHONE**]" in text


def test_load_without_overrides_gives_the_same_output(built: Language, saved: Path, saved_older_layout: Path) -> None:
    expected = _outputs(built)
    assert _outputs(spacy.load(saved)) == expected
    assert _outputs(spacy.load(saved_older_layout)) == expected


def test_state_beyond_the_config_is_kept(saved: Path) -> None:
    nlp = spacy.load(saved, config={"components": {"phi_sentencizer": {"abbreviations": ["Pt"]}}})
    assert nlp.get_pipe("phi_sentencizer").headers == ["Course on floor"]
    assert nlp.get_pipe("phi_known").entries == [("Alvarez", "DOCTOR")]
    assert nlp.get_pipe("phi_guard").vocabulary.is_always_medical("hess")
    assert len(nlp.get_pipe("phi_rules").regex_rules) == len(builtin_rules())


def test_use_builtin_off_at_load_keeps_only_the_own_rules(tmp_path: Path) -> None:
    nlp = rules_pipeline("en")
    rules = nlp.get_pipe("phi_rules")
    rules.add_rules([{"id": "site_badge", "label": "IDNUM", "pattern": r"BADGE-\d{4}"}])
    nlp.to_disk(tmp_path / "p")
    loaded = spacy.load(tmp_path / "p", config={"components": {"phi_rules": {"use_builtin": False}}})
    assert loaded.get_pipe("phi_rules").rule_ids == ("site_badge",)
    doc = loaded("Call (617) 432-2398, badge BADGE-1234.")
    assert [s.text for s in doc.spans["phi_rules"]] == ["BADGE-1234"]


def test_use_builtin_on_at_load_adds_the_builtin_rules(tmp_path: Path) -> None:
    nlp = blank_pipeline("en")
    rules = nlp.add_pipe("phi_rules", config={"use_builtin": False})
    rules.initialize(rules=[{"id": "site_badge", "label": "IDNUM", "pattern": r"BADGE-\d{4}"}])
    nlp.to_disk(tmp_path / "p")
    assert spacy.load(tmp_path / "p").get_pipe("phi_rules").rule_ids == ("site_badge",)
    loaded = spacy.load(tmp_path / "p", config={"components": {"phi_rules": {"use_builtin": True}}})
    builtin = rules_pipeline("en").get_pipe("phi_rules").rule_ids
    assert sorted(loaded.get_pipe("phi_rules").rule_ids) == sorted(builtin + ("site_badge",))
    doc = loaded("Call (617) 432-2398, badge BADGE-1234.")
    assert [s.text for s in doc.spans["phi_rules"]] == [PHONE, "BADGE-1234"]


def test_trimming_off_at_load_changes_the_guard(saved: Path) -> None:
    on = spacy.load(saved).get_pipe("phi_guard")
    off = spacy.load(saved, config={"components": {"phi_guard": {"trim_ner_edges": False}}}).get_pipe("phi_guard")
    assert on.trim_ner_edges is True and off.trim_ner_edges is False


def test_a_typo_given_at_load_is_still_an_error(saved: Path) -> None:
    with pytest.raises(ValueError, match="unknown label 'PHONENUMBER' in modes"):
        spacy.load(saved, config={"components": {"phi_surrogates": {"modes": {"PHONENUMBER": "tag"}}}})
