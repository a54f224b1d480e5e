"""`deidentify_dataframe`: de-identify a text column of a Spark DataFrame.

The rows stream through `mapInArrow` (`executor.py`): each executor Python
process loads the pipeline once and runs the runner of `spacy-phi deid` on
its partitions, so every record is validated, de-identified and failed
closed exactly as the local job does it.

The secret is resolved here, on the driver (the secret file, else the
SPACY_PHI_SECRET environment variable, else one random secret for this
driver process) and reaches the executors as a Spark broadcast variable: the
executors need neither the file nor the variable, every partition uses the
same secret (so a patient gets the same surrogates in every partition), and
the secret is never in the task closure, a query plan or a log. On Spark
Connect, where there are no broadcast variables, it travels inside the
serialized task instead (see docs/spark.md, "Privacy").
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from typing import Any, Callable, Dict, FrozenSet, Optional

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.pandas.types import from_arrow_type
from pyspark.sql.types import StringType, StructField, StructType
from spacy.language import Language

from ..deid.inputs import FieldConfig
from ..deid.settings import DeidSettings, with_settings
from ..surrogates.keys import SECRET_ENV_VAR, load_secret
from .executor import ERROR_TYPE, SPAN_TYPE, ExecutorPlan, SecretHolder, deid_partition

#: Default name of the errors column.
ERRORS_COLUMN = "errors"
#: Default name of the span-map column (`span_map=True`).
SPANS_COLUMN = "phi_spans"
#: Rows per chunk cut from an Arrow batch, in `nlp.pipe` batches.
CHUNK_BATCHES = 4


def pipeline_key(model: Optional[str], lang: str, loader: Optional[Callable[[], Language]]) -> str:
    """The executor cache key of a pipeline: model and language, or a digest
    of the pickled loader function.

    model (Optional[str]): pipeline name or path, "rules" or None.
    lang (str): language of the rules pipeline.
    loader (Optional[Callable[[], Language]]): the loader function, if any.
    RETURNS (str): the key.
    """
    if loader is None:
        return f"model={model!r} lang={lang!r}"
    from pyspark import cloudpickle

    return "loader=" + hashlib.sha256(cloudpickle.dumps(loader)).hexdigest()


def secret_handle(spark: SparkSession, secret_file: Optional[str]) -> Any:
    """The secret as executors read it (`.value`): a broadcast variable, or a
    holder in the task closure on Spark Connect.

    spark (SparkSession): the session.
    secret_file (Optional[str]): the secret file, read here on the driver.
    RETURNS (Any): the handle.
    RAISES (SecretError): the file cannot be read or is empty.
    """
    secret = load_secret(secret_file, SECRET_ENV_VAR)
    try:
        context = spark.sparkContext
    except Exception:  # Spark Connect has no SparkContext
        return SecretHolder(secret)
    return context.broadcast(secret)


def _check_columns(df: DataFrame, text_col: str, id_col: Optional[str], patient_key_col: Optional[str],
                   known_col: Optional[str], added: Dict[str, str]) -> None:
    columns = set(df.columns)
    for option, name in (("text_col", text_col), ("id_col", id_col), ("patient_key_col", patient_key_col),
                         ("known_col", known_col)):
        if name is not None and name not in columns:
            raise ValueError(f"{option}: no column {name!r} in the DataFrame")
    phi = {text_col: "text_col", **({known_col: "known_col"} if known_col else {})}
    for option, name in (("id_col", id_col), ("patient_key_col", patient_key_col)):
        if name is not None and name in phi:
            # Ids and keys are written to the errors column: never from PHI.
            raise ValueError(f"{option} {name!r} is also the {phi[name]}: an id or key taken from note text "
                             "or known PHI would put PHI in the output")
    for option, name in added.items():
        if name in columns and name != text_col:
            raise ValueError(f"{option}: the DataFrame already has a column {name!r}")


def output_schema(df: DataFrame, plan: ExecutorPlan) -> StructType:
    """The Spark schema of the output rows (mirrors `executor._output_batch`).

    df (DataFrame): the input.
    plan (ExecutorPlan): the plan.
    RETURNS (StructType): the schema.
    """
    fields = []
    for f in df.schema.fields:
        if f.name in plan.drop_cols:
            continue
        fields.append(StructField(f.name, StringType(), True) if f.name == plan.text_col else f)
    fields.append(StructField(plan.errors_col, from_arrow_type(ERROR_TYPE), True))
    if plan.span_col:
        fields.append(StructField(plan.span_col, from_arrow_type(SPAN_TYPE), True))
    if plan.manifest_col:
        fields.append(StructField(plan.manifest_col, StringType(), True))
    return StructType(fields)


def run_plan(df: DataFrame, plan: ExecutorPlan) -> DataFrame:
    """The de-identified DataFrame of a plan (lazy, like any transformation).

    df (DataFrame): the input.
    plan (ExecutorPlan): the plan.
    RETURNS (DataFrame): the output.
    """
    return df.mapInArrow(functools.partial(deid_partition, plan=plan), output_schema(df, plan))


def deidentify_dataframe(
    df: DataFrame,
    settings: Optional[DeidSettings] = None,
    *,
    text_col: str = "text",
    id_col: Optional[str] = None,
    patient_key_col: Optional[str] = None,
    known_col: Optional[str] = None,
    model: Optional[str] = None,
    nlp_loader: Optional[Callable[[], Language]] = None,
    lang: Optional[str] = None,
    mode: Optional[str] = None,
    secret_file: Optional[str] = None,
    max_chars: Optional[int] = None,
    batch_size: Optional[int] = None,
    span_map: bool = False,
    errors_col: str = ERRORS_COLUMN,
    span_col: str = SPANS_COLUMN,
) -> DataFrame:
    """De-identify the notes of a DataFrame on the executors, lazily. Every
    input row gives one output row, in the same partition and order: the
    text column holds the de-identified note, or null where the record failed
    (fail closed: never the original text), and `errors_col` says why (a
    reason code and a message without note text; null when de-identified).
    Every other column is kept, except `known_col` (known PHI is never copied,
    as in `spacy-phi deid`).

    df (DataFrame): the input.
    settings (Optional[DeidSettings]): model, lang, mode, secret file, max
        chars and batch size, as for `spacy_phi.deidentify()` (`n_process` is
        not used: each executor task is one process); None: the defaults.
        `model` is loaded on each executor (`en_phi_deid`, "rules", a folder
        every executor can read); the secret file is read on the driver (else
        SPACY_PHI_SECRET on the driver, else a random secret per driver process).
    text_col (str): the note column (a string column; other types fail each row).
    id_col (Optional[str]): record ids (strings or integers). Without ids or
        patient keys each note gets a random key: surrogates are consistent
        within a note only and change from run to run.
    patient_key_col (Optional[str]): patient keys: same key + secret → same
        surrogates, in any partition, job or machine.
    known_col (Optional[str]): known identifiers per row, JSON text
        {"PATIENT": ["Jane Roe"], ...} or a map label → array of values.
    nlp_loader (Optional[Callable[[], Language]]): builds the pipeline on the
        executors instead of `settings.model` (picklable; for custom components).
    model, lang, mode, secret_file, max_chars, batch_size: a convenience: each
        one given (not None) replaces that field of `settings`.
    span_map (bool): add `span_col`: per row a list of {start, end (offsets in
        the original note), new_start, new_end, label, action, detector,
        sources, rule_id, score, reason}; null where the record failed.
    errors_col (str): name of the errors column, a struct {reason, message,
        component, error_type, record_id}.
    span_col (str): name of the span-map column.
    RETURNS (DataFrame): the de-identified DataFrame.
    RAISES (ValueError): a missing or clashing column, a bad setting
        (`SettingsError`, a ValueError).
    RAISES (ModelError): an unknown mode.
    RAISES (SecretError): the secret file cannot be read.
    """
    settings = with_settings(
        settings, model=model, lang=lang, mode=mode, secret_file=secret_file, max_chars=max_chars,
        batch_size=batch_size,
    )
    plan = make_plan(
        df, settings, text_col=text_col, id_col=id_col, patient_key_col=patient_key_col, known_col=known_col,
        nlp_loader=nlp_loader, span_map=span_map, errors_col=errors_col, span_col=span_col,
    )
    return run_plan(df, plan)


def make_plan(
    df: DataFrame,
    settings: DeidSettings,
    *,
    text_col: str = "text",
    id_col: Optional[str] = None,
    patient_key_col: Optional[str] = None,
    known_col: Optional[str] = None,
    nlp_loader: Optional[Callable[[], Language]] = None,
    span_map: bool = False,
    errors_col: str = ERRORS_COLUMN,
    span_col: str = SPANS_COLUMN,
    jsonl_fields: Optional[FieldConfig] = None,
    row_col: Optional[str] = None,
    row_prefix: str = "row-",
    manifest_col: Optional[str] = None,
    malformed_col: Optional[str] = None,
    undecodable_rows: FrozenSet[int] = frozenset(),
) -> ExecutorPlan:
    """The checked settings of `deidentify_dataframe` as the plan its
    executors run (the secret resolved and broadcast). The arguments are those
    of `deidentify_dataframe` (`settings` given whole: a `DeidSettings`, or the
    job's `DeidOptions`), and, for `spacy-phi deid --engine spark`:

    jsonl_fields (Optional[FieldConfig]): `text_col` holds whole JSONL lines,
        read and written as the local job does.
    row_col (Optional[str]): 1-based row numbers, for "row-N" / "line-N" ids
        where there is no id.
    row_prefix (str): "row-" or "line-".
    manifest_col (Optional[str]): add the manifest lines of each record
        (keyed hashes, no PHI) as a column.
    malformed_col (Optional[str]): a boolean column marking CSV rows with the
        wrong number of fields (they fail as "bad_record").
    undecodable_rows (FrozenSet[int]): row numbers (`row_col`) that fail as
        "undecodable" (CSV rows that held invalid UTF-8).
    RETURNS (ExecutorPlan): the plan.
    RAISES (ValueError): a missing or clashing column, a bad setting.
    RAISES (SecretError): the secret file cannot be read.
    """
    if settings.model is not None and nlp_loader is not None:
        raise ValueError("give model or nlp_loader, not both")
    added = {"errors_col": errors_col}
    if span_map:
        added["span_col"] = span_col
    if manifest_col:
        added["manifest_col"] = manifest_col
    if len(set(added.values())) < len(added):
        raise ValueError("errors_col, span_col and manifest_col must differ")
    if jsonl_fields is None:
        _check_columns(df, text_col, id_col, patient_key_col, known_col, added)
    else:
        _check_columns(df, text_col, None, None, None, added)
    spark = df.sparkSession
    plan = ExecutorPlan(
        pipeline_key=pipeline_key(settings.model, settings.lang, nlp_loader),
        # The shared settings only (not a DeidOptions' paths): the plan is pickled into every task.
        # Without the secret file: it was read here; the executors get the secret (`secret`).
        settings=dataclasses.replace(settings.as_settings(), secret_file=None),
        loader=nlp_loader,
        secret=secret_handle(spark, settings.secret_file),
        chunk_rows=CHUNK_BATCHES * settings.batch_size,
        text_col=text_col,
        id_col=id_col,
        patient_key_col=patient_key_col,
        known_col=known_col,
        jsonl=jsonl_fields,
        row_col=row_col,
        row_prefix=row_prefix,
        drop_cols=(known_col,) if known_col else (),
        errors_col=errors_col,
        span_col=span_col if span_map else None,
        manifest_col=manifest_col,
        malformed_col=malformed_col,
        undecodable_rows=undecodable_rows,
    )
    return plan
