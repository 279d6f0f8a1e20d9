"""The pipeline as plain functions: ingest, normalise, segment, extract, link, validate, emit."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.io.emit import write_outputs
from pipeline.io.ingest import MAX_CHARS, Fields, InputItem, ingest
from pipeline.models import ErrorRecord, Record, Summary
from pipeline.nlp import get_nlp
from pipeline.record import EXTRACTOR, extract_batch
from pipeline.run.progress import AUDITING, EXTRACTING, PHASE, READING, REPORTING, WRITING, announce

DEFAULT_BATCH = 256
Progress = Callable[[int], None]
Phase = Callable[[str], None]


@dataclass
class RunOutput:
    """Records and errors of one run, in input order."""

    records: list[Record] = field(default_factory=list)
    errors: list[ErrorRecord] = field(default_factory=list)


def batches(items: Sequence[InputItem], size: int) -> Iterator[list[InputItem]]:
    """Consecutive slices of at most `size` items."""
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


def extract_items(items: Sequence[InputItem]) -> RunOutput:
    """Extract one batch in this process (the spaCy pipeline is loaded once per process)."""
    out = RunOutput()
    for got in extract_batch(items, get_nlp()):
        (out.records if isinstance(got, Record) else out.errors).append(got)
    return out


def summarise(inputs: Sequence[str], out: RunOutput, seconds: float) -> Summary:
    """Counts of a run; `read == records + errors` is checked by the model."""
    recs = out.records
    return Summary(
        inputs=list(inputs),
        read=len(recs) + len(out.errors),
        records=len(recs),
        errors=len(out.errors),
        methods=sum(len(r.methods) for r in recs),
        datasets=sum(len(r.datasets) for r in recs),
        metrics=sum(len(r.metrics) for r in recs),
        results=sum(len(r.results) for r in recs),
        seconds=round(seconds, 3),
        extractor=EXTRACTOR,
    )


def order_key(item: Record | ErrorRecord) -> tuple[str, int]:
    """Input order: file path, then position in the file."""
    path = item.source.path if isinstance(item, Record) else item.path
    return path, item.ordinal or 0


BatchRunner = Callable[[list[list[InputItem]]], Iterable[RunOutput]]


def in_this_process(chunks: list[list[InputItem]]) -> Iterator[RunOutput]:
    """Extract batches one after another in this process."""
    return (extract_items(chunk) for chunk in chunks)


def in_worker_processes(workers: int) -> BatchRunner:
    """A runner that extracts batches in a pool of `workers` processes, results in order."""

    def run(chunks: list[list[InputItem]]) -> Iterator[RunOutput]:
        with ProcessPoolExecutor(max_workers=workers, initializer=get_nlp) as pool:
            yield from pool.map(extract_items, chunks)

    return run


def extract_all(
    items: Sequence[InputItem],
    errors: Sequence[ErrorRecord],
    batch_size: int,
    runner: BatchRunner = in_this_process,
    progress: Progress | None = None,
) -> RunOutput:
    """Extract every batch with `runner`; records and errors in input order."""
    out = RunOutput(errors=list(errors))
    chunks = list(batches(items, batch_size))
    for chunk, part in zip(chunks, runner(chunks), strict=True):
        out.records.extend(part.records)
        out.errors.extend(part.errors)
        if progress:
            progress(len(chunk))
    out.records.sort(key=order_key)
    out.errors.sort(key=order_key)
    return out


REPORT = "report.html"


def write_report(out_dir: Path) -> dict:
    """Audit out_dir/records.jsonl and write out_dir/report.html; returns the audit summary."""
    from pipeline.io.emit import atomic_write
    from pipeline.quality.audit import audit_file
    from pipeline.quality.report import render_report

    report = audit_file(out_dir / "records.jsonl")
    announce(REPORTING)
    atomic_write(out_dir / REPORT, [render_report(report).encode("utf-8")])
    return {**report.summary(), "report": str(out_dir / REPORT)}


@dataclass(frozen=True)
class Steps:
    """How each step of a run executes: plain calls here, or Prefect tasks in the flow."""

    ingest: Callable[[list[str], Fields, int], tuple[list[InputItem], list[ErrorRecord]]]
    extract: BatchRunner
    write: Callable[[str, list[Record], list[ErrorRecord], Summary], None]
    report: Callable[[str], dict]


def ingest_paths(
    inputs: list[str], fields: Fields, max_chars: int
) -> tuple[list[InputItem], list[ErrorRecord]]:
    """Ingest input paths given as strings."""
    return ingest([Path(p) for p in inputs], fields, max_chars)


def write_run(
    out_dir: str, records: list[Record], errors: list[ErrorRecord], summary: Summary
) -> None:
    """Write records, errors and summary into `out_dir`."""
    write_outputs(Path(out_dir), records, errors, summary)


def plain_steps(workers: int = 1) -> Steps:
    """Every step as a plain call; batches in a process pool when `workers` > 1."""
    runner = in_worker_processes(workers) if workers > 1 else in_this_process
    return Steps(ingest_paths, runner, write_run, lambda out_dir: write_report(Path(out_dir)))


def run_sequence(
    inputs: list[str],
    out_dir: str,
    steps: Steps,
    *,
    fields: Fields,
    batch_size: int = DEFAULT_BATCH,
    max_chars: int = MAX_CHARS,
    report: bool = True,
    progress: Progress | None = None,
    phase: Phase | None = None,
) -> tuple[Summary, dict | None]:
    """The one orchestration sequence: ingest, extract by batch, summarise, write, report.

    `phase` (else the PHASE hook of the context) hears each phase as it begins: reading
    inputs, extracting, writing records, auditing, writing report. Returns the summary and,
    when `report`, the audit summary."""
    token = PHASE.set(phase) if phase is not None else None
    try:
        t0 = time.perf_counter()
        announce(READING)
        items, errors = steps.ingest(inputs, fields, max_chars)
        announce(EXTRACTING)
        out = extract_all(items, errors, batch_size, steps.extract, progress)
        summary = summarise(inputs, out, time.perf_counter() - t0)
        announce(WRITING)
        steps.write(out_dir, out.records, out.errors, summary)
        audit = None
        if report:
            announce(AUDITING)
            audit = steps.report(out_dir)
    finally:
        if token is not None:
            PHASE.reset(token)
    return summary, audit


def run_pipeline(
    inputs: Sequence[Path],
    out_dir: Path,
    *,
    fields: Fields | None = None,
    batch_size: int = DEFAULT_BATCH,
    max_chars: int = MAX_CHARS,
    workers: int = 1,
    report: bool = True,
    progress: Progress | None = None,
    phase: Phase | None = None,
) -> Summary:
    """Run the sequence with plain steps (no Prefect) and write the outputs."""
    summary, _ = run_sequence(
        [str(p) for p in inputs],
        str(out_dir),
        plain_steps(workers),
        fields=fields or Fields(),
        batch_size=batch_size,
        max_chars=max_chars,
        report=report,
        progress=progress,
        phase=phase,
    )
    return summary
