"""Memory of `spacy-phi deid` on a large JSONL input: it must stay flat
(streaming end to end), whatever the size of the input.

Run: python benchmarks/deid_memory.py [--gib 2] [--records 4000] [--model rules] [--dir /tmp]

The input is `--gib` GiB of JSONL: `--records` records, each a synthetic note
(`spacy_phi.synth`, about 200 words) plus a pass-through field ("attachment")
of filler words that makes up the size. So the whole 2 GiB go through the
reader, the JSON parser, the worker hand-off of the records' texts and the
writer, while the pipeline's time stays reasonable: the rules-only pipeline
(`--model rules`, the default; a model path may be given instead) de-identifies
the notes. The command runs as a subprocess with the default processes; the
PSS of its process tree (main process + workers) is sampled every 0.5 s and
printed at each tenth of the run, with the peak, and the peak of the first
and of the last fifth of the run (equal when memory is flat). No note text is
printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from process_stats import run_sampled  # noqa: E402
from speed_models import synthetic_notes  # noqa: E402

FILLER = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
          "et dolore magna aliqua").split()


def write_input(path: Path, n_records: int, size: int) -> int:
    """Write the JSONL; RETURNS the words of its notes."""
    notes = synthetic_notes(min(n_records, 2000))
    rng = random.Random(0)
    per_record = max(0, size // n_records - 1500)
    filler = " ".join(rng.choice(FILLER) for _ in range(per_record // 5))[:per_record]
    total_words = 0
    with open(path, "w", encoding="utf8") as handle:
        for i in range(n_records):
            text = notes[i % len(notes)]
            total_words += len(text.split())
            handle.write(json.dumps({"id": f"n{i}", "patient_id": f"p{i % 200}", "text": text,
                                     "attachment": filler}) + "\n")
    return total_words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gib", type=float, default=2.0, help="input size (GiB)")
    parser.add_argument("--records", type=int, default=4000)
    parser.add_argument("--model", default="rules")
    parser.add_argument("--dir", default=None, help="folder for the input and output (default: a temporary one)")
    args = parser.parse_args()
    print(describe_line())
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        src = Path(tmp) / "big.jsonl"
        n_words = write_input(src, args.records, int(args.gib * 2**30))
        size = src.stat().st_size
        print(f"input: {size / 2**30:.2f} GiB JSONL, {args.records:,} records "
              f"({n_words:,} note words; the rest is a pass-through field); pipeline: {args.model}; "
              f"processes: default (every core)")
        command = [sys.executable, "-m", "spacy_phi", "deid", str(src), "-o", str(Path(tmp) / "out.jsonl"),
                   "--model", args.model, "--overwrite", "--no-progress"]
        env = {**os.environ, "SPACY_PHI_SECRET": "benchmark-secret-not-for-real-use"}
        stats = run_sampled(command, env, interval=0.5)
        out_size = (Path(tmp) / "out.jsonl").stat().st_size if stats.returncode == 0 else 0
    samples = stats.samples
    print(f"exit code {stats.returncode}; wall {stats.wall:.0f} s, {n_words / stats.wall:,.0f} note words/s, "
          f"{size / 2**20 / stats.wall:,.1f} MiB/s; output {out_size / 2**30:.2f} GiB; "
          f"load {stats.load[0]:.2f}/{stats.load[1]:.2f}")
    print("PSS of the process tree over the run (MiB):")
    for tenth in range(11):
        index = min(len(samples) - 1, tenth * (len(samples) - 1) // 10)
        seconds, pss = samples[index]
        print(f"  {10 * tenth:3d} %  {seconds:7.1f} s  {pss / 2**20:8,.0f}")
    fifth = max(1, len(samples) // 5)
    # The first samples include start-up (model loading): the first fifth is taken after it.
    first = max(pss for _, pss in samples[fifth // 2 : fifth + fifth // 2])
    last = max(pss for _, pss in samples[-fifth:])
    print(f"peak {stats.peak_rss / 2**20:,.0f} MiB; peak of the early part {first / 2**20:,.0f} MiB, "
          f"of the last fifth {last / 2**20:,.0f} MiB ({100 * (last - first) / first:+.1f} %)")


if __name__ == "__main__":
    main()
