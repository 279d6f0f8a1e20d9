"""JSON Schemas generated from the pydantic models (the models are the single definition)."""

from __future__ import annotations

from pathlib import Path

import orjson

from pipeline.models import ErrorRecord, Record, Summary

SCHEMAS = {"record": Record, "error": ErrorRecord, "summary": Summary}


def schema_texts() -> dict[str, bytes]:
    """File name -> JSON Schema text for every published model."""
    out = {}
    for name, model in SCHEMAS.items():
        schema = model.model_json_schema(mode="serialization")
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = f"{name}.schema.json"
        out[f"{name}.schema.json"] = (
            orjson.dumps(schema, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"
        )
    return out


def write_schemas(directory: Path) -> list[Path]:
    """Write every schema into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in schema_texts().items():
        path = directory / name
        path.write_bytes(text)
        paths.append(path)
    return paths
