"""The word lists that decide what is and is not PHI, and their loaders.

Every detector reads them; none is imported from here upwards, so this package
imports neither `spacy_phi.rules` nor `spacy_phi.guard`:

- `common_words` / `common_words_es`: frequent English (Spanish) words, function
  words, person-name words;
- `vocabulary`: the medical vocabulary (terms, abbreviations, eponym heads);
- `person_words`: relatives, staff roles and the words around a person's name;
- `label_lexicons`: per-label word lists (occupations, states, countries, ...);
- `gazetteers`: US places, hospitals (CMS list), chains, wards, and the checks
  built on them;
- `scores`: the words that make a fraction a score ("strength 4/5", "MMSE 28/30");
- `rebuild/`: build-time tools that regenerate the shipped lists from their
  sources (`python -m spacy_phi.lexicon.rebuild.<list>`; never imported at run time).

The lists themselves ship as data files in `spacy_phi/data/` (drug names among
the medical vocabulary).
"""
