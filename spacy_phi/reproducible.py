"""Run a spaCy command (`train`, `pretrain`) with the environment pinned that
can change its results from one run or one shell to another.

    python -m spacy_phi.reproducible train configs/cnn.cfg --output training/cnn ...

runs `python -m spacy train ...` with the same interpreter, after setting:

- **one thread** for every BLAS/OpenMP library (`OMP_NUM_THREADS`,
  `OPENBLAS_NUM_THREADS`, `MKL_NUM_THREADS`, `BLIS_NUM_THREADS`,
  `VECLIB_MAXIMUM_THREADS`). A multi-threaded matrix product splits its sums
  over threads, so the rounding, and with it the trained weights, depends on
  the thread count. The CNN configs already give numpy's OpenBLAS one thread
  (`spacy_phi.CPUOps.v1`); these variables also cover a numpy built with MKL
  or Apple's Accelerate, and PyTorch (the transformer config) on a CPU.
- **`PYTHONHASHSEED=0`**: the order of Python sets and dicts of strings. spaCy
  writes the per-label scores in `meta.json` in set order, so without it the
  saved pipeline differs from run to run while its weights do not.

The variables are set whatever the calling shell has (a cluster's
`OMP_NUM_THREADS=16` would otherwise change the result). They must be set
before the libraries load, hence a child process rather than a call inside
this one. What they cannot pin is the CPU itself: BLIS, OpenBLAS and numpy
pick their kernels from the processor they run on (docs/models.md,
"Reproducing a training").
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import List, Mapping, Optional

#: Environment variables set for the child process, and their values.
PINNED_ENV = {
    "PYTHONHASHSEED": "0",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "BLIS_NUM_THREADS": "1",
    "VECLIB_MAXIMUM_THREADS": "1",
}
USAGE = "usage: python -m spacy_phi.reproducible SPACY_COMMAND [ARGS ...]  (e.g. train configs/cnn.cfg ...)"


def pinned_environment(base: Optional[Mapping[str, str]] = None) -> dict:
    """`base` (the current environment if None) with PINNED_ENV set over it."""
    env = dict(os.environ if base is None else base)
    env.update(PINNED_ENV)
    return env


def spacy_command(args: List[str]) -> List[str]:
    """The command line of `python -m spacy ARGS` with this interpreter."""
    return [sys.executable, "-m", "spacy", *args]


def main(argv: Optional[List[str]] = None) -> int:
    """Run `python -m spacy ARGV` in the pinned environment; its exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE, file=sys.stderr if not args else sys.stdout)
        return 2 if not args else 0
    return subprocess.call(spacy_command(args), env=pinned_environment())


if __name__ == "__main__":
    sys.exit(main())
