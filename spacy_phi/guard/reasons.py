"""Why `phi_guard` vetoed a span: the reason written in the vetoed span's `kb_id_`.

A reason is a kind, then a sub-id where one kind is returned by several checks:
"validator:date_not_date_shaped/apgar" is a DATE vetoed as a date-shaped number
that is no date ("Apgars 8/9"), by the Apgar check. The kind (the part before
"/", `reason_kind`) says what the span is and is what code that groups vetoes
compares; the sub-id says which check fired. A kind returned by one check has
no sub-id ("validator:pronoun").

The kinds are defined here; each check family defines its sub-reasons beside
its checks (`sub_reason`), and `veto_reasons()` lists every reason a veto can
carry, each returned by exactly one check.
"""

from __future__ import annotations

import re
from typing import Dict, List, Tuple

#: Every kind, in the order defined; and every sub-reason, by its string.
_KINDS: List[str] = []
_SUB_REASONS: Dict[str, str] = {}
#: A sub-id: short snake_case that names the check ("apgar", "blood_pressure").
_SUB_ID = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


def _kind(reason: str) -> str:
    _KINDS.append(reason)
    return reason


# -- the guard's own checks (component.py) -------------------------------------------

REASON_DRUG = _kind("guard:drug")
REASON_MEDICAL_TERM = _kind("guard:medical_term")
REASON_ABBREVIATION = _kind("guard:abbreviation")
REASON_EPONYM = _kind("guard:eponym_with_head")
REASON_COMMON_WORD = _kind("guard:common_word")
# a tagger span of a note in capitals that the tagger doubts and that shows nothing of its label (checks/doubt.py)
REASON_UNSURE_IN_CAPITALS = _kind("guard:unsure_in_capitals")
# a tagger span of a note not typed in capitals that the tagger doubts and that is clinical shorthand only (checks/doubt.py)
REASON_UNSURE_SHORTHAND = _kind("guard:unsure_shorthand")
REASON_UNSURE_SHORTHAND_HEADER = _kind("guard:unsure_shorthand_header")
# a tagger's person span of a note in mixed case that the tagger doubts and that is one ordinary word no name list holds (checks/doubt.py)
REASON_UNSURE_ORDINARY_WORD = _kind("guard:unsure_ordinary_word")
# a tagger's person span of a note typed in lower case that the tagger doubts and whose every word is a word or shorthand, none a name (checks/doubt.py)
REASON_UNSURE_LOWER_CASE_WORDS = _kind("guard:unsure_lower_case_words")
# a tagger span that the tagger doubts and that is one item of a list of clinical shorthand (checks/doubt.py)
REASON_UNSURE_IN_CLINICAL_LIST = _kind("guard:unsure_in_clinical_list")

# -- a site's policy (spacy_phi.policy): a `never_phi` term or regex ------------------

REASON_POLICY_ALLOW = _kind("policy:allow")

# -- the label validators (validators.py and checks/) ---------------------------------

REASON_TOO_LONG = _kind("validator:span_too_long")
# dates and times (checks/date.py)
REASON_DATE_NO_DATE_WORD = _kind("validator:date_without_date_word")
REASON_DATE_NUMBER_SHAPE = _kind("validator:date_not_date_shaped")
REASON_DATE_ORDINAL_COUNT = _kind("validator:ordinal_of_a_count")
REASON_DAY_COUNTER = _kind("validator:day_counter_or_signed_number")
REASON_CLOCK_TIME = _kind("validator:clock_time")
REASON_OBSTETRIC = _kind("validator:obstetric_notation")
# ages (checks/age.py)
REASON_AGE_NO_NUMBER = _kind("validator:age_without_number")
REASON_AGE_OUT_OF_RANGE = _kind("validator:age_out_of_range")
REASON_AGE_MEASURE = _kind("validator:age_is_a_measure_or_threshold")
# identifiers, contacts and number shapes (checks/identifiers.py; clinical measurements: checks/clinical_numbers.py)
REASON_NO_DIGIT = _kind("validator:identifier_without_digits")
REASON_RANGE = _kind("validator:identifier_is_a_range")
REASON_ROOM_WITHOUT_CUE = _kind("validator:room_number_without_room_word")
REASON_MEASUREMENT = _kind("validator:measurement")
REASON_NO_IDENTIFIER_SHAPE = _kind("validator:identifier_without_shape_or_cue")
REASON_DIAGNOSIS_CODE = _kind("validator:diagnosis_code")
REASON_NOT_EMAIL = _kind("validator:email_without_at")
REASON_NOT_URL = _kind("validator:url_without_host")
REASON_NOT_USERNAME = _kind("validator:username_is_a_word")
REASON_USERNAME_OF_WORDS = _kind("validator:username_of_words")
REASON_NOT_PHONE = _kind("validator:phone_not_laid_out")
REASON_NOT_IP_ADDRESS = _kind("validator:ip_address_not_dotted")
REASON_URL_NO_DOMAIN = _kind("validator:url_without_domain_ending")
# places (checks/place.py)
REASON_NOT_STATE = _kind("validator:state_not_in_gazetteer")
REASON_STATE_ABBREVIATION = _kind("validator:state_abbreviation_without_address")
REASON_NOT_COUNTRY = _kind("validator:country_not_in_gazetteer")
REASON_BODY_PART = _kind("validator:body_part_or_header")
REASON_ROLE_AS_PLACE = _kind("validator:role_or_service_as_place")
REASON_NOT_STREET = _kind("validator:street_without_number_or_street_word")
REASON_STREET_NUMBER_UNIT = _kind("validator:street_number_then_unit")
REASON_STREET_DOSE = _kind("validator:street_is_a_dose_or_flow")
REASON_STREET_READING = _kind("validator:street_is_a_reading")
REASON_ULTRASOUND = _kind("validator:us_is_ultrasound")
REASON_NATIONALITY = _kind("validator:nationality_or_language")
REASON_SPORTS_TEAM = _kind("validator:sports_team")
# names of people and organisations (checks/person.py)
REASON_MEDICAL_OR_BRAND = _kind("validator:medical_or_brand_words")
REASON_LOWER_CASE_IN_CASED_NOTE = _kind("validator:lower_case_name_in_cased_note")
REASON_POSSESSIVE = _kind("validator:starts_with_possessive")
REASON_GENERIC_SERVICE = _kind("validator:generic_clinical_service")
REASON_ARTICLE_BEFORE_NAME = _kind("validator:article_before_lower_case_name")
REASON_NAME_STARTS_WITH_NUMBER = _kind("validator:name_starts_with_number")
REASON_TITLE_ONLY = _kind("validator:title_without_name")
REASON_ONE_LETTER = _kind("validator:one_letter_name")
REASON_RATE_UNIT = _kind("validator:unit_of_a_rate")
REASON_PUBLIC_PROGRAM = _kind("validator:public_program")
REASON_PRONOUN = _kind("validator:pronoun")
# professions and departments (checks/profession.py)
REASON_NO_OCCUPATION = _kind("validator:profession_without_occupation")
REASON_NOT_A_JOB = _kind("validator:profession_is_a_habit_person_or_thing")
# the words around a span, whatever its label (checks/context.py)
REASON_IDIOM = _kind("validator:idiom_or_brand")
REASON_CLINICIAN_OWN_JOB = _kind("validator:clinician_own_job")
REASON_DOSE = _kind("validator:dose_after_a_drug")
REASON_GENETIC_CARRIER = _kind("validator:genetic_carrier")
REASON_COUNT = _kind("validator:spoken_count")


def sub_reason(kind: str, sub_id: str) -> str:
    """The reason `kind/sub_id`, registered once: a second check with the same
    reason is an error at import time.

    kind (str): one of the REASON_* kinds.
    sub_id (str): short snake_case naming the check ("apgar").
    RETURNS (str): "validator:date_not_date_shaped/apgar".
    """
    if kind not in _KINDS:
        raise ValueError(f"unknown veto kind {kind!r}")
    if not _SUB_ID.fullmatch(sub_id):
        raise ValueError(f"a sub-id is snake_case: {sub_id!r}")
    reason = f"{kind}/{sub_id}"
    if reason in _SUB_REASONS:
        raise ValueError(f"veto reason {reason!r} is defined twice")
    _SUB_REASONS[reason] = kind
    return reason


def reason_kind(reason: str) -> str:
    """The kind of a veto reason, the part before "/": what code that groups
    vetoes compares ("validator:date_not_date_shaped/apgar" ->
    "validator:date_not_date_shaped")."""
    return reason.split("/", 1)[0]


def veto_reasons() -> Tuple[str, ...]:
    """Every reason a veto can carry: the sub-reasons, and the kinds that have
    none (those are returned as they are). Complete once the check modules are
    imported, as `import spacy_phi.guard` does."""
    with_sub_ids = set(_SUB_REASONS.values())
    return tuple([kind for kind in _KINDS if kind not in with_sub_ids] + sorted(_SUB_REASONS))


__all__ = ["reason_kind", "sub_reason", "veto_reasons"] + [name for name in list(globals()) if name.startswith("REASON_")]
