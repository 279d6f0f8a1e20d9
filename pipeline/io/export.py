"""Export stage: records.jsonl → tables for leaderboards and dashboards (CSV or Parquet)."""

# No path or value is ever formatted into SQL: rows are read and written through DuckDB's Python
# relational API, and the one CSV statement is a constant with the output path bound to it.

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import duckdb
import orjson

from pipeline.errors import InputError

RESULT_COLUMNS = {
    "doc_id": "VARCHAR",
    "source_id": "VARCHAR",
    "metric": "VARCHAR",
    "dataset": "VARCHAR",
    "method": "VARCHAR",
    "value": "DOUBLE",
    "unit": "VARCHAR",
    "kind": "VARCHAR",
    "from_value": "DOUBLE",
    "text": "VARCHAR",
    "start_char": "INTEGER",
    "end_char": "INTEGER",
    "sentence": "INTEGER",
    "evidence": "VARCHAR",
    "evidence_start_char": "INTEGER",
    "evidence_end_char": "INTEGER",
}
MENTION_COLUMNS = {
    "doc_id": "VARCHAR",
    "source_id": "VARCHAR",
    "category": "VARCHAR",
    "name": "VARCHAR",
    "role": "VARCHAR",
    "text": "VARCHAR",
    "start_char": "INTEGER",
    "end_char": "INTEGER",
    "sentence": "INTEGER",
}
Format = Literal["csv", "parquet"]
# Both tables start with the ids; quoting them keeps ids such as "0012" or "2301.01234" strings
# for readers that honour quotes. A constant: the path is bound, never written into the text.
COPY_CSV = "COPY export_rows TO ? (FORMAT CSV, HEADER, FORCE_QUOTE (doc_id, source_id))"


def read_records(path: Path) -> Iterator[dict]:
    """Records of a records.jsonl, naming the line of any malformed one."""
    try:
        lines = path.read_bytes().splitlines()
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from exc
    for n, line in enumerate(lines, start=1):
        if line.strip():
            try:
                yield orjson.loads(line)
            except orjson.JSONDecodeError as exc:
                raise InputError(f"{path}:{n}", f"malformed JSON: {exc}") from exc


def result_rows(rec: dict) -> Iterator[dict]:
    """One row per result, with the sentence it came from as evidence."""
    sentences = {s["index"]: s for s in rec.get("sentences", [])}
    for r in rec.get("results", []):
        sent = sentences.get(r["sentence"], {"start": r["start"], "end": r["end"]})
        yield {
            "doc_id": rec["doc_id"],
            "source_id": rec.get("source_id"),
            "metric": r["metric"],
            "dataset": r["dataset"],
            "method": r["method"],
            "value": r["value"],
            "unit": r["unit"],
            "kind": r["kind"],
            "from_value": r["from_value"],
            "text": r["text"],
            "start_char": r["start"],
            "end_char": r["end"],
            "sentence": r["sentence"],
            "evidence": rec["text"][sent["start"] : sent["end"]],
            "evidence_start_char": sent["start"],
            "evidence_end_char": sent["end"],
        }


def mention_rows(rec: dict) -> Iterator[dict]:
    """One row per mention of a method, dataset or metric."""
    for category, key in (("method", "methods"), ("dataset", "datasets"), ("metric", "metrics")):
        for item in rec.get(key, []):
            for m in item["mentions"]:
                yield {
                    "doc_id": rec["doc_id"],
                    "source_id": rec.get("source_id"),
                    "category": category,
                    "name": item["name"],
                    "role": item.get("role"),
                    "text": m["text"],
                    "start_char": m["start"],
                    "end_char": m["end"],
                    "sentence": m["sentence"],
                }


def _write_table(rows: Iterator[dict], columns: dict[str, str], out: Path, fmt: Format) -> int:
    """Write rows through DuckDB (typed columns) as CSV or Parquet; returns the row count."""
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp) / "rows.jsonl"
        count = 0
        with staged.open("wb") as fh:
            for row in rows:
                fh.write(orjson.dumps(row) + b"\n")
                count += 1
        tmp_out = out.with_name(f".{out.name}.tmp")
        with duckdb.connect() as con:
            rel = con.read_json(str(staged), format="newline_delimited", columns=columns)
            if fmt == "parquet":
                rel.write_parquet(str(tmp_out))
            else:
                rel.create_view("export_rows")
                con.execute(COPY_CSV, [str(tmp_out)])
        tmp_out.replace(out)
    return count


def export_records(records: Path, out_dir: Path, fmt: Format) -> dict[str, tuple[Path, int]]:
    """Write results.<fmt> and mentions.<fmt> into `out_dir`; returns paths and row counts."""
    recs = list(read_records(records))
    out_dir.mkdir(parents=True, exist_ok=True)
    results = out_dir / f"results.{fmt}"
    mentions = out_dir / f"mentions.{fmt}"
    n_results = _write_table(
        (r for rec in recs for r in result_rows(rec)), RESULT_COLUMNS, results, fmt
    )
    n_mentions = _write_table(
        (m for rec in recs for m in mention_rows(rec)), MENTION_COLUMNS, mentions, fmt
    )
    return {"results": (results, n_results), "mentions": (mentions, n_mentions)}
