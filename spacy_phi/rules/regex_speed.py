"""A first-character guard for rule patterns: the same matches, found faster.

Python's `re` tries a pattern at every position of the text. When a pattern
opens with a literal or a character class it skips ahead with a fast scan;
when it opens with an assertion ("(?<![\\w-])", "\\b"), an inline-flag group
("(?i:\\b(?:on|since|…))") or an alternation, it runs the whole opening at every
character. Most PHI rules open that way, and the rule layer was the slowest
component of the pipeline (about 45 % of its CPU time on synthetic notes).

`guarded_pattern` reads the pattern's syntax tree, collects every character a
match can start with, and puts a lookahead for that set in front
("(?=[0-9])(?i:\\b(?:on|since|…))…"): at a position where no match can start,
one character test fails instead of the whole opening. The lookahead consumes
nothing and holds no group, so matches, groups and their order are unchanged;
`tests/test_regex_speed.py` checks that on every rule and on real notes.
A pattern that can match the empty string or start with any character is
left as it is.
"""

from __future__ import annotations

import re
from re import _constants as sre_constants  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Iterable, List, Set, Tuple

_OPS = sre_constants
#: Zero-width operators: a match starts with whatever follows them.
_ZERO_WIDTH = {_OPS.AT, _OPS.ASSERT, _OPS.ASSERT_NOT}
_CATEGORY_CLASSES = {
    _OPS.CATEGORY_DIGIT: r"\d",
    _OPS.CATEGORY_WORD: r"\w",
    _OPS.CATEGORY_SPACE: r"\s",
}


class _AnyCharacter(Exception):
    """A match may start with any character (or an unhandled construct): no guard."""


class _FirstCharacters:
    """Class items a match can start with, kept apart by case sensitivity."""

    def __init__(self) -> None:
        self.cased: Set[str] = set()
        self.ignoring_case: Set[str] = set()

    def add(self, item: str, ignore_case: bool) -> None:
        (self.ignoring_case if ignore_case else self.cased).add(item)

    def lookahead(self) -> str:
        classes = []
        if self.cased:
            classes.append(f"[{''.join(sorted(self.cased))}]")
        if self.ignoring_case:
            classes.append(f"(?i:[{''.join(sorted(self.ignoring_case))}])")
        return f"(?={'|'.join(classes)})"


def _class_char(code: int) -> str:
    """A character escaped for use inside a character class."""
    char = chr(code)
    return "\\" + char if char in "\\]^-[" else char


def _add_class_items(items: Iterable[Tuple[object, object]], first: _FirstCharacters, ignore_case: bool) -> None:
    for op, value in items:
        if op is _OPS.LITERAL:
            first.add(_class_char(value), ignore_case)  # type: ignore[arg-type]
        elif op is _OPS.RANGE:
            low, high = value  # type: ignore[misc]
            first.add(f"{_class_char(low)}-{_class_char(high)}", ignore_case)
        elif op is _OPS.CATEGORY and value in _CATEGORY_CLASSES:
            first.add(_CATEGORY_CLASSES[value], ignore_case)
        else:  # NEGATE, negated categories, anything unusual
            raise _AnyCharacter


def _first(items: List[Tuple[object, object]], first: _FirstCharacters, ignore_case: bool) -> bool:
    """Add the characters a match of this sequence can start with; return
    whether the sequence can match the empty string."""
    for op, value in items:
        if op is _OPS.ASSERT and value[0] == 1:  # type: ignore[index]
            # A lookahead must match here too: its first characters bound the match's
            # ("(?=(?P<value>[A-Z]…))" of a rule whose whole match is zero-width).
            ahead = _FirstCharacters()
            if not _first(list(value[1]), ahead, ignore_case):  # type: ignore[index]
                first.cased |= ahead.cased
                first.ignoring_case |= ahead.ignoring_case
                return False
            continue
        if op in _ZERO_WIDTH:
            continue
        if op is _OPS.LITERAL:
            first.add(_class_char(value), ignore_case)  # type: ignore[arg-type]
            return False
        if op is _OPS.IN:
            _add_class_items(value, first, ignore_case)  # type: ignore[arg-type]
            return False
        if op is _OPS.BRANCH:
            _, alternatives = value  # type: ignore[misc]
            nullable = False
            for alternative in alternatives:
                nullable |= _first(list(alternative), first, ignore_case)
            if not nullable:
                return False
            continue
        if op is _OPS.SUBPATTERN:
            _, add_flags, del_flags, sub = value  # type: ignore[misc]
            sub_ignore_case = (ignore_case or bool(add_flags & re.IGNORECASE)) and not del_flags & re.IGNORECASE
            if not _first(list(sub), first, sub_ignore_case):
                return False
            continue
        if op is getattr(_OPS, "ATOMIC_GROUP", None):
            if not _first(list(value), first, ignore_case):  # type: ignore[arg-type]
                return False
            continue
        if op in (_OPS.MAX_REPEAT, _OPS.MIN_REPEAT, getattr(_OPS, "POSSESSIVE_REPEAT", None)):
            minimum, _, sub = value  # type: ignore[misc]
            nullable = _first(list(sub), first, ignore_case)
            if minimum > 0 and not nullable:
                return False
            continue
        raise _AnyCharacter  # ANY, NOT_LITERAL, GROUPREF, conditionals: no guard
    return True


def _opens_with_scan(items: List[Tuple[object, object]]) -> bool:
    """Whether `re` already scans fast to this pattern's start (a literal or a class first)."""
    return bool(items) and items[0][0] in (_OPS.LITERAL, _OPS.IN)


def guarded_pattern(pattern: str, flags: int = 0) -> str:
    """The pattern with a lookahead for the characters a match can start with,
    or the pattern itself when that would not help or cannot be known.

    pattern (str): a regex.
    flags (int): the flags it is compiled with.
    RETURNS (str): a regex with the same matches and groups.
    """
    try:
        parsed = sre_parse.parse(pattern, flags)
    except re.error:
        return pattern  # compiling it reports the error
    items = list(parsed)
    if _opens_with_scan(items):
        return pattern
    first = _FirstCharacters()
    try:
        if _first(items, first, bool(parsed.state.flags & re.IGNORECASE)):
            return pattern  # can match the empty string
    except _AnyCharacter:
        return pattern
    # Global inline flags ("(?x)") must stay at the very start.
    leading = re.match(r"\(\?[aiLmsux]+\)", pattern)
    head = leading.group(0) if leading else ""
    return head + first.lookahead() + pattern[len(head):]


def compile_guarded(pattern: str, flags: int = 0) -> "re.Pattern[str]":
    """`re.compile` of the guarded pattern (see `guarded_pattern`)."""
    return re.compile(guarded_pattern(pattern, flags), flags)


__all__ = ["compile_guarded", "guarded_pattern"]
