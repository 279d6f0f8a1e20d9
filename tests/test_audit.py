"""The audit re-checks records against their sources; each kind of tampering is reported."""

import hashlib
import shutil
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.quality.audit import audit_file, check_values, value_of
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


def test_digits_grouped_by_a_space_are_also_read_as_one_number():
    # "with 1 130 test samples": the extractor joins the groups before a word
    assert 1130 in value_of("1 130") and value_of("1 130")[:2] == [1, 130]
    assert check_values({"results": [{"text": "25 077", "value": 25077.0}]}) == []
    assert check_values({"results": [{"text": "25 077", "value": 25.77}]}) != []


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


# -- CSV sources are audited like JSONL ones: the abstract must be on its record's line --------

CSV_TEXT = "We propose FooNet. FooNet reaches 91.5% accuracy on CIFAR-10, a new best."


@pytest.fixture
def csv_extracted(tmp_path):
    """A CSV source with a quoted multi-line abstract, extracted."""
    src = tmp_path / "papers.csv"
    src.write_text(
        f'id,title,abstract\np1,One,"{HOSTILE}"\n\np2,Two,"{CSV_TEXT}\nSecond line."\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    summary = run_pipeline([src], out, report=False)
    assert (summary.records, summary.errors) == (2, 0)
    return src, out / "records.jsonl"


def resign(records, src):
    """Give every record the sha256 of the (edited) source, as if extracted from it."""
    digest = hashlib.sha256(src.read_bytes()).hexdigest()
    rows = [orjson.loads(x) for x in lines(records)]
    for rec in rows:
        rec["source"]["sha256"] = digest
    records.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))


def test_csv_records_verify_against_their_rows(csv_extracted):
    _, records = csv_extracted
    assert [orjson.loads(x)["source"]["line"] for x in lines(records)] == [2, 4]
    assert audit_file(records).ok


def test_csv_abstract_edited_in_the_record_is_caught(csv_extracted):
    _, records = csv_extracted
    rewrite(records, 1, lambda line: line.replace(b"a new best", b"a new high"))
    (bad,) = [r for r in audit_file(records).records if not r.ok]
    assert bad.line == 2 and [f.check for f in bad.failures] == ["source-text"]
    assert "line 4" in bad.failures[0].detail


def test_csv_record_on_the_wrong_line_is_caught(csv_extracted):
    _, records = csv_extracted

    def tamper(line):
        rec = orjson.loads(line)
        rec["source"]["line"] = 3
        return orjson.dumps(rec)

    rewrite(records, 1, tamper)
    (bad,) = [r for r in audit_file(records).records if not r.ok]
    assert [f.check for f in bad.failures] == ["source-text"]


def test_csv_bad_quoting_that_a_lenient_reader_accepts_is_caught(csv_extracted):
    """A record read leniently from `"text"X` (the quotes silently dropped) does not verify."""
    src, records = csv_extracted
    raw = src.read_text(encoding="utf-8")
    src.write_text(raw.replace(f'"{HOSTILE}"', f'"{HOSTILE[:-1]}"{HOSTILE[-1]}'), "utf-8")
    resign(records, src)
    (bad,) = [r for r in audit_file(records).records if not r.ok]
    assert [f.check for f in bad.failures] == ["source-text"]
    assert "not a well-formed CSV record" in bad.failures[0].detail


# -- source paths: relative paths resolve from anywhere, and after a move ---------------------


@pytest.fixture
def relative_run(tmp_path, monkeypatch):
    """A run typed as `run seeds/seed.txt data/extra.jsonl --out outputs/run` inside proj/."""
    proj = tmp_path / "proj"
    (proj / "seeds").mkdir(parents=True)
    (proj / "data").mkdir()
    shutil.copy(SEED, proj / "seeds" / "seed.txt")
    (proj / "data" / "extra.jsonl").write_bytes(
        orjson.dumps({"id": "x1", "abstract": HOSTILE}) + b"\n"
    )
    monkeypatch.chdir(proj)
    run_pipeline(
        [Path("seeds/seed.txt"), Path("data/extra.jsonl")], Path("outputs/run"), report=False
    )
    records = proj / "outputs" / "run" / "records.jsonl"
    paths = {orjson.loads(x)["source"]["path"] for x in lines(records)}
    assert paths == {"seeds/seed.txt", "data/extra.jsonl"}  # stored as typed
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return proj, records


def test_audit_from_another_folder(relative_run):
    _, records = relative_run
    report = audit_file(records)
    assert report.ok and report.summary()["verified"] == 20


def test_audit_with_a_relative_records_path(relative_run, monkeypatch):
    proj, _ = relative_run
    monkeypatch.chdir(proj / "outputs")
    assert audit_file(Path("run/records.jsonl")).ok


def test_audit_after_the_folder_moves_with_its_sources(relative_run, tmp_path):
    proj, _ = relative_run
    moved = tmp_path / "archive" / "proj-2026"
    moved.parent.mkdir()
    proj.rename(moved)
    report = audit_file(moved / "outputs" / "run" / "records.jsonl")
    assert report.ok and report.summary()["verified"] == 20


def test_a_same_named_file_in_the_current_folder_does_not_shadow_the_source(relative_run):
    """A different `seeds/seed.txt` here: the one beside the records, which matches, is used."""
    _, records = relative_run
    Path("seeds").mkdir()
    Path("seeds/seed.txt").write_text("something else\n", encoding="utf-8")
    assert audit_file(records).ok


def test_a_changed_source_names_where_it_was_found(relative_run):
    proj, records = relative_run
    seed = proj / "seeds" / "seed.txt"
    seed.write_text(seed.read_text(encoding="utf-8").replace("TPRU", "TPRX"), encoding="utf-8")
    summary = audit_file(records).summary()
    assert len(summary["stale_records"]) == 19
    bad = next(r for r in audit_file(records).records if r.stale)
    assert f"found at {seed}" in bad.failures[0].detail


def test_a_source_found_nowhere_is_missing(relative_run):
    proj, records = relative_run
    (proj / "data" / "extra.jsonl").unlink()
    (bad,) = [r for r in audit_file(records).records if not r.ok]
    assert [f.check for f in bad.failures] == ["source-missing"]
    assert bad.failures[0].detail.startswith("data/extra.jsonl cannot be read")


def test_cli_audit_from_another_folder(relative_run):
    _, records = relative_run
    result = CliRunner().invoke(app, ["audit", str(records)])
    assert result.exit_code == 0 and "everything verifies" in result.output
