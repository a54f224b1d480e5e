"""Batch de-identification: `spacy-phi deid` and `spacy_phi.deidentify()`.

Reads text files, folders, JSONL, CSV or stdin; runs any pipeline that sets
`doc.ents` (with `phi_surrogates` last); writes the same format back, an
errors file, an audit manifest, a summary and optional review pages.
"""

from .api import deidentify, deidentify_file
from .inputs import FieldConfig, InputError
from .job import DeidOptions, DeidUsageError
from .model import ModelError, load_pipeline
from .records import DEFAULT_MAX_CHARS, REASONS, InputRecord, RecordError, RecordResult
from .resume import ResumeError
from .summary import RunSummary

__all__ = [
    "DEFAULT_MAX_CHARS",
    "DeidOptions",
    "DeidUsageError",
    "FieldConfig",
    "InputError",
    "InputRecord",
    "ModelError",
    "REASONS",
    "RecordError",
    "RecordResult",
    "ResumeError",
    "RunSummary",
    "deidentify",
    "deidentify_file",
    "load_pipeline",
]
