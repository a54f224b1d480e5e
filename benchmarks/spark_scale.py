"""Scaling of `spacy-phi deid --engine spark` on one machine: words/s with 1
and 2 local executor cores (`local[1]`, `local[2]`) next to the local CLI
with one process (`--n-process 1`) on the same notes, and the per-executor
overhead (pipeline load time and peak RSS of each executor Python process).

Run: python benchmarks/spark_scale.py [--notes 20000] [--model rules | --model PATH]
        [--masters local[1] local[2]] [--partitions-per-core 4]

Notes: synthetic notes of every family (`spacy_phi.synth`, test split),
written as JSONL with ids and 200 patient keys (`speed_models.jsonl_records`).
Each run is a subprocess: the local CLI (`python -m spacy_phi deid`), or a
script that starts a SparkSession on the master, runs the engine of
`spacy-phi deid --engine spark` (`SparkDeidJob`) and then asks every executor
Python process for its `process_stats()` (pipeline load seconds, peak RSS).
Printed per run: words/s over the whole run (start-up, JVM and model loading
included) and over the job alone (the local CLI: its processing loop; Spark:
the engine's whole job, i.e. the row-numbering pass, the shuffle, pipeline
loading in each executor, de-identification and writing), wall time, CPU
seconds and peak RSS of the process tree as `process_stats` sees it, the load
average before/after, and per executor Python process its pipeline load
time, CPU seconds and peak RSS, plus the JVM's CPU seconds. The figures are
only comparable on an idle machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from process_stats import RunStats, run_sampled  # noqa: E402
from speed_models import jsonl_records, synthetic_notes, words  # noqa: E402

SECRET = "benchmark-secret-not-for-real-use"
SPARK_SCRIPT = r"""
import json, os, sys, time
from pyspark.sql import SparkSession
master, src, out, model, partitions, report = sys.argv[1:7]
spark = (SparkSession.builder.master(master).config("spark.ui.enabled", "false")
         .config("spark.ui.showConsoleProgress", "false").getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
from spacy_phi.deid import DeidOptions
from spacy_phi.spark.job import SparkDeidJob
options = DeidOptions(model=model, overwrite=True, progress=False)
start = time.perf_counter()
SparkDeidJob(src, out, options, partitions=int(partitions), spark=spark).run()
job = time.perf_counter() - start

def stats(batches):
    import pandas as pd
    from spacy_phi.spark.executor import process_stats
    for _ in batches:
        s = process_stats()
        yield pd.DataFrame([{"pid": s["pid"], "load": sum(s["load_seconds"].values()), "cpu": s["cpu_seconds"],
                             "rss": s["max_rss_mb"]}])

n = 16 * spark.sparkContext.defaultParallelism
rows = spark.range(n).repartition(n).mapInPandas(stats, "pid long, load double, cpu double, rss double").collect()
workers = {r["pid"]: (r["load"], r["cpu"], r["rss"]) for r in rows if r["load"] > 0}
with open(f"/proc/{spark.sparkContext._gateway.proc.pid}/stat") as f:  # the JVM's own CPU time
    fields = f.read().rsplit(")", 1)[1].split()
jvm_cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
with open(report, "w") as f:
    json.dump({"job_seconds": job, "executors": list(workers.values()), "jvm_cpu": jvm_cpu}, f)
"""


def show(label: str, stats: RunStats, n_words: int, job_seconds: float, executors: str) -> None:
    print(f"{label:22s} {n_words / stats.wall:>9,.0f} {n_words / job_seconds:>9,.0f} {stats.wall:>8.1f} "
          f"{stats.cpu:>8.1f} {stats.peak_rss / 2**20:>9,.0f} {stats.load[0]:>5.2f}/{stats.load[1]:<5.2f} "
          f"{executors}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--notes", type=int, default=20000)
    parser.add_argument("--model", default="rules", help="pipeline name or path, or 'rules' (default)")
    parser.add_argument("--masters", nargs="+", default=["local[1]", "local[2]"])
    parser.add_argument("--partitions-per-core", type=int, default=4)
    args = parser.parse_args()

    texts = synthetic_notes(min(args.notes, 2000))
    print(describe_line())
    env = {**os.environ, "SPACY_PHI_SECRET": SECRET}
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "notes.jsonl"
        with open(src, "w", encoding="utf8") as handle:
            handle.writelines(jsonl_records(texts, args.notes))
        all_texts = [json.loads(line)["text"] for line in src.read_text(encoding="utf8").splitlines()]
        n_words = words(all_texts)
        print(f"{args.notes:,} notes, {n_words:,} words; model {args.model}")
        print(f"{'run':22s} {'words/s':>9s} {'job w/s':>9s} {'wall s':>8s} {'cpu s':>8s} {'peak MB':>9s} "
              f"{'load b/a':>11s} executor processes (pipeline load s, CPU s, peak RSS MB)")
        out = Path(tmp) / "local.jsonl"
        local = run_sampled([sys.executable, "-m", "spacy_phi", "deid", str(src), "-o", str(out), "--model",
                             args.model, "--n-process", "1", "--overwrite", "--no-progress"], env=env)
        seconds = float(json.loads(Path(f"{out}.summary.json").read_text())["seconds"])
        show("local CLI, 1 process", local, n_words, seconds, "-")
        results: Dict[str, float] = {"local": n_words / seconds}
        for master in args.masters:
            cores = int(master[master.index("[") + 1 : -1]) if "[" in master else 1
            report = Path(tmp) / "report.json"
            stats = run_sampled([sys.executable, "-c", SPARK_SCRIPT, master, str(src), str(Path(tmp) / "spark"),
                                 args.model, str(args.partitions_per_core * cores), str(report)], env=env)
            if stats.returncode != 0:
                print(f"{'spark ' + master:22s} failed (exit {stats.returncode})")
                continue
            data = json.loads(report.read_text())
            executors = ", ".join(f"({load:.1f} s, {cpu:.0f} cpu s, {rss:,.0f} MB)"
                                  for load, cpu, rss in data["executors"]) + f"; JVM {data['jvm_cpu']:.0f} cpu s"
            show(f"spark {master}", stats, n_words, data["job_seconds"], executors)
            results[master] = n_words / data["job_seconds"]
        keys: List[str] = [m for m in args.masters if m in results]
        if len(keys) >= 2:
            print(f"speed-up {keys[0]} -> {keys[-1]} (job words/s): {results[keys[-1]] / results[keys[0]]:.2f}x")
        if keys:
            print(f"spark {keys[0]} vs local CLI (job words/s): {results[keys[0]] / results['local']:.2f}x")


if __name__ == "__main__":
    main()
