"""`pattern_ruler`: spaCy's SpanRuler whose phrase patterns are made by the tokenizer alone."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from spacy.language import Language
from spacy.pipeline.factories import register_factories
from spacy.pipeline.span_ruler import PatternType, SpanRuler
from spacy.tokens import Span

register_factories()  # spaCy registers its factories lazily; `span_ruler`'s settings are read


class PatternRuler(SpanRuler):
    """A stock `SpanRuler`, except where its phrase patterns come from.

    `SpanRuler.add_patterns` runs each phrase pattern through every component before the
    ruler. Phrase patterns match on token attributes (`ORTH`, `LOWER`) that only the
    tokenizer sets, so with several rulers in a row the later ones' patterns went through the
    earlier rulers for nothing (about a quarter of building this package's pipeline)."""

    def add_patterns(self, patterns: list[PatternType]) -> None:
        """Add patterns as `SpanRuler` does, phrase patterns tokenized with no component."""
        with self.nlp.select_pipes(enable=[]):
            super().add_patterns(patterns)


SpanFilter = Callable[[Iterable[Span], Iterable[Span]], Iterable[Span]]


@Language.factory(
    "pattern_ruler",
    assigns=["doc.spans"],
    default_config=dict(Language.get_factory_meta("span_ruler").default_config),
)
def make_pattern_ruler(
    nlp: Language,
    name: str,
    spans_key: str | None,
    spans_filter: SpanFilter | None,
    annotate_ents: bool,
    ents_filter: SpanFilter,
    phrase_matcher_attr: int | str | None,
    matcher_fuzzy_compare: Callable,
    validate: bool,
    overwrite: bool,
    scorer: Callable | None,
) -> PatternRuler:
    """A `pattern_ruler` with `span_ruler`'s settings."""
    return PatternRuler(
        nlp,
        name,
        spans_key=spans_key,
        spans_filter=spans_filter,
        annotate_ents=annotate_ents,
        ents_filter=ents_filter,
        phrase_matcher_attr=phrase_matcher_attr,
        matcher_fuzzy_compare=matcher_fuzzy_compare,
        validate=validate,
        overwrite=overwrite,
        scorer=scorer,
    )
