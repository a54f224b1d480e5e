"""Precision and recall of the rules-only pipeline (phi_rules + phi_known +
phi_guard + phi_merge, no NER) on an annotated corpus, per label.

Gold and predictions can be restricted to some labels (`--labels`), e.g. the
types whose written form carries over from Spanish MEDDOCAN to English rules
(e-mails, URLs, IPs, phones, IDs, numeric dates). Prints counts and scores
only, never note text.

Run:
  python benchmarks/rules_accuracy.py corpus/meddocan_dev.spacy --lang es \
      --labels EMAIL URL IPADDR PHONE FAX DATE MEDICALRECORD HEALTHPLAN ACCOUNT LICENSE IDNUM ZIP
  python benchmarks/rules_accuracy.py corpus/synth/test.spacy
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import List, Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

from spacy.tokens import Doc, DocBin, Span  # noqa: E402

from spacy_phi import rules_pipeline  # noqa: E402
from spacy_phi.converters.docs import RECORD_ID_KEY  # noqa: E402
from spacy_phi.evaluation import evaluate_docs  # noqa: E402


def keep_labels(doc: Doc, labels: Optional[Sequence[str]]) -> Doc:
    """The doc with only the entities of `labels` (all when None)."""
    if labels:
        doc.ents = [Span(doc, e.start, e.end, label=e.label_) for e in doc.ents if e.label_ in labels]
    return doc


def pct(value: Optional[float]) -> str:
    return "    n/a" if value is None else f"{value:7.2%}"


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path, help="gold DocBin (.spacy)")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--labels", nargs="*", default=None, help="restrict gold and predictions to these labels")
    parser.add_argument("--limit", type=int, default=0, help="use the first N docs only")
    args = parser.parse_args(argv)

    nlp = rules_pipeline(args.lang, surrogates=False)
    gold = list(DocBin().from_disk(args.corpus).get_docs(nlp.vocab))
    if args.limit:
        gold = gold[: args.limit]
    for i, doc in enumerate(gold):
        doc.user_data.setdefault(RECORD_ID_KEY, f"doc-{i}")
        keep_labels(doc, args.labels)

    started = time.perf_counter()
    predicted = []
    for doc, pred in zip(gold, nlp.pipe(doc.text for doc in gold)):
        pred.user_data[RECORD_ID_KEY] = doc.user_data[RECORD_ID_KEY]
        predicted.append(keep_labels(pred, args.labels))
    seconds = time.perf_counter() - started
    words = sum(len(doc.text.split()) for doc in gold)

    result = evaluate_docs(gold, predicted)
    print(describe_line())
    print(f"corpus: {args.corpus} ({len(gold)} docs, {words} words); rules-only pipeline; {seconds:.1f} s, {words / seconds:,.0f} words/s")
    if args.labels:
        print(f"labels: {' '.join(args.labels)}")
    for metric in ("strict", "token"):
        overall = result.overall["binary_token" if metric == "token" else "strict"]
        m = overall.micro
        name = "binary token" if metric == "token" else "strict entity"
        print(f"\n{name}: P {pct(m.precision)}  R {pct(m.recall)}  F1 {pct(m.f1)};  per label (P / R / F1, gold support):")
        for label, counts in sorted(result.per_label[metric].items()):
            support = counts.tp + counts.fn
            print(f"  {label:<14} {pct(counts.precision)} {pct(counts.recall)} {pct(counts.f1)}  {support:6d}")


if __name__ == "__main__":
    main()
