"""Variants of known metrics by shape: another cut-off of an @- or ^-family ("pass@5",
"Hits@7", "mAP@0.5:0.95", "pass^4"), an order/variant suffix on a known metric ("BLEU-4",
"ROUGE-Lsum"), a letter prefix on a known metric acronym ("VRMSE", "rRMSE"), or a cut-off glued
to one ("TPR01", "AP50")."""

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
_PREFIXED = regex.compile(r"[a-z]?[A-Z]{4,7}")  # may be a prefixed metric acronym: VRMSE, rRMSE
_GLUED = regex.compile(r"[a-z]?[A-Z]{2,5}[0-9]{1,3}")  # may be a metric with a glued cut-off: TPR01


def _cut_off_sign(surface: str) -> str:
    """The sign before a metric's cut-off ("pass@1": "@", "pass^4": "^"), else ""."""
    return "@" if "@" in surface else "^" if "^" in surface else ""


def metric_families(entries: Iterable[LexiconEntry]) -> dict[str, str]:
    """Canonical names of the lexicon's metric families, keyed by a folded family key:
    "r@" -> recall (the canonical name less its cut-off: R@1 is recall@1), "BLEU" -> bleu
    (exact case for bases), "ROUGE-" -> "*" when the lexicon names each dash variant by
    itself (rouge-1, rouge-l)."""
    out: dict[str, str] = {}
    for e in entries:
        if e.label != "METRIC":
            continue
        sep = _cut_off_sign(e.surface)
        if sep:
            out.setdefault(e.surface.split(sep)[0].lower() + sep, e.canonical.split(sep)[0])
        elif "-" in e.surface and e.canonical == e.surface.lower() and e.surface.index("-") > 1:
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
        if word[1:].isupper() and "-" not in word:  # "VRMSE", "rRMSE": a name of its own
            return word.lower() if base in families else None
        if families.get(base + "-") == "*":
            return word.lower()  # the lexicon names each variant: "ROUGE-Lsum" -> rouge-lsum
        return families.get(base)
    return None


class MetricVariants:
    """Add METRIC spans, canonical name as `id`, to the lexicon span group for tokens that
    vary a known metric; the families come from the lexicon files, the shapes from JSONL."""

    def __init__(self, nlp: Language, name: str = "metric_variants") -> None:
        self.name = name
        self.rules: list[dict[str, Any]] = []
        self.families: dict[str, str] = {}
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

    def _compile(self) -> None:
        self.compiled = [regex.compile(r["regex"]) for r in self.rules]
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
        covered = {i for s in group or () for i in range(s.start, s.end)}
        found = []
        for i, word in enumerate(doc_words(doc)):
            if (
                "@" in word
                or "^" in word
                or "-" in word
                or (word[1:].isupper() and _PREFIXED.fullmatch(word))
                or (word[-1:].isdigit() and word[:1].isalpha() and _GLUED.fullmatch(word))
            ):
                if i in covered:
                    continue
                canonical = self.canonical(word)
                if canonical is not None:
                    found.append(Span(doc, i, i + 1, label="METRIC", span_id=canonical))
        if found:
            doc.spans[SPANS_KEY] = [*(group or ()), *found]
        return doc

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        """The shapes and families as JSON."""
        return srsly.json_dumps({"rules": self.rules, "families": self.families}).encode()

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = ()) -> MetricVariants:
        """Load what `to_bytes` wrote."""
        state = srsly.json_loads(data)
        self.rules, self.families = state["rules"], state["families"]
        self._compile()
        return self

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        """Write the shapes and families as JSON files in the folder `path`."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_jsonl(path / "rules.jsonl", self.rules)
        srsly.write_json(path / "families.json", self.families)

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> MetricVariants:
        """Load what `to_disk` wrote."""
        path = Path(path)
        self.rules = list(srsly.read_jsonl(path / "rules.jsonl"))
        self.families = srsly.read_json(path / "families.json")
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
