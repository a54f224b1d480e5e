"""The clinical tokenizer on whitespace-free text: its work grows linearly with the
length of a run without spaces, and ordinary text is tokenized as by spaCy's own
loop. Work is counted (characters handed to the tokenizer's rules), never timed;
the times are in benchmarks/whitespace_free.py."""

import pickle
import random
import re
from typing import Callable, Dict, List

import pytest
import spacy
from spacy.tokenizer import Tokenizer

from spacy_phi.util import blank_pipeline

#: The note of the report: glued PHI, dates, IDs, phones, no space at all.
UNIT = "Dr.Visser/03-14-2089;MRN:12345678;617-555-0142;tiotropium;"
#: Longest run a rule of the tokenizer may see at once (tokenizer_linear.MAX_CHUNK).
PIECE = 1000
#: spaCy's URL login part, which backtracks from every ":" to the end of the string.
QUADRATIC_LOGIN = r"(?:\S+(?::\S*)?@)?"
LINEAR_LOGIN = r"(?:\S+@)?"


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline()


@pytest.fixture(scope="module")
def nlp_es():
    return blank_pipeline("es")


def whitespace_free_note(size: int) -> str:
    return (UNIT * (size // len(UNIT) + 1))[:size]


class RuleWork:
    """Counts the characters the tokenizer hands to each of its rules (prefix,
    suffix, infix, token and URL matches) and the longest string one call sees.
    The tokenizer's cache is off meanwhile, so repeated pieces count each time."""

    NAMES = ("prefix_search", "suffix_search", "infix_finditer", "token_match", "url_match")

    def __init__(self, tokenizer: Tokenizer):
        self.chars: Dict[str, int] = dict.fromkeys(self.NAMES, 0)
        self.longest: Dict[str, int] = dict.fromkeys(self.NAMES, 0)
        self.tokenizer = tokenizer
        self.original = {name: getattr(tokenizer, name) for name in self.NAMES}

    def _counting(self, name: str, rule: Callable):
        def counted(string, *args):
            self.chars[name] += len(string)
            self.longest[name] = max(self.longest[name], len(string))
            return rule(string, *args)

        return counted

    def __enter__(self) -> "RuleWork":
        self.cache_size = self.tokenizer.max_cache_size
        self.tokenizer.max_cache_size = 0
        for name, rule in self.original.items():
            setattr(self.tokenizer, name, self._counting(name, rule))
        return self

    def __exit__(self, *exc) -> None:
        for name, rule in self.original.items():
            setattr(self.tokenizer, name, rule)
        self.tokenizer.max_cache_size = self.cache_size

    def tokenize(self, text: str) -> int:
        """Tokenize `text`; the characters handed to the rules meanwhile."""
        before = sum(self.chars.values())
        assert self.tokenizer(text).text == text
        return sum(self.chars.values()) - before


def rule_work(nlp, text: str) -> RuleWork:
    with RuleWork(nlp.tokenizer) as work:
        work.tokenize(text)
    return work


def work_growth(nlp, small: str, large: str) -> float:
    """How many times more characters the rules see for `large` than for `small`."""
    with RuleWork(nlp.tokenizer) as work:
        return work.tokenize(large) / work.tokenize(small)


def test_no_rule_sees_a_whole_whitespace_free_note(nlp):
    """spaCy hands a whitespace-free note whole to its URL pattern, whose login
    part backtracks from every ":" to the end (200k characters: quadratic); now
    no rule sees more than one piece of it."""
    work = rule_work(nlp, whitespace_free_note(200_000))
    assert max(work.longest.values()) <= PIECE


@pytest.mark.parametrize("char", ["(", ")", ":", "'", "%", "#", "?"])
def test_affix_loop_work_grows_linearly(nlp, char):
    """A run of one prefix or suffix character: spaCy strips one per step and hands
    the whole rest of the run to every rule at each step (work quadratic in the
    run's length); in pieces of at most PIECE characters it is linear."""
    assert work_growth(nlp, char * 2_000, char * 8_000) <= 5


def test_whitespace_free_note_work_grows_linearly(nlp):
    assert work_growth(nlp, whitespace_free_note(50_000), whitespace_free_note(200_000)) <= 5


def test_url_pattern_has_no_quadratic_login_part(nlp):
    pattern = nlp.tokenizer.url_match.__self__.pattern
    assert QUADRATIC_LOGIN not in pattern
    assert LINEAR_LOGIN in pattern


def random_strings(alphabet: str, count: int, longest: int, seed: int) -> List[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest))) for _ in range(count)]


#: Characters the URL, affix and split rules care about.
ALPHABET = "aZ9é.:/@-_?#=&%+()[]'\"!;,~*^|\\<>ºª…$€"


def test_linear_url_pattern_matches_the_same_strings(nlp):
    linear = nlp.tokenizer.url_match
    quadratic = re.compile(linear.__self__.pattern.replace(LINEAR_LOGIN, QUADRATIC_LOGIN)).match
    urls = ["http://x.org", "https://user:pw@mgh.org:8080/a?b=c#d", "user@host.com", "a:b@host.com/x",
            "ftp://a.b.c/d:e@f", "www.mgh.harvard.edu", "Email:j.doe@mgh.org", "x@y", "::@a.com"]
    for text in urls + random_strings(ALPHABET + "wcomhtp", 5000, 30, seed=7):
        assert bool(linear(text)) == bool(quadratic(text)), "URL match differs"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_suffix_search_finds_the_plain_search_match(nlp, nlp_es, lang):
    tokenizer = (nlp if lang == "en" else nlp_es).tokenizer
    plain = re.compile(tokenizer.suffix_search.__self__.pattern).search
    # Longer than EndAnchoredSearch.PLAIN_UP_TO, so the search starts near the end.
    texts = random_strings(ALPHABET, 3000, 200, seed=11)
    texts += ["x" + "." * 150, "a" * 100 + "...", "." * 180, "km" * 60 + "10km", "x)" * 60 + "\n",
              "3ºB." * 40, "a." * 60 + "..b", "(" * 90, ")" * 90, "'" * 90 + "s"]
    for text in texts:
        ours, theirs = tokenizer.suffix_search(text), plain(text)
        assert (ours and ours.span()) == (theirs and theirs.span()), "suffix match differs"


def spacy_loop_tokenizer(nlp) -> Tokenizer:
    """A plain spaCy Tokenizer with the same rules in spaCy's own forms (plain
    suffix search, spaCy's URL login part): the reference for ordinary text."""
    tokenizer = nlp.tokenizer
    url = tokenizer.url_match.__self__.pattern.replace(LINEAR_LOGIN, QUADRATIC_LOGIN)
    return Tokenizer(
        nlp.vocab,
        rules=tokenizer.rules,
        prefix_search=tokenizer.prefix_search,
        suffix_search=re.compile(tokenizer.suffix_search.__self__.pattern).search,
        infix_finditer=tokenizer.infix_finditer,
        token_match=tokenizer.token_match,
        url_match=re.compile(url).match,
    )


def token_offsets(doc):
    return [(t.idx, t.idx + len(t), t.norm_, t.whitespace_) for t in doc]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_ordinary_text_tokens_are_spacy_loop_tokens(nlp, nlp_es, lang):
    pipeline = nlp if lang == "en" else nlp_es
    reference = spacy_loop_tokenizer(pipeline)
    texts = random_strings(ALPHABET + "   \n\t", 3000, 120, seed=3)
    texts += ["Seen by Dr. WhalenChief complaint: a26 yo man, MR:6746781.\n\nPLAN: f/u 10/6/2098SOS",
              "Email:j.doe@mgh.org https://user:pw@mgh.org/x p.o. b.i.d. Dra.Pérez C.P.28001 Sexo: H.",
              whitespace_free_note(PIECE)]
    for text in texts:
        assert token_offsets(pipeline.tokenizer(text)) == token_offsets(reference(text))


def test_overlong_run_is_cut_without_changing_the_text(nlp):
    before, after = "Seen by Dr. Whalen on 03/14/2089. ", "\n\nPLAN: f/u Dr. Hess 617-555-0142."
    run = whitespace_free_note(5 * PIECE + 17)
    text = before + run + " " + after
    doc = nlp.tokenizer(text)
    assert doc.text == text
    for token in doc:
        assert text[token.idx : token.idx + len(token)] == token.text
    # Text outside the run is tokenized as on its own.
    assert token_offsets(doc)[: len(nlp.tokenizer(before))] == token_offsets(nlp.tokenizer(before))
    tail = [(t.text, t.whitespace_) for t in doc][-len(nlp.tokenizer(after)) :]
    assert tail == [(t.text, t.whitespace_) for t in nlp.tokenizer(after)]
    # Pieces are cut after punctuation where possible: the glued values stay whole.
    texts = {t.text for t in doc}
    assert {"03-14-2089", "12345678", "617-555-0142", "tiotropium"} <= texts
    assert max(len(t) for t in doc) <= PIECE


def test_whitespace_free_note_keeps_its_text_in_every_pipeline_language(nlp, nlp_es):
    rng = random.Random(5)
    for pipeline in (nlp, nlp_es):
        for _ in range(20):
            text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(PIECE, 3 * PIECE)))
            assert pipeline.tokenizer(text).text == text


def test_saved_pipeline_gets_the_linear_forms(nlp, tmp_path):
    """A pipeline saved with spaCy's URL login part (as every pipeline saved
    before) loads with the linear form; the suffix search survives saving,
    loading and pickling."""
    from spacy_phi.tokenizer_linear import EndAnchoredSearch

    old = blank_pipeline()
    old.tokenizer.url_match = spacy_loop_tokenizer(old).url_match
    assert QUADRATIC_LOGIN in old.tokenizer.url_match.__self__.pattern
    old.to_disk(tmp_path / "old")
    for loaded in (spacy.load(tmp_path / "old"), pickle.loads(pickle.dumps(nlp))):
        assert QUADRATIC_LOGIN not in loaded.tokenizer.url_match.__self__.pattern
        assert isinstance(loaded.tokenizer.suffix_search.__self__, EndAnchoredSearch)
        assert max(rule_work(loaded, whitespace_free_note(20_000)).longest.values()) <= PIECE
    other = blank_pipeline()
    other.tokenizer.from_bytes(nlp.tokenizer.to_bytes())
    assert isinstance(other.tokenizer.suffix_search.__self__, EndAnchoredSearch)


# -- the rules on whitespace-free runs -------------------------------------------------

#: The one rule that read a whole run from every capital in it.
BRANCH_RULE = "city_branch_of_practice"


def branch_owner_first_word() -> str:
    """The rule's pattern for the first word of a practice's name (the part the
    regex engine reads from every start position)."""
    from spacy_phi.rules.families.location import _BRANCH_OWNER

    return _BRANCH_OWNER.split(r"(?:[ \t]+(?:&|and|of|the|at|")[0]


@pytest.mark.parametrize("unit", ["Dr.", "A/", "Ab&", "S/N", "Mercy.Family/"])
def test_branch_rule_reads_a_run_once(unit):
    """From every capital after "&", "." or "/" of a run without spaces the rule's
    first word read the rest of the run (quadratic in the run); now the characters
    it reads from all start positions together grow linearly."""
    first_word = re.compile(r"(?<![\w'’-])" + branch_owner_first_word())

    def characters_read(size: int) -> int:
        text = (unit * size)[:size]
        return sum(match.end() - start for start in range(size)
                   if (match := first_word.match(text, start)) is not None)

    assert characters_read(8_000) <= 5 * characters_read(2_000)
    assert characters_read(8_000) <= 3 * 8_000


def test_branch_rule_finds_the_same_values():
    """The linear first word finds exactly the values the old one found."""
    import dataclasses

    from spacy_phi.pipelines import rules_pipeline

    rule = next(r for r in rules_pipeline().get_pipe("phi_rules").regex_rules if r.id == BRANCH_RULE)
    old_pattern = rule.pattern.replace(branch_owner_first_word(), r"[A-Z][\w'’&./-]*", 1)
    assert old_pattern != rule.pattern or branch_owner_first_word() == r"[A-Z][\w'’&./-]*"
    old = dataclasses.replace(rule, pattern=old_pattern)
    words = ["Dr.", "Esse", "Health", "Pediatrics", "of", "&", "A/B", "Mercy.Family", "J.R.", "x", "O'Neil",
             "Rio.Dr", "Urgent", "Care", "Rio Rancho", "Temple", "North Liberty", "RED WING"]
    separators = [" - ", ", ", " — ", " ", "  ", ".", "/", "\n"]
    rng = random.Random(2)
    for _ in range(3000):
        text = "".join(rng.choice(words) + rng.choice(separators) for _ in range(rng.randint(1, 10)))
        text += rng.choice(["Bethany", "Manchester", ""]) + rng.choice(["", ".", " (", "2"])
        assert list(rule.matches(text)) == list(old.matches(text))
    assert [m[:3] for m in rule.matches("PCP: Dr. Lena Moss, Lakeside Family Medicine - Rio Rancho\n")] == [
        (47, 57, "CITY")]
