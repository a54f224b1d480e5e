"""The NER's case view (`spacy_phi.models.case_view`): a note typed in capitals
reaches the tok2vec as a mixed-case writer would have typed it; a note in mixed
case, the text and the offsets are untouched."""

from __future__ import annotations

from pathlib import Path

import numpy
import pytest
import spacy
from spacy.ml.featureextractor import FeatureExtractor
from spacy.training import Example
from spacy.util import fix_random_seed, load_config, load_model_from_config

from spacy_phi.models.assemble import assemble_pipeline
from spacy_phi.models.case_view import (
    ARCHITECTURE,
    CaseViewFeatureExtractor,
    case_view_doc,
    case_view_overrides,
    mixed_case_word,
    mixed_case_word_from_lower,
    mixed_case_words,
)

ROOT = Path(__file__).resolve().parent.parent
CAPITALS_NOTE = (
    "NEURO: ALERT, MAE. PT SEEN BY HO, DR QUENTIN AWARE.\n"
    "RESP: SIMV 600X12, LASIX GIVEN. WIFE MARGARET IN TO VISIT FROM FRAMINGHAM.\n"
)
MIXED_NOTE = "Neuro: alert. Seen by Dr. Quentin, HO aware. Wife Margaret visited from Framingham.\n"
COLUMNS = ["NORM", "PREFIX", "SUFFIX", "SHAPE"]


@pytest.fixture(scope="module")
def nlp():
    return spacy.blank("en")


@pytest.mark.parametrize(
    "word, sentence_start, viewed",
    [
        ("ALERT", False, "alert"),  # a common word
        ("ALERT", True, "Alert"),  # ... at the start of a sentence or line
        ("LASIX", False, "lasix"),  # a drug
        ("PRESNT", False, "presnt"),  # a common word misspelt by one edit
        ("SIMV", False, "SIMV"),  # a clinical abbreviation
        ("HO", False, "HO"),  # a staff role
        ("RN", False, "RN"),  # a credential
        ("LUNGS", False, "lungs"),  # an inflected common word
        ("TURA", False, "Tura"),  # a short word of no list: perhaps a name
        ("CAREVUEX", False, "Carevuex"),  # a longer word of no list: perhaps a name
        ("QUENTIN", False, "Quentin"),  # no ordinary word: a possible name
        ("FRAMINGHAM", False, "Framingham"),
        ("NEWTON", False, "Newton"),
        ("CHARLIE", False, "Charlie"),  # a name that is only a spoken word is read as a name
        ("FEET", False, "feet"),  # no dictionary list holds it, English writes it in lower case
        ("HUNG", False, "hung"),  # a surname somewhere, but English writes it in lower case
        ("BROWN", False, "Brown"),  # written as a name about as often as a word: a possible name
        ("NANCY", False, "Nancy"),  # written mostly as a name
        ("ABX", False, "abx"),  # nursing shorthand of the lower-case list
        ("600X12", False, "600X12"),  # digits: as written
        ("A", False, "A"),  # one letter
        ("Quentin", False, "Quentin"),  # already mixed case
        ("alert", False, "alert"),
    ],
)
def test_mixed_case_word(word, sentence_start, viewed):
    assert mixed_case_word(word, sentence_start) == viewed


def test_view_keeps_every_token_and_length(nlp):
    doc = nlp(CAPITALS_NOTE)
    viewed = mixed_case_words(doc)
    assert len(viewed) == len(doc)
    assert [len(w) for w in viewed] == [len(t.text) for t in doc]
    assert [w.lower() for w in viewed] == [t.lower_ for t in doc]
    assert viewed[0] == "Neuro"  # nursing shorthand, capitalised at the start of a line
    assert viewed[2] == "Alert"  # a common word after a colon starts a sentence
    assert "Wife" in viewed and "wife" not in viewed  # ... and after a full stop
    assert "Quentin" in viewed and "Margaret" in viewed and "Framingham" in viewed  # names, places
    assert "seen" in viewed and "SIMV" in viewed and "HO" in viewed


def test_mixed_case_note_is_not_viewed(nlp):
    doc = nlp(MIXED_NOTE)
    assert case_view_doc(doc) is doc
    doc = nlp(CAPITALS_NOTE)
    view = case_view_doc(doc)
    assert view is not doc
    assert view.text.lower() == doc.text.lower() and len(view.text) == len(doc.text)
    assert doc.text == CAPITALS_NOTE  # the note itself is untouched


def test_features_equal_spacy_on_mixed_case_and_follow_the_view_in_capitals(nlp):
    spacy_features = FeatureExtractor(COLUMNS)
    view_features = CaseViewFeatureExtractor(COLUMNS)
    mixed = nlp(MIXED_NOTE)
    expected, _ = spacy_features([mixed], is_train=False)
    got, _ = view_features([mixed], is_train=False)
    numpy.testing.assert_array_equal(got[0], expected[0])
    capitals = nlp(CAPITALS_NOTE)
    got, _ = view_features([capitals], is_train=False)
    plain, _ = spacy_features([capitals], is_train=False)
    assert not numpy.array_equal(got[0], plain[0])
    index = [t.text for t in capitals].index("QUENTIN")
    shape = COLUMNS.index("SHAPE")
    assert got[0][index, shape] == nlp.vocab["Quentin"].shape  # "Xxxxx", the shape of a name
    assert plain[0][index, shape] == nlp.vocab["QUENTIN"].shape
    # A span of a doc is viewed with its whole note.
    span = capitals[index - 2 : index + 2]
    got_span, _ = view_features([span], is_train=False)
    numpy.testing.assert_array_equal(got_span[0], got[0][index - 2 : index + 2])


def test_overrides_name_the_architecture_only_for_english_hash_embeddings():
    config = load_config(ROOT / "configs" / "cnn.cfg")
    assert case_view_overrides(config) == {"components.tok2vec.model.embed.@architectures": ARCHITECTURE}
    spanish = load_config(ROOT / "configs" / "cnn_es.cfg")
    assert case_view_overrides(spanish) == {}
    transformer = load_config(ROOT / "configs" / "transformer.cfg")
    assert case_view_overrides(transformer) == {}


@pytest.fixture(scope="module")
def trained_dir(tmp_path_factory):
    """configs/cnn.cfg initialized on a few labelled sentences (random weights)."""
    config = load_config(ROOT / "configs" / "cnn.cfg", interpolate=True)
    fix_random_seed(0)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    examples = []
    for i in range(4):
        text = f"Note {i} : seen by Alex Morgan from Springfield on 3/{i + 1}/2020 ."
        name, city = text.index("Alex Morgan"), text.index("Springfield")
        examples.append(Example.from_dict(nlp.make_doc(text), {"entities": [(name, name + 11, "DOCTOR"), (city, city + 11, "CITY")]}))
    nlp.initialize(lambda: examples)
    path = tmp_path_factory.mktemp("case_view") / "trained"
    nlp.to_disk(path)
    return path


def test_assembled_pipeline_reads_capitals_through_the_view(trained_dir):
    """Same weights: the same tok2vec output on a mixed-case note; on a note in
    capitals, the output of the viewed words."""
    trained = spacy.load(trained_dir)
    assembled = assemble_pipeline(trained_dir, surrogates=False)
    assert assembled.config["components"]["tok2vec"]["model"]["embed"]["@architectures"] == ARCHITECTURE
    tok2vec_trained, tok2vec_assembled = trained.get_pipe("tok2vec"), assembled.get_pipe("tok2vec")
    mixed = tok2vec_trained.predict([trained.make_doc(MIXED_NOTE)])[0]
    numpy.testing.assert_allclose(tok2vec_assembled.predict([assembled.make_doc(MIXED_NOTE)])[0], mixed)
    capitals = assembled.make_doc(CAPITALS_NOTE)
    viewed = tok2vec_trained.predict([case_view_doc(capitals)])[0]
    numpy.testing.assert_allclose(tok2vec_assembled.predict([capitals])[0], viewed)
    assert not numpy.allclose(tok2vec_trained.predict([capitals])[0], viewed)
    # Saved and loaded again, the pipeline keeps the view.
    assembled.to_disk(trained_dir.parent / "assembled")
    reloaded = spacy.load(trained_dir.parent / "assembled")
    numpy.testing.assert_allclose(reloaded.get_pipe("tok2vec").predict([reloaded.make_doc(CAPITALS_NOTE)])[0], viewed)


@pytest.mark.parametrize(
    "word, viewed",
    [
        ("alert", "alert"),  # an ordinary word stays
        ("ffp", "FFP"),  # a listed abbreviation takes its capitals
        ("rrt", "RRT"),  # a credential
        ("lander", "Lander"),  # no ordinary word: perhaps a name
        ("Smith", "Smith"),  # already cased
    ],
)
def test_mixed_case_word_from_lower(word, viewed):
    assert mixed_case_word_from_lower(word, False) == viewed


LOWER_NOTE = "pt seen by q. lander rrt, ffp given. wife mary in to visit.\n"


def test_lower_case_notes_are_viewed_only_when_asked(nlp):
    doc = nlp(LOWER_NOTE)
    assert case_view_doc(doc) is doc
    viewed = [t.text for t in case_view_doc(doc, lower_case_notes=True)]
    assert "Lander" in viewed and "FFP" in viewed and "Mary" in viewed and "given" in viewed
    mixed = nlp(MIXED_NOTE)
    assert case_view_doc(mixed, lower_case_notes=True) is mixed  # a cased note: as written


def test_lower_case_notes_setting_is_read_from_the_config_at_load(trained_dir):
    assembled = assemble_pipeline(trained_dir, surrogates=False)
    path = trained_dir.parent / "assembled_lower"
    assembled.to_disk(path)
    key = {"components": {"tok2vec": {"model": {"embed": {"lower_case_notes": True}}}}}
    lower = spacy.load(path, config=key)
    default = spacy.load(path)
    doc_default, doc_lower = default.make_doc(LOWER_NOTE), lower.make_doc(LOWER_NOTE)
    plain = default.get_pipe("tok2vec").predict([doc_default])[0]
    viewed = lower.get_pipe("tok2vec").predict([doc_lower])[0]
    assert not numpy.allclose(plain, viewed)
    expected = default.get_pipe("tok2vec").predict([case_view_doc(doc_default, lower_case_notes=True)])[0]
    numpy.testing.assert_allclose(viewed, expected)
