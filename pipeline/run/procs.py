"""Child processes that never outlive the run: parent-death signals and pool shutdown."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1
POOL: list[ProcessPoolExecutor] = []  # the worker pool of the flow running in this process


def die_with_parent(sig: int = signal.SIGKILL, parent: int | None = None) -> None:
    """Linux: have the kernel send `sig` to this process when its parent exits.

    If the parent is already gone (it died before this call), exit now."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def init_worker(parent: int) -> None:
    """Pool worker start: die with the run, ignore Ctrl-C (the run stops us), load spaCy, and
    keep the loaded modules and pipeline out of the cyclic collector's walks (`gc.freeze`:
    this process only ever extracts)."""
    import gc

    die_with_parent(signal.SIGKILL, parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from pipeline.nlp import get_nlp

    get_nlp()
    gc.freeze()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes, each loading spaCy once and dying with us."""
    import multiprocessing

    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=init_worker,
        initargs=(os.getpid(),),
    )


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: queued batches dropped, running workers terminated."""
    processes = list(getattr(pool, "_processes", {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(5)
    # Let the pool's manager thread finish closing its wake-up pipe now: left running, it
    # races the interpreter's exit hook, which may write to that pipe as it closes (EBADF).
    if manager is not None:
        manager.join(5)


@contextlib.contextmanager
def worker_processes(workers: int) -> Iterator[None]:
    """A pool of `workers` plain processes for the Prefect flow's task runs (`POOL`), stopped
    afterwards. The processes start now: a run starts them before importing Prefect, so spaCy
    loads in them while Prefect starts."""
    pool = worker_pool(workers)
    for _ in range(workers):  # a spawn pool starts a process per task submitted while busy
        pool.submit(int)
    POOL.append(pool)
    try:
        yield
    finally:
        POOL.remove(pool)
        stop_pool(pool)


def raise_on_sigterm() -> None:
    """Turn SIGTERM into KeyboardInterrupt in the main thread, so cleanup code runs."""

    def handler(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, handler)
