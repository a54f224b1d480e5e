"""The container image (Dockerfile): built from the offline wheel set with no
network, it runs as a non-root user, has a health check and answers /health
and /deidentify.

Runs where a container runtime (docker) answers and packages/dist holds the
offline wheel set (`spacy project run package`, then `pip download` of
REQUIREMENTS-offline.txt into it); skipped with the reason elsewhere.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "packages" / "dist"
NOTE = "Seen by Dr. Hess on 03/14/2089. MRN 0937884."


def _skip_reason() -> str:
    if shutil.which("docker") is None:
        return "no container runtime: the docker command is not installed"
    info = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=60)
    if info.returncode != 0:
        return "no container runtime: the docker daemon does not answer (docker info failed)"
    wanted = ("en_phi_deid-*.whl", "spacy_phi-*.whl", "REQUIREMENTS-offline.txt", "fastapi-*.whl", "torch-*.whl")
    missing = [pattern for pattern in wanted if not list(DIST.glob(pattern))]
    if missing:
        return (f"packages/dist has no offline wheel set ({', '.join(missing)} missing): run `spacy project run "
                "package`, then pip download -r packages/dist/REQUIREMENTS-offline.txt -d packages/dist")
    return ""


def _docker(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_the_image_builds_offline_runs_as_non_root_and_answers_health():
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    tag = f"spacy-phi-test:{uuid.uuid4().hex[:8]}"
    build = _docker("build", "--network", "none", "-t", tag, str(ROOT), timeout=3600)
    assert build.returncode == 0, build.stderr[-3000:]
    container = None
    try:
        config = json.loads(_docker("image", "inspect", tag).stdout)[0]["Config"]
        assert config["User"] and not config["User"].startswith(("0", "root"))
        assert config["Healthcheck"]["Test"][0] in ("CMD", "CMD-SHELL")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        run = _docker("run", "-d", "--rm", "-p", f"127.0.0.1:{port}:8080", "-e",
                      "SPACY_PHI_SECRET=container-test-secret", tag, "--workers", "1")
        assert run.returncode == 0, run.stderr[-2000:]
        container = run.stdout.strip()
        deadline = time.monotonic() + 300
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as answer:
                    assert json.loads(answer.read()) == {"status": "ok"}
                    break
            except OSError:
                assert time.monotonic() < deadline, _docker("logs", container).stderr[-3000:]
                time.sleep(2)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/deidentify", method="POST",
                                         data=json.dumps({"text": NOTE}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            text = json.loads(answer.read())["text"]
        assert "Hess" not in text and "03/14/2089" not in text and "0937884" not in text
    finally:
        if container:
            _docker("rm", "-f", container)
        _docker("image", "rm", "-f", tag)
