"""Named methods and datasets: clustering, mentions, method/dataset votes and roles."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import pairwise

import regex
from spacy.tokens import Doc

from pipeline.link.candidates import (
    Candidate,
    acronym_candidates,
    appositive_named_candidates,
    compound_lexicon_candidates,
    ends_generic,
    head_noun_candidates,
    inside_metric,
    lexicon_candidates,
    listed_candidates,
    model_id_candidates,
    named_method_candidates,
    proposed_model_class,
    proposed_name_candidates,
    resolve_overlaps,
    seeded_list_candidates,
    shape_candidates,
    suspended_candidates,
    tool_head_candidates,
    year_named_candidates,
)
from pipeline.link.context import (
    DocContext,
    next_content,
    opens_indefinite_phrase,
    punctuation,
)
from pipeline.link.spans import Occupied
from pipeline.link.terms import (
    blocked_as,
    catalogue_names,
    fold,
    is_generic,
    is_metric_name,
    is_organisation_name,
    is_place_or_organisation,
    is_property_name,
    is_task_name,
    lexicon_labels,
    named_regex,
    occurrences,
)
from pipeline.nlp.tokenizer import doc_text
from pipeline.resources import VOCAB, data_path

ROLE_RANK = {"proposed": 0, "compared": 1, "used": 2}


@dataclass
class Draft:
    """An entity being assembled."""

    name: str
    aliases: list[str]
    sources: set[str]
    label: str | None
    needs_support: bool
    mentions: list[tuple[int, int]] = field(default_factory=list)
    kind: str = "method"
    role: str = "used"
    supported: bool = False
    hint: str | None = None
    metric_like: bool = False
    spellings: list[str] = field(default_factory=list)  # other casings, found as mentions
    prior_work: bool = False  # "our previous Ovis-U1 framework", "built on X": not this work
    data_headed: bool = False  # a data noun right after a mention: "the ... Consortium dataset"

    def surfaces(self) -> list[str]:
        return [self.name, *self.aliases]


def cluster(cands: list[Candidate], generic_shorts: set[str]) -> list[Draft]:
    """Group candidates into entity drafts that share a surface form."""
    drafts: list[Draft] = []
    by_surface: dict[str, Draft] = {}
    for cand in cands:
        if cand.text in generic_shorts or f"{cand.text}s" in generic_shorts:
            continue
        name = " ".join((cand.canonical or cand.text).split())
        surfaces = [name, cand.text] + ([cand.alias] if cand.alias else [])
        if cand.source == "acronym" and cand.alias and _plural_short(cand.alias):
            surfaces.append(cand.alias[:-1])  # "Low-Rank Adapters (LoRAs)" ... "each LoRA"
        draft = next((by_surface[fold(s)] for s in surfaces if fold(s) in by_surface), None)
        if draft is None:
            draft = Draft(name, [], {cand.source}, cand.label, cand.needs_support, hint=cand.hint)
            drafts.append(draft)
        else:
            draft.sources.add(cand.source)
            draft.label = draft.label or cand.label
            draft.hint = draft.hint or cand.hint
            draft.needs_support = draft.needs_support and cand.needs_support
            if (
                cand.source == "acronym"
                and draft.name != name
                and fold(draft.name) in map(fold, surfaces[2:])  # the short form, or its
                # singular
            ):
                draft.aliases.append(draft.name)
                draft.name = name
        for s in surfaces[1:]:
            if fold(s) != fold(draft.name) and fold(s) not in map(fold, draft.aliases):
                draft.aliases.append(" ".join(s.split()))
            elif s not in draft.surfaces() and s not in draft.spellings and not s.islower():
                draft.spellings.append(s)  # "GSM8k" for "GSM8K" (not "ad-hoc" for "Ad-hoc")
        for s in draft.surfaces():
            by_surface[fold(s)] = draft
    return merge_versions(drafts)


def _plural_short(alias: str) -> bool:
    """True for a short form written with a plural 's' after two or more capitals ("LoRAs",
    "CvHNNs"), whose singular names the same thing."""
    return alias.endswith("s") and sum(c.isupper() for c in alias) >= 2


def merge_headed_shorts(drafts: list[Draft]) -> list[Draft]:
    """A short form with a component noun after it ("MFE Module") beside the item that short
    form names ("Multi-modal Feature Enhancement (MFE)") is that item; the pair is an alias."""
    by_surface = {fold(s): d for d in drafts for s in d.surfaces()}
    heads = VOCAB.component_name_heads
    merged: set[int] = set()
    for d in drafts:
        parts = d.name.split()
        if len(parts) != 2 or parts[1].lower() not in heads or d.aliases:
            continue
        one = by_surface.get(fold(parts[0]))
        if one is None or one is d or id(one) in merged:
            continue
        one.aliases.append(d.name)
        one.sources |= d.sources
        one.needs_support = one.needs_support and d.needs_support
        merged.add(id(d))
    return [d for d in drafts if id(d) not in merged]


_PIECE_BREAKS = regex.compile(r"[\s\-–_/]+")
_VERSIONED = regex.compile(r"(?P<base>.*\S)\s+v?\d+(?:\.\d+)+")


def merge_versions(drafts: list[Draft]) -> list[Draft]:
    """ "MultiWOZ 2.2" and a later bare "MultiWOZ" are one item; the bare name is an alias."""
    by_name = {fold(d.name): d for d in drafts}
    merged: set[int] = set()
    for d in drafts:
        m = _VERSIONED.fullmatch(d.name)
        bare = by_name.get(fold(m.group("base"))) if m else None
        if bare is None or bare is d or id(bare) in merged:
            continue
        d.aliases += [s for s in bare.surfaces() if fold(s) not in map(fold, d.surfaces())]
        d.sources |= bare.sources
        d.label, d.hint = d.label or bare.label, d.hint or bare.hint
        d.needs_support = d.needs_support and bare.needs_support
        merged.add(id(bare))
    return merge_headed_shorts(merge_plurals([d for d in drafts if id(d) not in merged]))


def merge_plurals(drafts: list[Draft]) -> list[Draft]:
    """A name written with a plural 's' ("SiTs") beside the same name in the singular ("SiT")
    is the same item; the plural is an alias."""
    by_name = {d.name: d for d in drafts}
    merged: set[int] = set()
    for d in drafts:
        one = by_name.get(d.name[:-1]) if d.name.endswith("s") else None
        if one is None or one is d or id(one) in merged or not any(c.isupper() for c in one.name):
            continue
        one.aliases += [s for s in d.surfaces() if fold(s) not in map(fold, one.surfaces())]
        one.sources |= d.sources
        one.label, one.hint = one.label or d.label, one.hint or d.hint
        one.needs_support = one.needs_support and d.needs_support
        merged.add(id(d))
    return [d for d in drafts if id(d) not in merged]


_URL = regex.compile(r"(?:https?://|www\.)\S+")


def find_mentions(text: str, drafts: list[Draft]) -> None:
    """Fill each draft's mentions with every occurrence of its surfaces, longest first
    (never inside a URL)."""
    lowered = text.lower()
    urls = [m.span() for m in _URL.finditer(text)] if "http" in text or "www." in text else []
    hits: list[tuple[int, int, int]] = []
    for di, draft in enumerate(drafts):
        for surface in [*draft.surfaces(), *draft.spellings]:
            hits.extend((s, e, di) for s, e in occurrences(text, lowered, surface))
    taken = Occupied(urls)
    for s, e, di in sorted(hits, key=lambda h: (-(h[1] - h[0]), h[0])):
        if taken.overlaps(s, e):
            continue
        taken.add(s, e)
        drafts[di].mentions.append((s, e))
    for draft in drafts:
        draft.mentions.sort()


SpanIndex = tuple[dict[int, int], dict[int, int]]


def span_index(spans: list[tuple[int, int]]) -> SpanIndex:
    """Token spans by first token and by end token (a later span wins, as in a dict)."""
    return {s: e for s, e in spans}, {e: s for s, e in spans}


def _coordinated(
    lowers: list[str],
    ms: int,
    me: int,
    spans: list[tuple[int, int]],
    index: SpanIndex | None = None,
) -> tuple[int, int]:
    """Extend a mention's token span over a coordination of mentions ("A, B and C");
    `index` is `span_index(spans)` when the caller has it."""
    by_start, by_end = index or span_index(spans)
    n = len(lowers)
    start, end = ms, me
    while True:
        j = end
        while j < n and lowers[j] in {",", "and", "or", "&"}:
            j += 1
        if j != end and j in by_start:
            end = by_start[j]
            if _closes_list(lowers, j):
                break  # "A, B and C": the list ends at the member after its conjunction
            continue
        break
    while True:
        j = start - 1
        while j >= 0 and lowers[j] in {",", "and", "or", "&", "both"}:
            j -= 1
        if j != start - 1 and (j + 1) in by_end:
            before = by_end[j + 1]
            if _CONJUNCTIONS.isdisjoint(lowers[j + 1 : start]) and _closes_list(lowers, before):
                break  # "Across A, B, and C, EASE raises": a closed list, then the subject
            start = before
            continue
        break
    return start, end


_CONJUNCTIONS = frozenset({"and", "or", "&"})


def _closes_list(lowers: list[str], i: int) -> bool:
    """True when the mention at token i follows a conjunction ("..., and C")."""
    return i >= 1 and lowers[i - 1] in _CONJUNCTIONS


def _headed_title(draft: Draft) -> bool:
    """A title-case method name its own head noun makes one ("Generative Adversarial
    Networks", "Harris Hawks Optimization"): it needs no other support."""
    return draft.sources == {"title"} and not draft.needs_support and draft.kind == "method"


def align_coordinated_kinds(drafts: list[Draft], doc: Doc, ctx: DocContext) -> None:
    """An unlabelled name listed with names the lexicon types takes their kind when they agree:
    "Math500, OlympiadBench, and AMC" makes AMC a dataset, "on IAM and RIMES" IAM; a title
    run listed with one its head noun makes a method is a method ("Generative Adversarial
    Networks, and Denoising Diffusion Probabilistic Models")."""
    owner: dict[int, Draft] = {}
    for d in drafts:
        for s, e in d.mentions:
            owner[ctx.token_span(s, e)[0]] = d
    spans = {ctx.token_span(s, e) for d in drafts for s, e in d.mentions}
    by_start = dict(spans)
    listed = list(spans)
    index = span_index(listed)
    for d in drafts:
        if d.label is not None or not d.sources <= {"shape", "list", "title"}:
            continue  # only bare name shapes: an acronym or an introduced name keeps its vote
        titled = "title" in d.sources  # "across MetaWorld, ManiSkill, and Franka Kitchen"
        votes: dict[str, int] = {}
        for s, e in d.mentions:
            ms, me = ctx.token_span(s, e)
            cs, ce = _coordinated(ctx.lowers, ms, me, listed, index)
            if me == ce and ms > 0 and ctx.lowers[ms - 1] not in {"and", "or", "&"}:
                continue  # "On A, B and C, X achieves": X ends a scene, not the list
            j = cs
            while j < ce:
                if j in by_start and j != ms:
                    other = owner.get(j)
                    if other is not None and other.label is not None:
                        votes[other.kind] = votes.get(other.kind, 0) + 1
                    elif other is not None and titled and other.kind == "dataset":
                        votes["dataset"] = votes.get("dataset", 0) + 1  # voted by its context
                    elif other is not None and titled and _headed_title(other):
                        votes["method"] = votes.get("method", 0) + 1  # "GANs, and DDPMs"
                    j = by_start[j]
                else:
                    j += 1
        if len(votes) == 1:
            d.kind, d.supported = next(iter(votes)), True


def _head_after(ctx: DocContext, i: int) -> str | None:
    """'dataset' / 'method' when a head noun follows at token i ("X dataset", "X models")."""
    lowers, heads = ctx.lowers, VOCAB.dataset_heads
    if i >= len(lowers):
        return None
    one = lowers[i]
    two = f"{one} {lowers[i + 1]}" if i + 1 < len(lowers) else ""
    if one in heads and i + 1 < len(lowers) and lowers[i + 1] in VOCAB.score_words:
        return None  # "SD benchmark accuracy": the noun modifies a measure, it heads nothing
    if two in heads or one in heads:
        return "dataset"
    if one in VOCAB.method_heads:
        if i > 0 and lowers[i - 1] in VOCAB.evaluation_modifiers:
            return "dataset"  # "an evaluation framework" is a benchmark
        return "method"
    return None


def _cast_as_head(ctx: DocContext, i: int) -> str | None:
    """'dataset' / 'method' when the name is cast as a head noun from token i on: "as", a
    determiner, at most three plain modifiers, then the head ("integrating VGGT as a spatial
    understanding encoder", "X as its backbone", "X as the training set")."""
    words, lowers, n = ctx.words, ctx.lowers, len(ctx.lowers)
    if i + 2 >= n or lowers[i] != "as" or lowers[i + 1] not in VOCAB.noun_determiners:
        return None
    for j in range(i + 2, min(n, i + 6)):
        head = _head_after(ctx, j)
        if head is not None:
            return head
        word = words[j]
        if not (word.replace("-", "").isalnum() and word == lowers[j]) or _ends_modifiers(word):
            return None
    return None


def _ends_modifiers(word: str) -> bool:
    """A function word that ends a run of modifiers before a head noun ("as a co-evolution
    [between] models")."""
    return word in VOCAB.link_words or word in VOCAB.title_stopwords


def _modified_data_head(ctx: DocContext, i: int) -> str | None:
    """'dataset' when a strong data head noun (`modified_dataset_heads`) follows token i after
    one or two lower-case modifiers or a possessive ("the WSJCAM0 adult speech dataset", "the
    PFSTAR children's speech dataset", "the BEA19's single-reference dataset"); never after a
    participle or a link word ("a GPT-4 generated dataset", "BERT on the GLUE datasets")."""
    words, lowers, n = ctx.words, ctx.lowers, len(ctx.lowers)
    j, modifiers = i, 0
    while j < n and modifiers <= 2:
        if lowers[j] in ("'s", "’s"):
            j += 1
            continue
        if modifiers and (
            lowers[j] in VOCAB.modified_dataset_heads
            or f"{lowers[j]} {lowers[j + 1] if j + 1 < n else ''}" in VOCAB.modified_dataset_heads
        ):
            return "dataset"
        word = words[j]
        plain = word.replace("-", "").isalpha() and word.islower()
        if not plain or word.endswith("ed") or word in VOCAB.link_words:
            return None
        modifiers += 1
        j += 1
    return None


def _head_before_parenthesis(ctx: DocContext, i: int, end: int) -> str | None:
    """'dataset' for names listed in parentheses after a head ("two datasets (highD, rounD)")
    or set off by commas right after one ("the largest SFT dataset, UrbanPlanText, with")."""
    lowers = ctx.lowers
    if i >= 2 and lowers[i - 1] == "(" and lowers[i - 2] in VOCAB.dataset_heads:
        return "dataset"
    closed = end < len(lowers) and lowers[end] in {",", "("}
    if closed and i >= 2 and lowers[i - 1] == "," and lowers[i - 2] in VOCAB.data_nouns:
        return "dataset"  # not "this challenge, ConfLVLM," nor "these benchmarks, Mimosa modular"
    return None


def _indefinite_head_before(ctx: DocContext, i: int, end: int) -> str | None:
    """Head of an indefinite phrase that a name set off by commas renames right after it:
    "a novel generative method, Bidirectional Anchored Generation (BAnG), which" ->
    'method' (the article, at most four plain modifiers, the head, a comma, the name)."""
    lowers = ctx.lowers
    closed = end < len(lowers) and lowers[end] in {",", "("}
    if not closed or i < 3 or lowers[i - 1] != ",":
        return None
    head = _head_after(ctx, i - 2)
    if head is None and lowers[i - 2] in VOCAB.metric_heads_after_name:
        head = "metric"  # "a new metric, Human-AI Collaboration Efficacy (HACE),"
    if head is None or not opens_indefinite_phrase(ctx.words, lowers, i - 2):
        return None
    return head


def _indefinite_after_comma(lowers: list[str], i: int) -> bool:
    """True for ", a"/", an" at token i: an appositive, not the subject after a fronted
    phrase ("Trained on OpenR1-Math, the approach outperforms")."""
    return i + 1 < len(lowers) and lowers[i] == "," and lowers[i + 1] in {"a", "an"}


def _named_after_data_noun(ctx: DocContext, i: int) -> str | None:
    """'dataset' for a name right after a naming verb that follows a data noun: "two
    synthetic audio-text datasets called PARADE", "a corpus named X", "the largest sewing
    pattern dataset, namely GarmentCodeData"."""
    lowers = ctx.lowers
    if i >= 2 and i - 1 in ctx.cue_at("NAMING_VERB") and lowers[i - 2] in VOCAB.data_nouns:
        return "dataset"
    k = i - 1
    if k >= 1 and lowers[k] == ",":  # "namely, X"
        k -= 1
    if k >= 2 and lowers[k] in VOCAB.naming_adverbs and lowers[k - 1] == ",":
        return "dataset" if lowers[k - 2] in VOCAB.data_nouns else None
    return None


def _appositive_head(ctx: DocContext, i: int) -> str | None:
    """Head noun of an appositive after token i: "X, a large-scale dataset" -> 'dataset'."""
    words = ctx.words
    n = len(words)
    if i < n and words[i] == "(":
        while i < n and words[i] != ")":
            i += 1
        i += 1
    if i >= n or words[i] not in VOCAB.appositive_separators:  # "Medical Malice: a dataset"
        return None
    return _phrase_head(ctx, i)


def _copula_head(ctx: DocContext, start: int, end: int) -> str | None:
    """Head noun of the definition of a name that opens its sentence (tokens start..end):
    "SiPaKosa is a comprehensive corpus of ..." -> 'dataset'."""
    lowers = ctx.lowers
    if end >= len(lowers) or lowers[end] not in VOCAB.copula_verbs:
        return None
    first = ctx.sent_bounds[ctx.sent_of[start]][0]
    if start != first and not (start == first + 1 and lowers[first] == "the"):
        return None  # "the gain is a ...": only a sentence's subject is defined so ("The
        # AEC-Bench is a multimodal benchmark" is)
    head = _phrase_head(ctx, end)
    return head if head != "metric" else None  # "X is the only source to score ..."


def _opens_by_defining(ctx: DocContext, draft: Draft, start: int, end: int) -> bool:
    """True when the abstract's first sentence defines a name no lexicon knows, with nothing
    marking it established ("SiPaKosa is a comprehensive corpus of ...", not "GRPO is a
    standard approach"): the paper's own artefact."""
    if ctx.sent_of[start] != 0 or draft.label is not None:
        return False
    if _copula_head(ctx, start, end) not in ("dataset", "method"):
        return False
    phrase = ctx.lowers[end : end + 8]
    marked = VOCAB.established_adjectives | VOCAB.prior_work_adjectives
    return marked.isdisjoint(phrase)


def _phrase_head(ctx: DocContext, i: int) -> str | None:
    """Head noun of the phrase that an article opens after token i (a comma, colon or
    copula): "a large-scale dataset" -> 'dataset', "a reference-free metric" -> 'metric'."""
    words, lowers = ctx.words, ctx.lowers
    n = len(words)
    if i + 1 >= n or lowers[i + 1] not in VOCAB.appositive_openers:
        return None
    j, limit = i + 1, i + 10
    while j + 1 < min(n, limit):
        j += 1
        if words[j] == "(" and j + 3 < n and words[j + 2] == ")":
            limit += 3  # "the first ... self-supervised learning (SSL) dataset": a short form
            j += 2
            continue
        if words[j] == "," and _between_adjectives(words, lowers, j):
            continue  # "AMNESIA, the first large-scale, open source benchmark"
        if words[j] in {",", ".", ";"} or lowers[j] in VOCAB.appositive_breaks:
            return None
        if lowers[j] in VOCAB.metric_heads_after_name:
            return "metric"  # "GroGU, a reference-free metric"
        head = _head_after(ctx, j)
        if head:
            return _last_head(ctx, j, head)
    return None


@cache
def _adjective_suffixes() -> tuple[str, ...]:
    """Endings of a modifier a comma joins to the next one ("scalable, event-driven")."""
    return tuple(sorted(VOCAB.adjective_suffixes))


def _between_adjectives(words: list[str], lowers: list[str], j: int) -> bool:
    """True when the comma at token j joins two modifiers of one noun: a hyphened word of
    letters ("French-German"), or a lower-case one with an `adjective_suffixes` ending,
    before it and a lower-case word (or a hyphened one ending lower-case) after it
    ("large-scale, open source", "open-source, GPU-accelerated", "scalable, event-driven")."""
    before, after = words[j - 1], words[j + 1] if j + 1 < len(words) else ""
    tail = after.rsplit("-", 1)[-1]  # "open-source, GPU-accelerated library"
    hyphened = "-" in before.strip("-") and before.replace("-", "").isalpha()  # "French-German"
    return (
        (hyphened or (before.endswith(_adjective_suffixes()) and before.islower()))
        and tail.isalpha()
        and tail.islower()
        and after not in VOCAB.link_words
        and after not in VOCAB.list_conjunctions
    )


def _last_head(ctx: DocContext, j: int, head: str) -> str:
    """The kind of the last head noun of the phrase whose first head is at token j: "a
    database normalization framework" is a method, "a model evaluation benchmark" a dataset."""
    lowers = ctx.lowers
    for k in range(j + 1, min(len(lowers), j + 4)):
        word = lowers[k]
        if not word.isalpha() or word in VOCAB.link_words or word in VOCAB.appositive_breaks:
            break
        head = _head_after(ctx, k) or head
    return head


def _preposition_before(
    words: list[str], lowers: list[str], i: int
) -> tuple[str | None, str | None]:
    """The preposition governing token i within 4 tokens, and the word before it; none
    across a verb of finding ("Experiments on five benchmarks demonstrate X's gains")."""
    prepositions = VOCAB.governing_prepositions
    for j in range(i - 1, max(-1, i - 5), -1):
        if punctuation(words[j]) or lowers[j] in VOCAB.finding_verbs:
            return None, None
        if lowers[j] in prepositions:
            return lowers[j], lowers[j - 1] if j > 0 else None
    return None, None


def _drawn_from(lowers: list[str], i: int) -> bool:
    """True when token i follows "built/collected/drawn/... from [the]" or "<data items>
    from [the]" ("3000 unseen molecules from VQM24"): a source of data."""
    j = i - 1 - (i >= 1 and lowers[i - 1] == "the")
    if j < 1 or lowers[j] != "from":
        return False
    return lowers[j - 1] in VOCAB.data_source_verbs or lowers[j - 1] in VOCAB.data_item_nouns


def _figure(word: str) -> bool:
    """A token that is a value ("66.8", "29.79%", "+3"), not a name ending in a digit ("FP8")."""
    return word.lstrip("+-−~≈")[:1].isdigit() and word[-1:] in "%0123456789"


def _valued(lowers: list[str], i: int) -> bool:
    """True when tokens i, i+1 are "=" and a number ("tpmC=130"), or a number and "vs."
    ("CRG 0.472 vs. 0.368": a measure's value set against another)."""
    if i + 1 >= len(lowers):
        return False
    if lowers[i] in {"=", "≈"}:
        return lowers[i + 1].lstrip("+-−.")[:1].isdigit()
    return lowers[i].lstrip("+-−.")[:1].isdigit() and lowers[i + 1] in VOCAB.versus_markers


def _optimised(lowers: list[str], start: int, end: int) -> bool:
    """True when tokens start..end are the whole object of a verb of optimising: "maximize
    Quantum Fisher Information (QFI)", "minimizing the ECE" (not "minimizing GRPO's loss")."""
    k = start - 1
    if k >= 0 and lowers[k] in VOCAB.objective_determiners:
        k -= 1
    return k >= 0 and lowers[k] in VOCAB.objective_verbs and _whole_phrase(lowers, end)


def _whole_phrase(lowers: list[str], end: int) -> bool:
    """True when nothing but punctuation or a link word follows token end: the name is the
    whole noun phrase, not a modifier ("PVar." is; "AI-detection rates" is not)."""
    return end >= len(lowers) or not lowers[end][:1].isalnum() or lowers[end] in VOCAB.link_words


def _ranked_measure(lowers: list[str], start: int, end: int) -> bool:
    """True when tokens start..end are the whole phrase a ranking comparative governs:
    "prompts with higher PVar", "slightly higher average CodeHealth"."""
    k = start - 1
    if k >= 0 and lowers[k] in VOCAB.averaging_words:
        k -= 1
    return k >= 0 and lowers[k] in VOCAB.measure_rank_comparatives and _whole_phrase(lowers, end)


def _changed_by_value(lowers: list[str], start: int, end: int) -> bool:
    """True when tokens [start, end) are what a change verb moves by a number ("improving
    SR by 16.9 points", "reduces the ADE by 40%")."""
    verb = start - 1
    if verb > 0 and lowers[verb] in VOCAB.noun_determiners:
        verb -= 1
    return (
        verb >= 0
        and lowers[verb] in VOCAB.measure_change_verbs
        and end + 1 < len(lowers)
        and lowers[end] == "by"
        and lowers[end + 1].lstrip("+-−~≈.")[:1].isdigit()
    )


@cache
def kind_votes() -> dict[str, float]:
    """The weight of each piece of kind evidence (data/weights/kind_votes.json), loaded once."""
    raw = json.loads(data_path("weights/kind_votes.json").read_text(encoding="utf-8"))
    return {k: v["value"] for k, v in raw.items() if not k.startswith("_")}


@cache
def _name_suffixes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Dataset and method name endings, as tuples for `str.endswith` (built once); a
    capitalised word ending is also taken upper-case after a hyphen ("AR-BENCH", "X-EVAL")."""
    data = VOCAB.dataset_name_suffixes
    shouted = {f"-{e.upper()}" for e in data if len(e) >= 4 and e.istitle() and e.isalpha()}
    return tuple(sorted(data | shouted)), tuple(VOCAB.method_name_suffixes)


def vote_kind(
    draft: Draft,
    doc: Doc,
    ctx: DocContext,
    spans: list[tuple[int, int]],
    index: SpanIndex | None = None,
) -> None:
    """Decide method vs dataset from lexicon, name shape and every mention's context
    (`index`: `span_index(spans)`, when the caller has it)."""
    index = index or span_index(spans)
    w = kind_votes()
    setting = VOCAB.setting_prepositions
    ds, me = 0.0, 0.0
    if draft.label == "DATASET":
        ds += w["lexicon_dataset"]
    elif draft.label == "METHOD":
        me += w["lexicon_method"]
    if draft.hint == "DATASET":
        ds += w["listed_dataset_hint"] if "list" in draft.sources else w["dataset_hint"]
    elif draft.hint == "METHOD":
        me += w["method_hint"]
    elif draft.hint == "METRIC":
        draft.metric_like = True  # listed after "metrics"/"measures": a measure's name

    data_suffixes, method_suffixes = _name_suffixes()
    size, count = named_regex("model_size"), named_regex("sample_count")
    labels = lexicon_labels()
    coinage = named_regex("measure_coinage")
    for surface in draft.surfaces():
        if draft.label is None and coinage.match(surface):
            draft.metric_like = True  # "IAScore": a measure's name
        if draft.label is None and surface.endswith("s") and labels.get(surface[:-1]) == "METHOD":
            me += w["lexicon_method_plural"]  # "SiTs": several models of a known kind
        family = _FAMILY_SPLIT.split(surface, 1)[0]
        if family != surface and labels.get(family) == "METHOD":
            me += w["method_family"]  # "Gemini-3-flash": a release of a known model family
        base = _LAST_PART.split(surface)[-1]
        if base != surface and labels.get(base) == "DATASET" and labels.get(surface) is None:
            ds += w["dataset_family"]  # "Neuro-MNIST", "Emergence WebVoyager": a variant of one
        if surface.endswith(data_suffixes):
            ds += w["dataset_name_suffix"]
        if count.search(surface):
            ds += w["sample_count"]
        if size.search(surface):
            me += w["model_size"]
        elif surface.endswith(method_suffixes):
            me += w["method_name_suffix"]
    lowers, words = ctx.lowers, ctx.words
    n = len(lowers)
    scored = method_headed = False
    for s, e in draft.mentions:
        ms, mend = ctx.token_span(s, e)
        cs, ce = _coordinated(lowers, ms, mend, spans, index)
        prep, before = _preposition_before(words, lowers, cs)
        defined = mend + 3 < n and lowers[mend] == "(" and lowers[mend + 2] == ")"
        after = mend + 3 if defined else mend
        verb = after + 1 < n and lowers[after + 1] in VOCAB.verb_object_openers
        if after < n and lowers[after] in VOCAB.metric_heads_after_name and not verb:
            scored = True  # "on the CHAIRi metric", "the Instance Affinity (IA) score" (not
            # "QVal measures how well ...": a verb)
        if ms >= 1 and lowers[ms - 1] in VOCAB.metric_nouns_before_name and draft.label is None:
            draft.metric_like = True  # "the official SAT Competition metric PAR-2"
        if _valued(ctx.lowers, mend):
            draft.metric_like = True  # "tpmC=130": a measure with its value
        if draft.label is None and _optimised(lowers, ms, mend):
            draft.metric_like = True  # "maximize Quantum Fisher Information (QFI)"
        if draft.label is None and _ranked_measure(lowers, ms, mend):
            draft.metric_like = True  # "slightly higher average CodeHealth"
        if (
            draft.label is None
            and (_after_percent(ctx, ms) or _changed_by_value(ctx.lowers, ms, mend))
            and _ACRONYM.fullmatch(words[ms])
            and mend == ms + 1
        ):
            draft.metric_like = True  # "91.4% ANLS", "improving SR by 16.9 points" (not
            # "71.2% MMLU": the lexicon knows it)
        whole_token = ctx.starts[mend - 1] + len(words[mend - 1]) == e
        head = _head_after(ctx, ce) if whole_token else None
        draft.data_headed = draft.data_headed or (
            head == "dataset" and ce == mend < n and lowers[mend] in VOCAB.dataset_heads
        )
        head = head or _head_before_parenthesis(ctx, cs, ce)
        if head is None and whole_token:  # "a novel generative method, BAnG-Gen (BAnG),"
            head = _indefinite_head_before(ctx, cs, ce)
        if head is None and prep not in setting:
            head = _appositive_head(ctx, mend)  # "On X, our approach ..." is no appositive
        elif head is None and _indefinite_after_comma(ctx.lowers, mend):
            head = _appositive_head(ctx, mend)  # "on Phi-4-Mini, a compact 3.8B model"
        if head is None:
            head = _named_after_data_noun(ctx, cs)  # "two new datasets called PARADE"
        if head is None and whole_token:
            head = _copula_head(ctx, ms, mend)  # "SiPaKosa is a comprehensive corpus"
        if head is None and whole_token:
            head = _cast_as_head(ctx, ce)  # "integrating VGGT as a spatial encoder"
        if head is None and whole_token:
            head = _modified_data_head(ctx, ce)  # "the WSJCAM0 adult speech dataset"
        if head == "metric":
            draft.metric_like = True
        if head == "dataset":
            ds += w["dataset_head"]
            draft.supported = True
        elif head == "method":
            me += w["method_head"]
            draft.supported = method_headed = True
        whole = _whole_phrase(lowers, ce)
        whole = whole and not (ce < n and lowers[ce] in {"'s", "’s"})
        share = before is not None and (before.endswith("%") or before in VOCAB.data_part_nouns)
        if prep == "of" and share and whole:
            ds += w["share_of_data"]  # "0.06% of CounterFact", "subsets of DROID" (not "0.03%
            # of X parameters")
        if prep in setting and before not in VOCAB.basis_verbs:
            ds += w["setting_preposition"]
            if before is not None and (before in VOCAB.score_words or _figure(before)):
                ds += w["measured_on"]  # "a 29.79% overall score on ProofNet"
                draft.supported = True  # "66.8 on SQA": a short name a value is measured on
        elif prep == "in" and before in VOCAB.evaluation_nouns:
            ds += w["tested_in"]  # "Evaluations in OpenMines demonstrate ..."
        elif prep == "to" and before in VOCAB.transfer_words:
            ds += w["transfer_target"]  # "transfer to NCHLT"
        elif prep in {"like", "as"} and before is not None:
            cls = before if prep == "like" else (lowers[cs - 3] if cs >= 3 else "")
            if cls in VOCAB.dataset_class_nouns:
                ds += w["dataset_class_member"]
                draft.supported = True
            elif cls in VOCAB.method_class_nouns:
                me += w["method_class_member"]
                draft.supported = True
        if _drawn_from(lowers, cs):
            ds += w["data_source"]  # "a benchmark built from WildChat"
        nxt = next_content(lowers, mend - 1)
        if nxt is not None and lowers[nxt] in {"'s", "’s"}:
            nxt = next_content(lowers, nxt)
        if nxt is not None and lowers[nxt] in VOCAB.performance_verbs:
            me += w["performance_verb_after"]
            # "Entropy Sampling achieved 93.7%": a capitalised name that performs
            draft.supported = draft.supported or not draft.name.islower()
        elif nxt is not None and lowers[nxt] in VOCAB.method_action_verbs:
            me += w["action_verb_after"]  # "SkillComposer uses a constrained decoder"
        if ctx.comparison[ms] and prep not in setting:
            me += w["compared"]
    if scored and not method_headed:  # "LARK, a learnability-grounded method ... the LARK
        draft.metric_like = True  # score predicts ...": a method that also gives a score
    draft.kind = "dataset" if ds > me else "method"


def assign_role(draft: Draft, doc: Doc, ctx: DocContext) -> None:
    """proposed > compared > used, from every mention's sentence context."""
    roles = set()
    text = doc_text(doc)
    for s, e in draft.mentions:
        ms, mend = ctx.token_span(s, e)
        owned = (ctx.proposal[ms] and not ctx.comparison[ms]) or _owned(ctx, ms)
        basis = _built_on(ctx.lowers, ms) or (owned and _modifies_compound(text, e))
        basis = basis or (owned and _class_of_new(ctx, ms, mend, "lexicon" in draft.sources))
        draft.prior_work = draft.prior_work or basis  # what the new thing rests on exists
        if owned and not basis:
            roles.add("proposed")  # not "we propose a ReAct-driven ...", "... built on X"
        elif draft.kind == "dataset" and _new_data_appositive(ctx, mend):
            roles.add("proposed")  # "MEnvBench, a new benchmark comprising 1,000 tasks"
        elif _listed_as_new(ctx, ms):
            roles.add("proposed")  # "leading to two new variants, RLPO and RLMO"
        elif (
            draft.kind == "method" and "lexicon" not in draft.sources and _new_headed(ctx, ms, mend)
        ):
            roles.add("proposed")  # "combine it with a new Gated Advantage Weighted Regression
            # mechanism"
        elif _opens_by_defining(ctx, draft, ms, mend):
            roles.add("proposed")  # "SiPaKosa is a comprehensive corpus of ...", first
        elif ctx.comparison[ms] or _baseline_after(ctx.lowers, mend) or share_of(ctx.lowers, ms):
            roles.add("compared")
        elif draft.kind == "method" and _listed_as_prior_work(ctx, ms):
            roles.add("compared")  # "traditional retrieval methods such as BM25 and DPR"
        else:
            roles.add("used")
        if not VOCAB.prior_work_adjectives.isdisjoint(ctx.lowers[max(0, ms - 2) : ms]):
            draft.prior_work = True
    role = min(roles, key=ROLE_RANK.__getitem__) if roles else "used"
    if draft.kind == "dataset" and role == "compared":
        role = "used"
    if draft.sources == {"compound"} and role == "proposed":
        role = "used"  # "we propose TrInk, a Transformer-based ...": what it builds on
    draft.role = role
    if draft.kind == "dataset" and role == "used" and draft.sources == {"acronym"}:
        role = draft.role = "proposed"  # a benchmark the abstract defines (and no lexicon knows)
    if role in ("proposed", "compared") or "lexicon" in draft.sources:
        draft.supported = True


def _new_headed(ctx: DocContext, start: int, end: int) -> bool:
    """True when "a new" stands right before the name at tokens start..end and a method head
    right after it ("a new Gated Advantage Weighted Regression mechanism"): the paper's own."""
    lowers = ctx.lowers
    return (
        start >= 2
        and lowers[start - 1] == "new"
        and lowers[start - 2] in VOCAB.indefinite_articles
        and end < len(lowers)
        and lowers[end] in VOCAB.method_heads
    )


def _modifies_compound(text: str, end: int) -> bool:
    """True when the mention ending at char `end` is glued to a compound suffix ("ReAct" of
    "ReAct-driven", "Mamba" of "Mamba-based", either form of "Kolmogorov-Arnold Network
    (KAN)-based"): it names what a new thing builds on."""
    alias = _ALIAS_AFTER.match(text, end)
    end = alias.end() if alias else end + (text[end : end + 1] == ")")
    if end >= len(text) or text[end] != "-":
        return False
    tail = _WORD_START.match(text, end + 1)
    return tail is not None and tail.group().lower() in VOCAB.compound_suffixes


def _class_of_new(ctx: DocContext, start: int, end: int, known: bool) -> bool:
    """True when a name modifies the method noun of an indefinite phrase that describes what is
    proposed, in the appositive of the proposed name: a known name ("FooX, a novel BERT
    model") or a one-word name ("FooX, a RAG pipeline"), the kind of thing proposed, which
    exists already (not "we propose a Bayesian Optimization framework", what is proposed, nor
    "COMPASS, a Cognitive MCTS-Guided Process Alignment framework", its spelled-out name)."""
    lowers = ctx.lowers
    if end >= len(lowers) or lowers[end] not in VOCAB.method_heads:
        return False
    article = next(
        (j for j in range(start - 1, max(-1, start - 4), -1) if lowers[j] in {"a", "an"}), None
    )
    if article is None:
        return False
    appositive = article > 0 and lowers[article - 1] == ","
    return appositive and (known or end - start == 1)


def _built_on(lowers: list[str], i: int) -> bool:
    """True when token i follows "built on", "based on", "built natively on" or "an evolution
    of": the name is what a proposed thing rests on ("a framework built natively on Apache
    Spark", "BEST-RQ-2, an evolution of BEST-RQ")."""
    if i >= 2 and lowers[i - 1] == "of" and lowers[i - 2] in VOCAB.basis_nouns:
        return True
    if i < 2 or lowers[i - 1] != "on":
        return False
    j = i - 2 - (lowers[i - 2].endswith("ly") and i >= 3)  # "built natively on"
    return lowers[j] in VOCAB.basis_verbs


_WORD_START = regex.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")
_FAMILY_SPLIT = regex.compile(r"[-–\s]")
_LAST_PART = regex.compile(r"[-–\s](?=[^-–\s]+$)")  # before a name's last hyphenated/spaced part
_ACRONYM = regex.compile(r"\p{Ll}?\p{Lu}{2,6}")  # "ANLS", "mAP", "nDCG"; not "FooNet"


def _listed_as_prior_work(ctx: DocContext, i: int) -> bool:
    """True when token i is a member of a list ("such as", "including", "like") after a
    class noun led by a prior-work adjective ("traditional retrieval methods such as BM25
    and Dense Passage Retrieval (DPR)"), or one the next sentence turns against ("..., such as
    LIME, ... However, these approaches suffer"): the work the paper sets itself against."""
    start = ctx.sent_bounds[ctx.sent_of[i]][0]
    cues = ctx.cue_list("LIST_INTRO", max(start, i - 12), i)
    if not cues:
        return False
    c = cues[-1]
    if any((w in VOCAB.clause_breaks and w != ",") or w == "." for w in ctx.lowers[c:i]):
        return False  # a list's commas are no clause break
    if not VOCAB.prior_work_adjectives.isdisjoint(ctx.lowers[max(start, c - 4) : c]):
        return True
    return _turned_against_next(ctx, ctx.sent_of[i])


def _turned_against_next(ctx: DocContext, sent: int) -> bool:
    """True when the sentence after `sent` opens by turning against what it listed: a
    `contrast_openers` word first, then a `back_reference_words` word within three tokens
    ("However, these approaches often suffer from instability")."""
    if sent + 1 >= len(ctx.sent_bounds):
        return False
    start, end = ctx.sent_bounds[sent + 1]
    lows = ctx.lowers[start : min(end, start + 5)]
    if not lows or lows[0] not in VOCAB.contrast_openers:
        return False
    return not VOCAB.back_reference_words.isdisjoint(lows[1:])


def mark_components(drafts: list[Draft], ctx: DocContext) -> None:
    """A coined method (a defined or title-case name) first named after a component verb in a
    sentence whose subject is a proposed method is part of it, so proposed too: "PFformer
    integrates two novel embedding strategies: Enhanced Feature-based Embedding (EFE) and
    ...", "ConsisGuard performs Policy-to-Decision Trajectory Distillation"."""
    subjects = {
        ctx.token_span(s, e)[0]
        for d in drafts
        if d.kind == "method" and d.role == "proposed"
        for s, e in d.mentions
    }
    verbs = VOCAB.component_verbs
    for d in drafts:
        coined = (
            bool(d.sources & {"acronym", "title"})
            and not d.sources & {"lexicon", "compound"}
            and d.hint != "METHOD"  # "Gemini-Pro": a release of a known family
        )
        shaped = (  # "NonThinking-SFT": a name by its shape alone, unknown to the lexicons
            "shape" in d.sources and not d.sources & {"lexicon", "compound"} and d.hint != "METHOD"
        )
        if d.kind != "method" or d.role != "used" or not (coined or shaped) or not d.mentions:
            continue  # a known or modifying name ("a LinUCB-based bandit") is what it uses
        ms, _ = ctx.token_span(*d.mentions[0])
        first = ctx.sent_bounds[ctx.sent_of[ms]][0]
        if _own_parts_listed(ctx, first, ms, subjects):
            d.role, d.supported = "proposed", True  # "UniAudio-Token ... through two key
            continue  # innovations: (1) Semantic-Acoustic Primitives (SAP) ..."
        if not coined:
            continue
        subject = next((k for k in range(first, min(first + 3, ms)) if k in subjects), None)
        between = verbs
        if subject is None and _listed_new_part(ctx, ms) and _proposed_before_colon(ctx, first, ms):
            d.role, d.supported = "proposed", True  # "we propose a two-part framework: a
            continue  # Transition-Inducing Prompt (TIP) that ..., and a ..."
        if subject is None and _owned_method_subject(ctx, first, ms):
            subject = first  # "Our framework introduces three core mechanisms: (1) ..."
            between = VOCAB.own_component_verbs
            if not VOCAB.category_class_nouns.isdisjoint(ctx.lowers[first:ms]):
                continue  # "Our framework introduces two categories of questions: (1) ..."
        if subject is None or ctx.comparison[ms]:
            continue
        if not between.isdisjoint(ctx.lowers[subject:ms]):
            d.role = "proposed"
            d.supported = True  # "AgentShield introduces ...: (i) Critical Node Auditing"


def _own_parts_listed(ctx: DocContext, first: int, before: int, subjects: set[int]) -> bool:
    """True when token `before` opens a list member after a colon that lists the parts of the
    paper's own method, in the sentence opening at token `first`: a counted part noun ends at
    the colon and that method or "we"/"our" comes before it ("two key innovations:", "three
    core components:"), or "our <method noun> <verb>:" ends there ("our two-stage approach
    applies: (1) NonThinking-SFT ...; and (2) Thinking-RLVR")."""
    lowers = ctx.lowers
    colon = next((k for k in range(before - 1, first, -1) if lowers[k] == ":"), None)
    if colon is None or colon < first + 2 or not _opens_list_member(lowers, before):
        return False
    if lowers[colon - 1] in VOCAB.own_part_nouns:
        if VOCAB.count_words.isdisjoint(lowers[max(first, colon - 4) : colon - 1]):
            return False
        owner = VOCAB.own_markers | VOCAB.proposal_subjects
        return any(k in subjects or lowers[k] in owner for k in range(first, colon))
    ours = next(
        (
            k
            for k in range(colon - 1, max(first, colon - 6) - 1, -1)
            if lowers[k] in VOCAB.own_markers
        ),
        None,
    )
    return ours is not None and any(w in VOCAB.method_heads for w in lowers[ours + 1 : colon - 1])


def _opens_list_member(lowers: list[str], i: int) -> bool:
    """True when token i opens a list member: right after a colon or an enumerator such as
    "(1)", "2)" or "(ii)" (not "... combines covariance matrices and Radial Basis Function")."""
    if i >= 1 and lowers[i - 1] == ":":
        return True
    return (
        i >= 2
        and lowers[i - 1] == ")"
        and bool(named_regex("list_enumerator").match(lowers[i - 2]))
    )


def _listed_new_part(ctx: DocContext, i: int) -> bool:
    """True when the name at token i opens a list member with an indefinite article: ": a X",
    "and a X", "(1) a X", "; an X" (not "in a hidden Markov model")."""
    lowers = ctx.lowers
    return (
        i >= 2
        and lowers[i - 1] in VOCAB.indefinite_articles
        and (lowers[i - 2] in VOCAB.list_conjunctions or lowers[i - 2] in {":", ",", ";", ")"})
    )


def _proposed_before_colon(ctx: DocContext, first: int, before: int) -> bool:
    """True when, in the sentence opening at token `first`, "we" and a proposal verb come
    before a colon that comes before token `before`: the names after it are the parts of
    what the paper proposes ("we propose a two-part framework to ...: a Transition-Inducing
    Prompt (TIP) ..."); not when a category noun is listed ("two categories of ...:")."""
    lowers = ctx.lowers
    colon = next((k for k in range(before - 1, first, -1) if lowers[k] == ":"), None)
    if colon is None or not VOCAB.category_class_nouns.isdisjoint(lowers[first:colon]):
        return False
    we = next((k for k in range(first, colon) if lowers[k] in VOCAB.proposal_subjects), None)
    return we is not None and not VOCAB.proposal_verbs.isdisjoint(lowers[we + 1 : colon])


def _owned_method_subject(ctx: DocContext, first: int, before: int) -> bool:
    """True when the sentence opening at token `first` has the paper's own method as its
    subject, before token `before`: "Our framework", "Our proposed method", "The framework"."""
    lowers = ctx.lowers
    if lowers[first] not in VOCAB.own_method_determiners:
        return False
    if lowers[first] not in VOCAB.own_markers:  # "The framework introduces", not "The MFE
        return first + 1 < before and lowers[first + 1] in VOCAB.method_heads  # Module and"
    return any(w in VOCAB.method_heads for w in lowers[first + 1 : min(first + 3, before)])


def _new_data_appositive(ctx: DocContext, end: int) -> bool:
    """True when ", a new <data noun>" follows token `end` ("MEnvBench, a new benchmark",
    "X, a novel large-scale dataset"): the appositive says the dataset is the paper's."""
    lowers = ctx.lowers
    if end + 2 >= len(lowers) or lowers[end] != "," or lowers[end + 1] not in {"a", "an"}:
        return False
    window = lowers[end + 2 : end + 6]
    marked = next((k for k, w in enumerate(window) if w in VOCAB.new_data_markers), None)
    return marked is not None and any(w in VOCAB.dataset_heads for w in window[marked + 1 :])


def _listed_as_new(ctx: DocContext, i: int) -> bool:
    """True when token i is a member of a list after a class noun marked new ("two new
    variants, RLPO and RLMO", "three novel datasets: A, B and C"): the paper's own."""
    lowers, words = ctx.lowers, ctx.words
    classes, joins = _listing_class_nouns(), VOCAB.list_conjunctions
    for k in range(i - 1, max(0, i - 12), -1):
        if lowers[k] in (",", ":") and lowers[k - 1] in classes:
            return _marked_new(lowers[max(0, k - 6) : k - 1])
        if not (lowers[k] == "," or lowers[k] in joins or words[k][:1].isupper()):
            return False  # only names, commas and "and" stand between a member and its list
    return False


def _marked_new(words: list[str]) -> bool:
    """True when `words` hold a new-data marker ("three novel datasets") or "newly" before a
    participle of making ("two newly curated datasets"; not "newly released")."""
    if not VOCAB.new_data_markers.isdisjoint(words):
        return True
    made = VOCAB.own_making_participles
    return any(a == "newly" and b in made for a, b in pairwise(words))


def _after_percent(ctx: DocContext, i: int) -> bool:
    """True when token i follows a percentage ("91.4 %", "91.4%")."""
    lowers = ctx.lowers
    return i >= 1 and (
        (lowers[i - 1] == "%" and i >= 2 and lowers[i - 2][:1].isdigit())
        or (lowers[i - 1].endswith("%") and lowers[i - 1][:1].isdigit())
    )


def _name_before_method_head(doc: Doc, ctx: DocContext, name: str) -> bool:
    """True when a method head follows an occurrence of `name` ("we propose a Layer-wise
    Representation Similarity approach"): a method named after what it measures."""
    text = doc_text(doc)
    for _, e in occurrences(text, text.lower(), name):
        _, end = ctx.token_span(e - 1, e)
        if end < len(ctx.lowers) and ctx.lowers[end] in VOCAB.method_heads:
            return True
    return False


def _method_headed(ctx: DocContext, draft: Draft) -> bool:
    """True when a method head noun follows one of the draft's mentions ("X objective")."""
    lowers = ctx.lowers
    ends = (ctx.token_span(s, e)[1] for s, e in draft.mentions)
    return any(k < len(lowers) and lowers[k] in VOCAB.method_heads for k in ends)


def _after_quantity(ctx: DocContext, start: int) -> bool:
    """True when a mention at char `start` follows a value with a physical unit: what "6.5 GB
    VRAM" or "40 ms TTFT" names is a measured quantity, not a method."""
    i, lowers = ctx.token_at(start), ctx.lowers
    return i >= 2 and lowers[i - 1] in VOCAB.physical_units and lowers[i - 2][:1].isdigit()


def _hardware_mention(doc: Doc, ctx: DocContext, start: int, end: int) -> bool:
    """True when the mention at chars [start, end) names a piece of hardware: a model code
    (a name with a digit) right before a hardware noun, its model number allowed between ("an
    Alveo U55C FPGA", "RTX 4090 GPUs"; not "llama.cpp CPU inference"), or any name in a list
    right after a hardware noun and a colon or bracket ("four NVIDIA GPUs: H100 SXM5,
    A100-80GB SXM4, L40S and L4", "consumer GPUs (RTX 4090)")."""
    first, last = ctx.token_span(start, end)
    lowers, words, heads = ctx.lowers, ctx.words, VOCAB.hardware_heads
    j = last
    while j < len(lowers) and j < last + 2 and lowers[j] not in heads and _model_number(words[j]):
        j += 1
    coded = j > last or any(ch.isdigit() for ch in doc_text(doc)[start:end])
    if coded and j < len(lowers) and lowers[j] in heads:
        return True
    joins = VOCAB.list_conjunctions
    for i in range(first - 1, max(first - 25, 0), -1):
        if lowers[i] in (":", "("):
            return lowers[i - 1] in heads
        word = words[i]
        named = not word.islower() and any(ch.isalnum() for ch in word)  # "H100", "4090"
        if not (named or word in (",", "-", "/") or lowers[i] in joins):
            return False
    return False


def _model_number(word: str) -> bool:
    """A token of a hardware model's number: digits first ("4090", "80GB") or a short
    capitalised suffix ("Ti", "XT")."""
    return word[:1].isdigit() or (word[:1].isupper() and len(word) <= 3 and word.isalnum())


def share_of(lowers: list[str], i: int) -> bool:
    """True for the X of "only 2% of X": a comparison point."""
    j = i - 1 - (i > 0 and lowers[i - 1] == "the")
    return j >= 1 and lowers[j] == "of" and lowers[j - 1].endswith("%")


def _owned(ctx: DocContext, i: int) -> bool:
    """True when "our" modifies the mention ("our manually curated TPRU-Test"), "the proposed"
    stands right before it, or a novelty marker stands right before a name-like word ("a
    novel Loss-aligned Internal Target (LIT) method")."""
    lowers, markers = ctx.lowers, VOCAB.own_markers
    if i >= 2 and lowers[i - 1] == "proposed" and lowers[i - 2] in VOCAB.proposed_determiners:
        return True  # "The proposed Momentum-Corrected Online Stacking Ensemble achieved"
    if i >= 1 and lowers[i - 1] in VOCAB.novelty_markers:
        word = ctx.words[i]
        return not (word.isalpha() and word.islower())  # not "a novel puzzling (PZ)" format
    if (
        i >= 3
        and lowers[i - 1] == ","
        and (lowers[i - 2] in VOCAB.own_nouns or lowers[i - 2] in VOCAB.dataset_heads)
        and (lowers[i - 3] in markers or lowers[i - 3] in VOCAB.own_appositive_markers)
    ):
        return True  # "Our method, X", "The resulting corpus, EmoWOZ-CS,"
    stops = _ownership_stops()
    for j in range(i - 1, max(-1, i - 5), -1):
        low = lowers[j]
        if low in markers:
            return True
        if low in VOCAB.novelty_markers or (low == "proposed" and lowers[j - 1] in markers):
            continue  # "our proposed Dual Alignment Attention", "our novel X"
        if low in stops or punctuation(ctx.words[j]):
            return False
    return False


@cache
def _ownership_stops() -> frozenset[str]:
    """Words that stop the search for 'our' before a mention: 'our results on X', 'our
    evaluation shows that X'."""
    return (
        VOCAB.own_blockers
        | VOCAB.comparison_cues
        | VOCAB.performance_verbs
        | VOCAB.proposal_verbs
        | VOCAB.result_verbs
    )


def _baseline_after(lowers: list[str], i: int) -> bool:
    """True when 'baseline(s)' follows the mention (after an optional '-based')."""
    return i < len(lowers) and lowers[i] in {"baseline", "baselines"}


@lru_cache(maxsize=1 << 14)
def distinct_tokens(name: str) -> frozenset[str]:
    """Distinctive lower-case word pieces of a name (for variant detection; memoised): not a
    common English word written in lower case ("reinforcement learning with verifiable
    rewards"; a capitalised word or an acronym stays: the "Safety" of a named stage, "NAG")
    nor a model family the lexicon knows ("gpt" of "Durghotona GPT" ties no GPT-4 to it)."""
    stops, common, families = VOCAB.distinct_stopwords, VOCAB.common_english, _method_families()
    return frozenset(
        p.lower()
        for p in _PIECE_BREAKS.split(name)
        if len(p) >= 3
        and any(ch.isalpha() for ch in p)
        and p.lower() not in stops
        and (p[:1].isupper() or p.lower() not in common)
        and p.lower() not in families
    )


@cache
def _method_families() -> frozenset[str]:
    """Lower-cased one-word method names of the lexicons ("gpt", "llama", "bert")."""
    return frozenset(
        s.lower() for s, label in lexicon_labels().items() if label == "METHOD" and " " not in s
    )


_FAMILY_NAME = regex.compile(r"[A-Z][A-Za-z]+")


_GLUED_RELEASE = regex.compile(r"\d+(?:\.\d+)*(?:[-\s]|$)")


def _follows_family(rest: str) -> bool:
    """True for what may follow a family name inside a full model name: a space, a hyphen or
    a glued release number ("Claude Sonnet", "GLM-5", "Qwen2.5-7B"; not "CAD2DMD-SET")."""
    return rest[:1] in {" ", "-"} or _GLUED_RELEASE.match(rest) is not None


def merge_family_mentions(drafts: list[Draft]) -> list[Draft]:
    """A bare family name written after the one full model name it begins is a short mention
    of it ("Claude 86.4%" after "Claude Sonnet 4.6", "GLM" after "GLM-5-turbo", "Qwen" after
    "Qwen2.5-7B"): its mentions join that draft; written first, or with several such names,
    it stays itself."""
    out = []
    for d in drafts:
        full = (
            [
                f
                for f in drafts
                if f is not d
                and _follows_family(f.name[len(d.name) :])
                and f.name.startswith(d.name)
                and any(c.isdigit() for c in f.name[len(d.name) :])  # a release, a size
            ]
            if not d.aliases and _FAMILY_NAME.fullmatch(d.name)
            else []
        )
        if len(full) == 1 and min(full[0].mentions) < min(d.mentions):  # a later short form
            full[0].mentions = sorted(full[0].mentions + d.mentions)
            full[0].sources |= d.sources
            continue
        out.append(d)
    return out


def promote_variants(drafts: list[Draft]) -> None:
    """A used method that shares a distinctive word with a proposed name is proposed too,
    unless the text calls it earlier work ("our previous Ovis-U1 framework")."""
    proposed = [d for d in drafts if d.role == "proposed"]
    if not proposed:
        return  # no distinctive word to share
    keys = set().union(*(distinct_tokens(s) for d in proposed for s in d.surfaces()))
    names = [fold(s) for p in proposed for s in p.surfaces()]
    for d in drafts:
        if d.role != "used" or d.kind != "method" or d.prior_work:
            continue
        if any(fold(s) in n for s in d.surfaces() for n in names):
            continue  # a proposed name's part: general, not a variant
        if any(distinct_tokens(s) & keys for s in d.surfaces()):
            d.role = "proposed"
            d.supported = True


_ALIAS_AFTER = regex.compile(r"\s*\([^()]{1,16}\)")


def category_regions(
    cands: list, text: str, ctx: DocContext, hint: str = "CATEGORY"
) -> list[tuple[int, int]]:
    """Char ranges of lists of the work's categories ("four evaluation dimensions - Embodied
    Reasoning (ER), Common Sense (CS), ...") or of another list `hint` ("ORGANISATION":
    "five providers (Anthropic, OpenAI, Meta, DeepSeek)"): first to last member of each
    sentence's list, with the last member's short form."""
    by_sentence: dict[int, tuple[int, int]] = {}
    for c in cands:
        if c.hint != hint:
            continue
        sent = ctx.sentence_of_char(c.start)
        lo, hi = by_sentence.get(sent, (c.start, c.end))
        by_sentence[sent] = (min(lo, c.start), max(hi, c.end))
    out = []
    for lo, hi in by_sentence.values():
        alias = _ALIAS_AFTER.match(text, hi)
        out.append((lo, alias.end() if alias else hi))
    return out


def _only_in(mentions: list[tuple[int, int]], regions: list[tuple[int, int]]) -> bool:
    """True when every mention lies inside one of the regions."""
    return bool(regions) and all(
        any(lo <= s and e <= hi for lo, hi in regions) for s, e in mentions
    )


def extract_entities(doc: Doc, ctx: DocContext) -> tuple[list[Draft], list[Draft]]:
    """Method and dataset drafts of a doc (typed, with roles and mentions), and the drafts
    that turned out to be metrics ("the CHAIRi metric")."""
    acr, generic_shorts, blocked = acronym_candidates(doc, ctx)
    shorts = generic_shorts | {a["short"] for a in ctx.acronyms}
    shapes = [c for c in shape_candidates(doc) + suspended_candidates(doc) if c.text not in shorts]
    shapes += compound_lexicon_candidates(doc, {c.start for c in shapes})
    shapes += model_id_candidates(doc, {c.start for c in shapes})
    cands = acr + lexicon_candidates(doc) + shapes + listed_candidates(doc, ctx)
    cands += head_noun_candidates(doc, ctx) + year_named_candidates(doc, ctx)
    cands += seeded_list_candidates(doc, ctx)
    cands += tool_head_candidates(doc, ctx) + named_method_candidates(doc, ctx)
    cands += appositive_named_candidates(doc, ctx)
    cands += proposed_name_candidates(doc, ctx)
    cands = [
        c
        for c in cands
        if not inside_metric(doc, c)
        and not (c.source != "lexicon" and any(c.start < e and s < c.end for s, e in blocked))
        and not (c.source == "title" and _generic_with_next_word(doc, ctx, c))
    ]
    categories = category_regions(cands, doc_text(doc), ctx)
    organisations = category_regions(cands, doc_text(doc), ctx, "ORGANISATION")
    cands = resolve_overlaps(cands, ctx)
    drafts = cluster(cands, generic_shorts - _datasets_in_setting(cands, ctx))
    proposed_longs = {  # "we introduce Dynamic Upcycling MoE (DUME)": a name, generic tail or not
        a["long"] for a in ctx.acronyms if proposed_model_class(ctx, a)
    }
    drafts = [
        d
        for d in drafts
        if not is_generic(d.name)
        and not (_is_metric_draft(d) and not _name_before_method_head(doc, ctx, d.name))
        and (
            "lexicon" in d.sources
            or d.name in proposed_longs
            or not ends_generic(d.name, generic_shorts)
        )
    ]
    find_mentions(doc_text(doc), drafts)
    drafts = [d for d in drafts if d.mentions]
    spans = [ctx.token_span(s, e) for d in drafts for s, e in d.mentions]
    index = span_index(spans)
    for d in drafts:
        vote_kind(d, doc, ctx, spans, index)
    align_coordinated_kinds(drafts, doc, ctx)
    for d in drafts:
        assign_role(d, doc, ctx)
    mark_components(drafts, ctx)
    promote_variants(drafts)
    drafts = merge_family_mentions(drafts)  # after roles: a short form changes no role
    never_datasets = blocked_as("DATASET")
    kept = [
        d
        for d in drafts
        if (d.supported or not d.needs_support)
        and not (d.kind == "method" and not d.supported and _bare_capitals(d))
        and not d.metric_like
        and not (d.sources == {"appositive"} and d.kind != "method")  # named as a method only
        and not ("lexicon" not in d.sources and _only_in(d.mentions, categories))
        and not _only_in(d.mentions, organisations)  # a maker, even one named like its model
        and not (
            d.kind == "dataset"
            and "lexicon" not in d.sources
            and all(s in never_datasets for s in d.surfaces())
        )
        and not (
            "lexicon" not in d.sources
            and not (d.kind == "dataset" and d.data_headed and is_organisation_name(d.name))
            and not (d.kind == "method" and d.role == "proposed" and "acronym" in d.sources)
            and (
                is_place_or_organisation(d.name) or all(map(is_place_or_organisation, d.surfaces()))
            )
        )
        and not (
            "lexicon" not in d.sources
            and not d.aliases
            and not _method_headed(ctx, d)  # "a Temporal Consistency objective"
            and (is_property_name(d.name) or is_task_name(d.name))
        )
        and not ("lexicon" not in d.sources and all(_after_quantity(ctx, s) for s, _ in d.mentions))
        and not ("lexicon" not in d.sources and _concept_headed(ctx, d))
        and not (
            "lexicon" not in d.sources
            and any(_hardware_mention(doc, ctx, s, e) for s, e in d.mentions)
        )
        and not (d.kind == "dataset" and "lexicon" not in d.sources and _common_noun_acronym(d))
        and not ("lexicon" not in d.sources and d.name.lower() in VOCAB.resource_acronyms)
    ]
    return kept, [d for d in drafts if d.metric_like and "lexicon" not in d.sources]


def _generic_with_next_word(doc: Doc, ctx: DocContext, cand: Candidate) -> bool:
    """True when a title run and the lower-case word after it name a class the generic lexicon
    knows ("Large Language models", "a Vision-Language model"): the run names nothing."""
    _, end = ctx.token_span(cand.start, cand.end)
    words = ctx.words
    return end < len(words) and words[end].islower() and is_generic(f"{cand.text} {words[end]}")


def _concept_headed(ctx: DocContext, draft: Draft) -> bool:
    """True when a lower-case concept head follows the name, its acronym in parentheses
    between ("the Dunning-Kruger effect", "the Minimum Description Length (MDL) principle"):
    the name of a phenomenon, principle or law, not of a method or dataset."""
    heads = VOCAB.concept_heads_after
    lowers, n = ctx.lowers, len(ctx.lowers)
    for s, e in draft.mentions:
        _, end = ctx.token_span(s, e)
        if end + 2 < n and lowers[end] == "(" and lowers[end + 2] == ")":
            end += 3
        word = ctx.words[end] if end < n else ""
        if word.islower() and word in heads:
            return True
        if _named_as_concept(ctx, ctx.token_span(s, e)[0]):
            return True
    return False


def _named_as_concept(ctx: DocContext, start: int) -> bool:
    """True when a naming verb gives the name at token `start` to an observed phenomenon
    right before it ("We name this phenomenon the Holographic Characteristic", "We identify
    this failure mode as Template Collapse")."""
    lowers = ctx.lowers
    k = start - 1
    if k >= 0 and lowers[k] in {"the", "as"}:
        k -= 1
    if k >= 0 and lowers[k] == "as":
        k -= 1
    if k < 1 or lowers[k] not in VOCAB.concept_naming_nouns:
        return False
    pointers = VOCAB.anaphoric_determiners
    j = k - 1 - (lowers[k - 1] not in pointers)  # "this failure mode": one modifier
    verbs = VOCAB.naming_verbs | VOCAB.concept_naming_verbs
    return j >= 1 and lowers[j] in pointers and lowers[j - 1] in verbs


def _common_noun_acronym(draft: Draft) -> bool:
    """A plain acronym defined by a lower-case phrase ("knowledge tracing (KT)", "software
    engineering (SWE)", "mitral valve (MV)"): a task, field or thing, never a dataset however
    its acronym is used ("ten public KT benchmarks"); a coined short form ("synthetic
    long-video meta-evaluation (SLVMEval)") names the dataset itself."""
    words = draft.name.replace("-", " ").split()
    return (
        len(words) >= 2
        and all(w.islower() for w in words)
        and bool(draft.aliases)
        and all(a.isupper() for a in draft.aliases)
    )


def _bare_capitals(draft: Draft) -> bool:
    """A name found only as an undefined word of capitals that no lexicon or catalogue knows
    ("HIPAA", "SIMD", "MITRE"): an acronym the abstract takes as known, of an organisation,
    standard or technology as often as of a method."""
    return (
        draft.sources == {"shape"}
        and draft.label is None
        and draft.name not in catalogue_names()
        and not draft.aliases
        and draft.name.isalpha()
        and draft.name.isupper()
    )


def _datasets_in_setting(cands: list[Candidate], ctx: DocContext) -> set[str]:
    """Lexicon datasets named after a setting preposition ("82.4% mAP on DocVQA"): a
    dataset even where the abstract defined the same short form as its task ("Document
    visual question answering (DocVQA)")."""
    setting = VOCAB.setting_prepositions
    return {
        c.text
        for c in cands
        if c.source == "lexicon"
        and c.label == "DATASET"
        and (i := ctx.token_at(c.start)) > 0
        and ctx.lowers[i - 1] in setting
    }


def _is_metric_draft(draft: Draft) -> bool:
    """A name headed by a measure word ("Temporal Meal Score") is a metric, not an entity."""
    return "lexicon" not in draft.sources and is_metric_name(draft.name)


@cache
def _listing_class_nouns() -> frozenset[str]:
    """Class nouns a list of new members follows ("two new variants", "three novel datasets")."""
    return VOCAB.method_class_nouns | VOCAB.listing_data_nouns
