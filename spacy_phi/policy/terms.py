"""The word lists of a policy at work: `never_phi` (the guard's allow list)
and `always_phi` (known PHI found wherever it occurs).

- `AllowList.allows(text, label)`: a span is never PHI when its whole text,
  normalized (case, spacing, outer punctuation), is a listed term, or a listed
  regex matches all of it (case-insensitively); an entry may be limited to
  some labels. `phi_guard` vetoes such spans with reason "policy:allow".
- `AlwaysTerms.find(doc)`: every occurrence of a listed term, matched
  case-insensitively on whole tokens (a spaCy PhraseMatcher on the lower-case
  form: fast for rosters of many thousand names), as spans of its label with
  span id `ALWAYS_SPAN_ID`; `phi_known` adds them to its group and
  `phi_guard` never vetoes them.
"""

from __future__ import annotations

import re
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span

from ..spangroups import POLICY_ALWAYS_ID as ALWAYS_SPAN_ID
from ..surrogates.keys import normalize_value


def normalize_term(text: str) -> str:
    """The form terms and span texts are compared in."""
    return normalize_value(text)


class AllowList:
    """The `never_phi` entries, ready to test spans.

    entries: (terms, regexes, labels) triples; empty labels: every label.
    """

    def __init__(self, entries: Iterable[Tuple[Sequence[str], Sequence[str], Sequence[str]]]) -> None:
        self._terms: Dict[Optional[str], set] = {}
        self._regexes: Dict[Optional[str], List["re.Pattern[str]"]] = {}
        for terms, regexes, labels in entries:
            for label in labels or (None,):
                self._terms.setdefault(label, set()).update(normalize_term(t) for t in terms)
                self._regexes.setdefault(label, []).extend(re.compile(r, re.IGNORECASE) for r in regexes)

    def __bool__(self) -> bool:
        return any(self._terms.values()) or any(self._regexes.values())

    def allows(self, text: str, label: str) -> bool:
        """Whether a span of this text and label is never PHI.

        text (str): the span's text.
        label (str): its label.
        RETURNS (bool): True when the policy lists it.
        """
        term = normalize_term(text)
        stripped = text.strip()
        for key in (None, label):
            if term in self._terms.get(key, ()):
                return True
            if any(r.fullmatch(stripped) or r.fullmatch(term) for r in self._regexes.get(key, ())):
                return True
        return False


class AlwaysTerms:
    """The `always_phi` terms as a phrase matcher on lower-case tokens.

    nlp (Language): the pipeline (its tokenizer splits the terms as it splits notes).
    pairs (Iterable[Tuple[str, str]]): (term, label).
    """

    def __init__(self, nlp: Language, pairs: Iterable[Tuple[str, str]]) -> None:
        self.matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        by_label: Dict[str, List[str]] = {}
        for term, label in pairs:
            by_label.setdefault(label, []).append(term)
        self.labels: Dict[int, str] = {}
        for label, terms in by_label.items():
            docs = [d for d in nlp.tokenizer.pipe(dict.fromkeys(terms)) if len(d)]
            if docs:
                self.matcher.add(label, docs)
                self.labels[nlp.vocab.strings[label]] = label
        self.size = sum(len(v) for v in by_label.values())

    def find(self, doc: Doc) -> List[Span]:
        """The occurrences of the terms in a doc (overlapping ones included).

        doc (Doc): the doc.
        RETURNS (List[Span]): spans with label and span id `ALWAYS_SPAN_ID`.
        """
        return [
            Span(doc, start, end, label=self.labels[match_id], span_id=ALWAYS_SPAN_ID)
            for match_id, start, end in self.matcher(doc)
        ]

