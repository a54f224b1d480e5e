"""A policy's `patterns` compiled into `phi_rules`: the site's own identifier
formats as data, no Python.

A regex pattern becomes a `RegexRule` (`rules/regex_rules.py`), so it matches
on the normalised view of the note like every built-in rule; a token pattern
becomes a spaCy `Matcher` pattern. Either may require
- context words: one of them within `context_chars` characters before the
  match (case-insensitive, whole words), else the match is dropped;
- a validator: a checksum or structure check of the matched value (`VALIDATORS`).
Each pattern's id is prefixed with "policy:" in provenance and the manifest,
and its `priority` is its weight in `phi_merge` conflicts (built-in rules: 1–3,
known PHI: 4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Span

from ..rules.regex_rules import CHECKS, RegexRule

#: Prefix of every policy pattern's rule id.
ID_PREFIX = "policy:"
#: Validator names a pattern may give -> the rule check (`CHECKS`) it runs.
VALIDATORS: Dict[str, str] = {
    "luhn": "luhn",
    "card": "luhn_card",
    "npi": "npi",
    "dea": "dea",
    "aba": "aba",
    "mbi": "mbi",
    "ssn": "ssn_issuable",
    "ip": "ip_address",
}
DEFAULT_PRIORITY = 3
DEFAULT_CONTEXT_CHARS = 30


@dataclass(frozen=True)
class PatternSpec:
    """One pattern of a policy (validated by `schema.py`).

    id (str): the pattern's id (without prefix).
    label (str): the PHI label of a match.
    regex (Optional[str]): a Python regex (a named group `value` marks the PHI part).
    tokens (Optional[Tuple[Dict[str, Any], ...]]): a spaCy Matcher pattern.
    ignore_case (bool): regex only: match regardless of case.
    context (Tuple[str, ...]): words one of which must come before the match.
    context_chars (int): how far before the match the context words are looked for.
    priority (int): weight in `phi_merge` conflicts.
    validator (Optional[str]): a name from VALIDATORS the value must pass.
    """

    id: str
    label: str
    regex: Optional[str] = None
    tokens: Optional[Tuple[Dict[str, Any], ...]] = None
    ignore_case: bool = False
    context: Tuple[str, ...] = ()
    context_chars: int = DEFAULT_CONTEXT_CHARS
    priority: int = DEFAULT_PRIORITY
    validator: Optional[str] = None

    @property
    def rule_id(self) -> str:
        """The id matches carry."""
        return ID_PREFIX + self.id

    def to_dict(self) -> Dict[str, Any]:
        """The pattern as it is written in a policy (defaults left out)."""
        data: Dict[str, Any] = {"id": self.id, "label": self.label}
        if self.regex is not None:
            data["regex"] = self.regex
        if self.tokens is not None:
            data["tokens"] = [dict(t) for t in self.tokens]
        if self.ignore_case:
            data["ignore_case"] = True
        if self.context:
            data["context"] = list(self.context)
            data["context_chars"] = self.context_chars
        data["priority"] = self.priority
        if self.validator:
            data["validator"] = self.validator
        return data


def context_regex(words: Sequence[str]) -> str:
    """One regex for the context words: whole words, any spacing inside."""
    alternatives = sorted((r"\s+".join(re.escape(part) for part in w.split()) for w in words), key=len, reverse=True)
    return r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)"


def regex_rule(spec: PatternSpec) -> RegexRule:
    """The `RegexRule` of a regex pattern.

    spec (PatternSpec): a pattern with `regex`.
    RETURNS (RegexRule): the rule (context required through `context_required`).
    """
    assert spec.regex is not None
    kwargs: Dict[str, Any] = {}
    if spec.context:
        # A context word labels the match; `context_required` fails every other
        # match, and `unconfirmed="drop"` drops it.
        kwargs.update(
            label_if_context={context_regex(spec.context): spec.label},
            context_chars=spec.context_chars,
            confirm=("context_required",),
            unconfirmed="drop",
        )
    return RegexRule(
        id=spec.rule_id,
        label=spec.label,
        pattern=spec.regex,
        flags="i" if spec.ignore_case else "",
        checks=(VALIDATORS[spec.validator],) if spec.validator else (),
        priority=spec.priority,
        description="site policy pattern",
        **kwargs,
    )


class PolicyPatterns:
    """The patterns of a policy, compiled for `phi_rules`.

    nlp (Language): the pipeline (token patterns need its vocab).
    specs (Sequence[PatternSpec]): the validated patterns.
    """

    def __init__(self, nlp: Language, specs: Sequence[PatternSpec]) -> None:
        self.rules: List[RegexRule] = [regex_rule(s) for s in specs if s.regex is not None]
        self.token_specs: Dict[str, PatternSpec] = {s.rule_id: s for s in specs if s.tokens is not None}
        self.matcher: Optional[Matcher] = None
        self._contexts: Dict[str, "re.Pattern[str]"] = {}
        if self.token_specs:
            self.matcher = Matcher(nlp.vocab, validate=True)
            for rule_id, spec in self.token_specs.items():
                self.matcher.add(rule_id, [[dict(t) for t in spec.tokens or ()]])
                if spec.context:
                    self._contexts[rule_id] = re.compile(context_regex(spec.context), re.IGNORECASE)
        self._priorities = {s.rule_id: s.priority for s in specs}

    def priorities(self) -> Dict[str, int]:
        """{rule id: priority} of every pattern."""
        return dict(self._priorities)

    def token_matches(self, doc: Doc, text: str) -> List[Span]:
        """The token patterns' matches that pass their context and validator.

        doc (Doc): the doc.
        text (str): `doc.text` (built once by the caller).
        RETURNS (List[Span]): spans with label and span id = rule id.
        """
        if self.matcher is None:
            return []
        spans: List[Span] = []
        strings = doc.vocab.strings
        for match_id, start, end in self.matcher(doc):
            rule_id = strings[match_id]
            spec = self.token_specs[rule_id]
            span = Span(doc, start, end, label=spec.label, span_id=rule_id)
            if spec.validator and not CHECKS[VALIDATORS[spec.validator]](span.text):
                continue
            context = self._contexts.get(rule_id)
            if context is not None and not context.search(text, max(0, span.start_char - spec.context_chars), span.start_char):
                continue
            spans.append(span)
        return spans
