"""HL7 v2 messages (ORU, MDM) as records of `spacy-phi deid`.

`split_messages` cuts a file into messages: MLLP framing characters are
dropped, segments end at \\r, \\n or \\r\\n, a message starts at each MSH,
and the batch and file envelope (FHS, BHS, BTS, FTS) is set apart.
`read_message` parses one message with `python-hl7` and collects its text:
the OBX-5 values of type TX, FT and ST (consecutive OBX lines of a report
are lines of one paragraph), NTE-3 comments, OBR-13 clinical information,
the free text of the other segments read (DG1-4, AL1-5, PV2-12, …) and the
text components of coded diagnoses, allergens and reasons (DG1-3, AL1-3,
PV2-3/4), unescaped and joined into one note. A message with no text at all
(a lab result of numbers and codes) is a note of no text: its fields are
rewritten all the same. `rebuild` puts the de-identified text
back, escaped, rewrites every other field by its rule (`hl7_fields`) and
checks that the result parses to the same segments and field counts.

Fail closed: a message that does not parse, of another type than ORU or
MDM, with a segment that is not read (Z-segments, IN1, …), an OBX-5 of a
value type that is not read (ED, RP, …), an escape that cannot be read or a
field that cannot be rewritten is an error record; nothing of it is
written. Messages name segments, fields, types and counts, never values.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import IO, Any, Dict, Iterator, List, Optional, Sequence, Tuple

from ..records import REASON_BAD_FIELD, REASON_BAD_RECORD, REASON_UNDECODABLE, RecordError
from ...surrogates.replacer import split_edges
from .hl7_escape import Encoding, EscapeError, escape, unescape
from .hl7_fields import (
    CODED_TEXT,
    ENVELOPE_FIELDS,
    OBX_VALUE_RULES,
    SEGMENT_FIELDS,
    TEXT,
    TEXT_TYPES,
    FieldContext,
    FieldError,
    coded_text_places,
    coded_with_text,
    hl7_date,
    name_parts,
    rewrite_field,
)
from .keyed import RecordKeys
from .segments import BLOCK, LINE, SegmentedText

#: The message types whose text is de-identified (MSH-9.1).
SUPPORTED_TYPES = ("ORU", "MDM")
ENVELOPE = ("FHS", "BHS", "BTS", "FTS")
_CODE = re.compile(r"^[A-Z][A-Z0-9]{1,5}$")
_CHUNK = 1 << 20
#: Surrogate actions whose spans the surrogate generator reads first (as `deidentify_text` does).
_GENERATED = ("surrogate",)
_GENERATED_REASONS = ("failure", "unparseable_date", "generic_service", "date_unchanged_by_shift")


class MessageError(Exception):
    """A message cannot be de-identified; holds the record error."""

    def __init__(self, error: RecordError) -> None:
        super().__init__(error.message)
        self.error = error


def _fail(message: str, reason: str = REASON_BAD_RECORD) -> MessageError:
    return MessageError(RecordError(reason, message))


def _shown(name: str) -> str:
    """A segment, message or value type as it may appear in an error: only a well-formed code."""
    return name if _CODE.match(name) else "(unreadable)"


# -- splitting a file ----------------------------------------------------------------


@dataclass
class RawMessage:
    """One message as read: its segments (bytes), or None when it is longer than allowed.

    number (int): 1-based position among the file's messages.
    segments (Optional[List[bytes]]): the segments, without terminators.
    size (int): its bytes.
    stray (bool): segments before the first MSH, not a message.
    """

    number: int
    segments: Optional[List[bytes]]
    size: int = 0
    stray: bool = False


def _segments(stream: IO[bytes]) -> Iterator[bytes]:
    """The non-empty segments of a stream, MLLP framing removed."""
    pending = b""
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        pending += chunk.translate(None, b"\x0b\x1c")
        lines = re.split(rb"[\r\n]+", pending)
        pending = lines.pop()
        for line in lines:
            if line.strip():
                yield line
    if pending.strip():
        yield pending


def split_messages(stream: IO[bytes], max_bytes: int, envelope: Optional[List[bytes]] = None) -> Iterator[RawMessage]:
    """The messages of a stream, in order.

    stream (IO[bytes]): the file.
    max_bytes (int): a longer message is yielded without its segments.
    envelope (Optional[List[bytes]]): receives the FHS and BHS segments met
        before the first message.
    YIELDS (RawMessage): the messages (and stray segments before the first MSH).
    """
    current: Optional[RawMessage] = None
    number = 0
    first = True
    for segment in _segments(stream):
        if first and segment.startswith(b"\xef\xbb\xbf"):
            segment = segment[3:]
        first = False
        name = segment[:3]
        if name in (b"FHS", b"BHS", b"BTS", b"FTS"):
            if current is not None and not current.stray:
                yield current
                current = None
            if envelope is not None and name in (b"FHS", b"BHS") and number == 0:
                envelope.append(segment)
            continue
        if name == b"MSH":
            if current is not None:
                yield current
            number += 1
            current = RawMessage(number, [])
        elif current is None:
            current = RawMessage(0, [], stray=True)
        current.size += len(segment) + 1
        if current.segments is not None:
            current.segments.append(segment)
            if current.size > max_bytes:
                current.segments = None
    if current is not None:
        yield current


# -- reading a message --------------------------------------------------------------


#: A text field: segment index, field number, piece count, coded places (see `Hl7Record`).
Slot = Tuple[int, int, int, Optional[List[Tuple[int, int]]]]


@dataclass
class Hl7Record:
    """What the writer needs to rebuild one message.

    message (Any): the parsed `hl7.Message`.
    enc (Encoding): its encoding characters.
    segments (SegmentedText): its text, joined.
    slots (List[Slot]): per text field, in piece order: the segment index, the
        field number, how many pieces it holds and, for a coded field, the
        (repetition, component) of each piece (None: one piece per repetition).
    patient_key (Optional[str]): PID-3's first identifier.
    """

    message: Any
    enc: Encoding
    segments: SegmentedText = field(default_factory=SegmentedText)
    slots: List["Slot"] = field(default_factory=list)
    patient_key: Optional[str] = None


def parse_message(text: str) -> Any:
    """The `hl7.Message` of a message's text (segments joined with \\r).

    RAISES (MessageError): it does not parse (the exception type only).
    """
    import hl7

    try:
        message = hl7.parse(text)
        message.segment("MSH")
        return message
    except Exception as err:  # the library raises many kinds; their messages may quote the text
        raise _fail(f"the message does not parse as HL7 v2 ({type(err).__name__})") from None


def control_id(message: Any) -> Optional[str]:
    """MSH-10, when it is usable as a record id."""
    try:
        value = str(message.segment("MSH")[10]) if len(message.segment("MSH")) > 10 else ""
    except Exception:
        return None
    return value if value.strip() and len(value) <= 200 else None


def decode(raw: RawMessage) -> str:
    """The message's text, segments joined with \\r.

    RAISES (MessageError): not UTF-8.
    """
    assert raw.segments is not None
    try:
        return "\r".join(s.decode("utf-8") for s in raw.segments)
    except UnicodeDecodeError:
        raise _fail(f"message {raw.number} is not UTF-8 text", REASON_UNDECODABLE) from None


def encoding_of(message: Any) -> Encoding:
    """The message's encoding characters. RAISES (MessageError)."""
    msh = message.segment("MSH")
    try:
        return Encoding.from_msh(str(msh[1]), str(msh[2]))
    except (EscapeError, IndexError):
        raise _fail("MSH-1/MSH-2 do not give the encoding characters") from None


def _raw(segment: Any, number: int) -> str:
    return str(segment[number]) if number < len(segment) else ""


def read_message(message: Any) -> Hl7Record:
    """Check a parsed message and collect its text.

    RAISES (MessageError): it cannot be de-identified.
    """
    enc = encoding_of(message)
    msh = message.segment("MSH")
    kind = _raw(msh, 9).split(enc.component)[0]
    if kind not in SUPPORTED_TYPES:
        raise _fail(f"message type {_shown(kind)} is not de-identified (supported: {', '.join(SUPPORTED_TYPES)})")
    record = Hl7Record(message=message, enc=enc)
    previous_obx_text = False
    for index, segment in enumerate(message):
        name = str(segment[0])
        if name not in SEGMENT_FIELDS:
            raise _fail(f"segment {_shown(name)} is not de-identified")
        if name == "PID" and record.patient_key is None:
            first_id = _raw(segment, 3).split(enc.repetition)[0].split(enc.component)[0]
            record.patient_key = _unescaped(first_id, enc, "PID-3") or None
        is_obx_text = False
        for number, rule in SEGMENT_FIELDS[name].items():
            if number >= len(segment):
                continue
            if name == "OBX" and number == 5:
                value_type = _raw(segment, 2).split(enc.component)[0]
                if value_type in TEXT_TYPES:
                    _add_text(record, index, number, _raw(segment, 5), LINE if previous_obx_text else BLOCK)
                    is_obx_text = True
                elif value_type not in OBX_VALUE_RULES:
                    raise _fail(f"OBX-5 of value type {_shown(value_type)} is not de-identified")
            elif rule == TEXT and _raw(segment, number):
                _add_text(record, index, number, _raw(segment, number), BLOCK)
            elif rule == CODED_TEXT and _raw(segment, number):
                _add_coded_text(record, index, number, _raw(segment, number))
        previous_obx_text = is_obx_text
    return record


def _unescaped(value: str, enc: Encoding, where: str) -> str:
    try:
        return unescape(value, enc)
    except EscapeError as err:
        raise _fail(f"{where}: {err}", REASON_BAD_FIELD) from None


def _add_text(record: Hl7Record, index: int, number: int, raw: str, separator: str) -> None:
    where = f"{str(record.message[index][0])}-{number}"
    reps = raw.split(record.enc.repetition)
    for i, rep in enumerate(reps):
        record.segments.add(_unescaped(rep, record.enc, where), separator if i == 0 else LINE)
    record.slots.append((index, number, len(reps), None))


def _add_coded_text(record: Hl7Record, index: int, number: int, raw: str) -> None:
    """The text components of a coded field, each a paragraph of the note (a
    field of codes alone takes no piece but a slot, so its other components
    are still emptied)."""
    enc, where = record.enc, f"{str(record.message[index][0])}-{number}"
    places = coded_text_places(raw, enc)
    reps = [rep.split(enc.component) for rep in raw.split(enc.repetition)]
    for r, c in places:
        record.segments.add(_unescaped(reps[r][c - 1], enc, where), BLOCK)
    record.slots.append((index, number, len(places), places))


def message_date(message: Any, enc: Encoding) -> Optional[dt.date]:
    """The date of a message (MSH-7, not shifted): the date ages are read at."""
    return hl7_date(_raw(message.segment("MSH"), 7).split(enc.component)[0])


# -- writing -----------------------------------------------------------------------


def rebuild(record: Hl7Record, texts: List[str], spans: Sequence[Dict[str, Any]], keys: RecordKeys,
            rid: str) -> str:
    """The de-identified message.

    record (Hl7Record): the message as read.
    texts (List[str]): one de-identified text per piece of `record.segments`.
    spans (Sequence[Dict[str, Any]]): the note's span map (`RecordResult.spans`).
    keys (RecordKeys): the run's keyed replacements.
    rid (str): the record id (the key of the surrogates when there is no PID-3).
    RETURNS (str): the message, segments ending in \\r.
    RAISES (MessageError): a field cannot be rewritten, or the result does not
        keep the message's segments and field counts.
    """
    message, enc = record.message, record.enc
    gen = keys.generator(record.patient_key, rid)
    # Read the note as its surrogates were made, so the names of the structured
    # fields map to the same surrogates as in the text; then learn those names.
    note = record.segments.text
    generated = []
    for span in sorted(spans, key=lambda s: s["start"]):
        if span.get("action") in _GENERATED or span.get("reason") in _GENERATED_REASONS:
            lead, core, _ = split_edges(note[span["start"]:span["end"]], span["label"])
            generated.append((span["start"] + len(lead), span["start"] + len(lead) + len(core), span["label"]))
    gen.prepare_document(note, generated)
    shape = [len(segment) for segment in message]
    structured = []
    for segment in message:
        table = SEGMENT_FIELDS[str(segment[0])]
        for number in range(1, len(segment)):
            structured += name_parts(_raw(segment, number), enc, table.get(number))
    gen.names.learn(structured)

    text_fields: Dict[Tuple[int, int], str] = {}
    at = 0
    for index, number, count, places in record.slots:
        pieces = texts[at:at + count]
        at += count
        if places is None:
            text_fields[(index, number)] = enc.repetition.join(escape(t, enc) for t in pieces)
        else:
            text_fields[(index, number)] = coded_with_text(_raw(message[index], number), enc,
                                                           dict(zip(places, pieces)))
    ctx = FieldContext(enc=enc, gen=gen, keys=keys, reference=message_date(message, enc))
    try:
        for index, segment in enumerate(message):
            name = str(segment[0])
            table = SEGMENT_FIELDS[name]
            for number in range(1, len(segment)):
                if name == "MSH" and number in (1, 2):
                    continue
                if (index, number) in text_fields:
                    segment[number] = text_fields[(index, number)]
                    continue
                rule = table.get(number)
                if name == "OBX" and number == 5:
                    rule = OBX_VALUE_RULES[_raw(segment, 2).split(enc.component)[0]]
                segment[number] = rewrite_field(name, number, _raw(segment, number), rule, ctx)
    except FieldError as err:
        raise _fail(str(err), REASON_BAD_FIELD) from None
    written = str(message)
    check = parse_message(written)
    if [str(s[0]) for s in check] != [str(s[0]) for s in message] or [len(s) for s in check] != shape:
        raise _fail("the de-identified message does not keep the segments and field counts")
    return written


def rebuild_envelope(segment: bytes, keys: RecordKeys) -> str:
    """A file or batch header (FHS, BHS) with its ids hashed and the rest of
    what may identify (dates, names, comments) emptied.

    RAISES (MessageError): it does not parse.
    """
    import hl7

    name = segment[:3].decode("ascii")
    try:
        head = hl7.parse(segment.decode("utf-8"))[0]
        enc = Encoding.from_msh(str(head[1]), str(head[2]))
    except Exception as err:  # its message may quote the header
        raise _fail(f"the {name} header does not parse ({type(err).__name__})") from None
    ctx = FieldContext(enc=enc, gen=None, keys=keys)  # type: ignore[arg-type]  # no patient: no names, no dates
    try:
        for number in range(3, len(head)):
            head[number] = rewrite_field(name, number, _raw(head, number), ENVELOPE_FIELDS[name].get(number), ctx)
    except FieldError as err:
        raise _fail(str(err), REASON_BAD_FIELD) from None
    return str(head) + "\r"
