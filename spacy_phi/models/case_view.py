"""The NER's case view: a note typed in capitals read as if written in mixed case.

The CNN tok2vec embeds each word's lower-case form, first letter, last three
letters and shape ("Xxxxx", "XXXX", "dd/dd"). In mixed-case notes the capital of
"Smith" is the strongest cue for a name, and the trained NER leans on it. In a
note typed in capitals every word has the shape of a name or an acronym ("PT SEEN
BY HO, SIMV WEAN, CVS STABLE"), and an NER built from mixed-case notes reads names
and institutions everywhere.

For such a note (`note_case.is_mostly_upper_case`) the case view hands the
tok2vec the words as a mixed-case writer would have typed them:

- an ordinary word (a common English word, a drug, a common word misspelt by
  one edit) in lower case, capitalised at the start of a sentence or line;
- a listed clinical abbreviation, credential or staff role ("SIMV", "PRBC",
  "RN", "HO") in capitals, as mixed-case notes write it;
- any other word, a possible name or place ("QUENTIN", "NEWTON") or an
  abbreviation no list holds ("ADEQ"), capitalised: "Quentin". So is a word of
  the name lists that is no ordinary word.

Only the features the tok2vec hashes change: the note's text, tokens and offsets
are untouched, and a note in mixed case gives exactly the features of spaCy's
`FeatureExtractor`. A word whose lower-case form has another length (rare
Unicode) is left as written.

Architecture `spacy_phi.CaseViewHashEmbed.v1`: `spacy.MultiHashEmbed.v2` with
this feature extractor (same arguments, same weights: a pipeline trained with
spaCy's embedding loads with this one). `assemble_pipeline` switches an English
pipeline's tok2vec to it (`case_view_overrides`).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from spacy.ml.models.tok2vec import MultiHashEmbed
from spacy.tokens import Doc, Span
from spacy.util import registry
from thinc.api import Model
from thinc.types import Floats2d, Ints2d

from ..lexicon.common_words import person_names
from ..lexicon.person_words import NURSING_ROLE_ABBREVIATIONS
from ..lexicon.vocabulary import MedicalVocabulary, default_vocabulary
from ..note_case import is_mostly_upper_case

ARCHITECTURE = "spacy_phi.CaseViewHashEmbed.v1"
#: The embedding this one replaces: same arguments and weights.
SPACY_ARCHITECTURE = "spacy.MultiHashEmbed.v2"
#: Tokens after which a mixed-case writer starts a sentence with a capital.
_SENTENCE_END = frozenset({".", "!", "?", ":"})

_vocabulary: Optional[MedicalVocabulary] = None


def _lexicon() -> MedicalVocabulary:
    global _vocabulary
    if _vocabulary is None:
        _vocabulary = default_vocabulary()
    return _vocabulary


def mixed_case_word(word: str, sentence_start: bool, vocabulary: Optional[MedicalVocabulary] = None) -> str:
    """How a mixed-case writer would type `word`, a word of a note in capitals.

    Words with a lower-case letter, a digit or a sign, and single letters, are
    returned as they are; see the module docstring for the rest.
    """
    if len(word) < 2 or not word.isalpha() or not word.isupper():
        return word
    vocab = vocabulary or _lexicon()
    lower = word.lower()
    capitalised = word[0] + word[1:].lower()
    names = person_names()
    if _is_ordinary(word, lower, vocab):
        if lower in names and not vocab.is_common_word(lower, function_words=False):
            viewed = capitalised  # "WILL" and "MAY" are words; a given name only as a function word stays a name
        else:
            viewed = capitalised if sentence_start else lower
    elif (
        vocab.is_clinical_abbreviation(word)
        or vocab.is_lower_case_shorthand(word)
        or vocab.is_credential(word)
        or word in NURSING_ROLE_ABBREVIATIONS
    ):
        viewed = word  # a listed abbreviation
    else:
        # A name, a place, or a word no list knows ("TURA", "OCC"): capitalised, as
        # a name would be (recall first: an unknown short word may be a name).
        viewed = capitalised
    return viewed if len(viewed) == len(word) else word


def _is_ordinary(word: str, lower: str, vocab: MedicalVocabulary) -> bool:
    """A common word (inflected too), a drug, a medical term or a common word
    misspelt by one edit: what a mixed-case writer types in lower case."""
    return (
        vocab.is_common_word(lower)
        or vocab.is_drug(lower)
        or vocab.is_always_medical(lower)
        or vocab.is_head(lower)
        or vocab.is_misspelt_common_word(lower)
    )


def mixed_case_words(doc: Doc, vocabulary: Optional[MedicalVocabulary] = None) -> List[str]:
    """The doc's token texts in the case view (one per token, same lengths)."""
    viewed: List[str] = []
    sentence_start = True
    for token in doc:
        text = token.text
        if not text.strip():
            viewed.append(text)
        else:
            viewed.append(mixed_case_word(text, sentence_start, vocabulary))
            sentence_start = text in _SENTENCE_END
        if "\n" in text or "\n" in token.whitespace_:
            sentence_start = True
    return viewed


def case_view_doc(doc: Doc) -> Doc:
    """The doc itself for a note in mixed case; for a note typed in capitals, a
    doc of the same tokens and spaces with its words in the case view."""
    if not is_mostly_upper_case(doc.text):
        return doc
    spaces = [bool(token.whitespace_) for token in doc]
    return Doc(doc.vocab, words=mixed_case_words(doc), spaces=spaces)


def _extract_features(model: Model, docs: Sequence[Union[Doc, Span]], is_train: bool) -> Tuple[List[Ints2d], Callable]:
    """spaCy's `FeatureExtractor` forward pass, on the case view of each doc."""
    columns = model.attrs["columns"]
    features: List[Ints2d] = []
    for doc in docs:
        if isinstance(doc, Span):
            attrs = case_view_doc(doc.doc).to_array(columns)[doc.start : doc.end]
        else:
            attrs = case_view_doc(doc).to_array(columns)
        if attrs.ndim == 1:
            attrs = attrs.reshape((attrs.shape[0], 1))
        features.append(model.ops.asarray2i(attrs, dtype="uint64"))
    return features, lambda d_features: []


def CaseViewFeatureExtractor(columns: List[Union[int, str]]) -> Model[List[Doc], List[Ints2d]]:
    """spaCy's `FeatureExtractor` (same name and attrs: it saves and loads the
    same) that reads a note in capitals through the case view."""
    return Model("extract_features", _extract_features, attrs={"columns": columns})


@registry.architectures(ARCHITECTURE)
def case_view_hash_embed(
    width: int, attrs: List[Union[str, int]], rows: List[int], include_static_vectors: bool
) -> Model[List[Doc], List[Floats2d]]:
    """`spacy.MultiHashEmbed.v2` whose features come from the case view."""
    model = MultiHashEmbed(width=width, attrs=attrs, rows=rows, include_static_vectors=include_static_vectors)
    if not _swap_feature_extractor(model, attrs):
        raise ValueError("spacy.MultiHashEmbed.v2 has no feature extractor to replace")  # a spaCy change
    return model


def _swap_feature_extractor(model: Model, columns: List[Union[str, int]]) -> bool:
    """Replace the first `extract_features` layer under `model` (depth first)."""
    for index, layer in enumerate(model.layers):
        if layer.name == "extract_features":
            model.layers[index] = CaseViewFeatureExtractor(columns)
            return True
        if _swap_feature_extractor(layer, columns):
            return True
    return False


def case_view_overrides(config: Dict[str, Any]) -> Dict[str, Any]:
    """Config overrides for `spacy.load` that give every English tok2vec embedded
    with `spacy.MultiHashEmbed.v2` the case view (same weights; `{}` otherwise)."""
    if config.get("nlp", {}).get("lang") != "en":
        return {}
    overrides: Dict[str, Any] = {}
    for name, component in config.get("components", {}).items():
        embed = component.get("model", {}).get("embed", {})
        if isinstance(embed, dict) and embed.get("@architectures") == SPACY_ARCHITECTURE:
            overrides[f"components.{name}.model.embed.@architectures"] = ARCHITECTURE
    return overrides
