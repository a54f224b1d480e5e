"""MIMIC-style ICU nursing notes: terse, abbreviated, often lower case, with
systems reviews, family contacts ("dtr Mary called"), and staff named as
"RN JONES" or "Dr. Smith"."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant

NEURO = [
    "a+ox3, mae, follows commands. perrla.", "pt alert, oriented x[1|2|3], mae to command.", "sedated on propofol, rass {~score}.",
    "lethargic but arousable to voice, moves all ext.", "neuro checks q1h, unchanged. {~score}.", "pt confused overnight, reoriented frequently. {~eponym} noted.",
    "cam icu positive. haldol 2mg iv x1 with effect.", "no sz activity. dilantin level sent.",
]
CV = [
    "hr {~n:60-110} nsr, no ectopy. bp stable {~vitals}.", "afib 90-110s, dilt gtt @ 10mg/hr.", "sbp 100-120s on levophed {~n:0.02-0.20} mcg/kg/min.",
    "hr 70s sr, pvcs noted. k repleted.", "tele: sr w/ occ pacs. pulses palp.", "bp labile, nitro gtt titrated per orders.",
]
RESP = [
    "ls clear bilat, sats 95-98% on 2l nc.", "intubated on ac {~n:400-550}x{~n:12-20}, peep {~n:5-12}, fio2 {~n:30-60}%. abg {~lab}.", "ls coarse, suctioned for thick tan secretions.",
    "weaned to cpap 5/5, tol well.", "on bipap overnight, off this am. rr {~n:12-30}.", "ls dim at bases, ic 750.",
]
GI = [
    "abd soft, nt, +bs. tol po diet.", "tf @ goal 60cc/hr via ogt.", "npo for procedure in am.", "no bm this shift, colace given.",
    "ngt to lcws, drained 300cc bilious.", "pt c/o nausea, zofran 4mg iv with relief.",
]
GU = [
    "foley draining clear yellow urine 30-60cc/hr.", "uop adequate, lasix 40mg iv given with good response.",
    "voiding qs via urinal.", "foley d/c'd at 0600, due to void by 1400.", "cr {~lab}, renal following.",
]
SKIN = [
    "skin intact, turned q2h.", "coccyx stage 2, duoderm applied.", "r groin site cdi, no hematoma.",
    "braden {~score}. waffle mattress in place.",
]
ID = [
    "tmax 101.2, cultures sent, vanc/zosyn cont.", "afebrile. wbc {~lab}.", "on contact precautions for mrsa.",
]
SOCIAL = [
    "wife {rel:wife} in to visit, updated by rn.", "dtr {rel:daughter} called x2, updated on plan of care.",
    "son {rel:son} ({phone:son}) is hcp, aware of plan.", "family at bedside most of shift.",
    "no family contact this shift.", "pt's {relw:spouse} {rel:spouse} called from {city:family}, will visit {date.wd:fu0}.",
    "sw ({rn:sw}) following for placement.", "daughter {rel.full:daughter} wants to be called at {phone:dtr} with any changes.",
    "family meeting w/ {dr:attending} set for {date.wd:fu0} at {~time}.", "friend {rel:friend} visited, pt more calm after.",
    "pt's car in garage level [2|3|4], plate {vehicle}; security aware.", "valuables (wallet, ssn card {ssn}) sent to security, receipt #{idnum}.",
    "pt identity verified by palm scan ({bioid}) prior to blood transfusion.",
    "wife {rel.lc:wife} and bro-in-law {rel.lc:broinlaw} at bedside, updated by {dr.lc:attending}.",
    "dtr {rel.lc:daughter} called x2, updated per {dr.lc:resident}.", "son {rel.lc:son} spent the night, supportive.",
    "hha {rel.lc:hha} usually comes m-f, aware of admit.", "mom {rel.lc:mom} at bedside, {relw:sibling} {rel.lc:sibling} on the way.",
    "husband {rel.lc:husband} to bring in home meds in am.", "friend {rel.lc:friend} visited, pt tearful after.",
    "roommate {rel.lc:roommate} called asking for update, no info given per pt request.", "grandma {rel.lc:grandma} ({phone:gm}) is contact.",
    "Dtr {rel.any:daughter} states pt was at baseline yesterday.", "Wife {rel.any:wife} at bedside, {~relig}, requests chaplain.",
    "neighbor {rel.lc:neighbor} has pt's dog. {~clin}", "bro-in-law {rel.lc:broinlaw} ({phone:bil}) is ride home.",
]
PLAN = [
    "cont to monitor, f/u w/ {dr.last:attending} in am.", "plan: wean vent as tol, ? extubate {date.wd:fu0}.",
    "f/u labs, lytes prn.", "transfer to floor when bed avail.", "cont current mgmt per {dr:resident}.",
    "cta in am. {dr.last:fellow} aware.", "monitor uop, bolus prn per team.", "f/u cx data.",
    "per {dr.lc:resident}, hold tf after mn.", "npo until {~range}. {dr.lc:fellow} aware.", "icp {~range}, cpp >60. {~clin}",
    "neutropenic precautions. {~clin}", "may need home o2. cm aware.", "{~numlist}.", "{~frac}. {~ord}.",
    "pt to go for {~proc} {date.short:fu0}.", "dispo: likely {clinic} vs home w/ services.",
]
EVENTS = [
    "at {~time} pt became hypotensive to {~vitals}, {dr.last:resident} notified, 500cc ns bolus given w/ good effect.",
    "pt pulled ngt at {~time}, replaced by rn {rn:nurse2}, placement confirmed by cxr.",
    "{~time} rapid af to 140s, {dr.last:fellow} at bedside, lopressor 5mg iv x2.",
    "pt fell while trying to oob at {~time}, found on floor by {rn:nurse2}. no injury noted. {dr:resident} aware, ct head neg.",
    "code blue called {~time}, rosc after 4 min. family ({rel:hcp}) notified by {dr:attending}.",
]
FLOW_ODD = NEURO + CV + RESP
FLOW_EVEN = GI + GU + SKIN


def _line(ctx: NoteContext, head: str, bank) -> None:
    ctx.raw(head)
    ctx.say(bank)
    if ctx.rng.random() < 0.3:
        ctx.raw(" ")
        ctx.say(bank)
    ctx.raw("\n")


def _name_style(ctx: NoteContext) -> None:
    # Nursing notes typed in lower case write names in lower case too ("wife agnieszka",
    # "per dr lindqvist") even when the rest keeps some capitals.
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.35:
        ctx.lower_names = True


def write_systems(ctx: NoteContext) -> None:
    _name_style(ctx)
    title = ctx.rng.choice(("Nursing Progress Note", "NPN", "nursing note", "MICU NURSING PROGRESS NOTE", "CCU Nursing Note", "Nursing Progress Note 7p-7a", "npn 7a-7p"))
    ctx.raw(title)
    if ctx.rng.random() < 0.5:
        ctx.write(" {date.short:ref}")
    ctx.raw("\n")
    for head, bank in (("neuro: ", NEURO), ("cv: ", CV), ("resp: ", RESP), ("gi: ", GI), ("gu: ", GU),
                       ("skin: ", SKIN), ("id: ", ID), ("social: ", SOCIAL), ("plan: ", PLAN)):
        if ctx.rng.random() < 0.85:
            if ctx.rng.random() < 0.4:
                head = head.upper()
            elif ctx.rng.random() < 0.4:
                head = head.capitalize()
            _line(ctx, head, bank)
    if ctx.rng.random() < 0.6:
        ctx.write("[{rn:nurse}|{rn:nurse}, RN|- {staff.first:nurse}]\n")


def write_shift(ctx: NoteContext) -> None:
    _name_style(ctx)
    ctx.line("[7a-7p|7p-7a|11p-7a|0700-1900] [nursing note|NSG NOTE|Nsg]:")
    ctx.write("pt is a {age} {~sex} [w/|with] {~dx}, [s/p|admitted for] {~dx}. ")
    for bank in (NEURO, CV, RESP, GI, GU, SOCIAL, PLAN):
        if ctx.rng.random() < 0.75:
            ctx.say(bank, " ")
    ctx.raw("\n")
    if ctx.rng.random() < 0.4:
        ctx.say(EVENTS, "\n")
    ctx.line("[{rn:nurse}|rn {staff.first:nurse}|{rn:nurse} rn]")


def write_event(ctx: NoteContext) -> None:
    _name_style(ctx)
    ctx.line("[Nursing event note|EVENT NOTE|addendum|Nursing addendum] {date.short:ref} {~time}")
    ctx.say_some(EVENTS, 1, 3, "\n", "\n")
    ctx.say(SOCIAL, "\n")
    ctx.line("{rn:nurse}")


def write_handoff(ctx: NoteContext) -> None:
    _name_style(ctx)
    ctx.line("SBAR handoff - bed {room}")
    ctx.line("S: {pt.last} {age.n} {~mf} [admitted|transferred] {date.short:admit} w/ {~dx}.")
    ctx.line("B: pmh {~dx}, {~dx}. code status full. hcp {rel:hcp} {phone:hcp}.")
    ctx.raw("A: ")
    for bank in (NEURO, CV, RESP, GI):
        ctx.say(bank, " ")
    ctx.raw("\nR: ")
    ctx.say(PLAN, "\n")
    ctx.line("given to {rn:nurse2} by {rn:nurse}")


def write_flowsheet(ctx: NoteContext) -> None:
    _name_style(ctx)
    ctx.line("TSICU nursing {date.num:ref}")
    ctx.line("pt: {pt.last}, bed {room}. attending {dr.last:attending}.")
    for hour in range(ctx.rng.randint(3, 8)):
        ctx.raw(f"{(19 + hour * 2) % 24:02d}00: ")
        ctx.say(FLOW_ODD if hour % 2 else FLOW_EVEN, "\n")
    ctx.say(SOCIAL, "\n")
    ctx.line("{rn:nurse}")


FAMILY = NoteFamily(
    name="nursing",
    weight=10,
    wrap=0.05,
    cases=(("as_is", 0.55), ("lower", 0.4), ("upper", 0.05)),
    variants=(
        Variant("nursing.systems", write_systems),
        Variant("nursing.shift", write_shift),
        Variant("nursing.event", write_event),
        Variant("nursing.handoff", write_handoff, held_out=True),
        Variant("nursing.flowsheet", write_flowsheet, held_out=True),
    ),
)
