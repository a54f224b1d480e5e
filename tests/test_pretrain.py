"""The pretrain step: `spacy pretrain` on configs/cnn.cfg, and training that
starts from its weights (`--paths.init_tok2vec`)."""

from __future__ import annotations

from pathlib import Path

import srsly
from spacy.training.initialize import init_nlp
from spacy.training.pretrain import pretrain
from spacy.util import load_config

CNN_CONFIG = Path(__file__).resolve().parent.parent / "configs" / "cnn.cfg"
#: A small tok2vec so the test runs in seconds; pretraining and training use the same.
SMALL = {
    "components.tok2vec.model.encode.width": 32,
    "components.tok2vec.model.encode.depth": 1,
    "components.tok2vec.model.embed.rows": [200, 100, 100, 100],
}


def small_config(**overrides):
    return load_config(CNN_CONFIG, overrides={**SMALL, **overrides}, interpolate=True)


def test_pretrain_writes_weights_that_training_starts_from(tmp_path):
    raw = tmp_path / "raw.jsonl"
    lines = [
        "[doctor] hi , carolyn . how are you doing with the knee pain ?",
        "Chief complaint: follow-up of hypertension and type 2 diabetes.",
        "Lungs are clear to auscultation bilaterally. No wheezes, rales, or rhonchi.",
        "She is taking metformin 500 mg twice a day and lisinopril 10 mg daily.",
    ]
    srsly.write_jsonl(raw, [{"text": line} for line in lines * 10])
    config = small_config(**{"paths.raw_text": str(raw), "pretraining.max_epochs": 1})
    (tmp_path / "pretrain").mkdir()
    pretrain(config, tmp_path / "pretrain", silent=True)
    weights = sorted((tmp_path / "pretrain").glob("model*.bin"))
    assert weights and weights[-1].stat().st_size > 1000

    def tok2vec_bytes(seed: int, init_tok2vec):
        train = tmp_path / "train.spacy"
        if not train.exists():
            from spacy.tokens import DocBin

            import spacy_phi

            nlp = spacy_phi.blank_pipeline()
            doc = nlp.make_doc("Seen by Dr. Okafor today.")
            doc.ents = [doc.char_span(12, 18, label="DOCTOR")]
            DocBin(docs=[doc]).to_disk(train)
        cfg = small_config(
            **{
                "paths.train": str(train),
                "paths.dev": str(train),
                "paths.init_tok2vec": str(init_tok2vec) if init_tok2vec else None,
                "system.seed": seed,
                "training.seed": seed,
            }
        )
        nlp = init_nlp(cfg)
        return nlp.get_pipe("tok2vec").model.get_ref("embed").to_bytes()

    # Initialised from the pretrained weights, the embeddings no longer depend on the seed.
    assert tok2vec_bytes(1, weights[-1]) == tok2vec_bytes(2, weights[-1])
    assert tok2vec_bytes(1, None) != tok2vec_bytes(2, None)
