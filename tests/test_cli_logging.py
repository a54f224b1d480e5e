"""`spacy-phi` shows the package's log on stderr: warnings by default, info
with -v, only errors with -q (before or after the sub-command), with
`warnings.warn` calls routed through logging; another library's warning is
shown without its message, which may quote note text. The logging setup is
undone when the command returns."""

from __future__ import annotations

import json
import logging
import warnings
from pathlib import Path
from typing import Any, List

import pytest

from spacy_phi._logging import logger
from spacy_phi.cli import convert as convert_cli
from spacy_phi.cli import main
from spacy_phi.errors import NoSecretWarning

# Only ever in note text: must never reach stderr.
MARKER = "Qwyzzlebrook"


def _notes_with_a_bad_line(tmp_path: Path) -> Path:
    path = tmp_path / "notes.jsonl"
    path.write_text(json.dumps({"text": f"{MARKER} seen today.", "spans": []}) + "\n{not json " + MARKER + "\n")
    return path


def test_package_warnings_reach_stderr_by_default(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["convert", str(_notes_with_a_bad_line(tmp_path)), str(tmp_path / "out.jsonl"),
                 "--format", "jsonl"]) == 0
    err = capsys.readouterr().err
    assert "warning: Skipped notes.jsonl line 2: invalid JSON" in err
    assert MARKER not in err


@pytest.mark.parametrize("where", ["before", "after"])
def test_quiet_hides_warnings_before_or_after_the_subcommand(
    tmp_path: Path, capsys: pytest.CaptureFixture, where: str
) -> None:
    args = ["convert", str(_notes_with_a_bad_line(tmp_path)), str(tmp_path / "out.jsonl"), "--format", "jsonl"]
    assert main(["-q", *args] if where == "before" else [*args, "--quiet"]) == 0
    assert "warning:" not in capsys.readouterr().err


def test_verbose_shows_info_and_quiet_only_errors(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    def fake_convert(*args: Any, **kwargs: Any) -> Any:
        logger.debug("debug line")
        logger.info("info line")
        logger.warning("warning line")
        logger.error("error line")
        raise OSError("stop here")

    monkeypatch.setattr(convert_cli, "convert", fake_convert)
    args = ["convert", str(tmp_path / "in.jsonl"), str(tmp_path / "out.jsonl"), "--format", "jsonl"]
    seen = {}
    for options in ([], ["-v"], ["-vv"], ["-q"]):
        main([*options, *args])
        seen[" ".join(options)] = capsys.readouterr().err
    assert "warning: warning line" in seen[""] and "info line" not in seen[""]
    assert "info: info line" in seen["-v"] and "debug line" not in seen["-v"]
    assert "debug: debug line" in seen["-vv"]
    assert "error: error line" in seen["-q"] and "warning line" not in seen["-q"]


def test_warnings_warn_is_shown_and_a_foreign_message_withheld(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, tmp_path: Path
) -> None:
    def fake_convert(*args: Any, **kwargs: Any) -> Any:
        warnings.warn("the package's own warning", NoSecretWarning)
        # Another library's warning, quoting the text it was given.
        warnings.warn(f"could not align the entity in {MARKER!r}", UserWarning)
        raise OSError("stop here")

    monkeypatch.setattr(convert_cli, "convert", fake_convert)
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        main(["convert", str(tmp_path / "in.jsonl"), str(tmp_path / "out.jsonl"), "--format", "jsonl"])
    err = capsys.readouterr().err
    assert "warning: the package's own warning" in err
    assert "warning: UserWarning from test_cli_logging.py:" in err and "message withheld" in err
    assert MARKER not in err


def test_logging_setup_is_undone_after_the_command(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    handlers = list(logger.handlers)
    level = logger.level
    showwarning = warnings.showwarning
    main(["-v", "convert", str(_notes_with_a_bad_line(tmp_path)), str(tmp_path / "out.jsonl"), "--format", "jsonl"])
    assert logger.handlers == handlers and logger.level == level
    assert warnings.showwarning is showwarning
    assert not any(type(h).__name__ == "_ConsoleHandler" for h in logging.getLogger("py.warnings").handlers)
