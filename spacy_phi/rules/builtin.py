"""The built-in English PHI rules of `phi_rules`: the rule families of
`families/`, put together in one fixed order.

Rules follow the i2b2 2014 annotation conventions: the span is the value only
("MRN: 0937884" gives "0937884", "Dr. Smith" gives "Smith"). Each rule has an
id (reported in provenance and the audit manifest) and a priority used by
`phi_merge` when detectors disagree on a label: 3 for rules anchored by a
format or a context word, 2 for weaker cues, 1 for shape-only guesses.

A rule lives in the family of its label (`families/<family>.py`), next to the
EXAMPLES that tests/rules/ runs; regex pieces shared by families are in
`fragments.py`. Adding a rule: docs/rules.md.
"""

from __future__ import annotations

from typing import List, Tuple

from .families import age, contact, date, identifiers, location, person, profession
from .regex_rules import RegexRule

#: Location and person rules that come, in this order, after every other rule of
#: the two families (see `builtin_rules`): the location rules that read a run of
#: words as an institution (a unit, a company, a hospital, an employer), and the
#: name before an e-mail address, which a listed hospital before its address beats
#: ("To: Abbeville General Hospital <...>") and which beats an employer after a work
#: cue ("works at Home Depot <...>").
INSTITUTIONS_AFTER_NAMES: Tuple[str, ...] = (
    "department_service_unit",
    "organization_suffix",
    "hospital_cms_name",
    "hospital_short_name_after_movement",
    "person_before_email",
    "organization_public_service",
    "organization_us_military",
    "employer_after_work_cue",
    "employer_at_from_year",
    "hospital_name_head",
)


def builtin_rules() -> List[RegexRule]:
    """The built-in rules, in a fixed order (ids are unique).

    Order decides ties, and only ties. `PhiRules.find` snaps every match to
    whole tokens and keeps one span per token extent: the match of the highest
    priority (`RegexRule.priorities`: a match without its context word or
    confirmation may have a lower one), and among matches of the same priority
    the first in this order (rules in order, then matches in text order). So
    when two rules give the same tokens with the same priority, the earlier
    rule's label and id are written to `doc.spans["phi_rules"]`. Nothing else
    reads the order: the span group is sorted by position, `phi_merge` chooses a
    label by extent, priority, length and span group, and a Spanish pipeline
    takes its language-neutral rules from here in this order.

    The families come in this order, each in the order of its `rules()`:
    contact, identifiers, location, person, profession, age, date. A place of
    an address beats a name on the same words ("Cedar Bend Dr\\nRound Rock, TX"
    is a CITY, not "Dr" Round Rock). One documented exception,
    `INSTITUTIONS_AFTER_NAMES`: those location rules come after the person
    rules, as a name beats an institution read on the same words ("retired from
    John Deere" is a PATIENT by `capitalised_full_name`, not an employer; "Seen
    at Jefferson Healthcare" is a PATIENT, not the CMS hospital); the name
    before an e-mail address goes with them, after the CMS hospital list and
    before the employers. tests/rules/test_order.py pins each of these ties.

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    location_rules, person_rules = location.rules(), person.rules()
    moved = set(INSTITUTIONS_AFTER_NAMES)
    by_id = {rule.id: rule for rule in location_rules + person_rules if rule.id in moved}
    return [
        *contact.rules(),
        *identifiers.rules(),
        *(rule for rule in location_rules if rule.id not in moved),
        *(rule for rule in person_rules if rule.id not in moved),
        *(by_id[rule_id] for rule_id in INSTITUTIONS_AFTER_NAMES),
        *profession.rules(),
        *age.rules(),
        *date.rules(),
    ]
