"""Rewriting a text: PHI spans replaced, every other character kept, plus an
offset map between the original and the new text.

Modes (per label):
- "surrogate": a keyed realistic value (`SurrogateGenerator`).
- "mask": "[LABEL]".
- "tag": "[**LABEL**]" (never contains the original).
- "redact": the span's characters replaced one by one by a filler ("*");
  whitespace inside the span is kept, so offsets and layout do not change.
- "keep": the span stays as written (a site's policy keeps the label, e.g.
  the dates of a Limited Data Set); its offset map entry says "keep" with
  reason "policy".
- "hash": "[LABEL-<12 hex digits>]", a keyed hash of the value under the
  secret (`hashing.py`): the same value, the same hash.

Span edges: whitespace and punctuation at the ends of a span that belong to
the sentence, not to the value (a trailing comma or period, an unbalanced
bracket, the "Tel." in front of a number), are written back around the
replacement as they were, so a replacement never eats them
(`split_edges`). The offset map still gives the whole span.

Fail closed: if a surrogate cannot be made (an unparseable date, an
exception), or would equal the original, the span is masked and counted in
the stats ("unparseable_dates_masked", "failures_masked"). The original is
never left in place, with three deliberate "keep"s: an AGE up to the cap in
"hipaa" mode, a generic clinical service ("Department of Neurology": not
PHI), and a partial date that the note's exact shift leaves as it was ("2088"
when the note's own year does not change); see `SurrogateGenerator.keep_reason`.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple

from .._logging import logger
from ..date_text import UnparseableDateError
from .hashing import hash_text
from .keys import load_secret
from .generator import SpanContext, SurrogateGenerator

MODES = ("surrogate", "mask", "tag", "redact", "keep", "hash")
#: The reason of a span kept because its label's mode is "keep" (not a surrogate's own keep).
KEPT_BY_POLICY = "policy"
STAT_KEYS = ("spans", "surrogate", "mask", "tag", "redact", "keep", "hash", "unparseable_dates_masked", "failures_masked")


@dataclass
class OffsetEntry:
    """One PHI span in the offset map.

    start, end (int): character offsets in the original text.
    new_start, new_end (int): character offsets in the new text.
    label (str): the PHI label.
    action (str): "surrogate", "mask", "tag", "redact", "keep" or "hash".
    reason (str): why a span was masked against its mode
        ("unparseable_date", "failure"), or kept ("policy": its label's mode
        is "keep"; a surrogate's own reasons), else "".
    """

    start: int
    end: int
    new_start: int
    new_end: int
    label: str
    action: str
    reason: str = ""

    def to_dict(self) -> Dict[str, Any]:
        """The entry as a plain dict (msgpack/JSON friendly)."""
        return asdict(self)


@dataclass
class DeidResult:
    """The output of `deidentify_text`.

    text (str): the de-identified text.
    offset_map (List[OffsetEntry]): one entry per replaced span, in order.
    stats (Dict[str, int]): counts per action and of fail-closed masks.
    """

    text: str
    offset_map: List[OffsetEntry]
    stats: Dict[str, int]


def mask_text(label: str) -> str:
    """The mask of a label: "[DATE]"."""
    return f"[{label}]"


def tag_text(label: str) -> str:
    """The tag of a label: "[**DATE**]"."""
    return f"[**{label}**]"


def redact_text(text: str, filler: str = "*") -> str:
    """Same-length filler; whitespace kept so the layout does not change."""
    return "".join(c if c.isspace() else filler for c in text)


#: Labels whose values never end with a period: a trailing period is the
#: sentence's ("... in Toledo.", "call 617-555-0142."), not the value's.
_FREE_VALUE_LABELS = frozenset({
    "HOSPITAL", "ORGANIZATION", "CITY", "STATE", "STREET", "COUNTRY", "DEPARTMENT", "PROFESSION",
    "LOCATION_OTHER", "EMAIL", "URL", "ZIP", "USERNAME", "IPADDR", "PHONE", "FAX", "SSN",
})
#: A contact word glued to a number ("Tel.8025550127", "Ph: 555-0142"): context, not PHI.
_PHONE_CUE = re.compile(r"(?i)^(?:tel|telephone|ph|phone|cell|mobile|fax|pager|pgr)\b\.?:?\s*(?=[+(\d])")
_OPEN, _CLOSE = "([{", ")]}"
#: Context kept on each side of a span for the generator (articles, titles, pronouns).
CONTEXT_CHARS = 80


def split_edges(text: str, label: str) -> Tuple[str, str, str]:
    """Cut a span into (lead, core, tail): lead and tail are the whitespace and
    punctuation of the sentence that a detector's span took in; only the core
    is replaced. Never returns an empty core (then the whole span is the core).

    text (str): the span text.
    label (str): its PHI label.
    RETURNS (Tuple[str, str, str]): lead, core and tail; they join to `text`.
    """
    start, end = 0, len(text)
    if label in ("PHONE", "FAX"):
        cue = _PHONE_CUE.match(text)
        if cue and cue.end() < end:
            start = cue.end()
    changed = True
    while changed and start < end:
        changed = False
        core = text[start:end]
        first, last = core[0], core[-1]
        if (first in _OPEN and last == _CLOSE[_OPEN.index(first)] and len(core) > 2
                and core[1:-1].count(first) == core[1:-1].count(last)):
            start, end, changed = start + 1, end - 1, True  # "(Highmark BCBS)": the brackets are the sentence's
        elif first.isspace() or first in ",;:":
            start, changed = start + 1, True
        elif first in _OPEN and core.count(first) > core.count(_CLOSE[_OPEN.index(first)]):
            start, changed = start + 1, True
        elif last.isspace() or last in ",;:!?":
            end, changed = end - 1, True
        elif last in _CLOSE and core.count(last) > core.count(_OPEN[_CLOSE.index(last)]):
            end, changed = end - 1, True
        elif last == "." and label in _FREE_VALUE_LABELS and len(core) > 1:
            end, changed = end - 1, True
        elif first in "\"'" and core.count(first) == 1 and label != "DATE":  # "'89" is a year
            start, changed = start + 1, True
        elif last in "\"'" and core.count(last) == 1 and label not in ("PATIENT", "DOCTOR", "DATE"):
            end, changed = end - 1, True
    if start >= end:
        return "", text, ""
    return text[:start], text[start:end], text[end:]


def _as_triple(span: Any) -> Tuple[int, int, str]:
    if isinstance(span, Mapping):
        return int(span["start"]), int(span["end"]), str(span["label"])
    if hasattr(span, "start_char"):  # a spaCy Span
        return span.start_char, span.end_char, span.label_
    start, end, label = span
    return int(start), int(end), str(label)


def normalize_spans(text: str, spans: Iterable[Any]) -> List[Tuple[int, int, str]]:
    """Spans as sorted (start, end, label) triples; overlapping spans are
    merged into one (the label of the longest wins) so no PHI character is
    missed.

    text (str): the text.
    spans (Iterable): (start, end, label) tuples, dicts or spaCy Spans.
    RETURNS (List[Tuple[int, int, str]]): the spans.
    RAISES (ValueError): a span is outside the text or empty.
    """
    triples = sorted(_as_triple(s) for s in spans)
    merged: List[List[Any]] = []
    for start, end, label in triples:
        if not 0 <= start < end <= len(text):
            raise ValueError(f"PHI span ({start}, {end}) is empty or outside the text (length {len(text)})")
        if merged and start < merged[-1][1]:
            last = merged[-1]
            if end - start > last[3]:
                last[2], last[3] = label, end - start
            last[1] = max(last[1], end)
        else:
            merged.append([start, end, label, end - start])
    return [(s, e, l) for s, e, l, _ in merged]


def deidentify_text(
    text: str,
    spans: Iterable[Any],
    *,
    generator: Optional[SurrogateGenerator] = None,
    secret: Optional[bytes] = None,
    key: Optional[str] = None,
    modes: Optional[Mapping[str, str]] = None,
    default_mode: str = "surrogate",
    redact_char: str = "*",
    hash_secret: Optional[bytes] = None,
    **generator_options: Any,
) -> DeidResult:
    """De-identify a text given its PHI spans (no spaCy needed).

    text (str): the original text (not changed).
    spans (Iterable): (start, end, label) tuples, dicts with those keys, or
        spaCy Spans.
    generator (Optional[SurrogateGenerator]): a generator to use; else one is
        made from `secret`, `key` and `generator_options`.
    secret (Optional[bytes]): the HMAC secret (None: environment / per run).
    key (Optional[str]): the patient/record key (None: random per call).
    modes (Optional[Mapping[str, str]]): mode per label.
    default_mode (str): mode of labels not in `modes`.
    redact_char (str): the filler of "redact" (one character).
    hash_secret (Optional[bytes]): the key of "hash" (None: `secret`, else the
        environment / per run).
    RETURNS (DeidResult): new text, offset map and stats.
    """
    modes = dict(modes or {})
    for mode in list(modes.values()) + [default_mode]:
        if mode not in MODES:
            raise ValueError(f"Unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if len(redact_char) != 1:
        raise ValueError("redact_char must be exactly one character")
    triples = normalize_spans(text, spans)
    stats = {k: 0 for k in STAT_KEYS}
    if generator is None and any(modes.get(l, default_mode) == "surrogate" for _, _, l in triples):
        generator = SurrogateGenerator(secret, key, **generator_options)
    cores: List[Tuple[int, int, str]] = []
    for s, e, l in triples:
        lead, core, _ = split_edges(text[s:e], l)
        cores.append((s + len(lead), s + len(lead) + len(core), l))
    if hash_secret is None and any(modes.get(l, default_mode) == "hash" for _, _, l in triples):
        hash_secret = secret if secret is not None else load_secret()
    if generator is not None:
        generator.prepare_document(text, [c for c in cores if modes.get(c[2], default_mode) == "surrogate"])
    pieces: List[str] = []
    offset_map: List[OffsetEntry] = []
    pos = new_pos = 0
    for (start, end, label), (core_start, core_end, _) in zip(triples, cores):
        gap = text[pos:start]
        pieces.append(gap)
        new_pos += len(gap)
        original = text[core_start:core_end]
        mode = modes.get(label, default_mode)
        context = SpanContext(
            text[max(0, core_start - CONTEXT_CHARS) : core_start], text[core_end : core_end + CONTEXT_CHARS], core_start
        )
        new, action, reason = _replace(original, label, mode, generator, redact_char, context, hash_secret)
        # The edges go back as they were (redact too: same length either way).
        new = text[start:core_start] + new + text[core_end:end]
        stats["spans"] += 1
        stats[action] += 1
        if reason == "unparseable_date":
            stats["unparseable_dates_masked"] += 1
        elif reason and action == "mask":
            stats["failures_masked"] += 1
        pieces.append(new)
        offset_map.append(OffsetEntry(start, end, new_pos, new_pos + len(new), label, action, reason))
        new_pos += len(new)
        pos = end
    pieces.append(text[pos:])
    if stats["failures_masked"] or stats["unparseable_dates_masked"]:
        # Counts only: never the values.
        logger.debug(
            "phi_surrogates: masked %d unparseable dates and %d failed spans",
            stats["unparseable_dates_masked"],
            stats["failures_masked"],
        )
    return DeidResult("".join(pieces), offset_map, stats)


def _replace(
    original: str,
    label: str,
    mode: str,
    generator: Optional[SurrogateGenerator],
    redact_char: str,
    context: Optional[SpanContext] = None,
    hash_secret: Optional[bytes] = None,
) -> Tuple[str, str, str]:
    if mode == "keep":
        return original, "keep", KEPT_BY_POLICY
    if mode == "hash":
        assert hash_secret is not None
        return hash_text(hash_secret, label, original), "hash", ""
    if mode == "mask":
        return mask_text(label), "mask", ""
    if mode == "tag":
        return tag_text(label), "tag", ""
    if mode == "redact":
        return redact_text(original, redact_char), "redact", ""
    assert generator is not None
    try:
        value = generator.surrogate(label, original, context)
    except UnparseableDateError:
        return mask_text(label), "mask", "unparseable_date"
    except Exception as err:  # fail closed on anything: never pass PHI through
        # The exception type only: its message could quote the value.
        logger.debug("phi_surrogates: surrogate failed for a %s span (%s)", label, type(err).__name__)
        return mask_text(label), "mask", "failure"
    if value == original:
        if label == "AGE":
            return value, "keep", ""
        keep = generator.keep_reason(label, original)
        if keep:
            return value, "keep", keep
        return mask_text(label), "mask", "failure"
    return value, "surrogate", ""
