"""The linker component: the final methods, datasets, metrics and results, on the Doc.

The exact extraction is held as plain values in `doc._.entities` and `doc._.results`
(normalised char offsets: a mention may be part of a token, "ViT" in "ViT-based"); the span
groups `doc.spans["methods" | "datasets" | "metrics" | "results"]` and `doc.ents` show it
token-aligned, for displaCy and spaCy users. A span's `id_` indexes its entity or result,
so `span._.entity` and `span._.result` return the plain values behind it.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from pipeline.nlp.tokenizer import doc_spaces

if TYPE_CHECKING:
    from pipeline.link.document import Linked

GROUPS = {"method": "methods", "dataset": "datasets", "metric": "metrics"}
RESULTS_KEY = "results"

for _name in ("entities", "results"):
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=[])
if not Span.has_extension("entity"):
    Span.set_extension("entity", getter=lambda span: span.doc._.entities[int(span.id_)])
if not Span.has_extension("result"):
    Span.set_extension("result", getter=lambda span: span.doc._.results[int(span.id_)])


def plain_entities(linked: Linked) -> list[dict[str, Any]]:
    """Methods, datasets (in the link stage's order) then metrics, as plain dicts."""
    ctx = linked.context
    out = [
        {
            "category": d.kind,
            "name": d.name,
            "aliases": list(d.aliases),
            "role": d.role,
            "mentions": [[s, e, ctx.sentence_of_char(s)] for s, e in d.mentions],
        }
        for d in linked.entities
    ]
    out += [
        {
            "category": "metric",
            "name": m.name,
            "aliases": [],
            "role": None,
            "mentions": [[s, e, ctx.sentence_of_char(s)] for s, e in m.mentions],
        }
        for m in linked.metrics
    ]
    return out


def plain_results(linked: Linked) -> list[dict[str, Any]]:
    """Results as plain dicts."""
    return [
        {
            "start": r.start,
            "end": r.end,
            "sentence": r.sentence,
            "value": r.value,
            "unit": r.unit,
            "kind": r.kind,
            "from_value": r.from_value,
            "from_start": r.from_span[0] if r.from_span else None,
            "from_end": r.from_span[1] if r.from_span else None,
            "metric": r.metric,
            "dataset": r.dataset,
            "method": r.method,
        }
        for r in linked.results
    ]


class AbstractLinker:
    """Link the marked spans into entities with roles and results with their owners."""

    def __init__(self, nlp: Language, name: str = "abstract_linker", *, set_ents: bool) -> None:
        # imported here, not at module level: pipeline.link imports pipeline.nlp's tokenizer
        # helpers, so a module-level import made `import pipeline.link.entities` circular
        from pipeline.link.document import link_document

        self.name = name
        self.set_ents = set_ents
        self.link = link_document

    def __call__(self, doc: Doc) -> Doc:
        linked = self.link(doc)
        doc._.entities = entities = plain_entities(linked)
        doc._.results = results = plain_results(linked)
        groups: dict[str, list[Span]] = {key: [] for key in [*GROUPS.values(), RESULTS_KEY]}
        words, starts = linked.context.words, linked.context.starts
        for i, entity in enumerate(entities):
            label = entity["category"].upper()
            for s, e, _ in entity["mentions"]:
                span = expanded_span(doc, words, starts, s, e, label, entity["name"], str(i))
                if span is not None:
                    groups[GROUPS[entity["category"]]].append(span)
        for i, r in enumerate(results):
            span = expanded_span(
                doc, words, starts, r["start"], r["end"], r["kind"].upper(), 0, str(i)
            )
            if span is not None:
                groups[RESULTS_KEY].append(span)
        for key, spans in groups.items():
            doc.spans[key] = spans
        if self.set_ents:
            mentions = [s for key in GROUPS.values() for s in groups[key]]
            set_entities(doc, filter_spans(mentions))
        return doc


def expanded_span(
    doc: Doc,
    words: list[str],
    starts: list[int],
    start: int,
    end: int,
    label: str,
    kb_id: str | int,
    span_id: str,
) -> Span | None:
    """`doc.char_span(start, end, label, kb_id=kb_id, span_id=span_id,
    alignment_mode="expand")` from the doc's token texts and offsets (`doc_words`,
    `doc_starts`): char_span makes two Token objects to expand a span."""
    n = len(words)
    if not n or start < 0 or end - 1 < 0:
        return None
    text_end = starts[-1] + len(words[-1]) + doc_spaces(doc)[-1]  # the last token's end
    if start >= text_end or end - 1 >= text_end:
        return None
    first = bisect_right(starts, start) - 1
    last = bisect_right(starts, end - 1) - 1
    if start == starts[first] + len(words[first]):
        first += 1  # the span starts in the token's trailing space
    return Span(doc, first, last + 1, label=label, kb_id=kb_id, span_id=span_id)


def set_entities(doc: Doc, spans: list[Span]) -> None:
    """`doc.ents = spans` for labelled spans in text order that never overlap, with the tokens
    between them given as outside spans: the same annotation without spaCy's default-outside
    pass, which compares an enum member per token (about twice as slow)."""
    gaps, at = [], 0
    for span in spans:
        if span.start > at:
            gaps.append(Span(doc, at, span.start))
        at = span.end
    if at < len(doc):
        gaps.append(Span(doc, at, len(doc)))
    doc.set_ents(spans, outside=gaps, default="unmodified")


@Language.factory(
    "abstract_linker",
    requires=["token.is_sent_start", "doc._.acronyms", "doc._.numbers", "doc.spans"],
    assigns=["doc._.entities", "doc._.results", "doc.spans", "doc.ents"],
    default_config={"set_ents": True},
)
def make_abstract_linker(nlp: Language, name: str, set_ents: bool) -> AbstractLinker:
    """Registered factory for AbstractLinker (`set_ents`: also write `doc.ents`)."""
    return AbstractLinker(nlp, name, set_ents=set_ents)
