"""The stand-in pipeline of the de-identification job's tests: the clinical
tokenizer, an entity_ruler with each test file's patterns in place of a trained
NER, extra test components, and phi_surrogates. Fast, deterministic, and it
pickles like a real pipeline (worker processes)."""

from __future__ import annotations

from typing import Any, Dict, List

from spacy.language import Language

import spacy_phi


def standin_pipeline(patterns: List[Dict[str, Any]], *extra: str, sentencizer: bool = False) -> Language:
    """The stand-in pipeline.

    patterns (List[Dict[str, Any]]): entity_ruler patterns.
    *extra (str): factories added after the ruler (failing, interrupting or
        killing components of the tests).
    sentencizer (bool): start with phi_sentencizer.
    RETURNS (Language): the pipeline.
    """
    nlp = spacy_phi.blank_pipeline("en")
    if sentencizer:
        nlp.add_pipe("phi_sentencizer")
    nlp.add_pipe("entity_ruler").add_patterns(patterns)
    for name in extra:
        nlp.add_pipe(name)
    nlp.add_pipe("phi_surrogates")
    return nlp
