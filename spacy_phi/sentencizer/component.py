"""The `phi_sentencizer` pipeline component: settings, serialization,
scoring and the factory. The rules it applies are in `boundaries.py`.
"""

from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

import numpy
import srsly
from spacy import util
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.scorer import Scorer
from spacy.tokens import Doc
from spacy.training import Example, validate_examples
from spacy.util import SimpleFrozenList, ensure_path

from .._logging import logger
from .boundaries import NEWLINE_STRATEGIES, BoundaryRules, known_abbreviations, known_headers


class PhiSentencizer(Pipe):
    """Rule-based sentence segmentation for clinical notes.

    Sets `Token.is_sent_start` to True or False on every token. The rules are
    described at the top of `spacy_phi/sentencizer/boundaries.py`.
    """

    def __init__(
        self,
        name: str = "phi_sentencizer",
        *,
        abbreviations: Iterable[str] = SimpleFrozenList(),
        final_abbreviations: Iterable[str] = SimpleFrozenList(),
        headers: Iterable[str] = SimpleFrozenList(),
        split_on_newline: str = "auto",
        split_after_header_colon: bool = True,
        max_sentence_tokens: Optional[int] = 200,
        overwrite: bool = True,
        scorer: Optional[Callable] = None,
    ) -> None:
        """Initialize the sentencizer.

        name (str): The component name.
        abbreviations (Iterable[str]): Extra abbreviations that never end a
            sentence when text follows on the same line, like titles ("Hosp",
            "Mass."). Matched case-insensitively, with or without periods.
        final_abbreviations (Iterable[str]): Extra abbreviations that end a
            sentence only before a capitalised word, like "q.d." or "etc.".
        headers (Iterable[str]): Extra section header names ("Course on
            floor"). Matched case-insensitively, without the colon.
        split_on_newline (str): "auto" (layout rules), "always" (every line
            break starts a sentence) or "never" (a single line break is like a
            space). Blank lines split in all three.
        split_after_header_colon (bool): Whether the text after a section
            header's colon on the same line starts a new sentence.
        max_sentence_tokens (Optional[int]): Cut sentences longer than this
            many tokens; None or 0 to disable.
        overwrite (bool): Whether to overwrite sentence starts set by an
            earlier component. If False, tokens whose `is_sent_start` is already
            True or False keep it.
        scorer (Optional[Callable]): The scoring method. Defaults to
            Scorer.score_spans for the attribute "sents".
        """
        self.name = name
        self.scorer = scorer
        # The word lists as the config gave them; what `add_abbreviations` and
        # `add_headers` put beyond them is the state saved with the component.
        self._config_lists: Dict[str, List[str]] = {
            "abbreviations": _unique(abbreviations),
            "final_abbreviations": _unique(final_abbreviations),
            "headers": _unique(headers),
        }
        self._set_settings(
            {
                "abbreviations": list(abbreviations),
                "final_abbreviations": list(final_abbreviations),
                "headers": list(headers),
                "split_on_newline": split_on_newline,
                "split_after_header_colon": split_after_header_colon,
                "max_sentence_tokens": max_sentence_tokens,
                "overwrite": overwrite,
            }
        )

    # -- settings -----------------------------------------------------------

    def _set_settings(self, settings: Dict) -> None:
        strategy = settings.get("split_on_newline", "auto")
        if strategy not in NEWLINE_STRATEGIES:
            raise ValueError(
                f"phi_sentencizer: split_on_newline must be one of {NEWLINE_STRATEGIES}, got {strategy!r}"
            )
        max_tokens = settings.get("max_sentence_tokens", 200)
        if max_tokens is not None and (not isinstance(max_tokens, int) or max_tokens < 0):
            raise ValueError("phi_sentencizer: max_sentence_tokens must be None or an int >= 0")
        self.abbreviations: List[str] = _unique(settings.get("abbreviations", []))
        self.final_abbreviations: List[str] = _unique(settings.get("final_abbreviations", []))
        self.headers: List[str] = _unique(settings.get("headers", []))
        self.split_on_newline: str = strategy
        self.split_after_header_colon: bool = bool(settings.get("split_after_header_colon", True))
        self.max_sentence_tokens: Optional[int] = max_tokens or None
        self.overwrite: bool = bool(settings.get("overwrite", True))
        self._rebuild_lookups()

    def _rebuild_lookups(self) -> None:
        # Plain dicts and frozensets only, so the component pickles for
        # nlp.pipe(n_process=...).
        self._abbr_kinds = known_abbreviations(self.abbreviations, self.final_abbreviations)
        self._headers = known_headers(self.headers)

    @property
    def settings(self) -> Dict:
        """The settings, as saved by `to_bytes` and `to_disk`.

        RETURNS (Dict): JSON-serializable settings.
        """
        return {
            "abbreviations": list(self.abbreviations),
            "final_abbreviations": list(self.final_abbreviations),
            "headers": list(self.headers),
            "split_on_newline": self.split_on_newline,
            "split_after_header_colon": self.split_after_header_colon,
            "max_sentence_tokens": self.max_sentence_tokens,
            "overwrite": self.overwrite,
        }

    def add_abbreviations(self, abbreviations: Iterable[str], *, final: bool = False) -> None:
        """Add abbreviations after construction. They are saved with the
        component.

        abbreviations (Iterable[str]): e.g. ["Hosp.", "Mass"].
        final (bool): False: they never end a sentence on the same line (like
            titles); True: they end one only before a capitalised word.
        """
        if final:
            self.final_abbreviations = _unique(self.final_abbreviations + list(abbreviations))
        else:
            self.abbreviations = _unique(self.abbreviations + list(abbreviations))
        self._rebuild_lookups()

    def add_headers(self, headers: Iterable[str]) -> None:
        """Add section header names after construction. They are saved with
        the component.

        headers (Iterable[str]): e.g. ["Course on floor"].
        """
        self.headers = _unique(self.headers + list(headers))
        self._rebuild_lookups()

    # -- processing ---------------------------------------------------------

    def __call__(self, doc: Doc) -> Doc:
        """Set `Token.is_sent_start` on every token of a Doc.

        doc (Doc): The document to process.
        RETURNS (Doc): The processed Doc.
        """
        error_handler = self.get_error_handler()
        try:
            starts = self.predict(doc)
            self.set_annotations(doc, starts)
            return doc
        except Exception as e:
            return error_handler(self.name, self, [doc], e)

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:
        """Apply the component to a stream of documents.

        stream (Iterable[Doc]): A stream of documents.
        batch_size (int): Unused: docs are independent.
        YIELDS (Doc): Processed documents in order.
        """
        error_handler = self.get_error_handler()
        for doc in stream:
            try:
                starts = self.predict(doc)
                self.set_annotations(doc, starts)
                yield doc
            except Exception as e:
                # Like spaCy's Pipe.pipe: a doc whose error is handled is dropped.
                error_handler(self.name, self, [doc], e)

    def predict(self, doc: Doc) -> List[bool]:
        """Decide the sentence starts of a Doc, without modifying it.

        doc (Doc): The document.
        RETURNS (List[bool]): One value per token; the first is True if the
            doc is not empty.
        """
        # Built per call from the current settings (cheap: five references),
        # so settings changed on the component take effect at once.
        rules = BoundaryRules(
            abbreviation_kinds=self._abbr_kinds,
            headers=self._headers,
            split_on_newline=self.split_on_newline,
            split_after_header_colon=self.split_after_header_colon,
            max_sentence_tokens=self.max_sentence_tokens,
        )
        return rules.sentence_starts(doc)

    def set_annotations(self, doc: Doc, starts: Sequence[bool]) -> None:
        """Write the sentence starts to the Doc.

        doc (Doc): The document to modify.
        starts (Sequence[bool]): The output of `predict`.
        """
        if not len(doc):
            return
        values = numpy.where(numpy.asarray(starts, dtype=bool), 1, -1).astype(numpy.int64)
        if not self.overwrite:
            existing = doc.to_array(SENT_START).astype(numpy.int64)
            values = numpy.where(existing != 0, existing, values)
        # from_array sets all tokens in one call; Token.is_sent_start would
        # refuse to write on a parsed doc and is slow token by token.
        doc.from_array([SENT_START], values.view(numpy.uint64).reshape((-1, 1)))

    # -- scoring ------------------------------------------------------------

    def score(self, examples: Iterable[Example], **kwargs) -> Dict[str, Union[float, Dict[str, float]]]:
        """Score a batch of examples on sentence boundaries.

        examples (Iterable[Example]): The examples to score.
        RETURNS (Dict[str, Any]): "sents_p", "sents_r" and "sents_f".
        """
        validate_examples(examples, "PhiSentencizer.score")
        if self.scorer is not None:
            return self.scorer(examples, **kwargs)
        return phi_sentencizer_score(examples, **kwargs)

    # -- serialization ------------------------------------------------------
    #
    # The settings are factory arguments: the config holds them, so one given at
    # `spacy.load` wins. Saved here is only the abbreviations and headers added
    # after construction (`add_abbreviations`, `add_headers`); on loading they
    # join the config's lists.

    def _added(self) -> Dict[str, List[str]]:
        """The word lists' entries beyond the config's, and the settings, which
        only earlier versions of the package read (this one reads `added_*`)."""
        added = {
            f"added_{key}": [item for item in getattr(self, key) if item not in configured]
            for key, configured in self._config_lists.items()
        }
        return {**self.settings, **added}

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Serialize the added abbreviations and headers to a bytestring.

        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (bytes): The serialized component.
        """
        serializers = {"cfg": lambda: srsly.json_dumps(self._added())}
        return util.to_bytes(serializers, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiSentencizer":
        """Load the added abbreviations and headers from a bytestring.

        bytes_data (bytes): The data to load.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (PhiSentencizer): The loaded component.
        """
        deserializers = {"cfg": lambda b: self._load_added(srsly.json_loads(b))}
        util.from_bytes(bytes_data, deserializers, exclude)
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """Save the added abbreviations and headers to a directory.

        path (Union[str, Path]): A path to a directory, created if needed.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        """
        path = ensure_path(path)
        serializers = {"cfg": lambda p: srsly.write_json(p, self._added())}
        util.to_disk(path, serializers, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiSentencizer":
        """Load the added abbreviations and headers from a directory.

        path (Union[str, Path]): A path to a directory.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (PhiSentencizer): The loaded component.
        """
        path = ensure_path(path)
        deserializers = {"cfg": lambda p: self._load_added(srsly.read_json(p))}
        util.from_disk(path, deserializers, exclude)
        return self

    def _load_added(self, data: Dict) -> None:
        for key, configured in self._config_lists.items():
            # Earlier versions saved only the whole lists (config and added) under
            # the setting's name, beside the other settings, which are not read.
            saved = data.get(f"added_{key}", data.get(key, []))
            setattr(self, key, _unique(configured + list(saved)))
        self._rebuild_lookups()
        logger.debug(
            "phi_sentencizer %s: loaded %d extra abbreviations, %d extra headers",
            self.name,
            len(self.abbreviations) + len(self.final_abbreviations),
            len(self.headers),
        )


def _unique(items: Iterable[str]) -> List[str]:
    """The items in order, without duplicates; checks they are strings."""
    seen: Dict[str, None] = {}
    for item in items:
        if not isinstance(item, str):
            raise ValueError("phi_sentencizer: abbreviations and headers must be strings")
        seen.setdefault(item, None)
    return list(seen)


def phi_sentencizer_score(examples: Iterable[Example], **kwargs) -> Dict[str, Union[float, Dict[str, float]]]:
    """Score sentence boundaries like spaCy's Sentencizer.

    examples (Iterable[Example]): The examples to score.
    RETURNS (Dict[str, Any]): "sents_p", "sents_r" and "sents_f".
    """

    def has_sents(doc: Doc) -> bool:
        return doc.has_annotation("SENT_START")

    results = Scorer.score_spans(examples, "sents", has_annotation=has_sents, **kwargs)
    results.pop("sents_per_type", None)
    return results


@Language.factory(
    "phi_sentencizer",
    assigns=["token.is_sent_start", "doc.sents"],
    default_config={
        "abbreviations": [],
        "final_abbreviations": [],
        "headers": [],
        "split_on_newline": "auto",
        "split_after_header_colon": True,
        "max_sentence_tokens": 200,
        "overwrite": True,
        "scorer": {"@scorers": "spacy.senter_scorer.v1"},
    },
    default_score_weights={"sents_f": 1.0, "sents_p": 0.0, "sents_r": 0.0},
)
def make_phi_sentencizer(
    nlp: Language,
    name: str,
    abbreviations: List[str],
    final_abbreviations: List[str],
    headers: List[str],
    split_on_newline: str,
    split_after_header_colon: bool,
    max_sentence_tokens: Optional[int],
    overwrite: bool,
    scorer: Optional[Callable],
) -> PhiSentencizer:
    """Create a PhiSentencizer (the "phi_sentencizer" factory).

    nlp (Language): The pipeline.
    name (str): The component name.
    abbreviations (List[str]): Extra abbreviations that never end a sentence
        on the same line (like titles).
    final_abbreviations (List[str]): Extra abbreviations that end a sentence
        only before a capitalised word.
    headers (List[str]): Extra section header names.
    split_on_newline (str): "auto", "always" or "never".
    split_after_header_colon (bool): Whether text after a section header's
        colon starts a new sentence.
    max_sentence_tokens (Optional[int]): Cut longer sentences; None or 0 to
        disable.
    overwrite (bool): Whether to overwrite existing sentence starts.
    scorer (Optional[Callable]): The scoring method.
    RETURNS (PhiSentencizer): The component.
    """
    return PhiSentencizer(
        name,
        abbreviations=abbreviations,
        final_abbreviations=final_abbreviations,
        headers=headers,
        split_on_newline=split_on_newline,
        split_after_header_colon=split_after_header_colon,
        max_sentence_tokens=max_sentence_tokens,
        overwrite=overwrite,
        scorer=scorer,
    )
