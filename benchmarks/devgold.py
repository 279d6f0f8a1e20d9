"""The 40-abstract dev gold: build its input from the corpus, extract, score."""

from __future__ import annotations

import tempfile
from pathlib import Path

import orjson

from pipeline.quality.evaluate import evaluate
from pipeline.run.sequence import run_pipeline

ROOT = Path(__file__).resolve().parents[1]
DEV_GOLD = ROOT / "tests" / "gold" / "dev_gold.jsonl"
HOLDOUT_GOLD = ROOT / "tests" / "gold" / "holdout_gold.jsonl"
BLIND2_GOLD = ROOT / "tests" / "gold" / "blind2_gold.jsonl"
BLIND3_GOLD = ROOT / "tests" / "gold" / "blind3_gold.jsonl"  # measured only: errors never read


def write_dev_input(shared: Path, path: Path, gold: Path = DEV_GOLD) -> Path:
    """Write the gold's abstracts, in gold order, as JSON Lines at `path`."""
    wanted = [orjson.loads(line)["source_id"] for line in gold.read_bytes().splitlines()]
    corpus = {}
    for line in (shared / "corpus" / "arxiv_cs_2025_2026.jsonl").read_bytes().splitlines():
        row = orjson.loads(line)
        if row["id"] in wanted:
            corpus[row["id"]] = row
    missing = [i for i in wanted if i not in corpus]
    if missing:
        raise SystemExit(f"dev gold ids not in the corpus: {missing}")
    path.write_bytes(b"".join(orjson.dumps(corpus[i]) + b"\n" for i in wanted))
    return path


def dev_report(shared: Path, gold: Path = DEV_GOLD) -> dict:
    """Extract a corpus gold's abstracts afresh and score them against it."""
    with tempfile.TemporaryDirectory() as tmp:
        src = write_dev_input(shared, Path(tmp) / "dev.jsonl", gold)
        run_pipeline([src], Path(tmp) / "out")
        return evaluate(gold, Path(tmp) / "out" / "records.jsonl").as_dict()
