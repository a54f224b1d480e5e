"""The rule engine (`RegexRule`) and the `phi_rules` component: validation,
token alignment, rule ids, disabled and user rules, patterns, serialization."""

from __future__ import annotations

import pytest
import spacy

from spacy_phi import blank_pipeline
from spacy_phi.rules import RegexRule, RuleError, builtin_rules
from spacy_phi.spangroups import RULES_GROUP

from .helpers import labels_and_values, spans_over


def test_a_value_never_spans_the_gap_between_two_fields(rules_nlp):
    text = 'Patient: Teodoro "Teddy" Bishop    Clinic # 12-883-417'
    assert spans_over(rules_nlp, text, "Bishop    Clinic") == []


def test_rule_spans_are_token_aligned_and_carry_rule_ids(rules_nlp):
    doc = rules_nlp("MRN 0937884Date seen 9/14/2067, call 617-555-1234.")
    ids = {s.id_ for s in doc.spans[RULES_GROUP]}
    assert {"mrn_context", "date_numeric", "phone_us"} <= ids
    assert not doc.ents  # rules never write doc.ents
    assert doc.spans[RULES_GROUP].attrs["priority_by_id"]["id_long_number"] == 1


def test_rule_validation_errors():
    with pytest.raises(RuleError):
        RegexRule("bad_label", "NOT_A_LABEL", r"\d+")
    with pytest.raises(RuleError):
        RegexRule("bad_regex", "IDNUM", r"(unclosed")
    with pytest.raises(RuleError):
        RegexRule("bad_check", "IDNUM", r"\d+", checks=("no_such_check",))
    with pytest.raises(RuleError):
        RegexRule.from_dict({"id": "x", "label": "IDNUM", "pattern": "1", "typo_field": 1})
    nlp = blank_pipeline("en")
    rules = nlp.add_pipe("phi_rules")
    nlp.initialize()
    with pytest.raises(RuleError):
        rules.add_rules([{"id": "email", "label": "EMAIL", "pattern": "x"}])  # duplicate id


def test_disabled_rules_and_no_builtin():
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_rules", config={"disabled_rules": ["phone_us"]})
    nlp.initialize()
    assert labels_and_values(nlp, "Call 617-555-1234") == []
    empty = blank_pipeline("en")
    empty.add_pipe("phi_rules", config={"use_builtin": False})
    empty.initialize()
    assert labels_and_values(empty, "MRN: 0937884") == []


def test_user_rules_and_patterns_round_trip(tmp_path):
    nlp = blank_pipeline("en")
    rules = nlp.add_pipe("phi_rules")
    nlp.initialize()
    rules.add_rules([{"id": "study_id", "label": "IDNUM", "pattern": r"\bSTUDY-(?P<value>\d{4})\b", "priority": 3}])
    rules.add_patterns([{"label": "HOSPITAL", "pattern": "General Clinic", "id": "hosp_phrase", "priority": 4}])
    rules.add_patterns([{"label": "DEPARTMENT", "pattern": [{"LOWER": "ward"}, {"IS_DIGIT": True}]}])
    text = "Enrolled STUDY-0042 at General Clinic, ward 7. MRN: 0937884"
    before = labels_and_values(nlp, text)
    assert ("IDNUM", "0042") in before and ("HOSPITAL", "General Clinic") in before
    assert ("DEPARTMENT", "ward 7") in before
    nlp.to_disk(tmp_path / "pipe")
    loaded = spacy.load(tmp_path / "pipe")
    assert labels_and_values(loaded, text) == before
    loaded_rules = loaded.get_pipe("phi_rules")
    assert loaded_rules.priority_by_id()["hosp_phrase"] == 4
    assert len(loaded_rules.regex_rules) == len(builtin_rules()) + 1
    # bytes round trip too
    other = blank_pipeline("en")
    other.add_pipe("phi_rules").from_bytes(rules.to_bytes())
    assert labels_and_values(other, text) == before


def test_rules_from_initialize_config():
    config = {
        "initialize": {
            "components": {
                "phi_rules": {"rules": [{"id": "badge", "label": "IDNUM", "pattern": r"badge (?P<value>\d{3})"}]}
            }
        }
    }
    nlp = blank_pipeline("en")
    nlp.config["initialize"]["components"] = config["initialize"]["components"]
    nlp.add_pipe("phi_rules")
    nlp.initialize()
    assert ("IDNUM", "123") in labels_and_values(nlp, "badge 123")


def test_group_checks_judge_another_group_and_survive_serialization():
    rule = RegexRule(
        "age_of_greeted_name", "AGE", r"\b(?P<name>[a-z]+) is (?P<value>\d+)", group_checks={"name": ("greeted_given_name",)}
    )
    assert [m[:3] for m in rule.matches("so gregory is 9 and ast is 62")] == [(14, 15, "AGE")]
    assert RegexRule.from_dict(rule.to_dict()) == rule
    with pytest.raises(RuleError):
        RegexRule("x", "AGE", r"(?P<value>\d+)", group_checks={"name": ("greeted_given_name",)})
