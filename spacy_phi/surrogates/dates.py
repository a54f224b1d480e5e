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

import datetime as dt
import random
import re
from typing import List, Optional, Tuple

from ..date_text import (
    _WEEKDAY_WORDS, MONTH_ABBR, MONTH_ABBR_ES, MONTHS, MONTHS_ES, REFERENCE_YEAR, WEEKDAY_ABBR, WEEKDAYS, WEEKDAYS_ES, UnparseableDateError, _ordinal, _Tok, parse_date,
)
from .casing import match_case
from .keys import keyed_rng

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

