"""Splitting a CSV stream into rows without ever merging two records.

A stray quote makes a CSV parser read on across line ends: the rows after it
become part of one "note" (with the wrong id and patient key) and vanish as
records. This reader fails closed instead. It parses strictly (a quote that
closes a field must be followed by a delimiter or a line end; an unclosed
quote at the end of the input is an error), tracks the physical lines each
row spans, and treats a row as undelimitable when:

- the strict parser stops on it (`csv.Error`), or
- it spans several lines and has another number of fields than the header, or
- a line inside one of its quoted fields looks like a row of its own (the
  header's number of fields, and every column other than the text that this
  row fills holding a value of the same shape: digits where it has digits,
  letters where it has letters).

Every physical line of such a region then becomes an error item of its own,
so each record in it is listed as failed; none is de-identified. Ids are
taken only where the line is known to start a row (the region's first line,
for columns before the text column) or looks exactly like a row read before
the region; elsewhere the id is `line-N` (a line inside a note may hold PHI).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from typing import IO, Iterator, List, Optional, Union

_LETTERS = re.compile(r"[^\W\d_]+")
_DIGITS = re.compile(r"\d+")


@dataclass
class CsvRow:
    """A well-delimited row.

    fields (List[str]): its fields.
    first_line (int): 1-based physical line where it starts.
    """

    fields: List[str]
    first_line: int


@dataclass
class CsvRegionLine:
    """A physical line of a region that cannot be split into rows reliably.

    line_no (int): 1-based physical line number.
    first_of_region (bool): the region's first line (it starts a row).
    fields (List[str]): the line parsed on its own (leniently); only for ids.
    looks_like_row (bool): the line on its own looks exactly like a row.
    cause (str): why the region is undelimitable (no note text).
    region (str): "lines A-B".
    """

    line_no: int
    first_of_region: bool
    fields: List[str]
    looks_like_row: bool
    cause: str
    region: str


class _LineTracker:
    """Iterates the physical lines of a text stream, keeping those of the row being parsed."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.line_no = 0
        self.row_lines: List[str] = []
        self.row_first_line = 1

    def __iter__(self) -> "_LineTracker":
        return self

    def __next__(self) -> str:
        line = self.stream.readline()
        if not line:
            raise StopIteration
        self.line_no += 1
        self.row_lines.append(line)
        return line

    def start_row(self) -> None:
        self.row_lines = []
        self.row_first_line = self.line_no + 1


def value_shape(value: str) -> str:
    """The shape of a value: letter runs → "a", digit runs → "9", the rest kept.

    value (str): e.g. "MRN-0042".
    RETURNS (str): e.g. "a-9".
    """
    return _DIGITS.sub("9", _LETTERS.sub("a", value.strip()))


class CsvRowReader:
    """Rows of a CSV text stream (opened with newline=""), the header included.

    stream (IO[str]): the text stream.
    delimiter (str): the field delimiter.
    """

    def __init__(self, stream: IO[str], delimiter: str) -> None:
        self.delimiter = delimiter
        self._lines = _LineTracker(stream)
        self._reader = csv.reader(self._lines, delimiter=delimiter, strict=True)
        self.header: Optional[List[str]] = None
        self.text_index: Optional[int] = None
        # The last well-delimited row: what a row of this file looks like.
        self._reference: Optional[List[str]] = None

    def read_header(self) -> Optional[List[str]]:
        """The first row (None for an empty input).

        RAISES (csv.Error): the header itself is malformed.
        """
        self._lines.start_row()
        try:
            self.header = next(self._reader)
        except StopIteration:
            return None
        return self.header

    def rows(self) -> Iterator[Union[CsvRow, CsvRegionLine]]:
        """Yield a `CsvRow` per well-delimited row and a `CsvRegionLine` per
        physical line of each undelimitable region; blank lines are skipped.
        `text_index` (the text column) must be set first.
        """
        while True:
            self._lines.start_row()
            try:
                fields = next(self._reader)
            except StopIteration:
                return
            except csv.Error as err:
                yield from self._region(f"malformed CSV quoting ({err})")
                continue
            if not fields:
                continue  # a blank line is not a record
            lines = self._lines.row_lines
            width = len(self.header or [])
            if len(lines) > 1 and len(fields) != width:
                # A ragged row over several lines: the lines after the first may be rows it swallowed.
                cause = f"a row over {len(lines)} lines has {len(fields)} fields; the header has {width}"
                yield from self._region(cause)
                continue
            if len(lines) > 1 and any(self._looks_like_row(line, fields) for line in lines[1:]):
                yield from self._region("a quoted field runs over lines that look like rows of their own")
                continue
            if len(fields) == width:
                self._reference = fields
            yield CsvRow(fields=fields, first_line=self._lines.row_first_line)

    def _parse_alone(self, line: str) -> List[str]:
        # Lenient on purpose: only to guess ids and shapes, never for text.
        try:
            return next(csv.reader([line], delimiter=self.delimiter), [])
        except csv.Error:
            return []

    def _looks_like_row(self, line: str, row: List[str]) -> bool:
        return self._shaped_like(self._parse_alone(line), row)

    def _shaped_like(self, fields: List[str], row: List[str]) -> bool:
        """Whether `fields` look exactly like the row `row`: the header's
        number of fields, and every column other than the text that is filled
        in `row` filled with a value of the same shape."""
        width = len(self.header or [])
        if len(fields) != width or len(row) != width:
            return False
        # Columns left empty in the row say nothing; a text-only CSV has nothing
        # to compare (any line could be a row there).
        compared = [i for i in range(width) if i != self.text_index and row[i].strip()]
        if not compared:
            return False
        return all(fields[i].strip() and value_shape(fields[i]) == value_shape(row[i]) for i in compared)

    def _region(self, cause: str) -> Iterator[CsvRegionLine]:
        lines = list(self._lines.row_lines)
        first = self._lines.row_first_line
        region = f"lines {first}-{first + len(lines) - 1}" if len(lines) > 1 else f"line {first}"
        self._lines.row_lines = []  # the region's text is not kept any longer than needed
        for offset, line in enumerate(lines):
            if not line.strip("\r\n"):
                continue  # blank lines are not records
            fields = self._parse_alone(line)
            yield CsvRegionLine(
                line_no=first + offset,
                first_of_region=offset == 0,
                fields=fields,
                looks_like_row=(offset > 0 and self._reference is not None
                                and self._shaped_like(fields, self._reference)),
                cause=cause,
                region=region,
            )

