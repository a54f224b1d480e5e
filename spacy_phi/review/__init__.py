"""The correcting review page (`spacy-phi review`): a reviewer accepts, rejects,
relabels and adds PHI spans in a self-contained HTML file and saves the
corrected notes as JSONL (the converter's `jsonl` format), the input of
`spacy project run finetune` (docs/adapt.md).
"""

from .data import ReviewNote, ReviewSpan, notes_from_docs, order_least_certain, page_data
from .page import render_page, write_page

__all__ = [
    "ReviewNote",
    "ReviewSpan",
    "notes_from_docs",
    "order_least_certain",
    "page_data",
    "render_page",
    "write_page",
]
