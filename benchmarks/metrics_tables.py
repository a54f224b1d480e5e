"""README tables from `spacy-phi evaluate` JSON outputs (one column group per data set).

Run: python benchmarks/metrics_tables.py NAME=metrics/test.json NAME=metrics/realistic_test.json ...

Prints, as Markdown: the overall binary-token P/R/F1, HIPAA recall and strict P/R/F1 per
data set; then per label the strict P/R and the label's share of all false positives
(strict FP of the label / all strict FP), which says where precision is lost.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Dict, List, Tuple


def load(arguments: List[str]) -> List[Tuple[str, Dict]]:
    sets = []
    for argument in arguments:
        name, _, path = argument.partition("=")
        sets.append((name, json.loads(Path(path).read_text())))
    return sets


def pct(value: float) -> str:
    return f"{100 * value:.2f}"


def overall_table(sets: List[Tuple[str, Dict]]) -> str:
    lines = ["| data set | binary token P / R / F1 | binary HIPAA R | strict P / R / F1 | gold spans |", "|---|---|---|---|---|"]
    for name, metrics in sets:
        binary = metrics["overall"]["binary_token"]["micro"]
        hipaa = metrics["overall"]["binary_token_hipaa"]["micro"]
        strict = metrics["overall"]["strict"]["micro"]
        lines.append(
            f"| {name} | {pct(binary['precision'])} / {pct(binary['recall'])} / **{pct(binary['f1'])}** | "
            f"{pct(hipaa['recall'])} | {pct(strict['precision'])} / {pct(strict['recall'])} / {pct(strict['f1'])} | "
            f"{strict['tp'] + strict['fn']:,} |"
        )
    return "\n".join(lines)


def label_table(sets: List[Tuple[str, Dict]]) -> str:
    labels: List[str] = []
    for _, metrics in sets:
        for label, counts in metrics["per_label"]["strict"].items():
            if label not in labels and (counts["tp"] + counts["fn"] + counts["fp"]) > 0:
                labels.append(label)
    header = "| label | " + " | ".join(f"{name} P / R (gold) | {name} FP share" for name, _ in sets) + " |"
    lines = [header, "|---|" + "---|---|" * len(sets)]
    for label in labels:
        cells = []
        for _, metrics in sets:
            per_label = metrics["per_label"]["strict"]
            all_fp = sum(c["fp"] for c in per_label.values()) or 1
            counts = per_label.get(label)
            if counts is None or counts["tp"] + counts["fn"] + counts["fp"] == 0:
                cells += ["", ""]
                continue
            gold = counts["tp"] + counts["fn"]
            precision = pct(counts["precision"]) if counts["tp"] + counts["fp"] else "-"
            recall = pct(counts["recall"]) if gold else "-"
            cells += [f"{precision} / {recall} ({gold})", f"{100 * counts['fp'] / all_fp:.1f} %"]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: List[str]) -> int:
    sets = load(argv)
    print(overall_table(sets))
    print()
    print(label_table(sets))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
