"""Dates of a synthetic note written in the shapes of real notes: the
`spacy_phi.date_text.DATE_STYLES` plus "Sept 14 2067", "9-14-67", "14th",
"Mon. 14"; holidays and seasons."""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Tuple

from ...surrogates import format_date


NUMERIC_STYLES: Tuple[Tuple[str, float], ...] = (
    ("MM/DD/YYYY", 34), ("M/D/YY", 14), ("M/D/YYYY", 14), ("YYYY-MM-DD", 16), ("MM/DD/YY", 7),
    ("D-Mon-YYYY", 4), ("DD-MON-YYYY", 3), ("M-D-YY", 3), ("MM-DD-YYYY", 3), ("YYYYMMDD", 1),
    ("M.D.YY", 1),
)
WRITTEN_STYLES: Tuple[Tuple[str, float], ...] = (
    ("Month D, YYYY", 30), ("Mon D, YYYY", 12), ("Month Dth, YYYY", 6), ("D Month YYYY", 6),
    ("Sept D YYYY", 8), ("Mon. D, YYYY", 6), ("Weekday, Month D, YYYY", 4), ("Mon D YYYY", 8),
    ("MONTH D, YYYY", 3), ("the Dth of Month", 3),
)
SHORT_STYLES: Tuple[Tuple[str, float], ...] = (
    ("M/D", 40), ("MM/DD", 10), ("Month D", 20), ("Mon D", 10), ("Month Dth", 6), ("Dth", 6),
    ("D Mon", 4), ("Mon. D", 4),
)
MONTH_YEAR_STYLES: Tuple[Tuple[str, float], ...] = (
    ("Month YYYY", 35), ("Mon YYYY", 15), ("MM/YYYY", 12), ("M/YY", 10), ("Mon-YY", 8),
    ("Month of YYYY", 8), ("Mon-YYYY", 5), ("MONTH YYYY", 3), ("Mon. YYYY", 4),
)
_MONTHS = [calendar.month_name[i] for i in range(1, 13)]
_MON = [calendar.month_abbr[i] for i in range(1, 13)]
_WEEKDAYS = [calendar.day_name[i] for i in range(7)]


def _ordinal(day: int) -> str:
    if 11 <= day % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def date_text(date: dt.date, style: str) -> str:
    """Write a date in a style: the `spacy_phi.date_text.DATE_STYLES` plus the
    extra shapes of real notes ("Sept 14 2067", "9-14-67", "14th", "Mon. 14")."""
    y, m, d = date.year, date.month, date.day
    mon = "Sept" if m == 9 else _MON[m - 1]
    extra = {
        "M-D-YY": f"{m}-{d}-{y % 100:02d}",
        "MM-DD-YYYY": f"{m:02d}-{d:02d}-{y}",
        "M.D.YY": f"{m}.{d}.{y % 100:02d}",
        "Sept D YYYY": f"{mon} {d} {y}",
        "Mon D YYYY": f"{_MON[m - 1]} {d} {y}",
        "Mon. D, YYYY": f"{_MON[m - 1]}. {d}, {y}" if m != 5 else f"May {d}, {y}",
        "MONTH D, YYYY": f"{_MONTHS[m - 1].upper()} {d}, {y}",
        "the Dth of Month": f"{d}{_ordinal(d)} of {_MONTHS[m - 1]}",
        "MM/DD": f"{m:02d}/{d:02d}",
        "Mon D": f"{_MON[m - 1]} {d}",
        "Month Dth": f"{_MONTHS[m - 1]} {d}{_ordinal(d)}",
        "Dth": f"{d}{_ordinal(d)}",
        "D Mon": f"{d} {_MON[m - 1]}",
        "Mon. D": f"{_MON[m - 1]}. {d}" if m != 5 else f"May {d}",
        "Mon YYYY": f"{_MON[m - 1]} {y}",
        "M/YY": f"{m}/{y % 100:02d}",
        "Month of YYYY": f"{_MONTHS[m - 1]} of {y}",
        "Mon-YYYY": f"{_MON[m - 1]}-{y}",
        "MONTH YYYY": f"{_MONTHS[m - 1].upper()} {y}",
        "Mon. YYYY": f"{_MON[m - 1]}. {y}" if m != 5 else f"May {y}",
        "Month": _MONTHS[m - 1],
        "Weekday": _WEEKDAYS[date.weekday()],
        "Wkd": _WEEKDAYS[date.weekday()][:3],
        "YY": f"{y % 100:02d}",
    }
    if style in extra:
        return extra[style]
    return format_date(date, style)


HOLIDAYS: Tuple[str, ...] = (
    "Christmas", "Christmas Eve", "Thanksgiving", "New Year's Eve", "New Year's Day", "New Year's",
    "Easter", "Easter Sunday", "July 4th", "the 4th of July", "Fourth of July", "Labor Day",
    "Memorial Day", "Halloween", "Valentine's Day", "Mother's Day", "Father's Day", "Passover",
    "Rosh Hashanah", "Yom Kippur", "Hanukkah", "Ramadan", "Eid", "Veterans Day", "Columbus Day",
    "Presidents Day", "MLK Day", "Good Friday", "Christmas day", "Thanksgiving weekend",
    "Tet", "Lunar New Year", "Chinese New Year", "Eid al-Fitr", "Eid al-Adha", "Diwali", "Holi", "Navratri",
    "Passover Seder", "Purim", "Sukkot", "Kwanzaa", "Orthodox Easter", "Orthodox Christmas", "Nowruz", "Ramadan",
    "Chuseok", "Mid-Autumn Festival", "Vesak", "Juneteenth", "Cinco de Mayo", "Dia de los Muertos", "Three Kings Day",
)
SEASONS: Tuple[str, ...] = ("winter", "spring", "summer", "fall", "autumn", "Winter", "Spring", "Summer", "Fall")
