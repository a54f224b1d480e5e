"""A small template language for note text, parsed once and cached.

    "Pt [is|was] a {age.yo} {~sex} seen by {dr:attending} on {date:admit}."

- `{name}` / `{name:arg}`: a slot, filled by the note context (`context.py`):
  PHI slots write a value and record its span; `{~name}` slots write non-PHI
  clinical text (drugs, labs, look-alikes).
- `[a|b|c]`: one alternative at random; an empty alternative makes the group
  optional (`[very |]`). Groups nest.
- `\\[ \\] \\{ \\} \\|`: the literal character.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import List, Tuple, Union


@dataclass(frozen=True)
class Slot:
    """A `{name:arg}` placeholder."""

    name: str
    arg: str = ""


@dataclass(frozen=True)
class Choice:
    """A `[a|b|c]` group: each option is a sequence of nodes."""

    options: Tuple[Tuple["Node", ...], ...]


Node = Union[str, Slot, Choice]


class TemplateError(ValueError):
    """A template that cannot be parsed (a bug in a note family, not in data)."""


def _parse_sequence(text: str, pos: int, in_choice: bool) -> Tuple[List[Tuple[Node, ...]], int]:
    """Parse from `pos` up to the end (or the closing `]` of a choice).

    RETURNS (Tuple[List[Tuple[Node, ...]], int]): the options (one unless in a
        choice) and the position after the sequence.
    """
    options: List[Tuple[Node, ...]] = []
    nodes: List[Node] = []
    literal: List[str] = []

    def flush() -> None:
        if literal:
            nodes.append("".join(literal))
            literal.clear()

    while pos < len(text):
        char = text[pos]
        if char == "\\" and pos + 1 < len(text) and text[pos + 1] in "[]{}|\\":
            literal.append(text[pos + 1])
            pos += 2
        elif char == "{":
            end = text.find("}", pos)
            if end < 0:
                raise TemplateError(f"Unclosed slot at {pos}")
            flush()
            name, _, arg = text[pos + 1 : end].partition(":")
            nodes.append(Slot(name.strip(), arg.strip()))
            pos = end + 1
        elif char == "[":
            flush()
            inner, pos = _parse_sequence(text, pos + 1, True)
            nodes.append(Choice(tuple(inner)))
        elif char == "|" and in_choice:
            flush()
            options.append(tuple(nodes))
            nodes = []
            pos += 1
        elif char == "]" and in_choice:
            flush()
            options.append(tuple(nodes))
            return options, pos + 1
        else:
            literal.append(char)
            pos += 1
    if in_choice:
        raise TemplateError("Unclosed choice group")
    flush()
    options.append(tuple(nodes))
    return options, pos


@lru_cache(maxsize=None)
def parse(template: str) -> Tuple[Node, ...]:
    """Parse a template (cached: templates are module constants).

    template (str): the template text.
    RETURNS (Tuple[Node, ...]): literal strings, `Slot`s and `Choice`s.
    RAISES (TemplateError): unbalanced braces or brackets.
    """
    options, _ = _parse_sequence(template, 0, False)
    return options[0]


def slots_of(template: str) -> List[Slot]:
    """Every slot a template can use (all alternatives), for checks and tests."""
    found: List[Slot] = []

    def walk(nodes: Tuple[Node, ...]) -> None:
        for node in nodes:
            if isinstance(node, Slot):
                found.append(node)
            elif isinstance(node, Choice):
                for option in node.options:
                    walk(option)

    walk(parse(template))
    return found
