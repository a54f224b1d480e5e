"""Streaming de-identification with failure isolation.

`DeidRunner.run(records)` yields one `RecordResult` per input record, in
input order, and never stops on a bad record:

- records that cannot be read or fail validation (empty, whitespace-only,
  binary, undecodable, too long) become errors without reaching the pipeline;
- the others become Docs (`nlp.make_doc`, with the record id, patient key and
  known PHI in `doc.user_data`) and stream through `nlp.pipe(batch_size)`;
  with several processes each worker does all of this for whole chunks of
  records and returns only their results (`parallel.py`);
- spaCy's error handler is replaced, for the run, by one that marks the docs
  of a failing component. spaCy then drops them (a `TrainablePipe` drops its
  whole batch) or passes them on unfinished. The runner tracks which records
  it submitted and which came back: a missing one, or one marked by a batch
  failure, is re-run alone through each component in the main process, which
  isolates the failing record; a record whose component failed on it alone,
  or without `doc._.deidentified`, is an error. Its original text is never
  written anywhere (fail closed);
- a component that breaks the stream itself (its own `pipe` raising) costs
  the records in flight a single re-run each, and the stream restarts.

Memory is bounded: the reader yields one record at a time and only records
in flight (a few batches) are held. With `n_process > 1` the worker
processes exit when this process dies, even by SIGKILL (`workers.py`).
During a run the CPU settings of `cpu.py` apply (one BLAS thread, numpy
matrix products for the tok2vec).
"""

from __future__ import annotations

from collections import deque
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, Deque, Dict, Iterable, Iterator, List, Optional, Set

from spacy.language import Language
from spacy.tokens import Doc

from .._logging import logger
from ..doc_keys import KNOWN_PHI_KEY
from ..models.cpu_ops import fast_cpu
from .model import ensure_surrogates
from .parallel import ParallelRun, resolve_processes
from .records import (
    REASON_BAD_FIELD,
    REASON_COMPONENT,
    REASON_NO_OUTPUT,
    InputRecord,
    RecordError,
    RecordResult,
    check_text,
    failed,
    without_text,
)
from .settings import DEFAULT_BATCH_SIZE, DEFAULT_MAX_CHARS, DeidSettings
from .workers import guard_worker_processes

#: `doc.user_data` key of the record's position (to match docs to records).
POSITION_KEY = "phi_deid_position"
#: `doc.user_data` key set by the run's error handler on a failing component's docs.
FAILURE_KEY = "phi_deid_failure"
#: The Doc extension `phi_merge` fills with one provenance dict per entity.
PROVENANCE_EXTENSION = "phi_provenance"


def mark_failure(proc_name: Optional[str], proc: Any, docs: Optional[List[Doc]], error: Exception) -> None:
    """The spaCy error handler of a run: mark the docs and carry on.

    Only the component name and the exception type are kept: an exception
    message may quote note text.

    proc_name (Optional[str]): the failing component (None: a worker process failed).
    proc (Any): the component.
    docs (Optional[List[Doc]]): the docs it was given.
    error (Exception): the exception.
    """
    docs = list(docs or [])
    name = proc_name or "worker process"
    for doc in docs:
        if isinstance(doc, Doc):
            doc.user_data[FAILURE_KEY] = {
                "component": name,
                "error_type": type(error).__name__,
                "batch": len(docs) != 1,
            }
    logger.warning("deid: %s raised %s on %d doc(s)", name, type(error).__name__, len(docs))


@contextmanager
def _failure_marking(nlp: Language) -> Iterator[None]:
    """Install `mark_failure` on the pipeline and every component, then restore.

    Not `nlp.set_error_handler`: spaCy's Cython components (ner, parser) have
    no `error_handler` attribute to set and raise AttributeError. Their errors
    propagate through `nlp.pipe` instead, which the runner handles by
    restarting the stream and re-running the records in flight alone.
    """
    previous_default = nlp.default_error_handler
    previous: Dict[str, Any] = {}
    nlp.default_error_handler = mark_failure
    for name, proc in nlp.pipeline:
        if not (hasattr(proc, "set_error_handler") and hasattr(proc, "get_error_handler")):
            continue
        handler = proc.get_error_handler()
        try:
            proc.set_error_handler(mark_failure)
        except AttributeError:
            continue
        previous[name] = handler
    try:
        yield
    finally:
        nlp.default_error_handler = previous_default
        for name, proc in nlp.pipeline:
            if name in previous:
                proc.set_error_handler(previous[name])


def component_error(name: str, error: BaseException) -> RecordError:
    """The error of a record a component failed on (name and type only).

    name (str): the component.
    error (BaseException): the exception.
    RETURNS (RecordError): the error.
    """
    kind = type(error).__name__
    return RecordError(REASON_COMPONENT, f"component {name!r} raised {kind}", component=name, error_type=kind)


@dataclass
class _Pending:
    """A record submitted to the pipeline (or failed before it), awaiting its result."""

    record: InputRecord
    error: Optional[RecordError] = None


class _SourceFailure(Exception):
    """The input reader itself failed (fatal: not a record's fault)."""


class _Feed:
    """The iterator handed to `nlp.pipe`: turns records into Docs and keeps,
    in order, every record taken from the input until its result is emitted."""

    def __init__(self, records: Iterator[InputRecord], prepare: Any) -> None:
        self.records = records
        self.prepare = prepare
        self.pending: Deque[_Pending] = deque()
        self.positions: Set[int] = set()
        self.exhausted = False
        self.taken = 0
        self.failure: Optional[BaseException] = None

    def __iter__(self) -> "_Feed":
        return self

    def __next__(self) -> Doc:
        while True:
            if self.exhausted:
                raise StopIteration
            try:
                record = next(self.records)
            except StopIteration:
                self.exhausted = True
                raise
            except Exception as err:
                self.failure = err
                raise _SourceFailure() from err
            self.taken += 1
            doc, error = self.prepare(record)
            self.pending.append(_Pending(record, error))
            self.positions.add(record.position)
            if doc is not None:
                return doc

    def pop(self) -> _Pending:
        entry = self.pending.popleft()
        self.positions.discard(entry.record.position)
        return entry


class DeidRunner:
    """Run a pipeline with `phi_surrogates` over records, isolating failures
    (a `records.RecordStream`: `parallel.ParallelRun` runs a copy of it in
    each worker process).

    nlp (Language): the pipeline; it must set `doc.ents` and have (or get)
        `phi_surrogates`.
    batch_size (int): `nlp.pipe` batch size.
    n_process (int): `nlp.pipe` worker processes (1: none).
    max_chars (int): longer notes are errors.
    """

    def __init__(
        self,
        nlp: Language,
        *,
        batch_size: int = DEFAULT_BATCH_SIZE,
        n_process: int = 1,
        max_chars: int = DEFAULT_MAX_CHARS,
    ) -> None:
        self.nlp = nlp
        self.batch_size = max(1, int(batch_size))
        self.n_process = int(n_process)
        self.max_chars = int(max_chars)
        self.surrogates = ensure_surrogates(nlp)
        self.retried = 0
        self.stream_restarts = 0

    @classmethod
    def from_settings(cls, nlp: Language, settings: DeidSettings, *, n_process: Optional[int] = None) -> DeidRunner:
        """The runner of a run with these settings.

        nlp (Language): the pipeline.
        settings (DeidSettings): batch size, processes and max chars are used.
        n_process (Optional[int]): processes, when the caller decides them
            (a GPU run, a Spark task); None: `settings.n_process`.
        RETURNS (DeidRunner): the runner.
        """
        processes = settings.n_process if n_process is None else n_process
        return cls(nlp, batch_size=settings.batch_size, n_process=processes, max_chars=settings.max_chars)

    @property
    def secret(self) -> bytes:
        """The run secret (that of `phi_surrogates`): keys the manifest hashes."""
        return self.surrogates.secret

    # -- preparing docs -----------------------------------------------------

    def _make_doc(self, record: InputRecord) -> Doc:
        cfg = self.surrogates.cfg
        doc = self.nlp.make_doc(record.text)
        user_data = doc.user_data
        user_data[cfg["record_id_field"]] = record.id
        if record.patient_key is not None:
            user_data[cfg["patient_key_field"]] = record.patient_key
        if record.known_phi:
            user_data[KNOWN_PHI_KEY] = record.known_phi
        user_data[POSITION_KEY] = record.position
        return doc

    def _prepare(self, record: InputRecord) -> Any:
        """(doc, None) for a record to process, or (None, error)."""
        if record.error is not None:
            return None, record.error
        if record.text is None:
            return None, RecordError(REASON_NO_OUTPUT, "the record has no text")
        if not isinstance(record.text, str):
            # A caller-built InputRecord: fail this record, not the whole stream.
            return None, RecordError(REASON_BAD_FIELD, f"the record text is {type(record.text).__name__}, not str")
        if without_text(record):
            return None, None  # resolved without the pipeline (`_resolve`)
        error = check_text(record.text, self.max_chars)
        if error is not None:
            return None, error
        try:
            return self._make_doc(record), None
        except Exception as err:
            return None, component_error("tokenizer", err)

    # -- results ------------------------------------------------------------

    def _result_from_doc(self, record: InputRecord, doc: Doc, alone: bool) -> Optional[RecordResult]:
        """The result of a processed doc; None when it must be re-run alone."""
        failure = doc.user_data.get(FAILURE_KEY)
        if failure:
            if failure.get("batch") and not alone:
                return None
            return failed(record, RecordError(
                REASON_COMPONENT,
                f"component {failure['component']!r} raised {failure['error_type']}",
                component=failure["component"],
                error_type=failure["error_type"],
            ))
        text = doc._.deidentified if Doc.has_extension("deidentified") else None
        if not isinstance(text, str):
            return failed(record, RecordError(REASON_NO_OUTPUT, "phi_surrogates produced no de-identified text"))
        offset_map = doc._.phi_offset_map or []
        replaced = {(entry["start"], entry["end"]) for entry in offset_map}
        unreplaced = sum(1 for ent in doc.ents if (ent.start_char, ent.end_char) not in replaced)
        if unreplaced:
            # Entities added after phi_surrogates ran were never replaced: fail closed.
            return failed(record, RecordError(
                REASON_NO_OUTPUT, f"{unreplaced} entities were not replaced (is phi_surrogates the last component?)"
            ))
        spans = self._spans(doc, offset_map, len(record.text or ""), len(text))
        if spans is None:
            return failed(record, RecordError(REASON_NO_OUTPUT, "phi_surrogates returned an inconsistent offset map"))
        return RecordResult(record=record, text=text, spans=spans, stats=dict(doc._.phi_surrogate_stats or {}))

    @staticmethod
    def _spans(doc: Doc, offset_map: List[Dict[str, Any]], n_old: int, n_new: int) -> Optional[List[Dict[str, Any]]]:
        provenance: Dict[Any, Dict[str, Any]] = {}
        if Doc.has_extension(PROVENANCE_EXTENSION):
            for item in getattr(doc._, PROVENANCE_EXTENSION) or []:
                if isinstance(item, dict):
                    provenance[(item.get("start"), item.get("end"))] = item
        spans = []
        for entry in offset_map:
            start, end, new_start, new_end = entry["start"], entry["end"], entry["new_start"], entry["new_end"]
            if not (0 <= start <= end <= n_old and 0 <= new_start <= new_end <= n_new):
                return None
            origin = provenance.get((start, end), {})
            span = {
                "start": start,
                "end": end,
                "new_start": new_start,
                "new_end": new_end,
                "label": entry["label"],
                "action": entry["action"],
                "detector": origin.get("detector") or "unknown",
                "sources": list(origin.get("sources") or []),
                "rule_id": origin.get("rule_id"),
                "score": origin.get("score"),
            }
            if entry.get("reason"):
                span["reason"] = entry["reason"]
            spans.append(span)
        return spans

    def process_alone(self, record: InputRecord) -> RecordResult:
        """Run one record through each component in turn, in this process, so a
        failure is attributed to this record and its component.

        record (InputRecord): a record that passed validation.
        RETURNS (RecordResult): the result.
        """
        if without_text(record):
            return RecordResult(record=record, text=record.text)
        doc, error = self._prepare(record)
        if doc is None:
            return failed(record, error)
        for name, proc in self.nlp.pipeline:
            try:
                out = proc(doc)
            except Exception as err:
                return failed(record, component_error(name, err))
            if not isinstance(out, Doc):
                error = RecordError(REASON_COMPONENT, f"component {name!r} returned no Doc", component=name)
                return failed(record, error)
            doc = out
            if doc.user_data.get(FAILURE_KEY):
                break
        result = self._result_from_doc(record, doc, alone=True)
        assert result is not None
        return result

    def _resolve(self, entry: _Pending) -> RecordResult:
        """The result of a record that did not come back from the pipeline."""
        if entry.error is not None:
            return failed(entry.record, entry.error)
        if without_text(entry.record):
            return RecordResult(record=entry.record, text=entry.record.text)
        self.retried += 1
        return self.process_alone(entry.record)

    def _emit_through(self, feed: _Feed, doc: Any) -> Iterator[RecordResult]:
        if not isinstance(doc, Doc):
            # A component returned None (or another object) for a doc: spaCy
            # passes it on as it is. Its record is still pending and is re-run
            # alone, which names the component (`process_alone`).
            logger.warning("deid: the pipeline returned %s instead of a document", type(doc).__name__)
            return
        position = doc.user_data.get(POSITION_KEY)
        if position is None or position not in feed.positions:
            # A doc we cannot attribute (a component replaced it): ignored; its
            # record is still pending and will be re-run alone.
            logger.warning("deid: the pipeline returned a document without its record position")
            return
        while feed.pending:
            entry = feed.pop()
            if entry.record.position != position:
                yield self._resolve(entry)
                continue
            result = self._result_from_doc(entry.record, doc, alone=False)
            if result is None:
                self.retried += 1
                result = self.process_alone(entry.record)
            yield result
            return

    def _drain(self, feed: _Feed) -> Iterator[RecordResult]:
        while feed.pending:
            yield self._resolve(feed.pop())

    # -- the run --------------------------------------------------------------

    @contextmanager
    def run_settings(self, workers: bool) -> Iterator[None]:
        """The settings of a run in this process: max length, failure marking,
        CPU settings (`cpu.py`) and, when it starts `workers`, their guard."""
        nlp = self.nlp
        previous_max_length = nlp.max_length
        nlp.max_length = max(nlp.max_length, self.max_chars + 1)
        # Load the secret now: a random per-run secret is then pickled to
        # worker processes, so all of them use the same one.
        _ = self.surrogates.secret
        try:
            with ExitStack() as stack:
                if workers:
                    # Workers must not outlive this process (kill -9, OOM killer).
                    stack.enter_context(guard_worker_processes())
                stack.enter_context(_failure_marking(nlp))
                stack.enter_context(fast_cpu(nlp))
                yield
        finally:
            nlp.max_length = previous_max_length

    def run(self, records: Iterable[InputRecord]) -> Iterator[RecordResult]:
        """De-identify records; one result per record, in input order. With
        `n_process` other than 1, worker processes do the work (`parallel.py`).

        records (Iterable[InputRecord]): the records (positions increasing).
        YIELDS (RecordResult): the results.
        RAISES: what the input reader raises (a failing input is fatal), and
            KeyboardInterrupt.
        """
        n = resolve_processes(self.n_process)
        with self.run_settings(workers=n > 1):
            if n > 1:
                yield from ParallelRun(self, n, chunk_size=self.batch_size).run(iter(records))
            else:
                yield from self.stream(records)

    def stream(self, records: Iterable[InputRecord]) -> Iterator[RecordResult]:
        """`run` in this process, inside `run_settings`."""
        feed = _Feed(iter(records), self._prepare)
        while True:
            taken_before = feed.taken
            stream = self.nlp.pipe(feed, batch_size=self.batch_size)
            broke = False
            while True:
                try:
                    doc = next(stream)
                except StopIteration:
                    break
                except Exception as err:
                    if feed.failure is not None:
                        raise feed.failure from None
                    # A component raised through nlp.pipe, past the error handler.
                    logger.warning("deid: the pipeline stream failed (%s); restarting it", type(err).__name__)
                    broke = True
                    break
                yield from self._emit_through(feed, doc)
            if feed.failure is not None:
                raise feed.failure
            yield from self._drain(feed)
            if not broke or feed.exhausted:
                break
            self.stream_restarts += 1
            if feed.taken == taken_before:
                # The stream fails before taking anything: go one by one.
                for doc in feed:
                    yield from self._drain(feed)
                yield from self._drain(feed)
                break
