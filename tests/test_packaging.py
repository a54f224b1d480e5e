"""The shipped model `en_phi_deid`: a tiny pipeline built from configs/cnn.cfg is
assembled with `spacy-phi assemble`, packaged with `spacy package`, built into a
wheel, installed into a fresh target folder and loaded by name in a fresh
interpreter, offline — the project's `package` and `install` commands in small."""

import importlib.util
import json
import os
import random
import subprocess
import sys
import sysconfig
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest
from spacy.training import Example
from spacy.util import fix_random_seed, load_config, load_model_from_config

from spacy_phi.about import __version__
from spacy_phi.cli import main

ROOT = Path(__file__).resolve().parent.parent
NOTE = "Seen by Dr. Vincent on 03/14/2089. Call 617-555-0142.\n\nPLAN: f/u with Mrs. Kruger"
PACKAGE = "en_phi_deid"


def _tiny_trained_pipeline(path: Path) -> None:
    """configs/cnn.cfg, narrow, initialized on two notes and updated a few times."""
    config = load_config(ROOT / "configs" / "cnn.cfg", interpolate=True, overrides={
        "components.tok2vec.model.encode.width": 32,
        "components.tok2vec.model.embed.rows": [500, 100, 250, 250],
    })
    fix_random_seed(0)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    examples = []
    for text, spans in [
        ("Seen by Dr. Vincent on 03/14/2089.", [(12, 19, "DOCTOR"), (23, 33, "DATE")]),
        ("Call 617-555-0142 about Mrs. Kruger", [(5, 17, "PHONE"), (29, 35, "PATIENT")]),
    ]:
        examples.append(Example.from_dict(nlp.make_doc(text), {"entities": spans}))
    optimizer = nlp.initialize(lambda: examples)
    for _ in range(3):
        random.Random(0).shuffle(examples)
        nlp.update(examples, sgd=optimizer)
    nlp.to_disk(path)


def _build_wheel(package_dir: Path, dist: Path) -> Path:
    # Without build isolation when the installed setuptools can build wheels
    # itself (>= 70.1), so the test needs no network.
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("setuptools.command.bdist_wheel") else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *isolation,
                    "--wheel-dir", str(dist), str(package_dir)], check=True, capture_output=True, text=True)
    (wheel,) = dist.glob(f"{PACKAGE}-*.whl")
    return wheel


@pytest.mark.slow
def test_en_phi_deid_wheel_bundles_weights_requires_spacy_phi_and_loads_offline(tmp_path):
    trained, assembled, packages = tmp_path / "trained", tmp_path / "assembled", tmp_path / "packages"
    _tiny_trained_pipeline(trained)
    assert main(["assemble", str(trained), str(assembled), "--version", __version__]) == 0
    meta = json.loads((assembled / "meta.json").read_text())
    assert (meta["lang"], meta["name"], meta["version"]) == ("en", "phi_deid", __version__)
    assert meta["pipeline"][:2] == ["tok2vec", "ner"] and "phi_surrogates" in meta["pipeline"]

    packages.mkdir()
    subprocess.run([sys.executable, "-m", "spacy", "package", str(assembled), str(packages),
                    "--build", "none", "--force"], check=True, capture_output=True, text=True)
    package_dir = packages / f"{PACKAGE}-{__version__}"
    requirements = json.loads((package_dir / "meta.json").read_text())["requirements"]
    assert any(req.startswith("spacy_phi") for req in requirements), requirements

    wheel = _build_wheel(package_dir, tmp_path / "dist")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(archive.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    data = f"{PACKAGE}/{PACKAGE}-{__version__}/"
    for part in ("config.cfg", "meta.json", "tok2vec/model", "ner/model", "ner/moves", "tokenizer", "vocab/strings.json"):
        assert data + part in names, part
    trained_weights = (trained / "ner" / "model").read_bytes()
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read(data + "ner/model") == trained_weights
    assert any(line.startswith("Requires-Dist: spacy_phi") or line.startswith("Requires-Dist: spacy-phi")
               for line in metadata.splitlines())

    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    "--target", str(target), str(wheel)], check=True, capture_output=True, text=True)
    script = (
        "import sys, spacy\n"
        "nlp = spacy.load('en_phi_deid')\n"
        "import en_phi_deid\n"
        f"assert en_phi_deid.__file__.startswith({str(target)!r}), en_phi_deid.__file__\n"
        f"doc = nlp({NOTE!r})\n"
        "print(nlp.meta['name'], nlp.meta['version'])\n"
        "print(','.join(nlp.pipe_names))\n"
        "print(doc.text == " + repr(NOTE) + ", isinstance(doc._.deidentified, str), len(list(doc.sents)) > 1)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(target), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    name_version, pipe_names, checks = result.stdout.splitlines()
    assert name_version == f"phi_deid {__version__}"
    assert pipe_names.split(",") == meta["pipeline"]
    assert checks == "True True True"


@pytest.mark.parametrize("flag, expected", [([], True), (["--no-surrogates"], False)])
def test_assemble_adds_surrogates_unless_asked_not_to(tmp_path, flag, expected):
    _tiny_trained_pipeline(tmp_path / "trained")
    assert main(["assemble", str(tmp_path / "trained"), str(tmp_path / "out"), *flag]) == 0
    pipeline = json.loads((tmp_path / "out" / "meta.json").read_text())["pipeline"]
    assert pipeline[:3] == ["tok2vec", "ner", "phi_sentencizer"]
    assert ("phi_surrogates" in pipeline) is expected


def test_assemble_gives_a_trained_pipeline_this_versions_tokenizer(tmp_path):
    """A trained pipeline stores its tokenizer's rules; the assembled one splits as
    this version does (here: two words glued by a period, which spaCy's URL
    matcher, the rule of older pipelines, keeps whole)."""
    import spacy
    from spacy.lang.tokenizer_exceptions import URL_MATCH

    _tiny_trained_pipeline(tmp_path / "trained")
    trained = spacy.load(tmp_path / "trained")
    trained.tokenizer.url_match = URL_MATCH
    trained.to_disk(tmp_path / "trained")
    assert [t.text for t in spacy.load(tmp_path / "trained").make_doc("for monday.no vent")] == ["for", "monday.no", "vent"]
    assert main(["assemble", str(tmp_path / "trained"), str(tmp_path / "out"), "--no-surrogates"]) == 0
    assembled = spacy.load(tmp_path / "out")
    assert [t.text for t in assembled.make_doc("for monday.no vent")] == ["for", "monday", ".", "no", "vent"]


def test_project_workflow_paths_are_single_and_connected():
    """Every command of the `all` workflow depends only on files of the repository
    or on outputs of an earlier command, and no path was merged with another by
    weasel's variable interpolation."""
    from weasel.util import load_project_config

    project = load_project_config(ROOT)
    commands = {command["name"]: command for command in project["commands"]}
    for command in commands.values():
        for key in ("deps", "outputs", "outputs_no_cache"):
            for path in command.get(key, []):
                assert ", " not in path and "${" not in path, (command["name"], path)
    produced = set()
    for name in project["workflows"]["all"]:
        command = commands[name]
        for dep in command.get("deps", []):
            assert dep in produced or (ROOT / dep).exists(), (name, dep)
        produced.update(command.get("outputs", []) + command.get("outputs_no_cache", []))
    raw = {command["name"]: command for command in load_project_config(ROOT, interpolate=False)["commands"]}
    assert "--gpu-id ${vars.gpu_id}" in raw["train"]["script"][0]
    assert "configs/${vars.config}.cfg" in raw["train"]["script"][0]
    assert "spacy package" in commands["package"]["script"][0] and "--name phi_deid" in commands["package"]["script"][0]


def _dependency_site(target: Path) -> Path:
    """Links to this interpreter's installed distributions, minus spacy_phi and
    en_phi_deid (editable or not), so a new venv resolves the dependencies without
    network but must take our two projects from the wheels."""
    ours = ("spacy_phi", "__editable__", "en_phi_deid", "spacy-phi", "en-phi-deid")
    target.mkdir()
    for site_dir in dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]):
        for entry in Path(site_dir).iterdir():
            # .pth files (the editable finder among them) are not processed outside site dirs.
            if entry.name.startswith(ours) or entry.suffix in (".pth", ".egg-link"):
                continue
            if not (target / entry.name).exists():
                (target / entry.name).symlink_to(entry)
    return target


@pytest.mark.slow
def test_offline_wheels_install_with_no_index_into_a_new_venv(tmp_path):
    """`spacy project run package` in small: the en_phi_deid wheel, then
    scripts/offline_wheels.py (spacy_phi wheel + REQUIREMENTS-offline.txt); then
    `pip install --no-index --find-links DIST en_phi_deid` in a new venv."""
    trained, assembled, packages, dist = (tmp_path / n for n in ("trained", "assembled", "packages", "dist"))
    _tiny_trained_pipeline(trained)
    assert main(["assemble", str(trained), str(assembled), "--version", __version__]) == 0
    packages.mkdir()
    subprocess.run([sys.executable, "-m", "spacy", "package", str(assembled), str(packages),
                    "--build", "none", "--force"], check=True, capture_output=True, text=True)
    _build_wheel(packages / f"{PACKAGE}-{__version__}", dist)
    subprocess.run([sys.executable, str(ROOT / "scripts" / "offline_wheels.py"), str(dist)],
                   check=True, capture_output=True, text=True)

    # The spacy_phi wheel ships every data file of the source tree.
    (wheel,) = dist.glob("spacy_phi-*.whl")
    data_files = {p.relative_to(ROOT).as_posix() for p in (ROOT / "spacy_phi").rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "spacy_phi/data/medical_vocabulary/drugs.txt" in data_files
    assert data_files <= names, sorted(data_files - names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]

    # The download list: our dependencies pinned to the installed versions, the CPU torch index.
    requirements = (dist / "REQUIREMENTS-offline.txt").read_text().splitlines()
    assert "--extra-index-url https://download.pytorch.org/whl/cpu" in requirements
    assert f"spacy=={version('spacy')}" in requirements
    assert f"thinc=={version('thinc')}" in requirements and any(r.startswith("torch==") for r in requirements)
    assert not [r for r in requirements if r.lower().startswith(("spacy_phi", "spacy-phi", "en_phi_deid", "pytest"))]

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site_dir = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                   check=True, capture_output=True, text=True).stdout.strip())
    (site_dir / "_test_dependencies.pth").write_text(str(_dependency_site(tmp_path / "deps")) + "\n")
    # Only DIST: no pip config (its find-links or indexes), no PYTHONPATH.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") and k != "PYTHONPATH"}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_DISABLE_PIP_VERSION_CHECK="1",
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-index", "--find-links", str(dist), PACKAGE],
                             capture_output=True, text=True, env=env, cwd=tmp_path)
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]
    installed = install.stdout.splitlines()[-1]
    assert installed.startswith("Successfully installed"), installed
    assert f"spacy_phi-{__version__}" in installed or f"spacy-phi-{__version__}" in installed, installed
    assert f"{PACKAGE}-{__version__}" in installed, installed

    script = (
        "import json, spacy, spacy_phi, en_phi_deid\n"
        "from importlib.metadata import distribution\n"
        "dist = distribution('spacy_phi')\n"
        "nlp = spacy.load('en_phi_deid')\n"
        f"doc = nlp({NOTE!r})\n"
        "print(json.dumps({'spacy_phi': spacy_phi.__file__, 'en_phi_deid': en_phi_deid.__file__,\n"
        "    'direct_url': dist.read_text('direct_url.json'),\n"
        "    'files': [str(f) for f in dist.files], 'installer': dist.read_text('INSTALLER'),\n"
        "    'deidentified': isinstance(doc._.deidentified, str), 'pipes': nlp.pipe_names}))\n"
    )
    result = subprocess.run([str(python), "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    loaded = json.loads(result.stdout.splitlines()[-1])
    # Both from the wheels, installed into the new venv (not the editable checkout).
    assert Path(loaded["spacy_phi"]).is_relative_to(site_dir), loaded["spacy_phi"]
    assert Path(loaded["en_phi_deid"]).is_relative_to(site_dir), loaded["en_phi_deid"]
    assert loaded["direct_url"] is None and loaded["installer"].strip() == "pip"
    assert "spacy_phi/data/medical_vocabulary/drugs.txt" in loaded["files"]
    assert (site_dir / "spacy_phi" / "data" / "medical_vocabulary" / "drugs.txt").is_file()
    assert loaded["deidentified"] and "phi_surrogates" in loaded["pipes"]


def test_readme_and_ci_install_torch_the_same_way() -> None:
    """The README's main command and `.ci/run` take torch from the same place
    (PyTorch's CPU index first): if they drift, CI no longer checks what a new
    user runs, and one of them may pull the multi-GB CUDA build."""
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    main_command = next(line for line in readme.splitlines() if line.startswith("python3 -m venv") and "spacy project run all" in line)
    readme_torch = main_command.split("&&")[2].strip()
    ci_torch = next(line for line in ci.splitlines() if "install" in line and "torch==" in line and not line.startswith("#"))
    ci_torch = ci_torch.replace("python -m pip", "pip").replace(" --quiet", "").strip()
    assert readme_torch == ci_torch
    assert "download.pytorch.org/whl/cpu" in readme_torch


def test_the_offline_wheel_list_holds_the_service_extra_and_not_the_test_one(tmp_path) -> None:
    """The container image installs spacy_phi[serve] from the offline set: the
    download list names FastAPI and uvicorn (pinned when installed here), not
    the test extra's packages."""
    spec = importlib.util.spec_from_file_location("offline_wheels", ROOT / "scripts" / "offline_wheels.py")
    offline_wheels = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(offline_wheels)
    wheel = tmp_path / f"spacy_phi-{__version__}-py3-none-any.whl"
    metadata = "\n".join([
        "Metadata-Version: 2.1", "Name: spacy_phi", f"Version: {__version__}",
        "Requires-Dist: srsly<3.0.0,>=2.4.0",
        'Requires-Dist: fastapi<1.0,>=0.115; extra == "serve"',
        'Requires-Dist: uvicorn<1.0,>=0.30; extra == "serve"',
        'Requires-Dist: pytest>=7.0; extra == "test"',
        "", "A description.",
    ])
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(f"spacy_phi-{__version__}.dist-info/METADATA", metadata)
    lines = offline_wheels.requirements_text([wheel]).splitlines()
    assert f"srsly=={version('srsly')}" in lines
    for name in ("fastapi", "uvicorn"):
        expected = f"{name}=={version(name)}" if importlib.util.find_spec(name) else name
        assert any(line.lower().startswith(expected) for line in lines), name
    assert not [line for line in lines if line.lower().startswith("pytest")]


def test_the_wheel_set_check_names_each_pinned_dependency_no_wheel_satisfies(tmp_path) -> None:
    """scripts/build_image.sh downloads the dependency wheels only when the set lacks
    some: a local build label (torch 2.13.0+cpu) satisfies a release pin (==2.13.0),
    another version or a missing wheel does not, and no list at all is a gap."""
    spec = importlib.util.spec_from_file_location("offline_wheels", ROOT / "scripts" / "offline_wheels.py")
    offline_wheels = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(offline_wheels)
    assert offline_wheels.missing_wheels(tmp_path) == ["REQUIREMENTS-offline.txt"]
    (tmp_path / "REQUIREMENTS-offline.txt").write_text(
        "# a comment\n--extra-index-url https://download.pytorch.org/whl/cpu\n"
        "torch==2.13.0\nPyYAML==6.0.4\nsrsly==2.5.6\nnumpy==2.4.6\n")
    for name in ("torch-2.13.0+cpu-cp311-cp311-manylinux_2_28_x86_64.whl", "pyyaml-6.0.4-cp311-cp311-manylinux_2_17_x86_64.whl",
                 "srsly-2.5.5-cp311-cp311-manylinux_2_17_x86_64.whl", "not-a-wheel.whl"):
        (tmp_path / name).write_bytes(b"")
    assert offline_wheels.missing_wheels(tmp_path) == ["srsly==2.5.6", "numpy==2.4.6"]
