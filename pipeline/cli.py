"""Command line: run, eval, serve and schema (`python -m pipeline --help`)."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import orjson
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode="rich",
    help="Extract methods, datasets, metrics and results from ML abstracts into checked JSON.",
)
console = Console(stderr=True)
out_console = Console()
PACKAGE = Path(__file__).resolve().parent
COMMAND_PROCESS = False  # set by `main`: this process runs one command and exits


def fail(message: str, code: int = 1) -> NoReturn:
    """Print `error: message` as one unwrapped line and exit with `code`."""
    console.print(f"[red]error:[/] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(code)


def rules_hash(package: Path = PACKAGE) -> str:
    """Short sha256 over the rule and lexicon files and the extraction code (the store's
    fingerprint input: `pipeline.resources.rules_digest`)."""
    from pipeline.resources import rules_digest

    return rules_digest(package)[:12]


def _print_version(value: bool) -> None:
    if not value:
        return
    from pipeline import __version__
    from pipeline.record import EXTRACTOR

    out_console.print(
        f"abstract-pipeline {__version__}, extractor {EXTRACTOR.name} {EXTRACTOR.version},"
        f" rules {rules_hash()}",
        soft_wrap=True,
        highlight=False,
    )
    raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_print_version,
            help="Print the package and extractor versions and the hash of the rule files.",
        ),
    ] = False,
) -> None:
    """Extract methods, datasets, metrics and results from ML abstracts into checked JSON."""


def check_out_dir(out: Path) -> None:
    """Exit with one line unless `out` is, or can become, a writable folder."""
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is a file, not a folder", 2)
    probe = out
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        fail(f"--out {out}: {probe} is a file, not a folder", 2)
    if not os.access(probe, os.W_OK | os.X_OK):
        fail(f"--out {out}: folder {probe} is not writable", 2)


InputsArg = Annotated[
    list[Path],
    typer.Argument(
        help="Seed text files (.txt), JSON Lines (.jsonl), CSV (.csv), or folders of them.",
        show_default=False,
        readable=False,  # click's default check; an unreadable input is an error line instead
    ),
]
OutOpt = Annotated[Path, typer.Option("--out", "-o", help="Output folder.")]


def _count_inputs(inputs: list[Path], fields, max_chars: int) -> int:
    """How many abstracts the inputs hold (streamed, nothing kept), for the progress bar."""
    from pipeline.io.ingest import InputItem, iter_ingest

    return sum(isinstance(x, InputItem) for x in iter_ingest(inputs, fields, max_chars))


def _summary_table(summary, out_dir: Path, where: str) -> Table:
    table = Table(title=f"Extraction summary → {out_dir}", show_header=False, box=None)
    table.add_column(style="bold")
    table.add_column(justify="right")
    rows = [
        ("documents read", summary.read),
        ("records written", summary.records),
        ("errors", summary.errors),
        ("methods", summary.methods),
        ("datasets", summary.datasets),
        ("metrics", summary.metrics),
        ("results", summary.results),
        ("extracted", summary.extracted),
        ("reused from the store", summary.reused),
        ("time", f"{summary.seconds:.2f} s"),
        ("orchestration", where),
    ]
    for key, value in rows:
        style = "red" if key == "errors" and summary.errors else None
        table.add_row(key, f"[{style}]{value}[/]" if style else str(value))
    return table


def prefect_api(verbose: bool = False) -> str:
    """Apply the Prefect defaults; the configured API URL (checked) or "ephemeral"."""
    from pipeline.run.prefect_env import EPHEMERAL, PrefectApiError, check_api, configure

    where = configure(verbose)
    if where != EPHEMERAL:
        try:
            check_api(where)
        except PrefectApiError as exc:
            fail(str(exc))
    return where


class Executor(StrEnum):
    """Where `run --workers N` extracts its batches."""

    process = "process"
    dask = "dask"


@app.command()
def run(
    inputs: InputsArg,
    out: OutOpt = Path("outputs"),
    batch_size: Annotated[
        int | None,
        typer.Option(
            help="Abstracts per task run (default: 256 per worker, at most 1,024: the one "
            "process that orchestrates keeps up with more workers when each task run carries "
            "more).",
            min=1,
            show_default=False,
        ),
    ] = None,
    report: Annotated[
        bool, typer.Option("--report/--no-report", help="Audit the output and write report.html.")
    ] = True,
    workers: Annotated[
        int,
        typer.Option(
            help="Processes extracting batches in parallel (1 with --no-prefect: this process).",
            min=1,
        ),
    ] = 1,
    max_chars: Annotated[int, typer.Option(help="Longer abstracts go to errors.jsonl.")] = 20_000,
    id_field: Annotated[str, typer.Option(help="JSONL/CSV field holding the paper id.")] = "id",
    title_field: Annotated[str, typer.Option(help="JSONL/CSV field holding the title.")] = "title",
    abstract_field: Annotated[
        str, typer.Option(help="JSONL/CSV field holding the abstract.")
    ] = "abstract",
    prefect: Annotated[
        bool,
        typer.Option(
            "--prefect/--no-prefect", help="Run as a Prefect flow (default) or as plain functions."
        ),
    ] = True,
    executor: Annotated[
        Executor,
        typer.Option(help="Where batches run: a local process pool, or Dask (prefect-dask)."),
    ] = Executor.process,
    dask_address: Annotated[
        str | None,
        typer.Option(help="Use this Dask scheduler (tcp://HOST:8786) instead of a LocalCluster."),
    ] = None,
    incremental: Annotated[
        bool,
        typer.Option(
            "--incremental/--full",
            help="Reuse abstracts extracted by these rules before (OUT/store.sqlite), or redo all.",
        ),
    ] = True,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Show Prefect's own logs.")
    ] = False,
) -> None:
    """Extract every abstract in INPUTS into OUT/records.jsonl, errors.jsonl and summary.json."""
    from pipeline.io.ingest import Fields
    from pipeline.run import default_batch_size
    from pipeline.run.outdir import OutputLocked
    from pipeline.run.procs import raise_on_sigterm

    check_out_dir(out)
    raise_on_sigterm()
    t0 = time.perf_counter()
    with contextlib.ExitStack() as stack:
        if (prefect or workers > 1) and executor is Executor.process and not dask_address:
            # The extraction runs in worker processes that load spaCy while this process
            # imports Prefect and reads the inputs (a Prefect run leaves this process to
            # Prefect's engine, so it uses a worker even with --workers 1).
            from pipeline.run.procs import worker_processes

            stack.enter_context(worker_processes(workers))
        where = prefect_api(verbose) if prefect else "plain functions"
        fields = Fields(id_field, title_field, abstract_field)
        total = _count_inputs(inputs, fields, max_chars)
        options = {"workers": workers, "executor": executor.value, "dask_address": dask_address}
        try:
            summary, where = _run(
                inputs,
                out,
                fields,
                total,
                where,
                prefect,
                options,
                report=report,
                batch_size=batch_size or default_batch_size(workers),
                max_chars=max_chars,
                incremental=incremental,
            )
        except OutputLocked as exc:
            fail(str(exc))
    console.print(_summary_table(summary, out, f"{where}, wall {time.perf_counter() - t0:.1f} s"))
    if summary.errors:
        console.print(f"[yellow]{summary.errors} input record(s) in {out / 'errors.jsonl'}[/]")
    if summary.records == 0:
        console.print("[red]nothing could be read[/]")
        raise typer.Exit(1)


def _freeze_imported() -> None:
    """Move everything imported so far out of the cyclic collector's reach (`gc.freeze`).

    The modules, classes and functions of spaCy, pydantic and Prefect live as long as this
    command's process; left in the collector's oldest generation, every full collection walks
    them again (~0.1 s of a run that reuses its records). Only the command's own process
    (`main`) does it: the library, and `app` invoked in a caller's process, never change the
    caller's collector."""
    if COMMAND_PROCESS:
        import gc

        gc.freeze()


def _run(inputs, out, fields, total, where, prefect, options, **run_kwargs):
    """The run itself under a progress bar: the Summary and where it ran."""
    with Progress(
        TextColumn("[bold]{task.description:<16}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        job = bar.add_task("starting Prefect" if prefect else "reading inputs", total=total)
        step = lambda n: bar.advance(job, n)  # noqa: E731
        phase = lambda name: bar.update(job, description=name)  # noqa: E731
        if prefect:
            from pipeline.run.flow import run_flow
            from pipeline.run.prefect_env import EPHEMERAL
            from pipeline.run.progress import PHASE, PROGRESS
            from pipeline.run.server import run_api

            _freeze_imported()
            with run_api(None if where == EPHEMERAL else where) as (url, startup):
                if startup is not None:
                    bar.console.print(
                        f"temporary Prefect server for this run: {url}, started in {startup:.1f} s",
                        highlight=False,
                        soft_wrap=True,
                    )
                token, phase_token = PROGRESS.set(step), PHASE.set(phase)
                try:
                    summary = run_flow(
                        [str(p) for p in inputs],
                        str(out),
                        id_field=fields.id,
                        title_field=fields.title,
                        abstract_field=fields.abstract,
                        **options,
                        **run_kwargs,
                    )
                finally:
                    PROGRESS.reset(token)
                    PHASE.reset(phase_token)
            return summary, f"Prefect ({where})"
        from pipeline.run.sequence import run_pipeline

        _freeze_imported()
        summary = run_pipeline(
            inputs, out, fields=fields, progress=step, phase=phase, **options, **run_kwargs
        )
        return summary, where


@app.command("eval")
def evaluate_cmd(
    gold: Annotated[Path, typer.Option(help="Gold JSON Lines (GUIDELINES.md format).")],
    pred: Annotated[Path, typer.Option(help="Predicted records.jsonl.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Score predicted records against gold: P/R/F1 per category, role and result attributes."""
    from pipeline.errors import GoldError
    from pipeline.quality.evaluate import evaluate, f1_interval

    try:
        report = evaluate(gold, pred)
    except GoldError as exc:
        console.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from exc
    data = report.as_dict()
    if report.docs >= 2:  # one document has no spread to resample
        for cat, v in data["categories"].items():
            v["f1_interval_95"] = [round(x, 4) for x in f1_interval(report.doc_counts, cat)]
    if as_json:
        sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    table = Table(title=f"{pred} vs {gold} ({data['docs']} documents)")
    for col in ("category", "tp", "fp", "fn", "precision", "recall", "f1", "f1 95% interval"):
        table.add_column(col, justify="left" if col == "category" else "right")
    for cat, v in data["categories"].items():
        lo_hi = v.get("f1_interval_95")
        table.add_row(
            cat,
            str(v["tp"]),
            str(v["fp"]),
            str(v["fn"]),
            f"{v['precision']:.3f}",
            f"{v['recall']:.3f}",
            f"{v['f1']:.3f}",
            f"{lo_hi[0]:.3f}-{lo_hi[1]:.3f}" if lo_hi else "n/a",
        )
    out_console.print(table)
    out_console.print(
        "f1 95% interval: documents resampled with replacement 2,000 times (percentile"
        " bootstrap): how far F1 can move with which abstracts were drawn"
    )
    attrs = Table(title="Accuracy over matched pairs")
    attrs.add_column("attribute")
    attrs.add_column("accuracy", justify="right")
    attrs.add_column("pairs", justify="right")
    attrs.add_row(
        "role (methods+datasets)", f"{data['role_accuracy']:.3f}", str(data["role_pairs"])
    )
    for attr, value in data["result_attribute_accuracy"].items():
        attrs.add_row(f"result {attr}", f"{value:.3f}", str(data["result_pairs"]))
    out_console.print(attrs)
    if data["missing_docs"]:
        out_console.print(f"[yellow]gold docs with no prediction: {data['missing_docs']}[/]")


def _check_cron(cron: str) -> None:
    """Exit with one line unless Prefect accepts `cron` as a cron schedule."""
    from prefect.client.schemas.schedules import CronSchedule
    from pydantic import ValidationError

    try:
        CronSchedule(cron=cron)
    except ValidationError:
        fail(f'--cron "{cron}" is not a cron schedule (five fields, e.g. "0 * * * *")', 2)


@app.command()
def serve(
    folder: Annotated[Path, typer.Argument(help="Input folder scanned on every run.")],
    out: OutOpt = Path("outputs/scheduled"),
    cron: Annotated[str | None, typer.Option(help='Cron schedule, e.g. "0 * * * *".')] = None,
    interval: Annotated[int | None, typer.Option(help="Seconds between runs.", min=1)] = None,
    name: Annotated[str, typer.Option(help="Deployment name.")] = "scheduled-extraction",
    once: Annotated[bool, typer.Option(help="Run due flow runs once, then exit.")] = False,
) -> None:
    """Serve the flow on a schedule over FOLDER (needs a Prefect API; see README)."""
    if (cron is None) == (interval is None):
        fail("give exactly one of --cron or --interval", 2)
    check_out_dir(out)
    from pipeline.run.prefect_env import EPHEMERAL, configure

    api = configure()
    if cron is not None:
        _check_cron(cron)
    if api == EPHEMERAL:
        fail(
            "serve needs a Prefect server that outlives this command, and no API is configured:"
            " run `make server-start` first"
        )
    where = prefect_api()
    import asyncio

    from pipeline.run.schedule import serve_folder

    console.print(
        f"serving [bold]{name}[/] over {folder} → {out} ({cron or f'every {interval}s'}),"
        f" API {where}; Ctrl-C stops"
    )
    try:
        asyncio.run(
            serve_folder(folder, out, name=name, cron=cron, interval=interval, run_once=once)
        )
    except KeyboardInterrupt:
        console.print("stopped")


@app.command()
def audit(
    records: Annotated[Path, typer.Argument(help="A records.jsonl written by `run`.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
    html: Annotated[
        Path | None, typer.Option(help="Also write a self-contained HTML report here.")
    ] = None,
) -> None:
    """Check every record against its source: sha256, span texts, result values, references,
    schema. Exits 0 only when everything verifies. Relative source paths are found from the
    current folder, else beside RECORDS or in a folder above it."""
    from pipeline.quality.audit import audit_file
    from pipeline.quality.report import render_report

    report = audit_file(records)
    if html is not None:
        from pipeline.io.emit import atomic_write

        atomic_write(html, [render_report(report).encode("utf-8")])
    if as_json:
        sys.stdout.write(orjson.dumps(report.as_dict(), option=orjson.OPT_INDENT_2).decode() + "\n")
    else:
        _print_audit(report, html)
    if not report.ok:
        raise typer.Exit(1)


def _print_audit(report, html: Path | None) -> None:
    summary = report.summary()
    table = Table(title=f"Audit of {summary['records_file']}", show_header=False, box=None)
    for key in ("records", "verified", "failed"):
        table.add_row(key, str(summary[key]))
    for check, n in sorted(summary["failures_by_check"].items()):
        table.add_row(f"  {check}", f"[red]{n}[/]")
    out_console.print(table)
    for stale in summary["stale_records"]:
        out_console.print(
            f"[yellow]stale:[/] line {stale['line']} doc {stale['doc_id']} "
            f"(source {stale['source']} changed)"
        )
    for rec in report.records:
        for f in rec.failures:
            where = f" {f.where}" if f.where else ""
            out_console.print(
                f"[red]line {rec.line}[/] doc {rec.doc_id}: {f.check}{where}: {f.detail}",
                markup=True,
                highlight=False,
            )
    if html is not None:
        out_console.print(f"report: {html}")
    out_console.print("[green]everything verifies[/]" if report.ok else "[red]audit failed[/]")


class ExportFormat(StrEnum):
    """File formats of `export`."""

    csv = "csv"
    parquet = "parquet"


@app.command()
def export(
    records: Annotated[Path, typer.Argument(help="A records.jsonl written by `run`.")],
    fmt: Annotated[ExportFormat, typer.Option("--format", help="File format.")] = ExportFormat.csv,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder (default: beside the records).")
    ] = None,
) -> None:
    """Write results.<fmt> (one row per result) and mentions.<fmt> (one row per mention)."""
    from pipeline.errors import InputError
    from pipeline.io.export import export_records

    try:
        written = export_records(records, out or records.parent, fmt.value)
    except InputError as exc:
        console.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from exc
    for name, (path, n) in written.items():
        out_console.print(f"{name}: {n} rows → {path}")


@app.command()
def schema(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for *.schema.json.")] = Path(
        "schemas"
    ),
) -> None:
    """Regenerate the JSON Schemas from the pydantic models."""
    from pipeline.schema import write_schemas

    for path in write_schemas(out):
        console.print(f"wrote {path}")


def main() -> None:
    """Console-script entry point."""
    global COMMAND_PROCESS
    COMMAND_PROCESS = True
    app()
