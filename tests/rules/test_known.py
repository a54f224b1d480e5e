"""`phi_known`: identifiers the caller already knows, found in their written variants."""

from __future__ import annotations

from typing import List, Tuple

import pytest
import spacy

from spacy_phi import blank_pipeline
from spacy_phi.spangroups import KNOWN_GROUP


@pytest.fixture(scope="module")
def known_nlp():
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_known")
    nlp.initialize()
    return nlp


def known_spans(nlp, text, known) -> List[Tuple[str, str]]:
    doc = nlp.make_doc(text)
    doc.user_data["phi_known"] = known
    doc = nlp(doc)
    return [(s.label_, s.text) for s in doc.spans[KNOWN_GROUP]]


@pytest.mark.parametrize(
    "text,value",
    [
        ("ROE, JANE seen", "ROE, JANE"),
        ("Roe, Jane seen", "Roe, Jane"),
        ("jane roe seen", "jane roe"),
        ("J. Roe seen", "J. Roe"),
        ("Jane R. seen", "Jane R."),
        ("Jane's mother", "Jane"),
        ("Mrs. Roe's visit", "Roe"),
        ("J.R. initials", "J.R."),
        ("Mary Ann Roe-Smith", "Mary Ann Roe-Smith"),
        ("seen with Roe Smith", "Roe Smith"),
        ("Mary-Ann came", "Mary-Ann"),
        ("Maryann came", "Maryann"),
    ],
)
def test_known_name_variants(known_nlp, text, value):
    found = known_spans(known_nlp, text, {"PATIENT": ["Jane Roe", "Mary-Ann Roe-Smith"]})
    assert ("PATIENT", value) in found


def test_known_nicknames_and_common_words(known_nlp):
    known = {"PATIENT": ["William Hope"]}
    assert ("PATIENT", "Bill") in known_spans(known_nlp, "Bill came in", known)
    assert ("PATIENT", "Hope") in known_spans(known_nlp, "Mr. Hope came", known)
    # common-word name parts only match capitalized
    assert known_spans(known_nlp, "we hope he will come", known) == []


def test_known_codes_dates_and_addresses(known_nlp):
    known = {
        "MEDICALRECORD": ["0937884"],
        "PHONE": ["617-555-1234"],
        "DATE": ["1950-03-02"],
        "STREET": ["12 Oak Street Apt 4"],
        "CITY": ["Springfield"],
    }
    text = "MRN 093-7884; phone (617) 555 1234 or 555-1234; DOB March 2, 1950 and 03/02/1950; 12 Oak St. Apt 4; on Oak Street. springfield"
    found = known_spans(known_nlp, text, known)
    assert ("MEDICALRECORD", "093-7884") in found
    assert ("PHONE", "(617) 555 1234") in found
    assert ("PHONE", "555-1234") in found
    assert ("DATE", "March 2, 1950") in found
    assert ("DATE", "03/02/1950") in found
    assert ("STREET", "12 Oak St. Apt 4") in found
    assert ("STREET", "Oak Street") in found
    assert ("CITY", "springfield") in found


def test_known_list_form_context_and_static_entries(known_nlp, tmp_path):
    text = "Jane Roe called Dr. Kruger."
    docs = list(known_nlp.pipe([(text, {"phi_known": [{"text": "Jane Roe", "label": "PATIENT"}]})], as_tuples=True))
    assert [(s.label_, s.text) for s in docs[0][0].spans[KNOWN_GROUP]] == [("PATIENT", "Jane Roe")]
    nlp = blank_pipeline("en")
    known = nlp.add_pipe("phi_known")
    nlp.initialize()
    known.add_entries({"DOCTOR": ["Ada Kruger"]})
    doc = nlp(text)
    assert ("DOCTOR", "Kruger") in [(s.label_, s.text) for s in doc.spans[KNOWN_GROUP]]
    nlp.to_disk(tmp_path / "p")
    loaded = spacy.load(tmp_path / "p")
    doc = loaded(text)
    assert ("DOCTOR", "Kruger") in [(s.label_, s.text) for s in doc.spans[KNOWN_GROUP]]


def test_known_bad_input_is_an_error_without_values(known_nlp):
    doc = known_nlp.make_doc("Jane Roe")
    doc.user_data["phi_known"] = "Jane Roe"  # not a dict or list
    with pytest.raises(TypeError) as info:
        known_nlp(doc)
    assert "Jane" not in str(info.value)
