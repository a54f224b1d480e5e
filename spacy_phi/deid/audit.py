"""What a run records about itself for the audit trail: which spacy_phi, which
pipeline and which policy produced the output, and when. Written into the run
summary (`summary.json`) by the local and the Spark engine; the manifest's
lines carry the policy's content hash. No note text, no secret, no roster value.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Dict

import spacy
from spacy.language import Language

from ..about import __version__
from ..policy.apply import current_policy
from ..policy.schema import Policy


def utc_now() -> str:
    """The current time, ISO 8601 in UTC to the second ("2025-01-31T12:00:00Z")."""
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def run_policy(nlp: Language) -> Policy:
    """The policy a run used: the pipeline's, else the default (safe_harbor)."""
    return current_policy(nlp) or Policy()


def audit_info(nlp: Language, model_name: str) -> Dict[str, Any]:
    """The versions and the policy of a run.

    nlp (Language): the pipeline the run used (policy applied).
    model_name (str): how the pipeline was named (package, path, "rules-only ...").
    RETURNS (Dict[str, Any]): JSON-friendly fields for the run summary.
    """
    meta = nlp.meta or {}
    return {
        "spacy_phi_version": __version__,
        "spacy_version": spacy.__version__,
        "model_name": f"{meta.get('lang', nlp.lang)}_{meta.get('name', 'pipeline')}",
        "model_version": meta.get("version"),
        "policy": run_policy(nlp).summary(),
    }
