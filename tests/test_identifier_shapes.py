"""Identifier shapes (issue 21): payment cards, MAC addresses, ISO 8601
timestamps, international phones, IPv6, IDN e-mails/URLs, dotted SSNs and
dates, NPI, MBI, DEA, ABA routing, passport and driver's licence numbers.

Every string here was written for this module (card, NPI, DEA and ABA
numbers are made-up values with valid check digits). Each positive must be
found by the rules-only pipeline with its label and full extent, alone, in a
sentence and (for phones and e-mails) glued to the word before; each negative
must not be flagged at all. `benchmarks/identifier_shapes.py` prints the same
cases as counts per family.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

import pytest

import spacy_phi
from spacy_phi import checksums as validators
from spacy_phi import rules_pipeline
from spacy_phi.merge import SHAPE_FAMILY
from spacy_phi.spangroups import NER_GROUP
from spacy_phi.surrogates.dates import shift_date_text
from spacy_phi.surrogates.generator import SurrogateGenerator
from spacy_phi.surrogates.identifiers import is_mac

# family -> [(value, label)]: found alone and in the family's sentences.
POSITIVES: Dict[str, List[Tuple[str, str]]] = {
    "card": [
        ("4012-8888-8888-1881", "ACCOUNT"),
        ("4012 8888 8888 1881", "ACCOUNT"),
        ("4111 1111 1111 1111", "ACCOUNT"),
        ("5555-5555-5555-4444", "ACCOUNT"),
        ("3782 822463 10005", "ACCOUNT"),
        ("3056 930902 5904", "ACCOUNT"),
        ("4416 2998 6498 4032 972", "ACCOUNT"),
        ("4126520642792871", "ACCOUNT"),
        ("5121748885159043", "ACCOUNT"),
        ("2221584744529076", "ACCOUNT"),
        ("6011845474855451", "ACCOUNT"),
        ("6565275582823573", "ACCOUNT"),
        ("345273806756919", "ACCOUNT"),
        ("4933505646180", "ACCOUNT"),
        ("4416299864984032972", "ACCOUNT"),
    ],
    "mac": [
        ("00:1A:2B:3C:4D:5E", "DEVICE"),
        ("00-1A-2B-3C-4D-5E", "DEVICE"),
        ("AA-BB-CC-DD-EE-FF", "DEVICE"),
        ("aa:bb:cc:dd:ee:ff", "DEVICE"),
        ("3c:22:fb:7a:91:0e", "DEVICE"),
        ("0012.3456.789A", "DEVICE"),
        ("aabb.ccdd.eeff", "DEVICE"),
        ("0050.56c0.0008", "DEVICE"),
        ("F4-5C-89-A1-03-B7", "DEVICE"),
        ("08:00:27:00:00:01", "DEVICE"),
    ],
    "iso_timestamp": [
        ("2024-06-05T09:15:30.500-07:00", "DATE"),
        ("2024-06-05T09:15:30Z", "DATE"),
        ("2024-06-05T09:15:30+05:30", "DATE"),
        ("2024-06-05T09:15", "DATE"),
        ("2024-06-05T09:15:30,123456+0100", "DATE"),
        ("2024-06-05T23:59:59.999999999Z", "DATE"),
        ("20240605T091530Z", "DATE"),
        ("20240605T0915", "DATE"),
        ("2024-06-05 09:15:30Z", "DATE"),
        ("2024-06-05 09:15:30.25-04", "DATE"),
        ("2024-02-29T00:00:00Z", "DATE"),
        ("2024-W23-3", "DATE"),
        ("2024-06-05", "DATE"),
    ],
    "phone_international": [
        ("+14155550132", "PHONE"),
        ("+1 415 555 0132", "PHONE"),
        ("+49 30 1234567", "PHONE"),
        ("+30 21 0 1234567", "PHONE"),
        ("+44 (0)20 7946 0958", "PHONE"),
        ("+33 6 12 34 56 78", "PHONE"),
        ("+81-90-1234-5678", "PHONE"),
        ("+972-9-7625400", "PHONE"),
        ("+61 2 9876 5432 ext 12", "PHONE"),
        ("+34 945 007 000", "PHONE"),
        ("+91 98765 43210", "PHONE"),
        ("+353 1 234 5678", "PHONE"),
        ("91-415-555-0132", "PHONE"),
        ("1 800 555 0199", "PHONE"),
        ("09-7625400", "PHONE"),
        ("090-1234-5678", "PHONE"),
        ("03-1234-5678", "PHONE"),
        ("010-1234-5678", "PHONE"),
        ("030 1234567", "PHONE"),
        ("(030) 1234567", "PHONE"),
        ("020 7946 0958", "PHONE"),
        ("06 12 34 56 78", "PHONE"),
        ("01.23.45.67.89", "PHONE"),
        ("030/1234567", "PHONE"),
        ("617-555-0132 x204", "PHONE"),
    ],
    "ipv6": [
        ("2001:db8:85a3:0:0:8a2e:370:7334", "IPADDR"),
        ("2001:0db8:85a3:0000:0000:8a2e:0370:7334", "IPADDR"),
        ("2001:db8::8a2e:370:7334", "IPADDR"),
        ("2001:DB8::1", "IPADDR"),
        ("fe80::1", "IPADDR"),
        ("fe80::1%eth0", "IPADDR"),
        ("fe80::1%eth0/64", "IPADDR"),
        ("2001:db8::%eth0/128", "IPADDR"),
        ("fe80::/10", "IPADDR"),
        ("2001:db8::/32", "IPADDR"),
        ("::1", "IPADDR"),
        ("::ffff:192.0.2.1", "IPADDR"),
        ("::ffff:c000:201", "IPADDR"),
        ("2001:db8:0:0:0:0:192.168.1.1", "IPADDR"),
        ("64:ff9b::198.51.100.7", "IPADDR"),
        ("2001:db8:1::ab9:C0A8:102", "IPADDR"),
        ("ff02::1:ff00:1", "IPADDR"),
        ("2001:db8:a::123", "IPADDR"),
        ("192.0.2.0/24", "IPADDR"),
        ("198.51.100.7", "IPADDR"),
    ],
    "idn_email_url": [
        ("a@xn--d1acufc.xn--p1ai", "EMAIL"),
        ("info@xn--mller-kva.de", "EMAIL"),
        ("josé.garcía@hospital.es", "EMAIL"),
        ("anna@müller.de", "EMAIL"),
        ("user@пример.рф", "EMAIL"),
        ("xn--e1afmkfd.xn--p1ai", "URL"),
        ("xn--80ak6aa92e.com", "URL"),
        ("https://xn--mller-kva.de/patient/17", "URL"),
        ("http://例え.jp/path", "URL"),
        ("www.xn--bcher-kva.ch", "URL"),
    ],
    "ssn_dotted": [
        ("078.05.1123", "SSN"),
        ("219.09.9999", "SSN"),
        ("457.55.5462", "SSN"),
        ("123.45.6789", "SSN"),
        ("078-05-1123", "SSN"),
        ("078 05 1123", "SSN"),
    ],
    "date_dotted": [
        ("21.5.21", "DATE"),
        ("05.06.24", "DATE"),
        ("31.12.99", "DATE"),
        ("1.1.20", "DATE"),
        ("14.03.2089", "DATE"),
        ("3.7.19", "DATE"),
    ],
    "npi": [
        ("2580730218", "LICENSE"),
        ("1642621290", "LICENSE"),
        ("1234567893", "LICENSE"),
        ("1234-567-893", "LICENSE"),
        ("2220 033 221", "LICENSE"),
        ("1562-241-541", "LICENSE"),
    ],
    "mbi": [
        ("1EG4-TE5-MK73", "HEALTHPLAN"),
        ("1EG4TE5MK73", "HEALTHPLAN"),
        ("9AA0-AA0-AA00", "HEALTHPLAN"),
        ("2C19-D32-EF45", "HEALTHPLAN"),
        ("5KW7-HP3-RT88", "HEALTHPLAN"),
    ],
    "dea": [
        ("RY9095147", "LICENSE"),
        ("FK7527724", "LICENSE"),
        ("AJ0560866", "LICENSE"),
        ("BD3758589", "LICENSE"),
        ("AB1234563", "LICENSE"),
    ],
    "aba": [
        ("3222-7162-7", "ACCOUNT"),
        ("0335-8952-7", "ACCOUNT"),
        ("1148-1454-8", "ACCOUNT"),
        ("0612-4720-0", "ACCOUNT"),
    ],
}

#: Neutral sentences (no context word that would decide the label).
SENTENCES = ("{v}", "Recorded {v} at intake.", "Value ({v}) was noted.", "Seen, then {v}; ok")

# (text, value, label): the value needs its context word.
CONTEXT_POSITIVES: List[Tuple[str, str, str]] = [
    ("Visa card 4012 8888 8888 1882 declined", "4012 8888 8888 1882", "ACCOUNT"),
    ("credit card: 4111111111111112", "4111111111111112", "ACCOUNT"),
    ("NPI: 1234567890", "1234567890", "LICENSE"),
    ("NPI 1234-567-890", "1234-567-890", "LICENSE"),
    ("DEA# AB1234564", "AB1234564", "LICENSE"),
    ("DEA number FK7527725", "FK7527725", "LICENSE"),
    ("ABA routing number 322271627", "322271627", "ACCOUNT"),
    ("Routing #: 123456789", "123456789", "ACCOUNT"),
    ("RTN 3222-7162-8", "3222-7162-8", "ACCOUNT"),
    ("SSN 900.12.3456", "900.12.3456", "SSN"),
    ("Social Security 666.12.3456", "666.12.3456", "SSN"),
    ("passport no. 123456789", "123456789", "IDNUM"),
    ("US passport: A12345678", "A12345678", "IDNUM"),
    ("Passport # 987654321", "987654321", "IDNUM"),
    ("driver's license S123-4567-8901", "S123-4567-8901", "LICENSE"),
    ("Driver's License: D1234567", "D1234567", "LICENSE"),
    ("DL# 123 456 789", "123 456 789", "LICENSE"),
    ("drivers lic A12-34-5678", "A12-34-5678", "LICENSE"),
    ("DL (CA): B7654321", "B7654321", "LICENSE"),
    ("Fax +49 30 7654321", "+49 30 7654321", "FAX"),
    ("mobile 0612345678", "0612345678", "PHONE"),
    ("Tel.: 09-7625400", "09-7625400", "PHONE"),
]

# (text, value, label): the value glued to the word before it.
GLUED_POSITIVES: List[Tuple[str, str, str]] = [
    ("Tel09-7625400", "09-7625400", "PHONE"),
    ("phone617-555-1234", "617-555-1234", "PHONE"),
    ("Smith617-555-1234", "617-555-1234", "PHONE"),
    ("Tel+4930123456", "+4930123456", "PHONE"),
    ("call+1 415 555 0132", "+1 415 555 0132", "PHONE"),
    ("mobile090-1234-5678", "090-1234-5678", "PHONE"),
    ("contact:+44 20 7946 0958", "+44 20 7946 0958", "PHONE"),
    ("email:a@xn--d1acufc.xn--p1ai", "a@xn--d1acufc.xn--p1ai", "EMAIL"),
    ("at2024-06-05T09:15:30Z", "2024-06-05T09:15:30Z", "DATE"),
    ("MAC:00:1A:2B:3C:4D:5E", "00:1A:2B:3C:4D:5E", "DEVICE"),
    ("ip=fe80::1%eth0", "fe80::1%eth0", "IPADDR"),
    ("card:4012-8888-8888-1881", "4012-8888-8888-1881", "ACCOUNT"),
]

#: Look-alikes that no rule may flag.
NEGATIVES: List[str] = [
    "Version 1.2.3",
    "version 10.12.15 installed",
    "Updated to v2.10.1 today",
    "build 4.5.21 of the app",
    "Python 3.11.7",
    "release 1.5.10",
    "range 10-12",
    "3-5 days",
    "7-10 days",
    "2-3 times daily",
    "Na 138 K 4.1 Cl 101",
    "BP 120/80",
    "HR 72 RR 18 SpO2 98%",
    "pH 7.40 pCO2 40",
    "INR 1.2, WBC 12.5",
    "Hgb 13.2, Hct 39.8",
    "MyClass::toString",
    "std::vector",
    "Foo::Bar::baz()",
    "ICD-10 E11.65",
    "dx I10 and Z79.4",
    "S72.001A fracture",
    "CPT 99213",
    "CPT 99214-25",
    "NDC 0002-1433-80",
    "NDC 00002-1433-80",
    "NDC 50090-2875-0",
    "dosage 1:1:1",
    "ratio 2:1",
    "mix 1:2:3",
    "at 09:15",
    "from 09:15:30 to 10:45:00",
    "12:30:45:00",
    "aa:bb:cc",
    "0.9% NS at 75 mL/hr",
    "Temp 98.6",
    "A1c 6.5%",
    "200 mg",
    "1,000 units",
    "GCS 15",
    "BMI 31.2",
    "LOINC 2345-7",
    "1234 5678",
    "1-2-3",
    "1.2.3.4.5",
    "999.999.999.999",
    "0800-1200",
    "ABCDEFG ABCDEFGH ABCDEFGHI",
    "x2 daily",
    "q4-6h prn",
    "pain 7/10",
    "T2DM",
    "grade 2/6 murmur",
    "code 02114-1234 here",
    "version 1.2.34",
    "v1.2.34",
    "EF 55-60%",
    "1:10000 epinephrine",
    "5 x 10^9/L",
    "step 3.1.4",
    "A::B",
    "score 12.5.3",
    "+2 pitting edema",
    "+1.5 cm",
    "1 2 3 4",
]


@pytest.fixture(scope="module")
def nlp():
    return rules_pipeline("en", surrogates=False)


def _ents(nlp, text: str) -> List[Tuple[int, int, str]]:
    return [(e.start_char, e.end_char, e.label_) for e in nlp(text).ents]


def _positive_cases() -> List[Tuple[str, str, str, str]]:
    cases = []
    for family, values in POSITIVES.items():
        for value, label in values:
            for sentence in SENTENCES:
                cases.append((family, sentence.format(v=value), value, label))
    return cases


def test_case_counts():
    """The module holds more than 200 identifier strings of its own."""
    strings = {v for vs in POSITIVES.values() for v, _ in vs}
    strings |= {v for _, v, _ in CONTEXT_POSITIVES + GLUED_POSITIVES} | set(NEGATIVES)
    assert len(strings) >= 200


@pytest.mark.parametrize("family,text,value,label", _positive_cases())
def test_positive_full_extent_and_label(nlp, family, text, value, label):
    start = text.index(value)
    assert (start, start + len(value), label) in _ents(nlp, text), family


@pytest.mark.parametrize("text,value,label", CONTEXT_POSITIVES)
def test_positive_after_context_word(nlp, text, value, label):
    """Context keeps a value whatever its checksum (recall first)."""
    start = text.index(value)
    assert (start, start + len(value), label) in _ents(nlp, text)


@pytest.mark.parametrize("text,value,label", GLUED_POSITIVES)
def test_positive_glued_to_the_word_before(nlp, text, value, label):
    """The value is covered with its label; the entity may take in the glued
    word only where the tokenizer left it in the same token."""
    start, end = text.index(value), text.index(value) + len(value)
    hits = [(s, e) for s, e, lab in _ents(nlp, text) if lab == label and s <= start and e >= end]
    assert hits, text
    s, e = hits[0]
    assert e == end and text[s:start].isalpha() or s == start


@pytest.mark.parametrize("text", NEGATIVES)
def test_negative_not_flagged(nlp, text):
    assert _ents(nlp, text) == []


# -- validators --------------------------------------------------------------


def test_checksums():
    assert validators.is_card("4012 8888 8888 1881") and not validators.is_card("4012 8888 8888 1882")
    assert validators.is_npi("1234567893") and not validators.is_npi("1234567890")
    assert validators.is_dea("AB1234563") and not validators.is_dea("AB1234564")
    assert validators.is_aba("322271627") and not validators.is_aba("322271628")
    assert validators.is_mbi("1EG4-TE5-MK73") and not validators.is_mbi("1EG4-TE5-MK7S")
    assert validators.is_ssn("078-05-1123") and not validators.is_ssn("666-05-1123")
    assert validators.is_ip("fe80::1%eth0/64") and not validators.is_ip("12:30:45")
    assert not validators.is_ip("::")
    assert validators.is_iso_datetime("2024-02-29T23:59:60Z") and not validators.is_iso_datetime("2023-02-29T10:00")


def test_space_separated_time_without_offset_is_not_part_of_the_date(nlp):
    """i2b2 convention: a date and a plain time of day are two things."""
    assert _ents(nlp, "on 2024-06-05 09:15:30 seen") == [(3, 13, "DATE")]


def test_unconfirmed_card_grouping_is_still_redacted(nlp):
    """A 4-4-4-4 number that fails Luhn is kept (priority 1): recall first."""
    assert _ents(nlp, "number 4012 8888 8888 1882 here") == [(7, 26, "ACCOUNT")]


def test_failed_checksum_without_context_falls_back_to_idnum(nlp):
    """A bare 10-digit number that is not an NPI is still redacted as IDNUM."""
    assert _ents(nlp, "ref 1234567890 here") == [(4, 14, "IDNUM")]


# -- merge: a rule's unambiguous shape keeps its label -------------------------


@pytest.fixture(scope="module")
def merge_nlp():
    nlp = spacy_phi.blank_pipeline()
    nlp.add_pipe("phi_rules").initialize()
    nlp.add_pipe("phi_merge")
    return nlp


def _merged(merge_nlp, text: str, ner: List[Tuple[str, str]]) -> List[Tuple[str, str]]:
    """Run the rules, put fake NER spans (substring, label) in the NER group,
    then merge."""
    merge = merge_nlp.get_pipe("phi_merge")
    doc = merge_nlp.make_doc(text)
    doc = merge_nlp.get_pipe("phi_rules")(doc)
    spans = []
    for sub, label in ner:
        i = text.index(sub)
        spans.append(doc.char_span(i, i + len(sub), label, alignment_mode="expand"))
    doc.spans[NER_GROUP] = spans
    return [(e.text, e.label_) for e in merge(doc).ents]


@pytest.mark.parametrize(
    "text,ner,expected",
    [
        # context-free phone (priority 1) keeps PHONE over an NER DATE
        ("Reach him on +49 30 1234567 please", [("+49 30 1234567", "DATE")], ("+49 30 1234567", "PHONE")),
        # rule span inside a longer NER span: union extent, rule label
        ('Portal "https://mychart.example.org/x" now', [('"https://mychart.example.org/x"', "PATIENT")],
         ('"https://mychart.example.org/x"', "URL")),
        ("host fe80::1%eth0 down", [("fe80::1%eth0 down", "PHONE")], ("fe80::1%eth0 down", "IPADDR")),
        ("paid 4012-8888-8888-1881 ok", [("4012-8888-8888-1881", "MEDICALRECORD")], ("4012-8888-8888-1881", "ACCOUNT")),
        ("mac 00:1A:2B:3C:4D:5E ok", [("00:1A:2B:3C:4D:5E", "IDNUM")], ("00:1A:2B:3C:4D:5E", "DEVICE")),
        ("at 2024-06-05T09:15:30.500-07:00 ok", [("2024-06-05T09:15:30", "IDNUM")], ("2024-06-05T09:15:30.500-07:00", "DATE")),
        ("write jdoe@example.org now", [("jdoe@example.org", "USERNAME")], ("jdoe@example.org", "EMAIL")),
        ("ssn 078-05-1123 on file", [("078-05-1123", "MEDICALRECORD")], ("078-05-1123", "SSN")),
        ("call 090-1234-5678 now", [("090-1234-5678", "MEDICALRECORD")], ("090-1234-5678", "PHONE")),
        # a number after a phone word: the NER's longer DATE span takes the rule's label
        ("VT 05491\nTel.8025550127\n", [("Tel.8025550127", "DATE")], ("Tel.8025550127", "PHONE")),
        # within the phone family the NER may still choose FAX
        ("Sent to 617-555-4321 today", [("617-555-4321", "FAX")], ("617-555-4321", "FAX")),
    ],
)
def test_merge_keeps_the_shape_label(merge_nlp, text, ner, expected):
    assert expected in _merged(merge_nlp, text, ner)


def test_merge_unconfirmed_shape_defers_to_ner(merge_nlp):
    """A card grouping failing Luhn has no shape authority: the NER's typed
    label wins (the extent is still the union)."""
    merged = _merged(merge_nlp, "no 4012 8888 8888 1882 ok", [("4012 8888 8888 1882", "MEDICALRECORD")])
    assert merged == [("4012 8888 8888 1882", "MEDICALRECORD")]


def test_shape_family_covers_phone_and_fax():
    assert set(SHAPE_FAMILY["PHONE"]) == {"PHONE", "FAX"}


# -- surrogates keep the format ---------------------------------------------------


@pytest.fixture()
def gen():
    return SurrogateGenerator(secret=b"k" * 32, key="patient-21")


@pytest.mark.parametrize("mac", ["00:1A:2B:3C:4D:5E", "aa-bb-cc-dd-ee-ff", "0012.3456.789A", "aabb.ccdd.eeff"])
def test_mac_surrogate_is_a_mac_of_the_same_form(gen, mac):
    out = gen.surrogate("DEVICE", mac)
    assert out != mac and is_mac(out)
    assert [c for c in out if not c.isalnum()] == [c for c in mac if not c.isalnum()]
    if any(c.islower() for c in mac):
        assert not any(c.isupper() for c in out)
    else:
        assert not any(c.islower() for c in out)
    assert int(out.replace(":", "").replace("-", "").replace(".", "")[:2], 16) & 0b11 == 0b10  # local, unicast


@pytest.mark.parametrize(
    "card", ["4012-8888-8888-1881", "4012 8888 8888 1881", "4126520642792871", "3782 822463 10005", "4416 2998 6498 4032 972"]
)
def test_card_surrogate_keeps_grouping_and_is_luhn_valid_outside_issuer_ranges(gen, card):
    out = gen.surrogate("ACCOUNT", card)
    assert out != card and len(out) == len(card)
    assert [i for i, c in enumerate(out) if not c.isdigit()] == [i for i, c in enumerate(card) if not c.isdigit()]
    digits = validators.digits_of(out)
    assert validators.luhn_valid(digits) and digits[0] == "0"


def test_iso_timestamp_surrogate_shifts_like_the_other_dates(gen):
    stamp = gen.surrogate("DATE", "2024-06-05T09:15:30.500-07:00")
    plain = gen.surrogate("DATE", "06/05/2024")
    assert stamp.endswith("T09:15:30.500-07:00") and stamp[:10] != "2024-06-05"
    month, day, year = plain.split("/")
    assert stamp[:10] == f"{year}-{month}-{day}"
    assert shift_date_text("20240605T091530Z", 30) == "20240705T091530Z"
    assert shift_date_text("2024-06-05 09:15:30", -5) == "2024-05-31 09:15:30"


def test_dotted_dates_shift_day_first():
    """'05.06.24' is 5 June: 30 days later is 5 July, not 6 June + 30."""
    assert shift_date_text("05.06.24", 30) == "05.07.24"
    assert shift_date_text("21.5.21", 30) == "20.6.21"
    assert shift_date_text("03.14.2089", 30) == "04.13.2089"  # month first when the day says so


@pytest.mark.parametrize(
    "text,label,check",
    [
        ("fe80::1%eth0/64", "IPADDR", lambda o: o.endswith("%eth0/64") and validators.is_ip(o)),
        ("192.0.2.0/24", "IPADDR", lambda o: o.endswith("/24") and validators.is_ip(o)),
        ("078.05.1123", "SSN", lambda o: o[3] == "." and o[6] == "." and o[0] == "9"),
        ("+44 (0)20 7946 0958", "PHONE", lambda o: o.startswith("+") and "(0)" in o and len(o) == 19),
        ("090-1234-5678", "PHONE", lambda o: o[0] == "0" and o[3] == "-" and o[8] == "-"),
    ],
)
def test_other_surrogates_keep_the_format(gen, text, label, check):
    out = gen.surrogate(label, text)
    assert out != text and check(out)


def test_merge_splits_shape_matches_joined_by_punctuation(merge_nlp):
    """One NER span over a phone number and the e-mail after it: each keeps
    its own label (and surrogate); only the ", " between them is left out."""
    text = "contact: 201-836-4470, dalia.feldman@lowenstein.com today"
    merged = _merged(merge_nlp, text, [("201-836-4470, dalia.feldman@lowenstein.com", "PATIENT")])
    assert merged == [("201-836-4470", "PHONE"), ("dalia.feldman@lowenstein.com", "EMAIL")]


def test_merge_keeps_one_span_when_words_join_the_shapes(merge_nlp):
    """A word between the two matches is PHI the NER saw: the union stays one entity."""
    text = "contact: 201-836-4470 Dalia dalia.feldman@lowenstein.com today"
    merged = _merged(merge_nlp, text, [("201-836-4470 Dalia dalia.feldman@lowenstein.com", "PATIENT")])
    assert merged == [("201-836-4470 Dalia dalia.feldman@lowenstein.com", "PHONE")]
