"""The link stage over one Doc: entities, metrics and results from the marked spans."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc

from pipeline.link.context import DocContext, build_context
from pipeline.link.entities import Draft, extract_entities, share_of
from pipeline.link.metrics import MetricDraft, evidenced_metrics, extract_metrics
from pipeline.link.results import ResultDraft, Tagged, extract_results
from pipeline.link.spans import (
    extend_with_head,
    extend_with_language,
    extend_with_version,
    merge_definitions,
)
from pipeline.nlp.tokenizer import doc_text
from pipeline.resources import VOCAB


@dataclass
class Linked:
    """What the link stage found in one doc (normalised char offsets)."""

    entities: list[Draft]
    metrics: list[MetricDraft]
    results: list[ResultDraft]
    context: DocContext


def tag_mentions(
    ctx: DocContext, spans: list[tuple[int, int]], name: str, methods: bool = False
) -> list[Tagged]:
    """Token-level tags of mentions; for methods, whether compared or used as an instrument."""
    markers = VOCAB.instrument_markers
    out = []
    for s, e in spans:
        ts, te = ctx.token_span(s, e)
        before = ctx.lowers[max(0, ts - 2) : ts]
        out.append(
            Tagged(
                ts,
                te,
                ctx.sent_of[ts],
                ctx.clause_of[ts],
                name,
                compared=methods and (ctx.comparison[ts] or share_of(ctx.lowers, ts)),
                instrument=methods and any(w in markers for w in before),
            )
        )
    return out


def link_document(doc: Doc) -> Linked:
    """Run the link stage over one annotated Doc."""
    ctx0 = build_context(doc)
    drafts, measures = extract_entities(doc, ctx0)
    acronyms, text = ctx0.acronyms, doc_text(doc)
    for d in drafts:
        d.mentions = merge_definitions(d.mentions, acronyms, text)
        if d.kind == "dataset":
            d.mentions = extend_with_head(d.mentions, text)
            d.mentions = extend_with_language(d.mentions, text)
            d.mentions = extend_with_version(d.mentions, text)
    protected = [ctx0.token_span(s, e) for d in drafts for s, e in d.mentions]
    ctx = build_context(doc, protected, base=ctx0)
    taken = [m for d in drafts for m in d.mentions]
    metrics = extract_metrics(doc, taken, acronyms, ctx0.numbers) + [
        MetricDraft(" ".join(m.name.lower().split()), sorted(m.mentions)) for m in measures
    ]
    for m in metrics:
        m.mentions = merge_definitions(m.mentions, acronyms, text)
    metric_tags = [t for m in metrics for t in tag_mentions(ctx, m.mentions, m.name)]
    ds_tags = [
        t for d in drafts if d.kind == "dataset" for t in tag_mentions(ctx, d.mentions, d.name)
    ]
    me_tags = [
        t
        for d in drafts
        if d.kind == "method"
        for t in tag_mentions(ctx, d.mentions, d.name, methods=True)
    ]
    only_modifiers = {d.name for d in drafts if d.sources == {"compound"}}
    for t in me_tags:  # "a Mamba-based backbone" names what is used, never a value's owner
        t.instrument = t.instrument or t.name in only_modifiers
    ends = {t.end for t in me_tags}
    for t in me_tags:  # "Llama-8B (LoRA)": the bracketed method qualifies the one before
        if t.start >= 2 and ctx.lowers[t.start - 1] == "(" and t.start - 1 in ends:
            t.instrument = True
    proposed = sorted(
        (d for d in drafts if d.kind == "method" and d.role == "proposed"),
        key=lambda d: d.mentions[0][0],
    )
    main = proposed[0].name if proposed else None
    taken_all = taken + [m for md in metrics for m in md.mentions]
    own_datasets = [d.name for d in drafts if d.kind == "dataset" and d.role == "proposed"]
    results = extract_results(
        doc,
        ctx,
        metric_tags,
        ds_tags,
        me_tags,
        main,
        taken_all,
        [d.name for d in proposed],
        own_datasets,
    )
    return Linked(drafts, evidenced_metrics(metrics, results, ctx), results, ctx)
