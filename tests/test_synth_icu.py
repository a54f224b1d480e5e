"""The ICU nursing note family (`icu_nursing`): valid, token-aligned notes in
capitals, lower case and mixed case; ICU shorthand left unannotated; PHI in the
forms such notes carry it; a corpus of its own that is deterministic for a seed;
and a default corpus that never draws it."""

import hashlib
import re
from collections import Counter

import pytest

from spacy_phi.synth import DEFAULT_FAMILIES, FAMILIES, generate_checked, generate_note, validate_note, write_corpus
from spacy_phi.synth.icu_lookalikes import ICU_LOOKALIKE_SLOTS
from spacy_phi.synth.lookalikes import LOOKALIKE_SLOTS
from spacy_phi.synth.stats import CorpusStats
from spacy_phi.util import blank_pipeline

FAMILY = "icu_nursing"
N_NOTES = 300


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline("en")


@pytest.fixture(scope="module")
def notes(nlp):
    return [item.note for item in generate_checked(N_NOTES, "train", 3, nlp, [FAMILY])]


def test_notes_validate_and_count(notes, nlp):
    stats = CorpusStats(seed=3)
    for note in notes:
        assert validate_note(note, nlp) == []
        assert note.meta["note_type"] == FAMILY
        stats.add("train", note)
    counts = stats.to_dict()["splits"]["train"]
    assert counts["notes"] == N_NOTES
    labels = counts["labels"]
    for label in ("PATIENT", "DOCTOR", "DATE", "AGE", "HOSPITAL", "PHONE"):
        assert labels[label] > 0, label


def test_cases_and_terse_style(notes):
    def case_of(text):
        letters = [c for c in text if c.isalpha()]
        upper = sum(c.isupper() for c in letters) / len(letters)
        return "upper" if upper > 0.97 else "lower" if upper < 0.03 else "mixed"

    cases = Counter(case_of(n.text) for n in notes)
    assert all(cases[c] > N_NOTES * 0.1 for c in ("upper", "lower", "mixed")), cases
    text = "\n".join(n.text for n in notes).upper()
    for shorthand in (r"\bNEURO: ", r"\bRESP: ", r"\bAC \d{3} ?X ?\d", r"\bPSV? \d+/\d+", r"\bFIO2 \d+%", r"\d+'S",
                      r"\bUO \d+-\d+CC/HR", r"\b(?:[01]\d|2[0-3])[0-5]\d\b", r"\b1/2 ?NS\b", r"\b\d/5\b", r"\bHO AWARE\b", r"\bS: \""):
        assert re.search(shorthand, text), shorthand


def test_icu_shorthand_is_never_annotated(notes):
    shorthand = re.compile(r"\b(?:AC|PSV?|CPAP|FIO2|HR|SBP|UO|DOPA|HEPARIN|PEEP)\b", re.I)
    for note in notes:
        for span in note.spans:
            assert not shorthand.search(note.text[span.start : span.end]), note.meta["template"]


def test_phi_in_bedside_forms(notes):
    signoff = re.compile(r"^\S(?:\.? ?)\S+ (?:RN|RRT|SN|PCT|NP)\b", re.I | re.M)
    kin = re.compile(r"\b(?:wife|husband|dtr|son|sister) $", re.I)
    after_kin = Counter()
    signed = 0
    for note in notes:
        spans = {(s.start, s.end): s.label for s in note.spans}
        for (start, end), label in spans.items():
            if label == "PATIENT" and kin.search(note.text[max(0, start - 8) : start]):
                after_kin[note.text[start:end].isupper() or note.text[start:end].islower()] += 1
        for match in signoff.finditer(note.text):
            credential = match.group(0).rsplit(" ", 1)[1]
            # The credential is never inside the name's span.
            assert not any(s.start <= match.end() - len(credential) < s.end for s in note.spans)
            signed += 1
    assert after_kin[True] > 10 and after_kin[False] > 5, after_kin
    assert signed > N_NOTES * 0.1


def test_icu_lookalike_slots_are_registered_and_plain():
    import random

    assert ICU_LOOKALIKE_SLOTS.keys() <= LOOKALIKE_SLOTS.keys()
    rng = random.Random(0)
    for name, make in ICU_LOOKALIKE_SLOTS.items():
        for _ in range(50):
            value = make(rng)
            assert value and value == value.strip() and not set(value) & set("{}[]|"), name


def test_own_corpus_is_deterministic_for_a_seed(tmp_path):
    digests = []
    for run in ("a", "b", "c"):
        seed = 5 if run != "c" else 6
        out = tmp_path / run
        write_corpus(out, {"train": 25}, seed=seed, families=[FAMILY])
        digests.append(hashlib.sha256((out / "train.spacy").read_bytes() + (out / "train.jsonl").read_bytes()).hexdigest())
    assert digests[0] == digests[1] != digests[2]


def test_default_corpus_never_draws_the_family():
    assert FAMILY in FAMILIES and FAMILY not in DEFAULT_FAMILIES
    assert set(DEFAULT_FAMILIES) == set(FAMILIES) - {FAMILY}
    for index in range(150):
        for split in ("train", "dev", "test"):
            note = generate_note(index, split, seed=0)
            assert note.meta["note_type"] != FAMILY
            # Same random path as naming the default families: adding a family that is
            # not default leaves every default note as it was.
            named = generate_note(index, split, seed=0, families=list(DEFAULT_FAMILIES))
            assert (note.text, note.spans) == (named.text, named.spans)
