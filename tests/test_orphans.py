"""A run killed with SIGKILL leaves no process behind, and the rerun resumes it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from pipeline.io.ingest import iter_ingest
from tests.conftest import ROOT, SEED

pytestmark = pytest.mark.prefect

COPIES = 120  # copies of the 19 seed abstracts in the killed run


def many_abstracts(path: Path, copies: int) -> Path:
    """A JSON Lines file of the seed's abstracts, each `copies` times with a distinct tail."""
    texts = [item.text for item in iter_ingest([SEED])]
    rows = [
        {"id": f"{c}-{i}", "abstract": f"{text} (Variant {c}.)"}
        for c in range(copies)
        for i, text in enumerate(texts)
    ]
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
    return path


def children_of(pid: int) -> set[int]:
    """Every live descendant of `pid` (from /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Running (not gone, not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize(
    ("mode", "sig"),
    [
        (["--no-prefect"], signal.SIGKILL),
        ([], signal.SIGKILL),
        (["--no-prefect", "--executor", "dask"], signal.SIGKILL),
        ([], signal.SIGTERM),
    ],
    ids=["plain-kill", "prefect-kill", "dask-kill", "prefect-term"],
)
def test_a_killed_run_leaves_no_child_and_the_rerun_resumes(tmp_path, mode, sig):
    if not sys.platform.startswith("linux"):
        reason = "parent-death signals are Linux-only"
        print(f"SKIP: {reason}", file=sys.stderr)
        pytest.skip(reason)
    # 2,280 abstracts in batches of 20: several seconds of extraction after the first
    # records appear, so the signal lands mid-run even when this loop is slow to notice
    src = many_abstracts(tmp_path / "in.jsonl", COPIES)
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    env["PREFECT_HOME"] = str(tmp_path / "prefect-home")
    cmd = [sys.executable, "-m", "pipeline", "run", str(src), "--out", str(out)]
    cmd += ["--workers", "2", "--batch-size", "20", *mode]
    proc = subprocess.Popen(
        cmd, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    seen: set[int] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        seen |= children_of(proc.pid)
        if list((out / "runs").glob("*/records.jsonl")) and any(
            p.stat().st_size for p in (out / "runs").glob("*/records.jsonl")
        ):
            break  # batches are being written: the workers (and the server) are up
        time.sleep(0.2)
    assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
    seen |= children_of(proc.pid)
    assert len(seen) >= 2, seen  # the pool workers at least
    os.kill(proc.pid, sig)
    code = proc.wait(60)
    assert code != 0, "the run ended with 0: it finished before the signal or ignored it"
    time.sleep(10)
    survivors = [pid for pid in seen if alive(pid)]
    assert survivors == [], [Path(f"/proc/{p}/cmdline").read_bytes()[:120] for p in survivors]

    rerun = subprocess.run(
        [sys.executable, "-m", "pipeline", "run", str(src), "--out", str(out), "--no-prefect",
         "--no-report", "--batch-size", "20"],
        cwd=ROOT, env=env, capture_output=True, timeout=600,
    )  # fmt: skip
    assert rerun.returncode == 0, rerun.stderr.decode()[-2000:]
    summary = orjson.loads((out / "summary.json").read_bytes())
    assert summary["reused"] > 0 and summary["records"] == COPIES * 19
    clean = subprocess.run(
        [sys.executable, "-m", "pipeline", "run", str(src), "--out", str(tmp_path / "clean"),
         "--no-prefect", "--no-report", "--full", "--batch-size", "20"],
        cwd=ROOT, env=env, capture_output=True, timeout=600,
    )  # fmt: skip
    assert clean.returncode == 0
    for name in ("records.jsonl", "errors.jsonl"):
        assert (out / name).read_bytes() == (tmp_path / "clean" / name).read_bytes()
    assert [p.name for p in (out / "runs").iterdir() if p.is_dir()] == [
        os.readlink(out / "current").split("/")[1]
    ]  # the killed run's folder is gone
    assert not list(out.glob(".*.tmp"))
