"""`pattern_ruler`: spaCy's SpanRuler with phrase patterns made by the tokenizer alone."""

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from pipeline.nlp import rulers  # noqa: F401  (registers the factory)

PATTERNS = [
    {"label": "DATASET", "pattern": "WebArena", "id": "WebArena"},
    {"label": "METRIC", "pattern": "word error rate", "id": "wer"},
    {"label": "METRIC", "pattern": [{"LOWER": "bleu"}], "id": "bleu"},
]
SEEN: list[str] = []


@Language.component("seen_recorder")
def seen_recorder(doc: Doc) -> Doc:
    """Records the text of every doc it is run on."""
    SEEN.append(doc.text)
    return doc


def with_recorder_before(factory: str) -> Language:
    nlp = spacy.blank("en")
    nlp.add_pipe("seen_recorder")
    nlp.add_pipe(factory, config={"phrase_matcher_attr": "LOWER"})
    SEEN.clear()
    return nlp


def test_phrase_patterns_pass_through_no_earlier_component():
    with_recorder_before("pattern_ruler").get_pipe("pattern_ruler").add_patterns(PATTERNS)
    assert SEEN == []


def test_the_stock_span_ruler_runs_them_through_earlier_components():
    # what the pattern ruler avoids (if spaCy stops doing it, the pattern ruler can go)
    with_recorder_before("span_ruler").get_pipe("span_ruler").add_patterns(PATTERNS)
    assert SEEN == ["WebArena", "word error rate"]


def test_every_component_is_enabled_again_after_adding_patterns():
    nlp = with_recorder_before("pattern_ruler")
    nlp.get_pipe("pattern_ruler").add_patterns(PATTERNS)
    assert nlp.pipe_names == ["seen_recorder", "pattern_ruler"] and not nlp.disabled


def test_it_matches_as_the_stock_span_ruler_does():
    found = []
    for factory in ("span_ruler", "pattern_ruler"):
        nlp = spacy.blank("en")
        nlp.add_pipe(factory, config={"phrase_matcher_attr": "LOWER"}).add_patterns(PATTERNS)
        doc = nlp("Word Error Rate and BLEU on WebArena.")
        found.append([(s.text, s.label_, s.id_) for s in doc.spans["ruler"]])
    assert (
        found[0]
        == found[1]
        == [
            ("Word Error Rate", "METRIC", "wer"),
            ("BLEU", "METRIC", "bleu"),
            ("WebArena", "DATASET", "WebArena"),
        ]
    )


def test_it_round_trips_through_disk_and_bytes(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("pattern_ruler").add_patterns(PATTERNS)
    nlp.to_disk(tmp_path)
    from_disk = spacy.blank("en")
    from_disk.add_pipe("pattern_ruler").from_disk(tmp_path / "pattern_ruler")
    from_bytes = spacy.blank("en")
    from_bytes.add_pipe("pattern_ruler").from_bytes(nlp.get_pipe("pattern_ruler").to_bytes())
    for other in (from_disk, from_bytes):
        assert other.get_pipe("pattern_ruler").patterns == PATTERNS
        doc = other("on WebArena")
        assert [s.text for s in doc.spans["ruler"]] == ["WebArena"]
