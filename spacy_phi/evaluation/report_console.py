"""A readable plain-text table of an `EvaluationResult`. Never prints note text:
only metric names, labels, categories, counts and ids."""

from __future__ import annotations

from typing import Dict, List, Optional

from .metrics import Counts
from .scoring import ConventionResult, EvaluationResult


def _pct(value: Optional[float]) -> str:
    return "     -" if value is None else f"{100 * value:6.2f}"


def _row(name: str, counts: Counts, width: int) -> str:
    return (f"{name:<{width}} {_pct(counts.precision)} {_pct(counts.recall)} {_pct(counts.f1)} "
            f"{counts.tp:>7} {counts.fp:>7} {counts.fn:>7}")


def _header(title: str, width: int) -> List[str]:
    line = f"{title:<{width}} {'P':>6} {'R':>6} {'F1':>6} {'TP':>7} {'FP':>7} {'FN':>7}"
    return [line, "-" * len(line)]


def _table(title: str, rows: Dict[str, Counts]) -> List[str]:
    width = max([len(title)] + [len(k) for k in rows]) + 1
    return _header(title, width) + [_row(k, c, width) for k, c in rows.items()]


def _convention_lines(convention: ConventionResult) -> List[str]:
    """The convention's rules, what it set aside and the overlap tables (labels and counts only)."""
    before, after = convention.overlap_without_convention, convention.overlap.overall
    aside = ", ".join(f"{reason} {count}" for reason, count in convention.set_aside.by_reason.most_common())
    lines = [f"Convention {convention.name} (applied to the predictions before every measure above):"]
    lines += [f"  - {rule}" for rule in convention.description]
    lines += [
        f"Predictions set aside: {convention.set_aside.total}" + (f" ({aside})" if aside else ""),
        f"Predictions trimmed to the part the corpus annotates: {sum(convention.set_aside.trimmed.values())}",
        f"Overlap without the convention: recall {_pct(before.recall).strip()}, PPV {_pct(before.ppv).strip()}; "
        f"with it: recall {_pct(after.recall).strip()}, PPV {_pct(after.ppv).strip()}",
        "",
    ]
    gold = convention.overlap.by_gold_type
    width = max([len("Overlap recall per gold type")] + [len(k) for k in gold]) + 1
    lines.append(f"{'Overlap recall per gold type':<{width}} {'R':>6} {'found':>7} {'missed':>7}")
    lines += [f"{k:<{width}} {_pct(s.recall)} {s.gold_found:>7} {s.gold_total - s.gold_found:>7}"
              for k, s in gold.items()]
    lines.append("")
    pred = convention.overlap.by_pred_label
    width = max([len("Overlap PPV per predicted label")] + [len(k) for k in pred]) + 1
    lines.append(f"{'Overlap PPV per predicted label':<{width}} {'PPV':>6} {'match':>7} {'false':>7}")
    lines += [f"{k:<{width}} {_pct(s.ppv)} {s.pred_matching:>7} {s.pred_total - s.pred_matching:>7}"
              for k, s in pred.items()]
    if convention.overlap.false_alarm_texts is not None:
        lines.append("False alarms by text: in the JSON output only (note text)")
    return lines


def format_console(result: EvaluationResult, *, per_label: bool = True) -> str:
    """The result as text tables.

    result (EvaluationResult): the result.
    per_label (bool): include the per-label tables.
    RETURNS (str): the text.
    """
    m = result.matching
    lines = [
        f"Documents scored: {m.scored}; gold without predictions (all missed): "
        f"{len(m.gold_without_predictions)}; predictions without gold (not scored): "
        f"{len(m.predictions_without_gold)}; text mismatches: {len(m.text_mismatch)}",
    ]
    if m.unmapped_spans:
        dropped = ", ".join(f"{k}={v}" for k, v in sorted(m.unmapped_spans.items()))
        lines.append(f"Spans dropped (label not PHI or unknown): {dropped}")
    lines.append("")
    overall = {name: s.micro for name, s in result.overall.items()}
    lines += _table("Overall (micro)", overall)
    lines.append("")
    width = max(len(n) for n in result.overall) + 1
    lines += [f"{'Macro (mean over documents)':<{width}} {'P':>6} {'R':>6} {'F1':>6} {'F1 SD':>6} {'docs':>6}"]
    for name, s in result.overall.items():
        lines.append(f"{name:<{width}} {_pct(s.macro.precision)} {_pct(s.macro.recall)} {_pct(s.macro.f1)} "
                     f"{_pct(s.macro.f1_sd)} {s.macro.documents:>6}")
    o = result.overlap
    lines += ["", f"Overlap (PhysioNet style): recall {_pct(o.recall).strip()} ({o.gold_found}/{o.gold_total}), "
                  f"PPV {_pct(o.ppv).strip()} ({o.pred_matching}/{o.pred_total})", ""]
    for metric in ("strict", "token"):
        lines += _table(f"Per category ({metric})", result.per_category[metric]) + [""]
    if per_label:
        for metric in ("strict", "token"):
            if result.per_label[metric]:
                lines += _table(f"Per label ({metric})", result.per_label[metric]) + [""]
    if result.convention is not None:
        lines += _convention_lines(result.convention) + [""]
    counts = result.errors.to_dict()["counts"]
    lines.append("Errors: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if result.significance:
        lines.append("")
        for name, sig in result.significance.items():
            lines.append(f"Significance vs {name} ({sig['metric']}, {sig['shuffles']} shuffles): " + ", ".join(
                f"{k} diff {100 * sig['observed'][k]:+.2f} p={sig['p_values'][k]:.4f}" for k in sig["p_values"]))
    return "\n".join(lines)
