"""The clinical tokenizer, registered as `spacy_phi.ClinicalTokenizer.v1`.

Clinical text glues tokens together ("a26 yo", "10/6/2098SOS", "WhalenChief",
"MR:6746781", "KYLE^02/14/90^CHANEY"). A tagger can only label whole tokens, so a
PHI span inside a glued token cannot be found; splitting them added 1.7-2.1 F1
points in the seed papers (`001_…` Table 1, `002_…`). This module builds a
standard spaCy `Tokenizer` whose infix rules add those splits, while things a
PHI span needs whole (dates, times, phones, emails, URLs, IP addresses) and
clinical abbreviations ("p.o.", "b.i.d.", "s/p") stay one token.

How the splits work: spaCy's infix step runs one `finditer` over a token after
its prefixes and suffixes are removed. A zero-width match splits without
creating a token ("a|26"); a non-empty match becomes a token of its own. We put
"protected" patterns (emails, dates, ...) first in the alternation, so inside a
glued token such as "Results02/20/2087" the date is matched and emitted whole
before any split rule can cut into it. Being a spaCy `Tokenizer` (a subclass
that only keeps its time linear, `tokenizer_linear.py`), it serializes its rules
itself and never changes a character of the input.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, Iterable, List, Sequence

from spacy.attrs import NORM, ORTH
from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc
from spacy.util import (
    compile_infix_regex,
    compile_prefix_regex,
    registry,
    update_exc,
)
from spacy.lang.tokenizer_exceptions import URL_PATTERN
from spacy.lang.tokenizer_exceptions import emoticons as EMOTICONS

from .tokenizer_linear import EndAnchoredSearch, chunk_cuts, linear_url_pattern

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
# Case-insensitive month for ALL-CAPS notes ("14-SEP-2067").
_MONTH_ANY_CASE = f"(?i:{_MONTH})"

# --- Patterns of things that must stay one token -----------------------------------
# Each is written without anchors; digit look-arounds stop a match from starting or
# ending inside a longer number ("123/45/6789" is not a date).
EMAIL = (
    # The local part is capped at 64 characters (RFC 5321): unbounded, the pattern
    # rescans a long whitespace-free run (a base64 blob) from every position, which
    # made tokenizing such a run quadratic.
    r"[A-Za-z0-9][A-Za-z0-9._%+'-]{0,63}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
    # TLD all lower or all upper case, so "x@bdd.comOther" stops after ".com".
    r"\.(?:[a-z]{2,}|[A-Z]{2,})"
)
URL = r"(?:(?:https?|ftp)://|www\.)[^\s<>\"'^|\\]+[^\s<>\"'^|\\.,;:!?)\]}]"
IPV4 = r"(?<![0-9.])(?:\d{1,3}\.){3}\d{1,3}(?![0-9])"
# IPv6: hex groups and colons, either compressed ("fe80::1", "2001:db8::42") or the
# full eight groups; at least one digit so "DD::" style glue is not taken for one.
IPV6 = (
    r"(?<![0-9A-Fa-f:])(?=[0-9A-Fa-f:]*\d)"
    r"(?:(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}"
    r"|(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,6})?::(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,6})?)"
    r"(?![0-9A-Fa-f:])"
)
DATE_NUMERIC = "(?<![0-9])(?:" + "|".join(
    # one alternative per separator, so a date never mixes them: 09/14/2067, 9-14-67,
    # 14.09.2067, 2067-09-14
    rf"\d{{1,2}}{sep}\d{{1,2}}{sep}\d{{2,4}}|\d{{4}}{sep}\d{{1,2}}{sep}\d{{1,2}}"
    for sep in ("/", "-", r"\.")
) + ")(?![0-9])"
DATE_WRITTEN = (
    rf"(?<![0-9])(?:\d{{1,2}}[-/]?{_MONTH_ANY_CASE}\.?[-/]?(?:\d{{4}}|\d{{2}})"  # 14-Sep-2067, 14Sep67
    rf"|{_MONTH_ANY_CASE}[-/]\d{{2,4}})(?![0-9])"  # Sep-2067, Mar-89
)
TIME = r"(?<![0-9])\d{1,2}:\d{2}(?::\d{2})?(?![0-9])"
PHONE = (
    r"(?<![0-9])(?:\(\d{3}\)|\d{3}[-.])?\d{3}[-.]\d{4}(?![0-9])"  # 617-555-1212, (617)555-1212, 555-1212
)

#: Protected patterns, in priority order. Used both as whole-token matches
#: (`token_match`) and as non-empty infixes inside glued tokens.
PROTECTED_PATTERNS: Sequence[str] = (
    EMAIL,
    URL,
    IPV6,
    IPV4,
    DATE_WRITTEN,
    DATE_NUMERIC,
    PHONE,
    TIME,
)

# --- Split rules (the seed papers' table, `001_…` Table 1, as infixes) ------------
_LETTER = r"[^\W\d_]"
_LOWER = r"[a-z\u00df-\u00ff]"
_UPPER = r"[A-Z\u00c0-\u00de]"
SPLIT_RULES: Sequence[str] = (
    # letter→digit: "a26" → "a 26", "x557" → "x 557", "Results02/20/2087"
    rf"(?<={_LETTER})(?=\d)",
    # digit→word (two or more letters): "10/6/2098SOS", "0937884Date", "26yo";
    # ordinals ("14th", "2nd") stay whole: they are parts of dates.
    rf"(?<=\d)(?!(?:st|nd|rd|th|ST|ND|RD|TH)(?!{_LETTER}))(?={_LETTER}{{2}})",
    # digit→phone extension: "1212x557"
    r"(?<=\d)(?=[xX]\d)",
    # age glued to a one-letter sex or unit: "54F", "55Y", "3m" ("54 yo" style)
    rf"(?<=\d)(?=[MFYmfy](?!{_LETTER}))",
    # caps run before a word: "USMeaningful" → "US Meaningful", "EDVisit"
    rf"(?<={_UPPER}{{2}})(?={_UPPER}{_LOWER}{{2}})",
    # camel case: "WhalenChief" → "Whalen Chief", "qWednesday", "54yM"
    rf"(?<={_LOWER})(?={_UPPER})",
    # colon unless between digits (times stay whole): "MR:6746781", "FK:SK:3696"
    r"(?<=[^\W\d_]):|:(?=[^\W\d_])|(?<=[^\W\d_])(?=:)",
    # colon after a field mark, before a value: "MR#:6746781", "No.:55"
    r"(?<=[#.]):(?=\w)",
    # separators of HL7-like and glued fields: "KYLE^02/14/90^CHANEY", "Educare-Fargo\"
    r"[\^|\\#;~*=()\[\]{}<>]",
    # slash next to a letter: "Home/Bangdung" (clinical "s/p", "w/o" are special cases)
    r"(?<=[^\W_])/(?=[^\W\d_])|(?<=[^\W\d_])/(?=\d)",
    # comma between a letter and anything not a space: "Mon,Wed,Fri"; "40,000" stays
    r"(?<=[^\W\d_]),(?=\S)|(?<=\d),(?=[^\W\d_])",
    # period between a letter and a digit: "ext.5-8112", "Tel.6175551212"; and
    # between a number and a word: "08017.España", "2.Aspirin"
    r"(?<=[^\W\d_])\.(?=\d)|(?<=\d)\.(?=[^\W\d_]{2})",
    # hyphen between a letter and a digit, in every language's defaults:
    # "nhc-150679" (record number), "08005-Barcelona" (ZIP then city)
    r"(?<=[^\W\d_])-(?=\d)|(?<=\d)-(?=[^\W\d_])",
    # hyphen before a capitalised word, also where the language keeps hyphenated
    # words whole (es): "Concepción-Chile", "Somoto-Madriz" (two places)
    rf"(?<={_LETTER})-(?={_UPPER})",
)

# Backslashes are never part of PHI ("Educare-Fargo\", "^\^" escapes in HL7).
EXTRA_PREFIXES: Sequence[str] = (r"\\", r"\^", r"\|", r"#", r"~", r"\*", r"=")
EXTRA_SUFFIXES: Sequence[str] = (
    r"\\", r"\^", r"\|", r"#", r"~", r"\*", r"=", r":",
    # a sentence-final period after a digit+letter token: "Mayor 2A." (not an abbreviation)
    r"(?<=[0-9][^\W\d_])\.",
    # a false start or cut-off word in dictated text: "told dr. gutierrez-", "get- talk"
    r"(?<=[^\W\d_]{2})-",
)

# --- English additions ---------------------------------------------------------------
# Only pipelines whose language is not Spanish get these (the Spanish rules glue a title's
# period to it: "Dª.María"), after the split rules above.
ENGLISH_SPLIT_RULES: Sequence[str] = (
    # a two-digit year glued by its apostrophe to the event it dates: "CA'88", "MI'99"
    rf"(?<={_LETTER})(?=['’]\d\d(?!\d))",
    # period between two words of two letters or more, a sentence typed without its
    # space: "monday.no", "CHAIR.AT", "hosp.chapl" (spaCy splits only "word.Word";
    # "p.o.", "Ph.D." keep their one-letter parts, e-mails and URLs are protected)
    rf"(?<={_LETTER}{{2}})\.(?={_LETTER}{{2}})",
)

# --- Spanish (lang "es") additions ----------------------------------------------------
# Only pipelines whose language is Spanish get these; English tokenization is unchanged.
#: Zero-width splits: "D.Juan", "Dª.María" (a title glued to a name), "NºCol" (a field
#: mark glued to the next word), "3ºB" (floor and door: "3º" "B").
SPANISH_SPLIT_RULES: Sequence[str] = (
    r"(?<=[^\W\d_]\.)(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñ])",
    r"(?<=[ºª])(?=[A-ZÁÉÍÓÚÑ])",
    # "Tfno.+34679802102"
    r"(?<=[^\W\d_]\.)(?=\+\d)",
)
#: A period after a token of one letter is split off: "Sexo: H." (sex), "2º B." (door),
#: "s/n." (sin número). Spanish defaults keep "a." ... "z." as abbreviations, which
#: glued the period to a PHI span's last letter: with them about 1,000 of the 17,134 MEDDOCAN
#: train+dev spans did not end on a token boundary.
#: Also after a letter glued to punctuation: "Sexo:H.", "S/N.", "2.º-A.", "3ºD.".
SPANISH_SUFFIXES: Sequence[str] = (
    r"(?<=^[^\W\d_])\.", r"(?<=[^\w\s][^\W\d_])\.", r"(?<=[ºª][^\W\d_])\.",
)
#: A plus sign before a number is split off ("+34 945007000": some annotations leave it out).
SPANISH_PREFIXES: Sequence[str] = (r"\+(?=\d)",)
#: Titles, address and field abbreviations of Spanish clinical text kept whole.
SPANISH_ABBREVIATIONS: Sequence[str] = (
    "Dra.", "Dr.", "Dres.", "Sra.", "Sr.", "Srta.", "Dña.", "Dª.", "Dº.", "D.ª", "Prof.", "Profa.",
    "Avda.", "Av.", "Pza.", "Pº.", "Ctra.", "Urb.", "Bº.", "Bda.", "Cl.", "Tfno.", "Tlf.",
    "Telf.", "Tel.", "Hosp.", "Dpto.", "Serv.", "Nº.", "núm.", "Núm.", "C.P.", "aprox.", "p.ej.",
)
#: English clinical abbreviations that end Spanish sentences instead: the months
#: ("Maria del Mar.") and "Co." ("Boston Scientific Co.)"). "Izq.", "Dcha.", "Der.",
#: "Col." are not kept whole either: they end address lines.
SPANISH_NOT_ABBREVIATIONS = frozenset(
    variant.lower() for variant in ("Jan.", "Feb.", "Mar.", "Apr.", "Jun.", "Jul.", "Aug.", "Sep.",
                                    "Sept.", "Oct.", "Nov.", "Dec.", "co.", "corp.", "inc.")
)

# --- Abbreviations kept as one token with their periods -------------------------------
CLINICAL_ABBREVIATIONS: Sequence[str] = (
    # titles and degrees
    "Dr.", "Drs.", "Mr.", "Mrs.", "Ms.", "Mx.", "Prof.", "Sr.", "Jr.", "St.", "Rev.",
    "M.D.", "D.O.", "R.N.", "N.P.", "P.A.", "Ph.D.", "Pharm.D.", "D.D.S.", "M.S.", "B.S.",
    "L.P.N.", "C.N.M.", "M.B.B.S.", "PA-C.", "Ph.D", "M.D", "R.N",
    # dosing schedules and routes
    "p.o.", "b.i.d.", "t.i.d.", "q.i.d.", "q.d.", "q.o.d.", "q.h.s.", "q.a.m.", "q.p.m.",
    "p.r.n.", "h.s.", "a.c.", "p.c.", "i.v.", "i.m.", "s.c.", "s.q.", "p.r.", "s.l.",
    "o.d.", "o.s.", "o.u.", "q.", "qd.", "bid.", "tid.", "prn.",
    # general clinical abbreviations that end with a period
    "approx.", "pt.", "pts.", "appt.", "hx.", "dx.", "tx.", "rx.", "sx.", "fx.", "yr.",
    "yrs.", "wk.", "wks.", "mo.", "mos.", "min.", "hr.", "hrs.", "no.", "vs.", "e.g.",
    "i.e.", "etc.", "cf.", "al.", "ext.", "tel.", "fax.", "dept.", "univ.", "inc.",
    "co.", "corp.", "apt.", "ste.", "ave.", "blvd.", "rd.", "ln.", "hosp.", "a.m.",
    "p.m.", "u.s.", "d/c.",
    # months
    "Jan.", "Feb.", "Mar.", "Apr.", "Jun.", "Jul.", "Aug.", "Sep.", "Sept.", "Oct.",
    "Nov.", "Dec.",
)
# Clinical shorthand with a slash; splitting these helps nobody.
SLASH_ABBREVIATIONS: Sequence[str] = (
    "s/p", "w/o", "w/", "c/o", "h/o", "r/o", "f/u", "d/c", "n/v", "y/o", "b/l", "a/w",
    "s/s", "x/w", "p/w", "i/o", "c/w", "r/t", "o/e", "n/a", "w/u", "he/she", "and/or",
)


def _case_variants(text: str) -> List[str]:
    """The text as written, in lower case, in upper case and capitalised."""
    variants = [text, text.lower(), text.upper(), text[:1].upper() + text[1:].lower()]
    return list(dict.fromkeys(variants))


def clinical_special_cases() -> Dict[str, List[Dict[int, str]]]:
    """Tokenizer exceptions for clinical abbreviations, in their usual case variants.

    RETURNS (Dict[str, List[Dict[int, str]]]): spaCy special cases (one token each).
    """
    special_cases: Dict[str, List[Dict[int, str]]] = {}
    for abbreviation in (*CLINICAL_ABBREVIATIONS, *SLASH_ABBREVIATIONS):
        for variant in _case_variants(abbreviation):
            special_cases[variant] = [{ORTH: variant, NORM: abbreviation.lower()}]
    return special_cases


_ONE_LETTER_PERIOD = re.compile(r"^[^\W\d_]\.$")


def spanish_special_cases() -> Dict[str, List[Dict[int, str]]]:
    """Tokenizer exceptions for Spanish clinical abbreviations (as written and
    capitalised).

    RETURNS (Dict[str, List[Dict[int, str]]]): spaCy special cases (one token each).
    """
    special_cases: Dict[str, List[Dict[int, str]]] = {}
    for abbreviation in SPANISH_ABBREVIATIONS:
        for variant in dict.fromkeys((abbreviation, abbreviation[:1].upper() + abbreviation[1:])):
            special_cases[variant] = [{ORTH: variant, NORM: abbreviation.lower()}]
    return special_cases


def language_exceptions(exceptions: Dict[str, Any]) -> Dict[str, Any]:
    """The language's tokenizer exceptions minus emoticons. Emoticons glue PHI to
    punctuation in notes: "MR:P0630587" gave ":P", "(8)" gave "8)", "0.0" one token.

    exceptions (Dict[str, Any]): the language defaults' tokenizer exceptions.
    RETURNS (Dict[str, Any]): those that are not emoticons.
    """
    return {text: tokens for text, tokens in exceptions.items() if text not in EMOTICONS}


def protected_token_pattern() -> str:
    """Regex (anchored) that matches a whole token that must not be split."""
    alternatives = "|".join(f"(?:{pattern})" for pattern in PROTECTED_PATTERNS)
    return rf"^(?:{alternatives})\Z"


#: spaCy reads any "word.word" as a host name; in notes two words glued by a period
#: are a sentence typed without its space ("monday.no", "hosp.chapl"). A bare host of
#: two words is a URL only with a generic top-level domain ("heart.org"); one with a
#: scheme, "www.", a path or three parts stays one ("www.nhs.uk", "gov.uk/x").
_GENERIC_TOP_LEVEL_DOMAINS = "com|org|net|edu|gov|mil|int|info|biz|io|health|care"
_NOT_TWO_WORDS_GLUED = rf"(?![^\W\d_]{{2,}}\.(?!(?i:{_GENERIC_TOP_LEVEL_DOMAINS})\Z)[^\W\d_]{{2,}}\Z)"


def url_pattern(glued_words_split: bool = True) -> str:
    """spaCy's URL pattern, minus its "user:password@host" form: in notes
    "Email:j.doe@mgh.org" is a field name and an email, not a URL login, so a
    "word:" not followed by "//" must not glue the field name to the address.
    Its login part is written in the equivalent form that takes linear time
    (`tokenizer_linear.linear_url_pattern`). With `glued_words_split` (English),
    two words glued by a period are no host unless the second is a generic
    top-level domain."""
    assert URL_PATTERN.startswith("^")
    glued = _NOT_TWO_WORDS_GLUED if glued_words_split else ""
    return linear_url_pattern(r"^(?![^\s/:]+:(?!//))" + glued + URL_PATTERN[1:])


def infix_patterns(default_infixes: Iterable[str], english: bool = True) -> List[str]:
    """Our infixes: protected (non-empty) patterns first, then split rules, then the
    language defaults. Order matters: at each position the first alternative wins.
    """
    protected = [f"(?:{pattern})" for pattern in PROTECTED_PATTERNS]
    return [*protected, *SPLIT_RULES, *(ENGLISH_SPLIT_RULES if english else ()), *default_infixes]


class ClinicalTokenizer(Tokenizer):
    """spaCy's `Tokenizer`, in time linear in the length of the text even when
    the text has no spaces: a whitespace-free run longer than
    `tokenizer_linear.MAX_CHUNK` characters is tokenized in pieces (no token
    spans two pieces); any other text is tokenized exactly as by `Tokenizer`.
    """

    def __call__(self, string: str) -> Doc:
        """Tokenize a string (see `Tokenizer.__call__`).

        string (str): the text.
        RETURNS (Doc): its tokens; `doc.text == string`.
        """
        cuts = chunk_cuts(string)
        if not cuts:
            return super().__call__(string)
        bounds = [0, *cuts, len(string)]
        # No piece but the first starts with whitespace (a cut is at the start of
        # a run or inside it), so outside the cut runs the tokens and their
        # trailing spaces are those of the whole text.
        docs = [super(ClinicalTokenizer, self).__call__(string[start:end])
                for start, end in zip(bounds, bounds[1:])]
        doc = Doc.from_docs(docs, ensure_whitespace=False, attrs=[NORM], exclude=["spans", "tensor", "user_data"])
        if doc.text != string:  # never: a cut changed the text (no text in the message)
            raise ValueError("The clinical tokenizer changed the text of a note it cut in pieces")
        return doc

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = tuple()) -> "ClinicalTokenizer":
        """Load the rules (see `Tokenizer.from_bytes`), keeping their linear-time
        forms: spaCy restores each as a plain regex, and a pipeline saved before
        the URL pattern's linear form gets it here (it matches the same URLs).

        bytes_data (bytes): the data to load.
        exclude (Iterable[str]): names of serialization fields to skip.
        RETURNS (ClinicalTokenizer): the tokenizer.
        """
        suffix_search = self.suffix_search
        super().from_bytes(bytes_data, exclude=exclude)
        built = getattr(suffix_search, "__self__", None)
        restored = getattr(self.suffix_search, "__self__", None)
        if isinstance(built, EndAnchoredSearch) and getattr(restored, "pattern", None) == built.pattern:
            self.suffix_search = built.search
        url_regex = getattr(self.url_match, "__self__", None)
        if isinstance(url_regex, re.Pattern) and linear_url_pattern(url_regex.pattern) != url_regex.pattern:
            self.url_match = re.compile(linear_url_pattern(url_regex.pattern), url_regex.flags).match
        return self


def build_clinical_tokenizer(nlp: Language) -> Tokenizer:
    """Build the clinical tokenizer for a pipeline's vocab and language defaults.

    nlp (Language): the pipeline; its language defaults (prefixes, suffixes,
        infixes, tokenizer exceptions, URL matcher) are extended, not replaced.
    RETURNS (Tokenizer): a `ClinicalTokenizer` (a spaCy tokenizer) with the clinical rules.
    """
    defaults = nlp.Defaults
    spanish = nlp.lang == "es"
    prefixes = [*EXTRA_PREFIXES, *(SPANISH_PREFIXES if spanish else ()), *(defaults.prefixes or [])]
    suffixes = [*EXTRA_SUFFIXES, *(SPANISH_SUFFIXES if spanish else ()), *(defaults.suffixes or [])]
    infixes = infix_patterns(defaults.infixes or [], english=not spanish)
    if spanish:
        # after the protected patterns (e-mails, URLs stay whole), before the split rules
        infixes[len(PROTECTED_PATTERNS):len(PROTECTED_PATTERNS)] = list(SPANISH_SPLIT_RULES)
    rules = update_exc(language_exceptions(defaults.tokenizer_exceptions), clinical_special_cases())
    if spanish:
        rules = {
            text: tokens for text, tokens in rules.items()
            if not _ONE_LETTER_PERIOD.match(text) and text.lower() not in SPANISH_NOT_ABBREVIATIONS
        }
        rules = update_exc(rules, spanish_special_cases())
    token_match = re.compile(protected_token_pattern()).match
    return ClinicalTokenizer(
        nlp.vocab,
        rules=rules,
        prefix_search=compile_prefix_regex(prefixes).search,
        suffix_search=EndAnchoredSearch(suffixes).search,
        infix_finditer=compile_infix_regex(infixes).finditer,
        token_match=token_match,
        url_match=re.compile(url_pattern(glued_words_split=not spanish)).match,
    )


@registry.tokenizers("spacy_phi.ClinicalTokenizer.v1")
def create_clinical_tokenizer() -> Callable[[Language], Tokenizer]:
    """Registered factory of the clinical tokenizer. Select it in a config with

        [nlp.tokenizer]
        @tokenizers = "spacy_phi.ClinicalTokenizer.v1"

    RETURNS (Callable[[Language], Tokenizer]): builds the tokenizer for a pipeline.
    """
    return build_clinical_tokenizer
