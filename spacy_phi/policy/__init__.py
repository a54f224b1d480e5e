"""A site's de-identification policy in one file (docs/policy.md): what to
keep, what is never PHI, what always is, and the site's own patterns.

    from spacy_phi.policy import load_policy, apply_policy
    policy = load_policy("site_policy.yaml")     # checked; errors name the line
    apply_policy(nlp, policy)                    # or deidentify(..., policy=...)

The names below are imported on first use, so reading and checking a policy
file loads none of the pipeline components.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "ACTIONS": ".presets",
    "PRESETS": ".presets",
    "PolicyError": ".errors",
    "Policy": ".schema",
    "load_policy": ".schema",
    "apply_policy": ".apply",
    "restore_policy": ".apply",
    "current_policy": ".apply",
    "POLICY_COMPONENT": ".apply",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module, __name__), name)
