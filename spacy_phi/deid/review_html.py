"""Review pages of a `spacy-phi deid` run (`--html DIR`), in the style of
displaCy's entity view: one page per record with the ORIGINAL note and every
PHI span found highlighted with its label and detector, next to the
de-identified note with the replacements highlighted; plus `index.html`
listing every record (failed ones with their reason, without a page).

THESE PAGES CONTAIN PHI BY DESIGN (the original notes): they are for
reviewers with access rights and must be stored like the source notes.

Every piece of text is HTML-escaped. Pages are self-contained (no scripts, no
external resources). Index rows accumulate in a partial file (truncated on
resume like the other outputs) and `index.html` is written at the end.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..labels import LABELS
from .outputs import AppendLog, atomic_write_bytes
from .records import RecordResult
from .safe_text import escape_text

PAGES_FOLDER = "records"
_INDEX_ROWS = "index-rows.jsonl"

_CATEGORY_COLORS = {
    "NAME": "#aa9cfc",
    "PROFESSION": "#c887fb",
    "LOCATION": "#feca74",
    "AGE": "#bfe1d9",
    "DATE": "#7aecec",
    "CONTACT": "#e4e7d2",
    "ID": "#ff9561",
}
_DEFAULT_COLOR = "#ddd"

_STYLE = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
.warning { background: #fdecea; border: 1px solid #e57373; padding: 0.6em 1em; border-radius: 4px; }
.panes { display: flex; gap: 1.5em; flex-wrap: wrap; }
.pane { flex: 1 1 30em; min-width: 20em; }
.text { white-space: pre-wrap; line-height: 2.4; border: 1px solid #ddd; padding: 1em; border-radius: 4px; }
mark.entity { padding: 0.2em 0.35em; margin: 0 0.1em; border-radius: 0.35em; line-height: 1; }
mark.entity .label { font-size: 0.7em; font-weight: bold; margin-left: 0.4em; vertical-align: middle; }
table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 0.2em 0.6em; text-align: left; }
.failed { color: #b00020; }
"""


def label_color(label: str) -> str:
    """The highlight colour of a label (by its category)."""
    info = LABELS.get(label)
    return _CATEGORY_COLORS.get(info.category.value, _DEFAULT_COLOR) if info else _DEFAULT_COLOR


def highlight(text: str, marks: Sequence[Tuple[int, int, str, str]]) -> str:
    """HTML of a text with spans marked displaCy-style (all text escaped).

    text (str): the text.
    marks (Sequence[Tuple[int, int, str, str]]): (start, end, label, caption);
        overlapping marks after the first are skipped.
    RETURNS (str): the HTML.
    """
    parts: List[str] = []
    cursor = 0
    for start, end, label, caption in sorted(marks):
        if start < cursor or end > len(text):
            continue
        parts.append(html.escape(text[cursor:start]))
        parts.append(
            f'<mark class="entity" style="background: {label_color(label)}">{html.escape(text[start:end])}'
            f'<span class="label">{html.escape(caption)}</span></mark>'
        )
        cursor = end
    parts.append(html.escape(text[cursor:]))
    return "".join(parts)


def _action_title(span: dict) -> str:
    """What happened to a span: its action; a span the site's policy keeps says so."""
    if span.get("action") == "keep" and span.get("reason") == "policy":
        return "kept (policy)"
    return str(span.get("action"))


def _page(result: RecordResult) -> str:
    original = result.record.text or ""
    new_text = result.text or ""
    old_marks = [
        (s["start"], s["end"], s["label"], f"{s['label']} · {s.get('detector', 'unknown')}"
         + (f" · {s['score']:.2f}" if isinstance(s.get("score"), (int, float)) else ""))
        for s in result.spans
    ]
    new_marks = [(s["new_start"], s["new_end"], s["label"], f"{s['label']} · {_action_title(s)}") for s in result.spans]
    title = html.escape(escape_text(result.record.id))  # an id that is not valid UTF-8, escaped
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>deid review: {title}</title>
<style>{_STYLE}</style></head><body>
<p class="warning"><strong>Contains PHI.</strong> This page shows the original note. For reviewers with access rights only.</p>
<p><a href="../index.html">index</a></p>
<h1>{title}</h1>
<p>{len(result.spans)} PHI spans</p>
<div class="panes">
<div class="pane"><h2>Original, PHI found</h2><div class="text">{highlight(original, old_marks)}</div></div>
<div class="pane"><h2>De-identified</h2><div class="text">{highlight(new_text, new_marks)}</div></div>
</div></body></html>
"""


def review_paths(folder: Path) -> List[Tuple[Path, bool]]:
    """What the review writer creates in `folder` (not the folder as a whole).

    folder (Path): the review folder.
    RETURNS (List[Tuple[Path, bool]]): (path, is_folder) of the index page, the
        index rows (built as `.partial`) and the pages folder.
    """
    return [(folder / "index.html", False), (folder / _INDEX_ROWS, False), (folder / PAGES_FOLDER, True)]


class ReviewWriter:
    """Writes the review pages and the index.

    folder (Path): the review folder (created).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pages = folder / PAGES_FOLDER
        self.rows = AppendLog(folder / _INDEX_ROWS)

    def open(self, resume: Optional[Dict[str, Any]] = None) -> None:
        """Create the folder; on resume, continue the index rows."""
        self.pages.mkdir(parents=True, exist_ok=True)
        self.rows.open(resume)

    def _page_name(self, result: RecordResult) -> str:
        return f"{result.record.position:07d}.html"

    def write(self, result: RecordResult) -> None:
        """A page for a de-identified record and its index row."""
        name = self._page_name(result)
        atomic_write_bytes(self.pages / name, _page(result).encode("utf8", errors="surrogateescape"))
        labels: Dict[str, int] = {}
        for span in result.spans:
            labels[span["label"]] = labels.get(span["label"], 0) + 1
        self.rows.write_json({"id": result.record.id, "page": name, "spans": len(result.spans), "labels": labels})

    def write_failure(self, result: RecordResult) -> None:
        """An index row for a failed record (no page; a stale one is removed)."""
        stale = self.pages / self._page_name(result)
        if stale.exists():
            stale.unlink()
        reason = result.error.reason if result.error else "failed"
        self.rows.write_json({"id": result.record.id, "failed": reason})

    def checkpoint(self) -> Dict[str, Any]:
        """Flush the index rows; RETURNS their size."""
        return self.rows.checkpoint()

    def close(self) -> None:
        """Close (for --resume)."""
        self.rows.close()

    def finalize(self) -> None:
        """Write index.html from the rows."""
        self.rows.finalize()
        rows_html: List[str] = []
        with open(self.rows.final, encoding="utf8") as f:
            for line in f:
                row = json.loads(line)
                rid = html.escape(str(row["id"]))
                if "failed" in row:
                    rows_html.append(f'<tr><td>{rid}</td><td class="failed" colspan="2">failed: '
                                     f'{html.escape(row["failed"])}</td></tr>')
                else:
                    labels = ", ".join(f"{html.escape(k)} {v}" for k, v in sorted(row["labels"].items()))
                    rows_html.append(f'<tr><td><a href="{PAGES_FOLDER}/{html.escape(row["page"])}">{rid}</a></td>'
                                     f'<td>{row["spans"]}</td><td>{labels}</td></tr>')
        page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>deid review</title><style>{_STYLE}</style></head><body>
<p class="warning"><strong>Contains PHI.</strong> The record pages show the original notes. For reviewers with access rights only.</p>
<h1>De-identification review</h1>
<table><tr><th>record</th><th>PHI spans</th><th>labels</th></tr>
{chr(10).join(rows_html)}
</table></body></html>
"""
        atomic_write_bytes(self.folder / "index.html", page.encode("utf8", errors="surrogateescape"))
        self.rows.final.unlink()
