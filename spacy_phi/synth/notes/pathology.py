"""Pathology reports: accession and specimen numbers, container labels that
repeat the patient's name and MRN, collection and receipt dates."""

from __future__ import annotations

from ..context import NoteContext
from . import NoteFamily, Variant

SPECIMENS = (
    "Colon, sigmoid, biopsy", "Skin, left forearm, shave biopsy", "Breast, right, core needle biopsy", "Prostate, needle biopsies (12 cores)",
    "Gallbladder, cholecystectomy", "Lymph node, right axillary, excision", "Uterus and cervix, hysterectomy", "Stomach, antrum, biopsy",
    "Lung, right upper lobe, wedge resection", "Appendix, appendectomy", "Bone marrow, aspirate and core biopsy", "Thyroid, left lobe, lobectomy",
)
GROSS = [
    "Received in formalin labeled with the patient's name \"{pt.header}\" and medical record number {mrn} is a {~size} tan-pink tissue fragment.",
    "The specimen is received fresh, labeled \"{pt.last}, {pt.first}\" and \"{date.num:ref}\", and consists of [a gallbladder|an appendix|three cores] measuring {~size}.",
    "Container A, labeled with {pt.full} and {mrn}, holds multiple fragments; entirely submitted in cassette A1.",
    "Accompanying requisition from {dr:surgeon} ({hosp}) lists the clinical history as {~dx}.",
    "Grossed by {rn:pa} on {date.short:ref}.",
]
MICRO = [
    "Sections show [tubular adenoma|invasive ductal carcinoma, grade 2|chronic cholecystitis|benign prostatic tissue] without [dysplasia|lymphovascular invasion].",
    "Immunostains: [ER positive (90%)|CK7+/CK20-|Ki-67 15%]. Controls appropriate.", "{~score}.",
    "Gram stain and AFB stain are negative.", "Findings are consistent with {~eponym}.",
    "Margins are free of tumor; closest margin {~size}.", "Intradepartmental consultation with {dr:path2} who concurs.",
]
DIAGNOSIS = [
    "TUBULAR ADENOMA. NEGATIVE FOR HIGH-GRADE DYSPLASIA.", "Invasive ductal carcinoma, Nottingham grade 2.",
    "Chronic cholecystitis with cholelithiasis.", "Benign skin with seborrheic keratosis.", "Prostatic adenocarcinoma, {~score}.",
    "Reactive lymph node, negative for malignancy (0/3).", "Acute appendicitis with periappendicitis.",
    "{~pathcaps}",
    "{~pathcaps}",
    "{~pathcaps}",
]


def write_surgical(ctx: NoteContext) -> None:
    ctx.line("[SURGICAL PATHOLOGY REPORT|Surgical Pathology|PATHOLOGY REPORT]")
    ctx.line("{hosp} Department of Pathology   {street:hosp}, {city:hosp}, {state:abbr}   Tel {phone:path}   Fax {fax:path}")
    ctx.line("Accession No: {idnum:acc}        Patient: {pt.header}")
    ctx.line("MRN: {mrn}   DOB: {date.num:dob} (Age: {age.n})   Sex: {~mf}")
    ctx.line("Collected: {date.dt:ref}   Received: {date.dt:recv}   Reported: {date.num:report}")
    ctx.line("Submitting physician: {dr.bare:surgeon}   Copy to: {dr.bare:pcp}\n")
    ctx.raw("SPECIMEN(S):\n")
    for letter in "ABC"[: ctx.rng.randint(1, 3)]:
        ctx.raw(f"{letter}. {ctx.rng.choice(SPECIMENS)}\n")
    ctx.raw("\nCLINICAL DATA:\n")
    ctx.line("{age} {~mf}, {~dx}. [Screening colonoscopy.|Palpable mass.|Elevated PSA.]")
    ctx.raw("\nGROSS DESCRIPTION:\n")
    ctx.say_some(GROSS, 1, 3, " ", " ")
    ctx.raw("\n\nMICROSCOPIC DESCRIPTION:\n")
    ctx.say_some(MICRO, 1, 3, " ", " ")
    ctx.raw("\n\nFINAL DIAGNOSIS:\n")
    ctx.say(DIAGNOSIS, "\n")
    ctx.line("\nI have personally reviewed the slides. Electronically signed out by {dr.sig:pathologist} on {date.num:report}.")


def write_cytology(ctx: NoteContext) -> None:
    ctx.line("CYTOLOGY REPORT  Case #: {idnum:acc}   Specimen ID: {idnum:spec}")
    ctx.line("Name: {pt.header}  Hosp #: {mrn}  Loc: {dept}  Physician: {dr.bare:ordering}")
    ctx.line("Date obtained: {date.num:ref}  Source: [pleural fluid|urine|thyroid FNA|cervical (ThinPrep)]")
    ctx.line("Interpretation: [NEGATIVE FOR MALIGNANT CELLS|ATYPICAL CELLS PRESENT|NILM].")
    ctx.line("Cytotechnologist: {dr.init:cytotech}   Pathologist: {dr.bare:pathologist}")


def write_autopsy(ctx: NoteContext) -> None:
    ctx.line("AUTOPSY REPORT - PRELIMINARY ANATOMIC DIAGNOSIS")
    ctx.line("Decedent: {pt.header}   Autopsy No. {idnum:acc}   MRN {mrn}")
    ctx.line("Date/time of death: {date.dt:dc}   Date of autopsy: {date.num:report}   Age: {age.n}")
    ctx.line("Prosector: {dr.bare:pathologist}   Attending of record: {dr:attending}")
    ctx.line("Permission granted by {~his} {relw:hcp} {rel.full:hcp}, restricted to [chest and abdomen|no restrictions].")
    ctx.line("Identification: hospital ID band with name and {mrn}; fingerprint record {bioid.lab}.")
    ctx.say_some(MICRO, 2, 4, " ", " ")
    ctx.line("\nCause of death: {~dx}.")


def write_molecular(ctx: NoteContext) -> None:
    ctx.line("MOLECULAR DIAGNOSTICS REPORT")
    ctx.line("Patient: {pt.header}  DOB: {date.num:dob}  MRN: {mrn}  Order #{idnum}")
    ctx.line("Specimen: {idnum:spec} (block A3 from {idnum:acc}), collected {date.num:ref}")
    ctx.line("Sample identity confirmed by DNA profile {bioid.lab} against buccal swab.")
    ctx.line("Result: [KRAS G12D detected|EGFR exon 19 deletion detected|no pathogenic variants detected].")
    ctx.line("Reviewed by {dr.sig:pathologist}, {date.num:report}. Questions: {phone.ext}")


FAMILY = NoteFamily(
    name="pathology",
    weight=4,
    wrap=0.1,
    cases=(("as_is", 0.75), ("upper", 0.25)),
    variants=(
        Variant("pathology.surgical", write_surgical),
        Variant("pathology.cytology", write_cytology),
        Variant("pathology.autopsy", write_autopsy),
        Variant("pathology.molecular", write_molecular, held_out=True),
    ),
)
