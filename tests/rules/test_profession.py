"""The profession rules (jobs and fields of work; spacy_phi/rules/families/profession.py):
each example fires its rule with its value and label, and no rule fires on a look-alike."""

from __future__ import annotations

import pytest

from spacy_phi.rules.families import profession

from .helpers import labels_and_values, rule_spans, spans_over

#: (text, look-alike): no rule may fire on any part of the look-alike.
LOOKALIKES = [
    ("Spoke to nurse at Mercy about labs", "nurse"),
    ("Discussed with the pharmacist at CVS.", "pharmacist"),
    ("Charge nurse at Mercy aware of plan", "Charge nurse"),
    ("i'm a very good cook", "good cook"),
    ("he is a smoker", "smoker"),
    ("The patient is a veteran.", "veteran"),
    ("it is a farmer's market", "farmer"),
    ("works in it", "it"),
    ("a 43-year-old male patient with", "male patient"),
    ("a 60 year old veteran with PTSD", "veteran"),
    ("Bernadette is a pleasant 37 year old lady with pulmonary embolism", "lady"),
    ("works as needed", "needed"),
    ("Occupation: retired\n", "retired"),
    ("Social: lives with wife, no tobacco.", "lives"),
    ("social: mom inga at bedside, sister zara", "mom"),
    ("He is a very good bus driver per wife.", "very good"),
    ("S: 17 yo HS senior, starting point guard at Poly Prep", "starting"),
]


@pytest.mark.parametrize("text,label,value,rule_id", profession.EXAMPLES)
def test_example_fires_its_rule(rules_nlp, text, label, value, rule_id):
    assert (label, value, rule_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize("text,lookalike", LOOKALIKES)
def test_no_rule_fires_on_a_lookalike(rules_nlp, text, lookalike):
    assert spans_over(rules_nlp, text, lookalike) == []


def test_long_job_check():
    from spacy_phi.lexicon.gazetteers import is_long_occupation_phrase

    assert is_long_occupation_phrase("high school chemistry teacher") and is_long_occupation_phrase("retired UPS driver")
    assert not is_long_occupation_phrase("very good bus driver")
    assert not is_long_occupation_phrase("41-year-old rail operator")
    assert not is_long_occupation_phrase("school chemistry lab")  # no occupation at the end


def test_a_long_job_leaves_the_age_out(rules_nlp):
    spans = labels_and_values(rules_nlp, "Mr. Ward, a 41-year-old CTA rail operator, was seen.")
    assert ("PROFESSION", "CTA rail operator") in spans
    assert not any(label == "PROFESSION" and "41" in value for label, value in spans)


def test_a_long_job_ends_before_a_preposition(rules_nlp):
    spans = labels_and_values(rules_nlp, "She is a middle school science teacher with asthma.")
    assert ("PROFESSION", "middle school science teacher") in spans
    assert not any(label == "PROFESSION" and "with" in value for label, value in spans)
