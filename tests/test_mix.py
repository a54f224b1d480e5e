"""`spacy-phi mix`: weighted, seeded mixing of annotated corpora."""

from __future__ import annotations

import srsly
import pytest
from spacy.tokens import DocBin

from spacy_phi import blank_pipeline
from spacy_phi.cli import main
from spacy_phi.converters.mix import RAW_CHUNK_MAX_WORDS, MixPart, mix_docs, raw_text_chunks
from spacy_phi.errors import ConversionError


def write_corpus(path, prefix: str, n: int) -> None:
    nlp = blank_pipeline("en")
    docs = []
    for i in range(n):
        doc = nlp.make_doc(f"{prefix} note {i} seen by Dr. Okafor.")
        doc.ents = [doc.char_span(doc.text.index("Okafor"), doc.text.index("Okafor") + 6, label="DOCTOR")]
        docs.append(doc)
    DocBin(docs=docs, store_user_data=True).to_disk(path)


@pytest.fixture()
def corpora(tmp_path):
    write_corpus(tmp_path / "synth.spacy", "synthetic", 10)
    write_corpus(tmp_path / "real.spacy", "real", 3)
    return tmp_path


def test_weights_repeat_and_sample_documents(corpora):
    docs = mix_docs([MixPart(corpora / "synth.spacy", 1), MixPart(corpora / "real.spacy", 2.5)], seed=0)
    texts = [d.text for d in docs]
    assert sum(t.startswith("synthetic") for t in texts) == 10
    assert sum(t.startswith("real") for t in texts) == 3 * 2 + round(3 * 0.5)
    assert all(len(d.ents) == 1 for d in docs)  # annotations travel with the documents


def test_mix_is_deterministic_for_a_seed_and_shuffled(corpora, tmp_path):
    args = [f"{corpora / 'synth.spacy'}:1", f"{corpora / 'real.spacy'}:5"]
    for name, seed in (("a", 1), ("b", 1), ("c", 2)):
        assert main(["mix", str(tmp_path / f"{name}.spacy"), *args, "--seed", str(seed)]) == 0
    a, b, c = ((tmp_path / f"{n}.spacy").read_bytes() for n in "abc")
    assert a == b
    assert a != c
    texts = [d.text for d in DocBin().from_bytes(a).get_docs(blank_pipeline("en").vocab)]
    assert texts[:10] != sorted(texts)[:10]  # not simply concatenated


def test_bad_weights_and_missing_inputs_fail_clearly(corpora, tmp_path):
    with pytest.raises(ConversionError):
        MixPart.parse("corpus.spacy:-1")
    with pytest.raises(ConversionError):
        MixPart.parse("corpus.spacy:many")
    assert MixPart.parse("c:/data/corpus.spacy").weight == 1.0  # a path colon is no weight
    assert main(["mix", str(tmp_path / "out.spacy"), str(tmp_path / "missing.spacy")]) == 1


def test_raw_text_output_cuts_long_documents_into_chunks(corpora, tmp_path):
    long_line = " ".join(f"w{i}" for i in range(RAW_CHUNK_MAX_WORDS * 2 + 7))
    chunks = raw_text_chunks("short header\n\n" + long_line + "\nlast line")
    assert all(len(c.split()) <= RAW_CHUNK_MAX_WORDS for c in chunks)
    assert " ".join(" ".join(chunks).split()) == " ".join(("short header " + long_line + " last line").split())
    assert main(["mix", str(tmp_path / "raw.jsonl"), str(corpora / "real.spacy")]) == 0
    lines = list(srsly.read_jsonl(tmp_path / "raw.jsonl"))
    assert len(lines) == 3 and all(set(line) == {"text"} for line in lines)
