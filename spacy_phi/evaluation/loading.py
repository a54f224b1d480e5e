"""Reading gold and predictions from files, and predicting with a pipeline.

Gold: a `.spacy` DocBin (entities are the gold spans) or any converter format
(offsets kept as the source wrote them, labels mapped with the scheme).
Predictions: a JSONL file, a BRAT folder or a `.spacy` DocBin from any tool,
or `doc.ents` of a spaCy pipeline run on the gold texts.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional, Sequence, Union

from .documents import MatchReport, SourceDocument, source_from_doc, source_from_record

PathLike = Union[str, Path]
PRED_FORMATS = ("jsonl", "brat", "spacy")


def guess_format(path: PathLike) -> Optional[str]:
    """The format implied by a path: ".spacy", ".jsonl", or a folder (BRAT).

    path (PathLike): the path.
    RETURNS (Optional[str]): "spacy", "jsonl", "brat" or None.
    """
    path = Path(path)
    if path.suffix.lower() == ".spacy":
        return "spacy"
    if path.suffix.lower() == ".jsonl":
        return "jsonl"
    if path.is_dir():
        return "brat"
    return None


def load_documents(
    path: PathLike,
    format: Optional[str] = None,
    scheme: Optional[str] = None,
    *,
    report: Optional[MatchReport] = None,
    side: str = "gold",
    phrases: Optional[PathLike] = None,
    lang: str = "en",
) -> List[SourceDocument]:
    """Read one side of the evaluation from a file or folder.

    path (PathLike): the file or folder.
    format (Optional[str]): "spacy" or a converter format; guessed if None.
    scheme (Optional[str]): label scheme; the converter's default for the format if None.
    report (Optional[MatchReport]): receives spans whose labels are dropped.
    side (str): "gold" or "pred", to name dropped spans.
    phrases (Optional[PathLike]): PhysioNet phrase file.
    lang (str): language of the blank pipeline's vocab for DocBins.
    RETURNS (List[SourceDocument]): the documents, in file order.
    RAISES (ConversionError): unknown format or unreadable input.
    """
    from ..converters import DEFAULT_SCHEMES, read_records
    from ..errors import ConversionError

    format = format or guess_format(path)
    if format is None:
        raise ConversionError(f"Cannot tell the format of {path}; name it (e.g. --gold-format)")
    if format == "spacy":
        from spacy.tokens import DocBin

        from ..util import blank_pipeline

        if not Path(path).is_file():
            raise ConversionError(f"Input not found: {path}")
        vocab = blank_pipeline(lang).vocab
        docs = DocBin(store_user_data=True).from_disk(path).get_docs(vocab)
        return [source_from_doc(doc, i) for i, doc in enumerate(docs)]
    records = read_records(path, format, phrases=phrases)
    scheme = scheme or DEFAULT_SCHEMES.get(format, "spacy_phi")
    return [source_from_record(r, scheme, report, side) for r in records]


def predict_with_model(model: str, gold: Sequence[SourceDocument], batch_size: int = 32) -> List[SourceDocument]:
    """Run a pipeline on the gold texts; `doc.ents` become the predictions.

    model (str): a package name or path for `spacy.load`.
    gold (Sequence[SourceDocument]): the gold documents (ids and texts).
    batch_size (int): `nlp.pipe` batch size.
    RETURNS (List[SourceDocument]): one predicted document per gold document.
    """
    import spacy

    nlp = spacy.load(model)
    predicted = []
    for source, doc in zip(gold, nlp.pipe((g.text for g in gold), batch_size=batch_size)):
        side = source_from_doc(doc)
        predicted.append(SourceDocument(source.id, doc.text, side.spans, side.tokens))
    return predicted
