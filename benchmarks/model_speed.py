"""Speed of trained pipelines (CNN, transformer, assembled): words/s and notes/s.

Run: python benchmarks/model_speed.py MODEL [MODEL ...] [--notes corpus/synth/test.spacy]
        [--limit 300] [--batch-size 32] [--gpu-id -1] [--ner-only]

Each MODEL (a pipeline folder or package name) processes the same synthetic notes
after a warm-up batch; words are whitespace-separated words of the note text. With
`--gpu-id 0` the pipelines run on the GPU. The hardware is printed first.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import List, Tuple

import spacy
from spacy.tokens import DocBin

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardware import describe_line  # noqa: E402

import spacy_phi  # noqa: E402
from spacy_phi.pipelines import RULE_LAYER  # noqa: E402

RULE_AND_OUTPUT_COMPONENTS = (*RULE_LAYER, "phi_surrogates")


def load_texts(path: Path, limit: int) -> List[str]:
    """Note texts of a DocBin (the synthetic test split by default)."""
    vocab = spacy_phi.blank_pipeline().vocab
    docs = DocBin().from_disk(path).get_docs(vocab)
    return [doc.text for _, doc in zip(range(limit), docs)]


def measure(model: str, texts: List[str], batch_size: int, ner_only: bool) -> Tuple[str, float, float]:
    """RETURNS (Tuple[str, float, float]): the components run, seconds, words/s."""
    nlp = spacy.load(model)
    disabled = [name for name in RULE_AND_OUTPUT_COMPONENTS if ner_only and name in nlp.pipe_names]
    with nlp.select_pipes(disable=disabled):
        for _ in nlp.pipe(texts[:batch_size], batch_size=batch_size):  # warm-up
            pass
        start = time.perf_counter()
        for _ in nlp.pipe(texts, batch_size=batch_size):
            pass
        seconds = time.perf_counter() - start
        components = ",".join(nlp.pipe_names)
    words = sum(len(text.split()) for text in texts)
    return components, seconds, words / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="+", help="pipeline folders or package names")
    parser.add_argument("--notes", type=Path, default=Path("corpus/synth/test.spacy"), help="DocBin of notes")
    parser.add_argument("--limit", type=int, default=300, help="notes to process")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--gpu-id", type=int, default=-1, help="-1: CPU; 0: the first GPU")
    parser.add_argument("--ner-only", action="store_true", help="switch the rule layer and surrogates off")
    args = parser.parse_args()
    if args.gpu_id >= 0:
        spacy.require_gpu(args.gpu_id)
    texts = load_texts(args.notes, args.limit)
    words = sum(len(text.split()) for text in texts)
    print(describe_line())
    print(f"device: {'GPU ' + str(args.gpu_id) if args.gpu_id >= 0 else 'CPU'}; notes: {len(texts)} from "
          f"{args.notes} ({words:,} words, {words / max(len(texts), 1):.0f} per note); batch size {args.batch_size}")
    for model in args.models:
        components, seconds, words_per_second = measure(model, texts, args.batch_size, args.ner_only)
        print(f"{model}: {words_per_second:>10,.0f} words/s {len(texts) / seconds:>8,.1f} notes/s   [{components}]")


if __name__ == "__main__":
    main()
