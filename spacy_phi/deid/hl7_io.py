"""The reader and writer of `spacy-phi deid --input-format hl7`: a file of
HL7 v2 messages (one or more, MLLP framing tolerated, a batch or file
envelope too) in, the same messages de-identified out.

One message is one record, its id MSH-10 (else "message-N"). The reader
streams the file; what the writer needs to rebuild a message (the parsed
message) stays in the record's payload, in the main process. A message
that cannot be read or rebuilt is an error record, nothing of it written
(see `spacy_phi.deid.interop.hl7v2`). A batch or file envelope is written
around the messages with its ids hashed, and the trailers count the
messages written.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any, Dict, Iterator, List, Optional

from .inputs import InputError, InputSource, _file_fingerprint
from .interop import hl7v2
from .interop.keyed import RecordKeys
from .interop.segments import SegmentError
from .outputs import OutputWriter, RecordRejected, open_log, staging_path
from .records import REASON_BAD_RECORD, REASON_NO_OUTPUT, REASON_TOO_LONG, InputRecord, RecordError, RecordResult
from .settings import DEFAULT_MAX_CHARS

HL7 = "hl7"
#: Bytes of a message besides its text (segments, fields) allowed over --max-chars.
_MESSAGE_SLACK = 1 << 20
_UTF8_BYTES_PER_CHAR = 4


def require_hl7() -> None:
    """RAISES (InputError): the `hl7` extra is not installed."""
    try:
        import hl7  # noqa: F401
    except ImportError:
        raise InputError("HL7 v2 input needs the hl7 extra: pip install 'spacy_phi[hl7]'") from None


def hl7_input_record(raw: hl7v2.RawMessage, position: int) -> InputRecord:
    """The record of one message (an error record when it cannot be de-identified)."""
    fallback, source = f"message-{raw.number}", f"message {raw.number}"
    if raw.stray:
        error = RecordError(REASON_BAD_RECORD, "segments before the first MSH are not in a message")
        return InputRecord(id="before-message-1", position=position, source="before message 1", error=error)
    if raw.segments is None:
        error = RecordError(REASON_TOO_LONG,
                            f"message {raw.number} has {raw.size:,} bytes, more than --max-chars allows")
        return InputRecord(id=fallback, position=position, source=source, error=error)
    rid = fallback
    try:
        message = hl7v2.parse_message(hl7v2.decode(raw))
        rid = hl7v2.control_id(message) or fallback
        parts = hl7v2.read_message(message)
    except hl7v2.MessageError as err:
        return InputRecord(id=rid, position=position, source=source, error=err.error)
    return InputRecord(id=rid, text=parts.segments.text, position=position, patient_key=parts.patient_key,
                       source=source, payload=parts, text_optional=True)


class Hl7Source(InputSource):
    """A file of HL7 v2 messages.

    path (Path): the file.
    """

    format = HL7

    def __init__(self, path: Path, max_chars: int = DEFAULT_MAX_CHARS) -> None:
        super().__init__(str(path), max_chars)
        require_hl7()
        if not path.is_file():
            raise InputError(f"Input not found: {path}")
        self.path = path
        self.max_bytes = max_chars * _UTF8_BYTES_PER_CHAR + _MESSAGE_SLACK
        #: The FHS and BHS segments before the first message.
        self.envelope: List[bytes] = []
        self._raw: Optional[IO[bytes]] = None
        self._size = path.stat().st_size
        try:
            with open(path, "rb") as f:
                next(hl7v2.split_messages(f, self.max_bytes, self.envelope), None)
        except OSError as err:
            raise InputError(f"Cannot read the input {path}: {err.strerror}") from None

    def records(self, skip: int = 0) -> Iterator[InputRecord]:
        with open(self.path, "rb") as raw:
            self._raw = raw
            for position, message in enumerate(hl7v2.split_messages(raw, self.max_bytes)):
                if position >= skip:
                    yield hl7_input_record(message, position)

    def fraction_read(self) -> Optional[float]:
        if not self._size or self._raw is None or self._raw.closed:
            return None
        return min(1.0, self._raw.tell() / self._size)

    def fingerprint(self) -> Dict[str, Any]:
        return {"format": self.format, **_file_fingerprint(self.path)}


class Hl7Output(OutputWriter):
    """The de-identified messages, in input order, each segment ending in \\r;
    the input's file and batch headers first (ids hashed) and matching
    trailers last, which count what was written.

    path (Optional[Path]): the output file; None for stdout.
    keys (RecordKeys): the run's keyed replacements.
    source (Hl7Source): the input.
    """

    def __init__(self, path: Optional[Path], keys: RecordKeys, source: Hl7Source,
                 stream: Optional[IO[bytes]] = None) -> None:
        self.log = open_log(path, stream)
        self.keys = keys
        self.envelope = source.envelope
        self.final_paths = (path,) if path is not None else ()
        self.staged_paths = (staging_path(path),) if path is not None else ()
        self._messages = 0

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        self.log.open(resume)
        self._messages = int((resume or {}).get("messages", 0))
        if self.log.is_empty:
            try:
                head = "".join(hl7v2.rebuild_envelope(segment, self.keys) for segment in self.envelope)
            except hl7v2.MessageError as err:
                raise InputError(f"{self.envelope[0][:3].decode('ascii', 'replace')} header: {err}") from None
            self.log.write(head.encode("utf-8"))

    def write(self, result: RecordResult) -> None:
        parts = result.record.payload
        assert result.text is not None and isinstance(parts, hl7v2.Hl7Record)
        try:
            texts = parts.segments.split(result.text, result.spans)
            message = hl7v2.rebuild(parts, texts, result.spans, self.keys, result.record.id)
        except hl7v2.MessageError as err:
            raise RecordRejected(err.error) from None
        except SegmentError as err:
            raise RecordRejected(RecordError(REASON_NO_OUTPUT, str(err))) from None
        self.log.write(message.encode("utf-8"))
        self._messages += 1

    def checkpoint(self) -> Dict[str, Any]:
        return {**self.log.checkpoint(), "messages": self._messages}

    def close(self) -> None:
        self.log.close()

    def finalize(self) -> None:
        names = [segment[:3] for segment in self.envelope]
        separator = "|"
        if self.envelope:
            separator = chr(self.envelope[0][3])
        if b"BHS" in names:
            self.log.write(f"BTS{separator}{self._messages}\r".encode("ascii"))
        if b"FHS" in names:
            self.log.write(f"FTS{separator}{1 if b'BHS' in names else 0}\r".encode("ascii"))
        self.log.finalize()
