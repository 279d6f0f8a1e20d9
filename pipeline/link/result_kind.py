"""Which numbers report outcomes, and their kind (score, change, ratio, count)."""

from __future__ import annotations

from spacy.tokens import Doc

from pipeline.link.context import DocContext
from pipeline.link.tags import cued, weights
from pipeline.nlp.tokenizer import doc_lowers, doc_text
from pipeline.resources import VOCAB, named_regex


def _year_span(num: dict, lo: float, hi: float) -> bool:
    """True when a "from A to B" number and its start are both bare years ("from 1941 to
    2015"), the later one last."""
    low, high = num["from_value"], num["value"]
    bare = num["unit"] is None and num["is_integer"] and not num["grouped"]
    years = all(float(v).is_integer() and lo <= v <= hi for v in (low, high))
    return bare and years and low < high


def is_result_number(
    num: dict,
    doc: Doc,
    ctx: DocContext,
    metric_tokens: set[int],
    dataset_tokens: set[int],
    name_tokens: frozenset[int] = frozenset(),
) -> bool:
    """Reject years, section numbers, small bare counts, and unitless decimals that neither
    share a clause with a metric or dataset nor follow a performance verb."""
    limits = weights("result_numbers")
    ti = ctx.token_at(num["start"])
    lowers = doc_lowers(doc)
    prev = lowers[ti - 1] if ti > 0 else ""
    if prev in VOCAB.skip_number_after:
        return False
    if num["is_fraction"] and num["unit"] is None and ti - 1 in name_tokens:
        return False  # "LLaMa 2/3": the versions of a named model, not a share
    lo, hi = limits["year_min"], limits["year_max"]
    if num["from_value"] is not None and _year_span(num, lo, hi):
        return False  # "speeches from 1941 to 2015": a period, not a change
    if num.get("signed") or num["from_value"] is not None:
        return True  # "+0.157": an explicit gain; "from 3.16 to 4.04": a reported change
    text = doc_text(doc)
    if text[num["end"] - 4 : num["end"]].lower() == "fold" and named_regex(
        "cross_validation_after"
    ).match(text, num["end"]):
        return False  # "5-fold cross-validation": the evaluation protocol
    bare = num["unit"] is None and not num["is_fraction"] and not num["has_magnitude"]
    if bare and amount_of_data(ctx, num):
        return True  # "we collected 92 hours of read speech"
    if bare and num["is_integer"] and _sample_size(lowers, ti):
        return True  # "cohorts receiving TI (n=51) or DBS (n=55)"
    if bare and _statistic(lowers, ti):
        return True  # "a candidate mediator (r=0.35)": a correlation the analysis found
    if (
        bare
        and _physical_unit_after(ctx, num)
        and (
            not num["is_integer"]
            or _after_to_or_by(lowers, ti)
            or cued(ctx, _RESULT_CUES, max(0, ti - 3), ti)
        )
    ):
        return True  # "reduces energy to 0.28 kWh", "to just 59 KB": a measured quantity
    if (
        bare
        and num["is_integer"]
        and named_regex("angle_modifier").match(doc_text(doc), num["end"])
        and not _after_to_or_by(lowers, ti)
        and not cued(ctx, _RESULT_CUES, max(0, ti - 3), ti)
    ):
        return False  # "360° VR videos", "a 360-degree camera": a format, not an outcome
    if bare and num["is_integer"] and not num["grouped"] and lo <= num["value"] <= hi:
        return False
    if (
        bare
        and num["is_integer"]
        and not num["grouped"]
        and num["value"] < limits["min_bare_count"]
    ):
        if prev == "by" and _compares_before(ctx, ti):
            return True  # "outperforms AdapterFusion by 4"
        text = doc_text(doc)
        glued = text[num["end"] : num["end"] + 1] == "-" or text[num["start"]] == "0"
        if num["value"] >= 2 and not glued and _counts_data(ctx, ctx.token_at(num["end"] - 1) + 1):
            return True  # "a study with 32 participants", "on 59 KernelBench problems"
        return any(j in metric_tokens for j in range(ti + 1, min(len(doc), ti + 3)))
    if bare and not num["is_integer"]:
        clause = ctx.clause_of[ti]
        if any(ctx.clause_of[j] == clause for j in metric_tokens | dataset_tokens):
            return True
        if ti >= 2 and ctx.lowers[ti - 1] == "(" and ti - 2 in name_tokens:
            return True  # "GPT-5 (0.64)": a method's score
        if ti >= 2 and ctx.lowers[ti - 1] == "," and ti - 2 in metric_tokens:
            return True  # "(AU ROC, 0.91)": a measure and its value
        return cued(ctx, _RESULT_CUES, max(0, ti - 3), ti)  # "accuracy of 0.91", "reaching .9"
    return True


_RESULT_CUES = ("PERFORMANCE_VERB", "SCORE_WORD", "RESULT_VERB")


def _statistic(lowers: list[str], ti: int) -> bool:
    """True when a statistic's symbol and "=" stand right before token ti ("r=0.35")."""
    j = ti - 1 - (ti >= 1 and lowers[ti - 1] in {"-", "−"})  # "r=-0.10"
    return j >= 1 and lowers[j] in {"=", "≈"} and lowers[j - 1] in VOCAB.statistic_symbols


def _sample_size(lowers: list[str], ti: int) -> bool:
    """True when a sample-size symbol and "=" stand right before token ti ("n=51")."""
    return ti >= 2 and lowers[ti - 1] == "=" and lowers[ti - 2] in VOCAB.sample_size_symbols


def _after_to_or_by(lowers: list[str], ti: int) -> bool:
    """True when "to" or "by" comes right before token ti, but for fillers ("to just 59")."""
    j = ti - 1
    while j >= 0 and lowers[j] not in ("to", "by") and lowers[j] in VOCAB.by_fillers:
        j -= 1
    return j >= 0 and lowers[j] in ("to", "by")


def _counts_data(ctx: DocContext, te: int) -> bool:
    """True when a plural noun of data items or participants follows token te after at most
    three words ("32 participants", "59 KernelBench problems", "31 native speakers")."""
    lows = ctx.lowers
    for j in range(te, min(len(lows), te + 4)):
        if lows[j] in VOCAB.data_unit_nouns:
            return True
        if not lows[j][:1].isalpha() or lows[j] in VOCAB.link_words:
            return False  # "across 7 datasets in diverse scenarios": the noun counts no data
    return False


def amount_of_data(ctx: DocContext, num: dict) -> bool:
    """True for a duration that measures data: "92 hours of read speech", "with 22.5 hours"."""
    te, lows = ctx.token_at(num["end"] - 1) + 1, ctx.lowers
    if te >= len(lows) or lows[te] not in VOCAB.data_durations:
        return False
    ti = ctx.token_at(num["start"])
    return (te + 1 < len(lows) and lows[te + 1] == "of") or (ti >= 1 and lows[ti - 1] == "with")


def _physical_unit_after(ctx: DocContext, num: dict) -> bool:
    """True when a unit of energy, memory, time or rate follows the number ("0.28 kWh") or
    is glued to it ("0.28kWh")."""
    if num.get("glued_unit"):
        return True
    te = ctx.token_at(num["end"] - 1) + 1
    return te < len(ctx.lowers) and ctx.lowers[te] in VOCAB.physical_units


_COMPARISON_CUES = ("COMPARISON_CUE", "PERFORMANCE_VERB")


def _compares_before(ctx: DocContext, ti: int) -> bool:
    """True when a comparison or performance verb precedes token ti in its sentence."""
    s, _ = ctx.sent_bounds[ctx.sent_of[ti]]
    return cued(ctx, _COMPARISON_CUES, s, ti)


def _change_verb_before(ctx: DocContext, ti: int) -> bool:
    """True when a verb of change ("decreases", "improves") precedes token ti in its clause."""
    clause = ctx.clause_of[ti]
    j = ti - 1
    while j >= 0 and ctx.clause_of[j] == clause:
        if ctx.lowers[j] in VOCAB.measure_change_verbs:
            return True
        j -= 1
    return False


def by_right_before(before: list[str]) -> bool:
    """True for "by 5%", "by over 5%", "by up to 5%": 'by' before only filler words."""
    fillers = VOCAB.by_fillers
    for word in reversed(before):
        if word == "by":
            return True
        if word not in fillers:
            return False
    return False


def result_kind(num: dict, doc: Doc, ctx: DocContext, metric_tokens: set[int]) -> str:
    """score / change / ratio / count from the unit and the words around the number."""
    unit = num["unit"]
    if unit == "x" or num["is_fraction"]:
        return "ratio"
    if unit == "points":
        return "change"
    if num["from_value"] is not None:
        return "score"
    if num.get("signed"):
        return "change"
    if unit is None and amount_of_data(ctx, num):
        return "count"
    ti = ctx.token_at(num["start"])
    te = ctx.token_at(num["end"] - 1) + 1
    sent = ctx.sent_of[ti]
    lows = ctx.lowers
    before = [lows[j] for j in range(max(0, ti - 4), ti) if ctx.sent_of[j] == sent]
    after = [lows[j] for j in range(te, min(len(lows), te + 3)) if ctx.sent_of[j] == sent]
    if (
        unit is None
        and before[-1:] == ["by"]
        and (_compares_before(ctx, ti) or _change_verb_before(ctx, ti))
    ):
        return "change"  # "outperforms AdapterFusion by 4", "decreases time by 100 s"
    if unit is None and (num["is_integer"] or num["has_magnitude"] or num["grouped"]):
        measured = (
            ti > 0
            and (
                ti - 1 in metric_tokens
                or (before[-1:] in (["of"], [":"], ["="]) and ti - 2 in metric_tokens)
            )
        ) or _physical_unit_after(ctx, num)  # "to 25 MB": a measured size, not a count
        return "score" if measured else "count"
    if unit == "%" and after[:1] == ["of"]:
        noun_soon = after[1:] + [lows[j] for j in range(te + 3, min(len(lows), te + 5))]
        references, resources = VOCAB.ratio_reference_nouns, VOCAB.resource_nouns
        if any(w in references for w in noun_soon[:3]):
            return "ratio"  # "40% of baseline methods"
        resource = any(w in resources for w in after[1:]) or _resource_soon(doc, te + 1, sent, ctx)
        ratio_cues = VOCAB.ratio_cues
        if resource and any(w in ratio_cues for w in before):
            return "ratio"  # "using only 10% of the data"
    cues_before = before[-3:]
    measured_after = any(j in metric_tokens for j in range(te, min(len(lows), te + 2)))
    if cues_before[-2:] == ["up", "to"] and measured_after:
        cues_before = cues_before[:-2]  # "up to 74.33% F1-score": a bound on a score
    change_before, change_after = VOCAB.change_cues_before, VOCAB.change_cues_after
    if before[-1:] == ["to"] and len(before) >= 2 and before[-2] in change_before - {"up"}:
        return "score"  # "performance increases to 96.0%": the level reached
    if _changed_measure_to(ctx, ti, metric_tokens):
        return "score"  # "improves accuracy to 41.2%": the level the measure reaches
    if (
        by_right_before(before)
        or any(w in change_before for w in cues_before)
        or any(w in change_after for w in after)
    ):
        return "change"
    return "score"


def _changed_measure_to(ctx: DocContext, ti: int, metric_tokens: set[int]) -> bool:
    """True for "<change verb> <measure> to N" with the measure's tokens right before "to"
    ("improves accuracy to 41.2%", "lifts aggregate R@5 to 0.822"): N is the level reached."""
    j = ti - 1
    if j < 2 or ctx.lowers[j] != "to" or j - 1 not in metric_tokens:
        return False
    j -= 1
    while j >= 0 and j in metric_tokens and ctx.sent_of[j] == ctx.sent_of[ti]:
        j -= 1
    if j >= 0 and ctx.lowers[j] in VOCAB.measure_phrase_leading_words:
        j -= 1  # "lifts aggregate R@5 to"
    return j >= 0 and ctx.lowers[j] in VOCAB.measure_change_verbs


def _resource_soon(doc: Doc, i: int, sent: int, ctx: DocContext) -> bool:
    """True when a resource noun (data, samples, ...) follows within 4 tokens of `i`."""
    resources, lowers = VOCAB.resource_nouns, doc_lowers(doc)
    for j in range(i, min(len(doc), i + 4)):
        if ctx.sent_of[j] != sent:
            return False
        if lowers[j].split("-")[-1] in resources:  # "data", "human-annotations"
            return True
    return False


def points_follow(ctx: DocContext, i: int, metric_tokens: set[int]) -> bool:
    """True for "<metric> points" right after the number: "by 4 WER points"."""
    j = i
    while j < len(ctx.lowers) and j in metric_tokens and j - i < 4:
        j += 1
    return j > i and j < len(ctx.lowers) and ctx.lowers[j] in VOCAB.point_units
