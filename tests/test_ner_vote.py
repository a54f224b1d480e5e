"""`phi_ner_vote` (a seed ensemble of NERs, majority per token) and its assembly
(`assemble_pipeline(..., ensemble=[...])`)."""

from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import pytest
import spacy
from spacy.tokens import Doc, Span

from spacy_phi.models.assemble import assemble_pipeline
from spacy_phi.models.greedy_ner import PhiEntityRecognizer
from spacy_phi.models.ner_vote import NerVote
from spacy_phi.spangroups import NER_SCORES_KEY, ner_scores, ner_scores_key

from test_greedy_ner import _texts, tiny_nlp  # noqa: F401  (the fixture)

WORDS = ["Jane", "Roe", "was", "seen", "on", "3/4", "in", "the", "Bronx", "."]


def _doc(main, *members) -> Doc:
    """A doc whose `doc.ents` are `main` and whose member groups m1, m2, ... hold
    `members` (each a list of (start, end, label, score))."""
    doc = Doc(spacy.blank("en").vocab, words=WORDS)
    doc.set_ents([Span(doc, s, e, label=lab) for s, e, lab, _ in main], default="outside")
    doc.user_data[NER_SCORES_KEY] = [list(m) for m in main]
    for index, spans in enumerate(members, 1):
        doc.spans[f"m{index}"] = [Span(doc, s, e, label=lab) for s, e, lab, _ in spans]
        doc.user_data[ner_scores_key(f"m{index}")] = [list(m) for m in spans]
    return doc


def _ents(doc: Doc) -> List[Tuple[int, int, str]]:
    return [(e.start, e.end, e.label_) for e in doc.ents]


def test_majority_per_token_with_label_and_confidence():
    doc = _doc(
        [(0, 2, "PATIENT", 0.9)],
        [(0, 2, "PATIENT", 0.7), (5, 6, "DATE", 0.8)],
        [(1, 2, "DOCTOR", 0.6), (5, 6, "DATE", 1.0), (8, 9, "CITY", 0.9)],
    )
    doc = NerVote(members=["m1", "m2"])(doc)
    # "Roe" has three votes, "Jane" and "3/4" two, "Bronx" one: out.
    assert _ents(doc) == [(0, 2, "PATIENT"), (5, 6, "DATE")]
    scores = ner_scores(doc)
    # The mean over the three models of each one's confidence there (the main NER found no date: 0).
    assert scores[(0, 2, "PATIENT")] == pytest.approx((0.9 + 0.7 + 0.6) / 3, abs=1e-4)
    assert scores[(5, 6, "DATE")] == pytest.approx((0.0 + 0.8 + 1.0) / 3, abs=1e-4)
    # The members' own spans stay in their groups.
    assert [(s.start, s.end) for s in doc.spans["m2"]] == [(1, 2), (5, 6), (8, 9)]


@pytest.mark.parametrize("min_votes, expected", [
    (1, [(0, 2, "PATIENT"), (5, 6, "DATE"), (8, 9, "CITY")]),
    (3, [(1, 2, "PATIENT")]),
])
def test_min_votes_union_and_unanimity(min_votes, expected):
    doc = _doc(
        [(0, 2, "PATIENT", 0.9)],
        [(0, 2, "PATIENT", 0.7), (5, 6, "DATE", 0.8)],
        [(1, 2, "PATIENT", 0.6), (5, 6, "DATE", 1.0), (8, 9, "CITY", 0.9)],
    )
    assert _ents(NerVote(members=["m1", "m2"], min_votes=min_votes)(doc)) == expected


def test_runs_split_where_a_majority_starts_an_entity_and_ties_take_the_main_label():
    # Two adjacent entities that two models agree on stay two; the label tie
    # (PATIENT once, DOCTOR once, on "Jane") goes to the main NER's label.
    doc = _doc(
        [(0, 1, "PATIENT", 1.0), (1, 2, "DOCTOR", 1.0)],
        [(0, 1, "DOCTOR", 1.0), (1, 2, "DOCTOR", 1.0)],
        [],
    )
    assert _ents(NerVote(members=["m1", "m2"])(doc)) == [(0, 1, "PATIENT"), (1, 2, "DOCTOR")]


def test_bad_min_votes_is_refused():
    with pytest.raises(ValueError):
        NerVote(members=["m1"], min_votes=3)


def test_assembled_ensemble_of_one_model_thrice_equals_the_model(tiny_nlp, tmp_path: Path):  # noqa: F811
    """The wiring: members with their own tok2vec copies write their groups,
    the vote replaces doc.ents, and the pipeline saves and loads. With the same
    weights three times, every model finds the same spans, so the vote equals
    the single model's output, confidences included."""
    tiny_nlp.to_disk(tmp_path / "trained")
    single = assemble_pipeline(tmp_path / "trained", surrogates=False)
    ensemble = assemble_pipeline(tmp_path / "trained", surrogates=False,
                                 ensemble=[tmp_path / "trained", tmp_path / "trained"])
    ensemble.to_disk(tmp_path / "ensemble")
    loaded = spacy.load(tmp_path / "ensemble")
    assert loaded.pipe_names[:5] == ["tok2vec", "ner_member1", "ner_member2", "ner", "phi_ner_vote"]
    member = loaded.get_pipe("ner_member1")
    assert isinstance(member, PhiEntityRecognizer) and member.member_key == "phi_ner_member1"
    assert loaded.get_pipe("ner").member_key is None
    texts = _texts()[:6]
    with single.select_pipes(enable=["tok2vec", "ner"]):
        expected = list(single.pipe(texts))
    with loaded.select_pipes(enable=["tok2vec", "ner_member1", "ner_member2", "ner", "phi_ner_vote"]):
        found = list(loaded.pipe(texts))
    assert sum(len(doc.ents) for doc in expected) > 20
    for want, got in zip(expected, found):
        assert _ents(got) == _ents(want)
        assert [(s.start, s.end, s.label_) for s in got.spans["phi_ner_member2"]] == _ents(want)
        assert ner_scores(got) == pytest.approx(ner_scores(want), abs=2e-4)


def test_ensemble_member_with_other_labels_is_refused(tiny_nlp, tmp_path: Path):  # noqa: F811
    tiny_nlp.to_disk(tmp_path / "trained")
    other = spacy.load(tmp_path / "trained")
    other.get_pipe("ner").add_label("VEHICLE")
    other.to_disk(tmp_path / "other")
    with pytest.raises(ValueError, match="same labels"):
        assemble_pipeline(tmp_path / "trained", surrogates=False, ensemble=[tmp_path / "other"])
