"""What happens to each field of an HL7 v2 message: the field tables of the
segments read and the rules that rewrite one field value.

An allow-list: each segment read has a table of its fields, and a field
the table does not name is emptied (its place kept, so field counts do not
change). Rules work on the field as written (escaped), split on the
message's own separators; a value that is rewritten is unescaped, replaced
and escaped again. Names go through the run's `SurrogateGenerator` of the
message's patient (the one that rewrote its note text, so "SMITH^JOHN" in
PID-5 and "John Smith" in the text get the same surrogate), identifiers
that a note may quote (MRN, account, SSN, visit number) get the same
format-keeping surrogates a note gets, other identifiers (control ids,
order numbers, provider ids) a keyed hash, and dates move by the patient's
date shift with their precision kept. A birth date that makes the patient
older than the age cap (89) at the message's date becomes the year alone
that makes the age read 90, as the text writes such ages "90+" (HIPAA Safe
Harbor aggregates them).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

from ...surrogates.generator import SurrogateGenerator
from ...surrogates.replacer import mask_text
from .hl7_escape import Encoding, escape, unescape
from .keyed import RecordKeys, shift_partial


class FieldError(ValueError):
    """A field cannot be de-identified (the message names the field, never its value)."""


@dataclass
class FieldContext:
    """What a rule needs for one message.

    enc (Encoding): the message's encoding characters.
    gen (SurrogateGenerator): the patient's surrogates and date shift.
    keys (RecordKeys): the run's keyed hashes.
    where (str): the field being rewritten ("PID-7"), for error messages.
    reference (Optional[dt.date]): the message's date (MSH-7, not shifted):
        ages are read at it; None: today.
    """

    enc: Encoding
    gen: SurrogateGenerator
    keys: RecordKeys
    where: str = ""
    reference: Optional[dt.date] = None


Rule = Callable[[str, FieldContext], str]

# -- pieces ---------------------------------------------------------------------


def _reps(raw: str, ctx: FieldContext, rewrite: Callable[[str], str]) -> str:
    return ctx.enc.repetition.join(rewrite(rep) if rep else rep for rep in raw.split(ctx.enc.repetition))


def _components(rep: str, ctx: FieldContext, rules: Dict[int, Rule], rest: Optional[Rule] = None) -> str:
    """A repetition with component n (1-based) rewritten by rules[n]; the
    others kept (rest None) or rewritten by `rest`."""
    parts = rep.split(ctx.enc.component)
    for i, part in enumerate(parts, start=1):
        rule = rules.get(i, rest)
        if rule is not None and part:
            parts[i - 1] = rule(part, ctx)
    return ctx.enc.component.join(parts)


def _subcomponents(value: str, ctx: FieldContext, rule: Rule) -> str:
    return ctx.enc.subcomponent.join(rule(s, ctx) if s else s for s in value.split(ctx.enc.subcomponent))


def _surrogate(label: str) -> Rule:
    """The note's surrogate of a value of `label`; the label's mask where no
    surrogate can be made or it would equal the original (as in the text)."""

    def rule(value: str, ctx: FieldContext) -> str:
        original = unescape(value, ctx.enc)
        try:
            new = ctx.gen.surrogate(label, original)
        except Exception:  # fail closed on anything, as the text's replacer does
            new = mask_text(label)
        if new == original and not ctx.gen.keep_reason(label, original):
            new = mask_text(label)
        return escape(new, ctx.enc)

    return rule


def _pseudo(value: str, ctx: FieldContext) -> str:
    """A keyed hash of an identifier (the same value always gives the same hash)."""
    # One kind for every field: an order number hashes alike in ORC-2 and OBR-2.
    return ctx.keys.pseudo_id("HL7", unescape(value, ctx.enc))


def _blank(value: str, ctx: FieldContext) -> str:
    return ""


def _keep(value: str, ctx: FieldContext) -> str:
    return value


def _name_word(value: str, ctx: FieldContext) -> str:
    return escape(ctx.gen.names.rewrite(unescape(value, ctx.enc)), ctx.enc)


def _family(value: str, ctx: FieldContext) -> str:
    return _subcomponents(value, ctx, _name_word)


_TS = re.compile(r"^(\d{4})(\d\d)?(\d\d)?(\d{2,6}(?:\.\d{1,4})?)?([+-]\d{4})?$")


def shift_ts(value: str, offset_days: int) -> str:
    """An HL7 date or timestamp (DT, TS, DTM) moved by whole days, its
    precision kept: YYYYMMDD stays 8 digits, a time and zone are kept; a
    year or year-month moves by whole years or months, as the notes' do.

    RAISES (ValueError): not a date of that form, or out of range.
    """
    match = _TS.match(value)
    if match is None:
        raise ValueError("not an HL7 date")
    year, month, day, time, zone = match.groups()
    if day is None:
        y, m = shift_partial(int(year), int(month) if month else None, offset_days)
        return f"{y:04d}" + (f"{m:02d}" if m is not None else "") + (zone or "")
    moved = dt.date(int(year), int(month), int(day)) + dt.timedelta(days=offset_days)
    return moved.strftime("%Y%m%d").zfill(8) + (time or "") + (zone or "")


def _date(value: str, ctx: FieldContext) -> str:
    try:
        return shift_ts(value, ctx.gen.date_offset)
    except (ValueError, OverflowError):
        raise FieldError(f"{ctx.where} holds a date that cannot be shifted") from None


def hl7_date(value: str) -> Optional[dt.date]:
    """The calendar date of an HL7 date or timestamp (a year or year-month: its
    first day), None when it is not one."""
    match = _TS.match(value)
    if match is None:
        return None
    year, month, day = int(match[1]), int(match[2] or 1), int(match[3] or 1)
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def age_at(birth: dt.date, when: dt.date) -> int:
    """Whole years from `birth` to `when`."""
    return when.year - birth.year - ((when.month, when.day) < (birth.month, birth.day))


def _birth(value: str, ctx: FieldContext) -> str:
    """A birth date: shifted, unless it makes the patient older than the age
    cap at the message's date; then the year alone that makes the age read
    cap + 1 at the shifted message date. A year or year-month is read as its
    first day, so the age it may mean is never under-read."""
    born = hl7_date(value)
    if born is None:
        raise FieldError(f"{ctx.where} holds a date that cannot be shifted")
    when = ctx.reference or dt.date.today()
    if age_at(born, when) <= ctx.gen.age_cap:
        return _date(value, ctx)
    try:
        shifted_year = (when + dt.timedelta(days=ctx.gen.date_offset)).year
    except OverflowError:
        raise FieldError(f"{ctx.where} holds a date that cannot be shifted") from None
    return f"{shifted_year - ctx.gen.age_cap - 1:04d}"


# -- data types -----------------------------------------------------------------------


def xpn(raw: str, ctx: FieldContext) -> str:
    """A person's name: family (with its subcomponents), given, middle
    rewritten; suffix, prefix, degree and codes kept."""
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: _family, 2: _name_word, 3: _name_word}))


def xcn(raw: str, ctx: FieldContext) -> str:
    """A provider: id hashed, names rewritten, codes kept; dates shifted."""
    rules: Dict[int, Rule] = {1: _pseudo, 2: _family, 3: _name_word, 4: _name_word, 19: _date, 20: _date}
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, rules))


def ppn(raw: str, ctx: FieldContext) -> str:
    """A performing person with a time stamp (TXA-22): as XCN, and component 15 shifted."""
    rules: Dict[int, Rule] = {1: _pseudo, 2: _family, 3: _name_word, 4: _name_word, 15: _date}
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, rules))


def ndl(raw: str, ctx: FieldContext) -> str:
    """A name with a date and location (OBR-32..35): the name's subcomponents
    as XCN, its dates shifted, the location emptied."""

    def cnn(value: str, c: FieldContext) -> str:
        subs = value.split(c.enc.subcomponent)
        rules: Dict[int, Rule] = {1: _pseudo, 2: _name_word, 3: _name_word, 4: _name_word}
        return c.enc.subcomponent.join(rules[i](s, c) if i in rules and s else s for i, s in enumerate(subs, 1))

    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: cnn, 2: _date, 3: _date}, rest=_blank))


def cx(label: Optional[str]) -> Rule:
    """An identifier (CX): its value a surrogate of `label` (None: a keyed
    hash), the check digit emptied (it is computed from the original), the
    assigning authority and type kept."""
    value_rule = _surrogate(label) if label else _pseudo

    def rule(raw: str, ctx: FieldContext) -> str:
        return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: value_rule, 2: _blank, 7: _date, 8: _date}))

    return rule


def ei(raw: str, ctx: FieldContext) -> str:
    """An entity identifier (order and document numbers): the id hashed, the namespace kept."""
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: _pseudo}))


def whole(label: str) -> Rule:
    """A plain value (SSN): the surrogate of `label`."""
    surrogate = _surrogate(label)
    return lambda raw, ctx: _reps(raw, ctx, lambda rep: surrogate(rep, ctx))


def ts(raw: str, ctx: FieldContext) -> str:
    """A date or timestamp (DT, TS, DTM): each repetition's time shifted,
    the degree of precision kept."""
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: _date}))


def birth(raw: str, ctx: FieldContext) -> str:
    """A birth date (PID-7, NK1-16, IN1-18): shifted, or a year alone when it
    tells an age over the cap (see `_birth`)."""
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: _birth}))


def dr(raw: str, ctx: FieldContext) -> str:
    """A date range (DR): both ends shifted (each a TS: its time, then its precision)."""
    def end(value: str, c: FieldContext) -> str:
        return c.enc.subcomponent.join(_date(s, c) if i == 0 and s else s
                                       for i, s in enumerate(value.split(c.enc.subcomponent)))

    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: end, 2: end}, rest=_blank))


def eip(raw: str, ctx: FieldContext) -> str:
    """An entity identifier pair (placer^filler, SPM-2/3): each id hashed, namespaces kept."""
    def entity(value: str, c: FieldContext) -> str:
        subs = value.split(c.enc.subcomponent)
        subs[0] = _pseudo(subs[0], c) if subs[0] else ""
        return c.enc.subcomponent.join(subs)

    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: entity, 2: entity}, rest=_blank))


def hashed(raw: str, ctx: FieldContext) -> str:
    """A plain identifier (group, policy, case numbers): a keyed hash per repetition."""
    return _reps(raw, ctx, lambda rep: _pseudo(rep, ctx))


def aui(raw: str, ctx: FieldContext) -> str:
    """An authorization (IN1-14): its number hashed, its date shifted, its source emptied."""
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, {1: _pseudo, 2: _date}, rest=_blank))


def xon(label: str) -> Rule:
    """An organization (XON): its name a surrogate of `label`, its ids hashed,
    its type and identifier-type codes kept, the rest emptied."""
    rules: Dict[int, Rule] = {1: _surrogate(label), 2: _keep, 3: _pseudo, 7: _keep, 10: _pseudo}

    def rule(raw: str, ctx: FieldContext) -> str:
        return _reps(raw, ctx, lambda rep: _components(rep, ctx, rules, rest=_blank))

    return rule


def xad(raw: str, ctx: FieldContext) -> str:
    """An address: street, other designation, city, state and zip get
    surrogates; country and address type kept; county, census tract and the
    rest emptied."""
    rules: Dict[int, Rule] = {
        1: lambda v, c: _subcomponents(v, c, _surrogate("STREET")), 2: _surrogate("ROOM"),
        3: _surrogate("CITY"), 4: _surrogate("STATE"), 5: _surrogate("ZIP"), 6: _keep, 7: _keep,
    }
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, rules, rest=_blank))


def xtn(raw: str, ctx: FieldContext) -> str:
    """A telecom number: the number, e-mail, area code + local number and
    extension get surrogates (the digit groups keep their lengths); use,
    equipment and country code kept; free text and the rest emptied."""
    rules: Dict[int, Rule] = {1: _surrogate("PHONE"), 2: _keep, 3: _keep, 4: _surrogate("EMAIL"), 5: _keep,
                              6: _keep, 7: _keep, 8: _surrogate("PHONE")}

    def rep_rule(rep: str) -> str:
        parts = _components(rep, ctx, rules, rest=_blank).split(ctx.enc.component)
        if len(parts) >= 7 and (parts[5] or parts[6]):
            number = parts[5] + parts[6]  # one surrogate for both, so the pair stays a plausible number
            digits = ctx.gen.surrogate("PHONE", number)
            if len(digits) != len(number) or not digits.isdigit() or digits == number:
                raise FieldError(f"{ctx.where}: the area code and local number are not a number of digits")
            parts[5], parts[6] = digits[:len(parts[5])], digits[len(parts[5]):]
        return ctx.enc.component.join(parts)

    return _reps(raw, ctx, rep_rule)


def pl(raw: str, ctx: FieldContext) -> str:
    """A location: unit, room, bed, facility, building and floor get
    surrogates; status and type kept; the description emptied."""
    rules: Dict[int, Rule] = {
        1: _surrogate("DEPARTMENT"), 2: _surrogate("ROOM"), 3: _surrogate("ROOM"),
        4: lambda v, c: _surrogate("HOSPITAL")(v.split(c.enc.subcomponent)[0], c), 5: _keep, 6: _keep,
        7: _surrogate("ROOM"), 8: _surrogate("ROOM"),
    }
    return _reps(raw, ctx, lambda rep: _components(rep, ctx, rules, rest=_blank))


# -- the segments read ------------------------------------------------------------

#: A field's rule, or TEXT (the field's repetitions are note text).
TEXT = "text"
#: A coded element (CE, CWE) that may be written by hand (a diagnosis, an
#: allergen, an admit reason): its codes are kept and its text components
#: (text, alternate text, original text) are note text; other components emptied.
CODED_TEXT = "coded_text"
CODED_TEXT_COMPONENTS = (2, 5, 9)
CODED_KEPT_COMPONENTS = (1, 3, 4, 6, 7, 8)
KEEP: Rule = _keep

#: Rules of OBX-5 by value type (OBX-2); TEXT_TYPES are note text.
TEXT_TYPES = frozenset({"TX", "FT", "ST"})
OBX_VALUE_RULES: Dict[str, Rule] = {
    **{t: _keep for t in ("NM", "SN", "CE", "CWE", "CNE", "ID", "IS", "NA", "MA", "TM", "CQ", "MO", "")},
    "DT": ts, "TS": ts, "DTM": ts, "PN": xpn, "XPN": xpn, "XCN": xcn, "XAD": xad, "XTN": xtn, "CX": cx("IDNUM"),
}

_DATE, _DOC, _ID = ts, xcn, cx("IDNUM")

#: Field number → rule, per segment read. A field not listed is emptied.
SEGMENT_FIELDS: Dict[str, Dict[int, object]] = {
    "MSH": {1: KEEP, 2: KEEP, 3: KEEP, 4: KEEP, 5: KEEP, 6: KEEP, 7: _DATE, 9: KEEP, 10: _pseudo, 11: KEEP,
            12: KEEP, 13: KEEP, 15: KEEP, 16: KEEP, 17: KEEP, 18: KEEP, 19: KEEP, 20: KEEP, 21: KEEP},
    "SFT": {i: KEEP for i in range(1, 7)},
    "EVN": {1: KEEP, 2: _DATE, 3: _DATE, 4: KEEP, 5: _DOC, 6: _DATE, 7: KEEP},
    "PID": {1: KEEP, 2: cx("MEDICALRECORD"), 3: cx("MEDICALRECORD"), 4: _ID, 5: xpn, 6: xpn, 7: birth, 8: KEEP,
            9: xpn, 10: KEEP, 11: xad, 13: xtn, 14: xtn, 15: KEEP, 16: KEEP, 17: KEEP, 18: cx("ACCOUNT"),
            19: whole("SSN"), 21: _ID, 22: KEEP, 24: KEEP, 25: KEEP, 26: KEEP, 27: KEEP, 28: KEEP, 29: _DATE,
            30: KEEP},
    "NK1": {1: KEEP, 2: xpn, 3: KEEP, 4: xad, 5: xtn, 6: xtn, 7: KEEP, 8: _DATE, 9: _DATE, 14: KEEP, 15: KEEP,
            16: birth, 30: xpn, 31: xtn, 32: xad, 33: _ID, 37: whole("SSN"), 40: xtn, 41: xtn},
    "PV1": {1: KEEP, 2: KEEP, 3: pl, 4: KEEP, 5: _ID, 6: pl, 7: _DOC, 8: _DOC, 9: _DOC, 10: KEEP, 11: pl,
            12: KEEP, 13: KEEP, 14: KEEP, 15: KEEP, 16: KEEP, 17: _DOC, 18: KEEP, 19: _ID, 20: KEEP, 36: KEEP,
            39: KEEP, 41: KEEP, 42: pl, 43: pl, 44: _DATE, 45: _DATE, 50: _ID, 51: KEEP, 52: _DOC},
    "ORC": {1: KEEP, 2: ei, 3: ei, 4: ei, 5: KEEP, 6: KEEP, 9: _DATE, 10: _DOC, 11: _DOC, 12: _DOC, 13: pl,
            14: xtn, 15: _DATE, 16: KEEP, 18: KEEP, 19: _DOC, 22: xad, 23: xtn, 24: xad},
    "OBR": {1: KEEP, 2: ei, 3: ei, 4: KEEP, 6: _DATE, 7: _DATE, 8: _DATE, 9: KEEP, 10: _DOC, 11: KEEP, 12: KEEP,
            13: TEXT, 14: _DATE, 15: KEEP, 16: _DOC, 17: xtn, 22: _DATE, 24: KEEP, 25: KEEP, 28: _DOC, 30: KEEP,
            32: ndl, 33: ndl, 34: ndl, 35: ndl, 36: _DATE},
    "OBX": {1: KEEP, 2: KEEP, 3: KEEP, 4: KEEP, 5: "value", 6: KEEP, 7: KEEP, 8: KEEP, 9: KEEP, 10: KEEP,
            11: KEEP, 12: _DATE, 14: _DATE, 15: KEEP, 16: _DOC, 17: KEEP, 19: _DATE, 24: xad, 25: _DOC},
    "NTE": {1: KEEP, 2: KEEP, 3: TEXT, 4: KEEP, 5: _DOC, 6: _DATE, 7: _DATE, 8: _DATE},
    "TXA": {1: KEEP, 2: KEEP, 3: KEEP, 4: _DATE, 5: _DOC, 6: _DATE, 7: _DATE, 8: _DATE, 9: _DOC, 10: _DOC,
            11: _DOC, 12: ei, 13: ei, 14: ei, 15: ei, 17: KEEP, 18: KEEP, 19: KEEP, 20: KEEP, 21: KEEP, 22: ppn,
            23: _DOC},
    # HL7 2.5.1 field numbers; codes, flags and counts kept, what names, dates or
    # locates a person rewritten, free text read as note text.
    "PD1": {1: KEEP, 2: KEEP, 3: xon("HOSPITAL"), 4: _DOC, 5: KEEP, 6: KEEP, 7: KEEP, 8: KEEP, 9: KEEP,
            10: cx("MEDICALRECORD"), 11: KEEP, 12: KEEP, 13: _DATE, 14: xon("ORGANIZATION"), 15: KEEP, 16: KEEP,
            17: _DATE, 18: _DATE, 19: KEEP, 20: KEEP, 21: KEEP},
    "PV2": {1: pl, 2: KEEP, 3: CODED_TEXT, 4: CODED_TEXT, 5: TEXT, 6: TEXT, 7: KEEP, 8: _DATE, 9: _DATE,
            10: KEEP, 11: KEEP, 12: TEXT, 13: _DOC, 14: _DATE, 15: KEEP, 16: KEEP, 17: _DATE, 18: KEEP, 19: KEEP,
            20: KEEP, 21: KEEP, 22: KEEP, 23: xon("HOSPITAL"), 24: KEEP, 25: KEEP, 26: _DATE, 27: KEEP, 28: _DATE,
            29: _DATE, 30: KEEP, 31: KEEP, 32: KEEP, 33: _DATE, 34: KEEP, 35: KEEP, 36: KEEP, 37: KEEP, 38: KEEP,
            39: KEEP, 40: KEEP, 41: KEEP, 42: KEEP, 43: KEEP, 44: KEEP, 45: KEEP, 46: _DATE, 47: _DATE, 48: _DATE,
            49: KEEP},
    "TQ1": {1: KEEP, 2: KEEP, 3: KEEP, 4: KEEP, 5: KEEP, 6: KEEP, 7: _DATE, 8: _DATE, 9: KEEP, 10: TEXT,
            11: TEXT, 12: KEEP, 13: KEEP, 14: KEEP},
    "SPM": {1: KEEP, 2: eip, 3: eip, **{i: KEEP for i in range(4, 14)}, 14: TEXT, 15: KEEP, 16: KEEP, 17: dr,
            18: _DATE, 19: _DATE, **{i: KEEP for i in range(20, 30)}},
    "AL1": {1: KEEP, 2: KEEP, 3: CODED_TEXT, 4: KEEP, 5: TEXT, 6: _DATE},
    "DG1": {1: KEEP, 2: KEEP, 3: CODED_TEXT, 4: TEXT, 5: _DATE, 6: KEEP, 7: KEEP, 8: KEEP, 9: KEEP, 10: KEEP,
            11: KEEP, 12: KEEP, 13: KEEP, 14: KEEP, 15: KEEP, 16: _DOC, 17: KEEP, 18: KEEP, 19: _DATE, 20: ei,
            21: KEEP},
    "IN1": {1: KEEP, 2: KEEP, 3: cx(None), 4: xon("ORGANIZATION"), 5: xad, 6: xpn, 7: xtn, 8: hashed,
            9: xon("ORGANIZATION"), 10: cx(None), 11: xon("ORGANIZATION"), 12: _DATE, 13: _DATE, 14: aui, 15: KEEP,
            16: xpn, 17: KEEP, 18: birth, 19: xad, 20: KEEP, 21: KEEP, 22: KEEP, 23: KEEP, 24: _DATE, 25: KEEP,
            26: _DATE, 27: KEEP, 28: hashed, 29: _DATE, 30: _DOC, 31: KEEP, 32: KEEP, 33: KEEP, 34: KEEP,
            35: KEEP, 36: whole("HEALTHPLAN"), 37: KEEP, 38: KEEP, 39: KEEP, 40: KEEP, 41: KEEP, 42: KEEP,
            43: KEEP, 44: xad, 45: KEEP, 46: KEEP, 47: KEEP, 48: KEEP, 49: cx("HEALTHPLAN"), 50: KEEP,
            51: _DATE, 53: KEEP},
    "IN2": {1: cx(None), 2: whole("SSN"), 3: _DOC, 4: KEEP, 5: KEEP, 6: hashed, 7: xpn, 8: hashed, 9: xpn,
            10: hashed, 11: KEEP, 14: KEEP, 15: KEEP, 16: KEEP, 17: _DATE, 18: KEEP, 19: KEEP, 20: KEEP, 21: KEEP,
            22: xpn, 24: KEEP, 25: cx(None), 26: cx(None), **{i: KEEP for i in range(27, 40)}, 40: xpn, 41: KEEP,
            42: KEEP, 43: KEEP, 44: _DATE, 45: _DATE, 47: KEEP, 48: KEEP, 49: xpn, 50: xtn, 51: KEEP, 52: xpn,
            53: xtn, 54: KEEP, 55: _DATE, 56: _DATE, 57: KEEP, 58: xtn, 59: KEEP, 60: KEEP,
            61: cx("HEALTHPLAN"), 62: KEEP, 63: xtn, 64: xtn, 65: KEEP, 66: KEEP, 67: KEEP, 68: KEEP,
            69: xon("ORGANIZATION"), 70: xon("ORGANIZATION"), 71: KEEP, 72: KEEP},
}

#: Batch and file headers and trailers: no patient, so their dates are emptied.
ENVELOPE_FIELDS: Dict[str, Dict[int, object]] = {
    "FHS": {1: KEEP, 2: KEEP, 3: KEEP, 4: KEEP, 5: KEEP, 6: KEEP, 11: _pseudo, 12: _pseudo},
    "BHS": {1: KEEP, 2: KEEP, 3: KEEP, 4: KEEP, 5: KEEP, 6: KEEP, 11: _pseudo, 12: _pseudo},
    "FTS": {1: KEEP},
    "BTS": {1: KEEP},
}


def coded_text_places(raw: str, enc: Encoding) -> List[Tuple[int, int]]:
    """The (repetition, component) places of a CODED_TEXT field's non-empty
    text components, in order (0-based repetition, 1-based component)."""
    return [(r, c) for r, rep in enumerate(raw.split(enc.repetition))
            for c, part in enumerate(rep.split(enc.component), start=1)
            if c in CODED_TEXT_COMPONENTS and part]


def coded_with_text(raw: str, enc: Encoding, texts: Dict[Tuple[int, int], str]) -> str:
    """A CODED_TEXT field with its codes kept, its text components replaced by
    `texts` (written escaped) and every other component emptied."""
    reps = []
    for r, rep in enumerate(raw.split(enc.repetition)):
        parts = rep.split(enc.component)
        for c in range(1, len(parts) + 1):
            if (r, c) in texts:
                parts[c - 1] = escape(texts[(r, c)], enc)
            elif c not in CODED_KEPT_COMPONENTS:
                parts[c - 1] = ""
        reps.append(enc.component.join(parts))
    return enc.repetition.join(reps)


def rewrite_field(segment: str, number: int, raw: str, rule: object, ctx: FieldContext) -> str:
    """The de-identified value of one field (not TEXT, not OBX-5).

    RAISES (FieldError): the field cannot be de-identified.
    """
    if rule is None or not raw:
        return ""
    ctx.where = f"{segment}-{number}"
    try:
        return rule(raw, ctx)  # type: ignore[operator]
    except FieldError:
        raise
    except Exception as err:  # an escape it cannot read, a value of no known form: fail closed
        raise FieldError(f"{ctx.where} cannot be de-identified ({type(err).__name__})") from None


def name_parts(raw: str, enc: Encoding, rule: object) -> List[str]:
    """The person names of a name field, as "given middle family" strings,
    so the name linker learns which word is a given name and which a surname
    before any is rewritten."""
    if rule is xpn:
        given, family = (2, 3), 1
    elif rule in (xcn, ppn):
        given, family = (3, 4), 2
    else:
        return []
    names = []
    for rep in raw.split(enc.repetition):
        comps = rep.split(enc.component)
        words = [unescape(comps[i - 1].replace(enc.subcomponent, " "), enc) if i <= len(comps) else ""
                 for i in (*given, family)]
        text = " ".join(w for w in words if w.strip())
        if text:
            names.append(text)
    return names


def segment_table(name: str) -> Optional[Dict[int, object]]:
    """The field table of a segment read (None: a segment that is not read)."""
    return SEGMENT_FIELDS.get(name)
