"""Output file names, and writing one file atomically (temp file, fsync, rename).

A run writes its files into its own run folder and publishes the folder (pipeline.run.outdir).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

RECORDS = "records.jsonl"
ERRORS = "errors.jsonl"
SUMMARY = "summary.json"


def _umask() -> int:
    """The process umask (read without changing it for good)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: Path, chunks: Iterable[bytes]) -> None:
    """Write `chunks` to `path` so that readers see the old file or the whole new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            for chunk in chunks:
                fh.write(chunk)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
