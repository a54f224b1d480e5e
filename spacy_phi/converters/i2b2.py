"""Readers of the i2b2 2014 and i2b2 2006 de-identification XML formats.

i2b2 2014 (one note per file)::

    <deIdi2b2><TEXT><![CDATA[...]]></TEXT>
    <TAGS><DATE id="P0" start="16" end="26" text="2067-05-03" TYPE="DATE" comment=""/>...</TAGS>
    </deIdi2b2>

The tag name is the category, TYPE the fine type (mapped with scheme
"i2b2_2014"); start/end are offsets into the CDATA content and `text` must match.

i2b2 2006 (many records per file, inline tags)::

    <ROOT><RECORD ID="1"><TEXT>... <PHI TYPE="DOCTOR">SMITH</PHI> ...</TEXT></RECORD></ROOT>

The record text is the TEXT content with the tags removed and entities (&amp;)
unescaped; offsets are computed on that text. Scheme "i2b2_2006".

Both keep CRLF (see `_xml.py`); the record meta names the source file.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import List, Optional

from ..errors import ConversionError
from ._files import PathLike, input_files, read_text
from ._xml import parse_xml
from .records import REASON_MALFORMED, Record, SourceSpan, UnusableSpan
from .report import ConversionReport

PHI_TAG_2006 = "PHI"


def read_i2b2_2014(
    path: PathLike, *, report: Optional[ConversionReport] = None, encoding: str = "utf-8"
) -> List[Record]:
    """Read i2b2 2014 XML notes; the record id is the file stem.

    path (PathLike): an XML file, or a folder of them (*.xml, not recursive).
    report (Optional[ConversionReport]): unused (kept for a uniform reader
        signature); bad tags become `Record.rejected`.
    encoding (str): the files' encoding.
    RETURNS (List[Record]): one record per file, in file-name order.
    RAISES (ConversionError): a file is missing, not well-formed or has no TEXT.
    """
    return [_read_2014_file(file, encoding) for file in input_files(path, ".xml")]


def _read_2014_file(path: Path, encoding: str) -> Record:
    """One i2b2 2014 note."""
    root = parse_xml(read_text(path, encoding), path)
    text_element = root.find("TEXT")
    if text_element is None:
        raise ConversionError(f"{path} has no <TEXT> element (is it i2b2 2014 XML?)")
    record = Record(id=path.stem, text="".join(text_element.itertext()), meta={"source": path.name})
    tags = root.find("TAGS")
    for tag in tags if tags is not None else ():
        label = tag.get("TYPE")
        try:
            start, end = int(tag.get("start", "")), int(tag.get("end", ""))
        except ValueError:
            start = end = None
        if label is None or start is None or end is None:
            record.rejected.append(UnusableSpan(record.id, start, end, label, REASON_MALFORMED))
            continue
        record.spans.append(SourceSpan(start, end, label, source_text=tag.get("text")))
    return record


def read_i2b2_2006(
    path: PathLike, *, report: Optional[ConversionReport] = None, encoding: str = "utf-8"
) -> List[Record]:
    """Read i2b2 2006 XML records; the record id is the RECORD ID attribute.

    path (PathLike): an XML file, or a folder of them (*.xml, not recursive).
    report (Optional[ConversionReport]): receives records without TEXT
        (skipped) and non-PHI elements inside TEXT (ignored; their text is kept).
    encoding (str): the files' encoding.
    RETURNS (List[Record]): the records, in file and document order.
    RAISES (ConversionError): a file is missing or not well-formed.
    """
    if report is None:
        report = ConversionReport()
    records: List[Record] = []
    for file in input_files(path, ".xml"):
        root = parse_xml(read_text(file, encoding), file)
        for number, element in enumerate(root.iter("RECORD"), 1):
            record_id = element.get("ID") or f"{file.stem}#{number}"
            text_element = element.find("TEXT")
            if text_element is None:
                report.add_skipped(f"{file.name} record {record_id}", "no TEXT element")
                continue
            record = Record(id=record_id, text="", meta={"source": file.name})
            builder = _TextBuilder()
            builder.walk(text_element, record, report)
            record.text = builder.text()
            records.append(record)
    return records


class _TextBuilder:
    """Concatenates the text of an inline-tagged element, tracking offsets."""

    def __init__(self) -> None:
        self.parts: List[str] = []
        self.length = 0

    def add(self, value: Optional[str]) -> None:
        """Append text (None is nothing)."""
        if value:
            self.parts.append(value)
            self.length += len(value)

    def walk(self, element: ET.Element, record: Record, report: ConversionReport) -> None:
        """Add an element's text; every PHI element inside becomes a span of `record`."""
        self.add(element.text)
        for child in element:
            start = self.length
            self.walk(child, record, report)
            if child.tag != PHI_TAG_2006:
                report.add_ignored(f"i2b2 2006 <{child.tag}> elements (text kept)")
            elif child.get("TYPE") is None:
                record.rejected.append(UnusableSpan(record.id, start, self.length, None, REASON_MALFORMED))
            else:
                record.spans.append(SourceSpan(start, self.length, child.get("TYPE", "")))
            self.add(child.tail)

    def text(self) -> str:
        """RETURNS (str): the text so far."""
        return "".join(self.parts)
