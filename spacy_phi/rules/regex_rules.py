"""Regular-expression PHI rules: a rule is data (id, label, pattern, checks),
so built-in and user rules are handled, saved and loaded the same way.

A rule's pattern is matched on the whole note text. If it has a named group
`value`, only that group is the PHI (the rest is context: "MRN: 0937884" gives
"0937884"). The match is then snapped to token boundaries by the component.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Tuple

from .. import checksums
from ..errors import SpacyPhiError
from ..labels import LABEL_NAMES, SAFE_HARBOR_AGE_LIMIT
from ..lexicon import gazetteers
from ..lexicon.clinical_numbers import alphanumeric_reading
from ..lexicon.common_words import FUNCTION_WORDS, SPOKEN_WORDS
from ..lexicon.person_words import NOT_NAME_AFTER_RELATIVE
from ..lexicon.vocabulary import default_vocabulary
from ..lexicon.word_usage import written_in_lower_case
from . import care_places, name_patterns
from .regex_speed import compile_guarded

#: Regex flags a rule may name.
#: Appended to the rule id of a match whose label no context word decided.
NO_CONTEXT_SUFFIX = ":no_context"
#: Appended to the rule id of a match that failed its `confirm` validators.
UNCONFIRMED_SUFFIX = ":unconfirmed"
#: Priority of an unconfirmed match that `unconfirmed="keep"` keeps.
DEFAULT_UNCONFIRMED_PRIORITY = 1
_FLAG_VALUES = {"i": re.IGNORECASE, "m": re.MULTILINE, "x": re.VERBOSE}


class RuleError(SpacyPhiError):
    """A rule definition is invalid (bad regex, unknown label or check)."""


def _check_age_over_limit(value: str) -> bool:
    digits = re.match(r"\d+", value)
    return bool(digits) and SAFE_HARBOR_AGE_LIMIT < int(digits.group()) < 130


def _check_has_digits(value: str) -> bool:
    return sum(c.isdigit() for c in value) >= 3


def _check_id_shape(value: str) -> bool:
    """Mixed letters and digits that look like a code, not a lab or drug name."""
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    return digits >= 4 and letters >= 1 and len(value) >= 6


def _check_numeric_date(value: str) -> bool:
    """Month and day valid in either order (US m/d or European d/m)."""
    nums = [int(n) for n in re.findall(r"\d+", value)]
    if len(nums) < 2:
        return False
    first, second = nums[0], nums[1]
    return (1 <= first <= 12 and 1 <= second <= 31) or (1 <= first <= 31 and 1 <= second <= 12)


def _check_phone_digits(value: str) -> bool:
    """7 to 15 digits: the length of a phone number with or without country code."""
    return 7 <= sum(c.isdigit() for c in value) <= 15


def _check_not_military_time(value: str) -> bool:
    """A 4-digit year that cannot be a 24-hour time (minutes above 59)."""
    return len(value) == 4 and value.isdigit() and int(value[2:]) > 59


def _check_not_common_word(value: str) -> bool:
    """No word of the value is an ordinary word of the shipped `phi_guard`
    vocabulary (common English word, drug, clinical abbreviation): "agnieszka"
    passes, "aware", "has", "prn" and "lasix" do not, nor a verb that follows a
    relative ("said", "made": `NOT_NAME_AFTER_RELATIVE`), nor a lower-case slip of
    a common word that no name list holds ("son and husband visisted"). For
    lower-case name rules."""
    vocabulary = default_vocabulary()
    return not any(
        vocabulary.is_ordinary_word(word)
        or word.lower() in NOT_NAME_AFTER_RELATIVE
        # a capitalised surname is often one letter from a word ("Whitcomb"): lower case only
        or (word.islower() and vocabulary.is_misspelt_common_word(word) and not name_patterns.is_person_name_word(word))
        for word in _LETTER_RUN.findall(value)
    )


_LETTER_RUN = re.compile(r"[^\W\d_]+")
#: Three spaces or a tab between two words: a gap between two fields of a form or
#: table. No gold span of any corpus (English or MEDDOCAN) spans one; MEDDOCAN has
#: names typed with two spaces.
_FIELD_GAP = re.compile(r"\S(?: {3,}|\t)[ \t]*\S")


def _check_named_city(value: str) -> bool:
    """"Iloilo City", "Quezon City": the words before "City" are no ordinary words
    of the guard's vocabulary ("Inner City" stays out)."""
    words = _LETTER_RUN.findall(value)[:-1]
    return bool(words) and not any(default_vocabulary().is_ordinary_word(word) for word in words)


def _ordinary_after_title(word: str) -> bool:
    """Whether a word after a title or a staff role is a word, not the name: a
    drug, an abbreviation, a function word, or a common word that English writes
    mostly in lower case ("ASSESSMENT", "AWARE"). A dictionary word rare in use
    or written as a name as often is a surname there ("DR PALFREY", "MD HOSIER")."""
    vocabulary = default_vocabulary()
    lower = word.lower()
    if lower in FUNCTION_WORDS or written_in_lower_case(lower):
        return True  # "AND", "AWARE", "WARM"
    if not vocabulary.is_ordinary_word(word):
        return False
    # a drug or an abbreviation ("LASIX", "PRN"); a dictionary word left is rare in use
    return vocabulary.is_drug(lower) or not vocabulary.is_common_word(lower, function_words=False)


def _check_no_long_common_word(value: str) -> bool:
    """No word of four letters or more is an ordinary word (`_ordinary_after_title`:
    "RN ASSESSMENT" fails; "DR DO", "RN JONES", "DR WHITE", "DR PALFREY" pass:
    short words, names that are words too and rare words are left to the title)."""
    return not any(len(word) >= 4 and _ordinary_after_title(word) for word in _LETTER_RUN.findall(value))


def _check_saint_name(value: str) -> bool:
    """The word after "st" of a church or school is a saint's name, not a word
    ("st. pius", "st. mark's"; not "st in the 100's", "st hr 78": sinus tachycardia)."""
    parts = value.split(None, 1)
    if not parts or parts[0].lower().rstrip(".") != "st" or len(parts) < 2:
        return True  # "first baptist": the church's own words
    name = parts[1].lower().rstrip(".").removesuffix("'s").removesuffix("’s")
    return not (_ordinary_after_title(name) or default_vocabulary().is_clinical_abbreviation(name.upper()))


def _check_no_word_after_role(value: str) -> bool:
    """No word after a staff role or a title in capitals is an ordinary word
    (`_ordinary_after_title`) or a verb that follows a person ("SAID"): "HO
    SCHWARZ", "MD HOSIER" pass, "HO AWARE", "MD NOTIFIED" do not."""
    return not any(_ordinary_after_title(word) or word.lower() in NOT_NAME_AFTER_RELATIVE for word in _LETTER_RUN.findall(value))


def _check_not_function_word(value: str) -> bool:
    """The value is no function word or word of speech ("mr . and mrs .",
    "mister uh"): after a title anything else is taken as the name."""
    return value.lower() not in FUNCTION_WORDS and value.lower() not in SPOKEN_WORDS


def _check_context_required(value: str) -> bool:
    """Nothing in the value confirms it: as a `confirm` check with `unconfirmed="drop"`,
    only a context word of `label_if_context` keeps the match."""
    return False


def _check_not_reading(value: str) -> bool:
    """No reading or setting of ICU charting ("600X12", "HR60-70", "30-40CC", "7A-12P")."""
    return not alphanumeric_reading(value)


#: Checks a rule can name in `checks`; each gets the value text and returns
#: whether the match stands. New checks are added here (rules stay data).
CHECKS: Dict[str, Callable[[str], bool]] = {
    "age_over_89": _check_age_over_limit,
    "ipv4": checksums.is_ipv4,
    "has_3_digits": _check_has_digits,
    "id_shape": _check_id_shape,
    # a reading or setting of ICU charting ("600X12", "HR60-70", "30-40CC") is no code
    "not_reading": _check_not_reading,
    "context_required": _check_context_required,
    "numeric_date": _check_numeric_date,
    "not_military_time": _check_not_military_time,
    "phone_digits": _check_phone_digits,
    "not_common_word": _check_not_common_word,
    "no_word_after_role": _check_no_word_after_role,
    "saint_name": _check_saint_name,
    "no_long_common_word": _check_no_long_common_word,
    "not_function_word": _check_not_function_word,
    "named_city": _check_named_city,
    "us_city_lower": gazetteers.is_us_city_lower,
    "branch_town": gazetteers.is_branch_town,
    "greeted_given_name": name_patterns.is_greeted_given_name,
    "speaking_given_name": name_patterns.is_speaking_given_name,
    "appositive_given_name": name_patterns.is_appositive_given_name,
    "lower_case_person_name": name_patterns.is_lower_case_person_name,
    "attributed_person": name_patterns.is_attributed_person,
    "given_and_family_name": name_patterns.is_given_and_family_name,
    "given_and_unlisted_family_name_lower": name_patterns.is_given_and_unlisted_family_name_lower,
    "given_and_unlisted_family_name_caps": name_patterns.is_given_and_unlisted_family_name_caps,
    "given_name_alone": name_patterns.is_given_name_alone,
    "initial_and_surname": name_patterns.is_initial_and_surname,
    "family_comma_given_name": name_patterns.is_family_comma_given_name,
    "occupation_phrase": gazetteers.is_occupation_phrase,
    "long_occupation_phrase": gazetteers.is_long_occupation_phrase,
    "service_unit_name": gazetteers.is_service_unit_name,
    "named_ward": gazetteers.is_named_ward,
    "organization_name": gazetteers.is_organization_name,
    "employer_name": gazetteers.is_employer_name,
    "hospital_name": gazetteers.is_hospital_name,
    "institution_word": care_places.is_institution_word,
    "institution_acronym": care_places.is_institution_acronym,
    "hospital_initialism": care_places.is_hospital_initialism,
    "listed_city": care_places.is_listed_city,
    "named_institution_before_head": care_places.is_named_institution_before_head,
    "signature_name": care_places.is_signature_name,
    # identifier validators (checksums, structure); usually named in `confirm`
    "luhn": checksums.is_luhn,
    "luhn_card": checksums.is_card,
    "npi": checksums.is_npi,
    "dea": checksums.is_dea,
    "aba": checksums.is_aba,
    "mbi": checksums.is_mbi,
    "ssn_issuable": checksums.is_ssn,
    "ip_address": checksums.is_ip,
    "iso_datetime": checksums.is_iso_datetime,
    "dotted_date": checksums.is_dotted_date,
    "e164_digits": checksums.is_international_phone,
    "national_phone": checksums.is_national_phone,
    # Spanish (spanish.py)
    "dni_letter": checksums.is_dni_or_nie,
    "es_postcode": checksums.is_spanish_postcode,
}


@dataclass(frozen=True)
class RegexRule:
    """One PHI pattern.

    id (str): unique rule id, reported in provenance and the audit manifest.
    label (str): the PHI label of a match.
    pattern (str): a Python regex; a named group `value` marks the PHI part.
    flags (str): any of "i" (ignore case), "m", "x".
    checks (Tuple[str, ...]): names from CHECKS the value must pass.
    group_checks (Dict[str, Tuple[str, ...]]): names from CHECKS that the text
        of another named group must pass (who an age belongs to: "kevin" in
        "kevin is nine").
    label_if_context (Dict[str, str]): label by a context regex searched in
        the `context_chars` characters before the value; the match nearest to
        the value wins, e.g. {"fax": "FAX", "phone": "PHONE"} turns a number
        after "Fax:" into a FAX.
    context_chars (int): how far back the context regexes look.
    exclude_before (str): a regex; the match is dropped when it occurs in the
        `context_chars` characters before the value ("pain 7/10").
    exclude_after (str): a regex; the match is dropped when the text right
        after the value starts with it ("2000 mg", "2/6 murmur").
    priority (int): label priority in `phi_merge` conflicts (higher wins);
        precise, context-anchored rules use 3, shape-only rules 1.
    priority_without_context (Optional[int]): for a rule with
        `label_if_context`, the priority of a match that no context word
        labelled (its span id gets NO_CONTEXT_SUFFIX): a bare phone number is
        PHONE by default, but a trained NER's FAX should then win.
    confirm (Tuple[str, ...]): names from CHECKS (checksums, structure) that
        raise confidence without being required: a value that fails one
        and that no context word labelled gets the id suffix
        UNCONFIRMED_SUFFIX and `priority_unconfirmed`, or is dropped when
        `unconfirmed` is "drop". A context word always keeps it (recall
        first: a mistyped NPI after "NPI:" is still an identifier).
    unconfirmed (str): "keep" or "drop", see `confirm`.
    priority_unconfirmed (int): priority of a kept unconfirmed match.
    prefilter (str): a regex every text with a match must contain (a
        literal such as "@" or "xn--" where possible); texts without it skip
        the rule. Purely for speed: a cheap scan instead of the full pattern.
    shape_label (bool): the match's shape alone settles its type (phone,
        e-mail, URL, IP, MAC, card, SSN, timestamp): `phi_merge` keeps this
        label over an NER label on the same text.
    description (str): what the rule is for.
    """

    id: str
    label: str
    pattern: str
    flags: str = ""
    checks: Tuple[str, ...] = ()
    group_checks: Dict[str, Tuple[str, ...]] = field(default_factory=dict)
    label_if_context: Dict[str, str] = field(default_factory=dict)
    context_chars: int = 24
    exclude_before: str = ""
    exclude_after: str = ""
    priority: int = 3
    priority_without_context: Optional[int] = None
    confirm: Tuple[str, ...] = ()
    unconfirmed: str = "keep"
    priority_unconfirmed: int = DEFAULT_UNCONFIRMED_PRIORITY
    shape_label: bool = False
    prefilter: str = ""
    description: str = ""

    def __post_init__(self) -> None:
        if not self.id:
            raise RuleError("a rule needs an id")
        if self.label not in LABEL_NAMES:
            raise RuleError(f"rule {self.id}: unknown label {self.label}")
        if self.unconfirmed not in ("keep", "drop"):
            raise RuleError(f"rule {self.id}: unconfirmed must be 'keep' or 'drop'")
        for name in self.checks + self.confirm + tuple(c for cs in self.group_checks.values() for c in cs):
            if name not in CHECKS:
                raise RuleError(f"rule {self.id}: unknown check {name}; known: {sorted(CHECKS)}")
        for label in self.label_if_context.values():
            if label not in LABEL_NAMES:
                raise RuleError(f"rule {self.id}: unknown label {label} in label_if_context")
        unknown_flags = set(self.flags) - set(_FLAG_VALUES)
        if unknown_flags:
            raise RuleError(f"rule {self.id}: unknown flags {sorted(unknown_flags)}")
        try:
            self.compiled
            missing_groups = set(self.group_checks) - set(self.compiled.groupindex)
            if missing_groups:
                raise RuleError(f"rule {self.id}: group_checks name groups the pattern lacks: {sorted(missing_groups)}")
            self.compiled_context
            self.compiled_exclusions
            self.compiled_prefilter
        except re.error as e:
            raise RuleError(f"rule {self.id}: invalid regex ({e})") from None

    @property
    def regex_flags(self) -> int:
        """The `re` flags of `flags` ("im" -> re.IGNORECASE | re.MULTILINE)."""
        value = 0
        for flag in self.flags:
            value |= _FLAG_VALUES[flag]
        return value

    @cached_property
    def compiled(self) -> "re.Pattern[str]":
        # The same matches, with a first-character lookahead that skips hopeless positions fast.
        return compile_guarded(self.pattern, self.regex_flags)

    @cached_property
    def compiled_prefilter(self) -> Optional["re.Pattern[str]"]:
        return re.compile(self.prefilter) if self.prefilter else None

    @cached_property
    def compiled_exclusions(self) -> Tuple[Optional["re.Pattern[str]"], Optional["re.Pattern[str]"]]:
        before = re.compile(f"(?:{self.exclude_before})\\s*$", re.IGNORECASE) if self.exclude_before else None
        after = re.compile(self.exclude_after, re.IGNORECASE) if self.exclude_after else None
        return before, after

    @cached_property
    def compiled_context(self) -> List[Tuple["re.Pattern[str]", str]]:
        return [(re.compile(p, re.IGNORECASE), label) for p, label in self.label_if_context.items()]

    def matches(self, text: str) -> Iterator[Tuple[int, int, str, str]]:
        """Find the rule's PHI values in a text.

        text (str): the note text.
        YIELDS (Tuple[int, int, str, str]): start, end (characters), label and
            match id (the rule id, or with NO_CONTEXT_SUFFIX, see
            `priority_without_context`).
        """
        if self.compiled_prefilter is not None and self.compiled_prefilter.search(text) is None:
            return
        has_value_group = "value" in self.compiled.groupindex
        for match in self.compiled.finditer(text):
            start, end = match.span("value") if has_value_group else match.span()
            if start < 0 or start == end:
                continue
            value = text[start:end]
            if _FIELD_GAP.search(value):
                continue  # "Bishop    Clinic #": a value never spans the gap between two fields
            if not all(CHECKS[name](value) for name in self.checks):
                continue
            if self.group_checks and not all(
                match.group(group) is not None and all(CHECKS[name](match.group(group)) for name in names)
                for group, names in self.group_checks.items()
            ):
                continue
            if self._excluded(text, start, end):
                continue
            label, from_context = self._label_in_context(text, start)
            match_id = self.id
            if self.confirm and not from_context and not all(CHECKS[name](value) for name in self.confirm):
                if self.unconfirmed == "drop":
                    continue
                match_id = self.id + UNCONFIRMED_SUFFIX
            elif self.priority_without_context is not None and not from_context:
                match_id = self.id + NO_CONTEXT_SUFFIX
            yield start, end, label, match_id

    def priorities(self) -> Dict[str, int]:
        """{match id: priority} of the rule's matches (see `matches`)."""
        priorities = {self.id: self.priority}
        if self.priority_without_context is not None:
            priorities[self.id + NO_CONTEXT_SUFFIX] = self.priority_without_context
        if self.confirm and self.unconfirmed == "keep":
            priorities[self.id + UNCONFIRMED_SUFFIX] = self.priority_unconfirmed
        return priorities

    def match_ids(self) -> Tuple[str, ...]:
        """Every id the rule's matches can carry (see `matches`)."""
        return tuple(self.priorities())

    def _excluded(self, text: str, start: int, end: int) -> bool:
        before, after = self.compiled_exclusions
        if before is not None and before.search(text, max(0, start - self.context_chars), start):
            return True
        return after is not None and after.match(text, end) is not None

    def _label_in_context(self, text: str, start: int) -> Tuple[str, bool]:
        """The label at a value, and whether a context word decided it."""
        if not self.compiled_context:
            return self.label, False
        before = text[max(0, start - self.context_chars) : start]
        nearest_end, label = -1, self.label
        for pattern, context_label in self.compiled_context:
            for match in pattern.finditer(before):
                if match.end() > nearest_end:
                    nearest_end, label = match.end(), context_label
        return label, nearest_end >= 0

    def to_dict(self) -> Dict[str, Any]:
        """The rule as JSON-serializable data."""
        data = asdict(self)
        data["checks"] = list(self.checks)
        data["confirm"] = list(self.confirm)
        data["group_checks"] = {group: list(names) for group, names in self.group_checks.items()}
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "RegexRule":
        """Build a rule from data (as written by `to_dict`).

        data (Mapping[str, Any]): the rule fields; unknown fields are an error.
        RETURNS (RegexRule): the rule.
        RAISES (RuleError): a field is missing, unknown or invalid.
        """
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise RuleError(f"rule {data.get('id')!r}: unknown fields {sorted(unknown)}")
        if not {"id", "label", "pattern"} <= set(data):
            raise RuleError("a rule needs id, label and pattern")
        fields = dict(data)
        fields["checks"] = tuple(fields.get("checks", ()))
        fields["confirm"] = tuple(fields.get("confirm", ()))
        fields["label_if_context"] = dict(fields.get("label_if_context", {}))
        fields["group_checks"] = {group: tuple(names) for group, names in dict(fields.get("group_checks", {})).items()}
        return cls(**fields)


def find_all(rules: List[RegexRule], text: str) -> List[Tuple[int, int, str, str, RegexRule]]:
    """Run every rule on a text.

    rules (List[RegexRule]): the rules.
    text (str): the note text.
    RETURNS (List[Tuple[int, int, str, str, RegexRule]]): (start, end, label,
        match id, rule) for every match, in rule order then text order.
    """
    return [(*match, rule) for rule in rules for match in rule.matches(text)]


def rule_by_id(rules: List[RegexRule]) -> Dict[str, RegexRule]:
    """Index rules by id; duplicate ids are an error."""
    index: Dict[str, RegexRule] = {}
    for rule in rules:
        if rule.id in index:
            raise RuleError(f"duplicate rule id {rule.id}")
        index[rule.id] = rule
    return index


__all__ = ["CHECKS", "UNCONFIRMED_SUFFIX", "RegexRule", "RuleError", "find_all", "rule_by_id"]
