"""Speed of the foundation: the clinical tokenizer (against spaCy's default English
tokenizer) and the tokenizer followed by `phi_sentencizer`.

Run: python benchmarks/foundation_speed.py [--notes 20000]
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


def words_per_second(nlp, notes: int, tokenizer_only: bool) -> float:
    # Vary every note so the tokenizer's cache does not make the figure meaningless.
    texts = [NOTE.replace("6746781", str(6746781 + i)).replace("KYLE", f"KYLE{i % 97}") for i in range(notes)]
    words = sum(len(text.split()) for text in texts)
    run = nlp.tokenizer.pipe if tokenizer_only else nlp.pipe
    start = time.perf_counter()
    for _ in run(texts):
        pass
    return words / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=20000)
    args = parser.parse_args()
    print(describe_line())
    print(f"notes: {args.notes} synthetic notes of {len(NOTE.split())} words")
    with_sentencizer = blank_pipeline()
    with_sentencizer.add_pipe("phi_sentencizer")
    runs = (
        ("spacy_phi.ClinicalTokenizer.v1", blank_pipeline(), True),
        ("spaCy en default tokenizer", spacy.blank("en"), True),
        ("clinical tokenizer + phi_sentencizer", with_sentencizer, False),
    )
    for name, nlp, tokenizer_only in runs:
        print(f"{name:38s} {words_per_second(nlp, args.notes, tokenizer_only):>12,.0f} words/s")


if __name__ == "__main__":
    main()
