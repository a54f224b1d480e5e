"""`phi_ner_vote`: a seed ensemble of NERs, combined by a majority vote per token.

The same NER config trained with different seeds makes different mistakes: on
our real test sets one seed trades 2–3 points of recall for precision, another
the reverse (docs/results.md). A token-level majority of three keeps what at
least two agree on, which removes most of each one's false alarms and misses.

How it runs: the extra models are `phi_ner` components in *member* mode (their
`cfg` names a span group, `greedy_ner.MEMBER_KEY_CFG`; `assemble_pipeline(...,
ensemble=[...])` adds them with their own tok2vec copies before `ner`), so they
write `doc.spans[key]` and leave `doc.ents` alone; `ner` writes `doc.ents`;
then this component replaces `doc.ents` with the vote:

- a token is in an entity when at least `min_votes` of the models (`ner` and
  the members; default: a majority) put it in one;
- a run of such tokens is one entity, split where more models start an
  entity than carry one on from the token before (never starting on a space
  token, as no NER does);
- its label is the label most of the votes over its tokens gave (ties: the
  label of `ner`, then the alphabet);
- its confidence (`spangroups.ner_scores`, the provenance's `score`) is the mean
  over the models of each one's confidence for the entity it found there (0
  for a model that found none), so agreement and certainty both count.

Everything after it (rules, guard, merge, surrogates) sees `doc.ents` as the
output of one NER. Each member's own spans stay in `doc.spans[key]`.
"""

from __future__ import annotations

from collections import Counter
from typing import Dict, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..spangroups import NER_SCORES_KEY, ner_scores

FACTORY = "phi_ner_vote"
# One model's view: its spans, its confidences, and the span (key) owning each token.
_Key = Tuple[int, int, str]
_Model = Tuple[List[Span], Dict[_Key, float], Dict[int, _Key]]


class NerVote:
    """Replace `doc.ents` by the token-level vote of `doc.ents` and the members' span groups.

    name (str): the component name.
    members (Sequence[str]): the span groups of the member NERs.
    min_votes (int): votes a token needs; 0: a majority of the 1 + len(members) models.
    """

    def __init__(self, name: str = FACTORY, *, members: Sequence[str] = (), min_votes: int = 0) -> None:
        self.name = name
        self.members = list(members)
        n_models = 1 + len(self.members)
        self.min_votes = min_votes or n_models // 2 + 1
        if not 1 <= self.min_votes <= n_models:
            raise ValueError(f"{FACTORY}: min_votes must be between 1 and {n_models}")

    def __call__(self, doc: Doc) -> Doc:
        models: List[_Model] = [_model(list(doc.ents), ner_scores(doc))]
        for key in self.members:
            models.append(_model(list(doc.spans[key]) if key in doc.spans else [], ner_scores(doc, key)))
        votes = [0] * len(doc)
        starts = [0] * len(doc)  # models whose entity starts at the token
        continues = [0] * len(doc)  # models whose entity goes on from the token before
        labels: List[Counter] = [Counter() for _ in doc]
        for spans, _, _ in models:
            for span in spans:
                starts[span.start] += 1
                for i in range(span.start, span.end):
                    votes[i] += 1
                    labels[i][span.label_] += 1
                    continues[i] += i > span.start
        main_label = {i: span.label_ for span in models[0][0] for i in range(span.start, span.end)}
        entities: List[Span] = []
        scores: List[List[object]] = []
        for start, end in self._runs(doc, votes, starts, continues):
            tally: Counter = Counter()
            for i in range(start, end):
                tally.update(labels[i])
            label = min(tally, key=lambda lab: (-tally[lab], lab != main_label.get(start), lab))
            entities.append(Span(doc, start, end, label=label))
            scores.append([start, end, label, round(self._confidence(models, start, end), 4)])
        doc.set_ents(entities, default="outside")
        doc.user_data[NER_SCORES_KEY] = scores
        return doc

    def _runs(self, doc: Doc, votes: List[int], starts: List[int], continues: List[int]) -> List[Tuple[int, int]]:
        """(start, end) token runs with enough votes, split where more models
        start an entity than carry one on from the token before."""
        runs: List[Tuple[int, int]] = []
        start: Optional[int] = None
        for i in range(len(doc) + 1):
            inside = i < len(doc) and votes[i] >= self.min_votes
            if start is not None and (not inside or starts[i] > continues[i]):
                runs.append((start, i))
                start = None
            if inside and start is None:
                start = i
        trimmed = []
        for begin, end in runs:
            while begin < end and doc[begin].is_space:  # no NER starts an entity on a space token
                begin += 1
            if begin < end:
                trimmed.append((begin, end))
        return trimmed

    @staticmethod
    def _confidence(models: List[_Model], start: int, end: int) -> float:
        total = 0.0
        for _, scores, owner in models:
            found = {owner[i] for i in range(start, end) if i in owner}
            total += max((scores.get(key, 1.0) for key in found), default=0.0)
        return total / len(models)


def _model(spans: List[Span], scores: Dict[_Key, float]) -> _Model:
    owner = {i: (span.start, span.end, span.label_) for span in spans for i in range(span.start, span.end)}
    return spans, scores, owner


@Language.factory(FACTORY, assigns=["doc.ents"], default_config={"members": [], "min_votes": 0})
def make_ner_vote(nlp: Language, name: str, members: List[str], min_votes: int) -> NerVote:
    """The `phi_ner_vote` factory (see the module doc)."""
    return NerVote(name, members=members, min_votes=min_votes)
