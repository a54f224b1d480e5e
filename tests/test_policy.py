"""A site's policy in one file (spacy_phi.policy): loading and its errors,
presets and actions, never/always PHI, site patterns, the pipeline's saved
policy, and the same output through the API and the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Dict, List, Tuple

import pytest
import spacy

import spacy_phi
from spacy_phi.cli import main
from spacy_phi.policy import PolicyError, apply_policy, load_policy
from spacy_phi.policy.presets import LIMITED_DATA_SET_KEPT
from spacy_phi.policy.regex_safety import regex_problem
from spacy_phi.surrogates.component import PhiSurrogates

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "assets" / "samples").glob("*.txt"))
GOLD_NOTES = sorted((ROOT / "assets" / "realistic_eval" / "test").glob("*.txt"))
EXAMPLE = ROOT / "configs" / "policy.example.yaml"
SECRET = "policy-test-secret-0123456789"
MARKUP = re.compile(r"\[\[([A-Z_]+)\|([^\]\|]+)\]\]")


@pytest.fixture(autouse=True)
def _secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


@pytest.fixture(scope="module")
def nlp() -> spacy.language.Language:
    return spacy_phi.rules_pipeline()


def deid(nlp, text: str, policy=None) -> Tuple[str, List[dict]]:
    from spacy_phi.policy import restore_policy

    previous = apply_policy(nlp, policy) if policy is not None else None
    try:
        doc = nlp.make_doc(text)
        doc.user_data["phi_record_id"] = "note-1"  # surrogates keyed per record: repeatable
        doc = nlp(doc)
        return doc._.deidentified, doc._.phi_offset_map
    finally:
        if policy is not None:
            restore_policy(nlp, previous)


# -- loading and refusing ------------------------------------------------------------


BAD_POLICIES = [
    ("preset: safe_harbour\n", 1, "unknown preset"),
    ("actions:\n  DATE: keep\n  PATIENTS: tag\n", 3, "unknown label"),
    ("actions:\n  DATE: blur\n", 2, "unknown action"),
    ("presets: redact\n", 1, "unknown field"),
    ("preset: redact\npreset: tag_only\n", 2, "given twice"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    regex: '[A-Z'\n", 4, "invalid regular expression"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    regex: 'X?'\n", 4, "empty string"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    regex: '(\\d+-?)+$'\n", 4, "exponential"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    regex: '.*MRN'\n", 4, "more than linear"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    regex: '\\d+\\d+X'\n", 4, "more than linear"),
    ("patterns:\n  - id: a\n    label: IDNUMBER\n    regex: 'AB\\d+'\n", 3, "unknown label"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    regex: 'AB\\d+'\n    validator: crc\n", 5, "unknown validator"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    tokens: [{TEXT: {REGEX: 'A'}, OP: '?'}]\n", 4, "match nothing"),
    ("patterns:\n  - id: a\n    label: IDNUM\n    tokens: [{TEXTT: 'A'}]\n", 4, "invalid token pattern"),
    ("patterns:\n  - {id: a, label: IDNUM, regex: 'A\\d+'}\n  - {id: a, label: IDNUM, regex: 'B\\d+'}\n", 3, "used twice"),
    ("never_phi:\n  - regex: '(a|ab)*c'\n", 2, "the pattern"),
    ("never_phi:\n  - terms: [HO]\n    labels: [NURSE]\n", 3, "unknown label"),
    ("always_phi:\n  - terms: [Riverside]\n", 2, "needs a label"),
    ("always_phi:\n  - label: HOSPITAL\n    terms: [Riverside]\nnever_phi:\n  - terms: [riverside]\n", 1, "also listed"),
    ("preset: [redact\n", 1, "not valid YAML"),
    ("version: 2\n", 1, "unsupported version"),
]


@pytest.mark.parametrize("text,line,problem", BAD_POLICIES)
def test_bad_policy_is_refused_with_its_line(tmp_path: Path, text: str, line: int, problem: str) -> None:
    path = tmp_path / "site.yaml"
    path.write_text("# the site's policy\n" + text, encoding="utf8")
    with pytest.raises(PolicyError) as err:
        load_policy(path)
    assert err.value.line == line + 1, str(err.value)
    assert problem in str(err.value)
    assert f"{path}, line {line + 1}:" in str(err.value)


def test_roster_errors_never_quote_a_roster_value(tmp_path: Path) -> None:
    (tmp_path / "staff.csv").write_text("name,label\nQuillon Vantreese,DOCTOR\nMarguerite Oakes,DOKTOR\n")
    (tmp_path / "site.yaml").write_text("always_phi:\n  - roster: staff.csv\n    column: name\n")
    with pytest.raises(PolicyError) as err:
        load_policy(tmp_path / "site.yaml")
    assert "row 3" in str(err.value) and err.value.line == 2
    assert "Marguerite" not in str(err.value) and "DOKTOR" not in str(err.value)


def test_regex_probe_passes_linear_site_patterns() -> None:
    for pattern in (r"\bRMC-\d{7}\b", r"(?i)\bacc(?:ession)?\s*#?\s*(?P<value>[A-Z]{2}\d{2}-\d{5})",
                    r"(?:[A-Z][a-z]+ ){1,4}Clinic", r"\b(?:jan|feb|mar)\d{4}\b"):
        assert regex_problem(pattern) is None, pattern


def test_the_example_policy_loads_and_its_hash_ignores_comments(tmp_path: Path) -> None:
    policy = load_policy(EXAMPLE)
    assert policy.preset == "limited_data_set" and policy.patterns and policy.never_phi and policy.always_phi
    stripped = "\n".join(l for l in EXAMPLE.read_text().splitlines() if not l.lstrip().startswith("#"))
    (tmp_path / "staff_roster.csv").write_text((EXAMPLE.parent / "staff_roster.csv").read_text())
    (tmp_path / "p.yaml").write_text(stripped)
    assert load_policy(tmp_path / "p.yaml").content_hash == policy.content_hash
    assert load_policy(policy.to_dict()).content_hash == policy.content_hash


# -- presets and actions on the sample notes -------------------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_safe_harbor_is_todays_output_byte_for_byte(nlp, sample: Path) -> None:
    text = sample.read_text()
    assert deid(nlp, text, "preset: safe_harbor\n") == deid(nlp, text)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("preset,action", [("tag_only", "tag"), ("redact", "redact")])
def test_tag_only_and_redact_presets(nlp, sample: Path, preset: str, action: str) -> None:
    text = sample.read_text()
    new, spans = deid(nlp, text, {"preset": preset})
    assert spans and all(s["action"] == action for s in spans)
    if action == "redact":
        assert len(new) == len(text)
    for span in spans:
        assert text[span["start"]:span["end"]].strip(" ,.;:") not in new[span["new_start"]:span["new_end"]] or action == "redact"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_limited_data_set_keeps_dates_and_places_on_samples(nlp, sample: Path) -> None:
    text = sample.read_text()
    new, spans = deid(nlp, text, "preset: limited_data_set\n")
    for span in spans:
        original = text[span["start"]:span["end"]]
        written = new[span["new_start"]:span["new_end"]]
        if span["label"] in LIMITED_DATA_SET_KEPT:
            assert (span["action"], span["reason"], written) == ("keep", "policy", original)
        else:
            assert span["action"] != "keep" and written != original


def test_every_action_per_label(nlp) -> None:
    text = "Seen by Dr. Hanneke Visser on 03/14/2089, MRN: 4829117."
    for action in ("surrogate", "tag", "mask", "redact", "keep", "hash"):
        new, spans = deid(nlp, text, {"actions": {"DATE": action}})
        date = next(s for s in spans if s["label"] == "DATE")
        assert date["action"] == action
        written = new[date["new_start"]:date["new_end"]]
        expected = {"tag": "[**DATE**]", "mask": "[DATE]", "redact": "**********", "keep": "03/14/2089"}
        if action in expected:
            assert written == expected[action]
        elif action == "hash":
            assert re.fullmatch(r"\[DATE-[0-9a-f]{12}\]", written)
        else:
            assert written != "03/14/2089"
        others = [s for s in spans if s["label"] != "DATE"]
        assert all(s["action"] == "surrogate" for s in others)


def test_hash_is_consistent_within_a_secret_only(nlp, monkeypatch: pytest.MonkeyPatch) -> None:
    policy = {"actions": {"MEDICALRECORD": "hash"}}
    first, _ = deid(nlp, "MRN: 4829117 today.", policy)
    again, _ = deid(nlp, "Old chart, MRN: 4829117.", policy)
    other_value, _ = deid(nlp, "MRN: 4829118 today.", policy)
    value = re.search(r"\[MEDICALRECORD-[0-9a-f]{12}\]", first).group()
    assert value in again and value not in other_value and "4829117" not in first
    monkeypatch.setenv("SPACY_PHI_SECRET", "another-secret-of-this-site")
    nlp.get_pipe("phi_surrogates").configure()  # reload the secret
    other_secret, _ = deid(nlp, "MRN: 4829117 today.", policy)
    nlp.get_pipe("phi_surrogates").configure()
    assert value not in other_secret


# -- never_phi, always_phi, patterns -----------------------------------------------------


def test_never_phi_vetoes_with_reason_and_label_limit(nlp) -> None:
    text = "Seen by Dr. Hanneke Visser today."
    assert "Visser" not in deid(nlp, text)[0]
    limited = {"never_phi": [{"terms": ["Hanneke Visser"], "labels": ["PATIENT"]}]}
    assert "Visser" not in deid(nlp, text, limited)[0]
    policy = {"never_phi": [{"terms": ["hanneke  VISSER"], "labels": ["DOCTOR"]}]}
    apply_policy(nlp, policy)
    try:
        doc = nlp(text)
        assert "Hanneke Visser" in doc._.deidentified
        assert [(s.text, s.kb_id_) for s in doc.spans["phi_vetoed"]] == [("Hanneke Visser", "policy:allow")]
    finally:
        from spacy_phi.policy import restore_policy

        restore_policy(nlp, None)
    by_regex = {"never_phi": [{"regex": "hanneke \\w+"}]}
    assert "Hanneke Visser" in deid(nlp, text, by_regex)[0]


def test_always_phi_terms_any_case_and_roster(nlp, tmp_path: Path) -> None:
    text = "the zorblax team called; quillon vantreese aware. ZORBLAX TEAM again."
    assert deid(nlp, text)[0] == text
    (tmp_path / "roster.csv").write_text("name,role\nQuillon Vantreese,x\n")
    (tmp_path / "site.yaml").write_text(
        "always_phi:\n  - label: ORGANIZATION\n    terms: [Zorblax team]\n"
        "  - roster: roster.csv\n    column: name\n    label: DOCTOR\n")
    new, spans = deid(nlp, text, tmp_path / "site.yaml")
    assert "zorblax" not in new.lower() and "vantreese" not in new.lower()
    assert sorted(s["label"] for s in spans) == ["DOCTOR", "ORGANIZATION", "ORGANIZATION"]


def test_always_phi_is_never_vetoed_by_the_guard(nlp) -> None:
    text = "Followed at Parkinson Clinic. Parkinson Clinic called back."
    policy = {"always_phi": [{"label": "HOSPITAL", "terms": ["Parkinson"]}]}
    new, spans = deid(nlp, text, policy)
    assert "Parkinson" not in new


def policy_matches(nlp, text: str, policy) -> Dict[str, List[str]]:
    """The policy patterns' matches of a text: rule id -> matched texts."""
    from spacy_phi.policy import restore_policy

    previous = apply_policy(nlp, policy)
    try:
        doc = nlp(text)
    finally:
        restore_policy(nlp, previous)
    found: Dict[str, List[str]] = {}
    for span in doc.spans["phi_rules"]:
        if span.id_.startswith("policy:"):
            found.setdefault(span.id_, []).append(span.text)
    return found


def test_patterns_context_validator_tokens(nlp) -> None:
    policy = {"patterns": [
        {"id": "site_mrn", "label": "MEDICALRECORD", "regex": r"\bRQ\d{6}\b", "context": ["chart no"],
         "context_chars": 12, "priority": 5},
        {"id": "badge", "label": "IDNUM", "regex": r"\bBDG-\d{6}\b", "validator": "luhn", "priority": 5},
        {"id": "acc", "label": "ACCOUNT", "tokens": [{"TEXT": "ACX"}, {"TEXT": {"REGEX": r"^\d{5}$"}}], "context": ["acct"], "context_chars": 8,
         "priority": 5},
        {"id": "ward", "label": "ROOM", "tokens": [{"LOWER": "pod"}, {"TEXT": {"REGEX": r"^[A-Z]$"}}]},
    ]}
    text = ("Chart no: RQ123456; old RQ654321. Badge BDG-123455 and BDG-123456. "
            "Acct ACX12345; ACX54321 elsewhere. Moved to pod C today.")
    # 1234555 passes Luhn, 1234566 does not.
    assert policy_matches(nlp, text, policy) == {
        "policy:site_mrn": ["RQ123456"], "policy:badge": ["BDG-123455"], "policy:acc": ["ACX12345"],
        "policy:ward": ["pod C"],
    }


def test_pattern_priority_wins_the_merge(nlp) -> None:
    text = "Seen 03/14/2089 here."
    date_as_id = {"patterns": [{"id": "d", "label": "IDNUM", "regex": r"\d\d/\d\d/\d{4}", "priority": 9}]}
    assert [s["label"] for s in deid(nlp, text, date_as_id)[1]] == ["IDNUM"]
    low = {"patterns": [{"id": "d", "label": "IDNUM", "regex": r"\d\d/\d\d/\d{4}", "priority": 0}]}
    assert [s["label"] for s in deid(nlp, text, low)[1]] == ["DATE"]


# -- one policy object: spacy.load, to_disk, the API, the CLI ------------------------------


def test_policy_saved_with_the_pipeline_and_config_override(tmp_path: Path) -> None:
    nlp = spacy_phi.rules_pipeline()
    apply_policy(nlp, {"preset": "tag_only", "always_phi": [{"label": "HOSPITAL", "terms": ["Zorblax"]}]})
    nlp.to_disk(tmp_path / "model")
    assert json.loads((tmp_path / "model" / "phi_policy" / "policy.json").read_text())["preset"] == "tag_only"
    text = "the zorblax folks on 03/14/2089."
    loaded = spacy.load(tmp_path / "model")
    assert loaded(text)._.deidentified == "the [**HOSPITAL**] folks on [**DATE**]."
    (tmp_path / "redact.yaml").write_text("preset: redact\n")
    override = spacy.load(tmp_path / "model",
                          config={"components": {"phi_policy": {"policy": str(tmp_path / "redact.yaml")}}})
    assert override(text)._.deidentified == "the zorblax folks on **********."
    with pytest.raises(PolicyError):
        spacy.load(tmp_path / "model", config={"components": {"phi_policy": {"policy": "preset: nope\nx: 1"}}})


def test_keep_and_hash_are_modes_of_phi_surrogates() -> None:
    """Without a policy too: `phi_surrogates.modes` accepts "keep" and "hash"."""
    nlp = spacy.blank("en")
    component = nlp.add_pipe("phi_surrogates", config={"modes": {"DATE": "keep", "PATIENT": "hash"}})
    assert isinstance(component, PhiSurrogates)
    doc = nlp.make_doc("Jane Roe seen 03/14/2089.")
    doc.ents = [doc.char_span(0, 8, label="PATIENT"), doc.char_span(14, 24, label="DATE")]
    doc = component(doc)
    assert re.fullmatch(r"\[PATIENT-[0-9a-f]{12}\] seen 03/14/2089\.", doc._.deidentified)
    assert [m["action"] for m in doc._.phi_offset_map] == ["hash", "keep"]


def write_notes(path: Path) -> List[str]:
    texts = [p.read_text() for p in SAMPLES]
    path.write_text("".join(json.dumps({"id": f"n{i}", "text": t}) + "\n" for i, t in enumerate(texts)))
    return texts


POLICY_TEXT = """
preset: limited_data_set
actions: {MEDICALRECORD: hash, ACCOUNT: tag}
never_phi:
  - terms: [Northgate Family Practice]
always_phi:
  - {label: DOCTOR, terms: [Tobias Ferrante]}
patterns:
  - {id: acct, label: ACCOUNT, regex: 'A-\\d{8}', context: [acct]}
"""


def test_cli_and_api_give_the_same_output_and_audit(tmp_path: Path) -> None:
    write_notes(tmp_path / "notes.jsonl")
    (tmp_path / "site.yaml").write_text(POLICY_TEXT)
    code = main(["deid", str(tmp_path / "notes.jsonl"), "-o", str(tmp_path / "out.jsonl"), "--model", "rules",
                 "--policy", str(tmp_path / "site.yaml"), "--n-process", "1", "--no-progress"])
    assert code == 0
    cli = [json.loads(l) for l in (tmp_path / "out.jsonl").read_text().splitlines()]
    records = [json.loads(l) for l in (tmp_path / "notes.jsonl").read_text().splitlines()]
    api = list(spacy_phi.deidentify(records, model="rules", n_process=1, policy=tmp_path / "site.yaml"))
    assert [r["text"] for r in cli] == [r.text for r in api]
    assert "Northgate Family Practice" in cli[0]["text"] and "Ferrante" not in cli[0]["text"]
    assert "11/02/2090" in cli[0]["text"] and "A-55920318" not in cli[0]["text"]
    summary = json.loads((tmp_path / "out.jsonl.summary.json").read_text())
    policy = load_policy(tmp_path / "site.yaml")
    assert summary["policy"]["content_hash"] == policy.content_hash
    assert summary["spacy_phi_version"] == spacy_phi.__version__ and summary["model_version"]
    assert summary["started_at"] <= summary["finished_at"]
    assert summary["actions_per_label"]["DATE"] == {"keep": summary["phi_per_label"]["DATE"]}
    manifest = [json.loads(l) for l in (tmp_path / "out.jsonl.manifest.jsonl").read_text().splitlines()]
    assert {m["policy"] for m in manifest} == {policy.content_hash}
    assert all(m.get("kept_by_policy") for m in manifest if m["label"] == "DATE")


@pytest.mark.parametrize("text", ["preset: nope\n", "patterns:\n  - {id: a, label: IDNUM, regex: '.*x'}\n"])
def test_cli_refuses_a_bad_policy_with_exit_2_and_no_output(tmp_path: Path, capsys, text: str) -> None:
    write_notes(tmp_path / "notes.jsonl")
    (tmp_path / "site.yaml").write_text(text)
    code = main(["deid", str(tmp_path / "notes.jsonl"), "-o", str(tmp_path / "out.jsonl"), "--model", "rules",
                 "--policy", str(tmp_path / "site.yaml"), "--no-progress"])
    assert code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.jsonl", "site.yaml"]
    assert "site.yaml, line" in capsys.readouterr().err
    assert main(["deid", str(tmp_path / "notes.jsonl"), "-o", str(tmp_path / "out.jsonl"), "--model", "rules",
                 "--policy", str(tmp_path / "missing.yaml"), "--no-progress"]) == 2


def test_api_refuses_a_bad_policy_before_any_record() -> None:
    def records():
        raise AssertionError("a record was read")
        yield  # pragma: no cover

    with pytest.raises(PolicyError):
        next(spacy_phi.deidentify(records(), model="rules", policy="preset: nope\nname: x\n"))


# -- limited data set on the realistic test notes, gold spans as predictions ---------------


def gold(note: Path) -> Tuple[str, List[Tuple[int, int, str]]]:
    raw = note.read_text()
    text, spans, pos = [], [], 0
    out = 0
    for m in MARKUP.finditer(raw):
        text.append(raw[pos:m.start()])
        out += m.start() - pos
        spans.append((out, out + len(m.group(2)), m.group(1)))
        text.append(m.group(2))
        out += len(m.group(2))
        pos = m.end()
    text.append(raw[pos:])
    return "".join(text), spans


def test_limited_data_set_on_realistic_gold_spans() -> None:
    """The gold spans stand in for the detector (the policy logic is tested, not the model):
    every DATE, AGE, CITY, STATE and ZIP stays as written, every other span is replaced."""
    nlp = spacy.blank("en")
    surrogates = nlp.add_pipe("phi_surrogates")
    apply_policy(nlp, "preset: limited_data_set\n")
    kept = replaced = 0
    for note in GOLD_NOTES:
        text, spans = gold(note)
        doc = nlp.make_doc(text)
        doc.ents = [doc.char_span(s, e, label=l, alignment_mode="expand") for s, e, l in spans]
        doc.user_data["phi_record_id"] = note.stem
        doc = surrogates(doc)
        entries = {(m["start"], m["end"]): m for m in doc._.phi_offset_map}
        for ent in doc.ents:
            entry = entries[(ent.start_char, ent.end_char)]
            written = doc._.deidentified[entry["new_start"]:entry["new_end"]]
            if ent.label_ in LIMITED_DATA_SET_KEPT:
                assert written == ent.text and entry["action"] == "keep"
                kept += 1
            else:
                # A surrogate's own keeps stay ("Department of Neurology" is no PHI); the policy keeps none.
                assert entry["reason"] != "policy", ent.label_
                if entry["action"] != "keep":
                    assert ent.text.strip(" .,") not in written, ent.label_
                replaced += 1
    assert kept > 100 and replaced > 100
