"""The case augmenters of training (`spacy_phi.upper_case.v1`,
`spacy_phi.case_augmenter.v1`): cased text with the same entity offsets and
labels, length-changing examples passed through, determinism for a seed, and
the training configs that use them."""

import random
from pathlib import Path

import pytest
from spacy.training import Example
from spacy.util import load_config, registry

import spacy_phi  # noqa: F401  (registers the augmenters)
from spacy_phi.models.case_augment import (
    CASE_AUGMENTER,
    UPPER_CASE,
    case_augmenter,
    cased_variant,
    create_case_augmenter,
    create_upper_casing_augmenter,
)
from spacy_phi.util import blank_pipeline

CONFIGS = Path(__file__).resolve().parents[1] / "configs"
TEXT = "Wife Mary in at 1400, spoke w/ Dr. Kruger. BP 90's-110's/50's."
ENTS = [(5, 9, "PATIENT"), (35, 41, "DOCTOR")]


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline("en")


def _example(nlp, text=TEXT, ents=ENTS):
    return Example.from_dict(nlp.make_doc(text), {"entities": list(ents)})


def _gold(example):
    return [(e.start_char, e.end_char, e.label_) for e in example.reference.ents]


@pytest.mark.parametrize("upper", [True, False])
def test_cased_variant_keeps_offsets_labels_and_cases_text(nlp, upper):
    example = _example(nlp)
    cased = cased_variant(nlp, example, upper=upper)
    expected = TEXT.upper() if upper else TEXT.lower()
    assert cased.text == expected and cased.predicted.text == expected
    assert [t.text for t in cased.reference] == [t.text.upper() if upper else t.text.lower() for t in example.reference]
    assert _gold(cased) == ENTS
    assert [expected[s:e] for s, e, _ in _gold(cased)] == (["MARY", "KRUGER"] if upper else ["mary", "kruger"])
    # The model is trained on the predicted doc: the entities align with it too.
    assert [(s, e, label) for s, e, label in _gold(cased)] == [
        (span.start_char, span.end_char, span.label_) for span in cased.reference.ents
    ]
    assert all(tag != "-" for tag in cased.get_aligned_ner())


def test_length_changing_example_is_passed_through(nlp):
    text = "Patient Groß seen by Dr. Kruger."
    example = _example(nlp, text, [(8, 12, "PATIENT"), (25, 31, "DOCTOR")])
    assert len(text.upper()) != len(text)
    assert cased_variant(nlp, example, upper=True) is example
    lowered = cased_variant(nlp, example, upper=False)  # "ß" lower-cases to itself
    assert lowered.text == text.lower() and _gold(lowered) == _gold(example)
    dotted = _example(nlp, "İzmir visit with Dr. Kruger.", [(21, 27, "DOCTOR")])
    assert cased_variant(nlp, dotted, upper=False) is dotted


def test_combined_augmenter_shares_and_determinism(nlp):
    augment = create_case_augmenter(lower_level=0.3, upper_level=0.3)
    example = _example(nlp)

    def stream(seed):
        random.seed(seed)
        return [next(iter(augment(nlp, example))).text for _ in range(400)]

    first = stream(7)
    assert first == stream(7)
    assert first != stream(8)
    counts = {form: first.count(form) for form in (TEXT, TEXT.lower(), TEXT.upper())}
    assert sum(counts.values()) == 400
    assert all(80 < n < 160 for n in counts.values()), counts


def test_levels_zero_and_one(nlp):
    example = _example(nlp)
    assert next(iter(case_augmenter(nlp, example, lower_level=0.0, upper_level=0.0))) is example
    assert next(iter(case_augmenter(nlp, example, lower_level=0.0, upper_level=1.0))).text == TEXT.upper()
    assert next(iter(case_augmenter(nlp, example, lower_level=1.0, upper_level=0.0))).text == TEXT.lower()
    upper = create_upper_casing_augmenter(level=1.0)
    assert next(iter(upper(nlp, example))).text == TEXT.upper()
    assert next(iter(create_upper_casing_augmenter(level=0.0)(nlp, example))) is example


@pytest.mark.parametrize("levels", [{"lower_level": 0.7, "upper_level": 0.4}, {"lower_level": -0.1, "upper_level": 0.1}])
def test_bad_levels_are_refused(levels):
    with pytest.raises(ValueError):
        create_case_augmenter(**levels)
    with pytest.raises(ValueError):
        create_upper_casing_augmenter(level=1.5)


def test_registered_names():
    assert registry.augmenters.get(UPPER_CASE) is create_upper_casing_augmenter
    assert registry.augmenters.get(CASE_AUGMENTER) is create_case_augmenter


@pytest.mark.parametrize("name", ["cnn", "transformer"])
def test_training_configs_leave_it_off_and_the_documented_block_resolves(name, nlp):
    config = load_config(CONFIGS / f"{name}.cfg")
    assert config["corpora"]["train"]["augmenter"] is None  # off by default (docs/models.md)
    assert config["corpora"]["dev"]["augmenter"] is None
    block = {"@augmenters": CASE_AUGMENTER, "lower_level": 0.1, "upper_level": 0.15}  # the block docs/models.md gives
    config["corpora"]["train"]["augmenter"] = block
    augment = registry.resolve({"augmenter": config["corpora"]["train"]["augmenter"]})["augmenter"]
    assert augment.keywords == {"lower_level": 0.1, "upper_level": 0.15}
