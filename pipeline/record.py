"""Record building: run the spaCy pipeline on an abstract and turn its Doc into a validated
Record, mapping every normalised offset back to the raw text (the one place offsets change)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import ValidationError
from spacy.language import Language
from spacy.tokens import Doc

from pipeline import __version__
from pipeline.io.ingest import InputItem
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
from pipeline.nlp.tokenizer import offset_map

EXTRACTOR = Extractor(name="abstract-pipeline-rules", version=__version__)


def doc_id(text: str) -> str:
    """Stable id of an abstract: the first 16 hex digits of its sha256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _raw_span(omap: OffsetMap, start: int, end: int) -> tuple[int, int, str]:
    s, e = omap.to_raw(start, end)
    return s, e, omap.raw[s:e]


def _mentions(omap: OffsetMap, mentions: list[list[int]]) -> list[Mention]:
    out = []
    for start, end, sentence in mentions:
        s, e, text = _raw_span(omap, start, end)
        out.append(Mention(text=text, start=s, end=e, sentence=sentence))
    return out


def _result(omap: OffsetMap, r: dict[str, Any]) -> Result:
    s, e, text = _raw_span(omap, r["start"], r["end"])
    from_span = None
    if r["from_start"] is not None:
        fs, fe, ftext = _raw_span(omap, r["from_start"], r["from_end"])
        from_span = Span(text=ftext, start=fs, end=fe)
    return Result(
        text=text,
        start=s,
        end=e,
        sentence=r["sentence"],
        value=r["value"],
        unit=r["unit"],
        kind=r["kind"],
        from_value=r["from_value"],
        from_span=from_span,
        metric=r["metric"],
        dataset=r["dataset"],
        method=r["method"],
    )


def build_record(item: InputItem, doc: Doc) -> Record:
    """Assemble (and validate) the Record of one abstract from its linked Doc."""
    omap = offset_map(doc)
    sentences = []
    for i, sent in enumerate(doc.sents):
        s, e, _ = _raw_span(omap, sent.start_char, sent.end_char)
        sentences.append(Sentence(index=i, start=s, end=e))

    def entities(category: str) -> list[dict[str, Any]]:
        return [x for x in doc._.entities if x["category"] == category]

    def named(category: str) -> list[Entity]:
        return [
            Entity(
                name=x["name"],
                aliases=x["aliases"],
                role=x["role"],
                mentions=_mentions(omap, x["mentions"]),
            )
            for x in entities(category)
        ]

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
        methods=named("method"),
        datasets=named("dataset"),
        metrics=[
            Metric(name=x["name"], mentions=_mentions(omap, x["mentions"]))
            for x in entities("metric")
        ],
        results=[_result(omap, r) for r in doc._.results],
        extractor=EXTRACTOR,
    )


def extract_batch(items: Iterable[InputItem], nlp: Language) -> Iterator[Record | ErrorRecord]:
    """Extract a batch; a failure on one abstract becomes its ErrorRecord, never the batch's."""
    for item in items:
        try:
            yield build_record(item, nlp(item.text))
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
