"""Throughput on the 2,104-abstract corpus, beside spaCy's bare tokenizer in the same run.

Usage: python benchmarks/throughput.py [--shared ../shared] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import spacy

from pipeline.io.ingest import ingest
from pipeline.nlp import build_nlp
from pipeline.nlp.normalise import normalise
from pipeline.record import extract_batch
from pipeline.run.sequence import extract_all, in_worker_processes

ROOT = Path(__file__).resolve().parents[1]


def best_of(repeat: int, fn) -> float:
    """Fastest wall time of `repeat` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    """Print abstracts/s and tokens/s for the bare tokenizer, the spaCy pipeline, and the whole."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    items, errors = ingest([args.shared / "corpus" / "arxiv_cs_2025_2026.jsonl"])
    texts = [i.text for i in items]
    n = len(texts)
    blank = spacy.blank("en")
    blank.add_pipe("sentencizer")
    tokens = sum(len(d) for d in blank.pipe(texts))
    nlp = build_nlp()
    rows = [
        ("spacy.blank('en') + sentencizer", best_of(args.repeat, lambda: list(blank.pipe(texts)))),
        ("normalise (offset maps)", best_of(args.repeat, lambda: [normalise(t) for t in texts])),
        (
            "our spaCy pipeline (nlp.pipe, normalising)",
            best_of(args.repeat, lambda: list(nlp.pipe(texts))),
        ),
        (
            "whole extraction, 2 worker processes",
            best_of(args.repeat, lambda: extract_all(items, [], 256, in_worker_processes(2))),
        ),
        (
            "whole extraction (validated Records)",
            best_of(args.repeat, lambda: list(extract_batch(items, nlp))),
        ),
    ]
    print(f"{n} abstracts, {tokens:,} tokens, {len(errors)} ingest errors, best of {args.repeat}")
    print(f"{'stage':40} {'seconds':>8} {'abstracts/s':>12} {'tokens/s':>10} {'vs bare':>8}")
    base = rows[0][1]
    for name, secs in rows:
        print(f"{name:40} {secs:8.2f} {n / secs:12.0f} {tokens / secs:10.0f} {secs / base:7.2f}x")


if __name__ == "__main__":
    main()
