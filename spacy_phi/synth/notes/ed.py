"""Emergency department visits: triage, provider notes, EMS and trauma
details (arrival times, ambulance units, vehicles, police, scene locations)."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant, common

TRIAGE = [
    "Triage {date.dt:ref}: {age} {~sex} BIBA from {city:scene} c/o {~symptom}. {~vitals}. ESI [2|3|4].",
    "Arrived via [EMS|private vehicle|walk-in] at {~time}. Triage RN: {rn:triage}.",
    "Pt brought in by [{city:scene} Fire|{org:ems} Ambulance], unit {vehicle}, after {~symptom} at {loc}.",
    "PCP: {dr:pcp} ({clinic}). Pharmacy: CVS {street:pharm}.",
    "Contact: {rel:hcp} ({~his} {relw:hcp}) {phone:hcp}.",
    "Registration: SSN {ssn}, acct {acct}, insurance {hplan.lab}. Identity confirmed by palm-vein scan ({bioid}).",
    "Pt arrived by private car (plate {vehicle}); car left in the ED lot, keys with security.",
]
HPI = [
    "{pt} is a {age} {~sex} who presents after a [motor vehicle collision|fall from ladder|assault|bike accident] on {street:scene} in {city:scene} [today|this afternoon|at {~time}].",
    "{~He} was the [restrained driver|unrestrained passenger|pedestrian] of a [sedan|pickup|SUV] (plate {vehicle}) struck at [30|45|60] mph; + airbag deployment.",
    "Police ({org:police}) at scene; report #{idnum}.",
    "{~He} has had {~symptom} {~duration}, worse since {date.wd:recent}.",
    "{~He} was seen at {hosp:other} ED on {date.short:recent} for the same and discharged on {~med}.",
    "{~He} was found down at home by {~his} [neighbor|landlord|roommate] {rel:neighbor}, last seen well at {~time}.",
    "EMS reports FS {~n:40-450}, given {~med} en route.",
    "{~He} was at {loc} when {~he} [collapsed|fell|became short of breath].",
    "Works as a {prof}; injury occurred at work at {org:job}.",
    "Roommate {rel.any:roommate} drove {~him} in.",
    "Per wife {rel.any:wife}, {~he} had a witnessed fall. Denies LOC, HA.",
    "{age.sex}, {prof} for {org:job}, injured at work.",
    "Friend {rel.any:friend} at bedside; {~clin}",
    "{~clin} {~range}.",
]
COURSE = [
    "ED course: {~med} given at {~time} with improvement. {~labs}.",
    "CT head negative. Trauma surgery ({dr:trauma}) consulted; no operative intervention.",
    "Discussed with {dr:cards} of cardiology, who will see {~him} [in the ED|as an outpatient on {date.short:fu1}].",
    "Signed out to {dr:ed2} at {~time} pending {~proc}.",
    "{~He} was observed for 6 hours, tolerated PO, ambulated without difficulty.",
    "Poison control ({phone:poison}) called; case #{idnum}.",
    "Social work ({rn:sw}) saw pt re: [housing|safety at home|transportation].",
    "Dtr {rel.any:daughter} updated by phone.",
    "{~neg}. {~neg}.",
    "Pt's son {rel.any:son} (cell {phone:son}) at bedside.",
]
DISPO = [
    "Dispo: admitted to {dept}, {dr:admitting} accepting, bed {room}.",
    "Discharged home in stable condition with {~his} {relw:hcp} {rel:hcp}. Return precautions given.",
    "Transferred to {hosp:other} for [cath lab|neurosurgery|psychiatric bed] via [ALS|CCT] ambulance.",
    "Discharged; f/u with {dr:pcp} within 1 week ({phone:pcp}). Work note given for {org:job}.",
    "Left AMA at {~time} after discussion with {dr:ed}.",
]


def write_provider(ctx: NoteContext) -> None:
    ctx.line("[{hosp.upper} EMERGENCY DEPARTMENT|ED Provider Note|EMERGENCY DEPARTMENT VISIT|ED Physician Documentation]")
    ctx.line("Patient: {pt.header}   MRN: {mrn}   Acct: {acct}")
    ctx.line("Date of service: {date.dt:ref}   Attending: {dr.bare:ed}   Room: {room}\n")
    if ctx.rng.random() < 0.4:
        common.demographics(ctx, 5, 12)
    ctx.say_some(TRIAGE, 1, 3, "\n", "\n")
    common.section(ctx, "cc")
    ctx.line("{~symptom}")
    common.section(ctx, "hpi")
    ctx.say_some(HPI, 2, 6, " ", " ")
    ctx.raw("\n")
    if ctx.rng.random() < 0.6:
        common.pmh(ctx)
    if ctx.rng.random() < 0.5:
        common.meds(ctx, low=1, high=6)
    common.exam(ctx, 2, 6)
    common.section(ctx, "course", "ED Course")
    ctx.say_some(COURSE, 1, 4, "\n", "\n")
    common.section(ctx, "dispo")
    ctx.say(DISPO, "\n")
    if ctx.rng.random() < 0.35:
        common.prescriptions(ctx, 1, 2)
    common.signature(ctx)


def write_triage(ctx: NoteContext) -> None:
    ctx.line("TRIAGE NOTE  {date.dt:ref}")
    ctx.line("{pt.header} {age.n} {~mf}  MRN {mrn}")
    ctx.say_some(TRIAGE, 2, 4, "\n", "\n")
    ctx.line("Allergies: NKDA. Meds: {~med}, {~med}.")
    ctx.line("{rn:triage}")


def write_trauma(ctx: NoteContext) -> None:
    ctx.line("TRAUMA ACTIVATION - LEVEL [1|2]")
    ctx.line("{date.num:ref} {~time}  {hosp}  Trauma Bay {room}")
    ctx.line("Name: {pt.header} (ID'd by {rel:hcp} via phone {phone:hcp})   MRN {mrn}")
    ctx.line("Mechanism: [MVC|pedestrian struck|GSW|fall >10 ft] at {loc}, {city:scene}. Vehicle {vehicle.lab}.")
    ctx.line("EMS: [{city:scene} EMS|{org:ems}], medic {rn:medic}, run #{idnum}")
    ctx.say_some(HPI, 2, 5, " ", " ")
    ctx.raw("\nPrimary survey: A intact, B {~vitals}, C 2 large-bore IVs, D {~score}, E abrasions.\n")
    ctx.say_some(COURSE, 1, 3, "\n", "\n")
    ctx.say(DISPO, "\n")
    ctx.line("{dr.sig:trauma}")


def write_urgent(ctx: NoteContext) -> None:
    ctx.line("{clinic} - Visit {date:ref}")
    ctx.line("{pt} ({age.n}) seen for {~symptom} {~duration}. {~vitals}.")
    ctx.line("Exam: {~symptom} noted. Dx: {~dx} {~code}. Rx: {~med}. F/u PCP {dr:pcp}.")
    ctx.line("{dr.sig:ed}")


FAMILY = NoteFamily(
    name="ed",
    weight=8,
    wrap=0.2,
    variants=(
        Variant("ed.provider", write_provider),
        Variant("ed.triage", write_triage),
        Variant("ed.trauma", write_trauma, held_out=True),
        Variant("ed.urgent", write_urgent),
    ),
)
