"""`spacy-phi deid --engine spark INPUT -o OUT`: a Parquet file or folder, a
JSONL or a CSV file de-identified on Spark into the folder OUT.

How a run goes, and how `--resume` works:

1. The input is read with Spark (JSONL as lines, parsed on the executors by
   the local reader's code; CSV with a header, every column a string, after
   a check on the driver with the local reader's row splitter, `check_csv`;
   Parquet as it is) and every row gets its 1-based row number (line number
   for JSONL): a count per input partition, then offsets. Input splits
   depend only on the files (`spark.sql.files.minPartitionNum` is 1), so the
   numbers are the same in every run over the same files.
2. Bucket of a row = pmod(hash(row number), P), P = `--partitions`. The
   shuffle `repartition(P, row number)` uses that same Murmur3 hash, so
   partition i holds exactly bucket i, whatever the master or the cores.
3. The executors de-identify (the code of `deidentify_dataframe`) and, in
   the same Python worker, write each bucket to its own files, the data file
   renamed last (`writer.py`).
4. At the end the driver writes OUT/_summary.json and OUT/_SUCCESS.

OUT/_spacy_phi_job.json, written before anything else, holds what must not
change for a rerun to continue the run: the input files (sizes, mtimes), the
settings, P, and a keyed fingerprint of the secret (never the secret). A
rerun with `--resume` checks it, skips the buckets whose data file exists
and redoes the others from their rows: a bucket is either wholly written or
not at all, so nothing is duplicated and nothing lost.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import shutil
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any, Callable, Dict, FrozenSet, List, Optional, Set, Tuple

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import StringType, StructField, StructType
from spacy.language import Language

from ..about import __version__
from ..deid.audit import utc_now
from ..deid.csv_rows import CsvRegionLine
from ..deid.inputs import CsvSource, FieldConfig, InputError
from ..deid.records import has_lone_surrogates
from ..deid.job import DeidOptions, DeidUsageError
from ..deid.resume import ResumeError, secret_check
from ..deid.summary import RunSummary
from ..surrogates.keys import SECRET_ENV_VAR, load_secret
from .dataframe import SPANS_COLUMN, make_plan, output_schema, pipeline_key
from .executor import INTERNAL_PREFIX
from .writer import DATA_EXTENSIONS, RESULT_SCHEMA, STATS_DIR, TMP_MARK, WriterPlan, deid_and_write

SPARK_FORMATS = ("parquet", "jsonl", "csv")
JOB_FILE = "_spacy_phi_job.json"
SUMMARY_FILE = "_summary.json"
SUCCESS_FILE = "_SUCCESS"
DEFAULT_MASTER = "local[*]"
#: Buckets per core of the session when --partitions is not given.
PARTITIONS_PER_CORE = 4
#: Rows per Arrow batch handed to the executors' Python (bounds memory with long notes).
ARROW_ROWS = 512
# Internal columns (dropped before writing).
ROW = f"{INTERNAL_PREFIX}_row"
BUCKET = f"{INTERNAL_PREFIX}_bucket"
MANIFEST = f"{INTERNAL_PREFIX}_manifest"
ERRORS = f"{INTERNAL_PREFIX}_errors"
MALFORMED = f"{INTERNAL_PREFIX}_malformed"
_CORRUPT = f"{INTERNAL_PREFIX}_corrupt"  # Spark's raw text of a malformed CSV row: PHI, dropped at once

# Options of the local job that this engine does not take (option → its flag).
_UNSUPPORTED = {
    "html": "--html", "hash_fields": "--hash-field", "drop_fields": "--drop-field",
    "manifest_include_text": "--manifest-include-text", "errors": "--errors", "manifest": "--manifest",
    "summary": "--summary", "patient_key_from_folder": "--patient-key-from-folder",
}


def detect_spark_format(path: str, declared: Optional[str] = None) -> str:
    """The input format: declared, else a folder or *.parquet → parquet,
    *.jsonl / *.ndjson → jsonl, *.csv / *.tsv → csv.

    path (str): the input.
    declared (Optional[str]): "parquet", "jsonl", "csv", or None/"auto".
    RETURNS (str): the format.
    RAISES (InputError): an input this engine cannot read.
    """
    if declared and declared != "auto":
        if declared not in SPARK_FORMATS:
            raise InputError(f"--engine spark reads {', '.join(SPARK_FORMATS)}, not {declared!r}")
        return declared
    p = Path(path)
    suffix = p.suffix.lower()
    if p.is_dir() or suffix == ".parquet":
        return "parquet"
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".csv", ".tsv"):
        return "csv"
    raise InputError(f"--engine spark reads Parquet (a file or folder), JSONL or CSV; cannot tell what {path} is "
                     "(pass --input-format)")


def _input_files(path: Path) -> List[Dict[str, Any]]:
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return [{"file": str(p.resolve()), "size": p.stat().st_size, "mtime_ns": p.stat().st_mtime_ns} for p in files]


@dataclass
class CsvCheck:
    """What the driver's pass over a CSV input found (row numbers, never text).

    rows (int): records, counted as the local reader counts them (blank lines skipped).
    undecodable_rows (FrozenSet[int]): 1-based rows with bytes that are not UTF-8 in any field.
    unsplittable_lines (List[int]): physical lines of regions that cannot be split into rows.
    """

    rows: int
    undecodable_rows: FrozenSet[int]
    unsplittable_lines: List[int]


def check_csv(path: Path, fields: FieldConfig) -> CsvCheck:
    """Read a CSV input once on the driver with the local reader's row
    splitter (`CsvSource.row_items`). Spark's CSV reader replaces invalid
    UTF-8 by U+FFFD, and after a stray quote it reads the following rows into
    one field (they would vanish as records); this pass finds both, so the job
    can fail those rows or refuse the file. A plain Python CSV pass (25 MB/s
    here): small next to the de-identification of the same rows.

    path (Path): the CSV file.
    fields (FieldConfig): its columns and delimiter, as the job reads them.
    RETURNS (CsvCheck): the findings.
    RAISES (InputError): the header cannot be read or lacks a required column.
    """
    undecodable: Set[int] = set()
    unsplittable: List[int] = []
    rows = 0
    for rows, item in enumerate(CsvSource(path, fields).row_items(), 1):
        if isinstance(item, CsvRegionLine):
            unsplittable.append(item.line_no)
        elif any(has_lone_surrogates(field) for field in item.fields):
            undecodable.add(rows)
    return CsvCheck(rows, frozenset(undecodable), unsplittable)


def get_session(master: Optional[str], progress: bool) -> SparkSession:
    """The active Spark session, else a new one (quiet logs) on `master`,
    else on the master spark-submit configured, else on local[*].

    master (Optional[str]): e.g. "local[2]", "spark://host:7077", "yarn"; None: see above.
    progress (bool): Spark's console progress bar (stage counts only).
    RETURNS (SparkSession): the session.
    """
    from pyspark import SparkConf

    active = SparkSession.getActiveSession()
    if active is not None:
        return active
    builder = SparkSession.builder.appName("spacy-phi deid").config(
        "spark.ui.showConsoleProgress", "true" if progress else "false"
    )
    conf = SparkConf()
    if master or not conf.contains("spark.master"):
        builder = builder.master(master or DEFAULT_MASTER)
    effective_master = master or conf.get("spark.master", DEFAULT_MASTER)
    if _workers_need_our_python(effective_master, conf):
        # PySpark starts its Python workers with $PYSPARK_PYTHON, else the
        # `python3` on PATH: without an activated virtual environment (cron, a
        # service, .venv/bin/spacy-phi) that one lacks spacy_phi.
        os.environ["PYSPARK_PYTHON"] = sys.executable
        builder = builder.config("spark.pyspark.python", sys.executable).config(
            "spark.pyspark.driver.python", sys.executable
        )
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    return spark


def _workers_need_our_python(master: str, conf: Any) -> bool:
    """Whether the Python workers should run this interpreter (`sys.executable`):
    on a local master (they run on this machine), unless the user chose their
    Python (PYSPARK_PYTHON, or spark.pyspark.python in the Spark config). On a
    cluster the executors' Python is the cluster's to set: this path may not
    exist there.

    master (str): the master the session will use.
    conf (Any): the SparkConf of the defaults (spark-submit's, spark-defaults.conf).
    RETURNS (bool): whether to set it.
    """
    if os.environ.get("PYSPARK_PYTHON") or conf.contains("spark.pyspark.python"):
        return False
    return master.startswith("local")


def number_rows(df: DataFrame) -> Tuple[DataFrame, int]:
    """`df` with ROW: the 1-based row number in input order (partition by
    partition). One extra pass over the input counts the rows per partition.

    df (DataFrame): the input as read.
    RETURNS (Tuple[DataFrame, int]): with ROW (long); the number of rows.
    """
    tagged = df.withColumn("__pid", F.spark_partition_id()).withColumn("__mid", F.monotonically_increasing_id())
    counts = dict(tagged.groupBy("__pid").count().collect())
    offsets, total = [], 0
    for pid in range(max(counts, default=-1) + 1):
        offsets.append(total)
        total += counts.get(pid, 0)
    if not offsets:
        offsets = [0]
    # monotonically_increasing_id = partition index << 33 + index within the partition.
    within = F.col("__mid") - F.shiftleft(F.col("__pid").cast("long"), 33)
    offset = F.element_at(F.array(*[F.lit(o) for o in offsets]), F.col("__pid") + 1)
    return tagged.withColumn(ROW, (offset + within + 1).cast("long")).drop("__pid", "__mid"), total


class SparkDeidJob:
    """One `spacy-phi deid --engine spark` run.

    input (str): a Parquet file or folder, a JSONL or CSV file.
    output (str): the output folder.
    options (DeidOptions): the settings of `spacy-phi deid` (those that apply).
    master (Optional[str]): the Spark master (an active session wins; None: spark-submit's, else local[*]).
    partitions (Optional[int]): buckets (output files); None: 4 per core, or
        the interrupted run's number on --resume.
    spark (Optional[SparkSession]): a session to use.
    nlp_loader (Optional[Callable[[], Language]]): builds the pipeline on the
        executors instead of `options.model` (Python API; see `deidentify_dataframe`).
    stderr (Optional[IO[str]]): messages (never note text).
    """

    def __init__(self, input: str, output: Optional[str], options: DeidOptions, *, master: Optional[str] = None,
                 partitions: Optional[int] = None, spark: Optional[SparkSession] = None,
                 nlp_loader: Optional[Callable[[], Language]] = None, stderr: Optional[IO[str]] = None) -> None:
        self.input = input
        self.output = output
        self.options = options
        self.master = master
        self.partitions = partitions
        self.spark = spark
        self.nlp_loader = nlp_loader
        self.stderr = stderr if stderr is not None else sys.stderr

    def note(self, text: str) -> None:
        """A message on stderr (never note text)."""
        self.stderr.write(f"deid: {text}\n")
        self.stderr.flush()

    # -- setup ------------------------------------------------------------------

    def _check_options(self) -> str:
        opts = self.options
        for name, flag in _UNSUPPORTED.items():
            if getattr(opts, name):
                raise DeidUsageError(f"{flag} is not supported with --engine spark")
        if opts.fields.known_columns:
            raise DeidUsageError("--known-column is not supported with --engine spark (use --known-field)")
        if opts.gpu_id >= 0:
            raise DeidUsageError("--gpu-id is not supported with --engine spark")
        if not self.output or self.output == "-":
            raise DeidUsageError("--engine spark needs an output folder (-o DIR)")
        if self.partitions is not None and self.partitions < 1:
            raise DeidUsageError("--partitions must be >= 1")
        if not Path(self.input).exists():
            raise InputError(f"Input not found: {self.input}")
        fmt = detect_spark_format(self.input, opts.input_format)
        if fmt in ("jsonl", "csv") and Path(self.input).is_dir():
            raise InputError(f"{self.input} is a folder; --engine spark reads a folder as Parquet")
        opts.fields.check()
        return fmt

    def _fingerprint(self, fmt: str, partitions: int) -> Dict[str, Any]:
        opts = self.options
        return {
            "format": fmt,
            "input": _input_files(Path(self.input)),
            "fields": asdict(opts.fields),
            "model": opts.model if self.nlp_loader is None else pipeline_key(None, opts.lang, self.nlp_loader),
            "lang": opts.lang,
            "mode": opts.mode,
            "policy": opts.policy.content_hash if opts.policy is not None else None,
            "max_chars": opts.max_chars,
            "partitions": partitions,
            "write_manifest": opts.write_manifest,
        }

    def _prepare_output(self, out: Path, fmt: str, secret: bytes, cores: int) -> Tuple[int, Dict[str, Any]]:
        """Check or start OUT; RETURNS (partitions, job header)."""
        opts = self.options
        job_file, success = out / JOB_FILE, out / SUCCESS_FILE
        previous: Optional[Dict[str, Any]] = None
        if out.exists() and not out.is_dir():
            raise DeidUsageError(f"{out} exists and is not a folder")
        if out.exists() and any(out.iterdir()):
            if opts.overwrite:
                shutil.rmtree(out)
            elif success.exists():
                raise DeidUsageError(f"{out} holds a finished run; pass --overwrite to redo it")
            elif not job_file.exists():
                raise DeidUsageError(f"{out} exists and is not the output of a spacy-phi Spark run; "
                                     "pass --overwrite to replace it")
            elif not opts.resume:
                raise DeidUsageError(f"an interrupted run left {out}: pass --resume to continue it "
                                     "or --overwrite to start over")
            else:
                previous = json.loads(job_file.read_text(encoding="utf8"))
        elif opts.resume:
            self.note("nothing to resume; starting from the beginning")
        if previous is not None:
            partitions = self.partitions or int(previous["fingerprint"]["partitions"])
            fingerprint = self._fingerprint(fmt, partitions)
            changed = sorted(k for k in fingerprint if previous["fingerprint"].get(k) != fingerprint[k])
            if changed:
                raise ResumeError("cannot resume: the input or settings changed since the interrupted run "
                                  f"({', '.join(changed)})")
            if secret_check(secret, bytes.fromhex(previous["salt"])) != previous["secret_check"]:
                raise ResumeError("cannot resume: the interrupted run used a different secret "
                                  "(SPACY_PHI_SECRET or --secret-file); pass --overwrite to start over")
            return partitions, previous
        partitions = self.partitions or PARTITIONS_PER_CORE * cores
        salt = secrets.token_bytes(16)
        header = {"fingerprint": self._fingerprint(fmt, partitions), "salt": salt.hex(),
                  "secret_check": secret_check(secret, salt)}
        out.mkdir(parents=True, exist_ok=True)
        tmp = out / f".{JOB_FILE}{TMP_MARK}{os.getpid()}"
        tmp.write_text(json.dumps(header, indent=2), encoding="utf8")
        os.replace(tmp, job_file)
        return partitions, header

    def _read(self, spark: SparkSession, fmt: str, fields: FieldConfig) -> DataFrame:
        if fmt == "parquet":
            return spark.read.parquet(self.input)
        if fmt == "jsonl":
            return spark.read.option("lineSep", "\n").text(self.input)
        # Every column a string, RFC 4180 quotes. Spark reads an empty field as null:
        # the writer writes it back as "", and an empty text is coalesced to "" in run().
        reader = (spark.read.option("header", True).option("multiLine", True).option("sep", fields.csv_delimiter)
                  .option("quote", '"').option("escape", '"').option("inferSchema", False)
                  .option("emptyValue", "").option("enforceSchema", False))
        columns = reader.csv(self.input).columns  # the header row only
        # Read again with a column for rows whose field count differs from the header's
        # (Spark would pad or cut them); only whether it is set is kept.
        schema = StructType([StructField(c, StringType(), True) for c in columns + [_CORRUPT]])
        rows = reader.schema(schema).option("mode", "PERMISSIVE").option("columnNameOfCorruptRecord", _CORRUPT)
        df = rows.csv(self.input)
        return df.withColumn(MALFORMED, F.col(_CORRUPT).isNotNull()).drop(_CORRUPT)

    def _check_csv(self, fields: FieldConfig, spark_rows: int) -> FrozenSet[int]:
        """The driver's check of a CSV input (`check_csv`): the rows to fail as
        undecodable. Refuses a file whose rows Spark and the local reader would
        split differently: Spark would read records into another record's text.
        """
        found = check_csv(Path(self.input), fields)
        if found.unsplittable_lines:
            lines = found.unsplittable_lines
            raise InputError(
                f"{self.input}: {len(lines):,} CSV lines (the first: line {lines[0]:,}) cannot be split into rows "
                "reliably (a stray or unclosed quote?); Spark's CSV reader would merge those records. Fix the "
                "quoting, or run without --engine spark: the local job lists each such line as a failed record"
            )
        if found.rows != spark_rows:
            raise InputError(
                f"{self.input}: Spark's CSV reader finds {spark_rows:,} rows and the local reader {found.rows:,}; "
                "the Spark engine refuses a file it cannot split as the local job does (run without --engine spark)"
            )
        return found.undecodable_rows

    # -- run --------------------------------------------------------------------

    def run(self) -> RunSummary:
        """Run to the end.

        RETURNS (RunSummary): the summary of the whole output (resumed buckets included).
        RAISES (InputError, ModelError, DeidUsageError, ResumeError, SecretError):
            before any record is processed; Spark's errors when the job fails
            (finished buckets stay for --resume).
        """
        opts = self.options
        fmt = self._check_options()
        secret_value = load_secret(opts.secret_file, SECRET_ENV_VAR)
        if not opts.secret_file and not os.environ.get(SECRET_ENV_VAR):
            self.note("no secret set (SPACY_PHI_SECRET or --secret-file): a random one for this run; "
                      "it cannot be resumed or repeated")
        started = time.perf_counter()
        started_at = utc_now()
        spark = self.spark or get_session(self.master, opts.progress)
        # Splits from the files alone (not the cores), so row numbers repeat run after run.
        spark.conf.set("spark.sql.files.minPartitionNum", "1")
        spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(ARROW_ROWS))
        fields = opts.fields
        if fmt == "csv" and fields.csv_delimiter == "," and self.input.lower().endswith(".tsv"):
            fields = FieldConfig(**{**asdict(fields), "csv_delimiter": "\t"})  # as the local reader does
        source = self._read(spark, fmt, fields)
        # Before the output folder exists: a wrong column or an unreadable file is a run that could not start.
        if fmt != "jsonl":
            for name, what in ((fields.text_field, "text"), (fields.known_field, "known PHI")):
                if name and name not in source.columns:
                    raise InputError(f"{self.input}: no column {name!r} ({what})")
        df, n_rows = number_rows(source)
        undecodable: FrozenSet[int] = frozenset()
        if fmt == "csv":
            undecodable = self._check_csv(fields, n_rows)
        out = Path(str(self.output))
        partitions, _ = self._prepare_output(out, fmt, secret_value, spark.sparkContext.defaultParallelism)
        for stale in out.rglob(f".*{TMP_MARK}*"):
            stale.unlink()  # left by tasks of an interrupted run
        ext = DATA_EXTENSIONS[fmt]
        done = sorted(int(p.name[5:10]) for p in out.glob(f"part-*{ext}"))
        if done:
            self.note(f"resuming: {len(done):,} of {partitions:,} partitions are written and kept")
        if fmt == "csv" and fields.text_field in df.columns:
            # Spark reads an empty CSV field as null; the local reader as "" (reason empty_text).
            df = df.withColumn(fields.text_field, F.coalesce(F.col(fields.text_field), F.lit("")))
        if fmt == "jsonl":
            df = df.where(F.length(F.regexp_replace("value", r"^\s+|\s+$", "")) > 0)  # blank lines: no record
        df = df.withColumn(BUCKET, F.pmod(F.hash(F.col(ROW)), F.lit(partitions)))
        if done:
            df = df.where(~F.col(BUCKET).isin(done))
        df = df.repartition(partitions, F.col(ROW)).sortWithinPartitions(BUCKET, ROW)
        columns = set(df.columns)
        optional = lambda name: name if name and name in columns else None  # noqa: E731
        # The settings are the job's options as they are (model, mode, secret file, max chars, batch size).
        common: Dict[str, Any] = dict(
            nlp_loader=self.nlp_loader, span_map=True, errors_col=ERRORS, span_col=SPANS_COLUMN, row_col=ROW,
            manifest_col=MANIFEST if opts.write_manifest else None,
            malformed_col=MALFORMED if fmt == "csv" else None,
            undecodable_rows=undecodable,
        )
        if fmt == "jsonl":
            text_col = "value"
            plan = make_plan(df, opts, text_col=text_col, jsonl_fields=fields, row_prefix="line-", **common)
        else:
            text_col = fields.text_field
            plan = make_plan(
                df, opts, text_col=text_col, id_col=optional(fields.id_field),
                patient_key_col=optional(fields.patient_key_field), known_col=optional(fields.known_field),
                row_prefix="row-", **common,
            )
        header = [c for c in output_schema(df, plan).names if not c.startswith(INTERNAL_PREFIX) and c != SPANS_COLUMN]
        writer = WriterPlan(
            output=str(out.resolve()), format=fmt, data_cols=[text_col] if fmt == "jsonl" else header,
            text_col=text_col, bucket_col=BUCKET, row_col=ROW, row_prefix="line-" if fmt == "jsonl" else "row-",
            errors_col=ERRORS, span_col=SPANS_COLUMN, manifest_col=MANIFEST if opts.write_manifest else None,
            csv_header=header if fmt == "csv" else None, csv_delimiter=fields.csv_delimiter,
        )
        # De-identification and writing in one Python worker per task: the rows cross into Python once.
        run = functools.partial(deid_and_write, plan=plan, writer=writer)
        written = df.mapInArrow(run, RESULT_SCHEMA).collect()
        summary = self._summary(out)
        seconds = time.perf_counter() - started
        summary.info = {
            "input": self.input, "format": fmt, "output": str(out), "engine": "spark",
            "master": spark.sparkContext.master,
            "partitions": partitions, "partitions_written": len(written), "partitions_resumed": len(done),
            "model": opts.model or "default", "mode": opts.mode or "pipeline default",
            "seconds": round(seconds, 3),
            "records_per_second": round(summary.records / seconds, 2) if seconds > 0 else None,
            "started_at": started_at,
            "finished_at": utc_now(),
            "spacy_phi_version": __version__,
            # The executors load the pipeline; a policy given to the run is the one they use.
            "policy": opts.policy.summary() if opts.policy is not None else "the pipeline's own",
        }
        (out / SUMMARY_FILE).write_text(json.dumps(summary.to_dict(), indent=2, ensure_ascii=False) + "\n",
                                        encoding="utf8")
        (out / SUCCESS_FILE).write_text("", encoding="utf8")
        self.stderr.write(summary.format() + "\n")
        self.stderr.flush()
        return summary

    @staticmethod
    def _summary(out: Path) -> RunSummary:
        """The counts of every bucket on disk (this run's and resumed ones)."""
        total = RunSummary()
        for path in sorted((out / STATS_DIR).glob("part-*.json")):
            part = RunSummary.from_state(json.loads(path.read_text(encoding="utf8")))
            for name in RunSummary._NUMBERS:
                setattr(total, name, getattr(total, name) + getattr(part, name))
            for name in RunSummary._COUNTERS:
                getattr(total, name).update(getattr(part, name))
            for label, counts in part.actions_per_label.items():
                total.actions_per_label.setdefault(label, Counter()).update(counts)
        return total
