"""Home-health (VNA) visit notes: addresses and directions, caregivers,
home devices with serial numbers, biometric check-ins, vehicle plates."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant

VISIT = [
    "Visit to pt's home at {addr:home}. Entry via side door; [gray|blue|white] [van|sedan] in driveway, plate {vehicle}.",
    "Directions: past {loc} on the left, [2nd|3rd] house after the [church|gas station].",
    "Caregiver {rel.full:caregiver} ({~his} [daughter|son|niece|home aide]) present; phone {phone:cg}.",
    "Pt {~vitals}. Weight {~weight}. FSBG {~n:70-350}.", "Med reconciliation done: {~med}, {~med}, {~med}.",
    "Home O2 concentrator ({device.model}) serial {device}, set at [2|3] L.", "Insulin pump serial {device}; pump download sent to {clinic}.",
    "Telemonitor check-in verified by fingerprint ({bioid.lab}).", "Pt uses [walker|cane|wheelchair]; fall risk {~score}.",
    "Wound care to {~size} sacral ulcer, dressing changed per {dr:wound} orders.", "Pt reports {~symptom} since {date.wd:recent}; called {dr:pcp}'s office ({phone:pcp}).",
    "Landlord ({rel.full:landlord}) has not fixed the heat; SW at {org:agency} notified.", "Next visit {date.wd:fu0} {date.short:fu0}.",
    "Insurance: {hplan.lab}. Episode #{idnum}.", "{~eponym} stable. Foley changed (16 Fr).",
    "HHA {rel.any:hha} continues M-F 9-1.",
    "Wife {rel.any:wife} sets up the pill box; {~clin}",
    "{~numlist}. {~clin}",
    "Pharmacy: {pharm.loc}. Call {phone.opt} for refills.",
    "Son {rel.any:son} (cell {phone:son}) visits weekends.",
    "{~range}. {~frac}.",
]


def write_visit(ctx: NoteContext) -> None:
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.1:
        ctx.lower_names = True
    ctx.line("[{clinic} VNA|Home Health|Visiting Nurse Association of {city:vna}] - [Skilled Nursing Visit|SN Visit|Home Visit Note]")
    ctx.line("Visit date: {date:ref}  Time in: {~time}  Time out: {~time}")
    ctx.line("Patient: {pt.header}   DOB {date.num:dob}   Episode {idnum:ep}")
    ctx.line("Physician: {dr:pcp}   Phone {phone:pcp}   Fax {fax:pcp}\n")
    ctx.say_some(VISIT, 4, 10, "\n", "\n")
    ctx.line("\n{rn:vna}  {date.num:ref}")


def write_oasis(ctx: NoteContext) -> None:
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.1:
        ctx.lower_names = True
    ctx.line("OASIS START OF CARE - {org:agency}")
    rows = [
        ("M0010 Agency ID", "{idnum:agency}"), ("M0040 Patient name", "{pt.header}"), ("M0050 State", "{state:abbr}"),
        ("M0060 ZIP", "{zip:home}"), ("M0063 Medicare #", "{hplan}"), ("M0064 SSN", "{ssn}"), ("M0066 Birth date", "{date.num:dob}"),
        ("M0030 SOC date", "{date.num:ref}"), ("Address", "{street:home}, {city:home}"), ("Phone", "{phone:home}"),
        ("Emergency contact", "{rel.full:hcp} {phone:hcp}"), ("Physician", "{dr.bare:pcp}, NPI {lic:npi}"),
    ]
    for label, value in rows:
        ctx.raw(f"{label}: ")
        ctx.line(value)
    ctx.say_some(VISIT, 2, 5, "\n", "\n")
    ctx.line("Clinician: {rn:vna}")


def write_pt(ctx: NoteContext) -> None:
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.1:
        ctx.lower_names = True
    ctx.line("Home PT visit {date.num:ref} - {pt}")
    ctx.line("Pt ambulated [50|100|150] ft with rolling walker, {~score}. Stairs x [4|8|12] with rail.")
    ctx.say_some(VISIT, 1, 4, " ", " ")
    ctx.line("\nPlan: cont PT 2x/wk. {staff.first:pt_therapist} {rn:pt_therapist}, PT")


FAMILY = NoteFamily(
    name="home_health",
    weight=3,
    wrap=0.1,
    cases=(("as_is", 0.85), ("lower", 0.15)),
    variants=(
        Variant("home_health.visit", write_visit),
        Variant("home_health.oasis", write_oasis),
        Variant("home_health.pt", write_pt, held_out=True),
    ),
)
