"""CPU seconds of the rule patterns with and without the first-character guard
(`spacy_phi/rules/regex_speed.py`), in one process, interleaved rule by rule
so that a busy or throttled machine slows both alike.

Run: python benchmarks/rule_engine_speed.py [--notes corpus/synth/test.spacy] [--limit 400]
        [--rounds 3] [--lang en]

For each round and each built-in rule, every note is scanned with the plain
compiled pattern and with the guarded one (`RegexRule.compiled`), timing each
with `time.process_time`; matches are compared as well (they must be equal).
The rules match on the normalised view of each note (`spacy_phi.matching_text`):
the time to build it is printed too, for the notes as they are (the fast path
on ordinary text) and for the same notes with a zero-width space every 40
characters (each note goes the whole way).
Prints the totals, the slowest rules, and the hardware. Note text is never printed.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

import spacy  # noqa: E402
from spacy.tokens import DocBin  # noqa: E402

from spacy_phi.matching_text import matching_text  # noqa: E402
from spacy_phi.rules.builtin import builtin_rules  # noqa: E402
from spacy_phi.rules.regex_rules import RegexRule  # noqa: E402
from spacy_phi.rules.spanish import spanish_rules  # noqa: E402


def _plain(rule: RegexRule) -> "re.Pattern[str]":
    return re.compile(rule.pattern, rule.regex_flags)


def _scan(pattern: "re.Pattern[str]", texts: List[str]) -> Tuple[float, List[List[Tuple[int, int]]]]:
    start = time.process_time()
    spans = [[m.span() for m in pattern.finditer(text)] for text in texts]
    return time.process_time() - start, spans


def _view_seconds(texts: List[str]) -> float:
    start = time.process_time()
    for text in texts:
        matching_text(text)
    return time.process_time() - start


def _with_hidden_characters(text: str, every: int = 40) -> str:
    return "\u200b".join(text[i : i + every] for i in range(0, len(text), every))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", default="corpus/synth/test.spacy", help="DocBin of notes")
    parser.add_argument("--limit", type=int, default=400, help="notes to scan")
    parser.add_argument("--rounds", type=int, default=3, help="rounds to sum")
    parser.add_argument("--lang", choices=("en", "es"), default="en", help="which built-in rules")
    args = parser.parse_args()

    nlp = spacy.blank(args.lang)
    texts = [doc.text for doc in DocBin().from_disk(args.notes).get_docs(nlp.vocab)][: args.limit]
    rules = builtin_rules() if args.lang == "en" else spanish_rules()
    plain_total = guarded_total = 0.0
    per_rule = {rule.id: [0.0, 0.0] for rule in rules}
    mismatches = 0
    for _ in range(args.rounds):
        for rule in rules:
            plain_seconds, plain_spans = _scan(_plain(rule), texts)
            guarded_seconds, guarded_spans = _scan(rule.compiled, texts)
            mismatches += plain_spans != guarded_spans
            per_rule[rule.id][0] += plain_seconds
            per_rule[rule.id][1] += guarded_seconds
            plain_total += plain_seconds
            guarded_total += guarded_seconds
    hidden = [_with_hidden_characters(text) for text in texts]
    view_seconds = sum(_view_seconds(texts) for _ in range(args.rounds)) / args.rounds
    hidden_view_seconds = sum(_view_seconds(hidden) for _ in range(args.rounds)) / args.rounds
    guarded_round = guarded_total / args.rounds
    words = sum(len(text.split()) for text in texts)
    print(describe_line())
    print(f"notes: {len(texts)} from {args.notes} ({words:,} words); {len(rules)} rules; rounds: {args.rounds}")
    print(f"plain patterns:   {plain_total / args.rounds:.2f} CPU s per round")
    print(f"guarded patterns: {guarded_total / args.rounds:.2f} CPU s per round "
          f"({100 * (guarded_total / plain_total - 1):+.0f} %); rules whose matches differ: {mismatches}")
    print(f"matching view, notes as they are ({sum(not t.isascii() for t in texts)} not ASCII): "
          f"{view_seconds:.4f} CPU s per round ({100 * view_seconds / guarded_round:.2f} % of the guarded patterns)")
    print(f"matching view, a zero-width space every 40 characters: "
          f"{hidden_view_seconds:.4f} CPU s per round ({100 * hidden_view_seconds / guarded_round:.2f} % of the guarded patterns)")
    print("slowest rules (plain -> guarded, CPU s per round):")
    for rule_id, (plain, guarded) in sorted(per_rule.items(), key=lambda item: -item[1][0])[:10]:
        print(f"  {rule_id:40s} {plain / args.rounds:.3f} -> {guarded / args.rounds:.3f}")


if __name__ == "__main__":
    main()
