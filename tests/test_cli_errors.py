"""One-line errors instead of tracebacks: --out, the Prefect API, serve, missing ../shared."""

from __future__ import annotations

import hashlib
import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline import __version__
from pipeline.cli import app
from tests.conftest import ROOT, SEED

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def _quiet_prefect(tmp_path_factory):
    """Prefect, when first imported here, gets the CLI's defaults and a temporary home."""
    if "prefect" not in sys.modules:
        os.environ["PREFECT_HOME"] = str(tmp_path_factory.mktemp("prefect_home"))
        from pipeline.run.prefect_env import configure

        configure()


def one_line(text: str) -> str:
    """The single non-empty line of `text` (fails on more, or on a traceback)."""
    lines = [line for line in text.splitlines() if line.strip()]
    assert "Traceback" not in text
    assert len(lines) == 1, text
    return lines[0]


def _never_read(monkeypatch) -> None:
    def fail(*args, **kwargs):
        raise AssertionError("inputs were read before --out was checked")

    monkeypatch.setattr("pipeline.cli._count_inputs", fail)


# --out ----------------------------------------------------------------------------------


def test_out_is_an_existing_file(tmp_path, monkeypatch):
    _never_read(monkeypatch)
    target = tmp_path / "taken"
    target.write_text("x")
    result = runner.invoke(app, ["run", str(SEED), "--out", str(target), "--no-prefect"])
    assert result.exit_code == 2
    assert "is a file" in one_line(result.output)


def test_out_inside_a_file(tmp_path, monkeypatch):
    _never_read(monkeypatch)
    (tmp_path / "taken").write_text("x")
    out = tmp_path / "taken" / "sub"
    result = runner.invoke(app, ["run", str(SEED), "--out", str(out), "--no-prefect"])
    assert result.exit_code == 2
    assert "is a file" in one_line(result.output)


@pytest.mark.parametrize("existing", [True, False])
def test_out_in_a_read_only_folder(tmp_path, monkeypatch, existing):
    _never_read(monkeypatch)
    locked = tmp_path / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr(
        "os.access",
        lambda p, mode: False if Path(p) == locked and mode & os.W_OK else real_access(p, mode),
    )
    out = locked if existing else locked / "new" / "deeper"
    result = runner.invoke(app, ["run", str(SEED), "--out", str(out), "--no-prefect"])
    assert result.exit_code == 2
    assert "not writable" in one_line(result.output) and str(locked) in result.output


# the Prefect API ------------------------------------------------------------------------


class _NotPrefect(http.server.BaseHTTPRequestHandler):
    """Answers every GET with 200 and a page, like any web app would."""

    def do_GET(self) -> None:
        body = b"<html>hello</html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def not_prefect():
    """The API URL of a tiny non-Prefect HTTP server on a free 127.0.0.1 port."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NotPrefect)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api"
    server.shutdown()
    server.server_close()


def _python(argv: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """`python ARGV` of this checkout in tmp_path; Prefect set only by `env` or files there."""
    inherited = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    return subprocess.run(
        [sys.executable, *argv],
        cwd=tmp_path,
        env={
            **inherited,
            "PYTHONPATH": str(ROOT),
            "PREFECT_HOME": str(tmp_path / "prefect_home"),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=300,
    )


def _cli(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """`python -m pipeline ARGS` of this checkout (see `_python`)."""
    return _python(["-m", "pipeline", *args], tmp_path, **env)


def test_run_with_a_non_prefect_api_is_one_line(tmp_path, not_prefect):
    out = tmp_path / "out"
    got = _cli(["run", str(SEED), "--out", str(out)], tmp_path, PREFECT_API_URL=not_prefect)
    assert got.returncode != 0
    line = one_line(got.stderr + got.stdout)
    assert "does not answer" in line and not_prefect in line and "PREFECT_API_URL" in line
    assert not (out / "records.jsonl").exists()


def test_run_reads_the_api_from_prefect_toml(tmp_path, not_prefect):
    (tmp_path / "prefect.toml").write_text(f'[api]\nurl = "{not_prefect}"\n')
    got = _cli(["run", str(SEED), "--out", str(tmp_path / "out")], tmp_path)
    assert got.returncode != 0
    line = one_line(got.stderr + got.stdout)
    assert not_prefect in line and "prefect.toml" in line


def test_a_listener_on_4200_is_not_picked_up(tmp_path):
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 4200), _NotPrefect)
    except OSError:
        pytest.skip("127.0.0.1:4200 is in use here")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        code = "from pipeline.run.prefect_env import configure; print(configure())"
        got = _python(["-c", code], tmp_path)
    finally:
        server.shutdown()
        server.server_close()
    assert got.stdout.strip() == "ephemeral", got.stderr


def test_check_api_on_a_closed_port():
    import socket

    from pipeline.run.prefect_env import PrefectApiError, check_api

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(PrefectApiError, match="does not answer") as err:
        check_api(f"http://127.0.0.1:{port}/api", timeout=2)
    assert "\n" not in str(err.value)


# serve ----------------------------------------------------------------------------------


def _never_serve(monkeypatch) -> None:
    async def fail(*args, **kwargs):
        raise AssertionError("serve started without a usable API")

    monkeypatch.setattr("pipeline.run.schedule.serve_folder", fail)


def test_serve_without_an_api_names_the_fix(tmp_path, monkeypatch):
    _never_serve(monkeypatch)
    monkeypatch.setattr("pipeline.run.prefect_env.api_url", lambda: None)
    result = runner.invoke(app, ["serve", str(tmp_path), "--interval", "60"])
    assert result.exit_code != 0
    assert "make server-start" in one_line(result.output)


def test_serve_rejects_a_bad_cron(tmp_path, monkeypatch):
    _never_serve(monkeypatch)
    result = runner.invoke(app, ["serve", str(tmp_path), "--cron", "bad cron"])
    assert result.exit_code == 2
    assert "bad cron" in one_line(result.output)


# --version and export --format ----------------------------------------------------------


def test_version_names_package_extractor_and_rules(tmp_path):
    from pipeline.cli import rules_hash
    from pipeline.record import EXTRACTOR

    got = _cli(["--version"], tmp_path)
    assert got.returncode == 0, got.stderr
    line = one_line(got.stdout)
    assert __version__ in line and EXTRACTOR.name in line and EXTRACTOR.version in line
    assert rules_hash() in line


def test_rules_hash_covers_data_config_and_extraction_code():
    from pipeline.cli import rules_hash

    package = ROOT / "pipeline"
    files = [*(package / "data").rglob("*"), package / "nlp" / "config.cfg"]
    files += [*(package / "nlp").glob("*.py"), *(package / "link").glob("*.py")]
    files += [package / "record.py", package / "models.py"]
    rel = sorted(p.relative_to(package).as_posix() for p in files if p.is_file())
    assert "link/metrics.py" in rel and "cli.py" not in rel
    digest = hashlib.sha256()
    for name in rel:
        digest.update(
            name.encode() + b"\0" + hashlib.sha256((package / name).read_bytes()).digest()
        )
    assert len(rel) > 50 and "nlp/config.cfg" in rel
    assert rules_hash() == digest.hexdigest()[:12]


def test_export_format_is_a_choice(tmp_path):
    assert "csv|parquet" in runner.invoke(app, ["export", "--help"]).output
    bad = runner.invoke(app, ["export", str(tmp_path / "r.jsonl"), "--format", "xml"])
    assert bad.exit_code == 2 and "'xml' is not one of 'csv'" in " ".join(bad.output.split())


# missing ../shared ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "script",
    [
        "benchmarks/quality.py",
        "benchmarks/throughput.py",
        "benchmarks/runs.py",
        "scripts/build_lexicons.py",
    ],
)
@pytest.mark.parametrize("layout", ["absent", "empty"])
def test_scripts_without_shared_say_what_is_missing(tmp_path, script, layout):
    shared = tmp_path / "shared"
    if layout == "empty":
        shared.mkdir()
    lexicons = {p: p.read_bytes() for p in (ROOT / "pipeline" / "data" / "lexicons").iterdir()}
    got = subprocess.run(
        [sys.executable, str(ROOT / script), "--shared", str(shared)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert got.returncode != 0
    line = one_line(got.stderr + got.stdout)
    assert "not found" in line and str(shared) in line
    assert lexicons == {p: p.read_bytes() for p in lexicons}  # nothing rewritten


def test_benchmark_readers_without_shared(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from devgold import dev_report
        from tdmsci import tdmsci_rows, unseen_train_rows
        from tuples import nlp_tdms_rows, scirex_rows
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    for reader in (dev_report, tdmsci_rows, unseen_train_rows, nlp_tdms_rows, scirex_rows):
        with pytest.raises(SystemExit) as exc:
            reader(tmp_path / "nowhere")
        assert "not found" in one_line(str(exc.value))
