"""`spacy-phi evaluate`: score a pipeline or another tool's predictions against gold.

    spacy-phi evaluate GOLD [--gold-format FMT] [--scheme S]
        (--model PATH_OR_NAME|rules | --predictions FILE_OR_DIR [--pred-format {jsonl,brat,spacy}])
        [--pred-scheme S] [--convention physionet] [--output metrics.json] [--html report.html] [--include-text]
        [--compare OTHER_PREDICTIONS] [--compare-format F] [--seed N] [--shuffles N]

Documents are matched by record id; gold documents without predictions are
scored as all missed, predictions without gold are counted. A JSONL predictions
line needs an "id" and its "spans" ({"start", "end", "label"}, character offsets
into the gold text); "text" is optional. A span that repeats its "text" is
checked against the gold text at its offsets (mismatches are reported by id).
With --scheme meddocan (MEDDOCAN gold) the MEDDOCAN shared task's measures
are added, on MEDDOCAN's own labels (`spacy_phi.evaluation.meddocan`):
subtrack 1 (strict span and type), subtrack 2 strict and merged (spans
only); a pipeline's native labels are read from `doc.spans["meddocan"]`,
predictions files are read with MEDDOCAN labels. With --convention physionet
the PhysioNet deid corpus's guidelines are applied to the predictions before
every measure (AGE of 89 or under and PROFESSION dropped, weekday and state names set aside;
`spacy_phi.evaluation.conventions`) and the corpus scorer's overlap measure is
broken down per gold type (the corpus's own, for a gold in a converter format)
and per predicted label. `--model rules` scores the rules-only pipeline.
The console shows numbers, labels and ids only; note text reaches the HTML
report, the error examples in the JSON and the false alarms grouped by text
(with --convention) only with --include-text.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..converters import FORMATS
from ..errors import SpacyPhiError
from ..evaluation.conventions import CONVENTIONS
from ..labels import SCHEMES

#: `--model rules`: the rules-only pipeline (a folder named "rules" is given as "./rules").
RULES_MODEL = "rules"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `evaluate` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    parser = subparsers.add_parser(
        "evaluate",
        help="score a pipeline or a predictions file against gold annotations",
        description=(
            "Score predictions against gold: strict/relaxed entity, token (i2b2), binary token "
            "(all, i2b2 HIPAA, Safe Harbor), PhysioNet overlap, per category/label, error "
            "taxonomy. Prints numbers only, never note text."
        ),
    )
    parser.add_argument("gold", type=Path, help="gold .spacy DocBin, or a corpus in a converter format")
    parser.add_argument("--gold-format", choices=("spacy",) + FORMATS,
                        help="format of GOLD (guessed from .spacy/.jsonl/folder if omitted)")
    parser.add_argument("--scheme", choices=tuple(SCHEMES),
                        help="label scheme of the gold (default by format); meddocan adds the MEDDOCAN "
                             "shared-task measures on MEDDOCAN's own labels")
    parser.add_argument("--phrases", type=Path, help="PhysioNet phrase file for the gold")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--model", help="spaCy pipeline (name or path) to run on the gold texts, or 'rules' "
                                        "for the rules-only pipeline")
    source.add_argument("--predictions", type=Path,
                        help="predicted spans: JSONL file (id and spans; text optional), BRAT folder or .spacy")
    parser.add_argument("--pred-format", choices=("jsonl", "brat", "spacy"), help="format of --predictions")
    parser.add_argument("--pred-scheme", choices=tuple(SCHEMES), default="spacy_phi",
                        help="label scheme of the predictions (default: spacy_phi)")
    parser.add_argument("--convention", choices=tuple(CONVENTIONS),
                        help="apply a gold corpus's guidelines to the predictions before scoring, and break its "
                             "overlap measure down (physionet: AGE of 89 or under and PROFESSION dropped, weekday "
                             "and state names set aside)")
    parser.add_argument("--output", type=Path, help="write every number as JSON here")
    parser.add_argument("--html", type=Path, help="write a self-contained HTML report here")
    parser.add_argument("--include-text", action="store_true",
                        help="put note text (PHI!) in the HTML document viewer, the JSON error examples and, "
                             "with --convention, the JSON false alarms grouped by text")
    parser.add_argument("--compare", type=Path, help="predictions of another system: significance test vs it")
    parser.add_argument("--compare-format", choices=("jsonl", "brat", "spacy"), help="format of --compare")
    parser.add_argument("--metric", default="strict", help="metric for --compare (default: strict)")
    parser.add_argument("--shuffles", type=int, default=9999, help="approximate randomization shuffles")
    parser.add_argument("--seed", type=int, default=0, help="seed of the randomization")
    parser.add_argument("--lang", default="en", help="spaCy language code for DocBins (default: en)")
    parser.set_defaults(func=run_evaluate)
    return parser


def run_evaluate(args: argparse.Namespace) -> int:
    """Run the evaluation, print the tables and write the outputs.

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): 0 on success, 1 on unreadable input, 2 on bad arguments.
    """
    from ..evaluation import compare, format_console, match_documents, score, write_html
    from ..evaluation.documents import MatchReport
    from ..evaluation.loading import guess_format, load_documents, load_predictions, predict_with_model, source_labels
    from ..evaluation.metrics import METRICS

    if args.metric not in METRICS:
        print(f"spacy-phi evaluate: error: unknown metric {args.metric!r}", file=sys.stderr)
        return 2
    report = MatchReport()
    native_scores = None
    try:
        model = _model(args.model, args.lang)
        gold = load_documents(args.gold, args.gold_format, args.scheme, report=report, side="gold",
                              phrases=args.phrases, lang=args.lang)
        if args.scheme == "meddocan":
            from ..evaluation.loading import predict_with_model_native
            from ..evaluation.meddocan import meddocan_scores, pair_documents

            native_gold = load_documents(args.gold, args.gold_format, "meddocan_native", side="gold", lang=args.lang)
            if args.model:
                pred, native_pred = predict_with_model_native(model, gold)
            else:
                native_pred = load_predictions(args.predictions, args.pred_format, "meddocan_native", native_gold,
                                               lang=args.lang)
            native_scores = meddocan_scores(pair_documents(native_gold, native_pred))
        if args.scheme == "meddocan" and args.model:
            pass  # predicted above, in one pass for both label sets
        elif args.model:
            pred = predict_with_model(model, gold)
        else:
            pred = load_predictions(args.predictions, args.pred_format, args.pred_scheme, gold,
                                    report=report, lang=args.lang)
        documents, matching = match_documents(gold, pred, report)
        gold_types = None
        if args.convention is not None and (args.gold_format or guess_format(args.gold)) not in ("spacy", None):
            gold_types = source_labels(args.gold, args.gold_format or guess_format(args.gold), phrases=args.phrases)
        result = score(documents, matching, include_text=args.include_text, convention=args.convention,
                       gold_types=gold_types)
        if args.compare is not None:
            other_report = MatchReport()
            other = load_predictions(args.compare, args.compare_format, args.pred_scheme, gold,
                                     report=other_report, lang=args.lang)
            other_docs, other_matching = match_documents(gold, other, other_report)
            other_result = score(other_docs, other_matching, convention=args.convention)
            significance = compare(result, other_result, args.metric, shuffles=args.shuffles, seed=args.seed)
            result.significance = {str(args.compare): significance.to_dict()}
    except (SpacyPhiError, OSError) as err:
        # Our messages name files, ids and offsets only; OSError names the path.
        print(f"spacy-phi evaluate: error: {err}", file=sys.stderr)
        return 1
    print(format_console(result))
    output = result.to_dict()
    if native_scores is not None:
        from ..evaluation.meddocan import format_meddocan

        print("\n" + format_meddocan(native_scores))
        output["meddocan"] = native_scores.to_dict()
    if args.output is not None:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(output, indent=2), encoding="utf-8")
        print(f"\nMetrics written to {args.output}")
    if args.html is not None:
        write_html(result, args.html, include_text=args.include_text)
        print(f"HTML report written to {args.html}" + (" (includes note text)" if args.include_text else ""))
    return 0


def _model(model: Any, lang: str) -> Any:
    """The pipeline to run: "rules" is the rules-only pipeline (detection only),
    anything else a name or path left to `spacy.load`.

    model (Any): the --model value (None with --predictions).
    lang (str): language of the rules-only pipeline.
    RETURNS (Any): the name or path, or the built pipeline.
    """
    if model != RULES_MODEL:
        return model
    from ..pipelines import rules_pipeline

    return rules_pipeline(lang, surrogates=False)
