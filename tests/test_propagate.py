"""phi_propagate: a person name found once in a speech transcript is marked at its other
mentions; nothing spreads in notes written with capitals, nor ordinary words or assistants."""

from __future__ import annotations

from typing import List, Tuple

import pytest
import spacy

from spacy_phi import rules_pipeline
from spacy_phi.spangroups import NER_GROUP, PROPAGATED_GROUP


@pytest.fixture(scope="module")
def nlp():
    return rules_pipeline(surrogates=False)


def run_with_fake_ner(nlp, text: str, ner: List[Tuple[str, str, int]]):
    """Run the pipeline with `doc.ents` set as a tagger would: (text, label, occurrence)."""
    doc = nlp.make_doc(text)
    ents = []
    for value, label, nth in ner:
        start = -1
        for _ in range(nth + 1):
            start = text.index(value, start + 1)
        ents.append(doc.char_span(start, start + len(value), label=label))
    doc.ents = ents
    return nlp(doc)


def test_a_name_found_once_in_a_transcript_is_marked_at_every_mention(nlp):
    text = "[doctor] hi , odalys . how are you ?\n[patient] good .\n[doctor] okay odalys , hop on one foot . bye odalys ."
    doc = run_with_fake_ner(nlp, text, [("odalys", "PATIENT", 0)])
    mentions = [i for i in range(len(text)) if text.startswith("odalys", i)]
    assert len(mentions) == 3
    assert [(e.label_, e.start_char) for e in doc.ents if e.text == "odalys"] == [("PATIENT", i) for i in mentions]
    detectors = [p["detector"] for p in doc._.phi_provenance if text[p["start"]:p["end"]] == "odalys"]
    assert detectors == ["ner", "propagated", "propagated"]
    assert [s.text for s in doc.spans[NER_GROUP]] == ["odalys"]


def test_the_full_name_is_marked_before_its_parts(nlp):
    text = "[doctor] hey dragon , ramon villalobos is a fifty eight year old male .\n[doctor] so , ramon villalobos , and ramon , tell me ."
    doc = run_with_fake_ner(nlp, text, [("ramon villalobos", "PATIENT", 0), ("ramon", "PATIENT", 2)])
    names = [e.text for e in doc.ents if e.label_ == "PATIENT"]
    assert names == ["ramon villalobos", "ramon villalobos", "ramon"]


def test_nothing_spreads_in_a_note_written_with_capitals(nlp):
    text = "Patient: Nora Quinn. Nora was seen today. Plan: Nora to return in 2 weeks."
    doc = run_with_fake_ner(nlp, text, [("Nora Quinn", "PATIENT", 0)])
    assert len(doc.spans[PROPAGATED_GROUP]) == 0


@pytest.mark.parametrize(
    "text,value,label",
    [
        # a name that is an ordinary word stays where it was found ("i hope", "a grace period")
        ("[patient] my daughter hope drove me .\n[doctor] i hope she is well .", "hope", "PATIENT"),
        ("[patient] my wife grace came .\n[doctor] there is a grace period .", "grace", "PATIENT"),
        # a documentation assistant the tagger took for a name
        ("[doctor] hey dax , finalize .\n[doctor] dax , start a new note .", "dax", "PATIENT"),
        # a drug the tagger took for a name
        ("[patient] i take lasix .\n[doctor] keep the lasix at forty .", "lasix", "PATIENT"),
        # only people spread: a place found once stays where it was found
        ("[patient] we went to tulsa .\n[doctor] how was tulsa ?", "tulsa", "CITY"),
    ],
)
def test_ordinary_words_assistants_drugs_and_places_do_not_spread(nlp, text, value, label):
    doc = run_with_fake_ner(nlp, text, [(value, label, 0)])
    assert len(doc.spans[PROPAGATED_GROUP]) == 0


def test_a_mention_another_detector_found_keeps_its_label(nlp):
    text = "[patient] my son odin came .\n[doctor] hi odin .\n[patient] odin is here ."
    doc = run_with_fake_ner(nlp, text, [("odin", "PATIENT", 0), ("odin", "DOCTOR", 2)])
    labels = [(e.text, e.label_) for e in doc.ents if e.text == "odin"]
    assert labels == [("odin", "PATIENT"), ("odin", "PATIENT"), ("odin", "DOCTOR")]
    assert [s.text for s in doc.spans[PROPAGATED_GROUP]] == ["odin"]


def test_transcripts_only_can_be_turned_off_and_the_pipeline_round_trips(tmp_path):
    nlp = rules_pipeline(surrogates=False)
    nlp.remove_pipe("phi_propagate")
    nlp.add_pipe("phi_propagate", before="phi_merge", config={"transcripts_only": False})
    text = "Patient: Nora Quinn. Seen with Nora Quinn's mother."
    doc = run_with_fake_ner(nlp, text, [("Nora Quinn", "PATIENT", 0)])
    assert [s.text for s in doc.spans[PROPAGATED_GROUP]] == ["Nora Quinn"]
    nlp.to_disk(tmp_path / "p")
    loaded = spacy.load(tmp_path / "p")
    assert loaded.get_pipe("phi_propagate").transcripts_only is False
    assert loaded.pipe_names.index("phi_propagate") == loaded.pipe_names.index("phi_merge") - 1
