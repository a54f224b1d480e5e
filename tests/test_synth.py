"""The synthetic corpus generator: exact spans, validation, splits, look-alikes,
reproducibility and the `spacy-phi synth` command."""

import json
import re
from collections import Counter

import pytest
from spacy.tokens import DocBin

from spacy_phi.cli import main
from spacy_phi.converters.corpus import read_records
from spacy_phi.converters.docs import META_KEY, RECORD_ID_KEY
from spacy_phi.labels import LABEL_NAMES
from spacy_phi.synth import (
    FAMILIES,
    NoteBuilder,
    SynthNote,
    SynthSpan,
    can_glue,
    generate_checked,
    generate_note,
    validate_note,
    write_corpus,
)
from spacy_phi.synth.context import bank_parts
from spacy_phi.synth.lookalikes import EPONYM_CONDITIONS, EPONYM_DEVICES_SIGNS
from spacy_phi.synth.pools import SPLITS, value_split
from spacy_phi.synth.template import Choice, Slot, TemplateError, parse
from spacy_phi.synth.values import EPONYM_SURNAMES
from spacy_phi.surrogates.names import NAME_PARTICLES
from spacy_phi.synth import lookalikes
from spacy_phi.synth.values import everyday_professions
from spacy_phi.util import blank_pipeline

SEED = 13
PER_FAMILY_TRAIN = 120
PER_FAMILY_TEST = 80


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline("en")


@pytest.fixture(scope="module")
def sample(nlp):
    """A few hundred validated notes of every family, train and test splits."""
    notes = {"train": [], "test": []}
    for family in FAMILIES:
        notes["train"].extend(generate_checked(PER_FAMILY_TRAIN, "train", SEED, nlp, [family]))
        notes["test"].extend(generate_checked(PER_FAMILY_TEST, "test", SEED, nlp, [family]))
    return notes


# --- builder and template language ----------------------------------------------------


def test_builder_records_exact_offsets():
    builder = NoteBuilder()
    builder.add("Seen by Dr. ")
    builder.phi("Kruger", "DOCTOR")
    builder.add(" on ")
    builder.phi("09/14/2067", "DATE")
    text, spans, values = builder.result()
    assert [text[s.start : s.end] for s in spans] == ["Kruger", "09/14/2067"] == values
    assert [s.label for s in spans] == ["DOCTOR", "DATE"]


def test_builder_case_modes_keep_offsets():
    for case in ("upper", "lower"):
        builder = NoteBuilder(case)
        builder.add("Pt ")
        builder.phi("Ada Kruger", "PATIENT")
        text, spans, values = builder.result()
        assert text[spans[0].start : spans[0].end] == values[0] == ("ADA KRUGER" if case == "upper" else "ada kruger")


def test_builder_rejects_unknown_label():
    with pytest.raises(ValueError):
        NoteBuilder().phi("x", "NOT_A_LABEL")


def test_wrap_never_breaks_phi_and_keeps_offsets():
    builder = NoteBuilder()
    for _ in range(30):
        builder.add("words and more words ")
        builder.phi("Ada Rose Kruger", "PATIENT")
        builder.add(" ")
    before = builder.text()
    builder.wrap(20)
    text, spans, values = builder.result()
    assert len(text) == len(before) and "\n" in text
    assert all(text[s.start : s.end] == v for s, v in zip(spans, values))


def test_unspace_only_where_the_tokenizer_splits(nlp):
    builder = NoteBuilder()
    builder.add("Results ")
    assert builder.unspace("02/20/2087")
    builder.phi("02/20/2087", "DATE")
    text, spans, _ = builder.result()
    assert text == "Results02/20/2087"
    assert nlp.make_doc(text).char_span(spans[0].start, spans[0].end) is not None
    builder = NoteBuilder()
    builder.add("seen ")
    assert not builder.unspace("smith")  # lower + lower would glue into one token


@pytest.mark.parametrize("left,right,expected", [
    ("Results", "02/20/2087", True), ("MR:", "6746781", True), ("q", "Wednesday", True),
    ("0937884", "Date", True), ("14", "th", False), ("seen", "smith", False),
    ("MR:", "P0630587", True), ("Phone:", "(617) 555-1212", True), ("KYLE", "^", True),
    ("2", "3", False), ("Smith", "son", False),
])
def test_can_glue_agrees_with_the_tokenizer(nlp, left, right, expected):
    assert can_glue(left, right) is expected
    if expected:
        doc = nlp.make_doc(left + right)
        assert doc.char_span(len(left), len(left) + len(right)) is not None or not right[0].isalnum()


def test_template_parser():
    nodes = parse("Pt [is|was] seen by {dr:attending} \\[x\\]")
    assert nodes[0] == "Pt "
    assert isinstance(nodes[1], Choice) and nodes[1].options == (("is",), ("was",))
    assert Slot("dr", "attending") in nodes
    assert nodes[-1].endswith("[x]")
    with pytest.raises(TemplateError):
        parse("[unclosed")


def test_every_bank_keeps_seen_phrasings():
    bank = [f"t{i}" for i in range(10)]
    seen, held = bank_parts(bank)
    assert len(held) == 2 and len(seen) == 8 and not set(seen) & set(held)


def test_slot_table_is_the_union_of_the_slot_modules():
    """Each kind of slot lives in its own module; together they are the table
    the note context dispatches on, with no name defined twice."""
    from spacy_phi.synth import slots
    from spacy_phi.synth.slots import ages, contacts, dates, identifiers, people, places

    names = [name for module in (people, dates, ages, places, contacts, identifiers) for name in module.SLOTS]
    assert len(names) == len(set(names)) == len(slots.SLOT_TABLE) == len(slots.SLOT_NAMES)
    assert set(names) == set(slots.SLOT_TABLE)
    assert {"pt", "dr.sig", "date.my", "age.sex", "hosp", "pharm.loc", "phone.ext", "mrn", "mrn.lab", "hl7"} <= set(names)
    assert slots.known_slot("rel.any") and slots.known_slot("~his") and slots.known_slot("~n")
    assert not slots.known_slot("nope") and not slots.known_slot("~nope")


def test_every_pronoun_slot_has_a_word():
    import random

    from spacy_phi.synth.context import NoteContext
    from spacy_phi.synth.noise import NoiseProfile
    from spacy_phi.synth.slots import PRONOUN_SLOTS, SLOT_TABLE

    ctx = NoteContext(random.Random(0), "train", False, NoiseProfile(), slots=SLOT_TABLE)
    for key in PRONOUN_SLOTS:
        assert ctx.pronoun(key), key
    assert ctx.pronoun("nope") is None


# --- validation over every family ----------------------------------------------------------


def test_validator_clean_over_every_family(sample, nlp):
    counts = Counter()
    for split, items in sample.items():
        for item in items:
            assert validate_note(item.note, nlp) == []
            counts[item.note.meta["note_type"]] += 1
    assert set(counts) == set(FAMILIES)
    assert min(counts.values()) >= PER_FAMILY_TRAIN + PER_FAMILY_TEST


def test_regeneration_is_rare(sample):
    items = sample["train"] + sample["test"]
    regenerated = sum(item.attempts > 1 for item in items)
    assert regenerated <= 0.02 * len(items)


def test_docs_carry_the_spans(sample):
    for item in sample["train"][:300]:
        ents = [(e.start_char, e.end_char, e.label_) for e in item.doc.ents]
        assert ents == [(s.start, s.end, s.label) for s in item.note.spans]
        assert item.doc.user_data[RECORD_ID_KEY] == item.note.id


def _valid_note(nlp):
    for item in generate_checked(5, "train", SEED, nlp, ["clinic"]):
        if len(item.note.spans) >= 3:
            return item.note
    raise AssertionError("no note with 3 spans")


def test_validator_catches_broken_spans(nlp):
    note = _valid_note(nlp)
    first, second = note.spans[0], note.spans[1]

    def broken(spans, values=None):
        return SynthNote(note.id, note.text, spans, note.meta, values if values is not None else note.values)

    shifted = [SynthSpan(first.start + 1, first.end + 1, first.label)] + note.spans[1:]
    problems = validate_note(broken(shifted), nlp)
    assert any("text differs" in p for p in problems)
    overlapping = [first, SynthSpan(first.start, second.end, second.label)] + note.spans[2:]
    assert any("overlaps" in p for p in validate_note(broken(overlapping, note.values), nlp))
    bad_label = [SynthSpan(first.start, first.end, "NAME")] + note.spans[1:]
    assert any("unknown label" in p for p in validate_note(broken(bad_label), nlp))
    out = [SynthSpan(first.start, len(note.text) + 5, first.label)] + note.spans[1:]
    assert any("out of bounds" in p for p in validate_note(broken(out), nlp))
    half = [SynthSpan(first.start, first.start + 1, first.label)] + note.spans[1:]
    values = [note.text[first.start : first.start + 1]] + note.values[1:]
    if len(note.text[first.start : first.end]) > 1 and note.text[first.start + 1].isalnum():
        assert any("not aligned" in p for p in validate_note(broken(half, values), nlp))
    # Messages name ids, offsets and labels only: never the note's text.
    for problem in problems:
        assert note.text[first.start : first.end] not in problem.split(": ", 1)[1]


# --- labels, look-alikes, surface forms ------------------------------------------------------


def test_every_label_occurs(sample):
    counts = Counter(s.label for item in sample["train"] for s in item.note.spans)
    missing = [label for label in LABEL_NAMES if counts[label] == 0]
    assert not missing
    # The common labels dominate, as in real corpora.
    top = {label for label, _ in counts.most_common(6)}
    assert {"DATE", "DOCTOR", "PATIENT", "HOSPITAL"} <= top


def _span_texts(items, label):
    return [item.note.text[s.start : s.end] for item in items for s in item.note.spans if s.label == label]


def test_surface_forms_vary(sample):
    dates = _span_texts(sample["train"], "DATE")
    shapes = {
        "mm/dd/yyyy": r"\d{2}/\d{2}/\d{4}", "m/d/yy": r"\d{1,2}/\d{1,2}/\d{2}", "iso": r"\d{4}-\d{2}-\d{2}",
        "written": r"[A-Z][a-z]+\.? \d{1,2},? \d{4}", "d-mon-yyyy": r"\d{1,2}-[A-Za-z]{3}-\d{4}", "m/d": r"\d{1,2}/\d{1,2}",
        "weekday": r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day", "year": r"\d{4}", "apostrophe": r"'\d{2}",
        "ordinal": r"\d{1,2}(?:st|nd|rd|th)", "season": r"(?i)(?:winter|spring|summer|fall|autumn) (?:of )?\d{2,4}",
    }
    for name, pattern in shapes.items():
        assert any(re.fullmatch(pattern, d) for d in dates), name
    names = _span_texts(sample["train"], "DOCTOR") + _span_texts(sample["train"], "PATIENT")
    assert any(n.isupper() and "," in n for n in names)  # "KRUGER, ADA"
    assert any(n.islower() and len(n) > 3 for n in names)  # lower-case notes
    assert any(re.fullmatch(r"[A-Z][a-z]+ [A-Z]\. [A-Z][a-z]+", n) for n in names)  # "Ada R. Kruger"
    phones = _span_texts(sample["train"], "PHONE")
    assert any(re.search(r"(?i)(?:x|ext\.?) ?\d", p) for p in phones)
    ages = _span_texts(sample["train"], "AGE")
    assert all(a.isdigit() or a.endswith("s") or a.isalpha() or "-" in a for a in ages)
    assert any(int(a) > 89 for a in ages if a.isdigit())


def test_lookalikes_present_and_unannotated(sample):
    items = sample["train"] + sample["test"]
    eponyms = [e for e in EPONYM_CONDITIONS + EPONYM_DEVICES_SIGNS if " " in e or "'" in e]
    found = Counter()
    for item in items:
        text, spans = item.note.text, item.note.spans
        for phrase in eponyms:
            start = text.find(phrase)
            while start >= 0:
                end = start + len(phrase)
                found[phrase] += 1
                assert not any(s.start < end and start < s.end for s in spans), phrase
                start = text.find(phrase, end)
        for match in re.finditer(r"\bBP:? \d{2,3}/\d{2,3}|\bNa:? \d{3}\b|\bICD-10 [A-Z]\d", text):
            assert not any(s.start < match.end() and match.start() < s.end for s in spans)
    assert sum(found.values()) >= 200 and len(found) >= 30


def test_eponym_surnames_also_occur_as_names(sample):
    names = {w for label in ("PATIENT", "DOCTOR") for n in _span_texts(sample["train"] + sample["test"], label)
             for w in re.findall(r"[A-Za-z]+", n)}
    assert len(names & set(EPONYM_SURNAMES)) >= 3  # "Mr. Parkinson", "Dr. Foley" are PHI


# --- splits ------------------------------------------------------------------------------------


def _name_words(items):
    # Initials ("jk", "JRK" in transcription lines) are not pool values: skip spans of <= 3 characters.
    # Surname particles ("van der", "De La", "Al-") are a closed class, like titles: not split.
    return {w.lower() for label in ("PATIENT", "DOCTOR") for n in _span_texts(items, label) if len(n) > 3
            for w in re.findall(r"[A-Za-z]{2,}", n) if w.lower() not in NAME_PARTICLES}


def test_test_pool_values_never_appear_in_train(sample):
    train, test = sample["train"], sample["test"]
    assert not _name_words(train) & _name_words(test)
    for label in ("CITY", "HOSPITAL", "ORGANIZATION", "PROFESSION", "STREET", "LOCATION_OTHER"):
        train_values = {" ".join(v.lower().split()) for v in _span_texts(train, label)}
        test_values = {" ".join(v.lower().split()) for v in _span_texts(test, label)}
        assert test_values and not train_values & test_values, label


def test_value_split_is_stable_and_partitions():
    assert value_split("name", "Kruger") == value_split("name", "KRUGER ")
    shares = Counter(value_split("city", f"city{i}") for i in range(5000))
    assert set(shares) == set(SPLITS)
    assert 0.62 < shares["train"] / 5000 < 0.78 and 0.14 < shares["test"] / 5000 < 0.26


def test_held_out_templates_only_in_test(sample):
    held_out = {v.id for f in FAMILIES.values() for v in f.held_out_variants}
    assert all(f.held_out_variants and f.seen_variants for f in FAMILIES.values())
    for item in sample["train"]:
        assert item.note.meta["template"] not in held_out and item.note.meta["template_seen"]
    test_templates = Counter(item.note.meta["template"] for item in sample["test"])
    assert held_out <= set(test_templates)
    for item in sample["test"]:
        assert item.note.meta["template_seen"] == (item.note.meta["template"] not in held_out)
    with pytest.raises(ValueError):
        generate_note(0, "train", SEED, unseen=True)


def test_meta_fields(sample):
    meta = sample["test"][0].note.meta
    assert {"note_type", "template", "split", "template_seen"} <= set(meta)
    assert meta["split"] == "test"


def test_long_notes_and_one_liners(sample):
    lengths = [len(item.note.text.split()) for item in sample["train"]]
    assert max(lengths) >= 1000
    assert min(lengths) <= 10


# --- reproducibility and output ---------------------------------------------------------------


def test_same_seed_same_notes_other_seed_different():
    first = [generate_note(i, "test", 5).to_json() for i in range(20)]
    again = [generate_note(i, "test", 5).to_json() for i in range(20)]
    other = [generate_note(i, "test", 6).to_json() for i in range(20)]
    assert first == again
    assert first != other


def test_write_corpus_is_byte_identical(tmp_path):
    sizes = {"train": 25, "dev": 5, "test": 10}
    write_corpus(tmp_path / "a", sizes, seed=3)
    write_corpus(tmp_path / "b", sizes, seed=3)
    write_corpus(tmp_path / "c", sizes, seed=4)
    for name in ("train.spacy", "train.jsonl", "test_unseen.jsonl", "stats.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert (tmp_path / "a" / "train.jsonl").read_bytes() != (tmp_path / "c" / "train.jsonl").read_bytes()


def test_cli_writes_readable_files_and_prints_no_text(tmp_path, capsys, nlp):
    out = tmp_path / "corpus"
    code = main(["synth", str(out), "--n-train", "30", "--n-dev", "10", "--n-test", "20", "--seed", "2"])
    assert code == 0
    printed = capsys.readouterr().out
    expected = {f"{split}.{ext}" for split in ("train", "dev", "test", "test_seen", "test_unseen")
                for ext in ("spacy", "jsonl")} | {"stats.json"}
    assert {p.name for p in out.iterdir()} == expected
    records = read_records(out / "train.jsonl", "jsonl")
    assert len(records) == 30 and all(r.meta["split"] == "train" for r in records)
    docs = list(DocBin().from_disk(out / "train.spacy").get_docs(nlp.vocab))
    assert len(docs) == 30
    for doc, record in zip(docs, records):
        assert doc.user_data[RECORD_ID_KEY] == record.id and doc.user_data[META_KEY]["template"]
        assert [(e.start_char, e.end_char, e.label_) for e in doc.ents] == [(s.start, s.end, s.label) for s in record.spans]
    seen = read_records(out / "test_seen.jsonl", "jsonl")
    unseen = read_records(out / "test_unseen.jsonl", "jsonl")
    assert len(seen) + len(unseen) == 20
    assert all(r.meta["template_seen"] for r in seen) and not any(r.meta["template_seen"] for r in unseen)
    stats = json.loads((out / "stats.json").read_text())
    assert stats["splits"]["train"]["notes"] == 30
    # Counts only: no note text, no PHI value reaches the console.
    for record in records + seen + unseen:
        for span in record.spans:
            value = record.text[span.start : span.end]
            if len(value) >= 6 and not value.isdigit():
                assert value not in printed
        for line in record.text.splitlines():
            if len(line) >= 25:
                assert line not in printed


def test_cli_rejects_bad_arguments(tmp_path, capsys):
    assert main(["synth", str(tmp_path / "x"), "--format", "xml"]) == 2
    assert main(["synth", str(tmp_path / "y"), "--n-train", "0", "--n-dev", "0", "--n-test", "0"]) == 2
    assert main(["synth", str(tmp_path / "z"), "--n-train", "2", "--n-dev", "0", "--n-test", "0",
                 "--families", "nope"]) == 1


# --- realism: names, lay persons, professions, negative look-alikes, dates, places ----------


def _overlaps(spans, start, end):
    return any(s.start < end and start < s.end for s in spans)


def test_name_shapes_of_many_origins(sample):
    names = _span_texts(sample["train"] + sample["test"], "PATIENT") + _span_texts(sample["train"] + sample["test"], "DOCTOR")
    assert any(re.search(r"[A-Za-z]{2,}-[A-Za-z]{2,}", n) for n in names)  # "Marie-Claude", "Garcia-Lopez"
    assert any(re.search(r"(?i)\b(?:van|de|del|da|di|von|dos)\b [A-Za-z]|\bO'[A-Z]|\bAl-|\bEl-", n) for n in names)
    # Nicknames in quotes are their own PATIENT span: 'SAVERIO ("Sal") CARUSO'.
    nick = 0
    for item in sample["train"] + sample["test"]:
        text = item.note.text
        for s in item.note.spans:
            if s.label == "PATIENT" and text[max(0, s.start - 2) : s.start] in ('("', ' "'):
                nick += 1
    assert nick >= 5
    from spacy_phi.surrogates.names import name_pools, romanized_names

    words = {w for first, last in name_pools() for w in first + last}
    assert {"Nguyen", "Kovacs", "Yilmaz", "Tanaka"} <= words  # romanized and diacritics folded
    assert all(w.isascii() and w.isalpha() for w in words)
    assert len(romanized_names()) >= 10


def test_lay_persons_in_many_forms_and_lower_case(sample):
    items = sample["train"] + sample["test"]
    found = Counter()
    pattern = re.compile(r"(?i)\b(dtr|wife|son|sister|roommate|hha|friend|neighbor|boyfriend|mom|grandma|bro-in-law|husband) $")
    for item in items:
        text = item.note.text
        for s in item.note.spans:
            match = pattern.search(text[max(0, s.start - 12) : s.start])
            if match and s.label == "PATIENT":
                found[match.group(1).lower()] += 1
                if text[s.start : s.end].islower() and not item.note.text.islower():
                    found["lower_in_mixed_note"] += 1
    assert len(found) >= 10, found
    assert found["lower_in_mixed_note"] >= 5
    # Portal sign-offs by the patient are PATIENT spans.
    assert any(
        s.label == "PATIENT" and re.search(r"(?:Thanks,\n|- |Best,\n)$", item.note.text[max(0, s.start - 9) : s.start])
        for item in items for s in item.note.spans
    )


def test_professions_from_the_written_list(sample):
    jobs = set(everyday_professions())
    found = {v for v in _span_texts(sample["train"] + sample["test"], "PROFESSION")}
    assert len(found & jobs) >= 20
    assert len(jobs) >= 200


def test_negative_lookalikes_present_and_unannotated(sample):
    items = sample["train"] + sample["test"]
    from spacy_phi.surrogates.names import name_pools

    pool_words = {w.lower() for first, last in name_pools() for w in first + last}
    phrases = set(lookalikes.CLINICAL_SENTENCES) | set(lookalikes.PATHOLOGY_CAPS) | set(lookalikes.ETHNIC_PHRASES)
    # One-word entries are also names ("Black", "Caribbean Medical Center"): check the longer ones.
    phrases = {p for p in phrases if p.lower() not in pool_words and (" " in p or "-" in p)}
    found = Counter()
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True)) + r")(?![\w-])")
    for item in items:
        text, spans = item.note.text, item.note.spans
        for match in pattern.finditer(text):
            found[match.group()] += 1
            assert not _overlaps(spans, match.start(), match.end()), match.group()
        for match in re.finditer(r"\bApgars \d/\d|\bPain \d+/10|\b2/2 \w+|\b24/7\b|\bEntresto \d+/\d+|\bFSBG log: [\d, ]+"
                                 r"|\b\d(?:st|nd|rd|th) (?:fl|met head)|\bx \d wks", text):
            found["shape"] += 1
            assert not _overlaps(spans, match.start(), match.end()), match.group()
    assert len(found) >= 40 and found["shape"] >= 20, found


def test_age_sex_field_and_year_ranges(sample):
    items = sample["train"] + sample["test"]
    agesex = ranges = holidays = 0
    for item in items:
        text, spans = item.note.text, item.note.spans
        for match in re.finditer(r"Age/(?:Sex|Gender): (\d+)/([MF])", text):
            agesex += 1
            assert any(s.label == "AGE" and (s.start, s.end) == match.span(1) for s in spans)
            assert not _overlaps(spans, *match.span(2))
        for a, b in zip(spans, spans[1:]):
            if a.label == b.label == "DATE" and text[a.end : b.start] in ("-", " - ") and len(text[a.start : a.end]) == 4:
                ranges += 1
        holidays += sum(text[s.start : s.end] in ("Tet", "Lunar New Year", "Diwali", "Eid al-Fitr", "Nowruz") for s in spans)
    assert agesex >= 3 and ranges >= 3 and holidays >= 1


def test_units_pharmacies_suites_and_phone_options(sample):
    items = sample["train"] + sample["test"]
    streets = _span_texts(items, "STREET")
    assert any(re.search(r"(?:Suite|Ste\.?|#|Apt\.?|Unit) ?\w+$", s) for s in streets)
    assert any(re.search(r"(?:option|opt|press) #?\d$", p) for p in _span_texts(items, "PHONE"))
    pharmacy = 0
    for item in items:
        spans = item.note.spans
        for a, b in zip(spans, spans[1:]):
            if a.label == "ORGANIZATION" and b.label == "STREET" and item.note.text[a.end : b.start] in (" on ", " at ", " - "):
                pharmacy += 1
    assert pharmacy >= 3
