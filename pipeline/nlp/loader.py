"""The spaCy pipeline: a blank English pipeline plus the registered rule components."""

from __future__ import annotations

from functools import cache

import spacy
from spacy.language import Language

from pipeline.resources import read_patterns

CUE_PATTERNS = "patterns/cues.jsonl"

COMPONENTS = (
    "abstract_sentencizer",
    "acronym_detector",
    "lexicon_ruler",
    "name_shapes",
    "number_finder",
)


def build_nlp() -> Language:
    """A fresh pipeline: abstract tokenizer, sentences, acronyms, lexicons, name shapes, numbers."""
    config = {"nlp": {"tokenizer": {"@tokenizers": "pipeline.abstract_tokenizer.v1"}}}
    nlp = spacy.blank("en", config=config)
    for name in COMPONENTS:
        nlp.add_pipe(name)
    cues = nlp.add_pipe("span_ruler", name="cue_ruler", config={"spans_key": "cues"})
    cues.add_patterns(read_patterns(CUE_PATTERNS))
    return nlp


@cache
def get_nlp() -> Language:
    """The process-wide pipeline, built once (never pass it to a Prefect task)."""
    return build_nlp()
