"""The settings every de-identification entry point shares: `DeidSettings`.

`spacy_phi.deidentify()`, `spacy-phi deid` (its `DeidOptions` extends these
settings with the options of a file job: formats, paths, resume...) and the
Spark engine (`deidentify_dataframe`, `spacy-phi deid --engine spark`) take
the same settings, with their defaults and their checks defined here and
nowhere else. The keyword arguments of `deidentify()` and
`deidentify_dataframe()` are a convenience: `with_settings` applies the ones
given to a `DeidSettings`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Optional

from ..errors import SpacyPhiError
from ..policy.schema import Policy, load_policy
from ..surrogates.replacer import MODES
from .model import ModelError

#: Default `nlp.pipe` batch size (`--batch-size`); also the records per chunk of a worker process.
DEFAULT_BATCH_SIZE = 64
#: Default number of processes (`--n-process`): every available core.
DEFAULT_PROCESSES = -1
#: Default limit on the characters of one note (`--max-chars`).
DEFAULT_MAX_CHARS = 1_000_000


class SettingsError(SpacyPhiError, ValueError):
    """A setting has a value no run can use (the message names the setting and
    the value, a number: never note text).

    setting (str): the setting's name, e.g. "batch_size".
    problem (str): what is wrong with its value.
    """

    def __init__(self, setting: str, problem: str) -> None:
        super().__init__(f"{setting} {problem}")
        self.setting = setting
        self.problem = problem


@dataclass(frozen=True, kw_only=True)
class DeidSettings:
    """How records are de-identified, whatever the entry point. Checked when
    made; frozen: derive a variant with `dataclasses.replace` or `with_settings`.

    model (Optional[str]): pipeline name or path, or "rules" for the rules-only
        pipeline; None: `en_phi_deid` if installed, else the rules-only
        pipeline. Not used where the caller gives the pipeline (`nlp`, `nlp_loader`).
    lang (str): language of the rules-only pipeline.
    mode (Optional[str]): how `phi_surrogates` replaces PHI: "surrogate",
        "mask", "tag" or "redact"; None keeps the pipeline's setting.
    secret_file (Optional[str]): file holding the secret that keys surrogates
        and hashes; None: the SPACY_PHI_SECRET environment variable, else a
        random secret for the run.
    batch_size (int): `nlp.pipe` batch size (>= 1).
    n_process (int): processes: >= 1, or -1 (also 0) for every available
        core. The Spark engine does not use it: each executor task is one process.
    max_chars (int): longer notes fail with reason "too_long" (>= 1).
    policy (Optional[Policy]): the site's policy (docs/policy.md); a policy
        file, YAML text or dict given here is loaded and checked when the
        settings are made. None: the pipeline's own (safe_harbor unless it
        was saved with one).
    RAISES (ModelError): an unknown mode.
    RAISES (PolicyError): an invalid policy (the message names the line).
    RAISES (SettingsError): a number out of range.
    """

    model: Optional[str] = None
    lang: str = "en"
    mode: Optional[str] = None
    secret_file: Optional[str] = None
    batch_size: int = DEFAULT_BATCH_SIZE
    n_process: int = DEFAULT_PROCESSES
    max_chars: int = DEFAULT_MAX_CHARS
    policy: Optional[Policy] = None

    def __post_init__(self) -> None:
        if self.policy is not None and not isinstance(self.policy, Policy):
            # Loaded once, here: a bad policy stops the run before any note is read.
            object.__setattr__(self, "policy", load_policy(self.policy))
        if self.mode is not None and self.mode not in MODES:
            # A ModelError, as when the pipeline's phi_surrogates refuses the mode.
            raise ModelError(f"Unknown mode {self.mode!r}; expected one of {', '.join(MODES)}")
        if self.batch_size < 1:
            raise SettingsError("batch_size", f"must be >= 1 (got {self.batch_size})")
        if self.max_chars < 1:
            raise SettingsError("max_chars", f"must be >= 1 (got {self.max_chars})")
        if self.n_process < -1:
            raise SettingsError("n_process", f"must be >= 1, or -1 for every available core (got {self.n_process})")

    def as_settings(self) -> DeidSettings:
        """These settings alone, without the options a subclass adds
        (`DeidOptions`): what travels to worker processes and Spark executors.

        RETURNS (DeidSettings): the settings.
        """
        if type(self) is DeidSettings:
            return self
        return DeidSettings(**{f.name: getattr(self, f.name) for f in dataclasses.fields(DeidSettings)})


def with_settings(settings: Optional[DeidSettings] = None, **given: Any) -> DeidSettings:
    """`settings` with the keyword arguments given (those not None) applied:
    how `deidentify()` and `deidentify_dataframe()` turn their keyword
    arguments into settings.

    settings (Optional[DeidSettings]): the base settings; None: the defaults.
    given (Any): fields of `DeidSettings` (model, lang, mode, secret_file,
        batch_size, n_process, max_chars, policy); None leaves a field as it is.
    RETURNS (DeidSettings): the settings (of the type of `settings`).
    RAISES (ModelError, SettingsError): a value no run can use.
    """
    base = settings if settings is not None else DeidSettings()
    changes = {name: value for name, value in given.items() if value is not None}
    return dataclasses.replace(base, **changes) if changes else base
