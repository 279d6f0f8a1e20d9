"""Where plain (no Prefect) runs extract their batches: here, a process pool, or Dask."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

from pipeline.run.sequence import Steps
from pipeline.run.work import extract_lines


@contextlib.contextmanager
def plain_steps(
    workers: int = 1, executor: str = "process", dask_address: str | None = None
) -> Iterator[Steps]:
    """Steps for a plain run: in this process (1 worker), a process pool, or a Dask cluster
    (`dask_address`, else a LocalCluster of `workers` processes); stopped afterwards."""
    if executor == "dask" or dask_address:
        with dask_client(workers, dask_address) as client:
            yield Steps(
                lambda items, index: client.submit(extract_lines, items, pure=False),
                window=2 * max(workers, len(client.scheduler_info()["workers"]), 1),
            )
        return
    if workers <= 1:
        yield Steps()
        return
    from pipeline.run.procs import POOL, stop_pool, worker_pool

    if POOL:  # started by the caller (the CLI starts it first, so spaCy loads meanwhile)
        yield Steps(lambda items, index: POOL[-1].submit(extract_lines, items), window=2 * workers)
        return
    pool = worker_pool(workers)
    try:
        yield Steps(lambda items, index: pool.submit(extract_lines, items), window=2 * workers)
    finally:
        stop_pool(pool)


@contextlib.contextmanager
def dask_client(workers: int, address: str | None):
    """A distributed Client on the cluster at `address`, or on a new LocalCluster."""
    from distributed import Client, LocalCluster

    if address:
        with Client(address) as client:
            yield client
        return
    with (
        LocalCluster(
            n_workers=max(workers, 1),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.WARNING,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client
