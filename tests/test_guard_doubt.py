"""phi_guard doubts the tagger's unsure spans in notes typed in capitals (guard/checks/doubt.py)."""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

import pytest
from guard_helpers import CASED, guard_pipeline

from spacy_phi.guard.checks.doubt import (
    ITEM_OF_A_CLINICAL_LIST,
    LIST_OF_CLINICAL_ITEMS,
    NAMES_NO_ONE,
    NOT_WRITTEN_AS_DATE,
    written_as_date,
)
from spacy_phi.guard.reasons import (
    REASON_UNSURE_LOWER_CASE_WORDS,
    REASON_UNSURE_ORDINARY_WORD,
    REASON_UNSURE_SHORTHAND,
    REASON_UNSURE_SHORTHAND_HEADER,
)
from spacy_phi.spangroups import NER_GROUP, NER_SCORES_KEY, VETOED_GROUP

#: A note typed in capitals around the span (the doubt is judged in such notes only).
CAPITALS = "PT RESTING COMFORTABLY, VSS. FAMILY IN TO VISIT THIS EVE. "
#: A note typed in lower case around the span.
LOWER = "pt resting comfortably, vss. family in to visit this eve. "
UNSURE = 0.6
SURE = 0.99


@pytest.fixture(scope="module")
def guard_nlp():
    return guard_pipeline()


def judged(nlp, text: str, value: str, label: str, score: Optional[float]) -> Tuple[List[str], List[Tuple[str, str]]]:
    """Run the guard on one tagger span with the tagger's confidence `score`."""
    doc = nlp.make_doc(text)
    start = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text).start()  # the value as a whole word
    span = doc.char_span(start, start + len(value), label=label, alignment_mode="expand")
    assert span is not None and span.text == value
    doc.spans[NER_GROUP] = [span]
    if score is not None:
        doc.user_data[NER_SCORES_KEY] = [[span.start, span.end, label, score]]
    doc = nlp.get_pipe("phi_guard")(doc)
    return [s.text for s in doc.spans[NER_GROUP]], [(s.text, s.kb_id_) for s in doc.spans[VETOED_GROUP]]


@pytest.mark.parametrize(
    "sentence,value,label",
    [
        ("VTS 450-500 ON PS 10.", "VTS", "DOCTOR"),  # an acronym no list holds
        ("APPROACHING BASELIN RESP STATUS.", "BASELIN", "PATIENT"),  # a letter left out of a common word
        ("CEFTAZ GIVEN AT 1400.", "CEFTAZ", "PATIENT"),  # a drug's name cut short
        ("BREATHSOUNDS CLEAR BILAT.", "BREATHSOUNDS", "ORGANIZATION"),  # two words joined
        ("SPUTUM AMBER TO BROWN TINGED.", "BROWN", "CITY"),  # a colour, a surname too
        ("AMBULATED X2 IN HALL WITH PT.", "HALL", "CITY"),
        ("BP 150/80- HR 90S.", "150/80-", "PATIENT"),  # no word at all
        ("DC'D DUE TO COAGULOPATHY.", "COAGULOPATHY", "DOCTOR"),  # built as medical words are
        ("PT NASOTRACHEALY SX FOR LRG AMT.", "NASOTRACHEALY", "PATIENT"),
        ("REC'D 2 UPRBC THIS AM.", "UPRBC", "PATIENT"),  # a unit glued to a listed abbreviation
        ("PRESENTLY IN SR, BP STABLE.", "SR", "CITY"),  # short: only the name lists say it is a name
        ("WILL TAKE SEVERAL DAYS AT BEST.", "BEST", "HOSPITAL"),  # "at" before an ordinary word
        ("FAMILY APPEARS TO BE AT PEACE WITH PLAN.", "PEACE", "HOSPITAL"),
        ("CLOTS AROUND CATH FROM PENIS.", "PENIS", "CITY"),  # "from" before an ordinary word
        ("NTG GTT CHANGED TO NITROPASTE.", "NITROPASTE", "HOSPITAL"),  # a change of drug, no place
        ("WILL BE REINTUBATED IF NECESSARY.", "REINTUBATED", "PATIENT"),  # a known word with a prefix
        ("RENAL: DIURESING WELL ON IV LASIX.", "DIURESING", "DOCTOR"),  # ... or an ending ("diuresis")
        ("2100 BECAME TACHYPNEIC RR-32.", "TACHYPNEIC", "DOCTOR"),  # "tachypnea"
        ("MS: ATIVAN DEC TO 4MG/HR.", "ATIVAN DEC", "PATIENT"),  # a month's abbreviation: "decreased"
    ],
)
def test_unsure_span_naming_no_one_is_vetoed(guard_nlp, sentence: str, value: str, label: str) -> None:
    kept, vetoed = judged(guard_nlp, CAPITALS + sentence, value, label, UNSURE)
    assert kept == [] and vetoed == [(value, NAMES_NO_ONE)]


@pytest.mark.parametrize(
    "sentence,value,label",
    [
        ("SPOKE WITH MARGARET ABOUT PLAN.", "MARGARET", "PATIENT"),  # a name English writes capitalised
        ("SISTER ODETTE CALLED.", "ODETTE", "PATIENT"),  # a given name no dictionary holds
        ("SEEN BY VANDERHOEK THIS AM.", "VANDERHOEK", "DOCTOR"),  # a word no list knows
        ("SON LIVES IN TOPEKA.", "TOPEKA", "CITY"),  # a city of the gazetteer
        ("DAUGHTER FLYING IN FROM DENVER.", "DENVER", "CITY"),
        ("TRANSFERRED FROM TLMC LAST PM.", "TLMC", "HOSPITAL"),  # a hospital's initials
        ("SCREENED BY GOOD SHEPHERD REHAB TODAY.", "GOOD SHEPHERD", "HOSPITAL"),  # an institution's head after it
        ("PT WENT TO GOOD SHEPHERD WITH FEVER.", "GOOD SHEPHERD", "HOSPITAL"),  # a move into a place
        ("PT WENT TO GOOD SHEPHERD WITH FEVER.", "GOOD SHEPHERD", "PATIENT"),  # whatever the tagger's label
        ("SOLDIERS AND SAILORS MEMORIAL HOSPITAL", "SOLDIERS", "HOSPITAL"),  # the name runs to its head
        ("DISPO: PACU THEN OBSTETRICS FLOOR, BED 30.", "OBSTETRICS", "DEPARTMENT"),
        ("REPORT CALLED TO RN ON 3 WEST @ 1215.", "3 WEST", "DEPARTMENT"),  # a ward's floor and wing
        ("ADMITTED TO COMMUNITY HOSPITAL 10 WEST.", "10 WEST", "DEPARTMENT"),
        ("LIVES WITH DAUGHTER IN PALM BAY.", "PALM BAY", "CITY"),  # a city of two words
        ("DISCHARGED TO A FACILITY IN SAINT CLOUD.", "SAINT", "CITY"),  # the name goes on
        ("4410 OAK PATH, LINDEN, MO 78582", "LINDEN", "CITY"),  # an address
        ("4410 OAK PATH, STIGLER, GA   TEL 555-0100", "GA", "STATE"),
        ("353 OAK LANDING, UNIT B, CROSBYTON", "B", "DOCTOR"),
        ("OPERATORS: A. DE LA CRUZ", "A. DE", "DOCTOR"),  # an initial before a word
        ("GRAND DAUGHTER-TIA---301 555-0199.", "TIA---301", "PATIENT"),  # a relative joined by dashes
        ("MET WITH HIS BROTHER HA-EUN TODAY.", "HA-EUN", "PATIENT"),  # a hyphenated name no list holds
        ("CAMBODIAN INTERPRETER SOKHA CALLED IN.", "SOKHA", "DOCTOR"),  # an occupation before it
        ("RECYCLING PLANT WORKER (MAPLE FOODS); RETIRED.", "MAPLE FOODS", "ORGANIZATION"),
        ("TRANSPORTED BY TRINITY EMS.", "TRINITY EMS", "ORGANIZATION"),
        ("SPOKE WITH LEE ABOUT PLAN.", "LEE", "PATIENT"),  # a short name of the name lists
        ("REFERRAL TO GBMC FOR F/U.", "GBMC", "ORGANIZATION"),  # "to" before a word that is not ordinary
        ("SEEN BY DR HEMOVICZ TODAY.", "HEMOVICZ", "DOCTOR"),  # "hemo" with three letters after: no medical word
        ("SEEN BY REMINGTON THIS AM.", "REMINGTON", "DOCTOR"),  # "re" before no known word
        ("SPOKE WITH JAN ABOUT PLAN.", "JAN", "PATIENT"),  # a month's abbreviation that is a given name
    ],
)
def test_unsure_span_naming_someone_stays(guard_nlp, sentence: str, value: str, label: str) -> None:
    kept, vetoed = judged(guard_nlp, CAPITALS + sentence, value, label, UNSURE)
    assert kept == [value] and vetoed == []


def test_confident_span_is_not_doubted(guard_nlp) -> None:
    kept, vetoed = judged(guard_nlp, CAPITALS + "VTS 450-500 ON PS 10.", "VTS", "DOCTOR", SURE)
    assert kept == ["VTS"] and vetoed == []


@pytest.mark.parametrize(
    "sentence,value,label,vetoed",
    [
        ("GU: FOLEY TO GD WITH UO 30CC/HR.", "GD", "CITY", True),  # gravity drainage
        ("FOLEY CATH IN SITU, DRAINING WELL.", "SITU", "CITY", True),
        ("PT RETURNED FROM CATSCAN AT 1400.", "CATSCAN", "CITY", False),  # a move out of a place
        ("DAUGHTER FLYING IN FROM DENVER.", "DENVER", "CITY", False),  # a city of the gazetteer
        ("SON LIVES IN BATH.", "BATH", "CITY", False),  # a place's cue
        ("WIFE VISITING FROM VERMONT.", "VERMONT", "STATE", False),
        ("SISTER CALLED FROM RIVERSIDE TODAY.", "RIVERSIDE", "CITY", False),  # a town of the CMS list, a word too
    ],
)
def test_confident_town_in_capitals_must_show_itself(guard_nlp, sentence: str, value: str, label: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, CAPITALS + sentence, value, label, SURE)
    if vetoed:
        assert kept == [] and gone == [(value, NAMES_NO_ONE)]
    else:
        assert kept == [value] and gone == []


def test_span_without_confidence_is_not_doubted(guard_nlp) -> None:
    # Preset entities or spaCy's own decoder give no confidence: nothing to doubt.
    kept, _ = judged(guard_nlp, CAPITALS + "VTS 450-500 ON PS 10.", "VTS", "DOCTOR", None)
    assert kept == ["VTS"]


def test_mixed_case_note_is_not_doubted(guard_nlp) -> None:
    # In mixed case a capital is evidence and a doubtful span is as often a name.
    kept, vetoed = judged(guard_nlp, CASED + "VTS 450-500 on PS 10.", "VTS", "DOCTOR", UNSURE)
    assert kept == ["VTS"] and vetoed == []


def test_doubt_can_be_turned_off() -> None:
    nlp = guard_pipeline(doubt_below=0.0)
    kept, vetoed = judged(nlp, CAPITALS + "VTS 450-500 ON PS 10.", "VTS", "DOCTOR", UNSURE)
    assert kept == ["VTS"] and vetoed == []


def test_doubt_threshold_is_a_confidence() -> None:
    with pytest.raises(ValueError, match="doubt_below"):
        guard_pipeline(doubt_below=1.5)


@pytest.mark.parametrize(
    "sentence,value,vetoed",
    [
        ("PT HAS 15SEC PERIODS OF APNEA.", "15SEC", True),
        ("REMAINED ON 4LN/C WITH RR 13-23.", "4LN/C", True),
        ("BUN ELEVATED IN 60'S, CR 1.0.", "60'S", True),
        ("FOLLOWED BY CARDIOLOGY SINCE 9/10.", "9/10", False),
        ("STOPPED SMOKING IN 1962.", "1962", False),
        ("SEEN IN CLINIC ON MONDAY.", "MONDAY", False),
        ("DISCHARGED THE 14TH TO REHAB.", "14TH", False),  # a day's ordinal
        ("STOPPED SMOKING 62'.", "62'", False),  # a year cut short
        ("INACTIVE AS OF 20950612.", "20950612", False),  # a compact date
        ("ACCESSION: 2396533.", "2396533", False),  # an identifier's digits: PHI whatever its label
        ("DAUGHTER 301 555-0199.", "301 555-0199", False),  # a phone's
        ("TRANSPORTED BY AMBULANCE, UNIT #5GMK09.", "5GMK09", False),  # after an identifier's cue
        ("DEVICE: BOSTON SCIENTIFIC GUF 108D ICD.", "GUF 108D", False),  # a model's code
        ("ADMITTED TO GERBER MEMORIAL GLASGOW 6 ON 7/2.", "GLASGOW 6", False),  # a ward after an institution
    ],
)
def test_unsure_date_must_be_written_as_a_date(guard_nlp, sentence: str, value: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, CAPITALS + sentence, value, "DATE", UNSURE)
    if vetoed:
        assert kept == [] and gone == [(value, NOT_WRITTEN_AS_DATE)]
    else:
        assert kept == [value] and gone == []


@pytest.mark.parametrize(
    "value,expected",
    [("9/10", True), ("11-21-93", True), ("1940S", True), ("'62", True), ("JAN 5", True),
     ("13/10", False), ("21@LIP", False), ("WEN 9", False), ("C/O", False)],
)
def test_written_as_date(guard_nlp, value: str, expected: bool) -> None:
    date_words = guard_nlp.get_pipe("phi_guard").lexicons.date_words
    assert written_as_date(value, date_words) is expected


@pytest.mark.parametrize(
    "sentence,value,label,vetoed",
    [
        ("hr came down after 2mg iv given by ho.", "ho", "DOCTOR", True),  # the house officer
        ("her sister faith visited today.", "faith", "PATIENT", False),  # a word, and a name
        ("flew delta to see her.", "delta", "ORGANIZATION", False),
        ("seen by ho kimura.", "ho kimura", "DOCTOR", False),  # a name beside the role
    ],
)
def test_unsure_shorthand_in_a_lower_case_note(guard_nlp, sentence: str, value: str, label: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, LOWER + sentence, value, label, UNSURE)
    if vetoed:
        assert kept == [] and gone == [(value, REASON_UNSURE_SHORTHAND)]
    else:
        assert gone == [] and kept == [value]
    kept, gone = judged(guard_nlp, LOWER + sentence, value, label, SURE)
    assert kept == [value]  # a confident span is never doubted


@pytest.mark.parametrize(
    "sentence,value,label,vetoed",
    [
        ("pt has occ junky cough, not expectorating.", "occ junky", "PATIENT", True),  # shorthand and a word
        ("hr 90s sr, cont tachypneic (35-45).", "cont tachypneic", "PATIENT", True),  # "tachypnea" with an ending
        ("gu: folley draining clear yellow urine.", "folley", "PATIENT", True),  # a slip of one letter
        ("say hi to faith for me.", "faith", "PATIENT", False),  # a word, and a given name
        ("passing frank blood per rectum.", "frank", "PATIENT", False),  # the name lists keep it (recall first)
        ("seen by dr kowalczyk this am.", "kowalczyk", "DOCTOR", False),  # no word a dictionary holds
        ("wife linda in to visit.", "linda", "PATIENT", False),
        ("pt has occ junky cough.", "occ junky", "ORGANIZATION", False),  # people's spans only
        ("ordered by a.m. team.", "a.m.", "DOCTOR", False),  # letters alone may be initials
        ("verified by palm scan (ald-bu-09373) today.", "ald-bu", "DOCTOR", False),  # the letters of a code
    ],
)
def test_unsure_words_as_a_person_in_a_lower_case_note(guard_nlp, sentence: str, value: str, label: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, LOWER + sentence, value, label, UNSURE)
    if vetoed:
        assert kept == [] and gone == [(value, REASON_UNSURE_LOWER_CASE_WORDS)]
    else:
        assert kept == [value] and gone == []
    kept, gone = judged(guard_nlp, LOWER + sentence, value, label, SURE)
    assert kept == [value]  # a confident span is never doubted
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, UNSURE)
    assert not any(reason == REASON_UNSURE_LOWER_CASE_WORDS for _, reason in gone)  # lower-case notes only


@pytest.mark.parametrize(
    "sentence,value,vetoed",
    [
        ("may replace cordis with tlc for tpn.", "tlc", True),  # TLC of the capitals list, written in lower case
        ("heparin continues at 2450u/hr. ptt in am.", "ptt", True),
        ("seen by ann this am, plan unchanged.", "ann", False),  # a name too
    ],
)
def test_a_lower_case_note_writes_its_abbreviations_in_lower_case(guard_nlp, sentence: str, value: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, LOWER + sentence, value, "DOCTOR", SURE)  # however sure the tagger is
    if vetoed:
        assert kept == [] and gone == [(value, "validator:medical_or_brand_words/name")]
    else:
        assert gone == [] and kept == [value]


@pytest.mark.parametrize(
    "sentence,value,label,vetoed",
    [
        ("\nMicu Progress Nursing Note:\nNeuro: rouses to voice.", "Micu Progress Nursing", "HOSPITAL", True),
        ("\nActivity-OOB walking in hallway with minimal assist.", "Activity-OOB", "DOCTOR", True),
        ("\nMercy Nursing Home sent the records.", "Mercy Nursing Home", "HOSPITAL", False),  # no shorthand word
        ("Transferred from Micu Progress unit today.", "Micu Progress", "HOSPITAL", False),  # not opening its line
        ("\nOOB Okonkwo walked with PT.", "OOB Okonkwo", "PATIENT", False),  # an unknown word: a name
        ("\nSCHOOL HEALTH FORM - St. Agathe's School", "SCHOOL HEALTH FORM - St.", "HOSPITAL", False),  # "St." opens a name
        ("\nHa Behavioral Health - Hoboken", "Ha Behavioral Health", "HOSPITAL", False),  # an institution's head word
    ],
)
def test_unsure_header_of_shorthand_and_words(guard_nlp, sentence: str, value: str, label: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, UNSURE)
    if vetoed:
        assert kept == [] and gone == [(value, REASON_UNSURE_SHORTHAND_HEADER)]
    else:
        assert gone == [] and kept == [value]
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, SURE)
    assert kept == [value]  # a confident span is never doubted


@pytest.mark.parametrize(
    "sentence,value,label,vetoed",
    [
        ("Received 1 unit FFP for INR 7.0.", "FFP", "DOCTOR", True),  # three capitals of the open list
        ("Hr came down after 2mg iv given by ho.", "ho", "DOCTOR", True),
        ("Referral to BMC for follow up.", "BMC", "ORGANIZATION", False),  # "to" before an organisation
        ("Seen by Dr. Ross, FFP given.", "Ross", "DOCTOR", False),  # no shorthand
        ("Attending: RSD", "RSD", "DOCTOR", False),  # a name field holds initials
        ("Noted, thanks. hc", "hc", "DOCTOR", False),  # initials in lower case
        ("Lives in Olla, PA with her husband.", "PA", "STATE", False),  # a state's code after a town
        ("Heme: serial Hcts 27.7- 28.1, one unit given.", "Hcts", "PATIENT", True),  # an abbreviation's plural
        ("Hct up to 34.2 after 2nd unit PRBC's.", "PRBC's", "ORGANIZATION", True),
        ("Spoke with Les about the plan.", "Les", "PATIENT", False),  # two letters and an "s": no plural
        ("A/P: Cont pain management, monitor MS. OOB as tol.", "OOB", "PATIENT", True),  # "MS." the mental status
        ("Plan discussed with Ms. Oob at bedside.", "Oob", "PATIENT", False),  # a title
    ],
)
def test_unsure_shorthand_in_a_mixed_case_note(guard_nlp, sentence: str, value: str, label: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, UNSURE)
    if vetoed:
        assert kept == [] and gone == [(value, REASON_UNSURE_SHORTHAND)]
    else:
        assert gone == [] and kept == [value]
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, SURE)
    assert kept == [value]  # a confident span is never doubted


@pytest.mark.parametrize(
    "sentence,value,label,vetoed",
    [
        ("Crit sent at 1800.", "Crit", "PATIENT", True),  # shorthand for the hematocrit
        ("Good cardiac index by FICK this am.", "FICK", "DOCTOR", True),  # in capitals, mid-sentence
        ("IABP out Friday, Heron d/c yesterday.", "Heron", "PATIENT", False),  # a capital mid-sentence names
        ("Paperwork for Subway completed.", "Subway", "PATIENT", False),  # an employer
        ("Juneteenth at home.", "Juneteenth", "PATIENT", False),  # a holiday is a date
        ("Transfers independently bed to chair.", "Transfers", "DOCTOR", True),
        ("Her sister Faith called.", "Faith", "PATIENT", False),  # a given name too
        ("Seen by Hope this am.", "Hope", "DOCTOR", False),
        ("Spoke with her son Angina about the plan.", "Angina", "PATIENT", False),  # a relative before it
        ("Transfers to Acme Supply.", "Transfers", "ORGANIZATION", False),  # only people's spans
        ("Crit Lane seen today.", "Crit Lane", "PATIENT", False),  # two words
        ("Nicolas Mahbub MD PhD / hb", "hb", "DOCTOR", False),  # a typist's initials
    ],
)
def test_unsure_ordinary_word_as_a_person_in_a_mixed_case_note(guard_nlp, sentence: str, value: str, label: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, UNSURE)
    if vetoed:
        assert kept == [] and gone == [(value, REASON_UNSURE_ORDINARY_WORD)]
    else:
        assert kept == [value] and gone == []
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, SURE)
    assert kept == [value]  # a confident span is never doubted


@pytest.mark.parametrize(
    "sentence,value,label,kept_as_place",
    [
        ("Changed to SIMV this shift.", "SIMV", "HOSPITAL", False),  # a change of setting, no place
        ("NTG GTT CHANGED TO SIMV.", "SIMV", "HOSPITAL", False),
        ("Referral to SIMV clinic.", "SIMV", "HOSPITAL", True),  # "to" before an organisation
    ],
)
def test_a_change_of_setting_names_no_place(guard_nlp, sentence: str, value: str, label: str, kept_as_place: bool) -> None:
    kept, gone = judged(guard_nlp, CASED + sentence, value, label, SURE)
    assert (kept == [value]) is kept_as_place
    if not kept_as_place:
        assert gone == [(value, "guard:abbreviation/listed_alone")]


@pytest.mark.parametrize(
    "text,value,label,vetoed",
    [
        (CASED + "PMH: HTN, Hypercholesterolemia, Afib,\nCOPD,CAD,PVD,Angina,PPM,DM-diet controlled", "Angina", "PATIENT", True),
        (CAPITALS + "SKIN: CHF; CAD; PETTICHAE; DM\n", "PETTICHAE", "DOCTOR", True),  # in capitals, a word no list knows
        (CASED + "Hx: HTN, COPD, Marlowe, seen by cardiology", "Marlowe", "PATIENT", False),  # the next item is prose
        (CASED + "Family at bedside: Ann, Bea, Corwin, Dot.", "Corwin", "PATIENT", False),  # a list of names
        (CASED + "Allergies: PCN, Sulfa. Seen by Dr. Ross, HTN, DM", "Ross", "DOCTOR", False),  # not a whole item
        (CASED + "PMH: HTN, COPD, CAD, Angina", "Angina", "PATIENT", True),  # the last item: two before it
        (CASED + "ID: afebrile. cont on Oxacillin, clinda for + bld cx", "Oxacillin, clinda", "PATIENT", True),  # a list itself
        (CASED + "Visitors: Ann, Bea today", "Ann, Bea", "PATIENT", False),  # a list of names
        (CASED + "Emergency contact: Hashimoto, Sora (sister)", "Hashimoto, Sora", "PATIENT", False),  # a given name as a brand begins
    ],
)
def test_an_unsure_item_of_a_clinical_list(guard_nlp, text: str, value: str, label: str, vetoed: bool) -> None:
    kept, gone = judged(guard_nlp, text, value, label, UNSURE)
    if vetoed:
        reason = LIST_OF_CLINICAL_ITEMS if "," in value else ITEM_OF_A_CLINICAL_LIST
        assert kept == [] and gone == [(value, reason)]
    else:
        assert kept == [value]
    kept, gone = judged(guard_nlp, text, value, label, SURE)
    assert kept == [value]  # a confident span is never doubted


def test_shorthand_glued_to_an_identifier_is_not_doubted(guard_nlp) -> None:
    # "ho-2290418": the span keeps its letters after trimming and stays, the digits are another check's
    kept, gone = judged(guard_nlp, LOWER + "badge ho-2290418 on file.", "ho-2290418", "DOCTOR", UNSURE)
    assert gone == [] and len(kept) == 1 and kept[0].startswith("ho")
