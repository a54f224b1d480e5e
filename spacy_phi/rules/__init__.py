"""Rule-based PHI detection: the `phi_rules` component and its regex rules."""

from .builtin import builtin_rules
from .component import PhiRules, make_phi_rules
from .regex_rules import CHECKS, RegexRule, RuleError

__all__ = ["CHECKS", "PhiRules", "RegexRule", "RuleError", "builtin_rules", "make_phi_rules"]
