"""Results: which numbers report outcomes, their kind, and what they belong to."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import regex
from spacy.tokens import Doc

from pipeline.components.tokenizer import doc_lowers, doc_text
from pipeline.link.context import DocContext
from pipeline.resources import cues


@dataclass
class ResultDraft:
    """A result in normalised char offsets."""

    start: int
    end: int
    value: float
    unit: str | None
    kind: str
    from_value: float | None
    from_span: tuple[int, int] | None
    sentence: int
    metric: str | None = None
    dataset: str | None = None
    method: str | None = None


@dataclass
class Tagged:
    """A mention of a named thing: token span, sentence, clause and the name it resolves to."""

    start: int
    end: int
    sentence: int
    clause: int
    name: str
    compared: bool = False
    instrument: bool = False  # "using UMAP", "with Qwen2.5-7B": a tool, not the result's owner


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
    c = cues()
    ti = ctx.token_at(num["start"])
    prev = doc_lowers(doc)[ti - 1] if ti > 0 else ""
    if prev in c["skip_number_after"]:
        return False
    if num.get("signed") or num["from_value"] is not None:
        return True  # "+0.157": an explicit gain; "from 3.16 to 4.04": a reported change
    bare = num["unit"] is None and not num["is_fraction"] and not num["has_magnitude"]
    lo, hi = c["year_range"]
    if bare and num["is_integer"] and not num["grouped"] and lo <= num["value"] <= hi:
        return False
    if bare and num["is_integer"] and not num["grouped"] and num["value"] < c["min_bare_count"]:
        if prev == "by" and _compares_before(ctx, ti):
            return True  # "outperforms AdapterFusion by 4"
        return any(j in metric_tokens for j in range(ti + 1, min(len(doc), ti + 3)))
    if bare and not num["is_integer"]:
        clause = ctx.clause_of[ti]
        if any(ctx.clause_of[j] == clause for j in metric_tokens | dataset_tokens):
            return True
        before = ctx.lowers[max(0, ti - 3) : ti]
        if before[-1:] == ["("] and ti >= 2 and ti - 2 in name_tokens:
            return True  # "GPT-5 (0.64)": a method's score
        return any(
            w in c["performance_verbs"]
            or w in c["score_words_before"]
            or w in c["result_verbs_before"]
            for w in before
        )
    return True


def _compares_before(ctx: DocContext, ti: int) -> bool:
    """True when a comparison or performance verb precedes token ti in its sentence."""
    c = cues()
    s, _ = ctx.sent_bounds[ctx.sent_of[ti]]
    return any(w in c["comparison_cues"] or w in c["performance_verbs"] for w in ctx.lowers[s:ti])


FILLERS = frozenset(
    {
        "over",
        "more",
        "than",
        "about",
        "nearly",
        "up",
        "to",
        "around",
        "almost",
        "approximately",
        "roughly",
        "as",
        "much",
        "a",
        "an",
        "average",
        "of",
        "only",
        "just",
        "at",
        "least",
        "most",
        "some",
        "~",
        "≈",
    }
)


def _by_right_before(before: list[str]) -> bool:
    """True for "by 5%", "by over 5%", "by up to 5%": 'by' before only filler words."""
    for word in reversed(before):
        if word == "by":
            return True
        if word not in FILLERS:
            return False
    return False


def result_kind(num: dict, doc: Doc, ctx: DocContext, metric_tokens: set[int]) -> str:
    """score / change / ratio / count from the unit and the words around the number."""
    c = cues()
    unit = num["unit"]
    if unit == "x" or num["is_fraction"]:
        return "ratio"
    if unit == "points":
        return "change"
    if num["from_value"] is not None:
        return "score"
    if num.get("signed"):
        return "change"
    ti = ctx.token_at(num["start"])
    te = ctx.token_at(num["end"] - 1) + 1
    sent = ctx.sent_of[ti]
    lows = ctx.lowers
    before = [lows[j] for j in range(max(0, ti - 4), ti) if ctx.sent_of[j] == sent]
    after = [lows[j] for j in range(te, min(len(lows), te + 3)) if ctx.sent_of[j] == sent]
    if unit is None and before[-1:] == ["by"] and _compares_before(ctx, ti):
        return "change"  # "outperforms AdapterFusion by 4"
    if unit is None and (num["is_integer"] or num["has_magnitude"] or num["grouped"]):
        measured = ti > 0 and (
            ti - 1 in metric_tokens
            or (before[-1:] in (["of"], [":"], ["="]) and ti - 2 in metric_tokens)
        )
        return "score" if measured else "count"
    if unit == "%" and after[:1] == ["of"]:
        noun_soon = after[1:] + [lows[j] for j in range(te + 3, min(len(lows), te + 5))]
        if any(w in c["ratio_reference_nouns"] for w in noun_soon[:3]):
            return "ratio"  # "40% of baseline methods"
        resource = any(w in c["resource_nouns"] for w in after[1:]) or _resource_soon(
            doc, te + 1, sent, ctx
        )
        if resource and any(w in c["ratio_cues_before"] for w in before):
            return "ratio"
    cues_before = before[-3:]
    measured_after = any(j in metric_tokens for j in range(te, min(len(lows), te + 2)))
    if cues_before[-2:] == ["up", "to"] and measured_after:
        cues_before = cues_before[:-2]  # "up to 74.33% F1-score": a bound on a score
    if (
        _by_right_before(before)
        or any(w in c["change_cues_before"] for w in cues_before)
        or any(w in c["change_cues_after"] for w in after)
    ):
        return "change"
    return "score"


def _resource_soon(doc: Doc, i: int, sent: int, ctx: DocContext) -> bool:
    """True when a resource noun (data, samples, ...) follows within 4 tokens of `i`."""
    c = cues()
    for j in range(i, min(len(doc), i + 4)):
        if ctx.sent_of[j] != sent:
            return False
        if (
            doc_lowers(doc)[j] in c["resource_nouns"]
            or doc_lowers(doc)[j].split("-")[-1] in c["resource_nouns"]
        ):
            return True
    return False


def _nearest(items: list[Tagged], ti: int, *, prefer_after: int = 0) -> Tagged | None:
    """The item nearest token ti: one starting within `prefer_after` tokens after, else before."""
    after = [m for m in items if 0 < m.start - ti <= prefer_after]
    if after:
        return min(after, key=lambda m: m.start)
    before = [m for m in items if m.end <= ti]
    if before:
        return max(before, key=lambda m: m.end)
    rest = [m for m in items if m.start > ti]
    return min(rest, key=lambda m: m.start) if rest else None


CHANGE_NOUNS = frozenset(
    {"reduction", "reductions", "improvement", "improvements", "increase", "increases"}
    | {"decrease", "decreases", "gain", "gains", "drop", "drops", "boost", "rise", "lower"}
    | {"higher", "better", "relative", "absolute", "average"}
)
UNIT_WORDS = frozenset({"%", "pp", "points", "point", "percentage", "absolute", "relative"})
LINK_WORDS = frozenset(
    {"and", "or", "of", "on", "in", "with", "for", "to", "at", "by", "than", "over", "the", "a"}
    | {"an", "while", "vs", "vs.", "versus", "compared", "from", "across", "under", "per"}
)
SETTING_WORDS = frozenset({"on", "for", "across", "over"})


def metric_right_after(metrics: list[Tagged], te: int, lowers: list[str]) -> Tagged | None:
    """The metric written right after the number ("28.4 BLEU", "93.1 % UAS")."""
    for m in metrics:
        between = lowers[te : m.start]
        if 0 <= m.start - te <= 2 and all(_modifier(w) for w in between):
            return m
        if 0 < m.start - te <= 4 and between[0] in CHANGE_NOUNS and between[-1] in {"in", "of"}:
            return m  # "a 35.56% reduction in character error rate"
    return None


def _modifier(word: str) -> bool:
    """A unit or an adjective between a number and its metric ("0.76 selective Macro-F1")."""
    return word in UNIT_WORDS or (word.isalpha() and word not in LINK_WORDS)


def dataset_right_after(datasets: list[Tagged], te: int, ctx: DocContext) -> Tagged | None:
    """The dataset of an "N on X" phrase: "65.4 on WikiText-2", "80% accuracy on the X"."""
    sent = ctx.sent_of[te - 1]
    for d in sorted(datasets, key=lambda d: d.start):
        if d.start < te or d.start - te > 5 or d.sentence != sent:
            continue
        between = ctx.lowers[te : d.start]
        if (
            SETTING_WORDS & set(between)
            and not {"and", ",", ";", "(", "than", "vs", "vs."} & set(between)
            and not any(w[:1].isdigit() for w in between)
        ):
            return d
        return None
    return None


def scene_dataset(datasets: list[Tagged], doc: Doc, ctx: DocContext, ti: int) -> str | None:
    """Dataset of a fronted "On X," clause earlier in the sentence, when it names exactly one."""
    sent = ctx.sent_of[ti]
    clause = ctx.clause_of[ti]
    scenes: dict[int, list[Tagged]] = {}
    for d in datasets:
        if d.sentence == sent and d.clause < clause:
            scenes.setdefault(d.clause, []).append(d)
    for cl in sorted(scenes, reverse=True):
        first_tok = next(i for i in range(len(doc)) if ctx.clause_of[i] == cl)
        words = [doc_lowers(doc)[i] for i in range(first_tok, min(len(doc), first_tok + 2))]
        if not {"on", "across", "for"} & set(words):
            continue
        names = set()
        nxt = cl
        while nxt in scenes and nxt < clause:  # a coordination "On A, B and C," spans clauses
            names |= {m.name for m in scenes[nxt]}
            nxt += 1
        return names.pop() if len(names) == 1 else None
    return None


DATA_WORDS = frozenset({"dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora"})


def _describes_data(ctx: DocContext, clause: int, datasets: list[Tagged]) -> bool:
    """True when a clause is about data: it names a dataset or says dataset/benchmark."""
    words = (w for w, c in zip(ctx.lowers, ctx.clause_of, strict=True) if c == clause)
    return any(d.clause == clause for d in datasets) or any(w in DATA_WORDS for w in words)


def subject_method(ctx: DocContext, sent: int, own: list[Tagged]) -> Tagged | None:
    """The method that opens its sentence as the subject of a performance verb ("ConfLVLM
    reduces the error rate of claims generated by LLaVa-1.5 from 87.8% to 10.0%")."""
    c = cues()
    s, e = ctx.sent_bounds[sent]
    lows = ctx.lowers
    comma = next((k for k in range(s, min(e, s + 5)) if lows[k] == ","), None)
    start = s if comma is None else comma + 1  # "Remarkably, ConfLVLM reduces ..."
    start += start < e and lows[start] in {"the", "our"}
    for m in own:
        if m.start != start or m.end >= e:
            continue
        verb = ctx.lowers[m.end]
        if verb in c["performance_verbs"] or verb in c["result_verbs_before"]:
            return m
    return None


def _own_method_noun(ctx: DocContext, sent: int) -> str | None:
    """The noun of "our framework/method/..." ("proposed" for "the proposed ...") or None."""
    c = cues()
    s, e = ctx.sent_bounds[sent]
    lows = ctx.lowers[s:e]
    for a, b in pairwise(lows):
        if a in c["own_markers"] and b in c["own_nouns"]:
            return b
        if a == "the" and b == "proposed":
            return "proposed"
    return None


def _labelled_after(ctx: DocContext, draft: ResultDraft, methods: list[Tagged]) -> str | None:
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


def _versus_method(ctx: DocContext, ti: int, sent: int, methods: list[Tagged]) -> str | None:
    """The compared method of the sentence for the value right after "vs."/"versus"."""
    if ti == 0 or ctx.lowers[ti - 1] not in {"vs.", "vs", "versus"}:
        return None
    if ti >= 2 and ctx.lowers[ti - 2] not in {")"} and not ctx.lowers[ti - 2][:1].isdigit():
        return None  # "X vs. 0.8": only a value-to-value comparison
    rivals = {m.name for m in methods if m.sentence == sent and m.compared}
    return rivals.pop() if len(rivals) == 1 else None


def clause_subject(ctx: DocContext, ti: int, methods: list[Tagged]) -> Tagged | None:
    """A method right before a result verb earlier in the value's clause ("(e.g.,
    Gemini-2.5-Pro gains only +1.8%, while DeepSeek-R1 declines by -0.1%)")."""
    c = cues()
    clause = ctx.clause_of[ti]
    best = None
    for m in methods:
        if m.clause != clause or m.end >= ti or m.end >= len(ctx.lowers):
            continue
        verb = ctx.lowers[m.end]
        if verb in c["performance_verbs"] or verb in c["result_verbs_before"]:
            best = m if best is None or m.end > best.end else best
    return best


def link_result(
    draft: ResultDraft,
    ti: int,
    ctx: DocContext,
    doc: Doc,
    metrics: list[Tagged],
    datasets: list[Tagged],
    methods: list[Tagged],
    main_method: str | None,
    proposed: list[str] = (),
) -> None:
    """Attach metric, dataset and method to one result from its clause and sentence."""
    sent, clause = ctx.sent_of[ti], ctx.clause_of[ti]
    te = ctx.token_at(draft.end - 1) + 1
    if draft.kind != "count":
        in_clause = [m for m in metrics if m.clause == clause]
        hit = (
            metric_right_after(in_clause, te, ctx.lowers)
            or _nearest([m for m in in_clause if m.start < te], ti)
            or _nearest(in_clause, ti)
        )
        draft.metric = hit.name if hit else None
        in_clause_ds = [d for d in datasets if d.clause == clause]
        hit = dataset_right_after(datasets, te, ctx) or _nearest(in_clause_ds, ti)
        draft.dataset = hit.name if hit else scene_dataset(datasets, doc, ctx, ti)
        if draft.dataset is None:
            in_sentence = {d.name for d in datasets if d.sentence == sent}
            draft.dataset = in_sentence.pop() if len(in_sentence) == 1 else None
    versus = _versus_method(ctx, ti, sent, methods)
    if versus is not None:  # "matches BioBERT-ST on MRR (0.876 vs. 0.866)": B is the rival's
        draft.method = versus
        return
    labelled = _labelled_after(ctx, draft, methods)
    if labelled is not None:  # "51.05% (ANN), 53.27% (GBNN)"
        draft.method = labelled
        return
    own = [m for m in methods if m.sentence == sent and not m.compared]
    own = [m for m in own if not m.instrument or m.name == main_method]
    if (
        draft.kind == "count"
        and _describes_data(ctx, clause, datasets)
        and not any(m.clause == clause and not m.instrument for m in own)
    ):
        draft.method = None  # "a benchmark of 250 problems": a figure of the data
        return
    same_clause = [m for m in own if m.clause == clause]
    hit = (
        clause_subject(ctx, ti, own)
        or subject_method(ctx, sent, own)
        or _nearest(same_clause, ti)
        or _nearest(own, ti)
    )
    noun = _own_method_noun(ctx, sent)
    if main_method and noun and not any(m.name == main_method for m in own):
        hit = None  # "our framework ... (65.6% with LLaVA)": the number is the paper's method's
        main_method = next((p for p in proposed if p.lower().endswith(noun)), main_method)
    draft.method = hit.name if hit else main_method


def extract_results(
    doc: Doc,
    ctx: DocContext,
    metrics: list[Tagged],
    datasets: list[Tagged],
    methods: list[Tagged],
    main_method: str | None,
    taken: list[tuple[int, int]],
    proposed: list[str] = (),
) -> list[ResultDraft]:
    """Every outcome-reporting number of the doc with its kind and links."""
    metric_tokens = {i for m in metrics for i in range(m.start, m.end)}
    dataset_tokens = {i for d in datasets for i in range(d.start, d.end)}
    numbers = [
        n for n in doc._.numbers if not any(n["start"] < te and ts < n["end"] for ts, te in taken)
    ]
    name_tokens = frozenset(i for m in methods for i in range(m.start, m.end))
    accepted = [
        is_result_number(n, doc, ctx, metric_tokens, dataset_tokens, name_tokens) for n in numbers
    ]
    for k, n in enumerate(numbers):  # both ends of a range stand or fall together
        if n["range_low"] and k + 1 < len(numbers) and numbers[k + 1]["range_high"]:
            accepted[k] = accepted[k + 1] = accepted[k] or accepted[k + 1]
    text = doc_text(doc)
    for k in range(1, len(numbers)):  # "scores of 41.2, 18.7 and 38.3": a list shares its fate
        if accepted[k - 1] and not accepted[k] and continues_list(numbers[k - 1], numbers[k], text):
            accepted[k] = True
    out = []
    for num, ok in zip(numbers, accepted, strict=True):
        if not ok:
            continue
        s, e = num["start"], num["end"]
        ti = ctx.token_at(s)
        if num["unit"] is None and _points_follow(ctx, ctx.token_at(e - 1) + 1, metric_tokens):
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
        link_result(draft, ti, ctx, doc, metrics, datasets, methods, main_method, proposed)
        out.append(draft)
    _share_range_kinds(out, doc._.numbers)
    kept = [n for n, ok in zip(numbers, accepted, strict=True) if ok]
    for chain in value_lists(kept, doc_text(doc)):
        members = [out[k] for k in chain]
        distribute(chain, members, ctx, metrics, datasets, methods)
        head = members[0]
        for d in members[1:]:  # "(+0.017 Spanish, +0.033 Catalan)": a list shares its reading
            if d.sentence != head.sentence:
                continue
            d.metric = d.metric or head.metric
            if head.kind in ("change", "ratio") and d.kind == "score":
                d.kind = head.kind  # "a reduction of between 35% and 57%"
    return out


def _share_of_method(ctx: DocContext, te: int, methods: list[Tagged]) -> bool:
    """True for "N% of <method>": a share of another method's cost."""
    lows = ctx.lowers
    if te >= len(lows) or lows[te] != "of":
        return False
    j = te + 1 + (te + 1 < len(lows) and lows[te + 1] == "the")
    return any(m.start == j for m in methods)


def value_lists(numbers: list[dict], text: str) -> list[list[int]]:
    """Index runs (length >= 2) of numbers written as one list ("41.2, 18.7 and 38.3")."""
    runs: list[list[int]] = []
    for k in range(len(numbers)):
        if k and continues_list(numbers[k - 1], numbers[k], text):
            runs[-1].append(k)
        else:
            runs.append([k])
    return [r for r in runs if len(r) >= 2]


def name_lists(items: list[Tagged], lowers: list[str], sent: int) -> list[list[Tagged]]:
    """Runs of coordinated mentions in a sentence ("ROUGE-1, ROUGE-2 and ROUGE-L")."""
    mine = sorted((m for m in items if m.sentence == sent), key=lambda m: m.start)
    runs: list[list[Tagged]] = []
    for m in mine:
        gap = lowers[runs[-1][-1].end : m.start] if runs else None
        if gap is not None and gap and all(w in {",", "and", "or", "/"} for w in gap):
            runs[-1].append(m)
        else:
            runs.append([m])
    return [r for r in runs if len(r) >= 2 and len({m.name for m in r}) == len(r)]


def distribute(
    chain: list[int],
    drafts: list[ResultDraft],
    ctx: DocContext,
    metrics: list[Tagged],
    datasets: list[Tagged],
    methods: list[Tagged] = (),
) -> None:
    """Give the values of a list the members of an equally long name list, in order:
    "ROUGE-1, ROUGE-2 and ROUGE-L of 41.2, 18.7 and 38.3"; datasets only with "respectively"."""
    sent = drafts[0].sentence
    if any(d.sentence != sent for d in drafts):
        return
    s, e = ctx.sent_bounds[sent]
    respectively = "respectively" in ctx.lowers[s:e]
    for items, attr in ((metrics, "metric"), (datasets, "dataset"), (methods, "method")):
        if attr != "metric" and not respectively:
            continue
        run = _closest_run(name_lists(items, ctx.lowers, sent), drafts, ctx)
        if run is not None and len(run) == len(drafts):
            for draft, member in zip(drafts, run, strict=True):
                setattr(draft, attr, member.name)


def _closest_run(
    runs: list[list[Tagged]], drafts: list[ResultDraft], ctx: DocContext
) -> list[Tagged] | None:
    """The name list nearest before the values, else the first one after them."""
    first = ctx.token_at(drafts[0].start)
    last = ctx.token_at(drafts[-1].end - 1)
    before = [r for r in runs if r[-1].end <= first]
    if before:
        return max(before, key=lambda r: r[-1].end)
    after = [r for r in runs if r[0].start > last]
    return min(after, key=lambda r: r[0].start) if after else None


_LIST_GAP = regex.compile(r"(?:\s+\p{L}[\p{L}-]*)?\s*(?:,|;|,?\s+and|,?\s+or)\s+")


def continues_list(prev: dict, num: dict, text: str) -> bool:
    """True when `num` follows `prev` in a value list ("41.2, 18.7 and 38.3") with the same
    shape: both decimals or both with the same unit."""
    if not _LIST_GAP.fullmatch(text[prev["end"] : num["start"]]):
        return False
    same_unit = prev["unit"] == num["unit"]
    return same_unit and (prev["unit"] is not None or not (prev["is_integer"] or num["is_integer"]))


def _points_follow(ctx: DocContext, i: int, metric_tokens: set[int]) -> bool:
    """True for "<metric> points" right after the number: "by 4 WER points"."""
    j = i
    while j < len(ctx.lowers) and j in metric_tokens and j - i < 4:
        j += 1
    return j > i and j < len(ctx.lowers) and ctx.lowers[j] in {"points", "point", "pp"}


def _share_range_kinds(results: list[ResultDraft], numbers: list[dict]) -> None:
    """Both ends of a range get the kind and links of the high end."""
    by_start = {r.start: r for r in results}
    lows = [n for n in numbers if n["range_low"]]
    highs = [n for n in numbers if n["range_high"]]
    for lo, hi in zip(lows, highs, strict=False):
        a, b = by_start.get(lo["start"]), by_start.get(hi["start"])
        if a and b:
            a.kind, a.metric, a.dataset, a.method = b.kind, b.metric, b.dataset, b.method
            a.unit = a.unit or b.unit
