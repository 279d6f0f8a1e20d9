"""Progress and phase hooks shared by the CLI and the flow (kept out of flow parameters)."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

PROGRESS: ContextVar[Callable[[int], None] | None] = ContextVar("progress", default=None)
PHASE: ContextVar[Callable[[str], None] | None] = ContextVar("phase", default=None)

READING, EXTRACTING, WRITING = "reading inputs", "extracting", "writing records"
AUDITING, REPORTING = "auditing", "writing report"


def announce(phase: str) -> None:
    """Tell the phase hook of this context, if any, that `phase` begins."""
    hook = PHASE.get()
    if hook is not None:
        hook(phase)
