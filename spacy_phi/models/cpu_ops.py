"""`spacy_phi.CPUOps.v1`: the pipeline's matrix products through numpy's BLAS.

thinc's `NumpyOps` multiplies matrices with BLIS, which picks its kernels from
the CPU model. On CPUs it does not know (the virtual "AMD EPYC" of our
development and CI machines) it falls back to its generic reference kernel,
2.3× slower than numpy's OpenBLAS on the tok2vec's products (`docs/results.md`).
`NumpyOps(use_blis=False)` is thinc's own switch to numpy's `matmul`; this
callback gives it to every model of the pipeline when it runs on the CPU.

OpenBLAS starts one thread per core for each product. A de-identification job
already runs one process per core, and threads spinning beside them cost more
CPU than they save, so the callback also limits numpy's BLAS to `blas_threads`
threads (threadpoolctl; process-wide; 0 leaves the BLAS settings alone).

Configs name it in `[nlp.after_pipeline_creation]`, so `spacy.load` of a
packaged pipeline applies it; `assemble_pipeline` adds it to pipelines trained
without it.
"""

from __future__ import annotations

from typing import Any, Callable, Dict

from spacy.language import Language
from spacy.util import registry
from thinc.api import Model, NumpyOps, get_current_ops

CALLBACK = "spacy_phi.CPUOps.v1"


def use_numpy_matmul(nlp: Language) -> int:
    """Give every CPU model node of `nlp` thinc's numpy-matmul ops; returns how
    many nodes changed (0 on a GPU)."""
    if not isinstance(get_current_ops(), NumpyOps):
        return 0
    ops = NumpyOps(use_blis=False)
    changed = 0
    for _, component in nlp.components:
        model = getattr(component, "model", None)
        if not isinstance(model, Model):
            continue
        for node in model.walk():
            if type(node.ops) is NumpyOps and node.ops.use_blis:
                node.ops = ops
                changed += 1
    return changed


def limit_blas_threads(threads: int) -> None:
    """At most `threads` threads for numpy's BLAS in this process (0: unchanged)."""
    if threads <= 0:
        return
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=threads, user_api="blas")


@registry.callbacks(CALLBACK)
def create_cpu_ops_callback(blas_threads: int = 1) -> Callable[[Language], Language]:
    """`[nlp.after_pipeline_creation]` callback: numpy matmul for every model,
    numpy's BLAS limited to `blas_threads` threads (0: unchanged)."""

    def apply(nlp: Language) -> Language:
        if use_numpy_matmul(nlp):
            limit_blas_threads(blas_threads)
        return nlp

    return apply


def cpu_ops_overrides(config: Dict[str, Any]) -> Dict[str, Any]:
    """Config overrides for `spacy.load` that add this callback to a saved
    pipeline without one (`{}` when it has it or another callback)."""
    if config.get("nlp", {}).get("after_pipeline_creation"):
        return {}
    return {"nlp.after_pipeline_creation": {"@callbacks": CALLBACK, "blas_threads": 1}}
