"""The Prefect flow and the scheduled deployment, against a temporary Prefect server."""

import asyncio

import orjson
import pytest

from tests.conftest import SEED

pytestmark = pytest.mark.prefect


def _records(path):
    return [orjson.loads(x) for x in path.read_bytes().splitlines()]


def test_flow_matches_plain_functions(prefect_server, tmp_path):
    from pipeline.run.flow import run_flow
    from pipeline.run.sequence import run_pipeline

    summary = run_flow([str(SEED)], str(tmp_path / "flow"), batch_size=8)
    run_pipeline([SEED], tmp_path / "plain")
    assert summary.records == 19 and summary.errors == 0
    assert _records(tmp_path / "flow" / "records.jsonl") == _records(
        tmp_path / "plain" / "records.jsonl"
    )


def test_flow_run_is_named_after_its_input(prefect_server, tmp_path):
    from prefect.client.orchestration import get_client

    from pipeline.run.flow import run_flow

    run_flow([str(SEED)], str(tmp_path / "named"), batch_size=8)

    async def names():
        async with get_client() as client:
            return [r.name for r in await client.read_flow_runs()]

    assert "extract iclr2026_abstracts.txt" in asyncio.run(names())


def test_flow_batches_into_task_runs(prefect_server, tmp_path):
    from prefect.client.orchestration import get_client

    from pipeline.run.flow import run_flow

    run_flow([str(SEED)], str(tmp_path / "batched"), batch_size=5)

    async def task_names():
        async with get_client() as client:
            return sorted(t.name for t in await client.read_task_runs())

    got = set(asyncio.run(task_names()))
    assert {f"extract-batch-{i}" for i in range(4)} <= got  # 19 abstracts in batches of 5
    assert "extract-batch-4" not in got
    assert any(n.startswith("audit-report") for n in got)


def test_scheduled_deployment_runs(prefect_server, tmp_path):
    from prefect.client.orchestration import get_client

    from pipeline.run.schedule import build_runner

    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "seed.txt").write_bytes(SEED.read_bytes())
    out = tmp_path / "scheduled"

    async def scenario():
        runner, deployment_id = await build_runner(inbox, out, name="test-schedule", interval=3600)
        async with get_client() as client:
            run = await client.create_flow_run_from_deployment(deployment_id)
        await runner.start(run_once=True)
        async with get_client() as client:
            return (await client.read_flow_run(run.id)).state.type.value

    assert asyncio.run(scenario()) == "COMPLETED"
    summary = orjson.loads((out / "summary.json").read_bytes())
    assert summary["records"] == 19 and summary["extracted"] == 19
    assert asyncio.run(scenario()) == "COMPLETED"  # the next tick: incremental by default
    summary = orjson.loads((out / "summary.json").read_bytes())
    assert (summary["extracted"], summary["reused"]) == (0, 19)


def test_a_killed_runs_flow_run_is_marked_crashed_by_the_next_run(prefect_server, tmp_path):
    from prefect.client.orchestration import get_client
    from prefect.states import Running

    from pipeline.run.flow import extraction_flow, run_flow

    with get_client(sync_client=True) as client:
        flow_id = client.create_flow(extraction_flow)
        killed = client.create_flow_run(extraction_flow, parameters={}, state=Running())
        assert client.read_flow_run(killed.id).state.is_running() and flow_id
    out = tmp_path / "out"
    stale = out / "runs" / "20260101T000000-1-abcdef"  # what a SIGKILLed run leaves
    stale.mkdir(parents=True)
    (stale / ".owner").write_text(str(killed.id))
    run_flow([str(SEED)], str(out), batch_size=8, report=False)
    assert not stale.exists()
    with get_client(sync_client=True) as client:
        assert client.read_flow_run(killed.id).state.type.value == "CRASHED"


def test_flow_with_a_process_pool(prefect_server, tmp_path):
    from pipeline.run.flow import run_flow
    from pipeline.run.sequence import run_pipeline

    summary = run_flow([str(SEED)], str(tmp_path / "pool"), batch_size=5, workers=2)
    run_pipeline([SEED], tmp_path / "plain")
    assert summary.records == 19
    assert _records(tmp_path / "pool" / "records.jsonl") == _records(
        tmp_path / "plain" / "records.jsonl"
    )


def test_the_flow_worker_pool_never_imports_prefect():
    from pipeline.run.flow import POOL, worker_processes

    with worker_processes(2):
        assert len(POOL) == 1
        loaded = POOL[0].submit(eval, "'prefect' in __import__('sys').modules").result()
    assert loaded is False
    assert POOL == []


def test_a_run_against_a_running_server_never_loads_prefects_server_stack():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from pipeline.run.server import run_api\n"
        "with run_api('http://127.0.0.1:1/api') as (url, startup):\n"
        "    assert startup is None\n"
        "print('prefect.server.api.server' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_flow_publishes_an_artifact_and_a_report(prefect_server, tmp_path):
    from prefect.client.orchestration import get_client

    from pipeline.run.flow import run_flow

    run_flow([str(SEED)], str(tmp_path / "art"), batch_size=8)
    assert (tmp_path / "art" / "report.html").exists()

    async def artifacts():
        async with get_client() as client:
            return await client.read_artifacts()

    found = [a for a in asyncio.run(artifacts()) if a.key == "extraction-summary"]
    assert found
    text = next(a.data for a in found if str(tmp_path / "art") in a.data)
    assert "| 19 | 19 | 0 |" in text and "report.html" in text and "19 of 19 records verify" in text


def test_flow_reports_its_phases_in_order(prefect_server, tmp_path):
    from pipeline.run.flow import run_flow
    from pipeline.run.progress import PHASE

    seen: list[str] = []
    token = PHASE.set(seen.append)
    try:
        run_flow([str(SEED)], str(tmp_path / "phases"), batch_size=8)
    finally:
        PHASE.reset(token)
    assert seen == ["reading inputs", "extracting", "writing records", "auditing", "writing report"]
