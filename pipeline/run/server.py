"""One temporary Prefect server per run (when no API is configured), dying with the run.

Prefect's own ephemeral server is started lazily by whichever process first needs an API, so
each process-pool worker used to start one more. Here the run starts one before the flow, on a
free port, with a parent-death signal, and points every process of the run at it through
PREFECT_API_URL (the task runners pass the settings on to their workers)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

from prefect.server.api.server import SubprocessASGIServer


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RunServer(SubprocessASGIServer):
    """Prefect's temporary server, started as a child that gets SIGTERM when the run dies."""

    def _run_uvicorn_command(self) -> subprocess.Popen:
        import prefect
        from prefect.settings import get_current_settings

        parent = os.getpid()
        env = {
            **os.environ,
            "PREFECT_UI_ENABLED": "0",
            "PREFECT__SERVER_EPHEMERAL": "1",
            "PREFECT__SERVER_FINAL": "1",
            **get_current_settings().to_environment_variables(exclude_unset=True),
        }
        env.pop("PREFECT_API_URL", None)
        args = [
            sys.executable, "-c", BOOT, str(parent), "--app-dir",
            str(prefect.__module_path__.parent), "--factory",
            "prefect.server.api.server:create_app", "--host", "127.0.0.1", "--port",
            str(self.port), "--log-level", "error", "--lifespan", "on",
        ]  # fmt: skip
        return subprocess.Popen(args, env=env, close_fds=True)


# The server's first lines: SIGTERM when the run dies (set in the child itself: no preexec_fn
# in a threaded parent), exit if the run is already gone, then uvicorn as `python -m uvicorn`.
BOOT = (
    "import os, runpy, signal, sys\n"
    "from pipeline.run.procs import die_with_parent\n"
    "die_with_parent(signal.SIGTERM, int(sys.argv[1]))\n"
    "sys.argv = ['uvicorn', *sys.argv[2:]]\n"
    "runpy.run_module('uvicorn', run_name='__main__', alter_sys=True)\n"
)


@contextlib.contextmanager
def run_api(configured: str | None) -> Iterator[tuple[str, float | None]]:
    """The API for this run: `configured`, or a temporary server started now (and its start-up
    seconds), stopped when the run ends."""
    if configured:
        yield configured, None
        return
    from prefect.context import refresh_global_settings_context

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
