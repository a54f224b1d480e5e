"""Checks of component settings against the names the package knows, so a
typo in a config (`modes = {"PHONENUMBER": "tag"}`) stops the pipeline from
being built or loaded instead of being ignored.

The messages quote the setting and the valid names: config content, never
note text.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from .errors import ConfigError
from .labels import LABEL_NAMES, MEDDOCAN_MAPPING


def check_names(component: str, setting: str, given: Iterable[str], valid: Sequence[str], *,
                kind: str = "label") -> None:
    """Raise if any of `given` is not in `valid`.

    component (str): the component name shown in the message ("phi_guard").
    setting (str): the setting that holds the names ("guarded_labels").
    given (Iterable[str]): the names of the setting (list items or dict keys).
    valid (Sequence[str]): the names accepted, in the order the message lists them.
    kind (str): what the names are ("label", "mode", "rule id").
    RAISES (ConfigError): an unknown name; the message names the first ones and the valid ones.
    """
    unknown = [name for name in given if name not in valid]
    if not unknown:
        return
    shown = ", ".join(repr(name) for name in unknown)
    hint = _hint(unknown[0], valid)
    raise ConfigError(
        f"{component}: unknown {kind}{'s' if len(unknown) > 1 else ''} {shown} in {setting}{hint}; "
        f"valid {kind}s: {', '.join(valid)}"
    )


def check_labels(component: str, setting: str, given: Iterable[str],
                 valid: Sequence[str] = LABEL_NAMES) -> None:
    """`check_names` for PHI labels (default: every label of `spacy_phi.labels`)."""
    check_names(component, setting, given, valid, kind="label")


def _hint(name: object, valid: Sequence[str]) -> str:
    """A pointer for the commonest mistakes: a MEDDOCAN label where the
    component reads ours (a Spanish pipeline's entities carry our labels; the
    MEDDOCAN ones are only in doc.spans["meddocan"]), or a label in lower case."""
    if not isinstance(name, str):
        return ""
    ours: Optional[str] = MEDDOCAN_MAPPING.get(name)
    if ours in valid:
        return f" ({name} is a MEDDOCAN label; the entities carry the package's labels: {ours})"
    if name.upper() in valid:
        return f" (labels are upper case: {name.upper()})"
    return ""
