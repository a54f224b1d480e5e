"""Records flowing through `spacy-phi deid`: an input record, its result and
its error, and what turns records into results.

An `InputRecord` is one note with its id, the optional patient key and known
identifiers, and whatever the input format needs to write it back (the JSON
object, the CSV row). A reader that cannot read a record still yields it,
with `error` set, so that every input record ends up either in the output or
in the errors file.

Error messages name ids, fields, line numbers, sizes and exception types;
never note text or PHI values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ContextManager, Dict, Iterable, Iterator, List, Optional, Protocol

# Reason codes of the errors file, one per way a record can fail.
REASON_EMPTY = "empty_text"
REASON_WHITESPACE = "whitespace_only"
REASON_BINARY = "binary"
REASON_UNDECODABLE = "undecodable"
REASON_TOO_LONG = "too_long"
REASON_BROKEN_LINE = "broken_line"
REASON_BAD_RECORD = "bad_record"
REASON_MISSING_FIELD = "missing_field"
REASON_BAD_FIELD = "bad_field"
REASON_READ_ERROR = "read_error"
REASON_COMPONENT = "component_failure"
REASON_NO_OUTPUT = "no_deidentified_text"
REASON_WRITE_ERROR = "write_error"

REASONS = (
    REASON_EMPTY,
    REASON_WHITESPACE,
    REASON_BINARY,
    REASON_UNDECODABLE,
    REASON_TOO_LONG,
    REASON_BROKEN_LINE,
    REASON_BAD_RECORD,
    REASON_MISSING_FIELD,
    REASON_BAD_FIELD,
    REASON_READ_ERROR,
    REASON_COMPONENT,
    REASON_NO_OUTPUT,
    REASON_WRITE_ERROR,
)


@dataclass
class RecordError:
    """Why a record is not in the output. Never holds note text.

    reason (str): one of REASONS.
    message (str): a human explanation (ids, fields, sizes, types only).
    component (Optional[str]): the pipeline component that failed, if any.
    error_type (Optional[str]): the exception class name, if any.
    """

    reason: str
    message: str
    component: Optional[str] = None
    error_type: Optional[str] = None


@dataclass
class InputRecord:
    """One note to de-identify.

    id (str): the record id (file path relative to the input folder, the id
        field/column, or "line-N" / "row-N" when there is none).
    text (Optional[str]): the note; None when it could not be read.
    position (int): 0-based index of the record in its input.
    patient_key (Optional[str]): key of the patient (same key → same surrogates).
    known_phi (Optional[Dict[str, List[str]]]): known identifiers by label.
    source (Optional[str]): where it came from (relative path, "line 12").
    payload (Any): what the writer needs to mirror the input (JSON object, CSV row).
    error (Optional[RecordError]): set when the record cannot be processed.
    text_optional (bool): its writer de-identifies what lies outside the text
        (the fields of an HL7 message, the elements of a FHIR resource), so an
        empty or blank text is a record with nothing for the pipeline to read,
        not an error.
    """

    id: str
    text: Optional[str] = None
    position: int = 0
    patient_key: Optional[str] = None
    known_phi: Optional[Dict[str, List[str]]] = None
    source: Optional[str] = None
    payload: Any = None
    error: Optional[RecordError] = None
    text_optional: bool = False


@dataclass
class RecordResult:
    """The outcome of one record: de-identified text and spans, or an error.

    record (InputRecord): the input record (holds the original text).
    text (Optional[str]): the de-identified text; None when the record failed.
    spans (List[Dict[str, Any]]): one dict per PHI span: `start`, `end`
        (original offsets), `new_start`, `new_end`, `label`, `action`,
        `detector`, `sources`, `rule_id`, `score` (and `reason` for masks).
    stats (Dict[str, Any]): `doc._.phi_surrogate_stats`.
    error (Optional[RecordError]): set when the record failed.
    """

    record: InputRecord
    text: Optional[str] = None
    spans: List[Dict[str, Any]] = field(default_factory=list)
    stats: Dict[str, Any] = field(default_factory=dict)
    error: Optional[RecordError] = None

    @property
    def id(self) -> str:
        """The record id."""
        return self.record.id

    @property
    def ok(self) -> bool:
        """Whether the record was de-identified."""
        return self.error is None and self.text is not None

    def error_dict(self) -> Dict[str, Any]:
        """The errors-file line of a failed record (no text).

        RETURNS (Dict[str, Any]): id, position, source, reason, message, component, error_type.
        """
        error = self.error or RecordError(REASON_NO_OUTPUT, "no de-identified text")
        line: Dict[str, Any] = {
            "id": self.record.id,
            "position": self.record.position,
            "reason": error.reason,
            "message": error.message,
        }
        if self.record.source is not None:
            line["source"] = self.record.source
        if error.component is not None:
            line["component"] = error.component
        if error.error_type is not None:
            line["error_type"] = error.error_type
        return line


class RecordStream(Protocol):
    """What de-identifies records in one process: `runner.DeidRunner`. The
    worker processes of `parallel.ParallelRun` each run a copy of it (forked,
    or pickled with its pipeline).

    retried (int): records re-run alone so far (failure isolation).
    """

    retried: int

    def run_settings(self, workers: bool) -> ContextManager[None]:
        """The settings of a run in this process (entered once per process).

        workers (bool): whether this process starts worker processes.
        """
        ...

    def stream(self, records: Iterable[InputRecord]) -> Iterator[RecordResult]:
        """One result per record, in order, in this process (inside `run_settings`).

        records (Iterable[InputRecord]): the records.
        YIELDS (RecordResult): the results.
        """
        ...


def failed(record: InputRecord, error: RecordError) -> RecordResult:
    """A failed result, with the record's text dropped (it must not travel further).

    record (InputRecord): the record.
    error (RecordError): why it failed.
    RETURNS (RecordResult): the result.
    """
    record.text = None
    return RecordResult(record=record, error=error)


def without_text(record: InputRecord) -> bool:
    """Is this a record whose text is empty or blank but optional? Its result is
    its text unchanged, with no spans, and the pipeline is not called: blank
    text holds no PHI, and the writer de-identifies the rest."""
    return record.text_optional and isinstance(record.text, str) and not record.text.strip()


def check_text(text: str, max_chars: int) -> Optional[RecordError]:
    """Validate a decoded note before it reaches the pipeline.

    text (str): the note.
    max_chars (int): the largest accepted length in characters.
    RETURNS (Optional[RecordError]): the problem, or None if the note is usable.
    """
    if len(text) > max_chars:
        return RecordError(
            REASON_TOO_LONG, f"the text has {len(text):,} characters; the limit (--max-chars) is {max_chars:,}"
        )
    if not text:
        return RecordError(REASON_EMPTY, "the text is empty")
    if "\x00" in text:
        return RecordError(REASON_BINARY, "the text contains NUL characters (binary data?)")
    if not text.strip():
        return RecordError(REASON_WHITESPACE, "the text is whitespace only")
    if has_lone_surrogates(text):
        return RecordError(REASON_UNDECODABLE, "the text holds bytes that are not valid UTF-8")
    return None


def has_lone_surrogates(text: str) -> bool:
    """Does the text hold lone surrogates? Bytes decoded with "surrogateescape"
    (and "\\udcxx" JSON escapes) cannot be written back as UTF-8 and are not text.
    """
    try:
        text.encode("utf8")
    except UnicodeEncodeError:
        return True
    return False
