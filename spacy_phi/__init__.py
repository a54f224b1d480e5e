"""spacy_phi: de-identification of clinical notes with spaCy.

Importing the package registers its tokenizer, components and functions with
spaCy. Installed, the same registrations are also found through entry points,
so `spacy.load` of a saved pipeline works without importing this package.
"""

from . import guard, known, merge, propagate, rules, sentencizer, surrogates, tokenizer  # noqa: F401  (registrations)
from .models import case_augment  # noqa: F401  (the training augmenters, found by `spacy train` configs)
from .policy import apply as _policy_component  # noqa: F401  (the phi_policy factory)
from .about import __version__
from .deid import DeidOptions, DeidSettings, deidentify, deidentify_file
from .labels import LABEL_NAMES, LABELS, Category, category_of, map_label
from .pipelines import add_phi_components, rules_pipeline
from .util import blank_pipeline

__all__ = [
    "__version__",
    "LABEL_NAMES",
    "LABELS",
    "Category",
    "category_of",
    "map_label",
    "blank_pipeline",
    "add_phi_components",
    "rules_pipeline",
    "DeidOptions",
    "DeidSettings",
    "deidentify",
    "deidentify_file",
]
