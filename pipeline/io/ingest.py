"""Ingest stage: read seed text files, JSON Lines and CSV (or folders of them) into items."""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import orjson
import regex

from pipeline.errors import InputError
from pipeline.models import ErrorRecord

SUFFIXES = {".txt": "text", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}
MAX_CHARS = 20_000
_BLOCK_SEP = regex.compile(r"\n[ \t\r\f\v]*\n\s*")


@dataclass(frozen=True)
class Fields:
    """Field names of a JSON Lines or CSV export."""

    id: str = "id"
    title: str = "title"
    abstract: str = "abstract"


@dataclass(frozen=True)
class InputItem:
    """One abstract read from a source, with where it came from."""

    path: str
    sha256: str
    format: str
    ordinal: int
    line: int
    text: str
    source_id: str | None = None
    title: str | None = None
    start: int | None = None
    end: int | None = None


Ingested = InputItem | ErrorRecord


def _reject(
    path: Path | str,
    line: int | None,
    ordinal: int | None,
    reason: str,
    source_id: str | None = None,
) -> ErrorRecord:
    """An ingest-stage ErrorRecord naming the file, line and record."""
    return ErrorRecord(
        path=str(path),
        line=line,
        ordinal=ordinal,
        source_id=source_id,
        stage="ingest",
        reason=reason,
    )


def discover(inputs: list[Path]) -> tuple[list[Path], list[ErrorRecord]]:
    """Expand folders into their supported files (sorted); unknown paths become errors."""
    files: list[Path] = []
    errors: list[ErrorRecord] = []
    for path in inputs:
        if path.is_dir():
            files.extend(
                sorted(p for p in path.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file())
            )
        elif path.is_file() and path.suffix.lower() in SUFFIXES:
            files.append(path)
        elif path.is_file():
            errors.append(_reject(path, None, None, f"unsupported file type {path.suffix!r}"))
        else:
            errors.append(_reject(path, None, None, "no such file or folder"))
    return files, errors


def first_undecodable(text: str) -> int | None:
    """Offset of the first byte that was not valid UTF-8 (decoded with surrogateescape)."""
    return next((i for i, ch in enumerate(text) if "\udc80" <= ch <= "\udcff"), None)


def check_text(text: str, max_chars: int) -> str | None:
    """The reason an abstract is unusable, or None."""
    if not text.strip():
        return "empty abstract"
    if len(text) > max_chars:
        return f"abstract is {len(text):,} characters, over the limit of {max_chars:,}"
    if first_undecodable(text) is not None:
        return "invalid UTF-8"
    return None


def read_text_file(path: Path, data: bytes, digest: str, max_chars: int) -> Iterator[Ingested]:
    """Seed format: a one-line header block, then abstracts separated by blank lines."""
    text = data.decode("utf-8", errors="surrogateescape")
    blocks = []
    pos = 0
    for m in _BLOCK_SEP.finditer(text):
        blocks.append((pos, m.start()))
        pos = m.end()
    blocks.append((pos, len(text)))
    blocks = [(s, e) for s, e in blocks if text[s:e].strip()]
    if blocks and "\n" not in text[blocks[0][0] : blocks[0][1]].strip() and len(blocks) > 1:
        first = text[blocks[0][0] : blocks[0][1]].strip()
        if len(first) < 200:
            blocks = blocks[1:]  # the header line names the collection
    for ordinal, (s, e) in enumerate(blocks, start=1):
        raw = text[s:e]
        lead = len(raw) - len(raw.lstrip())
        s, e = s + lead, s + len(raw.rstrip())
        abstract = text[s:e]
        line = text.count("\n", 0, s) + 1
        bad = first_undecodable(abstract)
        if bad is not None:
            line += abstract.count("\n", 0, bad)
        reason = check_text(abstract, max_chars)
        if reason:
            yield _reject(path, line, ordinal, reason)
            continue
        yield InputItem(str(path), digest, "text", ordinal, line, abstract, start=s, end=e)


def _field(obj: dict, name: str) -> str | None:
    value = obj.get(name)
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def parse_json_line(raw: bytes) -> dict | str:
    """The JSON object on a line, or the reason it is unusable."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return "invalid UTF-8"
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        return f"malformed JSON: {exc}"
    return obj if isinstance(obj, dict) else "line is not a JSON object"


def abstract_problem(obj: dict, fields: Fields, max_chars: int) -> str | None:
    """Why a record's abstract field is unusable, or None."""
    abstract = obj.get(fields.abstract)
    if abstract is None:
        return f"missing field {fields.abstract!r}"
    if not isinstance(abstract, str):
        return f"field {fields.abstract!r} is not a string"
    return check_text(abstract, max_chars)


def read_jsonl_file(
    path: Path, data: bytes, digest: str, fields: Fields, max_chars: int
) -> Iterator[Ingested]:
    """One JSON object per line; every non-blank line is one record."""
    ordinal = 0
    for line_no, raw_line in enumerate(data.split(b"\n"), start=1):
        if not raw_line.strip():
            continue
        ordinal += 1
        obj = parse_json_line(raw_line)
        if isinstance(obj, str):
            yield _reject(path, line_no, ordinal, obj)
        else:
            yield _item_from_fields(path, digest, "jsonl", ordinal, line_no, obj, fields, max_chars)


def _item_from_fields(
    path: Path,
    digest: str,
    fmt: str,
    ordinal: int,
    line: int,
    obj: dict,
    fields: Fields,
    max_chars: int,
) -> Ingested:
    """An InputItem from a JSONL object or CSV row, or the ErrorRecord saying why not."""
    source_id = _field(obj, fields.id)
    reason = abstract_problem(obj, fields, max_chars)
    if reason:
        return _reject(path, line, ordinal, reason, source_id)
    return InputItem(
        str(path),
        digest,
        fmt,
        ordinal,
        line,
        obj[fields.abstract],
        source_id=source_id,
        title=_field(obj, fields.title),
    )


def read_csv_file(
    path: Path, data: bytes, digest: str, fields: Fields, max_chars: int
) -> Iterator[Ingested]:
    """CSV with a header row naming the id, title and abstract columns."""
    text = data.decode("utf-8", errors="surrogateescape").lstrip("\ufeff")
    reader = csv.DictReader(io.StringIO(text, newline=""))
    if reader.fieldnames is None or fields.abstract not in reader.fieldnames:
        yield _reject(path, 1, None, f"CSV header has no {fields.abstract!r} column")
        return
    ordinal = 0
    line = 2
    while True:
        ordinal += 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            yield _reject(path, line, ordinal, f"malformed CSV: {exc}")
            break
        if None in row:
            yield _reject(path, line, ordinal, "row has more cells than the header")
        else:
            yield _item_from_fields(path, digest, "csv", ordinal, line, row, fields, max_chars)
        line = reader.line_num + 1


def read_file(
    path: Path, fields: Fields = Fields(), max_chars: int = MAX_CHARS
) -> Iterator[Ingested]:
    """Every record of one file, as InputItem or ErrorRecord, in file order."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from exc
    digest = hashlib.sha256(data).hexdigest()
    fmt = SUFFIXES[path.suffix.lower()]
    if fmt == "text":
        yield from read_text_file(path, data, digest, max_chars)
    elif fmt == "jsonl":
        yield from read_jsonl_file(path, data, digest, fields, max_chars)
    else:
        yield from read_csv_file(path, data, digest, fields, max_chars)


def ingest(
    inputs: list[Path], fields: Fields = Fields(), max_chars: int = MAX_CHARS
) -> tuple[list[InputItem], list[ErrorRecord]]:
    """Read every input path; nothing is dropped: each record is an item or an error."""
    files, errors = discover(inputs)
    items: list[InputItem] = []
    for path in files:
        try:
            for got in read_file(path, fields, max_chars):
                (items if isinstance(got, InputItem) else errors).append(got)
        except InputError as exc:
            errors.append(_reject(exc.path, None, None, exc.reason))
    return items, errors
