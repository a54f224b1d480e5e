"""`spacy-phi resume-config`: a training config that continues an interrupted run.

    spacy-phi resume-config CHECKPOINT OUTPUT.cfg --steps-done N
    python -m spacy train OUTPUT.cfg --output DIR [--gpu-id G]

Prints the schedule it wrote; never note text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import SpacyPhiError


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `resume-config` sub-command."""
    parser = subparsers.add_parser(
        "resume-config",
        help="write a training config that continues an interrupted spacy train run from its model-last",
        description=(
            "Write OUTPUT: the checkpoint's config with every component sourced from the checkpoint, "
            "the warmup_linear learning rate continued after --steps-done steps and max_steps set to "
            "the steps left. Train it with `python -m spacy train OUTPUT --output DIR`."
        ),
    )
    parser.add_argument("checkpoint", type=Path, help="the interrupted run's model-last folder")
    parser.add_argument("output", type=Path, help="the config to write (.cfg)")
    parser.add_argument(
        "--steps-done", type=int, required=True,
        help="optimizer steps before the checkpoint (the '#' column of the evaluation that saved it)",
    )
    parser.add_argument(
        "--total-steps", type=int, default=None,
        help="lengthen the run to this many steps in all (the rate decays to zero there instead); "
        "needed to train on after a run that finished",
    )
    parser.set_defaults(func=run_resume_config)
    return parser


def run_resume_config(args: argparse.Namespace) -> int:
    """Write the config; 1 when the checkpoint cannot be continued."""
    from ..models.resume import resume_config

    try:
        config = resume_config(args.checkpoint, args.steps_done, args.total_steps)
    except (SpacyPhiError, OSError) as err:
        print(f"spacy-phi resume-config: error: {err}", file=sys.stderr)
        return 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    config.to_disk(args.output)
    schedule = config["training"]["optimizer"]["learn_rate"]
    rate = f"{schedule:.3g} (constant)" if isinstance(schedule, (int, float)) else f"{schedule['initial_rate']:.3g} decaying linearly to 0"
    print(
        f"Wrote {args.output}: {config['training']['max_steps']} steps left, learning rate {rate}; "
        f"every component sourced from {args.checkpoint}; seed {config['system']['seed']} (a new shuffle of the corpus)"
    )
    return 0
