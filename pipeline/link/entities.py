"""Named methods and datasets: candidates, clustering, mentions, type votes and roles."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import regex
from spacy.tokens import Doc

from pipeline.components.tokenizer import doc_text, doc_words
from pipeline.link.context import DocContext, next_content
from pipeline.resources import cues, data_path, read_tsv

ROLE_RANK = {"proposed": 0, "compared": 1, "used": 2}
_DASHES = regex.compile(r"[\p{Pd}\u2212]")
_SIZE = regex.compile(r"[-–]\d+(?:\.\d+)?[BMK]\b|\d+(?:\.\d+)?[BM]$")
_DIMENSION_TOKEN = regex.compile(r"^\d+\s?[x×]\s?\d+$")
_ROMAN = regex.compile(r"^(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)$")
DISTINCT_STOP = frozenset(
    {
        "model",
        "models",
        "learning",
        "tuning",
        "fine",
        "supervised",
        "optimization",
        "language",
        "large",
        "network",
        "networks",
        "data",
        "training",
        "method",
        "framework",
        "based",
        "deep",
        "neural",
        "graph",
        "multi",
        "test",
        "the",
        "and",
        "for",
        "with",
        "from",
        "aware",
        "free",
    }
)


def fold(text: str) -> str:
    """Case-fold and normalise dashes and whitespace (the scorer's notion of equality)."""
    return " ".join(_DASHES.sub("-", text).casefold().split())


@cache
def generic_terms() -> tuple[frozenset[str], frozenset[str]]:
    """Generic terms: (case-sensitive acronyms, case-folded phrases)."""
    exact, folded = set(), set()
    for row in read_tsv(data_path("lexicons/generic.tsv")):
        s = row["surface"]
        (folded if s.islower() else exact).add(s if not s.islower() else fold(s))
    return frozenset(exact), frozenset(folded)


def is_generic(text: str) -> bool:
    """True for model classes, fields, tasks and common objects (LLMs, RL, ASR, GPU)."""
    exact, folded = generic_terms()
    if text in exact or fold(text) in folded:
        return True
    return is_plural_acronym(text) and text[:-1] in exact


def is_metric_name(long: str) -> bool:
    """True for long forms headed by a measure word: "Diarization Error Rate"."""
    words = long.lower().replace("-", " ").split()
    return bool(words) and words[-1] in cues()["metric_heads"]


def is_plural_acronym(text: str) -> bool:
    """'LLMs', 'GNNs': capitals followed by a plural s."""
    return len(text) >= 3 and text.endswith("s") and text[:-1].isupper()


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

    def surfaces(self) -> list[str]:
        return [self.name, *self.aliases]


def acronym_candidates(doc: Doc, ctx: DocContext) -> tuple[list[Candidate], set[str]]:
    """Candidates from "long (SHORT)" definitions, and the short forms judged generic."""
    c = cues()
    out: list[Candidate] = []
    generic: set[str] = set()
    for a in doc._.acronyms:
        short, long = a["short"], a["long"]
        head = long.split()[-1].lower() if long.split() else ""
        head = head.split("-")[-1]
        if is_generic(short) or is_generic(long) or is_plural_acronym(short):
            generic.add(short)
            continue
        if _is_metric_span(doc, a["long_start"], a["long_end"]) or is_metric_name(long):
            generic.add(short)
            continue
        if long.split()[0].lower() in c["long_form_bad_starts"]:
            continue  # "compared with a model trained on ... (CMR-DL)": not a definition
        weak = head in c["generic_heads"] or long.islower()
        out.append(
            Candidate(
                a["long_start"], a["long_end"], long, "acronym", alias=short, needs_support=weak
            )
        )
    return out, generic


def _is_metric_span(doc: Doc, start: int, end: int) -> bool:
    """True when a lexicon METRIC span covers [start, end)."""
    return any(
        s.label_ == "METRIC" and s.start_char <= start and s.end_char >= end - 1
        for s in doc.spans.get("lexicon", [])
    )


def lexicon_candidates(doc: Doc) -> list[Candidate]:
    """DATASET and METHOD lexicon hits, with a configuration suffix kept ("ImageNet 256x256")."""
    out = []
    for span in doc.spans.get("lexicon", []):
        if span.label_ not in ("DATASET", "METHOD"):
            continue
        end = span.end_char
        text = span.text
        if span.label_ == "DATASET" and span.end < len(doc):
            nxt = doc[span.end]
            if _DIMENSION_TOKEN.match(nxt.text):
                end = nxt.idx + len(nxt.text)
                text = doc_text(doc)[span.start_char : end]
        out.append(
            Candidate(
                span.start_char,
                end,
                text,
                "lexicon",
                label=span.label_,
                canonical=span.kb_id_ if end == span.end_char else text,
            )
        )
    return out


def shape_candidates(doc: Doc) -> list[Candidate]:
    """Name-shaped tokens, with compound suffixes cut ("FGW-based" -> "FGW")."""
    c = cues()
    out = []
    for span in doc.spans.get("names", []):
        text = span.text
        if span.label_ == "TITLE_SEQ":
            toks = list(span)
            while toks and toks[0].lower_ in c["title_stopwords"]:
                toks = toks[1:]
            single_ok = len(toks) == 1 and "-" in toks[0].text and toks[0].text.istitle()
            if len(toks) >= 2 or single_ok:
                start, end = toks[0].idx, toks[-1].idx + len(toks[-1])
                out.append(
                    Candidate(start, end, doc_text(doc)[start:end], "title", needs_support=True)
                )
            continue
        parts = regex.split(r"[-–]", text)
        if len(parts) > 1 and parts[-1].islower() and parts[-1] not in c["variant_suffixes"]:
            if parts[-1] not in c["compound_suffixes"]:
                continue
            text = text[: len(text) - len(parts[-1]) - 1]
        if len(text) < 2 or _ROMAN.match(text) or is_generic(text):
            continue
        bare_short = len(text) <= 3 and text.isalpha() and text.isupper()
        out.append(
            Candidate(
                span.start_char,
                span.start_char + len(text),
                text,
                "shape",
                needs_support=bare_short,
            )
        )
    return out


def listed_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """Capitalised names listed after a class noun: "optimizers such as Adafactor and Sophia"."""
    c = cues()
    classes = c["such_as_method_classes"] | c["such_as_dataset_classes"]
    words, lowers = doc_words(doc), ctx.lowers
    out = []
    for k, low in enumerate(lowers):
        if low == "as" and k > 0 and lowers[k - 1] == "such":
            cls_i = k - 2
        elif low in {"like", "including"}:
            cls_i = k - 1
        else:
            continue
        if cls_i < 0 or lowers[cls_i] not in classes:
            continue
        i = k + 1
        while i < len(words):
            if lowers[i] in {",", "and", "or"}:
                i += 1
                continue
            word = words[i]
            if not word[:1].isupper() or lowers[i] in c["title_stopwords"] or is_generic(word):
                break
            out.append(Candidate(ctx.starts[i], ctx.starts[i] + len(word), word, "list"))
            i += 1
    return out


def head_noun_candidates(doc: Doc, ctx: DocContext) -> list[Candidate]:
    """Capitalised names right before a dataset head noun: "the Gigaword corpus"."""
    c = cues()
    heads = c["dataset_name_heads"]
    words, lowers = doc_words(doc), ctx.lowers
    out = []
    for i, low in enumerate(lowers):
        two = f"{low} {lowers[i + 1]}" if i + 1 < len(lowers) else ""
        if low not in heads and two not in heads:
            continue
        j = i - 1
        first = None
        while j >= 0 and i - j <= 4:
            word = words[j]
            capital = word[:1].isupper() or (word[:1].isdigit() and first is None and j > 0)
            if not capital or lowers[j] in c["title_stopwords"] or not word[:1].isalnum():
                break
            first = j
            j -= 1
        if first is None or words[first][:1].isdigit():
            continue
        start, end = ctx.starts[first], ctx.starts[i - 1] + len(words[i - 1])
        text = doc_text(doc)[start:end]
        if not is_generic(text) and not all(is_generic(w) for w in words[first:i]):
            out.append(Candidate(start, end, text, "head", label="DATASET"))
    return out


def resolve_overlaps(cands: list[Candidate], ctx: DocContext) -> list[Candidate]:
    """Keep non-overlapping candidates: acronyms, then proposed titles, then longest first."""

    def rank(c: Candidate) -> tuple[int, int]:
        if c.source == "acronym":
            tier = 0
        elif c.source == "title" and ctx.proposal[ctx.token_at(c.start)]:
            tier = 1
        elif c.source == "title":
            tier = 3
        else:
            tier = 2
        return tier, -(c.end - c.start)

    taken: list[tuple[int, int]] = []
    kept = []
    for cand in sorted(cands, key=rank):
        if any(cand.start < e and s < cand.end for s, e in taken):
            continue
        taken.append((cand.start, cand.end))
        kept.append(cand)
    return sorted(kept, key=lambda c: c.start)


def cluster(cands: list[Candidate], generic_shorts: set[str]) -> list[Draft]:
    """Group candidates into entity drafts that share a surface form."""
    drafts: list[Draft] = []
    by_surface: dict[str, Draft] = {}
    for cand in cands:
        if cand.text in generic_shorts or f"{cand.text}s" in generic_shorts:
            continue
        name = " ".join((cand.canonical or cand.text).split())
        surfaces = [name, cand.text] + ([cand.alias] if cand.alias else [])
        draft = next((by_surface[fold(s)] for s in surfaces if fold(s) in by_surface), None)
        if draft is None:
            draft = Draft(name, [], {cand.source}, cand.label, cand.needs_support)
            drafts.append(draft)
        else:
            draft.sources.add(cand.source)
            draft.label = draft.label or cand.label
            draft.needs_support = draft.needs_support and cand.needs_support
            if (
                cand.source == "acronym"
                and draft.name != name
                and fold(draft.name) == fold(cand.alias or "")
            ):
                draft.aliases.append(draft.name)
                draft.name = name
        for s in surfaces[1:]:
            if fold(s) != fold(draft.name) and fold(s) not in map(fold, draft.aliases):
                draft.aliases.append(" ".join(s.split()))
        for s in draft.surfaces():
            by_surface[fold(s)] = draft
    return drafts


def _part_of_longer_name(text: str, end: int) -> bool:
    """True when a hyphenated part with a capital or digit follows ("TPRU" in "TPRU-7B")."""
    if end >= len(text) or text[end] not in "-–":
        return False
    j = end + 1
    while j < len(text) and text[j].isalnum():
        if text[j].isupper() or text[j].isdigit():
            return True
        j += 1
    return False


def occurrences(text: str, lowered: str, surface: str) -> list[tuple[int, int]]:
    """Whole-word occurrences of a surface; lower-case surfaces match any case."""
    needle = " ".join(surface.split())
    hay = lowered if needle.islower() and len(lowered) == len(text) else text
    out = []
    i = hay.find(needle)
    while i != -1:
        e = i + len(needle)
        before_ok = i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
        after_ok = e == len(text) or not (text[e].isalnum() or text[e] == "_")
        if before_ok and after_ok and not _part_of_longer_name(text, e):
            out.append((i, e))
        i = hay.find(needle, i + 1)
    return out


def find_mentions(text: str, drafts: list[Draft]) -> None:
    """Fill each draft's mentions with every occurrence of its surfaces, longest first."""
    lowered = text.lower()
    hits = []
    for di, draft in enumerate(drafts):
        for surface in draft.surfaces():
            hits.extend((s, e, di) for s, e in occurrences(text, lowered, surface))
    taken: list[tuple[int, int]] = []
    for s, e, di in sorted(hits, key=lambda h: (-(h[1] - h[0]), h[0])):
        if any(s < te and ts < e for ts, te in taken):
            continue
        taken.append((s, e))
        drafts[di].mentions.append((s, e))
    for draft in drafts:
        draft.mentions.sort()


def _token_span(ctx: DocContext, start: int, end: int) -> tuple[int, int]:
    return ctx.token_at(start), ctx.token_at(end - 1) + 1


def _coordinated(doc: Doc, ms: int, me: int, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """Extend a mention's token span over a coordination of mentions ("A, B and C")."""
    by_start = {s: e for s, e in spans}
    by_end = {e: s for s, e in spans}
    start, end = ms, me
    while True:
        j = end
        while j < len(doc) and doc[j].lower_ in {",", "and", "or", "&"}:
            j += 1
        if j != end and j in by_start:
            end = by_start[j]
            continue
        break
    while True:
        j = start - 1
        while j >= 0 and doc[j].lower_ in {",", "and", "or", "&", "both"}:
            j -= 1
        if j != start - 1 and (j + 1) in by_end:
            start = by_end[j + 1]
            continue
        break
    return start, end


def _head_after(doc: Doc, i: int) -> str | None:
    """'dataset' / 'method' when a head noun follows at token i ("X dataset", "X models")."""
    c = cues()
    if i >= len(doc):
        return None
    one = doc[i].lower_
    two = f"{one} {doc[i + 1].lower_}" if i + 1 < len(doc) else ""
    if two in c["dataset_heads"] or one in c["dataset_heads"]:
        return "dataset"
    if one in c["method_heads"]:
        return "method"
    return None


def _appositive_head(doc: Doc, i: int) -> str | None:
    """Head noun of an appositive after token i: "X, a large-scale dataset" -> 'dataset'."""
    if i < len(doc) and doc[i].text == "(":
        while i < len(doc) and doc[i].text != ")":
            i += 1
        i += 1
    if i >= len(doc) or doc[i].text != ",":
        return None
    if i + 1 >= len(doc) or doc[i + 1].lower_ not in {"a", "an", "the", "our"}:
        return None
    for j in range(i + 2, min(len(doc), i + 10)):
        if doc[j].text in {",", ".", ";"} or doc[j].lower_ in {"that", "which", "for", "of"}:
            return None
        head = _head_after(doc, j)
        if head:
            return head
    return None


def _preposition_before(doc: Doc, i: int) -> tuple[str | None, str | None]:
    """The preposition governing token i within 4 tokens, and the word before it."""
    for j in range(i - 1, max(-1, i - 5), -1):
        t = doc[j]
        if t.is_punct:
            return None, None
        if t.lower_ in {"on", "across", "in", "like", "as", "using", "over", "than", "of", "to"}:
            before = doc[j - 1].lower_ if j > 0 else None
            return t.lower_, before
    return None, None


def vote_kind(draft: Draft, doc: Doc, ctx: DocContext, spans: list[tuple[int, int]]) -> None:
    """Decide method vs dataset from lexicon, name shape and every mention's context."""
    c = cues()
    ds, me = 0.0, 0.0
    if draft.label == "DATASET":
        ds += 5
    elif draft.label == "METHOD":
        me += 5
    for surface in draft.surfaces():
        if any(surface.endswith(x) for x in c["dataset_name_suffixes"]):
            ds += 3
        if _SIZE.search(surface):
            me += 3
        elif any(surface.endswith(x) for x in c["method_name_suffixes"]):
            me += 2
    for s, e in draft.mentions:
        ms, mend = _token_span(ctx, s, e)
        cs, ce = _coordinated(doc, ms, mend, spans)
        prep, before = _preposition_before(doc, cs)
        head = _head_after(doc, ce)
        if head is None and prep not in c["dataset_prepositions"]:
            head = _appositive_head(doc, mend)  # "On X, our approach ..." is no appositive
        if head == "dataset":
            ds += 4
            draft.supported = True
        elif head == "method":
            me += 3
            draft.supported = True
        if prep in c["dataset_prepositions"] and before not in {
            "based",
            "built",
            "relies",
            "rely",
            "depends",
            "focus",
            "focuses",
        }:
            ds += 2
        elif prep in {"like", "as"} and before is not None:
            cls = before if prep == "like" else (doc[cs - 3].lower_ if cs >= 3 else "")
            if cls in c["such_as_dataset_classes"]:
                ds += 3
                draft.supported = True
            elif cls in c["such_as_method_classes"]:
                me += 3
                draft.supported = True
        nxt = next_content(doc, mend - 1)
        if nxt is not None and doc[nxt].lower_ in {"'s", "’s"}:
            nxt = next_content(doc, nxt)
        if nxt is not None and doc[nxt].lower_ in c["performance_verbs"]:
            me += 2
        if ctx.comparison[ms] and prep not in c["dataset_prepositions"]:
            me += 2
    draft.kind = "dataset" if ds > me else "method"


def assign_role(draft: Draft, doc: Doc, ctx: DocContext) -> None:
    """proposed > compared > used, from every mention's sentence context."""
    roles = set()
    for s, e in draft.mentions:
        ms, mend = _token_span(ctx, s, e)
        if ctx.proposal[ms] or _owned(doc, ms):
            roles.add("proposed")
        elif ctx.comparison[ms] or _baseline_after(doc, mend):
            roles.add("compared")
        else:
            roles.add("used")
    role = min(roles, key=ROLE_RANK.__getitem__) if roles else "used"
    if draft.kind == "dataset" and role == "compared":
        role = "used"
    draft.role = role
    if role in ("proposed", "compared") or "lexicon" in draft.sources:
        draft.supported = True


def _owned(doc: Doc, i: int) -> bool:
    """True when "our" modifies the mention: "our manually curated TPRU-Test"."""
    c = cues()
    if (
        i >= 3
        and doc[i - 1].text == ","
        and doc[i - 2].lower_ in c["own_nouns"]
        and (doc[i - 3].lower_ in c["own_markers"])
    ):
        return True  # "Our method, X"
    for j in range(i - 1, max(-1, i - 5), -1):
        low = doc[j].lower_
        if low in c["own_markers"]:
            return True
        if (
            low in c["own_blockers"]
            or doc[j].is_punct
            or low in c["comparison_cues"]
            or (low in c["performance_verbs"] or low in c["proposal_verbs"])
        ):
            return False
    return False


def _baseline_after(doc: Doc, i: int) -> bool:
    """True when 'baseline(s)' follows the mention (after an optional '-based')."""
    if i < len(doc) and doc[i].lower_ in {"baseline", "baselines"}:
        return True
    prev = doc[i - 1].lower_ if i > 0 else ""
    return prev.endswith("-based") and i < len(doc) and doc[i].lower_ in {"baseline", "baselines"}


def distinct_tokens(name: str) -> set[str]:
    """Distinctive lower-case word pieces of a name (for variant detection)."""
    pieces = regex.split(r"[\s\-–_/]+", name.lower())
    return {p for p in pieces if len(p) >= 3 and p.isalpha() and p not in DISTINCT_STOP}


def promote_variants(drafts: list[Draft]) -> None:
    """A used method that shares a distinctive word with a proposed name is proposed too."""
    proposed = [d for d in drafts if d.role == "proposed"]
    keys = (
        set().union(*(distinct_tokens(s) for d in proposed for s in d.surfaces()))
        if proposed
        else set()
    )
    for d in drafts:
        if (
            d.role == "used"
            and d.kind == "method"
            and any(distinct_tokens(s) & keys for s in d.surfaces())
        ):
            d.role = "proposed"
            d.supported = True


def extract_entities(doc: Doc, ctx: DocContext) -> list[Draft]:
    """All method and dataset drafts of a doc, typed, with roles and mentions."""
    acr, generic_shorts = acronym_candidates(doc, ctx)
    shorts = generic_shorts | {a["short"] for a in doc._.acronyms}
    shapes = [c for c in shape_candidates(doc) if c.text not in shorts]
    cands = acr + lexicon_candidates(doc) + shapes + listed_candidates(doc, ctx)
    cands += head_noun_candidates(doc, ctx)
    cands = [c for c in cands if not _inside_metric(doc, c)]
    cands = resolve_overlaps(cands, ctx)
    drafts = cluster(cands, generic_shorts)
    drafts = [d for d in drafts if not is_generic(d.name) and not _is_metric_draft(d)]
    find_mentions(doc_text(doc), drafts)
    drafts = [d for d in drafts if d.mentions]
    spans = [_token_span(ctx, s, e) for d in drafts for s, e in d.mentions]
    for d in drafts:
        vote_kind(d, doc, ctx, spans)
        assign_role(d, doc, ctx)
    promote_variants(drafts)
    return [d for d in drafts if d.supported or not d.needs_support]


def _is_metric_draft(draft: Draft) -> bool:
    """A name headed by a measure word ("Temporal Meal Score") is a metric, not an entity."""
    return "lexicon" not in draft.sources and is_metric_name(draft.name)


def _inside_metric(doc: Doc, cand: Candidate) -> bool:
    """True when a metric lexicon span overlaps the candidate (FID-50K, GPU hours)."""
    return (
        any(
            s.label_ == "METRIC" and s.start_char < cand.end and cand.start < s.end_char
            for s in doc.spans.get("lexicon", [])
        )
        and cand.source != "acronym"
    )
