"""Accuracy of a trained or packaged pipeline on the synthetic held-out test split,
scored with the evaluation harness (`spacy_phi.evaluation.evaluate_docs`).

Run: python benchmarks/model_accuracy.py MODEL [--test corpus/synth/test.spacy]
        [--ner-only] [--output metrics/model_accuracy.json]

MODEL is a pipeline folder or an installed package (`en_phi_deid`). Prints binary
HIPAA token P/R/F1 (the seeds' headline metric), binary token and strict entity
P/R/F1, and strict entity F1 per label; with `--ner-only` the rule layer is
switched off, so the NER is scored alone. Numbers only, never note text.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Dict, List

import spacy
from spacy.tokens import Doc, DocBin

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

from spacy_phi.evaluation import evaluate_docs  # noqa: E402
from spacy_phi.evaluation.metrics import Counts  # noqa: E402
from spacy_phi.pipelines import RULE_LAYER  # noqa: E402

#: Components that are not the trained NER: off with --ner-only.
RULE_AND_OUTPUT_COMPONENTS = (*RULE_LAYER, "phi_surrogates")
HEADLINE = (("binary_token_hipaa", "binary token, i2b2 HIPAA subset"),
            ("binary_token", "binary token, all PHI"),
            ("token", "token (label must match)"),
            ("strict", "strict entity"))


def predict(nlp, gold_docs: List[Doc], batch_size: int) -> List[Doc]:
    """Run the pipeline on the gold texts; record ids (user_data) are carried over."""
    inputs = []
    for gold in gold_docs:
        doc = nlp.make_doc(gold.text)
        doc.user_data.update(gold.user_data)
        inputs.append(doc)
    return list(nlp.pipe(inputs, batch_size=batch_size))


def _pct(value) -> str:
    return "  n/a" if value is None else f"{100 * value:6.2f}"


def _line(name: str, counts: Counts) -> str:
    return (f"{name:34s} P {_pct(counts.precision)}  R {_pct(counts.recall)}  F1 {_pct(counts.f1)}"
            f"   (TP {counts.tp}, FP {counts.fp}, FN {counts.fn})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", help="pipeline folder or package name")
    parser.add_argument("--test", type=Path, default=Path("corpus/synth/test.spacy"), help="gold DocBin")
    parser.add_argument("--ner-only", action="store_true", help="switch the rule layer off: score the NER alone")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--output", type=Path, help="write the full result as JSON here")
    args = parser.parse_args()

    nlp = spacy.load(args.model)
    disabled = [name for name in RULE_AND_OUTPUT_COMPONENTS if name in nlp.pipe_names]
    if not args.ner_only:
        disabled = [name for name in disabled if name == "phi_surrogates"]  # no effect on doc.ents
    gold_docs = list(DocBin(store_user_data=True).from_disk(args.test).get_docs(nlp.vocab))
    words = sum(len(doc.text.split()) for doc in gold_docs)
    print(describe_line())
    print(f"model: {args.model} ({', '.join(n for n in nlp.pipe_names if n not in disabled)})")
    print(f"gold: {args.test}: {len(gold_docs)} notes, {words:,} words, {sum(len(d.ents) for d in gold_docs):,} PHI spans")
    start = time.perf_counter()
    with nlp.select_pipes(disable=disabled):
        predicted = predict(nlp, gold_docs, args.batch_size)
    seconds = time.perf_counter() - start
    result = evaluate_docs(gold_docs, predicted)
    print(f"prediction: {seconds:.1f} s ({words / seconds:,.0f} words/s)")
    if result.matching.gold_without_predictions or result.matching.text_mismatch:
        print(f"WARNING: matching problems: {json.dumps(result.matching.to_dict())[:300]}")
    print()
    for metric, title in HEADLINE:
        print(_line(title, result.overall[metric].micro))
    print()
    print(f"{'strict entity per label':24s} {'gold':>6s} {'P':>7s} {'R':>7s} {'F1':>7s}")
    rows: Dict[str, Counts] = result.per_label["strict"]
    for label, counts in sorted(rows.items(), key=lambda item: -(item[1].tp + item[1].fn)):
        print(f"{label:24s} {counts.tp + counts.fn:6d} {_pct(counts.precision):>7s} "
              f"{_pct(counts.recall):>7s} {_pct(counts.f1):>7s}")
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        data = result.to_dict()
        data["benchmark"] = {"model": str(args.model), "test": str(args.test), "ner_only": args.ner_only,
                             "notes": len(gold_docs), "words": words, "seconds": seconds, "hardware": describe_line()}
        args.output.write_text(json.dumps(data, indent=2) + "\n", encoding="utf8")
        print(f"\nwritten: {args.output}")


if __name__ == "__main__":
    main()
