"""Surface variants of known identifiers, turned into regular expressions.

A hospital knows a patient's names, MRN, phone and address from the structured
record; the note writes them in many ways. Per label family:
- person names: "First Middle Last" or "Last, First" in, out "First Last",
  "Last, First", "F. Last", "First L.", initials "J.R.", the first name, the
  last name and common nicknames alone, hyphen/space variants
  ("Mary-Ann" ~ "Mary Ann" ~ "MaryAnn"); possessives match because the
  pattern ends at a non-letter ("Smith's");
- numbers and codes (IDs, phones, fax, SSN, ZIP): the same letters and digits
  with any separators ("617-555-1234" ~ "(617) 555 1234" ~ "6175551234"), and a
  phone's 7-digit local part;
- dates: the date in every full-date style of the surrogate library;
- other text (streets, places, organizations): the words with any
  whitespace/punctuation between them, and common street abbreviations.

Matching is case-insensitive, except single name words that are also common
English words ("Will", "Hope", "Rose"), which must be written capitalized.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..labels import Category, category_of
from ..date_text import DATE_STYLES, UnparseableDateError, format_date, parse_date

#: Separators allowed between the characters of a known number or code.
_CODE_SEPARATORS = r"[\s\-./()#:]*"
#: Separators allowed between the words of a known name or place.
_WORD_SEPARATORS = r"[\s,.\-']+"
#: Date styles with day, month and year (partial dates are too generic to match).
_FULL_DATE_STYLES = tuple(
    style for style in DATE_STYLES if all(part in style.upper() for part in ("Y", "D")) and "M" in style.upper()
)

#: Nicknames of common given names (both directions are used).
NICKNAMES: Dict[str, Tuple[str, ...]] = {
    "robert": ("bob", "bobby", "rob", "robbie", "bert"),
    "william": ("bill", "billy", "will", "willie", "liam"),
    "richard": ("rick", "ricky", "dick", "rich"),
    "james": ("jim", "jimmy", "jamie"),
    "john": ("jack", "johnny"),
    "joseph": ("joe", "joey"),
    "thomas": ("tom", "tommy"),
    "charles": ("charlie", "chuck"),
    "michael": ("mike", "mikey", "mick"),
    "christopher": ("chris", "kit"),
    "daniel": ("dan", "danny"),
    "matthew": ("matt",),
    "anthony": ("tony",),
    "edward": ("ed", "eddie", "ted", "ned"),
    "david": ("dave", "davey"),
    "steven": ("steve",),
    "stephen": ("steve",),
    "andrew": ("andy", "drew"),
    "benjamin": ("ben", "benny"),
    "samuel": ("sam", "sammy"),
    "nicholas": ("nick", "nicky"),
    "alexander": ("alex", "sasha"),
    "jonathan": ("jon",),
    "timothy": ("tim", "timmy"),
    "kenneth": ("ken", "kenny"),
    "ronald": ("ron", "ronnie"),
    "donald": ("don", "donnie"),
    "gerald": ("gerry", "jerry"),
    "lawrence": ("larry",),
    "patrick": ("pat", "paddy"),
    "peter": ("pete",),
    "raymond": ("ray",),
    "gregory": ("greg",),
    "frederick": ("fred", "freddie"),
    "elizabeth": ("liz", "beth", "betty", "eliza", "lizzie", "betsy"),
    "margaret": ("maggie", "meg", "peggy", "margie"),
    "katherine": ("kate", "katie", "kathy", "kat"),
    "catherine": ("cathy", "kate", "katie", "cat"),
    "jennifer": ("jen", "jenny"),
    "patricia": ("pat", "patty", "trish"),
    "susan": ("sue", "susie"),
    "deborah": ("deb", "debbie"),
    "rebecca": ("becky", "becca"),
    "victoria": ("vicky", "tori"),
    "christine": ("chris", "chrissy"),
    "barbara": ("barb", "babs"),
    "dorothy": ("dot", "dottie"),
    "jacqueline": ("jackie",),
    "kimberly": ("kim",),
    "pamela": ("pam",),
    "samantha": ("sam",),
    "theresa": ("terry", "tess"),
    "abigail": ("abby",),
    "alexandra": ("alex", "sandra"),
    "josephine": ("jo", "josie"),
    "virginia": ("ginny",),
}

#: Name words that are also common English words: matched only capitalized.
_COMMON_WORD_NAMES: FrozenSet[str] = frozenset(
    """
    will hope faith grace joy may june april august bill mark rose pat don dawn frank guy jack jean
    miles rich sunny summer autumn young white brown black green gray grey long short king cook page
    bell ward wood hill lane price rice stone park hale fine best bass case child chase day early
    little love lucky major mann moody noble rich ray sky star storm wolf fox hunter baker carter
    cooper miller fisher mason turner walker norman art bob sue kit tom will drew bert ned ken ray
    """.split()
)
_STOPWORD_LIKE = frozenset("a an and as at be by do go he if in is it me my no of on or so to up us we".split())

_STREET_ABBREVIATIONS: Dict[str, str] = {
    "street": "st", "avenue": "ave", "road": "rd", "drive": "dr", "boulevard": "blvd", "lane": "ln",
    "court": "ct", "place": "pl", "terrace": "ter", "circle": "cir", "highway": "hwy", "parkway": "pkwy",
    "apartment": "apt", "suite": "ste", "north": "n", "south": "s", "east": "e", "west": "w", "square": "sq",
}


@dataclass(frozen=True)
class VariantPattern:
    """A regex for one variant of a known value.

    pattern (str): the regex source (boundaries included).
    label (str): the label of matches.
    case_sensitive (bool): whether case must match.
    """

    pattern: str
    label: str
    case_sensitive: bool = False


def _boundary(regex: str) -> str:
    # Letters and digits must not continue the match on either side; a
    # possessive "'s" or punctuation may.
    return rf"(?<![A-Za-z0-9]){regex}(?![A-Za-z0-9])"


def _words_regex(words: Sequence[str]) -> str:
    return _WORD_SEPARATORS.join(re.escape(w) for w in words)


def _name_part_variants(part: str) -> List[str]:
    """"Mary-Ann" -> "Mary-Ann", "Mary Ann", "MaryAnn"."""
    pieces = [p for p in re.split(r"[-\s]+", part) if p]
    variants = {part}
    if len(pieces) > 1:
        variants.add(" ".join(pieces))
        variants.add("".join(pieces))
        variants.add("-".join(pieces))
    return sorted(variants)


def split_person_name(name: str) -> Tuple[List[str], str]:
    """Given names and surname of "First Middle Last" or "Last, First Middle".

    name (str): the name.
    RETURNS (Tuple[List[str], str]): the given names (maybe empty) and the surname.
    """
    name = re.sub(r"\s+", " ", name.strip())
    if "," in name:
        last, _, given = name.partition(",")
        return [g for g in given.replace(".", " ").split() if g], last.strip()
    words = [w for w in name.split(" ") if w]
    if len(words) == 1:
        return [], words[0]
    return words[:-1], words[-1]


def _single_word_pattern(word: str, label: str) -> Optional[VariantPattern]:
    if len(word) < 2 or word.lower() in _STOPWORD_LIKE:
        return None
    if word.lower() in _COMMON_WORD_NAMES:
        # "Will" the patient vs "will" the verb: only capitalized forms.
        capitalized = f"(?:{re.escape(word[:1].upper() + word[1:].lower())}|{re.escape(word.upper())})"
        return VariantPattern(_boundary(capitalized), label, case_sensitive=True)
    return VariantPattern(_boundary(re.escape(word)), label)


def person_name_patterns(name: str, label: str) -> List[VariantPattern]:
    """Patterns for every variant of a person's name.

    name (str): "First Middle Last" or "Last, First".
    label (str): PATIENT, DOCTOR, ...
    RETURNS (List[VariantPattern]): the patterns.
    """
    given, last = split_person_name(name)
    if not last:
        return []
    patterns: List[VariantPattern] = []
    lasts = _name_part_variants(last)
    firsts: List[str] = []
    if given:
        firsts = _name_part_variants(given[0])
        firsts += [n for n in NICKNAMES.get(given[0].lower(), ())]
        for nick_base, nicks in NICKNAMES.items():
            if given[0].lower() in nicks:
                firsts.append(nick_base)
    middle_initials = [g[0] for g in given[1:]]
    multi: List[str] = []
    for ln in lasts:
        for fn in firsts:
            multi.append(_words_regex([fn, ln]))  # First Last
            multi.append(_words_regex([ln, fn]))  # Last, First
            if middle_initials:
                multi.append(_words_regex([fn, *middle_initials, ln]))
                multi.append(_words_regex([ln, fn, *middle_initials]))
            multi.append(_words_regex([fn[0], ln]))  # F. Last / F Last
            multi.append(_words_regex([ln, fn[0]]))  # Last, F.
            multi.append(_words_regex([fn, ln[0]]) + r"\.")  # First L.
        if given:
            multi.append(_words_regex([*given, ln]))  # the full name as given
    patterns.extend(VariantPattern(_boundary(m), label) for m in dict.fromkeys(multi))
    if given:
        initials = [g[0] for g in given] + [last[0]]
        if len(initials) >= 2:
            dotted = r"\.\s?".join(re.escape(i) for i in initials) + r"\."
            patterns.append(VariantPattern(_boundary(dotted), label, case_sensitive=True))
    for word in dict.fromkeys(lasts + firsts + [w for part in lasts + firsts for w in re.split(r"[-\s]+", part)]):
        single = _single_word_pattern(word, label)
        if single is not None:
            patterns.append(single)
    return patterns


def code_patterns(value: str, label: str) -> List[VariantPattern]:
    """Patterns for a number or code written with any separators.

    value (str): the identifier ("617-555-1234", "MRN 0937884").
    label (str): its label.
    RETURNS (List[VariantPattern]): the patterns (none for values of < 3 characters).
    """
    skeleton = re.sub(r"[^A-Za-z0-9]", "", value)
    if len(skeleton) < 3:
        return []
    skeletons = [skeleton]
    if label in ("PHONE", "FAX") and skeleton.isdigit():
        if len(skeleton) == 11 and skeleton.startswith("1"):
            skeleton = skeleton[1:]
            skeletons.append(skeleton)
        if len(skeleton) == 10:
            skeletons.append(skeleton[3:])  # local 7-digit form
    # An opening parenthesis may precede ("(617) 555-1234").
    return [VariantPattern(_boundary(r"\(?" + _CODE_SEPARATORS.join(re.escape(c) for c in s)), label) for s in skeletons]


def date_patterns(value: str, label: str) -> List[VariantPattern]:
    """Patterns for a known full date in every full-date style (else literal).

    value (str): the date as the record holds it ("1950-03-02", "3/2/1950").
    label (str): its label (DATE).
    RETURNS (List[VariantPattern]): the patterns.
    """
    try:
        parsed = parse_date(value)
    except UnparseableDateError:
        parsed = None
    if parsed is None or parsed.date is None:
        return text_patterns(value, label)
    forms = {format_date(parsed.date, style) for style in _FULL_DATE_STYLES}
    forms.add(value)
    return [VariantPattern(_boundary(_words_regex(re.split(r"\s+", f.strip()))), label) for f in sorted(forms)]


def text_patterns(value: str, label: str) -> List[VariantPattern]:
    """Patterns for a place, organization or other text value.

    value (str): the text ("12 Oak Street", "Acme Corp").
    label (str): its label.
    RETURNS (List[VariantPattern]): the patterns.
    """
    words = [w for w in re.split(r"[\s,]+", value.strip()) if w]
    if not words or len("".join(words)) < 2:
        return []
    alternatives: List[str] = []
    for word in words:
        abbreviation = _STREET_ABBREVIATIONS.get(word.lower().rstrip("."))
        options = [re.escape(word.rstrip("."))]
        if abbreviation:
            options.append(re.escape(abbreviation) + r"\.?")  # "St." may keep its period
        alternatives.append("(?:" + "|".join(options) + ")" if len(options) > 1 else options[0])
    patterns = [VariantPattern(_boundary(_WORD_SEPARATORS.join(alternatives)), label)]
    if label == "STREET" and len(words) >= 3 and re.match(r"^\d+[A-Za-z]?$", words[0]):
        # "lives on Oak St": the street name without house number or apartment.
        suffix_at = next(
            (i for i, w in enumerate(words[1:], 1) if w.lower().rstrip(".") in _STREET_ABBREVIATIONS), len(words) - 1
        )
        patterns.append(VariantPattern(_boundary(_WORD_SEPARATORS.join(alternatives[1 : suffix_at + 1])), label))
    return patterns


def patterns_for(value: str, label: str) -> List[VariantPattern]:
    """The variant patterns of one known value, chosen by its label.

    value (str): the known value.
    label (str): one of our labels.
    RETURNS (List[VariantPattern]): the patterns (empty for unusable values).
    """
    value = value.strip()
    if not value:
        return []
    category = category_of(label)
    if label in ("PATIENT", "DOCTOR"):
        return person_name_patterns(value, label)
    if label == "DATE":
        return date_patterns(value, label)
    if category in (Category.ID, Category.CONTACT) and label not in ("EMAIL", "URL") or label == "ZIP":
        if any(c.isdigit() for c in value):
            return code_patterns(value, label)
    return text_patterns(value, label)


def normalize_known(known: object) -> List[Tuple[str, str]]:
    """Read known identifiers in either accepted shape.

    known: {"PATIENT": ["Jane Roe"], "MEDICALRECORD": "123"} or
        [{"text": "Jane Roe", "label": "PATIENT"}, ...]; None is empty.
    RETURNS (List[Tuple[str, str]]): (value, label) pairs.
    RAISES (TypeError): the shape is not one of these (no values in the message).
    """
    if known is None:
        return []
    pairs: List[Tuple[str, str]] = []
    if isinstance(known, dict):
        for label, values in known.items():
            if isinstance(values, str):
                values = [values]
            if not isinstance(values, Iterable):
                raise TypeError(f"known PHI for {label!s}: expected a string or a list of strings")
            pairs.extend((str(v), str(label)) for v in values if v is not None)
        return pairs
    if isinstance(known, (list, tuple)):
        for item in known:
            if not isinstance(item, dict) or "text" not in item or "label" not in item:
                raise TypeError("known PHI list items must be {'text': ..., 'label': ...}")
            pairs.append((str(item["text"]), str(item["label"])))
        return pairs
    raise TypeError("known PHI must be a dict of label -> values or a list of {'text', 'label'} dicts")
