"""Peak memory of reading a CSV with an unterminated quote near the top,
against the same file without it: an unclosed quote must not make the
reader hold the rest of the file (the row bound, `--max-chars` plus 1 MiB
for the other columns, caps what a runaway row can hold).

Run: python benchmarks/csv_memory.py [--mb 160] [--quick] [--run reader|deid]
         [--quote-row 2] [--max-chars 1000000] [--n-process 1] [--pythonpath DIR] [--dir /tmp]

Two files of `--mb` MB are written: rows `id,patient_id,text` of synthetic
notes (`spacy_phi.synth`, flattened to one line, unquoted: so nothing after
the stray quote closes it), identical but for one `"` that opens the text of
row `--quote-row` and is never closed. Each file is then read in a
subprocess of its own: `--run reader` (the default) iterates
`CsvSource(...).records()` and counts the records; `--run deid` runs
`spacy-phi deid --model rules` on it. Printed per file: the peak RSS of the
subprocess (`ru_maxrss` of the largest process; with `--run deid` also the
peak PSS of its process tree, sampled), the records read and failed, the wall
time; then the ratio of the peaks and the hardware. `--quick` is a 16 MB
run. `--pythonpath` reads with another checkout of spacy_phi (e.g. an older
one, for the figure before). No note text is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from process_stats import run_sampled  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SECRET = "benchmark-secret-not-for-real-use"
#: Distinct synthetic notes; the file cycles over them.
DISTINCT_NOTES = 400

#: Runs `argv[1:]`, then prints the largest child's peak RSS (bytes) and the wall time as JSON.
_MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"rc": rc, "peak_rss": kib * 1024, "wall": time.perf_counter() - start}))
"""

#: Reads every record of a CSV (argv: path, max_chars) and writes the counts to argv[3].
_READ = """
import json, sys
from pathlib import Path
from spacy_phi.deid.inputs import CsvSource
ok = failed = 0
for record in CsvSource(Path(sys.argv[1]), max_chars=int(sys.argv[2])).records():
    if record.error is None:
        ok += 1
    else:
        failed += 1
Path(sys.argv[3]).write_text(json.dumps({"records": ok + failed, "failed": failed}))
"""


def flat_notes(n: int) -> List[str]:
    """`n` synthetic notes on one line each, with no quote and no delimiter."""
    from spacy_phi.synth import generate_notes

    notes = [note.text for note in generate_notes(n, "test", seed=16)]
    return [" ".join(text.replace('"', "'").replace(",", ";").split()) for text in notes]


def write_csv(path: Path, size: int, notes: Sequence[str], quote_row: int) -> int:
    """Write rows until the file has `size` bytes; row `quote_row` (1-based;
    0: none) opens a quote that is never closed. RETURNS the rows written."""
    written, row = 0, 0
    with open(path, "w", encoding="utf8", newline="") as handle:
        handle.write("id,patient_id,text\n")
        while written < size:
            row += 1
            quote = '"' if row == quote_row else ""
            line = f"n{row},p{row % 200},{quote}{notes[row % len(notes)]}\n"
            handle.write(line)
            written += len(line.encode("utf8"))
    return row


def measure(command: List[str], env: Dict[str, str], tree: bool) -> Dict[str, float]:
    """Peak RSS of the largest process of `command` (and, when `tree`, the
    sampled peak PSS of its process tree), exit code and wall time."""
    result = subprocess.run([sys.executable, "-c", _MEASURE, *command], env=env, capture_output=True, text=True)
    if result.returncode != 0 or not result.stdout.strip():
        sys.exit(f"the measuring process failed: {result.stderr[-2000:]}")
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    if tree:  # a second run, sampled: the PSS of the main process and its workers together
        figures["peak_pss_tree"] = run_sampled(command, env, interval=0.25).peak_rss
    return figures


def run_one(path: Path, args: argparse.Namespace, env: Dict[str, str], work: Path) -> Dict[str, float]:
    counts_path = work / f"{path.stem}.counts.json"
    if args.run == "reader":
        command = [sys.executable, "-c", _READ, str(path), str(args.max_chars), str(counts_path)]
        figures = measure(command, env, tree=False)
        figures.update(json.loads(counts_path.read_text()))
        return figures
    out = work / f"{path.stem}.out.csv"
    command = [sys.executable, "-m", "spacy_phi", "deid", str(path), "-o", str(out), "--model", "rules",
               "--n-process", str(args.n_process), "--max-chars", str(args.max_chars), "--overwrite",
               "--no-progress"]
    figures = measure(command, env, tree=args.n_process != 1)
    summary = json.loads(Path(f"{out}.summary.json").read_text())
    figures.update({"records": summary["records"], "failed": summary["records_failed"]})
    return figures


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mb", type=float, default=160.0, help="size of each file (MB, 10^6 bytes)")
    parser.add_argument("--quick", action="store_true", help="a 16 MB run")
    parser.add_argument("--run", choices=("reader", "deid"), default="reader")
    parser.add_argument("--quote-row", type=int, default=2, help="the row whose text opens the stray quote")
    parser.add_argument("--max-chars", type=int, default=1_000_000)
    parser.add_argument("--n-process", type=int, default=1, help="--run deid: worker processes")
    parser.add_argument("--pythonpath", default=str(ROOT), help="the spacy_phi checkout to measure (default: this one)")
    parser.add_argument("--dir", default=None, help="folder for the files (default: a temporary one)")
    args = parser.parse_args(argv)
    size = int((16.0 if args.quick else args.mb) * 1e6)
    env = {**os.environ, "PYTHONPATH": args.pythonpath, "SPACY_PHI_SECRET": SECRET}
    print(describe_line())
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        work = Path(tmp)
        notes = flat_notes(DISTINCT_NOTES)
        clean, broken = work / "clean.csv", work / "quote.csv"
        rows = write_csv(clean, size, notes, quote_row=0)
        write_csv(broken, size, notes, quote_row=args.quote_row)
        print(f"input: 2 CSV files of {clean.stat().st_size / 1e6:,.1f} MB, {rows:,} rows each (synthetic notes, "
              f"one line each); the second opens a quote in row {args.quote_row} that is never closed; "
              f"run: {args.run}" + (f" --model rules --n-process {args.n_process}" if args.run == "deid" else "")
              + f"; --max-chars {args.max_chars:,}; spacy_phi from {args.pythonpath}")
        results = {}
        cwd = os.getcwd()
        os.chdir(work)  # `python -c`/`-m` put the working folder first on sys.path: not a checkout
        try:
            for label, path in (("without the quote", clean), ("with the quote", broken)):
                started = time.perf_counter()
                results[label] = figures = run_one(path, args, env, work)
                tree = f", tree PSS {figures['peak_pss_tree'] / 2**20:,.0f} MiB" if "peak_pss_tree" in figures else ""
                print(f"  {label:18s} peak RSS {figures['peak_rss'] / 2**20:8,.0f} MiB{tree}; "
                      f"{figures['records']:,} records, {figures['failed']:,} failed; exit {figures['rc']}; "
                      f"{time.perf_counter() - started:,.0f} s")
        finally:
            os.chdir(cwd)
    ratio = results["with the quote"]["peak_rss"] / results["without the quote"]["peak_rss"]
    print(f"peak RSS with the quote / without: {ratio:.2f} ({100 * (ratio - 1):+.0f} %)")


if __name__ == "__main__":
    main()
