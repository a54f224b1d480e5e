"""Executor side of `spacy-phi deid --engine spark`: each bucket of rows is
written to its own files, committed by atomic renames.

Rows arrive sorted by bucket within each partition. For bucket B the writer
fills hidden temporary files next to the final ones, then renames them:

    OUT/_errors/part-B.jsonl     failed records (id, position, reason, message; no text)
    OUT/_manifest/part-B.jsonl   one line per PHI span (keyed hashes, no PHI)
    OUT/_stats/part-B.json       the bucket's counts
    OUT/part-B.<parquet|jsonl|csv>   the de-identified records; renamed LAST

so an existing `part-B.<ext>` means the whole bucket is on disk: a rerun
(`--resume`) leaves it alone. A task killed half-way leaves only temporary
files (unique names; the driver removes them), never a partial part file.
Failed records are never written to the data file (fail closed), as in the
local job. The folder must be one the executors and the driver share (local
disk in local mode; NFS, /dbfs or a Volume on a cluster).
"""

from __future__ import annotations

import csv
import json
import os
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Dict, Iterator, List, Optional

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .executor import ExecutorPlan, _deid_partition, sanitized

DATA_EXTENSIONS = {"parquet": ".parquet", "jsonl": ".jsonl", "csv": ".csv"}
ERRORS_DIR = "_errors"
MANIFEST_DIR = "_manifest"
STATS_DIR = "_stats"
TMP_MARK = ".tmp-"
#: Schema of what the writer returns to the driver: one row per bucket written.
RESULT_SCHEMA = "bucket long, stats string"


def part_name(bucket: int, extension: str) -> str:
    """The file name of a bucket: `part-00007.parquet`.

    bucket (int): the bucket.
    extension (str): e.g. ".parquet".
    RETURNS (str): the name.
    """
    return f"part-{bucket:05d}{extension}"


@dataclass
class WriterPlan:
    """How the buckets are written (pickled into the Spark task).

    output (str): the output folder.
    format (str): "parquet", "jsonl" or "csv".
    data_cols (List[str]): the columns of the data file, in order (JSONL: the line column).
    text_col (str): the de-identified text column (JSONL: the line).
    bucket_col (str): the bucket number column.
    row_col (str): the 1-based row / line number column.
    row_prefix (str): "row-" or "line-" (the source of an error line).
    errors_col (str): the errors column.
    span_col (str): the span-map column.
    manifest_col (Optional[str]): the manifest column; None: no manifest.
    csv_header (Optional[List[str]]): CSV: the header written (as read).
    csv_delimiter (str): CSV delimiter.
    """

    output: str
    format: str
    data_cols: List[str]
    text_col: str
    bucket_col: str
    row_col: str
    row_prefix: str
    errors_col: str
    span_col: str
    manifest_col: Optional[str] = None
    csv_header: Optional[List[str]] = None
    csv_delimiter: str = ","


class _Bucket:
    """The temporary files of one bucket, until `commit()`."""

    def __init__(self, plan: WriterPlan, bucket: int) -> None:
        self.plan = plan
        self.bucket = bucket
        root = Path(plan.output)
        ext = DATA_EXTENSIONS[plan.format]
        self.finals: List[Path] = [root / ERRORS_DIR / part_name(bucket, ".jsonl")]
        if plan.manifest_col:
            self.finals.append(root / MANIFEST_DIR / part_name(bucket, ".jsonl"))
        self.finals += [root / STATS_DIR / part_name(bucket, ".json"), root / part_name(bucket, ext)]
        tag = f"{TMP_MARK}{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.temps = [final.with_name(f".{final.name}{tag}") for final in self.finals]
        for temp in self.temps:
            temp.parent.mkdir(parents=True, exist_ok=True)
        self.errors = open(self.temps[0], "w", encoding="utf8", errors="surrogateescape")
        self.manifest: Optional[IO[str]] = (
            open(self.temps[1], "w", encoding="utf8", errors="surrogateescape") if plan.manifest_col else None
        )
        self.parquet: Optional[pq.ParquetWriter] = None
        self.text: Optional[IO[str]] = None
        if plan.format != "parquet":
            self.text = open(self.temps[-1], "w", encoding="utf8", errors="surrogateescape", newline="")
            if plan.format == "csv":
                assert plan.csv_header is not None
                csv.writer(self.text, delimiter=plan.csv_delimiter).writerow(plan.csv_header)
        self.counts: Dict[str, Any] = {"records": 0, "records_ok": 0, "records_failed": 0, "phi_spans": 0}
        self.counters: Dict[str, Counter] = {
            "errors_by_reason": Counter(), "phi_per_label": Counter(), "actions": Counter(), "detectors": Counter()
        }
        self.actions_per_label: Dict[str, Counter] = {}

    def write(self, rows: pa.RecordBatch) -> None:
        plan = self.plan
        names = rows.schema.names
        failed_mask = pc.is_valid(rows.column(names.index(plan.errors_col)))
        errors = rows.filter(failed_mask)
        done = rows.filter(pc.invert(failed_mask))
        self.counts["records"] += rows.num_rows
        self.counts["records_ok"] += done.num_rows
        self.counts["records_failed"] += errors.num_rows
        for error, row in zip(errors.column(names.index(plan.errors_col)).to_pylist(),
                              errors.column(names.index(plan.row_col)).to_pylist()):
            self.counters["errors_by_reason"][error["reason"]] += 1
            self.errors.write(json.dumps(_error_line(error, row, plan.row_prefix), ensure_ascii=False) + "\n")
        for spans in done.column(names.index(plan.span_col)).to_pylist():
            for span in spans or []:
                self.counts["phi_spans"] += 1
                self.counters["phi_per_label"][span["label"]] += 1
                self.counters["actions"][span["action"]] += 1
                self.actions_per_label.setdefault(span["label"], Counter())[span["action"]] += 1
                self.counters["detectors"][span["detector"] or "unknown"] += 1
        if self.manifest is not None:
            for lines in done.column(names.index(plan.manifest_col)).to_pylist():
                self.manifest.write(lines or "")
        self._write_data(done)

    def _write_data(self, done: pa.RecordBatch) -> None:
        plan = self.plan
        data = pa.Table.from_batches([done]).select(plan.data_cols)
        if plan.format == "parquet":
            if self.parquet is None:
                self.parquet = pq.ParquetWriter(str(self.temps[-1]), data.schema)
            self.parquet.write_table(data)
            return
        assert self.text is not None
        if plan.format == "jsonl":
            for line in data.column(plan.text_col).to_pylist():
                self.text.write(line + "\n")
            return
        writer = csv.writer(self.text, delimiter=plan.csv_delimiter)
        for row in data.to_pylist():
            writer.writerow(["" if row[name] is None else row[name] for name in plan.data_cols])

    def commit(self, schema: pa.Schema) -> Dict[str, Any]:
        """Close, fsync and rename every file, the data file last.

        schema (pa.Schema): the data schema (a Parquet bucket whose rows all failed is still written).
        RETURNS (Dict[str, Any]): the bucket's counts (RunSummary state).
        """
        if self.plan.format == "parquet" and self.parquet is None:
            self.parquet = pq.ParquetWriter(str(self.temps[-1]), schema)
        stats = {**self.counts, **{name: dict(counter) for name, counter in self.counters.items()},
                 "actions_per_label": {label: dict(c) for label, c in self.actions_per_label.items()}}
        with open(self.temps[-2], "w", encoding="utf8") as f:
            json.dump(stats, f)
        for handle in (self.errors, self.manifest, self.text):
            if handle is not None:
                handle.flush()
                os.fsync(handle.fileno())
                handle.close()
        if self.parquet is not None:
            self.parquet.close()
        for temp, final in zip(self.temps, self.finals):
            os.replace(temp, final)
        return stats


def _error_line(error: Dict[str, Any], row: int, row_prefix: str) -> Dict[str, Any]:
    """An errors-file line, keys as in `RecordResult.error_dict` (no text)."""
    line: Dict[str, Any] = {
        "id": error["record_id"],
        "position": int(row) - 1,
        "reason": error["reason"],
        "message": error["message"],
        "source": f"{row_prefix[:-1]} {row}",
    }
    for key in ("component", "error_type"):
        if error.get(key) is not None:
            line[key] = error[key]
    return line


def _write_partition(batches: Iterator[pa.RecordBatch], plan: WriterPlan) -> Iterator[pa.RecordBatch]:
    current: Optional[_Bucket] = None
    schema: Optional[pa.Schema] = None
    results: List[Dict[str, Any]] = []
    for batch in batches:
        if schema is None:
            schema = pa.Table.from_batches([batch]).select(plan.data_cols).schema
        buckets = batch.column(batch.schema.names.index(plan.bucket_col)).to_pylist()
        start = 0
        for end in range(1, len(buckets) + 1):
            if end < len(buckets) and buckets[end] == buckets[start]:
                continue
            if current is None or current.bucket != buckets[start]:
                if current is not None:
                    results.append({"bucket": current.bucket, "stats": json.dumps(current.commit(schema))})
                current = _Bucket(plan, int(buckets[start]))
            current.write(batch.slice(start, end - start))
            start = end
    if current is not None and schema is not None:
        results.append({"bucket": current.bucket, "stats": json.dumps(current.commit(schema))})
    yield pa.RecordBatch.from_pylist(results, schema=pa.schema([("bucket", pa.int64()), ("stats", pa.string())]))


#: The `mapInArrow` function writing the buckets (bind the plan with functools.partial).
write_partition = sanitized(_write_partition)



def _deid_and_write(batches: Iterator[pa.RecordBatch], plan: ExecutorPlan,
                    writer: WriterPlan) -> Iterator[pa.RecordBatch]:
    return _write_partition(_deid_partition(batches, plan), writer)


#: The `mapInArrow` function of `spacy-phi deid --engine spark`: de-identify and
#: write in the same Python worker (one pass of the rows through Python).
deid_and_write = sanitized(_deid_and_write)
