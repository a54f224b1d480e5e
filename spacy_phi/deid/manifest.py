"""The audit manifest of a `spacy-phi deid` run: JSONL, one line per PHI span.

    {"record_id": "notes/a.txt", "start": 10, "end": 20, "label": "PATIENT",
     "detector": "rules", "sources": ["rules"], "rule_id": "name_title",
     "score": null, "action": "surrogate", "new_start": 10, "new_end": 21,
     "value_hash": "hmac-sha256:9f2c…", "policy": "sha256:41d0…"}

`policy` is the content hash of the site policy the run used (`spacy_phi.policy`;
the run summary names it and its actions).

`value_hash` is HMAC-SHA256 of the original value under the run's secret
(the same secret that keys the surrogates): someone holding the secret can
check whether a given value was found in a record; nobody else can recover
it. The raw value is written (as `text`) only when the user asks for it
(`--manifest-include-text`), because it is PHI.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Optional

from ..surrogates.keys import derive_seed
from .records import RecordResult

HASH_PREFIX = "hmac-sha256:"
_MANIFEST_PURPOSE = "spacy_phi.deid.manifest.v1"
_FIELD_PURPOSE = "spacy_phi.deid.field.v1"


def keyed_hash(secret: bytes, value: str, purpose: str = _MANIFEST_PURPOSE) -> str:
    """HMAC-SHA256 of a value under the secret, as "hmac-sha256:<64 hex digits>".

    The exact value is hashed (not normalized), with a purpose prefix so a
    manifest hash is never equal to a hash made for another use.

    secret (bytes): the run secret.
    value (str): the value.
    purpose (str): the domain separation string.
    RETURNS (str): the prefixed hex digest.
    """
    try:
        value.encode("utf8")
    except UnicodeEncodeError:
        try:
            # Undecodable input bytes (surrogate escapes): hash their bytes.
            value = "bytes:" + value.encode("utf8", errors="surrogateescape").hex()
        except UnicodeEncodeError:
            # Other lone surrogates (a "\ud800" JSON escape): hash their code units.
            value = "surrogates:" + value.encode("utf8", errors="surrogatepass").hex()
    return HASH_PREFIX + format(derive_seed(secret, purpose, value), "064x")


def field_hasher(secret: bytes) -> Any:
    """A str → keyed-hash function for pass-through fields (`--hash-field`).

    secret (bytes): the run secret.
    RETURNS (Any): the function.
    """
    return lambda value: keyed_hash(secret, value, _FIELD_PURPOSE)


def manifest_lines(
    result: RecordResult, secret: bytes, include_text: bool = False, policy_hash: Optional[str] = None
) -> Iterator[Dict[str, Any]]:
    """The manifest lines of one de-identified record.

    result (RecordResult): a successful result (its record still holds the original text).
    secret (bytes): the run secret.
    include_text (bool): also write the original value (PHI!) as `text`.
    policy_hash (Optional[str]): the run policy's content hash, written as `policy`.
    YIELDS (Dict[str, Any]): one dict per PHI span.
    """
    original = result.record.text or ""
    for span in result.spans:
        value = original[span["start"] : span["end"]]
        line: Dict[str, Any] = {
            "record_id": result.record.id,
            "start": span["start"],
            "end": span["end"],
            "label": span["label"],
            "detector": span.get("detector", "unknown"),
            "sources": span.get("sources", []),
            "rule_id": span.get("rule_id"),
            "score": span.get("score"),
            "action": span.get("action"),
            "new_start": span.get("new_start"),
            "new_end": span.get("new_end"),
            "value_hash": keyed_hash(secret, value),
        }
        if policy_hash:
            line["policy"] = policy_hash
        if span.get("reason") == "policy":
            line["kept_by_policy"] = True
        elif span.get("reason"):
            line["mask_reason"] = span["reason"]
        if include_text:
            line["text"] = value
        yield line
