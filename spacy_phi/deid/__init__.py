"""Batch de-identification: `spacy-phi deid` and `spacy_phi.deidentify()`.

Reads text files, folders, JSONL, CSV or stdin; runs any pipeline that sets
`doc.ents` (with `phi_surrogates` last); writes the same format back, an
errors file, an audit manifest, a summary and optional review pages.
`DeidSettings` holds the settings every entry point shares (`DeidOptions`
adds those of a file job).
"""

from ..errors import NoSecretWarning
from .api import deidentify, deidentify_file
from .inputs import FieldConfig, InputError
from .job import DeidOptions, DeidUsageError
from .model import ModelError, load_pipeline
from .records import REASONS, InputRecord, RecordError, RecordResult
from .resume import ResumeError
from .settings import DEFAULT_BATCH_SIZE, DEFAULT_MAX_CHARS, DEFAULT_PROCESSES, DeidSettings, SettingsError
from .summary import RunSummary

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_MAX_CHARS",
    "DEFAULT_PROCESSES",
    "DeidOptions",
    "DeidSettings",
    "DeidUsageError",
    "FieldConfig",
    "InputError",
    "InputRecord",
    "ModelError",
    "NoSecretWarning",
    "REASONS",
    "RecordError",
    "RecordResult",
    "ResumeError",
    "RunSummary",
    "SettingsError",
    "deidentify",
    "deidentify_file",
    "load_pipeline",
]
