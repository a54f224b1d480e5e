"""Speed of the clinical tokenizer against spaCy's default English tokenizer.

Run: python benchmarks/tokenizer_speed.py [--notes 2000]
Prints words/s for each, over synthetic glued clinical text (no real notes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import spacy

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

from spacy_phi.util import blank_pipeline  # noqa: E402

NOTE = (
    "DISCHARGE SUMMARY\nPatient: KYLE CHANEY MRN:6746781 DOB 09/14/2067\n"
    "Seen by Dr. WhalenChief complaint: a26 yo man with CAD s/p CABG, on aspirin 81 mg p.o. q.d.\n"
    "Phone 617-555-1212x557, email k.chaney@bdd.com. BP 120/80, Na 138. "
    "F/u 10/6/2098SOS with Results02/20/2087.\n\n"
)


def words_per_second(nlp, notes) -> float:
    # Vary every note so the tokenizer's cache does not make the figure meaningless.
    texts = [NOTE.replace("6746781", str(6746781 + i)).replace("KYLE", f"KYLE{i % 97}") for i in range(notes)]
    words = sum(len(text.split()) for text in texts)
    start = time.perf_counter()
    for _ in nlp.tokenizer.pipe(texts):
        pass
    return words / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=20000)
    args = parser.parse_args()
    print(describe_line())
    print(f"notes: {args.notes} synthetic notes of {len(NOTE.split())} words")
    for name, nlp in (("spacy_phi.ClinicalTokenizer.v1", blank_pipeline()), ("spaCy en default", spacy.blank("en"))):
        print(f"{name:32s} {words_per_second(nlp, args.notes):>12,.0f} words/s")


if __name__ == "__main__":
    main()
