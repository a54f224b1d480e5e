"""The Spanish pipeline's MEDDOCAN scores with each way of writing its native output.

Run: python benchmarks/meddocan_policies.py PIPELINE [--gold assets/meddocan/dev]

PIPELINE is an assembled es_phi_deid (folder or package). One pass over the gold
texts; for each document the native output is written four ways and scored with the
MEDDOCAN measures (subtrack 1, subtrack 2 strict and merged):

- "ner": the NER's native spans alone (after `phi_native_ner`'s trimming);
- "ner_first": the pipeline's own `doc.spans["meddocan"]` (the default policy);
- "ner_first_no_authoritative": the same without the authoritative rules;
- "merged": `phi_native_labels(policy="merged")` (the union extents of phi_merge).

Prints numbers and labels only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import spacy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spacy_phi.converters.brat import read_brat  # noqa: E402
from spacy_phi.evaluation.meddocan import MeddocanDocument, meddocan_scores  # noqa: E402
from spacy_phi.native_labels import MEDDOCAN_GROUP, NATIVE_NER_GROUP, NativeLabels  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pipeline")
    parser.add_argument("--gold", type=Path, default=ROOT / "assets" / "meddocan" / "dev")
    args = parser.parse_args()
    nlp = spacy.load(args.pipeline)
    records = read_brat(args.gold)
    views = {"ner": [], "ner_first": [], "ner_first_no_authoritative": [], "merged": []}
    no_authoritative = NativeLabels(policy="ner_first", authoritative_rules=())
    merged = NativeLabels(policy="merged")
    started = time.perf_counter()
    for record, doc in zip(records, nlp.pipe((r.text for r in records), batch_size=16)):
        gold = [(s.label, s.start, s.end) for s in record.spans]

        def add(view: str, spans) -> None:
            views[view].append(MeddocanDocument(record.id, record.text, gold,
                                                [(s.label_, s.start_char, s.end_char) for s in spans]))

        add("ner", doc.spans[NATIVE_NER_GROUP])
        add("ner_first", doc.spans[MEDDOCAN_GROUP])
        add("ner_first_no_authoritative", no_authoritative(doc).spans[MEDDOCAN_GROUP])
        add("merged", merged(doc).spans[MEDDOCAN_GROUP])
    print(f"{len(records)} documents in {time.perf_counter() - started:.0f} s")
    print(f"{'native output':<28} {'ST1 P':>6} {'ST1 R':>6} {'ST1 F1':>6} {'ST2 strict F1':>13} {'ST2 merged F1':>13}")
    for view, documents in views.items():
        scores = meddocan_scores(documents)
        s1 = scores.subtrack1
        print(f"{view:<28} {100 * s1.precision:6.2f} {100 * s1.recall:6.2f} {100 * s1.f1:6.2f} "
              f"{100 * scores.subtrack2_strict.f1:13.2f} {100 * scores.subtrack2_merged.f1:13.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
