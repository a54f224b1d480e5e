"""Continue an interrupted `spacy train` run from its last checkpoint.

`spacy train` writes `model-last` at every evaluation (and `model-best` when the
score improved), so a run that was stopped — a CPU training of the transformer
that takes hours, a machine that went away — leaves a checkpoint. `spacy train`
itself cannot continue from one; this module writes a training config that can:

- every component is sourced from the checkpoint (`source = CHECKPOINT`), so
  spaCy loads its weights and trains them further instead of initializing
  them (listeners and their upstream transformer or tok2vec stay together);
- the learning-rate schedule continues where it was: a constant rate stays; for
  `warmup_linear.v1` (and thinc's), the rate after N of T steps is
  `initial_rate * (T - N) / (T - warmup)`, so the new config starts at that
  rate and decays linearly to zero over the remaining `T - N` steps, which
  become `max_steps`.

- the random seed becomes `seed + steps_done`: `spacy train` shuffles the
  corpus with it, so with the old seed a resumed run would see the same first
  examples again that the interrupted run began with (a run stopped at 0.6 of
  an epoch would train twice on those and never on the rest); a new seed gives
  a new order, deterministic for the same checkpoint and step count.

What is not carried over: the optimizer's moment estimates (Adam restarts
them, a few noisy steps) and the exact position in the shuffled corpus. The
checkpoint's own `config.cfg` is the starting point, so the settings the run
was started with (including command-line overrides) are kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from confection import Config
from spacy.util import load_config

from ..errors import SpacyPhiError

#: The schedules whose position can be carried over.
_LINEAR_SCHEDULES = ("warmup_linear.v1",)


def continued_schedule(
    schedule: Dict[str, Any], steps_done: int, total_steps: Optional[int] = None
) -> Tuple[Dict[str, Any], int]:
    """The learning-rate schedule for the rest of a run, and the steps left.

    schedule (Dict[str, Any]): an interpolated `warmup_linear.v1` block
        (`warmup_steps`, `total_steps`, `initial_rate`).
    steps_done (int): optimizer steps the interrupted run made (the "#" column
        of `spacy train`'s log at the checkpoint's evaluation).
    total_steps (Optional[int]): lengthen the run: continue as if it had been
        planned for this many steps (a finished run, whose rate reached zero,
        can so train on).
    RETURNS (Tuple[Dict[str, Any], int]): the new block and the steps left.
    RAISES (SpacyPhiError): another schedule, a run still in its warm-up, or no steps left.
    """
    if schedule.get("@schedules") not in _LINEAR_SCHEDULES:
        raise SpacyPhiError(
            f"learn_rate schedule {schedule.get('@schedules')!r}: only {', '.join(_LINEAR_SCHEDULES)} can be continued"
        )
    warmup, total, initial = int(schedule["warmup_steps"]), int(schedule["total_steps"]), float(schedule["initial_rate"])
    if total_steps is not None:
        total = total_steps
    if steps_done < warmup:
        raise SpacyPhiError(f"the run stopped in its warm-up ({steps_done} of {warmup} steps): start it again instead")
    left = total - steps_done
    if left <= 0:
        raise SpacyPhiError(f"no steps left: {steps_done} done of {total}")
    rate = initial * left / (total - warmup)
    return {"@schedules": schedule["@schedules"], "warmup_steps": 0, "total_steps": left, "initial_rate": rate}, left


def resume_config(checkpoint: Path, steps_done: int, total_steps: Optional[int] = None) -> Config:
    """A training config that continues the run that saved `checkpoint`.

    checkpoint (Path): a pipeline folder written by `spacy train` (`model-last`).
    steps_done (int): optimizer steps made before the checkpoint was saved.
    total_steps (Optional[int]): the run's new length in steps (see `continued_schedule`).
    RETURNS (Config): the checkpoint's config with every component sourced from
        it, the schedule continued, `max_steps` set to the steps left and the
        seed moved on by `steps_done` (a new shuffle of the corpus).
    RAISES (SpacyPhiError): no config in the folder, or a schedule that cannot be continued.
    """
    config_path = Path(checkpoint) / "config.cfg"
    if not config_path.is_file():
        raise SpacyPhiError(f"{checkpoint}: no config.cfg (not a pipeline folder written by spacy train)")
    config = load_config(config_path)
    resolved = config.interpolate()
    rate = resolved["training"]["optimizer"]["learn_rate"]
    if isinstance(rate, (int, float)):
        # A constant rate (configs/cnn.cfg) continues as it is.
        total = total_steps if total_steps is not None else int(resolved["training"]["max_steps"])
        schedule, left = rate, total - steps_done
        if left <= 0:
            raise SpacyPhiError(f"no steps left: {steps_done} done of {total}")
    else:
        schedule, left = continued_schedule(dict(rate), steps_done, total_steps)
    resumed = config.copy()
    for name in resolved["nlp"]["pipeline"]:
        if not (Path(checkpoint) / name).exists() and name in resolved["components"]:
            # A component with nothing on disk (no weights, no settings file) is rebuilt from its block.
            continue
        resumed["components"][name] = {"source": str(Path(checkpoint).resolve())}
    resumed["training"]["optimizer"]["learn_rate"] = schedule
    resumed["training"]["max_steps"] = left
    seed = resolved["system"].get("seed")
    if seed is not None:
        resumed["system"]["seed"] = int(seed) + steps_done
    # Pretrained tok2vec weights would overwrite the checkpoint's after sourcing.
    resumed["initialize"]["init_tok2vec"] = None
    return resumed


__all__ = ["continued_schedule", "resume_config"]
