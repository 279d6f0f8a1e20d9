"""Schwartz-Hearst detection of "long form (SHORT)", "SHORT (long form)" and "SHORT: Long
form," pairs."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from operator import itemgetter

import regex
from spacy.language import Language
from spacy.tokens import Doc

from pipeline.nlp.tokenizer import (
    doc_starts,
    doc_text,
    doc_words,
    indices_of,
    sentence_bounds,
)
from pipeline.resources import VOCAB, named_regex

if not Doc.has_extension("acronyms"):
    Doc.set_extension("acronyms", default=[])

MAX_SHORT_CHARS = 16  # "Damper-B-PINN", "LCB-Pro-Dafny": hyphened short forms run long


@dataclass(frozen=True)
class Acronym:
    """A defined acronym as character offsets into the doc text."""

    short: str
    short_start: int
    short_end: int
    long: str
    long_start: int
    long_end: int


def is_short_form(text: str) -> bool:
    """True for a plausible acronym: 2-16 chars, starts with a letter or a digit ("3DGS", as
    Schwartz-Hearst), holds a capital and at least two letters (three after a digit)."""
    if not 2 <= len(text) <= MAX_SHORT_CHARS or len(text.split()) > 2:
        return False
    if not text[0].isalnum() or not any(c.isupper() for c in text):
        return False
    return sum(c.isalpha() for c in text) >= (2 if text[0].isalpha() else 3)


def spelled_part(short: str) -> str:
    """The part of a short form that its long form spells: less a glued version ("YOLOv8" ->
    YOLO, "DINO-v2" -> DINO) when at least two capitals remain; else the whole."""
    stem = named_regex("glued_version").sub("", short)
    return stem if stem != short and sum(c.isupper() for c in stem) >= 2 else short


def initials_long_form(short: str, long: str) -> int | None:
    """Start index in `long` of the last words whose initials spell an all-letter `short`,
    one word per letter ("Turing Test Network" for TTN), or None."""
    letters = short.lower()
    if not letters.isalpha():
        return None
    words = long.split(" ")
    if len(words) < len(letters):
        return None
    tail = words[len(words) - len(letters) :]
    if all(w[:1].isalpha() and w[0].lower() == c for w, c in zip(tail, letters, strict=True)):
        return len(long) - len(" ".join(tail))
    return _initials_past_function_words(letters, words, long)


def _initials_past_function_words(letters: str, words: list[str], long: str) -> int | None:
    """`initials_long_form` with `long_form_function_words` between the spelling words, not
    first ("Atomic Decomposition and Recombination" for ADR, not "and Recombination")."""
    skip = VOCAB.long_form_function_words
    k, i = len(letters) - 1, len(words) - 1
    while k >= 0 and i >= 0:
        word = words[i]
        if word.lower() in skip and k < len(letters) - 1:
            i -= 1
            continue
        if not word[:1].isalpha() or word[0].lower() != letters[k]:
            return None
        k, i = k - 1, i - 1
    if k >= 0:
        return None
    return len(long) - len(" ".join(words[i + 1 :]))


_REPEATED = regex.compile(r"(?<=\p{L})([2-9])(?=\p{L}|$)")


def repeated_letters(short: str) -> str:
    """A short form with each digit after a letter read as that letter repeated ("R2Q" ->
    RRQ for Residual Refinement Quantization, "A2C" -> AAC); itself when it has none."""
    return _REPEATED.sub(lambda m: m.string[m.start() - 1] * (int(m.group(1)) - 1), short)


def best_long_form(short: str, long: str) -> int | None:
    """Start index in `long` of the suffix whose letters spell `short` (or None): its last
    words when their initials spell it, one word per letter; else the shortest suffix
    (Schwartz-Hearst), which may take two letters from one word ("Test Network" for TTN);
    else the same for its digits read as repeated letters ("R2Q": RRQ)."""
    found = _spelled_suffix(short, long)
    if found is None and (repeated := repeated_letters(short)) != short:
        found = _spelled_suffix(repeated, long)
    return found


def _spelled_suffix(short: str, long: str) -> int | None:
    """`best_long_form` for `short` as written."""
    initials = initials_long_form(short, long)
    if initials is not None:
        return initials
    s_idx, l_idx = len(short) - 1, len(long) - 1
    while s_idx >= 0:
        c = short[s_idx].lower()
        if not c.isalnum():
            s_idx -= 1
            continue
        while l_idx >= 0 and (
            long[l_idx].lower() != c or (s_idx == 0 and l_idx > 0 and long[l_idx - 1].isalnum())
        ):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    return long.rfind(" ", 0, l_idx + 1) + 1


def max_long_words(short: str) -> int:
    """Schwartz-Hearst bound on the long form's length in words."""
    n = sum(c.isalnum() for c in short)
    return min(n + 5, n * 2)


def valid_pair(short: str, long: str) -> bool:
    """Reject pairs where the long form is no longer than, or contains, the short form."""
    words = long.split()
    return (
        len(long) > len(short)
        and short.lower() not in [w.lower() for w in words]
        and len(words) <= max_long_words(short)
        and len(words) >= 1
        and long[0] not in "([{,;:"
    )


@dataclass(frozen=True)
class _Tokens:
    """Token texts, char offsets and sentence bounds of a doc as plain lists."""

    text: str
    words: list[str]
    starts: list[int]
    sentences: list[tuple[int, int]]

    @classmethod
    def of(cls, doc: Doc) -> _Tokens:
        return cls(doc_text(doc), doc_words(doc), doc_starts(doc), sentence_bounds(doc))

    def end(self, i: int) -> int:
        return self.starts[i] + len(self.words[i])


STOP_TOKENS = VOCAB.acronym_window_stops
_OPEN = frozenset("(")
_COLON = frozenset(":")
_COMMA = frozenset(",")


def _window_before(
    toks: _Tokens, sent_start: int, paren_i: int, n_words: int
) -> tuple[int, int] | None:
    """Char span of at most `n_words` tokens before the paren, stopping at punctuation."""
    i = paren_i - 1
    words = 0
    start = None
    while i >= sent_start and words < n_words:
        word = toks.words[i]
        if word in STOP_TOKENS or word.startswith(("http", "www.")):
            break
        start = toks.starts[i]
        words += 1
        i -= 1
    if start is None:
        return None
    return start, toks.end(paren_i - 1)


def find_acronyms(doc: Doc) -> list[Acronym]:
    """All acronym definitions in `doc`, in text order."""
    toks = _Tokens.of(doc)
    found: list[Acronym] = []
    opens = indices_of(toks.words, _OPEN)
    k = 0
    for s_start, s_end in toks.sentences:
        while k < len(opens) and opens[k] < s_end:
            i = opens[k]
            k += 1
            if i < s_start:
                continue
            close = next(
                (j for j in range(i + 1, min(i + 14, s_end)) if toks.words[j] == ")"), None
            )
            if close is None or close == i + 1:
                continue
            inner_start, inner_end = toks.starts[i + 1], toks.end(close - 1)
            inner = toks.text[inner_start:inner_end]
            pair = _long_then_short(toks, s_start, i, inner, inner_start, inner_end)
            pair = pair or _short_then_long(toks, s_start, i, inner, inner_start, inner_end)
            if pair is not None:
                found.append(pair)
    for i in indices_of(toks.words, _COLON):
        pair = _short_colon_long(toks, i)
        if pair is not None:
            found.append(pair)
    for i in indices_of(toks.words, _COMMA):
        pair = _short_appositive_long(toks, i)
        if pair is not None:
            found.append(pair)
    for i in indices_of(toks.words, VOCAB.naming_verbs):
        pair = _long_named_short(toks, i)
        if pair is not None:
            found.append(pair)
    return sorted(found, key=lambda a: a.short_start)


def _long_named_short(toks: _Tokens, verb_i: int) -> Acronym | None:
    """A "Long form, named SHORT" definition ("Dual-Layer Generative Adversarial Networks,
    named DLGAN"): a naming verb after a comma, a short form of two or more capitals right
    after it, and before the comma a long form that spells it."""
    if verb_i < 2 or verb_i + 1 >= len(toks.words) or toks.words[verb_i - 1] != ",":
        return None
    short = toks.words[verb_i + 1]
    if not is_short_form(short) or sum(c.isupper() for c in short) < 2:
        return None
    spelled = spelled_part(short)
    sent_start = toks.sentences[bisect_right(toks.sentences, verb_i, key=itemgetter(0)) - 1][0]
    found = _long_form_before(toks, sent_start, verb_i - 1, spelled)
    if found is None or not found[0][:1].isupper():
        return None
    start = toks.starts[verb_i + 1]
    return Acronym(short, start, start + len(short), *found)


def _long_form_before(
    toks: _Tokens, sent_start: int, end_i: int, spelled: str
) -> tuple[str, int, int] | None:
    """The long form that spells `spelled` in the words before token `end_i` (Schwartz-Hearst
    window), as (text, start char, end char), or None."""
    window = _window_before(toks, sent_start, end_i, max_long_words(spelled))
    if window is None:
        return None
    candidate = toks.text[window[0] : window[1]]
    offset = best_long_form(spelled, candidate)
    if offset is None or not valid_pair(spelled, candidate[offset:]):
        return None
    return candidate[offset:], window[0] + offset, window[1]


def _sentence_end(toks: _Tokens, i: int) -> int:
    """The end token of the sentence holding token i (a binary search: no scan per colon)."""
    k = bisect_right(toks.sentences, i, key=itemgetter(0)) - 1
    return toks.sentences[k][1] if k >= 0 and i < toks.sentences[k][1] else len(toks.words)


def _short_colon_long(toks: _Tokens, colon_i: int) -> Acronym | None:
    """A "SHORT: Long form, ..." definition ("REDS: REward learning from Demonstration with
    Segmentations, a novel ..."): a short form of two or more capitals right before the
    colon, and after it a capitalised run up to the next stop whose letters spell it from
    its first word on."""
    if colon_i < 1:
        return None
    short = toks.words[colon_i - 1]
    if not is_short_form(short) or sum(c.isupper() for c in short) < 2:
        return None
    spelled = spelled_part(short)
    end, last = _sentence_end(toks, colon_i), None
    for j in range(colon_i + 1, min(end, colon_i + 1 + max_long_words(spelled))):
        if toks.words[j] in STOP_TOKENS:
            break
        last = j
    if last is None:
        return None
    start = toks.starts[colon_i + 1]
    long = toks.text[start : toks.end(last)]
    if not long[:1].isupper() or best_long_form(spelled, long) != 0:
        return None
    stopped = last + 1 >= end or toks.words[last + 1] in STOP_TOKENS
    if not valid_pair(spelled, long) or not stopped:
        return None  # the run went on past the longest long form: no definition
    short_start = toks.starts[colon_i - 1]
    return Acronym(short, short_start, short_start + len(short), long, start, toks.end(last))


def _short_appositive_long(toks: _Tokens, comma_i: int) -> Acronym | None:
    """A "SHORT, the Long Form" definition ("VAPT, the Value-Alignment Perception Toolkit,
    for studying ...", "CALM, a joint Contextual ...", "DART, i.e., Dynamic ..."): a short
    form of two or more capitals before the comma, an article or "i.e." after it, at most two
    lower-case words or quotes, then a capitalised run (function words inside it) that ends
    where the next word is no capitalised one and whose letters spell the short form from
    its first word."""
    words = toks.words
    if comma_i < 1 or comma_i + 2 >= len(words):
        return None
    short = words[comma_i - 1]
    if not is_short_form(short) or sum(c.isupper() for c in short) < 2:
        return None
    end, first = _sentence_end(toks, comma_i), comma_i + 1
    if words[first] in VOCAB.restatement_markers:  # "DART, i.e., Dynamic Attention-Guided ..."
        first += 1 + (first + 1 < end and words[first + 1] == ",")
    elif words[first] in _ARTICLES:
        first += 1
    else:
        return None
    nouns = VOCAB.method_heads | VOCAB.dataset_heads | VOCAB.long_form_function_words
    for _ in range(2):  # "a novel", "a joint", 'the "Autoregressive ...' (not "a framework for")
        word = words[first] if first < end else ""
        if word in _QUOTES or (word.isalpha() and word.islower() and word not in nouns):
            first += 1
    spelled = spelled_part(short)
    last = None
    for j in range(first, min(end, first + max_long_words(spelled))):
        if words[j][:1].isupper():
            last = j
        elif words[j] not in VOCAB.long_form_function_words:
            break
    if last is None or not words[first][:1].isupper():
        return None
    if last + 1 < end and words[last + 1][:1].isupper():
        return None  # the run goes on past the longest long form: no definition
    start = toks.starts[first]
    long = toks.text[start : toks.end(last)]
    if best_long_form(spelled, long) != 0 or not valid_pair(spelled, long):
        return None
    short_start = toks.starts[comma_i - 1]
    return Acronym(short, short_start, short_start + len(short), long, start, toks.end(last))


_ARTICLES = frozenset(("a", "an", "the"))
_QUOTES = frozenset(('"', "'", "“", "‘", "``"))


def _long_then_short(
    toks: _Tokens, sent_start: int, paren_i: int, inner: str, s0: int, s1: int
) -> Acronym | None:
    if not is_short_form(inner):
        return None
    found = _long_form_before(toks, sent_start, paren_i, spelled_part(inner))
    return None if found is None else Acronym(inner, s0, s1, *found)


def _short_then_long(
    toks: _Tokens, sent_start: int, paren_i: int, inner: str, s0: int, s1: int
) -> Acronym | None:
    if paren_i == sent_start or len(inner.split()) < 2:
        return None
    prev = toks.words[paren_i - 1]
    if not is_short_form(prev):
        return None
    spelled = spelled_part(prev)
    offset = best_long_form(spelled, inner)
    if offset != 0 or not valid_pair(spelled, inner):
        return None
    start = toks.starts[paren_i - 1]
    return Acronym(prev, start, start + len(prev), inner, s0, s1)


class AcronymDetector:
    """Store every acronym definition of a doc in `doc._.acronyms` as plain dicts."""

    def __init__(self, nlp: Language, name: str = "acronym_detector") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        doc._.acronyms = [dict(a.__dict__) for a in find_acronyms(doc)]  # asdict deep-copies
        return doc


@Language.factory("acronym_detector", requires=["token.is_sent_start"], assigns=["doc._.acronyms"])
def make_acronym_detector(nlp: Language, name: str) -> AcronymDetector:
    """Registered factory for AcronymDetector."""
    return AcronymDetector(nlp, name)
