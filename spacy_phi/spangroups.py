"""Names of the span groups (`doc.spans[...]`) the PHI components share, and
the provenance record `phi_merge` attaches to each entity.

Each detector writes its own group so it can be inspected and scored on its
own; `phi_merge` reads the groups and writes `doc.ents`.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple, TypedDict

from spacy.tokens import Doc, Span, SpanGroup

#: NER predictions, moved out of `doc.ents` before the merge.
NER_GROUP = "phi_ner"
#: Pattern matches of `phi_rules`.
RULES_GROUP = "phi_rules"
#: Caller-supplied identifiers found by `phi_known`.
KNOWN_GROUP = "phi_known"
#: Spans removed by `phi_guard` (kb_id_ says why).
VETOED_GROUP = "phi_vetoed"
#: Other mentions of a found person name in a speech transcript (`phi_propagate`).
PROPAGATED_GROUP = "phi_propagated"

#: Span id of the terms a site's policy lists as always PHI (`phi_known` writes
#: them, `phi_guard` never vetoes them; `spacy_phi.policy.terms`).
POLICY_ALWAYS_ID = "policy:always"

#: Detector name of each group, used in provenance and the audit manifest.
DETECTOR_OF_GROUP: Dict[str, str] = {
    NER_GROUP: "ner",
    RULES_GROUP: "rules",
    KNOWN_GROUP: "known",
    PROPAGATED_GROUP: "propagated",
}

#: user_data key marking that doc.ents were already moved into NER_GROUP.
_CAPTURED_KEY = "phi_ner_captured"
#: user_data key of the NER's confidence per entity: a list of
#: [start token, end token, label, score] (`phi_ner`'s greedy decoder writes it).
NER_SCORES_KEY = "phi_ner_scores"


class Provenance(TypedDict):
    """Where an entity of `doc.ents` came from (one per entity, same order).

    start, end: character offsets in the original text.
    label: the entity label.
    detector: "ner", "rules", "known", "propagated", or "merge" when several groups agreed
        or overlapped.
    sources: the span groups that contributed, sorted.
    rule_id: the id of the winning rule when a rule contributed, else None.
    score: the NER's confidence (`ner_scores`) when the NER found the entity
        or a part of it (the highest of its NER spans), else None: rules and
        known PHI are certain by construction and carry none.
    """

    start: int
    end: int
    label: str
    detector: str
    sources: List[str]
    rule_id: Optional[str]
    score: Optional[float]


def install_extensions() -> None:
    """Register `doc._.phi_provenance` (idempotent)."""
    if not Doc.has_extension("phi_provenance"):
        Doc.set_extension("phi_provenance", default=None)


def capture_ner(doc: Doc, group: str = NER_GROUP) -> SpanGroup:
    """Move the NER output from `doc.ents` into a span group, once per doc.

    A trained `ner` writes `doc.ents`; the rule components never do. So before
    the first component that needs the NER output in a group (phi_guard or
    phi_merge) the ents are exactly the NER predictions. Idempotent: a second
    call returns the group and leaves `doc.ents` alone.

    doc (Doc): the doc.
    group (str): the span group to fill.
    RETURNS (SpanGroup): the group.
    """
    if doc.user_data.get(_CAPTURED_KEY) or group in doc.spans:
        doc.user_data[_CAPTURED_KEY] = True
        return doc.spans[group] if group in doc.spans else _set_group(doc, group, [])
    spans = list(doc.ents)
    doc.ents = []
    doc.user_data[_CAPTURED_KEY] = True
    return _set_group(doc, group, spans)


def _set_group(doc: Doc, group: str, spans: List[Span]) -> SpanGroup:
    doc.spans[group] = spans
    return doc.spans[group]


def carry_ner_score(doc: Doc, old: Span, new: Span) -> None:
    """Give a trimmed NER span the confidence of the span it came from.

    doc (Doc): the doc.
    old (Span): the NER's span as predicted.
    new (Span): the same entity with fewer tokens (`phi_guard` trims edges).
    """
    scores = list(doc.user_data.get(NER_SCORES_KEY, ()))
    for start, end, label, score in scores:
        if (int(start), int(end), str(label)) == (old.start, old.end, old.label_):
            doc.user_data[NER_SCORES_KEY] = scores + [[new.start, new.end, new.label_, score]]
            return


def ner_scores_key(group: Optional[str] = None) -> str:
    """The user_data key of the confidences of `doc.ents` (group None) or of an
    ensemble member's span group."""
    return NER_SCORES_KEY if group is None else f"{NER_SCORES_KEY}:{group}"


def ner_scores(doc: Doc, group: Optional[str] = None) -> Dict[Tuple[int, int, str], float]:
    """The NER's confidence per entity it found, by (start token, end token,
    label): the lowest probability, among the valid actions at that token, of
    the action the decoder chose at any token of the entity (a softmax over the
    NER's action scores; 1.0 = no doubt at any step). Empty when the NER gave
    none (spaCy's own decoder, preset entities).

    doc (Doc): the doc.
    group (Optional[str]): an ensemble member's span group; None: `doc.ents`.
    RETURNS (Dict[Tuple[int, int, str], float]): the scores.
    """
    return {(int(start), int(end), str(label)): float(score)
            for start, end, label, score in doc.user_data.get(ner_scores_key(group), ())}
