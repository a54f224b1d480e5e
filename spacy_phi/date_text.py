"""Reading and writing dates as clinical notes write them: `parse_date` cuts a
date into tokens (numbers, month and weekday names, ordinal suffixes, times,
separators) and gives each number its role (year, month, day); `format_date`
writes a date in one of `DATE_STYLES`. English and Spanish.

Shared by the stages that read dates (`phi_known` finds a known date in every
style it may be written in) and the one that rewrites them (`phi_surrogates`
shifts a date and writes it back in its original style, `surrogates/dates.py`).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from .errors import SurrogateError

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


def _ordinal(day: int) -> str:
    if 11 <= day % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


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
