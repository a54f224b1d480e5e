"""Synthetic annotated clinical notes: the training data of the default model.

    from spacy_phi.synth import generate_note, generate_notes, write_corpus

Notes of many families (discharge summaries, clinic notes, ICU nursing notes,
psychiatric intakes, ED visits, letters, radiology and pathology reports,
telephone and portal messages, operative, pediatric, social-work and
home-health notes, one-liners) carry exact PHI spans recorded while the note
is written (`builder.NoteBuilder`). Values come from `spacy_phi.surrogates`
through train/dev/test-disjoint pools (`pools.py`); test notes also use
held-out templates. `spacy-phi synth` writes the corpus (see `corpus.py`).
"""

from .builder import NoteBuilder, SynthNote, SynthSpan, can_glue
from .corpus import (
    DEFAULT_SIZES,
    FORMATS,
    CheckedNote,
    CorpusResult,
    generate_checked,
    generate_note,
    generate_notes,
    make_doc,
    note_seed,
    write_corpus,
)
from .notes import DEFAULT_FAMILIES, FAMILIES, NoteFamily, Variant
from .pools import SPLITS, value_split
from .stats import CorpusStats
from .validate import check_spans, validate_note, validate_notes, validate_record

__all__ = [
    "DEFAULT_FAMILIES",
    "DEFAULT_SIZES",
    "FAMILIES",
    "FORMATS",
    "SPLITS",
    "CheckedNote",
    "CorpusResult",
    "CorpusStats",
    "NoteBuilder",
    "NoteFamily",
    "SynthNote",
    "SynthSpan",
    "Variant",
    "can_glue",
    "check_spans",
    "generate_checked",
    "generate_note",
    "generate_notes",
    "make_doc",
    "note_seed",
    "validate_note",
    "validate_notes",
    "validate_record",
    "value_split",
    "write_corpus",
]
