"""Pediatric visits: ages in months and weeks, parents and siblings by name,
daycares and schools, birth history (hospital, Apgars), growth charts."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant, common

HPI = [
    "{pt.first} is a {age} {~sex} brought in by [mom|dad|{~his} mother|{~his} father|grandmother] {rel:mother} for {~symptom} {~duration}.",
    "Mom ({rel.full:mother}) reports {pt.first} has had fevers to 102 since {date.wd:recent}; sibling {rel:sibling} ({age.other:kid}) also sick.",
    "{pt.first} attends {school:daycare} [daycare|preschool|kindergarten] where there has been [strep|flu|hand-foot-mouth] going around.",
    "{~He} is in [2nd|5th|7th|10th] grade at {school:school}; teacher {rel:teacher} has noted [inattention|good progress|absences].",
    "Dad ({rel:father}) works as a {prof:father} and mom is a {prof:mother}.",
    "Lives with parents and [1|2|3] siblings in {city}. [No smokers at home.|Dad smokes outside.] Dog and cat.",
    "Seen at {hosp:other} urgent care on {date.short:recent}, dx'd with {~dx}, given {~med}.",
    "Missed school {date.wd:recent} and {date.wd:recent}.", "WIC through {org:wic}.",
    "Mom concerned about speech; {~he} says about [10|20|50] words at {age.mo}.",
    "Mom {rel.any:mom} reports {~range}, no fevers.",
    "Grandma {rel.any:grandma} watches {~him} while mom works as a {prof:mom}.",
    "Dad {rel.any:dad} is a {prof:dad} at {org:dadjob}.",
    "Brothers {rel.any:brother} ({age.other:kid}) and {rel.any:brother2} ({age.other:kid}) recently sick.",
    "Enrolled in WIC. {~clin}",
    "Mom is {~ethnic_adj}; interpreter used.",
]
BIRTH = [
    "Born at [38|39|40|41] weeks at {hosp:birth} via [NSVD|C-section] to a G[1|2|3]P[1|2|3] mother. Apgars 8 and 9. BW {~n:2.2-4.6} kg.",
    "Term infant born {date.num:dob} at {hosp:birth}; uncomplicated nursery course, discharged at 48 hours.",
    "Ex-[32|34|35] weeker, NICU stay at {hosp:birth} x [2|3] weeks for {~dx}.",
    "Born at {hosp} to a G2P2 mom, Apgars {~n:6-9}/{~n:8-9}.",
    "Apgars {~n:7-9}/{~n:8-9}; NICU x {~n:2-10} days.",
]
DEV = [
    "Development: sitting at 6 months, walking at 12 months, [on track|mild delays] per parents.",
    "Milestones: [rolls over|pulls to stand|runs|uses 2-word phrases] - appropriate for age. {~general_age}",
    "Early Intervention referral ({org:ei}) placed {date.short:recent}.",
]
PLAN = [
    "Vaccines given today: [DTaP, IPV, Hib|MMR, varicella|flu|HPV #1]. VIS provided. Lot numbers in chart.",
    "Return for [12|15|18|24] month well visit[ on {date:fu1}|].", "School note for {school:school} provided.",
    "Amoxicillin 90 mg/kg/day divided bid x 10 days. Call {phone:clinic} if not improving.",
    "Referred to {dr:specialist}, pediatric {dept}, at {hosp:other}.", "Anticipatory guidance: car seat, water safety, {~general_age}",
    "Growth: weight {~weight}, length {~n:45-110} cm, [50th|75th|25th] percentile.", "Follow up with {dr:pcp} {date.short:fu1}.",
]


def write_well(ctx: NoteContext) -> None:
    ctx.make_pediatric()
    ctx.line("[Well Child Visit|WELL CHILD CHECK|Pediatric Well Visit] - {age.mo}")
    ctx.line("{clinic}   {date:ref}")
    ctx.line("Patient: {pt.header}   DOB: {date.num:dob}   MRN: {mrn}")
    ctx.line("Accompanied by: [mother|father|both parents|grandmother] ({rel.full:mother})\n")
    common.section(ctx, "hpi", "Interval History")
    ctx.say_some(HPI, 2, 5, " ", " ")
    ctx.raw("\n")
    common.section(ctx, "birth", "Birth History")
    ctx.say(BIRTH, "\n")
    common.section(ctx, "dev", "Development")
    ctx.say(DEV, "\n")
    common.exam(ctx, 2, 5)
    common.section(ctx, "ap")
    common.items(ctx, PLAN, 2, 5)
    common.signature(ctx)


def write_sick(ctx: NoteContext) -> None:
    ctx.make_pediatric()
    ctx.line("Pediatric sick visit {date.num:ref} - {pt.full} ({age})")
    ctx.say_some(HPI, 2, 6, " ", " ")
    ctx.raw("\n")
    ctx.line("Exam: {~vitals}. TMs [erythematous, bulging|clear], throat [erythematous|clear].")
    ctx.line("Rapid strep [neg|pos]. Dx: {~dx}.")
    common.items(ctx, PLAN, 1, 3)
    ctx.line("{dr.sig:pcp}")


def write_newborn(ctx: NoteContext) -> None:
    ctx.make_pediatric()
    ctx.age = 0
    ctx.line("NEWBORN NURSERY ADMISSION NOTE")
    ctx.line("Baby [Boy|Girl] {pt.last}   MRN {mrn}   DOB {date.dt:dob}   Bed {room}")
    ctx.line("Mother: {rel.full:mother}, {age.other} yo G[1|2|3]P[1|2|3], MRN {mrn:mother}, blood type [O+|A+|B-]. Father: {rel.full:father}.")
    ctx.line("Pediatrician: {dr:pcp}, {clinic} ({phone:pcp}).")
    ctx.say(BIRTH, "\n")
    ctx.line("Baby is {age.wk}. Exam: {~vitals}. Hips stable, {~eponym} negative.")
    ctx.line("ID bands matched with mother at {~time}; newborn footprint record {bioid.lab}. Cord blood ID {bioid}.")
    ctx.line("Plan: routine newborn care, hep B vaccine, hearing screen. Newborn screen card #{idnum} sent {date.short:recent}.")
    ctx.line("{dr.sig:resident}")


def write_school_form(ctx: NoteContext) -> None:
    ctx.make_pediatric()
    ctx.line("SCHOOL HEALTH FORM - {school:school}")
    ctx.line("Student: {pt.full}   DOB: {date.num:dob}   Grade: [K|3|6|9]   Age: {age.n}")
    ctx.line("Parent/guardian: {rel.full:mother}   Phone: {phone:home}   Email: {email:mother}")
    ctx.line("Address: {addr:home}")
    ctx.line("Allergies: [peanuts - EpiPen at school|none]. Medications at school: [albuterol prn|none].")
    ctx.line("Physical exam date: {date:ref}. Cleared for sports: [yes|no].")
    ctx.line("Provider: {dr.sig:pcp}  {clinic}  {phone:clinic}")


FAMILY = NoteFamily(
    name="pediatric",
    weight=5,
    wrap=0.2,
    variants=(
        Variant("pediatric.well", write_well),
        Variant("pediatric.sick", write_sick),
        Variant("pediatric.newborn", write_newborn),
        Variant("pediatric.school_form", write_school_form, held_out=True),
    ),
)
