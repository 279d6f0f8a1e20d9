"""A self-contained HTML page for people: highlighted abstracts, failed checks, results tables."""

from __future__ import annotations

from html import escape
from typing import Any

from pipeline.quality.audit import AuditReport, RecordAudit

CATEGORIES = ("method", "dataset", "metric", "result")
STYLE = """
body{font:15px/1.55 system-ui,sans-serif;margin:0;background:#fafafa;color:#222}
header{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;
padding:.6em 1.2em;z-index:2}
h1{font-size:1.2em;margin:.2em 0}.counts span{margin-right:1.2em}.counts b{font-size:1.1em}
label{margin-right:1em;cursor:pointer}main{padding:1em 1.2em;max-width:1100px}
article{background:#fff;border:1px solid #ddd;border-radius:6px;margin:0 0 1.2em;padding:.8em 1em}
article.failed{border-color:#c62828;box-shadow:0 0 0 2px #ffcdd2}
h2{font-size:1em;margin:0 0 .4em}.meta{color:#666;font-size:.85em}
.abstract{white-space:pre-wrap}
mark.hl{border-radius:3px;padding:0 1px;color:inherit}
.hl-method{background:#bbdefb}.hl-dataset{background:#c8e6c9}
.hl-metric{background:#ffe0b2}.hl-result{background:#e1bee7;font-weight:600}
mark.bad{background:#ef9a9a!important;outline:2px solid #c62828}
body.hide-method .hl-method,body.hide-dataset .hl-dataset,
body.hide-metric .hl-metric,body.hide-result .hl-result{
background:none;font-weight:inherit}
.failures{color:#b71c1c;background:#ffebee;border-left:4px solid #c62828;
padding:.3em .8em;margin:.5em 0}
table{border-collapse:collapse;margin-top:.6em;font-size:.9em}
td,th{border:1px solid #ddd;padding:.2em .5em;text-align:left}th{background:#f3f3f3}
.legend mark{margin-right:.6em}
"""
SCRIPT = """
document.querySelectorAll('input[data-cat]').forEach(function(box){
  box.addEventListener('change',function(){
    document.body.classList.toggle('hide-'+box.dataset.cat,!box.checked);});});
"""


def _spans(rec: dict) -> list[tuple[int, int, str, str]]:
    """(start, end, category, tooltip) of every highlightable span in a record."""
    out = []
    for cat, key in (("method", "methods"), ("dataset", "datasets"), ("metric", "metrics")):
        for item in rec.get(key) or []:
            if not isinstance(item, dict):
                continue
            tip = f"{cat}: {item.get('name')}" + (f" ({item['role']})" if item.get("role") else "")
            for m in item.get("mentions") or []:
                if isinstance(m, dict) and isinstance(m.get("start"), int):
                    out.append((m["start"], m.get("end", m["start"]), cat, tip))
    for r in rec.get("results") or []:
        if isinstance(r, dict) and isinstance(r.get("start"), int):
            tip = f"result: {r.get('value')} {r.get('unit') or ''} {r.get('kind')}".strip()
            out.append((r["start"], r.get("end", r["start"]), "result", tip))
            base = r.get("from_span")
            if isinstance(base, dict) and isinstance(base.get("start"), int):
                out.append(
                    (
                        base["start"],
                        base.get("end", base["start"]),
                        "result",
                        f"baseline of {r.get('value')}",
                    )
                )
    return out


def _highlight(text: str, start: int, end: int, spans: list, bad: set[tuple[int, int]]) -> str:
    """Escaped text[start:end] with non-overlapping spans inside it wrapped in <mark>."""
    inside = sorted((s for s in spans if start <= s[0] < s[1] <= end), key=lambda s: (s[0], -s[1]))
    html, pos = [], start
    for s, e, cat, tip in inside:
        if s < pos:
            continue
        html.append(escape(text[pos:s]))
        cls = f"hl hl-{cat}" + (" bad" if (s, e) in bad else "")
        html.append(
            f'<mark class="{cls}" data-cat="{cat}" title="{escape(tip)}">{escape(text[s:e])}</mark>'
        )
        pos = e
    html.append(escape(text[pos:end]))
    return "".join(html)


def _abstract_html(n: int, rec: dict, bad: set[tuple[int, int]]) -> str:
    text = rec.get("text") if isinstance(rec.get("text"), str) else ""
    spans = _spans(rec)
    parts, pos = [], 0
    for sent in rec.get("sentences") or []:
        if not isinstance(sent, dict):
            continue
        s, e = sent.get("start", 0), sent.get("end", 0)
        if not (isinstance(s, int) and isinstance(e, int) and pos <= s <= e <= len(text)):
            continue
        parts.append(escape(text[pos:s]))
        parts.append(
            f'<span class="sent" id="d{n}-s{sent.get("index")}">'
            f"{_highlight(text, s, e, spans, bad)}</span>"
        )
        pos = e
    parts.append(_highlight(text, pos, len(text), spans, bad))
    return "".join(parts)


def _results_table(n: int, rec: dict) -> str:
    rows = [r for r in rec.get("results") or [] if isinstance(r, dict)]
    if not rows:
        return ""
    head = "".join(
        f"<th>{h}</th>"
        for h in (
            "text",
            "value",
            "unit",
            "kind",
            "metric",
            "dataset",
            "method",
            "baseline",
            "sentence",
        )
    )
    body = []
    for r in rows:
        cells = [
            r.get(k)
            for k in ("text", "value", "unit", "kind", "metric", "dataset", "method", "from_value")
        ]
        tds = "".join(f"<td>{escape('' if c is None else str(c))}</td>" for c in cells)
        sent = escape(str(r.get("sentence")))
        link = f'<a href="#d{n}-s{sent}">#{sent}</a>'
        body.append(f"<tr>{tds}<td>{link}</td></tr>")
    return f'<table class="results"><tr>{head}</tr>{"".join(body)}</table>'


def _article(n: int, rec: dict | None, audit: RecordAudit | None) -> str:
    failures = audit.failures if audit else []
    bad = {(f.start, f.end) for f in failures if f.start is not None}
    fail_html = ""
    if failures:
        items = "".join(
            f"<li><b>{escape(f.check)}</b> {escape(f.where or '')} {escape(f.detail)}</li>"
            for f in failures
        )
        fail_html = f'<div class="failures"><ul>{items}</ul></div>'
    if rec is None:
        return (
            f'<article class="failed" id="d{n}"><h2>line {audit.line if audit else "?"}: '
            f"unreadable record</h2>{fail_html}</article>"
        )
    title = rec.get("title") or rec.get("source_id") or f"record {rec.get('ordinal')}"
    src = rec.get("source") if isinstance(rec.get("source"), dict) else {}
    meta = (
        f"{escape(str(src.get('path')))} · ordinal {escape(str(rec.get('ordinal')))} · "
        f"doc_id {escape(str(rec.get('doc_id')))}"
    )
    cls = "failed" if failures else "verified"
    return (
        f'<article class="{cls}" id="d{n}"><h2>{escape(str(title))}</h2>'
        f'<div class="meta">{meta}</div>{fail_html}'
        f'<div class="abstract">{_abstract_html(n, rec, bad)}</div>'
        f"{_results_table(n, rec)}</article>"
    )


def _count(rows: list[dict | None], key: str) -> int:
    return sum(len(r.get(key) or []) for r in rows if isinstance(r, dict))


def render_report(report: AuditReport, title: str = "Extraction audit") -> str:
    """The whole page as one string: no external resources, every source string escaped."""
    rows = report.rows
    summary = report.summary()
    counts: list[tuple[str, Any]] = [
        ("records", summary["records"]),
        ("verified", summary["verified"]),
        ("failed", summary["failed"]),
        ("methods", _count(rows, "methods")),
        ("datasets", _count(rows, "datasets")),
        ("metrics", _count(rows, "metrics")),
        ("results", _count(rows, "results")),
    ]
    count_html = "".join(f'<span class="count-{k}">{k} <b>{v}</b></span>' for k, v in counts)
    boxes = "".join(
        f'<label><input type="checkbox" data-cat="{c}" checked> '
        f'<mark class="hl hl-{c}">{c}s</mark></label>'
        for c in CATEGORIES
    )
    articles = "".join(
        _article(n, rec, audit)
        for n, (rec, audit) in enumerate(zip(rows, report.records, strict=True), 1)
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<header><h1>{escape(title)}: {escape(report.records_file)}</h1>"
        f'<div class="counts">{count_html}</div><div class="legend">show: {boxes}</div>'
        f"</header><main>{articles}</main><script>{SCRIPT}</script></body></html>"
    )
