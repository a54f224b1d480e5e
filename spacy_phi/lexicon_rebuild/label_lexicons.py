"""Rebuild the generated label lexicons of `phi_guard`'s validators.

    python -m spacy_phi.lexicon_rebuild.label_lexicons spacy_phi/data/label_lexicons

Writes `occupations.txt` (head nouns of Faker's en_US job titles, of the
project's `synth_professions.txt` and of an everyday list written here),
`states.txt` and `countries.txt` (Faker's address providers of English and
Spanish locales, plus the short and informal forms notes use). Faker is MIT
licensed; the written lists are MIT like the project. The hand-written files
(`date_words.txt`, `body_parts_and_headers.txt`, `brands.txt`) are not touched.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Iterable, List, Set

#: Heads of Faker job titles that are not occupations on their own.
_NOT_OCCUPATION_HEADS = frozenset(
    "boy copy crew land make person staff sub emeritus visitor runner associate professional specialist "
    "agent representative assistant consultant".split()
)
#: Everyday occupations as patients name them (written for spacy_phi).
_EVERYDAY_OCCUPATIONS = (
    "accountant actor actress administrator aide architect artist athlete attendant attorney auditor baker "
    "banker barber barista bartender beautician bookkeeper bricklayer builder busboy butcher butler buyer "
    "cabbie cameraman captain carpenter cashier caterer caretaker chauffeur chef chemist clergyman clerk "
    "coach cobbler contractor cook cop cosmetologist counselor counsellor courier custodian dancer "
    "deckhand dentist deputy designer detective developer dishwasher dispatcher diver dockworker "
    "doorman drafter draftsman driver drummer economist editor electrician engineer entrepreneur "
    "esthetician executive farmer farmhand firefighter fireman fisherman florist foreman gardener "
    "guard guide hairdresser hairstylist handyman homemaker housekeeper housewife hygienist instructor "
    "interpreter investigator janitor jeweler jockey journalist judge laborer labourer landscaper "
    "lawyer lecturer librarian lifeguard lineman linesman locksmith logger lumberjack machinist maid "
    "mail carrier mailman manager marine mason mechanic merchant miner minister missionary model "
    "musician nanny navigator nun nurse officer operator optician painter paralegal paramedic "
    "pastor pharmacist photographer physician pilot plasterer plumber poet policeman policewoman "
    "politician porter postman preacher priest principal producer professor programmer rabbi rancher "
    "realtor receptionist repairman reporter researcher retailer roofer sailor salesman saleswoman "
    "salesperson scientist seamstress secretary senator sergeant sheriff shoemaker singer soldier "
    "steelworker stenographer stocker student surgeon surveyor tailor teacher technician teller "
    "therapist trucker tutor typist upholsterer usher valet veteran vet veterinarian waiter waitress "
    "warehouseman welder worker writer cna lpn lvn emt cpa hvac"
).split()
#: Country names as notes write them beside the formal ones (written for spacy_phi).
_COUNTRY_VARIANTS = (
    "USA", "US", "U.S.", "U.S.A.", "America", "United States", "United States of America", "UK", "U.K.",
    "United Kingdom", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland",
    "Ireland", "Holland", "Russia", "South Korea", "North Korea", "Korea", "Vietnam", "Viet Nam", "Laos",
    "Iran", "Syria", "Taiwan", "Palestine", "Kosovo", "Burma", "Myanmar", "Ivory Coast", "Cote d'Ivoire",
    "Czech Republic", "Czechia", "Slovakia", "Congo", "DRC", "Democratic Republic of the Congo",
    "Philippines", "the Philippines", "Dominican Republic", "DR", "Puerto Rico", "Guam", "Bosnia",
    "Herzegovina", "Macedonia", "North Macedonia", "Moldova", "Micronesia", "Bolivia", "Venezuela",
    "Tanzania", "Cape Verde", "Eswatini", "Swaziland", "East Timor", "Timor-Leste", "Vatican",
    "Africa", "Asia", "Europe", "South America", "North America", "Central America", "Latin America",
    "Middle East", "Caribbean", "West Indies", "Scandinavia", "Balkans", "UAE", "Emirates",
    "Soviet Union", "USSR", "Yugoslavia", "Czechoslovakia", "Zaire", "Rhodesia", "Persia", "Ceylon",
    "Mexico", "Canada", "China", "Japan", "India", "Pakistan", "Bangladesh", "Nepal", "Somalia",
    "Ethiopia", "Eritrea", "Nigeria", "Ghana", "Haiti", "Jamaica", "Cuba", "Guatemala", "Honduras",
    "El Salvador", "Nicaragua", "Ukraine", "Poland", "Germany", "France", "Italy", "Spain", "Portugal",
    "Greece", "Turkey", "Israel", "Lebanon", "Iraq", "Afghanistan", "Yemen", "Egypt", "Morocco",
)
#: State forms beside Faker's (written for spacy_phi): DC, territories, common abbreviations.
_STATE_VARIANTS = (
    "District of Columbia", "D.C.", "DC", "Puerto Rico", "PR", "Guam", "GU", "Virgin Islands", "VI",
    "American Samoa", "AS", "Northern Mariana Islands", "MP",
    "Ala.", "Ariz.", "Ark.", "Calif.", "Cal.", "Colo.", "Conn.", "Del.", "Fla.", "Ga.", "Ill.", "Ind.",
    "Kan.", "Kans.", "Ky.", "La.", "Md.", "Mass.", "Mich.", "Minn.", "Miss.", "Mo.", "Mont.", "Neb.",
    "Nebr.", "Nev.", "N.H.", "N.J.", "N.M.", "N.Y.", "N.C.", "N.D.", "Okla.", "Ore.", "Oreg.", "Pa.",
    "Penn.", "Penna.", "R.I.", "S.C.", "S.D.", "Tenn.", "Tex.", "Vt.", "Va.", "Wash.", "W.Va.", "Wis.",
    "Wisc.", "Wyo.",
    # Canadian provinces and their postal codes.
    "Alberta", "AB", "British Columbia", "BC", "Manitoba", "MB", "New Brunswick", "NB",
    "Newfoundland and Labrador", "Newfoundland", "NL", "Nova Scotia", "NS", "Ontario", "ON",
    "Prince Edward Island", "PE", "PEI", "Quebec", "QC", "Saskatchewan", "SK", "Yukon", "YT",
    "Northwest Territories", "NT", "Nunavut", "NU",
)


def _provider_values(kind: str, locale: str, attributes: Iterable[str]) -> List[str]:
    try:
        provider = importlib.import_module(f"faker.providers.{kind}.{locale}").Provider
    except ImportError:
        return []
    values: List[str] = []
    for attribute in attributes:
        found = getattr(provider, attribute, ()) or ()
        values.extend(found.keys() if isinstance(found, dict) else found)
    return [str(v) for v in values]


def occupation_heads() -> List[str]:
    """Head nouns of occupations, lower case."""
    heads: Set[str] = set(_EVERYDAY_OCCUPATIONS)
    titles = _provider_values("job", "en_US", ["jobs"])
    data = Path(__file__).resolve().parent.parent / "data" / "synth_professions.txt"
    titles += [line.split("#", 1)[0].strip() for line in data.read_text(encoding="utf-8").splitlines()]
    for title in titles:
        title = re.sub(r"\(.*?\)", "", title).strip()
        if not title:
            continue
        for head in title.split(",")[0].split()[-1].lower().split("/"):
            head = head.strip(".'")
            if head.isalpha() and head not in _NOT_OCCUPATION_HEADS:
                heads.add(head)
    return sorted(heads)


def states() -> List[str]:
    """US states and territories, Canadian provinces, Spanish, Mexican, Indian
    and Australian states, with their abbreviations."""
    names: Set[str] = set(_STATE_VARIANTS)
    for locale in ("en_US", "en_AU", "en_IN", "es_ES", "es_MX", "en_CA"):
        names.update(_provider_values("address", locale, ["states", "states_abbr", "provinces", "province_abbrs", "regions"]))
    return sorted(n for n in names if n.strip())


def countries() -> List[str]:
    """Country names (English and Spanish forms), continents and regions."""
    names: Set[str] = set(_COUNTRY_VARIANTS)
    for locale in ("en_US", "en_GB", "en_CA", "en_AU", "es_ES", "es_MX"):
        names.update(_provider_values("address", locale, ["countries"]))
    return sorted(n for n in names if n.strip() and "(" not in n)


def write(folder: Path) -> None:
    """Write the generated lexicons into `folder`."""
    header = "# Generated by `python -m spacy_phi.lexicon_rebuild.label_lexicons` (see SOURCE.txt); do not edit.\n"
    for name, entries in (("occupations.txt", occupation_heads()), ("states.txt", states()), ("countries.txt", countries())):
        (folder / name).write_text(header + "\n".join(entries) + "\n", encoding="utf-8")
        print(f"{name}: {len(entries)} entries")


if __name__ == "__main__":
    write(Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "data" / "label_lexicons"))
