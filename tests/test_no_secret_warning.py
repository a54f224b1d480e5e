"""`deidentify()` without a secret warns, once per process (as `spacy-phi
deid` says it on stderr); with a secret it says nothing."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import spacy_phi
from spacy_phi.deid import api


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "_warned_no_secret", False, raising=False)
    monkeypatch.delenv("SPACY_PHI_SECRET", raising=False)


def _run() -> None:
    assert [r.ok for r in spacy_phi.deidentify(["Seen 03/14/2089."], model="rules", n_process=1)] == [True]


def test_warns_once_not_per_call() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):
            _run()
    no_secret = [w for w in caught if "no secret set" in str(w.message)]
    assert len(no_secret) == 1
    assert no_secret[0].category.__name__ == "NoSecretWarning" and issubclass(no_secret[0].category, UserWarning)
    assert "SPACY_PHI_SECRET" in str(no_secret[0].message)


def test_no_warning_with_a_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "secret"
    secret.write_text("a-test-secret")
    monkeypatch.setenv("SPACY_PHI_SECRET", "another-test-secret")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _run()
        monkeypatch.delenv("SPACY_PHI_SECRET")
        list(spacy_phi.deidentify(["Seen 03/14/2089."], model="rules", n_process=1, secret_file=str(secret)))
    assert not [w for w in caught if "no secret set" in str(w.message)]
