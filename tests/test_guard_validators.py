"""phi_guard's label validators: a tagger span must be plausible for its label."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

import pytest

from guard_helpers import CASED as _CASED
from guard_helpers import guard_one_span, guard_pipeline

from spacy_phi import blank_pipeline
from spacy_phi.guard.validators import VALIDATED_LABELS
from spacy_phi.spangroups import KNOWN_GROUP, NER_GROUP, RULES_GROUP


@pytest.fixture(scope="module")
def guard_nlp():
    return guard_pipeline()


def vetoed_reason(nlp, text: str, value: str, label: str, group: str = NER_GROUP) -> Optional[str]:
    """Run the guard on one span of `group`; its veto reason or None when kept."""
    kept, vetoed = guard_one_span(nlp, text, value, label, group)
    reasons = [reason for _, reason in vetoed]
    assert (reasons == [] and kept == [value]) or (len(reasons) == 1 and kept == [])
    return reasons[0] if reasons else None


# (text, value, label, reason prefix): the tagger proposed `value` as `label`; vetoed.
VETOED = [
    ("We obtain a lipid panel.", "We obtain", "DATE", "validator:date_without"),
    ("Start Jardiance 10 mg daily.", "Jardiance 10", "DATE", "validator:measurement"),
    ("Disc bulge at L5.", "L5", "DATE", "validator:date_not"),
    ("Mix 1:1:1 solution.", "1:1:1", "DATE", "validator:date_not"),
    ("pain is about a 7/10 today", "7/10", "DATE", "validator:date_not"),
    ("we went hiking this summer", "summer", "DATE", "validator:date_without"),
    ("over the weekend", "the weekend", "DATE", "validator:date_without"),
    ("a dime-sized lesion", "dime-sized", "AGE", "validator:age_without"),
    ("a fan of basketball", "fan of basketball", "AGE", "validator:age_without"),
    ("aged 430 days", "430", "AGE", "validator:age_out_of_range"),
    ("MRN pending", "pending", "MEDICALRECORD", "validator:identifier_without"),
    ("call the nurse line", "nurse line", "PHONE", "validator:identifier_without"),
    ("SSN on file", "on file", "SSN", "validator:identifier_without"),
    ("ZIP code area", "code area", "ZIP", "validator:identifier_without"),
    ("email her today", "her today", "EMAIL", "validator:email"),
    ("see portal", "portal", "URL", "validator:url"),
    ("Ears, Nose, Mouth, and Throat: normal", "Nose", "CITY", "validator:body_part"),
    ("Ears, Nose, Mouth, and Throat: normal", "Mouth", "COUNTRY", "validator:body_part"),
    ("Neck and Chest: clear", "Neck", "LOCATION_OTHER", "validator:body_part"),
    ("MA level was high", "MA", "STATE", "validator:state_abbreviation"),
    ("let us know", "us", "COUNTRY", "validator:country_not"),
    ("sign in here", "in", "STATE", "validator:state_not"),
    ("Patient Denies Fever today", "Denies Fever", "STATE", "validator:state_not"),
    ("Order another lipid panel today.", "lipid panel", "PROFESSION", "validator:profession"),
    ("psychotic features noted", "psychotic features", "PROFESSION", "validator:profession"),
    ("however, she is better", "however", "PROFESSION", "validator:profession"),
    ("takes a multivitamin", "multivitamin", "PROFESSION", "validator:profession"),
    # "is a", "as a", "former" before a habit, a treatment, a person or a hobby
    ("Tobacco: Former smoker. Quit 30 years ago.", "smoker", "PROFESSION", "validator:profession_is_a"),
    ("he is a former smoker.", "former smoker", "PROFESSION", "validator:profession_is_a"),
    ("tried clindamycin topical, as an antibiotic for your acne?", "antibiotic", "PROFESSION", "validator:profession_is_a"),
    ("i'll take it before as a preventative.", "preventative", "PROFESSION", "validator:profession_is_a"),
    ("Interpreted by: Obinna Eze, MD, Pathologist\nSigned", "Pathologist", "HOSPITAL", "validator:generic_clinical_service"),
    ("Referred to Physiotherapist for gait", "Physiotherapist", "ORGANIZATION", "validator:medical_or_brand"),
    ("she uses music as a distraction", "distraction", "PROFESSION", "validator:profession_is_a"),  # by its ending
    ("as a kid i broke my arm", "kid", "PROFESSION", "validator:profession_is_a"),
    ("she is a social drinker", "social drinker", "PROFESSION", "validator:profession_is_a"),
    ("he is a big runner", "big runner", "PROFESSION", "validator:profession_is_a"),
    ("drinks Gatorade daily", "Gatorade", "ORGANIZATION", "validator:medical_or_brand"),
    ("switched to Nexium 40 daily", "Nexium 40", "DEPARTMENT", "validator:medical_or_brand"),
    ("acne vulgaris noted", "vulgaris", "PATIENT", "validator:medical_or_brand"),
    ("wears a Fitbit daily", "Fitbit", "HOSPITAL", "validator:medical_or_brand"),
    ("Demerol was given", "Demerol", "ORGANIZATION", "validator:medical_or_brand"),
    ("Arabic interpreter requested", "Arabic", "CITY", "validator:nationality"),
    ("needs a Haitian Creole interpreter", "Haitian Creole interpreter", "HOSPITAL", "validator:nationality"),
    ("tip in the fifth intercostal space", "fifth intercostal space", "STREET", "validator:street"),
    ("seen by anesthesia", "anesthesia", "USERNAME", "validator:username"),
    ("take 3-4 tablets", "3-4", "DATE", "validator:date_not"),
    ("GFR 58 today", "GFR 58", "DATE", "validator:date_not"),
    ("uses an Apple Watch", "Apple Watch", "CITY", "validator:medical_or_brand"),
    # a lower-case "name" in a note written with capitals
    ("Mr. Kowalczyk admits to a lot of kielbasa. Denies CP.", "kielbasa", "PATIENT", "validator:lower_case_name"),
    ("TF (jevity 1.5) at goal 55 cc/hr. Tolerating well. Residuals low.", "jevity", "PATIENT", "validator:lower_case_name"),
    ("Plan: cont abx, f/u cultures. Transfer to Floor if stable.", "cont abx", "PATIENT", "validator:lower_case_name"),
    ("Letter mailed to addr on file. Called twice.", "addr", "CITY", "validator:lower_case_name"),
    # a possessive is never a name ("wife's" is "wife" + "'s")
    ("works for bro-in-law's co, Mazur Bros Painting", "'s", "PATIENT", "validator:starts_with_possessive"),
    ("kids staying w/ wife's sister in hamtramck", "'s sister", "PATIENT", "validator:starts_with_possessive"),
    # a clinical service every hospital has is no named unit
    ("Sincerely,\nBrian O'Connell, MD\nOrthopaedic Surgery & Sports Medicine\n", "Orthopaedic Surgery & Sports Medicine",
     "DEPARTMENT", "validator:generic_clinical_service"),
    ("Touro Infirmary - Department of Pathology", "Department of Pathology", "DEPARTMENT", "validator:generic_clinical_service"),
    ("Station 22 (Adult Inpatient Psychiatry)", "Inpatient Psychiatry", "DEPARTMENT", "validator:generic_clinical_service"),
    # an AGE that is a threshold, an index or a measure
    ("no dose reduction - age <80, wt >60 kg", "80", "AGE", "validator:age_is_a_measure"),
    ("nodule (series 4, image 62) grew", "62", "AGE", "validator:age_is_a_measure"),
    ("i'm about 150 pounds now", "150", "AGE", "validator:age_is_a_measure"),
    (
        "dose is fifty milligrams once a day and you said gregory takes it with breakfast every day now",
        "fifty milligrams once a day and you said gregory takes it with breakfast every day now",
        "AGE",
        "validator:age_is_a_measure",  # trimmed to its number first: "fifty" (milligrams)
    ),
    # a run-on span longer than any name (DEFAULT_MAX_TOKENS)
    (
        "you said gregory takes it with breakfast every day now and then he goes for a walk after lunch",
        "gregory takes it with breakfast every day now and then he goes for a walk after lunch",
        "PATIENT",
        "validator:span_too_long",
    ),
    # a thing's reading that moved or was read out, not a person's age or a room
    ("platelets 96 , which is a little low , they were 110 last time", "110", "AGE", "validator:age_is_a_measure"),
    ("your egfr is 64 , it was 78 last year , so", "78", "AGE", "validator:age_is_a_measure"),
    ("weight 121 pounds , down from 133 in may", "133", "ROOM", "validator:measurement"),
    ("BS 293 treated with 12uR and coming down to 205 at 10PM.", "205", "ROOM", "validator:measurement"),
    ("bp 80s-100s on neo, then down to 70s with maps high 40s", "70s", "ROOM", "validator:measurement"),
    # a place or person that names a sports team
    ("are you more of a san francisco forty nine or span", "san francisco", "CITY", "validator:sports_team"),
    ("i do love them with dallas cowboys not so much", "dallas", "PATIENT", "validator:sports_team"),
    ("i'm a big texas fan , always have been", "texas", "STATE", "validator:sports_team"),
    ("watched the Dallas Cowboys game", "Dallas Cowboys", "CITY", "validator:sports_team"),
    # "US" the imaging study, not the country.
    ("Thyroid nodule found on carotid US in Jan 2023.", "US", "COUNTRY", "validator:us_is_ultrasound"),
    ("RUQ US w/ multiple stones.", "US", "CITY", "validator:us_is_ultrasound"),
    ("Post-TIPS US 4/6: patent shunt.", "US", "COUNTRY", "validator:us_is_ultrasound"),
    ("Left breast, 2:00, US-guided core biopsies.", "US", "COUNTRY", "validator:us_is_ultrasound"),
    ("Repeat US showed a stable cyst.", "US", "COUNTRY", "validator:us_is_ultrasound"),
    # issue 14: numbers that no reading makes a date, ordinals that count, a count as a name
    ("rigors, and hypotension (86/50) shortly after", "86/50", "DATE", "validator:date_not"),
    ("numbness in the 1st, 2nd, and 3rd digits", "1st", "DATE", "validator:ordinal_of_a_count"),
    ("just proximal to the 5th MTP joint", "5th", "DATE", "validator:ordinal_of_a_count"),
    ("now in her 2nd trimester", "2nd", "DATE", "validator:ordinal_of_a_count"),
    ("To receive 4th and final dose of vanco postop.", "4th", "DATE", "validator:ordinal_of_a_count"),
    ("EKG WORRISOME. 3RD SET DUE TO BE DRAWN AT MN.", "3RD", "DATE", "validator:ordinal_of_a_count"),
    ("high pressure alarms ~ every 3rd/4th breath.", "3rd", "DATE", "validator:ordinal_of_a_count"),
    ("first dentist visit by 12 mo. - RTC", "12 mo.", "DOCTOR", "validator:name_starts_with_number"),
    ("Former smoker 40 pk-yr, quit 1995.", "40", "AGE", "validator:age_is_a_measure"),
    ("She rates her pain level as a 6 out of 10.", "6", "AGE", "validator:age_is_a_measure"),
    ("Strength is 4/5 on the right and 5/5 on the left.", "5/5", "DATE", "validator:date_not"),
    (_CASED + "Left lower extremity 5/5.", "5/5", "DATE", "validator:date_not"),
    (_CASED + "Strength 4/5 on the right, limited by pain; otherwise 5/5. Lumbar spine nontender.", "5/5", "DATE", "validator:date_not"),
    ("a gait score of 6-8/12 and a balance score of 12/16", "12/16", "DATE", "validator:date_not"),
    ("presented to the ED w/ ~10 days progressive DOE", "~10", "DATE", "validator:date_not"),
    ("RUL now measures 9 mm (series 4, image 62), previously 7 mm", "62", "DATE", "validator:date_not"),
    ("no sz activity noted. cv: nsr 80s-90s, occ pvc's.", "80s-90s", "IDNUM", "validator:identifier_is_a_range"),
    ("Headaches are like 12-14 days a month now", "12-14", "PHONE", "validator:identifier_is_a_range"),
    ("wbc 14.2 (from 16). skin: stage 1 coccyx", "16", "ROOM", "validator:room_number_without"),
    ("cc: Jennifer Lam, PA-C     Dr. Harold Mensah", "Dr.", "DOCTOR", "validator:title_without_name"),
    ("WELL CHILD CHECK - 9 MONTH  Pt: Aaliyah Thompson", "9 MONTH", "STREET", "validator:street_number_then_unit"),
    ("A1c 8.9%. Glargine increased to 26 u. Seen by educator.", "26 u. Seen", "STREET", "validator:street_number_then_unit"),
    ("cpp >60, one spike to 24 w/ suctioning", "24", "AGE", "validator:age_is_a_measure"),
    ("UNIT: 4 West Cardiac Telemetry   RM 4117-B  ADMITTING DX", "RM", "STATE", "validator:state_not"),
    ("3/5 strength in the left hip flexors", "3/5", "DATE", "validator:date_not"),
    ("14 French Foley catheter inserted.", "14 French Foley", "STREET", "validator:street_number_then_unit"),
    ("Compression fracture at T12", "T", "HOSPITAL", "validator:one_letter_name"),
    ("His HR has been in the 50s SB. Pulm: no change", "50s SB", "STREET", "validator:street_is_a_reading"),
    ("7.0 ET TUBE IS TAPED AT 21 CM MARK, BILATERAL BREATH SOUNDS", "21 CM MARK", "STREET", "validator:street_is_a_reading"),
    ("SX-THICK SECRETIONS. SATS-MID 90'S W LAST ABG 101/39", "90'S W", "STREET", "validator:street_is_a_reading"),
    ("Started on maintenance fluid at 50cc/h. \n\nneuro: alert", "h.", "DOCTOR", "validator:unit_of_a_rate"),
    ("ntg gtt titrated back down to 1.5mg/min.", "min.", "DOCTOR", "validator:unit_of_a_rate"),
    # "is a" / "as a" alone keep only a head that names a person ("is a landscaper")
    ("Her pain is described as a throbbing pain.", "throbbing pain", "PROFESSION", "validator:profession_is_a"),
    ("or this is a secondary cause so we check", "secondary cause", "PROFESSION", "validator:profession_is_a"),
    # one cardinal number word alone is a count or a dose, not a spoken date
    ("i mean twenty on twenty off at least four times a day", "twenty off", "DATE", "validator:date_without"),
    ("i see you're on twenty of lisinopril", "twenty of", "DATE", "validator:date_without"),
    # a guideline's age range is no one's age
    ("recommends children between the ages of 9 to 11 years old be screened", "9", "AGE", "validator:age_is_a_measure"),
    ("recommends children between the ages of 9 to 11 years old be screened", "11", "AGE", "validator:age_is_a_measure"),
    ("and again between 17 to 20 years old", "20", "AGE", "validator:age_is_a_measure"),
    # ICU charting: the oxygen saturation, readings as contacts or user names, doses as streets
    ("suctioned for thick sputum. Sat's in the 90's.", "Sat", "DATE", "validator:date_without_date_word/oxygen_saturation"),
    ("Pt currently w/ O2 Sat ~ 95% on 4L", "Sat", "DATE", "validator:date_without_date_word/oxygen_saturation"),
    ("ABG 67/35/7.44 on 5l nP, 97% sat. afebrile", "sat", "DATE", "validator:date_without_date_word/saturation_among_readings"),
    ("placed on nrb with inc in sat, cxr done", "sat", "DATE", "validator:date_without_date_word/saturation_among_readings"),
    ("Ready to transfer at 1605 and went", "1605", "PHONE", "validator:phone_not_laid_out/no_phone_run"),
    ("last c/o was lower at 5.5/ 3.09/ 611 on the drip", "5.5/ 3.09/ 611", "PHONE", "validator:phone_not_laid_out/no_phone_run"),
    ("sheath out at this time (1850). Pt will need", "1850", "PHONE", "validator:phone_not_laid_out/no_phone_run"),
    ("PROD COUGH USING IS 750-1000.RR 13-18", "750-1000", "PHONE", "validator:phone_not_laid_out/round_amounts"),
    ("CARD--HR 44-60, INC MORE BRADY", "HR 44", "USERNAME", "validator:username_of_words/words_and_spaces"),
    ("Respiratory Care: vent.support and drug support", "vent.support", "USERNAME", "validator:username_of_words/joined_words"),
    ("64 yr old admitted from home via ED", "home", "USERNAME", "validator:username_is_a_word"),
    ("cath positive for enterococcus.the quinton was removed", "enterococcus.the", "URL", "validator:url_without_domain_ending"),
    ("PT TO GO HOME C HUSBAND 930 AM", "930", "IPADDR", "validator:ip_address_not_dotted"),
    ("NEO AT 200 MCGS ...WITH SBP IN 90S", "200 MCGS", "STREET", "validator:street_is_a_dose_or_flow"),
    ("RESP: PRISTINE ABG ON 4LNC, WITH THE HELP", "4LNC", "STREET", "validator:street_is_a_dose_or_flow"),
    ("see flow sheet.\nID: T-max 99.6po. Cont on ABX", "T-max 99.6", "IDNUM", "validator:measurement"),
]


@pytest.mark.parametrize("text,value,label,reason", VETOED)
def test_validator_vetoes_implausible_tagger_spans(guard_nlp, text, value, label, reason):
    found = vetoed_reason(guard_nlp, text, value, label)
    assert found is not None and found.startswith(reason)


# (text, value, label): plausible spans the validators must keep.
KEPT = [
    ("HbA1c 7.8%, D-dimer 1036 on 31st.", "31st", "DATE"),  # an ordinal, no rate glued to its rhythm
    ("pt sent down to 205 for the night", "205", "ROOM"),  # sent to a room, no reading
    ("Follow-up seen on the 4th, then discharged.", "4th", "DATE"),  # an ordinal that counts nothing
    ("Return on the 3rd of May.", "3rd", "DATE"),
    ("Seen on Tuesday.", "Tuesday", "DATE"),
    ("seen on tuesdays", "tuesdays", "DATE"),
    ("Sister is health care proxy and lives in DC.", "DC", "STATE"),  # a word of residence before the code
    ("lives at 100 Main with her son", "100 Main", "STREET"),  # common words alone: a street's own name
    ("overflow bed assigned 6 Tower SICU bed 6T-14.", "6 Tower SICU", "STREET"),  # a capitalised word names a ward
    ("Batch :\n24CPM\nIndex No. RS04-5185", "24CPM", "STREET"),  # one code: an identifier's shape
    ("Pt anxiously awaiting rehab either tomorrow or sat.", "sat", "DATE"),  # no reading on its line
    ("since christmas", "christmas", "DATE"),
    ("Back from Diwali.", "Diwali", "DATE"),
    ("spring of 2020 was bad", "spring of 2020", "DATE"),
    ("born twenty twenty", "twenty twenty", "DATE"),
    ("on the fifteenth", "fifteenth", "DATE"),
    ("Easter 2019 was bad", "Easter 2019", "DATE"),
    ("seen 3/14/2019", "3/14/2019", "DATE"),
    ("seen 7/10 in clinic", "7/10", "DATE"),
    ("she is fifty eight", "fifty eight", "AGE"),
    ("in her fifties", "fifties", "AGE"),
    ("in his 50s", "50s", "AGE"),
    ("since her teens", "teens", "AGE"),
    ("aged 104", "104", "AGE"),
    ("MRN 1234567", "1234567", "MEDICALRECORD"),
    ("call x557 now", "x557", "PHONE"),
    ("mail jo@x.org now", "jo@x.org", "EMAIL"),
    ("she moved from Mexico", "Mexico", "COUNTRY"),
    ("she moved from mexico", "mexico", "COUNTRY"),
    ("back in the US now", "US", "COUNTRY"),
    ("flew in from the Philippines", "Philippines", "COUNTRY"),
    ("he was 78 last year when he fell", "78", "AGE"),
    # a place or name near no team word; a saint's or place's given name stays PHI
    ("we moved from dallas last year", "dallas", "CITY"),
    ("my son tyler plays on the team", "tyler", "PATIENT"),
    ("at lake harriet . my friend june and i walk", "harriet", "PATIENT"),
    ("lives in Boston, MA 02115", "MA", "STATE"),
    ("Boston, MA is home", "MA", "STATE"),
    ("lives in georgia", "georgia", "STATE"),
    ("visited Bavaria", "Bavaria", "STATE"),
    ("lives in Mobile", "Mobile", "CITY"),
    ("hiked Charlie's Bunion", "Charlie's Bunion", "LOCATION_OTHER"),
    ("He works as a welder.", "welder", "PROFESSION"),
    ("he works in construction", "construction", "PROFESSION"),
    ("retired postal carrier", "postal carrier", "PROFESSION"),
    ("Occupation: sales", "sales", "PROFESSION"),
    ("she is a CNA", "CNA", "PROFESSION"),
    ("he is a landscaper", "landscaper", "PROFESSION"),  # no lexicon word: "is a" keeps it
    ("Pt is a sophomore at West Valley High", "sophomore", "PROFESSION"),
    ("Pt is a IT sales professional by trade", "IT sales professional", "PROFESSION"),
    ("she is a college senior in nursing", "college senior in nursing", "PROFESSION"),
    ("he is a fisherman", "fisherman", "PROFESSION"),
    ("was born on the twenty third", "twenty third", "DATE"),
    ("back in nineteen eighty", "nineteen eighty", "DATE"),
    ("She has two daughters, ages 14 and 11.", "11", "AGE"),
    ("see you on march twenty", "march twenty", "DATE"),
    ("Seen today with Mr. Baker in clinic", "Baker", "PATIENT"),  # a job word that is a surname too
    ("Transferred from Porter Hospital", "Porter Hospital", "HOSPITAL"),
    ("she was a paralegal", "paralegal", "PROFESSION"),
    ("he works as a hunting guide", "hunting guide", "PROFESSION"),
    ("he works as a hunter", "hunter", "PROFESSION"),  # a work cue keeps even a hobby noun
    ("works as a detective", "detective", "PROFESSION"),
    ("seen at Memorial Hospital", "Memorial Hospital", "HOSPITAL"),
    ("works at Starbucks", "Starbucks", "ORGANIZATION"),
    ("Dr. Foley saw her", "Foley", "DOCTOR"),
    ("Mr. Heart called", "Heart", "PATIENT"),
    ("hi , carolyn", "carolyn", "PATIENT"),
    ("lives at 12 Elm Street", "12 Elm Street", "STREET"),
    ("lives on Main Street", "Main Street", "STREET"),
    ("login jdoe42 used", "jdoe42", "USERNAME"),
    ("moved from Korea", "Korea", "COUNTRY"),
    # names in a note written with capitals
    ("Pt's wife dolores is at rehab. Plan: PT/OT.", "dolores", "PATIENT"),
    ("Letter mailed to addr on file. Signed kpm", "kpm", "DOCTOR"),
    ("Brothers Hideki (student) and jisoo (2) live with Mom.", "jisoo", "PATIENT"),
    ("Note reviewed on 2/4/85 by dkonopka. Plan unchanged.", "dkonopka", "DOCTOR"),
    ("Seen at Urgent Care by nemecek_tsion. Plan unchanged.", "nemecek_tsion", "DOCTOR"),
    ("Mr. Kowalczyk is a retired tool and die maker. Lives alone.", "die maker", "PATIENT"),
    ("Mr. Kowalczyk attends Church of St. Olaf weekly.", "attends Church of St. Olaf", "ORGANIZATION"),
    # named units keep their department span
    ("Seen in Rheumatology Clinic today", "Rheumatology Clinic", "DEPARTMENT"),
    ("PIEDMONT VALLEY ORTHOPAEDICS & SPORTS MEDICINE\n1450 Peachtree Rd", "SPORTS MEDICINE", "DEPARTMENT"),
    ("admitted to Farr 7 overnight", "Farr 7", "DEPARTMENT"),
    ("so john is a 58-year-old male", "58", "AGE"),
    # label confusions keep the span (a name or place word in it): recall first
    ("with brittany edwards today", "brittany edwards", "PROFESSION"),
    ("Thanks, Hope", "Hope", "DEVICE"),
    ("visited on Okonkwo", "Okonkwo", "DATE"),
    ("Came to US for college in 2009.", "US", "COUNTRY"),
    ("seen 12/86 and 3/14", "12/86", "DATE"),
    ("seen 14/3 abroad", "14/3", "DATE"),
    ("follow-up around 6/12 with labs", "6/12", "DATE"),
    ("strength improved. Seen 5/5 in clinic", "5/5", "DATE"),
    ("surgery on the 5th, discharged", "5th", "DATE"),
    ("surgery on the 5th of May", "5th", "DATE"),
    ("called 2 Okonkwo today", "2 Okonkwo", "PATIENT"),
    ("seen 10 days ago on 3/4", "3/4", "DATE"),
    ("pt in Rm 12 overnight", "12", "ROOM"),
    ("moved to bed 3 today", "3", "ROOM"),
    ("brought to OR 7, placed supine", "7", "ROOM"),
    ("MRN BD-8820413   Rm ED 31 DOS 10/19/2023", "31", "ROOM"),
    ("lives at 665 Elm St", "665 Elm St", "STREET"),
    ("lives at 12 Maple", "12 Maple", "STREET"),
    ("MRN 12-3456", "12-3456", "MEDICALRECORD"),
    ("moved here from NYC last year", "NYC", "STATE"),
    ("will see pt Sat at the clinic", "Sat", "DATE"),
    ("call her at 617.555.0123 tonight", "617.555.0123", "PHONE"),
    ("Telefono 967 597 100", "967 597 100", "PHONE"),
    ("discussed with Dr. Halabi (90234)", "90234", "PHONE"),
    ("Feel free to page me at 7904", "7904", "PHONE"),
    ("Callback: 2-2194 after noon", "2-2194", "PHONE"),
    ("log in as jdoe42 from home", "jdoe42", "USERNAME"),
    ("user j.smith reset", "j.smith", "USERNAME"),
    ("portal at portal.example.org for results", "portal.example.org", "URL"),
    ("login from 10.0.12.7 flagged", "10.0.12.7", "IPADDR"),
    ("ID: 48213377 on the wristband", "48213377", "IDNUM"),
    ("Moved to the US with his parents.", "US", "COUNTRY"),
]


@pytest.mark.parametrize("text,value,label", KEPT)
def test_validator_keeps_plausible_spans(guard_nlp, text, value, label):
    assert vetoed_reason(guard_nlp, text, value, label) is None


def test_validators_check_the_tagger_only(guard_nlp):
    # A rule matched its value in context: "MA" after a city, a DATE from a
    # date rule; the validators leave rule spans alone.
    assert vetoed_reason(guard_nlp, "MA level was high", "MA", "STATE", group=RULES_GROUP) is None
    assert vetoed_reason(guard_nlp, "We obtain a lipid panel.", "We obtain", "DATE", group=RULES_GROUP) is None


def test_validators_are_configurable_and_saved(tmp_path):
    nlp = blank_pipeline("en")
    nlp.add_pipe("phi_guard", config={"validated_labels": ["AGE"]})
    nlp.initialize()
    assert vetoed_reason(nlp, "We obtain a lipid panel.", "We obtain", "DATE") is None
    assert vetoed_reason(nlp, "a dime-sized lesion", "dime-sized", "AGE") is not None
    nlp.to_disk(tmp_path / "p")
    import spacy

    loaded = spacy.load(tmp_path / "p")
    assert loaded.get_pipe("phi_guard").validated_labels == frozenset({"AGE"})
    assert vetoed_reason(loaded, "a dime-sized lesion", "dime-sized", "AGE") is not None
    with pytest.raises(ValueError):
        other = blank_pipeline("en")
        other.add_pipe("phi_guard", config={"validated_labels": ["NOT_A_LABEL"]})


def test_cased_text_tells_notes_from_transcripts():
    from spacy_phi.guard.validators import is_cased_text

    assert is_cased_text("Mr. Kowalczyk is a 75 y/o retired tool and die maker with CHF. Seen by Dr. Ogunleye.")
    assert not is_cased_text("[doctor] hi , carolyn . how are you ? [patient] good , my husband mike drove me")
    assert not is_cased_text(
        "pt is 44 y/o m s/p fall from ladder at work. wife at bedside, asking about rehab. neuro: gcs 14, "
        "perrl, mae. resp: ls clear, on 2l nc. plan: cont neuro checks q1h, keep MAP > 65, f/u ct in am."
    )
    assert not is_cased_text("")


def test_relative_word_keeps_only_names_in_lower_case(guard_nlp):
    # A lower-case note: after a relative word a given name stays, a verb goes.
    assert vetoed_reason(guard_nlp, "pt's wife dolores is at rehab", "dolores", "PATIENT") is None
    assert vetoed_reason(guard_nlp, "grandma watches baby at night", "watches", "PATIENT") == "guard:common_word/ordinary_words"
    assert vetoed_reason(guard_nlp, "so kinda does your foot hurt", "kinda", "PATIENT") == "guard:common_word/ordinary_words"


def test_capitals_are_evidence_of_a_name_only_in_a_note_that_is_not_lower_case(guard_nlp):
    # The same common word in capitals mid-sentence: an order among lower case,
    # and in a note typed in capitals no evidence either: judged by its words.
    lower = "glargine 26 units qhs, then CHANGED to detemir, tamsulosin 0.4 mg qhs"
    assert vetoed_reason(guard_nlp, lower, "CHANGED", "PATIENT") == "guard:common_word/ordinary_words"
    assert vetoed_reason(guard_nlp, lower.upper(), "CHANGED", "PATIENT") == "guard:common_word/ordinary_words"
    # In capitals, a side letter is no name, but a word the name lists hold stays.
    caps = "ARRIVED TO FIND PT SITTING ON CURB, HOLDING R ARM IN A BUCKET. SEEN BY HOPE AT TRIAGE."
    assert vetoed_reason(guard_nlp, caps, "HOLDING R ARM", "CITY") == "guard:common_word/ordinary_words"
    assert vetoed_reason(guard_nlp, caps, "HOPE", "DOCTOR") is None
    # Capitals mid-sentence in a note that is neither: a name ("in Revere").
    assert vetoed_reason(guard_nlp, _CASED + "Lives in Revere with wife.", "Revere", "CITY") is None


def test_every_validated_label_has_a_check():
    from spacy_phi.guard.validators import _LABEL_CHECKS

    for label in VALIDATED_LABELS:
        assert label in _LABEL_CHECKS


def test_unlisted_eponym_before_a_medical_head_is_vetoed(guard_nlp):
    # (both are listed eponyms now; "West Nile" is not)
    assert vetoed_reason(guard_nlp, "Killip class II on arrival", "Killip", "CITY") == "guard:eponym_with_head/eponym_before_head"
    assert vetoed_reason(guard_nlp, "Chvostek sign negative", "Chvostek", "PATIENT") == "guard:eponym_with_head/eponym_before_head"
    assert vetoed_reason(guard_nlp, "West Nile virus infection", "West Nile", "CITY") == "guard:eponym_with_head/unlisted_eponym"
    # a title keeps a person: "Dr. Killip class" is no eponym
    assert vetoed_reason(guard_nlp, "Dr. Killip class today", "Killip", "DOCTOR") is None
    # a lower-case rule match before its head: the name is the tear's
    assert vetoed_reason(
        guard_nlp, "endoscopy showed mallory weiss tear. no active bleeding", "mallory weiss", "PATIENT", RULES_GROUP
    ) == "guard:eponym_with_head/eponym_before_head"


def test_lowercase_given_names_are_found_by_the_rules():
    from spacy_phi import rules_pipeline
    from spacy_phi.rules.name_patterns import lowercase_given_names

    nlp = rules_pipeline()
    doc = nlp("[doctor] hi , gregory . my daughter julie came with me this summer")
    assert [(e.text, e.label_) for e in doc.ents] == [("gregory", "PATIENT"), ("julie", "PATIENT")]
    names = lowercase_given_names()
    assert "gregory" in names and "summer" not in names and "will" not in names and "dawn" not in names
    assert nlp("Gregory").ents == ()  # capitalised names are the tagger's job


def test_census_given_names_extend_the_lower_case_lists_without_english_words():
    from spacy_phi import rules_pipeline
    from spacy_phi.rules.name_patterns import census_given_names, greeted_given_names, lowercase_given_names

    census = census_given_names()
    # names Faker's en_US list lacks; no English word, place, weekday or non-name word of the training notes
    assert {"bernadette", "tamika", "marcy"} <= census
    assert not {"many", "amber", "georgia", "dallas", "sunday", "max", "alfredo"} & census
    assert "bernadette" in lowercase_given_names() and "bernadette" in greeted_given_names()
    doc = rules_pipeline()("[doctor] hello , bernadette . how are the knees ?\n[patient] many days are fine .")
    assert [(e.text, e.label_) for e in doc.ents] == [("bernadette", "PATIENT")]


@pytest.mark.parametrize(
    "text,value,label,reason",
    [
        # an article or possessive before a lower-case person span: the word, not a name
        ("[patient] and the reason is the breast", "reason", "PATIENT", "validator:article_before"),
        ("they have trouble with their kidneys .", "kidneys", "PATIENT", "validator:article_before"),
        # an age read out as a lab value, a temperature, a duration, a guideline limit
        ("so your hemoglobin a1c here is is 8 , you know", "8", "AGE", "validator:age_is_a_measure"),
        ("your no fever you're ninety seven . eight and your heart rate", "ninety seven", "AGE", "validator:age_is_a_measure"),
        (_CASED + "Retired (31 yrs at Libbey Glass).", "31", "AGE", "validator:age_is_a_measure"),
        ("if we were to take 10 people under the age of 50 who", "50", "AGE", "validator:age_is_a_measure"),
        # a name that is also a dictionary word, in lower case among capitals
        (_CASED + "GB removed w/ hook electrocautery.", "hook", "DOCTOR", "validator:lower_case_name"),
        (_CASED + "Guilt, hopelessness re: visa. No HI.", "visa", "PATIENT", "validator:lower_case_name"),
        # words of speech and particles no dictionary lists as entries
        ("[doctor] hmmm well in any case what", "hmmm well", "PATIENT", "guard:common_word"),
        ("we dropped my oldest daughter off at college", "off", "PATIENT", "guard:common_word"),
        ("it's a pound heavier , actually", "heavier", "PATIENT", "guard:common_word"),
        # "sister" after a possessive is the relative, not the title "Sister"
        ("i've been here with my sister once before .", "once before", "PATIENT", "guard:common_word"),
        # a family-history list item, and a drug of the open drug dictionary
        ("FAMILY HISTORY: Father: Prostate cancer, heart disease.", "Prostate", "PATIENT", "guard:common_word"),
        # a word in capitals among lower case is an order, not a name; a function word is never one
        (_CASED + "glargine 26 units qhs (CHANGED) - tamsulosin 0.4 mg qhs", "CHANGED", "PATIENT", "guard:common_word"),
        (_CASED + "Family meeting w/ sister when she arrives.", "when", "PATIENT", "guard:common_word"),
        (_CASED + "Entresto held 11/5-11/7 for AKI.", "Entresto", "ORGANIZATION", "validator:medical_or_brand"),
        (_CASED + "Switched from Symbicort to Alvesco in May.", "Alvesco", "CITY", "validator:medical_or_brand"),
        # a drug or medical word with ordinary words; a span that took in its own head word
        ("Is Benadryl safe in pregnancy?", "Benadryl safe", "PATIENT", "validator:medical_or_brand"),
        ("PLAN: CONTINUE LASIX 40 mg daily", "CONTINUE LASIX", "PATIENT", "validator:medical_or_brand"),
        ("Kaplan-Meier curves were drawn for both arms.", "Kaplan-Meier curves", "PATIENT", "guard:eponym_with_head"),
        # times of day: not annotated, neither dates nor ages
        ("Wife phoned at 6 am worried about confusion.", "6", "AGE", "validator:clock_time"),
        ("wakes early (4-5 am) most days", "4", "DATE", "validator:clock_time"),
        ("Seen at 10:30 p.m. in triage.", "10:30 p.m.", "DATE", "validator:clock_time"),
        ("family at bedside until 2330, updated", "2330", "DATE", "validator:clock_time"),
        ("nursing note 1900-0700 (micu)", "1900", "DATE", "validator:clock_time"),
        ("nursing note 1900-0700 (micu)", "1900-0700", "DATE", "validator:clock_time"),
        ("sicu npn 0700-1900 bed 4", "0700-1900", "MEDICALRECORD", "validator:clock_time"),
        # a reading's range and Apgar scores: no dates
        ("SpO2 90% on 2L (goal 88-92)", "88", "DATE", "validator:date_not"),
        ("SpO2 90% on 2L (goal 88-92)", "92", "DATE", "validator:date_not"),
        ("NSVD, Apgars 8/9, BW 3.1 kg", "8/9", "DATE", "validator:date_not"),
        # a credential or a clinical abbreviation alone names no one
        ("Note by Ana Ruiz, MSW, LICSW today", "LICSW", "CITY", "guard:abbreviation"),
        ("Resident: Tom Ng, MD (PGY-2)", "PGY", "HOSPITAL", "guard:abbreviation"),
        ("59 yo M with chronic AUD and housing needs", "AUD", "PATIENT", "guard:abbreviation"),
        ("Klebsiella bacteremia (CLABSI) on day 3", "CLABSI", "DOCTOR", "guard:abbreviation"),
        ("ROI signed for the shelter", "ROI", "PATIENT", "validator:medical_or_brand"),
        (_CASED + "Copy to: Andrea Lin, MD (Hem/Onc)", "Hem/Onc", "DOCTOR", "validator:generic_clinical_service"),
        (_CASED + "Fell from a ladder w/ R SDH, R temporal contusion", "R SDH", "DOCTOR", "validator:medical_or_brand"),
        (_CASED + "Skin: small cafe au lait L thigh", "lait L thigh", "PATIENT", "validator:medical_or_brand"),
        # public programs are no PHI (a whole state shares one)
        (_CASED + "Insurance: Apple Health (Medicaid), ID on file.", "Apple Health", "ORGANIZATION", "validator:public_program"),
        (_CASED + "Insurance: KanCare - Sunflower Health Plan", "KanCare", "ORGANIZATION", "validator:public_program"),
        (_CASED + "Covered by the Medicaid program.", "the Medicaid", "HOSPITAL", "validator:public_program"),
        # a pronoun before a lower-case word, whatever the name lists say of "He"
        (_CASED + "He attends school and plays in the band.", "He", "PATIENT", "validator:pronoun"),
        (_CASED + "No edema. She denies chest pain.", "She", "DOCTOR", "validator:pronoun"),
        # measurements, obstetric notation, diagnosis codes, colon times, strength grades
        (_CASED + "AROM flex 88° / 145°; PROM flex 95°", "88°", "DATE", "validator:measurement"),
        (_CASED + "Ortho following, OR today. Wt 52 kg. CrCl ~34.", "Wt 52 kg", "DATE", "validator:measurement"),
        (_CASED + "AGE: 84   SEX: F   WT: 58 kg   BSA: 1.60", "58", "IDNUM", "validator:measurement"),
        (_CASED + 'EXAM: Ht 5\'7"  Wt 196 lb', "5'7", "DATE", "validator:measurement"),
        (_CASED + "HPI: 22 yo G2P1001 at 34w3d w/ PPROM.", "G2P1001", "IDNUM", "validator:obstetric_notation"),
        (_CASED + "SVE on admit 1/50/-3, posterior, firm.", "1/50/-3", "DATE", "validator:obstetric_notation"),
        (_CASED + "A: R lateral ankle sprain, grade II (S93.401A)", "S93.401A", "ACCOUNT", "validator:diagnosis_code"),
        (_CASED + "Foley bulb placed 21:10, expelled 01:15 at 4 cm.", "21:10", "DATE", "validator:clock_time"),
        (_CASED + "Hip abd 4/5 R, 5/5 L. Patellar mobility decreased.", "4/5", "DATE", "validator:date_not"),
        (_CASED + "Reviewed when to call the 24/7 line.", "24/7", "DATE", "validator:date_not"),
        (_CASED + "sats 97% on RA. faces 4/10, ofirmev given.", "4/10", "DATE", "validator:date_not"),
        (_CASED + "Sincerely, Rosalind Meyerhoff, MS, CGC", "MS", "STATE", "validator:state_abbreviation"),
        (_CASED + "no controlled substance rx in past 12 mo. Plan as below.", "12 mo.", "DATE", "validator:date_not"),
        (_CASED + "at 10:15 during 3rd period PE, complaining of cough", "3rd", "DATE", "validator:ordinal"),
        # a clinician's role in a header, whatever degree follows
        (_CASED + "auth # A2309 Referring MD: Dr. Kavita Raman", "Referring", "DOCTOR", "guard:common_word"),
        # consulting services called by their (abbreviated) names
        (_CASED + "Discussed with Ortho, who agrees with plan.", "Ortho", "DOCTOR", "validator:generic_clinical_service"),
        (_CASED + "Seen by Heme/Onc today.", "Heme/Onc", "DOCTOR", "validator:generic_clinical_service"),
        (_CASED + "Discussed with Transplant, who agrees.", "Transplant", "PATIENT", "validator:generic_clinical_service"),
        (_CASED + "Per Hepatology, continue current regimen.", "Hepatology", "DEPARTMENT", "validator:generic_clinical_service"),
        # units of sound, pressure and time; signed numbers and day counters; tooth numbers
        (_CASED + "R mild sloping SNHL (25 dB at 500 Hz to 65 dB at 4000 Hz).", "500 Hz to 65 dB", "STREET", "validator:measurement"),
        (_CASED + "L mild sloping to severe SNHL (30 to 75 dB). Asymmetry", "30 to 75 dB", "HEALTHPLAN", "validator:measurement"),
        (_CASED + "Stent postdilated with NC balloon at 16 atm. Deployed", "16 atm", "STREET", "validator:measurement"),
        (_CASED + "Generalized shaking ~90 s, postictal confusion", "90", "AGE", "validator:age_is"),
        (_CASED + "The pharmacy ran the free-trial card (30 days) today.", "30", "AGE", "validator:age_is"),
        (_CASED + "Anti-D immune globulin given at 28 wk. GBS neg.", "28", "AGE", "validator:age_is"),
        (_CASED + "Short-term goals (6 weeks): full knee extension.", "6", "AGE", "validator:age_is"),
        (_CASED + "Extraction of #1, #16, #17, #32 today.", "32", "AGE", "validator:age_is"),
        (_CASED + "AML in CR1, now Day +12 s/p 10/10 matched transplant.", "now Day +12", "DATE", "validator:day_counter"),
        (_CASED + "FEV1  2.01   74   -2.01   2.29   +14 FEV1/FVC 0.70", "+14", "DATE", "validator:day_counter"),
        (_CASED + "Filgrastim per protocol from D+5. Chimerism at D+28.", "D+5", "COUNTRY", "validator:country"),
        # scores after test items and symptoms, a mean pressure, a blood gas, a gestational age
        (_CASED + "naming and repetition intact, recalls 3/3. CN II-XII intact", "3/3", "DATE", "validator:date_not"),
        (_CASED + "Reports fatigue 4/10, cold-induced tingling", "4/10", "DATE", "validator:date_not"),
        (_CASED + "MacCAT-CA: Understanding 10/16 (mildly impaired), Reasoning 11/16", "11/16", "DATE", "validator:date_not"),
        (_CASED + "HR 164, BP 52/31 (mean 38), SpO2 93%", "38", "DATE", "validator:date_not"),
        (_CASED + "CXR c/w TTN. Blood gas 7.29/52/48. Glucose 38", "29/52/48", "DATE", "validator:date_not"),
        (_CASED + "Age at admission: 39 minutes    GA 35 2/7 wk    BW 2,410 g", "35 2/7", "DATE", "validator:obstetric_notation"),
        # a job or a service is no place; several credentials are no one
        (_CASED + "Sam Hospitalist, pager 207-662-0123 #4471", "Hospitalist", "CITY", "validator:role_or_service_as_place"),
        (_CASED + "Referring: Dr. Aurelio Bustamante (hospitalist)  INDICATION", "hospitalist", "USERNAME", "validator:username_is_a_word"),
        (_CASED + "I. Nwachukwu-Barr, MD, FACC, FSCAI    11/18/2025", "FACC, FSCAI", "DOCTOR", "guard:abbreviation"),
    ],
)
def test_real_language_false_alarms_are_vetoed(guard_nlp, text, value, label, reason):
    found = vetoed_reason(guard_nlp, text, value, label)
    assert found is not None and found.startswith(reason), found


@pytest.mark.parametrize(
    "text,value,label",
    [
        ("hi , carolyn . how are you", "carolyn", "PATIENT"),
        ("visit to pt's home at 268 mezei point apt a carrington , wv", "carrington", "PATIENT"),
        ("that katherine is shorter than her sister", "katherine", "PATIENT"),
        ("Seen with Sister Mary Agnes today.", "Mary Agnes", "PATIENT"),
        ("EMERGENCY CONTACT: Wife: Yesenia Ortiz", "Yesenia Ortiz", "PATIENT"),
        (_CASED + "pt's wife dolores is at rehab", "dolores", "PATIENT"),
        ("my oldest is thirteen and the other one is ten", "thirteen", "AGE"),
        ("a 45 year old woman with a1c of 8", "45", "AGE"),
        ("he is 40 years of age", "40", "AGE"),
        ("[doctor] your weight is fine and he is 45 now", "45", "AGE"),
        ("Mr. Sone was seen today.", "Sone", "PATIENT"),
        ("seen with Hope Benadryl today", "Hope Benadryl", "PATIENT"),
        # years, dates and ages next to the same cues stay
        ("He quit smoking in 1900 per family lore.", "1900", "DATE"),
        ("Shift 1998-2002 at the mill.", "1998", "DATE"),
        ("Admitted March 5-7 for CHF.", "7", "DATE"),
        ("He quit smoking in 87 after a 3 ppd habit.", "87", "DATE"),
        ("She is 7 and in 2nd grade.", "7", "AGE"),
        ("Seen on 8/9 for follow-up.", "8/9", "DATE"),
        ("MRN 0712-4481 verified.", "0712-4481", "MEDICALRECORD"),
        # a credential written as a patient's job is the job
        ("She works as a CNA at a nursing home.", "CNA", "PROFESSION"),
        # initials that are no listed abbreviation stay names
        ("Cytotechnologist: CM", "CM", "DOCTOR"),
        # an initial with a period before a medical surname is a name
        (_CASED + "Seen with R. Alzheimer in clinic.", "R. Alzheimer", "DOCTOR"),
        # a private insurer is an organisation
        (_CASED + "Insurance: KanCare - Sunflower Health Plan", "Sunflower Health Plan", "ORGANIZATION"),
        # a head word after a field gap is the next field's, not an eponym's head
        (_CASED + "To the parent/guardian of: Mateo Price    Grade 7    Homeroom B214", "Mateo Price", "PATIENT"),
        # dates, IDs and states next to the same shapes
        (_CASED + "Seen 3/4 in clinic for f/u.", "3/4", "DATE"),
        (_CASED + "Seen 4/5 for f/u of knee pain.", "4/5", "DATE"),
        (_CASED + "Pharmacy line open on 24/7 only.", "24/7", "DATE"),
        (_CASED + "Acct E11-65432 on file.", "E11-65432", "ACCOUNT"),
        (_CASED + "Lives at 12 Oak St, Jackson, MS 39201.", "MS", "STATE"),
        (_CASED + "DOB 5/7/1950, MRN 0081234.", "5/7/1950", "DATE"),
        # "He" as a surname: before a comma, in a full name, or in capitals before a name
        ("ATTENDING: HE, KOUROSH", "HE", "DOCTOR"),
        (_CASED + "Seen with Li He today.", "Li He", "DOCTOR"),
        # service words that are surnames too stay names
        (_CASED + "Discussed with Endo, who agrees with plan.", "Endo", "DOCTOR"),
        (_CASED + "Seen by Burns today.", "Burns", "DOCTOR"),
        # a named unit stays
        (_CASED + "Per Hepatology Clinic, continue.", "Hepatology Clinic", "DEPARTMENT"),
        (_CASED + "Seen 3/3 for follow-up of knee pain.", "3/3", "DATE"),
        (_CASED + "DOB 12/31/99, MRN on file.", "12/31/99", "DATE"),
        # a capitalised given name beside a surname that is an eponym
        (_CASED + "Seizure line 384-8442  Patient: PARKINSON, DESMOND A    MRN: UI-04418820", "PARKINSON, DESMOND A", "PATIENT"),
        # infants' ages in days, a place that is also a job word, and a single credential's namesake
        (_CASED + "Baby is a 10 days old male, feeding well.", "10", "AGE"),
        (_CASED + "Seen with her 6 weeks old son today.", "6", "AGE"),
        (_CASED + "Referred at age 3 weeks for stridor.", "3", "AGE"),
        (_CASED + "Antecedentes: onfalorrexis at 14 days of life.", "14", "AGE"),
        (_CASED + "Lives in Mason, OH with his wife.", "Mason", "CITY"),
        # a newborn's age in minutes or hours
        (_CASED + "ASSESSMENT: 39 min old late preterm male with distress", "39", "AGE"),
        (_CASED + "Age at admission: 39 minutes    GA 35 2/7 wk", "39", "AGE"),
    ],
)
def test_names_and_ages_in_the_same_settings_stay(guard_nlp, text, value, label):
    assert vetoed_reason(guard_nlp, text, value, label) is None


def test_drug_names_are_exact_only():
    from spacy_phi.lexicon_rebuild.drug_names import select_drug_names

    kept = select_drug_names(
        ["Entresto", "Persa-Gel", "Allegra", "ASA", "abacavir, lamivudine", "Panadol"],
        excluded={"allegra"},
        is_common=lambda word: word == "panadol",
    )
    assert kept == ["entresto", "persa-gel"]
    vocabulary = __import__("spacy_phi.lexicon.vocabulary", fromlist=["x"]).default_vocabulary()
    assert vocabulary.is_drug("entresto") and not vocabulary.is_drug("entrestos")


def test_a_team_word_vetoes_a_rule_span_too(guard_nlp):
    # "francisco" of "san francisco" is a given name of the lower-case name pattern; before "fan" the place is a team
    text = "[patient] i'm a more of a san francisco fan"
    assert vetoed_reason(guard_nlp, text, "francisco", "PATIENT", RULES_GROUP) == "validator:sports_team"
    assert vetoed_reason(guard_nlp, "[patient] we lived in san francisco for years", "francisco", "PATIENT", RULES_GROUP) is None


@pytest.mark.parametrize(
    "text,value,label,group,reason",
    [
        # idioms, courtesy phrases and brands of a transcript
        ("[patient] every morning , but , um , to be frank , i take it", "frank", "PATIENT", NER_GROUP, "validator:idiom_or_brand"),
        ("[doctor] de nada . take care , don ernesto .", "de nada", "PATIENT", NER_GROUP, "validator:idiom_or_brand"),
        ("[patient] two coffees and then a diet dr pepper in the afternoon", "pepper", "DOCTOR", NER_GROUP, "validator:idiom_or_brand"),
        ("[patient] a beer during march madness . [laughs]", "march", "DATE", RULES_GROUP, "validator:idiom_or_brand"),
        ("[doctor] we have a nurse line twenty four seven , it's", "twenty four seven", "DATE", NER_GROUP, "validator:idiom_or_brand"),
        # the clinician's own job, a favourite person, a place before a team as a job
        ("[doctor] and even though i'm a physician i still do n't like to go", "physician", "PROFESSION", NER_GROUP, "validator:clinician_own_job"),
        ("[patient] i do n't have a favorite instructor i have more favorite rides", "favorite instructor", "PROFESSION", NER_GROUP, "validator:clinician_own_job"),
        (_CASED + "He is from the west coast and is a San Francisco 49ers fan.", "San Francisco", "PROFESSION", NER_GROUP, "validator:sports_team"),
        # a dose after a drug, a genetic carrier, a spoken count, a lone possessive
        ("[doctor] a uric acid of 9.1 on allopurinol 100 you're under treated", "100", "AGE", NER_GROUP, "validator:dose_after_a_drug"),
        ("[patient] the calcium 600 twice a day and the vitamin d 2000 .", "2000", "DATE", RULES_GROUP, "validator:dose_after_a_drug"),
        ("[patient] i'm a carrier . i got tested in college .", "carrier", "PROFESSION", NER_GROUP, "validator:genetic_carrier"),
        ("[patient] about six thousand a day . and i do the bike", "six thousand a day", "DATE", NER_GROUP, "validator:spoken_count"),
        ("[patient] i sleep in tyler's old room half the time now .", "'s", "ROOM", NER_GROUP, "validator:starts_with_possessive"),
        # a name one word short of a medical term, whoever found it
        ("[doctor] i'd call that kellgren-lawrence grade 3 on the right", "lawrence", "PATIENT", RULES_GROUP, "guard:eponym_with_head"),
        ("[doctor] meld sodium is 22 . child pugh class c , 10 points", "pugh", "PATIENT", RULES_GROUP, "guard:eponym_with_head"),
        ("[doctor] so this is the edinburgh postnatal depression scale .", "edinburgh postnatal", "LOCATION_OTHER", NER_GROUP, "guard:"),
        (_CASED + "RESULTS\n\nEdinburgh Postnatal Depression Scale: 11; item 10 scored 0", "Edinburgh Postnatal Depression Scale", "ORGANIZATION", NER_GROUP, "guard:"),
    ],
)
def test_idioms_and_partial_medical_terms_are_vetoed(guard_nlp, text, value, label, group, reason):
    found = vetoed_reason(guard_nlp, text, value, label, group)
    assert found is not None and found.startswith(reason), found


@pytest.mark.parametrize(
    "text,value,label",
    [
        ("[doctor] we'll see you in three months . say hi to frank .", "frank", "PATIENT"),
        ("[patient] frank drove me here today", "frank", "PATIENT"),
        ("[patient] dr. pepper is my surgeon", "pepper", "DOCTOR"),
        ("[patient] it was in march , right after my birthday", "march", "DATE"),
        ("[doctor] and your neighbour , mrs. lawrence , drove you ?", "lawrence", "PATIENT"),
        ("[patient] my daughter mary-kate lawrence is here", "lawrence", "PATIENT"),
        ("[patient] i'm a hairstylist , i own my salon", "hairstylist", "PROFESSION"),
        ("[patient] he's a mail carrier for the post office", "mail carrier", "PROFESSION"),
        (_CASED + "PCN allergy - hives; tolerated cephalexin 2019 without reaction.", "2019", "DATE"),
        ("[patient] back in two thousand nine i had the surgery", "two thousand nine", "DATE"),
        ("[doctor] okay , so you're a hairstylist ?", "hairstylist", "PROFESSION"),
    ],
)
def test_the_same_words_outside_the_idiom_or_term_stay(guard_nlp, text, value, label):
    assert vetoed_reason(guard_nlp, text, value, label, RULES_GROUP) is None


# -- veto reasons: each check returns its own ------------------------------------------

_VETO_REASON = re.compile(r"(?:validator|guard|policy):[a-z_]+(?:/[a-z0-9_]+)?")


def _returned_names(node: ast.expr) -> Iterator[ast.expr]:
    """The names and attributes a `return` can hand back: itself, or a branch
    of a conditional ("A if x else B") or of "or" ("_not_a_place(...) or None")."""
    if isinstance(node, ast.IfExp):
        yield from _returned_names(node.body)
        yield from _returned_names(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _returned_names(value)
    elif isinstance(node, (ast.Name, ast.Attribute)):
        yield node


def _veto_sites() -> Tuple[Dict[str, List[str]], List[str]]:
    """({reason: ["file:line", ...]} of every `return` of a reason constant in
    spacy_phi/guard, [reason strings written as literals outside reasons.py])."""
    import spacy_phi.guard

    root = Path(spacy_phi.guard.__file__).parent
    sites: Dict[str, List[str]] = {}
    literals: List[str] = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        module = importlib.import_module(".".join(("spacy_phi", "guard") + parts).removesuffix(".__init__"))
        namespace = vars(module)
        tree = ast.parse(path.read_text(encoding="utf8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _VETO_REASON.fullmatch(node.value):
                if path.name != "reasons.py":
                    literals.append(f"{path.name}:{node.lineno}")
            if not isinstance(node, ast.Return) or node.value is None:
                continue
            for returned in _returned_names(node.value):
                if isinstance(returned, ast.Name):
                    value = namespace.get(returned.id)
                elif isinstance(returned.value, ast.Name):
                    value = getattr(namespace.get(returned.value.id), returned.attr, None)
                else:
                    value = None
                if isinstance(value, str) and _VETO_REASON.fullmatch(value):
                    sites.setdefault(value, []).append(f"{'/'.join(parts)}.py:{returned.lineno}")
    return sites, literals


def test_every_veto_site_returns_a_reason_of_its_own():
    from spacy_phi.guard.reasons import reason_kind, veto_reasons

    sites, literals = _veto_sites()
    assert literals == [], "a veto reason is written only in reasons.py or by sub_reason()"
    shared = {reason: where for reason, where in sites.items() if len(where) > 1}
    assert shared == {}, "each of these reasons is returned from several places: give each its sub-id"
    reasons = veto_reasons()
    assert len(reasons) == len(set(reasons))
    # every reason is returned somewhere, and nothing else is (a kind with sub-ids never bare)
    assert sorted(sites) == sorted(reasons)
    kinds = {reason_kind(r) for r in reasons}
    assert all(r in kinds or reason_kind(r) != r for r in reasons)
    assert len(reasons) > 90


def test_a_sub_reason_is_defined_once():
    from spacy_phi.guard.reasons import REASON_DATE_NUMBER_SHAPE, reason_kind, sub_reason

    assert reason_kind("validator:date_not_date_shaped/apgar") == REASON_DATE_NUMBER_SHAPE
    assert reason_kind(REASON_DATE_NUMBER_SHAPE) == REASON_DATE_NUMBER_SHAPE
    with pytest.raises(ValueError):
        sub_reason(REASON_DATE_NUMBER_SHAPE, "apgar")  # already the Apgar check's
    with pytest.raises(ValueError):
        sub_reason(REASON_DATE_NUMBER_SHAPE, "Not Snake")
    with pytest.raises(ValueError):
        sub_reason("validator:no_such_kind", "x")


def test_the_reference_lists_every_veto_reason():
    from spacy_phi.guard.reasons import veto_reasons

    reference = (Path(__file__).resolve().parent.parent / "docs" / "guard.md").read_text(encoding="utf8")
    missing = [reason for reason in veto_reasons() if f"`{reason}`" not in reference]
    assert missing == []


@pytest.mark.parametrize(
    "text,value,label,group,reason",
    [
        # one reason kind, several checks: the sub-id names the check that fired
        ("NSVD, Apgars 8/9, BW 3.1 kg", "8/9", "DATE", NER_GROUP, "validator:date_not_date_shaped/apgar"),
        (_CASED + "hypotension (86/50) overnight", "86/50", "DATE", NER_GROUP, "validator:date_not_date_shaped/blood_pressure"),
        (_CASED + "CXR c/w TTN. Blood gas 7.29/52/48. Glucose 38", "29/52/48", "DATE", NER_GROUP, "validator:date_not_date_shaped/blood_gas"),
        ("pain is about a 7/10 today", "7/10", "DATE", NER_GROUP, "validator:date_not_date_shaped/rating_out_of_ten"),
        ("while at lunch developed severe 10/10 angina. She went", "10/10", "DATE", NER_GROUP, "validator:date_not_date_shaped/rating_out_of_ten"),
        ("c/o 8/10 chest pain radiating to L arm", "8/10", "DATE", NER_GROUP, "validator:date_not_date_shaped/rating_out_of_ten"),
        (_CASED + "Strength is 4/5 on the right and 5/5 on the left.", "4/5", "DATE", NER_GROUP, "validator:date_not_date_shaped/score"),
        (_CASED + "BiPAP 12/5 overnight.", "12/5", "DATE", NER_GROUP, "validator:measurement/vent_mode_and_number"),
        (_CASED + "Hip abd 4/5 R, 5/5 L. Patellar mobility decreased.", "4/5", "DATE", NER_GROUP, "validator:date_not_date_shaped/strength_with_side"),
        ("SpO2 90% on 2L (goal 88-92)", "92", "DATE", NER_GROUP, "validator:date_not_date_shaped/range_end"),
        ("GFR 58 today", "GFR 58", "DATE", NER_GROUP, "validator:date_not_date_shaped/medical_word_and_number"),
        ("Disc bulge at L5.", "L5", "DATE", NER_GROUP, "validator:date_not_date_shaped/ratio_level_or_dose"),
        ("nodule (series 4, image 62) grew", "62", "DATE", NER_GROUP, "validator:date_not_date_shaped/count_or_index"),
        ("Wife phoned at 6 am worried about confusion.", "6", "AGE", NER_GROUP, "validator:clock_time/age_time_of_day"),
        ("family at bedside until 2330, updated", "2330", "DATE", NER_GROUP, "validator:clock_time/date_time_of_day"),
        (_CASED + "Foley bulb placed 21:10, expelled 01:15 at 4 cm.", "21:10", "DATE", NER_GROUP, "validator:clock_time/date_colon_time"),
        ("sicu npn 0700-1900 bed 4", "0700-1900", "MEDICALRECORD", NER_GROUP, "validator:clock_time/shift_range"),
        ("no dose reduction - age <80, wt >60 kg", "80", "AGE", NER_GROUP, "validator:age_is_a_measure_or_threshold/threshold_or_index"),
        ("i'm about 150 pounds now", "150", "AGE", NER_GROUP, "validator:age_is_a_measure_or_threshold/unit_after"),
        ("dm2 x 20 yr", "20", "AGE", NER_GROUP, "validator:age_is_a_measure_or_threshold/duration"),
        ("so your hemoglobin a1c here is is 8 , you know", "8", "AGE", NER_GROUP, "validator:age_is_a_measure_or_threshold/lab_or_vital"),
        (_CASED + "Anti-D immune globulin given at 28 wk. GBS neg.", "28", "AGE", NER_GROUP, "validator:age_is_a_measure_or_threshold/days_or_weeks"),
        (_CASED + 'EXAM: Ht 5\'7"  Wt 196 lb', "5'7", "DATE", NER_GROUP, "validator:measurement/feet_and_inches"),
        ("weight 121 pounds , down from 133 in may", "133", "ROOM", NER_GROUP, "validator:measurement/moved_reading"),
        (_CASED + "Sincerely, Rosalind Meyerhoff, MS, CGC", "MS", "STATE", NER_GROUP, "validator:state_abbreviation_without_address/credential_after"),
        ("MA level was high", "MA", "STATE", NER_GROUP, "validator:state_abbreviation_without_address/no_address"),
        (_CASED + "Chimerism at D+28 today.", "D+28", "STATE", NER_GROUP, "validator:state_not_in_gazetteer/number"),
        ("discussed in English with the family", "English", "CITY", NER_GROUP, "validator:nationality_or_language/language_as_place"),
        ("Tobacco: Former smoker. Quit 30 years ago.", "smoker", "PROFESSION", NER_GROUP, "validator:profession_is_a_habit_person_or_thing/habit_or_person"),
        ("she uses music as a distraction", "distraction", "PROFESSION", NER_GROUP, "validator:profession_is_a_habit_person_or_thing/thing_noun"),
        ("this is a secondary cause", "secondary cause", "PROFESSION", NER_GROUP, "validator:profession_is_a_habit_person_or_thing/no_person_noun"),
        (_CASED + "RUQ US w/ stones", "US", "COUNTRY", NER_GROUP, "validator:us_is_ultrasound/study_word_before"),
        (_CASED + "US-guided biopsy today", "US", "COUNTRY", NER_GROUP, "validator:us_is_ultrasound/study_word_after"),
        ("Touro Infirmary - Department of Pathology", "Department of Pathology", "DEPARTMENT", NER_GROUP, "validator:generic_clinical_service/department"),
        (_CASED + "Seen by Heme/Onc today.", "Heme/Onc", "DOCTOR", NER_GROUP, "validator:generic_clinical_service/service_as_name"),
        ("[patient] i sleep in tyler's old room half the time now .", "'s", "ROOM", NER_GROUP, "validator:starts_with_possessive/clitic_only"),
        ("kids staying w/ wife's sister in hamtramck", "'s sister", "PATIENT", NER_GROUP, "validator:starts_with_possessive/span_start"),
        # the guard's own checks
        ("started on Lisinopril today", "Lisinopril", "PATIENT", KNOWN_GROUP, "guard:drug"),
        ("Foley placed", "Foley", "PATIENT", KNOWN_GROUP, "guard:medical_term/whole_term"),
        ("given aspirin heparin today", "aspirin heparin", "PATIENT", KNOWN_GROUP, "guard:medical_term/medical_words"),
        ("History of Wilson disease in the family.", "Wilson disease", "PATIENT", NER_GROUP, "guard:eponym_with_head/eponym_then_head"),
        ("GCS on arrival: Glasgow Coma Scale 15", "Glasgow", "CITY", NER_GROUP, "guard:eponym_with_head/eponym_before_head"),
        ("endoscopy showed mallory weiss tear.", "mallory", "PATIENT", RULES_GROUP, "guard:eponym_with_head/eponym_before_head"),
        ("Kaplan-Meier curves were drawn for both arms.", "Kaplan-Meier curves", "PATIENT", NER_GROUP, "guard:eponym_with_head/own_head"),
        ("[doctor] meld sodium is 22 . child pugh class c , 10 points", "pugh", "PATIENT", RULES_GROUP, "guard:eponym_with_head/partial_term"),
        ("59 yo M with chronic AUD and housing needs", "AUD", "PATIENT", NER_GROUP, "guard:abbreviation/exact"),
        ("Note by Ana Ruiz, MSW, LICSW today", "LICSW", "CITY", NER_GROUP, "guard:abbreviation/credentials"),
        (_CASED + "Family meeting w/ sister when she arrives.", "when", "PATIENT", NER_GROUP, "guard:common_word/function_words"),
        (_CASED + "auth # A2309 Referring MD: Dr. Kavita Raman", "Referring", "DOCTOR", NER_GROUP, "guard:common_word/role_words"),
    ],
)
def test_a_veto_names_the_check_that_fired(guard_nlp, text, value, label, group, reason):
    assert vetoed_reason(guard_nlp, text, value, label, group) == reason


def test_the_whole_span_keeps_its_eponym_reason_after_a_trim(guard_nlp):
    # The trimmed span ("Rocky Mountain") stays; the whole one is the eponym's,
    # vetoed with the reason of the check that fired on it.
    text = _CASED + "Rocky Mountain spotted fever was ruled out."
    assert vetoed_reason(guard_nlp, text, "Rocky Mountain spotted", "LOCATION_OTHER") == "guard:eponym_with_head/unlisted_eponym"


def test_a_form_veto_stands_by_its_kind_whatever_its_sub_id(guard_nlp):
    # "Mason" is a name of the name lists: a vocabulary veto would yield to it,
    # a form veto (here a state abbreviation before a credential) does not.
    text = _CASED + "Sincerely, Rosalind Mason, MS, CGC"
    assert vetoed_reason(guard_nlp, text, "MS", "STATE") == "validator:state_abbreviation_without_address/credential_after"
    from spacy_phi.guard.validators import _stands_whatever_the_words

    assert _stands_whatever_the_words("validator:measurement/moved_reading")
    assert _stands_whatever_the_words("validator:nationality_or_language/language_as_place")
    assert not _stands_whatever_the_words("validator:nationality_or_language/nationality_words")
    assert not _stands_whatever_the_words("validator:date_not_date_shaped/apgar")


# -- score words: one list for every "is this n/m a score?" ------------------------------


def test_score_words_are_one_list_the_guard_and_the_rules_can_build_from():
    from spacy_phi.lexicon.scores import SCORE_WORDS, score_words_before

    assert len(SCORE_WORDS) == len(set(SCORE_WORDS))
    # the guard's clause context: a score word, then the rest of the clause
    clause = re.compile(score_words_before(then=r"[^.;\n]*$"), re.IGNORECASE)
    assert clause.search("Left lower extremity ") and clause.search("MMSE ") and clause.search("BiPAP ")
    assert not clause.search("strength 5; ") and not clause.search("follow-up around ")
    assert not clause.search("dragstrength ")  # whole words only
    # the rules' shape: the word, up to two words and a colon; every word of
    # the rules' fraction context is the list's or one of the rules' extra words
    fraction = re.compile(
        score_words_before(("pain", "ratio", "bp", "b/p"), then=r"(?:\s+\w+){0,2}\s*[:=]?", whole_words=False) + r"\s*$",
        re.IGNORECASE,
    )
    for word in "pain score scale rated rates strength motor grade murmur gcs apgar apgars ratio power bp b/p".split():
        assert fraction.search(f"{word} of the: "), word
    assert not fraction.search("seen on the ")


@pytest.mark.parametrize(
    "text,value,kept",
    [
        # "n/10" after a symptom, a hedge or a pain scale: a 0-10 rating
        ("Reports fatigue 4/10, cold-induced tingling", "4/10", False),
        ("pain is about a 7/10 today", "7/10", False),
        (_CASED + "sats 97% on RA. faces 4/10, ofirmev given.", "4/10", False),
        # before another denominator a hedge says nothing: a date
        ("follow-up around 6/12 with labs", "6/12", True),
        # a score word ends at ";" for n/m but not for n/10 (the rating's context runs to the sentence's end)
        (_CASED + "Strength 5/5 throughout; seen 4/5 for f/u.", "4/5", True),
    ],
)
def test_score_context_differs_by_denominator(guard_nlp, text, value, kept):
    assert (vetoed_reason(guard_nlp, text, value, "DATE") is None) == kept
