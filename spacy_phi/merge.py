"""The `phi_merge` pipeline component: combines the NER, rule and known-PHI
span groups into `doc.ents`, with provenance in `doc._.phi_provenance`.

Policy (recall first):
1. Every span of every group in `span_groups` is a candidate (vetoed spans
   were already moved out by `phi_guard`). The NER output is taken from
   `doc.ents` into `doc.spans["phi_ner"]` first if no component did so.
2. Candidates that overlap (share a token) form a cluster; a chain of
   overlaps is one cluster. The entity covers the UNION of the cluster, so no
   character any detector flagged is left out.
3. Its label is that of the candidate that covers the whole union, if any
   does; among several (or none), the one with the highest priority; then the
   longest; then the group listed first in `span_groups`. Priorities: per
   group (`group_priority`, default known 4 > rules 3 > NER 2 > propagated 1); a rule can set
   its own (built-in shape-only ID guesses have 1, so a typed NER label
   beats them; context-anchored rules have 3, so "Fax: ..." stays a FAX even
   when the NER says PHONE). A rule whose shape settles the type (phone,
   e-mail, URL, IP, MAC, card, SSN, ISO timestamp; `RegexRule.shape_label`)
   keeps its label over the NER's even when the NER span is longer or the
   rule's priority lower: the NER's label cannot be better than the format
   (the extent is still the union); only a label of the same shape family
   (PHONE / FAX) from the NER can still win. Two or more shape matches joined
   only by punctuation under one longer span ("201-836-4470, dalia@x.com")
   become one entity each, so each keeps its label and its surrogate.
   A tagger's PROFESSION span around a person a rule named ("health care
   proxy - Marisela Carlsen") is split the same way: the person keeps its
   label, the role's words stay a PROFESSION.
4. Provenance per entity: detector "ner"/"rules"/"known" when one group
   produced the cluster, "merge" when several did; the groups; the rule id
   when a rule contributed; score: the NER's confidence when NER spans are
   in the cluster (the highest of them; `spangroups.ner_scores`), else None.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Dict, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc, Span

from .labels import PERSON_LABELS
from .rules.component import PRIORITY_ATTR, SHAPE_ATTR
from .spangroups import (
    DETECTOR_OF_GROUP,
    KNOWN_GROUP,
    NER_GROUP,
    PROPAGATED_GROUP,
    RULES_GROUP,
    Provenance,
    capture_ner,
    install_extensions,
    ner_scores,
)

#: Labels that share one written shape: the NER may still choose among them.
SHAPE_FAMILY: Dict[str, Tuple[str, ...]] = {"PHONE": ("PHONE", "FAX"), "FAX": ("PHONE", "FAX")}
DEFAULT_GROUP_PRIORITY: Dict[str, int] = {KNOWN_GROUP: 4, RULES_GROUP: 3, NER_GROUP: 2, PROPAGATED_GROUP: 1}
DEFAULT_SPAN_GROUPS: List[str] = [KNOWN_GROUP, RULES_GROUP, NER_GROUP, PROPAGATED_GROUP]
#: What a rule or a list names inside a tagged job title, to be split out of it
#: ("health care proxy - Marisela Carlsen", "WCMC NURSE"): a person or an institution.
_NAMED_IN_A_ROLE = frozenset(PERSON_LABELS) | {"HOSPITAL", "ORGANIZATION"}


@dataclass(frozen=True)
class Candidate:
    """One detector span taking part in the merge."""

    start: int  # token offsets
    end: int
    label: str
    group: str
    group_rank: int  # position of the group in span_groups (lower is preferred)
    priority: int
    rule_id: Optional[str]
    shape: bool = False  # a shape-label rule match (see the module doc)
    score: Optional[float] = None  # the NER's confidence (NER spans only)


def merge_candidates(candidates: Sequence[Candidate]) -> List[List[Candidate]]:
    """Cluster candidates that share at least one token (chains included).

    candidates (Sequence[Candidate]): the candidates.
    RETURNS (List[List[Candidate]]): clusters, in text order.
    """
    clusters: List[List[Candidate]] = []
    cluster_end = -1
    for cand in sorted(candidates, key=lambda c: (c.start, -c.end)):
        if clusters and cand.start < cluster_end:
            clusters[-1].append(cand)
            cluster_end = max(cluster_end, cand.end)
        else:
            clusters.append([cand])
            cluster_end = cand.end
    return clusters


def split_between_shapes(cluster: List[Candidate], doc: Doc) -> List[List[Candidate]]:
    """A cluster made of two or more shape-rule matches joined only by
    punctuation under a longer span ("201-836-4470, dalia@x.com" tagged as one
    NER span) is split into one cluster per shape match, so the phone keeps
    PHONE and the e-mail EMAIL. Nothing is left out: the tokens between them
    hold no letter or digit. Any other cluster is returned as it is.

    cluster (List[Candidate]): one overlap cluster.
    doc (Doc): its doc.
    RETURNS (List[List[Candidate]]): the clusters.
    """
    shapes = sorted((c for c in cluster if c.shape), key=lambda c: (c.start, -c.end))
    if len(shapes) < 2 or any(b.start < a.end for a, b in zip(shapes, shapes[1:])):
        return [cluster]
    covered = {i for c in shapes for i in range(c.start, c.end)}
    start = min(c.start for c in cluster)
    end = max(c.end for c in cluster)
    if any(i not in covered and any(ch.isalnum() for ch in doc[i].text) for i in range(start, end)):
        return [cluster]
    return [[s] + [c for c in cluster if not c.shape and s.start <= c.start and c.end <= s.end] for s in shapes]


def split_named_from_role(cluster: List[Candidate], doc: Doc) -> List[List[Candidate]]:
    """A tagger's PROFESSION span that covers a person or a place a rule or a
    list named ("health care proxy - Marisela Carlsen", "WCMC NURSE") is split:
    the name keeps the rule's label, the words of the role before and after it
    stay a PROFESSION; a part that holds no letter or digit (the dash between
    them) is left out. Any other cluster is returned as it is.

    cluster (List[Candidate]): one overlap cluster.
    doc (Doc): its doc.
    RETURNS (List[List[Candidate]]): the clusters.
    """
    start = min(c.start for c in cluster)
    end = max(c.end for c in cluster)
    role = [c for c in cluster if c.group == NER_GROUP and c.label == "PROFESSION" and c.start == start and c.end == end]
    named = [c for c in cluster if c.group != NER_GROUP and c.label in _NAMED_IN_A_ROLE]
    if not role or not named:
        return [cluster]
    first = min(c.start for c in named)
    last = max(c.end for c in named)
    if any(c.group != NER_GROUP and c.label not in _NAMED_IN_A_ROLE for c in cluster) or (first, last) == (start, end):
        return [cluster]
    parts: List[List[Candidate]] = []
    for part_start, part_end in ((start, first), (last, end)):
        while part_start < part_end and not any(ch.isalnum() for ch in doc[part_end - 1].text):
            part_end -= 1
        while part_start < part_end and not any(ch.isalnum() for ch in doc[part_start].text):
            part_start += 1
        if part_start < part_end:
            inside = [c for c in cluster if c is not role[0] and part_start <= c.start and c.end <= part_end]
            parts.append([replace(role[0], start=part_start, end=part_end), *inside])
    named_part = [c for c in cluster if first <= c.start and c.end <= last]
    return sorted(parts + [named_part], key=lambda part: min(c.start for c in part))


def choose_label(cluster: Sequence[Candidate]) -> Candidate:
    """The candidate whose label the merged entity takes (see the module doc).

    cluster (Sequence[Candidate]): one overlap cluster.
    RETURNS (Candidate): the winner.
    """
    start = min(c.start for c in cluster)
    end = max(c.end for c in cluster)
    shape_labels = {label for c in cluster if c.shape for label in SHAPE_FAMILY.get(c.label, (c.label,))}
    if shape_labels:
        # The NER does not get to relabel a span whose format is unambiguous,
        # except within the shape's family (a bare number: PHONE or FAX).
        cluster = [c for c in cluster if c.group != NER_GROUP or c.label in shape_labels]
    return max(
        cluster,
        key=lambda c: (c.start == start and c.end == end, c.priority, c.end - c.start, -c.group_rank),
    )


class PhiMerge:
    """Write the merged PHI entities to `doc.ents`.

    name (str): the component name.
    span_groups (Sequence[str]): the groups to merge, in order of preference.
    group_priority (Dict[str, int]): label priority per group.
    """

    def __init__(
        self,
        name: str = "phi_merge",
        *,
        span_groups: Sequence[str] = tuple(DEFAULT_SPAN_GROUPS),
        group_priority: Optional[Dict[str, int]] = None,
    ) -> None:
        self.name = name
        self.span_groups = list(span_groups)
        self.group_priority = dict(DEFAULT_GROUP_PRIORITY if group_priority is None else group_priority)
        install_extensions()

    def candidates(self, doc: Doc) -> List[Candidate]:
        """The spans of all merged groups as candidates.

        doc (Doc): the doc (NER output already in its group).
        RETURNS (List[Candidate]): the candidates.
        """
        found: List[Candidate] = []
        scores = ner_scores(doc)
        for rank, group in enumerate(self.span_groups):
            if group not in doc.spans:
                continue
            span_group = doc.spans[group]
            rule_priority: Dict[str, int] = span_group.attrs.get(PRIORITY_ATTR, {}) or {}
            shape_ids = frozenset(span_group.attrs.get(SHAPE_ATTR, ()) or ())
            default_priority = self.group_priority.get(group, 1)
            for span in span_group:
                rule_id = span.id_ or None
                priority = rule_priority.get(rule_id, default_priority) if rule_id else default_priority
                shape = rule_id is not None and rule_id in shape_ids
                score = scores.get((span.start, span.end, span.label_)) if group == NER_GROUP else None
                found.append(
                    Candidate(span.start, span.end, span.label_, group, rank, int(priority), rule_id, shape, score)
                )
        return found

    def __call__(self, doc: Doc) -> Doc:
        """Merge the groups into `doc.ents` and set `doc._.phi_provenance`.

        doc (Doc): the doc.
        RETURNS (Doc): the doc.
        """
        install_extensions()  # cheap; covers workers that unpickled us
        if NER_GROUP in self.span_groups:
            capture_ner(doc, NER_GROUP)
        entities: List[Span] = []
        provenance: List[Provenance] = []
        clusters = [
            piece
            for cluster in merge_candidates(self.candidates(doc))
            for part in split_between_shapes(cluster, doc)
            for piece in split_named_from_role(part, doc)
        ]
        for cluster in clusters:
            winner = choose_label(cluster)
            start = min(c.start for c in cluster)
            end = max(c.end for c in cluster)
            span = Span(doc, start, end, label=winner.label)
            groups = sorted({c.group for c in cluster})
            rule_ids = [c.rule_id for c in cluster if c.group == RULES_GROUP and c.rule_id]
            rule_id = winner.rule_id if winner.group == RULES_GROUP else (rule_ids[0] if rule_ids else None)
            detector = DETECTOR_OF_GROUP.get(groups[0], groups[0]) if len(groups) == 1 else "merge"
            scores = [c.score for c in cluster if c.score is not None]
            entities.append(span)
            provenance.append(
                Provenance(
                    start=span.start_char,
                    end=span.end_char,
                    label=winner.label,
                    detector=detector,
                    sources=groups,
                    rule_id=rule_id,
                    score=round(max(scores), 4) if scores else None,
                )
            )
        doc.ents = entities
        doc._.phi_provenance = provenance
        return doc


@Language.factory(
    "phi_merge",
    assigns=["doc.ents", "doc._.phi_provenance"],
    default_config={"span_groups": DEFAULT_SPAN_GROUPS, "group_priority": DEFAULT_GROUP_PRIORITY},
)
def make_phi_merge(nlp: Language, name: str, span_groups: List[str], group_priority: Dict[str, int]) -> PhiMerge:
    """Create a PhiMerge component (the "phi_merge" factory).

    nlp (Language): the pipeline.
    name (str): the component name.
    span_groups (List[str]): the span groups merged, in order of preference.
    group_priority (Dict[str, int]): label priority per group.
    RETURNS (PhiMerge): the component.
    """
    return PhiMerge(name, span_groups=span_groups, group_priority=group_priority)
