"""Clinical text that is NOT PHI, including the look-alikes a detector must
learn to leave alone: eponyms ("Parkinson's disease", "Foley", "Apgar"),
drugs and doses, lab values and vitals ("BP 120/80", "Na 138"), scores,
ICD/CPT codes, durations, times, numbers shaped like IDs, capitalized common
words that are also names ("Will", "Hope", "May"), and ages in general
statements ("patients over 65").

Every function takes the note's `random.Random` and returns plain text; the
note context writes it as non-PHI (never annotated).
"""

from __future__ import annotations

import random
from typing import Callable, Dict, Tuple

EPONYM_CONDITIONS: Tuple[str, ...] = (
    "Parkinson's disease", "Parkinson disease", "parkinsonism", "Graves' disease", "Graves disease",
    "Bell's palsy", "Down syndrome", "Down's syndrome", "Crohn's disease", "Crohn's colitis",
    "Hodgkin lymphoma", "Hodgkin's disease", "non-Hodgkin lymphoma", "Wilson's disease",
    "Addison's disease", "Cushing's syndrome", "Alzheimer's dementia", "Alzheimer disease",
    "Barrett's esophagus", "Hashimoto's thyroiditis", "Kaposi sarcoma", "Paget's disease",
    "Raynaud's phenomenon", "Tourette syndrome", "Wernicke encephalopathy", "Korsakoff syndrome",
    "Guillain-Barre syndrome", "Sjogren's syndrome", "Meniere's disease", "Lyme disease",
    "Wolff-Parkinson-White syndrome", "Mallory-Weiss tear", "Baker's cyst", "Colles fracture",
    "Ewing sarcoma", "Wilms tumor", "Burkitt lymphoma", "Reiter's syndrome", "Osgood-Schlatter disease",
    "Huntington's disease", "Marfan syndrome", "Turner syndrome", "Klinefelter syndrome",
    "Asperger's syndrome", "Tietze syndrome", "Takotsubo cardiomyopathy", "Stevens-Johnson syndrome",
    "von Willebrand disease", "Hirschsprung disease", "Kawasaki disease", "Legg-Calve-Perthes disease",
)

EPONYM_DEVICES_SIGNS: Tuple[str, ...] = (
    "Foley catheter", "Foley", "Swan-Ganz catheter", "Hickman line", "Port-a-Cath", "Jackson-Pratt drain",
    "JP drain", "Blake drain", "Penrose drain", "Tenckhoff catheter", "Pleur-x catheter", "Groshong",
    "Babinski sign", "Murphy's sign", "Kernig sign", "Brudzinski sign", "Romberg", "Homan's sign",
    "McBurney's point", "Rovsing sign", "Chvostek sign", "Trousseau sign", "Tinel's sign", "Phalen's test",
    "Lachman test", "McMurray test", "Gram stain", "Ziehl-Neelsen stain", "Wright stain", "Apgar scores",
    "Glasgow Coma Scale", "Ranson criteria", "Wells score", "Mallampati class", "Killip class",
    "Whipple procedure", "Nissen fundoplication", "Hartmann's procedure", "Roux-en-Y gastric bypass",
    "Billroth II", "Bankart repair", "Heimlich", "Valsalva maneuver", "Trendelenburg position",
    "Fowler's position", "Ambu bag", "Yankauer suction", "Doppler", "Holter monitor", "Bovie",
    "Steri-Strips", "Ace wrap", "Kerlix", "Tegaderm", "Dobhoff tube", "Sengstaken-Blakemore tube",
)

CONDITIONS: Tuple[str, ...] = (
    "hypertension", "hyperlipidemia", "type 2 diabetes mellitus", "coronary artery disease",
    "congestive heart failure", "atrial fibrillation", "COPD", "asthma", "chronic kidney disease stage 3",
    "end-stage renal disease on hemodialysis", "hypothyroidism", "GERD", "obstructive sleep apnea",
    "osteoarthritis", "rheumatoid arthritis", "gout", "obesity", "anemia", "depression",
    "generalized anxiety disorder", "bipolar disorder", "schizophrenia", "PTSD", "alcohol use disorder",
    "opioid use disorder", "cirrhosis", "hepatitis C", "HIV on HAART", "peripheral vascular disease",
    "prior CVA with residual left-sided weakness", "seizure disorder", "migraine headaches",
    "benign prostatic hyperplasia", "osteoporosis", "breast cancer s/p lumpectomy", "prostate cancer",
    "colon cancer s/p resection", "lung adenocarcinoma", "DVT", "pulmonary embolism", "aortic stenosis",
    "mitral regurgitation", "diastolic dysfunction", "iron deficiency anemia", "diverticulosis",
    "nephrolithiasis", "chronic low back pain", "spinal stenosis", "peripheral neuropathy",
    "macular degeneration", "glaucoma", "hearing loss", "urinary incontinence", "recurrent UTIs",
)

SYMPTOMS: Tuple[str, ...] = (
    "chest pain", "shortness of breath", "dyspnea on exertion", "palpitations", "syncope", "dizziness",
    "nausea and vomiting", "abdominal pain", "diarrhea", "fevers and chills", "productive cough",
    "headache", "lower extremity edema", "fatigue", "weight loss", "melena", "hematochezia",
    "dysuria", "confusion", "weakness", "falls", "back pain", "rash", "sore throat",
    "increased work of breathing", "poor PO intake", "suicidal ideation", "auditory hallucinations",
    "insomnia", "worsening mood", "anxiety", "joint pain", "leg swelling", "hemoptysis",
)

DRUGS: Tuple[Tuple[str, Tuple[str, ...]], ...] = (
    ("aspirin", ("81 mg", "325 mg")), ("metoprolol", ("25 mg", "50 mg", "12.5 mg")),
    ("metoprolol succinate", ("50 mg", "100 mg")), ("lisinopril", ("10 mg", "20 mg", "40 mg")),
    ("atorvastatin", ("40 mg", "80 mg")), ("simvastatin", ("20 mg", "40 mg")),
    ("furosemide", ("20 mg", "40 mg", "80 mg")), ("Lasix", ("20 mg", "40 mg")),
    ("metformin", ("500 mg", "1000 mg", "850 mg")), ("insulin glargine", ("20 units", "34 units")),
    ("Lantus", ("10 units", "22 units")), ("insulin lispro", ("sliding scale",)),
    ("warfarin", ("5 mg", "2.5 mg")), ("Coumadin", ("5 mg", "7.5 mg")), ("apixaban", ("5 mg", "2.5 mg")),
    ("clopidogrel", ("75 mg",)), ("Plavix", ("75 mg",)), ("levothyroxine", ("50 mcg", "88 mcg", "112 mcg")),
    ("omeprazole", ("20 mg", "40 mg")), ("pantoprazole", ("40 mg",)), ("amlodipine", ("5 mg", "10 mg")),
    ("hydrochlorothiazide", ("12.5 mg", "25 mg")), ("gabapentin", ("300 mg", "600 mg")),
    ("sertraline", ("50 mg", "100 mg")), ("Zoloft", ("50 mg",)), ("citalopram", ("20 mg",)),
    ("fluoxetine", ("20 mg", "40 mg")), ("bupropion", ("150 mg",)), ("quetiapine", ("25 mg", "100 mg")),
    ("Seroquel", ("50 mg",)), ("olanzapine", ("5 mg", "10 mg")), ("risperidone", ("1 mg", "2 mg")),
    ("lithium", ("300 mg",)), ("lorazepam", ("0.5 mg", "1 mg")), ("Ativan", ("1 mg",)),
    ("trazodone", ("50 mg",)), ("prednisone", ("10 mg", "40 mg", "60 mg")), ("albuterol", ("2 puffs",)),
    ("Advair", ("250/50",)), ("tiotropium", ("18 mcg",)), ("vancomycin", ("1 g", "1.25 g")),
    ("ceftriaxone", ("1 g", "2 g")), ("piperacillin-tazobactam", ("4.5 g", "3.375 g")),
    ("levofloxacin", ("750 mg", "500 mg")), ("azithromycin", ("500 mg", "250 mg")),
    ("heparin", ("5000 units", "5,000 units")), ("enoxaparin", ("40 mg", "1 mg/kg")),
    ("morphine", ("2 mg", "4 mg")), ("oxycodone", ("5 mg", "10 mg")), ("acetaminophen", ("650 mg", "1 g")),
    ("Tylenol", ("650 mg",)), ("ondansetron", ("4 mg",)), ("Zofran", ("4 mg",)),
    ("potassium chloride", ("20 mEq", "40 mEq")), ("magnesium oxide", ("400 mg",)),
    ("tamsulosin", ("0.4 mg",)), ("finasteride", ("5 mg",)), ("allopurinol", ("100 mg", "300 mg")),
    ("digoxin", ("0.125 mg",)), ("diltiazem", ("120 mg", "30 mg")), ("spironolactone", ("25 mg",)),
    ("carvedilol", ("6.25 mg", "12.5 mg")), ("nitroglycerin", ("0.4 mg SL",)), ("methadone", ("80 mg",)),
    ("buprenorphine-naloxone", ("8 mg/2 mg",)), ("naltrexone", ("50 mg",)), ("haloperidol", ("5 mg",)),
    ("Haldol", ("2 mg",)), ("folic acid", ("1 mg",)), ("thiamine", ("100 mg",)), ("MVI", ("1 tab",)),
    ("vitamin D", ("1000 units", "50,000 units")), ("epoetin", ("10,000 units",)),
)
FREQUENCIES: Tuple[str, ...] = (
    "daily", "qd", "q.d.", "QD", "bid", "b.i.d.", "BID", "tid", "t.i.d.", "qid", "qhs", "q.h.s.",
    "q6h", "q8h", "q12h", "q4h prn", "prn", "p.r.n.", "once daily", "twice daily", "at bedtime", "qAM",
    "qPM", "every other day", "weekly", "qweek", "three times a week",
)
ROUTES: Tuple[str, ...] = ("PO", "PO", "PO", "p.o.", "po", "po", "", "", "", "IV", "SC", "PO")

LABS: Tuple[Tuple[str, float, float, int, str], ...] = (
    ("Na", 128, 146, 0, ""), ("K", 3.1, 5.6, 1, ""), ("Cl", 95, 110, 0, ""), ("CO2", 18, 32, 0, ""),
    ("HCO3", 18, 30, 0, ""), ("BUN", 8, 60, 0, ""), ("Cr", 0.6, 3.4, 1, ""), ("Glu", 70, 320, 0, ""),
    ("glucose", 70, 320, 0, ""), ("Ca", 8.0, 10.6, 1, ""), ("Mg", 1.5, 2.6, 1, ""), ("Phos", 2.2, 5.1, 1, ""),
    ("WBC", 3.2, 18.5, 1, ""), ("Hgb", 7.1, 15.8, 1, ""), ("Hct", 22, 46, 1, ""), ("Plt", 90, 450, 0, ""),
    ("INR", 0.9, 3.4, 1, ""), ("PTT", 24, 80, 1, ""), ("ALT", 10, 180, 0, ""), ("AST", 12, 200, 0, ""),
    ("Alk Phos", 40, 300, 0, ""), ("T bili", 0.2, 4.5, 1, ""), ("Albumin", 2.1, 4.6, 1, ""),
    ("Troponin", 0.01, 2.5, 2, ""), ("TnT", 0.01, 0.9, 2, ""), ("CK", 40, 900, 0, ""), ("BNP", 40, 2400, 0, ""),
    ("HbA1c", 5.2, 11.8, 1, "%"), ("TSH", 0.3, 9.5, 2, ""), ("LDL", 50, 190, 0, ""), ("HDL", 25, 80, 0, ""),
    ("lactate", 0.8, 6.5, 1, ""), ("lipase", 10, 900, 0, ""), ("ESR", 2, 90, 0, ""), ("CRP", 0.2, 22, 1, ""),
    ("pH", 7.18, 7.48, 2, ""), ("pCO2", 28, 68, 0, ""), ("pO2", 55, 140, 0, ""), ("ammonia", 15, 120, 0, ""),
    ("Vanco trough", 8, 24, 1, ""), ("D-dimer", 200, 4000, 0, ""), ("ferritin", 10, 900, 0, ""),
)

SCORES: Tuple[Callable[[random.Random], str], ...] = (
    lambda r: f"GCS {r.randint(3, 15)}",
    lambda r: f"GCS of {r.randint(3, 15)}",
    lambda r: f"PHQ-9 score of {r.randint(0, 27)}",
    lambda r: f"PHQ-9: {r.randint(0, 27)}",
    lambda r: f"GAD-7 {r.randint(0, 21)}",
    lambda r: f"MMSE {r.randint(12, 30)}/30",
    lambda r: f"MoCA {r.randint(14, 30)}/30",
    lambda r: f"CHADS2 score of {r.randint(0, 6)}",
    lambda r: f"CHA2DS2-VASc {r.randint(0, 9)}",
    lambda r: f"Wells score {r.randint(0, 8)}",
    lambda r: f"TIMI risk score {r.randint(0, 7)}",
    lambda r: f"pain {r.randint(0, 10)}/10",
    lambda r: f"pain score {r.randint(0, 10)}",
    lambda r: f"Apgars {r.randint(6, 9)} and {r.randint(8, 9)}",
    lambda r: f"Braden score {r.randint(9, 23)}",
    lambda r: f"Morse fall score {r.randint(0, 125)}",
    lambda r: f"CIWA {r.randint(0, 30)}",
    lambda r: f"COWS {r.randint(0, 25)}",
    lambda r: f"RASS {r.choice(('-2', '-1', '0', '+1', '+2'))}",
    lambda r: f"NIHSS {r.randint(0, 24)}",
    lambda r: f"MELD {r.randint(6, 40)}",
    lambda r: f"Child-Pugh class {r.choice('ABC')}",
    lambda r: f"ECOG {r.randint(0, 4)}",
    lambda r: f"AUDIT-C {r.randint(0, 12)}",
    lambda r: f"Mallampati {r.choice(('I', 'II', 'III', 'IV'))}",
    lambda r: f"ASA class {r.choice(('I', 'II', 'III', 'IV'))}",
    lambda r: f"NYHA class {r.choice(('I', 'II', 'III', 'IV'))}",
    lambda r: f"Gleason {r.randint(3, 5)}+{r.randint(3, 5)}={r.randint(6, 10)}",
    lambda r: f"EF {r.randint(15, 70)}%",
    lambda r: f"LVEF of {r.randint(15, 70)}%",
)

ICD10: Tuple[str, ...] = (
    "I25.10", "I10", "E11.9", "E78.5", "J44.9", "N18.3", "I48.91", "F32.9", "F41.1", "F10.20", "M54.5",
    "K21.9", "E03.9", "I50.9", "J18.9", "N39.0", "R07.9", "Z79.01", "G20", "K50.90", "E05.00", "G51.0",
    "Q90.9", "C81.90", "E83.01", "F20.9", "F31.9", "F43.10", "Z00.00", "R55",
)
ICD9: Tuple[str, ...] = ("414.01", "401.9", "250.00", "272.4", "496", "427.31", "311", "300.02", "786.50", "332.0")
CPT: Tuple[str, ...] = ("99213", "99214", "99215", "99223", "99232", "93000", "71046", "80053", "85025", "36415", "90834", "90837", "99284", "99285", "45378", "43239", "33533", "27447")

CAPITALIZED_WORDS: Tuple[str, ...] = (
    "Will", "Hope", "Faith", "Grace", "Joy", "May", "Mark", "Bill", "Rose", "Frank", "Sterling",
    "Chase", "Hunter", "Summer", "Dawn", "Faith-based", "Victory", "Patience", "Page", "Carter",
)

NAME_LIKE_SENTENCES: Tuple[str, ...] = (
    "Will follow up as needed.", "Will continue current regimen.", "Will check labs in AM.",
    "Hope to discharge tomorrow.", "May resume diet as tolerated.", "May shower.", "Mark as resolved.",
    "Bill for level 4 visit.", "Frank blood noted in the stool.", "Frank pus expressed from the wound.",
    "Grace period for prior auth requested.", "Rose spots not seen.", "Summer camp form completed.",
    "Dawn phenomenon suspected.", "Chase report per protocol.", "Sterling silver allergy (nickel).",
    "Page covering MD with questions.", "Will page if needed.", "Faith is important to him.",
    "Joy of eating limited by nausea.", "Patience encouraged with titration.",
)

GENERAL_AGE_STATEMENTS: Tuple[str, ...] = (
    "Screening colonoscopy is recommended for patients over 50.", "Shingrix is recommended for adults 50 and older.",
    "The pneumococcal vaccine is indicated for patients over 65.", "AAA screening applies to men aged 65 to 75 who ever smoked.",
    "Guidelines suggest mammography every 2 years from age 50 to 74.", "Statin therapy is indicated for adults 40 to 75 with diabetes.",
    "Lung cancer screening for ages 50-80 with a 20 pack-year history.", "Patients older than 80 have a higher bleeding risk.",
    "The risk is highest in children under 5.", "Most cases occur between ages 20 and 40.",
    "HPV vaccine series recommended through age 26.", "Bone density screening for women 65 and older.",
    "DEXA recommended at age 65 per USPSTF.", "Fall risk increases in adults over 75.",
    "Children under 2 should not receive this medication.", "Tdap booster every 10 years for adults.",
    "Hep B vaccination recommended for adults 19 through 59.", "Aspirin is not recommended for primary prevention over age 70.",
)

NON_PHI_NUMBERS: Tuple[Callable[[random.Random], str], ...] = (
    lambda r: f"PR {r.randint(120, 220)} ms, QRS {r.randint(70, 130)} ms, QTc {r.randint(380, 520)} ms",
    lambda r: f"page {r.randint(1, 3)} of {r.randint(3, 5)}",
    lambda r: f"ref range {r.randint(3, 10)}-{r.randint(11, 40)}",
    lambda r: f"lot {r.choice(('not recorded', 'on file'))}",
    lambda r: f"{r.randint(2, 4)} of 4 SIRS criteria",
    lambda r: f"{r.randint(1, 5)} cm x {r.randint(1, 5)} cm",
    lambda r: f"{r.randint(10, 99)} pack-years",
    lambda r: f"BMI {r.randint(18, 45)}.{r.randint(0, 9)}",
    lambda r: f"weight {r.randint(45, 140)} kg",
    lambda r: f"{r.randint(100, 300)} lbs",
    lambda r: f"I/O {r.randint(500, 3000)}/{r.randint(500, 3000)}",
    lambda r: f"UOP {r.randint(20, 150)} cc/hr",
    lambda r: f"{r.randint(1, 4)}+ pitting edema",
    lambda r: f"stage {r.choice(('I', 'II', 'III', 'IV'))}",
    lambda r: f"grade {r.randint(1, 4)}",
    lambda r: f"{r.randint(1, 20)} mm Hg gradient",
    lambda r: f"room {r.choice(('air', 'temperature'))}",
    lambda r: f"{r.randint(1, 9)}/{r.randint(1, 9)} strength",
    lambda r: f"FEV1 {r.randint(30, 100)}% predicted",
    lambda r: f"{r.randint(2, 12)} units of PRBC",
    lambda r: f"CD4 {r.randint(50, 900)}",
    lambda r: f"viral load {r.choice(('undetectable', '<20 copies', '1,200 copies'))}",
    lambda r: f"{r.randint(10, 40)} Fr",
    lambda r: f"size {r.randint(6, 9)}.{r.choice('05')} ETT",
    lambda r: f"{r.randint(18, 22)} gauge IV",
    lambda r: f"PEEP {r.randint(5, 15)}, FiO2 {r.randint(30, 100)}%",
    lambda r: f"tidal volume {r.randint(350, 600)}",
    lambda r: f"{r.randint(1000, 9999)} steps per day",
)


def rand_value(rng: random.Random, low: float, high: float, decimals: int) -> str:
    value = rng.uniform(low, high)
    return f"{value:.{decimals}f}" if decimals else str(int(round(value)))


def lab(rng: random.Random) -> str:
    """ "Na 138", "K 4.2", "Cr 1.1" ..."""
    name, low, high, decimals, unit = rng.choice(LABS)
    sep = rng.choice((" ", " ", ": ", " = ", " "))
    return f"{name}{sep}{rand_value(rng, low, high, decimals)}{unit}"


def lab_panel(rng: random.Random) -> str:
    """A run of labs, comma- or slash-separated, as in a progress note."""
    if rng.random() < 0.3:
        # Chem-7 "fishbone" written inline.
        return (f"{rng.randint(130, 145)}/{rng.uniform(3.3, 5.2):.1f}/{rng.randint(95, 110)}/"
                f"{rng.randint(20, 30)}/{rng.randint(8, 40)}/{rng.uniform(0.6, 2.5):.1f}/{rng.randint(80, 250)}")
    return rng.choice((", ", ", ", "; ", " ")).join(lab(rng) for _ in range(rng.randint(3, 7)))


def vitals(rng: random.Random) -> str:
    """ "T 98.6 BP 120/80 HR 88 RR 16 SpO2 97% RA" in one of several layouts."""
    t = f"{rng.uniform(96.5, 102.8):.1f}"
    bp = f"{rng.randint(85, 185)}/{rng.randint(45, 105)}"
    hr, rr, o2 = rng.randint(48, 130), rng.randint(10, 32), rng.randint(86, 100)
    layout = rng.randint(0, 5)
    if layout == 0:
        return f"T {t} BP {bp} HR {hr} RR {rr} SpO2 {o2}% RA"
    if layout == 1:
        return f"VS: T {t}, P {hr}, BP {bp}, RR {rr}, O2 sat {o2}% on {rng.randint(2, 6)}L NC"
    if layout == 2:
        return f"Temp {t}F, pulse {hr}, BP {bp}, resp {rr}, sat {o2}% room air"
    if layout == 3:
        return f"{t} {hr} {bp} {rr} {o2}%RA"
    if layout == 4:
        return f"T: {t}  HR: {hr}  BP: {bp}  RR: {rr}  O2: {o2}%"
    return f"afebrile, HR {hr}, BP {bp}, sats {o2}% on RA"


def drug(rng: random.Random) -> str:
    return rng.choice(DRUGS)[0]


def med_line(rng: random.Random) -> str:
    """ "metoprolol 25 mg PO bid" with the usual variations."""
    name, doses = rng.choice(DRUGS)
    route = rng.choice(ROUTES)
    parts = [name, rng.choice(doses)]
    if route:
        parts.append(route)
    parts.append(rng.choice(FREQUENCIES))
    return " ".join(parts)


def duration(rng: random.Random) -> str:
    n = rng.randint(1, 12)
    unit = rng.choice(("days", "weeks", "months", "hours", "years"))
    return rng.choice((f"for {n} {unit}", f"x {n} {unit}", f"x{n} days", f"{n} {unit} ago", f"over the past {n} {unit}",
                       f"for the past {n} {unit}", f"{n}-{unit[:-1]} history", f"x {n}d", f"for {n}+ {unit}"))


def clock_time(rng: random.Random) -> str:
    h, m = rng.randint(0, 23), rng.choice((0, 5, 10, 15, 20, 30, 40, 45, 50))
    return rng.choice((f"{h:02d}:{m:02d}", f"{h:02d}{m:02d}", f"{(h % 12) or 12}:{m:02d} {'am' if h < 12 else 'pm'}",
                       f"{(h % 12) or 12}:{m:02d}{'AM' if h < 12 else 'PM'}", f"{h}:{m:02d}", f"{(h % 12) or 12}{'a' if h < 12 else 'p'}"))


def code(rng: random.Random) -> str:
    kind = rng.randint(0, 3)
    if kind == 0:
        return f"ICD-10 {rng.choice(ICD10)}"
    if kind == 1:
        return f"ICD-9 {rng.choice(ICD9)}"
    if kind == 2:
        return f"CPT {rng.choice(CPT)}"
    return f"({rng.choice(ICD10)})"


def score(rng: random.Random) -> str:
    return rng.choice(SCORES)(rng)


def number(rng: random.Random) -> str:
    return rng.choice(NON_PHI_NUMBERS)(rng)


def eponym(rng: random.Random) -> str:
    return rng.choice(EPONYM_CONDITIONS if rng.random() < 0.55 else EPONYM_DEVICES_SIGNS)


def condition(rng: random.Random) -> str:
    return rng.choice(EPONYM_CONDITIONS) if rng.random() < 0.18 else rng.choice(CONDITIONS)


def symptom(rng: random.Random) -> str:
    return rng.choice(SYMPTOMS)


def general_age(rng: random.Random) -> str:
    return rng.choice(GENERAL_AGE_STATEMENTS)


def name_like(rng: random.Random) -> str:
    return rng.choice(NAME_LIKE_SENTENCES)


PROCEDURES: Tuple[str, ...] = (
    "CABG x3", "PCI with DES to the LAD", "cardiac catheterization", "TTE", "TEE", "EGD", "colonoscopy",
    "ERCP", "bronchoscopy", "thoracentesis", "paracentesis", "lumbar puncture", "CT head without contrast",
    "CTA chest", "MRI brain", "chest x-ray", "KUB", "RUQ ultrasound", "lower extremity dopplers",
    "nuclear stress test", "exercise tolerance test", "appendectomy", "cholecystectomy", "TURP",
    "total knee replacement", "total hip arthroplasty", "laminectomy", "hysterectomy", "C-section",
    "AV fistula placement", "PEG placement", "tracheostomy", "central line placement", "ECT",
    "Whipple procedure", "Nissen fundoplication", "Roux-en-Y gastric bypass", "Bankart repair",
)


def procedure(rng: random.Random) -> str:
    return rng.choice(PROCEDURES)


def size(rng: random.Random) -> str:
    """ "1.4 cm", "8 mm", "2.1 x 1.5 x 0.8 cm"."""
    kind = rng.randint(0, 2)
    if kind == 0:
        return f"{rng.uniform(0.3, 6.0):.1f} cm"
    if kind == 1:
        return f"{rng.randint(2, 20)} mm"
    return " x ".join(f"{rng.uniform(0.2, 9.0):.1f}" for _ in range(3)) + " cm"


def volume(rng: random.Random) -> str:
    return rng.choice((f"{rng.randint(1, 30) * 25} mL", f"{rng.randint(1, 12) * 50} cc", "minimal", f"{rng.randint(1, 4)} L"))


def weight(rng: random.Random) -> str:
    return rng.choice((f"{rng.uniform(40, 140):.1f} kg", f"{rng.randint(90, 320)} lbs", f"{rng.randint(2, 40)}.{rng.randint(0, 9)} kg"))


def pack_years(rng: random.Random) -> str:
    return rng.choice((f"{rng.randint(5, 80)} pack-year", f"{rng.randint(5, 80)}-pack-year", f"{rng.randint(1, 3)} ppd x {rng.randint(5, 50)} yrs"))


def intake_output(rng: random.Random) -> str:
    return f"{rng.randint(400, 3500)}/{rng.randint(300, 4000)}"


def ecg(rng: random.Random) -> str:
    return rng.choice((f"rate {rng.randint(50, 120)}", f"PR {rng.randint(120, 220)}, QRS {rng.randint(70, 140)}, QTc {rng.randint(380, 520)}",
                       "LVH with strain", "no acute ST changes", "old Q waves inferiorly", "RBBB", "LAFB"))


def number_range(rng: random.Random, arg: str) -> str:
    """A number for `{~n:LOW-HIGH}`; decimals follow LOW ("{~n:1.0-4.5}" -> "2.7")."""
    low_text, _, high_text = arg.partition("-")
    try:
        low, high = float(low_text), float(high_text)
    except ValueError:
        return str(rng.randint(1, 100))
    decimals = len(low_text.partition(".")[2])
    return rand_value(rng, low, high, decimals)


# --- Negative look-alikes of real notes (never annotated) ---------------------------------
# Capitalized medical words at the start of a line or sentence, religions and
# ethnic adjectives, ranges, fractions, ordinals, number lists, capitalized
# pathology lines, credentials and roles: shapes a detector tends to flag.

PROBLEM_LIST_ITEMS: Tuple[str, ...] = (
    "Gout", "Paroxysmal AF, CHA2DS2-VASc {n:2-7}", "Emphysema, coronary calcifications.", "Mediastinum/hila: No lymphadenopathy",
    "Neutropenic precautions", "Tunneled Hickman placement", "Hypokalemia, repleted", "Chronic systolic CHF, EF {n:15-40}%",
    "Iron deficiency anemia", "Obstructive sleep apnea on CPAP", "Hyperlipidemia", "Essential hypertension",
    "Morbid obesity, BMI {n:40-55}", "Pressure injury, sacrum, stage {n:2-4}", "Delirium, resolving", "Acute on chronic kidney injury",
    "Thrombocytopenia", "Hyponatremia (SIADH)", "Type 2 DM, A1c {n:6-12}.{n:0-9}%", "Anxiety", "Major depressive disorder, recurrent",
    "Alcohol use disorder, in early remission", "Tobacco use", "Osteoporosis", "Lumbar radiculopathy", "Sick sinus syndrome s/p PPM",
    "Aortic stenosis, moderate", "Pleural effusion, left", "Cellulitis, RLE", "Community-acquired pneumonia", "Failure to thrive",
    "Goals of care", "Nutrition: Regular diet", "Prophylaxis: SQ heparin", "Access: PIV x2", "Code: Full", "Dispo: Home with services",
    "Lines: R IJ CVC", "Pain control", "Constipation", "Insomnia", "Fall risk", "Skin: intact", "Hyperkalemia", "Leukocytosis",
    "Sepsis, resolved", "Transaminitis", "Chronic pain syndrome", "Peripheral neuropathy", "Gastroparesis", "Barrett esophagus",
    "Hemorrhoids", "Glaucoma, both eyes", "Cataract, right eye", "Hypothyroidism", "Vitamin D deficiency", "Lymphedema, LUE",
    "Impression: No acute intracranial abnormality.", "Lungs/pleura: Mild bibasilar atelectasis.", "Heart: Normal size. No pericardial effusion.",
    "Bones: Degenerative changes of the thoracic spine.", "Liver: Unremarkable.", "Pancreas: Atrophic.", "Kidneys: No hydronephrosis.",
    "Neurovascular checks q1h", "Seizure precautions", "Aspiration precautions", "Contact precautions (MRSA)", "Fluid restriction 1.5 L",
    "Renal diet", "Strict I/O", "Daily weights", "Telemetry", "Incentive spirometry", "Sternal precautions", "Bleeding precautions",
)

CLINICAL_SENTENCES: Tuple[str, ...] = (
    "Denies LOC, HA.", "Denies CP, SOB, N/V.", "Agrees to plan.", "Agrees to inpatient admission.", "Describes childhood as chaotic.",
    "Describes mood as \"okay\".", "Met w/ pt at bedside.", "Met with pt and family at bedside.", "Never on psychotropics.",
    "Enrolled in WIC.", "May need home O2.", "Reports good appetite.", "Tolerating regular diet.", "Ambulating with walker.",
    "Endorses passive SI, no plan.", "Consented for procedure.", "Declines flu vaccine.", "Requests pain medication.",
    "Presents with worsening dyspnea.", "Remains NPO.", "Continues on heparin gtt.", "Ambulated 150 ft with PT.",
    "Lives independently.", "Uses cane at baseline.", "Smokes 1/2 ppd.", "Quit smoking years ago.", "Drinks socially.",
    "Admits to occasional marijuana use.", "Completed 8th grade.", "Graduated high school.", "Attends church weekly.",
    "Receives SSI.", "Has Medicaid.", "Sleeps 4-5 hrs/night.", "Tolerated procedure well.", "Understands and agrees.",
    "Verbalized understanding.", "Appears comfortable.", "Appears stated age.", "Oriented to person, place, time.",
    "Voiding without difficulty.", "Passing flatus.", "Afebrile overnight.", "Weaned off pressors.", "Extubated this AM.",
    "Started on CTX.", "Held metformin.", "Resumed home meds.", "Discussed with team.", "Discussed code status.",
    "Pending PT/OT eval.", "Awaiting bed.", "Awaiting rehab placement.", "Cleared by psych.", "Seen and examined.",
    "Education provided.", "Call light within reach.", "Bed alarm on.", "Side rails up x2.", "Family updated.",
)

RELIGIONS_ETHNIC: Tuple[str, ...] = (
    "Catholic", "Roman Catholic", "Baptist", "Pentecostal", "Methodist", "Lutheran", "Episcopalian", "Jehovah's Witness",
    "Muslim", "Sunni Muslim", "Orthodox Jewish", "Jewish", "Hindu", "Buddhist", "Sikh", "Seventh-day Adventist", "Mormon (LDS)",
    "Greek Orthodox", "Christian", "agnostic", "atheist", "Evangelical", "Quaker", "Mennonite",
)
ETHNIC_PHRASES: Tuple[str, ...] = (
    "West African men", "African American", "Hispanic", "Latina", "Latino", "Caucasian", "Asian American", "Ashkenazi Jewish",
    "East Asian", "South Asian", "Middle Eastern", "Native American", "Pacific Islander", "Nigerian-born", "Haitian-born",
    "Mexican-American", "Irish-American", "Italian-American", "Korean-American", "Caribbean", "Cape Verdean descent",
    "Puerto Rican descent", "Somali-speaking", "Spanish-speaking", "Portuguese-speaking", "Creole-speaking", "Vietnamese-speaking",
    "non-Hispanic white", "white", "Black", "biracial", "Arabic-speaking", "Mandarin-speaking", "Cantonese interpreter",
)

ETHNIC_SENTENCES: Tuple[str, ...] = (
    "Pt is {relig}; [would accept|declines] blood products.", "Identifies as {ethnic}.", "{relig}, [attends services weekly|not practicing].",
    "Religion: {relig}.", "Ethnicity: {ethnic}.", "Higher prevalence of this variant among {ethnic} patients.",
    "Higher risk of prostate cancer in West African men.", "Interpreter used ({ethnic}).", "Spiritual care: {relig} chaplain offered.",
    "Sickle trait screening offered given {ethnic} ancestry.", "Dietary restrictions per {relig} faith.",
)

def _n(rng: random.Random, low: int, high: int) -> str:
    return str(rng.randint(low, high))


RANGES: Tuple[Callable[[random.Random], str], ...] = (
    lambda r: f"{r.randint(1, 3)}-{r.randint(4, 6)} drinks/wk", lambda r: f"icp {r.randint(5, 10)}-{r.randint(12, 22)}",
    lambda r: f"{r.randint(3, 5)}-{r.randint(6, 8)} wet diapers", lambda r: r.choice(("1900-0700 shift", "0700-1900 shift", "7a-7p", "2300-0700")),
    lambda r: f"x {r.randint(2, 8)} wks", lambda r: f"x{r.randint(2, 5)} days", lambda r: f"q{r.randint(2, 6)}-{r.randint(6, 8)}h prn",
    lambda r: f"HR {r.randint(60, 80)}-{r.randint(90, 120)}s", lambda r: f"SBP {r.randint(90, 110)}-{r.randint(120, 160)}",
    lambda r: f"{r.randint(2, 3)}-{r.randint(4, 5)} times a week", lambda r: f"{r.randint(10, 20)}-{r.randint(25, 40)} mg",
    lambda r: f"{r.randint(1, 2)}-{r.randint(3, 4)} ppd", lambda r: f"T {r.randint(2, 4)}-{r.randint(5, 12)}",
    lambda r: f"C{r.randint(3, 5)}-C{r.randint(6, 7)}", lambda r: f"L{r.randint(3, 4)}-L{r.randint(5, 5)}", lambda r: f"until {r.choice(('2300', '0600', '1400', '2200', '1800'))}",
    lambda r: f"from {r.choice(('0800', '0900', '1300'))}-{r.choice(('1200', '1600', '1700'))}", lambda r: f"{r.randint(1, 2)}-{r.randint(3, 4)} cm",
)
FRACTIONS: Tuple[Callable[[random.Random], str], ...] = (
    lambda r: f"Apgars {r.randint(6, 9)}/{r.randint(8, 9)}", lambda r: "2/2 steroids", lambda r: "2/2 poor PO intake",
    lambda r: f"Pain {r.randint(0, 10)}/10", lambda r: "24/7 supervision", lambda r: f"BP {r.randint(80, 190)}/{r.randint(40, 110)}",
    lambda r: f"Entresto {r.choice(('24/26', '49/51', '97/103'))} mg", lambda r: f"I/O {r.randint(1, 3)}.{r.randint(0, 9)}L/{r.randint(0, 3)}.{r.randint(0, 9)}L",
    lambda r: f"strength {r.randint(3, 5)}/5", lambda r: f"{r.randint(2, 4)}/6 systolic murmur", lambda r: f"Advair {r.choice(('250/50', '500/50', '100/50'))}",
    lambda r: f"Norco {r.choice(('5/325', '10/325'))}", lambda r: f"PEEP {r.randint(5, 10)}/PS {r.randint(5, 12)}", lambda r: f"{r.randint(1, 3)}/{r.randint(3, 4)} blood cx positive",
    lambda r: f"MMSE {r.randint(18, 30)}/30", lambda r: f"{r.randint(1, 9)}/{r.randint(10, 12)} lymph nodes positive",
)
ORDINALS: Tuple[Callable[[random.Random], str], ...] = (
    lambda r: f"{r.choice(('2nd', '3rd', '4th', '5th'))} fl", lambda r: f"{r.choice(('1st', '2nd', '5th'))} met head",
    lambda r: f"{r.choice(('1st', '2nd', '3rd'))} trimester", lambda r: f"{r.choice(('2nd', '3rd', '4th'))} degree AV block",
    lambda r: f"{r.choice(('1st', '2nd', '3rd'))} dose", lambda r: f"{r.choice(('3rd', '6th', '8th', '11th'))} grade",
    lambda r: f"{r.choice(('2nd', '3rd', '4th'))} ICS", lambda r: f"{r.choice(('1st', '2nd'))} degree burn", lambda r: f"POD #{r.randint(1, 9)}",
    lambda r: f"HD #{r.randint(2, 14)}", lambda r: f"{r.choice(('1st', '2nd', '3rd'))}-line therapy", lambda r: f"C{r.randint(1, 6)} cycle {r.randint(1, 6)}",
)


def number_list(rng: random.Random) -> str:
    """ "FSBG log: 62, 88, 141" and other runs of bare numbers."""
    head = rng.choice(("FSBG log", "FSBG", "BG", "Glucose log", "Daily weights", "Temps", "INRs", "SBPs"))
    count = rng.randint(3, 6)
    if head in ("Daily weights",):
        nums = [f"{rng.randint(60, 120)}.{rng.randint(0, 9)}" for _ in range(count)]
    elif head == "INRs":
        nums = [f"{rng.uniform(1.0, 4.0):.1f}" for _ in range(count)]
    elif head == "Temps":
        nums = [f"{rng.uniform(97, 102):.1f}" for _ in range(count)]
    else:
        nums = [str(rng.randint(55, 320)) for _ in range(count)]
    return f"{head}: {', '.join(nums)}"


PATHOLOGY_CAPS: Tuple[str, ...] = (
    "DUCTAL CARCINOMA IN SITU, CRIBRIFORM", "INVASIVE DUCTAL CARCINOMA, GRADE 2", "BENIGN BREAST TISSUE WITH FIBROCYSTIC CHANGES",
    "TUBULAR ADENOMA", "NEGATIVE FOR MALIGNANCY", "CHRONIC GASTRITIS, H. PYLORI NEGATIVE", "SQUAMOUS CELL CARCINOMA, MODERATELY DIFFERENTIATED",
    "ADENOCARCINOMA, GLEASON SCORE 3+4=7", "MARGINS FREE OF TUMOR", "LYMPHOVASCULAR INVASION: NOT IDENTIFIED", "BASAL CELL CARCINOMA, NODULAR TYPE",
    "SEBORRHEIC KERATOSIS", "HYPERPLASTIC POLYP", "CHRONIC CHOLECYSTITIS WITH CHOLELITHIASIS", "ACUTE APPENDICITIS WITH PERIAPPENDICITIS",
    "SPECIMEN: LEFT BREAST, 2 O'CLOCK, CORE BIOPSY", "FINAL DIAGNOSIS", "GROSS DESCRIPTION", "MICROSCOPIC DESCRIPTION", "CLINICAL HISTORY",
    "LEIOMYOMA", "ENDOMETRIAL HYPERPLASIA WITHOUT ATYPIA", "FOLLICULAR ADENOMA", "PAPILLARY THYROID CARCINOMA, CLASSIC VARIANT",
)
CREDENTIALS_ROLES: Tuple[str, ...] = (
    "CPNP", "Pathologist", "Hem/Onc", "ER", "WCC", "BMT conference", "Tumor Board", "RN", "LPN", "CNA", "PA-C", "NP", "MSW", "LICSW",
    "PharmD", "RD", "PT", "OT", "SLP", "RT", "APRN", "FNP-BC", "DNP", "CRNA", "Attending", "Resident", "Intern", "Fellow", "Chaplain",
    "Case Manager", "Charge RN", "Nurse Manager", "Rapid Response", "Code Team", "MICU team", "Neuro IR", "GI fellow", "ID consult",
    "Palliative team", "Nephrology", "Ortho", "Gen Surg", "CT surgery", "Cards", "Pulm", "Endo", "Psych C/L", "Wound RN", "Lactation",
)

AGE_SEX_FIELDS: Tuple[str, ...] = ("Age/Sex: ", "Age/Sex ", "Age/Gender: ", "Sex/Age: ")


def _fill(rng: random.Random, template: str) -> str:
    out = template
    while "{n:" in out:
        start = out.index("{n:")
        end = out.index("}", start)
        low, high = out[start + 3 : end].split("-")
        out = out[:start] + _n(rng, int(low), int(high)) + out[end + 1 :]
    return out


def problem_item(rng: random.Random) -> str:
    return _fill(rng, rng.choice(PROBLEM_LIST_ITEMS))


def clinical_sentence(rng: random.Random) -> str:
    return rng.choice(CLINICAL_SENTENCES)


def ethnic_sentence(rng: random.Random) -> str:
    return rng.choice(ETHNIC_SENTENCES).format(relig=rng.choice(RELIGIONS_ETHNIC), ethnic=rng.choice(ETHNIC_PHRASES))


def negative(rng: random.Random) -> str:
    """Any one of the negative look-alike shapes."""
    kind = rng.randint(0, 8)
    if kind == 0:
        return problem_item(rng)
    if kind == 1:
        return clinical_sentence(rng)
    if kind == 2:
        return ethnic_sentence(rng)
    if kind == 3:
        return rng.choice(RANGES)(rng)
    if kind == 4:
        return rng.choice(FRACTIONS)(rng)
    if kind == 5:
        return rng.choice(ORDINALS)(rng)
    if kind == 6:
        return number_list(rng)
    if kind == 7:
        return rng.choice(CREDENTIALS_ROLES)
    return problem_item(rng)


#: The `{~name}` slots of the template language.
LOOKALIKE_SLOTS: Dict[str, Callable[[random.Random], str]] = {
    "eponym": eponym,
    "dx": condition,
    "symptom": symptom,
    "drug": drug,
    "med": med_line,
    "lab": lab,
    "labs": lab_panel,
    "vitals": vitals,
    "score": score,
    "code": code,
    "duration": duration,
    "time": clock_time,
    "number": number,
    "general_age": general_age,
    "name_like": name_like,
    "proc": procedure,
    "freq": lambda r: r.choice(FREQUENCIES),
    "size": size,
    "volume": volume,
    "weight": weight,
    "packyears": pack_years,
    "io": intake_output,
    "ecg": ecg,
    "capword": lambda r: r.choice(CAPITALIZED_WORDS),
    "problem": problem_item,
    "clin": clinical_sentence,
    "ethnic": ethnic_sentence,
    "ethnic_adj": lambda r: r.choice(ETHNIC_PHRASES),
    "relig": lambda r: r.choice(RELIGIONS_ETHNIC),
    "range": lambda r: r.choice(RANGES)(r),
    "frac": lambda r: r.choice(FRACTIONS)(r),
    "ord": lambda r: r.choice(ORDINALS)(r),
    "numlist": number_list,
    "pathcaps": lambda r: r.choice(PATHOLOGY_CAPS),
    "cred": lambda r: r.choice(CREDENTIALS_ROLES),
    "neg": negative,
}

# ICU nursing shorthand (vent settings, drips, vitals ranges...): its own module.
from .icu_lookalikes import ICU_LOOKALIKE_SLOTS  # noqa: E402

_clash = LOOKALIKE_SLOTS.keys() & ICU_LOOKALIKE_SLOTS.keys()
if _clash:
    raise ValueError(f"Look-alike slots defined twice: {sorted(_clash)}")
LOOKALIKE_SLOTS.update(ICU_LOOKALIKE_SLOTS)
