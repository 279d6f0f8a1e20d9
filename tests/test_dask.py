"""Dask: a real LocalCluster, plain and through prefect-dask's DaskTaskRunner, byte-identical."""

from __future__ import annotations

import pytest

from pipeline.run.sequence import run_pipeline
from tests.test_orphans import many_abstracts
from tests.test_runs import outputs

pytestmark = pytest.mark.prefect


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """76 abstracts and the records of a plain one-process run over them."""
    folder = tmp_path_factory.mktemp("dask")
    src = many_abstracts(folder / "in.jsonl", 4)
    run_pipeline([src], folder / "plain", batch_size=10, report=False)
    return src, outputs(folder / "plain")


def test_plain_run_on_a_local_cluster(inputs, tmp_path):
    src, expected = inputs
    got = run_pipeline(
        [src], tmp_path / "out", batch_size=10, executor="dask", workers=2, report=False
    )
    assert got.extracted == got.records == 76
    assert outputs(tmp_path / "out") == expected


def test_plain_run_on_a_cluster_given_by_address(inputs, tmp_path):
    from distributed import LocalCluster

    src, expected = inputs
    with LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=None) as cluster:
        run_pipeline(
            [src], tmp_path / "out", batch_size=10, dask_address=cluster.scheduler_address,
            report=False,
        )  # fmt: skip
    assert outputs(tmp_path / "out") == expected


def test_flow_on_dask_task_runner(prefect_server, inputs, tmp_path):
    from prefect.client.orchestration import get_client

    from pipeline.run.flow import run_flow

    src, expected = inputs
    summary = run_flow(
        [str(src)], str(tmp_path / "out"), batch_size=10, executor="dask", workers=2,
        report=False,
    )  # fmt: skip
    assert summary.extracted == 76
    assert outputs(tmp_path / "out") == expected
    with get_client(sync_client=True) as client:
        names = {t.name for t in client.read_task_runs()}
    assert {f"extract-batch-{i}" for i in range(8)} <= names
