"""The streamed, paged report of a run: pages, an index with search and a failed-only filter."""

from __future__ import annotations

import re

import orjson

from pipeline.quality.audit import audit_file
from pipeline.quality.pages import write_paged_report
from pipeline.run.sequence import run_pipeline
from tests.conftest import SEED


def test_one_page_run_gets_the_page_itself(tmp_path):
    run_pipeline([SEED], tmp_path / "out")
    html = (tmp_path / "out" / "report.html").read_text()
    assert html.count("<article ") == 19 and 'data-only="failed"' in html


def test_long_run_gets_pages_and_an_index(tmp_path):
    run_pipeline([SEED], tmp_path / "out", report=False)
    records = tmp_path / "out" / "records.jsonl"
    rec = orjson.loads(records.read_bytes().splitlines()[4])
    rec["text"] = "changed"  # one record fails its source and span checks
    lines = records.read_bytes().splitlines()
    lines[4] = orjson.dumps(rec)
    records.write_bytes(b"\n".join(lines) + b"\n")
    folder = tmp_path / "report"
    folder.mkdir()
    got = write_paged_report(records, folder, page_size=4)
    expected = audit_file(records).summary()
    assert {k: got[k] for k in ("records", "verified", "failed")} == {
        k: expected[k] for k in ("records", "verified", "failed")
    }
    pages = sorted((folder / "report").glob("page-*.html"))
    assert len(pages) == 5  # 19 records, 4 a page
    index = (folder / "report.html").read_text()
    assert index.count('<tr class="doc ') == 19 and index.count('<tr class="doc failed"') == 1
    assert 'id="search"' in index and 'data-only="failed"' in index
    for href in re.findall(r'href="([^"]+)"', index):
        assert re.fullmatch(r"report/page-\d{4}\.html(#d\d+)?", href), href
        assert (folder / href.split("#")[0]).is_file()
    middle = pages[2].read_text()
    assert middle.count("<article ") == 4
    assert 'href="page-0002.html"' in middle and 'href="page-0004.html"' in middle
    assert 'href="../report.html"' in middle
    assert sum(p.read_text().count('<article class="failed"') for p in pages) == 1
    assert not list((folder / "report").glob(".*"))  # the rows' temp file is gone


def test_audit_reads_jsonl_sources_line_by_line_as_split_does(tmp_path):
    from pipeline.io.ingest import BOM
    from pipeline.quality.audit import JsonLines

    for data in (b"", b"a", b"a\n", b"a\r\nb\n\nc", BOM + b'{"x": 1}\n{"y": 2}', b"\n\n"):
        path = tmp_path / "f.jsonl"
        path.write_bytes(data)
        expected = data.removeprefix(BOM).split(b"\n")
        lines = JsonLines(path)
        assert [lines[i] for i in range(len(lines))] == expected
        assert lines[-1] == expected[-1]


def test_a_rerun_reuses_verified_articles_and_writes_the_same_report(tmp_path, monkeypatch):
    import pipeline.quality.pages as pages

    out = tmp_path / "out"
    run_pipeline([SEED], out)
    first = (out / "report.html").read_bytes()
    rendered = []
    real = pages.render_article
    monkeypatch.setattr(pages, "render_article", lambda a: rendered.append(a) or real(a))
    run_pipeline([SEED], out)
    assert rendered == []  # every article came from the cache
    assert (out / "report.html").read_bytes() == first
    fresh = tmp_path / "fresh"
    run_pipeline([SEED], fresh)
    assert (fresh / "report.html").read_bytes() == first.replace(bytes(out), bytes(fresh))


def test_cached_articles_are_not_used_when_the_source_changed(tmp_path):
    src = tmp_path / "seed.txt"
    src.write_bytes(SEED.read_bytes())
    out = tmp_path / "out"
    run_pipeline([src], out, report=False)
    records, store = out / "records.jsonl", out / "store.sqlite"
    (tmp_path / "r1").mkdir()
    got = write_paged_report(records, tmp_path / "r1", cache_file=store)
    assert got["verified"] == 19
    (tmp_path / "r2").mkdir()
    src.write_bytes(SEED.read_bytes() + b"\n")  # the records no longer match their source
    got = write_paged_report(records, tmp_path / "r2", cache_file=store)
    assert got["failed"] == 19 and got["failures_by_check"] == {"source-changed": 19}


def test_a_report_fed_line_by_line_equals_the_one_pass_report(tmp_path):
    from pipeline.quality.pages import StreamingReport

    run_pipeline([SEED], tmp_path / "out", report=False)
    records = tmp_path / "out" / "records.jsonl"
    lines = records.read_bytes().splitlines()
    lines[4] = lines[4].replace(b'"text":"', b'"text":"x', 1)  # one record fails its checks
    records.write_bytes(b"\n".join(lines) + b"\n")
    one_pass, fed = tmp_path / "one", tmp_path / "fed"
    one_pass.mkdir()
    fed.mkdir()
    expected = write_paged_report(records, one_pass, page_size=4, shown_as="records.jsonl")
    stream = StreamingReport(records, fed, page_size=4, shown_as="records.jsonl")
    for n, line in enumerate(lines, start=1):
        stream.add(n, line)
    assert stream.finish() == expected and expected["failed"] == 1
    written = sorted(p.relative_to(one_pass) for p in one_pass.rglob("*") if p.is_file())
    assert written == sorted(p.relative_to(fed) for p in fed.rglob("*") if p.is_file())
    assert all((one_pass / p).read_bytes() == (fed / p).read_bytes() for p in written)


def _paged_twice(tmp_path, monkeypatch, change=None):
    """A 5-page report of the seed's records written, `change` applied, written again: the
    records audited the second time, and both reports' files."""
    import pipeline.quality.pages as pages

    src = tmp_path / "seed.txt"
    src.write_bytes(SEED.read_bytes())
    out = tmp_path / "out"
    run_pipeline([src], out, report=False)
    records, store = out / "records.jsonl", out / "store.sqlite"
    lines = records.read_bytes().splitlines()
    lines[4] = lines[4].replace(b'"text":"', b'"text":"x', 1)  # page 2 holds a failure
    records.write_bytes(b"\n".join(lines) + b"\n")
    first, second = tmp_path / "r1", tmp_path / "r2"
    for folder in (first, second):
        folder.mkdir()
    got1 = write_paged_report(records, first, page_size=4, shown_as="r", cache_file=store)
    if change:
        change(src, records)
    audited = []
    real = pages.audit_one
    monkeypatch.setattr(pages, "audit_one", lambda n, *a: audited.append(n) or real(n, *a))
    got2 = write_paged_report(records, second, page_size=4, shown_as="r", cache_file=store)
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    same = files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file()) and all(
        (first / p).read_bytes() == (second / p).read_bytes() for p in files
    )
    return audited, got1, got2, same


def test_a_rerun_copies_whole_pages_and_writes_the_same_report(tmp_path, monkeypatch):
    audited, got1, got2, same = _paged_twice(tmp_path, monkeypatch)
    assert audited == [] and same
    assert got1 == got2 and got2["failed"] == 1 and got2["records"] == 19


def test_a_page_whose_lines_changed_is_audited_again(tmp_path, monkeypatch):
    def change(src, records):
        lines = records.read_bytes().splitlines()
        records.write_bytes(b"\n".join([*lines, lines[0]]) + b"\n")  # a 20th record

    audited, _, got2, _ = _paged_twice(tmp_path, monkeypatch, change)
    assert audited == [17, 18, 19, 20] and got2["records"] == 20  # page 5 had been the last


def test_no_page_is_copied_when_its_source_changed(tmp_path, monkeypatch):
    def change(src, records):
        src.write_bytes(SEED.read_bytes() + b"\n")

    audited, _, got2, _ = _paged_twice(tmp_path, monkeypatch, change)
    assert audited == list(range(1, 20)) and got2["failures_by_check"]["source-changed"] == 19
