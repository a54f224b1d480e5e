"""Coherent address surrogates: one real US place per original address.

The STREET, CITY, STATE and ZIP spans of one address (adjacent spans with
only commas, spaces or a line break between them) get their values from one
place of `places()`: a real (city, state, ZIP) triple of the CMS hospital
list shipped in `spacy_phi/data/cms_hospitals.csv` (US public domain; see
data/SOURCE.txt), so the surrogate address is geographically valid. The
street is built ("<number> <street name> <suffix>"), keeping the original's
house-number length, suffix word ("St", "Terrace") and direction ("NE").

Consistency: the place of an address is keyed on its original city (else its
state, else its ZIP), so the same original city always becomes the same
surrogate city for a patient key, in every note. Within a document a state or
ZIP written alone takes the surrogate of the same value in an address.

Safe Harbor option (`zip3_mode="safe_harbor"`): a ZIP is written as its
original first three digits followed by zeros, and as "000.." when those three
digits are one of the restricted ZIP-3 areas (20,000 people or fewer, Census
2000, 45 CFR 164.514(b)(2)(i)(B)). The city and state are still surrogates,
so the written ZIP-3 no longer matches them.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from .casing import case_style, match_case
from .keys import keyed_rng, normalize_value
from .locations import hospitals

#: Labels that make up an address.
ADDRESS_LABELS = frozenset({"STREET", "CITY", "STATE", "ZIP"})
#: ZIP-3 areas of 20,000 people or fewer (HHS guidance, Census 2000): "000" under Safe Harbor.
RESTRICTED_ZIP3 = frozenset("036 059 063 102 203 556 692 790 821 823 830 831 878 879 884 890 893".split())
ZIP3_MODES = ("surrogate", "safe_harbor")

US_STATES: Dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
    "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts",
    "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
    "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico",
    "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma",
    "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
    "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
    "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming", "PR": "Puerto Rico",
}
_STATE_BY_NAME = {name.lower(): abbr for abbr, name in US_STATES.items()}

#: Common US street names (no person's name): what a built street is called.
STREET_NAMES = (
    "Oak", "Maple", "Cedar", "Pine", "Elm", "Walnut", "Chestnut", "Birch", "Willow", "Spruce", "Hickory",
    "Sycamore", "Magnolia", "Laurel", "Poplar", "Aspen", "Park", "Lake", "Hill", "River", "Spring", "Meadow",
    "Forest", "Highland", "Sunset", "Ridge", "Valley", "Church", "Mill", "Main", "Market", "Franklin",
    "Jefferson", "Madison", "Monroe", "Jackson", "Lincoln", "Washington", "Adams", "Grant", "Union",
    "Liberty", "Prospect", "Orchard", "Railroad", "School", "Center", "Harbor", "Bay", "Summit", "Fairview",
    "Woodland", "Greenwood", "Lakeview", "Riverside", "Brookside", "Cherry", "Dogwood", "Holly", "Juniper",
)
STREET_SUFFIXES = (
    "Street", "St", "Avenue", "Ave", "Road", "Rd", "Drive", "Dr", "Lane", "Ln", "Court", "Ct", "Boulevard",
    "Blvd", "Way", "Place", "Pl", "Terrace", "Ter", "Circle", "Cir", "Parkway", "Pkwy", "Trail", "Trl",
    "Highway", "Hwy", "Square", "Sq", "Loop", "Run", "Pike", "Row", "Path", "Crossing", "Alley",
)
_SUFFIX_SET = {s.lower() for s in STREET_SUFFIXES}
_DIRECTIONS = {"n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west"}
_UNIT = re.compile(r"(?i)^\s*(?:apt|apartment|unit|suite|ste|#|no\.?|bldg|building|fl|floor|rm|room|lot|box)\b")
_GAP = re.compile(r"[\s,]{0,4}")


def is_unit(text: str) -> bool:
    """Whether a part of a street line is an apartment/suite/unit ("Apt C", "Suite 200", "#4")."""
    return bool(_UNIT.match(text))


class Place(NamedTuple):
    """A real US place: city (title case), state (two letters), 5-digit ZIP."""

    city: str
    state: str
    zip: str


@lru_cache(maxsize=None)
def places() -> Tuple[Place, ...]:
    """Every distinct (city, state, ZIP) of the shipped CMS list, outside the
    restricted ZIP-3 areas, sorted (so a seed draws the same place whatever
    the file order)."""
    rows = {
        Place(h.city, h.state, h.zip)
        for h in hospitals()
        if h.state in US_STATES and len(h.zip) == 5 and h.zip.isdigit() and h.zip[:3] not in RESTRICTED_ZIP3
    }
    return tuple(sorted(rows))


def state_abbr(text: str) -> Optional[str]:
    """The two-letter code of a US state written as a code or a name ("Ohio", "OH", "Oh.")."""
    clean = text.strip(" .").lower()
    if clean.upper() in US_STATES:
        return clean.upper()
    return _STATE_BY_NAME.get(clean)


def is_valid_address(city: Optional[str], state: Optional[str], zip_code: Optional[str]) -> bool:
    """Whether the given parts of an address belong to one real place of `places()`.

    city, state, zip_code (Optional[str]): the parts present (None: absent).
    RETURNS (bool): some place matches every given part.
    """
    abbr = state_abbr(state) if state else None
    if state and abbr is None:
        return False
    zip5 = zip_code[:5] if zip_code else None
    for place in places():
        if city and place.city.lower() != city.strip().lower():
            continue
        if abbr and place.state != abbr:
            continue
        if zip5 and place.zip != zip5:
            continue
        return True
    return False


def address_groups(text: str, spans: Sequence[Tuple[int, int, str]]) -> List[List[int]]:
    """Indexes of the spans that form one address: adjacent STREET / CITY /
    STATE / ZIP spans with at most a comma, spaces or a line break between.

    text (str): the note. spans (Sequence[Tuple[int, int, str]]): sorted spans.
    RETURNS (List[List[int]]): the groups, each in text order.
    """
    groups: List[List[int]] = []
    for i, (start, _, label) in enumerate(spans):
        if label not in ADDRESS_LABELS:
            continue
        if groups and groups[-1][-1] == i - 1 and _GAP.fullmatch(text[spans[i - 1][1] : start]):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


class Geography:
    """Address surrogates of one document / patient.

    secret (bytes): the HMAC secret. key (str): the patient key.
    zip3_mode (str): "surrogate" or "safe_harbor" (see the module doc).
    """

    def __init__(self, secret: bytes, key: str, zip3_mode: str = "surrogate") -> None:
        if zip3_mode not in ZIP3_MODES:
            raise ValueError(f"zip3_mode must be one of {ZIP3_MODES}")
        self.secret = secret
        self.key = key
        self.zip3_mode = zip3_mode
        self.place_at: Dict[int, Place] = {}  # span start -> the place of its address
        self.by_state: Dict[str, Place] = {}  # original state code -> place used for it
        self.by_zip: Dict[str, Place] = {}
        self.by_city: Dict[str, Place] = {}  # original city -> its place, within the document

    def _draw(self, kind: str, value: str, avoid_city: str = "", avoid_state: str = "") -> Place:
        rng = keyed_rng(self.secret, self.key, "ADDRESS", kind, normalize_value(value))
        pool = places()
        place = rng.choice(pool)
        for _ in range(50):  # never the original city or state
            if place.city.lower() != avoid_city.lower() and place.state != avoid_state:
                break
            place = rng.choice(pool)
        return place

    def place_for(self, city: Optional[str], state: Optional[str], zip_code: Optional[str]) -> Place:
        """The place of an address from its original parts (city first)."""
        abbr = state_abbr(state) if state else ""
        if city:
            norm = normalize_value(city)
            if norm not in self.by_city:
                self.by_city[norm] = self._draw("city", city, avoid_city=city, avoid_state=abbr or "")
            return self.by_city[norm]
        if abbr and abbr in self.by_state:
            return self.by_state[abbr]
        if state:
            return self._draw("state", abbr or state, avoid_state=abbr or "")
        if zip_code and zip_code[:5] in self.by_zip:
            return self.by_zip[zip_code[:5]]
        return self._draw("zip", (zip_code or "")[:5])

    def plan(self, text: str, spans: Sequence[Tuple[int, int, str]]) -> None:
        """Choose the place of every address of a document before rewriting.

        text (str): the note. spans (Sequence[Tuple[int, int, str]]): its PHI spans, sorted.
        """
        for group in address_groups(text, spans):
            parts: Dict[str, str] = {}
            for i in group:
                start, end, label = spans[i]
                value = text[start:end]
                if label == "STREET" and "," in value:
                    # "1184 Larchmont Terrace, Duxbridge": the city inside the street line.
                    tail = [p.strip() for p in value.split(",")[1:] if p.strip() and not is_unit(p)]
                    if tail and not any(c.isdigit() for c in tail[-1]):
                        parts.setdefault("CITY", tail[-1])
                parts.setdefault(label, value)
            place = self.place_for(parts.get("CITY"), parts.get("STATE"), parts.get("ZIP"))
            abbr = state_abbr(parts["STATE"]) if "STATE" in parts else None
            if abbr:
                self.by_state.setdefault(abbr, place)
            if "ZIP" in parts:
                self.by_zip.setdefault(parts["ZIP"][:5], place)
            for i in group:
                self.place_at[spans[i][0]] = place

    def _place(self, start: Optional[int], label: str, text: str) -> Place:
        if start is not None and start in self.place_at:
            return self.place_at[start]
        if label == "CITY":
            return self.place_for(text, None, None)
        if label == "STATE":
            return self.place_for(None, text, None)
        if label == "ZIP":
            return self.place_for(None, None, text)
        return self._draw("street", text)

    def surrogate(self, label: str, text: str, start: Optional[int] = None) -> str:
        """The surrogate of one address part.

        label (str): STREET, CITY, STATE or ZIP. text (str): the original.
        start (Optional[int]): the span's start in the note (finds its address).
        RETURNS (str): the surrogate.
        """
        place = self._place(start, label, text)
        if label == "CITY":
            return match_case(text, place.city)
        if label == "STATE":
            stripped = text.strip(". ")
            if len(stripped) <= 2 or (case_style(stripped) == "upper" and len(stripped) <= 3):
                return place.state if stripped.isupper() or len(stripped) <= 2 else place.state.title()
            return match_case(text, US_STATES[place.state])
        if label == "ZIP":
            return self._zip(text, place)
        return self._street(text, place)

    def _zip(self, text: str, place: Place) -> str:
        rng = keyed_rng(self.secret, self.key, "ADDRESS", "zip4", normalize_value(text))
        digits = [c for c in text if c.isdigit()]
        if self.zip3_mode == "safe_harbor":
            zip3 = "".join(digits[:3])
            head = "000" if zip3 in RESTRICTED_ZIP3 else zip3
            base = head + "0" * 2
        else:
            base = place.zip
        out, k = [], 0
        for c in text:
            if c.isdigit():
                out.append(base[k] if k < 5 else str(rng.randrange(10)))
                k += 1
            else:
                out.append(c)
        return "".join(out)

    def _street(self, text: str, place: Place) -> str:
        rng = keyed_rng(self.secret, self.key, "ADDRESS", "street", normalize_value(text))
        pieces = text.split(",")
        out = [self._street_line(rng, pieces[0])]
        for piece in pieces[1:]:
            if not piece.strip():
                out.append(piece)
            elif _UNIT.match(piece) or any(c.isdigit() for c in piece):
                out.append("".join(str(rng.randrange(1, 10)) if c.isdigit() else c for c in piece))
            else:
                lead = piece[: len(piece) - len(piece.lstrip())]
                out.append(lead + match_case(piece.strip(), place.city))
        return ",".join(out)

    def _street_line(self, rng: random.Random, line: str) -> str:
        words = line.split()
        out: List[str] = []
        named = False
        for i, word in enumerate(words):
            bare = word.strip(".").lower()
            if word[0].isdigit():
                digits = sum(c.isdigit() for c in word)
                number = str(rng.randint(10 ** (digits - 1) if digits > 1 else 1, 10**digits - 1))
                out.append(number + "".join(c for c in word if not c.isdigit()))
            elif bare in _DIRECTIONS or (bare in _SUFFIX_SET and i > 0):
                out.append(word)  # direction and suffix are not identifying: kept as written
            elif not named:
                name = rng.choice(STREET_NAMES)
                while name.lower() == bare:
                    name = rng.choice(STREET_NAMES)
                out.append(match_case(word, name))
                named = True
            # further name words of the original are dropped: the built name is one word
        if not named:
            out.insert(1 if out and out[0][0].isdigit() else 0, rng.choice(STREET_NAMES))
        if not any(w.strip(".").lower() in _SUFFIX_SET for w in out[1:]):
            out.append(rng.choice(STREET_SUFFIXES[:12:2]))
        lead = line[: len(line) - len(line.lstrip())]
        return lead + " ".join(out)
