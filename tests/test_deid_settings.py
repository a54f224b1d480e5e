"""The settings every de-identification entry point shares (`DeidSettings`,
spacy_phi/deid/settings.py): one set of defaults and checks for
`deidentify()`, `DeidOptions` / `spacy-phi deid` and the Spark engine, the
keyword arguments of `deidentify()` as a convenience over them, and the
import structure of the job (no cycle; the surrogates do not import the
converters). Every note is invented.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path
from typing import Dict, List, Set

import pytest
from spacy.language import Language

from spacy_phi.cli import main
from spacy_phi.cli.deid import add_parser, options_from_args
from spacy_phi.deid import (
    DEFAULT_BATCH_SIZE,
    DEFAULT_MAX_CHARS,
    DEFAULT_PROCESSES,
    DeidOptions,
    DeidSettings,
    ModelError,
    SettingsError,
    deidentify,
)
from spacy_phi.deid.records import REASON_TOO_LONG
from spacy_phi.deid.settings import with_settings
from spacy_phi.errors import SpacyPhiError

from standin import standin_pipeline

SECRET = "deid-settings-test-secret-0123456789"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": {"IN": ["John", "Jane"]}}, {"TEXT": {"IN": ["Smith", "Roe"]}}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
PACKAGE = Path(__file__).resolve().parent.parent / "spacy_phi"


def note(i: int) -> str:
    return f"John Smith seen 03/14/2089 for visit {i}."


def pipeline() -> Language:
    return standin_pipeline(PATTERNS)


@pytest.fixture(autouse=True)
def secret_env(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET)


# -- one set of defaults -----------------------------------------------------------------------


def test_every_entry_point_has_the_defaults_of_deid_settings():
    settings = DeidSettings()
    assert (settings.batch_size, settings.n_process, settings.max_chars) == (
        DEFAULT_BATCH_SIZE, DEFAULT_PROCESSES, DEFAULT_MAX_CHARS
    )
    assert (settings.model, settings.lang, settings.mode, settings.secret_file) == (None, "en", None, None)
    assert DeidOptions().as_settings() == settings
    # deidentify()'s keyword arguments hold no defaults of their own: None leaves the setting as it is.
    keywords = [p for p in inspect.signature(deidentify).parameters.values() if p.kind is p.KEYWORD_ONLY]
    assert {p.name for p in keywords} == {f.name for f in dataclasses.fields(DeidSettings)}
    assert all(p.default is None for p in keywords)
    # The command line's defaults are the same settings.
    import argparse

    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers())
    args = parser.parse_args(["deid", "notes.jsonl"])
    assert options_from_args(args).as_settings() == settings


# -- one set of checks -------------------------------------------------------------------------


@pytest.mark.parametrize("setting,value", [("batch_size", 0), ("max_chars", 0), ("n_process", -2)])
def test_numbers_out_of_range_are_refused_everywhere(setting: str, value: int):
    with pytest.raises(SettingsError, match=f"^{setting} must be >= 1") as caught:
        DeidSettings(**{setting: value})
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, SpacyPhiError)
    assert caught.value.setting == setting
    with pytest.raises(SettingsError):
        DeidOptions(**{setting: value})
    with pytest.raises(SettingsError):
        list(deidentify([note(1)], pipeline(), **{setting: value}))


def test_unknown_mode_is_a_model_error_as_before():
    with pytest.raises(ModelError, match="Unknown mode 'bogus'"):
        DeidSettings(mode="bogus")
    with pytest.raises(ModelError, match="Unknown mode"):
        list(deidentify([note(1)], pipeline(), mode="bogus"))


def test_every_core_is_minus_one_or_zero():
    assert DeidSettings(n_process=-1).n_process == -1
    assert DeidSettings(n_process=0).n_process == 0
    assert DeidSettings(n_process=3).n_process == 3


def test_cli_names_the_flag_of_a_bad_number(tmp_path: Path, capsys):
    src = tmp_path / "in.txt"
    src.write_text(note(1))
    for flag in ("--batch-size", "--max-chars"):
        assert main(["deid", str(src), "-o", str(tmp_path / "out.txt"), flag, "0", "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert f"{flag} must be >= 1 (got 0)" in err and "Traceback" not in err
        assert not (tmp_path / "out.txt").exists()


# -- the settings object and the keyword arguments --------------------------------------------------


def test_a_settings_object_gives_what_the_keyword_arguments_give():
    texts = [note(i) for i in range(5)] + ["x" * 200, ""]
    settings = DeidSettings(mode="tag", batch_size=2, n_process=1, max_chars=100)
    by_settings = list(deidentify(texts, pipeline(), settings))
    by_keywords = list(deidentify(texts, pipeline(), mode="tag", batch_size=2, n_process=1, max_chars=100))
    assert [(r.id, r.text, r.error and r.error.reason) for r in by_settings] == [
        (r.id, r.text, r.error and r.error.reason) for r in by_keywords
    ]
    assert "[**PATIENT**]" in by_settings[0].text  # the mode was applied
    assert by_settings[5].error.reason == REASON_TOO_LONG  # so was max_chars


def test_keyword_arguments_given_replace_those_settings_only():
    settings = DeidSettings(mode="tag", max_chars=100, n_process=1)
    [result] = deidentify([note(1)], pipeline(), settings, mode="redact")
    assert "[**" not in result.text and "**** *****" in result.text
    merged = with_settings(settings, mode="redact", batch_size=None)
    assert merged == DeidSettings(mode="redact", max_chars=100, n_process=1)
    assert with_settings(settings) is settings
    options = DeidOptions(resume=True, progress=False)
    assert type(with_settings(options, mode="mask")) is DeidOptions  # a job's options stay a job's options


def test_deid_options_extend_the_settings():
    options = DeidOptions(model="rules", mode="tag", resume=True, progress=False)
    assert isinstance(options, DeidSettings)
    assert options.as_settings() == DeidSettings(model="rules", mode="tag")
    assert type(options.as_settings()) is DeidSettings  # no paths or file-job options travel to workers
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.resume = False  # type: ignore[misc]
    assert dataclasses.replace(options, resume=False).resume is False
    with pytest.raises(TypeError):
        DeidOptions("jsonl")  # type: ignore[misc]  # keyword arguments only


# -- import structure --------------------------------------------------------------------------


def _relative_imports(folder: Path) -> Dict[str, Set[str]]:
    """Module → the modules of the same package it imports (TYPE_CHECKING imports too)."""
    graph: Dict[str, Set[str]] = {}
    for path in folder.glob("*.py"):
        imported: Set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    imported.add(node.module.split(".")[0])
                else:
                    imported.update(alias.name for alias in node.names)
        graph[path.stem] = imported & {p.stem for p in folder.glob("*.py")}
    return graph


def _cycle(graph: Dict[str, Set[str]]) -> List[str]:
    state: Dict[str, int] = {}
    stack: List[str] = []

    def visit(module: str) -> List[str]:
        state[module] = 1
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if state.get(other) == 1:
                return stack[stack.index(other):] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        stack.pop()
        state[module] = 2
        return []

    for module in sorted(graph):
        if module not in state and module != "__init__":
            found = visit(module)
            if found:
                return found
    return []


@pytest.mark.parametrize("package", ["deid", "spark"])
def test_no_import_cycle_in_the_job(package: str):
    graph = _relative_imports(PACKAGE / package)
    graph.pop("__init__", None)
    assert _cycle(graph) == []
    if package == "deid":
        assert "runner" not in graph["parallel"]
        assert "records" in graph["parallel"]  # the RecordStream protocol it is given


def test_surrogates_do_not_import_the_converters():
    for path in (PACKAGE / "surrogates").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf8"))):
            if isinstance(node, ast.ImportFrom):
                assert "converters" not in (node.module or ""), path.name
