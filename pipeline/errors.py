"""Exception hierarchy of the pipeline.

PipelineError
├── InputError          a source file or one of its records cannot be read
│   └── RecordError     one record of a readable file is unusable (names file and line)
├── LexiconError        a packaged rule or lexicon file is malformed
└── GoldError           a gold file for `eval` is malformed
"""

from __future__ import annotations


class PipelineError(Exception):
    """Base class of every error the pipeline raises on purpose."""


class InputError(PipelineError):
    """A source cannot be read; `path` names it."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class RecordError(InputError):
    """One record of a source is unusable; `line` is its 1-based line in the file."""

    def __init__(
        self, path: str, line: int | None, reason: str, ordinal: int | None = None
    ) -> None:
        where = f"{path}:{line}" if line is not None else path
        PipelineError.__init__(self, f"{where}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason
        self.ordinal = ordinal


class LexiconError(PipelineError):
    """A packaged rule or lexicon file is malformed."""


class GoldError(PipelineError):
    """A gold annotation file is malformed."""
