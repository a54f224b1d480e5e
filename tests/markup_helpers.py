"""Shared checks of the hand-annotated markup folders (assets/realistic_eval, assets/realistic_train)."""

from __future__ import annotations

from pathlib import Path

from spacy_phi import blank_pipeline
from spacy_phi.converters import read_markup, records_to_docs
from spacy_phi.converters.report import ConversionReport
from spacy_phi.labels import LABEL_NAMES


def convert_folder_checked(folder: Path, count: int) -> ConversionReport:
    """Convert a markup folder of `count` notes; assert that every span becomes an entity
    of a known label with no surrounding space. RETURNS the conversion report."""
    records = read_markup(folder)
    assert len(records) == count
    docs, report = records_to_docs(records, blank_pipeline("en"), "spacy_phi", report=ConversionReport())
    assert report.total_unusable == 0
    n_spans = sum(len(r.spans) for r in records)
    assert sum(len(doc.ents) for doc in docs) == n_spans > 0
    for doc in docs:
        for ent in doc.ents:
            assert ent.label_ in LABEL_NAMES
            assert ent.text == ent.text.strip()
    return report
