"""The contact rules (phone and fax numbers, e-mails, URLs, IPv4; spacy_phi/rules/families/contact.py):
each example fires its rule with its value and label, and no rule fires on a look-alike."""

from __future__ import annotations

import pytest

from spacy_phi import blank_pipeline
from spacy_phi.rules.families import contact
from spacy_phi.spangroups import NER_GROUP, RULES_GROUP

from .helpers import rule_spans, spans_over

#: (text, look-alike): no rule may fire on any part of the look-alike.
LOOKALIKES = [
    ("x 3 days", "x 3"),
    ("magnification x400", "x400"),
    ("Flexion 40° limited by pain, extension 10°. SLR neg.", "10"),
    ("Hip ext 30 deg, flex 90 deg", "30"),
    ("firmware 10.1.2.300 installed", "10.1.2.300"),  # an octet above 255: no IPv4 address
    ("phone call with daughter, 20 min", "20"),
    ("Call back if fever > 101.5", "101.5"),
    ("NDC 0002-8215-01 dispensed", "0002-8215-01"),
    ("ABG 7.35/45/100/24 on AC", "7.35/45/100/24"),  # a lab series, no phone with slashes
]


@pytest.mark.parametrize("text,label,value,rule_id", contact.EXAMPLES)
def test_example_fires_its_rule(rules_nlp, text, label, value, rule_id):
    assert (label, value, rule_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize("text,lookalike", LOOKALIKES)
def test_no_rule_fires_on_a_lookalike(rules_nlp, text, lookalike):
    assert spans_over(rules_nlp, text, lookalike) == []


def test_bare_phone_defers_to_the_ner_label_but_fax_context_does_not():
    """A phone number without a context word is PHONE by default with priority 1,
    so a trained NER's FAX wins; after "Fax:" the rule's FAX wins over NER PHONE."""
    nlp = blank_pipeline()
    nlp.add_pipe("phi_rules").initialize()
    merge = nlp.add_pipe("phi_merge")
    doc = nlp("Sent to 617-555-4321 today. Fax: 617-555-9999.")
    rule_ids = {s.text: s.id_ for s in doc.spans[RULES_GROUP]}
    assert rule_ids == {"617-555-4321": "phone_us:no_context", "617-555-9999": "phone_us"}
    bare, after_fax = doc.text.index("617-555-4321"), doc.text.index("617-555-9999")
    doc.spans[NER_GROUP] = [doc.char_span(bare, bare + 12, "FAX"), doc.char_span(after_fax, after_fax + 12, "PHONE")]
    doc = merge(doc)
    assert [(e.text, e.label_) for e in doc.ents] == [("617-555-4321", "FAX"), ("617-555-9999", "FAX")]
