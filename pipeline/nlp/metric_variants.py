"""Variants of known metrics by shape: another cut-off of an @- or ^-family ("pass@5",
"Hits@7", "mAP@0.5:0.95", "pass^4"), an order/variant suffix on a known metric ("BLEU-4",
"ROUGE-Lsum"), a letter prefix on a known metric acronym ("VRMSE", "rRMSE"), a cut-off glued
to one ("TPR01", "AP50"), an averaging word before one ("macro F1-Score"), and a top-k cut-off
before a measure with top-k variants ("Top-1 retrieval accuracy" and the "top-1" of "top-1
and top-5 accuracy" are top-1 accuracy)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import regex
import srsly
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.training import Example

from pipeline.errors import NotInitialized
from pipeline.nlp.lexicon import DEFAULT_BLOCKED, DEFAULT_FILES, SPANS_KEY, read_entries
from pipeline.nlp.tokenizer import doc_words
from pipeline.resources import LexiconEntry, data_path, read_jsonl

DEFAULT_PATTERNS = "patterns/metric_variants.jsonl"
_PREFIXED = regex.compile(r"[a-z]{0,3}[A-Z]{3,7}")  # may be a prefixed metric acronym: VRMSE, rFID
_GLUED = regex.compile(r"[a-z]?[A-Z]{2,5}[0-9]{1,3}")  # may be a metric with a glued cut-off: TPR01


def _cut_off_sign(surface: str) -> str:
    """The sign before a metric's cut-off ("pass@1": "@", "pass^4": "^"), else ""."""
    return "@" if "@" in surface else "^" if "^" in surface else ""


def metric_families(entries: Iterable[LexiconEntry]) -> dict[str, str]:
    """Canonical names of the lexicon's metric families, keyed by a folded family key:
    "r@" -> recall (the canonical name less its cut-off: R@1 is recall@1), "BLEU" -> bleu
    (exact case for bases; a family is also keyed by its canonical name: "precision@" of
    "P@1" -> precision@1), "ROUGE-" -> "*" when the lexicon names each dash variant by
    itself (rouge-1, rouge-l)."""
    out: dict[str, str] = {}
    for e in entries:
        if e.label != "METRIC":
            continue
        sep = _cut_off_sign(e.surface)
        if sep:
            family = e.canonical.split(sep)[0]
            out.setdefault(e.surface.split(sep)[0].lower() + sep, family)
            out.setdefault(family + sep, family)  # "precision@15" as "P@1" is precision@1
        elif (
            "-" in e.surface
            and " " not in e.surface  # "real-time factor" makes no "real-" family
            and e.canonical == e.surface.lower()
            and e.surface.index("-") > 1
        ):
            out[e.surface.split("-")[0] + "-"] = "*"  # not "G-": "G-measure" makes no family
        out.setdefault(e.surface, e.canonical)
    return out


def variant_canonical(
    word: str, rules: list[regex.Pattern], families: dict[str, str]
) -> str | None:
    """The canonical metric of a token shaped like a variant of a known metric, else None."""
    for rule in rules:
        m = rule.match(word)
        if m is None:
            continue
        base = m.group("base")
        if sep := _cut_off_sign(word):
            family = families.get(base.lower() + sep)
            cut_off = m.group("param").lower()
            if family is None or ":" in cut_off:
                return family  # "mAP@0.5:0.95": a range of cut-offs is the metric itself
            return f"{family}{sep}{cut_off}"  # "Hits@7": hits@7, a metric of its own
        prefix = len(word) - len(base)
        if word[:1].islower() and word[1:].isalpha() and len(base) == 3 and prefix == 1:
            return families.get(base)  # "rFID", "sFID": the measure's own, as "gFID" is fid
        if word[:prefix].islower() and prefix > 1 and word[prefix:].isupper():
            return word.lower() if base in families else None  # "cpWER": a name of its own
        if word[1:].isupper() and "-" not in word:  # "VRMSE", "rRMSE": a name of its own
            return word.lower() if base in families else None
        if families.get(base + "-") == "*":
            return word.lower()  # the lexicon names each variant: "ROUGE-Lsum" -> rouge-lsum
        return families.get(base)
    return None


def top_k_heads(entries: Iterable[LexiconEntry], top_k: regex.Pattern) -> frozenset[str]:
    """Measures the lexicon names top-k variants of ("top-5 accuracy": accuracy)."""
    heads = set()
    for e in entries:
        first, _, head = e.canonical.partition(" ")
        if e.label == "METRIC" and head and top_k.fullmatch(first):
            heads.add(head)
    return frozenset(heads)


def top_k_spans(
    words: list[str], metrics: dict[int, Span], top_k: regex.Pattern, heads: frozenset[str]
) -> list[tuple[int, int, str]]:
    """(start, end, canonical) of top-k cut-offs before a measure of `heads`: "Top-1 retrieval
    accuracy" (up to two lower-case qualifiers between) and the first of "top-1 and top-5
    accuracy" (a cut-off alone, coordinated with one on the measure)."""
    out = []
    for i, word in enumerate(words):
        if word[:1] not in "Tt" or (m := top_k.fullmatch(word)) is None:
            continue
        cut_off = m.group("param").lower()
        for j in range(i + 1, min(len(words), i + 4)):
            span = metrics.get(j)
            if span is not None:
                first, _, head = span.id_.partition(" ")
                head = head if top_k.fullmatch(first) else span.id_
                if head in heads and j > i + 1 and top_k.fullmatch(words[i + 2]):
                    out.append((i, i + 1, f"top-{cut_off} {head}"))  # "top-1 and top-5 accuracy"
                elif head in heads and span.id_ == head:
                    out.append((i, span.end, f"top-{cut_off} {head}"))
                break
            between = words[j]
            if not (between.isalpha() and between.islower()) and between not in ("/", ","):
                break
    return out


def averaged_spans(
    doc: Doc, words: list[str], metrics: list[Span], averaging: regex.Pattern, covered: set[int]
) -> list[Span]:
    """A known metric with the averaging word right before it ("macro F1-Score",
    "micro-averaged accuracy") or right after it ("F1 macro scores"): one mention, the
    metric's canonical name."""
    out = []
    for span in metrics:
        i, j = span.start - 1, span.end
        if i >= 0 and i not in covered and averaging.fullmatch(words[i]):
            out.append(Span(doc, i, span.end, label="METRIC", span_id=span.id_))
        elif j < len(words) and j not in covered and averaging.fullmatch(words[j]):
            out.append(Span(doc, span.start, j + 1, label="METRIC", span_id=span.id_))
    return out


class MetricVariants:
    """Add METRIC spans, canonical name as `id`, to the lexicon span group for tokens that
    vary a known metric; the families come from the lexicon files, the shapes from JSONL."""

    def __init__(self, nlp: Language, name: str = "metric_variants") -> None:
        self.name = name
        self.rules: list[dict[str, Any]] = []
        self.families: dict[str, str] = {}
        self.top_heads: frozenset[str] = frozenset()
        self._compile()

    def initialize(
        self,
        get_examples: Callable[[], Iterable[Example]] | None = None,
        *,
        nlp: Language | None = None,
        patterns: str = DEFAULT_PATTERNS,
        files: dict[str, list[str]] | None = None,
        blocked: list[str] | None = None,
    ) -> None:
        """Load the variant shapes and the metric families of the lexicon files."""
        self.rules = read_jsonl(data_path(patterns))
        entries = read_entries(
            DEFAULT_FILES if files is None else files,
            DEFAULT_BLOCKED if blocked is None else blocked,
        )
        self.families = metric_families(entries)
        self._compile()
        if self.top_k is not None:
            self.top_heads = top_k_heads(entries, self.top_k)

    def _compile(self) -> None:
        own = {"top_k", "averaging"}  # rules applied around spans, not to single tokens
        self.compiled = [regex.compile(r["regex"]) for r in self.rules if r["kind"] not in own]
        top_k = [regex.compile(r["regex"]) for r in self.rules if r["kind"] == "top_k"]
        self.top_k = top_k[0] if top_k else None
        averaging = [regex.compile(r["regex"]) for r in self.rules if r["kind"] == "averaging"]
        self.averaging = averaging[0] if averaging else None
        self._cache: dict[str, str | None] = {}

    def canonical(self, word: str) -> str | None:
        """The canonical metric a token varies (memoised per string)."""
        if word not in self._cache:
            if len(self._cache) > 100_000:
                self._cache.clear()
            self._cache[word] = variant_canonical(word, self.compiled, self.families)
        return self._cache[word]

    def __call__(self, doc: Doc) -> Doc:
        if not self.rules:
            raise NotInitialized(self.name)
        group = doc.spans.get(SPANS_KEY)
        spans = list(group or ())  # each pass over a SpanGroup makes its Spans anew
        covered = {i for s in spans for i in range(s.start, s.end)}
        found = []
        words = doc_words(doc)
        metrics = [s for s in spans if s.label_ == "METRIC"]
        if self.top_heads and self.top_k is not None:
            starts = {s.start: s for s in metrics}
            for start, end, canonical in top_k_spans(words, starts, self.top_k, self.top_heads):
                if start not in covered:  # "top-1 accuracy" itself is a lexicon surface
                    found.append(Span(doc, start, end, label="METRIC", span_id=canonical))
        if self.averaging is not None:
            found += averaged_spans(doc, words, metrics, self.averaging, covered)
        for i, word in enumerate(words):
            if (
                "@" in word
                or "^" in word
                or "-" in word
                or (word[-1:].isupper() and _PREFIXED.fullmatch(word))
                or (word[-1:].isdigit() and word[:1].isalpha() and _GLUED.fullmatch(word))
            ):
                if i in covered:
                    continue
                canonical = self.canonical(word)
                if canonical is not None:
                    found.append(Span(doc, i, i + 1, label="METRIC", span_id=canonical))
        if found:
            doc.spans[SPANS_KEY] = [*spans, *found]
        return doc

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        """The shapes and families as JSON."""
        state = {
            "rules": self.rules,
            "families": self.families,
            "top_heads": sorted(self.top_heads),
        }
        return srsly.json_dumps(state).encode()

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = ()) -> MetricVariants:
        """Load what `to_bytes` wrote."""
        state = srsly.json_loads(data)
        self.rules, self.families = state["rules"], state["families"]
        self.top_heads = frozenset(state["top_heads"])
        self._compile()
        return self

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        """Write the shapes and families as JSON files in the folder `path`."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_jsonl(path / "rules.jsonl", self.rules)
        srsly.write_json(path / "families.json", self.families)
        srsly.write_json(path / "top_heads.json", sorted(self.top_heads))

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> MetricVariants:
        """Load what `to_disk` wrote."""
        path = Path(path)
        self.rules = list(srsly.read_jsonl(path / "rules.jsonl"))
        self.families = srsly.read_json(path / "families.json")
        self.top_heads = frozenset(srsly.read_json(path / "top_heads.json"))
        self._compile()
        return self


@Language.factory(
    "metric_variants",
    assigns=["doc.spans"],
    default_config={},
)
def make_metric_variants(nlp: Language, name: str) -> MetricVariants:
    """Registered factory for MetricVariants (shapes and families load in `initialize`)."""
    return MetricVariants(nlp, name)
