"""Registered spaCy factories: importing this package registers them."""

from pipeline.components import (  # noqa: F401
    acronyms,
    lexicon,
    names,
    numbers,
    sentences,
    tokenizer,
)
