"""Which pipeline `spacy-phi deid` runs, and how its `phi_surrogates` is set.

- `--model NAME_OR_PATH`: `spacy.load` of that installed package or folder
  (a path that does not exist is a clear error, not a traceback);
- `--model rules`: the rules-only pipeline `spacy_phi.pipelines.rules_pipeline(lang)`;
- no `--model`: the trained `en_phi_deid` package when installed, else the
  rules-only pipeline.

A pipeline without `phi_surrogates` gets one added last. The mode and the
secret file are set on the component after loading (a saved component's own
settings are restored by `from_disk`, so a config override at load time would
not survive).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import spacy
from spacy.language import Language

from ..errors import SpacyPhiError
from ..surrogates.component import PhiSurrogates
from ..surrogates.keys import SecretError, load_secret
from ..surrogates.replacer import MODES

#: The trained pipeline used when no --model is given and it is installed.
DEFAULT_PACKAGE = "en_phi_deid"
#: `--model rules`: the rules-only pipeline, even where en_phi_deid is installed
#: (a folder named "rules" is given as "./rules").
RULES_MODEL = "rules"
SURROGATES = "phi_surrogates"


class ModelError(SpacyPhiError):
    """The pipeline cannot be found, loaded or set up (no note text in the message)."""


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:300] if text else type(err).__name__


def load_pipeline(model: Optional[str] = None, *, lang: str = "en") -> Tuple[Language, str]:
    """Resolve and load the pipeline.

    model (Optional[str]): an installed package name, a pipeline folder, or
        "rules" for the rules-only pipeline; None for the default (en_phi_deid
        if installed, else the rules pipeline).
    lang (str): language of the rules pipeline.
    RETURNS (Tuple[Language, str]): the pipeline and a description of it.
    RAISES (ModelError): not found or not loadable.
    """
    if model == RULES_MODEL:
        return _rules_pipeline(lang)
    if model:
        path = Path(model).expanduser()
        looks_like_path = os.sep in model or model.startswith(".") or path.exists()
        if not path.exists() and (looks_like_path or not spacy.util.is_package(model)):
            raise ModelError(f"No pipeline at {model!r}: not an existing folder nor an installed package")
        try:
            nlp = spacy.load(path if path.exists() else model)
        except Exception as err:  # spaCy raises OSError, ValueError, config errors
            raise ModelError(f"Cannot load the pipeline {model!r}: {_first_line(err)}") from None
        return nlp, model
    if spacy.util.is_package(DEFAULT_PACKAGE):
        try:
            return spacy.load(DEFAULT_PACKAGE), DEFAULT_PACKAGE
        except Exception as err:
            raise ModelError(f"Cannot load the pipeline {DEFAULT_PACKAGE!r}: {_first_line(err)}") from None
    return _rules_pipeline(lang)


def _rules_pipeline(lang: str) -> Tuple[Language, str]:
    try:
        from ..pipelines import rules_pipeline  # type: ignore[import-not-found]
    except ModuleNotFoundError as err:
        if err.name not in ("spacy_phi.pipelines", None):
            raise
        raise ModelError(
            f"No pipeline given and none available: {DEFAULT_PACKAGE!r} is not installed and this "
            "version of spacy_phi has no rules-only pipeline (spacy_phi.pipelines). Pass --model."
        ) from None
    except ImportError as err:
        raise ModelError(f"The rules-only pipeline cannot be imported: {_first_line(err)}") from None
    try:
        nlp = rules_pipeline(lang)
    except Exception as err:  # an unknown --lang: spaCy raises ImportError or config errors
        raise ModelError(f"Cannot build the rules-only pipeline for language {lang!r}: {_first_line(err)}") from None
    return nlp, f"rules-only pipeline ({lang})"


def ensure_surrogates(nlp: Language) -> PhiSurrogates:
    """The pipeline's `phi_surrogates` component, added last if missing.

    nlp (Language): the pipeline.
    RETURNS (PhiSurrogates): the component.
    """
    if SURROGATES not in nlp.pipe_names:
        nlp.add_pipe(SURROGATES, last=True)
    component = nlp.get_pipe(SURROGATES)
    if not isinstance(component, PhiSurrogates):
        raise ModelError(f"The component {SURROGATES!r} of this pipeline is not spacy_phi's PhiSurrogates")
    return component


def configure_surrogates(
    nlp: Language,
    *,
    mode: Optional[str] = None,
    secret_file: Optional[str] = None,
    modes: Optional[Dict[str, str]] = None,
) -> Dict[str, Any]:
    """Set the mode and secret file of `phi_surrogates` (validated; the secret
    is reloaded). The secret file is read once here so that an unreadable one
    fails before any record is processed.

    nlp (Language): the pipeline.
    mode (Optional[str]): default mode ("surrogate", "mask", "tag", "redact"); None keeps it.
    secret_file (Optional[str]): the secret file; None keeps the setting.
    modes (Optional[Dict[str, str]]): per-label modes to add.
    RETURNS (Dict[str, Any]): the previous settings (for `restore_surrogates`).
    RAISES (ModelError): unknown mode or unreadable secret file.
    """
    component = ensure_surrogates(nlp)
    previous = component.settings
    settings = dict(previous)
    if mode is not None:
        if mode not in MODES:
            raise ModelError(f"Unknown mode {mode!r}; expected one of {', '.join(MODES)}")
        settings["default_mode"] = mode
    if modes:
        settings["modes"] = {**settings["modes"], **modes}
    if secret_file is not None:
        try:
            load_secret(secret_file, None)
        except SecretError as err:
            raise ModelError(str(err)) from None
        settings["secret_file"] = str(Path(secret_file).expanduser().resolve())
    try:
        component.configure(**settings)
    except ValueError as err:
        raise ModelError(str(err)) from None
    return previous


def restore_surrogates(nlp: Language, previous: Dict[str, Any]) -> None:
    """Put back settings saved by `configure_surrogates`.

    nlp (Language): the pipeline.
    previous (Dict[str, Any]): the earlier settings.
    """
    if SURROGATES in nlp.pipe_names:
        nlp.get_pipe(SURROGATES).configure(**previous)


def secret_source(nlp: Language) -> str:
    """Where the run secret comes from: "file", "environment" or "random per run".

    nlp (Language): the pipeline (with phi_surrogates).
    RETURNS (str): the source (never the secret).
    """
    cfg = ensure_surrogates(nlp).cfg
    if cfg.get("secret_file"):
        return "file"
    if cfg.get("secret_env") and os.environ.get(cfg["secret_env"]):
        return "environment"
    return "random per run"


def use_gpu(gpu_id: int) -> None:
    """Use the GPU `gpu_id` when it is >= 0 (before loading the pipeline).

    gpu_id (int): the GPU id; negative for CPU.
    RAISES (ModelError): the GPU cannot be used.
    """
    if gpu_id is None or gpu_id < 0:
        return
    try:
        spacy.require_gpu(gpu_id)
    except Exception as err:
        raise ModelError(f"GPU {gpu_id} cannot be used: {_first_line(err)}") from None
