"""FHIR R4 resources as records of `spacy-phi deid`.

`read_resource` checks a resource with the FHIR models of `fhir.resources`
and collects its free text:

| resource | text de-identified |
|---|---|
| every one | the narrative (`text.div`) |
| DocumentReference | `description`; each `content.attachment` (text/plain `data`, and `title`) |
| DiagnosticReport | `conclusion`; each `presentedForm` attachment |
| Composition | `title`; each section's `title` and narrative, nested sections too |
| Observation | `valueString`, `component.valueString`, `note.text`, `referenceRange.text` |

`rebuild` puts the de-identified text back and makes the rest safe: the
resource id, every reference and every identifier value become keyed
pseudonyms (so references between resources still resolve, inside a Bundle
too), reference `display` names, extensions, attachment `url`/`hash` and
`meta` (except `profile`) are removed, every date, dateTime and instant is
moved by the patient's date shift, and `meta.security` says the resource was
pseudonymised. The result is checked again with the FHIR models before it
is written. A resource with no free text (a lab value) is rewritten the same
way, without a call to the pipeline.

Fail closed: a resource of another type, one that is not valid FHIR, one
with `contained` resources or a `modifierExtension`, or an attachment that
is not inline text/plain, is an error record; nothing of it is written.
Error messages name resource types, element paths and counts, never values.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import re
import typing
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ..records import REASON_BAD_FIELD, REASON_BAD_RECORD, REASON_UNDECODABLE, RecordError
from . import xhtml
from .keyed import RecordKeys, shift_datetime, shift_partial
from .segments import BLOCK, LINE, SegmentedText

#: The resource types whose text is de-identified.
SUPPORTED_TYPES = ("DocumentReference", "DiagnosticReport", "Composition", "Observation")
#: The security label added to every resource written.
SECURITY_LABEL = {
    "system": "http://terminology.hl7.org/CodeSystem/v3-ObservationValue",
    "code": "PSEUDED",
    "display": "pseudonymized",
}
#: FHIR version of the models used (R4B: the R4 resources read here are unchanged in it).
FHIR_MODELS = "R4B"

_REFERENCE = re.compile(
    r"^(?P<base>.*?)(?P<type>[A-Z][A-Za-z]+)/(?P<id>[A-Za-z0-9\-.]{1,64})(?:/_history/[A-Za-z0-9\-.]{1,64})?$"
)
_PARTIAL_DATE = re.compile(r"^(\d{4})(?:-(\d\d))?$")
_FULL_DATE = re.compile(r"^(\d{4})-(\d\d)-(\d\d)(.*)$")


class ResourceError(Exception):
    """A resource cannot be de-identified; holds the record error."""

    def __init__(self, error: RecordError) -> None:
        super().__init__(error.message)
        self.error = error


def _fail(message: str, reason: str = REASON_BAD_RECORD) -> ResourceError:
    return ResourceError(RecordError(reason, message))


@lru_cache(maxsize=None)
def model_class(resource_type: str) -> Any:
    """The `fhir.resources` model of a resource type.

    RAISES (ImportError): the `fhir` extra is not installed.
    """
    from fhir.resources.R4B import get_fhir_model_class

    return get_fhir_model_class(resource_type)


def validate(resource: Dict[str, Any], what: str = "resource") -> Any:
    """The resource as a `fhir.resources` model.

    RAISES (ResourceError): not a valid resource (the message gives the first
        failing element path and the error kind, never a value).
    """
    from pydantic import ValidationError

    try:
        return model_class(resource["resourceType"]).model_validate(resource)
    except ValidationError as err:
        errors = err.errors()
        first = errors[0] if errors else {"loc": (), "type": "invalid"}
        where = ".".join(str(p) for p in first.get("loc", ())) or "(root)"
        raise _fail(f"not a valid FHIR {resource.get('resourceType')} {what} ({len(errors)} problems; "
                    f"first: {first.get('type')} at {where})") from None


# -- reading -----------------------------------------------------------------------


@dataclass
class FhirRecord:
    """What the writer needs to rebuild one resource.

    resource (Dict[str, Any]): the resource as read (JSON).
    segments (SegmentedText): its free text, joined.
    put_back (List[Tuple[int, Callable]]): per text slot, how many pieces it
        takes and the function that writes them into the resource.
    patient_key (Optional[str]): the subject's id.
    entry (Optional[Dict[str, Any]]): the Bundle entry around it (fullUrl, request).
    """

    resource: Dict[str, Any]
    segments: SegmentedText = field(default_factory=SegmentedText)
    put_back: List[Tuple[int, Callable[[List[str]], None]]] = field(default_factory=list)
    patient_key: Optional[str] = None
    entry: Optional[Dict[str, Any]] = None


def record_id(resource: Dict[str, Any]) -> Optional[str]:
    """"Type/id" of a resource, when it has a usable id."""
    rid = resource.get("id")
    rtype = resource.get("resourceType")
    if isinstance(rid, str) and rid.strip() and isinstance(rtype, str):
        return f"{rtype}/{rid}"
    return None


def read_resource(resource: Any) -> FhirRecord:
    """Check a resource and collect its text.

    resource (Any): the parsed JSON.
    RETURNS (FhirRecord): the record's parts.
    RAISES (ResourceError): it cannot be de-identified.
    """
    if not isinstance(resource, dict):
        raise _fail("not a JSON object")
    rtype = resource.get("resourceType")
    if rtype not in SUPPORTED_TYPES:
        shown = rtype if isinstance(rtype, str) and rtype.isalpha() and len(rtype) < 64 else "(unknown)"
        raise _fail(f"resource type {shown} is not de-identified (supported: {', '.join(SUPPORTED_TYPES)})")
    validate(resource)
    for path in _unsafe_elements(resource):
        raise _fail(f"{rtype} has {path}, which cannot be de-identified safely")
    record = FhirRecord(resource=resource, patient_key=_patient_key(resource))
    _narrative(record, resource, f"{rtype}.text")
    _TEXT_READERS[rtype](record, resource)
    return record


def _unsafe_elements(node: Any, path: str = "") -> Iterator[str]:
    """Elements whose content or meaning cannot be kept safely: contained
    resources (unchecked resources) and modifier extensions (dropping one
    changes what the resource means)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("contained", "modifierExtension"):
                yield (path + "." + key).lstrip(".")
            else:
                yield from _unsafe_elements(value, path + "." + key)
    elif isinstance(node, list):
        for item in node:
            yield from _unsafe_elements(item, path)


def _patient_key(resource: Dict[str, Any]) -> Optional[str]:
    """The subject's id: the key of the patient's surrogates and date shift
    (the same as a JSONL note's `patient_id` with that value)."""
    subject = resource.get("subject")
    ref = subject.get("reference") if isinstance(subject, dict) else None
    if not isinstance(ref, str) or not ref.strip():
        return None
    if ref.lower().startswith("urn:uuid:"):
        return ref[len("urn:uuid:"):]
    match = _REFERENCE.match(ref)
    if match is None:
        return ref
    return match["id"] if match["type"] == "Patient" else f"{match['type']}/{match['id']}"


def _string(record: FhirRecord, holder: Dict[str, Any], key: str, separator: str = BLOCK) -> None:
    value = holder.get(key)
    if isinstance(value, str) and value.strip():
        record.segments.add(value, separator)

        def put(texts: List[str]) -> None:
            holder[key] = texts[0]

        record.put_back.append((1, put))


def _narrative(record: FhirRecord, holder: Dict[str, Any], where: str) -> None:
    text = holder.get("text")
    if not isinstance(text, dict) or not isinstance(text.get("div"), str):
        return
    try:
        root = xhtml.parse(text["div"])
    except xhtml.NarrativeError as err:
        raise _fail(f"{where}: {err}") from None
    slots = xhtml.add_text_nodes(root, record.segments, BLOCK)

    def put(texts: List[str]) -> None:
        try:
            text["div"] = xhtml.rebuild(root, slots, texts)
        except xhtml.NarrativeError as err:
            raise _fail(f"{where}: {err}") from None

    record.put_back.append((len(slots), put))


def _attachment(record: FhirRecord, attachment: Any, where: str) -> None:
    if not isinstance(attachment, dict):
        return
    if attachment.get("url") is not None:
        raise _fail(f"{where} points to a url: only inline data is de-identified")
    _string(record, attachment, "title")
    data = attachment.get("data")
    if data is None:
        return
    content_type = str(attachment.get("contentType") or "")
    mime, _, params = content_type.partition(";")
    if mime.strip().lower() != "text/plain":
        shown = mime.strip() if re.fullmatch(r"[\w.+-]+/[\w.+-]+", mime.strip()) else "(unreadable)"
        raise _fail(f"{where} has contentType {shown}: only text/plain is de-identified")
    charset = "utf-8"
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset" and value.strip():
            charset = value.strip().strip('"')
    try:
        raw = base64.b64decode(data, validate=True)
        note = raw.decode(charset)
    except (binascii.Error, ValueError, LookupError):
        raise _fail(f"{where}.data is not base64 text in charset {charset!r}"[:200], REASON_UNDECODABLE) from None
    record.segments.add(note, BLOCK)

    def put(texts: List[str]) -> None:
        encoded = texts[0].encode("utf-8")
        attachment["data"] = base64.b64encode(encoded).decode("ascii")
        attachment["contentType"] = "text/plain; charset=utf-8"
        attachment["size"] = len(encoded)
        attachment.pop("hash", None)  # the digest of the original text

    record.put_back.append((1, put))


def _attachments(record: FhirRecord, holder: Dict[str, Any], key: str, inner: Optional[str]) -> None:
    items = holder.get(key) or []
    for i, item in enumerate(items if isinstance(items, list) else []):
        target = item.get(inner) if inner and isinstance(item, dict) else item
        _attachment(record, target, f"{holder.get('resourceType')}.{key}[{i}]" + (f".{inner}" if inner else ""))


def _document_reference(record: FhirRecord, res: Dict[str, Any]) -> None:
    _string(record, res, "description")
    _attachments(record, res, "content", "attachment")


def _diagnostic_report(record: FhirRecord, res: Dict[str, Any]) -> None:
    _string(record, res, "conclusion")
    _attachments(record, res, "presentedForm", None)


def _sections(record: FhirRecord, holder: Dict[str, Any], where: str) -> None:
    for i, section in enumerate(holder.get("section") or []):
        if isinstance(section, dict):
            _string(record, section, "title")
            _narrative(record, section, f"{where}.section[{i}].text")
            _sections(record, section, f"{where}.section[{i}]")


def _composition(record: FhirRecord, res: Dict[str, Any]) -> None:
    _string(record, res, "title")
    _sections(record, res, "Composition")


def _observation(record: FhirRecord, res: Dict[str, Any]) -> None:
    _string(record, res, "valueString")
    for component in res.get("component") or []:
        if isinstance(component, dict):
            _string(record, component, "valueString", LINE)
    for key in ("note", "referenceRange"):
        for item in res.get(key) or []:
            if isinstance(item, dict):
                _string(record, item, "text")


_TEXT_READERS: Dict[str, Callable[[FhirRecord, Dict[str, Any]], None]] = {
    "DocumentReference": _document_reference,
    "DiagnosticReport": _diagnostic_report,
    "Composition": _composition,
    "Observation": _observation,
}


# -- writing -----------------------------------------------------------------------


def rebuild(record: FhirRecord, texts: List[str], keys: RecordKeys, rid: str) -> Dict[str, Any]:
    """The de-identified resource.

    record (FhirRecord): the record as read.
    texts (List[str]): one de-identified text per piece of `record.segments`.
    keys (RecordKeys): the run's keyed replacements.
    rid (str): the record id (the date shift's key when there is no subject).
    RETURNS (Dict[str, Any]): the resource (JSON), valid for the FHIR models.
    RAISES (ResourceError): it cannot be rebuilt validly.
    """
    resource = record.resource
    at = 0
    for count, put in record.put_back:
        put(texts[at:at + count])
        at += count
    rtype = resource["resourceType"]
    pseudonymise(resource, keys)
    if isinstance(resource.get("id"), str):
        resource["id"] = keys.pseudo_id(rtype, resource["id"])
    profile = (resource.get("meta") or {}).get("profile")
    resource["meta"] = {**({"profile": profile} if profile else {}), "security": [dict(SECURITY_LABEL)]}
    model = validate(resource, "resource after de-identification")
    offset = keys.generator(record.patient_key, rid).date_offset
    shift_dates(model, offset)
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def pseudonymise(node: Any, keys: RecordKeys) -> None:
    """Replace references and identifier values by keyed pseudonyms and drop
    what may name someone outside the text: reference displays, extensions,
    annotation authors given as text, and primitive extensions (`_field`)."""
    if isinstance(node, list):
        for item in node:
            pseudonymise(item, keys)
        return
    if not isinstance(node, dict):
        return
    for key in [k for k in node if k == "extension" or k.startswith("_") or k == "authorString"]:
        del node[key]
    if isinstance(node.get("reference"), str):
        node["reference"] = pseudo_reference(node["reference"], keys)
        node.pop("display", None)
    for key in ("identifier", "masterIdentifier"):
        value = node.get(key)
        for ident in value if isinstance(value, list) else [value]:
            if isinstance(ident, dict) and isinstance(ident.get("value"), str):
                ident["value"] = keys.pseudo_id(str(ident.get("system") or ""), ident["value"])
    for value in node.values():
        pseudonymise(value, keys)


def pseudo_reference(ref: str, keys: RecordKeys) -> str:
    """A reference with its id replaced by the keyed pseudonym of the target
    ("Patient/17" → "Patient/<hash>", "urn:uuid:…" → a keyed UUID); the server
    base of an absolute reference is kept, a version (`_history`) dropped.

    RAISES (ResourceError): a reference of no known form.
    """
    if ref.startswith("#"):
        return ref
    lowered = ref.lower()
    if lowered.startswith("urn:uuid:"):
        return "urn:uuid:" + keys.pseudo_uuid(lowered[len("urn:uuid:"):])
    if lowered.startswith("urn:oid:"):
        return "urn:oid:2.25." + str(int(keys.pseudo_id("urn:oid", ref[len("urn:oid:"):]), 16))
    match = _REFERENCE.match(ref)
    if match is None:
        raise _fail("a reference is neither Type/id, an absolute URL ending in Type/id, nor urn:uuid/urn:oid")
    return f"{match['base']}{match['type']}/{keys.pseudo_id(match['type'], match['id'])}"


def _date_kind(annotation: Any) -> Optional[str]:
    """"Date", "DateTime" or "Instant" for a FHIR date-typed field, else None."""
    for arg in typing.get_args(annotation):
        for meta in getattr(arg, "__metadata__", ()):
            name = type(meta).__name__
            if name in ("Date", "DateTime", "Instant"):
                return name
        found = _date_kind(arg)
        if found:
            return found
    return None


@lru_cache(maxsize=None)
def _date_fields(cls: type) -> Tuple[str, ...]:
    return tuple(name for name, info in cls.model_fields.items() if _date_kind(info.annotation))


def shift_dates(model: Any, offset_days: int) -> None:
    """Move every date, dateTime and instant of a FHIR model by the patient's
    shift: full dates by days (time and zone kept), a year-month or a year by
    whole months or years, as the notes' partial dates move."""
    from pydantic import BaseModel

    dated = _date_fields(type(model))
    for name in type(model).model_fields:
        value = getattr(model, name, None)
        if value is None:
            continue
        if name in dated:
            setattr(model, name, [_shifted(v, offset_days) for v in value] if isinstance(value, list)
                    else _shifted(value, offset_days))
        elif isinstance(value, BaseModel):
            shift_dates(value, offset_days)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, BaseModel):
                    shift_dates(item, offset_days)


def _shifted(value: Any, offset_days: int) -> Any:
    try:
        if isinstance(value, dt.datetime):
            return shift_datetime(value, offset_days)
        if isinstance(value, dt.date):
            return value + dt.timedelta(days=offset_days)
        if isinstance(value, str):
            partial = _PARTIAL_DATE.match(value)
            if partial:
                year, month = shift_partial(int(partial[1]), int(partial[2]) if partial[2] else None, offset_days)
                return f"{year:04d}" if month is None else f"{year:04d}-{month:02d}"
            full = _FULL_DATE.match(value)
            if full:
                day = dt.date(int(full[1]), int(full[2]), int(full[3])) + dt.timedelta(days=offset_days)
                return day.isoformat() + full[4]
    except (OverflowError, ValueError):
        pass
    raise _fail("a date cannot be shifted (out of range or unreadable)", REASON_BAD_FIELD)
