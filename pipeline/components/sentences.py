"""Rule-based sentence boundaries for abstracts ("e.g.", "et al.", decimals never split)."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Token

TERMINALS = frozenset({".", "!", "?", "...", "…"})
CLOSERS = frozenset({")", "]", '"', "'", "”", "’"})


def starts_sentence(prev: Token, tok: Token) -> bool:
    """True when `tok` opens a sentence after the terminal token `prev`."""
    first = tok.text[0]
    return first.isupper() or first.isdigit() or first in "(\"“[" or tok.is_space


class AbstractSentencizer:
    """Split after ., ! or ? (optionally followed by closing brackets) before a capital."""

    def __init__(self, nlp: Language, name: str = "abstract_sentencizer") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        for i, tok in enumerate(doc):
            tok.is_sent_start = i == 0
        seen_terminal = False
        for i in range(1, len(doc)):
            prev, tok = doc[i - 1], doc[i]
            if prev.text in TERMINALS:
                seen_terminal = True
            elif prev.text not in CLOSERS:
                seen_terminal = False
            if seen_terminal and tok.text not in TERMINALS and tok.text not in CLOSERS:
                if starts_sentence(prev, tok):
                    tok.is_sent_start = True
                seen_terminal = False
        return doc


@Language.factory("abstract_sentencizer")
def make_abstract_sentencizer(nlp: Language, name: str) -> AbstractSentencizer:
    """Registered factory for AbstractSentencizer."""
    return AbstractSentencizer(nlp, name)
