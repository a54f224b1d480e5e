"""Serialization shared by components whose whole state is one JSON object."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Iterable, Union

import srsly
from spacy import util
from spacy.util import SimpleFrozenList, ensure_path


class JsonStateMixin:
    """`to_bytes`/`from_bytes`/`to_disk`/`from_disk` for a component that
    defines `_data()` (its state as JSON-serializable data) and `_load(data)`.
    On disk the state is `<component dir>/data.json`."""

    def _data(self) -> Dict[str, Any]:  # pragma: no cover - implemented by the component
        raise NotImplementedError

    def _load(self, data: Dict[str, Any]) -> None:  # pragma: no cover - implemented by the component
        raise NotImplementedError

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Serialize the component's state."""
        return util.to_bytes({"data": lambda: srsly.json_dumps(self._data())}, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()):
        """Load the component's state from bytes; returns the component."""
        util.from_bytes(bytes_data, {"data": lambda b: self._load(srsly.json_loads(b))}, exclude)
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """Save the component's state to a directory (data.json)."""
        util.to_disk(ensure_path(path), {"data": lambda p: srsly.write_json(p.with_suffix(".json"), self._data())}, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()):
        """Load the component's state from a directory written by `to_disk`; returns the component."""
        util.from_disk(ensure_path(path), {"data": lambda p: self._load(srsly.read_json(p.with_suffix(".json")))}, exclude)
        return self
