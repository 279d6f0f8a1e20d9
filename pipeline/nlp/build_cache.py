"""A cache of the built pipeline: a pickle keyed by everything the build depends on.

Building the pipeline from `config.cfg` tokenizes ~5,900 phrase patterns and takes ~0.8 s;
unpickling the built pipeline takes ~0.3 s. A run with a few new abstracts (a scheduled tick)
pays that build in every process that extracts, so the built pipeline is pickled once per
key: the rule and lexicon files and the extraction code (`rules_digest`), the package, spaCy
and Python versions. The folder is `$ABSTRACT_PIPELINE_CACHE`, else
`$XDG_CACHE_HOME/abstract-pipeline`, else `~/.cache/abstract-pipeline`; `off` (or empty)
turns the cache off. A pickle runs code when loaded, so a file is read only when the current
user owns it and nobody else can write it or its folder; a file that cannot be read is
rebuilt, and a folder that cannot be written leaves the build uncached.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import spacy
from spacy.language import Language

from pipeline import __version__
from pipeline.resources import rules_digest

CACHE_ENV = "ABSTRACT_PIPELINE_CACHE"
OFF = ("", "off", "0", "false", "no")
PREFIX = "nlp-"
SUFFIX = ".pickle"


def cache_folder(environ: dict[str, str] | None = None) -> Path | None:
    """Where built pipelines are kept, or None when the cache is off."""
    env = os.environ if environ is None else environ
    if CACHE_ENV in env:
        value = env[CACHE_ENV]
        return None if value.strip().lower() in OFF else Path(value).expanduser()
    base = env.get("XDG_CACHE_HOME") or str(Path("~/.cache").expanduser())
    return Path(base) / "abstract-pipeline"


def cache_key(overrides: dict | None = None) -> str:
    """The key of a build: rules and code, package, spaCy and Python versions, overrides."""
    parts = [rules_digest(), __version__, spacy.__version__, sys.version, repr(overrides)]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:24]


def cache_file(folder: Path, key: str) -> Path:
    """The pickle of the build with `key` in `folder`."""
    return folder / f"{PREFIX}{key}{SUFFIX}"


def trusted(path: Path) -> bool:
    """True when `path` and its folder belong to this user and nobody else can write them."""
    try:
        for item in (path, path.parent):
            info = item.stat()
            if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return False
    except OSError:
        return False
    return True


def load_cached(path: Path) -> Language | None:
    """The pipeline pickled at `path`, or None when it is missing, untrusted or unreadable."""
    if not path.is_file() or not trusted(path):
        return None
    try:
        nlp = pickle.loads(path.read_bytes())
    except Exception:  # a truncated or stale pickle: rebuild and overwrite it
        return None
    return nlp if isinstance(nlp, Language) else None


def save_cached(nlp: Language, path: Path) -> bool:
    """Pickle `nlp` to `path` atomically and drop older builds; False if it cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(pickle.dumps(nlp, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        for old in path.parent.glob(f"{PREFIX}*{SUFFIX}"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        return False
    return True


def cached_build(
    build: Callable[[], Language], folder: Path | None, key: str
) -> tuple[Language, str]:
    """The pipeline from the cache in `folder` (None: no cache) or from `build`, and where it
    came from: "cache", "built and cached", "built" (the cache could not be written) or
    "built, no cache"."""
    if folder is None:
        return build(), "built, no cache"
    path = cache_file(folder, key)
    nlp = load_cached(path)
    if nlp is not None:
        return nlp, "cache"
    nlp = build()
    return nlp, "built and cached" if save_cached(nlp, path) else "built"
