"""Hospital interchange formats for `spacy-phi deid`: FHIR R4 resources.

A resource is one record: its free-text parts are joined into one
note (`segments`), de-identified by the pipeline like any other note, and
split back into place; its structured identifiers, references and dates are
replaced by the same keyed surrogates and date shift the note text gets
(`keyed`). The readers and writers that plug these into a run live in
`spacy_phi.deid.interop_io`.
"""
