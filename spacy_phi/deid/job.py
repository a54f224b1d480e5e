"""A whole `spacy-phi deid` run over a file, folder or stdin: input → pipeline
→ mirrored output, errors file, audit manifest, review pages, summary,
progress, checkpoints and resume.

Files a run writes for output OUT (a file or folder):

| file | content |
|---|---|
| OUT | the de-identified notes (mirrors the input format) |
| OUT.errors.jsonl | one line per failed record: id, position, reason, message (no text) |
| OUT.manifest.jsonl | one line per PHI span (see `manifest.py`); no raw PHI unless asked |
| OUT.summary.json | the run summary (counts) |
| OUT.deid-state | checkpoints while running; removed when the run completes |
| OUT.lock (and one per side file) | the run's lock while it runs (see `lock.py`) |

While running, OUT, the errors file and the manifest are built as
`<name>.partial`; all are renamed at the end, so a final name only ever holds
a complete output.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any, Dict, Iterator, List, Optional, Sequence, Tuple

from spacy.language import Language

from ..errors import SpacyPhiError
from .interop.keyed import RecordKeys
from .inputs import INTEROP_FORMATS, STDIN, FieldConfig, FolderSource, InputSource, open_input
from ..policy.apply import apply_policy, restore_policy
from .audit import audit_info, run_policy, utc_now
from .manifest import field_hasher, manifest_lines
from .model import configure_surrogates, load_pipeline, restore_surrogates, secret_source, use_gpu
from .outputs import (
    AppendLog,
    CsvOutput,
    FolderOutput,
    JsonlOutput,
    OutputWriter,
    RecordRejected,
    StreamLog,
    TextOutput,
    atomic_write_bytes,
    sidecar_path,
    staging_path,
)
from .parallel import resolve_processes
from .lock import RunLock
from .paths import PathConflictError, RunPath, check_replaceable, check_run_paths
from .progress import Progress
from .records import REASON_WRITE_ERROR, RecordError, RecordResult, failed
from .resume import ResumeError, RunState
from .review_html import ReviewWriter, review_paths
from .runner import DeidRunner
from .safe_text import escape_fields
from .settings import DeidSettings
from .summary import RunSummary

ERRORS_SUFFIX = ".errors.jsonl"
MANIFEST_SUFFIX = ".manifest.jsonl"
SUMMARY_SUFFIX = ".summary.json"
STATE_SUFFIX = ".deid-state"


class DeidUsageError(SpacyPhiError):
    """The run cannot start as asked (existing outputs, bad combination of options)."""


class DeidStartError(DeidUsageError):
    """A file or folder the run needs cannot be opened or created (names paths only)."""


@dataclass(frozen=True, kw_only=True)
class DeidOptions(DeidSettings):
    """Settings of a run (the `spacy-phi deid` options): the `DeidSettings`
    every entry point shares (model, lang, mode, secret_file, batch_size,
    n_process, max_chars) and the options of a file job below. Keyword
    arguments only; frozen: derive a variant with `dataclasses.replace`.
    `n_process` -1 (default) is 1 when `gpu_id` >= 0.

    input_format (Optional[str]): "text", "folder", "jsonl", "csv"; guessed if None.
    fields (FieldConfig): JSONL fields / CSV columns.
    gpu_id (int): GPU to use; -1 for CPU.
    suffixes (Tuple[str, ...]): folder input: file endings read.
    patient_key_from_folder (bool): folder input: parent folder = patient key.
    drop_fields (Tuple[str, ...]): JSONL fields / CSV columns left out of the output.
    hash_fields (Tuple[str, ...]): fields/columns replaced by a keyed hash.
    manifest (Optional[Path]): manifest path (default OUT.manifest.jsonl).
    write_manifest (bool): False: no manifest.
    manifest_include_text (bool): put the raw PHI value in the manifest.
    errors (Optional[Path]): errors file (default OUT.errors.jsonl; stderr for stdout output).
    summary (Optional[Path]): summary JSON (default OUT.summary.json).
    html (Optional[Path]): review pages folder (contains PHI).
    resume (bool): continue an interrupted run.
    overwrite (bool): replace existing outputs / discard an interrupted run.
    progress (bool): show progress on stderr.
    checkpoint_seconds (float): least time between checkpoints.
    """

    input_format: Optional[str] = None
    fields: FieldConfig = field(default_factory=FieldConfig)
    gpu_id: int = -1
    suffixes: Tuple[str, ...] = (".txt",)
    patient_key_from_folder: bool = False
    drop_fields: Tuple[str, ...] = ()
    hash_fields: Tuple[str, ...] = ()
    manifest: Optional[Path] = None
    write_manifest: bool = True
    manifest_include_text: bool = False
    errors: Optional[Path] = None
    summary: Optional[Path] = None
    html: Optional[Path] = None
    resume: bool = False
    overwrite: bool = False
    progress: bool = True
    checkpoint_seconds: float = 2.0

    def fingerprint(self) -> Dict[str, Any]:
        """The settings that shape the output (must match to resume)."""
        return {
            "fields": asdict(self.fields),
            "model": self.model,
            "lang": self.lang,
            "mode": self.mode,
            "max_chars": self.max_chars,
            "suffixes": list(self.suffixes),
            "patient_key_from_folder": self.patient_key_from_folder,
            "drop_fields": sorted(self.drop_fields),
            "hash_fields": sorted(self.hash_fields),
            "write_manifest": self.write_manifest,
            "manifest_include_text": self.manifest_include_text,
            "html": str(self.html) if self.html else None,
        }


@dataclass
class _Paths:
    output: Optional[Path]
    errors: Optional[Path]
    manifest: Optional[Path]
    summary: Optional[Path]
    state: Optional[Path]


def _plan_paths(source: InputSource, output: Optional[Path], options: DeidOptions) -> _Paths:
    if output is None:
        if source.format == "folder":
            raise DeidUsageError("a folder input needs an output folder (-o DIR)")
        if options.resume:
            raise DeidUsageError("--resume needs an output file or folder (not stdout)")
        return _Paths(None, options.errors, options.manifest, options.summary, None)
    # Clashes with the input or between outputs: _check_paths, right after.
    return _Paths(
        output=output,
        errors=options.errors or sidecar_path(output, ERRORS_SUFFIX),
        manifest=(options.manifest or sidecar_path(output, MANIFEST_SUFFIX)) if options.write_manifest else None,
        summary=options.summary or sidecar_path(output, SUMMARY_SUFFIX),
        state=sidecar_path(output, STATE_SUFFIX),
    )


def _check_paths(source: InputSource, paths: _Paths, options: DeidOptions) -> None:
    """Refuse outputs that would replace the input or one another (before anything is read)."""
    if isinstance(source, FolderSource):
        input_path: Optional[Path] = source.root
    else:
        input_path = getattr(source, "path", None)  # None: stdin
    candidates = [
        ("-o/--output", paths.output, source.format == "folder", True),
        ("--errors", paths.errors, False, True),
        ("--manifest", paths.manifest, False, True),
        ("--summary", paths.summary, False, False),
        ("the resume state file", paths.state, False, False),
    ]
    if options.html is not None:
        # What the review writer creates, not the whole folder: `--html .` is fine.
        candidates += [("--html", path, is_folder, True) for path, is_folder in review_paths(options.html)]
    written = [RunPath(role, path, is_folder, staged) for role, path, is_folder, staged in candidates
               if path is not None]
    try:
        check_run_paths(input_path, source.format == "folder", written)
        for run_path in written:
            check_replaceable(run_path)
    except PathConflictError as err:
        raise DeidUsageError(str(err)) from None


def _locked_paths(paths: _Paths, options: DeidOptions) -> List[Path]:
    """The paths a run locks: each final output it writes (the resume state
    and the `.partial` stages go with the output's lock)."""
    locked = [p for p in (paths.output, paths.errors, paths.manifest, paths.summary) if p is not None]
    if options.html is not None:
        locked.append(review_paths(options.html)[0][0])  # the index page stands for the review folder
    return locked


def _writer(source: InputSource, output: Optional[Path], options: DeidOptions, hasher: Any,
            stdout: Optional[IO[bytes]], keys: Any = None) -> OutputWriter:
    fields = options.fields
    if source.format in INTEROP_FORMATS:
        from .interop_io import interop_writer

        return interop_writer(source, output, keys, stdout)
    if source.format == "folder":
        assert output is not None
        return FolderOutput(output)
    if source.format == "jsonl":
        return JsonlOutput(output, fields, options.drop_fields, options.hash_fields, hasher, stdout)
    if source.format == "csv":
        header = source.prepare()  # type: ignore[attr-defined]
        # The reader's fields: a ".tsv" input switched its delimiter to a tab, and the output keeps it.
        fields = getattr(source, "fields", fields)
        return CsvOutput(output, header, fields, options.drop_fields, options.hash_fields, hasher, stdout)
    return TextOutput(output, stdout)


class DeidJob:
    """One run: set up by the constructor, executed by `run()`.

    input (str): a file, a folder or "-" (stdin).
    output (Optional[str]): a file or folder; None or "-" for stdout.
    options (DeidOptions): the settings.
    nlp (Optional[Language]): a loaded pipeline (else resolved from options.model).
    stdin (Optional[IO[bytes]]): replaces sys.stdin.buffer (tests).
    stdout (Optional[IO[bytes]]): replaces sys.stdout.buffer.
    stderr (Optional[IO[str]]): replaces sys.stderr (progress, summary, notes).
    """

    def __init__(
        self,
        input: str,
        output: Optional[str] = None,
        options: Optional[DeidOptions] = None,
        *,
        nlp: Optional[Language] = None,
        stdin: Optional[IO[bytes]] = None,
        stdout: Optional[IO[bytes]] = None,
        stderr: Optional[IO[str]] = None,
    ) -> None:
        self.options = options or DeidOptions()
        self.stderr = stderr if stderr is not None else sys.stderr
        self.stdout = stdout
        self.stdin = stdin
        self.input = str(input)
        self.output = None if output in (None, STDIN) else Path(str(output))
        self.given_nlp = nlp
        self.notes: List[str] = []
        self._policy_hash: Optional[str] = None

    def note(self, text: str) -> None:
        """A message on stderr (never note text)."""
        self.notes.append(text)
        self.stderr.write(f"deid: {text}\n")
        self.stderr.flush()

    # -- setup ------------------------------------------------------------------

    def _check_existing(self, paths: _Paths, state: Optional[RunState], extra_staged: Sequence[Path]) -> None:
        opts = self.options
        finals = [p for p in (paths.output, paths.errors, paths.manifest, paths.summary) if p is not None]
        staged = [staging_path(p) for p in finals] + list(extra_staged)
        interrupted = [p for p in staged if p.exists()] + ([state.path] if state and state.exists() else [])
        if opts.overwrite:
            for path in interrupted:
                if path.is_dir():
                    shutil.rmtree(path)
                else:
                    path.unlink()
            return
        if opts.resume:
            if not interrupted and paths.output is not None and paths.output.exists():
                raise DeidUsageError(
                    f"{paths.output} exists and no interrupted run is left to resume; pass --overwrite to redo it"
                )
            return
        if interrupted:
            raise DeidUsageError(
                f"an interrupted run left {interrupted[0]}: pass --resume to continue it or --overwrite to start over"
            )
        existing = [p for p in finals if p.exists()]
        if existing:
            raise DeidUsageError(f"{existing[0]} exists; pass --overwrite to replace it")

    def _load_nlp(self) -> Tuple[Language, str]:
        if self.given_nlp is not None:
            return self.given_nlp, self.options.model or "given pipeline"
        use_gpu(self.options.gpu_id)
        return load_pipeline(self.options.model, lang=self.options.lang)

    # -- run --------------------------------------------------------------------

    def run(self) -> RunSummary:
        """Run to the end.

        RETURNS (RunSummary): the summary (`records_failed` > 0: some records failed).
        RAISES (InputError, ModelError, DeidUsageError, ResumeError): before any
            record is processed; KeyboardInterrupt leaves the partial output for --resume.
        """
        opts = self.options
        with _could_not_start():
            if opts.input_format in INTEROP_FORMATS:
                from .interop_io import open_interop_input  # the FHIR/HL7 libraries load only when used

                path = None if str(self.input) == STDIN else Path(self.input)
                source = open_interop_input(opts.input_format, path, opts.max_chars, self.stdin)
            else:
                source = open_input(
                    self.input, opts.input_format, opts.fields, max_chars=opts.max_chars, suffixes=opts.suffixes,
                    patient_key_from_folder=opts.patient_key_from_folder, stream=self.stdin,
                )
            paths = _plan_paths(source, self.output, opts)
            _check_paths(source, paths, opts)
            # Before anything is written (even the removal of an interrupted
            # run's files by --overwrite): a second run on the same files stops here.
            lock = RunLock(_locked_paths(paths, opts), self.note)
            lock.acquire()
        try:
            with _could_not_start():
                # A single text file is one record: rerunning it is the resume.
                state = RunState(paths.state) if paths.state is not None and source.format != "text" else None
                extra_staged: List[Path] = []
                if source.format == "folder" and paths.output is not None:
                    extra_staged.append(staging_path(paths.output))
                self._check_existing(paths, state, extra_staged)

                nlp, model_name = self._load_nlp()
                previous = configure_surrogates(nlp, mode=opts.mode, secret_file=opts.secret_file)
                previous_policy = apply_policy(nlp, opts.policy) if opts.policy is not None else None
            try:
                return self._run(source, paths, state, nlp, model_name)
            finally:
                if self.given_nlp is not None:
                    restore_surrogates(nlp, previous)
                    if opts.policy is not None:
                        restore_policy(nlp, previous_policy)
        finally:
            lock.release()

    def _resume_point(self, state: Optional[RunState], fingerprint: Dict[str, Any], source: InputSource,
                      secret: bytes, secret_from: str) -> Tuple[int, Optional[Dict[str, Any]]]:
        if not (self.options.resume and state is not None and state.exists()):
            if self.options.resume:
                self.note("nothing to resume; starting from the beginning")
            return 0, None
        header, checkpoint = state.load()
        diff = RunState.differences(header.get("fingerprint", {}), fingerprint)
        if diff:
            raise ResumeError(f"cannot resume: the input or settings changed since the interrupted run ({', '.join(diff)})")
        if not RunState.same_secret(header, secret):
            # Continuing would mix surrogates and manifest hashes of two secrets in one output.
            hint = (" (this run has no secret set: a random per-run secret never matches)"
                    if secret_from == "random per run" else "")
            raise ResumeError(
                "cannot resume: the interrupted run used a different secret (SPACY_PHI_SECRET or --secret-file)"
                + hint + "; resume with the same secret, or pass --overwrite to start over"
            )
        if checkpoint is None:
            self.note("the interrupted run has no checkpoint; starting from the beginning")
            return 0, None
        done = int(checkpoint["done"])
        if isinstance(source, FolderSource) and done:
            last = next(iter(source.records(skip=done - 1)), None)
            if last is None or last.id != checkpoint.get("last_id"):
                raise ResumeError("cannot resume: the input folder changed since the interrupted run")
        self.note(f"resuming after {done:,} records")
        return done, checkpoint

    def _run(self, source: InputSource, paths: _Paths, state: Optional[RunState], nlp: Language,
             model_name: str) -> RunSummary:
        opts = self.options
        opened: List[Any] = []
        with _could_not_start(opened):
            # A GPU run stays in one process unless told otherwise (one GPU, one model copy).
            n_process = 1 if opts.gpu_id >= 0 and opts.n_process < 1 else resolve_processes(opts.n_process)
            runner = DeidRunner.from_settings(nlp, opts, n_process=n_process)
            secret = runner.secret
            secret_from = secret_source(nlp)
            if secret_from == "random per run":
                self.note("no secret set (SPACY_PHI_SECRET or --secret-file): surrogates and hashes are "
                          "consistent within this run only")

            # The effective replacement settings (the pipeline's own when no --mode);
            # where the secret comes from is not compared: the secret itself is, by its keyed fingerprint.
            surrogate_settings = {k: v for k, v in runner.surrogates.cfg.items()
                                  if k not in ("secret_file", "secret_env")}
            self._policy_hash = run_policy(nlp).content_hash
            fingerprint = {"input": source.fingerprint(), "options": opts.fingerprint(), "model": model_name,
                           "surrogates": surrogate_settings, "policy": self._policy_hash}
            done, checkpoint = self._resume_point(state, fingerprint, source, secret, secret_from)
            resume_files = (checkpoint or {}).get("files", {})
            if done and paths.output is not None and source.format != "text":
                staged = staging_path(paths.output)
                if not staged.exists():
                    raise ResumeError(f"cannot resume: {staged} is missing; rerun with --overwrite")

            keys = RecordKeys(secret, runner.surrogates.cfg)
            writer = _writer(source, paths.output, opts, field_hasher(secret), self.stdout, keys)
            defaults = FieldConfig()
            missing = [c for c in getattr(source, "missing_optional", []) if c not in (defaults.id_field,
                                                                                         defaults.patient_key_field)]
            if missing:
                self.note("columns not in the CSV header (ignored): " + ", ".join(missing))
            errors_log = AppendLog(paths.errors) if paths.errors is not None else StreamLog(_BinaryText(self.stderr))
            manifest_log = (AppendLog(paths.manifest) if paths.manifest is not None else None)
            review = ReviewWriter(opts.html) if opts.html is not None else None
            outputs: Dict[str, Any] = {"output": writer, "errors": errors_log}
            if manifest_log is not None:
                outputs["manifest"] = manifest_log
            if review is not None:
                outputs["review"] = review
            for name, out in outputs.items():
                opened.append(out)
                out.open(resume_files.get(name) if checkpoint else None)
            if state is not None:
                if checkpoint is not None:
                    state.reopen()
                else:
                    state.begin(fingerprint, secret)

        summary = RunSummary.from_state(checkpoint.get("summary") if checkpoint else None)
        progress = Progress(
            total=source.total, fraction=source.fraction_read, already_done=done,
            stream=self.stderr, enabled=opts.progress,
        )
        started = time.perf_counter()
        started_at = utc_now()
        last_checkpoint = started
        last_id: Optional[str] = None
        completed = False
        try:
            for result in runner.run(source.records(skip=done)):
                result = self._write(result, writer, manifest_log, review, errors_log, secret)
                summary.add(result)
                # The original text is not needed any more; do not keep it around.
                result.record.text = None
                result.record.payload = None
                done += 1
                last_id = result.record.id
                progress.update(done, summary.records_failed)
                now = time.perf_counter()
                if state is not None and now - last_checkpoint >= opts.checkpoint_seconds:
                    files = {name: out.checkpoint() for name, out in outputs.items()}
                    state.checkpoint(done, last_id, files, summary.to_state())
                    last_checkpoint = now
            completed = True
        finally:
            if not completed:
                for out in outputs.values():
                    out.close()
                if state is not None:
                    state.close()
                progress.finish(done, summary.records_failed)

        seconds = time.perf_counter() - started
        session = summary.records - (RunSummary.from_state(checkpoint.get("summary")).records if checkpoint else 0)
        summary.info = {
            "input": source.name,
            "format": source.format,
            "output": str(paths.output) if paths.output else "stdout",
            "model": model_name,
            "mode": runner.surrogates.cfg["default_mode"],
            "secret": secret_from,
            "n_process": runner.n_process,
            "batch_size": opts.batch_size,
            "resumed_after": int(checkpoint["done"]) if checkpoint else 0,
            "retried_alone": runner.retried,
            "errors_file": str(paths.errors) if paths.errors else "stderr",
            "manifest_file": str(paths.manifest) if paths.manifest else None,
            "html": str(opts.html) if opts.html else None,
            "seconds": round(seconds, 3),
            "records_per_second": round(session / seconds, 2) if seconds > 0 else None,
            "started_at": started_at,
            "finished_at": utc_now(),
            **audit_info(nlp, model_name),
        }
        for out in outputs.values():
            out.finalize()
        # Paths that are not valid UTF-8 (input, output) are escaped like ids.
        summary_dict = escape_fields(summary.to_dict())
        summary_json = json.dumps(summary_dict, indent=2, ensure_ascii=False) + "\n"
        if paths.summary is not None:
            paths.summary.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(paths.summary, summary_json.encode("utf8"))
        if state is not None:
            state.remove()
        progress.finish(done, summary.records_failed)
        self.stderr.write(summary.format() + "\n")
        if paths.summary is None:
            self.stderr.write("deid: summary " + json.dumps(summary_dict, ensure_ascii=False) + "\n")
        self.stderr.flush()
        return summary

    def _write(self, result: RecordResult, writer: OutputWriter, manifest_log: Any, review: Optional[ReviewWriter],
               errors_log: Any, secret: bytes) -> RecordResult:
        if result.ok:
            try:
                writer.write(result)
            except RecordRejected as err:
                result = failed(result.record, err.error)
            except OSError as err:
                if not isinstance(writer, FolderOutput):
                    raise  # a stream output that cannot be written stops the run
                result = failed(result.record, RecordError(
                    REASON_WRITE_ERROR, f"cannot write the output file: {err.strerror}", error_type=type(err).__name__
                ))
        if result.ok:
            if manifest_log is not None:
                for line in manifest_lines(result, secret, self.options.manifest_include_text, self._policy_hash):
                    manifest_log.write_json(line)
            if review is not None:
                review.write(result)
        else:
            writer.discard(result)
            errors_log.write_json(result.error_dict())
            if review is not None:
                review.write_failure(result)
        return result


@contextmanager
def _could_not_start(opened: Sequence[Any] = ()) -> Iterator[None]:
    """Setting up (before any record is read): an OSError there — an output
    location that cannot be written, an input that cannot be opened — means
    the run could not start (exit code 2), not that records failed."""
    try:
        yield
    except OSError as err:
        for out in opened:
            out.close()
        where = f": {err.filename}" if err.filename else ""
        raise DeidStartError(f"cannot start: {err.strerror or type(err).__name__}{where}") from None


class _BinaryText:
    """A bytes-accepting wrapper of a text stream (errors lines on stderr)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def write(self, data: bytes) -> None:
        self.stream.write("deid: error " + data.decode("utf8", errors="replace"))

    def flush(self) -> None:
        self.stream.flush()


def run_job(input: str, output: Optional[str] = None, options: Optional[DeidOptions] = None,
            **kwargs: Any) -> RunSummary:
    """Run `spacy-phi deid` from Python (see DeidJob for the arguments).

    RETURNS (RunSummary): the summary.
    """
    return DeidJob(input, output, options, **kwargs).run()

