"""Runs that scale and survive: streamed output order, the run folder, the store, the lock."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import orjson
import pytest

from pipeline.io.ingest import InputItem, ingest
from pipeline.models import ErrorRecord, Record
from pipeline.nlp import get_nlp
from pipeline.record import extract_batch
from pipeline.resources import PACKAGE, rules_digest
from pipeline.run.outdir import OutputLocked, RunFolder
from pipeline.run.sequence import Done, Steps, run_pipeline, run_sequence
from pipeline.run.work import extract_lines
from tests.conftest import SEED

ABSTRACTS = [
    "We propose FooNet, which reaches 91.5% accuracy on CIFAR-10, beating ResNet-50 (89.1%).",
    "BarGAN improves FID by 2.3 points on ImageNet over the StyleGAN baseline.",
    "Our method attains 45.2 BLEU on WMT14 En-De, 1.2 BLEU above the Transformer.",
    "We study scaling laws for language models trained on The Pile.",
]


def jsonl(rows: list[dict]) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in rows)


def write_inputs(folder: Path, n: int = 4) -> Path:
    """A folder of inputs with records, a bad line, an empty file and a seed text file."""
    folder.mkdir(parents=True, exist_ok=True)
    rows = [{"id": f"p{i}", "abstract": ABSTRACTS[i % 4] + f" Variant {i}."} for i in range(n)]
    (folder / "b.jsonl").write_bytes(jsonl(rows[: n // 2]) + b"{not json\n")
    (folder / "a.jsonl").write_bytes(jsonl(rows[n // 2 :]))
    (folder / "empty.jsonl").write_bytes(b"  \n")
    (folder / "seed.txt").write_bytes(SEED.read_bytes())
    return folder


def reference(inputs: list[Path]) -> tuple[bytes, bytes]:
    """records.jsonl and errors.jsonl as the pipeline wrote them before streaming (727fc64):
    everything ingested, extracted, then sorted by (path, ordinal)."""
    items, errors = ingest(inputs)
    records: list[Record] = []
    errs: list[ErrorRecord] = list(errors)
    for got in extract_batch(items, get_nlp()):
        (records if isinstance(got, Record) else errs).append(got)

    def key(x):
        return (x.source.path if isinstance(x, Record) else x.path), x.ordinal or 0

    def dump(models):
        return b"".join(orjson.dumps(m.model_dump(mode="json")) + b"\n" for m in models)

    return dump(sorted(records, key=key)), dump(sorted(errs, key=key))


def outputs(out: Path) -> tuple[bytes, bytes]:
    return (out / "records.jsonl").read_bytes(), (out / "errors.jsonl").read_bytes()


def summary(out: Path) -> dict:
    return orjson.loads((out / "summary.json").read_bytes())


def test_streamed_output_is_in_the_order_of_a_sorted_run(tmp_path):
    src = write_inputs(tmp_path / "in", 6)
    inputs = [src, src / "a.jsonl", tmp_path / "missing.jsonl"]  # a.jsonl read twice
    run_pipeline(inputs, tmp_path / "out", batch_size=2, report=False)
    assert outputs(tmp_path / "out") == reference(inputs)
    s = summary(tmp_path / "out")
    assert s["read"] == s["records"] + s["errors"] and s["records"] == s["extracted"] + s["reused"]


def test_run_folder_is_published_by_one_link(tmp_path):
    out = tmp_path / "out"
    run_pipeline([SEED], out)
    run_id = os.readlink(out / "current")
    assert run_id.startswith("runs/")
    for name in ("records.jsonl", "errors.jsonl", "summary.json", "report.html"):
        assert os.readlink(out / name) == f"current/{name}"
        assert (out / name).is_file()
    (out / ".records.jsonl.x.tmp").write_bytes(b"left by a killed writer")
    run_pipeline([SEED], out, report=False)
    assert not list(out.glob(".*.tmp"))
    assert os.readlink(out / "current") != run_id
    # a --no-report run never leaves the previous run's report beside its records
    assert not (out / "report.html").exists()
    assert len(list((out / "runs").iterdir())) <= 3  # the current, the previous, the marker


def test_old_layout_is_replaced(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    for name in ("records.jsonl", "errors.jsonl", "summary.json", "report.html"):
        (out / name).write_bytes(b"old")
    run_pipeline([SEED], out, report=False)
    assert (out / "records.jsonl").is_symlink() and summary(out)["records"] == 19
    assert not (out / "report.html").exists()


def test_a_second_run_into_the_same_folder_is_refused(tmp_path):
    out = tmp_path / "out"
    with RunFolder(out), pytest.raises(OutputLocked, match="another run"):
        run_pipeline([SEED], out)
    run_pipeline([SEED], out)  # the lock is gone with its holder
    assert summary(out)["records"] == 19


def test_incremental_run_extracts_only_what_is_new(tmp_path):
    src = write_inputs(tmp_path / "in", 4)
    out = tmp_path / "out"
    first = run_pipeline([src], out, report=False)
    assert (first.extracted, first.reused) == (first.records, 0)
    more = [{"id": f"n{i}", "abstract": f"We introduce QuxNet {i}, 77.{i}% top-1."} for i in "123"]
    with (src / "a.jsonl").open("ab") as fh:
        fh.write(jsonl(more))
    second = run_pipeline([src], out, report=False)
    assert (second.extracted, second.reused) == (3, first.records)
    run_pipeline([src], tmp_path / "clean", report=False, incremental=False)
    assert outputs(out) == outputs(tmp_path / "clean")


def test_a_rule_change_invalidates_the_store(tmp_path, monkeypatch):
    out = tmp_path / "out"
    run_pipeline([SEED], out, report=False)
    assert run_pipeline([SEED], out, report=False).reused == 19
    monkeypatch.setattr("pipeline.run.store.fingerprint", lambda: "other-rules")
    again = run_pipeline([SEED], out, report=False)
    assert (again.extracted, again.reused) == (19, 0)


@pytest.mark.parametrize(
    "changed", ["data/words/link_words.txt", "link/metrics.py", "nlp/numbers.py", "record.py"]
)
def test_the_rules_digest_covers_rule_files_and_extraction_code(tmp_path, changed):
    package = tmp_path / "pipeline"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    before = rules_digest(package)
    with (package / changed).open("a", encoding="utf-8") as fh:
        fh.write("\n# changed\n")
    assert rules_digest(package) != before


def test_the_rules_digest_ignores_orchestration_code(tmp_path):
    package = tmp_path / "pipeline"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    before = rules_digest(package)
    with (package / "cli.py").open("a", encoding="utf-8") as fh:
        fh.write("\n# changed\n")
    assert rules_digest(package) == before


def test_a_failed_run_publishes_nothing_and_its_finished_batches_are_reused(tmp_path):
    src = write_inputs(tmp_path / "in", 8)
    out = tmp_path / "out"
    run_pipeline([SEED], out, report=False)
    before = outputs(out)
    calls = []

    def crash_on_third(items, index):
        calls.append(index)
        if len(calls) == 3:
            raise KeyboardInterrupt("killed")
        return Done(extract_lines(items))

    with pytest.raises(KeyboardInterrupt):
        run_sequence([str(src)], str(out), Steps(crash_on_third), fields=_fields(), batch_size=2)
    assert outputs(out) == before  # readers still see the previous run, whole
    resumed = run_pipeline([src], out, batch_size=2, report=False)
    # reused: the seed's 19 (the earlier run) and the 2 batches of 2 that finished before the kill
    assert resumed.reused == 19 + 4 and resumed.extracted == resumed.records - 23
    run_pipeline([src], tmp_path / "clean", batch_size=2, report=False, incremental=False)
    assert outputs(out) == outputs(tmp_path / "clean")
    assert len([p for p in (out / "runs").iterdir() if p.is_dir()]) == 2  # no stale folder


def test_parallel_plain_run_is_byte_identical(tmp_path):
    src = write_inputs(tmp_path / "in", 8)
    run_pipeline([src], tmp_path / "one", batch_size=2, report=False)
    got = run_pipeline([src], tmp_path / "two", batch_size=2, workers=2, report=False)
    assert got.extracted == got.records
    assert outputs(tmp_path / "two") == outputs(tmp_path / "one")


def test_duplicate_abstracts_are_reused_within_a_run(tmp_path):
    src = tmp_path / "dup.jsonl"
    src.write_bytes(jsonl([{"id": str(i), "abstract": ABSTRACTS[0]} for i in range(5)]))
    got = run_pipeline([src], tmp_path / "out", batch_size=1, report=False)
    assert (got.extracted, got.reused) == (1, 4)
    lines = (tmp_path / "out" / "records.jsonl").read_bytes().splitlines()
    assert [orjson.loads(x)["source_id"] for x in lines] == ["0", "1", "2", "3", "4"]


def _fields():
    from pipeline.io.ingest import Fields

    return Fields()


def test_outcome_lines_carry_one_line_per_item():
    item = InputItem("x.txt", "0" * 64, "text", 1, 1, ABSTRACTS[0], start=0, end=len(ABSTRACTS[0]))
    blob = extract_lines([item, item])
    assert len(blob.split(b"\n")) == 2 and blob.startswith(b"R")


def test_plain_steps_use_a_pool_started_before_them_and_leave_it_running():
    from pipeline.run import procs
    from pipeline.run.executors import plain_steps

    with procs.worker_processes(2):
        started = procs.POOL[-1]
        with plain_steps(2) as steps:
            assert steps.submit([], 0).result() == b""
        assert len(procs.POOL) == 1 and procs.POOL[0] is started
        assert started.submit(int).result() == 0
    assert procs.POOL == []


def test_a_stopped_pool_leaves_no_manager_thread_behind():
    from pipeline.run import procs

    pool = procs.worker_pool(1)
    pool.submit(int).result()
    manager = pool._executor_manager_thread
    procs.stop_pool(pool)
    assert manager is not None and not manager.is_alive()
