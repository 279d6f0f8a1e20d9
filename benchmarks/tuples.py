"""Result tuples whose score appears in the abstract (NLP-TDMS, SciREX): found, and attached."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import orjson
from devgold import require_shared

from pipeline.io.ingest import InputItem
from pipeline.models import Record
from pipeline.nlp import get_nlp
from pipeline.record import extract_batch


@dataclass
class TupleScore:
    """How many tuples there were, whose score we found, and with dataset and metric attached."""

    total: int = 0
    found: int = 0
    dataset: int = 0
    metric: int = 0
    both: int = 0
    dataset_in_text: int = 0  # found, and the tuple's dataset name occurs in the abstract
    metric_in_text: int = 0


def squash(text: str | None) -> str:
    """Lower-case alphanumerics only: 'Mean_IoU' -> 'meaniou'."""
    return re.sub(r"[^0-9a-z]", "", (text or "").lower())


def loosely_equal(a: str | None, b: str | None) -> bool:
    """Normalised match: one squashed name contains the other."""
    x, y = squash(a), squash(b)
    return bool(x and y) and (x in y or y in x)


def score_value(score: str) -> float | None:
    """'71.8%' -> 71.8."""
    m = re.search(r"\d+(?:\.\d+)?", score.replace(",", ""))
    return float(m.group()) if m else None


def _aliases(rec: Record, kind: str, name: str | None) -> list[str]:
    if name is None:
        return []
    items = rec.datasets if kind == "dataset" else rec.metrics
    for item in items:
        if item.name == name:
            return [item.name, *getattr(item, "aliases", []), *(m.text for m in item.mentions)]
    return [name]


def measure(rows: list[tuple[str, list[dict]]]) -> TupleScore:
    """rows: (abstract text, [{'dataset','metric','score'}]) for tuples found in the text."""
    items = [InputItem("t", "0" * 64, "jsonl", i + 1, i + 1, t) for i, (t, _) in enumerate(rows)]
    out = TupleScore()
    for (_, tuples), rec in zip(rows, extract_batch(items, get_nlp()), strict=True):
        for tup in tuples:
            out.total += 1
            value = score_value(tup["score"])
            if not isinstance(rec, Record) or value is None:
                continue
            hits = [r for r in rec.results if math.isclose(r.value, value, rel_tol=1e-6)]
            if not hits:
                continue
            out.found += 1
            out.dataset_in_text += squash(tup["dataset"]) in squash(rec.text)
            out.metric_in_text += squash(tup["metric"]) in squash(rec.text)
            ds = any(
                loosely_equal(a, tup["dataset"])
                for r in hits
                for a in _aliases(rec, "dataset", r.dataset)
            )
            me = any(
                loosely_equal(a, tup["metric"])
                for r in hits
                for a in _aliases(rec, "metric", r.metric)
            )
            out.dataset += ds
            out.metric += me
            out.both += ds and me
    return out


def _scored(t: dict) -> bool:
    """A tuple flagged as scored in the abstract whose score holds a number: two NLP-TDMS
    tuples have an empty score and three SciREX ones "-", which no text can contain."""
    return bool(t.get("score_in_abstract")) and score_value(t.get("score") or "") is not None


NLP_TDMS = "eval/nlp_tdms/abstracts.jsonl"
SCIREX = "eval/scirex/train_abstracts.jsonl"


def nlp_tdms_rows(shared: Path) -> list[tuple[str, list[dict]]]:
    """(abstract, scored tuples) of every NLP-TDMS paper with a score in its abstract."""
    require_shared(shared, NLP_TDMS)
    rows = []
    for line in (shared / NLP_TDMS).read_bytes().splitlines():
        paper = orjson.loads(line)
        tuples = [t for t in paper["results"] if _scored(t)]
        if tuples:
            rows.append((paper["abstract"], tuples))
    return rows


def scirex_rows(shared: Path) -> list[tuple[str, list[dict]]]:
    """(abstract, scored tuples) of every SciREX train paper with a score in its abstract."""
    require_shared(shared, SCIREX)
    rows = []
    for line in (shared / SCIREX).read_bytes().splitlines():
        paper = orjson.loads(line)
        tuples = [
            {"dataset": t["Material"], "metric": t["Metric"], "score": t["score"]}
            for t in paper["relations"]
            if _scored(t)
        ]
        if tuples:
            rows.append((paper["text"], tuples))
    return rows
