"""Terse ICU nursing notes as typed at the bedside: system by system
("NEURO: ... CV: ... RESP: ..."), SOAP ("S: ... O: ... A: ... P: ..."), shift
narratives and respiratory-therapy notes, dense with ventilator settings, drips,
vital-sign ranges, intake and output, lines and 24-hour clock times; mostly in
capitals or all in lower case, with the typos of fast typing.

PHI is sparse, as in such notes, and written the way they carry it: family and
staff after kin and role words ("WIFE MARY IN", "HO DR SMITH AWARE", "RN JONES"),
sign-offs with credentials ("J. SMITH RN", "q. lander rrt"), transfers to other
hospitals by acronym or short name and to wards, dates as "7/23", years after
history words ("CABG '95"), relatives' phones. Most lines carry none: the model
must learn that a capitalised word in such a note is rarely a name.

Not in the default corpus (`NoteFamily.default` is False): generate it as its
own corpus with `--families icu_nursing`, so the default splits stay the same.
"""

from __future__ import annotations

from typing import Sequence

from ..context import NoteContext
from . import NoteFamily, Variant

NEURO = [
    "a+ox3, mae, follows commands, perrl.", "alert, oriented x{~n:1-3}, mae, strength {~strength}.", "sedated on {~drip}, arousable to voice.",
    "propofol off at {~mil}, pt opens eyes to voice, nods approp.", "lethargic, arousable, perrl 3mm brisk. {~strength} all ext.",
    "pt agitated at times, haldol {~n:1-5}mg iv x1 w/ effect.", "no sz activity noted. cont dilantin.", "pupils 2mm sluggish. gag/cough intact.",
    "a+o x2, confused to time. reoriented freq.", "rass -{~n:1-3} on {~drip}.", "withdraws to pain x4, no purposeful mvmt.",
    "mae weakly, grips {~strength}. denies pain.", "neuro unchanged from prior. cam icu neg.", "c/o h/a, tylenol {~n:500-1000}mg po w/ relief.",
]
CV = [
    "{~vsr}, {~vsr}.", "{~vsr}. no ectopy. k {~n:3.0-4.9} repleted w/ {~n:20-60}meq kcl.", "{~vsr} on {~drip}, weaning as tol.",
    "{~vsr}. lopressor {~n:5-50}mg given. {~vsr}.", "{~vsr}, {~vsr}, {~vsr}. pp +{~n:1-2} dp/pt.", "remains on {~drip}, {~vsr}.",
    "hypotensive to {~vsr} at {~mil}, {~fluid} w/ good effect.", "{~vsr}, cvp {~n:4-18}. ho aware.", "afib {~vsr}, dilt {~n:5-20}mg iv x{~n:1-2}, converted to sr @{~mil}.",
    "{~drip} d/c'd at {~mil}, {~vsr} since.", "sgc pap {~vsr}, ci {~n:1.8-3.5}. {~vsr}.", "tele {~vsr}. {~line} cdi.",
]
RESP = [
    "remains on {~vent}, {~fio2}. ls coarse, sx for thick tan sputum.", "{~vent}, {~fio2}. {~icu_lab}. no vent changes.",
    "weaned to {~vent} at {~mil}, tol well. {~icu_lab}.", "on {~o2}, sats {~n:92-100}%. ls clear/dim bases.", "ls rhonchi, ntsx sm amt thin white.",
    "extubated at {~mil} to {~o2}, sats {~n:92-99}%. good cough.", "{~vent} overnight, {~fio2}, rr {~n:12-30}. will trial {~vent} in am.",
    "changed to {~o2} from {~o2}. {~vsr}.", "{~icu_lab}, vent changed to {~vent}, {~fio2}.", "ls cta, rr {~n:14-26} unlabored on {~o2}.",
    "trach to {~o2}, sx q{~n:2-4}h for mod amts.", "bipap {~n:10-15}/{~n:5-8} overnight, off at {~mil} to {~o2}.",
]
GI = [
    "abd soft, nt/nd, +bs. no bm.", "tf {~n:20-70}cc/hr via {~line}, residuals <{~n:30-100}cc.", "npo after mn for procedure.",
    "ogt to lcws, drng {~n:100-600}cc bilious.", "lg soft guaiac neg stool x{~n:1-3}.", "tol clears, adv diet as tol.",
    "abd distended, firm, hypoactive bs. kub done.", "c/o nausea, zofran {~n:2-4}mg iv. {~icu_lab}.", "fs {~n:90-320}, covered per ss.",
    "{~drip}, fs q1h, {~icu_lab}.", "peg w/ tf @ goal. flushing well.",
]
GU = [
    "foley patent, {~uo}. {~uo}.", "{~uo}, lasix {~n:20-80}mg iv @{~mil} w/ good response.", "{~uo}. bun/cr {~n:10-80}/{~n:0.8-4.5}.",
    "{~uo}. renal aware.", "cvvh running, {~uo}. net goal -{~n:1-3}l.", "voiding via urinal qs.", "{~uo}, foley flushed, draining clear yellow.",
]
ID = [
    "tmax {~n:99.0-102.5}, cx sent, vanco/zosyn.", "afebrile. wbc {~n:3.0-20.0}.", "on contact precautions for mrsa/vre.",
    "{~vsr}. cont abx, levels pnd.", "bld cx x2 sent at {~mil}, ua/ucx, sputum.", "no issues.",
]
SKIN = [
    "intact, turned q2h.", "coccyx stage {~n:1-3}, duoderm.", "{~line} site cdi.", "pink warm dry. heels elevated.", "sm amt serosang drng from {~line}.",
]
ENDO = ["{~drip}, fs q1h {~n:90-220}.", "ss coverage per flowsheet.", "fs {~n:80-300}, {~n:2-8}u ri given."]
LINES = ["{~line}, {~line}.", "{~line} cdi, {~line} to {~fluid}.", "{~fluid} via {~line}."]
SOCIAL = [
    "wife {rel:wife} in to visit, updated.", "dtr called, updated on condition.", "family in to visit, updated by rn and team.",
    "no contact from family this shift.", "son {rel:son} called x2, aware of plan. # {phone:son}.", "wife {rel:wife} in at {~mil}, spoke w/ {dr.last:attending}.",
    "husband {rel:husband} at bedside most of day, very supportive.", "dtr {rel:daughter} ({phone:daughter}) is hcp, wants call w/ changes.",
    "family meeting w/ team and {relw:hcp} {rel:hcp} at {~mil}, pt now dnr/dni.", "sister {rel:sister} called from {city:family}, will come in am.",
    "wife {rel.lc:wife} updated by phone.", "{relw:sibling} {rel:sibling} visited, lives in {city:family}.", "son {rel:son} and dtr {rel:daughter} in, emotional, sw aware.",
    "pt's {relw:spouse} {rel:spouse} home # {phone:spouse}.", "sw {staff.first:sw} following. ", "no visitors.", "family aware of transfer.",
    "friend {rel:friend} in, pt more calm after.", "wife asking for mds to call her at {phone:wife}.",
]
ASSESS = [
    "a: stable, weaning vent.", "a: hemodynamically stable on {~drip}.", "a: tol {~vent}.", "a: resp failure, improving.",
    "a: altered ms, improving.", "a: sepsis, bp improved w/ fluids.", "a: s/p cabg, stable.", "a: no acute events.",
]
PLAN = [
    "p: cont to monitor, wean vent as tol, f/u labs.", "p: ? extubate in am, npo after mn. {~icu_word}.", "p: cont {~drip}, goal {~vsr}.",
    "p: call out to floor when bed avail.", "p: transfer to {hosp.acr:xfer} in am per family.", "p: to {unit:xfer} today.",
    "p: cont current plan, {~icu_word}.", "p: f/u cx, abx. {~icu_word}.", "p: family mtg {date.md:fu0}.", "p: cont supportive care, keep family updated.",
]
HISTORY = [
    "pt is a {age.n} y/o {~mf} w/ pmh cad s/p cabg {date.yy:cabg}, mi {date.yy:mi}, dm2, htn, admitted {date.md:admit} w/ {~dx}.",
    "{age.sex} transferred from {hosp.acr:osh} {date.md:admit} w/ {~dx}.", "pt is {age} w/ copd, chf (ef {~n:15-55}%), admit w/ {~dx}.",
    "{age.n} y/o s/p {~proc} {date.md:admit}, pmh afib, cva {date.yy:cva}.", "hx: htn, ^chol, mi {date.yy:mi}, ptca {date.yy:ptca}.",
    "admitted from ed {date.md:admit} w/ {~dx}.", "pt admitted {date.md:admit} from {hosp.acr:osh} for {~dx}, h/o {~dx}.",
]
EVENTS = [
    "@{~mil} pt hypotensive to {~vsr}, ho {dr.last:resident} aware, {~fluid} given.", "at {~mil} pt self extubated, placed on {~o2}, {~icu_lab}.",
    "{~mil} rapid afib to 150s, {dr.last:fellow} in, lopressor {~n:2.5-5.0}mg iv x{~n:1-3}.", "pt to ct at {~mil}, returned w/o incident.",
    "{~mil} code called for vt, shocked x1, rosc. {dr.last:attending} notified, family called.", "ho aware of {~icu_lab}, repleted.",
    "at {~mil}, pt pulled {~line}, replaced by rn {staff.first:nurse2}.", "pt seen by {dr.lc:fellow} at {~mil}, {~vent} started.",
    "{~mil} febrile to {~n:101.0-103.5}, cx sent, ho aware.", "md aware of {~uo}, {~fluid} given at {~mil}.",
]
ROLE_AWARE = [
    "ho {dr.last:resident} aware.", "{rn:nurse2} aware.", "{dr.last:attending} in to see pt.", "{dr.last:resident} aware of {~icu_lab}.",
    "md aware.", "ho aware.", "team aware.", "np {staff.first:np} aware.", "micu team aware.",
]
TRANSFER = [
    "pt to be transferred to {hosp.acr:xfer} when bed available.", "transfer to {hosp.acr:xfer} for {~proc}, report called to {rn:xfer_rn}.",
    "pt came from {hosp.acr:osh} on {date.md:admit}.", "to {unit:xfer} today, report given to {staff.first:xfer_rn}.",
    "awaiting bed on {unit:xfer}.", "called out to floor, awaiting bed.", "rehab screening, ? {hosp.acr:rehab} vs home w/ vna.",
]
SUBJECTIVE = [
    "s: \"i want to go home\"", "s: \"my chest hurts\"", "s: \"when can i eat\"", "s: pt denies pain.", "s: intubated/sedated.",
    "s: \"i can't breathe\"", "s: \"where is my wife\"", "s: pt nodding appropriately.",
]


def _say_line(ctx: NoteContext, head: str, banks: Sequence[Sequence[str]], sep: str = " ") -> None:
    """A system line: its head as the note writes heads, then one or two phrasings."""
    style = ctx.rng.random()
    ctx.raw(head.upper() if style < 0.5 else head.capitalize() if style < 0.7 else head)
    first = True
    for bank in banks:
        if first or ctx.rng.random() < 0.5:
            if not first:
                ctx.raw(sep)
            ctx.say(bank)
            first = False
    ctx.raw("\n")


def _name_style(ctx: NoteContext) -> None:
    # Notes typed without the shift key in names ("wife mary in", "per dr lindqvist").
    if ctx.b.case == "as_is" and ctx.rng.random() < 0.4:
        ctx.lower_names = True


def _header(ctx: NoteContext) -> None:
    ctx.write("[NPN|NPN|Nursing Progress Note|MICU NPN|CCU NURSING PROGRESS NOTE|CSRU NPN|nsg note|RN NOTE|Nursing Note] ")
    ctx.write("[{~mil}-{~mil}|7P-7A|7A-7P|7a-3p|11P-7A|3-11|]")
    if ctx.rng.random() < 0.2:
        ctx.write(" {date.md:ref}")
    ctx.raw("\n" if ctx.rng.random() < 0.7 else " ")


def _signoff(ctx: NoteContext) -> None:
    roll = ctx.rng.random()
    if roll < 0.5:
        ctx.line("{staff.sign:nurse}")
    elif roll < 0.6:
        ctx.line("[-|see carevue for details.] {staff.sign:nurse}")


def write_systems(ctx: NoteContext) -> None:
    _name_style(ctx)
    _header(ctx)
    if ctx.rng.random() < 0.4:
        ctx.say(HISTORY, "\n")
    for head, banks in (("neuro: ", (NEURO, NEURO)), ("cv: ", (CV, CV)), ("resp: ", (RESP, RESP)), ("gi: ", (GI, GI)),
                        ("gu: ", (GU,)), ("id: ", (ID,)), ("skin: ", (SKIN,)), ("endo: ", (ENDO,)), ("lines: ", (LINES,)),
                        ("social: ", (SOCIAL,)), ("", (ASSESS,)), ("", (PLAN,))):
        if ctx.rng.random() < 0.8:
            _say_line(ctx, head, banks)
    if ctx.rng.random() < 0.25:
        ctx.say(ROLE_AWARE, "\n")
    _signoff(ctx)


def write_soap(ctx: NoteContext) -> None:
    _name_style(ctx)
    _header(ctx)
    ctx.say(SUBJECTIVE, "\n")
    ctx.raw("o: " if ctx.rng.random() < 0.5 else "O: ")
    for bank in (NEURO, CV, RESP, GI, GU):
        if ctx.rng.random() < 0.75:
            ctx.say(bank, " ")
    ctx.raw("\n")
    if ctx.rng.random() < 0.5:
        ctx.say(SOCIAL, "\n")
    ctx.say(ASSESS, "\n")
    ctx.say(PLAN, "\n")
    _signoff(ctx)


def write_shift(ctx: NoteContext) -> None:
    _name_style(ctx)
    _header(ctx)
    if ctx.rng.random() < 0.6:
        ctx.say(HISTORY, " ")
    ctx.say_some(EVENTS, 0, 2, " ", " ")
    for bank in (NEURO, CV, RESP, GI, GU, ID):
        if ctx.rng.random() < 0.6:
            ctx.say(bank, " ")
    if ctx.rng.random() < 0.4:
        ctx.say(ROLE_AWARE, " ")
    if ctx.rng.random() < 0.5:
        ctx.say(SOCIAL, " ")
    ctx.raw("\n")
    _signoff(ctx)


def write_respiratory(ctx: NoteContext) -> None:
    _name_style(ctx)
    ctx.line("[RESP CARE|Respiratory Care|RESPIRATORY CARE NOTE|rt note|Resp Care Note]:")
    ctx.say_some(RESP, 2, 4, " ", "\n")
    if ctx.rng.random() < 0.5:
        ctx.write("[plan: |p: |PLAN: ]cont [{~vent}|current settings], wean as tol. ")
        ctx.say(ROLE_AWARE, "\n")
    ctx.line("{staff.sign:rt}")


def write_event(ctx: NoteContext) -> None:
    _name_style(ctx)
    ctx.line("[NSG ADDENDUM|addendum|Nursing addendum|EVENT NOTE|npn addendum] [{~mil}|@{~mil}|]")
    ctx.say_some(EVENTS, 1, 3, " ", "\n")
    if ctx.rng.random() < 0.5:
        ctx.say(SOCIAL, "\n")
    _signoff(ctx)


def write_transfer(ctx: NoteContext) -> None:
    _name_style(ctx)
    ctx.line("[TRANSFER NOTE|transfer note|Nursing transfer note|TSICU NPN]")
    ctx.say(HISTORY, "\n")
    for head, bank in (("neuro: ", NEURO), ("cv: ", CV), ("resp: ", RESP), ("gi/gu: ", GU)):
        if ctx.rng.random() < 0.8:
            _say_line(ctx, head, (bank,))
    ctx.say(TRANSFER, "\n")
    ctx.say(SOCIAL, "\n")
    _signoff(ctx)


FAMILY = NoteFamily(
    name="icu_nursing",
    weight=10,
    wrap=0.5,
    cases=(("upper", 0.45), ("lower", 0.25), ("as_is", 0.3)),
    default=False,
    variants=(
        Variant("icu_nursing.systems", write_systems),
        Variant("icu_nursing.soap", write_soap),
        Variant("icu_nursing.shift", write_shift),
        Variant("icu_nursing.respiratory", write_respiratory),
        Variant("icu_nursing.event", write_event, held_out=True),
        Variant("icu_nursing.transfer", write_transfer, held_out=True),
    ),
)
