"""The hand-written training notes in assets/realistic_train: they load with every span aligned,
and none of their text comes from a note we evaluate on."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Set, Tuple

import pytest

from markup_helpers import convert_folder_checked

from spacy_phi.converters import read_markup

ASSETS = Path(__file__).resolve().parent.parent / "assets"
TRAIN = ASSETS / "realistic_train"
PARTS = {"a": 22, "b": 22, "c": 22, "d": 22, "e": 22, "f": 22, "g": 22, "h": 22, "i": 30}
# Every note we score on or read errors of: none of their text may be in the training notes.
EVALUATED = [ASSETS / "realistic_eval", ASSETS / "aci_bench" / "dev", ASSETS / "aci_bench" / "eval"]
# Long enough that shared clinical boilerplate ("clear to auscultation bilaterally, no wheezes,
# rales or rhonchi") does not count, short enough to catch a copied sentence.
SHINGLE_WORDS = 16


@pytest.mark.parametrize("part,count", list(PARTS.items()))
def test_every_note_converts_with_aligned_spans_of_known_labels(part, count):
    report = convert_folder_checked(TRAIN / part, count)
    assert report.snapped == 0  # training targets: no span widened to a token edge


def test_the_parts_are_all_the_notes():
    assert len(read_markup(TRAIN)) == sum(PARTS.values())


def _shingles(texts: Iterable[str]) -> Set[Tuple[str, ...]]:
    out: Set[Tuple[str, ...]] = set()
    for text in texts:
        words = re.findall(r"\w+", text.lower())
        out.update(tuple(words[i:i + SHINGLE_WORDS]) for i in range(len(words) - SHINGLE_WORDS + 1))
    return out


def test_no_training_note_shares_a_passage_with_an_evaluated_note():
    evaluated = _shingles(r.text for folder in EVALUATED for r in read_markup(folder))
    for record in read_markup(TRAIN):
        shared = _shingles([record.text]) & evaluated
        assert not shared, record.id
