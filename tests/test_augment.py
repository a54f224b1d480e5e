"""PHI-swapped copies of gold documents (`spacy-phi augment`)."""

from __future__ import annotations

from typing import List, Tuple

import pytest
from spacy.tokens import Doc, DocBin

from spacy_phi import blank_pipeline
from spacy_phi.cli import main as cli_main
from spacy_phi.converters.augment import (
    LABEL_SCHEMES,
    AugmentCounts,
    augment_docs,
    copy_secret,
    swapped_text,
    write_augmented,
)
from spacy_phi.errors import ConversionError

DIALOGUE = (
    "[doctor] hi , carolyn . how are you ? [patient] good . my husband , mike , drove me . "
    "[doctor] so carolyn is a 58-year-old female seen on july 8th . she works as a teacher in boston ."
)
NOTE = "Carolyn Dunbar is a 58-year-old female seen on 07/08/2020 by Dr. Alvarez. MRN 4471902."


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline("en")


def gold_doc(nlp, text: str, values: List[Tuple[str, str]]) -> Doc:
    doc = nlp.make_doc(text)
    spans, cursor = [], 0
    for value, label in values:
        start = text.index(value, cursor)
        spans.append(doc.char_span(start, start + len(value), label=label))
        cursor = start + len(value)
    doc.ents = spans
    return doc


@pytest.fixture(scope="module")
def gold(nlp) -> List[Doc]:
    return [
        gold_doc(
            nlp,
            DIALOGUE,
            [("carolyn", "PATIENT"), ("mike", "PATIENT"), ("carolyn", "PATIENT"), ("58", "AGE"),
             ("july 8th", "DATE"), ("teacher", "PROFESSION"), ("boston", "CITY")],
        ),
        gold_doc(
            nlp,
            NOTE,
            [("Carolyn Dunbar", "PATIENT"), ("58", "AGE"), ("07/08/2020", "DATE"), ("Alvarez", "DOCTOR"),
             ("4471902", "MEDICALRECORD")],
        ),
    ]


def outside_spans(text: str, spans) -> List[str]:
    pieces, position = [], 0
    for start, end, _ in spans:
        pieces.append(text[position:start])
        position = end
    pieces.append(text[position:])
    return pieces


def test_copy_keeps_every_character_outside_the_spans(gold):
    for doc in gold:
        text, spans, _ = swapped_text(doc, secret=copy_secret(0), key="k")
        original = [(e.start_char, e.end_char, e.label_) for e in doc.ents]
        assert outside_spans(text, spans) == outside_spans(doc.text, original)
        assert [label for _, _, label in spans] == [label for _, _, label in original]


def test_copy_replaces_values_and_keeps_their_case(gold):
    text, spans, kept = swapped_text(gold[0], secret=copy_secret(0), key="k")
    assert kept == 0
    values = [text[s:e] for s, e, _ in spans]
    originals = [e.text for e in gold[0].ents]
    for label, value, original in zip([l for _, _, l in spans], values, originals):
        if label != "AGE":  # strict age mode may land on the same number
            assert value.lower() != original.lower(), label
    names = [v for v, (_, _, label) in zip(values, spans) if label == "PATIENT"]
    assert all(n == n.lower() for n in names)  # "carolyn" -> a lower-case name
    assert names[0] == names[2]  # the same person keeps one surrogate in a document


def test_augmented_docs_are_aligned_and_counted(nlp, gold):
    counts = AugmentCounts()
    copies = list(augment_docs(gold, nlp, copies=3, seed=7, counts=counts))
    assert counts.documents_in == 2
    assert counts.copies_written + counts.copies_misaligned == 6
    assert len(copies) == counts.copies_written >= 5
    for copy in copies:
        assert copy.ents
        for ent in copy.ents:
            assert ent.text == ent.text.strip()
    assert counts.spans_swapped + counts.spans_kept == sum(len(c.ents) for c in copies)
    # Copies of one document differ from each other (one key per copy).
    assert len({c.text for c in copies[:3]}) == 3


def test_write_augmented_is_deterministic_for_a_seed(tmp_path, nlp, gold):
    source = tmp_path / "gold.spacy"
    DocBin(docs=gold).to_disk(source)
    write_augmented(source, tmp_path / "a.spacy", copies=2, seed=3)
    write_augmented(source, tmp_path / "b.spacy", copies=2, seed=3)
    write_augmented(source, tmp_path / "c.spacy", copies=2, seed=4)
    assert (tmp_path / "a.spacy").read_bytes() == (tmp_path / "b.spacy").read_bytes()
    a = [d.text for d in DocBin().from_disk(tmp_path / "a.spacy").get_docs(nlp.vocab)]
    c = [d.text for d in DocBin().from_disk(tmp_path / "c.spacy").get_docs(nlp.vocab)]
    assert a != c


def test_cli_prints_counts_not_text(tmp_path, capsys, gold):
    source = tmp_path / "gold.spacy"
    DocBin(docs=gold).to_disk(source)
    assert cli_main(["augment", str(source), str(tmp_path / "out.spacy"), "--copies", "2"]) == 0
    out = capsys.readouterr().out
    assert "copies of 2 docs" in out
    for value in ("carolyn", "Carolyn", "Dunbar", "Alvarez", "4471902", "boston"):
        assert value not in out
    assert cli_main(["augment", str(tmp_path / "missing.spacy"), str(tmp_path / "x.spacy")]) == 1


SPANISH = "Nombre: Lucía.\nApellidos: Ferrández Olmedo.\nEdad: 66 años Sexo: M.\nDomicilio: Calle Mayor 12.\nLocalidad/ Provincia: Valladolid.\n"


def test_meddocan_labels_are_kept_and_sex_keeps_its_value():
    nlp_es = blank_pipeline("es")
    doc = gold_doc(
        nlp_es,
        SPANISH,
        [("Lucía", "NOMBRE_SUJETO_ASISTENCIA"), ("Ferrández Olmedo", "NOMBRE_SUJETO_ASISTENCIA"),
         ("M", "SEXO_SUJETO_ASISTENCIA"), ("Calle Mayor 12", "CALLE"), ("Valladolid", "TERRITORIO")],
    )
    text, spans, kept = swapped_text(
        doc, secret=copy_secret(0), key="0:0:0", lang="es", surrogate_label=LABEL_SCHEMES["meddocan"]
    )
    values = {label: [] for _, _, label in spans}
    for start, end, label in spans:
        values[label].append(text[start:end])
    assert [label for _, _, label in spans] == [
        "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_SUJETO_ASISTENCIA", "SEXO_SUJETO_ASISTENCIA", "CALLE", "TERRITORIO",
    ]
    assert values["SEXO_SUJETO_ASISTENCIA"] == ["M"]  # no PHI for us: never swapped
    assert "Lucía" not in values["NOMBRE_SUJETO_ASISTENCIA"] and "Valladolid" not in values["TERRITORIO"]
    assert values["CALLE"][0] != "Calle Mayor 12" and values["CALLE"][0].split()[0] == "Calle"  # street type kept
    assert outside_spans(text, spans) == outside_spans(SPANISH, [(e.start_char, e.end_char, e.label_) for e in doc.ents])
    assert kept >= 1


def test_unknown_label_set_is_a_clear_error(tmp_path):
    with pytest.raises(ConversionError, match="unknown label set"):
        write_augmented(tmp_path / "in.spacy", tmp_path / "out.spacy", labels="conll")
