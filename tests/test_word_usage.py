"""How often English writes a word in lower case: the shipped table, the two
questions it answers, and its use where a note's capitals say nothing."""

from __future__ import annotations

import gzip

import pytest

from guard_helpers import guard_one_span, guard_pipeline

from spacy_phi.lexicon.word_usage import MIN_LETTERS, misspelt_lower_case_word, word_usage, written_as_name, written_in_lower_case
from spacy_phi.lexicon_rebuild.word_usage import MISSING_LOG_PROB, select_word_usage, write_word_usage
from spacy_phi.spangroups import NER_GROUP


def test_the_shipped_table_is_read_once_and_holds_frequent_words():
    table = word_usage()
    assert table is word_usage()
    assert len(table) > 40_000
    lower, capitalised = table["home"]
    assert lower > capitalised  # "home" far more often than "Home"
    assert all(word.islower() and word.isascii() and len(word) >= 2 for word in table)


@pytest.mark.parametrize("word", ["feet", "home", "began", "hung", "said", "lifestyle", "will"])
def test_words_english_writes_in_lower_case(word):
    assert written_in_lower_case(word)


@pytest.mark.parametrize("word", ["hope", "brown", "nancy", "carol", "kowalski", "ohio", "palfrey", "nyc", "unlisted"])
def test_names_rare_words_and_short_acronyms_are_not_read_as_lower_case_words(word):
    # names, names that are words as often ("brown", "hope"), rare words, short acronyms web text types in lower case
    assert not written_in_lower_case(word)
    assert MIN_LETTERS == 4


@pytest.mark.parametrize("word,expected", [("jones", True), ("smith", True), ("tanaka", True), ("pat", False), ("hall", False), ("home", False)])
def test_written_as_name(word, expected):
    assert written_as_name(word) is expected


@pytest.mark.parametrize("word,expected", [
    ("neice", True),  # "niece" with two letters swapped
    ("remians", True),
    ("lavely", False),  # one letter from "lovely", but letters replaced make surnames too
    ("carlos", False),  # a name of the name lists
    ("niece", False),  # the word itself
    ("tfi", False),  # too short
])
def test_swapped_letters_of_a_lower_case_word(word, expected):
    assert misspelt_lower_case_word(word) is expected


def test_rebuild_selects_and_writes_deterministically(tmp_path):
    probabilities = {"home": -8.3, "Home": -11.4, "Tanaka": -13.6, "tanaka": -16.6, "rare": -18.0, "x": -5.0, "Ünï": -9.0, "HOME": -13.0}
    rows = select_word_usage(probabilities)
    assert rows == [("home", -8.3, -11.4), ("tanaka", -16.6, -13.6)]
    first, second = tmp_path / "a.txt.gz", tmp_path / "b.txt.gz"
    write_word_usage(first, "header", rows)
    write_word_usage(second, "header", rows)
    assert first.read_bytes() == second.read_bytes()
    assert gzip.decompress(first.read_bytes()).decode().splitlines() == ["# header", "home\t-8.3\t-11.4", "tanaka\t-16.6\t-13.6"]
    assert select_word_usage({"only": -10.0})[0][2] == MISSING_LOG_PROB


@pytest.fixture(scope="module")
def guard_nlp():
    return guard_pipeline()


CAPITALS_NOTE = "SKIN- ARMS, FEET ,SCROTUM AND PENIS EDEMATOUS. THEN 2ND UNIT PRBC TO BE HUNG. DAUGHTER HOPE IN TO VISIT."


@pytest.mark.parametrize("value", ["FEET", "HUNG"])
def test_in_capitals_a_word_english_writes_in_lower_case_is_no_name(guard_nlp, value):
    kept, vetoed = guard_one_span(guard_nlp, CAPITALS_NOTE, value, "PATIENT", NER_GROUP)
    assert kept == [] and len(vetoed) == 1


def test_in_capitals_a_name_that_is_also_a_word_stays(guard_nlp):
    kept, vetoed = guard_one_span(guard_nlp, CAPITALS_NOTE, "HOPE", "PATIENT", NER_GROUP)
    assert kept == ["HOPE"] and vetoed == []
