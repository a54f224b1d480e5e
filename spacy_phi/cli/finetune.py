"""`spacy-phi finetune`: adapt an assembled pipeline's NER to a site's corrected notes.

    spacy-phi finetune CORRECTIONS --base M -o OUTPUT --site NAME [--replay train_mix.spacy]
                       [--replay-notes 2000] [--held-out 0.2] [--held-out-output held_out.jsonl]
                       [--steps 300] [--replay-batch 8] [--learn-rate 0.0005] [--seed 0]

CORRECTIONS is the review page's JSONL (`spacy-phi review`). A share of the
notes (by a hash of their id) is held out and written to --held-out-output for
the before/after evaluation; the NER is fine-tuned on the rest mixed with a
replay sample of the original training mix, and the whole pipeline is saved
as `<name>_<site>` (`spacy_phi.models.finetune`). Prints counts only.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..errors import SpacyPhiError


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `finetune` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    from ..models.finetune import FinetuneSettings

    defaults = FinetuneSettings()
    parser = subparsers.add_parser(
        "finetune",
        help="fine-tune a pipeline's NER on corrected notes (from spacy-phi review)",
        description=(
            "Fine-tune the NER of an assembled pipeline on a site's corrected notes mixed with a replay "
            "sample of the original training mix, on the CPU, and save the adapted pipeline."
        ),
    )
    parser.add_argument("corrections", type=Path, help="corrected notes (JSONL saved by the review page)")
    parser.add_argument("--base", required=True, help="the assembled pipeline to start from (folder or package)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="folder to save the adapted pipeline to")
    parser.add_argument("--site", required=True,
                        help="site name (letters, digits, _): the pipeline becomes <name>_<site>")
    parser.add_argument("--replay", type=Path, help="the original training mix (.spacy) to replay; none if omitted")
    parser.add_argument("--replay-notes", type=int, default=2000, help="replay sample size (default: 2000)")
    parser.add_argument("--held-out", type=float, default=0.2,
                        help="share of the corrected notes held out for evaluation (default: 0.2)")
    parser.add_argument("--held-out-output", type=Path,
                        help="write the held-out notes here (JSONL, holds PHI) for `spacy-phi evaluate`")
    parser.add_argument("--steps", type=int, default=defaults.steps, help=f"updates (default: {defaults.steps})")
    parser.add_argument("--replay-batch", type=int, default=defaults.replay_batch,
                        help=f"replayed notes per update, beside {defaults.site_batch} corrected ones "
                             f"(default: {defaults.replay_batch})")
    parser.add_argument("--site-phi-batch", type=int, default=defaults.site_phi_batch,
                        help=f"of the {defaults.site_batch} corrected notes of an update, how many are drawn from "
                             f"the notes holding PHI (default: {defaults.site_phi_batch})")
    parser.add_argument("--learn-rate", type=float, default=defaults.learn_rate,
                        help=f"Adam learning rate (default: {defaults.learn_rate})")
    parser.add_argument("--seed", type=int, default=defaults.seed, help="seed (default: 0)")
    parser.add_argument("--version", help="version of the adapted pipeline (default: the base's)")
    parser.set_defaults(func=run_finetune)
    return parser


def run_finetune(args: argparse.Namespace) -> int:
    """Fine-tune and save.

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): 0 on success, 1 on unreadable input or nothing to train on.
    """
    import spacy

    from ..converters import ConversionReport, read_jsonl
    from ..converters.jsonl import record_to_json
    from ..models.finetune import (FinetuneSettings, finetune, mark_adapted, replay_examples, site_examples,
                                   split_held_out)
    from ..models.model_card import write_model_card

    try:
        records = read_jsonl(args.corrections)
        train, held = split_held_out(records, args.held_out, args.seed)
        nlp = spacy.load(args.base)
        base = f"{nlp.meta.get('lang')}_{nlp.meta.get('name')} {nlp.meta.get('version')}"
        conversion = ConversionReport()
        site, dropped = site_examples(nlp, train, conversion)
        replay = replay_examples(nlp, args.replay, args.replay_notes, args.seed) if args.replay else []
        settings = FinetuneSettings(steps=args.steps, replay_batch=args.replay_batch,
                                    site_phi_batch=args.site_phi_batch, learn_rate=args.learn_rate, seed=args.seed)
        report = finetune(nlp, site, replay, settings)
        report.dropped_spans = dropped + conversion.total_unusable
        mark_adapted(nlp, args.site, report, base)
    except (SpacyPhiError, ValueError, OSError) as error:
        print(f"spacy-phi finetune: error: {error}")
        return 1
    if args.version:
        nlp.meta["version"] = args.version
    args.output.mkdir(parents=True, exist_ok=True)
    nlp.to_disk(args.output)
    write_model_card(nlp, args.output)
    if args.held_out_output is not None:
        args.held_out_output.parent.mkdir(parents=True, exist_ok=True)
        with args.held_out_output.open("w", encoding="utf-8", newline="\n") as file:
            for record in held:
                file.write(json.dumps(record_to_json(record), ensure_ascii=False) + "\n")
    print(f"Fine-tuned on {report.site_notes} corrected notes ({len(held)} held out) and {report.replay_notes} "
          f"replayed notes, {settings.steps} updates in {report.seconds:.0f} s; "
          f"{report.dropped_spans} spans not usable")
    print(f"Saved {nlp.meta['lang']}_{nlp.meta['name']} {nlp.meta['version']} to {args.output}")
    return 0
