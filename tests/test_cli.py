"""The command line: run (plain functions), bad input, nothing readable, eval, schema."""

import orjson
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import SEED, shared_file

runner = CliRunner()


def test_run_writes_outputs_and_reconciles(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_bytes(
        b'{"id": "a", "abstract": "We propose FooNet. It reaches 90.1% accuracy."}\n'
        b"{broken\n"
        b'{"id": "c"}\n'
    )
    out = tmp_path / "out"
    result = runner.invoke(app, ["run", str(src), "--out", str(out), "--no-prefect"])
    assert result.exit_code == 0, result.output
    assert "records written" in result.output and "errors" in result.output
    summary = orjson.loads((out / "summary.json").read_bytes())
    assert (summary["read"], summary["records"], summary["errors"]) == (3, 1, 2)
    errors = [orjson.loads(x) for x in (out / "errors.jsonl").read_bytes().splitlines()]
    assert [(e["line"], e["reason"].split(":")[0]) for e in errors] == [
        (2, "malformed JSON"),
        (3, "missing field 'abstract'"),
    ]


def test_run_in_a_callers_process_leaves_its_collector_alone(tmp_path):
    import gc

    src = tmp_path / "in.jsonl"
    src.write_bytes(b'{"id": "a", "abstract": "We propose FooNet."}\n')
    frozen = gc.get_freeze_count()
    result = runner.invoke(app, ["run", str(src), "--out", str(tmp_path / "o"), "--no-prefect"])
    assert result.exit_code == 0 and gc.get_freeze_count() == frozen


def test_the_command_process_freezes_what_it_imported(tmp_path, monkeypatch):
    import gc

    import pipeline.cli as cli

    calls = []
    monkeypatch.setattr(cli, "COMMAND_PROCESS", True)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append(1))
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'{"id": "a", "abstract": "We propose FooNet."}\n')
    result = runner.invoke(app, ["run", str(src), "--out", str(tmp_path / "o"), "--no-prefect"])
    assert result.exit_code == 0 and calls == [1]


def batch_size_of(tmp_path, monkeypatch, *flags):
    """The batch size `run` hands to the run for these flags (the run itself stubbed)."""
    import pipeline.cli as cli

    seen = {}

    class Stop(Exception):
        pass

    def spy(*args, **kwargs):
        seen.update(kwargs)
        raise Stop

    monkeypatch.setattr(cli, "_run", spy)
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'{"id": "a", "abstract": "We propose FooNet."}\n')
    runner.invoke(app, ["run", str(src), "--out", str(tmp_path / "o"), "--no-prefect", *flags])
    return seen["batch_size"]


def test_the_default_batch_is_256_abstracts_per_worker(tmp_path, monkeypatch):
    assert batch_size_of(tmp_path, monkeypatch) == 256
    assert batch_size_of(tmp_path, monkeypatch, "--workers", "2") == 512


def test_the_default_batch_stops_growing_at_1024():
    from pipeline.run import default_batch_size

    assert [default_batch_size(w) for w in (1, 2, 4, 32)] == [256, 512, 1024, 1024]


def test_a_batch_size_given_is_kept_whatever_the_workers(tmp_path, monkeypatch):
    assert batch_size_of(tmp_path, monkeypatch, "--workers", "2", "--batch-size", "100") == 100


def test_nothing_readable_exits_non_zero(tmp_path):
    src = tmp_path / "bad.jsonl"
    src.write_bytes(b"nope\n")
    result = runner.invoke(app, ["run", str(src), "--out", str(tmp_path / "o"), "--no-prefect"])
    assert result.exit_code == 1
    assert (tmp_path / "o" / "errors.jsonl").exists()


def test_eval_prints_table(tmp_path):
    out = tmp_path / "seed"
    assert runner.invoke(app, ["run", str(SEED), "--out", str(out), "--no-prefect"]).exit_code == 0
    gold = shared_file("gold/seed_gold.jsonl")
    result = runner.invoke(app, ["eval", "--gold", str(gold), "--pred", str(out / "records.jsonl")])
    assert result.exit_code == 0
    for word in ("methods", "datasets", "metrics", "results", "role", "result metric"):
        assert word in result.output
    as_json = runner.invoke(
        app, ["eval", "--gold", str(gold), "--pred", str(out / "records.jsonl"), "--json"]
    )
    figures = orjson.loads(as_json.stdout)
    assert figures["docs"] == 19
    lo, hi = figures["categories"]["methods"]["f1_interval_95"]
    assert lo <= figures["categories"]["methods"]["f1"] <= hi
    assert "f1 95% interval" in result.output


def test_eval_bad_gold_is_a_clear_error(tmp_path):
    g = tmp_path / "g.jsonl"
    g.write_bytes(b"{oops\n")
    result = runner.invoke(app, ["eval", "--gold", str(g), "--pred", str(g)])
    assert result.exit_code == 2 and "g.jsonl:1" in result.output


def test_serve_needs_one_schedule():
    result = runner.invoke(app, ["serve", "somewhere"])
    assert result.exit_code == 2 and "exactly one of --cron or --interval" in result.output


def test_schema_command(tmp_path):
    assert runner.invoke(app, ["schema", "--out", str(tmp_path)]).exit_code == 0
    assert (tmp_path / "record.schema.json").exists()


PHASES = ["reading inputs", "extracting", "writing records", "auditing", "writing report"]


def test_plain_run_reports_its_phases_in_order(tmp_path):
    from pipeline.run.sequence import run_pipeline

    seen: list[str] = []
    run_pipeline([SEED], tmp_path / "with", phase=seen.append)
    assert seen == PHASES
    seen.clear()
    run_pipeline([SEED], tmp_path / "without", report=False, phase=seen.append)
    assert seen == PHASES[:3]


def test_run_shows_each_phase_in_its_display(tmp_path, monkeypatch):
    from rich.progress import Progress

    shown: list[str] = []
    update = Progress.update

    def spy(self, task_id, **kwargs):
        if kwargs.get("description"):
            shown.append(kwargs["description"])
        return update(self, task_id, **kwargs)

    monkeypatch.setattr(Progress, "update", spy)
    result = runner.invoke(app, ["run", str(SEED), "--out", str(tmp_path / "o"), "--no-prefect"])
    assert result.exit_code == 0, result.output
    assert shown == PHASES
