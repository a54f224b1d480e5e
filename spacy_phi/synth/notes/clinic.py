"""Longitudinal outpatient notes in the style of the i2b2 2014 corpus:
"Record date:" headers, narrative HPI, problem-based plans, consults, and
inpatient daily progress notes."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant, common

INTERVAL = [
    "Since {~his} last visit {~he} [has been doing well|has had a rough few months|was admitted to {hosp:other} for {~dx}].",
    "{~He} [saw|was seen by] {dr:specialist} in {date.month:recent}, who [adjusted|stopped] {~his} {~drug}.",
    "{~He} spent {holiday} with {~his} family in {city:family} [and did well|and had {~symptom}].",
    "{~He} is now working [part time|full time|nights] as a {prof} [at|for] {org}.",
    "{~His} {relw:spouse} {rel:spouse} [is here today|called on {date.wd:recent}] [with concerns about|to report] {~symptom}.",
    "BP log from home shows {~n:110-160}s/{~n:60-95}s.",
    "{~He} [had|underwent] {~proc} on {date:surg} [with|by] {dr:surgeon}.",
    "{~He} [has been|was] [walking|swimming] at {loc} [most days|3x/week].",
    "Planning a trip to {country} in {date.month:fu1}.",
    "No ED visits since {date.my:prior}.",
    "Since last visit: {~clin} {~clin}",
    "Wife {rel.any:wife} accompanies {~him} today.",
    "{~He} celebrated {holiday} with family.",
]
NARRATIVE_BODY = INTERVAL + common.HPI_BODY
CONSULT_REASONS = [
    "Thank you for asking us to see {pt}, a {age} {~sex} [referred by|at the request of] {dr:pcp} for {~dx}.",
    "{dept} consult requested by {dr:attending} for [evaluation of|recommendations regarding] {~symptom}.",
    "Asked to see this {age} {~sex} by {dr.last:attending} re: {~dx}.",
    "Reason for consultation: {~dx}. Requesting physician: {dr.bare:attending}.",
    "We were consulted on {date:ref} for {~symptom} in this {age} {~sex} admitted with {~dx}.",
]


def _core(ctx: NoteContext) -> None:
    common.section(ctx, "hpi")
    common.hpi(ctx, 1, 5)
    if ctx.rng.random() < 0.5:
        ctx.raw("\n")
        ctx.say_some(INTERVAL, 1, 3, " ", " ")
        ctx.raw("\n")


def write_record(ctx: NoteContext) -> None:
    common.record_header(ctx)
    if ctx.rng.random() < 0.15:
        common.demographics(ctx, 3, 8)
    if ctx.rng.random() < 0.5:
        common.section(ctx, "cc")
        ctx.line("[f/u|follow-up] {~dx}[, {~dx}|]")
    _core(ctx)
    if ctx.rng.random() < 0.75:
        common.pmh(ctx)
    if ctx.rng.random() < 0.35:
        common.psh(ctx)
    common.meds(ctx, low=3, high=16)
    if ctx.rng.random() < 0.6:
        common.allergies(ctx)
    if ctx.rng.random() < 0.7:
        common.social(ctx, 1, 5)
    if ctx.rng.random() < 0.4:
        common.family(ctx)
    if ctx.rng.random() < 0.4:
        common.ros(ctx)
    common.exam(ctx, 3, 10)
    if ctx.rng.random() < 0.7:
        common.labs(ctx)
    if ctx.rng.random() < 0.3:
        common.imaging(ctx)
    common.plan(ctx, 2, 9, elaborate=ctx.rng.choice((0.2, 0.5, 0.9)))
    if ctx.rng.random() < 0.3:
        common.prescriptions(ctx)
    common.signature(ctx)


def write_soap(ctx: NoteContext) -> None:
    ctx.line("{dept} Clinic Note    {date:ref}")
    ctx.line("Pt: {pt.header}    MRN {mrn}    DOB {date.num:dob}")
    ctx.line("PCP: {dr.bare:pcp}\n")
    ctx.raw("S: ")
    common.hpi(ctx, 1, 4)
    ctx.raw("\nO: ")
    ctx.line("{~vitals}")
    ctx.say_some(common.EXAM_LINES, 2, 5, "\n", "\n")
    ctx.line("{~labs}")
    ctx.raw("\nA: ")
    ctx.line("{age} {~sex} with {~dx}, {~dx}.")
    ctx.raw("\nP:\n")
    common.items(ctx, common.PLAN_ITEMS, 2, 6)
    common.signature(ctx)


def write_consult(ctx: NoteContext) -> None:
    ctx.line("{hosp}\n{dept}")
    ctx.line("[CONSULTATION NOTE|Consult Note|{dept} Consultation]")
    ctx.line("Date of consult: {date:ref}   Location: {hosp} Rm {room}")
    ctx.line("Patient: {pt.header}  ({mrn.lab})\n")
    ctx.say(CONSULT_REASONS, "\n")
    common.section(ctx, "hpi")
    common.hpi(ctx, 2, 6)
    common.pmh(ctx)
    common.psh(ctx)
    common.meds(ctx)
    common.allergies(ctx)
    common.social(ctx)
    common.family(ctx)
    common.exam(ctx)
    common.labs(ctx)
    common.imaging(ctx)
    common.section(ctx, "ap", "Impression and Recommendations")
    ctx.line("{age} {~sex} with {~dx} [and|complicated by] {~dx}.")
    common.items(ctx, common.PLAN_ITEMS, 2, 6)
    ctx.line("\nThank you for this consult. We will follow along. Please page {pager} with questions.")
    common.signature(ctx)


def write_progress(ctx: NoteContext) -> None:
    ctx.line("[Medicine|Cardiology|Surgery|{dept}] [Progress Note|PGY-1 Progress Note|Daily Progress Note] - HD#[2|3|4|5|7]")
    ctx.line("{date:ref}  {~time}")
    ctx.line("{pt.header}  {mrn}  Rm {room}\n")
    ctx.raw("Overnight/24h events: ")
    ctx.line("[No acute events.|Febrile to 101.2 overnight, cultures sent.|Pt pulled out IV; RN {rn:nurse} replaced it.|Rapid response called at {~time} for {~symptom}.]")
    ctx.raw("S: ")
    ctx.line("[Feels better today.|Still c/o {~symptom}.|Reports {~symptom}, denies {~symptom}.] [Daughter {rel:daughter} at bedside.|]")
    ctx.raw("O: ")
    ctx.line("{~vitals}")
    ctx.line("I/O: {~io}")
    ctx.say_some(common.EXAM_LINES, 2, 5, "\n", "\n")
    ctx.line("Labs: {~labs}")
    ctx.raw("A/P: ")
    ctx.line("{age} {~sex} with {~dx} admitted {date.short:admit} with {~symptom}.")
    common.items(ctx, common.PLAN_ITEMS, 2, 6)
    ctx.line("Dispo: [pending PT eval|likely home {date.wd:dc}|to rehab when bed available at {clinic}]")
    common.signature(ctx)


def write_annual(ctx: NoteContext) -> None:
    ctx.line("ANNUAL PHYSICAL EXAM - {date.text:ref}")
    ctx.line("{pt.full}, {age.n} y/o {~male}\n")
    ctx.line("Here for yearly exam. Last physical {date.my:prior} with {dr:prior_pcp} at {clinic}.")
    common.section(ctx, "hpi")
    common.hpi(ctx, 1, 3)
    common.pmh(ctx)
    common.psh(ctx)
    common.meds(ctx)
    common.social(ctx, 2, 4)
    common.family(ctx)
    common.ros(ctx)
    common.exam(ctx, 4, 9)
    common.section(ctx, "hm", "Health Maintenance")
    ctx.line("Colonoscopy {date.year:past} ({dr:gi}) - due {date.year:fu}. Mammogram {date.my:recent}. {~general_age}")
    ctx.line("Immunizations: flu {date.my:recent}, Tdap {date.year:past}, PPSV23 [given today|declined].")
    common.plan(ctx)
    common.signature(ctx)


def write_followup_narrative(ctx: NoteContext) -> None:
    ctx.line("Record date: {date.rec:ref}\n")
    ctx.line("{hosp}\n{dept}\n")
    ctx.say(common.HPI_OPENERS, " ")
    ctx.say_some(NARRATIVE_BODY, 3, 8, " ", " ")
    ctx.raw("\n\nOn exam today, ")
    ctx.line("{~vitals}.")
    ctx.raw("\nImpression: ")
    ctx.line("{~dx}, {~dx}.")
    ctx.raw("\nPlan: ")
    ctx.say_some(common.PLAN_ITEMS, 2, 5, " ", " ")
    ctx.raw("\n")
    common.signature(ctx)


TELEHEALTH = [
    "Visit conducted via [Zoom|Doximity|MyChart video|telephone] due to [pt preference|COVID precautions|transportation]. Link: {url}",
    "Patient joined from home in {city} ({state:abbr}); IP {ip:patient} logged by the platform. Identity confirmed with DOB {date.num:dob}.",
    "Pt's {relw:hcp} {rel:hcp} joined from {city:family} to help with technology.",
    "Connection dropped at {~time}; completed by phone at {phone:cell}.",
    "Portal account {user:patient} verified; after-visit summary sent to {email:patient}.",
    "Provider located at {hosp}, {dept}; patient located in {state:full}, where I am licensed (lic. {lic:state}).",
    "Time spent: {~n:15-45} minutes, [90% counseling|of which half was counseling].",
]


def write_telehealth(ctx: NoteContext) -> None:
    ctx.line("[TELEHEALTH VISIT|Video Visit Note|Virtual Visit|Telemedicine Encounter] - {date:ref} {~time}")
    ctx.line("Patient: {pt.header}   MRN: {mrn}   DOB: {date.num:dob}")
    ctx.line("Provider: {dr.bare:attending}   Platform user: {user:attending}\n")
    ctx.say_some(TELEHEALTH, 2, 5, "\n", "\n")
    common.section(ctx, "hpi")
    common.hpi(ctx, 1, 4)
    common.meds(ctx, low=2, high=7)
    common.plan(ctx, 2, 5)
    common.signature(ctx)


FAMILY = NoteFamily(
    name="clinic",
    weight=18,
    wrap=0.3,
    variants=(
        Variant("clinic.record", write_record),
        Variant("clinic.soap", write_soap),
        Variant("clinic.consult", write_consult),
        Variant("clinic.progress", write_progress),
        Variant("clinic.telehealth", write_telehealth),
        Variant("clinic.annual", write_annual, held_out=True),
        Variant("clinic.narrative", write_followup_narrative, held_out=True),
    ),
)
