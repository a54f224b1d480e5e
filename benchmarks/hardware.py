"""Describe the machine a benchmark ran on, so every printed figure names its hardware."""

from __future__ import annotations

import os
import platform
from typing import Dict


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _memory_gib() -> str:
    try:
        with open("/proc/meminfo", encoding="utf8") as meminfo:
            kib = int(meminfo.readline().split()[1])
        return f"{kib / 2**20:.0f} GiB"
    except (OSError, ValueError, IndexError):
        return "unknown"


def _gpu() -> str:
    try:
        import torch

        if torch.cuda.is_available():
            return torch.cuda.get_device_name(0)
    except ImportError:
        pass
    return "none"


def describe() -> Dict[str, str]:
    """The CPU, cores available to this process, memory, GPU and Python version."""
    return {
        "cpu": _cpu_model(),
        "cores": str(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()),
        "memory": _memory_gib(),
        "gpu": _gpu(),
        "python": platform.python_version(),
    }


def describe_line() -> str:
    """One line for the head of a benchmark's output."""
    info = describe()
    return (
        f"hardware: {info['cpu']}, {info['cores']} cores, {info['memory']} RAM, "
        f"GPU: {info['gpu']}, Python {info['python']}"
    )
