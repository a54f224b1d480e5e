"""Identifier shapes found per family (issue 21): the cases of
tests/test_identifier_shapes.py run through the rules-only pipeline and, when
the `en_phi_deid` package is installed, through it too.

Counts per family: positives found with the right label and the exact extent
(each value alone and in the test's sentences), context and glued cases, and
negatives flagged. Prints counts only (the cases are made-up identifiers).

Run:
  python benchmarks/identifier_shapes.py
  python benchmarks/identifier_shapes.py --model path/or/package [--current-rules]
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Dict, List, Optional, Tuple

from spacy.language import Language

from spacy_phi import add_phi_components, rules_pipeline

CASES_FILE = Path(__file__).resolve().parent.parent / "tests" / "test_identifier_shapes.py"


def load_cases() -> ModuleType:
    """The test module, imported from its path (tests/ is not a package)."""
    spec = importlib.util.spec_from_file_location("identifier_shape_cases", CASES_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def count(nlp: Language, cases: ModuleType) -> Dict[str, Tuple[int, int]]:
    """{family: (found, total)}; for "negatives", (flagged, total)."""
    def ents(text: str) -> List[Tuple[int, int, str]]:
        return [(e.start_char, e.end_char, e.label_) for e in nlp(text).ents]

    result: Dict[str, List[int]] = {}
    for family, text, value, label in cases._positive_cases():
        start = text.index(value)
        hit = (start, start + len(value), label) in ents(text)
        result.setdefault(family, [0, 0])
        result[family][0] += hit
        result[family][1] += 1
    for name, group in (("context", cases.CONTEXT_POSITIVES), ("glued", cases.GLUED_POSITIVES)):
        result[name] = [0, 0]
        for text, value, label in group:
            start, end = text.index(value), text.index(value) + len(value)
            hit = any(lab == label and s <= start and e >= end for s, e, lab in ents(text))
            result[name][0] += hit
            result[name][1] += 1
    result["negatives"] = [sum(bool(ents(text)) for text in cases.NEGATIVES), len(cases.NEGATIVES)]
    return {k: (v[0], v[1]) for k, v in result.items()}


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="en_phi_deid", help="trained pipeline (package name or path)")
    parser.add_argument(
        "--current-rules", action="store_true",
        help="reload the model's phi_rules with this checkout's built-in rules (a packaged model runs the rules it was saved with)",
    )
    args = parser.parse_args(argv)
    cases = load_cases()
    columns = {"rules-only": count(rules_pipeline("en", surrogates=False), cases)}
    try:
        import spacy

        model = spacy.load(args.model)
        if "phi_merge" not in model.pipe_names:
            add_phi_components(model, surrogates=False)
        elif args.current_rules:
            model.get_pipe("phi_rules").initialize(lambda: [], nlp=model)
        columns[args.model] = count(model, cases)
    except (OSError, ImportError):
        print(f"({args.model} is not installed: rules-only counts only)")
    names = list(columns)
    print(f"{'family':<22}" + "".join(f"{Path(n).name[-18:]:>20}" for n in names))
    for family in columns["rules-only"]:
        cells = "".join(f"{columns[n][family][0]:>13d} / {columns[n][family][1]:<4d}" for n in names)
        print(f"{family:<22}{cells}")
    print("(negatives: strings flagged, lower is better; other rows: found with label and extent)")


if __name__ == "__main__":
    main()
