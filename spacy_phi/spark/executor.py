"""What runs on the Spark executors: the pipeline cache and the per-partition
de-identification. No pyspark import here (only pyarrow): this code runs in
the executors' Python workers on Arrow record batches.

Each partition streams through one `DeidRunner` (the runner of
`spacy-phi deid`: same validation, same failure isolation, same results):
rows become `InputRecord`s, the runner yields one `RecordResult` per row in
order, and each input batch comes back as one output batch once all its rows
have results. Only the records in flight (a few `nlp.pipe` batches) and the
batch they came in are held.

The pipeline is loaded once per executor Python process (`_PIPELINES`, keyed
by model and language, or by the digest of the loader function) and reused by
every task that process runs (Spark reuses its Python workers by default).
"""

from __future__ import annotations

import io
import json
import os
import resource
import time
import traceback
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Deque, Dict, FrozenSet, Iterator, List, Optional, Tuple

import pyarrow as pa
from spacy.language import Language

from ..deid.inputs import FieldConfig, _scalar_id, jsonl_line_limit, parse_jsonl_line, parse_known_phi
from ..deid.audit import run_policy
from ..deid.manifest import manifest_lines
from ..policy.apply import apply_policy, current_policy, restore_policy
from ..policy.schema import Policy
from ..deid.model import configure_surrogates, ensure_surrogates, load_pipeline
from ..deid.outputs import JsonlOutput
from ..deid.records import (
    REASON_BAD_FIELD,
    REASON_BAD_RECORD,
    REASON_MISSING_FIELD,
    REASON_UNDECODABLE,
    InputRecord,
    RecordError,
    RecordResult,
)
from ..deid.runner import DeidRunner
from ..deid.settings import DeidSettings
from ..errors import SpacyPhiError

#: The errors column: why a row was withheld (never note text); null when de-identified.
ERROR_TYPE = pa.struct([
    ("reason", pa.string()),
    ("message", pa.string()),
    ("component", pa.string()),
    ("error_type", pa.string()),
    ("record_id", pa.string()),
])
#: The span-map column: one entry per PHI span, offsets into the original note.
SPAN_TYPE = pa.list_(pa.struct([
    ("start", pa.int64()),
    ("end", pa.int64()),
    ("new_start", pa.int64()),
    ("new_end", pa.int64()),
    ("label", pa.string()),
    ("action", pa.string()),
    ("detector", pa.string()),
    ("sources", pa.list_(pa.string())),
    ("rule_id", pa.string()),
    ("score", pa.float64()),
    ("reason", pa.string()),
]))
_SPAN_KEYS = [f.name for f in SPAN_TYPE.value_type]
#: Columns the CLI engine adds for its own use start with this (never written out).
INTERNAL_PREFIX = "__spacy_phi"

# Pipelines of this Python process, by key; and how long each took to load.
_PIPELINES: Dict[str, Language] = {}
_LOAD_SECONDS: Dict[str, float] = {}
#: The policy each cached pipeline was loaded with (a plan without a policy gets it back).
_OWN_POLICY: Dict[str, Optional[Policy]] = {}


class ExecutorError(SpacyPhiError):
    """A partition failed outside the per-record isolation (type and place only)."""


class SecretHolder:
    """The secret captured in the task closure when no broadcast is possible
    (Spark Connect); its repr never shows it."""

    def __init__(self, value: bytes) -> None:
        self.value = value

    def __repr__(self) -> str:
        return "<secret>"


@dataclass
class ExecutorPlan:
    """Everything a partition needs (pickled into the Spark task).

    pipeline_key (str): the cache key of the pipeline.
    settings (DeidSettings): model, lang, mode, max chars and batch size
        (`n_process` is not used: a task is one process; `secret_file` is
        None: the file was read on the driver).
    loader (Optional[Callable[[], Language]]): builds the pipeline instead of `settings.model`.
    secret (Any): the secret, as `.value` (a Spark broadcast or a SecretHolder).
    chunk_rows (int): input batches are cut into chunks of at most this many rows.
    text_col (str): the note column (the JSON line when `jsonl` is set).
    id_col (Optional[str]): the record id column.
    patient_key_col (Optional[str]): the patient key column.
    known_col (Optional[str]): known identifiers, JSON text or a map label → values.
    jsonl (Optional[FieldConfig]): set: `text_col` holds whole JSONL lines,
        parsed and written back as `spacy-phi deid` does (CLI engine).
    row_col (Optional[str]): 1-based row (or line) number; gives "row-N" /
        "line-N" ids where there is no id (CLI engine).
    row_prefix (str): "row-" or "line-".
    drop_cols (Tuple[str, ...]): columns left out of the output (known PHI).
    errors_col (str): name of the errors column.
    span_col (Optional[str]): name of the span-map column; None: none.
    manifest_col (Optional[str]): name of a column of manifest JSONL (CLI engine).
    malformed_col (Optional[str]): a boolean column, true where Spark's CSV
        reader found a row without the header's number of fields: the row
        fails as "bad_record" (CLI engine).
    undecodable_rows (FrozenSet[int]): the rows (`row_col` numbers) that held
        invalid UTF-8 in the input CSV, found by the driver's check (Spark's CSV
        reader replaces such bytes by U+FFFD): they fail as "undecodable" (CLI engine).
    """

    pipeline_key: str
    settings: DeidSettings
    loader: Optional[Callable[[], Language]]
    secret: Any
    chunk_rows: int
    text_col: str
    id_col: Optional[str] = None
    patient_key_col: Optional[str] = None
    known_col: Optional[str] = None
    jsonl: Optional[FieldConfig] = None
    row_col: Optional[str] = None
    row_prefix: str = "row-"
    drop_cols: Tuple[str, ...] = ()
    errors_col: str = "errors"
    span_col: Optional[str] = None
    manifest_col: Optional[str] = None
    malformed_col: Optional[str] = None
    undecodable_rows: FrozenSet[int] = frozenset()


def cached_pipeline(plan: ExecutorPlan) -> Language:
    """The pipeline of this plan, loaded on first use in this process.

    plan (ExecutorPlan): the plan.
    RETURNS (Language): the pipeline (with phi_surrogates).
    """
    nlp = _PIPELINES.get(plan.pipeline_key)
    if nlp is None:
        start = time.perf_counter()
        if plan.loader is not None:
            nlp = plan.loader()
        else:
            nlp = load_pipeline(plan.settings.model, lang=plan.settings.lang)[0]
        ensure_surrogates(nlp)
        _OWN_POLICY[plan.pipeline_key] = current_policy(nlp)
        _PIPELINES[plan.pipeline_key] = nlp
        _LOAD_SECONDS[plan.pipeline_key] = time.perf_counter() - start
    return nlp


def process_stats() -> Dict[str, Any]:
    """This executor process: pid, pipelines loaded and their load seconds,
    CPU seconds, peak RSS (for `benchmarks/spark_scale.py`).

    RETURNS (Dict[str, Any]): pid, pipelines, load_seconds, cpu_seconds, max_rss_mb.
    """
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "pid": os.getpid(),
        "pipelines": len(_PIPELINES),
        "load_seconds": dict(_LOAD_SECONDS),
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "max_rss_mb": usage.ru_maxrss / 1024,
    }


def _where(err: BaseException) -> str:
    frames = traceback.extract_tb(err.__traceback__)
    return f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "unknown place"


def sanitized(run: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    """Wrap a partition function so an unexpected exception reaches Spark (and
    its logs, and the driver) with its type and place only: its message may
    quote note text.
    """

    def wrapper(*args: Any, **kwargs: Any) -> Iterator[Any]:
        try:
            yield from run(*args, **kwargs)
        except SpacyPhiError:
            raise  # ours name files, options and ids only (a model that cannot load)
        except Exception as err:
            raise ExecutorError(
                f"spacy_phi executor: {type(err).__name__} at {_where(err)} "
                "(message withheld: it may contain note text)"
            ) from None

    wrapper.__name__ = run.__name__
    wrapper.__doc__ = run.__doc__
    return wrapper


# -- rows → records ---------------------------------------------------------------


def _known_value(value: Any) -> Any:
    """Known identifiers as `parse_known_phi` takes them: JSON text is parsed,
    an Arrow map (a list of pairs) becomes a dict."""
    if isinstance(value, str):
        if not value.strip():
            return None
        return json.loads(value)
    if isinstance(value, list) and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return dict(value)
    return value


def _column(chunk: pa.RecordBatch, name: Optional[str]) -> Optional[List[Any]]:
    if not name:
        return None
    column = chunk.column(chunk.schema.get_field_index(name))
    try:
        return column.to_pylist()
    except UnicodeDecodeError:
        # Spark's text reader (JSONL) and some Parquet writers pass invalid UTF-8
        # bytes through in string columns. Decoded as the local reader decodes
        # them (surrogate escapes), they fail the record as "undecodable".
        return [None if v is None else v.decode("utf8", errors="surrogateescape")
                for v in column.cast(pa.binary()).to_pylist()]


def _records(plan: ExecutorPlan, chunk: pa.RecordBatch, start: int) -> Iterator[InputRecord]:
    """One InputRecord per row of the chunk (positions from `start`)."""
    texts = _column(chunk, plan.text_col)
    ids = _column(chunk, plan.id_col)
    keys = _column(chunk, plan.patient_key_col)
    known = _column(chunk, plan.known_col)
    rows = _column(chunk, plan.row_col)
    malformed = _column(chunk, plan.malformed_col)
    assert texts is not None
    for i, text in enumerate(texts):
        position = start + i
        row = rows[i] if rows is not None else None
        if plan.jsonl is not None:
            yield _jsonl_record(plan, text, row, position)
            continue
        record = InputRecord(id=f"{plan.row_prefix}{row}" if row is not None else "", position=position)
        if row is not None:
            record.source = f"{plan.row_prefix[:-1]} {row}"
        if ids is not None and ids[i] is not None:
            record_id = _scalar_id(ids[i])
            if record_id is None:
                record.error = RecordError(REASON_BAD_FIELD, f"column {plan.id_col!r} must be a string or integer")
                yield record
                continue
            record.id = record_id
        where = f"row {row}" if row is not None else "the row"
        if malformed is not None and malformed[i]:
            # The local CSV reader's reason; Spark padded or cut the row, so its fields are not used.
            record.error = RecordError(REASON_BAD_RECORD, f"{where} does not have the header's number of fields")
        elif row in plan.undecodable_rows:
            record.error = RecordError(REASON_UNDECODABLE, f"{where} is not valid UTF-8")
        elif text is None:
            record.error = RecordError(REASON_MISSING_FIELD, f"no text in column {plan.text_col!r}")
        elif not isinstance(text, str):
            record.error = RecordError(REASON_BAD_FIELD, f"column {plan.text_col!r} is not a string")
        if keys is not None and keys[i] is not None and record.error is None:
            record.patient_key = _scalar_id(keys[i])
            if record.patient_key is None:
                record.error = RecordError(
                    REASON_BAD_FIELD, f"column {plan.patient_key_col!r} must be a string or integer"
                )
        if known is not None and record.error is None:
            try:
                value = _known_value(known[i])
            except json.JSONDecodeError:
                record.error = RecordError(REASON_BAD_FIELD, f"column {plan.known_col!r} is not valid JSON")
            else:
                record.known_phi, record.error = parse_known_phi(value, str(plan.known_col))
        if record.error is None:
            record.text = text
        yield record


def _jsonl_record(plan: ExecutorPlan, line: Any, line_no: Optional[int], position: int) -> InputRecord:
    """A JSONL line parsed by the local reader's own code (`parse_jsonl_line`);
    invalid UTF-8 arrives as surrogate escapes and is re-encoded to its bytes."""
    assert plan.jsonl is not None
    number = int(line_no) if line_no is not None else position + 1
    data = (line or "").encode("utf8", errors="surrogateescape")
    # The local reader's size bound: an over-long line is "too_long", unparsed.
    fits = len(data) < jsonl_line_limit(plan.settings.max_chars)
    return parse_jsonl_line(data if fits else None, number, len(data), position, plan.jsonl)


# -- results → columns ------------------------------------------------------------


def _error_value(result: RecordResult) -> Optional[Dict[str, Any]]:
    if result.ok:
        return None
    line = result.error_dict()
    return {
        "reason": line["reason"],
        "message": line["message"],
        "component": line.get("component"),
        "error_type": line.get("error_type"),
        "record_id": result.record.id,
    }


def _spans_value(result: RecordResult) -> Optional[List[Dict[str, Any]]]:
    if not result.ok:
        return None
    return [{key: span.get(key) for key in _SPAN_KEYS} for span in result.spans]


class _JsonlLines:
    """The output line of a JSONL record, made by `spacy-phi deid`'s own JSONL writer."""

    def __init__(self, fields: FieldConfig) -> None:
        self.buffer = io.BytesIO()
        self.writer = JsonlOutput(None, fields, stream=self.buffer)

    def line(self, result: RecordResult) -> str:
        self.buffer.seek(0)
        self.buffer.truncate()
        self.writer.write(result)
        return self.buffer.getvalue().rstrip(b"\n").decode("utf8", errors="surrogateescape")


def _use_plan_policy(nlp: Language, plan: ExecutorPlan) -> None:
    """The plan's policy on the cached pipeline; without one, the pipeline's own
    (the cached pipeline may have served a job with another policy)."""
    wanted = plan.settings.policy if plan.settings.policy is not None else _OWN_POLICY.get(plan.pipeline_key)
    if wanted is not None:
        current = current_policy(nlp)
        # Each task unpickles its own copy of the plan's policy: compare contents, not objects.
        if current is None or current.content_hash != wanted.content_hash:
            apply_policy(nlp, wanted)
    elif current_policy(nlp) is not None:
        restore_policy(nlp, None)


def _output_batch(
    plan: ExecutorPlan, chunk: pa.RecordBatch, results: List[RecordResult], lines: Optional[_JsonlLines],
    policy_hash: Optional[str] = None,
) -> pa.RecordBatch:
    """The chunk with the text column replaced (null where the record failed:
    fail closed) and the errors, span-map and manifest columns added."""
    if lines is not None:
        texts = [lines.line(r) if r.ok else None for r in results]
    else:
        texts = [r.text if r.ok else None for r in results]
    names: List[str] = []
    arrays: List[pa.Array] = []
    for name, column in zip(chunk.schema.names, chunk.columns):
        if name in plan.drop_cols:
            continue
        names.append(name)
        arrays.append(pa.array(texts, type=pa.string()) if name == plan.text_col else column)
    names.append(plan.errors_col)
    arrays.append(pa.array([_error_value(r) for r in results], type=ERROR_TYPE))
    if plan.span_col:
        names.append(plan.span_col)
        arrays.append(pa.array([_spans_value(r) for r in results], type=SPAN_TYPE))
    if plan.manifest_col:
        secret = plan.secret.value
        manifests = [
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in manifest_lines(r, secret, policy_hash=policy_hash))
            if r.ok else None
            for r in results
        ]
        names.append(plan.manifest_col)
        arrays.append(pa.array(manifests, type=pa.string()))
    return pa.RecordBatch.from_arrays(arrays, names=names)


def _chunks(batches: Iterator[pa.RecordBatch], rows: int) -> Iterator[pa.RecordBatch]:
    for batch in batches:
        for offset in range(0, max(batch.num_rows, 1), rows):
            yield batch.slice(offset, rows)


def _deid_partition(batches: Iterator[pa.RecordBatch], plan: ExecutorPlan) -> Iterator[pa.RecordBatch]:
    nlp = cached_pipeline(plan)
    # The mode of this job (the cached pipeline may have served another one),
    # then the driver's secret: configure() forgets a secret set before it.
    configure_surrogates(nlp, mode=plan.settings.mode)
    _use_plan_policy(nlp, plan)
    policy_hash = run_policy(nlp).content_hash
    ensure_surrogates(nlp).use_secret(plan.secret.value)
    runner = DeidRunner.from_settings(nlp, plan.settings, n_process=1)
    lines = _JsonlLines(plan.jsonl) if plan.jsonl is not None else None
    pending: Deque[pa.RecordBatch] = deque()

    def records() -> Iterator[InputRecord]:
        position = 0
        for chunk in _chunks(batches, plan.chunk_rows):
            pending.append(chunk)
            yield from _records(plan, chunk, position)
            position += chunk.num_rows

    done: List[RecordResult] = []
    for result in runner.run(records()):
        done.append(result)
        # A chunk goes out once all its rows have results (empty chunks at once).
        while pending and len(done) >= pending[0].num_rows:
            chunk = pending.popleft()
            yield _output_batch(plan, chunk, done[: chunk.num_rows], lines, policy_hash)
            del done[: chunk.num_rows]
    while pending:
        chunk = pending.popleft()
        assert len(done) >= chunk.num_rows, "the runner yields one result per record"
        yield _output_batch(plan, chunk, done[: chunk.num_rows], lines, policy_hash)
        del done[: chunk.num_rows]


#: The `mapInArrow` function of `deidentify_dataframe` (bind the plan with functools.partial).
deid_partition = sanitized(_deid_partition)
