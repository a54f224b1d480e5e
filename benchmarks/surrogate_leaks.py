"""Surrogate replacement on real annotated notes: leaks, masked dates, speed.

Takes the gold PHI of the MEDDOCAN corpus shipped in assets/ (real Spanish clinical
case reports, real annotation layout) as if detection were perfect, runs
`phi_surrogates` over it, and checks with the evaluation harness whether any gold
PHI string survives in the de-identified text. Prints counts only, never text.

Run: python benchmarks/surrogate_leaks.py [--split dev] [--mode surrogate]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

from spacy_phi.converters import read_brat, records_to_docs  # noqa: E402
from spacy_phi.evaluation import LeakDocument, leak_report  # noqa: E402
from spacy_phi.util import blank_pipeline  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", default="dev", choices=("train", "dev"))
    parser.add_argument("--mode", default="surrogate", choices=("surrogate", "mask", "tag", "redact"))
    parser.add_argument("--age-mode", default="hipaa", choices=("hipaa", "strict"), help="hipaa keeps ages <= 89")
    args = parser.parse_args()
    os.environ.setdefault("SPACY_PHI_SECRET", "benchmark-secret")

    nlp = blank_pipeline("es")
    surrogates = nlp.add_pipe("phi_surrogates", config={"default_mode": args.mode, "age_mode": args.age_mode})
    records = read_brat(ROOT / "assets" / "meddocan" / args.split)
    docs, _ = records_to_docs(records, nlp, "meddocan")
    words = sum(len(doc.text.split()) for doc in docs)

    started = time.perf_counter()
    docs = [surrogates(doc) for doc in docs]
    seconds = time.perf_counter() - started

    stats: Counter = Counter()
    for doc in docs:
        stats.update(doc._.phi_surrogate_stats)
    report = leak_report(
        LeakDocument(
            id=str(doc.user_data.get("phi_record_id")),
            original_text=doc.text,
            deid_text=doc._.deidentified,
            offset_map=doc._.phi_offset_map,
            gold=[(ent.start_char, ent.end_char, ent.label_) for ent in doc.ents],
        )
        for doc in docs
    )
    total = report.total()
    print(describe_line())
    print(f"MEDDOCAN {args.split}: {len(docs)} notes, {words} words, {stats['spans']} gold PHI spans, mode {args.mode}, age mode {args.age_mode}")
    print(f"speed: {len(docs) / seconds:,.0f} notes/s, {words / seconds:,.0f} words/s, {stats['spans'] / seconds:,.0f} spans/s")
    print("actions: " + ", ".join(f"{key} {stats[key]}" for key in ("surrogate", "mask", "tag", "redact", "keep")))
    print(f"unparseable dates masked: {stats['unparseable_dates_masked']}; failures masked: {stats['failures_masked']}")
    print(f"offset maps inconsistent with the output: {len(report.inconsistent_maps)}")
    print(
        f"leaks: {total['leaked']} of {total['checked']} checked spans "
        f"(in place {total['leaked_in_place']}, anywhere {total['leaked_anywhere']}; "
        f"{total['skipped_short']} spans under 2 characters not checked)"
    )
    for label, row in sorted(report.per_label.items()):
        if row["leaked"]:
            print(f"  {label:14s} leaked {row['leaked']:4d} / {row['checked']}")


if __name__ == "__main__":
    main()
