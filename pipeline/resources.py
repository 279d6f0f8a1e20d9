"""Loading of the packaged rule and lexicon files (data, not code)."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pipeline.errors import LexiconError

DATA_DIR = Path(str(resources.files("pipeline") / "data"))


@dataclass(frozen=True)
class LexiconEntry:
    """One surface form of a lexicon: label, surface, canonical name and provenance."""

    label: str
    surface: str
    canonical: str
    source: str


def data_path(name: str, data_dir: Path | None = None) -> Path:
    """Resolve a packaged data file by relative name."""
    path = (data_dir or DATA_DIR) / name
    if not path.is_file():
        raise LexiconError(f"data file not found: {path}")
    return path


def read_tsv(path: Path) -> list[dict[str, str]]:
    """Read a TSV with a header row; '#' lines are comments."""
    with path.open(encoding="utf-8", newline="") as fh:
        rows = [line for line in fh if line.strip() and not line.startswith("#")]
    reader = csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)
    out = []
    for n, row in enumerate(reader, start=2):
        if None in row or any(v is None for v in row.values()):
            raise LexiconError(f"{path}:{n}: wrong number of columns")
        out.append(row)
    return out


def read_lexicon(path: Path, label: str) -> list[LexiconEntry]:
    """Read a lexicon TSV (surface, canonical or kind, source) into entries."""
    entries = []
    for row in read_tsv(path):
        surface = row.get("surface", "").strip()
        if not surface:
            raise LexiconError(f"{path}: empty surface in {row}")
        canonical = (row.get("canonical") or surface).strip()
        entries.append(LexiconEntry(label, surface, canonical, row.get("source", "")))
    return entries


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Read a JSON Lines rule file."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise LexiconError(f"{path}:{n}: {exc}") from exc
    return out


@cache
def cues() -> dict[str, Any]:
    """The cue-word lists of data/cues.json, loaded once per process."""
    raw = json.loads(data_path("cues.json").read_text(encoding="utf-8"))
    return {
        k: (frozenset(v) if isinstance(v, list) and k != "year_range" else v)
        for k, v in raw.items()
        if not k.startswith("_")
    }
