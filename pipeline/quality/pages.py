"""The report of a run, streamed: pages of at most PAGE_SIZE records and an index.

One pass over records.jsonl: each record is audited, its page is written once full, and its
index row goes to a temporary file; memory holds one page. A run of one page gets that page as
`report.html`; a longer one gets `report.html` as the index (totals, pages, one searchable row
per record, a "failed only" filter) and `report/page-NNNN.html` as the pages.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from pipeline.quality.audit import RecordAudit, iter_audit
from pipeline.quality.report import (
    ENV,
    _asset,
    article,
    page_csp,
    record_counts,
    render_page,
)

PAGE_SIZE = 500
INDEX = "report.html"
PAGES = "report"
STALE_SHOWN = 100
ROWS = Markup("<!--rows-->")


def _page_name(number: int) -> str:
    return f"page-{number:04d}.html"


class PagedReport:
    """Pages and index rows of one report, written as records arrive."""

    def __init__(self, folder: Path, records_file: str, page_size: int) -> None:
        self.folder, self.records_file, self.page_size = folder, records_file, page_size
        self.pages_dir = folder / PAGES
        self.pages_dir.mkdir(exist_ok=True)
        self.rows = (self.pages_dir / ".rows.tmp").open("w", encoding="utf-8")
        self.page: list[tuple[int, dict | None, RecordAudit]] = []
        self.pages: list[dict[str, Any]] = []
        self.totals = {"records": 0, "verified": 0, "failed": 0}
        self.items = [0, 0, 0, 0]
        self.by_check: dict[str, int] = {}
        self.stale: list[dict[str, Any]] = []
        self.stale_count = 0

    def add(self, n: int, rec: dict | None, ra: RecordAudit) -> None:
        """Count, index and page one record."""
        if len(self.page) == self.page_size:
            self.flush(last=False)
        self.page.append((n, rec, ra))
        self.totals["records"] += 1
        self.totals["verified" if ra.ok else "failed"] += 1
        for f in ra.failures:
            self.by_check[f.check] = self.by_check.get(f.check, 0) + 1
        if ra.stale:
            self.stale_count += 1
            if len(self.stale) < STALE_SHOWN:
                self.stale.append({"line": ra.line, "doc_id": ra.doc_id, "source": ra.source_path})
        self.items = [a + b for a, b in zip(self.items, record_counts([rec]), strict=True)]
        self._row(n, rec, ra, len(self.pages) + 1)

    def _row(self, n: int, rec: dict | None, ra: RecordAudit, page: int) -> None:
        rec = rec if isinstance(rec, dict) else {}
        src = rec.get("source") if isinstance(rec.get("source"), dict) else {}
        title = rec.get("title") or rec.get("source_id") or f"record {rec.get('ordinal')}"
        checks = ", ".join(sorted({f.check for f in ra.failures}))
        cells = (title, f"{src.get('path')}:{rec.get('ordinal')}", rec.get("doc_id"), checks)
        state = "failed" if ra.failures else "verified"
        href = f"{PAGES}/{_page_name(page)}#d{n}"
        self.rows.write(
            f'<tr class="doc {state}"><td><a href="{escape(href)}">{n}</a></td>'
            + "".join(f"<td>{escape('' if c is None else str(c))}</td>" for c in cells)
            + "</tr>\n"
        )

    def _counts(self, totals: dict[str, int], items: list[int]) -> list[tuple[str, Any]]:
        names = ("methods", "datasets", "metrics", "results")
        return [*totals.items(), *zip(names, items, strict=True)]

    def flush(self, last: bool) -> None:
        """Write the page held (a middle page links to the next one)."""
        number = len(self.pages) + 1
        rows = [rec for _, rec, _ in self.page]
        failed = sum(not ra.ok for _, _, ra in self.page)
        totals = {"records": len(rows), "verified": len(rows) - failed, "failed": failed}
        nav = [("index", f"../{INDEX}")]
        if number > 1:
            nav.append(("previous page", _page_name(number - 1)))
        if not last:
            nav.append(("next page", _page_name(number + 1)))
        html = render_page(
            self.records_file,
            self._counts(totals, record_counts(rows)),
            [article(n, rec, ra) for n, rec, ra in self.page],
            nav=nav,
            title=f"Extraction audit, page {number}",
        )
        (self.pages_dir / _page_name(number)).write_text(html, encoding="utf-8")
        paths = dict.fromkeys(
            str((rec.get("source") or {}).get("path"))
            for rec in rows
            if isinstance(rec, dict) and isinstance(rec.get("source"), dict)
        )
        inputs = ", ".join(list(paths)[:3]) + (f" +{len(paths) - 3} more" if len(paths) > 3 else "")
        self.pages.append(
            {"number": number, "href": f"{PAGES}/{_page_name(number)}", "records": len(rows),
             "failed": failed, "inputs": inputs}
        )  # fmt: skip
        self.page = []

    def finish(self) -> None:
        """Write report.html: the only page itself, or the index of the pages."""
        self.rows.close()
        rows_file = self.pages_dir / ".rows.tmp"
        counts = self._counts(self.totals, self.items)
        if not self.pages:  # one page: it is the report
            articles = [article(n, rec, ra) for n, rec, ra in self.page]
            html = render_page(self.records_file, counts, articles)
            (self.folder / INDEX).write_text(html, encoding="utf-8")
            rows_file.unlink()
            return
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


def write_paged_report(
    records: Path,
    folder: Path,
    *,
    shown_as: str | None = None,
    page_size: int = PAGE_SIZE,
    on_render: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Audit `records` (streamed, no schema pass: the run built them through its models) and
    write folder/report.html (and folder/report/ when paged); the audit summary."""
    report = PagedReport(folder, shown_as or str(records), page_size)
    for ra, rec in iter_audit(records, schema=False):
        report.add(ra.line, rec, ra)
    if on_render is not None:
        from pipeline.run.progress import REPORTING

        on_render(REPORTING)
    report.finish()
    return report.summary()
