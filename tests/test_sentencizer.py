"""The clinical sentence detector `phi_sentencizer`.

Sentences are compared after `.strip()`, dropping whitespace-only ones. The
component attaches whitespace tokens (blank lines included) to the END of the
sentence before them, and whitespace at the very start of a doc to the first
sentence, so a whitespace token never starts a sentence except at index 0;
`test_whitespace_tokens_never_start_a_sentence` checks it on every case.
"""

import pickle
import random
import textwrap
from pathlib import Path

import pytest
import spacy
from spacy.training import Example

import spacy_phi.sentencizer  # registers the factory
from spacy_phi.sentencizer import PhiSentencizer
from spacy_phi.util import blank_pipeline


def _clinical():
    nlp = blank_pipeline()
    nlp.add_pipe("phi_sentencizer")
    return nlp


def _default():
    nlp = spacy.blank("en")
    nlp.add_pipe("phi_sentencizer")
    return nlp


@pytest.fixture(scope="module")
def nlp():
    return _clinical()


# The table cases must not depend on how a tokenizer splits a word, so they run
# with our clinical tokenizer and with spaCy's default English one.
@pytest.fixture(scope="module", params=["clinical", "spacy_default"])
def any_nlp(request):
    return _clinical() if request.param == "clinical" else _default()


def sents(nlp, text):
    doc = nlp(text)
    assert doc.text == text  # never changes the text
    return [s.text.strip() for s in doc.sents if s.text.strip()]


DISCHARGE_SUMMARY = """\
Admission Date: 09/14/2067
Discharge Date: 09/18/2067

Attending: Ada R. Kruger, M.D.

CHIEF COMPLAINT:
Chest pain

HISTORY OF PRESENT ILLNESS: Mr. Whalen is a 67 yo man with CAD s/p
CABG who presented with 2 days of substernal chest pain. He was seen by
Dr. Vincent in clinic on Sept. 14 and sent to the ED.

MEDICATIONS ON ADMISSION:
1. Aspirin 81 mg p.o. q.d.
2. Metoprolol 25 mg p.o. b.i.d.
3. Vitamin D 40,000 units q Wednesday

Physical Exam:
Vitals: T 98.6, BP 132/84, HR 72
General: NAD

Assessment and Plan: 67 yo man with unstable angina. Continue aspirin.
- cardiology consult
- serial troponins
"""

DISCHARGE_SUMMARY_SENTS = [
    "Admission Date: 09/14/2067",
    "Discharge Date: 09/18/2067",
    "Attending: Ada R. Kruger, M.D.",
    "CHIEF COMPLAINT:",
    "Chest pain",
    "HISTORY OF PRESENT ILLNESS:",
    "Mr. Whalen is a 67 yo man with CAD s/p\nCABG who presented with 2 days of substernal chest pain.",
    "He was seen by\nDr. Vincent in clinic on Sept. 14 and sent to the ED.",
    "MEDICATIONS ON ADMISSION:",
    "1. Aspirin 81 mg p.o. q.d.",
    "2. Metoprolol 25 mg p.o. b.i.d.",
    "3. Vitamin D 40,000 units q Wednesday",
    "Physical Exam:",
    "Vitals:",
    "T 98.6, BP 132/84, HR 72",
    "General: NAD",
    "Assessment and Plan:",
    "67 yo man with unstable angina.",
    "Continue aspirin.",
    "- cardiology consult",
    "- serial troponins",
]

CASES = [
    # --- no split after titles, abbreviations, initials (seed: "Dr. Vincent")
    ("Dr. Vincent saw the patient.", ["Dr. Vincent saw the patient."]),
    ("Mrs. Smith was seen. Mr. Jones called.", ["Mrs. Smith was seen.", "Mr. Jones called."]),
    ("J. Smith called. He was fine.", ["J. Smith called.", "He was fine."]),
    ("Ada R. Kruger, M.D. saw her in clinic.", ["Ada R. Kruger, M.D. saw her in clinic."]),
    ("Aspirin 81 mg p.o. q.d. for CAD.", ["Aspirin 81 mg p.o. q.d. for CAD."]),
    ("Amoxicillin 500 mg p.o. b.i.d. for 3 days.", ["Amoxicillin 500 mg p.o. b.i.d. for 3 days."]),
    ("ASPIRIN 81 MG P.O. Q.D. FOR CAD.", ["ASPIRIN 81 MG P.O. Q.D. FOR CAD."]),
    ("Mass measures approx. 3 cm in diameter.", ["Mass measures approx. 3 cm in diameter."]),
    ("Avoid NSAIDs, e.g. Ibuprofen and Naproxen.", ["Avoid NSAIDs, e.g. Ibuprofen and Naproxen."]),
    ("Avoid NSAIDs, i.e. ibuprofen.", ["Avoid NSAIDs, i.e. ibuprofen."]),
    ("Metoprolol vs. Placebo was compared.", ["Metoprolol vs. Placebo was compared."]),
    ("She was born at St. Mary's Hospital.", ["She was born at St. Mary's Hospital."]),
    ("Specimen No. 5 was sent.", ["Specimen No. 5 was sent."]),
    ("Pt. states she is better.", ["Pt. states she is better."]),
    ("Seen on Sept. 14 for follow-up.", ["Seen on Sept. 14 for follow-up."]),
    ("Seen by Dr. Smith, Ph.D. in the lab.", ["Seen by Dr. Smith, Ph.D. in the lab."]),
    ("Smith et al. found no effect.", ["Smith et al. found no effect."]),
    ("DR. SMITH SAW MRS. JONES TODAY.", ["DR. SMITH SAW MRS. JONES TODAY."]),
    # --- abbreviations that can end a sentence do, before a capitalised word
    ("Aspirin 81 mg p.o. q.d. Follow up in 2 weeks.", ["Aspirin 81 mg p.o. q.d.", "Follow up in 2 weeks."]),
    ("Seen at 10 a.m. The patient left.", ["Seen at 10 a.m.", "The patient left."]),
    ("Aspirin, tylenol, etc. The patient declined.", ["Aspirin, tylenol, etc.", "The patient declined."]),
    ("No. He denies pain.", ["No.", "He denies pain."]),
    ("He lives at 123 Main St. He is retired.", ["He lives at 123 Main St.", "He is retired."]),
    ("Check vitamin D. Follow up in 2 weeks.", ["Check vitamin D.", "Follow up in 2 weeks."]),
    ("Temp 101.2 F. Given Tylenol.", ["Temp 101.2 F.", "Given Tylenol."]),
    ("Seen Wed. 9/14 in clinic.", ["Seen Wed. 9/14 in clinic."]),
    ("Seen in the E.D. The patient left.", ["Seen in the E.D.", "The patient left."]),
    ("Father d. MI at 55.", ["Father d. MI at 55."]),
    ("Mr. and Mrs. Smith called.", ["Mr. and Mrs. Smith called."]),
    # --- numbers, dates, decimals, times
    ("Dates 09.14.2067 and 3.5 mg and .5 mg given.", ["Dates 09.14.2067 and 3.5 mg and .5 mg given."]),
    ("Seen at 10 a.m. today and 5 p.m. yesterday.", ["Seen at 10 a.m. today and 5 p.m. yesterday."]),
    ("Seen at 10:30 today. Temp 98.6. BP 120/80.", ["Seen at 10:30 today.", "Temp 98.6.", "BP 120/80."]),
    ("He is 7. She is 5.", ["He is 7.", "She is 5."]),
    ("Plan: 1. Aspirin 2. Tylenol", ["Plan:", "1. Aspirin", "2. Tylenol"]),
    ("Diagnoses: 1) CHF 2) COPD 3) CKD", ["Diagnoses:", "1) CHF", "2) COPD", "3) CKD"]),
    ("1. Aspirin 81 mg. 2. Tylenol prn.", ["1. Aspirin 81 mg.", "2. Tylenol prn."]),
    # --- seeds: "40,000 units q Wednesday"
    ("Vitamin D 40,000 units q Wednesday.", ["Vitamin D 40,000 units q Wednesday."]),
    ("Vitamin D 40,000 units qWednesday x 8 weeks.", ["Vitamin D 40,000 units qWednesday x 8 weeks."]),
    ("Vitamin D 40,000 units p.o. q. Wednesday x 8 weeks.", ["Vitamin D 40,000 units p.o. q. Wednesday x 8 weeks."]),
    # --- normal sentence ends
    (
        "The patient is stable. He will go home. Is he ok? Yes! Done.",
        ["The patient is stable.", "He will go home.", "Is he ok?", "Yes!", "Done."],
    ),
    ('He said "no." Then he left.', ['He said "no."', "Then he left."]),
    ("(See below.) The patient is well.", ["(See below.)", "The patient is well."]),
    ('Dx: CHF. "Stable" per cardiology.', ['Dx: CHF.', '"Stable" per cardiology.']),
    ("Pt seen. no acute distress.", ["Pt seen. no acute distress."]),  # lowercase: no split
    ("Well.  Next visit in May.", ["Well.", "Next visit in May."]),
    # --- line breaks: wrapping vs. sentence ends
    ("The patient was seen by\nDr. Smith in clinic today.", ["The patient was seen by\nDr. Smith in clinic today."]),
    (
        "He was admitted with chest pain and\nshortness of breath.",
        ["He was admitted with chest pain and\nshortness of breath."],
    ),
    (
        "Pain radiates to the\nleft arm, worse with\nexertion.",
        ["Pain radiates to the\nleft arm, worse with\nexertion."],
    ),
    ("Seen by Dr.\nSmith today.", ["Seen by Dr.\nSmith today."]),
    ("Aspirin 81 mg p.o.\nq.d. for CAD.", ["Aspirin 81 mg p.o.\nq.d. for CAD."]),
    ("He is well.\nShe is not.", ["He is well.", "She is not."]),
    ("He is well.\nshe is not.", ["He is well.", "she is not."]),
    ("Hypertension\r\nDiabetes", ["Hypertension", "Diabetes"]),
    (
        "PATIENT WAS SEEN BY\nDR. SMITH IN CLINIC TODAY. HE IS WELL.",
        ["PATIENT WAS SEEN BY\nDR. SMITH IN CLINIC TODAY.", "HE IS WELL."],
    ),
    # --- blank lines
    ("Chest pain\n\nhistory of hypertension", ["Chest pain", "history of hypertension"]),
    ("He was seen by\n\nDr. Smith", ["He was seen by", "Dr. Smith"]),
    ("Chest pain\n\n\n   \nHTN", ["Chest pain", "HTN"]),
    ("Chest pain\n \nhistory of HTN", ["Chest pain", "history of HTN"]),
    ("Page one\x0cPage two", ["Page one", "Page two"]),
    # --- section headers
    (
        "HISTORY OF PRESENT ILLNESS:\nThe patient is a 45 year old man.",
        ["HISTORY OF PRESENT ILLNESS:", "The patient is a 45 year old man."],
    ),
    ("HPI: 45 yo man with chest pain.", ["HPI:", "45 yo man with chest pain."]),
    ("HPI:45 yo man.", ["HPI:45 yo man."]),  # glued: one chunk, no split
    ("PE: Afebrile, BP 120/80.", ["PE:", "Afebrile, BP 120/80."]),
    ("Assessment and Plan:\nCHF exacerbation, diurese.", ["Assessment and Plan:", "CHF exacerbation, diurese."]),
    (
        "Assessment and Plan: CHF exacerbation. Diurese.",
        ["Assessment and Plan:", "CHF exacerbation.", "Diurese."],
    ),
    (
        "He is stable. PLAN: continue meds.",
        ["He is stable.", "PLAN:", "continue meds."],
    ),
    (
        "MEDICATIONS\nAspirin 81 mg daily\nLisinopril 10 mg daily",
        ["MEDICATIONS", "Aspirin 81 mg daily", "Lisinopril 10 mg daily"],
    ),
    (
        "MEDICATIONS:\naspirin 81 mg daily\nlisinopril 10 mg daily",
        ["MEDICATIONS:", "aspirin 81 mg daily", "lisinopril 10 mg daily"],
    ),
    ("The patient is doing well\nALLERGIES\nNKDA", ["The patient is doing well", "ALLERGIES", "NKDA"]),
    ("He is stable\nPlan: discharge home", ["He is stable", "Plan:", "discharge home"]),
    ("He is stable\nDisposition home", ["He is stable", "Disposition home"]),
    # --- lists
    (
        "- aspirin 81 mg\n- lisinopril 10 mg\n* metoprolol\n• atorvastatin",
        ["- aspirin 81 mg", "- lisinopril 10 mg", "* metoprolol", "• atorvastatin"],
    ),
    ("1) aspirin\n2) lisinopril", ["1) aspirin", "2) lisinopril"]),
    ("Meds:\n1. Aspirin 81 mg\n2. Lisinopril 10 mg", ["Meds:", "1. Aspirin 81 mg", "2. Lisinopril 10 mg"]),
    ("1.\nAspirin 81 mg", ["1.\nAspirin 81 mg"]),
    ("- Aspirin 81 mg daily for\nCAD\n- Lisinopril", ["- Aspirin 81 mg daily for\nCAD", "- Lisinopril"]),
    (
        "- Continue aspirin and\ntitrate metoprolol\nFollow up",
        ["- Continue aspirin and\ntitrate metoprolol", "Follow up"],
    ),
    # --- key: value lines, letterheads, tables
    ("MRN: 0937884\nDOB: 09/14/2067", ["MRN: 0937884", "DOB: 09/14/2067"]),
    ("MR:6746781\nDOB: 09/14/2067", ["MR:6746781", "DOB: 09/14/2067"]),
    ("Name: John Smith\nAge: 67", ["Name: John Smith", "Age: 67"]),
    (
        "Reason for admission: chest pain and\nshortness of breath",
        ["Reason for admission:", "chest pain and\nshortness of breath"],
    ),
    (
        "Boston Medical Center\n123 Main St\nBoston, MA 02118",
        ["Boston Medical Center", "123 Main St", "Boston, MA 02118"],
    ),
    (
        "Na 140   K 4.0   Cl 102\nBUN 12   Cr 0.9   Glu 98",
        ["Na 140   K 4.0   Cl 102", "BUN 12   Cr 0.9   Glu 98"],
    ),
    ("Na\t140\tK\t4.0\nBUN\t12\tCr\t0.9", ["Na\t140\tK\t4.0", "BUN\t12\tCr\t0.9"]),
    ("KYLE^02/14/90^CHANEY\nEDVISIT^56040785^OROZCO", ["KYLE^02/14/90^CHANEY", "EDVISIT^56040785^OROZCO"]),
    (
        "Patient Name: KYLE CHANEY        MRN: 6746781",
        ["Patient Name: KYLE CHANEY", "MRN: 6746781"],
    ),
    ("Kyle Chaney\n12 Elm Road\nRevere, MA", ["Kyle Chaney", "12 Elm Road", "Revere, MA"]),
    (
        "THE PATIENT IMPROVED ON IV STEROIDS\nAND WAS DISCHARGED. HE IS WELL.",
        ["THE PATIENT IMPROVED ON IV STEROIDS\nAND WAS DISCHARGED.", "HE IS WELL."],
    ),
    (
        "HOSPITAL COURSE: THE PATIENT IMPROVED\nWITH STEROIDS.\nDISCHARGE CONDITION: STABLE.",
        ["HOSPITAL COURSE:", "THE PATIENT IMPROVED\nWITH STEROIDS.", "DISCHARGE CONDITION:", "STABLE."],
    ),
    # --- a realistic multi-section note
    (DISCHARGE_SUMMARY, DISCHARGE_SUMMARY_SENTS),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_sentences(any_nlp, text, expected):
    assert sents(any_nlp, text) == expected


@pytest.mark.parametrize("text", [text for text, _ in CASES])
def test_every_token_gets_a_boolean(nlp, text):
    doc = nlp(text)
    assert doc[0].is_sent_start is True
    assert all(t.is_sent_start in (True, False) for t in doc)
    assert doc.has_annotation("SENT_START", require_complete=True)
    # the sentences tile the doc
    assert "".join(s.text_with_ws for s in doc.sents) == text


@pytest.mark.parametrize("text", [text for text, _ in CASES])
def test_whitespace_tokens_never_start_a_sentence(nlp, text):
    doc = nlp(text)
    assert not any(t.is_space and t.is_sent_start for t in doc[1:])


def test_blank_lines_end_the_previous_sentence(nlp):
    doc = nlp("Chest pain.\n\nHTN")
    assert [s.text for s in doc.sents] == ["Chest pain.\n\n", "HTN"]
    doc = nlp("\n\nChest pain.")
    assert [s.text for s in doc.sents] == ["\n\nChest pain."]


def test_wrapped_paragraph(nlp):
    # A note wrapped at a fixed width: a line that ends without punctuation
    # and is followed by a capitalised word is still the same sentence.
    paragraph = (
        "The patient is a 67 year old man who was referred to our clinic by his primary care "
        "physician for evaluation of chest pain which began three weeks ago while he was "
        "shoveling snow. He was seen Tuesday by the cardiology fellow and the attending "
        "physician, Dr. Vincent, who recommended a stress test and aspirin 81 mg p.o. q.d. "
        "The stress test was positive for inducible ischemia in the territory of the Left "
        "Anterior Descending artery and he was referred to Interventional Cardiology."
    )
    expected = [
        paragraph[: paragraph.index(" He was seen")],
        paragraph[paragraph.index("He was seen") : paragraph.index(" The stress")],
        paragraph[paragraph.index("The stress") :],
    ]
    for width in (50, 60, 70, 80):
        text = textwrap.fill(paragraph, width=width)
        got = [" ".join(s.split()) for s in sents(nlp, text)]
        assert got == expected, width


@pytest.mark.parametrize("text", ["", " ", "\n", "\n\n", "  \n \t\n", "\x0c"])
def test_empty_and_whitespace_only_docs(nlp, text):
    doc = nlp(text)
    assert doc.text == text
    assert all(t.is_sent_start in (True, False) for t in doc)
    sentences = list(doc.sents)
    if len(doc):
        assert doc[0].is_sent_start is True
        assert len(sentences) == 1
    else:
        assert sentences == []


@pytest.mark.parametrize(
    "config", [{}, {"split_on_newline": "always"}, {"split_on_newline": "never"}, {"max_sentence_tokens": 3}]
)
@pytest.mark.parametrize("tokenizer", [blank_pipeline, lambda: spacy.blank("en")], ids=["clinical", "spacy_default"])
def test_random_text_invariants(tokenizer, config):
    # Odd whitespace (tabs, CRLF, form feed, NBSP, U+2028) and punctuation.
    pieces = list("aAbZ09.:;,!?-*•()[]\"'^/#") + [" ", "  ", "\n", "\n\n", "\t", "\r\n", "\x0c", "\xa0", "\u2028"]
    pieces += ["Dr.", "p.o.", "1.", "MRN:", "HPI:", "St.", "Sr.", "J.", "e.g.", "…", "¿", "é"]
    nlp = tokenizer()
    nlp.add_pipe("phi_sentencizer", config=config)
    rng = random.Random(0)
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        doc = nlp(text)
        assert doc.text == text
        assert all(t.is_sent_start in (True, False) for t in doc)
        assert not any(t.is_space and t.is_sent_start for t in doc[1:])
        assert "".join(s.text_with_ws for s in doc.sents) == text
        if len(doc):
            assert doc[0].is_sent_start is True
        if config.get("max_sentence_tokens"):
            assert all(len(s) <= 3 for s in doc.sents)


def test_error_handler():
    # A failure inside the component goes through spaCy's error handler.
    sentencizer = PhiSentencizer()
    seen = []
    sentencizer.set_error_handler(lambda name, proc, docs, e: seen.append((name, len(docs))))
    assert list(sentencizer.pipe([object()])) == []  # type: ignore[list-item]
    assert seen == [("phi_sentencizer", 1)]


# --- configuration ---------------------------------------------------------


def _with(config, tokenizer=blank_pipeline):
    nlp = tokenizer()
    nlp.add_pipe("phi_sentencizer", config=config)
    return nlp


def test_split_on_newline_always():
    text = "The patient was seen by\nDr. Smith today."
    assert len(sents(_with({}), text)) == 1
    assert sents(_with({"split_on_newline": "always"}), text) == ["The patient was seen by", "Dr. Smith today."]


def test_split_on_newline_never():
    nlp = _with({"split_on_newline": "never"})
    assert sents(nlp, "MRN: 0937884\nDOB: 09/14/2067") == ["MRN: 0937884\nDOB: 09/14/2067"]
    # punctuation still splits across a line break, and blank lines still split
    assert sents(nlp, "He is well.\nShe is not.") == ["He is well.", "She is not."]
    assert sents(nlp, "Chest pain\n\nHTN") == ["Chest pain", "HTN"]


def test_bad_split_on_newline():
    with pytest.raises(ValueError):
        _with({"split_on_newline": "sometimes"})


def test_split_after_header_colon():
    text = "HPI: 45 yo man with chest pain."
    assert len(sents(_with({}), text)) == 2
    assert sents(_with({"split_after_header_colon": False}), text) == [text]
    # a header alone on its line still splits
    assert len(sents(_with({"split_after_header_colon": False}), "HPI:\n45 yo man.")) == 2


def test_extra_abbreviations():
    text = "Seen at Mass. General yesterday."
    assert len(sents(_with({}), text)) == 2
    assert sents(_with({"abbreviations": ["Mass"]}), text) == [text]
    assert sents(_with({"abbreviations": ["MASS."]}), text) == [text]


def test_extra_final_abbreviations():
    text = "Give 5 mcg. 3 times daily."
    assert len(sents(_with({}), text)) == 2
    assert sents(_with({"final_abbreviations": ["mcg"]}), text) == [text]
    assert len(sents(_with({"final_abbreviations": ["mcg"]}), "Give 5 mcg. Then stop.")) == 2


def test_extra_headers():
    text = "Course on floor: Uneventful stay."
    assert sents(_with({}), text) == [text]  # an unknown key stays with its value
    assert sents(_with({"headers": ["COURSE ON FLOOR"]}), text) == ["Course on floor:", "Uneventful stay."]


def test_add_abbreviations_and_headers_methods():
    nlp = _with({})
    sentencizer = nlp.get_pipe("phi_sentencizer")
    sentencizer.add_abbreviations(["Mass"])
    sentencizer.add_headers(["Course on floor"])
    assert len(sents(nlp, "Seen at Mass. General yesterday.")) == 1
    assert len(sents(nlp, "Course on floor: Uneventful stay.")) == 2


def test_max_sentence_tokens():
    text = " ".join(["lab"] * 500)
    assert len(sents(_with({"max_sentence_tokens": None}), text)) == 1
    assert len(sents(_with({"max_sentence_tokens": 0}), text)) == 1
    doc = _with({"max_sentence_tokens": 100})(text)
    assert all(len(s) <= 100 for s in doc.sents)
    assert len(list(doc.sents)) == 5
    # default: 200
    assert all(len(s) <= 200 for s in _with({})(text).sents)


def test_max_sentence_tokens_prefers_punctuation():
    text = " ".join(["lab value"] * 45 + ["end;"] + ["lab value"] * 40)
    doc = _with({"max_sentence_tokens": 100})(text)
    first = list(doc.sents)[0]
    assert first.text.endswith("end;")


def test_max_sentence_tokens_one_huge_chunk():
    text = "^".join(["x"] * 300)  # one chunk, 599 tokens
    doc = _with({"max_sentence_tokens": 200})(text)
    assert all(len(s) <= 200 for s in doc.sents)
    assert doc.text == text


def test_overwrite():
    nlp = _with({"overwrite": False})
    doc = nlp.make_doc("Dr. Vincent saw the patient today.")
    doc[4].is_sent_start = True
    doc = nlp.get_pipe("phi_sentencizer")(doc)
    assert [t.i for t in doc if t.is_sent_start] == [0, 4]
    nlp = _with({})
    doc = nlp.make_doc("Dr. Vincent saw the patient today.")
    doc[4].is_sent_start = True
    doc = nlp.get_pipe("phi_sentencizer")(doc)
    assert [t.i for t in doc if t.is_sent_start] == [0]


def test_other_language():
    nlp = spacy.blank("es")
    nlp.add_pipe("phi_sentencizer")
    assert sents(nlp, "La Dra. García vio al paciente. Sr. López llamó.") == [
        "La Dra. García vio al paciente.",
        "Sr. López llamó.",
    ]
    assert sents(nlp, "¿Dolor? ¡No!") == ["¿Dolor?", "¡No!"]


# --- shipped word lists ------------------------------------------------------

WORD_LIST_FILES = {
    "PREFIX_ABBREVIATIONS": "prefix_abbreviations.txt",
    "FINAL_ABBREVIATIONS": "final_abbreviations.txt",
    "LETTER_NOUNS": "letter_nouns.txt",
    "SECTION_HEADERS": "section_headers.txt",
    "CONTINUATION_WORDS": "continuation_words.txt",
    "CONTINUATION_STARTS": "continuation_starts.txt",
}


@pytest.mark.parametrize("name,filename", sorted(WORD_LIST_FILES.items()))
def test_word_lists_are_the_shipped_data_files(name, filename):
    """Each list is its data file: a "#" header line, then one entry per line."""
    folder = Path(spacy_phi.sentencizer.__file__).resolve().parent.parent / "data" / "sentencizer"
    lines = (folder / filename).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ")
    entries = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert len(entries) == len(set(entries)), "duplicate entry"
    loaded = getattr(spacy_phi.sentencizer, name)
    assert loaded == frozenset(entries) and len(loaded) >= 20
    assert not any(entry.startswith("#") for entry in loaded)


def test_word_list_entries_are_normalised():
    """Lookups use normalised keys: an entry written "Dr." or "HPI:" would never match."""
    from spacy_phi.sentencizer import wordlists
    from spacy_phi.sentencizer.boundaries import normalize_abbreviation
    from spacy_phi.sentencizer.layout import normalize_header

    abbreviations = wordlists.PREFIX_ABBREVIATIONS | wordlists.FINAL_ABBREVIATIONS
    assert all(normalize_abbreviation(a) == a for a in abbreviations)
    assert not wordlists.PREFIX_ABBREVIATIONS & wordlists.FINAL_ABBREVIATIONS
    assert all(normalize_header(h) == h for h in wordlists.SECTION_HEADERS)
    for words in (wordlists.LETTER_NOUNS, wordlists.CONTINUATION_STARTS):
        assert all(w == w.lower() for w in words)
    assert {"dr", "eg", "vs"} <= wordlists.PREFIX_ABBREVIATIONS
    assert {"po", "bid", "sept", "md", "etc"} <= wordlists.FINAL_ABBREVIATIONS
    assert {"hpi", "history of present illness", "assessment and plan"} <= wordlists.SECTION_HEADERS
    assert {"vitamin", "hepatitis"} <= wordlists.LETTER_NOUNS
    assert {"the", "and", "s/p", "de"} <= wordlists.CONTINUATION_WORDS
    assert {"and", "with", "to"} <= wordlists.CONTINUATION_STARTS


# --- serialization and multiprocessing -------------------------------------


CUSTOM_CONFIG = {"split_on_newline": "never", "abbreviations": ["Hosp"]}


def _custom_nlp():
    nlp = _with(CUSTOM_CONFIG)
    sentencizer = nlp.get_pipe("phi_sentencizer")
    sentencizer.add_abbreviations(["Mass"])  # only in the saved state, not in the config
    sentencizer.add_abbreviations(["mcg"], final=True)
    sentencizer.add_headers(["Course on floor"])
    return nlp


def test_to_bytes_from_bytes():
    nlp = _custom_nlp()
    data = nlp.get_pipe("phi_sentencizer").to_bytes()
    nlp2 = _with(CUSTOM_CONFIG)
    sentencizer2 = nlp2.get_pipe("phi_sentencizer")
    assert sentencizer2.from_bytes(data) is sentencizer2
    assert sentencizer2.settings == nlp.get_pipe("phi_sentencizer").settings
    assert sentencizer2.abbreviations == ["Hosp", "Mass"]
    assert sentencizer2.split_on_newline == "never"
    text = "Seen at Mass. General.\nCourse on floor: Uneventful."
    assert sents(nlp2, text) == sents(nlp, text) == ["Seen at Mass. General.", "Course on floor:", "Uneventful."]


def test_saved_state_is_the_added_words_only():
    # The settings are the config's: a component built from another config keeps
    # its own settings and gets only the added abbreviations and headers.
    data = _custom_nlp().get_pipe("phi_sentencizer").to_bytes()
    other = _with({"split_on_newline": "always"}).get_pipe("phi_sentencizer")
    other.from_bytes(data)
    assert other.split_on_newline == "always"
    assert (other.abbreviations, other.final_abbreviations, other.headers) == (["Mass"], ["mcg"], ["Course on floor"])


def test_nlp_to_bytes_from_bytes():
    nlp = _custom_nlp()
    nlp2 = _with(CUSTOM_CONFIG)
    nlp2.from_bytes(nlp.to_bytes())
    assert nlp2.get_pipe("phi_sentencizer").settings == nlp.get_pipe("phi_sentencizer").settings


def test_to_disk_spacy_load(tmp_path):
    nlp = _custom_nlp()
    nlp.to_disk(tmp_path / "model")
    assert (tmp_path / "model" / "phi_sentencizer" / "cfg").exists()
    nlp2 = spacy.load(tmp_path / "model")
    sentencizer2 = nlp2.get_pipe("phi_sentencizer")
    assert isinstance(sentencizer2, PhiSentencizer)
    assert sentencizer2.settings == nlp.get_pipe("phi_sentencizer").settings
    assert "Mass" in sentencizer2.abbreviations
    assert sents(nlp2, "Seen at Mass. General yesterday.") == ["Seen at Mass. General yesterday."]


def test_component_to_disk_from_disk(tmp_path):
    sentencizer = _custom_nlp().get_pipe("phi_sentencizer")
    sentencizer.to_disk(tmp_path / "s")
    other = _with(CUSTOM_CONFIG).get_pipe("phi_sentencizer")
    assert other.from_disk(tmp_path / "s") is other
    assert other.settings == sentencizer.settings


def test_pickle():
    nlp = _custom_nlp()
    sentencizer = nlp.get_pipe("phi_sentencizer")
    clone = pickle.loads(pickle.dumps(sentencizer))
    assert clone.settings == sentencizer.settings
    text = "Seen at Mass. General yesterday.\nMRN: 0937884"
    nlp2 = pickle.loads(pickle.dumps(nlp))
    assert sents(nlp2, text) == sents(nlp, text)


def test_nlp_pipe_n_process(nlp):
    texts = [text for text, _ in CASES] * 3
    one = [[s.text for s in doc.sents] for doc in nlp.pipe(texts, n_process=1)]
    two = [[s.text for s in doc.sents] for doc in nlp.pipe(texts, n_process=2, batch_size=8)]
    assert one == two
    assert one[0] == [s.text for s in nlp(texts[0]).sents]


# --- scoring -----------------------------------------------------------------


def _gold(nlp, text, starts):
    """A reference doc with sentence starts at the given substrings."""
    doc = nlp.make_doc(text)
    offsets = {text.index(start) for start in starts}
    for token in doc:
        token.is_sent_start = token.idx in offsets
    return doc


def test_score(nlp):
    text = "MRN: 0937884\nDOB: 09/14/2067\nDr. Vincent saw her. She is well."
    gold = _gold(nlp, text, ["MRN", "DOB", "Dr.", "She"])
    example = Example(nlp(text), gold)
    scores = nlp.get_pipe("phi_sentencizer").score([example])
    assert scores["sents_f"] == 1.0
    assert "sents_per_type" not in scores
    assert nlp.evaluate([Example(nlp.make_doc(text), gold)])["sents_f"] == 1.0
    wrong = _gold(nlp, text, ["MRN", "She"])
    assert nlp.get_pipe("phi_sentencizer").score([Example(nlp(text), wrong)])["sents_f"] < 1.0
    # spaCy's punctuation-only sentencizer misses the line structure
    baseline = spacy.blank("en")
    baseline.add_pipe("sentencizer")
    assert baseline.evaluate([Example(baseline.make_doc(text), gold)])["sents_f"] < 1.0


# --- known gaps ----------------------------------------------------------------


@pytest.mark.xfail(strict=True, reason="unknown abbreviations end a sentence; add them to `abbreviations`")
def test_gap_unknown_abbreviation(nlp):
    assert sents(nlp, "Seen at Mass. General yesterday.") == ["Seen at Mass. General yesterday."]


@pytest.mark.xfail(strict=True, reason="a capital letter + '.' is an initial unless after a number or 'vitamin', ...")
def test_gap_capital_letter_at_sentence_end(nlp):
    assert sents(nlp, "Allergic to drug X. He is fine.") == ["Allergic to drug X.", "He is fine."]


@pytest.mark.xfail(strict=True, reason="glued lines ('WhalenChief') lost their line break before tokenization")
def test_gap_glued_lines(nlp):
    assert sents(nlp, "Seen by Dr. WhalenChief Complaint: chest pain") == [
        "Seen by Dr. Whalen",
        "Chief Complaint: chest pain",
    ]


@pytest.mark.xfail(strict=True, reason="a sentence that starts lowercase after '.' on the same line is not split")
def test_gap_lowercase_sentence_start(nlp):
    assert sents(nlp, "Pt seen. no acute distress.") == ["Pt seen.", "no acute distress."]


@pytest.mark.xfail(strict=True, reason="a hand-wrapped short line before a capitalised word looks like a new line")
def test_gap_hand_wrapped_name(nlp):
    assert sents(nlp, "Her daughter, Jane\nSmith, was present.") == ["Her daughter, Jane\nSmith, was present."]


@pytest.mark.xfail(strict=True, reason="unbulleted lowercase list lines after 'Header: item' are joined as wrapping")
def test_gap_lowercase_list_after_inline_header(nlp):
    assert sents(nlp, "Meds: aspirin 81 mg\nlisinopril 10 mg") == ["Meds:", "aspirin 81 mg", "lisinopril 10 mg"]
