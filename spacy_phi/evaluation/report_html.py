"""A self-contained HTML report: inline CSS and SVG, no scripts, no external URLs.

Without `include_text` it holds numbers, labels, ids and offsets only. With
`include_text=True` it adds a document viewer that shows the note text (PHI!)
with misses and false alarms highlighted; callers must only pass it on an
explicit user request. Every piece of text is escaped with `html.escape`.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Dict, Optional, Union

from .documents import EvalDocument
from .errors_analysis import KINDS
from .metrics import Counts
from .scoring import EvaluationResult

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}
.doc{white-space:pre-wrap;font-family:monospace;border:1px solid #ccc;padding:1em;margin:1em 0}
.tp{background:#c8f7c5}.fn{background:#ffb3b3;text-decoration:underline}.fp{background:#ffe08a}
.cm td{min-width:2em}.zero{color:#bbb}
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _pct(value: Optional[float]) -> str:
    return "-" if value is None else f"{100 * value:.2f}"


def _counts_table(rows: Dict[str, Counts], title: str) -> str:
    out = [f"<table><tr><th>{_e(title)}</th><th>P</th><th>R</th><th>F1</th><th>TP</th><th>FP</th><th>FN</th></tr>"]
    for name, c in rows.items():
        out.append(f"<tr><td>{_e(name)}</td><td>{_pct(c.precision)}</td><td>{_pct(c.recall)}</td>"
                   f"<td>{_pct(c.f1)}</td><td>{c.tp}</td><td>{c.fp}</td><td>{c.fn}</td></tr>")
    out.append("</table>")
    return "".join(out)


def _bar_chart(rows: Dict[str, Counts], title: str) -> str:
    """Grouped horizontal bars (P, R, F1) per row, as inline SVG."""
    colors = (("precision", "#4a90d9"), ("recall", "#e07b39"), ("f1", "#3aa655"))
    row_h, bar_h, left, width = 48, 13, 130, 360
    height = row_h * len(rows) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 80}" height="{height}" '
             f'role="img" aria-label="{_e(title)}">']
    for i, (name, c) in enumerate(rows.items()):
        y = 10 + i * row_h
        parts.append(f'<text x="0" y="{y + 22}" font-size="12">{_e(name)}</text>')
        for j, (stat, color) in enumerate(colors):
            value = getattr(c, stat)
            w = 0 if value is None else value * width
            parts.append(f'<rect x="{left}" y="{y + j * bar_h}" width="{w:.1f}" height="{bar_h - 2}" fill="{color}">'
                         f'<title>{_e(name)} {stat} {_pct(value)}</title></rect>')
            parts.append(f'<text x="{left + w + 4:.1f}" y="{y + j * bar_h + 10}" font-size="10">'
                         f'{stat[0].upper()} {_pct(value)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _confusion(result: EvaluationResult) -> str:
    labels = result.errors.labels()
    out = ['<table class="cm"><tr><th>gold \\ pred</th>' + "".join(f"<th>{_e(l)}</th>" for l in labels) + "</tr>"]
    for gold in labels:
        row = result.errors.confusion.get(gold, {})
        cells = "".join(f'<td class="{"zero" if not row.get(p) else ""}">{row.get(p, 0)}</td>' for p in labels)
        out.append(f"<tr><th>{_e(gold)}</th>{cells}</tr>")
    out.append("</table>")
    return "".join(out)


def _highlight(doc: EvalDocument) -> str:
    """The note with gold-only characters (misses, .fn), prediction-only (.fp)
    and both (.tp) marked, label-blind per character, escaped piecewise."""
    n = len(doc.text)
    state = [0] * n
    for s in doc.gold:
        for i in range(max(s.start, 0), min(s.end, n)):
            state[i] |= 1
    for s in doc.pred:
        for i in range(max(s.start, 0), min(s.end, n)):
            state[i] |= 2
    classes = {1: "fn", 2: "fp", 3: "tp"}
    out, i = [], 0
    while i < n:
        j = i
        while j < n and state[j] == state[i]:
            j += 1
        chunk = _e(doc.text[i:j])
        out.append(f'<span class="{classes[state[i]]}">{chunk}</span>' if state[i] else chunk)
        i = j
    return "".join(out)


def render_html(result: EvaluationResult, *, include_text: bool = False, title: str = "spacy-phi evaluation") -> str:
    """The report as one HTML string.

    result (EvaluationResult): the result.
    include_text (bool): add the document viewer with note text (PHI).
    title (str): the page title.
    RETURNS (str): the HTML.
    """
    m = result.matching
    overall = {name: s.micro for name, s in result.overall.items()}
    o = result.overlap
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{_e(title)}</title><style>{_CSS}</style>"
             f"</head><body><h1>{_e(title)}</h1>",
             f"<p>Documents scored: {m.scored}; gold without predictions (all missed): "
             f"{len(m.gold_without_predictions)}; predictions without gold (not scored): "
             f"{len(m.predictions_without_gold)}; text mismatches: {len(m.text_mismatch)}.</p>",
             "<h2>Overall (micro)</h2>", _counts_table(overall, "metric"),
             "<h2>Macro (mean over documents, SD)</h2><table><tr><th>metric</th><th>P</th><th>R</th><th>F1</th>"
             "<th>F1 SD</th><th>documents</th><th>excluded</th></tr>"]
    for name, s in result.overall.items():
        parts.append(f"<tr><td>{_e(name)}</td><td>{_pct(s.macro.precision)}</td><td>{_pct(s.macro.recall)}</td>"
                     f"<td>{_pct(s.macro.f1)}</td><td>{_pct(s.macro.f1_sd)}</td><td>{s.macro.documents}</td>"
                     f"<td>{s.macro.excluded}</td></tr>")
    parts.append("</table>")
    parts.append(f"<p>Overlap (PhysioNet style, closed intervals): recall {_pct(o.recall)} "
                 f"({o.gold_found}/{o.gold_total}), PPV {_pct(o.ppv)} ({o.pred_matching}/{o.pred_total}).</p>")
    for metric in ("strict", "token"):
        parts += [f"<h2>Per category ({_e(metric)})</h2>", _bar_chart(result.per_category[metric], metric),
                  _counts_table(result.per_category[metric], "category")]
    for metric in ("strict", "token"):
        parts += [f"<h2>Per label ({_e(metric)})</h2>", _counts_table(result.per_label[metric], "label")]
    counts = result.errors.to_dict()["counts"]
    parts.append("<h2>Errors</h2><table><tr>" + "".join(f"<th>{_e(k)}</th>" for k in KINDS) + "</tr><tr>"
                 + "".join(f"<td>{counts[k]}</td>" for k in KINDS) + "</tr></table>")
    parts += ["<h2>Label confusion (gold x predicted, O = none)</h2>", _confusion(result)]
    if result.significance:
        parts.append("<h2>Significance (approximate randomization)</h2><table><tr><th>vs</th><th>metric</th>"
                     "<th>statistic</th><th>diff</th><th>p</th></tr>")
        for name, sig in result.significance.items():
            for k, p in sig["p_values"].items():
                parts.append(f"<tr><td>{_e(name)}</td><td>{_e(sig['metric'])}</td><td>{_e(k)}</td>"
                             f"<td>{100 * sig['observed'][k]:+.2f}</td><td>{p:.4f}</td></tr>")
        parts.append("</table>")
    if include_text:
        parts.append("<h2>Documents</h2><p><span class='tp'>found</span> <span class='fn'>missed</span> "
                     "<span class='fp'>false alarm</span> (label-blind)</p>")
        for doc in result.documents:
            if doc.gold or doc.pred:
                parts.append(f"<h3>{_e(doc.id)}</h3><div class='doc'>{_highlight(doc)}</div>")
    parts.append("</body></html>")
    return "".join(parts)


def write_html(result: EvaluationResult, path: Union[str, Path], *, include_text: bool = False) -> Path:
    """Write the HTML report.

    result (EvaluationResult): the result.
    path (Union[str, Path]): the output file; parent folders are created.
    include_text (bool): add the document viewer with note text (PHI).
    RETURNS (Path): the path written.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_html(result, include_text=include_text), encoding="utf-8")
    return path
