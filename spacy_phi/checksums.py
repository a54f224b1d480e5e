"""Checksum and structure validators for identifier shapes.

Each takes the matched value text (separators included) and says whether it
is a well-formed identifier of that family. Rules use them to raise the
confidence of a shape-only match (`RegexRule.confirm`), never to drop a match
that a context word already marked as an identifier (recall first).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import re

_NON_DIGIT = re.compile(r"\D")


def digits_of(value: str) -> str:
    """The digits of a value, separators removed."""
    return _NON_DIGIT.sub("", value)


def luhn_valid(digits: str) -> bool:
    """Luhn (mod 10) checksum of a digit string (cards, NPI, IMEI)."""
    if not digits.isdigit():
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def luhn_check_digit(payload: str) -> str:
    """The digit that makes `payload + digit` Luhn-valid (for surrogates)."""
    for d in "0123456789":
        if luhn_valid(payload + d):
            return d
    raise ValueError("no Luhn check digit")  # unreachable for digit payloads


def is_luhn(value: str) -> bool:
    """At least two digits, the last a Luhn check digit (a site's own numbers)."""
    digits = digits_of(value)
    return len(digits) >= 2 and luhn_valid(digits)


def is_card(value: str) -> bool:
    """13-19 digits passing Luhn (payment card primary account number)."""
    digits = digits_of(value)
    return 13 <= len(digits) <= 19 and luhn_valid(digits)


def is_npi(value: str) -> bool:
    """US National Provider Identifier: 10 digits starting 1 or 2, Luhn over
    the ISO prefix 80840 + the number (CMS NPI check digit rule)."""
    digits = digits_of(value)
    return len(digits) == 10 and digits[0] in "12" and luhn_valid("80840" + digits)


_DEA = re.compile(r"[A-Z][A-Z9]\d{7}")


def is_dea(value: str) -> bool:
    """DEA registration number: 2 letters + 7 digits; the last digit is the
    last digit of (d1 + d3 + d5) + 2 * (d2 + d4 + d6)."""
    compact = value.replace("-", "").replace(" ", "").upper()
    if not _DEA.fullmatch(compact):
        return False
    d = [int(c) for c in compact[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def is_aba(value: str) -> bool:
    """ABA routing transit number: 9 digits, a Federal Reserve prefix
    (00-12, 21-32, 61-72, 80) and the 3-7-1 weighted checksum."""
    digits = digits_of(value)
    if len(digits) != 9:
        return False
    prefix = int(digits[:2])
    if not (prefix <= 12 or 21 <= prefix <= 32 or 61 <= prefix <= 72 or prefix == 80):
        return False
    d = [int(c) for c in digits]
    return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 == 0


# CMS MBI format: C A AN N A AN N A A N N, letters exclude S L O I B Z.
_MBI_ALPHA = "ACDEFGHJKMNPQRTUVWXY"
_MBI = re.compile(
    rf"[1-9][{_MBI_ALPHA}][{_MBI_ALPHA}0-9]\d[{_MBI_ALPHA}][{_MBI_ALPHA}0-9]\d[{_MBI_ALPHA}]{{2}}\d\d"
)


def is_mbi(value: str) -> bool:
    """Medicare Beneficiary Identifier character classes (CMS format)."""
    return _MBI.fullmatch(value.replace("-", "").upper()) is not None


def is_ssn(value: str) -> bool:
    """SSA issuance rules: area not 000, 666 or 9xx; group not 00; serial not 0000."""
    digits = digits_of(value)
    if len(digits) != 9:
        return False
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def is_ipv4(value: str) -> bool:
    """An IPv4 address with an optional prefix length ("/24"): `is_ip` without IPv6."""
    return ":" not in value and is_ip(value)


def is_ip(value: str) -> bool:
    """An IPv4 or IPv6 address, with an optional zone id ("%eth0", IPv6 only)
    and prefix length ("/64"), valid for the standard `ipaddress` module.
    A value without any decimal digit ("::", "A::B", "Foo::Bar") is not
    taken: code, not an address."""
    address, _, prefix = value.partition("/")
    if prefix and not (prefix.isdigit() and int(prefix) <= (128 if ":" in address else 32)):
        return False
    if not any(c.isdigit() for c in address.partition("%")[0]):
        return False
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


_ISO = re.compile(
    r"(?P<y>\d{4})-?(?P<mo>\d\d)-?(?P<d>\d\d)"
    r"(?:[T ](?P<h>\d\d)(?::?(?P<mi>\d\d)(?::?(?P<s>\d\d))?)?(?:[.,]\d+)?)?"
    r"(?:Z|[+-](?P<oh>\d\d)(?::?(?P<om>\d\d))?)?",
    re.I,
)


def is_iso_datetime(value: str) -> bool:
    """An ISO 8601 calendar date / timestamp with a real date, hour < 24,
    minute/second < 60 (leap second 60 allowed) and offset <= 14:00."""
    m = _ISO.fullmatch(value)
    if m is None:
        return False
    try:
        dt.date(int(m["y"]), int(m["mo"]), int(m["d"]))
    except ValueError:
        return False
    return (
        int(m["h"] or 0) < 24
        and int(m["mi"] or 0) < 60
        and int(m["s"] or 0) <= 60
        and int(m["oh"] or 0) <= 14
        and int(m["om"] or 0) < 60
    )


def is_dotted_date(value: str) -> bool:
    """d.m.yy: day 1-31 and month 1-12 (day first, as written with dots)."""
    parts = value.split(".")
    return len(parts) == 3 and 1 <= int(parts[0]) <= 31 and 1 <= int(parts[1]) <= 12


_EXTENSION = re.compile(r"(?i)\s*(?:x|ext\.?|extension)\s*\d+\s*$")
_ZIP4 = re.compile(r"0\d{4}-\d{4}")


def is_international_phone(value: str) -> bool:
    """7 to 15 digits before any extension (the E.164 maximum is 15)."""
    return 7 <= len(digits_of(_EXTENSION.sub("", value))) <= 15


def is_national_phone(value: str) -> bool:
    """A national number with a trunk 0: 9 to 12 digits before any extension,
    and not a ZIP+4 ('02114-1234')."""
    main = _EXTENSION.sub("", value)
    return 9 <= len(digits_of(main)) <= 12 and _ZIP4.fullmatch(main) is None


# ---- Spanish identifiers (rules of spanish.py) ---------------------------------
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def is_dni_or_nie(value: str) -> bool:
    """Whether a DNI ("12345678Z", "12.345.678-Z") or NIE ("X1234567L") has the
    right check letter (the number modulo 23; an NIE's X/Y/Z count as 0/1/2).

    value (str): the identifier as written.
    RETURNS (bool): the check letter matches.
    """
    compact = re.sub(r"[\s.-]", "", value).upper()
    match = re.fullmatch(r"([XYZ]?)(\d{7,8})([A-Z])", compact)
    if match is None:
        return False
    prefix, digits, letter = match.groups()
    if prefix:
        if len(digits) != 7:
            return False
        digits = str("XYZ".index(prefix)) + digits
    elif len(digits) != 8:
        return False
    return _DNI_LETTERS[int(digits) % 23] == letter


def is_spanish_postcode(value: str) -> bool:
    """Five digits whose province part (first two) is 01-52.

    value (str): the candidate.
    RETURNS (bool): a possible Spanish postcode.
    """
    return len(value) == 5 and value.isdigit() and 1 <= int(value[:2]) <= 52
