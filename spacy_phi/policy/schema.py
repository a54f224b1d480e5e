"""The policy file: its fields, their checks, and the `Policy` object every
entry point uses (docs/policy.md documents each field for users).

    version: 1
    name: Riverside limited data set
    preset: limited_data_set          # safe_harbor | limited_data_set | tag_only | redact
    actions: {PROFESSION: keep, MEDICALRECORD: hash}
    never_phi:
      - terms: [HO, Epic]             # every label
      - regex: "4 ?West"
        labels: [HOSPITAL, DEPARTMENT]
    always_phi:
      - label: HOSPITAL
        terms: [Riverside Medical Center]
      - roster: staff.csv             # CSV with a header; relative to this file
        column: name
        label: DOCTOR
    patterns:
      - id: site_mrn
        label: MEDICALRECORD
        regex: '\\bRMC-\\d{7}\\b'
        context: [MRN, record]
        validator: luhn

Everything is checked when the policy is loaded, before any note is read;
an error names the file and line (`PolicyError`). Roster values are PHI and
never appear in a message.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ..labels import LABEL_NAMES
from .errors import PolicyError
from .patterns import DEFAULT_CONTEXT_CHARS, DEFAULT_PRIORITY, VALIDATORS, PatternSpec
from .presets import ACTIONS, DEFAULT_PRESET, PRESETS, preset_actions
from .regex_safety import regex_problem
from .terms import normalize_term
from .yaml_lines import LineDict, LineList, parse_yaml

#: The version of the policy format this code reads.
POLICY_VERSION = 1
_TOP_KEYS = ("version", "name", "description", "preset", "actions", "never_phi", "always_phi", "patterns")
_NEVER_KEYS = ("terms", "regex", "regexes", "labels")
_ALWAYS_KEYS = ("label", "terms", "roster", "column", "label_column", "delimiter")
_PATTERN_KEYS = ("id", "label", "regex", "tokens", "ignore_case", "context", "context_chars", "priority",
                 "validator", "description")
_PRIORITY_RANGE = (0, 9)
_CONTEXT_CHARS_RANGE = (1, 200)
_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_-.")


@dataclass(frozen=True)
class NeverPhi:
    """A `never_phi` entry: normalized terms and regexes, for some labels (none: all)."""

    terms: Tuple[str, ...] = ()
    regexes: Tuple[str, ...] = ()
    labels: Tuple[str, ...] = ()


@dataclass(frozen=True)
class Policy:
    """A site's de-identification policy, validated and resolved (rosters read).

    name (str): a name for people (shown in the run summary).
    preset (str): one of `PRESETS`.
    actions (Dict[str, str]): actions given label by label (over the preset's).
    never_phi (Tuple[NeverPhi, ...]): what is never PHI.
    always_phi (Tuple[Tuple[str, str], ...]): (term, label) pairs always PHI.
    patterns (Tuple[PatternSpec, ...]): the site's own patterns.
    source (str): where it was read from (not part of the content hash).
    """

    name: str = ""
    preset: str = DEFAULT_PRESET
    actions: Dict[str, str] = field(default_factory=dict)
    never_phi: Tuple[NeverPhi, ...] = ()
    always_phi: Tuple[Tuple[str, str], ...] = ()
    patterns: Tuple[PatternSpec, ...] = ()
    source: str = "<default>"

    def label_actions(self) -> Dict[str, str]:
        """The action of each label the policy sets: the preset's, then `actions`.
        A label left out keeps the pipeline's own mode."""
        return {**preset_actions(self.preset), **self.actions}

    @property
    def is_default(self) -> bool:
        """Whether the policy changes nothing (safe_harbor, no lists, no patterns)."""
        return not (self.label_actions() or self.never_phi or self.always_phi or self.patterns)

    def to_dict(self) -> Dict[str, Any]:
        """The resolved policy as data (the roster's rows as terms): what is
        saved with a pipeline and hashed; `load_policy` reads it back."""
        always: Dict[str, List[str]] = {}
        for term, label in self.always_phi:
            always.setdefault(label, []).append(term)
        return {
            "version": POLICY_VERSION,
            "name": self.name,
            "preset": self.preset,
            "actions": dict(sorted(self.actions.items())),
            "never_phi": [
                {"terms": list(e.terms), "regexes": list(e.regexes), "labels": list(e.labels)} for e in self.never_phi
            ],
            "always_phi": [{"label": label, "terms": terms} for label, terms in always.items()],
            "patterns": [p.to_dict() for p in self.patterns],
        }

    @property
    def content_hash(self) -> str:
        """"sha256:<hex>" of the resolved content: the same rules and lists give
        the same hash whatever the comments, order of keys or file name."""
        canonical = json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(canonical.encode("utf8")).hexdigest()

    def summary(self) -> Dict[str, Any]:
        """What a run summary records of the policy (no roster values)."""
        return {
            "name": self.name,
            "source": self.source,
            "content_hash": self.content_hash,
            "preset": self.preset,
            "label_actions": dict(sorted(self.label_actions().items())),
            "never_phi_entries": len(self.never_phi),
            "always_phi_terms": len(self.always_phi),
            "patterns": len(self.patterns),
        }


PolicyLike = Union[Policy, str, Path, Mapping[str, Any], None]


def load_policy(policy: PolicyLike = None) -> Policy:
    """A checked `Policy` from a file path, YAML text, a dict, or a Policy.

    policy (PolicyLike): a Path or a path string (".yaml", ".yml", ".json"
        or any file), YAML text (a string with a line break or starting with
        "{"), a dict of the same fields (`Policy.to_dict`), a Policy (returned
        as it is), or None for the default policy (safe_harbor).
    RETURNS (Policy): the policy.
    RAISES (PolicyError): unreadable or invalid; the message names the line.
    """
    if policy is None:
        return Policy()
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, Mapping):
        return parse_policy(policy, "<policy>", Path.cwd())
    text = str(policy)
    if isinstance(policy, str) and ("\n" in text or text.lstrip().startswith("{")):
        return parse_policy(parse_yaml(text, "<policy>"), "<policy>", Path.cwd())
    path = Path(text).expanduser()
    try:
        content = path.read_text(encoding="utf8")
    except FileNotFoundError:
        raise PolicyError("no such policy file", str(path)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise PolicyError(f"cannot read the policy file ({getattr(err, 'strerror', None) or type(err).__name__})",
                          str(path)) from None
    return parse_policy(parse_yaml(content, str(path)), str(path), path.parent)


# -- checking -------------------------------------------------------------------------


class _Reader:
    """Checks of one policy document; `fail` raises with the line."""

    def __init__(self, source: str, base_dir: Path) -> None:
        self.source = source
        self.base_dir = base_dir

    def fail(self, problem: str, line: Optional[int]) -> PolicyError:
        return PolicyError(problem, self.source, line)

    @staticmethod
    def line(container: Any, key: Any = None) -> Optional[int]:
        if isinstance(container, (LineDict, LineList)):
            return container.line_of(key) if key is not None else container.line
        return None

    def mapping(self, value: Any, what: str, line: Optional[int], keys: Sequence[str]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(f"{what} must be a mapping of fields", line)
        for key in value:
            if key not in keys:
                raise self.fail(f"unknown field {key!r} in {what}; expected one of {', '.join(keys)}",
                                self.line(value, key))
        return value

    def items(self, value: Any, what: str, line: Optional[int]) -> List[Tuple[Any, Optional[int]]]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list", line)
        return [(item, self.line(value, i) or line) for i, item in enumerate(value)]

    def text(self, value: Any, what: str, line: Optional[int], *, empty: bool = False) -> str:
        if not isinstance(value, str) or (not empty and not value.strip()):
            raise self.fail(f"{what} must be {'text' if empty else 'non-empty text'}", line)
        return value

    def texts(self, value: Any, what: str, line: Optional[int]) -> List[str]:
        if isinstance(value, str):
            value = [value]
        return [self.text(v, f"each of {what}", l) for v, l in self.items(value, what, line)]

    def label(self, value: Any, line: Optional[int]) -> str:
        if not isinstance(value, str) or value not in LABEL_NAMES:
            shown = value if isinstance(value, str) and len(value) < 40 else type(value).__name__
            raise self.fail(f"unknown label {shown!r}; expected one of {', '.join(LABEL_NAMES)}", line)
        return value

    def integer(self, value: Any, what: str, line: Optional[int], bounds: Tuple[int, int]) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not bounds[0] <= value <= bounds[1]:
            raise self.fail(f"{what} must be a whole number from {bounds[0]} to {bounds[1]}", line)
        return value

    def regex(self, value: Any, what: str, line: Optional[int], flags: int = 0) -> str:
        pattern = self.text(value, what, line)
        problem = regex_problem(pattern, flags)
        if problem:
            raise self.fail(f"{what}: {problem}", line)
        return pattern


def parse_policy(document: Any, source: str = "<policy>", base_dir: Optional[Path] = None) -> Policy:
    """Check a parsed policy document and resolve it (rosters read).

    document (Any): the parsed file (`parse_yaml`) or a plain dict.
    source (str): the file name, for messages.
    base_dir (Optional[Path]): where roster paths are relative to (default: cwd).
    RETURNS (Policy): the policy.
    RAISES (PolicyError): the first problem, with its line.
    """
    r = _Reader(source, base_dir or Path.cwd())
    if document is None:
        document = {}
    top = r.mapping(document, "the policy", r.line(document), _TOP_KEYS)
    if "version" in top and top["version"] != POLICY_VERSION:
        raise r.fail(f"unsupported version {top['version']!r}; this spacy_phi reads version {POLICY_VERSION}",
                     r.line(top, "version"))
    name = r.text(top.get("name", ""), "name", r.line(top, "name"), empty=True)
    if "description" in top:
        r.text(top["description"], "description", r.line(top, "description"), empty=True)
    preset = top.get("preset", DEFAULT_PRESET)
    if preset not in PRESETS:
        shown = preset if isinstance(preset, str) else type(preset).__name__
        raise r.fail(f"unknown preset {shown!r}; expected one of {', '.join(PRESETS)}", r.line(top, "preset"))
    actions = _actions(r, top.get("actions"), r.line(top, "actions"))
    never = _never_phi(r, top.get("never_phi"), r.line(top, "never_phi"))
    always = _always_phi(r, top.get("always_phi"), r.line(top, "always_phi"))
    patterns = _patterns(r, top.get("patterns"), r.line(top, "patterns"))
    _check_conflicts(r, never, always, r.line(top, "always_phi"))
    return Policy(name=name, preset=preset, actions=actions, never_phi=never, always_phi=always,
                  patterns=patterns, source=source)


def _actions(r: _Reader, value: Any, line: Optional[int]) -> Dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise r.fail("actions must map labels to actions", line)
    actions: Dict[str, str] = {}
    for label, action in value.items():
        key_line = r.line(value, label) or line
        r.label(label, key_line)
        if action not in ACTIONS:
            shown = action if isinstance(action, str) else type(action).__name__
            raise r.fail(f"unknown action {shown!r} for {label}; expected one of {', '.join(ACTIONS)}", key_line)
        actions[label] = action
    return actions


def _never_phi(r: _Reader, value: Any, line: Optional[int]) -> Tuple[NeverPhi, ...]:
    entries = []
    for item, item_line in r.items(value, "never_phi", line):
        entry = r.mapping(item, "a never_phi entry", item_line, _NEVER_KEYS)
        terms = [normalize_term(t) for t in r.texts(entry.get("terms"), "terms", r.line(entry, "terms") or item_line)]
        if any(not t for t in terms):
            raise r.fail("a never_phi term is only punctuation or spaces", r.line(entry, "terms") or item_line)
        regexes = []
        for key in ("regex", "regexes"):
            key_line = r.line(entry, key) or item_line
            for pattern in r.texts(entry.get(key), key, key_line):
                regexes.append(r.regex(pattern, "never_phi regex", key_line, flags=re.IGNORECASE))
        if not terms and not regexes:
            raise r.fail("a never_phi entry needs terms or a regex", item_line)
        labels_line = r.line(entry, "labels") or item_line
        labels = tuple(r.label(l, labels_line) for l in r.texts(entry.get("labels"), "labels", labels_line))
        entries.append(NeverPhi(tuple(dict.fromkeys(terms)), tuple(regexes), labels))
    return tuple(entries)


def _always_phi(r: _Reader, value: Any, line: Optional[int]) -> Tuple[Tuple[str, str], ...]:
    pairs: List[Tuple[str, str]] = []
    for item, item_line in r.items(value, "always_phi", line):
        entry = r.mapping(item, "an always_phi entry", item_line, _ALWAYS_KEYS)
        label = r.label(entry["label"], r.line(entry, "label")) if "label" in entry else None
        if "roster" in entry:
            if "terms" in entry:
                raise r.fail("an always_phi entry has terms or a roster, not both", item_line)
            pairs.extend(_roster(r, entry, label, item_line))
            continue
        for key in ("column", "label_column", "delimiter"):
            if key in entry:
                raise r.fail(f"{key} is a field of a roster entry", r.line(entry, key))
        if label is None:
            raise r.fail("an always_phi entry with terms needs a label", item_line)
        terms = r.texts(entry.get("terms"), "terms", r.line(entry, "terms") or item_line)
        if not terms:
            raise r.fail("an always_phi entry needs terms or a roster", item_line)
        pairs.extend((t.strip(), label) for t in terms)
    return tuple(dict.fromkeys(pairs))


def _roster(r: _Reader, entry: Mapping[str, Any], label: Optional[str], item_line: Optional[int]) -> Iterable[Tuple[str, str]]:
    """The (term, label) rows of a roster CSV (header row first)."""
    roster_line = r.line(entry, "roster") or item_line
    path = Path(r.text(entry["roster"], "roster", roster_line)).expanduser()
    if not path.is_absolute():
        path = r.base_dir / path
    column = r.text(entry.get("column", "text"), "column", r.line(entry, "column") or item_line)
    label_column = r.text(entry.get("label_column", "label"), "label_column", r.line(entry, "label_column") or item_line)
    delimiter = r.text(entry.get("delimiter", ","), "delimiter", r.line(entry, "delimiter") or item_line)
    if len(delimiter) != 1:
        raise r.fail("delimiter must be one character", r.line(entry, "delimiter"))
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.DictReader(handle, delimiter=delimiter))
            header = rows[0].keys() if rows else []
    except FileNotFoundError:
        raise r.fail(f"no roster file {str(path)!r}", roster_line) from None
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise r.fail(f"cannot read the roster {str(path)!r} ({type(err).__name__})", roster_line) from None
    if not rows:
        raise r.fail(f"the roster {str(path)!r} has no rows", roster_line)
    if column not in header:
        raise r.fail(f"the roster {str(path)!r} has no column {column!r}", roster_line)
    if label is None and label_column not in header:
        raise r.fail(f"the roster {str(path)!r} has no column {label_column!r}; give a label", roster_line)
    pairs = []
    for number, row in enumerate(rows, start=2):
        term = (row.get(column) or "").strip()
        if not term:
            continue
        row_label = label or (row.get(label_column) or "").strip()
        if row_label not in LABEL_NAMES:
            # The row number only: the row holds PHI.
            raise r.fail(f"row {number} of the roster {str(path)!r} has an unknown label", roster_line)
        pairs.append((term, row_label))
    return pairs


def _patterns(r: _Reader, value: Any, line: Optional[int]) -> Tuple[PatternSpec, ...]:
    specs: List[PatternSpec] = []
    seen: Dict[str, Optional[int]] = {}
    for item, item_line in r.items(value, "patterns", line):
        entry = r.mapping(item, "a pattern", item_line, _PATTERN_KEYS)
        at = lambda key: r.line(entry, key) or item_line  # noqa: E731
        if "id" not in entry or "label" not in entry:
            raise r.fail("a pattern needs an id and a label", item_line)
        pattern_id = r.text(entry["id"], "id", at("id"))
        if not set(pattern_id.lower()) <= _ID_CHARS:
            raise r.fail("a pattern id uses letters, digits, '_', '-' and '.' only", at("id"))
        if pattern_id in seen:
            raise r.fail(f"pattern id {pattern_id!r} is used twice (first on line {seen[pattern_id]})", at("id"))
        seen[pattern_id] = at("id")
        label = r.label(entry["label"], at("label"))
        if ("regex" in entry) == ("tokens" in entry):
            raise r.fail("a pattern has either regex or tokens", item_line)
        ignore_case = entry.get("ignore_case", False)
        if not isinstance(ignore_case, bool):
            raise r.fail("ignore_case must be true or false", at("ignore_case"))
        regex = tokens = None
        if "regex" in entry:
            regex = r.regex(entry["regex"], "regex", at("regex"), flags=re.IGNORECASE if ignore_case else 0)
        else:
            if ignore_case:
                raise r.fail("ignore_case is for regex patterns; token patterns use LOWER", at("ignore_case"))
            tokens = _tokens(r, entry["tokens"], at("tokens"))
        context = tuple(r.texts(entry.get("context"), "context", at("context")))
        context_chars = r.integer(entry.get("context_chars", DEFAULT_CONTEXT_CHARS), "context_chars",
                                  at("context_chars"), _CONTEXT_CHARS_RANGE)
        priority = r.integer(entry.get("priority", DEFAULT_PRIORITY), "priority", at("priority"), _PRIORITY_RANGE)
        validator = entry.get("validator")
        if validator is not None and validator not in VALIDATORS:
            shown = validator if isinstance(validator, str) else type(validator).__name__
            raise r.fail(f"unknown validator {shown!r}; expected one of {', '.join(VALIDATORS)}", at("validator"))
        if "description" in entry:
            r.text(entry["description"], "description", at("description"), empty=True)
        specs.append(PatternSpec(pattern_id, label, regex, tokens, ignore_case, context, context_chars, priority,
                                 validator))
    return tuple(specs)


def _tokens(r: _Reader, value: Any, line: Optional[int]) -> Tuple[Dict[str, Any], ...]:
    """A spaCy Matcher pattern, checked by spaCy's own validator."""
    from spacy.errors import MatchPatternError
    from spacy.matcher import Matcher
    from spacy.vocab import Vocab

    if not isinstance(value, list) or not value or not all(isinstance(t, Mapping) for t in value):
        raise r.fail("tokens must be a non-empty list of token patterns ({TEXT: ...}, {LOWER: ...}, ...)", line)
    tokens = tuple(_plain(t) for t in value)
    if all(t.get("OP") in ("?", "*") for t in tokens):
        raise r.fail("the token pattern can match nothing (every token is optional)", line)
    try:
        Matcher(Vocab(), validate=True).add("check", [list(tokens)])
    except (MatchPatternError, ValueError, KeyError, TypeError) as err:
        first = str(err).strip().splitlines()
        raise r.fail(f"invalid token pattern ({first[-1].strip() if first else type(err).__name__})", line) from None
    return tokens


def _plain(value: Any) -> Any:
    """Plain dicts and lists (no line bookkeeping) for spaCy and JSON."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _check_conflicts(r: _Reader, never: Sequence[NeverPhi], always: Sequence[Tuple[str, str]], line: Optional[int]) -> None:
    """A term both never and always PHI for the same label is a contradiction."""
    for entry in never:
        labels = set(entry.labels)
        terms = set(entry.terms)
        for term, label in always:
            if (not labels or label in labels) and normalize_term(term) in terms:
                # Not quoted: an always_phi term may come from a roster (PHI).
                raise r.fail(f"an always_phi {label} term is also listed in never_phi", line)
