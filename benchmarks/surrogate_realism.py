"""How realistic the surrogates are (issue 17): sex, geography, organisation
type, span edges and date intervals, on GOLD spans (so it measures the
surrogates, not detection).

Data: the synthetic test notes (`spacy_phi.synth`, split "test", seed 0) and
the hand-written realistic notes (`assets/realistic_eval/{dev,test}`, inline
markup). Each note is its own patient; to check dates across notes of one
patient, every note is also cut at the line nearest its middle into two
"notes" with the same patient key, each with its own reference date.

Prints, per data set (counts and shares only, never note text):
1. name surrogates whose sex disagrees with the original, where the
   original's sex is known (the given name's sex in the lexicon of Faker's
   gendered lists, else a title, relation word or pronoun around it); target 0;
2. addresses (adjacent STREET/CITY/STATE/ZIP spans with at least two of city,
   state and ZIP) whose surrogate city/state/ZIP belong to one real place of
   the shipped CMS list; target 100 %;
3. ORGANIZATION/HOSPITAL surrogates that keep the original's type word
   ("School", "Pharmacy", "Medical Center", ...), where it had one; target 100 %;
4. replaced spans that changed a neighbouring character: the replacement does
   not start and end with the punctuation/whitespace the span started and
   ended with; on the gold spans, and on the gold spans widened by the
   punctuation next to them (a bracket before, a comma, period, semicolon,
   colon or bracket after: what a detector's span often takes in); target 0;
5. date intervals: every pair of full dates in a patient's notes (in days),
   and every partial date (month-day, month-year, year) against its note's
   reference date (its first full date that is not a birth date), at the
   partial date's resolution; target 0 disagreements.

Run:  python benchmarks/surrogate_realism.py [--n-synthetic 200]
      --save-outputs F / --load-outputs F: write / measure the surrogate
      outputs (JSON; they hold note text: synthetic and invented notes only),
      so two versions of the replacer can be compared with one measure.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PERSON = ("PATIENT", "DOCTOR")
_OPEN_BEFORE = "([{"
_PUNCT_AFTER = ",.;:)]}"
_BIRTH = re.compile(r"(?i)(?:\bdob|\bd\.o\.b|\bbirth\w*|\bborn)\W{0,4}(?:\w+\W{1,3}){0,1}$")


# --- producing the surrogates (public API only, so older versions run it too) --


def load_notes(n_synthetic: int) -> Dict[str, List[Tuple[str, str, List[Tuple[int, int, str]]]]]:
    """{data set: [(note id, text, gold spans)]}."""
    from spacy_phi.converters.markup import parse_markup
    from spacy_phi.synth.corpus import generate_notes

    sets: Dict[str, List[Tuple[str, str, List[Tuple[int, int, str]]]]] = {"synthetic": [], "realistic": []}
    for note in generate_notes(n_synthetic, "test", seed=0):
        sets["synthetic"].append((note.id, note.text, [(s.start, s.end, s.label) for s in note.spans]))
    for split in ("dev", "test"):
        for path in sorted((ROOT / "assets" / "realistic_eval" / split).glob("*.txt")):
            text, spans = parse_markup(path.read_text(encoding="utf8"))
            sets["realistic"].append((f"{split}/{path.stem}", text, [(s.start, s.end, s.label) for s in spans]))
    return sets


def split_note(text: str, spans: List[Tuple[int, int, str]]) -> List[Tuple[int, str, List[Tuple[int, int, str]]]]:
    """The note cut at the line break nearest its middle that no span crosses:
    [(offset, text, spans shifted)]; one piece when there is no such break."""
    middle = len(text) // 2
    cuts = [m.end() for m in re.finditer(r"\n", text) if not any(s < m.end() < e for s, e, _ in spans)]
    if not cuts:
        return [(0, text, spans)]
    cut = min(cuts, key=lambda c: abs(c - middle))
    first = [(s, e, l) for s, e, l in spans if e <= cut]
    second = [(s - cut, e - cut, l) for s, e, l in spans if s >= cut]
    return [(0, text[:cut], first), (cut, text[cut:], second)]


def widen(text: str, spans: List[Tuple[int, int, str]]) -> List[Tuple[int, int, str]]:
    """Gold spans widened by an opening bracket before and one punctuation
    mark after, when the neighbour span does not start or end there."""
    out = []
    for i, (s, e, l) in enumerate(spans):
        prev_end = spans[i - 1][1] if i else 0
        next_start = spans[i + 1][0] if i + 1 < len(spans) else len(text)
        if s > prev_end and text[s - 1] in _OPEN_BEFORE:
            s -= 1
        if e < next_start and text[e] in _PUNCT_AFTER:
            e += 1
        out.append((s, e, l))
    return out


def produce(n_synthetic: int) -> Dict[str, Any]:
    """Run phi_surrogates' generator and replacer on the gold spans of every
    note (and its two halves, and its widened spans). RETURNS a JSON-able dict."""
    os.environ.setdefault("SPACY_PHI_SECRET", "surrogate-realism-benchmark")
    from spacy_phi.surrogates import deidentify_text
    from spacy_phi.util import blank_pipeline

    nlp = blank_pipeline()
    component = nlp.add_pipe("phi_surrogates")
    out: Dict[str, Any] = {"sets": {}, "seconds": 0.0}
    started = time.perf_counter()
    for name, notes in load_notes(n_synthetic).items():
        rows = []
        for note_id, text, spans in notes:
            spans = sorted(spans)
            for variant, pieces in (("whole", [(0, text, spans)]), ("halves", split_note(text, spans))):
                for k, (_, piece, piece_spans) in enumerate(pieces):
                    for widened in (False, True):
                        if widened and variant == "halves":
                            continue
                        use = widen(piece, piece_spans) if widened else piece_spans
                        doc = nlp.make_doc(piece)
                        doc.user_data["phi_patient_key"] = f"{name}:{note_id}:{variant}"
                        result = deidentify_text(piece, use, generator=component.generator_for(doc))
                        rows.append({
                            "note": note_id, "variant": variant, "piece": k, "widened": widened, "text": piece,
                            "spans": use, "deid": result.text,
                            "map": [entry.to_dict() for entry in result.offset_map],
                        })
        out["sets"][name] = rows
    out["seconds"] = time.perf_counter() - started
    return out


# --- measuring ---------------------------------------------------------------


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} % ({part}/{whole})" if whole else "n/a (0)"


def _new_texts(row: Dict[str, Any]) -> List[Tuple[str, str, str, int, int]]:
    """(label, original, replacement, start, end) of each replaced span."""
    return [(m["label"], row["text"][m["start"] : m["end"]], row["deid"][m["new_start"] : m["new_end"]],
             m["start"], m["end"]) for m in row["map"]]


def sex_counts(rows: Iterable[Dict[str, Any]]) -> Counter:
    from spacy_phi.surrogates.names import _name_words, name_sex, sex_hint, titled_before

    c: Counter = Counter()
    for row in rows:
        text = row["text"]
        for label, orig, new, s, e in _new_texts(row):
            if label not in PERSON or "[" in new:
                continue
            o_words = [orig[a:b] for a, b, r in _name_words(orig) if r in ("first", "lone")]
            n_words = [new[a:b] for a, b, r in _name_words(new) if r in ("first", "lone")]
            hint = sex_hint(text[max(0, s - 40) : s], orig, text[e : e + 80])
            if len(_name_words(orig)) == 1 and titled_before(text[max(0, s - 12) : s]):
                continue  # "Dr. Aziz": a surname
            for o, n in zip(o_words, n_words):
                known = name_sex(o)
                if known == "U":
                    # A lone word is a given name only when the lexicon knows it.
                    if len(o_words) == 1 and len(_name_words(orig)) == 1:
                        continue
                    known = hint or "U"
                if known == "U":
                    continue
                got = name_sex(n)
                c["known"] += 1
                c["disagree"] += got not in (known, "U")
                c["unclear"] += got == "U"
    return c


def address_counts(rows: Iterable[Dict[str, Any]]) -> Counter:
    from spacy_phi.surrogates.geography import address_groups, is_unit, is_valid_address

    c: Counter = Counter()
    for row in rows:
        entries = sorted(_new_texts(row), key=lambda x: x[3])
        triples = [(s, e, label) for label, _, _, s, e in entries]
        for group in address_groups(row["text"], triples):
            parts: Dict[str, str] = {}
            for i in group:
                label, _, new, _, _ = entries[i]
                if label in ("CITY", "STATE", "ZIP"):
                    parts.setdefault(label, new.strip(" ,.;:()"))
            for i in group:
                label, _, new, _, _ = entries[i]
                if label == "STREET" and "," in new:
                    # "1184 Larchmont Terrace, Duxbridge": the city inside the street line.
                    tail = [p.strip() for p in new.split(",")[1:]
                            if p.strip() and not is_unit(p) and not any(ch.isdigit() for ch in p)]
                    if tail:
                        parts.setdefault("CITY", tail[-1].strip(" .;:()"))
            if len(parts) < 2 or any("[" in v for v in parts.values()):
                continue
            c["addresses"] += 1
            c["valid"] += is_valid_address(parts.get("CITY"), parts.get("STATE"), parts.get("ZIP"))
    return c


def type_word_counts(rows: Iterable[Dict[str, Any]]) -> Counter:
    from spacy_phi.surrogates.organizations import kind_phrase

    c: Counter = Counter()
    for row in rows:
        for label, orig, new, _, _ in _new_texts(row):
            if label not in ("ORGANIZATION", "HOSPITAL"):
                continue
            kind = kind_phrase(orig)
            if not kind:
                continue
            c["with_type"] += 1
            c["kept"] += kind.lower() in new.lower()
    return c


def _edges(text: str) -> Tuple[str, str]:
    lead = re.match(r"[^\w]*", text).group()  # type: ignore[union-attr]
    tail = re.search(r"[^\w]*$", text).group()  # type: ignore[union-attr]
    return lead, tail


def edge_counts(rows: Iterable[Dict[str, Any]]) -> Counter:
    c: Counter = Counter()
    for row in rows:
        for m, (label, orig, new, _, _) in zip(row["map"], _new_texts(row)):
            if orig == new or m["action"] != "surrogate":
                continue  # masks ("[DATE]") are fail-closed, not surrogates
            c["spans"] += 1
            lead, tail = _edges(orig)
            n_lead, n_tail = _edges(new)
            # The replacement must start and end with what the span started
            # and ended with (a bracket, a comma, a space), and bring no
            # whitespace or sentence punctuation of its own to its edges.
            lost = (lead and not new.startswith(lead)) or (tail and not new.endswith(tail))
            added = (not lead and n_lead[:1] in tuple(" \n\t,;:")) or (not tail and n_tail[-1:] in tuple(" \n\t,;:"))
            c["changed"] += bool(lost or added)
    return c


def _parse(text: str):
    from spacy_phi.date_text import UnparseableDateError, parse_date

    try:
        return parse_date(text.strip(" ,.;:()[]"))
    except (UnparseableDateError, ValueError):
        return None


def _reference(row: Dict[str, Any], dates: List[Tuple[str, str, int]], side: int) -> Optional[dt.date]:
    text = row["text"]
    for orig, new, s in dates:
        if _BIRTH.search(text[max(0, s - 20) : s]):
            continue
        p = _parse(orig if side == 0 else new)
        if p is not None and p.date is not None:
            return p.date
    return None


def _near(month: int, day: int, ref: dt.date) -> Optional[dt.date]:
    best = None
    for year in (ref.year - 1, ref.year, ref.year + 1):
        try:
            d = dt.date(year, month, day)
        except ValueError:
            continue
        if best is None or abs((d - ref).days) < abs((best - ref).days):
            best = d
    return best


def _same_century(original: dt.date, new: dt.date) -> dt.date:
    """A two-digit year is read with a fixed pivot ('68 -> 2068, '69 -> 1969),
    so a shift across the pivot reads a century off: take the reading of the
    surrogate nearest the original, as a reader of the note would."""
    for years in (100, -100):
        try:
            other = new.replace(year=new.year + years)
        except ValueError:
            continue
        if abs((other - original).days) < abs((new - original).days):
            return other
    return new


def date_counts(rows: Iterable[Dict[str, Any]]) -> Counter:
    c: Counter = Counter()
    patients: Dict[str, List[Tuple[dt.date, dt.date]]] = {}
    for row in rows:
        if row["widened"]:
            continue
        dates = [(orig, new, s) for label, orig, new, s, _ in _new_texts(row) if label == "DATE" and "[" not in new]
        key = f"{row['note']}:{row['variant']}"
        ref_o, ref_n = _reference(row, dates, 0), _reference(row, dates, 1)
        for orig, new, _ in dates:
            po, pn = _parse(orig), _parse(new)
            if po is None or pn is None:
                continue
            if po.date is not None and pn.date is not None:
                patients.setdefault(key, []).append((po.date, _same_century(po.date, pn.date)))
                continue
            if ref_o is None or ref_n is None:
                continue
            if po.month is not None and po.day is not None and pn.month is not None and pn.day is not None:
                a, b = _near(po.month, po.day, ref_o), _near(pn.month, pn.day, ref_n)
                if a is None or b is None:
                    continue
                c["partial_pairs"] += 1
                c["partial_disagree"] += (a - ref_o).days != (b - ref_n).days
            elif po.year is not None and po.month is not None and pn.year is not None and pn.month is not None:
                c["partial_pairs"] += 1
                c["partial_disagree"] += ((po.year - ref_o.year) * 12 + po.month - ref_o.month
                                          != (pn.year - ref_n.year) * 12 + pn.month - ref_n.month)
            elif po.year is not None and po.month is None and pn.year is not None:
                c["partial_pairs"] += 1
                c["partial_disagree"] += (po.year - ref_o.year) != (pn.year - ref_n.year)
    for pairs in patients.values():
        for i in range(len(pairs)):
            for j in range(i + 1, len(pairs)):
                c["full_pairs"] += 1
                c["full_disagree"] += (pairs[j][0] - pairs[i][0]) != (pairs[j][1] - pairs[i][1])
    return c


def measure(data: Dict[str, Any]) -> List[str]:
    """The table of the five shares per data set (markdown rows)."""
    lines = [
        "| data set | sex disagrees (known sex) | addresses valid | type word kept | neighbour changed (gold) "
        "| neighbour changed (widened) | date pairs disagreeing (full / partial) |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, rows in data["sets"].items():
        whole = [r for r in rows if r["variant"] == "whole" and not r["widened"]]
        wide = [r for r in rows if r["widened"]]
        sex, geo, kind = sex_counts(whole), address_counts(whole), type_word_counts(whole)
        gold_edges, wide_edges, dates = edge_counts(whole), edge_counts(wide), date_counts(rows)
        lines.append(
            f"| {name} ({len(whole)} notes) | {_share(sex['disagree'], sex['known'])} "
            f"| {_share(geo['valid'], geo['addresses'])} | {_share(kind['kept'], kind['with_type'])} "
            f"| {_share(gold_edges['changed'], gold_edges['spans'])} | {_share(wide_edges['changed'], wide_edges['spans'])} "
            f"| {dates['full_disagree']} of {dates['full_pairs']} / {dates['partial_disagree']} of {dates['partial_pairs']} |"
        )
    return lines


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n-synthetic", type=int, default=200, help="synthetic test notes (default: 200)")
    parser.add_argument("--save-outputs", type=Path, help="write the surrogate outputs (JSON) and stop")
    parser.add_argument("--load-outputs", type=Path, help="measure outputs written by --save-outputs")
    args = parser.parse_args(argv)
    if args.load_outputs:
        data = json.loads(args.load_outputs.read_text(encoding="utf8"))
    else:
        data = produce(args.n_synthetic)
    if args.save_outputs:
        args.save_outputs.write_text(json.dumps(data), encoding="utf8")
        return
    print(describe_line())
    print(f"surrogates on gold spans: {sum(len(r['map']) for rows in data['sets'].values() for r in rows):,} "
          f"span replacements in {data['seconds']:.1f} s")
    for line in measure(data):
        print(line)


if __name__ == "__main__":
    main()
