"""Score corpus golds with the extraction of a git ref and of the work tree, side by side.

Usage: python benchmarks/gold_at_ref.py --ref REF [--gold blind3 blind4 ...] [--shared ../shared]

Measures what a change did on a gold without reading the gold's errors (only the totals are
printed), so it is safe on a measuring stick such as blind 3.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

from devgold import write_dev_input  # noqa: E402
from records_diff import run_version  # noqa: E402

from pipeline.quality.evaluate import evaluate  # noqa: E402

CATEGORIES = ("methods", "datasets", "metrics", "results")
ATTRS = ("metric", "dataset", "method", "kind", "from_value")


def line(label: str, report: dict) -> str:
    """One row: F1 per category, role and result attribute accuracy."""
    f1 = " ".join(f"{report['categories'][c]['f1']:.3f}" for c in CATEGORIES)
    attrs = " ".join(f"{report['result_attribute_accuracy'].get(a, 0):.3f}" for a in ATTRS)
    return f"{label:28} {f1}   {report['role_accuracy']:.3f}   {attrs}  ({report['result_pairs']})"


def main() -> None:
    """Print both versions' figures for every gold asked for."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ref", required=True)
    blinds = [f"blind{k}" for k in range(3, 25)]
    ap.add_argument("--gold", nargs="+", default=blinds)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = ap.parse_args()
    print(
        f"{'':28} {' '.join(c[:7].ljust(5) for c in CATEGORIES)}  role    result "
        + " ".join(a[:5] for a in ATTRS)
    )
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(base), args.ref],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            for name in args.gold:
                gold = ROOT / "tests" / "gold" / f"{name}_gold.jsonl"
                src = write_dev_input(args.shared, Path(tmp) / f"{name}.jsonl", gold)
                for label, tree in ((args.ref, base), ("work tree", ROOT)):
                    out = run_version(tree, [src], Path(tmp) / f"{name}-{label}")
                    print(line(f"{name} @ {label}", evaluate(gold, out).as_dict()))
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(base)],
                cwd=ROOT,
                check=False,
                capture_output=True,
            )


if __name__ == "__main__":
    main()
