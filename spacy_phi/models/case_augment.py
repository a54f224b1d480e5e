"""Training-data augmenters that change the case of whole examples.

Notes typed in capitals ("WIFE MARY IN, UPDATED") or all in lower case lose the
capitalisation cue the NER otherwise leans on for names and places. These
augmenters show the model the same annotated notes in those cases:

- `spacy_phi.upper_case.v1`: upper-cases a share of the examples.
- `spacy_phi.case_augmenter.v1`: lower-cases a share, upper-cases another share
  and keeps the rest as written (titles and mixed case stay).

As spaCy's `spacy.lower_case.v1`, the cased text is tokenized again and the
reference tokens' ORTH is cased the same way, so the entity offsets, labels and
token alignment stay those of the original. An example whose casing would change
its length (German "ß" upper-cases to "SS", "İ" lower-cases to two characters)
is passed through unchanged: its offsets would no longer hold. Randomness comes
from `random`, which `spacy train` seeds from `[system] seed`, so a seed gives
the same augmented stream.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Callable, Iterator

from spacy.language import Language
from spacy.training import Example
from spacy.training.augment import _doc_to_biluo_tags_with_partial
from spacy.util import registry

UPPER_CASE = "spacy_phi.upper_case.v1"
CASE_AUGMENTER = "spacy_phi.case_augmenter.v1"

Augmenter = Callable[[Language, Example], Iterator[Example]]


def _keeps_length(text: str, cased: str) -> bool:
    return len(text) == len(cased)


def cased_variant(nlp: Language, example: Example, upper: bool) -> Example:
    """The example with its text and reference tokens upper- or lower-cased
    (the example itself when casing would change any token's length).

    nlp (Language): the pipeline whose tokenizer tokenizes the cased text.
    example (Example): the annotated example.
    upper (bool): upper-case (True) or lower-case (False).
    RETURNS (Example): the cased example, or `example` unchanged.
    """
    case = str.upper if upper else str.lower
    text = example.text
    cased_text = case(text)
    reference = example.reference
    orths = [case(token.text) for token in reference]
    if not _keeps_length(text, cased_text) or any(
        not _keeps_length(token.text, orth) for token, orth in zip(reference, orths)
    ):
        return example
    example_dict = example.to_dict()
    example_dict["doc_annotation"]["entities"] = _doc_to_biluo_tags_with_partial(reference)
    example_dict["token_annotation"]["ORTH"] = orths
    return example.from_dict(nlp.make_doc(cased_text), example_dict)


def upper_casing_augmenter(nlp: Language, example: Example, *, level: float) -> Iterator[Example]:
    """Yield the example upper-cased with probability `level`, else as it is."""
    if random.random() >= level:
        yield example
    else:
        yield cased_variant(nlp, example, upper=True)


def case_augmenter(nlp: Language, example: Example, *, lower_level: float, upper_level: float) -> Iterator[Example]:
    """Yield the example lower-cased with probability `lower_level`, upper-cased
    with probability `upper_level`, else as it is (one draw per example)."""
    roll = random.random()
    if roll < lower_level:
        yield cased_variant(nlp, example, upper=False)
    elif roll < lower_level + upper_level:
        yield cased_variant(nlp, example, upper=True)
    else:
        yield example


def _check_level(name: str, value: float) -> None:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be between 0 and 1, got {value}")


@registry.augmenters(UPPER_CASE)
def create_upper_casing_augmenter(level: float) -> Augmenter:
    """Augmenter that upper-cases a share of the training examples.

    level (float): the share of examples upper-cased (0-1).
    RETURNS (Augmenter): the augmenter.
    """
    _check_level("level", level)
    return partial(upper_casing_augmenter, level=level)


@registry.augmenters(CASE_AUGMENTER)
def create_case_augmenter(lower_level: float, upper_level: float) -> Augmenter:
    """Augmenter that lower-cases a share of the training examples and
    upper-cases another share; the rest keep their case.

    lower_level (float): the share lower-cased (0-1).
    upper_level (float): the share upper-cased (0-1); the two add up to at most 1.
    RETURNS (Augmenter): the augmenter.
    """
    _check_level("lower_level", lower_level)
    _check_level("upper_level", upper_level)
    if lower_level + upper_level > 1.0:
        raise ValueError(f"lower_level + upper_level must be at most 1, got {lower_level + upper_level}")
    return partial(case_augmenter, lower_level=lower_level, upper_level=upper_level)
