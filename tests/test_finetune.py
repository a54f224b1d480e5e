"""Fine-tuning from corrections (`spacy_phi.models.finetune`, `spacy-phi finetune`,
`spacy project run finetune`) on a tiny pipeline and a tiny corpus."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest
import spacy
from spacy.language import Language
from spacy.tokens import DocBin
from spacy.training import Example
from thinc.api import fix_random_seed

import spacy_phi
from spacy_phi.cli import main
from spacy_phi.converters import read_jsonl, records_to_docs
from spacy_phi.converters.records import Record, SourceSpan
from spacy_phi.models.finetune import (FinetuneSettings, finetune, mark_adapted, site_examples,
                                       split_held_out)

ROOT = Path(__file__).resolve().parent.parent
NOTES = [("Seen by Zork Blah at Mercy today.", [(8, 17, "PATIENT"), (21, 26, "HOSPITAL")]),
         ("Zork Blah ate lunch.", [(0, 9, "PATIENT")]),
         ("Transfer to Mercy planned.", [(12, 17, "HOSPITAL")]),
         ("No visitors; Zork Blah slept.", [(13, 22, "PATIENT")])]


def _records(notes=NOTES) -> List[Record]:
    return [Record(f"n{i}", text, spans=[SourceSpan(s, e, label) for s, e, label in spans])
            for i, (text, spans) in enumerate(notes)]


def _tiny_pipeline() -> Language:
    """tok2vec + ner (+ the rule components, as an assembled pipeline has), initialized, untrained."""
    nlp = spacy_phi.blank_pipeline("en")
    nlp.add_pipe("tok2vec")
    ner = nlp.add_pipe("ner")
    for label in ("PATIENT", "HOSPITAL", "DATE"):
        ner.add_label(label)
    docs, _ = records_to_docs(_records(), nlp)
    fix_random_seed(0)  # the same initial weights for every call
    nlp.initialize(lambda: [Example(nlp.make_doc(d.text), d) for d in docs])
    nlp.add_pipe("phi_rules")
    return nlp


def _ner_bytes(nlp: Language) -> bytes:
    return nlp.get_pipe("ner").to_bytes() + nlp.get_pipe("tok2vec").to_bytes()


def test_finetune_learns_the_corrected_spans_and_leaves_the_rules_alone() -> None:
    nlp = _tiny_pipeline()
    rules_before = nlp.get_pipe("phi_rules").to_bytes()
    ner_before = _ner_bytes(nlp)
    site, dropped = site_examples(nlp, _records())
    replay = [Example(nlp.make_doc("Plan: rest."), nlp.make_doc("Plan: rest."))]
    report = finetune(nlp, site, replay, FinetuneSettings(steps=60, site_batch=2, replay_batch=1, learn_rate=0.01))
    assert dropped == 0 and report.site_notes == 4 and report.replay_notes == 1 and len(report.losses) == 60
    assert _ner_bytes(nlp) != ner_before
    assert nlp.get_pipe("phi_rules").to_bytes() == rules_before
    assert report.losses[-1] < report.losses[0]
    doc = nlp("Seen by Zork Blah at Mercy today.")
    assert ("Zork Blah", "PATIENT") in [(e.text, e.label_) for e in doc.ents]


def test_finetune_is_reproducible_with_a_seed() -> None:
    results = []
    for _ in range(2):
        nlp = _tiny_pipeline()
        finetune(nlp, site_examples(nlp, _records())[0], [], FinetuneSettings(steps=5, seed=3))
        results.append(_ner_bytes(nlp))
    assert results[0] == results[1]


def _batches_seen(nlp: Language, site: List[Example], settings: FinetuneSettings) -> List[List[str]]:
    """The texts of the corrected notes of every update (replay empty)."""
    seen: List[List[str]] = []
    update = nlp.update

    def recording_update(batch, **kwargs):
        seen.append([example.reference.text for example in batch])
        return update(batch, **kwargs)

    nlp.update = recording_update  # type: ignore[method-assign]
    finetune(nlp, site, [], settings)
    return seen


def test_site_phi_batch_draws_that_many_notes_holding_phi_per_update() -> None:
    notes = NOTES + [("Plan: rest.", []), ("Slept well.", []), ("Vitals stable.", []), ("Ate lunch.", [])]
    nlp = _tiny_pipeline()
    site, _ = site_examples(nlp, _records(notes))
    with_phi = {text for text, spans in notes if spans}
    seen = _batches_seen(nlp, site, FinetuneSettings(steps=20, site_batch=3, site_phi_batch=2, seed=1))
    assert len(seen) == 20 and all(len(batch) == 3 for batch in seen)
    assert all(sum(text in with_phi for text in batch) >= 2 for batch in seen)
    # Without it the notes are drawn alone: some update holds fewer than two notes with PHI.
    plain = _batches_seen(_tiny_pipeline(), site, FinetuneSettings(steps=20, site_batch=3, seed=1))
    assert any(sum(text in with_phi for text in batch) < 2 for batch in plain)


def test_site_phi_batch_above_the_site_batch_is_an_error() -> None:
    nlp = _tiny_pipeline()
    with pytest.raises(ValueError):
        finetune(nlp, site_examples(nlp, _records())[0], [], FinetuneSettings(site_batch=2, site_phi_batch=3))


def test_labels_the_ner_lacks_are_dropped_and_counted() -> None:
    nlp = _tiny_pipeline()
    records = _records([("Call Zork at 555-123-4567.", [(5, 9, "PATIENT"), (13, 25, "PHONE")])])
    examples, dropped = site_examples(nlp, records)
    assert dropped == 1 and [e.label_ for e in examples[0].reference.ents] == ["PATIENT"]


def test_no_corrected_note_is_an_error() -> None:
    with pytest.raises(ValueError):
        finetune(_tiny_pipeline(), [], [])


def test_held_out_split_is_stable_as_notes_are_added() -> None:
    records = [Record(f"note-{i}", "x") for i in range(200)]
    train, held = split_held_out(records[:100], 0.2)
    more_train, more_held = split_held_out(records, 0.2)
    assert {r.id for r in held} <= {r.id for r in more_held}
    assert {r.id for r in train} <= {r.id for r in more_train}
    assert 10 <= len(held) <= 30
    with pytest.raises(ValueError):
        split_held_out(records, 1.0)


def test_adapted_meta_names_the_site_and_drops_the_base_scores() -> None:
    nlp = _tiny_pipeline()
    nlp.meta.update({"name": "phi_deid", "performance": {"ents_f": 0.9}})
    report = finetune(nlp, site_examples(nlp, _records())[0], [], FinetuneSettings(steps=1))
    mark_adapted(nlp, "north_ward", report)
    assert nlp.meta["name"] == "phi_deid_north_ward" and "performance" not in nlp.meta
    assert nlp.meta["adaptation"]["site_notes"] == 4 and "Adaptation" in nlp.meta["notes"]
    with pytest.raises(ValueError):
        mark_adapted(nlp, "../x", report)


def _write_inputs(tmp_path: Path) -> tuple:
    base = tmp_path / "base"
    nlp = _tiny_pipeline()
    nlp.meta["name"] = "phi_deid"
    nlp.to_disk(base)
    corrections = tmp_path / "corrections.jsonl"
    lines = [{"id": r.id, "text": r.text, "spans": [{"start": s.start, "end": s.end, "label": s.label}
                                                       for s in r.spans]} for r in _records() * 1]
    lines += [{"id": f"m{i}", "text": "Zork Blah is fine.", "spans": [{"start": 0, "end": 9, "label": "PATIENT"}]}
              for i in range(6)]
    corrections.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    replay = tmp_path / "train_mix.spacy"
    docs, _ = records_to_docs(_records(), nlp)
    DocBin(docs=docs).to_disk(replay)
    return base, corrections, replay


def test_finetune_command_saves_the_adapted_pipeline_and_the_held_out_notes(tmp_path: Path, capsys) -> None:
    base, corrections, replay = _write_inputs(tmp_path)
    out, held = tmp_path / "adapted", tmp_path / "held.jsonl"
    code = main(["finetune", str(corrections), "--base", str(base), "-o", str(out), "--site", "test",
                 "--replay", str(replay), "--replay-notes", "2", "--replay-batch", "1", "--steps", "3", "--held-out", "0.3",
                 "--held-out-output", str(held)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Zork" not in printed and "en_phi_deid_test" in printed
    adapted = spacy.load(out)
    assert adapted.meta["name"] == "phi_deid_test" and adapted.pipe_names == ["tok2vec", "ner", "phi_rules"]
    assert (out / "README.md").exists()
    held_ids = {r.id for r in read_jsonl(held)}
    assert held_ids and held_ids < {r.id for r in read_jsonl(corrections)}
    assert adapted.meta["adaptation"]["site_notes"] + len(held_ids) == 10


def test_project_finetune_command_runs_on_a_tiny_corpus(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    _write_inputs(project)  # inside the project: its dependencies are relative paths
    shutil.copy(ROOT / "project.yml", project / "project.yml")
    (project / "spacy_phi").symlink_to(ROOT / "spacy_phi")  # the command's code dependencies
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    command = [sys.executable, "-m", "spacy", "project", "run", "finetune", ".", "--vars.corrections=corrections.jsonl",
               "--vars.base_pipeline=base", "--vars.train_corpus=train_mix.spacy", "--vars.site=tiny",
               "--vars.finetune_steps=2", "--vars.replay_notes=2"]
    result = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert spacy.load(project / "training" / "phi_deid_tiny").meta["name"] == "phi_deid_tiny"
    assert (project / "corpus" / "tiny_held_out.jsonl").exists()
