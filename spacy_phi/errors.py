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


class ConfigError(SpacyPhiError, ValueError):
    """A component setting names a label, mode or other value the component
    does not know (a typo would otherwise be ignored). Raised when the
    pipeline is built or loaded. A ValueError too, as spaCy's own config
    errors are."""


class NoSecretWarning(UserWarning):
    """De-identification runs without a secret: a random one is used, so the
    surrogates and hashes of this process are not those of any other run."""
