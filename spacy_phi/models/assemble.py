"""Assemble the shipped pipeline: the trained NER plus the rule, guard, merge and
surrogate components, with the meta that `spacy package` turns into `en_phi_deid`.

    nlp = assemble_pipeline("training/cnn/model-best")
    nlp.to_disk("training/phi_deid")

The trained components keep their weights and order; the PHI components are added
after them by `spacy_phi.pipelines.add_phi_components`, which also initializes
them, so the saved pipeline needs no data files at run time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Optional, Union

import spacy
from spacy.language import Language

from ..about import __version__
from ..pipelines import add_phi_components
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
    trained = list(nlp.pipe_names)
    nlp = add_phi_components(nlp, surrogates=surrogates)
    meta = dict(nlp.meta)
    meta.update(_META)
    meta["name"] = name
    meta["version"] = version or __version__
    # The scores of the trained NER stay in meta["performance"]; record where they came from.
    meta["trained_components"] = trained
    nlp.meta.update(meta)
    return nlp
