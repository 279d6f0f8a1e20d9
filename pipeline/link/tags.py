"""The shared shapes of the result linkers: a result draft and a tagged name mention."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ResultDraft:
    """A result in normalised char offsets."""

    start: int
    end: int
    value: float
    unit: str | None
    kind: str
    from_value: float | None
    from_span: tuple[int, int] | None
    sentence: int
    metric: str | None = None
    dataset: str | None = None
    method: str | None = None


@dataclass
class Tagged:
    """A mention of a named thing: token span, sentence, clause and the name it resolves to."""

    start: int
    end: int
    sentence: int
    clause: int
    name: str
    compared: bool = False
    instrument: bool = False  # "using UMAP", "with Qwen2.5-7B": a tool, not the result's owner
