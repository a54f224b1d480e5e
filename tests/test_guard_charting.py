"""ICU charting that a tagger reads as a name, place or institution: a dose's
unit after its slash, a state's code beside a lab value or alone as an
institution, nursing shorthand and charting systems, and charting phrases in
capitals tagged as institutions. Addresses, institutions and names stay."""

from __future__ import annotations

import pytest
import spacy

from guard_helpers import CASED, guard_one_span, guard_pipeline

#: A note typed in capitals around the span.
CAPS = "PT AWAKE, NO DISTRESS; "

VETOED = [
    (CAPS + "LEVO AT 5MCG/KG/MIN, SBP 90", "MIN", "DOCTOR", "guard:abbreviation/unit_after_slash"),
    (CAPS + "SLOWLY INC TO 30MC/KG WITH GOOD EFFECT", "KG", "DOCTOR", "guard:abbreviation/unit_after_slash"),
    (CASED + "integrilin at 2mcg/k/min, dc at 0900", "min", "DOCTOR", "guard:abbreviation/unit_after_slash"),
    (CAPS + "LYTES: NA 140, CA 8.9, MG 2.0", "CA", "STATE", "validator:state_abbreviation_without_address/no_address"),
    (CAPS + "BY FICK, CO 4.5 CI 2.1", "CO", "STATE", "guard:abbreviation/state_code_as_lab"),
    (CAPS + "K, CA, AND MAG REPLETED", "CA", "STATE", "guard:abbreviation/state_code_as_lab"),
    (CAPS + "NEG I&O 670CC AT MN. RESP: ON PS", "MN", "HOSPITAL", "guard:abbreviation/state_code_as_institution"),
    (CASED + "ABGs are charted, please refer to Carevue for details.", "Carevue", "CITY", "validator:medical_or_brand_words/place"),  # a charting system of the brand list
    (CAPS + "ID: AFEB. GI: TOL TF", "AFEB", "DOCTOR", "guard:common_word/ordinary_words"),
    (CAPS + "SX FOR THICK YELLOW SPUTUM, LS CLEAR", "THICK YELLOW SPUTUM", "ORGANIZATION", "guard:common_word/ordinary_words"),
    (CAPS + "PLAN TO PULL SWAN TODAY", "SWAN TODAY", "HOSPITAL", "validator:medical_or_brand_words/name"),  # the Swan-Ganz catheter, a product of the brand list
    (CAPS + "WILL WAKE THIS AM", "WAKE THIS", "ORGANIZATION", "guard:common_word/ordinary_words"),
    (CAPS + "GOOD ABGS ON CURRENT SETTINGS", "GOOD ABGS", "DOCTOR", "guard:common_word/ordinary_words"),
    # a reading's qualifier between its measure word and its value
    (CAPS + "ID- TEMP MAX 99.8 THIS AM. CONT AMBISONE", "MAX", "PATIENT", "guard:abbreviation/reading_qualifier"),
    (CAPS + "ID: T(MAX)98.7(PO). AM LABS PENDING", "MAX", "PATIENT", "guard:abbreviation/reading_qualifier"),
    (CAPS + "ID: TEMP MAX 100-100.4 FOUL SMELLING STOOL", "TEMP MAX", "DOCTOR", "guard:abbreviation/reading_qualifier"),
    # a ventilator mode in its setting or its change
    (CASED + "Intubated, attempted to change settings from AC to SIMV with RR 12", "AC", "CITY", "guard:abbreviation/ventilator_mode"),
    (CASED + "patient weaned from PS 15 to 10 this evening", "PS", "CITY", "guard:abbreviation/ventilator_mode"),
    # a system's heading glued to what it charts; a lab and its value
    (CAPS + "TAKING LIQUIDS  GU-FOLEY-DIURESING NEG 2.4L", "GU-FOLEY-DIURESING", "DOCTOR", "guard:abbreviation/system_heading_glued"),
    (CASED + "slept well.  CV-Milrinone at .375mcg/kg/min, SBP 65", "CV-Milrinone", "DOCTOR", "guard:abbreviation/system_heading_glued"),
    (CASED + "hr 60's sr with pvc's. k+3.6-> rec'd 40meq kcl", "k+3.6-", "PATIENT", "guard:abbreviation/lab_with_its_value"),
    # the line at its site
    (CAPS + "ACCESS: LSC QUENTIN, RSC CL.", "LSC QUENTIN", "DOCTOR", "guard:abbreviation/line_at_its_site"),
    (CAPS + "ACCESS: R IJ QUINTON, L RAD ALINE.", "QUINTON", "DOCTOR", "guard:abbreviation/line_at_its_site"),
    (CASED + "Family: Neice called and was updated on plan.", "Neice", "PATIENT", "guard:common_word/relative_word"),
    # an ICU drip cut short, a name too
    (CASED + "Currently on Neo, titrating for SBP > 90", "Neo", "DATE", "validator:date_without_date_word/no_date_word"),
    # half of a staff role of two words
    (CAPS + "FAMILY IN AND SPOKE WITH HOUSE STAFF REGARDING PLAN.", "HOUSE", "ORGANIZATION", "guard:common_word/role_phrase"),
    (CAPS + "EXAMINED FREQUENTLY BY HOUSE OFFICER; NO CHANGE", "HOUSE", "DOCTOR", "guard:common_word/role_phrase"),
    # a relative word alone, and nursing shorthand a name list holds too
    (CAPS + "PT'S DAUGHTER AND SON AT THE BEDSIDE.", "SON", "PATIENT", "guard:common_word/relative_word"),
    (CASED + "Spoke with wife, Son and sister at bedside.", "Son", "PATIENT", "guard:common_word/relative_word"),
    (CAPS + "SOCIAL: DAUGHTER & SON-IN-LAW PRESENT.", "SON-IN-LAW", "PATIENT", "guard:common_word/relative_word"),
    (CAPS + "PUPILS EQUAL AND REACTIVE AND PT. MAE AT THIS TIME.", "MAE", "PATIENT", "validator:medical_or_brand_words/name"),
]


@pytest.mark.parametrize("text,value,label,reason", VETOED)
def test_charting_is_vetoed(text, value, label, reason):
    kept, vetoed = guard_one_span(guard_pipeline(), text, value, label)
    assert kept == [] and vetoed == [(value, reason)]


KEPT = [
    (CASED + "Lives in Oakland, CA 94607 with wife.", "CA", "STATE"),  # a ZIP after the code
    (CASED + "Moved from Denver, CO last year.", "CO", "STATE"),  # after a city
    ("ADDRESS: 12 Elm Rd\n Parma , OH  441\u04174\n", "OH", "STATE"),  # a ZIP with a look-alike letter
    (CAPS + "IHS CASE MANAGER CALLED", "IHS", "ORGANIZATION"),  # two letters and an S: initials
    (CAPS + "TRANSFERRED FROM MN LAST WEEK", "MN", "HOSPITAL"),  # the state itself
    (CASED + "Seen by Dr. Min today.", "Min", "DOCTOR"),  # a name, no slash before it
    (CAPS + "DAUGHTER KIM/MIN VISITED", "MIN", "PATIENT"),  # a name after a name's slash
    (CASED + "Completed by: Bailey Endo", "Endo", "DOCTOR"),  # a surname, no shorthand
    (CAPS + "ENDO--BS 95. NO COVERAGE", "ENDO", "DOCTOR"),  # a surname as well as the service
    (CAPS + "GROUNDSKEEPER AT TARGET", "TARGET", "ORGANIZATION"),  # a workplace
    (CAPS + "EMS: BRAVO AMBULANCE CREW AT BEDSIDE", "BRAVO AMBULANCE", "ORGANIZATION"),  # no charting word
    ("PIEDMONT VALLEY ORTHOPAEDICS & SPORTS MEDICINE\n1450 Peachtree Rd", "PIEDMONT VALLEY ORTHOPAEDICS & SPORTS MEDICINE", "HOSPITAL"),
    (CAPS + "LEAVE QUENTIN IN FOR NOW", "LEAVE QUENTIN", "DOCTOR"),  # a name that is no word
    (CAPS + "SON MAX CALLED FROM WORK", "MAX", "PATIENT"),  # no reading around it
    (CAPS + "SPOKE WITH DR HOUSE REGARDING PLAN", "HOUSE", "DOCTOR"),  # a title, no role after it
    (CASED + "Son drove her up from AC to Philadelphia last night.", "AC", "CITY"),  # a town, no mode after "to"
    (CASED + "Seen by Dr. Son in clinic.", "Son", "DOCTOR"),  # a title before the relative word
    (CASED + "RIJ placed by Quentin Moss, NP today.", "Quentin Moss", "DOCTOR"),  # a line's site, then a verb
    (CAPS + "SOCIAL-TIA (DAUGHTER) CALLED", "SOCIAL-TIA", "PATIENT"),  # "SOCIAL" opens a relative's name
    (CASED + "Seen by Dr. Ann Cole-Vega today.", "Ann Cole-Vega", "DOCTOR"),  # a hyphenated name, no heading
    (CAPS + "DAUGHTER MAE CALLED FOR UPDATE", "MAE", "PATIENT"),  # a relative before the shorthand
    (CASED + "Her friend Mae Jones visited.", "Mae", "PATIENT"),  # in mixed case the list's capitals do not match
]


@pytest.mark.parametrize("text,value,label", KEPT)
def test_names_places_and_institutions_stay(text, value, label):
    kept, vetoed = guard_one_span(guard_pipeline(), text, value, label)
    assert kept == [value] and vetoed == []


@pytest.mark.parametrize("text,is_lab", [
    ("LYTES: CA 8.9, MG 2.0", True),
    ("BY FICK, CO 4.5 CI 2.1", True),
    ("SON DRIVES UP FROM CA 2 DAYS A WEEK", False),  # a whole number: recall first, no lab value
    ("Oakland, CA 94607", False),  # a ZIP
])
def test_a_state_code_is_a_lab_only_before_a_decimal_value(text, is_lab):
    from spacy_phi.guard.checks.charting import state_code_as_lab

    nlp = spacy.blank("en")
    doc = nlp(text)
    code = next(token for token in doc if token.text in ("CA", "CO"))
    assert state_code_as_lab(doc[code.i:code.i + 1], text, frozenset({"CA", "CO"})) is is_lab
