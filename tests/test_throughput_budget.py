"""The budget line of `benchmarks/throughput.py`: the split at the linker, against bare."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from throughput import print_budget  # noqa: E402


def test_budget_splits_at_the_component_before_the_linker(capsys: pytest.CaptureFixture) -> None:
    upto = {"tokenizer": 1.0, "cue_ruler": 1.5, "number_finder": 2.5, "abstract_linker": 4.0}
    upto["a_later_component"] = 4.2  # counted with the linker, not before it
    print_budget(upto, whole=4.5, base=1.0)
    line = capsys.readouterr().out.strip()
    assert "before the linker (tokenizer, 2 components): 2.50x bare" in line
    assert "the linker and record building: 2.00x bare" in line
    assert "left for them within 3.0x: 0.50x bare" in line


def test_budget_left_is_never_negative(capsys: pytest.CaptureFixture) -> None:
    print_budget({"tokenizer": 2.0, "n": 3.5, "abstract_linker": 5.0}, whole=6.0, base=1.0)
    assert "left for them within 3.0x: 0.00x bare" in capsys.readouterr().out
