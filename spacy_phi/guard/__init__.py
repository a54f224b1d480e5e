"""The medical-vocabulary guard: the `phi_guard` component (its word lists live in
`spacy_phi.lexicon`)."""

from .component import DEFAULT_GUARDED_LABELS, PhiGuard, make_phi_guard
from ..lexicon.vocabulary import MedicalVocabulary, default_vocabulary, normalize_term

__all__ = ["DEFAULT_GUARDED_LABELS", "MedicalVocabulary", "PhiGuard", "default_vocabulary", "make_phi_guard", "normalize_term"]
