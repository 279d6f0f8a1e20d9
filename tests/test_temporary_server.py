"""The run's temporary Prefect server: started without Prefect's server stack in the run
process, a taken port traded for a free one, and clear errors when it never answers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from pipeline.run.server import free_port
from pipeline.run.temporary_server import PORT_TAKEN, RunServer, ServerStartError


def child(code: str) -> subprocess.Popen:
    """A Python child running `code`."""
    return subprocess.Popen([sys.executable, "-c", code])


def health_server(port: int, root: Path) -> subprocess.Popen:
    """A plain HTTP server whose /api/health answers 200 (a file), standing in for Prefect."""
    (root / "api").mkdir(parents=True, exist_ok=True)
    (root / "api" / "health").write_text("true")
    return subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(root)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


def test_a_taken_port_is_traded_for_a_free_one(tmp_path, monkeypatch):
    server = RunServer(free_port())
    first = server.port
    launches = iter([lambda: child(f"raise SystemExit({PORT_TAKEN})"),
                     lambda: health_server(server.port, tmp_path)])  # fmt: skip
    monkeypatch.setattr(server, "_launch", lambda: next(launches)())
    server.start(timeout=60)
    try:
        assert server.port != first
        assert httpx.get(f"{server.api_url}/health").status_code == 200
    finally:
        server.stop()
    assert server.process is None


def test_a_server_that_exits_is_an_error_with_its_exit_code(monkeypatch):
    server = RunServer(free_port())
    monkeypatch.setattr(server, "_launch", lambda: child("raise SystemExit(2)"))
    with pytest.raises(ServerStartError, match="exited with code 2"):
        server.start(timeout=60)


def test_a_server_that_never_answers_is_stopped_and_named_with_the_setting(monkeypatch):
    server = RunServer(free_port())
    sleeper = child("import time; time.sleep(60)")
    monkeypatch.setattr(server, "_launch", lambda: sleeper)
    with pytest.raises(ServerStartError, match="PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT"):
        server.start(timeout=0.5)
    assert sleeper.wait(10) is not None
    assert server.process is None


def test_a_run_with_a_temporary_server_never_loads_prefects_server_stack(tmp_path):
    code = (
        "import sys\n"
        "from pipeline.run.prefect_env import configure\n"
        "configure()\n"
        "from pipeline.run.server import run_api\n"
        "with run_api(None) as (url, startup):\n"
        "    import httpx\n"
        "    assert httpx.get(url + '/health').json() is True\n"
        "    assert startup > 0\n"
        "print('prefect.server.api.server' in sys.modules)\n"
    )
    env = {"PREFECT_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
