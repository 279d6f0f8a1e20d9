"""Development aid: DATASET/METRIC errors of the pipeline on the TDMSci *train* split.

Usage: python scripts/tdmsci_train_errors.py [--shared ../shared] [--show 40] [--unseen]
Reads only the train split (allowed for rule writing); prints P/R/F1 and the commonest
false positives and misses so that rules can be improved without touching the test split.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from pipeline.io.ingest import InputItem
from pipeline.models import Record
from pipeline.nlp import get_nlp
from pipeline.record import extract_batch


def read_conll(path: Path) -> list[tuple[str, set[tuple[str, int, int]]]]:
    """(sentence text, gold spans) per sentence; token offsets are in column 2."""
    out = []
    toks: list[tuple[str, int, str]] = []
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        parts = line.split()
        if parts:
            toks.append((parts[0], int(parts[1]), parts[-1]))
            continue
        if not toks:
            continue
        text = ""
        for word, off, _ in toks:
            text = text.ljust(off) + word
        spans, cur = set(), None
        for word, off, tag in [*toks, ("", len(text) + 1, "O")]:
            if cur and not tag.startswith("I-"):
                spans.add(cur)
                cur = None
            if tag.startswith("B-"):
                cur = (tag[2:], off, off + len(word))
            elif tag.startswith("I-") and cur:
                cur = (cur[0], cur[1], off + len(word))
        out.append((text, {s for s in spans if s[0] in ("DATASET", "METRIC")}))
        toks = []
    return out


def holdout_nlp(sents: list[tuple[str, set]], fold: int, tmp: Path):
    """A pipeline whose train-derived dataset lexicon excludes the sentences of `fold`."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from build_lexicons import dataset_name

    from pipeline.nlp import build_nlp

    names = set()
    for i, (text, gold) in enumerate(sents):
        if i % 2 != fold:
            for label, s, e in gold:
                if label == "DATASET" and (name := dataset_name(text[s:e])):
                    names.add(name)
    path = tmp / f"fold{fold}.tsv"
    path.write_text(
        "surface\tcanonical\tsource\n" + "".join(f"{n}\t{n}\tfold\n" for n in sorted(names)),
        encoding="utf-8",
    )
    key = "lexicons.files.DATASET"
    return build_nlp({key: ["lexicons/datasets.tsv", str(path)]})


def unseen_nlp(tmp: Path):
    """A pipeline whose lexicons hold no row taken from TDMSci train: the train split is then
    scored as text whose names were never read (the closest stand-in for the test split)."""
    from pipeline.nlp import build_nlp
    from pipeline.nlp.loader import load_config
    from pipeline.resources import DATA_DIR

    files = {k: list(v) for k, v in load_config()["lexicons"]["files"].items()}
    for label, names in files.items():
        for i, name in enumerate(names):
            lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
            kept = [lines[0]] + [ln for ln in lines[1:] if "\ttdmsci-train" not in ln]
            if len(kept) < len(lines):
                copy = tmp / f"{label}-{Path(name).name}"
                copy.write_text("\n".join(kept) + "\n", encoding="utf-8")
                names[i] = str(copy)
    return build_nlp({"lexicons.files": files})


def main() -> None:
    """Print train-split errors."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2] / "shared")
    ap.add_argument("--show", type=int, default=40)
    ap.add_argument(
        "--holdout",
        action="store_true",
        help="2-fold: each half is scored with a dataset lexicon built from the other",
    )
    ap.add_argument(
        "--unseen",
        action="store_true",
        help="score with every lexicon row taken from TDMSci train left out",
    )
    args = ap.parse_args()
    sents = read_conll(args.shared / "eval/tdmsci/train_1500_v2.conll")
    items = [
        InputItem("train", "0" * 64, "text", i + 1, i + 1, text)
        for i, (text, _) in enumerate(sents)
    ]
    fps: dict[str, Counter] = {"DATASET": Counter(), "METRIC": Counter()}
    fns: dict[str, Counter] = {"DATASET": Counter(), "METRIC": Counter()}
    tp = Counter()
    if args.holdout:
        import tempfile

        recs = [None] * len(items)
        with tempfile.TemporaryDirectory() as tmp:
            for fold in (0, 1):
                nlp = holdout_nlp(sents, fold, Path(tmp))
                idx = [i for i in range(len(items)) if i % 2 == fold]
                for i, rec in zip(idx, extract_batch([items[i] for i in idx], nlp), strict=True):
                    recs[i] = rec
    elif args.unseen:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            recs = list(extract_batch(items, unseen_nlp(Path(tmp))))
    else:
        recs = list(extract_batch(items, get_nlp()))
    for (text, gold), rec in zip(sents, recs, strict=True):
        pred = set()
        if isinstance(rec, Record):
            pred |= {("DATASET", m.start, m.end) for d in rec.datasets for m in d.mentions}
            pred |= {("METRIC", m.start, m.end) for d in rec.metrics for m in d.mentions}
        for label, s, e in pred - gold:
            fps[label][text[s:e]] += 1
        for label, s, e in gold - pred:
            fns[label][text[s:e]] += 1
        for label, _, _ in pred & gold:
            tp[label] += 1
    for label in ("DATASET", "METRIC"):
        fp, fn = sum(fps[label].values()), sum(fns[label].values())
        p = tp[label] / (tp[label] + fp) if tp[label] + fp else 0
        r = tp[label] / (tp[label] + fn) if tp[label] + fn else 0
        print(
            f"{label}: tp {tp[label]} fp {fp} fn {fn}  P {p:.3f} R {r:.3f} "
            f"F1 {2 * p * r / (p + r) if p + r else 0:.3f}"
        )
        print("  FP:", fps[label].most_common(args.show))
        print("  FN:", fns[label].most_common(args.show))


if __name__ == "__main__":
    main()
