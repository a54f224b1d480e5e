"""The identifiers rules (record, account, plan, licence, device, vehicle and other ID numbers, SSNs, user names and the identifier shapes; spacy_phi/rules/families/identifiers.py):
each example fires its rule with its value and label, and no rule fires on a look-alike."""

from __future__ import annotations

import pytest

from spacy_phi.rules.families import identifiers

from .helpers import rule_spans, spans_over

#: (text, look-alike): no rule may fire on any part of the look-alike.
LOOKALIKES = [
    ("LASIX 40MG WITH EXCELLENT RESPONSE, NOW PAD'S18-23. GU: LOW U/O", "PAD'S18-23"),  # readings after a word's apostrophe
    ("Na 138 K 4.1 Cl 101", "Na 138 K 4.1 Cl 101"),
    ("heparin 40,000 units", "40,000"),
    ("full support was given by hosp.chapl.& pat rixford", "hosp.chapl"),  # no author's cue before it
    ("Dose: 2 by mouth.", "mouth"),
    ("ICD-10 E11.9 and I10", "E11.9 and I10"),
    ("CPT 99213 billed", "99213"),
    ("WBC 12.5 Hgb 10.1 Plt 250", "WBC 12.5 Hgb 10.1 Plt 250"),
    ("HbA1c 7.2%", "HbA1c 7.2%"),
    ("COVID-19 negative", "COVID-19"),
    ("SpO2 98% on 2L", "SpO2 98% on 2L"),
    ("mitral MR 2+", "MR 2+"),
    ("version 1.2.3", "1.2.3"),
    ("COPD, GOLD 2 -- stable", "GOLD 2"),
    ("HPI: 22 yo G2P1001 at 34w3d w/ PPROM.", "G2P1001"),
    # readings and settings of ICU charting, in capitals
    ("RESTED OVERNIGHT ON AC 650X10, 50%, PEEP 7.5.", "650X10"),
    ("PT. INITIALLY ON AC 600X16/5/40%, OVERBREATHING", "600X16/5/40"),
    ("GU: U/O 30-40CC/HR. BUN 94", "30-40CC"),
    ("I/O (-) 1300CC AS OF 10PM", "1300CC"),
    ("HR 61-64SR WITH OCCAS. PVC'S", "61-64SR"),
    ("CV: Tele: NSR. HR60-70's. NBP 90-120's", "HR60-70"),
    ("O2 @ 2L NC. RR-18-20 REG.", "RR-18-20"),
    ("PROPOPHOL GTT @15-20MCG/KG/MIN", "@15-20MCG"),
    ("WEANED AND EXTUBATED AT 1145AM WITH STABLE ABG", "1145AM"),
    ("CCU NURSING PROGRESS NOTE 7A-12P    NEURO", "7A-12P"),
]


@pytest.mark.parametrize("text,label,value,rule_id", identifiers.EXAMPLES)
def test_example_fires_its_rule(rules_nlp, text, label, value, rule_id):
    assert (label, value, rule_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize("text,lookalike", LOOKALIKES)
def test_no_rule_fires_on_a_lookalike(rules_nlp, text, lookalike):
    assert spans_over(rules_nlp, text, lookalike) == []
