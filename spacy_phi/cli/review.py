"""`spacy-phi review`: the correcting review page of a pipeline's output.

    spacy-phi review INPUT --model M -o review.html [--format jsonl] [--phrases FILE]
                     [--corrections corrections.jsonl] [--limit N]

Runs the pipeline (detection only) over the notes and writes one self-contained
HTML page (`spacy_phi.review`): the reviewer accepts, rejects, relabels and adds
spans, marks notes done and saves `corrections.jsonl` (a download) in the
converter's `jsonl` format. Notes with the least certain spans come first.
`--corrections` starts from a saved file: its notes come back done, with their
corrected spans. Prints counts and paths only.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from ..converters import FORMATS
from ..errors import SpacyPhiError

#: Components that only change the output text: not needed to find the spans.
_SKIPPED_COMPONENTS = ("phi_surrogates",)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `review` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    parser = subparsers.add_parser(
        "review",
        help="write a review page to correct a pipeline's spans and save them as JSONL",
        description=(
            "Run a pipeline over notes and write one self-contained HTML page (no network) where a "
            "reviewer accepts, rejects, relabels and adds PHI spans; the page saves the corrected "
            "notes as JSONL, the input of `spacy project run finetune`. The page holds PHI."
        ),
    )
    parser.add_argument("input", type=Path, help="the notes: a file or folder in a converter format")
    parser.add_argument("--model", required=True, help="spaCy pipeline (name or path) whose spans are reviewed")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the HTML page to write")
    parser.add_argument("--format", choices=FORMATS, default="jsonl", help="format of INPUT (default: jsonl)")
    parser.add_argument("--phrases", type=Path, help="PhysioNet phrase file (--format physionet)")
    parser.add_argument("--corrections", type=Path,
                        help="a corrections file saved before: its notes start done, with their corrected spans")
    parser.add_argument("--limit", type=int, help="review only the first N notes of INPUT")
    parser.add_argument("--download-name", default="corrections.jsonl",
                        help="file name the page saves to (default: corrections.jsonl)")
    parser.set_defaults(func=run_review)
    return parser


def run_review(args: argparse.Namespace) -> int:
    """Write the review page.

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): 0 on success, 1 on unreadable input.
    """
    import spacy

    from ..converters import read_records, read_jsonl
    from ..review import notes_from_docs, order_least_certain, page_data, write_page
    from ..review.data import resume_from

    start = time.perf_counter()
    try:
        records = read_records(args.input, args.format, phrases=args.phrases)
        corrected = read_jsonl(args.corrections) if args.corrections else []
    except SpacyPhiError as error:
        print(f"error: {error}")
        return 1
    if args.limit is not None:
        records = records[: max(0, args.limit)]
    nlp = spacy.load(args.model)
    disabled = [name for name in _SKIPPED_COMPONENTS if name in nlp.pipe_names]
    with nlp.select_pipes(disable=disabled):
        docs = nlp.pipe((record.text for record in records), batch_size=32)
        notes = notes_from_docs(records, docs)
    resumed = resume_from(notes, corrected) if corrected else 0
    notes = order_least_certain(notes)
    write_page(args.output, page_data(notes, download_name=args.download_name))
    spans = sum(len(note.spans) for note in notes)
    print(f"Review page: {len(notes)} notes, {spans} spans ({resumed} notes from the corrections file)")
    print(f"Written to {args.output} in {time.perf_counter() - start:.1f} s. It holds PHI: keep it with the notes.")
    return 0
