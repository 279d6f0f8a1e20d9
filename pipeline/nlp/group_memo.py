"""A per-thread memo of one value read from a doc's span group (the last doc asked about)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from spacy.tokens import Doc, SpanGroup

T = TypeVar("T")


class GroupMemo(Generic[T]):
    """Keeps what `read` made of the last doc's span group while the doc, the group object
    and its length stay the same: the linker asks several times per doc, and each `Span` the
    group hands out is costly. The memo is per thread, so docs processed in threads of one
    process never see each other's values."""

    def __init__(self, read: Callable[[SpanGroup], T]) -> None:
        self._read = read
        self._local = threading.local()

    def __call__(self, doc: Doc, group: SpanGroup) -> T:
        """The value for `group` of `doc`, read again only when the doc or group changed."""
        last = getattr(self._local, "last", None)
        if last is not None and last[0] is doc and last[1] is group and last[2] == len(group):
            return last[3]
        value = self._read(group)
        self._local.last = (doc, group, len(group), value)
        return value
