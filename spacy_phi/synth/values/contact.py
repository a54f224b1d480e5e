"""Contact values of a synthetic note: phone and fax numbers with extensions,
e-mail addresses, web addresses, IP addresses and login names. They are
realistic (real area codes and mail domains, not reserved ranges): synthetic
training values, not surrogates."""

from __future__ import annotations

import random
import re
from typing import Tuple

from ...surrogates.locations import sample_ip
from .common import random_digits, weighted
from .person import Person


EMAIL_DOMAINS: Tuple[str, ...] = (
    "gmail.com", "yahoo.com", "hotmail.com", "aol.com", "comcast.net", "verizon.net", "outlook.com",
    "icloud.com", "msn.com", "att.net", "earthlink.net", "live.com", "charter.net", "cox.net",
    "partners.org", "mgh.harvard.edu", "bu.edu", "umassmed.edu", "lahey.org", "bidmc.harvard.edu",
    "example.com", "example.org",
)


def phone_number(rng: random.Random, style: str = "") -> str:
    """A phone or fax number in one of the shapes of notes (random digits,
    realistic area codes; these are synthetic training values, not surrogates)."""
    area = f"{rng.randint(2, 9)}{random_digits(rng, 2)}"
    exch = f"{rng.randint(2, 9)}{random_digits(rng, 2)}"
    line = random_digits(rng, 4)
    style = style or weighted(
        rng,
        (("dash", 40), ("paren", 18), ("paren_nospace", 5), ("dot", 7), ("space", 4), ("plain", 4),
         ("one_dash", 3), ("plus1", 2), ("seven", 8), ("ext_short", 5), ("slash", 2)),
    )
    if style == "dash":
        return f"{area}-{exch}-{line}"
    if style == "paren":
        return f"({area}) {exch}-{line}"
    if style == "paren_nospace":
        return f"({area}){exch}-{line}"
    if style == "dot":
        return f"{area}.{exch}.{line}"
    if style == "space":
        return f"{area} {exch} {line}"
    if style == "plain":
        return f"{area}{exch}{line}"
    if style == "one_dash":
        return f"1-{area}-{exch}-{line}"
    if style == "plus1":
        return f"+1 {area} {exch} {line}"
    if style == "seven":
        return f"{exch}-{line}"
    if style == "ext_short":
        return f"{rng.randint(2, 9)}-{line}"
    return f"{area}/{exch}-{line}"


def extension(rng: random.Random) -> str:
    """A phone extension as written after a number: " x557", "x4-5678", " ext. 5-8112"."""
    digits = random_digits(rng, rng.choice((3, 4, 4, 5)))
    return weighted(
        rng,
        ((f" x{digits}", 35), (f"x{digits}", 15), (f" ext. {digits}", 15), (f" ext {digits}", 10),
         (f" x {digits}", 8), (f" ext. {digits[0]}-{digits[1:]}", 7), (f" X{digits}", 5),
         (f", ext {digits}", 5)),
    )


def _letters(name: str) -> str:
    """A name as a login or e-mail part: lower-case letters only ("van der Berg" -> "vanderberg")."""
    return "".join(c for c in name.lower() if c.isalpha()) or "x"


def email_address(rng: random.Random, person: Person, hospital_abbr: str = "") -> str:
    """An e-mail address from a person's name on a realistic domain."""
    f, last = _letters(person.first), _letters(person.last)
    local = weighted(
        rng,
        ((f"{f}.{last}", 25), (f"{f[0]}{last}", 25), (f"{f}{last[0]}", 6), (f"{last}.{f}", 6),
         (f"{f}{rng.randint(1, 99)}", 10), (f"{f[0]}{last}{rng.randint(1, 9)}", 8), (f"{f}_{last}", 6),
         (f"{last}{f[0]}", 6), (f"{f[0]}{person.middle.lower()}{last}", 4), (f"{f}.{last}{rng.randint(60, 99)}", 4)),
    )
    if hospital_abbr and rng.random() < 0.35:
        domain = f"{hospital_abbr.lower()}.{rng.choice(('org', 'org', 'edu', 'com', 'harvard.edu'))}"
    else:
        domain = rng.choice(EMAIL_DOMAINS)
    address = f"{local}@{domain}"
    if rng.random() < 0.06:
        address = f"{_letters(person.first).capitalize()}.{_letters(person.last).capitalize()}@{domain[0].upper()}{domain[1:]}"
    return address


def url_text(rng: random.Random, name: str) -> str:
    """A web address built from an organization or hospital name."""
    words = re.findall(r"[A-Za-z]+", name)
    stem = "".join(w.lower() for w in words[:3]) or "clinic"
    if rng.random() < 0.35:
        stem = "".join(w[0].lower() for w in words) or stem
    tld = rng.choice((".org", ".org", ".com", ".edu", ".net", ".org"))
    path = rng.choice(("", "", "/patients", "/portal", "/cardiology", "/careers", "/locations", "/billing",
                       "/mychart", "/forms/release", "/patient-portal/login", "/records"))
    scheme = weighted(rng, (("http://www.", 25), ("https://www.", 25), ("www.", 30), ("https://", 10), ("https://portal.", 5), ("http://mychart.", 5)))
    return f"{scheme}{stem}{tld}{path}"


def ip_address(rng: random.Random) -> str:
    """An IPv4 (private, public-looking or documentation range) or an IPv6 address."""
    kind = rng.random()
    if kind < 0.25:
        return f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.45:
        return f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.55:
        return f"172.{rng.randint(16, 31)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.8:
        return f"{rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if kind < 0.9:
        return sample_ip(rng, 4)
    if kind < 0.95:
        return sample_ip(rng, 6)
    groups = ":".join(f"{rng.randint(0, 0xFFFF):x}" for _ in range(4))
    return f"fe80::{groups}"


def username(rng: random.Random, person: Person) -> str:
    """A login name from a person's name ("akruger2", "KRUGERA", "ada.kruger")."""
    f, last = _letters(person.first), _letters(person.last)
    value = weighted(
        rng,
        ((f"{f[0]}{last}", 25), (f"{f[0]}{last}{rng.randint(1, 99)}", 18), (f"{last}{f[0]}".upper(), 8),
         (f"{f}.{last}", 10), (f"{f[0]}{person.middle.lower()}{last[:6]}", 8), (f"{f[:2]}{last[:4]}{rng.randint(1, 9)}", 6),
         (f"{f}{rng.randint(10, 999)}", 8), (f"{f[0]}{last[0]}{random_digits(rng, 3)}", 8), (f"{last}_{f}", 5),
         (f"{f}{last[0]}", 4)),
    )
    return value
