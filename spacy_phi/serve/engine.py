"""One worker process's de-identifier: the pipeline loaded and set up once
(mode, secret, policy, the batch job's run settings), then each request's
records run through the batch job's runner, one request at a time.

The runner is the one `spacy-phi deid` uses, so a request gets the same
checks (empty, binary, too long...), the same failure isolation and the same
fail-closed rule: a record a component failed on has no text, only an error.
"""

from __future__ import annotations

import threading
from contextlib import ExitStack
from typing import Any, Dict, List, Mapping, Sequence

from .._logging import logger
from ..deid.api import NO_SECRET_MESSAGE, to_record
from ..deid.audit import audit_info
from ..deid.model import ModelError, configure_surrogates, load_pipeline, secret_source
from ..deid.records import REASON_COMPONENT, REASON_NO_OUTPUT, RecordResult
from ..deid.runner import DeidRunner
from ..deid.settings import DeidSettings
from ..policy.apply import apply_policy

#: Reasons that are the service's fault (500), not the request's (422).
SERVER_REASONS = frozenset({REASON_COMPONENT, REASON_NO_OUTPUT})
#: An invented note run once at start: the first request is not slowed by lazy
#: loading (surrogate lists), and a pipeline that fails on every note never serves.
WARM_UP_NOTE = "Seen by Dr. Hess on 03/14/2089. MRN 0937884. Call 617-555-0142."


class Deidentifier:
    """The pipeline of one process and the lock that serialises its use.

    settings (DeidSettings): model, language, mode, secret file, policy,
        batch size and max chars (`n_process` is not used: one process).
    RAISES (ModelError, PolicyError): the pipeline cannot be loaded or set up.
    """

    def __init__(self, settings: DeidSettings) -> None:
        nlp, model_name = load_pipeline(settings.model, lang=settings.lang)
        configure_surrogates(nlp, mode=settings.mode, secret_file=settings.secret_file)
        if settings.policy is not None:
            apply_policy(nlp, settings.policy)
        self.runner = DeidRunner.from_settings(nlp, settings, n_process=1)
        self.secret_source = secret_source(nlp)
        if self.secret_source == "random per run":
            logger.warning("serve: %s", NO_SECRET_MESSAGE.replace("deidentify: ", "", 1))
        info = audit_info(nlp, model_name)
        self.version: Dict[str, Any] = {
            "spacy_phi": info["spacy_phi_version"],
            "spacy": info["spacy_version"],
            "model": {"name": info["model_name"], "version": info["model_version"]},
            "policy": info["policy"],
        }
        # The run settings (failure marking, CPU settings) hold for the process's life.
        self._settings = ExitStack()
        self._settings.enter_context(self.runner.run_settings(workers=False))
        self._lock = threading.Lock()
        (warm_up,) = self.run([{"text": WARM_UP_NOTE, "id": "warm-up"}])
        if not warm_up.ok:
            self.close()
            error = warm_up.error
            raise ModelError(f"The pipeline fails on a test note ({error.reason if error else 'no output'}"
                             f"{f', component {error.component!r}' if error and error.component else ''}): "
                             "not serving")

    def run(self, items: Sequence[Mapping[str, Any]]) -> List[RecordResult]:
        """One result per item, in order (`deidentify()`'s record dicts:
        "text", "id", "patient_key", "known_phi").

        items (Sequence[Mapping[str, Any]]): the request's records.
        RETURNS (List[RecordResult]): the results; failed ones have no text.
        """
        records = [to_record(item, position) for position, item in enumerate(items)]
        with self._lock:
            return list(self.runner.stream(records))

    def close(self) -> None:
        """Restore what the run settings changed (the end of the process)."""
        self._settings.close()


def failure_status(results: Sequence[RecordResult]) -> int:
    """The status of a request some records of which failed: 500 when the
    service failed on one (a component, no output), else 422 (the input).

    results (Sequence[RecordResult]): the request's results.
    RETURNS (int): the HTTP status; 200 when none failed.
    """
    failures = [r.error.reason if r.error else REASON_NO_OUTPUT for r in results if not r.ok]
    if not failures:
        return 200
    return 500 if any(reason in SERVER_REASONS for reason in failures) else 422
