"""Exception hierarchy of the pipeline.

PipelineError
├── InputError          a source file or one of its records cannot be read
│   └── RecordError     one record of a readable file is unusable (names file and line)
├── LexiconError        a packaged rule or lexicon file is malformed
│   └── NotInitialized  a rule component runs before its data was loaded
├── GoldError           a gold file for `eval` is malformed
├── OutputLocked        another run is writing the same --out (pipeline.run.outdir)
└── PrefectApiError     the configured Prefect API does not answer (pipeline.run.prefect_env)
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


class NotInitialized(LexiconError):
    """A rule component was called before `nlp.initialize()` loaded its data."""

    def __init__(self, component: str) -> None:
        super().__init__(
            f"component {component!r} has no rules loaded: call nlp.initialize() after "
            "add_pipe, or load a saved pipeline with spacy.load"
        )
        self.component = component


class GoldError(PipelineError):
    """A gold annotation file is malformed."""
