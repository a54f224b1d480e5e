"""Words that name a person's relation to the patient, shared by the rules that
find lay people's names ("wife Yesenia", "dtr Renata") and by `phi_guard`,
which keeps a name right after one ("wife joy", "wife dolores") but not a verb
("wife said").
"""

import re

#: Relatives and other lay people, as a regex alternation (no groups, no flags):
#: match it case-insensitively for "Dtr Renata", as written for "wife agnieszka".
RELATIVE_WORDS = (
    # with the slips notes write them in ("neice", "grandaughter")
    r"(?:wife|husband|spouse|son|daughter|dtr|dau|child|mother|mom|mum|father|dad|brother|bro|sister|sis|"
    r"sibling|aunt|uncle|cousin|niece|neice|nephew|grandson|granddaughter|grandaughter|grandmother|grandfather|grandma|"
    r"grandpa|granny|boyfriend|girlfriend|fianc[eé]e?|partner|roommate|friend|neighbou?r|landlord|"
    r"landlady|caregiver|guardian|proxy|hha|aide|pca|step(?:mother|father|son|daughter|mom|dad))"
    r"(?:-in-law)?s?"
)

#: A relative or role word right before a span ("wife Hope", "dtr Renata", "wife's: ").
RELATIVE_BEFORE = re.compile(rf"\b{RELATIVE_WORDS}(?:['’]s?)?\s*[:(]?\s*$", re.IGNORECASE)

#: Lower-case words that follow a relative as its verb or adverb, never as its
#: name ("my wife made me", "his daughter states", "friends tell me"). Many are
#: names in some language ("Said", "Made", "Ever"), so no name list rules them out.
NOT_NAME_AFTER_RELATIVE = frozenset(
    """
    said says say made makes make tell tells told ever never always also just really still even only
    came come comes went goes go gets got get had has have was were is are be been wants want wanted
    took takes take held holds hold carry carries carried states stated adds added reports reported
    thinks think thought knows know knew saw sees see noticed notices mentioned mentions helps help
    helped drove drives drive brought brings bring calls call called lives live lived works work worked
    passed died dies anymore too well usually sometimes does did do can could would will should might
    may must asked asks ask keeps kept keep feels felt feel found finds find gave gives give used uses
    use needs need needed likes like liked loves love loved hates hated tried tries try started starts
    stopped stops noted notes wanted wants bought buys paid pays picked picks drove took
    showed shows show visits visited visit stays stayed accompanies accompanied assists assisted
    manages managed denies denied agrees agreed declined declines requests requested prefers preferred
    plans planned arrived arrives left leaves cares cared watched watches put puts prescribed prescribes
    ordered orders referred refers recommended recommends switched switches sent sends wrote writes
    """.split()
)



#: Staff roles written in capitals before or instead of a name ("RN CM Teresa Pham",
#: "SW Ana Ruiz"): the role, never the name ("DO" is left out: "DR DO" is Dr. Do).
STAFF_ROLE_ABBREVIATIONS = frozenset(
    "RN NP PA PA-C CM SW MSW LCSW LICSW MD PT OT SLP RT RRT CNA LPN APRN CRNP FNP RNCM BSN MSN".split()
)
#: Staff roles a nursing note writes for a clinician ("HO" the house officer, "RN", "RRT").
NURSING_ROLE_ABBREVIATIONS = STAFF_ROLE_ABBREVIATIONS | frozenset({"HO"})

#: "MS" after a word of watching is the mental status, not the title: "monitor MS. OOB as tol",
#: "monitor ms. replete lytes" (the pattern ends at the dot).
MENTAL_STATUS_AFTER_WATCHING = r"\b(?:monitor|assess|reassess|follow|check|watch|eval|evaluate|observe)\s+ms\s?\."
