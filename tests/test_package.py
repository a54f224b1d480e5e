"""The installed package: entry points, configs, the console script, and loading
a saved pipeline in a fresh interpreter without importing spacy_phi."""

import configparser
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import spacy
from spacy.util import load_model_from_config, registry

import spacy_phi
from spacy_phi.cli import main

ROOT = Path(__file__).resolve().parent.parent
ENTRY_POINT_GROUPS = (
    "spacy_factories",
    "spacy_tokenizers",
    "spacy_architectures",
    "spacy_misc",
    "spacy_scorers",
    "spacy_readers",
)


def declared_entry_points():
    """Entry points as written in setup.cfg, by group."""
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    section = config["options.entry_points"]
    declared = {}
    for group in ENTRY_POINT_GROUPS:
        lines = [line.strip() for line in section.get(group, "").splitlines() if line.strip()]
        declared[group] = dict(line.split(" = ", 1) for line in lines)
    return declared


def test_setup_cfg_entry_points_are_installed_and_load():
    declared = declared_entry_points()
    assert declared["spacy_factories"] and declared["spacy_tokenizers"]
    for group, points in declared.items():
        installed = {ep.name: ep for ep in entry_points(group=group)}
        for name, target in points.items():
            assert name in installed, f"{group}:{name} not installed; run pip install -e ."
            assert installed[name].value == target
            assert callable(installed[name].load())


def test_every_factory_and_tokenizer_is_declared():
    declared = declared_entry_points()
    ours = {
        name for name in registry.factories.get_all() if registry.factories.get(name).__module__.startswith("spacy_phi")
    }
    assert ours == set(declared["spacy_factories"])
    tokenizers = {
        name for name, func in registry.tokenizers.get_all().items() if func.__module__.startswith("spacy_phi")
    }
    assert tokenizers == set(declared["spacy_tokenizers"])


@pytest.mark.parametrize("config_path", sorted((ROOT / "configs").glob("*.cfg")), ids=lambda p: p.name)
def test_configs_build_a_pipeline(config_path):
    config = spacy.util.load_config(config_path)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    assert nlp.config["nlp"]["tokenizer"]["@tokenizers"] == "spacy_phi.ClinicalTokenizer.v1"


def test_saved_pipeline_loads_without_importing_spacy_phi(tmp_path):
    nlp = spacy_phi.blank_pipeline()
    nlp.add_pipe("phi_sentencizer")
    nlp.to_disk(tmp_path / "pipeline")
    script = (
        "import sys, spacy\n"
        "assert 'spacy_phi' not in sys.modules\n"
        f"nlp = spacy.load({str(tmp_path / 'pipeline')!r})\n"
        "doc = nlp('Seen by Dr. Vincent today. MR:6746781\\n\\nPLAN: f/u')\n"
        "print([t.text for t in doc][:8]); print(len(list(doc.sents)))\n"
        "print(nlp.pipe_names)\n"
    )
    # A fresh interpreter: only entry points can tell spaCy where our code is.
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    lines = result.stdout.splitlines()
    assert lines[0] == "['Seen', 'by', 'Dr.', 'Vincent', 'today', '.', 'MR', ':']"
    assert int(lines[1]) >= 3
    assert lines[2] == "['phi_sentencizer']"


def test_console_script_version():
    # The script installed next to this interpreter: PATH may not hold the venv's bin.
    script = Path(sys.executable).parent / ("spacy-phi.exe" if sys.platform == "win32" else "spacy-phi")
    assert script.is_file(), script
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == f"spacy-phi {spacy_phi.__version__}"


def test_cli_without_command_shows_help(capsys):
    assert main([]) == 2
    assert "convert" in capsys.readouterr().err


def test_python_module_entry():
    result = subprocess.run([sys.executable, "-m", "spacy_phi", "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "convert" in result.stdout


def test_project_yml_is_valid_and_its_commands_exist():
    from weasel.util import load_project_config

    from spacy_phi.cli import build_parser

    project = load_project_config(ROOT)
    subcommands = set(build_parser()._subparsers._group_actions[0].choices)
    for command in project["commands"]:
        assert command.get("help"), command["name"]
        for line in command["script"]:
            if line.startswith("spacy-phi "):
                assert line.split()[1] in subcommands, line
    for workflow in project["workflows"].values():
        assert set(workflow) <= {command["name"] for command in project["commands"]}
