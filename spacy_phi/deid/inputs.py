"""Readers of `spacy-phi deid` inputs: a text file, a folder of text files
(recursively), JSONL, CSV and stdin.

Every reader streams: it holds one record at a time (a JSONL line is read
with a size bound; an over-long line is skipped in chunks, never loaded), so
inputs larger than memory work. A record that cannot be read is still
yielded, with `error` set and no text, so it reaches the errors file. The
order is deterministic (folders are walked in sorted order), which is what
`--resume` relies on: a run continues after the first N records.

Problems that make the whole input unusable (missing file, a CSV header
without the text column) raise `InputError` before any record is read.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ..errors import SpacyPhiError
from ..labels import LABEL_NAMES
from .csv_rows import CsvRegionLine, CsvRow, CsvRowReader, csv_row_limit
from .records import (
    REASON_BAD_FIELD,
    REASON_BAD_RECORD,
    REASON_BINARY,
    REASON_BROKEN_LINE,
    REASON_MISSING_FIELD,
    REASON_READ_ERROR,
    REASON_TOO_LONG,
    REASON_UNDECODABLE,
    InputRecord,
    RecordError,
)
from .settings import DEFAULT_MAX_CHARS

#: The interchange formats (`interop_io`): never guessed from the path.
INTEROP_FORMATS = ("fhir-ndjson", "fhir-bundle", "hl7")
INPUT_FORMATS = ("text", "folder", "jsonl", "csv") + INTEROP_FORMATS
STDIN = "-"
#: Bytes of JSON syntax and other fields allowed on a JSONL line besides the text.
_LINE_SLACK = 1 << 20
#: Worst case bytes per character of a JSON-escaped text ("\\u00e9").
_JSON_BYTES_PER_CHAR = 6
_UTF8_BYTES_PER_CHAR = 4
_STDIN_ID = "stdin"
_UTF8_BOM = b"\xef\xbb\xbf"
_KNOWN_VALUE_SEPARATOR = "|"


class InputError(SpacyPhiError):
    """The input as a whole cannot be read (the message names files and fields only)."""


@dataclass
class FieldConfig:
    """Where a record's parts are in a JSON object or a CSV row.

    text_field (str): the note text.
    id_field (Optional[str]): the record id ("line-N"/"row-N" when absent).
    patient_key_field (Optional[str]): the patient key (records of one patient
        share surrogates); when absent the record id is the key.
    known_field (Optional[str]): known identifiers, a JSON object
        {"LABEL": ["value", ...]} (in CSV: a column holding that JSON).
    known_columns (Dict[str, str]): CSV only: label → column holding known
        values of that label (several separated by "|").
    csv_delimiter (str): the CSV delimiter.
    """

    text_field: str = "text"
    id_field: Optional[str] = "id"
    patient_key_field: Optional[str] = "patient_id"
    known_field: Optional[str] = None
    known_columns: Dict[str, str] = field(default_factory=dict)
    csv_delimiter: str = ","

    def check(self) -> None:
        """Refuse an id or patient key read from the text or a known-PHI field:
        ids are written to the output, the errors file and the manifest.

        RAISES (InputError): such a combination.
        """
        phi_fields = {self.text_field: "--text-field", **{f: "--known-field/--known-column"
                                                          for f in self.consumed_fields()}}
        for name, option in ((self.id_field, "--id-field"), (self.patient_key_field, "--patient-key-field")):
            if name and name in phi_fields:
                raise InputError(
                    f"{option} {name!r} is also the {phi_fields[name]} field: an id or patient key taken "
                    "from note text or known PHI would put PHI in the output, errors file and manifest"
                )

    def consumed_fields(self) -> List[str]:
        """Fields holding known PHI: never copied to the output."""
        fields = [self.known_field] if self.known_field else []
        return fields + list(self.known_columns.values())


def detect_format(path: str, declared: Optional[str] = None) -> str:
    """The input format: the declared one, else guessed from the path.

    path (str): the input path, or "-" for stdin (text unless declared).
    declared (Optional[str]): one of INPUT_FORMATS, or None/"auto".
    RETURNS (str): one of INPUT_FORMATS.
    """
    if declared and declared != "auto":
        if declared not in INPUT_FORMATS:
            raise InputError(f"Unknown input format {declared!r}; expected one of {', '.join(INPUT_FORMATS)}")
        return declared
    if path == STDIN:
        return "text"
    p = Path(path)
    if p.is_dir():
        return "folder"
    suffix = p.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".csv", ".tsv"):
        return "csv"
    return "text"


def parse_known_phi(value: Any, where: str) -> Tuple[Optional[Dict[str, List[str]]], Optional[RecordError]]:
    """Validate known identifiers: {"LABEL": "value" | ["value", ...]}.

    Fail closed: a malformed value makes the record fail rather than be
    processed without the identifiers the user said must be removed.

    value (Any): the parsed field (None or "" for none).
    where (str): the field name, for messages.
    RETURNS (Tuple[Optional[Dict[str, List[str]]], Optional[RecordError]]): the
        identifiers (None if there are none), or the error.
    """
    if value is None or value == "" or value == {}:
        return None, None
    if not isinstance(value, dict):
        return None, RecordError(REASON_BAD_FIELD, f"field {where!r} must be an object of label → values")
    known: Dict[str, List[str]] = {}
    for label, values in value.items():
        if label not in LABEL_NAMES:
            # The unknown key is not quoted: a reversed mapping would make it a PHI value.
            return None, RecordError(REASON_BAD_FIELD, f"field {where!r} has a key that is not a spacy_phi label")
        if isinstance(values, (str, int)) and not isinstance(values, bool):
            values = [values]
        if not isinstance(values, list) or not all(
            isinstance(v, (str, int)) and not isinstance(v, bool) for v in values
        ):
            return None, RecordError(REASON_BAD_FIELD, f"field {where!r}: the values of {label} must be strings")
        cleaned = [str(v) for v in values if str(v).strip()]
        if cleaned:
            known.setdefault(label, []).extend(cleaned)
    return (known or None), None


def decode_note(data: bytes) -> Tuple[Optional[str], Optional[RecordError]]:
    """Decode the bytes of a note file strictly as UTF-8 (nothing is altered:
    line endings and a BOM are kept as characters).

    data (bytes): the file content.
    RETURNS (Tuple[Optional[str], Optional[RecordError]]): the text or the error.
    """
    if b"\x00" in data:
        return None, RecordError(REASON_BINARY, "the file contains NUL bytes (binary data?)")
    try:
        return data.decode("utf8"), None
    except UnicodeDecodeError as err:
        return None, RecordError(REASON_UNDECODABLE, f"not valid UTF-8 (first bad byte at offset {err.start})")


def _scalar_id(value: Any) -> Optional[str]:
    # Ids and patient keys are strings or integers; anything else is refused
    # rather than stringified (str() of an object could hold note text).
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (str, int)):
        text = str(value)
        return text if text.strip() else None
    return None


class InputSource:
    """Base class of the readers.

    format (str): one of INPUT_FORMATS.
    name (str): the input path (or "stdin"), for messages.
    total (Optional[int]): the number of records when known in advance.
    """

    format = "text"

    def __init__(self, name: str, max_chars: int = DEFAULT_MAX_CHARS) -> None:
        self.name = name
        self.max_chars = max_chars
        self.total: Optional[int] = None

    def records(self, skip: int = 0) -> Iterator[InputRecord]:
        """Yield the records in input order.

        skip (int): leave out the first `skip` records (resume), without
            decoding them.
        YIELDS (InputRecord): the records, with `position` set.
        """
        raise NotImplementedError

    def fraction_read(self) -> Optional[float]:
        """How much of the input has been read (0..1), when it can be told."""
        return None

    def fingerprint(self) -> Dict[str, Any]:
        """What identifies this input for `--resume` (path, size, mtime)."""
        return {"format": self.format, "input": self.name}


def _file_fingerprint(path: Path) -> Dict[str, Any]:
    stat = path.stat()
    return {"input": str(path.resolve()), "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


class TextFileSource(InputSource):
    """One note: a text file (id = its file name) or stdin (id "stdin").

    path (Optional[Path]): the file; None for stdin.
    stream (Optional[IO[bytes]]): the stream to read instead of stdin (tests).
    """

    format = "text"

    def __init__(self, path: Optional[Path], max_chars: int = DEFAULT_MAX_CHARS, stream: Optional[IO[bytes]] = None):
        super().__init__(str(path) if path is not None else _STDIN_ID, max_chars)
        self.path = path
        self.stream = stream
        self.total = 1
        if path is not None and not path.is_file():
            raise InputError(f"Input not found: {path}")

    def records(self, skip: int = 0) -> Iterator[InputRecord]:
        if skip >= 1:
            return
        if self.path is None:
            record_id = _STDIN_ID
            text, error = _read_stream_bounded(self.stream or sys.stdin.buffer, self.max_chars)
        else:
            record_id = self.path.name
            text, error = read_note_file(self.path, self.max_chars)
        yield InputRecord(id=record_id, text=text, position=0, source=self.name, error=error)

    def fingerprint(self) -> Dict[str, Any]:
        if self.path is None:
            return {"format": self.format, "input": _STDIN_ID}
        return {"format": self.format, **_file_fingerprint(self.path)}


def read_note_file(path: Path, max_chars: int) -> Tuple[Optional[str], Optional[RecordError]]:
    """Read and decode one note file, refusing over-long files before reading them.

    path (Path): the file.
    max_chars (int): the character limit.
    RETURNS (Tuple[Optional[str], Optional[RecordError]]): the text or the error.
    """
    try:
        status = path.stat()  # follows symlinks: a loop or a dangling link raises here
        if not stat.S_ISREG(status.st_mode):
            # Reading a FIFO or a device could block forever or never end.
            return None, RecordError(REASON_READ_ERROR, "not a regular file")
        size = status.st_size
        if size > _UTF8_BYTES_PER_CHAR * max_chars:
            # More bytes than max_chars characters can take: too long, unread.
            return None, RecordError(
                REASON_TOO_LONG, f"the file has {size:,} bytes, more than --max-chars {max_chars:,} allows"
            )
        data = path.read_bytes()
    except OSError as err:
        return None, RecordError(REASON_READ_ERROR, f"cannot read the file: {err.strerror}", error_type=type(err).__name__)
    return decode_note(data)


def _read_stream_bounded(stream: IO[bytes], max_chars: int) -> Tuple[Optional[str], Optional[RecordError]]:
    limit = _UTF8_BYTES_PER_CHAR * max_chars
    data = stream.read(limit + 1)
    if len(data) > limit:
        total = len(data)
        while True:  # drain without keeping it
            chunk = stream.read(1 << 20)
            if not chunk:
                break
            total += len(chunk)
        return None, RecordError(REASON_TOO_LONG, f"the input has {total:,} bytes, more than --max-chars {max_chars:,} allows")
    return decode_note(data)


def _links_to_folder(entry: "os.DirEntry[str]") -> bool:
    """Whether a directory entry is a symlink to a folder (not followed)."""
    if not entry.is_symlink():
        return False
    try:
        return stat.S_ISDIR(os.stat(entry.path).st_mode)
    except OSError:
        return False  # dangling or looping: a record that fails when read


class FolderSource(InputSource):
    """Every file with a matching suffix under a folder, recursively, in sorted
    order; the id is the path relative to the folder (POSIX separators).

    root (Path): the folder.
    suffixes (Sequence[str]): file name endings to read (case-insensitive).
    patient_key_from_folder (bool): use the relative parent folder as patient key.
    """

    format = "folder"

    def __init__(
        self,
        root: Path,
        max_chars: int = DEFAULT_MAX_CHARS,
        suffixes: Sequence[str] = (".txt",),
        patient_key_from_folder: bool = False,
        count: bool = True,
    ) -> None:
        super().__init__(str(root), max_chars)
        if not root.is_dir():
            raise InputError(f"Input folder not found: {root}")
        self.root = root
        self.suffixes = tuple(s.lower() for s in suffixes)
        self.patient_key_from_folder = patient_key_from_folder
        # A counting walk first (names only, O(1) memory) so progress has an ETA.
        self.total = sum(1 for _ in self._walk(root)) if count else None

    def _walk(self, folder: Path) -> Iterator[Tuple[Path, Optional[RecordError]]]:
        """(path, error) of each note file in sorted order; a sub-folder that
        cannot be listed is one item with its error (the root raises)."""
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as err:
            if folder == self.root:
                raise InputError(f"Cannot list the folder {folder}: {err.strerror}") from None
            yield folder, RecordError(
                REASON_READ_ERROR, f"cannot list the folder: {err.strerror}", error_type=type(err).__name__
            )
            return
        for entry in entries:
            # Symlinked folders are not followed (no loops); symlinked files are read.
            if entry.is_dir(follow_symlinks=False):
                yield from self._walk(Path(entry.path))
            elif entry.name.lower().endswith(self.suffixes) and not _links_to_folder(entry):
                # Every other match is a record, readable or not: a dangling or
                # looping symlink, a FIFO, a file without read permission all
                # become errors at read time instead of vanishing or aborting.
                yield Path(entry.path), None

    def records(self, skip: int = 0) -> Iterator[InputRecord]:
        for position, (path, walk_error) in enumerate(self._walk(self.root)):
            if position < skip:
                continue
            relative = path.relative_to(self.root).as_posix()
            parent = path.relative_to(self.root).parent.as_posix()
            patient_key = parent if self.patient_key_from_folder and parent != "." else None
            if walk_error is not None:
                text, error = None, walk_error
            else:
                text, error = read_note_file(path, self.max_chars)
            yield InputRecord(
                id=relative, text=text, position=position, patient_key=patient_key, source=relative, error=error
            )

    def fingerprint(self) -> Dict[str, Any]:
        return {"format": self.format, "input": str(self.root.resolve()), "suffixes": list(self.suffixes)}


class _CountingSource(InputSource):
    """Shared by JSONL and CSV: a file or stdin opened in binary."""

    def __init__(self, path: Optional[Path], fields: FieldConfig, max_chars: int, stream: Optional[IO[bytes]]):
        super().__init__(str(path) if path is not None else _STDIN_ID, max_chars)
        if path is not None and not path.is_file():
            raise InputError(f"Input not found: {path}")
        if path is not None:
            try:  # an unreadable input is a run that cannot start, not a failed record
                open(path, "rb").close()
            except OSError as err:
                raise InputError(f"Cannot read the input {path}: {err.strerror}") from None
        self.path = path
        self.fields = fields
        self.stream = stream
        self._raw: Optional[IO[bytes]] = None
        self._size = path.stat().st_size if path is not None else None

    def _open(self) -> IO[bytes]:
        if self.path is None:
            self._raw = self.stream or sys.stdin.buffer
        else:
            self._raw = open(self.path, "rb")
        return self._raw

    def _close(self) -> None:
        if self._raw is not None and self.path is not None:
            self._raw.close()

    def fraction_read(self) -> Optional[float]:
        if not self._size or self._raw is None or self._raw.closed:
            return None
        try:
            return min(1.0, self._raw.tell() / self._size)
        except (OSError, ValueError):
            return None

    def fingerprint(self) -> Dict[str, Any]:
        base = {"format": self.format, "fields": self.fields.__dict__}
        if self.path is None:
            return {**base, "input": _STDIN_ID}
        return {**base, **_file_fingerprint(self.path)}


class JsonlSource(_CountingSource):
    """One JSON object per line; blank lines are skipped (they are not records).

    path (Optional[Path]): the file; None for stdin.
    fields (FieldConfig): where text, id, patient key and known PHI are.
    """

    format = "jsonl"

    def __init__(
        self,
        path: Optional[Path],
        fields: Optional[FieldConfig] = None,
        max_chars: int = DEFAULT_MAX_CHARS,
        stream: Optional[IO[bytes]] = None,
    ) -> None:
        super().__init__(path, fields or FieldConfig(), max_chars, stream)

    def _lines(self, raw: IO[bytes]) -> Iterator[Tuple[int, Optional[bytes], int]]:
        """(line number, line or None if over the size bound, its byte length); no blank lines."""
        limit = jsonl_line_limit(self.max_chars)
        line_no = 0
        while True:
            line = raw.readline(limit)
            if not line:
                return
            line_no += 1
            if len(line) >= limit and not line.endswith(b"\n"):
                total = len(line)
                while True:  # skip the rest of the line without keeping it
                    chunk = raw.readline(limit)
                    total += len(chunk)
                    if not chunk or chunk.endswith(b"\n"):
                        break
                yield line_no, None, total
            elif line.strip():
                yield line_no, line, len(line)

    def records(self, skip: int = 0) -> Iterator[InputRecord]:
        raw = self._open()
        try:
            for position, (line_no, line, size) in enumerate(self._lines(raw)):
                if position < skip:
                    continue
                yield self._parse(line_no, line, size, position)
        finally:
            self._close()

    def _parse(self, line_no: int, line: Optional[bytes], size: int, position: int) -> InputRecord:
        return parse_jsonl_line(line, line_no, size, position, self.fields)


def jsonl_line_limit(max_chars: int) -> int:
    """The longest JSONL line read, in bytes: a longer one is "too_long", unparsed.

    max_chars (int): the character limit of a note.
    RETURNS (int): the byte limit.
    """
    return _JSON_BYTES_PER_CHAR * max_chars + _LINE_SLACK


def parse_jsonl_line(
    line: Optional[bytes], line_no: int, size: int, position: int, fields: FieldConfig
) -> InputRecord:
    """The record of one JSONL line (also what the Spark engine runs on each line).

    line (Optional[bytes]): the line; None when it was over the size bound.
    line_no (int): its 1-based line number (blank lines counted).
    size (int): its length in bytes.
    position (int): the record's 0-based position.
    fields (FieldConfig): where text, id, patient key and known PHI are.
    RETURNS (InputRecord): the record, with `error` set when it cannot be used.
    """
    fallback_id = f"line-{line_no}"
    source = f"line {line_no}"
    if line is None:
        error = RecordError(REASON_TOO_LONG, f"line {line_no} has {size:,} bytes, more than --max-chars allows")
        return InputRecord(id=fallback_id, position=position, source=source, error=error)
    if line_no == 1 and line.startswith(_UTF8_BOM):
        line = line[len(_UTF8_BOM):]  # a file-level marker, not part of any field
    undecodable = False
    try:
        decoded = line.decode("utf8")
    except UnicodeDecodeError:
        # Still parse it, to report the record under its own id.
        decoded = line.decode("utf8", errors="surrogateescape")
        undecodable = True
    try:
        obj = json.loads(decoded)
    except json.JSONDecodeError as err:
        error = RecordError(REASON_BROKEN_LINE, f"line {line_no} is not valid JSON ({err.msg}, column {err.colno})")
        if undecodable:
            error = RecordError(REASON_UNDECODABLE, f"line {line_no} is not valid UTF-8")
        return InputRecord(id=fallback_id, position=position, source=source, error=error)
    if not isinstance(obj, dict):
        error = RecordError(REASON_BAD_RECORD, f"line {line_no} is not a JSON object")
        return InputRecord(id=fallback_id, position=position, source=source, error=error)
    record = InputRecord(id=fallback_id, position=position, source=source, payload=obj)
    if fields.id_field and obj.get(fields.id_field) is not None:
        record_id = _scalar_id(obj[fields.id_field])
        if record_id is None:
            record.error = RecordError(REASON_BAD_FIELD, f"field {fields.id_field!r} must be a string or integer")
            return record
        record.id = record_id
    if undecodable:
        record.error = RecordError(REASON_UNDECODABLE, f"line {line_no} is not valid UTF-8")
        return record
    if fields.text_field not in obj or obj[fields.text_field] is None:
        record.error = RecordError(REASON_MISSING_FIELD, f"no text field {fields.text_field!r}")
        return record
    text = obj[fields.text_field]
    if not isinstance(text, str):
        record.error = RecordError(REASON_BAD_FIELD, f"field {fields.text_field!r} is not a string")
        return record
    if fields.patient_key_field and obj.get(fields.patient_key_field) is not None:
        record.patient_key = _scalar_id(obj[fields.patient_key_field])
        if record.patient_key is None:
            record.error = RecordError(
                REASON_BAD_FIELD, f"field {fields.patient_key_field!r} must be a string or integer"
            )
            return record
    if fields.known_field:
        record.known_phi, record.error = parse_known_phi(obj.get(fields.known_field), fields.known_field)
        if record.error:
            return record
    record.text = text
    return record


def _raise_csv_field_limit() -> None:
    # The csv module refuses fields over 128 KiB by default and cannot recover
    # its position after that error; the row reader bounds a row itself
    # (`csv_row_limit`) and the note length is checked afterwards against
    # --max-chars. (The limit is process-wide.)
    limit = min(sys.maxsize, 2**31 - 1)
    if csv.field_size_limit() < limit:
        csv.field_size_limit(limit)


class CsvSource(_CountingSource):
    """A CSV file with a header row; every column other than the known-PHI
    ones is passed through unchanged. Fields may hold quoted newlines.

    path (Optional[Path]): the file; None for stdin.
    fields (FieldConfig): the columns of text, id, patient key and known PHI.
    """

    format = "csv"

    def __init__(
        self,
        path: Optional[Path],
        fields: Optional[FieldConfig] = None,
        max_chars: int = DEFAULT_MAX_CHARS,
        stream: Optional[IO[bytes]] = None,
    ) -> None:
        super().__init__(path, fields or FieldConfig(), max_chars, stream)
        _raise_csv_field_limit()
        self.header: Optional[List[str]] = None
        self.missing_optional: List[str] = []
        self._reader: Optional[CsvRowReader] = None
        self._text_stream: Optional[io.TextIOWrapper] = None

    def _column(self, header: List[str], name: Optional[str], required: bool, what: str) -> Optional[int]:
        if not name:
            return None
        # The first header cell may start with a BOM; compare without it.
        names = [h.lstrip("\ufeff") for h in header]
        if names.count(name) > 1:
            raise InputError(f"{self.name}: column {name!r} ({what}) appears {names.count(name)} times in the header")
        if name in names:
            return names.index(name)
        if required:
            raise InputError(f"{self.name}: no column {name!r} ({what}) in the CSV header")
        self.missing_optional.append(name)
        return None

    def prepare(self) -> List[str]:
        """Open the input and read the header (the writer needs it first).

        RETURNS (List[str]): the header row, as written.
        RAISES (InputError): no header, or a required column is missing.
        """
        if self._reader is None:
            raw = self._open()
            # Invalid UTF-8 bytes are kept as surrogate escapes: passed-through
            # columns are written back byte for byte; a text field holding them fails.
            self._text_stream = io.TextIOWrapper(raw, encoding="utf8", errors="surrogateescape", newline="")
            self._reader = CsvRowReader(self._text_stream, self.fields.csv_delimiter, csv_row_limit(self.max_chars))
            try:
                self._read_header(self._reader)
            except InputError:
                self._release()
                raise
        assert self.header is not None
        return self.header

    def _release(self) -> None:
        if self._text_stream is not None:
            self._text_stream.detach()  # closing is the raw file's business (stdin stays open)
        self._text_stream = None
        self._reader = None
        self._close()

    def records(self, skip: int = 0) -> Iterator[InputRecord]:
        yield from self._rows(self.row_items(), skip)

    def row_items(self) -> Iterator[Union[CsvRow, CsvRegionLine]]:
        """The rows as the splitter gives them, before they become records: a
        `CsvRow` per well-delimited row, a `CsvRegionLine` per line of a region
        that cannot be split into rows (the Spark engine's check reads these).

        RAISES (InputError): no header, or a required column is missing.
        """
        self.prepare()
        assert self._reader is not None
        try:
            yield from self._reader.rows()
        finally:
            self._release()

    def _read_header(self, reader: CsvRowReader) -> None:
        try:
            header = reader.read_header()
        except csv.Error as err:
            raise InputError(f"{self.name}: unreadable CSV header ({err})") from None
        if header is None:
            raise InputError(f"{self.name}: empty CSV (no header row)")
        f = self.fields
        for label in f.known_columns:
            if label not in LABEL_NAMES:
                raise InputError(f"--known-column: unknown label {label!r}")
        self.missing_optional = []
        self._text_idx = self._column(header, f.text_field, True, "text")
        self._id_idx = self._column(header, f.id_field, False, "id")
        self._key_idx = self._column(header, f.patient_key_field, False, "patient key")
        self._known_idx = self._column(header, f.known_field, True, "known PHI")
        self._known_cols = {
            label: self._column(header, column, True, f"known {label}") for label, column in f.known_columns.items()
        }
        self.header = header
        reader.text_index = self._text_idx

    def _rows(self, items: Iterator[Union[CsvRow, CsvRegionLine]], skip: int) -> Iterator[InputRecord]:
        position = -1
        row_no = 0
        for item in items:
            header = self.header
            assert header is not None
            row_no += 1
            position += 1
            if position < skip:
                continue
            if isinstance(item, CsvRegionLine):
                yield self._region_error(item, row_no, position)
            else:
                yield self._parse(item.fields, row_no, position, header)

    def _region_error(self, line: CsvRegionLine, row_no: int, position: int) -> InputRecord:
        """An error record for one line of a region that cannot be split into rows."""
        record_id = f"line-{line.line_no}"
        idx = self._id_idx
        # The id is trusted where the line starts a row: the region's first
        # line (a column before the text is whole on it), or a line that looks
        # exactly like a row. Elsewhere the "id" could be a piece of a note.
        trusted = line.looks_like_row or (
            line.first_of_region and idx is not None and self._text_idx is not None and idx < self._text_idx
        )
        if trusted and idx is not None and idx < len(line.fields) and line.fields[idx].strip():
            record_id = line.fields[idx]
        # The row that ran past the size bound is too long as the file delimits it;
        # the lines after it are rows it may have swallowed.
        reason = REASON_TOO_LONG if line.over_size and line.first_of_region else REASON_BAD_RECORD
        error = RecordError(
            reason,
            f"line {line.line_no} (row {row_no}) is not de-identified: CSV {line.region} cannot be split "
            f"into rows reliably ({line.cause})",
        )
        return InputRecord(id=record_id, position=position, source=f"line {line.line_no}", error=error)

    def _parse(self, row: List[str], row_no: int, position: int, header: List[str]) -> InputRecord:
        source = f"row {row_no}"
        record = InputRecord(id=f"row-{row_no}", position=position, source=source, payload=row)
        if self._id_idx is not None and self._id_idx < len(row) and row[self._id_idx].strip():
            record.id = row[self._id_idx]
        if len(row) != len(header):
            record.error = RecordError(REASON_BAD_RECORD, f"row {row_no} has {len(row)} fields; the header has {len(header)}")
            return record
        if self._key_idx is not None and row[self._key_idx].strip():
            record.patient_key = row[self._key_idx]
        known: Dict[str, List[str]] = {}
        if self._known_idx is not None and row[self._known_idx].strip():
            try:
                value = json.loads(row[self._known_idx])
            except json.JSONDecodeError:
                record.error = RecordError(REASON_BAD_FIELD, f"column {self.fields.known_field!r} is not valid JSON")
                return record
            parsed, record.error = parse_known_phi(value, str(self.fields.known_field))
            if record.error:
                return record
            known.update(parsed or {})
        for label, idx in self._known_cols.items():
            assert idx is not None
            values = [v for v in row[idx].split(_KNOWN_VALUE_SEPARATOR) if v.strip()]
            if values:
                known.setdefault(label, []).extend(values)
        record.known_phi = known or None
        record.text = row[self._text_idx]  # type: ignore[index]
        return record


def open_input(
    path: Union[str, Path],
    format: Optional[str] = None,
    fields: Optional[FieldConfig] = None,
    *,
    max_chars: int = DEFAULT_MAX_CHARS,
    suffixes: Sequence[str] = (".txt",),
    patient_key_from_folder: bool = False,
    stream: Optional[IO[bytes]] = None,
) -> InputSource:
    """Open an input for reading.

    path (Union[str, Path]): a file, a folder, or "-" for stdin.
    format (Optional[str]): one of INPUT_FORMATS; guessed from the path if None.
    fields (Optional[FieldConfig]): fields/columns of JSONL and CSV.
    max_chars (int): notes longer than this are errors.
    suffixes (Sequence[str]): folder input: the file endings to read.
    patient_key_from_folder (bool): folder input: the parent folder is the patient key.
    stream (Optional[IO[bytes]]): read this binary stream instead of stdin.
    RETURNS (InputSource): the reader.
    RAISES (InputError): the input does not exist or cannot be used.
    """
    path_str = str(path)
    fmt = detect_format(path_str, format)
    fields = fields or FieldConfig()
    if fmt in ("jsonl", "csv"):
        fields.check()
    if fmt == "csv" and fields.csv_delimiter == "," and path_str.lower().endswith(".tsv"):
        fields = FieldConfig(**{**fields.__dict__, "csv_delimiter": "\t"})
    file_path = None if path_str == STDIN else Path(path_str)
    if fmt == "folder":
        if file_path is None:
            raise InputError("stdin cannot be read as a folder")
        return FolderSource(file_path, max_chars, suffixes, patient_key_from_folder)
    if file_path is not None and file_path.is_dir():
        raise InputError(f"{file_path} is a folder; it cannot be read as {fmt}")
    if fmt in INTEROP_FORMATS:  # read by `interop_io.open_interop_input`, which builds on this module
        raise InputError(f"--input-format {fmt} is opened by spacy_phi.deid.interop_io.open_interop_input")
    if fmt == "jsonl":
        return JsonlSource(file_path, fields, max_chars, stream)
    if fmt == "csv":
        return CsvSource(file_path, fields, max_chars, stream)
    return TextFileSource(file_path, max_chars, stream)
