"""The `doc.user_data` keys that more than one stage reads or writes.

Here, below every stage, so that a reader (the corpus converters, the
synthetic corpus) and a pipeline component (`phi_surrogates`) share a key
without importing each other. `DocBin(store_user_data=True)` keeps them.
"""

from __future__ import annotations

#: The record id of a Doc: set by the converters, the synthetic corpus and
#: `spacy-phi deid`; `phi_surrogates` keys its surrogates by it when the Doc
#: has no patient key.
RECORD_ID_KEY = "phi_record_id"
#: The patient key of a Doc (set by `spacy-phi deid --patient-key-field`): it wins
#: over the record id as the key of `phi_surrogates`, so one patient's notes share
#: surrogates.
PATIENT_KEY = "phi_patient_key"
#: The source's metadata of a converted or synthetic Doc (a dict).
META_KEY = "phi_meta"
#: The known identifiers of a record, by label (read by `phi_known`, set by `spacy-phi deid`).
KNOWN_PHI_KEY = "phi_known"
