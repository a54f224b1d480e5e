"""The `phi_propagate` pipeline component: in a speech transcript, a person's
name that a detector found once is marked at its other mentions too.

Why: in a visit dialogue a name is said many times ("hi , nora", "okay nora ,
hop on one foot", "bye nora"), all in lower case, and the NER finds some
mentions and misses others. In a note written with capitals the NER already
finds the repeats, and spreading names there adds false alarms at words that
are names only sometimes ("Foley", "Will", "Bill"); so by default only notes
without capitals (`is_cased_text` False) are touched.

A name spreads only when no word of it is an ordinary English word, drug or
clinical abbreviation (the guard's vocabulary), a name that is also a
lower-case word ("hope", "grace", "will", "mark": `name_like_words`), a month
or weekday ("april"), or a documentation assistant ("dax", "dragon"): such a
word stays marked only where a detector found it. It runs after `phi_guard`,
so a vetoed span never spreads, and writes its spans to
`doc.spans["phi_propagated"]`, which `phi_merge` reads with the lowest
priority: any other detector's label and extent win where they overlap. No
text is logged.
"""

from __future__ import annotations

import re
from typing import Dict, List, Sequence

from spacy.language import Language
from spacy.tokens import Doc, Span

from .config_checks import check_labels
from .lexicon.common_words import name_like_words
from .guard.validators import is_cased_text
from .lexicon.vocabulary import MedicalVocabulary, default_vocabulary
from .spangroups import KNOWN_GROUP, NER_GROUP, PROPAGATED_GROUP, RULES_GROUP

#: Labels whose names spread: people are named again and again in a visit.
DEFAULT_LABELS = ("PATIENT", "DOCTOR")
#: The groups whose spans are spread (read after the guard's vetoes).
DEFAULT_SOURCE_GROUPS = (NER_GROUP, RULES_GROUP, KNOWN_GROUP)
#: Documentation assistants addressed in dictated visits: never a person of the note.
ASSISTANT_NAMES = frozenset({"dax", "dragon", "alexa", "siri"})
#: Calendar words that are given names too: in speech "april" is as often the month.
CALENDAR_WORDS = frozenset(
    "january february march april may june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday".split()
)
#: Shortest name that spreads: two letters ("al", "jo") are as often initials or abbreviations.
MIN_NAME_CHARS = 3
_NAME_SHAPE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*(?: [^\W\d_]+(?:['’-][^\W\d_]+)*)*")


class PhiPropagate:
    """Mark the other mentions of a found person name in a speech transcript.

    name (str): the component name.
    labels (Sequence[str]): labels whose names spread.
    source_groups (Sequence[str]): span groups whose names spread.
    transcripts_only (bool): spread only in text without capitals.
    spans_key (str): the span group to write.
    vocabulary (MedicalVocabulary): words that never spread as a name.
    """

    def __init__(
        self,
        name: str = "phi_propagate",
        *,
        labels: Sequence[str] = DEFAULT_LABELS,
        source_groups: Sequence[str] = DEFAULT_SOURCE_GROUPS,
        transcripts_only: bool = True,
        spans_key: str = PROPAGATED_GROUP,
        vocabulary: MedicalVocabulary | None = None,
    ) -> None:
        check_labels("phi_propagate", "labels", labels)
        self.name = name
        self.labels = frozenset(labels)
        self.source_groups = list(source_groups)
        self.transcripts_only = transcripts_only
        self.spans_key = spans_key
        self.vocabulary = vocabulary or default_vocabulary()
        self._never_names = ASSISTANT_NAMES | CALENDAR_WORDS | name_like_words()

    def spreadable(self, name: str) -> bool:
        """Whether a found name may be marked at its other mentions."""
        if len(name) < MIN_NAME_CHARS or not _NAME_SHAPE.fullmatch(name):
            return False
        words = [w for w in re.split(r"[ '’-]", name.lower()) if w]
        return not any(w in self._never_names or self.vocabulary.is_ordinary_word(w) for w in words)

    def __call__(self, doc: Doc) -> Doc:
        text = doc.text
        spans: List[Span] = []
        if not (self.transcripts_only and is_cased_text(text)):
            found = [s for g in self.source_groups if g in doc.spans for s in doc.spans[g]]
            covered = {i for s in found for i in range(s.start, s.end)}
            names: Dict[str, str] = {}
            for span in found:
                key = span.text.lower()
                if span.label_ in self.labels and key not in names and self.spreadable(span.text):
                    names[key] = span.label_
            # Longest names first, so "ramon villalobos" is marked before "ramon".
            for key in sorted(names, key=len, reverse=True):
                # Whole words; a possessive may follow ("nora's"), another word part may not.
                pattern = re.compile(r"(?<![\w'’-])" + re.escape(key) + r"(?![\w-])(?!['’](?!s\b)\w)", re.IGNORECASE)
                for match in pattern.finditer(text):
                    span = doc.char_span(match.start(), match.end(), label=names[key])
                    if span is None or any(i in covered for i in range(span.start, span.end)):
                        continue
                    spans.append(span)
                    covered.update(range(span.start, span.end))
        doc.spans[self.spans_key] = sorted(spans, key=lambda s: s.start)
        return doc


@Language.factory(
    "phi_propagate",
    default_config={
        "labels": list(DEFAULT_LABELS),
        "source_groups": list(DEFAULT_SOURCE_GROUPS),
        "transcripts_only": True,
        "spans_key": PROPAGATED_GROUP,
    },
    assigns=["doc.spans"],
)
def make_phi_propagate(
    nlp: Language, name: str, labels: List[str], source_groups: List[str], transcripts_only: bool, spans_key: str
) -> PhiPropagate:
    """Factory of `phi_propagate` (see the module doc)."""
    return PhiPropagate(
        name, labels=labels, source_groups=source_groups, transcripts_only=transcripts_only, spans_key=spans_key
    )


__all__ = ["ASSISTANT_NAMES", "CALENDAR_WORDS", "PhiPropagate", "make_phi_propagate"]
