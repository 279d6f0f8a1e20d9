"""Throughput on the 2,104-abstract corpus, beside spaCy's bare tokenizer in the same run,
and the cost of each pipeline component (`nlp.select_pipes`) and of the linker's parts
(cProfile). The stages of the first table take turns within each of the `--repeat` rounds,
and each keeps its fastest round. Every timed call starts from freshly built pipelines, as a
run does (vocabulary and tokenizer cache as after `build_nlp()`).

Usage: python benchmarks/throughput.py [--shared ../shared] [--repeat 3] [--no-components]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from pathlib import Path

import spacy
from devgold import CORPUS, require_shared
from spacy.language import Language

from pipeline.io.ingest import ingest
from pipeline.nlp import build_nlp
from pipeline.nlp.normalise import normalise
from pipeline.record import extract_batch
from pipeline.run.executors import plain_steps

ROOT = Path(__file__).resolve().parents[1]


FRESH: dict[str, Language] = {}  # the pipelines of the current call, built before it


def fresh_pipelines() -> None:
    """Build the bare and our pipeline anew (not timed), as a run starts: each timed call
    meets the vocabulary and the tokenizer cache as `build_nlp()` leaves them, never the
    words and chunks of an earlier round."""
    blank = spacy.blank("en")
    blank.add_pipe("sentencizer")
    FRESH["blank"], FRESH["nlp"] = blank, build_nlp()


def best_of(repeat: int, fn) -> float:
    """Fastest wall time of `repeat` calls."""
    return best_of_each(repeat, [fn])[0]


def best_of_each(repeat: int, fns: list) -> list[float]:
    """Fastest wall time of each function over `repeat` rounds, the functions taking turns
    within a round: a burst of load on the shared machine then slows every stage alike
    instead of one, which keeps the ratios to bare steadier. Every call gets freshly built
    pipelines (not timed)."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            fresh_pipelines()
            t0 = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def in_two_workers(items: list) -> list[bytes]:
    """Every batch of 256 extracted by a pool of 2 worker processes (pool start-up included)."""
    with plain_steps(2) as steps:
        pending = [steps.submit(items[i : i + 256], i) for i in range(0, len(items), 256)]
        return [p.result() for p in pending]


def main() -> None:
    """Print abstracts/s and tokens/s for the bare tokenizer, the spaCy pipeline, and the whole."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-components", action="store_true", help="skip the per-component table")
    args = ap.parse_args()
    require_shared(args.shared, CORPUS)
    items, errors = ingest([args.shared / CORPUS])
    texts = [i.text for i in items]
    n = len(texts)
    fresh_pipelines()
    tokens = sum(len(d) for d in FRESH["blank"].pipe(texts))
    stages = [
        ("spacy.blank('en') + sentencizer", lambda: list(FRESH["blank"].pipe(texts))),
        ("normalise (offset maps)", lambda: [normalise(t) for t in texts]),
        ("our spaCy pipeline (nlp.pipe, normalising)", lambda: list(FRESH["nlp"].pipe(texts))),
        (
            "whole extraction, 2 worker processes",
            lambda: in_two_workers(items),
        ),
        ("whole extraction (validated Records)", lambda: list(extract_batch(items, FRESH["nlp"]))),
    ]
    seconds = best_of_each(args.repeat, [fn for _, fn in stages])
    rows = [(name, secs) for (name, _), secs in zip(stages, seconds, strict=True)]
    print(f"{n} abstracts, {tokens:,} tokens, {len(errors)} ingest errors, best of {args.repeat}")
    print(f"{'stage':40} {'seconds':>8} {'abstracts/s':>12} {'tokens/s':>10} {'vs bare':>8}")
    base = rows[0][1]
    for name, secs in rows:
        print(f"{name:40} {secs:8.2f} {n / secs:12.0f} {tokens / secs:10.0f} {secs / base:7.2f}x")
    if not args.no_components:
        upto = component_costs(texts, base, args.repeat)
        print_budget(upto, rows[-1][1], base)
        linker_profile(FRESH["nlp"], texts)


def up_to(name: str, texts: list[str]) -> None:
    """Run the fresh pipeline up to and including component `name` over `texts`."""
    nlp = FRESH["nlp"]
    with nlp.select_pipes(enable=nlp.pipe_names[: nlp.pipe_names.index(name) + 1]):
        for text in texts:
            nlp(text)


def component_costs(texts: list[str], base: float, repeat: int) -> dict[str, float]:
    """Seconds of the pipeline up to each component (`nlp.select_pipes`) and each one's share;
    returns the seconds up to and including each component ("tokenizer" for `make_doc`)."""
    print(f"\n{'pipeline up to and including':40} {'seconds':>8} {'this one':>9} {'vs bare':>8}")
    before = best_of(repeat, lambda: [FRESH["nlp"].make_doc(t) for t in texts])
    print(f"{'tokenizer (normalising)':40} {before:8.2f} {before:9.2f} {before / base:7.2f}x")
    upto = {"tokenizer": before}
    for name in FRESH["nlp"].pipe_names:
        secs = best_of(repeat, lambda name=name: up_to(name, texts))
        print(f"{name:40} {secs:8.2f} {secs - before:9.2f} {secs / base:7.2f}x")
        before = upto[name] = secs
    return upto


def print_budget(upto: dict[str, float], whole: float, base: float, target: float = 3.0) -> None:
    """What the linker and record building may cost for the whole extraction to stay within
    `target` times bare, beside what the components before the linker already cost."""
    names = list(upto)
    linker = names.index("abstract_linker")
    floor = upto[names[linker - 1]]
    print(
        f"\nbefore the linker (tokenizer, {linker - 1} components): {floor / base:.2f}x bare;"
        f" the linker and record building: {(whole - floor) / base:.2f}x bare;"
        f" left for them within {target:.1f}x: {max(target - floor / base, 0.0):.2f}x bare"
    )


def linker_profile(nlp: Language, texts: list[str], top: int = 12) -> None:
    """cProfile of the linker component alone: the functions with the most cumulative time."""
    with nlp.select_pipes(disable=["abstract_linker"]):
        docs = [nlp(t) for t in texts]
    linker = nlp.get_pipe("abstract_linker")
    profile = cProfile.Profile()
    profile.enable()
    for doc in docs:
        linker(doc)
    profile.disable()
    stats = pstats.Stats(profile)
    rows = sorted(
        (
            (v[3], f"{Path(k[0]).name}:{k[2]}")
            for k, v in stats.stats.items()  # type: ignore[attr-defined]
            if "pipeline" in k[0]
        ),
        reverse=True,
    )
    print("\nabstract_linker under cProfile (cumulative seconds, profiler overhead included):")
    for secs, where in rows[:top]:
        print(f"  {where:50} {secs:6.2f}")


if __name__ == "__main__":
    main()
