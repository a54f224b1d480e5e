"""The NER's case view: a note typed in capitals read as if written in mixed case.

The CNN tok2vec embeds each word's lower-case form, first letter, last three
letters and shape ("Xxxxx", "XXXX", "dd/dd"). In mixed-case notes the capital of
"Smith" is the strongest cue for a name, and the trained NER leans on it. In a
note typed in capitals every word has the shape of a name or an acronym ("PT SEEN
BY HO, SIMV WEAN, CVS STABLE"), and an NER built from mixed-case notes reads names
and institutions everywhere.

For such a note (`note_case.is_mostly_upper_case`) the case view hands the
tok2vec the words as a mixed-case writer would have typed them:

- an ordinary word (a common English word, inflected too, a drug, a medical
  term, a common word misspelt by one edit) in lower case, capitalised at the
  start of a sentence or line;
- a credential or staff role ("RN", "HO") in capitals;
- nursing shorthand of the lower-case list ("ABX", "DIFF") and a word that
  English writes mostly in lower case (`lexicon.word_usage`: "FEET", "HOME",
  "HUNG", "WILL") in lower case too, though no dictionary list holds it or a
  name list does, and so is such a word with two letters swapped ("NEICE");
- another listed clinical abbreviation ("SIMV", "PRBC") in capitals, as
  mixed-case notes write it;
- any other word, a possible name or place ("QUENTIN", "NEWTON") or an
  abbreviation no list holds ("ADEQ"), capitalised: "Quentin" (recall first: an
  unknown short word may be a name). So is a name of the name lists that is a
  word only as a function or spoken word ("CHARLIE").

Only the features the tok2vec hashes change: the note's text, tokens and offsets
are untouched, and a note in mixed case gives exactly the features of spaCy's
`FeatureExtractor`. A word whose lower-case form has another length (rare
Unicode) is left as written.

With `lower_case_notes = true` a note typed in lower case (fewer than 8 % of its
words hold a capital: nursing notes, transcripts) is viewed too: listed
abbreviations take their capitals ("ffp" → "FFP"), other words that are no
ordinary word are capitalised ("lander" → "Lander"). Off by default: on real ICU
notes it found 1 PHI phrase in 100 more and cost 9 points of precision.

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
from ..lexicon.word_usage import misspelt_lower_case_word, written_in_lower_case
from ..note_case import is_cased_text, is_mostly_upper_case

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
    if _is_ordinary(lower, vocab):
        # A name of the name lists that is ordinary only as a function or spoken
        # word, a drug or a misspelling ("CHARLIE", "BROWN") is capitalised as a
        # name would be (recall first); the common-word list holds no names.
        viewed = capitalised if _name_more_than_word(lower, vocab) or sentence_start else lower
    elif vocab.is_credential(word) or word in NURSING_ROLE_ABBREVIATIONS:
        viewed = word  # a credential or a staff role ("RN", "HO"), as mixed-case notes write it
    elif vocab.is_lower_case_shorthand(word) or written_in_lower_case(lower) or misspelt_lower_case_word(lower):
        # Nursing shorthand written in lower case ("ABX", "DIFF") and words English writes
        # mostly in lower case that no list holds ("FEET", "HOME", "HUNG"), or with two
        # letters swapped ("NEICE").
        viewed = capitalised if sentence_start else lower
    elif vocab.is_clinical_abbreviation(word):
        viewed = word  # a listed abbreviation ("SIMV", "PRBC")
    else:
        # A name, a place, or a word no list knows ("TURA", "OCC"): capitalised, as
        # a name would be (recall first: an unknown short word may be a name).
        viewed = capitalised
    return viewed if len(viewed) == len(word) else word


def mixed_case_word_from_lower(word: str, sentence_start: bool, vocabulary: Optional[MedicalVocabulary] = None) -> str:
    """How a mixed-case writer would type `word`, a word of a note typed in lower case.

    An ordinary word stays in lower case (capitalised at a sentence start); a
    listed abbreviation, credential or staff role takes its listed capitals
    ("ffp" → "FFP", "rn" → "RN"); any other word, a possible name or place, is
    capitalised ("lander" → "Lander"). Words with a capital, a digit or a sign,
    and single letters, are returned as they are.
    """
    if len(word) < 2 or not word.isalpha() or not word.islower():
        return word
    vocab = vocabulary or _lexicon()
    capitalised = word[0].upper() + word[1:]
    if _is_ordinary(word, vocab):
        viewed = capitalised if _name_more_than_word(word, vocab) or sentence_start else word
    else:
        viewed = _listed_capitals(vocab).get(word, capitalised)
    return viewed if len(viewed) == len(word) else word


def _listed_capitals(vocab: MedicalVocabulary) -> Dict[str, str]:
    """Lower-case form → the listed form of every abbreviation, credential and staff
    role written with capitals ("ffp" → "FFP", "rn" → "RN"); an all-capitals form wins."""
    global _capitals_of
    if _capitals_of is None or _capitals_of[0] is not vocab:
        listed: Dict[str, str] = {}
        terms = sorted(vocab.abbreviations | vocab.clinical_abbreviations | vocab.credentials | NURSING_ROLE_ABBREVIATIONS)
        for term in terms:
            if term.isalpha() and not term.islower():
                lower = term.lower()
                if lower not in listed or (term.isupper() and not listed[lower].isupper()):
                    listed[lower] = term
        _capitals_of = (vocab, listed)
    return _capitals_of[1]


_capitals_of: Optional[Tuple[MedicalVocabulary, Dict[str, str]]] = None


def _name_more_than_word(lower: str, vocab: MedicalVocabulary) -> bool:
    """A name of the name lists that the common-word list does not hold and that
    English does not write mostly in lower case ("charlie", "brown"; not "will")."""
    return lower in person_names() and not vocab.is_common_word(lower, function_words=False) and not written_in_lower_case(lower)


def _is_ordinary(lower: str, vocab: MedicalVocabulary) -> bool:
    """A common word (inflected too), a drug, a medical term or a common word
    misspelt by one edit: what a mixed-case writer types in lower case."""
    return (
        vocab.is_common_word(lower)
        or vocab.is_drug(lower)
        or vocab.is_always_medical(lower)
        or vocab.is_head(lower)
        or vocab.is_misspelt_common_word(lower)
    )


def mixed_case_words(
    doc: Doc, vocabulary: Optional[MedicalVocabulary] = None, view: Callable[..., str] = mixed_case_word
) -> List[str]:
    """The doc's token texts in the case view (one per token, same lengths);
    `view` is `mixed_case_word` (a note in capitals) or `mixed_case_word_from_lower`."""
    viewed: List[str] = []
    sentence_start = True
    for token in doc:
        text = token.text
        if not text.strip():
            viewed.append(text)
        else:
            viewed.append(view(text, sentence_start, vocabulary))
            sentence_start = text in _SENTENCE_END
        if "\n" in text or "\n" in token.whitespace_:
            sentence_start = True
    return viewed


def case_view_doc(doc: Doc, lower_case_notes: bool = False) -> Doc:
    """The doc itself for a note in mixed case; for a note typed in capitals (and,
    with `lower_case_notes`, one typed in lower case), a doc of the same tokens
    and spaces with its words in the case view."""
    if is_mostly_upper_case(doc.text):
        view = mixed_case_word
    elif lower_case_notes and not is_cased_text(doc.text):
        view = mixed_case_word_from_lower
    else:
        return doc
    spaces = [bool(token.whitespace_) for token in doc]
    return Doc(doc.vocab, words=mixed_case_words(doc, view=view), spaces=spaces)


def CaseViewFeatureExtractor(
    columns: List[Union[int, str]], lower_case_notes: bool = False
) -> Model[List[Doc], List[Ints2d]]:
    """spaCy's `FeatureExtractor` (same name and attrs: it saves and loads the
    same) that reads a note in capitals, and with `lower_case_notes` one in
    lower case, through the case view. The setting lives in the forward pass,
    not in the saved attrs, so the config decides it when a pipeline loads."""

    def forward(model: Model, docs: Sequence[Union[Doc, Span]], is_train: bool) -> Tuple[List[Ints2d], Callable]:
        features: List[Ints2d] = []
        for doc in docs:
            whole = doc.doc if isinstance(doc, Span) else doc
            attrs = case_view_doc(whole, lower_case_notes).to_array(model.attrs["columns"])
            if isinstance(doc, Span):
                attrs = attrs[doc.start : doc.end]
            if attrs.ndim == 1:
                attrs = attrs.reshape((attrs.shape[0], 1))
            features.append(model.ops.asarray2i(attrs, dtype="uint64"))
        return features, lambda d_features: []

    return Model("extract_features", forward, attrs={"columns": columns})


@registry.architectures(ARCHITECTURE)
def case_view_hash_embed(
    width: int,
    attrs: List[Union[str, int]],
    rows: List[int],
    include_static_vectors: bool,
    lower_case_notes: bool = False,
) -> Model[List[Doc], List[Floats2d]]:
    """`spacy.MultiHashEmbed.v2` whose features come from the case view; with
    `lower_case_notes`, notes typed in lower case are viewed too (off by
    default: more recall, much less precision on such notes, see docs/models.md)."""
    model = MultiHashEmbed(width=width, attrs=attrs, rows=rows, include_static_vectors=include_static_vectors)
    if not _swap_feature_extractor(model, CaseViewFeatureExtractor(attrs, lower_case_notes)):
        raise ValueError("spacy.MultiHashEmbed.v2 has no feature extractor to replace")  # a spaCy change
    return model


def _swap_feature_extractor(model: Model, extractor: Model) -> bool:
    """Replace the first `extract_features` layer under `model` (depth first)."""
    for index, layer in enumerate(model.layers):
        if layer.name == "extract_features":
            model.layers[index] = extractor
            return True
        if _swap_feature_extractor(layer, extractor):
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
