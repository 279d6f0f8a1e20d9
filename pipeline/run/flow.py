"""The Prefect flow: thin tasks over the plain stage functions, one task run per batch."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ProcessPoolTaskRunner

from pipeline.io.ingest import MAX_CHARS, Fields, InputItem
from pipeline.models import ErrorRecord, Record, Summary
from pipeline.run import progress as progress_hook
from pipeline.run.sequence import (
    DEFAULT_BATCH,
    RunOutput,
    Steps,
    extract_items,
    ingest_paths,
    run_sequence,
    write_report,
    write_run,
)


@task(name="ingest", retries=2, retry_delay_seconds=1, cache_policy=NO_CACHE)
def ingest_task(
    inputs: list[str], fields: Fields, max_chars: int
) -> tuple[list[InputItem], list[ErrorRecord]]:
    """Read every input file (I/O: retried)."""
    return ingest_paths(inputs, fields, max_chars)


@task(name="extract-batch", task_run_name="extract-batch-{index}", cache_policy=NO_CACHE)
def extract_task(batch: list[InputItem], index: int) -> RunOutput:
    """Normalise, segment, extract, link and validate one batch of abstracts."""
    return extract_items(batch)


@task(name="write-outputs", retries=2, retry_delay_seconds=1, cache_policy=NO_CACHE)
def write_task(
    out_dir: str, records: list[Record], errors: list[ErrorRecord], summary: Summary
) -> None:
    """Write records, errors and summary atomically (I/O: retried)."""
    write_run(out_dir, records, errors, summary)


def run_label(inputs: list[str]) -> str:
    """A run name that says what was processed."""
    names = [Path(p).name for p in inputs]
    head = ", ".join(names[:2]) + (f" +{len(names) - 2} more" if len(names) > 2 else "")
    return head or "nothing"


@task(name="audit-report", retries=2, retry_delay_seconds=1, cache_policy=NO_CACHE)
def report_task(out_dir: str) -> dict:
    """Audit the written records and write report.html (I/O: retried)."""
    return write_report(Path(out_dir))


def publish_artifact(summary: Summary, audit: dict | None, out_dir: str) -> None:
    """A markdown artifact on the flow run: counts, errors and where the report is."""
    lines = [
        f"# Extraction of {', '.join(summary.inputs)}",
        "",
        "| documents | records | errors | methods | datasets | metrics | results | seconds |",
        "|---|---|---|---|---|---|---|---|",
        f"| {summary.read} | {summary.records} | {summary.errors} | {summary.methods} | "
        f"{summary.datasets} | {summary.metrics} | {summary.results} | {summary.seconds} |",
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
) -> Summary:
    """Extract every abstract under `inputs` into `out_dir` (records, errors, summary)."""
    steps = Steps(ingest_task, submit_all if workers > 1 else call_each, write_task, report_task)
    summary, audit = run_sequence(
        inputs,
        out_dir,
        steps,
        fields=Fields(id_field, title_field, abstract_field),
        batch_size=batch_size,
        max_chars=max_chars,
        report=report,
        progress=progress_hook.PROGRESS.get(),
        phase=progress_hook.PHASE.get(),
    )
    publish_artifact(summary, audit, out_dir)
    return summary


def call_each(chunks: list[list[InputItem]]) -> Iterator[RunOutput]:
    """One task run per batch, one after another (the flow's default task runner)."""
    return (extract_task(chunk, index) for index, chunk in enumerate(chunks))


def submit_all(chunks: list[list[InputItem]]) -> Iterator[RunOutput]:
    """Submit every batch to the flow's task runner (a process pool); results in order."""
    futures = [extract_task.submit(chunk, index) for index, chunk in enumerate(chunks)]
    return (future.result() for future in futures)


def run_flow(inputs: list[str], out_dir: str, *, workers: int = 1, **kwargs) -> Summary:
    """Run the flow with a run name built from the inputs; `workers` > 1 uses a process pool."""
    flow_fn = extraction_flow
    if workers > 1:
        flow_fn = extraction_flow.with_options(
            task_runner=ProcessPoolTaskRunner(max_workers=workers)
        )
    return flow_fn(
        inputs=inputs, out_dir=out_dir, label=run_label(inputs), workers=workers, **kwargs
    )
