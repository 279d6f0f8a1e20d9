"""Extract stage: normalise, run spaCy, link, and build validated Records with raw offsets."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator

from pydantic import ValidationError
from spacy.language import Language
from spacy.tokens import Doc

from pipeline import __version__
from pipeline.io.ingest import InputItem
from pipeline.link.context import build_context
from pipeline.link.entities import Draft, extract_entities, share_of
from pipeline.link.metrics import MetricDraft, extract_metrics
from pipeline.link.results import ResultDraft, Tagged, extract_results
from pipeline.link.spans import extend_with_head, merge_definitions
from pipeline.models import (
    Entity,
    ErrorRecord,
    Extractor,
    Mention,
    Metric,
    Record,
    Result,
    Sentence,
    SourceRef,
    Span,
)
from pipeline.nlp.normalise import OffsetMap
from pipeline.nlp.tokenizer import doc_text, doc_words, offset_map
from pipeline.resources import cues

EXTRACTOR = Extractor(name="abstract-pipeline-rules", version=__version__)


def doc_id(text: str) -> str:
    """Stable id of an abstract: the first 16 hex digits of its sha256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _raw_span(omap: OffsetMap, start: int, end: int) -> tuple[int, int, str]:
    s, e = omap.to_raw(start, end)
    return s, e, omap.raw[s:e]


def _mention(omap: OffsetMap, ctx_sentence: int, start: int, end: int) -> Mention:
    s, e, text = _raw_span(omap, start, end)
    return Mention(text=text, start=s, end=e, sentence=ctx_sentence)


def _tagged(ctx, spans: list[tuple[int, int]], name: str, methods: bool = False) -> list[Tagged]:
    """Token-level tags of mentions; for methods, whether compared or used as an instrument."""
    markers = cues()["instrument_markers"]
    out = []
    for s, e in spans:
        ts, te = ctx.token_at(s), ctx.token_at(e - 1) + 1
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


def link_doc(doc: Doc) -> tuple[list[Draft], list[MetricDraft], list[ResultDraft], object]:
    """Run the link stage over one annotated Doc (normalised offsets)."""
    ctx0 = build_context(doc)
    drafts, measures = extract_entities(doc, ctx0)
    for d in drafts:
        d.mentions = merge_definitions(d.mentions, doc._.acronyms, doc_text(doc))
        if d.kind == "dataset":
            d.mentions = extend_with_head(d.mentions, doc_text(doc))
    protected = [
        (ctx0.token_at(s), ctx0.token_at(e - 1) + 1) for d in drafts for s, e in d.mentions
    ]
    ctx = build_context(doc, protected, base=ctx0)
    taken = [m for d in drafts for m in d.mentions]
    metrics = extract_metrics(doc, taken) + [
        MetricDraft(" ".join(m.name.lower().split()), sorted(m.mentions)) for m in measures
    ]
    for m in metrics:
        m.mentions = merge_definitions(m.mentions, doc._.acronyms, doc_text(doc))
    metric_tags = [t for m in metrics for t in _tagged(ctx, m.mentions, m.name)]
    ds_tags = [t for d in drafts if d.kind == "dataset" for t in _tagged(ctx, d.mentions, d.name)]
    me_tags = [
        t
        for d in drafts
        if d.kind == "method"
        for t in _tagged(ctx, d.mentions, d.name, methods=True)
    ]
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
    results = extract_results(
        doc, ctx, metric_tags, ds_tags, me_tags, main, taken_all, [d.name for d in proposed]
    )
    return drafts, metrics, results, ctx


def build_record(item: InputItem, omap: OffsetMap, doc: Doc) -> Record:
    """Assemble (and validate) the Record of one abstract from its annotated Doc."""
    drafts, metrics, results, ctx = link_doc(doc)
    sentences = []
    for i, (ts, te) in enumerate(ctx.sent_bounds):
        start = ctx.starts[ts]
        end = ctx.starts[te - 1] + len(doc_words(doc)[te - 1])
        s, e, _ = _raw_span(omap, start, end)
        sentences.append(Sentence(index=i, start=s, end=e))

    def mentions(spans: list[tuple[int, int]]) -> list[Mention]:
        return [_mention(omap, ctx.sentence_of_char(s), s, e) for s, e in spans]

    def entities(kind: str) -> list[Entity]:
        return [
            Entity(name=d.name, aliases=d.aliases, role=d.role, mentions=mentions(d.mentions))
            for d in drafts
            if d.kind == kind
        ]

    out_results = []
    for r in results:
        s, e, text = _raw_span(omap, r.start, r.end)
        from_span = None
        if r.from_span is not None:
            fs, fe, ftext = _raw_span(omap, *r.from_span)
            from_span = Span(text=ftext, start=fs, end=fe)
        out_results.append(
            Result(
                text=text,
                start=s,
                end=e,
                sentence=r.sentence,
                value=r.value,
                unit=r.unit,
                kind=r.kind,
                from_value=r.from_value,
                from_span=from_span,
                metric=r.metric,
                dataset=r.dataset,
                method=r.method,
            )
        )
    return Record(
        doc_id=doc_id(item.text),
        ordinal=item.ordinal,
        source_id=item.source_id,
        title=item.title,
        source=SourceRef(
            path=item.path,
            sha256=item.sha256,
            format=item.format,
            line=item.line,
            start=item.start,
            end=item.end,
        ),
        text=item.text,
        sentences=sentences,
        methods=entities("method"),
        datasets=entities("dataset"),
        metrics=[Metric(name=m.name, mentions=mentions(m.mentions)) for m in metrics],
        results=out_results,
        extractor=EXTRACTOR,
    )


def extract_batch(items: Iterable[InputItem], nlp: Language) -> Iterator[Record | ErrorRecord]:
    """Extract a batch; a failure on one abstract becomes its ErrorRecord, never the batch's."""
    for item in items:
        try:
            doc = nlp(item.text)
            yield build_record(item, offset_map(doc), doc)
        except ValidationError as exc:
            yield _error(item, "validate", f"record failed validation: {exc.errors()[0]['msg']}")
        except Exception as exc:  # an extractor bug must not lose the record
            yield _error(item, "extract", f"{type(exc).__name__}: {exc}")


def _error(item: InputItem, stage: str, reason: str) -> ErrorRecord:
    return ErrorRecord(
        path=item.path,
        line=item.line,
        ordinal=item.ordinal,
        source_id=item.source_id,
        stage=stage,
        reason=reason,
    )
