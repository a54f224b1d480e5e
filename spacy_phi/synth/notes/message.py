"""Telephone encounters and patient-portal messages: callback numbers,
e-mails, usernames, login audit lines with IP addresses, pharmacy faxes."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant

PHONE_BODY = [
    "Pt called c/o {~symptom} since {date.wd:recent}. Advised to [go to ED|take {~drug}|come in tomorrow].",
    "Spoke with pt's {relw:hcp} {rel:hcp} (HCP), who reports {~symptom}.",
    "Left message on [home|cell] voicemail ({phone:home}) to call back re: lab results.",
    "Pharmacy ({org:pharm}, {phone:pharm}) called re: prior auth for {~drug}; PA #{idnum}.",
    "Rx for {~med} sent to [CVS|Walgreens|Rite Aid] on {street:pharm}, fax {fax:pharm}.",
    "Discussed with {dr:pcp}, who recommends {~med}.", "Appt scheduled with {dr:specialist} on {date:fu1} at {~time}.",
    "Pt requests refill of {~drug}. Last visit {date.num:prior}.", "Pt's VNA nurse {rn:vna} ({phone:vna}) reports {~vitals}.",
    "INR today {~n:1.0-4.5}; Coumadin dose unchanged, recheck {date.wd:fu0}.",
    "Insurance ({org:ins}) needs member ID {hplan} confirmed; pt will call {phone:ins}.",
    "Pt verified identity with DOB {date.num:dob} and address {street:home}.",
    "{~name_like}",
    "Dtr {rel.any:daughter} states {~he} is more confused today.",
    "Spoke w/ wife {rel.any:wife}; she agrees to bring {~him} in.",
    "Told pt to call {phone.opt} to reach the nurse line.",
    "Pharmacy: {pharm.loc}.",
    "{~clin} {~frac}.",
]
PORTAL_BODY = [
    "Hi Dr. {dr.bare:pcp}, I've had {~symptom} since {date.wd:recent}. Should I come in?",
    "Could you refill my {~drug}? I'm out as of {date.short:recent}. My pharmacy is {org:pharm} on {street:pharm}.",
    "I was seen at {hosp:other} on {date.short:recent} and they said to follow up with you.",
    "My new email is {email:patient} and cell is {phone:cell}.",
    "Thank you! - {pt.first}", "Sent from my iPhone",
    "I'm traveling to {wcity} on {date.short:fu0}; will my insurance cover visits there?",
    "My daughter {rel.full:daughter} can be reached at {phone:dtr} or {email:daughter}.",
    "Attached is the form from my employer ({org:job}). Please fax to {fax:hr}.",
    "Thanks,\n{pt.first}",
    "- {pt.first}",
    "Thank you so much,\n{pt.first} {pt.last}",
    "My FSBG log: {~n:60-99}, {~n:100-180}, {~n:120-260}. Is that ok?",
    "My husband {rel.any:husband} can drive me Thurs.",
    "Best,\n{nick.only}",
]
REPLY = [
    "Hello {pt.first}, please schedule an appointment this week. - {dr.last:pcp}",
    "Refill sent. Please call {phone:clinic} if you have questions. {rn:nurse}",
    "Hi {pt}, your results are normal. Regards, {dr:pcp}",
    "Please go to the ED if your symptoms worsen. {staff.first:nurse}, RN for {dr:pcp}",
    "Hi {pt.first}, refill sent to {pharm.loc}.\n- {staff.first:nurse}",
    "Please call {phone.opt}. -- {staff.first:nurse}",
    "Noted, thanks. {dr.init:nurse}",
    "Hi {pt.first}, Dr. {dr.last:pcp} reviewed. - {staff.first:ma}, MA",
]


def write_telephone(ctx: NoteContext) -> None:
    ctx.line("[Telephone Encounter|TELEPHONE NOTE|Phone call|Telephone Call Documentation] {date.dt:ref}")
    ctx.line("[Caller|Call from]: [patient|{rel:hcp} ({~his} {relw:hcp})|{rn:vna}, VNA]   [Callback|Call back #|CB]: {phone:cb}")
    if ctx.rng.random() < 0.5:
        ctx.line("Patient: {pt.header}  MRN {mrn}  DOB {date.num:dob}")
    ctx.say_some(PHONE_BODY, 1, 4, " ", " ")
    ctx.line("\n[{rn:nurse}|{dr.sig:pcp}|{staff.first:nurse} RN] {date.num:ref}")


def write_portal(ctx: NoteContext) -> None:
    ctx.line("[Patient Portal Message|MyChart Message|Patient Gateway message|Secure message]")
    ctx.line("From: {pt.full} ({user:patient})")
    ctx.line("To: {dr.bare:pcp}  [Pool: {dept} triage|]")
    ctx.line("Sent: {date.wd:ref} {date.num:ref} {~time}")
    ctx.line("Subject: [Refill request|Question|Test results|Appointment]\n")
    ctx.say_some(PORTAL_BODY, 1, 4, "\n", "\n")
    ctx.raw("\n----- Reply -----\n")
    ctx.say(REPLY, "\n")
    if ctx.rng.random() < 0.75:
        ctx.line("\n[Audit: login {user:patient} from IP {ip:patient} at {~time}|Session IP: {ip:patient}|Message read by {user:patient} ({ip:patient})]")


def write_email(ctx: NoteContext) -> None:
    ctx.line("From: {email:attending}\nTo: {email:specialist}\nCc: {email:nurse}")
    ctx.line("Date: {date.wd:ref}, {date.text:ref} {~time}\nSubject: {pt.last} - [plan|question|follow up]\n")
    ctx.write("Hi {dr.bare:specialist}, [just wanted to let you know|quick question about] our mutual patient {pt} ({mrn}), who [was admitted|called] on {date.short:ref} with {~symptom}. ")
    ctx.write("[Can you see {~him} this week?|I started {~med}.|{~His} daughter {rel:daughter} is worried.] ")
    ctx.line("\n\nThanks,\n{dr.bare:attending}\n{dept}, {hosp}\n{phone.ext} | pager {pager}")


def write_audit(ctx: NoteContext) -> None:
    ctx.line("EHR ACCESS AUDIT - {date.num:ref}")
    for _ in range(ctx.rng.randint(2, 6)):
        ctx.line("{~time}  user {user:staff}  workstation IP {ip}  opened chart {mrn} ({pt.header})")
    ctx.line("Reviewed by privacy officer {dr:privacy}, {email:privacy}, case #{idnum}")


def write_refill(ctx: NoteContext) -> None:
    ctx.line("Rx refill request via fax from {org:pharm} ({fax:pharm}) for {pt.header}, DOB {date.num:dob}: {~med}. Approved x[3|6] by {dr:pcp}, DEA {lic:dea}.")


FAMILY = NoteFamily(
    name="message",
    weight=6,
    wrap=0.05,
    cases=(("as_is", 0.9), ("lower", 0.1)),
    variants=(
        Variant("message.telephone", write_telephone),
        Variant("message.portal", write_portal),
        Variant("message.email", write_email),
        Variant("message.audit", write_audit, held_out=True),
        Variant("message.refill", write_refill),
    ),
)
