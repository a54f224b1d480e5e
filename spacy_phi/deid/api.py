"""The Python API of the batch de-identifier.

    import spacy_phi
    for result in spacy_phi.deidentify(["Seen by Dr. Smith on 03/14/2089."], mode="tag"):
        print(result.id, result.text if result.ok else result.error.reason)

    settings = spacy_phi.deid.DeidSettings(mode="tag", n_process=1)
    results = spacy_phi.deidentify(texts, None, settings)

    spacy_phi.deid.deidentify_file("notes.jsonl", "notes.deid.jsonl")
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Optional, Union

from spacy.language import Language

from ..errors import NoSecretWarning
from .inputs import _scalar_id as scalar_id, parse_known_phi
from .job import DeidJob, DeidOptions
from ..policy.apply import apply_policy, restore_policy
from ..policy.schema import PolicyLike
from .model import configure_surrogates, load_pipeline, restore_surrogates, secret_source
from .records import (
    REASON_BAD_FIELD,
    REASON_BAD_RECORD,
    REASON_MISSING_FIELD,
    InputRecord,
    RecordError,
    RecordResult,
)
from .runner import DeidRunner
from .settings import DeidSettings, with_settings
from .summary import RunSummary

TextOrRecord = Union[str, Mapping[str, Any], InputRecord]

#: What `spacy-phi deid` says on stderr in the same case, worded for the API.
NO_SECRET_MESSAGE = (
    "deidentify: no secret set (SPACY_PHI_SECRET or secret_file): a random one is used, so surrogates and "
    "hashes are consistent within this pipeline only and no other run can repeat them"
)
_warned_no_secret = False


def _warn_no_secret_once() -> None:
    """Warn, once per process, that surrogates are keyed by a random secret: a
    loop over deidentify() calls gets one warning, not one per call."""
    global _warned_no_secret
    if _warned_no_secret:
        return
    _warned_no_secret = True
    # stacklevel 3: the caller's line that iterates the results.
    warnings.warn(NO_SECRET_MESSAGE, NoSecretWarning, stacklevel=3)


def to_record(item: Any, position: int) -> InputRecord:
    """An InputRecord from a string, a dict or an InputRecord (position set).

    Anything else (None, a number, bytes, a list, ...) or an item that cannot
    be read becomes a record with `error` set: it yields a failed result, like
    a bad JSONL line, and the items after it are still processed. Shared
    with the HTTP service (`spacy_phi.serve`), which reads records the same way.
    """
    try:
        return _convert_item(item, position)
    except Exception as err:
        # Only the exception type: its message could quote the item.
        kind = type(err).__name__
        error = RecordError(REASON_BAD_RECORD, f"item {position} could not be read ({kind})", error_type=kind)
        return InputRecord(id=str(position), position=position, error=error)


def _convert_item(item: Any, position: int) -> InputRecord:
    if isinstance(item, str):
        return InputRecord(id=str(position), text=item, position=position)
    if isinstance(item, InputRecord):
        record = InputRecord(id=str(position), position=position, source=item.source, payload=item.payload)
        error = _take_keys(record, item.id, item.patient_key, "id", "patient_key")
        if error is not None:
            record.error = error
            return record
        record.text, record.known_phi, record.error = item.text, item.known_phi, item.error
        return record
    if isinstance(item, Mapping):
        record = InputRecord(id=str(position), position=position)
        record.error = _take_keys(record, item.get("id"), item.get("patient_key"), "'id'", "'patient_key'")
        if record.error:
            return record
        text = item.get("text")
        if text is None:
            record.error = RecordError(REASON_MISSING_FIELD, "no 'text'")
        elif not isinstance(text, str):
            record.error = RecordError(REASON_BAD_FIELD, "'text' is not a string")
        else:
            record.text = text
        known, error = parse_known_phi(item.get("known_phi"), "known_phi")
        record.known_phi = known
        record.error = record.error or error
        if record.error:
            record.text = None
        return record
    # The type name only: the value itself may be note text (bytes).
    kind = type(item).__name__
    hint = " (decode it to str first)" if isinstance(item, (bytes, bytearray, memoryview)) else ""
    error = RecordError(
        REASON_BAD_RECORD, f"item {position} is {kind}, not a str, a dict with 'text' or an InputRecord{hint}"
    )
    return InputRecord(id=str(position), position=position, error=error)


def _take_keys(record: InputRecord, record_id: Any, patient_key: Any, id_name: str,
               key_name: str) -> Optional[RecordError]:
    """Set the record's id and patient key where given (not None) as the JSONL
    reader does: a non-empty string or an integer, never `str()` of another
    object (a dict, a list, an object), which could carry note text. A bad
    one is the record's error (a bad id: the record keeps its position as id).

    RETURNS (Optional[RecordError]): the error, None when both are usable.
    """
    for value, name, attribute in ((record_id, id_name, "id"), (patient_key, key_name, "patient_key")):
        if value is None:
            continue
        usable = scalar_id(value)
        if usable is None:
            return RecordError(REASON_BAD_FIELD, f"{name} must be a non-empty string or an integer")
        setattr(record, attribute, usable)
    return None


def _items(texts_or_records: Any) -> Iterable[Any]:
    """The items of the argument: a lone text, bytes, dict or InputRecord is one item."""
    if isinstance(texts_or_records, (str, bytes, bytearray, Mapping, InputRecord)):
        return [texts_or_records]
    try:
        iter(texts_or_records)
    except TypeError:
        raise TypeError(
            "deidentify() takes a text, a record or an iterable of them, "
            f"not {type(texts_or_records).__name__}"
        ) from None
    return texts_or_records


def deidentify(
    texts_or_records: Union[TextOrRecord, Iterable[Any]],
    nlp: Optional[Language] = None,
    settings: Optional[DeidSettings] = None,
    *,
    model: Optional[str] = None,
    mode: Optional[str] = None,
    secret_file: Optional[str] = None,
    lang: Optional[str] = None,
    batch_size: Optional[int] = None,
    n_process: Optional[int] = None,
    max_chars: Optional[int] = None,
    policy: PolicyLike = None,
) -> Iterator[RecordResult]:
    """De-identify texts or records, streaming; one result per input, in order.
    A record that fails (empty, too long, a component error) yields a result
    with `error` set and `text` None: its original text is never returned as
    de-identified. So does an item that is not a text, a dict or an
    InputRecord (None, a number, bytes, a list: reason "bad_record"); the
    items after it are still processed.

    texts_or_records (Union[TextOrRecord, Iterable[TextOrRecord]]): a text,
        a dict or an InputRecord, or an iterable of them; dicts hold
        {"text", "id", "patient_key", "known_phi"}.
        Without an id, the position ("0", "1", ...) is the id.
    nlp (Optional[Language]): a pipeline that sets `doc.ents` (phi_surrogates
        is added last if missing); None: `settings.model`, or the default pipeline.
    settings (Optional[DeidSettings]): model, mode, secret file, language,
        batch size, processes and max chars (see `DeidSettings`); None: the
        defaults. A given `nlp` gets its own mode and secret file back afterwards.
        `n_process` -1 (default): every available core; 1: this process only;
        an input that fits in one batch is always processed here.
    model, mode, secret_file, lang, batch_size, n_process, max_chars, policy: a
        convenience: each one given (not None) replaces that field of `settings`.
        `policy` is a site's policy (a file, YAML text, a dict or a `Policy`,
        docs/policy.md), checked before any record is read; a given `nlp`
        gets its own policy back afterwards.
    YIELDS (RecordResult): `id`, `text` (de-identified), `spans` (offset map
        with label, action, detector, score), `error`, `ok`.
    WARNS (NoSecretWarning): once per process, when no secret is set (neither
        `secret_file` nor the SPACY_PHI_SECRET environment variable).
    """
    items = _items(texts_or_records)
    settings = with_settings(
        settings, model=model, mode=mode, secret_file=secret_file, lang=lang, batch_size=batch_size,
        n_process=n_process, max_chars=max_chars, policy=policy,
    )
    given = nlp is not None
    if nlp is None:
        nlp, _ = load_pipeline(settings.model, lang=settings.lang)
    previous = configure_surrogates(nlp, mode=settings.mode, secret_file=settings.secret_file)
    previous_policy = apply_policy(nlp, settings.policy) if settings.policy is not None else None
    try:
        if secret_source(nlp) == "random per run":
            _warn_no_secret_once()
        runner = DeidRunner.from_settings(nlp, settings)
        records = (to_record(item, i) for i, item in enumerate(items))
        yield from runner.run(records)
    finally:
        if given:
            restore_surrogates(nlp, previous)
            if settings.policy is not None:
                restore_policy(nlp, previous_policy)


def deidentify_file(
    input: Union[str, Path],
    output: Optional[Union[str, Path]] = None,
    options: Optional[DeidOptions] = None,
    *,
    nlp: Optional[Language] = None,
    **kwargs: Any,
) -> RunSummary:
    """De-identify a text file, a folder of text files, a JSONL or CSV file, or
    stdin ("-"), writing the same format (see `DeidOptions` for the settings
    and `job.py` for the files written). This is what `spacy-phi deid` runs.

    input (Union[str, Path]): the input path, or "-" for stdin.
    output (Optional[Union[str, Path]]): the output path; None or "-" for stdout.
    options (Optional[DeidOptions]): the settings.
    nlp (Optional[Language]): a loaded pipeline (else options.model / default).
    kwargs: `stdin`, `stdout`, `stderr` streams (tests).
    RETURNS (RunSummary): the summary; `records_failed` > 0 when records failed.
    """
    return DeidJob(str(input), None if output is None else str(output), options, nlp=nlp, **kwargs).run()
