"""Words that name a person's relation to the patient, shared by the rules that
find lay people's names ("wife Yesenia", "dtr Renata") and by `phi_guard`,
which never vetoes a span right after one ("wife joy").
"""

#: Relatives and other lay people, as a regex alternation (no groups, no flags):
#: match it case-insensitively for "Dtr Renata", as written for "wife agnieszka".
RELATIVE_WORDS = (
    r"(?:wife|husband|spouse|son|daughter|dtr|dau|child|mother|mom|mum|father|dad|brother|bro|sister|sis|"
    r"sibling|aunt|uncle|cousin|niece|nephew|grandson|granddaughter|grandmother|grandfather|grandma|"
    r"grandpa|granny|boyfriend|girlfriend|fianc[eé]e?|partner|roommate|friend|neighbou?r|landlord|"
    r"landlady|caregiver|guardian|proxy|hha|aide|pca|step(?:mother|father|son|daughter|mom|dad))"
    r"(?:-in-law)?s?"
)
