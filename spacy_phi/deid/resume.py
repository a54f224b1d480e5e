"""Checkpoints of a `spacy-phi deid` run, for `--resume`.

Results are written in input order, so the progress of a run is one number:
the first N input records are done. The state file (`<output>.deid-state`,
JSONL) holds a header (what identifies the run: input path, size and mtime,
format, fields, mode, model, and a keyed fingerprint of the secret — never the
secret: resuming under another secret would mix two sets of surrogates and
manifest hashes in one output) and then one checkpoint line per flush:

    {"kind": "checkpoint", "done": N, "last_id": "...",
     "files": {"output": {"size": 1234}, "errors": {"size": 56}, ...},
     "summary": {...counts...}}

A checkpoint is written only after every output file has been flushed to
disk, so the sizes it names are on disk. Resuming truncates each partial
file back to its size (dropping what the interrupted run wrote after its last
checkpoint) and skips the first N records: nothing is written twice and
nothing is lost. A torn last line (a crash while writing it) is ignored.
No note text is ever in the state file.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from pathlib import Path
from typing import IO, Any, Dict, List, Optional, Tuple

from ..errors import SpacyPhiError

#: 2: the header holds a keyed fingerprint of the secret ("secret_check").
STATE_VERSION = 2
_SECRET_SALT_BYTES = 16
_SECRET_CHECK_CONTEXT = b"spacy_phi deid resume secret check\x00"


def secret_check(secret: bytes, salt: bytes) -> str:
    """A keyed fingerprint of the run secret: HMAC-SHA256 under the secret of a
    random salt. It tells whether two runs used the same secret; it does not
    reveal the secret (nor is it any of the manifest's value hashes).

    secret (bytes): the run secret.
    salt (bytes): random bytes stored next to the fingerprint.
    RETURNS (str): "hmac-sha256:<hex>".
    """
    digest = hmac.new(secret, _SECRET_CHECK_CONTEXT + salt, hashlib.sha256).hexdigest()
    return f"hmac-sha256:{digest}"


class ResumeError(SpacyPhiError):
    """The state file cannot be used to resume this run."""


class RunState:
    """The state file of a run.

    path (Path): `<output>.deid-state`.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: Optional[IO[str]] = None

    def exists(self) -> bool:
        """Whether an interrupted run left a state file."""
        return self.path.exists()

    def load(self) -> Tuple[Dict[str, Any], Optional[Dict[str, Any]]]:
        """The header and the last complete checkpoint (None if there is none).

        RETURNS (Tuple[Dict[str, Any], Optional[Dict[str, Any]]]): header, checkpoint.
        RAISES (ResumeError): no readable header.
        """
        header: Optional[Dict[str, Any]] = None
        checkpoint: Optional[Dict[str, Any]] = None
        with open(self.path, encoding="utf8") as f:
            for line in f:
                if not line.endswith("\n"):
                    break  # torn by a crash mid-write
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    break
                if entry.get("kind") == "header":
                    header = entry
                elif entry.get("kind") == "checkpoint":
                    checkpoint = entry
        if header is None or header.get("version") != STATE_VERSION:
            raise ResumeError(f"{self.path} is not a state file of this version; rerun with --overwrite")
        return header, checkpoint

    @staticmethod
    def differences(saved: Dict[str, Any], current: Dict[str, Any]) -> List[str]:
        """The settings that differ between the interrupted run and this one.

        saved (Dict[str, Any]): the header's fingerprint.
        current (Dict[str, Any]): this run's fingerprint.
        RETURNS (List[str]): the names of the differing settings.
        """
        keys = sorted(set(saved) | set(current))
        return [k for k in keys if json.dumps(saved.get(k), sort_keys=True) != json.dumps(current.get(k), sort_keys=True)]

    @staticmethod
    def same_secret(header: Dict[str, Any], secret: bytes) -> bool:
        """Whether the interrupted run used this secret (by its keyed fingerprint).

        header (Dict[str, Any]): the state file's header.
        secret (bytes): this run's secret.
        RETURNS (bool): True when the fingerprints match.
        """
        check = header.get("secret_check") or {}
        try:
            salt = bytes.fromhex(str(check.get("salt", "")))
        except ValueError:
            return False
        expected = str(check.get("hmac", ""))
        return bool(salt) and hmac.compare_digest(secret_check(secret, salt), expected)

    def begin(self, fingerprint: Dict[str, Any], secret: bytes) -> None:
        """Start a fresh state file with the run's header.

        fingerprint (Dict[str, Any]): what identifies the run.
        secret (bytes): the run secret; only its keyed fingerprint is stored.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "w", encoding="utf8")
        salt = os.urandom(_SECRET_SALT_BYTES)
        self._append({
            "kind": "header", "version": STATE_VERSION, "fingerprint": fingerprint,
            "secret_check": {"salt": salt.hex(), "hmac": secret_check(secret, salt)},
        })

    def reopen(self) -> None:
        """Continue appending to an existing state file."""
        self._file = open(self.path, "a", encoding="utf8")

    def _append(self, entry: Dict[str, Any]) -> None:
        assert self._file is not None
        # ASCII: ids and paths that are not valid UTF-8 are JSON escapes, read back exactly.
        self._file.write(json.dumps(entry, ensure_ascii=True) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def checkpoint(self, done: int, last_id: Optional[str], files: Dict[str, Any], summary: Dict[str, Any]) -> None:
        """Record that the first `done` records are on disk.

        done (int): records done.
        last_id (Optional[str]): id of the last one (checked on resume).
        files (Dict[str, Any]): each output's checkpoint (sizes).
        summary (Dict[str, Any]): the summary counters.
        """
        self._append({"kind": "checkpoint", "done": done, "last_id": last_id, "files": files, "summary": summary})

    def close(self) -> None:
        """Close the file (it stays for --resume)."""
        if self._file is not None and not self._file.closed:
            self._file.close()

    def remove(self) -> None:
        """Delete the state file (the run is complete)."""
        self.close()
        if self.path.exists():
            self.path.unlink()
