"""Emit stage: write records, errors and the summary atomically (temp file + rename)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

import orjson
from pydantic import BaseModel

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


def jsonl_lines(models: Iterable[BaseModel]) -> Iterable[bytes]:
    """Each model as one orjson line."""
    for model in models:
        yield orjson.dumps(model.model_dump(mode="json")) + b"\n"


def write_outputs(
    out_dir: Path, records: list[BaseModel], errors: list[BaseModel], summary: BaseModel
) -> dict[str, Path]:
    """Write records.jsonl, errors.jsonl and summary.json into `out_dir`."""
    paths = {"records": out_dir / RECORDS, "errors": out_dir / ERRORS, "summary": out_dir / SUMMARY}
    atomic_write(paths["records"], jsonl_lines(records))
    atomic_write(paths["errors"], jsonl_lines(errors))
    atomic_write(
        paths["summary"],
        [orjson.dumps(summary.model_dump(mode="json"), option=orjson.OPT_INDENT_2) + b"\n"],
    )
    return paths
