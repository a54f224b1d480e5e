"""Organization, hospital, department and profession surrogates that keep
what the name says about the place: its type and its clinical service.

A name is read word by word: generic words (the type: "Elementary School",
"Pharmacy", "Medical Center", "Nursing Home"; the service: "Cardiology",
"Pulmonary", "Heart and Vascular"; small words) are kept as written, and only
the proper words ("Pinecrest", "Aldhelm", "4", "West") are replaced, each run
of proper words by as many built words (place-like words or surnames, a
saint's name after "St."/"Saint", digits and directions for unit codes).

- "Pinecrest Elementary" -> "Maplewood Elementary";
  "Saint Aldhelm Memorial Hospital" -> "Saint Jude Memorial Hospital".
- A DEPARTMENT made only of generic words ("Department of Neurology",
  "Cardiology", "Cardiac ICU") is a hospital service, not PHI: it is kept
  (`is_generic_service`). A named unit ("the Lurie Heart and Vascular
  Institute", "4 West Cardiac Telemetry") keeps its service words.
- A name without any generic word: HOSPITAL draws a real hospital (CMS list);
  ORGANIZATION a built company name, or a bare proper word when the type word
  follows the span in the note ("[Pinecrest] Elementary School").
- PROFESSION: a plain-language job from `spacy_phi/data/synth_professions.txt`
  (not Faker's "accountant, chartered certified"), chosen to agree with the
  article before it ("a"/"an"); a leading "retired" / "former" is kept.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path
from typing import List, Optional, Tuple

from .casing import match_case
from .locations import DEPARTMENTS, sample_hospital, sample_organization
from .names import sample_last_name

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
PROFESSIONS_FILE = DATA_DIR / "synth_professions.txt"

#: Words that say what kind of place or service a name is (lower case).
TYPE_WORDS = frozenset("""
school schools elementary middle high academy university college preschool daycare kindergarten
pharmacy pharmacies drug drugs drugstore store stores bank credit union church parish cathedral chapel
temple mosque synagogue ministry ministries congregation clinic clinics medical center centre centers
health healthcare hospital hospitals infirmary memorial general regional county community rehab
rehabilitation nursing home homes skilled facility assisted living senior residence hospice practice
practices family medicine pediatrics pediatric lab labs laboratory laboratories imaging radiology
system systems institute foundation freight co company inc llc ltd corp corporation group associates
partners insurance police fire department dept library ymca ywca shelter market supermarket foods
restaurant diner cafe bakery farm farms motors construction plant factory mill logistics transport
trucking services service physicians surgical surgery surgeons dialysis cancer heart vascular
women's womens children's childrens kids veterans va state district public unit ward wing floor icu
division section program team office agency authority department's care urgent primary specialty
specialists behavioral mental wellness orthopedic orthopedics orthopaedic sports spine eye dental
dentistry vision hearing sleep pain wound infusion endoscopy telemetry stroke trauma burn transplant
intensive critical emergency cardiac neonatal nicu picu micu sicu ccu labor delivery maternity
psychiatric inpatient outpatient step-down stepdown observation medical-surgical med-surg
baptist methodist lutheran catholic presbyterian episcopal evangelical pentecostal orthodox adventist
apostolic reformed christian islamic jewish buddhist hindu detox vna visiting nurses
""".split()) | {d.lower() for dep in DEPARTMENTS for d in dep.split()} | frozenset(
    "cardiology oncology neurology nephrology pulmonary pulmonology gastroenterology gi endocrinology "
    "urology hematology rheumatology dermatology obstetrics gynecology ob/gyn obgyn psychiatry psychology "
    "geriatrics otolaryngology ent ophthalmology allergy immunology anesthesia anesthesiology pathology "
    "neurosurgery hepatology liver kidney lung breast diabetes headache memory genetics".split()
)
#: The words that name the kind of place ("School", "Pharmacy", "Medical
#: Center"): what "keeps its type" means for ORGANIZATION and HOSPITAL.
KIND_WORDS = frozenset("""
school schools elementary academy university college preschool daycare kindergarten pharmacy drugstore
drugs bank union church parish cathedral chapel temple mosque synagogue ministries congregation clinic
clinics center centre hospital hospitals infirmary rehab rehabilitation nursing home hospice practice medical health
lab laboratory laboratories institute foundation library shelter ymca ywca market supermarket restaurant
diner cafe bakery farm farms factory mill co company inc llc ltd corp corporation freight trucking
logistics insurance department agency office
""".split())
#: Small words inside names ("Department of Neurology", "Heart and Vascular").
SMALL_WORDS = frozenset("of and the for at in on & de la del".split())
#: Words in front of a saint's name.
SAINT_WORDS = frozenset({"st", "st.", "saint", "san", "santa", "sainte", "ste"})
SAINTS = ("Anne", "Joseph", "Mary", "Francis", "Luke", "Jude", "Vincent", "Agnes", "Clare", "Michael",
          "Patrick", "Elizabeth", "Thomas", "John", "Catherine", "Anthony", "Benedict", "Peter", "Paul",
          "Teresa", "Bernard", "Cecilia", "Monica", "Dominic", "Rita", "Joan", "Martin", "Andrew")
#: Place-like words for built names (no person's name).
PLACE_WORDS = ("Lakeview", "Riverside", "Maplewood", "Brookside", "Pinehurst", "Fairview", "Oakridge",
               "Cedar Grove", "Hillcrest", "Meadowbrook", "Westfield", "Northfield", "Springdale",
               "Greenfield", "Clearwater", "Stonebridge", "Briarwood", "Willowbrook", "Ashford",
               "Kingsley", "Harborview", "Highland", "Sunnyside", "Bayside", "Elmhurst", "Edgewood",
               "Rosewood", "Silver Creek", "Valley View", "Summit", "Crestview", "Parkside")
_COMPASS = ("North", "South", "East", "West")
_WORD = re.compile(r"[^\s,/()]+")
_TYPE_AFTER = re.compile(r"^\s*([A-Za-z'’-]+)")
_KEPT_PROFESSION_HEAD = re.compile(r"(?i)^((?:retired|former|part-time|full-time|self-employed|unemployed|laid-off)\s+)")


def _bare(word: str) -> str:
    return word.lower().strip(".,;:'\"’").replace("’", "'")


def is_generic_word(word: str) -> bool:
    """A type, service or small word ("School", "Cardiology", "of")."""
    bare = _bare(word)
    return bare in TYPE_WORDS or bare in SMALL_WORDS or (bare.endswith("'s") and bare[:-2] in TYPE_WORDS)


def kind_phrase(text: str) -> str:
    """The words of a name that say its kind, as written: the last run of
    KIND_WORDS ("Pinecrest Elementary School" -> "Elementary School",
    "Bank of Toledo" -> "Bank"); "" when it has none.

    text (str): the name.
    RETURNS (str): the phrase, a slice of `text`.
    """
    runs: List[Tuple[int, int]] = []
    for m in _WORD.finditer(text):
        if _bare(m.group()) in KIND_WORDS:
            if runs and not text[runs[-1][1] : m.start()].strip():
                runs[-1] = (runs[-1][0], m.end())
            else:
                runs.append((m.start(), m.end()))
    if not runs:
        return ""
    start, end = runs[-1]
    return text[start:end].rstrip(".,")


def is_generic_service(text: str) -> bool:
    """A department name made of generic words only ("Department of Neurology",
    "Cardiac ICU"): a hospital service, not PHI."""
    words = _WORD.findall(text)
    return bool(words) and all(is_generic_word(w) and not any(c.isdigit() for c in w) for w in words)


def followed_by_type_word(after: str) -> bool:
    """Whether the note goes on with a type word ("Pinecrest| Elementary School")."""
    m = _TYPE_AFTER.match(after)
    return bool(m) and _bare(m.group(1)) in TYPE_WORDS and _bare(m.group(1)) not in SMALL_WORDS


def _proper_word(rng: random.Random, word: str, previous: str) -> str:
    """A built replacement of one proper word, with the word's shape."""
    if any(c.isdigit() for c in word):
        # A unit code ("6B", "4"): digits and letters redrawn, shape kept.
        for _ in range(20):
            new = "".join(
                str(rng.randint(1, 9)) if c.isdigit() else (rng.choice("ABCDEFGH") if c.isalpha() else c) for c in word
            )
            if new != word:
                return match_case(word, new) if any(c.isalpha() for c in word) else new
        return new
    if _bare(word) in {c.lower() for c in _COMPASS}:
        return match_case(word, rng.choice([c for c in _COMPASS if c.lower() != _bare(word)]))
    if _bare(previous) in SAINT_WORDS:
        choices = [s for s in SAINTS if s.lower() != _bare(word)]
        return match_case(word, rng.choice(choices))
    for _ in range(20):
        new = rng.choice(PLACE_WORDS).split()[0] if rng.random() < 0.5 else sample_last_name(rng)
        if new.lower() != _bare(word):
            return match_case(word, new)
    return match_case(word, new)


def rewrite_proper_words(rng: random.Random, text: str) -> Tuple[str, int, int]:
    """Replace the proper words of a name, keep the generic ones.

    rng (random.Random): the keyed generator.
    text (str): the name.
    RETURNS (Tuple[str, int, int]): the new name, the count of generic words
        kept and the count of proper words replaced.
    """
    out: List[str] = []
    pos = 0
    generic = proper = 0
    previous = ""
    for m in _WORD.finditer(text):
        out.append(text[pos : m.start()])
        word = m.group()
        if is_generic_word(word) and not any(c.isdigit() for c in word) or _bare(word) in SAINT_WORDS:
            out.append(word)
            generic += 1
        else:
            out.append(_proper_word(rng, word, previous))
            proper += 1
        previous = word
        pos = m.end()
    out.append(text[pos:])
    return "".join(out), generic, proper


def surrogate_named_place(rng: random.Random, label: str, text: str, after: str = "") -> str:
    """The surrogate of an ORGANIZATION, HOSPITAL, DEPARTMENT or LOCATION_OTHER
    that keeps its type and service words (see the module doc).

    rng (random.Random): the keyed generator.
    label (str): the PHI label.
    text (str): the original name.
    after (str): the note text right after the span.
    RETURNS (str): the surrogate; equal to `text` for a generic service.
    """
    if label == "DEPARTMENT" and is_generic_service(text):
        return text
    new, generic, proper = rewrite_proper_words(rng, text)
    if generic and proper:
        return new
    if generic and not proper:
        # Only type words ("Hospital General", "County Hospital"): another
        # name of the same kind, without the original's words in order.
        return _same_kind(rng, label, text)
    if label == "HOSPITAL":
        return match_case(text, sample_hospital(rng))
    if label == "ORGANIZATION" and not followed_by_type_word(after):
        return match_case(text, sample_organization(rng))
    return new


def _same_kind(rng: random.Random, label: str, text: str) -> str:
    kind = kind_phrase(text) or text.split()[-1]
    if label == "HOSPITAL":
        pattern = re.compile(rf"(?i)\b{re.escape(kind)}\b")
        names = [n for n in _hospital_names() if pattern.search(n) and text.lower() not in n.lower()]
        if names:
            return match_case(text, rng.choice(names))
    if label == "DEPARTMENT":
        return text
    return f"{rng.choice(PLACE_WORDS)} {kind}"


@lru_cache(maxsize=None)
def _hospital_names() -> Tuple[str, ...]:
    from .locations import hospitals  # noqa: PLC0415  (the shipped CMS list)

    return tuple(sorted({h.name for h in hospitals()}))


@lru_cache(maxsize=None)
def professions() -> Tuple[str, ...]:
    """The plain-language job list (comments and blank lines skipped), sorted."""
    lines = PROFESSIONS_FILE.read_text(encoding="utf8").splitlines()
    return tuple(sorted({l.strip() for l in lines if l.strip() and not l.startswith("#")}))


_VOWEL_LETTER_NAMES = set("AEFHILMNORSX")  # letters whose names start with a vowel sound


def starts_with_vowel_sound(word: str) -> bool:
    """Whether "an" goes before a word ("an engineer", "an HVAC technician",
    "a union electrician", "a 2nd grade teacher")."""
    if not word:
        return False
    first = word.split()[0]
    if first[0].isdigit():
        return first[0] == "8" or first.startswith(("11", "18"))
    if len(first) > 1 and first.isupper():  # an acronym is read letter by letter
        return first[0] in _VOWEL_LETTER_NAMES
    low = first.lower()
    if low.startswith(("uni", "use", "usu", "eu", "one", "ure")):
        return False
    if low.startswith(("hour", "honest", "honor", "heir")):
        return True
    return low[0] in "aeiou"


def article_before(before: str) -> Optional[str]:
    """"a" or "an" when the span follows that article ("works as a "), else None."""
    m = re.search(r"(?i)\b(an?)\s+$", before[-6:])
    return m.group(1).lower() if m else None


def surrogate_profession(rng: random.Random, text: str, before: str = "") -> str:
    """A plain-language job that fits the article before it and keeps a
    leading "retired"/"former".

    rng (random.Random): the keyed generator.
    text (str): the original profession.
    before (str): the note text right before the span.
    RETURNS (str): the surrogate in the original's case.
    """
    head_match = _KEPT_PROFESSION_HEAD.match(text)
    head = head_match.group(1) if head_match else ""
    core = text[len(head) :]
    article = None if head else article_before(before)
    pool = professions()
    if article is not None:
        pool = tuple(p for p in pool if starts_with_vowel_sound(p) == (article == "an"))
    value = rng.choice(pool)
    for _ in range(20):
        if value.lower() != core.lower():
            break
        value = rng.choice(pool)
    if core.isupper() and len(core) > 1:
        value = value.upper()
    elif core[:1].isupper() and value[:1].islower():
        value = value[:1].upper() + value[1:]
    return head + value
