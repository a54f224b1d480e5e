"""The location rules (streets, cities, states, ZIP codes, countries, rooms, units, hospitals and organizations; spacy_phi/rules/families/location.py):
each example fires its rule with its value and label, and no rule fires on a look-alike."""

from __future__ import annotations

import pytest

from spacy_phi.rules.families import location

from .helpers import labels_and_values, rule_spans, spans_over

#: (text, look-alike): no rule may fire on any part of the look-alike.
LOOKALIKES = [
    # a lower-case word before a number after "to" or "on": a drug, a setting, a word
    ("increase to coumadin 5 mg tonight", "coumadin"),
    ("PT RECEIVED FROM OR 1245 S/P TVR #29.", "1245"),  # the time of the move
    ("titrated to levophed 4 this am", "levophed"),
    ("weaned to pressure 10 support", "pressure"),
    ("plt 61; she is to recieve 1 bag on-call to or.", "recieve"),  # a slip of a word
    ("she is devoted to sacred heart devotions", "sacred heart"),  # a listed name without a move
    ("GU: OOB to commodex3 voiding with stool.", "commodex"),
    ("RR 13-18\n CVS; T 99 PO. PACEMAKER ATTACHED.", "CVS"),  # a system header
    ("CVS: HR 80 SR, BP STABLE", "CVS"),
    ("ACTIVITY: OOB UP TO CH. TOL WELL.", "CH"),
    ("HELD DUE TO HIGH RESIDUAL. PRN REGLAN", "HIGH"),
    ("TRANSFERRED FROM OSH WITH CP", "OSH"),
    ("PLAN D/C TO HH WITH PT", "HH"),
    ("ABG AT PH 7.31, REPEAT", "PH"),
    ("cardiac: nsr in the 90's to st in the low 100's, occas pvc", "st in"),
    ("hr 80-100's sr to st with occasional pvc's", "st with"),
    ("Social: Army 1966-1968, served in Vietnam.", "Army"),
    ("Wife Called EMS after he fell.", "EMS"),
    ("[patient] i was driving on the road when it started", "the road"),
    ("[patient] we live off a busy road near the school", "busy road"),
    ("[patient] it was on main street by the bank", "main street"),
    ("[patient] i volunteer at the food bank on fridays", "food bank"),
    ("per state law, reportable within 24 h", "state"),
    ("went to bed in mobile home", "mobile"),
    ("he is in bed", "bed"),
    ("he ran in boston marathon", "boston"),
    ("ups and downs", "ups"),
    ("the university of washington", "washington"),
    ("Is the Mayo Clinic the best place for this?", "Mayo Clinic"),
    ("type and cross sent to Blood Bank at 14:00", "Blood Bank"),
    ("referred to the Food Bank on Main St", "Food Bank"),
    ("admitted to General Hospital overnight", "General Hospital"),
    ("SEEN IN GENERAL MEDICINE CLINIC", "GENERAL MEDICINE CLINIC"),
    ("room air", "room air"),
    ("lives in grandma's house", "house"),
    ("transferred to the ward 6 days later", "ward 6"),
    ("Expected d/c POD 1 to home", "POD 1"),
    ("works at night and sleeps days", "night"),
    ("cooked in turkey fat", "turkey"),
    ("she got it from china town", "china"),
    ("we had a family reunion in june", "reunion"),
    ("She worked for Dr. Lee", "Dr."),
    ("worked for PT. and OT.", "PT"),
    ("works at ICU step-down", "ICU"),
    ("i work at target", "target"),
    ("At Baseline she walks", "Baseline"),
    ("At Home since 2019 with hospice", "Home"),
    ("Exit I-5 North toward the clinic.", "5 North"),
    ("bed 30 degrees, HOB up", "30"),
    ("Inner City youth program referral", "Inner City"),
    ("Chair rise test: 12 in 30 s", "12"),
    ("OR 2.1 (95% CI 1.4-3.0) for recurrence", "2.1"),
    ("ST ROSE HOSPITAL - Page 1 of 2", "Page"),
    ("Lakeside Family Medicine - Progress Note", "Progress Note"),
    ("Please Call 5 West with results.", "Call"),
    ("Lives at 79 Pine Shore Unit 5, Dover.", "Pine Shore Unit 5"),
    ("PLAN: TRANSFER TO MICU WHEN BED AVAILABLE", "MICU"),
    ("pt sent to IR for line placement", "IR"),
    ("d/c'd to rehab in the am", "rehab"),
    ("arrived from OSH intubated", "OSH"),
    ("transfer to stepdown 2 when stable", "stepdown"),
    ("remains on levo 2 mcg/kg/min", "levo"),
    ("went to sleep after midnight", "sleep"),
    ("was taken to outside hospital by ems", "outside"),
    ("Pt brought to the main campus for MRI", "main"),
    ("New clot sent to BB. 5 u ready", "BB"),
    ("PT RETURNED TO SIMV OVERNIGHT", "SIMV"),
    ("all lines dc'd from fem site", "fem"),
    ("she says I'm going to die", "die"),
    ("BP LOW TO UPPER 80'S SYSTOLIC", "UPPER"),
    ("STATING HE WANTED TO LEAVE HOSPITAL AND SIGN AMA", "LEAVE"),
    ("TITRATED TO LEVO 2. BP STABLE", "LEVO"),
    ("weaned to Pressure support 5. tol well", "Pressure"),
    ("HR UP TO 120. BP STABLE", "120"),
    ("remains on levo 2.5 mcg", "levo"),
    ("FOLLOWED BY THE TEAM AT MICU. NO CHANGE", "MICU"),
    ("SENT FROM CT. NO CHANGE", "CT"),
    ("PTT DUE AT MN. HEPARIN AT 800U/HR", "MN"),
    ("SPOKE TO THE MD. WILL FOLLOW", "MD"),
    ("PAGE FROM THE MD. WILL FOLLOW", "MD"),
    ('STARTED TALKING TO THE TV. CALM NOW', "TV"),
    ("CLOT SENT TO THE BB. 2 U READY", "BB"),
    ("ASSESSED AT PT, OT AND SW", "PT"),
    ("brought to IR cath lab for embolization", "IR"),
    ("pt brought to CT cath lab area", "CT"),
    ("WILL RETURN TO BASELINE SOON", "BASELINE"),
    ("she lives in a house with her son", "house"),
    ("arrived from home with family", "home"),
    ("lives in Boston Medical housing", "Boston"),
    ("ECHO 3/2 (performed at the outside hospital) normal", "performed"),  # a verb and a preposition name nothing
    ("Cdiff + per BMC. NPO X2 days.", "BMC"),  # bone mineral content on a clinical list
    ("L thumb CMC joint arthritis", "CMC"),
    ("will be referred to either physical rehab or a chiropractor", "either physical"),  # a kind of rehab
    ("was o2 dep at prev rehab site, cpap as well", "prev"),
    ("FLUIDS PER EMC PROTOCOL", "PROTOCOL"),
]


@pytest.mark.parametrize("text,label,value,rule_id", location.EXAMPLES)
def test_example_fires_its_rule(rules_nlp, text, label, value, rule_id):
    assert (label, value, rule_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize("text,lookalike", LOOKALIKES)
def test_no_rule_fires_on_a_lookalike(rules_nlp, text, lookalike):
    assert spans_over(rules_nlp, text, lookalike) == []


def test_trie_pattern_matches_exactly_its_phrases():
    import re

    from spacy_phi.lexicon.gazetteers import cms_hospital_names, trie_pattern

    pattern = re.compile(rf"\b(?:{trie_pattern(frozenset({'ab c', 'ab', 'ad'}))})\b")
    assert [m.group(0) for m in pattern.finditer("ab c ab ad a abd")] == ["ab c", "ab", "ad"]
    names = cms_hospital_names()
    assert "national jewish health" in names and "fairbanks" not in names and "memorial hospital" not in names


def test_branch_town_and_ward_checks():
    from spacy_phi.lexicon.gazetteers import is_branch_town, is_named_ward

    assert is_branch_town("Rio Rancho") and is_branch_town("TEMPLE") and is_branch_town("Bethany")
    assert not is_branch_town("Page") and not is_branch_town("Progress Note") and not is_branch_town("Montlake")
    assert is_named_ward("Feinberg 14 West") and is_named_ward("Critical Care Unit 2") and is_named_ward("Tower 4 ICU")
    assert not is_named_ward("Tower 4")  # department_compass_unit's
    assert not is_named_ward("Call 5 West") and not is_named_ward("Hospital 4 North")


def test_a_street_is_no_compass_unit(rules_nlp):
    assert ("DEPARTMENT", "5 West") not in labels_and_values(rules_nlp, "Lives at 5 West Main St, Apt 2.")


def test_a_hospital_word_after_a_relative_word_is_no_name(rules_nlp):
    # "Friends" is a relative word of the name rules; the hospital is no person.
    assert labels_and_values(rules_nlp, "Friends Hospital") == [("HOSPITAL", "Friends Hospital")]
