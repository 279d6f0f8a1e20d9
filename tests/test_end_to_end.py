"""End to end over the seed (plain functions): spans, reference outputs, quality bar."""

import orjson
import pytest

from pipeline.models import Record, Summary
from pipeline.quality.evaluate import evaluate
from pipeline.run.sequence import run_pipeline
from tests.conftest import ROOT, SEED, shared_file


@pytest.fixture(scope="module")
def seed_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("seed")
    summary = run_pipeline([SEED.relative_to(ROOT)], out) if _in_root() else None
    if summary is None:
        summary = run_pipeline([SEED], out)
    return out, summary


def _in_root() -> bool:
    from pathlib import Path

    return Path.cwd().resolve() == ROOT


def test_summary_reconciles(seed_run):
    out, summary = seed_run
    assert summary.read == summary.records + summary.errors == 19
    assert Summary.model_validate_json((out / "summary.json").read_bytes()) == summary


def test_every_span_is_its_raw_source_slice(seed_run):
    out, _ = seed_run
    raw_file = SEED.read_text(encoding="utf-8")
    total = 0
    for line in (out / "records.jsonl").read_bytes().splitlines():
        rec = Record.model_validate_json(line)
        assert raw_file[rec.source.start : rec.source.end] == rec.text
        spans = list(rec.iter_spans())
        total += len(spans)
        for span in spans:
            assert rec.text[span.start : span.end] == span.text
            assert (
                raw_file[rec.source.start + span.start : rec.source.start + span.end] == span.text
            )
    assert total > 100


def test_committed_outputs_are_current(seed_run):
    out, _ = seed_run
    if not _in_root():
        pytest.skip("run from the repository root: records name the seed by relative path")
    fresh = (out / "records.jsonl").read_bytes()
    committed = (ROOT / "outputs" / "records.jsonl").read_bytes()
    assert fresh == committed, "outputs/records.jsonl is stale: run `make run` and commit the diff"
    assert (ROOT / "outputs" / "errors.jsonl").read_bytes() == b""


def test_seed_quality_bar(seed_run):
    out, _ = seed_run
    report = evaluate(shared_file("gold/seed_gold.jsonl"), out / "records.jsonl").as_dict()
    f1 = {c: v["f1"] for c, v in report["categories"].items()}
    assert f1["methods"] >= 0.85 and f1["datasets"] >= 0.90
    assert f1["metrics"] >= 0.80 and f1["results"] >= 0.90
    attrs = report["result_attribute_accuracy"]
    assert attrs["metric"] >= 0.80 and attrs["dataset"] >= 0.80


def test_records_are_plain_orjson_lines(seed_run):
    out, _ = seed_run
    lines = (out / "records.jsonl").read_bytes().splitlines()
    assert len(lines) == 19
    assert [orjson.loads(x)["ordinal"] for x in lines] == list(range(1, 20))


def test_worker_processes_give_the_same_records(tmp_path, seed_run):
    out, _ = seed_run
    summary = run_pipeline(
        [SEED.relative_to(ROOT) if _in_root() else SEED], tmp_path, workers=2, batch_size=5
    )
    assert summary.records == 19
    assert (tmp_path / "records.jsonl").read_bytes() == (out / "records.jsonl").read_bytes()
