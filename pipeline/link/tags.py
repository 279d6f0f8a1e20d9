"""The shared shapes of the result linkers: a result draft, a tagged name mention, weights."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from pipeline.resources import data_path

if TYPE_CHECKING:
    from pipeline.link.context import DocContext


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


@cache
def weights(name: str) -> dict[str, int | float]:
    """The numbers of `data/weights/NAME.json` by name (each entry holds a value and a doc)."""
    raw = json.loads(data_path(f"weights/{name}.json").read_text(encoding="utf-8"))
    return {k: v["value"] for k, v in raw.items() if not k.startswith("_")}


def cued(ctx: DocContext, labels: tuple[str, ...], start: int, end: int) -> bool:
    """True when a cue span of one of `labels` starts in the token range [start, end)."""
    return any(ctx.cue_list(label, start, end) for label in labels)
