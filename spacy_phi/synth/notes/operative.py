"""Operative notes: surgeons, assistants, anesthesia staff, OR rooms,
implants with lot and serial numbers, procedure narratives."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant

PROCEDURES = (
    "Laparoscopic cholecystectomy", "Right total knee arthroplasty", "Left total hip arthroplasty", "CABG x3 (LIMA-LAD, SVG-OM, SVG-PDA)",
    "Exploratory laparotomy, sigmoid colectomy with end colostomy (Hartmann's procedure)", "Open reduction internal fixation, left distal radius",
    "Dual-chamber pacemaker implantation", "Laparoscopic appendectomy", "Lumbar laminectomy L4-L5", "Whipple procedure",
    "Laparoscopic Nissen fundoplication", "Right carotid endarterectomy", "Cesarean section, low transverse",
)
NARRATIVE = [
    "The patient was identified in the preoperative holding area, and consent was confirmed. {~He} was brought to OR {room} and placed supine.",
    "After induction of general endotracheal anesthesia by {dr:anesthesia}, the [abdomen|left leg|chest] was prepped and draped in the usual sterile fashion.",
    "A time-out was performed at {~time} confirming patient, procedure, and site.", "A Foley catheter was placed. SCDs were on and functioning.",
    "Pneumoperitoneum was established via Hasson technique. A 12 mm port was placed.",
    "The implant ({device.model}, serial no. {device}, lot {idnum:lot}) was inserted without difficulty.",
    "Hemostasis was obtained with Bovie electrocautery. A JP drain was left in place.", "The fascia was closed with 0 PDS; skin with staples.",
    "Sponge, needle, and instrument counts were correct x2 per {rn:circ}.", "{dr:assistant} assisted with exposure and closure.",
    "Frozen section (path: {dr:path}) showed {~dx}.", "EBL {~volume}. Fluids: {~n:500-3000} mL LR. UOP {~volume}.",
    "The patient tolerated the procedure well and was taken to the PACU in stable condition.",
    "I was present and scrubbed for the entire procedure. {~name_like}",
    "{~clin}",
    "Husband {rel.any:husband} updated in the family waiting area by {dr:surgeon}.",
]


def write_op(ctx: NoteContext) -> None:
    ctx.line("[OPERATIVE REPORT|OPERATIVE NOTE|Brief Op Note|PROCEDURE NOTE]")
    ctx.line("{hosp}  {dept}")
    ctx.line("PATIENT: {pt.header}   MRN: {mrn}   ACCOUNT: {acct}")
    ctx.line("DATE OF OPERATION: {date:ref}")
    ctx.line("SURGEON: {dr.bare:surgeon}")
    ctx.line("ASSISTANT(S): {dr.bare:assistant}[, {dr.bare:assistant2}|]")
    ctx.line("ANESTHESIA: [General endotracheal|Spinal|MAC] - {dr.bare:anesthesia}[, CRNA {rn:crna}|]")
    ctx.line("PREOPERATIVE DIAGNOSIS: {~dx}\nPOSTOPERATIVE DIAGNOSIS: Same")
    ctx.line("PROCEDURE: " + ctx.rng.choice(PROCEDURES))
    ctx.line("IMPLANTS: [{device.model}, SN {device}|none|{device.model}, serial {device}; {device.model}, serial {device}]")
    ctx.line("SPECIMENS: [gallbladder to pathology|none|appendix]. EBL: {~volume}. COMPLICATIONS: none.\n")
    ctx.line("INDICATIONS: {pt} is a {age} {~sex} with {~dx} who [failed conservative management|presented with {~symptom}]. Risks and benefits were discussed with {~him} and {~his} {relw:hcp} {rel:hcp}, and consent was obtained on {date.short:consent}.\n")
    ctx.raw("DESCRIPTION OF PROCEDURE:\n")
    ctx.say_some(NARRATIVE, 4, 12, " ", " ")
    ctx.raw("\n\n")
    ctx.line("Dictated by {dr.sig:surgeon}\nD: {date.num:ref}  T: {date.num:dc}  Job {idnum}")


def write_brief_op(ctx: NoteContext) -> None:
    ctx.line("Brief Op Note {date.num:ref}")
    ctx.line("Pre-op dx: {~dx}  Post-op dx: same")
    ctx.line("Procedure: " + ctx.rng.choice(PROCEDURES))
    ctx.line("Surgeon: {dr:surgeon}  Asst: {dr:assistant}  Anesth: {dr:anesthesia}")
    ctx.line("Findings: {~dx}. EBL: {~volume}. Drains: JP x1. Specimens: to path. Complications: none.")
    ctx.line("Dispo: PACU then {dept} floor, bed {room}. - {dr.last:assistant}")


def write_anesthesia(ctx: NoteContext) -> None:
    ctx.line("ANESTHESIA PRE-OPERATIVE EVALUATION - {date:ref}")
    ctx.line("{pt.header}, {age.n} {~mf}, scheduled for " + ctx.rng.choice(PROCEDURES).lower() + " with {dr:surgeon} on {date.short:surg_day}")
    ctx.line("PMH: {~dx}, {~dx}, {~eponym}. Prior anesthesia at {hosp:other} {date.year:past} without complication.")
    ctx.line("Airway: {~score}. {~score}. NPO after midnight.")
    ctx.line("Implanted device: {device.model}, serial {device}; {dept} ({dr:ep}) contacted to reprogram.")
    ctx.line("Plan: GETA. Consent signed. {dr.sig:anesthesia}")


FAMILY = NoteFamily(
    name="operative",
    weight=5,
    wrap=0.3,
    cases=(("as_is", 0.85), ("upper", 0.15)),
    variants=(
        Variant("operative.full", write_op),
        Variant("operative.brief", write_brief_op),
        Variant("operative.anesthesia", write_anesthesia, held_out=True),
    ),
)
