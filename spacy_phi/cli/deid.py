"""`spacy-phi deid`: de-identify a text file, a folder of text files, JSONL,
CSV or stdin, writing the same format.

    spacy-phi deid INPUT [-o OUTPUT] [--model NAME_OR_PATH] [--mode surrogate|mask|tag|redact]
        [--secret-file FILE] [--text-field text] [--id-field id] [--patient-key-field patient_id]
        [--known-field F] [--known-column LABEL=COLUMN] [--html DIR] [--resume] ...
    spacy-phi deid --engine spark INPUT.parquet|INPUT.jsonl|INPUT.csv -o OUT_DIR [--master local[*]]
        [--partitions N] [--resume] ...   (spacy_phi.spark.job; docs/spark.md)

Exit codes (the table in docs/deid.md): 0 every record de-identified; 1 some
records failed (listed in the errors file) or the run stopped on an error; 2
the run could not start (bad input, model, options, secret); 130 interrupted
(SIGINT, Ctrl-C) and 143 terminated (SIGTERM): the partial output is kept,
rerun with --resume. Warnings of the run are shown on stderr (-v: more, -q:
errors only; the global options of `spacy-phi`). Nothing printed
contains note text: counts, ids, labels, reasons and exception types only.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path
from typing import Any, Dict, List, Optional

from ..errors import SpacyPhiError
from ..surrogates.replacer import MODES
from .console import EXIT_SIGINT, EXIT_SIGTERM, Terminated, sigterm_stops_the_run

PROG = "spacy-phi deid"
EXIT_FAILED_RECORDS = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = EXIT_SIGINT  # 130
EXIT_TERMINATED = EXIT_SIGTERM  # 143


def _optional_name(value: str) -> Optional[str]:
    return value or None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `deid` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    from ..deid.settings import DEFAULT_BATCH_SIZE, DEFAULT_MAX_CHARS, DEFAULT_PROCESSES

    parser = subparsers.add_parser(
        "deid",
        help="de-identify text files, folders, JSONL, CSV or stdin",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "De-identify clinical notes: detect PHI and replace it (surrogates, masks, tags or filler).\n"
            "The output mirrors the input: a text file -> a text file, a folder -> a folder (same\n"
            "relative paths), JSONL -> JSONL, CSV -> CSV, stdin -> stdout. Next to OUTPUT it writes\n"
            "OUTPUT.errors.jsonl (failed records, no text), OUTPUT.manifest.jsonl (one line per PHI\n"
            "span, a keyed hash instead of the value) and OUTPUT.summary.json.\n\n"
            "Exit codes: 0 all records done, 1 some records failed, 2 cannot start, 130 interrupted (SIGINT),\n"
            "143 terminated (SIGTERM); after 130 or 143, rerun with --resume to continue.\n"
            "WARNING: --html pages and --manifest-include-text contain PHI by design."
        ),
    )
    parser.add_argument("input", help="a .txt file, a folder of .txt files, a .jsonl or .csv file, or - for stdin")
    parser.add_argument("-o", "--output", default=None,
                        help="output file or folder (default: stdout; a folder input needs one)")
    parser.add_argument("--input-format", choices=("auto", "text", "folder", "jsonl", "csv", "fhir-ndjson", "fhir-bundle", "hl7",
                                                   "parquet"),
                        default="auto",
                        help="input format (default: from the path; stdin is text unless given; "
                             "fhir-ndjson, fhir-bundle: FHIR R4 resources; hl7: HL7 v2 ORU/MDM messages; "
                             "never guessed, see docs/fhir_hl7.md; "
                             "parquet: --engine spark only)")

    engine = parser.add_argument_group("engine")
    engine.add_argument("--engine", choices=("local", "spark"), default="local",
                        help="local: this machine (default); spark: Apache Spark, for Parquet (file or folder), "
                             "JSONL or CSV into an output folder (needs spacy_phi[spark]; see docs/spark.md)")
    engine.add_argument("--master", default=None,
                        help="--engine spark: the Spark master (default: the one spark-submit sets, else local[*])")
    engine.add_argument("--partitions", type=int, default=None,
                        help="--engine spark: output partitions, the unit of --resume (default: 4 per core; "
                             "on --resume, the interrupted run's)")

    model = parser.add_argument_group("pipeline")
    model.add_argument("--model", help="spaCy pipeline name or path, or 'rules' for the rules-only pipeline "
                                       "(default: en_phi_deid if installed, else the rules-only pipeline)")
    model.add_argument("--lang", default="en", help="language of the default rules pipeline (default: en)")
    model.add_argument("--mode", choices=MODES, help="how PHI is replaced (default: the pipeline's, surrogate)")
    model.add_argument("--policy", metavar="FILE",
                       help="the site's policy file (YAML, docs/policy.md): preset, per-label actions, never/always "
                            "PHI lists, site patterns; checked before any note is read")
    model.add_argument("--secret-file", help="file holding the secret that keys surrogates and hashes "
                                             "(default: the SPACY_PHI_SECRET environment variable)")
    model.add_argument("--batch-size", type=int, default=DEFAULT_BATCH_SIZE, help="nlp.pipe batch size")
    model.add_argument("--n-process", type=int, default=DEFAULT_PROCESSES,
                       help="processes (default: -1, every available core; 1: this process only)")
    model.add_argument("--gpu-id", type=int, default=-1, help="GPU to use (default: -1, CPU)")
    model.add_argument("--max-chars", type=int, default=DEFAULT_MAX_CHARS,
                       help=f"longer notes are errors (default: {DEFAULT_MAX_CHARS:,})")

    fields = parser.add_argument_group("JSONL fields / CSV columns")
    fields.add_argument("--text-field", default="text", help="note text (default: text)")
    fields.add_argument("--id-field", default="id", type=_optional_name,
                        help="record id (default: id; absent: line-N / row-N)")
    fields.add_argument("--patient-key-field", default="patient_id", type=_optional_name,
                        help="patient key: same key + secret -> same surrogates across records "
                             "(default: patient_id; absent: the record id)")
    fields.add_argument("--known-field", type=_optional_name,
                        help='known identifiers, JSON {"PATIENT": ["Jane Roe"], ...} (never copied to the output)')
    fields.add_argument("--known-column", action="append", default=[], metavar="LABEL=COLUMN",
                        help="CSV: a column of known identifiers of LABEL, several separated by | (repeatable)")
    fields.add_argument("--drop-field", action="append", default=[], metavar="NAME",
                        help="leave this field/column out of the output (repeatable)")
    fields.add_argument("--hash-field", action="append", default=[], metavar="NAME",
                        help="replace this field/column by a keyed hash (repeatable)")
    fields.add_argument("--csv-delimiter", default=",", help="CSV delimiter (default: , ; tab for .tsv)")
    fields.add_argument("--suffix", action="append", default=None, metavar=".EXT",
                        help="folder input: file endings to read (default: .txt; repeatable)")
    fields.add_argument("--patient-key-from-folder", action="store_true",
                        help="folder input: use each file's parent folder as its patient key")

    out = parser.add_argument_group("outputs")
    out.add_argument("--errors", type=Path, help="errors file (default: OUTPUT.errors.jsonl; stderr for stdout)")
    out.add_argument("--manifest", type=Path, help="audit manifest (default: OUTPUT.manifest.jsonl)")
    out.add_argument("--no-manifest", action="store_true", help="write no manifest")
    out.add_argument("--manifest-include-text", action="store_true",
                     help="also write each original PHI value in the manifest (PHI!)")
    out.add_argument("--summary", type=Path, help="summary JSON (default: OUTPUT.summary.json; stderr for stdout)")
    out.add_argument("--html", type=Path, metavar="DIR",
                     help="review pages: each original note with its PHI highlighted, plus an index. "
                          "THEY CONTAIN PHI: for reviewers with access rights only")
    out.add_argument("--resume", action="store_true", help="continue an interrupted run (no duplicates)")
    out.add_argument("--overwrite", action="store_true",
                     help="replace existing outputs and discard an interrupted run")
    out.add_argument("--no-progress", action="store_true", help="no progress line on stderr")
    out.add_argument("--checkpoint-seconds", type=float, default=2.0,
                     help="least seconds between resume checkpoints (default: 2)")
    parser.set_defaults(func=run_deid)
    return parser


def _known_columns(items: List[str]) -> Dict[str, str]:
    columns: Dict[str, str] = {}
    for item in items:
        label, sep, column = item.partition("=")
        if not sep or not label or not column:
            raise ValueError(f"--known-column wants LABEL=COLUMN, got {item!r}")
        columns[label.strip()] = column.strip()
    return columns


def options_from_args(args: argparse.Namespace) -> Any:
    """The DeidOptions of parsed arguments: the settings of the run, made (and
    checked) once here and passed as they are to the local or the Spark engine.

    args (argparse.Namespace): the parsed arguments.
    RETURNS (DeidOptions): the options.
    RAISES (SettingsError): a number out of range (`DeidSettings` checks them).
    RAISES (ValueError): a malformed --known-column.
    """
    from ..deid import DeidOptions, FieldConfig

    fields = FieldConfig(
        text_field=args.text_field,
        id_field=args.id_field,
        patient_key_field=args.patient_key_field,
        known_field=args.known_field,
        known_columns=_known_columns(args.known_column),
        csv_delimiter="\t" if args.csv_delimiter in ("\\t", "tab") else args.csv_delimiter,
    )
    return DeidOptions(
        input_format=args.input_format,
        fields=fields,
        model=args.model,
        lang=args.lang,
        mode=args.mode,
        policy=args.policy,
        secret_file=args.secret_file,
        batch_size=args.batch_size,
        n_process=args.n_process,
        gpu_id=args.gpu_id,
        max_chars=args.max_chars,
        suffixes=tuple(args.suffix or (".txt",)),
        patient_key_from_folder=args.patient_key_from_folder,
        drop_fields=tuple(args.drop_field),
        hash_fields=tuple(args.hash_field),
        manifest=args.manifest,
        write_manifest=not args.no_manifest,
        manifest_include_text=args.manifest_include_text,
        errors=args.errors,
        summary=args.summary,
        html=args.html,
        resume=args.resume,
        overwrite=args.overwrite,
        progress=not (args.no_progress or getattr(args, "quiet", False)),  # -q: no progress line either
        checkpoint_seconds=args.checkpoint_seconds,
    )


def _where(err: BaseException) -> str:
    frames = traceback.extract_tb(err.__traceback__)
    if not frames:
        return "unknown place"
    last = frames[-1]
    return f"{Path(last.filename).name}:{last.lineno}"


def _stopped(args: argparse.Namespace, how: str) -> str:
    """The one line printed when a local run is stopped by a signal: what is kept, how to go on."""
    if args.output in (None, "-"):
        return (f"{PROG}: {how}; the records already on stdout are complete and no other was written: "
                "rerun the command to process the input again (--resume needs -o OUTPUT)")
    return (f"{PROG}: {how}; the records done so far are kept ({args.output}.partial, with the errors and "
            "manifest .partial files): rerun the same command with --resume to continue (--overwrite to start over)")


def run_deid(args: argparse.Namespace) -> int:
    """Run the de-identification, SIGTERM stopping the run as Ctrl-C does
    (`main` shows the package's warnings on stderr).

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): the exit code (see the module docstring).
    """
    from ..deid import SettingsError

    try:
        options = options_from_args(args)
    except SettingsError as err:
        print(f"{PROG}: error: --{err.setting.replace('_', '-')} {err.problem}", file=sys.stderr)
        return EXIT_USAGE
    except (SpacyPhiError, ValueError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    with sigterm_stops_the_run():
        if args.engine == "spark":
            return _run_spark(args, options)
        return _run_local(args, options)


def _run_local(args: argparse.Namespace, options: Any) -> int:
    """The run on this machine (spacy_phi.deid.job)."""
    from ..deid import deidentify_file

    try:
        summary = deidentify_file(args.input, args.output, options)
    except SpacyPhiError as err:
        # Our errors name files, fields, options and ids only.
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except Terminated:
        print(_stopped(args, "terminated (SIGTERM)"), file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print(_stopped(args, "interrupted (SIGINT)"), file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as err:
        print(f"{PROG}: error: {err.strerror or type(err).__name__}"
              + (f": {err.filename}" if err.filename else ""), file=sys.stderr)
        return EXIT_FAILED_RECORDS
    except Exception as err:
        # The message may quote note text: only the type and place are shown.
        print(f"{PROG}: unexpected {type(err).__name__} at {_where(err)} (message withheld: it may contain "
              "note text); the partial output is kept for --resume", file=sys.stderr)
        return EXIT_FAILED_RECORDS
    return EXIT_FAILED_RECORDS if summary.records_failed else 0


def _run_spark(args: argparse.Namespace, options: Any) -> int:
    """`--engine spark`: the run on Spark (spacy_phi.spark.job); the same exit codes."""
    try:
        from ..spark.job import SparkDeidJob
    except ImportError:
        print(f'{PROG}: error: --engine spark needs pyspark: pip install "spacy_phi[spark]"', file=sys.stderr)
        return EXIT_USAGE
    job = SparkDeidJob(args.input, args.output, options, master=args.master, partitions=args.partitions)
    try:
        summary = job.run()
    except SpacyPhiError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except Terminated:
        print(f"{PROG}: terminated (SIGTERM); the finished partitions are kept: rerun with --resume to continue",
              file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted (SIGINT); the finished partitions are kept: rerun with --resume to continue",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as err:
        # Spark's errors carry executor tracebacks; ours hold no text, but other
        # libraries' messages might: only the type is shown.
        print(f"{PROG}: the Spark job failed ({type(err).__name__}; message withheld: it may contain note "
              "text); the finished partitions are kept: rerun with --resume to continue", file=sys.stderr)
        return EXIT_FAILED_RECORDS
    return EXIT_FAILED_RECORDS if summary.records_failed else 0
