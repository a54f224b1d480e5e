"""Scoring conventions: a corpus's own idea of what is PHI, applied to the predictions.

A gold corpus annotates under its own rules; a detector built for i2b2 2014 finds
things that corpus deliberately leaves out (every age, professions, weekdays, states).
Scoring those as false positives measures the difference between the guidelines,
not the detector. A convention says which predicted spans to leave out before
any measure is computed, and why; the gold side is never touched.

- "physionet" (the PhysioNet deid gold corpus, Neamatullah et al. 2008): as
  HIPAA's Safe Harbor, ages are PHI only over 89 (the gold leaves "89 YO"
  unannotated) and places only below a state ("from CALIFORNIA" is not
  annotated); professions and weekday names are not annotated, and only the
  distinctive part of a place is ("WESTBROOK" of "WESTBROOK HOSPITAL",
  "Ashgrove" of "Ashgrove 2"). So predicted AGE spans of 89 or under and
  PROFESSION spans are dropped, predictions that are only a weekday name and
  predicted places that are only a state's name are set aside, and a predicted
  place loses the generic words at its end (a hospital word, a care unit, a
  ward's number) and an article at its start. An AGE whose number cannot be read
  is kept (recall first, as `is_safe_harbor_phi` does).

    from spacy_phi.evaluation import score
    result = score(documents, convention="physionet")
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..labels import parse_age_years
from ..lexicon.common_words import one_edit_variants
from ..lexicon.label_lexicons import default_lexicons
from .documents import EvalDocument, PhiSpan

#: A rule of a convention: the reason to leave a predicted span out, or None to keep it.
SetAsideRule = Callable[[PhiSpan, str], Optional[str]]
#: A trimming rule of a convention: the part of a predicted span the corpus would annotate, or None to keep it whole.
TrimRule = Callable[[PhiSpan, str], Optional[PhiSpan]]

#: The PhysioNet corpus annotates ages over this many years (HIPAA's "all ages over 89").
PHYSIONET_MAX_UNANNOTATED_AGE = 89

REASON_AGE = "age_89_or_under"
REASON_PROFESSION = "profession"
REASON_WEEKDAY = "weekday"
REASON_STATE = "state"

#: Labels of places and institutions, whose generic words the PhysioNet corpus leaves out.
_PLACE_LABELS = frozenset({"HOSPITAL", "DEPARTMENT", "ORGANIZATION", "LOCATION_OTHER", "CITY", "ROOM"})
#: Words that end a place's name without distinguishing it: a hospital word, a care unit, a ward's number.
_GENERIC_PLACE_END = re.compile(
    r"(?:hospitals?|hosp|medical|center|centre|ctr|er|ew|ed|icu|micu|sicu|ccu|csru|tcu|\d{1,3}|\d{1,2}[a-z])",
    re.IGNORECASE,
)
_ARTICLE = re.compile(r"the", re.IGNORECASE)
_WORD = re.compile(r"[^\s.,;:()\[\]]+")

# Full names (and plurals) and the abbreviations that mean nothing else in a note;
# "SAT" (saturation) and "SUN" are left out: a span of them is a real false alarm.
_WEEKDAY = re.compile(
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tue|tues|wed|thu|thur|thurs|fri)\.?",
    re.IGNORECASE,
)
_EDGE_PUNCTUATION = " \t\r\n.,;:()[]\"'"
#: Labels a state's name is predicted with when read as a place.
_STATE_AS_PLACE_LABELS = _PLACE_LABELS | {"STATE"}
#: A state written out or by its old abbreviation ("Calif."); a two-letter code is as
#: often shorthand ("MD", "PA") and is scored.
_MIN_STATE_LETTERS = 4
#: A state's name this long is still read with one letter wrong ("Conneticut").
_MIN_STATE_LETTERS_FOR_A_SLIP = 7


@dataclass(frozen=True)
class ScoringConvention:
    """Which predicted spans a corpus's guidelines would not count, and why.

    name (str): the convention's name (`--convention NAME`).
    description (Tuple[str, ...]): one line per rule, for reports.
    rules (Tuple[SetAsideRule, ...]): tried in order; the first reason wins.
    trims (Tuple[TrimRule, ...]): applied in order to the spans kept.
    """

    name: str
    description: Tuple[str, ...]
    rules: Tuple[SetAsideRule, ...]
    trims: Tuple[TrimRule, ...] = ()

    def reason(self, span: PhiSpan, text: str) -> Optional[str]:
        """Why a predicted span is left out, or None if it is scored.

        span (PhiSpan): the predicted span. text (str): the document text.
        RETURNS (Optional[str]): the reason, or None.
        """
        for rule in self.rules:
            reason = rule(span, text)
            if reason is not None:
                return reason
        return None

    def trimmed(self, span: PhiSpan, text: str) -> PhiSpan:
        """The part of a kept span the corpus would annotate (the span itself
        when no trim applies)."""
        for trim in self.trims:
            span = trim(span, text) or span
        return span


@dataclass
class SetAside:
    """The predicted spans a convention left out or trimmed: counts and labels only.

    by_reason (Counter): reason -> spans left out.
    by_reason_label (Dict[str, Counter]): reason -> predicted label -> spans.
    trimmed (Counter): predicted label -> spans scored without their generic words.
    """

    by_reason: Counter = field(default_factory=Counter)
    by_reason_label: Dict[str, Counter] = field(default_factory=dict)
    trimmed: Counter = field(default_factory=Counter)

    @property
    def total(self) -> int:
        """RETURNS (int): spans left out for any reason."""
        return sum(self.by_reason.values())

    def add(self, reason: str, label: str) -> None:
        """Count one span left out."""
        self.by_reason[reason] += 1
        self.by_reason_label.setdefault(reason, Counter())[label] += 1

    def to_dict(self) -> Dict[str, Any]:
        """RETURNS (Dict[str, Any]): the total and, per reason, the count and labels."""
        return {
            "total": self.total,
            "by_reason": {reason: {"spans": count, "by_label": dict(self.by_reason_label[reason].most_common())}
                          for reason, count in self.by_reason.most_common()},
            "trimmed": dict(self.trimmed.most_common()),
        }


def physionet_age_89_or_under(span: PhiSpan, text: str) -> Optional[str]:
    """A predicted AGE of 89 years or under (the corpus annotates ages over 89)."""
    if span.label != "AGE":
        return None
    years = parse_age_years(text[span.start:span.end])
    return REASON_AGE if years is not None and years <= PHYSIONET_MAX_UNANNOTATED_AGE else None


def physionet_profession(span: PhiSpan, text: str) -> Optional[str]:
    """A predicted PROFESSION (the corpus does not annotate professions)."""
    return REASON_PROFESSION if span.label == "PROFESSION" else None


def is_weekday_name(span_text: str) -> bool:
    """Whether a span's text is only a weekday name ("Monday", "TUES.", "(Fri)").

    span_text (str): the span's text.
    RETURNS (bool): True for a weekday name alone.
    """
    return _WEEKDAY.fullmatch(span_text.strip(_EDGE_PUNCTUATION)) is not None


def physionet_weekday(span: PhiSpan, text: str) -> Optional[str]:
    """A prediction that is only a weekday name, whatever its label (not annotated)."""
    return REASON_WEEKDAY if is_weekday_name(text[span.start:span.end]) else None


def physionet_state(span: PhiSpan, text: str) -> Optional[str]:
    """A predicted place that is only a state's name: the corpus, as HIPAA's Safe
    Harbor, annotates places smaller than a state ("from CALIFORNIA", "retire to
    florida" are not annotated)."""
    if span.label not in _STATE_AS_PLACE_LABELS:
        return None
    value = text[span.start:span.end].strip(_EDGE_PUNCTUATION).lower()
    if len(value) < _MIN_STATE_LETTERS:
        return None
    names = default_lexicons().states_lower
    if value in names or value + "." in names:
        return REASON_STATE
    if len(value) >= _MIN_STATE_LETTERS_FOR_A_SLIP and not one_edit_variants(value).isdisjoint(names):
        return REASON_STATE
    return None


def physionet_distinctive_part(span: PhiSpan, text: str) -> Optional[PhiSpan]:
    """A predicted place without the words the corpus leaves out of a place's
    annotation: generic words at its end ("HOSPITAL", "Medical Center", "MICU",
    the ward's "2") and an article at its start; None when nothing is left out or
    nothing would be left."""
    if span.label not in _PLACE_LABELS:
        return None
    words = [(m.start() + span.start, m.end() + span.start) for m in _WORD.finditer(text[span.start:span.end])]
    first, last = 0, len(words)
    while last > first + 1 and _GENERIC_PLACE_END.fullmatch(text[words[last - 1][0]:words[last - 1][1]]):
        last -= 1
    if last > first + 1 and _ARTICLE.fullmatch(text[words[0][0]:words[0][1]]):
        first = 1
    if not words or (first, last) == (0, len(words)):
        return None
    return PhiSpan(words[first][0], words[last - 1][1], span.label)


PHYSIONET = ScoringConvention(
    name="physionet",
    description=(
        f"predicted AGE spans of {PHYSIONET_MAX_UNANNOTATED_AGE} years or under dropped "
        f"(ages are PHI over {PHYSIONET_MAX_UNANNOTATED_AGE})",
        "predicted PROFESSION spans dropped (professions are not annotated)",
        "predictions that are only a weekday name set aside (weekdays are not annotated)",
        "predicted places that are only a state's name set aside (places smaller than a state are annotated)",
        "predicted places scored without the generic words at their end and an article at their start "
        "(only the distinctive part of a place is annotated)",
    ),
    rules=(physionet_profession, physionet_age_89_or_under, physionet_weekday, physionet_state),
    trims=(physionet_distinctive_part,),
)

#: The conventions by name (`spacy-phi evaluate --convention NAME`).
CONVENTIONS: Dict[str, ScoringConvention] = {PHYSIONET.name: PHYSIONET}


def get_convention(convention: "str | ScoringConvention") -> ScoringConvention:
    """A convention by name, or the convention itself.

    convention (str | ScoringConvention): a name of CONVENTIONS or a convention.
    RETURNS (ScoringConvention): the convention.
    RAISES (ValueError): an unknown name.
    """
    if isinstance(convention, ScoringConvention):
        return convention
    if convention not in CONVENTIONS:
        raise ValueError(f"Unknown scoring convention {convention!r}; expected one of {', '.join(CONVENTIONS)}")
    return CONVENTIONS[convention]


def apply_convention(
    documents: Sequence[EvalDocument], convention: "str | ScoringConvention"
) -> Tuple[List[EvalDocument], SetAside]:
    """Copies of the documents without the predictions the convention leaves out,
    and with the kept ones trimmed as the convention annotates them.

    documents (Sequence[EvalDocument]): the documents (left unchanged).
    convention (str | ScoringConvention): the convention or its name.
    RETURNS (Tuple[List[EvalDocument], SetAside]): the copies (gold, text and
        tokens as they were) and what was left out or trimmed.
    """
    convention = get_convention(convention)
    set_aside = SetAside()
    kept_documents = []
    for doc in documents:
        kept: List[PhiSpan] = []
        for span in doc.pred:
            reason = convention.reason(span, doc.text)
            if reason is not None:
                set_aside.add(reason, span.label)
                continue
            trimmed = convention.trimmed(span, doc.text)
            if trimmed != span:
                set_aside.trimmed[span.label] += 1
            kept.append(trimmed)
        kept_documents.append(EvalDocument(doc.id, doc.text, list(doc.gold), kept, doc.tokens))
    return kept_documents, set_aside
