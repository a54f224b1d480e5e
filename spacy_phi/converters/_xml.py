"""Parsing XML without losing carriage returns.

XML parsers turn CRLF and CR into LF (XML 1.0, section 2.11), which would shift
every offset after the first CRLF. A character reference (&#13;) is exempt from
that rule, so before parsing we write each CR in character data as one: in
plain text directly, inside CDATA by closing the section around it
("]]>&#13;<![CDATA["). Markup (tags, comments, the prolog) is left alone.
The parser then gives back text and CDATA content character for character, and
entities such as &amp; come back unescaped.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import List

from ..errors import ConversionError

# Tags are matched with quoted attribute values, which may contain ">".
_MARKUP = re.compile(
    r"<!\[CDATA\[.*?\]\]>"
    r"|<!--.*?-->"
    r"|<\?.*?\?>"
    r"|<![^>]*>"
    r"|<[^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*>",
    re.DOTALL,
)
_CDATA_OPEN = "<![CDATA["


def protect_carriage_returns(raw: str) -> str:
    """Write every CR inside the root element's character data as "&#13;".

    raw (str): the XML document.
    RETURNS (str): the same document, which parses to the same text with CRs kept.
    """
    if "\r" not in raw:
        return raw
    pieces: List[str] = []
    position = 0
    depth = 0  # element nesting; CRs at depth 0 are outside the root, where a reference is an error
    for match in _MARKUP.finditer(raw):
        chunk = raw[position:match.start()]
        pieces.append(chunk.replace("\r", "&#13;") if depth > 0 else chunk)
        markup = match.group()
        if markup.startswith(_CDATA_OPEN):
            markup = markup.replace("\r", "]]>&#13;" + _CDATA_OPEN)
        elif markup.startswith("</"):
            depth -= 1
        elif not markup.startswith(("<!", "<?")) and not markup.endswith("/>"):
            depth += 1
        pieces.append(markup)
        position = match.end()
    pieces.append(raw[position:])
    return "".join(pieces)


def parse_xml(raw: str, path: Path) -> ET.Element:
    """Parse an XML document, keeping CRs in text (see the module docstring).

    raw (str): the decoded document.
    path (Path): its file, for messages.
    RETURNS (ET.Element): the root element.
    RAISES (ConversionError): the document is not well-formed.
    """
    if raw.startswith("\ufeff"):
        raw = raw[1:]
    try:
        return ET.fromstring(protect_carriage_returns(raw))
    except ET.ParseError as err:
        # ParseError messages give the position only, never the content.
        raise ConversionError(f"{path} is not well-formed XML: {err}") from None
