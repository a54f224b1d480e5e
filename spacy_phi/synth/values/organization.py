"""Organizations of a synthetic note: employers (brands, local firms, civic
bodies, banks), typed organizations (churches, pharmacies, insurers, unions,
agencies...) and schools."""

from __future__ import annotations

from typing import Dict, Tuple


BRAND_EMPLOYERS: Tuple[str, ...] = (
    "Walmart", "Home Depot", "Stop & Shop", "Dunkin Donuts", "Market Basket", "Target", "Costco",
    "IBM", "Verizon", "FedEx", "UPS", "Staples", "CVS", "Walgreens", "McDonald's", "Burger King",
    "Wendy's", "Starbucks", "Amazon", "Raytheon", "General Electric", "Fidelity", "State Street",
    "Boeing", "Ford", "Lowe's", "Kroger", "Safeway", "Shaw's", "Bob Evans", "Dollar General",
    "Best Buy", "Macy's", "Sears", "Kmart", "Pizza Hut", "Domino's", "Subway", "Marriott", "Hilton",
    "Comcast", "AT&T", "Sprint", "Microsoft", "Google", "Apple", "Dell", "Intel", "Motorola",
    "Pfizer", "Merck", "Liberty Mutual", "Bank of America", "Wells Fargo", "Citibank", "Chase",
    "US Postal Service", "Amtrak", "Greyhound", "Sodexo", "Aramark", "Goodwill", "Salvation Army",
    "YMCA", "Red Cross", "Habitat for Humanity", "Teamsters", "Local 103", "Army National Guard",
    "Coast Guard", "Marriott Courtyard", "Price Chopper", "Whole Foods", "Trader Joe's", "TJ Maxx",
)

ORG_KINDS: Tuple[str, ...] = (
    "Construction", "Trucking", "Landscaping", "Plumbing", "Electric", "Roofing", "Manufacturing",
    "Foods", "Bakery", "Auto Body", "Motors", "Realty", "Insurance", "Financial", "Associates",
    "Cleaning Services", "Logistics", "Printing", "Security", "Technologies", "Systems", "Textiles",
    "Dairy", "Farms", "Packaging", "Staffing", "Moving", "Catering", "Marine", "Tool and Die",
)

CIVIC_ORGS: Tuple[str, ...] = (
    "Police Department", "Fire Department", "Public Schools", "Public Library", "Housing Authority",
    "Water Department", "Department of Public Works", "Council on Aging", "Senior Center", "Food Pantry",
)
BANK_WORDS: Tuple[str, ...] = ("First", "Eastern", "Citizens", "Peoples", "Atlantic", "Pioneer", "Liberty", "Harbor")

ORG_TYPES: Dict[str, Tuple[str, ...]] = {
    "church": ("St. {first}'s Church", "First Baptist Church of {city}", "{city} Islamic Center", "Temple Beth {last}",
               "{city} Church of the Nazarene", "Our Lady of {city} Parish", "{city} Kingdom Hall", "{last} Memorial AME Church",
               "Iglesia {last}", "{city} Unitarian Church"),
    "pharm": ("{last} Pharmacy", "{city} Apothecary", "{last} Drug", "{city} Community Pharmacy", "*"),
    "ins": ("Blue Cross Blue Shield", "Tufts Health Plan", "Harvard Pilgrim", "Aetna", "UnitedHealthcare", "Cigna",
            "Humana", "Neighborhood Health Plan", "Fallon Health", "{last} Health Plan", "Anthem BCBS", "Medical Mutual",
            "Kaiser Permanente", "Molina Healthcare", "CareSource", "AmeriHealth Caritas", "Medi-Cal", "MassHealth", "TennCare",
            "Health First", "Fidelis Care", "WellCare", "Highmark BCBS", "Empire BlueCross", "Oscar Health", "Tricare",
            "Ambetter", "Priority Health", "Buckeye Health Plan", "Sunshine Health", "{state} Medicaid", "{city} Health Plan"),
    "law": ("{city} Legal Aid", "{last} Law Center", "{city} Law Center", "{last} & {last}, LLP", "{last} Legal Services",
            "{city} Immigrant Legal Center", "{city} Public Defender's Office"),
    "union": ("SEIU Local {num}", "Teamsters Local {num}", "IBEW Local {num}", "{city} Carpenters Union", "UAW Local {num}",
              "Laborers Local {num}", "{city} Teachers Union", "AFSCME Council {num}"),
    "agency": ("{city} Council on Aging", "{city} Elder Services", "{city} Community Action", "{last} Family Services",
               "{city} Area Agency on Aging", "{city} Legal Aid"),
    "elder": ("{city} Elder Services", "{city} Senior Care", "{last} Home Care"),
    "housing": ("{city} Housing Authority", "{last} Housing Partnership", "{city} Rental Assistance"),
    "ride": ("{city} Ride", "{last} Medical Transport", "{city} Regional Transit", "{last} Cab"),
    "dme": ("{last} Medical Supply", "{city} Home Medical", "{last} Respiratory"),
    "gym": ("{city} YMCA", "{last} Fitness", "{city} Boys and Girls Club", "Planet {last}"),
    "bar": ("{last}'s Pub", "the {last} Tavern", "{city} Legion Hall", "{last} Sports Bar"),
    "police": ("{city} Police Department", "{city} PD", "State Police Troop {last}"),
    "ems": ("{city} Fire Rescue", "{last} Ambulance", "{city} EMS"),
    "jail": ("{city} County Jail", "{city} House of Correction", "{last} Correctional Center"),
    "wic": ("{city} WIC", "{last} Community WIC Program"),
    "ei": ("{city} Early Intervention", "{last} Early Intervention Program"),
    "league": ("{city} Youth Soccer", "{city} Little League", "{last} Athletic Club"),
    "volunteer": ("{city} Food Bank", "{city} Animal Shelter", "{last} Soup Kitchen", "Habitat for Humanity"),
}
PHARMACY_CHAINS: Tuple[str, ...] = ("CVS", "Walgreens", "Rite Aid", "Stop & Shop Pharmacy", "Walmart Pharmacy", "Costco Pharmacy", "Brooks Pharmacy", "Osco")


_TYPED_FIXED: Dict[str, Tuple[str, ...]] = {
    kind: (PHARMACY_CHAINS if kind == "pharm" else tuple(p for p in patterns if "{" not in p))
    for kind, patterns in ORG_TYPES.items()
}


def typed_fixed(kind: str) -> Tuple[str, ...]:
    """The fixed names of a typed organization kind (its entries without slots; one tuple per kind)."""
    return _TYPED_FIXED.get(kind, ())


SCHOOL_TYPES: Dict[str, Tuple[str, ...]] = {
    "elem": ("Elementary School", "Elementary", "Primary School", "Grammar School"),
    "ms": ("Middle School", "Junior High", "Junior High School"),
    "hs": ("High School", "Regional High School", "Vocational High School", "Academy", "Charter School"),
    "daycare": ("Daycare", "Preschool", "Montessori School", "Learning Center", "Head Start", "Child Care Center"),
    "voc": ("Vocational School", "Technical Institute", "Career Academy", "Beauty Academy"),
    "school": ("Elementary School", "Middle School", "High School", "Academy", "Charter School"),
}

SCHOOL_KINDS: Tuple[str, ...] = (
    "High School", "Middle School", "Elementary School", "Elementary", "Academy", "Community College",
    "Regional High School", "Vocational School", "Technical Institute", "Day School", "Preschool",
    "Charter School", "Junior High", "Christian Academy", "Montessori School",
)
