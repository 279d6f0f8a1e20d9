"""Progress reporting hook shared by the CLI and the flow (kept out of flow parameters)."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

PROGRESS: ContextVar[Callable[[int], None] | None] = ContextVar("progress", default=None)
