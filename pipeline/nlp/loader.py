"""Loading the spaCy pipeline from the packaged `config.cfg`."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import spacy
from spacy.language import Language
from thinc.api import Config

from pipeline.resources import read_patterns

CONFIG = Path(str(resources.files("pipeline.nlp") / "config.cfg"))


@spacy.registry.misc("pipeline.packaged_patterns.v1")
def packaged_patterns(path: str) -> list[dict[str, Any]]:
    """SpanRuler/Matcher patterns from a packaged JSONL file, word-list references expanded."""
    return read_patterns(path)


def load_config(overrides: dict[str, Any] | None = None) -> Config:
    """The packaged pipeline config, with dotted-path `overrides` applied."""
    return spacy.util.load_config(CONFIG, overrides=overrides or {})


def build_nlp(overrides: dict[str, Any] | None = None) -> Language:
    """A fresh, initialised pipeline from the packaged config (data files load here)."""
    nlp = spacy.util.load_model_from_config(load_config(overrides), auto_fill=True)
    nlp.initialize()
    return nlp


@cache
def get_nlp() -> Language:
    """The process-wide pipeline, built once or read from the build cache (never pass it to a
    Prefect task)."""
    from pipeline.nlp.build_cache import cache_folder, cache_key, cached_build

    nlp, _ = cached_build(build_nlp, cache_folder(), cache_key())
    return nlp
