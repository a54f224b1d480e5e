"""Error and warning messages of spacy_phi, in one place.

Messages never contain note text or PHI: they name files, record ids, offsets,
labels and counts only.
"""

from __future__ import annotations


class SpacyPhiError(Exception):
    """Base class of the errors spacy_phi raises on purpose."""


class ConversionError(SpacyPhiError):
    """A source file could not be read or does not follow its format."""


class SurrogateError(SpacyPhiError):
    """A surrogate could not be made for a span (the caller masks it)."""
