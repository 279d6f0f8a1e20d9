"""Entity candidates: acronym definitions, lexicon hits, name shapes, listed and head-noun names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Set
from dataclasses import dataclass
from functools import cache

import regex
from spacy.tokens import Doc

from pipeline.link.context import DocContext
from pipeline.link.spans import Occupied
from pipeline.link.terms import (
    ends_in_model_class,
    is_generic,
    is_metric_name,
    is_named_theory,
    is_place_or_organisation,
    is_plural_acronym,
    languages,
    lexicon_labels,
    named_regex,
)
from pipeline.nlp.acronyms import best_long_form, is_short_form
from pipeline.nlp.lexicon import lexicon_spans
from pipeline.nlp.names import name_spans
from pipeline.nlp.tokenizer import (
    doc_lowers,
    doc_starts,
    doc_text,
    doc_words,
    indices_of,
    indices_where,
)
from pipeline.resources import VOCAB

_HYPHEN = regex.compile(r"[-–]")
_DATASET_VERSION = regex.compile(r"v\d+(?:\.\d+)*|\d+\.\d+")  # "SQuAD v1.1", "SQuAD 2.0"
_DIMENSION_TOKEN = regex.compile(r"^\d+\s?[x×]\s?\d+$")
_VERSION = regex.compile(r"^v?\d+(?:\.\d+)*[A-Za-z]?$")


@dataclass
class Candidate:
    """A possible entity surface at a char span of the (normalised) doc text."""

    start: int
    end: int
    text: str
    source: str
    label: str | None = None
    canonical: str | None = None
    alias: str | None = None
    needs_support: bool = False
    hint: str | None = None  # a type the candidate's own form suggests ("LINCS-pretrained")


def acronym_candidates(
    doc: Doc, ctx: DocContext
) -> tuple[list[Candidate], set[str], list[tuple[int, int]]]:
    """Candidates from "long (SHORT)" definitions, the short forms judged generic, and the
    spans of generic long forms (no other candidate may claim them)."""
    out: list[Candidate] = []
    generic: set[str] = set()
    blocked: list[tuple[int, int]] = []
    for a in ctx.acronyms:
        short, long = a["short"], a["long"]
        head = _long_form_head(long)
        if _adjective_tail(long) and _proposed_short_first(ctx, a):
            blocked.append((a["long_start"], a["long_end"]))  # "we present CORTEX
            continue  # (COmpositional Reasoning-aware TEXt-guided)": the short form is the name
        if (
            is_generic(short)
            or is_generic(long)
            or is_plural_acronym(short)
            or _is_metric_span(doc, a["long_start"], a["long_end"])
            or _is_metric_span(doc, a["short_start"], a["short_end"])  # "area under ... (AUC)"
            or is_metric_name(long)
            or (
                head in VOCAB.task_heads
                and not ctx.proposal[ctx.token_at(a["long_start"])]
                and not is_named_theory(long)  # "Self-Determination Theory (SDT)" is a method
            )
            # "Human Activity Recognition (HAR)" is a task; a name a paper proposes is not
            # ("we propose Privacy-aware Routing for Inference ... (PRISM)")
            or head.endswith(tuple(VOCAB.condition_suffixes))  # "Knee Osteoarthritis (KOA)"
            or _class_after(ctx, a)  # "in remote sensing (RS) tasks"
            or _adjective_tail(long)  # "Classical-Holographic-Quantum-inspired (CHQ)"
            or (ends_generic(long, generic) and not proposed_model_class(ctx, a))
            # "Industrial IoT (IIoT)", "Zero-shot HAR"; not a name the paper proposes ("we
            # introduce Dynamic Upcycling MoE (DUME)")
        ):
            generic.add(short)
            blocked.append((a["long_start"], a["long_end"]))
            continue
        if long.split()[0].lower() in VOCAB.long_form_bad_starts:
            continue  # "compared with a model trained on ... (CMR-DL)": not a definition
        weak = (
            head in VOCAB.generic_heads and not is_named_theory(long) and not _coined_long(long)
        ) or long.islower()
        titled = long.split()[-1] in VOCAB.title_dataset_heads  # "... Inpatient Initiative"
        out.append(
            Candidate(
                a["long_start"],
                a["long_end"],
                long,
                "acronym",
                alias=short,
                needs_support=weak,
                hint="DATASET" if titled else None,
            )
        )
    return out, generic, blocked


def _coined_long(long: str) -> bool:
    """True for a long form of three or more capitalised words on a `coinable_heads` noun
    ("Bi-mode Policy Optimization", "Kernel Density Estimation"): a method's name, not a
    field's."""
    words = long.split()
    return (
        len(words) >= 3
        and all(w[:1].isupper() for w in words)
        and _long_form_head(long) in VOCAB.coinable_heads
    )


def _proposed_short_first(ctx: DocContext, a: dict) -> bool:
    """True when a definition writes its short form first and the paper proposes it."""
    return a["short_start"] < a["long_start"] and ctx.proposal[ctx.token_at(a["short_start"])]


def proposed_model_class(ctx: DocContext, a: dict) -> bool:
    """True when a defined long form ending in a model class is what the paper proposes
    ("we introduce Dynamic Upcycling MoE (DUME)"): a new model's name, not a kind of model."""
    return ends_in_model_class(a["long"]) and ctx.proposal[ctx.token_at(a["long_start"])]


def _long_form_head(long: str) -> str:
    """The head word of a long form, lower-cased: its last word before a "for" phrase of
    purpose ("Vision language [model] for Summarization"), of a hyphenated word its last
    part ("Spec-Driven [development]")."""
    words = long.lower().split()
    cut = next((k for k, w in enumerate(words) if k > 0 and w == "for"), None)
    words = words[:cut] if cut is not None else words
    return words[-1].split("-")[-1] if words else ""


def _class_after(ctx: DocContext, a: dict) -> bool:
    """True when "long form (SHORT)" is followed by a field noun ("remote sensing (RS)
    tasks"), a population noun ("blind and low-vision (BLV) users") or a task head
    ("Multivariate time series (MTS) forecasting"), or a lower-case long form by a method
    class noun ("object re-identification (ReID) methods"): the definition names a task,
    field, population or class, not a method or dataset."""
    if a["long_end"] > a["short_start"]:
        return False
    _, end = ctx.token_span(a["short_start"], a["short_end"])
    if end + 1 >= len(ctx.lowers) or ctx.lowers[end] != ")":
        return False
    after = ctx.lowers[end + 1]
    if after in VOCAB.field_nouns or after in VOCAB.population_nouns:
        return True  # "remote sensing (RS) tasks", "blind and low-vision (BLV) users"
    known = lexicon_labels().get(a["short"]) == "METHOD"  # "(CLIP) architectures", "(ViT) models"
    if after in VOCAB.task_heads:  # "Multivariate time series (MTS) forecasting"
        return not known
    return a["long"] == a["long"].lower() and after in VOCAB.method_class_nouns and not known


def ends_generic(name: str, generic: Set[str] = frozenset()) -> bool:
    """True for a multi-word name whose last word is a generic acronym ("Zero-shot HAR",
    "IMU-based ZS-HAR", "Industrial IoT"): a kind of the generic thing, not a name.
    Hyphenated names ("NF-BoT-IoT") and a proper name before the acronym ("Wasserstein
    GANs") are names."""
    words = name.split()
    last = words[-1] if len(words) > 1 else ""
    first = words[0].lower()
    if (
        len(words) == 2
        and words[0].istitle()
        and first not in _plain_words()
        and not first.endswith(tuple(VOCAB.adjective_endings))  # not "Agentic LLMs"
    ):
        return False  # "Wasserstein GANs": a proper name's variant of the class is a name
    return (
        bool(last)
        and last[:1].isupper()
        and (last in generic or (sum(ch.isupper() for ch in last) >= 2 and is_generic(last)))
    )


def metric_spans(doc: Doc) -> list[tuple[int, int]]:
    """Char spans of the doc's lexicon METRIC hits (computed once per doc)."""
    spans = doc.user_data.get("metric_spans")
    if spans is None:
        spans = doc.user_data["metric_spans"] = [
            (s.start_char, s.end_char) for s in lexicon_spans(doc) if s.label_ == "METRIC"
        ]
    return spans


def _is_metric_span(doc: Doc, start: int, end: int) -> bool:
    """True when a lexicon METRIC span covers [start, end)."""
    return any(s <= start and e >= end - 1 for s, e in metric_spans(doc))


def lexicon_candidates(doc: Doc) -> list[Candidate]:
    """DATASET and METHOD lexicon hits, with a configuration or version suffix kept
    ("ImageNet 256x256", "SQuAD v1.1")."""
    out = []
    for span in lexicon_spans(doc):
        if span.label_ not in ("DATASET", "METHOD"):
            continue
        end = span.end_char
        text = doc_text(doc)[span.start_char : end]
        words = doc_words(doc)
        if span.label_ == "DATASET" and span.end < len(doc):
            nxt = words[span.end]
            if _DIMENSION_TOKEN.match(nxt) or _DATASET_VERSION.fullmatch(nxt):
                end = doc_starts(doc)[span.end] + len(nxt)
                text = doc_text(doc)[span.start_char : end]
        elif span.label_ == "METHOD":
            j = span.end
            cont, tag = VOCAB.model_name_continuations, named_regex("model_tag")
            while j < len(doc) and j - span.end < 3 and _continues_model(words[j], cont, tag):
                j += 1
            if j > span.end:  # "Gemini 2.5 Pro", "Claude Sonnet 4.5", "GPT 5", "Sonnet-4"
                end = doc_starts(doc)[j - 1] + len(words[j - 1])
                text = doc_text(doc)[span.start_char : end]
        start = span.start_char
        if _variant_word_before(doc, span.start):
            start = doc_starts(doc)[span.start - 1]  # "Dueling DQN", "Distracting MetaWorld"
            text = doc_text(doc)[start:end]
        out.append(
            Candidate(
                start,
                end,
                text,
                "lexicon",
                label=span.label_,
                canonical=span.id_ if (start, end) == (span.start_char, span.end_char) else text,
            )
        )
    return out


def _variant_word_before(doc: Doc, i: int) -> bool:
    """True when the word before token i names a variant of the known method at i: a
    title-case word that opens no sentence, follows no capitalised word and is no function
    word ("Dueling DQN", "Audio Mamba", "a Romanian BERT model", "Visual CoT"), or an
    adjective made from a name ("Riemannian Flow Matching")."""
    if i < 1:
        return False
    words, lowers = doc_words(doc), doc_lowers(doc)
    word = words[i - 1]
    if not (word.istitle() and word.isalpha()) or lowers[i - 1] in VOCAB.title_stopwords:
        return False
    if _opens_sentence(lowers, i - 1) or words[i - 2][:1].isupper():
        return False
    adjective = lowers[i - 1].endswith(tuple(VOCAB.eponym_adjective_endings))  # "Bayesian"
    return (
        (lowers[i - 1] in VOCAB.common_english or adjective)  # not "Anthropic Claude"
        and word not in _brand_words()  # not "Google BERT"
        and lexicon_labels().get(word) is None
    )


@cache
def _brand_words() -> frozenset[str]:
    """First words of three or more multi-word lexicon names ("Google", "Stanford", "Penn"):
    a maker's or a collection's name, never a variant of the name after it."""
    firsts = Counter(name.split()[0] for name in lexicon_labels() if " " in name)
    return frozenset(word for word, count in firsts.items() if count >= 3)


def _continues_model(word: str, cont: Set[str], tag: regex.Pattern[str]) -> bool:
    """True for a release word, version or tag after a model name, alone or hyphened to one
    another ("Pro", "4.5", "R1"; "Sonnet-4", "2.5-Pro")."""
    parts = word.split("-") if "-" in word else [word]
    return all(p in cont or _VERSION.match(p) or tag.match(p) for p in parts)


def _model_continuation(words: list[str], i: int) -> int:
    """The token index after a model name's size and release words from `i` on ("480B",
    "Instruct", "o3-mini"), at most three; `i` when there are none. A bare number is no
    continuation here (a count may follow a name)."""
    size, tag, cont = (
        named_regex("size_token"),
        named_regex("model_tag"),
        VOCAB.model_name_continuations,
    )
    versioned = i > 0 and any(c.isdigit() for c in words[i - 1])  # "GPT-5.2 Pro"
    j = i
    while (
        j < len(words)
        and j - i < 3
        and (
            size.match(words[j])
            or tag.match(words[j])
            or ((j > i or versioned) and words[j] in cont)
        )
    ):
        j += 1
    return j


def shape_candidates(doc: Doc) -> list[Candidate]:
    """Name-shaped tokens, with compound suffixes cut ("FGW-based" -> "FGW")."""
    stops, variants = VOCAB.title_stopwords, VOCAB.variant_suffixes
    compounds, numerals = VOCAB.compound_suffixes, VOCAB.roman_numerals
    tails, labels = VOCAB.dataset_name_tails, lexicon_labels()
    full, words, lowers = doc_text(doc), doc_words(doc), doc_lowers(doc)
    out = []
    for first, last, start_char, end_char, shape in name_spans(doc):
        if shape == "TITLE_SEQ":
            while first < last and lowers[first] in stops:
                first += 1
            if first < last and _opens_sentence(lowers, first) and lowers[first].endswith("ing"):
                first += 1  # "Combining SuRe with ...": a sentence-initial verb, not a name
            tail = words[last - 1].rsplit("-", 1)
            if len(tail) == 2 and tail[1].lower() in compounds:
                continue  # "an Item Response Theory-based indicator": a modifier, no name
            head = words[first].rsplit("-", 1)
            if len(head) == 2 and head[1].islower() and head[1] in compounds and head[0] in labels:
                first += 1  # "a Kaldi-based DNN KWS system": a known name the run builds on
                if last - first < 2:
                    continue
            single_ok = last - first == 1 and "-" in words[first] and words[first].istitle()
            if last - first >= 2 or single_ok:
                out.append(_title_candidate(doc, words, lowers, first, last))
            continue
        text = full[start_char:end_char]
        parts = _HYPHEN.split(text)
        if len(parts) > 1 and parts[-1] in VOCAB.noun_determiners:
            text = text[: len(text) - len(parts[-1]) - 1]  # "PEAR-a fast framework": a dash
            parts = parts[:-1]
        hint = None
        label = None
        if (
            len(parts) > 1
            and parts[-1].islower()
            and parts[-1] not in variants
            and not named_regex("model_tag").match(parts[-1])  # "OpenAI-o1": a release tag
            and not named_regex("model_id_version_part").match(parts[-1])  # "Mistral-7B-v0.1"
        ):
            suffix = next(
                (
                    "-".join(parts[-k:])
                    for k in (2, 1)
                    if len(parts) > k and "-".join(parts[-k:]) in compounds
                ),
                None,
            )
            if suffix is None:  # "SWE-smith": a coined name only where context supports it
                head = parts[0]
                if coined_suffix(parts[-1]) and not is_generic(head) and not is_metric_name(head):
                    out.append(Candidate(start_char, end_char, text, "shape", needs_support=True))
                continue
            if suffix in VOCAB.dataset_compound_suffixes:
                hint = "DATASET"  # "LINCS-pretrained": pretrained on a dataset
            text = text[: len(text) - len(suffix) - 1]
            label = lexicon_labels().get(text)  # it knows "ImageNet" of "ImageNet-based"
        if len(text) < 2 or text in numerals or is_generic(text):
            continue
        if named_regex("backronym_word").match(text) and text.lower() in VOCAB.common_english:
            continue  # "Task-specific paRameters via ...": a backronym's capital in a word
        pieces = _HYPHEN.split(text)
        if len(pieces) > 1 and all(
            is_generic(p) or (k < len(pieces) - 1 and p.lower() in VOCAB.generic_compound_prefixes)
            for k, p in enumerate(pieces)
        ):
            continue  # "CPU-GPU", "LLM-RL": a pair of generic terms; "Single-LLM", "Multi-LLM"
        known_model = label is not None and any(ch.isdigit() for ch in text)  # "T5-based"
        bare_short = len(text) <= 3 and text.isupper() and not known_model
        end = start_char + len(text)
        if end == end_char and (j := _known_data_run(words, pieces[-1], last)) > last:
            end = doc_starts(doc)[j - 1] + len(words[j - 1])  # "Split-AG News": of "AG News"
            text, hint, bare_short = full[start_char:end], "DATASET", False
        elif end == end_char and _eponym_head(words, lowers, last):
            end = doc_starts(doc)[last + 1] + len(words[last + 1])  # "McNemar's test"
            text, hint, bare_short = full[start_char:end], "METHOD", False
        elif end == end_char and last < len(words) and words[last] in tails:
            end = doc_starts(doc)[last] + len(words[last])  # "CodeGolf Bench", "Foo Arena"
            text, hint, bare_short = full[start_char:end], "DATASET", False
        elif (
            end == end_char
            and last < len(words)
            and named_regex("spaced_version").match(words[last])
        ):
            end = doc_starts(doc)[last] + len(words[last])  # "MUSIC-AVQA v2"
            text, bare_short = full[start_char:end], False
        elif end == end_char and (j := _model_continuation(words, last)) > last:
            end = doc_starts(doc)[j - 1] + len(words[j - 1])  # "Qwen3-Coder 480B Instruct"
            text, bare_short = full[start_char:end], False
        out.append(
            Candidate(
                start_char,
                end,
                text,
                "shape",
                label=label,
                needs_support=bare_short,
                hint=hint,
            )
        )
    return out


def _eponym_head(words: list[str], lowers: list[str], last: int) -> bool:
    """True when a possessive and an `eponym_method_heads` word follow token `last - 1`
    ("McNemar['s test]"): the name and the head are one method."""
    return (
        last + 1 < len(words)
        and words[last] in {"'s", "’s"}
        and lowers[last + 1] in VOCAB.eponym_method_heads
    )


def _known_data_run(words: list[str], part: str, last: int) -> int:
    """The token after the words from `last` that complete a hyphened name's last part into a
    lexicon dataset ("Split-AG" + "News": AG News), or `last` when none does."""
    labels, name = lexicon_labels(), part
    for j in range(last, min(len(words), last + 2)):
        if not words[j][:1].isupper():
            break
        name = f"{name} {words[j]}"
        if labels.get(name) == "DATASET":
            return j + 1
    return last


def compound_lexicon_candidates(doc: Doc, shaped: set[int]) -> list[Candidate]:
    """Lexicon names glued to a modifier that are no name shape of their own ("a Mamba-based
    backbone", "Llama-style"): the name, typed by its lexicon. `shaped` holds the start
    offsets the shape candidates already cover."""
    compounds, labels = VOCAB.compound_suffixes, lexicon_labels()
    words, starts = doc_words(doc), doc_starts(doc)
    out = []
    for i in [k for k, w in enumerate(words) if "-" in w]:
        name, _, tail = words[i].rpartition("-")
        if starts[i] in shaped or tail.lower() not in compounds or name not in labels:
            continue
        end = starts[i] + len(name)
        out.append(Candidate(starts[i], end, name, "compound", label=labels[name]))
    return out


@cache
def _folded_methods() -> dict[str, str]:
    """Case-folded METHOD lexicon surfaces -> surface (for lower-case model ids)."""
    return {k.lower(): k for k, v in lexicon_labels().items() if v == "METHOD"}


_MODEL_ID = regex.compile(r"[a-z][a-z0-9.]*(?:-[a-z0-9.]+)+")


def model_id_candidates(doc: Doc, shaped: set[int]) -> list[Candidate]:
    """Lower-case model ids that start with a known method and go on with variant parts only
    ("distilbert-base-uncased", "roberta-large"): methods, as written."""
    variants, methods = VOCAB.variant_suffixes, _folded_methods()
    release = named_regex("model_id_version_part")
    words, starts = doc_words(doc), doc_starts(doc)
    out = []
    for i in [k for k, w in enumerate(words) if "-" in w and w.islower()]:
        word = words[i]
        if starts[i] in shaped or not _MODEL_ID.fullmatch(word):
            continue
        head, *parts = word.split("-")
        if head in methods and all(
            p in variants or p[:1].isdigit() or release.match(p) for p in parts
        ):
            out.append(Candidate(starts[i], starts[i] + len(word), word, "shape", label="METHOD"))
    return out


@cache
def _modifier_endings() -> tuple[str, ...]:
    """The endings of English modifiers, as a tuple for `str.endswith`."""
    return tuple(sorted(VOCAB.modifier_endings))


def _adjective_tail(long: str) -> bool:
    """True for a long form ending in a hyphenated lower-case modifier ("X-inspired")."""
    last = long.split()[-1] if long.split() else ""
    tail = last.rsplit("-", 1)[-1]
    return "-" in last and tail.islower() and not coined_suffix(tail)


def coined_suffix(part: str) -> bool:
    """True for a lowercase part that can end a coined name ("SWE-smith", "GW-map"), not an
    English modifier ("LLM-empowered", "GPT-series", "AI-assisted", "CMS-worst")."""
    return part not in VOCAB.not_coined_suffixes and not part.endswith(_modifier_endings())


def _coined_with_appositive(words: list[str], lowers: list[str], i: int) -> bool:
    """A lower-case hyphenated coinage the next words call a method: "we introduce
    [pause-tuning], a technique that ..." (", a/an", then a method head within four words)."""
    word = words[i]
    parts = word.split("-")
    if not (len(parts) >= 2 and word.islower() and all(p.isalpha() for p in parts)):
        return False
    if i + 3 >= len(words) or lowers[i + 1] != "," or lowers[i + 2] not in {"a", "an"}:
        return False
    return any(w in VOCAB.method_heads for w in lowers[i + 3 : i + 7])


def _coined_phrase(words: list[str], lowers: list[str], i: int) -> int | None:
    """End token of a lower-case name of two to four words that "we propose/introduce" coins
    at token i, closed by a `coined_name_ends` token ("we introduce [process sidecars], a",
    "we propose [dynamic Stiefel routing]:"); None for a description (a determiner, count,
    quality or gerund first; a class noun last: "we propose several new strategies",
    "we propose using", "we introduce graph-based methods")."""
    blockers = VOCAB.link_words | VOCAB.noun_determiners | VOCAB.count_words
    blockers |= VOCAB.coined_name_blockers | VOCAB.novelty_markers | VOCAB.evaluative_adjectives
    k = i
    while k < len(words) and k < i + 4 and lowers[k] not in VOCAB.coined_name_ends:
        word = words[k]
        plain = word.replace("-", "").isalpha() and word[1:] == word[1:].lower()
        if not plain or lowers[k] in blockers:  # lower-case or title-case words only
            return None
        k += 1
    run = lowers[i:k]
    if not 2 <= len(run) <= 4 or k >= len(words) or lowers[k] not in VOCAB.coined_name_ends:
        return None
    gerund = "-" not in run[0] and run[0].endswith("ing")  # "we propose using ..."
    if gerund or not any(w == w.lower() for w in words[i:k]):
        return None
    heads = VOCAB.method_heads | VOCAB.dataset_heads | VOCAB.metric_class_nouns
    phrase = " ".join(words[i:k])
    last = run[-1][:-1] if run[-1].endswith("s") else run[-1]
    if run[-1] in heads or last in heads or is_generic(phrase) or is_metric_name(phrase):
        return None
    return k


def proposed_name_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """A capitalised word, or one with a capital after its first letter ("fMRI-LM"), and its
    release number right after "we propose/present/introduce" and before ",", "(" or ":"
    ("We present Eywa, a memory architecture", "Sylber 2.0,"), or a lower-case hyphenated
    coinage with a method appositive ("we introduce pause-tuning, a technique"): a name it
    introduces."""
    stops = VOCAB.title_stopwords
    words, lowers = doc_words(doc), ctx.lowers
    out = []
    for v in ctx.cue_list("PROPOSAL_VERB", 1, len(words) - 2):
        subject = v - 1 - (v >= 2 and lowers[v - 1] in VOCAB.skip_adverbs)  # "we also release"
        if lowers[subject] not in {"we", "paper", "work"}:
            continue
        word = words[v + 1]
        if subject == v - 1 and _coined_with_appositive(words, lowers, v + 1):
            start = ctx.starts[v + 1]
            out.append(Candidate(start, start + len(word), word, "proposal"))
            continue
        coins = subject == v - 1 and lowers[v] in VOCAB.coining_verbs  # lower-case coinages
        end = _coined_phrase(words, lowers, v + 1) if coins else None  # follow "we" itself
        if end is not None:  # "We propose dynamic Stiefel routing: a pool of ..."
            start, stop = ctx.starts[v + 1], ctx.starts[end - 1] + len(words[end - 1])
            out.append(Candidate(start, stop, doc_text(doc)[start:stop], "proposal"))
            continue
        versioned = v + 3 < len(words) and named_regex("release_number").match(words[v + 2])
        close = v + 3 if versioned else v + 2  # "We present Sylber 2.0, a framework"
        if (
            (word[:1].isupper() or any(c.isupper() for c in word[1:]))  # "fMRI-LM"
            and word.replace("-", "").isalnum()
            and lowers[v + 1] not in stops
            and lowers[close] in {",", "(", ":"}
            and not is_generic(word)
        ):
            start = ctx.starts[v + 1]
            stop = ctx.starts[close - 1] + len(words[close - 1])
            out.append(Candidate(start, stop, doc_text(doc)[start:stop], "proposal"))
    return out


def _opens_sentence(lowers: list[str], i: int) -> bool:
    """True when token i starts a sentence (the text's first token or one after a full stop)."""
    return i == 0 or lowers[i - 1] in VOCAB.sentence_terminals


def _title_candidate(
    doc: Doc, words: list[str], lowers: list[str], first: int, end_token: int
) -> Candidate:
    """A title-case run (tokens first..end_token-1); "Recursive KL Divergence Optimization
    RKDO" and "MASA Model-Aware Skill Alignment" split off their acronym (`words`, `lowers`:
    the doc's token texts)."""
    starts = doc_starts(doc)
    start, end = starts[first], starts[end_token - 1] + len(words[end_token - 1])
    last = words[end_token - 1]
    if (
        end_token - first >= 3
        and is_short_form(last)
        and sum(c.isupper() for c in last) >= 2
        and lowers[end_token - 2] not in VOCAB.title_stopwords  # not "AOT-TCs for TC"
    ):
        long_end = starts[end_token - 2] + len(words[end_token - 2])
        long = doc_text(doc)[start:long_end]
        if best_long_form(last, long) == 0:
            return Candidate(start, long_end, long, "acronym", alias=last)
    head = words[first]
    if end_token - first >= 3 and is_short_form(head) and sum(c.isupper() for c in head) >= 2:
        long_start = starts[first + 1]
        long = doc_text(doc)[long_start:end]
        if best_long_form(head, long) == 0:  # "MASA Model-Aware Skill Alignment"
            return Candidate(long_start, end, long, "acronym", alias=head)
    if end_token - first == 2 and _known_family(head) and any(c.isdigit() for c in last):
        # "DeepSeek R1T2", "Phi 4": a release of a known model family, one name, as a shape
        return Candidate(start, end, doc_text(doc)[start:end], "shape", hint="METHOD")
    heads = VOCAB.title_dataset_heads
    if last in heads or any(  # "Waymo Open Sim Agent Challenge": a benchmark; "Balanced
        words[k] in heads and words[k + 1] == "of" for k in range(first, end_token - 1)
    ):  # Corpus of Contemporary Written Japanese": a corpus named by what it holds
        return Candidate(start, end, doc_text(doc)[start:end], "title", hint="DATASET")
    headed = last in VOCAB.title_method_heads  # "Harris Hawks Optimization" names a method
    if end_token - first == 1 and _known_family(last.split("-", 1)[0]):
        return Candidate(start, end, last, "title", hint="METHOD")  # "Qwen-Image": a model
    return Candidate(start, end, doc_text(doc)[start:end], "title", needs_support=not headed)


def _known_family(word: str) -> bool:
    """True for a one-word METHOD name of the lexicons, as written ("Qwen", "Llama")."""
    return len(word) >= 3 and lexicon_labels().get(word) == "METHOD"


def listed_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """Names listed after a class noun: "optimizers such as Adafactor and Sophia",
    "projects (Apollo, Carla, and Donkeycar)", each a
    maximal run of capitalised (or version) tokens ("frameworks like Information Contrastive
    Learning", "baselines such as Uniform and Selective LDP")."""
    data_classes, data_nouns = VOCAB.dataset_class_nouns, VOCAB.listing_data_nouns
    metric_classes, category_classes = VOCAB.metric_class_nouns, VOCAB.category_class_nouns
    organisation_classes = VOCAB.organisation_class_nouns
    classes = VOCAB.method_class_nouns | data_classes | metric_classes | category_classes
    classes |= organisation_classes
    counted_classes = data_nouns | metric_classes | category_classes | VOCAB.method_class_nouns
    words, lowers = doc_words(doc), ctx.lowers
    intro_at = {e - 1: s for s, e in ctx.cues.get("LIST_INTRO", ())}  # last token -> first
    out = []
    # only an intro's last token, "(", "," or ":" can open a list
    for k in sorted({*intro_at, *indices_of(lowers, _LIST_OPENERS)}):
        low = lowers[k]
        intro = intro_at.get(k)
        if intro is not None:  # "optimizers such as"; a one-word intro may follow a comma
            cls_i = intro - 1 - (intro == k and k >= 2 and lowers[k - 1] == ",")
        elif low == "(":
            cls_i = k - 1
        elif low in _DASHES_AND_COLONS and k > 0 and lowers[k - 1] in counted_classes:
            cls_i = k - 1  # "two datasets, MultiWOZ 2.2 (5 domains) and SGD (20 domains)",
            # "two new variants, RLPO and RLMO"
        else:
            continue
        if cls_i < 0 or lowers[cls_i] not in classes:
            continue
        single = low == "(" and _parenthesised_name(words, lowers, k, cls_i)
        if low == "(" and not (single or _parenthesised_list(lowers, k)):
            continue
        hint = "DATASET" if lowers[cls_i] in data_classes else "METHOD"
        if lowers[cls_i] in metric_classes:
            hint = "METRIC"  # "four metrics: Reliability Decay Curve (RDC), ..."
        if lowers[cls_i] in category_classes:
            hint = "CATEGORY"  # "four dimensions - Embodied Reasoning (ER), Common Sense (CS)"
        if lowers[cls_i] in organisation_classes:
            hint = "ORGANISATION"  # "five providers (Anthropic, OpenAI, Meta, DeepSeek)"
        members: list[Candidate] = []
        i, described = k + 1, False
        if low != "(" and i < len(words) and lowers[i] in VOCAB.restatement_markers | {"namely"}:
            i += 1 + (i + 1 < len(words) and lowers[i + 1] == ",")  # "two datasets, namely A"
        while i < len(words):
            if lowers[i] in {",", "and", "or"} or (described and lowers[i] == ")"):
                i += 1
                continue
            if lowers[i] == "(" and low != "(" and members:  # "MultiWOZ 2.2 (5 domains)"
                close = next(
                    (j for j in range(i, min(len(words), i + 8)) if lowers[j] == ")"), None
                )
                if close is not None:
                    i = close + 1
                    continue
            if low != "(" and members and lowers[i] in VOCAB.member_descriptor_openers:
                nxt = _after_descriptor(words, lowers, i)  # "A for audio separation and B"
                if nxt is not None:
                    i = nxt
                    continue
            if low != "(" and (named := _described_member(words, lowers, i)) is not None:
                i = named  # "multiple-choice questions (DiagnosticMCQ)": the name in parentheses
                described = True
            following = words[i + 1] if i + 1 < len(words) else ""
            if low != "(" and lowers[i] == "the" and following[:1].isupper() and hint in _THE_NAMED:
                i += 1  # "two metrics, Polar-Consistency and the Contradiction Index"
            j, maker = i, hint == "ORGANISATION"  # a maker may be a generic word: "OpenAI"
            while j < len(words) and _listed_word(words, lowers, j, first=j == i and not maker):
                j += 1
            listed_after_noun = low in _DASHES_AND_COLONS and members
            if j == i and listed_after_noun and (skip := _unnamed_member(words, lowers, i)):
                i = skip  # "Blocks World, grid Navigation, and Sokoban": a descriptor member
                continue
            if j == i:
                break
            start, end = ctx.starts[i], ctx.starts[j - 1] + len(words[j - 1])
            text = doc_text(doc)[start:end]
            ends_member = j >= len(words) or lowers[j] in {",", "and", "or", ")"}
            if (maker or not is_generic(text)) and (low != "(" or ends_member):
                members.append(Candidate(start, end, text, "list", hint=hint))
            i = j
        if low == "(" and not single:
            members = _plausible_members(members, hint)
        if low in _DASHES_AND_COLONS and (len(members) < 2 or not _counted(lowers, cls_i)):
            members = []  # "across multiple datasets, MGLL outperforms": a new clause
        if low in _DASHES_AND_COLONS and hint == "METHOD":
            members = _plausible_members(members, hint)  # not "agents: Main, Tester"
        out.extend(members)
    return out


_DASHES_AND_COLONS = frozenset((",", ":", "-", "–", "—"))
_THE_NAMED = frozenset(("METRIC", "ORGANISATION"))  # members named with "the" in a list
_LIST_OPENERS = frozenset(("(", *_DASHES_AND_COLONS))
_PLAIN_NAME = regex.compile(r"[\w.+\-/ ]+")
_SHAPED = regex.compile(r".[A-Z0-9\-]|[0-9]")


def _parenthesised_name(words: list[str], lowers: list[str], k: int, cls_i: int) -> bool:
    """True when the "(" at k holds one word that is no common English word after a plural
    data noun: "scientific report generation tasks (Glaive)"."""
    if lowers[cls_i] not in VOCAB.dataset_class_nouns or k + 2 >= len(words):
        return False
    word = words[k + 1]
    return (
        lowers[k + 2] == ")"
        and _listed_word(words, lowers, k + 1, first=True)
        and lowers[k + 1] not in VOCAB.common_english
        and sum(c.isupper() for c in word) < 2  # "reasoning benchmarks (RB)": an acronym
    )


def _unnamed_member(words: list[str], lowers: list[str], i: int) -> int | None:
    """The index of the "," that ends a member of one to three words from token i, opened by
    a lower-case word and followed by another member ("grid Navigation, and Sokoban"), or
    None."""
    for j in range(i + 1, min(len(words), i + 4)):
        if lowers[j] == ",":
            return j if lowers[i].isalpha() and words[i].islower() and j + 1 < len(words) else None
        if not words[j].isalpha():
            return None
    return None


def _after_descriptor(words: list[str], lowers: list[str], i: int, limit: int = 6) -> int | None:
    """The index of the "," or "and" that ends a lower-case descriptor of a listed member
    starting at token i ("for audio separation"), or None when no such end comes soon."""
    for j in range(i + 1, min(len(words), i + limit)):
        if lowers[j] in {",", "and"}:
            return j
        if not words[j].isalpha() or not words[j].islower():
            return None
    return None


def _described_member(words: list[str], lowers: list[str], i: int) -> int | None:
    """The index of the name of a listed member written as a lower-case description with the
    name in parentheses ("question answering (DiagnosticQA)"), or None."""
    n = len(words)
    for d in range(i, min(n, i + 5)):
        if lowers[d] == "(" and d > i:
            j = d + 1
            while j < n and _listed_word(words, lowers, j, first=j == d + 1):
                j += 1
            closed = j > d + 1 and j < n and lowers[j] == ")"
            return d + 1 if closed and (j + 1 == n or lowers[j + 1] in _MEMBER_ENDS) else None
        if lowers[d] in _MEMBER_ENDS or not (
            words[d][:1].islower() and words[d].replace("-", "").isalpha()
        ):
            return None
    return None


_MEMBER_ENDS = frozenset((",", "and", "or", ".", ";"))


def _counted(lowers: list[str], cls_i: int) -> bool:
    """True when a number comes shortly before the class noun ("two public datasets")."""
    counts = VOCAB.count_words
    return any(w in counts or w.isdigit() for w in lowers[max(0, cls_i - 4) : cls_i])


def _plausible_members(members: list[Candidate], hint: str) -> list[Candidate]:
    """Members of a "(A, B, and C)" or "three agents: A, B, C" list that look like names; a
    list of methods needs one shaped member ("(Content, Structure, Language)" and "agents:
    Main, Tester, Architect" are roles, not models)."""
    members = [m for m in members if _PLAIN_NAME.fullmatch(m.text)]
    if hint == "METHOD" and not any(_SHAPED.search(m.text) for m in members):
        return []
    return members if len(members) >= 2 else []


def _parenthesised_list(lowers: list[str], k: int) -> bool:
    """True when the "(" at k opens a list of two or more names: "(Apollo, Carla, and X)"."""
    close = next((j for j in range(k + 1, min(len(lowers), k + 20)) if lowers[j] == ")"), None)
    return close is not None and any(w in {",", "and", "or"} for w in lowers[k + 1 : close])


def _listed_word(words: list[str], lowers: list[str], j: int, *, first: bool) -> bool:
    """A token that can be part of a listed name."""
    word = words[j]
    if word[:1].islower() and any(ch.isupper() for ch in word[1:]) and word.isalnum():
        return True  # "eICU", "mBERT"
    if word[:1].isupper():
        return lowers[j] not in VOCAB.title_stopwords and not (first and is_generic(word))
    return not first and bool(_VERSION.match(word))


def seeded_list_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """Unknown names listed beside a dataset the lexicon knows take its kind: "across
    Omni-MATH, Codeforces, BBEH Linguini, and ARC-AGI1" (each member a run of name words
    ended by a list separator, the list closed after the member its conjunction opens; a
    member that runs on into lower-case words ends the list)."""
    words, lowers = doc_words(doc), ctx.lowers
    out: list[Candidate] = []
    spans = lexicon_spans(doc)
    seeds = sorted(
        (s.start, s.end) for s in spans if s.label_ == "DATASET" and not is_generic(s.text)
    )
    taken = {k for s in spans for k in range(s.start, s.end)}  # a known name keeps its kind
    for s, e in seeds:
        starts = _members_before(words, lowers, s) + _members_after(words, lowers, e)
        for a, b in starts:
            if any(k in taken for k in range(a, b)) or b - a > 4:
                continue
            start, end = ctx.starts[a], ctx.starts[b - 1] + len(words[b - 1])
            text = doc_text(doc)[start:end]
            if is_generic(text) or (b - a == 1 and lowers[a] in VOCAB.common_english):
                continue
            out.append(Candidate(start, end, text, "list", hint="DATASET"))
            taken.update(range(a, b))
    return out


_LIST_SEPARATORS = frozenset((",", "and", "or"))


def _member_at(words: list[str], lowers: list[str], i: int) -> int:
    """The end of a listed name that starts at token i, or i when none does or it runs on
    into lower-case words."""
    j = i
    while j < len(words) and _listed_word(words, lowers, j, first=j == i):
        j += 1
    return j if j > i and (j == len(words) or lowers[j] in VOCAB.list_member_closers) else i


def _members_after(words: list[str], lowers: list[str], e: int) -> list[tuple[int, int]]:
    """Listed names after a seed ending at token e, up to the one after the conjunction."""
    out, j = [], e
    while j < len(words) and lowers[j] in _LIST_SEPARATORS:
        closing = False
        while j < len(words) and lowers[j] in _LIST_SEPARATORS:
            closing = closing or lowers[j] in _CONJUNCTION_WORDS
            j += 1
        end = _member_at(words, lowers, j)
        if end == j:
            break
        out.append((j, end))
        if closing:
            break
        j = end
    return out


def _members_before(words: list[str], lowers: list[str], s: int) -> list[tuple[int, int]]:
    """Listed names before a seed starting at token s, each set off by a separator."""
    out, j = [], s
    while j > 0 and lowers[j - 1] in _LIST_SEPARATORS:
        k = j - 1
        while k > 0 and lowers[k - 1] in _LIST_SEPARATORS:
            k -= 1
        a = k
        while a > 0 and _listed_word(words, lowers, a - 1, first=False):
            a -= 1
        if a == k or _member_at(words, lowers, a) != k:
            break
        out.append((a, k))
        j = a
    return out


_CONJUNCTION_WORDS = frozenset(("and", "or"))


def suspended_candidates(doc: Doc) -> list[Candidate]:
    """A capitalised name left with a suspended hyphen before "and"/"or" and a compound on a
    compound suffix ("Whisper- and FastConformer-based", "BERT- and RoBERTa-based"): the name
    less its hyphen (not "XLM- RoBERTa", a broken line, nor "in- and out-of-distribution")."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    starts, out = doc_starts(doc), []
    for i in [k for k, w in enumerate(words[:-2]) if w[-1:] == "-"]:
        word = words[i]
        if len(word) < 3 or not word[:1].isupper():
            continue
        if not word[:-1].replace("-", "").isalnum() or lowers[i + 1] not in {"and", "or"}:
            continue
        name = word[:-1]
        if name.lower() in VOCAB.common_english and name not in lexicon_labels():
            continue  # "Temperature- and Top-p-based sampling": a word, no name
        _, hyphen, tail = lowers[i + 2].rpartition("-")
        if hyphen and tail in VOCAB.compound_suffixes:
            out.append(Candidate(starts[i], starts[i] + len(name), name, "shape"))
    return out


def head_noun_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """Capitalised names right before a dataset head noun: "the Gigaword corpus"; a
    capitalised head is part of the name ("the Waymo Open Motion Dataset")."""
    stops = VOCAB.title_stopwords
    words, lowers = doc_words(doc), ctx.lowers
    out = []
    for i in ctx.cue_list("DATASET_NAME_HEAD", 0, len(lowers)):
        if i + 1 < len(lowers) and lowers[i + 1] in VOCAB.score_words:
            continue  # "SD benchmark accuracy": the noun modifies a measure, it heads no name
        j = i - 1
        first = None
        while j >= 0 and i - j <= 4:
            word = words[j]
            capital = word[:1].isupper() or (word[:1].isdigit() and first is None and j > 0)
            if not capital or lowers[j] in stops or not word[:1].isalnum():
                break
            first = j
            j -= 1
        if first is None or words[first][:1].isdigit():
            continue
        if _describes_data(ctx, words, first, i):
            continue  # "Parallel corpora", "Farsi datasets": a description, not a name
        if _modifier_compound(words[i - 1]):
            continue  # "the US-centric dataset", "an EHR-grounded benchmark": a description
        last = i if words[i][:1].isupper() else i - 1  # "the Waymo Open Motion Dataset"
        start, end = ctx.starts[first], ctx.starts[last] + len(words[last])
        text = doc_text(doc)[start:end]
        if not is_generic(text) and not all(is_generic(w) for w in words[first:i]):
            out.append(Candidate(start, end, text, "head", label="DATASET"))
            if lowers[i] in VOCAB.plural_data_heads:
                out += _distributed_members(doc, ctx, first)
    return out


def _distributed_members(doc: Doc, ctx: DocContext, first: int) -> list[Candidate]:
    """The names listed before the last one that a plural data head follows, which it heads
    too: "the Conference, Geolink, Enslaved, and Taxon datasets" (each member at most four
    name words, none generic)."""
    words, lowers = doc_words(doc), ctx.lowers
    out = []
    for a, b in _members_before(words, lowers, first):
        start, end = ctx.starts[a], ctx.starts[b - 1] + len(words[b - 1])
        text = doc_text(doc)[start:end]
        if b - a <= 4 and not is_generic(text):
            out.append(Candidate(start, end, text, "head", label="DATASET"))
    return out


def _modifier_compound(word: str) -> bool:
    """True for a hyphened word that ends on a descriptive part ("US-centric", "EHR-grounded",
    "French-language"), or on any compound part after a generic word ("an AI-ready dataset",
    "an LLM-generated benchmark"; not "WordNet-annotated datasets")."""
    head, sep, tail = word.rpartition("-")
    if not (sep and head):
        return False
    if tail in VOCAB.descriptive_compound_suffixes:
        return True
    return tail.lower() in VOCAB.compound_suffixes and is_generic(head)


def tool_head_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """A single capitalised word, not opening its sentence, right before a tool head noun:
    "the Kaldi toolkit", "the Optuna library" (not a common English word, a language or an
    adjective made from a name: "a Python package", "a Bayesian optimizer")."""
    words, lowers = doc_words(doc), ctx.lowers
    adjective = named_regex("name_adjective")
    out = []
    for i in indices_of(lowers, VOCAB.tool_heads):
        if i < 2:
            continue
        j = i - 1
        word = words[j]
        if not (word[:1].isupper() and word.isalnum()) or ctx.sent_bounds[ctx.sent_of[j]][0] == j:
            continue
        if words[j - 1][:1].isupper() or lowers[j] in _plain_words() or adjective.match(word):
            continue  # a longer title run, or a word that describes
        if is_generic(word):
            continue
        start = ctx.starts[j]
        out.append(Candidate(start, start + len(word), word, "head", hint="METHOD"))
    return out


def appositive_named_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """A single capitalised word, not opening its sentence nor ending a title run, that an
    appositive right after it calls a method, tool or platform: "using Chronos, a T5-based time
    series foundation model", "Metaculus, a leading human-curated forecasting platform" (not
    a common English word, a place or a generic term)."""
    words, lowers = doc_words(doc), ctx.lowers
    heads = _appositive_heads()
    out = []
    for comma in indices_of(lowers, _COMMA):
        i = comma - 1
        if not 1 <= i < len(words) - 3 or lowers[i + 2] not in VOCAB.indefinite_articles:
            continue
        word = words[i]
        if not (word.istitle() and word.isalpha() and len(word) > 2):
            continue
        if ctx.sent_bounds[ctx.sent_of[i]][0] == i or words[i - 1][:1].isupper():
            continue
        if lowers[i] in _plain_words() or is_generic(word) or is_place_or_organisation(word):
            continue
        k = i + 3
        while k < min(len(words), i + 10) and _wordlike_token(words[k]):
            if lowers[k] in heads:
                start = ctx.starts[i]
                out.append(Candidate(start, start + len(word), word, "appositive", hint="METHOD"))
                break
            k += 1
    return out


_COMMA = frozenset((",",))


@cache
def _appositive_heads() -> frozenset[str]:
    """Head nouns an appositive names a method, tool or platform by."""
    return VOCAB.method_heads | VOCAB.tool_heads | VOCAB.platform_heads


def _wordlike_token(word: str) -> bool:
    """A token that may stand inside a noun phrase (letters, digits, hyphens; no punctuation)."""
    return word.replace("-", "").isalnum()


def named_method_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """A capitalised word, not opening its sentence nor ending a longer title run, and a
    method head after it, as one name: "the Delta method", "Bootstrap method", "the Elbow
    heuristic" (not "our Proposed method")."""
    words, lowers = doc_words(doc), ctx.lowers
    skip = _named_method_skips()
    out = []
    for i in indices_of(lowers, VOCAB.named_method_heads):
        if i < 2 or words[i] != lowers[i]:
            continue
        j = i - 1
        word = words[j]
        if not (word.istitle() and word.isalpha()) or ctx.sent_bounds[ctx.sent_of[j]][0] == j:
            continue
        if words[j - 1][:1].isupper() or lowers[j] in skip or is_generic(word):
            continue
        start, end = ctx.starts[j], ctx.starts[i] + len(words[i])
        out.append(Candidate(start, end, doc_text(doc)[start:end], "head", hint="METHOD"))
    return out


@cache
def _named_method_skips() -> frozenset[str]:
    """Capitalised words that name no method before a method head ("the Proposed method")."""
    return (
        VOCAB.title_stopwords
        | VOCAB.novelty_markers
        | VOCAB.evaluative_adjectives
        | VOCAB.proposal_verbs
    )


@cache
def _plain_words() -> frozenset[str]:
    """Common English words and language names, lower-cased."""
    return VOCAB.common_english | _language_words()


@cache
def _language_words() -> frozenset[str]:
    """Language names, lower-cased."""
    return frozenset(w.lower() for w in languages())


def _describes_data(ctx: DocContext, words: list[str], first: int, head: int) -> bool:
    """True when a plural data head follows only language names ("German datasets"), or only
    common English words capitalised by the sentence start or a title ("Parallel corpora
    have been used", "Unlabeled Parallel Corpora"), not a proper noun ("three Amazon
    benchmarks")."""
    lowers, plural = ctx.lowers, VOCAB.plural_data_heads
    if not (lowers[head] in plural or (head + 1 < len(lowers) and lowers[head + 1] in plural)):
        return False
    pieces = [p for w in lowers[first:head] for p in w.replace("-", " ").split()]
    if all(p in _language_words() for p in pieces):
        return True
    if not all(p in VOCAB.common_english or p.isdigit() for p in pieces):
        return False
    lo, hi = ctx.sent_bounds[ctx.sent_of[first]]
    if first == lo:
        return True
    long_words = [w for w in words[lo:hi] if len(w) > 3 and w.isalpha()]
    return sum(w[:1].isupper() for w in long_words) >= 0.8 * len(long_words)


_YEAR = regex.compile(r"^(?:19|20)\d\d$")
_SHORT_YEAR = regex.compile(r"^[12]\d$")  # "AIME 24": a year of the 2010s or 2020s
_CAMPAIGN = regex.compile(r"^[A-Z][A-Za-z]*[A-Z][A-Za-z]*$")
_GLUED_CAMPAIGN_YEAR = regex.compile(
    r"^[A-Z][A-Za-z]*[A-Z][A-Za-z]*-(?:19|20)\d\d$"
)  # SemEval-2025
_TASK_TOKEN = regex.compile(r"^Task-\d+$")


def year_named_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """Benchmarks named by a campaign and a year: "WMT 2014", "CoNLL 2003", "SemEval-2017",
    with the task number after it ("SemEval-2025 Task 5"), and a known benchmark with a
    two-digit year ("AIME 24")."""
    words = doc_words(doc)
    out = []
    numbers = [j for j in indices_where(words, str.isdigit) if j >= 1]  # the cheap test first
    years = [j for j in numbers if len(words[j]) == 4 and _YEAR.match(words[j])]
    labels = lexicon_labels()
    years += [
        j
        for j in numbers
        if len(words[j]) == 2
        and _SHORT_YEAR.match(words[j])
        and labels.get(words[j - 1]) == "DATASET"
    ]
    ends = [(j - 1, j + 1) for j in sorted(years) if _CAMPAIGN.match(words[j - 1])]
    ends += [
        (j, j + 1)
        for j, w in enumerate(words)
        if w[-5:-4] == "-" and _GLUED_CAMPAIGN_YEAR.match(w)  # the cheap test first
    ]
    for i, after in sorted(ends):
        if len(words[i]) < 3:
            continue
        last = _task_after(words, after) or after  # "SemEval-2025 Task 5", "WMT 2014 Task-3"
        start, end = ctx.starts[i], ctx.starts[last - 1] + len(words[last - 1])
        out.append(Candidate(start, end, doc_text(doc)[start:end], "year", hint="DATASET"))
    return out


def _task_after(words: list[str], i: int) -> int | None:
    """The token after a task number that follows a campaign's year at token i ("Task 5",
    "Task-3"), or None."""
    if i < len(words) and _TASK_TOKEN.match(words[i]):
        return i + 1
    if i + 1 < len(words) and words[i] == "Task" and words[i + 1].isdigit():
        return i + 2
    return None


def resolve_overlaps(cands: list[Candidate], ctx: DocContext) -> list[Candidate]:
    """Keep non-overlapping candidates: acronyms, then proposed titles, then longest first."""

    def rank(c: Candidate) -> tuple[int, int]:
        if c.source == "acronym":
            tier = 0
        elif c.source == "title" and ctx.proposal[ctx.token_at(c.start)]:
            tier = 1
        elif c.source == "title" and not (c.hint == "DATASET" and " of " in c.text):
            tier = 3  # a corpus named by what it holds ("... Corpus of ...") ranks by length
        else:
            tier = 2
        return tier, -(c.end - c.start)

    taken, spans = Occupied(), set[tuple[int, int]]()
    kept = []
    for cand in sorted(cands, key=rank):
        # a listed, campaign-year or lexicon reading of a kept span joins it, with its hint or
        # label ("Principal Component Analysis (PCA)": the defined long form is known)
        same = cand.source in {"list", "year", "lexicon"} and (cand.start, cand.end) in spans
        if not same and taken.overlaps(cand.start, cand.end):
            continue
        taken.add(cand.start, cand.end)
        spans.add((cand.start, cand.end))
        kept.append(cand)
    return sorted(kept, key=lambda c: c.start)


def inside_metric(doc: Doc, cand: Candidate) -> bool:
    """True when a metric lexicon span overlaps the candidate (FID-50K, GPU hours)."""
    return cand.source != "acronym" and any(
        s < cand.end and cand.start < e for s, e in metric_spans(doc)
    )
