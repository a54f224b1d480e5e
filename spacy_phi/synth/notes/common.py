"""Sections shared by several note families: headers, HPI, histories,
medications, exam, labs, plans, signatures, transcription footers.

Every bank is a module-level list of templates (see `template.py`); with five
or more entries, every fifth is held out for unseen-template test notes.
"""

from __future__ import annotations

from typing import Dict, Sequence, Tuple

from .. import lookalikes
from ..context import NoteContext
from ..values import weighted

# --- Section headers -----------------------------------------------------------------

SECTION_NAMES: Dict[str, Tuple[str, ...]] = {
    "cc": ("Chief Complaint", "CC", "Reason for Visit", "Reason for visit", "Chief complaint", "Presenting Complaint"),
    "hpi": ("History of Present Illness", "HPI", "Interval History", "History of present illness", "Subjective", "HISTORY"),
    "pmh": ("Past Medical History", "PMH", "PMHx", "Medical History", "Problem List", "Past medical history", "Active Problems"),
    "psh": ("Past Surgical History", "PSH", "Surgical History", "Procedures", "Past surgical history"),
    "meds": ("Medications", "Meds", "Current Medications", "Medications on Admission", "Outpatient Medications", "MEDS", "Current Outpatient Prescriptions"),
    "dcmeds": ("Discharge Medications", "Medications on Discharge", "Discharge Meds", "DISCHARGE MEDICATIONS"),
    "all": ("Allergies", "ALL", "Allergies/Adverse Reactions", "Drug Allergies", "NKDA/Allergies"),
    "sh": ("Social History", "SH", "Social Hx", "Social history", "SOCIAL HISTORY"),
    "fh": ("Family History", "FH", "Family Hx", "Family history"),
    "ros": ("Review of Systems", "ROS", "Review of systems"),
    "exam": ("Physical Examination", "Physical Exam", "PE", "Exam", "Examination", "Physical exam"),
    "labs": ("Laboratory Data", "Labs", "Laboratory", "Pertinent Results", "Data", "Lab Results", "LABS"),
    "imaging": ("Imaging", "Radiology", "Studies", "Diagnostic Studies", "Imaging/Studies"),
    "ap": ("Assessment and Plan", "A/P", "Assessment/Plan", "Impression and Plan", "Assessment & Plan", "PLAN", "Impression/Plan"),
    "course": ("Hospital Course", "Brief Hospital Course", "Hospital Course by Problem", "Course", "HOSPITAL COURSE"),
    "dispo": ("Disposition", "Discharge Disposition", "Dispo", "Discharge Condition"),
    "fu": ("Follow-up", "Follow Up", "Followup Instructions", "Follow-up Appointments", "F/U"),
}


def header_style(ctx: NoteContext) -> str:
    """The note's header style, fixed per note."""
    return ctx.memo_value("header_style", lambda: weighted(ctx.rng, (
        ("upper_nl", 30), ("upper_inline", 20), ("title_nl", 15), ("title_inline", 15), ("spaced", 8),
        ("abbr_inline", 7), ("underline", 5))))


def section(ctx: NoteContext, key: str, name: str = "") -> None:
    """Write a section header in the note's style (blank line before it)."""
    names = SECTION_NAMES.get(key, (name or key,))
    style = header_style(ctx)
    if style == "abbr_inline":
        title = min(names, key=len)
    else:
        title = name or names[0] if ctx.rng.random() < 0.6 else ctx.rng.choice(names)
    if len(ctx.b) and not ctx.b.tail.endswith("\n\n"):
        ctx.raw("\n" if ctx.b.tail.endswith("\n") else "\n\n")
    if style in ("upper_nl", "upper_inline", "spaced"):
        title = title.upper()
    if style == "spaced":
        ctx.raw(f"{title} :\n")
    elif style in ("upper_nl", "title_nl"):
        ctx.raw(f"{title}:\n")
    elif style == "underline":
        ctx.raw(f"{title}\n{'-' * len(title)}\n")
    else:
        ctx.raw(f"{title}: ")


def bullet(ctx: NoteContext, index: int) -> str:
    """The note's list marker for item `index` (1-based)."""
    style = ctx.memo_value("bullet", lambda: ctx.rng.choice(("num", "num_paren", "dash", "star", "dot", "none", "hash")))
    return {"num": f"{index}. ", "num_paren": f"{index}) ", "dash": "- ", "star": "* ", "dot": "\u2022 ",
            "none": "", "hash": f"#{index} "}[style]


def items(ctx: NoteContext, bank: Sequence[str], low: int, high: int) -> None:
    """A list of `low`..`high` different items of the bank, one per line."""
    for i, template in enumerate(ctx.phrasings(bank, ctx.rng.randint(low, high)), 1):
        ctx.raw(bullet(ctx, i))
        ctx.line(template)


# --- Header blocks ----------------------------------------------------------------------

RECORD_HEADERS = [
    "Record date: {date.rec:ref}\n\n",
    "Record date: {date.rec:ref}\n\n\n{hosp.upper}\n{dept}\n\n",
    "Record date: {date.rec:ref}\n\n{hosp}\n{addr:hosp}\n\n",
    "{hosp.upper}\n\nPatient Name: {pt.header}\nMRN: {mrn}\nDate: {date.num:ref}\n\n",
    "Record date: {date.rec:ref}\n\nNAME: {pt.header}\nMRN: {mrn}\n\n",
    "{pt.header}\n{mrn}\n{date.num:ref}\n\n",
    "{hosp}\n{dept} Clinic\n\nName: {pt.header}    Unit #: {mrn}\nDate of visit: {date:ref}\n\n",
    "Patient: {pt.header}   DOB: {date.num:dob}   MRN: {mrn}\nVisit date: {date:ref}   Provider: {dr.bare:attending}\n\n",
    "{hl7}\n\nRecord date: {date.rec:ref}\n\n",
    "{hosp.upper}\n{street:hosp}\n{city:hosp}, {state:abbr} {zip:hosp}\n\n{pt.header}  #{mrn}\n{date.num:ref}\n\n",
    "Record date: {date.rec:ref}\n\n{dept}\n{hosp}\n\nRE: {pt.header}\nMR# {mrn}\nDOB {date.num:dob}\n\n",
    "Date: {date.num:ref}\nPatient: {pt.header} ({age.sex})\nMRN: {mrn}    Acct: {acct}\nLocation: {hosp} {dept}, Room {room}\n\n",
    "{hosp.upper}    {dept}\n{pt.header}    MR# {mrn}    ACCT# {acct}    SSN {ssn}\nDOB {date.num:dob}    Adm {date.num:ref}\n\n",
    "PATIENT: {pt.header}   UNIT NO: {mrn}   ACCOUNT NO: {acct}\nDATE OF SERVICE: {date.num:ref}   PROVIDER: {dr.bare:attending}\n\n",
]


def record_header(ctx: NoteContext) -> None:
    ctx.say(RECORD_HEADERS)


# --- HPI ------------------------------------------------------------------------------

HPI_OPENERS = [
    "{pt} is a {age} {~sex} with a history of {~dx} and {~dx} who presents with {~symptom} {~duration}.",
    "{pt} is a pleasant {age} {~gent} with {~dx}, {~dx}, and {~eponym} who was in {~his} usual state of health until {date.wd}, when {~he} developed {~symptom}.",
    "{age.sex} with {~dx}, {~dx} presenting with {~symptom}.",
    "This is a {age} {~sex} [with PMH of|w/ hx of|with a past medical history significant for] {~dx} [and|,] {~dx} [who|that] [presents|presented] [to|at] {hosp} [with|complaining of|c/o] {~symptom}.",
    "{pt} returns for follow-up of {~dx}. {~He} was last seen [here |in clinic |]on {date:prior}.",
    "Pt is a {age} y/o {~male} [referred by|sent in by] {dr:pcp} for evaluation of {~symptom}.",
    "{pt.full} is a {age} {~sex} [known to|followed by] {dr:cards} for {~dx} who [comes in|presents] today for [routine follow-up|a new problem|a 3 month visit].",
    "{pt} is {age.n} years old and has {~dx}. {~He} comes in today [accompanied by|with] {~his} {relw:child} {rel:child}.",
    "Mr./Ms. {pt.last} is a {age} {~sex} transferred from {hosp:other} for [further management of|evaluation of] {~dx}.",
    "{pt} ({age.n} {~mf}) [is seen today|presents] for [pre-op evaluation|post-hospital follow-up|annual physical|urgent visit].",
    "The patient is a {age} {~sex} [with|w/] {~dx} [s/p|status post] {~proc} in {date.year:surg} at {hosp:other}.",
    "{pt} is a {age} {~sex} [whom I see|who I follow] for {~dx}. [Since|Since our last visit on] {date:prior}, {~he} has [done well|had some difficulty|been hospitalized once].",
    "{pt.first} is a {age} {~mf}, {prof} for {org:job}, [who presents with|here for] {~symptom}.",
    "{nick} is a {age} {~sex} [who comes in|presenting] with {~his} {relw:hcp} {rel.any:hcp} for {~symptom}.",
    "{age.sex}, retired {prof}, w/ {~dx}, presents with {~symptom}.",
]

HPI_BODY = [
    "{~He} was seen in the {hosp} ED on {date:recent} and treated with {~med}.",
    "{~He} was admitted to {hosp:other} in {date.my:prior} for {~dx}.",
    "{~He} follows with {dr:pcp} at {clinic} for primary care.",
    "On {date.short:recent} {~he} developed {~symptom} and called {dr.last:pcp}'s office.",
    "Per {~his} {relw:spouse} {rel:spouse}, {~he} has been more [confused|tired|short of breath] [since|over the past week|since Sunday].",
    "{~He} reports that since {holiday} {~he} has had {~symptom}.",
    "Last {date.wd} {~he} noted {~symptom} while [walking the dog|climbing stairs|at work|shoveling snow].",
    "{~He} was last seen by {dr:cards} on {date:prior}, at which time {~vitals}.",
    "Cardiac cath at {hosp:other} in {date.year:cath} showed [3-vessel disease|a 70% LAD lesion|nonobstructive CAD].",
    "{~He} had a stroke at {age.event} and has [mild residual weakness|no residual deficits].",
    "{~He} quit smoking in {date.yy:quit} after a {~packyears} history.",
    "Labs on {date:recent} were notable for {~labs}.",
    "Of note, {~he} recently traveled to {wcity} to visit family and returned on {date.short:recent}.",
    "{~He} denies {~symptom}, {~symptom}, or {~symptom}.",
    "{~His} {~eponym} has been stable on {~med}.",
    "{~He} was started on {~med} by {dr:neuro} in {date.month:past} with [some|good|little] improvement.",
    "{~He} has had {~symptom} ({~duration}), worse at night, [better|no better] with {~drug}.",
    "An outside {~proc} on {date:prior} at {hosp:other} [was unremarkable|showed mild disease|was read as normal].",
    "{~He} presented to {clinic} urgent care on {date.wd} and was [sent here|told to follow up with us].",
    "Home {~vitals}.",
    "{~He} saw {dr:derm} in [dermatology|the {dept} clinic] on {date.short:recent}.",
    "[The patient|{~He}] [states|reports] {~his} {relw:child} {rel:child} [manages|helps with] {~his} medications.",
    "Since {date.my:prior} {~he} has lost about 10 lbs.",
    "{~He} was in {~his} usual state of health until {date.wd}, {date.short:recent}, when {~he} noted {~symptom}.",
    "{~He} had {~proc} on {date:surg} by {dr:surgeon} at {hosp}, complicated by [a wound infection|ileus|no complications].",
    "{~He} was recently discharged from {clinic} rehab on {date:recent}.",
    "{~He} [is on|takes] {~med} and {~med}.",
    "Review of outside records from {hosp:other} ({date:prior}) shows {~labs}.",
    "{~He} missed {~his} appointment with {dr:endo} on {date.short:recent} due to [transportation|weather|illness].",
    "{~He} was hospitalized in {date.year:past} at {hosp:other} for {~dx}, and again in {date.year:past} for {~dx}.",
    "Symptoms began over {season} and have been progressive.",
    "{~He} notes {~symptom} {~duration}; {~He} has tried {~drug} without relief.",
    "{~He} was seen by {dr:ortho} at {clinic} for {~his} knee and had an injection on {date:recent}.",
    "A colonoscopy by {dr:gi} on {date.num:prior} showed [two small polyps|diverticulosis|no abnormalities].",
    "{~He} reports good adherence to {~med}, filled at {org:pharm}.",
    "{~His} {~dx} was diagnosed in {date.year:dx} at {hosp:other} and treated by {dr:onc} with [chemotherapy|radiation|surgery].",
    "Since moving from {city:prior} to {city} in {date.my:move}, {~he} has not had a primary care doctor.",
    "{~He} lives with {~his} [wife|husband|partner|daughter] and works [as a|part-time as a] {prof}.",
    "{~He} was in [Florida|{state:full}|{country}] over {holiday} and ran out of {~his} {~drug}.",
    "On review of {~his} home glucose log, fasting values are {~n:90-240}-{~n:110-300}.",
    "{~He} has a {~packyears} smoking history and quit {date.yy:quit}.",
    "An ECG on {date.short:recent} showed {~ecg}.",
    "{~He} was last admitted to {hosp} from {date.num:prior} to {date.num:prior_dc} with {~dx}.",
    "The patient's {relw:niece} {rel.full:niece} accompanies {~him} and helps with history.",
    "{~His} outside records were faxed from {clinic:outside} ({fax:outside}).",
    "{~He} [was seen|had a visit] at {hosp:other} urgent care on {date.wd:recent} and was told {~he} had {~dx}.",
    "{~He} denies {~eponym} or {~eponym} in the past.",
    "{~He} reports {~symptom} after starting {~med} in {date.month:recent}.",
    "{~clin} {~clin}", "{~clin} Dtr {rel.any:daughter} states {~he} has not been eating.",
    "{~He} was admitted to {hosp} {unit} on {date.wdmd:admit}.", "Wife {rel.any:wife} at bedside and provides history. {~clin}",
    "{~He} celebrated {holiday} with family and [ate a large meal|ran out of {~drug}|traveled to {wcity}].",
    "{~He} was on PCA {date.mdrange:pca} after {~proc}, with pain {~n:3-9}/10.", "{~range}; {~frac}. {~clin}",
    "{~He} is a {prof:hpi} at {org:hpijob} and was injured at work on {date.short:recent}.",
    "Roommate {rel.any:roommate} found {~him} on the floor and called 911.", "{~clin} {~ethnic}",
    "{~He} was seen at {org:pharmclinic} ({pharm.loc}) for a BP check on {date.short:recent}.",
    "{~He} spent {holiday} in {country:trip} and [returned {date.short:recent}|came back early].",
]


def hpi(ctx: NoteContext, low: int = 2, high: int = 6, paragraphs: int = 1) -> None:
    ctx.say(HPI_OPENERS, " ")
    for p in range(paragraphs):
        if p:
            ctx.raw("\n\n")
        ctx.say_some(HPI_BODY, low, high, " ", "")
    ctx.raw("\n")


# --- Histories ---------------------------------------------------------------------------

PMH_ITEMS = [
    "{~dx}", "{~dx}", "{~dx}", "{~dx} - dx'd {date.year:past}", "{~eponym}", "{~dx} ({date.my:past})",
    "{~dx}, followed by {dr:specialist}", "{~dx} s/p {~proc} {date.year:past}", "{~dx} [well controlled|poorly controlled|stable]",
    "h/o {~dx} in {date.yy:past}", "{~dx}: last {~lab}", "{~dx} diagnosed at {age.event}",
    "{~problem}", "{~problem}", "{~problem}", "{~problem}", "COPD (FEV1 {~n:20-80}% {date.pyear:pft})",
    "{~problem}", "{~dx}, [2/2 steroids|2/2 poor PO intake|{~range}]", "{~dx} - dx {date.pyear:dx} at {hosp:other}", "{~problem}", "{~problem}",
]
PSH_ITEMS = [
    "{~proc} {date.year:past}", "{~proc} ({date.my:past}, {hosp:other})", "{~proc} - {dr:surgeon}, {date.year:past}",
    "s/p {~proc} {date.num:past}", "{~proc} at age {age.event}", "{~proc} in {date.yy:past}", "{~proc}",
    "Appendectomy {date.pyear:appy} in {city:appy}", "[Cholecystectomy|Hysterectomy|CABG x3|Tonsillectomy] {date.pyear:psh2}",
    "Tunneled Hickman placement {date.short:recent}", "[L|R] TKA {date.pyear:tka} ({dr.last:ortho})",
]
ALLERGY_LINES = [
    "NKDA", "No known drug allergies", "PCN - rash", "Sulfa (hives), codeine (nausea)", "Penicillin -> anaphylaxis",
    "Lisinopril (angioedema)", "iodinated contrast - hives", "NKA", "latex", "morphine - itching",
]


def pmh(ctx: NoteContext) -> None:
    section(ctx, "pmh")
    items(ctx, PMH_ITEMS, 2, 8)


def psh(ctx: NoteContext) -> None:
    section(ctx, "psh")
    items(ctx, PSH_ITEMS, 1, 4)


def meds(ctx: NoteContext, key: str = "meds", low: int = 3, high: int = 12) -> None:
    section(ctx, key)
    for i in range(1, ctx.rng.randint(low, high) + 1):
        ctx.raw(bullet(ctx, i))
        line = lookalikes.med_line(ctx.rng)
        if ctx.rng.random() < 0.1:
            line = line.upper()
        ctx.raw(line)
        roll = ctx.rng.random()
        if roll < 0.06:
            ctx.write(" (started by {dr:specialist} {date.short:past})")
        elif roll < 0.1:
            # A weekday in a dose schedule is a DATE ("40,000 units q Wednesday").
            ctx.write(" [q {glue}|every |q ]{date.wd:any}")
        elif roll < 0.12:
            ctx.write(" on {date.wd:any}")
        ctx.raw("\n")


def allergies(ctx: NoteContext) -> None:
    section(ctx, "all")
    ctx.raw(ctx.rng.choice(ALLERGY_LINES) + "\n")


SOCIAL_LINES = [
    "Lives [with {~his} wife {rel:spouse}|alone|with {~his} daughter|with {~his} husband {rel:spouse}] in {city}.",
    "Works as a {prof} at {org}.",
    "Retired {prof}.",
    "[Former|Ex-]smoker, quit {date.year:quit}. [Rare|Occasional|No] EtOH. No illicit drugs.",
    "Tob: {~packyears}, quit in {date.yy:quit}. EtOH: [social|none|2-3 beers/wk]. IVDU: denies.",
    "Married, [2|3|4] children. [Works|Worked] for {org} as a {prof}.",
    "Lives in {city}, {state} with {~his} {relw:partner} {rel:partner}. [Independent in ADLs.|Needs help with IADLs.]",
    "Originally from {wcity}, {country}; moved to {city} in {date.year:move}.",
    "Employed as a {prof}. Drinks [1-2|3-4] [glasses of wine|beers] on weekends.",
    "HCP is {~his} {relw:hcp} {rel.full:hcp}, {phone:hcp}.",
    "Lives at {clinic} since {date.my:move}.",
    "Active smoker 1 ppd x {~n:5-50} yrs. Unemployed, previously a {prof}.",
    "Veteran; served in {country}. Gets care at the VA in {city:va}.",
    "Walks daily at {loc}.",
    "Recently widowed ({date.year:past}). Son {rel:son} lives nearby in {city:son}.",
    "Former {prof}. {~ethnic}",
    "Is a {prof} by trade; [currently out of work|still working full time|on disability since {date.year:dis}].",
    "(pt is a {prof}, works for {org:job})", "{prof} at {org:job}, [days|nights|rotating shifts].",
    "Works [nights|part-time|per diem|full time] as a {prof}. Wife {rel.any:wife} is a {prof:wife}.",
    "Served in the [Army|Navy|Marines|Air Force] {date.range:mil}; [no combat|deployed to {country:deploy}].",
    "Came to {us} in {date.year:move}. {~ethnic}", "{~clin} {~clin}", "EtOH {~range}. Tob: quit {date.year:quit}.",
    "Insurance: {org:ins}. Pharmacy: {pharm.loc}.", "Union member ({org:union}); disability forms via {org:law}.",
    "Lives with {relw:partner} {rel.any:partner} and [2|3] kids; HHA {rel.any:hha} [continues M-F|comes 3x/wk].",
    "Roommate {rel.any:roommate} drove {~him} in today.", "Retired {prof:prior} ({org:prior}); now volunteers at {org:volunteer}.",
    "Neighbor {rel.any:neighbor} checks on {~him} [daily|most days]. {~clin}",
]

#: Relatives and lay persons in the many forms real notes use (all PATIENT).
LAY_PERSON_LINES = [
    "Dtr {rel.any:daughter} states {~he} has been more confused [this week|since {date.wd:recent}].",
    "dtr {rel.any:daughter} called for update; questions answered.", "Wife {rel.any:wife} at bedside.",
    "Son {rel.any:son} (cell {phone:son}) is HCP.", "Sister {rel.any:sister} ({age.other}) is a {prof:sister}.",
    "Brothers {rel.any:brother} (student) and {rel.any:brother2} ({age.other:kid}) live at home.",
    "Roommate {rel.any:roommate} drove {~him} in.", "HHA {rel.any:hha} continues M-F.",
    "Friend {rel.any:friend} accompanied {~him} today.", "Neighbor {rel.any:neighbor} has a key.",
    "Boyfriend {rel.any:boyfriend} present for the visit.", "Mom {rel.any:mom} reports [poor feeding|fevers to 102|good sleep].",
    "Grandma {rel.any:grandma} is the primary caregiver.", "Bro-in-law {rel.any:broinlaw} [visiting|at bedside|will drive {~him} home].",
    "Husband {rel.any:husband}, a retired {prof:husband}, manages {~his} meds.", "Fiance {rel.any:fiance} ({phone:fiance}) is the emergency contact.",
    "Daughter-in-law {rel.any:dil} fills the pill box weekly.", "Stepson {rel.any:stepson} (age {age.other}) lives with them.",
    "Spoke w/ {relw:hcp} {rel.any:hcp} by phone; updated on plan.", "PCA {rel.any:pca} here 4 hrs/day.",
    "Mother {rel.any:mother} works as a {prof:mother} at {org:mjob}.", "Father {rel.any:father}, a former {prof:father}, died at {age.other}.",
    "Sponsor {rel.any:sponsor} (AA) remains supportive.", "Foster mom {rel.any:foster} at bedside.",
    "Grandson {rel.any:grandson} translating [by phone|at bedside].", "Per wife {rel.any:wife}, {~he} fell [twice|once] last week.",
    "{rel.any:daughter} (daughter) will pick {~him} up at discharge.", "Godmother {rel.any:godmother} has temporary custody.",
    "Mom {rel.any:mom} and dad {rel.any:dad} at bedside, both {~ethnic_adj}.", "Sister-in-law {rel.any:sisinlaw} is a {prof:sil}.",
    "Dtr {rel.any:daughter} is a {prof:daughter} and helps with wound care.", "Son {rel.any:son} works for {org:sonjob} as a {prof:son}.",
    "{relw:spouse} {rel.any:spouse} [at bedside|called|updated by phone].", "Granddaughter {rel.any:granddaughter} ({age.other:kid}) visiting.",
]


def lay_persons(ctx: NoteContext, low: int = 1, high: int = 3, sep: str = " ") -> None:
    ctx.say_some(LAY_PERSON_LINES, low, high, sep, "\n")


#: Lines of negative look-alikes for any note (problem lists, clinical verbs, ranges, fractions...).
NEGATIVE_BLOCKS = [
    "Problem List:\n1. {~problem}\n2. {~problem}\n3. {~problem}\n4. {~problem}\n5. {~problem}",
    "Impression:\n1. {~problem}\n2. {~problem}\n3. {~problem}",
    "Addendum: {~clin} {~clin} {~neg}.",
    "{~numlist}. {~frac}. {~range}.",
    "Team: {~cred}, {~cred}; {~cred} aware. {~clin}",
    "{~clin} {~ethnic} {~ord}.",
    "Active Problems\n- {~problem}\n- {~problem}\n- {~problem}",
    "{~frac}; {~frac}. {~range}. {~ord}.",
    "I/O {~io}. {~numlist}. Plan per {~cred}.",
    "{age.sex} - {~problem}. {~clin} {~clin}",
    "{agesex}\n{~problem}\n{~problem}",
    "Hospital unit: {unit}. {~clin}",
    "Dates: PCA {date.mdrange:pca}; [Thanksgiving|{holiday}] at home. Next labs {date.wdmd:fu0}.",
    "Family: {rel.any:daughter} (dtr), {rel.any:son} (son). {~clin}",
    "{~neg}. {~neg}. {~neg}.",
]


def negatives_block(ctx: NoteContext) -> None:
    """A short block of negative look-alikes (with a few PHI slots), at the end of any note."""
    if len(ctx.b) and not ctx.b.tail.endswith("\n"):
        ctx.raw("\n")
    ctx.raw("\n")
    ctx.say(NEGATIVE_BLOCKS, "\n")
FAMILY_LINES = [
    "Mother with {~dx}, died at {age.other}.",
    "Father had MI at {age.other}; {~dx}.",
    "[Brother|Sister] with {~dx}. No family history of {~eponym}.",
    "Mother died of {~dx} at age {age.other}. Father alive at {age.other} with {~dx}.",
    "No family history of CAD, cancer, or {~eponym}.",
    "FH: M - {~dx}; F - {~dx}, deceased {age.other}.",
    "Family hx notable for {~eponym} in maternal grandfather.",
    "Noncontributory.",
    "Sister {rel:sister} ({age.other}) with breast cancer.",
    "Two sons, ages {age.other:child} and {age.other:child}, healthy.",
]


def social(ctx: NoteContext, low: int = 2, high: int = 4) -> None:
    section(ctx, "sh")
    ctx.say_some(SOCIAL_LINES, low, high)
    if ctx.rng.random() < 0.5:
        lay_persons(ctx, 1, 2)


def family(ctx: NoteContext) -> None:
    section(ctx, "fh")
    ctx.say_some(FAMILY_LINES, 1, 3)


ROS_LINES = [
    "Negative except as noted in HPI.", "[Positive|Notable] for {~symptom}; otherwise negative in detail.",
    "Constitutional: no fevers, chills. CV: {~symptom}. Resp: no cough. GI: no N/V/D. GU: no dysuria.",
    "10-point ROS negative.", "As per HPI, otherwise negative.", "All other systems reviewed and negative.",
]
EXAM_LINES = [
    "Gen: NAD, A&Ox3.", "HEENT: NCAT, PERRL, EOMI, MMM.", "Neck: supple, no JVD.", "CV: RRR, no m/r/g.",
    "Lungs: CTAB, no w/r/r.", "Abd: soft, NT/ND, +BS.", "Ext: no c/c/e. 2+ DP pulses.", "Neuro: CN II-XII intact, strength 5/5 throughout.",
    "Skin: warm, dry, no rashes.", "Psych: appropriate mood and affect.", "Foley in place draining clear urine.",
    "CV: irregularly irregular, 2/6 SEM at RUSB.", "Lungs: crackles at bases bilaterally.", "Ext: {~n:1-3}+ pitting edema to the knees.",
    "Neuro: {~eponym} negative; gait steady.", "Abd: Murphy's sign negative.", "Ext: tender over the [1st|2nd|5th] met head.",
    "Mediastinum/hila: No lymphadenopathy.", "Strength [4|5]/5 throughout.", "Pain {~n:0-10}/10.",
]


def ros(ctx: NoteContext) -> None:
    section(ctx, "ros")
    ctx.line(ctx.pick(ROS_LINES))


def exam(ctx: NoteContext, low: int = 3, high: int = 8) -> None:
    section(ctx, "exam")
    ctx.line("VS: {~vitals}" if ctx.rng.random() < 0.6 else "{~vitals}")
    ctx.say_some(EXAM_LINES, low, high, "\n")


def lab_table(ctx: NoteContext, columns: int = 3) -> None:
    """A lab table whose column headers are dates (PHI) and cells are values (not PHI)."""
    ctx.raw("          ")
    bare = ctx.rng.random() < 0.4
    for i in range(columns):
        ctx.write(f"{{date.md:lab{i}}}" if bare else f"{{date.num:lab{i}}}")
        ctx.raw("   ")
    ctx.raw("\n")
    for _ in range(ctx.rng.randint(3, 9)):
        name, low, high, decimals, unit = ctx.rng.choice(lookalikes.LABS)
        ctx.raw(f"{name:<10}")
        for _ in range(columns):
            ctx.raw(f"{lookalikes.rand_value(ctx.rng, low, high, decimals):<12}")
        ctx.raw("\n")


def labs(ctx: NoteContext) -> None:
    section(ctx, "labs")
    style = ctx.rng.randint(0, 3)
    if style == 0:
        lab_table(ctx, ctx.rng.randint(2, 4))
    elif style == 1:
        ctx.line("{date.num:recent}: {~labs}")
        if ctx.rng.random() < 0.5:
            ctx.line("{date.short:recent}: {~labs}")
    elif style == 2:
        ctx.line("{~labs}")
        ctx.line("EKG: NSR, {~ecg}.")
    else:
        ctx.line("Chem: {~labs}\nCBC: {~lab}, {~lab}, {~lab}\nCoags: INR {~n:0.9-3.5}")


IMAGING_LINES = [
    "CXR {date.short:recent}: no acute cardiopulmonary process.",
    "CT head {date.num:recent}: no acute intracranial hemorrhage.",
    "Echo ({date:prior}): {~score}, mild MR.",
    "[TTE|Echo] at {hosp:other} {date.my:prior}: {~score}.",
    "Stress test {date.year:past}: no ischemia.",
    "MRI L-spine {date.num:recent} (read by {dr:radiologist}): multilevel DJD.",
    "LE dopplers negative for DVT.",
    "Abd US: cholelithiasis without cholecystitis.",
]


def imaging(ctx: NoteContext) -> None:
    section(ctx, "imaging")
    ctx.say_some(IMAGING_LINES, 1, 3, "\n")


# --- Assessment and plan -----------------------------------------------------------------

PLAN_ITEMS = [
    "{~dx}: continue {~med}. Check {~lab} in [1 week|2 weeks|3 months].",
    "{~dx}: [stable|improved|worse]. Increase {~drug}. F/u with {dr:specialist} in {dept}.",
    "{~dx}: refer to {dr:specialist} ({dept}, {hosp}). Their office will call {~him}.",
    "{~eponym}: per neurology, continue current regimen.",
    "Health maintenance: colonoscopy due {date.year:fu}. Flu shot given today.",
    "RTC in [3 months|6 weeks|1 month] or sooner prn. Next appt {date:fu1}.",
    "Will call {~him} with results at {phone:home}.",
    "Discussed with {dr:attending}, who agrees with plan.",
    "{~dx}: {~score}. Start {~med}.",
    "Code status: Full code. HCP: {rel.full:hcp} ({~his} {relw:hcp}) {phone:hcp}.",
    "f/u [with|w/] {dr.last:pcp} [on|in] {date.short:fu1}.",
    "[Labs|Bloodwork] prior to next visit on {date.wd:fu1}.",
    "Return to clinic {date.my:fu2}.",
    "Follow up in {dept} clinic with {dr:specialist} on {date:fu2} at {~time}.",
    "Pt given my pager {pager} [and|&] clinic number {phone.ext}.",
    "Prescription faxed to [pharmacy|CVS|Walgreens] at {fax:pharm}.",
    "Forms for {org} completed.",
    "{~dx}: as above; {~general_age}",
    "Screening: {~general_age}",
    "{~name_like}",
    "{~dx} - cont {~med}, {~code}",
    "{~dx}: [DEXA|mammogram|echo] ordered; will review at next visit on {date.short:fu1}.",
    "{~dx}: discussed risks/benefits of {~drug} with pt and {~his} {relw:hcp} {rel:hcp}.",
    "Paperwork for {org:job} (FMLA) completed and faxed to {fax:hr}.",
    "{~dx}: will obtain records from {hosp:other} (fax {fax:outside}).",
    "Refer to {dept} ({dr:specialist}); pt to call {phone.ext} to schedule.",
    "Tobacco: counseled x {~n:3-10} min. {~general_age}",
    "Pt to contact me via the portal ({url}) with BP readings.",
]


PLAN_SENTENCES = [
    "[A1c|LDL|TSH|Creatinine] was {~n:1.0-9.9} on {date.short:recent}, [up|down] from {~n:1.0-9.9} in {date.month:prior}.",
    "We discussed diet and exercise at length.", "{~He} prefers to avoid injections for now.",
    "Will check {~lab} and {~lab} today.", "Side effects reviewed, including {~symptom}.",
    "Will ask {dr:specialist} to weigh in.", "{~He} will keep a log and bring it to the next visit.",
    "Previously tried {~drug} with [GI upset|no benefit|rash].", "Consider {~proc} if no improvement.",
    "{~His} {relw:hcp} {rel:hcp} agrees with the plan.", "Goal BP <130/80.", "{~neg}.", "{~clin}",
    "If questions, call {phone.opt} (nurse line).", "Insurance ({org:ins}) requires prior auth; call {phone.opt}.",
    "Reviewed outside note from {dr:outside} dated {date.num:prior}.", "Prior auth submitted to {org:ins}, ref #{idnum}.",
    "If worse, {~he} knows to call {phone.ext} or go to the {hosp} ED.", "Recheck in {~n:2-12} weeks.",
    "Last {~proc} {date.my:prior} was unremarkable.", "{~general_age}", "{~code}",
    "{~He} is [motivated|ambivalent|reluctant] but willing to try.", "Dose adjusted for CrCl {~n:25-90}.",
]


def plan(ctx: NoteContext, low: int = 2, high: int = 7, elaborate: float = 0.5) -> None:
    section(ctx, "ap")
    if ctx.rng.random() < 0.5:
        ctx.line("{age} {~sex} with {~dx} and {~dx}, here for {~symptom}.")
    for i, template in enumerate(ctx.phrasings(PLAN_ITEMS, ctx.rng.randint(low, high)), 1):
        ctx.raw(bullet(ctx, i))
        ctx.write(template)
        if ctx.rng.random() < elaborate:
            ctx.b.add(" ")
            ctx.say_some(PLAN_SENTENCES, 1, 4, " ", "")
        ctx.b.add("\n")


# --- Signatures and footers ----------------------------------------------------------------

SIGNATURES = [
    "\n_____________________\n{dr.sig:attending}\n",
    "\n\n{dr.sig:attending}\n{dept}\n{hosp}\n",
    "\nElectronically signed by {dr.sig:attending} on {date.dt:ref}\n",
    "\n{dr.sig:attending}\nPager {pager}\n",
    "\nSigned: {dr.bare:attending}, MD {date.num:ref}\n",
    "\n-- {dr.sig:attending}\n",
    "\n{dr.sig:resident}\nPGY-[1|2|3], {dept}\n\nI saw and examined the patient with {dr.last:resident} and agree.\n{dr.sig:attending}\n",
    "\nSeen and discussed with {dr:attending}.\n{dr.sig:resident}, pager {pager}\n",
    "\n{dr.sig:attending}\nAttending Physician\n{phone.ext}\n",
    "\n\n________________________________\n{dr.sig:attending}  Date: {date.num:ref}\n",
    "\n{dr.bare:attending}, M.D.\n{hosp}\n{dept}\n{email:attending}\n",
    "\nThanks,\n{dr.sig:attending}\n",
    "\n- {staff.first:attending}\n", "\n{dr.sig:attending} / {dr.init:scribe}\n",
]


def signature(ctx: NoteContext) -> None:
    ctx.say(SIGNATURES)


FOOTERS = [
    "\nDictated By: {dr.bare:attending}\n\nAttending: {dr.bare:attending}\n\nDD: {date.num:dc}\nDT: {date.num:dc}\nTR: {dr.init:transcriptionist}\nBatch: {idnum}\n{escription}\n\ncc: {dr:pcp}\n",
    "\n{dr.init:attending}/{dr.init:transcriptionist}\nD: {date.num:dc} T: {date.num:dc}\nJob #: {idnum}\n",
    "\nDictated by: {dr.bare:resident}\nD: {date.dt:dc}\nT: {date.dt:dc}\n{escription}\n",
    "\nDD:{date.num:dc}\nDT:{date.num:dc}\nCC: {dr:pcp}, {hosp:other}\n",
    "\ncc: {dr.sig:pcp}\n{street:pcp}\n{city:pcp}, {state:abbr} {zip:pcp}\n",
    "\n[report_end]\n",
    "\nTR: {dr.init:transcriptionist}\nDD: {date.num:dc}\nTD: {date.dt:dc}\nCC: {dr:pcp} - {clinic}\nDocument: {idnum}\n",
    "\nBATCH: {idnum}    INDEX NO. {idnum}\nD: {date.num:dc}    T: {date.num:dc}\n",
    "\nD: {date.md:dc} {~time}  T: {date.md:dc} {~time} {dr.init:transcriptionist}\n",
    "\n{dr.init:attending}:{dr.init:transcriptionist}  d: {date.num:dc} {~time}  t: {date.num:dc} {~time}\n",
]


def footer(ctx: NoteContext) -> None:
    ctx.say(FOOTERS)


# --- Registration (face sheet) blocks ----------------------------------------------------

DEMOGRAPHIC_ROWS: Tuple[Tuple[str, str], ...] = (
    ("Patient Name", "{pt.header}"), ("MRN", "{mrn}"), ("Account #", "{acct}"), ("DOB", "{date.num:dob}"),
    ("Age", "{age.n}"), ("Sex", "{~mf}"), ("SSN", "{ssn}"), ("Address", "{street:home}"), ("City/State/ZIP", "{city:home}, {state:abbr} {zip:home}"),
    ("Home Phone", "{phone:home}"), ("Cell", "{phone:cell}"), ("Email", "{email:patient}"), ("Employer", "{org:job}"),
    ("Occupation", "{prof}"), ("Primary Insurance", "{org:ins}"),
    ("Member ID", "{hplan}"), ("Group #", "{hplan:group}"), ("Emergency Contact", "{rel.full:hcp} ({phone:hcp})"),
    ("PCP", "{dr.bare:pcp}"), ("Preferred Pharmacy", "{org:pharm}, {street:pharm}"), ("Patient ID verified", "palm-vein scan {bioid}"),
    ("Portal username", "{user:patient}"), ("Driver's license", "{lic:dl}"), ("Language", "[English|Spanish|Portuguese|Haitian Creole]"),
    ("Country of birth", "{country:birth}"), ("Guarantor", "{rel.full:guarantor}"), ("Visit #", "{idnum:visit}"),
)


def demographics(ctx: NoteContext, low: int = 5, high: int = 12) -> None:
    """A registration block: a random subset of face-sheet fields, in their usual order."""
    count = ctx.rng.randint(low, high)
    chosen = sorted(ctx.rng.sample(range(len(DEMOGRAPHIC_ROWS)), min(count, len(DEMOGRAPHIC_ROWS))))
    layout = ctx.rng.choice(("lines", "lines", "pairs", "upper"))
    for n, i in enumerate(chosen):
        label, value = DEMOGRAPHIC_ROWS[i]
        if layout == "upper":
            label = label.upper()
        ctx.raw(f"{label}: ")
        ctx.write(value)
        ctx.raw("    " if layout == "pairs" and n % 2 == 0 else "\n")
    ctx.raw("\n")


# --- System footers (printed copies, audit stamps) ---------------------------------------

SYSTEM_FOOTERS = [
    "\nPrinted by {user:staff} on {date.dt:ref} from workstation {ip}\n",
    "\n[Electronically signed|E-signed] by: {dr.bare:attending} ({user:attending}) {date.dt:ref}\n",
    "\nLast edited by {user:staff} {date.num:ref} {~time}. Entered by {user:scribe}.\n",
    "\nDocument ID: {idnum} | Printed {date.num:ref} | User: {user:staff} | IP {ip}\n",
    "\nThis note was faxed to {fax:pcp} ({clinic}) on {date.num:ref} by {user:staff}.\n",
    "\nCONFIDENTIAL - {hosp.upper} - Page [1|2] of [2|3] - Acct {acct} - {url}\n",
    "\nCosigned: {dr.bare:attending}, NPI {lic:npi}, {date.dt:ref}\n",
    "\n-- generated by {user:staff} via remote session {ip} --\n",
]


def system_footer(ctx: NoteContext) -> None:
    ctx.say(SYSTEM_FOOTERS)


# --- Prescriptions ------------------------------------------------------------------------

PRESCRIPTION_LINES = [
    "Rx: {~med}, disp #[30|60|90], refills [0|1|3]. Prescriber: {dr.bare:attending}, DEA {lic:dea}.",
    "{~med} - e-prescribed to {org:pharm} ({phone:pharm}). NPI {lic:npi}.",
    "Controlled substance Rx: {~med}, #[20|30], no refills. DEA# {lic:dea}. PMP checked {date.num:ref}.",
    "New Rx: {~med}. Sent to [CVS|Walgreens|Stop & Shop pharmacy] at {street:pharm}, fax {fax:pharm}.",
    "Prescription printed and given to pt. {dr.sig:attending} Lic. {lic:state}",
]


def prescriptions(ctx: NoteContext, low: int = 1, high: int = 3) -> None:
    section(ctx, "rx", "Prescriptions")
    ctx.say_some(PRESCRIPTION_LINES, low, high, "\n", "\n")


# --- Discharge instructions (long, patient-facing) -----------------------------------------

INSTRUCTION_LINES = [
    "You were admitted to {hosp} for {~dx}.", "While you were here, you were treated with {~med}.",
    "Please take all of your medications as prescribed. Your {~drug} dose was changed.",
    "Weigh yourself every morning; call {dr.last:pcp} at {phone.ext} if your weight goes up more than 3 lbs.",
    "Do not drive while taking {~drug}.", "You may shower; do not bathe or swim for 2 weeks.",
    "Call your doctor or return to the Emergency Department if you have {~symptom}, {~symptom}, or a fever over 101.",
    "Your follow-up appointment with {dr:specialist} is on {date.wd:fu1}, {date.text:fu1} at {~time} in the {dept} clinic, {street:hosp}.",
    "You can view your results online at {url}.", "Questions after hours: call the page operator at {phone:operator} and ask for the {dept} fellow on call.",
    "A visiting nurse from {clinic} will come to your home at {street:home} on {date.wd:fu0}.",
    "Please bring this sheet and all of your pill bottles to your appointment.", "{~general_age}",
    "Have your labs ({~lab}) checked on {date.short:fu0} at {clinic}; results will be sent to {dr:pcp}.",
    "Your pathology results are still pending; {dr:surgeon} will call you at {phone:cell} when they are available.",
    "It was a pleasure taking care of you. - {dr:resident} and the {dept} team",
]


def instructions(ctx: NoteContext, low: int = 4, high: int = 10) -> None:
    section(ctx, "dcinstr", "Discharge Instructions")
    ctx.say_some(INSTRUCTION_LINES, low, high, " " if ctx.rng.random() < 0.5 else "\n", "\n")
