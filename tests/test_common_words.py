"""data/words/common_english.txt: built from wordfreq by scripts/build_common_words.py."""

import importlib.util
import sys
from pathlib import Path

import pytest

from pipeline.resources import VOCAB

ROOT = Path(__file__).resolve().parents[1]
LIST = ROOT / "pipeline" / "data" / "words" / "common_english.txt"


def test_the_list_names_its_source_and_is_sorted():
    lines = LIST.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# English words with Zipf frequency >= 3.0 (wordfreq==")
    words = [w for w in lines if not w.startswith("#")]
    assert words == sorted(set(words)) and all(w.isalpha() and w.islower() for w in words)


def test_common_and_coined_words():
    assert {"debate", "learning", "reinforcement"} <= VOCAB.common_english
    assert not {"durghotona", "orca3", "gpt"} & VOCAB.common_english


@pytest.mark.skipif(
    importlib.util.find_spec("wordfreq") is None,
    reason="wordfreq is not installed (the `catalogues` extra): the rebuild is not checked",
)
def test_the_committed_list_is_what_the_script_builds():
    sys.path.insert(0, str(ROOT / "scripts"))
    from build_common_words import common_words

    committed = [w for w in LIST.read_text(encoding="utf-8").splitlines() if w[:1] != "#"]
    assert committed == common_words()
