"""Compare the records of two code versions: byte-identical, or which fields differ where.

    python scripts/records_diff.py --ref feb1ad9            # HEAD's work tree vs a git ref
    python scripts/records_diff.py --old A.jsonl --new B.jsonl

With `--ref`, the ref is checked out into a temporary git worktree and both versions extract the
seed and the corpus (`--no-prefect --no-report`) with this virtual environment's packages.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]


# Runs `python -m pipeline` with the project's own spaCy entry points hidden, so a version
# older than them (or a tree laid out differently) registers its components by import.
RUN_ISOLATED = """
import importlib.metadata as md, runpy, catalogue
catalogue.AVAILABLE_ENTRY_POINTS = md.EntryPoints(
    ep for d in md.distributions() for ep in d.entry_points if not ep.value.startswith("pipeline.")
)
runpy.run_module("pipeline", run_name="__main__", alter_sys=True)
"""


def run_version(tree: Path, inputs: list[Path], out: Path) -> Path:
    """Extract `inputs` with the code in `tree` into `out`; returns the records file."""
    cmd = [sys.executable, "-c", RUN_ISOLATED, "run", *map(str, inputs), "--out", str(out)]
    cmd += ["--no-prefect", "--no-report"]
    done = subprocess.run(
        cmd,
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"extraction in {tree} failed:\n{done.stderr[-2000:]}")
    return out / "records.jsonl"


def field_diffs(old: dict, new: dict, path: str = "") -> list[str]:
    """Paths where two JSON values differ (lists compared item by item)."""
    if isinstance(old, dict) and isinstance(new, dict):
        keys = sorted(set(old) | set(new))
        return [d for k in keys for d in field_diffs(old.get(k), new.get(k), f"{path}.{k}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [
            d
            for i, (a, b) in enumerate(zip(old, new, strict=False))
            for d in field_diffs(a, b, f"{path}[{i}]")
        ]
    return [] if old == new else [f"{path}: {_short(old)} -> {_short(new)}"]


def _short(value: object) -> str:
    text = orjson.dumps(value).decode()
    return text if len(text) <= 160 else text[:157] + "..."


def compare(old_file: Path, new_file: Path, show: int) -> int:
    """Print a comparison of two records files; returns the number of differing records."""
    old_lines = old_file.read_bytes().splitlines()
    new_lines = new_file.read_bytes().splitlines()
    differing = 0
    if len(old_lines) != len(new_lines):
        print(f"  record counts differ: {len(old_lines)} -> {len(new_lines)}")
    for a, b in zip(old_lines, new_lines, strict=False):
        if a == b:
            continue
        differing += 1
        old, new = orjson.loads(a), orjson.loads(b)
        if differing <= show:
            print(f"  {old.get('doc_id')} (ordinal {old.get('ordinal')}):")
            for line in field_diffs(old, new)[:12]:
                print(f"    {line}")
    same = min(len(old_lines), len(new_lines)) - differing
    print(f"  {same} of {len(old_lines)} records byte-identical, {differing} differ")
    return differing + abs(len(old_lines) - len(new_lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", help="git ref to compare the work tree against")
    parser.add_argument("--old", type=Path)
    parser.add_argument("--new", type=Path)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--show", type=int, default=20, help="differing records to print")
    args = parser.parse_args()
    if args.old and args.new:
        return 1 if compare(args.old, args.new, args.show) else 0
    if not args.ref:
        parser.error("give --ref, or --old and --new")
    inputs = {
        "seed": [Path("seeds/iclr2026_abstracts.txt")],  # relative: the same path in both trees
        "corpus": [(args.shared / "corpus" / "arxiv_cs_2025_2026.jsonl").resolve()],
    }
    changed = 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(base), args.ref],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            for name, files in inputs.items():
                if not all((ROOT / f).exists() for f in files):
                    print(f"{name}: input missing ({files[0]}), not compared")
                    continue
                old = run_version(base, files, Path(tmp) / f"old-{name}")
                new = run_version(ROOT, files, Path(tmp) / f"new-{name}")
                print(f"{name}: {args.ref} -> work tree")
                changed += compare(old, new, args.show)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(base)],
                cwd=ROOT,
                check=False,
                capture_output=True,
            )
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
