"""Every code example in README.md and docs/*.md is run (issue 15).

The convention (also written in docs/README.md, "Code examples are tested"):

- ```python blocks are executed, each in a fresh namespace, in a temporary
  working directory.
- ```bash / ```console blocks are run when every command in them is
  `spacy-phi ...`, `python -m spacy_phi ...`, `export NAME=...` or
  `cat FILE | spacy-phi ...` (optionally `> FILE`, `&&`-chained). They run
  in-process (`spacy_phi.cli.main`), in a temporary folder holding small invented
  inputs (see INPUTS) and links to the repository's `assets/` and `configs/`
  (`assets/meddocan/dev` there holds only its first 5 documents).
  Every command must exit 0.
- ```json blocks must parse (one object, or one object per line); in ```ini
  blocks every `@registry = "name"` must be registered and every setting of a
  `[components.NAME]` section with a `factory` must be one of that factory's;
  ```text and unlabelled blocks are diagrams, not run.
- Any other block needs a marker on the line(s) just before it:
  `<!-- test: skip (REASON) -->`. A block that is neither runnable nor marked
  fails, and so does a marker without a reason.

The trained model is not needed: `spacy.load("en_phi_deid")` returns the
rules-only pipeline (one instance, built once, shared by every example; its
`phi_surrogates` settings are reset before each use), and `en_phi_deid` counts
as installed, so `spacy-phi deid` without `--model` gets it too. The path
`/secure/deid-secret` names a secret file written in the temporary folder.

Relative links between these files are checked too (file and heading).
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import pytest
import spacy

ROOT = Path(__file__).resolve().parent.parent
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MODEL_NAME = "en_phi_deid"
SECRET_PATH = "/secure/deid-secret"
LINKED = ("configs",)
# assets/ is a folder of links to the repository's, except that
# assets/meddocan/dev holds only its first MEDDOCAN_DOCS documents (speed).
MEDDOCAN_DOCS = 5

RUN_LANGS = {"python", "bash", "console", "sh", "shell"}
INERT_LANGS = {"", "ini", "text", "json"}
FENCE = re.compile(r"^(\s*)(```+)\s*([\w+-]*)\s*$")
SKIP = re.compile(r"^<!--\s*test:\s*skip\s*\((?P<reason>.+)\)\s*-->$")
MARKER = re.compile(r"^<!--\s*test:")

# Invented notes only.
INPUTS: Dict[str, str] = {
    "note.txt": "Seen by Dr. Hess on 03/14/2089. MRN 0937884. Call 617-555-0142.\n",
    "notes/P7/n1.txt": "Mrs. Jane Roe, 92 yo, seen 03/14/2089.\n",
    "notes/P8/n2.txt": "Mr. Desmond Achterberg (DOB 07/22/1958) seen by Dr. Visser.\n",
    "notes.jsonl": "".join(
        json.dumps(obj) + "\n"
        for obj in (
            {"note_id": "n1", "patient_id": "P7", "text": "Mrs. Jane Roe (MRN: 0937884) seen 03/14/2089.",
             "known_phi": {"PATIENT": ["Jane Roe"], "MEDICALRECORD": ["0937884"]}},
            {"note_id": "n2", "patient_id": "P7", "text": "Jane called 617-555-0142 on 03/20/2089.",
             "known_phi": {"PATIENT": ["Jane Roe"]}},
            {"note_id": "n3", "patient_id": "P8", "text": "Seen by Dr. Visser. Fax 617-555-4321.",
             "known_phi": {}},
        )
    ),
    "notes.csv": "id,note,patient_name,mrn\r\n"
    '1,"Mrs. Jane Roe (MRN: 0937884) seen 03/14/2089.",Jane Roe,0937884\r\n'
    '2,"Seen by Dr. Visser. Fax 617-555-4321.",Desmond Achterberg,1234567\r\n',
    "deid-secret": "docs-example-secret-0123456789abcdef\n",
}


@dataclass
class Block:
    path: Path
    line: int  # 1-based line of the opening fence
    lang: str
    code: str
    skip: Optional[str]  # the reason, when marked skip
    bad_marker: Optional[str] = None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def extract_blocks(path: Path) -> List[Block]:
    """The fenced code blocks of a Markdown file with their skip markers."""
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks: List[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, ticks, lang = m.group(1), m.group(2), m.group(3).lower()
        # the marker: the nearest non-blank line above the fence
        j = i - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        above = lines[j].strip() if j >= 0 else ""
        skip = bad = None
        if MARKER.match(above):
            sm = SKIP.match(above)
            if sm and sm.group("reason").strip():
                skip = sm.group("reason").strip()
            else:
                bad = above
        body: List[str] = []
        k = i + 1
        while k < len(lines) and not re.match(rf"^\s*{ticks}\s*$", lines[k]):
            line = lines[k]
            body.append(line[len(indent):] if line.startswith(indent) else line)
            k += 1
        blocks.append(Block(path, i + 1, lang, "\n".join(body) + "\n", skip, bad))
        i = k + 1
    return blocks


ALL_BLOCKS = [b for f in DOC_FILES for b in extract_blocks(f)]


# -- fixtures -------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_nlp():
    import spacy_phi

    nlp = spacy_phi.rules_pipeline()
    settings = dict(nlp.get_pipe("phi_surrogates").settings)
    return nlp, settings


@pytest.fixture
def docs_env(tmp_path, monkeypatch, shared_nlp):
    """A temporary working folder with the inputs, the trained model replaced by
    the shared rules-only pipeline, and os.environ restored afterwards."""
    nlp, settings = shared_nlp
    for name, text in INPUTS.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    _link_assets(tmp_path / "assets")
    real_load = spacy.load
    real_is_package = spacy.util.is_package

    def load(name, *args, **kwargs):
        if str(name) == MODEL_NAME:
            nlp.get_pipe("phi_surrogates").configure(**settings)
            return nlp
        return real_load(name, *args, **kwargs)

    def is_package(name):
        return True if name == MODEL_NAME else real_is_package(name)

    monkeypatch.setattr(spacy, "load", load)
    monkeypatch.setattr(spacy.util, "is_package", is_package)
    monkeypatch.chdir(tmp_path)
    environ = dict(os.environ)
    yield tmp_path
    os.environ.clear()
    os.environ.update(environ)


def _link_assets(dest: Path) -> None:
    src = ROOT / "assets"
    dest.mkdir()
    for child in src.iterdir():
        if child.name != "meddocan":
            (dest / child.name).symlink_to(child)
    med = dest / "meddocan"
    med.mkdir()
    for child in (src / "meddocan").iterdir():
        if child.name != "dev":
            (med / child.name).symlink_to(child)
    (med / "dev").mkdir()
    for txt in sorted((src / "meddocan" / "dev").glob("*.txt"))[:MEDDOCAN_DOCS]:
        for part in (txt, txt.with_suffix(".ann")):
            (med / "dev" / part.name).symlink_to(part)


# -- running the blocks ---------------------------------------------------------


class NotRunnable(Exception):
    pass


def _logical_lines(block: Block) -> List[str]:
    raw = block.code.split("\n")
    if block.lang == "console":  # commands are the "$ " lines; the rest is output
        raw = [line[2:] for line in raw if line.startswith("$ ")]
    out: List[str] = []
    buf = ""
    for line in raw:
        if line.rstrip().endswith("\\"):
            buf += line.rstrip()[:-1] + " "
            continue
        out.append(buf + line)
        buf = ""
    if buf:
        out.append(buf)
    return out


def _plan(block: Block) -> List[List[str]]:
    """The commands of a shell block as token lists; NotRunnable if any command
    is not one the test can run."""
    commands: List[List[str]] = []
    for line in _logical_lines(block):
        tokens = shlex.split(line, comments=True)
        if not tokens:
            continue
        piece: List[str] = []
        for tok in tokens + ["&&"]:
            if tok != "&&":
                piece.append(tok)
                continue
            _check(piece, line)
            commands.append(piece)
            piece = []
    return commands


def _program_args(tokens: List[str]) -> Optional[List[str]]:
    if tokens[:1] == ["spacy-phi"]:
        return tokens[1:]
    if tokens[:3] == ["python", "-m", "spacy_phi"]:
        return tokens[3:]
    return None


def _check(tokens: List[str], line: str) -> None:
    if tokens and tokens[0] == "export" and len(tokens) == 2 and "=" in tokens[1]:
        return
    rest = tokens
    if len(rest) > 2 and rest[0] == "cat" and rest[2] == "|":
        rest = rest[3:]
    if ">" in rest:
        i = rest.index(">")
        if i != len(rest) - 2:
            raise NotRunnable(line)
        rest = rest[:i]
    if _program_args(rest) is None or "|" in rest:
        raise NotRunnable(line)


def _subst(arg: str, tmp: Path) -> str:
    return arg.replace(SECRET_PATH, str(tmp / "deid-secret"))


def _run_command(tokens: List[str], tmp: Path, monkeypatch) -> int:
    from spacy_phi.cli import main

    tokens = [_subst(t, tmp) for t in tokens]
    if tokens[0] == "export":
        name, value = tokens[1].split("=", 1)
        value = re.sub(r"\$\(cat ([^)]+)\)", lambda m: Path(m.group(1)).read_text().strip(), value)
        monkeypatch.setenv(name, value)
        return 0
    stdin_data = b""
    if tokens[0] == "cat":
        stdin_data = Path(tokens[1]).read_bytes()
        tokens = tokens[3:]
    out_path = None
    if ">" in tokens:
        out_path = tokens[-1]
        tokens = tokens[:-2]
    args = _program_args(tokens)
    assert args is not None
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    stdin = io.TextIOWrapper(io.BytesIO(stdin_data), encoding="utf-8")
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = stdin, stdout
    try:
        rc = main(args)
    except SystemExit as err:  # argparse
        rc = err.code if isinstance(err.code, int) else 1
    finally:
        stdout.flush()
        sys.stdin, sys.stdout = saved
    data = stdout.buffer.getvalue()  # type: ignore[attr-defined]
    if out_path:
        Path(out_path).write_bytes(data)
    return rc


def _run_shell(block: Block, tmp: Path, monkeypatch) -> None:
    try:
        commands = _plan(block)
    except NotRunnable as err:
        pytest.fail(
            f"{block.where}: `{err}` is not a command this test can run; mark the block "
            "`<!-- test: skip (REASON) -->` or write it with spacy-phi commands"
        )
    assert commands, f"{block.where}: no command in the block"
    for tokens in commands:
        rc = _run_command(tokens, tmp, monkeypatch)
        assert rc == 0, f"{block.where}: `{' '.join(tokens)}` exited {rc}"


def _run_python(block: Block) -> None:
    code = compile(block.code, block.where, "exec")
    namespace: Dict[str, object] = {"__name__": "__docs_example__"}
    exec(code, namespace)


def _check_json(block: Block) -> None:
    try:
        json.loads(block.code)
    except json.JSONDecodeError:
        for line in block.code.splitlines():
            if line.strip():
                json.loads(line)


def _check_ini(block: Block) -> None:
    """Config excerpts: every `@registry = "name"` is registered, and every key of a
    `[components.NAME]` section with a `factory` is a parameter of that factory."""
    import inspect

    import spacy.ml.models  # noqa: F401  (spaCy's own architectures)
    import spacy_phi  # noqa: F401  (registrations)

    def check_section(factory: Optional[str], keys: List[str]) -> None:
        if not factory:
            return
        params = set(inspect.signature(spacy.registry.factories.get(factory)).parameters)
        unknown = [key for key in keys if key not in params]
        assert not unknown, f"{block.where}: {factory} has no setting {unknown}"

    section, factory, keys = "", None, []  # type: str, Optional[str], List[str]
    for line in block.code.split("\n"):
        head = re.match(r"^\[(.+)\]\s*$", line)
        if head:
            check_section(factory, keys)
            section, factory, keys = head.group(1), None, []
            continue
        ref = re.match(r'^@(\w+)\s*=\s*"([^"]+)"', line)
        if ref:
            assert getattr(spacy.registry, ref.group(1)).get(ref.group(2)), block.where
            continue
        item = re.match(r"^(\w+)\s*=", line)
        if item and section.startswith("components.") and section.count(".") == 1:
            if item.group(1) == "factory":
                factory = line.split("=", 1)[1].strip().strip('"')
            else:
                keys.append(item.group(1))
    check_section(factory, keys)


@pytest.mark.parametrize("block", ALL_BLOCKS, ids=[b.where for b in ALL_BLOCKS])
def test_docs_example(block: Block, request, monkeypatch):
    assert block.bad_marker is None, f"{block.where}: a marker needs the form <!-- test: skip (REASON) -->"
    if block.skip:
        pytest.skip(f"{block.where}: {block.skip}")
    if block.lang == "json":
        _check_json(block)
        return
    if block.lang == "ini":
        _check_ini(block)
        return
    if block.lang in INERT_LANGS:
        return
    if block.lang not in RUN_LANGS:
        pytest.fail(f"{block.where}: ```{block.lang} is neither run nor marked skip")
    tmp = request.getfixturevalue("docs_env")
    if block.lang == "python":
        _run_python(block)
    else:
        _run_shell(block, tmp, monkeypatch)


# -- links ----------------------------------------------------------------------


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set:
    anchors, counts, fence = set(), {}, False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if FENCE.match(line):
            fence = not fence
            continue
        m = None if fence else re.match(r"^#{1,6} (.+)$", line)
        if m:
            slug = _slug(m.group(1))
            n = counts.get(slug, 0)
            counts[slug] = n + 1
            anchors.add(slug if n == 0 else f"{slug}-{n}")
    return anchors


def test_docs_links():
    problems = []
    for path in DOC_FILES:
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"^[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            if not dest.exists():
                problems.append(f"{path.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                problems.append(f"{path.relative_to(ROOT)}: {target} (no such heading)")
    assert not problems, "\n".join(problems)


def test_every_block_runs_or_is_marked():
    """Summary check (cheap): every block is of a known kind, and skips give reasons."""
    for block in ALL_BLOCKS:
        assert block.bad_marker is None, block.where
        if block.skip is None and block.lang not in RUN_LANGS | INERT_LANGS:
            pytest.fail(f"{block.where}: ```{block.lang} is neither run nor marked skip")
        if block.skip is None and block.lang in RUN_LANGS - {"python"}:
            try:
                _plan(block)
            except NotRunnable as err:
                pytest.fail(f"{block.where}: `{err}` cannot run; mark the block skip with a reason")
