"""The `phi_guard` pipeline component: vetoes name, place, organization and
profession hits that are medical vocabulary.

Learned taggers (and name lists) flag "Parkinson's disease", "Foley",
"Apgar", "Lewy body", "Mild LA enlargement"; removing those words damages the
note for research. The guard checks every span of the guarded labels in the
span groups it watches (by default the NER output and the known-PHI matches)
and moves vetoed spans to `doc.spans["phi_vetoed"]`, with the reason in the
span's `kb_id_`.

A span of the tagger first loses the edge tokens that are no PHI (`trim.py`:
punctuation, titles, the words around a number; `trim_ner_edges`). Decision
for one span, in order:
1. a person cue keeps it: a title before it ("Mr.", "Dr.", "Nurse") or a
   degree after it ("MD", "RN") - "Mr. Parkinson" and "Dr. Foley" stay PHI
   (a role word is vetoed first: "Referring MD:");
2. the whole span is a drug (list, stem, or one edit away), an
   always-medical word ("Parkinson's", "Foley", "Apgar"), an exact medical
   abbreviation ("LA", "BUN") or, but for PROFESSION, an exact credential
   ("LICSW", "PGY") -> veto (before these, the shapes of ICU charting,
   `checks/charting.py`: "MIN" of "5MCG/KG/MIN", "CA" of "CA 8.9", "MN" as a
   hospital); then clinical shorthand of a person, place or
   organisation span (`checks/shorthand.py`): an abbreviation of the open list
   ("SIMV", "LCX"), a staff role ("HO aware"), a SOAP letter opening a line
   ("S: \"I want..."), a slash pair ("C/S") -> veto, unless a name field or a
   name is beside it ("Attending: SR", "Al Ross");
3. the span starts with an eponym and a medical head word ends it or follows
   it ("Wilson disease", "Down syndrome", "Glasgow Coma Scale",
   "Lewy body"), or a tagger's person or place span ends in a medical head
   ("Kaplan-Meier curves") -> veto;
4. a span only the tagger found (group `phi_ner`) must be plausible for its
   label (`validators.py`): a DATE needs a digit or a date word, an AGE a
   number, an ID or contact digits, a STATE/COUNTRY the gazetteer (or at
   least not ordinary words), a PROFESSION an occupation word or a job
   context; no place is a body part or exam header ("Nose"), no name or
   organisation is only drug, brand or medical words ("Gatorade") -> veto
   with a "validator:..." reason (all labels, not only `guarded_labels`);
5. a span only the tagger found, of a label in `common_word_labels` (people,
   places, organisations), whose every word is an ordinary English word that
   is no name or place ("Gout", "Denies LOC", "bedroom") -> veto, unless a
   relative or role word comes before it ("wife", "dtr", "HHA"), it is
   capitalised in mid-sentence ("in Revere"), or (organisations) it holds an
   institution word or follows "works at" ("at target"); a span written in
   capitals is judged as if in lower case, with clinical abbreviations and
   misspelt common words as ordinary words ("PRESNT TILL"; institutions keep
   their capitals unless a charting word is among them: "THICK YELLOW SPUTUM");
6. a span only the tagger found, of a label in `common_word_labels`, in a
   note typed in capitals, that the tagger is unsure of (confidence below
   `doubt_below`) and that names no one and nowhere by its words, its shape or
   its context (`checks/doubt.py`: "VTS", "BASELIN", "DUODERM"; not
   "MARGARET", "VANDERHOEK", "TLMC", "WENT TO GOOD SHEPHERD"); an unsure DATE
   of such a note must be written as a date ("15SEC", "4LN/C" are not); a
   town, state or country of such a note is judged so whatever the
   confidence ("FOLEY TO GD"); in any other note, an unsure span of clinical
   shorthand only ("tlc", "ptt", "ho", "Received 1 unit FFP") and, in mixed
   case, an unsure person span of one ordinary word opening a sentence ("Crit
   sent at 1800") -> veto;
7. otherwise it stays.
The exact-abbreviation check of step 2 skips rule spans: a rule matched the
value in its context, so "New Orleans, LA 70115" keeps "LA" while a tagged
"Mild LA enlargement" loses it.
Direct identifiers (dates, ages, contacts, IDs) are only ever checked by the
validators of step 4 (shape, never vocabulary): their labels cannot be
configured as guarded. The doc's text is built once per doc and each check
reads a fixed window around its span, so the guard is linear in note length.
"""

# No `from __future__ import annotations`: spaCy validates initialize()'s
# signature with pydantic, which needs real type objects.

import re
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc, Span
from spacy.training import Example

from ..config_checks import check_labels, check_names
from ..labels import LABEL_NAMES, Category, category_of
from ..lexicon.common_words import FUNCTION_WORDS, name_like_words, person_names
from ..lexicon.common_words_es import spanish_vocabulary
from ..lexicon.gazetteers import us_cities_lower
from ..lexicon.person_words import MENTAL_STATUS_AFTER_WATCHING, NOT_NAME_AFTER_RELATIVE, RELATIVE_BEFORE, RELATIVE_WORDS
from ..lexicon.vocabulary import VOCABULARY_FILES, MedicalVocabulary, default_vocabulary, normalize_term
from ..lexicon.word_usage import misspelt_lower_case_word, written_in_lower_case
from ..serialization import JsonStateMixin
from ..spangroups import (
    KNOWN_GROUP,
    NER_GROUP,
    POLICY_ALWAYS_ID,
    RULES_GROUP,
    VETOED_GROUP,
    capture_ner,
    carry_ner_score,
    ner_scores,
)
from .checks.base import INSTITUTION_LABELS, PERSON_LABELS, PLACE_LABELS, POSSESSIVE_CLITICS, STARTS_SENTENCE_BEFORE, CheckWords
from .checks.charting import (
    LAB_WITH_ITS_VALUE,
    LINE_AT_ITS_SITE,
    READING_QUALIFIER,
    STATE_CODE_AS_INSTITUTION,
    STATE_CODE_AS_LAB,
    SYSTEM_HEADING_GLUED,
    UNIT_AFTER_SLASH,
    VENTILATOR_MODE,
    lab_with_its_value,
    line_at_its_site,
    reading_qualifier,
    state_code_as_institution,
    state_code_as_lab,
    system_heading_glued,
    unit_after_slash,
    ventilator_mode,
)
from .checks.doubt import (
    DEFAULT_DOUBT_BELOW,
    unsure_in_capitals_reason,
    unsure_in_clinical_list_reason,
    unsure_lower_case_words_reason,
    unsure_ordinary_word_reason,
    unsure_shorthand_reason,
)
from .checks.shorthand import ROLE_ABBREVIATIONS, is_chain_name, named_in_context, shorthand_reason
from .checks.person import INSTITUTION_WORDS, SIDE_LETTERS, is_cased_text, is_mostly_upper_case
from .reasons import (
    REASON_POLICY_ALLOW,
    REASON_ABBREVIATION,
    REASON_COMMON_WORD,
    REASON_DRUG,
    REASON_EPONYM,
    REASON_MEDICAL_TERM,
    reason_kind,
    sub_reason,
)
from .trim import cut_at_blank_line, cut_institution_clause, trim_edges, trim_rule_edges
from .validators import LEXICON_FILES, VALIDATED_LABELS, LabelLexicons, LabelValidators, default_lexicons

#: Categories the guard may veto; everything else is a direct identifier.
GUARDABLE_CATEGORIES = (Category.NAME, Category.LOCATION, Category.PROFESSION)
DEFAULT_GUARDED_LABELS = sorted(
    label for label in LABEL_NAMES if category_of(label) in GUARDABLE_CATEGORIES and label not in ("ZIP", "USERNAME")
)

_TITLE_BEFORE = re.compile(
    r"(?:\b(?:mr|mrs|ms|miss|mister|dr|drs|doctor|prof|professor|nurse|sister|brother|rev|father|"
    r"rn|np|pa|md)\.?|\bdoctor)[ \t]*\Z",
    re.IGNORECASE,
)
#: A kinship word after a possessive or article is the relative, not a title:
#: "my sister once before", "his brother's" (but "Sister Mary", "Father O'Brien").
_RELATIVE_NOT_TITLE = re.compile(
    r"\b(?:my|his|her|your|our|their|a|the|older|younger|big|little)\s+(?:sister|brother|father)\.?[ \t]*\Z",
    re.IGNORECASE,
)
#: One relative word ("SON", "Daughter", "wife's").
_RELATIVE_WORD = re.compile(rf"{RELATIVE_WORDS}(?:['’]s?)?", re.IGNORECASE)
#: "monitor MS. OOB as tol": the mental status, no title before the span.
_MENTAL_STATUS_BEFORE = re.compile(MENTAL_STATUS_AFTER_WATCHING + r"[ \t]*\Z", re.IGNORECASE)
_DEGREE_AFTER = re.compile(r"^\s*,?\s*(?:M\.?D\.?|R\.?N\.?|N\.?P\.?|PA-C|D\.?O\.?|Ph\.?D\.?|MBBS|DDS|LCSW|LICSW|CNM)\b")
#: Labels whose tagger-only spans are vetoed when made of common words only.
DEFAULT_COMMON_WORD_LABELS = [
    "CITY", "COUNTRY", "DEPARTMENT", "DOCTOR", "HOSPITAL", "LOCATION_OTHER", "ORGANIZATION", "PATIENT", "STATE"
]
#: Labels of the validators (step 4), and the groups whose spans they check.
DEFAULT_VALIDATED_LABELS = list(VALIDATED_LABELS)
DEFAULT_VALIDATOR_GROUPS = [NER_GROUP]
#: Organisation labels (`INSTITUTION_LABELS`): a common-word span of these is
#: vetoed only in lower case, never when it names an institution ("Memorial
#: Hospital") or follows a workplace cue ("works at target").
_WORKPLACE_BEFORE = re.compile(
    r"\b(?:works?|worked|working|employed|job|shift|shops?|shopped|store|pharmacy|attends?|attended|school|"
    r"member|volunteers?|from|by|via|with)\b[^.\n]{0,12}$",
    re.IGNORECASE,
)
#: Times of the shift that a charting phrase holds and no institution's name does ("SWAN TODAY", "BEDPAN THIS SHIFT").
_SHIFT_TIME_WORDS = frozenset(
    "today tonight yesterday tomorrow overnight shift noc eve evening morning afternoon am pm".split()
)
#: Words of a sentence that no institution's name holds ("WAKE THIS", "GET A NEW", "GOAL RATE NOW OF 60"):
#: pronouns, auxiliaries, articles but "the", and adverbs of time.
_CHARTING_FUNCTION_WORDS = frozenset(
    "this that these those it its he she his her him they them their own a an to will would can could should "
    "may might must is are was were be been being has have had do does did not no now then than when while "
    "which who whom what apparently again still already just also".split()
)
#: Labels never ending in a medical head word ("Kaplan-Meier curves" is no person).
_PERSON_OR_PLACE_LABELS = PERSON_LABELS | PLACE_LABELS
#: Towns, states and countries: in a note typed in capitals they must show themselves whatever the tagger's confidence.
_TOWN_LABELS = frozenset({"CITY", "STATE", "COUNTRY"})
#: Words naming a clinician's role in a header ("Referring MD:", "Ordering
#: provider", "Supervising: Dr. Abdi"): never the name.
_ROLE_WORDS = frozenset(
    "referring ordering supervising attending consulting admitting covering rendering performing reading "
    "interpreting treating cosigning dictating authorizing prescribing requesting".split()
)
#: The word right before a span and what joins them ("kellgren-" of "kellgren-lawrence", "child " of "child pugh").
_WORD_BEFORE = re.compile(r"([A-Za-z]+)(-|[ \t]+)$")
#: The word right after a span and what joins them.
_WORD_AFTER_SPAN = re.compile(r"(-|[ \t]+)([A-Za-z]+)")

#: Veto reasons of the guard's own checks (kb_id_ of vetoed spans; kinds in `reasons.py`).
#: The whole span is an always-medical term: "Foley", "Parkinson's".
MEDICAL_TERM = sub_reason(REASON_MEDICAL_TERM, "whole_term")
#: Every word is always-medical or a drug: "aspirin heparin".
MEDICAL_WORDS = sub_reason(REASON_MEDICAL_TERM, "medical_words")
#: An exact-case abbreviation a tagger or a name list found alone: "LA", "AUD".
EXACT_ABBREVIATION = sub_reason(REASON_ABBREVIATION, "exact")
#: Only credentials and abbreviations: "LICSW", "FACC, FSCAI".
CREDENTIALS = sub_reason(REASON_ABBREVIATION, "credentials")
#: One word short of a medical term: "child pugh", "kellgren-lawrence grade".
PARTIAL_TERM = sub_reason(REASON_EPONYM, "partial_term")
#: A listed eponym, then a medical head in the span: "Wilson disease".
EPONYM_THEN_HEAD = sub_reason(REASON_EPONYM, "eponym_then_head")
#: A listed eponym, then a medical head after the span: "Glasgow" of "Glasgow Coma Scale".
EPONYM_BEFORE_HEAD = sub_reason(REASON_EPONYM, "eponym_before_head")
#: A capitalised tagger span before a medical head, an eponym no list knows: "West Nile virus".
UNLISTED_EPONYM = sub_reason(REASON_EPONYM, "unlisted_eponym")
#: A tagger's person or place span that took in its own head: "Kaplan-Meier curves".
OWN_HEAD = sub_reason(REASON_EPONYM, "own_head")
#: A lower-case person span of function words: "w/ sister when she arrives".
FUNCTION_WORDS_ONLY = sub_reason(REASON_COMMON_WORD, "function_words")
#: A person span of role words: "Referring MD:".
ROLE_WORDS_ONLY = sub_reason(REASON_COMMON_WORD, "role_words")
#: One word of a staff role of two words: "HOUSE" of "HOUSE STAFF".
HALF_A_ROLE_PHRASE = sub_reason(REASON_COMMON_WORD, "role_phrase")
#: A person span that is one relative word, no title before it: "SON" of "WIFE, SON AND SISTER".
RELATIVE_WORD_ALONE = sub_reason(REASON_COMMON_WORD, "relative_word")
#: A tagger's span of ordinary English words: "5. Gout", "Denies LOC".
ORDINARY_WORDS_ONLY = sub_reason(REASON_COMMON_WORD, "ordinary_words")


class PhiGuard(JsonStateMixin, Pipe):
    """Veto medical vocabulary among name/place/organization/profession spans.

    nlp (Language): the pipeline.
    name (str): the component name.
    span_groups (Sequence[str]): the span groups checked.
    guarded_labels (Sequence[str]): labels that may be vetoed.
    common_word_labels (Sequence[str]): guarded labels whose tagger-only spans
        are vetoed when every word is a common English word.
    trim_ner_edges (bool): trim the tagger's spans of edge tokens that are no
        PHI before checking them (`trim.py`: punctuation, titles, words around
        a number).
    doubt_below (float): in a note typed in capitals, a tagger-only span of
        a `common_word_labels` label with a confidence below this (a town,
        state or country whatever its confidence) must show a name or a
        place; in any other note it must not be clinical shorthand only, nor,
        in mixed case, a person of one ordinary word (`checks/doubt.py`); 0
        turns the checks off.
    """

    def __init__(
        self,
        nlp: Language,
        name: str = "phi_guard",
        *,
        span_groups: Sequence[str] = (NER_GROUP, RULES_GROUP, KNOWN_GROUP),
        guarded_labels: Sequence[str] = tuple(DEFAULT_GUARDED_LABELS),
        common_word_labels: Sequence[str] = tuple(DEFAULT_COMMON_WORD_LABELS),
        validated_labels: Sequence[str] = tuple(DEFAULT_VALIDATED_LABELS),
        validator_groups: Sequence[str] = tuple(DEFAULT_VALIDATOR_GROUPS),
        trim_ner_edges: bool = True,
        doubt_below: float = DEFAULT_DOUBT_BELOW,
    ) -> None:
        self.name = name
        self.trim_ner_edges = trim_ner_edges
        if not 0.0 <= doubt_below <= 1.0:
            raise ValueError(f"phi_guard: doubt_below is a confidence between 0 and 1, not {doubt_below}")
        self.doubt_below = doubt_below
        self.span_groups = list(span_groups)
        check_labels("phi_guard", "guarded_labels", guarded_labels)
        for label in guarded_labels:
            if category_of(label) not in GUARDABLE_CATEGORIES:
                raise ValueError(f"phi_guard: {label} is a direct identifier and can never be vetoed")
        self.guarded_labels = frozenset(guarded_labels)
        # A known label that is not guarded is dropped (turning a label's guard off
        # keeps the default list valid); an unknown one is a typo.
        check_labels("phi_guard", "common_word_labels", common_word_labels)
        self.common_word_labels = frozenset(common_word_labels) & self.guarded_labels
        check_names("phi_guard", "validated_labels", validated_labels, sorted(VALIDATED_LABELS),
                    kind="label with a validator")
        self.validated_labels = frozenset(validated_labels)
        self.validator_groups = frozenset(validator_groups)
        # A Spanish pipeline judges its spans against Spanish common words (common_words_es.py).
        self.spanish = nlp.lang == "es"
        self.vocabulary: MedicalVocabulary = spanish_vocabulary() if self.spanish else default_vocabulary()
        self.lexicons: LabelLexicons = default_lexicons()
        self.validators = LabelValidators(self.lexicons, self.vocabulary)
        self._check_words = CheckWords(self.lexicons, self.vocabulary)
        # The last doc text and whether it is typed in capitals (see _capitals_note).
        self._capitals_of_text: Optional[Tuple[str, bool]] = None
        # A site policy's `never_phi` list (`spacy_phi.policy.terms.AllowList`: `allows(text, label)`),
        # set by `apply_policy`; not saved with the component (the policy is).
        self.policy_allow: Optional[Any] = None

    def initialize(
        self,
        get_examples: Optional[Callable[[], Iterable[Example]]] = None,
        *,
        nlp: Optional[Language] = None,
        extra_terms: Optional[Dict[str, List[str]]] = None,
        use_default_vocabulary: bool = True,
    ) -> None:
        """Load the vocabulary: the shipped lists (unless
        `use_default_vocabulary` is false) plus `extra_terms`
        ({"drugs": [...], "always_medical": [...], ...}; field names as in
        `VOCABULARY_FILES`).
        """
        if not use_default_vocabulary:
            base = MedicalVocabulary()
        else:
            base = spanish_vocabulary() if self.spanish else default_vocabulary()
        self.vocabulary = base.extended(extra_terms) if extra_terms else base
        self.validators = LabelValidators(self.lexicons, self.vocabulary)
        self._check_words = CheckWords(self.lexicons, self.vocabulary)

    # -- decision -------------------------------------------------------------

    def veto_reason(
        self,
        span: Span,
        group: Optional[str] = None,
        text: Optional[str] = None,
        cased: Optional[bool] = None,
        score: Optional[float] = None,
    ) -> Optional[str]:
        """Why a span is medical vocabulary or implausible for its label, or
        None when it stays PHI.

        span (Span): a candidate span.
        group (Optional[str]): the span group it comes from (the validators
            and the common-word check apply to the tagger's group only).
        text (Optional[str]): the doc's text; pass it when checking many spans
            of one doc (`Doc.text` is rebuilt on every access).
        cased (Optional[bool]): whether the doc's text uses capitals
            (`is_cased_text(text)`); computed here when not given.
        score (Optional[float]): the tagger's confidence in the span
            (`spangroups.ner_scores`); None: unknown, never doubted.
        RETURNS (Optional[str]): a veto reason (`reasons.py`), or None.
        """
        if text is None:
            text = span.doc.text
        label = span.label_
        validate = group in self.validator_groups and label in self.validated_labels
        # A place or a team around the words, or an idiom, whoever found them and
        # whatever the label ("san francisco" read as a given name, "a dallas cowboys
        # fan", "march madness").
        context_reason = self.validators.context_reason(span, text)
        if context_reason is not None:
            return context_reason
        if label not in self.guarded_labels and not validate:
            return None
        if label in self.guarded_labels and self._part_of_medical_term(span, text):
            return PARTIAL_TERM  # "kellgren-lawrence grade 3", "child pugh class c": the name is the term's
        if group == NER_GROUP and label in PERSON_LABELS and label in self.common_word_labels and _function_words_only(span):
            # "w/ sister when she arrives": even after a title or relative word,
            # a lower-case function word is never the name.
            return FUNCTION_WORDS_ONLY
        if group == NER_GROUP and label in PERSON_LABELS | INSTITUTION_LABELS and _half_of_a_role_phrase(span, text):
            return HALF_A_ROLE_PHRASE  # "HOUSE" of "SPOKE WITH HOUSE STAFF", "EXAMINED BY HOUSE OFFICER"
        if group == NER_GROUP and label in PERSON_LABELS and _role_words_only(span):
            # "Referring MD:", "Supervising: Dr. Abdi": the degree after it is the role's.
            return ROLE_WORDS_ONLY
        if label in self.guarded_labels or label in PERSON_LABELS:
            before = text[max(0, span.start_char - 20) : span.start_char]
            if (
                _TITLE_BEFORE.search(before[-12:])
                and not _RELATIVE_NOT_TITLE.search(before)
                and not _MENTAL_STATUS_BEFORE.search(before)
            ):
                return None
            if _DEGREE_AFTER.match(text[span.end_char : span.end_char + 10]):
                return None
            if group == NER_GROUP and label in PERSON_LABELS and _RELATIVE_WORD.fullmatch(span.text.strip()):
                return RELATIVE_WORD_ALONE  # "SON" of "DAUGHTER AND SON": a relative, no name
        if validate:
            if cased is None:
                cased = is_cased_text(text)
            reason = self.validators.reason(span, text, cased)
            if reason is not None:
                return reason
            if label == "DATE" and self._doubted(group, score, text):
                reason = unsure_in_capitals_reason(span, text, self._check_words, self._ordinary_in_capitals)
                if reason is not None:
                    return reason
        if label not in self.guarded_labels:
            return None
        vocab = self.vocabulary
        # An exact abbreviation is vetoed when a tagger or a name list found it
        # alone; a rule matched it in its context ("New Orleans, LA 70115").
        if label == "STATE" and group != RULES_GROUP and _state_after_city(span, text):
            return None  # "Baton Rouge, LA": the address settles it, whatever else "LA" abbreviates
        if group != RULES_GROUP:
            # ICU charting: a dose's unit ("5MCG/KG/MIN"), a lab code beside its value
            # ("CA 8.9", "K, CA, AND MAG"), a state code as an institution ("AT MN", midnight).
            if unit_after_slash(span, text):
                return UNIT_AFTER_SLASH
            if reading_qualifier(span, text):
                return READING_QUALIFIER
            if ventilator_mode(span, text):
                return VENTILATOR_MODE
            if label in PERSON_LABELS and line_at_its_site(span, text):
                return LINE_AT_ITS_SITE
            if label in PERSON_LABELS and lab_with_its_value(span):
                return LAB_WITH_ITS_VALUE
            if label in self.common_word_labels and system_heading_glued(span):
                return SYSTEM_HEADING_GLUED
            if label == "STATE" and state_code_as_lab(span, text, self._place_codes()):
                return STATE_CODE_AS_LAB
            if state_code_as_institution(span, text, self._place_codes()):
                return STATE_CODE_AS_INSTITUTION
        if group != RULES_GROUP and vocab.is_abbreviation(span.text):
            if named_in_context(span, text, vocab, self.lexicons.occupations):
                return None  # "my son brady", "Attending: HO": the words around it name someone
            return EXACT_ABBREVIATION
        # Credentials, alone or in a signature with abbreviations ("LICSW" tagged
        # CITY, "PGY" of "PGY-2" tagged HOSPITAL, "FACC, FSCAI"), name no one; as a
        # PROFESSION a credential can be a patient's job. (A lone abbreviation was
        # vetoed just above.)
        if group != RULES_GROUP and label != "PROFESSION" and self._credentials_only(span):
            return CREDENTIALS
        if group != RULES_GROUP:
            # Shorthand of a terse note: "SIMV", "HO aware", "S: \"I want...\"", "C/S".
            reason = shorthand_reason(
                span, text, vocab, self._ordinary_words_text, self._place_codes(), self.lexicons.occupations,
                capitals_note=self._capitals_note(text),
            )
            if reason is not None:
                return reason
        term = normalize_term(span.text)
        if not term:
            return None
        if vocab.is_drug(term):
            return REASON_DRUG
        if vocab.is_always_medical(term):
            return MEDICAL_TERM
        words = [normalize_term(t.text) for t in span if not t.is_punct and not t.is_space]
        words = [w for w in words if w]
        if words and (vocab.is_eponym(words[0]) or vocab.is_eponym(term.split(" ")[0])):
            if any(vocab.is_head(w) for w in words[1:]):
                return EPONYM_THEN_HEAD  # "Wilson disease", "Glasgow Coma Scale 15"
            if self._head_follows(span):
                return EPONYM_BEFORE_HEAD  # "Glasgow" before "Coma Scale"
        if len(words) > 1 and all(vocab.is_always_medical(w) or vocab.is_drug(w) for w in words):
            return MEDICAL_WORDS
        if group == NER_GROUP and span.text[:1].isupper() and self._head_follows(span):
            # An eponym no list knows: "Killip class", "Chvostek sign", "West Nile virus".
            return UNLISTED_EPONYM
        if (
            group == NER_GROUP
            and span.label_ in _PERSON_OR_PLACE_LABELS
            and len(words) > 1
            and span.text[:1].isupper()
            and vocab.is_head(words[-1])
        ):
            # The span took in its own head: "Kaplan-Meier curves", "Hunt Hess scale".
            return OWN_HEAD
        if group == NER_GROUP and span.label_ in self.common_word_labels and self._common_words_only(span, text):
            return ORDINARY_WORDS_ONLY
        if span.label_ in self.common_word_labels and self._doubted(group, score, text, place=span.label_ in _TOWN_LABELS):
            return unsure_in_clinical_list_reason(span, text, self._check_words) or unsure_in_capitals_reason(
                span, text, self._check_words, self._ordinary_in_capitals
            )
        if span.label_ in self.common_word_labels and self._doubted(group, score, text, lower_case=True):
            cased = is_cased_text(text) if cased is None else cased
            return (
                unsure_shorthand_reason(span, text, self._check_words, in_cased_note=cased)
                or unsure_in_clinical_list_reason(span, text, self._check_words)
                or (unsure_ordinary_word_reason(span, text, self._check_words) if cased else None)
                or (unsure_lower_case_words_reason(span, text, self._check_words) if not cased else None)
            )
        return None

    def _doubted(
        self, group: Optional[str], score: Optional[float], text: str, lower_case: bool = False, place: bool = False
    ) -> bool:
        """Whether the tagger is unsure of its span in a note typed in capitals
        (or, with `lower_case`, in a note not typed in capitals: the caller
        checks that it is not cased either; `checks/doubt.py`); English only, as
        the word lists the checks read. With `place` (a town, state or country),
        in a note typed in capitals, whatever the confidence: there the tagger
        learned "TO X", "FROM X", "IN X" as places, and is as sure of "FOLEY TO
        GD" and "FOLEY CATH IN SITU" as of "FROM DENVER"."""
        if group != NER_GROUP or score is None or self.doubt_below == 0.0 or self.spanish:
            return False
        if score >= self.doubt_below and not (place and not lower_case):
            return False
        return not self._capitals_note(text) if lower_case else self._capitals_note(text)

    def _common_words_only(self, span: Span, text: str) -> bool:
        """Whether the span is ordinary words a tagger mistook for a name or place.

        Every word must be a common word (a token with a digit or other
        characters, or a short all-caps abbreviation such as "GA", keeps the
        span), no relative or role word may precede it, and a capitalised span
        must start a sentence, line or list item: a capitalised common word in
        mid-sentence is more likely a name ("in Revere", "at Target").

        A span in capitals says nothing by its capitals (a note typed in
        capitals, a header or an order in a mixed note): it is judged as if it
        were in lower case, and its words may also be clinical abbreviations or
        misspelt common words ("PRESNT TILL", "WEAN SLOWLY AS TOLERATED").
        """
        words = [t.text for t in span if t.is_alpha]
        if not words or any(not (t.is_alpha or t.is_punct or t.is_space) for t in span):
            return False
        in_capitals = self._capitals_say_nothing(span, words, text)
        if in_capitals and (named_in_context(span, text, self.vocabulary, self.lexicons.occupations) or is_chain_name(span, text)):
            return False  # "Attending: SR", "ROSS, AL", "CVS" the pharmacy
        if in_capitals:
            words = [w for w in words if w.lower() not in SIDE_LETTERS]  # "HOLDING R HAND"
            if not words:
                return False
        if any(w.isupper() and len(w) <= 3 and not (in_capitals and self._short_word_in_capitals(w, len(words) == 1)) for w in words):
            return False  # "GA", "ME" of "MURFREESBORO, ME", initials "AI" (in capitals "ARM", "ABX", "SR" are words)
        before = text[max(0, span.start_char - 24) : span.start_char]
        relative = RELATIVE_BEFORE.search(before)
        if relative:
            # "wife Hope", "wife dolores" are names; "grandma watches", "wife said" are verbs.
            # After a list label ("Father: Prostate cancer") a capital only starts the item.
            if not (span.text.islower() or in_capitals) and ":" not in relative.group():
                return False
            if all(w.lower() in NOT_NAME_AFTER_RELATIVE for w in words):
                return True
            if self._may_be_name(words):
                return False
        if span.label_ in INSTITUTION_LABELS:
            # (An institution is judged in capitals only with a charting word: see _capitals_say_nothing.)
            if any(w.lower() in INSTITUTION_WORDS for w in words) or _WORKPLACE_BEFORE.search(before):
                return False
            if not (span.text.islower() or in_capitals) and not (span.label_ == "DEPARTMENT" and len(words) == 1):
                return False
        if in_capitals:
            # Abbreviations and misspellings count as ordinary words only in a note typed in
            # capitals; in a mixed-case note a span in capitals is a header, an address or a
            # name written in capitals, and only common words veto it (recall first).
            capitals_note = self._capitals_note(text)
            return all(self._ordinary_in_capitals(w, extended=capitals_note) for w in words)
        if not span.text.islower() and not STARTS_SENTENCE_BEFORE.search(text[max(0, span.start_char - 12) : span.start_char]):
            return False
        # Function words count unless some name list has them ("Will", "May", "An").
        names = person_names()
        return all(self.vocabulary.is_common_word(w, function_words=w.lower() not in names) for w in words)

    def _place_codes(self) -> FrozenSet[str]:
        """State and country codes of the gazetteers, as written ("PA", "UK")."""
        return _union(self.lexicons.states, self.lexicons.countries)

    def _capitals_say_nothing(self, span: Span, words: Sequence[str], text: str) -> bool:
        """Whether the span is written in capitals and names no one by its words:
        no word is a given or family name that is no ordinary word ("QUENTIN",
        "DOLORES"), and, in a span of one word, no name at all ("HOPE", "BROWN").
        An institution is named by ordinary words ("SPORTS MEDICINE"): its capitals
        say nothing only when it holds a word of charting that no institution's
        name holds ("THICK WHITE SPUTM", "SWAN TODAY", "WAKE THIS")."""
        if not span.text.isupper():
            return False
        if span.label_ in INSTITUTION_LABELS and not any(self._charting_word(w) for w in words):
            return False  # "SPORTS MEDICINE", "THE LOFTS AT ...", "BRAVO AMBULANCE"
        names = person_names()
        name_like = name_like_words()
        # A word English writes mostly in lower case names no one in capitals ("HUNG", "SAID").
        in_names = [w.lower() in names and not self._english_lower_case_word(w.lower()) for w in words]
        if any(is_name and w.lower() not in name_like for w, is_name in zip(words, in_names)):
            return False
        return not all(in_names)  # "ROSE HUNTER", "BROWN": every word a name

    def _charting_word(self, word: str) -> bool:
        """A word of a clinical finding or order that no institution's name holds: a
        drug, an always-medical word, a clinical abbreviation of three letters or
        more, nursing shorthand (or its plural), a time of the shift or a word of
        a sentence ("THICK WHITE SPUTUM", "LASIX DRIP", "SWAN TODAY", "APPARENTLY
        THIS"). A misspelt word is none: a name spells its words its own way
        ("ORTHOPAEDICS")."""
        vocab = self.vocabulary
        lower = word.lower()
        if lower in _SHIFT_TIME_WORDS or lower in _CHARTING_FUNCTION_WORDS or vocab.is_drug(lower) or vocab.is_always_medical(lower):
            return True
        if vocab.is_lower_case_shorthand(word) or self._abbreviation_plural(word):
            return True
        return len(word) >= 3 and vocab.is_clinical_abbreviation(word)

    def _abbreviation_plural(self, word: str) -> bool:
        """A clinical abbreviation of three letters or more with a plural "S" ("ABGS",
        "HCTS", "PRBCS"); two letters and an "S" are as often an organisation's
        initials ("IHS")."""
        return self.vocabulary.is_abbreviation_plural(word)

    def _short_word_in_capitals(self, word: str, single: bool) -> bool:
        """A word of at most three capitals that is a word or a clinical abbreviation
        ("ARM", "ABX", "LCX", "IN"), not a state or country code or an initial; a
        function word alone stays (`single`: "AT =" of a list of initials), and so do
        two letters that only the open list knows ("GH" of "LEAVE GH")."""
        vocab = self.vocabulary
        lower = word.lower()
        if single and lower in FUNCTION_WORDS:
            return False  # "AT" of "AT = Anita Torgerson" (initials)
        if lower in FUNCTION_WORDS:
            return True  # "AS" of "WEAN SLOWLY AS TOLERATED"
        if word in self._place_codes():
            return False  # "TX" of "Temple, TX"
        if len(word) == 3 and vocab.is_common_word(lower):
            return True
        return (
            vocab.is_abbreviation(word)
            # Two letters of the open list are as often a place's or a person's initials ("GH").
            or (len(word) == 3 and vocab.is_clinical_abbreviation(word))
            or word in ROLE_ABBREVIATIONS
            or vocab.is_lower_case_shorthand(word)
        )

    def _capitals_note(self, text: str) -> bool:
        """`is_mostly_upper_case` of the doc's text, computed once per doc."""
        if self._capitals_of_text is None or self._capitals_of_text[0] is not text:
            self._capitals_of_text = (text, is_mostly_upper_case(text))
        return self._capitals_of_text[1]

    def _ordinary_in_capitals(self, word: str, extended: bool = True) -> bool:
        """A word of a span in capitals that names nothing: a common or function
        word (a name that is also one included), a drug and, when `extended` (a
        note typed in capitals), a clinical abbreviation or a common word misspelt
        by one edit ("PRESNT", "STATRED") that is no name or place ("MIAMI" is one
        edit from the word "miamia", but a city)."""
        vocab = self.vocabulary
        lower = word.lower()
        if not extended:
            return vocab.is_common_word(lower) or vocab.is_drug(lower)
        if (
            vocab.is_common_word(lower)
            or self._abbreviation_plural(word)
            or vocab.is_drug(lower)
            or vocab.is_clinical_abbreviation(word)
            or vocab.is_lower_case_shorthand(word)
            or word in ROLE_ABBREVIATIONS
            or lower in name_like_words()  # "WHITE", "GOOD": the span's names were ruled out before
            or self._english_lower_case_word(lower)  # "FEET", "HOME", "BEGAN": words no dictionary list holds
        ):
            return True
        if self._may_be_name_or_place(lower):
            return False
        return vocab.is_misspelt_common_word(lower) or (not self.spanish and misspelt_lower_case_word(lower))  # "NEICE"

    def _english_lower_case_word(self, lower: str) -> bool:
        """A word English writes mostly in lower case (`lexicon.word_usage`); the
        table is English, so a Spanish pipeline never asks it."""
        return not self.spanish and written_in_lower_case(lower)

    def _may_be_name_or_place(self, lower: str) -> bool:
        """A lower-case word of the name lists or a place of the gazetteers ("miami",
        "dolores"): never read as a misspelt common word."""
        return (
            lower in person_names()
            or lower in us_cities_lower()
            or lower in self.lexicons.states_lower
            or lower in self.lexicons.countries_lower
        )

    def _ordinary_words_text(self, value: str) -> bool:
        """Whether every word of a text is a side letter, a function word or an
        ordinary word that is no name ("TEAM", "K+REPLETED"; not "Smith")."""
        found = re.findall(r"[A-Za-z]+", value)
        names = person_names()
        return bool(found) and all(
            w.lower() in SIDE_LETTERS
            or w.lower() in FUNCTION_WORDS
            or (w.lower() not in names and self._ordinary_in_capitals(w))
            for w in found
        )

    @staticmethod
    def _may_be_name(words: Sequence[str]) -> bool:
        """Whether a word is a given or family name of any locale ("dolores";
        not "watches", "struck")."""
        names = person_names()
        return any(w.lower() in names for w in words)

    def _credentials_only(self, span: Span) -> bool:
        """A credential as written ("PA-C"), or only credentials and abbreviations
        between punctuation ("FACC, FSCAI", "MD, MPH")."""
        vocab = self.vocabulary
        if vocab.is_credential(span.text):
            return True
        tokens = [t.text for t in span if not t.is_punct and not t.is_space]
        return bool(tokens) and all(vocab.is_credential(t) or vocab.is_abbreviation(t) for t in tokens)

    def _part_of_medical_term(self, span: Span, text: str) -> bool:
        """Whether the span is one word short of a medical term: with the word
        before it (joined by a hyphen or a space) or after it, it is an
        always-medical term ("child pugh", "kellgren-lawrence"), or it closes
        a hyphenated name that a medical head word follows ("kellgren-lawrence
        grade"). A name in a transcript is often tagged without its partner."""
        vocab = self.vocabulary
        term = normalize_term(span.text)
        if not term or not any(c.isalpha() for c in term):
            return False
        before = _WORD_BEFORE.search(text, max(0, span.start_char - 30), span.start_char)
        after = _WORD_AFTER_SPAN.match(text, span.end_char)
        joined = []
        if before is not None:
            previous, separator = before.group(1).lower(), before.group(2)
            joined.append(f"{previous}{'-' if separator == '-' else ' '}{term}")
            if separator == "-" and (vocab.is_eponym(previous) or self._head_follows(span)):
                return True
        if after is not None:
            joined.append(f"{term}{'-' if after.group(1) == '-' else ' '}{after.group(2).lower()}")
        return any(term_ in vocab.always_medical for term_ in joined)

    def _head_follows(self, span: Span) -> bool:
        """Whether a medical head word follows the span (skipping "'s" and up to
        two capitalized words or listed eponyms: "Glasgow Coma Scale", "mallory
        weiss tear"). A gap of several spaces or
        a line break ends the search: a field ends there ("Mateo Price    Grade 7")."""
        doc = span.doc
        i = span.end
        skipped_words = 0
        while i < len(doc):
            token = doc[i]
            if token.is_space:
                return False
            if token.text in POSSESSIVE_CLITICS:
                i += 1
                continue
            if self.vocabulary.is_head(token.text):
                return True
            # "Glasgow Coma Scale"; in lower case an eponym of the list: "mallory weiss tear"
            if (token.is_title or self.vocabulary.is_eponym(normalize_term(token.text))) and skipped_words < 2:
                skipped_words += 1
                i += 1
                continue
            return False
        return False

    def __call__(self, doc: Doc) -> Doc:
        """Move vetoed spans from the watched groups to `doc.spans["phi_vetoed"]`.

        doc (Doc): the doc.
        RETURNS (Doc): the doc.
        """
        error_handler = self.get_error_handler()
        try:
            if NER_GROUP in self.span_groups:
                capture_ner(doc, NER_GROUP)
            vetoed: List[Span] = list(doc.spans[VETOED_GROUP]) if VETOED_GROUP in doc.spans else []
            text = doc.text  # built once: Doc.text joins every token on each access
            cased = is_cased_text(text)
            for group in self.span_groups:
                if group not in doc.spans:
                    continue
                scores = ner_scores(doc) if group == NER_GROUP else {}
                kept = []
                for span in doc.spans[group]:
                    if span.id_ == POLICY_ALWAYS_ID:
                        kept.append(span)  # the site's policy says always PHI
                        continue
                    policy_reason = self._policy_reason(span)
                    if policy_reason is not None:
                        vetoed.append(Span(doc, span.start, span.end, label=span.label_, kb_id=policy_reason,
                                           span_id=group))
                        continue
                    if group == NER_GROUP and self.trim_ner_edges:
                        paragraph = cut_at_blank_line(span)
                        if paragraph is not span:
                            carry_ner_score(doc, span, paragraph)
                            key = (span.start, span.end, span.label_)
                            if key in scores:
                                scores[(paragraph.start, paragraph.end, paragraph.label_)] = scores[key]
                            span = paragraph
                        span = cut_institution_clause(span)
                    whole = span
                    if group == NER_GROUP and self.trim_ner_edges:
                        span = self._trimmed(doc, span, cased)
                    elif group == RULES_GROUP and self.trim_ner_edges:
                        span = trim_rule_edges(span, self.vocabulary.is_ordinary_word)
                    score = scores.get((whole.start, whole.end, whole.label_))
                    reason = self.veto_reason(span, group, text, cased, score)
                    if reason is None and span is not whole:
                        whole_reason = self.veto_reason(whole, group, text, cased, score)
                        if whole_reason is not None and reason_kind(whole_reason) == REASON_EPONYM:
                            # The edge was the eponym's: "Rocky Mountain spotted" before "fever"
                            # (the whole span is vetoed, with the reason of its eponym check).
                            span, reason = whole, whole_reason
                    if reason is None:
                        kept.append(span)
                    else:
                        vetoed.append(Span(doc, span.start, span.end, label=span.label_, kb_id=reason, span_id=group))
                attrs = dict(doc.spans[group].attrs)
                doc.spans[group] = kept
                doc.spans[group].attrs.update(attrs)
            doc.spans[VETOED_GROUP] = vetoed
        except Exception as e:
            error_handler(self.name, self, [doc], e)
        return doc

    def _policy_reason(self, span: Span) -> Optional[str]:
        """"policy:allow" when the site's policy lists the span as never PHI, else None."""
        if self.policy_allow is not None and self.policy_allow.allows(span.text, span.label_):
            return REASON_POLICY_ALLOW
        return None

    def _trimmed(self, doc: Doc, span: Span, cased: bool) -> Span:
        """The NER span without edge tokens that are no PHI (`trim.trim_edges`);
        the span as it was when nothing would be left."""
        trimmed = trim_edges(span, self.vocabulary.is_ordinary_word, cased, self.vocabulary.is_credential)
        if trimmed is None or trimmed is span:
            return span
        carry_ner_score(doc, span, trimmed)
        return trimmed

    # -- serialization --------------------------------------------------------

    # The settings are factory arguments: the config holds them, so one given at
    # `spacy.load` wins. Saved here is only what the config cannot express: the
    # vocabulary and lexicons (`initialize` may extend them).

    def _data(self) -> Dict[str, Any]:
        return {
            "vocabulary": self.vocabulary.to_lists(),
            "lexicons": {name: sorted(getattr(self.lexicons, name)) for name in LEXICON_FILES},
        }

    def _load(self, data: Dict[str, Any]) -> None:
        # Pipelines saved by earlier versions also hold the settings: ignored.
        if "vocabulary" in data:
            self.vocabulary = MedicalVocabulary.from_lists(data["vocabulary"])
        if "lexicons" in data:
            self.lexicons = LabelLexicons(**{name: frozenset(values) for name, values in data["lexicons"].items()})
        self.validators = LabelValidators(self.lexicons, self.vocabulary)
        self._check_words = CheckWords(self.lexicons, self.vocabulary)


@lru_cache(maxsize=4)
def _union(first: FrozenSet[str], second: FrozenSet[str]) -> FrozenSet[str]:
    """Two lexicons as one set, built once per pair."""
    return first | second


def _role_words_only(span: Span) -> bool:
    """Whether the span's words all name a clinician's role ("Referring")."""
    words = [t.text.lower() for t in span if t.is_alpha]
    return bool(words) and all(w in _ROLE_WORDS for w in words)


#: Staff roles of two words that a tagger cuts in half ("HOUSE" of "HOUSE STAFF").
_ROLE_PHRASES = frozenset({("house", "staff"), ("house", "officer"), ("house", "officers"), ("charge", "nurse")})


def _half_of_a_role_phrase(span: Span, text: str) -> bool:
    """Whether a one-word span and the word after or before it are a staff role
    of two words ("HOUSE" of "HOUSE STAFF", "NURSE" of "CHARGE NURSE")."""
    word = span.text.strip().lower()
    if not word.isalpha():
        return False
    after = _WORD_AFTER_SPAN.match(text, span.end_char)
    before = _WORD_BEFORE.search(text, max(0, span.start_char - 20), span.start_char)
    return bool(
        (after and (word, after.group(2).lower()) in _ROLE_PHRASES)
        or (before and (before.group(1).lower(), word) in _ROLE_PHRASES)
    )


#: A capitalised place of one to three words and its comma, right before a span.
_PLACE_COMMA_BEFORE = re.compile(r"([A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2}),[ \t]*$")
#: What ends an address's state: the line, a ZIP or punctuation ("Baton Rouge, LA\n", "SC - ED").
_STATE_END = re.compile(r"[ \t]*(?:$|[-–,.;)|]|\d{5})", re.MULTILINE)


def _state_after_city(span: Span, text: str) -> bool:
    """A state abbreviation right after a US city of the gazetteer and closing the
    address ("Baton Rouge, LA", "Winnsboro, SC - ED"): no left atrium or subcutaneous."""
    from ..lexicon.gazetteers import is_us_city_lower  # the rules import the guard

    place = _PLACE_COMMA_BEFORE.search(text[max(0, span.start_char - 40) : span.start_char])
    return bool(place and is_us_city_lower(place.group(1).lower()) and _STATE_END.match(text, span.end_char))


def _function_words_only(span: Span) -> bool:
    """A lower-case span of function words only ("when", "and the")."""
    words = [t.text for t in span if t.is_alpha]
    return bool(words) and span.text.islower() and all(w in FUNCTION_WORDS for w in words)


@Language.factory(
    "phi_guard",
    assigns=["doc.spans"],
    default_config={
        "span_groups": [NER_GROUP, RULES_GROUP, KNOWN_GROUP],
        "guarded_labels": DEFAULT_GUARDED_LABELS,
        "common_word_labels": DEFAULT_COMMON_WORD_LABELS,
        "validated_labels": DEFAULT_VALIDATED_LABELS,
        "validator_groups": DEFAULT_VALIDATOR_GROUPS,
        "trim_ner_edges": True,
        "doubt_below": DEFAULT_DOUBT_BELOW,
    },
)
def make_phi_guard(
    nlp: Language,
    name: str,
    span_groups: List[str],
    guarded_labels: List[str],
    common_word_labels: List[str],
    validated_labels: List[str],
    validator_groups: List[str],
    trim_ner_edges: bool,
    doubt_below: float,
) -> PhiGuard:
    """Create a PhiGuard component (the "phi_guard" factory).

    nlp (Language): the pipeline.
    name (str): the component name.
    span_groups (List[str]): span groups to check (default: NER, rules and
        known PHI).
    guarded_labels (List[str]): labels that may be vetoed (name, place,
        organization and profession labels only).
    common_word_labels (List[str]): labels whose tagger-only spans made of
        common English words only are vetoed.
    validated_labels (List[str]): labels whose spans must pass their label
        validator (`validators.py`); [] turns the validators off.
    validator_groups (List[str]): the span groups the validators check
        (default: the tagger's).
    trim_ner_edges (bool): trim the tagger's spans of punctuation, titles and
        words around a number before the checks (default: on).
    doubt_below (float): the tagger's confidence below which its person,
        place or organisation span must show a name or a place in a note typed
        in capitals (a town, state or country whatever its confidence), and
        must not be clinical shorthand only, nor in mixed case a person of one
        ordinary word, elsewhere (default 0.95; 0 turns the checks off).
    RETURNS (PhiGuard): the component.
    """
    return PhiGuard(
        nlp,
        name,
        span_groups=span_groups,
        guarded_labels=guarded_labels,
        common_word_labels=common_word_labels,
        validated_labels=validated_labels,
        validator_groups=validator_groups,
        trim_ner_edges=trim_ner_edges,
        doubt_below=doubt_below,
    )


__all__ = ["DEFAULT_COMMON_WORD_LABELS", "DEFAULT_GUARDED_LABELS", "PhiGuard", "VOCABULARY_FILES", "make_phi_guard"]
