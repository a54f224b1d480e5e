"""Ready-made pipelines: the rules-only de-identification pipeline, and the
step that adds the rule layer and surrogates to a trained NER pipeline.

Component order (each reads what the ones before wrote):
  tokenizer -> phi_sentencizer -> [ner] -> phi_rules -> phi_known -> phi_guard
  -> phi_propagate -> phi_merge -> phi_surrogates
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from spacy.language import Language

from .util import blank_pipeline

#: The rule-layer components, in pipeline order.
RULE_LAYER = ("phi_rules", "phi_known", "phi_guard", "phi_propagate", "phi_merge")


def add_phi_components(
    nlp: Language,
    *,
    surrogates: bool = True,
    surrogate_settings: Optional[Dict[str, Any]] = None,
) -> Language:
    """Add the rule layer (and `phi_surrogates`) after the existing components
    and initialize only the added ones (a trained NER keeps its weights).
    Components already in the pipeline are left as they are.

    nlp (Language): the pipeline (e.g. a trained NER).
    surrogates (bool): also add `phi_surrogates` at the end.
    surrogate_settings (Optional[Dict[str, Any]]): its config ("default_mode", ...).
    RETURNS (Language): the same pipeline.
    """
    from . import guard, known, merge, propagate, rules, sentencizer, surrogates as _surrogates  # noqa: F401  (factories)

    if "phi_sentencizer" not in nlp.pipe_names and not nlp.has_pipe("parser") and not nlp.has_pipe("senter"):
        nlp.add_pipe("phi_sentencizer", first=True)
    added = []
    for name in RULE_LAYER:
        if name not in nlp.pipe_names:
            nlp.add_pipe(name)
            added.append(name)
    if surrogates and "phi_surrogates" not in nlp.pipe_names:
        nlp.add_pipe("phi_surrogates", config=dict(surrogate_settings or {}))
    for name in added:
        pipe = nlp.get_pipe(name)
        if hasattr(pipe, "initialize"):
            pipe.initialize(lambda: [], nlp=nlp)
    return nlp


def rules_pipeline(lang: str = "en", *, surrogates: bool = True, **surrogate_settings: Any) -> Language:
    """The rules-only pipeline: clinical tokenizer, phi_sentencizer, the rule
    layer and phi_surrogates. No training needed; a baseline and a fallback.

    lang (str): language code.
    surrogates (bool): add `phi_surrogates`.
    **surrogate_settings: config of `phi_surrogates` (e.g. default_mode="tag").
    RETURNS (Language): the initialized pipeline.
    """
    nlp = blank_pipeline(lang)
    nlp.add_pipe("phi_sentencizer")
    return add_phi_components(nlp, surrogates=surrogates, surrogate_settings=surrogate_settings)
