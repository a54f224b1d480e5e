"""`phi_ner`'s vectorized greedy decoder finds exactly the entities of spaCy's own
decoder (`EntityRecognizer.predict`), on the same weights."""

from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import numpy
import pytest
import spacy
from spacy.pipeline import EntityRecognizer
from spacy.tokens import Doc, Span
from spacy.training import Example
from spacy.util import fix_random_seed, load_config, load_model_from_config

from spacy_phi.converters.markup import parse_markup
from spacy_phi.merge import PhiMerge
from spacy_phi.models import greedy_ner
from spacy_phi.models.assemble import assemble_pipeline
from spacy_phi.models.greedy_ner import GreedyDecoded, PhiEntityRecognizer
from spacy_phi.spangroups import RULES_GROUP, ner_scores

ROOT = Path(__file__).resolve().parent.parent
LABELS = ["PATIENT", "DOCTOR", "DATE", "AGE", "CITY", "PHONE", "HOSPITAL", "PROFESSION"]


def _texts() -> List[str]:
    notes = sorted((ROOT / "assets" / "realistic_eval" / "dev").glob("*.txt"))[:12]
    texts = [parse_markup(path.read_text(encoding="utf8"))[0] for path in notes]
    return texts + ["", " ", "Seen.", "Dr.  Smith\n\n  called 617-555-0134 on 3/4/2021 .", "a\n"]


@pytest.fixture(scope="module")
def tiny_nlp():
    """configs/cnn.cfg initialized on a handful of labelled sentences, its output
    layer then randomized (as `benchmarks/speed_models.py` does): it predicts
    many arbitrary entities of every label, which is what the comparison needs."""
    config = load_config(ROOT / "configs" / "cnn.cfg", interpolate=True)
    fix_random_seed(0)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    examples = []
    for i, label in enumerate(LABELS):
        text = f"Note {i} : seen by Alex Morgan from Springfield on 3/{i + 1}/2020 ."
        name, city = text.index("Alex Morgan"), text.index("Springfield")
        entities = [(name, name + 11, label), (city, city + 11, LABELS[-1 - i])]
        examples.append(Example.from_dict(nlp.make_doc(text), {"entities": entities}))
    nlp.initialize(lambda: examples)
    ner = nlp.get_pipe("ner")
    upper = ner.model.get_ref("upper")
    rng = numpy.random.default_rng(0)
    upper.set_param("W", rng.normal(0, 0.5, upper.get_param("W").shape).astype("float32"))
    bias = numpy.zeros_like(upper.get_param("b"))
    bias[[ner.moves.get_class_name(i) for i in range(ner.moves.n_moves)].index("O")] = 2.0
    upper.set_param("b", bias)
    # The random weights leave long entities open; the equivalence tests compare
    # with spaCy's decoder, which has no length limit (tested on its own below).
    ner.cap_entity_length = False
    return nlp


def _entities(docs: List[Doc]) -> List[List[Tuple[int, int, str]]]:
    return [[(e.start, e.end, e.label_) for e in doc.ents] for doc in docs]


def _with_spacy_decoder(nlp, texts: List[str]) -> List[Doc]:
    docs = list(nlp.get_pipe("tok2vec").pipe(nlp.make_doc(t) for t in texts))
    ner = nlp.get_pipe("ner")
    EntityRecognizer.set_annotations(ner, docs, EntityRecognizer.predict(ner, docs))
    return docs


def test_configs_name_phi_ner(tiny_nlp):
    assert isinstance(tiny_nlp.get_pipe("ner"), PhiEntityRecognizer)


@pytest.mark.parametrize("batch_size", [1, 7, 64])
def test_same_entities_as_spacy_decoder(tiny_nlp, batch_size):
    texts = _texts()
    expected = _entities(_with_spacy_decoder(tiny_nlp, texts))
    assert sum(map(len, expected)) > 50  # the comparison has entities of several labels to compare
    assert len({label for doc in expected for _, _, label in doc}) >= 3
    with tiny_nlp.select_pipes(enable=["tok2vec", "ner"]):
        found = _entities(list(tiny_nlp.pipe(texts, batch_size=batch_size)))
    assert found == expected


def test_fast_path_is_taken_for_plain_docs(tiny_nlp):
    docs = list(tiny_nlp.get_pipe("tok2vec").pipe(tiny_nlp.make_doc(t) for t in _texts()[:3]))
    assert isinstance(tiny_nlp.get_pipe("ner").predict(docs), GreedyDecoded)


def test_preset_entities_go_to_spacy_decoder(tiny_nlp):
    """A doc with entities already set (spaCy keeps them) is decoded by spaCy's
    own code, with the same result as calling it directly."""
    text = _texts()[0]
    ner = tiny_nlp.get_pipe("ner")

    def preset() -> Doc:
        doc = tiny_nlp.get_pipe("tok2vec")(tiny_nlp.make_doc(text))
        doc.set_ents([Span(doc, 2, 4, label="CITY")], default="unmodified")
        return doc

    doc = preset()
    assert not isinstance(ner.predict([doc]), GreedyDecoded)
    expected = preset()
    EntityRecognizer.set_annotations(ner, [expected], EntityRecognizer.predict(ner, [expected]))
    found = ner(preset())
    assert _entities([found]) == _entities([expected])
    assert (2, 4, "CITY") in _entities([found])[0]


def test_sentence_starts_go_to_spacy_decoder(tiny_nlp):
    doc = tiny_nlp.get_pipe("tok2vec")(tiny_nlp.make_doc("Seen today . Called Alex Morgan back ."))
    doc[3].is_sent_start = True
    assert not isinstance(tiny_nlp.get_pipe("ner").predict([doc]), GreedyDecoded)


def test_length_groups_bound_tokens(tiny_nlp, monkeypatch):
    monkeypatch.setattr(greedy_ner, "MAX_GROUP_TOKENS", 300)
    docs = [tiny_nlp.make_doc(t) for t in _texts()]
    groups = list(greedy_ner._length_groups(docs))
    assert sorted(map(id, (d for g in groups for d in g))) == sorted(map(id, docs))
    for group in groups:
        assert len(group) == 1 or sum(map(len, group)) <= 300
    assert [len(d) for g in groups for d in g] == sorted(len(d) for d in docs)


def test_assemble_switches_spacy_ner_to_phi_ner(tiny_nlp, tmp_path):
    """A pipeline trained with spaCy's `ner` factory is assembled with `phi_ner`
    (same weights: same entities)."""
    tiny_nlp.to_disk(tmp_path / "trained")
    config_path = tmp_path / "trained" / "config.cfg"
    config_path.write_text(config_path.read_text().replace('factory = "phi_ner"', 'factory = "ner"'))
    trained = spacy.load(tmp_path / "trained")
    assert type(trained.get_pipe("ner")) is EntityRecognizer
    assembled = assemble_pipeline(tmp_path / "trained", surrogates=False)
    assert isinstance(assembled.get_pipe("ner"), PhiEntityRecognizer)
    assert assembled.get_pipe_meta("ner").factory == "phi_ner"
    texts = _texts()[:4]
    assembled.get_pipe("ner").cap_entity_length = False  # compared with spaCy's decoder
    with trained.select_pipes(enable=["tok2vec", "ner"]):
        expected = _entities(list(trained.pipe(texts)))
    with assembled.select_pipes(enable=["tok2vec", "ner"]):
        assert _entities(list(assembled.pipe(texts))) == expected


def _scored(nlp, texts: List[str]) -> List[Doc]:
    with nlp.select_pipes(enable=["tok2vec", "ner"]):
        return list(nlp.pipe(texts))


def test_confidence_per_entity(tiny_nlp):
    """Each entity gets one confidence in (0, 1], keyed by its tokens and label;
    sharper action scores (the output layer times 3: same argmax at every step)
    can only make the decoder surer, never change the entities."""
    texts = _texts()
    docs = _scored(tiny_nlp, texts)
    scores = [ner_scores(doc) for doc in docs]
    assert [sorted(s) for s in scores] == [sorted(e) for e in _entities(docs)]
    values = [v for s in scores for v in s.values()]
    assert values and all(0.0 < v <= 1.0 for v in values)
    assert min(values) < 0.9  # the random model is unsure of some: the scores are not all 1
    upper = tiny_nlp.get_pipe("ner").model.get_ref("upper")
    weights, bias = upper.get_param("W").copy(), upper.get_param("b").copy()
    try:
        upper.set_param("W", weights * 3)
        upper.set_param("b", bias * 3)
        sharper = _scored(tiny_nlp, texts)
    finally:
        upper.set_param("W", weights)
        upper.set_param("b", bias)
    assert _entities(sharper) == _entities(docs)
    for before, after in zip(scores, map(ner_scores, sharper)):
        assert all(after[key] >= before[key] - 1e-4 for key in before)
    assert sum(after for s in map(ner_scores, sharper) for after in s.values()) > sum(values)


def test_provenance_carries_the_ner_confidence(tiny_nlp):
    """`phi_merge` reports the NER's confidence for an entity the NER found and
    none for one only a rule found."""
    doc = _scored(tiny_nlp, [_texts()[0]])[0]
    expected = ner_scores(doc)
    free = next(i for i in range(len(doc)) if not doc[i].ent_type_ and not doc[i].is_space)
    doc.spans[RULES_GROUP] = [Span(doc, free, free + 1, label="IDNUM")]
    doc = PhiMerge()(doc)
    by_span = {(p["start"], p["end"]): p for p in doc._.phi_provenance}
    rule = by_span[(doc[free].idx, doc[free].idx + len(doc[free]))]
    assert rule["detector"] == "rules" and rule["score"] is None
    ner = [p for p in doc._.phi_provenance if p["detector"] == "ner"]
    assert ner and len(ner) == len(expected)
    for entity, provenance in zip((e for e in doc.ents if e.start != free), ner):
        assert provenance["score"] == expected[(entity.start, entity.end, entity.label_)]


def test_confidence_equals_a_step_by_step_reference(tiny_nlp):
    """The confidence recomputed with spaCy's own step model, validity rules and
    transitions, one state at a time: the softmax over the valid actions of the
    chosen one, lowest over the entity's tokens."""
    ner = tiny_nlp.get_pipe("ner")
    texts = _texts()[:2]
    docs = list(tiny_nlp.get_pipe("tok2vec").pipe(tiny_nlp.make_doc(t) for t in texts))
    step_model = ner.model.predict(docs)
    states = ner.moves.init_batch(docs)
    names = [ner.moves.get_class_name(i) for i in range(ner.moves.n_moves)]
    expected: List[dict] = [{} for _ in docs]
    opened: List[list] = [[0, 1.0] for _ in docs]
    active = [i for i, state in enumerate(states) if not state.is_final()]
    while active:
        scores = step_model.predict([states[i] for i in active])
        for row, i in enumerate(active):
            state = states[i]
            valid = numpy.array([ner.moves.is_valid(state, name) for name in names])
            masked = numpy.where(valid, scores[row], -numpy.inf)
            best = int(masked.argmax())
            chosen = 1.0 / numpy.exp(masked - masked[best]).sum()
            move, token = names[best], state.B(0)
            if move[0] in "BU":
                opened[i] = [token, chosen]
            elif move[0] in "IL":
                opened[i][1] = min(opened[i][1], chosen)
            if move[0] in "LU":
                expected[i][(opened[i][0], token + 1, move[2:])] = opened[i][1]
            ner.moves.apply_transition(state, move)
        active = [i for i in active if not states[i].is_final()]
    found = [ner_scores(doc) for doc in _scored(tiny_nlp, texts)]
    assert sum(map(len, expected)) > 100
    for want, got in zip(expected, found):
        assert sorted(want) == sorted(got)
        assert all(abs(want[key] - got[key]) < 1e-3 for key in want)


def test_an_entity_that_is_never_closed_is_cut_at_its_label_limit(tiny_nlp):
    """Weights that always prefer B-PATIENT, then I-PATIENT: spaCy's decoder opens
    one entity and keeps it to the end of the note; phi_ner closes it one token past
    phi_guard's PATIENT limit (which vetoes it as too long) and decodes the rest."""
    from spacy_phi.labels import MAX_TOKENS

    ner = tiny_nlp.get_pipe("ner")
    upper = ner.model.get_ref("upper")
    saved_w, saved_b = upper.get_param("W").copy(), upper.get_param("b").copy()
    names = [ner.moves.get_class_name(i) for i in range(ner.moves.n_moves)]
    bias = numpy.zeros_like(saved_b)
    bias[names.index("B-PATIENT")], bias[names.index("I-PATIENT")] = 100.0, 50.0
    ner.cap_entity_length = True
    try:
        upper.set_param("W", numpy.zeros_like(saved_w))
        upper.set_param("b", bias)
        text = " ".join(["word"] * 60)
        spacy_entities = _entities(_with_spacy_decoder(tiny_nlp, [text]))[0]
        assert spacy_entities == [(0, 60, "PATIENT")]
        ours = _entities([tiny_nlp(text)])[0]
        limit = MAX_TOKENS["PATIENT"] + 1
        assert ours[:2] == [(0, limit, "PATIENT"), (limit, 2 * limit, "PATIENT")]
        assert all(end - start <= limit for start, end, _ in ours)
        assert ours[-1][1] == 60 and all(a[1] == b[0] for a, b in zip(ours, ours[1:]))
    finally:
        ner.cap_entity_length = False
        upper.set_param("W", saved_w)
        upper.set_param("b", saved_b)
