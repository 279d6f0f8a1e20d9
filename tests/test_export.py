"""Export to CSV/Parquet tables, and querying records.jsonl directly with DuckDB."""

import csv
import re
from collections import Counter

import duckdb
import orjson
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.io.export import MENTION_COLUMNS, RESULT_COLUMNS, export_records
from pipeline.run.sequence import run_pipeline
from tests.conftest import ROOT
from tests.test_report import HOSTILE

RECORDS = ROOT / "outputs" / "records.jsonl"
# The README's example: the datasets most often reported with accuracy.
TOP_ACCURACY_DATASETS = """
SELECT r.dataset, count(*) AS results
FROM (SELECT unnest(results) AS r FROM read_json_auto(?))
WHERE r.metric = 'accuracy' AND r.dataset IS NOT NULL
GROUP BY r.dataset
ORDER BY results DESC, r.dataset
"""


def records():
    return [orjson.loads(line) for line in RECORDS.read_bytes().splitlines()]


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_export_row_counts_and_columns(tmp_path, fmt):
    written = export_records(RECORDS, tmp_path, fmt)
    n_results = sum(len(r["results"]) for r in records())
    n_mentions = sum(
        len(i["mentions"])
        for r in records()
        for k in ("methods", "datasets", "metrics")
        for i in r[k]
    )
    assert written["results"][1] == n_results and written["mentions"][1] == n_mentions
    rel = duckdb.sql(f"SELECT * FROM '{written['results'][0]}'")
    assert rel.columns == list(RESULT_COLUMNS)
    assert duckdb.sql(f"SELECT * FROM '{written['mentions'][0]}'").columns == list(MENTION_COLUMNS)


def test_csv_rows_carry_evidence_and_offsets(tmp_path):
    export_records(RECORDS, tmp_path, "csv")
    with (tmp_path / "results.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    by_doc = {r["doc_id"]: r for r in records()}
    for row in rows:
        text = by_doc[row["doc_id"]]["text"]
        assert text[int(row["start_char"]) : int(row["end_char"])] == row["text"]
        ev_start, ev_end = int(row["evidence_start_char"]), int(row["evidence_end_char"])
        assert text[ev_start:ev_end] == row["evidence"]
        assert row["text"] in row["evidence"]
    with (tmp_path / "mentions.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            text = by_doc[row["doc_id"]]["text"]
            assert text[int(row["start_char"]) : int(row["end_char"])] == row["text"]


def test_column_names_are_not_sql_keywords():
    """Offsets are start_char/end_char: `end` is reserved in SQL, `start` a keyword."""
    reserved = duckdb.sql(
        "SELECT keyword_name FROM duckdb_keywords() WHERE keyword_category = 'reserved'"
    ).fetchall()
    for columns in (RESULT_COLUMNS, MENTION_COLUMNS):
        assert not {k for (k,) in reserved} & set(columns)
        assert not {"start", "end"} & set(columns)
        assert {"start_char", "end_char"} <= set(columns)
    assert {"evidence_start_char", "evidence_end_char"} <= set(RESULT_COLUMNS)


def test_csv_ids_are_quoted_strings(tmp_path):
    """doc_id and source_id are always quoted; a missing source_id is an empty unquoted field."""
    src = tmp_path / "in.jsonl"
    ids = ["0012", "2301.01234", "1e5"]
    src.write_bytes(b"".join(orjson.dumps({"id": i, "abstract": HOSTILE}) + b"\n" for i in ids))
    run_pipeline([src], tmp_path / "out", report=False)
    export_records(tmp_path / "out" / "records.jsonl", tmp_path / "csv", "csv")
    for table in ("results", "mentions"):
        raw = (tmp_path / "csv" / f"{table}.csv").read_text(encoding="utf-8")
        starts = re.findall(r'^"[0-9a-f]{16}","([^"]*)",', raw, flags=re.M)
        assert sorted(set(starts)) == sorted(ids)
        with (tmp_path / "csv" / f"{table}.csv").open(encoding="utf-8", newline="") as fh:
            assert sorted({r["source_id"] for r in csv.DictReader(fh)}) == sorted(ids)
    seed = tmp_path / "seed"
    export_records(RECORDS, seed, "csv")
    raw = (seed / "results.csv").read_text(encoding="utf-8")
    assert re.search(r'^"[0-9a-f]{16}",,', raw, flags=re.M)  # the seed has no source ids


# Folder names that broke the SQL the export used to build with f-strings: a quote (parser
# error) and a crafted name that ended the statement and ran a second COPY.
HOSTILE_DIRS = [
    'it\'s "x"; DROP',
    "x' (HEADER); COPY (SELECT 42 AS pwned) TO 'pwned.csv' (HEADER); --",
]


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
@pytest.mark.parametrize("name", HOSTILE_DIRS)
def test_export_to_hostile_folder_name(tmp_path, monkeypatch, fmt, name):
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "work" / name
    written = export_records(RECORDS, out, fmt)
    assert sorted(p.name for p in out.iterdir()) == [f"mentions.{fmt}", f"results.{fmt}"]
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == sorted(
        ["work", f"work/{name}", f"work/{name}/results.{fmt}", f"work/{name}/mentions.{fmt}"]
    )
    got = duckdb.execute(
        "SELECT count(*) FROM read_csv(?)"
        if fmt == "csv"
        else "SELECT count(*) FROM read_parquet(?)",
        [str(written["results"][0])],
    )
    assert got.fetchone() == (written["results"][1],)


def test_duckdb_query_matches_python(tmp_path):
    got = duckdb.execute(TOP_ACCURACY_DATASETS, [str(RECORDS)]).fetchall()
    counts = Counter(
        r["dataset"]
        for rec in records()
        for r in rec["results"]
        if r["metric"] == "accuracy" and r["dataset"]
    )
    expected = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    assert got == expected and got  # the seed has accuracy results on named datasets


def test_export_cli(tmp_path):
    result = CliRunner().invoke(
        app, ["export", str(RECORDS), "--format", "parquet", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0 and (tmp_path / "results.parquet").exists()
    bad = CliRunner().invoke(app, ["export", str(RECORDS), "--format", "xlsx"])
    assert bad.exit_code == 2
