"""HL7 v2 escape sequences: a field value as text and back.

A value's separators and escape character travel escaped (`\\F\\` `\\S\\`
`\\T\\` `\\R\\` `\\E\\`); formatted text (FT, and TX as senders write it) has
line breaks as `\\.br\\`. `unescape` gives the text the pipeline reads (a
line break as "\\n"); `escape` writes text back, so the de-identified text
can hold any character without breaking the message's structure.

Own code rather than `hl7.unescape`: that one logs the whole field value on
a sequence it cannot read, and field values are PHI.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Formatting commands of FT that only lay text out: dropped from the text.
_LAYOUT = {"fi", "nf", "in", "ti", "H", "N"}


class EscapeError(ValueError):
    """A value holds an escape sequence that cannot be read (names no value)."""


@dataclass(frozen=True)
class Encoding:
    """The encoding characters of one message (MSH-1 and MSH-2).

    field (str): the field separator ("|").
    component (str): "^".
    repetition (str): "~".
    escape (str): "\\\\".
    subcomponent (str): "&".
    """

    field: str = "|"
    component: str = "^"
    repetition: str = "~"
    escape: str = "\\"
    subcomponent: str = "&"

    @classmethod
    def from_msh(cls, field_separator: str, characters: str) -> "Encoding":
        """The encoding of a message from MSH-1 and MSH-2 (defaults where MSH-2 is short).

        RAISES (EscapeError): the characters are not distinct.
        """
        defaults = "^~\\&"
        chars = characters[:4] + defaults[len(characters[:4]):]
        enc = cls(field_separator, chars[0], chars[1], chars[2], chars[3])
        if len({enc.field, enc.component, enc.repetition, enc.escape, enc.subcomponent}) != 5:
            raise EscapeError("MSH-1/MSH-2 do not give five distinct encoding characters")
        return enc


def unescape(value: str, enc: Encoding) -> str:
    """The text of an escaped value.

    value (str): the value as written in the message (one component or repetition).
    enc (Encoding): the message's encoding characters.
    RETURNS (str): the text; `\\.br\\` and `\\.sp\\` are line breaks.
    RAISES (EscapeError): an unterminated or unknown sequence (character-set
        switches `\\C..\\`, `\\M..\\`, local `\\Z..\\`): failing is safer than guessing.
    """
    if enc.escape not in value:
        return value
    named = {"F": enc.field, "S": enc.component, "T": enc.subcomponent, "R": enc.repetition, "E": enc.escape}
    out = []
    parts = value.split(enc.escape)
    if len(parts) % 2 == 0:
        raise EscapeError("an escape sequence is not terminated")
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(part)
        elif part in named:
            out.append(named[part])
        elif part == ".br" or part == ".ce":
            out.append("\n")
        elif re.fullmatch(r"\.sp\d*", part):
            out.append("\n" * int(part[3:] or 1))
        elif re.fullmatch(r"\.sk\d*", part):
            out.append(" " * int(part[3:] or 1))
        elif part in _LAYOUT or re.fullmatch(r"\.(fi|nf)|\.(in|ti)[+-]?\d*", part):
            continue
        elif re.fullmatch(r"X(?:[0-9A-Fa-f]{2})+", part):
            try:
                out.append(bytes.fromhex(part[1:]).decode("utf-8"))
            except UnicodeDecodeError:
                raise EscapeError("a hexadecimal escape is not UTF-8 text") from None
        else:
            raise EscapeError("an escape sequence of a kind that is not read (character sets, local escapes)")
    return "".join(out)


def escape(text: str, enc: Encoding) -> str:
    """The value to write for a text: separators and the escape character
    escaped, line breaks as `\\.br\\` (a Windows line break is one break).

    text (str): the text.
    enc (Encoding): the message's encoding characters.
    RETURNS (str): the escaped value.
    """
    table = {enc.escape: "E", enc.field: "F", enc.component: "S", enc.subcomponent: "T", enc.repetition: "R"}
    out = []
    for char in text.replace("\r\n", "\n"):
        if char in table:
            out.append(f"{enc.escape}{table[char]}{enc.escape}")
        elif char in "\r\n":
            out.append(f"{enc.escape}.br{enc.escape}")
        else:
            out.append(char)
    return "".join(out)
