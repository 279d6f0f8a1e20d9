"""A trained spaCy NER beside the rules on TDMSci test: what supervision on the train split buys.

Usage: python benchmarks/tdmsci_trained_baseline.py [--shared ../shared] [--steps 4000]

Trains spaCy's own NER (the `efficiency` CPU config of `spacy init config`, no pretrained
vectors: none is on the package registries here) on the TDMSci *train* split (200 random
sentences held out for spaCy's early stopping), then scores it on the test split by the exact
spans `benchmarks/tdmsci.py` uses, beside this pipeline's rules and the corpus authors' system.
The model is a measuring stick only: nothing of it ships. About 5-10 minutes on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import spacy
from rich.console import Console
from rich.table import Table
from spacy.cli.init_config import init_config
from spacy.cli.train import train
from spacy.tokens import Doc, DocBin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

from devgold import require_shared  # noqa: E402
from tdmsci import (  # noqa: E402
    LABELS,
    PRF,
    TDMSCI,
    TDMSCI_FILES,
    TDMSCI_TRAIN,
    read_ann,
    score,
    tdmsci_rows,
)
from tdmsci_train_errors import read_conll  # noqa: E402

DEV_SENTENCES = 200


def train_docs(sents: list[tuple[str, set[tuple[str, int, int]]]], seed: int = 0) -> tuple:
    """(train, dev) DocBins of the tagged sentences; `seed` picks the dev sentences."""
    nlp = spacy.blank("en")
    order = list(range(len(sents)))
    random.Random(seed).shuffle(order)
    dev = set(order[:DEV_SENTENCES])
    train_bin, dev_bin = DocBin(), DocBin()
    for i, (text, spans) in enumerate(sents):
        doc = nlp.make_doc(text)
        doc.ents = entity_spans(doc, spans)
        (dev_bin if i in dev else train_bin).add(doc)
    return train_bin, dev_bin


def entity_spans(doc: Doc, spans: set[tuple[str, int, int]]) -> list:
    """Token spans of the gold character spans, widened to token bounds, overlaps dropped."""
    out: list = []
    for label, start, end in sorted(spans, key=lambda s: s[1]):
        span = doc.char_span(start, end, label=label, alignment_mode="expand")
        if span is not None and all(span.start >= o.end or o.start >= span.end for o in out):
            out.append(span)
    return out


def predict_lines(nlp, text: str) -> set[tuple[str, int, int]]:
    """(label, start, end) of every DATASET/METRIC entity, line by line, in file offsets."""
    spans, pos = set(), 0
    for line in text.split("\n"):
        if line.strip():
            spans.update(
                (e.label_, pos + e.start_char, pos + e.end_char)
                for e in nlp(line).ents
                if e.label_ in LABELS
            )
        pos += len(line) + 1
    return spans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--steps", type=int, default=4000)
    args = parser.parse_args()
    require_shared(args.shared, TDMSCI_TRAIN, *TDMSCI_FILES)
    root = args.shared / TDMSCI
    train_bin, dev_bin = train_docs(read_conll(args.shared / TDMSCI_TRAIN))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        train_bin.to_disk(work / "train.spacy")
        dev_bin.to_disk(work / "dev.spacy")
        config = init_config(lang="en", pipeline=["ner"], optimize="efficiency", gpu=False)
        config.to_disk(work / "config.cfg")
        train(
            work / "config.cfg",
            work / "out",
            overrides={
                "paths.train": str(work / "train.spacy"),
                "paths.dev": str(work / "dev.spacy"),
                "training.max_steps": args.steps,
            },
        )
        trained = spacy.load(work / "out" / "model-best")
        gold = read_ann(root / "eval_brat__test__test.ann")
        ours = predict_lines(trained, (root / "eval_brat__test__test.txt").read_text("utf-8"))
    rows: list[tuple[str, str, PRF]] = [
        ("spaCy NER trained on TDMSci train", label, score(gold, ours, label)) for label in LABELS
    ]
    rows += tdmsci_rows(args.shared)
    table = Table(title="TDMSci test, exact spans")
    for col in ("label", "system", "P", "R", "F1"):
        table.add_column(col, justify="left" if col in ("label", "system") else "right")
    for label in LABELS:
        for system, lab, prf in rows:
            if lab == label:
                table.add_row(label, system, *prf.row())
    Console().print(table)


if __name__ == "__main__":
    main()
