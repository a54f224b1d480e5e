"""Adaptation to one site's notes, simulated: how precision and recall on a
site's notes grow with the number of notes a reviewer corrected, and what the
adapted model loses on the other evaluation sets.

Run: OMP_NUM_THREADS=1 python benchmarks/adaptation.py PIPELINE --replay corpus/train_mix.spacy
        [--sizes 25 50 100] [--steps 300] [--other assets/realistic_eval/test assets/aci_bench/eval]
        [--output metrics/adaptation.json]

The site is the PhysioNet deid development half (`assets/physionet_dev`, real ICU
nursing notes, GPL-2.0): its gold annotations play the reviewer (every span of
a corrected note exactly as the gold has it). Patients are shuffled with the
seed; the corrected notes are the first N notes of the first patients, and
every note of the other patients is scored, the same notes for every N, so
that a name seen in a corrected note never reappears in a scored one. Each N
fine-tunes the pipeline afresh (`spacy-phi finetune`'s code) and scores it
under the corpus's conventions (binary token P/R/F1). The adapted pipelines
are thrown away: they are never shipped. Prints figures only, never note text.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

import spacy

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

from spacy_phi.converters import Record, SourceSpan, doc_to_record, read_physionet, records_to_docs  # noqa: E402
from spacy_phi.evaluation import match_documents, score  # noqa: E402
from spacy_phi.evaluation.documents import source_from_record  # noqa: E402
from spacy_phi.evaluation.loading import load_documents, predict_with_model  # noqa: E402
from spacy_phi.models.finetune import FinetuneSettings, finetune, replay_examples, site_examples  # noqa: E402
from spacy_phi.util import blank_pipeline  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PHYSIONET = ROOT / "assets" / "physionet_dev"
OTHER_SETS = [ROOT / "assets" / "realistic_eval" / "test", ROOT / "assets" / "aci_bench" / "eval"]


def site_notes(folder: Path) -> List[Record]:
    """The half's notes with the gold mapped to our labels (offsets unchanged)."""
    records = read_physionet(folder / "id.text", folder / "id-phi.phrase")
    docs, _ = records_to_docs(records, blank_pipeline("en"), "physionet")
    return [doc_to_record(doc, i) for i, doc in enumerate(docs)]


def split_by_patient(records: Sequence[Record], corrected: int, seed: int) -> Tuple[List[Record], List[Record]]:
    """(pool of notes to correct, scored notes): whole patients on each side."""
    patients: Dict[str, List[Record]] = {}
    for record in records:
        patients.setdefault(record.id.split("_")[0], []).append(record)
    order = sorted(patients)
    random.Random(seed).shuffle(order)
    pool: List[Record] = []
    scored: List[Record] = []
    for patient in order:
        (pool if len(pool) < corrected else scored).extend(patients[patient])
    return pool, scored


#: Labels the corpus does not annotate (its conventions: ages of 89 or under, professions): a
#: reviewer following the pipeline's own conventions keeps the pipeline's spans of them.
UNANNOTATED_LABELS = ("AGE", "PROFESSION")


def reviewed(nlp: Any, records: Sequence[Record]) -> List[Record]:
    """The corrected notes a reviewer following the pipeline's conventions saves:
    the gold, plus the pipeline's AGE and PROFESSION spans that overlap no gold span."""
    out: List[Record] = []
    skipped = [name for name in ("phi_surrogates",) if name in nlp.pipe_names]
    for record, doc in zip(records, nlp.pipe((r.text for r in records), disable=skipped)):
        spans = list(record.spans)
        for ent in doc.ents:
            if ent.label_ in UNANNOTATED_LABELS and not any(
                    s.start < ent.end_char and ent.start_char < s.end for s in record.spans):
                spans.append(SourceSpan(ent.start_char, ent.end_char, ent.label_))
        out.append(Record(record.id, record.text, meta=dict(record.meta), spans=sorted(spans, key=lambda s: s.start)))
    return out


def binary(nlp: Any, gold: Sequence[Any], convention: Any = None) -> Dict[str, float]:
    """Binary token P/R/F1 (percent) of a pipeline on gold documents."""
    documents, matching = match_documents(gold, predict_with_model(nlp, gold))
    micro = score(documents, matching, convention=convention).to_dict()["overall"]["binary_token"]["micro"]
    return {key: round(100 * micro[key], 2) for key in ("precision", "recall", "f1")}


def evaluate(nlp: Any, site_gold: Sequence[Any], others: Dict[str, Sequence[Any]]) -> Dict[str, Dict[str, float]]:
    figures = {"site": binary(nlp, site_gold, "physionet")}
    for name, gold in others.items():
        figures[name] = binary(nlp, gold)
    return figures


def _set_name(path: Path) -> str:
    """A short name of an evaluation set: "realistic_eval/test" -> "realistic_eval_test"."""
    return f"{path.parent.name}_{path.stem}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pipeline", help="the assembled pipeline to adapt")
    parser.add_argument("--replay", type=Path, required=True, help="the original training mix (.spacy)")
    parser.add_argument("--replay-notes", type=int, default=2000)
    parser.add_argument("--sizes", type=int, nargs="+", default=[25, 50, 100])
    parser.add_argument("--pool", type=int, default=200,
                        help="notes set aside for correcting (whole patients), so every size is scored on the "
                             "same notes (default: 200)")
    parser.add_argument("--steps", type=int, default=FinetuneSettings.steps)
    parser.add_argument("--site-batch", type=int, default=FinetuneSettings.site_batch)
    parser.add_argument("--replay-batch", type=int, default=FinetuneSettings.replay_batch)
    parser.add_argument("--site-phi-batch", type=int, default=FinetuneSettings.site_phi_batch,
                        help="of the corrected notes of an update, how many are drawn from notes holding PHI")
    parser.add_argument("--learn-rate", type=float, default=FinetuneSettings.learn_rate)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--other", type=Path, nargs="*", default=OTHER_SETS,
                        help="other evaluation sets (markup folders or .spacy DocBins)")
    parser.add_argument("--reviewer", choices=("gold", "gold+unannotated"), default="gold",
                        help="gold: the corpus's annotations alone; gold+unannotated: plus the pipeline's AGE and "
                             "PROFESSION spans, which the corpus leaves unannotated by convention")
    parser.add_argument("--output", type=Path)
    args = parser.parse_args()

    records = site_notes(PHYSIONET)
    pool, scored = split_by_patient(records, max([args.pool, *args.sizes]), args.seed)
    site_gold = [source_from_record(r, "spacy_phi", None, "gold") for r in scored]
    others = {_set_name(path): load_documents(path, "spacy" if path.suffix == ".spacy" else "markup")
              for path in args.other}
    if args.reviewer != "gold":
        pool = reviewed(spacy.load(args.pipeline), pool)
    results: Dict[str, Any] = {"hardware": describe_line(), "scored_notes": len(scored), "pool_notes": len(pool),
                               "steps": args.steps,
                               "reviewer": args.reviewer,
                               "replay_notes": args.replay_notes, "seed": args.seed, "site_batch": args.site_batch,
                               "site_phi_batch": args.site_phi_batch,
                               "replay_batch": args.replay_batch, "learn_rate": args.learn_rate, "runs": []}
    start = time.perf_counter()
    results["base"] = evaluate(spacy.load(args.pipeline), site_gold, others)
    results["base_seconds"] = round(time.perf_counter() - start, 1)
    print(f"{len(scored)} scored notes; base: {json.dumps(results['base'])}", flush=True)
    for size in args.sizes:
        start = time.perf_counter()
        nlp = spacy.load(args.pipeline)
        site, _ = site_examples(nlp, pool[:size])
        replay = replay_examples(nlp, args.replay, args.replay_notes, args.seed)
        settings = FinetuneSettings(steps=args.steps, site_batch=args.site_batch, replay_batch=args.replay_batch,
                                    site_phi_batch=args.site_phi_batch, learn_rate=args.learn_rate, seed=args.seed)
        finetune(nlp, site, replay, settings)
        trained = time.perf_counter() - start
        figures = evaluate(nlp, site_gold, others)
        run = {"corrected_notes": size, "finetune_seconds": round(trained, 1),
               "total_seconds": round(time.perf_counter() - start, 1), **figures}
        results["runs"].append(run)
        print(json.dumps(run), flush=True)
        if args.output:
            args.output.parent.mkdir(parents=True, exist_ok=True)
            args.output.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(table(results))
    return 0


def table(results: Dict[str, Any]) -> str:
    """The figures as a Markdown table."""
    names = [name for name in results["base"] if name != "site"]
    head = "| corrected notes | site P | site R | site F1 | " + " | ".join(f"{n} F1" for n in names) + " | minutes |"
    rows = [head, "|" + "---|" * (head.count("|") - 1)]
    for run in [{"corrected_notes": 0, **results["base"]}] + results["runs"]:
        site = run["site"]
        minutes = f"{run['total_seconds'] / 60:.1f}" if "total_seconds" in run else ""
        rows.append(f"| {run['corrected_notes']} | {site['precision']} | {site['recall']} | {site['f1']} | "
                    + " | ".join(str(run[n]["f1"]) for n in names) + f" | {minutes} |")
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
