"""Clinic letters with letterheads: hospital, department, street, phone, fax,
e-mail and web address, a recipient block, "RE:" lines and signatures."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant, common

LETTERHEADS = [
    "{hosp.upper}\n{dept}\n{street:hosp}\n{city:hosp}, {state:abbr} {zip:hosp}\nTel {phone:clinic}   Fax {fax:clinic}\n{url}\n",
    "{hosp}\nDepartment of {dept}\n{street:hosp} | {city:hosp}, {state:abbr} {zip:hosp}\nPhone: {phone:clinic} | Fax: {fax:clinic} | {url}\n",
    "{clinic}\n{street:hosp}, {city:hosp} {state:abbr} {zip:hosp}\nT: {phone:clinic}  F: {fax:clinic}  E: {email:attending}\n",
    "{hosp.upper} - {dept}\n{addr:hosp}\n(P) {phone:clinic} (F) {fax:clinic}\n",
    "{dept} Associates at {hosp}\n{street:hosp}, Suite {room}\n{city:hosp}, {state:full} {zip:hosp}\nwww: {url}   Main line {phone.ext}\n",
]
OPENERS = [
    "Dear {dr.last:pcp},", "Dear Dr. {dr.bare:pcp}:", "Dear Colleague,", "To whom it may concern:",
    "Dear {pt.full},", "Dear {pt},", "Re: {pt.full}, DOB {date.num:dob}\n\nDear {dr.last:pcp},",
]
BODY_OPEN = [
    "Thank you for referring {pt}, a {age} {~sex} with {~dx}, whom I saw in {dept} clinic on {date:ref}.",
    "I had the pleasure of seeing your patient {pt} in follow-up today.",
    "This letter confirms that {pt.full} (DOB {date.num:dob}) has been under my care since {date.my:prior}.",
    "I saw {pt} in consultation on {date.text:ref} at your request regarding {~dx}.",
    "As you know, {pt.full} is a {age} {~sex} whom we have followed in the {dept} clinic at {hosp} since {date.year:past}.",
    "{pt} returned to see me on {date:ref} accompanied by {~his} {relw:hcp}, {rel.full:hcp}.",
]
BODY = [
    "As you know, {~he} was [admitted to|seen at] {hosp:other} in {date.my:prior} for {~dx}.",
    "{~His} examination was notable for {~vitals}. Labs showed {~labs}.",
    "My impression is that {~his} symptoms are due to {~dx} rather than {~eponym}.",
    "I have recommended {~med} and will see {~him} again on {date:fu1}.",
    "{~He} works as a {prof} at {org:job} and is able to return to work on {date.short:fu0} [without|with light-duty] restrictions.",
    "{~He} is cleared to travel to {country} on {date:fu1}.",
    "I have asked {~him} to have {~lab} drawn at {clinic} in [2|4] weeks.",
    "I have also sent a copy of this letter to {dr:specialist} at {hosp:other}.",
    "{~general_age}",
    "{~He} reports {~symptom} since {holiday}, which [has improved|persists] on {~med}.",
    "An echocardiogram on {date.num:recent} showed {~score}.",
    "We reviewed the images from {hosp:other} dated {date.num:prior} together.",
    "{~His} {~dx} is [well controlled|not yet controlled]; {~lab}.",
    "{~He} lives in {city} with {~his} {relw:hcp} and remains independent.",
    "I discussed the option of {~proc}, which {~he} would like to think about.",
    "{~He} was last seen by {dr:prior} in {date.month:prior}.",
    "{~His} medications are listed below.",
    "{~He} works as a {prof} at {org:job} and may return to work on {date:fu1}.",
    "{~His} daughter {rel.any:daughter} will accompany {~him}.",
]
BODY_CLOSE = [
    "Please do not hesitate to contact me at {phone.ext} or by e-mail at {email:attending}.",
    "Results are also available on the patient portal ({url}).",
    "Thank you for allowing me to participate in {~his} care.",
    "Please call my office at {phone:clinic} with any questions.",
    "I will keep you informed of {~his} progress.",
    "Feel free to page me at {pager} or reach me through {url}.",
]
CLOSINGS = [
    "Sincerely,\n\n{dr.sig:attending}\n{dept}\n", "With best regards,\n\n{dr.sig:attending}\n",
    "Yours sincerely,\n{dr.sig:attending}\nDirector, {dept}\n{email:attending}\n", "Warm regards,\n\n{dr.sig:attending}\n",
    "Sincerely,\n\n\n{dr.sig:attending}\nAssistant Professor of Medicine\n{school:med}\n",
]
CC = [
    "cc: {dr:pcp}, {clinic}\n", "cc: {dr:specialist}\n    {street:cc}\n    {city:cc}, {state:abbr} {zip:cc}\n",
    "CC: Patient\n", "cc: {dr:pcp} (fax {fax:pcp})\n", "",
]


def write_consult_letter(ctx: NoteContext) -> None:
    ctx.say(LETTERHEADS, "\n")
    ctx.line("{date.text:ref}\n")
    ctx.line("{dr.sig:pcp}\n{clinic:pcp}\n{street:pcp}\n{city:pcp}, {state:abbr} {zip:pcp}\n")
    ctx.line("RE: {pt.full}\nDOB: {date.num:dob}\nMRN: {mrn}\n")
    ctx.say(OPENERS, "\n\n")
    ctx.say(BODY_OPEN, " ")
    sentences = ctx.phrasings(BODY, ctx.rng.randint(2, 9))
    for i, template in enumerate(sentences):
        ctx.write(template)
        ctx.raw("\n\n" if i % 3 == 2 else " ")
    ctx.raw("\n\n" if sentences and len(sentences) % 3 else "")
    ctx.say_some(BODY_CLOSE, 1, 2, " ", "\n\n")
    if ctx.rng.random() < 0.4:
        common.meds(ctx, low=2, high=6)
        ctx.raw("\n")
    ctx.say(CLOSINGS, "\n")
    ctx.say(CC)


def write_patient_letter(ctx: NoteContext) -> None:
    ctx.say(LETTERHEADS, "\n")
    ctx.line("{date.text:ref}\n")
    ctx.line("{pt.full}\n{addr:home}\n")
    ctx.line("Dear {pt},\n")
    ctx.write("Your [recent test results|lab results from {date.short:recent}|mammogram from {date:recent}] [were normal|showed {~lab}]. ")
    ctx.say_some(BODY, 1, 3, " ", " ")
    ctx.say_some(BODY_CLOSE, 1, 2, " ", " ")
    ctx.line("\n\nIf you have questions please call our office at {phone:clinic} or send a message through {url}.\n")
    ctx.say(CLOSINGS, "\n")


def write_work_letter(ctx: NoteContext) -> None:
    ctx.say(LETTERHEADS, "\n")
    ctx.line("{date:ref}\n\nTo: {org:job} Human Resources\nAttn: {rel.full:employer}\n")
    ctx.line("RE: {pt.full}   Employee ID {idnum}   SSN: {ssn}\n")
    ctx.write("{pt.full} was seen in my office on {date:recent} for a medical condition. {~He} [may return to work on {date:fu0}|should remain out of work until {date:fu1}|may work with restrictions]. ")
    ctx.line("Please contact me at {phone.ext} or fax {fax:clinic} with any questions.\n")
    ctx.say(CLOSINGS, "\n")


def write_referral(ctx: NoteContext) -> None:
    ctx.line("REFERRAL REQUEST - {date.num:ref}")
    ctx.line("To: {dr.bare:specialist}, {dept}, {hosp:other}   Fax: {fax:spec}")
    ctx.line("From: {dr.bare:pcp}, {clinic}   Phone: {phone:clinic}   NPI: {lic:npi}")
    ctx.line("Patient: {pt.header}  DOB {date.num:dob}  Phone {phone:home}")
    ctx.line("Insurance: {hplan.lab}   Auth #: {idnum}")
    ctx.line("Reason: {~dx} - please evaluate for {~proc}. {~code}.")
    ctx.line("Urgency: [routine|urgent|within 2 weeks]")


FAMILY = NoteFamily(
    name="letter",
    weight=6,
    wrap=0.15,
    variants=(
        Variant("letter.consult", write_consult_letter),
        Variant("letter.patient", write_patient_letter),
        Variant("letter.work", write_work_letter, held_out=True),
        Variant("letter.referral", write_referral),
    ),
)
