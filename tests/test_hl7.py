"""HL7 v2 through `spacy-phi deid --input-format hl7`: round trips of invented
ORU^R01 and MDM^T02 messages (tests/fixtures/hl7), checked with python-hl7:
segments and field counts kept, the text and the identifying fields
de-identified with the same surrogates and date shift, failing messages
listed as errors without text, resume, escape sequences.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import re
from pathlib import Path
from typing import Any, Dict, List

import pytest

hl7 = pytest.importorskip("hl7")

from spacy.language import Language  # noqa: E402
from spacy.tokens import Doc  # noqa: E402

from spacy_phi.deid import DeidOptions, deidentify_file  # noqa: E402
from spacy_phi.deid.interop.hl7_escape import Encoding, EscapeError, escape, unescape  # noqa: E402
from spacy_phi.deid.interop.hl7_fields import shift_ts  # noqa: E402

from standin import standin_pipeline  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "hl7"
SECRET = "hl7-test-secret-0123456789abcdef"
PATTERNS = [
    # A name may run across two OBX lines ("Jane" ends one, "Roe" starts the next).
    {"label": "PATIENT", "pattern": [{"TEXT": {"IN": ["John", "Jane"]}}, {"IS_SPACE": True, "OP": "?"},
                                     {"TEXT": {"IN": ["Smith", "Roe"]}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
    {"label": "MEDICALRECORD", "pattern": [{"TEXT": {"REGEX": r"^\d{7}$"}}]},
    {"label": "PHONE", "pattern": [{"TEXT": {"REGEX": r"^\(\d{3}\)\d{3}-\d{4}$"}}]},
]
#: The fixtures' PHI: names, ids, phones, addresses, dates.
PHI = ("John", "JOHN", "Smith", "SMITH", "Jane", "JANE", "Roe", "ROE", "JONES", "BROWN", "KING", "1234567",
       "7654321", "5551212", "555-3434", "5559876", "5550101", "Oak Street", "Elm Road", "Boston", "Salem",
       "02115", "01970", "ACC-778899", "123-45-6789", "V778899", "CTRL-ORU-0001", "CTRL-MDM-0002", "ORD-55501",
       "FIL-66602", "DOC-0042", "9876", "4444", "1111", "03/14/2089", "03/10/2089", "20410512", "195001",
       "20890316093000", "20890317105000")


@Language.component("hl7_test_interrupt")
def interrupt_component(doc: Doc) -> Doc:
    if "INTERRUPT" in doc.text:
        raise KeyboardInterrupt
    return doc


@pytest.fixture(scope="module")
def nlp():
    return standin_pipeline(PATTERNS)


@pytest.fixture(autouse=True)
def secret(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


def run(nlp, source: Path, out: Path, **kw: Any):
    err = io.StringIO()
    options = DeidOptions(input_format="hl7", n_process=1, progress=False, checkpoint_seconds=0, **kw)
    summary = deidentify_file(source, out, options, nlp=nlp, stderr=err)
    return summary, err.getvalue()


def messages(data: bytes) -> List[Any]:
    """The messages of a file, parsed by python-hl7 (envelope segments set apart)."""
    text = data.decode("utf-8").replace("\x0b", "").replace("\x1c", "")
    segments = [s for s in re.split(r"[\r\n]+", text) if s.strip()]
    found: List[List[str]] = []
    for segment in segments:
        if segment[:3] in ("FHS", "BHS", "BTS", "FTS"):
            continue
        if segment.startswith("MSH"):
            found.append([])
        found[-1].append(segment)
    return [hl7.parse("\r".join(m)) for m in found]


def shape(message: Any) -> List[tuple]:
    return [(str(s[0]), len(s)) for s in message]


def field(message: Any, name: str, number: int) -> str:
    return str(message.segment(name)[number])


def text_date(value: str) -> dt.date:
    return dt.datetime.strptime(value, "%m/%d/%Y").date()


def test_oru_and_mdm_round_trip(nlp, tmp_path):
    out = tmp_path / "out.hl7"
    summary, log = run(nlp, FIXTURES / "messages.hl7", out)
    assert summary.records == 2 and summary.records_failed == 0
    written = out.read_bytes()
    before, after = messages((FIXTURES / "messages.hl7").read_bytes()), messages(written)
    # Same messages, same segments in the same order, same field counts; segments end in \r.
    assert [shape(m) for m in after] == [shape(m) for m in before]
    assert b"\n" not in written and written.endswith(b"\r")
    decoded = written.decode("utf-8")
    for value in PHI:
        assert value not in decoded, value
    assert not any(value in log for value in PHI)
    oru, mdm = after
    # The text is still there, de-identified.
    assert "for chest pain" in field(oru, "OBX", 5) and "Findings" in str(oru.segments("OBX")[1][5])
    # The control id is a keyed hash; the type and version are kept.
    assert re.fullmatch(r"[0-9a-f]{32}", field(oru, "MSH", 10)) and field(oru, "MSH", 9) == "ORU^R01"
    # Numeric results and codes are kept as written.
    assert str(oru.segments("OBX")[3][5]) == "105" and field(oru, "OBR", 4) == "24627-2^Chest CT^LN"


def test_patient_name_and_phone_have_the_text_surrogates(nlp, tmp_path):
    out = tmp_path / "out.hl7"
    run(nlp, FIXTURES / "messages.hl7", out)
    oru, mdm = messages(out.read_bytes())
    family, given = oru.segment("PID")[5][0][0], oru.segment("PID")[5][0][1]
    surrogate_name = f"{str(given).title()} {str(family).title()}"
    first_line = field(oru, "OBX", 5)
    assert f"Patient {surrogate_name} seen" in first_line
    assert f"Called {surrogate_name} at" in field(oru, "NTE", 3)
    # The phone in PID-14 and in the NTE comment: one surrogate.
    assert field(oru, "PID", 14) in field(oru, "NTE", 3)
    # The MRN in PID-3 and in the text: one surrogate.
    mrn = str(oru.segment("PID")[3][0][0])
    assert f"MRN {mrn}." in str(oru.segments("OBX")[1][5])
    # MDM: the name runs across two OBX lines and is still replaced whole.
    m_family, m_given = mdm.segment("PID")[5][0][0], mdm.segment("PID")[5][0][1]
    lines = [str(s[5]) for s in mdm.segments("OBX")]
    assert lines[0].endswith(f"for {str(m_given).title()}\\.br\\{str(m_family).title()}")
    assert lines[1].startswith(", admitted")


def test_dates_shift_with_the_text_and_keep_their_precision(nlp, tmp_path):
    out = tmp_path / "out.hl7"
    run(nlp, FIXTURES / "messages.hl7", out)
    oru, mdm = messages(out.read_bytes())
    seen = re.search(r"seen on (\d\d/\d\d/\d{4})", field(oru, "OBX", 5))[1]
    shift = dt.timedelta(days=(text_date(seen) - dt.date(2089, 3, 14)).days)
    assert shift.days != 0

    def moved(value: str) -> str:
        return (dt.date(int(value[:4]), int(value[4:6]), int(value[6:8])) + shift).strftime("%Y%m%d") + value[8:]

    assert field(oru, "MSH", 7) == moved("20890316093000")
    assert field(oru, "PID", 7) == moved("20410512")  # YYYYMMDD stays 8 digits
    assert field(oru, "OBR", 7) == moved("20890315140000")
    assert str(oru.segments("OBX")[0][14]) == moved("20890315140000")
    assert str(oru.segment("PV1")[44]) == moved("20890314080000")
    # MDM: its own patient, its own shift.
    admitted = re.search(r"admitted (\d\d/\d\d/\d{4})", str(mdm.segments("OBX")[1][5]))[1]
    m_shift = dt.timedelta(days=(text_date(admitted) - dt.date(2089, 3, 10)).days)
    assert field(mdm, "TXA", 4) == (dt.datetime(2089, 3, 17, 10, 0) + m_shift).strftime("%Y%m%d%H%M%S")
    assert str(mdm.segment("TXA")[22][0][14]) == (dt.datetime(2089, 3, 17, 10, 50) + m_shift).strftime("%Y%m%d%H%M%S")
    # Born 195001, 139 at the message's date: over 89, so the year alone that reads 90.
    assert field(mdm, "PID", 7) == str((dt.date(2089, 3, 17) + m_shift).year - 90)


def test_escape_sequences_round_trip(nlp, tmp_path):
    out = tmp_path / "out.hl7"
    run(nlp, FIXTURES / "messages.hl7", out)
    oru = messages(out.read_bytes())[0]
    assert "ratio 12\\S\\14 \\T\\ stable \\F\\ unchanged \\E\\ seen." in str(oru.segments("OBX")[1][5])
    assert str(oru.segments("OBX")[2][5]).startswith("Impression: follow-up in 2 weeks.\\.br\\Copy to ")
    enc = Encoding()
    value = "a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f\\.br\\g"
    assert unescape(value, enc) == "a|b^c&d~e\\f\ng"
    assert escape(unescape(value, enc), enc) == value
    with pytest.raises(EscapeError):
        unescape("x\\Zlocal\\y", enc)


def test_batch_with_broken_and_adt_messages(nlp, tmp_path):
    out = tmp_path / "out.hl7"
    summary, log = run(nlp, FIXTURES / "batch.hl7", out)
    assert summary.records == 4 and summary.records_failed == 2
    written = out.read_bytes().decode("utf-8")
    segments = written.split("\r")
    assert segments[0].startswith("FHS|^~\\&|LAB") and segments[1].startswith("BHS|")
    assert segments[-3:] == ["BTS|2", "FTS|1", ""]  # the trailers count what was written
    assert [field(m, "MSH", 9) for m in messages(out.read_bytes())] == ["ORU^R01", "MDM^T02"]
    errors = [json.loads(x) for x in (tmp_path / "out.hl7.errors.jsonl").read_text().splitlines()]
    assert [(e["id"], e["source"]) for e in errors] == [("CTRL-ADT-0003", "message 2"), ("message-3", "message 3")]
    assert "ADT" in errors[0]["message"] and "does not parse" in errors[1]["message"]
    assert not any(value in json.dumps(errors) + log + written for value in PHI)


def test_unsafe_messages_are_errors_nothing_written(nlp, tmp_path):
    oru = (FIXTURES / "messages.hl7").read_bytes().split(b"\x1c\r")[0].lstrip(b"\x0b")
    z_segment = oru + b"\rZPI|1|John Smith"
    encapsulated = oru.replace(b"OBX|4|NM|", b"OBX|4|ED|")
    local_escape = oru.replace(b"chest pain.", b"chest \\Zxx\\pain.")
    source = tmp_path / "in.hl7"
    source.write_bytes(b"\r".join([z_segment, encapsulated, local_escape, oru]) + b"\r")
    out = tmp_path / "out.hl7"
    summary, log = run(nlp, source, out)
    assert summary.records == 4 and summary.records_failed == 3
    assert len(messages(out.read_bytes())) == 1
    errors = [json.loads(x) for x in (tmp_path / "out.hl7.errors.jsonl").read_text().splitlines()]
    assert [e["position"] for e in errors] == [0, 1, 2]
    assert "ZPI" in errors[0]["message"] and "ED" in errors[1]["message"] and "escape" in errors[2]["message"]
    # The errors name a message by its control id (as read, like every input's record ids), nothing else.
    assert not any(value in json.dumps(errors) + log for value in PHI if not value.startswith("CTRL-"))


def test_resume_gives_the_same_output(tmp_path):
    source = tmp_path / "in.hl7"
    source.write_bytes((FIXTURES / "messages.hl7").read_bytes().replace(b"rest and fluids", b"rest INTERRUPT"))
    out = tmp_path / "out.hl7"
    with pytest.raises(KeyboardInterrupt):
        run(standin_pipeline(PATTERNS, "hl7_test_interrupt"), source, out)
    partial = tmp_path / "out.hl7.partial"
    assert partial.exists() and not out.exists() and len(messages(partial.read_bytes())) == 1
    summary, log = run(standin_pipeline(PATTERNS), source, out, resume=True)
    assert "resuming after" in log and summary.records == 2 and summary.records_failed == 0
    full = tmp_path / "full.hl7"
    run(standin_pipeline(PATTERNS), source, full)
    assert out.read_bytes() == full.read_bytes()
    manifest = [json.loads(x) for x in (tmp_path / "out.hl7.manifest.jsonl").read_text().splitlines()]
    assert {m["record_id"] for m in manifest} == {"CTRL-ORU-0001", "CTRL-MDM-0002"}


def test_shift_ts_keeps_precision():
    assert shift_ts("20890314", 3) == "20890317"
    assert shift_ts("208903141230", 3) == "208903171230"
    assert shift_ts("20890314123045.12-0500", -14) == "20890228123045.12-0500"
    assert len(shift_ts("208903", 40)) == 6 and len(shift_ts("2089", 400)) == 4
    with pytest.raises(ValueError):
        shift_ts("03/14/2089", 3)


def test_cli_end_to_end(tmp_path):
    from spacy_phi.cli import main

    out = tmp_path / "out.hl7"
    code = main(["deid", str(FIXTURES / "batch.hl7"), "-o", str(out), "--input-format", "hl7", "--model", "rules",
                 "--n-process", "1", "--no-progress"])
    assert code == 1  # the ADT and the broken message failed; listed, not written
    written = messages(out.read_bytes())
    assert [shape(m) for m in written] == [shape(m) for m in messages((FIXTURES / "messages.hl7").read_bytes())]
    assert "SMITH" not in out.read_text() and "1234567" not in out.read_text()
    assert len((tmp_path / "out.hl7.errors.jsonl").read_text().splitlines()) == 2
    assert json.loads((tmp_path / "out.hl7.summary.json").read_text())["records"] == 4
