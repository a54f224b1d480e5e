"""The open clinical-abbreviation list and the guard's shorthand checks: a note's
abbreviations, SOAP letters, slash pairs and words in capitals are no names,
places or organisations; names beside them, titles and addresses keep theirs."""

from __future__ import annotations

import pytest

from spacy_phi.lexicon.clinical_abbreviations import clinical_abbreviations
from spacy_phi.lexicon.common_words import is_common_word, person_names, read_word_list
from spacy_phi.lexicon.label_lexicons import default_lexicons
from spacy_phi.lexicon.vocabulary import default_vocabulary
from spacy_phi.lexicon_rebuild.clinical_abbreviations import select_clinical_abbreviations

from guard_helpers import guard_one_span, guard_pipeline


def test_the_list_loads_with_known_entries():
    abbreviations = clinical_abbreviations()
    assert len(abbreviations) > 2000
    assert {"SIMV", "LCX", "RSD", "CVS", "LLL", "SR"} <= abbreviations
    assert "SIMV" in default_vocabulary().clinical_abbreviations
    assert default_vocabulary().is_clinical_abbreviation("LCX")
    assert not default_vocabulary().is_clinical_abbreviation("Lcx")  # exact, with case


def test_the_list_holds_no_state_code_country_code_name_or_word():
    abbreviations = clinical_abbreviations()
    lexicons = default_lexicons()
    codes = {c for c in lexicons.states | lexicons.countries if c.isupper()}
    assert not abbreviations & codes
    assert not {"CA", "CO", "MN", "PA", "TX", "US", "UK"} & abbreviations
    names = person_names()
    assert not [a for a in abbreviations if a.lower() in names]
    common = set(read_word_list("common_words.txt.gz"))
    assert not [a for a in abbreviations if is_common_word(a.lower(), common)]


def test_the_selection_drops_codes_names_places_words_and_odd_forms():
    kept = select_clinical_abbreviations(
        ["SIMV", "CA", "ED", "MOCA", "HEART", "T12", "C diff", "IFN-γ", "D&C", "Tx", "X"],
        codes={"CA", "TX"},
        lower_names_and_places={"ed", "moca"},
        is_common=lambda word: word == "heart",
    )
    assert kept == ["D&C", "SIMV", "Tx"]  # "Tx" is no code as written


CAPS = "PT AWAKE, FOLLOWING COMMANDS, NO DISTRESS NOTED TODAY; "

VETOED = [
    (CAPS + "ON SIMV OVERNIGHT, SATS OK", "SIMV", "COUNTRY", "guard:abbreviation/listed_alone"),  # "SIMV 50%": a ventilator mode
    (CAPS + "LCX STENT PATENT", "LCX", "DOCTOR", "guard:abbreviation/listed_alone"),
    ("pt seen. HO aware. Abd soft.", "HO", "DOCTOR", "guard:abbreviation/staff_role"),
    (CAPS + "BLISTER NOTED, HO AWARE.", "HO", "STATE", "guard:abbreviation/staff_role"),
    (CAPS + "\nS. \"I WANT TO GO HOME\"\n", "S.", "PATIENT", "guard:abbreviation/soap_header"),
    ("Pt ok.\nS-\"I hope to go home\"", 'S-"I hope', "PATIENT", "guard:abbreviation/soap_header"),
    (CAPS + "SPEC SENT C/S. BS 150", "S.", "DOCTOR", "guard:abbreviation/slash_pair"),
    (CAPS + "SUCTIONED FOR THICK WHITE SECRETONS.", "THICK WHITE SECRETONS", "PATIENT", "guard:common_word/ordinary_words"),
    (CAPS + "PT PRESNT TILL NOON", "PRESNT TILL", "PATIENT", "guard:common_word/ordinary_words"),
    ("Plan: WEAN SLOWLY AS TOLERATED today", "WEAN SLOWLY AS TOLERATED", "DOCTOR", "guard:common_word/ordinary_words"),
]


@pytest.mark.parametrize("text,value,label,reason", VETOED)
def test_shorthand_and_words_in_capitals_are_vetoed(text, value, label, reason):
    kept, vetoed = guard_one_span(guard_pipeline(), text, value, label)
    assert kept == [] and vetoed == [(value, reason)]


KEPT = [
    ("Seen by Dr. Al Ross today", "Al Ross", "DOCTOR"),  # title
    ("Mr. Ed is here", "Ed", "PATIENT"),
    ("Ms. May called", "May", "PATIENT"),
    ("Lives in Boston, MA with wife", "MA", "STATE"),  # a state code is in no list
    ("Attending: SIMV", "SIMV", "DOCTOR"),  # a name field before it
    (CAPS + "SEEN BY SR GARCIA", "SR", "DOCTOR"),  # a name after it
    ("q. lander rrt at bedside", "q. lander", "DOCTOR"),
    ("\nP. Smith called\n", "P. Smith", "DOCTOR"),  # an initial, not a SOAP letter
    (CAPS + "ROSE HUNTER VISITED", "ROSE HUNTER", "PATIENT"),  # every word a name
    (CAPS + "DAUGHTER HOPE VISITED", "HOPE", "PATIENT"),  # one word, a name
    (CAPS + "LEAVE QUENTIN", "LEAVE QUENTIN", "DOCTOR"),  # a name that is no word
    (CAPS + "GROUNDSKEEPER AT TARGET", "TARGET", "ORGANIZATION"),  # an institution keeps its capitals
    ("Picked up meds at CVS today.", "CVS", "ORGANIZATION"),  # a chain, whatever else it abbreviates
    ("Works at IBM as an engineer.", "IBM", "ORGANIZATION"),
    ("Smith/Jones to follow", "Smith", "DOCTOR"),  # a slash between names
    ("Dictated, not read. MJY/kt\n", "kt", "DOCTOR"),  # a dictation's initials
    ("Temple, TX\nDate: May 6", "TX", "STATE"),  # a state code
    ("SM = Sven Moe RN; AT = Anita Torgerson", "AT", "DOCTOR"),  # initials, not "at"
    ("PIEDMONT VALLEY ORTHOPAEDICS & SPORTS MEDICINE\n1450 Peachtree Rd", "PIEDMONT VALLEY ORTHOPAEDICS & SPORTS MEDICINE", "HOSPITAL"),
    ("Pt was transferred to GH for care.", "GH", "HOSPITAL"),  # a move into a place
    ("Plan: referral to BMC behavioral health", "BMC", "HOSPITAL"),  # "to" an organisation
    ("cleared customs; CBP officer on scene", "CBP", "ORGANIZATION"),  # a job after its employer
    ("Crown seated, recheck in 2 wk. RW\n", "RW", "DOCTOR"),  # two capitals of the open list: initials
    (CAPS + "PT TX TO GH, STABLE", "GH", "HOSPITAL"),
]


LISTED_THREE_LETTERS = [
    ("Pt now on SIMV overnight", "SIMV", "ORGANIZATION"),
    (CAPS + "STENT TO THE LCX PLACED", "LCX", "DOCTOR"),
]


@pytest.mark.parametrize("text,value,label", LISTED_THREE_LETTERS)
def test_listed_abbreviations_of_three_letters_are_vetoed(text, value, label):
    kept, vetoed = guard_one_span(guard_pipeline(), text, value, label)
    assert kept == [] and vetoed == [(value, "guard:abbreviation/listed_alone")]


def test_three_capitals_as_a_person_stay_in_a_mixed_case_note():
    # In a note that uses lower case, three capitals tagged as a person are as often
    # someone's initials: the open list does not veto them there (recall first).
    kept, vetoed = guard_one_span(guard_pipeline(), "Stent to the LCX placed", "LCX", "DOCTOR")
    assert kept == ["LCX"] and vetoed == []


@pytest.mark.parametrize("text,value,label", KEPT)
def test_names_beside_shorthand_are_kept(text, value, label):
    kept, vetoed = guard_one_span(guard_pipeline(), text, value, label)
    assert kept == [value] and vetoed == []


def test_a_name_after_a_credential_stays():
    kept, vetoed = guard_one_span(guard_pipeline(), CAPS + "RN JONES AT BEDSIDE", "RN JONES", "DOCTOR")
    assert kept == ["JONES"] and vetoed == []  # the credential is trimmed off, the name stays


def test_a_misspelt_word_needs_five_letters_and_no_name():
    vocabulary = default_vocabulary()
    assert vocabulary.is_misspelt_common_word("presnt")
    assert vocabulary.is_misspelt_common_word("statred")  # two letters swapped
    assert not vocabulary.is_misspelt_common_word("sputm")  # too short
    assert not vocabulary.is_misspelt_common_word("ogunleye")
