"""What the order of the built-in rules decides: a tie, two rules giving the
same tokens with the same priority, goes to the earlier rule (`builtin_rules`)."""

from __future__ import annotations

from typing import Tuple

import pytest

from spacy_phi.rules import builtin_rules
from spacy_phi.rules.builtin import INSTITUTIONS_AFTER_NAMES
from spacy_phi.rules.regex_rules import RegexRule

from .helpers import FAMILIES, family_module, rule_spans

#: (text, value, winning rule id and label, losing rule id): each a tie between families.
TIES = [
    # a place of an address beats a name
    ("12 Elm Dr\nRound Rock, TX 78681", "Round Rock", "city_before_state_zip", "CITY", "doctor_title"),
    ("Lakeside Pediatrics - Shawnee Mission", "Shawnee Mission", "city_branch_of_practice", "CITY", "capitalised_full_name"),
    ("Dr. Kaiser saw her", "Kaiser", "organization_chain", "ORGANIZATION", "doctor_title"),
    # a name beats an institution (INSTITUTIONS_AFTER_NAMES)
    ("She retired from John Deere in 2010.", "John Deere", "capitalised_full_name", "PATIENT", "employer_after_work_cue"),
    ("Seen at Sanford Hillsboro today.", "Sanford Hillsboro", "capitalised_full_name", "PATIENT", "hospital_cms_name"),
    ("wife Lincoln Towing called", "Lincoln Towing", "relative_name", "PATIENT", "organization_suffix"),
    ("Mr. Lincoln Towing", "Lincoln Towing", "patient_title", "PATIENT", "organization_suffix"),
    # a listed hospital before an e-mail address stays a hospital; an employer there is a name
    ("To: Abrazo Central Campus <ab@example.org>", "Abrazo Central Campus", "hospital_cms_name", "HOSPITAL", "person_before_email"),
    ("He works at Acme Widgets <jobs@example.com>", "Acme Widgets", "person_before_email", "DOCTOR", "employer_after_work_cue"),
    # within the location family
    ("Seen at Community Hospital Of Bremen Inc today.", "Community Hospital Of Bremen Inc", "organization_suffix", "ORGANIZATION",
     "hospital_name_head"),
]


def _rule(rule_id: str) -> RegexRule:
    return next(rule for rule in builtin_rules() if rule.id == rule_id)


def _token_extents(nlp, text: str, rule: RegexRule) -> set[Tuple[int, int, int]]:
    """(start, end, priority) in tokens of every match of `rule`."""
    doc = nlp.make_doc(text)
    priorities = rule.priorities()
    extents = set()
    for start, end, _, match_id in rule.matches(text):
        span = doc.char_span(start, end, alignment_mode="expand")
        extents.add((span.start, span.end, priorities[match_id]))
    return extents


@pytest.mark.parametrize("text,value,winner,label,loser", TIES)
def test_a_tie_goes_to_the_earlier_rule(rules_nlp, text, value, winner, label, loser):
    ids = [rule.id for rule in builtin_rules()]
    assert ids.index(winner) < ids.index(loser)
    # a real tie: both rules give the same tokens with the same priority
    assert _token_extents(rules_nlp, text, _rule(winner)) & _token_extents(rules_nlp, text, _rule(loser))
    assert (label, value, winner) in rule_spans(rules_nlp, text)


def test_the_families_keep_their_order():
    """Each family's rules come in the order of its `rules()`; the families in
    FAMILIES order, but for INSTITUTIONS_AFTER_NAMES, which follow every other
    location and person rule."""
    ids = [rule.id for rule in builtin_rules()]
    moved = set(INSTITUTIONS_AFTER_NAMES)
    expected = []
    for family in FAMILIES:
        family_ids = [rule.id for rule in family_module(family).rules()]
        assert [i for i in ids if i in family_ids] == [i for i in family_ids if i not in moved] + [
            i for i in INSTITUTIONS_AFTER_NAMES if i in family_ids
        ]
        expected += [i for i in family_ids if i not in moved]
        if family == "person":
            expected += list(INSTITUTIONS_AFTER_NAMES)
    assert ids == expected
