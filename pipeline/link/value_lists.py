"""Value lists ("41.2, 18.7 and 38.3") and the equally long name lists they follow."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import regex

from pipeline.link.context import DocContext
from pipeline.link.tags import ResultDraft, Tagged, cued, weights
from pipeline.resources import VOCAB


def value_lists(numbers: list[dict], text: str) -> list[list[int]]:
    """Index runs (length >= 2) of numbers written as one list ("41.2, 18.7 and 38.3")."""
    runs: list[list[int]] = []
    for k in range(len(numbers)):
        if k and continues_list(numbers[k - 1], numbers[k], text):
            runs[-1].append(k)
        else:
            runs.append([k])
    return [r for r in runs if len(r) >= 2]


def name_lists(items: Sequence[Tagged], lowers: list[str], sent: int) -> list[list[Tagged]]:
    """Runs of coordinated mentions in a sentence ("ROUGE-1, ROUGE-2 and ROUGE-L")."""
    mine = sorted((m for m in items if m.sentence == sent), key=lambda m: m.start)
    joins = VOCAB.list_conjunctions | {",", "/"}
    runs: list[list[Tagged]] = []
    for m in mine:
        gap = lowers[runs[-1][-1].end : m.start] if runs else None
        if gap is not None and gap and all(w in joins for w in gap):
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
    methods: Sequence[Tagged] = (),
) -> None:
    """Give the values of a list the members of an equally long name list, in order:
    "ROUGE-1, ROUGE-2 and ROUGE-L of 41.2, 18.7 and 38.3"; datasets with "respectively" or
    right after the values ("13 and 34 points on GSM8K and MATH"), methods with
    "respectively"."""
    sent = drafts[0].sentence
    if any(d.sentence != sent for d in drafts):
        return
    s, e = ctx.sent_bounds[sent]
    respectively = "respectively" in ctx.lowers[s:e]
    for items, attr in ((metrics, "metric"), (datasets, "dataset"), (methods, "method")):
        runs = name_lists(items, ctx.lowers, sent)
        if attr == "method" and not respectively:
            continue
        if attr == "dataset" and not respectively:
            run = _run_right_after(runs, drafts, ctx) or _scene_run(runs, drafts, ctx)
        else:
            run = _closest_run(runs, drafts, ctx)
        if attr == "dataset" and respectively and (run is None or len(run) != len(drafts)):
            run = _named_in_turn(items, drafts, ctx)
        if attr == "method" and run is not None and _performer_outside(run, methods, drafts, ctx):
            continue  # "Across A and B, ElasticMem improves QA by 26.2% and 24.6%, respectively"
        if run is not None and len(run) == len(drafts):
            for draft, member in zip(drafts, run, strict=True):
                setattr(draft, attr, member.name)


def _performer_outside(
    run: list[Tagged], methods: Sequence[Tagged], drafts: list[ResultDraft], ctx: DocContext
) -> bool:
    """True when a method outside the name list performs before the values: the subject of a
    performance or result verb ("ElasticMem improves", "EvoDefense reduces") owns them."""
    first = ctx.token_at(drafts[0].start)
    listed = {(m.start, m.end) for m in run}
    return any(
        m.sentence == drafts[0].sentence
        and (m.start, m.end) not in listed
        and m.end < first
        and cued(ctx, ("PERFORMANCE_VERB", "RESULT_VERB"), m.end, m.end + 1)
        for m in methods
    )


def _run_right_after(
    runs: list[list[Tagged]], drafts: list[ResultDraft], ctx: DocContext
) -> list[Tagged] | None:
    """The name list that a setting preposition opens right after the values ("... and 34
    points on GSM8K and MATH"), within the values' clause."""
    last = ctx.token_at(drafts[-1].end - 1) + 1
    gap = weights("owners")["dataset_gap"]
    for run in runs:
        first = run[0].start
        if 0 < first - last <= gap and ctx.clause_of[first] == ctx.clause_of[last - 1]:
            between = ctx.lowers[last:first]
            if ctx.cue_list("SETTING_PREPOSITION", last, first) and not any(
                w[:1].isdigit() for w in between
            ):
                return run
    return None


def _scene_run(
    runs: list[list[Tagged]], drafts: list[ResultDraft], ctx: DocContext
) -> list[Tagged] | None:
    """The last name list before the values that a setting preposition opens within the
    scene lead ("on completed ALFWorld and WebShop rollouts, TRIAGE reduces turns by 10.4%
    and 14.8%"), with no value between it and them."""
    first = ctx.token_at(drafts[0].start)
    lead = int(weights("owners")["scene_lead_tokens"]) + 1
    before = [r for r in runs if r[-1].end <= first]
    if not before:
        return None
    run = max(before, key=lambda r: r[-1].end)
    opener = ctx.lowers[max(0, run[0].start - lead) : run[0].start]
    between = ctx.lowers[run[-1].end : first]
    if not ctx.cue_list("SETTING_PREPOSITION", max(0, run[0].start - lead), run[0].start):
        return None
    if any(w[:1].isdigit() for w in (*opener, *between)):
        return None
    return run


def _named_in_turn(
    items: Sequence[Tagged], drafts: list[ResultDraft], ctx: DocContext
) -> list[Tagged] | None:
    """The names of the sentence before the values, each once in order, when there are as
    many as values: "MAE of 0.77 on PURE and 0.66 on UBFC, and accuracy of 97.3% and 97.5%
    respectively"."""
    first = ctx.token_at(drafts[0].start)
    seen: dict[str, Tagged] = {}
    for m in sorted(items, key=lambda m: m.start):
        if m.sentence == drafts[0].sentence and m.end <= first:
            seen.setdefault(m.name, m)
    return list(seen.values()) if len(seen) == len(drafts) else None


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


@cache
def _list_gap() -> regex.Pattern:
    """The text between two values of a list: ", ", "; ", " and ", ", or ", "% F1, ", a short
    owner before the separator ("0.134 for Gemini 3 Pro, 0.149 for GPT-5"), both ("95.7 exact
    match on X, 93.9 on Y") or a label in parentheses ("22.3% (AUROC) and 13% (TPR01)"),
    which an owner may follow ("0.7910 (Swahili) for Subtask 1, 0.4615 (English)")."""
    words = "|".join(regex.escape(w) for w in sorted(VOCAB.list_conjunctions))
    preps = "|".join(regex.escape(w) for w in sorted(VOCAB.value_list_owner_prepositions))
    owner = rf"\s+(?:{preps})\s+[^\s,;()]+(?:\s+[^\s,;()]+){{0,3}}"
    label = r"\s*\([^()\d]{1,40}\)"  # "22.3% (AUROC) and 13% (TPR01)"
    measure = r"(?:\s+\p{L}[\p{L}-]*){1,2}"  # "95.7 exact match on X, 93.9 on Y"
    return regex.compile(
        rf"(?:{measure}(?:{owner})?|{label}(?:{owner})?|{owner})?\s*(?:,|;|,?\s+(?:{words}))\s+"
    )


_CLOSES_BETWEEN = regex.compile(r"\bbetween\s+\S+\s+and\s+$")
_BARE_JOIN = regex.compile(r"\s*(?:,|,?\s+(?:and|or))\s+")


def units_written_once(numbers: list[dict], text: str) -> list[dict]:
    """The numbers with the unit of a list written once, after its last value, given to
    every bare value joined to it by "," / "and" / "or" ("13 and 34 points", "2, 3 and 4%")."""
    out = list(numbers)
    for k in range(len(out) - 2, -1, -1):
        prev, num = out[k], out[k + 1]
        bare = prev["unit"] is None and num["unit"] is not None and not prev["range_high"]
        alike = prev["is_integer"] == num["is_integer"]  # not the 4090 of "RTX 4090 and 6.86x"
        closes = _CLOSES_BETWEEN.search(text, max(0, prev["start"] - 40), prev["start"])
        if bare and alike and not closes and _BARE_JOIN.fullmatch(text[prev["end"] : num["start"]]):
            out[k] = {**prev, "unit": num["unit"]}  # ("between 1 and 2, 59%": 2 ends a pair)
    return out


def continues_list(prev: dict, num: dict, text: str) -> bool:
    """True when `num` follows `prev` in a value list ("41.2, 18.7 and 38.3") with the same
    shape: both decimals or both with the same unit. A value written as a change from A
    starts at A ("0.773 → 0.823, 0.757 → 0.809 and 0.801 → 0.839")."""
    begin = num.get("from_start")
    start = num["start"] if begin is None else min(begin, num["start"])
    gap = text[prev["end"] : start]
    if not _list_gap().fullmatch(gap):
        return False
    same_unit = prev["unit"] == num["unit"]
    return same_unit and (prev["unit"] is not None or not (prev["is_integer"] or num["is_integer"]))
