"""scripts/select_blind.py: the seeded selection of a new blind gold's abstracts."""

from __future__ import annotations

import sys
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from select_blind import ids_in, select  # noqa: E402

ROWS = [
    {"id": "a", "abstract": "FooNet reaches 91.2% accuracy."},
    {"id": "b", "abstract": "We study how people read."},
    {"id": "c", "abstract": "BarNet is 3x faster than BazNet."},
    {"id": "d", "abstract": "A survey of reading."},
]


def test_the_same_seed_selects_the_same_abstracts():
    assert select(ROWS, 7, 1, 1, set()) == select(ROWS, 7, 1, 1, set())


def test_abstracts_with_numbers_come_first_and_taken_ids_are_skipped():
    picked = select(ROWS, 7, 2, 2, {"a"})
    assert [r["id"] for r in picked[:1]] == ["c"]
    assert {r["id"] for r in picked[1:]} == {"b", "d"}


def test_ids_are_read_from_gold_files_and_selections(tmp_path):
    gold, chosen = tmp_path / "g.jsonl", tmp_path / "s.jsonl"
    gold.write_bytes(orjson.dumps({"source_id": "a"}) + b"\n\n")
    chosen.write_bytes(orjson.dumps({"id": "b"}) + b"\n")
    assert ids_in([gold], "source_id") | ids_in([chosen], "id") == {"a", "b"}


def test_decimals_only_takes_abstracts_without_a_unit_value_only_when_they_hold_a_decimal():
    rows = [*ROWS, {"id": "e", "abstract": "BarNet reaches an F1 of 0.93 here."}]
    picked = select(rows, 7, 0, 3, set(), decimals_only=True)
    assert [r["id"] for r in picked] == ["e"]
