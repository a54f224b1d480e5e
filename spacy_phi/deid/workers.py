"""Worker processes of `nlp.pipe(n_process=...)` exit when their parent dies.

spaCy starts its workers with `multiprocessing.Process` and they block on a
queue whose write end they inherited themselves: when the parent is killed
(SIGKILL, OOM killer) the read never sees end-of-file and each worker, with a
whole pipeline in memory, lives on forever. spaCy offers no worker
initialiser, so `guard_worker_processes()` hooks in where a worker starts:

- fork (Linux default up to Python 3.13): a `multiprocessing.util`
  after-fork callback, run in every child `multiprocessing` forks while the
  guard is active;
- spawn / forkserver (macOS, Windows, Linux from Python 3.14): a marker in a
  Doc extension default. spaCy pickles the extension registry into each
  worker's arguments, and unpickling the marker installs the guard there.

In the worker the guard is (each part a no-op where unsupported):

- Linux: `prctl(PR_SET_PDEATHSIG, SIGKILL)`, the kernel kills the worker
  when its parent dies. Strictly, when the parent *thread* that started it
  ends: a run handed from one thread to another after its workers started
  loses them, and the runner re-runs their records (slower, nothing lost);
- a daemon watchdog thread that exits the process when the parent's
  sentinel (a pipe end, or a handle on Windows) signals its death, or when
  `os.getppid()` changes (POSIX re-parenting).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import multiprocessing.util
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator, Optional

from spacy.tokens import Doc

#: The Doc extension whose default carries the guard to spawned workers.
GUARD_EXTENSION = "phi_deid_worker_guard"
#: How often the watchdog checks the parent (seconds).
POLL_SECONDS = 0.5
#: How long a spawned worker may take from unpickling its arguments to running (seconds).
BOOTSTRAP_WAIT_SECONDS = 60.0
#: Exit status of a worker that exits because its parent is gone.
PARENT_GONE_EXIT_CODE = 70
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>

# The pid in which the guard was installed (a forked child inherits the
# variable, so the pid, not a flag, says whether this process has one).
_guarded_pid: Optional[int] = None
_install_lock = threading.Lock()
# Active guard_worker_processes() contexts (runs may overlap in threads).
_active_runs = 0
_active_lock = threading.Lock()


def _exit_now() -> None:
    # os._exit: a normal exit would join the queue feeder threads, which can
    # block forever once the parent is gone.
    os._exit(PARENT_GONE_EXIT_CODE)


def _set_parent_death_signal() -> bool:
    """Linux only: have the kernel SIGKILL this process when its parent dies."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError, TypeError, ValueError):
        return False


def _watch_parent(os_parent_pid: int, parent_sentinel: Optional[int]) -> None:
    """Watchdog thread body: exit the process once the parent is gone."""
    sentinel = parent_sentinel
    while True:
        if sentinel is not None:
            try:
                if multiprocessing.connection.wait([sentinel], timeout=POLL_SECONDS):
                    _exit_now()
            except (OSError, ValueError, TypeError):
                sentinel = None  # unusable here: fall back to polling the parent pid
        else:
            time.sleep(POLL_SECONDS)
        if os_parent_pid > 1 and os.getppid() != os_parent_pid:
            _exit_now()


def install_parent_death_guard(expected_parent_pid: Optional[int] = None) -> bool:
    """In a worker process: exit when the parent process dies. Idempotent.

    expected_parent_pid (Optional[int]): the pid of the process that started
        this one, when it is also the OS parent (fork): if the OS parent is
        already another process, the parent died before the guard was set.
    RETURNS (bool): whether a guard was installed now.
    """
    global _guarded_pid
    with _install_lock:
        if _guarded_pid == os.getpid():
            return False
        _guarded_pid = os.getpid()
    _set_parent_death_signal()
    os_parent_pid = os.getppid()
    if expected_parent_pid is not None and os_parent_pid != expected_parent_pid:
        _exit_now()
    parent = multiprocessing.parent_process()
    sentinel = getattr(parent, "sentinel", None) if parent is not None else None
    try:
        watchdog = threading.Thread(
            target=_watch_parent, args=(os_parent_pid, sentinel), name="phi-deid-parent-watchdog", daemon=True
        )
        watchdog.start()
    except RuntimeError:  # no threads available: the death signal (Linux) is all there is
        return False
    return True


def _is_worker_of(parent_pid: int) -> bool:
    """Whether this process is a multiprocessing child of `parent_pid` (and
    not the parent itself, e.g. unpickling a copy of the marker)."""
    parent = multiprocessing.parent_process()
    return os.getpid() != parent_pid and parent is not None and parent.pid == parent_pid


def _after_fork(token: "_ForkToken") -> None:
    """The after-fork callback: runs in each child forked while the guard is active."""
    if _is_worker_of(token.parent_pid):
        install_parent_death_guard(expected_parent_pid=token.parent_pid)


class _ForkToken:
    """Keeps the after-fork callback registered while it is alive."""

    def __init__(self, parent_pid: int) -> None:
        self.parent_pid = parent_pid


def _guard_from_pickle(parent_pid: int) -> "SpawnedWorkerGuard":
    # Called when a spawned worker unpickles spaCy's extension registry. That
    # happens before multiprocessing bootstraps the worker (no parent handle
    # yet), so a thread waits for the bootstrap and then arms the guard.
    if os.getpid() != parent_pid:
        try:
            threading.Thread(
                target=_guard_after_bootstrap, args=(parent_pid,), name="phi-deid-parent-guard", daemon=True
            ).start()
        except RuntimeError:  # no threads available: nothing to do
            pass
    return SpawnedWorkerGuard(parent_pid)


def _guard_after_bootstrap(parent_pid: int) -> None:
    deadline = time.monotonic() + BOOTSTRAP_WAIT_SECONDS
    while multiprocessing.parent_process() is None:
        if time.monotonic() > deadline:
            return  # not a multiprocessing worker: leave it alone
        time.sleep(0.05)
    if _is_worker_of(parent_pid):
        try:
            install_parent_death_guard()
        except Exception:  # never break a worker over its guard
            return


class SpawnedWorkerGuard:
    """The Doc extension default that installs the guard in spawned workers.

    parent_pid (int): the pid of the process running the pipeline.
    """

    def __init__(self, parent_pid: int) -> None:
        self.parent_pid = parent_pid

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (_guard_from_pickle, (self.parent_pid,))

    def __repr__(self) -> str:
        return f"SpawnedWorkerGuard(parent_pid={self.parent_pid})"


@contextmanager
def guard_worker_processes() -> Iterator[None]:
    """While active, worker processes started by this process (spaCy's
    `nlp.pipe(n_process=...)` workers) exit when this process dies."""
    global _active_runs
    parent_pid = os.getpid()
    token = _ForkToken(parent_pid)
    multiprocessing.util.register_after_fork(token, _after_fork)
    with _active_lock:
        if _active_runs == 0 or not Doc.has_extension(GUARD_EXTENSION):
            Doc.set_extension(GUARD_EXTENSION, default=SpawnedWorkerGuard(parent_pid), force=True)
        _active_runs += 1
    try:
        yield
    finally:
        with _active_lock:
            _active_runs -= 1
            if _active_runs == 0 and Doc.has_extension(GUARD_EXTENSION):
                Doc.remove_extension(GUARD_EXTENSION)
        # The registry holds the token weakly: dropping it unregisters the callback.
        del token
