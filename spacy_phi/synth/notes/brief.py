"""One-liners and fragments: addenda, sign-offs, pages, no-shows, HL7-like
header lines, and the glued tokens of real notes ("MR:6746781",
"Results02/20/2087", "KYLE^02/14/90^CHANEY")."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant

ONE_LINERS = [
    "Pt seen and examined with {dr:resident}; agree with assessment and plan as above. {dr.sig:attending}",
    "Addendum {date.short:ref}: {~lab}, repleted. - {dr.last:resident}",
    "Called pt at {phone:home}, left message.", "{dr} paged re: {~lab}.", "No show for appt on {date.short:ref}.",
    "Reviewed with attending {dr:attending} on {date:ref}.", "Rx faxed to pharmacy at {fax:pharm}.",
    "Pt's {relw:hcp} {rel:hcp} called, updated.", "Seen by Dr. {dr.bare:attending} {date.num:ref}.",
    "Results {glue}{date.num:recent} reviewed with pt.", "MR: {glue}{mrn}", "{hl7}", "{escription}",
    "Flu vaccine given {date.short:ref}, lot on file. {rn:nurse}", "INR {~n:1.0-4.5} on {date.short:ref}; no change. {rn:nurse}",
    "{pt.header} {mrn} {date.num:ref}", "Spoke with {dr:consult} of {dept} re: {~dx}.",
    "40,000 units q {glue}{date.wd:ref}", "Fasting labs Mon,{date.wd:ref},Fri.", "Hospitalized {date.year:past} {hosp.full:other}.",
    "quit smoking in {date.yy:quit}", "had a stroke at {age.event}", "in his {age.decade}", "Pt is a {age.n}yM.",
    "CAD {age.decade}", "on the {date.short:ref} of this month", "his friend {rel:friend} drove him.",
    "Home/{city:home}", "{hosp.full}/{city:hosp}", "{dr.sig:attending}",
    "Pt states {~his} last depressive episode was {season}.", "Wears winter boots; {~name_like}",
    "Pt works at a big company; {~he} continues to go to the library daily.", "Educare-{city:home}\\\\",
    "Tel.{phone:home}", "Phone {phone.ext}", "Call {ext} with questions.", "Medtronic device check: {device.model}, SN {device}.",
    "DOB: {glue}{date.num:dob}.", "MRN#{mrn},DOB: {glue}{date.num:dob}", "MC # {mrn}Date of visit {date.num:ref}",
    "FK: {glue}{dr.init:fk}: {glue}{idnum:fk}", "DD: {glue}{date.num:dc}", "{idnum:dict} {dr.init:tr}", "Dictated by {dr.bare:attending} {idnum}",
    "Pt well-controlled in [VA|Mass|NY]. {~name_like}", "{pt.last}, {pt.first} seen {date.wd:ref}.",
    "The Fall of {date.yy:past}: first episode.", "Pt celebrates {holiday} with family in {city:family}.",
    "Patients over 65 should get the pneumococcal vaccine.", "{~general_age}", "{~eponym} - no change.",
    "{~med}", "BP 120/80, Na 138.", "{~score}. {~code}.", "f/u {dr.last:pcp} {date.short:fu1}",
    "{rn:nurse}", "eval by RN {staff.first:nurse}; pt's dtr {rel:daughter} at bedside.", "Username {user:staff} reset per helpdesk ticket #{idnum}.",
    "VPN login from {ip} by {user:staff}.", "Room {room}, bed [A|B]. Transfer to {dept}.", "Plate {vehicle} ticketed in garage; pt notified.",
    "Visitor badge #{idnum}; fingerprint ID {bioid}.", "Pt SSN {ssn} verified for disability form.", "Account {acct} sent to collections.",
    "Member ID {hplan} inactive as of {date.num:recent}.", "Lic #{lic} expires {date.my:fu2}.",
]


def write_one_liner(ctx: NoteContext) -> None:
    ctx.say(ONE_LINERS)
    if ctx.rng.random() < 0.3:
        ctx.raw("\n")
        ctx.say(ONE_LINERS)


def write_fragments(ctx: NoteContext) -> None:
    ctx.say_some(ONE_LINERS, 2, 6, "\n", "\n")


def write_header_only(ctx: NoteContext) -> None:
    ctx.line("{pt.header}\t{mrn}\t{date.num:dob}\t{~mf}\t{dr.bare:attending}\t{hosp}\t{date.dt:ref}")


FAMILY = NoteFamily(
    name="brief",
    weight=5,
    wrap=0.0,
    cases=(("as_is", 0.8), ("lower", 0.1), ("upper", 0.1)),
    variants=(
        Variant("brief.one_liner", write_one_liner),
        Variant("brief.fragments", write_fragments),
        Variant("brief.header_only", write_header_only, held_out=True),
    ),
)
