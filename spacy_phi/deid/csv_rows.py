"""Splitting a CSV stream into rows without ever merging two records.

A stray quote makes a CSV parser read on across line ends: the rows after it
become part of one "note" (with the wrong id and patient key) and vanish as
records. This reader fails closed instead. It parses strictly (a quote that
closes a field must be followed by a delimiter or a line end; an unclosed
quote at the end of the input is an error), tracks the physical lines each
row spans, and treats a row as undelimitable when:

- the strict parser stops on it (`csv.Error`), or
- it spans several lines and has another number of fields than the header, or
- a line inside one of its quoted fields starts like a row of its own (see
  `ColumnShapes.starts_like_row`: the header's number of fields, one column
  besides the text holding a value shaped like that column's values, the
  others empty or id-like), or
- it runs past the row bound (`csv_row_limit`: `--max-chars` and room for
  the other columns) without ending: an unclosed quote would otherwise make
  it hold the rest of the file. Reading then resumes at the next line that
  starts like a row; the lines up to it are the region.

Every physical line of such a region then becomes an error item of its own,
so each record in it is listed as failed; none is de-identified. Ids are
taken only where the line is known to start a row (the region's first line,
for columns before the text column) or looks exactly like a row read before
the region; elsewhere the id is `line-N` (a line inside a note may hold PHI).
Memory stays bounded by the row bound whatever the input.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from typing import IO, Dict, Iterator, List, Optional, Set, Tuple, Union

_LETTERS = re.compile(r"[^\W\d_]+")
_DIGITS = re.compile(r"\d+")
_WHITESPACE = re.compile(r"\s")
#: Characters a row may hold besides a note of --max-chars: its other columns.
ROW_SLACK_CHARS = 1 << 20
#: Distinct value shapes remembered per column: a bound on memory, not on the rows read.
_MAX_SHAPES_PER_COLUMN = 64
#: An id-like value may be this many times as long as the longest value seen in its column.
_ID_LENGTH_FACTOR = 2
#: Characters of a failed line parsed for its id, and read at a time when skipping a line.
_PROBE_CHARS = 1 << 16


def csv_row_limit(max_chars: int) -> int:
    """The most characters a CSV row may span before it is failed unread.

    max_chars (int): the character limit of a note (`--max-chars`).
    RETURNS (int): the row bound in characters.
    """
    return max_chars + ROW_SLACK_CHARS


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
    region (str): "lines A-B", "line A", or "lines from A on" (a row past the bound).
    over_size (bool): the region is a row that ran past the row bound.
    """

    line_no: int
    first_of_region: bool
    fields: List[str]
    looks_like_row: bool
    cause: str
    region: str
    over_size: bool = False


class _RowTooLong(Exception):
    """The row being parsed ran past the row bound (raised through the csv reader)."""


class _LineTracker:
    """Iterates the physical lines of a text stream, keeping those of the row
    being parsed, and stops a row that runs past `row_limit` characters."""

    def __init__(self, stream: IO[str], row_limit: int) -> None:
        self.stream = stream
        self.row_limit = row_limit
        self.line_no = 0
        self.row_lines: List[str] = []
        self.row_chars = 0
        self.row_first_line = 1
        # The last line held was cut at the bound: the rest of it is still unread.
        self.cut = False
        self._pending: Optional[str] = None

    def __iter__(self) -> "_LineTracker":
        return self

    def __next__(self) -> str:
        if self._pending is not None:
            line, self._pending = self._pending, None
        else:
            line = self.stream.readline(self.row_limit - self.row_chars + 1)
        if not line:
            raise StopIteration
        self.line_no += 1
        self.row_lines.append(line)
        self.row_chars += len(line)
        if self.row_chars > self.row_limit:
            self.cut = not line.endswith(("\n", "\r"))
            raise _RowTooLong
        return line

    def read_line(self, room: int) -> Tuple[str, bool]:
        """The next physical line, or its first `room` + 1 characters (the
        rest left unread) and True when it is longer ("" at the end)."""
        if self._pending is not None:
            line, self._pending = self._pending, None
        else:
            line = self.stream.readline(max(room, 0) + 1)
        if line:
            self.line_no += 1
        return line, len(line) > room and not line.endswith(("\n", "\r"))

    def skip_rest_of_line(self) -> None:
        """Read the rest of a cut line without keeping it."""
        while True:
            chunk = self.stream.readline(_PROBE_CHARS)
            if not chunk or chunk.endswith(("\n", "\r")):
                return

    def unread(self, line: str) -> None:
        """Give back a whole line: the next row starts with it."""
        self._pending = line
        self.line_no -= 1

    def start_row(self) -> None:
        self.row_lines = []
        self.row_chars = 0
        self.cut = False
        self.row_first_line = self.line_no + 1


def value_shape(value: str) -> str:
    """The shape of a value: letter runs → "a", digit runs → "9", the rest kept.

    value (str): e.g. "MRN-0042".
    RETURNS (str): e.g. "a-9".
    """
    return _DIGITS.sub("9", _LETTERS.sub("a", value.strip()))


class ColumnShapes:
    """What the values of a file's columns other than the text look like,
    learnt from its well-delimited rows (a bounded set of shapes per column).

    width (int): the header's number of fields.
    text_index (Optional[int]): the text column (never compared).
    """

    def __init__(self, width: int, text_index: Optional[int]) -> None:
        self.width = width
        self.text_index = text_index
        self._shapes: Dict[int, Set[str]] = {}
        self._longest: Dict[int, int] = {}

    def observe(self, fields: List[str], columns: Optional[range] = None) -> None:
        """Learn the filled values of a row (or of `columns` of it)."""
        for i in columns if columns is not None else range(self.width):
            if i >= len(fields):
                break
            value = fields[i].strip()
            if i == self.text_index or not value:
                continue
            shapes = self._shapes.setdefault(i, set())
            if len(shapes) < _MAX_SHAPES_PER_COLUMN:
                shapes.add(value_shape(value))
            self._longest[i] = max(self._longest.get(i, 0), len(value))

    def with_values(self, fields: List[str], columns: range) -> "ColumnShapes":
        """A copy that has also learnt `columns` of `fields`."""
        copy = ColumnShapes(self.width, self.text_index)
        copy._shapes = {i: set(shapes) for i, shapes in self._shapes.items()}
        copy._longest = dict(self._longest)
        copy.observe(fields, columns)
        return copy

    def starts_like_row(self, fields: List[str]) -> bool:
        """Whether a line, parsed on its own into `fields`, starts like a row
        of this file: the header's number of fields; over the columns other
        than the text that rows have filled, at least one value of a shape
        seen in its column, and every other value empty or id-like (one token,
        at most twice as long as the column's longest value, starting with a
        letter where the column's values start with a letter, a digit where
        they start with a digit). So `r2b,P2,…` and `,P2,…` start like rows of
        a file of `r1,P1,…`; `Plan, rest, fluids` does not. A file with no
        other column filled says nothing: no line starts like a row there.
        """
        if len(fields) != self.width or not self._shapes:
            return False
        matched = False
        for i, shapes in self._shapes.items():
            value = fields[i].strip()
            shape = value_shape(value)
            if value and shape in shapes:
                matched = True
            elif value and not self._id_like(i, value, shape):
                return False
        return matched

    def _id_like(self, column: int, value: str, shape: str) -> bool:
        if _WHITESPACE.search(value) or len(value) > _ID_LENGTH_FACTOR * self._longest[column]:
            return False
        return any(seen[:1] == shape[:1] for seen in self._shapes[column])


class CsvRowReader:
    """Rows of a CSV text stream (opened with newline=""), the header included.

    stream (IO[str]): the text stream.
    delimiter (str): the field delimiter.
    row_limit (int): the most characters a row may span (`csv_row_limit`).
    """

    def __init__(self, stream: IO[str], delimiter: str, row_limit: int) -> None:
        self.delimiter = delimiter
        self._lines = _LineTracker(stream, row_limit)
        self._reader = csv.reader(self._lines, delimiter=delimiter, strict=True)
        self.header: Optional[List[str]] = None
        self.text_index: Optional[int] = None
        # The last well-delimited row: what a row of this file looks like exactly.
        self._reference: Optional[List[str]] = None
        self._shapes = ColumnShapes(0, None)  # set up by rows(), once text_index is known

    def read_header(self) -> Optional[List[str]]:
        """The first row (None for an empty input).

        RAISES (csv.Error): the header itself is malformed or runs past the row bound.
        """
        self._lines.start_row()
        try:
            self.header = next(self._reader)
        except StopIteration:
            return None
        except _RowTooLong:
            raise csv.Error(f"the header runs past {self._lines.row_limit:,} characters") from None
        return self.header

    def rows(self) -> Iterator[Union[CsvRow, CsvRegionLine]]:
        """Yield a `CsvRow` per well-delimited row and a `CsvRegionLine` per
        physical line of each undelimitable region; blank lines are skipped.
        `text_index` (the text column) must be set first.
        """
        width = len(self.header or [])
        self._shapes = ColumnShapes(width, self.text_index)
        while True:
            self._lines.start_row()
            try:
                fields = next(self._reader)
            except StopIteration:
                return
            except _RowTooLong:
                yield from self._runaway_region()
                continue
            except csv.Error as err:
                yield from self._region(f"malformed CSV quoting ({err})")
                continue
            if not fields:
                continue  # a blank line is not a record
            lines = self._lines.row_lines
            if len(lines) > 1 and len(fields) != width:
                # A ragged row over several lines: the lines after the first may be rows it swallowed.
                cause = f"a row over {len(lines)} lines has {len(fields)} fields; the header has {width}"
                yield from self._region(cause)
                continue
            if len(lines) > 1 and self._swallows_rows(fields, lines[1:]):
                yield from self._region("a quoted field runs over lines that start like rows of their own")
                continue
            if len(fields) == width:
                self._reference = fields
                self._shapes.observe(fields)
            yield CsvRow(fields=fields, first_line=self._lines.row_first_line)

    def _parse_alone(self, line: str) -> List[str]:
        # Lenient on purpose: only to guess ids and shapes, never for text.
        try:
            return next(csv.reader([line], delimiter=self.delimiter), [])
        except csv.Error:
            return []

    def _leading_columns(self) -> range:
        # The columns before the text: whole on the first line of a row.
        return range(self.text_index if self.text_index is not None else 0)

    def _swallows_rows(self, row: List[str], continuation: List[str]) -> bool:
        """Whether a line after the first of a multi-line row starts like a row
        of the file (the row's own leading values count as values of the file)."""
        # A line with fewer delimiters than a row has cannot be one: most note lines.
        candidates = [line for line in continuation if line.count(self.delimiter) >= self._shapes.width - 1]
        if not candidates:
            return False
        shapes = self._shapes.with_values(row, self._leading_columns())
        return any(shapes.starts_like_row(self._parse_alone(line)) for line in candidates)

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

    def _region_line(self, line_no: int, first: bool, line: str, cause: str, region: str,
                     over_size: bool = False) -> CsvRegionLine:
        # Only the start of a long line is parsed: the fields are for the id.
        fields = self._parse_alone(line[:_PROBE_CHARS])
        return CsvRegionLine(
            line_no=line_no,
            first_of_region=first,
            fields=fields,
            looks_like_row=(not first and self._reference is not None
                            and self._shaped_like(fields, self._reference)),
            cause=cause,
            region=region,
            over_size=over_size,
        )

    def _region(self, cause: str) -> Iterator[CsvRegionLine]:
        lines = list(self._lines.row_lines)
        first = self._lines.row_first_line
        region = f"lines {first}-{first + len(lines) - 1}" if len(lines) > 1 else f"line {first}"
        self._lines.row_lines = []  # the region's text is not kept any longer than needed
        for offset, line in enumerate(lines):
            if line.strip("\r\n"):  # blank lines are not records
                yield self._region_line(first + offset, offset == 0, line, cause, region)

    def _runaway_region(self) -> Iterator[CsvRegionLine]:
        """The lines of a row that ran past the row bound, then every line up
        to the next one that starts like a row (where reading resumes). Lines
        are yielded as they are read: nothing past the bound is held."""
        tracker = self._lines
        first = tracker.row_first_line
        held, tracker.row_lines = tracker.row_lines, []
        if tracker.cut:
            tracker.skip_rest_of_line()
        cause = (f"the row that starts on line {first} runs on past {tracker.row_limit:,} characters, as after "
                 "an unclosed quote; reading resumes at the next line that starts like a row")
        region = f"lines from {first} on"
        shapes = self._shapes.with_values(self._parse_alone(held[0][:_PROBE_CHARS]), self._leading_columns())
        for offset, line in enumerate(held):
            if line.strip("\r\n"):
                yield self._region_line(first + offset, offset == 0, line, cause, region, over_size=True)
        del held
        while True:
            line, cut = tracker.read_line(tracker.row_limit)
            if not line:
                return
            if not cut and shapes.starts_like_row(self._parse_alone(line)):
                tracker.unread(line)
                return
            if cut:
                tracker.skip_rest_of_line()
            if line.strip("\r\n"):
                yield self._region_line(tracker.line_no, False, line, cause, region, over_size=True)
