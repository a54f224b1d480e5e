"""Tests of the surrogate library and the phi_surrogates component."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest

from spacy_phi.surrogates import (
    DATE_STYLES,
    SurrogateGenerator,
    UnparseableDateError,
    date_offset,
    deidentify_text,
    format_date,
    parse_date,
    sample_date,
    sample_name,
    shift_date_text,
)
from spacy_phi.surrogates.identifiers import format_preserving
from spacy_phi.util import blank_pipeline

SECRET = b"test-secret-0123456789abcdef"

NOTE = """Patient: SMITH, JOHN   MRN: 0937884   DOB: 03/14/2019
Seen by Dr. Emily Hess on Tuesday, March 14, 2089 at Massachusetts General Hospital.
Mr. Smith (John) is a 92 yo retired carpenter from Boston, MA 02114, 12 Elm Street.
Phone (617) 432-2398, fax 617.726.4411 x204, email john.smith@gmail.com, web www.smithfamily.org/home.
SSN 123-45-6789. Follow-up with Dr. hess 14-Mar-2089; last seen Mar-89. IP 10.2.3.4.
J. Smith works for Acme Corp in Cardiology, room 4B-12. Winter of 2091. Username jsmith2.
"""
NOTE_PHI = [
    ("SMITH, JOHN", "PATIENT"), ("0937884", "MEDICALRECORD"), ("03/14/2019", "DATE"),
    ("Emily Hess", "DOCTOR"), ("Tuesday, March 14, 2089", "DATE"),
    ("Massachusetts General Hospital", "HOSPITAL"), ("Smith", "PATIENT"), ("John", "PATIENT"),
    ("92", "AGE"), ("carpenter", "PROFESSION"), ("Boston", "CITY"), ("MA", "STATE"),
    ("02114", "ZIP"), ("12 Elm Street", "STREET"), ("(617) 432-2398", "PHONE"),
    ("617.726.4411 x204", "FAX"), ("john.smith@gmail.com", "EMAIL"),
    ("www.smithfamily.org/home", "URL"), ("123-45-6789", "SSN"), ("hess", "DOCTOR"),
    ("14-Mar-2089", "DATE"), ("Mar-89", "DATE"), ("10.2.3.4", "IPADDR"), ("J. Smith", "PATIENT"),
    ("Acme Corp", "ORGANIZATION"), ("Cardiology", "DEPARTMENT"), ("4B-12", "ROOM"),
    ("Winter of 2091", "DATE"), ("jsmith2", "USERNAME"),
]


def note_spans(text=NOTE, phi=NOTE_PHI):
    spans, start_at = [], {}
    for sub, label in phi:
        i = text.index(sub, start_at.get(sub, 0))
        # Whole-word occurrence not already used ("Smith" inside "SMITH, JOHN" is upper case).
        while any(s <= i < e for s, e, _ in spans):
            i = text.index(sub, i + 1)
        start_at[sub] = i + 1
        spans.append((i, i + len(sub), label))
    return sorted(spans)


def make_doc(nlp, text, spans, **user_data):
    doc = nlp.make_doc(text)
    doc.ents = [doc.char_span(s, e, label=l, alignment_mode="expand") for s, e, l in spans]
    doc.user_data.update(user_data)
    return doc


@pytest.fixture(scope="module")
def nlp():
    nlp = blank_pipeline()
    nlp.add_pipe("phi_surrogates")
    return nlp


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())


# --- consistency ---------------------------------------------------------------


def test_same_value_same_surrogate_within_doc():
    gen = SurrogateGenerator(SECRET, "p1")
    assert gen.surrogate("MEDICALRECORD", "0937884") == gen.surrogate("MEDICALRECORD", "0937884")
    assert gen.surrogate("CITY", "Boston") == gen.surrogate("CITY", "Boston")


def test_same_key_and_secret_same_surrogate_across_docs_different_secret_differs():
    values = [("PATIENT", "John Smith"), ("DATE", "03/14/2089"), ("PHONE", "617-432-2398"), ("HOSPITAL", "MGH")]
    a = [SurrogateGenerator(SECRET, "p1").surrogate(l, t) for l, t in values]
    b = [SurrogateGenerator(SECRET, "p1").surrogate(l, t) for l, t in values]
    c = [SurrogateGenerator(b"another secret", "p1").surrogate(l, t) for l, t in values]
    assert a == b
    assert a != c
    assert sum(x != y for x, y in zip(a, c)) >= 3


def test_component_consistent_across_docs_with_same_key(nlp):
    spans = note_spans()
    d1 = nlp(make_doc(nlp, NOTE, spans, phi_patient_key="patient-1"))
    d2 = nlp(make_doc(nlp, NOTE, spans, phi_record_id="other", phi_patient_key="patient-1"))
    d3 = nlp(make_doc(nlp, NOTE, spans, phi_patient_key="patient-2"))
    assert d1._.deidentified == d2._.deidentified
    assert d1._.deidentified != d3._.deidentified


def test_record_id_fallback(nlp):
    spans = note_spans()
    d1 = nlp(make_doc(nlp, NOTE, spans, phi_record_id="rec-9"))
    d2 = nlp(make_doc(nlp, NOTE, spans, phi_record_id="rec-9"))
    assert d1._.deidentified == d2._.deidentified


def test_consistent_across_processes(nlp):
    spans = note_spans()
    texts = [NOTE] * 4
    single = [nlp(make_doc(nlp, NOTE, spans, phi_record_id=f"r{i % 2}"))._.deidentified for i in range(4)]
    # Docs with user_data and ents go through the worker processes.
    docs = [make_doc(nlp, t, spans, phi_record_id=f"r{i % 2}") for i, t in enumerate(texts)]
    multi = [d._.deidentified for d in nlp.pipe(docs, n_process=2, batch_size=1)]
    assert multi == single
    assert multi[0] == multi[2] and multi[0] != multi[1]


def test_name_linking_and_distinct_people():
    text = "John Smith and Mr. Smith; SMITH, JOHN; J. Smith. Jane Doe saw Dr. Doe."
    spans = note_spans(text, [("John Smith", "PATIENT"), ("Smith", "PATIENT"), ("SMITH, JOHN", "PATIENT"),
                              ("J. Smith", "PATIENT"), ("Jane Doe", "DOCTOR"), ("Doe", "DOCTOR")])
    r = deidentify_text(text, spans, secret=SECRET, key="k")
    new = [r.text[e.new_start:e.new_end] for e in r.offset_map]
    first, last = new[0].split()
    assert new[1] == last
    assert new[2] == f"{last.upper()}, {first.upper()}"
    assert new[3] == f"{first[0]}. {last}"
    doe_first, doe_last = new[4].split()
    assert new[5] == doe_last
    assert len({first, last, doe_first, doe_last}) == 4  # different people, different surrogates


def test_name_shape_and_case():
    gen = SurrogateGenerator(SECRET, "k")
    up = gen.surrogate("PATIENT", "HESS")
    low = gen.surrogate("PATIENT", "hess")
    assert up.isupper() and up.isalpha()
    assert low == up.lower()
    title = gen.surrogate("PATIENT", "Hess")
    assert title[0].isupper() and title.lower() == low
    lf = gen.surrogate("PATIENT", "Ramirez, Maria T.")
    assert re.fullmatch(r"[A-Z][a-z]+, [A-Z][a-z]+ [A-Z]\.", lf), lf
    init = gen.surrogate("PATIENT", "J.")
    assert re.fullmatch(r"[A-Z]\.", init) and init != "J."


def test_sample_name_styles():
    rng = random.Random(1)
    assert re.fullmatch(r"[A-Za-z]+ [A-Za-z]+", sample_name(rng))
    assert re.fullmatch(r"[A-Z]+, [A-Z]+", sample_name(rng, "upper_last_first"))


# --- dates -----------------------------------------------------------------------


def test_date_offset_nonzero_in_range():
    for i in range(200):
        off = date_offset(SECRET, f"p{i}", 30, 365)
        assert 30 <= abs(off) <= 365
    assert {date_offset(SECRET, f"p{i}") > 0 for i in range(50)} == {True, False}


@pytest.mark.parametrize(
    "text,offset,expected",
    [
        ("03/14/2089", 10, "03/24/2089"),
        ("March 14", 10, "March 24"),
        ("14-Mar-2089", -14, "28-Feb-2089"),
        ("2089-03-14", 30, "2089-04-13"),
        ("Mar-89", 40, "Apr-89"),
        ("3/14", 1, "3/15"),
        ("'89", 40, "'90"),
        ("2089", -40, "2088"),
        ("Tuesday, March 14, 2089", 1, "Tuesday, March 15, 2089".replace("Tuesday", dt.date(2089, 3, 15).strftime("%A"))),
        ("March 1st, 2089", 1, "March 2nd, 2089"),
        ("Monday", 3, "Thursday"),
        ("MAR 14 2089", 31, "APR 14 2089"),
    ],
)
def test_date_formats_kept(text, offset, expected):
    assert shift_date_text(text, offset) == expected


@pytest.mark.parametrize("text", ["Winter of 2091", "Christmas", "14th", "13/45/2089", "the 3rd", "2/30/2089"])
def test_unparseable_dates_raise(text):
    with pytest.raises(UnparseableDateError):
        shift_date_text(text, 30)


def test_exact_interval_preservation_random_pairs():
    rng = random.Random(7)
    full_styles = [s for s in DATE_STYLES if "D" in s and "Y" in s and s not in ("M/D/YY", "MM/DD/YY")]
    for i in range(500):
        gen = SurrogateGenerator(SECRET, f"patient-{i % 37}")
        a, b = sample_date(rng), sample_date(rng)
        ta, tb = format_date(a, rng.choice(full_styles)), format_date(b, rng.choice(full_styles))
        na, nb = parse_date(gen.surrogate("DATE", ta)).date, parse_date(gen.surrogate("DATE", tb)).date
        assert (nb - na) == (b - a)
        assert na != a
        assert abs((na - a).days) == abs(gen.date_offset)


def test_two_digit_years_and_partials_consistent():
    gen = SurrogateGenerator(SECRET, "p")
    a, b = dt.date(2019, 1, 5), dt.date(2019, 3, 1)
    na = parse_date(gen.surrogate("DATE", format_date(a, "M/D/YY"))).date
    nb = parse_date(gen.surrogate("DATE", format_date(b, "MM/DD/YY"))).date
    assert nb - na == b - a
    m1 = parse_date(gen.surrogate("DATE", "Mar-89"))
    m2 = parse_date(gen.surrogate("DATE", "Jun-89"))
    assert (m2.year * 12 + m2.month) - (m1.year * 12 + m1.month) == 3


def test_unparseable_dates_masked_and_counted(nlp):
    text = "Seen in winter of 2091 and on 03/14/2089."
    doc = nlp(make_doc(nlp, text, note_spans(text, [("winter of 2091", "DATE"), ("03/14/2089", "DATE")])))
    assert doc._.deidentified.startswith("Seen in [DATE] and on ")
    assert "2091" not in doc._.deidentified and "03/14/2089" not in doc._.deidentified
    stats = doc._.phi_surrogate_stats
    assert stats["unparseable_dates_masked"] == 1 and stats["surrogate"] == 1
    assert doc._.phi_offset_map[0]["reason"] == "unparseable_date"


# --- identifiers -------------------------------------------------------------------


def _shape(text):
    return re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", text)))


def test_format_preserving_ids_random():
    rng = random.Random(3)
    alphabet = "0123456789ABCDEFGHJKabcxyz-/. #"
    for i in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 16)))
        if not any(c.isalnum() for c in text):
            continue
        gen = SurrogateGenerator(SECRET, f"k{i}")
        for label in ("MEDICALRECORD", "ACCOUNT", "DEVICE", "VEHICLE", "IDNUM", "LICENSE", "HEALTHPLAN"):
            new = gen.surrogate(label, text)
            assert len(new) == len(text) and _shape(new) == _shape(text) and new != text


def test_id_prefixes_kept():
    assert format_preserving(random.Random(1), "MRN0937884", ["MRN"]).startswith("MRN")


def test_phone_format_and_fictional_range():
    rng = random.Random(5)
    layouts = ["(###) ###-####", "###-###-####", "###.###.####", "1-###-###-####", "###-####", "##########",
               "+1 ### ### ####", "###-###-#### x###"]
    for i in range(300):
        layout = rng.choice(layouts)
        text = "".join(str(rng.randint(2, 9)) if c == "#" else c for c in layout)
        new = SurrogateGenerator(SECRET, f"k{i}").surrogate("PHONE", text)
        assert len(new) == len(text) and _shape(new) == _shape(text)
        digits = re.sub(r"\D", "", new.split(" x")[0])
        if len(digits) == 11:
            digits = digits[1:]
        assert digits[-7:-4] == "555" and digits[-4:-2] == "01"
        if len(digits) == 10:
            assert digits[0] in "23456789" and digits[1:3] != "11"


def test_ssn_zip_ip_email_url():
    gen = SurrogateGenerator(SECRET, "k")
    ssn = gen.surrogate("SSN", "123-45-6789")
    assert re.fullmatch(r"\d{3}-\d{2}-\d{4}", ssn)
    # never issuable: area 9xx, group below the ITIN ranges
    assert ssn.startswith("9") and 1 <= int(ssn[4:6]) <= 49 and ssn[7:] != "0000"
    assert re.fullmatch(r"\d{5}", gen.surrogate("ZIP", "02114"))
    assert re.fullmatch(r"\d{5}-\d{4}", gen.surrogate("ZIP", "02114-1234"))
    ip = gen.surrogate("IPADDR", "10.2.3.4")
    assert ip.startswith(("192.0.2.", "198.51.100.", "203.0.113."))
    assert gen.surrogate("IPADDR", "fe80::1").startswith("2001:db8:")
    assert re.search(r"@example\.(com|org|net)$", gen.surrogate("EMAIL", "a.b@gmail.com"))
    assert re.match(r"https://(www\.)?example\.(com|org|net)", gen.surrogate("URL", "https://www.x.org/a"))


def test_ages():
    gen = SurrogateGenerator(SECRET, "k")
    assert gen.surrogate("AGE", "92") == "90+"
    assert gen.surrogate("AGE", "92 yo") == "90+ yo"
    assert gen.surrogate("AGE", "45") == "45"
    strict = SurrogateGenerator(SECRET, "k", age_mode="strict")
    new = strict.surrogate("AGE", "45")
    assert new != "45" and 42 <= int(new) <= 48


# --- the whole note -------------------------------------------------------------


def test_no_original_phi_left_in_output(nlp):
    spans = note_spans()
    doc = nlp(make_doc(nlp, NOTE, spans, phi_patient_key="p-17"))
    out = doc._.deidentified
    for s, e, label in spans:
        original = NOTE[s:e]
        if label == "DEPARTMENT":  # "Cardiology" is a generic service, kept (issue 17)
            continue
        if len(original) >= 3:
            assert original.lower() not in out.lower(), label
    actions = {(m["label"], m["action"], m["reason"]) for m in doc._.phi_offset_map if m["label"] == "DEPARTMENT"}
    assert actions == {("DEPARTMENT", "keep", "generic_service")}
    for word in ("Smith", "John", "Hess", "Boston", "Acme", "0937884", "2398", "6789"):
        assert word.lower() not in out.lower()


def test_offset_map_correct(nlp):
    for mode in ("surrogate", "mask", "tag", "redact"):
        spans = note_spans()
        r = deidentify_text(NOTE, spans, secret=SECRET, key="k", default_mode=mode)
        prev_end = prev_new_end = 0
        assert len(r.offset_map) == len(spans)
        for entry, (s, e, label) in zip(r.offset_map, spans):
            assert (entry.start, entry.end, entry.label) == (s, e, label)
            assert NOTE[prev_end:s] == r.text[prev_new_end:entry.new_start]
            prev_end, prev_new_end = e, entry.new_end
        assert NOTE[prev_end:] == r.text[prev_new_end:]


def test_modes(nlp):
    text = "DOB 03/14/2089, MRN 12345."
    spans = note_spans(text, [("03/14/2089", "DATE"), ("12345", "MEDICALRECORD")])
    assert deidentify_text(text, spans, default_mode="mask").text == "DOB [DATE], MRN [MEDICALRECORD]."
    assert deidentify_text(text, spans, default_mode="tag").text == "DOB [**DATE**], MRN [**MEDICALRECORD**]."
    red = deidentify_text(text, spans, default_mode="redact").text
    assert red == "DOB **********, MRN *****." and len(red) == len(text)
    mixed = deidentify_text(text, spans, secret=SECRET, key="k", modes={"DATE": "tag"})
    assert mixed.text.startswith("DOB [**DATE**], MRN ") and "12345" not in mixed.text
    assert [e.action for e in mixed.offset_map] == ["tag", "surrogate"]
    nlp2 = blank_pipeline()
    nlp2.add_pipe("phi_surrogates", config={"modes": {"DATE": "redact"}, "default_mode": "mask"})
    doc = nlp2(make_doc(nlp2, text, spans))
    assert doc._.deidentified == "DOB **********, MRN [MEDICALRECORD]."


def test_fail_closed_on_exception(monkeypatch):
    from spacy_phi.surrogates import generator as g

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(g, "surrogate_phone", boom)
    r = deidentify_text("call 617-432-2398 now", [(5, 17, "PHONE")], secret=SECRET, key="k")
    assert r.text == "call [PHONE] now" and r.stats["failures_masked"] == 1


def test_empty_doc_and_doc_without_phi(nlp):
    doc = nlp("")
    assert doc._.deidentified == "" and doc._.phi_offset_map == []
    text = "No identifiers here.\n\n  Just text."
    doc = nlp(text)
    assert doc._.deidentified == text and doc._.phi_offset_map == []
    assert deidentify_text(text, []).text == text


def test_serialization_round_trip_without_secret(nlp, tmp_path):
    nlp2 = blank_pipeline()
    nlp2.add_pipe("phi_surrogates", config={"modes": {"AGE": "tag"}, "date_shift_min": 10})
    spans = note_spans()
    before = nlp2(make_doc(nlp2, NOTE, spans, phi_patient_key="x"))._.deidentified
    data = nlp2.to_bytes()
    assert SECRET not in data
    nlp2.to_disk(tmp_path / "pipe")
    for path in (tmp_path / "pipe").rglob("*"):
        if path.is_file():
            assert SECRET not in path.read_bytes()
    import spacy

    loaded = spacy.load(tmp_path / "pipe")
    assert loaded.get_pipe("phi_surrogates").cfg["modes"] == {"AGE": "tag"}
    after = loaded(make_doc(loaded, NOTE, spans, phi_patient_key="x"))._.deidentified
    assert after == before
    # The settings are the config's: a component's own bytes carry none.
    fresh = blank_pipeline()
    fresh.add_pipe("phi_surrogates").from_bytes(nlp2.get_pipe("phi_surrogates").to_bytes())
    assert fresh.get_pipe("phi_surrogates").cfg["date_shift_min"] == 30


def test_settings_changed_after_building_are_not_saved_and_a_warning_says_so(tmp_path, caplog):
    nlp2 = blank_pipeline()
    nlp2.add_pipe("phi_surrogates", config={"default_mode": "mask"}).configure(default_mode="tag")
    with caplog.at_level("WARNING", logger="spacy_phi"):
        nlp2.to_disk(tmp_path / "pipe")
    assert "default_mode" in caplog.text and "not saved" in caplog.text
    import spacy

    assert spacy.load(tmp_path / "pipe").get_pipe("phi_surrogates").cfg["default_mode"] == "mask"


def test_secret_file(tmp_path, monkeypatch):
    monkeypatch.delenv("SPACY_PHI_SECRET")
    secret_file = tmp_path / "secret"
    secret_file.write_bytes(SECRET + b"\n")
    nlp2 = blank_pipeline()
    nlp2.add_pipe("phi_surrogates", config={"secret_file": str(secret_file)})
    pipe = nlp2.get_pipe("phi_surrogates")
    assert pipe.secret == SECRET
    assert SECRET not in repr(pipe).encode() and SECRET not in nlp2.to_bytes()


def test_configure_changes_some_settings_and_validates():
    component = blank_pipeline().add_pipe("phi_surrogates", config={"modes": {"AGE": "mask"}})
    component.configure(default_mode="tag")
    assert component.settings["default_mode"] == "tag"
    assert component.settings["modes"] == {"AGE": "mask"}  # untouched settings kept
    with pytest.raises(ValueError):
        component.configure(default_mode="shred")
    with pytest.raises(ValueError):
        component.configure(no_such_setting=1)
    assert component.settings["default_mode"] == "tag"
