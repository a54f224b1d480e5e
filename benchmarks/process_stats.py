"""Run a command and sample its process tree: wall time, CPU time, memory over
time (PSS summed over the process and its children, Linux /proc: a forked
worker's pages shared with its parent are counted once). Used by
`deid_speed.py` and `deid_memory.py`."""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _children(pid: int) -> List[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as handle:
            return [int(p) for p in handle.read().split()]
    except OSError:
        return []


def _rss(pid: int) -> int:
    """The proportional set size (PSS: shared pages divided among the processes
    sharing them, so forked workers' shared model is not counted twice), else RSS."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


def tree_rss(pid: int) -> Tuple[int, int]:
    """(PSS of the process and all its descendants, number of processes)."""
    total, count, stack = 0, 0, [pid]
    while stack:
        current = stack.pop()
        total += _rss(current)
        count += 1
        stack.extend(_children(current))
    return total, count


@dataclass
class RunStats:
    returncode: int
    wall: float
    cpu: float
    peak_rss: int
    peak_processes: int
    samples: List[Tuple[float, int]] = field(default_factory=list)
    load: Tuple[float, float] = (0.0, 0.0)


def run_sampled(args: Sequence[str], env: Optional[Dict[str, str]] = None, interval: float = 0.25,
                stdout: Optional[str] = None) -> RunStats:
    """Run `args`, sampling the RSS of its process tree every `interval` seconds.

    RETURNS (RunStats): wall and CPU seconds (children's user + system),
        peak RSS (bytes, summed over the tree), samples (seconds, bytes),
        load average (1 min) before and after.
    """
    load_before = os.getloadavg()[0]
    before = os.times()
    start = time.perf_counter()
    out = open(stdout, "wb") if stdout else subprocess.DEVNULL
    try:
        process = subprocess.Popen(list(args), env=env, stdout=out, stderr=subprocess.PIPE)
        samples, peak, peak_n = [], 0, 0
        while process.poll() is None:
            rss, n = tree_rss(process.pid)
            samples.append((time.perf_counter() - start, rss))
            peak, peak_n = max(peak, rss), max(peak_n, n)
            time.sleep(interval)
        stderr = process.stderr.read() if process.stderr else b""
    finally:
        if stdout:
            out.close()
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    if process.returncode != 0:
        # Our commands print no note text on stderr; show its end to explain the failure.
        print(stderr.decode("utf8", errors="replace")[-2000:])
    return RunStats(process.returncode, wall, cpu, peak, peak_n, samples, (load_before, os.getloadavg()[0]))
