"""A tokenizer for abstracts: keeps hyphenated names whole and splits trailing full stops."""

from __future__ import annotations

from collections.abc import Callable

import spacy
from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc
from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

# Tokens that end in a full stop and never end a sentence.
SPECIAL_CASES = (
    "al.",
    "Fig.",
    "Figs.",
    "Eq.",
    "Eqs.",
    "Sec.",
    "Tab.",
    "cf.",
    "vs.",
    "approx.",
    "resp.",
    "Ref.",
    "Refs.",
    "No.",
    "Nos.",
    "App.",
    "Thm.",
    "Def.",
    "Alg.",
)

EXTRA_INFIXES = (
    r"(?<=[A-Za-z]),(?=[0-9])",  # "models,10"
    r"(?<=[A-Za-z0-9])\)(?=-)",  # "(SDE)-based"
    r"—",  # em dash between words
    r"(?<=[0-9%])→|→(?=[0-9])",  # "26.8%→56.3%"
    r"(?<=[A-Za-z0-9])[=≈](?=[-−+]?\.?[0-9])",  # "F1=88.5"
    r"(?<=[a-z]{2})\((?=[A-Z])",  # "Representation(CIPHER)"
)
EXTRA_SUFFIXES = (
    r"(?<=[0-9][A-Za-z])\.",
    r"(?<=[A-Z][A-Z])\.",
    r"(?<=-[A-Z])\.",
    r"(?<=[a-z][A-Z])\.",
    r"(?<=[0-9])\.",
)


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


def doc_text(doc: Doc) -> str:
    """The doc's text; kept by the tokenizer because `Doc.text` rebuilds it on every access."""
    text = doc.user_data.get(TEXT_KEY)
    return text if text is not None else doc.text


def doc_words(doc: Doc) -> list[str]:
    """Token texts of a doc, computed once and kept (Token objects are costly to create)."""
    words = doc.user_data.get("words")
    if words is None or len(words) != len(doc):
        words = doc.user_data["words"] = [t.text for t in doc]
    return words


def doc_lowers(doc: Doc) -> list[str]:
    """Lower-cased token texts of a doc, computed once and kept."""
    lowers = doc.user_data.get("lowers")
    if lowers is None or len(lowers) != len(doc):
        lowers = doc.user_data["lowers"] = [w.lower() for w in doc_words(doc)]
    return lowers


class TextKeepingTokenizer:
    """Wraps a Tokenizer and keeps the input string in `doc.user_data["text"]`."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer

    def __call__(self, text: str) -> Doc:
        doc = self.tokenizer(text)
        doc.user_data[TEXT_KEY] = text
        return doc

    def pipe(self, texts, batch_size: int = 1000):
        for text in texts:
            yield self(text)

    def __getattr__(self, name: str):
        return getattr(self.tokenizer, name)


@spacy.registry.tokenizers("pipeline.abstract_tokenizer.v1")
def create_abstract_tokenizer() -> Callable[[Language], Tokenizer]:
    """Registered tokenizer factory for abstracts (use in a config's [nlp.tokenizer])."""

    def make(nlp: Language) -> TextKeepingTokenizer:
        defaults = nlp.Defaults
        infixes = [_no_digit_hyphen(p) for p in defaults.infixes if not _keeps_hyphens(p)]
        infixes += list(EXTRA_INFIXES)
        suffixes = [p for p in defaults.suffixes if not _is_unit_or_currency(p)]
        suffixes += list(EXTRA_SUFFIXES)
        rules = dict(defaults.tokenizer_exceptions)
        for case in SPECIAL_CASES:
            rules[case] = [{"ORTH": case}]
        return TextKeepingTokenizer(
            Tokenizer(
                nlp.vocab,
                rules=rules,
                prefix_search=compile_prefix_regex(defaults.prefixes).search,
                suffix_search=compile_suffix_regex(suffixes).search,
                infix_finditer=compile_infix_regex(infixes).finditer,
                token_match=defaults.token_match,
                url_match=defaults.url_match,
            )
        )

    return make
