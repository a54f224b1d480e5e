"""The request and response bodies of the service (its OpenAPI description).

A request holds one note (`text`, with optional `id`, `patient_key` and
`known_phi`) or a batch (`records`, a list of such notes): the record dicts
of `spacy_phi.deidentify()` and the fields of a JSONL line of `spacy-phi deid`.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator

Key = Union[StrictStr, StrictInt]


class Note(BaseModel):
    """One note of a batch."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(description="the note")
    id: Optional[Key] = Field(None, description="the record id (default: its position in the batch, \"0\", \"1\"...)")
    patient_key: Optional[Key] = Field(
        None, description="same key and secret: same surrogates across notes and requests (default: the id)")
    known_phi: Optional[Dict[str, List[str]]] = Field(
        None, description='identifiers known from elsewhere, by label: {"PATIENT": ["Jane Roe"]}; never returned')


class AnalyzeRequest(BaseModel):
    """One note (`text` and its fields) or a batch (`records`), not both."""

    model_config = ConfigDict(extra="forbid")

    text: Optional[str] = Field(None, description="one note")
    id: Optional[Key] = None
    patient_key: Optional[Key] = None
    known_phi: Optional[Dict[str, List[str]]] = None
    records: Optional[List[Note]] = Field(None, description="a batch of notes")

    @model_validator(mode="after")
    def _one_note_or_a_batch(self) -> "AnalyzeRequest":
        if (self.text is None) == (self.records is None):
            raise ValueError("give either 'text' (one note) or 'records' (a batch), not both and not neither")
        if self.records is not None and any(v is not None for v in (self.id, self.patient_key, self.known_phi)):
            raise ValueError("a batch takes 'id', 'patient_key' and 'known_phi' inside each record")
        return self

    def items(self) -> List[Dict[str, object]]:
        """The notes as the record dicts of `deidentify()`."""
        if self.records is not None:
            return [note.model_dump(exclude_none=True) for note in self.records]
        single = Note(text=self.text or "", id=self.id, patient_key=self.patient_key, known_phi=self.known_phi)
        return [single.model_dump(exclude_none=True)]


class DeidRequest(AnalyzeRequest):
    """One note or a batch; `include_spans` adds the span map to each result."""

    include_spans: bool = Field(False, description="also return each note's span map (offsets, labels, actions)")


class Span(BaseModel):
    """One PHI span: where it was, what it was and what was done (no text)."""

    start: int = Field(description="start offset in the original note (characters)")
    end: int = Field(description="end offset in the original note")
    new_start: Optional[int] = Field(None, description="start offset in the de-identified text")
    new_end: Optional[int] = Field(None, description="end offset in the de-identified text")
    label: str
    action: str = Field(description="what the policy did: surrogate, mask, tag, redact, hash or keep")
    detector: str
    sources: List[str] = []
    rule_id: Optional[str] = None
    score: Optional[float] = None
    reason: Optional[str] = None


class DeidResult(BaseModel):
    """A de-identified note."""

    id: str
    text: str = Field(description="the de-identified text")
    spans: Optional[List[Span]] = Field(None, description="with include_spans: the span map")


class DeidBatch(BaseModel):
    """The de-identified notes of a batch, in order."""

    records: List[DeidResult]


class AnalyzeResult(BaseModel):
    """The PHI spans of a note (original offsets; no text)."""

    id: str
    spans: List[Span]


class AnalyzeBatch(BaseModel):
    """The spans of each note of a batch, in order."""

    records: List[AnalyzeResult]


class Health(BaseModel):
    status: str = "ok"


class ModelInfo(BaseModel):
    name: str
    version: Optional[str] = None


class Version(BaseModel):
    """What produces the output: versions, pipeline, policy (its content hash) and secret source."""

    spacy_phi: str
    spacy: str
    model: ModelInfo
    policy: Dict[str, object]
    secret: str = Field(description='where the secret comes from: "file", "environment" or "random per run"')
