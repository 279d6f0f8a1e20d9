"""A batch's work in a worker, and its outcome lines back in the run.

A worker extracts a batch and returns one line per abstract, all in one bytes object (a leaf:
no orchestrator walks it): `R<m> <d> <t> <r>\t<record JSON>` (counts of methods, datasets,
metrics, results) or `E\t<{"stage", "reason"} JSON>`. The run writes those lines to the output
files and the store; a stored line is reused for any input with the same text, its `ordinal`,
`source_id`, `title` and `source` rewritten for where the text was read this time.
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from dataclasses import dataclass

import orjson

from pipeline.io.ingest import InputItem
from pipeline.models import ErrorRecord, Record, SourceRef
from pipeline.nlp import get_nlp
from pipeline.record import extract_batch


def outcome_line(got: Record | ErrorRecord) -> bytes:
    """One abstract's outcome as a line (no newline)."""
    if isinstance(got, Record):
        counts = (len(got.methods), len(got.datasets), len(got.metrics), len(got.results))
        return b"R%d %d %d %d\t" % counts + orjson.dumps(got.model_dump(mode="json"))
    return b"E\t" + orjson.dumps({"stage": got.stage, "reason": got.reason})


def extract_lines(items: Sequence[InputItem]) -> bytes:
    """Extract `items` in this process (spaCy loaded once per process); their outcome lines."""
    return b"\n".join(outcome_line(got) for got in extract_batch(items, get_nlp()))


def extract_pickled(batch: bytes) -> bytes:
    """`extract_lines` of a pickled list of items (a batch sent as one bytes object)."""
    return extract_lines(pickle.loads(batch))


def split_lines(blob: bytes, n: int) -> list[bytes]:
    """The `n` outcome lines of a worker's answer (checked: one per abstract sent)."""
    lines = blob.split(b"\n") if n else []
    if len(lines) != n:
        raise RuntimeError(f"a worker returned {len(lines)} outcomes for {n} abstracts")
    return lines


@dataclass(frozen=True)
class Placed:
    """An outcome placed at its input: the output line and, for a record, its counts."""

    record: bool
    json: bytes
    counts: tuple[int, int, int, int] = (0, 0, 0, 0)


def place(line: bytes, item: InputItem, fresh: bool) -> Placed:
    """The output line of `item` from an outcome line (a reused one is rewritten for `item`)."""
    head, _, body = line.partition(b"\t")
    if head.startswith(b"E"):
        reason = orjson.loads(body)
        error = ErrorRecord(
            path=item.path,
            line=item.line,
            ordinal=item.ordinal,
            source_id=item.source_id,
            stage=reason["stage"],
            reason=reason["reason"],
        )
        return Placed(False, orjson.dumps(error.model_dump(mode="json")))
    m, d, t, r = (int(x) for x in head[1:].split(b" "))
    if not fresh:
        rec = orjson.loads(body)
        source = SourceRef(
            path=item.path,
            sha256=item.sha256,
            format=item.format,
            line=item.line,
            start=item.start,
            end=item.end,
        )
        rec.update(
            ordinal=item.ordinal,
            source_id=item.source_id,
            title=item.title,
            source=source.model_dump(mode="json"),
        )
        body = orjson.dumps(rec)
    return Placed(True, body, (m, d, t, r))
