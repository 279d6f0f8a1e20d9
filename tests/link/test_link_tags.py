"""pipeline.link.tags: the shared result draft, tagged mention and weights."""

import pytest

from pipeline.errors import LexiconError
from pipeline.link.tags import ResultDraft, Tagged, weights


def test_result_draft_starts_without_links():
    draft = ResultDraft(3, 8, 91.5, "%", "score", None, None, 0)
    assert (draft.metric, draft.dataset, draft.method) == (None, None, None)


def test_tagged_mention_is_neither_compared_nor_an_instrument_by_default():
    tag = Tagged(4, 6, 0, 2, "FooNet")
    assert (tag.compared, tag.instrument) == (False, False)


def test_weights_are_plain_values_without_the_doc_entry():
    limits = weights("result_numbers")
    assert set(limits) == {"year_min", "year_max", "min_bare_count"}
    assert all(isinstance(v, int | float) for v in limits.values())


def test_unknown_weights_file_is_an_error():
    with pytest.raises(LexiconError):
        weights("no_such_weights")
