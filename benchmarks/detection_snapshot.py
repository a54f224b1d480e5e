"""Every detection of a pipeline over every corpus in assets/, saved and compared:
the check that a restructuring of the rules, the guard or the word lists changes
no detection.

For each note it keeps the final entities (label, offsets, detector, rule id),
every span of the detector groups (`phi_ner`, `phi_rules` with the rule id,
`phi_known`, `phi_propagated`), every vetoed span with its reason and the group
it came from, and a hash of the de-identified text. Veto reasons are compared by
their name up to a '/' ("validator:date_not_date_shaped/apgar" equals
"validator:date_not_date_shaped"), so a check may gain a sub-id.

Run:  python benchmarks/detection_snapshot.py --ner PATH --save before.json   (old code)
      python benchmarks/detection_snapshot.py --ner PATH --compare before.json (new code)

Corpora (all read from assets/, plus a synthetic split): the realistic
evaluation splits and training notes, the ACI-BENCH splits, the hard-negative
sentences, MEDDOCAN dev (Spanish rules pipeline), and `--synthetic-docs`
(a DocBin such as corpus/synth/dev.spacy) or, without it, `--synthetic` notes
generated in process. Each note's text hash is saved too: a different input is
reported as such, not as a detection change. `--ner` is a trained English NER
(training/cnn/model-best), assembled in process with the code under test
(`assemble_pipeline`: an already assembled pipeline would keep the rule state it
was saved with); without it the rules-only pipeline and the random-weight production
architecture (`speed_models.random_model`) are both run. Prints counts and the
first differences (corpus, note index, labels, offsets and ids only, never text).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SECRET = "snapshot-secret-not-for-real-use"
GROUPS = ("phi_ner", "phi_rules", "phi_known", "phi_propagated")


def english_corpora(synthetic_docs: Path | None, synthetic: int) -> Dict[str, List[str]]:
    from spacy_phi.evaluation.loading import load_documents

    corpora: Dict[str, List[str]] = {}
    if synthetic_docs is not None:
        corpora["synthetic"] = [d.text for d in load_documents(synthetic_docs, "spacy")]
    else:
        from speed_models import synthetic_notes

        corpora["synthetic"] = synthetic_notes(synthetic)
    for folder in sorted((ASSETS / "realistic_eval").iterdir()):
        if folder.is_dir():
            corpora[f"realistic_eval/{folder.name}"] = [d.text for d in load_documents(folder, "markup")]
    for folder in sorted((ASSETS / "realistic_train").iterdir()):
        if folder.is_dir():
            corpora[f"realistic_train/{folder.name}"] = [d.text for d in load_documents(folder, "markup")]
    for split in ("train", "dev", "eval"):
        corpora[f"aci_bench/{split}"] = [d.text for d in load_documents(ASSETS / "aci_bench" / split, "markup")]
    lines = (ASSETS / "hard_negatives" / "sentences.txt").read_text(encoding="utf8").splitlines()
    corpora["hard_negatives"] = [line for line in lines if line.strip() and not line.startswith("#")]
    return corpora


def spanish_corpora() -> Dict[str, List[str]]:
    from spacy_phi.evaluation.loading import load_documents

    return {"meddocan/dev": [d.text for d in load_documents(ASSETS / "meddocan" / "dev", "brat", lang="es")]}


def _base_reason(reason: str) -> str:
    return reason.split("/", 1)[0]


def snapshot_doc(doc: Any, text: str) -> Dict[str, Any]:
    """Everything a detector decided on one note (offsets, labels, ids; no text)."""
    entry: Dict[str, Any] = {"text_sha1": hashlib.sha1(text.encode("utf8")).hexdigest()}
    entry["ents"] = [[e.label_, e.start_char, e.end_char, e.kb_id_, e.id_] for e in doc.ents]
    for group in GROUPS:
        if group in doc.spans:
            entry[group] = sorted([s.label_, s.start_char, s.end_char, s.id_] for s in doc.spans[group])
    if "phi_vetoed" in doc.spans:
        entry["phi_vetoed"] = sorted([s.label_, s.start_char, s.end_char, s.id_, s.kb_id_] for s in doc.spans["phi_vetoed"])
    deidentified = getattr(doc._, "deidentified", None) if doc.has_extension("deidentified") else None
    if deidentified is not None:
        entry["deid_sha1"] = hashlib.sha1(deidentified.encode("utf8")).hexdigest()
    return entry


#: `doc.user_data` key of the patient key (`spacy_phi.surrogates.keys.PATIENT_KEY_FIELD`):
#: each note gets a fixed one, so its surrogates, and the output's hash, are reproducible
#: (without a key every note draws a random one).
PATIENT_KEY_FIELD = "phi_patient_key"


def run(nlp: Any, texts: List[str], corpus: str) -> List[Dict[str, Any]]:
    def keyed_docs():
        for i, text in enumerate(texts):
            doc = nlp.make_doc(text)
            doc.user_data[PATIENT_KEY_FIELD] = f"{corpus}:{i}"
            yield doc

    return [snapshot_doc(doc, text) for doc, text in zip(nlp.pipe(keyed_docs(), batch_size=32), texts)]


def _comparable(entry: Dict[str, Any]) -> Dict[str, Any]:
    out = dict(entry)
    if "phi_vetoed" in out:
        out["phi_vetoed"] = [v[:4] + [_base_reason(v[4])] for v in out["phi_vetoed"]]
    return out


def differences(before: List[Dict[str, Any]], after: List[Dict[str, Any]], limit: int = 6) -> Tuple[int, List[str]]:
    """How many notes differ, and the first few differences (no text)."""
    lines: List[str] = []
    count = 0
    if len(before) != len(after):
        return 1, [f"{len(before)} notes before, {len(after)} after"]
    for i, (a, b) in enumerate(zip(before, after)):
        if a.get("text_sha1") != b.get("text_sha1"):
            count += 1
            lines.append(f"note {i}: the input text differs (not comparable)")
            continue
        a, b = _comparable(a), _comparable(b)
        if a == b:
            continue
        count += 1
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                x, y = a.get(key), b.get(key)
                if isinstance(x, list) and isinstance(y, list):
                    only_a = [s for s in x if s not in y][:3]
                    only_b = [s for s in y if s not in x][:3]
                    lines.append(f"note {i} {key}: only before {only_a}, only after {only_b}")
                else:
                    lines.append(f"note {i} {key}: differs")
    return count, lines[:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--save", type=Path, help="write the snapshot here (the reference)")
    parser.add_argument("--compare", type=Path, help="compare with a saved snapshot")
    parser.add_argument("--ner", default=None, help="a trained English NER, e.g. training/cnn/model-best (default: rules-only + random weights)")
    parser.add_argument("--synthetic-docs", type=Path, default=None, help="a DocBin of synthetic notes (corpus/synth/dev.spacy)")
    parser.add_argument("--synthetic", type=int, default=300, help="without --synthetic-docs: notes generated in process")
    parser.add_argument("--only", nargs="*", default=None, help="run only these pipelines (names as printed)")
    args = parser.parse_args()
    os.environ["SPACY_PHI_SECRET"] = SECRET

    from spacy_phi.pipelines import rules_pipeline

    english = english_corpora(args.synthetic_docs, args.synthetic)
    spanish = spanish_corpora()
    pipelines: Dict[str, Tuple[Any, Dict[str, List[str]]]] = {}
    wanted = set(args.only) if args.only else None
    if wanted is None or "rules_es" in wanted:
        pipelines["rules_es"] = (rules_pipeline("es"), spanish)
    if args.ner:
        from spacy_phi.models.assemble import assemble_pipeline

        if wanted is None or "model" in wanted:
            pipelines["model"] = (assemble_pipeline(args.ner), english)
    else:
        from speed_models import random_model

        if wanted is None or "rules" in wanted:
            pipelines["rules"] = (rules_pipeline(), english)
        if wanted is None or "random_model" in wanted:
            pipelines["random_model"] = (random_model(), english)

    results: Dict[str, Dict[str, List[Dict[str, Any]]]] = {}
    for name, (nlp, corpora) in pipelines.items():
        results[name] = {}
        for corpus, texts in corpora.items():
            results[name][corpus] = run(nlp, texts, corpus)
        notes = sum(len(v) for v in results[name].values())
        ents = sum(len(e["ents"]) for v in results[name].values() for e in v)
        rules = sum(len(e.get("phi_rules", [])) for v in results[name].values() for e in v)
        vetoes = sum(len(e.get("phi_vetoed", [])) for v in results[name].values() for e in v)
        print(f"{name}: {len(corpora)} corpora, {notes:,} notes, {ents:,} entities, {rules:,} rule matches, {vetoes:,} vetoes")

    failed = False
    if args.save:
        args.save.write_text(json.dumps(results), encoding="utf8")
        print(f"saved to {args.save}")
    if args.compare:
        reference = json.loads(args.compare.read_text(encoding="utf8"))
        for name, corpora in results.items():
            if name not in reference:
                print(f"{name}: not in the reference")
                failed = True
                continue
            differing = 0
            for corpus, entries in corpora.items():
                count, lines = differences(reference[name].get(corpus, []), entries)
                if count:
                    differing += 1
                    print(f"{name} {corpus}: {count} notes DIFFER")
                    for line in lines:
                        print("   " + line)
            if differing:
                failed = True
            else:
                print(f"{name}: identical to the reference on every corpus")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
