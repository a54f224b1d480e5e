"""CPU settings of the pipeline's models: numpy's matrix products, one BLAS thread.

Two things cost CPU time without buying anything (measured in
`benchmarks/deid_speed.py`, `docs/models.md#fast-cpu-inference`):

- **BLIS's generic kernel.** thinc's `NumpyOps` multiplies matrices with BLIS,
  which picks its kernels from the CPU model. On CPUs it does not know (the
  virtual "AMD EPYC" of our development and CI machines: `BLIS_ARCH_DEBUG=1`
  says "generic") it uses its reference kernel, 2.3× slower than numpy's
  OpenBLAS on the tok2vec's products. thinc's own `NumpyOps(use_blis=False)`
  multiplies with numpy instead. Results differ from BLIS's at the level of
  float rounding only.
- **BLAS threads.** numpy's OpenBLAS starts a thread per core and busy-waits on
  them between calls. A de-identification run already uses every core with its
  own worker processes; the extra threads only steal time from them (the NER,
  which calls numpy between small steps, ran 25–50 % slower with them).

`spacy_phi.CPUOps.v1`, the `[nlp.after_pipeline_creation]` callback of the CNN
configs, does both when the pipeline is created (so `spacy.load` of a packaged
pipeline, training and evaluation all get them): every CPU model node gets
numpy's products, and OpenBLAS gets `blas_threads` threads for the whole process
(default 1; 0 leaves it alone). `fast_cpu(nlp)` does the same for the length of
a de-identification run only, and restores both after it (`DeidRunner` uses it,
so pipelines without the callback get it too). Both are best-effort: where no
OpenBLAS is found, or the ops are not thinc's CPU `NumpyOps` (a GPU), nothing
changes.
"""

from __future__ import annotations

import ctypes
import os
import sys
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Tuple

from spacy.language import Language
from spacy.util import registry
from thinc.api import Model, NumpyOps

CALLBACK = "spacy_phi.CPUOps.v1"
# Names of OpenBLAS's thread setter/getter: plain, 64-bit-int and numpy's (scipy-openblas) builds.
_OPENBLAS_PREFIXES = ("openblas_", "scipy_openblas_")
_OPENBLAS_SUFFIXES = ("", "64_", "_64_")


def _openblas_libraries() -> List[str]:
    """Paths of the OpenBLAS libraries loaded in this process (Linux: /proc/self/maps)."""
    if not sys.platform.startswith("linux"):
        return []
    paths = []
    try:
        with open("/proc/self/maps", encoding="utf8", errors="replace") as maps:
            for line in maps:
                path = line.rstrip("\n").split(maxsplit=5)[-1]
                name = os.path.basename(path).lower()
                if "openblas" in name and ".so" in name:
                    paths.append(path)
    except OSError:
        return []
    return list(dict.fromkeys(paths))


def _thread_functions() -> List[Tuple[Callable[[], int], Callable[[int], None]]]:
    """(get, set) of each loaded OpenBLAS's thread count."""
    found = []
    for path in _openblas_libraries():
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for prefix in _OPENBLAS_PREFIXES:
            for suffix in _OPENBLAS_SUFFIXES:
                getter = getattr(library, f"{prefix}get_num_threads{suffix}", None)
                setter = getattr(library, f"{prefix}set_num_threads{suffix}", None)
                if getter is not None and setter is not None:
                    getter.restype = ctypes.c_int
                    setter.argtypes = [ctypes.c_int]
                    found.append((getter, setter))
                    break
            else:
                continue
            break
    return found


def set_blas_threads(threads: int) -> List[Tuple[Callable[[int], None], int]]:
    """Give every loaded OpenBLAS `threads` threads; returns (setter, previous
    count) pairs to restore them. Never raises over a thread setting."""
    previous: List[Tuple[Callable[[int], None], int]] = []
    for getter, setter in _thread_functions():
        try:
            count = int(getter())
            setter(threads)
        except Exception:
            continue
        previous.append((setter, count))
    return previous


def use_numpy_matmul(nlp: Language) -> List[Tuple[Any, Any]]:
    """Give every model node of `nlp` that has thinc's CPU `NumpyOps` with BLIS
    the numpy-matmul ops; returns (node, previous ops) pairs (none on a GPU)."""
    replacement = NumpyOps(use_blis=False)
    swapped: List[Tuple[Any, Any]] = []
    for _, component in nlp.components:
        model = getattr(component, "model", None)
        if not isinstance(model, Model):
            continue
        for node in model.walk():
            # Only thinc's CPU ops with BLIS on: a GPU (CupyOps) or custom ops stay.
            if type(node.ops) is NumpyOps and getattr(node.ops, "use_blis", False):
                swapped.append((node, node.ops))
                node.ops = replacement
    return swapped


@contextmanager
def fast_cpu(nlp: Language) -> Iterator[None]:
    """numpy's matrix products and one OpenBLAS thread inside the block; the
    previous ops and thread counts are restored after it."""
    threads = set_blas_threads(1)
    swapped = use_numpy_matmul(nlp)
    try:
        yield
    finally:
        for node, ops in swapped:
            node.ops = ops
        for setter, count in threads:
            try:
                setter(count)
            except Exception:
                pass


@registry.callbacks(CALLBACK)
def create_cpu_ops_callback(blas_threads: int = 1) -> Callable[[Language], Language]:
    """`[nlp.after_pipeline_creation]` callback: numpy's matrix products for
    every CPU model; OpenBLAS limited to `blas_threads` threads for the process
    (0: unchanged) when any model runs on the CPU."""

    def apply(nlp: Language) -> Language:
        if use_numpy_matmul(nlp) and blas_threads > 0:
            set_blas_threads(blas_threads)
        return nlp

    return apply


def cpu_ops_overrides(config: Dict[str, Any]) -> Dict[str, Any]:
    """Config overrides for `spacy.load` that add this callback to a saved
    pipeline without one (`{}` when it has it or another callback)."""
    if config.get("nlp", {}).get("after_pipeline_creation"):
        return {}
    return {"nlp.after_pipeline_creation": {"@callbacks": CALLBACK, "blas_threads": 1}}
