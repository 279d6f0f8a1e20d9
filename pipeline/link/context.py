"""Sentence-level context of a token: clauses, proposal scope, comparison scope."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span

from pipeline.resources import cues

CLAUSE_BREAKS = frozenset({",", ";", ":", "while", "whereas", "but", "—"})
SCOPE_BREAKS = frozenset({";", "while", "whereas", "but"})
SKIP_ADVERBS = frozenset({"significantly", "substantially", "consistently", "also", "further",
                          "even", "still", "clearly", "notably", "remarkably", "greatly", "largely",
                          "dramatically", "considerably", "markedly", "then", "first", "now"})


@dataclass
class DocContext:
    """Per-token facts of a doc that the linkers share."""

    doc: Doc
    sent_of: list[int] = field(default_factory=list)
    clause_of: list[int] = field(default_factory=list)
    proposal: list[bool] = field(default_factory=list)
    comparison: list[bool] = field(default_factory=list)
    sent_starts: list[int] = field(default_factory=list)

    def token_at(self, char: int) -> int:
        """Index of the token containing (or following) a char offset."""
        return max(0, bisect_right(self.token_starts, char) - 1)

    @property
    def token_starts(self) -> list[int]:
        if not hasattr(self, "_starts"):
            self._starts = [t.idx for t in self.doc]
        return self._starts

    def sentence_of_char(self, char: int) -> int:
        """0-based sentence index of a char offset."""
        return max(0, bisect_right(self.sent_starts, char) - 1)


def build_context(doc: Doc, protected: list[tuple[int, int]] | None = None) -> DocContext:
    """Compute clause ids and proposal/comparison scopes; `protected` token ranges are names."""
    ctx = DocContext(doc)
    n = len(doc)
    ctx.sent_of = [0] * n
    ctx.clause_of = [0] * n
    ctx.proposal = [False] * n
    ctx.comparison = [False] * n
    inside = [False] * n
    for s, e in protected or []:
        for i in range(s, e):
            inside[i] = True
    clause = 0
    for si, sent in enumerate(doc.sents):
        ctx.sent_starts.append(sent.start_char)
        clause += 1
        for tok in sent:
            ctx.sent_of[tok.i] = si
            if tok.lower_ in CLAUSE_BREAKS and not inside[tok.i]:
                clause += 1
            ctx.clause_of[tok.i] = clause
        _mark_proposal(sent, ctx.proposal, inside)
        _mark_comparison(sent, ctx.comparison, inside)
    return ctx


def _has_subject(sent: Span, verb_i: int) -> bool:
    """True when a proposal subject (we, this paper, ...) precedes the verb in its sentence."""
    before = " ".join(t.lower_ for t in sent.doc[sent.start : verb_i])
    words = before.split()
    subjects = cues()["proposal_subjects"]
    return "we" in words or any(s in before for s in subjects if " " in s)


def _mark_proposal(sent: Span, flags: list[bool], inside: list[bool]) -> None:
    """Flag tokens in the object of a proposal verb ("we propose X, a ...")."""
    c = cues()
    doc = sent.doc
    naming = {"dub", "dubbed", "call", "called", "name", "named", "term", "termed", "coined"}
    for tok in sent:
        if tok.lower_ not in c["proposal_verbs"]:
            continue
        if tok.lower_ not in naming and not _has_subject(sent, tok.i):
            continue
        i = tok.i + 1
        if i < sent.end and doc[i].lower_ == "that":
            i += 1
        limit = min(sent.end, tok.i + 25)
        while i < limit:
            t = doc[i]
            if not inside[i] and t.lower_ in c["proposal_blockers"]:
                break
            flags[i] = True
            i += 1


def _mark_comparison(sent: Span, flags: list[bool], inside: list[bool]) -> None:
    """Flag tokens governed by a comparison cue (outperforms X, compared to X, X baselines)."""
    c = cues()
    doc = sent.doc
    toks = list(sent)
    first = toks[0].lower_ if toks else ""
    front = first in c["comparison_front_cues"] or (
        len(toks) > 1 and f"{first} {toks[1].lower_}" in c["comparison_front_cues"]
    )
    active = False
    front_active = front
    for tok in toks:
        if inside[tok.i]:
            flags[tok.i] = active or front_active
            continue
        low = tok.lower_
        if front_active and low == ",":
            front_active = False
            continue
        if low in SCOPE_BREAKS:
            active = False
            continue
        if low in c["comparison_cues"] and not (front and tok.i == sent.start):
            if low == "over" and _number_follows(doc, tok.i):
                continue
            if low in NEEDS_PREPOSITION and not _preposition_follows(doc, tok.i):
                continue
            active = True
            continue
        flags[tok.i] = active or front_active


NEEDS_PREPOSITION = frozenset({"compared", "relative", "comparison"})


def _preposition_follows(doc: Doc, i: int) -> bool:
    """True when "to", "with" or "against" follows token `i`."""
    return i + 1 < len(doc) and doc[i + 1].lower_ in {"to", "with", "against"}


def _number_follows(doc: Doc, i: int) -> bool:
    """True when the token after `i` (skipping an article) is a number."""
    j = i + 1
    if j < len(doc) and doc[j].lower_ in {"a", "an", "the"}:
        j += 1
    return j < len(doc) and (doc[j].like_num or doc[j].text[:1].isdigit())


def next_content(doc: Doc, i: int, limit: int = 3) -> int | None:
    """Index of the next token after `i` skipping adverbs (at most `limit` skips)."""
    j = i + 1
    skips = 0
    while j < len(doc) and doc[j].lower_ in SKIP_ADVERBS and skips < limit:
        j += 1
        skips += 1
    return j if j < len(doc) else None
