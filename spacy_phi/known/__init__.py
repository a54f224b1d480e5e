"""Known-PHI matching: the `phi_known` component and variant generation."""

from .component import KNOWN_PHI_KEY, PhiKnown, make_phi_known
from .variants import NICKNAMES, normalize_known, patterns_for

__all__ = ["KNOWN_PHI_KEY", "NICKNAMES", "PhiKnown", "make_phi_known", "normalize_known", "patterns_for"]
