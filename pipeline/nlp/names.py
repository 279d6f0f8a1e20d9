"""Candidate names by shape: CamelCase, acronyms with parts, versions and sizes, title runs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from pathlib import Path
from typing import Any

import regex
import srsly
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.training import Example
from spacy.util import filter_spans

from pipeline.errors import NotInitialized
from pipeline.nlp.group_memo import GroupMemo
from pipeline.nlp.tokenizer import (
    OFFSETS_KEY,
    doc_spaces,
    doc_starts,
    doc_words,
    missing_indices,
    offset_map,
)
from pipeline.resources import data_path, read_jsonl

SPANS_KEY = "names"
_RUN = regex.compile(r"T(?:T|cT)*")
DEFAULT_PATTERNS = "patterns/names.jsonl"


NameSpan = tuple[int, int, int, int, str]  # first token, end token, start char, end char, label
_AS_TUPLES: GroupMemo[tuple[NameSpan, ...]] = GroupMemo(
    lambda group: tuple((s.start, s.end, s.start_char, s.end_char, s.label_) for s in group)
)


def name_spans(doc: Doc) -> tuple[NameSpan, ...]:
    """The spans of `doc.spans["names"]` as plain tuples, read once per doc (the linker asks
    twice; each Span object is costly): kept while the group is the same object and size."""
    group = doc.spans.get(SPANS_KEY)
    if group is None:
        return ()
    return _AS_TUPLES(doc, group)


class NameShapes:
    """Mark name-shaped tokens and runs in `doc.spans["names"]` (labels SHAPE, TITLE_SEQ).

    Rules come from a JSONL file: SHAPE rules hold a token `regex`, NOT_NAME rules a `regex`
    of tokens that are never names (units, "Top-1", "Text-to-SQL"); TITLE_SEQ rules hold a
    `word` regex, lower-case `connectors` allowed inside a run, and `min_words`.
    """

    def __init__(self, nlp: Language, name: str = "name_shapes") -> None:
        self.name = name
        self.rules: list[dict[str, Any]] = []
        self._compile()

    def initialize(
        self,
        get_examples: Callable[[], Iterable[Example]] | None = None,
        *,
        nlp: Language | None = None,
        patterns: str = DEFAULT_PATTERNS,
    ) -> None:
        """Load the shape rules from a packaged JSONL file."""
        self.rules = read_jsonl(data_path(patterns))
        self._compile()

    def _compile(self) -> None:
        shapes = [r["regex"] for r in self.rules if r["label"] == "SHAPE"]
        self.shape = regex.compile("|".join(f"(?:{p})" for p in shapes) or r"(?!)")
        excluded = [r["regex"] for r in self.rules if r["label"] == "NOT_NAME"]
        self.not_name = regex.compile("|".join(f"(?:{p})" for p in excluded) or r"(?!)")
        self.titles: list[tuple[Any, frozenset[str], int]] = [
            (regex.compile(r["word"]), frozenset(r["connectors"]), r["min_words"])
            for r in self.rules
            if r["label"] == "TITLE_SEQ"
        ]
        self._cache: dict[str, bool] = {}
        self._title_cache: list[dict[str, str]] = [{} for _ in self.titles]

    def is_shape(self, word: str) -> bool:
        """True when a token text has a name shape (memoised per string)."""
        hit = self._cache.get(word)
        if hit is None:
            hit = self.shape.match(word) is not None and not self.not_name.match(word)
            self._cache[word] = hit
            if len(self._cache) > 200_000:
                self._cache.clear()
        return hit

    def shape_flags(self, words: list[str]) -> list[bool]:
        """`is_shape` of every token (one C-level look-up pass over the memo)."""
        flags = list(map(self._cache.get, words))
        for i in missing_indices(flags) if None in flags else ():
            flags[i] = self.is_shape(words[i])
        return flags

    def __call__(self, doc: Doc) -> Doc:
        if not self.rules:
            raise NotInitialized(self.name)
        words = doc_words(doc)
        # single-token spans never overlap: already what filter_spans would keep, in order
        shapes = [
            Span(doc, i, i + 1, label="SHAPE")
            for i in compress(range(len(words)), self.shape_flags(words))
        ]
        runs = self.title_runs(words, line_starts(doc))
        titles = [Span(doc, s, e, label="TITLE_SEQ") for s, e in runs]
        doc.spans[SPANS_KEY] = shapes + filter_spans(titles)
        return doc

    def title_runs(
        self, words: list[str], line_starts: tuple[int, ...] = ()
    ) -> list[tuple[int, int]]:
        """Token ranges of title-case runs, with connectors only between title words; a run
        stops at the end of a line that holds nothing else (a heading such as "Discussion"
        on its own line; `line_starts`: tokens that begin a line of the raw text)."""
        runs = []
        for (word_re, connectors, min_words), cache in zip(
            self.titles, self._title_cache, strict=True
        ):
            # one letter per token (T title word, c connector, x other), memoised per word:
            # a run is T(T|cT)*, found left to right and greedily, as a scan of the tokens
            codes = list(map(cache.get, words))
            for i in missing_indices(codes) if None in codes else ():
                w = words[i]
                code = cache.get(w)
                if code is None:
                    title = word_re.match(w) is not None
                    code = cache[w] = "T" if title else "c" if w in connectors else "x"
                codes[i] = code
            cuts = heading_ends(codes, line_starts)
            for m in _RUN.finditer(_with_cuts(codes, cuts)):
                if m.group().count("T") >= min_words:
                    runs.append(_token_span(m.span(), cuts))
        return runs

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        """The rules as JSON."""
        return srsly.json_dumps(self.rules).encode("utf-8")

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = ()) -> NameShapes:
        """Load rules written by `to_bytes`."""
        self.rules = srsly.json_loads(data)
        self._compile()
        return self

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        """Write the rules as `rules.jsonl` in the folder `path`."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_jsonl(path / "rules.jsonl", self.rules)

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> NameShapes:
        """Load rules written by `to_disk`."""
        self.rules = list(srsly.read_jsonl(Path(path) / "rules.jsonl"))
        self._compile()
        return self


def line_starts(doc: Doc) -> tuple[int, ...]:
    """Indices of the tokens after the first that begin a line of the raw text (normalising
    turns a line break into a space)."""
    kept = doc.user_data.get(OFFSETS_KEY)
    if kept is None or "\n" not in kept[0]:
        return ()
    omap, starts, words, spaces = offset_map(doc), doc_starts(doc), doc_words(doc), doc_spaces(doc)
    raw = omap.raw
    found = []
    for i in range(1, len(starts)):
        if spaces[i - 1]:
            gap_start = omap.to_raw(starts[i - 1], starts[i - 1] + len(words[i - 1]))[1]
            if "\n" in raw[gap_start : omap.to_raw(starts[i], starts[i] + 1)[0]]:
                found.append(i)
    return tuple(found)


def heading_ends(codes: list[str], line_starts: tuple[int, ...]) -> tuple[int, ...]:
    """The line starts that end a line made only of a title run (codes T/c, T at both ends)."""
    ends = []
    for first, end in zip((0, *line_starts), line_starts, strict=False):
        line = "".join(codes[first:end])
        if line and line[0] == "T" and line[-1] == "T" and "x" not in line:
            ends.append(end)
    return tuple(ends)


def _with_cuts(codes: list[str], cuts: tuple[int, ...]) -> str:
    """The token codes as one string, with "|" before every token in `cuts`."""
    if not cuts:
        return "".join(codes)
    marked = set(cuts)
    return "".join("|" + c if i in marked else c for i, c in enumerate(codes))


def _token_span(span: tuple[int, int], cuts: tuple[int, ...]) -> tuple[int, int]:
    """Token range of a character range of `_with_cuts` (one "|" per cut before it)."""
    if not cuts:
        return span
    start, end = span
    # the k-th cut's "|" stands at its token index + k; none falls inside a run
    bars = sum(1 for k, b in enumerate(cuts) if b + k < start)
    return start - bars, end - bars


@Language.factory(
    "name_shapes",
    assigns=["doc.spans"],
    default_config={},
)
def make_name_shapes(nlp: Language, name: str) -> NameShapes:
    """Registered factory for NameShapes (rules load in `initialize`)."""
    return NameShapes(nlp, name)
