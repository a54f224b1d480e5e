"""What wraps every request of the service, outside the web framework, as
plain ASGI so that nothing escapes it:

- `BodyLimit`: a body larger than the limit is refused with 413 before it is
  read (by its Content-Length) or as soon as it passes the limit (chunked);
- `FailClosed`: any exception becomes a 500 whose body says only that the
  request failed; it is logged with its type and place, never its message
  (which may quote note text), and not raised to the server (whose log
  would print the message and the traceback);
- `AccessLog`: one line per request: client, method, path (a known route,
  else a placeholder: a path or query could carry text), status, time,
  records and a request id, also returned as the `X-Request-ID` header.
"""

from __future__ import annotations

import json
import logging
import time
import traceback
import uuid
from pathlib import Path
from typing import Any, Awaitable, Callable, Collection, Dict, MutableMapping, Optional

from .._logging import logger

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The logger of the access log (its own handler; not the package's warnings).
access_logger = logging.getLogger("spacy_phi.serve.access")
#: Where an endpoint records how many records a request held (`scope["state"]`).
RECORDS_STATE = "phi_records"


def error_body(code: str, message: str, **extra: Any) -> Dict[str, Any]:
    """The JSON body of every error response: `{"error": {"code", "message", ...}}`."""
    return {"error": {"code": code, "message": message, **extra}}


async def send_json(send: Send, status: int, body: Dict[str, Any], headers: Optional[Dict[str, str]] = None) -> None:
    """Send a whole JSON response."""
    payload = json.dumps(body).encode("utf8")
    raw_headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    raw_headers += [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": payload})


class BodyLimit:
    """Refuse request bodies larger than `max_bytes` with 413."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def _refusal(self) -> Dict[str, Any]:
        return error_body("request_too_large", f"the request body is larger than the limit of {self.max_bytes:,} "
                                               "bytes: send fewer or shorter notes per request")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await send_json(send, 413, self._refusal(), {"connection": "close"})
            return
        seen = 0
        too_large = False

        async def limited_receive() -> Message:
            nonlocal seen, too_large
            if too_large:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    # The application sees the client gone (it stops reading); its answer is replaced below.
                    too_large = True
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            if not too_large:
                await send(message)

        await self.app(scope, limited_receive, guarded_send)
        if too_large:
            await send_json(send, 413, self._refusal(), {"connection": "close"})


def _place(err: BaseException) -> str:
    frames = traceback.extract_tb(err.__traceback__)
    if not frames:
        return "unknown place"
    return f"{Path(frames[-1].filename).name}:{frames[-1].lineno}"


class FailClosed:
    """Turn any exception into a 500 with no text; log its type and place only."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as err:  # fail closed: nothing of the request leaves, nothing is re-raised
            logger.error("serve: unexpected %s at %s (message withheld: it may quote note text)",
                         type(err).__name__, _place(err))
            if not started:
                await send_json(send, 500, internal_error_body())


def internal_error_body() -> Dict[str, Any]:
    """The body of a 500 for an unexpected error (the same wherever it is caught)."""
    return error_body("internal_error", "the request failed; no text was returned (the service log names the "
                                        "error type, never note text)")


class AccessLog:
    """One log line per request, without note text; an `X-Request-ID` header.

    routes (Collection[str]): the paths logged as they are; others are logged
        as "(other path)".
    enabled (bool): whether to log (the header is always added).
    """

    def __init__(self, app: ASGIApp, routes: Collection[str], enabled: bool = True) -> None:
        self.app = app
        self.routes = frozenset(routes)
        self.enabled = enabled

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = uuid.uuid4().hex[:16]
        scope.setdefault("state", {})  # where the endpoint leaves the number of records
        status = 0
        begun = time.perf_counter()

        async def tagging_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                message["headers"] = [*message.get("headers", []), (b"x-request-id", request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, tagging_send)
        finally:
            if self.enabled:
                self._log(scope, status, time.perf_counter() - begun, request_id)

    def _log(self, scope: Scope, status: int, seconds: float, request_id: str) -> None:
        path = scope.get("path", "")
        shown = path if path in self.routes else "(other path)"
        client = scope.get("client") or ("-", 0)
        records = (scope.get("state") or {}).get(RECORDS_STATE)
        method = str(scope.get("method", "-"))[:10]
        access_logger.info('%s "%s %s" %d %.1fms records=%s request=%s', client[0], method, shown, status,
                           seconds * 1000, "-" if records is None else records, request_id)
