"""The review page as one self-contained HTML file: the notes as JSON in the
page, the script and style inline, a Content-Security-Policy that forbids every
network request, and a banner saying that it holds PHI. Saving downloads the
corrections file (no server).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any, Dict

from ..deid.outputs import atomic_write_bytes

#: No fetch, no image, no font, no form target: only the inline script and style.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "connect-src 'none'; img-src 'none'; form-action 'none'; base-uri 'none'"
)

_BODY = """<p class="warning"><strong>Contains PHI.</strong> This page holds the original notes: keep it, and the
file it saves, where the notes themselves are kept. It sends nothing anywhere; saving downloads a file.</p>
<div class="toolbar">
<button id="save" title="s">Save corrections</button>
<label><input type="checkbox" id="include-all"> include notes not marked done</label>
<span id="progress"></span>
<span class="keys">keys: j/k next/previous span, a accept, r reject, l change label, select text then e add
(label: <select id="add-label"></select>), d note done, n/p next/previous note, s save</span>
</div>
<div class="layout">
<ul id="note-list"></ul>
<main>
<h2><span id="note-id"></span> <small id="note-done"></small> <button id="done" title="d">Mark done</button>
<button id="add" title="e">Add selected text</button></h2>
<p id="status" role="status"></p>
<div id="note-text"></div>
<table><thead><tr><th>text</th><th>label</th><th>confidence</th><th>detector</th><th>state</th><th></th></tr></thead>
<tbody id="span-rows"></tbody></table>
</main>
</div>"""


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def embedded_json(data: Any) -> str:
    """JSON safe inside a <script> element: ASCII only, with "<", ">" and "&"
    escaped, so no text of a note can close the element or be read as markup."""
    text = json.dumps(data, ensure_ascii=True, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_page(data: Dict[str, Any], title: str = "PHI review") -> str:
    """The page's HTML.

    data (Dict[str, Any]): `data.page_data(...)`.
    title (str): the page title (no note text: it shows in browser history).
    RETURNS (str): the HTML (ASCII apart from the title).
    """
    import html

    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
        '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">'
        f"<title>{html.escape(title)}</title><style>{_asset('review.css')}</style></head><body>\n"
        f"{_BODY}\n"
        f'<script id="phi-review-data" type="application/json">{embedded_json(data)}</script>\n'
        f"<script>{_asset('review.js')}</script>\n</body></html>\n"
    )


def write_page(path: Path, data: Dict[str, Any], title: str = "PHI review") -> None:
    """Write the page atomically (its folder is created)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, render_page(data, title).encode("utf-8"))
