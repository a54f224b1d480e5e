"""The hand-written realistic notes in assets/realistic_eval (dev, test, dev_b, dev_c, dev_d, dev_dialogues, dev_nursing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from markup_helpers import convert_folder_checked

from spacy_phi.converters import read_markup

REALISTIC = Path(__file__).resolve().parent.parent / "assets" / "realistic_eval"
SPLITS = {"dev": 20, "test": 20, "dev_b": 24, "dev_c": 24, "dev_d": 24, "dev_dialogues": 72, "dev_nursing": 10}


@pytest.mark.parametrize("split,count", list(SPLITS.items()))
def test_every_note_converts_with_aligned_spans_of_known_labels(split, count):
    convert_folder_checked(REALISTIC / split, count)


def test_no_note_is_in_two_splits():
    texts = {split: {r.text for r in read_markup(REALISTIC / split)} for split in SPLITS}
    for split, notes in texts.items():
        others = set().union(*(texts[other] for other in SPLITS if other != split))
        assert not notes & others, split
