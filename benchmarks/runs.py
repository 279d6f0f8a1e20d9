"""Runs that scale and survive, measured: memory, workers, incremental, resume, Prefect, Dask.

    python benchmarks/runs.py --shared ../shared                 # every section
    python benchmarks/runs.py --shared ../shared --only workers dask

Each run is `python -m pipeline run ...` in a fresh process, as a user runs it; peak RSS is the
run process's own high-water mark (VmHWM) and the peak sum over its whole process tree
(sampled every 0.2 s). The corpus ×N is the corpus N times, copy k's abstracts ending in
" (copy k)" so no two are the same text (the store would reuse repeats). Figures are of one run
each on whatever machine this is (say how many cores and what else ran); the scaling model at
the end is arithmetic on them, not a measurement.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import orjson
from devgold import CORPUS, require_shared

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "seeds" / "iclr2026_abstracts.txt"
SECTIONS = ("rss", "workers", "incremental", "resume", "prefect", "dask")
SERVER_STARTED = re.compile(r"temporary Prefect server for this run: \S+, started in ([0-9.]+) s")


@dataclass
class Run:
    """One `pipeline run`: wall seconds, peak RSS (MB) of the process and its tree, summary."""

    wall: float
    rss: float
    tree_rss: float
    summary: dict
    children: set[int]
    cpu: float = 0.0  # user + system seconds of the run and every process it waited for
    load: float = 0.0  # the machine's 1-minute load average when the run started
    server_start: float = 0.0  # seconds the run's temporary Prefect server took to start

    def rate_apart(self) -> float:
        """Abstracts per second of wall time less the temporary server's start-up (a one-off
        cost the run prints on its own line, paid alike by every worker count)."""
        return self.summary["read"] / (self.wall - self.server_start)


def tree(pid: int) -> list[int]:
    """`pid` and its live descendants."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [pid], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def status_kb(pid: int, field: str) -> int:
    """A /proc/PID/status field in kB (0 if the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def alive(pid: int) -> bool:
    """Running (not gone, not a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def run(args: list[str], out: Path, env: dict, kill_at: float | None = None) -> Run:
    """`python -m pipeline run ARGS --out OUT`; with `kill_at`, SIGKILL it when that share of
    its input's abstracts is written."""
    with tempfile.TemporaryFile() as printed:
        return watched(args, out, env, kill_at, printed)


def watched(args: list[str], out: Path, env: dict, kill_at: float | None, printed: IO) -> Run:
    """`run`, its standard error going to `printed` (read back for the server's start-up)."""
    cmd = [sys.executable, "-m", "pipeline", "run", *args, "--out", str(out)]
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=printed)  # fmt: skip
    hwm = peak_tree = 0
    children: set[int] = set()
    while proc.poll() is None:
        pids = tree(proc.pid)
        children |= set(pids[1:])
        hwm = max(hwm, status_kb(proc.pid, "VmHWM"))
        peak_tree = max(peak_tree, sum(status_kb(p, "VmRSS") for p in pids))
        if kill_at is not None and written(out) >= kill_at:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            return Run(time.perf_counter() - t0, hwm / 1024, peak_tree / 1024, {}, children)
        time.sleep(0.2)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    printed.seek(0)
    said = printed.read().decode("utf-8", "replace")
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{said[-3000:]}")
    summary = orjson.loads((out / "summary.json").read_bytes())
    started = SERVER_STARTED.search(said)
    server_start = float(started[1]) if started else 0.0
    return Run(wall, hwm / 1024, peak_tree / 1024, summary, children, cpu, load, server_start)


def written(out: Path) -> int:
    """Records written so far by the run in progress into `out`."""
    total = 0
    for path in out.glob("runs/*/records.jsonl"):
        if not (path.parent / "summary.json").exists():
            with path.open("rb") as fh:
                total += sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
    return total


def copies(corpus: Path, n: int, dest: Path) -> Path:
    """The corpus `n` times as one JSON Lines file, each copy's texts distinct."""
    rows = [orjson.loads(x) for x in corpus.read_bytes().splitlines() if x.strip()]
    with dest.open("wb") as fh:
        for k in range(n):
            for row in rows:
                if k:
                    row = {**row, "id": f"{row.get('id')}-copy{k}",
                           "abstract": f"{row['abstract']} (copy {k})"}  # fmt: skip
                fh.write(orjson.dumps(row) + b"\n")
    return dest


def same(a: Path, b: Path) -> bool:
    """records.jsonl and errors.jsonl of two output folders are byte-identical."""
    names = ("records.jsonl", "errors.jsonl")
    return all((a / n).read_bytes() == (b / n).read_bytes() for n in names)


def burn(n: int) -> int:
    """Pure-Python CPU work."""
    total = 0
    for i in range(n):
        total += i
    return total


def parallelism(n: int = 20_000_000) -> float:
    """How many cores this run can use now: the same work in 2 processes against 1 (2.0 on an
    idle 2-core machine, 1.0 when another job holds a core)."""
    import multiprocessing

    walls = []
    for k in (1, 2):
        t0 = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(k) as pool:
            pool.map(burn, [n] * k)
        walls.append(time.perf_counter() - t0)
    return 2 * walls[0] / walls[1]


def median_run(runs: list[Run]) -> Run:
    """The run with the median wall time."""
    return sorted(runs, key=lambda r: r.wall)[len(runs) // 2]


def rate(r: Run) -> float:
    """Abstracts per second of wall time."""
    return r.summary["read"] / r.wall


def table(title: str, header: list[str], rows: list[list]) -> None:
    """A markdown table."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(f"{c:.2f}" if isinstance(c, float) else str(c) for c in row) + " |")
    sys.stdout.flush()


class Bench:
    """The sections, sharing inputs, a scratch folder and the figures for the model."""

    def __init__(self, corpus: Path, work: Path, repeat: int = 5) -> None:
        self.corpus, self.work, self.repeat = corpus, work, repeat
        self.env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
        self.env["PREFECT_HOME"] = str(work / "prefect-home")
        self.env["ABSTRACT_PIPELINE_CACHE"] = str(work / "nlp-cache")  # built by the first run
        self.x5 = copies(corpus, 5, work / "corpus_x5.jsonl")
        self.figures: dict[str, float] = {}

    def out(self, name: str) -> Path:
        path = self.work / "out" / name
        shutil.rmtree(path, ignore_errors=True)
        return path

    def rss(self) -> None:
        rows = []
        for n in (1, 5, 20):
            src = self.corpus if n == 1 else copies(self.corpus, n, self.work / f"x{n}.jsonl")
            r = run([str(src)], self.out(f"rss{n}"), self.env)
            rows.append([f"×{n}", r.summary["read"], r.wall, r.rss, r.tree_rss,
                         round(rate(r))])  # fmt: skip
            self.figures[f"rss{n}"] = r.rss
        rows.append(["×20 / ×1", "", "", self.figures["rss20"] / self.figures["rss1"], "", ""])
        table("Peak RSS, default run (Prefect, temporary server, report), fresh --out",
              ["corpus", "abstracts", "wall s", "run process MB", "process tree MB",
               "abstracts/s"], rows)  # fmt: skip

    def workers(self) -> None:
        print(f"\ncores usable before the section (2 processes' work / 1's): {parallelism():.2f}")
        rows = []
        server, url = self.start_server()
        modes = (
            ("Prefect, temporary server", [], self.env, "p"),
            ("Prefect, running server", [], {**self.env, "PREFECT_API_URL": url}, "s"),
            ("plain", ["--no-prefect"], self.env, "f"),
        )
        try:
            for mode, flags, env, tag in modes:
                tries: dict[int, list[Run]] = {1: [], 2: []}
                for _ in range(self.repeat):  # alternated, medians: one run each is too noisy
                    for w in (1, 2):
                        args = [str(self.x5), "--full", "--no-report", "--workers", str(w), *flags]
                        tries[w].append(run(args, self.out(f"w{w}{tag}"), env))
                got = {w: median_run(runs) for w, runs in tries.items()}
                if tag == "p" and not all(r.server_start for r in got.values()):
                    print("warning: no 'temporary Prefect server ... started in' line was read")
                for w, r in got.items():
                    extract_rate = r.summary["read"] / r.summary["seconds"]
                    apart = f"{r.rate_apart() / got[1].rate_apart():.2f}×" if w == 2 else ""
                    rows.append([mode, w, r.wall, round(rate(r)), round(extract_rate),
                                 "" if w == 1 else f"{rate(r) / rate(got[1]):.2f}×",
                                 r.server_start or "", apart if r.server_start else "", r.cpu,
                                 r.wall * 2 - r.cpu if w == 2 else "", r.load])  # fmt: skip
                self.figures[f"{mode}_w1"], self.figures[f"{mode}_w2"] = rate(got[1]), rate(got[2])
                self.figures[f"{mode}_w1_extract"] = (
                    got[1].summary["read"] / got[1].summary["seconds"]
                )
        finally:
            server.terminate()
            server.wait(10)
        table(f"--workers 2 against 1, corpus ×5, --full --no-report (median of {self.repeat} "
              "alternated runs)",
              ["mode", "workers", "wall s", "abstracts/s (wall)",
               "abstracts/s (read+extract phase)", "speed-up (wall)",
               "temporary server's start-up s", "speed-up, start-up apart",
               "CPU s (run + children)",
               "core-s not used by the run (2 × wall − CPU)", "load avg at start"],
              rows)  # fmt: skip
        outs = [self.work / "out" / f"w{w}{tag}" for w in (1, 2) for _, _, _, tag in modes]
        same_out = all(same(outs[0], other) for other in outs[1:])
        print(f"\nrecords byte-identical across the {len(outs)} runs: {same_out}")
        print(f"cores usable after the section: {parallelism():.2f}")

    def incremental(self) -> None:
        inbox = self.work / "inbox"
        shutil.rmtree(inbox, ignore_errors=True)
        inbox.mkdir()
        shutil.copy(self.corpus, inbox / "corpus.jsonl")
        rows = [orjson.loads(x) for x in self.corpus.read_bytes().splitlines()[:20]]
        new = [{**r, "id": f"new-{i}", "abstract": r["abstract"] + " (new)"}
               for i, r in enumerate(rows)]  # fmt: skip
        starts = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pipeline", "--version"], cwd=ROOT,
                           env=self.env, capture_output=True, check=True)  # fmt: skip
            starts.append(time.perf_counter() - start)
        startup = sorted(starts)[1]
        table_rows = []
        for mode in (["--no-prefect"], []):
            out = self.out("incr" + ("p" if mode else "f"))
            (inbox / "new.jsonl").unlink(missing_ok=True)
            full = run([str(inbox), *mode], out, self.env)
            twin = self.out("incr-twin")
            shutil.copytree(out, twin, symlinks=True)
            (inbox / "new.jsonl").write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in new))
            again = run([str(inbox), *mode], out, self.env)
            shutil.rmtree(out)  # the same rerun again, in the same folder, the build cache off
            twin.rename(out)
            no_cache = {**self.env, "ABSTRACT_PIPELINE_CACHE": "off"}
            uncached = run([str(inbox), *mode], out, no_cache)
            noreport = run([str(inbox), *mode, "--no-report"], out, self.env)
            run([str(inbox), "--no-prefect", "--full", "--no-report"], self.out("incr-clean"),
                self.env)  # fmt: skip
            name = "plain" if mode else "Prefect"
            for label, r in (("full run", full), ("+20, rerun", again),
                             ("+20, rerun, build cache off", uncached),
                             ("+20 again, --no-report", noreport)):  # fmt: skip
                table_rows.append([name, label, r.summary["extracted"], r.summary["reused"],
                                   r.wall, f"{r.wall / full.wall:.1%}",
                                   f"{(r.wall - startup) / full.wall:.1%}"])  # fmt: skip
            identical = same(out, self.work / "out" / "incr-clean")
            print(f"{name}: incremental run byte-identical to a clean run: {identical}")
        header = ["mode", "run", "extracted", "reused", "wall s", "of the full run",
                  "minus start-up, of the full run"]  # fmt: skip
        table("Incremental: the corpus, then 20 new abstracts in a second file", header, table_rows)
        print(f"\nprocess start-up (`python -m pipeline --version`, median of 3): {startup:.2f} s")

    def resume(self) -> None:
        rows = []
        for mode in (["--no-prefect"], []):
            name = "plain" if mode else "Prefect"
            out = self.out(f"resume{name}")
            args = [str(self.x5), "--workers", "2", "--no-report", *mode]
            killed = run(args, out, self.env, kill_at=5 * 2104 // 2)
            time.sleep(10)
            orphans = [p for p in killed.children if alive(p)]
            rerun = run(args, out, self.env)
            clean = self.work / "out" / "w1f"
            if not clean.exists():
                run([str(self.x5), "--no-prefect", "--full", "--no-report"], clean, self.env)
            leftovers = [p.name for p in out.glob(".*.tmp")] + [
                p.name for p in (out / "runs").iterdir()
                if p.is_dir() and p.name != os.readlink(out / "current").split("/")[1]
            ]  # fmt: skip
            rows.append([name, round(killed.wall, 1), len(killed.children), len(orphans),
                         rerun.summary["reused"], rerun.summary["extracted"], rerun.wall,
                         same(out, clean), leftovers or "none"])  # fmt: skip
        table("Resume: corpus ×5, --workers 2, SIGKILL at half the records written, rerun",
              ["mode", "killed after s", "children", "alive 10 s later", "reused", "extracted",
               "rerun wall s", "byte-identical", "temp files / stale folders"], rows)  # fmt: skip

    def prefect(self) -> None:
        rows = []
        server, url = self.start_server()
        try:
            for label, src in (("seed", SEED), ("corpus", self.corpus)):
                home = self.work / f"fresh-home-{label}"
                shutil.rmtree(home, ignore_errors=True)
                fresh = run([str(src)], self.out("pf"), {**self.env, "PREFECT_HOME": str(home)})
                existing = run([str(src)], self.out("pe"), {**self.env, "PREFECT_HOME": str(home)})
                plains, serveds = [], []
                for _ in range(self.repeat):  # alternated, medians: one run each is too noisy
                    plains.append(run([str(src), "--no-prefect"], self.out("pp"), self.env))
                    serveds.append(
                        run([str(src)], self.out("ps"), {**self.env, "PREFECT_API_URL": url})
                    )
                plain, served = median_run(plains), median_run(serveds)
                for name, r in (("--no-prefect", plain), ("Prefect, fresh temporary server", fresh),
                                ("Prefect, temporary server, existing database", existing),
                                ("Prefect, running server", served)):  # fmt: skip
                    rows.append([label, name, r.wall, f"{r.wall / plain.wall:.2f}×",
                                 f"{r.wall - plain.wall:+.1f} s", r.cpu, r.load])  # fmt: skip
        finally:
            server.terminate()
            server.wait(10)
        table(f"Prefect against --no-prefect (default run with report, --workers 1; --no-prefect "
              f"and running server: median of {self.repeat} alternated runs)",
              ["input", "mode", "wall s", "ratio", "difference", "CPU s", "load avg at start"],
              rows)  # fmt: skip

    def start_server(self) -> tuple[subprocess.Popen, str]:
        """A Prefect server of our own (as `make server-start` runs one)."""
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        env = {**self.env, "PREFECT_HOME": str(self.work / "server-home"),
               "PREFECT_UI_ENABLED": "false"}  # fmt: skip
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "prefect"), "server", "start", "--host",
             "127.0.0.1", "--port", str(port)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        import httpx

        for _ in range(180):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(1)
        return proc, f"http://127.0.0.1:{port}/api"

    def dask(self) -> None:
        rows = []
        for mode in (["--no-prefect"], []):
            name = "plain" if mode else "Prefect"
            base = [str(self.x5), "--full", "--no-report", "--workers", "2", *mode]
            pool = run(base, self.out(f"pool{name}"), self.env)
            dask = run([*base, "--executor", "dask"], self.out(f"dask{name}"), self.env)
            ok = same(self.work / "out" / f"pool{name}", self.work / "out" / f"dask{name}")
            rows.append([name, pool.wall, dask.wall, f"{rate(dask) / rate(pool):.2f}", ok,
                         pool.cpu, dask.cpu, f"{pool.load:.1f} / {dask.load:.1f}"])  # fmt: skip
            self.figures[f"dask_{name}"] = rate(dask)
        table("Dask LocalCluster (2 worker processes) against the process pool (2), corpus ×5",
              ["mode", "pool wall s", "Dask wall s", "Dask/pool throughput",
               "records byte-identical", "pool CPU s", "Dask CPU s", "load avg at start"],
              rows)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--keep", type=Path, help="Scratch folder to keep (default: temporary).")
    parser.add_argument("--repeat", type=int, default=5,
                        help="Alternated runs per median (workers, Prefect).")  # fmt: skip
    args = parser.parse_args()
    require_shared(args.shared, CORPUS)
    corpus = args.shared / CORPUS
    print(f"{os.cpu_count()} cores; python {sys.version.split()[0]}; one run per figure")
    with tempfile.TemporaryDirectory(prefix="bench-runs-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        bench = Bench(corpus, work, args.repeat)
        for section in args.only:
            getattr(bench, section)()


if __name__ == "__main__":
    main()
