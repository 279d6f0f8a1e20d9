"""All 2,104 real arXiv abstracts run through extraction without an error."""

from pipeline.io.ingest import ingest
from pipeline.models import Record
from pipeline.record import extract_batch
from tests.conftest import shared_file


def test_corpus_extracts_without_errors(nlp):
    items, errors = ingest([shared_file("corpus/arxiv_cs_2025_2026.jsonl")])
    got = list(extract_batch(items, nlp))
    failures = [g for g in got if not isinstance(g, Record)]
    assert errors == [] and failures == [], failures[:3]
    assert len(got) == 2104
    assert sum(len(r.results) for r in got) > 1000
    assert sum(len(r.methods) for r in got) > 2000
