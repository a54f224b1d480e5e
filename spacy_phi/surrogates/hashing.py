"""The "hash" action: a span replaced by a keyed hash of its value.

"[PATIENT-3f9a1c2b7d4e]": HMAC-SHA256 under the run's secret (the secret that
keys the surrogates, `keys.py`) of the normalized value (case,
spacing and outer punctuation folded, so "SMITH, John" and "smith, john"
agree). The same value gets the same hash in every note and run that shares
the secret, so records can be linked; without the secret the hash can be
neither reversed nor recomputed from a guessed value. The label is not part of
the hash: a name tagged PATIENT in one note and DOCTOR in another still links.
"""

from __future__ import annotations

from .keys import derive_seed, normalize_value

#: Domain separation: a policy hash never equals a manifest hash or a surrogate seed.
_PURPOSE = "spacy_phi.policy.hash.v1"
#: Hex digits shown (48 bits: collisions are rare within a site's values).
HASH_DIGITS = 12


def hash_text(secret: bytes, label: str, value: str) -> str:
    """The replacement of a hashed span: "[LABEL-<12 hex digits>]".

    secret (bytes): the run's secret.
    label (str): the span's label (shown, not hashed).
    value (str): the original value.
    RETURNS (str): the replacement.
    """
    digest = format(derive_seed(secret, _PURPOSE, normalize_value(value)), "064x")
    return f"[{label}-{digest[:HASH_DIGITS]}]"
