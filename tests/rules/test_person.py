"""The person rules (patients, lay people and clinicians; spacy_phi/rules/families/person.py):
each example fires its rule with its value and label, and no rule fires on a look-alike."""

from __future__ import annotations

import pytest

from spacy_phi.rules.families import person

from .helpers import labels_and_values, rule_spans, spans_over

#: (text, label, value, pattern id): lower-case names found by the token patterns of
#: `name_patterns.builtin_patterns` (not regex rules), which `phi_rules` runs too.
PATTERN_EXAMPLES = [
    ("[doctor] this is philip gutierrez , date of birth 1/12/71 .", "PATIENT", "philip gutierrez", "lowercase_given_and_family_name"),
]

#: (text, look-alike): no rule may fire on any part of the look-alike.
LOOKALIKES = [
    ("Please Call Home phone 410-555-0101 first", "Call Home"),
    ("SOCIAL WORK PHONE 617-555-0100", "SOCIAL WORK"),
    ("Attending: Dr Lindqvist   Phone 538-555-0182", "Dr Lindqvist"),
    ("CARDIAC SURGERY (FELLOW) AWARE", "CARDIAC SURGERY"),
    ("Seen by Case Management (RN) today", "Case Management"),
    ("ECHO: MR MODERATE, TR MILD", "MODERATE"),
    ("NEURO: MS CHANGES NOTED", "CHANGES"),
    ("? EXTUBATION IF MS CLEARS.", "CLEARS"),
    ("Per HO LLL pleural effusion", "LLL"),
    ("AFTER AM RESIDENT ROUNDS.", "ROUNDS"),
    ("HO AWARE OF LABS", "AWARE"),
    ("dr. notified, mary aware of plan", "aware"),  # an ordinary word after the given name
    ("son bob visited that evening", "visited"),
    ("pt received lasix, pat given ativan who slept", "given"),
    ("q2h blood draws, monitor ms. replete lytes prn", "replete"),  # the mental status
    ("p: follow abgs. assess ms. med for safety.", "med"),
    ("SON AND DAUGHTER, SON IN LAW AT BEDSIDE", "SON"),
    ("SON-IN-LAW CALLED, DAUGHTER-IN-LAW AWARE", "SON-IN-LAW CALLED, DAUGHTER-IN-LAW AWARE"),
    ("SOCIAL: WIFE--VISITED TODAY", "VISITED"),
    ("VS STABLE. NO CHANGES RN", "NO CHANGES"),
    ("Mother, Father and sister with diabetes", "Father"),
    ("f/u w/ PCP Dr. Beth Kowalski at OneWorld", "Dr"),
    ("[patient] my wife , she says i snore .", "she"),
    ("[doctor] so the patient is a sixty year old female", "the patient"),
    ("[patient] my son , said he would drive me .", "said"),
    ("Return if worse. - see above", "see"),
    ("[doctor] i'm gon na have the nurse come in and get you discharged", "come"),
    ("Tech: none available tonight", "none"),
    ("Tech: RN at bedside", "RN"),
    ("Patient said she is fine.", "Patient"),
    ("Mother stated that he fell.", "Mother"),
    ("pt: see, above 5 mg daily", "see, above"),
    ("COORDINATING W/ RN CM TERESA PHAM", "CM"),
    ("Pt Alert, Oriented x3, NAD", "Alert, Oriented"),
    ("cc: Jennifer Lam, PA-C\n    Dr. Harold Mensah", "Dr."),
    ("my wife made me push it", "made"),
    ("FAMILY HISTORY\nFather: Prostate cancer, heart disease.", "Prostate"),
    ("mr . and mrs . are both here", "and"),
    ("next radiographs , mr arthrogram of the right hip", "arthrogram"),
    ("discussed with Charge RN and family", "Charge"),
    ("i do n't miss anything . so", "anything"),
    ("my cousin said she had lost weight", "said"),
    ("seen by Betty Ross, PA-C. She suspected", "She"),
    ("MS Contin 15 mg", "MS Contin"),
    ("PA and lateral views", "PA and lateral"),
    ("Dr. Foley's", "'s"),
    ("Nurse Manager notified", "Manager"),
    ("Mother: Alive, HTN. Father deceased.", "Mother: Alive, HTN. Father deceased."),
    ("Mother had Alzheimer's", "Mother had Alzheimer's"),
    ("son has a cough and dtr will call", "son has a cough and dtr will call"),
    ("dr aware, dr notified of K 5.9", "dr aware, dr notified"),
    ("wife at bedside", "wife at bedside"),
    ("Former landlord Mr. Gary Olafsen", "Mr."),
    ("Seen by Smith, PA in clinic", "Smith, PA"),
    ("NP Note: stable", "Note"),
    ("PA Chest film", "Chest"),
    ("the doctor said to come back", "said"),
    ("hi honey , how are you", "honey"),
    ("bye sweetie , take care", "sweetie"),
    ("nice to see you again so", "again"),
    ("thank you so much", "so much"),
    ("good morning thanks doctor doctor cooper i'm", "doctor doctor"),
    ("a doctor appointment next week", "appointment"),
    # the full-name rule: an eponym before its head, titles and words that are names somewhere
    ("R Marcus Gunn pupil noted.", "Marcus Gunn"),
    ("Refer to Doctor Desta for CBT.", "Doctor"),
    ("Friend Farhad called 911.", "Friend"),
    ("Higher risk in West African men.", "West African"),
    ("Case reviewed at Tumor Board today.", "Tumor Board"),
    ("SW Consult placed for disposition.", "Consult"),
    ("Interpreter: Spanish, in person, for the visit.", "Spanish"),
    ("ischemic CM. Troponin elevation flat.", "Troponin"),
    ("HOSPICE ADMISSION - INITIAL RN ASSESSMENT & PLAN OF CARE", "ASSESSMENT"),
    ("Provider: Jenna Morrow, PA-C    Supervising: Dr. Abdi", "Supervising"),
    ("Feet: son showed soles on camera, no wounds.", "showed"),
    ("| CHF, COPD | on home O2 |", "CHF, COPD"),
    ("| DNR, DNI | POLST on file |", "DNR, DNI"),
    ("Plan:\n- ECG\n- CXR", "ECG"),
    ("EF = Ejection fraction, measured by echo.", "EF"),
    ("PCP Office notified of the results", "Office"),
    ('Patient states the pain is "Better" today', "Better"),
    # "per" before no person: a protocol, a role, a team, shorthand
    ("Insulin drip titrated per protocol.", "protocol"),
    ("K repleted per MD, recheck in am", "MD"),
    ("stayed at his mother's house last night", "mother"),
    ("went to the neighbor's house", "neighbor"),
    ("BP HIGH PER ALINE, 170/60", "ALINE"),
    ("diet advanced per pt request", "pt"),
    ("extubated per team", "team"),
    # after a title or a role, a word English writes mostly in lower case is no name
    ("EVAL BY MD WARM SOAK TO SITE", "WARM"),
    ("SKIN CARE RN.  HEME--INR REMAINS ELEVATED", "HEME"),
    ("Dr. Ballou and Team aware", "Team"),
    ("HO Notified of the drop in bp", "Notified"),
    ("DR BALLOU AND PT DISCUSSED", "PT"),
    # after a name in capitals, a word of the sentence is no second name
    ("DR WOODRUM UP TO SEE PT", "UP"),
    ("DR KLEIN SO INFORMED OF LOW U/O", "SO"),
    ("TRIAGE RN: Ines Varga, RN\n\nCHIEF COMPLAINT: chest pressure", "CHIEF"),  # a heading on the next line
    # after a relative, a slip of a common word and nursing shorthand are no names
    ("social: son and husband visisted. daughter called.", "visisted"),
    ("in a great deal of pain. pca inc to 2mg for a total of 12mg", "inc"),
    ("family in. son, daughter and wife at bedside.", "daughter"),  # a relative after a relative
    # before "are his/her ... proxy": words, not names; after a spaced dash: a verb
    ("Mom and Dad are his parents and proxies", "Mom"),
    ("Son - Called back and was updated", "Called"),
    ("Glucose and Insulin are her main issues", "Glucose"),
    # ordinary words before a relation in parentheses, a credential or a notice word
    ("PT CALLED HOME (WIFE) TODAY", "CALLED HOME"),
    ("RATE CONTROLLED A. FIB MD AWARE", "FIB"),
    ("REPEAT HCT 29. HOUSE STAFF NOTIFIED.", "HOUSE STAFF"),
    ("SKIN CARE DONE. DAUGHTER CALLED, UPDATED.", "DAUGHTER"),
    ("O2Sats 97-99% on 5L/NP. Pt does get SOB at times", "Pt"),
    ("O2Sats on 3Ls NP, 97-99%. Denies SOB.", "Ls"),
    ("Husband phoned in and spoke with wife\nPlease see flow sheet", "Please"),
    ("A: STABLE. P: CONTINUE TO MONITOR.\nPLAN\n", "PLAN"),  # an ordinary word closing a note
    ("will follow up tomorrow.\nWill", "Will"),
    ("RATE CONTROLLED A FIB AWARE", "A FIB"),
    ("REPEAT HCT 29. HOUSE STAFF AND DR KLEIN AWARE.", "HOUSE STAFF"),
    ("YEAST RASH IN GROIN, NYSTATIN POWDER ORDERED.", "NYSTATIN POWDER"),
]


@pytest.mark.parametrize("text,label,value,rule_id", person.EXAMPLES)
def test_example_fires_its_rule(rules_nlp, text, label, value, rule_id):
    assert (label, value, rule_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize("text,lookalike", LOOKALIKES)
def test_no_rule_fires_on_a_lookalike(rules_nlp, text, lookalike):
    assert spans_over(rules_nlp, text, lookalike) == []


@pytest.mark.parametrize("text,label,value,pattern_id", PATTERN_EXAMPLES)
def test_token_pattern_example_fires(rules_nlp, text, label, value, pattern_id):
    assert (label, value, pattern_id) in rule_spans(rules_nlp, text)


@pytest.mark.parametrize(
    "text,value",
    [
        ("Attending: Dr. Kang   PCP: Yusuf\n\nHISTORY OF PRESENT ILLNESS: 35M", "Yusuf"),
        ("Supervising: Dr. Abdi\n\nCC: R ankle injury", "Abdi"),
        ("F/u PCP Doctor Ene.", "Ene"),
    ],
)
def test_a_name_ends_at_the_line_and_no_initial_is_half_a_word(rules_nlp, text, value):
    names = [v for label, v in labels_and_values(rules_nlp, text) if label == "DOCTOR"]
    assert value in names and not any("\n" in v or v.startswith("Doctor") for v in names)


def test_a_name_stops_before_a_verb_and_a_field_gap(rules_nlp):
    assert ("DOCTOR", "brown") in labels_and_values(rules_nlp, "[doctor] i saw that dr. brown put you on buspar")
    assert ("DOCTOR", "brown put") not in labels_and_values(rules_nlp, "[doctor] i saw that dr. brown put you on buspar")
    spans = labels_and_values(rules_nlp, "Following EP: Dr. Hans Vermeulen    Device RN: Carly Bjornson, RN")
    assert ("DOCTOR", "Hans Vermeulen") in spans and not any("Device" in value for _, value in spans)
