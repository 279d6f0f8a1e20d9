"""Rule-based sentence boundaries for abstracts ("e.g.", "et al.", decimals never split)."""

from __future__ import annotations

import numpy
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc

from pipeline.nlp.tokenizer import doc_spaces, doc_words, indices_of
from pipeline.resources import VOCAB

TERMINALS = VOCAB.sentence_terminals
CLOSERS = VOCAB.sentence_closers


def opens_sentence(word: str) -> bool:
    """True when a token after a terminal opens a sentence (capital, digit or bracket)."""
    first = word[0]
    return first.isupper() or first.isdigit() or first in '("“[' or word.isspace()


class AbstractSentencizer:
    """Split after ., ! or ? (optionally followed by closing brackets) before a capital."""

    def __init__(self, nlp: Language, name: str = "abstract_sentencizer") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        starts = sentence_starts(doc_words(doc), doc_spaces(doc))
        arr = numpy.asarray(starts, dtype="int64").astype("uint64").reshape(-1, 1)
        if len(doc):
            doc.from_array([SENT_START], arr)
        return doc


def is_spaced_decimal(words: list[str], spaces: list[int] | None, i: int) -> bool:
    """True at the "8" of pre-tokenised "71 . 8": a decimal point written between spaces."""
    return (
        spaces is not None
        and i >= 2
        and words[i - 1] == "."
        and bool(spaces[i - 2])
        and words[i - 2].isdigit()
        and words[i].isdigit()
    )


def sentence_starts(words: list[str], spaces: list[int] | None = None) -> list[int]:
    """SENT_START values (1 start, -1 inside) for a token list; `spaces[i]` is true when
    token i is followed by whitespace. Only the tokens after a terminal (and its closing
    brackets) can open a sentence, so only those are looked at."""
    n = len(words)
    out = [-1] * n
    if n:
        out[0] = 1
    for t in indices_of(words, TERMINALS):
        j = t + 1
        while j < n and not is_spaced_decimal(words, spaces, j):
            word = words[j]
            if word in TERMINALS:
                break  # the next terminal looks on
            if word not in CLOSERS:
                if opens_sentence(word):
                    out[j] = 1
                break
            j += 1
    return out


@Language.factory("abstract_sentencizer", assigns=["token.is_sent_start"])
def make_abstract_sentencizer(nlp: Language, name: str) -> AbstractSentencizer:
    """Registered factory for AbstractSentencizer."""
    return AbstractSentencizer(nlp, name)
