"""phi_guard on the numbers of ICU charting: settings, readings, fractions,
clock times and counts are no DATE, AGE, ROOM or identifier; real dates, ages
of 90 and over and identifiers after their cue stay."""

from __future__ import annotations

from typing import Optional

import pytest

from guard_helpers import guard_one_span, guard_pipeline

from spacy_phi.lexicon.clinical_numbers import alphanumeric_reading
from spacy_phi.spangroups import NER_GROUP, RULES_GROUP


@pytest.fixture(scope="module")
def guard_nlp():
    return guard_pipeline()


def _reason(nlp, text: str, value: str, label: str, group: str = NER_GROUP) -> Optional[str]:
    kept, vetoed = guard_one_span(nlp, text, value, label, group)
    return vetoed[0][1] if vetoed else None


# (text, value, label, reason prefix): the tagger's span is a reading or a setting.
VETOED = [
    ("Noted HR increased this afternoon to 83-85NSR with PVC's.", "83-85NSR", "ROOM", "validator:measurement/reading_glued_to_its_word"),
    ("Cardiac: B/L 150-160/70's, HR 90-100 SR.", "B/L 150-160/70's", "ROOM", "validator:measurement/pressure_range"),
    ("B/P REMAINING 170S SYST NIPRIDE STARTED", "170S SYST NIPRIDE", "STREET", "validator:street_is_a_reading"),
    ("RESP--CONTS ON AC 12, 800, PEEP 10", "AC 12", "DATE", "validator:measurement/vent_mode_and_number"),
    ("Patient remains intubated on PSV 12/10, Vt 450-500", "12/10", "DATE", "validator:measurement/vent_mode_and_number"),
    ("settings are: psv 10/5 peep and 30% fio2", "10/5", "DATE", "validator:measurement/vent_mode_and_number"),
    ("INTUBATED ON IMV 6/5PS/8PEEP WITH STABLE ABG'S", "6/5", "DATE", "validator:measurement/vent_mode_and_number"),
    ("Pt. on a/c 800x12/10/40% no changes", "12/10/40", "DATE", "validator:measurement/settings_with_percent"),
    ("PLACED ON SIMV 700x16 Spon tv 690", "SIMV 700x16", "DATE", "validator:measurement/vent_volume_times_rate"),
    ("CO/CI/SVR REMAINS AT BASELINE WITH 5.5/2.5/450   HOLDING", "5.5/2.5/450", "DATE", "validator:measurement/decimal_reading_group"),
    ("IPS DECREASED TO 10/.30/5 AND DOING WELL", "10/.30/5", "DATE", "validator:measurement/decimal_reading_group"),
    # A pair of pressures in a list of settings, before an oxygen fraction or after a word of weaning.
    ("SETTINGS-SIMV/PS, 500X10, 40%, & 5/8. ABG TO BE DRAWN", "5/8", "DATE", "validator:measurement/vent_settings_in_context"),
    ("remains vented IMV 700x10, 50% 8/5. sats >97%", "8/5", "DATE", "validator:measurement/vent_settings_in_context"),
    ("mechanically vented: simv 900 10/25 50% 5p", "10/25", "DATE", "validator:measurement/vent_settings_in_context"),
    ("RESP: trialed on 5/5, tolerated well w/ great volumes", "5/5", "DATE", "validator:measurement/vent_settings_in_context"),
    ("Continued to wean down to 10/5. Pt tolerating well", "10/5", "DATE", "validator:measurement/vent_settings_in_context"),
    ("switched to PSV. Tolerated 18/5 with ABG's 88/77", "18/5", "DATE", "validator:measurement/vent_settings_in_context"),
    ("ABG 7.35/66/55 ON 10/5 BIPAP 65% 02.", "10/5", "DATE", "validator:measurement/vent_settings_in_context"),  # its mode after it
    ("AFTER APPROX. 11/2HR, INCREASED RATE", "11/2", "DATE", "validator:measurement/number_with_unit"),  # 1 1/2 hours
    ("drip off 1/2hr. repeat FS 374.", "1/2", "DATE", "validator:measurement/number_with_unit"),
    ("bun/creat down this am 88/3.4.  id: afebrile", "88/3.4", "DATE", "validator:measurement/decimal_reading_group"),
    ("RATE DECREASED FROM 700U TO 500U. CVP 24-26", "700U", "DATE", "validator:measurement/number_with_unit"),
    ("HEPARIN DOWN TO 500U/HR WITH IMPROVMENT", "500U", "ROOM", "validator:measurement/number_with_unit"),
    ("GOAL (-) 1-2 LITERS/DAY.", "1-2 LITERS", "VEHICLE", "validator:measurement/number_with_unit"),
    ("SPO2 94-97% on 100%NRB and 6ltr NC", "100%NRB", "DATE", "validator:measurement/number_with_unit"),
    ("URINE FROM 5-35 CC/HR. NEW LINE", "5-35", "ROOM", "validator:measurement/number_with_unit"),
    ("DID RECEIVE 1 500CC NS FLUID BOLUS", "1 500CC NS", "PHONE", "validator:measurement/number_with_unit"),
    ("resp: cxs at bases up 1/3-1/2. sat 94%", "1/3", "DATE", "validator:measurement/fraction"),
    ("Recieved Pt on 1/2ns with 40meq kcl", "1/2", "DATE", "validator:measurement/number_with_unit"),
    ("vvi pacer ~3/4 of time w afib", "3/4", "DATE", "validator:measurement/fraction"),
    ("decompensated condition ^rales 2/3^, wedge 12^20", "2/3", "DATE", "validator:measurement/fraction"),  # lung fields
    ("pt on passy muir valve for over 1/2 hour, also", "1/2", "DATE", "validator:measurement/fraction"),
    ("WHEN AGITATED. CO/CI 5/3 FICK SVR 900'S", "5/3", "DATE", "validator:measurement/reading_after_measure_word"),
    ("BP DOWN TO 100-120/50'S , CURRENTLY", "100-120/50'S", "ROOM", "validator:measurement/pressure_range"),
    ("SBP 60'S-120'S/PALP", "60'S-120'S", "DATE", "validator:measurement/reading_decade"),
    ("EPISODE OF HYPOTENSION DOWN TO 70'S/, RESTARTED", "70'S/", "DATE", "validator:measurement/open_blood_pressure"),
    ("BP HIGH PER ALINE, (170-190/60-70'S). COZAAR", "170", "PHONE", "validator:measurement/open_blood_pressure"),
    ("also noted to have bp that dropped to 70's--pt cont'd", "70's", "DATE", "validator:measurement/reading_after_measure_word"),
    ("CARDIAC: SB/SR 50-60s w/ occ PVCs", "SR 50-60s", "DEVICE", "validator:measurement/reading_after_measure_word"),
    ("Rate in the teens-twenties with good volumes", "teens", "AGE", "validator:measurement/reading_after_measure_word"),
    ("ARRIVED IN TRANSFER APPROX. 2130; IN NO DISTRESS", "2130", "DATE", "validator:clock_time/clock_after_time_word"),
    ("DOBUTAMINE TAPERED TO OFF AS OF 0200; CO/CI SENT", "AS OF 0200", "DEVICE", "validator:identifier_without_shape_or_cue"),
    ("c/o h/a at 2000 relieved with tylenol", "2000", "DATE", "validator:clock_time/clock_after_time_word"),
    ("FAMILY IN. OOB TO CHAIR X 2, AMBULATING", "X 2", "ROOM", "validator:measurement/count"),
    ("DANGLE ON EDGE OF BED X 15-20 MINUTES", "X 15-20", "ROOM", "validator:measurement/count"),
    ("OXACILLIN (D#7 OF 14) AND AUGMENTIN", "7 OF 14", "IDNUM", "validator:measurement/count"),
    ("FROM 50'S.  8/4/460- CHANGED FROM PREVIOUS", "8/4/460-", "DATE", "validator:measurement/reading_triple"),
    ("co/ci pa sats improved to 5-6/3-4/0-80 and", "6/3", "DATE", "validator:measurement/reading_triple"),
    ("CVS: HR 60-90's Afib without vea", "HR 60-90", "ROOM", "validator:measurement/reading_after_measure_word"),
    ("ZOSYN D/C WBC 41  A. SEPSIS", "WBC 41", "ROOM", "validator:measurement/reading_after_measure_word"),
    ("KEEPING MAPS GREATER THEN 60. NEO OFF", "60", "DATE", "validator:measurement/reading_after_measure_word"),
    ("PT INITIALLY ON 20PS AND RESTING", "20PS", "DATE", "validator:measurement/vent_mode_and_number"),
    ("transfused PRBC 0330-0630 without incident", "PRBC 0330-0630", "DEVICE", "validator:identifier_without_shape_or_cue"),
    ("NPO since 2400 for surgery", "2400", "DATE", "validator:clock_time"),
    ("oriented from 2000 to 2400. slept well", "2000", "DATE", "validator:clock_time"),
    ("RESP. RATE RANGES FROM 14-24 BPM", "14-24", "ROOM", "validator:"),
    ("CONT TO INCREASE T.F, TO GOAL RATE AND THEN D/C TPN", "GOAL RATE", "ROOM", "validator:room_number_without_room_word"),
    ("CCU NURSING PROGRESS NOTE 7A-12P    NEURO: awake", "7A-12P", "IDNUM", "validator:identifier_without_shape_or_cue"),
    ("PTT TO BE CHECKED AT 12 MN.", "12 MN", "VEHICLE", "validator:identifier_without_shape_or_cue"),
    ("C/DB Q 1-2 HRS, RAISING SPUTUM", "DB Q 1-2", "DEVICE", "validator:identifier_without_shape_or_cue"),
    ("PA LINE DC/D 1800 PER MD", "D 1800", "DEVICE", "validator:identifier_without_shape_or_cue"),
    ("#16 FR FOLEY PLACED AND DRAINING", "16 FR FOLEY", "IDNUM", "validator:measurement/number_with_unit"),
    # A range of pressures over a value or a range: no month or day runs from 63 to 70.
    ("cardiac--hr av paced at 70's, pa# 63-70/27-30, cvp 28-31", "63-70/27", "IDNUM", "validator:measurement/pressure_range"),
    ("PAP has slowly been decreasing and is in 50-60/19-23s. Wedge 18", "50-60/19-23s", "ROOM", "validator:measurement/pressure_range"),
    ("bp 79-93/30-40, pa #'s 46-60/18-30, ntg gtt started", "'s 46-60/18-30", "IDNUM", "validator:measurement/pressure_range"),
]

# (text, value, label): real PHI in the same shapes, kept.
KEPT = [
    ("Seen in clinic on 10/5 for follow up.", "10/5", "DATE"),
    ("Symptoms since 1/2, worse today.", "1/2", "DATE"),
    ("CO/CI drawn 5/3, repeat in am", "5/3", "DATE"),  # not right after the names of its readings
    ("rales heard 2/3 and again today", "2/3", "DATE"),
    ("She is in her 90's and lives alone.", "90's", "AGE"),
    ("a man in his 90s with CHF", "90s", "AGE"),
    ("admitted 7/23 from home", "7/23", "DATE"),
    ("resp: pt extubated on 9/19 currently on 40% cool neb", "9/19", "DATE"),  # a date cue, no setting's word
    ("SEEN ON 11/2 HR 80 SR.", "11/2", "DATE"),  # "HR" apart: the heart rate after a date
    ("Location: Westbrook Hospital Rm 6L-140\nPatient:", "6L-140", "ROOM"),  # a room after its room word
    ("RESP: MECH VENT VIA TRACH (PLACED 8/14). AC 100%,650 X 10", "8/14", "DATE"),
    ("Will attempt to wean and extubate 6/17. Increase TF", "6/17", "DATE"),
    ("LINES: PICC PLACED IN R AC 11/17, ART LINE", "11/17", "DATE"),
    ("admitted to hospital 9/3/97. see past hx", "9/3/97", "DATE"),
    ("[[11/21.93]] neuro: alert", "11/21.93", "DATE"),
    ("MRN 500-600 on file", "500-600", "MEDICALRECORD"),
    ("badge 3317 came by", "3317", "IDNUM"),
    ("serial number PJN7741920 on the pump", "PJN7741920", "DEVICE"),
    ("ACCT#: V00918273645", "V00918273645", "ACCOUNT"),
    ("call daughter 410-322-1419 tonight", "410-322-1419", "PHONE"),
    ("Orientation knows it is 2020, not sure of month", "2020", "DATE"),
    ("98 yo gentleman admitted via cath lab", "98", "AGE"),
    ("Transferred to Rm 12-14 on the floor", "12-14", "ROOM"),
    ("PMH: CABG from 2000 to 2010 at Mercy", "2000", "DATE"),
    ("admitted 3/2/2015 with CHF", "3/2/2015", "DATE"),
    ("chemo 10-12/2019 at Mercy, then surgery", "10-12/2019", "DATE"),  # months over a year: a date range
    ("lives in Spokane, last contact ~2021; pt gave", "2021", "DATE"),
    ("Visit: Sat 9/14/2023 11:42", "9/14/2023", "DATE"),
    ("1 episode VT 12/31/25 23:52 (New Year's Eve)", "12/31/25", "DATE"),
    ("Labs: Hgb 10.1. Pap 03/2024 NILM", "03/2024", "DATE"),
    ("Hx falls: 2 in last 90 days (9/14, 10/3l).", "10/3l", "DATE"),
    ("Discharge: 01/15/2024\nUnit: 7 North", "01/15/2024", "DATE"),
    ("palm vein scan (PatientSecure ID PS-0047-22813).", "PS-0047-22813", "IDNUM"),
    ("SICK CALL REQUEST (KITE) #: K-118204   RECEIVED", "118204", "IDNUM"),
    ("Called office (718-245-3131 x4402), spoke w/ RN", "718-245-3131 x4402", "PHONE"),
    ("1) 514-2 5 West | GUY, TREMAINE | 58M", "514-2", "ROOM"),
    ("Infusion Suite 3, chair 14\n04/07/2025 0815", "14", "ROOM"),
    ("CoverMyMeds key: BKL7QX2M\n\nTo Whom", "BKL7QX2M", "IDNUM"),
    ("83 yo male admitted to GH ER with fever", "GH ER", "ROOM"),
    ("order code BKL7QX2M sent", "BKL7QX2M", "IDNUM"),
    ("DOB 04/29/25   Episode 37BFS\nPhysician", "37BFS", "IDNUM"),
    ("IMPLANTS: Medtronic PB 504 insulin pump", "Medtronic PB 504", "DEVICE"),
    ("Vehicle: Nissan (JST 752)", "JST 752", "VEHICLE"),
    ("Room:\nJ-5\n\nPatient Name", "J-5", "IDNUM"),
    ("Transplant Service\nUnit 8NE, room 8-214", "8NE", "VEHICLE"),
]


@pytest.mark.parametrize("text,value,label,reason", VETOED)
def test_readings_and_settings_are_vetoed(guard_nlp, text, value, label, reason):
    found = _reason(guard_nlp, text, value, label)
    assert found is not None and found.startswith(reason), found


@pytest.mark.parametrize("text,value,label", KEPT)
def test_dates_ages_and_identifiers_in_the_same_shapes_stay(guard_nlp, text, value, label):
    assert _reason(guard_nlp, text, value, label) is None


@pytest.mark.parametrize(
    "text,value,label,vetoed",
    [
        ("Sat's in the 90's. ABG this am", "90's", "AGE", True),  # age_nineties_decade after a vital
        ("pco2 in the 90's and low po2", "90's", "AGE", True),
        ("she is in her 90s and frail", "90s", "AGE", False),
        ("PT. INITIALLY ON PSV/CPAP 15/10/40%. TACHYPNEA", "15/10/40", "DATE", True),  # date_numeric on a setting
        ("Sputum sent on 10/5 for culture", "10/5", "DATE", False),
        ("OOB TO CHAIR X3 ASSIST", "X3", "ROOM", True),
        ("92 yo F from home", "92", "AGE", False),
    ],
)
def test_rule_spans_are_checked_for_their_context(guard_nlp, text, value, label, vetoed):
    assert (_reason(guard_nlp, text, value, label, RULES_GROUP) is not None) == vetoed


@pytest.mark.parametrize(
    "value",
    ["600X12", "650X10X100%X", "HR60-70", "RR-18-20", "CVP-17-19", "PAD'S18-23", "30-40CC", "80-360CC/", "61-64SR",
     "12-13BREATHS", "@15-20MCG", "1145AM", "7A-12P", "DOWNWARD-0400", "2000-BUN"],
)
def test_codes_that_are_readings(value):
    assert alphanumeric_reading(value)


@pytest.mark.parametrize(
    "value", ["Z8912708G", "53RHM4471", "E24-1187", "SP22-48817", "CW-7744", "KS0492281", "PB7200", "S22A", "ZG864NA"]
)
def test_codes_that_are_identifiers(value):
    assert not alphanumeric_reading(value)


# Short months and weekdays that are charting words: before a reading, or in a note
# typed in capitals before a word with no day, year or date cue.
_CAPITALS = "PT RESTING COMFORTABLY. NO FAMILY IN. "
CHARTING_MONTH_OR_DAY = [
    (_CAPITALS + "UOP DEC OVER LAST FEW HRS.", "DEC", True),  # decreased
    (_CAPITALS + "PT MAY NEED LASIX.", "MAY", True),  # the verb
    (_CAPITALS + "VASCULAR THINKS THIS MAY BE R/T LEVO.", "MAY", True),  # the verb after a date cue
    ("Bactrim may be the cause; may dc today.", "may", True),
    ("Seen in May for a rash.", "May", False),
    ("O2 Sat 94% on RA, lungs clear", "Sat", True),  # saturation before its reading
    (_CAPITALS + "O2 SAT 98 ON 2L NC.", "SAT", True),
    (_CAPITALS + "WILL RETURN MON.", "MON", False),  # a weekday at the end of a sentence
    (_CAPITALS + "ACCEPTED FOR MON AM.", "MON", False),  # after a date cue
    (_CAPITALS + "SEEN IN MAY FOR F/U.", "MAY", False),
    (_CAPITALS + "CT DONE DEC 5 AT OSH.", "DEC", False),  # a day after it
    ("RD to see pt Sat with the family.", "Sat", False),  # mixed case: a weekday alone is a date
    ("Flu shot given Dec 2019.", "Dec", False),
    # A weekday and its reading in one span: no day of the month is above 31.
    (_CAPITALS + "O2 SAT 98 ON 2L NC.", "SAT 98", True),
    ("Lungs clear, sat 94 on RA.", "sat 94", True),
    ("Pt to return Sat 12 for a dressing change.", "Sat 12", False),
    ("Follow-up Sat 3/4 in clinic.", "Sat 3/4", False),
    (_CAPITALS + "CT DONE DEC 98 AT OSH.", "DEC 98", False),  # a month may name a year
    # the words it charts taken into the span: no digit, no other date word
    (_CAPITALS + "LUNGS WITH DEC OR CRACKLES AT BASES.", "DEC OR CRACKLES", True),
    (_CAPITALS + "INSULIN DRIP WITH DEC GLU LEVELS DEC DRIP TO 1U/HR.", "DEC GLU LEVELS DEC", True),
    (_CAPITALS + "SEEN IN DEC AND JAN AT OSH.", "DEC AND JAN", False),  # after a date cue
    (_CAPITALS + "CT DONE DEC OF LAST YEAR.", "DEC OF LAST YEAR", False),  # another date word
]


@pytest.mark.parametrize("text,value,vetoed", CHARTING_MONTH_OR_DAY)
def test_short_month_or_weekday_as_charting_word(guard_nlp, text, value, vetoed):
    reason = _reason(guard_nlp, text, value, "DATE")
    if vetoed:
        assert reason is not None and reason.endswith(("short_month_or_day_alone", "short_month_with_charted_words", "short_day_and_reading", "oxygen_saturation", "modal_may")), reason
    else:
        assert reason is None
