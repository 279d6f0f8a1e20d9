"""Candidate names by shape: CamelCase, acronyms with parts, versions and sizes, title runs."""

from __future__ import annotations

from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from pipeline.resources import data_path, read_jsonl

SPANS_KEY = "names"


class NameShapes:
    """Mark name-shaped token runs in `doc.spans["names"]` (labels SHAPE, TITLE_SEQ)."""

    def __init__(self, nlp: Language, name: str = "name_shapes", *, patterns: str) -> None:
        self.name = name
        self.matcher = Matcher(nlp.vocab)
        self.rules = read_jsonl(data_path(patterns))
        for rule in self.rules:
            self.matcher.add(rule["label"], [rule["pattern"]], greedy="LONGEST")

    def __call__(self, doc: Doc) -> Doc:
        spans = [
            Span(doc, start, end, label=match_id) for match_id, start, end in self.matcher(doc)
        ]
        shapes = [s for s in spans if s.label_ == "SHAPE"]
        titles = [s for s in spans if s.label_ == "TITLE_SEQ"]
        doc.spans[SPANS_KEY] = filter_spans(shapes) + filter_spans(
            [t for t in titles if not _ends_with_connector(t)]
        )
        return doc


def _ends_with_connector(span: Span) -> bool:
    """True when a title run ends in a lower-case connector word."""
    return span[-1].is_lower


@Language.factory("name_shapes", default_config={"patterns": "patterns/names.jsonl"})
def make_name_shapes(nlp: Language, name: str, patterns: str) -> NameShapes:
    """Registered factory for NameShapes."""
    return NameShapes(nlp, name, patterns=patterns)
