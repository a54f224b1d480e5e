"""The trained PHI detector: model architectures (`transformer.py`), the NER
component with a faster decoder (`greedy_ner.py`, factory `phi_ner`), the vote
of a seed ensemble of NERs (`ner_vote.py`, factory `phi_ner_vote`), the CPU
settings of the models (`cpu_ops.py`) and the assembly of the shipped
`en_phi_deid` pipeline (`assemble.py`).

`spacy_phi.TransformerModel.v1` is registered when `spacy_phi.models.transformer`
is imported; installed, the `spacy_architectures` entry point finds it, so configs
and saved pipelines that name it work without importing spacy_phi first. This
package imports neither module itself: torch loads only when a transformer is used.
"""

#: Package name without the language prefix: `spacy package` makes it `en_phi_deid`.
PIPELINE_NAME = "phi_deid"

__all__ = ["PIPELINE_NAME"]
