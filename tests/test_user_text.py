"""User-facing text speaks to users: no development history in the README, the docs,
project.yml, the model card or the CLI's output strings (no commit hashes, issue
numbers, internal split names, machine paths, "session", "helper", "of record").
Relative links of the README and the docs are checked by test_docs_examples.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

from spacy_phi.models.assemble import _META_ES
from spacy_phi.models.model_card import english_card_meta

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "project.yml"]
# Packages whose string literals reach a user's terminal or files.
CLI_PACKAGES = ["spacy_phi/cli", "spacy_phi/deid", "spacy_phi/spark", "spacy_phi/evaluation", "spacy_phi/serve"]

FORBIDDEN: List[Tuple[str, re.Pattern]] = [
    # a commit hash: 7-40 lower-case hex characters with both a digit and a letter
    ("commit hash", re.compile(r"(?<![\w./-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w/-])")),
    ("issue number", re.compile(r"\bissues?\s+#?\d+", re.I)),
    ("session", re.compile(r"\bsessions?\b", re.I)),  # SparkSession has no word boundary
    ("helper", re.compile(r"\bhelpers?\b", re.I)),
    ("internal split name", re.compile(r"\bdev_[a-z]\b")),
    ("machine path", re.compile(r"/work/")),
    ("of record", re.compile(r"\bof record\b", re.I)),
]


def _prose(text: str) -> str:
    """Markdown without its fenced code blocks (they hold example data)."""
    return re.sub(r"```.*?```", lambda block: "\n" * block.group().count("\n"), text, flags=re.S)


def _hits(where: str, text: str) -> Iterator[str]:
    for number, line in enumerate(text.split("\n"), 1):
        for name, pattern in FORBIDDEN:
            match = pattern.search(line)
            if match:
                yield f"{where}:{number}: {name} {match.group()!r}"


def _string_literals(path: Path) -> Iterator[Tuple[int, str]]:
    """String constants of a module, docstrings excluded (they are for developers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_docs_have_no_internal_words(path):
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        text = _prose(text)
    # project.yml as a whole: its comments and help strings are read by users too
    problems = list(_hits(str(path.relative_to(ROOT)), text))
    assert not problems, "\n".join(problems)


def test_cli_output_strings_have_no_internal_words():
    problems = []
    for package in CLI_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for line, value in _string_literals(path):
                problems += [f"{hit} (line {line})" for hit in _hits(str(path.relative_to(ROOT)), value)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("meta", [english_card_meta(True), english_card_meta(False), _META_ES],
                         ids=["en-default", "en-other", "es"])
def test_model_card_has_no_internal_words(meta):
    text = "\n".join(str(value) for value in meta.values())
    problems = list(_hits("model card", text))
    assert not problems, "\n".join(problems)


def test_the_patterns_catch_what_they_are_for():
    """Each pattern fires on an example of its kind and spares look-alikes."""
    text = ("fixed at 55729e4 for issue 14 this session by a helper on dev_b, "
            "/work/presidio-venv, the evaluation of record")
    caught = {hit.split(": ", 1)[1].split(" '")[0] for hit in _hits("x", text)}
    assert caught == {name for name, _ in FORBIDDEN}
    spared = "SparkSession.builder, MRN 0937884, 2026 notes, sha 0123456, dev_dialogues/, a record"
    assert list(_hits("x", spared)) == []
