"""Several processes for one run: workers that de-identify whole chunks of
records and send back only the results.

Why not `nlp.pipe(n_process=...)`: spaCy's workers receive Docs and send Docs
back. The main process then tokenizes every note, serializes it, and
deserializes every processed Doc (about 2 ms a note, `docs/results.md`), on
top of reading and writing: on two cores it was the bottleneck and two
processes ran slower than one. Here the main process only reads records,
hands chunks of them (text, id, key, known PHI: no Docs) to the workers,
puts the results back in input order and writes them. Each worker runs its
own copy of the single-process runner (a `records.RecordStream`: the
`DeidRunner` that starts the run), in-process, over its chunk (tokenizer,
pipeline, failure isolation, result extraction) and returns per record the
de-identified text, the span map and the stats, or the error. This module
knows the runner only through that protocol: the runner imports it, not the
reverse.

Guarantees kept from the single-process runner:

- one result per record, in input order; a record's payload (JSON object,
  CSV row) never leaves the main process;
- fail closed: a chunk whose worker raised outside the pipeline fails all its
  records (type name only). A worker that dies (killed, out of memory) is
  replaced, and every record it had not sent back is re-run alone: on a
  worker that runs nothing else meanwhile. Only a record on which such a
  worker dies fails, as `component_failure` ("worker process"); its text is
  never written. No record is blamed before it ran alone: every record a
  dead worker had not sent back is a suspect;
- a dying worker cannot stop the others: each worker sends its results on
  its own pipe, synchronously (a queue shared by the workers has a lock, and
  a worker killed while holding it would block every other one for good;
  a queue's feeder thread may also still hold results when the worker dies);
- bounded memory: at most `IN_FLIGHT_PER_WORKER` chunks per worker are read
  and not yet written;
- workers exit when the main process dies (`workers.install_parent_death_guard`)
  and ignore Ctrl-C and SIGTERM (the main process stops them, so the run can
  be resumed).
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Deque, Dict, Iterator, List, Optional, Set, Tuple

from .._logging import logger
from .records import REASON_COMPONENT, InputRecord, RecordError, RecordResult, RecordStream, failed
from .workers import install_parent_death_guard

#: Chunks read but not yet written, per worker: enough to keep every worker busy.
IN_FLIGHT_PER_WORKER = 2
#: How often the main process checks its workers while it waits (seconds).
POLL_SECONDS = 1.0
#: Workers that may exit one after another with no result in between before
#: the run stops (plus two per worker): a worker that cannot start at all
#: must stop the run (resumable), not fail every record one by one.
MAX_EXITS_WITHOUT_RESULTS = 10
#: How long stopping workers may take before they are killed (seconds).
STOP_SECONDS = 5.0
WORKER_COMPONENT = "worker process"

# A chunk's key: (chunk number, part). Part -1 is a whole chunk; a chunk whose
# worker died is split into parts 0, 1, ... of one record each (run alone).
_Key = Tuple[int, int]
# What a worker sends back per record: (position, text, spans, stats, error).
_Outcome = Tuple[int, Optional[str], List[Dict[str, Any]], Dict[str, Any], Optional[RecordError]]
# What a worker sends back per chunk: (key, outcomes, failure, retried, log messages).
_Message = Tuple[_Key, Optional[List[_Outcome]], Optional[str], int, List[Tuple[int, str]]]


def available_cores() -> int:
    """The CPU cores this process may run on (its affinity where the OS tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def resolve_processes(n_process: int) -> int:
    """The number of processes of a run: `n_process` >= 1 as given; 0 or -1:
    every available core."""
    return available_cores() if n_process <= 0 else n_process


def _bare(record: InputRecord) -> InputRecord:
    """What a worker needs of a record: no payload (pass-through fields), no source."""
    return InputRecord(id=record.id, text=record.text, position=record.position, patient_key=record.patient_key,
                       known_phi=record.known_phi, error=record.error, text_optional=record.text_optional)


def _abandon(tasks: Any) -> None:
    """Let go of a dead worker's task queue: what it still holds is never read,
    and its feeder thread (blocked on a full pipe) must not hold up the exit."""
    try:
        tasks.cancel_join_thread()
        tasks.close()
    except (OSError, ValueError):  # already closed: nothing to let go of
        pass


class _LogCollector(logging.Handler):
    """A worker's warnings, sent to the main process with the chunk's results
    and logged there (our messages name components and types, never text)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: List[Tuple[int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append((record.levelno, record.getMessage()))

    def take(self) -> List[Tuple[int, str]]:
        messages, self.messages = self.messages, []
        return messages


def _worker_main(runner: RecordStream, parent_pid: int, tasks: Any, results: Any) -> None:
    """A worker process: de-identify chunks until told to stop (None), and
    send each chunk's results on `results` (its own pipe; `send` returns once
    they are in the pipe, so a worker that dies later loses none of them)."""
    install_parent_death_guard(expected_parent_pid=parent_pid if os.getppid() == parent_pid else None)
    # Ctrl-C and SIGTERM (sent to the whole process group too) are the main
    # process's to handle: it stops its workers, so the run can be resumed.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    collector = _LogCollector()
    logger.handlers = [collector]  # forwarded, not also written from here (a forked copy of the parent's)
    logger.propagate = False
    with runner.run_settings(workers=False):
        while True:
            task = tasks.get()
            if task is None:
                return
            key, records = task
            retried = runner.retried
            try:
                outcomes: List[_Outcome] = [
                    (r.record.position, r.text, r.spans, r.stats, r.error) for r in runner.stream(records)
                ]
            except Exception as err:  # not a record's fault: fail the chunk, closed
                results.send((key, None, type(err).__name__, 0, collector.take()))
                continue
            results.send((key, outcomes, None, runner.retried - retried, collector.take()))


class WorkerError(RuntimeError):
    """Worker processes cannot run (they exit again and again without results).
    Raised after the run started: `spacy-phi deid` exits with 1 and keeps the
    partial output for --resume (e.g. with --n-process 1)."""


@dataclass
class _Worker:
    """A worker process, its task queue, the read end of its results pipe,
    and the chunks sent to it whose results have not come back."""

    process: Any
    tasks: Any
    results: Any
    chunks: List[_Key] = field(default_factory=list)


class ParallelRun:
    """One run over `n` worker processes (see the module docstring).

    runner (RecordStream): runs the records of a chunk in one process: a copy
        of it in each worker, itself for an input that fits in one chunk; its
        counter `retried` is updated with the workers'.
    n (int): worker processes (>= 2).
    chunk_size (int): records per chunk handed to a worker (the batch size).
    """

    def __init__(self, runner: RecordStream, n: int, chunk_size: int) -> None:
        self.runner = runner
        self.n = n
        self.chunk_size = chunk_size
        self.context = multiprocessing.get_context()
        self.workers: List[_Worker] = []
        # Records read, by chunk key, until their results are yielded.
        self.chunks: Dict[_Key, List[InputRecord]] = {}
        self.done: Dict[_Key, Tuple[Optional[List[_Outcome]], Optional[str]]] = {}
        self.order: Deque[_Key] = deque()
        self.queued: Deque[_Key] = deque()  # read (or split), not yet sent to a worker
        # One-record parts of the chunks of dead workers: each runs on a worker
        # that has nothing else in flight, so a death while it runs is its own.
        self.alone: Set[_Key] = set()
        self.exits_without_results = 0

    # -- workers ----------------------------------------------------------------

    def _start_worker(self) -> _Worker:
        tasks = self.context.Queue()  # put() never blocks the main process
        results, results_end = self.context.Pipe(duplex=False)
        process = self.context.Process(
            target=_worker_main, args=(self.runner, os.getpid(), tasks, results_end),
            name="spacy-phi-deid-worker", daemon=True,
        )
        process.start()
        # Only the worker holds the writing end: its pipe ends when it dies.
        results_end.close()
        worker = _Worker(process, tasks, results)
        self.workers.append(worker)
        return worker

    def _send(self) -> None:
        """Hand queued chunks to workers with room, in order (see `_worker_for`)."""
        while self.queued:
            key = self.queued[0]
            worker = self._worker_for(key)
            if worker is None:
                return
            self.queued.popleft()
            worker.chunks.append(key)
            worker.tasks.put((key, [_bare(record) for record in self.chunks[key]]))

    def _worker_for(self, key: _Key) -> Optional[_Worker]:
        """The worker to send `key` to now (least busy first), or None to wait.

        A record retried alone goes only to a worker with nothing in flight,
        and that worker gets nothing more until it sends the result back.
        """
        free = [worker for worker in self.workers if not self.alone.intersection(worker.chunks)]
        if key in self.alone:
            return next((worker for worker in free if not worker.chunks), None)
        worker = min(free, key=lambda w: len(w.chunks), default=None)
        if worker is None or len(worker.chunks) >= IN_FLIGHT_PER_WORKER:
            return None
        return worker

    def _check_workers(self) -> None:
        """Replace dead workers; fail the record a worker died on alone, and
        re-run every other record a dead worker had not sent back alone."""
        for worker in list(self.workers):
            if worker.process.is_alive():
                continue
            code = worker.process.exitcode
            self.workers.remove(worker)
            self._drain(worker)  # what it finished before it died counts
            _abandon(worker.tasks)
            self.exits_without_results += 1
            if self.exits_without_results > MAX_EXITS_WITHOUT_RESULTS + 2 * self.n:
                raise WorkerError(f"worker processes keep exiting without results (last exit code {code})")
            unfinished = [key for key in worker.chunks if key not in self.done]
            if len(unfinished) == 1 and unfinished[0] in self.alone:
                # It ran this record and nothing else: the record is the cause.
                self.done[unfinished[0]] = (None, f"WorkerExited({code})")
                logger.warning("deid: a worker process exited (code %s) on a record it ran alone: that record "
                               "fails (component_failure, %s)", code, WORKER_COMPONENT)
            elif unfinished:
                retry: List[_Key] = []
                for key in unfinished:
                    retry.extend([key] if key in self.alone else self._split(key))
                self.queued.extendleft(reversed(retry))
                logger.warning("deid: a worker process exited (code %s) with %d record(s) unfinished: each is "
                               "re-run alone", code, len(retry))
            self._start_worker()

    def _split(self, key: _Key) -> List[_Key]:
        """Replace a chunk by one-record parts, in its place in the output order.

        RETURNS (List[_Key]): the parts, to be queued (before what is queued).
        """
        records = self.chunks.pop(key)
        parts = [(key[0], i) for i in range(len(records))]
        for part, record in zip(parts, records):
            self.chunks[part] = [record]
            self.alone.add(part)
        index = self.order.index(key)
        self.order.remove(key)
        for offset, part in enumerate(parts):
            self.order.insert(index + offset, part)
        # Records that failed before the pipeline are not re-run, only passed through.
        self.runner.retried += sum(1 for record in records if record.error is None)
        return parts

    def _stop(self) -> None:
        for worker in self.workers:
            try:
                worker.tasks.put(None)
            except Exception:
                pass
        for worker in self.workers:
            worker.process.join(STOP_SECONDS)
            if worker.process.is_alive():
                worker.process.kill()  # e.g. blocked sending results no one will read
                worker.process.join(STOP_SECONDS)
            worker.results.close()
        self.workers = []

    # -- results ----------------------------------------------------------------

    def _results_of(self, key: _Key) -> Iterator[RecordResult]:
        records = self.chunks.pop(key)
        self.alone.discard(key)
        outcomes, failure = self.done.pop(key)
        by_position = {outcome[0]: outcome for outcome in outcomes or []}
        for record in records:
            outcome = by_position.get(record.position)
            if outcome is None:
                kind = failure or "MissingResult"
                yield failed(record, RecordError(
                    REASON_COMPONENT, f"the {WORKER_COMPONENT} failed on this record's chunk ({kind})",
                    component=WORKER_COMPONENT, error_type=kind,
                ))
                continue
            _, text, spans, stats, error = outcome
            if error is not None or text is None:
                yield failed(record, error or RecordError(REASON_COMPONENT, "no result", component=WORKER_COMPONENT))
            else:
                yield RecordResult(record=record, text=text, spans=spans, stats=stats)

    def _receive(self) -> None:
        """Wait for results (checking the workers while waiting)."""
        while True:
            ready = multiprocessing.connection.wait([worker.results for worker in self.workers],
                                                    timeout=POLL_SECONDS)
            received = False
            for worker in list(self.workers):
                if worker.results in ready:
                    received = self._read(worker) or received
            if received:
                return
            self._check_workers()
            self._send()
            if self.order and self.order[0] in self.done:
                return

    def _read(self, worker: _Worker) -> bool:
        """Take one message from a worker whose pipe is ready.

        RETURNS (bool): False when the pipe ended: the worker died (its death
            is then handled by `_check_workers`).
        """
        try:
            message: _Message = worker.results.recv()
        except (EOFError, OSError):  # OSError: it died while sending
            worker.process.join(STOP_SECONDS)  # it is exiting: let it, so it is seen dead
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(STOP_SECONDS)
            return False
        self._accept(worker, message)
        return True

    def _drain(self, worker: _Worker) -> None:
        """Accept the results a dead worker sent in full before it died."""
        try:
            while worker.results.poll():
                self._accept(worker, worker.results.recv())
        except (EOFError, OSError):  # the end of the pipe, or a message cut off by the death
            pass
        worker.results.close()

    def _accept(self, worker: _Worker, message: _Message) -> None:
        key, outcomes, failure, retried, messages = message
        for level, text in messages:
            logger.log(level, "%s", text)
        if key in worker.chunks:
            worker.chunks.remove(key)
        self.exits_without_results = 0
        if key in self.chunks and key not in self.done:
            self.done[key] = (outcomes, failure)
            self.runner.retried += retried

    # -- the run ----------------------------------------------------------------

    def _read_chunk(self, records: Iterator[InputRecord]) -> List[InputRecord]:
        chunk = []
        for record in records:
            chunk.append(record)
            if len(chunk) >= self.chunk_size:
                break
        return chunk

    def run(self, records: Iterator[InputRecord]) -> Iterator[RecordResult]:
        """De-identify records over the workers; one result per record, in input order.

        A first chunk that holds the whole input is processed in this process:
        starting workers would cost more than it saves.
        """
        first = self._read_chunk(records)
        if len(first) < self.chunk_size:
            yield from self.runner.stream(first)
            return
        number = 0
        source_error: Optional[BaseException] = None
        try:
            for _ in range(self.n):
                self._start_worker()
            pending: Optional[List[InputRecord]] = first
            while True:
                # Read while there is room: the input is read ahead by a bounded amount.
                while source_error is None and len(self.order) < IN_FLIGHT_PER_WORKER * self.n:
                    if pending is None:
                        try:
                            pending = self._read_chunk(records)
                        except Exception as err:  # the input failed: finish what was read, then raise
                            source_error = err
                            break
                    if not pending:
                        break
                    key = (number, -1)
                    number += 1
                    self.chunks[key] = pending
                    self.order.append(key)
                    self.queued.append(key)
                    if len(pending) < self.chunk_size:
                        pending = []
                        break
                    pending = None
                self._send()
                if not self.order:
                    break
                while self.order and self.order[0] in self.done:
                    yield from self._results_of(self.order.popleft())
                if self.order and self.order[0] not in self.done:
                    self._receive()
            if source_error is not None:
                raise source_error
        finally:
            self._stop()
