"""HL7 v2 fields beyond the text: messages with no free text (numeric lab
results) de-identified without the pipeline, birth dates that tell an age
over 89 aggregated, and the segments PD1, PV2, TQ1, SPM, AL1, DG1, IN1, IN2
read by their field tables (coded diagnoses and allergens keep their codes,
their text de-identified as note text). Invented messages, checked with
python-hl7.
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
from spacy_phi.deid.interop.hl7_fields import age_at, hl7_date  # noqa: E402

from standin import standin_pipeline  # noqa: E402

SECRET = "hl7-fields-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": "John"}, {"TEXT": {"IN": ["Smith", "Smith's"]}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
MESSAGE_DATE = dt.date(2024, 3, 15)


@Language.component("hl7_fields_test_no_call")
def no_call_component(doc: Doc) -> Doc:
    raise RuntimeError("the pipeline must not be called")


@pytest.fixture(scope="module")
def nlp():
    return standin_pipeline(PATTERNS)


@pytest.fixture(autouse=True)
def secret(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


def segment(name: str, fields: Dict[int, str]) -> str:
    """A segment with `fields` at their HL7 numbers and empty fields between."""
    values = [""] * max(fields)
    for number, value in fields.items():
        values[number - 1] = value
    return "|".join([name, *values])


def msh(control: str) -> str:
    return "MSH|^~\\&|LAB|MERCYLAB|EHR|MERCY|20240315093000||ORU^R01|" + control + "|P|2.5.1"


PID = segment("PID", {1: "1", 3: "2345678^^^MERCY^MR", 5: "SMITH^JOHN", 7: "19600704", 8: "M",
                      11: "12 Oak Street^^Boston^MA^02115", 13: "^PRN^PH^^^617^5551212", 19: "123-45-6789"})
NK1 = segment("NK1", {1: "1", 2: "ROE^JANE", 3: "SPO^Spouse", 5: "^PRN^PH^^^617^5559876"})
PV1 = segment("PV1", {1: "1", 2: "O", 3: "CLINIC^^^MERCY HOSPITAL", 7: "9876^JONES^MARY^^^DR", 19: "V445566",
                      44: "20240314080000"})
ORC = segment("ORC", {1: "RE", 2: "ORD-777", 3: "FIL-888", 5: "CM", 12: "9876^JONES^MARY^^^DR"})
OBR = segment("OBR", {1: "1", 2: "ORD-777", 3: "FIL-888", 4: "24323-8^Metabolic panel^LN", 7: "20240314083000",
                      16: "9876^JONES^MARY^^^DR", 25: "F"})
RESULTS = [
    segment("OBX", {1: "1", 2: "NM", 3: "2345-7^Glucose^LN", 5: "105", 6: "mg/dL", 7: "70-99", 8: "H", 11: "F",
                    14: "20240314083000"}),
    segment("OBX", {1: "2", 2: "SN", 3: "2160-0^Creatinine^LN", 5: ">^1.5", 6: "mg/dL", 11: "F"}),
    segment("OBX", {1: "3", 2: "CE", 3: "5196-1^HBsAg^LN", 5: "260385009^Negative^SCT", 11: "F"}),
    segment("OBX", {1: "4", 2: "CWE", 3: "600-7^Culture^LN", 5: "112283007^Escherichia coli^SCT", 11: "F"}),
]
TEXT_OBX = segment("OBX", {1: "5", 2: "TX", 3: "11526-1^Comment^LN", 5: "Seen John Smith on 03/14/2024.", 11: "F"})
#: The structured PHI of the messages above.
PHI = ("SMITH", "JOHN", "John Smith", "2345678", "19600704", "Oak Street", "Boston", "02115", "5551212",
       "123-45-6789", "ROE", "JANE", "5559876", "JONES", "MARY", "V445566", "ORD-777", "FIL-888", "20240315",
       "20240314")


def run(nlp, source: Path, out: Path):
    err = io.StringIO()
    options = DeidOptions(input_format="hl7", n_process=1, progress=False, checkpoint_seconds=0)
    summary = deidentify_file(source, out, options, nlp=nlp, stderr=err)
    return summary, err.getvalue()


def write(tmp_path: Path, *messages: List[str]) -> Path:
    source = tmp_path / "in.hl7"
    source.write_text("".join("\r".join(m) + "\r" for m in messages), encoding="utf-8")
    return source


def parsed(out: Path) -> List[Any]:
    text = out.read_bytes().decode("utf-8")
    return [hl7.parse("MSH" + m.rstrip("\r")) for m in text.split("MSH")[1:]]


def errors_of(out: Path) -> List[Dict[str, Any]]:
    path = out.with_name(out.name + ".errors.jsonl")
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


# -- messages with no text --------------------------------------------------------------


def test_numeric_results_alone_are_deidentified_without_the_pipeline(tmp_path):
    source = write(tmp_path, [msh("CTRL-NUM-1"), PID, NK1, PV1, ORC, OBR, *RESULTS])
    out = tmp_path / "out.hl7"
    summary, log = run(standin_pipeline(PATTERNS, "hl7_fields_test_no_call"), source, out)
    assert (summary.records, summary.records_failed) == (1, 0), errors_of(out)
    (message,) = parsed(out)
    written = str(message)
    assert not any(value in written + log for value in PHI)
    # Numbers, comparators and codes are results, not PHI: written as read.
    assert [str(s[5]) for s in message.segments("OBX")] == ["105", ">^1.5", "260385009^Negative^SCT",
                                                             "112283007^Escherichia coli^SCT"]
    assert str(message.segment("OBR")[4]) == "24323-8^Metabolic panel^LN"
    assert [len(s) for s in message] == [len(s) for s in hl7.parse("\r".join([msh("x"), PID, NK1, PV1, ORC, OBR,
                                                                                   *RESULTS]))]


def test_fields_without_text_get_what_they_get_with_text(nlp, tmp_path):
    numeric = [msh("CTRL-NUM-1"), PID, NK1, PV1, ORC, OBR, *RESULTS]
    with_text = [msh("CTRL-NUM-1"), PID, NK1, PV1, ORC, OBR, *RESULTS, TEXT_OBX]
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    run(nlp, write(a, numeric), a / "out.hl7")
    run(nlp, write(b, with_text), b / "out.hl7")
    (plain,), (texted,) = parsed(a / "out.hl7"), parsed(b / "out.hl7")
    for name in ("MSH", "PID", "NK1", "PV1", "ORC", "OBR"):
        assert str(plain.segment(name)) == str(texted.segment(name)), name
    # The text's surrogate name is the structured one.
    family, given = str(texted.segment("PID")[5][0][0]), str(texted.segment("PID")[5][0][1])
    assert f"Seen {given.title()} {family.title()} on" in str(texted.segments("OBX")[4][5])


def test_blank_text_field_is_no_error(nlp, tmp_path):
    blank = segment("OBX", {1: "5", 2: "TX", 3: "11526-1^Comment^LN", 5: "   ", 11: "F"})
    out = tmp_path / "out.hl7"
    summary, _ = run(nlp, write(tmp_path, [msh("CTRL-NUM-2"), PID, OBR, RESULTS[0], blank]), out)
    assert summary.records_failed == 0, errors_of(out)
    assert str(parsed(out)[0].segments("OBX")[1][5]) == "   "


# -- ages over 89 -------------------------------------------------------------------------


def _with_birth(born: str, kin_born: str = "") -> List[str]:
    pid = segment("PID", {1: "1", 3: "2345678^^^MERCY^MR", 5: "SMITH^JOHN", 7: born})
    nk1 = segment("NK1", {1: "1", 2: "ROE^JANE", 16: kin_born}) if kin_born else segment("NK1", {1: "1"})
    return [msh("CTRL-AGE-" + born), pid, nk1, OBR, RESULTS[0], TEXT_OBX]


def _shift(message: Any) -> dt.timedelta:
    written = str(message.segment("MSH")[7])[:8]
    return dt.datetime.strptime(written, "%Y%m%d").date() - MESSAGE_DATE


@pytest.mark.parametrize("born", ["19340315", "19340101", "1934", "1920", "193403", "19200229", "18991231235959"])
def test_birth_date_over_89_becomes_the_year_that_reads_90(nlp, tmp_path, born):
    out = tmp_path / "out.hl7"
    summary, _ = run(nlp, write(tmp_path, _with_birth(born)), out)
    assert summary.records_failed == 0, errors_of(out)
    (message,) = parsed(out)
    shifted_year = (MESSAGE_DATE + _shift(message)).year
    assert str(message.segment("PID")[7]) == str(shifted_year - 90)


@pytest.mark.parametrize("born", ["19340316", "19600704", "196007", "1935"])
def test_birth_date_up_to_89_is_shifted_with_its_precision(nlp, tmp_path, born):
    out = tmp_path / "out.hl7"
    run(nlp, write(tmp_path, _with_birth(born)), out)
    (message,) = parsed(out)
    written = str(message.segment("PID")[7])
    assert len(written) == len(born) and written != born
    if len(born) == 8:
        assert written == (dt.datetime.strptime(born, "%Y%m%d") + _shift(message)).strftime("%Y%m%d")


def test_next_of_kin_and_insured_birth_dates_are_aggregated_too(nlp, tmp_path):
    in1 = segment("IN1", {1: "1", 2: "PLAN-1", 16: "ROE^JANE", 18: "19250101"})
    message = _with_birth("19600704", kin_born="19280704")
    out = tmp_path / "out.hl7"
    summary, _ = run(nlp, write(tmp_path, [*message[:3], in1, *message[3:]]), out)
    assert summary.records_failed == 0, errors_of(out)
    (written,) = parsed(out)
    capped = str((MESSAGE_DATE + _shift(written)).year - 90)
    assert str(written.segment("NK1")[16]) == capped and str(written.segment("IN1")[18]) == capped
    assert str(written.segment("PID")[7]) != capped  # 63: shifted, not aggregated


def test_age_is_read_from_the_first_possible_day():
    assert hl7_date("1934") == dt.date(1934, 1, 1) and hl7_date("193403") == dt.date(1934, 3, 1)
    assert hl7_date("20240315093000-0500") == dt.date(2024, 3, 15) and hl7_date("03/15/2024") is None
    assert age_at(dt.date(1934, 3, 16), MESSAGE_DATE) == 89 and age_at(dt.date(1934, 3, 15), MESSAGE_DATE) == 90


# -- more segments --------------------------------------------------------------------


PD1 = segment("PD1", {3: "Oakridge Family Clinic^^^^^^^^^ORG-77", 4: "8888^KING^ALAN^^^DR"})
PV2 = segment("PV2", {2: "PRIV^Private room^HL70129", 3: "R07.9^Chest pain reported by John Smith^I10",
                      5: "Wallet with John Smith's cards", 8: "20240316120000", 12: "Walk-in, John Smith"})
TQ1 = segment("TQ1", {1: "1", 7: "20240314080000", 9: "S^Stat^HL70485", 11: "Draw when John Smith arrives"})
SPM = segment("SPM", {1: "1", 2: "SPEC-1^SPEC-F1", 4: "BLD^Blood^HL70487", 14: "Drawn by John Smith",
                      17: "20240314083000^20240314083500", 18: "20240314090000"})
DG1 = segment("DG1", {1: "1", 2: "I10", 3: "E11.9^Type 2 diabetes, told John Smith^I10^^^^^^John Smith's words",
                      4: "Diabetes noted 03/14/2024", 5: "20240310", 6: "A", 16: "9876^JONES^MARY^^^DR"})
AL1 = segment("AL1", {1: "1", 2: "DA^Drug allergy^HL70127", 3: "70618^Penicillin^RXNORM", 4: "SV^Severe^HL70128",
                      5: "Hives, per John Smith", 6: "20240101"})
IN1 = segment("IN1", {1: "1", 2: "PLAN-1^Gold Plan", 3: "INSCO-9", 4: "Acme Mutual Health^^^^^^^^^ACME-1",
                      5: "1 Insurer Way^^Hartford^CT^06101", 7: "^WPN^PH^^^860^5557777", 8: "GRP-4242",
                      12: "20240101", 16: "SMITH^JOHN", 17: "SEL^Self", 18: "19600704",
                      19: "12 Oak Street^^Boston^MA^02115", 36: "POL-99887766", 49: "MEM5544332^^^ACME^HP",
                      52: "Boston"})
IN2 = segment("IN2", {1: "EMP-4411", 2: "123-45-6789", 40: "KING^ANNA", 46: "Night porter",
                      63: "^PRN^PH^^^617^5551212"})
SEGMENT_PHI = PHI + ("Oakridge", "ORG-77", "KING", "ALAN", "ANNA", "SPEC-1", "SPEC-F1", "Acme", "ACME-1",
                     "Insurer Way", "Hartford", "06101", "5557777", "GRP-4242", "POL-99887766", "MEM5544332",
                     "EMP-4411", "Night porter", "03/14/2024", "20240101", "20240316")


def test_common_segments_go_through(nlp, tmp_path):
    segments = [msh("CTRL-SEG-1"), PID, PD1, NK1, PV1, PV2, IN1, IN2, ORC, TQ1, OBR, DG1, AL1, SPM, *RESULTS]
    out = tmp_path / "out.hl7"
    summary, log = run(nlp, write(tmp_path, segments), out)
    assert (summary.records, summary.records_failed) == (1, 0), errors_of(out)
    (message,) = parsed(out)
    assert [(str(s[0]), len(s)) for s in message] == [(str(s[0]), len(s)) for s in hl7.parse("\r".join(segments))]
    written = str(message)
    leaked = [value for value in SEGMENT_PHI if value in written + log]
    assert not leaked
    # Codes stay, their text is de-identified as note text, other components emptied.
    dg1 = message.segment("DG1")
    assert str(dg1[3][0][0]) == "E11.9" and str(dg1[3][0][2]) == "I10"
    assert str(dg1[3][0][1]).startswith("Type 2 diabetes, told ") and str(dg1[3][0][8]).endswith("'s words")
    assert str(dg1[4]).startswith("Diabetes noted ") and str(dg1[2]) == "I10"
    assert str(message.segment("AL1")[3]) == "70618^Penicillin^RXNORM"
    assert str(message.segment("AL1")[5]).startswith("Hives, per ")
    assert str(message.segment("PV2")[3][0][0]) == "R07.9"
    assert str(message.segment("SPM")[4]) == "BLD^Blood^HL70487" and str(message.segment("TQ1")[9]) == "S^Stat^HL70485"
    # Dates move by the patient's shift; a specimen's range keeps both ends.
    shift = _shift(message)
    collected = str(message.segment("SPM")[17]).split("^")
    assert collected == [(dt.datetime(2024, 3, 14, 8, m) + shift).strftime("%Y%m%d%H%M%S") for m in (30, 35)]
    # Ids are keyed hashes; the policy number keeps its form; a field no table names is emptied.
    assert re.fullmatch(r"[0-9a-f]{32}", str(message.segment("IN1")[8]))
    assert str(message.segment("IN1")[52]) == "" and str(message.segment("IN2")[46]) == ""
    assert str(message.segment("IN1")[16][0][0]) == str(message.segment("PID")[5][0][0])  # one surrogate name


def test_site_segments_are_still_refused(nlp, tmp_path):
    out = tmp_path / "out.hl7"
    summary, _ = run(nlp, write(tmp_path, [msh("CTRL-Z-1"), PID, OBR, RESULTS[0], "ZPI|1|SMITH^JOHN"]), out)
    assert summary.records_failed == 1
    (error,) = errors_of(out)
    assert "ZPI" in error["message"] and "SMITH" not in json.dumps(error)
