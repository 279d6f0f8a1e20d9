"""The Prefect flow: thin tasks over the plain stage functions, one task run per batch.

Task runs get their batch pickled into one bytes object and return one bytes object (the
outcome lines): a leaf that neither Prefect's parameter walk nor Dask's argument unpacking
looks into (`quote()` would be unpacked by Dask, being a tuple), and records never travel as
Python objects through Prefect. With more than one worker, the task runs run in threads of the
flow's process (`ThreadPoolTaskRunner`, 2 per worker) and each hands its batch to the run's
pool of plain worker processes (spawned once, loading spaCy but never Prefect, dying with the
run), so Prefect's engine and API calls stay in one process; or they run on Dask
(`DaskTaskRunner`: a `LocalCluster`, or a cluster's address).
"""

from __future__ import annotations

import contextlib
import logging
import pickle
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from pipeline.io.ingest import MAX_CHARS, Fields, InputItem
from pipeline.models import Summary
from pipeline.run import progress as progress_hook
from pipeline.run.procs import POOL, worker_processes
from pipeline.run.sequence import DEFAULT_BATCH, Done, Steps, run_sequence, write_report
from pipeline.run.work import extract_pickled

EXECUTORS = ("process", "dask")


@task(name="extract-batch", task_run_name="extract-batch-{index}", cache_policy=NO_CACHE)
def extract_task(batch: bytes, index: int) -> bytes:
    """Normalise, segment, extract, link and validate one (pickled) batch; its outcome lines
    (in the flow's worker pool if it has one, else where the task runner runs it)."""
    if POOL:
        return POOL[-1].submit(extract_pickled, batch).result()
    return extract_pickled(batch)


@task(name="audit-report", retries=2, retry_delay_seconds=1, cache_policy=NO_CACHE)
def report_task(folder: str, out_dir: str) -> dict:
    """Audit the run's records (streamed) and write its report (I/O: retried)."""
    return write_report(folder, out_dir)


def run_label(inputs: list[str]) -> str:
    """A run name that says what was processed."""
    names = [Path(p).name for p in inputs]
    head = ", ".join(names[:2]) + (f" +{len(names) - 2} more" if len(names) > 2 else "")
    return head or "nothing"


def publish_artifact(summary: Summary, audit: dict | None, out_dir: str) -> None:
    """A markdown artifact on the flow run: counts, errors and where the report is."""
    lines = [
        f"# Extraction of {', '.join(summary.inputs)}",
        "",
        "| documents | records | errors | extracted | reused | methods | datasets | metrics"
        " | results | seconds |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {summary.read} | {summary.records} | {summary.errors} | {summary.extracted} | "
        f"{summary.reused} | {summary.methods} | {summary.datasets} | {summary.metrics} | "
        f"{summary.results} | {summary.seconds} |",
        "",
        f"Records: `{Path(out_dir) / 'records.jsonl'}`; "
        f"errors: `{Path(out_dir) / 'errors.jsonl'}`.",
    ]
    if audit is not None:
        lines.append(
            f"Audit: {audit['verified']} of {audit['records']} records verify; "
            f"report `{audit['report']}`."
        )
    create_markdown_artifact(
        markdown="\n".join(lines),
        key="extraction-summary",
        description=f"extraction into {out_dir}",
    )


def call_here(items: list[InputItem], index: int) -> Done:
    """One task run per batch, in this process, one after another."""
    return Done(extract_task(pickle.dumps(items), index))


def submit_to_runner(items: list[InputItem], index: int):
    """Submit a batch to the flow's task runner (process pool or Dask); a PrefectFuture."""
    return extract_task.submit(pickle.dumps(items), index)


def mark_crashed(flow_run_ids: list[str]) -> None:
    """Mark the flow runs of killed runs into this folder Crashed, if still RUNNING."""
    from uuid import UUID

    from prefect.client.orchestration import get_client
    from prefect.states import Crashed

    with get_client(sync_client=True) as client:
        for run_id in flow_run_ids:
            try:
                state = client.read_flow_run(UUID(run_id)).state
                if state is not None and state.is_running():
                    message = "the process running it was killed; a later run cleaned its folder"
                    client.set_flow_run_state(UUID(run_id), Crashed(message=message), force=True)
            except Exception:  # another server's run, or gone: nothing to mark
                continue


@flow(
    name="extract-abstracts",
    flow_run_name="extract {label}",
    log_prints=False,
    validate_parameters=False,
)
def extraction_flow(
    inputs: list[str],
    out_dir: str,
    label: str = "",
    batch_size: int = DEFAULT_BATCH,
    max_chars: int = MAX_CHARS,
    id_field: str = "id",
    title_field: str = "title",
    abstract_field: str = "abstract",
    workers: int = 1,
    report: bool = True,
    incremental: bool = True,
    executor: str = "process",
) -> Summary:
    """Extract every abstract under `inputs` into `out_dir` (records, errors, summary)."""
    from prefect.runtime import flow_run

    pooled = workers > 1 and executor == "process"
    with worker_processes(workers) if pooled and not POOL else contextlib.nullcontext():
        parallel = bool(POOL) or executor == "dask"
        steps = Steps(
            submit=submit_to_runner if parallel else call_here,
            report=report_task,
            window=2 * max(workers, 1) if parallel else 1,
            owner=str(flow_run.id) if flow_run.id else None,
            stale=mark_crashed,
        )
        summary, audit = run_sequence(
            inputs,
            out_dir,
            steps,
            fields=Fields(id_field, title_field, abstract_field),
            batch_size=batch_size,
            max_chars=max_chars,
            report=report,
            incremental=incremental,
            progress=progress_hook.PROGRESS.get(),
            phase=progress_hook.PHASE.get(),
        )
    publish_artifact(summary, audit, out_dir)
    return summary


def task_runner(workers: int, executor: str = "process", dask_address: str | None = None):
    """The task runner for `workers` and `executor`, or None for the flow's default."""
    if executor == "dask" or dask_address:
        from prefect_dask import DaskTaskRunner

        if dask_address:
            return DaskTaskRunner(address=dask_address)
        return DaskTaskRunner(
            cluster_class="distributed.LocalCluster",
            cluster_kwargs={
                "n_workers": max(workers, 1),
                "threads_per_worker": 1,
                "processes": True,
                "dashboard_address": None,
                "silence_logs": logging.WARNING,
            },
        )
    if workers > 1:
        from prefect.task_runners import ThreadPoolTaskRunner

        return ThreadPoolTaskRunner(max_workers=2 * workers)  # waiting on the worker pool
    return None


def run_flow(
    inputs: list[str],
    out_dir: str,
    *,
    workers: int = 1,
    executor: str = "process",
    dask_address: str | None = None,
    **kwargs,
) -> Summary:
    """Run the flow with a run name built from the inputs, on the task runner asked for."""
    if executor not in EXECUTORS:
        raise ValueError(f"executor {executor!r} is not one of {', '.join(EXECUTORS)}")
    runner = task_runner(workers, executor, dask_address)
    flow_fn = extraction_flow
    if runner is not None:
        flow_fn = extraction_flow.with_options(task_runner=runner)
    pooled = workers > 1 and executor == "process" and not dask_address and not POOL
    with worker_processes(workers) if pooled else contextlib.nullcontext():
        return flow_fn(
            inputs=inputs,
            out_dir=out_dir,
            label=run_label(inputs),
            workers=workers,
            executor="dask" if dask_address else executor,
            **kwargs,
        )
