"""The spaCy side: normalisation, the abstract tokenizer and the registered rule components."""

from pipeline.nlp import (  # noqa: F401  (importing registers the factories)
    acronyms,
    lexicon,
    linker,
    metric_variants,
    names,
    numbers,
    rulers,
    sentences,
    tokenizer,
)
from pipeline.nlp.loader import build_nlp, get_nlp

__all__ = ["build_nlp", "get_nlp"]
