"""`phi_guard`'s vocabulary: medical words and common words the tagger took for
PHI are vetoed, people and places that look like them are kept."""

from __future__ import annotations

from typing import List, Tuple

import pytest
import spacy

import spacy_phi
from spacy_phi import blank_pipeline
from spacy_phi.spangroups import NER_GROUP, VETOED_GROUP


def guard_result(text: str, spans: List[Tuple[str, str]]) -> Tuple[List[str], List[str]]:
    """Run phi_guard on NER-like spans; return (kept texts, vetoed texts)."""
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_guard")
    nlp.initialize()
    doc = nlp.make_doc(text)
    ents = []
    for label, value in spans:
        start = text.index(value)
        ents.append(doc.char_span(start, start + len(value), label=label, alignment_mode="expand"))
    doc.ents = ents
    doc = nlp(doc)
    return [s.text for s in doc.spans[NER_GROUP]], [s.text for s in doc.spans[VETOED_GROUP]]


GUARD_VETO_CASES = [
    ("| PPL (Pre-Pen), lot PP4418B | 0/0 | 4/0 at 15 min (bleb 3) = neg |", "DATE", "4/0"),
    ("Voids 3, stools 4 (transitional) in 24 h. Bili 7.8", "DATE", "24 h."),
    ("sinusitis in the past 2 yr and a C. diff infection", "AGE", "2"),
    ("no f/c. dm2 x 20 yr, last a1c 8.1", "AGE", "20"),
    ("BP 98/52 (MAP 67). Radial pulses 2+.", "AGE", "67"),
    ("failed (PVR 610 mL), 18 Fr coude Foley replaced", "AGE", "18"),
    ("03:38 BiPAP 12/5, FiO2 40% (RT); SpO2 96%.", "DATE", "12/5"),
    ("voluntariness; teach-back 4/4. No LAR needed.", "DATE", "4/4"),
    ("Requester: Andrew Lyle Frank, Esq., Frank & Delacourt LLP", "COUNTRY", "Esq"),
    ("Mild MR, LA dilated.", "STATE", "LA"),  # no city before it, a word after it
    ("LV: Normal, LA: dilated", "STATE", "LA"),
    ("Consent discussed in English by the coordinator.", "CITY", "English"),
    ("Transport: ambulance BLS, departed\n1412.\nReport called", "DATE", "1412"),
    ("Device RN: Carly Bjornson, RN, CCDS", "HOSPITAL", "CCDS"),
    ("- D. Yearwood, RHIT, HIM", "CITY", "RHIT"),
    ("History of Parkinson's disease.", "PATIENT", "Parkinson"),
    ("History of Parkinson's disease.", "PATIENT", "Parkinson's disease"),
    ("hx of Parkinson's", "PATIENT", "Parkinson"),
    ("Foley catheter placed", "DOCTOR", "Foley"),
    ("d/c Foley today", "DOCTOR", "Foley"),
    ("Apgars 8 and 9", "PATIENT", "Apgars"),
    ("Glasgow Coma Scale 15", "CITY", "Glasgow"),
    ("Gram stain negative", "PATIENT", "Gram"),
    ("Bell's palsy on the left", "PATIENT", "Bell"),
    ("Down syndrome", "PATIENT", "Down"),
    ("Lewy body dementia", "DOCTOR", "Lewy"),
    ("Lewy Body dementia", "ORGANIZATION", "Lewy Body"),
    ("Creutzfeldt-Jakob disease", "PATIENT", "Creutzfeldt-Jakob"),
    ("Crohn's flare", "PATIENT", "Crohn"),
    ("Hodgkin lymphoma", "PATIENT", "Hodgkin"),
    ("Wilson disease", "PATIENT", "Wilson"),
    ("Graves disease", "PATIENT", "Graves"),
    ("started Coumadin", "PATIENT", "Coumadin"),
    ("on lisinopril", "PATIENT", "lisinopril"),
    ("on Metoprolol", "DOCTOR", "Metoprolol"),
    ("on hydralazine", "PATIENT", "hydralazine"),
    ("Parkinsen disease", "PATIENT", "Parkinsen"),  # typo, fuzzy
    ("Mild LA enlargement", "STATE", "LA"),
    ("BUN 20", "ORGANIZATION", "BUN"),
    ("Swan-Ganz catheter", "DOCTOR", "Swan-Ganz"),
]


@pytest.mark.parametrize("text,label,value", GUARD_VETO_CASES)
def test_guard_vetoes_medical_vocabulary(text, label, value):
    kept, vetoed = guard_result(text, [(label, value)])
    assert vetoed == [value] and kept == []


GUARD_KEEP_CASES = [
    ("Pt is 35 yrs old, here for f/u", "AGE", "35"),
    ("Seen 3/00 and again 4/12.", "DATE", "3/00"),
    # a state abbreviation that is also a medical one, closing an address after its city
    ("Our Lady of the Lake Regional Medical Center, Baton Rouge, LA\nPt: Brown", "STATE", "LA"),
    ("Fairfield Memorial Hospital, Winnsboro, SC - ED", "STATE", "SC"),
    ("Mr. Parkinson is here", "PATIENT", "Parkinson"),
    ("Dr. Foley saw her", "DOCTOR", "Foley"),
    ("seen by Foley, MD", "DOCTOR", "Foley"),
    ("Mr. Wilson called", "PATIENT", "Wilson"),
    ("Wilson called back", "PATIENT", "Wilson"),
    ("lives in Glasgow", "CITY", "Glasgow"),
    ("Grace came with her son", "PATIENT", "Grace"),
    ("works at Jackson Memorial", "HOSPITAL", "Jackson Memorial"),
    ("Dr. Bell examined", "DOCTOR", "Bell"),
    ("Bell called", "PATIENT", "Bell"),
    ("his friend Epstein", "PATIENT", "Epstein"),
    ("Smith", "PATIENT", "Smith"),
    ("Minnesota", "STATE", "Minnesota"),
]


@pytest.mark.parametrize("text,label,value", GUARD_KEEP_CASES)
def test_guard_keeps_people_and_places(text, label, value):
    kept, vetoed = guard_result(text, [(label, value)])
    assert kept == [value] and vetoed == []


@pytest.mark.parametrize(
    "label,value",
    [
        ("DATE", "Parkinson Day 2019"),
        ("PHONE", "Foley 617-555-0142"),
        ("MEDICALRECORD", "Coumadin-0937884"),
        ("EMAIL", "parkinson@foley.org"),
        ("AGE", "Parkinson 67"),
        ("SSN", "Foley 078-05-1120"),
        ("IDNUM", "Apgar 4471"),
    ],
)
def test_guard_never_vetoes_direct_identifiers_for_vocabulary(label, value):
    # Medical words inside a date, contact or ID never veto it; only the
    # label's shape validator may (a date with a digit, an ID with digits).
    kept, vetoed = guard_result(f"See {value} here", [(label, value)])
    assert vetoed == []
    with pytest.raises(ValueError):
        nlp = blank_pipeline("en")
        nlp.add_pipe("phi_guard", config={"guarded_labels": [label]})


def test_guard_extra_terms_and_round_trip(tmp_path):
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_guard")
    nlp.config["initialize"]["components"] = {"phi_guard": {"extra_terms": {"drugs": ["zapotrexin"]}}}
    nlp.initialize()
    doc = nlp.make_doc("started Zapotrexin")
    doc.ents = [doc.char_span(8, 18, label="PATIENT")]
    doc = nlp(doc)
    assert [s.text for s in doc.spans[VETOED_GROUP]] == ["Zapotrexin"]
    nlp.to_disk(tmp_path / "g")
    loaded = spacy.load(tmp_path / "g")
    doc = loaded.make_doc("started Zapotrexin")
    doc.ents = [doc.char_span(8, 18, label="PATIENT")]
    doc = loaded(doc)
    assert [s.text for s in doc.spans[VETOED_GROUP]] == ["Zapotrexin"]


COMMON_WORD_VETO_CASES = [
    ("5. Gout\n6. Hx lymphoma", "DOCTOR", "Gout"),
    ("No effusion. Mediastinum/hila: normal", "DOCTOR", "Mediastinum"),
    ("Found him crying. Agrees to treatment.", "DOCTOR", "Agrees"),
    ("Denies LOC. Describes childhood as strict.", "PATIENT", "Describes"),
    ("small b/l effusions", "DOCTOR", "effusions"),
    ("space heater in bedroom", "CITY", "bedroom"),
    ("3. Emphysema, coronary calcifications.", "DOCTOR", "Emphysema, coronary calcifications"),
]


@pytest.mark.parametrize("text,label,value", COMMON_WORD_VETO_CASES)
def test_guard_vetoes_common_words_from_the_tagger(text, label, value):
    kept, vetoed = guard_result(text, [(label, value)])
    assert vetoed == [value] and kept == []


COMMON_WORD_KEEP_CASES = [
    ("lives w/ wife in Revere now", "CITY", "Revere"),  # capitalised mid-sentence: a name
    ("worked at Target until 2019", "ORGANIZATION", "Target"),  # label not checked
    ("Toledo, OH 43608", "STATE", "OH"),  # short all-caps abbreviation
    ("dtr hope at bedside", "PATIENT", "hope"),  # a name word, and a relative before it
    ("wife joy called", "PATIENT", "joy"),  # relative before it
    ("Hope called back.", "PATIENT", "Hope"),  # a given name is never a common word
    ("Rose Hunter, 54, seen today", "PATIENT", "Rose Hunter"),
    ("Mr. Gout is here", "PATIENT", "Gout"),  # title before it
    ("Kowalczyk is 75", "PATIENT", "Kowalczyk"),  # not a word at all
]


@pytest.mark.parametrize("text,label,value", COMMON_WORD_KEEP_CASES)
def test_guard_keeps_names_that_look_like_words(text, label, value):
    kept, vetoed = guard_result(text, [(label, value)])
    assert kept == [value] and vetoed == []


def test_guard_common_words_only_for_the_tagger():
    """Rules and known PHI carry their own evidence: a known name that is a common word stays."""
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_known")
    nlp.add_pipe("phi_guard")
    nlp.initialize()
    doc = nlp.make_doc("5. Gout\nGout called back.")
    doc.user_data["phi_known"] = {"PATIENT": ["Gout"]}
    doc = nlp(doc)
    assert [s.text for s in doc.spans[VETOED_GROUP]] == []
    assert len(doc.spans["phi_known"]) == 2


def test_common_word_inflections():
    from spacy_phi.lexicon.common_words import is_common_word

    words = {"deny", "effusion", "enroll", "stop", "describe"}
    assert all(is_common_word(w, words) for w in ["denies", "effusions", "enrolled", "stopped", "describes"])
    assert not is_common_word("renata", words)


def test_build_common_words_leaves_out_names_places_and_proper_nouns(tmp_path):
    import gzip

    from spacy_phi.lexicon_rebuild.common_words import main as build_main

    output = tmp_path / "words.txt.gz"
    dictionary = {"gout", "joint", "hope", "hunter", "mobile", "Boston", "x"}
    assert build_main([str(output)], load_web2=lambda: dictionary) == 0
    lines = gzip.decompress(output.read_bytes()).decode("utf-8").splitlines()
    assert [w for w in lines if not w.startswith("#")] == ["gout", "joint"]


def test_shipped_common_words_hold_no_common_given_names():
    from spacy_phi.lexicon.vocabulary import default_vocabulary

    vocabulary = default_vocabulary()
    assert vocabulary.is_common_word("gout") and vocabulary.is_common_word("Denies")
    for name in ["hope", "rose", "grace", "frank", "young", "king", "stone", "hunter", "mobile"]:
        assert not vocabulary.is_common_word(name), name
    # Function words count as common for the rules ("son will call"), not for the guard.
    assert vocabulary.is_common_word("will") and not vocabulary.is_common_word("will", function_words=False)


def test_guard_keeps_a_state_abbreviation_in_an_address():
    """"LA" alone is left atrium; between a city and a ZIP it is Louisiana."""
    nlp = spacy_phi.rules_pipeline(surrogates=False)
    doc = nlp("1401 Foucher St, New Orleans, LA 70115. Mild LA enlargement.")
    assert [(e.text, e.label_) for e in doc.ents if e.label_ == "STATE"] == [("LA", "STATE")]


@pytest.mark.parametrize(
    "word,derived",
    [
        ("reintubated", True),  # re + intubated
        ("diuresing", True),  # diures(is) + ing
        ("tachypneic", True),  # tachypne(a) + ic
        ("unresponsive", True),
        ("remington", False),  # "re" before no known word
        ("deforest", False),  # "de" is not read as a prefix: names begin so
        ("preop", False),  # a base of three letters says nothing
    ],
)
def test_word_derived_from_a_known_word(word: str, derived: bool) -> None:
    from spacy_phi.lexicon.vocabulary import derived_from_known_word

    known = {"intubated", "diuresis", "tachypnea", "responsive", "forest", "op"}.__contains__
    assert derived_from_known_word(word, known) is derived
