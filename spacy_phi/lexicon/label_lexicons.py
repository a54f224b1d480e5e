"""The label lexicons: word lists that say what a label's words look like
(occupations, states, countries, date words, body parts and exam headers,
brands, nationalities, clinical services, public programs, sports teams).

They ship in `spacy_phi/data/label_lexicons/` (see SOURCE.txt there; rebuilt by
`python -m spacy_phi.lexicon_rebuild.label_lexicons`) and are read once per process. The
guard's label checks and the rules' gazetteers both read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Dict, FrozenSet

from .vocabulary import read_terms


@dataclass(frozen=True)
class LabelLexicons:
    """The word lists the validators use (lower case unless stated)."""

    occupations: FrozenSet[str]
    states: FrozenSet[str]  # as written, case-sensitive: "MA", "Mass.", "Georgia"
    countries: FrozenSet[str]  # as written
    date_words: FrozenSet[str]
    body_parts_and_headers: FrozenSet[str]
    brands: FrozenSet[str]
    nationalities: FrozenSet[str]
    clinical_services: FrozenSet[str] = frozenset()
    non_occupations: FrozenSet[str] = frozenset()
    public_programs: FrozenSet[str] = frozenset()  # as written; compare with `public_programs_lower`
    sports_teams: FrozenSet[str] = frozenset()  # words of team nicknames ("49ers", "cowboys", "tide")

    @property
    def states_lower(self) -> FrozenSet[str]:
        return _lowered(self.states)

    @property
    def countries_lower(self) -> FrozenSet[str]:
        return _lowered(self.countries)

    @property
    def public_programs_lower(self) -> FrozenSet[str]:
        return _lowered(self.public_programs)


@lru_cache(maxsize=8)
def _lowered(values: FrozenSet[str]) -> FrozenSet[str]:
    return frozenset(v.lower() for v in values)


LEXICON_FILES: Dict[str, str] = {
    "occupations": "occupations.txt",
    "states": "states.txt",
    "countries": "countries.txt",
    "date_words": "date_words.txt",
    "body_parts_and_headers": "body_parts_and_headers.txt",
    "brands": "brands.txt",
    "nationalities": "nationalities.txt",
    "clinical_services": "clinical_services.txt",
    "non_occupations": "non_occupations.txt",
    "public_programs": "public_programs.txt",
    "sports_teams": "sports_teams.txt",
}
#: Lexicons whose lines are phrases (kept whole); the others hold words separated by spaces.
_PHRASE_LEXICONS = frozenset({"states", "countries", "public_programs"})


@lru_cache(maxsize=1)
def default_lexicons() -> LabelLexicons:
    """The shipped lexicons (read once per process)."""
    folder = resources.files("spacy_phi") / "data" / "label_lexicons"
    values = {}
    for name, filename in LEXICON_FILES.items():
        lines = read_terms(folder.joinpath(filename).read_text(encoding="utf-8").splitlines())
        if name in _PHRASE_LEXICONS:
            values[name] = frozenset(lines)
        else:
            values[name] = frozenset(word.lower() for line in lines for word in line.split())
    return LabelLexicons(**values)
