"""Rebuild the shipped word lists of `spacy_phi.lexicon` from their sources (build
time only: each module says which package it needs and writes one data file of
`spacy_phi/data/`). They read the surrogate generators' name and place pools,
which the lists must leave out, so they stand apart from `spacy_phi.lexicon`
and nothing at run time imports them.

    python -m spacy_phi.lexicon_rebuild.label_lexicons spacy_phi/data/label_lexicons
    python -m spacy_phi.lexicon_rebuild.common_words spacy_phi/data/medical_vocabulary/common_words.txt.gz
    python -m spacy_phi.lexicon_rebuild.common_words_es spacy_phi/data/medical_vocabulary/common_words_es.txt.gz
    python -m spacy_phi.lexicon_rebuild.drug_names spacy_phi/data/medical_vocabulary/drug_names.txt.gz
    python -m spacy_phi.lexicon_rebuild.clinical_abbreviations spacy_phi/data/medical_vocabulary/clinical_abbreviations.txt.gz
"""
