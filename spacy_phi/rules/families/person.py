"""PERSON rules: patients and lay people (PATIENT), clinicians and care staff
(DOCTOR).

A name is found after a title ("Dr. Smith", "Mrs. O'Neil"), a credential or role
written first ("PA-C Tobias Ferrante", "RD Collette"), a relative word ("wife
Yesenia"), in a name field ("Pt: LOMBARDI, SAVERIO"), before a degree ("Ada R.
Kruger, M.D."), as staff initials signing a line, or as a given name of the
lists with a family name (`name_patterns.py` holds those checks and the token
patterns of lower-case names). Look-alikes the rules must leave alone ("Mother:
Alive", "Marcus Gunn pupil", "NP Note") are in tests/rules/test_person.py.
"""

from __future__ import annotations

import re
from typing import List, Tuple

from ...lexicon.person_words import MENTAL_STATUS_AFTER_WATCHING, RELATIVE_WORDS, STAFF_ROLE_ABBREVIATIONS
from ...lexicon.vocabulary import default_vocabulary
from ..fragments import CAPS_NAME, NAME_WORD, NOT_NAME_WORDS, PERSON
from ..regex_rules import RegexRule

#: Staff roles after "RN" that are no name ("RN CM Teresa Pham").
_STAFF_ROLES = "|".join(sorted((re.escape(r) for r in STAFF_ROLE_ABBREVIATIONS), key=len, reverse=True))
#: What says two names before it are relatives: "are his appointed Health Care Proxy", "are her sons".
_ARE_RELATIVES = rf"are[ \t]+(?:his|her|their|(?:the[ \t]+)?(?:pt|patient)['’]?s)[ \t]+(?:[A-Za-z]+[ \t]+){{0,3}}?(?i:{RELATIVE_WORDS})"
_ARE_RELATIVES_PREFILTER = r"\bare[ \t]+(?:his|her|their|the|pt|patient)"
#: "DR", "DR.", "RN" before a name in capitals on the same line, and not before a word of
#: the sentence ("DR AWARE", "RN TO"; "TRIAGE RN: ...\n\nCHIEF COMPLAINT" is a heading).
_CAPS_TITLE = (
    r"\b(?:DR(?:\.[ \t]*|[ \t]+)|RN[ \t]+)"
    rf"(?!(?:AND|OR|TO|THE|NOTIFIED|AWARE|PRESENT|AT|IN|WITH|FOR|ON|CALLED|PAGED|{_STAFF_ROLES})\b)"
)

#: Title-case words after "Nurse", "NP", "PA-C" that are not names ("Nurse Manager", "NP Note").
_NOT_CLINICIAN_WORDS = (
    r"Manager|Practitioner|Call|Station|Note|Notes|Assessment|Triage|Navigator|Educator|Specialist|Visit|"
    r"Coordinator|Supervisor|Anesthetist|Midwife|Clinic|Team|Staff|Report|Aware|Notified|Present|Here|She|He|They|It|We|The|"
    # the patient a sentence opens with after "NP" (nasal prongs: "97% on 5L/NP. Pt does get SOB")
    r"Pt|Pts|Patient"
)

#: Care staff's roles as notes in capitals write them before a name ("IV NURSE
#: VIRGINIA SALLESE", "HO SCHWARZ": house officer, "RABBI KLEIN").
_STAFF_ROLES_CAPS = "NURSE|RABBI|CHAPLAIN|PRIEST|HO|MD|INTERN|FELLOW|HOUSE[ \t]+STAFF|HOUSE[ \t]+OFFICER"

#: Care staff's roles written before their name ("RD Collette", "Chaplain Beatrice
#: Ngwenya"). No "Interpreter": the language comes first ("Interpreter: Spanish, ...").
_STAFF_ROLES_FIRST = (
    "RD|SW|CM|SLP|RT|OT|MSW|PCP|CRC|HO|Chaplain|Dietitian|Pharmacist|Counselor|counselor|Therapist|Doula|Scribe|Tech|"
    "[Cc]o-facilitator|[Ff]acilitator"
)

#: "per" before the author of an order or a report; after "per Dr" the title rules name the doctor.
_PER = r"\b(?:per|Per|PER)[ \t]+(?:(?:md|MD|np|NP)[ \t]+)?(?!(?:DR|Dr|dr)\b)"  # "per md Nadeem": the role, then its name
#: A word in any case, and the same after an optional initial ("K. ABERNATHY", "d kovac").
_ANY_WORD = r"[A-Za-z][A-Za-z'’-]+"
_INITIAL_THEN_WORD = rf"(?:[A-Za-z]\.?[ \t]+)?{_ANY_WORD}"
#: Whose home: a possessive before a dwelling ("black's house", "jan's place").
_POSSESSIVE_DWELLING = r"['’]s[ \t]+(?:house|home|place|apartment|apt|farm|condo|trailer)\b"

#: Heads of a practice's or institution's name after a role word ("PCP: Sanford Children's Clinic").
_PRACTICE_AFTER = (
    r"['’]?s?[ \t]+(?:Clinic|Hospital|Center|Centre|Health|Medical|Family|Associates|Group|Pediatrics|Practice|"
    r"Physicians|Care|Medicine|Partners)\b"
)

#: Titles of office before a lay person's name ("Coach Delgado", "Officer Duncan").
_LAY_TITLES = (
    r"Coach|Officer|Deputy|Sgt\.?|Sergeant|Detective|Det\.|Trooper|Pastor|Rabbi|Imam|Judge|Principal|Teacher|"
    r"Caseworker|Landlord"
)
#: The titles of office that notes write in capitals ("OFFICER DUNCAN").
_LAY_TITLES_CAPS = "OFFICER|DEPUTY|SGT|SERGEANT|DETECTIVE|TROOPER|COACH|PASTOR"

#: A family name's particle written before it ("DELA CRUZ-SANTOS, MARIA FE", "Van Buren, Ann").
_FAMILY_PARTICLE = (
    r"(?:(?:DE|DELA|DEL|DE[ \t]+LA|VAN|VON|DA|DI|LA|LE|DOS|DAS|De|Dela|Del|Van|Von|Da|Di|La|Le|Dos|Das)[ \t])?"
)

#: Name fields of forms for people who are patients by another name.
_PERSON_FIELDS = (
    "Client|CLIENT|Applicant|APPLICANT|Inmate|INMATE|Resident(?:\\s+Name)?|RESIDENT(?:\\s+NAME)?|"
    "Participant|PARTICIPANT|Member\\s+Name|MEMBER\\s+NAME|Employee\\s+Name|EMPLOYEE\\s+NAME"
)

#: Capitalised words after a relative word that are not names ("Mother Alive", "Son Lives").
_NOT_RELATIVE_NAME = (
    r"(?:Alive|Deceased|Died|Dies|Living|Lives|Healthy|Unknown|Adopted|History|Hx|Denies|Reports|States|"
    r"Passed|Age|Aged|Side|Smoker|Present|Here|At|In|Is|Has|Had|Was|With|And|Or|The|Of|Also|Who|"
    r"Called|Visited|Notified|Aware|Bedside|Health|Status|Cancer|Diabetes|Hospital|Clinic|Center|Services?|"
    # a request or a plan opening the next sentence ("spoke with wife\nPlease see flow sheet")
    r"Please|Plan|See|Pt|Patient)\b"
)

#: Lower-case words that may be a name in a lower-case note ("wife agnieszka"); the
#: rules that use it also require the `not_common_word` check.
_LOWER_NAME_WORD = r"[a-z][a-z'-]{2,}"
#: What follows a clinician's name in a nursing note: a staff role or the news it got
#: ("nina pakulski aware", "joan vardoulakis licsw", "mary ferriera np").
_ROLE_OR_AWARE_AFTER = rf"(?i:{_STAFF_ROLES}|aware|notified|paged|informed|updated|that|who)"
#: What a note says of staff it names in capitals right after the name ("MARISOL PAKULSKI CALLED TO BEDSIDE").
_NOTICE_AFTER_CAPS = r"AWARE|NOTIFIED|PAGED|INFORMED|CALLED|ORDERED|UPDATED"

#: Care roles and lay roles before a name written without a title ("therapist B. Okafor",
#: "sponsor Dale Whitcomb"): over every gold corpus, 29 and 68 exact matches, no false alarm.
_CARE_ROLES = (
    r"therapist|counselor|counsellor|psychologist|psychiatrist|social[ \t]+worker|case[ \t]+manager|caseworker|"
    r"dietitian|dietician|pharmacist|chaplain|physiatrist|audiologist|midwife|doula|hospitalist|intensivist|surgeon|"
    r"oncologist|cardiologist|neurologist|nephrologist|pcp"
)
_LAY_ROLES = (
    r"teacher|coach|sponsor|attorney|lawyer|landlord|roommate|neighbor|neighbour|friend|boss|supervisor|coworker|"
    r"co-worker|caregiver|guardian"
)

#: Titles after a role: the title rules take the name ("PCP Dr. Lim", "Neighbor Mrs. Pruitt").
_TITLE_WORDS = r"(?:Dr|Drs|Mr|Mrs|Ms|Miss|Mx|Doctor|Lic|Prof|Rev)"

#: "dr" or "doctor" before a lower-case clinician's name, not twice ("doctor doctor cooper");
#: the dot may be glued to the name ("dr.ayoub").
_LOWER_DOCTOR_TITLE = r"\b(?:dr\.\s*|dr\s+|doctor\s+)(?!(?:dr|doctor)\b)"


def _role_then_name_rule(rule_id: str, label: str, roles: str, description: str) -> RegexRule:
    """A name after a role word written without a title ("Therapist Okafor", "sponsor
    Dale Whitcomb"), an initial allowed; weak (priority 1): a full name the tagger found
    around it keeps its extent."""
    return RegexRule(
        rule_id, label,
        rf"\b(?i:{roles})[ \t]+(?!{_TITLE_WORDS}\b)(?P<value>(?:[A-Z]\.[ \t]*)?{NAME_WORD}"
        rf"(?:[ \t]+(?!{NOT_NAME_WORDS}\b){NAME_WORD})?)(?![\w'’-])",
        checks=("not_common_word",),
        prefilter=rf"(?i:\b(?:{roles})[ \t]+[A-Z])",
        priority=1,
        description=description,
    )


def _medical_heads() -> str:
    """Medical head words ("disease", "sign", "pupil"): after them a name is an eponym."""
    return "|".join(sorted((re.escape(h) for h in default_vocabulary().heads if " " not in h), key=lambda h: (-len(h), h)))


def rules() -> List[RegexRule]:
    """The person rules, in a fixed order (see `builtin_rules` for what order decides).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    medical_heads = _medical_heads()
    return [
        RegexRule(
            "patient_last_first_lower", "PATIENT",
            r"(?i:\b(?:pt|patient|name)\b[ \t]*:?[ \t]*)(?P<value>[a-z][a-z'-]{1,20},[ \t]*[a-z][a-z'-]{1,20})"
            r"(?=[ \t]*,?[ \t]*\d{1,3}[ \t]*-?[ \t]*(?:y/?o\b|yo\b|y\b|[mf]\b|mo\b))",
            priority=2,
            prefilter=r"(?i:\b(?:pt|patient|name)\b)",
            description="a lower-case 'last, first' name after 'pt' and before an age ('pt: lusk, wren, 2 y/o f', 'pt dimarco, rosalind 61f')",
        ),
        RegexRule(
            "doctor_title", "DOCTOR",
            rf"\b(?:Dr|DR|Doctor|Drs)(?:\.\s*|\s+){PERSON}",  # "Dr. Smith", glued "Dr.Smith"
            priority=2,
            description="clinician after 'Dr.' ('Dr. Smith', 'Dr. John R. Smith')",
        ),
        RegexRule(
            "doctor_title_initial_first", "DOCTOR",
            rf"\b(?:Dr|DR|Doctor)(?:\.[ \t]*|[ \t]+)(?P<value>[A-Z]\.?[ \t]+{NAME_WORD})(?![\w'’])",
            priority=2,
            description="clinician's initial and surname after 'Dr' ('Dr K Lorne in to see pt', 'Dr. J. Okafor')",
        ),
        RegexRule(
            "clinician_credential_before", "DOCTOR",
            # Not after an oxygen flow: "2L NP" is nasal prongs ("on 4L NP. Lungs clear", "on 5L/NP").
            r"(?<!\d[Ll] )(?<!\d [Ll] )(?<!\d[Ll])(?<!\d[Ll]/)"
            rf"\b(?:PA-C|NP|CNP|APRN|CRNA|CNM|Nurse\s+Practitioner|Nurse|Prof|Professor)\.?[ \t]+"
            rf"(?!(?:{_NOT_CLINICIAN_WORDS}|Dr|Mr|Mrs|Ms)\b){PERSON}",
            exclude_after=r"[ \t]*:",  # a field label of the next line part ("PA-C   Supervising: Dr. Abdi")
            priority=2,
            description="clinician after a credential or role written first ('PA-C Tobias Ferrante', 'Nurse Jones')",
        ),
        RegexRule(
            "staff_role_before", "DOCTOR",
            rf"(?<![\w/-])(?:{_STAFF_ROLES_FIRST}):?[ \t]+(?!(?:{_NOT_CLINICIAN_WORDS}|Dr|Mr|Mrs|Ms|Doctor)\b){PERSON}",
            checks=("no_long_common_word",),
            exclude_after=rf"[ \t]*:|{_PRACTICE_AFTER}",
            priority=2,
            prefilter=rf"\b(?:{_STAFF_ROLES_FIRST})\b",
            description=(
                "care staff after a role written first ('RD Collette to see', 'Chaplain Beatrice Ngwenya', "
                "'letter to PCP Benally', 'primary counselor Hensley'; not 'SW Consult', not a practice)"
            ),
        ),
        RegexRule(
            "lay_title_before", "PATIENT",
            rf"(?<![\w/-])(?:{_LAY_TITLES})[ \t]+(?!(?:{_NOT_CLINICIAN_WORDS}|Dr|Mr|Mrs|Ms)\b){PERSON}",
            checks=("no_long_common_word",),
            exclude_after=r"[ \t]*:",
            priority=2,
            prefilter=rf"\b(?:{_LAY_TITLES})",
            description="a lay person after a title of office ('Coach Delgado', 'Officer Duncan', 'Pastor Otis Granberry')",
        ),
        RegexRule(
            "lay_title_caps", "PATIENT",
            rf"\b(?:{_LAY_TITLES_CAPS})\.?[ \t]+(?P<value>{CAPS_NAME})(?![\w])",
            checks=("no_long_common_word",),
            priority=2,
            prefilter=rf"\b(?:{_LAY_TITLES_CAPS})\b",
            description="a lay person in capitals after a title of office ('OFFICER DUNCAN #4471')",
        ),
        RegexRule(
            "doctor_caps_title", "DOCTOR",
            # "RN." ends a sentence ("SKIN CARE RN.  HEME--INR"); "DR." is the title's own stop
            rf"{_CAPS_TITLE}(?P<value>{CAPS_NAME})(?![\w])",
            checks=("no_long_common_word",),  # "INITIAL RN ASSESSMENT & PLAN"
            exclude_after=r"\s*(?::|--)",
            priority=2,
            description="clinician in capitals after a title ('RN JONES', 'DR SMITH'; not 'RN ASSESSMENT')",
        ),
        RegexRule(
            "doctor_caps_title_two_words", "DOCTOR",
            # The second word is the name's only when it is no word of the sentence:
            # "DR MARY SOUZA", not "DR WOODRUM UP", "PER DR.GOLINI THIS AFTERNOON".
            rf"{_CAPS_TITLE}(?P<value>{CAPS_NAME}[ \t]+(?!(?:AND|OR|TO|THE|AT|IN|WITH|FOR|ON|BY|AS|IS|WAS|HAS|HAD|PER|DR|{_STAFF_ROLES})\b)(?P<second>{CAPS_NAME}))(?![\w])",
            checks=("no_long_common_word",),
            group_checks={"second": ("no_word_after_role",)},
            exclude_after=r"\s*(?::|--)",
            priority=2,
            description="clinician's two names in capitals after a title ('DR MARY SOUZA'; not 'DR KLEIN SO')",
        ),
        RegexRule(
            "doctor_degree", "DOCTOR",
            rf"(?<![A-Za-z])(?P<value>{NAME_WORD}(?:\s+[A-Z]\.)?\s+{NAME_WORD}),?\s+(?:M\.D\.|MD|D\.O\.|DO|R\.N\.|RN|NP|PA-C|PhD|MBBS|DDS|CNM|LCSW|LICSW)(?![A-Za-z])",
            priority=2,
            description="clinician before a degree ('Ada R. Kruger, M.D.')",
        ),
        RegexRule(
            "patient_title", "PATIENT",
            rf"\b(?:Mr|Mrs|Ms|Miss|Mister|MRS)(?:\.\s*|\s+){PERSON}",  # "Mr. Desmond", glued "Mr.Desmond"
            priority=2,
            description="person after 'Mr.', 'Mrs.', 'Ms.' (patients and relatives)",
        ),
        RegexRule(
            "relative_name", "PATIENT",
            rf"(?i:\b{RELATIVE_WORDS})(?!['’])\s*[,(]?\s*(?:named\s+|is\s+)?(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(?!{_NOT_RELATIVE_NAME}|(?i:{RELATIVE_WORDS})\b){PERSON}",
            priority=2,
            description="relative or other lay person named after the relation ('wife Yesenia', 'dtr Renata Kowalczyk-Dunn')",
        ),
        RegexRule(
            "patient_title_caps", "PATIENT",
            rf"\b(?:MR|MRS|MISS)\.?[ \t]+(?P<value>{CAPS_NAME})(?![\w])",
            checks=("no_word_after_role",),  # "MR MODERATE": mitral regurgitation; no "MS" (mental status: "MS CLEARS")
            prefilter=r"\b(?:MR|MRS|MISS)\.?[ \t]+[A-Z]{2}",
            priority=2,
            description="a patient or relative in capitals after a title without its dot ('MRS BRUCER HERE', 'MR LOMISH HAD')",
        ),
        RegexRule(
            "relative_comma_caps", "PATIENT",
            rf"(?i:\b{RELATIVE_WORDS})[ \t]*(?:,|[-–]+)[ \t]*(?P<value>{CAPS_NAME}(?:[ \t]+{CAPS_NAME})?)(?![\w])",
            checks=("not_common_word",),
            priority=2,
            description=(
                "a relative's name in capitals set off by a comma or dashes ('SISTER,CARROLL ANNE HAS PHONED', "
                "'DAUGHTER-TIA---301 555-0199'); not 'DAUGHTER, SON', 'SON-IN-LAW'"
            ),
        ),
        RegexRule(
            "staff_role_caps_full", "DOCTOR",
            rf"\b(?:{_STAFF_ROLES_CAPS})[ \t]+(?P<value>{CAPS_NAME}[ \t]+{CAPS_NAME})(?![\w])",
            checks=("no_word_after_role",),
            prefilter=rf"\b(?:{_STAFF_ROLES_CAPS})[ \t]+[A-Z]{{2}}",
            priority=2,
            description="care staff in capitals after their role, given and family name ('IV NURSE VIRGINIA SALLESE CALLED')",
        ),
        RegexRule(
            "staff_role_caps", "DOCTOR",
            # four letters or more: "PER HO LLL EFFUSION" reports a finding
            rf"\b(?:{_STAFF_ROLES_CAPS})[ \t]+(?P<value>[A-Z]{{4,}}(?:[-'][A-Z]{{2,}})?)(?![\w])",
            checks=("no_word_after_role",),
            prefilter=rf"\b(?:{_STAFF_ROLES_CAPS})[ \t]+[A-Z]{{2}}",
            priority=2,
            description="care staff in capitals after their role ('SPOKE WITH HO SCHWARZ', 'RABBI KLEIN CAME'); not 'HO AWARE'",
        ),
        RegexRule(
            "order_attribution", "DOCTOR",
            # "per" attributes an order or a report to its author; the check keeps names only
            rf"{_PER}(?P<value>{_INITIAL_THEN_WORD}(?:[ \t]+{_ANY_WORD})?)(?![\w'’-])",
            checks=("attributed_person",),
            priority=2,
            prefilter=r"(?i)\bper[ \t]",
            description="the author of an order or a report after 'per' ('PER HOLLOWAY WILL HOLD', 'per marisol quintero', 'PER K. ABERNATHY PA'; not 'per protocol', 'per MD')",
        ),
        RegexRule(
            "order_attribution_one", "DOCTOR",
            rf"{_PER}(?P<value>{_INITIAL_THEN_WORD})(?![\w'’-])",
            checks=("attributed_person",),
            priority=2,
            prefilter=r"(?i)\bper[ \t]",
            description="one name after 'per' when the next word is none ('PER HOLLOWAY WILL HOLD')",
        ),
        RegexRule(
            "doctors_coordinated", "DOCTOR",
            rf"\b(?:Drs|DRS)['’]?\.?[ \t]+(?P<value>{NAME_WORD}|{CAPS_NAME})(?=[ \t]+(?:and|AND|&)[ \t]+(?:{NAME_WORD}|{CAPS_NAME})\b)",
            checks=("no_long_common_word",),
            priority=2,
            description="the first of two clinicians after 'Drs' ('Drs' Ballou and Dutter', 'DRS JOSEPH AND ROBBINSON')",
        ),
        RegexRule(
            "doctors_coordinated_second", "DOCTOR",
            rf"\b(?:Drs|DRS)['’]?\.?[ \t]+(?:{NAME_WORD}|{CAPS_NAME})[ \t]+(?:and|AND|&)[ \t]+(?P<value>{NAME_WORD}|{CAPS_NAME})(?![\w])",
            checks=("no_long_common_word",),
            priority=2,
            description="the second of two clinicians after 'Drs' ('Drs' Ballou and Dutter', 'DRS JOSEPH AND ROBBINSON')",
        ),
        RegexRule(
            "relatives_coordinated", "PATIENT",
            # Two names that are the subject of a relation: "Both Suzette and Hank are his appointed
            # Health Care Proxy", "Ines and Tomas are her sons".
            rf"(?<![\w'’-])(?P<value>{NAME_WORD})[ \t]+(?:and|&)[ \t]+(?:{NAME_WORD})[ \t]+{_ARE_RELATIVES}",
            checks=("no_word_after_role",),
            prefilter=_ARE_RELATIVES_PREFILTER,
            priority=2,
            description="the first of two names before 'are his/her ... proxy/sons' ('Both Suzette and Hank are his appointed Health Care Proxy')",
        ),
        RegexRule(
            "relatives_coordinated_second", "PATIENT",
            rf"(?<![\w'’-])(?:{NAME_WORD})[ \t]+(?:and|&)[ \t]+(?P<value>{NAME_WORD})[ \t]+{_ARE_RELATIVES}",
            checks=("no_word_after_role",),
            prefilter=_ARE_RELATIVES_PREFILTER,
            priority=2,
            description="the second of two names before 'are his/her ... proxy/sons' ('Both Suzette and Hank are his appointed Health Care Proxy')",
        ),
        RegexRule(
            "relative_dash_name", "PATIENT",
            # "Sister is health care proxy - Marisela Carlsen who lives in DC": a spaced dash sets the name off.
            rf"(?i:\b{RELATIVE_WORDS})[ \t]+[-–]{{1,2}}[ \t]+(?!{_NOT_RELATIVE_NAME}|(?i:{RELATIVE_WORDS})\b){PERSON}",
            checks=("no_word_after_role",),
            priority=2,
            description="a relative's or proxy's name after a spaced dash ('health care proxy - Marisela Carlsen'; not 'son - Called back')",
        ),
        RegexRule(
            "doctor_and_colleague", "DOCTOR",
            # "Dr. Ballou and Dutter aware": the second name shares the title
            rf"\b(?:Dr|DR)\.?[ \t]+(?:{NAME_WORD}|{CAPS_NAME})[ \t]+(?:and|AND|&)[ \t]+(?!(?:Dr|DR|Drs|DRS)\b)(?P<value>{NAME_WORD}|{CAPS_NAME})(?![\w'’-])",
            checks=("no_word_after_role",),
            priority=2,
            description="a second clinician after 'Dr. NAME and' ('Dr. Ballou and Dutter aware'; not 'Dr. Ballou and Team', 'Dr. Ballou and Pt')",
        ),
        RegexRule(
            "name_before_phone_label", "PATIENT",
            rf"(?<![\w'’-])(?!(?i:{_TITLE_WORDS})\b)"  # after a title the title rules name the person
            r"(?P<value>[A-Z][a-z'’-]+[ \t]+[A-Z][a-z'’-]+|[A-Z][A-Z'’-]+[ \t]+[A-Z][A-Z'’-]+)"
            # one or two spaces: a wider gap separates two fields ("Physician: Dr Lee   Phone 555-...")
            r",?[ \t]{1,2}(?i:cell|cell[ \t]?phone|home|work|mobile|ph|phone|tel)[ \t]*(?:#|:|no\.?)?[ \t]*\(?\d{3}\)?[ \t.-]?\d{3}",
            checks=("signature_name",),
            prefilter=r"(?i:cell|home|work|mobile|ph|phone|tel)[ \t]*(?:#|:|no\.?)?[ \t]*\(?\d{3}",
            priority=1,  # weak: a town closing a practice's name before its phone keeps its label
           
            description=(
                "a contact's given and family name before a labelled phone number ('Lina Verdasco cell# 410-555-0101', "
                "'JON DEVAUX HOME: 617-555-0100'); not ordinary words ('Call Home phone 410-...')"
            ),
        ),
        RegexRule(
            "name_before_role_in_parentheses", "DOCTOR",
            rf"(?<![\w'’-])(?!(?i:{_TITLE_WORDS})\b)"  # after a title the title rules name the person
            r"(?P<value>[A-Z][a-z'’-]+[ \t]+[A-Z][a-z'’-]+|[A-Z][A-Z'’-]+[ \t]+[A-Z][A-Z'’-]+)"
            r"[ \t]*\((?i:resident|intern|fellow|attending|rn|np|pa|md|nurse|charge[ \t]+nurse|pharmacist|"
            rf"social[ \t]+worker|case[ \t]+manager|{_CARE_ROLES})\)",
            checks=("signature_name",),
            priority=2,
            description=(
                "a clinician's given and family name before a role in parentheses ('JOAO DEVERAUX (RESIDENT) WORKING ON "
                "THIS', 'Ann Rowe (NP)'); not ordinary words ('CARDIAC SURGERY (FELLOW) AWARE')"
            ),
        ),
        RegexRule(
            "signature_before_credential", "DOCTOR",
            r"(?:^|[.!?;][ \t]+|[ \t]{2,})(?P<value>(?:[A-Za-z]\.?[ \t]+)?[A-Za-z][A-Za-z'’-]+(?:[ \t]+[A-Za-z]\.)?"
            r"(?:[ \t]+[A-Za-z][A-Za-z'’-]+)?)[ \t]*,?[ \t]*"
            r"(?i:rrt|crt|rn|lpn|bsn|msn|rn,?[ \t]*bsn|bsn/rn|rn/bsn|licsw|lcsw|msw|np|pa-c)[ \t]*$",
            flags="m",
            checks=("signature_name",),
            prefilter=r"(?i:\b(?:rrt|crt|rn|lpn|bsn|msn|licsw|lcsw|msw|np|pa-c)[ \t]*(?:$|\n))",
            priority=2,
            description=(
                "a staff member signing a note: a name before the credential at the end of a line, in any case "
                "('all is well. q. lander rrt', 'JON DEVAUX RRT', 'barbara j. parrilli bsn/rn'); not 'NO CHANGES RN'"
            ),
        ),
        RegexRule(
            "relative_name_listed", "PATIENT",
            rf"(?i:\b{RELATIVE_WORDS})(?!['’])\s*:\s*(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(?!{_NOT_RELATIVE_NAME}){PERSON}",
            checks=("not_common_word",),
            priority=2,
            description=(
                "person after a relation used as a list label ('Wife: Yesenia'); not an ordinary word: "
                "family histories list diseases there ('Father: Prostate cancer')"
            ),
        ),
        RegexRule(
            "relative_name_appositive_lower", "PATIENT",
            # after a possessive, or opening a clause of a terse note ("visitors. wife, rose, left a number")
            rf"(?:\b(?:my|her|his|our|your|their)\s+|(?:^|(?<=[.;:\n-]))[ \t]*){RELATIVE_WORDS}\s*,\s+(?P<value>[a-z]{{3,}})(?=\s*[,.?!])",
            flags="m",
            checks=("appositive_given_name",),
            prefilter=r"\b[a-z-]+\s*,\s+[a-z]{3,}\s*[,.?!]",
            priority=2,
            description=(
                "a lower-case name set off by commas after 'my wife', 'her husband' in speech "
                "('my wife , may , and i', 'i'm her husband , will .'); word names too, no verb ('my son , said')"
            ),
        ),
        RegexRule(
            "name_before_possessive_dwelling_lower", "PATIENT",
            # Whose house: "at mavis lund's house", "to jan's place"; name words only
            # ("at his mother's house", "the neighbor's house" are no names)
            rf"\b(?:at|to|from|in|by)[ \t]+(?P<value>[a-z]{{3,}}(?:[ \t]+[a-z]{{3,}})?){_POSSESSIVE_DWELLING}",
            checks=("lower_case_person_name",),
            prefilter=_POSSESSIVE_DWELLING,
            priority=2,
            description="a lower-case name before a possessive dwelling ('at mavis lund's house'; not 'at his mother's house')",
        ),
        RegexRule(
            "name_is_age_year_old_lower", "PATIENT",
            r"(?:^|(?<=[.?!,\]])\s+|\b(?:so|okay|is|and)\s+)(?P<value>[a-z]{3,}(?:\s+[a-z]{3,})?)"
            r"\s+is\s+an?\s+(?:(?:[a-z]+[\s-]+){1,3}(?:year|month)[\s-]+old|"
            r"\d{1,3}[\s-]*(?:(?:years?|yrs?|months?|mos?)[\s-]+old|y\.?/?o\b))",
            flags="m",
            checks=("lower_case_person_name",),
            prefilter=r"\b(?:years?|yrs?|months?|mos?)[\s-]+old\b|\dy\.?/?o\b|\d[\s-]+y\.?/?o\b",
            priority=2,
            description=(
                "a lower-case name dictated before the age ('hey dax , efrain chavez is a forty four year old', "
                "'so bernadette is a fifty nine year old'); name words only, no ordinary word ('the patient is a')"
            ),
        ),
        RegexRule(
            "my_name_is_lower", "PATIENT",
            r"\bmy\s+name\s+is\s+(?P<value>[a-z]{3,}(?:\s+[a-z]{3,})?)(?=\s*[,.?!])",
            checks=("lower_case_person_name",),
            prefilter=r"\bmy\s+name\s+is\b",
            priority=2,
            description="a lower-case name after 'my name is' in speech ('my name is lucia , spanish interpreter')",
        ),
        RegexRule(
            "staff_role_then_name_lower", "DOCTOR",
            r"\b(?:nurse|midwife|therapist|dietitian|nutritionist|counselor|pharmacist|social\s+worker|scheduler|receptionist|"
            r"interpreter|chaplain|navigator|case\s+manager|physical\s+therapist|np)\s*,?\s+(?P<value>[a-z]{3,})"
            r"(?=\s*[,.?!]|\s+(?:who|will|can|is|in|at|here|there|from|and|she|he)\b)",
            checks=("greeted_given_name",),
            prefilter=r"\b(?:nurse|midwife|therapist|dietitian|nutritionist|counselor|pharmacist|worker|scheduler|receptionist|"
            r"interpreter|chaplain|navigator|manager|np)\s*,?\s+[a-z]",
            priority=1,  # weak: a full name the tagger found around it keeps its extent
            description=(
                "a lower-case given name after a care-staff role in speech ('the nurse patty can give it', 'the midwife , "
                "tamsin .', 'our sports dietitian , noor ,'); a given name of the lists only ('the nurse come in' is no name)"
            ),
        ),
        _role_then_name_rule(
            "staff_role_then_name", "DOCTOR", _CARE_ROLES,
            "a clinician's name after a care role written without a title ('Therapist Okafor reached at 08:10', "
            "'therapist B. Okafor', 'psychiatrist Rupa Iyer'); not 'psychiatrist Dr. Iyer' (the title rules take it)",
        ),
        _role_then_name_rule(
            "lay_role_then_name", "PATIENT", _LAY_ROLES,
            "a lay person's name after their role ('Neighbor Joan Pruitt', 'teacher April Chee', 'sponsor Dale'); "
            "lay people are PATIENT in the conventions; not 'Neighbor Mrs. Pruitt' (the title rules take it)",
        ),
        RegexRule(
            "relative_name_lower", "PATIENT",
            rf"\b{RELATIVE_WORDS}(?!['’])\s+(?P<value>{_LOWER_NAME_WORD})(?![\w])",
            checks=("not_common_word",),
            priority=2,
            description="lower-case name after a relation in a lower-case note ('wife agnieszka'); common words never match",
        ),
        RegexRule(
            "lowercase_full_name_before_role", "DOCTOR",
            rf"\b(?P<value>[a-z]{{3,}}\s+[a-z][a-z'’-]{{2,}}[a-z])(?=\s*,?\s+(?:{_ROLE_OR_AWARE_AFTER})\b)",
            checks=("given_and_unlisted_family_name_lower",),
            prefilter=rf"\b(?:{_ROLE_OR_AWARE_AFTER})\b",
            priority=2,
            description=(
                "a lower-case given name and a surname no list holds, before a staff role or 'aware' "
                "('house staff nina pakulski aware', 'mary ferriera np aware'); not 'mary aware', 'bob visited'"
            ),
        ),
        RegexRule(
            "full_name_before_notice_caps", "DOCTOR",
            rf"\b(?P<value>[A-Z]{{3,}}[ \t]+[A-Z][A-Z'’-]{{2,}}[A-Z])(?=[ \t]*,?[ \t]+(?:{_NOTICE_AFTER_CAPS})\b)",
            checks=("given_and_unlisted_family_name_caps",),
            # a relative right before names a family member ("PT'S NIECE FAUSTINA ALBUQUERQUE CALLED")
            label_if_context={rf"\b{RELATIVE_WORDS}['’]?s?[ \t]*[:,-]?[ \t]*$": "PATIENT"},
            prefilter=rf"\b(?:{_NOTICE_AFTER_CAPS})\b",
            priority=2,
            description=(
                "a given name of the lists and a surname no list holds, in capitals, before 'called', 'aware', "
                "'notified', 'ordered' ('MARISOL PAKULSKI CALLED TO BEDSIDE'); not 'HOUSE STAFF NOTIFIED', "
                "'DAUGHTER CALLED'"
            ),
        ),
        RegexRule(
            "given_name_closing_the_note", "DOCTOR",
            # the last word of a note, alone after a line break or a sentence: the writer signing it
            # (not a note of one word: there nothing says it closes anything)
            r"(?:\n|[.!?][ \t]+)[ \t]*(?P<value>[A-Z][A-Za-z'’-]+)[ \t]*\s*\Z",
            checks=("given_name_alone",),
            priority=2,
            description="a given name alone closing a note, the writer's ('PT IS ON 850U/HR HEPARIN. ROSALIND'); not 'PLAN'",
        ),
        RegexRule(
            "initial_surname_before_notice_caps", "DOCTOR",
            rf"(?<![\w.'’/-])(?P<value>[A-Z][ \t]+[A-Z][A-Z'’-]+[A-Z])(?=[ \t]*,?[ \t]+(?:{_NOTICE_AFTER_CAPS})\b)",
            checks=("initial_and_surname",),
            prefilter=rf"\b(?:{_NOTICE_AFTER_CAPS})\b",
            priority=2,
            description="an initial and a surname in capitals before 'ordered', 'aware', 'called' ('J SMITH ORDERED EPI DRIP'); not 'A FIB', 'I THEN'",
        ),
        RegexRule(
            "name_and_doctor", "DOCTOR",
            # a person named with a doctor ("NELL TURIDDU AND DRS OKAFOR AND LINDQVIST AWARE")
            rf"(?<![\w'’-])(?!(?i:{_TITLE_WORDS})\b)"
            r"(?P<value>[A-Z][A-Z'’-]+[ \t]+[A-Z][A-Z'’-]+|[A-Z][a-z'’-]+[ \t]+[A-Z][a-z'’-]+)"
            r"[ \t]+(?i:and|&)[ \t]+(?:DRS?|Drs?)\.?[ \t]+[A-Z]",
            checks=("signature_name",),
            priority=2,
            description="two names before 'and Dr.' ('Discussed w/ RN Keisha Fontaine and Dr. Aucoin'); not ordinary words ('HOUSE STAFF AND DR KLEIN')",
        ),
        RegexRule(
            "name_before_relative_in_parentheses", "PATIENT",
            # not a title or a relation ("DTR CHARMAINE (HCP)" names "CHARMAINE")
            rf"(?<![\w'’-])(?!(?i:{_TITLE_WORDS}|{RELATIVE_WORDS})\b)"
            r"(?P<value>[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-z'’-]+)?|[A-Z][A-Z'’-]+(?:[ \t]+[A-Z][A-Z'’-]+)?)"
            rf"[ \t]*\((?i:{RELATIVE_WORDS}|significant[ \t]+other|health[ \t]+care[ \t]+proxy|hcp)\)",
            checks=("signature_name",),
            priority=2,
            description=(
                "a person's name before a relation in parentheses ('Tobias Moravec (son) cell#', 'ANSELM (SIGNIFICANT "
                "OTHER) INTO VISIT'); not ordinary words ('CALLED HOME (WIFE)')"
            ),
        ),
        RegexRule(
            "initial_surname_credential", "DOCTOR",
            r"(?<![\w.])(?P<value>[A-Z]\.[ \t]?(?:[A-Z][a-z'’-]+|[A-Z][A-Z'’-]+))[ \t]*,?[ \t]+"
            r"(?:MD|M\.D\.|RN|NP|PA|PA-C|RRT|DO)(?![\w-])",
            checks=("signature_name",),
            priority=2,
            description=(
                "an initial and a surname before a credential, in any case ('B. CLEMENTI MD AWARE', 'J. Okonjo PA into "
                "evaluate'); not ordinary words ('A. FIB MD AWARE')"
            ),
        ),
        RegexRule(
            "patient_label_last_first", "PATIENT",
            rf"\b(?:Pt|PT|Patient|PATIENT|Name|NAME|Pt\s+Name|Patient\s+Name)\.?[ \t]*:?[ \t]+"
            rf"(?P<value>(?:{NAME_WORD}|{CAPS_NAME}),[ \t]*(?:{NAME_WORD}|{CAPS_NAME})(?:[ \t]+[A-Z]\.?(?![A-Za-z]))?)",
            checks=("not_common_word",),
            priority=2,
            description=(
                "a patient written last name first after 'Pt', 'Patient', 'Name' ('Pt Hernandez, Osvaldo', "
                "'Pt: LOMBARDI, SAVERIO'); not ordinary words ('Pt Alert, Oriented')"
            ),
        ),
        RegexRule(
            "person_field_last_first", "PATIENT",
            rf"\b(?:Pt|PT|Patient|PATIENT|Name|NAME|{_PERSON_FIELDS})\.?[ \t]*:[ \t]*"
            rf"(?P<value>{_FAMILY_PARTICLE}(?:{NAME_WORD}|{CAPS_NAME}),[ \t]*(?:{NAME_WORD}|{CAPS_NAME})"
            # middle names, a quoted nickname and an initial, one space apart (a wider gap is the next field)
            rf"(?:[ ](?:{NAME_WORD}|{CAPS_NAME}|[A-Z]\.?(?![A-Za-z]))){{0,2}}(?:[ \t]+[\"“](?:{NAME_WORD}|{CAPS_NAME})[\"”])?"
            rf"(?:[ ][A-Z]\.)?)",
            checks=("family_comma_given_name",),
            priority=2,
            description=(
                "a person written family name first in a name field, also of a client, applicant, inmate, resident "
                "or member, when a given name of the lists follows the comma: a family name that is a word "
                "too ('Client: FLORES-WARD, XIMENA', 'Pt: Brown, Earl'), with middle names, nickname and particle "
                "('INMATE: ROSE, TERRANCE DEWAYNE', 'Pt: Graves, Harold \"Hal\"', 'Applicant: DELA CRUZ-SANTOS, MARIA FE')"
            ),
        ),
        RegexRule(
            "person_field_first_last", "PATIENT",
            rf"\b(?:{_PERSON_FIELDS})\.?[ \t]*:[ \t]*"
            rf"(?P<value>{NAME_WORD}(?:[ \t]+[\"“]{NAME_WORD}[\"”])?(?:[ \t]+[A-Z]\.?)?[ \t]+{NAME_WORD})(?![\w'’-])",
            checks=("not_common_word",),
            priority=2,
            description=(
                "a client, applicant, inmate, resident, participant or member named given name first in its field "
                "('Participant: William \"Bill\" Ashworth'); no ordinary word"
            ),
        ),
        RegexRule(
            "patient_cell_last_first", "PATIENT",
            rf"(?<=\|)[ \t]*(?P<value>{CAPS_NAME},[ \t]*{CAPS_NAME}(?:[ \t]+[A-Z]\.?)?)[ \t]*(?=\|)",
            checks=("family_comma_given_name",),
            prefilter=r"\|[ \t]*[A-Z]{2,}[-'A-Z]*,",
            priority=2,
            description=(
                "a person in capitals, family name first, alone in a table cell of a handoff or census list "
                "('| GUY, TREMAINE |', '| NYGAARD, APRIL |'): a given name of the lists after the comma, no "
                "medical word ('| CHF, COPD |' stays)"
            ),
        ),
        RegexRule(
            "staff_initials_signoff", "DOCTOR",
            r"(?<=[.;)][ \t])[-–—][ \t]?(?P<value>[A-Z]{2,4})(?=[ \t]*(?:$|,[ \t]*[A-Z]|\d{1,2}:?\d{2}\b))",
            flags="m",
            checks=("not_common_word",),
            prefilter=r"[.;)][ \t][-–—][ \t]?[A-Z]{2,4}",
            priority=2,
            description=(
                "staff initials signing a log entry at the end of its line ('Conf. line opened. - KLB', "
                "'read back done. - TLW, PharmD', 'sitter in 514. - DL 18:58'); no abbreviation or credential"
            ),
        ),
        RegexRule(
            "staff_initials_signoff_lower", "DOCTOR",
            r"(?:^|(?<=[.;)!][ \t]))[ \t]*[-–—][ \t]?(?P<value>[a-z]{2,4})(?=[ \t]*(?:$|,[ \t]*[A-Z]))",
            flags="m",
            checks=("not_common_word",),
            prefilter=r"[-–—][ \t]?[a-z]{2,4}[ \t]*(?:$|\n|,)",
            priority=2,
            description=(
                "staff initials in lower case signing a message or log line at its end ('Letter mailed. -kpm', "
                "'stable.\\n-jtk', '-lmt, MLS(ASCP)'); no ordinary word ('- see')"
            ),
        ),
        RegexRule(
            "staff_initials_legend", "DOCTOR",
            r"(?<![\w/])(?P<value>[A-Z]{2,4})[ \t]*=[ \t]*(?=[A-Z][a-z]+[ \t]+(?:[A-Z]\.[ \t]+)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?,[ \t]*[A-Z])",
            prefilter=r"[A-Z]{2,4}[ \t]*=[ \t]*[A-Z][a-z]",
            priority=2,
            description=(
                "initials defined in a legend as a signed-off name ('KLB = Kimberly L. Bynum, RN'; "
                "not 'EF = Ejection fraction': a name and a credential follow)"
            ),
        ),
        RegexRule(
            "patient_title_lower", "PATIENT",
            r"\b(?:(?:mr|mrs|ms)\s?\.\s*|(?:mister|missus)\s+)(?P<value>[a-z][a-z'-]+)(?![\w])",
            checks=("not_function_word",),
            # "ms" after a word of watching is the mental status ("monitor ms. replete lytes")
            exclude_before=MENTAL_STATUS_AFTER_WATCHING,
            priority=2,
            description=(
                "lower-case person after 'mr', 'mrs', 'mister' as speech transcripts write them "
                "('mr . ward', 'mister edwards'): after a title even an ordinary word is the name; "
                "'mr' needs its dot ('mr arthrogram' is an MR study) and the verb 'miss' is no title; "
                "'monitor ms.' is the mental status"
            ),
        ),
        RegexRule(
            "nickname_after_name", "PATIENT",
            # Weak: inside the NER's full-name span the name's own label wins.
            r"(?<![\w'’-])[A-Z][A-Za-z'’-]+(?:,?[ \t]+\(|[ \t]+)[\"“](?P<value>[A-Z][a-z]{1,11})[\"”](?=\)|[ \t]+[A-Z])",
            prefilter=r"[\"“][A-Z][a-z]{1,11}[\"”]",
            priority=1,
            description="a quoted nickname after a name ('SAVERIO (\"Sal\")', 'William \"Bill\" Ashworth')",
        ),
        RegexRule(
            "doctor_one_name_role", "DOCTOR",
            # not glued to a number: "on 3Ls NP" is an oxygen flow by nasal prongs
            rf"(?<![A-Za-z.\d])(?P<value>{NAME_WORD})[ \t]+(?:RN|LPN|NP|CNA|PA-C|LCSW|LICSW)\b",
            checks=("not_common_word",),
            prefilter=r"\b(?:RN|LPN|NP|CNA|PA-C|LCSW|LICSW)\b",
            priority=2,
            description="a clinician named once before a role ('spoke w/ Carmen RN'; not 'Charge RN', 'Triage RN')",
        ),
        RegexRule(
            "capitalised_full_name", "PATIENT",
            # A lookahead, so that "Chaplain Beatrice Ngwenya" is tried at "Beatrice" too.
            r"(?<![\w.'’-])(?=(?P<value>[A-ZÀ-Þ][a-zß-ÿ]{3,}[ \t]+(?:[A-Z]\.[ \t]+)?"
            r"(?:(?:O|D)['’])?[A-ZÀ-Þ][a-zß-ÿ]+(?:-[A-ZÀ-Þ][a-zß-ÿ]+)?)(?![\w'’-]))",
            checks=("given_and_family_name",),
            exclude_after=rf"(?:['’]s)?[ ](?i:{medical_heads})\b",  # one space: "Marcus Gunn pupil" (not "Mateo Price    Grade 7")
            prefilter=r"[A-Z][a-z]{3,}[ \t]+[A-Z]",
            priority=1,
            description=(
                "a capitalised given name of the lists and a family name that is no ordinary or medical word "
                "('to evaluate pt Eugene Tolliver, 91 yo'); the tagger's label wins on the same words"
            ),
        ),
        RegexRule(
            "staff_initials_after_role", "DOCTOR",
            r"(?i:\b(?:scribe|tech|technician|technologist|transcriptionist|(?:typed|transcribed|entered|dictated)\s+by)"
            r"[ \t]*:[ \t]*)(?!(?i:rn|lpn|md|do|np|pa|cna|rt|pt|ot|ma|na|n/a|none|same)\b)"
            r"(?P<value>[A-Za-z]{2,4})(?=[ \t]*(?:$|\n|[,;.]|[ \t]{2,})|[ \t]+[A-Z][A-Z ]*:)",
            flags="m",
            checks=("not_common_word",),
            prefilter=r"(?i:scribe|tech|transcri|typed|entered|dictated)",
            priority=2,
            description="a staff member's initials after their role and a colon ('scribe: klt', 'TECH: DRS'); not 'Tech: none'",
        ),
        RegexRule(
            "given_name_speaking", "PATIENT",
            r"(?<![\w.'’-])(?P<value>[A-Z][a-z]{2,})(?=[ \t]+(?:said|says|asked|asks|shared|shares|stated|states|"
            r"explained|agreed|added|noted|wondered|wanted\s+to\s+know|expressed|replied|answered|nodded|"
            r"cried|laughed|declined|requested|confirmed|was\s+quiet)\b)",
            checks=("speaking_given_name",),
            prefilter=r"\b(?:said|says|asked|asks|shared|shares|stated|states|explained|agreed|added|noted|wondered|wanted|"
            r"expressed|replied|answered|nodded|cried|laughed|declined|requested|confirmed|was)\b",
            priority=1,
            description="a given name before a verb of speech, word names included ('Hope said', 'Will wanted to know', 'Grace asked')",
        ),
        RegexRule(
            "given_name_greeted", "PATIENT",
            r"\b(?:hi|hey|hello|(?:hey|hi)\s+there|good\s+(?:morning|afternoon|evening)|morning|afternoon|"
            r"(?:nice\s+to\s+)?(?:see|meet)\s+you(?:\s+again)?|thank\s+you|thanks|bye|goodbye|welcome(?:\s+back)?|"
            r"how\s+are\s+you(?:\s+doing)?|how['’]re\s+you(?:\s+doing)?)\s*,?\s+"
            r"(?P<value>[a-z]{3,})(?=\s*(?:[,.!?\[]|$)|\s+(?:i|i['’]m|how|it['’]s|nice|good|so|what|we|you|thanks|it|are|"
            r"is|can|do|did|have|hi|welcome|listen|please|come|let['’]s|again)\b)",
            flags="m",
            checks=("greeted_given_name",),
            prefilter=r"(?i:\b(?:hi|hey|hello|morning|afternoon|evening|you|thanks|bye)\b)",
            priority=1,
            description=(
                "a given name in lower case right after a greeting, the English words among names included "
                "('nice to see you jack i know', 'hey there mark ,'; not 'hi honey', 'bye sweetie')"
            ),
        ),
        RegexRule(
            "doctor_title_lower", "DOCTOR",
            rf"{_LOWER_DOCTOR_TITLE}(?P<value>{_LOWER_NAME_WORD})(?![\w])",
            checks=("not_common_word",),
            priority=2,
            description="lower-case clinician after 'dr' or 'doctor' ('per dr lindqvist', 'doctor cruz'); common words never match",
        ),
        RegexRule(
            "doctor_title_lower_full", "DOCTOR",
            rf"{_LOWER_DOCTOR_TITLE}(?P<value>{_LOWER_NAME_WORD}\s+{_LOWER_NAME_WORD})(?![\w])",
            checks=("not_common_word",),
            priority=2,
            description=(
                "a lower-case clinician's given and family name after 'dr' ('dr. vincent sanchez would'); "
                "when the second word is common ('dr smith said'), doctor_title_lower takes the first"
            ),
        ),
        RegexRule(
            "doctor_initials_degree", "DOCTOR",
            r"(?<![\w.])(?P<value>[A-Z]\.[A-Z]\.[ \t]?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?=,?[ \t]+(?:MD|M\.D\.|DO|RN|NP|PA-C|PhD)\b)",
            prefilter=r"[A-Z]\.[A-Z]\.",
            priority=2,
            description="a clinician with two initials before the degree ('Dictated by M.A. Herrera, MD')",
        ),
        # Last, and placed after the CMS hospital list by `builtin_rules`: see INSTITUTIONS_AFTER_NAMES.
        RegexRule(
            "person_before_email", "DOCTOR",
            r"(?<![\w'’.-])(?P<value>[A-Z][A-Za-z'’-]+(?:,?[ ](?:[A-Z]\.|[A-Z][A-Za-z'’-]+)){1,3})[ ]?<[^<>\s@]+@[^<>\s]+>",
            prefilter=r"<[^<>\s@]+@",
            priority=1,  # weak: the tagger's label wins (a patient writing in)
            description="a name before its e-mail address in a message header ('To: Ann-Marie Thibodeau <athibodeau@mmc.org>', 'Mbeki, Samuel <…>')",
        ),
    ]


#: (text, label, value, rule id): in each invented text the rule fires and gives
#: this value with this label (the span `phi_rules` writes, snapped to tokens);
#: tests/rules/ runs every line and the reference in docs/rules.md shows the first of each rule.
EXAMPLES: List[Tuple[str, str, str, str]] = [
    ("poison center call   pt: lusk, wren, 2 y/o f, ~13 kg", "PATIENT", "lusk, wren", "patient_last_first_lower"),
    ("neuro icu bed 14 pt dimarco, rosalind 61f sah h&h 3", "PATIENT", "dimarco, rosalind", "patient_last_first_lower"),
    ("seen by Dr. Smith today", "DOCTOR", "Smith", "doctor_title"),
    ("Dr. John R. Smith saw her", "DOCTOR", "John R. Smith", "doctor_title"),
    ("Dr. Smith Monday", "DOCTOR", "Smith", "doctor_title"),
    ("Dr.Visser/03-14-2089 follow up", "DOCTOR", "Visser", "doctor_title"),
    ("lytes checked Dr K Lorne in to see pt", "DOCTOR", "K Lorne", "doctor_title_initial_first"),
    ("Seen with PA-C Tobias Ferrante.", "DOCTOR", "Tobias Ferrante", "clinician_credential_before"),
    ("NP Jane Doe reviewed", "DOCTOR", "Jane Doe", "clinician_credential_before"),
    ("Nurse Practitioner Ann Lee called", "DOCTOR", "Ann Lee", "clinician_credential_before"),
    ("Nurse Jones gave meds", "DOCTOR", "Jones", "clinician_credential_before"),
    ("Increase Velphoro to 2 tabs TID w/ meals; RD Collette to see.", "DOCTOR", "Collette", "staff_role_before"),
    ("Allergy list updated in EHR; letter to PCP Benally; wallet card given", "DOCTOR", "Benally", "staff_role_before"),
    ("500cc NS bolus given w/ minimal effect. HO Falk notified, no other intervention", "DOCTOR", "Falk", "staff_role_before"),
    ("Individual session w/ primary counselor Hensley Fri 7/17.", "DOCTOR", "Hensley", "staff_role_before"),
    ("She does not know how he took it. Therapist Okafor reached at 08:10.", "DOCTOR", "Okafor", "staff_role_before"),
    ("I have let Coach Delgado know that Mateo may walk.", "PATIENT", "Delgado", "lay_title_before"),
    ("RIVERSIDE PD ON SCENE (OFFICER DUNCAN #4471).", "PATIENT", "DUNCAN", "lay_title_caps"),
    ("PT SEEN BY DR DO", "DOCTOR", "DO", "doctor_caps_title"),
    ("RN JONES notified", "DOCTOR", "JONES", "doctor_caps_title"),
    ("Ada R. Kruger, M.D.", "DOCTOR", "Ada R. Kruger", "doctor_degree"),
    ("Mrs. O'Neil-Brown called", "PATIENT", "O'Neil-Brown", "patient_title"),
    ("Mr. Parkinson is here", "PATIENT", "Parkinson", "patient_title"),
    ("cc Mrs.Achterberg", "PATIENT", "Achterberg", "patient_title"),
    ("Telephone update to pt's daughter, Philomena overnight", "PATIENT", "Philomena", "relative_name"),
    ("SAY HUSBAND UNDERSTANDS, MRS BRUCKMANN FAIR.", "PATIENT", "BRUCKMANN", "patient_title_caps"),
    ("MR LOMBETTI HAD AN IMPROVED DAY TODAY.", "PATIENT", "LOMBETTI", "patient_title_caps"),
    ("COPING-- SISTER,CARLOTTA ANNE HAS PHONED", "PATIENT", "CARLOTTA ANNE", "relative_comma_caps"),
    ("SOCIAL: DAUGHTER--ROSALIND 555-0199 AWARE", "PATIENT", "ROSALIND", "relative_comma_caps"),
    ("IV NURSE ORSOLYA SZALAVECZ CALLED AND SAID", "DOCTOR", "ORSOLYA SZALAVECZ", "staff_role_caps_full"),
    ("SPOKE WITH HO SCHWEBEL REGARDING PT'S STATUS.", "DOCTOR", "SCHWEBEL", "staff_role_caps"),
    ("LASIX HELD PER HOLLOWAY WILL REDOSE IN AM.", "DOCTOR", "HOLLOWAY", "order_attribution_one"),
    ("to wean as tolerated (per marisol quintero) tonight", "DOCTOR", "marisol quintero", "order_attribution"),
    ("REVERSAL NOT GIVEN PER K. ABERNATHY PA.", "DOCTOR", "K. ABERNATHY", "order_attribution_one"),
    ("pa pressures in the low 20's per md Nadeem. Plan: d/c", "DOCTOR", "Nadeem", "order_attribution"),
    ("DR TYRELL HAD TOLD DR PALFREY BY PHONE", "DOCTOR", "PALFREY", "doctor_caps_title"),
    ("PER DR. OKONJO THIS AFTERNOON, START TO WEAN", "DOCTOR", "OKONJO", "doctor_caps_title"),
    ("HOUSE STAFF AWARE. DR MARISOL QUINTERO IN TO SEE PT", "DOCTOR", "MARISOL QUINTERO", "doctor_caps_title_two_words"),
    ("ORDER DOUBLE CHECKED W/MD HOSIER AS MED WAS HELD", "DOCTOR", "HOSIER", "staff_role_caps"),
    ("Family in attendance. Drs' Baldino and Dortmund pronounced.", "DOCTOR", "Baldino", "doctors_coordinated"),
    ("Family in attendance. Drs' Baldino and Dortmund pronounced.", "DOCTOR", "Dortmund", "doctors_coordinated_second"),
    ("Dr. Ballou and Dutter aware. Are monitoring urine output", "DOCTOR", "Dutter", "doctor_and_colleague"),
    ("Both Ilse and Tobiah are his appointed Health Care Proxy. Copy in chart.", "PATIENT", "Ilse", "relatives_coordinated"),
    ("Both Ilse and Tobiah are his appointed Health Care Proxy. Copy in chart.", "PATIENT", "Tobiah", "relatives_coordinated_second"),
    ("Pt is DNR. Sister is health care proxy - Marisela Carlsen who lives in DC.", "PATIENT", "Marisela Carlsen", "relative_dash_name"),
    ("BILATERAL EXPIRATORY WHEEZES. JOAO DEVERAUX RRT\n", "DOCTOR", "JOAO DEVERAUX", "signature_before_credential"),
    ("all is well at this time. q. landry rrt  ", "DOCTOR", "q. landry", "signature_before_credential"),
    ("devoted family. Lina Verdasco cell# 410-555-0101 Home# 603-555-0199", "PATIENT", "Lina Verdasco", "name_before_phone_label"),
    ("ask to page Ines \n\nTobias Moravec (son) cell# 410-555-0112", "PATIENT", "Tobias Moravec", "name_before_relative_in_parentheses"),
    ("CORRECTION: PT IS ON 850U/HR HEPARIN NOT 1400U/HR. ROSALIND\n\n", "DOCTOR", "ROSALIND", "given_name_closing_the_note"),
    ("UOP DROPPED WITH ELEVATED PAPS, J KOWALCZYK ORDERED EPI DRIP TO BE INCREASED.", "DOCTOR", "J KOWALCZYK", "initial_surname_before_notice_caps"),
    ("KCL GIVEN. NELL TURIDDU AND DRS OKAFOR AND LINDQVIST AWARE.", "DOCTOR", "NELL TURIDDU", "name_and_doctor"),
    ("SOCIAL: SISTER & ANSELM (SIGNIFICANT OTHER) INTO VISIT.", "PATIENT", "ANSELM", "name_before_relative_in_parentheses"),
    ("HE DOES NOT DRIVE AT NIGHT. DTR CHARMAINE (HCP) WORKS NIGHTS", "PATIENT", "CHARMAINE", "name_before_relative_in_parentheses"),
    ("BP AND PA # INCREASING EARLIER -> B. CLEMENTI MD AWARE-> NTG ADDED", "DOCTOR", "B. CLEMENTI", "initial_surname_credential"),
    ("o2 sats down to 87-88% -> J. Okonjo PA into evaluate.", "DOCTOR", "J. Okonjo", "initial_surname_credential"),
    ("CVP AND BP NOTED. MARISOL PAKULSKI CALLED TO BEDSIDE FOR POOR WAVEFORM.", "DOCTOR", "MARISOL PAKULSKI", "full_name_before_notice_caps"),
    ("ADDENDUM: PT'S NIECE FAUSTINA ALBUQUERQUE CALLED FROM OHIO", "PATIENT", "FAUSTINA ALBUQUERQUE", "full_name_before_notice_caps"),
    ("CT GUIDED TAP...JOAO DEVERAUX (RESIDENT) WORKING ON THIS.", "DOCTOR", "JOAO DEVERAUX", "name_before_role_in_parentheses"),
    ("Dtr Renata states he ran out", "PATIENT", "Renata", "relative_name"),
    ("dtr Renata Kowalczyk-Dunn lives nearby", "PATIENT", "Renata Kowalczyk-Dunn", "relative_name"),
    ("Sister Adaeze (29) is a nurse", "PATIENT", "Adaeze", "relative_name"),
    ("pt's son Minh (cell 617-839-2046)", "PATIENT", "Minh", "relative_name"),
    ("EMERGENCY CONTACT\nWife: Yesenia Ortiz (617) 555-0199", "PATIENT", "Yesenia Ortiz", "relative_name_listed"),
    ("[patient] my wife , june , and i drive up there every summer .", "PATIENT", "june", "relative_name_appositive_lower"),
    ("[patient_guest] hi , i'm her husband , will .\n[doctor] nice to meet you .", "PATIENT", "will", "relative_name_appositive_lower"),
    ("social - no calls or visitors. wife, marisol, left phone number for md", "PATIENT", "marisol", "relative_name_appositive_lower"),
    ("BP 75/40. HOUSE STAFF mary pakulski AWARE. U/O DROPPED", "DOCTOR", "mary pakulski", "lowercase_full_name_before_role"),
    ("[doctor] okay . so marguerite is a sixty two year old female here for her knee .", "PATIENT", "marguerite", "name_is_age_year_old_lower"),
    ('when asked where he was stating, "at mavis lund\'s house." in addition', "PATIENT", "mavis lund", "name_before_possessive_dwelling_lower"),
    ("hey dragon , new patient . delfina ortega is a forty year old female with asthma", "PATIENT", "delfina ortega", "name_is_age_year_old_lower"),
    ("micu npn\nrosalind okafor is a 64 yr old female adm 3/2 with sob", "PATIENT", "rosalind okafor", "name_is_age_year_old_lower"),
    ("[patient_guest] good morning . my name is rosalind , portuguese interpreter .", "PATIENT", "rosalind", "my_name_is_lower"),
    ("[doctor] she's due for the rsv vaccine , the nurse patty can give it today", "DOCTOR", "patty", "staff_role_then_name_lower"),
    ("5. Professionals: therapist B. Okafor 317-955-7810 x214", "DOCTOR", "B. Okafor", "staff_role_then_name"),
    ("Supports: AA sponsor Dale Whitcomb calls daily.", "PATIENT", "Dale Whitcomb", "lay_role_then_name"),
    ("wife agnieszka and bro-in-law piotr at bedside", "PATIENT", "agnieszka", "relative_name_lower"),
    ("wife agnieszka and bro-in-law piotr at bedside", "PATIENT", "piotr", "relative_name_lower"),
    ("bp dropped after dose. house staff nina pakulski aware. u/o down", "DOCTOR", "nina pakulski", "lowercase_full_name_before_role"),
    ("ntg cont at 0.5mcg. mary ferriera np aware. 1u prbc given.", "DOCTOR", "mary ferriera", "lowercase_full_name_before_role"),
    ("Pt Hernandez, Osvaldo no-show for 2pm f/u 6/3.", "PATIENT", "Hernandez, Osvaldo", "patient_label_last_first"),
    ("Farr 7  Rm 714  Pt: LOMBARDI, SAVERIO  DOB 3/4/1950", "PATIENT", "LOMBARDI, SAVERIO", "patient_label_last_first"),
    ("RESIDENT NAME: APRIL, ROSE        ROOM: M-114", "PATIENT", "APRIL, ROSE", "patient_label_last_first"),
    ("Client: FLORES-WARD, XIMENA     DOB 2013-02-08", "PATIENT", "FLORES-WARD, XIMENA", "person_field_last_first"),
    ("INMATE: ROSE, TERRANCE DEWAYNE     BOOKING #: 26-0031187", "PATIENT", "ROSE, TERRANCE DEWAYNE", "person_field_last_first"),
    ("Applicant: DELA CRUZ-SANTOS, MARIA FE    DOB 1992-06-12", "PATIENT", "DELA CRUZ-SANTOS, MARIA FE", "person_field_last_first"),
    ('Pt: Graves, Harold "Hal"   84 y.o. M   MRN 0041', "PATIENT", 'Graves, Harold "Hal"', "person_field_last_first"),
    ('Participant: William "Bill" Ashworth    MRN 44917220', "PATIENT", 'William "Bill" Ashworth', "person_field_first_last"),
    ("1) 514-2 5 West | GUY, TREMAINE | 58M | MRN 2047719 | FULL", "PATIENT", "GUY, TREMAINE", "patient_cell_last_first"),
    ("4) 523 5 West | FLANAGAN, FAITH M. | 71F | MRN 5520184", "PATIENT", "FLANAGAN, FAITH M.", "patient_cell_last_first"),
    ("01:54  Conf. line opened. - KLB\n01:58  Images pushed", "DOCTOR", "KLB", "staff_initials_signoff"),
    ("Spoke w/ pt, read back done. - TLW, PharmD, CACP", "DOCTOR", "TLW", "staff_initials_signoff"),
    ("1:1 sitter in 514. - DL 18:58", "DOCTOR", "DL", "staff_initials_signoff"),
    ("Left voicemail re: refill, will retry tomorrow. - dqm", "DOCTOR", "dqm", "staff_initials_signoff_lower"),
    ("Letter mailed to address on file. -dqm", "DOCTOR", "-dqm", "staff_initials_signoff_lower"),
    ("Call center staff: KLB = Kimberly L. Bynum, RN, Transfer Center Coordinator", "DOCTOR", "KLB", "staff_initials_legend"),
    ("[doctor] hello , mr . ward . nice to meet you", "PATIENT", "ward", "patient_title_lower"),
    ("good to see you mister edwards i'm doctor", "PATIENT", "edwards", "patient_title_lower"),
    ('Pt: HALVERSON, THEODORE ("Ted")   DOB 1/4/1950', "PATIENT", "Ted", "nickname_after_name"),
    ('Resident: Margaret "Peg" Olander, 88F', "PATIENT", "Peg", "nickname_after_name"),
    ("called PCP's office, spoke w/ Carmen RN: Lantus decreased", "DOCTOR", "Carmen", "doctor_one_name_role"),
    ("Called to evaluate pt Eugene Tolliver, 91 yo M, DNR/DNI.", "PATIENT", "Eugene Tolliver", "capitalised_full_name"),
    ("Will follow. Signed, Beatrice Ngwenya, MDiv", "PATIENT", "Beatrice Ngwenya", "capitalised_full_name"),
    ("Niece and HCP Marjorie Tolliver-Banks notified by phone.", "PATIENT", "Marjorie Tolliver-Banks", "capitalised_full_name"),
    ("To the parent/guardian of: Mateo Alcántara-Price", "PATIENT", "Mateo Alcántara-Price", "capitalised_full_name"),
    ("Discussed at tumor board.  M. Raval, MD    scribe: klt", "DOCTOR", "klt", "staff_initials_after_role"),
    ("REFERRING MD: WHITFIELD, CARA      TECH: DRS DIAGNOSIS: Cough", "DOCTOR", "DRS", "staff_initials_after_role"),
    ('Hope said, "Daddy has been leaving us a little at a time."', "PATIENT", "Hope", "given_name_speaking"),
    ("Will wanted to know if a tube would help.", "PATIENT", "Will", "given_name_speaking"),
    ("[doctor] alright so hey it's nice to see you jack i know you've been", "PATIENT", "jack", "given_name_greeted"),
    ("[doctor] hey there mark , nice to see you again", "PATIENT", "mark", "given_name_greeted"),
    ("deferred per dr lindqvist (nsurg)", "DOCTOR", "lindqvist", "doctor_title_lower"),
    ("[doctor] how're you doing doctor cruz nice to see you", "DOCTOR", "cruz", "doctor_title_lower"),
    ("i think dr. vincent sanchez would be a great fit", "DOCTOR", "vincent sanchez", "doctor_title_lower_full"),
    ("Dictated by M.A. Herrera, MD, for Dr. E. Whitcomb", "DOCTOR", "M.A. Herrera", "doctor_initials_degree"),
    ("To: Okoro, Chidi <cokoro@example.org>; Lise-Anne Marchetti <lmarchetti@example.org>", "DOCTOR", "Lise-Anne Marchetti", "person_before_email"),
]
