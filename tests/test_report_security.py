"""The HTML report treats records.jsonl as untrusted: tampered records render inert."""

import base64
import hashlib
import itertools
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import orjson
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.run.sequence import run_pipeline
from tests.test_report import HOSTILE

# Each payload sets window.__pwned (or raises an alert) if it ever runs.
PAYLOADS = (
    '"><script>window.__pwned="attr"</script><x y="',
    "<img src=x onerror=\"window.__pwned='img'\">",
    "javascript:window.__pwned='url'",
    "' onmouseover='window.__pwned=\"quote\"' x='",
    "</title></style></textarea><svg onload=\"window.__pwned='svg'\">",
    "<a href=\"javascript:window.__pwned='link'\">click</a>",
    '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
)
INDEX_PAYLOAD = '"><script>alert(1)</script><x y="'  # issue 11: sentences[0].index
RECORDS_NAME = "<img src=x onerror=alert(9)>.jsonl"  # a records file's name is shown too
ALLOWED_TAGS = {
    "html", "head", "meta", "title", "style", "body", "header", "h1", "div", "span", "b",
    "label", "input", "mark", "main", "article", "h2", "ul", "li", "table", "tr", "th", "td",
    "a", "script",
}  # fmt: skip


def poison(value: Any, payloads: Iterator[str]) -> Any:
    """Every string inside a JSON value replaced by the next payload; numbers and shape kept."""
    if isinstance(value, str):
        return next(payloads)
    if isinstance(value, list):
        return [poison(v, payloads) for v in value]
    if isinstance(value, dict):
        return {k: poison(v, payloads) for k, v in value.items()}
    return value


def tampered_records(tmp_path: Path) -> Path:
    """A records file: one genuine record, then tampered copies of it, then a broken line."""
    src = tmp_path / "in.jsonl"
    src.write_bytes(orjson.dumps({"id": "evil", "abstract": HOSTILE}) + b"\n")
    run_pipeline([src], tmp_path / "out", report=False)
    genuine = orjson.loads((tmp_path / "out" / "records.jsonl").read_bytes())
    evil = poison(genuine, itertools.cycle(PAYLOADS))
    evil["results"][0]["from_span"] = {"text": PAYLOADS[2], "start": 0, "end": INDEX_PAYLOAD}
    evil["methods"][0]["mentions"][0]["end"] = PAYLOADS[0]
    # the same with the genuine text, so sentences and highlights render around the payloads
    kept = dict(poison(genuine, itertools.cycle(PAYLOADS)), text=genuine["text"])
    kept["sentences"][0]["index"] = INDEX_PAYLOAD
    kept["results"][0]["sentence"] = INDEX_PAYLOAD
    # the same payloads where lists, objects and numbers belong
    shapes = {k: PAYLOADS[i % len(PAYLOADS)] for i, k in enumerate(genuine)}
    mixed = dict(genuine, text=HOSTILE, sentences=[{"index": p} for p in PAYLOADS])
    mixed["results"] = [dict(r, sentence=PAYLOADS[0], kind=PAYLOADS[1]) for r in genuine["results"]]
    records = tmp_path / "out" / RECORDS_NAME
    lines = [orjson.dumps(r) for r in (genuine, evil, kept, shapes, mixed)]
    records.write_bytes(b"\n".join([*lines, PAYLOADS[0].encode(), b""]))
    return records


def audit_html(records: Path) -> str:
    """`audit --html` on a records file, as a user runs it; the page's text."""
    html = records.with_name("report.html")
    result = CliRunner().invoke(app, ["audit", str(records), "--html", str(html)])
    # tampered records fail their checks: exit 1, not a crash
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    return html.read_text(encoding="utf-8")


class Page(HTMLParser):
    """Every element, attribute, script and style body, and text of an HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str, str]] = []
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.text: list[str] = []
        self._raw: list[str] | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += [(tag, k, v or "") for k, v in attrs]
        if tag in ("script", "style"):
            self._raw = self.scripts if tag == "script" else self.styles
            self._raw.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._raw = None

    def handle_data(self, data: str) -> None:
        if self._raw is not None:
            self._raw[-1] += data
        else:
            self.text.append(data)


def assert_inert(page: Page, own_script: str) -> None:
    """No script but the page's own, no event handler, no script URL, only expected elements."""
    assert page.scripts == [own_script]
    assert set(page.tags) <= ALLOWED_TAGS, set(page.tags) - ALLOWED_TAGS
    assert not [(t, k) for t, k, _ in page.attrs if k.lower().startswith("on")]
    assert not [(t, k) for t, k, _ in page.attrs if t == "script" and k == "src"]
    for _, key, value in page.attrs:
        squeezed = re.sub(r"[\x00-\x20]", "", value).lower()
        assert not squeezed.startswith(("javascript:", "vbscript:", "data:")), (key, value)
        if key == "href":
            assert value.startswith("#"), value


def test_tampered_records_render_inert(tmp_path):
    clean = Page(audit_html(tmp_path / "missing.jsonl"))  # no records: the bare page
    (own_script,) = clean.scripts
    html = audit_html(tampered_records(tmp_path))
    page = Page(html)
    assert_inert(page, own_script)
    assert "<script>alert(1)" not in html and "<img src=x" not in html
    text = "".join(page.text)
    assert PAYLOADS[1] in text and INDEX_PAYLOAD in text  # shown as text, not dropped
    assert RECORDS_NAME in text
    assert html.count('<article class="failed"') == 5  # all but the genuine record


def test_genuine_record_still_highlighted_beside_tampered_ones(tmp_path):
    page = Page(audit_html(tampered_records(tmp_path)))
    cats = {v for t, k, v in page.attrs if t == "mark" and k == "data-cat"}
    assert {"method", "dataset", "metric", "result"} <= cats
    assert ("a", "href", "#d1-s1") in page.attrs


def test_content_security_policy_allows_only_the_page_script(tmp_path):
    """Defence in depth: the page's own script and style run, nothing else may load or run."""
    html = audit_html(tampered_records(tmp_path))
    page = Page(html)
    (csp,) = [v for t, k, v in page.attrs if t == "meta" and k == "content" and "src" in v]
    assert ("meta", "http-equiv", "Content-Security-Policy") in page.attrs
    policy = dict(d.strip().split(" ", 1) for d in csp.split(";") if d.strip())
    assert policy["default-src"] == "'none'"
    for directive, (body,) in (("script-src", page.scripts), ("style-src", page.styles)):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert policy[directive] == f"'sha256-{digest}'"


def test_template_is_package_data_with_autoescape():
    from importlib.resources import files

    from pipeline.quality import report

    assert (files("pipeline.quality") / "templates" / "report.html.j2").is_file()
    assert report.ENV.autoescape is True
