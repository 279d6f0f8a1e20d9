"""Prefect's temporary server as a child of the run that gets SIGTERM when the run dies."""

from __future__ import annotations

import os
import subprocess
import sys

from prefect.server.api.server import SubprocessASGIServer


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
