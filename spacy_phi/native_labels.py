"""A corpus's own labels next to ours: the Spanish pipeline (`es_phi_deid`) is
trained on MEDDOCAN's labels, and keeps them in its output.

Two components, for an NER trained on native labels (scheme "meddocan_native"):

- `phi_native_ner`, right after the `ner`: moves the NER's native entities to
  `doc.spans["phi_ner_native"]` (without a lone punctuation token at either edge or
  a title before a name, `trim_span`: MEDDOCAN's annotations never hold them; address
  blocks corrected by MEDDOCAN train's conventions: `cut_at_next_field`,
  `split_street_postcode`, `split_at_period`, `split_places`, `relabel_native`, `join_street_number`,
  `is_not_an_entity`) and
  writes them, mapped to our labels
  (`labels.meddocan_to_i2b2`), to `doc.spans["phi_ner"]`, where the rule layer
  (`phi_guard`, `phi_merge`) reads the NER output. A native type that is not PHI
  for us (SEXO_SUJETO_ASISTENCIA) stays only in the native group: it is never
  replaced.
- `phi_native_labels`, after `phi_merge`: writes `doc.spans["meddocan"]`, the
  entities with MEDDOCAN labels, which `spacy-phi evaluate --scheme meddocan`
  scores. Policy "ner_first" (the default): the matches of the authoritative
  rules (`AUTHORITATIVE_RULES`: precise on the training split), then the NER's
  native spans that overlap none of them, as they are (guard vetoes included:
  the native output is the detector's), plus every rule or known-PHI span that
  overlaps none of them (its own extent, trimmed as the NER's), labelled by
  its rule (`rules.spanish.NATIVE_LABEL_BY_RULE`) or by its label
  (`NATIVE_LABEL_BY_LABEL`). Policy "merged": the entities of `doc.ents` (the
  union extents of `phi_merge`), each with the native label of the NER span of
  the same extent, else of its rule, else of its label; plus the NER's
  non-PHI native spans (sex). `doc.ents` (what the surrogates replace) is the
  same under both.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Sequence

from spacy.language import Language
from spacy.tokens import Doc, Span

from .labels import meddocan_to_i2b2
from .rules.spanish import NATIVE_LABEL_BY_RULE
from .surrogates.spanish import countries, provinces, regions
from .spangroups import _CAPTURED_KEY, KNOWN_GROUP, NER_GROUP, RULES_GROUP

#: The NER's spans with their native labels.
NATIVE_NER_GROUP = "phi_ner_native"
#: The pipeline's output with MEDDOCAN labels.
MEDDOCAN_GROUP = "meddocan"
POLICIES = ("ner_first", "merged")
#: Rules whose matches replace the NER's overlapping spans in `doc.spans["meddocan"]`:
#: those whose matches had exactly a gold MEDDOCAN span's extent and label at
#: least 99 % of the time on the MEDDOCAN *training* split (header fields, IDs after
#: their field name, numeric dates, postcodes after "CP"; docs/spanish.md).
AUTHORITATIVE_RULES = (
    "es_cp", "es_date_numeric", "es_field_fecha", "es_field_localidad", "es_field_nombre",
    "es_field_pais", "es_nass", "es_ncol", "es_nhc",
)

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


#: Tokens an NER span never starts or ends with in MEDDOCAN's annotations: a lone
#: punctuation mark (no training span ends with one), and a title before a name
#: ("Dr.", "Doctora": the name alone is annotated).
_EDGE_PUNCT = frozenset(".,;:-–()[]\"'«»+")
_TITLES = frozenset({"dr", "dr.", "dra", "dra.", "doctor", "doctora", "dres.", "sr.", "sra.", "srta.",
                     "d.", "dª", "dª.", "dña.", "don", "doña", "prof.", "profa."})
_NAME_LABELS = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"})


#: MEDDOCAN annotates mentions of relatives ("su madre", "dos hermanas") as
#: FAMILIARES_SUJETO_ASISTENCIA; only a span with a name in it is a PATIENT for us
#: (a surrogate name for "madre" would be wrong, and the word identifies no one).
def _names_someone(span: Span) -> bool:
    return any(t.is_alpha and t.text[:1].isupper() and t.lower_ not in _KINSHIP for t in span)


_KINSHIP = frozenset(
    """madre padre padres hijo hija hijos hijas hermano hermana hermanos hermanas abuelo abuela abuelos
    tío tía tíos primo prima primos sobrino sobrina nieto nieta nietos esposo esposa marido mujer pareja
    novio novia familia familiares familiar materno materna paterno paterna mayor menor gemelo gemela
    cuñado cuñada suegro suegra yerno nuera un una dos tres su sus""".split()
)


def _is_edge(token) -> bool:
    return token.is_space or all(char in _EDGE_PUNCT for char in token.text)


def trim_span(span: Span) -> Optional[Span]:
    """The span without edge punctuation tokens or spaces, and for a name without
    a title in front; None when nothing is left. Offsets stay those of the text."""
    start, end = span.start, span.end
    doc = span.doc
    while start < end and (_is_edge(doc[start]) or (span.label_ in _NAME_LABELS and doc[start].lower_ in _TITLES)):
        start += 1
    while end > start and _is_edge(doc[end - 1]) and not _abbreviation_dot(doc, end - 1, start) and not _closes_pair(
        doc, end - 1, start
    ):
        end -= 1
    if start == end:
        return None
    return span if (start, end) == (span.start, span.end) else Span(doc, start, end, label=span.label_)


#: Letters joined by dots ("D.F", "S.A", "EE.UU"): the dot after them is theirs ("México D.F.").
_DOTTED_LETTERS = re.compile(r"^(?:[A-Za-zÁÉÍÓÚÑáéíóúñ]{1,2}\.)+[A-Za-zÁÉÍÓÚÑáéíóúñ]{1,2}$")


#: Closing marks and their opening partners: a name in quotes keeps its closing quote
#: ('Hospital Regional Universitario "Carlos Haya"', 'hijo mediano (21 años)').
_PAIRS = {'"': '"', "»": "«", ")": "(", "'": "'", "”": "“"}


def _closes_pair(doc: Doc, index: int, start: int) -> bool:
    """Whether the mark at `index` closes a quote or bracket opened inside the span."""
    opening = _PAIRS.get(doc[index].text)
    if opening is None:
        return False
    inside = [t.text for t in doc[start:index]]
    if opening == doc[index].text:  # a straight quote: an odd count before it opens one
        return inside.count(opening) % 2 == 1
    return inside.count(opening) > inside.count(doc[index].text)


def _abbreviation_dot(doc: Doc, index: int, start: int) -> bool:
    """Whether the "." at `index` closes a dotted abbreviation inside the span."""
    return doc[index].text == "." and index > start and bool(_DOTTED_LETTERS.match(doc[index - 1].text))


def split_at_period(span: Span) -> List[Span]:
    """A TERRITORIO that runs over a full stop into the next place ("Monterrey. Nvo León"):
    one span per place (train: 1 of 987 TERRITORIO spans holds such a stop, "Capital
    Federal. Buenos Aires")."""
    if span.label_ != "TERRITORIO":
        return [span]
    doc = span.doc
    pieces, start = [], span.start
    for index in range(span.start + 1, span.end - 1):
        token = doc[index]
        before = doc[index - 1]
        # Not after a short abbreviation ("Col. San Lucas Coyoacán", "Sta. Cruz").
        if token.text == "." and token.whitespace_ and doc[index + 1].text[:1].isupper() and before.is_alpha and len(before) >= 5:
            pieces.append(Span(doc, start, index, label=span.label_))
            start = index + 1
    pieces.append(Span(doc, start, span.end, label=span.label_))
    return pieces


#: Where a span the NER ran on into the next field of an affiliation block ends
#: ("Maria Subirana Domènech Institut de Medicina Legal", "Hospital de Terrassa
#: Avinguda Diagonal, 660", "Burgos Tel."): no MEDDOCAN training span of that
#: label holds such a word after its first token.
_NEXT_FIELD_WORDS = frozenset(
    "tel tel. tfno tfno. teléfono telefono fax e-mail email correo cp c.p. código codigo como un".split()
)
_INSTITUTION_WORDS = frozenset(
    """hospital hospitalario instituto institut servicio servei centro centros supervisora supervisor
    departamento unidad universidad facultad clínica complejo fundación sección secretaría doctor""".split()
)
_STREET_TYPE_WORDS = frozenset(
    "avda avda. avenida av. av calle c/ c/. paseo plaza carretera carrer avinguda rúa ronda camino travesía glorieta".split()
)
_CUT_BEFORE: Dict[str, FrozenSet[str]] = {
    **{label: _NEXT_FIELD_WORDS | _INSTITUTION_WORDS for label in _NAME_LABELS},
    "HOSPITAL": _NEXT_FIELD_WORDS | _STREET_TYPE_WORDS,
    "INSTITUCION": _NEXT_FIELD_WORDS | _STREET_TYPE_WORDS,
    "CENTRO_SALUD": _NEXT_FIELD_WORDS | _STREET_TYPE_WORDS,
    "CALLE": _NEXT_FIELD_WORDS - {"correo"},  # "Calle Correo 29"
}
#: A stop word after these is part of a name ("Hospital Virgen del Camino").
_NAME_LINKS = frozenset("de del la las los el".split())


def cut_at_next_field(span: Span) -> Span:
    """The span up to the first word (after its first token) that opens the next
    field of an address block for its label; the span itself when there is none."""
    stops = _CUT_BEFORE.get(span.label_, _NEXT_FIELD_WORDS)
    doc = span.doc
    for index in range(span.start + 1, span.end):
        if doc[index].lower_ in stops and doc[index - 1].lower_ not in _NAME_LINKS:
            end = index
            while end > span.start and _is_edge(doc[end - 1]):
                end -= 1
            return Span(doc, span.start, end, label=span.label_) if end > span.start else span
    return span


#: Spanish provinces and regions (Faker's es_ES lists) and a few short forms: a
#: TERRITORIO span that runs on into one of them is two places ("Ponferrada León",
#: "Vitoria-Gasteiz Álava"), unless a word that makes it one name comes before
#: ("Nuevo León", "Santiago de Compostela", "La Coruña").
_JOINING_WORDS = _NAME_LINKS | frozenset(
    "a o nuevo nueva nvo san santa sant gran baja bajo alta alto ciudad villa puerto isla islas valle".split()
)


@lru_cache(maxsize=1)
def _province_first_words() -> FrozenSet[str]:
    names = provinces() + regions() + ("CDMX", "León")
    return frozenset(name.split()[0].lower() for name in names)


def split_places(span: Span) -> List[Span]:
    """A TERRITORIO span cut before each province or region it runs on into."""
    if span.label_ != "TERRITORIO":
        return [span]
    doc, firsts = span.doc, _province_first_words()
    pieces, start = [], span.start
    for index in range(span.start + 1, span.end):
        previous = doc[index - 1]
        if doc[index].lower_ in firsts and previous.lower_ not in _JOINING_WORDS and not _is_edge(previous):
            pieces.append(Span(doc, start, index, label=span.label_))
            start = index
    pieces.append(Span(doc, start, span.end, label=span.label_))
    return pieces


#: Drug and device manufacturers MEDDOCAN annotates as INSTITUCION when it annotates
#: them ("(Dacortin 30 mg, Merck, Barcelona)"); the NER sometimes calls them places.
_MANUFACTURERS = frozenset(
    """abbott alcon allergan almirall amgen astellas astrazeneca bard baxter bayer biogen boehringer braun
    celgene chiesi cinfa cusi cusí dako esteve ethicon faes ferrer fresenius galderma gilead grifols
    grünenthal ipsen isdin janssen lacer leti lilly llorens lundbeck medtronic menarini merck msd
    mundipharma novartis olympus otsuka pfizer roche rovi sandoz sanofi schering servier siemens
    stryker synthes takeda teva ucb uriach zambon zeiss zimmer""".split()
)
_YEAR = re.compile(r"(?:19|20)\d\d")
#: A Spanish postcode (provinces 01-52).
_POSTCODE = re.compile(r"(?:0[1-9]|[1-4]\d|5[0-2])\d{3}")
_HOUSE_NUMBER = re.compile(r"\d{1,4}")
_NO_NUMBER = frozenset({"s/n", "sn", "s/n.", "s./n."})


@lru_cache(maxsize=1)
def _province_names() -> FrozenSet[str]:
    return frozenset(provinces()) | frozenset(regions())


@lru_cache(maxsize=1)
def _country_names() -> FrozenSet[str]:
    """Countries that are no Spanish province or region ("Granada", "Murcia" stay places)."""
    return frozenset(countries()) - frozenset(provinces()) - frozenset(regions())


def _place_follows(doc: Doc, index: int) -> bool:
    """A capitalised word at `index`, or after a comma there: a town after a postcode."""
    if index < len(doc) and doc[index].text == ",":
        index += 1
    return index < len(doc) and doc[index].is_alpha and doc[index].text[:1].isupper()


#: Labels the NER gives a lone province or postcode by mistake ("Burgos" as INSTITUCION,
#: "Barcelona 08014" with the postcode as a phone number).
_NOT_PLACE_LABELS = frozenset(
    {"INSTITUCION", "HOSPITAL", "CENTRO_SALUD", "CALLE", "NUMERO_TELEFONO", "NUMERO_FAX"}
)
_MEXICO_CITY = frozenset({"D.F.", "D.F", "DF", "CDMX"})


def relabel_native(span: Span) -> Span:
    """A native span that MEDDOCAN labels otherwise, by its text (MEDDOCAN train):

    - a TERRITORIO that is a country is PAIS (698 of 702; not "México" of "México
      D.F." or "Estado de México"), a year that no town follows is FECHAS ("Entre
      2001 y 2005"; train's two TERRITORIO years are postcodes before a town), a
      manufacturer is INSTITUCION ("(Dacortin 30 mg, Merck, Barcelona)");
    - a province alone (663 of 665 TERRITORIO), a Spanish postcode alone (797
      TERRITORIO, never a phone) or "D.F." given an institution's, street's or
      phone's label is TERRITORIO."""
    doc, text = span.doc, span.text
    label = None
    if span.label_ == "TERRITORIO":
        in_a_name = span.start > 0 and doc[span.start - 1].lower_ in _NAME_LINKS  # "Estado de México"
        before_df = span.end < len(doc) and doc[span.end].text.upper().startswith("D.F")
        if text in _country_names() and not in_a_name and not before_df:
            label = "PAIS"
        elif _YEAR.fullmatch(text) and not _place_follows(doc, span.end):
            label = "FECHAS"
        elif text.lower() in _MANUFACTURERS:
            label = "INSTITUCION"
    elif span.label_ in _NOT_PLACE_LABELS and (
        text in _province_names() or _POSTCODE.fullmatch(text) or text in _MEXICO_CITY
    ):
        label = "TERRITORIO"
    return span if label is None else Span(doc, span.start, span.end, label=label)


def split_street_postcode(span: Span) -> List[Span]:
    """A CALLE that ran on into the postcode ("Carretera Toledo 28905"): the street
    and the postcode as a TERRITORIO (train: 135 postcodes after a street, 3 streets
    ending in five digits)."""
    if span.label_ != "CALLE" or len(span) < 2 or not _POSTCODE.fullmatch(span[-1].text):
        return [span]
    if any(t.lower_ in ("apartado", "correos") for t in span):  # a post-office box number
        return [span]
    doc = span.doc
    return [Span(doc, span.start, span.end - 1, label="CALLE"), Span(doc, span.end - 1, span.end, label="TERRITORIO")]


def join_street_number(spans: List[Span]) -> List[Span]:
    """A street without a number and the house number after it that the NER took for a
    postcode ("C/ Necochea, 1050. 3400 Corrientes"): one CALLE. A postcode has its town
    right after it ("Calle Santa María 0500 Providencia"), a house number does not."""
    out: List[Span] = []
    for span in spans:
        previous = out[-1] if out else None
        if (
            previous is not None
            and previous.label_ == "CALLE"
            and span.label_ == "TERRITORIO"
            and len(span) == 1
            and _HOUSE_NUMBER.fullmatch(span.text)
            and not any(t.like_num or t.lower_ in _NO_NUMBER for t in previous)
            and all(t.text == "," for t in span.doc[previous.end:span.start])
            and span.start - previous.end <= 1
            and not _place_follows(span.doc, span.end)
        ):
            out[-1] = Span(span.doc, previous.start, span.end, label="CALLE")
            continue
        out.append(span)
    return out


#: Longer than any CALLE in MEDDOCAN train (12 words): the NER ran on into prose.
_MAX_STREET_WORDS = 12
_FAMILY_DOCTOR_HEADS = frozenset({"médico", "médica", "medico", "medica", "médicos", "medicina", "equipo"})


def is_not_an_entity(span: Span) -> bool:
    """Native NER spans MEDDOCAN never annotates: "familia" of "médico de familia"
    (the family doctor, no relative), and a street longer than any street."""
    doc = span.doc
    if span.label_ == "FAMILIARES_SUJETO_ASISTENCIA" and span.text.lower() == "familia" and span.start >= 2:
        return doc[span.start - 1].lower_ == "de" and doc[span.start - 2].lower_ in _FAMILY_DOCTOR_HEADS
    return span.label_ == "CALLE" and sum(1 for t in span if not t.is_punct and not t.is_space) > _MAX_STREET_WORDS


def _rule_of(match_id: Optional[str]) -> Optional[str]:
    """The rule id of a match id ("es_phone_shape:no_context" -> "es_phone_shape")."""
    return match_id.split(":", 1)[0] if match_id else None


class NativeNer:
    """Move native NER entities aside and give the rule layer our labels."""

    def __init__(self, name: str = "phi_native_ner") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        pieces = [
            relabel_native(place)
            for ent in doc.ents
            for street in split_street_postcode(cut_at_next_field(ent))
            for sentence in split_at_period(street)
            for place in split_places(sentence)
        ]
        trimmed = [t for t in (trim_span(s) for s in pieces) if t is not None and not is_not_an_entity(t)]
        native = join_street_number(trimmed)
        mapped: List[Span] = []
        for span in native:
            label = meddocan_to_i2b2(span.label_, span.text)
            if span.label_ == "FAMILIARES_SUJETO_ASISTENCIA" and not _names_someone(span):
                label = None
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
    authoritative_rules (Sequence[str]): ids of rules whose matches replace
        the NER's overlapping spans (policy "ner_first" only).
    """

    def __init__(
        self,
        name: str = "phi_native_labels",
        *,
        policy: str = "ner_first",
        authoritative_rules: Sequence[str] = AUTHORITATIVE_RULES,
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
        self.name = name
        self.policy = policy
        self.authoritative_rules = frozenset(authoritative_rules)

    def __call__(self, doc: Doc) -> Doc:
        native = list(doc.spans[NATIVE_NER_GROUP]) if NATIVE_NER_GROUP in doc.spans else []
        provenance = doc._.phi_provenance if Doc.has_extension("phi_provenance") else None
        rule_by_extent = {
            (p["start"], p["end"]): _rule_of(p.get("rule_id")) for p in (provenance or [])
        }
        native_by_extent = {(s.start, s.end): s.label_ for s in native}
        out: List[Span] = []
        if self.policy == "ner_first":
            taken = [False] * len(doc)
            rules = doc.spans[RULES_GROUP] if RULES_GROUP in doc.spans else []
            for span in sorted(rules, key=lambda s: (s.start, -len(s))):
                rule = _rule_of(span.id_)
                if rule in self.authoritative_rules and rule in NATIVE_LABEL_BY_RULE and not any(taken[span.start:span.end]):
                    out.append(Span(doc, span.start, span.end, label=NATIVE_LABEL_BY_RULE[rule]))
                    taken[span.start:span.end] = [True] * (span.end - span.start)
            for span in native:
                if not any(taken[span.start:span.end]):
                    out.append(Span(doc, span.start, span.end, label=span.label_))
            for span in native:
                taken[span.start:span.end] = [True] * (span.end - span.start)
            # Then the rules' and known identifiers' own extents (not phi_merge's unions,
            # which may have grown into a neighbouring NER span) where nothing is yet.
            others = [*rules, *(doc.spans[KNOWN_GROUP] if KNOWN_GROUP in doc.spans else [])]
            for span in sorted(others, key=lambda s: (s.start, -len(s))):
                rule = _rule_of(span.id_)
                label = NATIVE_LABEL_BY_RULE.get(rule or "") or NATIVE_LABEL_BY_LABEL.get(span.label_)
                trimmed = trim_span(Span(doc, span.start, span.end, label=label)) if label else None
                if trimmed is not None and not any(taken[trimmed.start:trimmed.end]):
                    out.append(trimmed)
                    taken[trimmed.start:trimmed.end] = [True] * (trimmed.end - trimmed.start)
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
    "phi_native_labels",
    assigns=["doc.spans"],
    default_config={"policy": "ner_first", "authoritative_rules": list(AUTHORITATIVE_RULES)},
)
def make_native_labels(nlp: Language, name: str, policy: str, authoritative_rules: List[str]) -> NativeLabels:
    """Create the `phi_native_labels` component (place it after `phi_merge`)."""
    return NativeLabels(name, policy=policy, authoritative_rules=authoritative_rules)
