"""Discharge summaries in the styles of i2b2 2006/2014 (Partners), MIMIC-III,
and transfer summaries: long notes with a hospital course by problem."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant, common

COURSE_OPENERS = [
    "{pt} was admitted to the {dept} service under {dr:attending}.",
    "The patient was admitted to {hosp} on {date:admit} [for management of|with] {~dx}.",
    "In the ED {~his} {~vitals}. {~He} was given {~med} and admitted to [the floor|the MICU|telemetry].",
    "{~He} was transferred from {hosp:other} on {date.short:admit} and admitted to {room} [on the|in the] {dept} unit.",
    "Briefly, this is a {age} {~sex} with {~dx} admitted {date:admit} with {~symptom}.",
]
COURSE_PROBLEM = [
    "# {~dx}: {~He} was started on {~med} with [improvement|slow improvement|resolution] of symptoms. {~labs} on {date.short:hd2}.",
    "# {~dx}: {dept} ({dr:consult}) was consulted and recommended {~med}. {~He} underwent {~proc} on {date.short:hd3} without complication.",
    "# {~eponym}: continued home {~med}; no acute issues.",
    "# {~dx}: {~He} had {~symptom} on hospital day [2|3|4] ({date.wd:hd2}); {~proc} was negative. Seen by {dr:consult2}, who felt this was [benign|related to deconditioning].",
    "# {~dx}: {~score}. Managed with {~med} and {~med}. Will need follow-up with {dr:specialist} as an outpatient.",
    "# FEN: {~labs}. Repleted lytes prn. [Regular|Cardiac|Diabetic] diet.",
    "# Access: [2 PIVs|right IJ CVL|PICC]. PICC placed {date.short:hd3} by IR.",
    "# Dispo: PT/OT evaluated and recommended [rehab|home with services|home]. Screened by case management ({rn:cm}).",
    "# {~dx}: Cultures from {date.num:hd2} grew {~drug}-sensitive organism; Gram stain with GPCs in clusters. Treated with {~med} x 14 days, last dose {date.short:fu0}.",
    "# Social: family meeting held {date.wd:hd4} with {~his} {relw:hcp} {rel:hcp} and {dr:attending}; goals of care discussed.",
    "# {~dx}: Foley placed on admission and removed {date.short:hd3}. Voiding without difficulty.",
    "# {~dx}: held {~drug} given {~lab}; restarted at discharge.",
    "# Code: Full. Contact: {rel.full:hcp} ({phone:hcp}).",
    "# {~dx}: On {date:hd3}, {~he} became [hypotensive|tachycardic|febrile] to {~vitals} and was transferred to the ICU; {dr:icu} saw {~him}. Returned to the floor {date.short:hd4}.",
    "# Pain: controlled on {~med}. {~score}.",
    "# {~dx}: Echo on {date.short:hd2} showed {~score}. Cardiology ({dr:cards}) recommended {~med}; outpatient f/u arranged at {clinic}.",
    "# {~dx}: {~He} was seen by GI ({dr:gi}) and underwent EGD on {date.num:hd3}, which showed [a clean-based ulcer|gastritis|varices, banded x3].",
    "# {~dx}: {~lab} peaked at {~n:2.0-6.0} on {date.short:hd3} and improved with IV fluids. Renal ({dr:renal}) was consulted.",
    "# {~dx}: MRI on {date.short:hd2} read by {dr:radiologist} as [small acute infarct|no acute process|chronic small vessel disease]. Neurology ({dr:neuro}) saw {~him}; started {~med}.",
    "# {~dx}: blood sugars {~n:90-150}-{~n:180-320}; insulin adjusted with help from the {dept} team. A1c {~n:6.0-11.5}%.",
    "# {~dx}: {~He} was diuresed with {~med} with net negative {~n:1-6} L; dry weight {~weight}.",
    "# Goals of care: {~He} and {~his} {relw:hcp} {rel.full:hcp} met with palliative care ({dr:palliative}) on {date.wd:hd4}; {~he} chose [DNR/DNI|to remain full code].",
    "# Delirium: {~He} was intermittently confused overnight on {date.short:hd2}; CAM positive. Managed with reorientation; {~his} [wife|husband|daughter] stayed at the bedside.",
    "# Falls: PT ({rn:pt}) evaluated and recommended a walker. {~He} was screened for {clinic:rehab} but [declined|was accepted].",
    "# {~eponym}: {~He} was continued on {~his} home regimen per {~his} outpatient neurologist, {dr:neuro}.",
    "# Anticoagulation: {~He} was bridged with {~med}; INR {~n:1.8-3.2} on discharge. INR check {date.short:fu0} at {clinic} anticoagulation clinic ({phone:coag}).",
    "# {~dx}: Blood cultures x2 on {date.num:admit} were [negative|positive for GNRs]. ID ({dr:id}) recommended {~med} ({~duration}).",
    "# Transitional issues: f/u pending {~lab}; repeat CT in 3 months (around {date.my:fu2}); {dr:pcp} to recheck {~lab}.",
    "# Nutrition: seen by nutrition ({rn:rd}); started on supplements. Weight on admission {~weight}, on discharge {~weight}.",
]
COURSE_SENTENCES = [
    "{~He} was monitored on telemetry without events.", "{~His} {~lab} was trended daily and remained stable.",
    "On hospital day [2|3|4] {~he} was transitioned to oral {~drug}.", "Repeat {~labs} on {date.short:hd3}.",
    "The team discussed the plan with {~his} {relw:hcp} {rel:hcp} by phone ({phone:hcp}).",
    "{dr:consult} from {dept} followed along and signed off on {date.wd:hd4}.", "{~He} tolerated a regular diet.",
    "PT evaluated {~him} on {date.short:hd2} and felt {~he} was safe for discharge home.",
    "Given {~his} history of {~eponym}, {~his} home {~drug} was continued.",
    "A {~proc} on {date.num:hd3} was notable for {~size} [nodule|lesion|collection].",
    "{~He} spiked a fever to {~n:100.5-103.0} on {date.short:hd2}; UA and CXR were unrevealing.",
    "{~His} {~drug} was held for {~lab} and resumed at a lower dose.", "{~His} symptoms improved over the next [48 hours|several days].",
    "The case was reviewed at the {hosp} multidisciplinary conference on {date.wd:hd4}.",
    "{~He} was evaluated by {dr:attending} on rounds, who agreed with the plan.",
    "Outside records from {hosp:other} were obtained and reviewed.", "{~His} {~score} on the day of discharge.",
    "Case management arranged {clinic} services; {~his} insurance ({hplan.lab}) approved {~n:10-30} days.",
    "{~He} was counseled on smoking cessation ({~packyears}) and given a nicotine patch.",
    "{~His} pain was controlled with {~med}; {~he} was ambulating in the hallway by {date.wd:hd3}.",
    "A family meeting was held with {rel.full:hcp} and {~his} {relw:sibling} {rel:sibling}.",
    "Imaging was reviewed with {dr:radiologist} of radiology.", "Cultures from {date.num:hd2} remained no growth to date at discharge.",
    "{~He} had no further episodes of {~symptom}.", "Lovenox was given for DVT prophylaxis.",
    "Code status was confirmed as [full code|DNR/DNI] with the patient and {~his} HCP.",
    "{~He} was seen by the chaplain, {rel:chaplain}, at {~his} request.", "Blood pressure ranged {~n:100-130}-{~n:140-175}/{~n:60-95} on {~med}.",
    "Wife {rel.any:wife} at bedside throughout the admission.",
    "{~clin} {~clin}",
    "Transferred to {hosp} {unit} on {date.wdmd:hd2}.",
    "PCA {date.mdrange:pca}, then transitioned to oral agents.",
    "{~neg}. {~range}.",
    "Dtr {rel.any:daughter} states {~he} was at baseline before.",
]
DISPO_LINES = [
    "Discharged to {clinic} in {city:rehab} on {date:dc} in [stable|good|fair] condition.",
    "Discharged home with {clinic} VNA services.",
    "Home with {~his} {relw:hcp} {rel:hcp}.",
    "Extended care facility: {clinic}, {phone:rehab}.",
]
FU_LINES = [
    "Follow up with {dr:pcp} in 1-2 weeks ({phone:pcp}).",
    "Appointment with {dr:specialist}, {dept}, on {date:fu1} at {~time}. Phone {phone.ext}.",
    "{dr:cards} - {date.wd:fu2}, {date.short:fu2} at {~time}, {hosp} [{street:hosp}|].",
    "Labs: {~lab} to be drawn on {date.short:fu0} and faxed to {fax:pcp}.",
    "Please call {dr.last:attending} at {phone.ext} with questions.",
    "f/u w/ {dr.last:pcp} on {date.num:fu1}",
]


def course_problems(ctx: NoteContext, low: int, high: int) -> None:
    """Problem paragraphs: a specific opening, then a few general course sentences."""
    extra = 6 if _very_long(ctx) else 4 if _long(ctx) else 2
    for template in ctx.phrasings(COURSE_PROBLEM, ctx.rng.randint(low, high)):
        ctx.write(template)
        if ctx.rng.random() < 0.8:
            ctx.b.add(" ")
            ctx.say_some(COURSE_SENTENCES, 1, extra, " ", "")
        ctx.b.add("\n\n" if _long(ctx) and ctx.rng.random() < 0.5 else "\n")


def hospital_course(ctx: NoteContext, low: int, high: int) -> None:
    common.section(ctx, "course")
    ctx.say(COURSE_OPENERS, "\n")
    if _very_long(ctx):
        ctx.write("[ICU course|MICU Course|CCU course] ({date.short:admit} - {date.short:hd3}):\n")
        course_problems(ctx, 4, 10)
        ctx.write("\n[Floor course|Course on the floor|Medicine floor course] ({date.short:hd3} - {date.short:dc}):\n")
    course_problems(ctx, low, high)


CONSULTS = [
    "{dept}: {dr:consult}", "Cardiology: {dr:cards} ({date.short:hd2})", "Renal - {dr:renal}", "ID: {dr:id}, pager {pager}",
    "Palliative care ({dr:palliative})", "Physical therapy - {rn:pt}", "Nutrition - {rn:rd}", "Social work: {rn:sw}",
]


def consults_and_procedures(ctx: NoteContext) -> None:
    common.section(ctx, "consults", "Consults")
    common.items(ctx, CONSULTS, 2, 6)
    common.section(ctx, "procedures", "Procedures")
    for i in range(1, ctx.rng.randint(1, 4) + 1):
        ctx.raw(common.bullet(ctx, i))
        ctx.line("{~proc} ({date.num:hd%d}) - {dr:proc%d}" % (i + 1, i))


def dispo_and_fu(ctx: NoteContext) -> None:
    common.section(ctx, "dispo")
    ctx.say(DISPO_LINES, "\n")
    common.section(ctx, "fu")
    common.items(ctx, FU_LINES, 1, 4)


def _long(ctx: NoteContext) -> bool:
    return _length(ctx) != "short"


def _very_long(ctx: NoteContext) -> bool:
    return _length(ctx) == "very_long"


def _length(ctx: NoteContext) -> str:
    return ctx.memo_value("length", lambda: ctx.rng.choice(("short", "short", "short", "long", "long", "very_long")))


def write_i2b2_2006(ctx: NoteContext) -> None:
    rng = ctx.rng
    ctx.line("{mrn}")
    ctx.line("{idnum}")
    ctx.line("{date.num:admit} 12:00:00 AM")
    ctx.raw("Discharge Summary\nSigned\nDIS\n")
    ctx.line("Admission Date :\n{date.num:admit}")
    ctx.line("Discharge Date :\n{date.num:dc}")
    ctx.raw("Date of Birth :\n")
    ctx.line("{date.num:dob}")
    ctx.raw("PRINCIPAL DIAGNOSIS :\n")
    ctx.line("{~dx}")
    ctx.raw("HISTORY OF PRESENT ILLNESS :\n")
    common.hpi(ctx, 3, 8, 2 if _long(ctx) else 1)
    ctx.raw("PAST MEDICAL HISTORY :\n")
    common.items(ctx, common.PMH_ITEMS, 3, 8)
    ctx.raw("HOSPITAL COURSE :\n")
    ctx.say(COURSE_OPENERS, "\n")
    course_problems(ctx, 3, 14 if _long(ctx) else 6)
    ctx.raw("DISCHARGE MEDICATIONS :\n")
    for i in range(rng.randint(3, 10)):
        ctx.raw(f"{i + 1}. ")
        ctx.line("{~med}")
    if _long(ctx):
        common.instructions(ctx)
    ctx.raw("CONDITION ON DISCHARGE :\nStable\n")
    ctx.line("Dictated By :\n{dr.bare:resident}")
    ctx.line("Attending :\n{dr.bare:attending}")
    ctx.line("Batch :\n{idnum}\nIndex No. {idnum}")
    ctx.line("D :\n{date.num:dc}\nT :\n{date.num:dc}")
    ctx.line("CC :\n1. {dr.bare:pcp}\n")


def write_partners(ctx: NoteContext) -> None:
    ctx.line("{hosp.upper}")
    ctx.line("DISCHARGE SUMMARY")
    ctx.line("NAME: {pt.header}    UNIT NUMBER: {mrn}")
    ctx.line("ADMISSION DATE: {date.num:admit}    DISCHARGE DATE: {date.num:dc}")
    if ctx.rng.random() < 0.35:
        common.demographics(ctx, 4, 10)
    ctx.line("ATTENDING: {dr.bare:attending}    SERVICE: {dept}")
    ctx.line("PRINCIPAL DIAGNOSIS: {~dx}")
    ctx.line("ASSOCIATED DIAGNOSES: {~dx}; {~dx}; {~eponym}")
    common.section(ctx, "hpi")
    common.hpi(ctx, 2, 7, 3 if _very_long(ctx) else 2 if _long(ctx) else 1)
    common.pmh(ctx)
    common.meds(ctx)
    common.allergies(ctx)
    common.social(ctx)
    common.exam(ctx)
    common.labs(ctx)
    if _long(ctx):
        common.imaging(ctx)
        consults_and_procedures(ctx)
    hospital_course(ctx, 3, 16 if _long(ctx) else 6)
    common.meds(ctx, "dcmeds")
    if ctx.rng.random() < 0.5:
        common.prescriptions(ctx)
    dispo_and_fu(ctx)
    if _long(ctx) or ctx.rng.random() < 0.3:
        common.instructions(ctx)
    common.footer(ctx)


def write_mimic(ctx: NoteContext) -> None:
    ctx.line("Admission Date: {date.num:admit}       Discharge Date: {date.num:dc}\n")
    ctx.line("Date of Birth: {date.num:dob}       Sex: {~mf}\n")
    ctx.line("Service: [MEDICINE|SURGERY|CARDIOTHORACIC|NEUROLOGY|ORTHOPAEDICS]\n")
    ctx.line("Allergies:\n[Patient recorded as having No Known Allergies to Drugs|Penicillins / Sulfa (Sulfonamide Antibiotics)]\n")
    ctx.line("Attending: {dr.bare:attending}\n")
    ctx.line("Chief Complaint:\n{~symptom}\n")
    ctx.line("Major Surgical or Invasive Procedure:\n{~proc} {date.num:hd2}\n")
    ctx.raw("History of Present Illness:\n")
    common.hpi(ctx, 3, 8, 2 if _long(ctx) else 1)
    ctx.raw("\nPast Medical History:\n")
    common.items(ctx, common.PMH_ITEMS, 3, 9)
    ctx.raw("\nSocial History:\n")
    ctx.say_some(common.SOCIAL_LINES, 2, 4, " ", " ")
    ctx.raw("\n\nFamily History:\n")
    ctx.say(common.FAMILY_LINES, "\n")
    ctx.raw("\nPhysical Exam:\n")
    ctx.line("{~vitals}")
    ctx.say_some(common.EXAM_LINES, 3, 7, "\n", "\n")
    ctx.raw("\nPertinent Results:\n")
    for _ in range(ctx.rng.randint(2, 6)):
        ctx.line("{date.dt:recent} {~labs}")
    if _long(ctx):
        consults_and_procedures(ctx)
    ctx.raw("\nBrief Hospital Course:\n")
    ctx.say(COURSE_OPENERS, "\n")
    course_problems(ctx, 3, 14 if _long(ctx) else 6)
    if _long(ctx):
        common.lab_table(ctx, ctx.rng.randint(3, 5))
    ctx.raw("\nMedications on Admission:\n")
    for i in range(ctx.rng.randint(3, 9)):
        ctx.line(f"{i + 1}. {{~med}}")
    ctx.raw("\nDischarge Disposition:\n[Home|Home With Service|Extended Care]\n\nFacility:\n")
    ctx.line("{clinic} - {city:rehab}")
    if _long(ctx) or ctx.rng.random() < 0.3:
        common.instructions(ctx)
    ctx.raw("\nFollowup Instructions:\n")
    common.items(ctx, FU_LINES, 1, 3)
    ctx.line("\n                             {dr.bare:attending} MD {mrn}\n\nCompleted by: {dr.bare:resident} {date.num:dc} @ {~time}")


def write_narrative(ctx: NoteContext) -> None:
    common.record_header(ctx)
    ctx.line("DISCHARGE SUMMARY")
    ctx.line("Admitted: {date:admit}   Discharged: {date:dc}")
    ctx.line("Attending: {dr:attending}   PCP: {dr:pcp}")
    common.section(ctx, "hpi")
    common.hpi(ctx, 2, 6)
    if _long(ctx):
        common.pmh(ctx)
        common.labs(ctx)
        common.imaging(ctx)
    hospital_course(ctx, 2, 14 if _long(ctx) else 5)
    common.meds(ctx, "dcmeds")
    dispo_and_fu(ctx)
    if _long(ctx):
        common.instructions(ctx)
    common.signature(ctx)


def write_transfer(ctx: NoteContext) -> None:
    ctx.line("INTERFACILITY TRANSFER SUMMARY")
    ctx.line("From: {hosp} ({dept})    To: {hosp:other}")
    ctx.line("Patient: {pt.header}   DOB: {date.num:dob}   Age: {age.n}")
    ctx.line("MRN: {mrn}   Insurance: {hplan.lab}")
    ctx.line("Transfer date: {date.dt:dc}")
    ctx.line("Accepting physician: {dr:accepting}, {phone.ext}")
    ctx.line("Sending physician: {dr:attending}, pager {pager}")
    common.section(ctx, "hpi")
    common.hpi(ctx, 2, 5)
    hospital_course(ctx, 2, 5)
    common.meds(ctx)
    ctx.line("\nReport called to {rn:receiving} at {hosp:other} on {date.short:dc} at {~time}.")
    ctx.line("Transported by [ambulance|ALS|Boston MedFlight|Life Flight], unit #{vehicle}.")
    common.signature(ctx)


def write_short(ctx: NoteContext) -> None:
    ctx.line("[Discharge Note|DC SUMMARY|Brief Discharge Summary] - {pt} ({mrn.lab})")
    ctx.line("{age} {~sex} admitted {date.short:admit} for {~dx}, [treated with|received] {~med}. [Discharged|D/c'd] {date.short:dc} to [home|rehab]. F/u {dr:pcp} {date.short:fu1}.")
    ctx.line("{dr.sig:attending}")


FAMILY = NoteFamily(
    name="discharge",
    weight=15,
    wrap=0.35,
    cases=(("as_is", 0.93), ("upper", 0.07)),
    variants=(
        Variant("discharge.i2b2_2006", write_i2b2_2006),
        Variant("discharge.partners", write_partners),
        Variant("discharge.mimic", write_mimic),
        Variant("discharge.narrative", write_narrative),
        Variant("discharge.transfer", write_transfer, held_out=True),
        Variant("discharge.short", write_short, held_out=True),
    ),
)
