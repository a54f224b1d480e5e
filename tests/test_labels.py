"""The PHI label scheme and the mappings from other corpora."""

from pathlib import Path

import pytest

from spacy_phi.labels import (
    CATEGORY_LABELS,
    DIRECT_IDENTIFIER_LABELS,
    I2B2_HIPAA_LABELS,
    LABEL_NAMES,
    LABELS,
    MEDDOCAN_MAPPING,
    SAFE_HARBOR_LABELS,
    Category,
    UnknownLabelError,
    category_of,
    is_safe_harbor_phi,
    labels_in,
    map_label,
    parse_age_years,
)

I2B2_2014_TYPES = """PATIENT DOCTOR USERNAME PROFESSION ROOM DEPARTMENT HOSPITAL ORGANIZATION STREET
CITY STATE COUNTRY ZIP LOCATION_OTHER AGE DATE PHONE FAX EMAIL URL IPADDR SSN MEDICALRECORD
HEALTHPLAN ACCOUNT LICENSE VEHICLE DEVICE BIOID IDNUM""".split()


def test_labels_are_the_i2b2_2014_types():
    assert list(LABEL_NAMES) == I2B2_2014_TYPES
    assert len(LABELS) == 30


def test_every_label_has_one_category():
    assert sorted(sum(CATEGORY_LABELS.values(), ())) == sorted(LABEL_NAMES)
    assert CATEGORY_LABELS[Category.NAME] == ("PATIENT", "DOCTOR", "USERNAME")
    assert CATEGORY_LABELS[Category.CONTACT] == ("PHONE", "FAX", "EMAIL", "URL", "IPADDR")
    assert category_of("ZIP") is Category.LOCATION
    assert category_of("LICENSE") is Category.ID
    assert labels_in([Category.AGE, Category.DATE]) == ("AGE", "DATE")
    with pytest.raises(ValueError):
        category_of("PERSON")


def test_i2b2_hipaa_subset_is_the_official_scripts():
    # kotfic/i2b2_evaluation_scripts' HIPAA subset, as listed in seeds-digest.md.
    expected = set(
        "PATIENT AGE CITY STREET ZIP ORGANIZATION DATE PHONE FAX EMAIL SSN MEDICALRECORD "
        "HEALTHPLAN ACCOUNT LICENSE VEHICLE DEVICE BIOID IDNUM".split()
    )
    assert I2B2_HIPAA_LABELS == expected


def test_safe_harbor():
    assert {"DOCTOR", "URL", "IPADDR", "HOSPITAL"} <= SAFE_HARBOR_LABELS
    assert not {"PROFESSION", "STATE", "COUNTRY"} & SAFE_HARBOR_LABELS
    assert "DATE" in DIRECT_IDENTIFIER_LABELS and "PATIENT" not in DIRECT_IDENTIFIER_LABELS


@pytest.mark.parametrize(
    "label,text,expected",
    [
        ("AGE", "89", False),
        ("AGE", "90", True),
        ("AGE", "92yo", True),
        ("AGE", "90s", True),
        ("AGE", "18 months", False),
        ("AGE", "1100 months", True),  # 91.7 years
        ("AGE", "ninety-two", True),  # unreadable: recall first
        ("DATE", "2067", True),
        ("PROFESSION", "plumber", False),
    ],
)
def test_is_safe_harbor_phi(label, text, expected):
    assert is_safe_harbor_phi(label, text) is expected


def test_parse_age_years():
    assert parse_age_years("54yM") == 54
    assert parse_age_years("6 mo") == 0.5
    assert parse_age_years("no digits") is None


@pytest.mark.parametrize(
    "scheme,source,expected",
    [
        ("i2b2_2014", "LOCATION-OTHER", "LOCATION_OTHER"),
        ("i2b2_2014", "medicalrecord", "MEDICALRECORD"),
        ("i2b2_2014", "IDNUM", "IDNUM"),
        ("i2b2_2006", "ID", "IDNUM"),
        ("i2b2_2006", "LOCATION", "LOCATION_OTHER"),
        ("i2b2_2006", "PATIENT", "PATIENT"),
        ("physionet", "PTName", "PATIENT"),
        ("physionet", "PTNameInitial", "PATIENT"),
        ("physionet", "HCPName", "DOCTOR"),
        ("physionet", "RelativeProxyName", "PATIENT"),
        ("physionet", "Location", "LOCATION_OTHER"),
        ("physionet", "DateYear", "DATE"),
        ("physionet", "Other", "IDNUM"),
        ("meddocan", "NOMBRE_SUJETO_ASISTENCIA", "PATIENT"),
        ("meddocan", "NOMBRE_PERSONAL_SANITARIO", "DOCTOR"),
        ("meddocan", "SEXO_SUJETO_ASISTENCIA", None),
        ("meddocan", "CORREO_ELECTRONICO", "EMAIL"),
        ("spacy_phi", "location_other", "LOCATION_OTHER"),
    ],
)
def test_map_label(scheme, source, expected):
    assert map_label(source, scheme) == expected


def test_meddocan_territory_refined_by_text():
    assert map_label("TERRITORIO", "meddocan", "Madrid") == "CITY"
    assert map_label("TERRITORIO", "meddocan", "28036") == "ZIP"


def test_unknown_labels_raise():
    with pytest.raises(UnknownLabelError):
        map_label("PERSON", "i2b2_2014")
    with pytest.raises(ValueError):
        map_label("PATIENT", "no-such-scheme")


def test_every_meddocan_type_in_the_shipped_corpus_is_mapped():
    assets = Path(__file__).resolve().parent.parent / "assets" / "meddocan"
    types = {
        line.split("\t")[1].split(" ")[0]
        for ann in assets.glob("*/*.ann")
        for line in ann.read_text(encoding="utf8").splitlines()
        if line.startswith("T")
    }
    assert len(types) == 22
    assert types <= set(MEDDOCAN_MAPPING)
    for source_type in types:
        mapped = map_label(source_type, "meddocan")
        assert mapped is None or mapped in LABELS
