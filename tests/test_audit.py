"""The audit re-checks records against their sources; each kind of tampering is reported."""

import shutil

import orjson
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.quality.audit import audit_file, value_of
from pipeline.run.sequence import run_pipeline
from tests.conftest import SEED

HOSTILE = "We propose FooNet. FooNet reaches 91.5% accuracy on CIFAR-10."


@pytest.fixture
def extracted(tmp_path):
    """A fresh extraction of a copy of the seed plus a small JSONL file."""
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(SEED, src / "seed.txt")
    (src / "extra.jsonl").write_bytes(orjson.dumps({"id": "x1", "abstract": HOSTILE}) + b"\n")
    out = tmp_path / "out"
    run_pipeline([src / "seed.txt", src / "extra.jsonl"], out, report=False)
    return src, out / "records.jsonl"


def lines(path):
    return path.read_bytes().splitlines()


def rewrite(path, index, fn):
    rows = lines(path)
    rows[index] = fn(rows[index])
    path.write_bytes(b"\n".join(rows) + b"\n")


def test_clean_extraction_verifies(extracted):
    _, records = extracted
    report = audit_file(records)
    assert report.ok and report.summary()["verified"] == 20


def test_edited_source_marks_its_records_stale(extracted):
    src, records = extracted
    seed = src / "seed.txt"
    seed.write_text(seed.read_text(encoding="utf-8").replace("TPRU", "TPRX"), encoding="utf-8")
    summary = audit_file(records).summary()
    assert len(summary["stale_records"]) == 19
    assert all(s["source"].endswith("seed.txt") for s in summary["stale_records"])
    assert summary["verified"] == 1  # the JSONL record's source is untouched


def test_deleted_source(extracted):
    src, records = extracted
    (src / "extra.jsonl").unlink()
    report = audit_file(records)
    bad = [r for r in report.records if not r.ok]
    assert len(bad) == 1 and bad[0].failures[0].check == "source-missing"


def test_edited_span(extracted):
    _, records = extracted

    def tamper(line):
        rec = orjson.loads(line)
        rec["methods"][0]["mentions"][0]["text"] = "TPRV-7B"
        return orjson.dumps(rec)

    rewrite(records, 0, tamper)
    (rec,) = [r for r in audit_file(records).records if not r.ok]
    spans = [f for f in rec.failures if f.check == "span"]
    assert rec.line == 1 and spans[0].where == "methods[0].mentions[0]"
    assert "TPRV-7B" in spans[0].detail


def test_wrong_value_and_dangling_reference(extracted):
    _, records = extracted

    def tamper(line):
        rec = orjson.loads(line)
        rec["results"][0]["value"] = 57.5
        rec["results"][0]["dataset"] = "NoSuchSet"
        return orjson.dumps(rec)

    rewrite(records, 0, tamper)
    (rec,) = [r for r in audit_file(records).records if not r.ok]
    checks = {f.check: f for f in rec.failures}
    assert "91.5" in checks["value"].detail  # line 1 is extra.jsonl: paths sort first
    assert checks["reference"].where == "results[0].dataset"


def test_broken_json_line_and_schema_violation_do_not_stop_the_audit(extracted):
    _, records = extracted
    rewrite(records, 2, lambda line: line[:40])
    rewrite(
        records,
        3,
        lambda line: (
            line.replace(b'"kind":"count"', b'"kind":"banana"', 1)
            if b'"kind":"count"' in line
            else line.replace(b'"role":"proposed"', b'"role":"boss"', 1)
        ),
    )
    report = audit_file(records)
    failed = {r.line: {f.check for f in r.failures} for r in report.records if not r.ok}
    assert failed[3] == {"json"}
    assert "schema" in failed[4]
    assert report.summary()["records"] == 20


def test_malformed_shapes_never_crash_the_audit(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_bytes(b'{"text": "abc", "methods": "nope", "results": [1, {"text": 5}]}\n[]\n')
    report = audit_file(path)
    assert not report.ok and len(report.records) == 2


@pytest.mark.parametrize(
    "text,value",
    [
        (r"50.33\%", 50.33),
        ("1/50th", 0.02),
        ("100K", 100_000),
        (r"$5.17\times$", 5.17),
        ("14.4 points", 14.4),
        ("-39 pp", -39.0),
    ],
)
def test_value_of_surface(text, value):
    assert value_of(text) == [pytest.approx(value)]


def test_cli_exit_status_json_and_html(extracted, tmp_path):
    _, records = extracted
    runner = CliRunner()
    ok = runner.invoke(app, ["audit", str(records), "--html", str(tmp_path / "r.html")])
    assert ok.exit_code == 0 and "everything verifies" in ok.output
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    rewrite(records, 0, lambda line: line[:-5])
    bad = runner.invoke(app, ["audit", str(records), "--json"])
    assert bad.exit_code == 1
    data = orjson.loads(bad.stdout)
    assert data["ok"] is False and data["failing_records"][0]["line"] == 1
