"""Rule-based extraction of methods, datasets, metrics and results from ML abstracts.

Public surface (heavy modules load on first use, so `python -m pipeline --help` stays fast):
`extract_text` / `extract_texts` (abstracts as strings in, validated Records out),
`run_pipeline` (all stages, no Prefect), `extract_batch` + `get_nlp` (extraction in process),
`audit_file`, `export_records`, the models `Record`, `ErrorRecord`, `Summary`, and the
exception hierarchy rooted at `PipelineError`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

from pipeline.errors import (
    GoldError,
    InputError,
    LexiconError,
    PipelineError,
    RecordError,
)
from pipeline.models import ErrorRecord, Record, Summary

_LAZY = {
    "extract_text": "pipeline.api",
    "extract_texts": "pipeline.api",
    "run_pipeline": "pipeline.run.sequence",
    "extract_batch": "pipeline.record",
    "get_nlp": "pipeline.nlp",
    "audit_file": "pipeline.quality.audit",
    "export_records": "pipeline.io.export",
}


def __getattr__(name: str) -> Any:
    """Load the heavier parts of the public surface on first use."""
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pipeline' has no attribute {name!r}")


__all__ = [
    "ErrorRecord",
    "GoldError",
    "InputError",
    "LexiconError",
    "PipelineError",
    "Record",
    "RecordError",
    "Summary",
    "__version__",
    "audit_file",
    "export_records",
    "extract_batch",
    "extract_text",
    "extract_texts",
    "get_nlp",
    "run_pipeline",
]
