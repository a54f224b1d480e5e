"""Non-PHI shorthand of ICU nursing notes, written as nurses type it at the
bedside: ventilator settings ("AC 600X12", "PS 10/5"), oxygen ("3LNP",
"100%NRB"), vital-sign ranges ("HR 80'S SR", "BP 90'S-110'S/50'S"), intake and
output ("UO 30-60CC/HR", "+1.2L"), drips ("DOPA 5MCG/KG/MIN"), lines and drains,
IV fluids ("1/2NS"), strengths ("5/5") and 24-hour clock times ("0200").

These are the shapes a detector trained on prose mistakes for names, dates,
phones and IDs once they are typed in capitals. Every function takes the note's
`random.Random` and returns plain text; the note context writes it unannotated.
The `{~name}` slots they fill are listed in `ICU_LOOKALIKE_SLOTS`.
"""

from __future__ import annotations

import random
from typing import Callable, Dict, Tuple


def military_time(rng: random.Random) -> str:
    """A 24-hour clock time without a colon: "0200", "2130", "1945"."""
    return f"{rng.randint(0, 23):02d}{rng.choice((0, 0, 0, 15, 30, 30, 45, 10, 20, 40, 50)):02d}"


def _decade(rng: random.Random, low: int, high: int) -> str:
    """A value band as nurses write it: "80'S", "80S", "80's"."""
    value = rng.randrange(low, high + 1, 10)
    suffix = rng.choice(("'S", "'S", "S", "'s", "s"))
    return f"{value}{suffix}"


def vent_setting(rng: random.Random) -> str:
    """A ventilator mode and its numbers: "AC 600X12", "PSV 12/5", "CPAP 5/5", "SIMV 500 X 10 PS 10"."""
    tidal = rng.randrange(350, 801, 50)
    rate = rng.randint(8, 24)
    support, peep = rng.choice((5, 8, 10, 12, 15, 18, 20)), rng.choice((5, 5, 5, 8, 10, 12))
    x = rng.choice(("X", "X", " X ", "x"))
    return rng.choice((
        f"AC {tidal}{x}{rate}", f"A/C {tidal}{x}{rate}", f"SIMV {tidal}{x}{rate} PS {support}", f"IMV {rate}",
        f"PS {support}/{peep}", f"PSV {support}/{peep}", f"CPAP {peep}/{peep}", f"CPAP+PS {support}/{peep}",
        f"CPAP {peep} PS {support}", f"PRVC {tidal}{x}{rate}",
    ))


def fio2(rng: random.Random) -> str:
    """ "FIO2 40%", "FI02 .50", "PEEP 8", "FIO2 40% PEEP 5"."""
    pct = rng.randrange(30, 101, 5)
    return rng.choice((f"FIO2 {pct}%", f"FIO2 {pct}%", f"FI02 .{pct // 10}0", f"FIO2 {pct}% PEEP {rng.choice((5, 8, 10, 12))}",
                       f"PEEP {rng.choice((5, 7, 8, 10, 12, 15))}", f"{pct}%"))


def oxygen(rng: random.Random) -> str:
    """Supplemental oxygen: "3LNP", "2L NC", "100%NRB", "50% FM", "40% CFM", "70% HI FLOW"."""
    liters = rng.randint(1, 6)
    pct = rng.randrange(35, 101, 5)
    return rng.choice((f"{liters}LNP", f"{liters}L NP", f"{liters}L NC", f"{liters}LNC", "100%NRB", "100% NRB", f"{pct}% FM",
                       f"{pct}% CFM", f"{pct}% HI FLOW", f"{pct}%FT", f"{pct}% SHOVEL MASK", "RA"))


def vitals_range(rng: random.Random) -> str:
    """Vital signs as ranges of bands: "HR 80'S SR", "BP 90'S-110'S/50'S", "SBP 100-120'S", "MAP 60-70'S"."""
    rhythm = rng.choice(("SR", "NSR", "ST", "SB", "AFIB", "A-FIB", "SR W/ OCC PVCS", "SR-ST", "PACED"))
    low = rng.randrange(60, 121, 10)
    return rng.choice((
        f"HR {_decade(rng, 50, 120)} {rhythm}",
        f"HR {low}-{low + rng.choice((10, 20, 30))}'S {rhythm}",
        f"BP {_decade(rng, 80, 120)}-{_decade(rng, 110, 160)}/{_decade(rng, 40, 80)}",
        f"SBP {low + 20}-{low + 40}'S", f"SBP {_decade(rng, 80, 160)}",
        f"MAP {_decade(rng, 50, 80)}", f"MAPS {rng.randrange(55, 71, 5)}-{rng.randrange(70, 91, 5)}",
        f"CVP {rng.randint(2, 10)}-{rng.randint(11, 20)}", f"RR {_decade(rng, 10, 30)}",
        f"SATS {rng.randint(88, 95)}-{rng.randint(96, 100)}%", f"TMAX {rng.choice(('99.1', '100.4', '101.2', '98.6', '100.9', '38.2'))}",
        f"T {rng.choice(('99.1', '100.4', '101.8', '37.8'))} PO", f"PAP {_decade(rng, 30, 60)}/{_decade(rng, 10, 30)}",
        f"CI {rng.choice(('1.9', '2.2', '2.5', '3.1'))}", f"SVR {rng.randint(600, 1600)}",
    ))


def intake_output(rng: random.Random) -> str:
    """Urine output and fluid balance: "UO 30-60CC/HR", "+1.2L", "-500CC", "I/O +1.2L, LOS +4L"."""
    low = rng.randrange(10, 81, 10)
    liters = f"{rng.randint(0, 4)}.{rng.randint(0, 9)}L"
    return rng.choice((
        f"UO {low}-{low + rng.choice((20, 30, 50))}CC/HR", f"U/O {low}-{low + 40}CC/HR", f"UOP {low}CC/HR",
        f"+{liters}", f"-{rng.randrange(100, 2001, 100)}CC", f"I/O +{liters}", f"+{liters} FOR THE DAY, LOS +{rng.randint(2, 12)}L",
        f"UO QS", f"UO {rng.randrange(100, 401, 25)}CC/{rng.choice((2, 4, 8))}HR", f"NET -{liters}",
    ))


def drip(rng: random.Random) -> str:
    """An infusion and its rate: "DOPA 5MCG/KG/MIN", "HEPARIN 850U/HR", "LEVO .1MCG/KG/MIN"."""
    return rng.choice((
        f"DOPA {rng.randint(2, 15)}MCG/KG/MIN", f"DOPAMINE {rng.randint(2, 15)} MCG/KG/MIN",
        f"HEPARIN {rng.randrange(600, 1801, 50)}U/HR", f"HEPARIN GTT @ {rng.randrange(600, 1801, 50)} UNITS/HR",
        f"LEVO .{rng.randint(1, 9)}MCG/KG/MIN", f"LEVOPHED {rng.randint(2, 20)}MCG/MIN",
        f"NEO {rng.randint(1, 5)}MCG/KG/MIN", f"NEO @ {rng.choice(('0.5', '1', '2', '3'))}", f"NTG {rng.randrange(10, 201, 10)}MCG/MIN",
        f"PROPOFOL {rng.randrange(10, 81, 5)}MCG/KG/MIN", f"PROPOFOL @ {rng.randint(5, 50)}", f"INSULIN {rng.randint(1, 12)}U/HR",
        f"FENTANYL {rng.randrange(25, 201, 25)}MCG/HR", f"VERSED {rng.randint(1, 6)}MG/HR", f"DILT {rng.randint(5, 15)}MG/HR",
        f"AMIO {rng.choice(('0.5', '1'))}MG/MIN", f"NIPRIDE {rng.choice(('0.5', '1', '2'))}MCG/KG/MIN", f"ESMOLOL {rng.randrange(50, 301, 25)}MCG/KG/MIN",
        f"LASIX {rng.randint(5, 20)}MG/HR", f"MS04 {rng.randint(1, 6)}MG/HR",
    ))


def line_or_drain(rng: random.Random) -> str:
    """Lines, tubes and drains: "R IJ TLC", "L RAD A-LINE", "PICC", "2 PIV'S", "OGT", "CT TO -20 SX"."""
    side = rng.choice(("R", "L", "RT", "LT"))
    return rng.choice((
        f"{side} IJ TLC", f"{side} SC TLC", f"{side} RAD ALINE", f"{side} RAD A-LINE", f"{side} FEM ALINE", f"{side} IJ CORDIS", "PICC",
        f"{rng.randint(1, 3)} PIV'S", f"{rng.randint(1, 3)} PIVS", f"{side} IJ SGC", "OGT", "NGT", "DHT", "FOLEY", "JP X2",
        "CT TO -20 SX", "CT TO WS", "PEG", "TRACH", "ETT 7.5", f"ETT {rng.randint(20, 26)} AT LIP", "RECTAL BAG", "FMS",
    ))


def fluid(rng: random.Random) -> str:
    """IV fluids and fractions of saline: "1/2NS", "D5 1/2NS @ 100CC/HR", "NS BOLUS 500CC", "LR @ 125"."""
    return rng.choice((
        "1/2NS", "D5 1/2NS", f"D5 1/2NS @ {rng.randrange(50, 151, 25)}CC/HR", "1/2 NS", f"1/2NS W/ 20KCL @ {rng.randrange(50, 151, 25)}",
        f"NS BOLUS {rng.choice((250, 500, 1000))}CC", f"{rng.choice((250, 500))}CC NS BOLUS X{rng.randint(1, 3)}", f"LR @ {rng.randrange(75, 201, 25)}",
        "D5W KVO", f"{rng.randint(1, 3)} UNITS PRBC", f"{rng.randint(1, 2)} U FFP", f"{rng.randint(1, 6)} BAGS PLTS", "NS KVO",
    ))


def strength(rng: random.Random) -> str:
    """Motor strength and pulses: "5/5", "4/5 RUE", "+2 PP", "DP/PT DOPP"."""
    grade = f"{rng.randint(0, 5)}/5"
    return rng.choice((grade, f"{grade} {rng.choice(('RUE', 'LUE', 'RLE', 'LLE', 'UE', 'LE', 'BUE', 'BLE'))}",
                       f"+{rng.randint(1, 3)} PP", "DP/PT DOPP", f"PEDAL PULSES +{rng.randint(1, 2)}", f"GRIPS {grade}"))


def icu_lab(rng: random.Random) -> str:
    """Labs as ICU notes write them: "K 3.4", "HCT 28.1", "ABG 7.32/45/88/24", "INR 1.4"."""
    return rng.choice((
        f"K {rng.randint(3, 5)}.{rng.randint(0, 9)}", f"HCT {rng.randint(22, 40)}.{rng.randint(0, 9)}", f"MG {rng.randint(1, 2)}.{rng.randint(0, 9)}",
        f"ABG {rng.choice(('7.32', '7.38', '7.41', '7.29', '7.45'))}/{rng.randint(30, 60)}/{rng.randint(60, 200)}/{rng.randint(18, 30)}",
        f"INR {rng.randint(1, 3)}.{rng.randint(0, 9)}", f"PTT {rng.randint(25, 110)}", f"GLU {rng.randint(70, 320)}", f"FS {rng.randint(70, 320)}",
        f"WBC {rng.randint(3, 25)}.{rng.randint(0, 9)}", f"LACTATE {rng.randint(1, 6)}.{rng.randint(0, 9)}", f"CK {rng.randint(50, 2500)}",
        f"BS {rng.randint(70, 320)}", f"RSBI {rng.randint(30, 140)}", f"NIF -{rng.randint(10, 40)}",
    ))


def icu_word(rng: random.Random) -> str:
    """Capitalised shorthand of ICU notes that is not a name or a place."""
    return rng.choice((
        "HO AWARE", "MD AWARE", "TEAM AWARE", "RESIDENT AWARE", "NP AWARE", "CAREVUE", "SEE CAREVUE", "SEE FLOWSHEET",
        "PER FLOWSHEET", "SEE FLOWSHEET FOR DETAILS", "SEE CAREVUE FOR SPECIFICS", "FULL CODE", "DNR/DNI", "CMO", "NPO",
        "OOB TO CHAIR", "BR", "SCD'S ON", "PNEUMOBOOTS ON", "CONT TO MONITOR", "AWAIT LABS", "WILL CONT TO FOLLOW",
        "AS ABOVE", "NO CHANGES", "OSH", "MICU", "CCU", "SICU", "CSRU", "THE FLOOR", "REHAB", "VNA", "PT/OT",
    ))


#: The `{~name}` slots of this module, merged into `lookalikes.LOOKALIKE_SLOTS`.
ICU_LOOKALIKE_SLOTS: Dict[str, Callable[[random.Random], str]] = {
    "mil": military_time,
    "vent": vent_setting,
    "fio2": fio2,
    "o2": oxygen,
    "vsr": vitals_range,
    "uo": intake_output,
    "drip": drip,
    "line": line_or_drain,
    "fluid": fluid,
    "strength": strength,
    "icu_lab": icu_lab,
    "icu_word": icu_word,
}

__all__: Tuple[str, ...] = ("ICU_LOOKALIKE_SLOTS",)
