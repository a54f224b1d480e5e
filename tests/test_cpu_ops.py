"""`spacy_phi.CPUOps.v1` and `fast_cpu`: numpy's matrix products for the models,
one OpenBLAS thread; predictions unchanged."""

from __future__ import annotations

from pathlib import Path

import numpy
import pytest
import spacy
from spacy.util import load_config, load_model_from_config
from thinc.api import NumpyOps

from spacy_phi.models import cpu_ops

ROOT = Path(__file__).resolve().parent.parent


def _blis_nodes(nlp) -> int:
    return sum(
        1
        for _, component in nlp.components
        if hasattr(getattr(component, "model", None), "walk")
        for node in component.model.walk()
        if type(node.ops) is NumpyOps and node.ops.use_blis
    )


@pytest.fixture(scope="module")
def cnn_nlp():
    config = load_config(ROOT / "configs" / "cnn.cfg", interpolate=True)
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    nlp.get_pipe("ner").add_label("PATIENT")
    nlp.initialize()
    return nlp


def test_cnn_config_gets_numpy_matmul(cnn_nlp):
    config = load_config(ROOT / "configs" / "cnn.cfg", interpolate=True)
    assert config["nlp"]["after_pipeline_creation"]["@callbacks"] == cpu_ops.CALLBACK
    assert _blis_nodes(load_model_from_config(config, auto_fill=True)) == 0
    # Initializing resizes the NER's output layer (new ops); the tok2vec and the
    # NER's feature layer, where the products are, keep numpy's.
    for model in (cnn_nlp.get_pipe("tok2vec").model, cnn_nlp.get_pipe("ner").model.get_ref("lower")):
        assert type(model.ops) is NumpyOps and not model.ops.use_blis


def test_fast_cpu_swaps_and_restores():
    config = load_config(ROOT / "configs" / "cnn.cfg", interpolate=True)
    config["nlp"]["after_pipeline_creation"] = None
    nlp = load_model_from_config(config, auto_fill=True, validate=True)
    before = _blis_nodes(nlp)
    assert before > 0  # without the callback: thinc's default BLIS ops
    with cpu_ops.fast_cpu(nlp):
        assert _blis_nodes(nlp) == 0
    assert _blis_nodes(nlp) == before


def test_numpy_matmul_predicts_as_blis(cnn_nlp, tmp_path):
    """The same weights with BLIS and with numpy: tok2vec outputs equal up to float rounding."""
    text = "Seen by Dr. Alex Morgan on 3/4/2021 at Springfield General, MRN 1234567."
    cnn_nlp.to_disk(tmp_path / "cnn")
    with_blis = spacy.load(tmp_path / "cnn", config={"nlp": {"after_pipeline_creation": None}})
    assert _blis_nodes(with_blis) > 0
    numpy_doc = cnn_nlp.get_pipe("tok2vec")(cnn_nlp.make_doc(text))
    blis_doc = with_blis.get_pipe("tok2vec")(with_blis.make_doc(text))
    assert numpy.allclose(numpy_doc.tensor, blis_doc.tensor, atol=1e-4)


def test_overrides_add_callback_once():
    assert cpu_ops.cpu_ops_overrides({"nlp": {"after_pipeline_creation": None}}) == {
        "nlp.after_pipeline_creation": {"@callbacks": cpu_ops.CALLBACK, "blas_threads": 1}
    }
    assert cpu_ops.cpu_ops_overrides({"nlp": {"after_pipeline_creation": {"@callbacks": "other"}}}) == {}


def test_blas_threads_set_and_restored():
    functions = cpu_ops._thread_functions()
    if not functions:
        pytest.skip("no OpenBLAS loaded in this process (numpy built with another BLAS)")
    getter, _ = functions[0]
    original = getter()
    previous = cpu_ops.set_blas_threads(1)
    assert getter() == 1
    for setter, count in previous:
        setter(count)
    assert getter() == original
