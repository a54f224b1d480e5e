"""Readers and writers of `spacy-phi deid` for FHIR R4 (NDJSON, one resource
a line, or a Bundle); HL7 v2 files are read and written by `hl7_io`.

One resource or message is one record: the reader collects its text (see
`spacy_phi.deid.interop.fhir`) and keeps what the
writer needs in the record's payload, which never leaves the main process.
A resource or message that cannot be de-identified is an error record, as
is one the writer cannot rebuild validly (`RecordRejected`): nothing of it
is written. NDJSON streams; a Bundle is one JSON document and
is read whole.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any, Dict, Iterator, Optional

from .interop import fhir
from .interop.keyed import RecordKeys
from .interop.segments import SegmentError
from .inputs import FieldConfig, InputError, InputSource, JsonlSource, _file_fingerprint
from .outputs import OutputWriter, RecordRejected, open_log, staging_path
from .records import (
    REASON_BAD_RECORD,
    REASON_BROKEN_LINE,
    REASON_NO_OUTPUT,
    REASON_TOO_LONG,
    REASON_UNDECODABLE,
    InputRecord,
    RecordError,
    RecordResult,
)
from .settings import DEFAULT_MAX_CHARS

FHIR_NDJSON = "fhir-ndjson"
FHIR_BUNDLE = "fhir-bundle"
HL7 = "hl7"
INTEROP_FORMATS = (FHIR_NDJSON, FHIR_BUNDLE, HL7)
_BUNDLE_EXTRA_BYTES = 1 << 20


def require_fhir() -> None:
    """RAISES (InputError): the `fhir` extra is not installed."""
    try:
        import fhir.resources.R4B  # noqa: F401
    except ImportError:
        raise InputError("FHIR input needs the fhir extra: pip install 'spacy_phi[fhir]'") from None


def fhir_input_record(resource: Any, fallback_id: str, position: int, source: str,
                      entry: Optional[Dict[str, Any]] = None) -> InputRecord:
    """The record of one resource (an error record when it cannot be de-identified).

    resource (Any): the parsed JSON.
    fallback_id (str): the id when the resource has none ("line-3", "entry-0").
    position (int): the record's 0-based position.
    source (str): where it is ("line 3", "entry 0").
    entry (Optional[Dict[str, Any]]): its Bundle entry.
    RETURNS (InputRecord): the record.
    """
    rid = (fhir.record_id(resource) if isinstance(resource, dict) else None) or fallback_id
    try:
        parts = fhir.read_resource(resource)
    except fhir.ResourceError as err:
        return InputRecord(id=rid, position=position, source=source, error=err.error)
    parts.entry = entry
    return InputRecord(id=rid, text=parts.segments.text, position=position, patient_key=parts.patient_key,
                       source=source, payload=parts, text_optional=True)


def _deidentified_resource(result: RecordResult, keys: RecordKeys) -> Dict[str, Any]:
    """The rebuilt resource of a result. RAISES (RecordRejected)."""
    parts = result.record.payload
    assert result.text is not None and isinstance(parts, fhir.FhirRecord)
    try:
        texts = parts.segments.split(result.text, result.spans)
        return fhir.rebuild(parts, texts, keys, result.record.id)
    except fhir.ResourceError as err:
        raise RecordRejected(err.error) from None
    except SegmentError as err:
        raise RecordRejected(RecordError(REASON_NO_OUTPUT, str(err))) from None


class FhirNdjsonSource(JsonlSource):
    """FHIR NDJSON (bulk data export): one resource per line."""

    format = FHIR_NDJSON

    def __init__(self, path: Optional[Path], max_chars: int = DEFAULT_MAX_CHARS,
                 stream: Optional[IO[bytes]] = None) -> None:
        require_fhir()
        super().__init__(path, FieldConfig(), max_chars, stream)

    def _parse(self, line_no: int, line: Optional[bytes], size: int, position: int) -> InputRecord:
        fallback, source = f"line-{line_no}", f"line {line_no}"
        if line is None:
            error = RecordError(REASON_TOO_LONG, f"line {line_no} has {size:,} bytes, more than --max-chars allows")
            return InputRecord(id=fallback, position=position, source=source, error=error)
        try:
            resource = json.loads(line.decode("utf-8-sig" if line_no == 1 else "utf-8"))
        except UnicodeDecodeError:
            error = RecordError(REASON_UNDECODABLE, f"line {line_no} is not valid UTF-8")
            return InputRecord(id=fallback, position=position, source=source, error=error)
        except json.JSONDecodeError as err:
            error = RecordError(REASON_BROKEN_LINE, f"line {line_no} is not valid JSON ({err.msg}, column {err.colno})")
            return InputRecord(id=fallback, position=position, source=source, error=error)
        return fhir_input_record(resource, fallback, position, source)


class FhirBundleSource(InputSource):
    """A FHIR Bundle (a JSON file): each entry's resource is a record.

    path (Path): the file.
    """

    format = FHIR_BUNDLE

    def __init__(self, path: Path, max_chars: int = DEFAULT_MAX_CHARS) -> None:
        super().__init__(str(path), max_chars)
        require_fhir()
        if not path.is_file():
            raise InputError(f"Input not found: {path}")
        self.path = path
        try:
            with open(path, "rb") as f:
                bundle = json.loads(f.read().decode("utf-8-sig"))
        except OSError as err:
            raise InputError(f"Cannot read the input {path}: {err.strerror}") from None
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise InputError(f"{path} is not a JSON document (UTF-8)") from None
        if not isinstance(bundle, dict) or bundle.get("resourceType") != "Bundle":
            raise InputError(f"{path} is not a FHIR Bundle (resourceType is not Bundle)")
        entries = bundle.get("entry") or []
        if not isinstance(entries, list):
            raise InputError(f"{path}: Bundle.entry is not a list")
        self.bundle_type = bundle.get("type") if isinstance(bundle.get("type"), str) else "collection"
        self.bundle_id = bundle.get("id") if isinstance(bundle.get("id"), str) else None
        self._entries = entries
        self.total = len(entries)

    def records(self, skip: int = 0) -> Iterator[InputRecord]:
        for position, entry in enumerate(self._entries):
            if position < skip:
                continue
            fallback, source = f"entry-{position}", f"entry {position}"
            if not isinstance(entry, dict) or "resource" not in entry:
                error = RecordError(REASON_BAD_RECORD, f"entry {position} has no resource")
                yield InputRecord(id=fallback, position=position, source=source, error=error)
                continue
            yield fhir_input_record(entry["resource"], fallback, position, source, entry)

    def fingerprint(self) -> Dict[str, Any]:
        return {"format": self.format, **_file_fingerprint(self.path)}


class FhirNdjsonOutput(OutputWriter):
    """FHIR NDJSON: each de-identified resource on its own line.

    path (Optional[Path]): the output file; None for stdout.
    keys (RecordKeys): the run's keyed replacements.
    """

    def __init__(self, path: Optional[Path], keys: RecordKeys, stream: Optional[IO[bytes]] = None) -> None:
        self.log = open_log(path, stream)
        self.keys = keys
        self.final_paths = (path,) if path is not None else ()
        self.staged_paths = (staging_path(path),) if path is not None else ()

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        self.log.open(resume)

    def write(self, result: RecordResult) -> None:
        resource = _deidentified_resource(result, self.keys)
        self.log.write((json.dumps(resource, ensure_ascii=False) + "\n").encode("utf-8"))

    def checkpoint(self) -> Dict[str, Any]:
        return self.log.checkpoint()

    def close(self) -> None:
        self.log.close()

    def finalize(self) -> None:
        self.log.finalize()


class FhirBundleOutput(FhirNdjsonOutput):
    """A FHIR Bundle of the de-identified resources, of the input's type, its
    id pseudonymised; each entry's fullUrl and request url point to the
    pseudonymised resource. Written as it goes and closed by `finalize`.

    path (Optional[Path]): the output file; None for stdout.
    keys (RecordKeys): the run's keyed replacements.
    source (FhirBundleSource): the input Bundle.
    """

    def __init__(self, path: Optional[Path], keys: RecordKeys, source: FhirBundleSource,
                 stream: Optional[IO[bytes]] = None) -> None:
        super().__init__(path, keys, stream)
        self.bundle_type = source.bundle_type
        self.bundle_id = keys.pseudo_id("Bundle", source.bundle_id) if source.bundle_id else None
        self._entries = 0

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        self.log.open(resume)
        self._entries = int((resume or {}).get("entries", 0))
        if self.log.is_empty:
            head: Dict[str, Any] = {"resourceType": "Bundle"}
            if self.bundle_id:
                head["id"] = self.bundle_id
            head["meta"] = {"security": [dict(fhir.SECURITY_LABEL)]}
            head["type"] = self.bundle_type
            opening = json.dumps(head, ensure_ascii=False)[:-1] + ', "entry": ['
            self.log.write(opening.encode("utf-8"))

    def write(self, result: RecordResult) -> None:
        resource = _deidentified_resource(result, self.keys)
        parts = result.record.payload
        entry: Dict[str, Any] = {}
        given = parts.entry or {}
        try:
            if isinstance(given.get("fullUrl"), str):
                entry["fullUrl"] = fhir.pseudo_reference(given["fullUrl"], self.keys)
            entry["resource"] = resource
            request = given.get("request")
            if isinstance(request, dict) and isinstance(request.get("method"), str):
                entry["request"] = {"method": request["method"], "url": _request_url(request.get("url"), self.keys)}
        except fhir.ResourceError as err:
            raise RecordRejected(err.error) from None
        separator = ",\n" if self._entries else "\n"
        self.log.write((separator + json.dumps(entry, ensure_ascii=False)).encode("utf-8"))
        self._entries += 1

    def checkpoint(self) -> Dict[str, Any]:
        return {**self.log.checkpoint(), "entries": self._entries}

    def finalize(self) -> None:
        self.log.write(b"\n]}\n")
        self.log.finalize()


def _request_url(url: Any, keys: RecordKeys) -> str:
    """A transaction entry's request url: "Type" stays, "Type/id" is pseudonymised."""
    if isinstance(url, str) and url.isalpha():
        return url
    if not isinstance(url, str) or "?" in url:
        raise fhir.ResourceError(RecordError(REASON_BAD_RECORD, "entry.request.url is not Type or Type/id"))
    return fhir.pseudo_reference(url, keys)


def open_interop_input(fmt: str, path: Optional[Path], max_chars: int, stream: Optional[IO[bytes]]) -> InputSource:
    """The reader of an interchange format (`INTEROP_FORMATS`).

    RAISES (InputError): the input cannot be used.
    """
    if path is not None and path.is_dir():
        raise InputError(f"{path} is a folder; it cannot be read as {fmt}")
    if fmt == FHIR_NDJSON:
        return FhirNdjsonSource(path, max_chars, stream)
    if path is None:
        raise InputError(f"--input-format {fmt} reads a file, not stdin")
    if fmt == HL7:
        from .hl7_io import Hl7Source  # python-hl7 loads only when used

        return Hl7Source(path, max_chars)
    return FhirBundleSource(path, max_chars)


def interop_writer(source: InputSource, output: Optional[Path], keys: RecordKeys,
                   stream: Optional[IO[bytes]]) -> OutputWriter:
    """The writer mirroring an interchange-format input."""
    if source.format == HL7:
        from .hl7_io import Hl7Output, Hl7Source

        assert isinstance(source, Hl7Source)
        return Hl7Output(output, keys, source, stream)
    if isinstance(source, FhirBundleSource):
        return FhirBundleOutput(output, keys, source, stream)
    return FhirNdjsonOutput(output, keys, stream)
