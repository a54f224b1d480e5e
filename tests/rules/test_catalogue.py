"""The catalogue of built-in rules: unique ids, every rule in its family with
an example that fires it, and look-alikes for every family."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from spacy_phi.rules import builtin_rules

from .helpers import FAMILIES, family_module, family_tests, rule_spans


def test_rule_ids_are_unique():
    counts = Counter(rule.id for rule in builtin_rules())
    assert [rule_id for rule_id, n in counts.items() if n > 1] == []


def test_the_families_hold_every_rule_once():
    family_ids = [rule.id for family in FAMILIES for rule in family_module(family).rules()]
    assert sorted(family_ids) == sorted(rule.id for rule in builtin_rules())


@pytest.mark.parametrize("family", FAMILIES)
def test_examples_name_rules_of_their_family(family):
    module = family_module(family)
    ids = {rule.id for rule in module.rules()}
    assert {rule_id for *_, rule_id in module.EXAMPLES} <= ids
    assert ids - {rule_id for *_, rule_id in module.EXAMPLES} == set()


def test_every_rule_has_an_example_that_fires_it(rules_nlp):
    fired = set()
    for family in FAMILIES:
        for text, label, value, rule_id in family_module(family).EXAMPLES:
            if (label, value, rule_id) in rule_spans(rules_nlp, text):
                fired.add(rule_id)
    assert {rule.id for rule in builtin_rules()} - fired == set()


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_lookalikes(family):
    lookalikes = family_tests(family).LOOKALIKES
    assert len(lookalikes) >= 3
    assert all(lookalike in text for text, lookalike in lookalikes)


def test_the_reference_names_every_rule():
    """docs/rules.md has a row for every built-in rule."""
    reference = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    assert [rule.id for rule in builtin_rules() if f"| `{rule.id}` |" not in reference] == []
