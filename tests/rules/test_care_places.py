"""The checks behind the rules for institutions and staff of terse notes."""

import pytest

from spacy_phi.rules.builtin import builtin_rules
from spacy_phi.rules.care_places import (
    is_institution_acronym,
    is_institution_word,
    is_listed_city,
    is_named_institution_before_head,
    is_signature_name,
)


@pytest.mark.parametrize("word", ["GH", "gh", "GBMC", "kernan", "Quartermain", "quartermain2"])
def test_an_unknown_word_or_acronym_is_an_institution(word):
    assert is_institution_word(word)


@pytest.mark.parametrize("word", ["MICU", "IR", "OR", "rehab", "floor", "home", "OSH", "EW", "SIMV", "die", "Gh", "x"])
def test_a_place_of_care_or_a_word_is_no_institution(word):
    assert not is_institution_word(word)


@pytest.mark.parametrize("acronym", ["GBMC", "WCMC", "UCSF"])
def test_an_unlisted_acronym_names_an_institution(acronym):
    assert is_institution_acronym(acronym)


@pytest.mark.parametrize("acronym", ["GH", "MD", "NP", "DR", "BB", "MICU", "EW", "gbmc", "Gbmc", "ABCDEF"])
def test_a_listed_acronym_a_staff_title_or_lower_case_is_no_institution_acronym(acronym):
    assert not is_institution_acronym(acronym)


@pytest.mark.parametrize("value", ["rome", "ROME", "Baltimore", "SAN ANTONIO", "San Antonio", "osaka"])
def test_a_listed_city_in_one_case(value):
    assert is_listed_city(value)


@pytest.mark.parametrize("value", ["rOME", "BASELINE", "Home", "house", "San antonio", ""])
def test_mixed_case_or_unlisted_is_no_city(value):
    assert not is_listed_city(value)


@pytest.mark.parametrize("value", ["sacred heart", "UNION MEMORIAL", "Laurel Regional", "reisterstown"])
def test_names_before_a_loose_head(value):
    assert is_named_institution_before_head(value)


@pytest.mark.parametrize("value", ["outside", "the", "LEAVE", "main", "psych", "local"])
def test_generic_words_before_a_loose_head(value):
    assert not is_named_institution_before_head(value)


def test_signature_names():
    assert is_signature_name("q. lander")
    assert is_signature_name("JON DEVAUX")
    assert not is_signature_name("NO CHANGES")
    assert not is_signature_name("q.")


def test_a_month_before_a_day_is_no_ward():
    ward = next(rule for rule in builtin_rules() if rule.id == "ward_name_number")
    assert list(ward.matches("Seen on December 3 for follow-up")) == []
    assert [m[:2] for m in ward.matches("IN RESP DISTRESS ON WESTERBROOK 6; CODE")] == [(20, 31)]
