"""Rules for Spanish clinical text (pipelines with `nlp.lang == "es"`).

The regular fields of Spanish clinical reports (MEDDOCAN's header: "NHC:",
"NASS:", "NºCol:", "CP:", "Episodio:"), Spanish identity numbers (DNI, NIE, with
their check letter), Spanish phone and fax numbers, numeric and written Spanish
dates ("3 de marzo de 2015", "marzo de 2015", "12-ene-2015") and ages after
"Edad:" or "de N años". Labels are ours (i2b2); `NATIVE_LABEL_BY_RULE` gives the
MEDDOCAN label of each rule's matches, which `phi_native_labels` writes to
`doc.spans["meddocan"]`.

`phi_rules` loads these rules instead of the English built-ins when the
pipeline's language is Spanish, together with the language-neutral built-ins
(`LANGUAGE_NEUTRAL_RULES`: e-mail, URL and IP address shapes).
"""

from __future__ import annotations

import re
from typing import Dict, List

from .regex_rules import RegexRule

#: Built-in (English) rules whose patterns hold in any language.
LANGUAGE_NEUTRAL_RULES = ("email", "url_scheme", "ipv4")

_MONTHS_ES = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
    "septiembre", "setiembre", "octubre", "noviembre", "diciembre",
)
_MONTH_ES = "(?:" + "|".join(_MONTHS_ES) + ")"
_MONTH_ES_SHORT = r"(?:ene|feb|mar|abr|may|jun|jul|ago|sep|sept|oct|nov|dic)"
#: A field name, optional period, colon and spaces: "NHC: ", "NHC.- ", "NHC "
_FIELD_END = r"\.?\s*(?:[:.-]\s*)*"


#: A place name: capitalised words, with "de", "del", "la" ... between them.
_PLACE = r"[A-ZÁÉÍÓÚÑ][\w’'-]*(?: (?:de|del|la|las|los|el|i|[A-ZÁÉÍÓÚÑ][\w’'-]*))*?"


def _country_pattern() -> str:
    """Countries written in Spanish (Faker es_ES) that are not also a Spanish province
    ("Granada"), longest first."""
    from ..lexicon.faker_lists import spanish_countries, spanish_provinces

    names = (set(spanish_countries()) - set(spanish_provinces())) | {"EE.UU.", "EE. UU.", "USA", "U.S.A.", "Estados Unidos", "Reino Unido"}
    return "|".join(re.escape(name) for name in sorted(names, key=lambda n: (-len(n), n)))


def spanish_rules() -> List[RegexRule]:
    """The Spanish rules, in a fixed order (ids are unique, all start with "es_").

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
        # ---- IDs after their field name ------------------------------------------
        RegexRule(
            "es_nhc", "MEDICALRECORD",
            r"(?:\bNHC|\bN\.?\s?H\.?\s?C\.|(?i:\bn[úu]mero de historia(?:\s+cl[íi]nica)?|\bhistoria\s+cl[íi]nica\s+n[º°o]\.?))"
            + _FIELD_END + r"(?P<value>[A-Z]{0,3}\s?-?\d[\d\s./-]{2,14}\d|\d{3,})(?![\w/])",
            prefilter=r"(?i)nhc|n\.\s?h|historia",
            description="número de historia clínica after 'NHC:' ('NHC: 368503')",
        ),
        RegexRule(
            "es_nass", "HEALTHPLAN",
            r"(?:\bNASS|\bN\.?A\.?S\.?S\.|(?i:\bn[úu]mero de (?:afiliaci[óo]n|la seguridad social)|\btarjeta sanitaria|\bCIP|\bTSI)\b)"
            + _FIELD_END + r"(?P<value>[A-Z]{0,4}\s?\d[\d\s/.-]{4,18}\d)(?![\w/])",
            prefilter=r"(?i)nass|n\.a|afiliaci|seguridad social|tarjeta|cip|tsi",
            description="número de afiliación a la Seguridad Social after 'NASS:' ('NASS: 26 63514095')",
        ),
        RegexRule(
            "es_ncol", "LICENSE",
            r"(?:\bN[º°o]\.?\s?(?i:Col(?:egiado)?)\b|(?i:\bn[úu]m(?:ero|\.)?\s+(?:de\s+)?colegiad[oa]|\bcolegiad[oa]\s+n[º°o]?))"
            + _FIELD_END + r"(?P<value>\d[\d\s/.-]{2,14}\d)(?![\w/])",
            prefilter=r"(?i)col",
            description="número de colegiado after 'NºCol:' ('NºCol: 28 28 70973')",
        ),
        RegexRule(
            "es_episodio", "ACCOUNT",
            r"(?i:\bepisodio|\bn[º°o]\.?\s*(?:de\s+)?episodio)" + _FIELD_END + r"(?P<value>[A-Z]{0,3}\d[\d\s/.-]{2,14}\d)(?![\w/])",
            prefilter=r"(?i)episodio",
            description="número de episodio after 'Episodio:' ('Episodio: 01234567')",
        ),
        RegexRule(
            "es_dni", "IDNUM",
            r"(?:\b(?:DNI|NIF|NIE|D\.N\.I\.|N\.I\.F\.|N\.I\.E\.)" + _FIELD_END + r")?"
            r"(?<![\w.-])(?P<value>[XYZ]-?\d{7}-?[A-Z]|\d{1,2}\.?\d{3}\.?\d{3}\s?-?\s?[A-Z])(?![\w-])",
            confirm=("dni_letter",),
            unconfirmed="drop",
            description="DNI or NIE with a valid check letter ('12345678Z', 'X1234567L')",
        ),
        RegexRule(
            "es_dni_context", "IDNUM",
            r"\b(?:DNI|NIF|NIE|D\.N\.I\.|N\.I\.F\.|N\.I\.E\.)" + _FIELD_END
            + r"(?P<value>[XYZ]?-?\d[\d.]{6,10}\s?-?\s?[A-Z]?)(?![\w-])",
            description="a DNI/NIE after its name, check letter wrong or missing",
        ),
        # ---- postcode -------------------------------------------------------------
        RegexRule(
            "es_cp", "ZIP",
            r"(?:\bC\.\s?P\.|\bCP\b|(?i:\bc[óo]digo postal\b))" + _FIELD_END + r"(?P<value>\d{5})(?!\d)",
            prefilter=r"(?i)c\.?\s?p|postal",
            description="postcode after 'CP:' or 'C.P.' ('CP: 28016', 'C.P.28001')",
        ),
        RegexRule(
            "es_cp_city", "ZIP",
            r"(?<![\w.,/-])(?P<value>(?:0[1-9]|[1-4]\d|5[0-2])\d{3})(?=,?\s+(?:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+|[A-ZÁÉÍÓÚÑ]{3,}\b))",
            checks=("es_postcode",),
            exclude_before=r"(?:tel[ée]?f?(?:ono)?|tfno|fax|nhc|nass|col|episodio|n[º°o])\W*",
            # a count before its unit is no postcode ("50000 Unidades", "25000 Plaquetas")
            exclude_after=r",?\s+(?:unidades|ui\b|u\b|mg|ml|c[ée]lulas|copias|plaquetas|leucocitos|hemat[íi]es)",
            priority=2,
            description="a postcode before a place name ('28036 Madrid')",
        ),
        # ---- phones and faxes -----------------------------------------------------
        RegexRule(
            "es_phone_context", "PHONE",
            r"(?i:\b(?:tfno|tlfno|tlf|telf|tel|tel[ée]fono|tel[ée]fonos|m[óo]vil|fax|telefax)\b\.?\s*(?:de\s+contacto\s*)?(?:[:.]\s*)?)"
            r"(?P<value>\+?\s?\(?\d[\d\s.()-]{6,16}\d)(?![\w/]|-\d)",
            checks=("phone_digits",),
            label_if_context={r"\b(?:tele)?fax\b": "FAX", r"\b(?:tfno|tlfno|tlf|telf|tel|tel[ée]fonos?|m[óo]vil)\b": "PHONE"},
            shape_label=True,
            prefilter=r"(?i)t[eé]?l|tfno|m[óo]vil|fax",
            description="phone or fax number after 'Tfno.', 'Tel.:', 'Teléfono', 'Fax:' ('Tel.: 913 368 000')",
        ),
        RegexRule(
            "es_phone_shape", "PHONE",
            r"(?<![\w+./-])(?P<value>(?:\+34\s?|0034\s?)?[6789]\d{2}(?:\s?\d{3}\s?\d{3}|\s\d{2}\s\d{2}\s\d{2}|-\d{3}-\d{3}))(?![\w/.-]|\s\d)",
            label_if_context={r"\b(?:tele)?fax\b": "FAX"},
            priority=1,
            description="a Spanish phone number alone: nine digits starting 6-9, optional +34 ('600 123 456')",
        ),
        # ---- dates ----------------------------------------------------------------
        RegexRule(
            "es_date_numeric", "DATE",
            r"(?<![\w/.-])(?P<value>(?:0?[1-9]|[12]\d|3[01])([/.-])(?:0?[1-9]|1[0-2])\2(?:19|20)?\d{2})(?![\w/-]|\.\d)",
            description="day-first numeric date ('03/03/1946', '3-3-46', '03.03.1946')",
        ),
        RegexRule(
            "es_date_written", "DATE",
            rf"(?i:(?<![\w])(?P<value>(?:(?:0?[1-9]|[12]\d|3[01])\s+de\s+)?{_MONTH_ES}(?:\s+(?:de(?:l)?\s+)?(?:19|20)\d{{2}})"
            rf"|(?:0?[1-9]|[12]\d|3[01])\s+de\s+{_MONTH_ES})(?!\w))",
            description="written Spanish date with a day or a year ('3 de marzo de 2015', 'marzo de 2015', '3 de marzo')",
        ),
        RegexRule(
            "es_date_short_month", "DATE",
            rf"(?i:(?<![\w/-])(?P<value>(?:0?[1-9]|[12]\d|3[01])[-/\s]{_MONTH_ES_SHORT}\.?[-/\s](?:19|20)?\d{{2}})(?![\w/-]))",
            description="day, abbreviated month, year ('12-ene-2015', '3/mar/15')",
        ),
        # ---- the fields of a report's header, one per line ("Apellidos: Rivera Bueno.") --
        RegexRule(
            "es_field_nombre", "PATIENT",
            r"^[ \t]*(?:Nombre|Apellidos)[ \t]*:[ \t]*(?P<value>[^\W\d_][^\n:]*?[^\W\d_])[ \t]*\.?[ \t]*$",
            flags="m",
            prefilter=r"Nombre|Apellidos",
            description="the patient's name field ('Nombre: Ernesto.', 'Apellidos: Rivera Bueno.')",
        ),
        RegexRule(
            "es_field_domicilio", "STREET",
            r"^[ \t]*Domicilio[ \t]*:[ \t]*(?P<value>[^\n]*?[^\s.,])[ \t,]*\.{0,2}[ \t]*$",
            flags="m",
            prefilter=r"Domicilio",
            description="the address field ('Domicilio: Calle Miguel Benitez 90.')",
        ),
        RegexRule(
            "es_field_localidad", "CITY",
            r"^[ \t]*Localidad(?:[ \t]*/[ \t]*Provincia)?[ \t]*:[ \t]*(?P<value>[^\W\d_][^\n,;/]*?[^\W\d_])[ \t]*\.?[ \t]*$",
            flags="m",
            prefilter=r"Localidad",
            description="the town field when it names one place ('Localidad/ Provincia: Madrid.')",
        ),
        RegexRule(
            "es_field_pais", "COUNTRY",
            r"^[ \t]*Pa[íi]s(?:[ \t]+de[ \t]+nacimiento)?[ \t]*:[ \t]*(?P<value>[^\W\d_][^\n,;]*?[^\W\d_])[ \t]*\.?[ \t]*$",
            flags="m",
            prefilter=r"Pa[íi]s",
            description="the country field ('País: España.', 'País de nacimiento: Perú.')",
        ),
        RegexRule(
            "es_field_fecha", "DATE",
            r"^[ \t]*Fecha[ \t]+de[ \t]+(?:nacimiento|[Ii]ngreso)[ \t]*:[ \t]*(?P<value>[^\n]*?\d)[ \t]*\.?[ \t]*$",
            flags="m",
            prefilter=r"Fecha",
            description="the birth and admission date fields ('Fecha de nacimiento: 03/03/1946.')",
        ),
        RegexRule(
            "es_city_after_cp", "CITY",
            r"(?<![\d-])(?:0[1-9]|[1-4]\d|5[0-2])\d{3}[ ,]+(?P<value>" + _PLACE + r")"
            r"(?=\s*[.,(;\n]|\s+(?i:e-?mail|tel[ée]?f?|tfno|tlf|fax|españa)\b|[ \t]*$)",
            flags="m",
            priority=2,
            description="the town after a postcode ('28036 Madrid.', '09200 Miranda de Ebro (Burgos)')",
        ),
        RegexRule(
            "es_country", "COUNTRY",
            r"(?:(?<=[,.(])|(?<=[,.(] ))(?P<value>" + _country_pattern() + r")"
            r"(?=\s*[).,;]|\s+(?i:e-?mail|correo|tfno|tel|fax)|[ \t]*$)",
            flags="m",
            priority=2,
            description="a country closing an address ('Caracas. Venezuela e-mail', '(España).')",
        ),
        # ---- age --------------------------------------------------------------------
        RegexRule(
            "es_age_field", "AGE",
            r"(?i:\bedad\b\s*:?\s*)(?P<value>\d{1,3}(?:[,.]\d)?(?:\s+(?i:años?|meses|mes|semanas?|d[íi]as?|a))?)(?!\w)",
            prefilter=r"(?i)edad",
            description="age after 'Edad:' ('Edad: 70 años')",
        ),
        RegexRule(
            "es_age_de_anos", "AGE",
            r"(?i:\b(?:var[óo]n|mujer|hombre|paciente|ni[ñn][oa]|lactante|chic[oa]|señora?|anciana?|joven|gestante)"
            r"(?:\s+\w+){0,2}\s+de\s+)(?P<value>\d{1,3}\s+(?:años|meses|semanas|días))(?!\w)",
            prefilter=r"(?i)años|meses|semanas|días",
            description="age after 'varón de', 'mujer de', 'paciente de' ('Varón de 52 años')",
        ),
    ]


#: MEDDOCAN's label for the matches of each Spanish rule (and of the neutral built-ins).
NATIVE_LABEL_BY_RULE: Dict[str, str] = {
    "es_nhc": "ID_SUJETO_ASISTENCIA",
    "es_nass": "ID_ASEGURAMIENTO",
    "es_ncol": "ID_TITULACION_PERSONAL_SANITARIO",
    "es_episodio": "ID_CONTACTO_ASISTENCIAL",
    "es_dni": "ID_SUJETO_ASISTENCIA",
    "es_dni_context": "ID_SUJETO_ASISTENCIA",
    "es_cp": "TERRITORIO",
    "es_cp_city": "TERRITORIO",
    "es_date_numeric": "FECHAS",
    "es_date_written": "FECHAS",
    "es_date_short_month": "FECHAS",
    "es_age_field": "EDAD_SUJETO_ASISTENCIA",
    "es_field_nombre": "NOMBRE_SUJETO_ASISTENCIA",
    "es_field_domicilio": "CALLE",
    "es_field_localidad": "TERRITORIO",
    "es_field_pais": "PAIS",
    "es_country": "PAIS",
    "es_city_after_cp": "TERRITORIO",
    "es_field_fecha": "FECHAS",
    "es_age_de_anos": "EDAD_SUJETO_ASISTENCIA",
    "email": "CORREO_ELECTRONICO",
    "url_scheme": "URL_WEB",
    "ipv4": "DIREC_PROT_INTERNET",
}
