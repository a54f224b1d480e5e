"""CONTACT rules: phone and fax numbers, e-mail addresses, URLs, IPv4 addresses.

International phone numbers, IPv6 and internationalised domains are shapes of
`identifier_shapes.py` (the identifiers family runs them). Look-alikes the rules
must leave alone are in tests/rules/test_contact.py.
"""

from __future__ import annotations

from typing import List, Tuple

from ..regex_rules import RegexRule

#: Phone number core: optional +1, area code, exchange, line; optional extension.
_PHONE_CORE = (
    r"(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}"
    r"(?:\s*(?:x|ext\.?|extension)\s*\d{1,5}(?:-\d{1,5})?)?"
)
#: Label by the nearest context word before a number: "Fax: 617-555-4321" is a FAX.
_PHONE_CONTEXT = {
    r"\b(?:fax(?:ed|ing|es)?|facsimile|f)\b\s*(?:#|no\.?|number)?\s*[:.]?": "FAX",
    r"\b(?:phone|ph|tel|telephone|call|cell|mobile|pager|beeper|pgr|p|contact|home|work|office|callback|number)\b": "PHONE",
}


def rules() -> List[RegexRule]:
    """The contact rules, in a fixed order (see `builtin_rules` for what order decides).

    RETURNS (List[RegexRule]): fresh rule objects.
    """
    return [
        RegexRule(
            "email", "EMAIL",
            r"(?<![\w.+-])(?P<value>[^\W_][\w.%+-]*@[^\W_](?:[\w-]*[^\W_])?(?:\.[^\W_](?:[\w-]*[^\W_])?)*"
            r"\.(?:xn--[a-z0-9-]{2,59}|[a-z]{2,24}|[A-Z]{2,24}|[^\W\d_a-zA-Z]{2,24}))(?![a-z0-9-])",
            shape_label=True,
            prefilter="@",
            description="e-mail address, Unicode and punycode (xn--) domains too; a glued next word in Title case is left out ('x@y.comOther')",
        ),
        RegexRule(
            "url_scheme", "URL",
            r"(?P<value>(?i:https?://|ftp://|www\.)[^\s<>\"'|]*[^\s<>\"'|.,;:!?)\]])",
            shape_label=True,
            description="web address with a scheme or www.",
        ),
        RegexRule(
            "url_domain", "URL",
            r"(?<![@\w.-])(?P<value>[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|us|info|biz|health|care|co\.uk)(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)\]])?)(?![\w@-])",
            flags="i",
            shape_label=True,
            description="bare domain with a common TLD ('mychart.partners.org/login')",
        ),
        RegexRule(
            "ipv4", "IPADDR",
            r"(?<![\d.])(?P<value>\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2}(?!\d))?)(?!\d|\.\d)",
            checks=("ipv4",),
            shape_label=True,
            description="IPv4 address (each octet 0-255), optional prefix length '/24'",
        ),
        RegexRule(
            "phone_us", "PHONE",
            rf"(?<![\d/.-])(?<![A-Za-z]-)(?P<value>{_PHONE_CORE})(?:(?![\w/]|-\d)|(?=[A-Z][a-z]))",
            label_if_context=_PHONE_CONTEXT,
            priority_without_context=1,
            shape_label=True,
            description="US phone number with area code, optional extension, glued to a word before or not; FAX after 'fax'",
        ),
        RegexRule(
            "phone_slashes", "PHONE",
            # No date has three parts of 3, 3 and 4 digits, and the first two parts start with
            # 2-9 as area codes and exchanges do; blood pressures and lab series have 2-3 digits.
            r"(?<![\w/.-])(?P<value>[2-9]\d\d/[2-9]\d\d/\d{4})(?![\w/]|[.-]\d)",
            label_if_context=_PHONE_CONTEXT,
            shape_label=True,
            description="US phone number written with slashes ('Odile Ames (201/555/1423) confirms')",
        ),
        RegexRule(
            "phone_local_context", "PHONE",
            r"(?i:\b(?:phone|ph|tel|telephone|call|cell|mobile|callback|fax|beeper|pager)\b\.?\s*(?:#|no\.?|number)?\s*(?:at\s+)?[:.]?\s*)"
            r"(?P<value>\d{3}[-.]\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,5})?)(?![\w/]|-\d)",
            label_if_context=_PHONE_CONTEXT,
            description="7-digit local number after a phone/fax word",
        ),
        RegexRule(
            "phone_any_format_context", "PHONE",
            r"(?i:\b(?:phone|ph|tel|telephone|tfno|cell|mobile|fax|pager)\b\.?\s*(?:#|no\.?|number)?\s*[:.]?\s*)"
            r"(?P<value>\+?\s?\(?\d[\d\s.()-]{5,18}\d)(?![\w/]|-\d)",
            checks=("phone_digits",),
            label_if_context=_PHONE_CONTEXT,
            # After a phone word the type is settled: an NER DATE over "Tel.8025550127"
            # must not relabel it (a DATE surrogate cannot parse it and masks it).
            shape_label=True,
            description="number of 7-15 digits in any grouping after 'Tel'/'Phone'/'Fax' ('Tel.: 913 368 000')",
        ),
        RegexRule(
            "pager", "PHONE",
            r"(?:(?i:\b(?:pager|beeper|pgr|paged))|\bPG)\b\.?\s*(?:#|no\.?|number)?\s*[:.]?\s*(?P<value>\d-\d{4}|\d{4,5})(?![\w/]|\.\d|-\d)",
            exclude_after=r"\s*(?:mmhg|/)",
            description="pager number after 'pager'/'beeper'/'p' ('beeper #4-1234', 'pager 12345')",
        ),
        RegexRule(
            "phone_extension", "PHONE",
            r"(?<![\w.])(?:(?i:ext\.?|extension)\s*#?\s*|x\s?(?=\d{4}|\d-\d{4}))(?P<value>\d{2,5}|\d-\d{4})(?![\w/]|\.\d|-\d)",
            exclude_after=r"\s*(?:°|º|deg\b|degrees\b)",  # knee "extension 10°"
            label_if_context=_PHONE_CONTEXT,
            priority_without_context=1,
            description="extension on its own: 'ext. 5-8112', 'x5571'",
        ),
    ]


#: (text, label, value, rule id): in each invented text the rule fires and gives
#: this value with this label (the span `phi_rules` writes, snapped to tokens);
#: tests/rules/ runs every line and the reference in docs/rules.md shows the first of each rule.
EXAMPLES: List[Tuple[str, str, str, str]] = [
    ("Email jdoe@bdd.com today", "EMAIL", "jdoe@bdd.com", "email"),
    ("hcuutaj@bdd.comOther", "EMAIL", "hcuutaj@bdd.com", "email"),
    ("Email:john.smith+1@mail.partners.org", "EMAIL", "john.smith+1@mail.partners.org", "email"),
    ("see https://www.example.org/path?a=1.", "URL", "https://www.example.org/path?a=1", "url_scheme"),
    ("see www.mgh.harvard.edu for info", "URL", "www.mgh.harvard.edu", "url_scheme"),
    ("portal mychart.partners.org/login now", "URL", "mychart.partners.org/login", "url_domain"),
    ("from 10.0.0.1.", "IPADDR", "10.0.0.1", "ipv4"),
    ("host 192.168.1.254 down", "IPADDR", "192.168.1.254", "ipv4"),
    ("his wife, Odile Ames (201/555/1423) confirms the story.", "PHONE", "201/555/1423", "phone_slashes"),
    ("Call 617-555-1234 tomorrow.", "PHONE", "617-555-1234", "phone_us"),
    ("Phone: (617) 555-1234", "PHONE", "(617) 555-1234", "phone_us"),
    ("tel 617.555.1234.", "PHONE", "617.555.1234", "phone_us"),
    ("at +1 617 555 1234", "PHONE", "+1 617 555 1234", "phone_us"),
    ("Call 617-555-1234 x557 if needed", "PHONE", "617-555-1234 x557", "phone_us"),
    ("Office 617-555-1234 ext. 204", "PHONE", "617-555-1234 ext. 204", "phone_us"),
    ("109 121 1400Prior", "PHONE", "109 121 1400", "phone_us"),
    ("Fax: (617) 555-4321", "FAX", "(617) 555-4321", "phone_us"),
    ("Phone 617-555-1234 Fax 617-555-4321", "FAX", "617-555-4321", "phone_us"),
    ("Fax 617-555-4321 Phone 617-555-1234", "PHONE", "617-555-1234", "phone_us"),
    ("P: 617-555-1234 F: 617-555-9999", "FAX", "617-555-9999", "phone_us"),
    ("This note was faxed to 930-299-3046 (Home)", "FAX", "930-299-3046", "phone_us"),
    ("Prescription faxed to pharmacy at (302) 924-1890.", "FAX", "(302) 924-1890", "phone_us"),
    ("call cell 555-1234", "PHONE", "555-1234", "phone_local_context"),
    ("Tel.: 913 368 000", "PHONE", "913 368 000", "phone_any_format_context"),
    ("Leon Fax: 987 23 73 92", "FAX", "987 23 73 92", "phone_any_format_context"),
    ("Ashcombe, VT 05491\nTel.8025550127\n", "PHONE", "8025550127", "phone_any_format_context"),
    ("pager 12345", "PHONE", "12345", "pager"),
    ("beeper #4-1234", "PHONE", "4-1234", "pager"),
    ("MOBILITY AS ABLE \nPG 41872\n", "PHONE", "41872", "pager"),
    ("ext. 5-8112", "PHONE", "5-8112", "phone_extension"),
    ("x5571 after hours", "PHONE", "5571", "phone_extension"),
]
