"""Fine-tune an assembled pipeline's NER on a site's corrected notes.

The corrected notes (the review page's JSONL) are split into a training part
and a held-out part; the NER and its tok2vec are updated from the shipped
weights on batches that mix corrected notes with a replay sample of the
original training mix, so that the NER learns the site's style without
forgetting the others. Every other component (rules, guard, merge, surrogates)
is kept as it is, so the result is an assembled pipeline again.

    nlp = spacy.load("en_phi_deid")
    site, held_out = split_held_out(read_jsonl("corrections.jsonl"), 0.2, seed=0)
    report = finetune(nlp, site_examples(nlp, site), replay_examples(nlp, "corpus/train_mix.spacy"))
    mark_adapted(nlp, "mysite", report)
    nlp.to_disk("training/phi_deid_mysite")
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import DocBin
from spacy.training import Example
from thinc.api import Adam, fix_random_seed

from ..converters import ConversionReport, Record, records_to_docs

#: The components updated; the rest of the pipeline is rules and stays unchanged.
TRAINED_COMPONENTS = ("tok2vec", "ner")


@dataclass
class FinetuneSettings:
    """How long and how hard to fine-tune (the defaults suit 25 to 200 notes on a CPU).

    steps: updates; each sees `site_batch` corrected notes and `replay_batch` replayed ones.
    site_phi_batch: of the `site_batch` corrected notes, how many come from notes holding PHI.
    learn_rate: Adam's rate (the training's own is 0.001; lower keeps more of the shipped NER).
    dropout: as in training.
    seed: the batches' order and the dropout masks.
    """

    steps: int = 300
    site_batch: int = 4
    # Twice as many replayed notes as corrected ones: with as many, the NER lost recall
    # on the site's own notes (three seeds, docs/adapt.md); with twice, it kept it.
    replay_batch: int = 8
    # Of the `site_batch` corrected notes of an update, how many are drawn from the notes
    # that hold at least one span (the rest from all corrected notes): a site's notes hold
    # little PHI, and batches of PHI-free notes teach the NER caution with the style.
    site_phi_batch: int = 0
    learn_rate: float = 0.0005
    dropout: float = 0.1
    seed: int = 0


@dataclass
class FinetuneReport:
    """What a fine-tuning did (counts and settings only: no text)."""

    site_notes: int
    replay_notes: int
    settings: FinetuneSettings
    seconds: float = 0.0
    losses: List[float] = field(default_factory=list)
    dropped_spans: int = 0

    def to_dict(self) -> Dict[str, Any]:
        return {"site_notes": self.site_notes, "replay_notes": self.replay_notes, "settings": asdict(self.settings),
                "seconds": round(self.seconds, 1), "dropped_spans": self.dropped_spans,
                "first_loss": self.losses[0] if self.losses else None,
                "last_loss": self.losses[-1] if self.losses else None}


def split_held_out(records: Sequence[Record], fraction: float, seed: int = 0) -> Tuple[List[Record], List[Record]]:
    """Split corrected notes into (training, held-out) by a hash of their id, so
    that a note stays on its side when more notes are corrected later.

    records (Sequence[Record]): the corrected notes.
    fraction (float): the held-out share, 0 to < 1.
    seed (int): mixed into the hash.
    RETURNS (Tuple[List[Record], List[Record]]): the two parts, in input order.
    """
    if not 0 <= fraction < 1:
        raise ValueError("the held-out fraction must be at least 0 and below 1")
    train: List[Record] = []
    held: List[Record] = []
    for record in records:
        digest = hashlib.sha256(f"{seed}:{record.id}".encode("utf-8", "surrogatepass")).digest()
        (held if int.from_bytes(digest[:8], "big") / 2**64 < fraction else train).append(record)
    return train, held


def site_examples(nlp: Language, records: Sequence[Record],
                  report: Optional[ConversionReport] = None) -> Tuple[List[Example], int]:
    """Training examples of corrected notes, tokenized by the pipeline.

    nlp (Language): the pipeline being fine-tuned.
    records (Sequence[Record]): corrected notes (labels of our scheme).
    report (Optional[ConversionReport]): receives spans that do not align.
    RETURNS (Tuple[List[Example], int]): the examples, and how many spans were
        dropped because the NER has no such label.
    """
    docs, _ = records_to_docs(records, nlp, "spacy_phi", report=report)
    return _examples(nlp, docs)


def replay_examples(nlp: Language, corpus: Union[str, Path], limit: Optional[int] = None,
                    seed: int = 0) -> List[Example]:
    """Training examples of the original training mix (a .spacy DocBin).

    nlp (Language): the pipeline being fine-tuned.
    corpus (Union[str, Path]): the DocBin.
    limit (Optional[int]): a random sample of this many notes (all if None).
    seed (int): the sample's seed.
    RETURNS (List[Example]): the examples.
    """
    docs = list(DocBin().from_disk(corpus).get_docs(nlp.vocab))
    if limit is not None and limit < len(docs):
        docs = random.Random(seed).sample(docs, limit)
    return _examples(nlp, docs)[0]


def _examples(nlp: Language, docs: Sequence[Any]) -> Tuple[List[Example], int]:
    known = set(nlp.get_pipe("ner").labels)
    examples: List[Example] = []
    dropped = 0
    for doc in docs:
        kept = [ent for ent in doc.ents if ent.label_ in known]
        dropped += len(doc.ents) - len(kept)
        if len(kept) != len(doc.ents):
            doc.set_ents(kept, default="outside")
        examples.append(Example(nlp.make_doc(doc.text), doc))
    return examples, dropped


def finetune(nlp: Language, site: Sequence[Example], replay: Sequence[Example],
             settings: Optional[FinetuneSettings] = None) -> FinetuneReport:
    """Update the NER and its tok2vec in place.

    nlp (Language): an assembled pipeline (with `tok2vec` and `ner`).
    site (Sequence[Example]): the corrected notes.
    replay (Sequence[Example]): the replay sample (may be empty).
    settings (Optional[FinetuneSettings]): steps, batch sizes, rate; defaults if None.
    RETURNS (FinetuneReport): counts, settings, time and the loss per step.
    RAISES (ValueError): no corrected note, or a pipeline without `tok2vec`/`ner`.
    """
    settings = settings or FinetuneSettings()
    if not site:
        raise ValueError("no corrected note to fine-tune on")
    missing = [name for name in TRAINED_COMPONENTS if name not in nlp.pipe_names]
    if missing:
        raise ValueError(f"the pipeline has no {', '.join(missing)} component to fine-tune")
    if not 0 <= settings.site_phi_batch <= settings.site_batch:
        raise ValueError("site_phi_batch must be between 0 and site_batch")
    with_phi = [example for example in site if example.reference.ents]
    phi_batch = settings.site_phi_batch if with_phi else 0
    fix_random_seed(settings.seed)
    rng = random.Random(settings.seed)
    optimizer = Adam(settings.learn_rate, L2=0.01, grad_clip=1.0)
    report = FinetuneReport(len(site), len(replay), settings)
    start = time.perf_counter()
    site_order: List[Example] = []
    phi_order: List[Example] = []
    replay_order: List[Example] = []
    with nlp.select_pipes(enable=list(TRAINED_COMPONENTS)):
        for _ in range(settings.steps):
            batch = _draw(site_order, site, settings.site_batch - phi_batch, rng)
            if phi_batch:
                batch += _draw(phi_order, with_phi, phi_batch, rng)
            if replay and settings.replay_batch > 0:
                batch += _draw(replay_order, replay, settings.replay_batch, rng)
            losses: Dict[str, float] = {}
            nlp.update(batch, sgd=optimizer, drop=settings.dropout, losses=losses)
            report.losses.append(round(losses.get("ner", 0.0), 4))
    report.seconds = time.perf_counter() - start
    return report


def _draw(order: List[Example], pool: Sequence[Example], size: int, rng: random.Random) -> List[Example]:
    """The next `size` examples of a shuffled pass over `pool` (reshuffled when spent)."""
    batch: List[Example] = []
    while len(batch) < size:  # size 0: an empty batch
        if not order:
            order.extend(pool)
            rng.shuffle(order)
        batch.append(order.pop())
    return batch


def mark_adapted(nlp: Language, site: str, report: FinetuneReport, base: str = "") -> None:
    """Rename the pipeline `phi_deid_<site>` and say in its meta and card what it is.

    nlp (Language): the fine-tuned pipeline.
    site (str): the site's name (letters, digits and underscores).
    report (FinetuneReport): the fine-tuning's counts and settings.
    base (str): the base pipeline's name and version, for the card.
    """
    from .model_card import INTENDED_USE_EN, LIMITS_EN, TRAINING_DATA_EN, evaluation_section

    if not site or not site.replace("_", "").isalnum() or not site.isascii():
        raise ValueError("the site name must be letters, digits and underscores")
    base = base or f"{nlp.meta.get('lang', 'en')}_{nlp.meta.get('name', 'pipeline')} {nlp.meta.get('version', '')}"
    adaptation = (
        "### Adaptation\n\n"
        f"Fine-tuned from {base.strip()} on {report.site_notes} notes corrected at the site, mixed with "
        f"{report.replay_notes} notes of the original training mix ({report.settings.steps} updates). "
        "The site's notes are not in this package, but a model can memorise parts of its training "
        "text: share it only as the site's notes themselves may be shared."
    )
    nlp.meta["name"] = f"{nlp.meta.get('name', 'phi_deid')}_{site}"
    nlp.meta["description"] = f"{nlp.meta.get('description', '')} Adapted to the notes of one site ({site})."
    nlp.meta["notes"] = "\n\n".join([TRAINING_DATA_EN, adaptation, evaluation_section(False),
                                     INTENDED_USE_EN, LIMITS_EN])
    nlp.meta.pop("performance", None)  # the base NER's training scores do not describe this one
    nlp.meta["adaptation"] = report.to_dict()
