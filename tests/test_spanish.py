"""The Spanish pipeline (`es_phi_deid`): tokenizer rules for lang "es", the Spanish
rules (each pattern with a positive and a negative case), Spanish surrogates, the
native-label components and a tiny Spanish pipeline built from configs/cnn_es.cfg.

English behaviour is covered by the English tests; the last tests here check that
the Spanish additions do not reach an English pipeline.
"""

import datetime as dt
import random
import re
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Span
from spacy.training import Example
from spacy.util import fix_random_seed, load_config, load_model_from_config

import spacy_phi
from spacy_phi.labels import MEDDOCAN_LABELS, map_label, meddocan_to_i2b2
from spacy_phi.native_labels import MEDDOCAN_GROUP, NATIVE_LABEL_BY_LABEL, NATIVE_NER_GROUP
from spacy_phi.rules.spanish import NATIVE_LABEL_BY_RULE, spanish_rules
from spacy_phi.checksums import is_dni_or_nie, is_spanish_postcode
from spacy_phi.surrogates import spanish as es_surrogates
from spacy_phi.date_text import parse_date
from spacy_phi.surrogates.dates import shift_date_text
from spacy_phi.surrogates.generator import SurrogateGenerator
from spacy_phi.surrogates.keys import RECORD_ID_FIELD
from spacy_phi.util import blank_pipeline

ROOT = Path(__file__).resolve().parent.parent
SECRET = b"a test secret of some length, not a real one"


@pytest.fixture(scope="module")
def nlp_es():
    return blank_pipeline("es")


@pytest.fixture(scope="module")
def rules_es():
    return spacy_phi.rules_pipeline("es", default_mode="tag")


def tokens(nlp, text):
    return [t.text for t in nlp.make_doc(text)]


# -- tokenizer ------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text,expected",
    [
        ("Dra.Pérez", ["Dra.", "Pérez"]),
        ("C.P.28001", ["C.P.", "28001"]),
        ("NHC:123456", ["NHC", ":", "123456"]),
        ("D.Juan", ["D.", "Juan"]),
        ("Dª.María", ["Dª.", "María"]),
        ("NºCol: 28 28 70973", ["Nº", "Col", ":", "28", "28", "70973"]),
        ("Sexo: H.", ["Sexo", ":", "H", "."]),
        ("Sexo:M.", ["Sexo", ":", "M", "."]),
        ("Avda. de Elvas s/n.", ["Avda.", "de", "Elvas", "s", "/", "n", "."]),
        ("5, 2º B.", ["5", ",", "2º", "B", "."]),
        ("Calle Tudela, 4 Izq.", ["Calle", "Tudela", ",", "4", "Izq", "."]),
        ("Maria del Mar.", ["Maria", "del", "Mar", "."]),
        ("Tfno.+34679802102", ["Tfno.", "+34679802102"]),
        ("e-mail: ana.lopez@gmail.com", ["e-mail", ":", "ana.lopez@gmail.com"]),
        ("Fecha: 03/03/1946.", ["Fecha", ":", "03/03/1946", "."]),
    ],
)
def test_spanish_tokenizer_splits_glued_fields(nlp_es, text, expected):
    assert tokens(nlp_es, text) == expected


def test_spanish_tokenizer_keeps_every_character(nlp_es):
    text = "Dra.Pérez  C.P.28001\nNHC:123456 Sexo:H. Dª.María s/n. +34 945007000"
    doc = nlp_es.make_doc(text)
    assert doc.text == text
    assert "".join(t.text_with_ws for t in doc) == text


def test_spanish_rules_do_not_reach_english_tokenization():
    nlp_en = blank_pipeline("en")
    # English keeps its initials and months whole, and never splits "D.Juan"
    assert tokens(nlp_en, "Sexo: H.") == ["Sexo", ":", "H."]
    assert tokens(nlp_en, "Mar.") == ["Mar."]


def test_meddocan_gold_spans_align_with_the_spanish_tokens(nlp_es):
    """All but a handful of the MEDDOCAN dev spans start and end on token
    boundaries (a misaligned span can never be found exactly by the NER)."""
    from spacy_phi.converters.brat import read_brat

    total = misaligned = 0
    for record in read_brat(ROOT / "assets" / "meddocan" / "dev"):
        doc = nlp_es.make_doc(record.text)
        for span in record.spans:
            total += 1
            misaligned += doc.char_span(span.start, span.end) is None
    assert total > 0
    # 7 of 5,801 on the full dev split (typos such as "añosingresó", "Der.."), 0 on its first 5 documents
    assert misaligned <= max(1, total // 500)


# -- rules ------------------------------------------------------------------------------

def found(nlp, text):
    doc = nlp(text)
    return [(doc.text[e.start_char:e.end_char], e.label_) for e in doc.ents]


@pytest.mark.parametrize(
    "rule,text,value,label",
    [
        ("es_nhc", "NHC: 368503.", "368503", "MEDICALRECORD"),
        ("es_nass", "NASS: 26 63514095.", "26 63514095", "HEALTHPLAN"),
        ("es_ncol", "Médico: Ana Ruiz NºCol: 28 28 70973.", "28 28 70973", "LICENSE"),
        ("es_ncol", "Nº Col. 282870973", "282870973", "LICENSE"),
        ("es_episodio", "Episodio: 01234567.", "01234567", "ACCOUNT"),
        ("es_dni", "con 12345678Z en el registro", "12345678Z", "IDNUM"),
        ("es_dni", "NIE X1234567L", "X1234567L", "IDNUM"),
        ("es_dni_context", "DNI: 12345678", "12345678", "IDNUM"),
        ("es_cp", "CP: 28016.", "28016", "ZIP"),
        ("es_cp", "C.P.28001 Madrid", "28001", "ZIP"),
        ("es_cp_city", "c/ Mayor 5, 28036 Madrid", "28036", "ZIP"),
        ("es_phone_context", "Tfno. 913 368 000", "913 368 000", "PHONE"),
        ("es_phone_context", "Fax: +34 945007359", "+34 945007359", "FAX"),
        ("es_phone_shape", "llamar al 600 123 456 mañana", "600 123 456", "PHONE"),
        ("es_date_numeric", "Fecha de Ingreso: 12/12/2016.", "12/12/2016", "DATE"),
        ("es_date_numeric", "el 3-3-46", "3-3-46", "DATE"),
        ("es_date_written", "ingresó el 3 de marzo de 2015", "3 de marzo de 2015", "DATE"),
        ("es_date_written", "desde marzo de 2015", "marzo de 2015", "DATE"),
        ("es_date_short_month", "el 12-ene-2015", "12-ene-2015", "DATE"),
        ("es_age_field", "Edad: 70 años Sexo: H.", "70 años", "AGE"),
        ("es_age_de_anos", "Varón de 52 años que acude", "52 años", "AGE"),
        ("email", "E-mail: nnavcu@hotmail.com", "nnavcu@hotmail.com", "EMAIL"),
        ("es_country", "Hospital Central. Caracas. Venezuela e-mail: x@y.com", "Venezuela", "COUNTRY"),
        ("es_city_after_cp", "C/ Mayor 5. 09200 Miranda de Ebro (Burgos).", "Miranda de Ebro", "CITY"),
        ("es_field_nombre", "Datos.\nNombre:  Ernesto.\nApellidos: Rivera Bueno.\n", "Ernesto", "PATIENT"),
        ("es_field_nombre", "Apellidos: Rivera Bueno.\n", "Rivera Bueno", "PATIENT"),
        ("es_field_domicilio", "Domicilio:  Calle Miguel Benitez 90, 2º B.\n", "Calle Miguel Benitez 90, 2º B", "STREET"),
        ("es_field_localidad", "Localidad/ Provincia: Miranda de Ebro.\n", "Miranda de Ebro", "CITY"),
        ("es_field_pais", "País de nacimiento: Perú.\n", "Perú", "COUNTRY"),
        ("es_field_fecha", "Fecha de Ingreso: 2016-12-12.\n", "2016-12-12", "DATE"),
    ],
)
def test_spanish_rule_finds_its_value(rules_es, rule, text, value, label):
    doc = rules_es(text)
    hits = [(doc.text[s.start_char:s.end_char], s.label_, s.id_.split(":")[0]) for s in doc.spans["phi_rules"]]
    assert (value, label, rule) in hits


@pytest.mark.parametrize(
    "rule,text",
    [
        ("es_nhc", "La historia clínica del paciente es extensa."),
        ("es_nass", "NASS: pendiente."),
        ("es_ncol", "Colegio de médicos 2015"),
        ("es_episodio", "Un episodio de fiebre de 3 días."),
        ("es_dni", "con 12345678A en el registro"),  # wrong check letter, no DNI word
        ("es_dni_context", "DNI: no aportado."),
        ("es_cp", "CP: 123."),
        ("es_cp_city", "Recibió 50000 Unidades"),  # a count before its unit
        ("es_cp_city", "Código 99001 Madrid"),  # 99 is no province
        ("es_phone_context", "Teléfono: no consta"),
        ("es_phone_shape", "glucemia de 169 mg/dl y 456 mg/dl"),
        ("es_date_numeric", "tensión 120/80/60 y ratio 1/2"),
        ("es_date_written", "de mayo a junio"),
        ("es_date_short_month", "dosis 3-mar"),
        ("es_age_field", "Edad gestacional desconocida"),
        ("es_age_de_anos", "Tratamiento de 5 años de duración"),
        ("es_country", "Hospital Clínico Universidad de Chile y Hospital San José"),
        ("es_city_after_cp", "Recuento de 25000 Plaquetas por microlitro"),
        ("es_field_nombre", "El nombre: del fármaco se omite"),  # not at a line start
        ("es_field_domicilio", "Domicilio:\nCalle"),  # no value on the line
        ("es_field_localidad", "Localidad/ Provincia: Tolosa, Gipuzkoa.\n"),  # two places: the NER decides
        ("es_field_pais", "País: 123.\n"),
        ("es_field_fecha", "Fecha de nacimiento: desconocida.\n"),
    ],
)
def test_spanish_rule_leaves_look_alikes(rules_es, rule, text):
    doc = rules_es(text)
    assert [s for s in doc.spans["phi_rules"] if s.id_.split(":")[0] == rule] == []


def test_every_spanish_rule_has_a_native_label_and_a_test():
    source = Path(__file__).read_text(encoding="utf-8")
    for rule in spanish_rules():
        assert rule.id in NATIVE_LABEL_BY_RULE or rule.id in ("es_phone_context", "es_phone_shape")
        assert f'("{rule.id}",' in source, f"no test for {rule.id}"
    assert set(NATIVE_LABEL_BY_RULE.values()) <= set(MEDDOCAN_LABELS)


def test_dni_and_postcode_validators():
    assert is_dni_or_nie("12345678Z") and is_dni_or_nie("12.345.678-Z") and is_dni_or_nie("X1234567L")
    assert not is_dni_or_nie("12345678A") and not is_dni_or_nie("X12345678L") and not is_dni_or_nie("1234567Z")
    assert is_spanish_postcode("28001") and is_spanish_postcode("01001") and is_spanish_postcode("52006")
    assert not is_spanish_postcode("53001") and not is_spanish_postcode("00123") and not is_spanish_postcode("2800")


def test_an_english_pipeline_keeps_the_english_rules():
    nlp_en = spacy_phi.rules_pipeline("en", surrogates=False)
    ids = set(nlp_en.get_pipe("phi_rules").rule_ids)
    assert not any(rule_id.startswith("es_") for rule_id in ids)
    assert "phone_us" in ids


# -- surrogates -------------------------------------------------------------------------

def test_spanish_dates_keep_their_format_and_read_day_first():
    assert parse_date("03/04/2015", "es").date == dt.date(2015, 4, 3)
    assert parse_date("3 de marzo de 2015", "es").date == dt.date(2015, 3, 3)
    assert shift_date_text("03/03/1946", 40, lang="es") == "12/04/1946"
    assert shift_date_text("12/12/2016", 40, lang="es") == "21/01/2017"
    assert shift_date_text("3 de marzo de 2015", 40, lang="es") == "12 de abril de 2015"
    assert shift_date_text("Marzo de 2015", 40, lang="es") == "Abril de 2015"
    assert shift_date_text("12-ene-2015", 40, lang="es") == "21-feb-2015"
    assert shift_date_text("lunes 3 de marzo de 2014", 40, lang="es") == "sábado 12 de abril de 2014"
    # English unchanged: month first
    assert shift_date_text("03/04/2015", 40) == "04/13/2015"


def test_spanish_names_places_and_consistency():
    gen = SurrogateGenerator(SECRET, "patient-1", lang="es")
    person = gen.surrogate("PATIENT", "Ernesto Rivera Bueno")
    assert len(person.split()) == 3 and person != "Ernesto Rivera Bueno"
    given, *family = person.split()
    assert given in es_surrogates.given_names()["M"]  # Ernesto is a male name: the surrogate too
    assert all(word in es_surrogates.surnames() for word in family)
    # the same surname later in the note gets the same surrogate
    assert gen.surrogate("PATIENT", "Rivera") == family[0]
    assert spanish_name_of(gen.surrogate("DOCTOR", "María López")) == "F"
    assert gen.surrogate("CITY", "Madrid") in es_surrogates.provinces()
    assert gen.surrogate("CITY", "Madrid") != "Madrid"
    assert gen.surrogate("COUNTRY", "España") in es_surrogates.countries()
    zip_code = gen.surrogate("ZIP", "28016")
    assert re.fullmatch(r"\d{5}", zip_code) and is_spanish_postcode(zip_code)
    street = gen.surrogate("STREET", "Calle Miguel Benitez 90, 2º B")
    assert re.fullmatch(r"Calle \S+ \S+ \d{2}, \dº B", street) and "Benitez" not in street
    assert gen.surrogate("STREET", "c/ del Abedul 5-7").startswith("c/ del ")
    hospital = gen.surrogate("HOSPITAL", "Hospital Universitario Rey Juan Carlos")
    assert hospital.startswith("Hospital Universitario ") and "Juan" not in hospital
    # a new generator with the same secret and key gives the same values
    again = SurrogateGenerator(SECRET, "patient-1", lang="es")
    assert again.surrogate("PATIENT", "Ernesto Rivera Bueno") == person
    assert SurrogateGenerator(SECRET, "patient-2", lang="es").surrogate("PATIENT", "Ernesto Rivera Bueno") != person


def spanish_name_of(full_name):
    return es_surrogates.spanish_name_sex(full_name.split()[0])


def test_phi_surrogates_takes_the_pipeline_language(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())
    nlp = blank_pipeline("es")
    nlp.add_pipe("phi_surrogates")
    assert nlp.get_pipe("phi_surrogates").settings["lang"] == "es"
    doc = nlp.make_doc("Ingresó el 3 de marzo de 2015 en Madrid.")
    # A fixed record key: without one the date shift is random, and a shift can keep the month.
    doc.user_data[RECORD_ID_FIELD] = "nota-1"
    doc.ents = [doc.char_span(11, 29, "DATE"), doc.char_span(33, 39, "CITY")]
    doc = nlp.get_pipe("phi_surrogates")(doc)
    assert re.fullmatch(r"Ingresó el \d{1,2} de [a-z]+ de 20\d\d en [\w ]+\.", doc._.deidentified)
    assert "Madrid" not in doc._.deidentified and "3 de marzo de 2015" not in doc._.deidentified
    en = blank_pipeline("en")
    en.add_pipe("phi_surrogates")
    assert en.get_pipe("phi_surrogates").settings["lang"] == "en"


# -- labels and native-label components ------------------------------------------------

def test_native_scheme_keeps_meddocan_labels_and_maps_to_ours():
    assert map_label("SEXO_SUJETO_ASISTENCIA", "meddocan_native") == "SEXO_SUJETO_ASISTENCIA"
    assert meddocan_to_i2b2("SEXO_SUJETO_ASISTENCIA") is None
    assert meddocan_to_i2b2("TERRITORIO", "28016") == "ZIP"
    assert meddocan_to_i2b2("TERRITORIO", "Madrid") == "CITY"
    assert meddocan_to_i2b2("NOT_A_LABEL") is None
    for label in MEDDOCAN_LABELS:
        ours = meddocan_to_i2b2(label, "x")
        assert ours is None or NATIVE_LABEL_BY_LABEL[ours] in MEDDOCAN_LABELS


def _with_ner(nlp, text, ents):
    """Run the pipeline with `ents` (char offsets, MEDDOCAN labels) as the NER's output."""
    doc = nlp.make_doc(text)
    doc.ents = [doc.char_span(s, e, label) for s, e, label in ents]
    for name, pipe in nlp.pipeline:
        doc = pipe(doc)
    return doc


@pytest.mark.parametrize("policy", ["ner_first", "merged"])
def test_native_labels_components(monkeypatch, policy):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())
    nlp = blank_pipeline("es")
    nlp.add_pipe("phi_native_ner")
    nlp.add_pipe("phi_sentencizer")
    spacy_phi.add_phi_components(nlp, surrogate_settings={"default_mode": "tag"})
    nlp.add_pipe("phi_native_labels", after="phi_merge", config={"policy": policy})
    text = "Paciente: Ana Ruiz. Sexo: M. NHC: 368503. Vive en Madrid."
    doc = _with_ner(nlp, text, [(10, 18, "NOMBRE_SUJETO_ASISTENCIA"), (26, 27, "SEXO_SUJETO_ASISTENCIA"),
                                (50, 56, "TERRITORIO")])
    native = {(s.start_char, s.end_char, s.label_) for s in doc.spans[MEDDOCAN_GROUP]}
    assert native == {(10, 18, "NOMBRE_SUJETO_ASISTENCIA"), (26, 27, "SEXO_SUJETO_ASISTENCIA"),
                      (34, 40, "ID_SUJETO_ASISTENCIA"), (50, 56, "TERRITORIO")}
    # sex is not PHI: it is not replaced; the rule's NHC and the NER's names are
    assert {e.label_ for e in doc.ents} == {"PATIENT", "MEDICALRECORD", "CITY"}
    assert doc._.deidentified == "Paciente: [**PATIENT**]. Sexo: M. NHC: [**MEDICALRECORD**]. Vive en [**CITY**]."
    assert [s.label_ for s in doc.spans[NATIVE_NER_GROUP]] == [
        "NOMBRE_SUJETO_ASISTENCIA", "SEXO_SUJETO_ASISTENCIA", "TERRITORIO"]


def test_native_labels_policies_differ_on_extents(monkeypatch):
    """ner_first keeps the NER's extent; merged writes the union phi_merge made."""
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())
    docs = {}
    for policy in ("ner_first", "merged"):
        nlp = blank_pipeline("es")
        nlp.add_pipe("phi_native_ner")
        spacy_phi.add_phi_components(nlp, surrogates=False)
        nlp.add_pipe("phi_native_labels", after="phi_merge", config={"policy": policy})
        # the NER takes "Edad: 70" short; the rule finds "70 años"
        docs[policy] = _with_ner(nlp, "Edad: 70 años.", [(6, 8, "EDAD_SUJETO_ASISTENCIA")])
    assert [(s.text, s.label_) for s in docs["ner_first"].spans[MEDDOCAN_GROUP]] == [("70", "EDAD_SUJETO_ASISTENCIA")]
    assert [(s.text, s.label_) for s in docs["merged"].spans[MEDDOCAN_GROUP]] == [("70 años", "EDAD_SUJETO_ASISTENCIA")]
    with pytest.raises(ValueError):
        spacy.blank("es").add_pipe("phi_native_labels", config={"policy": "other"})


# -- a tiny Spanish pipeline from the config ---------------------------------------------

NAMES = ["Rivera", "Bueno", "Navarro", "Cuéllar", "Garrido", "Soto", "Lozano", "Ibáñez"]


def _example(nlp, rng):
    name = f"{rng.choice(NAMES)} {rng.choice(NAMES)}"
    number = "".join(str(rng.randint(0, 9)) for _ in range(6))
    text = f"Nombre: {name}.\nNHC: {number}.\nSexo: {rng.choice('HM')}.\nInforme del paciente."
    doc = nlp.make_doc(text)
    start = text.index(name)
    nhc = text.index(number)
    sex = text.index("Sexo: ") + 6
    doc.ents = [doc.char_span(start, start + len(name), "NOMBRE_SUJETO_ASISTENCIA"),
                doc.char_span(nhc, nhc + 6, "ID_SUJETO_ASISTENCIA"),
                doc.char_span(sex, sex + 1, "SEXO_SUJETO_ASISTENCIA")]
    return Example(nlp.make_doc(text), doc)


@pytest.mark.slow
def test_tiny_spanish_pipeline_from_config_assembles_with_native_labels(tmp_path, monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())
    config = load_config(ROOT / "configs" / "cnn_es.cfg", interpolate=True)
    fix_random_seed(0)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    assert nlp.lang == "es" and nlp.pipe_names == ["tok2vec", "ner", "phi_sentencizer"]
    rng = random.Random(0)
    train = [_example(nlp, rng) for _ in range(24)]
    optimizer = nlp.initialize(lambda: train)
    for _ in range(12):
        for i in range(0, len(train), 8):
            nlp.update(train[i:i + 8], sgd=optimizer, drop=0.0)
    nlp.to_disk(tmp_path / "ner")

    from spacy_phi.models.assemble import assemble_pipeline

    assembled = assemble_pipeline(tmp_path / "ner")
    assert assembled.pipe_names == ["tok2vec", "ner", "phi_native_ner", "phi_sentencizer", "phi_rules", "phi_known",
                                    "phi_guard", "phi_propagate", "phi_merge", "phi_native_labels", "phi_surrogates"]
    assert "Spanish" in assembled.meta["description"]
    assembled.to_disk(tmp_path / "es_phi_deid")
    nlp2 = spacy.load(tmp_path / "es_phi_deid")
    gold = _example(nlp2, random.Random(7)).reference
    doc = nlp2(gold.text)
    native = {(s.start_char, s.end_char, s.label_) for s in doc.spans[MEDDOCAN_GROUP]}
    assert {(e.start_char, e.end_char, e.label_) for e in gold.ents} == native
    assert "SEXO_SUJETO_ASISTENCIA" not in {e.label_ for e in doc.ents}
    name = next(e.text for e in gold.ents if e.label_ == "NOMBRE_SUJETO_ASISTENCIA")
    assert name not in doc._.deidentified
    spanish_words = set(es_surrogates.surnames()) | set(es_surrogates.given_names()["M"]) | set(
        es_surrogates.given_names()["F"])
    surrogate = doc._.deidentified.split("\n")[0][len("Nombre: "):].rstrip(".").split()
    assert len(surrogate) == 2 and all(word in spanish_words for word in surrogate)


# -- guard -------------------------------------------------------------------------------

def _guarded(lang, text, start, end, label):
    nlp = blank_pipeline(lang)
    spacy_phi.add_phi_components(nlp, surrogates=False)
    doc = nlp.make_doc(text)
    doc.spans["phi_ner"] = [doc.char_span(start, end, label)]
    doc.user_data["phi_ner_captured"] = True
    for _, pipe in nlp.pipeline:
        doc = pipe(doc)
    return [e.text for e in doc.ents], [s.kb_id_ for s in doc.spans.get("phi_vetoed", [])]


def test_spanish_guard_judges_spanish_common_words():
    from spacy_phi.lexicon.common_words_es import spanish_common_words

    words = spanish_common_words()
    assert len(words) > 5000 and "fiebre" in words and "paciente" in words
    # no Spanish name or place, nor a word MEDDOCAN annotates as PHI, is a common word
    assert not {"madrid", "pilar", "rosa", "sierra", "mar", "garcía"} & words
    # "Fiebre" at a line start is an ordinary Spanish word: vetoed in Spanish, not in English
    assert _guarded("es", "Fiebre alta.", 0, 6, "CITY") == ([], ["guard:common_word/ordinary_words"])
    # (alone: in English "alta" is a census given name, which the lower-case name pattern marks)
    assert _guarded("en", "Fiebre.", 0, 6, "CITY") == (["Fiebre"], [])
    assert _guarded("es", "Sierra.", 0, 6, "CITY") == (["Sierra"], [])


def test_native_ner_spans_lose_edge_punctuation_and_titles(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())
    nlp = blank_pipeline("es")
    nlp.add_pipe("phi_native_ner")
    spacy_phi.add_phi_components(nlp, surrogates=False)
    nlp.add_pipe("phi_native_labels", after="phi_merge")
    text = "Remitido por la Doctora Marta Gil. Vive en Miranda de Ebro.\nSexo: H."
    doc = _with_ner(nlp, text, [(16, 34, "NOMBRE_PERSONAL_SANITARIO"), (43, 59, "TERRITORIO")])
    assert [(s.text, s.label_) for s in doc.spans[MEDDOCAN_GROUP]] == [
        ("Marta Gil", "NOMBRE_PERSONAL_SANITARIO"), ("Miranda de Ebro", "TERRITORIO")]
    assert [e.text for e in doc.ents] == ["Marta Gil", "Miranda de Ebro"]


def test_authoritative_rules_replace_the_ner_extent(monkeypatch):
    """A header field found by a rule precise on the training split wins over an
    NER span that overlaps it; other NER spans stay as they are."""
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())
    nlp = blank_pipeline("es")
    nlp.add_pipe("phi_native_ner")
    spacy_phi.add_phi_components(nlp, surrogates=False)
    nlp.add_pipe("phi_native_labels", after="phi_merge")
    text = "Apellidos: Rivera Bueno.\nLocalidad/ Provincia: Miranda de Ebro.\nDolor torácico."
    doc = _with_ner(nlp, text, [(11, 17, "NOMBRE_PERSONAL_SANITARIO"), (47, 54, "TERRITORIO")])
    assert [(s.text, s.label_) for s in doc.spans[MEDDOCAN_GROUP]] == [
        ("Rivera Bueno", "NOMBRE_SUJETO_ASISTENCIA"), ("Miranda de Ebro", "TERRITORIO")]


def test_relatives_named_by_kinship_words_are_not_replaced(monkeypatch):
    monkeypatch.setenv("SPACY_PHI_SECRET", SECRET.decode())
    nlp = blank_pipeline("es")
    nlp.add_pipe("phi_native_ner")
    spacy_phi.add_phi_components(nlp, surrogate_settings={"default_mode": "tag"})
    nlp.add_pipe("phi_native_labels", after="phi_merge")
    text = "Madre de 40 años. Su hermana Carmen Ruiz vino."
    doc = _with_ner(nlp, text, [(0, 5, "FAMILIARES_SUJETO_ASISTENCIA"), (29, 40, "FAMILIARES_SUJETO_ASISTENCIA")])
    assert [(s.text, s.label_) for s in doc.spans[MEDDOCAN_GROUP]] == [
        ("Madre", "FAMILIARES_SUJETO_ASISTENCIA"), ("Carmen Ruiz", "FAMILIARES_SUJETO_ASISTENCIA")]
    assert doc._.deidentified.startswith("Madre de") and "[**PATIENT**] vino" in doc._.deidentified


def test_spanish_note_reference_date_skips_the_birth_date():
    from spacy_phi.surrogates.generator import note_reference_date

    text = "Fecha de nacimiento: 03/03/1946.\nFecha de Ingreso: 12/12/2016."
    spans = [(21, 31, "DATE"), (51, 61, "DATE")]
    assert text[21:31] == "03/03/1946" and text[51:61] == "12/12/2016"
    assert note_reference_date(text, spans, "es") == dt.date(2016, 12, 12)
    # English reads neither the Spanish cue nor day-first dates
    assert note_reference_date(text, spans) == dt.date(1946, 3, 3)


@pytest.mark.parametrize(
    "text,value,label,expected",
    [
        # a name that ran on into the institution after it
        ("Responsable clínico: Maria Subirana Domènech Institut de Medicina Legal de Catalunya",
         "Maria Subirana Domènech Institut de Medicina Legal", "NOMBRE_PERSONAL_SANITARIO", "Maria Subirana Domènech"),
        # a hospital that ran on into its street, a town into the phone field
        ("Servicio de Radiología. Hospital de Terrassa Avinguda Diagonal, 660, 08034 Barcelona",
         "Hospital de Terrassa Avinguda Diagonal, 660", "HOSPITAL", "Hospital de Terrassa"),
        ("09200 Miranda de Ebro. Burgos Tel.: 947 349 000", "Burgos Tel.", "TERRITORIO", "Burgos"),
        # kept whole: a stop word after "del" is part of the name, and a street called "Correo"
        ("Hospital Virgen del Camino, Pamplona", "Hospital Virgen del Camino", "HOSPITAL", "Hospital Virgen del Camino"),
        ("Domicilio: Calle Correo 29, 5,1.", "Calle Correo 29, 5,1", "CALLE", "Calle Correo 29, 5,1"),
    ],
)
def test_a_native_span_is_cut_at_the_next_field(nlp_es, text, value, label, expected):
    from spacy_phi.native_labels import cut_at_next_field

    doc = nlp_es.make_doc(text)
    start = text.index(value)
    span = doc.char_span(start, start + len(value), label=label)
    assert cut_at_next_field(span).text == expected


@pytest.mark.parametrize(
    "text,value,expected",
    [
        ("C/ La Dehesa s/n. 24411 Ponferrada León e-mail", "Ponferrada León", ["Ponferrada", "León"]),
        ("José Achotegui s/n 01009 Vitoria-Gasteiz Álava. España", "Vitoria-Gasteiz Álava", ["Vitoria-Gasteiz", "Álava"]),
        ("CP 66260 Monterrey, Nuevo León, México", "Nuevo León", ["Nuevo León"]),
        ("Localidad/ Provincia: Santiago de Compostela, A Coruña.", "A Coruña", ["A Coruña"]),
        ("Localidad/ Provincia: México DF.", "México DF", ["México DF"]),
    ],
)
def test_a_territory_is_split_before_a_province_it_runs_on_into(nlp_es, text, value, expected):
    from spacy_phi.native_labels import split_places

    doc = nlp_es.make_doc(text)
    start = text.index(value)
    span = doc.char_span(start, start + len(value), label="TERRITORIO")
    assert [piece.text for piece in split_places(span)] == expected


def _span(doc, text, value, label, occurrence=0):
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(value, start + 1)
    return doc.char_span(start, start + len(value), label=label)


@pytest.mark.parametrize(
    "text,value,occurrence,expected",
    [
        ("Avda. José Angel Lamas. Caracas. Venezuela e-mail", "Venezuela", 0, "PAIS"),
        ("Colonia Valle, Estado de México. México e-mail", "México", 0, "TERRITORIO"),  # "Estado de México"
        ("Colonia Valle, Estado de México. México e-mail", "México", 1, "PAIS"),
        ("04030 México D.F. México E-mail", "México", 0, "TERRITORIO"),  # the city, not the country
        ("Entre 2001 y 2005, el niño fue intervenido", "2001", 0, "FECHAS"),
        ("Avenida de Italia 1460, 2000, Rosario. Argentina", "2000", 0, "TERRITORIO"),  # a postcode before its town
        ("(Dacortin 30 mg, Merck, Barcelona)", "Merck", 0, "INSTITUCION"),
        ("09200 Miranda de Ebro. Burgos", "Burgos", 0, "TERRITORIO"),
    ],
)
def test_a_native_place_is_relabelled_when_meddocan_labels_it_otherwise(nlp_es, text, value, occurrence, expected):
    from spacy_phi.native_labels import relabel_native

    doc = nlp_es.make_doc(text)
    assert relabel_native(_span(doc, text, value, "TERRITORIO", occurrence)).label_ == expected


@pytest.mark.parametrize(
    "text,value,label,expected",
    [
        ("09200 Miranda de Ebro. Burgos Tel.: 947 349 000", "Burgos", "INSTITUCION", "TERRITORIO"),
        ("Gran Vía, 111. Barcelona 08014 E-mail", "08014", "NUMERO_TELEFONO", "TERRITORIO"),
        ("Código Postal 03020. México, D.F. Teléfono", "D.F.", "INSTITUCION", "TERRITORIO"),
        ("Tel.: 947 349 000", "947 349 000", "NUMERO_TELEFONO", "NUMERO_TELEFONO"),
        ("Hospital Clínico de Valencia", "Hospital Clínico de Valencia", "HOSPITAL", "HOSPITAL"),
    ],
)
def test_a_lone_place_is_a_territory_whatever_label_the_ner_gave_it(nlp_es, text, value, label, expected):
    from spacy_phi.native_labels import relabel_native

    doc = nlp_es.make_doc(text)
    assert relabel_native(_span(doc, text, value, label)).label_ == expected


@pytest.mark.parametrize(
    "text,value,expected",
    [
        ("Hospital de Getafe Carretera Toledo 28905 Getafe (Madrid)", "Carretera Toledo 28905",
         [("Carretera Toledo", "CALLE"), ("28905", "TERRITORIO")]),
        ("Domicilio: Calle Cruz del Rayo 86.", "Calle Cruz del Rayo 86", [("Calle Cruz del Rayo 86", "CALLE")]),
        ("Apartado de Correos 20134 Donostia", "Apartado de Correos 20134", [("Apartado de Correos 20134", "CALLE")]),
    ],
)
def test_a_street_that_ran_on_into_the_postcode_is_split(nlp_es, text, value, expected):
    from spacy_phi.native_labels import split_street_postcode

    doc = nlp_es.make_doc(text)
    start = text.index(value)
    span = doc.char_span(start, start + len(value), label="CALLE")
    assert [(piece.text, piece.label_) for piece in split_street_postcode(span)] == expected


@pytest.mark.parametrize(
    "text,street,number,expected",
    [
        # a house number the NER took for a postcode: no town follows it
        ("Hospital José Ramón Vidal. C/ Necochea, 1050. 3400 Corrientes", "C/ Necochea", "1050", ["C/ Necochea, 1050"]),
        # a postcode: its town follows
        ("Calle Santa María 0500 Providencia. Santiago", "Calle Santa María", "0500", ["Calle Santa María", "0500"]),
        # the street has its number already
        ("C/ Diego de León 62, 2806. Madrid", "C/ Diego de León 62", "2806", ["C/ Diego de León 62", "2806"]),
    ],
)
def test_a_street_and_its_house_number_are_joined(nlp_es, text, street, number, expected):
    from spacy_phi.native_labels import join_street_number

    doc = nlp_es.make_doc(text)
    spans = [_span(doc, text, street, "CALLE"), _span(doc, text, number, "TERRITORIO")]
    assert [span.text for span in join_street_number(spans)] == expected


def test_family_doctor_and_runaway_streets_are_no_entities(nlp_es):
    from spacy_phi.native_labels import is_not_an_entity

    text = "Lo trató su médico de familia. Su familia vive en la calle Mayor 3."
    doc = nlp_es.make_doc(text)
    assert is_not_an_entity(_span(doc, text, "familia", "FAMILIARES_SUJETO_ASISTENCIA"))
    assert not is_not_an_entity(_span(doc, text, "familia", "FAMILIARES_SUJETO_ASISTENCIA", occurrence=1))
    assert not is_not_an_entity(_span(doc, text, "calle Mayor 3", "CALLE"))
    prose = ("Natalia Ontiveros Palacios, ademas posee antecedentes de hipertensión arterial, "
             "apendicectomía, colecistectomía y herniorrafia inguinal")
    doc = nlp_es.make_doc(prose)
    assert is_not_an_entity(doc.char_span(0, len(prose), label="CALLE"))


@pytest.mark.parametrize(
    "text,value,label,expected",
    [
        # a dotted abbreviation keeps its dot, a quoted name its closing quote
        ("04030 México D.F. México E-mail", "México D.F.", "TERRITORIO", "México D.F."),
        ('Servicio de Urología. Hospital Regional Universitario "Carlos Haya". Avda.', 'Hospital Regional Universitario "Carlos Haya".',
         "HOSPITAL", 'Hospital Regional Universitario "Carlos Haya"'),
        ("Vive en Burgos.", "Burgos.", "TERRITORIO", "Burgos"),
    ],
)
def test_trimming_keeps_the_dot_of_an_abbreviation_and_a_closing_quote(nlp_es, text, value, label, expected):
    from spacy_phi.native_labels import trim_span

    doc = nlp_es.make_doc(text)
    span = _span(doc, text, value, label)
    assert trim_span(span).text == expected


@pytest.mark.parametrize(
    "text,value,expected",
    [
        ("Localidad/ Provincia: Monterrey. Nvo León. | CP: 66260.", "Monterrey. Nvo León", ["Monterrey", "Nvo León"]),
        ("Domicilio: Col. San Lucas Coyoacán 04030", "Col. San Lucas Coyoacán", ["Col. San Lucas Coyoacán"]),
    ],
)
def test_a_territory_is_split_at_a_full_stop_between_places(nlp_es, text, value, expected):
    from spacy_phi.native_labels import split_at_period

    doc = nlp_es.make_doc(text)
    assert [piece.text for piece in split_at_period(_span(doc, text, value, "TERRITORIO"))] == expected
