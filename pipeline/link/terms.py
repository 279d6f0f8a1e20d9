"""Term tests shared by the linkers: folding, generic terms, measure names, occurrences."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import pairwise

import regex

from pipeline.resources import VOCAB, data_path, named_regex, read_tsv

_DASHES = regex.compile(r"[\p{Pd}\u2212]")


@lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Case-fold and normalise dashes and whitespace (the scorer's notion of equality;
    memoised)."""
    return " ".join(_DASHES.sub("-", text).casefold().split())


@cache
def generic_terms() -> tuple[frozenset[str], frozenset[str]]:
    """Generic terms: (case-sensitive acronyms, case-folded phrases)."""
    exact, folded = set[str](), set[str]()
    for row in read_tsv(data_path("lexicons/generic.tsv")):
        s = row["surface"]
        (folded if s.islower() else exact).add(s if not s.islower() else fold(s))
    return frozenset(exact), frozenset(folded)


@cache
def generic_classes() -> frozenset[str]:
    """Generic model classes as written (generic.tsv rows of kind `class`: LLM, MoE, GAN)."""
    rows = read_tsv(data_path("lexicons/generic.tsv"))
    return frozenset(r["surface"] for r in rows if r["kind"] == "class")


def ends_in_model_class(name: str) -> bool:
    """True for a multi-word name whose last word is a generic model class, singular or
    plural ("Dynamic Upcycling MoE", "Adversarially Trained PRMs")."""
    words = name.split()
    classes = generic_classes()
    return len(words) > 1 and (words[-1] in classes or words[-1].removesuffix("s") in classes)


@cache
def lexicon_labels() -> dict[str, str]:
    """Surface -> DATASET/METHOD from the packaged lexicons (for names cut out of compounds)."""
    from pipeline.nlp.lexicon import DEFAULT_FILES
    from pipeline.resources import read_lexicon

    out: dict[str, str] = {}
    for label in ("METHOD", "DATASET"):  # a name in both lexicons counts as a dataset
        for name in DEFAULT_FILES[label]:
            for entry in read_lexicon(data_path(name), label):
                out[entry.surface] = label
    return out


@cache
def catalogue_names() -> frozenset[str]:
    """Every name of the field catalogues, also those that never match alone because they
    are common words or short ("DETR", "CLAP", "SWAG"): a name the field knows."""
    return frozenset(
        row["surface"]
        for name in ("lexicons/catalogue_methods.tsv", "lexicons/catalogue_datasets.tsv")
        for row in read_tsv(data_path(name))
    )


@cache
def blocked_as(label: str) -> frozenset[str]:
    """Surfaces that TDMSci train shows are rarely a `label` mention (blocked_surfaces.tsv)."""
    rows = read_tsv(data_path("lexicons/blocked_surfaces.tsv"))
    return frozenset(r["surface"] for r in rows if r["label"] == label)


@cache
def place_names() -> frozenset[str]:
    """Countries and languages as written (lexicons/places.tsv, from pycountry)."""
    return frozenset(r["surface"] for r in read_tsv(data_path("lexicons/places.tsv")))


@cache
def languages() -> frozenset[str]:
    """Language names as written (lexicons/places.tsv rows of kind `language`)."""
    rows = read_tsv(data_path("lexicons/places.tsv"))
    return frozenset(r["surface"] for r in rows if r["kind"] == "language")


@lru_cache(maxsize=1 << 14)
def is_place_or_organisation(name: str) -> bool:
    """A country, language, language pair or world region as written ("Bangladesh",
    "Swahili", "Arabic-English", "East Asia"; not "PaLI"), a publication venue ("ICML
    2021"), or a title-case name headed or led by an organisation word ("Stanford
    University", "Ministry of Health"), or holding one before "of"/"for" ("National
    Institute of Korean Language"); memoised."""
    if is_language_pair(name):
        return True  # "Arabic-English": a translation direction
    words = name.split()
    if len(words) >= 2 and all(w[:1].isupper() for w in words) and words[-1] in languages():
        return True  # "Standard American English": a variety of a language
    if name in place_names() or (
        all(w[:1].isupper() and w[1:].islower() for w in words)
        and name.lower() in VOCAB.region_names
    ):
        return True
    venue = _VENUE_YEAR.fullmatch(name)
    if venue and venue.group("venue") in VOCAB.venue_names:
        return True  # "ICML 2021", "NeurIPS'23": a publication venue
    return is_organisation_name(name)


def is_organisation_name(name: str) -> bool:
    """A name of two or more words headed or led by an organisation word ("Stanford
    University", "Ministry of Health"), or holding one before "of"/"for" ("National
    Institute of Korean Language")."""
    words = name.split()
    if len(words) < 2:
        return False
    heads = VOCAB.organisation_heads
    if words[0] in heads or words[-1] in heads:
        return True
    return any(  # "National Institute of Korean Language", "Allen Institute for AI"
        w in heads and nxt in {"of", "for"} for w, nxt in pairwise(words[1:])
    )


def is_language_pair(name: str) -> bool:
    """Two or more language names joined into a direction ("Arabic-English",
    "Chinese-to-English", "English/French")."""
    parts = named_regex("language_pair_separator").split(name)
    return len(parts) >= 2 and all(p in languages() for p in parts)


_VENUE_YEAR = regex.compile(r"(?P<venue>[A-Za-z]+)(?:\s?[’']?\d{2}|\s\d{4})?")


@lru_cache(maxsize=1 << 16)
def is_generic(text: str) -> bool:
    """True for model classes, fields, tasks and common objects (LLMs, RL, ASR, GPU), and for
    lower-case phrases ending in a `discipline_nouns` word ("computational pathology");
    memoised."""
    exact, folded = generic_terms()
    if text in exact or fold(text) in folded:
        return True
    words = text.split()
    if 2 <= len(words) <= 4 and text.islower() and words[-1] in VOCAB.discipline_nouns:
        return True  # "computational pathology": a field of study
    return is_plural_acronym(text) and text[:-1] in exact


@lru_cache(maxsize=1 << 14)
def is_metric_name(long: str) -> bool:
    """True for long forms headed by a measure word: "Diarization Error Rate" (memoised)."""
    words = long.lower().replace("-", " ").split()
    if " ".join(words[-2:]) in VOCAB.non_measure_phrases:
        return False  # "meta-learning-rate (Meta-LR)": a setting, not a measure
    return bool(words) and words[-1] in VOCAB.metric_heads


def is_property_name(name: str) -> bool:
    """A title-case name of a quality, property or concept ("Formal Validity", "Panoptic
    Quality", "Linear Representation Hypothesis"): two or more capitalised words, the last a
    quality noun or a concept head."""
    words = name.split()
    if len(words) < 2 or not all(w[:1].isupper() for w in words):
        return False
    if is_named_theory(name):
        return False
    if words[-1] in VOCAB.concept_heads:
        return True  # "Linear Representation Hypothesis": a concept, not a method
    last = words[-1].lower()
    return last in VOCAB.property_heads or (
        len(last) > 6
        and last.endswith(tuple(VOCAB.measure_noun_suffixes))
        and last not in VOCAB.not_quality_nouns
    )


def is_named_theory(name: str) -> bool:
    """True for a title-case theory named by two or more words or a hyphened word before its
    head ("Cognitive Load Theory", "Actor-Network Theory"): a method, not a field ("Category
    Theory") or a concept."""
    words = name.split()
    return (
        len(words) >= 2
        and words[-1] in VOCAB.theory_heads
        and all(w[:1].isupper() for w in words)
        and (len(words) >= 3 or "-" in words[0])
    )


def is_task_name(name: str) -> bool:
    """A title-case name of a task: two or more capitalised words, the last a task head
    ("Scene Text Detection", "Script Identification" is not: no task head)."""
    words = name.split()
    if len(words) < 2 or not all(w[:1].isupper() for w in words) or is_named_theory(name):
        return False
    return words[-1].lower() in VOCAB.task_heads


def is_plural_acronym(text: str) -> bool:
    """'LLMs', 'GNNs', 'dLLMs': capitals (after at most one lower-case prefix letter)
    followed by a plural s."""
    core = text[1:-1] if text[:1].islower() else text[:-1]
    return len(core) >= 2 and text.endswith("s") and core.isupper()


def _part_of_longer_name(text: str, end: int) -> bool:
    """True when a hyphenated part with a capital or digit follows ("TPRU" in "TPRU-7B")."""
    if end >= len(text) or text[end] not in "-–":
        return False
    j = end + 1
    while j < len(text) and text[j].isalnum():
        if text[j].isupper() or text[j].isdigit():
            return True
        j += 1
    return False


def occurrences(text: str, lowered: str, surface: str) -> list[tuple[int, int]]:
    """Whole-word occurrences of a surface; lower-case surfaces match any case."""
    needle = " ".join(surface.split())
    hay = lowered if needle.islower() and len(lowered) == len(text) else text
    out = []
    i = hay.find(needle)
    while i != -1:
        e = i + len(needle)
        before_ok = i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
        after_ok = e == len(text) or not (text[e].isalnum() or text[e] == "_")
        if before_ok and after_ok and not _part_of_longer_name(text, e):
            out.append((i, e))
        i = hay.find(needle, i + 1)
    return out
