"""Small shared helpers."""

from __future__ import annotations

import spacy
from spacy.language import Language


def blank_pipeline(lang: str = "en") -> Language:
    """A blank pipeline that uses the clinical tokenizer.

    Built from config (not by assigning `nlp.tokenizer`) so it is the same
    tokenizer that training and `spacy.load` use.

    lang (str): the spaCy language code ("en"; "es" for MEDDOCAN).
    RETURNS (Language): the blank pipeline.
    """
    from . import tokenizer  # noqa: F401  (registers spacy_phi.ClinicalTokenizer.v1)

    config = {"nlp": {"tokenizer": {"@tokenizers": "spacy_phi.ClinicalTokenizer.v1"}}}
    return spacy.blank(lang, config=config)
