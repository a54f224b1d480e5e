"""Generating notes and writing a corpus (train/dev/test, JSONL and DocBin).

Every note has its own generator, seeded from (seed, split, index, attempt)
with BLAKE2b, so a note does not depend on the notes before it and the same
seed always gives byte-identical files. A note whose spans fail validation
(in practice: a glued token the tokenizer does not split in some rare
combination) is generated again with the next attempt number and counted in
the statistics; it is never written.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc, DocBin

from ..doc_keys import META_KEY, RECORD_ID_KEY
from ..util import blank_pipeline
from .builder import SynthNote, SynthSpan
from .context import NoteContext
from .noise import sample_profile
from .notes import DEFAULT_FAMILIES, FAMILIES, NoteFamily
from .notes.common import negatives_block, system_footer
from .pools import SPLITS
from .slots import SLOT_TABLE
from .stats import CorpusStats
from .validate import validate_note
from .values import weighted

#: Share of test notes written with a held-out (unseen) template.
TEST_UNSEEN_SHARE = 0.5
MAX_ATTEMPTS = 8
#: Share of notes that end with a system stamp (printed by, e-signed by, fax cover).
SYSTEM_FOOTER_RATE = 0.15
#: Share of notes that end with a block of negative look-alikes (problem lists, clinical verbs...).
NEGATIVE_BLOCK_RATE = 0.3
FORMATS = ("spacy", "jsonl")
#: Sizes recommended for training the default model.
DEFAULT_SIZES = {"train": 3000, "dev": 500, "test": 1000}
GENERATOR_NAME = "spacy_phi.synth"


def note_seed(seed: int, split: str, index: int, attempt: int = 0) -> int:
    """The seed of one note's generator (stable across runs and platforms)."""
    key = f"{seed}\x00{split}\x00{index}\x00{attempt}".encode("utf8")
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


def _families(names: Optional[Sequence[str]]) -> Tuple[NoteFamily, ...]:
    if not names:
        return tuple(FAMILIES[n] for n in DEFAULT_FAMILIES)
    unknown = [n for n in names if n not in FAMILIES]
    if unknown:
        raise ValueError(f"Unknown note families: {', '.join(unknown)}; expected some of {', '.join(FAMILIES)}")
    return tuple(FAMILIES[n] for n in names)


def generate_note(
    index: int,
    split: str = "train",
    seed: int = 0,
    families: Optional[Sequence[str]] = None,
    attempt: int = 0,
    unseen: Optional[bool] = None,
) -> SynthNote:
    """Generate one annotated note.

    index (int): the note's position in its split (part of its seed and id).
    split (str): "train", "dev" or "test": which value pools and templates.
    seed (int): the corpus seed.
    families (Optional[Sequence[str]]): note families to draw from (the default ones if None).
    attempt (int): the regeneration attempt (0 first).
    unseen (Optional[bool]): force a held-out (True) or seen (False) template;
        by default test notes use held-out templates TEST_UNSEEN_SHARE of the time,
        train and dev never.
    RETURNS (SynthNote): the note, its spans and meta.
    """
    if split not in SPLITS:
        raise ValueError(f"Unknown split {split!r}; expected one of {', '.join(SPLITS)}")
    rng = random.Random(note_seed(seed, split, index, attempt))
    pool = _families(families)
    family = pool[0] if len(pool) == 1 else _pick_family(rng, pool)
    if unseen is None:
        unseen = split == "test" and rng.random() < TEST_UNSEEN_SHARE
    elif unseen and split != "test":
        raise ValueError("Only test notes may use held-out templates")
    variants = family.held_out_variants if unseen else family.seen_variants
    variant = rng.choice(variants)
    case = weighted(rng, family.cases)
    ctx = NoteContext(rng, split, unseen, sample_profile(rng, family.wrap), case, slots=SLOT_TABLE)
    variant.write(ctx)
    if family.name != "brief" and rng.random() < NEGATIVE_BLOCK_RATE:
        negatives_block(ctx)
    if family.name != "brief" and rng.random() < SYSTEM_FOOTER_RATE:
        system_footer(ctx)
    ctx.finish()
    text, spans, values = ctx.b.result()
    meta = {
        "note_type": family.name,
        "template": variant.id,
        "split": split,
        "template_seen": not unseen,
        "generator": GENERATOR_NAME,
    }
    return SynthNote(id=f"synth-{split}-{index:06d}", text=text, spans=spans, meta=meta, values=values)


def _pick_family(rng: random.Random, pool: Tuple[NoteFamily, ...]) -> NoteFamily:
    name = weighted(rng, tuple((f.name, f.weight) for f in pool))
    return FAMILIES[name]


@dataclass
class CheckedNote:
    """A generated note that passed validation, with its Doc (entities set).

    note (SynthNote): the note (spans possibly widened by an abbreviation period).
    doc (Doc): the tokenized note with `doc.ents`, record id and meta.
    attempts (int): how many generations it took (1 = first try).
    snapped (int): spans widened by a trailing period the tokenizer keeps.
    """

    note: SynthNote
    doc: Doc
    attempts: int = 1
    snapped: int = 0


def snap_periods(note: SynthNote, doc: Doc) -> Tuple[SynthNote, int]:
    """Widen each span that ends just before a period the tokenizer keeps in
    the same token ("Wed.", "Inc.", "6 Feb.", an initial "J.") to include it,
    as the converters snap spans outward. Other spans are left as they are.

    note (SynthNote): the note.
    doc (Doc): the note tokenized.
    RETURNS (Tuple[SynthNote, int]): the note (a copy if changed) and the number of spans widened.
    """
    text = note.text
    spans = list(note.spans)
    values = list(note.values)
    snapped = 0
    for i, span in enumerate(spans):
        if doc.char_span(span.start, span.end) is not None:
            continue
        if span.end < len(text) and text[span.end] == "." and doc.char_span(span.start, span.end + 1) is not None:
            spans[i] = SynthSpan(span.start, span.end + 1, span.label)
            if i < len(values):
                values[i] = text[span.start : span.end + 1]
            snapped += 1
    if not snapped:
        return note, 0
    return SynthNote(note.id, note.text, spans, dict(note.meta), values), snapped


def make_doc(note: SynthNote, nlp: Language) -> Tuple[Doc, List[str], SynthNote, int]:
    """Tokenize a note, snap abbreviation periods, validate it and set
    `doc.ents`, the record id and meta.

    note (SynthNote): the note.
    nlp (Language): a pipeline with the clinical tokenizer.
    RETURNS (Tuple[Doc, List[str], SynthNote, int]): the Doc, the problems
        (entities are only set when there are none), the (snapped) note and
        the number of spans snapped.
    """
    doc = nlp.make_doc(note.text)
    note, snapped = snap_periods(note, doc)
    problems = validate_note(note, doc=doc)
    if not problems:
        doc.set_ents([doc.char_span(s.start, s.end, label=s.label) for s in note.spans], default="outside")
        doc.user_data[RECORD_ID_KEY] = note.id
        doc.user_data[META_KEY] = dict(note.meta)
    return doc, problems, note, snapped


def generate_checked(
    n: int,
    split: str,
    seed: int = 0,
    nlp: Optional[Language] = None,
    families: Optional[Sequence[str]] = None,
    start: int = 0,
) -> Iterator[CheckedNote]:
    """Generate `n` validated notes of a split, each with its Doc.

    n (int): how many notes.
    split (str): the split.
    seed (int): the corpus seed.
    nlp (Optional[Language]): the pipeline whose tokenizer checks alignment (blank "en" if None).
    families (Optional[Sequence[str]]): note families (the default ones if None).
    start (int): index of the first note.
    YIELDS (CheckedNote): the notes, in index order.
    RAISES (RuntimeError): a note failed validation MAX_ATTEMPTS times (a generator bug).
    """
    if nlp is None:
        nlp = blank_pipeline("en")
    for index in range(start, start + n):
        for attempt in range(MAX_ATTEMPTS):
            note = generate_note(index, split, seed, families, attempt)
            doc, problems, note, snapped = make_doc(note, nlp)
            if not problems:
                yield CheckedNote(note, doc, attempt + 1, snapped)
                break
        else:
            raise RuntimeError(f"Note {split}/{index} failed validation {MAX_ATTEMPTS} times")


def generate_notes(
    n: int, split: str = "train", seed: int = 0, families: Optional[Sequence[str]] = None, start: int = 0
) -> List[SynthNote]:
    """Generate `n` notes of a split without tokenizing them (no alignment
    check, no regeneration): the fast path for inspection and tests.

    RETURNS (List[SynthNote]): the notes.
    """
    return [generate_note(i, split, seed, families) for i in range(start, start + n)]


@dataclass
class CorpusResult:
    """What `write_corpus` wrote.

    files (List[Path]): every file written, in order.
    stats (CorpusStats): counts per split and label.
    """

    files: List[Path] = field(default_factory=list)
    stats: Optional[CorpusStats] = None


def write_corpus(
    output_dir: Path,
    sizes: Dict[str, int],
    seed: int = 0,
    formats: Sequence[str] = FORMATS,
    lang: str = "en",
    families: Optional[Sequence[str]] = None,
) -> CorpusResult:
    """Generate and write a corpus: per split `<split>.spacy` / `<split>.jsonl`,
    the test split also as `test_seen.*` and `test_unseen.*` (by template),
    and `stats.json`.

    output_dir (Path): the folder (created).
    sizes (Dict[str, int]): notes per split, e.g. {"train": 3000, "dev": 500, "test": 1000}.
    seed (int): the corpus seed.
    formats (Sequence[str]): "spacy" and/or "jsonl".
    lang (str): language of the blank pipeline whose tokenizer checks alignment and builds the DocBins.
    families (Optional[Sequence[str]]): restrict to these note families.
    RETURNS (CorpusResult): the files and statistics.
    """
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        raise ValueError(f"Unknown formats {unknown}; expected some of {', '.join(FORMATS)}")
    for split in sizes:
        if split not in SPLITS:
            raise ValueError(f"Unknown split {split!r}")
    output_dir = Path(output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    nlp = blank_pipeline(lang)
    stats = CorpusStats(seed=seed)
    result = CorpusResult(stats=stats)
    for split in SPLITS:
        n = sizes.get(split, 0)
        if n <= 0:
            continue
        names = [split] + (["test_seen", "test_unseen"] if split == "test" else [])
        writers = {name: _GroupWriter(output_dir, name, formats) for name in names}
        try:
            for item in generate_checked(n, split, seed, nlp, families):
                stats.add(split, item.note, retries=item.attempts - 1, snapped=item.snapped)
                writers[split].add(item)
                if split == "test":
                    subset = "test_seen" if item.note.meta["template_seen"] else "test_unseen"
                    stats.add(subset, item.note)
                    writers[subset].add(item)
        finally:
            for writer in writers.values():
                result.files.extend(writer.close())
    stats_path = output_dir / "stats.json"
    stats_path.write_text(json.dumps(stats.to_dict(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result.files.append(stats_path)
    return result


class _GroupWriter:
    """Streams one group of notes (a split or test subset) to `.spacy` and/or
    `.jsonl`, so memory does not grow with the corpus (a DocBin keeps compact arrays)."""

    def __init__(self, output_dir: Path, name: str, formats: Sequence[str]) -> None:
        self.spacy_path = output_dir / f"{name}.spacy" if "spacy" in formats else None
        self.jsonl_path = output_dir / f"{name}.jsonl" if "jsonl" in formats else None
        self.doc_bin = DocBin(store_user_data=True) if self.spacy_path else None
        self.jsonl = self.jsonl_path.open("w", encoding="utf-8", newline="\n") if self.jsonl_path else None

    def add(self, item: CheckedNote) -> None:
        if self.doc_bin is not None:
            self.doc_bin.add(item.doc)
        if self.jsonl is not None:
            self.jsonl.write(json.dumps(item.note.to_json(), ensure_ascii=False) + "\n")

    def close(self) -> List[Path]:
        written: List[Path] = []
        if self.doc_bin is not None and self.spacy_path is not None:
            self.doc_bin.to_disk(self.spacy_path)
            written.append(self.spacy_path)
        if self.jsonl is not None and self.jsonl_path is not None:
            self.jsonl.close()
            written.append(self.jsonl_path)
        return written


def read_jsonl_notes(path: Path) -> List[Dict[str, Any]]:
    """The JSON objects of a written JSONL file (for checks and tests)."""
    with Path(path).open(encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]
