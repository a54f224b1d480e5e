__title__ = "spacy_phi"
__version__ = "0.1.0"
__summary__ = "spaCy plugin that de-identifies clinical notes: PHI detection and surrogates"
