"""A phrase ruler over the packaged lexicons: datasets, methods, metrics, generic terms."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import srsly
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.training import Example

from pipeline.errors import NotInitialized
from pipeline.nlp.tokenizer import pattern_doc
from pipeline.resources import LexiconEntry, data_path, read_lexicon, read_tsv

SPANS_KEY = "lexicon"
DEFAULT_BLOCKED = ["lexicons/blocked_surfaces.tsv"]
DEFAULT_FILES = {
    "DATASET": ["lexicons/datasets.tsv", "lexicons/datasets_train.tsv"],
    "METHOD": ["lexicons/methods.tsv"],
    "METRIC": ["lexicons/metrics.tsv", "lexicons/metrics_train.tsv"],
    "GENERIC": ["lexicons/generic.tsv"],
}


def is_case_sensitive(surface: str) -> bool:
    """Names and acronyms match case-sensitively; surfaces with a lower-case word do not
    ("F1-score" also matches "F1-Score"), except short ones."""
    if len(surface) <= 3:
        return True
    words = [w for w in surface.replace("-", " ").split() if w.isalpha() and len(w) >= 3]
    has_lower_word = any(w.islower() for w in words)
    return not has_lower_word


def plural_variants(surface: str) -> list[str]:
    """The surface plus a regular English plural of its last word for lower-case terms."""
    if not surface[-1:].isalpha() or not surface.islower() or surface.endswith("s"):
        return [surface]
    if surface.endswith("y") and not surface.endswith(("ay", "ey", "oy")):
        return [surface, surface[:-1] + "ies"]
    return [surface, surface + "s"]


class LexiconRuler:
    """Mark lexicon surfaces as spans in `doc.spans["lexicon"]`, canonical name as `kb_id_`.

    Entries load in `initialize` from TSV files per label (`files`), less the (label, surface)
    pairs of the `blocked` TSVs; a saved pipeline keeps them (`to_disk`, `to_bytes`).
    """

    def __init__(self, nlp: Language, name: str = "lexicon_ruler") -> None:
        self.name = name
        self.nlp = nlp
        self.entries: list[LexiconEntry] = []
        self._build()

    def initialize(
        self,
        get_examples: Callable[[], Iterable[Example]] | None = None,
        *,
        nlp: Language | None = None,
        files: dict[str, list[str]] | None = None,
        blocked: list[str] | None = None,
    ) -> None:
        """Load the lexicon entries from packaged TSV files."""
        files = DEFAULT_FILES if files is None else files
        blocked = DEFAULT_BLOCKED if blocked is None else blocked
        stop = {(row["label"], row["surface"]) for f in blocked for row in read_tsv(data_path(f))}
        self.entries = [
            e
            for label, names in files.items()
            for fname in names
            for e in read_lexicon(data_path(fname), label)
            if (label, e.surface) not in stop
        ]
        self._build()

    def _build(self) -> None:
        self.exact = PhraseMatcher(self.nlp.vocab, attr="ORTH")
        self.lower = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        self.canonical: dict[tuple[str, str], str] = {}
        for entry in self.entries:
            for surface in plural_variants(entry.surface):
                key = (entry.label, surface if is_case_sensitive(surface) else surface.lower())
                if key in self.canonical:
                    continue
                self.canonical[key] = entry.canonical
                matcher = self.exact if is_case_sensitive(surface) else self.lower
                matcher.add(f"{entry.label}|{key[1]}", [pattern_doc(self.nlp, surface)])

    def __call__(self, doc: Doc) -> Doc:
        if not self.entries:
            raise NotInitialized(self.name)
        spans = []
        for matcher in (self.exact, self.lower):
            for match_id, start, end in matcher(doc):
                label, key = self.nlp.vocab.strings[match_id].split("|", 1)
                spans.append(Span(doc, start, end, label=label, kb_id=self.canonical[(label, key)]))
        doc.spans[SPANS_KEY] = sorted(spans, key=lambda s: (s.start, -len(s)))
        return doc

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        """The loaded entries as JSON."""
        return srsly.json_dumps([e.__dict__ for e in self.entries]).encode("utf-8")

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = ()) -> LexiconRuler:
        """Load entries written by `to_bytes`."""
        self.entries = [LexiconEntry(**row) for row in srsly.json_loads(data)]
        self._build()
        return self

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        """Write the loaded entries as `entries.jsonl` in the folder `path`."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_jsonl(path / "entries.jsonl", [e.__dict__ for e in self.entries])

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> LexiconRuler:
        """Load entries written by `to_disk`."""
        rows = srsly.read_jsonl(Path(path) / "entries.jsonl")
        self.entries = [LexiconEntry(**row) for row in rows]
        self._build()
        return self


@Language.factory("lexicon_ruler", assigns=["doc.spans"], default_config={})
def make_lexicon_ruler(nlp: Language, name: str) -> LexiconRuler:
    """Registered factory for LexiconRuler (entries load in `initialize`)."""
    return LexiconRuler(nlp, name)
