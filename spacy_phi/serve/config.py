"""The settings of `spacy-phi serve`, and where its bearer token comes from.

The settings travel to uvicorn's worker processes as JSON in an environment
variable (`CONFIG_ENV`): each worker builds its app from them. They hold the
path of the token file, never the token: every process reads the token
itself, from that file or from `TOKEN_ENV`, and never from a request.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Optional

from ..errors import SpacyPhiError
from ..deid.settings import DEFAULT_BATCH_SIZE, DEFAULT_MAX_CHARS, DeidSettings

#: Environment variable holding the settings (JSON) for the worker processes.
CONFIG_ENV = "SPACY_PHI_SERVE_CONFIG"
#: Environment variable holding the bearer token (when no token file is given).
TOKEN_ENV = "SPACY_PHI_SERVE_TOKEN"
#: Default limit on the bytes of one request body.
DEFAULT_MAX_REQUEST_BYTES = 10 * 2**20
#: Default limit on the records of one batch request.
DEFAULT_MAX_BATCH = 100
#: Default limit on the characters of one note (below the batch job's: a request is held in memory).
DEFAULT_SERVE_MAX_CHARS = min(DEFAULT_MAX_CHARS, 200_000)


class ServeConfigError(SpacyPhiError, ValueError):
    """A service setting no server can use (names the setting, never a token)."""


@dataclass(frozen=True, kw_only=True)
class ServeConfig:
    """What one worker process needs to serve requests.

    model, lang, mode, policy, secret_file, batch_size: as `spacy-phi deid`
        (`DeidSettings`); `policy` is the policy file's path.
    max_chars (int): longer notes are refused (422, reason "too_long").
    max_request_bytes (int): larger request bodies are refused (413).
    max_batch (int): batches with more records are refused (413).
    token_file (Optional[str]): file holding the bearer token; None: the
        `TOKEN_ENV` variable; neither: no authentication.
    access_log (bool): one line per request on stderr (no note text).
    log_level (int): the least level of the package's messages shown.
    """

    model: Optional[str] = None
    lang: str = "en"
    mode: Optional[str] = None
    policy: Optional[str] = None
    secret_file: Optional[str] = None
    batch_size: int = DEFAULT_BATCH_SIZE
    max_chars: int = DEFAULT_SERVE_MAX_CHARS
    max_request_bytes: int = DEFAULT_MAX_REQUEST_BYTES
    max_batch: int = DEFAULT_MAX_BATCH
    token_file: Optional[str] = None
    access_log: bool = True
    log_level: int = 30

    def __post_init__(self) -> None:
        for name in ("max_request_bytes", "max_batch"):
            if getattr(self, name) < 1:
                raise ServeConfigError(f"{name} must be >= 1 (got {getattr(self, name)})")

    def deid_settings(self) -> DeidSettings:
        """The de-identification settings, checked (the policy is loaded here).

        RETURNS (DeidSettings): one process, this config's pipeline options.
        RAISES (ModelError, PolicyError, SettingsError): as `spacy-phi deid`.
        """
        return DeidSettings(
            model=self.model, lang=self.lang, mode=self.mode, secret_file=self.secret_file,
            batch_size=self.batch_size, n_process=1, max_chars=self.max_chars, policy=self.policy,
        )

    def to_env(self) -> str:
        """The JSON for `CONFIG_ENV`."""
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_env(cls, environ: Optional[Dict[str, str]] = None) -> ServeConfig:
        """The config a worker process was started with (the defaults when none).

        RAISES (ServeConfigError): the variable does not hold a config.
        """
        raw = (os.environ if environ is None else environ).get(CONFIG_ENV)
        if not raw:
            return cls()
        try:
            fields: Dict[str, Any] = json.loads(raw)
            return cls(**fields)
        except (ValueError, TypeError) as err:
            raise ServeConfigError(f"{CONFIG_ENV} does not hold service settings ({type(err).__name__})") from None


def load_token(config: ServeConfig, environ: Optional[Dict[str, str]] = None) -> Optional[bytes]:
    """The bearer token: the token file's content, else `TOKEN_ENV`, else None
    (no authentication). Surrounding whitespace is not part of the token.

    RETURNS (Optional[bytes]): the token.
    RAISES (ServeConfigError): the file cannot be read or is empty, or the
        variable is set but empty (a mistake, not "no authentication").
    """
    if config.token_file:
        path = Path(config.token_file).expanduser()
        try:
            token = path.read_bytes().strip()
        except OSError as err:
            raise ServeConfigError(f"Cannot read the token file {str(path)!r}: {err.strerror}") from None
        if not token:
            raise ServeConfigError(f"The token file {str(path)!r} is empty")
        return token
    value = (os.environ if environ is None else environ).get(TOKEN_ENV)
    if value is None:
        return None
    if not value.strip():
        raise ServeConfigError(f"The environment variable {TOKEN_ENV} is set but empty: set it, or unset it "
                               "to serve without authentication")
    return value.strip().encode("utf8")
