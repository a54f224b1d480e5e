"""Fixtures of the rule-layer tests."""

from __future__ import annotations

import pytest
from spacy.language import Language

from spacy_phi import blank_pipeline


@pytest.fixture(scope="session")
def rules_nlp() -> Language:
    """A blank English pipeline with `phi_rules` and the built-in rules."""
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_rules")
    nlp.initialize()
    return nlp
