"""Rule-based sentence boundaries for abstracts ("e.g.", "et al.", decimals never split)."""

from __future__ import annotations

import numpy
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc

from pipeline.components.tokenizer import doc_words

TERMINALS = frozenset({".", "!", "?", "...", "…"})
CLOSERS = frozenset({")", "]", '"', "'", "”", "’"})


def opens_sentence(word: str) -> bool:
    """True when a token after a terminal opens a sentence (capital, digit or bracket)."""
    first = word[0]
    return first.isupper() or first.isdigit() or first in '("“[' or word.isspace()


class AbstractSentencizer:
    """Split after ., ! or ? (optionally followed by closing brackets) before a capital."""

    def __init__(self, nlp: Language, name: str = "abstract_sentencizer") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        starts = sentence_starts(doc_words(doc))
        arr = numpy.asarray(starts, dtype="int64").astype("uint64").reshape(-1, 1)
        if len(doc):
            doc.from_array([SENT_START], arr)
        return doc


def sentence_starts(words: list[str]) -> list[int]:
    """SENT_START values (1 start, -1 inside) for a token list."""
    out = [1 if i == 0 else -1 for i in range(len(words))]
    seen_terminal = False
    for i in range(1, len(words)):
        prev, word = words[i - 1], words[i]
        if prev in TERMINALS:
            seen_terminal = True
        elif prev not in CLOSERS:
            seen_terminal = False
        if seen_terminal and word not in TERMINALS and word not in CLOSERS:
            if opens_sentence(word):
                out[i] = 1
            seen_terminal = False
    return out


@Language.factory("abstract_sentencizer")
def make_abstract_sentencizer(nlp: Language, name: str) -> AbstractSentencizer:
    """Registered factory for AbstractSentencizer."""
    return AbstractSentencizer(nlp, name)
