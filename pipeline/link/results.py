"""Results: each outcome-reporting number with its kind and the names it belongs to."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import pairwise
from typing import cast

from spacy.tokens import Doc

from pipeline.link.context import DocContext
from pipeline.link.metrics import before_hedges
from pipeline.link.owners import (
    clause_subject,
    count_source_dataset,
    dataset_right_after,
    describes_data,
    fronted_dataset,
    glued_count_dataset,
    items_of_dataset,
    labelled_method,
    metric_right_after,
    nearest,
    own_method_noun,
    pronoun_subject,
    scene_dataset,
    subject_method,
    versus_method,
)
from pipeline.link.result_kind import (
    by_right_before,
    is_result_number,
    points_follow,
    result_kind,
)
from pipeline.link.tags import ResultDraft, Tagged, weights
from pipeline.link.value_lists import (
    continues_list,
    distribute,
    units_written_once,
    value_lists,
)
from pipeline.nlp.tokenizer import doc_text, indices_of
from pipeline.resources import VOCAB

__all__ = ["ResultDraft", "Tagged", "extract_results", "link_result"]


def link_result(
    draft: ResultDraft,
    ti: int,
    ctx: DocContext,
    doc: Doc,
    metrics: list[Tagged],
    datasets: list[Tagged],
    methods: list[Tagged],
    main_method: str | None,
    proposed: Sequence[str] = (),
    own_datasets: Sequence[str] = (),
) -> None:
    """Attach metric, dataset and method to one result from its clause and sentence."""
    sent, clause = ctx.sent_of[ti], ctx.clause_of[ti]
    te = ctx.token_at(draft.end - 1) + 1
    if draft.kind != "count":
        in_clause = [m for m in metrics if m.clause == clause]
        named_after = te < len(ctx.lowers) and _bound_head(ctx.lowers[te])  # "4.2x speedup"
        before = [] if named_after else [m for m in in_clause if m.start < te]
        hit = (
            metric_right_after(in_clause, te, ctx.lowers)
            or nearest(before, ti)
            or nearest(unclaimed_after(ctx, doc, in_clause, te), ti)
        )
        other = hit is not None and (
            _labels_other_phrase(ctx, ti, hit, metrics) or _changes_other_phrase(ctx, ti, hit)
        )
        draft.metric = hit.name if hit and not other else None
        if draft.metric is None and not other:
            draft.metric = metric_before_colon(ctx, ti, metrics)
        if draft.metric is None and not other:
            draft.metric = metric_of_margin(ctx, ti, metrics)
        if draft.metric is None and not other and ti >= 2 and ctx.lowers[ti - 1] == ",":
            label = next((m for m in metrics if m.end == ti - 1), None)
            draft.metric = label.name if label else None  # "(AU ROC, 0.91)"
        if draft.metric is None and not other:
            draft.metric = metric_before_parenthesis(ctx, ti, metrics)
        if draft.metric is None and not other:
            draft.metric = metric_of_earlier_clause(ctx, ti, te, draft, metrics)
        in_clause_ds = [d for d in datasets if d.clause == clause]
        hit = dataset_right_after(datasets, te, ctx) or nearest(in_clause_ds, ti)
        draft.dataset = hit.name if hit else scene_dataset(datasets, doc, ctx, ti)
        if draft.dataset is None:
            in_sentence = {d.name for d in datasets if d.sentence == sent}
            draft.dataset = in_sentence.pop() if len(in_sentence) == 1 else None
        if draft.dataset is None:
            draft.dataset = anaphoric_dataset(ctx, sent, datasets, own_datasets)
    elif describes_data(ctx, clause, datasets):  # "TouchSafeBench contains 2,940 episodes"
        before = [d for d in datasets if d.clause == clause and d.end <= ti]
        hit = (
            dataset_right_after(datasets, te, ctx)
            or glued_count_dataset(datasets, draft.end, te, ctx)
            or items_of_dataset(datasets, te, ctx)
            or nearest(before, ti)
            or count_source_dataset(datasets, te, ctx)
        )
        draft.dataset = hit.name if hit else None  # not "1,436 scenarios including HarmBench"
        if draft.dataset is None:  # "We introduce X, a benchmark of 41 scenarios spanning 258"
            draft.dataset = appositive_dataset(ctx, ti, sent, datasets, methods)
        if draft.dataset is None:  # "Comprising over 100,000 images ..., MedHallTune includes"
            hit = fronted_dataset(datasets, ti, ctx)
            draft.dataset = hit.name if hit else None
        if draft.dataset is None:  # "The dataset contains over 601,000 annotations"
            draft.dataset = anaphoric_dataset(ctx, sent, datasets, own_datasets)
    else:  # "We introduce AMNESIA, the first ... benchmark for X, with 70,560 QA pairs"
        draft.dataset = appositive_dataset(ctx, ti, sent, datasets, methods)
        if draft.dataset is None:
            hit = (
                items_of_dataset(datasets, te, ctx)
                or count_source_dataset(datasets, te, ctx)
                or fronted_dataset(datasets, ti, ctx)
            )
            draft.dataset = hit.name if hit else None
        if draft.dataset is None:  # "We release ShotFinder, a benchmark ... It comprises 1,210"
            draft.dataset = pronoun_dataset(ctx, sent, datasets, own_datasets)
    versus = versus_method(ctx, ti, sent, methods)
    if versus is not None:  # "matches BioBERT-ST on MRR (0.876 vs. 0.866)": B is the rival's
        draft.method = versus
        return
    labelled = labelled_method(ctx, draft, methods)
    if labelled is not None:  # "51.05% (ANN), 53.27% (GBNN)"
        draft.method = labelled
        return
    if draft.kind == "count" and counts_material(ctx.lowers, ti, te):
        draft.method = None  # "trained with 1,186 CTAs": a figure of the data, not the method's
        return
    own = [m for m in methods if m.sentence == sent and not m.compared]
    own = [m for m in own if not m.instrument or m.name == main_method]
    method_in_clause = any(m.clause == clause and not m.instrument for m in own)
    if draft.kind == "count" and draft.dataset is not None and not method_in_clause:
        draft.method = None  # "RPM-10K, which contains 10730 images": a figure of the dataset
        return
    if draft.kind == "count" and describes_data(ctx, clause, datasets) and not method_in_clause:
        draft.method = None  # "a benchmark of 250 problems": a figure of the data
        return
    same_clause = [m for m in own if m.clause == clause]
    hit = (
        clause_subject(ctx, ti, own)
        or subject_method(ctx, sent, own)
        or pronoun_subject(ctx, ti, methods)
        or nearest(same_clause, ti)
        or nearest(own, ti)
    )
    noun = own_method_noun(ctx, sent)
    ours = hit is not None and (hit.name == main_method or hit.name in proposed)
    if main_method and noun and not ours:
        hit = None  # "our framework ... (65.6% with LLaVA)": the number is the paper's method's
        # (a method the paper proposes, named there, is that method: "our method, RT-SFOD")
        main_method = next((p for p in proposed if p.lower().endswith(noun)), main_method)
    if hit is None and _others_in_clause(ctx, ti):
        main_method = None  # "Even frontier models achieve under 70% accuracy"
    draft.method = hit.name if hit else main_method


def counts_material(lowers: list[str], ti: int, te: int) -> bool:
    """True when the word before the number `ti:te` (hedges skipped) is one of
    `material_prepositions` ("evaluated on 37,448 queries", "a set of over 600k cells") and
    none of the next three words is a `model_size_nouns` ("with only 10M trainable
    parameters")."""
    i = before_hedges(lowers, ti - 1)
    if i < 0 or lowers[i] not in VOCAB.material_prepositions:
        return False
    return VOCAB.model_size_nouns.isdisjoint(lowers[te : te + 3])


def _others_in_clause(ctx: DocContext, ti: int) -> bool:
    """True when the value's clause opens on other systems or people ("Even frontier models
    achieve", "naive agents hallucinate on 30.5%"): a plural of `other_system_nouns` before the
    value, outside a comparison ("outperforming SOTA methods by 5.1%") and a prepositional
    phrase ("for unknown attacks"), in a clause that says nothing of the paper's own ("our")."""
    lows, clause = ctx.lowers, ctx.clause_of[ti]
    first, end = bisect_left(ctx.clause_of, clause), bisect_right(ctx.clause_of, clause)
    if not VOCAB.own_markers.isdisjoint(lows[first:end]):
        return False
    return any(
        lows[k] in VOCAB.other_system_nouns
        and not ctx.comparison[k]
        and (k == 0 or lows[k - 1] not in {"these", "such"})  # "scaling these models": ours
        and _bare_noun(ctx, first, k)
        for k in range(first, ti)
    )


def _bare_noun(ctx: DocContext, first: int, k: int) -> bool:
    """True when no preposition governs token k within the three words before it."""
    for j in range(k - 1, max(first, k - 4) - 1, -1):
        low = ctx.lowers[j]
        if low in VOCAB.governing_prepositions or low in VOCAB.value_dataset_prepositions:
            return False
        if not low.isalpha():
            return True
    return True


def anaphoric_dataset(
    ctx: DocContext, sent: int, datasets: list[Tagged], own: Sequence[str] = ()
) -> str | None:
    """The abstract's one dataset (else the one dataset it introduces), when the value's
    sentence refers to it by a data noun after a definite or possessive determiner: "The
    dataset contains over 601,000 annotations", "on our challenging benchmark"."""
    names = {d.name for d in datasets}
    if len(names) != 1:
        names = set(own)
    if len(names) != 1:
        return None
    lows, (start, end) = ctx.lowers, ctx.sent_bounds[sent]
    for k in range(start, end):
        if lows[k] in VOCAB.data_nouns and any(
            lows[j] in VOCAB.anaphoric_determiners for j in range(max(start, k - 2), k)
        ):
            return names.pop()
    return None


def pronoun_dataset(
    ctx: DocContext, sent: int, datasets: list[Tagged], own: Sequence[str] = ()
) -> str | None:
    """The abstract's one dataset (else the one it introduces) when the value's sentence
    opens with a pronoun and a composition verb right after a sentence naming that dataset:
    "We curate ShotFinder, a benchmark for shot retrieval. It comprises 1,210 samples"."""
    names = {d.name for d in datasets}
    if len(names) != 1:
        names = set(own)
    if len(names) != 1 or sent == 0:
        return None
    lows, (start, end) = ctx.lowers, ctx.sent_bounds[sent]
    if end - start < 3 or lows[start] not in VOCAB.anaphoric_pronouns:
        return None
    if lows[start + 1] not in VOCAB.data_composition_verbs:
        return None
    name = next(iter(names))
    if not any(d.name == name and d.sentence == sent - 1 for d in datasets):
        return None
    return name


def unclaimed_after(ctx: DocContext, doc: Doc, metrics: list[Tagged], te: int) -> list[Tagged]:
    """The metrics after token te that no other value claims first: another number between
    takes the metric unless it continues the value's list ("by 6.7% and 3.1% of AUROC"; but
    "trains 1.75x faster and uses 99.01% less memory": memory is the second value's); a
    metric right before the "from" of a change is that change's."""
    starts = cast("list[int] | None", ctx.memo.get(("number_tokens", -1)))
    if starts is None:
        starts = ctx.memo["number_tokens", -1] = sorted(
            ctx.token_at(n["start"]) for n in ctx.numbers
        )
    froms = cast("set[int] | None", ctx.memo.get(("from_tokens", -1)))
    if froms is None:
        froms = ctx.memo["from_tokens", -1] = {
            ctx.token_at(n["from_start"]) for n in ctx.numbers if n["from_start"] is not None
        }
    out = []
    for m in metrics:
        if m.start < te:
            continue
        if m.end + 1 in froms and ctx.lowers[m.end] == "from":
            continue  # "the Novelty from 0.1 to 0.4 and the Diversity from 0.24 to 0.55"
        k = bisect_left(starts, te)
        between = ctx.lowers[te : starts[k]] if k < len(starts) and starts[k] < m.start else []
        if all(w in _LIST_LINKS for w in between):
            out.append(m)
    return out


_LIST_LINKS = frozenset({",", "and", "or", "&"})


def appositive_dataset(
    ctx: DocContext, ti: int, sent: int, datasets: list[Tagged], methods: list[Tagged]
) -> str | None:
    """The dataset a count describes in the same sentence: the one dataset before the count,
    no other name between, and a data noun between them ("ClawArena-Team, a benchmark of 41
    scenarios spanning 258 rounds"), an appositive whose data noun heads the count's own
    phrase ("5WBENCH, a balanced 5,000-sample benchmark", "MV-MATH: a curated dataset of
    2,009 problems"), or a verb of holding right after the name or its relative pronoun
    ("LongDS comprises 68 tasks ..., spanning 2,225 turns", "RPM-10K, which contains 10730
    meter images")."""
    before = [d for d in datasets if d.sentence == sent and d.end <= ti]
    if len({d.name for d in before}) != 1:
        return None
    d = max(before, key=lambda d: d.end)
    if any(d.end <= m.start < ti for m in methods):
        return None
    between = ctx.lowers[d.end : ti]
    if ";" in between:
        return None
    if ":" not in between and not VOCAB.data_nouns.isdisjoint(between):
        return d.name
    joined = any(a == "," and b in {"and", "or"} for a, b in pairwise(between))
    relative = not VOCAB.relative_pronouns.isdisjoint(between[:2])  # "X, which contains"
    lead = between[: 3 if relative else 2]
    if not VOCAB.data_composition_verbs.isdisjoint(lead) and ":" not in between:
        return None if joined else d.name  # "X comprises", "X, comprising" (not ", and (ii)")
    if not between or between[0] not in {",", ":"} or ":" in between[1:]:
        return None  # an appositive opens right after the name, its colon the only one
    if _described_then_composed(between):  # "TrialsBank, a ... database ..., comprising 13,700"
        return d.name
    if not {",", "and", "or"}.isdisjoint(between[1:]):
        return None  # one phrase: not "(TXIT), comprising 300 items, and (ii) a set of 60"
    if ctx.cue_list("SETTING_PREPOSITION", max(0, d.start - 1), d.start):
        return None  # "On BEAM, a 700-question benchmark, it reaches": the scene, no new data
    heads = _data_heads()
    return d.name if not heads.isdisjoint(between) or _count_phrase_headed(ctx, ti, heads) else None


def _described_then_composed(between: list[str]) -> bool:
    """True for an appositive that calls the name data, closed by a comma and a verb of
    holding: ", a proprietary AI-ready database developed by Sorintellis, comprising"."""
    if len(between) < 4 or between[0] != ",":
        return False
    last = len(between) - 1 - between[::-1].index(",")
    verb = (
        last + 2
        if between[last + 1 : last + 2] and between[last + 1] in VOCAB.relative_pronouns
        else last + 1
    )
    if verb >= len(between) or between[verb] not in VOCAB.data_composition_verbs:
        return False
    if len(between) - verb > 3:
        return False  # the count follows the verb closely: "comprising over 13,700"
    phrase = between[1:last]
    heads = _data_heads()
    return {",", "and", "or"}.isdisjoint(phrase) and not heads.isdisjoint(phrase)


def _count_phrase_headed(ctx: DocContext, ti: int, heads: frozenset[str]) -> bool:
    """True when a data noun heads the noun phrase the count opens ("a 270K-sample ... corpus
    for", "a balanced 5,000-sample benchmark with"), before any word that ends the phrase."""
    end = ctx.sent_bounds[ctx.sent_of[ti]][1]
    window = int(weights("owners")["count_phrase_window"])
    for k in range(ti + 1, min(end, ti + 1 + window)):
        if ctx.lowers[k] in heads:
            return True
        if ctx.lowers[k] in VOCAB.count_phrase_breaks:
            return False
    return False


def metric_of_margin(ctx: DocContext, ti: int, metrics: list[Tagged]) -> str | None:
    """The one measure named before a comparison in the value's sentence, for a margin "by
    N" after it: "achieves an IoU of 62.5%, outperforming SOTA methods by 5.1%"."""
    if not by_right_before(ctx.lowers[max(0, ti - 4) : ti]):
        return None
    by = next(j for j in range(ti - 1, -1, -1) if ctx.lowers[j] == "by")  # not "more than"
    sent = ctx.sent_of[ti]
    cues = ctx.cue_list("COMPARISON_CUE", ctx.sent_bounds[sent][0], by)
    if not cues or "," in ctx.lowers[cues[-1] : ti] or ctx.clause_of[cues[-1]] != ctx.clause_of[ti]:
        return None  # "higher than SVM (90.2%), with computation time reduced by 55%"
    names = {m.name for m in metrics if m.sentence == sent and m.end <= cues[-1]}
    return names.pop() if len(names) == 1 else None


def _labels_other_phrase(ctx: DocContext, ti: int, hit: Tagged, metrics: list[Tagged]) -> bool:
    """True when the value opens a parenthesis right after a phrase of plain lower-case words
    coordinated with the metric found ("citation rate (17.3 percent) and subjective quality
    (18.5 percent)"): the parenthesis gives the value of that phrase, not of the metric."""
    lows, words = ctx.lowers, ctx.words
    j = _before_hedge_words(lows, ti - 1)
    if j < 2 or lows[j] != "(" or any(m.end == j for m in metrics) or hit.end >= j - 1:
        return False
    between = range(hit.end, j)
    joined = [k for k in between if lows[k] in {"and", ","}]
    if not joined or len(between) > 12:
        return False
    plain = [k for k in between if k > joined[-1]]
    return 1 <= len(plain) <= 3 and all(words[k].isalpha() and words[k].islower() for k in plain)


def _changes_other_phrase(ctx: DocContext, ti: int, hit: Tagged) -> bool:
    """True when the value is the size of a change whose own measure, plain lower-case words
    right before the change noun, is not the metric found ("high accuracy of 0.84 with a
    [gate count] reduction of 20%"): the value belongs to that phrase, whatever it names;
    not for a vague or modifying word there ("an average performance improvement of 8%")."""
    lows, words = ctx.lowers, ctx.words
    j = _before_hedge_words(lows, ti - 1)
    if j < 2 or lows[j] not in ("of", "by") or lows[j - 1] not in VOCAB.measure_change_nouns:
        return False
    k = j - 2
    if hit.start > ti or hit.end == k + 1:
        return False  # "gains of 18.2 points in MRR", "an energy efficiency boost of 2x"
    if not (words[k].replace("-", "").isalpha() and words[k].islower()):
        return False
    last = lows[k]
    return not (
        last in VOCAB.link_words
        or last in VOCAB.result_verbs
        or last in VOCAB.finding_verbs
        or last in VOCAB.performance_verbs
        or last in VOCAB.vague_measure_nouns
        or last in VOCAB.evaluative_adjectives
        or last in VOCAB.change_nouns
        or last.endswith(tuple(VOCAB.modifier_endings))
    )


def _before_hedge_words(lows: list[str], i: int) -> int:
    """Token i, or the last token before the hedge words that end at it ("(up to 45%")."""
    while i >= 0 and lows[i] in VOCAB.by_fillers and lows[i] not in {"(", "of", "a", "an"}:
        i -= 1
    return i


def metric_before_parenthesis(ctx: DocContext, ti: int, metrics: list[Tagged]) -> str | None:
    """The one metric of the clause a parenthesis holding token ti hangs on, when the
    parenthesis names none: "improves accuracy on diverse benchmarks (e.g., +8.8% on AIME
    24)"."""
    lows, sent = ctx.lowers, ctx.sent_of[ti]
    start = ctx.sent_bounds[sent][0]
    j = ti - 1
    while j > start and lows[j] not in {"(", ")"}:
        j -= 1
    if j <= start or lows[j] != "(":
        return None
    if any(j < m.start < ti + 8 and m.sentence == sent for m in metrics):
        return None  # the parenthesis names its own measure (or one soon after the value)
    clause = ctx.clause_of[j - 1]
    names = {m.name for m in metrics if m.clause == clause and m.end <= j}
    return names.pop() if len(names) == 1 else None


def metric_of_earlier_clause(
    ctx: DocContext, ti: int, te: int, draft: ResultDraft, metrics: list[Tagged]
) -> str | None:
    """The one measure named in the clauses before a value's clause in its sentence, when the
    value, naming no measure of its own, is a change: "improves reasoning accuracy, achieving
    gains of up to 24.6%" (a change noun governs the value) or "boosts success rates,
    improving X from 38.8% to 55.7%" (a change verb opens the clause of a from-to)."""
    sent, clause, lows = ctx.sent_of[ti], ctx.clause_of[ti], ctx.lowers
    start = ti
    while start > ctx.sent_bounds[sent][0] and ctx.clause_of[start - 1] == clause:
        start -= 1
    if start == ctx.sent_bounds[sent][0]:
        return None  # the value's clause opens the sentence
    after = _change_noun_after(lows, te)
    if not after and te < len(lows) and lows[te].isalpha() and lows[te] not in VOCAB.link_words:
        return None  # "an average 2.81x speedup": the value's own measure follows it
    if any(_bound_head(w) for w in lows[start:ti]):
        return None  # "while cost drops to 48.9%": the clause names its own measure
    j = ti - 1
    while j > start and (lows[j] in VOCAB.by_fillers or lows[j] in {"of", "("}):
        j -= 1
    opener = next((k for k in range(start, ti) if lows[k].isalpha()), ti)
    governed = lows[j] in VOCAB.change_nouns or after
    moved = draft.from_value is not None and lows[opener] in VOCAB.measure_change_verbs
    if not (governed or moved):
        return None
    names = {m.name for m in metrics if m.sentence == sent and m.end <= start}
    return names.pop() if len(names) == 1 else None


def _change_noun_after(lows: list[str], te: int) -> bool:
    """True when change nouns follow the value and name no measure of their own after them:
    "a 53.3 percentage-point [absolute gain] over", not "a 30% reduction in compute" or "a 9%
    improvement for pre-training evals"."""
    k = te
    while k < len(lows) and k < te + 3 and lows[k] in VOCAB.change_nouns:
        k += 1
    return k > te and (k >= len(lows) or lows[k] not in ("in", "of", "for"))


_COLON = frozenset({":"})


def metric_before_colon(ctx: DocContext, ti: int, metrics: list[Tagged]) -> str | None:
    """The one metric of the clause a colon closes right before token ti's clause: "improves
    resolved rate across all backbones: pooled performance increases from 44.7% to 48.9%"."""
    clause = ctx.clause_of[ti]
    k = bisect_left(ctx.clause_of, clause)  # the clause's first token (ids grow through the doc)
    colons = cast("list[int] | None", ctx.memo.get(("colons", -1)))
    if colons is None:
        colons = ctx.memo["colons", -1] = indices_of(ctx.lowers, _COLON)
    last = bisect_left(colons, ti) - 1  # a colon inside the clause, before the value
    if last >= 0 and colons[last] >= k:
        k = colons[last] + 1
    if k < 2 or ctx.lowers[k - 1] != ":" or ctx.sent_of[k - 2] != ctx.sent_of[ti]:
        return None
    names = {m.name for m in metrics if m.clause == ctx.clause_of[k - 2]}
    return names.pop() if len(names) == 1 else None


def extract_results(
    doc: Doc,
    ctx: DocContext,
    metrics: list[Tagged],
    datasets: list[Tagged],
    methods: list[Tagged],
    main_method: str | None,
    taken: list[tuple[int, int]],
    proposed: Sequence[str] = (),
    own_datasets: Sequence[str] = (),
) -> list[ResultDraft]:
    """Every outcome-reporting number of the doc with its kind and links."""
    metric_tokens = {i for m in metrics for i in range(m.start, m.end)}
    dataset_tokens = {i for d in datasets for i in range(d.start, d.end)}
    numbers = [
        n for n in ctx.numbers if not any(n["start"] < te and ts < n["end"] for ts, te in taken)
    ]
    numbers = units_written_once(numbers, doc_text(doc))
    name_tokens = frozenset(i for m in methods for i in range(m.start, m.end))
    accepted = [
        is_result_number(n, doc, ctx, metric_tokens, dataset_tokens, name_tokens) for n in numbers
    ]
    for k, n in enumerate(numbers):  # both ends of a range stand or fall together
        if n["range_low"] and k + 1 < len(numbers) and numbers[k + 1]["range_high"]:
            accepted[k] = accepted[k + 1] = accepted[k] or accepted[k + 1]
    text = doc_text(doc)
    last = None  # "scores of 41.2, 18.7 and 38.3": a list shares its fate, over the numbers
    for k in range(len(numbers)):  # of labels between ("0.79 for Subtask 1, 0.46 for ...")
        if not accepted[k] and last is not None:
            accepted[k] = continues_list(numbers[last], numbers[k], text)
        if accepted[k]:
            last = k
    out = []
    for num, ok in zip(numbers, accepted, strict=True):
        if not ok:
            continue
        s, e = num["start"], num["end"]
        ti = ctx.token_at(s)
        if num["unit"] is None and points_follow(ctx, ctx.token_at(e - 1) + 1, metric_tokens):
            num = {**num, "unit": "points"}  # "4 WER points"
        from_span = (num["from_start"], num["from_end"]) if num["from_start"] is not None else None
        draft = ResultDraft(
            s,
            e,
            num["value"],
            num["unit"],
            result_kind(num, doc, ctx, metric_tokens),
            num["from_value"],
            from_span,
            ctx.sent_of[ti],
        )
        if num["unit"] == "%" and _share_of_method(ctx, ctx.token_at(e - 1) + 1, methods):
            draft.kind = "ratio"  # "uses only 2% of LoRA's parameters"
        link_result(
            draft, ti, ctx, doc, metrics, datasets, methods, main_method, proposed, own_datasets
        )
        out.append(draft)
    _share_range_kinds(out, ctx.numbers, doc_text(doc))
    _rival_figures(out, ctx, methods)
    _continued_figures(out, ctx, metrics)
    _anticipated_figures(out, ctx, metrics)
    kept = [n for n, ok in zip(numbers, accepted, strict=True) if ok]
    for chain in value_lists(kept, doc_text(doc)):
        members = [out[k] for k in chain]
        distribute(chain, members, ctx, metrics, datasets, methods)
        head = members[0]
        for d in members[1:]:  # "(+0.017 Spanish, +0.033 Catalan)": a list shares its reading
            if d.sentence != head.sentence:
                continue
            if d.kind == "count" and head.kind != "count":
                continue  # "needs 12.5 GFLOPs and 3.2M parameters": a count of its own
            d.metric = d.metric or head.metric
            if head.kind in ("change", "ratio") and d.kind == "score":
                d.kind = head.kind  # "a reduction of between 35% and 57%"
    return out


def _rival_figures(results: list[ResultDraft], ctx: DocContext, methods: list[Tagged]) -> None:
    """A figure set against the value before it in its sentence reports the same measure:
    a rival's figure in parentheses ("a mean accuracy of 92.8%, outperforming GPT-4 (78.8%)")
    or after "at" ("followed by DeepSeek-R1 at 64.07%") or after a comparison ("a success
    rate of 40%, compared to 17.5% for the baseline", "0.93 vs. 0.87"); and the change right
    after a transition is the transition's ("MRR 0.755 to 0.876, +15.9%")."""
    lows, ends = ctx.lowers, {m.end for m in methods}
    for prev, d in pairwise(results):
        if d.metric is not None or prev.metric is None or d.sentence != prev.sentence:
            continue
        ts, te = ctx.token_at(d.start), ctx.token_at(d.end - 1) + 1
        if d.kind == "change" and prev.from_value is not None and prev.kind != "change":
            between = lows[ctx.token_at(prev.end - 1) + 1 : ts]
            if between and set(between) <= {",", "(", ";"}:
                d.metric = prev.metric  # "MRR 0.755 to 0.876, +15.9%": the transition's change
            continue
        if (d.unit, d.kind) != (prev.unit, prev.kind):
            continue
        labelled = lows[ts - 1] == "(" and ts - 1 in ends and te < len(lows) and lows[te] == ")"
        labelled = labelled or (lows[ts - 1] == "at" and ts - 1 in ends)  # "followed by X at N"
        if labelled or _set_against(lows, ts):
            d.metric = prev.metric


def _continued_figures(results: list[ResultDraft], ctx: DocContext, metrics: list[Tagged]) -> None:
    """A figure that continues the value before it in its sentence, with no measure named
    between them (the earlier value's own label right after it aside), reports the same
    measure: "reduced word error rate to 15.8% with 1.4 hours, reached 10.7% with 22.5 hours,
    and achieved the best result of 9.7%", "achieves 64.67% accuracy on X, while the teacher
    achieves 91.40%"."""
    starts = sorted(m.start for m in metrics)
    named_at = {(m.start, m.name): m.end for m in metrics}  # the label right after a figure
    for k, d in enumerate(results):
        if d.metric is not None or d.from_value is not None:
            continue  # "reducing the cross-lingual gap from 3.3 to 1.4pp": its own subject
        earlier = [p for p in reversed(results[:k]) if p.sentence == d.sentence]
        prev = next((p for p in earlier if (p.unit, p.kind) == (d.unit, d.kind)), None) or next(
            (p for p in earlier if p.unit == d.unit and {p.kind, d.kind} == _SCORE_OR_CHANGE),
            None,
        )  # "an accuracy of up to 61% for one tier, and 72% for another": a change, a score
        if prev is None or prev.metric is None:
            continue
        pe, ds = ctx.token_at(prev.end - 1) + 1, ctx.token_at(d.start)
        if (pe, prev.metric) in named_at:  # "64.67% accuracy on X, while Y achieves 91.40%"
            if not _plainly_bare(ctx.lowers, ds, ctx.token_at(d.end - 1) + 1):
                continue  # "reducing trainable parameters by 98%", "+9.6% N@3", "99.5% of"
            pe = named_at[pe, prev.metric]
        j = bisect_left(starts, pe)
        if j < len(starts) and starts[j] < ds:
            continue  # another measure is named between them
        if any(_bound_head(w) for w in ctx.lowers[pe:ds]):
            continue  # "RMSE 0.52 ..., and with a correlation of 0.77": a measure of its own
        if not _open_after(ctx.lowers, ctx.token_at(d.end - 1) + 1):
            continue  # "at 99.3% security": the word after the value names its measure
        if ds >= 2 and ctx.lowers[ds - 1] == "(" and ctx.lowers[ds - 2].isalpha():
            continue  # "and long-term user engagement (+23%)": labelled by the words before
        d.metric = prev.metric


_SCORE_OR_CHANGE = frozenset(("score", "change"))


def _plainly_bare(lows: list[str], ts: int, te: int) -> bool:
    """True when the value at `ts:te` is not the object of "by" and what follows it is
    punctuation or a link word other than "of": nothing near it names what it measures."""
    if ts >= 1 and lows[ts - 1] == "by":
        return False
    if te >= len(lows):
        return True
    nxt = lows[te]
    return not any(c.isalnum() for c in nxt) or (nxt in VOCAB.link_words and nxt != "of")


def _anticipated_figures(
    results: list[ResultDraft], ctx: DocContext, metrics: list[Tagged]
) -> None:
    """A figure joined by "and" or a comma to the next one in its sentence, which names its
    measure right after it, reports that measure too when nothing names one between them:
    "attains 15.1% without search and 36.0% accuracy with rollout"."""
    after = {(m.start, m.name) for m in metrics}
    starts = sorted(m.start for m in metrics)
    for d, nxt in pairwise(results):
        if d.metric is not None or d.from_value is not None or nxt.sentence != d.sentence:
            continue
        if nxt.metric is None or (nxt.unit, nxt.kind) != (d.unit, d.kind):
            continue
        de, ns = ctx.token_at(d.end - 1) + 1, ctx.token_at(nxt.start)
        if (ctx.token_at(nxt.end - 1) + 1, nxt.metric) not in after:
            continue  # the next figure's measure is not named right after it
        j = bisect_left(starts, de)
        between = ctx.lowers[de:ns]
        if (j < len(starts) and starts[j] < ns) or any(_bound_head(w) for w in between):
            continue
        if "and" in between or "," in between:
            d.metric = nxt.metric


def _bound_head(word: str) -> bool:
    """A measure head or its plural ("correlation", "success rates")."""
    heads = VOCAB.bound_measure_heads
    return word in heads or (word.endswith("s") and word[:-1] in heads)


def _open_after(lows: list[str], te: int) -> bool:
    """True when nothing after a value (token te on) names what it measures: the sentence
    or clause ends, or a function word or the opener of a condition follows ("reached 10.7%
    with 22.5 hours", "the best result of 9.7% when using all data")."""
    if te >= len(lows):
        return True
    nxt = lows[te]
    return (
        not nxt.isalpha()
        or nxt in VOCAB.link_words
        or nxt in VOCAB.clause_breaks
        or nxt in VOCAB.condition_openers
    )


def _set_against(lows: list[str], ts: int) -> bool:
    """True when a comparison marker stands right before token ts ("vs.", "compared to")."""
    if ts >= 1 and lows[ts - 1] in VOCAB.versus_markers:
        return True
    return ts >= 2 and lows[ts - 2] in VOCAB.against_words and lows[ts - 1] in {"to", "with"}


def _share_of_method(ctx: DocContext, te: int, methods: list[Tagged]) -> bool:
    """True for "N% of <method>": a share of another method's cost."""
    lows = ctx.lowers
    if te >= len(lows) or lows[te] != "of":
        return False
    j = te + 1 + (te + 1 < len(lows) and lows[te + 1] == "the")
    return any(m.start == j for m in methods)


def _share_range_kinds(results: list[ResultDraft], numbers: list[dict], text: str) -> None:
    """Both ends of a range get the kind and links of the high end; a range after "by" is a
    range of changes ("reduces memory usage by 76.64% to 79.84%")."""
    by_start = {r.start: r for r in results}
    lows = [n for n in numbers if n["range_low"]]
    highs = [n for n in numbers if n["range_high"]]
    for lo, hi in zip(lows, highs, strict=False):
        a, b = by_start.get(lo["start"]), by_start.get(hi["start"])
        if a and b:
            if b.kind == "score" and text[max(0, lo["start"] - 4) : lo["start"]] == " by ":
                b.kind = "change"
            a.kind, a.metric, a.dataset, a.method = b.kind, b.metric, b.dataset, b.method
            a.unit = a.unit or b.unit


@cache
def _data_heads() -> frozenset[str]:
    """Nouns that head a phrase naming data ("corpus", "benchmark", "dataset")."""
    return VOCAB.data_nouns | VOCAB.dataset_heads
