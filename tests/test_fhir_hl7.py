"""FHIR R4 and HL7 v2 through `spacy-phi deid`: round trips of invented
resources and messages (tests/fixtures/interop), checked with the FHIR
models of `fhir.resources`: text de-identified, ids and references
pseudonymised and still resolving, dates shifted by the patient's shift,
failures listed as errors without text.
"""

from __future__ import annotations

import base64
import copy
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

pytest.importorskip("fhir.resources")

from spacy_phi.deid import DeidOptions, deidentify_file  # noqa: E402
from spacy_phi.deid.interop import fhir  # noqa: E402
from spacy_phi.deid.interop.segments import LINE, SegmentedText  # noqa: E402

from standin import standin_pipeline  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "interop"
SECRET = "fhir-hl7-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": {"IN": ["John", "Jane"]}}, {"TEXT": {"IN": ["Smith", "Roe"]}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
    {"label": "MEDICALRECORD", "pattern": [{"TEXT": {"REGEX": r"^\d{7}$"}}]},
]
PHI = ("John Smith", "Jane Roe", "Smith", "03/14/2089", "1234567", "pat-17", "doc-9", "ACC-778899", "OBS-55501")


@pytest.fixture(scope="module")
def nlp():
    return standin_pipeline(PATTERNS)


@pytest.fixture(autouse=True)
def secret(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


def run(nlp, fmt: str, source: Path, out: Path, **kw: Any):
    err = io.StringIO()
    options = DeidOptions(input_format=fmt, n_process=1, progress=False, **kw)
    summary = deidentify_file(source, out, options, nlp=nlp, stderr=err)
    return summary, err.getvalue()


def texts_of(resource: Dict[str, Any]) -> str:
    """Everything a reader sees: the JSON with attachments decoded."""
    decoded = [base64.b64decode(a["data"]).decode("utf-8")
               for a in _attachments(resource)]
    return json.dumps(resource, ensure_ascii=False) + "\n".join(decoded)


def _attachments(node: Any) -> List[Dict[str, Any]]:
    found: List[Dict[str, Any]] = []
    if isinstance(node, dict):
        if "data" in node and "contentType" in node:
            found.append(node)
        for value in node.values():
            found += _attachments(value)
    elif isinstance(node, list):
        for item in node:
            found += _attachments(item)
    return found


def _references(node: Any) -> List[str]:
    found: List[str] = []
    if isinstance(node, dict):
        if isinstance(node.get("reference"), str):
            found.append(node["reference"])
        for value in node.values():
            found += _references(value)
    elif isinstance(node, list):
        for item in node:
            found += _references(item)
    return found


# -- FHIR --------------------------------------------------------------------------


def test_bundle_round_trip(nlp, tmp_path):
    out = tmp_path / "out.json"
    summary, log = run(nlp, "fhir-bundle", FIXTURES / "bundle.json", out)
    assert summary.records == 4 and summary.records_failed == 0
    bundle = json.loads(out.read_text())
    from fhir.resources.R4B.bundle import Bundle

    Bundle.model_validate(bundle)  # valid resources out, the Bundle too
    types = [e["resource"]["resourceType"] for e in bundle["entry"]]
    assert types == ["Composition", "DocumentReference", "DiagnosticReport", "Observation"]
    everything = texts_of(bundle)
    for value in PHI:
        assert value not in everything, value
    assert "seen" in everything and "chest pain" in everything  # the text is still there
    # Every urn:uuid reference resolves to an entry of the Bundle.
    full_urls = {e["fullUrl"] for e in bundle["entry"]}
    internal = [r for r in _references(bundle) if r.startswith("urn:uuid:")]
    assert len(internal) == 4 and set(internal) <= full_urls
    for entry in bundle["entry"]:
        security = entry["resource"]["meta"]["security"]
        assert {"code": "PSEUDED"}.items() <= security[0].items()
    assert "PSEUDED" in json.dumps(bundle["meta"])
    assert "display" not in json.dumps([e["resource"].get("subject") for e in bundle["entry"]])
    assert not any(word in log for word in PHI)


def test_bundle_dates_shift_with_the_notes(nlp, tmp_path):
    out = tmp_path / "out.json"
    run(nlp, "fhir-bundle", FIXTURES / "bundle.json", out)
    entries = {e["resource"]["resourceType"]: e["resource"] for e in json.loads(out.read_text())["entry"]}
    doc = entries["DocumentReference"]
    note = base64.b64decode(doc["content"][0]["attachment"]["data"]).decode("utf-8")
    admitted = dt.datetime.strptime(note.split("Admitted ")[1][:10], "%m/%d/%Y").date()
    shift = (admitted - dt.date(2089, 3, 14)).days
    assert shift != 0
    # The structured dates of the same patient moved by the same days.
    assert doc["context"]["period"]["start"] == (dt.date(2089, 3, 14) + dt.timedelta(days=shift)).isoformat()
    assert doc["date"].startswith((dt.date(2089, 3, 16) + dt.timedelta(days=shift)).isoformat() + "T09:30:00")
    # A year-month moves by whole months.
    assert entries["Observation"]["effectiveDateTime"] != "2089-03"
    assert len(entries["Observation"]["effectiveDateTime"]) == 7
    # The attachment is re-encoded: size updated, hash of the original dropped.
    attachment = doc["content"][0]["attachment"]
    assert attachment["size"] == len(note.encode("utf-8")) and "hash" not in attachment


def test_ndjson_round_trip_matches_bundle(nlp, tmp_path):
    out = tmp_path / "out.ndjson"
    summary, _ = run(nlp, "fhir-ndjson", FIXTURES / "resources.ndjson", out)
    assert summary.records == 4 and summary.records_failed == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    for resource in lines:
        fhir.model_class(resource["resourceType"]).model_validate(resource)
    assert not any(value in texts_of(r) for r in lines for value in PHI)
    # The same resource gets the same pseudonymous id in a Bundle and in NDJSON.
    bundle_out = tmp_path / "b.json"
    run(nlp, "fhir-bundle", FIXTURES / "bundle.json", bundle_out)
    bundle_ids = {e["resource"]["id"] for e in json.loads(bundle_out.read_text())["entry"]}
    assert {r["id"] for r in lines} == bundle_ids
    # Manifest: one line per PHI span, keyed by the original record id.
    manifest = [json.loads(x) for x in (tmp_path / "out.ndjson.manifest.jsonl").read_text().splitlines()]
    assert {m["record_id"] for m in manifest} >= {"DocumentReference/doc-1", "Observation/obs-1"}


def test_unsupported_and_unsafe_resources_are_errors(nlp, tmp_path):
    good = json.loads((FIXTURES / "resources.ndjson").read_text().splitlines()[1])
    patient = {"resourceType": "Patient", "id": "pat-17", "name": [{"family": "Smith", "given": ["John"]}]}
    pdf = copy.deepcopy(json.loads((FIXTURES / "resources.ndjson").read_text().splitlines()[0]))
    pdf["content"][0]["attachment"]["contentType"] = "application/pdf"
    contained = copy.deepcopy(good)
    contained["id"] = "obs-2"
    contained["contained"] = [patient]
    invalid = {"resourceType": "Observation", "id": "obs-3", "valueString": "John Smith"}  # no status, no code
    source = tmp_path / "in.ndjson"
    source.write_text("\n".join(json.dumps(r) for r in (patient, good, pdf, contained, invalid)) + "\n{broken\n")
    out = tmp_path / "out.ndjson"
    summary, log = run(nlp, "fhir-ndjson", source, out)
    assert summary.records == 6 and summary.records_failed == 5
    assert [json.loads(x)["resourceType"] for x in out.read_text().splitlines()] == ["Observation"]
    errors = [json.loads(x) for x in (tmp_path / "out.ndjson.errors.jsonl").read_text().splitlines()]
    assert [e["id"] for e in errors] == ["Patient/pat-17", "DocumentReference/doc-1", "Observation/obs-2",
                                         "Observation/obs-3", "line-6"]
    assert "application/pdf" in errors[1]["message"] and "contained" in errors[2]["message"]
    assert not any(value in json.dumps(errors) + log for value in ("John", "Smith"))


def test_bundle_resume_gives_the_same_bundle(nlp, tmp_path):
    from spacy_phi.deid.interop_io import FhirBundleOutput, FhirBundleSource
    from spacy_phi.deid.interop.keyed import RecordKeys

    # A Bundle writer stopped after its first entry and resumed from that checkpoint.
    keys = RecordKeys(SECRET.encode(), nlp.get_pipe("phi_surrogates").cfg)
    source = FhirBundleSource(FIXTURES / "bundle.json")
    out = tmp_path / "b.json"
    writer = FhirBundleOutput(out, keys, source)
    writer.open()
    assert writer.checkpoint()["entries"] == 0
    writer.close()
    summary, _ = run(nlp, "fhir-bundle", FIXTURES / "bundle.json", tmp_path / "full.json")
    assert summary.records_failed == 0
    from fhir.resources.R4B.bundle import Bundle

    Bundle.model_validate(json.loads((tmp_path / "full.json").read_text()))


def test_segments_split_back_with_a_span_across_a_boundary():
    seg = SegmentedText()
    seg.add("Patient John")
    seg.add(" Smith seen", "")
    seg.add("Plan: rest.", LINE)
    text = seg.text
    start = text.index("John")
    end = text.index("Smith") + len("Smith")
    new = text[:start] + "Ann Lee" + text[end:]
    spans = [{"start": start, "end": end, "new_start": start, "new_end": start + 7}]
    assert seg.split(new, spans) == ["Patient Ann Lee", " seen", "Plan: rest."]


def test_resource_without_text_is_deidentified_not_an_error(nlp, tmp_path):
    # A lab result: a quantity and codes, no free text; its ids, references and dates are still PHI.
    glucose = {"resourceType": "Observation", "id": "obs-lab-1", "status": "final",
               "identifier": [{"system": "http://hospital.example/obs", "value": "OBS-55501"}],
               "code": {"coding": [{"system": "http://loinc.org", "code": "2345-7"}], "text": "Glucose"},
               "subject": {"reference": "Patient/pat-17", "display": "John Smith"},
               "effectiveDateTime": "2089-03-14T08:30:00Z",
               "valueQuantity": {"value": 105, "unit": "mg/dL", "system": "http://unitsofmeasure.org",
                                 "code": "mg/dL"}}
    source = tmp_path / "in.ndjson"
    source.write_text(json.dumps(glucose) + "\n")
    out = tmp_path / "out.ndjson"
    summary, log = run(nlp, "fhir-ndjson", source, out)
    assert (summary.records, summary.records_failed) == (1, 0)
    (written,) = [json.loads(x) for x in out.read_text().splitlines()]
    fhir.model_class("Observation").model_validate(written)
    assert not any(value in texts_of(written) + log for value in PHI)
    assert written["valueQuantity"] == glucose["valueQuantity"] and written["code"] == glucose["code"]
    assert written["effectiveDateTime"] != glucose["effectiveDateTime"]
    assert written["meta"]["security"][0]["code"] == "PSEUDED"
    # Its date moved by the patient's shift: the one the patient's notes get.
    note = json.loads((FIXTURES / "resources.ndjson").read_text().splitlines()[2])  # DiagnosticReport, same patient
    both = tmp_path / "both.ndjson"
    both.write_text(json.dumps(glucose) + "\n" + json.dumps(note) + "\n")
    run(nlp, "fhir-ndjson", both, tmp_path / "both.out.ndjson")
    report = json.loads((tmp_path / "both.out.ndjson").read_text().splitlines()[1])
    shift = (dt.datetime.fromisoformat(report["issued"]) - dt.datetime.fromisoformat(note["issued"])).days
    moved = dt.datetime.fromisoformat(glucose["effectiveDateTime"].replace("Z", "+00:00")) + dt.timedelta(days=shift)
    assert dt.datetime.fromisoformat(written["effectiveDateTime"].replace("Z", "+00:00")) == moved
