"""Format-preserving surrogates for identifiers, phone/fax numbers, SSNs and
ZIP codes: same length, same separators, same letter/digit pattern and case.

- Generic IDs (MRN, account, licence, device, vehicle, ...): every digit
  becomes a random digit (a leading non-zero digit of a digit run stays
  non-zero, so the number keeps its magnitude), every letter a random letter
  of the same case; separators are kept. Configurable fixed prefixes (e.g.
  "MRN", "ACCT-") are kept as written.
- Phones/fax with 10 digits (11 with a leading country code 1): a real
  area-code shape (NXX, N = 2-9, not N11), exchange 555 and line 0100-0199,
  the range reserved for fictional use; 7 digits: 555-01xx. Extensions
  (after "x" / "ext") are randomized. Other lengths: generic.
- SSN (9 digits): area 900-999 with group 01-49, serial 0001-9999: the SSA never
  issues 9xx areas and ITINs use groups 50-99, so a surrogate is never a real
  person's SSN or ITIN.
- ZIP: a real 5-digit ZIP from the shipped hospital list; ZIP+4 keeps its
  shape with a random +4.
- MAC address (DEVICE): random hex digits in the same separators and case,
  the first octet locally administered and unicast (x2, x6, xA, xE), so it
  names no manufacturer's OUI.
- Payment card (ACCOUNT in a card shape): same length and grouping, Luhn
  valid, starting with 0 (major industry identifier 0: no payment network
  issues cards there).
- Phones of other lengths keep a leading "+", a trunk "0" and "(0)".
"""

from __future__ import annotations

import random
import re
import string
from typing import Sequence

from ..checksums import luhn_check_digit, luhn_valid
from .locations import sample_zip

_DIGIT_RUN = re.compile(r"\d+")
_EXT = re.compile(r"(?i)(x|ext\.?|extension)\s*\d+\s*$")


def _keep_prefix(text: str, prefixes: Sequence[str]) -> int:
    best = 0
    for prefix in prefixes:
        if prefix and text.startswith(prefix) and len(prefix) > best and len(prefix) < len(text):
            best = len(prefix)
    return best


def format_preserving(rng: random.Random, text: str, prefixes: Sequence[str] = ()) -> str:
    """Replace every digit and letter, keeping length, separators, case and
    the letter/digit pattern; a configured prefix is kept.

    rng (random.Random): the keyed generator.
    text (str): the original identifier.
    prefixes (Sequence[str]): fixed prefixes to keep (longest match wins).
    RETURNS (str): the surrogate; differs from the original when it has any
        letter or digit.
    """
    keep = _keep_prefix(text, prefixes)
    head, body = text[:keep], text[keep:]
    if not any(c.isalnum() for c in body):
        return text if keep else body
    for _ in range(20):
        out = []
        for i, c in enumerate(body):
            if c.isdigit():
                run_start = i == 0 or not body[i - 1].isdigit()
                low = 1 if run_start and c != "0" and (i + 1 < len(body) and body[i + 1].isdigit()) else 0
                out.append(str(rng.randint(low, 9)))
            elif c.isalpha() and c.isascii():
                pool = string.ascii_uppercase if c.isupper() else string.ascii_lowercase
                out.append(rng.choice(pool))
            elif c.isalpha():
                # Non-ASCII letters: replace with an ASCII letter of the same case.
                out.append(rng.choice(string.ascii_uppercase if c.isupper() else string.ascii_lowercase))
            else:
                out.append(c)
        value = "".join(out)
        if value != body:
            return head + value
    return head + value


def _fill_digits(template: str, digits: str) -> str:
    it = iter(digits)
    return "".join(next(it) if c.isdigit() else c for c in template)


def _area_code(rng: random.Random) -> str:
    while True:
        code = f"{rng.randint(2, 9)}{rng.randint(0, 9)}{rng.randint(0, 9)}"
        if code[1:] != "11" and code[1:] != "55":
            return code


def surrogate_phone(rng: random.Random, text: str, prefixes: Sequence[str] = ()) -> str:
    """A fictional phone/fax number in the original's layout.

    rng (random.Random): the keyed generator.
    text (str): the original number.
    prefixes (Sequence[str]): fixed prefixes to keep.
    RETURNS (str): the surrogate.
    """
    ext = _EXT.search(text)
    main, tail = (text[: ext.start()], text[ext.start() :]) if ext else (text, "")
    if tail:
        # Keep the "x"/"ext" marker; only the extension digits are identifying.
        tail = "".join(str(rng.randint(0, 9)) if c.isdigit() else c for c in tail)
    digits = [c for c in main if c.isdigit()]
    n = len(digits)
    line = f"01{rng.randint(0, 9)}{rng.randint(0, 9)}"
    if n == 10:
        new = _area_code(rng) + "555" + line
    elif n == 11 and digits[0] == "1":
        new = "1" + _area_code(rng) + "555" + line
    elif n == 7:
        new = "555" + line
    else:
        return _keep_trunk_zero(main, format_preserving(rng, main, prefixes)) + tail
    keep = _keep_prefix(main, prefixes)
    if any(c.isdigit() for c in main[:keep]):
        keep = 0  # a prefix with digits would shift the digit count
    return main[:keep] + _fill_digits(main[keep:], new) + tail


def surrogate_ssn(rng: random.Random, text: str) -> str:
    """An SSN-shaped surrogate that can never be a real SSN or ITIN (area
    900-999, group 01-49, serial non-zero), in the original's layout.

    rng (random.Random): the keyed generator.
    text (str): the original.
    RETURNS (str): the surrogate.
    """
    if sum(c.isdigit() for c in text) != 9:
        return format_preserving(rng, text)
    new = f"{rng.randint(900, 999):03d}{rng.randint(1, 49):02d}{rng.randint(1, 9999):04d}"
    original = "".join(c for c in text if c.isdigit())
    if new == original:  # only possible if the original was itself unissuable
        new = f"{(int(new[:3]) - 899) % 100 + 900:03d}" + new[3:]
    return _fill_digits(text, new)


def surrogate_zip(rng: random.Random, text: str) -> str:
    """A real 5-digit ZIP (ZIP+4 keeps its shape) for a ZIP of that shape;
    other postal codes are format-preserving.

    rng (random.Random): the keyed generator.
    text (str): the original.
    RETURNS (str): the surrogate.
    """
    digits = "".join(c for c in text if c.isdigit())
    if len(digits) not in (5, 9) or any(c.isalpha() for c in text):
        return format_preserving(rng, text)
    for _ in range(20):
        zip5 = sample_zip(rng)
        if zip5 != digits[:5]:
            break
    new = zip5 + "".join(str(rng.randint(0, 9)) for _ in range(len(digits) - 5))
    return _fill_digits(text, new)


_TRUNK = re.compile(r"\(0\)|^\(?0")


def _keep_trunk_zero(original: str, surrogate: str) -> str:
    """Put back the trunk prefix "0" / "(0)" of a national or international
    number (it is dialling syntax, not part of the subscriber number)."""
    out = list(surrogate)
    for m in _TRUNK.finditer(original):
        out[m.end() - 2 if m.group() == "(0)" else m.end() - 1] = "0"
    return "".join(out)


#: MAC address in colon, dash or Cisco dot form.
_MAC = re.compile(r"[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}|[0-9A-Fa-f]{4}(?:\.[0-9A-Fa-f]{4}){2}")


def is_mac(text: str) -> bool:
    """Whether a DEVICE value is a MAC address."""
    return _MAC.fullmatch(text) is not None


def surrogate_mac(rng: random.Random, text: str) -> str:
    """A MAC address in the original's separators and case, locally
    administered and unicast (second hex digit 2, 6, A or E).

    rng (random.Random): the keyed generator.
    text (str): the original MAC address.
    RETURNS (str): the surrogate.
    """
    upper = not any(c in "abcdef" for c in text)
    hexdigits = "0123456789ABCDEF" if upper else "0123456789abcdef"
    out, nth = [], 0
    for c in text:
        if c in "0123456789ABCDEFabcdef":
            out.append(rng.choice("26AE" if upper else "26ae") if nth == 1 else rng.choice(hexdigits))
            nth += 1
        else:
            out.append(c)
    return "".join(out)


_CARD_LAYOUT = re.compile(r"\d+(?:[ -]\d+)*")


def is_card_shape(text: str) -> bool:
    """Whether an ACCOUNT value is written like a payment card: 13-19 digits,
    space/dash groups of 4 (Amex/Diners 4-6-5 / 4-6-4) or passing Luhn."""
    if _CARD_LAYOUT.fullmatch(text) is None:
        return False
    digits = "".join(c for c in text if c.isdigit())
    if not 13 <= len(digits) <= 19:
        return False
    groups = [len(g) for g in re.split(r"[ -]", text)]
    return groups[:3] in ([4, 4, 4], [4, 6, 5], [4, 6, 4]) or luhn_valid(digits)


def surrogate_card(rng: random.Random, text: str) -> str:
    """A Luhn-valid card number of the original's length and grouping that
    starts with 0, outside every payment network's issuer ranges.

    rng (random.Random): the keyed generator.
    text (str): the original card number.
    RETURNS (str): the surrogate.
    """
    n = sum(c.isdigit() for c in text)
    payload = "0" + "".join(str(rng.randint(0, 9)) for _ in range(n - 2))
    return _fill_digits(text, payload + luhn_check_digit(payload))
