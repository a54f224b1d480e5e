"""Strings that cannot be written as UTF-8, made safe for the files a
`spacy-phi deid` run writes.

Python holds undecodable bytes (a file name that is not UTF-8, a CSV cell
read with "surrogateescape") and `"\\udXXX"` JSON escapes as lone surrogates:
characters that UTF-8 cannot encode. They never reach a file raw:

- the run's own files (errors file, manifest, summary, review index) write
  such a string with backslash escapes and list the fields so written in
  `"escaped"`: `{"id": "caf\\\\xe9.txt", ..., "escaped": ["id", "source"]}`.
  In an escaped field `\\xNN` is an undecodable byte NN (0x80–0xff), `\\uXXXX`
  another lone surrogate and `\\\\` a backslash; `unescape_text` reverses it.
  Fields not listed are written as they are.
- JSONL output mirrors its input: such a string is written as the JSON
  escapes `\\uXXXX` the input held, so the value read back is the same.

Valid text is never changed.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Tuple

from .records import has_lone_surrogates

#: The field that lists the escaped fields of a line.
ESCAPED_KEY = "escaped"

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPE_SEQUENCE = re.compile(r"\\(\\|x[0-9a-f]{2}|u[0-9a-f]{4})")
# Python's "surrogateescape" maps an undecodable byte 0xNN to U+DCNN (0x80..0xff).
_BYTE_ESCAPES = range(0xDC80, 0xDD00)


def _escape_char(char: str) -> str:
    code = ord(char)
    if char == "\\":
        return "\\\\"
    if code in _BYTE_ESCAPES:
        return f"\\x{code - 0xDC00:02x}"
    if 0xD800 <= code <= 0xDFFF:
        return f"\\u{code:04x}"
    return char


def escape_text(text: str) -> str:
    """The string with lone surrogates (and, then, backslashes) escaped; valid
    text is returned unchanged.

    text (str): the string.
    RETURNS (str): a string UTF-8 can encode.
    """
    if not has_lone_surrogates(text):
        return text
    return "".join(_escape_char(char) for char in text)


def unescape_text(text: str) -> str:
    """The original string of a field listed in `"escaped"`.

    text (str): the escaped string.
    RETURNS (str): the string as the run read it (undecodable bytes as
        surrogate escapes: `os.fsencode` gives a file name's bytes back).
    """

    def original(match: "re.Match[str]") -> str:
        sequence = match.group(1)
        if sequence == "\\":
            return "\\"
        if sequence[0] == "x":
            return chr(0xDC00 + int(sequence[1:], 16))
        return chr(int(sequence[1:], 16))

    return _ESCAPE_SEQUENCE.sub(original, text)


def _escape_value(value: Any) -> Tuple[Any, bool]:
    """The value with every string in it escaped, and whether anything changed."""
    if isinstance(value, str):
        return (escape_text(value), True) if has_lone_surrogates(value) else (value, False)
    if isinstance(value, dict):
        changed = False
        clean: Dict[Any, Any] = {}
        for key, item in value.items():
            safe_key, key_changed = _escape_value(key)
            clean[safe_key], item_changed = _escape_value(item)
            changed = changed or key_changed or item_changed
        return clean, changed
    if isinstance(value, (list, tuple)):
        items = [_escape_value(item) for item in value]
        return [item for item, _ in items], any(changed for _, changed in items)
    return value, False


def escape_fields(obj: Dict[str, Any]) -> Dict[str, Any]:
    """A line of the run's own files, safe to write as UTF-8: every string that
    cannot be encoded is escaped, and the (escaped) names of the top-level
    fields holding one are listed under `"escaped"`.

    obj (Dict[str, Any]): the line.
    RETURNS (Dict[str, Any]): `obj` itself when nothing needed escaping, else a copy.
    """
    escaped: List[str] = []
    clean: Dict[str, Any] = {}
    for key, value in obj.items():
        safe_key, key_changed = _escape_value(key)
        clean[safe_key], value_changed = _escape_value(value)
        if key_changed or value_changed:
            escaped.append(safe_key)
    if not escaped:
        return obj
    clean[ESCAPED_KEY] = escaped
    return clean


def side_file_line(obj: Dict[str, Any]) -> bytes:
    """One JSON line of the run's own files (errors, manifest, review index).

    obj (Dict[str, Any]): the line.
    RETURNS (bytes): valid UTF-8 JSON and a newline.
    """
    return json.dumps(escape_fields(obj), ensure_ascii=False).encode("utf8") + b"\n"


def mirrored_json_line(obj: Any) -> bytes:
    """One JSON line of a JSONL output: the same value the input line held.

    obj (Any): the object.
    RETURNS (bytes): valid UTF-8 JSON and a newline; lone surrogates are the
        JSON escapes `\\uXXXX`, so a JSON reader gets the very same strings back.
    """
    text = json.dumps(obj, ensure_ascii=False)
    if has_lone_surrogates(text):
        # json.dumps(ensure_ascii=False) leaves them raw inside string literals,
        # and only there: the same characters as JSON escapes are the same value.
        text = _LONE_SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
    return text.encode("utf8") + b"\n"
