"""The HTML report: self-contained, escaped, highlighted, with failures and results tables."""

import re

import orjson

from pipeline.quality.audit import audit_file
from pipeline.quality.report import render_report
from pipeline.run.sequence import run_pipeline

HOSTILE = (
    "We propose EvilNet <script>window.__pwned=1</script> and "
    '<img src=x onerror="window.__pwned=2">. EvilNet reaches 91.5% accuracy on CIFAR-10.'
)


def render(tmp_path, abstracts):
    src = tmp_path / "in.jsonl"
    src.write_bytes(
        b"".join(
            orjson.dumps({"id": f"p{i}", "abstract": a}) + b"\n" for i, a in enumerate(abstracts)
        )
    )
    run_pipeline([src], tmp_path / "out", report=False)
    return render_report(audit_file(tmp_path / "out" / "records.jsonl"))


def test_source_text_is_escaped(tmp_path):
    html = render(tmp_path, [HOSTILE])
    assert "<script>window" not in html and "<img src=x" not in html
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in html
    assert html.count("<script>") == 1  # only the page's own filter script


def test_self_contained(tmp_path):
    html = render(tmp_path, [HOSTILE])
    assert not re.search(r"<(?:link|script)[^>]+(?:src|href)=", html)
    assert "http://" not in html and "https://" not in html


def test_highlights_results_table_and_counts(tmp_path):
    html = render(tmp_path, [HOSTILE])
    assert '<mark class="hl hl-method" data-cat="method"' in html
    assert 'class="hl hl-dataset"' in html and 'class="hl hl-result"' in html
    assert "<th>baseline</th>" in html and 'href="#d1-s1"' in html
    assert 'class="count-results">results <b>1</b>' in html


def test_failed_checks_are_marked(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_bytes(orjson.dumps({"id": "p", "abstract": HOSTILE}) + b"\n")
    run_pipeline([src], tmp_path / "out", report=False)
    records = tmp_path / "out" / "records.jsonl"
    rec = orjson.loads(records.read_bytes())
    rec["results"][0]["value"] = 1.0
    records.write_bytes(orjson.dumps(rec) + b"\n")
    html = render_report(audit_file(records))
    assert '<article class="failed"' in html and 'class="hl hl-result bad"' in html
    assert "<b>value</b>" in html
