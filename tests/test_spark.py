"""Tests of `spacy_phi.spark` and `spacy-phi deid --engine spark` on local[2]:
the same output as the local job (text, span map, errors) on mixed records,
surrogates consistent across partitions, fail closed, no note text in Spark's
logs or errors, row counts, and resume after an interruption.

One SparkSession for the module (local[2], no UI, few shuffle partitions).
Its JVM, and the Python workers it starts, write to a log file that the
privacy test reads. The pipeline is the stand-in of the deid tests (built on
the executors by `standin_loader`, which the workers import from this module)
or, for the command line, the same stand-in saved to a folder.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from spacy_phi.cli import main
from spacy_phi.deid import DeidOptions, DeidSettings, DeidUsageError, deidentify
from spacy_phi.deid.records import REASON_BAD_FIELD, REASON_COMPONENT, REASON_TOO_LONG

from standin import standin_pipeline

pytest.importorskip("pyspark", reason='pyspark is not installed (pip install "spacy_phi[spark]")')
pytest.importorskip("pyarrow", reason='pyarrow is not installed (pip install "spacy_phi[spark]")')
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("no Java runtime (java not on PATH, JAVA_HOME unset): Spark cannot start", allow_module_level=True)

from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402

from spacy_phi.spark import deidentify_dataframe  # noqa: E402
from spacy_phi.spark.job import SparkDeidJob  # noqa: E402

TESTS = Path(__file__).resolve().parent
SECRET = "spark-test-secret-0123456789"
# Only ever in note text: must never appear in logs, stdout/stderr or exceptions.
MARKER = "Qwyzzlebrook"
MAX_CHARS = 400
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": {"IN": ["John", "Jane"]}}, {"TEXT": {"IN": ["Smith", "Roe"]}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
    {"label": "MEDICALRECORD", "pattern": [{"TEXT": {"REGEX": r"^\d{7}$"}}]},
]


@Language.component("spark_test_fail")
def fail_component(doc: Doc) -> Doc:
    if "FAILME" in doc.text:
        # The message quotes the note, as real exceptions sometimes do.
        raise ValueError(f"cannot handle {doc.text}")
    return doc


@Language.factory("spark_test_crash", default_config={"flag": ""})
def make_crash_component(nlp: Language, name: str, flag: str) -> Any:
    def crash(doc: Doc) -> Doc:
        if "CRASHME" in doc.text and flag and os.path.exists(flag):
            os._exit(3)  # the executor's Python worker dies, as when it is killed
        return doc

    return crash


def crash_loader(flag: str) -> Language:
    """The stand-in with a component that kills its worker on one note while `flag` exists."""
    nlp = standin_pipeline(PATTERNS)
    nlp.add_pipe("spark_test_crash", before="phi_surrogates", config={"flag": flag})
    return nlp


def standin_loader() -> Language:
    """The pipeline of these tests, built on each executor (imported from this module)."""
    return standin_pipeline(PATTERNS, "spark_test_fail")


def counting_loader(log: str) -> Language:
    """The stand-in, noting the pid of each process that builds it."""
    with open(log, "a") as f:
        f.write(f"{os.getpid()}\n")
    return standin_loader()


def broken_loader() -> Language:
    raise ValueError(f"loader failed near {MARKER}")


def mixed_records(n: int = 300) -> List[Dict[str, Any]]:
    """Invented notes: good ones (12 patients, each spread over every
    partition), and bad ones (empty, whitespace, null, NUL, too long, failing
    component)."""
    records = []
    for i in range(n):
        text: Any = (f"{MARKER} note {i}: John Smith seen {1 + i % 12}/14/2089, MRN {1234500 + i % 7}.\n"
                     f"Jane Roe to follow up.")
        kind = i % 25
        if kind == 3:
            text = ""
        elif kind == 5:
            text = "   \n "
        elif kind == 7:
            text = None
        elif kind == 11:
            text = f"{MARKER} " + "x" * MAX_CHARS
        elif kind == 13:
            text = f"{MARKER} FAILME John Smith"
        elif kind == 17:
            text = f"{MARKER}\x00binary"
        known = json.dumps({"PATIENT": ["Smith"]}) if i % 10 == 1 else None
        records.append({"id": f"r{i:04d}", "text": text, "patient_key": f"pk-{i % 12}", "known": known})
    return records


@pytest.fixture(scope="module")
def spark_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("spark_log") / "spark.log"


@pytest.fixture(scope="module")
def spark(spark_log: Path) -> Iterator[SparkSession]:
    # The workers import this module (standin_loader): the tests folder on their path.
    previous_path = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), previous_path]))
    # The workers run this interpreter, as `get_session` has them do (not the `python3` on PATH).
    previous_python = os.environ.get("PYSPARK_PYTHON")
    os.environ["PYSPARK_PYTHON"] = previous_python or sys.executable
    # The JVM (and the Python workers it forks) inherit fds 1 and 2: point them at the log file.
    saved = [os.dup(1), os.dup(2)]
    log = open(spark_log, "ab")
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(log.fileno(), 1)
    os.dup2(log.fileno(), 2)
    try:
        session = (
            SparkSession.builder.master("local[2]")
            .appName("spacy_phi tests")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .config("spark.default.parallelism", "2")
            .getOrCreate()
        )
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)
        log.close()
    session.sparkContext.setLogLevel("WARN")
    yield session
    session.stop()
    if previous_path is None:
        os.environ.pop("PYTHONPATH", None)
    else:
        os.environ["PYTHONPATH"] = previous_path
    if previous_python is None:
        os.environ.pop("PYSPARK_PYTHON", None)


@pytest.fixture(scope="module")
def secret_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("secret") / "secret"
    path.write_text(SECRET)
    return str(path)


@pytest.fixture(scope="module")
def mixed(spark: SparkSession, secret_file: str) -> Dict[str, Any]:
    """The mixed records through Spark (4 partitions) and through deidentify(),
    both given the same settings object."""
    records = mixed_records()
    settings = DeidSettings(secret_file=secret_file, max_chars=MAX_CHARS)
    df = spark.createDataFrame(
        [(r["id"], r["text"], r["patient_key"], r["known"], i) for i, r in enumerate(records)],
        "id string, text string, patient_key string, known string, n int",
    ).repartition(4)
    out = deidentify_dataframe(
        df, settings, text_col="text", id_col="id", patient_key_col="patient_key", known_col="known",
        nlp_loader=standin_loader, span_map=True,
    ).withColumn("partition", F.spark_partition_id())
    rows = {row["id"]: row.asDict(recursive=True) for row in out.collect()}
    local_input = [
        {"id": r["id"], "text": r["text"], "patient_key": r["patient_key"],
         "known_phi": json.loads(r["known"]) if r["known"] else None}
        for r in records
    ]
    local = {
        result.id: result
        for result in deidentify(local_input, standin_loader(), settings, n_process=1)
    }
    return {"records": records, "rows": rows, "local": local, "columns": out.columns}


def test_import_spacy_phi_and_local_deid_do_not_import_pyspark(tmp_path: Path) -> None:
    notes = tmp_path / "notes.jsonl"
    notes.write_text(json.dumps({"id": "a", "text": "John Smith seen 03/14/2089."}) + "\n")
    code = (
        "import sys\n"
        "import spacy_phi\n"
        "from spacy_phi.cli import main\n"
        f"code = main(['deid', '--model', 'rules', {str(notes)!r}, '-o', {str(tmp_path / 'out.jsonl')!r},"
        " '--no-progress', '--n-process', '1'])\n"
        "assert code == 0, code\n"
        "print('pyspark' in sys.modules, 'pyarrow' in sys.modules)\n"
    )
    env = {**os.environ, "SPACY_PHI_SECRET": SECRET}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-2:] == ["False", "False"]


def test_rows_in_equal_rows_out_and_columns_kept(mixed: Dict[str, Any]) -> None:
    assert len(mixed["rows"]) == len(mixed["records"])
    # Every column kept but the known-PHI one; errors and span map added.
    assert mixed["columns"] == ["id", "text", "patient_key", "n", "errors", "phi_spans", "partition"]
    assert sorted(row["n"] for row in mixed["rows"].values()) == list(range(len(mixed["records"])))


def test_output_equals_local_deidentify(mixed: Dict[str, Any]) -> None:
    compared = failed = 0
    for record_id, result in mixed["local"].items():
        row = mixed["rows"][record_id]
        if result.ok:
            assert row["text"] == result.text
            assert row["errors"] is None
            spark_spans = [(s["start"], s["end"], s["label"], s["action"], s["detector"], s["new_start"], s["new_end"])
                           for s in row["phi_spans"]]
            local_spans = [(s["start"], s["end"], s["label"], s["action"], s["detector"], s["new_start"], s["new_end"])
                           for s in result.spans]
            assert spark_spans == local_spans
            compared += 1
        else:
            assert row["text"] is None and row["phi_spans"] is None
            assert row["errors"]["reason"] == result.error.reason
            assert row["errors"]["record_id"] == record_id
            failed += 1
    assert compared > 150 and failed > 50
    reasons = {row["errors"]["reason"] for row in mixed["rows"].values() if row["errors"]}
    assert reasons == {"empty_text", "whitespace_only", "missing_field", REASON_TOO_LONG, REASON_COMPONENT, "binary"}


def test_same_patient_key_same_surrogates_in_every_partition(mixed: Dict[str, Any]) -> None:
    by_key: Dict[str, set] = {}
    partitions: Dict[str, set] = {}
    for record in mixed["records"]:
        row = mixed["rows"][record["id"]]
        if row["errors"] is not None:
            continue
        name = [row["text"][s["new_start"]:s["new_end"]] for s in row["phi_spans"] if s["label"] == "PATIENT"][0]
        by_key.setdefault(record["patient_key"], set()).add(name)
        partitions.setdefault(record["patient_key"], set()).add(row["partition"])
    assert all(len(names) == 1 for names in by_key.values())
    assert all(len(parts) > 1 for parts in partitions.values())
    assert len({next(iter(names)) for names in by_key.values()}) > 1  # keys differ → surrogates differ


def test_failing_component_withholds_the_record(mixed: Dict[str, Any]) -> None:
    failing = [r["id"] for r in mixed["records"] if r["text"] and "FAILME" in r["text"]]
    assert failing
    for record_id in failing:
        row = mixed["rows"][record_id]
        assert row["text"] is None
        assert row["errors"]["reason"] == REASON_COMPONENT
        assert row["errors"]["component"] == "spark_test_fail"
        assert row["errors"]["error_type"] == "ValueError"
        assert MARKER not in json.dumps(row["errors"])


def test_pipeline_loaded_once_per_executor_process(spark: SparkSession, secret_file: str, tmp_path: Path) -> None:
    log = tmp_path / "loads.txt"
    df = spark.createDataFrame([(f"r{i}", f"John Smith seen {i % 12 + 1}/14/2089.") for i in range(400)],
                               "id string, text string").repartition(8)
    loader = functools.partial(counting_loader, str(log))
    for _ in range(2):  # a second job: the processes keep their pipeline
        out = deidentify_dataframe(df, id_col="id", nlp_loader=loader, secret_file=secret_file, batch_size=16)
        assert out.where("errors IS NULL").count() == 400
    pids = log.read_text().split()
    # 16 partitions in all, local[2]: one load per Python worker process, never per partition or batch.
    assert 1 <= len(pids) <= 2 and len(set(pids)) == len(pids)


def test_non_string_text_column_fails_each_row(spark: SparkSession, secret_file: str) -> None:
    df = spark.createDataFrame([("a", 42), ("b", None)], "id string, text int")
    rows = {r["id"]: r for r in deidentify_dataframe(df, id_col="id", nlp_loader=standin_loader,
                                                      secret_file=secret_file).collect()}
    local = list(deidentify([{"id": "a", "text": 42}], standin_loader(), secret_file=secret_file, n_process=1))
    assert rows["a"]["errors"]["reason"] == local[0].error.reason == REASON_BAD_FIELD
    assert rows["a"]["text"] is None and rows["b"]["errors"]["reason"] == "missing_field"


def _cli(*args: str) -> int:
    return main(["deid", "--engine", "spark", "--no-progress", *args])


@pytest.fixture(scope="module")
def saved_model(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("model") / "standin"
    standin_pipeline(PATTERNS).to_disk(path)
    return str(path)


def _jsonl_input(path: Path, n: int = 120) -> None:
    lines = []
    for i in range(n):
        obj: Dict[str, Any] = {"id": f"j{i:03d}", "text": f"{MARKER} John Smith seen {1 + i % 12}/14/2089.",
                               "patient_id": f"pk-{i % 5}", "extra": {"n": i, "tags": ["a", i]}}
        if i % 17 == 4:
            obj["text"] = 42
        if i % 19 == 6:
            obj["text"] = ""
        lines.append(json.dumps(obj))
        if i % 31 == 9:
            lines.append("")  # blank: not a record
        if i % 37 == 2:
            lines.append("{not json " + MARKER)
    data = ("\n".join(lines) + "\n").encode("utf8")
    # A line with a Latin-1 byte: "undecodable" in both engines (Spark's reader would make it U+FFFD).
    data += b'{"id": "latin1", "text": "' + MARKER.encode() + b' caf\xe9 seen 03/14/2089."}\n'
    path.write_bytes(data)


def _part_lines(out: Path) -> List[str]:
    return [line for part in sorted(out.glob("part-*.jsonl")) for line in part.read_text().splitlines()]


def _local_errors(local: Path) -> Dict[str, str]:
    return {e["id"]: e["reason"] for e in map(json.loads, Path(f"{local}.errors.jsonl").read_text().splitlines())}


def _errors(out: Path) -> Dict[str, str]:
    return {e["id"]: e["reason"] for part in sorted((out / "_errors").glob("*.jsonl"))
            for e in map(json.loads, part.read_text().splitlines())}


def test_cli_jsonl_equals_local_and_resume_skips_written_partitions(
    spark: SparkSession, saved_model: str, secret_file: str, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.jsonl"
    _jsonl_input(notes)
    local = tmp_path / "local.jsonl"
    assert main(["deid", "--model", saved_model, "--secret-file", secret_file, "--n-process", "1", "--no-progress",
                 str(notes), "-o", str(local)]) == 1  # some records fail
    out = tmp_path / "out"
    args = ["--model", saved_model, "--secret-file", secret_file, "--partitions", "5", str(notes), "-o", str(out)]
    assert _cli(*args) == 1
    first = _part_lines(out)
    assert sorted(first) == sorted(local.read_text().splitlines())
    local_errors = _local_errors(local)
    assert _errors(out) == local_errors
    # The span map, as the audit manifest: the same lines (offsets, labels, keyed hashes).
    manifest = sorted(line for part in (out / "_manifest").glob("*.jsonl") for line in part.read_text().splitlines())
    assert manifest and manifest == sorted(Path(f"{local}.manifest.jsonl").read_text().splitlines())
    summary = json.loads((out / "_summary.json").read_text())
    assert summary["records"] == len(first) + len(local_errors)

    # A finished output is not redone without --overwrite.
    assert _cli(*args) == 2
    # Simulate an interrupted run: two buckets never committed, a task's temporary file left behind.
    parts = sorted(out.glob("part-*.jsonl"))
    assert len(parts) == 5
    lost = [parts[1].name, parts[3].name]
    for name in lost:
        for folder in (out, out / "_errors", out / "_manifest"):
            (folder / name).unlink()
        (out / "_stats" / name.replace(".jsonl", ".json")).unlink()
    (out / "_SUCCESS").unlink()
    (out / f".{lost[0]}.tmp-123-abc").write_text("partial")
    kept = {p.name: p.stat().st_mtime_ns for p in out.glob("part-*.jsonl")}
    assert _cli(*args) == 2  # an interrupted run needs --resume or --overwrite
    assert _cli(*args, "--resume") == 1
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("part-*.jsonl") if p.name in kept} == kept
    assert sorted(p.name for p in out.glob("part-*.jsonl")) == [p.name for p in parts]
    assert not list(out.glob(".*.tmp-*"))
    second = _part_lines(out)
    assert sorted(second) == sorted(first)
    ids = [json.loads(line)["id"] for line in second]
    assert len(ids) == len(set(ids))
    assert _errors(out) == local_errors
    summary = json.loads((out / "_summary.json").read_text())
    assert summary["partitions_resumed"] == 3 and summary["partitions_written"] == 2
    assert summary["records"] == len(second) + len(local_errors)
    # Resuming under another secret would mix two sets of surrogates: refused.
    (out / "_SUCCESS").unlink()
    other = tmp_path / "other-secret"
    other.write_text("another-secret")
    assert _cli("--model", saved_model, "--secret-file", str(other), "--partitions", "5", str(notes), "-o",
                str(out), "--resume") == 2


def test_cli_csv_equals_local_and_parquet_round_trip(
    spark: SparkSession, saved_model: str, secret_file: str, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.csv"
    rows = ["id,text,patient_id,ward"]
    for i in range(40):
        text = "" if i % 9 == 2 else f'"{MARKER} John Smith seen {1 + i % 12}/14/2089, ""quoted""\nline two"'
        rows.append(f"c{i:02d},{text},pk-{i % 4},w{i % 3}")
    rows += [f"short,{MARKER} John Smith,pk-1", f"long,{MARKER} John Smith,pk-1,w1,extra"]  # wrong field counts
    data = ("\n".join(rows) + "\n").encode("utf8") + b"latin1," + MARKER.encode() + b" caf\xe9,pk-2,w0\n"
    notes.write_bytes(data)
    local = tmp_path / "local.csv"
    main(["deid", "--model", saved_model, "--secret-file", secret_file, "--n-process", "1", "--no-progress",
          str(notes), "-o", str(local)])
    out = tmp_path / "out"
    # Runs that cannot start (exit 2) leave no output folder behind.
    assert _cli("--model", saved_model, "--text-field", "nope", str(notes), "-o", str(out)) == 2
    assert _cli("--model", saved_model, "--html", str(tmp_path / "html"), str(notes), "-o", str(out)) == 2
    assert _cli("--model", saved_model, str(notes)) == 2  # no output folder
    assert not out.exists()
    assert _cli("--model", saved_model, "--secret-file", secret_file, "--partitions", "3", str(notes),
                "-o", str(out)) == 1
    def read(path: Path) -> List[List[str]]:
        with open(path, newline="", encoding="utf8") as f:
            return list(csv.reader(f))

    spark_rows = [row for part in sorted(out.glob("part-*.csv")) for row in read(part)[1:]]
    local_rows = read(local)
    assert all(read(part)[0] == local_rows[0] for part in out.glob("part-*.csv"))
    assert sorted(spark_rows) == sorted(local_rows[1:])
    local_errors = _local_errors(local)
    expected = {f"c{i:02d}": "empty_text" for i in range(40) if i % 9 == 2}
    expected.update(short="bad_record", long="bad_record", latin1="undecodable")
    assert _errors(out) == local_errors == expected

    tsv = tmp_path / "notes.tsv"
    tsv.write_text("id\ttext\tward\nt1\tJohn Smith seen 03/14/2089.\tw1\nt2\t\tw2\n")
    main(["deid", "--model", saved_model, "--secret-file", secret_file, "--n-process", "1", "--no-progress",
          str(tsv), "-o", str(tmp_path / "local.tsv")])
    assert _cli("--model", saved_model, "--secret-file", secret_file, "--partitions", "1", str(tsv),
                "-o", str(tmp_path / "tsv")) == 1
    # The same rows, with the input's tabs in both outputs.
    spark_tsv = list(csv.reader(io.StringIO((tmp_path / "tsv" / "part-00000.csv").read_text()), delimiter="\t"))
    assert spark_tsv == list(csv.reader(io.StringIO((tmp_path / "local.tsv").read_text()), delimiter="\t"))
    assert len(spark_tsv) == 2 and _errors(tmp_path / "tsv") == {"t2": "empty_text"}

    parquet_in = tmp_path / "in.parquet"
    spark.read.option("header", True).option("multiLine", True).option("escape", '"').csv(str(notes)) \
        .where("id LIKE 'c%'").write.parquet(str(parquet_in))
    parquet_out = tmp_path / "pq"
    assert _cli("--model", saved_model, "--secret-file", secret_file, "--partitions", "2", str(parquet_in),
                "-o", str(parquet_out)) == 1
    result = spark.read.parquet(str(parquet_out))
    assert result.columns == ["id", "text", "patient_id", "ward"]
    assert result.count() + len(_errors(parquet_out)) == 40
    texts = {r["id"]: r["text"] for r in result.collect()}
    assert texts == {row[0]: row[1] for row in local_rows[1:]}


def test_no_note_text_in_logs_outputs_or_exceptions(
    spark: SparkSession, spark_log: Path, secret_file: str, saved_model: str, tmp_path: Path,
    capfd: pytest.CaptureFixture[str]
) -> None:
    spark.sparkContext.setLogLevel("INFO")
    try:
        df = spark.createDataFrame([(r["id"], r["text"]) for r in mixed_records(60)], "id string, text string")
        out = deidentify_dataframe(df, id_col="id", nlp_loader=standin_loader, secret_file=secret_file,
                                   max_chars=MAX_CHARS, span_map=True)
        rows = out.collect()
        with pytest.raises(Exception) as caught:
            deidentify_dataframe(df, id_col="id", nlp_loader=broken_loader, secret_file=secret_file).collect()
        notes = tmp_path / "notes.jsonl"
        _jsonl_input(notes, 30)
        _cli("--model", saved_model, "--secret-file", secret_file, "--partitions", "2", str(notes), "-o",
             str(tmp_path / "out"))
    finally:
        spark.sparkContext.setLogLevel("WARN")
    assert len(rows) == 60
    message = str(caught.value)
    assert "message withheld" in message and MARKER not in message
    captured = capfd.readouterr()
    log = spark_log.read_text(errors="replace")
    assert "INFO" in log  # the log file does receive Spark's output
    for where, text in (("stdout", captured.out), ("stderr", captured.err), ("Spark log", log)):
        assert MARKER not in text, f"note text in {where}"
    for name in ("_errors", "_manifest"):
        for part in (tmp_path / "out" / name).glob("*"):
            assert MARKER not in part.read_text()


def test_cli_resume_after_a_crashed_job(spark: SparkSession, secret_file: str, tmp_path: Path) -> None:
    partitions, n = 4, 160
    # The crashing note goes to the last bucket: on local[2] its task starts only
    # after two others have finished, so the crash leaves some buckets written.
    buckets = spark.range(1, n + 1).select(F.col("id"), F.pmod(F.hash("id"), F.lit(partitions)).alias("b"))
    crash_line = min(r["id"] for r in buckets.collect() if r["b"] == partitions - 1)
    notes = tmp_path / "notes.jsonl"
    notes.write_text("".join(
        json.dumps({"id": f"k{i:03d}", "patient_id": f"pk-{i % 6}",
                    "text": f"John Smith seen 03/14/2089{' CRASHME' if i == crash_line else ''}."}) + "\n"
        for i in range(1, n + 1)
    ))
    flag = tmp_path / "crash.flag"
    flag.touch()
    loader = functools.partial(crash_loader, str(flag))
    out = tmp_path / "out"

    def job(**options: Any) -> SparkDeidJob:
        return SparkDeidJob(str(notes), str(out), DeidOptions(secret_file=secret_file, progress=False, **options),
                            partitions=partitions, spark=spark, nlp_loader=loader, stderr=io.StringIO())

    with pytest.raises(Exception):
        job().run()
    written = {p.name: p.stat().st_mtime_ns for p in out.glob("part-*.jsonl")}
    assert 1 <= len(written) < partitions
    assert f"part-{partitions - 1:05d}.jsonl" not in written
    assert not (out / "_SUCCESS").exists()
    with pytest.raises(DeidUsageError):
        job().run()  # an interrupted output is left alone without --resume
    flag.unlink()
    summary = job(resume=True).run()
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("part-*.jsonl") if p.name in written} == written
    assert summary.info["partitions_resumed"] == len(written)
    assert summary.records == summary.records_ok == n
    ids = [json.loads(line)["id"] for line in _part_lines(out)]
    assert sorted(ids) == [f"k{i:03d}" for i in range(1, n + 1)]  # every record once
    assert not list(out.glob(".*.tmp-*"))


def test_csv_check_finds_bad_bytes_and_unsplittable_rows(tmp_path: Path) -> None:
    from spacy_phi.deid.inputs import FieldConfig
    from spacy_phi.spark.job import check_csv

    path = tmp_path / "notes.csv"
    path.write_bytes('id,text,ward\nc1,"café – naïve \ufffd\nline two",w1\n\nc2,caf'.encode("utf8")
                     + b"\xe9,w2\nc3,ok,w\xe93\n")
    found = check_csv(path, FieldConfig())
    # A real U+FFFD is text; a Latin-1 byte in any field is not. The blank line is no row.
    assert (found.rows, found.undecodable_rows, found.unsplittable_lines) == (3, frozenset({2, 3}), [])
    path.write_text('id,text,ward\nc1,fine,w1\nc2,"broken,w2\nc3,next,w3\nc4,"ok",w4\n')
    found = check_csv(path, FieldConfig())
    assert found.unsplittable_lines == [3, 4, 5] and found.rows == 4


def test_cli_refuses_csv_that_spark_would_split_into_other_rows(
    saved_model: str, secret_file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.csv"
    notes.write_text(f'id,text,ward\nc1,{MARKER} fine,w1\nc2,"{MARKER} broken,w2\nc3,{MARKER} next,w3\n')
    out = tmp_path / "out"
    # Spark would read c3 into c2's text: c3 would vanish as a record. Refused before anything is written.
    assert _cli("--model", saved_model, "--secret-file", secret_file, str(notes), "-o", str(out)) == 2
    assert not out.exists()
    captured = capsys.readouterr()
    assert "cannot be split into rows" in captured.err and MARKER not in captured.err + captured.out


def test_parquet_with_invalid_utf8_fails_that_record_only(
    spark: SparkSession, saved_model: str, secret_file: str, tmp_path: Path
) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    # Some writers put bytes that are not UTF-8 into string columns; Spark passes them through.
    texts = pa.array([f"{MARKER} John Smith seen 03/14/2089.".encode(), b"caf\xe9 " + MARKER.encode()],
                     pa.binary()).view(pa.string())
    pq.write_table(pa.table({"id": ["ok", "latin1"], "text": texts}), tmp_path / "in.parquet")
    out = tmp_path / "out"
    assert _cli("--model", saved_model, "--secret-file", secret_file, "--partitions", "1",
                str(tmp_path / "in.parquet"), "-o", str(out)) == 1
    assert _errors(out) == {"latin1": "undecodable"}
    rows = spark.read.parquet(str(out)).collect()
    assert [r["id"] for r in rows] == ["ok"] and "John Smith" not in rows[0]["text"]


def test_cli_without_activated_venv_runs_workers_on_the_drivers_python(
    saved_model: str, secret_file: str, tmp_path: Path
) -> None:
    """`.venv/bin/spacy-phi deid --engine spark` from cron or a service: the
    virtual environment is not activated, so the `python3` on PATH lacks
    spacy_phi. The Python workers must run the driver's interpreter anyway."""
    system_python = shutil.which("python3", path="/usr/bin:/usr/local/bin:/bin")
    if system_python is None or os.path.realpath(system_python) == os.path.realpath(sys.executable):
        pytest.skip("no python3 other than the test's own interpreter")
    first_on_path = tmp_path / "bin"
    first_on_path.mkdir()
    (first_on_path / "python3").symlink_to(system_python)
    (first_on_path / "python").symlink_to(system_python)
    notes = tmp_path / "notes.jsonl"
    notes.write_text("".join(json.dumps({"id": f"n{i}", "text": f"John Smith seen {1 + i}/14/2089."}) + "\n"
                             for i in range(6)))
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON")}
    env["PATH"] = os.pathsep.join([str(first_on_path), env.get("PATH", "")])
    # The code under test (a checkout may not be the installed copy); not the tests folder.
    env["PYTHONPATH"] = str(Path(__import__("spacy_phi").__file__).resolve().parent.parent)
    done = subprocess.run(
        [sys.executable, "-m", "spacy_phi", "deid", "--engine", "spark", "--master", "local[1]", "--no-progress",
         "--model", saved_model, "--secret-file", secret_file, "--partitions", "2", str(notes), "-o", str(out)],
        env=env, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(_part_lines(out)) == 6
