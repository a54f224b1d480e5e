"""The keyed replacements of structured fields: pseudonymous ids, surrogate
names and identifiers, and the patient's date shift, all from the run's
secret and the same patient key the note text is keyed by.

The patient key of a structured record is read from the record itself (the
FHIR subject's id), and `generator` builds the `SurrogateGenerator` the
`phi_surrogates` component would build for a note with that key: the
structured dates of a resource move by the shift its text gets, and the
notes of the same patient read from JSONL with that `patient_id` get the
same shift and surrogates.
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any, Dict, Optional

from ..manifest import keyed_hash
from ...surrogates.dates import month_shift, year_shift
from ...surrogates.component import generator_from_cfg
from ...surrogates.generator import SurrogateGenerator
from ...surrogates.keys import doc_key

_ID_PURPOSE = "spacy_phi.interop.id.v1"
#: Hex digits of a pseudonymous id: 128 bits, and within FHIR's 64-character id limit.
_ID_HEX = 32


class RecordKeys:
    """Keyed replacements for one run.

    secret (bytes): the run secret.
    surrogate_cfg (Dict[str, Any]): the `phi_surrogates` settings of the run.
    """

    def __init__(self, secret: bytes, surrogate_cfg: Dict[str, Any]) -> None:
        self._secret = secret
        self.cfg = dict(surrogate_cfg)

    def __repr__(self) -> str:
        return "<RecordKeys>"  # never the secret

    def pseudo_id(self, kind: str, value: str) -> str:
        """A pseudonymous id: the same kind and value always give the same id.

        kind (str): what the value identifies ("Patient", "urn:uuid", "MR").
        value (str): the original id.
        RETURNS (str): 32 lowercase hex digits.
        """
        digest = keyed_hash(self._secret, f"{kind}\x1f{value}", _ID_PURPOSE)
        return digest.rsplit(":", 1)[-1][:_ID_HEX]

    def pseudo_uuid(self, value: str) -> str:
        """A pseudonymous UUID (version 4 layout) for a `urn:uuid:` id."""
        return str(uuid.UUID(hex=self.pseudo_id("urn:uuid", value), version=4))

    def key(self, patient_key: Optional[str], record_id: str) -> str:
        """The surrogate key of a record, exactly as `phi_surrogates` derives it."""
        user_data = {self.cfg["record_id_field"]: record_id}
        if patient_key is not None:
            user_data[self.cfg["patient_key_field"]] = patient_key
        return doc_key(user_data, self.cfg["patient_key_field"], self.cfg["record_id_field"])

    def generator(self, patient_key: Optional[str], record_id: str) -> SurrogateGenerator:
        """The surrogate generator of a record's patient (see the module docstring)."""
        return generator_from_cfg(self._secret, self.key(patient_key, record_id), self.cfg)


def shift_partial(year: int, month: Optional[int], offset_days: int) -> tuple:
    """Shift a year or a year-month the way the notes' partial dates move
    without a reference date: by whole months or years (never 0).

    year (int): the year.
    month (Optional[int]): the month, or None for a year alone.
    offset_days (int): the patient's shift.
    RETURNS (tuple): (year, month or None).
    """
    if month is None:
        return year + year_shift(offset_days), None
    total = year * 12 + (month - 1) + month_shift(offset_days)
    return total // 12, total % 12 + 1


def shift_datetime(value: dt.datetime, offset_days: int) -> dt.datetime:
    """Shift a date-time by whole days (time of day and zone kept)."""
    return value + dt.timedelta(days=offset_days)
