"""The scorer on a tiny gold file whose figures are computed by hand."""

import orjson
import pytest

from pipeline.errors import GoldError
from pipeline.quality.evaluate import Counts, evaluate, f1_interval, pooled_f1

GOLD = {
    "doc": 1,
    "first_words": "x",
    "methods": [
        {"name": "Alpha Net", "aliases": ["AN"], "role": "proposed", "optional": False},
        {"name": "Beta", "aliases": [], "role": "compared", "optional": False},
        {"name": "Gamma", "aliases": [], "role": "used", "optional": True},
    ],
    "datasets": [{"name": "DS–1", "aliases": [], "role": "used", "optional": False}],
    "metrics": [{"name": "f1", "surfaces": ["F1 score"], "optional": False}],
    "results": [
        {
            "text": "50%",
            "value": 50.0,
            "unit": "%",
            "kind": "score",
            "from_value": 40.0,
            "metric": "f1",
            "dataset": "DS–1",
            "method": "Alpha Net",
            "optional": False,
        },
        {
            "text": "3x",
            "value": 3.0,
            "unit": "x",
            "kind": "ratio",
            "from_value": None,
            "metric": None,
            "dataset": None,
            "method": "AN",
            "optional": False,
        },
    ],
}


def mention(text):
    return [{"text": text, "start": 0, "end": len(text), "sentence": 0}]


PRED = {
    "ordinal": 1,
    "methods": [
        {
            "name": "AN",
            "aliases": [],
            "role": "proposed",
            "mentions": mention("AN"),
        },  # TP via alias
        {
            "name": "Beta",
            "aliases": [],
            "role": "used",
            "mentions": mention("Beta"),
        },  # TP, wrong role
        {"name": "Gamma", "aliases": [], "role": "used", "mentions": mention("Gamma")},  # optional
        {"name": "Delta", "aliases": [], "role": "used", "mentions": mention("Delta")},  # FP
    ],
    "datasets": [{"name": "ds-1", "aliases": [], "role": "used", "mentions": mention("ds-1")}],
    "metrics": [
        {"name": "f1", "mentions": mention("F1 score")},
        {"name": "bleu", "mentions": mention("BLEU")},
    ],  # FP
    "results": [
        {
            "value": 50.0,
            "unit": "%",
            "kind": "change",
            "from_value": 40.0,
            "metric": "f1",
            "dataset": "ds-1",
            "method": "AN",
        },
        {
            "value": 7.0,
            "unit": "x",
            "kind": "ratio",
            "from_value": None,
            "metric": None,
            "dataset": None,
            "method": None,
        },  # FP
    ],
}


@pytest.fixture
def files(tmp_path):
    g, p = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    g.write_bytes(orjson.dumps(GOLD) + b"\n")
    p.write_bytes(orjson.dumps(PRED) + b"\n")
    return g, p


def test_hand_computed_scores(files):
    r = evaluate(*files).as_dict()
    m = r["categories"]["methods"]
    assert (m["tp"], m["fp"], m["fn"]) == (2, 1, 0)
    assert m["precision"] == pytest.approx(2 / 3, abs=1e-4) and m["recall"] == 1.0
    assert r["categories"]["datasets"]["f1"] == 1.0
    mt = r["categories"]["metrics"]
    assert (mt["tp"], mt["fp"], mt["fn"]) == (1, 1, 0)
    res = r["categories"]["results"]
    assert (res["tp"], res["fp"], res["fn"]) == (1, 1, 1)
    assert res["f1"] == pytest.approx(0.5)
    assert r["role_accuracy"] == pytest.approx(2 / 3, abs=1e-4)
    acc = r["result_attribute_accuracy"]
    assert acc == {"kind": 0.0, "metric": 1.0, "dataset": 1.0, "method": 1.0, "from_value": 1.0}


def test_missing_prediction_counts_as_misses(files, tmp_path):
    g, _ = files
    empty = tmp_path / "none.jsonl"
    empty.write_bytes(b"")
    r = evaluate(g, empty).as_dict()
    assert r["missing_docs"] == [1] and r["categories"]["methods"]["fn"] == 2


def test_malformed_gold(tmp_path):
    g = tmp_path / "g.jsonl"
    g.write_bytes(b'{"doc": 1}\n')
    with pytest.raises(GoldError, match="needs"):
        evaluate(g, g)


def test_per_document_counts_sum_to_the_totals(files, tmp_path):
    _, p = files
    two = tmp_path / "two.jsonl"
    two.write_bytes(
        orjson.dumps(GOLD) + b"\n" + orjson.dumps({**GOLD, "doc": 2, "methods": []}) + b"\n"
    )
    report = evaluate(two, p)
    assert len(report.doc_counts) == 2
    for cat, total in report.counts.items():
        summed = [sum(getattr(d[cat], k) for d in report.doc_counts) for k in ("tp", "fp", "fn")]
        assert summed == [total.tp, total.fp, total.fn]
    assert report.doc_counts[1]["methods"] == Counts(0, 0, 0)


def test_pooled_f1_sums_counts_before_dividing():
    docs = [{"methods": Counts(1, 0, 0)}, {"methods": Counts(0, 1, 2)}]
    assert pooled_f1(docs, "methods") == pytest.approx(2 * 1 / (2 * 1 + 1 + 2))


def test_interval_of_identical_documents_is_a_point():
    docs = [{"methods": Counts(3, 1, 0)}] * 10
    assert f1_interval(docs, "methods") == (pytest.approx(6 / 7), pytest.approx(6 / 7))


def test_interval_holds_the_pooled_figure_and_is_reproducible():
    docs = [{"methods": Counts(tp, fp, fn)} for tp, fp, fn in [(3, 0, 1), (0, 2, 1), (2, 1, 0)] * 5]
    lo, hi = f1_interval(docs, "methods", rounds=500)
    assert lo < pooled_f1(docs, "methods") < hi
    assert f1_interval(docs, "methods", rounds=500) == (lo, hi)


def test_interval_of_no_documents_is_an_error():
    with pytest.raises(ValueError, match="no documents"):
        f1_interval([], "methods")
