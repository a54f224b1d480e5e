"""phi_guard trims the tagger's spans of edge tokens that are no PHI (guard/trim.py)."""

from __future__ import annotations

from typing import List, Tuple

import pytest
from guard_helpers import CASED as _CASED
from guard_helpers import guard_one_span, guard_pipeline

from spacy_phi.spangroups import NER_GROUP, NER_SCORES_KEY, RULES_GROUP, ner_scores


@pytest.fixture(scope="module")
def guard_nlp():
    return guard_pipeline()


def guarded(nlp, text: str, value: str, label: str, group: str = NER_GROUP) -> Tuple[List[str], List[str]]:
    """Run the guard on one span of `group`: the texts kept in the group and vetoed."""
    kept, vetoed = guard_one_span(nlp, text, value, label, group)
    return kept, [text for text, _ in vetoed]


@pytest.mark.parametrize(
    "text,value,label,expected",
    [
        # punctuation and a line break at the edges
        ("Lives at 2213 Cherry St, Toledo.", "2213 Cherry St,", "STREET", "2213 Cherry St"),
        ("WIC (ID KS0492281). Insurance pending.", "KS0492281).", "IDNUM", "KS0492281"),
        ("Paged - Mallory about it.", "- Mallory", "DOCTOR", "Mallory"),
        # words around a number
        (_CASED + "SSN 531-84-2967 verified w/ pt today", "531-84-2967 verified w/ pt", "SSN", "531-84-2967"),
        (_CASED + "MRN: 61-009-4472\nDate of visit", "61-009-4472\nDate", "MEDICALRECORD", "61-009-4472"),
        (_CASED + "ph 216-444-8180 option 3 today", "ph 216-444-8180 option 3", "PHONE", "216-444-8180 option 3"),
        (_CASED + "CALL 245-350-5161 X 584 IF YOUR PAIN", "245-350-5161 X 584 IF YOUR", "PHONE", "245-350-5161 X 584"),
        (_CASED + 'Sister (+1 832-474-9015): shocked, "he is safe"', '+1 832-474-9015): shocked, "he', "PHONE", "+1 832-474-9015"),
        # an identifier with a name's label is trimmed like a number
        (_CASED + "SSN 531-84-2967 verified w/ pt today", "531-84-2967 verified w/ pt", "ORGANIZATION", "531-84-2967"),
        (_CASED + "ProviderOne ID 108849213WA\n\nFAMILY: none", "108849213WA\n\nFAMILY", "ORGANIZATION", "108849213WA"),
        # titles and relatives' words before a name
        (_CASED + "Collateral from Girlfriend Hannah today.", "Girlfriend Hannah", "PATIENT", "Hannah"),
        (_CASED + "Called landlord Mr. Gary Olafsen today.", "landlord Mr. Gary Olafsen", "PATIENT", "Gary Olafsen"),
        (_CASED + "Officer D. Pruitt #4418 took the report.", "Officer D. Pruitt", "PATIENT", "D. Pruitt"),
        (_CASED + "Examiner: Deborah Kincaid, BSN, RN", "Examiner: Deborah Kincaid", "DOCTOR", "Deborah Kincaid"),
        ("pt's wife dolores is at rehab", "wife dolores", "PATIENT", "dolores"),
        (_CASED + "Coordinating w/ RN CM Teresa Pham today", "CM Teresa Pham", "DOCTOR", "Teresa Pham"),
        (_CASED + "Crisis line 716-845-2300 24/7 and come in", "716-845-2300 24/7", "PHONE", "716-845-2300"),
        # lower-case words after an institution's name in a cased note
        (_CASED + "Works at the Amazon warehouse in Olathe.", "Amazon warehouse", "ORGANIZATION", "Amazon"),
        (_CASED + "Seen at University of Minnesota alumni services.", "University of Minnesota alumni services", "HOSPITAL", "University of Minnesota"),
        # the clause after an institution's head word
        ("63 YO MALE TRANSFERED FROM ORCHARD HOSPITAL W SEVERE ISCHEMIC CARDIOMYOPATHY W CLASS IV CHF.",
         "ORCHARD HOSPITAL W SEVERE ISCHEMIC CARDIOMYOPATHY W", "HOSPITAL", "ORCHARD HOSPITAL"),
        # a blank line ends a span: the next paragraph opens with its heading
        (_CASED + "Dose given: Mark Stein, RN \n \nSKIN: intact", "Mark Stein, RN \n \nSKIN", "DOCTOR", "Mark Stein"),
        # an age is its number: unit words and what follows are trimmed at either end
        ("so lindsay is a thirty eight year old female", "thirty eight year", "AGE", "thirty eight"),
        ("tomasz is a fifty one year old right hand dominant male", "fifty one year old right", "AGE", "fifty one"),
        ("i'm sixty seven years old and a brand new grandma", "sixty seven years old and a brand new", "AGE", "sixty seven"),
        ("she is in her mid - forties now", "mid - forties", "AGE", "forties"),
        # a trailing function word, conjunction, -ly adverb, or a verb after a lower-case name
        (_CASED + "He works as an accountant and anticipates sitting.", "accountant and", "PROFESSION", "accountant"),
        (_CASED + "Unable to work as a driver since the collision.", "driver since", "PROFESSION", "driver"),
        ("we lived in houston , katy actually , for years", "katy actually", "CITY", "katy"),
        ("[patient] my friend priya goes to a gym on lake avenue", "priya goes", "PATIENT", "priya"),
        # a leading lower-case article
        ("he lives with my other sister in the philippines .", "the philippines", "COUNTRY", "philippines"),
        # a person's name ends before a number and before the next field's words after a wide gap
        (_CASED + "Surgery w/ Dr. Raman 2 wk ago.", "Raman 2", "DOCTOR", "Raman"),
        (_CASED + "Referrals: Audiology, Dr. Lum, AuD, for tinnitus", "Lum, AuD", "DOCTOR", "Lum"),
        (_CASED + "Coordinator: Beth Ann Yoder, RN, CDCES   pager", "Beth Ann Yoder, RN, CDCES", "DOCTOR", "Beth Ann Yoder"),
        (_CASED + 'Patient: Teodoro "Teddy" Bishop    Clinic # 12-883-417', 'Teodoro "Teddy" Bishop    Clinic', "PATIENT", 'Teodoro "Teddy" Bishop'),
    ],
)
def test_edges_that_are_no_phi_are_trimmed(guard_nlp, text, value, label, expected):
    kept, vetoed = guarded(guard_nlp, text, value, label)
    assert kept == [expected] and vetoed == []


@pytest.mark.parametrize(
    "text,value,label",
    [
        # brackets with their partner inside, letters written together with an ID
        ("Call (419) 882-6130 today.", "(419) 882-6130", "PHONE"),
        ("Palm scan TG0A-9XWW on file.", "TG0A-9XWW", "BIOID"),
        # an address the tagger took for an ID keeps its street word
        (_CASED + "PCP Dr. Lau, 136-20 38th Ave, Flushing", "136-20 38th Ave", "MEDICALRECORD"),
        ("Implant BOSTON SCIENTIFIC ZG864NA placed.", "BOSTON SCIENTIFIC ZG864NA", "DEVICE"),
        # a name after a number is no ordinary word; a lower-case note has no case evidence
        (_CASED + "MRN 4471229\nJohn Smith", "4471229\nJohn Smith", "MEDICALRECORD"),
        ("at st joe's rehab now", "st joe's rehab", "HOSPITAL"),
        ("Sister Mary Agnes visited.", "Mary Agnes", "PATIENT"),
        # ages with words inside them, ordinals; a compound written together; a name or month that is a function word
        ("she was three and a half when it started", "three and a half", "AGE"),
        ("for his granddaughter's fifteenth birthday", "fifteenth", "AGE"),
        ("i drive for enterprise rent-a-car now", "enterprise rent-a", "ORGANIZATION"),
        (_CASED + "Admitted to The Christ Hospital overnight.", "The Christ Hospital", "HOSPITAL"),
    ],
)
def test_values_and_what_may_be_part_of_them_stay_whole(guard_nlp, text, value, label):
    kept, vetoed = guarded(guard_nlp, text, value, label)
    assert kept == [value] and vetoed == []


def test_a_possessive_start_is_left_for_the_validators(guard_nlp):
    kept, vetoed = guarded(guard_nlp, "pays his brothers' school fees monthly", "' school fees", "LOCATION_OTHER")
    assert kept == [] and vetoed == ["' school fees"]


def test_rule_spans_are_not_trimmed(guard_nlp):
    kept, _ = guarded(guard_nlp, "Lives at 2213 Cherry St, Toledo.", "2213 Cherry St,", "STREET", group=RULES_GROUP)
    assert kept == ["2213 Cherry St,"]


@pytest.mark.parametrize(
    "text,value,label,expected",
    [
        ("[patient] he lives with my other sister in the philippines .", "the philippines", "COUNTRY", "philippines"),
        ("[doctor] right , and that's on doctor feldman's notes", "feldman's", "DOCTOR", "feldman"),
        (_CASED + "She continues to work as a bank teller without difficulty.", "bank teller without", "PROFESSION", "bank teller"),
        # a name's own "'s" and a capitalised article stay
        (_CASED + "Seen at St. Luke's today.", "St. Luke's", "HOSPITAL", "St. Luke's"),
        (_CASED + "Transferred to The Christ Hospital today.", "The Christ Hospital", "HOSPITAL", "The Christ Hospital"),
    ],
)
def test_rule_spans_lose_only_articles_possessives_and_trailing_function_words(guard_nlp, text, value, label, expected):
    kept, vetoed = guarded(guard_nlp, text, value, label, group=RULES_GROUP)
    assert kept == [expected] and vetoed == []


def test_trimming_can_be_turned_off_and_is_saved(tmp_path):
    nlp = guard_pipeline(trim_ner_edges=False)
    kept, _ = guarded(nlp, "Lives at 2213 Cherry St, Toledo.", "2213 Cherry St,", "STREET")
    assert kept == ["2213 Cherry St,"]
    nlp.to_disk(tmp_path / "p")
    import spacy

    assert spacy.load(tmp_path / "p").get_pipe("phi_guard").trim_ner_edges is False


def test_a_trimmed_span_keeps_the_ner_confidence(guard_nlp):
    doc = guard_nlp.make_doc("Lives at 2213 Cherry St, Toledo.")
    span = doc.char_span(9, 24, label="STREET")
    doc.spans[NER_GROUP] = [span]
    doc.user_data[NER_SCORES_KEY] = [[span.start, span.end, "STREET", 0.75]]
    doc = guard_nlp.get_pipe("phi_guard")(doc)
    trimmed = doc.spans[NER_GROUP][0]
    assert trimmed.text == "2213 Cherry St"
    assert ner_scores(doc)[(trimmed.start, trimmed.end, "STREET")] == 0.75


def test_a_veto_of_the_whole_span_stands_after_trimming(guard_nlp):
    text = _CASED + "Is Rocky Mountain spotted fever seen in Ohio?"
    kept, vetoed = guarded(guard_nlp, text, "Rocky Mountain spotted", "HOSPITAL")
    assert kept == [] and vetoed == ["Rocky Mountain spotted"]
