"""The lock that keeps two `spacy-phi deid` runs off the same files.

While a run lasts, every file (or output folder) it writes has a lock file
next to it, `<name>.lock`: one JSON object naming the run's process id, host
and start time. A lock is created atomically (a complete file linked into
place, which fails when one is there), before the run writes anything, and
removed when the run ends; a second run that finds one is refused
(`RunLockedError`) and writes nothing.

A lock whose process is gone (killed, `kill -9`, a power cut) is stale: a run
on the same host detects it (no process with that id, or one that started
later: the id was reused) and takes it over, with a note. A lock written on
another host cannot be checked from here and is never taken over: remove it
by hand once no run is using the files.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import stat
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from ..errors import SpacyPhiError

LOCK_SUFFIX = ".lock"
# A lock that cannot be read yet may be one being written (where links are not
# supported): only older ones are judged stale.
_UNREADABLE_GRACE_SECONDS = 30.0
# Taking over a stale lock is itself guarded by `<lock>.takeover` (held for
# microseconds); one older than this was left by a process that died holding it.
_TAKEOVER_STALE_SECONDS = 60.0
_MAX_LOCK_BYTES = 4096


class RunLockedError(SpacyPhiError):
    """Another run holds the lock of a file this run would write (names paths, pids, hosts only)."""


def lock_path(path: Path) -> Path:
    """The lock file of a written path: `<path>.lock`, in the real folder of the
    path (two names of one folder give one lock).

    path (Path): a file or folder the run writes.
    RETURNS (Path): its lock file.
    """
    folder = Path(os.path.realpath(path.expanduser().parent))
    return folder / (path.name + LOCK_SUFFIX)


def _proc_stat(pid: int) -> List[bytes]:
    """The fields of /proc/PID/stat from the state on (Linux); [] elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            line = f.read()
    except OSError:
        return []
    # The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    return line[line.rfind(b")") + 2:].split()


def _process_start(pid: int) -> Optional[str]:
    """When a process started, in clock ticks since boot (Linux); None elsewhere.
    With the pid it tells a live run from a process that reused its id."""
    fields = _proc_stat(pid)
    return fields[19].decode("ascii") if len(fields) > 19 else None


def _this_run() -> Dict[str, Any]:
    return {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "process_start": _process_start(os.getpid()),
    }


def _read(path: Path) -> Optional[bytes]:
    """The lock's bytes; None when it is gone.

    RAISES (RunLockedError): the lock path is not a regular file (opened
        without blocking, so a FIFO there cannot hang the run).
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RunLockedError(f"{path} is in the way of the run's lock and is not a regular file: remove it")
        return f.read(_MAX_LOCK_BYTES)


def _owner(raw: bytes) -> Optional[Dict[str, Any]]:
    try:
        owner = json.loads(raw.decode("utf8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return owner if isinstance(owner, dict) and isinstance(owner.get("pid"), int) else None


def _alive(owner: Dict[str, Any]) -> bool:
    """Whether the lock's process may still run (True whenever it cannot be told)."""
    if owner.get("host") != socket.gethostname() or sys.platform.startswith("win"):
        return True  # another machine; Windows has no harmless os.kill(pid, 0)
    pid = owner["pid"]
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # exists, another user's
    fields = _proc_stat(pid)
    if fields[:1] == [b"Z"]:
        return False  # killed, not yet reaped by its parent
    recorded = owner.get("process_start")
    current = fields[19].decode("ascii") if len(fields) > 19 else None
    return not (recorded and current and recorded != current)


def _describe(owner: Optional[Dict[str, Any]]) -> str:
    if owner is None:
        return "a run whose lock file cannot be read"
    return f"another run (pid {owner.get('pid')} on {owner.get('host')}, started {owner.get('started')})"


class RunLock:
    """The locks of one run's written paths.

    paths (Sequence[Path]): every file or folder the run writes (final names).
    note (Callable[[str], None]): where a taken-over stale lock is reported.
    """

    def __init__(self, paths: Sequence[Path], note: Callable[[str], None]) -> None:
        self.locks = sorted({lock_path(path): path for path in paths}.items())
        self.note = note
        self._held: List[Path] = []
        self._made_folders: List[Path] = []
        self._content = (json.dumps(_this_run()) + "\n").encode("utf8")

    def acquire(self) -> None:
        """Take every lock, or none.

        RAISES (RunLockedError): another live run holds one (the locks taken so far are released).
        RAISES (OSError): a lock cannot be created (a folder that cannot be written).
        """
        try:
            for lock, written in self.locks:
                self._acquire_one(lock, written)
                self._held.append(lock)
        except BaseException:
            self.release()
            raise

    def release(self) -> None:
        """Remove the locks this run holds (never another run's), and the
        folders made for them that nothing else was written to."""
        while self._held:
            lock = self._held.pop()
            try:
                if _read(lock) == self._content:
                    os.unlink(lock)
            except (OSError, RunLockedError):
                pass  # left behind: the next run finds it stale
        while self._made_folders:
            try:
                self._made_folders.pop().rmdir()
            except OSError:
                pass  # not empty: the run's outputs are in it

    def _make_folder(self, folder: Path) -> None:
        missing = []
        while not folder.exists() and folder.parent != folder:
            missing.append(folder)
            folder = folder.parent
        for made in reversed(missing):
            made.mkdir(exist_ok=True)
            self._made_folders.append(made)

    def _acquire_one(self, lock: Path, written: Path) -> None:
        self._make_folder(lock.parent)
        for _ in range(3):
            if self._create(lock):
                return
            raw = _read(lock)
            if raw is None:
                continue  # released meanwhile: try again
            owner = _owner(raw)
            if owner is None and time.time() - _mtime(lock) < _UNREADABLE_GRACE_SECONDS:
                stale = False
            else:
                stale = owner is None or not _alive(owner)
            if not stale:
                raise RunLockedError(
                    f"{written} is being written by {_describe(owner)}: refusing to start. Wait for that run "
                    f"to end; if it is not running any more, remove {lock}"
                )
            if self._take_over(lock, raw):
                self.note(f"took over the stale lock {lock} of {_describe(owner)}: that process is gone")
        raise RunLockedError(f"{written} is being locked by other runs at the same time: refusing to start")

    def _create(self, lock: Path) -> bool:
        """Create the lock whole, atomically; False when one is there."""
        staged = lock.with_name(f".{lock.name}.{os.getpid()}-{secrets.token_hex(4)}")
        try:
            with open(staged, "xb") as f:
                f.write(self._content)
                f.flush()
                os.fsync(f.fileno())
        except OSError as err:
            # Name the lock in the message, not the temporary file.
            raise OSError(err.errno, err.strerror, str(lock)) from None
        try:
            os.link(staged, lock)  # fails when the lock exists: no window with a half-written lock
            return True
        except FileExistsError:
            return False
        except OSError:
            # A file system without hard links: exclusive creation (a reader may see it empty for a moment).
            return self._create_exclusive(lock)
        finally:
            os.unlink(staged)

    def _create_exclusive(self, lock: Path) -> bool:
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return False
        with os.fdopen(fd, "wb") as f:
            f.write(self._content)
        return True

    def _take_over(self, lock: Path, stale: bytes) -> bool:
        """Remove a stale lock, unless another run took it over first."""
        guard = lock.with_name(lock.name + ".takeover")
        try:
            fd = os.open(guard, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            if time.time() - _mtime(guard) > _TAKEOVER_STALE_SECONDS:
                _unlink_quietly(guard)
            return False
        os.close(fd)
        try:
            # Under the guard nobody else removes a lock: still the same stale one?
            if _read(lock) != stale:
                return False
            os.unlink(lock)
            return True
        finally:
            _unlink_quietly(guard)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
