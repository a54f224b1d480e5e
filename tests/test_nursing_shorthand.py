"""Nursing-note shorthand read as PHI: a system header is no pharmacy ("CVS:"),
an oxygen flow is no nurse practitioner ("2L NP"), and nursing shorthand is no
name ("sinus brady", "ADEQ", "OCC") — while the same words stay PHI where the
context makes them names ("CVS pharmacy", "NP Jane Doe", "my son brady")."""

from __future__ import annotations

import pytest

from guard_helpers import guard_one_span, guard_pipeline

from spacy_phi import blank_pipeline
from spacy_phi.lexicon.vocabulary import default_vocabulary
from spacy_phi.rules.name_patterns import lowercase_given_names
from spacy_phi.spangroups import NER_GROUP, RULES_GROUP


@pytest.fixture(scope="module")
def rules_nlp():
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_rules")
    nlp.initialize()
    return nlp


@pytest.fixture(scope="module")
def guard_nlp():
    return guard_pipeline()


def _rule_matches(nlp, text: str, rule_id: str):
    doc = nlp(text)
    return [span.text for span in doc.spans.get(RULES_GROUP, []) if span.id_ == rule_id]


@pytest.mark.parametrize("text,found", [
    ("CVS: Hemodynamically stable, HR 80's NSR.", []),
    ("CVS-- HR 100'S UNTIL 5 PM.", []),
    ("Picked up her meds at CVS pharmacy yesterday.", ["CVS pharmacy"]),
    ("She fills her prescriptions at CVS.", ["CVS"]),
])
def test_a_system_header_is_no_pharmacy(rules_nlp, text, found):
    assert _rule_matches(rules_nlp, text, "organization_chain") == found


@pytest.mark.parametrize("text,found", [
    ("RESP: O2 sat 98% on 2L NP. Lungs sound clear.", []),
    ("Wearing O2 4 L NP Sats high 90's.", []),
    ("Seen with NP Jane Doe this morning.", ["Jane Doe"]),
    ("Nurse Jones gave meds.", ["Jones"]),
])
def test_an_oxygen_flow_is_no_nurse_practitioner(rules_nlp, text, found):
    assert _rule_matches(rules_nlp, text, "clinician_credential_before") == found


@pytest.mark.parametrize("text,found", [
    ("Completed by: Bailey Endo 05/09/2081", ["Bailey Endo"]),
    ("Guarantor: Eleanora Endo", ["Eleanora Endo"]),
    ("Staff: Brady Kuehl, RCIS", ["Brady Kuehl"]),
])
def test_shorthand_that_is_a_surname_stays_a_name_when_capitalised(rules_nlp, text, found):
    assert _rule_matches(rules_nlp, text, "capitalised_full_name") == found


def test_listed_lower_case_shorthand_is_no_lower_case_given_name():
    vocabulary = default_vocabulary()
    names = lowercase_given_names()
    for word in ("brady", "endo", "hosp"):
        assert vocabulary.is_lower_case_shorthand(word)
        assert word not in names
    assert "gregory" in names  # a name that is no shorthand stays


@pytest.mark.parametrize("text,value,label,vetoed", [
    ("FOLEY CATH DRAINING ADEQ AMT'S OF CLEAR URINE.", "ADEQ", "DOCTOR", True),
    ("CARDIAC: HR 82-88 SR WITH OCC. PVC'S.", "OCC", "PATIENT", True),
    ("TUBE PLACEMENT CHECKED BY XRAY. PLACEMENT GOOD.", "XRAY", "DOCTOR", True),
    ("HR 45-90's sinus brady, no ectopy noted.", "brady", "PATIENT", True),
    # The same words where the words around them make them names.
    ("Spoke with Dr. Brady about the plan.", "Brady", "DOCTOR", False),
    ("my son brady is here with me", "brady", "PATIENT", False),
    # A relative word names a relative only with a name's words after it.
    ("pt married, husband MD (ENT), three children", "MD", "PATIENT", True),
    ("WIFE AND DAUGHTER AND HUSBAND WILL CALL FOR UPDATES.", "WILL CALL", "PATIENT", True),
    # Four letters of the open abbreviation list are no one's initials, in any note; three may be.
    ("Hct 24.7, received 1 unit PRBC. Skin intact.", "PRBC", "DOCTOR", True),
    ("Switched to SIMV. Pt had good volumes.", "SIMV", "PATIENT", True),
    # In capitals, a word English writes in lower case with two letters swapped is a slip.
    ("SOCIAL- WIFE AND NEICE IN TO VISIT TODAY. UPDATED.", "NEICE", "PATIENT", True),
])
def test_nursing_shorthand_alone_is_no_name(guard_nlp, text, value, label, vetoed):
    kept, vetoes = guard_one_span(guard_nlp, text, value, label, NER_GROUP)
    assert (kept == []) is vetoed, (kept, vetoes)
