"""Each catalogue source's effect: rows, hits on the corpus, and gold/TDMSci F1 without it.

Usage: python benchmarks/lexicon_sources.py [--shared ../shared]

For every package in the catalogue lexicons (catalogue_*.tsv) the pipeline is rebuilt with
that package's rows left out (config override of `lexicons.files`, filtered copies in a temp
folder) and scored on the development golds (seed, dev, held-out, blind 2, blind 4; blind 3 is
never used to decide anything) and TDMSci test. A source whose removal raises an F1 costs
precision there.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
from collections import Counter
from pathlib import Path

import orjson
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))

from devgold import BLIND2_GOLD, BLIND4_GOLD, CORPUS, DEV_GOLD, HOLDOUT_GOLD, write_dev_input
from tdmsci import TDMSCI, predict, read_ann, score

from pipeline.io.ingest import ingest
from pipeline.models import Record
from pipeline.nlp.loader import build_nlp, load_config
from pipeline.quality.evaluate import evaluate
from pipeline.record import extract_batch
from pipeline.resources import DATA_DIR

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "seeds" / "iclr2026_abstracts.txt"
SEED_GOLD = "gold/seed_gold.jsonl"
CATALOGUES = ("catalogue_datasets.tsv", "catalogue_methods.tsv", "catalogue_metrics.tsv")
CATEGORIES = ("methods", "datasets", "metrics", "results")


def package(source: str) -> str:
    """'lm-eval==0.4.13:lm_eval/...' -> 'lm-eval'."""
    return source.split("==", 1)[0]


def rows_by_package() -> dict[str, Counter]:
    """Per package: rows that match alone and rows kept for context only."""
    out: dict[str, Counter] = {}
    for name in CATALOGUES:
        with (DATA_DIR / "lexicons" / name).open(encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                out.setdefault(package(row["source"]), Counter())[row["match"]] += 1
    return out


def files_without(pkg: str | None, folder: Path) -> dict[str, list[str]]:
    """The config's lexicon files with `pkg`'s catalogue rows removed (copies in `folder`);
    pkg "*" leaves every catalogue out, None none."""
    files = {k: list(v) for k, v in load_config()["lexicons"]["files"].items()}
    if pkg == "*":
        return {k: [n for n in v if Path(n).name not in CATALOGUES] for k, v in files.items()}
    for label, names in files.items():
        for i, name in enumerate(names):
            if Path(name).name not in CATALOGUES or pkg is None:
                continue
            lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
            kept = [lines[0]] + [ln for ln in lines[1:] if package(ln.split("\t")[2]) != pkg]
            copy = folder / f"{pkg}-{Path(name).name}"
            copy.write_text("\n".join(kept) + "\n", encoding="utf-8")
            names[i] = str(copy)
        files[label] = names
    return files


def extract_to(nlp, source: Path, out: Path) -> Path:
    """Extract an input file with `nlp` into records JSON Lines at `out`."""
    items, _ = ingest([source])
    recs = [r for r in extract_batch(items, nlp) if isinstance(r, Record)]
    out.write_bytes(b"".join(orjson.dumps(r.model_dump(mode="json")) + b"\n" for r in recs))
    return out


def gold_f1(nlp, shared: Path, tmp: Path) -> dict[str, float]:
    """Micro F1 per category over the development golds (tp/fp/fn summed)."""
    totals = {c: Counter() for c in CATEGORIES}
    runs = [(SEED, shared / SEED_GOLD)]
    for gold in (DEV_GOLD, HOLDOUT_GOLD, BLIND2_GOLD, BLIND4_GOLD):
        runs.append((write_dev_input(shared, tmp / f"{gold.stem}.jsonl", gold), gold))
    for n, (source, gold) in enumerate(runs):
        report = evaluate(gold, extract_to(nlp, source, tmp / f"pred{n}.jsonl")).as_dict()
        for c in CATEGORIES:
            totals[c].update({k: report["categories"][c][k] for k in ("tp", "fp", "fn")})
    return {c: 2 * t["tp"] / max(1, 2 * t["tp"] + t["fp"] + t["fn"]) for c, t in totals.items()}


def tdmsci_f1(nlp, shared: Path) -> tuple[float, float]:
    """TDMSci test DATASET and METRIC F1 (exact spans) with `nlp`."""
    gold = read_ann(shared / TDMSCI / "eval_brat__test__test.ann")
    pred = predict(shared / TDMSCI / "eval_brat__test__test.txt", nlp)
    return score(gold, pred, "DATASET").f1, score(gold, pred, "METRIC").f1


def lexicon_hits(nlp, texts: list[str]) -> set[tuple[int, int, int, str]]:
    """(text index, start, end, label) of every lexicon span on `texts`."""
    return {
        (n, s.start_char, s.end_char, s.label_)
        for n, doc in enumerate(nlp.pipe(texts, batch_size=256))
        for s in doc.spans.get("lexicon", [])
    }


def source_table(shared: Path) -> Table:
    """The per-source table: each catalogue package left out in turn."""
    table = Table(title="Catalogue lexicons: each source left out (development golds, TDMSci test)")
    cols = ("left out", "rows alone", "rows context", "corpus hits lost", *CATEGORIES)
    for col in (*cols, "TDMSci DATASET", "TDMSci METRIC"):
        table.add_column(col, justify="right")
    counts = rows_by_package()
    corpus = [orjson.loads(ln)["abstract"] for ln in (shared / CORPUS).read_bytes().splitlines()]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        full = None
        for pkg in [None, "*", *sorted(counts)]:
            nlp = build_nlp({"lexicons.files": files_without(pkg, folder)})
            hits = lexicon_hits(nlp, corpus)
            full = hits if pkg is None else full
            f1 = gold_f1(nlp, shared, folder)
            ds, me = tdmsci_f1(nlp, shared)
            c = counts.get(pkg, Counter())
            name = {None: "(nothing)", "*": "(every catalogue)"}.get(pkg, pkg)
            table.add_row(
                name,
                str(c["alone"]) if pkg in counts else "",
                str(c["context"]) if pkg in counts else "",
                str(len(full - hits)) if pkg else "",
                *(f"{f1[k]:.3f}" for k in CATEGORIES),
                f"{ds:.3f}",
                f"{me:.3f}",
            )
    return table


def main() -> None:
    """Print the per-source table."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = ap.parse_args()
    Console(width=150).print(source_table(args.shared))


if __name__ == "__main__":
    main()
