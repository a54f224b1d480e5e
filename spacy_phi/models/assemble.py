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
from typing import Any, Dict, Optional, Union

import spacy
from spacy.language import Language

from ..about import __version__
from ..labels import LABEL_NAMES, MEDDOCAN_LABELS
from ..pipelines import add_phi_components
from .cpu_ops import cpu_ops_overrides
from .greedy_ner import greedy_ner_overrides
from . import PIPELINE_NAME

_META: Dict[str, Any] = {
    "description": (
        "De-identification of English clinical notes: a PHI detector (NER over the 30 "
        "i2b2 2014 PHI types) combined with rules for formulaic identifiers, a guard "
        "against medical terms, and consistent surrogates (phi_surrogates). Trained on "
        "the synthetic spacy_phi corpus."
    ),
    "license": "MIT",
    "author": "spacy_phi",
    "url": "",
    "email": "",
}


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


def assemble_pipeline(
    model: Union[str, Path],
    *,
    surrogates: bool = True,
    name: str = PIPELINE_NAME,
    version: Optional[str] = None,
) -> Language:
    """Load a trained pipeline and turn it into the shipped one.

    model (Union[str, Path]): the trained pipeline (a folder or package name).
    surrogates (bool): add `phi_surrogates` (False: detection only).
    name (str): the pipeline name in its meta (`spacy package` prefixes the language).
    version (Optional[str]): the pipeline version; the spacy_phi version if None.
    RETURNS (Language): the assembled pipeline.
    """
    nlp = spacy.load(model)
    # A pipeline trained before `phi_ner` and `spacy_phi.CPUOps.v1`: the same
    # weights with the faster decoder and matrix products.
    faster = {**greedy_ner_overrides(nlp.config), **cpu_ops_overrides(nlp.config)}
    if faster:
        nlp = spacy.load(model, config=faster)
    trained = list(nlp.pipe_names)
    native = has_native_ner(nlp)
    if native:
        from .. import native_labels  # noqa: F401  (factories)

        nlp.add_pipe("phi_native_ner", after="ner")
    nlp = add_phi_components(nlp, surrogates=surrogates)
    if native:
        nlp.add_pipe("phi_native_labels", after="phi_merge")
    meta = dict(nlp.meta)
    meta.update(_META_ES if nlp.lang == "es" else _META)
    meta["name"] = name
    meta["version"] = version or __version__
    # The scores of the trained NER stay in meta["performance"]; record where they came from.
    meta["trained_components"] = trained
    nlp.meta.update(meta)
    return nlp
