"""Slots that write identifiers: one per identifier label ({mrn}, {acct},
{ssn}, {lic:npi}...), with a field name before it in its ".lab" form
({mrn.lab} "MRN: 0937884"), named device models, eScription document ids and
HL7-like header lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict

from .. import values
from ..values import Pieces
from .handler import SlotHandler

if TYPE_CHECKING:
    from ..context import NoteContext


#: Field names written before an identifier of each label (the ".lab" slots).
ID_PREFIXES = {
    "MEDICALRECORD": ("MRN: ", "MRN ", "MRN#: ", "MR#: ", "MR# ", "MR:", "Med Rec #: ", "Medical Record Number: ",
                      "Unit No: ", "Unit #: ", "MC # ", "Hospital #: ", "BH# ", "MRN:", "Record #", "(MRN ", "PT ID: "),
    "ACCOUNT": ("Acct #: ", "Account #: ", "Account No. ", "ACCT: ", "Billing account ", "Acct: ", "Visit acct # ",
                "Guarantor acct ", "Account number: ", "FIN: ", "HAR: "),
    "HEALTHPLAN": ("Member ID: ", "Insurance ID: ", "Policy #: ", "Subscriber ID: ", "MassHealth ID ", "Medicaid # ",
                   "Medicare #: ", "BCBS ID ", "Group #: ", "Plan ID: ", "Health plan no. ", "Member #"),
    "SSN": ("SSN: ", "SS#: ", "SSN ", "Social Security #: ", "social security number ", "SS # ", "SSN#"),
    "LICENSE": ("DEA# ", "DEA: ", "NPI: ", "NPI ", "Lic. # ", "License #: ", "MA Lic ", "Driver's license # ",
                "DL# ", "Board cert. # ", "State license no. ", "DEA #"),
    "VEHICLE": ("plate ", "license plate ", "plate #", "VIN ", "VIN: ", "tag # ", "MA plate ", "reg. "),
    "DEVICE": ("serial # ", "SN: ", "S/N ", "serial number ", "Serial: ", "device ID ", "SN ", "ser. no. "),
    "BIOID": ("fingerprint ID ", "Biometric ID: ", "retinal scan ID ", "palm-vein ID ", "voiceprint ID ",
              "iris template # ", "DNA profile ID ", "biometric enrollment # "),
    "IDNUM": ("Accession #: ", "Accession No: ", "Order #", "Job #: ", "Specimen ID: ", "Claim #: ", "Case # ",
              "Document ID: ", "Requisition #: ", "Ref #: ", "Encounter ID: ", "Batch: ", "Index No. ",
              "Control #: ", "Study ID: ", "Auth # ", "Prior auth #: ", "Confirmation # ", "Ticket #", "Rx #"),
}


#: The identifier slots and their labels (each also has a ".lab" form).
_ID_SLOTS = {
    "mrn": "MEDICALRECORD", "acct": "ACCOUNT", "hplan": "HEALTHPLAN", "ssn": "SSN", "lic": "LICENSE",
    "vehicle": "VEHICLE", "device": "DEVICE", "bioid": "BIOID", "idnum": "IDNUM",
}


def _make_id_handler(label: str, labelled: bool) -> SlotHandler:
    def handler(ctx: NoteContext, arg: str) -> None:
        memo = label in ("MEDICALRECORD", "ACCOUNT", "HEALTHPLAN", "SSN") or arg
        make = lambda: values.id_value(ctx.rng, label, arg)  # noqa: E731
        value = ctx.memo_value(f"id:{label}:{arg}", make) if memo else make()
        if labelled:
            prefix = ctx.rng.choice(ID_PREFIXES[label])
            pieces: Pieces = [(prefix, None), (value, label)]
            if prefix.startswith("(") and not prefix.endswith(")"):
                pieces.append((")", None))
            ctx.pieces(pieces)
        else:
            ctx.phi(value, label)

    return handler


def _device_model(ctx: NoteContext, arg: str) -> None:
    model, noun = values.device_model_value(ctx.rng, arg.replace("_", " "))
    ctx.pieces([(model, "DEVICE"), (" " + noun, None)])


def _escription(ctx: NoteContext, arg: str) -> None:
    """ "eScription document:9-2784353 KUQlhv" (the document id is IDNUM)."""
    rng = ctx.rng
    code = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(rng.randint(2, 3))) + "".join(
        rng.choice("abcdefghijkmnopqrstuvwxyz") for _ in range(rng.randint(3, 4)))
    number = f"{rng.randint(1, 9)}-{rng.randint(1000000, 9999999)}"
    ctx.pieces([(rng.choice(("eScription document:", "eScription document: ", "Document: ")), None),
                (f"{number} {code}", "IDNUM")])


def _hl7(ctx: NoteContext, arg: str) -> None:
    """An HL7-like header: "KYLE^02/14/90^CHANEY", "EDVISIT^56040785^OROZCO"."""
    p = ctx.patient
    rng = ctx.rng
    form = rng.randint(0, 2)
    if form == 0:
        ctx.pieces([(p.first.upper(), "PATIENT"), ("^", None), (values.date_text(ctx.date("dob"), "MM/DD/YY"), "DATE"),
                    ("^", None), (p.last.upper(), "PATIENT")])
    elif form == 1:
        ctx.pieces([("EDVISIT^", None), (str(rng.randint(10000000, 99999999)), "IDNUM"), ("^", None),
                    (p.last.upper(), "PATIENT"), ("^", None), (p.first.upper(), "PATIENT"), ("^", None),
                    (values.date_text(ctx.date("ref"), "MM/DD/YY"), "DATE")])
    else:
        ctx.pieces([(f"{p.last}^{p.first}".upper(), "PATIENT"), ("|", None), (ctx.memo_value("id:MEDICALRECORD:", lambda: values.id_value(rng, "MEDICALRECORD")), "MEDICALRECORD"),
                    ("|", None), (values.date_text(ctx.date("dob"), "YYYYMMDD"), "DATE"), ("|", None), (p.sex, None)])


#: The slots of this module, by name.
SLOTS: Dict[str, SlotHandler] = {
    "device.model": _device_model,
    "escription": _escription,
    "hl7": _hl7,
}
for _slot, _label in _ID_SLOTS.items():
    SLOTS[_slot] = _make_id_handler(_label, False)
    SLOTS[f"{_slot}.lab"] = _make_id_handler(_label, True)
