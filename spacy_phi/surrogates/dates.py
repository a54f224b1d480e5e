"""Date shifting that keeps the original format and the intervals.

All dates of one patient move by the same non-zero number of days, derived
from HMAC(secret, patient key) (`date_offset`). A date is cut into tokens
(numbers, month names, weekday names, ordinal suffixes, times, separators),
each number gets a role (year / month / day), the date is shifted and every
token is written back in its original style (zero padding, 2- or 4-digit
year, "'89", full or abbreviated month name, case, ordinal suffix).

Rules by what the value contains:

- year, month and day ("03/14/2089", "14-Mar-2089", "March 14th, 2089"):
  shifted by the offset in days; intervals between such dates are exact.
  A weekday name in it is recomputed from the new date.
- month and day, no year ("3/14", "March 14"): shifted by the offset in days
  within the leap reference year 2000 (so "2/29" is valid); consistent with
  full dates.
- month and year, no day ("Mar-89", "03/2089", "March 2089"): shifted by a
  whole number of months, `month_shift(offset)` = the offset in average
  months, rounded, at least 1 in the offset's direction. Intervals between
  month-year values are exact in months.
- year only ("2089", "'89"): shifted by `year_shift(offset)`, the offset in
  years rounded, at least 1 in the offset's direction (a year never stays
  unchanged). Intervals between year-only values are exact in years.
- month name only ("March"): shifted by `month_shift` months, modulo 12.
- weekday only ("Monday"): moved by the offset modulo 7 days, as the real
  date would.
- anything else (a day number alone, "Christmas", "winter of 2091", invalid
  dates, words we do not know): `UnparseableDateError`; the caller masks the
  span and counts it. A date is never passed through.

With a reference date (the note's own date, or the record's when the caller
gives one; see `shift_date_text`), partial dates follow the reference exactly
instead of being rounded:

- month and day: the year is the one that puts the date nearest the reference,
  then the date moves by the offset in days (so "3/16" in a note of
  03/14/2091 moves exactly as "03/16/2091" would, leap days included);
- month and year, month alone: moved by the months the reference moved;
- year alone: moved by the years the reference moved, which may be 0: "2088"
  in a note of 11/02/2090 shifted by -20 days stays "2088", exactly as the
  year of the note's own date does (the caller records it as kept).

Without a reference, partial dates are consistent among themselves; between a
partial and a full date the rounding of the month/year shift can differ by up
to half a month or half a year from the day shift.

A list of weekdays ("Mon,Wed,Fri") moves each weekday by the offset.

Two-digit years are read as 1969-2068 (the `strptime` convention); only the
century-free digits are written back, so this only matters for weekdays and
leap days.
"""

from __future__ import annotations

import calendar
import datetime as dt
import random
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from ..errors import SpacyPhiError
from .casing import match_case
from .keys import keyed_rng

MONTHS = [calendar.month_name[i] for i in range(1, 13)]
MONTH_ABBR = [calendar.month_abbr[i] for i in range(1, 13)]
WEEKDAYS = [calendar.day_name[i] for i in range(7)]
WEEKDAY_ABBR = [calendar.day_abbr[i] for i in range(7)]

_MONTH_WORDS: Dict[str, int] = {}
for _i, _name in enumerate(MONTHS, start=1):
    _MONTH_WORDS[_name.lower()] = _i
    _MONTH_WORDS[_name[:3].lower()] = _i
_MONTH_WORDS["sept"] = 9
_WEEKDAY_WORDS: Dict[str, int] = {}
for _i, _name in enumerate(WEEKDAYS):
    _WEEKDAY_WORDS[_name.lower()] = _i
    _WEEKDAY_WORDS[_name[:3].lower()] = _i
_WEEKDAY_WORDS.update({"tues": 1, "weds": 2, "thur": 3, "thurs": 3})
_FILLERS = frozenset({"of", "the", "on"})

# Spanish (lang "es"): month and weekday names (with and without accents), the
# fillers of "3 de marzo de 2015", "el lunes", and numeric dates read day first.
MONTHS_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
             "septiembre", "octubre", "noviembre", "diciembre"]
MONTH_ABBR_ES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]
WEEKDAYS_ES = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]
_MONTH_WORDS_ES: Dict[str, int] = {name: i for i, name in enumerate(MONTHS_ES, start=1)}
_MONTH_WORDS_ES.update({abbr: i for i, abbr in enumerate(MONTH_ABBR_ES, start=1)})
_MONTH_WORDS_ES.update({"setiembre": 9, "sept": 9, "set": 9})
_WEEKDAY_WORDS_ES: Dict[str, int] = {name: i for i, name in enumerate(WEEKDAYS_ES)}
_WEEKDAY_WORDS_ES.update({"miercoles": 2, "sabado": 5})
_FILLERS_ES = frozenset({"de", "del", "el", "la"})
LANGS = ("en", "es")

_TOKEN = re.compile(
    r"""
    (?P<time>T?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)
    |(?P<apyear>['’]\d{2}(?!\d))
    |(?P<num>\d+)(?P<ord>st|nd|rd|th)?
    |(?P<word>[^\W\d_]+)
    |(?P<sep>[\W_]+?)
    """,
    re.X | re.I,
)

#: The reference year of dates without a year (a leap year, so "2/29" works).
REFERENCE_YEAR = 2000


class SurrogateError(SpacyPhiError):
    """A surrogate could not be made for a span (the caller masks it)."""


class UnparseableDateError(SurrogateError):
    """A DATE span we cannot read (the caller masks and counts it)."""


@dataclass
class _Tok:
    kind: str  # time, apyear, num, word, sep
    text: str
    role: str = ""  # year, month, day, monthname, weekday, filler
    ordinal: str = ""


@dataclass
class ParsedDate:
    """What a date text contains. Fields that the text lacks are None.

    year (Optional[int]): the full year (two-digit years resolved).
    month (Optional[int]): 1-12.
    day (Optional[int]): 1-31.
    weekday (Optional[int]): 0 = Monday.
    """

    year: Optional[int]
    month: Optional[int]
    day: Optional[int]
    weekday: Optional[int]
    tokens: List[_Tok] = field(default_factory=list, repr=False)

    @property
    def date(self) -> Optional[dt.date]:
        """The full date, when year, month and day are all known."""
        if None in (self.year, self.month, self.day):
            return None
        return dt.date(self.year, self.month, self.day)  # type: ignore[arg-type]


def _tokenize(text: str) -> List[_Tok]:
    toks: List[_Tok] = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup if m.lastgroup != "ord" else "num"
        if m.group("num") is not None:
            toks.append(_Tok("num", m.group("num"), ordinal=m.group("ord") or ""))
        else:
            toks.append(_Tok(kind or "sep", m.group()))
    return toks


def _two_digit_year(value: int) -> int:
    return 2000 + value if value < 69 else 1900 + value


_DOTTED_DMY = re.compile(r"\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})")


def parse_date(text: str, lang: str = "en") -> ParsedDate:
    """Read a date text: which of year, month, day and weekday it gives.

    text (str): the DATE span text.
    lang (str): "en", or "es" for Spanish month, weekday and filler words
        ("3 de marzo de 2015") and numeric dates read day first ("03/04/2015"
        is 3 April).
    RETURNS (ParsedDate): the parse, with the tokens for re-rendering.
    RAISES (UnparseableDateError): the text is not a date we can shift.
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}")
    spanish = lang == "es"
    month_words = _MONTH_WORDS_ES if spanish else _MONTH_WORDS
    weekday_words = _WEEKDAY_WORDS_ES if spanish else _WEEKDAY_WORDS
    fillers = _FILLERS_ES if spanish else _FILLERS
    toks = _tokenize(text)
    year = month = day = weekday = None
    nums: List[_Tok] = []
    month_idx = -1
    for i, tok in enumerate(toks):
        if tok.kind == "word":
            low = tok.text.lower()
            if low in month_words and month is None:
                tok.role, month, month_idx = "monthname", month_words[low], i
            elif low in weekday_words and weekday is None:
                tok.role, weekday = "weekday", weekday_words[low]
            elif low in fillers:
                tok.role = "filler"
            else:
                raise UnparseableDateError("unknown word in date")
        elif tok.kind == "apyear":
            if year is not None:
                raise UnparseableDateError("two years")
            tok.role, year = "year", _two_digit_year(int(tok.text[1:]))
        elif tok.kind == "num":
            nums.append(tok)
    if len(nums) == 1 and len(nums[0].text) == 8 and month is None and year is None:
        # Compact YYYYMMDD: split into three tokens so each is re-rendered.
        t = nums[0].text
        idx = toks.index(nums[0])
        parts = [_Tok("num", t[:4], "year"), _Tok("num", t[4:6], "month"), _Tok("num", t[6:], "day")]
        toks[idx : idx + 1] = parts
        nums = parts
    else:
        _assign_roles(toks, nums, month is not None, month_idx, year is not None)
        if (spanish or _DOTTED_DMY.fullmatch(text)) and nums[0].role == "month" and int(nums[1].text) <= 12:
            # Dotted numeric dates are written day first ("21.5.21", "05.06.24").
            nums[0].role, nums[1].role = "day", "month"
    for tok in nums:
        value = int(tok.text)
        if tok.role == "year":
            year = value if len(tok.text) == 4 else _two_digit_year(value)
        elif tok.role == "month":
            month = value
        elif tok.role == "day":
            day = value
    if month is not None and not 1 <= month <= 12:
        raise UnparseableDateError("month out of range")
    if day is not None:
        if month is None:
            raise UnparseableDateError("day without month")
        if not 1 <= day <= calendar.monthrange(year if year is not None else REFERENCE_YEAR, month)[1]:
            raise UnparseableDateError("day out of range")
    if year is None and month is None and weekday is None:
        raise UnparseableDateError("no date part")
    if year is not None and month is None and day is None and weekday is not None:
        raise UnparseableDateError("weekday with year only")
    return ParsedDate(year, month, day, weekday, toks)


def _assign_roles(toks: List[_Tok], nums: List[_Tok], has_month: bool, month_idx: int, has_year: bool) -> None:
    fours = [t for t in nums if len(t.text) == 4]
    others = [t for t in nums if len(t.text) != 4]
    if len(fours) > 1 or (fours and has_year) or any(len(t.text) > 4 or len(t.text) == 3 for t in nums):
        raise UnparseableDateError("bad number")
    for t in fours:
        t.role = "year"
    has_year = has_year or bool(fours)
    if has_month:
        if has_year:
            if len(others) > 1:
                raise UnparseableDateError("too many numbers")
            for t in others:
                t.role = "day"
        elif len(others) == 1:
            t = others[0]
            idx = toks.index(t)
            between = "".join(x.text for x in toks[month_idx + 1 : idx]) if idx > month_idx else None
            if int(t.text) > 31 or (
                between is not None and between.strip() in ("-", "/", "'", "’") and len(t.text) == 2 and not t.ordinal
            ):
                t.role = "year"
            else:
                t.role = "day"
        elif len(others) == 2:
            a, b = others
            if b.ordinal and not a.ordinal:
                a, b = b, a
            a.role, b.role = "day", "year"
            if len(b.text) != 2:
                raise UnparseableDateError("bad year")
        elif others:
            raise UnparseableDateError("too many numbers")
        return
    if any(t.ordinal for t in nums):
        raise UnparseableDateError("ordinal without month name")
    if len(nums) == 3:
        a, b, c = nums
        if len(a.text) == 4:
            b.role, c.role = "month", "day"
        elif len(c.text) in (2, 4):
            c.role = "year"
            if int(a.text) > 12 and int(b.text) <= 12:
                a.role, b.role = "day", "month"
            else:
                a.role, b.role = "month", "day"
        else:
            raise UnparseableDateError("bad year")
    elif len(nums) == 2:
        a, b = nums
        if len(a.text) == 4:
            b.role = "month"
        elif len(b.text) == 4:
            a.role = "month"
        elif int(a.text) <= 12 and int(b.text) <= 31:
            a.role, b.role = "month", "day"
        elif int(a.text) <= 12 and len(b.text) == 2:
            a.role, b.role = "month", "year"
        elif int(b.text) <= 12:
            a.role, b.role = "day", "month"
        else:
            raise UnparseableDateError("ambiguous numbers")
    elif len(nums) == 1 and not fours:
        raise UnparseableDateError("number alone")
    elif len(nums) > 3:
        raise UnparseableDateError("too many numbers")


# --- offsets -----------------------------------------------------------------


def date_offset(secret: bytes, key: str, min_days: int = 30, max_days: int = 365) -> int:
    """The patient's date shift in days: non-zero, |offset| in [min_days,
    max_days], either direction, derived from HMAC(secret, key).

    secret (bytes): the secret.
    key (str): the patient/record key.
    min_days (int): smallest shift magnitude (at least 1).
    max_days (int): largest shift magnitude.
    RETURNS (int): the offset in days.
    """
    if min_days < 1 or max_days < min_days:
        raise ValueError("date shift range must satisfy 1 <= min_days <= max_days")
    rng = keyed_rng(secret, key, "DATE", "offset")
    magnitude = rng.randint(min_days, max_days)
    return magnitude if rng.random() < 0.5 else -magnitude


def _sign(value: int) -> int:
    return 1 if value > 0 else -1


def month_shift(offset_days: int) -> int:
    """Months that month-year dates move for a day offset (never 0)."""
    return _sign(offset_days) * max(1, round(abs(offset_days) / 30.436875))


def year_shift(offset_days: int) -> int:
    """Years that year-only dates move for a day offset (never 0)."""
    return _sign(offset_days) * max(1, round(abs(offset_days) / 365.2425))


#: An ISO 8601 timestamp (extended "2024-06-05T09:15:30.500-07:00" or basic
#: "20240605T091530Z"): the date part, then the time, fraction and offset.
_ISO_TIMESTAMP = re.compile(
    r"(?P<y>\d{4})(?P<sep>-?)(?P<m>\d\d)(?P=sep)(?P<d>\d\d)"
    r"(?P<rest>[T ]\d\d(?::?\d\d){0,2}(?:[.,]\d+)?(?:Z|[+-]\d\d(?::?\d\d)?)?)",
    re.I,
)


def _shift_iso_timestamp(match: "re.Match[str]", offset_days: int) -> str:
    """Shift the date of an ISO timestamp by whole days; the time of day,
    fraction and UTC offset are kept as written, so intervals between
    timestamps and with the note's other dates stay exact."""
    try:
        new = _add_days(dt.date(int(match["y"]), int(match["m"]), int(match["d"])), offset_days)
    except ValueError:
        raise UnparseableDateError("invalid ISO date") from None
    if not 1 <= new.year <= 9999:
        raise UnparseableDateError("shifted year out of range")
    sep = match["sep"]
    return f"{new.year:04d}{sep}{new.month:02d}{sep}{new.day:02d}{match['rest']}"


def shift_date_text(
    text: str, offset_days: int, reference: Optional[dt.date] = None, partial_reference: bool = True,
    lang: str = "en",
) -> str:
    """Shift a date text by a patient offset, keeping its format.

    text (str): the DATE span text.
    offset_days (int): the patient's offset (non-zero).
    reference (Optional[datetime.date]): the note's (or record's) date; partial
        dates then move exactly as the reference does (see the module doc).
    partial_reference (bool): False: month-year, month and year dates move
        by the rounded shifts (never 0) even with a reference; month-day
        dates still take the reference's year.
    lang (str): "en", or "es" (Spanish words, day-first numbers; see `parse_date`).
    RETURNS (str): the shifted text.
    RAISES (UnparseableDateError): the text cannot be read or shifted.
    """
    iso = _ISO_TIMESTAMP.fullmatch(text)
    if iso is not None:
        return _shift_iso_timestamp(iso, offset_days)
    if lang == "en" and _WEEKDAY_LIST.fullmatch(text):
        return _WEEKDAY_WORD.sub(lambda m: _shift_weekday_word(m.group(), offset_days), text)
    p = parse_date(text, lang)
    y, m, d, wd = p.year, p.month, p.day, p.weekday
    months, years = reference_shifts(offset_days, reference if partial_reference else None)
    if y is not None and m is not None and d is not None:
        new = _add_days(dt.date(y, m, d), offset_days)
        y, m, d, wd = new.year, new.month, new.day, (new.weekday() if wd is not None else None)
    elif m is not None and d is not None:
        new = _add_days(dt.date(_year_near(m, d, reference), m, d), offset_days)
        m, d = new.month, new.day
        wd = (wd + offset_days) % 7 if wd is not None else None
    elif y is not None and m is not None:
        total = y * 12 + (m - 1) + months
        y, m = divmod(total, 12)
        m += 1
        wd = (wd + offset_days) % 7 if wd is not None else None
    elif y is not None:
        y += years
    elif m is not None:
        m = (m - 1 + months) % 12 + 1
        wd = (wd + offset_days) % 7 if wd is not None else None
    else:
        wd = (wd + offset_days) % 7  # type: ignore[operator]
    if y is not None and not 1 <= y <= 9999:
        raise UnparseableDateError("shifted year out of range")
    return _render(p.tokens, y, m, d, wd, lang)


def reference_shifts(offset_days: int, reference: Optional[dt.date] = None) -> Tuple[int, int]:
    """(months, years) that month-year / month-only and year-only dates move.

    With a reference date: exactly what the reference moved by the offset
    (may be 0). Without: `month_shift` and `year_shift` (rounded, never 0).

    offset_days (int): the patient's offset.
    reference (Optional[datetime.date]): the note's or record's date.
    RETURNS (Tuple[int, int]): the month and year shifts.
    """
    if reference is None:
        return month_shift(offset_days), year_shift(offset_days)
    new = _add_days(reference, offset_days)
    return (new.year * 12 + new.month) - (reference.year * 12 + reference.month), new.year - reference.year


def _year_near(month: int, day: int, reference: Optional[dt.date]) -> int:
    """The year that puts month/day nearest the reference (the leap reference
    year 2000 without one, or when no nearby year has that day)."""
    if reference is None:
        return REFERENCE_YEAR
    best: Optional[Tuple[int, int]] = None
    for year in (reference.year - 1, reference.year, reference.year + 1):
        try:
            distance = abs((dt.date(year, month, day) - reference).days)
        except ValueError:  # 2/29 in a common year
            continue
        if best is None or distance < best[0]:
            best = (distance, year)
    return best[1] if best is not None else REFERENCE_YEAR


_WEEKDAY_NAMES = r"(?:mon|tues?|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?"
_WEEKDAY_WORD = re.compile(r"(?i)\b[a-z]+\b")
_WEEKDAY_LIST = re.compile(rf"(?i)\s*{_WEEKDAY_NAMES}(?:\s*(?:,|/|&|\band\b)\s*{_WEEKDAY_NAMES})+\s*")


def is_weekday_list(text: str) -> bool:
    """Whether a date text is a list of weekdays ("Mon,Wed,Fri", "Tue and Thu")."""
    return _WEEKDAY_LIST.fullmatch(text) is not None


def _shift_weekday_word(word: str, offset_days: int) -> str:
    """One weekday of a list moved by the offset; "and" is kept."""
    low = word.lower()
    if low not in _WEEKDAY_WORDS:
        return word
    new = (_WEEKDAY_WORDS[low] + offset_days) % 7
    name = WEEKDAYS[new] if low in (w.lower() for w in WEEKDAYS) else WEEKDAY_ABBR[new]
    return match_case(word, name)


def _add_days(date: dt.date, days: int) -> dt.date:
    try:
        return date + dt.timedelta(days=days)
    except OverflowError:
        raise UnparseableDateError("shifted date out of range") from None


def _ordinal(day: int) -> str:
    if 11 <= day % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _spanish_case(original: str, name: str) -> str:
    """A Spanish month or weekday name (lower case) in the case of the original."""
    if original.isupper() and len(original) > 1:
        return name.upper()
    return name[:1].upper() + name[1:] if original[:1].isupper() else name


def _render(toks: List[_Tok], y, m, d, wd, lang: str = "en") -> str:
    # Zero padding: a component is padded when it was written with a leading
    # zero, or when it had two digits and a sibling did (03/14 -> 04/02).
    padded_style = any(t.role in ("month", "day") and t.text.startswith("0") for t in toks) or (
        bool(toks) and toks[0].role == "year" and toks[0].kind == "num"
    )
    out: List[str] = []
    for t in toks:
        if t.role == "year":
            if t.kind == "apyear":
                out.append(t.text[0] + f"{y % 100:02d}")
            elif len(t.text) == 4:
                out.append(f"{y:04d}")
            else:
                out.append(f"{y % 100:02d}")
        elif t.role in ("month", "day"):
            value = m if t.role == "month" else d
            # Spanish numeric dates keep two digits where the original had two ("12/12/2016").
            pad = t.text.startswith("0") or (len(t.text) == 2 and (padded_style or lang == "es"))
            text = f"{value:02d}" if pad else str(value)
            if t.ordinal:
                suffix = _ordinal(value)
                text += suffix.upper() if t.ordinal.isupper() else suffix
            out.append(text)
        elif t.role == "monthname" and lang == "es":
            name = MONTH_ABBR_ES[m - 1] if len(t.text) <= 4 else MONTHS_ES[m - 1]
            out.append(_spanish_case(t.text, name))
        elif t.role == "weekday" and lang == "es":
            out.append(_spanish_case(t.text, WEEKDAYS_ES[wd]))
        elif t.role == "monthname":
            low = t.text.lower()
            if len(low) <= 3:
                name = MONTH_ABBR[m - 1]
            elif low == "sept" or (len(low) == 4 and low not in ("june", "july")):
                name = "Sept" if m == 9 else MONTH_ABBR[m - 1]
            else:
                name = MONTHS[m - 1]
            out.append(match_case(t.text, name))
        elif t.role == "weekday":
            low = t.text.lower()
            name = WEEKDAYS[wd] if low in (w.lower() for w in WEEKDAYS) else WEEKDAY_ABBR[wd]
            out.append(match_case(t.text, name))
        else:
            out.append(t.text)
    return "".join(out)


# --- sampling and formatting (for synthetic notes) ---------------------------


def sample_date(rng: random.Random, start: dt.date = dt.date(2060, 1, 1), end: dt.date = dt.date(2099, 12, 31)) -> dt.date:
    """A uniformly random date in [start, end].

    rng (random.Random): the generator.
    start (datetime.date): the first possible date.
    end (datetime.date): the last possible date.
    RETURNS (datetime.date): the date.
    """
    return start + dt.timedelta(days=rng.randint(0, (end - start).days))


#: Date styles understood by `format_date`, with an example each.
DATE_STYLES: Dict[str, str] = {
    "MM/DD/YYYY": "03/14/2089",
    "M/D/YYYY": "3/14/2089",
    "M/D/YY": "3/14/89",
    "MM/DD/YY": "03/14/89",
    "YYYY-MM-DD": "2089-03-14",
    "YYYYMMDD": "20890314",
    "Month D, YYYY": "March 14, 2089",
    "Month Dth, YYYY": "March 14th, 2089",
    "Mon D, YYYY": "Mar 14, 2089",
    "D Month YYYY": "14 March 2089",
    "D-Mon-YYYY": "14-Mar-2089",
    "DD-MON-YYYY": "14-MAR-2089",
    "Weekday, Month D, YYYY": "Tuesday, March 14, 2089",
    "M/D": "3/14",
    "Month D": "March 14",
    "Mon-YY": "Mar-89",
    "Month YYYY": "March 2089",
    "MM/YYYY": "03/2089",
    "YYYY": "2089",
    "'YY": "'89",
}


def format_date(date: dt.date, style: str = "MM/DD/YYYY") -> str:
    """Write a date in one of `DATE_STYLES`.

    date (datetime.date): the date.
    style (str): a key of DATE_STYLES.
    RETURNS (str): the text.
    """
    y, m, d = date.year, date.month, date.day
    month, mon = MONTHS[m - 1], MONTH_ABBR[m - 1]
    table = {
        "MM/DD/YYYY": f"{m:02d}/{d:02d}/{y:04d}",
        "M/D/YYYY": f"{m}/{d}/{y:04d}",
        "M/D/YY": f"{m}/{d}/{y % 100:02d}",
        "MM/DD/YY": f"{m:02d}/{d:02d}/{y % 100:02d}",
        "YYYY-MM-DD": f"{y:04d}-{m:02d}-{d:02d}",
        "YYYYMMDD": f"{y:04d}{m:02d}{d:02d}",
        "Month D, YYYY": f"{month} {d}, {y:04d}",
        "Month Dth, YYYY": f"{month} {d}{_ordinal(d)}, {y:04d}",
        "Mon D, YYYY": f"{mon} {d}, {y:04d}",
        "D Month YYYY": f"{d} {month} {y:04d}",
        "D-Mon-YYYY": f"{d}-{mon}-{y:04d}",
        "DD-MON-YYYY": f"{d:02d}-{mon.upper()}-{y:04d}",
        "Weekday, Month D, YYYY": f"{WEEKDAYS[date.weekday()]}, {month} {d}, {y:04d}",
        "M/D": f"{m}/{d}",
        "Month D": f"{month} {d}",
        "Mon-YY": f"{mon}-{y % 100:02d}",
        "Month YYYY": f"{month} {y:04d}",
        "MM/YYYY": f"{m:02d}/{y:04d}",
        "YYYY": f"{y:04d}",
        "'YY": f"'{y % 100:02d}",
    }
    if style not in table:
        raise ValueError(f"Unknown date style {style!r}; expected one of {', '.join(DATE_STYLES)}")
    return table[style]
