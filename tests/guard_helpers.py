"""Run `phi_guard` on one span, for the guard's tests (validators, trimming)."""

from __future__ import annotations

from typing import List, Tuple

from spacy.language import Language

from spacy_phi import blank_pipeline
from spacy_phi.spangroups import NER_GROUP, VETOED_GROUP

#: A cased note around the span: the case checks need capitals elsewhere, and
#: lower-case words are no names only in such a note.
CASED = "Mr. Kowalczyk is a 75 y/o retired tool and die maker with CHF. Seen by Dr. Ogunleye. "


def guard_pipeline(**config) -> Language:
    """A blank English pipeline with `phi_guard` (its config overridden by `config`)."""
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_guard", config=config)
    nlp.initialize()
    return nlp


def guard_one_span(
    nlp: Language, text: str, value: str, label: str, group: str = NER_GROUP
) -> Tuple[List[str], List[Tuple[str, str]]]:
    """Put `value` (its first occurrence in `text`) in `group` as `label`, run
    the guard: the texts left in the group and the (text, reason) vetoed."""
    doc = nlp.make_doc(text)
    start = text.index(value)
    span = doc.char_span(start, start + len(value), label=label, alignment_mode="expand")
    assert span is not None and span.text == value
    doc.spans[group] = [span]
    doc = nlp.get_pipe("phi_guard")(doc)
    return [s.text for s in doc.spans[group]], [(s.text, s.kb_id_) for s in doc.spans[VETOED_GROUP]]
