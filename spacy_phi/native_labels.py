"""A corpus's own labels next to ours: the Spanish pipeline (`es_phi_deid`) is
trained on MEDDOCAN's labels, and keeps them in its output.

Two components, for an NER trained on native labels (scheme "meddocan_native"):

- `phi_native_ner`, right after the `ner`: moves the NER's native entities to
  `doc.spans["phi_ner_native"]` and writes them, mapped to our labels
  (`labels.meddocan_to_i2b2`), to `doc.spans["phi_ner"]`, where the rule layer
  (`phi_guard`, `phi_merge`) reads the NER output. A native type that is not PHI
  for us (SEXO_SUJETO_ASISTENCIA) stays only in the native group: it is never
  replaced.
- `phi_native_labels`, after `phi_merge`: writes `doc.spans["meddocan"]`, the
  entities with MEDDOCAN labels, which `spacy-phi evaluate --scheme meddocan`
  scores. Policy "ner_first" (the default): the NER's native spans as they are
  (guard vetoes included: the native output is the detector's), plus every
  entity of `doc.ents` that overlaps none of them (a rule's find), labelled by
  its rule (`rules.spanish.NATIVE_LABEL_BY_RULE`) or by its label
  (`NATIVE_LABEL_BY_LABEL`). Policy "merged": the entities of `doc.ents` (the
  union extents of `phi_merge`), each with the native label of the NER span of
  the same extent, else of its rule, else of its label; plus the NER's
  non-PHI native spans (sex). `doc.ents` (what the surrogates replace) is the
  same under both.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from spacy.language import Language
from spacy.tokens import Doc, Span

from .labels import meddocan_to_i2b2
from .rules.spanish import NATIVE_LABEL_BY_RULE
from .spangroups import _CAPTURED_KEY, NER_GROUP

#: The NER's spans with their native labels.
NATIVE_NER_GROUP = "phi_ner_native"
#: The pipeline's output with MEDDOCAN labels.
MEDDOCAN_GROUP = "meddocan"
POLICIES = ("ner_first", "merged")

#: MEDDOCAN label of an entity of ours that no NER span or rule labelled.
NATIVE_LABEL_BY_LABEL: Dict[str, str] = {
    "PATIENT": "NOMBRE_SUJETO_ASISTENCIA",
    "DOCTOR": "NOMBRE_PERSONAL_SANITARIO",
    "USERNAME": "OTROS_SUJETO_ASISTENCIA",
    "PROFESSION": "PROFESION",
    "ROOM": "OTROS_SUJETO_ASISTENCIA",
    "DEPARTMENT": "INSTITUCION",
    "HOSPITAL": "HOSPITAL",
    "ORGANIZATION": "INSTITUCION",
    "STREET": "CALLE",
    "CITY": "TERRITORIO",
    "STATE": "TERRITORIO",
    "COUNTRY": "PAIS",
    "ZIP": "TERRITORIO",
    "LOCATION_OTHER": "TERRITORIO",
    "AGE": "EDAD_SUJETO_ASISTENCIA",
    "DATE": "FECHAS",
    "PHONE": "NUMERO_TELEFONO",
    "FAX": "NUMERO_FAX",
    "EMAIL": "CORREO_ELECTRONICO",
    "URL": "URL_WEB",
    "IPADDR": "DIREC_PROT_INTERNET",
    "SSN": "ID_SUJETO_ASISTENCIA",
    "MEDICALRECORD": "ID_SUJETO_ASISTENCIA",
    "HEALTHPLAN": "ID_ASEGURAMIENTO",
    "ACCOUNT": "ID_CONTACTO_ASISTENCIAL",
    "LICENSE": "ID_TITULACION_PERSONAL_SANITARIO",
    "VEHICLE": "IDENTIF_VEHICULOS_NRSERIE",
    "DEVICE": "IDENTIF_DISPOSITIVOS_NRSERIE",
    "BIOID": "IDENTIF_BIOMETRICOS",
    "IDNUM": "OTROS_SUJETO_ASISTENCIA",
}


def _rule_of(match_id: Optional[str]) -> Optional[str]:
    """The rule id of a match id ("es_phone_shape:no_context" -> "es_phone_shape")."""
    return match_id.split(":", 1)[0] if match_id else None


class NativeNer:
    """Move native NER entities aside and give the rule layer our labels."""

    def __init__(self, name: str = "phi_native_ner") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        native = list(doc.ents)
        mapped: List[Span] = []
        for span in native:
            label = meddocan_to_i2b2(span.label_, span.text)
            if label is not None:
                mapped.append(Span(doc, span.start, span.end, label=label))
        doc.ents = []
        doc.spans[NATIVE_NER_GROUP] = native
        doc.spans[NER_GROUP] = mapped
        doc.user_data[_CAPTURED_KEY] = True
        return doc


class NativeLabels:
    """Write `doc.spans["meddocan"]` from the native NER spans and `doc.ents`.

    policy (str): "ner_first" or "merged" (see the module docstring).
    """

    def __init__(self, name: str = "phi_native_labels", *, policy: str = "ner_first") -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
        self.name = name
        self.policy = policy

    def __call__(self, doc: Doc) -> Doc:
        native = list(doc.spans[NATIVE_NER_GROUP]) if NATIVE_NER_GROUP in doc.spans else []
        provenance = doc._.phi_provenance if Doc.has_extension("phi_provenance") else None
        rule_by_extent = {
            (p["start"], p["end"]): _rule_of(p.get("rule_id")) for p in (provenance or [])
        }
        native_by_extent = {(s.start, s.end): s.label_ for s in native}
        out: List[Span] = []
        if self.policy == "ner_first":
            out.extend(Span(doc, s.start, s.end, label=s.label_) for s in native)
            taken = [False] * len(doc)
            for span in native:
                taken[span.start:span.end] = [True] * (span.end - span.start)
            for ent in doc.ents:
                if not any(taken[ent.start:ent.end]):
                    out.append(Span(doc, ent.start, ent.end, label=self._label(ent, rule_by_extent, {})))
        else:
            covered = [False] * len(doc)
            for ent in doc.ents:
                out.append(Span(doc, ent.start, ent.end, label=self._label(ent, rule_by_extent, native_by_extent)))
                covered[ent.start:ent.end] = [True] * (ent.end - ent.start)
            for span in native:
                if meddocan_to_i2b2(span.label_, span.text) is None and not any(covered[span.start:span.end]):
                    out.append(Span(doc, span.start, span.end, label=span.label_))
        doc.spans[MEDDOCAN_GROUP] = sorted(out)
        return doc

    @staticmethod
    def _label(ent: Span, rule_by_extent: Dict, native_by_extent: Dict) -> str:
        native = native_by_extent.get((ent.start, ent.end))
        if native is not None and meddocan_to_i2b2(native, ent.text) is not None:
            return native
        rule = rule_by_extent.get((ent.start_char, ent.end_char))
        if rule in NATIVE_LABEL_BY_RULE:
            return NATIVE_LABEL_BY_RULE[rule]
        return NATIVE_LABEL_BY_LABEL.get(ent.label_, "OTROS_SUJETO_ASISTENCIA")


@Language.factory("phi_native_ner", assigns=["doc.spans", "doc.ents"])
def make_native_ner(nlp: Language, name: str) -> NativeNer:
    """Create the `phi_native_ner` component (place it right after the `ner`)."""
    return NativeNer(name)


@Language.factory(
    "phi_native_labels", assigns=["doc.spans"], default_config={"policy": "ner_first"}
)
def make_native_labels(nlp: Language, name: str, policy: str) -> NativeLabels:
    """Create the `phi_native_labels` component (place it after `phi_merge`)."""
    return NativeLabels(name, policy=policy)
