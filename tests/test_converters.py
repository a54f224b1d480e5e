"""Tests of spacy_phi.converters and `spacy-phi convert`.

Fixtures under tests/fixtures/converters/ are invented notes, made by
make_fixtures.py there. CRLF cases are written to tmp_path by the tests so no
checkout setting can change their line endings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Tuple

import pytest
from spacy.language import Language
from spacy.tokens import Doc, DocBin

from spacy_phi.cli import main
from spacy_phi.converters import (
    META_KEY,
    RECORD_ID_KEY,
    ConversionReport,
    Record,
    SourceSpan,
    convert,
    docs_to_brat,
    docs_to_jsonl,
    output_kind,
    read_brat,
    read_i2b2_2006,
    read_i2b2_2014,
    read_jsonl,
    read_physionet,
    records_to_docs,
)
from spacy_phi.errors import ConversionError
from spacy_phi.util import blank_pipeline

FIXTURES = Path(__file__).parent / "fixtures" / "converters"


@pytest.fixture(scope="module")
def nlp() -> Language:
    return blank_pipeline("en")


@pytest.fixture(scope="module")
def nlp_es() -> Language:
    return blank_pipeline("es")


def ents(doc: Doc) -> List[Tuple[str, str]]:
    """(text, label) of every entity."""
    return [(ent.text, ent.label_) for ent in doc.ents]


def char_ents(doc: Doc) -> List[Tuple[int, int, str]]:
    """(start, end, label) of every entity."""
    return [(ent.start_char, ent.end_char, ent.label_) for ent in doc.ents]


def reasons(report: ConversionReport) -> List[Tuple[str, str]]:
    """(record id, reason) of every unusable example."""
    return [(span.record_id, span.reason) for span in report.unusable_examples]


# --- i2b2 2014 -------------------------------------------------------------------


def test_i2b2_2014_folder_maps_labels_and_unicode(nlp):
    records = read_i2b2_2014(FIXTURES / "i2b2_2014")
    assert [r.id for r in records] == ["note-101", "note-102"]
    docs, report = records_to_docs(records, nlp, "i2b2_2014")
    assert docs[0].text == records[0].text  # nothing added or removed
    assert ents(docs[0]) == [
        ("2067-05-03", "DATE"),
        ("Héloïse Zhang", "PATIENT"),
        ("72", "AGE"),
        ("Mercy General", "HOSPITAL"),
        ("北京", "CITY"),
        ("Kyle Chaney", "DOCTOR"),
        ("555-0199", "PHONE"),
        ("Cardiology Department", "DEPARTMENT"),
        ("Tom", "PATIENT"),
        ("welder", "PROFESSION"),
        ("Tacoma", "CITY"),
        ("4478123", "MEDICALRECORD"),
        ("Lake Kapowsin", "LOCATION_OTHER"),  # TYPE="LOCATION-OTHER"
    ]
    assert docs[0].user_data[RECORD_ID_KEY] == "note-101"
    assert docs[0].user_data[META_KEY] == {"source": "note-101.xml"}
    assert report.documents == 2


def test_i2b2_2014_mismatch_snap_and_end_span(nlp):
    records = read_i2b2_2014(FIXTURES / "i2b2_2014" / "note-102.xml")
    docs, report = records_to_docs(records, nlp, "i2b2_2014")
    doc = docs[0]
    # "Whale" (cut short) is widened to the token "Whalen"; the tag whose text
    # attribute is wrong is refused; "Boston" ends exactly at the end of the text.
    assert ents(doc) == [("10/6/2098", "DATE"), ("Whalen", "DOCTOR"), ("St. Jude", "HOSPITAL"), ("Boston", "CITY")]
    assert doc.ents[-1].end_char == len(doc.text)
    assert report.snapped == 1
    assert report.unusable == {"text mismatch": 1}
    (bad,) = report.unusable_examples
    assert (bad.record_id, bad.start, bad.end, bad.label) == ("note-102", 54, 59, "DOCTOR")


def test_i2b2_2014_crlf_kept(tmp_path, nlp):
    text = "Seen 2067-05-03 by\r\nDr. Ann Cole\r\nat Mercy\r\n"
    start = text.index("Ann Cole")
    xml = (
        '<?xml version="1.0" encoding="UTF-8" ?>\r\n<deIdi2b2>\r\n<TEXT><![CDATA['
        + text
        + ']]></TEXT>\r\n<TAGS>\r\n'
        + f'<NAME id="P0" start="{start}" end="{start + 8}" text="Ann Cole" TYPE="DOCTOR" comment=""/>\r\n'
        + f'<LOCATION id="P1" start="{text.index("Mercy")}" end="{text.index("Mercy") + 5}" text="Mercy" TYPE="HOSPITAL"/>\r\n'
        + "</TAGS>\r\n</deIdi2b2>\r\n"
    )
    (tmp_path / "crlf.xml").write_bytes(xml.encode("utf-8"))
    docs, report = records_to_docs(read_i2b2_2014(tmp_path), nlp, "i2b2_2014")
    assert docs[0].text == text
    assert "\r\n" in docs[0].text
    assert ents(docs[0]) == [("Ann Cole", "DOCTOR"), ("Mercy", "HOSPITAL")]
    assert report.total_unusable == 0


def test_i2b2_2014_malformed_xml(tmp_path):
    (tmp_path / "bad.xml").write_text("<deIdi2b2><TEXT><![CDATA[Secret Name]]></TEXT>", encoding="utf-8")
    with pytest.raises(ConversionError) as info:
        read_i2b2_2014(tmp_path / "bad.xml")
    assert "bad.xml" in str(info.value)
    assert "Secret" not in str(info.value)


# --- i2b2 2006 -------------------------------------------------------------------


def test_i2b2_2006_inline_tags_and_entities(nlp):
    records = read_i2b2_2006(FIXTURES / "i2b2_2006" / "records.xml")
    assert [r.id for r in records] == ["11", "12"]
    assert "<PHI" not in records[0].text
    assert "SAINT ANNE & MARY <ICU>" in records[0].text  # &amp; &lt; &gt; unescaped
    docs, report = records_to_docs(records, nlp, "i2b2_2006")
    assert ents(docs[0]) == [
        ("03/14/2005", "DATE"),
        ("JOHN SMITH", "DOCTOR"),
        ("SAINT ANNE & MARY", "HOSPITAL"),
        ("123-45-67", "IDNUM"),
    ]
    assert ents(docs[1]) == [
        ("ÉMILE DURAND", "PATIENT"),
        ("45", "AGE"),
        ("LYON", "LOCATION_OTHER"),
        ("(555) 010-2020", "PHONE"),
    ]
    assert docs[1].ents[-1].end_char == len(docs[1].text)  # PHI ends the record
    assert report.total_unusable == 0


def test_i2b2_2006_crlf_kept(tmp_path, nlp):
    xml = (
        '<ROOT>\r\n<RECORD ID="7">\r\n<TEXT>\r\nDr. <PHI TYPE="DOCTOR">AMY\r\nLOW</PHI> &amp; co\r\n'
        '<PHI TYPE="DATE">5/5/2001</PHI>\r\n</TEXT>\r\n</RECORD>\r\n</ROOT>\r\n'
    )
    (tmp_path / "r.xml").write_bytes(xml.encode("utf-8"))
    (record,) = read_i2b2_2006(tmp_path / "r.xml")
    assert record.text == "\r\nDr. AMY\r\nLOW & co\r\n5/5/2001\r\n"
    docs, _ = records_to_docs([record], nlp, "i2b2_2006")
    assert docs[0].text == record.text
    assert ents(docs[0]) == [("AMY\r\nLOW", "DOCTOR"), ("5/5/2001", "DATE")]


# --- PhysioNet -------------------------------------------------------------------


def test_physionet_records_and_phrases(nlp):
    report = ConversionReport()
    records = read_physionet(FIXTURES / "physionet" / "notes.text", FIXTURES / "physionet" / "notes.phrase", report=report)
    assert [r.id for r in records] == ["1_1", "1_2", "2_1"]
    # The body runs from after the header's newline up to "||||END_OF_RECORD".
    assert records[1].text == "Age 67. Seen by Dr. Ross in 2091.\n"
    assert records[1].meta == {"source": "notes.text", "patient_id": "1", "note_id": "2"}
    docs, report = records_to_docs(records, nlp, "physionet", report=report)
    assert ents(docs[0]) == [
        ("Ann Lee", "PATIENT"),
        ("5/12", "DATE"),
        ("Mark Ross", "DOCTOR"),
        ("555-0100", "PHONE"),
        ("Boston", "LOCATION_OTHER"),
        ("María", "PATIENT"),  # RelativeProxyName
    ]
    assert ents(docs[1]) == [("67", "AGE"), ("Ross", "DOCTOR"), ("2091", "DATE")]
    assert ents(docs[2]) == []
    assert report.unusable == {"no such record": 1}
    assert report.skipped == {"malformed phrase line": 1}
    assert report.skipped_examples == [("notes.phrase line 11", "malformed phrase line")]


def test_physionet_body_definition_with_crlf(tmp_path, nlp):
    text = "START_OF_RECORD=3||||4||||\r\nLine one Bob\r\nLast\r\n||||END_OF_RECORD\r\n"
    (tmp_path / "n.text").write_bytes(text.encode("utf-8"))
    (tmp_path / "n.phrase").write_text("3 4 9 12 PTName Bob\n", encoding="utf-8")
    (record,) = read_physionet(tmp_path / "n.text", tmp_path / "n.phrase")
    assert record.text == "Line one Bob\r\nLast\r\n"
    docs, _ = records_to_docs([record], nlp, "physionet")
    assert ents(docs[0]) == [("Bob", "PATIENT")]


def test_physionet_missing_end_marker(tmp_path):
    (tmp_path / "n.text").write_text(
        "START_OF_RECORD=1||||1||||\nText\nSTART_OF_RECORD=1||||2||||\nMore\n||||END_OF_RECORD\n", encoding="utf-8"
    )
    (tmp_path / "n.phrase").write_text("", encoding="utf-8")
    with pytest.raises(ConversionError, match="line 1: record has no"):
        read_physionet(tmp_path / "n.text", tmp_path / "n.phrase")


# --- BRAT ------------------------------------------------------------------------


def test_brat_meddocan(nlp_es):
    report = ConversionReport()
    records = read_brat(FIXTURES / "brat_meddocan", report=report)
    assert [r.id for r in records] == ["note-a"]
    docs, report = records_to_docs(records, nlp_es, "meddocan", report=report)
    assert ents(docs[0]) == [
        ("Ana García López", "PATIENT"),
        ("34 años", "AGE"),
        ("Calle Mayor 5", "STREET"),
        ("28013", "ZIP"),  # digits-only TERRITORIO
        ("Madrid", "CITY"),
        ("España", "COUNTRY"),
        ("ana.garcia@example.com", "EMAIL"),
    ]
    assert report.unusable == {"discontinuous": 1, "label not PHI": 1}
    assert ("note-a", "discontinuous") in reasons(report)
    assert report.skipped_examples == [("orphan.txt", "no .ann file")]
    assert report.ignored == {"BRAT A lines": 1, "BRAT R lines": 1, "BRAT # lines": 1}


def test_brat_unicode_snap_unknown_label(nlp):
    docs, report = records_to_docs(read_brat(FIXTURES / "brat"), nlp, "spacy_phi")
    (doc,) = docs
    assert ents(doc) == [
        ("Kenji Sato", "DOCTOR"),  # after an emoji: code point offsets
        ("2099-01-02", "DATE"),  # annotated "2099-01", snapped outward
        ("東京 Clinic", "HOSPITAL"),
        ("555-0142", "PHONE"),  # ends the document, no trailing newline
    ]
    assert doc.ents[-1].end_char == len(doc.text)
    assert report.snapped == 1
    assert report.unusable == {"unknown label": 1}


def test_brat_crlf_kept(tmp_path, nlp):
    text = "Pt: Joe Doe\r\nDOB: 1/2/2050\r\n"
    (tmp_path / "x.txt").write_bytes(text.encode("utf-8"))
    start = text.index("1/2/2050")
    ann = f"T1\tPATIENT 4 11\tJoe Doe\nT2\tDATE {start} {start + 8}\t1/2/2050\nT3\tDATE 1 3;5 7\tt: o\n"
    (tmp_path / "x.ann").write_bytes(ann.encode("utf-8"))
    docs, report = records_to_docs(read_brat(tmp_path / "x.txt"), nlp, "spacy_phi")
    assert docs[0].text == text
    assert ents(docs[0]) == [("Joe Doe", "PATIENT"), ("1/2/2050", "DATE")]
    assert report.unusable == {"discontinuous": 1}


def test_brat_missing_folder():
    with pytest.raises(ConversionError, match="Input not found"):
        read_brat(FIXTURES / "no-such-folder")


# --- JSONL -----------------------------------------------------------------------


def test_jsonl_broken_line_overlap_malformed_span(nlp):
    report = ConversionReport()
    records = read_jsonl(FIXTURES / "jsonl" / "notes.jsonl", report=report)
    assert [r.id for r in records] == ["j1", "j2"]
    assert report.skipped_examples == [("notes.jsonl line 2", "invalid JSON")]
    docs, report = records_to_docs(records, nlp, "spacy_phi", report=report)
    assert ents(docs[0]) == [
        ("Olga Petrova", "PATIENT"),
        ("88", "AGE"),
        ("Lakeside Hospital", "HOSPITAL"),  # the CITY "Lakeside" inside it gives way
        ("03/04/2090", "DATE"),
    ]
    assert ents(docs[1]) == [("Zoë Ng", "PATIENT"), ("大阪", "CITY"), ("00123", "MEDICALRECORD")]
    assert report.unusable == {"overlaps a longer span": 1, "malformed annotation": 1}
    assert docs[0].user_data[META_KEY] == {"split": "train"}


# --- Alignment and overlaps (format-neutral) ---------------------------------------


def test_unusable_reasons_and_trimming(nlp):
    text = "Seen by  Dr Lee Chan on 2090-01-01 ."
    lee = text.index("Lee")
    spans = [
        SourceSpan(lee - 1, lee + 8, "DOCTOR"),  # " Lee Chan": trimmed, not snapped
        SourceSpan(40, 45, "DATE"),  # out of range
        SourceSpan(3, 3, "DATE"),  # empty
        SourceSpan(7, 9, "DATE"),  # whitespace only
        SourceSpan(0, 4, "NOT_A_LABEL"),  # unknown label
        SourceSpan(0, 4, "DATE", source_text="Saw"),  # text mismatch
        SourceSpan(text.index("2090"), text.index("2090") + 10, "DATE", source_text="2090-01-01"),
    ]
    docs, report = records_to_docs([Record("r1", text, spans)], nlp, "spacy_phi")
    assert ents(docs[0]) == [("Lee Chan", "DOCTOR"), ("2090-01-01", "DATE")]
    assert report.trimmed == 1
    assert report.snapped == 0
    assert report.unusable == {
        "out of range": 1,
        "empty": 1,
        "whitespace only": 1,
        "unknown label": 1,
        "text mismatch": 1,
    }
    assert all(span.record_id == "r1" for span in report.unusable_examples)


def test_not_phi_label_reported(nlp):
    record = Record("m1", "Sexo: H. Edad: 40", [SourceSpan(6, 7, "SEXO_SUJETO_ASISTENCIA")])
    docs, report = records_to_docs([record], nlp, "meddocan")
    assert ents(docs[0]) == []
    assert report.unusable == {"label not PHI": 1}


def test_overlap_resolution(nlp):
    text = "Ann Marie Lee and Bo Li met at Mercy General"
    def at(phrase: str, label: str) -> SourceSpan:
        start = text.index(phrase)
        return SourceSpan(start, start + len(phrase), label)
    spans = [
        at("Marie Lee", "PATIENT"),
        at("Ann Marie Lee", "PATIENT"),  # longer: wins although listed later
        at("Bo Li", "PATIENT"),
        at("Bo Li", "PATIENT"),  # exact duplicate
        at("Bo Li", "DOCTOR"),  # same extent, other label: the earlier one wins
        at("Mercy General", "HOSPITAL"),
        at("General", "CITY"),
    ]
    docs, report = records_to_docs([Record("o1", text, spans)], nlp, "spacy_phi")
    assert ents(docs[0]) == [("Ann Marie Lee", "PATIENT"), ("Bo Li", "PATIENT"), ("Mercy General", "HOSPITAL")]
    assert report.unusable == {
        "overlaps a longer span": 2,
        "duplicate": 1,
        "overlaps an earlier span of equal length": 1,
    }
    assert report.total_spans == 3


def test_spans_snapped_onto_same_tokens(nlp):
    text = "Mail ann.lee@example.org today"
    user, host = text.index("ann.lee"), text.index("example.org")
    spans = [SourceSpan(user, user + 7, "USERNAME"), SourceSpan(host, host + 11, "URL")]
    if nlp.make_doc(text).char_span(user, user + 7) is not None:
        pytest.skip("the tokenizer splits e-mail addresses; nothing to snap")
    docs, report = records_to_docs([Record("s1", text, spans)], nlp, "spacy_phi")
    # Both widen to the e-mail token; the longer source span's label is kept.
    assert ents(docs[0]) == [("ann.lee@example.org", "URL")]
    assert report.unusable == {"snapped onto the same tokens": 1}
    assert report.snapped == 1


def test_unicode_offsets(nlp):
    text = "Émile 😀 met 李小龙 in Zürich 🏥 on 2090-02-03"
    phrases = [("Émile", "PATIENT"), ("李小龙", "DOCTOR"), ("Zürich", "CITY"), ("2090-02-03", "DATE")]
    spans = [SourceSpan(text.index(p), text.index(p) + len(p), label) for p, label in phrases]
    docs, report = records_to_docs([Record("u1", text, spans)], nlp, "spacy_phi")
    assert ents(docs[0]) == phrases
    assert report.snapped == 0 and report.total_unusable == 0


# --- Writing and round trips -------------------------------------------------------


def _sample_docs(nlp: Language) -> List[Doc]:
    text_a = "Dr. Zoë Quinn 🙂 saw\r\nPat Kim on 2091-03-04.\r\n"
    text_b = "Call 555-0100 (北京 office)"
    records = [
        Record("a/1", text_a, [
            SourceSpan(4, 13, "DOCTOR"),
            SourceSpan(text_a.index("Pat"), text_a.index("Pat") + 7, "PATIENT"),
            SourceSpan(text_a.index("2091"), text_a.index("2091") + 10, "DATE"),
        ], meta={"split": "dev", "n": 1}),
        Record("b", text_b, [SourceSpan(5, 13, "PHONE"), SourceSpan(15, 17, "CITY")]),
    ]
    docs, report = records_to_docs(records, nlp, "spacy_phi")
    assert report.total_spans == 5
    return docs


def test_round_trip_jsonl(tmp_path, nlp):
    docs = _sample_docs(nlp)
    docs_to_jsonl(docs, tmp_path / "out.jsonl")
    report = ConversionReport()
    again, report = records_to_docs(read_jsonl(tmp_path / "out.jsonl", report=report), nlp, "spacy_phi", report=report)
    assert [d.text for d in again] == [d.text for d in docs]
    assert [char_ents(d) for d in again] == [char_ents(d) for d in docs]
    assert [d.user_data for d in again] == [d.user_data for d in docs]
    assert report.total_unusable == 0 and not report.skipped
    first = json.loads((tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert set(first) == {"id", "text", "spans", "meta"}


def test_brat_write_then_read(tmp_path, nlp):
    docs = _sample_docs(nlp)
    # An entity across a line break must survive too.
    text = "Pt Amy\r\nLow here"
    (extra,), _ = records_to_docs([Record("c", text, [SourceSpan(3, 11, "PATIENT")])], nlp, "spacy_phi")
    docs_to_brat(docs + [extra], tmp_path / "brat")
    assert sorted(p.name for p in (tmp_path / "brat").iterdir()) == [
        "a_1.ann", "a_1.txt", "b.ann", "b.txt", "c.ann", "c.txt",
    ]
    assert (tmp_path / "brat" / "a_1.txt").read_bytes() == docs[0].text.encode("utf-8")
    again, report = records_to_docs(read_brat(tmp_path / "brat"), nlp, "spacy_phi")
    assert [d.text for d in again] == [d.text for d in docs + [extra]]
    assert [char_ents(d) for d in again] == [char_ents(d) for d in docs + [extra]]
    assert report.total_unusable == 0


def test_convert_docbin_keeps_user_data(tmp_path, nlp):
    report = convert(FIXTURES / "jsonl" / "notes.jsonl", tmp_path / "out.spacy", "jsonl", nlp=nlp)
    assert report.documents == 2
    docs = list(DocBin().from_disk(tmp_path / "out.spacy").get_docs(nlp.vocab))
    assert [d.user_data[RECORD_ID_KEY] for d in docs] == ["j1", "j2"]
    assert docs[0].user_data[META_KEY] == {"split": "train"}
    assert ents(docs[0])[0] == ("Olga Petrova", "PATIENT")


def test_output_kind():
    assert output_kind("x/train.spacy") == "spacy"
    assert output_kind("x/train.jsonl") == "jsonl"
    assert output_kind("x/brat_out") == "brat"
    with pytest.raises(ConversionError):
        output_kind("x/train.json")


def test_report_never_contains_text(nlp_es):
    report = ConversionReport()
    records = read_brat(FIXTURES / "brat_meddocan", report=report)
    records_to_docs(records, nlp_es, "meddocan", report=report)
    shown = report.format(examples=100) + json.dumps(report.to_dict())
    for phrase in ("Ana", "García", "Madrid", "28013", "example.com"):
        assert phrase not in shown


# --- CLI -------------------------------------------------------------------------


def test_cli_convert_prints_counts(tmp_path, capsys):
    out = tmp_path / "out.spacy"
    code = main([
        "convert", str(FIXTURES / "brat_meddocan"), str(out),
        "--format", "brat", "--scheme", "meddocan", "--lang", "es", "--examples", "5",
    ])
    captured = capsys.readouterr()
    assert code == 0
    assert out.is_file()
    assert "Documents: 1" in captured.out
    assert "ZIP" in captured.out and "label not PHI" in captured.out and "discontinuous" in captured.out
    assert "García" not in captured.out + captured.err


def test_cli_physionet_to_jsonl(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    code = main([
        "convert", str(FIXTURES / "physionet" / "notes.text"), str(out),
        "--format", "physionet", "--phrases", str(FIXTURES / "physionet" / "notes.phrase"),
    ])
    assert code == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
    assert "no such record" in capsys.readouterr().out


def test_cli_missing_input(tmp_path, capsys):
    code = main(["convert", str(tmp_path / "missing"), str(tmp_path / "out.spacy"), "--format", "brat"])
    captured = capsys.readouterr()
    assert code != 0
    assert "Input not found" in captured.err
    assert "Traceback" not in captured.err
    assert not (tmp_path / "out.spacy").exists()


def test_cli_malformed_input(tmp_path, capsys):
    (tmp_path / "bad.xml").write_text("<ROOT><RECORD ID='1'><TEXT>Jo Secret", encoding="utf-8")
    code = main(["convert", str(tmp_path / "bad.xml"), str(tmp_path / "o.spacy"), "--format", "i2b2-2006"])
    captured = capsys.readouterr()
    assert code == 1
    assert "not well-formed" in captured.err and "Secret" not in captured.err


def test_cli_physionet_needs_phrases(tmp_path, capsys):
    code = main([
        "convert", str(FIXTURES / "physionet" / "notes.text"), str(tmp_path / "o.spacy"), "--format", "physionet",
    ])
    assert code == 1
    assert "--phrases" in capsys.readouterr().err


# ---------------------------------------------------------------- inline markup


def test_parse_markup_offsets_index_the_plain_text():
    from spacy_phi.converters import parse_markup

    text, spans = parse_markup("Seen by Dr. [[DOCTOR|Okonkwo]] on [[DATE|3/14/19]].\nMRN [[MEDICALRECORD|0937884]]")
    assert text == "Seen by Dr. Okonkwo on 3/14/19.\nMRN 0937884"
    assert [(text[s.start : s.end], s.label) for s in spans] == [
        ("Okonkwo", "DOCTOR"),
        ("3/14/19", "DATE"),
        ("0937884", "MEDICALRECORD"),
    ]


@pytest.mark.parametrize("broken", ["Dr. [[DOCTOR|Okonkwo", "Dr. [[Okonkwo]]", "x ]] y", "[[DATE|a [[DATE|b]] c]]"])
def test_parse_markup_rejects_broken_markup(broken):
    from spacy_phi.converters import parse_markup

    with pytest.raises(ValueError) as info:
        parse_markup(broken)
    assert "Okonkwo" not in str(info.value)  # the message gives an offset, never text


def test_read_markup_folder_reports_broken_files(tmp_path):
    from spacy_phi.converters import read_markup

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "01.txt").write_text("Pt [[PATIENT|Tuan Nguyen]], [[AGE|67]] yo", encoding="utf-8")
    (tmp_path / "02.txt").write_text("Dr. [[DOCTOR|Farouk", encoding="utf-8")
    report = ConversionReport()
    records = read_markup(tmp_path, report=report)
    assert [r.id for r in records] == ["a/01"]
    assert records[0].text == "Pt Tuan Nguyen, 67 yo"
    assert sum(report.skipped.values()) == 1
    docs, _ = records_to_docs(records, blank_pipeline(), "spacy_phi")
    assert [(e.text, e.label_) for e in docs[0].ents] == [("Tuan Nguyen", "PATIENT"), ("67", "AGE")]
