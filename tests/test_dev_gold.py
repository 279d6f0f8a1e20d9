"""Regression floor on the 40-abstract dev gold (tests/gold/dev_gold.jsonl)."""

import sys

from tests.conftest import ROOT, shared_file

sys.path.insert(0, str(ROOT / "benchmarks"))

from devgold import dev_report

FLOORS = {"methods": 0.89, "datasets": 0.85, "metrics": 0.90, "results": 0.97}


def test_dev_gold_does_not_regress():
    shared_file("corpus/arxiv_cs_2025_2026.jsonl")
    report = dev_report(ROOT.parent / "shared")
    f1 = {c: v["f1"] for c, v in report["categories"].items()}
    for category, floor in FLOORS.items():
        assert f1[category] >= floor, f"{category} F1 {f1[category]:.3f} < {floor}"
    assert report["role_accuracy"] >= 0.93
    attrs = report["result_attribute_accuracy"]
    assert attrs["metric"] >= 0.85 and attrs["dataset"] >= 0.90 and attrs["kind"] >= 0.95
