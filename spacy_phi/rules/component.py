"""The `phi_rules` pipeline component: pattern-based PHI detection.

Two kinds of patterns, both saved with the pipeline:
- regex rules (`RegexRule`, matched on the text, for formats that cross token
  boundaries: phones, dates, e-mails, IDs after a context word); the built-in
  set is in `builtin.py`;
- token and phrase patterns in spaCy's SpanRuler format
  ({"label": ..., "pattern": ..., "id": ...}), for users who prefer them.

Patterns are loaded in `initialize()` (the built-in rules unless
`use_builtin = false`, plus any given there or added with `add_rules` /
`add_patterns`) and saved by `to_disk`, so a loaded pipeline runs exactly the
rules it was saved with; only a `use_builtin` given at `spacy.load` that differs
from the saved pipeline's takes the built-in rules out, or adds them. The
settings (`spans_key`, `use_builtin`, `disabled_rules`) are the config's, so a
value given at `spacy.load` wins. Matches go to `doc.spans["phi_rules"]` (span id = rule
id); `doc.ents` is never touched. `phi_merge` combines them with the NER.
"""

# No `from __future__ import annotations`: spaCy validates initialize()'s
# signature with pydantic, which needs real type objects.

from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import srsly
from spacy import util
from spacy.language import Language
from spacy.pipeline import Pipe, SpanRuler
from spacy.tokens import Doc, Span
from spacy.training import Example
from spacy.util import SimpleFrozenList, ensure_path

from ..config_checks import check_labels
from ..matching_text import matching_text
from ..spangroups import RULES_GROUP
from .builtin import builtin_rules
from .name_patterns import builtin_patterns
from .spanish import LANGUAGE_NEUTRAL_RULES, spanish_rules
from .regex_rules import UNCONFIRMED_SUFFIX, RegexRule, RuleError, find_all, rule_by_id

#: Span-group attribute holding {rule id: priority} for `phi_merge`.
PRIORITY_ATTR = "priority_by_id"
#: Span-group attribute listing the match ids whose shape settles their label
#: (`RegexRule.shape_label`); `phi_merge` keeps those labels over the NER's.
SHAPE_ATTR = "shape_label_ids"
#: Priority of token/phrase patterns that do not give one.
DEFAULT_PATTERN_PRIORITY = 3


class PhiRules(Pipe):
    """Find PHI with regex rules and token/phrase patterns.

    nlp (Language): the pipeline (the SpanRuler needs its vocab).
    name (str): the component name.
    spans_key (str): the span group to write.
    use_builtin (bool): whether `initialize` loads the built-in rules.
    disabled_rules (Sequence[str]): ids of rules to skip (built-in or not).
    """

    def __init__(
        self,
        nlp: Language,
        name: str = "phi_rules",
        *,
        spans_key: str = RULES_GROUP,
        use_builtin: bool = True,
        disabled_rules: Sequence[str] = (),
    ) -> None:
        self.nlp = nlp
        self.name = name
        self.spans_key = spans_key
        self.use_builtin = use_builtin
        self.disabled_rules = set(disabled_rules)
        self.regex_rules: List[RegexRule] = []
        self.pattern_priorities: Dict[str, int] = {}
        self.span_ruler = SpanRuler(nlp, f"{name}_patterns", spans_key=None, annotate_ents=False)
        # A site policy's patterns (`spacy_phi.policy.patterns.PolicyPatterns`), set by
        # `apply_policy`; not saved with the component (the policy is).
        self.policy_patterns: Optional[Any] = None
        # While loading: the `use_builtin` the saved rules were made under.
        self._saved_with_builtin: Optional[bool] = None

    # -- patterns -----------------------------------------------------------

    def add_rules(self, rules: Iterable[Union[RegexRule, Dict[str, Any]]]) -> None:
        """Add regex rules (RegexRule objects or their dict form).

        rules (Iterable[Union[RegexRule, Dict[str, Any]]]): the rules.
        RAISES (RuleError): a rule is invalid or its id is already used.
        """
        new_rules = [r if isinstance(r, RegexRule) else RegexRule.from_dict(r) for r in rules]
        rule_by_id(self.regex_rules + new_rules)  # raises on duplicate ids
        taken = set(self.pattern_priorities)
        for rule in new_rules:
            if rule.id in taken:
                raise RuleError(f"rule id {rule.id} is already used by a token pattern")
        self.regex_rules.extend(new_rules)

    def add_patterns(self, patterns: Iterable[Dict[str, Any]]) -> None:
        """Add token or phrase patterns in SpanRuler format. A pattern may
        carry "priority" (int, default 3); "id" defaults to "pattern_<label>".

        patterns (Iterable[Dict[str, Any]]): the patterns.
        RAISES (ConfigError): a pattern's label is not one of the package's labels.
        """
        clean: List[Dict[str, Any]] = []
        rule_ids = {rule.id for rule in self.regex_rules}
        for pattern in patterns:
            pattern = dict(pattern)
            # As a regex rule's label is checked: an unknown one would reach doc.ents.
            check_labels(self.name, "patterns", [pattern.get("label", "")])
            priority = int(pattern.pop("priority", DEFAULT_PATTERN_PRIORITY))
            pattern.setdefault("id", f"pattern_{pattern.get('label', '')}")
            if pattern["id"] in rule_ids:
                raise RuleError(f"pattern id {pattern['id']} is already used by a regex rule")
            self.pattern_priorities[pattern["id"]] = priority
            clean.append(pattern)
        self.span_ruler.add_patterns(clean)

    @property
    def patterns(self) -> List[Dict[str, Any]]:
        """The token/phrase patterns (SpanRuler format)."""
        return list(self.span_ruler.patterns)

    @property
    def rule_ids(self) -> Tuple[str, ...]:
        """Ids of all regex rules and patterns, in order."""
        return tuple(r.id for r in self.regex_rules) + tuple(self.pattern_priorities)

    def priority_by_id(self) -> Dict[str, int]:
        """{rule or pattern id: priority}, the legend `phi_merge` reads."""
        priorities: Dict[str, int] = {}
        for rule in self.regex_rules:
            priorities.update(rule.priorities())
        priorities.update(self.pattern_priorities)
        if self.policy_patterns is not None:
            priorities.update(self.policy_patterns.priorities())
        return priorities

    def shape_label_ids(self) -> List[str]:
        """Match ids of shape-label rules (unconfirmed matches excluded: a
        card that fails Luhn does not overrule the NER's label)."""
        return sorted(
            match_id
            for rule in self.regex_rules
            if rule.shape_label
            for match_id in rule.match_ids()
            if not match_id.endswith(UNCONFIRMED_SUFFIX)
        )

    def initialize(
        self,
        get_examples: Optional[Callable[[], Iterable[Example]]] = None,
        *,
        nlp: Optional[Language] = None,
        rules: Optional[Sequence[Dict[str, Any]]] = None,
        patterns: Optional[Sequence[Dict[str, Any]]] = None,
    ) -> None:
        """Load the rules: the built-in ones (if `use_builtin`; for a Spanish
        pipeline the Spanish rules of `spanish.py` and the language-neutral
        built-ins), then `rules`
        and `patterns` (e.g. from the [initialize.components] config block).
        Resets any rules loaded before.

        get_examples (Optional[Callable]): unused.
        nlp (Optional[Language]): unused.
        rules (Optional[Sequence[Dict[str, Any]]]): extra regex rules (dict form).
        patterns (Optional[Sequence[Dict[str, Any]]]): extra SpanRuler patterns.
        """
        self.clear()
        if self.use_builtin:
            builtin, patterns_builtin = self._builtin_set()
            self.add_rules(builtin)
            self.add_patterns(patterns_builtin)
        if rules:
            self.add_rules(rules)
        if patterns:
            self.add_patterns(patterns)

    def _builtin_set(self) -> Tuple[List[RegexRule], List[Dict[str, Any]]]:
        """The built-in regex rules and token patterns for the pipeline's language."""
        if self.nlp.lang == "es":
            # Spanish: the Spanish rules and the language-neutral built-ins (e-mail,
            # URL, IP); the English name, date and ID rules would misread Spanish text.
            return [r for r in builtin_rules() if r.id in LANGUAGE_NEUTRAL_RULES] + spanish_rules(), []
        return builtin_rules(), builtin_patterns()

    def clear(self) -> None:
        """Remove every rule and pattern."""
        self.regex_rules = []
        self.pattern_priorities = {}
        self.span_ruler.clear()

    # -- processing ---------------------------------------------------------

    def find(self, doc: Doc) -> List[Span]:
        """The rule matches of a doc, token-aligned, one span per extent (the
        highest-priority rule wins on identical extents; overlapping extents
        are all kept for `phi_merge`). Regex rules match on the normalised view
        of the text (`spacy_phi.matching_text`), the spans index the doc's text.

        doc (Doc): the doc.
        RETURNS (List[Span]): spans with label and `id_` = rule id, sorted.
        """
        priorities = self.priority_by_id()
        best: Dict[Tuple[int, int], Span] = {}
        candidates: List[Span] = []
        # The rules match on the normalised view (hidden and look-alike characters
        # folded); each match is mapped back to the doc's own offsets.
        text = doc.text
        view = matching_text(text)
        rules = self.regex_rules if self.policy_patterns is None else self.regex_rules + self.policy_patterns.rules
        for view_start, view_end, label, match_id, rule in find_all(rules, view.text):
            if rule.id in self.disabled_rules:
                continue
            start, end = view.original_span(view_start, view_end)
            # "expand": a value glued to a word the tokenizer did not split
            # keeps the whole token (over-covering beats leaking).
            span = doc.char_span(start, end, label=label, alignment_mode="expand", span_id=match_id)
            if span is not None and len(span):
                candidates.append(span)
        if self.span_ruler.patterns:
            candidates.extend(s for s in self.span_ruler.match(doc) if s.id_ not in self.disabled_rules)
        if self.policy_patterns is not None:
            candidates.extend(self.policy_patterns.token_matches(doc, text))
        for span in candidates:
            key = (span.start, span.end)
            kept = best.get(key)
            if kept is None or priorities.get(span.id_, 0) > priorities.get(kept.id_, 0):
                best[key] = span
        return sorted(best.values())

    def __call__(self, doc: Doc) -> Doc:
        """Write the rule matches to `doc.spans[spans_key]`.

        doc (Doc): the doc.
        RETURNS (Doc): the doc.
        """
        error_handler = self.get_error_handler()
        try:
            doc.spans[self.spans_key] = self.find(doc)
            doc.spans[self.spans_key].attrs[PRIORITY_ATTR] = self.priority_by_id()
            doc.spans[self.spans_key].attrs[SHAPE_ATTR] = self.shape_label_ids()
        except Exception as e:
            error_handler(self.name, self, [doc], e)
        return doc

    # -- serialization --------------------------------------------------------

    # The settings are factory arguments: the config holds them, so one given at
    # `spacy.load` wins. Saved here is what the config cannot express: the rules,
    # the patterns and their priorities, and the `use_builtin` the saved rules were
    # made under, so that a different `use_builtin` given at load time can take the
    # built-in rules out of the saved ones, or add them.

    def _serialized_cfg(self) -> Dict[str, Any]:
        # spans_key and disabled_rules are written for earlier versions of the
        # package only, which read them; this one does not.
        return {
            "spans_key": self.spans_key,
            "use_builtin": self.use_builtin,
            "disabled_rules": sorted(self.disabled_rules),
            "pattern_priorities": self.pattern_priorities,
        }

    def _load_cfg(self, cfg: Dict[str, Any]) -> None:
        # Of the saved settings only `use_builtin` is read, as what the saved
        # rules were made under; the others are the config's.
        self._saved_with_builtin = bool(cfg.get("use_builtin", self.use_builtin))
        self.pattern_priorities = {k: int(v) for k, v in cfg.get("pattern_priorities", {}).items()}

    def _apply_use_builtin(self) -> None:
        """Take the built-in rules out, or add them, when the config's
        `use_builtin` differs from the one the loaded rules were made under."""
        saved_with_builtin, self._saved_with_builtin = self._saved_with_builtin, None
        if saved_with_builtin is None or saved_with_builtin == self.use_builtin:
            return
        builtin, patterns_builtin = self._builtin_set()
        own_rules = self.regex_rules
        own_patterns = [{**p, "priority": self.pattern_priorities.get(p.get("id", ""), DEFAULT_PATTERN_PRIORITY)}
                        for p in self.patterns]
        if self.use_builtin:
            taken = {r.id for r in own_rules} | {p.get("id") for p in own_patterns}
            self.clear()
            self.add_rules(r for r in builtin if r.id not in taken)
            self.add_patterns(p for p in patterns_builtin if p.get("id") not in taken)
            self.add_rules(own_rules)
            self.add_patterns(own_patterns)
        else:
            builtin_ids = {r.id for r in builtin} | {p.get("id") for p in patterns_builtin}
            self.clear()
            self.add_rules(r for r in own_rules if r.id not in builtin_ids)
            self.add_patterns(p for p in own_patterns if p.get("id") not in builtin_ids)

    def _load_rules(self, data: List[Dict[str, Any]]) -> None:
        self.regex_rules = []
        self.add_rules(data)

    def _load_patterns(self, patterns: List[Dict[str, Any]]) -> None:
        priorities = dict(self.pattern_priorities)
        self.span_ruler.clear()
        self.pattern_priorities = {}
        self.add_patterns({**p, "priority": priorities.get(p.get("id", ""), DEFAULT_PATTERN_PRIORITY)} for p in patterns)

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Serialize the rules and patterns (the settings are the config's)."""
        serializers = {
            "cfg": lambda: srsly.json_dumps(self._serialized_cfg()),
            "rules": lambda: srsly.json_dumps([r.to_dict() for r in self.regex_rules]),
            "patterns": lambda: srsly.json_dumps(self.patterns),
        }
        return util.to_bytes(serializers, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiRules":
        """Load rules and patterns from bytes."""
        deserializers = {
            "cfg": lambda b: self._load_cfg(srsly.json_loads(b)),
            "rules": lambda b: self._load_rules(srsly.json_loads(b)),
            "patterns": lambda b: self._load_patterns(srsly.json_loads(b)),
        }
        util.from_bytes(bytes_data, deserializers, exclude)
        self._apply_use_builtin()
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """Save to a directory: cfg.json, rules.jsonl, patterns.jsonl."""
        path = ensure_path(path)
        serializers = {
            "cfg": lambda p: srsly.write_json(p.with_suffix(".json"), self._serialized_cfg()),
            "rules": lambda p: srsly.write_jsonl(p.with_suffix(".jsonl"), [r.to_dict() for r in self.regex_rules]),
            "patterns": lambda p: srsly.write_jsonl(p.with_suffix(".jsonl"), self.patterns),
        }
        util.to_disk(path, serializers, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiRules":
        """Load from a directory written by `to_disk`."""
        path = ensure_path(path)
        deserializers = {
            "cfg": lambda p: self._load_cfg(srsly.read_json(p.with_suffix(".json"))),
            "rules": lambda p: self._load_rules(list(srsly.read_jsonl(p.with_suffix(".jsonl")))),
            "patterns": lambda p: self._load_patterns(list(srsly.read_jsonl(p.with_suffix(".jsonl")))),
        }
        util.from_disk(path, deserializers, exclude)
        self._apply_use_builtin()
        return self


@Language.factory(
    "phi_rules",
    assigns=["doc.spans"],
    default_config={"spans_key": RULES_GROUP, "use_builtin": True, "disabled_rules": []},
)
def make_phi_rules(
    nlp: Language,
    name: str,
    spans_key: str,
    use_builtin: bool,
    disabled_rules: List[str],
) -> PhiRules:
    """Create a PhiRules component (the "phi_rules" factory).

    nlp (Language): the pipeline.
    name (str): the component name.
    spans_key (str): span group written (default "phi_rules").
    use_builtin (bool): load the built-in rules in `initialize`.
    disabled_rules (List[str]): rule ids to skip.
    RETURNS (PhiRules): the component.
    """
    return PhiRules(nlp, name, spans_key=spans_key, use_builtin=use_builtin, disabled_rules=disabled_rules)
