"""The word lists of the sentence detector, read once per process.

They ship as text files in `spacy_phi/data/sentencizer/` (see SOURCE.txt
there): one entry per line, "#" lines are comments. Abbreviations are
normalised (lowercase, internal periods removed), so "b.i.d.", "B.I.D." and
"bid." all match "bid"; header names are lowercase with single spaces and no
colon.
"""

from __future__ import annotations

from importlib import resources
from typing import FrozenSet

#: The folder of the lists, inside the installed package.
DATA_FOLDER = ("data", "sentencizer")


def read_word_list(filename: str) -> FrozenSet[str]:
    """The entries of one shipped list.

    filename (str): e.g. "section_headers.txt".
    RETURNS (FrozenSet[str]): the stripped lines that are neither blank nor
        comments ("#" first). Header names keep their inner spaces.
    """
    folder = resources.files("spacy_phi").joinpath(*DATA_FOLDER)
    text = folder.joinpath(filename).read_text(encoding="utf-8")
    entries = (line.strip() for line in text.splitlines())
    return frozenset(entry for entry in entries if entry and not entry.startswith("#"))


#: Never end a sentence when followed by text on the same line: titles come
#: before a name ("Dr. Vincent"), the others introduce what follows.
PREFIX_ABBREVIATIONS = read_word_list("prefix_abbreviations.txt")

#: Can end a sentence, but usually do not: only split before a capitalised
#: word ("p.o. q.d.", "Sept. 14", "No. 5", "M.D. saw her" stay whole).
FINAL_ABBREVIATIONS = read_word_list("final_abbreviations.txt")

#: Words after which a single capital letter is a name ("hepatitis C."), not
#: an initial, so "Check vitamin D. Follow up" can split.
LETTER_NOUNS = read_word_list("letter_nouns.txt")

#: Section headers. Only these split after their colon on the same line; any
#: short line ending in ":" or written in ALL CAPS is still treated as a
#: header at line breaks.
SECTION_HEADERS = read_word_list("section_headers.txt")

#: Words that cannot end a sentence: a line ending in one of them is wrapped.
CONTINUATION_WORDS = read_word_list("continuation_words.txt")

#: Words that cannot start a sentence of an ALL CAPS note ("...IMPROVED ON IV
#: STEROIDS\nAND WAS ..."): the line before it was wrapped. In mixed case,
#: lowercase does the job.
CONTINUATION_STARTS = read_word_list("continuation_starts.txt")
