"""Make packages/dist installable on a machine with no network: build the spacy_phi
wheel next to the en_phi_deid wheel, and write the list of dependency wheels to
fetch there with `pip download` (pinned to the versions installed here).

    python scripts/offline_wheels.py packages/dist

Then, on a machine with internet (same OS, CPU architecture and Python as the target):

    pip download --only-binary=:all: -r packages/dist/REQUIREMENTS-offline.txt -d packages/dist

and on the target: `pip install --no-index --find-links packages/dist en_phi_deid`.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import InvalidWheelFilename, canonicalize_name, parse_wheel_filename
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS_NAME = "REQUIREMENTS-offline.txt"
# PyPI's Linux torch wheel depends on several GB of CUDA packages; this index has
# the CPU build (a higher version, 2.13.0+cpu, so pip prefers it when reachable).
TORCH_CPU_INDEX = "https://download.pytorch.org/whl/cpu"
# The extras of spacy_phi whose wheels the offline set holds too: the container image
# installs spacy_phi[serve] from it (Dockerfile).
OFFLINE_EXTRAS = ("serve",)
# The files a wheel of spacy_phi is built from (a clean copy: a stale build/ folder
# in the checkout would put deleted files into the wheel).
SOURCE_FILES = ("setup.cfg", "pyproject.toml", "README.md", "LICENSE")


def build_spacy_phi_wheel(dist: Path, source: Path = ROOT) -> Path:
    """Build the spacy_phi wheel from a clean copy of the sources into `dist`.

    dist (Path): the output folder (created if missing).
    source (Path): the repository root.
    RETURNS (Path): the wheel.
    """
    dist.mkdir(parents=True, exist_ok=True)
    for old in dist.glob("spacy_phi-*.whl"):
        old.unlink()
    # Without build isolation when the installed setuptools builds wheels itself
    # (>= 70.1): then no network is needed.
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("setuptools.command.bdist_wheel") else []
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "src"
        copy.mkdir()
        for name in SOURCE_FILES:
            shutil.copy2(source / name, copy / name)
        shutil.copytree(source / "spacy_phi", copy / "spacy_phi",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *isolation,
                        "--wheel-dir", str(dist.resolve()), str(copy)], check=True)
    (wheel,) = dist.glob("spacy_phi-*.whl")
    return wheel


def wheel_requirements(wheel: Path) -> Tuple[str, List[Requirement]]:
    """The project name and the Requires-Dist lines of a wheel's METADATA."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(name).decode("utf-8")
    project, requirements = "", []
    for line in metadata.splitlines():
        if not line.strip():
            break  # the headers end at the first blank line
        if line.startswith("Name:"):
            project = line.split(":", 1)[1].strip()
        elif line.startswith("Requires-Dist:"):
            requirements.append(Requirement(line.split(":", 1)[1].strip()))
    return project, requirements


def _applies(requirement: Requirement, extras: Iterable[str]) -> bool:
    """Whether a requirement's marker holds here, for any of the given extras."""
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in (*extras, ""))


def pinned_closure(roots: Sequence[Requirement], exclude: Set[str],
                   extras: Tuple[str, ...] = ()) -> Tuple[Dict[str, str], List[str]]:
    """Every distribution the roots need, with its installed version.

    roots (Sequence[Requirement]): the requirements to start from.
    exclude (Set[str]): canonical names not to list (the wheels already in dist).
    extras (Tuple[str, ...]): extras of the roots' project to include too.
    RETURNS (Tuple[Dict[str, str], List[str]]): installed versions by project name,
        and the requirements that are not installed here.
    """
    versions: Dict[str, str] = {}
    missing: List[str] = []
    seen: Set[Tuple[str, Tuple[str, ...]]] = set()
    queue: List[Tuple[Requirement, Tuple[str, ...]]] = [(r, extras) for r in roots]
    while queue:
        requirement, parent_extras = queue.pop()
        if not _applies(requirement, parent_extras):
            continue
        name = canonicalize_name(requirement.name)
        extras = tuple(sorted(requirement.extras))
        if name in exclude or (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            dist = distribution(requirement.name)
        except PackageNotFoundError:
            missing.append(str(requirement))
            continue
        versions[dist.metadata["Name"]] = dist.version
        for line in dist.requires or []:
            queue.append((Requirement(line), extras))
    return versions, missing


def requirements_text(wheels: Sequence[Path]) -> str:
    """The REQUIREMENTS-offline.txt for the wheels (dependencies pinned, wheels excluded)."""
    names, roots, built = set(), [], []
    for wheel in wheels:
        project, requirements = wheel_requirements(wheel)
        names.add(canonicalize_name(project))
        roots.extend(requirements)
        built.append(wheel.name)
    versions, missing = pinned_closure(roots, names, OFFLINE_EXTRAS)
    lines = [
        f"# Dependency wheels of {', '.join(sorted(built))},",
        f"# pinned to the versions installed where they were built (Python {sys.version_info.major}."
        f"{sys.version_info.minor}, {sys.platform}).",
        "# On a machine with internet, same OS, CPU architecture and Python version as the target:",
        f"#   pip download --only-binary=:all: -r {REQUIREMENTS_NAME} -d DIST",
        "# then, with no network: pip install --no-index --find-links DIST en_phi_deid",
        f"# (the wheels of the extras {', '.join(OFFLINE_EXTRAS)} are listed too: the container image needs them)",
        "# torch: the CPU build, from PyTorch's CPU index (PyPI's Linux torch wheel pulls GBs of",
        "# CUDA packages; for a GPU, drop this index line and take the CUDA build).",
        f"--extra-index-url {TORCH_CPU_INDEX}",
    ]
    for project in sorted(versions, key=str.lower):
        # A local label (2.13.0+cpu) names a build, not a release: pin the release and let
        # the index line above pick the build.
        lines.append(f"{project}=={Version(versions[project]).public}")
    for requirement in missing:
        lines.append(f"# not installed here, not pinned: {requirement}")
        lines.append(requirement)
    return "\n".join(lines) + "\n"


def our_wheels(dist: Path) -> List[Path]:
    """The spacy_phi wheel and the pipeline wheels that require it (not the
    dependency wheels `pip download` may have put into the same folder)."""
    ours = []
    for wheel in sorted(dist.glob("*.whl")):
        project, requirements = wheel_requirements(wheel)
        if canonicalize_name(project) == "spacy-phi" or any(
            canonicalize_name(r.name) == "spacy-phi" for r in requirements
        ):
            ours.append(wheel)
    return ours


def missing_wheels(dist: Path) -> List[str]:
    """The requirements of DIST/REQUIREMENTS-offline.txt that no wheel in DIST satisfies:
    empty when `pip install --no-index --find-links DIST` has what it needs (the
    container build checks this before it runs, rather than failing inside the build).

    dist (Path): the wheel folder.
    RETURNS (List[str]): the unsatisfied requirement lines; every line when the list is missing.
    """
    listed = dist / REQUIREMENTS_NAME
    if not listed.is_file():
        return [REQUIREMENTS_NAME]
    have: Dict[str, List[Version]] = {}
    for wheel in dist.glob("*.whl"):
        try:
            name, version, _, _ = parse_wheel_filename(wheel.name)
        except InvalidWheelFilename:
            continue
        have.setdefault(canonicalize_name(name), []).append(version)
    missing = []
    for line in listed.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "-")):
            continue  # comments and pip options (the index line)
        try:
            requirement = Requirement(line)
        except InvalidRequirement:
            missing.append(line)
            continue
        versions = have.get(canonicalize_name(requirement.name), [])
        if not any(requirement.specifier.contains(v, prereleases=True) for v in versions):
            missing.append(line)
    return missing


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Build the spacy_phi wheel into DIST and write DIST/REQUIREMENTS-offline.txt."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("dist", type=Path, help="the wheel folder (holds the en_phi_deid wheel)")
    parser.add_argument("--no-build", action="store_true", help="only write the requirements list")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; list the dependency wheels DIST lacks (exit 1 if any)")
    args = parser.parse_args(argv)
    if args.check:
        missing = missing_wheels(args.dist)
        for line in missing:
            print(line)
        return 1 if missing else 0
    if not args.no_build:
        build_spacy_phi_wheel(args.dist)
    ours = our_wheels(args.dist)
    if not ours:
        print(f"No spacy_phi or en_phi_deid wheel in {args.dist}", file=sys.stderr)
        return 1
    (args.dist / REQUIREMENTS_NAME).write_text(requirements_text(ours), encoding="utf-8")
    print(f"Wrote {args.dist / REQUIREMENTS_NAME} for {', '.join(w.name for w in ours)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
