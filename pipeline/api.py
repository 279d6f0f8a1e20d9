"""Use as a library: extract abstracts given as strings, in this process, without files.

`extract_text(text)` returns the validated Record of one abstract, or raises RecordError
when the text cannot become one (empty, too long, invalid UTF-8, extractor failure).
`extract_texts(texts)` streams one result per input, in input order, never raising for a
bad abstract: a Record, or an ErrorRecord saying why (`ordinal` is the 1-based position).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator

from pipeline.errors import RecordError
from pipeline.io.ingest import MAX_CHARS, InputItem, check_text
from pipeline.models import ErrorRecord, Record

SOURCE = "<text>"
"""The `source.path` of records extracted from strings."""


def _item(text: str, ordinal: int, source_id: str | None, title: str | None) -> InputItem:
    digest = hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()
    return InputItem(
        SOURCE, digest, "text", ordinal, 1, text, source_id, title, start=0, end=len(text)
    )


def extract_texts(
    texts: Iterable[str], *, max_chars: int = MAX_CHARS
) -> Iterator[Record | ErrorRecord]:
    """One Record or ErrorRecord per abstract, lazily and in order (the model loads once)."""
    from pipeline.nlp import get_nlp
    from pipeline.record import extract_batch

    nlp = get_nlp()
    for ordinal, text in enumerate(texts, start=1):
        reason = check_text(text, max_chars)
        if reason is not None:
            yield ErrorRecord(path=SOURCE, line=1, ordinal=ordinal, stage="ingest", reason=reason)
            continue
        yield from extract_batch([_item(text, ordinal, None, None)], nlp)


def extract_text(
    text: str,
    *,
    title: str | None = None,
    source_id: str | None = None,
    max_chars: int = MAX_CHARS,
) -> Record:
    """The validated Record of one abstract; RecordError when it cannot become one."""
    from pipeline.nlp import get_nlp
    from pipeline.record import extract_batch

    reason = check_text(text, max_chars)
    if reason is not None:
        raise RecordError(SOURCE, None, reason)
    (got,) = extract_batch([_item(text, 1, source_id, title)], get_nlp())
    if isinstance(got, ErrorRecord):
        raise RecordError(SOURCE, None, f"{got.stage}: {got.reason}")
    return got
