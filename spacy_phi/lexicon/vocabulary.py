"""The medical vocabulary of `phi_guard` and the checks that use it.

The lists ship in `spacy_phi/data/medical_vocabulary/` (see SOURCE.txt there).
Matching follows the seed paper 003: exact match for abbreviations (with
case), Levenshtein distance below 2 for longer words, and drug-name stems.
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Callable, Dict, FrozenSet, Iterable, List, Optional, Tuple

from .clinical_abbreviations import CLINICAL_ABBREVIATIONS_FILE
from .common_words import is_common_word, is_misspelt_common_word, person_names

#: The vocabulary files, by the field of `MedicalVocabulary` they fill.
VOCABULARY_FILES: Dict[str, str] = {
    "always_medical": "always_medical.txt",
    "eponyms_with_head": "eponyms_with_head.txt",
    "heads": "medical_heads.txt",
    "drugs": "drugs.txt",
    "drug_names": "drug_names.txt.gz",
    "drug_stems": "drug_stems.txt",
    "abbreviations": "medical_abbreviations.txt",
    "clinical_abbreviations": CLINICAL_ABBREVIATIONS_FILE,
    "credentials": "credentials.txt",
    "common_words": "common_words.txt.gz",
}
#: Lists matched exactly, with case ("LA" the abbreviation, "La" a name).
_CASE_SENSITIVE_LISTS = frozenset({"abbreviations", "clinical_abbreviations", "credentials"})
#: Words at least this long also match at edit distance 1 (typos: "Parkinsen").
FUZZY_MIN_LENGTH = 8
#: Words at least this long count as a common word's misspelling at edit distance 1.
MIN_MISSPELT_LENGTH = 6
#: A drug stem must leave at least this many letters before it ("-pril" in "lisinopril").
_STEM_MIN_PREFIX = 3


#: A plural ending of an abbreviation: "ABGs", "Hcts", "PRBC's".
_PLURAL_ENDING = re.compile(r"(?:['’][sS]|[sS])$")
#: How medical words end and begin ("COAGULOPATHY", "NASOTRACHEALY", "AUTODIURESISN"),
#: with at least four letters besides: no one's name is built so.
_MEDICAL_ENDING = re.compile(
    r"[a-z]{4,}(?:opathy|opathic|itis|ectomy|otomy|ostomy|oscopy|emia|uria|osis|algia|plasty|rrhea|penia|trophy|plegia)s?\Z"
)
_MEDICAL_BEGINNING = re.compile(
    r"\A(?:naso|gastro|cardio|hepato|nephro|neuro|pneumo|broncho|tracheo|hemo|haemo|thrombo|cysto|osteo|arthro|angio|"
    r"entero|pyelo|laryngo|pharyngo|esophago|thoraco|abdomino|auto|endo|peri|trans|retro|hyper|hypo)[a-z]{4,}\Z"
)


def built_as_medical_word(lower: str) -> bool:
    """Whether a lower-case word is built as medical words are, whether or not a
    list holds it: a medical ending ("coagulopathy", "hypoxemia") or a combining
    form before four letters or more ("nasotracheally", "autodiuresis")."""
    return _MEDICAL_ENDING.match(lower) is not None or _MEDICAL_BEGINNING.match(lower) is not None


#: Prefixes that make a word of a word ("reintubated", "nonverbal", "unresponsive"): a
#: short list, as a name may begin as a longer prefix does ("DEFOREST", "UNDERWOOD").
_WORD_PREFIXES = ("re", "un", "non", "pre", "post", "dis", "mis")
#: Endings of a word made of a word, with the endings its base may have lost:
#: "diures|ing" of "diures|is", "tachypne|ic" of "tachypne|a", "intubat|ed" of "intubat|e".
_WORD_ENDINGS: Tuple[Tuple[str, Tuple[str, ...]], ...] = (
    ("ing", ("", "e", "is")),
    ("ed", ("", "e", "is")),
    ("ic", ("a", "ia", "e", "is")),
    ("ically", ("ic", "y", "ia")),
    ("ly", ("",)),
)
#: What a prefix or an ending must leave of a known word.
_MIN_BASE_LETTERS = 5


def derived_from_known_word(lower: str, known: Callable[[str], bool]) -> bool:
    """Whether a lower-case word is a known word with a prefix or an ending
    ("reintubated" of "intubated", "diuresing" of "diuresis", "tachypneic" of
    "tachypnea"), the base keeping at least five letters.

    lower (str): the word, in lower case.
    known (Callable[[str], bool]): whether a word is known.
    RETURNS (bool): True when a prefix or an ending leaves a known word.
    """
    for prefix in _WORD_PREFIXES:
        rest = lower[len(prefix):]
        if lower.startswith(prefix) and len(rest) >= _MIN_BASE_LETTERS and known(rest):
            return True
    for ending, restored in _WORD_ENDINGS:
        base = lower[: -len(ending)]
        if lower.endswith(ending) and len(base) >= _MIN_BASE_LETTERS and any(known(base + lost) for lost in restored):
            return True
    return False


def normalize_term(text: str) -> str:
    """Lower-case, drop a possessive and surrounding punctuation, unify
    apostrophes and inner whitespace ("Parkinson's" -> "parkinson").

    text (str): a word or phrase.
    RETURNS (str): the normalized form.
    """
    text = text.replace("’", "'").strip().lower()
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"'s?$", "", text)
    return text.strip(" .,;:()[]\"'")


def levenshtein_at_most_one(a: str, b: str) -> bool:
    """Whether two words are at edit distance 0 or 1 (fast path, no matrix)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la > lb:
        a, b, la, lb = b, a, lb, la
    i = 0
    while i < la and a[i] == b[i]:
        i += 1
    if la == lb:
        return a[i + 1 :] == b[i + 1 :]
    return a[i:] == b[i + 1 :]


def read_terms(lines: Iterable[str]) -> List[str]:
    """Entries of a vocabulary file: one per line, "#" comments, blanks skipped."""
    terms = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            terms.append(line)
    return terms


@dataclass
class MedicalVocabulary:
    """The guard's word lists (see SOURCE.txt for what each holds).

    always_medical, eponyms_with_head, heads, drugs, drug_stems: normalized,
        case-insensitive entries.
    drug_names: drug names of an open drug dictionary (drug_names.py),
        matched exactly (never at edit distance 1, unlike `drugs`).
    abbreviations: exact, case-sensitive entries.
    clinical_abbreviations: the abbreviations of an open list
        (clinical_abbreviations.py), exact and case-sensitive; no state or
        country code, name, place or common word is among them.
    credentials: clinicians' credentials and training grades ("LICSW",
        "PGY"), exact and case-sensitive like `abbreviations`.
    common_words: lower-case English words that are not names or places
        (see common_words.py), matched with simple inflections.
    """

    always_medical: FrozenSet[str] = frozenset()
    eponyms_with_head: FrozenSet[str] = frozenset()
    heads: FrozenSet[str] = frozenset()
    drugs: FrozenSet[str] = frozenset()
    drug_names: FrozenSet[str] = frozenset()
    drug_stems: FrozenSet[str] = frozenset()
    abbreviations: FrozenSet[str] = frozenset()
    clinical_abbreviations: FrozenSet[str] = frozenset()
    credentials: FrozenSet[str] = frozenset()
    common_words: FrozenSet[str] = frozenset()
    _fuzzy_index: Optional[Dict[int, List[str]]] = field(default=None, repr=False, compare=False)
    _lowered_abbreviations: Optional[FrozenSet[str]] = field(default=None, repr=False, compare=False)
    _lower_case_shorthand: Optional[FrozenSet[str]] = field(default=None, repr=False, compare=False)

    @classmethod
    def from_lists(cls, lists: Dict[str, Iterable[str]]) -> "MedicalVocabulary":
        """Build from {field name: entries}; missing fields are empty.

        lists (Dict[str, Iterable[str]]): the entries per field.
        RETURNS (MedicalVocabulary): the vocabulary.
        RAISES (ValueError): an unknown field name.
        """
        unknown = set(lists) - set(VOCABULARY_FILES)
        if unknown:
            raise ValueError(f"unknown vocabulary lists: {sorted(unknown)}")
        values = {}
        for name in VOCABULARY_FILES:
            entries = [e for e in lists.get(name, ()) if e.strip()]
            if name in _CASE_SENSITIVE_LISTS:
                values[name] = frozenset(e.strip() for e in entries)
            else:
                values[name] = frozenset(normalize_term(e) for e in entries)
        return cls(**values)

    def to_lists(self) -> Dict[str, List[str]]:
        """The entries per field, sorted (for saving)."""
        return {name: sorted(getattr(self, name)) for name in VOCABULARY_FILES}

    def extended(self, lists: Dict[str, Iterable[str]]) -> "MedicalVocabulary":
        """A copy with more entries added.

        lists (Dict[str, Iterable[str]]): entries to add per field.
        RETURNS (MedicalVocabulary): the new vocabulary.
        """
        merged = self.to_lists()
        for name, entries in lists.items():
            merged.setdefault(name, []).extend(entries)
        return MedicalVocabulary.from_lists(merged)

    # -- checks ---------------------------------------------------------------

    def _fuzzy_candidates(self, length: int) -> List[str]:
        if self._fuzzy_index is None:
            index: Dict[int, List[str]] = {}
            for term in self.always_medical | self.drugs:
                if len(term) >= FUZZY_MIN_LENGTH - 1:
                    index.setdefault(len(term), []).append(term)
            self._fuzzy_index = index
        return [t for n in (length - 1, length, length + 1) for t in self._fuzzy_index.get(n, ())]

    def is_drug(self, term: str) -> bool:
        """A drug name, by list (`drugs` or `drug_names`) or stem.

        term (str): a normalized word or phrase.
        """
        if term in self.drugs or term in self.drug_names:
            return True
        if " " not in term and term.isalpha():
            for stem in self.drug_stems:
                if term.endswith(stem) and len(term) - len(stem) >= _STEM_MIN_PREFIX:
                    return True
        return False

    def is_always_medical(self, term: str) -> bool:
        """In the always-medical list or the drug list, exactly or (8+
        letters) at edit distance 1.

        term (str): a normalized word or phrase.
        """
        if term in self.always_medical or self.is_drug(term):
            return True
        if len(term) >= FUZZY_MIN_LENGTH:
            return any(levenshtein_at_most_one(term, candidate) for candidate in self._fuzzy_candidates(len(term)))
        return False

    def is_eponym(self, term: str) -> bool:
        """A name that can start a medical term ("wilson", "parkinson")."""
        return term in self.eponyms_with_head or term in self.always_medical

    def is_head(self, word: str) -> bool:
        """A medical head word ("disease", "catheter")."""
        return normalize_term(word) in self.heads

    def is_abbreviation(self, text: str) -> bool:
        """An exact (case-sensitive) medical abbreviation."""
        return text.strip() in self.abbreviations

    def is_clinical_abbreviation(self, text: str) -> bool:
        """An exact (case-sensitive) abbreviation of either list: the hand-written
        one or the open one ("LA", "SIMV")."""
        text = text.strip()
        return text in self.abbreviations or text in self.clinical_abbreviations

    def is_abbreviation_plural(self, word: str) -> bool:
        """A clinical abbreviation of three letters or more with a plural "s"
        ("ABGS", "Hcts", "PRBC's"); two letters and an "S" are as often an
        organisation's initials ("IHS")."""
        stem = _PLURAL_ENDING.sub("", word)
        if stem == word or len(stem) < 3:
            return False
        return (
            self.is_clinical_abbreviation(stem)
            or self.is_clinical_abbreviation(stem.upper())
            or self.is_lower_case_shorthand(stem)
        )

    def is_credential(self, text: str) -> bool:
        """An exact (case-sensitive) credential or training grade ("LICSW", "PGY")."""
        return text.strip() in self.credentials

    def is_common_word(self, word: str, function_words: bool = True) -> bool:
        """An ordinary English word that is no name or place ("gout", "denies");
        with `function_words`, also "will", "may", "an" (names too, see
        common_words.FUNCTION_WORDS)."""
        return is_common_word(word.lower(), self.common_words, function_words)

    def is_lower_case_shorthand(self, word: str) -> bool:
        """A word whose lower-case form is an abbreviation the hand-written list
        writes in lower case, the shorthand of nursing notes ("ABX", "CONT" for
        "abx", "cont"); "CA" is not one ("Ca" is listed with its capital)."""
        if self._lower_case_shorthand is None:
            self._lower_case_shorthand = frozenset(a for a in self.abbreviations if a.islower())
        return word.lower() in self._lower_case_shorthand

    def is_misspelt_common_word(self, word: str) -> bool:
        """A lower-case word of MIN_MISSPELT_LENGTH or more letters one edit away from
        a common word ("sputm", "presnt"); the caller rules out names first."""
        return len(word) >= MIN_MISSPELT_LENGTH and word.isalpha() and is_misspelt_common_word(word.lower(), self.common_words)

    def is_ordinary_word(self, word: str) -> bool:
        """A common word (function words included), a drug or a clinical
        abbreviation in any case: what a lower-case name cannot be ("has",
        "aware", "prn", "lasix"). Nursing shorthand of three letters or more
        that is also a person's name ("brady", "endo") is left out: "Bailey
        Endo", "my son brady"."""
        lower = word.lower()
        if self._lowered_abbreviations is None:
            names = person_names()
            self._lowered_abbreviations = frozenset(
                a.lower() for a in self.abbreviations if not (a.islower() and len(a) > 2 and a in names)
            )
        return self.is_common_word(lower) or self.is_drug(lower) or lower in self._lowered_abbreviations


def _read_package_list(file_name: str) -> List[str]:
    path = resources.files("spacy_phi").joinpath("data", "medical_vocabulary", file_name)
    if file_name.endswith(".gz"):
        return read_terms(gzip.decompress(path.read_bytes()).decode("utf-8").splitlines())
    return read_terms(path.read_text(encoding="utf-8").splitlines())


@lru_cache(maxsize=1)
def default_vocabulary() -> MedicalVocabulary:
    """The vocabulary shipped with spacy_phi (read once)."""
    return MedicalVocabulary.from_lists({name: _read_package_list(f) for name, f in VOCABULARY_FILES.items()})
