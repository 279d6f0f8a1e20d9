"""One table of every quality figure: seed gold, and TDMSci test mention F1 beside the authors'.

Usage: python benchmarks/quality.py [--shared ../shared]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))

from devgold import (
    BLIND2_GOLD,
    BLIND3_GOLD,
    BLIND4_GOLD,
    BLIND5_GOLD,
    BLIND6_GOLD,
    BLIND7_GOLD,
    BLIND8_GOLD,
    BLIND9_GOLD,
    BLIND10_GOLD,
    BLIND11_GOLD,
    BLIND12_GOLD,
    BLIND13_GOLD,
    BLIND14_GOLD,
    BLIND15_GOLD,
    BLIND16_GOLD,
    BLIND17_GOLD,
    BLIND18_GOLD,
    BLIND19_GOLD,
    BLIND20_GOLD,
    BLIND21_GOLD,
    BLIND22_GOLD,
    BLIND23_GOLD,
    BLIND24_GOLD,
    BLIND25_GOLD,
    BLIND26_GOLD,
    BLIND27_GOLD,
    BLIND28_GOLD,
    BLIND29_GOLD,
    BLIND30_GOLD,
    BLIND31_GOLD,
    BLIND32_GOLD,
    BLIND33_GOLD,
    BLIND34_GOLD,
    BLIND35_GOLD,
    BLIND36_GOLD,
    BLIND37_GOLD,
    BLIND38_GOLD,
    BLIND39_GOLD,
    BLIND40_GOLD,
    BLIND41_GOLD,
    BLIND42_GOLD,
    BLIND43_GOLD,
    BLIND44_GOLD,
    BLIND45_GOLD,
    BLIND46_GOLD,
    BLIND47_GOLD,
    BLIND48_GOLD,
    BLIND49_GOLD,
    BLIND50_GOLD,
    BLIND51_GOLD,
    BLIND52_GOLD,
    BLIND53_GOLD,
    BLIND54_GOLD,
    BLIND55_GOLD,
    BLIND56_GOLD,
    BLIND57_GOLD,
    BLIND58_GOLD,
    BLIND59_GOLD,
    BLIND60_GOLD,
    BLIND61_GOLD,
    BLIND62_GOLD,
    BLIND63_GOLD,
    BLIND64_GOLD,
    BLIND65_GOLD,
    BLIND66_GOLD,
    BLIND67_GOLD,
    BLIND68_GOLD,
    BLIND69_GOLD,
    BLIND70_GOLD,
    BLIND71_GOLD,
    BLIND72_GOLD,
    BLIND73_GOLD,
    BLIND74_GOLD,
    BLIND75_GOLD,
    BLIND76_GOLD,
    CORPUS,
    DEV_GOLD,
    HOLDOUT_GOLD,
    dev_scores,
    require_shared,
)
from lexicon_sources import source_table
from tdmsci import TDMSCI_FILES, TDMSCI_TRAIN, tdmsci_rows, unseen_train_rows
from tuples import NLP_TDMS, SCIREX, TupleScore, measure, nlp_tdms_rows, scirex_rows

from pipeline.quality.evaluate import CATEGORIES, Report, evaluate, f1_interval, pooled_f1
from pipeline.run.sequence import run_pipeline

ROOT = Path(__file__).resolve().parents[1]
SEED_GOLD = "gold/seed_gold.jsonl"
CORPUS_GOLDS: tuple[tuple[str, Path], ...] = (  # (label, gold file): "never read" in a label
    # marks a measuring stick whose errors are never read (scripts/gold_errors.py refuses it)
    ("dev gold (40)", DEV_GOLD),
    ("held-out gold (20)", HOLDOUT_GOLD),
    ("blind gold 2 (20)", BLIND2_GOLD),
    ("blind gold 3 (20, never read)", BLIND3_GOLD),
    ("blind gold 4 (24)", BLIND4_GOLD),
    ("blind gold 5 (24, never read)", BLIND5_GOLD),
    ("blind gold 6 (30, never read)", BLIND6_GOLD),
    ("blind gold 7 (30)", BLIND7_GOLD),
    ("blind gold 8 (30)", BLIND8_GOLD),
    ("blind gold 9 (30)", BLIND9_GOLD),
    ("blind gold 10 (30)", BLIND10_GOLD),
    ("blind gold 11 (30)", BLIND11_GOLD),
    ("blind gold 12 (30)", BLIND12_GOLD),
    ("blind gold 13 (30)", BLIND13_GOLD),
    ("blind gold 14 (30, never read)", BLIND14_GOLD),
    ("blind gold 15 (30, never read)", BLIND15_GOLD),
    ("blind gold 16 (30)", BLIND16_GOLD),
    ("blind gold 17 (30, never read)", BLIND17_GOLD),
    ("blind gold 18 (30, never read)", BLIND18_GOLD),
    ("blind gold 19 (30, never read)", BLIND19_GOLD),
    ("blind gold 20 (30, never read)", BLIND20_GOLD),
    ("blind gold 21 (30)", BLIND21_GOLD),
    ("blind gold 22 (30, never read)", BLIND22_GOLD),
    ("blind gold 23 (30)", BLIND23_GOLD),
    ("blind gold 24 (30, never read)", BLIND24_GOLD),
    ("blind gold 25 (30, no values)", BLIND25_GOLD),
    ("blind gold 26 (25, decimals)", BLIND26_GOLD),
    ("blind gold 27 (25, decimals, never read)", BLIND27_GOLD),
    ("blind gold 28 (25, decimals)", BLIND28_GOLD),
    ("blind gold 29 (25, decimals)", BLIND29_GOLD),
    ("blind gold 30 (25, decimals)", BLIND30_GOLD),
    ("blind gold 31 (25, decimals)", BLIND31_GOLD),
    ("blind gold 32 (20, decimals)", BLIND32_GOLD),
    ("blind gold 33 (19, decimals)", BLIND33_GOLD),
    ("blind gold 34 (25, no values)", BLIND34_GOLD),
    ("blind gold 35 (25, no values)", BLIND35_GOLD),
    ("blind gold 36 (25, no values)", BLIND36_GOLD),
    ("blind gold 37 (25, no values)", BLIND37_GOLD),
    ("blind gold 38 (25, no values)", BLIND38_GOLD),
    ("blind gold 39 (25, no values)", BLIND39_GOLD),
    ("blind gold 40 (25, no values)", BLIND40_GOLD),
    ("blind gold 41 (25, no values)", BLIND41_GOLD),
    ("blind gold 42 (25, no values)", BLIND42_GOLD),
    ("blind gold 43 (25, no values)", BLIND43_GOLD),
    ("blind gold 44 (25, no values)", BLIND44_GOLD),
    ("blind gold 45 (25, no values)", BLIND45_GOLD),
    ("blind gold 46 (25, no values)", BLIND46_GOLD),
    ("blind gold 47 (25, no values)", BLIND47_GOLD),
    ("blind gold 48 (25, no values)", BLIND48_GOLD),
    ("blind gold 49 (25, no values)", BLIND49_GOLD),
    ("blind gold 50 (25, no values)", BLIND50_GOLD),
    ("blind gold 51 (25, no values)", BLIND51_GOLD),
    ("blind gold 52 (25, no values)", BLIND52_GOLD),
    ("blind gold 53 (25, no values)", BLIND53_GOLD),
    ("blind gold 54 (25, no values)", BLIND54_GOLD),
    ("blind gold 55 (25, no values)", BLIND55_GOLD),
    ("blind gold 56 (25, no values)", BLIND56_GOLD),
    ("blind gold 57 (25, no values)", BLIND57_GOLD),
    ("blind gold 58 (25, no values)", BLIND58_GOLD),
    ("blind gold 59 (25, no values)", BLIND59_GOLD),
    ("blind gold 60 (25, no values)", BLIND60_GOLD),
    ("blind gold 61 (25, no values)", BLIND61_GOLD),
    ("blind gold 62 (25, no values)", BLIND62_GOLD),
    ("blind gold 63 (25, no values)", BLIND63_GOLD),
    ("blind gold 64 (25, no values)", BLIND64_GOLD),
    ("blind gold 65 (25, no values)", BLIND65_GOLD),
    ("blind gold 66 (25, no values)", BLIND66_GOLD),
    ("blind gold 67 (25, no values)", BLIND67_GOLD),
    ("blind gold 68 (25, no values)", BLIND68_GOLD),
    ("blind gold 69 (25, no values)", BLIND69_GOLD),
    ("blind gold 70 (25, no values)", BLIND70_GOLD),
    ("blind gold 71 (25, no values)", BLIND71_GOLD),
    ("blind gold 72 (25, no values)", BLIND72_GOLD),
    ("blind gold 73 (25, no values)", BLIND73_GOLD),
    ("blind gold 74 (25, no values)", BLIND74_GOLD),
    ("blind gold 75 (25, no values)", BLIND75_GOLD),
    ("blind gold 76 (18, no values)", BLIND76_GOLD),
)


def share(m: TupleScore, k: int) -> str:
    """'48 (91%)'."""
    return f"{k} ({k / m.total:.0%})" if m.total else "0"


def add_gold_rows(table: Table, label: str, report: dict) -> None:
    """P/R/F1 per category, role accuracy and result attribute accuracy of one gold file."""
    for cat, v in report["categories"].items():
        if not v["tp"] + v["fp"] + v["fn"]:  # nothing to score: no gold item, none predicted
            table.add_row(label, f"{cat} (none in gold or output)", "this pipeline", "", "", "n/a")
            continue
        table.add_row(
            label,
            cat,
            "this pipeline",
            f"{v['precision']:.3f}",
            f"{v['recall']:.3f}",
            f"{v['f1']:.3f}",
        )
    table.add_row(
        label,
        f"role accuracy ({report['role_pairs']} pairs)",
        "this pipeline",
        "",
        "",
        f"{report['role_accuracy']:.3f}",
    )
    if not report["result_pairs"]:
        return  # no matched result: no attribute to score
    for attr, value in report["result_attribute_accuracy"].items():
        table.add_row(
            label,
            f"result {attr} acc ({report['result_pairs']})",
            "this pipeline",
            "",
            "",
            f"{value:.3f}",
        )


def interval_table(reports: dict[str, Report]) -> Table:
    """F1 with its 95% bootstrap interval (abstracts resampled) for blind 3 and blind 4 (the
    issue-9 measuring sets), and the never-read and development golds pooled."""
    label_of = {gold: label for label, gold in CORPUS_GOLDS}
    never = [d for label, r in reports.items() if "never read" in label for d in r.doc_counts]
    read = [d for label, r in reports.items() if "never read" not in label for d in r.doc_counts]
    groups = {
        "blind gold 3 (never read)": reports[label_of[BLIND3_GOLD]].doc_counts,
        "blind gold 4": reports[label_of[BLIND4_GOLD]].doc_counts,
        "never-read golds pooled": never,
        "development golds pooled": read,
    }
    table = Table(title="F1 with a 95% interval (abstracts resampled 2,000 times)")
    table.add_column("golds")
    table.add_column("abstracts", justify="right")
    for cat in CATEGORIES:
        table.add_column(cat, justify="right")
    for name, docs in groups.items():
        cells = []
        for cat in CATEGORIES:
            lo, hi = f1_interval(docs, cat)
            cells.append(f"{pooled_f1(docs, cat):.3f} [{lo:.2f}, {hi:.2f}]")
        table.add_row(name, str(len(docs)), *cells)
    return table


def seed_report(shared: Path):
    """Extract the seed afresh and score it against the seed gold."""
    with tempfile.TemporaryDirectory() as tmp:
        run_pipeline([ROOT / "seeds" / "iclr2026_abstracts.txt"], Path(tmp))
        return evaluate(shared / SEED_GOLD, Path(tmp) / "records.jsonl").as_dict()


def main() -> None:
    """Print the quality table."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument(
        "--no-sources", action="store_true", help="skip the per-source catalogue table (~2 min)"
    )
    args = ap.parse_args()
    require_shared(args.shared, SEED_GOLD, CORPUS, *TDMSCI_FILES, TDMSCI_TRAIN, NLP_TDMS, SCIREX)
    console = Console(width=130)
    table = Table(title="Quality")
    for col in ("data", "measure", "system", "P", "R", "F1"):
        table.add_column(col)
    add_gold_rows(table, "seed gold (19)", seed_report(args.shared))
    reports: dict[str, Report] = {}
    for label, gold in CORPUS_GOLDS:
        reports[label] = dev_scores(args.shared, gold)
        add_gold_rows(table, label, reports[label].as_dict())
    for system, label, prf in tdmsci_rows(args.shared):
        table.add_row("TDMSci test", f"{label} mention (exact)", system, *prf.row())
    for label, prf in unseen_train_rows(args.shared):  # what TDMSci rules are decided on
        table.add_row(
            "TDMSci train, names unseen", f"{label} mention (exact)", "this pipeline", *prf.row()
        )
    console.print(table)
    console.print(interval_table(reports))
    tuples = Table(title="Result tuples whose score is in the abstract")
    cols = ("corpus", "tuples", "score found", "dataset attached", "metric attached", "both")
    for col in (*cols, "dataset | metric named in the abstract"):
        tuples.add_column(col, justify="right")
    for name, rows in (
        ("NLP-TDMS", nlp_tdms_rows(args.shared)),
        ("SciREX train", scirex_rows(args.shared)),
    ):
        m = measure(rows)
        tuples.add_row(
            name,
            str(m.total),
            *(share(m, k) for k in (m.found, m.dataset, m.metric, m.both)),
            f"{m.dataset_in_text} | {m.metric_in_text} of {m.found}",
        )
    console.print(tuples)
    if not args.no_sources:
        console.print(source_table(args.shared))


if __name__ == "__main__":
    main()
