"""Refusing regular expressions that would hurt a run: bad syntax, a match of
nothing, and patterns whose time grows faster than the note's length.

Python's `re` backtracks: a pattern such as "(\\d+,?)+$" takes exponential
time on a long run of digits that fails to match, and ".*MRN" takes quadratic
time on a note without "MRN". A site's pattern runs on every note, so a policy
is refused when one of its patterns
1. does not compile, or can match the empty string (`sre_parse` width 0);
2. repeats (more than `_MANY` times, or without bound) a part that itself
   holds an unbounded repeat ("(\\d+,?)+", "(\\w+\\s?)*"), or an alternation
   whose branches can start with the same character ("(a|ab)+"): the two
   shapes of catastrophic backtracking, found statically because such a
   pattern can hang on a probe;
3. takes super-linear time on long adversarial inputs (a timed probe): runs
   of letters, digits, spaces, mixed text and the pattern's own literal
   characters, doubled from 250 to 16,000 characters (`PROBE_LENGTHS`); refused
   when a doubling more than triples the time (`PROBE_MAX_GROWTH`; linear time
   doubles it, quadratic quadruples it) once it is measurable, or any probe
   takes over `PROBE_MAX_SECONDS`. Starting short stops a cubic pattern
   ("\\d+\\d+x") before it stalls the check itself.
"""

from __future__ import annotations

import re
import string
import time
from re import _constants as sre_constants  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any, Iterable, List, Optional, Set

from ..rules.regex_speed import _AnyCharacter, _first, _FirstCharacters

_OPS = sre_constants
#: A repeat of more than this many times counts as unbounded for nesting.
_MANY = 16
#: Probe lengths (characters): doubled from the first to the last.
PROBE_LENGTHS = (250, 500, 1_000, 2_000, 4_000, 8_000, 16_000)
#: A doubling of the text must take at least this long before its growth is judged (noise).
PROBE_MIN_SECONDS = 0.01
#: Largest tolerated time growth when the text doubles (linear: 2; quadratic: 4).
PROBE_MAX_GROWTH = 3.0
#: Any probe slower than this is refused whatever its growth.
PROBE_MAX_SECONDS = 0.5
_REPEATS = (_OPS.MAX_REPEAT, _OPS.MIN_REPEAT)
_PROBE_ALPHABET = string.ascii_letters + string.digits + " -./:#,"


def regex_problem(pattern: str, flags: int = 0, *, probe: bool = True) -> Optional[str]:
    """Why a pattern cannot be used in a policy, or None when it can.

    pattern (str): the regular expression.
    flags (int): `re` flags.
    probe (bool): also run the timed probe.
    RETURNS (Optional[str]): the problem, in words (never a match).
    """
    try:
        parsed = sre_parse.parse(pattern, flags)
        compiled = re.compile(pattern, flags)
    except re.error as err:
        return f"invalid regular expression ({err.msg} at position {err.pos})"
    except (OverflowError, RecursionError):
        return "invalid regular expression (too large)"
    if parsed.getwidth()[0] == 0:
        return "the pattern can match the empty string"
    nested = _nested_repeat(list(parsed), inside_repeat=False, ignore_case=bool(flags & re.IGNORECASE))
    if nested:
        return nested
    if probe:
        return _probe(compiled, _literal_characters(list(parsed)))
    return None


def _is_many(maximum: int) -> bool:
    return maximum == _OPS.MAXREPEAT or maximum > _MANY


def _nested_repeat(items: List[Any], inside_repeat: bool, ignore_case: bool) -> Optional[str]:
    for op, value in items:
        if op in _REPEATS:
            _, maximum, sub = value
            many = _is_many(maximum)
            if inside_repeat and many:
                return ("nested unbounded repeats (a repeated group holding '+', '*' or '{n,}') can take "
                        "exponential time; bound the outer repeat, e.g. {1,4}")
            if many and _has_overlapping_branch(list(sub), ignore_case):
                return ("a repeated alternation whose branches can start with the same character can take "
                        "exponential time; make the branches start differently or bound the repeat")
            found = _nested_repeat(list(sub), inside_repeat or many, ignore_case)
            if found:
                return found
        elif op is _OPS.SUBPATTERN:
            _, add_flags, del_flags, sub = value
            sub_case = (ignore_case or bool(add_flags & re.IGNORECASE)) and not del_flags & re.IGNORECASE
            found = _nested_repeat(list(sub), inside_repeat, sub_case)
            if found:
                return found
        elif op is _OPS.BRANCH:
            for alternative in value[1]:
                found = _nested_repeat(list(alternative), inside_repeat, ignore_case)
                if found:
                    return found
        elif op in (_OPS.ASSERT, _OPS.ASSERT_NOT):
            found = _nested_repeat(list(value[1]), inside_repeat, ignore_case)
            if found:
                return found
        # Atomic groups and possessive repeats never backtrack into themselves: safe.
    return None


def _starts(items: List[Any], ignore_case: bool) -> Optional[Set[str]]:
    """The probe characters a sequence can start with; None: any character."""
    first = _FirstCharacters()
    try:
        _first(items, first, ignore_case)
    except _AnyCharacter:
        return None
    if not first.cased and not first.ignoring_case:
        return set()
    lookahead = re.compile(first.lookahead())
    return {c for c in _PROBE_ALPHABET if lookahead.match(c)}


def _has_overlapping_branch(items: List[Any], ignore_case: bool) -> bool:
    """Whether an alternation directly in this repeated part has two branches
    that can start with the same character."""
    for op, value in items:
        if op is _OPS.SUBPATTERN:
            if _has_overlapping_branch(list(value[3]), ignore_case):
                return True
        elif op is _OPS.BRANCH:
            seen: Set[str] = set()
            for alternative in value[1]:
                starts = _starts(list(alternative), ignore_case)
                if starts is None or starts & seen:
                    return True
                seen |= starts
    return False


def _literal_characters(items: Iterable[Any]) -> str:
    """The literal characters of a pattern, in order (a probe made of them
    drives the pattern as far as it can go)."""
    found: List[str] = []
    for op, value in items:
        if op is _OPS.LITERAL:
            found.append(chr(value))
        elif op in _REPEATS:
            found.append(_literal_characters(value[2]))
        elif op is _OPS.SUBPATTERN:
            found.append(_literal_characters(value[3]))
        elif op is _OPS.BRANCH:
            found.extend(_literal_characters(alt) for alt in value[1])
        elif op is _OPS.IN:
            found.extend(chr(v) for o, v in value if o is _OPS.LITERAL)
            found.extend(chr(v[0]) for o, v in value if o is _OPS.RANGE)
    return "".join(found)


def _probe_text(unit: str, length: int) -> str:
    # Ends with a character no unit repeats, so a pattern anchored at the end fails late.
    return (unit * (length // len(unit) + 1))[:length] + "\x00"


def _seconds(compiled: "re.Pattern[str]", text: str) -> float:
    best = float("inf")
    for _ in range(2):  # the faster of two runs: less noise from a busy machine
        start = time.perf_counter()
        for _ in compiled.finditer(text):
            pass
        best = min(best, time.perf_counter() - start)
    return best


def _probe(compiled: "re.Pattern[str]", literals: str) -> Optional[str]:
    units = ["a", "A", "1", " ", "aA1 -./:", "Ab1 " * 3 + "\n"] + ([literals] if literals else [])
    for unit in units:
        previous = 0.0
        for length in PROBE_LENGTHS:
            seconds = _seconds(compiled, _probe_text(unit, length))
            growth = seconds / previous if previous > 0 else 1.0
            if seconds > PROBE_MAX_SECONDS or (seconds > PROBE_MIN_SECONDS and growth > PROBE_MAX_GROWTH):
                return (f"the pattern takes more than linear time ({seconds * 1000:.0f} ms on {length:,} "
                        f"characters, {growth:.1f} times the time of half as many); anchor it on a literal "
                        "(e.g. 'MRN'), avoid a leading '.*' and repeats that can match the same characters")
            previous = seconds
    return None
