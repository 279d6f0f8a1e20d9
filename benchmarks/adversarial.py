"""Worst-case cost on adversarial abstracts: for each family of pathological runs (long digit
runs, runs of "(", "-", "$", "\\", spaces, "1.1.1.…", "9x9x9…", "95% CI [" …), the seconds of
`find_numbers`, `normalise`, spaCy's bare tokenizer and the whole extraction (validated
Record) at each size, and the ratio of the largest size's time to the smallest's (linear
cost: ratio ≈ size ratio, 16 for 16k vs 1k). No asserts: tests/test_adversarial_input.py
checks the bound.

Usage: python benchmarks/adversarial.py [--sizes 1000 4000 16000] [--family digits ...]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import spacy

from pipeline.io.ingest import InputItem
from pipeline.nlp import get_nlp
from pipeline.nlp.normalise import normalise
from pipeline.nlp.numbers import find_numbers
from pipeline.record import extract_batch

# name -> the unit repeated to make the run
FAMILIES: dict[str, str] = {
    "digits": "1",
    "open-parens": "(",
    "close-parens": ")",
    "dashes": "-",
    "dollars": "$",
    "backslashes": "\\",
    "spaces": " ",
    "dotted": "1.",
    "dimensions": "9x",
    "ci": "95% CI [",
    "brackets": "[",
    "commas": "1,",
    "slashes": "1/",
    "percents": "1% ",
    "percent-signs": "%",
    "urls": "a.com/",
    "braces": "{",
    "macros": "\\a{",
    "hyphenations": "a- ",
    "definitions": "We use AB: Alpha Beta. ",
}
HEAD = "We propose FooNet, which reaches 95.1% accuracy on ImageNet. "
TAIL = " FooNet improves BLEU by 2.3 points on WMT14."
SIZES = (1000, 4000, 16000)


def adversarial_text(unit: str, size: int) -> str:
    """An abstract of `size` chars: a short real sentence, the run of `unit`, another one."""
    n = max(0, size - len(HEAD) - len(TAIL))
    return HEAD + (unit * (n // len(unit) + 1))[:n] + TAIL


def seconds(fn: Callable[[str], object], text: str) -> float:
    """Wall time of one call."""
    t0 = time.perf_counter()
    fn(text)
    return time.perf_counter() - t0


def stages() -> dict[str, Callable[[str], object]]:
    """The measured stages, each a function of one abstract."""
    nlp = get_nlp()
    blank = spacy.blank("en")

    def extract(text: str) -> object:
        item = InputItem("adversarial.txt", "0" * 64, "text", 1, 1, text, start=0, end=len(text))
        return list(extract_batch([item], nlp))

    return {
        "find_numbers": find_numbers,
        "normalise": normalise,
        "spacy tokenizer": blank.tokenizer,
        "whole extraction": extract,
    }


def main() -> None:
    """Print a table: family, stage, seconds per size and the largest/smallest ratio."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    ap.add_argument("--family", nargs="+", choices=list(FAMILIES), default=list(FAMILIES))
    args = ap.parse_args()
    fns = stages()
    fns["whole extraction"](adversarial_text("1", 1000))  # load and warm the pipeline
    sizes = sorted(args.sizes)
    head = " ".join(f"{f'{s // 1000}k s':>9}" for s in sizes)
    print(f"{'family':14} {'stage':17} {head} {f'{sizes[-1] // 1000}k/{sizes[0] // 1000}k':>9}")
    for family in args.family:
        for stage, fn in fns.items():
            times = [seconds(fn, adversarial_text(FAMILIES[family], size)) for size in sizes]
            ratio = times[-1] / max(times[0], 1e-6)
            cells = " ".join(f"{t:9.4f}" for t in times)
            print(f"{family:14} {stage:17} {cells} {ratio:9.1f}", flush=True)


if __name__ == "__main__":
    main()
