"""TDMSci test: exact-span DATASET and METRIC mention F1, ours beside the corpus authors'."""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from devgold import require_shared

from pipeline.io.ingest import InputItem
from pipeline.models import Record
from pipeline.nlp import get_nlp
from pipeline.record import extract_batch

LABELS = ("DATASET", "METRIC")
TDMSCI = "eval/tdmsci"
TDMSCI_TRAIN = f"{TDMSCI}/train_1500_v2.conll"
SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
TDMSCI_FILES = tuple(
    f"{TDMSCI}/eval_brat__{name}"
    for name in ("test__test.ann", "test__test.txt", "prediction__test.ann")
)


@dataclass
class PRF:
    """Exact-match counts for one label."""

    tp: int
    fp: int
    fn: int

    @property
    def f1(self) -> float:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        return 2 * p * r / (p + r) if p + r else 0.0

    def row(self) -> tuple[str, str, str]:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        return f"{p:.3f}", f"{r:.3f}", f"{self.f1:.3f}"


def read_ann(path: Path) -> set[tuple[str, int, int]]:
    """(label, start, end) of every brat text-bound annotation."""
    spans = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("T"):
            continue
        _, info, _text = line.split("\t", 2)
        label, start, end = info.split(" ")[:3]
        spans.add((label, int(start), int(end)))
    return spans


def predict(text_path: Path, nlp=None) -> set[tuple[str, int, int]]:
    """Run the pipeline (or `nlp`) on every line; dataset and metric mentions as spans."""
    text = text_path.read_text(encoding="utf-8")
    items, offsets = [], []
    pos = 0
    for n, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            items.append(InputItem(str(text_path), "0" * 64, "text", len(items) + 1, n, line))
            offsets.append(pos)
        pos += len(line) + 1
    spans = set()
    for off, rec in zip(offsets, extract_batch(items, nlp or get_nlp()), strict=True):
        if not isinstance(rec, Record):
            continue
        for d in rec.datasets:
            spans.update(("DATASET", off + m.start, off + m.end) for m in d.mentions)
        for m in rec.metrics:
            spans.update(("METRIC", off + x.start, off + x.end) for x in m.mentions)
    return spans


def score(gold: set, pred: set, label: str) -> PRF:
    g = {s for s in gold if s[0] == label}
    p = {s for s in pred if s[0] == label}
    return PRF(len(g & p), len(p - g), len(g - p))


def tdmsci_rows(shared: Path) -> list[tuple[str, str, PRF]]:
    """(system, label, counts) rows for ours and the authors' released predictions."""
    require_shared(shared, *TDMSCI_FILES)
    root = shared / TDMSCI
    gold = read_ann(root / "eval_brat__test__test.ann")
    ours = predict(root / "eval_brat__test__test.txt")
    theirs = read_ann(root / "eval_brat__prediction__test.ann")
    rows = []
    for label in LABELS:
        rows.append(("this pipeline (rules)", label, score(gold, ours, label)))
        rows.append(("TDMSci authors' system", label, score(gold, theirs, label)))
    return rows


def unseen_train_rows(shared: Path) -> list[tuple[str, PRF]]:
    """(label, counts) on TDMSci train scored with every lexicon row taken from it left out,
    so its names are as unseen as the test split's (`scripts/tdmsci_train_errors.py
    --unseen`): the split rules for TDMSci are decided on."""
    require_shared(shared, TDMSCI_TRAIN)
    sys.path.insert(0, str(SCRIPTS))
    try:
        from tdmsci_train_errors import read_conll, unseen_nlp
    finally:
        sys.path.remove(str(SCRIPTS))
    sents = read_conll(shared / TDMSCI_TRAIN)
    items = [InputItem("train", "0" * 64, "text", n, n, t) for n, (t, _) in enumerate(sents, 1)]
    with tempfile.TemporaryDirectory() as tmp:
        recs = list(extract_batch(items, unseen_nlp(Path(tmp))))
    gold: set[tuple] = set()  # (label, sentence, start, end)
    pred: set[tuple] = set()
    for n, ((_, spans), rec) in enumerate(zip(sents, recs, strict=True)):
        gold |= {(label, n, start, end) for label, start, end in spans}
        if isinstance(rec, Record):
            pred |= {("DATASET", n, m.start, m.end) for d in rec.datasets for m in d.mentions}
            pred |= {("METRIC", n, m.start, m.end) for d in rec.metrics for m in d.mentions}
    return [(label, score(gold, pred, label)) for label in LABELS]
