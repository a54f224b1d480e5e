"""Hard-negative check: the share of PHI-free clinical sentences that get any PHI span.

Run: python benchmarks/hard_negatives.py MODEL [MODEL ...] [--sentences assets/hard_negatives/sentences.txt]
        [--output metrics/hard_negatives.json] [--show]

`assets/hard_negatives/sentences.txt` holds sentences and questions written to
contain no PHI but many traps (eponyms, brands, scores, headers, body parts,
numbers with units, ranges). Every span a pipeline puts in `doc.ents` is a false
alarm. Prints, per model, the flagged share (target <= 5 %), false spans per
label and per section of the file; `--show` also prints the flagged spans (the
sentences are invented and PHI-free, so printing them is safe).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Dict, List, Tuple

import spacy

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

DEFAULT_SENTENCES = Path(__file__).resolve().parent.parent / "assets" / "hard_negatives" / "sentences.txt"


def read_sentences(path: Path) -> List[Tuple[str, str]]:
    """(section, sentence) pairs; "# name" lines start a section."""
    section = "unsectioned"
    pairs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            section = line.lstrip("# ").strip() or section
        elif line.strip():
            pairs.append((section, line))
    return pairs


def check(model: str, pairs: List[Tuple[str, str]], show: bool) -> Dict[str, object]:
    """Run one pipeline over the sentences and count what it flags."""
    nlp = spacy.load(model)
    flagged = 0
    per_label: Counter = Counter()
    per_section: Counter = Counter()
    section_sizes: Counter = Counter(section for section, _ in pairs)
    for (section, _), doc in zip(pairs, nlp.pipe(text for _, text in pairs)):
        if doc.ents:
            flagged += 1
            per_section[section] += 1
            per_label.update(ent.label_ for ent in doc.ents)
            if show:
                print(f"  [{section}] " + "; ".join(f"{e.label_}: {e.text}" for e in doc.ents))
    return {
        "model": model,
        "sentences": len(pairs),
        "flagged": flagged,
        "flagged_share": flagged / max(len(pairs), 1),
        "false_spans_per_label": dict(per_label.most_common()),
        "flagged_per_section": {s: [per_section[s], n] for s, n in section_sizes.items()},
    }


def main(argv: List[str] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="+", help="pipeline folders or package names")
    parser.add_argument("--sentences", type=Path, default=DEFAULT_SENTENCES)
    parser.add_argument("--output", type=Path, default=None, help="write the figures as JSON")
    parser.add_argument("--show", action="store_true", help="print the flagged spans")
    args = parser.parse_args(argv)
    pairs = read_sentences(args.sentences)
    print(describe_line())
    results = []
    for model in args.models:
        result = check(model, pairs, args.show)
        results.append(result)
        print(
            f"{model}: {result['flagged']}/{result['sentences']} sentences flagged "
            f"({100 * result['flagged_share']:.1f} %; target <= 5 %)"
        )
        print(f"  false spans per label: {result['false_spans_per_label']}")
        worst = sorted(result["flagged_per_section"].items(), key=lambda item: -item[1][0])[:6]
        print("  most flagged sections: " + ", ".join(f"{s} {f}/{n}" for s, (f, n) in worst if f))
    if args.output is not None:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(results if len(results) > 1 else results[0], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
