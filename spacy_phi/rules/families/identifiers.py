"""IDENTIFIERS rules: medical record, account, health-plan, licence, device,
vehicle and other ID numbers, social security numbers and user names.

A number is found after its context word ("MRN: 0937884", "Acct #: 44-55123") or
by its shape alone (a VIN, a code of capitals and digits, a bare number of seven
digits or more); shape-only rules have priority 1, so a typed NER label wins.
The checksum-validated shapes of `identifier_shapes.py` run here too. Look-alikes
the rules must leave alone (lab values, doses, ICD and CPT codes, obstetric
history) are in tests/rules/test_identifiers.py.
"""

from __future__ import annotations

from typing import List, Tuple

from ..fragments import ID_VALUE, KEY_TAIL
from ..identifier_shapes import identifier_shape_rules
from ..regex_rules import RegexRule


def rules() -> List[RegexRule]:
    """The identifier rules, in a fixed order (see `builtin_rules` for what order decides).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
        # The shapes of fixed-format identifiers (cards, MAC, NPI, MBI, DEA, ABA, passport,
        # IPv6, international phones, ISO timestamps, dotted dates): their labels vary, and
        # their checksums and context words are those of identifiers, so they run here.
        *identifier_shape_rules(),
        RegexRule(
            "ssn", "SSN",
            r"(?<![\w-])(?P<value>\d{3}-\d{2}-\d{4}|\d{3} \d{2} \d{4})(?![\w]|-\d)",
            shape_label=True,
            description="social security number 123-45-6789",
        ),
        RegexRule(
            "ssn_context", "SSN",
            rf"(?i:\b(?:SSN|SS#|SS\s+no|social\s+security(?:\s+number)?|soc\.?\s*sec\.?))\b{KEY_TAIL}(?P<value>\d{{9}}|\d{{3}}[- .]\d{{2}}[- .]\d{{4}})(?!\d)",
            description="9-digit number after 'SSN'",
        ),
        RegexRule(
            "ssn_last_four", "SSN",
            r"(?i:\b(?:SSN|SS#|social\s+security(?:\s+(?:number|no|#))?))[ \t]*[(,]?[ \t]*"
            r"(?i:last|last[ \t]+(?:4|four)(?:[ \t]+digits)?|ending(?:[ \t]+in)?)[ \t]*\)?[ \t]*[:#]?[ \t]*(?P<value>\d{4})(?!\d)",
            description="the last four digits of a social security number ('SSN (last 4): 6602', 'SSN ending in 4417')",
        ),
        RegexRule(
            "mrn_context", "MEDICALRECORD",
            rf"(?i:\b(?:MRN|MR\s*#|MR(?=\s*[:#])|medical\s+record(?:\s+(?:number|no|#))?|med\.?\s*rec(?:ord)?\.?|"
            rf"unit\s+(?:no|number|#)|EMPI|hosp(?:ital)?\.?\s+(?:no|number|#)|chart\s+(?:no|number|#)|"
            rf"patient\s+(?:id|#)|pt\.?\s+(?:id|#)|MC\s*#|record\s+(?:no|number|#)))(?![A-Za-z]){KEY_TAIL}{ID_VALUE}",
            checks=("has_3_digits",),
            description="medical record number after 'MRN', 'MR#', 'Unit No', 'Medical record number'",
        ),
        RegexRule(
            "account_context", "ACCOUNT",
            rf"(?i:\b(?:acct|account|invoice|FIN|HAR|CSN|(?:billing|claim|encounter|visit)\s+(?:no|number|#|id))(?:\s+(?:no|number|#|id))?)(?![A-Za-z]){KEY_TAIL}{ID_VALUE}",
            checks=("has_3_digits",),
            description="account or billing number after 'Acct', 'Account #', 'Claim', 'Encounter'",
        ),
        RegexRule(
            "healthplan_context", "HEALTHPLAN",
            rf"(?i:\b(?:member\s*(?:id|#|no|number)|policy(?:\s+(?:id|#|no|number))?|subscriber\s*(?:id|#|no|number)|"
            rf"insurance\s*(?:id|#|no|number)|medicaid(?:\s+(?:id|#|no|number))?|medicare(?:\s+(?:id|#|no|number))?|"
            rf"group\s+(?:id|#|no|number)|plan\s+(?:id|#|no|number)|HICN|MBI|beneficiary\s*(?:id|#|no|number)|"
            rf"health\s*plan(?:\s+(?:id|#|no|number))?))(?![A-Za-z]){KEY_TAIL}{ID_VALUE}",
            checks=("has_3_digits",),
            description="insurance member/policy/group number",
        ),
        RegexRule(
            "license_context", "LICENSE",
            rf"(?i:\b(?:DEA|NPI|licen[cs]e(?!\s+plate)(?:\s+(?:no|number|#))?|lic\.?\s*#|certificate(?:\s+(?:no|number|#))?|"
            rf"board\s+cert(?:ification)?(?:\s+(?:no|number|#))?|driver'?s\s+licen[cs]e))(?![A-Za-z]){KEY_TAIL}{ID_VALUE}",
            checks=("has_3_digits",),
            description="licence/certificate number after 'DEA', 'NPI', 'License #'",
        ),
        RegexRule(
            "vehicle_context", "VEHICLE",
            rf"(?i:\b(?:licen[cs]e\s+plate|plate|tag|VIN|vehicle\s+(?:id|#|no|number))(?:\s+(?:no|number|#))?)\b{KEY_TAIL}"
            r"(?P<value>(?=[A-Z0-9-]*\d)[A-Z0-9]{1,8}(?:[- ][A-Z0-9]{2,8})?)(?![0-9A-Za-z])",
            description="licence plate or VIN after 'plate', 'tag', 'VIN'",
        ),
        RegexRule(
            "vin_shape", "VEHICLE",
            r"(?<![A-Za-z0-9])(?P<value>[A-HJ-NPR-Z0-9]{17})(?![A-Za-z0-9])",
            checks=("id_shape",),
            priority=2,
            description="17-character vehicle identification number",
        ),
        RegexRule(
            "device_context", "DEVICE",
            rf"(?i:\b(?:serial(?:\s+(?:no|number|#))?|S/N|SN(?=\s*[:#])|model\s+(?:no|number|#)|lot(?:\s+(?:no|number|#))?|"
            rf"device\s+(?:id|#|no|number)|UDI|implant\s+(?:id|#)))(?![A-Za-z]){KEY_TAIL}{ID_VALUE}",
            checks=("has_3_digits",),
            description="device serial/model/lot number",
        ),
        RegexRule(
            "idnum_context", "IDNUM",
            rf"(?i:\b(?:ID|I\.D\.|identifier|accession(?:\s+(?:no|number|#))?|acc\s*#|specimen(?:\s+(?:no|number|#))?|"
            rf"order(?:\s+(?:no|number|#))|requisition(?:\s+(?:no|number|#))?|document|job(?:\s+(?:no|number|#))?|"
            rf"case(?:\s+(?:no|number|#))|ref(?:erence)?(?:\s+(?:no|number|#))|control\s+(?:no|number|#)|"
            rf"study\s+(?:id|#)|report\s+(?:id|#|no|number)|tracking\s+(?:id|#|no|number)))(?![A-Za-z]){KEY_TAIL}{ID_VALUE}",
            checks=("has_3_digits",),
            description="other identifying number after 'ID', 'Accession #', 'Specimen #', 'Document'",
        ),
        RegexRule(
            "id_alphanumeric_shape", "IDNUM",
            # Not obstetric history ("G2P1001": gravida 2, para 1001).
            # Not the end of a word after its apostrophe ("PAD'S18-23": readings of the PA diastolic).
            r"(?<![\w.'’-])(?P<value>(?!G\d{1,2}P\d)(?=[A-Z0-9-]*\d)(?=[0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{4,}[A-Z0-9])(?![\w-])",
            # Not a reading or setting of ICU charting: "600X12", "HR60-70", "30-40CC", "7A-12P".
            checks=("id_shape", "not_reading"),
            priority=1,
            description="code of capitals and digits with at least 4 digits ('Z8912708G', '53RHM4471')",
        ),
        RegexRule(
            "id_long_number", "IDNUM",
            r"(?<![\w.,/-])(?P<value>\d{7,})(?![\w]|[.,]\d|/\d)",
            priority=1,
            description="bare number of 7+ digits (measurements this long carry units or commas)",
        ),
        RegexRule(
            "username_context", "USERNAME",
            r"(?i:\b(?:user\s*name|user\s*id|login|user)\s*[:=]\s*)(?P<value>[A-Za-z][A-Za-z0-9._-]{2,}[A-Za-z0-9])",
            description="user name after 'username:'",
        ),
        RegexRule(
            "username_dotted_after_author", "USERNAME",
            # An audit line or a note's footer names its author by login: "edited by
            # ana.ruiz", "on 9/30/96 by shehu.claesner.", "user andela.shalom". The
            # tokenizer splits two words glued by a period, so the tagger sees three tokens.
            r"(?:(?i:\b(?:user(?:[ \t]*name)?|login|(?:edited|generated|printed|signed|entered|created|updated|documented|reviewed)\s+by))"
            r"|\d[ \t]+by)\s+(?P<value>[a-z][a-z'-]+\.[a-z][a-z'-]+(?:\.[a-z]+)?\d*)(?![\w@])",
            description=(
                "a login of two names joined by a period after an author's cue ('edited by ana.ruiz', "
                "'on 9/30/96 by shehu.claesner', 'user andela.shalom')"
            ),
        ),
        RegexRule(
            "username_dotted_after_name", "USERNAME",
            r"\b[A-Z][a-z'-]+,?[ \t]+[A-Z][a-z'-]+[ \t]+\((?P<value>[a-z][a-z'-]+\.[a-z][a-z'-]+\d*)\)",
            description="a login of two names in brackets after a person's name ('From: Ana Ruiz (ana.ruiz)', 'Ruiz, Ana (ana.ruiz)')",
        ),
    ]


#: (text, label, value, rule id): in each invented text the rule fires and gives
#: this value with this label (the span `phi_rules` writes, snapped to tokens);
#: tests/rules/ runs every line and the reference in docs/rules.md shows the first of each rule.
EXAMPLES: List[Tuple[str, str, str, str]] = [
    ("Card 4012-8888-8888-1881 on file", "ACCOUNT", "4012-8888-8888-1881", "card_grouped"),
    ("paid with 4111111111111111 today", "ACCOUNT", "4111111111111111", "card_plain"),
    ("MAC 00:1A:2B:3C:4D:5E", "DEVICE", "00:1A:2B:3C:4D:5E", "mac_address"),
    ("at 2024-06-05T09:15:30.500-07:00 ok", "DATE", "2024-06-05T09:15:30.500-07:00", "iso_timestamp"),
    ("week 2024-W23-3 start", "DATE", "2024-W23-3", "iso_week_date"),
    ("call +34 945 007 000 today", "PHONE", "+34 945 007 000", "phone_international"),
    ("call 91-415-555-0132", "PHONE", "91-415-555-0132", "phone_country_code"),
    ("call 090-1234-5678 now", "PHONE", "090-1234-5678", "phone_national_zero"),
    ("addr 2001:0db8:85a3:0000:0000:8a2e:0370:7334 ok", "IPADDR", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "ipv6"),
    ("addr fe80::1ff:fe23:4567:890a ok", "IPADDR", "fe80::1ff:fe23:4567:890a", "ipv6"),
    ("from fe80::1%eth0/64 host", "IPADDR", "fe80::1%eth0/64", "ipv6"),
    ("see xn--e1afmkfd.xn--p1ai for it", "URL", "xn--e1afmkfd.xn--p1ai", "url_idn"),
    ("id 078.05.1123 given", "SSN", "078.05.1123", "ssn_dotted"),
    ("seen 21.5.21 in clinic", "DATE", "21.5.21", "date_dotted_short_year"),
    ("provider 1234567893 signed", "LICENSE", "1234567893", "npi_shape"),
    ("MBI 1EG4-TE5-MK73", "HEALTHPLAN", "1EG4-TE5-MK73", "mbi"),
    ("prescriber AB1234563 signed", "LICENSE", "AB1234563", "dea_shape"),
    ("routing 322271627 acct", "ACCOUNT", "322271627", "aba_routing"),
    ("bank 3222-7162-7 on file", "ACCOUNT", "3222-7162-7", "aba_grouped"),
    ("passport no. 123456789", "IDNUM", "123456789", "passport_context"),
    ("driver's license S123-4567-8901", "LICENSE", "S123-4567-8901", "drivers_license_context"),
    ("SSN 123-45-6789", "SSN", "123-45-6789", "ssn"),
    ("social security number: 987654321", "SSN", "987654321", "ssn_context"),
    ("Employer: Sun Valley Foods    SSN (last 4): 5521", "SSN", "5521", "ssn_last_four"),
    ("MRN: 0937884", "MEDICALRECORD", "0937884", "mrn_context"),
    ("MRN 0937884Date of birth", "MEDICALRECORD", "0937884", "mrn_context"),
    ("MR:6746781", "MEDICALRECORD", "6746781", "mrn_context"),
    ("MR# 12-34-567", "MEDICALRECORD", "12-34-567", "mrn_context"),
    ("Medical record number is 4455667", "MEDICALRECORD", "4455667", "mrn_context"),
    ("Unit No: 883-21-90", "MEDICALRECORD", "883-21-90", "mrn_context"),
    ("MC # 0937884", "MEDICALRECORD", "0937884", "mrn_context"),
    ("Acct #: 44-55123", "ACCOUNT", "44-55123", "account_context"),
    ("Account number 9988776655", "ACCOUNT", "9988776655", "account_context"),
    ("Member ID: XJH123456789", "HEALTHPLAN", "XJH123456789", "healthplan_context"),
    ("Policy # 55512345", "HEALTHPLAN", "55512345", "healthplan_context"),
    ("Medicaid ID 123456789A", "HEALTHPLAN", "123456789A", "healthplan_context"),
    ("DEA: AB1234563", "LICENSE", "AB1234563", "license_context"),
    ("NPI 1234567893", "LICENSE", "1234567893", "license_context"),
    ("License # MD-45678", "LICENSE", "MD-45678", "license_context"),
    ("license plate 7ABC123", "VEHICLE", "7ABC123", "vehicle_context"),
    ("VIN 1HGCM82633A004352", "VEHICLE", "1HGCM82633A004352", "vin_shape"),
    ("serial number: PJN123456", "DEVICE", "PJN123456", "device_context"),
    ("S/N 4471-22A", "DEVICE", "4471-22A", "device_context"),
    ("Accession #: S12-34567", "IDNUM", "S12-34567", "idnum_context"),
    ("eScription document:9-2784353 KUQlhv", "IDNUM", "9-2784353", "idnum_context"),
    ("38:Z8912708G", "IDNUM", "Z8912708G", "id_alphanumeric_shape"),
    ("ref 53RHM4471 noted", "IDNUM", "53RHM4471", "id_alphanumeric_shape"),
    ("number 12345678 on file", "IDNUM", "12345678", "id_long_number"),
    ("username: jsmith2", "USERNAME", "jsmith2", "username_context"),
    ("Last edited by tishk.carneiro 10/10/86", "USERNAME", "tishk.carneiro", "username_dotted_after_author"),
    ("signed (Norway VNA) on 9/30/96 by shehu.claesner.", "USERNAME", "shehu.claesner", "username_dotted_after_author"),
    ("11:20  user andela.shalom  workstation IP 172.16.0.4", "USERNAME", "andela.shalom", "username_dotted_after_author"),
    ("From: Alemayehu Havlickova (alemayehu.havlickova)", "USERNAME", "alemayehu.havlickova", "username_dotted_after_name"),
]
