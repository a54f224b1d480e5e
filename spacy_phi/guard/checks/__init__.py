"""The label checks of `phi_guard`, one module per family of labels.

Each module holds its checks, the constants they read and the veto reasons
they return (`sub_reason`: one reason per check):

- `date`: DATE (time of day, numbers that are no date, date words);
- `age`: AGE (thresholds, measures, durations, number words);
- `identifiers`: identifiers and contacts (digits, ranges, shifts), ROOM,
  EMAIL, URL, USERNAME, and the number shapes of every number label
  (measurements, obstetric notation, diagnosis codes);
- `clinical_numbers`: the numbers of ICU charting (ventilator settings,
  readings, units, fractions, clock times, counts) taken for dates, ages,
  rooms or identifiers, and the shape or cue an identifier needs;
- `person`: names of people and institutions (medical or brand words,
  services, public programs) and the form checks of names (lower case in a
  cased note, articles, pronouns, possessives, titles, one letter); the
  recall rule `ordinary_words_only`;
- `place`: STATE, COUNTRY, CITY, LOCATION_OTHER, STREET, "US" the ultrasound,
  nationalities and languages, sports teams;
- `profession`: PROFESSION and DEPARTMENT;
- `context`: the words around any span (idioms, doses, the clinician's own
  job, genetic carriers, spoken counts, sports teams);
- `base`: what they share (`CheckWords`, label groups, word helpers).

`spacy_phi.guard.validators` maps each label to its checks.
"""
