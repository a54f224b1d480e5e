"""Guarding the input and the outputs of a run against each other.

Every file a run writes (the output, the errors file, the manifest, the
summary, the resume state, their `.partial` stages, the review folder) is
compared with the input and with each other after resolving symlinks (and,
for files that exist, by inode, which catches hard links). A run whose
outputs would replace its input, or one another, is refused before anything
is read or written.

A run only ever replaces what it writes: a regular file (or, for a folder
output, a folder). A device node, a FIFO, a socket or a folder given where a
file is written (or a file where the output folder goes) is refused, with
`--overwrite` too: replacing `/dev/null` or a FIFO by a regular file is never
what was asked.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from ..errors import SpacyPhiError
from .outputs import staging_path


class PathConflictError(SpacyPhiError):
    """Two paths of a run are the same file, or one lies inside the other (names paths only)."""


class PathKindError(PathConflictError):
    """A path the run would write holds something it must not replace (a device, a FIFO, a folder)."""


@dataclass(frozen=True)
class RunPath:
    """A path of a run.

    role (str): what it is, as the user named it ("--errors", "the input").
    path (Path): the path as given.
    is_folder (bool): a folder (what lies inside it belongs to it).
    staged (bool): also built as `<path>.partial` before its final rename.
    """

    role: str
    path: Path
    is_folder: bool = False
    staged: bool = True


def _real(path: Path) -> Path:
    # realpath resolves every symlink of the existing part of the path.
    return Path(os.path.realpath(path.expanduser()))


def _same_file(a: Path, b: Path) -> bool:
    if _real(a) == _real(b):
        return True
    try:
        return os.path.samefile(a, b)  # hard links
    except OSError:
        return False  # one of them does not exist (yet)


def _inside(path: Path, folder: Path) -> bool:
    try:
        _real(path).relative_to(_real(folder))
        return True
    except ValueError:
        return False


def _conflict(a: RunPath, b: RunPath) -> bool:
    if _same_file(a.path, b.path):
        return True
    return (a.is_folder and _inside(b.path, a.path)) or (b.is_folder and _inside(a.path, b.path))


def _expand(paths: Sequence[RunPath]) -> List[Tuple[int, RunPath]]:
    """Each path with its `.partial` stage, tagged by the index of the path it belongs to."""
    expanded: List[Tuple[int, RunPath]] = []
    for index, run_path in enumerate(paths):
        expanded.append((index, run_path))
        if run_path.staged:
            stage = RunPath(f"{run_path.role} (while running)", staging_path(run_path.path),
                            run_path.is_folder, staged=False)
            expanded.append((index, stage))
    return expanded


def check_run_paths(input_path: Optional[Path], input_is_folder: bool, written: Sequence[RunPath]) -> None:
    """Refuse a run whose written paths hit the input or one another.

    input_path (Optional[Path]): the input file or folder; None for stdin.
    input_is_folder (bool): the input is a folder.
    written (Sequence[RunPath]): every final path the run writes.
    RAISES (PathConflictError): a conflict (the message names both paths).
    """
    everything = _expand(written)
    if input_path is not None:
        source = RunPath("the input", input_path, input_is_folder, staged=False)
        for _, out in everything:
            if _conflict(source, out):
                raise PathConflictError(
                    f"{out.role} ({out.path}) would overwrite or sit inside the input ({input_path}): "
                    "refusing to start; choose another path"
                )
    for i, (first_owner, first) in enumerate(everything):
        for second_owner, second in everything[i + 1:]:
            if first_owner == second_owner:
                continue  # a path and its own stage
            if _conflict(first, second):
                raise PathConflictError(
                    f"{first.role} ({first.path}) and {second.role} ({second.path}) are the same file "
                    "(or one is inside the other): refusing to start; give them different paths"
                )


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISREG, "a regular file"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def check_replaceable(run_path: RunPath) -> None:
    """Refuse a path that holds something the run must not replace.

    run_path (RunPath): a written path; with `staged`, its `.partial` stage is checked too.
    RAISES (PathKindError): it exists and is not a regular file (for a folder:
        not a folder). A symlink is judged by what it points to; a dangling one
        is replaced like a missing file.
    """
    paths = [run_path.path] + ([staging_path(run_path.path)] if run_path.staged else [])
    for path in paths:
        try:
            mode = os.stat(path).st_mode  # follows symlinks: what writing there would reach
        except OSError:
            continue  # missing or dangling; a path that cannot be reached fails when it is opened
        fits = stat.S_ISDIR(mode) if run_path.is_folder else stat.S_ISREG(mode)
        if not fits:
            wanted = "a folder" if run_path.is_folder else "a regular file"
            hint = " (`-o -` writes to stdout)" if run_path.role == "-o/--output" and not run_path.is_folder else ""
            raise PathKindError(
                f"{run_path.role} ({path}) is {_kind(mode)}, not {wanted}: a run only replaces what it "
                f"writes, even with --overwrite; give another path{hint}"
            )
