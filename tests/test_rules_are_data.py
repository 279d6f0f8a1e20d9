"""Rules are data: no extraction module holds a word list longer than a handful of entries."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pipeline.resources import DATA_DIR, VOCAB, read_patterns

EXTRACTION = Path(__file__).resolve().parents[1] / "pipeline"
CODE_DIRS = ("nlp", "link")
HANDFUL = 5


def word_lists_in_code(path: Path) -> list[str]:
    """Literal collections of more than HANDFUL strings in a module, as 'file:line (n words)'."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Set | ast.List | ast.Tuple):
            items = node.elts
        elif isinstance(node, ast.Dict):  # a table of words ({"K": 1e3, ...}), not a record
            plain = all(isinstance(v, ast.Constant) for v in node.values)
            items = node.keys if plain else []
        else:
            continue
        strings = [i for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
        if len(strings) > HANDFUL:
            found.append(f"{path.relative_to(EXTRACTION.parent)}:{node.lineno} ({len(strings)})")
    return found


def extraction_modules() -> list[Path]:
    return sorted(p for d in CODE_DIRS for p in (EXTRACTION / d).rglob("*.py"))


def test_no_word_lists_in_extraction_code():
    offenders = [hit for path in extraction_modules() for hit in word_lists_in_code(path)]
    assert offenders == [], "word lists belong in pipeline/data/words/: " + ", ".join(offenders)


def test_the_checker_finds_a_word_list(tmp_path):
    module = tmp_path / "pipeline" / "m.py"
    module.parent.mkdir()
    module.write_text('STOP = {"a", "b", "c", "d", "e", "f"}\nOK = {",", ";"}\n')
    global EXTRACTION
    saved, EXTRACTION = EXTRACTION, tmp_path / "pipeline"
    try:
        assert word_lists_in_code(module) == ["pipeline/m.py:1 (6)"]
    finally:
        EXTRACTION = saved


@pytest.mark.parametrize("name", VOCAB.names())
def test_every_word_list_is_read_by_code(name):
    code = "\n".join(p.read_text(encoding="utf-8") for p in EXTRACTION.rglob("*.py"))
    data = "\n".join(p.read_text(encoding="utf-8") for p in (DATA_DIR / "patterns").glob("*"))
    config = (EXTRACTION / "nlp" / "config.cfg").read_text(encoding="utf-8")
    used = f"VOCAB.{name}" in code or f"@words/{name}" in data
    assert used or f"words/{name}.txt" in code + config, f"{name}.txt is read by nothing"


@pytest.mark.parametrize("name", VOCAB.names())
def test_word_lists_have_no_duplicate_entries(name):
    lines = [
        s
        for line in (DATA_DIR / "words" / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        if (s := line.strip()) and not s.startswith("#")
    ]
    assert len(lines) == len(set(lines)), [w for w in set(lines) if lines.count(w) > 1]


def test_cue_patterns_expand_their_word_lists():
    patterns = read_patterns("patterns/cues.jsonl")
    proposal = [p["pattern"] for p in patterns if p["label"] == "PROPOSAL_VERB"]
    assert "propose" in proposal and "introduce" in proposal
