"""Regression floors on the corpus golds (dev, held-out and second blind gold)."""

import sys

import pytest

from tests.conftest import ROOT, shared_file

sys.path.insert(0, str(ROOT / "benchmarks"))

from devgold import BLIND2_GOLD, DEV_GOLD, HOLDOUT_GOLD, dev_report

FLOORS = {
    DEV_GOLD.name: {"methods": 0.90, "datasets": 0.95, "metrics": 0.92, "results": 0.98},
    HOLDOUT_GOLD.name: {"methods": 0.90, "datasets": 0.86, "metrics": 0.90, "results": 0.95},
    BLIND2_GOLD.name: {"methods": 0.84, "datasets": 0.93, "metrics": 0.80, "results": 0.95},
}
ATTRIBUTE_FLOORS = {
    DEV_GOLD.name: {"role": 0.94, "metric": 0.86, "dataset": 0.91, "kind": 0.96},
    HOLDOUT_GOLD.name: {"role": 0.95, "metric": 0.80, "dataset": 0.93, "kind": 0.96},
    BLIND2_GOLD.name: {"role": 0.95, "metric": 0.86, "dataset": 0.88, "kind": 0.92},
}


@pytest.mark.parametrize("gold", [DEV_GOLD, HOLDOUT_GOLD, BLIND2_GOLD], ids=lambda p: p.stem)
def test_corpus_gold_does_not_regress(gold):
    shared_file("corpus/arxiv_cs_2025_2026.jsonl")
    report = dev_report(ROOT.parent / "shared", gold)
    f1 = {c: v["f1"] for c, v in report["categories"].items()}
    for category, floor in FLOORS[gold.name].items():
        assert f1[category] >= floor, f"{category} F1 {f1[category]:.3f} < {floor}"
    floors = ATTRIBUTE_FLOORS[gold.name]
    assert report["role_accuracy"] >= floors["role"]
    attrs = report["result_attribute_accuracy"]
    for attr in ("metric", "dataset", "kind"):
        assert attrs[attr] >= floors[attr], f"{attr} {attrs[attr]:.3f} < {floors[attr]}"
