"""Checkpoints of a `spacy-phi deid` run, for `--resume`.

Results are written in input order, so the progress of a run is one number:
the first N input records are done. The state file (`<output>.deid-state`,
JSONL) holds a header (what identifies the run: input path, size and mtime,
format, fields, mode, model) and then one checkpoint line per flush:

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

import json
import os
from pathlib import Path
from typing import IO, Any, Dict, List, Optional, Tuple

from ..errors import SpacyPhiError

STATE_VERSION = 1


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

    def begin(self, fingerprint: Dict[str, Any]) -> None:
        """Start a fresh state file with the run's header.

        fingerprint (Dict[str, Any]): what identifies the run.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "w", encoding="utf8")
        self._append({"kind": "header", "version": STATE_VERSION, "fingerprint": fingerprint})

    def reopen(self) -> None:
        """Continue appending to an existing state file."""
        self._file = open(self.path, "a", encoding="utf8")

    def _append(self, entry: Dict[str, Any]) -> None:
        assert self._file is not None
        self._file.write(json.dumps(entry, ensure_ascii=False) + "\n")
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
