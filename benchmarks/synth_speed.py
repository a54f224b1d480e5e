"""Speed of the synthetic corpus generator (`spacy_phi.synth`), on one core.

Run: python benchmarks/synth_speed.py [--notes 2000] [--seed 0] [--corpus]

Prints notes/s and words/s for
- generation alone (`generate_note`: templates, values, spans),
- generation + tokenization + validation + Doc building (`generate_checked`,
  what `spacy-phi synth` does per note),
and with --corpus the wall time of writing the default-size corpus
(3000/500/1000 notes, .spacy and .jsonl) to a temporary folder.
No note text is printed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

from spacy_phi.synth import DEFAULT_SIZES, generate_checked, generate_note, write_corpus  # noqa: E402
from spacy_phi.util import blank_pipeline  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=2000, help="notes per measurement (default: 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--corpus", action="store_true", help="also time writing the default-size corpus")
    args = parser.parse_args()
    print(describe_line())

    generate_note(0, "train", args.seed)  # load the value lists once
    start = time.perf_counter()
    words = 0
    for index in range(args.notes):
        words += len(generate_note(index, "train", args.seed).text.split())
    seconds = time.perf_counter() - start
    print(f"generate_note       {args.notes:,} notes, {words:,} words: {args.notes / seconds:,.0f} notes/s, "
          f"{words / seconds:,.0f} words/s")

    nlp = blank_pipeline("en")
    start = time.perf_counter()
    words = 0
    for item in generate_checked(args.notes, "train", args.seed, nlp):
        words += len(item.note.text.split())
    seconds = time.perf_counter() - start
    print(f"generate_checked    {args.notes:,} notes, {words:,} words: {args.notes / seconds:,.0f} notes/s, "
          f"{words / seconds:,.0f} words/s (incl. tokenization, validation, Doc)")

    if args.corpus:
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            result = write_corpus(Path(folder), DEFAULT_SIZES, seed=args.seed)
            seconds = time.perf_counter() - start
            total = sum(DEFAULT_SIZES.values())
            words = sum(s.words for name, s in result.stats.splits.items() if name in DEFAULT_SIZES)
            print(f"write_corpus        {total:,} notes ({'/'.join(str(v) for v in DEFAULT_SIZES.values())}), "
                  f"{words:,} words, .spacy + .jsonl: {seconds:.1f} s ({total / seconds:,.0f} notes/s)")


if __name__ == "__main__":
    main()
