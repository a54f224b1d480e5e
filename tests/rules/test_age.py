"""The age rules (ages in digits and words; spacy_phi/rules/families/age.py):
each example fires its rule with its value and label, and no rule fires on a look-alike."""

from __future__ import annotations

import pytest

from spacy_phi.rules.families import age

from .helpers import rule_spans, spans_over

#: (text, look-alike): no rule may fire on any part of the look-alike.
LOOKALIKES = [
    # a number opening a line before the history is an age only from 90 up
    ("Problems:\n2 s/p fall, no injury", "2"),
    ("notes\n45 w/ chf, stable", "45"),
    ("Lungs clear. 6-minute walk test: 340 m, SpO2 nadir 89%", "340"),
    ("Pt a retired chemist (3M); flew back", "3M"),
    ("Placed:\n16F foley, draining clear urine", "16F"),
    # "they were 110": a reading, not an age
    ("[doctor] platelets 96 , which is a little low , they were 110 last time .", "110"),
    ("[doctor] your ast is 62 , alt is 88 , so the liver", "62"),
    ("[patient] the pain is seven out of ten today", "seven"),
    ("[patient] she's ten weeks along now", "ten"),
    ("[patient] my son is ten minutes away so he can drive me", "ten"),
    ("Started heparin gtt at 17:00, PTT pending", "17"),
    ("Had a fever at 38.5 overnight, now afebrile", "38"),
    ("[patient] he was nine pounds when he was born , when he was nine pounds", "nine"),
    ("Pain started at 10 am today.", "10"),
    ("First seen at 10:30 in clinic.", "10"),
    ("between 2 and 3 (4 and 5) times a day", "4"),
    ("i'm 45 or 50 pounds heavier", "45 or 50"),
    ("my friend is 5 minutes away", "5"),
    ("my son is 6 feet tall", "6"),
    ("patients over 65", "65"),
    ("age 45", "45"),
    ("children under 18 years of age", "18"),
    ("around 5 to 10 years of age", "10"),
    ("colonoscopy starting at age 45", "45"),
    ("i'm 150 pounds now", "150"),
    ("i was 20 minutes late", "20"),
    ("he's 2 days post op", "2"),
    ("she's about 3 , 3 and a half pounds down", "3 , 3"),
    ("sugars are around one fifty in the morning", "one fifty"),
    ("pressures in the 110s to 130s", "110s to 130s"),
    ("heart rate in the sixties", "sixties"),
    ("son Lasix (40 mg) daily", "40"),
    ("temp 98.6 F", "98.6"),
    ("cut 2 inches", "2 inches"),
    ("my sister was 3 days in the hospital", "3 days"),
    ("wife is 5 months pregnant", "5 months"),
    ("dad was 6 feet tall", "6 feet"),
    # general statements and readings are no ages
    ("Screening between ages 35 and 40 is advised.", "35"),
    ("Mother's HR now 88.", "88"),
    ("Age 18-65 eligible for the trial.", "18"),
    ("2 wk s/p ACL repair, f/u 2 mo f/u", "2"),
    ("Voids 3 in the last 24 hrs m", "24"),
    ("Screening should start at age 45 for everyone", "45"),
    # readings charted as a decade, and what a nursing note says was passed
    ("SATs in the mid 90s, HR in the 90's", "90"),
    ("SR IN THE 90'S AFEBRILE, SBP IN THE 90'S", "90'S"),
    ("GI: PASSED 380 CC DIARRHEA VIA FIB.", "380"),
    ("pt passed 1 lg liq brown stool", "1"),
]


@pytest.mark.parametrize("text,label,value,rule_id", age.EXAMPLES)
def test_example_fires_its_rule(rules_nlp, text, label, value, rule_id):
    assert (label, value, rule_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize("text,lookalike", LOOKALIKES)
def test_no_rule_fires_on_a_lookalike(rules_nlp, text, lookalike):
    assert spans_over(rules_nlp, text, lookalike) == []
