"""`phi_ner`: spaCy's entity recognizer with a vectorized greedy decoder.

spaCy's `ner` (a `TransitionBasedParser`) decodes in a C loop that is cheap in
arithmetic, but with the spaCy 3.8 wheels each state query in it (`StateC.B`,
called about 360 times per token to check the 122 actions' validity) takes and
drops the GIL: on our 2-core machine that was ~50 µs per token, the largest
single cost of the whole pipeline (45 % of its CPU, `docs/results.md`).

`PhiEntityRecognizer` is the same component — same model, training, weights,
serialization and config as spaCy's `ner` (it subclasses `EntityRecognizer`) —
whose `predict` runs the greedy BILUO decoding with numpy over all the notes
of a group at once: per step one row of scores per unfinished note, the valid
actions as a mask, the first best valid action, as spaCy's C code does. The
arithmetic is spaCy's, in its order (the three state features summed into a
zero vector, then the bias; maxout; the output layer — a numpy product, equal
to spaCy's up to float rounding; unseen actions set to the step's lowest
score), so the entities are the ones spaCy's decoder finds
(`tests/test_greedy_ner.py` compares both; on the trained model both found the
same 28,912 entities in 1,374 notes) — with one deliberate difference: an
entity is closed at one token past `phi_guard`'s length limit for its label
(`MAX_TOKENS`), where spaCy's decoder may leave it open to the end of the
note (seen with an undertrained transformer: one IDNUM from token 318 to
5,655 of a long note, and no entity after it). The guard vetoes the closed
span as too long, as it would the unclosed one; the rest of the note is decoded.

It also gives each entity a confidence (`spangroups.ner_scores`, carried into
the provenance's `score` by `phi_merge`): the lowest probability, over the
entity's tokens, of the chosen action among the valid ones (a softmax over
the action scores); spaCy's decoder gives none.

The fast path covers what our pipelines give the NER: notes with no entity
annotation and no sentence starts set before it (the sentence detector runs
after it), greedy decoding. Any other batch (preset entities, sentence starts,
a beam) goes to spaCy's own decoder, so the result never depends on the path.

Configs name it with `factory = "phi_ner"`; `assemble_pipeline` switches a
pipeline trained with spaCy's `ner` to it (`greedy_ner_overrides`).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import numpy
from spacy import util
from spacy.attrs import ENT_IOB, IS_SPACE, SENT_START
from spacy.language import Language
from spacy.pipeline import EntityRecognizer
from spacy.pipeline.ner import DEFAULT_NER_MODEL
from spacy.tokens import Doc, Span
from thinc.api import Model

from ..labels import DEFAULT_MAX_TOKENS, MAX_TOKENS
from ..spangroups import NER_SCORES_KEY, ner_scores_key

FACTORY = "phi_ner"
#: Key of the component's `cfg` (saved with its weights) naming the span group
#: an ensemble member writes to instead of `doc.ents` (see `ner_vote.py`).
MEMBER_KEY_CFG = "phi_member_spans_key"
#: Most tokens decoded together (one group's features: about 1.5 kB a token).
MAX_GROUP_TOKENS = 16384

# Move types of the BILUO transition system (spaCy's names).
_BEGIN, _IN, _LAST, _UNIT, _OUT, _OTHER = range(6)
_MOVE_TYPES = {"B": _BEGIN, "I": _IN, "L": _LAST, "U": _UNIT, "O": _OUT}

# One entity: (start token, end token, label, confidence).
_Entity = Tuple[int, int, str, float]


class GreedyDecoded(list):
    """What `PhiEntityRecognizer.predict` returns on the fast path: per doc, its
    entities (a list of `(start, end, label, confidence)`)."""


class _Moves:
    """The action table of a trained NER as numpy arrays (built once per label set)."""

    def __init__(self, names: Sequence[str]) -> None:
        kinds, labels = [], []
        for name in names:
            move, _, label = name.partition("-")
            kinds.append(_MOVE_TYPES.get(move, _OTHER))
            labels.append(label)
        self.names = tuple(names)
        self.kind = numpy.asarray(kinds, dtype=numpy.int8)
        self.labels: List[str] = labels
        # Label index per action (0: none), to compare an action with the open entity.
        index = {label: i + 1 for i, label in enumerate(sorted({lab for lab in labels if lab}))}
        self.label_index = numpy.asarray([index.get(label, 0) for label in labels], dtype=numpy.int64)
        self.penalty = self._penalty_table()
        # Longest entity per open label (0: none open): one token past what phi_guard
        # allows the label, so a forced-closed entity is still vetoed as too long.
        self.max_length = numpy.full((len(index) + 1,), numpy.iinfo(numpy.int64).max, dtype=numpy.int64)
        for label, i in index.items():
            self.max_length[i] = MAX_TOKENS.get(label, DEFAULT_MAX_TOKENS) + 1
        self.inside = numpy.flatnonzero(self.kind == _IN)

    def _penalty_table(self) -> numpy.ndarray:
        """Per state code (`open label * 4 + two tokens left * 2 + space token`),
        0 for a valid action and -inf for an invalid one: spaCy's BILUO
        `is_valid` rules for notes with nothing preset. B needs no open entity,
        two tokens left and a non-space token; I an open entity of its label and
        two tokens left; L an open entity of its label; U no open entity and a
        non-space token; O no open entity; actions without a label (but O) never."""
        has_label = self.label_index > 0
        begin = (self.kind == _BEGIN) & has_label
        inside = (self.kind == _IN) & has_label
        last = (self.kind == _LAST) & has_label
        unit = (self.kind == _UNIT) & has_label
        out = self.kind == _OUT
        n_labels = int(self.label_index.max(initial=0)) + 1
        table = numpy.full((n_labels * 4, len(self.names)), -numpy.inf, dtype="float32")
        for open_label in range(n_labels):
            same = self.label_index == open_label
            for two_left in (False, True):
                for space in (False, True):
                    if open_label == 0:
                        valid = out | (unit & (not space)) | (begin & two_left & (not space))
                    else:
                        valid = (last & same) | (inside & same & two_left)
                    table[open_label * 4 + int(two_left) * 2 + int(space), valid] = 0.0
        return table


class PhiEntityRecognizer(EntityRecognizer):
    """spaCy's `EntityRecognizer` with the vectorized greedy decoder of this module."""

    _phi_moves: Optional[_Moves] = None
    #: Close an entity one token past phi_guard's limit for its label (see the
    #: module docstring); False decodes exactly as spaCy's decoder does.
    cap_entity_length: bool = True

    @property
    def member_key(self) -> Optional[str]:
        """The span group this NER writes to as a member of an ensemble
        (`phi_ner_vote` combines the members with `doc.ents`); None: `doc.ents`."""
        return self.cfg.get(MEMBER_KEY_CFG)

    def pipe(self, docs: Iterable[Doc], *, batch_size: int = 256) -> Iterator[Doc]:
        """spaCy's `Parser.pipe`, but decoding each batch in groups of similar
        length of up to `MAX_GROUP_TOKENS` tokens (spaCy: quarter batches): the
        decoder's cost is per step, and a step serves the whole group."""
        error_handler = self.get_error_handler()
        for batch in util.minibatch(docs, size=batch_size):
            batch_in_order = list(batch)
            try:
                for group in _length_groups(batch_in_order):
                    self.set_annotations(group, self.predict(group))
                yield from batch_in_order
            except Exception as e:
                error_handler(self.name, self, batch_in_order, e)

    def predict(self, docs: Any) -> Any:
        if isinstance(docs, Doc):
            docs = [docs]
        if not self._fast_path_applies(docs):
            return super().predict(docs)
        return self._greedy_decode(list(docs))

    def set_annotations(self, docs: Any, states_or_beams: Any) -> None:
        key = self.member_key
        if not isinstance(states_or_beams, GreedyDecoded):
            kept = [list(doc.ents) for doc in docs] if key else []
            for doc in docs:
                doc.user_data.pop(ner_scores_key(key), None)  # spaCy's decoder gives no confidence
            super().set_annotations(docs, states_or_beams)
            for doc, ents in zip(docs, kept):  # a member: its spans to its group, doc.ents as they were
                doc.spans[key] = list(doc.ents)
                doc.set_ents(ents, default="outside")
            return
        for doc, entities in zip(docs, states_or_beams):
            spans = [Span(doc, start, end, label=label) for start, end, label, _ in entities]
            scores = [[start, end, label, score] for start, end, label, score in entities]
            if key:
                doc.spans[key] = spans
                doc.user_data[ner_scores_key(key)] = scores
                continue
            # No entity was preset (the fast path's condition): every other token is O.
            doc.set_ents(spans, default="outside")
            # The confidence of each entity, for the provenance (`spangroups.ner_scores`).
            doc.user_data[NER_SCORES_KEY] = scores
            for hook in self.postprocesses:
                hook(doc)

    # -- the fast path ---------------------------------------------------------------

    def _fast_path_applies(self, docs: Sequence[Doc]) -> bool:
        if self.cfg.get("beam_width", 1) != 1 or not any(len(doc) for doc in docs):
            return False
        if self.model.get_ref("lower").get_dim("nF") != 3:  # spaCy's "ner" state type
            return False
        for doc in docs:
            if len(doc) == 0:
                continue
            values = doc.to_array([ENT_IOB, SENT_START])
            if values[:, 0].any() or (values[1:, 1] == 1).any():
                return False
        return True

    def _moves(self) -> _Moves:
        # Actions are only ever added (new labels), so their count tells when to rebuild.
        if self._phi_moves is None or len(self._phi_moves.names) != self.moves.n_moves:
            self._phi_moves = _Moves(tuple(self.moves.get_class_name(i) for i in range(self.moves.n_moves)))
        return self._phi_moves

    def _greedy_decode(self, docs: List[Doc]) -> GreedyDecoded:
        # No `_ensure_labels_are_added`: the fast path's docs carry no entity labels.
        moves = self._moves()
        model = self.model
        ops = model.ops
        lower = model.get_ref("lower")
        tokvecs = model.get_ref("tok2vec").predict(docs)
        # (tokens + 1, nF, nO, nP); row 0 is the padding of absent features.
        cached = numpy.asarray(ops.to_numpy(lower.predict(tokvecs)), dtype="float32")
        n_hidden, n_pieces = cached.shape[2], cached.shape[3]
        cached = numpy.ascontiguousarray(cached.reshape((cached.shape[0], cached.shape[1], n_hidden * n_pieces)))
        bias = numpy.asarray(ops.to_numpy(lower.get_param("b")), dtype="float32").reshape((-1,))
        upper_wt: Optional[numpy.ndarray] = None
        upper_b: Optional[numpy.ndarray] = None
        if model.attrs["has_upper"]:
            upper = model.get_ref("upper")
            upper_wt = numpy.ascontiguousarray(ops.to_numpy(upper.get_param("W")).T, dtype="float32")
            upper_b = numpy.asarray(ops.to_numpy(upper.get_param("b")), dtype="float32")
        unseen = numpy.zeros((len(moves.names),), dtype=bool)
        for clas in model.attrs.get("unseen_classes", ()):
            if 0 <= clas < unseen.size:
                unseen[clas] = True
        any_unseen = bool(unseen.any())

        lengths = numpy.asarray([len(doc) for doc in docs], dtype=numpy.int64)
        offsets = numpy.concatenate([[0], numpy.cumsum(lengths)[:-1]]).astype(numpy.int64)
        space = numpy.zeros((int(lengths.sum()) + 1,), dtype=numpy.int64)  # per row (row 0: padding)
        for doc, offset in zip(docs, offsets):
            if len(doc):
                space[offset + 1 : offset + 1 + len(doc)] = doc.to_array([IS_SPACE]).reshape((-1,)) != 0
        results: List[List[_Entity]] = [[] for _ in docs]
        penalty, kinds, label_index, labels = moves.penalty, moves.kind, moves.label_index, moves.labels
        max_length, cap = moves.max_length, self.cap_entity_length

        # One entry per unfinished doc; rows index `cached` (token index in the batch + 1).
        doc_ids = numpy.flatnonzero(lengths > 0)
        rows = offsets[doc_ids] + 1
        ends = rows + lengths[doc_ids]
        first = numpy.zeros_like(rows)  # row of the open entity's first token (0: none open)
        open_label = numpy.zeros_like(rows)  # label index of the open entity (0: none open)
        confidence = numpy.ones(rows.shape, dtype="float32")  # lowest step probability in the open entity
        while doc_ids.size:
            # spaCy's "ner" state features: the buffer front, the open entity's
            # first token, and the token before the front when an entity is open.
            # Summed in spaCy's order, then the bias; maxout over the pieces.
            before = numpy.where(first > 0, rows - 1, 0)
            unmaxed = cached[rows, 0] + cached[first, 1]
            unmaxed += cached[before, 2]
            unmaxed += bias
            hidden = unmaxed[:, 0::n_pieces]
            for piece in range(1, n_pieces):
                hidden = numpy.maximum(hidden, unmaxed[:, piece::n_pieces])
            if upper_wt is not None:
                scores = hidden @ upper_wt
                scores += upper_b
            else:
                scores = numpy.array(hidden)
            if any_unseen:  # spaCy gives unseen actions the lowest score of the step
                scores[:, unseen] = scores.min()
            scores += penalty[open_label * 4 + ((ends - rows) >= 2) * 2 + space[rows]]
            # A tagger can fail to close an entity and run to the end of a long note
            # (an IDNUM over 5,000 tokens), losing every entity after it: at its
            # label's length limit only L stays valid, and decoding goes on after it.
            stuck = numpy.flatnonzero((first > 0) & (rows - first + 1 >= max_length[open_label])) if cap else ()
            if len(stuck):
                scores[numpy.ix_(stuck, moves.inside)] = -numpy.inf
            guess = scores.argmax(axis=1)  # the first best valid action, as spaCy's
            kind = kinds[guess]
            # Inside an entity, the chosen action's probability among the valid ones
            # (invalid: exp(-inf) = 0); most steps are O and need none.
            inside = numpy.flatnonzero(kind != _OUT)
            if inside.size:
                in_scores = scores[inside]
                in_scores -= in_scores[numpy.arange(inside.size), guess[inside]][:, None]
                chosen = 1.0 / numpy.exp(in_scores).sum(axis=1)
                starts = (kind[inside] == _BEGIN) | (kind[inside] == _UNIT)
                confidence[inside] = numpy.where(starts, chosen, numpy.minimum(confidence[inside], chosen))
            for i in numpy.flatnonzero((kind == _LAST) | (kind == _UNIT)).tolist():
                start = first[i] if kind[i] == _LAST else rows[i]
                offset = offsets[doc_ids[i]]
                results[doc_ids[i]].append(
                    (int(start - 1 - offset), int(rows[i] - offset), labels[guess[i]], round(float(confidence[i]), 4))
                )
            begins = kind == _BEGIN
            closes = kind == _LAST
            first = numpy.where(begins, rows, numpy.where(closes, 0, first))
            open_label = numpy.where(begins, label_index[guess], numpy.where(closes, 0, open_label))
            rows += 1
            going = rows < ends
            if not going.all():
                doc_ids, rows, ends = doc_ids[going], rows[going], ends[going]
                first, open_label, confidence = first[going], open_label[going], confidence[going]
        return GreedyDecoded(results)


def _length_groups(docs: List[Doc]) -> Iterator[List[Doc]]:
    """`docs` sorted by length, in groups of at most `MAX_GROUP_TOKENS` tokens
    (a longer doc alone): bounds the decoder's feature cache (1.5 kB a token)."""
    group: List[Doc] = []
    tokens = 0
    for doc in sorted(docs, key=len):
        if group and tokens + len(doc) > MAX_GROUP_TOKENS:
            yield group
            group, tokens = [], 0
        group.append(doc)
        tokens += len(doc)
    if group:
        yield group


@Language.factory(
    FACTORY,
    assigns=["doc.ents", "token.ent_iob", "token.ent_type"],
    default_config={
        "moves": None,
        "update_with_oracle_cut_size": 100,
        "model": DEFAULT_NER_MODEL,
        "incorrect_spans_key": None,
        "scorer": {"@scorers": "spacy.ner_scorer.v1"},
    },
    default_score_weights={"ents_f": 1.0, "ents_p": 0.0, "ents_r": 0.0, "ents_per_type": None},
)
def make_phi_ner(
    nlp: Language,
    name: str,
    model: Model,
    moves: Any,
    update_with_oracle_cut_size: int,
    incorrect_spans_key: Optional[str],
    scorer: Optional[Callable],
) -> PhiEntityRecognizer:
    """spaCy's `ner` factory, building `PhiEntityRecognizer` (same arguments)."""
    return PhiEntityRecognizer(
        nlp.vocab,
        model,
        name=name,
        moves=moves,
        update_with_oracle_cut_size=update_with_oracle_cut_size,
        incorrect_spans_key=incorrect_spans_key,
        scorer=scorer,
    )


def greedy_ner_overrides(config: Dict[str, Any]) -> Dict[str, Any]:
    """Config overrides for `spacy.load` that build every spaCy `ner` component of
    a saved pipeline as `phi_ner` (same weights; `{}` when there is none)."""
    overrides: Dict[str, Any] = {}
    for name, component in config.get("components", {}).items():
        if component.get("factory") == "ner":
            overrides[f"components.{name}.factory"] = FACTORY
    return overrides
