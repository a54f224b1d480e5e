"""The rules-only pipeline and the rule-layer components in a plain spaCy pipeline."""

from __future__ import annotations

import spacy
from spacy.tokens import Span

import spacy_phi
from spacy_phi import rules_pipeline

NOTE = (
    "Discharge summary for Mrs. Jane Roe (MRN: 0937884), 92 yo F.\n"
    "Admitted 9/14/2067. Hx Parkinson's disease, Foley catheter in place.\n"
    "Dr. Ada Kruger, phone 617-555-1234, fax 617-555-4321, akruger@mgh.org.\n"
)


def test_rules_pipeline_deidentifies_and_keeps_medical_words():
    nlp = rules_pipeline(default_mode="tag")
    doc = nlp(NOTE)
    out = doc._.deidentified
    for phi in ("Jane Roe", "0937884", "9/14/2067", "Kruger", "617-555-1234", "617-555-4321", "akruger@mgh.org"):
        assert phi not in out
    assert "Parkinson's disease" in out and "Foley catheter" in out
    assert "[**FAX**]" in out
    assert doc.text == NOTE  # offsets sacred: the original is untouched


def test_rules_pipeline_saves_and_loads(tmp_path):
    nlp = rules_pipeline(default_mode="tag")
    nlp.to_disk(tmp_path / "rules_pipe")
    loaded = spacy.load(tmp_path / "rules_pipe")
    assert loaded.pipe_names == nlp.pipe_names
    assert loaded(NOTE)._.deidentified == nlp(NOTE)._.deidentified


def test_rules_pipeline_multiprocess():
    nlp = rules_pipeline(default_mode="tag")
    texts = [NOTE, "Call 617-555-1234.", "No PHI here.", NOTE.upper()]
    single = [d._.deidentified for d in nlp.pipe(texts)]
    multi = [d._.deidentified for d in nlp.pipe(texts, n_process=2, batch_size=1)]
    assert multi == single
    # known PHI travels to the workers in user_data
    docs = []
    for text in ["Bill was seen.", "Nothing."]:
        doc = nlp.make_doc(text)
        doc.user_data["phi_known"] = {"PATIENT": ["William Hope"]}
        docs.append(doc)
    out = [d._.deidentified for d in nlp.pipe(docs, n_process=2, batch_size=1)]
    assert out[0] == "[**PATIENT**] was seen."


def test_components_work_in_a_plain_spacy_pipeline():
    # spacy.blank with the default tokenizer, components added by name only
    assert spacy_phi.rules_pipeline is rules_pipeline
    nlp = spacy.blank("en")
    for name in ("phi_rules", "phi_known", "phi_guard", "phi_merge"):
        nlp.add_pipe(name)
    nlp.initialize()
    doc = nlp("Dr. Smith, MRN: 0937884")
    assert [(e.label_, e.text) for e in doc.ents] == [("DOCTOR", "Smith"), ("MEDICALRECORD", "0937884")]
    assert isinstance(doc.ents[0], Span)
