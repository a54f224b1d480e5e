"""Long notes: every component's work must grow linearly with the note (issue 15).

No timings here (they live in benchmarks/long_note.py): the checks count
operations, so they are deterministic.
1. `Doc.text` and `Doc.ents` rebuild themselves from every token on each
   access; a component that reads them per span is quadratic. Each component
   must read them a fixed number of times per doc, whatever the note length.
2. The Python function calls each component makes per character must not
   grow with the note (a scan per span, `list.index` in a loop, a regex
   search from each position written as Python loops all would).
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Dict, List, Tuple

import pytest
from spacy import util
from spacy.language import Language
from spacy.tokens import Doc, Span

from spacy_phi.known.component import KNOWN_PHI_KEY
from spacy_phi.pipelines import rules_pipeline
from spacy_phi.synth import generate_notes

#: Reads of Doc.text / Doc.ents per component, shared by every CountingDoc.
READS: Counter = Counter()


class CountingDoc(Doc):
    """A Doc that counts the reads of its O(length) properties."""

    @property
    def text(self) -> str:
        READS["text"] += 1
        return super().text

    @property
    def ents(self) -> Tuple[Span, ...]:
        READS["ents"] += 1
        return Doc.ents.__get__(self)

    @ents.setter
    def ents(self, value: object) -> None:
        Doc.ents.__set__(self, value)


@pytest.fixture(scope="module")
def nlp(monkeypatch_module) -> Language:
    return rules_pipeline()


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    mp.setenv("SPACY_PHI_SECRET", "test-long-notes-secret")
    yield mp
    mp.undo()


def long_doc(nlp: Language, n_notes: int) -> Doc:
    """`n_notes` synthetic notes as one CountingDoc, with known PHI and, as a
    tagger would leave them, the gold spans plus every 40th word as a PATIENT
    in `doc.ents` (so phi_guard's validators and common-word check run)."""
    notes = generate_notes(n_notes, "test", seed=15)
    text = "\n\n".join(note.text for note in notes)
    plain = nlp.make_doc(text)
    doc = CountingDoc(nlp.vocab, words=[t.text for t in plain], spaces=[bool(t.whitespace_) for t in plain])
    known: Dict[str, List[str]] = {}
    spans: List[Span] = []
    offset = 0
    for note in notes:
        for s in note.spans:
            span = doc.char_span(offset + s.start, offset + s.end, label=s.label, alignment_mode="expand")
            if span is not None:
                spans.append(span)
            if s.label in ("PATIENT", "MEDICALRECORD") and len(known.get(s.label, [])) < 5:
                known.setdefault(s.label, []).append(note.text[s.start : s.end])
        offset += len(note.text) + 2
    spans += [Span(doc, t.i, t.i + 1, label="PATIENT") for t in plain if t.is_alpha and t.i % 40 == 0]
    doc.ents = util.filter_spans(spans)
    doc.user_data[KNOWN_PHI_KEY] = known
    return doc


def run_counted(nlp: Language, n_notes: int) -> Tuple[Dict[str, Counter], Dict[str, int], int, int]:
    """Per component: reads of Doc.text/ents and Python calls; the characters
    and the number of candidate spans of the note."""
    doc = long_doc(nlp, n_notes)
    reads: Dict[str, Counter] = {}
    calls: Dict[str, int] = {}
    for name, pipe in nlp.pipeline:
        READS.clear()
        count = [0]

        def profile(frame, event, arg, count=count) -> None:
            if event == "call":
                count[0] += 1

        sys.setprofile(profile)
        try:
            doc = pipe(doc)
        finally:
            sys.setprofile(None)
        reads[name] = Counter(READS)
        calls[name] = count[0]
    assert doc._.deidentified is not None
    candidates = sum(len(doc.spans[g]) for g in ("phi_ner", "phi_rules", "phi_known", "phi_vetoed") if g in doc.spans)
    return reads, calls, len(doc.text), candidates


@pytest.fixture(scope="module")
def small_and_large(nlp):
    return run_counted(nlp, 6), run_counted(nlp, 24)


def test_the_long_note_gives_every_component_work(small_and_large):
    (_, _, chars_small, spans_small), (reads, _, chars_large, spans_large) = small_and_large
    assert chars_large > 3 * chars_small and spans_large > 3 * spans_small
    assert set(reads) >= {"phi_sentencizer", "phi_rules", "phi_known", "phi_guard", "phi_propagate", "phi_merge", "phi_surrogates"}


def test_doc_text_and_ents_are_read_a_fixed_number_of_times(small_and_large):
    (reads_small, _, _, _), (reads_large, _, _, _) = small_and_large
    for name, counts in reads_large.items():
        # The same reads for a note 4x longer, and only a few: once per doc, not per span.
        assert counts == reads_small[name], name
        assert counts["text"] <= 2 and counts["ents"] <= 2, (name, dict(counts))


def test_python_calls_per_character_do_not_grow(small_and_large):
    (_, calls_small, chars_small, _), (_, calls_large, chars_large, _) = small_and_large
    for name, calls in calls_large.items():
        per_char_small = calls_small[name] / chars_small
        per_char_large = calls / chars_large
        # Linear work gives the same ratio (up to the mix of notes); a
        # quadratic loop would be 4x the small note's.
        assert per_char_large <= 1.3 * per_char_small + 1e-4, (name, per_char_small, per_char_large)
