"""Radiology reports: accession numbers, MRNs, exam dates and times,
comparisons, devices with serial numbers, often all upper case."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant

EXAMS = (
    "CT CHEST WITHOUT CONTRAST", "CT ABDOMEN/PELVIS WITH CONTRAST", "MRI BRAIN W/WO GADOLINIUM", "CHEST PA AND LATERAL",
    "PORTABLE CHEST", "CT HEAD WITHOUT CONTRAST", "US RIGHT UPPER QUADRANT", "CTA CHEST (PE PROTOCOL)", "MRI LUMBAR SPINE",
    "BILATERAL SCREENING MAMMOGRAM", "X-RAY LEFT ANKLE 3 VIEWS", "NM MYOCARDIAL PERFUSION", "DEXA SCAN", "US CAROTID DUPLEX",
)
HISTORY = [
    "{age} year old {~male} with {~symptom}. Evaluate for {~dx}.", "{~symptom}, r/o {~dx}.", "S/p fall. Eval for fracture.",
    "Hx {~dx}. Follow-up.", "{age} {~mf} c/o {~symptom} {~duration}.", "Pre-op for {~proc}.",
    "{~problem}",
    "{agesex}. {~problem}.",
]
COMPARISON = [
    "Comparison: {date.num:prior}.", "Comparison: CT {date.num:prior} from {hosp:other}.", "COMPARISON: None.",
    "Compared with prior study dated {date:prior} and {date.num:prior2}.", "Comparison: outside films from {hosp:other}, {date.my:prior}.",
]
FINDINGS = [
    "There is no focal consolidation, effusion, or pneumothorax.", "Heart size is normal. Mediastinal contours are unremarkable.",
    "A {~size} nodule in the right upper lobe is unchanged since {date.num:prior}.", "No acute intracranial hemorrhage or mass effect.",
    "Dual-chamber pacemaker ({device.model}, serial {device}) with leads in the right atrium and ventricle.",
    "Left chest wall ICD, serial no. {device}, leads in expected position.", "Right IJ central line tip in the SVC.",
    "NG tube tip in the stomach. ET tube 4 cm above the carina.", "Mild degenerative changes of the spine.",
    "Cholelithiasis without wall thickening. CBD measures 4 mm.", "Moderate left pleural effusion, increased from prior.",
    "Postsurgical changes of {~proc}.", "Surgical clips in the right upper quadrant.", "Foley catheter in the bladder.",
    "Spinal cord stimulator (serial {device}) projects over the lower thoracic spine.", "Port-a-Cath tip at the cavoatrial junction.",
    "Findings suggestive of {~eponym}.", "Bone density: T-score -{~n:0.5-3.5}.",
    "Mediastinum/hila: No lymphadenopathy.",
    "Emphysema, coronary calcifications.",
    "{~problem}",
]
IMPRESSION = [
    "No acute cardiopulmonary process.", "Findings as above; recommend follow-up CT in 3 months (around {date.my:fu2}).",
    "Stable {~size} pulmonary nodule.", "Interval worsening of {~dx}.", "Negative for pulmonary embolism.",
    "Findings communicated to {dr:ordering} by telephone at {~time} on {date.num:ref}.",
    "Discussed with {dr.last:ordering} ({pager}) at {~time}.", "BI-RADS [1|2|3]. Routine screening recommended.",
]


def write_standard(ctx: NoteContext) -> None:
    ctx.line("[{hosp.upper} - DEPARTMENT OF RADIOLOGY|RADIOLOGY REPORT|{dept} IMAGING REPORT]")
    ctx.line("EXAM: " + ctx.rng.choice(EXAMS))
    ctx.line("[ACCESSION #|ACC|Accession No|ACCESSION NUMBER]: {idnum:acc}   [MRN|MR#|UNIT NO]: {mrn}")
    ctx.line("PATIENT: {pt.header}   DOB: {date.num:dob}   AGE: {age.n}[ Y| yrs|]   SEX: {~mf}")
    ctx.line("DATE OF EXAM: {date.dt:ref}   LOCATION: [{dept}|ED|Rm {room}]")
    ctx.line("ORDERING PHYSICIAN: {dr.bare:ordering}[   ACCT: {acct}|][   VISIT: {idnum:visit}|]\n")
    ctx.line("CLINICAL HISTORY: " + ctx.pick(HISTORY))
    ctx.say(COMPARISON, "\n")
    ctx.line("TECHNIQUE: [Axial images were obtained|PA and lateral views|Multiplanar imaging] [without|with] IV contrast. [DLP {~n:200-1200} mGy-cm.|]\n")
    ctx.raw("FINDINGS:\n")
    ctx.say_some(FINDINGS, 2, 7, "\n", "\n")
    ctx.raw("\nIMPRESSION:\n")
    for i in range(ctx.rng.randint(1, 3)):
        ctx.raw(f"{i + 1}. ")
        ctx.say(IMPRESSION, "\n")
    ctx.line("\n[Dictated by|Read by]: {dr.bare:radiologist}   [Resident|Fellow]: {dr.bare:rad_res}")
    ctx.line("Electronically signed: {dr.sig:radiologist} {date.dt:ref}")


def write_brief(ctx: NoteContext) -> None:
    ctx.line("{~time} {date.num:ref} " + ctx.rng.choice(EXAMS) + "  Clip # {idnum:clip}")
    ctx.line("Reason: " + ctx.pick(HISTORY))
    ctx.line("Final report")
    ctx.say_some(FINDINGS, 1, 4, " ", " ")
    ctx.line("\nIMPRESSION: " + ctx.pick(IMPRESSION))


def write_procedure(ctx: NoteContext) -> None:
    ctx.line("INTERVENTIONAL RADIOLOGY PROCEDURE NOTE")
    ctx.line("Date: {date:ref}  Patient: {pt.header}  MRN: {mrn}  Acc: {idnum:acc}")
    ctx.line("Operators: {dr.bare:radiologist}, {dr.bare:rad_res}   Referring: {dr:ordering}")
    ctx.line("Procedure: [PICC placement|IVC filter placement|port placement|paracentesis]. Device: {device.model}, lot {idnum:lot}, serial {device}.")
    ctx.line("Consent obtained from [patient|{~his} daughter {rel.full:hcp}]. Time-out performed at {~time}.")
    ctx.say_some(FINDINGS, 1, 3, " ", " ")
    ctx.line("\nEBL minimal. No complications. " + ctx.pick(IMPRESSION))
    ctx.line("{dr.sig:radiologist}")


def write_mammo_letter(ctx: NoteContext) -> None:
    ctx.line("{hosp} Breast Imaging Center\n{street:hosp}, {city:hosp}, {state:abbr} {zip:hosp}   {phone:clinic}\n")
    ctx.line("{date.text:ref}\n\n{pt.full}\n{addr:home}\n")
    ctx.line("Dear {pt},\nYour mammogram of {date:ref} [was normal|requires additional imaging]. {~general_age}")
    ctx.line("Accession: {idnum:acc}. Radiologist: {dr:radiologist}.")


FAMILY = NoteFamily(
    name="radiology",
    weight=6,
    wrap=0.1,
    cases=(("as_is", 0.65), ("upper", 0.35)),
    variants=(
        Variant("radiology.standard", write_standard),
        Variant("radiology.brief", write_brief),
        Variant("radiology.procedure", write_procedure),
        Variant("radiology.mammo_letter", write_mammo_letter, held_out=True),
    ),
)
