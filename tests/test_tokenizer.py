"""The clinical tokenizer: the seed papers' glued tokens, things kept whole, and
the guarantee that the text never changes."""

import pickle
import random

import pytest
import spacy
from spacy.util import registry

from spacy_phi.util import blank_pipeline


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline()


def tokens(nlp, text):
    return [t.text for t in nlp(text)]


# Every glued example of seeds-digest.md and the split-regex table (001_… Table 1).
SEED_SPLITS = [
    ("a26 yo man", ["a", "26", "yo", "man"]),  # letter→digit
    ("10/6/2098SOS", ["10/6/2098", "SOS"]),  # digit→word
    ("USMeaningful", ["US", "Meaningful"]),  # caps run before a word
    ("WhalenChief", ["Whalen", "Chief"]),  # camel case
    ("09/14/2067CPT", ["09/14/2067", "CPT"]),  # date then letters
    ("109 121 1400Prior", ["109", "121", "1400", "Prior"]),  # phone then letters
    ("617-555-1212Prior", ["617-555-1212", "Prior"]),
    ("hcuutaj@bdd.comOther", ["hcuutaj@bdd.com", "Other"]),  # email then letters
    ("Results02/20/2087", ["Results", "02/20/2087"]),
    ("MC # 0937884Date", ["MC", "#", "0937884", "Date"]),
    ("MC#0937884", ["MC", "#", "0937884"]),
    ("MR:6746781", ["MR", ":", "6746781"]),
    ("qWednesday", ["q", "Wednesday"]),
    ("KYLE^02/14/90^CHANEY", ["KYLE", "^", "02/14/90", "^", "CHANEY"]),
    ("EDVISIT^56040785^OROZCO", ["EDVISIT", "^", "56040785", "^", "OROZCO"]),
    ("Home/Bangdung", ["Home", "/", "Bangdung"]),
    ("FK:SK:3696", ["FK", ":", "SK", ":", "3696"]),
    ("DD:2-03-68", ["DD", ":", "2-03-68"]),
    ("x557", ["x", "557"]),
    ("154-734-1487x557", ["154-734-1487", "x", "557"]),
    ("Educare-Fargo\\", ["Educare", "-", "Fargo", "\\"]),
    ("38:Z8912708G", ["38", ":", "Z", "8912708", "G"]),
    ("54yM", ["54", "y", "M"]),
    ("Mon,Wed,Fri", ["Mon", ",", "Wed", ",", "Fri"]),
    ("40,000 units q Wednesday", ["40,000", "units", "q", "Wednesday"]),
    ("MGF d90", ["MGF", "d", "90"]),
    ("Charles Wallace MDp 73703", ["Charles", "Wallace", "MDp", "73703"]),
    ("eScription document:9-2784353 KUQlhv", ["e", "Scription", "document", ":", "9", "-", "2784353", "KU", "Qlhv"]),
    ("DOB:09/14/2067.", ["DOB", ":", "09/14/2067", "."]),
    ("Tel.6175551212", ["Tel.", "6175551212"]),
    ("Smith,John", ["Smith", ",", "John"]),
    ("nhc-150679", ["nhc", "-", "150679"]),
    ("08005-Barcelona", ["08005", "-", "Barcelona"]),
    ("calle Mayor 2A.", ["calle", "Mayor", "2A", "."]),
    ("Barcelona 08017.España", ["Barcelona", "08017", ".", "España"]),
    # spaCy's emoticon exceptions are dropped: ":P", "8)" would swallow PHI characters
    ("MR:P0630587", ["MR", ":", "P", "0630587"]),
    ("(8)", ["(", "8", ")"]),
    ("Phone:(617)555-1212", ["Phone", ":", "(617)555-1212"]),
    ("MR#:6746781", ["MR", "#", ":", "6746781"]),
    # age glued to a sex or unit letter
    ("54F", ["54", "F"]),
    ("55Y M", ["55", "Y", "M"]),
    ("3m old", ["3", "m", "old"]),
    # two words glued by a period: a sentence typed without its space
    ("for monday.no vent", ["for", "monday", ".", "no", "vent"]),
    ("OOB TO CHAIR.AT THIS", ["OOB", "TO", "CHAIR", ".", "AT", "THIS"]),
    ("see nhs.uk", ["see", "nhs", ".", "uk"]),
    ("prostate CA'88, GERD", ["prostate", "CA", "'88", ",", "GERD"]),
]

# What a PHI span needs whole stays whole.
KEPT_WHOLE = [
    ("09/14/2067", ["09/14/2067"]),
    ("9/14/67", ["9/14/67"]),
    ("2067-09-14", ["2067-09-14"]),
    ("14.09.2067", ["14.09.2067"]),
    ("14-Sep-2067", ["14-Sep-2067"]),
    ("14-SEP-2067", ["14-SEP-2067"]),
    ("Mar-89", ["Mar-89"]),
    ("the 14th", ["the", "14th"]),
    ("10:30", ["10:30"]),
    ("10:30:45", ["10:30:45"]),
    ("10:30am", ["10:30", "am"]),
    ("617-555-1212", ["617-555-1212"]),
    ("617.555.1212", ["617.555.1212"]),
    ("(617)555-1212", ["(617)555-1212"]),
    ("(617) 555-1212 ext. 5-8112", ["(", "617", ")", "555-1212", "ext.", "5", "-", "8112"]),
    ("j.smith2@Partners.org,", ["j.smith2@Partners.org", ","]),
    ("http://www.bch.org/a2b?c=1.", ["http://www.bch.org/a2b?c=1", "."]),
    ("www.MyChart2.org", ["www.MyChart2.org"]),
    # a bare host with a generic top-level domain, three parts or a path is a URL
    ("heart.org,", ["heart.org", ","]),
    ("mgh.harvard.edu", ["mgh.harvard.edu"]),
    ("site.no/forms", ["site.no/forms"]),
    ("Ph.D.", ["Ph.D."]),
    ("192.168.0.1", ["192.168.0.1"]),
    ("2001:db8::ff00:42:8329", ["2001:db8::ff00:42:8329"]),
    ("fe80::1", ["fe80::1"]),
    ("1080:0:0:0:8:800:200C:417A", ["1080:0:0:0:8:800:200C:417A"]),
    ("3.5 mg", ["3.5", "mg"]),
    ("40,000", ["40,000"]),
    ("BP 120/80", ["BP", "120/80"]),
    ("Dr. Mrs. Mr. Ms.", ["Dr.", "Mrs.", "Mr.", "Ms."]),
    ("Ada R. Kruger, M.D.", ["Ada", "R.", "Kruger", ",", "M.D."]),
    ("p.o. b.i.d. t.i.d. q.d. P.O. B.I.D. p.r.n.", ["p.o.", "b.i.d.", "t.i.d.", "q.d.", "P.O.", "B.I.D.", "p.r.n."]),
    ("s/p CABG (s/p MI) w/o c/o", ["s/p", "CABG", "(", "s/p", "MI", ")", "w/o", "c/o"]),
    ("approx. 3 cm", ["approx.", "3", "cm"]),
]


@pytest.mark.parametrize("text,expected", SEED_SPLITS + KEPT_WHOLE)
def test_tokens(nlp, text, expected):
    assert tokens(nlp, text) == expected


# (text, PHI substring): a span over the PHI must exist (seed failure cases).
SEED_PHI = [
    ("MR:6746781", "6746781"),
    ("qWednesday", "Wednesday"),
    ("Results02/20/2087", "02/20/2087"),
    ("MC # 0937884Date", "0937884"),
    ("10/6/2098SOS", "10/6/2098"),
    ("Home/Bangdung", "Home"),
    ("Home/Bangdung", "Bangdung"),
    ("KYLE^02/14/90^CHANEY", "KYLE"),
    ("KYLE^02/14/90^CHANEY", "02/14/90"),
    ("KYLE^02/14/90^CHANEY", "CHANEY"),
    ("EDVISIT^56040785^OROZCO", "56040785"),
    ("EDVISIT^56040785^OROZCO", "OROZCO"),
    ("FK:SK:3696", "FK"),
    ("FK:SK:3696", "SK"),
    ("FK:SK:3696", "3696"),
    ("DD:2-03-68", "2-03-68"),
    ("phone 154-734-1487, x557", "557"),
    ("Educare-Fargo\\", "Educare-Fargo"),
    ("WhalenChief complaint", "Whalen"),
    ("hcuutaj@bdd.comOther", "hcuutaj@bdd.com"),
    ("38:Z8912708G", "Z8912708G"),
    ("53RHM", "53RHM"),
    ("54yM", "54"),
    ("Mon,Wed,Fri", "Wed"),
    ("40,000 units q Wednesday", "Wednesday"),
    ("eScription document:9-2784353 KUQlhv", "9-2784353"),
    ("eScription document:9-2784353 KUQlhv", "KUQlhv"),
    ("Hospitalized 2115 TCH", "TCH"),
    ("Curtis, Om", "Om"),
    ("Ada R. Kruger, M.D.", "Ada R. Kruger"),
    ("seen by Mr. Parkinson today", "Parkinson"),
    ("a26 yo man", "26"),
    ("winter of 2091", "winter of 2091"),
    ("USMeaningful use", "US"),
    ("CAD 60s", "60s"),
    ("01/19/:0", "01/19/:0"),
    ("(617) 555-1212 ext. 5-8112", "5-8112"),
    ("Pt called from 617-555-1212x557.", "617-555-1212"),
    ("email:j.doe@mgh.harvard.edu.", "j.doe@mgh.harvard.edu"),
    ("MRN#0937884,DOB:09/14/2067", "09/14/2067"),
    ("MR:P0630587", "P0630587"),
    ("a 54F with cough", "54"),
    ("Pager:(8)", "8"),
]


@pytest.mark.parametrize("text,phi", SEED_PHI)
def test_phi_substring_is_a_token_span(nlp, text, phi):
    doc = nlp(text)
    start = text.index(phi)
    span = doc.char_span(start, start + len(phi))
    assert span is not None, [t.text for t in doc]
    assert span.text == phi


TRICKY_TEXTS = [
    "",
    " ",
    "\n",
    "\n\n\n",
    "  leading and trailing  ",
    "line one\r\nline two\r\n\r\n",
    "tabs\tand\u00a0non-breaking\u2009spaces",
    "Zoë Müller-Lüdenscheidt né 14/09/2067 à Montréal",
    "患者 王小明 2067年9月14日",
    "emoji 🙂 in a note\u200b with zero-width space",
    "\x00\x01 control chars \x7f",
    "[**2067-09-14**] [**Known lastname 12345**]",
    "a" * 5000,
]


@pytest.mark.parametrize("text", TRICKY_TEXTS)
def test_text_is_never_changed(nlp, text):
    doc = nlp(text)
    assert doc.text == text
    # Every token's offsets index the original string.
    for token in doc:
        assert text[token.idx : token.idx + len(token.text)] == token.text


def test_text_is_never_changed_random(nlp):
    """Random strings over an alphabet rich in the characters our rules touch."""
    alphabet = "aZ9 .,:;/\\^#-()[]@\n\r\t'\"xXé€🙂_~*=+|<>?!%&"
    rng = random.Random(1234)
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        doc = nlp(text)
        assert doc.text == text


def test_registered_name_resolves():
    factory = registry.tokenizers.get("spacy_phi.ClinicalTokenizer.v1")
    nlp = spacy.blank("en")
    tokenizer = factory()(nlp)
    assert [t.text for t in tokenizer("MR:6746781")] == ["MR", ":", "6746781"]


def test_config_selects_tokenizer(nlp):
    assert nlp.config["nlp"]["tokenizer"]["@tokenizers"] == "spacy_phi.ClinicalTokenizer.v1"


def test_bytes_round_trip(nlp):
    other = spacy.blank("en")
    other.tokenizer.from_bytes(nlp.tokenizer.to_bytes())
    for text, expected in SEED_SPLITS + KEPT_WHOLE:
        assert tokens(other, text) == expected


def test_disk_round_trip(nlp, tmp_path):
    nlp.to_disk(tmp_path / "pipeline")
    loaded = spacy.load(tmp_path / "pipeline")
    for text, expected in SEED_SPLITS + KEPT_WHOLE:
        assert tokens(loaded, text) == expected


def test_pickle(nlp):
    clone = pickle.loads(pickle.dumps(nlp))
    assert tokens(clone, "KYLE^02/14/90^CHANEY") == ["KYLE", "^", "02/14/90", "^", "CHANEY"]


def test_spanish_pipeline_gets_the_same_rules():
    nlp = blank_pipeline("es")
    assert tokens(nlp, "Dr. RuizMartín MR:6746781") == ["Dr.", "Ruiz", "Martín", "MR", ":", "6746781"]
    assert tokens(nlp, "Concepción-Chile") == ["Concepción", "-", "Chile"]
    assert tokens(nlp, "08005-Barcelona") == ["08005", "-", "Barcelona"]
    assert tokens(nlp, "médico-quirúrgico") == ["médico-quirúrgico"]  # a word, not two places
    # the English-only splits are not applied ("Dª.María" keeps its title's period)
    assert tokens(nlp, "ana.lopez CA'88") == ["ana.lopez", "CA'88"]
