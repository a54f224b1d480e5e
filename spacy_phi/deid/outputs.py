"""Writers of `spacy-phi deid` outputs. The output mirrors the input: a text
file → a text file, a folder → a folder with the same relative paths, JSONL →
JSONL (the same objects, the text field replaced), CSV → CSV (the same
columns, the text column replaced), stdin → stdout.

Nothing is written in place. Appended files (JSONL, CSV, errors, manifest)
grow in `<final>.partial` and a folder fills `<final>.partial/`; each is
renamed to its final name when the run completes, so a final name only ever
holds a complete output. `checkpoint()` flushes to disk and reports the
sizes that `--resume` truncates back to. Single files are written through a
temporary file and an atomic rename.

Every line is valid UTF-8: strings UTF-8 cannot encode (lone surrogates)
are escaped as `safe_text` describes.

Only de-identified text is ever handed to a writer; a failed record is never
written (the folder writer even removes a staged file of a failed record left
by an interrupted run).
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import sys
from pathlib import Path
from typing import IO, Any, Dict, Iterable, List, Optional, Sequence

from .inputs import FieldConfig
from .records import RecordError, RecordResult
from .safe_text import mirrored_json_line, side_file_line

PARTIAL_SUFFIX = ".partial"


def staging_path(path: Path) -> Path:
    """Where `path` is built before its final rename.

    path (Path): the final path.
    RETURNS (Path): `<path>.partial`.
    """
    return path.with_name(path.name + PARTIAL_SUFFIX)


def sidecar_path(path: Path, suffix: str) -> Path:
    """A file next to an output: `out.jsonl` → `out.jsonl.errors.jsonl`.

    path (Path): the output file or folder.
    suffix (str): e.g. ".errors.jsonl".
    RETURNS (Path): the sidecar path.
    """
    return path.with_name(path.name + suffix)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write a file through a temporary file and an atomic rename.

    path (Path): the destination (its folder must exist).
    data (bytes): the content.
    """
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def replace_path(staged: Path, final: Path) -> None:
    """Move a finished file or folder to its final name, replacing what is there.

    staged (Path): the finished output.
    final (Path): its final name.
    """
    if staged.is_dir():
        aside = None
        if final.exists():
            aside = final.with_name(f".{final.name}.old-{os.getpid()}")
            os.replace(final, aside)
        os.replace(staged, final)
        if aside is not None:
            shutil.rmtree(aside, ignore_errors=True)
    else:
        os.replace(staged, final)


class AppendLog:
    """An append-only byte file built in `<final>.partial`.

    final (Path): the final path.
    """

    def __init__(self, final: Path) -> None:
        self.final = final
        self.staged = staging_path(final)
        self._file: Optional[IO[bytes]] = None

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        """Open for appending; on resume, cut the file back to its last checkpoint.

        resume (Optional[Dict[str, Any]]): this file's checkpoint ({"size": bytes
            to keep}); None starts empty.
        """
        self.final.parent.mkdir(parents=True, exist_ok=True)
        resume_size = None if resume is None else int(resume.get("size", 0))
        if resume_size is None:
            self._file = open(self.staged, "wb")
            return
        self._file = open(self.staged, "r+b" if self.staged.exists() else "w+b")
        # Anything after the checkpoint was written by the interrupted run
        # after its last checkpoint: it is redone, so it goes.
        self._file.truncate(resume_size)
        self._file.seek(resume_size)

    @property
    def is_empty(self) -> bool:
        """Whether nothing has been written yet."""
        assert self._file is not None
        return self._file.tell() == 0

    def write(self, data: bytes) -> None:
        """Append bytes."""
        assert self._file is not None, "AppendLog.open() first"
        self._file.write(data)

    def write_json(self, obj: Dict[str, Any]) -> None:
        """Append one JSON line of the run's own files (strings UTF-8 cannot
        encode are escaped, see `safe_text`)."""
        self.write(side_file_line(obj))

    def checkpoint(self) -> Dict[str, Any]:
        """Flush to disk.

        RETURNS (Dict[str, Any]): {"size": bytes written so far}.
        """
        assert self._file is not None
        self._file.flush()
        os.fsync(self._file.fileno())
        return {"size": self._file.tell()}

    def close(self) -> None:
        """Close, leaving the partial file (for --resume)."""
        if self._file is not None and not self._file.closed:
            self._file.close()

    def finalize(self) -> None:
        """Flush, close and rename the file to its final name."""
        if self._file is not None:
            self.checkpoint()
            self.close()
        replace_path(self.staged, self.final)


class StreamLog:
    """An AppendLog look-alike writing to a stream (stdout, stderr); no resume.

    stream (IO[bytes]): the binary stream.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self._written = 0

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        """Nothing to open."""

    @property
    def is_empty(self) -> bool:
        """Whether nothing has been written yet."""
        return self._written == 0

    def write(self, data: bytes) -> None:
        """Write bytes."""
        self.stream.write(data)
        self._written += len(data)

    def write_json(self, obj: Dict[str, Any]) -> None:
        """Write one JSON line of the run's own files (see `AppendLog.write_json`)."""
        self.write(side_file_line(obj))

    def checkpoint(self) -> Dict[str, Any]:
        """Flush."""
        self.stream.flush()
        return {}

    def close(self) -> None:
        """Flush (the stream stays open)."""
        self.stream.flush()

    def finalize(self) -> None:
        """Flush (the stream stays open)."""
        self.stream.flush()


def open_log(path: Optional[Path], stream: Optional[IO[bytes]] = None) -> Any:
    """An AppendLog for a path, else a StreamLog for the stream.

    path (Optional[Path]): the final file.
    stream (Optional[IO[bytes]]): used when path is None.
    RETURNS (Any): AppendLog or StreamLog.
    """
    if path is not None:
        return AppendLog(path)
    return StreamLog(stream if stream is not None else sys.stdout.buffer)


class RecordRejected(Exception):
    """A writer cannot write a de-identified record validly (a FHIR resource
    that no longer validates): the record fails with this error, nothing of
    it is written.

    error (RecordError): why (no text).
    """

    def __init__(self, error: RecordError) -> None:
        super().__init__(error.message)
        self.error = error


class OutputWriter:
    """Base class: receives successful results in input order. `write` may
    raise `RecordRejected` before it writes anything of the record."""

    #: Paths (final) this writer produces, for existence checks.
    final_paths: Sequence[Path] = ()
    #: Staged paths, for detecting an interrupted run.
    staged_paths: Sequence[Path] = ()

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        """Prepare; `resume` is this writer's part of the last checkpoint."""

    def write(self, result: RecordResult) -> None:
        """Write one de-identified record."""
        raise NotImplementedError

    def discard(self, result: RecordResult) -> None:
        """Make sure a failed record has no output (left by an interrupted run)."""

    def checkpoint(self) -> Dict[str, Any]:
        """Flush; RETURNS what `open(resume=...)` needs to continue from here."""
        return {}

    def close(self) -> None:
        """Close without finishing (the partial output stays for --resume)."""

    def finalize(self) -> None:
        """Finish: move the output to its final name."""


class TextOutput(OutputWriter):
    """A single de-identified note: a file (written atomically) or stdout.

    path (Optional[Path]): the output file; None for stdout.
    stream (Optional[IO[bytes]]): the stream for path None (default stdout).
    """

    def __init__(self, path: Optional[Path], stream: Optional[IO[bytes]] = None) -> None:
        self.path = path
        self.stream = stream
        self.final_paths = (path,) if path is not None else ()
        self._pending: Optional[str] = None

    def write(self, result: RecordResult) -> None:
        assert result.text is not None
        if self.path is None:
            out = self.stream if self.stream is not None else sys.stdout.buffer
            out.write(result.text.encode("utf8"))
            out.flush()
        else:
            self._pending = result.text

    def finalize(self) -> None:
        if self.path is not None and self._pending is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.path, self._pending.encode("utf8"))


class FolderOutput(OutputWriter):
    """A folder mirroring the input folder's relative paths, filled in
    `<root>.partial/` (each file written atomically), renamed at the end.

    root (Path): the output folder.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.staged = staging_path(root)
        self.final_paths = (root,)
        self.staged_paths = (self.staged,)

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        if resume is None and self.staged.exists():
            shutil.rmtree(self.staged)
        self.staged.mkdir(parents=True, exist_ok=True)

    def _target(self, result: RecordResult) -> Path:
        relative = Path(result.record.source or result.record.id)
        if relative.is_absolute() or ".." in relative.parts:
            raise ValueError("record path escapes the output folder")
        return self.staged / relative

    def write(self, result: RecordResult) -> None:
        assert result.text is not None
        target = self._target(result)
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, result.text.encode("utf8"))

    def discard(self, result: RecordResult) -> None:
        try:
            target = self._target(result)
        except ValueError:
            return
        if target.is_file():
            target.unlink()

    def finalize(self) -> None:
        replace_path(self.staged, self.root)


class _FieldPolicy:
    """Which pass-through fields are dropped or replaced by a keyed hash."""

    def __init__(self, fields: FieldConfig, drop: Iterable[str], hash_fields: Iterable[str], hasher: Any) -> None:
        # Known-PHI fields are identifiers by definition: never copied.
        self.drop = set(drop) | set(fields.consumed_fields())
        self.hash_fields = set(hash_fields) - self.drop
        self.hasher = hasher

    def hashed(self, value: Any) -> Any:
        if value is None or value == "":
            return value
        return self.hasher(str(value))


class JsonlOutput(OutputWriter):
    """JSONL: each input object with its text field replaced (other fields kept,
    in order; known-PHI and --drop-field fields removed, --hash-field fields hashed).

    path (Optional[Path]): the output file; None for stdout.
    fields (FieldConfig): the field names.
    drop (Iterable[str]): fields to leave out.
    hash_fields (Iterable[str]): fields to replace by a keyed hash.
    hasher (Any): str → str keyed hash (see manifest.keyed_hash).
    stream (Optional[IO[bytes]]): stream for path None.
    """

    def __init__(
        self,
        path: Optional[Path],
        fields: FieldConfig,
        drop: Iterable[str] = (),
        hash_fields: Iterable[str] = (),
        hasher: Any = None,
        stream: Optional[IO[bytes]] = None,
    ) -> None:
        self.log = open_log(path, stream)
        self.fields = fields
        self.policy = _FieldPolicy(fields, drop, hash_fields, hasher)
        self.final_paths = (path,) if path is not None else ()
        self.staged_paths = (staging_path(path),) if path is not None else ()

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        self.log.open(resume)

    def write(self, result: RecordResult) -> None:
        assert result.text is not None
        obj: Dict[str, Any] = {}
        for key, value in (result.record.payload or {}).items():
            if key in self.policy.drop:
                continue
            if key == self.fields.text_field:
                value = result.text
            elif key in self.policy.hash_fields:
                value = self.policy.hashed(value)
            obj[key] = value
        # The input's values, read back the same: a "\\udXXX" escape stays one.
        self.log.write(mirrored_json_line(obj))

    def checkpoint(self) -> Dict[str, Any]:
        return self.log.checkpoint()

    def close(self) -> None:
        self.log.close()

    def finalize(self) -> None:
        self.log.finalize()


class CsvOutput(OutputWriter):
    """CSV: the input header and rows, the text column replaced (known-PHI and
    --drop-field columns removed, --hash-field columns hashed). Bytes that were
    not valid UTF-8 in passed-through columns are written back unchanged.

    path (Optional[Path]): the output file; None for stdout.
    header (List[str]): the input header, as written.
    fields (FieldConfig): the column names.
    """

    def __init__(
        self,
        path: Optional[Path],
        header: List[str],
        fields: FieldConfig,
        drop: Iterable[str] = (),
        hash_fields: Iterable[str] = (),
        hasher: Any = None,
        stream: Optional[IO[bytes]] = None,
    ) -> None:
        self.log = open_log(path, stream)
        self.fields = fields
        self.policy = _FieldPolicy(fields, drop, hash_fields, hasher)
        names = [h.lstrip("\ufeff") for h in header]
        self.header = header
        self.keep = [i for i, name in enumerate(names) if name not in self.policy.drop]
        self.hash_idx = {i for i, name in enumerate(names) if name in self.policy.hash_fields}
        self.text_idx = names.index(fields.text_field)
        self.final_paths = (path,) if path is not None else ()
        self.staged_paths = (staging_path(path),) if path is not None else ()

    def _row_bytes(self, row: List[str]) -> bytes:
        buffer = io.StringIO()
        csv.writer(buffer, delimiter=self.fields.csv_delimiter).writerow(row)
        return buffer.getvalue().encode("utf8", errors="surrogateescape")

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        self.log.open(resume)
        if self.log.is_empty:
            self.log.write(self._row_bytes([self.header[i] for i in self.keep]))

    def write(self, result: RecordResult) -> None:
        assert result.text is not None
        row = result.record.payload
        out = []
        for i in self.keep:
            if i == self.text_idx:
                out.append(result.text)
            elif i in self.hash_idx:
                out.append(self.policy.hashed(row[i]))
            else:
                out.append(row[i])
        self.log.write(self._row_bytes(out))

    def checkpoint(self) -> Dict[str, Any]:
        return self.log.checkpoint()

    def close(self) -> None:
        self.log.close()

    def finalize(self) -> None:
        self.log.finalize()
