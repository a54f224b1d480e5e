"""Shapes of ICU charting that a tagger reads as a name, place or institution.

Flowsheet-style notes write doses as a chain of units ("DOPAMINE AT
5MCG/KG/MIN", "2L/MIN"), electrolytes and haemodynamics as lab codes beside
their values ("CA 8.9", "CO/CI 6.1/3.4", "K, CA, AND MAG REPLETED") and times
with short codes ("NEG 670CC AT MN"). Two letters that are a state's code
("CA", "CO", "MN") or a unit that is also a name ("MIN", "KG") are no PHI in
these shapes: an address writes a state after a city or before a ZIP, never
before a measurement, and no institution is named by a state's code alone.
"""

from __future__ import annotations

import re
from typing import FrozenSet

from spacy.tokens import Span

from ...lexicon.clinical_numbers import MEASURE_WORDS, VENT_WORDS
from ..reasons import REASON_ABBREVIATION, sub_reason
from .base import INSTITUTION_LABELS

#: A unit of a dose's chain right after its slash: "MIN" of "5MCG/KG/MIN", "KG" of "30MC/KG".
UNIT_AFTER_SLASH = sub_reason(REASON_ABBREVIATION, "unit_after_slash")
#: A state's code written as a lab or haemodynamic value: "CA 8.9", "CO/CI", "K, CA, AND MAG".
STATE_CODE_AS_LAB = sub_reason(REASON_ABBREVIATION, "state_code_as_lab")
#: An institution that is only a state's code: "MN" (midnight) of "NEG 670CC AT MN".
STATE_CODE_AS_INSTITUTION = sub_reason(REASON_ABBREVIATION, "state_code_as_institution")

#: A reading's qualifier between its measure word and its value: "MAX" of "TEMP MAX 99.8", "T(MAX)98.7".
READING_QUALIFIER = sub_reason(REASON_ABBREVIATION, "reading_qualifier")

#: A ventilator mode in its setting or its change: "AC" of "from AC to PS 12/5", "PS" of "weaned from PS 15".
VENTILATOR_MODE = sub_reason(REASON_ABBREVIATION, "ventilator_mode")

#: A line or catheter named after the vein it sits in: "QUENTIN" (a Quinton catheter) of "LSC QUENTIN".
LINE_AT_ITS_SITE = sub_reason(REASON_ABBREVIATION, "line_at_its_site")

#: A body system's heading glued by a hyphen to what it charts: "GU-FOLEY-DIURESING", "CV-Milrinone".
SYSTEM_HEADING_GLUED = sub_reason(REASON_ABBREVIATION, "system_heading_glued")
#: A lab and its value read as a person: "k+3.6-" of "k+3.6->".
LAB_WITH_ITS_VALUE = sub_reason(REASON_ABBREVIATION, "lab_with_its_value")

#: Units that end a dose's chain after a slash ("/KG", "/MIN", "/HR").
_CHAIN_UNITS = frozenset("min mins minute hr hrs h hour kg day dose".split())
#: What comes before a chained unit: a number with or without a unit, or a unit, then the slash
#: ("5MCG/", "2L/", "MCG/KG/", "10mcg/").
_UNIT_CHAIN_BEFORE = re.compile(
    r"(?:\d[ \t]*[A-Za-z]{0,5}|\b(?:mcgs?|mcq|mc|mg|mgs|kg|k|g|gm|u|units?|ml|cc|l|meq|mmol))[ \t]*/[ \t]*\Z", re.IGNORECASE
)
#: A lab value right after a state's code: " 8.9", "-1.12", ": 9.4". A decimal is required (recall
#: first: "IN 2 weeks", "Route 9, MA 2" stay); an address's ZIP or a licence's number starts with three
#: digits or more, however it goes on ("OH 441З4", "IL 071.008452").
_VALUE_AFTER = re.compile(r"[ \t]*(?::|=|-)?[ \t]*\d{1,2}\.\d+(?![\w/-])")
#: A lab pair's slash right after the span ("/CI" of "CO/CI").
_PAIR_AFTER = re.compile(r"[ \t]*/[ \t]*([A-Za-z]{1,4})\b")
#: A lab list's neighbour item before the span ("K, ", "MG,", "K+ AND ").
_ITEM_BEFORE = re.compile(r"\b([A-Za-z]{1,5})\+?[ \t]*(?:,|and|&)[ \t]*\Z", re.IGNORECASE)
#: A lab list's neighbour item after the span (", AND MAG", " & PHOS").
_ITEM_AFTER = re.compile(r"[ \t]*(?:,[ \t]*(?:and[ \t]+)?|and[ \t]+|&[ \t]*)([A-Za-z]{1,5})\b", re.IGNORECASE)
#: A word before a place: the code after it is the state ("from MN", "to PA", "in CT").
_PLACE_WORD_BEFORE = re.compile(r"\b(?:from|to|in|into|of|near|outside)[ \t]+(?:the[ \t]+)?\Z", re.IGNORECASE)
#: Electrolytes and labs of a replacement list ("K, CA, AND MAG REPLETED").
_LAB_ITEMS = frozenset("k na cl mg mag phos po4 ca ica bun cr hct hgb plt plts wbc inr ptt glu lytes co ci svr pcwp cvp".split())


#: Words that qualify a reading ("TEMP MAX", "BP LOW", "HR AVG"); "max" and "min" are names too.
_QUALIFIERS = frozenset("max maximum min minimum peak trough high low avg average mean".split())
#: A measure word right before the qualifier, with an optional bracket: "TEMP ", "T(", "HR: ".
_MEASURE_WORD_RIGHT_BEFORE = re.compile(rf"\b(?:{MEASURE_WORDS}|t)[ \t]*[(:]?[ \t]*\Z", re.IGNORECASE)
#: A measure word and its qualifier as one span: "TEMP MAX", "T(MAX", "BP LOW".
_MEASURE_AND_QUALIFIER = re.compile(rf"(?:{MEASURE_WORDS}|t)[ \t]*\(?[ \t]*(?:{'|'.join(sorted(_QUALIFIERS))})", re.IGNORECASE)
#: The reading's value right after the qualifier: " 99.8", ")98.7", ": 150".
_READING_AFTER = re.compile(r"[ \t]*[):=]?[ \t]*\d")


def reading_qualifier(span: Span, text: str) -> bool:
    """A word that qualifies a reading, between its measure word and its value
    ("MAX" of "TEMP MAX 99.8" and "T(MAX)98.7", "LOW" of "BP LOW 80'S"), or
    the measure word and its qualifier together ("TEMP MAX" of "TEMP MAX 100.4")."""
    if not _READING_AFTER.match(text, span.end_char):
        return False
    value = span.text.strip()
    if value.lower() in _QUALIFIERS:
        return _MEASURE_WORD_RIGHT_BEFORE.search(text, max(0, span.start_char - 12), span.start_char) is not None
    return _MEASURE_AND_QUALIFIER.fullmatch(value) is not None


#: A ventilator mode or setting word, matched whole ("AC", "SIMV", "PS", "CPAP").
_VENT_MODE = re.compile(rf"(?:{VENT_WORDS})", re.IGNORECASE)
#: What follows a mode in a setting or a change: a number ("PS 15", "AC 12") or "to" and another mode.
_SETTING_AFTER = re.compile(rf"[ \t]*(?::[ \t]*)?(?:\d|(?:to|->|>)[ \t]*(?:{VENT_WORDS})\b)", re.IGNORECASE)
#: Another mode and "to" before it: "from AC to [PS]".
_MODE_TO_BEFORE = re.compile(rf"\b(?:{VENT_WORDS})[ \t]*(?:\d[\d/.]*[ \t]*)?(?:to|->|>)[ \t]*\Z", re.IGNORECASE)


def ventilator_mode(span: Span, text: str) -> bool:
    """A ventilator mode in a setting or a change of setting: before its number
    ("PS 15", "AC 12") or before or after "to" and another mode ("from AC to
    SIMV"); "from AC to Philadelphia" stays (Atlantic City)."""
    if not _VENT_MODE.fullmatch(span.text.strip()):
        return False
    return bool(
        _SETTING_AFTER.match(text, span.end_char)
        or _MODE_TO_BEFORE.search(text, max(0, span.start_char - 24), span.start_char)
    )


def unit_after_slash(span: Span, text: str) -> bool:
    """A unit closing a dose's chain after its slash ("MIN" of "5MCG/KG/MIN",
    "min" of "2mcg/k/min")."""
    if span.text.strip().lower() not in _CHAIN_UNITS:
        return False
    return _UNIT_CHAIN_BEFORE.search(text, max(0, span.start_char - 16), span.start_char) is not None


def state_code_as_lab(span: Span, text: str, place_codes: FrozenSet[str]) -> bool:
    """A state's code that is a lab or haemodynamic value by what is around it:
    a decimal value right after it ("CA 8.9"; not a ZIP, a date, a range or a
    whole number), a lab after its slash ("CO/CI"), or a lab item beside it in
    a list ("K, CA, AND MAG")."""
    value = span.text.strip()
    if value not in place_codes:
        return False
    if _VALUE_AFTER.match(text, span.end_char):
        return True
    pair = _PAIR_AFTER.match(text, span.end_char)
    if pair and pair.group(1).lower() in _LAB_ITEMS:
        return True
    before = _ITEM_BEFORE.search(text, max(0, span.start_char - 12), span.start_char)
    after = _ITEM_AFTER.match(text, span.end_char)
    return bool(
        (before and before.group(1).lower() in _LAB_ITEMS) or (after and after.group(1).lower() in _LAB_ITEMS)
    )


def state_code_as_institution(span: Span, text: str, place_codes: FrozenSet[str]) -> bool:
    """An institution that is only a state's code ("MN" of "AT MN"): a code names
    a state, never a hospital or an organisation; after "from", "to" or "in" it is
    the state itself and stays ("transferred from MN")."""
    value = span.text.strip()
    if span.label_ not in INSTITUTION_LABELS or len(value) != 2 or value not in place_codes:
        return False
    return _PLACE_WORD_BEFORE.search(text, max(0, span.start_char - 12), span.start_char) is None


#: Where a central line or sheath sits: an internal jugular, subclavian or femoral vein of a
#: side, glued ("RIJ", "LSC") or apart ("R IJ", "LT FEM").
_LINE_SITE = r"(?:[RL](?:IJ|SC|FV)|(?:R|L|RT|LT|RIGHT|LEFT)[ \t]*(?:IJ|SC|SUBCLAVIAN|FEM(?:ORAL)?))"
_LINE_SITE_OPENING = re.compile(rf"{_LINE_SITE}[ \t]+\S", re.IGNORECASE)
_LINE_SITE_BEFORE = re.compile(rf"\b{_LINE_SITE}[ \t]+\Z", re.IGNORECASE)


def line_at_its_site(span: Span, text: str) -> bool:
    """A person span that opens with a line's site or comes right after it: the
    words after a site name the line put there ("LSC QUENTIN", "RSC CL",
    "RT FEM ART SHEATH"); a name is written after a title or a role, never after
    a vein."""
    return bool(
        _LINE_SITE_OPENING.match(span.text)
        or _LINE_SITE_BEFORE.search(text, max(0, span.start_char - 16), span.start_char)
    )


#: The heading of a body system's line, glued by a hyphen to its first charted word
#: ("GU-FOLEY", "CV-Milrinone", "G.U-FOLEY"). "SOCIAL" is left out: it opens a relative's name.
_SYSTEM_HEADING_GLUED = re.compile(
    r"(?:CV|C-V|GU|G\.U|GI|G\.I|ID|RESP|NEURO|RENAL|HEME|ENDO|SKIN|PULM|CARDIAC|INTEG|ACCESS)\.?[-–]+[A-Za-z]",
    re.IGNORECASE,
)
#: A decimal number: a lab's or a reading's value ("3.6"); no name holds one.
_DECIMAL = re.compile(r"\d\.\d")


def system_heading_glued(span: Span) -> bool:
    """A span that opens with a body system's heading glued by a hyphen to what it
    charts ("GU-FOLEY-DIURESING", "CV-Milrinone at .375"): a chart line, no name."""
    return _SYSTEM_HEADING_GLUED.match(span.text) is not None


def lab_with_its_value(span: Span) -> bool:
    """A person span that holds a decimal number ("k+3.6-"): a lab and its value."""
    return _DECIMAL.search(span.text) is not None


__all__ = [
    "LAB_WITH_ITS_VALUE",
    "LINE_AT_ITS_SITE",
    "READING_QUALIFIER",
    "STATE_CODE_AS_INSTITUTION",
    "STATE_CODE_AS_LAB",
    "SYSTEM_HEADING_GLUED",
    "UNIT_AFTER_SLASH",
    "VENTILATOR_MODE",
    "lab_with_its_value",
    "line_at_its_site",
    "reading_qualifier",
    "state_code_as_institution",
    "state_code_as_lab",
    "system_heading_glued",
    "unit_after_slash",
    "ventilator_mode",
]
