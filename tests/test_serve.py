"""`spacy-phi serve` over real HTTP: a server started on a free port in a
subprocess (uvicorn, as users run it), called with urllib.

- one note and a batch are de-identified (span map on request), /analyze
  returns offsets only, /health and /version answer;
- a body over the limit (413), a batch over the limit (413), bad JSON (400),
  a body not sent as JSON (415), a bad field (422, without the value);
- no token and a wrong token (401), while /health stays open;
- concurrent requests to two worker processes each get their own note back;
- a component that fails on a note: 500, and no note text, de-identified or
  not, in the body or the server's log (its exception message quotes the note);
- settings that cannot work stop the command before the port opens (exit 2).

Every note is invented.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Dict, Iterator, Optional, Tuple

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

import spacy_phi  # noqa: E402
from spacy_phi.cli import main  # noqa: E402

from serve_plugin import FAIL_MARKER  # noqa: E402
from standin import standin_pipeline  # noqa: E402

REPO = Path(spacy_phi.__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent
TOKEN = "serve-test-token-0123456789abcdef"
SECRET = "serve-test-secret-0123456789abcdef"
PATTERNS = [
    {"label": "PATIENT", "pattern": [{"TEXT": "Quaxley"}, {"TEXT": "Bramblewood"}]},
    {"label": "DATE", "pattern": [{"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}/\d{4}$"}}]},
]
#: PHI of the notes: never in a response or a log line.
NAME = "Quaxley Bramblewood"
DATE = "03/14/2089"
#: Only in note text, never PHI: must not reach an error body or the log either.
NOTE_WORD = "Zorbenthal"
MAX_BYTES = 4096
MAX_BATCH = 8


def note(i: int) -> str:
    return f"{NAME} seen {DATE} for {NOTE_WORD} visit {i}."


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A `spacy-phi serve` subprocess and what it logged."""

    def __init__(self, args: list, log: Path, env: Dict[str, Optional[str]], plugin: bool = False) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        code = "import sys\n" + ("import serve_plugin\n" if plugin else "") + \
            "from spacy_phi.cli import main\nsys.exit(main(sys.argv[1:]))"
        self._stream = open(log, "wb")
        environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(TESTS)]), **env}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", str(self.port), *args],
            stdout=self._stream, stderr=subprocess.STDOUT,
            env={name: value for name, value in environ.items() if value is not None},  # None: unset
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited ({self.proc.returncode}): {self.log_text()}")
            try:
                if call(self, "GET", "/health")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise AssertionError("the server did not answer /health in time")

    def log_text(self) -> str:
        self._stream.flush()
        return self.log.read_text(encoding="utf8", errors="replace")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._stream.close()


def call(server: Server, method: str, path: str, body: Any = None, *, token: Optional[str] = TOKEN,
         raw: Optional[bytes] = None, content_type: str = "application/json") -> Tuple[int, Dict[str, Any], str]:
    """(status, JSON body, raw body text) of one request."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode("utf8"))
    request = urllib.request.Request(server.url + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read().decode("utf8")
            status = response.status
    except urllib.error.HTTPError as err:
        text = err.read().decode("utf8")
        status = err.code
    return status, (json.loads(text) if text else {}), text


def assert_no_note_text(text: str) -> None:
    for value in (NAME, "Quaxley", "Bramblewood", DATE, NOTE_WORD):
        assert value not in text


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> Dict[str, Path]:
    folder = tmp_path_factory.mktemp("models")
    standin_pipeline(PATTERNS).to_disk(folder / "standin")
    import serve_plugin  # noqa: F401  (registers the failing component)

    standin_pipeline(PATTERNS, "serve_test_fail").to_disk(folder / "failing")
    return {"standin": folder / "standin", "failing": folder / "failing"}


@pytest.fixture(scope="module")
def server(models, tmp_path_factory) -> Iterator[Server]:
    """Two worker processes, a token file and small limits."""
    folder = tmp_path_factory.mktemp("server")
    (folder / "token").write_text(TOKEN + "\n", encoding="utf8")
    started = Server(["--model", str(models["standin"]), "--workers", "2", "--token-file", str(folder / "token"),
                      "--max-request-bytes", str(MAX_BYTES), "--max-batch", str(MAX_BATCH)],
                     folder / "server.log", {"SPACY_PHI_SECRET": SECRET, "SPACY_PHI_SERVE_TOKEN": None})
    yield started
    started.stop()


@pytest.fixture(scope="module")
def failing_server(models, tmp_path_factory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("failing")
    started = Server(["--model", str(models["failing"]), "--mode", "tag"], folder / "server.log",
                     {"SPACY_PHI_SECRET": SECRET, "SPACY_PHI_SERVE_TOKEN": None}, plugin=True)
    yield started
    started.stop()


# -- what it answers -----------------------------------------------------------------------------


def test_one_note_is_deidentified_with_its_span_map_on_request(server):
    status, body, _ = call(server, "POST", "/deidentify", {"text": note(1), "id": "n1", "include_spans": True})
    assert status == 200
    assert body["id"] == "n1"
    assert_no_note_text(body["text"].replace(NOTE_WORD, ""))
    assert NOTE_WORD in body["text"]  # the rest of the note is kept
    labels = [span["label"] for span in body["spans"]]
    assert labels == ["PATIENT", "DATE"]
    first = body["spans"][0]
    assert (first["start"], first["end"]) == (0, len(NAME))
    assert body["text"][first["new_start"]:first["new_end"]] != NAME
    status, plain, _ = call(server, "POST", "/deidentify", {"text": note(1), "id": "n1"})
    assert status == 200 and "spans" not in plain and plain["text"] == body["text"]  # one secret, two workers


def test_a_batch_comes_back_in_order_with_ids(server):
    records = [{"text": note(i), "id": f"n{i}", "patient_key": "P1"} for i in range(3)] + [{"text": note(9)}]
    status, body, _ = call(server, "POST", "/deidentify", {"records": records})
    assert status == 200
    assert [r["id"] for r in body["records"]] == ["n0", "n1", "n2", "3"]
    for i, result in zip((0, 1, 2, 9), body["records"]):
        assert result["text"].endswith(f"visit {i}.")
        assert_no_note_text(result["text"].replace(NOTE_WORD, ""))
    # The same patient key: the same surrogate name in every note.
    names = {r["text"].split(" seen ")[0] for r in body["records"][:3]}
    assert len(names) == 1


def test_analyze_returns_offsets_and_no_text(server):
    status, body, text = call(server, "POST", "/analyze", {"records": [{"text": note(1)}, {"text": note(2)}]})
    assert status == 200
    assert [[s["label"] for s in r["spans"]] for r in body["records"]] == [["PATIENT", "DATE"]] * 2
    assert "text" not in body["records"][0]
    assert_no_note_text(text)


def test_health_is_open_and_version_names_the_model_and_policy(server):
    assert call(server, "GET", "/health", token=None)[:2] == (200, {"status": "ok"})
    status, body, _ = call(server, "GET", "/version")
    assert status == 200
    assert body["spacy_phi"] == spacy_phi.__version__
    assert body["policy"]["content_hash"].startswith("sha256:") and body["policy"]["preset"] == "safe_harbor"
    assert body["model"]["name"] and body["secret"] == "environment"
    status, schema, _ = call(server, "GET", "/openapi.json", token=None)
    assert status == 200 and {"/deidentify", "/analyze", "/health", "/version"} <= set(schema["paths"])


# -- what it refuses -----------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_with_413(server):
    big = {"text": note(1) + " x" * MAX_BYTES}
    status, body, text = call(server, "POST", "/deidentify", big)
    assert status == 413 and body["error"]["code"] == "request_too_large"
    assert f"{MAX_BYTES:,}" in body["error"]["message"]
    assert_no_note_text(text)


def test_a_chunked_body_over_the_limit_is_refused_with_413(server):
    # No Content-Length: the limit is applied while the body is read. One send, so the
    # server has read everything when it answers (no reset of unread data).
    chunks = [b'{"text": "', b"y" * (MAX_BYTES // 2), b"y" * MAX_BYTES, b'"}']
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for chunk in chunks) + b"0\r\n\r\n"
    head = (f"POST /deidentify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Authorization: Bearer {TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        sock.sendall(head + body)
        answer = b""
        while not answer.endswith(b"}}") and (data := sock.recv(65536)):
            answer += data
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:100]
    assert b'"request_too_large"' in answer


def test_a_batch_over_the_limit_is_refused_with_413(server):
    status, body, _ = call(server, "POST", "/deidentify", {"records": [{"text": "Hi."}] * (MAX_BATCH + 1)})
    assert status == 413 and body["error"]["code"] == "batch_too_large"


def test_bad_json_is_a_400_and_a_wrong_field_a_422_without_its_value(server):
    status, body, text = call(server, "POST", "/deidentify", raw=f'{{"text": "{NAME}'.encode())
    assert status == 400 and body["error"]["code"] == "bad_json"
    assert_no_note_text(text)
    status, body, text = call(server, "POST", "/deidentify", {"text": 42, NAME: NOTE_WORD})
    assert status == 422 and body["error"]["code"] == "invalid_request"
    assert {p["type"] for p in body["error"]["problems"]} == {"string_type", "extra_forbidden"}
    assert_no_note_text(text)
    status, body, _ = call(server, "POST", "/deidentify", {"text": note(1), "records": []})
    assert status == 422
    status, body, text = call(server, "POST", "/deidentify", raw=note(1).encode(), content_type="text/plain")
    assert status == 415 and body["error"]["code"] == "unsupported_media_type"
    assert_no_note_text(text)


def test_a_note_that_cannot_be_deidentified_fails_the_whole_request_with_422(server):
    status, body, text = call(server, "POST", "/deidentify", {"records": [{"text": note(1), "id": "a"},
                                                                          {"text": "   ", "id": "b"}]})
    assert status == 422 and body["error"]["code"] == "records_failed"
    assert [(r["id"], r["reason"]) for r in body["error"]["records"]] == [("b", "whitespace_only")]
    assert_no_note_text(text)  # not even the note that worked: fail closed


@pytest.mark.parametrize("token, code", [(None, "missing_token"), ("not-the-token", "invalid_token"),
                                         (TOKEN + "x", "invalid_token")])
def test_no_token_or_a_wrong_one_is_a_401(server, token, code):
    for path, body in (("/deidentify", {"text": note(1)}), ("/analyze", {"text": note(1)}), ("/version", None)):
        status, answer, text = call(server, "POST" if body else "GET", path, body, token=token)
        assert status == 401 and answer["error"]["code"] == code
        assert_no_note_text(text)


def test_concurrent_requests_each_get_their_own_note(server):
    def one(i: int) -> Tuple[int, Dict[str, Any]]:
        return call(server, "POST", "/deidentify", {"text": note(i), "id": f"c{i}"})[:2]

    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(pool.map(one, range(48)))
    assert all(status == 200 for status, _ in answers)
    for i, (_, body) in enumerate(answers):
        assert body["id"] == f"c{i}" and body["text"].endswith(f"visit {i}.")


def test_the_access_log_names_requests_and_never_note_text(server):
    call(server, "POST", f"/deidentify?name={NAME.replace(' ', '+')}", {"text": note(1)})
    call(server, "GET", f"/{NOTE_WORD}")
    # The line is written once the answer is sent: wait for it.
    deadline = time.monotonic() + 30
    while '"GET (other path)" 404' not in server.log_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    log = server.log_text()
    assert '"POST /deidentify" 200' in log and "records=1" in log
    assert '"GET (other path)" 404' in log
    assert_no_note_text(log)
    assert TOKEN not in log and SECRET not in log


# -- fail closed ----------------------------------------------------------------------------------


def test_a_failing_component_is_a_500_with_no_text_in_the_body_or_the_log(failing_server):
    status, body, text = call(failing_server, "POST", "/deidentify", {"text": f"{FAIL_MARKER} {note(1)}"})
    assert status == 500 and body["error"]["code"] == "records_failed"
    (failed,) = body["error"]["records"]
    assert failed["reason"] == "component_failure" and failed["component"] == "serve_test_fail"
    assert_no_note_text(text)
    batch = {"records": [{"text": note(0)}, {"text": f"{FAIL_MARKER} {note(1)}"}, {"text": note(2)}],
             "include_spans": True}
    status, body, text = call(failing_server, "POST", "/deidentify", batch)
    assert status == 500 and [r["position"] for r in body["error"]["records"]] == [1]
    assert_no_note_text(text)
    assert "PATIENT**]" not in text  # not the de-identified text of the notes that worked either
    status, _, text = call(failing_server, "POST", "/analyze", {"records": batch["records"]})
    assert status == 500 and "spans" not in text
    # The service keeps serving.
    status, body, _ = call(failing_server, "POST", "/deidentify", {"text": note(3)})
    assert status == 200 and body["text"].startswith("[**PATIENT**] seen [**DATE**]")
    log = failing_server.log_text()
    assert "serve_test_fail" in log and "ValueError" in log
    assert_no_note_text(log)


def test_workers_without_a_secret_share_the_one_the_server_draws(models, tmp_path):
    started = Server(["--model", str(models["standin"]), "--workers", "2"], tmp_path / "server.log",
                     {"SPACY_PHI_SECRET": None, "SPACY_PHI_SERVE_TOKEN": None})
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(lambda _: call(started, "POST", "/deidentify", {"text": note(1),
                                                                                    "patient_key": "P1"})[:2],
                                    range(24)))
            versions = list(pool.map(lambda _: call(started, "GET", "/version")[1]["secret"], range(8)))
        assert {status for status, _ in answers} == {200}
        assert len({body["text"] for _, body in answers}) == 1  # whichever worker answered
        assert set(versions) == {"environment"}
        assert "no secret set" in started.log_text()
    finally:
        started.stop()


# -- settings that cannot work ----------------------------------------------------------------------


def test_settings_that_cannot_work_stop_the_command_before_serving(tmp_path, capsys):
    (tmp_path / "empty").write_text("\n", encoding="utf8")
    cases = [
        (["--policy", str(tmp_path / "missing.yaml")], "missing.yaml"),
        (["--token-file", str(tmp_path / "empty")], "token file"),
        (["--max-batch", "0"], "max_batch"),
        (["--model", str(tmp_path / "no-model")], "No pipeline"),
    ]
    for args, said in cases:
        assert main(["serve", "--port", "1", *args]) == 2
        err = capsys.readouterr().err
        assert "spacy-phi serve: error:" in err and said in err


# -- the wrappers, in-process ------------------------------------------------------------------------


def test_an_unexpected_error_is_a_500_whose_body_and_log_hold_no_text(caplog):
    import asyncio

    from spacy_phi.serve.asgi import AccessLog, FailClosed

    async def broken(scope, receive, send):
        raise RuntimeError(f"failed on {NAME}, {NOTE_WORD}")

    sent: list = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    app = AccessLog(FailClosed(broken), ["/deidentify"])
    scope = {"type": "http", "method": "POST", "path": "/deidentify", "headers": [], "client": ("10.0.0.1", 1)}
    with caplog.at_level("INFO"):
        asyncio.run(app(scope, receive, send))  # not raised on to the server, whose log would print it
    assert sent[0]["status"] == 500
    body = json.loads(sent[1]["body"])
    assert body["error"]["code"] == "internal_error"
    assert "RuntimeError" in caplog.text and "test_serve.py" in caplog.text
    assert_no_note_text(caplog.text + sent[1]["body"].decode())
