"""Helpers of the rule-layer tests: what `phi_rules` writes for a text, the
families and their test modules."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import List, Tuple

from spacy.language import Language

from spacy_phi.rules.regex_rules import NO_CONTEXT_SUFFIX
from spacy_phi.spangroups import RULES_GROUP

#: The rule families, in the order `builtin_rules` puts them together.
FAMILIES = ("contact", "identifiers", "location", "person", "profession", "age", "date")


def rule_spans(nlp: Language, text: str) -> List[Tuple[str, str, str]]:
    """(label, text, rule id) of every span `phi_rules` writes for `text`; a
    bare phone number's ":no_context" suffix is left out of the id."""
    doc = nlp(text)
    return [(s.label_, s.text, s.id_.removesuffix(NO_CONTEXT_SUFFIX)) for s in doc.spans[RULES_GROUP]]


def labels_and_values(nlp: Language, text: str) -> List[Tuple[str, str]]:
    """(label, text) of every span `phi_rules` writes for `text`."""
    return [(label, value) for label, value, _ in rule_spans(nlp, text)]


def spans_over(nlp: Language, text: str, lookalike: str) -> List[Tuple[str, str, str]]:
    """The spans `phi_rules` writes that overlap the first `lookalike` in `text`."""
    start = text.index(lookalike)
    end = start + len(lookalike)
    doc = nlp(text)
    return [(s.label_, s.text, s.id_) for s in doc.spans[RULES_GROUP] if s.start_char < end and s.end_char > start]


def family_module(family: str) -> ModuleType:
    """The rule module of a family (`spacy_phi.rules.families.<family>`)."""
    return importlib.import_module(f"spacy_phi.rules.families.{family}")


def family_tests(family: str) -> ModuleType:
    """The test module of a family (`test_<family>.py`, with its LOOKALIKES)."""
    return importlib.import_module(f"{__package__}.test_{family}")


def every_case_text() -> List[str]:
    """The texts of every family's EXAMPLES and LOOKALIKES."""
    texts: List[str] = []
    for family in FAMILIES:
        texts += [text for text, *_ in family_module(family).EXAMPLES]
        texts += [text for text, _ in family_tests(family).LOOKALIKES]
    return texts
