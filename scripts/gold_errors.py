"""Print a development gold's misses and false positives per document, by category.

Usage: python scripts/gold_errors.py GOLD [--shared ../shared]
(GOLD: dev, holdout, blind2, 4, 7-13, 16, 21, 23, 25, 26, 28-76)

Blinds 3, 5, 6, 14, 15, 17-20, 22, 24 and 27 are refused: they stay measures of unseen text; their
errors are never read.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from devgold import write_dev_input  # noqa: E402

from pipeline.quality.evaluate import (  # noqa: E402
    _attr_ok,
    _names,
    _pred_metric_names,
    _same_value,
    fold,
    load_gold,
    load_predictions,
)
from pipeline.run.sequence import run_pipeline  # noqa: E402

DEVELOPMENT = (
    "dev",
    "holdout",
    "blind2",
    "blind4",
    *(f"blind{k}" for k in (*range(7, 14), 16, 21, 23, 25, 26, *range(28, 77))),
)
GOLDS = {name: ROOT / "tests" / "gold" / f"{name}_gold.jsonl" for name in DEVELOPMENT}


def entity_errors(gold: list[dict], pred: list[dict], extra: str, pred_names) -> list[str]:
    """'-' misses and '+' false positives of one category in one document."""
    out = []
    gold_names = [
        _names(g, extra) if extra else {fold(g["name"]), *map(fold, g.get("surfaces", []))}
        for g in gold
    ]
    used: set[int] = set()
    for p in pred:
        names = pred_names(p)
        gi = next((i for i, g in enumerate(gold_names) if i not in used and names & g), None)
        if gi is None:
            out.append(f"  + {p['name']}" + (f" ({p.get('role')})" if "role" in p else ""))
        else:
            used.add(gi)
            if "role" in p and gold[gi].get("role") != p.get("role"):
                out.append(f"  ~ {p['name']}: role {p['role']} (gold {gold[gi]['role']})")
    missed = [g for i, g in enumerate(gold) if i not in used and not g.get("optional")]
    return out + [f"  - {g['name']}" for g in missed]


def result_errors(gold_doc: dict, pred_doc: dict) -> list[str]:
    """Missed, spurious and mis-attributed results of one document (an attribute counts as
    wrong exactly when the scorer counts it so: names resolve through the entities' surfaces,
    so "auroc" written "AUC" matches a gold "auc")."""
    gold, pred = gold_doc["results"], pred_doc.get("results", [])
    out, used = [], set()
    for p in pred:
        gi = next(
            (
                i
                for i, g in enumerate(gold)
                if i not in used
                and _same_value(g["value"], p["value"])
                and g.get("unit") == p.get("unit")
            ),
            None,
        )
        if gi is None:
            out.append(f"  + {p['text']} ({p['kind']}, {p.get('metric')})")
            continue
        used.add(gi)
        g = gold[gi]
        diffs = [
            f"{a} {p.get(a)!r} (gold {g.get(a)!r})"
            for a in ("kind", "metric", "dataset", "method", "from_value")
            if not _attr_ok(a, g, p, gold_doc, pred_doc)
        ]
        if diffs and not g.get("optional"):
            out.append(f"  ~ {p['text']}: " + "; ".join(diffs))
    missed = [g for i, g in enumerate(gold) if i not in used and not g.get("optional")]
    return out + [f"  - {g['text']} ({g['kind']}, {g.get('metric')})" for g in missed]


def _entity_names(item: dict) -> set[str]:
    return _names(item, "aliases")


def main() -> None:
    """Extract the gold's abstracts afresh and print its errors."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "gold",
        help="dev, holdout, blind2, blind4, blind7-13, 16, 21, 23, 25, 26, 28-76"
        " (never 3, 5, 6, 14, 15, 17-20, 22, 24, 27)",
    )
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    if args.gold not in GOLDS:
        raise SystemExit(f"error: {args.gold!r} is not a development gold ({', '.join(GOLDS)})")
    with tempfile.TemporaryDirectory() as tmp:
        src = write_dev_input(args.shared, Path(tmp) / "in.jsonl", GOLDS[args.gold])
        run_pipeline([src], Path(tmp) / "out")
        gold = load_gold(GOLDS[args.gold])
        pred = load_predictions(Path(tmp) / "out" / "records.jsonl")
    for n, g in sorted(gold.items()):
        p = pred.get(n, {})
        lines = []
        for cat in ("methods", "datasets"):
            if errs := entity_errors(g[cat], p.get(cat, []), "aliases", _entity_names):
                lines += [f" {cat}", *errs]
        if errs := entity_errors(g["metrics"], p.get("metrics", []), "", _pred_metric_names):
            lines += [" metrics", *errs]
        if errs := result_errors(g, p):
            lines += [" results", *errs]
        if lines:
            print(f"doc {n} {g.get('source_id', '')}: {g.get('first_words', '')}")
            print("\n".join(lines))


if __name__ == "__main__":
    main()
