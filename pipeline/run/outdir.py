"""The output folder as one unit: a lock, a fresh run folder, and one atomic publish.

Layout of `--out DIR`:

    DIR/runs/<id>/          one run: records.jsonl, errors.jsonl, summary.json, report.html, report/
    DIR/current -> runs/<id>           the published run; replaced by one rename
    DIR/records.jsonl -> current/records.jsonl   (and errors.jsonl, summary.json, report.html,
                                                  report): the paths readers open
    DIR/store.sqlite        the extraction store (see pipeline.run.store)
    DIR/.lock               held (flock) by the run writing into DIR

A run writes only into its own folder, so readers see the previous run until `current` is
swapped. A killed run leaves an unpublished folder, removed by the next run into DIR.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import shutil
import time
from pathlib import Path

from pipeline.errors import PipelineError

PUBLISHED = ("records.jsonl", "errors.jsonl", "summary.json", "report.html", "report")
CURRENT = "current"
RUNS = "runs"
LOCK = ".lock"
OWNER = ".owner"
KEEP = 2  # published runs kept: the current one and the one before (for readers mid-swap)


class OutputLocked(PipelineError):
    """Another run holds the output folder."""


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _swap_link(link: Path, target: str) -> None:
    """Point `link` at `target` in one rename (replacing a file or an older link)."""
    tmp = link.with_name(f".{link.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    os.symlink(target, tmp)
    if link.is_dir() and not link.is_symlink():
        shutil.rmtree(link)  # a report/ folder from an older layout
    os.replace(tmp, link)


class RunFolder:
    """A locked output folder and this run's fresh folder in it (a context manager)."""

    def __init__(self, out: Path, owner: str | None = None) -> None:
        self.out = out
        self.owner = owner  # e.g. the Prefect flow run writing this folder
        self.stale_owners: list[str] = []  # owners of the killed runs cleaned up
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        self.id = f"{stamp}-{os.getpid()}-{secrets.token_hex(3)}"
        self.folder = out / RUNS / self.id
        self._lock_fd: int | None = None

    def __enter__(self) -> RunFolder:
        self.out.mkdir(parents=True, exist_ok=True)
        self.lock()
        self.clean()
        self.folder.mkdir(parents=True)
        if self.owner:
            (self.folder / OWNER).write_text(self.owner)
        return self

    def __exit__(self, kind, value, tb) -> None:
        try:
            if kind is not None:  # failed or interrupted: nothing of this run is published
                shutil.rmtree(self.folder, ignore_errors=True)
        finally:
            self.unlock()

    def lock(self) -> None:
        """Take DIR/.lock or raise OutputLocked naming the holder."""
        fd = os.open(self.out / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode(errors="replace").strip() or "another process"
            os.close(fd)
            raise OutputLocked(
                f"{self.out} is being written by another run ({holder}); wait for it to"
                " finish or choose another --out"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}, run {self.id}\n".encode(), 0)
        self._lock_fd = fd

    def unlock(self) -> None:
        """Release the lock (the kernel also drops it when the process dies)."""
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def published(self) -> str | None:
        """The id of the published run, if any."""
        link = self.out / CURRENT
        return Path(os.readlink(link)).name if link.is_symlink() else None

    def clean(self) -> None:
        """Remove what killed runs left: unpublished run folders and temp files."""
        keep = self._kept()
        runs = self.out / RUNS
        if runs.is_dir():
            for entry in runs.iterdir():
                if entry.name.endswith(".tmp"):
                    entry.unlink(missing_ok=True)
                elif entry.is_dir() and entry.name not in keep:
                    if (entry / OWNER).is_file():  # removed on publish: a killed run
                        self.stale_owners.append((entry / OWNER).read_text().strip())
                    shutil.rmtree(entry, ignore_errors=True)
        for tmp in self.out.glob(".*.tmp"):
            tmp.unlink(missing_ok=True)

    def _kept(self) -> set[str]:
        """The published run and the ones before it, newest first, KEEP in all."""
        current = self.published()
        if current is None:
            return set()
        marker = self.out / RUNS / ".published"
        order = marker.read_text().split() if marker.is_file() else []
        return {current, *[r for r in order if r != current][: KEEP - 1]}

    def publish(self) -> None:
        """Make this run the one readers see, in one rename; drop runs no longer kept."""
        (self.folder / OWNER).unlink(missing_ok=True)
        for path in self.folder.iterdir():
            if path.is_file():
                with path.open("rb") as fh:
                    os.fsync(fh.fileno())
        _fsync_dir(self.folder)
        _swap_link(self.out / CURRENT, f"{RUNS}/{self.id}")
        for name in PUBLISHED:
            link = self.out / name
            target = f"{CURRENT}/{name}"
            if not (link.is_symlink() and os.readlink(link) == target):
                _swap_link(link, target)
        marker = self.out / RUNS / ".published"
        previous = marker.read_text().split() if marker.is_file() else []
        history = [self.id, *[r for r in previous if r != self.id]][:KEEP]
        tmp = marker.with_name(f".published.{os.getpid()}.tmp")
        tmp.write_text("\n".join(history) + "\n")
        os.replace(tmp, marker)
        _fsync_dir(self.out)
        for entry in (self.out / RUNS).iterdir():
            if entry.is_dir() and entry.name not in history:
                with contextlib.suppress(OSError):
                    shutil.rmtree(entry)
