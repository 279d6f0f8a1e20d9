"""A tokenizer for abstracts: normalises markup (keeping a map back to the raw text), keeps
hyphenated names whole and splits trailing full stops."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import compress, repeat
from operator import is_, sub
from pathlib import Path
from typing import Any

import numpy
import regex
import spacy
from spacy.attrs import IDX, SENT_START, SPACY
from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc
from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

from pipeline.nlp.normalise import OffsetMap, normalise
from pipeline.resources import data_path, read_jsonl, read_words

RULES = "patterns/tokenizer.jsonl"
ABBREVIATIONS = "words/full_stop_abbreviations.txt"


def _keeps_hyphens(pattern: str) -> bool:
    """True for the default infix rule that splits letter-hyphen-letter."""
    return "(?:-|–|—|--|---|——|~)" in pattern


def _no_digit_hyphen(pattern: str) -> str:
    """Drop the hyphen from the digit-operator-digit infix ("Llama-3-8B" stays whole)."""
    return pattern.replace("[+\\-\\*^](?=[0-9-])", "[+\\*^](?=[0-9-])")


def _is_unit_or_currency(pattern: str) -> bool:
    """True for default suffixes that split units ("1K" -> "1", "K") or currencies."""
    return pattern.startswith("(?<=[0-9])(?:km|") or pattern.startswith("(?<=[0-9])(?:\\$")


TEXT_KEY = "text"
OFFSETS_KEY = "raw_offsets"


def doc_text(doc: Doc) -> str:
    """The doc's text; kept by the tokenizer because `Doc.text` rebuilds it on every access."""
    text = doc.user_data.get(TEXT_KEY)
    return text if text is not None else doc.text


def doc_words(doc: Doc) -> list[str]:
    """Token texts of a doc, computed once and kept: slices of the text between token
    offsets less the trailing space (no Token objects, which are costly to create)."""
    words = doc.user_data.get("words")
    if words is None or len(words) != len(doc):
        text, starts, spaces = doc_text(doc), doc_starts(doc), doc_spaces(doc)
        ends = map(sub, [*starts[1:], len(text)] if starts else [], spaces)
        words = doc.user_data["words"] = list(map(text.__getitem__, map(slice, starts, ends)))
    return words


def indices_of(tokens: list[str], words: frozenset[str] | set[str]) -> list[int]:
    """Indices of the tokens that are in `words` (the scan runs in C, not a Python loop)."""
    return list(compress(range(len(tokens)), map(words.__contains__, tokens)))


def indices_where(tokens: list[str], test: Callable[[str], object]) -> list[int]:
    """Indices of the tokens that pass `test` (with a C-level test such as a compiled regex's
    `match`, the scan runs in C, not a Python loop)."""
    return list(compress(range(len(tokens)), map(test, tokens)))


def missing_indices(looked_up: list[Any], missing: object = None) -> list[int]:
    """Indices of the entries of a list of memo look-ups that are `missing` (found in C, not
    a Python loop)."""
    return list(compress(range(len(looked_up)), map(is_, looked_up, repeat(missing))))


def doc_spaces(doc: Doc) -> list[int]:
    """1 where a token is followed by a space, computed once and kept."""
    spaces = doc.user_data.get("spaces")
    if spaces is None or len(spaces) != len(doc):
        spaces = doc.user_data["spaces"] = doc.to_array(SPACY).tolist() if len(doc) else []
    return spaces


def doc_lowers(doc: Doc) -> list[str]:
    """Lower-cased token texts of a doc, computed once and kept."""
    lowers = doc.user_data.get("lowers")
    if lowers is None or len(lowers) != len(doc):
        lowers = doc.user_data["lowers"] = list(map(str.lower, doc_words(doc)))
    return lowers


def doc_starts(doc: Doc) -> list[int]:
    """Char offset of every token, computed once and kept (one attribute per `to_array`
    call: asking for two at once is ~20x slower)."""
    starts = doc.user_data.get("starts")
    if starts is None or len(starts) != len(doc):
        starts = doc.user_data["starts"] = doc.to_array(IDX).tolist() if len(doc) else []
    return starts


def sentence_bounds(doc: Doc) -> list[tuple[int, int]]:
    """(first token, end token) of every sentence, from SENT_START (set by the sentencizer)."""
    n = len(doc)
    if not n:
        return []
    heads = numpy.flatnonzero(doc.to_array(SENT_START) == 1).tolist()
    if not heads or heads[0] != 0:
        heads.insert(0, 0)
    return list(zip(heads, [*heads[1:], n], strict=False))


def offset_map(doc: Doc) -> OffsetMap:
    """The map from the doc's (normalised) text back to the raw text it was made from; a doc
    made without normalisation maps to itself."""
    kept = doc.user_data.get(OFFSETS_KEY)
    if kept is None:
        return normalise_identity(doc_text(doc))
    raw, seg_norm, seg_raw_start, seg_raw_end, seg_copy = kept
    return OffsetMap(
        raw,
        doc_text(doc),
        tuple(seg_norm),
        tuple(seg_raw_start),
        tuple(seg_raw_end),
        tuple(seg_copy),
    )


def normalise_identity(text: str) -> OffsetMap:
    """The offset map of a text that was not normalised: one copied segment."""
    return OffsetMap(text, text, (0,), (0,), (len(text),), (True,))


SUFFIX_WINDOW = 64

# spaCy caches at most 10,000 chunks by default, and the lexicon patterns tokenized at
# initialisation fill that before the first abstract: every chunk of every abstract was then
# split by the affix regexes again. An abstract has ~200 distinct chunks and a corpus of 2k
# abstracts ~41k; 100k cached chunks cost a few MB.
MAX_CACHE_SIZE = 100_000


class TailSuffixSearch:
    """A suffix regex searched only in a string's last `window` characters.

    spaCy's tokenizer searches the whole rest of a token for every suffix it strips, which is
    quadratic on a long run of punctuation ("%%%%…", "((((…"); a suffix is never 64
    characters long, so searching the tail finds the same match (positions stay absolute)."""

    def __init__(self, compiled: Any, window: int = SUFFIX_WINDOW) -> None:
        self.compiled = compiled
        self.pattern = compiled.pattern  # spaCy serialises `search.__self__.pattern`
        self.window = window

    def search(self, string: str) -> Any:
        return self.compiled.search(string, max(0, len(string) - self.window))


def tail_suffix_search(tokenizer: Tokenizer) -> None:
    """Make a tokenizer's suffix search look at token tails only (idempotent)."""
    search = tokenizer.suffix_search
    if search is not None and not isinstance(getattr(search, "__self__", None), TailSuffixSearch):
        tokenizer.suffix_search = TailSuffixSearch(search.__self__).search


class AbstractTokenizer:
    """Normalise the input (optional), tokenize it, and keep on the Doc the normalised text
    (`user_data["text"]`) and the plain-valued offset map back to the input
    (`user_data["raw_offsets"]`, read with `offset_map(doc)`)."""

    def __init__(self, tokenizer: Tokenizer, *, normalise_markup: bool = True) -> None:
        self.tokenizer = tokenizer
        self.normalise_markup = normalise_markup

    def __call__(self, text: str) -> Doc:
        if not self.normalise_markup:
            doc = self.tokenizer(text)
            doc.user_data[TEXT_KEY] = text
            return doc
        omap = normalise(text)
        doc = self.tokenizer(omap.text)
        doc.user_data[TEXT_KEY] = omap.text
        doc.user_data[OFFSETS_KEY] = [
            omap.raw,
            list(omap.seg_norm),
            list(omap.seg_raw_start),
            list(omap.seg_raw_end),
            list(omap.seg_copy),
        ]
        return doc

    def pipe(self, texts: Iterable[str], batch_size: int = 1000) -> Iterator[Doc]:
        for text in texts:
            yield self(text)

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        return self.tokenizer.to_bytes(exclude=exclude)

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = ()) -> AbstractTokenizer:
        self.tokenizer.from_bytes(data, exclude=exclude)
        tail_suffix_search(self.tokenizer)
        return self

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        self.tokenizer.to_disk(path, exclude=exclude)

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> AbstractTokenizer:
        self.tokenizer.from_disk(path, exclude=exclude)
        tail_suffix_search(self.tokenizer)
        return self

    def __getattr__(self, name: str) -> Any:
        if name == "tokenizer":  # not yet set (unpickling): no recursion through this method
            raise AttributeError(name)
        return getattr(self.tokenizer, name)


_EMOTICON = regex.compile(r"[^\p{L}\p{N}]*[()\[\]{}:;=<>|/*^_][^\p{L}\p{N}]*")


def _emoticon(case: str) -> bool:
    """True for spaCy's emoticon exceptions ("):", "(:", ":-)"): kept whole they swallow the
    punctuation of "Name (ACRONYM): ..." in scientific text."""
    return len(case) > 1 and _EMOTICON.fullmatch(case) is not None


@spacy.registry.tokenizers("pipeline.abstract_tokenizer.v1")
def create_abstract_tokenizer(
    normalise_markup: bool = True,
    rules: str = RULES,
    abbreviations: str = ABBREVIATIONS,
    max_cache_size: int = MAX_CACHE_SIZE,
) -> Callable[[Language], AbstractTokenizer]:
    """Registered tokenizer for abstracts (`[nlp.tokenizer]` of the config): extra infix and
    suffix regexes from `rules`, full-stop abbreviations kept whole from `abbreviations`, and
    up to `max_cache_size` distinct whitespace-separated chunks kept tokenized."""

    def make(nlp: Language) -> AbstractTokenizer:
        defaults = nlp.Defaults
        extra = read_jsonl(data_path(rules))
        infixes = [_no_digit_hyphen(p) for p in defaults.infixes if not _keeps_hyphens(p)]
        infixes += [r["regex"] for r in extra if r["kind"] == "infix"]
        suffixes = [p for p in defaults.suffixes if not _is_unit_or_currency(p)]
        suffixes += [r["regex"] for r in extra if r["kind"] == "suffix"]
        special = {k: v for k, v in defaults.tokenizer_exceptions.items() if not _emoticon(k)}
        for case in sorted(read_words(data_path(abbreviations))):
            special[case] = [{"ORTH": case}]
        tokenizer = Tokenizer(
            nlp.vocab,
            rules=special,
            prefix_search=compile_prefix_regex(defaults.prefixes).search,
            suffix_search=compile_suffix_regex(suffixes).search,
            infix_finditer=compile_infix_regex(infixes).finditer,
            token_match=defaults.token_match,
            url_match=defaults.url_match,
            max_cache_size=max_cache_size,
        )
        tail_suffix_search(tokenizer)
        return AbstractTokenizer(tokenizer, normalise_markup=normalise_markup)

    return make


def pattern_doc(nlp: Language, text: str) -> Doc:
    """Tokenize a pattern string as written (no markup normalisation), as lexicons need."""
    tokenizer = nlp.tokenizer
    inner = tokenizer.tokenizer if isinstance(tokenizer, AbstractTokenizer) else tokenizer
    return inner(text)
