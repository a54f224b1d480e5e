"""The hand-written realistic notes in assets/realistic_eval (dev, test, dev_b, dev_c, dev_d)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spacy_phi import blank_pipeline
from spacy_phi.converters import read_markup, records_to_docs
from spacy_phi.converters.report import ConversionReport
from spacy_phi.labels import LABEL_NAMES

REALISTIC = Path(__file__).resolve().parent.parent / "assets" / "realistic_eval"
SPLITS = {"dev": 20, "test": 20, "dev_b": 24, "dev_c": 24, "dev_d": 24}


@pytest.mark.parametrize("split,count", list(SPLITS.items()))
def test_every_note_converts_with_aligned_spans_of_known_labels(split, count):
    records = read_markup(REALISTIC / split)
    assert len(records) == count
    docs, report = records_to_docs(records, blank_pipeline("en"), "spacy_phi", report=ConversionReport())
    assert report.total_unusable == 0
    n_spans = sum(len(r.spans) for r in records)
    assert sum(len(doc.ents) for doc in docs) == n_spans > 0
    for doc in docs:
        for ent in doc.ents:
            assert ent.label_ in LABEL_NAMES
            assert ent.text == ent.text.strip()


def test_no_note_is_in_two_splits():
    texts = {split: {r.text for r in read_markup(REALISTIC / split)} for split in SPLITS}
    for split, notes in texts.items():
        others = set().union(*(texts[other] for other in SPLITS if other != split))
        assert not notes & others, split
