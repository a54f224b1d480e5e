"""CEGS N-GRID-style psychiatric intake evaluations: long notes with a rich
social history (birthplace, countries, schools, jobs, employers, relatives
by name and age, legal and military history)."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant, common

CC = [
    "\"I just can't get out of bed anymore.\"", "\"My [wife|husband|mom|sister] said I needed to come.\"", "\"I've been hearing voices again.\"",
    "\"Anxiety is through the roof since I lost my job at {org:former}.\"", "Worsening depression and passive SI.",
    "\"I want to get back on my meds.\"", "Referred by {dr:pcp} for evaluation of mood.", "\"I haven't slept since {holiday}.\"",
]
HPI = [
    "{pt} is a {age} [single|married|divorced|widowed|separated] {nation} {~sex} [referred by|self-referred after a visit to] {dr:pcp} [at|from] {clinic} for [evaluation of|treatment of] [depression|anxiety|PTSD symptoms|bipolar disorder].",
    "{~He} reports [depressed mood|anxiety|irritability] that began in {date.my:onset} after {~his} {relw:deceased} {rel:deceased} died [of {~dx}|suddenly].",
    "{~His} last depressive episode was {season}, when {~he} [was hospitalized at {hosp:psych}|missed several weeks of work].",
    "Symptoms worsened around {holiday}, when {~he} [was laid off|separated from {~his} partner|moved back to {city:home}].",
    "{~He} endorses poor sleep (4-5 hrs/night), low energy, anhedonia, and poor concentration at work as a {prof}.",
    "{~He} denies current SI/HI but had passive SI [last week|on {date.wd:recent}] after an argument with {~his} {relw:partner} {rel:partner}.",
    "{~He} was started on {~med} by {dr:pcp} in {date.month:recent} with [partial|no|good] response.",
    "{~He} describes panic attacks [2-3 times a week|daily] [on the subway|at work|while driving on Route 9], lasting {~duration}.",
    "{~He} has been drinking more since {date.my:recent}, up to [a pint of vodka|6-8 beers] per day.",
    "The patient's {relw:hcp} {rel.full:hcp} called {dr.last:attending} on {date.short:recent} with concerns about {~his} safety.",
    "{~He} had a stroke at {age.event} and since then has had [low mood|emotional lability].",
    "In the {season} {~he} was evaluated at {hosp:ed} ED after an overdose on {~drug}.",
]
HPI_MORE = [
    "{~He} states that things began to unravel after {~his} [divorce|breakup|father's death|eviction] in {date.my:stress}.",
    "{~He} has been missing work at {org:job} and was written up by {~his} supervisor, {rel.full:boss}, on {date.short:recent}.",
    "{~He} reports ruminating about {~his} {relw:child1} {rel:child1}, who lives with {~his} ex in {city:ex}.",
    "{~He} describes hearing a voice calling {~his} name, mostly at night, since around {holiday}.",
    "{~He} has lost about 15 pounds since {date.month:recent} and eats one meal a day.",
    "{~He} went to {hosp:ed} ED on {date.wd:recent} for chest tightness; the workup was negative and {~he} was told it was a panic attack.",
    "{~He} acknowledges increased drinking at the {org:bar} after work with coworkers.",
    "{~His} {relw:hcp} {rel:hcp} is worried because {~he} has been giving away belongings.",
    "{~He} stopped {~drug} on {date.short:recent} because of side effects and did not tell {dr:pcp}.",
    "{~He} says the {season} is always hardest for {~him}.",
    "{~He} reports nightmares about {~his} time in {country:deploy} several times a week.",
    "{~He} has been spending most days at {loc} to avoid going home.",
    "Collateral from {~his} {relw:sibling} {rel.full:sibling} ({phone:sib}) confirms the history.",
    "{~He} has had {~n:2-6} prior episodes like this, the first at age {age.event}.",
    "Dtr {rel.any:daughter} states {~he} has not slept in 3 days.",
    "{~clin} {~clin}",
    "Never on psychotropics before {date.my:onset}.",
    "Friend {rel.any:friend} called 911 after {~he} sent a worrying text.",
    "Boyfriend {rel.any:boyfriend} ({phone:bf}) is aware of the admission.",
]
PAST_PSYCH = [
    "First psychiatric contact at age {age.event}, when {~he} saw a school counselor at {school:hs}.",
    "Hospitalized at {hosp:psych} in {date.year:hosp1} for [a suicide attempt|psychosis|mania] and at {hosp:psych2} in {date.my:hosp2}.",
    "[Prior psychiatrist|Previously treated by] {dr:prior_psych} at {clinic:prior} [from {date.year:past} to {date.year:past}|for several years].",
    "Medication trials: {~drug} (GI upset), {~drug} (no effect), {~drug} (weight gain).",
    "[One|Two|No] prior suicide attempt[s|] ([overdose in {date.yy:past}|cutting at age {age.event}|none]).",
    "History of {~eponym} per records from {hosp:other}.",
    "Did a partial hospital program at {clinic:php} in {date.year:past}.",
    "Saw a therapist, {dr:therapist}, [weekly|biweekly] until {date.my:recent}.",
    "ECT x [6|10|12] at {hosp:psych} in {date.year:past}.",
]
SUBSTANCE = [
    "Alcohol: started drinking at {age.event}; heaviest use in {date.yy:past}. Last drink {date.short:recent}. History of DTs: [no|yes, in {date.year:past}].",
    "Tobacco: 1 ppd since age {age.event}.", "Cannabis: [daily|occasional|none] use.",
    "Opioids: [prescription opioids after {~proc} in {date.year:past}, then heroin|denies].",
    "Cocaine: [used in {~his} 20s|denies]. Last use {date.year:past}.",
    "Completed detox at {clinic:detox} in {date.my:past}; attended AA at {org:church} for [6 months|a year].",
    "{~score}. No IVDU.",
]
FAMILY_PSYCH = [
    "Mother ({rel:mother}) with depression, [treated with ECT|never treated]. Father with alcoholism, died at {age.other}.",
    "Brother {rel:brother}, {age.other}, with bipolar disorder, [hospitalized at {hosp:other}|stable on lithium].",
    "Maternal uncle completed suicide at {age.other}.",
    "Sister {rel:sister} ({age.other}) has anxiety. No family history of psychosis.",
    "Paternal grandmother had \"nervous breakdowns\"; {~eponym} in maternal grandfather.",
    "Denies family psychiatric history.",
]
SOCIAL = [
    "{~He} was born in {wcity}, {country}, and came to the {us} at age {age.event} [with {~his} mother|alone|as a refugee].",
    "{~He} was born and raised in {city:born}, {state:born}, the [oldest|youngest|second] of [3|4|5|6] children.",
    "Raised by {~his} {relw:raised} {rel.full:raised} after {~his} parents divorced when {~he} was {age.other:child}.",
    "{~He} attended {school:hs}, [graduated in {date.year:grad}|dropped out in 10th grade|got a GED in {date.year:grad}], and then studied [nursing|business|engineering|art] at {school:college}.",
    "{~He} has worked as a {prof} for {org:job} since {date.year:job}; before that {~he} was a {prof:prior} at {org:prior} for [5|8|12] years.",
    "Currently unemployed since being laid off from {org:former} in {date.my:laidoff}; previously a {prof:former}.",
    "{~He} lives with {~his} {relw:partner} {rel:partner} and [two|three] children: {rel:child1} ({age.other:child}) and {rel:child2} ({age.other:child}), in an apartment in {city:home}.",
    "{~He} lives alone in {city:home} near {loc}.",
    "{~His} {relw:ex} {rel:ex} lives in {city:ex} with their {relw:child1} {rel:child1}, whom {~he} sees [every other weekend|rarely].",
    "Legal: arrested for DUI in {date.year:dui} in {city:dui}; [on probation until {date.my:fu2}|no current charges]. Probation officer {rel:po} ({phone:po}).",
    "Military: served in the [Army|Marines|Navy|Air Force] for [4|6|8] years, discharged in {date.year:mil2}; deployed to {country:deploy}.",
    "Trauma: [physical abuse by {~his} stepfather {rel:stepfather} as a child|sexual assault at age {age.event}|witnessed violence in {country}].",
    "Religion: [Catholic|Baptist|Muslim|Jewish|none]; attends {org:church} [weekly|occasionally].",
    "Supports: {~his} best friend {rel:friend}, {~his} sister {rel:sister} in {city:sister}, and {~his} AA sponsor.",
    "Finances: [receives SSDI|works 2 jobs|supported by partner]; rent is a stressor. Landlord {rel:landlord} has threatened eviction.",
    "Access to firearms: [denies|has a handgun at home, which {~his} brother agreed to hold].",
    "Hobbies: [fishing at {loc}|painting|church choir|basketball at the {org:gym}].",
    "{~He} met {~his} partner {rel:partner}, a {prof:partner}, in {date.year:met} while working at {org:prior}.",
    "{~He} has [two|three] older siblings; {~his} brother {rel:brother} is a {prof:brother} in {city:brother}, and {~his} sister {rel:sister} lives in {wcity:sister}.",
    "{~He} currently works [nights|weekends|double shifts] as a {prof} at {org:job} in {city:job}.",
    "{~He} volunteers at {org:volunteer} on Saturdays.", "{~He} previously lived in {city:prior}, {state:prior}, and in {country:prior} as a child.",
    "{~He} was raised {nation} [Catholic|Orthodox|Muslim|Pentecostal] and still speaks to {~his} grandmother in {wcity:gm} weekly.",
    "{~He} rents a room from {rel.full:landlord} at {street:home} in {city:home}.",
    "{~His} children are {rel:child1} ({age.other:child}), {rel:child2} ({age.other:child}), and {rel:child3} ({age.other:child}).",
    "{~He} completed a [CNA|HVAC|cosmetology|welding] certificate at {school:voc} in {date.year:cert}.",
    "Financially {~he} relies on {~his} job as a {prof} and help from {~his} mother {rel:mother}.",
    "{~He} spent {~his} childhood between {wcity:child} and {city:child}, moving often because of {~his} father's work as a {prof:father}.",
    "{~He} is close to {~his} cousin {rel.full:cousin}, who works at {org:cousin}.",
    "{~He} attends services at {org:church2} and meets with {~his} pastor, {rel:pastor}, monthly.",
    "{~He} has a dog and walks daily around {loc:walk}.", "{~He} was married to {rel.full:ex} for [6|11|20] years; they divorced in {date.year:m2}.",
    "{~He} coaches youth soccer for {org:league}.", "{~He} served as a {prof:mil} in the National Guard.",
    "{~He} described {~his} upbringing in {city:born} as [chaotic|strict|loving but poor].",
    "{~His} best friend from {school:hs}, {rel:friend2}, recently died of an overdose.",
    "{~He} speaks [Spanish|Portuguese|Haitian Creole|Vietnamese|Arabic|English] at home; {~his} {nation} family lives mostly in {wcity}.",
    "{~He} is {~ethnic_adj}; describes {~his} family as [close|distant|supportive].",
    "{~relig} upbringing; [still practices|no longer practices].",
    "Came to {us} in {date.year:move2} from {country:birth2}; [undocumented until {date.year:green}|naturalized citizen].",
    "Brothers {rel.any:brother} (student) and {rel.any:brother2} ({age.other:kid}) live with mom {rel.any:mom}.",
    "Works as a {prof} at {org:job}; before that a {prof:prior2} for {org:prior2}.",
    "Army {date.range:army}; honorable discharge.",
    "{~clin} {~clin}",
    "Roommate {rel.any:roommate} is supportive and drove {~him} to the appointment.",
    "Describes childhood as [chaotic|happy|unstable]; raised by grandma {rel.any:grandma}.",
    "Union job ({org:union}) as a {prof:union}.",
]
DEVELOPMENT = [
    "Born full term in {wcity}; mother reports normal milestones.", "Repeated 3rd grade at {school:elem}; had an IEP for reading.",
    "Was bullied in middle school at {school:ms}; changed schools in {date.year:school}.",
    "Graduated from {school:hs} in {date.year:grad}; played [football|basketball|soccer] and was on the honor roll.",
    "Attended {school:college} for [two years|one semester] but left because of [finances|depression|pregnancy].",
    "Parents separated when {~he} was {age.other:child}; lived with {~his} father in {city:father} on weekends.",
    "First job at age {age.event} at {org:firstjob}.", "Moved to the {us} from {country} in {date.year:move} with {~his} [parents|aunt|older brother].",
]
LEGAL = [
    "Arrested in {date.year:arrest} for [possession|assault|shoplifting]; served [30 days|6 months] at {org:jail}.",
    "Currently on probation through {city:court} District Court (docket #{idnum:docket}); PO is {rel.full:po}.",
    "Restraining order against {~his} ex-partner {rel.full:ex} issued {date.num:ro}.",
    "No legal history.", "DUI in {date.yy:dui}; license reinstated {date.my:dl}. Drives a [Honda|Toyota|Ford] ({vehicle}).",
    "Pending court date {date:court} in {city:court} for a [trespassing|larceny] charge; attorney {rel.full:lawyer}, {phone:lawyer}.",
]
MSE = [
    "Appearance: [disheveled|well groomed|casually dressed], [fair|good|poor] eye contact.",
    "Behavior: [cooperative|guarded|psychomotor slowing|restless].", "Speech: [normal rate and volume|soft, slow|pressured].",
    "Mood: \"[depressed|anxious|okay|terrible]\". Affect: [constricted|tearful|labile|euthymic].",
    "Thought process: [linear, goal directed|tangential|circumstantial].",
    "Thought content: [denies SI/HI|passive SI without plan|no delusions], no AH/VH.",
    "Cognition: A&Ox3; MoCA {~n:22-30}/30.", "Insight/judgment: [fair|poor|good]/[fair|poor|good].",
]
ASSESS = [
    "{age} {~sex} with history of [MDD|bipolar II|PTSD|GAD] presenting with [worsening depression|panic attacks|mixed features] in the context of [job loss|divorce|bereavement] and ongoing alcohol use.",
    "Risk assessment: chronic risk elevated given prior attempts; acute risk [low|moderate]. Safety plan reviewed; {~he} agrees to call {phone:crisis} or go to {hosp:ed} ED if worse.",
]
PLAN = [
    "Start {~med}; titrate to {~drug} as tolerated.", "Refer to {dr:therapist} for CBT at {clinic:therapy}.",
    "Labs: {~lab}, lithium level, TSH.", "Follow up in [2|4] weeks on {date:fu1} with {dr:attending}.",
    "Release of information signed for records from {hosp:psych}.", "Encouraged to attend AA meetings at {org:church}.",
    "Letter provided for {~his} employer, {org:job}.", "Crisis line and {dept} on-call number ({phone.ext}) given.",
]
CHECKBOXES = [
    "Suicidal ideation: \\[ \\] Yes \\[x\\] No", "Homicidal ideation: \\[ \\] Yes \\[x\\] No",
    "Access to weapons: \\[x\\] No \\[ \\] Yes", "Hx of violence: \\[ \\] Yes \\[x\\] No",
    "Trauma history: \\[x\\] Yes \\[ \\] No", "Legal involvement: \\[ \\] Yes \\[x\\] No",
]


def _paragraph(ctx: NoteContext, bank, low: int, high: int) -> None:
    ctx.say_some(bank, low, high, " ", "\n")


def write_intake(ctx: NoteContext) -> None:
    ctx.line("[PSYCHIATRIC INTAKE EVALUATION|Psychiatric Initial Evaluation|Outpatient Psychiatry Intake|Behavioral Health Intake]")
    ctx.line("{hosp} - {dept:psych}\n")
    ctx.line("Patient: {pt.header}   MRN: {mrn}   DOB: {date.num:dob}")
    ctx.line("Date of evaluation: {date:ref}   Clinician: {dr.bare:attending}\n")
    ctx.line("IDENTIFYING DATA: {pt} is a {age} {~sex} [referred by|accompanied by] {rel:hcp}.")
    common.section(ctx, "cc")
    ctx.say(CC, "\n")
    long = ctx.rng.random() < 0.5
    common.section(ctx, "hpi")
    _paragraph(ctx, HPI, 5, 11 if long else 7)
    _paragraph(ctx, HPI_MORE, 4 if long else 2, 13 if long else 6)
    common.section(ctx, "pph", "Past Psychiatric History")
    _paragraph(ctx, PAST_PSYCH, 3, 8 if long else 5)
    common.section(ctx, "sub", "Substance Use History")
    _paragraph(ctx, SUBSTANCE, 2, 5)
    common.pmh(ctx)
    common.meds(ctx, low=1, high=6)
    common.section(ctx, "fph", "Family Psychiatric History")
    _paragraph(ctx, FAMILY_PSYCH, 1, 3)
    common.section(ctx, "dev", "Developmental History")
    _paragraph(ctx, DEVELOPMENT, 2, 5)
    common.section(ctx, "sh", "Social History")
    _paragraph(ctx, SOCIAL, 10 if long else 6, 24 if long else 12)
    common.section(ctx, "legal", "Legal History")
    _paragraph(ctx, LEGAL, 1, 3)
    if ctx.rng.random() < 0.5:
        for line in ctx.rng.sample(CHECKBOXES, 3):
            ctx.line(line)
    common.section(ctx, "mse", "Mental Status Exam")
    for line in MSE:
        ctx.line(line)
    common.section(ctx, "ap", "Assessment")
    _paragraph(ctx, ASSESS, 1, 2)
    ctx.write("Diagnoses: [MDD, recurrent, severe (F33.2)|Bipolar I disorder, current episode depressed (F31.4)|PTSD, chronic (F43.10)]; [alcohol use disorder|cannabis use disorder|r/o {~eponym}].\n")
    common.section(ctx, "plan", "Plan")
    common.items(ctx, PLAN, 3, 6)
    common.signature(ctx)


def write_qa(ctx: NoteContext) -> None:
    """The question/answer layout of many CEGS N-GRID records."""
    ctx.line("Psychiatric Evaluation ({date.num:ref})\n")
    qa = [
        ("Name", "{pt.header}"), ("Age", "{age.n}"), ("Date of birth", "{date.num:dob}"),
        ("Place of birth", "{wcity}, {country}"), ("Referred by", "{dr:pcp}"),
        ("Marital status", "[Married|Single|Divorced] ({rel:partner})"),
        ("Occupation", "{prof}"), ("Employer", "{org:job}"), ("Education", "{school:college}"),
        ("Lives with", "{~his} [mother|partner|children] in {city:home}"), ("Emergency contact", "{rel.full:hcp} {phone:hcp}"),
        ("Insurance", "{hplan.lab}"), ("Primary care", "{dr:pcp} at {clinic}"), ("SSN", "{ssn}"),
        ("Court ID / fingerprint card", "{bioid}"), ("Vehicle", "[Honda|Toyota|Ford|Nissan] ({vehicle})"),
    ]
    for question, answer in qa:
        if ctx.rng.random() < 0.85:
            ctx.raw(f"{question}: ")
            ctx.line(answer)
    ctx.raw("\nWhat brings you in today?\n")
    ctx.say(CC, "\n")
    ctx.raw("\nHistory of present illness:\n")
    _paragraph(ctx, HPI, 3, 7)
    _paragraph(ctx, HPI_MORE, 2, 6)
    ctx.raw("\nPrevious psychiatric treatment:\n")
    _paragraph(ctx, PAST_PSYCH, 2, 5)
    ctx.raw("\nSubstance use:\n")
    _paragraph(ctx, SUBSTANCE, 2, 4)
    ctx.raw("\nFamily history:\n")
    _paragraph(ctx, FAMILY_PSYCH, 1, 3)
    ctx.raw("\nDevelopmental and social history:\n")
    _paragraph(ctx, DEVELOPMENT, 2, 4)
    _paragraph(ctx, SOCIAL, 5, 12)
    _paragraph(ctx, LEGAL, 1, 2)
    for line in ctx.rng.sample(CHECKBOXES, 4):
        ctx.line(line)
    ctx.raw("\nMental status:\n")
    _paragraph(ctx, MSE, 4, 8)
    ctx.raw("\nFormulation and plan:\n")
    _paragraph(ctx, ASSESS, 1, 2)
    common.items(ctx, PLAN, 2, 5)
    ctx.line("\n{dr.sig:attending}")


def write_followup(ctx: NoteContext) -> None:
    ctx.line("Psychopharmacology follow-up - {date:ref}")
    ctx.line("{pt} returns [for med management|after {~his} discharge from {hosp:psych}].")
    _paragraph(ctx, HPI, 2, 4)
    _paragraph(ctx, SOCIAL, 1, 3)
    ctx.raw("MSE: ")
    _paragraph(ctx, MSE, 3, 5)
    ctx.raw("Plan: ")
    _paragraph(ctx, PLAN, 2, 4)
    ctx.line("{dr.sig:attending}")


def write_discharge(ctx: NoteContext) -> None:
    ctx.line("INPATIENT PSYCHIATRY DISCHARGE SUMMARY")
    ctx.line("{hosp}, {dept} Unit {room}")
    ctx.line("Admitted: {date:admit}  Discharged: {date:dc}  Legal status: [Section 12|voluntary|CV]")
    common.section(ctx, "hpi", "Reason for admission")
    _paragraph(ctx, HPI, 3, 6)
    common.section(ctx, "sh")
    _paragraph(ctx, SOCIAL, 4, 9)
    common.section(ctx, "course")
    ctx.line("{~He} was started on {~med}. Family meeting on {date.wd:hd3} with {~his} {relw:hcp} {rel:hcp}. By discharge {~he} denied SI.")
    common.items(ctx, PLAN, 2, 5)
    ctx.line("{dr.sig:attending}")


FAMILY = NoteFamily(
    name="psych",
    weight=9,
    wrap=0.25,
    variants=(
        Variant("psych.intake", write_intake),
        Variant("psych.qa", write_qa),
        Variant("psych.followup", write_followup),
        Variant("psych.discharge", write_discharge, held_out=True),
    ),
)
