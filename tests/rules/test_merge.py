"""`phi_merge`: clusters, label choice and provenance of the merged entities."""

from __future__ import annotations

from spacy_phi import rules_pipeline
from spacy_phi.merge import Candidate, choose_label, merge_candidates
from spacy_phi.spangroups import KNOWN_GROUP, NER_GROUP, RULES_GROUP, VETOED_GROUP


def cand(start, end, label, group, priority, rank=0, rule_id=None) -> Candidate:
    return Candidate(start, end, label, group, rank, priority, rule_id)


def test_merge_clusters_chains_and_keeps_adjacent_apart():
    a, b, c = cand(0, 2, "X", "g", 1), cand(1, 4, "Y", "g", 1), cand(3, 5, "Z", "g", 1)
    d = cand(5, 6, "W", "g", 1)  # touches c but shares no token
    clusters = merge_candidates([d, c, b, a])
    assert [[x.label for x in cl] for cl in clusters] == [["X", "Y", "Z"], ["W"]]


def test_merge_label_choice():
    # the candidate covering the whole union wins even with lower priority
    cover = cand(0, 4, "HOSPITAL", NER_GROUP, 2, rank=2)
    inner = cand(0, 1, "CITY", KNOWN_GROUP, 4, rank=0)
    assert choose_label([cover, inner]).label == "HOSPITAL"
    # same extent: priority decides (context rule FAX beats NER PHONE)
    assert choose_label([cand(0, 3, "PHONE", NER_GROUP, 2, 2), cand(0, 3, "FAX", RULES_GROUP, 3, 1)]).label == "FAX"
    # shape-only rule (priority 1) loses to the NER's typed label
    assert choose_label([cand(0, 1, "IDNUM", RULES_GROUP, 1, 1), cand(0, 1, "MEDICALRECORD", NER_GROUP, 2, 2)]).label == "MEDICALRECORD"
    # full tie: the group listed first wins
    assert choose_label([cand(0, 1, "B", "g0", 2, 0), cand(0, 1, "A", "g1", 2, 1)]).label == "B"


def test_merge_pipeline_union_and_provenance():
    nlp = rules_pipeline(surrogates=False)
    text = "Jane Roe called, fax 617-555-4321, MRN 0937884."
    doc = nlp.make_doc(text)
    # a fake NER: only the surname, and the fax number typed as PHONE
    fax_start = text.index("617")
    doc.ents = [doc.char_span(5, 8, label="PATIENT"), doc.char_span(fax_start, fax_start + 12, label="PHONE")]
    doc.user_data["phi_known"] = {"PATIENT": ["Jane Roe"], "MEDICALRECORD": ["0937884"]}
    doc = nlp(doc)
    ents = [(e.label_, e.text) for e in doc.ents]
    assert ents == [("PATIENT", "Jane Roe"), ("FAX", "617-555-4321"), ("MEDICALRECORD", "0937884")]
    prov = {p["label"]: p for p in doc._.phi_provenance}
    assert prov["PATIENT"]["detector"] == "merge" and prov["PATIENT"]["sources"] == [KNOWN_GROUP, NER_GROUP]
    assert prov["FAX"]["detector"] == "merge" and prov["FAX"]["rule_id"] == "phone_us"
    assert prov["MEDICALRECORD"]["sources"] == [KNOWN_GROUP, RULES_GROUP]
    assert all(p["start"] == e.start_char and p["end"] == e.end_char for p, e in zip(doc._.phi_provenance, doc.ents))
    # each detector's output stays inspectable in its own group
    assert [s.text for s in doc.spans[NER_GROUP]] == ["Roe", "617-555-4321"]
    assert "Jane Roe" in [s.text for s in doc.spans[KNOWN_GROUP]]


def test_a_person_or_place_inside_a_tagged_profession_keeps_its_label():
    nlp = rules_pipeline(surrogates=False)
    text = "Pt is DNR. Sister is health care proxy - Marisela Carlsen who lives nearby."
    doc = nlp.make_doc(text)
    start = text.index("health")
    doc.ents = [doc.char_span(start, text.index(" who"), label="PROFESSION")]  # a fake NER: the role and the name
    doc = nlp(doc)
    assert [(e.label_, e.text) for e in doc.ents] == [("PROFESSION", "health care proxy"), ("PATIENT", "Marisela Carlsen")]
    # a hospital's initials a rule names inside a tagged job title: the place is split out too
    text = "PT CONSIDERING DNR. SEEN BY WCMC NURSE FOR ARRANGEMENTS."
    doc = nlp.make_doc(text)
    doc.ents = [doc.char_span(text.index("WCMC"), text.index(" FOR"), label="PROFESSION")]
    assert [(e.label_, e.text) for e in nlp(doc).ents] == [("HOSPITAL", "WCMC"), ("PROFESSION", "NURSE")]
    # a profession around no person stays whole
    doc = nlp.make_doc("Works as a health care aide at night.")
    doc.ents = [doc.char_span(11, 27, label="PROFESSION")]
    assert [(e.label_, e.text) for e in nlp(doc).ents] == [("PROFESSION", "health care aide")]


def test_merge_without_ner_reports_single_detectors():
    nlp = rules_pipeline(surrogates=False)
    doc = nlp("Call 617-555-1234.")
    assert doc._.phi_provenance == [
        {"start": 5, "end": 17, "label": "PHONE", "detector": "rules", "sources": [RULES_GROUP], "rule_id": "phone_us", "score": None}
    ]


def test_guard_then_merge_drops_medical_ner_hits():
    nlp = rules_pipeline(surrogates=False)
    text = "Mr. Parkinson has Parkinson's disease."
    doc = nlp.make_doc(text)
    doc.ents = [doc.char_span(4, 13, label="PATIENT"), doc.char_span(18, 27, label="PATIENT")]
    doc = nlp(doc)
    assert [(e.label_, e.start_char) for e in doc.ents] == [("PATIENT", 4)]
    assert [s.start_char for s in doc.spans[VETOED_GROUP]] == [18]
