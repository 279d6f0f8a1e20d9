"""Rule-based extraction of methods, datasets, metrics and results from ML abstracts."""

__version__ = "0.1.0"

from pipeline.errors import GoldError, InputError, LexiconError, PipelineError, RecordError
from pipeline.models import ErrorRecord, Record, Summary

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
]
