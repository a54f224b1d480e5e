"""Load on `spacy-phi serve`: requests per second and latency percentiles
(p50, p95, p99) for one note per request and for batches, next to the words
per second of `spacy-phi deid` on the same notes with as many processes.

Run: python benchmarks/service_load.py [--model PATH | --model rules] [--workers 2]
        [--clients 4] [--requests 400] [--batch 16] [--batch-requests 50]

Notes: synthetic notes of every family (`spacy_phi.synth`, invented PHI).
Pipeline: as benchmarks/deid_speed.py: `--model PATH`, `--model rules`, or by
default configs/cnn.cfg with RANDOM weights (the production architecture,
which costs what a trained pipeline of that config costs).

The server is the real command (`python -m spacy_phi serve --workers N`, no
access log) in a subprocess; `--clients` threads send requests over HTTP
keep-alive connections, each waiting for its answer before sending the
next. The clients run on the same machine and take CPU from the server:
the figures are a floor for a server with its cores to itself. Every
answer is checked (status 200, one result per note). The CLI run is
`spacy-phi deid` on a JSONL of the same notes (`--n-process` = workers):
words/s end to end (model loading included) and of its processing loop.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deid_speed import SECRET, deid_command, processing_seconds, write_jsonl  # noqa: E402
from hardware import describe_line  # noqa: E402
from process_stats import run_sampled  # noqa: E402
from speed_models import random_model, synthetic_notes, words  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(model: str, workers: int, port: int, log: Path) -> subprocess.Popen:
    """The service in a subprocess, once /health answers."""
    env = {**os.environ, "SPACY_PHI_SECRET": SECRET, "PYTHONPATH": str(ROOT)}
    env.pop("SPACY_PHI_SERVE_TOKEN", None)
    proc = subprocess.Popen([sys.executable, "-m", "spacy_phi", "serve", "--model", model, "--port", str(port),
                             "--workers", str(workers), "--no-access-log", "--max-batch", "1000"],
                            stdout=open(log, "wb"), stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return proc
        except OSError:
            pass
        time.sleep(0.5)
    proc.terminate()
    raise SystemExit("the server did not answer /health in 600 s")


class Client:
    """One keep-alive connection per thread."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.local = threading.local()

    def post(self, body: Dict[str, object]) -> Tuple[float, Dict[str, object]]:
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = self.local.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        payload = json.dumps(body).encode("utf8")
        begun = time.perf_counter()
        connection.request("POST", "/deidentify", body=payload, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        seconds = time.perf_counter() - begun
        if response.status != 200:
            raise SystemExit(f"status {response.status}: {answer.get('error', {}).get('code')}")
        return seconds, answer


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def load(client: Client, bodies: List[Dict[str, object]], clients: int) -> Tuple[float, List[float]]:
    """Send every body, `clients` at a time; (wall seconds, latencies)."""
    begun = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        answers = list(pool.map(client.post, bodies))
    wall = time.perf_counter() - begun
    for body, (_, answer) in zip(bodies, answers):
        expected = len(body["records"]) if "records" in body else 1  # type: ignore[arg-type]
        got = len(answer["records"]) if "records" in answer else 1  # type: ignore[arg-type]
        assert got == expected and "text" in (answer["records"][0] if "records" in answer else answer)  # type: ignore
    return wall, [seconds for seconds, _ in answers]


def show(label: str, wall: float, latencies: List[float], n_requests: int, texts: List[str]) -> None:
    ms = [1000 * s for s in latencies]
    print(f"{label:34s} {n_requests / wall:>8.1f} {len(texts) / wall:>8.1f} {words(texts) / wall:>9,.0f} "
          f"{percentile(ms, 50):>8.0f} {percentile(ms, 95):>8.0f} {percentile(ms, 99):>8.0f} "
          f"{statistics.mean(ms):>8.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default=None, help="pipeline path, or 'rules' (default: random-weight cnn.cfg)")
    parser.add_argument("--workers", type=int, default=2, help="server worker processes (and CLI --n-process)")
    parser.add_argument("--clients", type=int, default=4, help="concurrent client connections")
    parser.add_argument("--requests", type=int, default=400, help="single-note requests")
    parser.add_argument("--batch", type=int, default=16, help="notes per batch request")
    parser.add_argument("--batch-requests", type=int, default=50, help="batch requests")
    args = parser.parse_args()
    print(describe_line())
    n_notes = max(args.requests, args.batch * args.batch_requests)
    texts = synthetic_notes(n_notes)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        model, described = args.model, args.model
        if model is None:
            model = str(folder / "model")
            random_model().to_disk(model)
            described = "configs/cnn.cfg, RANDOM weights (production architecture; a trained one costs the same)"
        print(f"pipeline: {described}")
        print(f"notes: {n_notes:,} synthetic notes, {words(texts) / len(texts):.0f} words per note on average; "
              f"server: {args.workers} worker process(es); clients: {args.clients} keep-alive connections "
              "on the same machine")
        port = _free_port()
        server = start_server(model, args.workers, port, folder / "server.log")
        try:
            client = Client(port)
            warm = [{"text": text} for text in texts[: 4 * args.clients]]
            load(client, warm, args.clients)  # every worker and connection warmed up
            print(f"\n{'requests':34s} {'req/s':>8s} {'notes/s':>8s} {'words/s':>9s} {'p50 ms':>8s} {'p95 ms':>8s} "
                  f"{'p99 ms':>8s} {'mean ms':>8s}")
            singles = texts[: args.requests]
            wall, latencies = load(client, [{"text": text} for text in singles], args.clients)
            show(f"one note per request ({args.requests})", wall, latencies, args.requests, singles)
            batches = [texts[i * args.batch:(i + 1) * args.batch] for i in range(args.batch_requests)]
            bodies = [{"records": [{"text": text, "id": f"n{j}"} for j, text in enumerate(batch)]}
                      for batch in batches]
            wall, latencies = load(client, bodies, args.clients)
            show(f"{args.batch} notes per request ({args.batch_requests})", wall, latencies, args.batch_requests,
                 [text for batch in batches for text in batch])
        finally:
            server.terminate()
            server.wait(timeout=60)
        source = folder / "notes.jsonl"
        write_jsonl(source, texts)
        env = {**os.environ, "SPACY_PHI_SECRET": SECRET, "PYTHONPATH": str(ROOT)}
        stats = run_sampled(deid_command(source, folder / "out.jsonl", model, args.workers), env)
        loop = processing_seconds(folder / "out.jsonl.summary.json")
        print(f"\nspacy-phi deid --n-process {args.workers} on the {n_notes:,} notes: "
              f"{words(texts) / stats.wall:,.0f} words/s end to end ({stats.wall:.1f} s, model loading included), "
              f"{words(texts) / loop:,.0f} words/s in its processing loop")


if __name__ == "__main__":
    main()
