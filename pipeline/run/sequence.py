"""The one orchestration sequence (plain mode and the Prefect flow): stream, extract, publish.

Inputs are read as a stream in output order and cut into batches; each batch's abstracts not in
the store are extracted by `Steps.submit` (here, in a process pool, or as a Prefect task run),
with at most `Steps.window` batches in flight; finished batches are written in input order to
the run's own folder and to the store; the summary is counted on the way; the report streams
over the written files; then the run folder is published in one rename (see `outdir`).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol

import orjson

from pipeline.io.emit import ERRORS, RECORDS, SUMMARY
from pipeline.io.ingest import MAX_CHARS, Fields, Ingested, InputItem, iter_ingest
from pipeline.models import ErrorRecord, Summary
from pipeline.record import EXTRACTOR
from pipeline.run import BATCH_PER_WORKER, default_batch_size
from pipeline.run.outdir import RunFolder
from pipeline.run.progress import AUDITING, EXTRACTING, PHASE, READING, WRITING, announce
from pipeline.run.store import STORE, Store, text_key
from pipeline.run.work import extract_lines, place, split_lines

if TYPE_CHECKING:
    from pipeline.quality.pages import StreamingReport

DEFAULT_BATCH = BATCH_PER_WORKER
REPORT = "report.html"
Progress = Callable[[int], None]
Phase = Callable[[str], None]


class Pending(Protocol):
    """A batch being extracted: its outcome lines when done (a Future of any executor)."""

    def result(self) -> bytes: ...


@dataclass(frozen=True)
class Done:
    """A batch extracted already."""

    value: bytes

    def result(self) -> bytes:
        return self.value


Submit = Callable[[list[InputItem], int], Pending]


def in_this_process(items: list[InputItem], index: int) -> Done:
    """Extract a batch here and now."""
    return Done(extract_lines(items))


@dataclass(frozen=True)
class Steps:
    """How a run executes: where batches are extracted, how many at once, how it reports."""

    submit: Submit = in_this_process
    report: Callable[[str, str], dict] | None = None
    window: int = 1
    owner: str | None = None  # who writes the run folder (a Prefect flow run id)
    stale: Callable[[list[str]], None] | None = None  # told the owners of killed runs


@dataclass
class Batch:
    """Consecutive inputs holding at most `size` abstracts (and the ingest errors among them)."""

    index: int
    entries: list[Ingested] = field(default_factory=list)

    @property
    def items(self) -> list[InputItem]:
        return [e for e in self.entries if isinstance(e, InputItem)]


def plan_batches(stream: Iterable[Ingested], size: int) -> Iterator[Batch]:
    """Cut the input stream into batches of `size` abstracts, in order."""
    batch, n = Batch(0), 0
    for entry in stream:
        batch.entries.append(entry)
        if isinstance(entry, InputItem):
            n += 1
            if n == size:
                yield batch
                batch, n = Batch(batch.index + 1), 0
    if batch.entries:
        yield batch


@dataclass
class Tally:
    """The summary's counts, added up batch by batch."""

    records: int = 0
    errors: int = 0
    extracted: int = 0
    reused: int = 0
    counts: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def summary(self, inputs: Sequence[str], seconds: float) -> Summary:
        """The run's Summary; `read == records + errors` and `records == extracted + reused`."""
        m, d, t, r = self.counts
        return Summary(
            inputs=list(inputs),
            read=self.records + self.errors,
            records=self.records,
            errors=self.errors,
            methods=m,
            datasets=d,
            metrics=t,
            results=r,
            extracted=self.extracted,
            reused=self.reused,
            seconds=round(seconds, 3),
            extractor=EXTRACTOR,
        )


class RecordFeed(Protocol):
    """Told every record line as it is written (the run's streaming report)."""

    def add(self, n: int, raw: bytes) -> None: ...


@dataclass
class Outputs:
    """records.jsonl and errors.jsonl of the run folder, written batch by batch (each record
    line also goes to `feed`, with its line number)."""

    records: IO[bytes]
    errors: IO[bytes]
    tally: Tally = field(default_factory=Tally)
    feed: RecordFeed | None = None

    def error(self, error: ErrorRecord) -> None:
        self.errors.write(orjson.dumps(error.model_dump(mode="json")) + b"\n")
        self.tally.errors += 1

    def close(self) -> None:
        self.records.close()
        self.errors.close()


@dataclass
class InFlight:
    """A submitted batch: its entries, store keys, lines found in the store, the pending rest."""

    batch: Batch
    keys: list[str]
    stored: dict[str, bytes]
    todo: list[int]
    pending: Pending | None


def start_batch(batch: Batch, submit: Submit, store: Store | None, reuse: bool) -> InFlight:
    """Look a batch's abstracts up in the store and submit the others for extraction."""
    items = batch.items
    keys = [text_key(item.text) for item in items]
    stored = store.lookup(keys) if store is not None and reuse else {}
    todo = [i for i, key in enumerate(keys) if key not in stored]
    pending = submit([items[i] for i in todo], batch.index) if todo else None
    return InFlight(batch, keys, stored, todo, pending)


def finish_batch(job: InFlight, out: Outputs, store: Store | None) -> int:
    """Store what a finished batch extracted, then write the batch in input order (and feed
    the report); its abstract count. Stored first: a run killed while writing or auditing the
    batch resumes with it."""
    lines = split_lines(job.pending.result(), len(job.todo)) if job.pending else []
    fresh = dict(zip(job.todo, lines, strict=True))
    if store is not None and fresh:
        store.put((job.keys[i], line) for i, line in fresh.items())
    i = 0
    for entry in job.batch.entries:
        if isinstance(entry, ErrorRecord):
            out.error(entry)
            continue
        line = fresh.get(i)
        got = line if line is not None else job.stored[job.keys[i]]
        placed = place(got, entry, fresh=line is not None)
        if placed.record:
            out.records.write(placed.json + b"\n")
            out.tally.records += 1
            if out.feed is not None:
                out.feed.add(out.tally.records, placed.json)
            if line is not None:
                out.tally.extracted += 1
            else:
                out.tally.reused += 1
            out.tally.counts = [a + b for a, b in zip(out.tally.counts, placed.counts, strict=True)]
        else:
            out.errors.write(placed.json + b"\n")
            out.tally.errors += 1
        i += 1
    return i


def extract_into(
    batches: Iterable[Batch],
    steps: Steps,
    out: Outputs,
    store: Store | None,
    reuse: bool,
    progress: Progress | None,
) -> None:
    """Run every batch through `steps.submit`, `steps.window` at a time, written in order."""
    window: deque[InFlight] = deque()
    for batch in batches:
        window.append(start_batch(batch, steps.submit, store, reuse))
        while len(window) >= max(steps.window, 1):
            done = finish_batch(window.popleft(), out, store)
            if progress:
                progress(done)
    while window:
        done = finish_batch(window.popleft(), out, store)
        if progress:
            progress(done)


def write_summary(folder: Path, summary: Summary) -> None:
    """summary.json of the run folder."""
    (folder / SUMMARY).write_bytes(
        orjson.dumps(summary.model_dump(mode="json"), option=orjson.OPT_INDENT_2) + b"\n"
    )


STREAMING: dict[str, StreamingReport] = {}  # run folder -> its report, fed while extracting


def start_report(folder: Path, out_dir: str) -> StreamingReport:
    """The streaming report of the run writing `folder` (finished by `write_report`)."""
    from pipeline.quality.pages import StreamingReport

    report = StreamingReport(
        folder / RECORDS,
        folder,
        shown_as=str(Path(out_dir) / RECORDS),
        cache_file=Path(out_dir) / STORE,
    )
    STREAMING[str(folder)] = report
    return report


def write_report(folder: str, out_dir: str) -> dict:
    """Finish the run's streaming report, or audit its records (streamed) and write the paged
    report in one pass; the audit summary."""
    from pipeline.quality.pages import write_paged_report

    streaming = STREAMING.get(folder)
    if streaming is not None:
        audit = streaming.finish(on_render=announce)
    else:
        audit = write_paged_report(
            Path(folder) / RECORDS,
            Path(folder),
            shown_as=str(Path(out_dir) / RECORDS),
            on_render=announce,
            cache_file=Path(out_dir) / STORE,
        )
    return {**audit, "report": str(Path(out_dir) / REPORT)}


def run_sequence(
    inputs: list[str],
    out_dir: str,
    steps: Steps,
    *,
    fields: Fields,
    batch_size: int = DEFAULT_BATCH,
    max_chars: int = MAX_CHARS,
    report: bool = True,
    incremental: bool = True,
    progress: Progress | None = None,
    phase: Phase | None = None,
) -> tuple[Summary, dict | None]:
    """The one orchestration sequence: stream, extract by batch, write, report, publish.

    `phase` (else the PHASE hook of the context) hears each phase as it begins: reading
    inputs, extracting, writing records, auditing, writing report. With `incremental`, an
    abstract whose outcome is in the store is reused; the store is updated either way.
    Returns the summary and, when `report`, the audit summary."""
    token = PHASE.set(phase) if phase is not None else None
    try:
        t0 = time.perf_counter()
        with RunFolder(Path(out_dir), steps.owner) as run:
            if run.stale_owners and steps.stale is not None:
                steps.stale(run.stale_owners)
            announce(READING)
            store = Store(run.out / STORE)
            feed = None
            try:
                out = Outputs((run.folder / RECORDS).open("wb"), (run.folder / ERRORS).open("wb"))
                feed = out.feed = start_report(run.folder, out_dir) if report else None
                stream = iter_ingest([Path(p) for p in inputs], fields, max_chars)
                announce(EXTRACTING)
                try:
                    extract_into(
                        plan_batches(stream, batch_size), steps, out, store, incremental, progress
                    )
                finally:
                    out.close()
                announce(WRITING)
                summary = out.tally.summary(inputs, time.perf_counter() - t0)
                write_summary(run.folder, summary)
                audit = None
                if report:
                    announce(AUDITING)
                    audit = (steps.report or write_report)(str(run.folder), out_dir)
            finally:
                store.close()
                if feed is not None:
                    feed.close()
                    STREAMING.pop(str(run.folder), None)
            run.publish()
    finally:
        if token is not None:
            PHASE.reset(token)
    return summary, audit


def run_pipeline(
    inputs: Sequence[Path],
    out_dir: Path,
    *,
    fields: Fields | None = None,
    batch_size: int | None = None,
    max_chars: int = MAX_CHARS,
    workers: int = 1,
    executor: str = "process",
    dask_address: str | None = None,
    report: bool = True,
    incremental: bool = True,
    progress: Progress | None = None,
    phase: Phase | None = None,
) -> Summary:
    """Run the sequence with plain steps (no Prefect) and publish the outputs; batches of
    `batch_size` abstracts, by default 256 per worker up to 1,024."""
    from pipeline.run.executors import plain_steps

    batch_size = batch_size or default_batch_size(workers)

    with plain_steps(workers, executor, dask_address) as steps:
        summary, _ = run_sequence(
            [str(p) for p in inputs],
            str(out_dir),
            steps,
            fields=fields or Fields(),
            batch_size=batch_size,
            max_chars=max_chars,
            report=report,
            incremental=incremental,
            progress=progress,
            phase=phase,
        )
    return summary
