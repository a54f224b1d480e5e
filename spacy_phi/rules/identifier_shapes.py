"""Built-in rules for identifiers with a fixed written shape: payment cards,
MAC addresses, ISO 8601 timestamps, international phone numbers, IPv6, IDN
e-mail domains and URLs, dotted SSNs and dates, NPI, MBI, DEA, ABA routing
numbers, passport and driver's licence numbers.

Checksums (Luhn, NPI, DEA, ABA) and structure checks (`ipaddress`, calendar)
are `confirm` validators: they decide whether a shape-only match is trusted;
a match after a context word ("NPI:", "card", "routing") is kept whatever its
checksum (recall first: a mistyped number is still an identifier). A value
dropped here for a failed checksum is still caught as IDNUM by the generic
long-number / alphanumeric-code rules of `families/identifiers.py`.

Negatives each rule is tested against (tests/test_identifier_shapes.py):
versions, ranges, lab values, blood pressure, code identifiers, ICD-10, CPT,
NDC codes, dose ratios, clock times.
"""

from __future__ import annotations

from typing import Dict, List

from .regex_rules import RegexRule

#: What may sit between a context word and its value (as `fragments.KEY_TAIL`).
_KEY_TAIL = r"\.?\s*(?:(?i:number|num|nbr|no)\b\.?\s*)?(?:[:#=]\s*)*(?:(?i:is)\s+)?"
_EXT = r"(?:\s*(?:x|ext\.?|extension)\s*\d{1,6})?"
_PHONE_CONTEXT: Dict[str, str] = {
    r"\b(?:fax(?:ed|ing|es)?|facsimile|f)\b\s*(?:#|no\.?|number)?\s*[:.]?": "FAX",
    r"(?:\b|(?<=\d))(?:phone|ph|tel|telephone|call|cell|mobile|handy|pager|contact|home|work|office|callback|number)(?![a-z])": "PHONE",
}
_CARD_CONTEXT = {
    r"\b(?:card|visa|master\s*card|mc|amex|american\s+express|discover|diners|jcb|credit|debit|cc|pan)\b": "ACCOUNT",
}
#: Words before a dotted number that make it a version, not a date or SSN.
_VERSION_BEFORE = (
    r"(?:v|ver|version|release|rel|build|rev|revision|update|firmware|fw|software|sw|app|ios|android|"
    r"python|java|node|chrome|firefox|windows|macos|kernel|patch)\.?"
)
_HEX = "[0-9A-Fa-f]"
_MBI_A = "[AC-HJKMNP-RT-Y]"  # CMS MBI letters: no S, L, O, I, B, Z
_MBI_AN = "[AC-HJKMNP-RT-Y0-9]"


def identifier_shape_rules() -> List[RegexRule]:
    """The identifier-shape rules, in a fixed order (ids are unique).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
        # ---- payment cards (ACCOUNT) ------------------------------------------
        RegexRule(
            "card_grouped", "ACCOUNT",
            r"(?<![\w.-])(?P<value>\d{4}(?P<cs>[ -])\d{4}(?P=cs)\d{4}(?P=cs)\d{4}(?:(?P=cs)\d{3})?|3\d{3}(?P<as>[ -])\d{6}(?P=as)\d{4,5})(?!\w|[ -]\d)",
            confirm=("luhn_card",),
            label_if_context=_CARD_CONTEXT,
            context_chars=32,
            shape_label=True,
            prefilter='\\d{4}[ -]\\d{4,6}[ -]\\d{4}',
            description="card number in groups (4-4-4-4, 4-4-4-4-3, Amex 4-6-5, Diners 4-6-4); Luhn confirms, else priority 1",
        ),
        RegexRule(
            "card_plain", "ACCOUNT",
            r"(?<![\w.,/+-])(?P<value>4\d{12}(?:\d{3}){0,2}|(?:5[1-5]|2[2-7])\d{14}|3[47]\d{13}|6(?:011|5\d\d)\d{12})(?!\w|[.,]\d)",
            confirm=("luhn_card",),
            unconfirmed="drop",
            label_if_context=_CARD_CONTEXT,
            context_chars=32,
            priority=2,
            prefilter='\\d{13}',
            description="card number without separators, issuer prefix and Luhn (else left to id_long_number)",
        ),
        # ---- MAC addresses (DEVICE) ----------------------------------------------
        RegexRule(
            "mac_address", "DEVICE",
            rf"(?<![\w.-])(?<!\b[0-9A-Fa-f]{{2}}:)(?P<value>{_HEX}{{2}}(?P<ms>[:-]){_HEX}{{2}}(?:(?P=ms){_HEX}{{2}}){{4}}"
            rf"|(?=[0-9A-Fa-f.]{{0,13}}[A-Fa-f]){_HEX}{{4}}\.{_HEX}{{4}}\.{_HEX}{{4}})(?!\w|[:.-]\w)",
            shape_label=True,
            prefilter='[:-][0-9A-Fa-f]{2}[:-][0-9A-Fa-f]{2}[:-]|\\.[0-9A-Fa-f]{4}\\.',
            description="MAC address: 00:1A:2B:3C:4D:5E, 00-1A-..., Cisco 0012.3456.789a (dot form needs a hex letter)",
        ),
        # ---- ISO 8601 (DATE) -------------------------------------------------------
        RegexRule(
            "iso_timestamp", "DATE",
            r"(?<![\d/.-])(?P<value>(?:1[89]|2[01])\d\d-[01]\d-[0-3]\d"
            r"(?:T[0-2]\d(?::[0-5]\d(?::[0-6]\d)?)?|\x20[0-2]\d:[0-5]\d:[0-6]\d(?=[.,]\d|Z|[+-]\d))(?:[.,]\d{1,9})?"
            r"(?:Z|[+-][01]\d(?::?[0-5]\d)?)?"
            r"|(?:1[89]|2[01])\d\d[01]\d[0-3]\dT[0-2]\d(?:[0-5]\d){1,2}(?:[.,]\d{1,9})?(?:Z|[+-][01]\d(?:[0-5]\d)?)?)"
            r"(?![\w:+]|[.,-]\d)",
            confirm=("iso_datetime",),
            shape_label=True,
            # A space-separated time joins only with a fraction or offset (a
            # machine timestamp); '2024-06-05 09:15' keeps the i2b2 convention
            # of a date span without the time of day.
            prefilter='\\dT\\d|:\\d\\d[.,]\\d|:\\d\\d[Z+-]',
            description="ISO 8601 timestamp, whole span: 2024-06-05T09:15:30.500-07:00, 20240605T091530Z, '2024-06-05 09:15:30.25Z'",
        ),
        RegexRule(
            "iso_week_date", "DATE",
            r"(?<![\w/.-])(?P<value>(?:19|20|21)\d\d-?W(?:0[1-9]|[1-4]\d|5[0-3])(?:-?[1-7])?)(?![\w-])",
            prefilter='\\d-?W\\d',
            description="ISO week date 2024-W23-3",
        ),
        # ---- phones ------------------------------------------------------------------
        RegexRule(
            "phone_international", "PHONE",
            rf"(?<![\d+])(?P<value>\+\s?[1-9]\d{{0,2}}(?:[\s.-]?\(0\))?(?:[\s./-]?(?:\(\d{{1,5}}\)|\d{{1,5}})){{1,6}}{_EXT})(?![\w/]|[.-]\d)",
            checks=("e164_digits",),
            label_if_context=_PHONE_CONTEXT,
            priority_without_context=1,
            shape_label=True,
            prefilter='\\+\\s?[1-9]',
            description="international number with + (E.164 '+14155550132', '+30 21 0 1234567', '+44 (0)20 7946 0958'), glued or not",
        ),
        RegexRule(
            "phone_country_code", "PHONE",
            rf"(?<![\d+./-])(?P<value>\d{{1,3}}(?P<ps>[-. ])\(?\d{{3}}\)?(?P=ps)\d{{3}}(?P=ps)\d{{4}}{_EXT})(?![\w/]|[.-]\d)",
            label_if_context=_PHONE_CONTEXT,
            priority_without_context=1,
            shape_label=True,
            prefilter='\\d{3}[-. ]\\d{4}',
            description="country code without + before a 3-3-4 number ('91-415-555-0132', '1 800 555 0199')",
        ),
        RegexRule(
            "phone_national_zero", "PHONE",
            rf"(?<![\d+./:,-])(?P<value>(?:\(0\d{{1,4}}\)\s?|0\d{{1,4}}[\s./-])\d{{3,8}}(?:[\s.-]\d{{3,4}}){{0,2}}{_EXT}"
            rf"|0[1-9](?:[\s.]\d\d){{4}})(?![\w/]|[.,/-]\d)",
            checks=("national_phone",),
            label_if_context=_PHONE_CONTEXT,
            priority_without_context=1,
            shape_label=True,
            prefilter='0\\d{0,4}[)\\s./-]',
            description="national number with trunk 0 ('09-7625400', '090-1234-5678', '(030) 1234567', '06 12 34 56 78')",
        ),
        # ---- IP ----------------------------------------------------------------------
        RegexRule(
            "ipv6", "IPADDR",
            r"(?<![\w:.%/])(?P<value>(?=[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:]{2,39}"
            r"(?:(?<=:)\d{1,3}(?:\.\d{1,3}){3})?(?:%[0-9A-Za-z._~-]+)?(?:/\d{1,3})?)(?![\w%/]|:[\w:]|\.\d)",
            checks=("ip_address",),
            shape_label=True,
            prefilter=':[0-9A-Fa-f]{0,4}:',
            description="IPv6 in any RFC 4291/5952 form, zone id, prefix, embedded IPv4 (validated with `ipaddress`)",
        ),
        # ---- e-mail / URL with internationalised domains -----------------------------
        RegexRule(
            "url_idn", "URL",
            r"(?<![@\w.-])(?P<value>(?:[\w-]+\.)*(?:xn--[a-z0-9-]+\.(?:[\w-]+\.)*(?:[a-z]{2,24}|xn--[a-z0-9-]{2,59})"
            r"|[\w-]+\.[^\W\d_a-zA-Z]{2,24})(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)\]])?)(?![\w@-])",
            flags="i",
            shape_label=True,
            prefilter='xn--|[^\\x00-\\x7f]',
            description="bare internationalised domain: a punycode label ('xn--80ak6aa92e.com') or a non-ASCII TLD",
        ),
        # ---- SSN / dates with dots ---------------------------------------------------
        RegexRule(
            "ssn_dotted", "SSN",
            r"(?<![\w.-])(?P<value>\d{3}\.\d{2}\.\d{4})(?![\w]|[.-]\d)",
            confirm=("ssn_issuable",),
            unconfirmed="drop",
            label_if_context={r"\b(?:ssn|ss#|social\s+security|soc\.?\s*sec)": "SSN"},
            exclude_before=_VERSION_BEFORE,
            shape_label=True,
            prefilter='\\d\\.\\d\\d\\.\\d',
            description="SSN written with dots ('078.05.1123'), SSA issuance rules unless after 'SSN'",
        ),
        RegexRule(
            "date_dotted_short_year", "DATE",
            r"(?<![\w.,-])(?P<value>(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.\d\d)(?![\w]|[.,]\d)",
            checks=("dotted_date",),
            exclude_before=_VERSION_BEFORE,
            priority=2,
            prefilter='\\d\\.\\d{1,2}\\.\\d\\d',
            description="day-first date with dots and a 2-digit year ('21.5.21'); not after 'Version'",
        ),
        # ---- clinician and payer identifiers ------------------------------------------
        RegexRule(
            "npi_shape", "LICENSE",
            r"(?<![\w.,/+-])(?P<value>[12]\d{9}|[12]\d{3}(?P<ns>[- ])\d{3}(?P=ns)\d{3})(?!\w|[.,/-]\d)",
            confirm=("npi",),
            unconfirmed="drop",
            label_if_context={r"\bNPI\b": "LICENSE"},
            priority=2,
            prefilter='[12]\\d{3}[- ]?\\d{3}[- ]?\\d{3}',
            description="NPI: 10 digits (or 4-3-3) passing Luhn with the 80840 prefix; any value after 'NPI'",
        ),
        RegexRule(
            "mbi", "HEALTHPLAN",
            rf"(?<![\w-])(?P<value>[1-9]{_MBI_A}{_MBI_AN}\d-?{_MBI_A}{_MBI_AN}\d-?{_MBI_A}{{2}}\d\d)(?![\w-])",
            flags="i",
            checks=("mbi",),
            prefilter='\\d[A-Za-z][A-Za-z0-9]\\d',
            description="Medicare Beneficiary Identifier (CMS character classes, optional dashes 4-3-4)",
        ),
        RegexRule(
            "dea_shape", "LICENSE",
            r"(?<![\w-])(?P<value>[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7})(?![\w-])",
            confirm=("dea",),
            unconfirmed="drop",
            label_if_context={r"\bDEA\b": "LICENSE"},
            priority=2,  # a context rule ("Medicaid ID: AB1234563") decides the label on a tie
            prefilter='[A-Z][A-Z9]\\d{7}',
            description="DEA registration number with a valid check digit; any such shape after 'DEA'",
        ),
        RegexRule(
            "aba_routing", "ACCOUNT",
            rf"(?i:\b(?:ABA|RTN|routing(?:\s+transit)?)\b(?:\s+(?:no|number|#))?){_KEY_TAIL}(?P<value>\d{{9}}|\d{{4}}-\d{{4}}-\d|\d{{3}}[- ]\d{{3}}[- ]\d{{3}})(?![\w]|-\d)",
            prefilter='(?i:aba|rtn|routing)',
            description="ABA routing number after 'routing'/'ABA'/'RTN' (any checksum)",
        ),
        RegexRule(
            "aba_grouped", "ACCOUNT",
            r"(?<![\w.-])(?P<value>\d{4}-\d{4}-\d)(?![\w]|-\d)",
            confirm=("aba",),
            unconfirmed="drop",
            priority=2,
            prefilter='\\d{4}-\\d{4}-\\d',
            description="ABA routing number in its 4-4-1 grouping with a valid checksum",
        ),
        # ---- documents with context ---------------------------------------------------
        RegexRule(
            "passport_context", "IDNUM",
            rf"(?i:\bpassport\b(?:\s+(?:id|no|number|#))?){_KEY_TAIL}(?P<value>[A-Z]{{0,2}}\d{{6,9}})(?![\w])",
            prefilter='(?i:passport)',
            description="passport number after 'passport' (US: 9 digits or a letter + 8 digits)",
        ),
        RegexRule(
            "drivers_license_context", "LICENSE",
            rf"(?:(?i:\b(?:driver'?s?|driving)\s+licen[cs]e|\bdrivers?\s+lic\b)|(?<![/\w])(?:DL|D/L|DLN)\b)(?:\s+\(?[A-Z]{{2}}\)?(?=\s*[:#]?\s*[A-Z]{{0,2}}\d))?{_KEY_TAIL}"
            r"(?P<value>(?=[A-Z0-9 -]{6})[A-Z]{0,2}\d{1,4}(?:[ -]?\d{2,4}){1,4}|[A-Z]{1,2}\d{4,14}|[A-Z]\d{3}-\d{4}-\d{4})(?![\w])",
            prefilter='(?i:licen|lic\\b)|DL|D/L',
            description="driver's licence number after 'driver's license'/'DL', state shapes with spaces/dashes ('S123-4567-8901', '123 456 789')",
        ),
    ]
