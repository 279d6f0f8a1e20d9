"""Scheduled runs: a Prefect Runner serving the extraction flow over an input folder.

Every tick is an incremental run: abstracts already in OUT/store.sqlite (same text, same
extractor and rule files) are reused, so a tick costs what is new in the folder."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

from prefect.runner import Runner

from pipeline.run.flow import extraction_flow, run_label


async def build_runner(
    folder: Path, out: Path, *, name: str, cron: str | None = None, interval: int | None = None
) -> tuple[Runner, UUID]:
    """A Runner with one deployment of the flow on a cron or interval schedule."""
    runner = Runner(name=name, query_seconds=1, pause_on_shutdown=True)
    params = {
        "inputs": [str(folder.resolve())],
        "out_dir": str(out.resolve()),
        "label": run_label([str(folder)]),
        "incremental": True,  # each tick extracts only what is new in the folder
    }
    deployment_id = await runner.aadd_flow(
        extraction_flow, name=name, cron=cron, interval=interval, parameters=params
    )
    return runner, deployment_id


async def serve_folder(
    folder: Path,
    out: Path,
    *,
    name: str,
    cron: str | None = None,
    interval: int | None = None,
    run_once: bool = False,
) -> None:
    """Serve the flow on its schedule until stopped (or once, with `run_once`)."""
    runner, _ = await build_runner(folder, out, name=name, cron=cron, interval=interval)
    await runner.start(run_once=run_once)
