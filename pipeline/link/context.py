"""Sentence-level context of every token: clauses, proposal scope, comparison scope."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from spacy.lang.lex_attrs import is_punct
from spacy.tokens import Doc, SpanGroup

from pipeline.nlp.group_memo import GroupMemo
from pipeline.nlp.tokenizer import (
    doc_lowers,
    doc_starts,
    doc_words,
    indices_of,
    sentence_bounds,
)
from pipeline.resources import VOCAB

CUES_KEY = "cues"
_NONE: frozenset[int] = frozenset()


def _by_label(group: SpanGroup) -> dict[str, list[tuple[int, int]]]:
    """Token spans of a span group by label, in text order."""
    out: dict[str, list[tuple[int, int]]] = {}
    for span in group:
        out.setdefault(span.label_, []).append((span.start, span.end))
    return out


_CUES: GroupMemo[dict[str, list[tuple[int, int]]]] = GroupMemo(_by_label)


def cue_spans(doc: Doc) -> dict[str, list[tuple[int, int]]]:
    """Token spans of the cue_ruler's `doc.spans["cues"]` by label, in text order (read once
    per doc while the group is the same object and size: each Span object is costly)."""
    if CUES_KEY not in doc.spans:
        raise ValueError(f'doc.spans["{CUES_KEY}"] is missing: the pipeline needs its cue_ruler')
    return _CUES(doc, doc.spans[CUES_KEY])


@lru_cache(maxsize=1 << 14)
def punctuation(word: str) -> bool:
    """spaCy's IS_PUNCT of a token text (every character a punctuation mark), memoised per
    word: the few tokens a linker asks about need no `to_array` over the whole doc."""
    return bool(is_punct(word))


@dataclass
class DocContext:
    """Per-token facts of a doc that the linkers share (plain lists, built once)."""

    doc: Doc
    lowers: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    acronyms: list[dict[str, Any]] = field(default_factory=list)  # doc._.acronyms, read once
    numbers: list[dict[str, Any]] = field(default_factory=list)  # doc._.numbers, read once
    starts: list[int] = field(default_factory=list)
    sent_bounds: list[tuple[int, int]] = field(default_factory=list)
    sent_of: list[int] = field(default_factory=list)
    clause_of: list[int] = field(default_factory=list)
    proposal: list[bool] = field(default_factory=list)
    comparison: list[bool] = field(default_factory=list)
    sent_starts: list[int] = field(default_factory=list)
    cues: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    cue_firsts: dict[str, list[int]] = field(default_factory=dict)
    cue_starts: dict[str, frozenset[int]] = field(default_factory=dict)
    front_ends: dict[int, list[int]] = field(default_factory=dict)  # COMPARISON_FRONT cues
    breaks: list[int] = field(default_factory=list)  # tokens that are clause-break words
    clause_counts: list[tuple[int, int]] = field(default_factory=list)  # per sentence: ids in
    unprotected: bool = True  # built without protected names
    memo: dict[tuple[str, int], object] = field(default_factory=dict)  # per-sentence answers
    spans: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)  # token_span

    def cue_at(self, label: str) -> frozenset[int]:
        """The tokens where a cue of `label` starts."""
        return self.cue_starts.get(label, _NONE)

    def cue_list(self, label: str, start: int, end: int) -> list[int]:
        """The tokens in [start, end) where a cue of `label` starts, in text order."""
        firsts = self.cue_firsts.get(label, [])
        return firsts[bisect_left(firsts, start) : bisect_left(firsts, end)]

    def token_at(self, char: int) -> int:
        """Index of the token containing (or following) a char offset."""
        return max(0, bisect_right(self.starts, char) - 1)

    def token_span(self, start: int, end: int) -> tuple[int, int]:
        """Tokens [first, end) of the char span [start, end) (memoised: mentions recur)."""
        got = self.spans.get((start, end))
        if got is None:
            got = self.spans[start, end] = (self.token_at(start), self.token_at(end - 1) + 1)
        return got

    def sentence_of_char(self, char: int) -> int:
        """0-based sentence index of a char offset."""
        return max(0, bisect_right(self.sent_starts, char) - 1)


def _lowercase_verbs(
    cues: dict[str, list[tuple[int, int]]], words: list[str], sent_bounds: list[tuple[int, int]]
) -> dict[str, list[tuple[int, int]]]:
    """The cues less verb cues written with a capital inside a sentence: "we employ
    Riemannian Flow Matching" names a method; "Matching GPT-4, ..." opens a sentence."""
    firsts = {s for s, _ in sent_bounds}
    out = dict(cues)
    for label in VOCAB.lowercase_cue_labels & cues.keys():
        out[label] = [(s, e) for s, e in cues[label] if s in firsts or not words[s][:1].isupper()]
    return out


def build_context(
    doc: Doc, protected: list[tuple[int, int]] | None = None, base: DocContext | None = None
) -> DocContext:
    """Compute clause ids and proposal/comparison scopes; `protected` token ranges are names.

    `base`, a context of the same doc, lends its token offsets, sentence bounds and cues.
    """
    n = len(doc)
    ctx = DocContext(doc, lowers=doc_lowers(doc), words=doc_words(doc))
    if base is not None:
        ctx.starts, ctx.sent_bounds, ctx.sent_starts = (
            base.starts,
            base.sent_bounds,
            base.sent_starts,
        )
        ctx.cues, ctx.cue_firsts, ctx.cue_starts = base.cues, base.cue_firsts, base.cue_starts
        ctx.front_ends, ctx.breaks = base.front_ends, base.breaks
        ctx.acronyms, ctx.numbers = base.acronyms, base.numbers
        ctx.spans = base.spans  # token_span depends only on the token offsets
    else:
        ctx.starts = doc_starts(doc)
        ctx.sent_bounds = sentence_bounds(doc)
        ctx.sent_starts = [ctx.starts[b] for b, _ in ctx.sent_bounds]
        ctx.cues = _lowercase_verbs(cue_spans(doc), ctx.words, ctx.sent_bounds)
        ctx.cue_starts = {k: frozenset(s for s, _ in spans) for k, spans in ctx.cues.items()}
        ctx.cue_firsts = {k: sorted(firsts) for k, firsts in ctx.cue_starts.items()}
        for s, e in ctx.cues.get("COMPARISON_FRONT", ()):
            ctx.front_ends.setdefault(s, []).append(e)
        ctx.breaks = indices_of(ctx.lowers, VOCAB.clause_breaks)
        ctx.acronyms, ctx.numbers = doc._.acronyms, doc._.numbers
    ctx.sent_of = base.sent_of if base is not None else [0] * n
    ctx.clause_of = [0] * n
    ctx.proposal = [False] * n
    ctx.comparison = [False] * n
    inside = [False] * n
    for s, e in protected or []:
        inside[s:e] = [True] * (e - s)
    ctx.unprotected = not protected
    candidates = [i for i in ctx.breaks if not inside[i]] if protected else ctx.breaks
    touched = _touched_sentences(ctx, protected, base)
    clause, k = 0, 0
    for si, (s, e) in enumerate(ctx.sent_bounds):
        if touched is not None and si not in touched:  # no name inside: the base's reading
            assert base is not None
            clause = _copy_sentence(ctx, base, si, clause)
            while k < len(candidates) and candidates[k] < e:
                k += 1
            continue
        first = clause
        clause += 1
        if base is None:
            ctx.sent_of[s:e] = [si] * (e - s)
        start = s
        while k < len(candidates) and candidates[k] < e:
            i = candidates[k]
            k += 1
            if i < s or (ctx.lowers[i] == ":" and _labels_value(ctx, i, e)):
                continue
            ctx.clause_of[start:i] = [clause] * (i - start)  # a break opens the next clause
            clause += 1
            start = i
        ctx.clause_of[start:e] = [clause] * (e - start)
        ctx.clause_counts.append((first, clause))
        _mark_proposal(ctx, s, e, inside)
        _mark_comparison(ctx, s, e, inside)
    return ctx


def _touched_sentences(
    ctx: DocContext, protected: list[tuple[int, int]] | None, base: DocContext | None
) -> set[int] | None:
    """The sentences holding a protected token, when every other sentence can take its
    clauses and scopes from `base` (built without protected names); else None."""
    if base is None or not base.unprotected or not protected:
        return None
    if len(base.clause_counts) != len(ctx.sent_bounds):
        return None
    n, touched = len(ctx.sent_of), set[int]()
    for s, e in protected:
        if not 0 <= s < e <= n:
            return None
        touched.update(range(ctx.sent_of[s], ctx.sent_of[e - 1] + 1))
    return touched


def _copy_sentence(ctx: DocContext, base: DocContext, si: int, clause: int) -> int:
    """Clauses and scopes of sentence `si` as in `base` (clause ids shifted to follow
    `clause`); returns the last clause id. Clauses and scopes never cross a sentence, so a
    sentence without protected tokens reads the same in both."""
    s, e = ctx.sent_bounds[si]
    first, last = base.clause_counts[si]
    shift = clause - first
    ids = base.clause_of[s:e]
    ctx.clause_of[s:e] = [c + shift for c in ids] if shift else ids
    ctx.proposal[s:e] = base.proposal[s:e]
    ctx.comparison[s:e] = base.comparison[s:e]
    ctx.clause_counts.append((clause, last + shift))
    return last + shift


def _labels_value(ctx: DocContext, i: int, end: int) -> bool:
    """True for the colon of "AUROC: 0.977": it joins a label to its value, not two clauses."""
    return ctx.lowers[i] == ":" and i + 1 < end and ctx.lowers[i + 1].lstrip("+-−.")[:1].isdigit()


@cache
def _subjects() -> tuple[frozenset[str], tuple[str, ...]]:
    """Proposal subjects of one word (matched as tokens) and of several (matched in text)."""
    subjects = VOCAB.proposal_subjects
    return frozenset(s for s in subjects if " " not in s), tuple(s for s in subjects if " " in s)


def _has_subject(lowers: list[str], start: int, verb_i: int) -> bool:
    """True when a proposal subject (we, this paper, ...) precedes the verb in its sentence."""
    words = lowers[start:verb_i]
    single, phrases = _subjects()
    if not single.isdisjoint(words):
        return True
    before = " ".join(words)
    if any(s in before for s in phrases):
        return True
    nouns, determiners = VOCAB.document_nouns, VOCAB.document_determiners
    return any(  # "this technical report", "the present study", "our position paper"
        w in nouns and not determiners.isdisjoint(words[max(0, k - 3) : k])
        for k, w in enumerate(words)
    )


def _mark_proposal(ctx: DocContext, start: int, end: int, inside: list[bool]) -> None:
    """Flag tokens in the object of a proposal verb ("we propose X, a ...")."""
    verbs = ctx.cue_list("PROPOSAL_VERB", start, end)
    if not verbs:
        return
    blockers, determiners = VOCAB.proposal_blockers, VOCAB.noun_determiners
    naming, lowers = ctx.cue_at("NAMING_VERB"), ctx.lowers
    for v in verbs:
        if v > start and lowers[v - 1] in determiners:
            continue  # "the release of ChatGPT": a noun
        if v > start and lowers[v - 1] in {"for", "of"} and lowers[v].endswith("ing"):
            continue  # "approaches for constructing prediction intervals": a purpose
        if _mark_passive_subject(ctx, start, end, v, inside):
            continue
        if v not in naming and not _has_subject(lowers, start, v):
            continue
        i = v + 1
        if i < end and lowers[i] == "that":
            i += 1
        limit = min(end, v + 25)
        named = listing = False
        bracketed = _unclosed_bracket(lowers, start, v)
        while i < limit:
            if bracketed and lowers[i] == ")":
                break  # "Additive PEFT (which introduces new parameters), Selective PEFT"
            if lowers[i] == ":" and lowers[i - 1] in _class_nouns():
                ctx.proposal[i] = listing = True  # "we introduce four benchmarks: A, B and C"
                limit = end  # a listing runs to the end of its sentence
                i += 1
                continue
            if listing and lowers[i] == "(" and (close := _named_parenthesis(ctx, i, inside)):
                ctx.proposal[i:close] = [True] * (close - i)  # "questions (DiagnosticMCQ), ..."
                named, i = True, close
                continue
            if i > v + 1 and lowers[i] == "(" and (close := _short_form_then_name(ctx, i, inside)):
                ctx.proposal[i:close] = [True] * (close - i)  # "two methods, EMA Quantizer
                i = close  # (Q-EMA) and Adaptive Ramping Optimizer (Q-Ramping)"
                continue
            if not inside[i] and (lowers[i] in blockers or lowers[i] == "("):
                break
            ctx.proposal[i] = True
            named = named or inside[i]
            i += 1
        if bracketed and i < end and lowers[i] == ")":
            continue  # a bracketed clause names nothing after its bracket
        if not named and i + 1 < end and lowers[i] == "as" and _name_like(ctx, inside, i + 1):
            named = _mark_name_from(ctx, i + 1, end, inside)  # "we present our approach as MATCH"
        if not named:
            named = _mark_restated_name(ctx, i, limit, inside)
        if not named:
            _mark_set_off_name(ctx, i, limit, inside)
        _mark_added_object(ctx, i, end, inside)


def _mark_passive_subject(
    ctx: DocContext, start: int, end: int, v: int, inside: list[bool]
) -> bool:
    """Flag the name that is the subject of a present passive proposal verb at token `v`
    ("R-ParVI is proposed for", "a gradient-free method, R-ParVI, is proposed"), unless an
    agent follows ("is proposed by Smith") or the name is a preposition's object ("a view
    for MU is presented"); True when one was flagged."""
    lowers = ctx.lowers
    if v - 2 < start or lowers[v - 1] not in VOCAB.proposal_passive_auxiliaries:
        return False
    if v + 1 < end and lowers[v + 1] in VOCAB.passive_agent_words:
        return False
    last = v - 2 - (lowers[v - 2] == ",")  # "method, R-ParVI, is proposed"
    first = last
    while first >= start and _name_like(ctx, inside, first):
        first -= 1
    if first == last or (first >= start and lowers[first] in VOCAB.link_words):
        return False  # "a novel perspective for MU is presented": the subject is no name
    ctx.proposal[first + 1 : last + 1] = [True] * (last - first)
    return True


def _mark_added_object(ctx: DocContext, i: int, end: int, inside: list[bool]) -> None:
    """Flag the name right after a comma and a `proposal_continuers` phrase later in the
    proposal's sentence as proposed too: "We present MahaSTS, a ... dataset for Marathi, along
    with MahaSBERT-STS-v2, a fine-tuned model"."""
    lowers = ctx.lowers
    for k in range(max(i, 1), end):
        if lowers[k - 1] != ",":
            continue
        length = _continuer_length(lowers, k, end)
        if length and k + length < end and _name_like(ctx, inside, k + length):
            _mark_name_from(ctx, k + length, end, inside)
            return


def _continuer_length(lowers: list[str], i: int, end: int) -> int:
    """The token count of a `proposal_continuers` phrase that starts at token i ("along
    with", "as well as"), else 0."""
    for parts in _continuers():
        if lowers[i : min(end, i + len(parts))] == parts:
            return len(parts)
    return 0


@cache
def _continuers() -> tuple[list[str], ...]:
    """The `proposal_continuers` phrases as word lists (built once)."""
    return tuple(phrase.split() for phrase in sorted(VOCAB.proposal_continuers))


def _unclosed_bracket(lowers: list[str], start: int, end: int) -> bool:
    """True when a "(" between tokens `start` and `end` is still open at `end`."""
    depth = 0
    for w in lowers[start:end]:
        if w == "(":
            depth += 1
        elif w == ")" and depth:
            depth -= 1
    return depth > 0


def _mark_restated_name(ctx: DocContext, i: int, limit: int, inside: list[bool]) -> bool:
    """ "we propose Mixture of experts for Graph-based RAG, i.e., MoG.": the name after a
    `restatement_markers` word (and a comma) that ends with its clause is the object's; True
    when one was flagged."""
    lowers, n = ctx.lowers, len(ctx.lowers)
    for k in range(i, limit):
        if lowers[k] not in VOCAB.restatement_markers:
            continue
        j = k + 1 + (k + 1 < n and lowers[k + 1] == ",")
        end = j
        while end < limit and _name_like(ctx, inside, end):
            end += 1
        if end == j or end >= n or lowers[end] not in {",", ".", "(", ":", ";"}:
            return False
        if lowers[end] == "," and end + 1 < n and _name_like(ctx, inside, end + 1):
            return False  # "i.e., A, B and C": a list of examples, not the object's name
        ctx.proposal[j:end] = [True] * (end - j)
        return True
    return False


def _name_like(ctx: DocContext, inside: list[bool], k: int) -> bool:
    """A token of a protected name, or a word with a capital letter ("MATCH", "ConfLVLM")."""
    word = ctx.words[k]
    return inside[k] or (word[:1].isupper() and word != word.lower())


def _mark_name_from(ctx: DocContext, i: int, end: int, inside: list[bool]) -> bool:
    """Flag the name that starts at token i as proposed; True."""
    while i < end and _name_like(ctx, inside, i):
        ctx.proposal[i] = True
        i += 1
    return True


@cache
def _class_nouns() -> frozenset[str]:
    """Plural nouns of kinds of methods and datasets ("benchmarks", "models")."""
    return VOCAB.dataset_class_nouns | VOCAB.method_class_nouns


def _named_parenthesis(ctx: DocContext, i: int, inside: list[bool]) -> int | None:
    """The index after the ")" of a parenthesis at token i that holds one name and nothing
    else, followed by ",", "and" or "." (a listed member: "questions (DiagnosticMCQ), ..."),
    else None."""
    lowers, words, n = ctx.lowers, ctx.words, len(ctx.lowers)
    j = i + 1
    while j < min(n, i + 5) and (inside[j] or words[j] != lowers[j]):
        j += 1
    if j == i + 1 or j + 1 >= n or lowers[j] != ")" or lowers[j + 1] not in {",", "and", "."}:
        return None
    return j + 1


def _short_form_then_name(ctx: DocContext, i: int, inside: list[bool]) -> int | None:
    """The index after the ")" of a parenthesis at token i that holds a short form (one to
    three tokens with a capital), when "and" (or ", and") and a capitalised name follow it:
    the proposal's object goes on to the next member ("EMA Quantizer (Q-EMA) and Adaptive
    Ramping Optimizer (Q-Ramping)"), else None."""
    lowers, words, n = ctx.lowers, ctx.words, len(ctx.lowers)
    j = i + 1
    while j < min(n, i + 4) and (inside[j] or words[j] != lowers[j]):
        j += 1
    if j == i + 1 or j + 2 >= n or lowers[j] != ")":
        return None
    k = j + 1 + (lowers[j + 1] == ",")
    if k + 1 >= n or lowers[k] != "and":
        return None
    return j + 1 if inside[k + 1] or words[k + 1][:1].isupper() else None


def _mark_set_off_name(ctx: DocContext, i: int, limit: int, inside: list[bool]) -> None:
    """ "we introduce a framework to address X, ConfLVLM, which ...": the first name set off
    by commas after an unnamed proposal object is what the sentence introduces."""
    lowers = ctx.lowers
    while i < limit and not _name_like(ctx, inside, i):
        i += 1
    if i >= limit or lowers[i - 1] != ",":
        return  # no name, or another name comes first: not an appositive of the object
    j = i
    while j < limit and _name_like(ctx, inside, j):
        j += 1
    listed = j + 1 < len(lowers) and lowers[j] == "," and _name_like(ctx, inside, j + 1)
    if j < len(lowers) and lowers[j] in {",", "(", ".", ":"} and not listed:
        for k in range(i, j):
            ctx.proposal[k] = True
    # (not the first of a list: "agents, i.e., GPT-4o, Claude-3-Opus and ...")


def _mark_comparison(ctx: DocContext, start: int, end: int, inside: list[bool]) -> None:
    """Flag tokens governed by a comparison cue (outperforms X, compared to X)."""
    if start >= end:
        return
    cues = ctx.cue_at("COMPARISON_CUE")
    front = any(e <= end for e in ctx.front_ends.get(start, ()))
    if not front and not ctx.cue_list("COMPARISON_CUE", start, end):
        return  # no cue, no scope
    scope_breaks, setting = VOCAB.comparison_scope_breaks, VOCAB.setting_prepositions
    proposals = ctx.cue_at("PROPOSAL_VERB")
    lowers = ctx.lowers
    active = False
    front_active = front
    for i in range(start, end):
        low = lowers[i]
        if inside[i]:
            ctx.comparison[i] = active or front_active
            continue
        if front_active and low == ",":
            front_active = False
            continue
        if low in scope_breaks or (active and low in setting):
            active = False  # "improvement over X on both Y and Z": Y, Z are the setting
            continue
        if active and i in proposals and i > start and lowers[i - 1] in {"and", ","}:
            active = False  # "we ask whether X matches Y, and introduce Z": a new predicate
            continue
        if i in cues and not (front and i == start):
            if low in {"over", "than"} and _number_follows(ctx, i):  # "less than 0.06% of X"
                continue
            if i + 1 < len(lowers) and lowers[i + 1] == "for" and low.startswith("baseline"):
                continue  # "establishes a baseline for Hindi QA, ... the role of LoRA"
            if low in VOCAB.prepositional_comparison_cues and not opens_comparison(lowers, i):
                continue
            active = True
            continue
        ctx.comparison[i] = active or front_active


def _number_follows(ctx: DocContext, i: int) -> bool:
    """True when the token after `i` (skipping an article) is a number."""
    j = i + 1
    if j < len(ctx.lowers) and ctx.lowers[j] in {"a", "an", "the"}:
        j += 1
    return j < len(ctx.lowers) and ctx.lowers[j][:1].isdigit()


def next_content(lowers: list[str], i: int, limit: int = 3) -> int | None:
    """Index of the next token after `i` skipping adverbs (at most `limit` skips), over the
    lower-cased token texts."""
    j, skips = i + 1, 0
    while j < len(lowers) and lowers[j] in VOCAB.skip_adverbs and skips < limit:
        j, skips = j + 1, skips + 1
    return j if j < len(lowers) else None


def opens_comparison(lowers: list[str], i: int) -> bool:
    """True when token i is a comparison cue that counts only before its preposition and the
    preposition follows it ("compared to", "relative to", "compared with")."""
    nxt = lowers[i + 1] if i + 1 < len(lowers) else ""
    return lowers[i] in VOCAB.prepositional_comparison_cues and nxt in _COMPARED_PREPOSITIONS


_COMPARED_PREPOSITIONS = frozenset(("to", "with", "against"))


def opens_indefinite_phrase(words: list[str], lowers: list[str], head: int) -> bool:
    """True when "a"/"an" opens the phrase whose head noun is token `head`, after at most four
    plain lower-case modifiers ("a novel generative [method]", "a novel generalization
    [measure]"); a link word or stopword between ends the search."""
    for j in range(head - 1, max(-1, head - 6), -1):
        if lowers[j] in {"a", "an"}:
            return True
        word = words[j]
        if not (word.replace("-", "").isalpha() and word.islower()):
            return False
        if word in VOCAB.link_words or word in VOCAB.title_stopwords:
            return False
    return False
