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
from pipeline.models import ErrorRecord, Extractor, Record
from pipeline.nlp.normalise import OffsetMap
from pipeline.nlp.tokenizer import doc_starts, doc_words, offset_map, sentence_bounds

EXTRACTOR = Extractor(name="abstract-pipeline-rules", version=__version__)


def doc_id(text: str) -> str:
    """Stable id of an abstract: the first 16 hex digits of its sha256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _raw_span(omap: OffsetMap, start: int, end: int) -> tuple[int, int, str]:
    s, e = omap.to_raw(start, end)
    return s, e, omap.raw[s:e]


def _mentions(omap: OffsetMap, mentions: list[list[int]]) -> list[dict[str, Any]]:
    out = []
    for start, end, sentence in mentions:
        s, e, text = _raw_span(omap, start, end)
        out.append({"text": text, "start": s, "end": e, "sentence": sentence})
    return out


def _result(omap: OffsetMap, r: dict[str, Any]) -> dict[str, Any]:
    s, e, text = _raw_span(omap, r["start"], r["end"])
    from_span = None
    if r["from_start"] is not None:
        fs, fe, ftext = _raw_span(omap, r["from_start"], r["from_end"])
        from_span = {"text": ftext, "start": fs, "end": fe}
    return {
        "text": text,
        "start": s,
        "end": e,
        "sentence": r["sentence"],
        "value": r["value"],
        "unit": r["unit"],
        "kind": r["kind"],
        "from_value": r["from_value"],
        "from_span": from_span,
        "metric": r["metric"],
        "dataset": r["dataset"],
        "method": r["method"],
    }


def _sentences(doc: Doc, omap: OffsetMap) -> list[dict[str, int]]:
    """Raw offsets of every sentence, from the token arrays (no Span objects)."""
    starts, words = doc_starts(doc), doc_words(doc)
    out = []
    for i, (b, e) in enumerate(sentence_bounds(doc)):
        s, e, _ = _raw_span(omap, starts[b], starts[e - 1] + len(words[e - 1]))
        out.append({"index": i, "start": s, "end": e})
    return out


def build_record(item: InputItem, doc: Doc) -> Record:
    """Assemble the Record of one abstract from its linked Doc, validated in one call."""
    omap = offset_map(doc)
    by_category: dict[str, list[dict[str, Any]]] = {"method": [], "dataset": [], "metric": []}
    for x in doc._.entities:
        by_category[x["category"]].append(x)

    def named(category: str) -> list[dict[str, Any]]:
        return [
            {
                "name": x["name"],
                "aliases": x["aliases"],
                "role": x["role"],
                "mentions": _mentions(omap, x["mentions"]),
            }
            for x in by_category[category]
        ]

    return Record.model_validate(
        {
            "doc_id": doc_id(item.text),
            "ordinal": item.ordinal,
            "source_id": item.source_id,
            "title": item.title,
            "source": {
                "path": item.path,
                "sha256": item.sha256,
                "format": item.format,
                "line": item.line,
                "start": item.start,
                "end": item.end,
            },
            "text": item.text,
            "sentences": _sentences(doc, omap),
            "methods": named("method"),
            "datasets": named("dataset"),
            "metrics": [
                {"name": x["name"], "mentions": _mentions(omap, x["mentions"])}
                for x in by_category["metric"]
            ],
            "results": [_result(omap, r) for r in doc._.results],
            "extractor": EXTRACTOR,
        }
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
