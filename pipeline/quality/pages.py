"""The report of a run, streamed: pages of at most PAGE_SIZE records and an index.

One pass over records.jsonl: each record is audited, its page is written once full, and its
index row goes to a temporary file; memory holds one page. With an `ArticleCache` (the run's
store), a record line that verified before, whose source file is unchanged, is not audited or
rendered again: its article comes from the cache; and a page of a paged report whose record
lines, number and place are those of a page written before, with its sources unchanged, is
copied whole with its index rows (a scheduled tick pays for what is new).
A run of one page gets that page as `report.html`; a longer one gets `report.html` as the index
(totals, pages, one searchable row per record, a "failed only" filter) and
`report/page-NNNN.html` as the pages.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import orjson
from markupsafe import Markup, escape

from pipeline.quality.audit import Failure, RecordAudit, SourceCache, _lines_of, audit_line
from pipeline.quality.report import (
    ENV,
    _asset,
    article,
    page_csp,
    record_counts,
    render_article,
    render_page,
)

PAGE_SIZE = 500
INDEX = "report.html"
PAGES = "report"
STALE_SHOWN = 100
ROWS = Markup("<!--rows-->")


def _page_name(number: int) -> str:
    return f"page-{number:04d}.html"


@dataclass
class WrittenPage:
    """A page as written: its HTML, its index rows, its entry in the index and its figures."""

    html: str
    rows: str
    entry: dict[str, Any]
    items: list[int]
    failed: int
    by_check: dict[str, int]
    stale: int
    sources: list[tuple[str, str | None]]


class PagedReport:
    """Pages and index rows of one report, written as records arrive (a page when `flush`ed)."""

    def __init__(self, folder: Path, records_file: str, page_size: int) -> None:
        self.folder, self.records_file, self.page_size = folder, records_file, page_size
        self.pages_dir = folder / PAGES
        self.pages_dir.mkdir(exist_ok=True)
        self.rows = (self.pages_dir / ".rows.tmp").open("w", encoding="utf-8")
        self.page: list[tuple[int, dict | None, RecordAudit, Markup]] = []
        self.page_rows: list[str] = []
        self.pages: list[dict[str, Any]] = []
        self.totals = {"records": 0, "verified": 0, "failed": 0}
        self.items = [0, 0, 0, 0]
        self.by_check: dict[str, int] = {}
        self.stale: list[dict[str, Any]] = []
        self.stale_count = 0

    def add(self, n: int, rec: dict | None, ra: RecordAudit, html: Markup) -> None:
        """Count, index and hold one record on the page (`html`: its article)."""
        self.page.append((n, rec, ra, html))
        self.totals["records"] += 1
        self.totals["verified" if ra.ok else "failed"] += 1
        for f in ra.failures:
            self.by_check[f.check] = self.by_check.get(f.check, 0) + 1
        if ra.stale:
            self.stale_count += 1
            if len(self.stale) < STALE_SHOWN:
                self.stale.append({"line": ra.line, "doc_id": ra.doc_id, "source": ra.source_path})
        self.items = [a + b for a, b in zip(self.items, record_counts([rec]), strict=True)]
        self.page_rows.append(self._row(n, rec, ra, len(self.pages) + 1))

    def _row(self, n: int, rec: dict | None, ra: RecordAudit, page: int) -> str:
        rec = rec if isinstance(rec, dict) else {}
        src = rec.get("source") if isinstance(rec.get("source"), dict) else {}
        title = rec.get("title") or rec.get("source_id") or f"record {rec.get('ordinal')}"
        checks = ", ".join(sorted({f.check for f in ra.failures}))
        cells = (title, f"{src.get('path')}:{rec.get('ordinal')}", rec.get("doc_id"), checks)
        state = "failed" if ra.failures else "verified"
        href = f"{PAGES}/{_page_name(page)}#d{n}"
        return (
            f'<tr class="doc {state}"><td><a href="{escape(href)}">{n}</a></td>'
            + "".join(f"<td>{escape('' if c is None else str(c))}</td>" for c in cells)
            + "</tr>\n"
        )

    def _counts(self, totals: dict[str, int], items: list[int]) -> list[tuple[str, Any]]:
        names = ("methods", "datasets", "metrics", "results")
        return [*totals.items(), *zip(names, items, strict=True)]

    def flush(self, last: bool) -> WrittenPage:
        """Write the page held and its index rows (a middle page links to the next one)."""
        number = len(self.pages) + 1
        rows = [rec for _, rec, _, _ in self.page]
        failed = sum(not ra.ok for _, _, ra, _ in self.page)
        by_check: dict[str, int] = {}
        for _, _, ra, _ in self.page:
            for f in ra.failures:
                by_check[f.check] = by_check.get(f.check, 0) + 1
        stale = sum(ra.stale for _, _, ra, _ in self.page)
        totals = {"records": len(rows), "verified": len(rows) - failed, "failed": failed}
        nav = [("index", f"../{INDEX}")]
        if number > 1:
            nav.append(("previous page", _page_name(number - 1)))
        if not last:
            nav.append(("next page", _page_name(number + 1)))
        html = render_page(
            self.records_file,
            self._counts(totals, record_counts(rows)),
            [html for _, _, _, html in self.page],
            nav=nav,
            title=f"Extraction audit, page {number}",
        )
        sources = list(dict.fromkeys(
            (str(src.get("path")), src.get("sha256"))
            for rec in rows
            if isinstance(rec, dict) and isinstance(src := rec.get("source"), dict)
        ))  # fmt: skip
        paths = list(dict.fromkeys(path for path, _ in sources))
        inputs = ", ".join(paths[:3]) + (f" +{len(paths) - 3} more" if len(paths) > 3 else "")
        entry = {"number": number, "href": f"{PAGES}/{_page_name(number)}",
                 "records": len(rows), "failed": failed, "inputs": inputs}  # fmt: skip
        written = WrittenPage(
            html, "".join(self.page_rows), entry, record_counts(rows), failed, by_check, stale,
            sources,
        )  # fmt: skip
        self._write(written)
        self.page, self.page_rows = [], []
        return written

    def _write(self, page: WrittenPage) -> None:
        (self.pages_dir / _page_name(page.entry["number"])).write_text(page.html, encoding="utf-8")
        self.rows.write(page.rows)
        self.pages.append(page.entry)

    def add_page(self, page: WrittenPage) -> None:
        """Write a page as a report wrote it before (none of its sources stale), and count it."""
        n = page.entry["records"]
        self.totals["records"] += n
        self.totals["verified"] += n - page.failed
        self.totals["failed"] += page.failed
        for check, count in page.by_check.items():
            self.by_check[check] = self.by_check.get(check, 0) + count
        self.items = [a + b for a, b in zip(self.items, page.items, strict=True)]
        self._write(page)

    def finish(self) -> None:
        """Write report.html: the only page itself, or the index of the pages."""
        self.rows.close()
        rows_file = self.pages_dir / ".rows.tmp"
        counts = self._counts(self.totals, self.items)
        if not self.pages:  # one page: it is the report
            articles = [html for _, _, _, html in self.page]
            html = render_page(self.records_file, counts, articles)
            (self.folder / INDEX).write_text(html, encoding="utf-8")
            rows_file.unlink()
            return
        if self.page:
            self.flush(last=True)
        style, script = _asset("report.css"), _asset("report.js")
        head, tail = (
            ENV.get_template("index.html.j2")
            .render(
                title="Extraction audit",
                records_file=self.records_file,
                counts=counts,
                pages=self.pages,
                rows=ROWS,
                csp=page_csp(style, script),
                style=style,
                script=script,
            )
            .split(str(ROWS))
        )
        with (self.folder / INDEX).open("w", encoding="utf-8") as out:
            out.write(head)
            with rows_file.open(encoding="utf-8") as rows:
                shutil.copyfileobj(rows, out)
            out.write(tail)
        rows_file.unlink()

    def summary(self) -> dict[str, Any]:
        """The audit's figures, as AuditReport.summary() gives them (stale list capped)."""
        return {
            "records_file": self.records_file,
            **self.totals,
            "failures_by_check": self.by_check,
            "stale_records": self.stale,
            "stale_count": self.stale_count,
        }


@cache
def report_print() -> str:
    """A hash of what an article depends on besides its record: templates and audit code."""
    package = files("pipeline.quality")
    digest = hashlib.sha256()
    for name in ("audit.py", "report.py", "pages.py"):
        digest.update((package / name).read_bytes())
    for path in sorted((package / "templates").iterdir(), key=lambda p: p.name):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


class ArticleCache:
    """Rendered articles of verified record lines, and written pages whose sources were
    unchanged, in SQLite tables of the run's store.

    Each report stamps the rows it uses (in batches, nothing held per record; the stamps sit
    in a narrow table of their own, so stamping a copied page's 500 articles costs
    milliseconds) and drops the rows the previous reports used but this one did not."""

    def __init__(self, path: Path) -> None:
        # one thread at a time, not always the one that opened it (a Prefect task finishes)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("DROP TABLE IF EXISTS articles")  # the layout before report_seen
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS report_articles (key TEXT PRIMARY KEY, html BLOB NOT NULL)"
        )
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS report_pages (key TEXT PRIMARY KEY, page BLOB NOT NULL)"
        )
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS report_seen"
            " (key TEXT PRIMARY KEY, seen INTEGER NOT NULL) WITHOUT ROWID"
        )
        (last,) = self.db.execute("SELECT coalesce(max(seen), 0) FROM report_seen").fetchone()
        self.stamp = last + 1
        self.new: list[tuple[str, bytes]] = []
        self.new_pages: list[tuple[str, bytes]] = []
        self.seen: list[tuple[str, int]] = []

    @staticmethod
    def key(line: bytes) -> str:
        """The cache key of a record line under this version of the templates and audit."""
        return hashlib.sha256(report_print().encode() + b"\0" + line).hexdigest()

    def _use(self, key: str) -> None:
        self.seen.append((key, self.stamp))
        if len(self.seen) >= 500:
            self.commit()

    def get(self, key: str) -> str | None:
        """The cached article of a record line, if any."""
        row = self.db.execute("SELECT html FROM report_articles WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        self._use(key)
        return bytes(row[0]).decode("utf-8")

    def put(self, key: str, html: str) -> None:
        """Cache the article of a record line that verified."""
        self.new.append((key, html.encode("utf-8")))
        self._use(key)

    def touch(self, lines: list[bytes]) -> None:
        """Stamp the articles of record lines whose page came whole from the cache (kept for
        a later report whose pages fall differently)."""
        for line in lines:
            self._use(self.key(line))

    @staticmethod
    def page_key(shown_as: str, number: int, first: int, last: bool, lines: list[bytes]) -> str:
        """The cache key of a page: its record lines, number, first line number, whether it is
        the last page, the records file it names, and this version of templates and audit."""
        head = f"{report_print()}\0{shown_as}\0{number}\0{first}\0{int(last)}\0"
        digest = hashlib.sha256(head.encode())
        for line in lines:
            digest.update(line + b"\n")
        return digest.hexdigest()

    def get_page(self, key: str) -> WrittenPage | None:
        """The cached page with `key`, if any."""
        row = self.db.execute("SELECT page FROM report_pages WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        self._use(key)
        got = orjson.loads(row[0])
        got["sources"] = [tuple(pair) for pair in got["sources"]]
        return WrittenPage(**got)

    def put_page(self, key: str, page: WrittenPage) -> None:
        """Cache a page none of whose records is stale (their sources are as they name them)."""
        self.new_pages.append((key, orjson.dumps(asdict(page))))
        self._use(key)

    def commit(self) -> None:
        """Write the buffered articles, pages and stamps."""
        self.db.execute("BEGIN")
        self.db.executemany("INSERT OR REPLACE INTO report_articles VALUES (?, ?)", self.new)
        self.db.executemany("INSERT OR REPLACE INTO report_pages VALUES (?, ?)", self.new_pages)
        self.db.executemany("INSERT OR REPLACE INTO report_seen VALUES (?, ?)", self.seen)
        self.db.execute("COMMIT")
        self.new, self.new_pages, self.seen = [], [], []

    def close(self) -> None:
        """Commit, drop the articles and pages this report did not use, close."""
        self.commit()
        old = "SELECT key FROM report_seen WHERE seen < ?"
        self.db.execute("BEGIN")
        self.db.execute(f"DELETE FROM report_articles WHERE key IN ({old})", (self.stamp,))
        self.db.execute(f"DELETE FROM report_pages WHERE key IN ({old})", (self.stamp,))
        self.db.execute("DELETE FROM report_seen WHERE seen < ?", (self.stamp,))
        self.db.execute("COMMIT")
        self.db.close()


def numbered(html: str, n: int) -> Markup:
    """An article rendered as record 0, its anchors renumbered for record `n`.

    Record values are escaped (a quote becomes &#34;), so these quoted forms are only ids."""
    html = html.replace('id="d0"', f'id="d{n}"', 1)
    html = html.replace('id="d0-s', f'id="d{n}-s').replace('href="#d0-s', f'href="#d{n}-s')
    return Markup(html)


def _unchanged_source(rec: dict | None, sources: SourceCache) -> bool:
    """The record's source file is found and has the sha256 the record names."""
    src = rec.get("source") if isinstance(rec, dict) else None
    if not isinstance(src, dict) or not isinstance(src.get("path"), str):
        return False
    found = sources.find(src["path"], src.get("sha256"))
    return found is not None and found.sha256 == src.get("sha256")


def audit_one(n: int, raw: bytes, sources: SourceCache, cache_: ArticleCache | None):
    """(line number, record, audit, article) of record line `n` (a cached article when the
    line verified before and its source is unchanged)."""
    key = cache_.key(raw) if cache_ is not None else None
    cached = cache_.get(key) if cache_ is not None and key is not None else None
    if cached is not None:
        rec = orjson.loads(raw)
        if _unchanged_source(rec, sources):
            ra = RecordAudit(line=n, doc_id=rec.get("doc_id"), ordinal=rec.get("ordinal"),
                             source_path=rec["source"]["path"])  # fmt: skip
            return n, rec, ra, numbered(cached, n)
    ra, rec = audit_line(n, raw, sources, schema=False)
    html = str(render_article(article(0, rec, ra)))
    if cache_ is not None and key is not None and ra.ok:
        cache_.put(key, html)
    return n, rec, ra, numbered(html, n)


class StreamingReport:
    """The report of a records file fed its lines as they are written (a run audits and
    renders each batch while the next one is extracted); the same pages as a later pass."""

    def __init__(
        self,
        records: Path,
        folder: Path,
        *,
        shown_as: str | None = None,
        page_size: int = PAGE_SIZE,
        cache_file: Path | None = None,
    ) -> None:
        self.report = PagedReport(folder, shown_as or str(records), page_size)
        self.sources = SourceCache(records)
        self.articles = ArticleCache(cache_file) if cache_file is not None else None
        self.held: list[tuple[int, bytes]] = []  # the lines of the page being filled
        self.done: dict[str, Any] | None = None

    def add(self, n: int, raw: bytes) -> None:
        """Take record line `n` of the records file (a full page before it is written now)."""
        if len(self.held) == self.report.page_size:
            self._write_page(last=False)
        self.held.append((n, raw))

    def _write_page(self, last: bool) -> None:
        """Write the held lines as a page: whole from the cache when a page of the same lines,
        number and place was written before and its sources are unchanged, else audited."""
        held, self.held = self.held, []
        lines = [raw for _, raw in held]
        cache_, key = self.articles, None
        if cache_ is not None:
            number = len(self.report.pages) + 1
            key = cache_.page_key(self.report.records_file, number, held[0][0], last, lines)
            cached = cache_.get_page(key)
            if cached is not None and all(
                (found := self.sources.find(path, sha)) is not None and found.sha256 == sha
                for path, sha in cached.sources
            ):
                self.report.add_page(cached)
                cache_.touch(lines)
                return
        for n, raw in held:
            self.report.add(*audit_one(n, raw, self.sources, cache_))
        page = self.report.flush(last)
        if cache_ is not None and key is not None and page.stale == 0:
            cache_.put_page(key, page)

    def finish(self, on_render: Callable[[str], None] | None = None) -> dict[str, Any]:
        """Write the last page and the index (once); the audit summary."""
        if self.done is None:
            if self.held and self.report.pages:  # the last page of several
                self._write_page(last=True)
            for n, raw in self.held:  # the only page: it is report.html
                self.report.add(*audit_one(n, raw, self.sources, self.articles))
            self.held = []
            self.close()
            if on_render is not None:
                from pipeline.run.progress import REPORTING

                on_render(REPORTING)
            self.report.finish()
            self.done = self.report.summary()
        return self.done

    def close(self) -> None:
        """Commit and close the article cache (a run that fails stops here)."""
        if self.articles is not None:
            self.articles.close()
            self.articles = None


def write_paged_report(
    records: Path,
    folder: Path,
    *,
    shown_as: str | None = None,
    page_size: int = PAGE_SIZE,
    on_render: Callable[[str], None] | None = None,
    cache_file: Path | None = None,
) -> dict[str, Any]:
    """Audit `records` (streamed, no schema pass: the run built them through its models) and
    write folder/report.html (and folder/report/ when paged); the audit summary. With
    `cache_file`, verified articles are kept there and reused while their source is unchanged."""
    stream = StreamingReport(
        records, folder, shown_as=shown_as, page_size=page_size, cache_file=cache_file
    )
    try:
        try:
            fh = records.open("rb")
        except OSError as exc:
            ra = RecordAudit(line=0, failures=[Failure("json", f"cannot read {records}: {exc}")])
            stream.report.add(0, None, ra, numbered(str(render_article(article(0, None, ra))), 0))
        else:
            with fh:
                for n, raw in enumerate(_lines_of(fh), start=1):
                    if raw.strip():
                        stream.add(n, raw)
        return stream.finish(on_render)
    finally:
        stream.close()
