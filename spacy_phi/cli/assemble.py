"""`spacy-phi assemble`: trained pipeline → the shipped `phi_deid` pipeline.

    spacy-phi assemble MODEL OUTPUT [--no-surrogates] [--name phi_deid] [--version V]
                                    [--ensemble MODEL2 MODEL3 ...]

Loads the trained pipeline (NER), adds the rule, guard, merge and surrogate
components after it, sets the package meta and model card (README.md) and saves it. Prints component names
and paths only.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `assemble` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    from ..models import PIPELINE_NAME

    parser = subparsers.add_parser(
        "assemble",
        help="add the rule and surrogate components to a trained pipeline",
        description=(
            "Load a trained pipeline, add phi_rules, phi_known, phi_guard, phi_merge and "
            "phi_surrogates after its components, set the package meta and save it."
        ),
    )
    parser.add_argument("model", help="trained pipeline (folder or package name)")
    parser.add_argument("output", type=Path, help="folder to save the assembled pipeline to")
    parser.add_argument("--no-surrogates", action="store_true", help="detection only: leave out phi_surrogates")
    parser.add_argument("--name", default=PIPELINE_NAME, help=f"pipeline name in the meta (default: {PIPELINE_NAME})")
    parser.add_argument("--version", help="pipeline version (default: the spacy_phi version)")
    parser.add_argument("--ensemble", nargs="+", default=[], metavar="MODEL",
                        help="other trained pipelines of the same config (other seeds): their NERs vote with "
                             "MODEL's, token by token, by majority (phi_ner_vote)")
    parser.set_defaults(func=run_assemble)
    return parser


def run_assemble(args: argparse.Namespace) -> int:
    """Assemble and save the pipeline.

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): 0 on success.
    """
    from ..models.assemble import assemble_pipeline
    from ..models.model_card import write_model_card

    start = time.perf_counter()
    nlp = assemble_pipeline(args.model, surrogates=not args.no_surrogates, name=args.name, version=args.version,
                            ensemble=args.ensemble)
    args.output.mkdir(parents=True, exist_ok=True)
    nlp.to_disk(args.output)
    write_model_card(nlp, args.output)  # `spacy package` ships it as the package's README
    print(f"Assembled {nlp.meta['lang']}_{nlp.meta['name']} {nlp.meta['version']}: {' > '.join(nlp.pipe_names)}")
    print(f"Saved to {args.output} in {time.perf_counter() - start:.1f} s")
    return 0
