"""A self-contained HTML page for people: highlighted abstracts, failed checks, results tables."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from pipeline.quality.audit import AuditReport, RecordAudit

# A records file is untrusted input: the page comes from a template with autoescaping on, so
# every value read from it is escaped wherever the template puts it (text or attribute).
ENV = Environment(
    loader=PackageLoader("pipeline.quality", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
TEMPLATE = "report.html.j2"
ARTICLE = "article.html.j2"
CATEGORIES = ("method", "dataset", "metric", "result")
RESULT_FIELDS = ("text", "value", "unit", "kind", "metric", "dataset", "method", "from_value")
RESULT_HEADERS = (*RESULT_FIELDS[:-1], "baseline", "sentence")


@dataclass(frozen=True)
class Mark:
    """A highlighted span of an abstract."""

    text: str
    cat: str
    tip: str
    bad: bool


@dataclass(frozen=True)
class Sentence:
    """A sentence of an abstract: its anchor (for the results table) and its pieces."""

    anchor: str | None
    parts: list[str | Mark]


@cache
def _asset(name: str) -> str:
    """The text of a file beside the template (the page's own style or script)."""
    return (files("pipeline.quality") / "templates" / name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    """A CSP source expression allowing exactly this inline script or style."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _int(value: Any) -> int | None:
    """The value if it is an integer (not a bool), else None: offsets are never trusted."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value: Any) -> str:
    """A cell's text: empty for None, str() of anything else."""
    return "" if value is None else str(value)


def _span(obj: Any) -> tuple[int, int] | None:
    """(start, end) of a JSON object with integer offsets in order, else None."""
    if not isinstance(obj, dict):
        return None
    start, end = _int(obj.get("start")), _int(obj.get("end", obj.get("start")))
    return (start, end) if start is not None and end is not None and start <= end else None


def _list(value: Any) -> list:
    """The value if it is a list, else an empty list (a tampered field is never iterated)."""
    return value if isinstance(value, list) else []


def _spans(rec: dict) -> list[tuple[int, int, str, str]]:
    """(start, end, category, tooltip) of every highlightable span in a record."""
    out = []
    for cat, key in (("method", "methods"), ("dataset", "datasets"), ("metric", "metrics")):
        for item in _list(rec.get(key)):
            if not isinstance(item, dict):
                continue
            tip = f"{cat}: {item.get('name')}" + (f" ({item['role']})" if item.get("role") else "")
            for m in _list(item.get("mentions")):
                if span := _span(m):
                    out.append((*span, cat, tip))
    for r in _list(rec.get("results")):
        if span := _span(r):
            tip = f"result: {r.get('value')} {r.get('unit') or ''} {r.get('kind')}".strip()
            out.append((*span, "result", tip))
            if base := _span(r.get("from_span")):
                out.append((*base, "result", f"baseline of {r.get('value')}"))
    return out


def _highlight(
    text: str, start: int, end: int, spans: list, bad: set[tuple[int, int]]
) -> list[str | Mark]:
    """text[start:end] as plain pieces and the non-overlapping spans inside it as Marks."""
    inside = sorted((s for s in spans if start <= s[0] < s[1] <= end), key=lambda s: (s[0], -s[1]))
    parts: list[str | Mark] = []
    pos = start
    for s, e, cat, tip in inside:
        if s < pos:
            continue
        parts += [text[pos:s], Mark(text[s:e], cat, tip, (s, e) in bad)]
        pos = e
    parts.append(text[pos:end])
    return [p for p in parts if p != ""]


def _abstract(n: int, rec: dict, bad: set[tuple[int, int]]) -> list[str | Mark | Sentence]:
    """The abstract as pieces: text between sentences, and each sentence with its anchor."""
    text = rec.get("text") if isinstance(rec.get("text"), str) else ""
    spans = _spans(rec)
    pieces: list[str | Mark | Sentence] = []
    pos = 0
    for sent in _list(rec.get("sentences")):
        span = _span(sent)
        if span is None or not pos <= span[0] <= span[1] <= len(text):
            continue
        if text[pos : span[0]]:
            pieces.append(text[pos : span[0]])
        index = _int(sent.get("index"))
        anchor = None if index is None else f"d{n}-s{index}"
        pieces.append(Sentence(anchor, _highlight(text, *span, spans, bad)))
        pos = span[1]
    pieces += _highlight(text, pos, len(text), spans, bad)
    return pieces


def _results(n: int, rec: dict) -> list[dict[str, Any]]:
    """One row per result: its cells, and the anchor of its sentence if that is an integer."""
    rows = []
    for r in _list(rec.get("results")):
        if not isinstance(r, dict):
            continue
        sentence = _int(r.get("sentence"))
        rows.append(
            {
                "cells": [_text(r.get(k)) for k in RESULT_FIELDS],
                "sentence": _text(r.get("sentence")),
                "anchor": None if sentence is None else f"d{n}-s{sentence}",
            }
        )
    return rows


def _article(n: int, rec: dict | None, audit: RecordAudit | None) -> dict[str, Any]:
    """What the template shows of one line of the records file."""
    failures = audit.failures if audit else []
    article: dict[str, Any] = {
        "n": n,
        "readable": rec is not None,
        "line": audit.line if audit else "?",
        "failures": [{"check": f.check, "where": f.where, "detail": f.detail} for f in failures],
        "results": [],
    }
    if rec is None:
        return article
    bad = {(f.start, f.end) for f in failures if f.start is not None}
    src = rec.get("source") if isinstance(rec.get("source"), dict) else {}
    title = rec.get("title") or rec.get("source_id") or f"record {rec.get('ordinal')}"
    article.update(
        heading=str(title),
        path=str(src.get("path")),
        ordinal=str(rec.get("ordinal")),
        doc_id=str(rec.get("doc_id")),
        abstract=_abstract(n, rec, bad),
        results=_results(n, rec),
    )
    return article


def _count(rows: list[dict | None], key: str) -> int:
    """How many items the records list under `key` (a field that is not a list counts 0)."""
    return sum(len(_list(r.get(key))) for r in rows if isinstance(r, dict))


def page_csp(style: str, script: str) -> str:
    """The page's policy: only its own inline style and script, nothing loaded, no forms."""
    # Defence in depth: even markup that escaped escaping could load or run nothing.
    return (
        f"default-src 'none'; script-src {_sha256(script)}; style-src {_sha256(style)}; "
        "base-uri 'none'; form-action 'none'"
    )


def render_article(article: dict[str, Any]) -> Markup:
    """One record's article (every value escaped), as markup for a page."""
    html = ENV.get_template(ARTICLE).render(a=article, result_headers=RESULT_HEADERS)
    return Markup(html)


def render_page(
    records_file: str,
    counts: list[tuple[str, Any]],
    articles: list[dict[str, Any] | Markup],
    nav: list[tuple[str, str]] | None = None,
    title: str = "Extraction audit",
) -> str:
    """One page of records (escaped, self-contained); `nav` links to other pages. An article is
    its template values, or its markup from `render_article`."""
    style, script = _asset("report.css"), _asset("report.js")
    articles = [a if isinstance(a, Markup) else render_article(a) for a in articles]
    return ENV.get_template(TEMPLATE).render(
        title=title,
        records_file=records_file,
        counts=counts,
        categories=CATEGORIES,
        result_headers=RESULT_HEADERS,
        articles=articles,
        nav=nav,
        csp=page_csp(style, script),
        style=style,
        script=script,
    )


def article(n: int, rec: dict | None, audit: RecordAudit | None) -> dict[str, Any]:
    """What the template shows of one line of a records file (see `_article`)."""
    return _article(n, rec, audit)


def record_counts(rows: list[dict | None]) -> list[int]:
    """Methods, datasets, metrics and results listed by the records."""
    return [_count(rows, key) for key in ("methods", "datasets", "metrics", "results")]


def render_report(report: AuditReport, title: str = "Extraction audit") -> str:
    """The whole page as one string: no external resources, every source string escaped."""
    rows = report.rows
    summary = report.summary()
    m, d, t, r = record_counts(rows)
    counts: list[tuple[str, Any]] = [
        ("records", summary["records"]),
        ("verified", summary["verified"]),
        ("failed", summary["failed"]),
        ("methods", m),
        ("datasets", d),
        ("metrics", t),
        ("results", r),
    ]
    articles = [
        _article(n, rec, audit)
        for n, (rec, audit) in enumerate(zip(rows, report.records, strict=True), 1)
    ]
    return render_page(report.records_file, counts, articles, title=title)
