"""Who a value belongs to: the metric, dataset and method its clause and sentence name."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import pairwise

from spacy.tokens import Doc

from pipeline.link.context import DocContext, next_content
from pipeline.link.tags import ResultDraft, Tagged, cued, weights
from pipeline.nlp.tokenizer import doc_spaces
from pipeline.resources import VOCAB


def nearest(items: list[Tagged], ti: int, *, prefer_after: int = 0) -> Tagged | None:
    """The item nearest token ti: one starting within `prefer_after` tokens after, else before."""
    after = [m for m in items if 0 < m.start - ti <= prefer_after]
    if after:
        return min(after, key=lambda m: m.start)
    before = [m for m in items if m.end <= ti]
    if before:
        return max(before, key=lambda m: m.end)
    rest = [m for m in items if m.start > ti]
    return min(rest, key=lambda m: m.start) if rest else None


def metric_right_after(metrics: list[Tagged], te: int, lowers: list[str]) -> Tagged | None:
    """The metric written right after the number ("28.4 BLEU", "93.1 % UAS", "13% (TPR01)")."""
    gaps = weights("owners")
    modifier_gap, change_gap = gaps["metric_modifier_gap"], gaps["metric_change_gap"]
    for m in metrics:
        between = lowers[te : m.start]
        if 0 <= m.start - te <= modifier_gap and all(_modifier(w) for w in between):
            return m
        if between == ["("] and m.end < len(lowers) and lowers[m.end] == ")":
            return m  # "22.3% (AUROC) and 13% (TPR01)": the measure that labels the value
        if (
            0 < m.start - te <= change_gap
            and between[0] in VOCAB.change_nouns
            and between[-1] in {"in", "of"}
        ):
            return m  # "a 35.56% reduction in character error rate"
        if (
            0 < m.start - te <= change_gap
            and between[-1] == "in"
            and all(map(_listed, between[:-1]))
        ):
            return m  # "gains of 18.1% and 36.4% in accuracy and adaptability"
        if (
            1 < m.start - te <= change_gap
            and between[0] == "in"
            and all(map(_modifier, between[1:]))
        ):
            return m  # "up to 9.4 points in answer accuracy"
    return None


def _listed(word: str) -> bool:
    """A token of a value list ("and", ",", "%", "36.4")."""
    return word in {",", "and", "%"} or word.lstrip("+-−.")[:1].isdigit()


def _modifier(word: str) -> bool:
    """A unit or an adjective between a number and its metric ("0.76 selective Macro-F1")."""
    return word in VOCAB.unit_words or (word.isalpha() and word not in VOCAB.link_words)


def dataset_right_after(datasets: list[Tagged], te: int, ctx: DocContext) -> Tagged | None:
    """The dataset of an "N on X" phrase: "65.4 on WikiText-2", "80% accuracy on the X"."""
    sent = ctx.sent_of[te - 1]
    gap = weights("owners")["dataset_gap"]
    for d in sorted(datasets, key=lambda d: d.start):
        if d.start < te or d.start - te > gap or d.sentence != sent:
            continue
        between = ctx.lowers[te : d.start]
        if (
            ctx.cue_list("SETTING_PREPOSITION", te, d.start)
            and not VOCAB.setting_breaks & set(between)
            and not any(w[:1].isdigit() for w in between)
        ):
            return d
        return None
    return None


def glued_count_dataset(
    datasets: list[Tagged], end_char: int, te: int, ctx: DocContext
) -> Tagged | None:
    """The dataset whose name starts right after a count glued to its unit by a hyphen ("a
    540-article Cuban Protests corpus", "a 5,000-prompt probe suite"): the count sizes it."""
    k = te - 1
    token_end = ctx.starts[k] + len(ctx.lowers[k])
    if token_end <= end_char or ctx.lowers[k][end_char - ctx.starts[k] :][:1] != "-":
        return None
    return next((d for d in datasets if d.start == te), None)


def count_source_dataset(datasets: list[Tagged], te: int, ctx: DocContext) -> Tagged | None:
    """The one dataset a count of items is drawn from, right after it: "1,189 questions from
    KalshiBench", "47,144 ICU stays in the MIMIC-IV database"; not "12 LLMs on X" (a
    setting), "3000 molecules from VQM24 and ZINC20" (two sources) or "3,147 checks built from
    WildChat" (the items of the data built, not of its source)."""
    sent = ctx.sent_of[te - 1]
    gap = weights("owners")["dataset_gap"]
    after = sorted((d for d in datasets if d.start >= te), key=lambda d: d.start)
    if not after or after[0].start - te > gap or after[0].sentence != sent:
        return None
    d = after[0]
    between = ctx.lowers[te : d.start]
    if VOCAB.count_source_prepositions.isdisjoint(between) or VOCAB.setting_breaks & set(between):
        return None
    if not VOCAB.data_source_verbs.isdisjoint(between) or any(w[:1].isdigit() for w in between):
        return None
    joined = {"and", "or", ","}
    if (
        len(after) > 1
        and after[1].start - d.end <= 2
        and joined & set(ctx.lowers[d.end : after[1].start])
    ):
        return None
    return d


def items_of_dataset(datasets: list[Tagged], te: int, ctx: DocContext) -> Tagged | None:
    """The dataset named right after a count as the modifier of the items counted: "420
    MIMIC-III notes", "32,052 National Forest Inventory plots" (a plural lower-case noun
    after the name)."""
    d = next((d for d in datasets if d.start == te), None)
    if d is None or d.end >= len(ctx.lowers) or not doc_spaces(ctx.doc)[te - 1]:
        return None
    if "-" in ctx.lowers[te - 1]:
        return None  # not "8B-class GQA transformers": the count modifies another word
    word = ctx.words[d.end]
    plural = word.islower() and word.isalpha() and len(word) > 3 and word.endswith("s")
    return d if plural and not word.endswith("ss") else None


def fronted_dataset(datasets: list[Tagged], ti: int, ctx: DocContext) -> Tagged | None:
    """The dataset named right after the comma that closes a fronted phrase of holding, for a
    count inside that phrase: "Comprising over 100,000 images and 1,000,000 instruction pairs,
    MedHallTune includes ...", "With 29,793 binaries ..., Binary-30K enables ..."."""
    start, end = ctx.sent_bounds[ctx.sent_of[ti]]
    if ctx.lowers[start] not in VOCAB.fronted_composition_openers:
        return None
    comma = next((k for k in range(start, end) if ctx.lowers[k] == ","), None)
    if comma is None or not start < ti < comma:
        return None
    subject = comma + 1 + (comma + 1 < end and ctx.lowers[comma + 1] == "the")
    return next((d for d in datasets if d.start == subject), None)


def scene_dataset(datasets: list[Tagged], doc: Doc, ctx: DocContext, ti: int) -> str | None:
    """Dataset of a fronted "On X," clause earlier in the sentence, when it names exactly one."""
    sent = ctx.sent_of[ti]
    clause = ctx.clause_of[ti]
    scenes: dict[int, list[Tagged]] = {}
    for d in datasets:
        if d.sentence == sent and d.clause < clause:
            scenes.setdefault(d.clause, []).append(d)
    lead = int(weights("owners")["scene_lead_tokens"])
    for cl in sorted(scenes, reverse=True):
        first_tok = bisect_left(ctx.clause_of, cl)  # clause ids grow through the doc
        if not ctx.cue_list("SETTING_PREPOSITION", first_tok, min(len(doc), first_tok + lead)):
            continue  # not "On X, ..."
        names = set()
        nxt = cl
        while nxt in scenes and nxt < clause:  # a coordination "On A, B and C," spans clauses
            names |= {m.name for m in scenes[nxt]}
            nxt += 1
        return names.pop() if len(names) == 1 else None
    return None


def describes_data(ctx: DocContext, clause: int, datasets: list[Tagged]) -> bool:
    """True when a clause is about data: it names a dataset or says dataset/benchmark."""
    first, end = bisect_left(ctx.clause_of, clause), bisect_right(ctx.clause_of, clause)
    data_nouns = VOCAB.data_nouns
    return any(d.clause == clause for d in datasets) or not data_nouns.isdisjoint(
        ctx.lowers[first:end]
    )


_VERB_CUES = ("PERFORMANCE_VERB", "RESULT_VERB")


def subject_method(ctx: DocContext, sent: int, own: list[Tagged]) -> Tagged | None:
    """The method that opens its sentence as the subject of a performance verb ("ConfLVLM
    reduces the error rate of claims generated by LLaVa-1.5 from 87.8% to 10.0%")."""
    s, e = ctx.sent_bounds[sent]
    lows = ctx.lowers
    window = int(weights("owners")["subject_comma_window"])
    comma = next((k for k in range(s, min(e, s + window)) if lows[k] == ","), None)
    start = s if comma is None else comma + 1  # "Remarkably, ConfLVLM reduces ..."
    start += start < e and lows[start] in {"the", "our"}
    for m in own:
        if m.start != start or m.end >= e:
            continue
        if cued(ctx, _VERB_CUES, m.end, m.end + 1):
            return m
    return None


def own_method_noun(ctx: DocContext, sent: int) -> str | None:
    """The noun of "our framework/method/..." ("our patching method": up to two modifiers
    between; "proposed" for "the proposed ...") or None (asked once per result, answered once
    per sentence)."""
    key = ("own_method_noun", sent)
    if key not in ctx.memo:
        ctx.memo[key] = _own_method_noun(ctx, sent)
    return ctx.memo[key]  # type: ignore[return-value]


def _own_method_noun(ctx: DocContext, sent: int) -> str | None:
    s, e = ctx.sent_bounds[sent]
    markers, nouns, lows = VOCAB.own_markers, VOCAB.own_nouns, ctx.lowers
    for k, (a, b) in enumerate(pairwise(lows[s:e]), start=s):
        if a == "the" and b == "proposed":
            return "proposed"
        if a not in markers:
            continue
        for j in range(k + 1, min(e, k + 4)):  # "our method", "our patching method"
            if lows[j] in nouns:
                return lows[j]
            if not lows[j].isalpha() or lows[j] in VOCAB.link_words:
                break
    return None


def labelled_method(ctx: DocContext, draft: ResultDraft, methods: list[Tagged]) -> str | None:
    """The method a value is labelled with: "51.05% (ANN)", "64.27 for InternVL 3.5 2B",
    "outperforming Gemini-2.5-Pro (76.72%)"."""
    lows = ctx.lowers
    ts = ctx.token_at(draft.start)
    te = ctx.token_at(draft.end - 1) + 1
    for m in methods:
        if te + 2 < len(lows) and lows[te] == "(" and m.start == te + 1 and lows[m.end] == ")":
            return m.name
        if te + 1 < len(lows) and lows[te] == "for" and m.start == te + 1:
            return m.name
        if (
            ts >= 1
            and lows[ts - 1] == "("
            and m.end == ts - 1
            and te < len(lows)
            and lows[te] == ")"
        ):
            return m.name
    return None


def versus_method(ctx: DocContext, ti: int, sent: int, methods: list[Tagged]) -> str | None:
    """The compared method of the sentence for the value right after "vs."/"versus"."""
    if ti == 0 or ctx.lowers[ti - 1] not in VOCAB.versus_markers:
        return None
    if ti >= 2 and ctx.lowers[ti - 2] not in {")"} and not ctx.lowers[ti - 2][:1].isdigit():
        return None  # "X vs. 0.8": only a value-to-value comparison
    rivals = {m.name for m in methods if m.sentence == sent and m.compared}
    return rivals.pop() if len(rivals) == 1 else None


def clause_subject(ctx: DocContext, ti: int, methods: list[Tagged]) -> Tagged | None:
    """A method right before a result verb earlier in the value's clause ("(e.g.,
    Gemini-2.5-Pro gains only +1.8%, while DeepSeek-R1 declines by -0.1%)")."""
    clause = ctx.clause_of[ti]
    best = None
    for m in methods:
        if m.clause != clause or m.end >= ti or m.end >= len(ctx.lowers):
            continue
        if cued(ctx, _VERB_CUES, m.end, m.end + 1):
            best = m if best is None or m.end > best.end else best
    return best


def pronoun_subject(ctx: DocContext, ti: int, methods: list[Tagged]) -> Tagged | None:
    """The method an "it" before a result verb in the value's clause stands for: the last
    method before it, in its sentence or the one before, that is no rival ("to GPT-4") or
    instrument, a verb's subject first ("... based on a fine-tuned U-Net with a VGG16
    encoder. It achieves 97.1% accuracy")."""
    clause, sent, lows = ctx.clause_of[ti], ctx.sent_of[ti], ctx.lowers
    first = max(0, ti - int(weights("owners")["pronoun_window"]))
    k = ti - 1
    while k >= first and ctx.clause_of[k] == clause and lows[k] not in VOCAB.method_pronouns:
        k -= 1
    if k < first or ctx.clause_of[k] != clause:
        return None
    verb = next_content(lows, k, 2)
    if verb is None or not cued(ctx, _VERB_CUES, verb, verb + 1):
        return None
    before = [
        m
        for m in methods
        if m.end <= k
        and sent - 1 <= m.sentence <= sent
        and not m.compared
        and not m.instrument
        and not (m.start and lows[m.start - 1] in VOCAB.rival_prepositions)
    ]
    subjects = [m for m in before if _subject(ctx, m.end)]
    pool = subjects or before
    return max(pool, key=lambda m: m.end) if pool else None


def _subject(ctx: DocContext, end: int, appositive: int = 8) -> bool:
    """True when a result verb follows a name ending at `end`, right after it or after an
    appositive between commas ("Llama-3, an open-source model, performs comparably")."""
    lows = ctx.lowers
    if end >= len(lows):
        return False
    if lows[end] == ",":
        close = next(
            (j for j in range(end + 1, min(len(lows), end + appositive)) if lows[j] == ","), None
        )
        end = close + 1 if close is not None else end
    verb = next_content(lows, end - 1, 2)
    return verb is not None and cued(ctx, _VERB_CUES, verb, verb + 1)
