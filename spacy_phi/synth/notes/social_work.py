"""Social work assessments: addresses, landlords, housing, employers,
insurance and benefit IDs, vehicles and plates, SSNs, agencies."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant, common

HOUSING = [
    "Pt lives [alone|with {~his} {relw:hcp} {rel:hcp}] in a [2nd|3rd]-floor apartment at {street:home}, {city:home}, {state:abbr} {zip:home}.",
    "Landlord is {rel.full:landlord} ({phone:landlord}); pt is [2|3|4] months behind on rent and received a notice to quit on {date:recent}.",
    "Pt has been staying at {loc} and intermittently at {clinic:shelter} since {date.my:recent}.",
    "Pt owns a single-family home at {addr:home} with [12|14|3] stairs to enter.",
    "Section 8 voucher through {org:housing}, case worker {rel:caseworker} ({phone:caseworker}).",
    "Moved from {wcity}, {country}, in {date.year:move}; lives with cousin {rel:cousin} in {city:home}.",
    "Lives at {street:home}, {city:home} with roommate {rel.any:roommate}.",
    "Moved from {wcity} in {date.year:move}; lives w/ bro-in-law {rel.any:broinlaw}.",
]
INCOME = [
    "Income: SSDI, approx. $1,100/month. SSN on file: {ssn}.", "Works as a {prof} for {org:job}; FMLA paperwork requested, employee #{idnum}.",
    "Insurance: [MassHealth|Medicare A/B|BCBS|Tufts Health Plan|Medicaid] {hplan.lab}; secondary {hplan.lab:secondary}.",
    "Applied for SNAP and fuel assistance through {org:agency} on {date.short:recent}; confirmation #{idnum}.",
    "Unemployed since {date.my:laidoff} when {~he} was let go from {org:former}.", "VA benefits; {~his} claim number is {idnum:va}.",
    "Insurance: {org:ins} (member ID {hplan}); pharmacy {pharm.loc}.",
    "Pt is a {prof} by trade, out of work since {date.my:laid}.",
    "Union ({org:union}) benefits ran out {date.short:recent}.",
    "Enrolled in WIC. {~clin}",
    "Former {prof:former}; receives SSDI since {date.year:ssdi}.",
]
TRANSPORT = [
    "Pt drives a [2009 Honda Civic|2014 Ford F-150|gray minivan], plate {vehicle}, and is able to drive to appointments.",
    "Pt's car (VIN {vehicle:vin}) was towed on {date.short:recent}; needs rides. Referred to {org:ride} ({phone:ride}).",
    "Uses The RIDE; ID {idnum:ride}. Daughter {rel:daughter} drives {~him} when available.",
    "License suspended after DUI in {date.year:dui}; driver's license # {lic:dl} surrendered.",
]
SUPPORTS = [
    "Supports: {~his} {relw:sibling} {rel:sibling} in {city:sib}, {phone:sib}; church ({org:church}) community.",
    "HCP: {rel.full:hcp}, [wife|husband|daughter|son], {phone:hcp}. Proxy form on file dated {date.num:hcp}.",
    "Guardian: {rel.full:guardian} (court-appointed {date.year:guard}), {phone:guardian}.",
    "Pt's friend {rel:friend} checks on {~him} daily.", "Neighbor {rel:neighbor} has a key.",
    "Protective services (case #{idnum:aps}) involved since {date.my:recent} after report by {rn:vna}.",
    "HHA {rel.any:hha} continues M-F; {org:agency2} case manager {rel.any:caseworker}.",
    "Neighbor {rel.any:neighbor} and friend {rel.any:friend} help with groceries.",
    "Dtr {rel.any:daughter} ({phone:dtr2}) is a {prof:dtr} and works nights.",
    "Legal: referred to {org:law} for an eviction hearing {date.wdmd:court}.",
    "Grandma {rel.any:grandma} has guardianship; cousin {rel.any:cousin} lives in {city:cousin}.",
    "{~ethnic}",
]
PLAN = [
    "Referral made to {org:agency} for homemaker services; intake scheduled {date:fu1}.", "Meals on Wheels referral faxed to {fax:mow}.",
    "Will f/u with pt by phone at {phone:home} on {date.wd:fu0}.", "Provided list of shelters incl. {clinic:shelter}, {street:shelter}.",
    "Discussed with {dr:attending} and case manager {rn:cm}.", "Application for {org:housing} housing submitted; ref #{idnum}.",
    "Elder services ({org:elder}) notified; worker {rel:caseworker}.", "Pt given SW direct line {phone.ext}.",
]


def write_assessment(ctx: NoteContext) -> None:
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.1:
        ctx.lower_names = True
    ctx.line("[SOCIAL WORK ASSESSMENT|Social Work Initial Assessment|SW Note|Psychosocial Assessment]")
    ctx.line("Date: {date:ref}   Unit: {dept}, Rm {room}   Referred by: {dr:attending}")
    ctx.line("Patient: {pt.header}   MRN: {mrn}   DOB: {date.num:dob}\n")
    if ctx.rng.random() < 0.5:
        common.demographics(ctx, 6, 14)
    ctx.line("{pt} is a {age} [widowed|married|single|divorced] {~sex} [admitted|seen] for {~dx}. SW consulted re: [discharge planning|housing|caregiver stress|safety concerns].")
    for title, bank, low, high in (("Housing", HOUSING, 1, 3), ("Income/Insurance", INCOME, 1, 3),
                                   ("Transportation", TRANSPORT, 1, 2), ("Supports", SUPPORTS, 1, 3)):
        common.section(ctx, title.lower(), title)
        ctx.say_some(bank, low, high, " ", " ")
        ctx.raw("\n")
    common.section(ctx, "plan", "Plan")
    common.items(ctx, PLAN, 2, 5)
    ctx.line("\n{rn:sw}, LICSW  {phone:sw}")


def write_progress(ctx: NoteContext) -> None:
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.1:
        ctx.lower_names = True
    ctx.line("SW f/u {date.short:ref}: ")
    for bank in (HOUSING, INCOME, TRANSPORT, SUPPORTS, PLAN):
        if ctx.rng.random() < 0.6:
            ctx.say(bank, " ")
    ctx.line("\n- {rn:sw}")


def write_case_management(ctx: NoteContext) -> None:
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.1:
        ctx.lower_names = True
    ctx.line("CASE MANAGEMENT DISCHARGE PLANNING NOTE")
    ctx.line("{pt.header}  {mrn}  Acct {acct}  Payor: {hplan.lab}")
    ctx.line("Anticipated discharge: {date:dc} to [home with VNA|{clinic} (accepting: {rel:admissions})|{clinic:rehab} rehab].")
    ctx.line("Auth #{idnum} obtained from {org:ins} on {date.short:ref}; reviewer {rel:reviewer} ({phone:ins}, {ext}).")
    ctx.line("DME: [walker|hospital bed|home O2 ({device.model}, serial {device})] ordered from {org:dme}.")
    ctx.say(SUPPORTS, "\n")
    ctx.line("{rn:cm}, RN CM")


FAMILY = NoteFamily(
    name="social_work",
    weight=4,
    wrap=0.2,
    variants=(
        Variant("social_work.assessment", write_assessment),
        Variant("social_work.progress", write_progress),
        Variant("social_work.case_management", write_case_management, held_out=True),
    ),
)
