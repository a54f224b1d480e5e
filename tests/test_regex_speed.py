"""The first-character guard of rule patterns (spacy_phi/rules/regex_speed.py):
same matches and groups as the plain pattern, on every rule."""

import re
from pathlib import Path

import pytest

from spacy_phi.rules.builtin import builtin_rules
from spacy_phi.rules.regex_speed import guarded_pattern
from spacy_phi.rules.spanish import spanish_rules

from rules.helpers import every_case_text

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def _sample_texts():
    texts = every_case_text()  # the rule families' examples and look-alikes
    for folder in ("samples", "samples_es"):
        texts += [path.read_text(encoding="utf-8") for path in sorted((ASSETS / folder).glob("*.txt"))]
    for part in ("a", "f", "h"):  # training notes of three styles: inpatient, faxes and chat, one-liners
        texts += [path.read_text(encoding="utf-8") for path in sorted((ASSETS / "realistic_train" / part).glob("*.txt"))[:6]]
    # Unicode look-alikes that match a letter when case is ignored: Kelvin sign, long s.
    texts.append("Seen on 3/4 by Dr. \u212aelly; \u017fince 2019 at St. Mary's Hospital")
    return texts


def _matches(compiled, texts):
    return [[tuple(m.span(i) for i in range(compiled.groups + 1)) for m in compiled.finditer(t)] for t in texts]


@pytest.fixture(scope="module")
def sample_texts():
    return _sample_texts()


@pytest.mark.parametrize("rule", builtin_rules() + spanish_rules(), ids=lambda rule: rule.id)
def test_guarded_rule_finds_the_same_matches(rule, sample_texts):
    plain = re.compile(rule.pattern, rule.regex_flags)
    assert rule.compiled.groupindex == plain.groupindex
    assert _matches(rule.compiled, sample_texts) == _matches(plain, sample_texts)


def test_guard_is_a_lookahead_for_the_first_characters():
    guarded = guarded_pattern(r"(?i:\b(?:on|since)\s+)(?P<value>\d{1,2}/\d{1,2})")
    assert guarded.startswith("(?=") and guarded.endswith(r"(?i:\b(?:on|since)\s+)(?P<value>\d{1,2}/\d{1,2})")
    assert re.compile(guarded).match("X") is None and re.compile(guarded).match("Since 3/4")
    assert guarded_pattern(r"(?<![\w-])(?P<value>\d{3})").startswith(r"(?=[\d])")


def test_no_guard_where_it_cannot_help_or_be_known():
    assert guarded_pattern("MRN:? (?P<value>\\d+)") == "MRN:? (?P<value>\\d+)"  # a literal first: re scans fast
    assert guarded_pattern(r"(?:ab)?c?") == r"(?:ab)?c?"  # can match the empty string
    assert guarded_pattern(r"\b.x") == r"\b.x"  # any character first
    assert guarded_pattern(r"\b[^a]x") == r"\b[^a]x"  # a negated class first


def test_global_inline_flags_stay_first():
    guarded = guarded_pattern(r"(?x) \b (?: on | to ) \s+ \d", re.VERBOSE)
    assert guarded.startswith("(?x)(?=") and re.compile(guarded, re.VERBOSE).search("went on 5")
