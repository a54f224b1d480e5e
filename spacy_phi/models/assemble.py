"""Assemble the shipped pipeline: the trained NER plus the rule, guard, merge and
surrogate components, with the meta that `spacy package` turns into `en_phi_deid`
(or `es_phi_deid`: an NER trained on MEDDOCAN's labels also gets `phi_native_ner`
after it and `phi_native_labels` after `phi_merge`, see `spacy_phi.native_labels`).

    nlp = assemble_pipeline("training/cnn/model-best")
    nlp.to_disk("training/phi_deid")

The trained components keep their weights and order (a spaCy `ner` becomes
`phi_ner`, the same component with a faster decoder: `greedy_ner.py`); the PHI components are added
after them by `spacy_phi.pipelines.add_phi_components`, which also initializes
them, so the saved pipeline needs no data files at run time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Optional, Sequence, Union

import spacy
from spacy.language import Language

from ..about import __version__
from ..labels import LABEL_NAMES, MEDDOCAN_LABELS
from ..pipelines import add_phi_components
from ..tokenizer import ClinicalTokenizer, build_clinical_tokenizer
from .case_view import case_view_overrides
from .cpu_ops import cpu_ops_overrides
from .model_card import english_card_meta, without_unevaluated_scores
from .greedy_ner import MEMBER_KEY_CFG, PhiEntityRecognizer, greedy_ner_overrides
from .ner_vote import FACTORY as VOTE_FACTORY
from . import PIPELINE_NAME

_META_ES: Dict[str, Any] = {
    "description": (
        "De-identification of Spanish clinical notes: a PHI detector (NER over the MEDDOCAN "
        "labels, mapped to the i2b2 2014 types) combined with Spanish rules for formulaic "
        "identifiers (NHC, NASS, NºCol, CP, DNI/NIE, phones, dates), a guard against medical "
        "terms, and consistent Spanish surrogates (phi_surrogates). The MEDDOCAN labels of "
        "every entity are in doc.spans[\"meddocan\"]. Trained on the MEDDOCAN training set "
        "(Plan TL, CC BY 4.0)."
    ),
    "license": "MIT (code); model trained on MEDDOCAN (CC BY 4.0)",
    "sources": [
        {"name": "MEDDOCAN", "url": "https://temu.bsc.es/meddocan/", "license": "CC BY 4.0",
         "author": "Plan de Impulso de las Tecnologías del Lenguaje (Plan TL)"}
    ],
}


def has_native_ner(nlp: Language) -> bool:
    """Whether the pipeline's `ner` predicts MEDDOCAN's own labels (scheme
    "meddocan_native"), which `phi_native_ner` maps to ours."""
    if "ner" not in nlp.pipe_names:
        return False
    return bool(set(nlp.get_pipe("ner").labels) & set(MEDDOCAN_LABELS) - set(LABEL_NAMES))


def _load_trained(model: Union[str, Path]) -> Language:
    nlp = spacy.load(model)
    # The same weights with the faster decoder and matrix products (a pipeline
    # trained before `phi_ner` and `spacy_phi.CPUOps.v1`) and the case view of
    # notes typed in capitals (`case_view.py`).
    overrides = {
        **greedy_ner_overrides(nlp.config),
        **cpu_ops_overrides(nlp.config),
        **case_view_overrides(nlp.config),
    }
    return spacy.load(model, config=overrides) if overrides else nlp


def _rebuild_clinical_tokenizer(nlp: Language) -> None:
    """Give a pipeline trained with the clinical tokenizer the rules of this
    version's: a trained pipeline stores its tokenizer's rules, and a split
    added since (two words glued by a period) must reach the shipped pipeline
    without retraining. The tagger sees those words apart, as in any note that
    types its space."""
    if isinstance(nlp.tokenizer, ClinicalTokenizer):
        nlp.tokenizer = build_clinical_tokenizer(nlp)


def add_ensemble_members(nlp: Language, members: Sequence[Union[str, Path]]) -> None:
    """Add the NERs of other trained pipelines (the same config, other seeds)
    before `ner`, each with its own copy of its tok2vec, writing its own span
    group, and `phi_ner_vote` after `ner` (see `ner_vote.py`).

    nlp (Language): the trained pipeline (its `ner` is the first model).
    members (Sequence[Union[str, Path]]): the other trained pipelines.
    RAISES (ValueError): a member without the same NER labels.
    """
    keys = []
    for index, path in enumerate(members, 1):
        other = _load_trained(path)
        if sorted(other.get_pipe("ner").labels) != sorted(nlp.get_pipe("ner").labels):
            raise ValueError(f"ensemble member {index} does not predict the same labels as the main NER")
        if "tok2vec" in other.pipe_names:
            other.replace_listeners("tok2vec", "ner", ["model.tok2vec"])  # the member keeps its own tok2vec
        key = f"phi_ner_member{index}"
        member = other.get_pipe("ner")
        assert isinstance(member, PhiEntityRecognizer)
        member.cfg[MEMBER_KEY_CFG] = key  # saved with the component's weights
        nlp.add_pipe("ner", name=f"ner_member{index}", source=other, before="ner")
        keys.append(key)
    nlp.add_pipe(VOTE_FACTORY, after="ner", config={"members": keys})


def assemble_pipeline(
    model: Union[str, Path],
    *,
    surrogates: bool = True,
    name: str = PIPELINE_NAME,
    version: Optional[str] = None,
    ensemble: Sequence[Union[str, Path]] = (),
) -> Language:
    """Load a trained pipeline and turn it into the shipped one.

    model (Union[str, Path]): the trained pipeline (a folder or package name).
    surrogates (bool): add `phi_surrogates` (False: detection only).
    name (str): the pipeline name in its meta (`spacy package` prefixes the language).
    version (Optional[str]): the pipeline version; the spacy_phi version if None.
    ensemble (Sequence[Union[str, Path]]): other trained pipelines of the same
        config (other seeds) whose NERs vote with this one (`ner_vote.py`).
    RETURNS (Language): the assembled pipeline.
    """
    nlp = _load_trained(model)
    _rebuild_clinical_tokenizer(nlp)
    trained = list(nlp.pipe_names)
    if ensemble:
        add_ensemble_members(nlp, ensemble)
    native = has_native_ner(nlp)
    if native:
        from .. import native_labels  # noqa: F401  (factories)

        # After the vote of an ensemble: it maps the labels of the final NER output.
        nlp.add_pipe("phi_native_ner", after=VOTE_FACTORY if ensemble else "ner")
    nlp = add_phi_components(nlp, surrogates=surrogates)
    if native:
        nlp.add_pipe("phi_native_labels", after="phi_merge")
    meta = dict(nlp.meta)
    # The card's figures are the default recipe's: one CNN, no vote.
    default_recipe = not ensemble and "transformer" not in trained
    meta.update(_META_ES if nlp.lang == "es" else english_card_meta(default_recipe))
    if isinstance(meta.get("performance"), dict):
        meta["performance"] = without_unevaluated_scores(meta["performance"])
    meta["name"] = name
    meta["version"] = version or __version__
    # The scores of the trained NER stay in meta["performance"]; record where they came from.
    meta["trained_components"] = trained
    nlp.meta.update(meta)
    return nlp
