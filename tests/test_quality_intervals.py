"""The interval table of `benchmarks/quality.py`: which golds each row pools."""

import sys
from pathlib import Path

from rich.console import Console

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from quality import CORPUS_GOLDS, interval_table  # noqa: E402

from pipeline.quality.evaluate import CATEGORIES, Counts, Report  # noqa: E402


def _report(n_docs: int) -> Report:
    return Report(docs=n_docs, doc_counts=[{c: Counts(1, 0, 0) for c in CATEGORIES}] * n_docs)


def test_rows_pool_never_read_and_development_golds_apart() -> None:
    never = [label for label, _ in CORPUS_GOLDS if "never read" in label]
    reports = {label: _report(2 if label in never else 1) for label, _ in CORPUS_GOLDS}
    console = Console(width=200, record=True)
    console.print(interval_table(reports))
    rows = {
        line.split("│")[1].strip(): line.split("│")[2].strip()
        for line in console.export_text().splitlines()
        if line.count("│") > 3
    }
    assert rows["blind gold 3 (never read)"] == "2"
    assert rows["blind gold 4"] == "1"
    assert rows["never-read golds pooled"] == str(2 * len(never))
    assert rows["development golds pooled"] == str(len(CORPUS_GOLDS) - len(never))
