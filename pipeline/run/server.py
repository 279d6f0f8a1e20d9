"""One temporary Prefect server per run (when no API is configured), dying with the run.

Prefect's own ephemeral server is started lazily by whichever process first needs an API, so
each process-pool worker used to start one more. Here the run starts one before the flow, on a
free port, with a parent-death signal, and points every process of the run at it through
PREFECT_API_URL (the task runners pass the settings on to their workers). Prefect's server
stack is imported only by that child: the run process never loads it."""

from __future__ import annotations

import contextlib
import os
import socket
import time
from collections.abc import Iterator


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def run_api(configured: str | None) -> Iterator[tuple[str, float | None]]:
    """The API for this run: `configured`, or a temporary server started now (and its start-up
    seconds), stopped when the run ends."""
    if configured:
        yield configured, None
        return
    from prefect.context import refresh_global_settings_context

    from pipeline.run.temporary_server import RunServer

    t0 = time.perf_counter()
    server = RunServer(free_port())
    server.start()
    # The global settings (not a context variable): Prefect's own threads and the spawned
    # workers see it too, so nothing of this run starts a second server.
    os.environ["PREFECT_API_URL"] = server.api_url
    refresh_global_settings_context()
    try:
        yield server.api_url, time.perf_counter() - t0
    finally:
        os.environ.pop("PREFECT_API_URL", None)
        refresh_global_settings_context()
        server.stop()
