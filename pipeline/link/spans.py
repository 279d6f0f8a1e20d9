"""Mention span conventions: "long (SHORT)" is one mention; a dataset keeps its head noun."""

from __future__ import annotations

from functools import cache

import regex

from pipeline.resources import VOCAB


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
