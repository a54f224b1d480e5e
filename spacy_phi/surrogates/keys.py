"""Keyed determinism: secret loading and HMAC-SHA256 seed derivation.

Every surrogate choice is drawn from a local `random.Random` seeded with
HMAC-SHA256(secret, key | label | part | normalized value). With the same
secret and patient key the same value always gets the same surrogate, across
documents, processes and runs, with no mapping database; without the secret
the mapping cannot be recomputed or reversed.

The secret is read from a file (config `secret_file`) or an environment
variable (default `SPACY_PHI_SECRET`). It is never serialized with the
pipeline and never logged. With neither, one random secret is made per
process run (`secrets.token_bytes`), so output is consistent within the run
only. An empty secret file or an empty (set) variable is an error.
"""

from __future__ import annotations

import hmac
import os
import random
import re
import secrets
import unicodedata
from hashlib import sha256
from pathlib import Path
from typing import Optional, Union

from ..doc_keys import PATIENT_KEY, RECORD_ID_KEY
from ..errors import SpacyPhiError

#: The environment variable the secret is read from by default.
SECRET_ENV_VAR = "SPACY_PHI_SECRET"
#: Doc.user_data key of the patient key (wins over the record id).
PATIENT_KEY_FIELD = PATIENT_KEY
#: Doc.user_data key of the record id that the converters store.
RECORD_ID_FIELD = RECORD_ID_KEY

_SEP = b"\x1f"  # unit separator: cannot occur in normalized parts
_RUN_SECRET: Optional[bytes] = None
_SPACES = re.compile(r"\s+")


class SecretError(SpacyPhiError):
    """The secret could not be loaded (the message never contains it)."""


def _run_secret() -> bytes:
    # One per process, made lazily. Forked workers inherit it; note that a
    # spawned worker would make its own, which is why a real deployment sets
    # the secret explicitly.
    global _RUN_SECRET
    if _RUN_SECRET is None:
        _RUN_SECRET = secrets.token_bytes(32)
    return _RUN_SECRET


def load_secret(
    secret_file: Optional[Union[str, Path]] = None,
    env_var: Optional[str] = SECRET_ENV_VAR,
) -> bytes:
    """Load the HMAC secret: from `secret_file` if given, else from the
    environment variable, else a random per-run secret.

    secret_file (Optional[Union[str, Path]]): a file whose content (stripped of
        surrounding whitespace) is the secret.
    env_var (Optional[str]): the environment variable to read; None to skip.
    RETURNS (bytes): the secret.
    RAISES (SecretError): the file cannot be read or is empty, or the
        environment variable is set but empty (or whitespace only).
    """
    if secret_file:
        path = Path(secret_file).expanduser()
        try:
            data = path.read_bytes().strip()
        except OSError as err:
            # The path is config, not PHI; the content is never shown.
            raise SecretError(f"Cannot read the secret file {str(path)!r}: {err.strerror}") from None
        if not data:
            raise SecretError(f"The secret file {str(path)!r} is empty")
        return data
    if env_var:
        value = os.environ.get(env_var)
        if value is not None:
            if not value.strip():
                # Set but empty (`SPACY_PHI_SECRET=`, a failed `$(cat file)`): a
                # mistake, refused like an empty secret file, not replaced by a
                # random secret that would make the output unrepeatable.
                raise SecretError(
                    f"The environment variable {env_var} is set but empty: set it to the secret, "
                    "or unset it for a random per-run secret"
                )
            return value.encode("utf8")
    return _run_secret()


def normalize_value(text: str) -> str:
    """Normalize a PHI value so trivial variants get the same surrogate:
    Unicode NFKC, case-folded, whitespace collapsed, outer punctuation stripped.

    text (str): the value.
    RETURNS (str): the normalized value.
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    return _SPACES.sub(" ", text).strip(" \t\n.,;:'\"()[]")


def derive_seed(secret: bytes, *parts: str) -> int:
    """An integer seed from HMAC-SHA256(secret, parts joined by a separator).

    secret (bytes): the secret.
    parts (str): the key, label, role and normalized value.
    RETURNS (int): a 256-bit non-negative integer.
    """
    # "surrogatepass": a record id or patient key holding undecodable bytes
    # (a file name that is not UTF-8) still keys its surrogates; valid text
    # encodes as it always did.
    message = _SEP.join(p.encode("utf8", errors="surrogatepass") for p in parts)
    return int.from_bytes(hmac.new(secret, message, sha256).digest(), "big")


def keyed_rng(secret: bytes, *parts: str) -> random.Random:
    """A local `random.Random` seeded from `derive_seed` (never the global one).

    secret (bytes): the secret.
    parts (str): the key, label, role and normalized value.
    RETURNS (random.Random): the generator.
    """
    return random.Random(derive_seed(secret, *parts))


def random_doc_key() -> str:
    """A random per-document key, for docs without a patient key or record id."""
    return "random:" + secrets.token_hex(16)


def doc_key(user_data: dict, patient_key_field: str = PATIENT_KEY_FIELD, record_id_field: str = RECORD_ID_FIELD) -> str:
    """The patient/record key of a document: `user_data[patient_key_field]`,
    else `user_data[record_id_field]`, else a random key.

    user_data (dict): `doc.user_data`.
    RETURNS (str): the key.
    """
    for field in (patient_key_field, record_id_field):
        value = user_data.get(field) if field else None
        if value is not None and str(value) != "":
            return f"{field}:{value}"
    return random_doc_key()
