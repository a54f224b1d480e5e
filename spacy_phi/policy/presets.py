"""The presets of a policy and the actions a label can get.

A preset gives an action to labels; the policy's own `actions` then change
single labels. A label that neither sets keeps the pipeline's own mode
(`phi_surrogates.default_mode`, "surrogate" unless configured), so the
`safe_harbor` preset changes nothing: it is today's behaviour, byte for byte.
"""

from __future__ import annotations

from typing import Dict, Mapping, Tuple

from ..labels import LABEL_NAMES

#: What can happen to a span of a label (the first four are `phi_surrogates`'
#: modes of old; "keep" leaves the text as written, "hash" writes a keyed hash).
ACTIONS: Tuple[str, ...] = ("surrogate", "tag", "mask", "redact", "keep", "hash")

#: HIPAA Limited Data Set: dates, ages and town/city, state and ZIP may stay;
#: every other identifier goes (45 CFR 164.514(e)).
LIMITED_DATA_SET_KEPT: Tuple[str, ...] = ("DATE", "AGE", "CITY", "STATE", "ZIP")

#: The presets: label -> action; a label not listed keeps the pipeline's mode.
PRESETS: Dict[str, Mapping[str, str]] = {
    "safe_harbor": {},
    "limited_data_set": {
        **{label: "surrogate" for label in LABEL_NAMES},
        **{label: "keep" for label in LIMITED_DATA_SET_KEPT},
    },
    "tag_only": {label: "tag" for label in LABEL_NAMES},
    "redact": {label: "redact" for label in LABEL_NAMES},
}

#: The preset of a policy that names none.
DEFAULT_PRESET = "safe_harbor"


def preset_actions(preset: str) -> Dict[str, str]:
    """The actions of a preset, label -> action.

    preset (str): one of PRESETS.
    RETURNS (Dict[str, str]): a copy of its actions.
    RAISES (KeyError): an unknown preset.
    """
    return dict(PRESETS[preset])
