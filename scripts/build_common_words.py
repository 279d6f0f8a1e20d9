"""Write data/words/common_english.txt: English words at least as frequent as Zipf 3.0 in
`wordfreq` (alphabetic, lower case, sorted), with the package version in its header.

Usage: python scripts/build_common_words.py  (needs the `catalogues` extra: wordfreq)
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "pipeline" / "data" / "words" / "common_english.txt"
COMMON_ZIPF = 3.0  # the threshold of scripts/build_catalogues.py: a common English word
TOP_N = 60_000  # wordfreq's list is ordered by frequency; Zipf 3.0 falls well inside it


def common_words() -> list[str]:
    """Alphabetic English words with Zipf frequency >= COMMON_ZIPF, sorted."""
    from wordfreq import top_n_list, zipf_frequency

    words = {w for w in top_n_list("en", TOP_N) if w.isalpha() and w.islower()}
    return sorted(w for w in words if zipf_frequency(w, "en") >= COMMON_ZIPF)


def main() -> None:
    """Write the list with its provenance."""
    words = common_words()
    header = (
        f"# English words with Zipf frequency >= {COMMON_ZIPF} (wordfreq=={version('wordfreq')},"
        f" top_n_list('en', {TOP_N}), alphabetic, lower case): a word piece\n"
        "# this common, written in lower case, ties no variant to a proposed name"
        " (link/entities.py distinct_tokens). Built by scripts/build_common_words.py.\n"
    )
    OUT.write_text(header + "".join(w + "\n" for w in words), encoding="utf-8")
    print(f"{len(words)} words written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
