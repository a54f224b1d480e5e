"""The `phi_known` pipeline component: finds identifiers the caller already
knows (the patient's names, MRN, address, phone, relatives, providers) in the
note, with their variants, and writes them to `doc.spans["phi_known"]`.

Where known identifiers come from, per doc (all are used):
- `doc.user_data["phi_known"]`: set it on a Doc before running the pipeline
  (`doc = nlp.make_doc(text); doc.user_data["phi_known"] = {...}; nlp(doc)`),
  what `spacy-phi deid` does; it survives `nlp.pipe(n_process=...)`;
- the context of `nlp.pipe(((text, {"phi_known": {...}}), ...), as_tuples=True)`;
- `entries` given to `initialize` or `add_entries`: identifiers known for
  every note (e.g. the clinicians of a unit). They are saved with the
  pipeline, so they are PHI inside the model folder: share such a model only
  where that is allowed.

The shape is {"LABEL": ["value", ...]} or [{"text": ..., "label": ...}].
Values never appear in logs or error messages.
"""

# No `from __future__ import annotations`: spaCy validates initialize()'s
# signature with pydantic, which needs real type objects.

import re
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from spacy import util
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc, Span
from spacy.training import Example

from .._logging import logger
from ..config_checks import check_labels
from ..doc_keys import KNOWN_PHI_KEY  # also the `as_tuples` context key of per-doc known PHI
from ..labels import LABEL_NAMES
from ..matching_text import matching_text
from ..serialization import JsonStateMixin
from ..spangroups import KNOWN_GROUP
from .variants import VariantPattern, normalize_known, patterns_for


def _compile(patterns: List[VariantPattern]) -> List[Tuple["re.Pattern[str]", str]]:
    """One regex per (label, case mode), longest variants first so the
    alternation prefers "Jane Roe" over "Jane"."""
    grouped: Dict[Tuple[str, bool], List[str]] = {}
    for p in patterns:
        grouped.setdefault((p.label, p.case_sensitive), []).append(p.pattern)
    compiled = []
    for (label, case_sensitive), sources in grouped.items():
        sources = sorted(dict.fromkeys(sources), key=len, reverse=True)
        flags = 0 if case_sensitive else re.IGNORECASE
        compiled.append((re.compile("|".join(f"(?:{s})" for s in sources), flags), label))
    return compiled


def _variant_patterns(entries: List[Tuple[str, str]]) -> List[VariantPattern]:
    """The variant patterns of known values, written as the text they are
    matched on is: in its normalised view (`spacy_phi.matching_text`)."""
    return [p for value, label in entries for p in patterns_for(matching_text(value).text, label)]


class PhiKnown(JsonStateMixin, Pipe):
    """Find caller-supplied identifiers and their variants.

    nlp (Language): the pipeline.
    name (str): the component name.
    spans_key (str): the span group to write.
    """

    def __init__(self, nlp: Language, name: str = "phi_known", *, spans_key: str = KNOWN_GROUP) -> None:
        self.name = name
        self.spans_key = spans_key
        self.entries: List[Tuple[str, str]] = []
        self._static_patterns: List[Tuple["re.Pattern[str]", str]] = []
        # A site policy's `always_phi` terms (`spacy_phi.policy.terms.AlwaysTerms`: `find(doc)`),
        # set by `apply_policy`; not saved with the component (the policy is).
        self.policy_terms: Optional[Any] = None

    def add_entries(self, entries: Any) -> None:
        """Add identifiers known for every note.

        entries: {"LABEL": [values]} or [{"text", "label"}].
        RAISES (ValueError): an unknown label.
        """
        pairs = normalize_known(entries)
        check_labels("phi_known", "entries", dict.fromkeys(label for _, label in pairs))
        self.entries.extend(pairs)
        self._static_patterns = _compile(_variant_patterns(self.entries))

    def initialize(
        self,
        get_examples: Optional[Callable[[], Iterable[Example]]] = None,
        *,
        nlp: Optional[Language] = None,
        entries: Optional[Union[Dict[str, List[str]], List[Dict[str, str]]]] = None,
    ) -> None:
        """Reset and load the identifiers known for every note.

        entries: {"LABEL": [values]} or [{"text", "label"}]; None for none.
        """
        self.entries = []
        self._static_patterns = []
        if entries:
            self.add_entries(entries)

    def known_for(self, doc: Doc) -> List[Tuple[str, str]]:
        """The per-doc known identifiers (user_data and pipe context).

        doc (Doc): the doc.
        RETURNS (List[Tuple[str, str]]): (value, label) pairs; unknown labels dropped.
        """
        pairs = normalize_known(doc.user_data.get(KNOWN_PHI_KEY))
        context = getattr(doc, "_context", None)
        if isinstance(context, dict) and context.get(KNOWN_PHI_KEY) is not None:
            pairs += normalize_known(context[KNOWN_PHI_KEY])
        usable = [(value, label) for value, label in pairs if label in LABEL_NAMES]
        if len(usable) < len(pairs):
            logger.warning("phi_known: %d known identifier(s) with an unknown label ignored", len(pairs) - len(usable))
        return usable

    def find(self, doc: Doc) -> List[Span]:
        """The known identifiers found in a doc, token-aligned, non-overlapping
        (the longest match wins).

        doc (Doc): the doc.
        RETURNS (List[Span]): spans with label and `id_` "known".
        """
        compiled = list(self._static_patterns)
        per_doc = self.known_for(doc)
        if per_doc:
            compiled += _compile(_variant_patterns(per_doc))
        policy_spans: List[Span] = self.policy_terms.find(doc) if self.policy_terms is not None else []
        if not compiled:
            return util.filter_spans(policy_spans)
        found: List[Tuple[int, int, str]] = []
        # Matched on the normalised view (hidden and look-alike characters folded),
        # built once: Doc.text joins every token on each access.
        view = matching_text(doc.text)
        for regex, label in compiled:
            found.extend((m.start(), m.end(), label) for m in regex.finditer(view.text) if m.end() > m.start())
        spans: List[Span] = list(policy_spans)
        for view_start, view_end, label in found:
            start, end = view.original_span(view_start, view_end)
            span = doc.char_span(start, end, label=label, alignment_mode="expand", span_id="known")
            if span is not None and len(span):
                spans.append(span)
        return util.filter_spans(spans)

    def __call__(self, doc: Doc) -> Doc:
        """Write the known identifiers found to `doc.spans[spans_key]`.

        doc (Doc): the doc.
        RETURNS (Doc): the doc.
        """
        error_handler = self.get_error_handler()
        try:
            doc.spans[self.spans_key] = self.find(doc)
        except Exception as e:
            error_handler(self.name, self, [doc], e)
        return doc

    # -- serialization --------------------------------------------------------

    # Saved: the entries only. `spans_key` is the config's (a value given at
    # `spacy.load` wins); a saved copy from earlier versions is ignored.

    def _data(self) -> Dict[str, Any]:
        return {"entries": [{"text": v, "label": lab} for v, lab in self.entries]}

    def _load(self, data: Dict[str, Any]) -> None:
        self.initialize(entries=data.get("entries") or None)


@Language.factory("phi_known", assigns=["doc.spans"], default_config={"spans_key": KNOWN_GROUP})
def make_phi_known(nlp: Language, name: str, spans_key: str) -> PhiKnown:
    """Create a PhiKnown component (the "phi_known" factory).

    nlp (Language): the pipeline.
    name (str): the component name.
    spans_key (str): span group written (default "phi_known").
    RETURNS (PhiKnown): the component.
    """
    return PhiKnown(nlp, name, spans_key=spans_key)
