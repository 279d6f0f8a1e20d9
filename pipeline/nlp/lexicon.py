"""The packaged lexicons (datasets, methods, metrics, generic terms) as phrase patterns for
two stock `span_ruler` components, one matching exact case and one lower case."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import regex
import spacy
from spacy.tokens import Doc, Span

from pipeline.nlp.group_memo import GroupMemo
from pipeline.nlp.normalise import normalise
from pipeline.resources import LexiconEntry, data_path, read_lexicon, read_tsv

SPANS_KEY = "lexicon"
DEFAULT_BLOCKED = ["lexicons/blocked_surfaces.tsv"]
DEFAULT_FILES = {
    "DATASET": ["lexicons/datasets.tsv", "lexicons/datasets_train.tsv"],
    "METHOD": ["lexicons/methods.tsv"],
    "METRIC": ["lexicons/metrics.tsv", "lexicons/metrics_train.tsv"],
    "GENERIC": ["lexicons/generic.tsv"],
}


_LETTERS_AND_DIGITS = regex.compile(r"(?=.*\p{L})(?=.*\d)[\p{L}\d]+")
_LETTER_PREFIXED = regex.compile(r"\p{L}-\p{L}{3,}")  # one letter hyphened to a word


def is_case_sensitive(surface: str) -> bool:
    """Names and acronyms match case-sensitively; surfaces with a lower-case word do not
    ("F1-score" also matches "F1-Score"), nor one-token names of letters glued to digits,
    which are no English words ("GSM8K" also matches "GSM8k"), nor a letter hyphened to a word
    ("K-Means" also matches "K-means"); except short ones."""
    if len(surface) <= 3:
        return True
    if " " not in surface and _LETTERS_AND_DIGITS.fullmatch(surface) and len(surface) >= 5:
        return False
    if _LETTER_PREFIXED.match(surface):
        return False  # "K-Means" also matches "K-means", "U-Net" "U-net": no English word
    words = [w for w in surface.replace("-", " ").split() if w.isalpha() and len(w) >= 3]
    has_lower_word = any(w.islower() for w in words)
    return not has_lower_word


def plural_variants(
    surface: str, label: str = "", named: frozenset[str] = frozenset()
) -> list[str]:
    """The surface plus a regular English plural of its last word for lower-case terms, and
    for metrics ending in a lower-case word whose name alone is no surface of `named`:
    "F1-score" -> "F1-scores" (one token: "F1" never matches inside it), "Brier score" ->
    "Brier scores"; not "BLEU score" ("BLEU scores" is a mention of BLEU)."""
    words = surface.split()
    token = words[-1] if words else ""
    name, _, last = token.rpartition("-") if "-" in token else (" ".join(words[:-1]), "", token)
    glued = "-" in token or name not in named
    countable = surface.islower() or (
        label == "METRIC" and glued and len(last) >= 3 and last.islower() and bool(name)
    )
    if label == "METRIC" and 2 <= len(surface) <= 6 and surface.isalpha() and surface.isupper():
        return [surface, surface + "s"]  # "AUCs", "FIDs": one token, "AUC" never matches inside
    if not surface[-1:].isalpha() or not countable or surface.endswith("s"):
        return [surface]
    if surface.endswith("y") and not surface.endswith(("ay", "ey", "oy")):
        return [surface, surface[:-1] + "ies"]
    return [surface, surface + "s"]


def title_plural(surface: str) -> str | None:
    """The plural of a method name of two or more title-case words ("Random Forest" ->
    "Random Forests", "Gaussian Process" -> "Gaussian Processes"): abstracts name the method
    by its plural, and golds name it as written. None for other surfaces."""
    words = surface.split()
    last = words[-1] if words else ""
    if len(words) < 2 or not all(w[:1].isupper() for w in words) or not last.isalpha():
        return None
    if not last[1:].islower() or len(last) < 3:
        return None  # "Mixture of Experts", "Gaussian NB": no regular plural
    if last.endswith(("s", "x", "z", "ch", "sh")):
        return surface + "es"
    if last.endswith("y") and not last.endswith(("ay", "ey", "oy", "uy")):
        return surface[:-1] + "ies"
    return surface + "s"


def hyphen_variants(surface: str) -> list[str]:
    """A lower-case measure of three or four words, also with a hyphen in its modifier:
    "false positive rate" -> "false-positive rate", "root mean square error" -> "root-mean
    square error", "root mean-square error", "root-mean-square error". Not a measure of two
    words: a hyphened "exact-match" modifies a noun ("exact-match verification")."""
    *modifier, head = surface.split(" ")
    if not 2 <= len(modifier) <= 3 or not surface.islower():
        return []
    joined = [
        " ".join(modifier[:i]) + "-" + " ".join(modifier[i:]) for i in range(1, len(modifier))
    ]
    if len(modifier) > 2:
        joined.append("-".join(modifier))
    return [f"{m} {head}" for m in joined]


def read_entries(files: dict[str, list[str]], blocked: list[str]) -> list[LexiconEntry]:
    """Lexicon entries of TSV files per label, less the (label, surface) pairs of `blocked`
    (read once per process: three components of a pipeline build read the same files)."""
    key = (tuple((label, tuple(names)) for label, names in files.items()), tuple(blocked))
    return list(_read_entries(key))


@lru_cache(maxsize=8)
def _read_entries(
    key: tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]],
) -> tuple[LexiconEntry, ...]:
    files, blocked = key
    stop = {(row["label"], row["surface"]) for f in blocked for row in read_tsv(data_path(f))}
    return tuple(
        e
        for label, names in files
        for fname in names
        for e in read_lexicon(data_path(fname), label)
        if (label, e.surface) not in stop
    )


def phrase_patterns(entries: list[LexiconEntry], case: str) -> list[dict[str, Any]]:
    """SpanRuler phrase patterns (label, surface, canonical name as `id`) of the entries whose
    case handling is `case` ("exact" or "lower"); the first entry of a surface wins, and a
    surface that normalisation rewrites ("R²") is left out: normalised text never holds it."""
    seen: set[tuple[str, str]] = set()
    out = []
    metrics = frozenset(e.surface for e in entries if e.label == "METRIC")
    for entry in entries:
        named = [(s, entry.canonical) for s in plural_variants(entry.surface, entry.label, metrics)]
        if entry.label == "METRIC":
            named += [(h, entry.canonical) for s, _ in named for h in hyphen_variants(s)]
        if entry.label == "METHOD" and (plural := title_plural(entry.surface)):
            named.append((plural, plural))  # named as written: "Random Forests"
        for surface, canonical in named:
            exact = is_case_sensitive(surface)
            key = (entry.label, surface if exact else surface.lower())
            if key in seen:
                continue
            seen.add(key)
            if exact == (case == "exact") and normalise(surface).text == surface:
                out.append({"label": entry.label, "pattern": surface, "id": canonical})
    return out


@spacy.registry.misc("pipeline.lexicon_patterns.v1")
def lexicon_patterns(
    case: str, files: dict[str, list[str]] | None = None, blocked: list[str] | None = None
) -> list[dict[str, Any]]:
    """Phrase patterns of the packaged lexicons for the span ruler matching `case`."""
    files = DEFAULT_FILES if files is None else files
    blocked = DEFAULT_BLOCKED if blocked is None else blocked
    return phrase_patterns(read_entries(files, blocked), case)


_SORTED: GroupMemo[tuple[Span, ...]] = GroupMemo(
    lambda group: tuple(sorted(group, key=lambda s: (s.start, -len(s))))
)


def lexicon_spans(doc: Doc) -> tuple[Span, ...]:
    """The lexicon hits of a doc, in text order, longest first at the same start (the exact
    ruler's before the lower-case ruler's); the canonical name is each span's `id_`.

    The linker asks several times per doc: the last doc's sorted spans are kept while its
    span group is the same object with the same length."""
    group = doc.spans.get(SPANS_KEY)
    if group is None:
        return ()
    return _SORTED(doc, group)
