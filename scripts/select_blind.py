"""Select a new blind gold's abstracts from the corpus by a seeded rule, outside every gold."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import orjson
import regex

ROOT = Path(__file__).resolve().parents[1]
GOLDS = sorted((ROOT / "tests" / "gold").glob("*_gold.jsonl"))
CORPUS = "corpus/arxiv_cs_2025_2026.jsonl"
NUMBER_WITH_UNIT = regex.compile(r"\d(?:[.,]\d+)?\s?(?:%|×|x\b|points?\b|pp\b|pts\b)")
NAME_SHAPED = regex.compile(r"\b\p{L}*\p{Lu}\p{L}*[\p{Lu}\d][\p{L}\d-]*\b")
# A decimal number ("an F1 of 0.93 on", "R2 = 0.75,"); one right before a full stop is missed
# (blind 26 was selected with this pattern as it stands).
DECIMAL = regex.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


def ids_in(paths: list[Path], key: str) -> set[str]:
    """The values of `key` over every record of these JSON Lines files (gold files hold
    `source_id`, this script's selections `id`)."""
    ids: set[str] = set()
    for path in paths:
        for line in path.read_bytes().splitlines():
            if line.strip():
                ids.add(orjson.loads(line)[key])
    return ids


def select(
    rows: list[dict],
    seed: int,
    with_numbers: int,
    without: int,
    taken: set[str],
    decimals_only: bool = False,
) -> list[dict]:
    """Shuffle with `seed`; take the first abstracts with a number+unit and a name, then without
    (with `decimals_only`, only those of them that hold a decimal number: values with no unit)."""
    order = list(rows)
    random.Random(seed).shuffle(order)
    picked_with: list[dict] = []
    picked_without: list[dict] = []
    for row in order:
        if row["id"] in taken or not row.get("abstract"):
            continue
        text = row["abstract"]
        numeric = bool(NUMBER_WITH_UNIT.search(text))
        if decimals_only and not numeric and not DECIMAL.search(text):
            continue
        if numeric and NAME_SHAPED.search(text) and len(picked_with) < with_numbers:
            picked_with.append(row)
        elif not numeric and len(picked_without) < without:
            picked_without.append(row)
        if len(picked_with) == with_numbers and len(picked_without) == without:
            break
    return picked_with + picked_without


def main() -> None:
    """Write the selected abstracts as JSON Lines (id, title, abstract)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--seed", type=int, default=2030)
    parser.add_argument("--with-numbers", type=int, default=12)
    parser.add_argument("--without", type=int, default=12)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--taken",
        type=Path,
        nargs="*",
        default=[],
        help="selections not yet committed as golds (JSON Lines with `id`): their ids are skipped",
    )
    parser.add_argument(
        "--decimals-only",
        action="store_true",
        help="take abstracts without a number+unit only when they hold a decimal number",
    )
    args = parser.parse_args()
    rows = [orjson.loads(line) for line in (args.shared / CORPUS).read_bytes().splitlines()]
    taken = ids_in(GOLDS, "source_id") | ids_in(args.taken, "id")
    picked = select(
        rows, args.seed, args.with_numbers, args.without, taken, decimals_only=args.decimals_only
    )
    args.out.write_bytes(b"".join(orjson.dumps(row) + b"\n" for row in picked))
    print(f"{len(picked)} abstracts (seed {args.seed}) written to {args.out}")
    numeric = sum(bool(NUMBER_WITH_UNIT.search(row["abstract"])) for row in picked)
    if numeric < args.with_numbers or len(picked) - numeric < args.without:
        sys.exit(
            f"warning: the corpus outside every gold holds only {numeric} of the "
            f"{args.with_numbers} abstracts with a number and a name and "
            f"{len(picked) - numeric} of the {args.without} without a number asked for"
        )


if __name__ == "__main__":
    main()
