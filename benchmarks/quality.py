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
    HOLDOUT_GOLD,
    dev_report,
    require_shared,
)
from lexicon_sources import source_table
from tdmsci import TDMSCI_FILES, TDMSCI_TRAIN, tdmsci_rows, unseen_train_rows
from tuples import NLP_TDMS, SCIREX, TupleScore, measure, nlp_tdms_rows, scirex_rows

from pipeline.quality.evaluate import evaluate
from pipeline.run.sequence import run_pipeline

ROOT = Path(__file__).resolve().parents[1]
SEED_GOLD = "gold/seed_gold.jsonl"


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
    add_gold_rows(table, "dev gold (40)", dev_report(args.shared))
    add_gold_rows(table, "held-out gold (20)", dev_report(args.shared, HOLDOUT_GOLD))
    add_gold_rows(table, "blind gold 2 (20)", dev_report(args.shared, BLIND2_GOLD))
    add_gold_rows(table, "blind gold 3 (20, never read)", dev_report(args.shared, BLIND3_GOLD))
    add_gold_rows(table, "blind gold 4 (24)", dev_report(args.shared, BLIND4_GOLD))
    add_gold_rows(table, "blind gold 5 (24, never read)", dev_report(args.shared, BLIND5_GOLD))
    add_gold_rows(table, "blind gold 6 (30, never read)", dev_report(args.shared, BLIND6_GOLD))
    add_gold_rows(table, "blind gold 7 (30)", dev_report(args.shared, BLIND7_GOLD))
    add_gold_rows(table, "blind gold 8 (30)", dev_report(args.shared, BLIND8_GOLD))
    add_gold_rows(table, "blind gold 9 (30)", dev_report(args.shared, BLIND9_GOLD))
    add_gold_rows(table, "blind gold 10 (30)", dev_report(args.shared, BLIND10_GOLD))
    add_gold_rows(table, "blind gold 11 (30)", dev_report(args.shared, BLIND11_GOLD))
    add_gold_rows(table, "blind gold 12 (30)", dev_report(args.shared, BLIND12_GOLD))
    add_gold_rows(table, "blind gold 13 (30)", dev_report(args.shared, BLIND13_GOLD))
    add_gold_rows(table, "blind gold 14 (30, never read)", dev_report(args.shared, BLIND14_GOLD))
    add_gold_rows(table, "blind gold 15 (30, never read)", dev_report(args.shared, BLIND15_GOLD))
    add_gold_rows(table, "blind gold 16 (30)", dev_report(args.shared, BLIND16_GOLD))
    add_gold_rows(table, "blind gold 17 (30, never read)", dev_report(args.shared, BLIND17_GOLD))
    add_gold_rows(table, "blind gold 18 (30, never read)", dev_report(args.shared, BLIND18_GOLD))
    add_gold_rows(table, "blind gold 19 (30, never read)", dev_report(args.shared, BLIND19_GOLD))
    add_gold_rows(table, "blind gold 20 (30, never read)", dev_report(args.shared, BLIND20_GOLD))
    add_gold_rows(table, "blind gold 21 (30)", dev_report(args.shared, BLIND21_GOLD))
    add_gold_rows(table, "blind gold 22 (30, never read)", dev_report(args.shared, BLIND22_GOLD))
    add_gold_rows(table, "blind gold 23 (30)", dev_report(args.shared, BLIND23_GOLD))
    add_gold_rows(table, "blind gold 24 (30, never read)", dev_report(args.shared, BLIND24_GOLD))
    add_gold_rows(table, "blind gold 25 (30, no values)", dev_report(args.shared, BLIND25_GOLD))
    add_gold_rows(table, "blind gold 26 (25, decimals)", dev_report(args.shared, BLIND26_GOLD))
    add_gold_rows(
        table, "blind gold 27 (25, decimals, never read)", dev_report(args.shared, BLIND27_GOLD)
    )
    add_gold_rows(table, "blind gold 28 (25, decimals)", dev_report(args.shared, BLIND28_GOLD))
    add_gold_rows(table, "blind gold 29 (25, decimals)", dev_report(args.shared, BLIND29_GOLD))
    add_gold_rows(table, "blind gold 30 (25, decimals)", dev_report(args.shared, BLIND30_GOLD))
    add_gold_rows(table, "blind gold 31 (25, decimals)", dev_report(args.shared, BLIND31_GOLD))
    add_gold_rows(table, "blind gold 32 (20, decimals)", dev_report(args.shared, BLIND32_GOLD))
    add_gold_rows(table, "blind gold 33 (19, decimals)", dev_report(args.shared, BLIND33_GOLD))
    add_gold_rows(table, "blind gold 34 (25, no values)", dev_report(args.shared, BLIND34_GOLD))
    add_gold_rows(table, "blind gold 35 (25, no values)", dev_report(args.shared, BLIND35_GOLD))
    add_gold_rows(table, "blind gold 36 (25, no values)", dev_report(args.shared, BLIND36_GOLD))
    add_gold_rows(table, "blind gold 37 (25, no values)", dev_report(args.shared, BLIND37_GOLD))
    add_gold_rows(table, "blind gold 38 (25, no values)", dev_report(args.shared, BLIND38_GOLD))
    add_gold_rows(table, "blind gold 39 (25, no values)", dev_report(args.shared, BLIND39_GOLD))
    add_gold_rows(table, "blind gold 40 (25, no values)", dev_report(args.shared, BLIND40_GOLD))
    add_gold_rows(table, "blind gold 41 (25, no values)", dev_report(args.shared, BLIND41_GOLD))
    add_gold_rows(table, "blind gold 42 (25, no values)", dev_report(args.shared, BLIND42_GOLD))
    add_gold_rows(table, "blind gold 43 (25, no values)", dev_report(args.shared, BLIND43_GOLD))
    add_gold_rows(table, "blind gold 44 (25, no values)", dev_report(args.shared, BLIND44_GOLD))
    add_gold_rows(table, "blind gold 45 (25, no values)", dev_report(args.shared, BLIND45_GOLD))
    add_gold_rows(table, "blind gold 46 (25, no values)", dev_report(args.shared, BLIND46_GOLD))
    add_gold_rows(table, "blind gold 47 (25, no values)", dev_report(args.shared, BLIND47_GOLD))
    add_gold_rows(table, "blind gold 48 (25, no values)", dev_report(args.shared, BLIND48_GOLD))
    add_gold_rows(table, "blind gold 49 (25, no values)", dev_report(args.shared, BLIND49_GOLD))
    add_gold_rows(table, "blind gold 50 (25, no values)", dev_report(args.shared, BLIND50_GOLD))
    add_gold_rows(table, "blind gold 51 (25, no values)", dev_report(args.shared, BLIND51_GOLD))
    add_gold_rows(table, "blind gold 52 (25, no values)", dev_report(args.shared, BLIND52_GOLD))
    add_gold_rows(table, "blind gold 53 (25, no values)", dev_report(args.shared, BLIND53_GOLD))
    add_gold_rows(table, "blind gold 54 (25, no values)", dev_report(args.shared, BLIND54_GOLD))
    add_gold_rows(table, "blind gold 55 (25, no values)", dev_report(args.shared, BLIND55_GOLD))
    add_gold_rows(table, "blind gold 56 (25, no values)", dev_report(args.shared, BLIND56_GOLD))
    add_gold_rows(table, "blind gold 57 (25, no values)", dev_report(args.shared, BLIND57_GOLD))
    add_gold_rows(table, "blind gold 58 (25, no values)", dev_report(args.shared, BLIND58_GOLD))
    add_gold_rows(table, "blind gold 59 (25, no values)", dev_report(args.shared, BLIND59_GOLD))
    add_gold_rows(table, "blind gold 60 (25, no values)", dev_report(args.shared, BLIND60_GOLD))
    add_gold_rows(table, "blind gold 61 (25, no values)", dev_report(args.shared, BLIND61_GOLD))
    add_gold_rows(table, "blind gold 62 (25, no values)", dev_report(args.shared, BLIND62_GOLD))
    add_gold_rows(table, "blind gold 63 (25, no values)", dev_report(args.shared, BLIND63_GOLD))
    add_gold_rows(table, "blind gold 64 (25, no values)", dev_report(args.shared, BLIND64_GOLD))
    add_gold_rows(table, "blind gold 65 (25, no values)", dev_report(args.shared, BLIND65_GOLD))
    add_gold_rows(table, "blind gold 66 (25, no values)", dev_report(args.shared, BLIND66_GOLD))
    add_gold_rows(table, "blind gold 67 (25, no values)", dev_report(args.shared, BLIND67_GOLD))
    add_gold_rows(table, "blind gold 68 (25, no values)", dev_report(args.shared, BLIND68_GOLD))
    add_gold_rows(table, "blind gold 69 (25, no values)", dev_report(args.shared, BLIND69_GOLD))
    add_gold_rows(table, "blind gold 70 (25, no values)", dev_report(args.shared, BLIND70_GOLD))
    add_gold_rows(table, "blind gold 71 (25, no values)", dev_report(args.shared, BLIND71_GOLD))
    add_gold_rows(table, "blind gold 72 (25, no values)", dev_report(args.shared, BLIND72_GOLD))
    add_gold_rows(table, "blind gold 73 (25, no values)", dev_report(args.shared, BLIND73_GOLD))
    add_gold_rows(table, "blind gold 74 (25, no values)", dev_report(args.shared, BLIND74_GOLD))
    add_gold_rows(table, "blind gold 75 (25, no values)", dev_report(args.shared, BLIND75_GOLD))
    add_gold_rows(table, "blind gold 76 (18, no values)", dev_report(args.shared, BLIND76_GOLD))
    for system, label, prf in tdmsci_rows(args.shared):
        table.add_row("TDMSci test", f"{label} mention (exact)", system, *prf.row())
    for label, prf in unseen_train_rows(args.shared):  # what TDMSci rules are decided on
        table.add_row(
            "TDMSci train, names unseen", f"{label} mention (exact)", "this pipeline", *prf.row()
        )
    console.print(table)
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
