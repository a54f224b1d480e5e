"""Mix annotated DocBins into one training corpus, each part with a weight.

The default model trains on synthetic notes mixed with hand-annotated real
clinical prose (ACI-BENCH); the real part is small, so it is oversampled:

    spacy-phi mix corpus/train_mix.spacy corpus/synth/train.spacy:1 corpus/aci_train.spacy:5 --seed 0

A weight is a multiplier of the part's documents: an integer repeats every
document that many times; a fraction adds a seeded sample of the remainder
(weight 1.5 = every document once plus a random half again). The result is
shuffled with the seed, so the same inputs, weights and seed give a
byte-identical DocBin.

With an OUTPUT ending in `.jsonl` the mix is written as raw text for `spacy
pretrain` instead: `{"text": ...}` lines of whole lines of the notes, joined
until a chunk has `RAW_CHUNK_MIN_WORDS` words and cut at `RAW_CHUNK_MAX_WORDS`
(spaCy's JsonlCorpus skips longer documents; a 1,500-word dialogue would be lost).
"""

from __future__ import annotations

import math
import random
import srsly
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Sequence, Tuple, Union

from spacy.tokens import Doc, DocBin
from spacy.vocab import Vocab

from ..errors import ConversionError

PathLike = Union[str, Path]
#: Raw-text chunks for pretraining: at least / at most this many words.
RAW_CHUNK_MIN_WORDS = 40
RAW_CHUNK_MAX_WORDS = 300


@dataclass(frozen=True)
class MixPart:
    """One input DocBin and how many times its documents go into the mix."""

    path: Path
    weight: float

    @classmethod
    def parse(cls, value: str) -> "MixPart":
        """"corpus/aci.spacy:5" -> MixPart(corpus/aci.spacy, 5.0); no weight means 1.

        RAISES (ConversionError): a weight that is not a number >= 0.
        """
        path, sep, weight = value.rpartition(":")
        if not sep or not path or "/" in weight or "\\" in weight:
            return cls(Path(value), 1.0)
        try:
            number = float(weight)
        except ValueError:
            raise ConversionError(f"mix: the weight of {path} is not a number") from None
        if not math.isfinite(number) or number < 0:
            raise ConversionError(f"mix: the weight of {path} must be a number >= 0")
        return cls(Path(path), number)


def mix_docs(parts: Sequence[MixPart], seed: int = 0) -> List[Doc]:
    """The weighted, shuffled documents of `parts`.

    parts (Sequence[MixPart]): the inputs with their weights.
    seed (int): the sampling and shuffling seed.
    RETURNS (List[Doc]): the mix (documents repeated by weight, then shuffled).
    RAISES (ConversionError): an input is missing or not a DocBin.
    """
    return _mix(parts, seed)[0]


def _mix(parts: Sequence[MixPart], seed: int) -> Tuple[List[Doc], Dict[str, int]]:
    """The mix and the number of documents each input path put in it."""
    rng = random.Random(seed)
    vocab = Vocab()
    mixed: List[Doc] = []
    counts: Dict[str, int] = {}
    for part in parts:
        if not part.path.is_file():
            raise ConversionError(f"mix: {part.path} does not exist")
        try:
            docs = list(DocBin().from_disk(part.path).get_docs(vocab))
        except Exception as err:  # a corrupt or foreign file; say which, not what is in it
            raise ConversionError(f"mix: {part.path} is not a readable DocBin ({type(err).__name__})") from None
        whole, fraction = divmod(part.weight, 1.0)
        mixed.extend(docs * int(whole))
        extra = round(len(docs) * fraction)
        if extra:
            mixed.extend(rng.sample(docs, extra))
        counts[str(part.path)] = counts.get(str(part.path), 0) + len(docs) * int(whole) + extra
    rng.shuffle(mixed)
    return mixed, counts


def write_mix(output: PathLike, parts: Sequence[MixPart], seed: int = 0) -> Dict[str, int]:
    """Write the mix of `parts` to `output` (a `.spacy` DocBin).

    RETURNS (Dict[str, int]): documents per input path and in total.
    """
    docs, counts = _mix(parts, seed)
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    if output.suffix == ".jsonl":
        srsly.write_jsonl(output, ({"text": chunk} for doc in docs for chunk in raw_text_chunks(doc.text)))
    else:
        DocBin(docs=docs, store_user_data=True).to_disk(output)
    counts["total"] = len(docs)
    return counts


def raw_text_chunks(text: str) -> List[str]:
    """A note cut into pretraining chunks of whole lines (long lines cut by words).

    text (str): the note.
    RETURNS (List[str]): chunks of at most RAW_CHUNK_MAX_WORDS words; lines are
        joined until a chunk has RAW_CHUNK_MIN_WORDS (a chunk that a long line
        closes early, and the last one, may be shorter).
    """
    chunks: List[str] = []
    current: List[str] = []
    count = 0
    for line in text.splitlines():
        words = line.split()
        while words:
            room = RAW_CHUNK_MAX_WORDS - count
            piece, words = words[:room], words[room:]
            current.append(" ".join(piece))
            count += len(piece)
            if count >= RAW_CHUNK_MIN_WORDS or words:
                chunks.append("\n".join(current))
                current, count = [], 0
    if current:
        chunks.append("\n".join(current))
    return chunks


__all__ = ["MixPart", "mix_docs", "raw_text_chunks", "write_mix"]
