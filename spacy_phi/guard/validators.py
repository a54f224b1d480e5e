"""Label validators of `phi_guard`: is a tagger's span plausible for its label?

A tagger trained on synthetic notes proposes spans whose label cannot be right
whatever the context: DATE on "we obtain", AGE on "dime-sized", PROFESSION on
"lipid panel", CITY on the exam header "Nose", ORGANIZATION on "Gatorade".
Each check looks at the span's own words (and a few characters around it) and
returns a reason when the span is implausible for its label; the guard then
moves the span to `doc.spans["phi_vetoed"]` with that reason.

This module is the table: which checks a label gets and in which order. The
checks live in `checks/`, one module per family of labels (see its package
docstring), the reasons in `reasons.py`.

Validators run on the tagger's spans only: a rule matched its value in context,
and known PHI is given by the user. In order, for one span:
1. a span longer than its label allows (`MAX_TOKENS`) is vetoed;
2. the form checks (`_FORM_CHECKS`): a possessive at its start, lower case in a
   note that uses capitals, "US" the study, an article before a lower-case
   name, the shape of a measurement, obstetric notation or diagnosis code, a
   pronoun, a number before a name, one letter, a title alone;
3. the label's own check (`_LABEL_CHECKS`; for the number labels, then the
   numbers of ICU charting, `checks/clinical_numbers.py`), then the
   nationality check;
4. recall first: a veto of step 3 stands only when no word of the span could
   be a person's name (a word of Faker's en_US name lists that is not a
   frequent English word, or an unknown capitalised word in mid-sentence); a
   span holding one is PHI with the wrong label and stays ("brittany edwards"
   tagged PROFESSION). Vetoes whose evidence is the span's form or context
   (`_FORM_KINDS`) stand whatever the words.
The context checks (`context_reason`) are asked by the guard for every
detector's spans. Checks never look beyond ~80 characters around a span, so
the cost is linear in the note length.
"""

from __future__ import annotations

from typing import Callable, Dict, FrozenSet, Optional, Tuple

from spacy.tokens import Span

from ..labels import DEFAULT_MAX_TOKENS, MAX_TOKENS
from ..lexicon.label_lexicons import LEXICON_FILES, LabelLexicons, default_lexicons
from ..lexicon.vocabulary import MedicalVocabulary
from . import reasons
from .checks import age, clinical_numbers, context, date, identifiers, person, place, profession
from .checks.age import MAX_AGE, is_age_word
from .checks.base import CheckWords
from .checks.person import (
    CASED_LABELS,
    INSTITUTION_WORDS,
    SIDE_LETTERS,
    is_cased_text,
    is_mostly_lower_case,
    is_mostly_upper_case,
    name_words,
)
from .checks.place import STREET_WORDS
from .reasons import REASON_TOO_LONG, reason_kind, veto_reasons

#: A check of a label: (span, doc text, word lists) -> reason or None.
LabelCheck = Callable[[Span, str, CheckWords], Optional[str]]
#: A form check, which also reads whether the note is cased and picks its own labels.
FormCheck = Callable[[Span, str, Optional[bool], CheckWords], Optional[str]]

#: Form checks, in order: the first reason wins, and it stands whatever the words.
_FORM_CHECKS: Tuple[FormCheck, ...] = (
    person.possessive_start_reason,
    person.lower_case_name_reason,
    place.ultrasound_reason,
    person.article_before_name_reason,
    identifiers.number_shape_reason,
    person.pronoun_reason,
    person.number_then_words_reason,
    person.one_letter_reason,
    person.rate_unit_reason,
    person.title_only_reason,
)

_contact_digits = clinical_numbers.then_clinical_numbers(identifiers.digits_reason)


def _phone_check(span: Span, text: str, check_words: CheckWords) -> Optional[str]:
    """PHONE and FAX: the digit checks and the clinical numbers, then the layout of a phone number."""
    return _contact_digits(span, text, check_words) or identifiers.phone_layout_reason(span, text, check_words)


#: The check of each label.
_LABEL_CHECKS: Dict[str, LabelCheck] = {
    # the numbers of ICU charting after the label's own check (checks/clinical_numbers.py)
    "DATE": clinical_numbers.then_clinical_numbers(date.date_reason),
    "AGE": clinical_numbers.then_clinical_numbers(age.age_reason),
    "EMAIL": identifiers.email_reason,
    "URL": identifiers.url_reason,
    "USERNAME": identifiers.username_reason,
    "ROOM": clinical_numbers.then_clinical_numbers(identifiers.room_reason),
    **{label: identifiers.digits_reason for label in identifiers.MIN_DIGITS},
    **{label: clinical_numbers.identifier_reason for label in clinical_numbers.IDENTIFIER_LABELS},
    "PHONE": _phone_check,
    "FAX": _phone_check,
    "IPADDR": identifiers.ip_address_reason,
    "STATE": place.state_reason,
    "COUNTRY": place.country_reason,
    "CITY": place.place_reason,
    "LOCATION_OTHER": place.place_reason,
    "STREET": place.street_reason,
    "PROFESSION": profession.profession_reason,
    "DEPARTMENT": profession.department_reason,
    "PATIENT": person.name_or_organisation_reason,
    "DOCTOR": person.name_or_organisation_reason,
    "HOSPITAL": person.name_or_organisation_reason,
    "ORGANIZATION": person.name_or_organisation_reason,
}

#: Labels with a validator (the default of the guard's `validated_labels`).
VALIDATED_LABELS = (
    "ACCOUNT", "AGE", "BIOID", "CITY", "COUNTRY", "DATE", "DEPARTMENT", "DEVICE", "DOCTOR", "EMAIL",
    "FAX", "HEALTHPLAN", "HOSPITAL", "IDNUM", "IPADDR", "LICENSE", "LOCATION_OTHER", "MEDICALRECORD",
    "ORGANIZATION", "PATIENT", "PHONE", "PROFESSION", "ROOM", "SSN", "STATE", "STREET", "URL", "USERNAME",
    "VEHICLE", "ZIP",
)

#: Kinds of veto that stand even when a word of the span could be a name: the
#: evidence is the span's form or context, not its vocabulary.
_FORM_KINDS: FrozenSet[str] = frozenset(
    {
        reasons.REASON_STATE_ABBREVIATION, reasons.REASON_LOWER_CASE_IN_CASED_NOTE, reasons.REASON_POSSESSIVE,
        reasons.REASON_GENERIC_SERVICE, reasons.REASON_ARTICLE_BEFORE_NAME, reasons.REASON_ULTRASOUND,
        reasons.REASON_NAME_STARTS_WITH_NUMBER, reasons.REASON_TITLE_ONLY, reasons.REASON_STREET_NUMBER_UNIT,
        reasons.REASON_ONE_LETTER, reasons.REASON_RATE_UNIT, reasons.REASON_PUBLIC_PROGRAM, reasons.REASON_STREET_DOSE, reasons.REASON_PRONOUN, reasons.REASON_MEASUREMENT,
        reasons.REASON_OBSTETRIC, reasons.REASON_DIAGNOSIS_CODE, reasons.REASON_ROLE_AS_PLACE,
        reasons.REASON_DAY_COUNTER,
    }
)


def _stands_whatever_the_words(reason: str) -> bool:
    """Whether a veto stands though a word of the span could be a name: a form
    kind, or a language tagged as a place ("discussed in English")."""
    return reason_kind(reason) in _FORM_KINDS or reason == place.LANGUAGE_AS_PLACE


class LabelValidators:
    """Plausibility checks per label; `reason(span, text)` returns why a
    span is implausible for its label, or None.

    lexicons (LabelLexicons): the word lists.
    vocabulary (MedicalVocabulary): the guard's medical vocabulary (drugs,
        always-medical words, abbreviations) for the name/organisation check.
    """

    def __init__(self, lexicons: LabelLexicons, vocabulary: MedicalVocabulary) -> None:
        self.words = CheckWords(lexicons, vocabulary)

    def reason(self, span: Span, text: str, cased: Optional[bool] = None) -> Optional[str]:
        """Why `span` is implausible for its label (a veto reason) or None.

        span (Span): the span.
        text (str): the doc's text (passed in so it is built once per doc).
        cased (Optional[bool]): whether the note uses capitals (`is_cased_text`,
            computed once per doc by the caller); None skips the case check.
        """
        if len(span) > MAX_TOKENS.get(span.label_, DEFAULT_MAX_TOKENS):
            # A transition-based tagger can fail to close an entity and tag
            # hundreds of words of a long unpunctuated dialogue line as one AGE.
            return REASON_TOO_LONG
        for form_check in _FORM_CHECKS:
            reason = form_check(span, text, cased, self.words)
            if reason is not None:
                return reason
        check = _LABEL_CHECKS.get(span.label_)
        reason = check(span, text, self.words) if check is not None else None
        if reason is None:
            reason = place.nationality_reason(span, self.words)
        if reason is None or _stands_whatever_the_words(reason):
            return reason
        # Recall first: a span with a word that could be a name or a place is
        # PHI with the wrong label ("brittany edwards" tagged PROFESSION, "Hope"
        # tagged DEVICE); only spans made of ordinary words are vetoed.
        return reason if person.ordinary_words_only(span, text, self.words) else None

    def context_reason(self, span: Span, text: str) -> Optional[str]:
        """Why the words around a span make it no PHI, whoever found it (tagger,
        rule or name list) and whatever its label (`checks/context.py`; for
        dates, ages and rooms, the readings of `checks/clinical_numbers.py`), or None."""
        return context.context_reason(span, text, self.words) or clinical_numbers.clinical_context_reason(span, text)


__all__ = [
    "CASED_LABELS", "INSTITUTION_WORDS", "LEXICON_FILES", "LabelLexicons", "LabelValidators", "MAX_AGE", "SIDE_LETTERS",
    "STREET_WORDS", "VALIDATED_LABELS", "default_lexicons", "is_age_word", "is_cased_text", "is_mostly_lower_case",
    "is_mostly_upper_case", "name_words", "reason_kind", "veto_reasons",
]
