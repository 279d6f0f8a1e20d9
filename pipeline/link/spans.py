"""Mention span conventions: "long (SHORT)" is one mention; a dataset keeps its head noun
a language written right before it ("Chinese PropBank") and a release number right after
it ("PDTB 2.0")."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from functools import cache

import regex

from pipeline.link.terms import named_regex
from pipeline.resources import VOCAB, data_path, read_tsv


class Occupied:
    """Disjoint char spans taken so far, kept sorted: whether a span overlaps one of them is
    a binary search, not a scan of all (a scan per mention is quadratic on a long text)."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in spans:
            self.add(start, end)

    def overlaps(self, start: int, end: int) -> bool:
        """True when [start, end) shares a char with a taken span."""
        k = bisect_left(self.starts, end) - 1  # the last span starting before `end`
        return k >= 0 and self.ends[k] > start

    def add(self, start: int, end: int) -> None:
        """Take [start, end); the caller keeps the spans disjoint (or adds one again)."""
        k = bisect_right(self.starts, start)
        self.starts.insert(k, start)
        self.ends.insert(k, end)


def merge_definitions(
    mentions: list[tuple[int, int]], acronyms: list[dict], text: str
) -> list[tuple[int, int]]:
    """Join a long-form mention and the "(SHORT)" right after it into one mention."""
    defs = {(a["long_start"], a["long_end"]): (a["short_start"], a["short_end"]) for a in acronyms}
    out: list[tuple[int, int]] = []
    absorbed: set[tuple[int, int]] = set()
    for s, e in mentions:
        short = defs.get((s, e))
        if short and text[e : short[0]].strip() == "(" and text[short[1] : short[1] + 1] == ")":
            out.append((s, short[1] + 1))
            absorbed.add(short)
        else:
            out.append((s, e))
    return [m for m in out if m not in absorbed]


@cache
def head_pattern() -> regex.Pattern[str]:
    """Head nouns that stay inside a dataset mention ("Europarl corpus")."""
    heads = sorted(VOCAB.dataset_span_heads, key=lambda h: (-len(h), h))
    alternatives = "|".join(regex.escape(h).replace(r"\ ", r"\s+") for h in heads)
    return regex.compile(rf"\s+(?:{alternatives})(?![\w-])", regex.IGNORECASE)


def extend_with_head(mentions: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """Extend each mention over a directly following dataset head noun."""
    pattern = head_pattern()
    out = []
    for s, e in mentions:
        m = pattern.match(text, e)
        out.append((s, m.end()) if m else (s, e))
    return out


@cache
def language_names() -> frozenset[str]:
    """Language names as written (lexicons/places.tsv rows of kind language, from pycountry)."""
    rows = read_tsv(data_path("lexicons/places.tsv"))
    return frozenset(r["surface"] for r in rows if r["kind"] == "language")


def extend_with_language(mentions: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """Extend each mention over a language name written right before it ("Chinese
    PropBank", "English Wikipedia"): the data's language is part of what is named."""
    out = []
    for s, e in mentions:
        m = _WORD_BEFORE.search(text, 0, s)
        out.append((m.start(1), e) if m and m.group(1) in language_names() else (s, e))
    return out


_WORD_BEFORE = regex.compile(r"(?<![\w-])(\p{Lu}\p{Ll}+) $")


def extend_with_version(mentions: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """Extend each mention over a release number written right after it ("PDTB 2.0",
    "FrameNet 1.5"): the number names the release, it is not a result."""
    pattern = named_regex("name_version")
    out = []
    for s, e in mentions:
        m = pattern.match(text, e)
        out.append((s, m.end()) if m else (s, e))
    return out
