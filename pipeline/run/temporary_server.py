"""Prefect's temporary server as a child of the run that gets SIGTERM when the run dies.

The child is the app Prefect's own `SubprocessASGIServer` starts (uvicorn over
`prefect.server.api.server:create_app`, UI off, ephemeral services), but started from here:
importing Prefect's server stack only to launch it cost the run process ~2.3 s of CPU (FastAPI,
SQLAlchemy, the API's models) while its workers were loading spaCy on the same cores."""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import time

import httpx

PORT_TAKEN = 3  # uvicorn's exit code when it cannot bind its port


class ServerStartError(RuntimeError):
    """The temporary server did not answer its health check in time, or exited."""


class RunServer:
    """Prefect's temporary server on `port`, started as a child that gets SIGTERM when the run
    dies; `start()` returns once it answers its health check."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: subprocess.Popen | None = None

    @property
    def api_url(self) -> str:
        """The server's API root."""
        return f"http://127.0.0.1:{self.port}/api"

    def start(self, timeout: float | None = None) -> None:
        """Start the child and wait (at most `timeout` s, else Prefect's ephemeral start-up
        setting) until it answers; a taken port is traded for a free one."""
        from prefect.settings import PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS

        from pipeline.run.server import free_port

        limit = timeout or PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS.value()
        deadline = time.monotonic() + limit
        self.process = self._launch()
        atexit.register(self.stop)
        with httpx.Client(timeout=5) as client:
            while time.monotonic() < deadline:
                if self.process.poll() == PORT_TAKEN:
                    self.port = free_port()
                    self.process = self._launch()
                elif self.process.poll() is not None:
                    raise ServerStartError(
                        f"the temporary Prefect server exited with code {self.process.returncode}"
                    )
                elif self._healthy(client):
                    return
                time.sleep(0.1)
        self.stop()
        raise ServerStartError(
            f"the temporary Prefect server did not answer within {limit:g} s"
            " (PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS)"
        )

    def _healthy(self, client: httpx.Client) -> bool:
        """True once the server answers its health check."""
        try:
            return client.get(f"{self.api_url}/health").status_code == 200
        except httpx.TransportError:
            return False

    def _launch(self) -> subprocess.Popen:
        """The uvicorn child, serving Prefect's API app with the run's settings."""
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

    def stop(self) -> None:
        """Terminate the child (killed if it does not exit within 5 s)."""
        process, self.process = self.process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# The server's first lines: SIGTERM when the run dies (set in the child itself: no preexec_fn
# in a threaded parent), exit if the run is already gone, then uvicorn as `python -m uvicorn`.
BOOT = (
    "import os, runpy, signal, sys\n"
    "from pipeline.run.procs import die_with_parent\n"
    "die_with_parent(signal.SIGTERM, int(sys.argv[1]))\n"
    "sys.argv = ['uvicorn', *sys.argv[2:]]\n"
    "runpy.run_module('uvicorn', run_name='__main__', alter_sys=True)\n"
)
