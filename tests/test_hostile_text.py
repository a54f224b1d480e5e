"""Names hidden from the rules by characters a reader does not see (issue 41, bug 10).

The rules-only pipeline kept "Dr. J\\u200bohn Smith" (zero-width space),
"Dr. \\u0412isser" (Cyrillic Ve), "Dr. \\uff28\\uff45\\uff53\\uff53" (fullwidth) and the
glued "Dr.Visser/03-14-2089" as they were. The rules (and `phi_known`) now match
on a normalised view of the text (`spacy_phi.matching_text`) and map every span
back: offsets index the original text, whose characters are never changed. The
title rules take a name glued to the title's dot, and the numeric date rules a
date glued to a word by a slash.
Look-alikes that are ordinary text (a Greek quote, "\\u03bcg", "2\\u00d7/day",
accents) stay unflagged.

Every note is invented.
"""

from __future__ import annotations

import importlib
from typing import List, Tuple

import pytest
from spacy.language import Language

import spacy_phi
from spacy_phi.spangroups import KNOWN_GROUP, RULES_GROUP

#: (note, hidden name as written in the note, label): each must be found, with
#: the offsets of the name in the note itself.
HIDDEN_NAMES = [
    ("Dr. J\u200bohn Smith saw the patient.", "J\u200bohn Smith", "DOCTOR"),
    ("Seen by Dr. \u0412isser today.", "\u0412isser", "DOCTOR"),
    ("Seen by Dr. \uff28\uff45\uff53\uff53 today.", "\uff28\uff45\uff53\uff53", "DOCTOR"),
    ("Mr. D\u00adesmond Achter\u200dberg called.", "D\u00adesmond Achter\u200dberg", "PATIENT"),  # soft hyphen, ZWJ
    ("Mrs. \ufeffO\u200cl\u0455en is here.", "\ufeffO\u200cl\u0455en", "PATIENT"),  # BOM, ZWNJ, Cyrillic dze
    ("Dr. \U0001d40a\U0001d41e\U0001d425\U0001d425\U0001d432 signed.", "\U0001d40a\U0001d41e\U0001d425\U0001d425\U0001d432", "DOCTOR"),  # math bold
]

#: Ordinary notes with characters the view must leave alone, and on which no rule fires.
LOOKALIKE_TEXTS = [
    # a Greek quote: Greek words stay Greek
    "Her mother quoted Homer: \u00ab\u0388\u03bd\u03b1 \u03bc\u03ae\u03bb\u03bf \u03c4\u03b7\u03c2 \u03ad\u03c1\u03b9\u03b4\u03bf\u03c2\u00bb and laughed.",
    # doses in micrograms (Greek mu and the micro sign), and a times sign
    "Vitamin B12 1000 \u03bcg IM monthly; fentanyl 25 \u00b5g/hr patch.",
    "Albuterol 2 puffs 2\u00d7/day, tiotropium 1\u00d7/day.",
    # accents, degrees, sub- and superscripts, fractions, dashes, quotes, bullets
    "Caf\u00e9-au-lait spots, na\u00efve to biologics, T 37.8 \u00b0C, SpO\u2082 97 %, BSA 1.9 m\u00b2, "
    "\u00bd tab, WBC 11\u00d710\u2079/L \u2014 \u201cfeels better\u201d \u2022 f/u 2 wk.",
    # French and Russian words: no Latin look-alike is folded in a Cyrillic word
    "Le patient a d\u00e9clar\u00e9 \u00ab\u00e7a va mieux\u00bb; \u043f\u0430\u0446\u0438\u0435\u043d\u0442 \u0441\u043a\u0430\u0437\u0430\u043b \u0445\u043e\u0440\u043e\u0448\u043e.",
    "IFN-\u03b3 release assay negative, \u03b1-fetoprotein normal, \u03b2-blocker continued.",
    "Folate 2000 \u00b5g daily, B12 1000 \u00b5g IM.",
    "Spanish note: 2\u00ba ciclo, n\u00ba 3, O\u00b4Neill scale not used.",
]


@pytest.fixture(scope="module")
def nlp() -> Language:
    return spacy_phi.rules_pipeline(default_mode="tag")


def _matching_text():
    return importlib.import_module("spacy_phi.matching_text").matching_text


def _spans(doc, group: str) -> List[Tuple[int, int, str]]:
    return [(s.start_char, s.end_char, s.label_) for s in doc.spans[group]]


@pytest.mark.parametrize("note,name,label", HIDDEN_NAMES)
def test_hidden_name_is_found_at_its_original_offsets(nlp: Language, note: str, name: str, label: str) -> None:
    start = note.index(name)
    doc = nlp(note)
    assert doc.text == note  # the characters are never altered
    assert (start, start + len(name), label) in _spans(doc, RULES_GROUP)
    assert (start, start + len(name), label) in [(e.start_char, e.end_char, e.label_) for e in doc.ents]
    assert doc._.deidentified == note[:start] + f"[**{label}**]" + note[start + len(name):]


def test_glued_title_name_and_date_are_found(nlp: Language) -> None:
    note = "Dr.Visser/03-14-2089 follow up"
    doc = nlp(note)
    assert _spans(doc, RULES_GROUP) == [(3, 9, "DOCTOR"), (10, 20, "DATE")]
    assert doc._.deidentified == "Dr.[**DOCTOR**]/[**DATE**] follow up"
    assert _spans(nlp("cc Mrs.Achterberg, seen w/03/14/2089"), RULES_GROUP) == [(7, 17, "PATIENT"), (26, 36, "DATE")]
    # a number before the date still makes it no date: "1/03-14-2089" is a ratio or a code
    assert not list(nlp("code 1/03-14-2089").spans[RULES_GROUP])


def test_hidden_characters_change_no_other_span(nlp: Language) -> None:
    """A note with a zero-width space and a fullwidth letter in its names gives
    the spans of the clean note, moved by the characters before them."""
    clean = "Mrs. Jane Roe (MRN: 0937884), seen 03/14/2089 by Dr. Abel Hess. Call 617-555-0142."
    hidden = clean.replace("Jane", "Ja\u200bne").replace("Hess", "\uff28ess")
    shift = 1  # the one zero-width space, inside "Jane"
    expected = [(s + (shift if s > 7 else 0), e + shift, label) for s, e, label in _spans(nlp(clean), RULES_GROUP)]
    assert _spans(nlp(hidden), RULES_GROUP) == expected


@pytest.mark.parametrize("text", LOOKALIKE_TEXTS)
def test_lookalikes_in_ordinary_text_stay_unflagged(nlp: Language, text: str) -> None:
    doc = nlp(text)
    assert not list(doc.spans[RULES_GROUP])
    assert not doc.ents
    assert doc._.deidentified == text


@pytest.mark.parametrize("text", LOOKALIKE_TEXTS)
def test_view_keeps_ordinary_unicode_as_it_is(text: str) -> None:
    assert _matching_text()(text).text == text


def test_known_identifier_hidden_by_invisible_or_lookalike_characters(nlp: Language) -> None:
    for note, name in [
        ("Pt Jane R\u200boe seen.", "Jane R\u200boe"),
        ("Pt Jane R\u043ee seen.", "Jane R\u043ee"),
        ("Pt \uff2a\uff41\uff4e\uff45 Roe seen.", "\uff2a\uff41\uff4e\uff45 Roe"),
    ]:
        doc = nlp.make_doc(note)
        doc.user_data["phi_known"] = {"PATIENT": ["Jane Roe"]}
        doc = nlp(doc)
        start = note.index(name)
        assert _spans(doc, KNOWN_GROUP) == [(start, start + len(name), "PATIENT")]


# -- the view itself ------------------------------------------------------------


def test_view_of_ascii_text_is_the_text_itself() -> None:
    text = "Dr. Visser saw Mr. Desmond Achterberg on 03/14/2089."
    view = _matching_text()(text)
    assert view.text is text
    assert not view.shifts_offsets
    assert view.original_span(4, 10) == (4, 10)


def test_view_folds_hidden_characters() -> None:
    view = _matching_text()
    assert view("Dr. J\u200bohn Smith").text == "Dr. John Smith"
    assert view("Dr. \u0412isser").text == "Dr. Bisser"
    assert view("Dr. \uff28\uff45\uff53\uff53").text == "Dr. Hess"
    assert view("\ufb01nn\u00a0\u00adS\u043eto").text == "finn Soto"  # ligature, no-break space, soft hyphen


@pytest.mark.parametrize(
    "text",
    [
        "Dr. J\u200bohn Smith",
        "\u200b\u200bJ\ufb01\u200b x \ufb03\u00ad",
        "\ufeff\u0412isser \u200d\uff28\uff45\u00ad\uff53\uff53 \u2460 \u3392",
        "a\ud800b \u00b5g \ufb01",  # a lone surrogate passes through untouched
    ],
)
def test_every_view_span_maps_into_the_original(text: str) -> None:
    view = _matching_text()(text)
    previous_start = 0
    for start in range(len(view.text) + 1):
        original_start = view.original_span(start, start)[0]
        assert previous_start <= original_start <= len(text)
        previous_start = original_start
        for end in range(start + 1, len(view.text) + 1):
            assert original_start < view.original_span(start, end)[1] <= len(text)


def test_view_span_covers_exactly_the_characters_it_comes_from() -> None:
    text = "x J\u200bo\ufb01 y"  # "x Jofi y" in the view
    view = _matching_text()(text)
    assert view.text == "x Jofi y"
    assert text[slice(*view.original_span(2, 6))] == "J\u200bo\ufb01"
    assert text[slice(*view.original_span(3, 4))] == "o"  # the invisible character before it is not taken
    assert text[slice(*view.original_span(4, 5))] == "\ufb01"  # half of a ligature: the whole character
    assert text[slice(*view.original_span(6, 8))] == " y"


def test_view_of_long_mixed_text() -> None:
    """One mixed-script word of 400,000 letters and many hidden characters (a
    scan that is not linear would take minutes here)."""
    text = ("J\u200bohn\u0455" * 80_000) + " " + ("\uff28\u00e9ss " * 40_000)
    view = _matching_text()(text)
    assert view.text.startswith("Johns" * 3)
    assert len(view.text) == len(text) - 80_000
    assert view.original_span(len(view.text) - 4, len(view.text)) == (len(text) - 4, len(text))
