"""The record contract: pydantic v2 models, the single definition of the output."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SCHEMA_VERSION = "1.0"

Role = Literal["proposed", "compared", "used"]
Unit = Literal["%", "x", "points"]
ResultKind = Literal["score", "change", "ratio", "count"]
SourceFormat = Literal["text", "jsonl", "csv"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False)


class Span(_Strict):
    """A stretch of the raw abstract: `text == record.text[start:end]`."""

    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)


class Mention(Span):
    """One occurrence of an entity in the raw abstract."""

    sentence: int = Field(ge=0, description="0-based index into `sentences`")


class Sentence(_Strict):
    """A sentence as raw character offsets."""

    index: int = Field(ge=0)
    start: int = Field(ge=0)
    end: int = Field(ge=0)


class Entity(_Strict):
    """A named method or dataset with every surface form and mention."""

    name: str = Field(description="canonical surface: the long form where an acronym is defined")
    aliases: list[str] = Field(default_factory=list)
    role: Role
    mentions: list[Mention] = Field(min_length=1)


class Metric(_Strict):
    """An evaluation measure: canonical lower-case name plus its mentions."""

    name: str
    mentions: list[Mention] = Field(min_length=1)


class Result(Span):
    """A number that reports an outcome, tied to what it measures."""

    sentence: int = Field(ge=0)
    value: float
    unit: Unit | None
    kind: ResultKind
    from_value: float | None = None
    from_span: Span | None = None
    metric: str | None = None
    dataset: str | None = None
    method: str | None = None


class SourceRef(_Strict):
    """Where a record came from."""

    path: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    format: SourceFormat
    line: int | None = Field(default=None, ge=1, description="1-based first line of the record")
    start: int | None = Field(
        default=None, ge=0, description="text files: char offset of the abstract"
    )
    end: int | None = Field(default=None, ge=0)


class Extractor(_Strict):
    """Which extractor produced the record."""

    name: str
    version: str


class Record(_Strict):
    """One abstract's extraction: every span is checked against `text` on validation."""

    schema_version: str = SCHEMA_VERSION
    doc_id: str = Field(
        pattern=r"^[0-9a-f]{16}$", description="sha256 of the abstract text, 16 hex"
    )
    ordinal: int = Field(ge=1, description="1-based position of the abstract in its input")
    source_id: str | None
    title: str | None = None
    source: SourceRef
    text: str
    sentences: list[Sentence]
    methods: list[Entity]
    datasets: list[Entity]
    metrics: list[Metric]
    results: list[Result]
    extractor: Extractor

    @model_validator(mode="after")
    def _spans_match_text(self) -> Record:
        for span in self.iter_spans():
            if not (0 <= span.start <= span.end <= len(self.text)):
                raise ValueError(f"span {span.start}:{span.end} outside text of {len(self.text)}")
            if self.text[span.start : span.end] != span.text:
                raise ValueError(
                    f"span {span.start}:{span.end} is {self.text[span.start : span.end]!r}, "
                    f"not {span.text!r}"
                )
        n = len(self.sentences)
        for s in self.iter_spans():
            if isinstance(s, Mention | Result) and s.sentence >= n:
                raise ValueError(f"sentence index {s.sentence} >= {n}")
        return self

    def iter_spans(self):
        """Yield every span in the record."""
        for entity in (*self.methods, *self.datasets, *self.metrics):
            yield from entity.mentions
        for result in self.results:
            yield result
            if result.from_span is not None:
                yield result.from_span


class ErrorRecord(_Strict):
    """An input record that could not become a Record, and why."""

    path: str
    line: int | None = None
    ordinal: int | None = None
    source_id: str | None = None
    stage: Literal["ingest", "extract", "validate"]
    reason: str


class Summary(_Strict):
    """The figures of one run; `read == records + errors` always holds."""

    schema_version: str = SCHEMA_VERSION
    inputs: list[str]
    read: int
    records: int
    errors: int
    methods: int
    datasets: int
    metrics: int
    results: int
    extracted: int = Field(default=0, ge=0, description="records extracted by this run")
    reused: int = Field(default=0, ge=0, description="records reused from the store")
    seconds: float = Field(
        description="wall seconds from reading the first input to writing the last record"
        " (with a report, the audit of each record as it is written is included)"
    )
    extractor: Extractor

    @model_validator(mode="after")
    def _reconciles(self) -> Summary:
        if self.read != self.records + self.errors:
            raise ValueError(f"read {self.read} != records {self.records} + errors {self.errors}")
        if self.records != self.extracted + self.reused:
            raise ValueError(
                f"records {self.records} != extracted {self.extracted} + reused {self.reused}"
            )
        return self
