"""Reading source files exactly: bytes decoded without newline translation, so
CRLF stays CRLF and every offset indexes the original characters.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Union

from ..errors import ConversionError

PathLike = Union[str, Path]


def read_text(path: Path, encoding: str = "utf-8") -> str:
    """The decoded content of a file, character for character.

    A byte order mark is kept as U+FEFF (callers decide; BRAT counts it).
    path (Path): the file.
    encoding (str): its encoding.
    RETURNS (str): the text.
    RAISES (ConversionError): the file cannot be read or decoded.
    """
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ConversionError(f"Cannot read {path}: {err.strerror or type(err).__name__}") from None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        # The error's own message quotes the bad byte; give the position only.
        raise ConversionError(f"{path} is not valid {encoding} (byte offset {err.start})") from None
    except LookupError:
        raise ConversionError(f"Unknown encoding {encoding!r}") from None


def input_files(path: PathLike, suffix: str) -> List[Path]:
    """A file, or the files with a suffix in a folder (not recursive), sorted.

    path (PathLike): a file or a folder.
    suffix (str): e.g. ".xml", used when `path` is a folder.
    RETURNS (List[Path]): the files.
    RAISES (ConversionError): the path does not exist or the folder has no such file.
    """
    path = Path(path)
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise ConversionError(f"Input not found: {path}")
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() == suffix)
    if not files:
        raise ConversionError(f"No {suffix} files in {path}")
    return files


def require_file(path: PathLike) -> Path:
    """The path, checked to be an existing file.

    path (PathLike): the path.
    RETURNS (Path): the path as a Path.
    RAISES (ConversionError): it is not a file.
    """
    path = Path(path)
    if not path.is_file():
        raise ConversionError(f"Input not found: {path}")
    return path


def line_number(text: str, offset: int) -> int:
    """The 1-based line of a character offset (for messages)."""
    return text.count("\n", 0, offset) + 1
