"""A component for the service's tests, imported by the test server process:
it fails on notes holding FAILNOTE, with the note in its exception message
(which must reach neither the response nor the log)."""

from spacy.language import Language
from spacy.tokens import Doc

FAIL_MARKER = "FAILNOTE"


@Language.component("serve_test_fail")
def fail_on_marker(doc: Doc) -> Doc:
    if FAIL_MARKER in doc.text:
        raise ValueError(f"cannot handle this note: {doc.text}")
    return doc
