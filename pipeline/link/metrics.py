"""Metric mentions from the lexicon, filtered by context, grouped by canonical name."""

from __future__ import annotations

from dataclasses import dataclass, field

from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from pipeline.resources import cues


@dataclass
class MetricDraft:
    """A canonical metric and its mentions (char spans)."""

    name: str
    mentions: list[tuple[int, int]] = field(default_factory=list)


def keep_metric(span: Span) -> bool:
    """Reject lexicon hits whose left context makes them something else ("mixed precision")."""
    c = cues()
    doc = span.doc
    prev = doc[span.start - 1].lower_ if span.start > 0 else ""
    canonical = span.kb_id_
    if span.text.lower() == "loss" or span.text.lower() == "losses":
        return prev in c["metric_loss_ok_before"] or not prev.isalpha()
    blocked = c["metric_blocked_before"].get(canonical, [])
    return prev not in blocked


def extract_metrics(doc: Doc, taken: list[tuple[int, int]]) -> list[MetricDraft]:
    """Metric drafts in first-mention order; spans overlapping entity mentions are skipped."""
    spans = [s for s in doc.spans.get("lexicon", []) if s.label_ == "METRIC"]
    by_name: dict[str, MetricDraft] = {}
    for span in filter_spans(spans):
        s, e = span.start_char, span.end_char
        if any(s < te and ts < e for ts, te in taken) or not keep_metric(span):
            continue
        draft = by_name.setdefault(span.kb_id_, MetricDraft(span.kb_id_))
        draft.mentions.append((s, e))
    return list(by_name.values())
