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
- `faker_lists`: name and place lists read from Faker (given names and
  surnames by locale, Spanish provinces and countries), shared with the
  surrogate generators.

`spacy_phi.lexicon_rebuild` regenerates the shipped lists from their sources
(build time only: `python -m spacy_phi.lexicon_rebuild.<list>`).

The lists themselves ship as data files in `spacy_phi/data/` (drug names among
the medical vocabulary).
"""
