"""The container image (Dockerfile): built from the offline wheel set with no
network, it runs as a non-root user, has a health check, answers /health and
de-identifies a note on /deidentify.

The build and run test needs a container engine that answers (docker, else
podman), the offline wheel set in packages/dist (scripts/build_image.sh makes
it) and a base image present locally (python:3.11-slim, SPACY_PHI_BASE_IMAGE, or
the Debian-made base of `scripts/build_image.sh --debian-base`); it is skipped
with the reason elsewhere. SPACY_PHI_TEST_IMAGE names an image already built, to
test it without building. The Dockerfile's facts are checked everywhere.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.request
import uuid
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "packages" / "dist"
DOCKERFILE = ROOT / "Dockerfile"
#: The tag scripts/build_image.sh --debian-base gives the base it makes.
DEBIAN_BASE = "localhost/spacy-phi-base:bookworm-py3.11"
NOTE = "Seen by Dr. Hess on 03/14/2089. MRN 0937884."
PHI = ("Hess", "03/14/2089", "0937884")


def _offline_wheels():
    spec = importlib.util.spec_from_file_location("offline_wheels", ROOT / "scripts" / "offline_wheels.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _engine() -> Tuple[Optional[str], str]:
    """The first container engine that answers, or None and why none does."""
    reasons = []
    for engine in ("docker", "podman"):
        if shutil.which(engine) is None:
            reasons.append(f"{engine} is not installed")
            continue
        info = subprocess.run([engine, "info"], capture_output=True, text=True, timeout=60)
        if info.returncode == 0:
            return engine, ""
        reasons.append(f"{engine} info failed (no daemon or no permission)")
    return None, "no container engine: " + "; ".join(reasons)


def _present(engine: str, image: str) -> bool:
    return subprocess.run([engine, "image", "inspect", image], capture_output=True, timeout=60).returncode == 0


def _base_image(engine: str) -> Optional[str]:
    """The first base image present locally (an offline build cannot pull one)."""
    wanted = os.environ.get("SPACY_PHI_BASE_IMAGE", "python:3.11-slim")
    return next((image for image in (wanted, DEBIAN_BASE) if _present(engine, image)), None)


def _wheel_set_gaps() -> List[str]:
    """What packages/dist lacks for an offline build."""
    gaps = [f"{name} wheel" for name in ("en_phi_deid", "spacy_phi") if not list(DIST.glob(f"{name}-*.whl"))]
    return gaps + _offline_wheels().missing_wheels(DIST)


def _run(engine: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([engine, *args], capture_output=True, text=True, timeout=timeout)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_health(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as answer:
                return json.loads(answer.read()) == {"status": "ok"}
        except OSError:
            time.sleep(1)
    return False


def _image_config(engine: str, image: str) -> Tuple[str, Optional[dict]]:
    """The image's user and health check, from docker's or podman's inspect output."""
    data = json.loads(_run(engine, "image", "inspect", image).stdout)[0]
    config = data.get("Config") or {}
    return config.get("User") or data.get("User") or "", config.get("Healthcheck") or data.get("Healthcheck")


@pytest.mark.slow
def test_the_image_builds_offline_runs_as_non_root_and_answers_health():
    engine, reason = _engine()
    if engine is None:
        pytest.skip(reason)
    image = os.environ.get("SPACY_PHI_TEST_IMAGE")
    built = None
    if not image:
        gaps = _wheel_set_gaps()
        if gaps:
            pytest.skip(f"packages/dist is not a complete offline wheel set ({len(gaps)} missing, e.g. "
                        f"{gaps[0]}): scripts/build_image.sh makes it")
        base = _base_image(engine)
        if base is None:
            pytest.skip("no base image present locally for an offline build (python:3.11-slim, "
                        f"SPACY_PHI_BASE_IMAGE or {DEBIAN_BASE}): pull one, or run scripts/build_image.sh --debian-base")
        built = image = f"localhost/spacy-phi-test:{uuid.uuid4().hex[:8]}"
        # podman writes OCI images by default, and those have no HEALTHCHECK.
        fmt = ["--format", "docker"] if engine == "podman" else []
        build = _run(engine, "build", *fmt, "--network", "none", "--build-arg", f"BASE_IMAGE={base}",
                     "-t", image, str(ROOT), timeout=3600)
        assert build.returncode == 0, build.stderr[-3000:]
    container = None
    try:
        user, healthcheck = _image_config(engine, image)
        assert user and user.split(":")[0] not in ("0", "root"), user
        assert healthcheck and healthcheck["Test"][0] in ("CMD", "CMD-SHELL"), healthcheck
        port = _free_port()
        run = _run(engine, "run", "-d", "--rm", "-p", f"127.0.0.1:{port}:8080",
                   "-e", "SPACY_PHI_SECRET=container-test-secret", image, "--workers", "1")
        assert run.returncode == 0, run.stderr[-2000:]
        container = run.stdout.strip()
        assert _wait_for_health(port, 300), _run(engine, "logs", container).stderr[-3000:]
        uid = _run(engine, "exec", container, "id", "-u").stdout.strip()
        assert uid and uid != "0", uid
        # The image's own health check (the command docker runs) passes too.
        check = _run(engine, "exec", container, *healthcheck["Test"][1:])
        assert check.returncode == 0, check.stderr[-2000:]
        request = urllib.request.Request(f"http://127.0.0.1:{port}/deidentify", method="POST",
                                         data=json.dumps({"text": NOTE}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            text = json.loads(answer.read())["text"]
        assert text.startswith("Seen by Dr. ") and not [phi for phi in PHI if phi in text]
    finally:
        if container:
            _run(engine, "rm", "-f", container)
        if built:
            _run(engine, "image", "rm", "-f", built)


# The Dockerfile's facts, checked by reading it (no engine needed).

def _instructions() -> List[Tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments dropped."""
    lines = [line for line in DOCKERFILE.read_text(encoding="utf-8").splitlines()
             if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n", " ", "\n".join(lines))
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line.strip() else "")
            for line in (raw.strip() for raw in joined.splitlines()) if line]


def test_the_dockerfile_installs_offline_from_the_wheel_set_only():
    instructions = _instructions()
    runs = " ".join(args for op, args in instructions if op == "RUN")
    assert "pip install" in runs and "--no-index" in runs and "--find-links /wheels" in runs
    assert ("COPY", "packages/dist /wheels") in instructions
    # .dockerignore sends the wheel set only: no checkout, no notes, no secrets in the context.
    ignore = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert ignore == ["*", "!packages/dist/"]


def test_the_dockerfile_keeps_python_slim_as_the_default_base_and_lets_it_be_replaced():
    instructions = _instructions()
    assert instructions[0] == ("ARG", "BASE_IMAGE=python:3.11-slim")
    assert [args.split()[0] for op, args in instructions if op == "FROM"] == ["${BASE_IMAGE}", "${BASE_IMAGE}"]


def test_the_final_stage_runs_as_a_non_root_user_with_a_health_check_that_needs_no_curl():
    instructions = _instructions()
    final = instructions[max(i for i, (op, _) in enumerate(instructions) if op == "FROM"):]
    users = [args for op, args in final if op == "USER"]
    assert users and users[-1].split(":")[0] not in ("0", "root")
    (healthcheck,) = [args for op, args in final if op == "HEALTHCHECK"]
    command = json.loads(healthcheck.split(" CMD ", 1)[1])
    assert command[0] == "python" and "/health" in command[-1]
    assert "curl" not in healthcheck and "wget" not in healthcheck
    (entrypoint,) = [json.loads(args) for op, args in final if op == "ENTRYPOINT"]
    assert entrypoint[:2] == ["spacy-phi", "serve"] and "0.0.0.0" in entrypoint
    assert ("EXPOSE", "8080") in final
