"""The 40-abstract dev gold: build its input from the corpus, extract, score."""

from __future__ import annotations

import tempfile
from pathlib import Path

import orjson

from pipeline.quality.evaluate import Report, evaluate
from pipeline.run.sequence import run_pipeline

ROOT = Path(__file__).resolve().parents[1]
DEV_GOLD = ROOT / "tests" / "gold" / "dev_gold.jsonl"
HOLDOUT_GOLD = ROOT / "tests" / "gold" / "holdout_gold.jsonl"
BLIND2_GOLD = ROOT / "tests" / "gold" / "blind2_gold.jsonl"
BLIND3_GOLD = ROOT / "tests" / "gold" / "blind3_gold.jsonl"  # measured only: errors never read
BLIND4_GOLD = ROOT / "tests" / "gold" / "blind4_gold.jsonl"  # scripts/select_blind.py, seed 2030
BLIND5_GOLD = ROOT / "tests" / "gold" / "blind5_gold.jsonl"  # seed 2031: errors never read
BLIND6_GOLD = ROOT / "tests" / "gold" / "blind6_gold.jsonl"  # seed 2032: errors never read
BLIND7_GOLD = ROOT / "tests" / "gold" / "blind7_gold.jsonl"  # seed 2033: read after its first run
BLIND8_GOLD = ROOT / "tests" / "gold" / "blind8_gold.jsonl"  # seed 2034: read after its first run
BLIND9_GOLD = ROOT / "tests" / "gold" / "blind9_gold.jsonl"  # seed 2035: read after its first run
BLIND10_GOLD = ROOT / "tests" / "gold" / "blind10_gold.jsonl"  # seed 2036: read after first run
BLIND11_GOLD = ROOT / "tests" / "gold" / "blind11_gold.jsonl"  # seed 2037: read after first run
BLIND12_GOLD = ROOT / "tests" / "gold" / "blind12_gold.jsonl"  # seed 2038: read after first run
BLIND13_GOLD = ROOT / "tests" / "gold" / "blind13_gold.jsonl"  # seed 2039: read after first run
BLIND14_GOLD = ROOT / "tests" / "gold" / "blind14_gold.jsonl"  # seed 2040: errors never read
BLIND15_GOLD = ROOT / "tests" / "gold" / "blind15_gold.jsonl"  # seed 2041: errors never read
BLIND16_GOLD = ROOT / "tests" / "gold" / "blind16_gold.jsonl"  # seed 2042: read after first run
BLIND17_GOLD = ROOT / "tests" / "gold" / "blind17_gold.jsonl"  # seed 2043: errors never read
BLIND18_GOLD = ROOT / "tests" / "gold" / "blind18_gold.jsonl"  # seed 2044: errors never read
BLIND19_GOLD = ROOT / "tests" / "gold" / "blind19_gold.jsonl"  # seed 2045: errors never read
BLIND20_GOLD = ROOT / "tests" / "gold" / "blind20_gold.jsonl"  # seed 2046: errors never read
BLIND21_GOLD = ROOT / "tests" / "gold" / "blind21_gold.jsonl"  # seed 2047: read after first run
BLIND22_GOLD = ROOT / "tests" / "gold" / "blind22_gold.jsonl"  # seed 2048: errors never read
BLIND23_GOLD = ROOT / "tests" / "gold" / "blind23_gold.jsonl"  # seed 2049: read after first run
BLIND24_GOLD = ROOT / "tests" / "gold" / "blind24_gold.jsonl"  # seed 2050: errors never read
BLIND25_GOLD = ROOT / "tests" / "gold" / "blind25_gold.jsonl"  # 2051, no values: read after 1st
BLIND26_GOLD = ROOT / "tests" / "gold" / "blind26_gold.jsonl"  # 2052, decimals: read after 1st
BLIND27_GOLD = ROOT / "tests" / "gold" / "blind27_gold.jsonl"  # 2053, decimals: never read
BLIND28_GOLD = ROOT / "tests" / "gold" / "blind28_gold.jsonl"  # 2054, decimals: read after 1st
BLIND29_GOLD = ROOT / "tests" / "gold" / "blind29_gold.jsonl"  # 2055, decimals: read after 1st
BLIND30_GOLD = ROOT / "tests" / "gold" / "blind30_gold.jsonl"  # 2056, decimals: read after 1st
BLIND31_GOLD = ROOT / "tests" / "gold" / "blind31_gold.jsonl"  # 2057, decimals: read after 1st
BLIND32_GOLD = ROOT / "tests" / "gold" / "blind32_gold.jsonl"  # 2058, decimals: read after 1st
BLIND33_GOLD = ROOT / "tests" / "gold" / "blind33_gold.jsonl"  # 2059, decimals: read after 1st
BLIND34_GOLD = ROOT / "tests" / "gold" / "blind34_gold.jsonl"  # 2060, no values: read after 1st
BLIND35_GOLD = ROOT / "tests" / "gold" / "blind35_gold.jsonl"  # 2061, no values: read after 1st
BLIND36_GOLD = ROOT / "tests" / "gold" / "blind36_gold.jsonl"  # 2062, no values: read after 1st
BLIND37_GOLD = ROOT / "tests" / "gold" / "blind37_gold.jsonl"  # 2063, no values: read after 1st
BLIND38_GOLD = ROOT / "tests" / "gold" / "blind38_gold.jsonl"  # 2064, no values: read after 1st
BLIND39_GOLD = ROOT / "tests" / "gold" / "blind39_gold.jsonl"  # 2065, no values: read after 1st
BLIND40_GOLD = ROOT / "tests" / "gold" / "blind40_gold.jsonl"  # 2066, no values: read after 1st
BLIND41_GOLD = ROOT / "tests" / "gold" / "blind41_gold.jsonl"  # 2067, no values: read after 1st
BLIND42_GOLD = ROOT / "tests" / "gold" / "blind42_gold.jsonl"  # 2068, no values: read after 1st
BLIND43_GOLD = ROOT / "tests" / "gold" / "blind43_gold.jsonl"  # 2069, no values: read after 1st
BLIND44_GOLD = ROOT / "tests" / "gold" / "blind44_gold.jsonl"  # 2070, no values: read after 1st
BLIND45_GOLD = ROOT / "tests" / "gold" / "blind45_gold.jsonl"  # 2071, no values: read after 1st
BLIND46_GOLD = ROOT / "tests" / "gold" / "blind46_gold.jsonl"  # 2072, no values: read after 1st
BLIND47_GOLD = ROOT / "tests" / "gold" / "blind47_gold.jsonl"  # 2073, no values: read after 1st
BLIND48_GOLD = ROOT / "tests" / "gold" / "blind48_gold.jsonl"  # 2074, no values: read after 1st
BLIND49_GOLD = ROOT / "tests" / "gold" / "blind49_gold.jsonl"  # 2075, no values: read after 1st
BLIND50_GOLD = ROOT / "tests" / "gold" / "blind50_gold.jsonl"  # 2076, no values: read after 1st
BLIND51_GOLD = ROOT / "tests" / "gold" / "blind51_gold.jsonl"  # 2077, no values: read after 1st
BLIND52_GOLD = ROOT / "tests" / "gold" / "blind52_gold.jsonl"  # 2078, no values: read after 1st
BLIND53_GOLD = ROOT / "tests" / "gold" / "blind53_gold.jsonl"  # 2079, no values: read after 1st
BLIND54_GOLD = ROOT / "tests" / "gold" / "blind54_gold.jsonl"  # 2080, no values: read after 1st
BLIND55_GOLD = ROOT / "tests" / "gold" / "blind55_gold.jsonl"  # 2081, no values: read after 1st
BLIND56_GOLD = ROOT / "tests" / "gold" / "blind56_gold.jsonl"  # 2082, no values: read after 1st
BLIND57_GOLD = ROOT / "tests" / "gold" / "blind57_gold.jsonl"  # 2083, no values: read after 1st
BLIND58_GOLD = ROOT / "tests" / "gold" / "blind58_gold.jsonl"  # 2084, no values: read after 1st
BLIND59_GOLD = ROOT / "tests" / "gold" / "blind59_gold.jsonl"  # 2085, no values: read after 1st
BLIND60_GOLD = ROOT / "tests" / "gold" / "blind60_gold.jsonl"  # 2086, no values: read after 1st
BLIND61_GOLD = ROOT / "tests" / "gold" / "blind61_gold.jsonl"  # 2087, no values: read after 1st
BLIND62_GOLD = ROOT / "tests" / "gold" / "blind62_gold.jsonl"  # 2088, no values: read after 1st
BLIND63_GOLD = ROOT / "tests" / "gold" / "blind63_gold.jsonl"  # 2089, no values: read after 1st
BLIND64_GOLD = ROOT / "tests" / "gold" / "blind64_gold.jsonl"  # 2090, no values: read after 1st
BLIND65_GOLD = ROOT / "tests" / "gold" / "blind65_gold.jsonl"  # 2091, no values: read after 1st
BLIND66_GOLD = ROOT / "tests" / "gold" / "blind66_gold.jsonl"  # 2092, no values: read after 1st
BLIND67_GOLD = ROOT / "tests" / "gold" / "blind67_gold.jsonl"  # 2093, no values: read after 1st
BLIND68_GOLD = ROOT / "tests" / "gold" / "blind68_gold.jsonl"  # 2094, no values: read after 1st
BLIND69_GOLD = ROOT / "tests" / "gold" / "blind69_gold.jsonl"  # 2095, no values: read after 1st
BLIND70_GOLD = ROOT / "tests" / "gold" / "blind70_gold.jsonl"  # 2096, no values: read after 1st
BLIND71_GOLD = ROOT / "tests" / "gold" / "blind71_gold.jsonl"  # 2097, no values: read after 1st
BLIND72_GOLD = ROOT / "tests" / "gold" / "blind72_gold.jsonl"  # 2098, no values: read after 1st
BLIND73_GOLD = ROOT / "tests" / "gold" / "blind73_gold.jsonl"  # 2099, no values: read after 1st
BLIND74_GOLD = ROOT / "tests" / "gold" / "blind74_gold.jsonl"  # 2100, no values: read after 1st
BLIND75_GOLD = ROOT / "tests" / "gold" / "blind75_gold.jsonl"  # 2101, no values: read after 1st
BLIND76_GOLD = ROOT / "tests" / "gold" / "blind76_gold.jsonl"  # 2102, no values: read after 1st
CORPUS = "corpus/arxiv_cs_2025_2026.jsonl"


def require_shared(shared: Path, *files: str) -> None:
    """Exit with one line naming what is missing when `shared` lacks one of `files`."""
    if not shared.is_dir():
        raise SystemExit(
            f"error: shared data folder {shared} not found (give --shared PATH: the folder with"
            " corpus/, eval/ and gold/)"
        )
    missing = [name for name in files if not (shared / name).is_file()]
    if missing:
        more = f" and {len(missing) - 1} more file(s)" if len(missing) > 1 else ""
        raise SystemExit(
            f"error: {shared / missing[0]}{more} not found: --shared {shared} is not a complete"
            " shared data folder"
        )


def write_dev_input(shared: Path, path: Path, gold: Path = DEV_GOLD) -> Path:
    """Write the gold's abstracts, in gold order, as JSON Lines at `path`."""
    require_shared(shared, CORPUS)
    wanted = [orjson.loads(line)["source_id"] for line in gold.read_bytes().splitlines()]
    corpus = {}
    for line in (shared / CORPUS).read_bytes().splitlines():
        row = orjson.loads(line)
        if row["id"] in wanted:
            corpus[row["id"]] = row
    missing = [i for i in wanted if i not in corpus]
    if missing:
        raise SystemExit(f"dev gold ids not in the corpus: {missing}")
    path.write_bytes(b"".join(orjson.dumps(corpus[i]) + b"\n" for i in wanted))
    return path


def dev_scores(shared: Path, gold: Path = DEV_GOLD) -> Report:
    """Extract a corpus gold's abstracts afresh and score them against it."""
    with tempfile.TemporaryDirectory() as tmp:
        src = write_dev_input(shared, Path(tmp) / "dev.jsonl", gold)
        run_pipeline([src], Path(tmp) / "out")
        return evaluate(gold, Path(tmp) / "out" / "records.jsonl")


def dev_report(shared: Path, gold: Path = DEV_GOLD) -> dict:
    """`dev_scores` as plain figures."""
    return dev_scores(shared, gold).as_dict()
