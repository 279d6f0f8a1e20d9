"""Loading of the packaged rule and lexicon files (data, not code)."""

from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import regex

from pipeline.errors import LexiconError

DATA_DIR = Path(str(resources.files("pipeline") / "data"))
PACKAGE = Path(__file__).resolve().parent


def rules_digest(package: Path = PACKAGE) -> str:
    """sha256 over every rule and lexicon file (data/**, nlp/config.cfg) and the extraction
    code (nlp/*.py, link/*.py, record.py, models.py), sorted by path."""
    files = [*(package / "data").rglob("*"), package / "nlp" / "config.cfg"]
    files += [*(package / "nlp").glob("*.py"), *(package / "link").glob("*.py")]
    files += [package / "record.py", package / "models.py"]
    digest = hashlib.sha256()
    for name in sorted(p.relative_to(package).as_posix() for p in files if p.is_file()):
        digest.update(
            name.encode() + b"\0" + hashlib.sha256((package / name).read_bytes()).digest()
        )
    return digest.hexdigest()


@dataclass(frozen=True)
class LexiconEntry:
    """One surface form of a lexicon: label, surface, canonical name and provenance."""

    label: str
    surface: str
    canonical: str
    source: str


def data_path(name: str, data_dir: Path | None = None) -> Path:
    """Resolve a packaged data file by relative name."""
    path = (data_dir or DATA_DIR) / name
    if not path.is_file():
        raise LexiconError(f"data file not found: {path}")
    return path


def read_tsv(path: Path) -> list[dict[str, str]]:
    """Read a TSV with a header row; '#' lines are comments."""
    with path.open(encoding="utf-8", newline="") as fh:
        rows = [line for line in fh if line.strip() and not line.startswith("#")]
    reader = csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)
    out = []
    for n, row in enumerate(reader, start=2):
        if None in row or any(v is None for v in row.values()):
            raise LexiconError(f"{path}:{n}: wrong number of columns")
        out.append(row)
    return out


def read_lexicon(path: Path, label: str) -> list[LexiconEntry]:
    """Read a lexicon TSV (surface, canonical or kind, source, optional match) into entries;
    rows whose `match` is `context` (names that are common words) never match alone."""
    entries = []
    for row in read_tsv(path):
        if row.get("match", "alone") == "context":
            continue
        surface = row.get("surface", "").strip()
        if not surface:
            raise LexiconError(f"{path}: empty surface in {row}")
        canonical = (row.get("canonical") or surface).strip()
        entries.append(LexiconEntry(label, surface, canonical, row.get("source", "")))
    return entries


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Read a JSON Lines rule file."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise LexiconError(f"{path}:{n}: {exc}") from exc
    return out


WORDS_DIR = "words"


def read_words(path: Path) -> frozenset[str]:
    """One entry per line; blank lines and '#' comment lines are skipped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(s for line in lines if (s := line.strip()) and not s.startswith("#"))


class Vocabulary:
    """The word lists of `data/words/*.txt` as attributes (`VOCAB.proposal_verbs`), each a
    frozenset loaded on first use and then kept as a plain attribute (later reads cost an
    ordinary attribute look-up); a name without a file is an AttributeError naming the file."""

    def __init__(self, data_dir: Path | None = None) -> None:
        self._dir = (data_dir or DATA_DIR) / WORDS_DIR

    def __getattr__(self, name: str) -> frozenset[str]:
        if name.startswith("_"):
            raise AttributeError(name)
        path = self._dir / f"{name}.txt"
        if not path.is_file():
            raise AttributeError(f"no word list {name!r}: {path} does not exist")
        words = read_words(path)
        self.__dict__[name] = words
        return words

    def names(self) -> list[str]:
        """Every word list on disk."""
        return sorted(p.stem for p in self._dir.glob("*.txt"))


VOCAB = Vocabulary()


WORD_REF = "@words/"


def expand_word_refs(value: Any, vocab: Vocabulary = VOCAB) -> Any:
    """Replace every `"@words/NAME"` in a Matcher pattern by the sorted list of that word list,
    so a pattern such as `{"LOWER": {"IN": "@words/proposal_verbs"}}` shares its vocabulary."""
    if isinstance(value, str) and value.startswith(WORD_REF):
        return sorted(getattr(vocab, value[len(WORD_REF) :]))
    if isinstance(value, dict):
        return {k: expand_word_refs(v, vocab) for k, v in value.items()}
    if isinstance(value, list):
        return [expand_word_refs(v, vocab) for v in value]
    return value


def read_patterns(name: str, data_dir: Path | None = None) -> list[dict[str, Any]]:
    """A packaged JSONL file of SpanRuler/Matcher patterns with word-list references expanded.

    A row with `"phrases"` (a list, or `"@words/NAME"`) instead of `"pattern"` stands for one
    phrase pattern per entry: phrase patterns run in spaCy's PhraseMatcher, far faster than
    a token pattern with an `IN` set, which calls Python for every token."""
    out = []
    for row in read_jsonl(data_path(name, data_dir)):
        row = expand_word_refs(row)
        phrases = row.pop("phrases", None)
        if phrases is None:
            out.append(row)
        else:
            out.extend({**row, "pattern": phrase} for phrase in sorted(phrases))
    return out


@cache
@cache
def read_map(name: str) -> dict[str, Any]:
    """A packaged JSON object of `data/maps/NAME.json` (its `_doc` entry dropped), read once
    (the linker asks per value; callers never change it)."""
    raw = json.loads(data_path(f"maps/{name}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if k != "_doc"}


@cache
def named_regex(name: str) -> regex.Pattern[str]:
    """A regex of data/patterns/link_regexes.jsonl by name, compiled once."""
    rows = read_jsonl(data_path("patterns/link_regexes.jsonl"))
    return regex.compile(next(r["regex"] for r in rows if r["name"] == name))
