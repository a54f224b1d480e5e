"""The FastAPI application of `spacy-phi serve`: routes, bearer token, errors.

`create_app()` is the factory uvicorn calls in each worker process: it reads
the settings (`config.ServeConfig.from_env`), loads the pipeline once and
returns the application wrapped in the size limit, the fail-closed handler
and the access log (`asgi.py`).

Every error body is `{"error": {"code", "message", ...}}` and names fields,
limits, record ids and reasons, never note text. A request with a record
that failed gets no text at all (fail closed): 422 when the input is at
fault (empty, too long, binary...), 500 when the service is (a component
failed), with the failed records listed as the batch job's errors file does.
"""

from __future__ import annotations

import hmac
import logging
import sys
from contextlib import ExitStack
from typing import Any, Dict, List, Optional, Sequence, Union

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ..about import __version__
from .._logging import log_to
from ..deid.records import RecordResult
from .asgi import RECORDS_STATE, AccessLog, ASGIApp, BodyLimit, FailClosed, access_logger, error_body, \
    internal_error_body
from .config import ServeConfig, load_token
from .engine import Deidentifier, failure_status
from .schemas import AnalyzeBatch, AnalyzeRequest, AnalyzeResult, DeidBatch, DeidRequest, DeidResult, Health, Version

#: The routes, as the access log shows them.
ROUTES = ("/deidentify", "/analyze", "/health", "/version", "/openapi.json")
_ERROR_SCHEMA = {"content": {"application/json": {"example": error_body("code", "what is wrong")}}}
_ERRORS = {
    401: {"description": "no bearer token, or a wrong one", **_ERROR_SCHEMA},
    413: {"description": "the body or the batch is larger than the limit", **_ERROR_SCHEMA},
    415: {"description": "the body is not sent as JSON (Content-Type: application/json)", **_ERROR_SCHEMA},
    422: {"description": "the request does not fit the schema, or a note cannot be de-identified (empty, "
                         "too long, binary...): no text is returned, the failed records are listed", **_ERROR_SCHEMA},
    500: {"description": "a component failed on a note, or another error: no text is returned", **_ERROR_SCHEMA},
}


class ServiceError(Exception):
    """An error answered as it is: status, code and message (no note text)."""

    def __init__(self, status: int, code: str, message: str, headers: Optional[Dict[str, str]] = None) -> None:
        super().__init__(code)
        self.status, self.code, self.message, self.headers = status, code, message, headers


def _token_check(token: Optional[bytes]) -> Any:
    """The dependency of the protected routes: nothing when no token is set,
    else the `Authorization: Bearer` header compared in constant time."""
    bearer = HTTPBearer(auto_error=False, description="the service's token, when it has one")

    def check(credentials: Optional[HTTPAuthorizationCredentials] = Depends(bearer)) -> None:
        if token is None:
            return
        challenge = {"WWW-Authenticate": "Bearer"}
        if credentials is None:
            raise ServiceError(401, "missing_token", "send the service's token: Authorization: Bearer TOKEN",
                               challenge)
        if not hmac.compare_digest(credentials.credentials.encode("utf8"), token):
            raise ServiceError(401, "invalid_token", "the bearer token is not the service's",
                               {"WWW-Authenticate": 'Bearer error="invalid_token"'})

    return check


def _clean_location(location: Sequence[Any]) -> List[Any]:
    """A validation error's location with the request's own keys left out
    (an unknown field's name is the client's text, not ours)."""
    known = {"body", "text", "id", "patient_key", "known_phi", "records", "include_spans"}
    return [part if isinstance(part, int) or part in known else "?" for part in location]


async def _invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    """A body not sent as JSON (415), not valid JSON (400) or not fitting the
    schema (422); the input values pydantic would echo are left out."""
    errors = exc.errors()
    content_type = request.headers.get("content-type", "")
    if content_type and "json" not in content_type.lower() and any(tuple(e.get("loc", ())) == ("body",) for e in errors):
        return JSONResponse(error_body("unsupported_media_type", "send the body as JSON, with the header "
                                       "Content-Type: application/json"), status_code=415)
    if any(error.get("type") == "json_invalid" for error in errors):
        return JSONResponse(error_body("bad_json", "the request body is not valid JSON"), status_code=400)
    problems = [{"loc": _clean_location(error.get("loc", ())), "type": error.get("type"), "msg": error.get("msg")}
                for error in errors]
    return JSONResponse(error_body("invalid_request", "the request does not fit the schema (see /openapi.json)",
                                   problems=problems), status_code=422)


async def _service_error(request: Request, exc: ServiceError) -> JSONResponse:
    return JSONResponse(error_body(exc.code, exc.message), status_code=exc.status, headers=exc.headers)


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    # The error is raised on after this response: `FailClosed` logs its type and place.
    return JSONResponse(internal_error_body(), status_code=500)


def _results(engine: Deidentifier, config: ServeConfig, request: Request, body: AnalyzeRequest) -> List[RecordResult]:
    """Run the request's notes; raise the error response when any failed."""
    items = body.items()
    setattr(request.state, RECORDS_STATE, len(items))
    if len(items) > config.max_batch:
        raise ServiceError(413, "batch_too_large", f"the batch has {len(items):,} records; the limit is "
                                                   f"{config.max_batch:,}: split it")
    results = engine.run(items)
    status = failure_status(results)
    if status != 200:
        failed = [result.error_dict() for result in results if not result.ok]
        raise _RecordsFailed(status, failed)
    return results


class _RecordsFailed(Exception):
    """Some records failed: no text for any of them (fail closed)."""

    def __init__(self, status: int, failed: List[Dict[str, Any]]) -> None:
        super().__init__("records failed")
        self.status, self.failed = status, failed


async def _records_failed(request: Request, exc: _RecordsFailed) -> JSONResponse:
    message = (f"{len(exc.failed)} record(s) could not be de-identified; no text is returned for any record of "
               "this request")
    return JSONResponse(error_body("records_failed", message, records=exc.failed), status_code=exc.status)


def build_api(engine: Deidentifier, config: ServeConfig, token: Optional[bytes]) -> FastAPI:
    """The FastAPI application (without the ASGI wrappers of `create_app`).

    engine (Deidentifier): this process's pipeline.
    config (ServeConfig): the limits.
    token (Optional[bytes]): the bearer token; None: no authentication.
    RETURNS (FastAPI): the application.
    """
    api = FastAPI(
        title="spacy_phi de-identification service",
        version=__version__,
        description="De-identify clinical notes: find PHI and replace it (docs/service.md). Every error "
                    'body is {"error": {"code", "message"}} and holds no note text.',
        docs_url=None, redoc_url=None,  # their pages load scripts from the internet; /openapi.json is served
    )
    api.add_exception_handler(RequestValidationError, _invalid_request)  # type: ignore[arg-type]
    api.add_exception_handler(ServiceError, _service_error)  # type: ignore[arg-type]
    api.add_exception_handler(_RecordsFailed, _records_failed)  # type: ignore[arg-type]
    api.add_exception_handler(Exception, _unexpected)
    protected = [Depends(_token_check(token))]

    @api.get("/health", response_model=Health, summary="the service is up and its pipeline loaded (no token)")
    def health() -> Dict[str, str]:
        return {"status": "ok"}

    @api.get("/version", response_model=Version, dependencies=protected, responses={401: _ERRORS[401]},
             summary="spacy_phi and spaCy versions, the pipeline, the policy and its content hash")
    def version() -> Dict[str, Any]:
        return {**engine.version, "secret": engine.secret_source}

    @api.post("/deidentify", response_model=Union[DeidResult, DeidBatch], response_model_exclude_none=True,
              dependencies=protected, responses=_ERRORS, summary="de-identify one note or a batch")
    def deidentify(body: DeidRequest, request: Request) -> Dict[str, Any]:
        results = _results(engine, config, request, body)
        records = [{"id": r.id, "text": r.text, **({"spans": r.spans} if body.include_spans else {})}
                   for r in results]
        return records[0] if body.records is None else {"records": records}

    @api.post("/analyze", response_model=Union[AnalyzeResult, AnalyzeBatch], response_model_exclude_none=True,
              dependencies=protected, responses=_ERRORS, summary="the PHI spans of one note or a batch (no text)")
    def analyze(body: AnalyzeRequest, request: Request) -> Dict[str, Any]:
        results = _results(engine, config, request, body)
        records = [{"id": r.id, "spans": r.spans} for r in results]
        return records[0] if body.records is None else {"records": records}

    return api


def _show_logs(config: ServeConfig, package: bool) -> ExitStack:
    """The access log and, with `package`, the package's messages (warnings
    by default) on stderr, for the life of the process."""
    stack = ExitStack()
    if package:
        stack.enter_context(log_to(sys.stderr, config.log_level))
    if config.access_log and not access_logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s access: %(message)s"))
        access_logger.addHandler(handler)
        access_logger.setLevel(logging.INFO)
        access_logger.propagate = False
    return stack


def create_app(config: Optional[ServeConfig] = None, *, show_logs: bool = True) -> ASGIApp:
    """The service's ASGI application (uvicorn's factory, one per worker process).

    config (Optional[ServeConfig]): the settings; None: those `spacy-phi serve`
        passed in the environment.
    show_logs (bool): show the package's messages on stderr (False where the
        caller already does: `spacy-phi serve` with one worker).
    RETURNS (ASGIApp): the application.
    RAISES (ServeConfigError, ModelError, PolicyError, SettingsError): before
        any request is taken.
    """
    config = config if config is not None else ServeConfig.from_env()
    logs = _show_logs(config, show_logs)
    token = load_token(config)
    engine = Deidentifier(config.deid_settings())
    api = build_api(engine, config, token)
    api.state.keep = (logs, engine)  # held for the life of the process
    return AccessLog(FailClosed(BodyLimit(api, config.max_request_bytes)), ROUTES, enabled=config.access_log)
