"""PHI-swapped copies of annotated documents: the same real sentences with other
PHI values, for training.

The hand-annotated real prose (ACI-BENCH) is small, so the training mix
oversamples it. Repeating a document verbatim teaches the tagger its few
names ("martha", "andrew") and dates as much as the language around them.
A swapped copy keeps every character outside the PHI spans and replaces each
gold span with a keyed surrogate of the same label (`phi_surrogates`' own
generator, in the original's letter case: "hi , carolyn" becomes
"hi , teodora"), so the copies teach the real context with varied values:

    spacy-phi augment corpus/aci_train.spacy corpus/aci_train_swapped.spacy --copies 2 --seed 0

MEDDOCAN's own labels (`--labels meddocan`, for the Spanish NER of
`configs/cnn_es.cfg`) are mapped to ours to pick the surrogate and kept on the
copy; a type that is no PHI for us (SEXO_SUJETO_ASISTENCIA) keeps its value:

    spacy-phi augment corpus/meddocan_native_train.spacy corpus/meddocan_swapped.spacy --lang es --labels meddocan

Each copy of a document uses its own key, derived from the seed, the copy
number and the document's position, so the same input and seed give a
byte-identical DocBin. A span whose surrogate cannot be made (the generator
masks it) keeps its original value; a document whose new spans do not align
with the clinical tokenizer is left out and counted.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc, DocBin

from ..errors import ConversionError
from ..labels import meddocan_to_i2b2
from ..surrogates.replacer import deidentify_text
from ..util import blank_pipeline

PathLike = Union[str, Path]
#: Offset-map actions whose new text is a real value (others are masks).
_REAL_VALUE_ACTIONS = frozenset({"surrogate", "keep"})
#: Maps a document's label (and span text) to the label whose surrogate replaces
#: it, or None to keep the value.
SurrogateLabel = Callable[[str, str], Optional[str]]
#: The label sets `augment` reads: ours, or MEDDOCAN's own (mapped to ours).
LABEL_SCHEMES: Dict[str, SurrogateLabel] = {
    "spacy_phi": lambda label, text: label,
    "meddocan": meddocan_to_i2b2,
}


@dataclass
class AugmentCounts:
    """What an augmentation run wrote (counts only, never text)."""

    documents_in: int = 0
    copies_written: int = 0
    copies_misaligned: int = 0
    spans_swapped: int = 0
    spans_kept: int = 0
    by_label: Dict[str, int] = field(default_factory=dict)


def copy_secret(seed: int) -> bytes:
    """The HMAC secret of an augmentation run (fixed by the seed: reproducible)."""
    return hashlib.sha256(f"spacy_phi.augment:{seed}".encode()).digest()


def swapped_text(
    doc: Doc,
    *,
    secret: bytes,
    key: str,
    lang: str = "en",
    surrogate_label: Optional[SurrogateLabel] = None,
) -> Tuple[str, List[Tuple[int, int, str]], int]:
    """The text of `doc` with every entity replaced by a surrogate.

    doc (Doc): a gold document (`doc.ents` are its PHI spans).
    secret (bytes): the surrogate secret. key (str): the surrogate key.
    lang (str): the surrogates' language ("en" or "es").
    surrogate_label (Optional[SurrogateLabel]): the label whose surrogate replaces
        a span (None: the span's own label); a span it maps to None keeps its value.
    RETURNS (Tuple[str, List[Tuple[int, int, str]], int]): the new text, its
        spans as (start, end, label) character offsets with the document's own
        labels, and how many spans kept their original value.
    """
    text = doc.text
    to_label = surrogate_label or LABEL_SCHEMES["spacy_phi"]
    replaced = []
    for ent in doc.ents:
        label = to_label(ent.label_, ent.text)
        if label is not None:
            replaced.append((ent.start_char, ent.end_char, label))
    result = deidentify_text(text, replaced, secret=secret, key=key, age_mode="strict", lang=lang)
    entries = {entry.start: entry for entry in result.offset_map}
    pieces: List[str] = []
    spans: List[Tuple[int, int, str]] = []
    position = 0
    length = 0
    kept = 0
    for ent in doc.ents:
        entry = entries.get(ent.start_char)
        if entry is not None and entry.action in _REAL_VALUE_ACTIONS:
            value = result.text[entry.new_start : entry.new_end]
        else:  # no surrogate, or a mask ("[DATE]"), is no training value: keep the original
            value = ent.text
            kept += 1
        gap = text[position : ent.start_char]
        pieces.append(gap)
        length += len(gap)
        spans.append((length, length + len(value), ent.label_))
        pieces.append(value)
        length += len(value)
        position = ent.end_char
    pieces.append(text[position:])
    return "".join(pieces), spans, kept


def swapped_doc(
    nlp: Language, doc: Doc, *, secret: bytes, key: str, surrogate_label: Optional[SurrogateLabel] = None
) -> Tuple[Optional[Doc], int]:
    """A PHI-swapped copy of `doc`, tokenized by `nlp` (surrogates in its
    language), or None if a new span does not fall on token boundaries. Also
    returns the kept-span count."""
    text, spans, kept = swapped_text(doc, secret=secret, key=key, lang=nlp.lang, surrogate_label=surrogate_label)
    new = nlp.make_doc(text)
    ents = []
    for start, end, label in spans:
        span = new.char_span(start, end, label=label)
        if span is None:
            return None, kept
        ents.append(span)
    try:
        new.ents = ents
    except ValueError:  # overlapping after retokenization
        return None, kept
    return new, kept


def augment_docs(
    docs: Iterable[Doc],
    nlp: Language,
    *,
    copies: int,
    seed: int,
    counts: AugmentCounts,
    surrogate_label: Optional[SurrogateLabel] = None,
) -> Iterator[Doc]:
    """`copies` PHI-swapped copies of every document, in input order.

    docs (Iterable[Doc]): the gold documents.
    nlp (Language): a pipeline whose tokenizer makes the copies.
    copies (int): copies per document (>= 1).
    seed (int): fixes the surrogate secret and keys.
    counts (AugmentCounts): updated in place.
    surrogate_label (Optional[SurrogateLabel]): see `swapped_text`.
    YIELDS (Doc): the copies.
    """
    if copies < 1:
        raise ConversionError("augment: --copies must be at least 1")
    secret = copy_secret(seed)
    for index, doc in enumerate(docs):
        counts.documents_in += 1
        for copy in range(copies):
            new, kept = swapped_doc(
                nlp, doc, secret=secret, key=f"{seed}:{copy}:{index}", surrogate_label=surrogate_label
            )
            if new is None:
                counts.copies_misaligned += 1
                continue
            counts.copies_written += 1
            counts.spans_kept += kept
            counts.spans_swapped += len(new.ents) - kept
            for ent in new.ents:
                counts.by_label[ent.label_] = counts.by_label.get(ent.label_, 0) + 1
            yield new


def write_augmented(
    input_path: PathLike,
    output_path: PathLike,
    *,
    copies: int = 2,
    seed: int = 0,
    lang: str = "en",
    labels: str = "spacy_phi",
) -> AugmentCounts:
    """Read a gold DocBin, write `copies` PHI-swapped copies of each document.

    lang (str): the tokenizer's and the surrogates' language.
    labels (str): the input's label set, a key of LABEL_SCHEMES.

    RETURNS (AugmentCounts): what was written.
    RAISES (ConversionError): the input is missing or not a DocBin.
    """
    input_path, output_path = Path(input_path), Path(output_path)
    if labels not in LABEL_SCHEMES:
        raise ConversionError(f"augment: unknown label set {labels!r}; expected one of {', '.join(LABEL_SCHEMES)}")
    if not input_path.is_file():
        raise ConversionError(f"augment: {input_path} does not exist")
    nlp = blank_pipeline(lang)
    try:
        docs = list(DocBin().from_disk(input_path).get_docs(nlp.vocab))
    except Exception as err:  # corrupt or foreign file: say which, not what is in it
        raise ConversionError(f"augment: {input_path} is not a readable DocBin ({type(err).__name__})") from None
    counts = AugmentCounts()
    new_docs = list(augment_docs(docs, nlp, copies=copies, seed=seed, counts=counts, surrogate_label=LABEL_SCHEMES[labels]))
    output_path.parent.mkdir(parents=True, exist_ok=True)
    DocBin(docs=new_docs, store_user_data=True).to_disk(output_path)
    return counts


__all__ = ["LABEL_SCHEMES", "AugmentCounts", "augment_docs", "copy_secret", "swapped_doc", "swapped_text", "write_augmented"]
