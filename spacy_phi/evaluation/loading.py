"""Reading gold and predictions from files, and predicting with a pipeline.

Gold: a `.spacy` DocBin (entities are the gold spans) or any converter format
(offsets kept as the source wrote them, labels mapped with the scheme).
Predictions: a JSONL file, a BRAT folder or a `.spacy` DocBin from any tool,
or `doc.ents` of a spaCy pipeline run on the gold texts. A JSONL prediction line
may leave out the text (`{"id": ..., "spans": [...]}`): its spans are read
against the gold text of the same id.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple, Union

from .documents import MatchReport, PhiSpan, SourceDocument, source_from_doc, source_from_record

if TYPE_CHECKING:  # the converters import spaCy: only when reading
    from ..converters.records import SourceSpan

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


def source_labels(
    path: PathLike, format: str, *, phrases: Optional[PathLike] = None
) -> Dict[str, Dict[Tuple[int, int], str]]:
    """The gold spans' labels as the source corpus writes them (PTName, HCPName, ...),
    for breakdowns in the corpus's own types.

    path (PathLike): a corpus in a converter format.
    format (str): its converter format.
    phrases (Optional[PathLike]): PhysioNet phrase file.
    RETURNS (Dict[str, Dict[Tuple[int, int], str]]): record id -> (start, end) -> label.
    RAISES (ConversionError): unknown format or unreadable input.
    """
    from ..converters import read_records

    return {
        record.id: {(span.start, span.end): span.label for span in record.spans}
        for record in read_records(path, format, phrases=phrases)
    }


def load_predictions(
    path: PathLike,
    format: Optional[str],
    scheme: str,
    gold: Sequence[SourceDocument],
    *,
    report: Optional[MatchReport] = None,
    lang: str = "en",
) -> List[SourceDocument]:
    """Read predictions; JSONL lines without a text take the gold text of their id.

    path (PathLike): the file or folder.
    format (Optional[str]): "jsonl", "brat" or "spacy"; guessed if None.
    scheme (str): label scheme of the predicted labels.
    gold (Sequence[SourceDocument]): the gold documents, whose texts the
        text-less JSONL lines are read against.
    report (Optional[MatchReport]): receives dropped spans, and the ids whose
        spans repeat a text that differs from the gold text at their offsets.
    lang (str): language of the blank pipeline's vocab for DocBins.
    RETURNS (List[SourceDocument]): the predicted documents, in file order.
    RAISES (ConversionError): unknown format or unreadable input.
    """
    if (format or guess_format(path)) != "jsonl":
        return load_documents(path, format, scheme, report=report, side="pred", lang=lang)
    from ..converters._files import read_text, require_file
    from ..converters.records import Record

    path = require_file(path)
    gold_texts: Dict[str, str] = {}
    for doc in gold:
        gold_texts.setdefault(doc.id, doc.text)
    predicted = []
    # Split on "\n" only, as the JSONL reader: raw CRs cannot break a JSON line.
    for number, line in enumerate(read_text(path).lstrip("\ufeff").split("\n"), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue  # its id, if any, is then reported as a gold document without predictions
        if not isinstance(data, dict):
            continue
        doc_id = str(data["id"]) if data.get("id") is not None else f"{path.name}:{number}"
        text = data.get("text") if isinstance(data.get("text"), str) else gold_texts.get(doc_id)
        if text is None:
            # No text and no gold of that id: counted as a prediction without gold.
            predicted.append(SourceDocument(doc_id, "", []))
            continue
        record = Record(id=doc_id, text=text)
        raw_spans = data.get("spans") or []
        for span in raw_spans if isinstance(raw_spans, list) else [None]:
            parsed = _json_span(span)
            if parsed is None:
                _count_dropped(report, span)
                continue
            record.spans.append(parsed)
            source_text = span.get("text")
            if report is not None and isinstance(source_text, str) and doc_id not in report.text_mismatch:
                # The offsets must point at the text the tool says it found, whitespace aside.
                if " ".join(text[parsed.start:parsed.end].split()) != " ".join(source_text.split()):
                    report.text_mismatch.append(doc_id)
        predicted.append(source_from_record(record, scheme, report, "pred"))
    return predicted


def _json_span(span: Any) -> Optional[SourceSpan]:
    """A span from one JSON span object, or None if start, end or label is unusable."""
    from ..converters.records import SourceSpan

    if not isinstance(span, dict):
        return None
    start, end, label = span.get("start"), span.get("end"), span.get("label")
    if not (_is_int(start) and _is_int(end) and isinstance(label, str)):
        return None
    return SourceSpan(start, end, label)


def _is_int(value: Any) -> bool:
    """Whether a JSON value is an integer (true/false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _count_dropped(report: Optional[MatchReport], span: Any) -> None:
    """Count a malformed predicted span under its label (or "?") in the report."""
    if report is None:
        return
    label = span.get("label") if isinstance(span, dict) and isinstance(span.get("label"), str) else "?"
    key = f"pred:{label}"
    report.unmapped_spans[key] = report.unmapped_spans.get(key, 0) + 1


def _pipeline(model: Any) -> Any:
    """A loaded pipeline: `spacy.load` of a name or path, or the pipeline given."""
    if isinstance(model, (str, Path)):
        import spacy

        return spacy.load(model)
    return model


def predict_with_model(model: Any, gold: Sequence[SourceDocument], batch_size: int = 32) -> List[SourceDocument]:
    """Run a pipeline on the gold texts; `doc.ents` become the predictions.

    model (Union[str, Language]): a package name or path for `spacy.load`, or a
        loaded pipeline (e.g. the rules-only pipeline).
    gold (Sequence[SourceDocument]): the gold documents (ids and texts).
    batch_size (int): `nlp.pipe` batch size.
    RETURNS (List[SourceDocument]): one predicted document per gold document.
    """
    nlp = _pipeline(model)
    predicted = []
    for source, doc in zip(gold, nlp.pipe((g.text for g in gold), batch_size=batch_size)):
        side = source_from_doc(doc)
        predicted.append(SourceDocument(source.id, doc.text, side.spans, side.tokens))
    return predicted


def predict_with_model_native(
    model: Any, gold: Sequence[SourceDocument], group: str = "meddocan", batch_size: int = 32
) -> Tuple[List[SourceDocument], List[SourceDocument]]:
    """Run a pipeline on the gold texts once: `doc.ents` (our labels) and the
    spans of a native-label group (`doc.spans["meddocan"]` of `es_phi_deid`;
    a pipeline without the group: `doc.ents` with their MEDDOCAN label from
    `native_labels.NATIVE_LABEL_BY_LABEL`).

    model (Union[str, Language]): a package name or path for `spacy.load`, or a loaded pipeline.
    gold (Sequence[SourceDocument]): the gold documents (ids and texts).
    group (str): the span group holding the native labels.
    batch_size (int): `nlp.pipe` batch size.
    RETURNS (Tuple[List[SourceDocument], List[SourceDocument]]): the predictions
        in our labels and in the native ones, one document per gold document each.
    """
    from ..native_labels import NATIVE_LABEL_BY_LABEL

    nlp = _pipeline(model)
    predicted, native = [], []
    for source, doc in zip(gold, nlp.pipe((g.text for g in gold), batch_size=batch_size)):
        side = source_from_doc(doc)
        predicted.append(SourceDocument(source.id, doc.text, side.spans, side.tokens))
        if group in doc.spans:
            spans = [PhiSpan(s.start_char, s.end_char, s.label_) for s in doc.spans[group]]
        else:
            spans = [PhiSpan(s.start, s.end, NATIVE_LABEL_BY_LABEL.get(s.label, s.label)) for s in side.spans]
        native.append(SourceDocument(source.id, doc.text, spans, side.tokens))
    return predicted, native
