"""Score predicted records against a gold file as ../shared/gold/GUIDELINES.md defines."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from pipeline.errors import GoldError
from pipeline.link.terms import fold

CATEGORIES = ("methods", "datasets", "metrics", "results")
RESULT_ATTRS = ("kind", "metric", "dataset", "method", "from_value")


@dataclass
class Counts:
    """True positives, false positives and false negatives of one category."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Accuracy:
    """Correct out of total for an attribute over matched pairs."""

    correct: int = 0
    total: int = 0

    @property
    def value(self) -> float:
        return self.correct / self.total if self.total else 0.0


@dataclass
class Report:
    """Everything `eval` prints."""

    counts: dict[str, Counts] = field(default_factory=lambda: {c: Counts() for c in CATEGORIES})
    role: Accuracy = field(default_factory=Accuracy)
    attrs: dict[str, Accuracy] = field(
        default_factory=lambda: {a: Accuracy() for a in RESULT_ATTRS}
    )
    docs: int = 0
    missing_docs: list[int] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    doc_counts: list[dict[str, Counts]] = field(default_factory=list)  # per gold doc, in order

    def as_dict(self) -> dict:
        """Plain figures for JSON output."""
        return {
            "docs": self.docs,
            "missing_docs": self.missing_docs,
            "categories": {
                c: {
                    "tp": k.tp,
                    "fp": k.fp,
                    "fn": k.fn,
                    "precision": round(k.precision, 4),
                    "recall": round(k.recall, 4),
                    "f1": round(k.f1, 4),
                }
                for c, k in self.counts.items()
            },
            "role_accuracy": round(self.role.value, 4),
            "role_pairs": self.role.total,
            "result_attribute_accuracy": {a: round(v.value, 4) for a, v in self.attrs.items()},
            "result_pairs": self.attrs["kind"].total,
            "errors": self.errors,
        }


def _read_jsonl(path: Path, what: str) -> list[dict]:
    rows = []
    try:
        lines = path.read_bytes().splitlines()
    except OSError as exc:
        raise GoldError(f"{path}: cannot read {what}: {exc.strerror or exc}") from exc
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rows.append(orjson.loads(line))
        except orjson.JSONDecodeError as exc:
            raise GoldError(f"{path}:{n}: malformed JSON in {what}: {exc}") from exc
    return rows


def load_gold(path: Path) -> dict[int, dict]:
    """Gold documents keyed by `doc` (1-based ordinal)."""
    gold = {}
    for n, row in enumerate(_read_jsonl(path, "gold"), start=1):
        if "doc" not in row or not all(c in row for c in CATEGORIES):
            raise GoldError(f"{path}:{n}: a gold line needs 'doc' and {', '.join(CATEGORIES)}")
        gold[int(row["doc"])] = row
    return gold


def load_predictions(path: Path) -> dict[int, dict]:
    """Predicted records keyed by ordinal."""
    return {int(r["ordinal"]): r for r in _read_jsonl(path, "predictions")}


def _names(item: dict, extra: str) -> set[str]:
    return {fold(item["name"]), *(fold(a) for a in item.get(extra, []))}


def _pred_metric_names(item: dict) -> set[str]:
    return {fold(item["name"]), *(fold(m["text"]) for m in item.get("mentions", []))}


def match_items(
    gold: list[dict], pred: list[set[str]], gold_names: list[set[str]]
) -> tuple[list[tuple[int, int]], Counts]:
    """Greedy one-to-one matching by shared surface; optional gold counts neither way."""
    counts = Counts()
    used: set[int] = set()
    pairs = []
    for pi, names in enumerate(pred):
        gi = next((g for g in range(len(gold)) if g not in used and names & gold_names[g]), None)
        if gi is None:
            counts.fp += 1
            continue
        used.add(gi)
        if not gold[gi].get("optional"):
            counts.tp += 1
            pairs.append((gi, pi))
    counts.fn = sum(1 for g in range(len(gold)) if g not in used and not gold[g].get("optional"))
    return pairs, counts


def _add(total: Counts, part: Counts) -> None:
    total.tp += part.tp
    total.fp += part.fp
    total.fn += part.fn


def _same_value(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


def _resolve(name: str | None, entities: Iterable[dict], extra: str) -> set[str]:
    """All surface forms of the entity a result attribute names (or the name alone)."""
    if name is None:
        return set()
    key = fold(name)
    for e in entities:
        names = (
            _names(e, extra)
            if extra != "surfaces"
            else {fold(e["name"]), *map(fold, e.get("surfaces", []))}
        )
        if key in names:
            return names
    return {key}


def _attr_ok(attr: str, g: dict, p: dict, gold_doc: dict, pred_doc: dict) -> bool:
    if attr == "kind":
        return g["kind"] == p["kind"]
    if attr == "from_value":
        return _same_value(g.get("from_value"), p.get("from_value"))
    gv, pv = g.get(attr), p.get(attr)
    if gv is None or pv is None:
        return gv is None and pv is None
    plural = {"metric": "metrics", "dataset": "datasets", "method": "methods"}[attr]
    if attr == "metric":
        gold_names = _resolve(gv, gold_doc["metrics"], "surfaces")
        pred_names = {fold(pv)} | _resolve(
            pv,
            [
                {"name": m["name"], "surfaces": [x["text"] for x in m.get("mentions", [])]}
                for m in pred_doc.get("metrics", [])
            ],
            "surfaces",
        )
    else:
        gold_names = _resolve(gv, gold_doc[plural], "aliases")
        pred_names = _resolve(pv, pred_doc.get(plural, []), "aliases")
    return bool(gold_names & pred_names)


def score_doc(gold_doc: dict, pred_doc: dict, report: Report) -> None:
    """Add one document's matches to the report."""
    for cat in ("methods", "datasets"):
        gold_items = gold_doc[cat]
        pred_items = pred_doc.get(cat, [])
        pairs, counts = match_items(
            gold_items,
            [_names(p, "aliases") for p in pred_items],
            [_names(g, "aliases") for g in gold_items],
        )
        _add(report.counts[cat], counts)
        for gi, pi in pairs:
            report.role.total += 1
            report.role.correct += gold_items[gi]["role"] == pred_items[pi]["role"]
    gold_metrics = gold_doc["metrics"]
    _, counts = match_items(
        gold_metrics,
        [_pred_metric_names(p) for p in pred_doc.get("metrics", [])],
        [{fold(g["name"]), *map(fold, g.get("surfaces", []))} for g in gold_metrics],
    )
    _add(report.counts["metrics"], counts)
    gold_results = gold_doc["results"]
    used: set[int] = set()
    counts = Counts()
    for p in pred_doc.get("results", []):
        gi = next(
            (
                i
                for i, g in enumerate(gold_results)
                if i not in used
                and _same_value(g["value"], p["value"])
                and g.get("unit") == p.get("unit")
            ),
            None,
        )
        if gi is None:
            counts.fp += 1
            continue
        used.add(gi)
        g = gold_results[gi]
        if g.get("optional"):
            continue
        counts.tp += 1
        for attr in RESULT_ATTRS:
            report.attrs[attr].total += 1
            report.attrs[attr].correct += _attr_ok(attr, g, p, gold_doc, pred_doc)
    counts.fn = sum(
        1 for i, g in enumerate(gold_results) if i not in used and not g.get("optional")
    )
    _add(report.counts["results"], counts)


def evaluate(gold_path: Path, pred_path: Path) -> Report:
    """Score every gold document; a gold doc with no prediction counts all its items as missed."""
    gold = load_gold(gold_path)
    pred = load_predictions(pred_path)
    report = Report()
    empty = {c: [] for c in CATEGORIES}
    for doc in sorted(gold):
        report.docs += 1
        if doc not in pred:
            report.missing_docs.append(doc)
        before = {c: Counts(k.tp, k.fp, k.fn) for c, k in report.counts.items()}
        score_doc(gold[doc], pred.get(doc, empty), report)
        report.doc_counts.append(
            {
                c: Counts(k.tp - before[c].tp, k.fp - before[c].fp, k.fn - before[c].fn)
                for c, k in report.counts.items()
            }
        )
    return report


def pooled_f1(docs: Sequence[Mapping[str, Counts]], category: str) -> float:
    """Micro F1 of `category` over the documents' summed counts."""
    total = Counts()
    for d in docs:
        _add(total, d[category])
    return total.f1


def f1_interval(
    docs: Sequence[Mapping[str, Counts]],
    category: str,
    *,
    rounds: int = 2000,
    level: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of micro F1, documents resampled with replacement: how
    far a figure on this many abstracts can move by which abstracts were drawn."""
    if not docs:
        raise ValueError("no documents to resample")
    rng = random.Random(seed)
    n = len(docs)
    draws = sorted(
        pooled_f1([docs[rng.randrange(n)] for _ in range(n)], category) for _ in range(rounds)
    )
    cut = int(rounds * (1 - level) / 2)
    return draws[cut], draws[rounds - 1 - cut]
