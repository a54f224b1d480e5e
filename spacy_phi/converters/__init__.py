"""Converters between annotated de-identification corpora and spaCy Docs.

Readers turn a source format into `Record`s (text exactly as in the source,
spans with their source labels); `records_to_docs` maps the labels, aligns the
spans to our tokenizer and counts everything it cannot use in a
`ConversionReport`; writers turn Docs back into JSONL or BRAT.
"""

from ..doc_keys import META_KEY, RECORD_ID_KEY
from .brat import docs_to_brat, read_brat
from .corpus import DEFAULT_SCHEMES, FORMATS, convert, output_kind, read_records, write_docs
from .docs import doc_to_record, record_to_doc, records_to_docs
from .i2b2 import read_i2b2_2006, read_i2b2_2014
from .jsonl import doc_to_json, docs_to_jsonl, read_jsonl
from .markup import parse_markup, read_markup
from .physionet import read_physionet
from .records import Record, SourceSpan, UnusableSpan
from .report import ConversionReport

__all__ = [
    "FORMATS",
    "DEFAULT_SCHEMES",
    "RECORD_ID_KEY",
    "META_KEY",
    "Record",
    "SourceSpan",
    "UnusableSpan",
    "ConversionReport",
    "read_i2b2_2014",
    "read_i2b2_2006",
    "read_physionet",
    "read_brat",
    "read_jsonl",
    "read_markup",
    "parse_markup",
    "read_records",
    "records_to_docs",
    "record_to_doc",
    "doc_to_record",
    "doc_to_json",
    "docs_to_jsonl",
    "docs_to_brat",
    "output_kind",
    "write_docs",
    "convert",
]
