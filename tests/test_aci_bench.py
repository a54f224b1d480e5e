"""The hand-annotated ACI-BENCH notes and dialogues in assets/aci_bench."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from spacy_phi import blank_pipeline
from spacy_phi.converters import read_markup, records_to_docs
from spacy_phi.converters.report import ConversionReport
from spacy_phi.labels import LABEL_NAMES

ACI = Path(__file__).resolve().parent.parent / "assets" / "aci_bench"
SPLITS = {"train": 184, "dev": 30, "eval": 120}
#: Source CSV files of each split (the ACI-BENCH authors' split, by file).
SOURCES = {
    "train.csv": "train",
    "clinicalnlp_taskC_test2.csv": ("train", "dev"),
    "valid.csv": "eval",
    "clinicalnlp_taskB_test1.csv": "eval",
}


def source_texts():
    """{(encounter_kind id): text} from the shipped ACI-BENCH CSV files."""
    csv.field_size_limit(10**9)
    texts = {}
    for name in SOURCES:
        with open(ACI / "source" / name, encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                for kind in ("note", "dialogue"):
                    texts[f"{row['encounter_id']}_{kind}"] = row[kind]
    return texts


@pytest.fixture(scope="module")
def records():
    return {split: read_markup(ACI / split) for split in SPLITS}


def test_every_file_of_every_split_is_read(records):
    for split, count in SPLITS.items():
        assert len(records[split]) == count


def test_plain_text_is_the_source_text_character_for_character(records):
    texts = source_texts()
    seen = set()
    for split_records in records.values():
        for record in split_records:
            assert record.text == texts[record.id], record.id
            seen.add(record.id)
    assert seen == set(texts)  # every note and dialogue is annotated, none twice


def test_splits_follow_the_source_files_and_never_share_an_encounter(records):
    encounters = {split: {r.id.split("_")[0] for r in recs} for split, recs in records.items()}
    assert not encounters["train"] & encounters["eval"]
    assert not encounters["dev"] & encounters["eval"]
    assert not encounters["train"] & encounters["dev"]
    csv.field_size_limit(10**9)
    with open(ACI / "source" / "valid.csv", encoding="utf-8", newline="") as handle:
        valid = {row["encounter_id"] for row in csv.DictReader(handle)}
    assert valid <= encounters["eval"]


@pytest.mark.parametrize("split", list(SPLITS))
def test_every_span_converts_aligned_with_a_known_label(records, split):
    nlp = blank_pipeline("en")
    report = ConversionReport()
    docs, report = records_to_docs(records[split], nlp, "spacy_phi", report=report)
    assert report.total_unusable == 0
    assert report.snapped == 0  # every span starts and ends on a token boundary
    n_spans = sum(len(r.spans) for r in records[split])
    assert sum(len(doc.ents) for doc in docs) == n_spans > 0
    for doc in docs:
        for ent in doc.ents:
            assert ent.label_ in LABEL_NAMES
            assert ent.text == ent.text.strip()
