"""The date rules (dates, years, months, weekdays and holidays; spacy_phi/rules/families/date.py):
each example fires its rule with its value and label, and no rule fires on a look-alike."""

from __future__ import annotations

import pytest

from spacy_phi.rules.families import date

from .helpers import rule_spans, spans_over

#: (text, look-alike): no rule may fire on any part of the look-alike.
LOOKALIKES = [
    # a clock time after "at", "till" and an approximation; a target; a fingerstick
    ("cv/resp vss nsr extubated at aprox 2030 with stable gas", "2030"),
    ("easily arousable. c/o h/a around 2000 which was relieved with tylenol.", "2000"),
    ("FOLLOWING BLOOD TRANSFUSION, AND DUMPED 2000+.    G.I: SOFT", "2000"),  # an amount
    ("SOCIAL=WIFE & DAUGHTER PRESENT TILL APPROX 2030. A: GOOD RESPONSE", "2030"),
    ("s/p pacer placement. wean neo as tol, map goal 60. bedrest", "60"),
    ("h/o DM, admitted w/ MS changes and FS 54. given d50", "54"),
    ("uop in dec over last 4 hrs", "dec"),  # a decrease, no December
    ("jun kinase assay sent", "jun"),
    ("STRENGTH 4/5 - 5/5 BILAT", "5/5"),
    ("STRENGTH 4/5 - 5/5 BILAT", "4/5"),
    ("take 1/2-3/4 tab at bedtime", "1/2"),
    ("take 1/2 - 3/4 tab at hs", "3/4"),
    ("pain at 2pm 8/10, medicated", "8/10"),
    ("PMH: CAD, BP 9/60 on arrival", "9/60"),
    ("LABS: K 4/40 ratio", "4/40"),
    # ventilator settings and charting times of ICU notes
    ("pt. on PS 10/5/40% for entire shift", "10/5/40"),
    ("Pt. initially on AC 600x16/5/40 with ABG", "16/5/40"),
    # numbers of a history list that are no years: labs, stages, scores, durations, counts
    ("PMH: CAD, EF 20% ,AV block", "20"),
    ("PMH: CKD 3, GOLD 2 COPD", "CKD 3, GOLD 2"),
    ("PMH: HTN 10 yrs, DM2 x 20 yr", "10"),
    ("PMH: CHF, INR 7 on coumadin, K 45", "INR 7 on coumadin, K 45"),
    ("PMH: smoker 40 pk yrs", "40"),
    ("MI 92 transferred to floor", "92"),
    ("8 yo m s/p T&A, OR 6. arrived bay 12 at 1350", "12"),
    ("PMH: HTN, OSA on CPAP (AirSense 11, compliant), GERD.", "11"),
    ("PMH: HTN, OSA, HLD\nMeds: lisinopril 20, metformin 1000 BID", "20"),
    ("HPI: 74 yo M w/ nAMD OS, s/p 14 intravitreal injections", "14"),
    ("PMH: alcohol use d/o + seizure; CIWA 12 at 1700", "12"),
    ("PMH: falls.\nMorse Fall Scale 75.  Braden 14.", "75.  Braden 14"),
    ("Pain is currently rated at 2/10 and increases to 8/10 on stairs.", "8/10"),
    ("Quadriceps strength 4/5 on the right and 5/5 on the left.", "5/5"),
    ("Shoulder pain 3/10 at rest and 6/10 with overhead reaching.", "6/10"),
    ("BNP 2010 on admission, down from 3400.", "2010"),
    ("Pt drives a 2014 Ford F-150 to work.", "2014"),
    ("Paged back at 2040 with results.", "2040"),
    ("BP 120/80 HR 72", "120/80"),
    ("at 14:30 today", "14:30"),
    ("from 1900 to 2100 slept", "1900 to 2100"),
    ("slept from 2000 to 0600", "2000 to 0600"),
    ("drain output from 1800 to 2000 mL", "1800 to 2000"),
    ("hold heparin until 2100 tonight", "2100"),
    ("(n = 2000)", "2000"),
    ("at 2100 pt resting", "2100"),
    ("2/6 systolic murmur", "2/6"),
    ("5/5 strength throughout", "5/5"),
    ("pain 7/10", "7/10"),
    ("pain score of 8/10 today", "8/10"),
    ("take 1/2 tab", "1/2"),
    ("20/20 vision", "20/20"),
    ("2000 mg daily", "2000"),
    ("increased to 2000 mg", "2000"),
    ("1500 kcal diet", "1500"),
    ("you may need it", "may"),
    ("we may 2 times a day", "may 2"),
    ("my mother's day care", "mother's day"),
    ("twenty twenty vision", "twenty twenty"),
    ("a slight 3/6 ejection murmur", "3/6"),
    ("NS 1800-2000 mL over 24 h", "1800"),
    ("nursing progress note 1900-0700 (tsicu)", "1900"),
    ("WBC 14.2, BNP 2,840.", "840"),
    ("gave 1500, 2000 ml", "2000"),
    ("retired in 2015 and moved", "in"),
    ("10,000 units on sundays and 2000s on the other six days", "2000s"),
    ("ABG 7.35/40/80", "7.35/40/80"),
    ("we may consider", "may"),
    ("will march on", "march"),
    ("O2 sat 95%", "sat 95%"),
    ("10:30:00 recorded", "10:30:00"),
    ("gave 2000 (2000 mg) and 1800 (1800)", "1800 (1800)"),
    ("in 2085 and 2088 mg", "2088 mg"),
    ("Time: 1800-2100 (3 h)     Session 14 of 24", "1800"),
    ("Order set CO2 level, O2 sat 94% on 2L", "O2"),
    ("Wed to her partner since 2010; lives with him", "Wed"),
    ("Staples removed 1/2 of the line today", "1/2"),
    ("Rated 5/10 at rest, then extubated 4/10 of attempts", "4/10"),
    ("He quit smoking 20 years ago.", "20"),
    ("Thanks,\nO. Omojola, M.D.\n\n3/3 blood cx positive; Advair 100/50", "3/3"),  # one line alone: a count
    ("STOPPED SMOKING 40 PACK YEARS", "40"),
]


@pytest.mark.parametrize("text,label,value,rule_id", date.EXAMPLES)
def test_example_fires_its_rule(rules_nlp, text, label, value, rule_id):
    assert (label, value, rule_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize("text,lookalike", LOOKALIKES)
def test_no_rule_fires_on_a_lookalike(rules_nlp, text, lookalike):
    assert spans_over(rules_nlp, text, lookalike) == []
