"""The text of a FHIR narrative (`text.div`, XHTML): its text nodes, in
document order, as pieces of a `SegmentedText`, and the narrative rebuilt
with de-identified text nodes.

Block elements (paragraphs, list items, table cells, line breaks) separate
their text by a line break in the joined note; inline elements (<b>, <span>)
do not, so "<b>Jane</b> Roe" is read as one name. Attributes other than
layout ones are removed: a `title`, `alt` or `href` may hold PHI and is not
text the pipeline reads.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Iterator, List, Tuple

from .segments import INLINE, LINE, SegmentedText

XHTML = "http://www.w3.org/1999/xhtml"
_BLOCK_TAGS = frozenset(
    "p div br li ul ol table tr td th thead tbody tfoot caption h1 h2 h3 h4 h5 h6 pre blockquote dl dt dd hr".split()
)
_KEPT_ATTRIBUTES = frozenset({"class", "style", "colspan", "rowspan", "align", "valign", "border", "cellpadding",
                              "cellspacing", "width", "height"})

#: A text slot: (element, "text" | "tail").
Slot = Tuple[ET.Element, str]


class NarrativeError(ValueError):
    """The narrative is not well-formed XHTML (the message holds no text)."""


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def parse(div: str) -> ET.Element:
    """Parse a narrative div.

    RAISES (NarrativeError): not well-formed XHTML.
    """
    try:
        return ET.fromstring(div)
    except ET.ParseError as err:
        raise NarrativeError(f"the narrative is not well-formed XHTML (line {err.position[0]})") from None


def _slots(elem: ET.Element) -> Iterator[Tuple[Slot, bool]]:
    """(slot, block boundary before it) in document order."""
    block = _local(elem.tag) in _BLOCK_TAGS
    yield (elem, "text"), block
    for child in elem:
        yield from _slots(child)
        yield (child, "tail"), _local(child.tag) in _BLOCK_TAGS


def add_text_nodes(root: ET.Element, segments: SegmentedText, first_separator: str) -> List[Slot]:
    """Add the narrative's non-blank text nodes to `segments`.

    root (ET.Element): the parsed div.
    segments (SegmentedText): where the pieces go.
    first_separator (str): the separator before the first piece.
    RETURNS (List[Slot]): the slots added, in the order of their pieces.
    """
    slots: List[Slot] = []
    pending_break = False
    for slot, boundary in _slots(root):
        pending_break = pending_break or boundary
        value = getattr(slot[0], slot[1])
        if not value or not value.strip():
            continue
        separator = first_separator if not slots else (LINE if pending_break else INLINE)
        segments.add(value, separator)
        slots.append(slot)
        pending_break = False
    return slots


def rebuild(root: ET.Element, slots: List[Slot], texts: List[str]) -> str:
    """The narrative with each slot's text replaced and unsafe attributes removed.

    RAISES (NarrativeError): an element outside the XHTML namespace.
    """
    for (elem, which), text in zip(slots, texts):
        setattr(elem, which, text)
    for elem in root.iter():
        for name in list(elem.attrib):
            if _local(name) not in _KEPT_ATTRIBUTES:
                del elem.attrib[name]
    try:
        return ET.tostring(root, encoding="unicode", default_namespace=XHTML)
    except ValueError:
        raise NarrativeError("the narrative has elements outside the XHTML namespace") from None
