"""CPU settings of a de-identification run (measured in benchmarks/deid_speed.py).

Two things cost time on a CPU without buying anything:

- **BLAS threads.** numpy's OpenBLAS starts a thread per core and busy-waits
  on them between calls. A run already uses every core with its own worker
  processes; the extra threads only steal time from them (the NER, which
  calls numpy between its own small steps, ran 25-50 % slower with them).
  `single_threaded_blas()` sets OpenBLAS to one thread for the run, and back.
- **Matrix products of the tok2vec.** thinc's `NumpyOps` multiplies with BLIS
  by default; on the AMD EPYC we measured, OpenBLAS (numpy's) does the
  tok2vec's products 2-3 times faster. `numpy_gemm()` gives the tok2vec's
  layers thinc's own `NumpyOps(use_blis=False)` for the run (then restores
  them). The NER keeps BLIS: it was not faster with OpenBLAS. The weights are
  not touched; results differ from BLIS's at the level of float rounding only
  (benchmarks/detection_identity.py checks the predicted spans stay the same).

Both are best-effort: where no OpenBLAS is found, or the ops are not thinc's
CPU `NumpyOps` (a GPU run), nothing changes.
"""

from __future__ import annotations

import ctypes
import os
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator, List, Optional, Tuple

from spacy.language import Language

#: Components whose models get `NumpyOps(use_blis=False)` (see module docstring).
NUMPY_GEMM_COMPONENTS = ("tok2vec",)
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


@contextmanager
def single_threaded_blas() -> Iterator[None]:
    """OpenBLAS uses one thread inside the block (and its previous count after)."""
    previous: List[Tuple[Callable[[int], None], int]] = []
    for getter, setter in _thread_functions():
        try:
            count = int(getter())
            setter(1)
        except Exception:  # never fail a run over a thread setting
            continue
        previous.append((setter, count))
    try:
        yield
    finally:
        for setter, count in previous:
            try:
                setter(count)
            except Exception:
                pass


def _numpy_ops_without_blis() -> Optional[Any]:
    try:
        from thinc.api import NumpyOps

        return NumpyOps(use_blis=False)
    except Exception:  # an older thinc without the option
        return None


@contextmanager
def numpy_gemm(nlp: Language) -> Iterator[None]:
    """The tok2vec layers multiply with numpy (OpenBLAS) instead of BLIS inside
    the block; the previous ops are restored after it."""
    from thinc.api import NumpyOps

    replacement = _numpy_ops_without_blis()
    swapped: List[Tuple[Any, Any]] = []
    if replacement is not None:
        for name, proc in nlp.pipeline:
            model = getattr(proc, "model", None)
            if name not in NUMPY_GEMM_COMPONENTS or not hasattr(model, "walk"):
                continue
            for node in model.walk():
                # Only thinc's CPU ops with BLIS on: a GPU (CupyOps) or custom ops stay.
                if type(node.ops) is NumpyOps and getattr(node.ops, "use_blis", False):
                    swapped.append((node, node.ops))
                    node.ops = replacement
    try:
        yield
    finally:
        for node, ops in swapped:
            node.ops = ops


@contextmanager
def fast_cpu(nlp: Language) -> Iterator[None]:
    """Both settings of this module, for the duration of a run."""
    with single_threaded_blas(), numpy_gemm(nlp):
        yield
