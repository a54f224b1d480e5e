"""PROFESSION rules: a person's job or field of work.

A job is found after a cue ("he is a farmer", "works as a nail technician",
"retired barber", "a 43-year-old HVAC technician", "Occupation: bus driver"),
before its employer ("ICU nurse at IU Health"), or as a field after "works in"
("works in sales"). The last word of a job must be an occupation of the lexicon
(checks `occupation_phrase`, `long_occupation_phrase`). Look-alikes the rules must
leave alone ("a very good cook", "he is a smoker", "spoke to nurse at Mercy") are in
tests/rules/test_profession.py.
"""

from __future__ import annotations

from typing import List, Tuple

from ...lexicon.gazetteers import WORK_FIELDS
from ...lexicon.person_words import RELATIVE_WORDS
from ..regex_rules import RegexRule

#: Words that end a profession after "works as a" ("works as a cook at ...").
_PROFESSION_STOP = r"(?:at|for|in|with|and|but|since|until|on|of|from|to|who|when|while|now|part|full|per|x)\b"
#: "i'm a", "she is an", "employed as a": a job follows.
_JOB_CUE = (
    r"(?i:\b(?:i['’]m|i\s+am|he\s+is|she\s+is|he['’]s|she['’]s|you['’]re|you\s+are|who\s+is|patient\s+is|"
    r"employed\s+as|job\s+as|career\s+as)\s+(?:a|an)\s+)"  # "works as a": profession_works_as
)
#: One job word ("barber", "RN").
_JOB_ONE_WORD = r"[a-z][a-z-]*|[A-Z]{2,5}"
#: A modifier and a job word ("HVAC technician", "school teacher").
_JOB_TWO_WORDS = r"(?:[a-z][a-z-]*|[A-Z]{2,5})[ \t]+[a-z][a-z-]*"
#: Two or three modifiers and a job word ("high school chemistry teacher", "88M motor transport operator").
_JOB_LONG = r"(?:[a-z0-9][a-z0-9-]*|[A-Z]{2,5})(?:[ \t]+(?:[a-z0-9][a-z0-9-]*|[A-Z]{2,5})){1,2}[ \t]+[a-z][a-z-]*"
#: Where a long job phrase ends: punctuation or a preposition or conjunction, so that
#: the modifiers give back the job word ("a long-haul truck driver with chest pain").
_JOB_LONG_END = r"(?=[ \t]*(?:[,.;:()\n]|$|[ \t](?:at|for|with|and|or|who|since|in|on|from|to|until|by|x)\b))"
#: Words that make a job word a clinician being contacted or a role, not someone's
#: job: never the word before it ("spoke to nurse at Mercy", "the pharmacist at CVS")
#: nor the first word of a two-word job ("to nurse", "a teacher").
_CONTACT_OR_ROLE_WORDS = (
    r"with|the|a|an|our|your|their|his|her|by|per|to|from|called|paged|notified|d/w|w/|"
    r"charge|primary|covering|attending|bedside|staff|triage"
)
#: Before a job, also a setting ("home nurse at", "school nurse at", "case manager at").
_NOT_A_JOB_HOLDER_BEFORE = rf"(?i:\b(?:{_CONTACT_OR_ROLE_WORDS}|on-call|case|home|school)[ \t]+)$"
#: As a two-word job's first word, also verbs and function words ("is nurse", "of teacher").
_NOT_A_JOB_MODIFIER = rf"(?i:{_CONTACT_OR_ROLE_WORDS}|is|was|as|and|or|of|for|my|see|call|page|spoke|discussed|seen)"


def _long_job_rule(rule_id: str, cue: str, description: str, prefilter: str) -> RegexRule:
    """A job of three or four words after `cue`, ending where the phrase ends; the
    last word must be an occupation (`is_long_occupation_phrase`)."""
    return RegexRule(
        rule_id, "PROFESSION",
        rf"{cue}(?P<value>{_JOB_LONG})(?![\w'’-]){_JOB_LONG_END}",
        checks=("long_occupation_phrase",),
        prefilter=prefilter,
        priority=2,
        description=description,
    )


def _job_after_cue_rules(rule_id: str, cue: str, description: str, prefilter: str) -> List[RegexRule]:
    """Three rules for a job after `cue`: one word, two words, and three or four
    (the check runs on the whole value, so each length is its own rule); the
    last word must be an occupation of the lexicon."""
    return [
        RegexRule(
            rule_id, "PROFESSION",
            rf"{cue}(?P<value>{_JOB_ONE_WORD})(?![\w'’-])",
            checks=("occupation_phrase",),
            prefilter=prefilter,
            priority=2,
            description=description,
        ),
        RegexRule(
            f"{rule_id}_compound", "PROFESSION",
            rf"{cue}(?P<value>{_JOB_TWO_WORDS})(?![\w'’-])",
            checks=("occupation_phrase",),
            prefilter=prefilter,
            priority=2,
            description=f"{description}; with one modifier",
        ),
        _long_job_rule(
            f"{rule_id}_long", cue, f"{description}; with two or three modifiers ('a high school chemistry teacher')", prefilter
        ),
    ]


def _profession_is_a_rules() -> List[RegexRule]:
    """A job of one word or a modifier and a job after a cue ("he is a farmer",
    "i'm an x-ray tech", "employed as an RN", "retired barber", "a 43-year-old
    HVAC technician"): the last word must be an occupation."""
    return [
        *_job_after_cue_rules(
            "profession_is_a",
            _JOB_CUE,
            "a job after 'i'm a', 'she is an', 'employed as an' ('he is a farmer', 'employed as an RN'; "
            "not 'a very good cook')",
            prefilter="",
        ),
        *_job_after_cue_rules(
            "profession_retired",
            r"(?i:\b(?:retired|former|formerly\s+an?|ex-|self-employed))[ \t]*",
            "a job after 'retired', 'former', 'self-employed' ('retired barber', 'former forklift operator', "
            "'Self-employed roofer')",
            prefilter=r"(?i:retired|former|ex-|self-employed)",
        ),
        *_job_after_cue_rules(
            "profession_after_age",
            r"(?i:\b\d{1,3}[- ]?(?:(?:year|yr)s?[- ]old|y/o|yo|y\.o\.)[ \t]+(?:(?:male|female|man|woman|m|f)[ \t]+)?)",
            "a job right after an age ('a 43-year-old HVAC technician', '34 y/o registered nurse'); 'male', "
            "'patient' never match",
            prefilter=r"(?i:old|y/?\.?o)",
        ),
        *_job_after_cue_rules(
            "profession_social_field",
            rf"(?i:\b(?:social|sh|social\s+history|soc\s+hx)[ \t]*:[ \t]*(?:(?:a|an)[ \t]+)?)(?!(?i:{RELATIVE_WORDS})\b)",
            "a job opening the social-history field ('Social: graduate student (MS Data Science)'; not 'social: mom inga')",
            prefilter=r"(?i:social|sh|soc)",
        ),
        # A job of one or two words after ", a" is as often a role in the visit ("Dr. Lee, a
        # neurologist") or no job ("his brother, a smoker"); three or more words name a job.
        _long_job_rule(
            "profession_appositive_long",
            r",[ \t]+(?:a|an)[ \t]+",
            "a job of three or four words after a name and ', a' ('Husband Mateusz, a high school chemistry teacher')",
            prefilter=r",[ \t]+an?[ \t]",
        ),
    ]


def _job_before_employer_rules() -> List[RegexRule]:
    """A job right before "at", "for" or "with" and a capitalised employer
    ("ICU nurse at IU Health Methodist", "HVAC installer for Modern Piping",
    "nursing student at Trident Technical College"): the last word must be an
    occupation; not after an article, a possessive or a verb of contact."""
    employer_after = r"(?=[ \t]+(?:at|for|with)[ \t]+(?:the[ \t]+)?[A-Z])"
    return [
        RegexRule(
            rule_id, "PROFESSION",
            rf"(?<![\w'’/-])(?P<value>{value})(?![\w'’-]){employer_after}",
            checks=(check,),
            exclude_before=exclude_before,
            prefilter=r"\s(?:at|for|with)\s+(?:the\s+)?[A-Z]",
            priority=2,
            description=description,
        )
        for rule_id, value, check, exclude_before, description in (
            # After a name and a comma it can be a clinician's own role ("Victoria Ha, NP at"),
            # but more often a relative's job ("Dale, teacher at"): kept, recall first.
            ("profession_at_employer", _JOB_ONE_WORD, "occupation_phrase", _NOT_A_JOB_HOLDER_BEFORE,
             "a job before its employer ('teacher at Lincoln Elementary')"),
            ("profession_at_employer_compound", rf"(?!{_NOT_A_JOB_MODIFIER}[ \t]){_JOB_TWO_WORDS}", "occupation_phrase",
             _NOT_A_JOB_HOLDER_BEFORE,
             "a job of two words before its employer ('ICU nurse at IU Health', 'HVAC installer for Modern Piping')"),
            ("profession_at_employer_long", rf"(?!{_NOT_A_JOB_MODIFIER}[ \t]){_JOB_LONG}", "long_occupation_phrase",
             _NOT_A_JOB_HOLDER_BEFORE,
             "a job of three or four words before its employer ('2nd grade teacher at Harding Elementary', "
             "'long-haul truck driver for J.B. Hunt')"),
        )
    ]


def rules() -> List[RegexRule]:
    """The profession rules, in a fixed order (see `builtin_rules` for what order decides).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
        *_profession_is_a_rules(),
        *_job_before_employer_rules(),
        RegexRule(
            "profession_work_field", "PROFESSION",
            # The article stays out of the value ("working in a bakery" -> "bakery"), as the conventions say.
            rf"(?:\b(?i:work|works|worked|working|employed|job)\s+(?:in|at)\s+)(?:(?:a|an)\s+)?(?P<value>{WORK_FIELDS})(?![\w'’-])",
            priority=2,
            description="a field of work after 'works in' ('works in sales', 'employed in healthcare', 'working in a bakery')",
        ),
        RegexRule(
            "profession_works_as", "PROFESSION",
            rf"(?i:\b(?:works?|worked|working|employed|job)\s+as\s+an?\s+)"
            rf"(?P<value>(?!{_PROFESSION_STOP})[a-z][a-z-]+(?:\s+(?!{_PROFESSION_STOP})[a-z][a-z-]+){{0,2}})",
            priority=2,
            description="profession after 'works as a' ('works as a nail technician at ...')",
        ),
        RegexRule(
            "profession_field", "PROFESSION",
            r"(?i:\b(?:occupation|profession|employment|job(?:\s+title)?)\s*:[ \t]*(?!(?:none|n/?a|unemployed|retired|disabled|unknown|denies)\b))(?P<value>[A-Za-z][A-Za-z/ -]{2,40}?)(?=[ \t]*(?:$|\n|[,;.(])|[ \t]{2,})",
            flags="m",
            priority=2,
            description="profession after 'Occupation:' in a social history",
        ),
    ]


#: (text, label, value, rule id): in each invented text the rule fires and gives
#: this value with this label (the span `phi_rules` writes, snapped to tokens);
#: tests/rules/ runs every line and the reference in docs/rules.md shows the first of each rule.
EXAMPLES: List[Tuple[str, str, str, str]] = [
    ("Patient reports he is a farmer.", "PROFESSION", "farmer", "profession_is_a"),
    ("She is employed as an RN and", "PROFESSION", "RN", "profession_is_a"),
    ("uh , i'm an x-ray tech .", "PROFESSION", "x-ray tech", "profession_is_a_compound"),
    ("She is a middle school science teacher and runs marathons.", "PROFESSION", "middle school science teacher", "profession_is_a_long"),
    ("Lives w/ wife Carmela (79) in Revere, retired barber - still cuts hair", "PROFESSION", "barber", "profession_retired"),
    ("Self-employed roofer (Brown & Sons Roofing LLC), physically active", "PROFESSION", "roofer", "profession_retired"),
    ("later a former forklift operator at the port", "PROFESSION", "forklift operator", "profession_retired_compound"),
    ("Pt is a retired school cafeteria manager; lives alone.", "PROFESSION", "school cafeteria manager", "profession_retired_long"),
    ("a 52 year old teacher presents with", "PROFESSION", "teacher", "profession_after_age"),
    ("seeing Mr. Volkov, a 43-year-old HVAC technician whom I have followed", "PROFESSION", "HVAC technician", "profession_after_age_compound"),
    ("HISTORY\n34 y/o registered nurse (BSN, 2014)", "PROFESSION", "registered nurse", "profession_after_age_compound"),
    ("Mr. Ode is a 61 yo long-haul truck driver with chest pain.", "PROFESSION", "long-haul truck driver", "profession_after_age_long"),
    ("SH: electrician, married, no tobacco", "PROFESSION", "electrician", "profession_social_field"),
    ("Social: HVAC installer for Modern Piping in Cedar Rapids", "PROFESSION", "HVAC installer", "profession_social_field_compound"),
    ("Social: graduate student (MS Data Science) at UNC Charlotte", "PROFESSION", "graduate student", "profession_social_field_compound"),
    ("Social: home health aide supervisor, no tobacco.", "PROFESSION", "home health aide supervisor", "profession_social_field_long"),
    ("Wife Marla, a high school band director, at bedside.", "PROFESSION", "high school band director", "profession_appositive_long"),
    ("Wife: teacher at Lincoln Elementary, healthy.", "PROFESSION", "teacher", "profession_at_employer"),
    ("Close with sister Summer, 25, ICU nurse at IU Health Methodist.", "PROFESSION", "ICU nurse", "profession_at_employer_compound"),
    ("He works nights as 3rd shift forklift operator at Dollar General.", "PROFESSION", "3rd shift forklift operator", "profession_at_employer_long"),
    ("you work in sales so you're home", "PROFESSION", "sales", "profession_work_field"),
    ("[patient] i began working in a bakery this summer", "PROFESSION", "bakery", "profession_work_field"),
    ("she works as a nail technician at a salon", "PROFESSION", "nail technician", "profession_works_as"),
    ("Job title: overhead crane operator    Regular schedule: 12-h", "PROFESSION", "overhead crane operator", "profession_field"),
    ("Occupation: bus driver\n", "PROFESSION", "bus driver", "profession_field"),
]
