"""The error of a policy that cannot be used."""

from __future__ import annotations

from typing import Optional

from ..errors import SpacyPhiError


class PolicyError(SpacyPhiError, ValueError):
    """A policy is invalid: the message names the file and the line.

    problem (str): what is wrong.
    source (str): the policy file (or "<policy>" for text given inline).
    line (Optional[int]): the 1-based line, when known.
    """

    def __init__(self, problem: str, source: str = "<policy>", line: Optional[int] = None) -> None:
        where = f"{source}, line {line}" if line else source
        super().__init__(f"{where}: {problem}")
        self.problem = problem
        self.source = source
        self.line = line
