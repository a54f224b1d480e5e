"""Whole-corpus conversion: pick the reader by format and the writer by output path.

Output kinds, by the OUTPUT path:
- ends in ".spacy": a DocBin (with user data: record ids and meta survive);
- ends in ".jsonl": JSONL (see jsonl.py);
- an existing folder, or a path without a suffix: BRAT (see brat.py).
Anything else is refused, so a typo does not silently create a folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Optional, Sequence

from spacy.language import Language
from spacy.tokens import Doc, DocBin
from spacy.util import get_lang_class

from ..errors import ConversionError
from ..labels import SCHEMES
from ..util import blank_pipeline
from ._files import PathLike
from .brat import docs_to_brat, read_brat
from .docs import records_to_docs
from .i2b2 import read_i2b2_2006, read_i2b2_2014
from .jsonl import docs_to_jsonl, read_jsonl
from .markup import read_markup
from .physionet import read_physionet
from .records import Record
from .report import ConversionReport

FORMATS = ("i2b2-2014", "i2b2-2006", "physionet", "brat", "jsonl", "markup")
#: The label scheme used when the caller names none.
DEFAULT_SCHEMES: Dict[str, str] = {
    "i2b2-2014": "i2b2_2014",
    "i2b2-2006": "i2b2_2006",
    "physionet": "physionet",
    "brat": "spacy_phi",
    "jsonl": "spacy_phi",
    "markup": "spacy_phi",
}
OUTPUT_KINDS = ("spacy", "jsonl", "brat")


def read_records(
    input_path: PathLike,
    format: str,
    *,
    phrases: Optional[PathLike] = None,
    report: Optional[ConversionReport] = None,
    encoding: str = "utf-8",
) -> List[Record]:
    """Read a corpus with the reader of its format.

    input_path (PathLike): the file or folder.
    format (str): one of FORMATS.
    phrases (Optional[PathLike]): the phrase file, required for "physionet".
    report (Optional[ConversionReport]): receives skipped and ignored items.
    encoding (str): the files' encoding.
    RETURNS (List[Record]): the records.
    RAISES (ConversionError): unknown format, missing or malformed input.
    """
    if format == "i2b2-2014":
        return read_i2b2_2014(input_path, report=report, encoding=encoding)
    if format == "i2b2-2006":
        return read_i2b2_2006(input_path, report=report, encoding=encoding)
    if format == "physionet":
        if phrases is None:
            raise ConversionError("The physionet format needs the phrase file (--phrases)")
        return read_physionet(input_path, phrases, report=report, encoding=encoding)
    if format == "brat":
        return read_brat(input_path, report=report, encoding=encoding)
    if format == "jsonl":
        return read_jsonl(input_path, report=report, encoding=encoding)
    if format == "markup":
        return read_markup(input_path, report=report, encoding=encoding)
    raise ConversionError(f"Unknown format {format!r}; expected one of {', '.join(FORMATS)}")


def output_kind(output: PathLike) -> str:
    """How an output path is written (see the module docstring).

    output (PathLike): the output path.
    RETURNS (str): "spacy", "jsonl" or "brat".
    RAISES (ConversionError): the path has another suffix.
    """
    output = Path(output)
    suffix = output.suffix.lower()
    if suffix in (".spacy", ".jsonl"):
        return suffix[1:]
    if output.is_dir() or not suffix:
        return "brat"
    raise ConversionError(f"Output {output} must end in .spacy or .jsonl, or be a folder (no suffix) for BRAT")


def write_docs(docs: Sequence[Doc], output: PathLike) -> str:
    """Write Docs as a DocBin, JSONL or BRAT, chosen by `output_kind`.

    docs (Sequence[Doc]): the Docs.
    output (PathLike): the output path; parent folders are created.
    RETURNS (str): the output kind written.
    """
    kind = output_kind(output)
    output = Path(output)
    if kind == "spacy":
        doc_bin = DocBin(store_user_data=True, docs=docs)
        output.parent.mkdir(parents=True, exist_ok=True)
        doc_bin.to_disk(output)
    elif kind == "jsonl":
        docs_to_jsonl(docs, output)
    else:
        docs_to_brat(docs, output)
    return kind


def convert(
    input: PathLike,
    output: PathLike,
    format: str,
    scheme: Optional[str] = None,
    lang: str = "en",
    *,
    phrases: Optional[PathLike] = None,
    nlp: Optional[Language] = None,
    encoding: str = "utf-8",
) -> ConversionReport:
    """Convert an annotated corpus to a DocBin (or JSONL, or BRAT).

    input (PathLike): the corpus file or folder.
    output (PathLike): where to write (see `output_kind`).
    format (str): one of FORMATS.
    scheme (Optional[str]): the label scheme; DEFAULT_SCHEMES[format] if None.
    lang (str): language of the blank pipeline ("en"; "es" for MEDDOCAN).
    phrases (Optional[PathLike]): the phrase file, for "physionet".
    nlp (Optional[Language]): a pipeline to tokenize with instead of `blank_pipeline(lang)`.
    encoding (str): the input files' encoding.
    RETURNS (ConversionReport): what was converted and what could not be used.
    RAISES (ConversionError): unknown format or scheme, missing or malformed input,
        bad output path. Nothing is written then.
    """
    if format not in FORMATS:
        raise ConversionError(f"Unknown format {format!r}; expected one of {', '.join(FORMATS)}")
    scheme = scheme or DEFAULT_SCHEMES[format]
    if scheme not in SCHEMES:
        raise ConversionError(f"Unknown label scheme {scheme!r}; expected one of {', '.join(SCHEMES)}")
    output_kind(output)  # fail before the slow part
    if nlp is None:
        nlp = blank_pipeline(_checked_lang(lang))
    report = ConversionReport()
    records = read_records(input, format, phrases=phrases, report=report, encoding=encoding)
    docs, report = records_to_docs(records, nlp, scheme, report=report)
    write_docs(docs, output)
    return report


def _checked_lang(lang: str) -> str:
    """The language code, checked to be one spaCy has.

    RAISES (ConversionError): spaCy has no such language.
    """
    try:
        get_lang_class(lang)
    except ImportError:
        raise ConversionError(f"spaCy has no language {lang!r}") from None
    return lang
